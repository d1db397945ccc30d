"""The exceptions raised by patience_rules.

Every error the library raises on bad input is a :class:`PatienceError`, so
one ``except PatienceError`` guards a whole UI.  Each subclass also derives
from the builtin it refines, so code that expects a :class:`ValueError` keeps
working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience_rules.reasons import Refusal


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

    >>> from patience_rules import parse_code
    >>> parse_code("GO1-X-AAAAAAB")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidCodeError: 'GO1-X-AAAAAAB': unknown variant letter 'X' ...
    """


class InvalidNotationError(PatienceError, ValueError):
    """A move is neither a move of this game nor a notation it can read.

    >>> from patience_rules import new_game
    >>> new_game("GO1-E-AAAAAAB").play("x9")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidNotationError: 'x9' is not a golf move: ...
    """


class InvalidPositionError(PatienceError, ValueError):
    """A saved position or record is malformed, inconsistent or tampered with.

    The message names the offending field, e.g. ``columns[2][0]``.
    """


class IllegalMoveError(PatienceError, ValueError):
    """A well-formed move that the rules refuse in this position.

    *refusal* tells why; :attr:`refusal` keeps it for the UI.
    """

    def __init__(self, refusal: Refusal, detail: str = "") -> None:
        self.refusal = refusal
        text = refusal.message if not detail else f"{detail}: {refusal.message}"
        super().__init__(text)
