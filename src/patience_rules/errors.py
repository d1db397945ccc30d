"""The exceptions raised by patience_rules.

Every error the library raises on bad input is a :class:`PatienceError`, so
one ``except PatienceError`` guards a whole UI.  Each subclass also derives
from the builtin it refines, so code that expects a :class:`ValueError` keeps
working.  Every error survives :mod:`pickle` and :func:`copy.deepcopy` with its
attributes, so it crosses process pools intact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from patience_rules.reasons import Reason, Refusal


class PatienceError(Exception):
    """The base class of every error raised by patience_rules."""


class InvalidCardError(PatienceError, ValueError):
    """A text does not name a card, e.g. ``"1X"``.

    >>> from patience_rules import Card
    >>> Card.parse("1X")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidCardError: '1X' is not a card: ...
    """


class InvalidCodeError(PatienceError, ValueError):
    """A text is not a valid game code; the message says which part is wrong.

    As on an :class:`InvalidNotationError`, the message (``str(error)``) is
    English and names the part; :attr:`reason` says what is wrong in a code a
    UI can translate with :meth:`message_in`.

    >>> from patience_rules import parse_code
    >>> parse_code("GO1-X-AAAAAAB")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidCodeError: 'GO1-X-AAAAAAB': unknown variant letter 'X' ...
    >>> try:
    ...     parse_code("GO1-E-AAAAAA8")
    ... except InvalidCodeError as error:
    ...     print(error.reason, error.message_in("hi"))
    not_a_code_character खेल के कोड के बँटवारे वाले भाग में केवल A-Z अक्षर और 2-7 अंक होते हैं
    """

    def __init__(self, text: str, reason: Reason | None = None) -> None:
        from patience_rules.reasons import Reason  # noqa: PLC0415 - reasons.py imports this module

        super().__init__(text)
        self.reason: Reason = Reason.INVALID_CODE if reason is None else reason

    def message_in(self, lang: str) -> str:
        """The message of :attr:`reason` in *lang* (``"en"`` or ``"hi"``).

        Player-safe: a message names no card.
        """
        from patience_rules.reasons import message  # noqa: PLC0415 - reasons.py imports this module

        return message(self.reason, lang)


class InvalidNotationError(PatienceError, ValueError):
    """A move is neither a move of this game nor a notation it can read.

    The message (``str(error)``) quotes the input and says what was expected;
    :attr:`reason` says why in a code a UI can translate with
    :meth:`message_in`, as for a refusal.

    >>> from patience_rules import new_game
    >>> try:
    ...     new_game("GO1-E-AAAAAAB").play("x9")
    ... except InvalidNotationError as error:
    ...     print(error)
    ...     print(error.reason, error.message_in("hi"))
    'x9' is not a golf move: expected d, a column 1-7 or a card like 9C
    not_a_move यह इस खेल की चाल नहीं है
    """

    def __init__(self, text: str, reason: Reason | None = None) -> None:
        from patience_rules.reasons import Reason  # noqa: PLC0415 - reasons.py imports this module

        super().__init__(text)
        self.reason: Reason = Reason.NOT_A_MOVE if reason is None else reason

    def message_in(self, lang: str) -> str:
        """The message of :attr:`reason` in *lang* (``"en"`` or ``"hi"``).

        Player-safe: a message names no card.
        """
        from patience_rules.reasons import message  # noqa: PLC0415 - reasons.py imports this module

        return message(self.reason, lang)


class InvalidPositionError(PatienceError, ValueError):
    """A saved position or record is malformed, inconsistent or tampered with.

    The message names the offending field, e.g. ``columns[2][0]``.
    """


class IllegalMoveError(PatienceError, ValueError):
    """A well-formed move that the rules refuse in this position.

    *refusal* tells why; :attr:`refusal` keeps it for the UI, and
    :attr:`reason` and :meth:`message_in` read it as on an
    :class:`InvalidNotationError`.  *detail* names the move.
    """

    def __init__(self, refusal: Refusal, detail: str = "") -> None:
        self.refusal = refusal
        self.detail = detail
        text = refusal.message if not detail else f"{detail}: {refusal.message}"
        super().__init__(text)

    @property
    def reason(self) -> Reason:
        """The refusal's reason code."""
        return self.refusal.reason

    def message_in(self, lang: str) -> str:
        """The refusal's message in *lang* (``"en"`` or ``"hi"``).

        Player-safe: a message names no card.
        """
        return self.refusal.message_in(lang)

    def __reduce__(self) -> tuple[Any, ...]:
        # The arguments are the refusal and the detail, not the message in args.
        return type(self), (self.refusal, self.detail), self.__dict__
