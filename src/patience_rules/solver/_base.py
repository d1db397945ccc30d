"""What every engine of :mod:`patience_rules.solver` shares: its interface and its budget.

An engine solves one game.  The public functions find the engine of a
position's game (:class:`Engine`), check the budget once, and turn the
engine's answer — a winning line, ``None`` for a proof that there is none,
or :class:`OutOfBudgetError` — into a :class:`~patience_rules.solver.Solution`.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.errors import PatienceError

__all__ = [
    "CHECK_CLOCK_EVERY",
    "Budget",
    "Engine",
    "OutOfBudgetError",
    "SolverError",
    "check_budget",
]

CHECK_CLOCK_EVERY = 1024
"""How many states a search explores between two looks at the clock."""


class SolverError(PatienceError, ValueError):
    """A solver argument is out of range: a budget, a method, a game, a position or a code."""


class OutOfBudgetError(Exception):
    """The search used up its states or seconds."""


@attrs.define
class Budget:
    """States and seconds a search may still spend; ``None`` is unlimited."""

    max_states: int | None
    deadline: float | None
    states: int = 0

    @classmethod
    def start(cls, max_states: int | None, max_seconds: float | None) -> Budget:
        """A fresh budget; the clock starts now."""
        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        return cls(max_states, deadline)

    def spend(self, states: int) -> None:
        """Count *states* more explored states.

        Raises:
            OutOfBudgetError: the states or the time ran out.
        """
        before = self.states
        self.states += states
        if self.max_states is not None and self.states > self.max_states:
            raise OutOfBudgetError
        crossed = before // CHECK_CLOCK_EVERY != self.states // CHECK_CLOCK_EVERY
        if self.deadline is not None and (states > 1 or crossed):
            self.check_clock()

    def check_clock(self) -> None:
        """Raise :class:`OutOfBudgetError` if the deadline has passed."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfBudgetError


def check_budget(max_states: object, max_seconds: object) -> None:
    """Refuse a budget that is not a non-negative count of states or seconds, or ``None``.

    Raises:
        SolverError: either is out of range.
    """
    if max_states is not None and (
        not isinstance(max_states, int) or isinstance(max_states, bool) or max_states < 0
    ):
        raise SolverError(f"max_states must be a non-negative integer or None, not {max_states!r}")
    if max_seconds is not None and (
        not isinstance(max_seconds, int | float)
        or isinstance(max_seconds, bool)
        or not max_seconds >= 0
    ):
        raise SolverError(
            f"max_seconds must be a non-negative number or None, not {max_seconds!r}"
        )


class Engine(Protocol):
    """The solver of one game, as the public functions see it."""

    game: str
    """The game's name, as in ``State.game`` and :class:`~patience_rules.GameCode`."""
    methods: tuple[str, ...]
    """The ``method`` values it accepts; the first is the default, ``"auto"``."""

    def position(self, state: Any) -> Any:  # noqa: ANN401 - each engine its game's State
        """*state* (a ``State`` of the engine's game) checked for the search.

        Raises:
            SolverError: it was built past the limits the engine can encode.
        """

    def search(
        self,
        state: Any,  # noqa: ANN401 - the game's State
        budget: Budget,
        method: str,
    ) -> tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...] | None:
        """A winning line of moves from *state*, or ``None``: a proof that none exists.

        Raises:
            OutOfBudgetError: *budget* ran out first.
        """

    def heuristic_move(
        self,
        state: Any,  # noqa: ANN401 - the game's State
    ) -> golf.Move | forty_thieves.Move | scorpion.Move | None:
        """The hint when the search finds no win in time: a legal move, or ``None``."""

    def deal(self, number: int, variant: Any) -> Any:  # noqa: ANN401 - the game's Variant
        """The starting position of deal *number* under *variant*."""
