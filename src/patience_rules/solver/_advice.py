"""The solver's word on a game in progress, seeing every card: a :func:`hint`, :func:`judge_move`.

The advice from what the player can see alone is :mod:`._fair`'s.
"""

from __future__ import annotations

import time
from typing import Generic, TypeVar, overload

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.solver._base import CancelSignal, checked_budget
from patience_rules.solver._engines import (
    FortyThievesPosition,
    GolfPosition,
    ScorpionPosition,
    engine_of,
    played,
)
from patience_rules.solver._solve import Outcome, solved

__all__ = ["HINT_STATES", "MoveVerdict", "hint", "judge_move"]

HINT_STATES = 500_000
"""The default number of states :func:`hint` lets the solver explore."""

_M_co = TypeVar("_M_co", covariant=True)


@attrs.frozen
class MoveVerdict(Generic[_M_co]):
    """Whether a move lost a winnable game: :func:`judge_move`'s answer, proved or unknown.

    *move* is the move played (as the game's ``legal_moves`` lists it),
    *before* and *after* the exact outcomes of the position before and after
    it, *states* the states the searches explored, *seconds* the time taken
    (not compared by ``==``).  :attr:`lost` reads them.

    Names no card.  Like :func:`winnability`, it is decided knowing every
    hidden card; it tells the player no more than the status line would
    before and after the move.
    """

    move: _M_co
    before: Outcome
    after: Outcome
    states: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def lost(self) -> bool | None:
        """``True``: winnable before, lost after (both proved); ``None``: unknown.

        ``False`` when the game is still winnable after the move, or was
        already lost before it; ``None`` when either side is unknown within
        the budget (an unknown stays unknown, never a "yes").
        """
        if self.after is Outcome.WIN or self.before is Outcome.NO_WIN:
            return False
        if self.before is Outcome.WIN and self.after is Outcome.NO_WIN:
            return True
        return None


@overload
def hint(
    position: GolfPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> golf.Move | None: ...
@overload
def hint(
    position: FortyThievesPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> forty_thieves.Move | None: ...
@overload
def hint(
    position: ScorpionPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> scorpion.Move | None: ...
def hint(
    position: object,
    *,
    max_states: int | None = HINT_STATES,
    max_seconds: float | None = 0.5,
    cancel: CancelSignal | None = None,
) -> golf.Move | forty_thieves.Move | scorpion.Move | None:
    """A good next move for *position*, or ``None`` when there is nothing left to play.

    The first move of a winning line when the solver finds one within the
    budget (by default :data:`HINT_STATES` states or half a second, the
    whole call) and before *cancel* is set; otherwise the game's heuristic
    move — Golf: play the exposed card of the tallest column that fits (the
    leftmost on a tie), else draw.  The move may name a hidden card: the
    solver knows the stock's order and Scorpion's face-down cards, though a
    move of a face-up card or a draw shows no more than the player sees.

    >>> from patience_rules import new_game
    >>> hint(new_game("GO1-E-AAAAAAB"))
    PlayColumn(column=7)

    Raises:
        SolverError: *position* is not one the solver plays (see :func:`solve`),
            or a budget or *cancel* is invalid.
    """
    budget = checked_budget(max_states, max_seconds, cancel)
    engine, state = engine_of(position)
    solution = solved(engine, state, budget, "auto")
    if solution.line:
        return solution.line[0]
    return engine.heuristic_move(state)


@overload
def judge_move(
    position: GolfPosition,
    move: golf.Move | str,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> MoveVerdict[golf.Move]: ...
@overload
def judge_move(
    position: FortyThievesPosition,
    move: forty_thieves.Move | str,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> MoveVerdict[forty_thieves.Move]: ...
@overload
def judge_move(
    position: ScorpionPosition,
    move: scorpion.Move | str,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> MoveVerdict[scorpion.Move]: ...
def judge_move(
    position: object,
    move: object,
    *,
    max_states: int | None = None,
    max_seconds: float | None = 0.5,
    cancel: CancelSignal | None = None,
) -> MoveVerdict[golf.Move | forty_thieves.Move | scorpion.Move]:
    """Whether *move*, played in *position*, turned a winnable game into a lost one.

    The position after the move is solved first, within half the budget: if
    it is still winnable, so was the position before.  Otherwise the
    position before is solved with what is left; a position lost before a
    move is lost after it too.  :attr:`MoveVerdict.lost` is ``True`` only
    when both sides are proved; an unknown side leaves it ``None``.  The
    budget (half a second by default) and *cancel* bound the whole call.

    It names no move that would have kept the win, on purpose: the solver
    would pick that move seeing the hidden cards, and a player who can undo
    would play it with their help (a move of face-up cards that only the
    stock's order or a face-down card makes good).  The move that would
    have kept the player's chance, chosen from what they can see, is
    :func:`fair_judge_move`'s :attr:`FairVerdict.keeper`.

    Names no card, like :func:`winnability`, and is decided knowing every
    hidden card.

    >>> from patience_rules import replay
    >>> moves = "7 1 3 3 2 2 1 d d 4 6 4 2 5 5 7 7 3 d 6 2 7 7 3 d d 2 d 5 4 d d d"
    >>> game = replay("GO1-E-AAAAAAB", moves.split())
    >>> verdict = judge_move(game, "d")
    >>> verdict.before, verdict.after, verdict.lost
    (<Outcome.WIN: 'win'>, <Outcome.NO_WIN: 'no_win'>, True)
    >>> judge_move(game, "5").lost
    False

    Raises:
        SolverError: *position* is not one the solver plays, or a budget or
            *cancel* is invalid.
        InvalidNotationError: *move* is not a move of the game.
        IllegalMoveError: the rules refuse *move* in *position*.
    """
    budget = checked_budget(max_states, max_seconds, cancel)
    engine, state = engine_of(position)
    chosen, later = played(engine, state, move)
    started = time.perf_counter()
    share = budget.share(2)
    after = solved(engine, later, share, "auto").outcome
    budget.take(share)
    before = Outcome.WIN
    if after is not Outcome.WIN:
        share = budget.share(1)
        before = solved(engine, state, share, "auto").outcome
        budget.take(share)
        if before is Outcome.NO_WIN:
            after = Outcome.NO_WIN
    return MoveVerdict(chosen, before, after, budget.states, time.perf_counter() - started)
