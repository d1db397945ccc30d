"""Move effects: what a move does, step by step, in the order a UI animates it.

:func:`move_effects` takes a position and a legal move and returns a tuple of
effects, pure values naming cards and :class:`~patience_rules.piles.Pile` objects:

- :class:`CardsMoved`: face-up cards go from one pile onto another;
- :class:`StockDrawn`: the top stock card is turned onto the waste;
- :class:`ReserveDealt`: Scorpion's reserve goes onto columns 1, 2 and 3;
- :class:`CardTurnedUp`: the face-down card on top of a column turns up;
- :class:`RunRemoved`: a King-to-Ace run leaves a column for the removed runs;
- :class:`ScoreChanged`: the score changes, with its :class:`ScoreCause`;
- :class:`StatusChanged`: the game is won or stuck (always the last effect).

Each score change comes right after the effect that earns it.  Played in
order on the old position, the effects give exactly the new one.  They name
a card only once it is face up: a drawn card or the dealt reserve as the move
turns it up.  So, sent with the move played, they are player-safe (they name
no card hidden from the player), along with the
:func:`~patience_rules.views.player_view`; :func:`to_dict` gives each as
JSON-ready data.

:func:`undo_effects` tells what an undo does, to animate it backwards, in the
same vocabulary: the move's effects in reverse order, each one undone.  Four
effects exist for that only: :class:`DrawTakenBack` (the waste's top card
goes back onto the stock), :class:`ReserveTakenBack`, :class:`CardTurnedDown`
and :class:`RunRestored`.  They name only cards that are face up after the
undo (a card going face down is not named: the client knows it from its
view), so they too are player-safe.

>>> from patience_rules import scorpion
>>> from patience_rules.effects import move_effects
>>> state = scorpion.deal(1)
>>> for effect in move_effects(state, scorpion.parse_move("6H-2")):
...     print(effect)
6H KS 7C: 5 -> 2
+5 (same_suit), score 5
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Literal, TypedDict, cast

import attrs

from patience_rules import _text, forty_thieves, golf, scorpion
from patience_rules._rules import GameState, Status
from patience_rules.cards import Card, Rank, Suit
from patience_rules.errors import IllegalMoveError, InvalidPositionError
from patience_rules.game import Game
from patience_rules.piles import REMOVED_RUNS, RESERVE, STOCK, WASTE, Pile
from patience_rules.reasons import Reason, Refusal

__all__ = [
    "CardTurnedDown",
    "CardTurnedDownDict",
    "CardTurnedUp",
    "CardTurnedUpDict",
    "CardsMoved",
    "CardsMovedDict",
    "DrawTakenBack",
    "DrawTakenBackDict",
    "Effect",
    "EffectDict",
    "ReserveDealt",
    "ReserveDealtDict",
    "ReserveTakenBack",
    "ReserveTakenBackDict",
    "RunRemoved",
    "RunRemovedDict",
    "RunRestored",
    "RunRestoredDict",
    "ScoreCause",
    "ScoreChanged",
    "ScoreChangedDict",
    "StatusChanged",
    "StatusChangedDict",
    "StockDrawn",
    "StockDrawnDict",
    "move_effects",
    "to_dict",
    "undo_effects",
]


def _show(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


@attrs.frozen
class CardsMoved:
    """*cards* (deepest first) leave the top of *source* and land on top of *target*."""

    cards: tuple[Card, ...]
    source: Pile
    target: Pile

    def __str__(self) -> str:
        return f"{_show(self.cards)}: {self.source} -> {self.target}"


@attrs.frozen
class StockDrawn:
    """The top stock card, *card*, is turned face up onto the waste."""

    card: Card

    @property
    def source(self) -> Pile:
        """The stock."""
        return STOCK

    @property
    def target(self) -> Pile:
        """The waste."""
        return WASTE

    def __str__(self) -> str:
        return f"{self.card}: drawn {self.source} -> {self.target}"


@attrs.frozen
class ReserveDealt:
    """The reserve's *cards* are dealt face up, one onto each of columns 1, 2 and 3."""

    cards: tuple[Card, ...]

    @property
    def source(self) -> Pile:
        """The reserve."""
        return RESERVE

    @property
    def targets(self) -> tuple[Pile, ...]:
        """The column each card goes to, in the order of :attr:`cards`."""
        return tuple(Pile.column(number) for number in range(1, len(self.cards) + 1))

    def __str__(self) -> str:
        return f"{_show(self.cards)}: dealt {self.source} -> " + " ".join(map(str, self.targets))


