"""Forty Thieves: two decks, ten columns, eight foundations built up by suit.

Ten columns of four face-up cards and a stock of 64.  One card moves at a
time: the top card of a column, of the waste or of a foundation.  It goes onto
a column whose top card is of the same suit and exactly one rank higher
(nothing goes on an Ace), into an empty column (any card), or onto a
foundation.  The eight foundations have fixed suits, ♠ ♥ ♦ ♣ ♠ ♥ ♦ ♣ from left
to right, and are built from the Ace up to the King.  Drawing turns the next
stock card onto the waste at any time; the stock is never redealt.  The game
is won when the eight foundations are complete; the library never declares a
game stuck, but :func:`has_legal_moves` tells a UI whether anything is left.

The score depends on the history (a card taken back from a foundation costs
more than it earned), so it is a field of :class:`State`: +10 for a card onto
a foundation, +5 for a card from the waste onto a column, −15 for a card from
a foundation back onto a column, never below 0.

>>> from patience_rules import forty_thieves as ft
>>> state = ft.deal(2)
>>> [str(move) for move in ft.legal_moves(state)]
['d', '2-10', '3-1', '5-f2', '5-f6', '5-2']
>>> state = ft.apply(state, ft.parse_move("5-f2"))
>>> state.foundations[1], state.score
((Card.parse('AH'),), 10)
>>> ft.refusal(state, ft.parse_move("2-f6")).message
'A foundation must start with the Ace of its suit'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard

import attrs

from patience_rules import _drag, _json, _text, piles
from patience_rules._frozen import unfrozen
from patience_rules._rules import PLAYING, WON, Status, expect_state, variant_member
from patience_rules.cards import Card, Rank, Suit, one_deck, two_decks
from patience_rules.errors import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
)
from patience_rules.reasons import Reason, Refusal
from patience_rules.shuffle import deal_seed, shuffled

if TYPE_CHECKING:
    from patience_rules.codes import GameCode
    from patience_rules.game import Game

__all__ = [
    "COLUMNS",
    "FOUNDATIONS",
    "FOUNDATION_SUITS",
    "ROWS",
    "STOCK_SIZE",
    "Column",
    "Draw",
    "Foundation",
    "Move",
    "MoveCard",
    "Pile",
    "State",
    "Target",
    "Variant",
    "Waste",
    "apply",
    "auto_place_move",
    "deal",
    "destinations",
    "double_click_move",
    "drag_move",
    "from_dict",
    "has_legal_moves",
    "is_won",
    "legal_moves",
    "load_position",
    "load_record",
    "new_game",
    "parse_move",
    "parse_pile",
    "refusal",
    "tap_move",
    "to_dict",
    "to_move",
]

COLUMNS = 10
ROWS = 4
FOUNDATIONS = 8
STOCK_SIZE = 64
FOUNDATION_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) * 2
"""The fixed suits of the foundations from left to right, ♠ ♥ ♦ ♣ ♠ ♥ ♦ ♣."""

_RANKS = len(Rank)
_SUITS = len(Suit)
POINTS_TO_FOUNDATION = 10
POINTS_WASTE_TO_COLUMN = 5
POINTS_FOUNDATION_TO_COLUMN = -15


class Variant(str, enum.Enum):
    """Forty Thieves has one rule set."""

    STANDARD = "standard"
    """The only variant (code letter ``N``)."""


def _numbered(kind: str, highest: int) -> Callable[[object, object, int], None]:
    """An attrs validator: a pile number from 1 to *highest*."""
    reason = Reason.NO_SUCH_COLUMN if kind == "column" else Reason.NO_SUCH_FOUNDATION

    def check(_instance: object, _attribute: object, number: int) -> None:
        if type(number) is not int or not 1 <= number <= highest:
            raise InvalidNotationError(
                f"{_text.quote(number)} is not a {kind} number (1-{highest})", reason
            )

    return check


@attrs.frozen
class Waste:
    """The waste: the drawn cards, of which only the top one plays.  Notation ``w``."""

    def __str__(self) -> str:
        return "w"


@attrs.frozen
class Column:
    """Column *number* (1–10, left to right).  Notation: the number, e.g. ``3``."""

    number: int = attrs.field(validator=_numbered("column", COLUMNS))

    def __str__(self) -> str:
        return str(self.number)


@attrs.frozen
class Foundation:
    """Foundation *number* (1–8, left to right; see :data:`FOUNDATION_SUITS`).  Notation ``f2``."""

    number: int = attrs.field(validator=_numbered("foundation", FOUNDATIONS))

    @property
    def suit(self) -> Suit:
        """The only suit this foundation takes."""
        return FOUNDATION_SUITS[self.number - 1]

    def __str__(self) -> str:
        return f"f{self.number}"


Pile = Waste | Column | Foundation
"""A place a card can be taken from."""

Target = Column | Foundation
"""A place a card can go to (never the waste)."""


@attrs.frozen
class Draw:
    """Turn the top stock card onto the waste.  Notation ``d``."""

    def source_pile(self, state: State) -> piles.Pile:
        """The stock.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return piles.STOCK

    def target_pile(self, state: State) -> piles.Pile:
        """The waste.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return piles.WASTE

    def moved_cards(self, state: State) -> tuple[Card, ...]:
        """Nothing: the stock card is face down until the draw is played.

        Player-safe: face-up cards only.
        """
        expect_state(State, state)
        return ()

    def __str__(self) -> str:
        return "d"


def _check_source(_instance: object, _attribute: object, source: Pile) -> None:
    if not isinstance(source, Waste | Column | Foundation):
        raise InvalidNotationError(
            f"{_text.quote(source)} is not a forty thieves pile", Reason.NO_SUCH_PILE
        )


def _check_target(_instance: object, _attribute: object, target: Target) -> None:
    if not isinstance(target, Column | Foundation):
        raise InvalidNotationError(
            f"{_text.quote(target)} is not a place a card can go to: "
            "expected a Column or a Foundation",
            Reason.WASTE_NOT_A_TARGET if isinstance(target, Waste) else Reason.NO_SUCH_PILE,
        )


@attrs.frozen
class MoveCard:
    """Move the top card of *source* onto *target*.  Notation ``SRC-DST``.

    SRC is ``w`` (the waste), ``1``–``10`` (a column) or ``f1``–``f8`` (a
    foundation); DST is a column or a foundation: ``w-5``, ``3-f2``,
    ``f1-3``, ``1-2``.

    >>> move = MoveCard(Column(3), Foundation(2))
    >>> move
    MoveCard(source=Column(number=3), target=Foundation(number=2))
    >>> str(move), parse_move("3-F2") == move
    ('3-f2', True)
    """

    source: Pile = attrs.field(validator=_check_source)
    target: Target = attrs.field(validator=_check_target)

    def source_pile(self, state: State) -> piles.Pile:
        """*source* as a :class:`~patience_rules.piles.Pile`.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return _SHARED[self.source]

    def target_pile(self, state: State) -> piles.Pile:
        """*target* as a :class:`~patience_rules.piles.Pile`.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return _SHARED[self.target]

    def moved_cards(self, state: State) -> tuple[Card, ...]:
        """The top card of *source*, or nothing when it is empty.

        Player-safe: face-up cards only.
        """
        return _cards(expect_state(State, state), self.source)[-1:]

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


Move = Draw | MoveCard
"""Any Forty Thieves action."""


@attrs.frozen
class State:
    """A Forty Thieves position.

    *columns* lists each column's cards deepest first (the last one is on
    top); *stock* the next card to be drawn first; *waste* and *foundations*
    their cards bottom first.  *score* is a field because it depends on how
    the position was reached.  The status follows from the foundations: won
    when all eight are complete, otherwise playing (never stuck).
    """

    game: ClassVar[str] = "forty_thieves"

    variant: Variant
    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    foundations: tuple[tuple[Card, ...], ...]
    score: int = 0

    @property
    def status(self) -> Status:
        """Won when the eight foundations hold Ace to King; otherwise playing."""
        if self.stock or self.waste:  # most of a game, told at once
            return PLAYING
        if list(map(len, self.foundations)).count(_RANKS) == FOUNDATIONS:
            return WON
        return PLAYING

    def __str__(self) -> str:
        def show(cards: tuple[Card, ...]) -> str:
            return " ".join(card.unicode() for card in cards) if cards else "empty"

        lines = [f"stock: {len(self.stock)} cards", f"waste: {show(self.waste)}"]
        lines += [
            f"foundation {number} {suit.symbol}: {show(pile)}"
            for number, (suit, pile) in enumerate(
                zip(FOUNDATION_SUITS, self.foundations, strict=True), 1
            )
        ]
        lines += [
            f"column {number}: {show(column)}" for number, column in enumerate(self.columns, 1)
        ]
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The player's view as SVG, so a notebook shows it (:func:`patience_rules.svg.render`)."""
        from patience_rules import svg  # noqa: PLC0415 - svg imports this module

        return svg.render(self)


