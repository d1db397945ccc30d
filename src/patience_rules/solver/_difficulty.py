"""How :func:`~patience_rules.solver.difficulty` rates a deal: the evidence it gathers, the rule.

The evidence is what the solver did, counted in states, never in seconds,
so that a rating is the same on any machine:

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

from typing import TYPE_CHECKING, Any

from patience_rules import forty_thieves, golf, scorpion

if TYPE_CHECKING:
    from collections.abc import Callable

    from patience_rules.solver import Solution
    from patience_rules.solver._base import Budget

__all__ = [
    "EFFORT_THRESHOLDS",
    "FROM_TABLE",
    "LEVELS",
    "PROBE_STATES",
    "RATING_STATES",
    "gather",
    "is_narrow",
    "level",
]

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
