"""Golf: clear seven columns onto the waste, one rank up or down at a time.

Seven columns of five face-up cards, one waste card and a stock of sixteen.
The exposed card of a column can go onto the waste when its rank is one above
or one below the waste card's, whatever the suit; Queen and King always link,
and under :attr:`Variant.EASY` (the default) King and Ace link too.  Drawing
from the stock is allowed at any time; the stock is never redealt.  The game
is won when all 35 board cards are removed, and stuck when the stock is empty
and no exposed card fits.

>>> from patience_rules import golf
>>> state = golf.deal(1)
>>> golf.legal_moves(state)[:3]
(Draw(), PlayColumn(column=2), PlayColumn(column=3))
>>> golf.apply(state, golf.Draw()).waste[-1]
Card.parse('TS')
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from itertools import chain, pairwise
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from patience_rules import _drag, _json, _text
from patience_rules._frozen import unfrozen
from patience_rules._rules import PLAYING, STUCK, WON, Status, expect_state, variant_member
from patience_rules.cards import Card, one_deck
from patience_rules.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidNotationError,
    InvalidPositionError,
)
from patience_rules.piles import STOCK, WASTE, Pile
from patience_rules.reasons import Reason, Refusal
from patience_rules.shuffle import deal_seed, shuffled

if TYPE_CHECKING:
    from patience_rules.codes import GameCode
    from patience_rules.game import Game

__all__ = [
    "COLUMNS",
    "ROWS",
    "STOCK_SIZE",
    "Draw",
    "Move",
    "PlayColumn",
    "State",
    "TapCard",
    "Variant",
    "apply",
    "deal",
    "destinations",
    "drag_move",
    "fits",
    "from_dict",
    "has_legal_moves",
    "is_stuck",
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
ROWS = 5
STOCK_SIZE = 16
BOARD_SIZE = COLUMNS * ROWS
POINTS_PER_CARD = 10


class Variant(str, enum.Enum):
    """Golf's rule variants; the value is the name used in saved positions."""

    EASY = "easy"
    """King and Ace linked (the default), so an Ace goes on a King and a King on an Ace.

    Code letter ``E``.
    """
    CLASSIC = "classic"
    """King and Ace separate, so only a Queen goes on a King and only a 2 on an Ace.

    Code letter ``C``.
    """


@attrs.frozen
class Draw:
    """Turn the top stock card onto the waste.  Notation ``d``."""

    def source_pile(self, state: State) -> Pile:
        """The stock.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return STOCK

    def target_pile(self, state: State) -> Pile:
        """The waste.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return WASTE

    def moved_cards(self, state: State) -> tuple[Card, ...]:
        """Nothing: the stock card is face down until the draw is played.

        Player-safe: face-up cards only.
        """
        expect_state(State, state)
        return ()

    def __str__(self) -> str:
        return "d"


def _check_column(_instance: object, _attribute: object, column: int) -> None:
    if type(column) is not int or not 1 <= column <= COLUMNS:
        raise InvalidNotationError(
            f"column {_text.quote(column)} is not a golf column (1-{COLUMNS})",
            Reason.NO_SUCH_COLUMN,
        )


@attrs.frozen
class PlayColumn:
    """Play the exposed card of *column* (1–7) onto the waste.  Notation ``5``."""

    column: int = attrs.field(validator=_check_column)

    def source_pile(self, state: State) -> Pile:
        """The column.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return _COLUMN_PILES[self.column - 1]

    def target_pile(self, state: State) -> Pile:
        """The waste.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return WASTE

    def moved_cards(self, state: State) -> tuple[Card, ...]:
        """The column's exposed card, or nothing when the column is empty.

        Player-safe: face-up cards only.
        """
        return expect_state(State, state).columns[self.column - 1][-1:]

    def __str__(self) -> str:
        return str(self.column)


def _check_card(_instance: object, _attribute: object, card: Card) -> None:
    if not isinstance(card, Card):
        raise InvalidNotationError(f"{_text.quote(card)} is not a Card", Reason.NOT_A_CARD)