_WASTE = Waste()
_COLUMN_PILES = tuple(Column(number) for number in range(1, COLUMNS + 1))
_FOUNDATION_PILES = tuple(Foundation(number) for number in range(1, FOUNDATIONS + 1))
_SOURCES: tuple[Pile, ...] = (_WASTE, *_COLUMN_PILES, *_FOUNDATION_PILES)
_TARGETS: tuple[Target, ...] = (*_FOUNDATION_PILES, *_COLUMN_PILES)
_DRAW = Draw()
_PILE_NAMES = {str(pile): pile for pile in _SOURCES}
_TO_FOUNDATION = tuple(
    tuple(MoveCard(source, target) for target in _FOUNDATION_PILES) for source in _SOURCES[:11]
)
"""``_TO_FOUNDATION[source][f]``: the move from the waste (source 0) or column *source*
onto foundation index *f*, made once."""
_TO_COLUMN = tuple(
    tuple(MoveCard(source, target) for target in _COLUMN_PILES) for source in _SOURCES
)
"""``_TO_COLUMN[source][c]``: the move from source 0 (the waste), 1–10 (a column) or
11–18 (a foundation) onto column index *c*, made once."""
_FOUNDATIONS_FOR = tuple(
    tuple(index for index, suit in enumerate(FOUNDATION_SUITS) if suit is card.suit)
    for card in one_deck()
)
"""``_FOUNDATIONS_FOR[card.index]``: the indices of the two foundations of the card's suit."""
_FOUNDATION_CARDS = tuple(
    tuple(card for card in one_deck() if card.suit is suit) for suit in FOUNDATION_SUITS
)
"""``_FOUNDATION_CARDS[f]``: what foundation index *f* holds when complete, Ace first."""
_EMPTY = -1
"""The top card index :func:`legal_moves` gives an empty pile."""
_NONE = -2
"""No card's index: what a complete foundation takes next, and what goes onto an Ace."""
_ANY = -3
"""What an empty column takes, in :data:`_UNDER`: any card."""
_ONTO = tuple(_NONE if card.rank is Rank.KING else card.index + 1 for card in one_deck())
"""``_ONTO[card.index]``: the index of the top card a column needs to take the card (its suit,
one rank higher), or ``_NONE`` for a King: a card goes onto no Ace, since no card
is one rank below an Ace."""
_UNDER = (
    *(_NONE if card.rank is Rank.ACE else card.index - 1 for card in one_deck()),
    _ANY,
)
"""``_UNDER[top]``: the index of the card a column whose top card has index *top* takes (its
suit, one rank lower), ``_NONE`` on an Ace; ``_UNDER[_EMPTY]``, the last entry, is ``_ANY``."""
_ACES = tuple(Card(Rank.ACE, suit).index for suit in FOUNDATION_SUITS[:_SUITS])
"""The indices of the Aces that foundations 1–4 (and 5–8) take first."""
_ALL_COMPLETE = frozenset({_NONE})
"""What the eight foundations take next once the game is won: nothing."""
_SHARED: dict[Pile, piles.Pile] = {pile: piles.Pile.parse(str(pile)) for pile in _SOURCES}
"""Each pile as the :class:`~patience_rules.piles.Pile` all games share."""
_OWN = {shared: pile for pile, shared in _SHARED.items()}
_PILES = (piles.STOCK, *_SHARED.values())


def deal(number: int, variant: Variant = Variant.STANDARD) -> State:
    """Deal Forty Thieves game *number* (the number an ``FT1`` code encodes).

    The two shuffled decks (see :mod:`patience_rules.shuffle`, prefix ``FT1``,
    starting from :func:`~patience_rules.two_decks`) are laid out in order:
    cards 1–4 are column 1 deepest first, 5–8 column 2, … 37–40 column 10;
    cards 41–104 are the stock, the next card to be drawn first.  The waste
    and the eight foundations start empty, the score at 0.

    Not player-safe: the position holds every card; send its player view.

    >>> state = deal(0)
    >>> len(state.stock), [len(column) for column in state.columns] == [4] * 10
    (64, True)

    Raises:
        InvalidCodeError: *number* or *variant* is out of range.
    """
    cards = shuffled(two_decks(), deal_seed("FT1", number))
    columns = tuple(cards[ROWS * c : ROWS * c + ROWS] for c in range(COLUMNS))
    return State(
        variant_member(Variant, variant), columns, cards[COLUMNS * ROWS :], (), ((),) * FOUNDATIONS
    )


def is_won(state: State) -> bool:
    """Whether the eight foundations hold Ace to King.

    Player-safe: a yes or no that the player view shows too.
    """
    return expect_state(State, state).status is Status.WON


def has_legal_moves(state: State) -> bool:
    """Whether any action is legal.  The library never ends a game by itself: ask this.

    Player-safe: a yes or no that the player view shows too.

    >>> has_legal_moves(deal(1))
    True
    """
    return bool(legal_moves(state))


