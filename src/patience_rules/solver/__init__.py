"""Exact solvers for the games, hints and live winnability built on them, winnable deals.

One interface for every game with a solver (:data:`SOLVABLE_GAMES`): pass a
:class:`~patience_rules.Game` or a ``State`` and the solver of its game
answers.  The solvers see everything — the order of Golf's and Forty
Thieves' stock, Scorpion's face-down cards and reserve (a perfect
information search) — and are exact:
:attr:`Outcome.WIN` comes with a line of moves that wins,
:attr:`Outcome.NO_WIN` is a proof that no line wins from the position, and
:attr:`Outcome.UNKNOWN` only means that the caller's budget (states explored
and/or seconds) ran out first.

>>> from patience_rules import new_game, solver
>>> solution = solver.solve(new_game("GO1-E-AAAAAAB"))
>>> solution.outcome
<Outcome.WIN: 'win'>
>>> game = new_game("GO1-E-AAAAAAB")
>>> for move in solution.line:
...     game = game.play(move)
>>> game.status
<Status.WON: 'won'>

Golf has two engines that give the same answers: a depth-first search in
plain Python, which finds easy wins quickly, and a sweep with numpy (the
optional ``patience-rules[solver]`` extra), one board card at a time, that
first runs as a beam to find wins and then, if it had to cut, exactly.  The
default, ``method="auto"``, tries the first with a small budget and then
runs the second when numpy is installed.

Forty Thieves' search runs compiled (numba, the same extra) once
:func:`warm_up` has made it ready in a background thread, in Python until
then: the same answers, about ten times the speed.

Every call can be bounded and stopped: *max_seconds* bounds its wall time,
and *cancel*, any event-like object with ``is_set()`` such as a
:class:`threading.Event`, stops it from another thread within a few
hundredths of a second (see :doc:`/solving`, "Deadlines and cancellation").
"""

from __future__ import annotations

from patience_rules.solver import _advice, _difficulty, _engines, _fair, _winnable
from patience_rules.solver._advice import MoveVerdict, hint, judge_move
from patience_rules.solver._base import CancelSignal, SolverError
from patience_rules.solver._daily import daily_deal
from patience_rules.solver._difficulty import Difficulty, deal_of_difficulty, difficulty
from patience_rules.solver._engines import supports
from patience_rules.solver._fair import (
    FairHint,
    FairVerdict,
    MoveChance,
    fair_hint,
    fair_judge_move,
)
from patience_rules.solver._forty_thieves._warm import warm_up
from patience_rules.solver._golf import has_numpy
from patience_rules.solver._many import solve_many
from patience_rules.solver._playback import Step, playback
from patience_rules.solver._solve import Outcome, Solution, solve, solve_code, winnability
from patience_rules.solver._winnable import winnable_deal

__all__ = [
    "DIFFICULTY_LEVELS",
    "DIFFICULTY_SECONDS",
    "FAIR_SECONDS",
    "FAIR_WORLDS",
    "HINT_STATES",
    "MAX_WORLDS",
    "METHODS",
    "SOLVABLE_GAMES",
    "WINNABLE_SECONDS",
    "CancelSignal",
    "Difficulty",
    "FairHint",
    "FairVerdict",
    "MoveChance",
    "MoveVerdict",
    "Outcome",
    "Solution",
    "SolverError",
    "Step",
    "daily_deal",
    "deal_of_difficulty",
    "difficulty",
    "fair_hint",
    "fair_judge_move",
    "has_numpy",
    "hint",
    "judge_move",
    "playback",
    "solve",
    "solve_code",
    "solve_many",
    "supports",
    "warm_up",
    "winnability",
    "winnable_deal",
]

# The constants live in the modules that use them.  They are bound again here, with
# their docstrings, because Sphinx documents a module's data from its own source only.

METHODS = _engines.METHODS
"""The solver engines :func:`solve` accepts (``"numpy"`` is Golf's only)."""

HINT_STATES = _advice.HINT_STATES
"""The default number of states :func:`hint` lets the solver explore."""

WINNABLE_SECONDS = _winnable.WINNABLE_SECONDS
"""The default time :func:`winnable_deal` may take, all its attempts included."""

DIFFICULTY_LEVELS = _difficulty.LEVELS
"""The levels of :class:`Difficulty`: 0 (no win found), then 1 (easiest) to 5 (hardest)."""

DIFFICULTY_SECONDS = _difficulty.DIFFICULTY_SECONDS
"""The default time :func:`deal_of_difficulty` may take, every deal it rates included."""

FAIR_SECONDS = _fair.FAIR_SECONDS
"""The default time :func:`fair_hint` and :func:`fair_judge_move` may take, all worlds included."""

FAIR_WORLDS = _fair.FAIR_WORLDS
"""The default number of worlds :func:`fair_hint` and :func:`fair_judge_move` deal."""

MAX_WORLDS = _fair.MAX_WORLDS
"""The most worlds :func:`fair_hint` and :func:`fair_judge_move` may be asked to deal."""

SOLVABLE_GAMES: tuple[str, ...] = tuple(_engines.ENGINES)
"""The games the solver plays, named as in ``State.game`` and :class:`~patience_rules.GameCode`."""