@attrs.frozen
class TapCard:
    """Play *card* by name, as a player taps it.  Notation: the card, e.g. ``9C``.

    Refused with :attr:`~patience_rules.Reason.CARD_BLOCKED` when another card
    covers it; otherwise it is the :class:`PlayColumn` of the card's column.
    :func:`legal_moves` lists the columns, not the taps.
    """

    card: Card = attrs.field(validator=_check_card)

    def source_pile(self, state: State) -> Pile:
        """The pile the card lies in: its column, the stock or the waste.

        Player-safe: every card off the table is in the stock, as the player can tell.
        """
        expect_state(State, state)
        column = _column_of(state, self.card)
        if column is not None:
            return _COLUMN_PILES[column - 1]
        return STOCK if self.card in state.stock else WASTE

    def target_pile(self, state: State) -> Pile:
        """The waste.

        Player-safe: a pile names no card.
        """
        expect_state(State, state)
        return WASTE

    def moved_cards(self, state: State) -> tuple[Card, ...]:
        """The card when it is exposed at the end of its column, otherwise nothing.

        Player-safe: face-up cards only.
        """
        expect_state(State, state)
        column = _column_of(state, self.card)
        return (self.card,) if column and state.columns[column - 1][-1] == self.card else ()

    def __str__(self) -> str:
        return str(self.card)


Move = Draw | PlayColumn | TapCard
"""Any Golf action."""

_DRAW = Draw()
_PLAYS = {number: PlayColumn(number) for number in range(1, COLUMNS + 1)}
_COLUMN_PLAYS = tuple(_PLAYS.values())
_COLUMN_PILES = tuple(Pile.column(number) for number in range(1, COLUMNS + 1))
_PILES = (STOCK, WASTE, *_COLUMN_PILES)


@attrs.frozen
class State:
    """A Golf position.

    *columns* lists each column's cards deepest first (the last one is
    exposed); *stock* lists the next card to be drawn first; *waste* every
    card that has reached the waste, bottom first.  The score and the status
    follow from the cards, so they are properties, not fields.
    """

    game: ClassVar[str] = "golf"

    variant: Variant
    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]

    @property
    def removed(self) -> int:
        """How many board cards have gone to the waste."""
        return BOARD_SIZE - sum(map(len, self.columns))

    @property
    def status(self) -> Status:
        """Won when the board is clear; stuck when nothing is left to do."""
        # Every Game action reads it: the columns are scanned only without a stock, and stop
        # at the first that fits (2,900 instructions a call before, 1,600 now, callgrind).
        columns = self.columns
        if not any(columns):
            return WON
        if self.stock:
            return PLAYING
        fit = _FITS[self.variant][self.waste[-1].index]
        for cards in columns:
            if cards and fit[cards[-1].index]:
                return PLAYING
        return STUCK

    @property
    def score(self) -> int:
        """10 per removed card; once stuck, −10 per card left, never below 0."""
        # Loading a saved history reads it once a position: with a stock the game is not
        # stuck (status says so first), so the status is read only without one.
        removed = BOARD_SIZE - sum(map(len, self.columns))
        if not self.stock and self.status is STUCK:
            return max(0, POINTS_PER_CARD * (2 * removed - BOARD_SIZE))
        return POINTS_PER_CARD * removed

    def __str__(self) -> str:
        waste = self.waste[-1].unicode() if self.waste else "empty"
        lines = [f"stock: {len(self.stock)} cards; waste: {waste}"]
        lines += [
            f"column {number}: " + " ".join(card.unicode() for card in column)
            for number, column in enumerate(self.columns, 1)
        ]
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The player's view as SVG, so a notebook shows it (:func:`patience_rules.svg.render`)."""
        from patience_rules import svg  # noqa: PLC0415 - svg imports this module

        return svg.render(self)