def legal_moves(state: State) -> tuple[Move, ...]:  # noqa: C901, PLR0912, PLR0915 - the hot path, unrolled
    """Every legal action.

    ``Draw()`` first if the stock has cards; then, for each source in the
    order waste, columns 1–10, foundations 1–8, its moves to foundations
    (left to right), then to columns (left to right).  Empty when won.

    Player-safe: a move names only face-up cards (and piles).
    :func:`~patience_rules.views.player_moves` is the client's form.
    """
    if state.__class__ is not State:
        expect_state(State, state)
    # The hot path of every bot and search, on card indices and unrolled, as the profile asks
    # (docs/performance.md): on Python 3.11 a loop step, a call or a new list costs as much as
    # ten set lookups, so the 19 sources are asked one by one whether anything takes their
    # card, and only those that answer yes are looked at again.
    f0, f1, f2, f3, f4, f5, f6, f7 = state.foundations
    g0 = f0[-1].index if f0 else _EMPTY
    g1 = f1[-1].index if f1 else _EMPTY
    g2 = f2[-1].index if f2 else _EMPTY
    g3 = f3[-1].index if f3 else _EMPTY
    g4 = f4[-1].index if f4 else _EMPTY
    g5 = f5[-1].index if f5 else _EMPTY
    g6 = f6[-1].index if f6 else _EMPTY
    g7 = f7[-1].index if f7 else _EMPTY
    after = _ONTO  # a foundation takes next its top card's successor, as a column needs
    ace0, ace1, ace2, ace3 = _ACES
    needs = (
        after[g0] if f0 else ace0,
        after[g1] if f1 else ace1,
        after[g2] if f2 else ace2,
        after[g3] if f3 else ace3,
        after[g4] if f4 else ace0,
        after[g5] if f5 else ace1,
        after[g6] if f6 else ace2,
        after[g7] if f7 else ace3,
    )
    need = set(needs)  # the cards the foundations take
    if need == _ALL_COMPLETE:
        return ()
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = state.columns
    t0 = c0[-1].index if c0 else _EMPTY
    t1 = c1[-1].index if c1 else _EMPTY
    t2 = c2[-1].index if c2 else _EMPTY
    t3 = c3[-1].index if c3 else _EMPTY
    t4 = c4[-1].index if c4 else _EMPTY
    t5 = c5[-1].index if c5 else _EMPTY
    t6 = c6[-1].index if c6 else _EMPTY
    t7 = c7[-1].index if c7 else _EMPTY
    t8 = c8[-1].index if c8 else _EMPTY
    t9 = c9[-1].index if c9 else _EMPTY
    under = _UNDER
    takes = {  # the cards the columns take, _ANY if one is empty
        under[t0], under[t1], under[t2], under[t3], under[t4],
        under[t5], under[t6], under[t7], under[t8], under[t9],
    }  # fmt: skip
    waste = state.waste
    w = waste[-1].index if waste else _EMPTY
    moves: list[Move] = [_DRAW] if state.stock else []
    cards = (w, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, g0, g1, g2, g3, g4, g5, g6, g7)
    if _ANY in takes:
        return _with_an_empty_column(moves, cards, needs, need, takes)
    sources: list[int] = []  # those whose card a column or a foundation takes
    found = sources.append
    if w in takes or w in need:
        found(0)
    if t0 in takes or t0 in need:
        found(1)
    if t1 in takes or t1 in need:
        found(2)
    if t2 in takes or t2 in need:
        found(3)
    if t3 in takes or t3 in need:
        found(4)
    if t4 in takes or t4 in need:
        found(5)
    if t5 in takes or t5 in need:
        found(6)
    if t6 in takes or t6 in need:
        found(7)
    if t7 in takes or t7 in need:
        found(8)
    if t8 in takes or t8 in need:
        found(9)
    if t9 in takes or t9 in need:
        found(10)
    if g0 in takes:  # foundation to foundation is refused
        found(11)
    if g1 in takes:
        found(12)
    if g2 in takes:
        found(13)
    if g3 in takes:
        found(14)
    if g4 in takes:
        found(15)
    if g5 in takes:
        found(16)
    if g6 in takes:
        found(17)
    if g7 in takes:
        found(18)
    append = moves.append
    tops = [t0, t1, t2, t3, t4, t5, t6, t7, t8, t9]
    for source in sources:
        card = cards[source]
        if source <= COLUMNS and card in need:
            target = _FOUNDATIONS_FOR[card][0]  # and target + _SUITS
            if needs[target] == card:
                append(_TO_FOUNDATION[source][target])
            if needs[target + _SUITS] == card:
                append(_TO_FOUNDATION[source][target + _SUITS])
        if card in takes:  # no column is empty: onto the columns whose top card is onto
            onto = _ONTO[card]
            target = tops.index(onto)
            append(_TO_COLUMN[source][target])
            if tops.count(onto) > 1:  # the other deck's copy: two at most
                append(_TO_COLUMN[source][tops.index(onto, target + 1)])
    return tuple(moves)


def _with_an_empty_column(
    moves: list[Move],
    cards: tuple[int, ...],
    needs: tuple[int, ...],
    need: set[int],
    takes: set[int],
) -> tuple[Move, ...]:
    """:func:`legal_moves`' *moves* with those of every source, when a column is empty.

    *cards* are the top card indices of the 19 sources (waste, columns 1–10, foundations
    1–8), *needs* what each foundation takes, *need* and *takes* what the foundations and
    the columns take (see there).
    """
    append = moves.append
    tops = cards[1 : COLUMNS + 1]
    empty = [target for target, top in enumerate(tops) if top == _EMPTY]
    for source, card in enumerate(cards):
        if card == _EMPTY:
            continue
        if source <= COLUMNS and card in need:  # foundation to foundation is refused
            target = _FOUNDATIONS_FOR[card][0]
            if needs[target] == card:
                append(_TO_FOUNDATION[source][target])
            if needs[target + _SUITS] == card:
                append(_TO_FOUNDATION[source][target + _SUITS])
        to = _TO_COLUMN[source]
        if card in takes:
            onto = _ONTO[card]
            for target, top in enumerate(tops):
                if top == onto or top == _EMPTY:  # noqa: PLR1714, SIM109 - no tuple built per column
                    append(to[target])
        else:
            for target in empty:
                append(to[target])
    return tuple(moves)


def _cards(state: State, pile: Pile) -> tuple[Card, ...]:
    if isinstance(pile, Column):
        return state.columns[pile.number - 1]
    if isinstance(pile, Foundation):
        return state.foundations[pile.number - 1]
    return state.waste


def refusal(state: State, move: Move) -> Refusal | None:
    """Why *move* is refused in *state*, or ``None`` if it is legal.

    The rules are checked in this order: the game is won; the stock is empty
    (for a draw); the source is the target; foundation to foundation; the
    source is empty; then the target's rules — for a foundation its suit,
    its Ace, the next rank; for a column nothing on an Ace, the suit, the
    rank.  A move names a pile, so it always takes the pile's top card: a
    card under another one cannot be named at all.

    Player-safe: a refusal names no card, and is the same for every hidden card.

    >>> refusal(deal(1), parse_move("f1-2")).reason
    <Reason.EMPTY_SOURCE: 'empty_source'>

    Raises:
        InvalidNotationError: *move* is not a Forty Thieves move.
    """
    expect_state(State, state)
    if not isinstance(move, Draw | MoveCard):
        raise InvalidNotationError(f"{_text.quote(move)} is not a forty thieves move")
    if state.status is Status.WON:
        return Refusal(Reason.GAME_WON)
    if isinstance(move, Draw):
        return None if state.stock else Refusal(Reason.STOCK_EMPTY)
    source, target = move.source, move.target
    if source == target:
        return Refusal(Reason.SAME_PILE)
    if isinstance(source, Foundation) and isinstance(target, Foundation):
        return Refusal(Reason.FOUNDATION_TO_FOUNDATION)
    cards = _cards(state, source)
    if not cards:
        return Refusal(Reason.EMPTY_SOURCE)
    return _placement_refusal(cards[-1], _cards(state, target), target)


