"""Fair hints: the solver's advice from what the player can see, by dealing the unseen cards.

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
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.shuffle import SplitMix64, shuffled
from patience_rules.solver._base import OutOfBudgetError, SolverError, shown

if TYPE_CHECKING:
    from collections.abc import Sequence

    from patience_rules.cards import Card
    from patience_rules.solver._base import Budget, Engine

__all__ = [
    "FAIR_WORLDS",
    "MAX_WORLDS",
    "FairHint",
    "FairVerdict",
    "MoveChance",
    "Verdict",
    "estimate",
    "hidden_cards",
    "worlds",
]

FAIR_WORLDS = 16
"""The default number of worlds a fair hint deals."""

MAX_WORLDS = 10_000
"""The most worlds a fair hint may be asked to deal."""

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
