"""Fair hints: the solver's advice from what the player can see, by dealing the unseen cards.

:func:`fair_hint` recommends a move; :func:`fair_judge_move` reviews one played.

The player knows which cards are hidden — every card not on show — but not
where they lie: the order of Golf's and Forty Thieves' stock, which of
Scorpion's cards lie face down where and which three are in the reserve.  A
*world* is the position with its hidden cards dealt back into their hidden
places in a random order; the player cannot tell the worlds apart.  The fair
hint deals many worlds, solves each (a perfect-information search, as
:func:`~patience_rules.solver.solve`), and counts for each legal move the
worlds in which it still wins.

Sound by construction, and player-safe: the worlds are dealt from the hidden
cards *sorted*, never from their real places, so the answer is a function of
what the player sees (and the seed) alone; two positions that differ only in
where the hidden cards lie get the same worlds, hence the same answer.  The
real position is never solved.  The moves it names are legal moves, which
move face-up cards only (or draw, or deal the reserve).

The numbers come from :class:`~patience_rules.shuffle.SplitMix64`, the
library's own documented generator: world *i* is the sorted hidden cards
shuffled (:func:`~patience_rules.shuffle.shuffled`) with the *i*-th output of
``SplitMix64(seed)`` as its seed, so a seed gives the same worlds on every
machine and in every version that keeps the shuffle.
"""

from __future__ import annotations

