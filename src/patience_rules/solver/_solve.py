"""Exact solving: :func:`solve` a position, :func:`solve_code` a deal, :func:`winnability`.

Each turns an engine's answer — a winning line, ``None`` for a proof that
there is none, or :class:`~patience_rules.solver._base.OutOfBudgetError` —
into a :class:`Solution` whose :class:`Outcome` says which.
"""

from __future__ import annotations

import enum
import time
from typing import Any, Generic, TypeVar, overload

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import GameCode
from patience_rules.solver._base import (
    Budget,
    CancelSignal,
    Engine,
    OutOfBudgetError,
    checked_budget,
)
from patience_rules.solver._engines import (
    FortyThievesPosition,
    GolfPosition,
    ScorpionPosition,
    check_method,
    code_of,
    engine_of,
)

__all__ = ["Outcome", "Solution", "solve", "solve_code", "solved", "winnability"]

_M_co = TypeVar("_M_co", covariant=True)


class Outcome(str, enum.Enum):
    """What the solver found.  Compares equal to its value, e.g. ``"win"``."""

    WIN = "win"
    """A winning line exists; :attr:`Solution.line` is one."""
    NO_WIN = "no_win"
    """No line of play wins from the position, and that is proved."""
    UNKNOWN = "unknown"
    """The budget ran out (or the call was cancelled) before the search could tell."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Solution(Generic[_M_co]):
    """The solver's answer, typed by the moves of its game (``Solution[golf.Move]``, …).

    *outcome* says what was found; *line* is a winning sequence of moves when
    the outcome is :attr:`Outcome.WIN` (empty when the game is already won)
    and empty otherwise; *states* counts the states the search explored;
    *seconds* is the time it took (not compared by ``==``).

    The line may name hidden cards: the solver sees every card, so a
    winning line can move a card that is still face down or in the stock.
    Show it when the player gives up, not move by move to a client that
    must not learn the deal.
    """

    outcome: Outcome
    line: tuple[_M_co, ...] = ()
    states: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)


@overload
def solve(
    position: GolfPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    method: str = ...,
    cancel: CancelSignal | None = ...,
) -> Solution[golf.Move]: ...
@overload
def solve(
    position: FortyThievesPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    method: str = ...,
    cancel: CancelSignal | None = ...,
) -> Solution[forty_thieves.Move]: ...
@overload
def solve(
    position: ScorpionPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    method: str = ...,
    cancel: CancelSignal | None = ...,
) -> Solution[scorpion.Move]: ...
def solve(
    position: object,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    cancel: CancelSignal | None = None,
) -> Solution[golf.Move | forty_thieves.Move | scorpion.Move]:
    """Solve *position* exactly: a ``State`` or a :class:`~patience_rules.Game`.

    *max_states* and *max_seconds* bound the search (``None``: no bound);
    *max_seconds* bounds the whole call, counted from the call.  When either
    runs out, or *cancel* (an event-like object, see :class:`CancelSignal`)
    is set from another thread, the outcome is :attr:`Outcome.UNKNOWN`
    within a few hundredths of a second.  *method* is one of :data:`METHODS`
    that the game's solver has (for Forty Thieves, ``"auto"`` runs the
    compiled search once :func:`warm_up` has it ready, ``"python"`` always
    the Python one: the same answers).  Any position can be solved, not only a
    fresh deal; a won position gives ``WIN`` with an empty line, a stuck one
    ``NO_WIN``.  Not player-safe: the line may name hidden cards (the solver
    sees every card), so solving a game in progress is an analysis tool, to
    show the player who asks how it could still be won (:func:`playback`
    steps through the line), not a hint that keeps the hidden cards hidden.

    >>> from patience_rules import golf
    >>> solve(golf.deal(2, golf.Variant.CLASSIC), method="python").outcome
    <Outcome.WIN: 'win'>
    >>> solve(golf.deal(0, golf.Variant.CLASSIC)).outcome
    <Outcome.NO_WIN: 'no_win'>
    >>> solve(golf.deal(15, golf.Variant.CLASSIC), max_states=100).outcome
    <Outcome.UNKNOWN: 'unknown'>

    Raises:
        SolverError: *position* is not a position of a game in
            :data:`SOLVABLE_GAMES` (or one built past the rules' limits, such
            as a Golf column of more than 5 cards), or a budget, *cancel* or
            the method is invalid; the message names the argument.
    """
    budget = checked_budget(max_states, max_seconds, cancel)
    engine, state = engine_of(position)
    check_method(engine, method)
    return solved(engine, state, budget, method)


def solved(
    engine: Engine,
    state: Any,  # noqa: ANN401 - the engine's State
    budget: Budget,
    method: str,
) -> Solution[golf.Move | forty_thieves.Move | scorpion.Move]:
    """*state* solved by *engine* within *budget*: the engine's answer as a :class:`Solution`."""
    started = time.perf_counter()
    try:
        budget.check_clock()
        line = engine.search(state, budget, method)
    except OutOfBudgetError:
        return Solution(Outcome.UNKNOWN, (), budget.states, time.perf_counter() - started)
    outcome = Outcome.NO_WIN if line is None else Outcome.WIN
    return Solution(outcome, line or (), budget.states, time.perf_counter() - started)


def winnability(
    position: GolfPosition | FortyThievesPosition | ScorpionPosition,
    *,
    max_seconds: float | None = 0.5,
    max_states: int | None = None,
    cancel: CancelSignal | None = None,
) -> Outcome:
    """Whether *position* can still be won: the status line a UI shows after each move.

    :attr:`Outcome.WIN` "still winnable", :attr:`Outcome.NO_WIN` "no longer
    winnable" (proved), :attr:`Outcome.UNKNOWN` "can't tell" within the
    budget (half a second by default, the whole call) or because *cancel*
    was set.  A won game is ``WIN``.  The outcome names no card, but it is
    decided knowing every hidden card (see :doc:`/solving`).

    >>> from patience_rules import new_game
    >>> game = new_game("GO1-C-AAAAAAA")
    >>> winnability(game)
    <Outcome.NO_WIN: 'no_win'>

    Raises:
        SolverError: *position* is not one the solver plays, or a budget or
            *cancel* is invalid.
    """
    return solve(position, max_states=max_states, max_seconds=max_seconds, cancel=cancel).outcome


def solve_code(
    code: GameCode | str,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    cancel: CancelSignal | None = None,
) -> Solution[golf.Move | forty_thieves.Move | scorpion.Move]:
    """Solve the deal of *code*; the arguments are :func:`solve`'s.

    The line may name hidden cards, as :func:`solve`'s does.

    >>> solve_code("GO1-C-AAAAAAA").outcome
    <Outcome.NO_WIN: 'no_win'>

    Raises:
        SolverError: *code* is malformed or not a code of a game in
            :data:`SOLVABLE_GAMES`, or a budget, *cancel* or the method is invalid.
    """
    budget = checked_budget(max_states, max_seconds, cancel)
    engine, parsed = code_of(code)
    check_method(engine, method)
    state = engine.deal(parsed.number, parsed.variant)
    return solved(engine, state, budget, method)
