"""What every engine of :mod:`patience_rules.solver` shares: its interface and its budget.

An engine solves one game.  The public functions find the engine of a
position's game (:class:`Engine`), check the budget once, and turn the
engine's answer — a winning line, ``None`` for a proof that there is none,
or :class:`OutOfBudgetError` — into a :class:`~patience_rules.solver.Solution`.
A budget also carries the caller's cancellation signal: the engines look at
it when they look at the clock, so a cancelled search stops as an exhausted
one does.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import operator
import random
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.errors import PatienceError

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "CHECK_CLOCK_EVERY",
    "Budget",
    "CancelSignal",
    "Engine",
    "OutOfBudgetError",
    "SolverError",
    "check_attempts",
    "check_budget",
    "check_cancel",
    "check_count",
    "check_seconds",
    "checked_budget",
    "draw_from",
    "shown",
]

CHECK_CLOCK_EVERY = 32
"""How many states a search explores between two looks at the clock and the cancel signal.

A state of Forty Thieves or Scorpion Flexible can take a quarter of a
millisecond or more (a long chain of safe moves, many moves to weigh), so 32
of them stay well inside the 50 ms in which a cancelled call returns; a look
costs a fraction of a microsecond.
"""


class SolverError(PatienceError, ValueError):
    """A solver argument is out of range: a budget, a method, a game, a position or a code."""


class OutOfBudgetError(Exception):
    """The search used up its states or seconds, or was cancelled."""


@runtime_checkable
class CancelSignal(Protocol):
    """A cancellation handle: anything whose ``is_set()`` turns true to cancel a solver call.

    A :class:`threading.Event` is one (set it from any thread); so is a
    :class:`multiprocessing.Event <multiprocessing.Event>` or an
    :class:`asyncio.Event` read from a worker thread.
    """

    def is_set(self) -> bool:
        """Whether the call should stop now."""


@attrs.define
class Budget:
    """States and seconds a search may still spend (``None``: unlimited), and its cancel signal."""

    max_states: int | None
    deadline: float | None
    states: int = 0
    cancel: CancelSignal | None = None

    @classmethod
    def start(
        cls,
        max_states: int | None,
        max_seconds: float | None,
        cancel: CancelSignal | None = None,
    ) -> Budget:
        """A fresh budget; the clock starts now."""
        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        return cls(max_states, deadline, cancel=cancel)

    def capped(
        self, max_states: int | None, states: int = 0, *, seconds: float | None = None
    ) -> Budget:
        """A budget of *max_states* with this one's deadline and cancel signal.

        With *seconds*, its deadline is that many seconds from now if that comes sooner.
        """
        deadline = self.deadline
        if seconds is not None:
            own = time.monotonic() + seconds
            deadline = own if deadline is None else min(deadline, own)
        return attrs.evolve(self, max_states=max_states, states=states, deadline=deadline)

    def share(self, parts: int) -> Budget:
        """One of *parts* equal shares of what is left of this budget, states and seconds.

        The share's states are its own: add them to this budget's count
        (:meth:`take`) once it is spent.
        """
        states = None
        if self.max_states is not None:
            states = max(0, self.max_states - self.states) // parts
        seconds = None
        if self.deadline is not None:
            seconds = max(0.0, self.deadline - time.monotonic()) / parts
        return self.capped(states, seconds=seconds)

    def take(self, share: Budget) -> None:
        """Count the states that *share*, split off with :meth:`share`, has explored."""
        self.states += share.states

    def is_spent(self) -> bool:
        """Whether the deadline has passed, the states are used up or the call was cancelled."""
        try:
            self.check_clock()
        except OutOfBudgetError:
            return True
        return self.max_states is not None and self.states >= self.max_states

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
        if states > 1 or crossed:
            self.check_clock()

    def check_clock(self) -> None:
        """Raise :class:`OutOfBudgetError` if the deadline has passed or the call was cancelled."""
        if self.cancel is not None and self.cancel.is_set():
            raise OutOfBudgetError
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfBudgetError


def shown(value: object) -> str:
    """*value*'s repr, cut to a few dozen characters for an error message."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - an int too long for repr, or a repr that fails
        return f"a {type(value).__name__} that cannot be shown"
    return text if len(text) <= 40 else f"{text[:37]}..."


def check_count(name: str, value: object, *, least: int = 0) -> int:
    """*value* as a plain ``int`` of at least *least*, else a :class:`SolverError` naming it."""
    number = None
    if not isinstance(value, bool):
        with contextlib.suppress(TypeError):
            number = operator.index(value)  # type: ignore[arg-type] # junk: TypeError
    if number is None or number < least:
        raise SolverError(f"{name} must be an integer of at least {least}, not {shown(value)}")
    return number


def check_seconds(name: str, value: object) -> float | None:
    """*value* as a finite, non-negative ``float``, or ``None``; else a :class:`SolverError`."""
    if value is None:
        return None
    seconds = math.nan
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            seconds = float(value)
    if not 0 <= seconds < math.inf:
        raise SolverError(
            f"{name} must be a finite, non-negative number of seconds or None "
            f"(no bound), not {shown(value)}"
        )
    return seconds


def check_budget(max_states: object, max_seconds: object) -> tuple[int | None, float | None]:
    """*max_states* and *max_seconds* checked: plain non-negative numbers, or ``None`` (no bound).

    Raises:
        SolverError: either is out of range or of the wrong type; the message names it.
    """
    states = None if max_states is None else check_count("max_states", max_states)
    return states, check_seconds("max_seconds", max_seconds)


def check_attempts(attempts: object) -> int:
    """*attempts* checked: a plain integer of at least 0.

    Raises:
        SolverError: it is not.
    """
    return check_count("attempts", attempts)


def check_cancel(cancel: object) -> CancelSignal | None:
    """*cancel* checked: ``None`` or a :class:`CancelSignal`.

    Raises:
        SolverError: it has no ``is_set()`` method.
    """
    if cancel is not None and not (
        isinstance(cancel, CancelSignal) and callable(getattr(cancel, "is_set", None))
    ):
        raise SolverError(
            "cancel must be None or an event-like object with is_set(), such as "
            f"threading.Event(), not {shown(cancel)}"
        )
    return cancel


def checked_budget(max_states: object, max_seconds: object, cancel: object) -> Budget:
    """The call's budget, checked; its clock starts now."""
    states, seconds = check_budget(max_states, max_seconds)
    return Budget.start(states, seconds, check_cancel(cancel))


def draw_from(rng: object) -> Callable[[int], int]:
    """The draw of a number below a count: *rng*'s (a :class:`random.Random`), else a secure one.

    Raises:
        SolverError: *rng* is neither a :class:`random.Random` nor ``None``.
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise SolverError(
            f"rng must be a random.Random (e.g. random.Random(7)) or None, "
            f"not {type(rng).__name__}"
        )
    return secrets.randbelow if rng is None else rng.randrange


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
