"""Scorpion: build King-to-Ace runs in suit, moving any face-up card with all above it.

Seven columns of seven cards (twelve of them face down) and a reserve of
three.  Any face-up card can move, with every card above it, onto the top card
of another column when that card is one rank higher and (under
:attr:`Variant.CLASSIC`, the default) of the same suit; nothing goes on an Ace
and only a King goes into an empty column.  The reserve is dealt once, at any
time, one card onto each of columns 1 to 3.  A complete King-to-Ace run of one
suit on top of the column that has just received cards is removed; the game
is won when four runs are removed.  The library never declares a Scorpion game
lost: :func:`has_legal_moves` tells a UI whether anything is left to do.

Points: +5 when the moved card lands on a card of its own suit, +5 per card
turned face up (also after a run removal), +100 per removed run, 0 for
anything else; the score never goes down, and it depends on the history, so it
is a field of :class:`State`.

Decisions where the rules are silent: a King at the bottom of a column with no
face-down cards may still move into another empty column (legal, if
pointless); a Classic move onto another suit is refused as
:attr:`~patience_rules.Reason.SAME_SUIT_REQUIRED` even when the rank is wrong
too (see :func:`refusal` for the full order); *removed_runs* lists the suits
in the order their runs were removed.

>>> from patience_rules import scorpion
>>> state = scorpion.deal(1)
>>> print(state)
reserve: 3 face-down cards; no run removed
column 1: ## ## ## 6♣ 4♥ 2♦ 3♠
column 2: ## ## ## 2♥ 10♠ 8♣ 7♥
column 3: ## ## ## 4♠ 5♠ J♥ Q♦
column 4: ## ## ## 10♦ 2♣ 2♠ 5♦
column 5: Q♣ 8♠ 3♣ 6♠ 6♥ K♠ 7♣
column 6: 10♣ A♦ 10♥ 4♣ 7♦ 5♥ A♣
column 7: A♠ 6♦ 3♦ 9♥ K♥ 3♥ K♦
>>> [str(move) for move in scorpion.legal_moves(state)]
['r', '6C-5', 'QD-7', '2S-1', '6H-2']
>>> after = scorpion.apply(state, scorpion.parse_move("6h-2"))  # K♠ and 7♣ go along
>>> print(str(after).splitlines()[2])
column 2: ## ## ## 2♥ 10♠ 8♣ 7♥ 6♥ K♠ 7♣
>>> after.score  # 6♥ on 7♥: same suit
5
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard

import attrs

from patience_rules import _drag, _json, _text
from patience_rules._frozen import unfrozen
from patience_rules._rules import PLAYING, WON, Status, expect_state, variant_member
from patience_rules.cards import Card, Rank, Suit, one_deck
from patience_rules.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidNotationError,
    InvalidPositionError,
)
from patience_rules.piles import REMOVED_RUNS, RESERVE, Pile
from patience_rules.reasons import Reason, Refusal
from patience_rules.shuffle import deal_seed, shuffled

if TYPE_CHECKING:
    from patience_rules.codes import GameCode
    from patience_rules.game import Game

__all__ = [
    "COLUMNS",
    "RESERVE_SIZE",
    "ROWS",
    "RUNS",
    "Column",
    "DealReserve",
    "Move",
    "MoveCard",
    "State",
    "Variant",
    "apply",
    "deal",
    "destinations",
    "drag_move",
    "from_dict",
    "has_legal_moves",
    "is_won",
    "legal_moves",
    "load_position",
    "load_record",
    "new_game",
    "parse_move",
    "refusal",
    "to_dict",
    "to_move",
]

COLUMNS = 7
"""Columns in the tableau."""
ROWS = 7
"""Cards dealt to each column."""
FACE_DOWN_COLUMNS = 4
"""Columns 1 to this one start with face-down cards."""
FACE_DOWN_ROWS = 3
"""Face-down cards at the bottom of each of those columns."""
RESERVE_SIZE = 3
"""Cards in the reserve, dealt onto columns 1 to 3."""
RUNS = 4
"""Runs to remove to win, one per suit."""

POINTS_SAME_SUIT = 5
POINTS_TURNED = 5
POINTS_RUN = 100

_BOARD_SIZE = COLUMNS * ROWS
_RUN_LENGTH = len(Rank)
_SUITS = {suit: tuple(card for card in one_deck() if card.suit is suit) for suit in Suit}
"""Each suit's cards from the deck, Ace to King (the deck's own objects, as dealt)."""
_RUN = {suit: cards[::-1] for suit, cards in _SUITS.items()}
"""Each suit's complete run, King (deepest) to Ace (top)."""


class Variant(str, enum.Enum):
    """Scorpion's rule variants; the value is the name used in saved positions."""

    CLASSIC = "classic"
    """A card goes only onto the same suit, one rank higher (code letter ``C``)."""
    FLEXIBLE = "flexible"
    """A card goes onto any suit, one rank higher (code letter ``F``)."""


@attrs.frozen
class Column:
    """One tableau column: *down* face-down cards under *up* face-up cards, deepest first.

    Between actions a column with face-down cards always has a face-up card on
    top: the top face-down card is turned up as soon as it is uncovered.
    """

    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()