@attrs.frozen
class CardTurnedUp:
    """The face-down *card* on top of *pile* (a column) is turned face up."""

    card: Card
    pile: Pile

    def __str__(self) -> str:
        return f"{self.card}: turned up on {self.pile}"


@attrs.frozen
class RunRemoved:
    """The complete run of *suit*, King to Ace, leaves the top of *source* (a column)."""

    suit: Suit
    source: Pile

    @property
    def cards(self) -> tuple[Card, ...]:
        """The run's thirteen cards, deepest (the King) first."""
        return tuple(Card(rank, self.suit) for rank in reversed(Rank))

    @property
    def target(self) -> Pile:
        """The removed runs."""
        return REMOVED_RUNS

    def __str__(self) -> str:
        return f"run {self.suit.symbol}: {self.source} -> {self.target}"


@attrs.frozen
class DrawTakenBack:
    """An undone draw: the waste's top card goes back face down onto the stock.

    It names no card: the card is hidden once taken back, and a client knows
    the waste's top card from its view.
    """

    @property
    def source(self) -> Pile:
        """The waste."""
        return WASTE

    @property
    def target(self) -> Pile:
        """The stock."""
        return STOCK

    def __str__(self) -> str:
        return f"taken back {self.source} -> {self.target}"


@attrs.frozen
class ReserveTakenBack:
    """An undone reserve deal: the top cards of columns 1, 2 and 3 go back face down.

    It names no card: the reserve's cards are hidden once taken back.
    """

    @property
    def sources(self) -> tuple[Pile, ...]:
        """The columns the cards leave (1, 2 and 3), in dealing order."""
        return tuple(Pile.column(number) for number in range(1, scorpion.RESERVE_SIZE + 1))

    @property
    def target(self) -> Pile:
        """The reserve."""
        return RESERVE

    def __str__(self) -> str:
        return f"taken back {' '.join(map(str, self.sources))} -> {self.target}"


@attrs.frozen
class CardTurnedDown:
    """The lone face-up card on top of the face-down cards of *pile* (a column) turns face down.

    It names no card: the card is hidden once turned down.
    """

    pile: Pile

    def __str__(self) -> str:
        return f"turned down on {self.pile}"


@attrs.frozen
class RunRestored:
    """The removed run of *suit*, King to Ace, comes back onto the top of *target* (a column)."""

    suit: Suit
    target: Pile

    @property
    def cards(self) -> tuple[Card, ...]:
        """The run's thirteen cards, deepest (the King) first."""
        return tuple(Card(rank, self.suit) for rank in reversed(Rank))

    @property
    def source(self) -> Pile:
        """The removed runs."""
        return REMOVED_RUNS

    def __str__(self) -> str:
        return f"run {self.suit.symbol}: {self.source} -> {self.target}"


class ScoreCause(str, enum.Enum):
    """Why the score changed; the values are stable snake_case codes."""

    CARD_TO_WASTE = "card_to_waste"
    """A board card went to the waste (Golf, +10)."""
    STUCK_PENALTY = "stuck_penalty"
    """The game got stuck (Golf, −10 per card left on the board, the score stays ≥ 0)."""
    TO_FOUNDATION = "to_foundation"
    """A card went onto a foundation (Forty Thieves, +10)."""
    WASTE_TO_COLUMN = "waste_to_column"
    """The waste card went onto a column (Forty Thieves, +5)."""
    FOUNDATION_TO_COLUMN = "foundation_to_column"
    """A card came back from a foundation (Forty Thieves, −15, the score stays ≥ 0)."""
    SAME_SUIT = "same_suit"
    """The moved card landed on a card of its own suit (Scorpion, +5)."""
    CARD_TURNED_UP = "card_turned_up"
    """A face-down card turned face up (Scorpion, +5)."""
    RUN_REMOVED = "run_removed"
    """A King-to-Ace run was removed (Scorpion, +100)."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class ScoreChanged:
    """The score changes by *points* because of *cause*, to *score*.

    *points* is the change actually made: where the score stops at 0 it can
    be less than the rule's (even 0).
    """

    cause: ScoreCause
    points: int
    score: int

    def __str__(self) -> str:
        return f"{self.points:+} ({self.cause}), score {self.score}"


@attrs.frozen
class StatusChanged:
    """The game's status goes from *before* to *after*: won, or (Golf) stuck."""

    before: Status
    after: Status

    def __str__(self) -> str:
        return f"status: {self.before} -> {self.after}"


