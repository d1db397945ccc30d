"""How :func:`~patience_rules.solver.winnable_deal` finds a winnable deal in a UI's time.

Easy wins first: random deals, each given a small budget of states
(:data:`ATTEMPTS`), so that a deal whose win the solver finds at once is
kept and a hard one is dropped early.  Golf and Scorpion deals are won this
way within a few attempts.  Forty Thieves wins are rarer and slower to find
(about one deal in ten is won within 8,000 states, a second or two), so by
default no random Forty Thieves deal is tried: tables of deals proved
winnable ship with the library (``winnable-GAME-VARIANT.txt``: a deal
number, then its winning line in move notation, per line), for Forty
Thieves and for Scorpion, whose unlucky draws can run long; the tests
replay every line to a won game, so an entry is a proof, whatever the
solver does later.  ``benchmarks/winnable_table.py`` wrote them: Forty
Thieves with ``--max-states 8000`` and seeds 20261202 then 20261203,
Scorpion with ``--max-states 400 --deals 100``.

Sound by construction: a deal is returned only with a winning line, found
by the solver or replayed by the tests.
"""

from __future__ import annotations

import enum
import functools
import importlib.resources
from typing import TYPE_CHECKING, Any

from patience_rules import forty_thieves, scorpion
from patience_rules.codes import DEALS
from patience_rules.solver._base import OutOfBudgetError

if TYPE_CHECKING:
    from collections.abc import Callable

    from patience_rules.solver._base import Budget, Engine

__all__ = ["ATTEMPTS", "attempts", "from_table", "parse_line", "search", "table"]

ATTEMPTS: dict[str, tuple[int, int]] = {
    "golf": (100, 200_000),
    "forty_thieves": (0, 2_500),
    "scorpion": (200, 400),
}
"""Per game: how many random deals to try by default, and the states each may spend."""

_PARSERS: dict[str, Callable[[str], Any]] = {
    "forty_thieves": forty_thieves.parse_move,
    "scorpion": scorpion.parse_move,
}


def attempts(game: str, tries: int | None) -> int:
    """The number of random deals :func:`search` tries: *tries*, else the game's default."""
    return ATTEMPTS[game][0] if tries is None else tries


def search(
    engine: Engine,
    variant: enum.Enum,
    budget: Budget,
    draw: Callable[[int], int],
    tries: int | None,
) -> tuple[int, tuple[Any, ...]] | None:
    """The first of the random deals that the solver wins within its states, or ``None``.

    ``None`` also when *budget* (its deadline or its cancel signal) runs out.
    """
    states = ATTEMPTS[engine.game][1]
    for _ in range(attempts(engine.game, tries)):
        number = draw(DEALS)
        try:
            budget.check_clock()
            line = engine.search(engine.deal(number, variant), budget.capped(states), "auto")
        except OutOfBudgetError:
            try:
                budget.check_clock()
            except OutOfBudgetError:
                return None
            continue
        if line is not None:
            return number, line
    return None


@functools.cache
def table(game: str, variant: enum.Enum) -> tuple[tuple[int, str], ...]:
    """The shipped deals of *game* under *variant* proved winnable: numbers and their lines."""
    name = f"winnable-{game}-{variant.value}.txt"
    resource = importlib.resources.files(__package__ or __name__).joinpath(name)
    if not resource.is_file():
        return ()
    rows = (line.split(" ", 1) for line in resource.read_text(encoding="ascii").splitlines())
    return tuple((int(number), moves) for number, moves in rows)


def from_table(
    game: str, variant: enum.Enum, draw: Callable[[int], int]
) -> tuple[int, tuple[Any, ...]] | None:
    """A random deal of the shipped table and its winning line; ``None`` without a table."""
    rows = table(game, variant)
    if not rows:
        return None
    number, moves = rows[draw(len(rows))]
    return number, parse_line(game, moves)


def parse_line(game: str, moves: str) -> tuple[Any, ...]:
    """The moves of a table's line *moves* (notations separated by blanks) of *game*."""
    return tuple(map(_PARSERS[game], moves.split()))
