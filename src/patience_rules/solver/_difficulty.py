"""How hard a deal is: :func:`difficulty` rates one, :func:`deal_of_difficulty` finds one.

A rating rests on evidence and a rule.  The evidence is what the solver
did, counted in states, never in seconds, so that a rating is the same on
any machine:

1. The deal's own search, within :data:`RATING_STATES` states (or the
   caller's *max_states*): won, proved lost, or unknown; and, when won, the
   *effort*, the states it explored up to its first win.
2. When won, every legal first move is played and the position after it
   searched within :data:`PROBE_STATES` states: how many of the first moves
   still win.  The first move of the deal's winning line is not searched
   again: the rest of that line is its proof.

The rule (:func:`level`): a deal the solver did not win is level 0; a won
deal starts at level 1, gains a level for each of its variant's four
:data:`EFFORT_THRESHOLDS` that its effort exceeds, and one more when at
most half of its first moves still win (a narrow start), up to 5.  A
narrow start counts only when the effort is within :data:`PROBE_STATES`:
the search after a first move cannot be expected to find a win that took
the deal's own search more states than it has.
``benchmarks/difficulty.py`` calibrated the thresholds on random deals of
each game and variant (see :doc:`/solving`, "Difficulty").
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import DEALS, GameCode
from patience_rules.solver import _winnable
from patience_rules.solver._base import (
    Budget,
    CancelSignal,
    Engine,
    OutOfBudgetError,
    SolverError,
    check_cancel,
    check_count,
    check_seconds,
    checked_budget,
    draw_from,
    shown,
)
from patience_rules.solver._engines import (
    FortyThievesPosition,
    GolfPosition,
    ScorpionPosition,
    code_of,
    engine_of,
    game_and_variant,
)
from patience_rules.solver._solve import Outcome, Solution, solved

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

__all__ = [
    "DIFFICULTY_SECONDS",
    "EFFORT_THRESHOLDS",
    "FROM_TABLE",
    "LEVELS",
    "PROBE_STATES",
    "RATING_STATES",
    "Difficulty",
    "deal_of_difficulty",
    "difficulty",
    "gather",
    "is_narrow",
    "level",
]

DIFFICULTY_SECONDS = 10.0
"""The default time :func:`deal_of_difficulty` may take, every deal it rates included."""

LEVELS = (0, 1, 2, 3, 4, 5)
"""Every level a rating can have: 0 for no win found, then 1 (easiest) to 5 (hardest)."""

RATING_STATES: dict[str, int] = {"golf": 500_000, "forty_thieves": 10_000, "scorpion": 10_000}
"""Per game: the states the deal's own search may explore by default."""

PROBE_STATES: dict[str, int] = {"golf": 100_000, "forty_thieves": 5_000, "scorpion": 1_000}
"""Per game: the states the search after each first move may explore."""

EFFORT_THRESHOLDS: dict[tuple[str, str], tuple[int, int, int, int]] = {
    ("golf", "easy"): (60, 300, 28_000, 35_000),
    ("golf", "classic"): (60, 300, 22_000, 30_000),
    ("forty_thieves", "standard"): (1_500, 2_200, 3_000, 3_700),
    ("scorpion", "classic"): (60, 150, 500, 1_000),
    ("scorpion", "flexible"): (100, 300, 1_000, 3_000),
}
"""Per game and variant: the efforts (states to the first win) that make a won deal harder.

The game's :data:`PROBE_STATES` is one of them or beyond the last, so that
more effort never lowers a level (a narrow start counts only up to it).
"""

FROM_TABLE: dict[str, tuple[int, ...]] = {"forty_thieves": LEVELS[1:]}
"""Per game: the levels whose deals are drawn from the shipped table of winnable deals.

A random Forty Thieves deal is won within :data:`RATING_STATES` about once
in ten, and rating one takes a few tenths of a second, so a search for a
deal of a given level among random ones would often take minutes; every one
of the table's 93 deals (found winnable with 8,000 states) is won within
it, so its deals are a fair sample of the deals of levels 1 to 5.
"""

_RULES: dict[str, tuple[Callable[[Any], tuple[Any, ...]], Callable[[Any, Any], Any]]] = {
    "golf": (golf.legal_moves, golf.apply),
    "forty_thieves": (forty_thieves.legal_moves, forty_thieves.apply),
    "scorpion": (scorpion.legal_moves, scorpion.apply),
}