Effect = (
    CardsMoved
    | StockDrawn
    | ReserveDealt
    | CardTurnedUp
    | RunRemoved
    | ScoreChanged
    | StatusChanged
    | DrawTakenBack
    | ReserveTakenBack
    | CardTurnedDown
    | RunRestored
)
"""Any effect of a move or of an undo."""

_Moving = CardsMoved | StockDrawn | ReserveDealt | CardTurnedUp | RunRemoved
"""An effect of a move that moves or turns cards."""
_Undoing = DrawTakenBack | ReserveTakenBack | CardTurnedDown | RunRestored
"""An effect that only an undo has."""

_KINDS = {
    CardsMoved: "cards_moved",
    StockDrawn: "stock_drawn",
    ReserveDealt: "reserve_dealt",
    CardTurnedUp: "card_turned_up",
    RunRemoved: "run_removed",
    ScoreChanged: "score_changed",
    StatusChanged: "status_changed",
    DrawTakenBack: "draw_taken_back",
    ReserveTakenBack: "reserve_taken_back",
    CardTurnedDown: "card_turned_down",
    RunRestored: "run_restored",
}


class CardsMovedDict(TypedDict):
    """:class:`CardsMoved` as :func:`to_dict` writes it."""

    effect: Literal["cards_moved"]
    cards: list[str]
    source: str
    target: str


class StockDrawnDict(TypedDict):
    """:class:`StockDrawn` as :func:`to_dict` writes it."""

    effect: Literal["stock_drawn"]
    card: str


class ReserveDealtDict(TypedDict):
    """:class:`ReserveDealt` as :func:`to_dict` writes it."""

    effect: Literal["reserve_dealt"]
    cards: list[str]


class CardTurnedUpDict(TypedDict):
    """:class:`CardTurnedUp` as :func:`to_dict` writes it."""

    effect: Literal["card_turned_up"]
    card: str
    pile: str


class RunRemovedDict(TypedDict):
    """:class:`RunRemoved` as :func:`to_dict` writes it."""

    effect: Literal["run_removed"]
    suit: str
    source: str


class ScoreChangedDict(TypedDict):
    """:class:`ScoreChanged` as :func:`to_dict` writes it."""

    effect: Literal["score_changed"]
    cause: str
    points: int
    score: int


class StatusChangedDict(TypedDict):
    """:class:`StatusChanged` as :func:`to_dict` writes it."""

    effect: Literal["status_changed"]
    before: str
    after: str


class DrawTakenBackDict(TypedDict):
    """:class:`DrawTakenBack` as :func:`to_dict` writes it."""

    effect: Literal["draw_taken_back"]


class ReserveTakenBackDict(TypedDict):
    """:class:`ReserveTakenBack` as :func:`to_dict` writes it."""

    effect: Literal["reserve_taken_back"]


class CardTurnedDownDict(TypedDict):
    """:class:`CardTurnedDown` as :func:`to_dict` writes it."""

    effect: Literal["card_turned_down"]
    pile: str


class RunRestoredDict(TypedDict):
    """:class:`RunRestored` as :func:`to_dict` writes it."""

    effect: Literal["run_restored"]
    suit: str
    target: str


EffectDict = (
    CardsMovedDict
    | StockDrawnDict
    | ReserveDealtDict
    | CardTurnedUpDict
    | RunRemovedDict
    | ScoreChangedDict
    | StatusChangedDict
    | DrawTakenBackDict
    | ReserveTakenBackDict
    | CardTurnedDownDict
    | RunRestoredDict
)
"""Any effect as :func:`to_dict` writes it; its ``"effect"`` field tells which."""