@attrs.frozen
class DealReserve:
    """Deal the three reserve cards onto columns 1, 2 and 3.  Notation ``r``."""

    def source_pile(self, state: State) -> Pile:
        """The reserve.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return RESERVE

    def target_pile(self, state: State) -> Pile:
        """The reserve too: the deal is a tap on it, and its cards go to three columns.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return RESERVE

    def moved_cards(self, state: State) -> tuple[Card, ...]:
        """Nothing: the reserve's cards are face down until dealt.

        Player-safe: face-up cards only.
        """
        expect_state(State, state)
        return ()

    def __str__(self) -> str:
        return "r"


_DEAL = DealReserve()


def _check_card(_instance: object, _attribute: object, card: Card) -> None:
    if not isinstance(card, Card):
        raise InvalidNotationError(f"{_text.quote(card)} is not a Card", Reason.NOT_A_CARD)


def _check_column(_instance: object, _attribute: object, column: int) -> None:
    if type(column) is not int or not 1 <= column <= COLUMNS:
        raise InvalidNotationError(
            f"column {_text.quote(column)} is not a scorpion column (1-{COLUMNS})",
            Reason.NO_SUCH_COLUMN,
        )


@attrs.frozen
class MoveCard:
    """Move the face-up *card*, with every card above it, onto *column* (1–7).

    Notation ``CARD-N``, e.g. ``4H-7``: one deck, so the card names its place.
    """

    card: Card = attrs.field(validator=_check_card)
    column: int = attrs.field(validator=_check_column)

    def source_pile(self, state: State) -> Pile:
        """The pile the card lies in: its column, the reserve or the removed runs.

        Player-safe for a legal move; for a refused one naming a hidden card it tells where the
        card lies.
        """
        expect_state(State, state)
        for number, column in enumerate(state.columns, 1):
            if self.card in column.up or self.card in column.down:
                return _COLUMN_PILES[number - 1]
        return RESERVE if self.card in state.reserve else REMOVED_RUNS

    def target_pile(self, state: State) -> Pile:
        """The target column.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return _COLUMN_PILES[self.column - 1]

    def moved_cards(self, state: State) -> tuple[Card, ...]:
        """The card and every card above it when it is face up, otherwise nothing.

        Player-safe: face-up cards only.
        """
        expect_state(State, state)
        for column in state.columns:
            if self.card in column.up:
                return column.up[column.up.index(self.card) :]
        return ()

    def __str__(self) -> str:
        return f"{self.card}-{self.column}"


Move = DealReserve | MoveCard
"""Any Scorpion action."""

_MOVES = tuple(
    tuple(MoveCard(card, target + 1) for target in range(COLUMNS)) for card in one_deck()
)
"""Every card move, made once: ``_MOVES[card.index][target index]``."""
_KINGS = tuple(card.index for card in one_deck() if card.rank is Rank.KING)
_NO_KEY = len(one_deck())
"""The key of no card: what a top Ace takes under Classic (keys are card indices there)."""
_CLASSIC_KEYS = (
    tuple(_NO_KEY if card.rank is Rank.ACE else card.index - 1 for card in one_deck()),
    _KINGS,
    _NO_KEY + 1,
)
"""How :func:`legal_moves` finds a Classic card's targets: by the card's index, its key (its
successor is one card). A top card's index gives the key of the card it takes; then Kings'
keys and how many keys there are. A top Ace takes ``_NO_KEY``, no card's key."""
_FLEXIBLE_KEYS = (
    tuple(card.rank - 1 for card in one_deck()),
    (int(Rank.KING),),
    len(Rank) + 1,
)
"""The same for Flexible, where a card's key is its rank (``_RANK_OF``): a top Ace takes
rank 0, no card's key."""
_RANK_OF = tuple(int(card.rank) for card in one_deck())
"""A card's rank by its index, as a plain ``int`` (a list is indexed fast by ``int`` only)."""
_CLASSIC = Variant.CLASSIC
_ACE = Rank.ACE
_KING = Rank.KING
"""Read from the module, not the enum classes: a global is a specialised load, a class's
attribute is not (Python 3.11), on the hot paths below."""
_ONE = tuple((target,) for target in range(COLUMNS))
"""``_ONE[target]``: the one-column tuple that :func:`legal_moves` adds to a key's targets."""
_COLUMN_PILES = tuple(Pile.column(number) for number in range(1, COLUMNS + 1))
_PILES = (RESERVE, REMOVED_RUNS, *_COLUMN_PILES)


