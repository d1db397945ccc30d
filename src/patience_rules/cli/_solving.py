"""The client's use of the solver: hints and the game's outlook, winnable deals, deals by level."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from patience_rules import solver

if TYPE_CHECKING:
    from patience_rules.codes import GameCode
    from patience_rules.game import Game

__all__ = ["HINT_SECONDS", "difficulty_code", "hint", "winnable_code"]

HINT_SECONDS = 0.5
"""How long the solver may think about a hint."""


def hint(game: Game[Any, Any]) -> tuple[object | None, solver.Outcome]:
    """A good next move for *game* (``None`` once it is over) and whether it can still be won.

    The outlook is :attr:`~patience_rules.solver.Outcome.WIN` (still
    winnable), ``NO_WIN`` (no longer) or ``UNKNOWN`` within :data:`HINT_SECONDS`.
    """
    solution = solver.solve(game, max_seconds=HINT_SECONDS)
    if solution.line:
        return solution.line[0], solution.outcome
    return solver.hint(game, max_states=1), solution.outcome


def winnable_code(game: str, variant: str | None) -> GameCode:
    """A random code of *game* (and *variant*, else the default) whose deal is proved winnable.

    Raises:
        PatienceError: *variant* is not one of the game's variants.
    """
    code, _line = solver.winnable_deal(game, variant)
    return code


def difficulty_code(game: str, variant: str | None, level: int) -> GameCode:
    """A random code of *game* (and *variant*, else the default) whose deal has difficulty *level*.

    Raises:
        PatienceError: no such deal was found within
            :data:`~patience_rules.solver.DIFFICULTY_SECONDS`.
    """
    return solver.deal_of_difficulty(game, level, variant, max_seconds=solver.DIFFICULTY_SECONDS)