def fits(card: Card, waste: Card, variant: Variant = Variant.EASY) -> bool:
    """Whether *card* can go onto *waste*: one rank apart, King–Ace under Easy.

    Player-safe: it compares the two cards it is given.

    >>> ace, king = Card.parse("AH"), Card.parse("KC")
    >>> fits(ace, king), fits(ace, king, Variant.CLASSIC)
    (True, False)
    """
    gap = abs(card.rank - waste.rank)
    return gap == 1 or (gap == 12 and variant is Variant.EASY)


_FITS = {
    variant: tuple(
        tuple(fits(card, waste, variant) for card in one_deck()) for waste in one_deck()
    )
    for variant in Variant
}
"""``_FITS[variant][waste.index][card.index]``: :func:`fits` looked up."""

_COLUMN_BITS = tuple(1 << index for index in range(COLUMNS))
_STOCK_BIT = 1 << COLUMNS
_MOVES_BY_BITS = tuple(
    ((_DRAW,) if bits & _STOCK_BIT else ())
    + tuple(play for play, bit in zip(_COLUMN_PLAYS, _COLUMN_BITS, strict=True) if bits & bit)
    for bits in range(2 * _STOCK_BIT)
)
"""The legal moves of a position by its bits: ``_STOCK_BIT`` for a draw, a column's bit for
its play; see :func:`legal_moves`."""

_Unfrozen = unfrozen(State)
"""A State whose fields :func:`apply` sets by plain stores (see :mod:`patience_rules._frozen`)."""


def deal(number: int, variant: Variant = Variant.EASY) -> State:
    """Deal Golf game *number* (the number a ``GO1`` code encodes).

    The shuffled deck (see :mod:`patience_rules.shuffle`, prefix ``GO1``) is
    laid out in order: cards 1–5 are column 1 deepest first, 6–10 column 2,
    … 31–35 column 7; card 36 is the waste card; cards 37–52 are the stock,
    the next card to be drawn first.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        InvalidCodeError: *number* or *variant* is out of range.
    """
    cards = shuffled(one_deck(), deal_seed("GO1", number))
    columns = tuple(cards[ROWS * c : ROWS * c + ROWS] for c in range(COLUMNS))
    return State(
        variant_member(Variant, variant),
        columns,
        cards[BOARD_SIZE + 1 :],
        cards[BOARD_SIZE : BOARD_SIZE + 1],
    )


def is_won(state: State) -> bool:
    """Whether all 35 board cards are removed.

    Player-safe: a yes or no that the player view shows too.
    """
    expect_state(State, state)
    return state.status is WON


def is_stuck(state: State) -> bool:
    """Whether the stock is empty and no exposed card fits the waste card.

    Player-safe: a yes or no that the player view shows too.
    """
    expect_state(State, state)
    return state.status is STUCK


