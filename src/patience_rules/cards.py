"""Cards: :class:`Suit`, :class:`Rank`, :class:`Card` and the decks.

>>> from patience_rules import Card
>>> card = Card.parse("10♣")
>>> str(card), card.unicode(), card
('TC', '10♣', Card.parse('TC'))
"""

from __future__ import annotations

import enum
from functools import cache, total_ordering

import attrs

from patience_rules._text import quote
from patience_rules.errors import InvalidCardError

__all__ = ["Card", "Rank", "Suit", "one_deck", "two_decks"]


class Suit(str, enum.Enum):
    """A suit; the value is its letter.  Suits sort in the order C, D, H, S."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The Unicode symbol, one of ♣ ♦ ♥ ♠."""
        return _SYMBOLS[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]

    def __str__(self) -> str:
        return self.value


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


class Rank(enum.IntEnum):
    """A rank, from Ace = 1 to King = 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character form, one of ``A 2 … 9 T J Q K``."""
        return "A23456789TJQK"[self - 1]

    @property
    def label(self) -> str:
        """The display form, one of ``A 2 … 10 J Q K``."""
        return "10" if self is Rank.TEN else self.letter

    def __str__(self) -> str:
        return self.letter


_RANK_WORDS = {rank.letter: rank for rank in Rank} | {"10": Rank.TEN}
_SUIT_WORDS = {suit.value: suit for suit in Suit} | {suit.symbol: suit for suit in Suit}


@total_ordering
@attrs.frozen(repr=False, eq=False)
class Card:
    """A playing card: a :class:`Rank` and a :class:`Suit`.

    Cards are hashable and order by suit, then rank, which is the order of a
    fresh deck (:func:`one_deck`).

    >>> Card(Rank.QUEEN, Suit.HEARTS)
    Card.parse('QH')
    >>> Card.parse("q♥") == Card.parse("QH")
    True

    Raises:
        InvalidCardError: *rank* is not a :class:`Rank` or *suit* not a :class:`Suit`.
    """

    rank: Rank
    suit: Suit
    index: int = attrs.field(init=False, repr=False)
    """Where the card lies in :func:`one_deck`, 0 to 51: a small integer for lookup tables."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise InvalidCardError(
                f"Card({self.rank!r}, {self.suit!r}) is not a card: expected a Rank and a Suit"
            )
        object.__setattr__(self, "index", _SUIT_ORDER[self.suit] * len(Rank) + self.rank - 1)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``AC``, ``10C``, ``TC``, ``A♣``, ``10♣`` or ``q♥``.

        Case and surrounding blanks do not matter.

        Player-safe: it reads the player's own text and no position.

        Raises:
            InvalidCardError: *text* does not name a card.
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"{quote(text)} is not a card: expected a string like 'TC'")
        return _parse(text.strip().upper())

    def unicode(self) -> str:
        """The display form with a suit symbol, e.g. ``10♣``.

        Player-safe: it writes the card it is given.
        """
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.letter + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@cache
def _parse(text: str) -> Card:
    rank = _RANK_WORDS.get(text[:-1])
    suit = _SUIT_WORDS.get(text[-1:])
    if rank is None or suit is None:
        raise InvalidCardError(
            f"{quote(text)} is not a card: expected a rank (A, 2-10, T, J, Q, K) "
            "followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠)"
        )
    return _ONE_DECK[_SUIT_ORDER[suit] * len(Rank) + rank - 1]


def one_deck() -> tuple[Card, ...]:
    """The 52 cards in deck order: clubs, diamonds, hearts, spades, each Ace to King.

    Player-safe: the deck in its fixed order tells nothing of a deal.

    >>> deck = one_deck()
    >>> len(deck), deck[0], deck[-1]
    (52, Card.parse('AC'), Card.parse('KS'))
    """
    return _ONE_DECK


def two_decks() -> tuple[Card, ...]:
    """Two decks, one after the other: 104 cards, each exactly twice.

    Player-safe: the decks in their fixed order tell nothing of a deal.
    """
    return _ONE_DECK + _ONE_DECK


_ONE_DECK = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
