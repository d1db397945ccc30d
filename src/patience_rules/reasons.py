"""Why an action is refused: stable reason codes and their messages.

A :class:`Reason` is a :class:`str` enum whose values are stable snake_case
codes a UI can switch on or store: why the rules refuse an action (an
:class:`~patience_rules.IllegalMoveError`'s :class:`Refusal`) or why a text
cannot be read as a move (an :class:`~patience_rules.InvalidNotationError`).
:func:`message` gives its text in English (``"en"``) or Hindi (``"hi"``); the
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

__all__ = ["LANGUAGES", "Reason", "Refusal", "UnknownLanguageError", "message"]

LANGUAGES = ("en", "hi")
"""The languages of the messages: English and Hindi."""


class UnknownLanguageError(PatienceError, ValueError):
    """A message was asked for in a language the library does not ship."""


class Reason(str, enum.Enum):
    """Why an action was refused or a notation not read.  The values are stable codes."""

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

    def __str__(self) -> str:
        return self.value


_MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.GAME_WON: (
        "The game is over: it is already won",
        "बाज़ी समाप्त हो चुकी है: यह जीती जा चुकी है",
    ),
    Reason.NOTHING_TO_UNDO: (
        "There is nothing left to undo",
        "वापस लेने के लिए कोई चाल नहीं बची है",
    ),
    Reason.MOVE_LIMIT: (
        "The game has reached the most moves a game may have",
        "यह बाज़ी चालों की अधिकतम सीमा तक पहुँच चुकी है",
    ),
    Reason.STOCK_EMPTY: ("The stock is empty", "गड्डी खाली है"),
    Reason.WRONG_RANK: (
        "The card must be exactly one rank lower than the card it goes on",
        "पत्ता जिस पत्ते पर जाए उससे ठीक एक दर्जा कम होना चाहिए",
    ),
    Reason.NOTHING_ON_ACE: (
        "Nothing can be placed on an Ace",
        "इक्के पर कोई पत्ता नहीं रखा जा सकता",
    ),
    Reason.RANK_NOT_ADJACENT: (
        "The rank must be one higher or one lower",
        "दर्जा एक अधिक या एक कम होना चाहिए",
    ),
    Reason.CARD_BLOCKED: ("This card is blocked", "यह पत्ता अवरुद्ध है"),
    Reason.CARD_NOT_ON_BOARD: (
        "This card is not on the board",
        "यह पत्ता बोर्ड पर नहीं है",
    ),
    Reason.EMPTY_COLUMN: ("This column is empty", "यह स्तंभ खाली है"),
    Reason.NO_MOVES: ("No more moves possible", "अब कोई चाल संभव नहीं"),
    Reason.WRONG_SUIT: (
        "The card must be of the same suit as the card it goes on",
        "पत्ता उसी सूट का होना चाहिए जिस पर वह रखा जाए",
    ),
    Reason.EMPTY_SOURCE: ("There is no card to move there", "वहाँ खिसकाने को कोई पत्ता नहीं है"),
    Reason.SAME_PILE: (
        "A card cannot move onto its own pile",
        "पत्ता अपने ही ढेर पर नहीं जा सकता",
    ),
    Reason.FOUNDATION_NEEDS_ACE: (
        "A foundation must start with the Ace of its suit",
        "आधार ढेर अपने सूट के इक्के से ही शुरू होता है",
    ),
    Reason.FOUNDATION_WRONG_SUIT: (
        "This foundation takes only cards of its own suit",
        "इस आधार ढेर पर केवल उसी के सूट के पत्ते जाते हैं",
    ),
    Reason.FOUNDATION_WRONG_RANK: (
        "A foundation is built up in order: the card must be one rank higher than its top card",
        "आधार ढेर क्रम से बनता है: पत्ता उसके ऊपरी पत्ते से ठीक एक दर्जा ऊँचा होना चाहिए",
    ),
    Reason.FOUNDATION_TO_FOUNDATION: (
        "A card cannot move from one foundation to another",
        "पत्ता एक आधार ढेर से दूसरे आधार ढेर पर नहीं जा सकता",
    ),
    Reason.KING_ONLY_ON_EMPTY: (
        "Only a King can go on an empty column",
        "खाली कॉलम पर केवल बादशाह जा सकता है",
    ),
    Reason.SAME_SUIT_REQUIRED: (
        "Rule: cards must be of the same suit",
        "नियम: पत्ते एक ही सूट के होने चाहिए",
    ),
    Reason.FACE_DOWN: (
        "A face-down card cannot be moved",
        "उलटा पत्ता नहीं खिसकाया जा सकता",
    ),
    Reason.CARD_NOT_IN_PLAY: (
        "This card is not on the tableau",
        "यह पत्ता खेल के स्तंभों में नहीं है",
    ),
    Reason.RESERVE_DEALT: (
        "The reserve has already been dealt",
        "बचे हुए पत्ते पहले ही बाँटे जा चुके हैं",
    ),
    Reason.NOT_A_MOVE: ("This is not a move of this game", "यह इस खेल की चाल नहीं है"),
    Reason.NOTATION_TOO_LONG: (
        "This is too long to be a move",
        "यह किसी चाल के लिए बहुत लंबा है",
    ),
    Reason.NOT_A_CARD: ("This is not the name of a card", "यह किसी पत्ते का नाम नहीं है"),
    Reason.NO_SUCH_COLUMN: (
        "There is no column with this number",
        "इस संख्या का कोई स्तंभ नहीं है",
    ),
    Reason.NO_SUCH_FOUNDATION: (
        "There is no foundation with this number",
        "इस संख्या का कोई आधार ढेर नहीं है",
    ),
    Reason.NO_SUCH_PILE: ("There is no pile with this name", "इस नाम का कोई ढेर नहीं है"),
    Reason.WASTE_NOT_A_TARGET: (
        "No card can be moved onto the waste",
        "फेंके गए पत्तों के ढेर पर कोई पत्ता नहीं रखा जा सकता",
    ),
}


def message(reason: Reason, lang: str = "en") -> str:
    """Return the text of *reason* in *lang* (``"en"`` or ``"hi"``).

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
        english, hindi = _MESSAGES[Reason(reason)]
    except (ValueError, TypeError) as error:
        raise PatienceError(f"{reason!r} is not a refusal reason") from error
    return hindi if lang == "hi" else english


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
        """The message in *lang* (``"en"`` or ``"hi"``)."""
        return message(self.reason, lang)