@attrs.frozen
class State:
    """A Scorpion position.

    *columns* are the seven :class:`Column` objects; *reserve* the cards still
    to be dealt, in dealing order (the first goes onto column 1), or ``()``
    once dealt; *removed_runs* the suits of the runs removed so far, in order of
    removal; *score* the points earned so far: they depend on the history, so
    the score is a field, not a property.
    """

    game: ClassVar[str] = "scorpion"

    variant: Variant
    columns: tuple[Column, ...]
    reserve: tuple[Card, ...] = ()
    removed_runs: tuple[Suit, ...] = ()
    score: int = 0

    @property
    def status(self) -> Status:
        """Won when four runs are removed; otherwise playing (never stuck)."""
        return WON if len(self.removed_runs) == RUNS else PLAYING

    def __str__(self) -> str:
        reserve = f"{len(self.reserve)} face-down cards" if self.reserve else "dealt"
        runs = (
            "removed runs: " + " ".join(suit.symbol for suit in self.removed_runs)
            if self.removed_runs
            else "no run removed"
        )
        lines = [f"reserve: {reserve}; {runs}"]
        for number, column in enumerate(self.columns, 1):
            cards = ["##"] * len(column.down) + [card.unicode() for card in column.up]
            lines.append(f"column {number}: " + (" ".join(cards) or "empty"))
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The player's view as SVG, so a notebook shows it (:func:`patience_rules.svg.render`)."""
        from patience_rules import svg  # noqa: PLC0415 - svg imports this module

        return svg.render(self)


def deal(number: int, variant: Variant = Variant.CLASSIC) -> State:
    """Deal Scorpion game *number* (the number an ``SC1`` code encodes).

    The shuffled deck (see :mod:`patience_rules.shuffle`, prefix ``SC1``) is
    laid out in order: cards 1–7 are column 1 deepest first, 8–14 column 2,
    … 43–49 column 7; in columns 1 to 4 the first three cards are face down,
    the other four face up; columns 5 to 7 are all face up.  Cards 50–52 are
    the reserve in dealing order: card 50 will go onto column 1, 51 onto
    column 2, 52 onto column 3.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        InvalidCodeError: *number* or *variant* is out of range.
    """
    variant = variant_member(Variant, variant)
    cards = shuffled(one_deck(), deal_seed("SC1", number))
    columns = []
    for index in range(COLUMNS):
        pile = cards[ROWS * index : ROWS * index + ROWS]
        down = FACE_DOWN_ROWS if index < FACE_DOWN_COLUMNS else 0
        columns.append(Column(pile[:down], pile[down:]))
    return State(variant, tuple(columns), cards[_BOARD_SIZE:])


def is_won(state: State) -> bool:
    """Whether four runs are removed.

    Player-safe: a yes or no that the player view shows too.
    """
    expect_state(State, state)
    return len(state.removed_runs) == RUNS


def has_legal_moves(state: State) -> bool:
    """Whether any action is legal.  The library never ends a game for want of one.

    Player-safe: a yes or no that the player view shows too.

    >>> has_legal_moves(deal(1))
    True
    """
    expect_state(State, state)
    return bool(legal_moves(state))


def legal_moves(state: State) -> tuple[Move, ...]:  # noqa: C901, PLR0912 - the hot path, in line
    """Every legal action: ``DealReserve()`` first, then the card moves.

    The card moves come column by column, deepest card first, and for each
    card in the order of the target columns.

    Player-safe: a move names only face-up cards (and piles).
    :func:`~patience_rules.views.player_moves` is the client's form.
    """
    if state.__class__ is not State:
        expect_state(State, state)
    if len(state.removed_runs) == RUNS:
        return ()
    # The hot path of every bot and search, and the reference floor's loop spends half its
    # instructions here (callgrind: the performance notes' thirteenth round). So: plain loops
    # and counters, since on Python 3.11 a comprehension and an enumerate cost a frame or a
    # pair; the targets by key in a list, not a dict; the variant told by identity (a
    # Variant's hash, for a dict, is Enum's Python __hash__); what the tops take built here,
    # not in a call; and a card's key looked up once, only for the few cards that have
    # targets, with Classic's loop (keyed by the index itself) apart from Flexible's.
    classic = state.variant is _CLASSIC
    takes_key, king_keys, keys = _CLASSIC_KEYS if classic else _FLEXIBLE_KEYS
    columns = state.columns
    # By a card's key: the columns, left to right, that take the card.
    wanted: list[tuple[int, ...]] = [()] * keys
    empty: tuple[int, ...] = ()
    target = 0
    for column in columns:
        if column.up:
            wanted[takes_key[column.up[-1].index]] += _ONE[target]
        else:
            empty += _ONE[target]
        target += 1  # noqa: SIM113 - see above
    if empty:
        for key in king_keys:
            wanted[key] = empty
    moves: list[Move] = [_DEAL] if state.reserve else []
    source = 0
    if classic:
        for column in columns:
            for card in column.up:
                if wanted[card.index]:  # most cards have none: nothing stored for them
                    index = card.index
                    for target in wanted[index]:
                        if target != source:
                            moves.append(_MOVES[index][target])  # noqa: PERF401 - few
            source += 1
    else:
        for column in columns:
            for card in column.up:
                if wanted[_RANK_OF[card.index]]:
                    index = card.index
                    for target in wanted[_RANK_OF[index]]:
                        if target != source:
                            moves.append(_MOVES[index][target])  # noqa: PERF401 - few
            source += 1
    return tuple(moves)