import enum
import time
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.game import rules_of
from patience_rules.shuffle import SplitMix64, shuffled
from patience_rules.solver._base import (
    CancelSignal,
    OutOfBudgetError,
    SolverError,
    check_count,
    checked_budget,
    shown,
)
from patience_rules.solver._engines import (
    FortyThievesPosition,
    GolfPosition,
    ScorpionPosition,
    engine_of,
    played,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from patience_rules.cards import Card
    from patience_rules.solver._base import Budget, Engine

__all__ = [
    "FAIR_SECONDS",
    "FAIR_WORLDS",
    "MAX_WORLDS",
    "FairHint",
    "FairVerdict",
    "MoveChance",
    "Verdict",
    "estimate",
    "fair_hint",
    "fair_judge_move",
    "hidden_cards",
    "worlds",
]

FAIR_WORLDS = 16
"""The default number of worlds a fair hint deals."""

MAX_WORLDS = 10_000
"""The most worlds a fair hint may be asked to deal."""

FAIR_SECONDS = 2.0
"""The default time :func:`fair_hint` and :func:`fair_judge_move` may take, all worlds included."""

_M_co = TypeVar("_M_co", covariant=True)


class Verdict(enum.IntEnum):
    """What one solve found in one world: the index of its count in :class:`MoveChance`."""

    WIN = 0
    NO_WIN = 1
    UNKNOWN = 2


@attrs.frozen
class MoveChance(Generic[_M_co]):
    """How one legal move fared over the worlds of a fair hint.

    *wins* counts the worlds in which the solver proved that the move keeps
    a win, *losses* those in which it proved the game lost after it,
    *unknown* those it could not decide within its share of the budget.
    Player-safe: the move is a legal move, the counts come from dealt worlds.
    """

    move: _M_co
    wins: int
    losses: int
    unknown: int

    @property
    def worlds(self) -> int:
        """How many worlds were dealt."""
        return self.wins + self.losses + self.unknown

    @property
    def chance(self) -> float:
        """The estimated chance of winning after the move, wins over worlds.

        The unknown worlds count as not won, so it is a lower bound on the
        fraction of worlds the move wins (:attr:`chance_at_most` the upper).
        """
        return self.wins / self.worlds if self.worlds else 0.0

    @property
    def chance_at_most(self) -> float:
        """The chance if every unknown world were won, (wins + unknown) over worlds."""
        return (self.wins + self.unknown) / self.worlds if self.worlds else 0.0


@attrs.frozen
class FairHint(Generic[_M_co]):
    """A hint from what the player can see: :func:`~patience_rules.solver.fair_hint`'s answer.

    *move* is the recommended move: the one that wins in the most worlds
    (on a tie: fewest proved losses, then the move the game's heuristic of
    :func:`~patience_rules.solver.hint` picks in the first world, then the
    first in ``legal_moves`` order); ``None`` when there is no legal move.  *chances*
    has every legal move's :class:`MoveChance`, the recommended move first,
    then in the same order of preference.  *worlds* is how many worlds were
    dealt (1 when nothing is hidden: the position itself), *seed* the seed
    they were dealt from, *states* how many states the searches explored,
    *seconds* how long it took (not compared by ``==``).

    Player-safe: it names no hidden card and is the same for every
    arrangement of the hidden cards (see :func:`~patience_rules.solver.fair_hint`).
    """

    move: _M_co | None
    chances: tuple[MoveChance[_M_co], ...]
    worlds: int
    seed: int
    states: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def chance(self) -> float:
        """The recommended move's estimated chance of winning (0.0 when there is no move)."""
        return self.chances[0].chance if self.chances else 0.0

    def chance_of(self, move: object) -> MoveChance[_M_co]:
        """The :class:`MoveChance` of *move*, a legal move of the position (or its notation).

        Player-safe, as the hint is.

        Raises:
            SolverError: *move* is not one of the position's legal moves.
        """
        for entry in self.chances:
            if entry.move == move or str(entry.move) == move:
                return entry
        raise SolverError(f"{shown(move)} is not a legal move of the hinted position")


@attrs.frozen
class FairVerdict(Generic[_M_co]):
    """How a move played compares, in the player's knowledge, with the fair hint before it.

    *hint* is the :class:`FairHint` of the position before the move and
    *played* the played move's :class:`MoveChance` in the same worlds.
    Player-safe, as the hint is: it names no hidden card, and the move that
    would have kept the chance (:attr:`keeper`) is chosen from what the
    player could see.
    """

    hint: FairHint[_M_co]
    played: MoveChance[_M_co]

    @property
    def chance_before(self) -> float:
        """The estimated chance of winning the position offered, the fair hint's move's."""
        return self.hint.chance

    @property
    def chance_after(self) -> float:
        """The estimated chance of winning after the move played."""
        return self.played.chance

    @property
    def lowered_by(self) -> float:
        """How much the move lowered the estimated chance of winning (0.0 when it did not)."""
        return max(0.0, self.chance_before - self.chance_after)

    @property
    def keeper(self) -> _M_co | None:
        """The move that would have kept the higher chance (the fair hint's, if it was better)."""
        return self.hint.move if self.lowered_by > 0 else None


def hidden_cards(state: Any) -> tuple[Card, ...]:  # noqa: ANN401 - any game's State
    """The cards of *state* the player cannot see, sorted: what every world deals again."""
    if isinstance(state, scorpion.State):
        down = [card for column in state.columns for card in column.down]
        return tuple(sorted([*down, *state.reserve]))
    return tuple(sorted(state.stock))


def _dealt(state: Any, cards: Sequence[Card]) -> Any:  # noqa: ANN401 - any game's State
    """*state* with *cards* dealt into its hidden places, in their order."""
    if isinstance(state, scorpion.State):
        columns, start = [], 0
        for column in state.columns:
            end = start + len(column.down)
            columns.append(attrs.evolve(column, down=tuple(cards[start:end])))
            start = end
        return attrs.evolve(state, columns=tuple(columns), reserve=tuple(cards[start:]))
    return attrs.evolve(state, stock=tuple(cards))


def worlds(state: Any, count: int, seed: int) -> tuple[Any, ...]:  # noqa: ANN401 - a State
    """*count* worlds of *state* dealt from *seed*; one, the position, when nothing is hidden.

    Player-safe: they depend on the hidden cards as a set, not on where they lie.
    """
    cards = hidden_cards(state)
    if len(set(cards)) <= 1:
        return (_dealt(state, cards),)
    rng = SplitMix64(seed)
    return tuple(_dealt(state, shuffled(cards, rng.next())) for _ in range(count))


_RULES: dict[str, Any] = {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}


def _verdict(engine: Engine, state: Any, budget: Budget) -> tuple[Verdict, Any]:  # noqa: ANN401 - any engine's state
    """One solve of *state* within *budget*: its verdict and its first winning move, if any."""
    try:
        budget.check_clock()
        line = engine.search(state, budget, "auto")
    except OutOfBudgetError:
        return Verdict.UNKNOWN, None
    if line is None:
        return Verdict.NO_WIN, None
    return Verdict.WIN, (line[0] if line else None)


def _judge_world(
    engine: Engine,
    world: Any,  # noqa: ANN401 - the game's State
    moves: Sequence[Any],
    budget: Budget,
) -> list[Verdict]:
    """Each move's verdict in *world*, within *budget*, shared out among the solves.

    The world itself is solved first: when it is lost, so is every move (a
    move cannot make a lost position winnable), and when it is won, the
    first move of its winning line wins.
    """
    apply = _RULES[engine.game].apply
    share = budget.share(1 + len(moves))
    root, first = _verdict(engine, world, share)
    budget.take(share)
    if root is Verdict.NO_WIN:
        return [Verdict.NO_WIN] * len(moves)
    left = sum(move != first for move in moves)
    verdicts = []
    for move in moves:
        if move == first:
            verdicts.append(Verdict.WIN)
            continue
        share = budget.share(left)
        verdicts.append(_verdict(engine, apply(world, move), share)[0])
        budget.take(share)
        left -= 1
    return verdicts


def estimate(  # noqa: PLR0913 - the position, its moves, the worlds, the budget
    engine: Engine,
    state: Any,  # noqa: ANN401 - the game's State
    moves: Sequence[_M_co],
    *,
    count: int,
    seed: int,
    budget: Budget,
) -> FairHint[_M_co]:
    """The fair hint for *state* among *moves*: *count* worlds from *seed*, within *budget*.

    Each world gets an equal share of what is left of the budget (what a
    world leaves unused goes to those after it); identical worlds are solved
    once.  Once the budget is spent or cancelled, the worlds left count as
    unknown for every move.  Moves with as many wins and losses are ranked
    by the game's heuristic move in the first world, then in
    ``legal_moves`` order.
    """
    started = time.perf_counter()
    dealt = worlds(state, count, seed)
    tallies = [[0, 0, 0] for _ in moves]
    solved: dict[Any, list[Verdict]] = {}
    for index, world in enumerate(dealt):
        verdicts = solved.get(world)
        if verdicts is None:
            if budget.is_spent():
                verdicts = [Verdict.UNKNOWN] * len(moves)
            else:
                share = budget.share(len(dealt) - index)
                verdicts = solved[world] = _judge_world(engine, world, moves, share)
                budget.take(share)
        for tally, verdict in zip(tallies, verdicts, strict=True):
            tally[verdict] += 1
    chances = [MoveChance(move, *tally) for move, tally in zip(moves, tallies, strict=True)]
    usual = engine.heuristic_move(dealt[0])  # a world's, so it sees no real hidden card

    def rank(i: int) -> tuple[int, int, bool, int]:
        return -chances[i].wins, chances[i].losses, moves[i] != usual, i

    order = sorted(range(len(chances)), key=rank)
    ranked = tuple(chances[i] for i in order)
    best = ranked[0].move if ranked else None
    return FairHint(best, ranked, len(dealt), seed, budget.states, time.perf_counter() - started)


def _check_seed(seed: object) -> int:
    number = check_count("seed", seed)
    if number >= 1 << 64:
        raise SolverError(f"seed must be an integer from 0 to 2**64 - 1, not {shown(seed)}")
    return number


def _check_worlds(worlds: object) -> int:
    count = check_count("worlds", worlds, least=1)
    if count > MAX_WORLDS:
        raise SolverError(f"worlds must be at most {MAX_WORLDS}, not {shown(worlds)}")
    return count


@overload
def fair_hint(
    position: GolfPosition,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairHint[golf.Move]: ...
@overload
def fair_hint(
    position: FortyThievesPosition,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairHint[forty_thieves.Move]: ...
@overload
def fair_hint(
    position: ScorpionPosition,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairHint[scorpion.Move]: ...
def fair_hint(  # noqa: PLR0913 - keyword-only options
    position: object,
    *,
    worlds: int = FAIR_WORLDS,
    seed: int = 0,
    max_states: int | None = None,
    max_seconds: float | None = FAIR_SECONDS,
    cancel: CancelSignal | None = None,
) -> FairHint[golf.Move | forty_thieves.Move | scorpion.Move]:
    """A hint that knows only what the player knows, with each move's chance of winning.

    The hidden cards (Golf's and Forty Thieves' stock, Scorpion's face-down
    cards and reserve) are dealt back into their places at random *worlds*
    times, repeatably from *seed* (the library's own generator, see
    :mod:`patience_rules.shuffle`); each world is solved within an equal
    share of the budget, and every legal move scores the worlds in which it
    still wins.  The recommended move wins in the most of them.  An
    estimated chance counts an unknown world as not won
    (:attr:`MoveChance.chance`, a lower bound; :attr:`MoveChance.chance_at_most`
    counts it as won).  With nothing hidden there is one world, the position.

    *max_states* and *max_seconds* bound the whole call, every world
    included; once either runs out, or *cancel* is set, the worlds not yet
    solved count as unknown for every move.  With *max_seconds* the counts
    depend on the machine's speed; with only *max_states* they do not.

    The chance is that of a player who sees every card after this move, in
    a world the player cannot tell from the real one: it estimates from
    above what a player who does not see them can win.

    Player-safe: the hint never names a hidden card, and it is the same
    (move, chances and all) however the hidden cards lie, since the worlds
    are dealt from the hidden cards sorted and the real position is never
    solved.

    >>> from patience_rules import replay
    >>> moves = "7 1 3 3 2 2 1 d d 4 6 4 2 5 5 7 7 3 d 6 2 7 7 3 d d 2 d 5 4 d d d"
    >>> game = replay("GO1-E-AAAAAAB", moves.split())   # 9♥ fits the waste's 8♦
    >>> fair = fair_hint(game, seed=1, max_seconds=None)
    >>> fair.move, fair.worlds, fair.chance
    (PlayColumn(column=5), 16, 1.0)
    >>> [(str(c.move), c.wins, c.losses, c.unknown) for c in fair.chances]
    [('5', 16, 0, 0), ('d', 0, 16, 0)]

    Raises:
        SolverError: *position* is not one the solver plays, or *worlds*,
            *seed*, a budget or *cancel* is invalid; the message names it.
    """
    budget = checked_budget(max_states, max_seconds, cancel)
    count = _check_worlds(worlds)
    start = _check_seed(seed)
    engine, state = engine_of(position)
    moves = rules_of(engine.game).legal_moves(state)
    return estimate(engine, state, moves, count=count, seed=start, budget=budget)


@overload
def fair_judge_move(
    position: GolfPosition,
    move: golf.Move | str,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairVerdict[golf.Move]: ...
@overload
def fair_judge_move(
    position: FortyThievesPosition,
    move: forty_thieves.Move | str,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairVerdict[forty_thieves.Move]: ...
@overload
def fair_judge_move(
    position: ScorpionPosition,
    move: scorpion.Move | str,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairVerdict[scorpion.Move]: ...
def fair_judge_move(  # noqa: PLR0913 - keyword-only options
    position: object,
    move: object,
    *,
    worlds: int = FAIR_WORLDS,
    seed: int = 0,
    max_states: int | None = None,
    max_seconds: float | None = FAIR_SECONDS,
    cancel: CancelSignal | None = None,
) -> FairVerdict[golf.Move | forty_thieves.Move | scorpion.Move]:
    """How much *move*, played in *position*, lowered the chance of winning, as the player sees it.

    The :func:`fair_hint` of *position* (same arguments, same worlds) and
    the played move's chances in those worlds: :attr:`FairVerdict.lowered_by`
    is how far it fell short of the hint's move, and
    :attr:`FairVerdict.keeper` the move that would have kept the higher
    chance (``None`` when the move played was as good).

    Player-safe, as :func:`fair_hint` is: nothing in it names a hidden card
    or depends on where the hidden cards lie.

    >>> from patience_rules import replay
    >>> moves = "7 1 3 3 2 2 1 d d 4 6 4 2 5 5 7 7 3 d 6 2 7 7 3 d d 2 d 5 4 d d d"
    >>> review = fair_judge_move(replay("GO1-E-AAAAAAB", moves.split()), "d", max_seconds=None)
    >>> review.chance_before, review.chance_after, review.lowered_by, review.keeper
    (1.0, 0.0, 1.0, PlayColumn(column=5))

    Raises:
        SolverError: *position* is not one the solver plays, or *worlds*,
            *seed*, a budget or *cancel* is invalid.
        InvalidNotationError: *move* is not a move of the game.
        IllegalMoveError: the rules refuse *move* in *position*.
    """
    engine, state = engine_of(position)
    chosen, _after = played(engine, state, move)
    hint = fair_hint(
        state,
        worlds=worlds,
        seed=seed,
        max_states=max_states,
        max_seconds=max_seconds,
        cancel=cancel,
    )
    return FairVerdict(hint, hint.chance_of(chosen))