def _placement_refusal(card: Card, pile: tuple[Card, ...], target: Target) -> Refusal | None:
    """Why *card* cannot go onto *pile*, the cards of *target*, or ``None``."""
    if isinstance(target, Foundation):
        if card.suit is not target.suit:
            return Refusal(Reason.FOUNDATION_WRONG_SUIT)
        if not pile:
            return None if card.rank is Rank.ACE else Refusal(Reason.FOUNDATION_NEEDS_ACE)
        return None if card.rank == pile[-1].rank + 1 else Refusal(Reason.FOUNDATION_WRONG_RANK)
    if not pile:
        return None
    top = pile[-1]
    if top.rank is Rank.ACE:
        return Refusal(Reason.NOTHING_ON_ACE)
    if top.suit is not card.suit:
        return Refusal(Reason.WRONG_SUIT)
    if card.rank + 1 != top.rank:
        return Refusal(Reason.WRONG_RANK)
    return None


def _points(source: Pile, target: Target) -> int:
    if isinstance(target, Foundation):
        return POINTS_TO_FOUNDATION
    if isinstance(source, Foundation):
        return POINTS_FOUNDATION_TO_COLUMN
    if isinstance(source, Waste):
        return POINTS_WASTE_TO_COLUMN
    return 0


def _replace(
    piles: tuple[tuple[Card, ...], ...], index: int, pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """*piles* with pile *index* replaced; the other piles are shared, not copied."""
    return (*piles[:index], pile, *piles[index + 1 :])


_Unfrozen = unfrozen(State)
"""A State whose fields :func:`apply` sets by plain stores (see :mod:`patience_rules._frozen`)."""


def apply(state: State, move: Move) -> State:  # noqa: C901, PLR0912, PLR0915 - the moves of play, inlined
    """The position after *move*, with the score updated and clamped at 0.

    Untouched piles are shared with *state*, not copied.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        IllegalMoveError: the rules refuse *move*; it carries the :class:`~patience_rules.Refusal`.
        InvalidNotationError: *move* is not a Forty Thieves move.
    """
    # The moves of play (a draw while the stock lasts, a card from the waste or a column),
    # the profile's hot path, are decided on card indices without building a refusal: a card
    # in the stock, the waste or a column proves the game not won.  The new State is built
    # field by field on its unfrozen twin, and the columns as a list with one or two columns
    # replaced (docs/performance.md); every other move goes through refusal() below.
    if state.__class__ is State:
        if move.__class__ is MoveCard:
            source, target = move.source, move.target
            columns, waste, foundations = state.columns, state.waste, state.foundations
            kind = source.__class__
            if kind is Column:
                pile = columns[source.number - 1]  # type: ignore[union-attr] # a Column
            elif kind is Waste:
                pile = waste
            else:
                pile = foundations[source.number - 1]  # type: ignore[union-attr] # a Foundation
            if pile:
                card = pile[-1]
                index = target.number - 1
                score, legal = state.score, True
                if target.__class__ is Column:
                    onto = columns[index]
                    # onto no card but its successor, so also not onto its own column; an
                    # empty column takes a card from the waste or a column (which proves the
                    # game not won), one from a foundation only through refusal() below
                    if onto[-1].index == _ONTO[card.index] if onto else kind is not Foundation:
                        changed = list(columns)
                        changed[index] = (*onto, card)
                        if kind is Column:
                            changed[source.number - 1] = pile[:-1]  # type: ignore[union-attr] # a Column
                        elif kind is Waste:
                            waste = waste[:-1]
                            score += POINTS_WASTE_TO_COLUMN
                        else:
                            foundations = _replace(foundations, source.number - 1, pile[:-1])  # type: ignore[union-attr] # a Foundation
                            score = max(0, score + POINTS_FOUNDATION_TO_COLUMN)
                        columns = tuple(changed)
                    else:
                        legal = False
                elif (
                    kind is not Foundation  # foundation to foundation is refused
                    and len(foundations[index]) == card.index % _RANKS
                    and index in _FOUNDATIONS_FOR[card.index]
                ):
                    changed = list(foundations)
                    changed[index] = (*foundations[index], card)
                    foundations = tuple(changed)
                    if kind is Column:
                        columns = _replace(columns, source.number - 1, pile[:-1])  # type: ignore[union-attr] # a Column
                    else:
                        waste = waste[:-1]
                    score += POINTS_TO_FOUNDATION
                else:
                    legal = False
                if legal:
                    new = _Unfrozen()
                    new.variant = state.variant
                    new.columns = columns
                    new.stock = state.stock
                    new.waste = waste
                    new.foundations = foundations
                    new.score = score
                    new.__class__ = State
                    return new  # type: ignore[no-any-return] # a State now
        elif move.__class__ is Draw:
            stock = state.stock
            if stock:
                new = _Unfrozen()
                new.variant = state.variant
                new.columns = state.columns
                new.stock = stock[1:]
                new.waste = state.waste + stock[:1]
                new.foundations = state.foundations
                new.score = state.score
                new.__class__ = State
                return new  # type: ignore[no-any-return] # a State now
    refused = refusal(state, move)
    if refused is not None:
        raise IllegalMoveError(refused, f"forty thieves move {str(move)!r}")
    columns, stock, waste, foundations = state.columns, state.stock, state.waste, state.foundations
    if isinstance(move, Draw):
        return State(
            state.variant, columns, stock[1:], (*waste, stock[0]), foundations, state.score
        )
    source, target = move.source, move.target
    if isinstance(source, Column):
        index = source.number - 1
        card = columns[index][-1]
        columns = _replace(columns, index, columns[index][:-1])
    elif isinstance(source, Foundation):
        index = source.number - 1
        card = foundations[index][-1]
        foundations = _replace(foundations, index, foundations[index][:-1])
    else:
        card = waste[-1]
        waste = waste[:-1]
    index = target.number - 1
    if isinstance(target, Column):
        columns = _replace(columns, index, (*columns[index], card))
    else:
        foundations = _replace(foundations, index, (*foundations[index], card))
    score = max(0, state.score + _points(source, target))
    return State(state.variant, columns, stock, waste, foundations, score)


def parse_pile(text: str) -> Pile:
    """Read a pile's notation: ``w``, ``1``–``10`` or ``f1``–``f8`` (any case).

    Player-safe: it reads the player's own text and no position.

    >>> parse_pile("w"), parse_pile("10"), parse_pile(" F02 ")
    (Waste(), Column(number=10), Foundation(number=2))

    Raises:
        InvalidNotationError: *text* names no pile.
    """
    clean = _text.notation(text, "forty thieves pile", Reason.NO_SUCH_PILE)
    pile = _PILE_NAMES.get(clean)
    if pile is not None:
        return pile
    kind, highest, digits = (
        ("foundation", FOUNDATIONS, clean[1:]) if clean[:1] == "f" else ("column", COLUMNS, clean)
    )
    number = _text.number(digits)
    if number is None:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a forty thieves pile: "
            f"expected w, 1-{COLUMNS} or f1-f{FOUNDATIONS}",
            Reason.NO_SUCH_PILE,
        )
    if not 1 <= number <= highest:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a forty thieves pile: there is no {kind} {number} "
            f"(1-{highest})",
            Reason.NO_SUCH_COLUMN if kind == "column" else Reason.NO_SUCH_FOUNDATION,
        )
    return Foundation(number) if kind == "foundation" else Column(number)


