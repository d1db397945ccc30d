"""Reading text typed or sent by a user: bounded, and quoted briefly in messages.

Every game reads notations by the same rules: at most
:data:`MAX_NOTATION_LENGTH` characters, blanks around and letter case ignored,
numbers written with the ASCII digits ``0``–``9`` (leading zeros allowed, so
``02`` is ``2`` in every game).  Text is measured before it is read, so no
input can make :func:`int` work on thousands of digits, and messages quote at
most a short prefix of what they refuse.
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Iterable

from patience_rules.errors import InvalidNotationError
from patience_rules.reasons import Reason

MAX_NOTATION_LENGTH = 32
"""The most characters a move's notation may have, blanks included."""

_QUOTED = 24
"""The most characters of a refused input that a message quotes."""

_LISTED = 6
"""The most items a message lists before it says how many more there are."""


class _ShortRepr(reprlib.Repr):
    """reprlib's short ``repr``, which names a huge integer instead of failing on its digits."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 64:  # as quote() itself
            return f"<an integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_REPR = _ShortRepr()
_REPR.maxstring = _REPR.maxother = _QUOTED
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxlevel = 2


def quote(value: object) -> str:
    """*value* for an error message: its ``repr``, cut short past a few characters.

    >>> quote("9" * 4301)
    "'999999999999999999999999'… (4301 characters)"
    >>> quote(10**5000)
    'an integer of 16610 bits'
    >>> quote([10**5000])
    '[<an integer of 16610 bits>]'
    """
    if isinstance(value, str):
        if len(value) <= _QUOTED:
            return repr(value)
        return f"{value[:_QUOTED]!r}… ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of {value.bit_length()} bits"
    return _REPR.repr(value)


def listing(items: Iterable[str]) -> str:
    """*items* joined by blanks for a message: the first few, then how many more.

    >>> listing(["AS", "2S"])
    'AS 2S'
    >>> listing(str(n) for n in range(100))
    '0 1 2 3 4 5 and 94 more'
    """
    items = list(items)
    shown = " ".join(items[:_LISTED])
    return shown if len(items) <= _LISTED else f"{shown} and {len(items) - _LISTED} more"


def integer(value: object) -> int | None:
    """*value* as a plain :class:`int`, or ``None`` when it is not an integer.

    Only ``int`` itself is taken as it is; anything else that is an integer
    (an ``int`` subclass, NumPy's integers) is converted with
    :func:`operator.index`, so a subclass's own comparisons or arithmetic
    are never used.  A boolean is no integer.

    >>> class Liar(int):
    ...     def __le__(self, other): return True
    >>> integer(Liar(10**9)), integer(7), integer(True), integer(2.0)
    (1000000000, 7, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type] # any object: it raises
    except Exception:  # noqa: BLE001 - whatever a foreign __index__ raises, it is no integer
        return None


def plain_integer(value: object) -> object:
    """*value* as :func:`integer` reads it, or unchanged when it is no integer.

    An attrs converter: the field's validator then refuses what is left.
    """
    number = integer(value)
    return value if number is None else number


def notation(text: object, what: str, reason: Reason = Reason.NOT_A_MOVE) -> str:
    """*text* stripped and lower-cased, once checked to be a short string.

    *what* names what was expected, e.g. ``"golf move"``; *reason* is why a
    text that is not a string is refused.

    Raises:
        InvalidNotationError: *text* is not a string, or is too long to be a notation.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"{quote(text)} is not a {what}: expected a string", reason)
    if len(text) > MAX_NOTATION_LENGTH:
        raise InvalidNotationError(
            f"{quote(text)} is not a {what}: longer than {MAX_NOTATION_LENGTH} characters",
            Reason.NOTATION_TOO_LONG,
        )
    return text.strip().lower()


def number(text: str) -> int | None:
    """The number that *text* (already bounded) writes in ASCII digits, or ``None``.

    >>> number("02"), number("٣"), number("-1"), number("")
    (2, None, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() else None
