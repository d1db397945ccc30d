"""Why an action is refused: stable reason codes and their messages.

A :class:`Reason` is a :class:`str` enum whose values are stable snake_case
codes a UI can switch on or store: why the rules refuse an action (an
:class:`~patience_rules.IllegalMoveError`'s :class:`Refusal`), why a text
cannot be read as a move (an :class:`~patience_rules.InvalidNotationError`)
or as a game code (an :class:`~patience_rules.InvalidCodeError`).
:func:`message` gives its text in English (``"en"``) or Hindi (``"hi"``), from
the catalogues of :mod:`patience_rules.locales` (keys ``reason_<code>``); the
Hindi sentences quoted by the source rule descriptions are reproduced
verbatim.

>>> from patience_rules import Reason, message
>>> message(Reason.CARD_BLOCKED, "hi")
'यह पत्ता अवरुद्ध है'
"""

from __future__ import annotations

import enum

import attrs

from patience_rules.errors import PatienceError
from patience_rules.locales import CATALOGUES, text

__all__ = ["LANGUAGES", "Reason", "Refusal", "UnknownLanguageError", "message"]

LANGUAGES = tuple(CATALOGUES)
"""The languages of the messages: English (``"en"``) and Hindi (``"hi"``)."""


class UnknownLanguageError(PatienceError, ValueError):
    """A message was asked for in a language the library does not ship."""


class Reason(str, enum.Enum):
    """Why an action was refused, a notation or a code not read.  The values are stable codes."""

    # Every game.
    GAME_WON = "game_won"
    NOTHING_TO_UNDO = "nothing_to_undo"
    MOVE_LIMIT = "move_limit"
    STOCK_EMPTY = "stock_empty"
    WRONG_RANK = "wrong_rank"
    NOTHING_ON_ACE = "nothing_on_ace"
    # Golf.
    RANK_NOT_ADJACENT = "rank_not_adjacent"
    CARD_BLOCKED = "card_blocked"
    CARD_NOT_ON_BOARD = "card_not_on_board"
    EMPTY_COLUMN = "empty_column"
    NO_MOVES = "no_moves"
    # Forty Thieves.
    WRONG_SUIT = "wrong_suit"
    EMPTY_SOURCE = "empty_source"
    SAME_PILE = "same_pile"
    FOUNDATION_NEEDS_ACE = "foundation_needs_ace"
    FOUNDATION_WRONG_SUIT = "foundation_wrong_suit"
    FOUNDATION_WRONG_RANK = "foundation_wrong_rank"
    FOUNDATION_TO_FOUNDATION = "foundation_to_foundation"
    # Scorpion.
    KING_ONLY_ON_EMPTY = "king_only_on_empty"
    SAME_SUIT_REQUIRED = "same_suit_required"
    FACE_DOWN = "face_down"
    CARD_NOT_IN_PLAY = "card_not_in_play"
    RESERVE_DEALT = "reserve_dealt"
    # Notations that cannot be read (InvalidNotationError), every game.
    NOT_A_MOVE = "not_a_move"
    NOTATION_TOO_LONG = "notation_too_long"
    NOT_A_CARD = "not_a_card"
    NO_SUCH_COLUMN = "no_such_column"
    NO_SUCH_FOUNDATION = "no_such_foundation"
    NO_SUCH_PILE = "no_such_pile"
    WASTE_NOT_A_TARGET = "waste_not_a_target"
    # Game codes that cannot be read (InvalidCodeError).
    INVALID_CODE = "invalid_code"
    CODE_FORM = "code_form"
    CODE_TOO_LONG = "code_too_long"
    UNKNOWN_CODE_PREFIX = "unknown_code_prefix"
    UNKNOWN_VARIANT_LETTER = "unknown_variant_letter"
    DEAL_PART_LENGTH = "deal_part_length"
    NOT_A_CODE_CHARACTER = "not_a_code_character"
    DEAL_NUMBER_OUT_OF_RANGE = "deal_number_out_of_range"
    UNKNOWN_GAME = "unknown_game"
    NOT_A_VARIANT = "not_a_variant"

    def __str__(self) -> str:
        return self.value


def message(reason: Reason, lang: str = "en") -> str:
    """Return the text of *reason* in *lang* (``"en"`` or ``"hi"``).

    Player-safe: a message names no card.

    >>> message(Reason.NO_MOVES)
    'No more moves possible'
    >>> message(Reason.NO_MOVES, "hi")
    'अब कोई चाल संभव नहीं'

    Raises:
        UnknownLanguageError: *lang* is not one of :data:`LANGUAGES`.
        PatienceError: *reason* is not a :class:`Reason`.
    """
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"no messages in language {lang!r} (available: {', '.join(LANGUAGES)})"
        )
    try:
        code = Reason(reason).value
    except (ValueError, TypeError) as error:
        raise PatienceError(f"{reason!r} is not a refusal reason") from error
    return text(f"reason_{code}", lang)


@attrs.frozen
class Refusal:
    """Why an action was refused: a :class:`Reason` and its messages.

    >>> refusal = Refusal(Reason.CARD_BLOCKED)
    >>> refusal.message
    'This card is blocked'
    >>> refusal.message_in("hi")
    'यह पत्ता अवरुद्ध है'
    """

    reason: Reason = attrs.field()

    @reason.validator
    def _check_reason(self, _attribute: object, reason: object) -> None:
        if not isinstance(reason, Reason):
            raise PatienceError(f"{reason!r} is not a refusal reason")

    @property
    def message(self) -> str:
        """The English message."""
        return message(self.reason)

    def message_in(self, lang: str) -> str:
        """The message in *lang* (``"en"`` or ``"hi"``).

        Player-safe: a message names no card.
        """
        return message(self.reason, lang)