def level(
    kind: tuple[str, str], *, won: bool, effort: int, first_moves: int, winning: int
) -> int:
    """The level of a deal of *kind* (a game and a variant name) from its evidence."""
    if not won:
        return 0
    harder = sum(effort > threshold for threshold in EFFORT_THRESHOLDS[kind])
    narrow = effort <= PROBE_STATES[kind[0]] and is_narrow(first_moves, winning)
    return min(LEVELS[-1], 1 + harder + narrow)


def is_narrow(first_moves: int, winning: int) -> bool:
    """Whether at most half of the *first_moves* still win (*winning* of them): a narrow start."""
    return first_moves > 0 and 2 * winning <= first_moves


def gather(
    solve: Callable[[Any, Budget], Solution[Any]],
    state: Any,  # noqa: ANN401 - a State of any game
    budget: Budget,
    max_states: int,
) -> tuple[Solution[Any], int, int]:
    """The deal's solution, its number of legal first moves and how many of them still win.

    *solve* runs the solver on a state within a budget.  The first moves are
    searched only when the deal is won (otherwise none is counted as winning).

    Raises:
        OutOfBudgetError: *budget*'s deadline passed or its cancel signal was
            set before the evidence was complete (a state budget running out
            is evidence, not an interruption).
    """
    legal_moves, apply = _RULES[state.game]
    moves = legal_moves(state)
    solution = _searched(solve, state, budget, max_states)
    if solution.outcome != "win":
        return solution, len(moves), 0
    if not solution.line:  # already won: nothing left to choose
        return solution, 0, 0
    winning = 0
    for move in moves:
        if move == solution.line[0]:
            winning += 1
            continue
        after = _searched(solve, apply(state, move), budget, PROBE_STATES[state.game])
        winning += after.outcome == "win"
    return solution, len(moves), winning


def _searched(
    solve: Callable[[Any, Budget], Solution[Any]],
    state: Any,  # noqa: ANN401 - a State of any game
    budget: Budget,
    states: int,
) -> Solution[Any]:
    """*state* solved within *states* and *budget*'s deadline; raise if the clock cut it."""
    solution = solve(state, budget.capped(states))
    if solution.outcome == "unknown":
        budget.check_clock()  # raises when the deadline passed or the cancel signal is set
    return solution


@attrs.frozen
class Difficulty:
    """How hard a deal is, from what the solver did (:func:`difficulty`), with the evidence.

    *level* is 0 when the solver found no win (*outcome* says whether the
    deal is proved lost or only unknown within the budget), else 1 (easiest)
    to 5 (hardest).  The evidence: *states*, the states the deal's search
    explored (up to its first win, when won: the effort); *first_moves*, the
    legal first moves; *winning_first_moves*, how many of them the solver
    still wins after (counted only when the deal is won); *max_states*, the
    deal's state budget, which with the code makes the rating repeatable.
    The rule is in :doc:`/solving`, "Difficulty".  Names no card.
    """

    level: int
    outcome: Outcome
    states: int
    first_moves: int
    winning_first_moves: int
    max_states: int


def difficulty(
    position: GameCode | str | GolfPosition | FortyThievesPosition | ScorpionPosition,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    cancel: CancelSignal | None = None,
) -> Difficulty:
    """How hard *position* is to win: a game code, a ``State`` or a :class:`~patience_rules.Game`.

    The deal's search gets *max_states* states (``None``: the game's own
    budget, the one the levels were calibrated with, see :doc:`/solving`);
    each first move of a won deal gets a fixed number more.  Counted in
    states, the rating of a position is the same on every machine and every
    run.  *max_seconds* (``None``: no bound) and *cancel* only stop the
    rating: one they cut short raises :class:`SolverError` rather than
    return a rating that depends on the machine's speed.  The rating names
    no card, but it is decided knowing every hidden card: rate a game in
    progress only for a player who may learn how winnable it is.

    >>> rating = difficulty("GO1-E-AAAAAAB")
    >>> rating.level, rating.outcome, rating.states, rating.winning_first_moves, rating.first_moves
    (1, <Outcome.WIN: 'win'>, 53, 4, 4)
    >>> difficulty("GO1-C-AAAAAAA").level
    0

    Raises:
        SolverError: *position* is not a code, ``State`` or ``Game`` of a
            game the solver plays, a budget or *cancel* is invalid, or
            *max_seconds* ran out or *cancel* was set before the rating was
            complete; the message says which.
    """
    budget = checked_budget(None, max_seconds, cancel)
    if isinstance(position, GameCode | str):
        engine, parsed = code_of(position)
        state = engine.deal(parsed.number, parsed.variant)
    else:
        engine, state = engine_of(position)
    if max_states is None:
        states = RATING_STATES[engine.game]
    else:
        states = check_count("max_states", max_states)
    rated = _rated(engine, state, budget, states)
    if rated is None:
        why = _why_stopped(max_seconds, cancel)
        raise SolverError(f"no difficulty rating: {why} before the rating was complete")
    return rated