def parse_move(text: str) -> Move:
    """Read a Forty Thieves notation: ``d``, or ``SRC-DST`` such as ``w-5`` or ``3-f2``.

    Player-safe: it reads the player's own text and no position.

    >>> parse_move("d"), parse_move("W-05")
    (Draw(), MoveCard(source=Waste(), target=Column(number=5)))

    Raises:
        InvalidNotationError: *text* is not a move's notation.
    """
    clean = _text.notation(text, "forty thieves move")
    if clean == "d":
        return _DRAW
    parts = clean.split("-")
    if len(parts) != 2:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a forty thieves move: expected d or SRC-DST "
            f"with SRC w, 1-{COLUMNS}, f1-f{FOUNDATIONS}"
        )
    try:
        source, target = parse_pile(parts[0]), parse_pile(parts[1])
    except InvalidNotationError as error:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a forty thieves move: {error}", error.reason
        ) from None
    if isinstance(target, Waste):
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a forty thieves move: "
            "no card can be moved onto the waste",
            Reason.WASTE_NOT_A_TARGET,
        )
    return MoveCard(source, target)


def to_move(state: State, move: object) -> Move:  # noqa: ARG001 - the notation needs no position
    """*move* as a Forty Thieves move: a move object is checked, a string parsed.

    Player-safe: it reads the player's own move and no position.
    """
    if isinstance(move, Draw | MoveCard):
        return move
    if isinstance(move, str):
        return parse_move(move)
    raise InvalidNotationError(f"{_text.quote(move)} is not a forty thieves move")


def _to_pile(source: object) -> Pile:
    if isinstance(source, Waste | Column | Foundation):
        return source
    if isinstance(source, str):
        return parse_pile(source)
    if isinstance(source, piles.Pile) and source in _OWN:
        return _OWN[source]
    raise InvalidNotationError(
        f"{_text.quote(source)} is not a forty thieves pile: expected w, 1-{COLUMNS}, "
        f"f1-f{FOUNDATIONS} or a Waste, Column, Foundation or Pile",
        Reason.NO_SUCH_PILE,
    )


def destinations(state: State, source: Pile | piles.Pile | Card | str) -> tuple[Move, ...]:
    """Every legal move that starts at *source*: the places to highlight on a drag.

    *source* is a pile, this module's or a :class:`~patience_rules.piles.Pile`, or
    its name (``"w"``, ``"3"``, ``"f1"``, ``"s"`` the stock, which gives the
    draw), or a card, which stands for the moves of the top cards of that
    name.  The foundations come first, then the columns, each left to right.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    >>> [str(move) for move in destinations(deal(2), "5")]
    ['5-f2', '5-f6', '5-2']

    Raises:
        InvalidNotationError: *source* is neither a pile nor a card.
    """
    place = _drag.read_source(_shared(source), _PILES, "forty thieves")
    return _drag.moves_from(state, legal_moves(state), place)


def drag_move(
    state: State, source: Pile | piles.Pile | Card | str, target: Target | piles.Pile | str
) -> Move | None:
    """The legal move a drag from *source* onto *target* makes, or ``None``.

    *source* is as for :func:`destinations`; *target* a pile or its name.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    >>> str(drag_move(deal(2), "5", "f6")), drag_move(deal(2), "5", "f1")
    ('5-f6', None)

    Raises:
        InvalidNotationError: *source* or *target* is not a pile (or card).
    """
    place = _drag.read_source(_shared(source), _PILES, "forty thieves")
    pile = _drag.read_target(_shared(target), _PILES, "forty thieves")
    return _drag.move_onto(state, legal_moves(state), place, pile)


def _shared(place: object) -> object:
    """*place*, with this module's pile objects as the :class:`~patience_rules.piles.Pile`."""
    return _SHARED[place] if isinstance(place, Waste | Column | Foundation) else place


def _card_moves(state: State, pile: Pile) -> tuple[MoveCard, ...]:
    """Every legal move of the top card of *pile*, foundations first, each left to right."""
    expect_state(State, state)
    moves = (MoveCard(pile, target) for target in _TARGETS if target != pile)
    return tuple(move for move in moves if refusal(state, move) is None)


def _split(
    state: State, moves: tuple[MoveCard, ...]
) -> tuple[list[MoveCard], list[MoveCard], list[MoveCard]]:
    """*moves* split into those to foundations, to non-empty columns and to empty columns."""
    foundation, built, empty = [], [], []
    for move in moves:
        if isinstance(move.target, Foundation):
            foundation.append(move)
        elif state.columns[move.target.number - 1]:
            built.append(move)
        else:
            empty.append(move)
    return foundation, built, empty


def tap_move(state: State, source: Pile | piles.Pile | str) -> MoveCard | None:
    """Where a tap on the top card of *source* sends it, or ``None``.

    To the leftmost foundation that accepts it.  Only for the waste card, if
    no foundation does: to the leftmost non-empty column that accepts it,
    else to the leftmost empty column.  A tapped column card goes to a
    foundation or nowhere, as the rules state; a tapped foundation card goes
    nowhere (foundation to foundation is refused).  Use
    :func:`double_click_move` for a choice that includes the columns.

    Player-safe: a move names only face-up cards (and piles).

    >>> state = deal(2)
    >>> str(tap_move(state, "5")), tap_move(state, "3")
    ('5-f2', None)

    Raises:
        InvalidNotationError: *source* is not a pile.
    """
    pile = _to_pile(source)
    foundation, built, empty = _split(state, _card_moves(state, pile))
    if foundation:
        return foundation[0]
    if not isinstance(pile, Waste):
        return None
    return next(iter(built + empty), None)