def to_dict(effect: Effect) -> EffectDict:
    """*effect* as JSON-ready data: ``"effect"``, its kind, then its fields by name.

    Cards and piles are written by name, suits, causes and statuses by value.
    The result is typed per kind (e.g. :class:`CardsMovedDict`); a type
    checker narrows it by its ``"effect"`` field.  Player-safe as the effect
    is: see the module's summary.

    >>> to_dict(CardsMoved((Card.parse("8H"),), Pile.column(2), WASTE))
    {'effect': 'cards_moved', 'cards': ['8H'], 'source': '2', 'target': 'w'}

    Raises:
        InvalidPositionError: *effect* is not an effect.
    """
    kind = _KINDS.get(type(effect))
    if kind is None:
        raise InvalidPositionError(f"{_text.quote(effect)} is not a move effect")
    fields = attrs.asdict(effect, recurse=False)
    data = {"effect": kind} | {name: _plain(value) for name, value in fields.items()}
    return cast("EffectDict", data)


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Card | Pile):
        return str(value)
    return value


_AnyState = golf.State | forty_thieves.State | scorpion.State


def move_effects(state: _AnyState, move: object) -> tuple[Effect, ...]:
    """What *move* (a move or its notation) does in *state*, in animation order.

    Player-safe once the move is played: it names the cards the move turns up.

    >>> from patience_rules import golf
    >>> move_effects(golf.deal(1), "2")
    (CardsMoved(cards=(Card.parse('8H'),), source=Pile.parse('2'), target=Pile.parse('w')), \
ScoreChanged(cause=<ScoreCause.CARD_TO_WASTE: 'card_to_waste'>, points=10, score=10))

    Raises:
        InvalidPositionError: *state* is not a position of one of the games.
        InvalidNotationError: *move* is not a move of this game.
        IllegalMoveError: the rules refuse *move*; it carries the :class:`~patience_rules.Refusal`.
    """
    if isinstance(state, golf.State):
        golf_move = golf.to_move(state, move)
        golf_after = golf.apply(state, golf_move)  # refuses an illegal move
        return _collect(state, golf_after, _golf(state, golf_move, golf_after))
    if isinstance(state, forty_thieves.State):
        ft_move = forty_thieves.to_move(state, move)
        ft_after = forty_thieves.apply(state, ft_move)
        return _collect(state, ft_after, _forty_thieves(state, ft_move, ft_after))
    if isinstance(state, scorpion.State):
        sc_move = scorpion.to_move(state, move)
        sc_after = scorpion.apply(state, sc_move)
        return _collect(state, sc_after, _scorpion(state, sc_move, sc_after))
    raise InvalidPositionError(
        f"{_text.quote(state)} is not a golf, forty thieves or scorpion position"
    )


_Steps = Iterator[Effect | tuple[ScoreCause, int]]
"""A game's effects, in order; each score change given as its cause and points."""


def _collect(before: GameState, after: GameState, steps: _Steps) -> tuple[Effect, ...]:
    """The effects of *steps*, with each score change's new score, and the status change."""
    effects: list[Effect] = []
    score = before.score
    for step in steps:
        if isinstance(step, tuple):
            cause, points = step
            score += points
            effects.append(ScoreChanged(cause, points, score))
        else:
            effects.append(step)
    if before.status is not after.status:
        effects.append(StatusChanged(before.status, after.status))
    return tuple(effects)


def _golf(state: golf.State, move: golf.Move, after: golf.State) -> _Steps:
    if isinstance(move, golf.Draw):
        yield StockDrawn(state.stock[0])
    else:
        yield CardsMoved(move.moved_cards(state), move.source_pile(state), WASTE)
        yield ScoreCause.CARD_TO_WASTE, golf.POINTS_PER_CARD
    if after.status is Status.STUCK:
        earned = state.score + (0 if isinstance(move, golf.Draw) else golf.POINTS_PER_CARD)
        yield ScoreCause.STUCK_PENALTY, after.score - earned


def _forty_thieves(
    state: forty_thieves.State, move: forty_thieves.Move, after: forty_thieves.State
) -> _Steps:
    if isinstance(move, forty_thieves.Draw):
        yield StockDrawn(state.stock[0])
        return
    yield CardsMoved(move.moved_cards(state), move.source_pile(state), move.target_pile(state))
    points = after.score - state.score
    if isinstance(move.target, forty_thieves.Foundation):
        yield ScoreCause.TO_FOUNDATION, points
    elif isinstance(move.source, forty_thieves.Foundation):
        yield ScoreCause.FOUNDATION_TO_COLUMN, points
    elif isinstance(move.source, forty_thieves.Waste):
        yield ScoreCause.WASTE_TO_COLUMN, points