def refusal(state: State, move: Move) -> Refusal | None:
    """Why *move* is refused in *state*, or ``None`` if it is legal.

    The rules are checked in this order: the game is won; the reserve is
    already dealt; the card is hidden (face down in a column or in the
    reserve: :attr:`~patience_rules.Reason.FACE_DOWN`, whichever it is, so the
    refusal tells nothing about where a hidden card lies); it is in a removed
    run; it is already in the target column; the target column is empty and
    the card is not a King; the target's top card is an Ace; under Classic,
    it is of another suit; it is not one rank higher.  Player-safe: a
    refusal names no card.

    >>> refusal(deal(1), MoveCard(Card.parse("2H"), 6))
    Refusal(reason=<Reason.NOTHING_ON_ACE: 'nothing_on_ace'>)
    """
    expect_state(State, state)
    found = _placement(state, move)
    return found if isinstance(found, Refusal) else None


def _placement(state: State, move: Move) -> Refusal | tuple[int, int]:
    """The refusal of *move*, or where its card is: (column index, index in ``up``)."""
    if len(state.removed_runs) == RUNS:
        return Refusal(Reason.GAME_WON)
    if isinstance(move, DealReserve):
        return (0, 0) if state.reserve else Refusal(Reason.RESERVE_DEALT)
    if not isinstance(move, MoveCard):
        raise InvalidNotationError(f"{_text.quote(move)} is not a scorpion move")
    found = _locate(state, move.card)
    if isinstance(found, Refusal):
        return found
    target = move.column - 1
    if target == found[0]:
        return Refusal(Reason.SAME_PILE)
    onto = state.columns[target].up
    if not onto:
        return found if move.card.rank is Rank.KING else Refusal(Reason.KING_ONLY_ON_EMPTY)
    top = onto[-1]
    if top.rank is Rank.ACE:
        return Refusal(Reason.NOTHING_ON_ACE)
    if state.variant is Variant.CLASSIC and top.suit is not move.card.suit:
        return Refusal(Reason.SAME_SUIT_REQUIRED)
    if top.rank != move.card.rank + 1:
        return Refusal(Reason.WRONG_RANK)
    return found


def _locate(state: State, card: Card) -> Refusal | tuple[int, int]:
    """Where the face-up *card* is, or why it cannot move: hidden, or in a removed run."""
    index = card.index  # compared as integers: a card's own == is a Python call
    # Counted by hand, not by enumerate: an enumerate per column and a pair per card cost
    # a quarter of the search (callgrind, docs/performance.md).
    source = 0
    for column in state.columns:
        position = 0
        for up in column.up:
            if up.index == index:
                return source, position
            position += 1  # noqa: SIM113 - see above
        source += 1  # noqa: SIM113 - see above
    if card in state.reserve or any(card in column.down for column in state.columns):
        return Refusal(Reason.FACE_DOWN)  # the same wherever it is hidden: tells nothing
    return Refusal(Reason.CARD_NOT_IN_PLAY)


def apply(state: State, move: Move) -> State:
    """The position after *move* and its automatic effects, with its points.

    After a card move: a face-down card left on top of the source column turns
    up (+5); the moved card scores +5 if it lands on a card of its own suit; a
    complete run on top of the target column is removed (+100) and a
    face-down card it uncovers turns up (+5).  After the reserve deal the
    same run check is made on columns 1 to 3.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        IllegalMoveError: the rules refuse *move*; it carries the :class:`~patience_rules.Refusal`.
    """
    if state.__class__ is not State:
        expect_state(State, state)
    if move.__class__ is MoveCard and len(state.removed_runs) != RUNS:
        new = _card_move(state, move)
        if new is not None:
            return new
    found = _placement(state, move)  # the reserve deal, or a refusal with its reason
    if isinstance(found, Refusal):
        raise IllegalMoveError(found, f"scorpion move {str(move)!r}")
    if isinstance(move, DealReserve):
        columns = list(state.columns)
        runs = state.removed_runs
        score = state.score
        for index, card in enumerate(state.reserve):
            column = columns[index]
            columns[index], run, points = _settle(column.down, (*column.up, card))
            runs += run
            score += points
        return State(state.variant, tuple(columns), (), runs, score)
    # _placement found the card move legal, and _card_move makes every legal card move.
    return _card_move(state, move)  # type: ignore[return-value] # so a State