def double_click_move(state: State, source: Pile | piles.Pile | str) -> MoveCard | None:
    """Where a double-click on the top card of *source* sends it, or ``None``.

    To the leftmost foundation that accepts it; else to the longest
    non-empty column that accepts it (ties: the leftmost); else to the
    leftmost empty column.  This holds for every source, so a foundation's
    top card goes back to a column (at −15 points) when one accepts it.

    Player-safe: a move names only face-up cards (and piles).

    >>> str(double_click_move(deal(2), "3"))
    '3-1'

    Raises:
        InvalidNotationError: *source* is not a pile.
    """
    foundation, built, empty = _split(state, _card_moves(state, _to_pile(source)))
    if foundation:
        return foundation[0]
    if built:
        return max(built, key=lambda move: len(state.columns[move.target.number - 1]))
    return next(iter(empty), None)


def auto_place_move(state: State, source: Pile | piles.Pile | str) -> MoveCard | None:
    """Where "auto-place" sends a dropped card: the same choice as :func:`double_click_move`.

    Player-safe: a move names only face-up cards (and piles).

    Raises:
        InvalidNotationError: *source* is not a pile.
    """
    return double_click_move(state, source)


def to_dict(state: State) -> dict[str, Any]:
    """The position as JSON-ready data: the position format of :doc:`/saved-games`.

    Not player-safe: it holds every card; :func:`~patience_rules.views.player_view` is the player's
    form.
    """
    expect_state(State, state)
    return _json.header(state) | {
        "columns": [_json.names(column) for column in state.columns],
        "stock": _json.names(state.stock),
        "waste": _json.names(state.waste),
        "foundations": [_json.names(pile) for pile in state.foundations],
    }


def from_dict(data: Mapping[str, Any]) -> State:
    """Read a position written by :func:`to_dict`, checking everything.

    Checked: the variant; 10 columns, 8 foundations; every one of the 104
    cards exactly twice across all piles; each foundation holds its suit from
    the Ace up, in order; above its 4 dealt cards a column can only have been
    built down by suit; the stock and the waste hold at most 64 cards
    together (the waste only ever receives stock cards); the score is a
    multiple of 5, at most what the foundations and the cards played from the
    waste can earn, and at least what a won or nearly won game must keep; the
    status agrees with the foundations.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        InvalidPositionError: a field is missing, malformed or inconsistent.
    """
    data = _json.position(data, State.game)
    variant = _json.choice(data, "variant", Variant)
    columns = _json.piles(data.get("columns"), "columns", COLUMNS)
    _check_columns(columns)
    stock = _json.cards(data.get("stock"), "stock")
    waste = _json.cards(data.get("waste"), "waste")
    _check_stock_and_waste(stock, waste)
    foundations = _json.piles(data.get("foundations"), "foundations", FOUNDATIONS)
    _check_foundations(foundations)
    _check_deck(columns, stock, waste, foundations)
    score = _json.count(data, "score")
    _check_score_step(score)
    state = State(variant, columns, stock, waste, foundations, score)
    _check_score(state)
    _json.check_equal("status", _json.get(data, "status", str), state.status.value)
    return state


def _from_written(data: object) -> State | None:
    """The position *data* saves when it is exactly what :func:`to_dict` writes, else ``None``.

    Exactly: a dict of ``to_dict``'s keys, its variant and status a ``str``, its score an
    ``int`` of at least 0, its columns and foundations lists of 10 and 8 lists, its stock
    and waste lists, every pile of canonical card names (``"TC"``), and everything
    :func:`from_dict` checks true (the same checks, called in the same order).  Then
    ``from_dict`` reads it as this position (it reads canonical names by the same lookups,
    and the keys are a position's alone, which ``_json.position`` accepts), and ``to_dict``
    writes it back equal: the variant's value and the status that ``from_dict`` compared,
    the score, and each pile's names, canonical, in order.  For a saved undo history
    (:mod:`patience_rules._chain`), which then reads the later positions against *data*
    itself instead of writing this one again (as ``golf._from_written`` and
    ``scorpion._from_written`` do); ``None`` leaves it to ``from_dict`` and ``to_dict``.
    """
    if type(data) is not dict or data.keys() != _WRITTEN_KEYS:
        return None
    try:
        value, score, status = data["variant"], data["score"], data["status"]
        saved_columns, saved_foundations = data["columns"], data["foundations"]
        if (
            value.__class__ is not str
            or score.__class__ is not int
            or status.__class__ is not str
            or saved_columns.__class__ is not list
            or len(saved_columns) != COLUMNS
            or saved_foundations.__class__ is not list
            or len(saved_foundations) != FOUNDATIONS
        ):
            return None
        variant = _VARIANTS[value]
        # Each pile as _json.piles reads a canonical one (a KeyError for any other name).
        columns = tuple([_written_pile(pile) for pile in saved_columns])
        stock, waste = _written_pile(data["stock"]), _written_pile(data["waste"])
        foundations = tuple([_written_pile(pile) for pile in saved_foundations])
        _check_columns(columns)
        _check_stock_and_waste(stock, waste)
        _check_foundations(foundations)
        _check_deck(columns, stock, waste, foundations)
        if score < 0:
            return None
        _check_score_step(score)
        state = State(variant, columns, stock, waste, foundations, score)
        _check_score(state)
    except (KeyError, TypeError, InvalidPositionError):  # not as written, or refused
        return None
    return state if status == state.status._value_ else None


def _written_pile(pile: object) -> tuple[Card, ...]:
    """*pile*'s cards if it is a list of canonical names (as ``_json.canonical`` reads it).

    Raises:
        KeyError: *pile* is no list of at most 104 canonical names.
    """
    if pile.__class__ is not list or len(pile) > _json.MOST_CARDS:
        raise KeyError(pile)
    return tuple(map(_CARD_NAMED, pile))


_VARIANTS: Mapping[object, Variant] = Variant._value2member_map_  # type: ignore[assignment] # members
"""Each :class:`Variant` by its value, as ``_json.choice`` looks a string up."""
_CARD_NAMED = _json.BY_NAME.__getitem__
_WRITTEN_KEYS = frozenset(
    {"variant", "score", "status", "columns", "stock", "waste", "foundations"}
)
"""The keys :func:`to_dict` writes."""


def _check_built(state: object, dealt: State | None = None) -> tuple[bool, _Proof | None]:
    """Check a position built by hand as :func:`from_dict` checks the one it reads.

    Returns whether it checked *state*, and what the deal proved of it where
    :func:`_follows_the_deal` proved it from *dealt* (:data:`_Proof`: how many dealt cards
    each column keeps in place, and the cards above them and those that left), else
    ``None``.  The game hands the proof to the deal check
    (:mod:`patience_rules._reachable.forty_thieves`), which then need not walk the
    same columns against the same deal again.

    Nothing is checked when *state* is not in the form :func:`from_dict` reads (see
    :func:`_in_read_form`): :class:`~patience_rules.Game` then checks it by the round
    trip through :func:`to_dict` and :func:`from_dict`, which names what is wrong.  In
    that form, :func:`from_dict` reads back from :func:`to_dict` a position equal to
    *state*, always with its status, so the same checks in the same order refuse what it
    refuses with the same messages, without writing 20 piles and reading them back (two
    thirds of a checked ``Game(state)``).  *dealt*, a deal of the game (the code's, if
    any), makes the columns' and the deck's checks cheaper (:func:`_follows_the_deal`).
    """
    if not _in_read_form(state):
        return False, None
    # The deal's proof implies what the columns' and the deck's checks ask, so they run only
    # where it fails: the same checks in the same order refuse what they refused.
    proof = None if dealt is None else _follows_the_deal(state, dealt)
    if proof is None:
        _check_columns(state.columns)
    _check_stock_and_waste(state.stock, state.waste)
    _check_foundations(state.foundations)
    if proof is None:
        _check_deck(state.columns, state.stock, state.waste, state.foundations)
    _check_score_step(state.score)
    _check_score(state)
    return True, proof