def _scorpion(state: scorpion.State, move: scorpion.Move, after: scorpion.State) -> _Steps:
    if isinstance(move, scorpion.DealReserve):
        yield ReserveDealt(state.reserve)
        for index, card in enumerate(state.reserve):
            column = state.columns[index]
            yield from _settled(column, (*column.up, card), after.columns[index], index)
        return
    cards = move.moved_cards(state)
    source = move.source_pile(state)
    target = move.column - 1
    yield CardsMoved(cards, source, move.target_pile(state))
    onto = state.columns[target]
    if onto.up and onto.up[-1].suit is move.card.suit:
        yield ScoreCause.SAME_SUIT, scorpion.POINTS_SAME_SUIT
    left, now = state.columns[source.number - 1], after.columns[source.number - 1]
    if len(now.down) < len(left.down):
        yield CardTurnedUp(left.down[-1], source)
        yield ScoreCause.CARD_TURNED_UP, scorpion.POINTS_TURNED
    yield from _settled(onto, onto.up + cards, after.columns[target], target)


def _settled(
    column: scorpion.Column, landed: tuple[Card, ...], after: scorpion.Column, index: int
) -> _Steps:
    """What follows cards landing on *column*: a run removed, a card it uncovers turned up."""
    if after.up == landed:
        return
    pile = Pile.column(index + 1)
    yield RunRemoved(landed[-1].suit, pile)
    yield ScoreCause.RUN_REMOVED, scorpion.POINTS_RUN
    if len(after.down) < len(column.down):
        yield CardTurnedUp(column.down[-1], pile)
        yield ScoreCause.CARD_TURNED_UP, scorpion.POINTS_TURNED


def undo_effects(game: Game[Any, Any]) -> tuple[Effect, ...]:
    """What :meth:`game.undo() <patience_rules.Game.undo>` does, in the order to animate it.

    The effects of the move that led here from the last position of the undo
    history, in reverse order, each undone: cards move back, a drawn card is
    taken back (:class:`DrawTakenBack`), a turned card turned down, a removed
    run restored, each score change negated right after the effect it
    belongs to, and the status change (if any) last.  Played in order on
    ``game.state``, they give ``game.undo().state``.  Player-safe: they name
    only cards face up after the undo, so send them with its player view.

    >>> from patience_rules import new_game
    >>> for effect in undo_effects(new_game("SC1-C-AAAAAAB").play("6C-5")):
    ...     print(effect)
    turned down on 1
    -5 (card_turned_up), score 5
    6C 4H 2D 3S: 5 -> 1
    -5 (same_suit), score 0

    Raises:
        IllegalMoveError: nothing is left to undo (reason ``nothing_to_undo``).
        InvalidPositionError: *game* is not a :class:`~patience_rules.Game`.
    """
    if not isinstance(game, Game):
        raise InvalidPositionError(f"{_text.quote(game)} is not a Game")
    if not game.history:
        raise IllegalMoveError(Refusal(Reason.NOTHING_TO_UNDO))
    rules, earlier, state = game.rules, game.history[-1], game.state
    # A Game's history always leads to its position by one legal move (Game checks it).
    move = next(move for move in rules.legal_moves(earlier) if rules.apply(earlier, move) == state)
    steps: list[tuple[_Moving, list[ScoreChanged]]] = []
    for effect in move_effects(earlier, move):
        if isinstance(effect, ScoreChanged):
            steps[-1][1].append(effect)  # a score change follows the effect that earns it
        elif not isinstance(effect, StatusChanged | _Undoing):
            steps.append((effect, []))
    undone: list[Effect] = []
    score = state.score
    for effect, changes in reversed(steps):
        undone.append(_undone(effect))
        for change in reversed(changes):
            score -= change.points
            undone.append(ScoreChanged(change.cause, -change.points, score))
    if earlier.status is not state.status:
        undone.append(StatusChanged(state.status, earlier.status))
    return tuple(undone)


def _undone(effect: _Moving) -> Effect:
    """The effect that takes back *effect*."""
    if isinstance(effect, CardsMoved):
        return CardsMoved(effect.cards, effect.target, effect.source)
    if isinstance(effect, StockDrawn):
        return DrawTakenBack()
    if isinstance(effect, ReserveDealt):
        return ReserveTakenBack()
    if isinstance(effect, CardTurnedUp):
        return CardTurnedDown(effect.pile)
    return RunRestored(effect.suit, effect.source)