def _why_stopped(max_seconds: object, cancel: CancelSignal | None) -> str:
    """Why a call bounded by *max_seconds* and *cancel* stopped early."""
    if cancel is not None and cancel.is_set():
        return "it was cancelled"
    return f"max_seconds={max_seconds} ran out"


def _rated(
    engine: Engine,
    state: Any,  # noqa: ANN401 - the engine's State
    budget: Budget,
    max_states: int,
) -> Difficulty | None:
    """*state*'s rating, or ``None`` when *budget*'s deadline or cancel signal cut it short."""

    def solve_within(position: Any, within: Budget) -> Solution[Any]:  # noqa: ANN401 - a State
        return solved(engine, position, within, "auto")

    try:
        solution, first_moves, winning = gather(
            solve_within, state, budget, max_states
        )
    except OutOfBudgetError:
        return None
    won = solution.outcome is Outcome.WIN
    found = level(
        (engine.game, state.variant.value),
        won=won,
        effort=solution.states,
        first_moves=first_moves,
        winning=winning,
    )
    return Difficulty(found, solution.outcome, solution.states, first_moves, winning, max_states)


def deal_of_difficulty(  # noqa: PLR0913 - keyword-only options
    game: str,
    level: int,
    variant: enum.Enum | str | None = None,
    rng: random.Random | None = None,
    *,
    max_seconds: float | None = DIFFICULTY_SECONDS,
    cancel: CancelSignal | None = None,
) -> GameCode:
    """A random code of *game* (under *variant*) whose deal's :func:`difficulty` is *level*.

    *game* is a name of :data:`SOLVABLE_GAMES`; *level* one of
    :data:`DIFFICULTY_LEVELS`; *variant* the game's ``Variant`` member or its
    name (``None``: the game's default).  Deal numbers come from *rng* (a
    :class:`random.Random`, for repeatable draws) or, by default, from a
    secure random source; each is rated with the game's own budget until one
    has the level asked for.  Forty Thieves deals of levels 1 to 5 are drawn
    from the shipped table of deals proved winnable (see
    :func:`winnable_deal`): few random deals are won within the rating's
    budget.  *max_seconds* bounds the whole call (``None``:
    no bound); setting *cancel* stops it.  The same *rng* gives the same
    code on any machine unless *max_seconds* runs out first.  The code names
    the deal: give it to the player as the client gives any new game's code.

    >>> import random
    >>> code = deal_of_difficulty("golf", 3, "classic", random.Random(7))
    >>> code.variant, difficulty(code).level
    (<Variant.CLASSIC: 'classic'>, 3)

    Raises:
        SolverError: an argument is invalid (the message names it), or no
            deal of *level* was found before *max_seconds* ran out or
            *cancel* was set.
    """
    engine, member = game_and_variant(game, variant)
    wanted = _check_level(level)
    seconds = check_seconds("max_seconds", max_seconds)
    checked_cancel = check_cancel(cancel)
    draw = draw_from(rng)
    budget = Budget.start(None, seconds, checked_cancel)
    max_states = RATING_STATES[engine.game]
    from_table = wanted in FROM_TABLE.get(engine.game, ())
    table = _winnable.table(engine.game, member) if from_table else ()

    tried = 0
    while True:
        number = table[draw(len(table))][0] if table else draw(DEALS)
        rated = _rated(engine, engine.deal(number, member), budget, max_states)
        if rated is None:
            break
        tried += 1
        if rated.level == wanted:
            return GameCode(engine.game, member, number)
    why = _why_stopped(max_seconds, cancel)
    raise SolverError(
        f"no {game} deal of difficulty {wanted} found: {why} after {tried} deals were rated"
    )


def _check_level(level: object) -> int:
    """*level* checked: one of :data:`DIFFICULTY_LEVELS`."""
    try:
        checked = check_count("level", level)
    except SolverError:
        checked = -1
    if checked not in LEVELS:
        raise SolverError(
            f"level must be one of {', '.join(map(str, LEVELS))}, not {shown(level)}"
        )
    return checked