def _card_move(  # noqa: C901, PLR0912, PLR0915 - in line
    state: State, move: MoveCard, found: tuple[int, int] | None = None
) -> State | None:
    """The position after the card move *move* if it is legal in a game not won, else ``None``.

    The legal card moves of play in one function, decided and made in line, without
    building a refusal: the reference floor's loop spent 29 k instructions in
    :func:`apply`, of which the calls of ``_placement``, ``_locate``, ``_turn_up``,
    ``_settle`` and ``_column`` and the enum attributes they read took about 8 k
    (callgrind: the performance notes' thirteenth round).  The tests are
    ``_placement``'s, in another order: a move passes them all or is refused, and
    :func:`apply` asks ``_placement`` which refusal it is.

    *found*, from a caller that knows where the moved card lies face up, is that place:
    its column's index and its index among that column's face-up cards.  The card is
    then not searched for: the search is 4.5 k of a card move's 14.5 k instructions
    (callgrind), and the chain of an undo history reads each move from the saved columns,
    which name the card's place (``patience_rules._chain``).  In a position that holds
    each card once, as every position read or played does, the search finds that place,
    and the result is the same.  Play, which does not know it, pays two tests of *found*.
    """
    card = move.card
    index = card.index  # compared as integers: a card's own == is a Python call
    columns = state.columns
    if found is None:
        # The card's column, counted by hand: an enumerate per call and a pair per card
        # cost more than the counter (callgrind, docs/performance.md).
        source = 0
        for column in columns:
            for other in column.up:
                if other.index == index:
                    break
            else:
                source += 1
                continue
            break
        else:
            return None  # hidden, or in a removed run
    else:
        source, position = found
        column = columns[source]
    target = move.column - 1
    if target == source:
        return None
    onto = columns[target]
    received = onto.up
    if received:
        top = received[-1]
        if (
            top.rank is _ACE
            or (top.suit is not card.suit and state.variant is _CLASSIC)
            or top.rank != card.rank + 1
        ):
            return None
    elif card.rank is not _KING:
        return None
    up = column.up
    if found is None:
        position = 0
        for other in up:
            if other.index == index:
                break
            position += 1
    score = state.score
    if received and top.suit is card.suit:
        score += POINTS_SAME_SUIT
    # The two new columns built in line on the unfrozen twin (see _column).
    kept = up[:position]
    down = column.down
    left = _UnfrozenColumn()
    if kept or not down:
        left.down = down
        left.up = kept
    else:  # the uncovered face-down card turns up
        left.down = down[:-1]
        left.up = down[-1:]
        score += POINTS_TURNED
    left.__class__ = Column
    received += up[position:]
    runs = state.removed_runs
    if len(received) >= _RUN_LENGTH and received[-1].rank is _ACE:  # perhaps a complete run
        grown, run, points = _settle(onto.down, received)
        runs += run
        score += points
    else:
        grown = _UnfrozenColumn()
        grown.down = onto.down
        grown.up = received
        grown.__class__ = Column
    changed = list(columns)
    changed[source] = left
    changed[target] = grown
    # Built field by field on the unfrozen twin, as Golf's apply builds its State: attrs's
    # __init__ sets each slot through object.__setattr__ (docs/performance.md).
    new = _Unfrozen()
    new.variant = state.variant
    new.columns = tuple(changed)
    new.reserve = state.reserve
    new.removed_runs = runs
    new.score = score
    new.__class__ = State
    return new  # type: ignore[no-any-return] # a State now


_Unfrozen = unfrozen(State)
"""A State whose fields :func:`apply` sets by plain stores (see :mod:`patience_rules._frozen`)."""
_UnfrozenColumn = unfrozen(Column)
"""A Column whose fields :func:`_column` sets by plain stores."""


def _column(down: tuple[Card, ...], up: tuple[Card, ...]) -> Column:
    """``Column(down, up)`` built on its unfrozen twin: a third of attrs's ``__init__``."""
    new = _UnfrozenColumn()
    new.down = down
    new.up = up
    new.__class__ = Column
    return new  # type: ignore[no-any-return] # a Column now


def _turn_up(down: tuple[Card, ...], up: tuple[Card, ...], score: int) -> tuple[Column, int]:
    """The column of *down* under *up*, an uncovered face-down card turned up, and *score*.

    The score gains the turned card's points, if any.
    """
    if up or not down:
        return _column(down, up), score
    return _column(down[:-1], down[-1:]), score + POINTS_TURNED


def _settle(down: tuple[Card, ...], up: tuple[Card, ...]) -> tuple[Column, tuple[Suit, ...], int]:
    """The column of *down* under *up*, which has just received cards, its complete run removed.

    Returns the column, the removed run's suit (or nothing) and the points.
    """
    if len(up) < _RUN_LENGTH or up[-1].rank is not Rank.ACE:
        return _column(down, up), (), 0
    suit = up[-1].suit
    if up[-_RUN_LENGTH:] != _RUN[suit]:
        return _column(down, up), (), 0
    settled, points = _turn_up(down, up[:-_RUN_LENGTH], POINTS_RUN)
    return settled, (suit,), points


def destinations(state: State, source: Pile | Card | str) -> tuple[Move, ...]:
    """Every legal move that starts at *source*: the places to highlight on a drag.

    *source* is a card (the one the player picked up, with every card above
    it), a column (its cards' moves, deepest card first) or the reserve (the
    deal): a :class:`~patience_rules.piles.Pile`, a card or the name of either.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    >>> [str(move) for move in destinations(deal(1), "6H")]
    ['6H-2']
    >>> [str(move) for move in destinations(deal(1), "r")]
    ['r']

    Raises:
        InvalidNotationError: *source* is neither a Scorpion pile nor a card.
    """
    place = _drag.read_source(source, _PILES, "scorpion")
    return _drag.moves_from(state, legal_moves(state), place)