def _in_read_form(state: object) -> TypeGuard[State]:
    """Whether *state* is a :class:`State` of the form :func:`from_dict` reads.

    Its variant a :class:`Variant`, its score a plain ``int`` of at least 0, its
    10 columns and 8 foundations tuples, each pile a tuple of :class:`Card` of at
    most 104 cards.  Told in C (a set of the types) but for the 20 piles.
    """
    if type(state) is not State:
        return False
    columns, foundations, score = state.columns, state.foundations, state.score
    if not (
        state.variant.__class__ is Variant
        and score.__class__ is int
        and score >= 0
        and columns.__class__ is tuple
        and len(columns) == COLUMNS
        and foundations.__class__ is tuple
        and len(foundations) == FOUNDATIONS
    ):
        return False
    every = (*columns, state.stock, state.waste, *foundations)
    if set(map(type, every)) != {tuple}:
        return False
    # The cards in one list, each pile added in C (a third of chain's cost over 104 cards;
    # callgrind): every pile is a tuple, so it adds its cards and nothing else.
    cards: list[object] = []
    for pile in every:
        cards += pile
    # No pile holds more cards than all of them together, so only a total above 104 (never
    # in a position that loads) asks for each pile's count.
    return (
        len(cards) <= _json.MOST_CARDS or max(map(len, every)) <= _json.MOST_CARDS
    ) and set(map(type, cards)) <= {Card}


def _check_columns(columns: tuple[tuple[Card, ...], ...]) -> None:
    """Check that above its dealt cards each column is built down by suit."""
    for number, column in enumerate(columns):
        for index in range(ROWS, len(column)):
            below, card = column[index - 1], column[index]
            if card.suit is not below.suit or card.rank + 1 != below.rank:
                raise InvalidPositionError(
                    f"columns[{number}][{index}]: {card} cannot lie on {below} (above its "
                    f"{ROWS} dealt cards a column is built down by suit)"
                )


def _check_stock_and_waste(stock: tuple[Card, ...], waste: tuple[Card, ...]) -> None:
    """Check that the stock and the waste hold at most the dealt stock's 64 cards."""
    if len(stock) + len(waste) > STOCK_SIZE:
        raise InvalidPositionError(
            f"the stock and the waste hold {len(stock) + len(waste)} cards together, "
            f"at most {STOCK_SIZE}"
        )


def _check_deck(
    columns: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    foundations: tuple[tuple[Card, ...], ...],
) -> None:
    """Check that the piles hold every one of the 104 cards exactly twice."""
    cards = [*stock, *waste, *chain.from_iterable(columns), *chain.from_iterable(foundations)]
    # Compared with the two decks' indices sorted once, in C: check_cards sorts both sides
    # on every call (a tenth of a checked Game(state)); it still names any difference.
    if sorted(map(_INDEX, cards)) != _TWO_DECKS_INDICES:
        _json.check_cards(cards, two_decks())


_Walk = tuple[list[Card], list[Card] | None, list[tuple[int, Card]]]
"""The deal check's walk of the columns above their dealt cards in place
(``_reachable.forty_thieves._walk``): the placed cards, column by column from the bottom;
the dealt cards that left the columns (``None`` without a deal); and the placed cards of
which a copy was dealt in their own column and left it, as ``(number, card)``."""
_Proof = tuple[tuple[int, ...], _Walk]
"""What :func:`_follows_the_deal` proved of a position from its deal, for the deal check:
each column's count of dealt cards in place, and the walk of the columns above them."""


def _follows_the_deal(state: State, dealt: State) -> _Proof | None:  # noqa: C901 - one pass over the columns
    """Whether *state* passes :func:`_check_columns` and :func:`_check_deck`, told from *dealt*.

    If so, what it proved (:data:`_Proof`): how many dealt cards each column keeps in place
    (its *kept* below), and the cards above them and those that left; ``None`` says only
    that those checks must decide (and name what is wrong).  *state*
    is in the form :func:`from_dict` reads, so every card is a :class:`Card`, equal to
    another exactly when of the same index.

    Proof.  Each column is compared with the dealt column: its first *kept* cards are
    the dealt column's (its longest common start, at most the dealt column's
    ``ROWS`` cards), and from the last of them up (or from its first card, none kept)
    it must be one of :data:`_RUNS`, a run down by suit: each card above lies on the
    same suit one rank higher, so above the fourth row too, which is what
    :func:`_check_columns` asks.  *dealt* is a deal (:func:`deal`), its stock and
    columns the two decks.  The stock is compared with the dealt stock's last
    ``len(stock)`` cards.  Taking those equal parts (the stock, each column's *kept*
    cards) out of both, the piles hold the two decks, as :func:`_check_deck` asks,
    exactly when what is left of them (the waste, the foundations and each column above
    its *kept* cards) holds the same cards as what is left of the deal (the dealt
    stock's first cards and each dealt column above its *kept* cards).  ∎

    Those are the cards that moved, about 20 in a position ten moves on, where
    :func:`_check_deck` sorts the 104 (83,000 instructions, callgrind); each column's
    builds are one tuple comparison instead of a loop over its cards.  The cards above
    the kept ones and those that left are the deal check's walk, which it then need not
    make (27,000 instructions ten moves on): the same slices, in the same order, and a
    card back in its column is told as the walk tells it (a placed card whose index one of
    the column's dealt cards that left has: cards are equal when their indices are).
    """
    stock, dealt_stock = state.stock, dealt.stock
    drawn = len(dealt_stock) - len(stock)
    if drawn < 0 or stock != dealt_stock[drawn:]:
        return None
    columns, dealt_columns = state.columns, dealt.columns
    kept_columns = []
    placed: list[Card] = []
    gone: list[Card] = []
    back: list[tuple[int, Card]] = []
    # The columns by number, not zip(..., strict=True): a call with a keyword (1,500
    # instructions, callgrind); the read form has ten columns, as a deal has.
    for number in range(COLUMNS):
        column, dealt_column = columns[number], dealt_columns[number]
        size = len(column)
        if size <= ROWS and column == dealt_column[:size]:  # in C, stopping at identity
            if size < ROWS:  # most columns keep their dealt cards: no slice
                gone += dealt_column[size:]
            kept_columns.append(size)
            continue
        kept = len(dealt_column)
        if column[:kept] != dealt_column:
            kept = 0
            for card, dealt_card in zip(column, dealt_column, strict=False):
                if card != dealt_card:
                    break
                kept += 1
        run = column[kept - 1 :] if kept else column
        if run != _RUNS[run[0].index][: len(run)]:
            return None
        on_top = column[kept:]  # never empty: the column is no start of the dealt one
        placed += on_top
        if kept < len(dealt_column):
            left = set(map(_INDEX, dealt_column[kept:]))
            gone += dealt_column[kept:]
            back += [(number, card) for card in on_top if card.index in left]
        kept_columns.append(kept)
    # The foundations' cards added pile by pile in C, by sum (a few cards in eight tuples:
    # 2,500 instructions less than chaining them, callgrind).
    moved = sum(state.foundations, (*state.waste, *placed))
    if sorted(map(_INDEX, moved)) != sorted(map(_INDEX, [*dealt_stock[:drawn], *gone])):
        return None
    return tuple(kept_columns), (placed, gone, back)