def has_legal_moves(state: State) -> bool:
    """Whether any action is legal (not won, not stuck).

    Player-safe: a yes or no that the player view shows too.
    """
    expect_state(State, state)
    return state.status is PLAYING


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal action: ``Draw()`` first if the stock has cards, then the columns.

    Player-safe: a move names only face-up cards (and piles).
    :func:`~patience_rules.views.player_moves` is the client's form.
    """
    if state.__class__ is not State:
        expect_state(State, state)
    one, two, three, four, five, six, seven = columns = state.columns
    fit = _FITS[state.variant][state.waste[-1].index]
    # The fitting columns as bits, and the moves looked up by them: one OR a column instead of
    # a list append, and no tuple built. The seven columns are unrolled, not looped over: the
    # loop (a zip of bits and columns) was half of this hot function's instructions on the
    # playout benchmark's positions (9,300 a call, 4,900 unrolled).
    fitting = _STOCK_BIT if state.stock else 0
    if one and fit[one[-1].index]:
        fitting |= 1
    if two and fit[two[-1].index]:
        fitting |= 2
    if three and fit[three[-1].index]:
        fitting |= 4
    if four and fit[four[-1].index]:
        fitting |= 8
    if five and fit[five[-1].index]:
        fitting |= 16
    if six and fit[six[-1].index]:
        fitting |= 32
    if seven and fit[seven[-1].index]:
        fitting |= 64
    if fitting == _STOCK_BIT and not any(columns):  # won: not even a draw is left
        return ()
    return _MOVES_BY_BITS[fitting]


def refusal(state: State, move: Move) -> Refusal | None:
    """Why *move* is refused in *state*, or ``None`` if it is legal.

    Player-safe: a refusal names no card, and is the same for every hidden card.

    >>> from patience_rules import Reason
    >>> refusal(deal(1), TapCard(Card.parse("7C")))
    Refusal(reason=<Reason.CARD_BLOCKED: 'card_blocked'>)
    """
    expect_state(State, state)
    status = state.status
    if status is WON:
        return Refusal(Reason.GAME_WON)
    if status is STUCK:
        return Refusal(Reason.NO_MOVES)
    if isinstance(move, Draw):
        return None if state.stock else Refusal(Reason.STOCK_EMPTY)
    if isinstance(move, TapCard):
        column = _column_of(state, move.card)
        if column is None:
            return Refusal(Reason.CARD_NOT_ON_BOARD)
        if state.columns[column - 1][-1] != move.card:
            return Refusal(Reason.CARD_BLOCKED)
        move = PlayColumn(column)
    if not isinstance(move, PlayColumn):
        raise InvalidNotationError(f"{_text.quote(move)} is not a golf move")
    cards = state.columns[move.column - 1]
    if not cards:
        return Refusal(Reason.EMPTY_COLUMN)
    if not fits(cards[-1], state.waste[-1], state.variant):
        return Refusal(Reason.RANK_NOT_ADJACENT)
    return None


def _column_of(state: State, card: Card) -> int | None:
    for number, column in enumerate(state.columns, 1):
        if card in column:
            return number
    return None


def apply(state: State, move: Move) -> State:
    """The position after *move*.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        IllegalMoveError: the rules refuse *move*; it carries the :class:`~patience_rules.Refusal`.
    """
    if state.__class__ is State:  # the common legal cases, decided without refusal()
        columns, waste = state.columns, state.waste
        # The new State is built inline, field by field on its unfrozen twin, not by attrs's
        # __init__: the same fields, set once each, for half of apply's instructions (measured
        # on the playout benchmark). A State has no validators to skip.
        if move.__class__ is PlayColumn:
            index = move.column - 1
            column = columns[index]
            # A card that fits proves the game neither won nor stuck: the play is legal.
            if column:
                card = column[-1]
                if _FITS[state.variant][waste[-1].index][card.index]:
                    # A list with one column replaced: 1,200 instructions; the tuple unpacked
                    # around the new column, 2,300.
                    changed = list(columns)
                    changed[index] = column[:-1]
                    new = _Unfrozen()
                    new.variant = state.variant
                    new.columns = tuple(changed)
                    new.stock = state.stock
                    new.waste = waste + (card,)  # noqa: RUF005 - unpacking builds a list first
                    new.__class__ = State
                    return new  # type: ignore[no-any-return] # a State now
        elif move.__class__ is Draw:
            stock = state.stock
            if stock and any(columns):  # a stock: never stuck
                new = _Unfrozen()
                new.variant = state.variant
                new.columns = columns
                new.stock = stock[1:]
                new.waste = waste + stock[:1]
                new.__class__ = State
                return new  # type: ignore[no-any-return] # a State now
    refused = refusal(state, move)
    if refused is not None:
        raise IllegalMoveError(refused, f"golf move {str(move)!r}")
    # A legal tap: the tapped card is exposed, so it plays the card's column.
    return apply(state, _PLAYS[_column_of(state, move.card) or 0])  # type: ignore[union-attr] # a TapCard here


def destinations(state: State, source: Pile | Card | str) -> tuple[Move, ...]:
    """Every legal move that starts at *source*: the places to highlight on a drag.

    *source* is a pile (:class:`~patience_rules.piles.Pile` or its name: ``"s"``
    the stock, ``"1"``–``"7"`` a column) or a card, which stands for the moves
    that carry it.  In Golf every target is the waste.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    >>> destinations(deal(1), "2"), destinations(deal(1), "s")
    ((PlayColumn(column=2),), (Draw(),))

    Raises:
        InvalidNotationError: *source* is neither a Golf pile nor a card.
    """
    place = _drag.read_source(source, _PILES, "golf")
    return _drag.moves_from(state, legal_moves(state), place)


def drag_move(state: State, source: Pile | Card | str, target: Pile | str) -> Move | None:
    """The legal move a drag from *source* onto *target* makes, or ``None``.

    *source* is as for :func:`destinations`, *target* a pile or its name.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    >>> drag_move(deal(1), "2", "w"), drag_move(deal(1), "1", "w")
    (PlayColumn(column=2), None)

    Raises:
        InvalidNotationError: *source* or *target* is not a Golf pile (or card).
    """
    place = _drag.read_source(source, _PILES, "golf")
    pile = _drag.read_target(target, _PILES, "golf")
    return _drag.move_onto(state, legal_moves(state), place, pile)


def parse_move(text: str) -> Move:
    """Read a Golf notation: ``d``, a column ``1``–``7``, or a card such as ``9C``.

    Player-safe: it reads the player's own text and no position.

    >>> parse_move("d"), parse_move("05"), parse_move("10♣")
    (Draw(), PlayColumn(column=5), TapCard(card=Card.parse('TC')))

    Raises:
        InvalidNotationError: *text* is none of these.
    """
    clean = _text.notation(text, "golf move")
    if clean == "d":
        return _DRAW
    column = _text.number(clean)
    if column is not None:
        if not 1 <= column <= COLUMNS:
            raise InvalidNotationError(
                f"{_text.quote(text)} is not a golf move: there is no column {column} "
                f"(1-{COLUMNS})",
                Reason.NO_SUCH_COLUMN,
            )
        return _PLAYS[column]
    try:
        return TapCard(Card.parse(clean))
    except InvalidCardError:
        raise InvalidNotationError(
            f"{_text.quote(text)} is not a golf move: "
            f"expected d, a column 1-{COLUMNS} or a card like 9C"
        ) from None


def to_move(state: State, move: object) -> Move:  # noqa: ARG001 - Golf notation needs no position
    """*move* as a Golf move: a move object is checked, a string parsed.

    Player-safe: it reads the player's own move and no position.
    """
    if isinstance(move, Draw | PlayColumn | TapCard):
        return move
    if isinstance(move, str):
        return parse_move(move)
    raise InvalidNotationError(f"{_text.quote(move)} is not a golf move")


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
    }


def from_dict(data: Mapping[str, Any]) -> State:
    """Read a position written by :func:`to_dict`, checking everything.

    Checked: the variant; 7 columns of at most 5 cards, a stock of at most 16
    and a waste of at least 1 holding the 52 cards once each; the waste is one
    play can build (a card that does not fit the one under it was drawn, and
    a won game's last card fits); the score and the status agree.

    Not player-safe: the position holds every card; send its player view.

    Raises:
        InvalidPositionError: a field is missing, malformed or inconsistent.
    """
    data = _json.position(data, State.game)
    state = _read_written(data)
    if state is None:
        state = _read_piles(data)
    _check_read(data, state)
    return state


def _read_piles(data: Mapping[str, Any]) -> State:
    """The variant and the piles of *data*, checked one by one: each problem is named."""
    variant = _json.choice(data, "variant", Variant)
    columns = _json.piles(data.get("columns"), "columns", COLUMNS)
    for number, column in enumerate(columns, 1):
        if len(column) > ROWS:
            raise InvalidPositionError(f"column {number} has {len(column)} cards, at most {ROWS}")
    stock = _json.cards(data.get("stock"), "stock")
    if len(stock) > STOCK_SIZE:
        raise InvalidPositionError(f"the stock has {len(stock)} cards, at most {STOCK_SIZE}")
    waste = _json.cards(data.get("waste"), "waste")
    if not waste:
        raise InvalidPositionError("the waste is empty: it always holds at least the dealt card")
    _json.check_cards([*stock, *waste, *chain.from_iterable(columns)], one_deck())
    return State(variant, columns, stock, waste)


def _read_written(data: Mapping[str, Any]) -> State | None:
    """:func:`_read_piles` of piles as :func:`to_dict` writes them, in fewer steps; else ``None``.

    As :func:`to_dict` writes them: lists of canonical card names (``"TC"``) that hold
    the 52 cards once each, within their sizes (7 columns of at most 5, a stock of at
    most 16, a waste of at least 1), under a variant's value.  :func:`_read_piles`
    accepts exactly such piles and reads them as the same position: each name is looked
    up in the table that ``_json.piles`` and ``_json.cards`` read canonical names from,
    and with every name canonical, 52 distinct names are 52 distinct cards, the deck
    once each, which ``_json.check_cards`` asks.  Anything else (``None``) is read by
    :func:`_read_piles`, which names what is wrong.  So :func:`from_dict` accepts,
    refuses and reads what it did, with one lookup of the 52 names and one set of them
    in place of a call a pile and the count of the cards by their indices (about 100 k
    instructions a position, 59 k this way, callgrind; see the performance notes'
    fourteenth round).
    """
    try:
        value = data["variant"]
        saved_columns, stock, waste = data["columns"], data["stock"], data["waste"]
        if (
            value.__class__ is not str
            or saved_columns.__class__ is not list
            or len(saved_columns) != COLUMNS
            or stock.__class__ is not list
            or len(stock) > STOCK_SIZE
            or waste.__class__ is not list
        ):
            return None
        variant = _VARIANTS[value]
        names = [*stock, *waste]
        for column in saved_columns:
            if column.__class__ is not list or len(column) > ROWS:
                return None
            names += column
        # 52 names with at most 35 in the columns and 16 in the stock: the waste is not empty.
        if len(names) != _DECK_SIZE:
            return None
        cards = tuple(map(_CARD_NAMED, names))
    except (KeyError, TypeError):  # a key missing, a name not canonical, an unhashable one
        return None
    if len(set(names)) != _DECK_SIZE:
        return None
    start = len(stock) + len(waste)
    columns = []
    for column in saved_columns:
        end = start + len(column)
        columns.append(cards[start:end])
        start = end
    return State(
        variant, tuple(columns), cards[: len(stock)], cards[len(stock) : len(stock) + len(waste)]
    )


def _check_read(data: Mapping[str, Any], state: State) -> None:
    """Check what :func:`from_dict` checks of the position *state* it read from *data*."""
    _check_waste_order(state)
    _json.check_equal("status", _json.get(data, "status", str), state.status._value_)
    _json.check_equal("score", _json.count(data, "score"), state.score)


def _from_written(data: object) -> State | None:
    """The position *data* saves when it is exactly what :func:`to_dict` writes, else ``None``.

    Exactly: a dict of ``to_dict``'s keys, its score an ``int``, its piles as
    :func:`_read_written` reads them, and everything :func:`from_dict` checks true.  Then
    ``from_dict`` reads it as this position (the keys are a position's alone, which
    ``_json.position`` accepts), and ``to_dict`` writes it back equal: the variant's
    value, the score and the status that ``from_dict`` compared, and each pile's names,
    canonical, in order.  For a saved undo history (:mod:`patience_rules._chain`), which
    then reads the later positions against *data* itself instead of writing this one
    again; ``None`` leaves it to ``from_dict`` and ``to_dict``.
    """
    if type(data) is not dict or data.keys() != _WRITTEN_KEYS:
        return None
    state = _read_written(data)
    if state is None:
        return None
    try:
        _check_read(data, state)
    except InvalidPositionError:
        return None
    return state if data["score"].__class__ is int else None


_VARIANTS: Mapping[object, Variant] = Variant._value2member_map_  # type: ignore[assignment] # members
"""Each :class:`Variant` by its value, as ``_json.choice`` looks a string up."""
_CARD_NAMED = _json.BY_NAME.__getitem__
_DECK_SIZE = len(one_deck())
_WRITTEN_KEYS = frozenset({"variant", "score", "status", "columns", "stock", "waste"})
"""The keys :func:`to_dict` writes."""


def new_game(code: GameCode | str) -> Game[State, Move]:
    """Deal the Golf game that *code* names, as a typed :class:`~patience_rules.Game`.

    The same game as :func:`patience_rules.new_game` gives, but its type,
    ``Game[golf.State, golf.Move]``, tells a type checker what
    ``game.state``, ``game.legal_moves()`` and ``game.play()`` hold.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> game = new_game("GO1-E-AAAAAAB").play("2")
    >>> game.state.waste[-1], game.legal_moves()[0]
    (Card.parse('8H'), Draw())

    Raises:
        InvalidCodeError: *code* is not a Golf code.
    """
    from patience_rules.game import dealt  # noqa: PLC0415 - game.py imports this module

    return dealt(State.game, code)


def load_record(data: Mapping[str, Any]) -> Game[State, Move]:
    """Replay a Golf record, as a typed :class:`~patience_rules.Game`.

    :meth:`Game.from_record <patience_rules.Game.from_record>` for Golf
    records only, typed ``Game[golf.State, golf.Move]``.  Like the record's
    deal, the result names every hidden card.

    Not player-safe: the game holds every card and its code; send its player view.

    >>> game = new_game("GO1-E-AAAAAAB").play("2")
    >>> load_record(game.to_record()) == game
    True
    >>> from patience_rules import scorpion
    >>> load_record(scorpion.new_game("SC1-C-AAAAAAB").to_record())
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidPositionError: this is a scorpion record, not a golf one: ...

    Raises:
        InvalidPositionError: *data* is not a Golf record, or
            :meth:`~patience_rules.Game.from_record` refuses it.
    """
    from patience_rules.game import Game  # noqa: PLC0415 - game.py imports this module

    return Game.from_record(data, game=State.game)


def load_position(data: Mapping[str, Any]) -> Game[State, Move]:
    """Read a saved Golf game (position format) as a typed :class:`~patience_rules.Game`.

    :meth:`Game.from_dict <patience_rules.Game.from_dict>` for Golf games
    only, typed ``Game[golf.State, golf.Move]``.  Like the data, the result
    names every hidden card.

    Not player-safe: the game holds every card; send its player view.

    >>> game = new_game("GO1-E-AAAAAAB").play("2")
    >>> load_position(game.to_dict()) == game
    True

    Raises:
        InvalidPositionError: *data* is not a saved Golf game, or
            :meth:`~patience_rules.Game.from_dict` refuses it.
    """
    from patience_rules.game import Game  # noqa: PLC0415 - game.py imports this module

    return Game.from_dict(data, game=State.game)


def _check_waste_order(state: State) -> None:
    """Check that play can have built the waste, whatever the deal.

    Each card above the dealt one was drawn or played, and a played card fits
    the card under it: so at most as many cards as were drawn do not fit, and
    the card that won the game (the last one) was played.
    """
    waste, fit = state.waste, _FITS[state.variant]
    # fits() looked up (a call a card cost about 400 instructions, callgrind).
    unfit = [
        index
        for index, (under, card) in enumerate(pairwise(waste), 1)
        if not fit[under.index][card.index]
    ]
    drawn = STOCK_SIZE - len(state.stock)
    if len(unfit) > drawn:
        index = unfit[drawn]
        raise InvalidPositionError(
            f"waste[{index}]: {waste[index]} does not fit {waste[index - 1]} under it, so it "
            f"was drawn, but the waste has {len(unfit)} such cards and only {drawn} were drawn"
        )
    if unfit and unfit[-1] == len(waste) - 1 and state.status is WON:
        raise InvalidPositionError(
            f"the game is won, so the last waste card {waste[-1]} was played from the board, "
            f"but it does not fit {waste[-2]} under it"
        )