def drag_move(state: State, source: Pile | Card | str, target: Pile | str) -> Move | None:
    """The legal move a drag from *source* onto *target* makes, or ``None``.

    *source* is as for :func:`destinations` (from a column, the deepest card
    that can go); *target* a pile or its name.  The reserve is dealt by a
    drag from it onto itself, i.e. a tap.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    >>> drag_move(deal(1), "6H", "2"), drag_move(deal(1), "5", "2"), drag_move(deal(1), "5", "3")
    (MoveCard(card=Card.parse('6H'), column=2), MoveCard(card=Card.parse('6H'), column=2), None)

    Raises:
        InvalidNotationError: *source* or *target* is not a Scorpion pile (or card).
    """
    place = _drag.read_source(source, _PILES, "scorpion")
    pile = _drag.read_target(target, _PILES, "scorpion")
    return _drag.move_onto(state, legal_moves(state), place, pile)


def parse_move(text: str) -> Move:
    """Read a Scorpion notation: ``r``, or ``CARD-N`` such as ``4H-7`` or ``10♥-2``.

    Case and blanks around the parts do not matter.

    Player-safe: it reads the player's own text and no position.

    >>> parse_move("r"), parse_move("10♥-02")
    (DealReserve(), MoveCard(card=Card.parse('TH'), column=2))
    >>> str(parse_move(" 4h - 7 "))
    '4H-7'

    Raises:
        InvalidNotationError: *text* is neither.
    """
    clean = _text.notation(text, "scorpion move")
    if clean == "r":
        return _DEAL
    card_text, dash, column_text = clean.rpartition("-")
    if not dash:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a scorpion move: expected r or CARD-COLUMN like 4H-7"
        )
    try:
        card = Card.parse(card_text)
    except InvalidCardError as error:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a scorpion move: {error}", Reason.NOT_A_CARD
        ) from None
    column = _text.number(column_text.strip())
    if column is None:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a scorpion move: expected a column 1-{COLUMNS} "
            "after the dash"
        )
    if not 1 <= column <= COLUMNS:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a scorpion move: there is no column {column} "
            f"(1-{COLUMNS})",
            Reason.NO_SUCH_COLUMN,
        )
    return MoveCard(card, column)


def to_move(state: State, move: object) -> Move:  # noqa: ARG001 - the notation needs no position
    """*move* as a Scorpion move: a move object is returned as is, a string parsed.

    Player-safe: it reads the player's own move and no position.

    Raises:
        InvalidNotationError: *move* is neither a Scorpion move nor its notation.
    """
    if isinstance(move, DealReserve | MoveCard):
        return move
    if isinstance(move, str):
        return parse_move(move)
    raise InvalidNotationError(f"{_text.quote(move)} is not a scorpion move")


def to_dict(state: State) -> dict[str, Any]:
    """The position as JSON-ready data: the position format of :doc:`/saved-games`.

    Not player-safe: it holds every card; :func:`~patience_rules.views.player_view` is the player's
    form.

    >>> to_dict(deal(1))["columns"][0]
    {'down': ['JC', '8H', 'QS'], 'up': ['6C', '4H', '2D', '3S']}
    """
    expect_state(State, state)
    return _json.header(state) | {
        "columns": [
            {"down": _json.names(column.down), "up": _json.names(column.up)}
            for column in state.columns
        ],
        "reserve": _json.names(state.reserve),
        "removed_runs": [suit.value for suit in state.removed_runs],
    }


def from_dict(data: Mapping[str, Any]) -> State:
    """Read a position written by :func:`to_dict`, checking everything.

    Besides the form of each field it checks that the 52 cards are there once
    each (a removed run counts as the 13 cards of its suit), that the reserve
    holds 3 cards or none, that face-down cards lie only in columns 1 to 4,
    at most 3 in each, always with a face-up card on top, that at most 4 runs
    are removed, that the score is a multiple of 5 and at least 5 per card
    turned face up and 100 per removed run, and that the status agrees.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        InvalidPositionError: a field is missing, malformed or inconsistent.
    """
    data = _json.position(data, State.game)
    variant = _json.choice(data, "variant", Variant)
    columns = _read_columns(data.get("columns"))
    reserve = _json.cards(data.get("reserve"), "reserve")
    _check_reserve(reserve)
    runs = _read_runs(data.get("removed_runs"))
    _check_deck(columns, reserve, runs)
    score = _json.count(data, "score")
    _check_score(columns, runs, score)
    state = State(variant, columns, reserve, runs, score)
    _json.check_equal("status", _json.get(data, "status", str), state.status.value)
    return state