_RUNS = tuple(
    tuple(one_deck()[index - below] for below in range(card.rank))
    for index, card in enumerate(one_deck())
)
"""``_RUNS[card.index]``: the card, then each card of its suit one rank lower down to the Ace:
the longest column built down from it."""
_INDEX = attrgetter("index")
_TWO_DECKS_INDICES = sorted(map(_INDEX, two_decks()))
"""The 104 cards' :attr:`Card.index <patience_rules.Card.index>`, sorted."""


def _check_score_step(score: int) -> None:
    """Check that *score* is a multiple of 5, as every move's points are."""
    if score % 5:
        raise InvalidPositionError(f"field 'score' is {_text.quote(score)}, not a multiple of 5")


def _check_foundations(foundations: tuple[tuple[Card, ...], ...]) -> None:
    """Check that each foundation holds its suit from the Ace up, in order."""
    # Most piles are empty or right, told here by a test each and a comparison in C; only a
    # wrong one asks for the loop below, which names its first wrong card (a pile of more
    # than 13 cards is never its suit's run cut to its length).  16,500 instructions for
    # the eight piles through the loop alone, 4,500 this way (callgrind).
    for number, pile in enumerate(foundations):
        if pile and pile != _FOUNDATION_CARDS[number][: len(pile)]:
            break
    else:
        return
    for number, (suit, pile) in enumerate(zip(FOUNDATION_SUITS, foundations, strict=True)):
        if len(pile) > _RANKS:  # len(Rank) is a Python call (EnumType.__len__)
            raise InvalidPositionError(f"foundations[{number}] has {len(pile)} cards, at most 13")
        expected = _FOUNDATION_CARDS[number][: len(pile)]
        if pile != expected:  # one tuple comparison; the loop names the first wrong card
            for rank, card, wanted in zip(Rank, pile, expected, strict=False):
                if card != wanted:
                    raise InvalidPositionError(
                        f"foundations[{number}][{rank - 1}] is {card}, expected {wanted} "
                        f"(foundation {number + 1} holds {suit.symbol} from the Ace up)"
                    )


def new_game(code: GameCode | str) -> Game[State, Move]:
    """Deal the Forty Thieves game that *code* names, as a typed :class:`~patience_rules.Game`.

    The same game as :func:`patience_rules.new_game` gives, but its type,
    ``Game[forty_thieves.State, forty_thieves.Move]``, tells a type checker what
    ``game.state``, ``game.legal_moves()`` and ``game.play()`` hold.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> game = new_game("FT1-N-AAAAAAC").play("5-f2")
    >>> game.state.foundations[1], game.score
    ((Card.parse('AH'),), 10)

    Raises:
        InvalidCodeError: *code* is not a Forty Thieves code.
    """
    from patience_rules.game import dealt  # noqa: PLC0415 - game.py imports this module

    return dealt(State.game, code)


def load_record(data: Mapping[str, Any]) -> Game[State, Move]:
    """Replay a Forty Thieves record, as a typed :class:`~patience_rules.Game`.

    :meth:`Game.from_record <patience_rules.Game.from_record>` for Forty Thieves
    records only, typed ``Game[forty_thieves.State, forty_thieves.Move]``.  Like the record's
    deal, the result names every hidden card.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> game = new_game("FT1-N-AAAAAAC").play("5-f2")
    >>> load_record(game.to_record()) == game
    True
    >>> from patience_rules import golf
    >>> load_record(golf.new_game("GO1-E-AAAAAAB").to_record())
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidPositionError: this is a golf record, not a forty_thieves one: ...

    Raises:
        InvalidPositionError: *data* is not a Forty Thieves record, or
            :meth:`~patience_rules.Game.from_record` refuses it.
    """
    from patience_rules.game import Game  # noqa: PLC0415 - game.py imports this module

    return Game.from_record(data, game=State.game)


def load_position(data: Mapping[str, Any]) -> Game[State, Move]:
    """Read a saved Forty Thieves game (position format) as a typed :class:`~patience_rules.Game`.

    :meth:`Game.from_dict <patience_rules.Game.from_dict>` for Forty Thieves games
    only, typed ``Game[forty_thieves.State, forty_thieves.Move]``.  Like the data, the result
    names every hidden card.

    Not player-safe: the game holds every card; send its player view.

    >>> game = new_game("FT1-N-AAAAAAC").play("5-f2")
    >>> load_position(game.to_dict()) == game
    True

    Raises:
        InvalidPositionError: *data* is not a saved Forty Thieves game, or
            :meth:`~patience_rules.Game.from_dict` refuses it.
    """
    from patience_rules.game import Game  # noqa: PLC0415 - game.py imports this module

    return Game.from_dict(data, game=State.game)


def _least_score(on_foundations: int) -> int:
    """The lowest score a position with *on_foundations* foundation cards can have.

    Only taking a card back (−15) lowers the score, and it leaves at most 102
    cards on the foundations (with 104 the game is won and over): so a score
    of 0 has at most 102, and each card put up since adds 10 — 103 cards
    score at least 10, a won game at least 20.
    """
    return POINTS_TO_FOUNDATION * max(0, on_foundations - (FOUNDATIONS * _RANKS - 2))


def _check_score(state: State) -> None:
    """Check that play can have earned the score, whatever the deal.

    A score is at most 10 per foundation card plus 5 per card that has left
    the waste (each leaves once: nothing goes back onto the waste), since a
    card taken back costs more than it earned; see :func:`_least_score` for
    the lowest.
    """
    # The piles added by sum, in C: most are empty, and a tuple plus () is the tuple itself
    # (1,500 instructions less than sum(map(len, ...)), callgrind).
    on_foundations = len(sum(state.foundations, ()))
    left_waste = STOCK_SIZE - len(state.stock) - len(state.waste)
    most = POINTS_TO_FOUNDATION * on_foundations + POINTS_WASTE_TO_COLUMN * left_waste
    if state.score > most:
        raise InvalidPositionError(
            f"field 'score' is {_text.quote(state.score)}, more than the {most} that "
            f"{on_foundations} foundation cards and {left_waste} cards played from the waste "
            "can earn"
        )
    least = _least_score(on_foundations)
    if state.score < least:
        raise InvalidPositionError(
            f"field 'score' is {_text.quote(state.score)}, but {on_foundations} foundation cards "
            f"score at least {least}"
        )