def _from_written(data: object) -> State | None:
    """The position *data* saves when it is exactly what :func:`to_dict` writes, else ``None``.

    Exactly: a dict of ``to_dict``'s keys, its variant and status a ``str``, its score an
    ``int``, its columns a list of 7 dicts of two lists (``down`` and ``up``), its reserve
    a list, all of canonical card names (``"TC"``), its removed runs a list of suits'
    values, and everything :func:`from_dict` checks true (the same checks, called here).
    Then ``from_dict`` reads it as this position (it reads canonical names from the same
    table, and the keys are a position's alone, which ``_json.position`` accepts), and
    ``to_dict`` writes it back equal: the variant's value and the status that ``from_dict``
    compared, the score, and each pile's names, canonical, in order.  For a saved undo
    history (:mod:`patience_rules._chain`), which then reads the later positions against
    *data* itself instead of writing this one again (60 k instructions, callgrind; the
    performance notes' fifteenth round), as ``golf._from_written`` does; ``None`` leaves
    it to ``from_dict`` and ``to_dict``.
    """
    if type(data) is not dict or data.keys() != _WRITTEN_KEYS:
        return None
    try:
        value, score, status = data["variant"], data["score"], data["status"]
        saved, saved_runs = data["columns"], data["removed_runs"]
        if (
            value.__class__ is not str
            or score.__class__ is not int
            or status.__class__ is not str
            or saved.__class__ is not list
            or len(saved) != COLUMNS
            or saved_runs.__class__ is not list
        ):
            return None
        reserve = _json.canonical(data["reserve"])
        columns = []
        for pile in saved:
            if pile.__class__ is not dict or len(pile) != 2:  # down and up
                return None
            down, up = _json.canonical(pile["down"]), _json.canonical(pile["up"])
            if down is None or up is None:
                return None
            columns.append(Column(down, up))
        variant = _VARIANTS[value]
        if reserve is None or any(name.__class__ is not str for name in saved_runs):
            return None
        for index, column in enumerate(columns):
            _check_face_down(index, column.down, column.up)
        _check_reserve(reserve)
        runs = _read_runs(saved_runs)
        _check_deck(tuple(columns), reserve, runs)
        _check_score(tuple(columns), runs, score)
        state = State(variant, tuple(columns), reserve, runs, score)
    except (KeyError, TypeError, InvalidPositionError):  # not as written, or refused
        return None
    return state if status == state.status._value_ else None


_VARIANTS: Mapping[object, Variant] = Variant._value2member_map_  # type: ignore[assignment] # members
"""Each :class:`Variant` by its value, as ``_json.choice`` looks a string up."""
_WRITTEN_KEYS = frozenset({"variant", "score", "status", "columns", "reserve", "removed_runs"})
"""The keys :func:`to_dict` writes."""


def _read_columns(value: object) -> tuple[Column, ...]:
    if not isinstance(value, list) or len(value) != COLUMNS:
        raise InvalidPositionError(f"columns must be a list of {COLUMNS} columns")
    columns = []
    for index, item in enumerate(value):
        # Both lists in canonical names, as to_dict writes them, read without building the
        # names of the places a refusal would name (three strings a column otherwise).
        down = up = None
        if item.__class__ is dict:
            down, up = _json.canonical(item.get("down")), _json.canonical(item.get("up"))
        if down is None or up is None:
            where = f"columns[{index}]"
            pile = _json.mapping(item, where)
            down = _json.cards(pile.get("down"), f"{where}.down")
            up = _json.cards(pile.get("up"), f"{where}.up")
        _check_face_down(index, down, up)
        columns.append(Column(down, up))
    return tuple(columns)


def _check_face_down(index: int, down: tuple[Card, ...], up: tuple[Card, ...]) -> None:
    """Check that column *index*'s face-down cards are dealt ones, with a face-up card on top."""
    if down and not up:
        raise InvalidPositionError(
            f"columns[{index}] has face-down cards but no face-up card on top of them"
        )
    if len(down) > (FACE_DOWN_ROWS if index < FACE_DOWN_COLUMNS else 0):
        raise InvalidPositionError(
            f"columns[{index}] has {len(down)} face-down cards: only columns 1 to "
            f"{FACE_DOWN_COLUMNS} are dealt any, {FACE_DOWN_ROWS} each"
        )


def _check_reserve(reserve: tuple[Card, ...]) -> None:
    if len(reserve) not in {0, RESERVE_SIZE}:
        raise InvalidPositionError(
            f"the reserve has {len(reserve)} cards: it holds {RESERVE_SIZE} until dealt, then 0"
        )


def _check_deck(
    columns: tuple[Column, ...], reserve: tuple[Card, ...], runs: tuple[Suit, ...]
) -> None:
    """Check that the 52 cards are there once each, a removed run as its suit's 13."""
    on_board = [card for column in columns for card in (*column.down, *column.up)]
    _json.check_cards([*on_board, *reserve, *(c for suit in runs for c in _RUN[suit])], one_deck())


def _check_score(columns: tuple[Column, ...], runs: tuple[Suit, ...], score: int) -> None:
    """Check that *score* is a multiple of 5 and at least what the turned cards and runs earned."""
    turned = FACE_DOWN_COLUMNS * FACE_DOWN_ROWS - sum(len(column.down) for column in columns)
    least = POINTS_TURNED * turned + POINTS_RUN * len(runs)
    if score % POINTS_TURNED or score < least:
        raise InvalidPositionError(
            f"field 'score' is {_text.quote(score)}: it must be a multiple of 5 and at least "
            f"the {least} that {turned} cards turned face up and {len(runs)} removed runs earned"
        )


def _check_built(state: object, _dealt: State | None = None) -> tuple[bool, None]:
    """Check a position built by hand as :func:`from_dict` checks the one it reads.

    Returns whether it checked *state*, and ``None``: nothing proved of the deal, whose
    checks are all :mod:`patience_rules._reachable`'s.  Nothing is checked when *state*
    is not in the form :func:`from_dict` reads (see :func:`_in_read_form`):
    :class:`~patience_rules.Game` then checks it by the round trip through
    :func:`to_dict` and :func:`from_dict`, which names what is wrong.  In that form,
    :func:`from_dict` reads back from :func:`to_dict` a position equal to *state*, with
    its status (the property's own value), so the same checks in the same order refuse
    what it refuses with the same messages, without writing the position and reading it
    back (0.30 M instructions, see the performance notes' twelfth round).
    """
    if not _in_read_form(state):
        return False, None
    for index, column in enumerate(state.columns):
        _check_face_down(index, column.down, column.up)
    _check_reserve(state.reserve)
    runs = _read_runs(list(state.removed_runs))  # a Suit reads as itself
    _check_deck(state.columns, state.reserve, runs)
    _check_score(state.columns, runs, state.score)
    return True, None


def _in_read_form(state: object) -> TypeGuard[State]:
    """Whether *state* is a :class:`State` of the form :func:`from_dict` reads.

    Its variant a :class:`Variant`, its score a plain ``int`` of at least 0, its 7
    columns a tuple of :class:`Column`, each pile (the reserve too) a tuple of
    :class:`Card` of at most 104 cards, its removed runs a tuple of :class:`Suit`.
    """
    if type(state) is not State:
        return False
    columns, score, runs = state.columns, state.score, state.removed_runs
    if not (
        state.variant.__class__ is Variant
        and score.__class__ is int
        and score >= 0
        and columns.__class__ is tuple
        and len(columns) == COLUMNS
        and runs.__class__ is tuple
        and set(map(type, runs)) <= {Suit}
        and set(map(type, columns)) == {Column}
    ):
        return False
    every = (*(pile for column in columns for pile in (column.down, column.up)), state.reserve)
    return (
        set(map(type, every)) == {tuple}
        and max(map(len, every)) <= _json.MOST_CARDS
        and set(map(type, chain.from_iterable(every))) <= {Card}
    )


def _read_runs(value: object) -> tuple[Suit, ...]:
    if not isinstance(value, list) or len(value) > RUNS:
        raise InvalidPositionError(f"removed_runs must be a list of at most {RUNS} suits")
    runs = []
    for index, item in enumerate(value):
        try:
            suit = Suit(item)
        except (ValueError, TypeError):
            raise InvalidPositionError(
                f"removed_runs[{index}]: {_text.quote(item)} is not a suit (C, D, H, S)"
            ) from None
        if suit in runs:
            raise InvalidPositionError(f"removed_runs lists {suit.value} twice")
        runs.append(suit)
    return tuple(runs)


def new_game(code: GameCode | str) -> Game[State, Move]:
    """Deal the Scorpion game that *code* names, as a typed :class:`~patience_rules.Game`.

    The same game as :func:`patience_rules.new_game` gives, but its type,
    ``Game[scorpion.State, scorpion.Move]``, tells a type checker what
    ``game.state``, ``game.legal_moves()`` and ``game.play()`` hold.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> game = new_game("SC1-C-AAAAAAB")
    >>> len(game.state.reserve), game.legal_moves()[0]
    (3, DealReserve())

    Raises:
        InvalidCodeError: *code* is not a Scorpion code.
    """
    from patience_rules.game import dealt  # noqa: PLC0415 - game.py imports this module

    return dealt(State.game, code)


def load_record(data: Mapping[str, Any]) -> Game[State, Move]:
    """Replay a Scorpion record, as a typed :class:`~patience_rules.Game`.

    :meth:`Game.from_record <patience_rules.Game.from_record>` for Scorpion
    records only, typed ``Game[scorpion.State, scorpion.Move]``.  Like the record's
    deal, the result names every hidden card.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> game = new_game("SC1-C-AAAAAAB").play("r")
    >>> load_record(game.to_record()) == game
    True
    >>> from patience_rules import golf
    >>> load_record(golf.new_game("GO1-E-AAAAAAB").to_record())
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidPositionError: this is a golf record, not a scorpion one: ...

    Raises:
        InvalidPositionError: *data* is not a Scorpion record, or
            :meth:`~patience_rules.Game.from_record` refuses it.
    """
    from patience_rules.game import Game  # noqa: PLC0415 - game.py imports this module

    return Game.from_record(data, game=State.game)


def load_position(data: Mapping[str, Any]) -> Game[State, Move]:
    """Read a saved Scorpion game (position format) as a typed :class:`~patience_rules.Game`.

    :meth:`Game.from_dict <patience_rules.Game.from_dict>` for Scorpion games
    only, typed ``Game[scorpion.State, scorpion.Move]``.  Like the data, the result
    names every hidden card.

    Not player-safe: the game holds every card; send its player view.

    >>> game = new_game("SC1-C-AAAAAAB").play("r")
    >>> load_position(game.to_dict()) == game
    True

    Raises:
        InvalidPositionError: *data* is not a saved Scorpion game, or
            :meth:`~patience_rules.Game.from_dict` refuses it.
    """
    from patience_rules.game import Game  # noqa: PLC0415 - game.py imports this module

    return Game.from_dict(data, game=State.game)
