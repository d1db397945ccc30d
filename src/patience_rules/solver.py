"""An exact Golf solver, hints built on it, winnable deals and statistics at scale.

The solver sees everything, the order of the stock included (a perfect
information search), and is exact: :attr:`Outcome.WIN` comes with a line of
moves that wins, :attr:`Outcome.NO_WIN` is a proof that no line wins from the
position, and :attr:`Outcome.UNKNOWN` only means that the caller's budget
(states explored and/or seconds) ran out first.

>>> from patience_rules import new_game, solver
>>> solution = solver.solve(new_game("GO1-E-AAAAAAB"))
>>> solution.outcome
<Outcome.WIN: 'win'>
>>> game = new_game("GO1-E-AAAAAAB")
>>> for move in solution.line:
...     game = game.play(move)
>>> game.status
<Status.WON: 'won'>

Two engines give the same answers: a depth-first search in plain Python,
which finds easy wins quickly, and a sweep with numpy (the optional
``patience-rules[solver]`` extra), one board card at a time, that first runs
as a beam to find wins and then, if it had to cut, exactly.  The default,
``method="auto"``, tries the first with a small budget and then runs the
second when numpy is installed.
"""

from __future__ import annotations

import concurrent.futures
import enum
import functools
import importlib.util
import secrets
import time
from typing import TYPE_CHECKING, Any

import attrs

from patience_rules import golf
from patience_rules._golf_search import DRAW, Budget, OutOfBudgetError, Tables, search_python
from patience_rules._golf_sweep import search_numpy
from patience_rules.cards import Card
from patience_rules.codes import DEALS, GameCode, parse_code
from patience_rules.errors import InvalidCodeError, PatienceError
from patience_rules.game import Game

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable, Iterator

__all__ = [
    "HINT_STATES",
    "METHODS",
    "Outcome",
    "Solution",
    "SolverError",
    "has_numpy",
    "hint",
    "solve",
    "solve_code",
    "solve_many",
    "winnable_deal",
]

METHODS = ("auto", "python", "numpy")
"""The solver engines :func:`solve` accepts."""

HINT_STATES = 500_000
"""The default number of states :func:`hint` lets the solver explore."""

_AUTO_DEPTH_FIRST_STATES = 300


class SolverError(PatienceError, ValueError):
    """A solver argument is out of range: a budget, a method, a game or a code."""


class Outcome(str, enum.Enum):
    """What the solver found.  Compares equal to its value, e.g. ``"win"``."""

    WIN = "win"
    """A winning line exists; :attr:`Solution.line` is one."""
    NO_WIN = "no_win"
    """No line of play wins from the position, and that is proved."""
    UNKNOWN = "unknown"
    """The budget ran out before the search could tell."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Solution:
    """The solver's answer.

    *outcome* says what was found; *line* is a winning sequence of moves when
    the outcome is :attr:`Outcome.WIN` (empty when the game is already won)
    and empty otherwise; *states* counts the states the search explored;
    *seconds* is the time it took (not compared by ``==``).
    """

    outcome: Outcome
    line: tuple[golf.Move, ...] = ()
    states: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)


def has_numpy() -> bool:
    """Whether numpy is installed, so that ``method="numpy"`` is available."""
    return importlib.util.find_spec("numpy") is not None


def _state_of(position: object) -> golf.State:
    if isinstance(position, Game):
        position = position.state
    if not isinstance(position, golf.State):
        raise SolverError(f"{position!r} is not a Golf position (a golf.State or a Game of Golf)")
    piles = (*position.columns, position.stock, position.waste)
    if (
        len(position.columns) != golf.COLUMNS
        or any(len(column) > golf.ROWS for column in position.columns)
        or len(position.stock) > golf.STOCK_SIZE
        or not position.waste
        or not all(isinstance(card, Card) for pile in piles for card in pile)
    ):
        raise SolverError(
            f"the solver takes {golf.COLUMNS} columns of at most {golf.ROWS} cards, "
            f"a stock of at most {golf.STOCK_SIZE} and a waste card, all Cards: not {position!r}"
        )
    return position


def _check_budget(max_states: object, max_seconds: object) -> None:
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


def _check_method(method: object) -> None:
    if method not in METHODS:
        raise SolverError(
            f"unknown solver method {method!r} (expected one of {', '.join(METHODS)})"
        )
    if method == "numpy" and not has_numpy():
        raise SolverError("method 'numpy' needs numpy: pip install 'patience-rules[solver]'")


def _search(tables: Tables, budget: Budget, method: str) -> tuple[int, ...] | None:
    if method == "python" or (method == "auto" and not has_numpy()):
        return search_python(tables, budget)
    if method == "auto":
        cap = _AUTO_DEPTH_FIRST_STATES
        if budget.max_states is not None:
            cap = min(cap, budget.max_states)
        first = Budget(cap, budget.deadline)
        try:
            line = search_python(tables, first)
        except OutOfBudgetError:
            budget.spend(first.states)
        else:
            budget.states += first.states
            return line
    return search_numpy(tables, budget)


def solve(
    position: golf.State | Game[Any, Any],
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
) -> Solution:
    """Solve a Golf *position* exactly.

    *position* is a :class:`~patience_rules.golf.State` or a
    :class:`~patience_rules.Game` of Golf.  *max_states* and *max_seconds*
    bound the search (``None``: no bound); when either runs out the outcome
    is :attr:`Outcome.UNKNOWN`.  *method* is one of :data:`METHODS`.  Any
    position can be solved, not only a fresh deal; a won position gives
    ``WIN`` with an empty line, a stuck one ``NO_WIN``.

    >>> from patience_rules import golf
    >>> solve(golf.deal(2, golf.Variant.CLASSIC), method="python").outcome
    <Outcome.WIN: 'win'>
    >>> solve(golf.deal(0, golf.Variant.CLASSIC)).outcome
    <Outcome.NO_WIN: 'no_win'>
    >>> solve(golf.deal(15, golf.Variant.CLASSIC), max_states=100).outcome
    <Outcome.UNKNOWN: 'unknown'>

    Raises:
        SolverError: *position* is not a Golf position (or one built past
            the rules' limits: more than 5 cards in a column, more than 16
            in the stock, no waste card), or a budget or the method is invalid.
    """
    state = _state_of(position)
    _check_budget(max_states, max_seconds)
    _check_method(method)
    started = time.perf_counter()
    moves: tuple[golf.Move, ...] = ()
    budget = Budget.start(max_states, max_seconds)
    try:
        line = _search(Tables.of(state), budget, method)
    except OutOfBudgetError:
        outcome = Outcome.UNKNOWN
    else:
        outcome = Outcome.NO_WIN if line is None else Outcome.WIN
        moves = tuple(golf.Draw() if c == DRAW else golf.PlayColumn(c) for c in line or ())
    return Solution(outcome, moves, budget.states, time.perf_counter() - started)


def hint(
    position: golf.State | Game[Any, Any],
    *,
    max_states: int | None = HINT_STATES,
    max_seconds: float | None = 0.5,
) -> golf.Move | None:
    """A good next move for *position*, or ``None`` when the game is over.

    The first move of a winning line when the solver finds one within the
    budget (by default :data:`HINT_STATES` states or half a second);
    otherwise the heuristic move: play the exposed card of the tallest
    column that fits (the leftmost on a tie), else draw.

    >>> from patience_rules import new_game
    >>> hint(new_game("GO1-E-AAAAAAB"))
    PlayColumn(column=7)

    Raises:
        SolverError: *position* is not a Golf position (see :func:`solve`),
            or a budget is invalid.
    """
    state = _state_of(position)
    solution = solve(state, max_states=max_states, max_seconds=max_seconds)
    if solution.line:
        return solution.line[0]
    moves = golf.legal_moves(state)
    plays = [move for move in moves if isinstance(move, golf.PlayColumn)]
    if plays:
        return max(plays, key=lambda move: (len(state.columns[move.column - 1]), -move.column))
    return moves[0] if moves else None


def _golf_code(code: GameCode | str) -> GameCode:
    try:
        parsed = code if isinstance(code, GameCode) else parse_code(code)
    except InvalidCodeError as error:
        raise SolverError(str(error)) from None
    if parsed.game != "golf":
        raise SolverError(f"{parsed} is not a Golf code: the solver plays Golf only")
    return parsed


def solve_code(
    code: GameCode | str,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
) -> Solution:
    """Solve the deal of Golf *code*; the arguments are :func:`solve`'s.

    >>> solve_code("GO1-C-AAAAAAA").outcome
    <Outcome.NO_WIN: 'no_win'>

    Raises:
        SolverError: *code* is not a Golf code, or a budget or the method is invalid.
    """
    parsed = _golf_code(code)
    state = golf.deal(parsed.number, golf.Variant(parsed.variant))
    return solve(state, max_states=max_states, max_seconds=max_seconds, method=method)


def solve_many(
    codes: Iterable[GameCode | str],
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[Solution]:
    """Solve many Golf deals, in parallel; yields each code's :class:`Solution` in order.

    The work goes to *executor*, any :class:`concurrent.futures.Executor`:
    by default a :class:`~concurrent.futures.ProcessPoolExecutor` with one
    process per CPU, created and shut down here; pass a Dask or Ray executor
    to spread the work over a cluster (it must be able to import
    ``patience_rules``).  The budgets apply to each deal.  Every code is
    checked before any work starts.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     [str(s.outcome) for s in solve_many(["GO1-E-AAAAAAB", "GO1-C-AAAAAAA"], executor=pool)]
    ['win', 'no_win']

    Raises:
        SolverError: a code is not a Golf code, or a budget or the method is invalid.
    """
    checked = [_golf_code(code) for code in codes]
    _check_budget(max_states, max_seconds)
    _check_method(method)
    work = functools.partial(
        solve_code, max_states=max_states, max_seconds=max_seconds, method=method
    )
    return _map(work, checked, executor)


def _map(
    work: functools.partial[Solution],
    codes: list[GameCode],
    executor: concurrent.futures.Executor | None,
) -> Iterator[Solution]:
    if executor is not None:
        yield from executor.map(work, codes)
        return
    with concurrent.futures.ProcessPoolExecutor() as pool:
        yield from pool.map(work, codes, chunksize=4)


def winnable_deal(
    variant: golf.Variant = golf.Variant.EASY,
    rng: random.Random | None = None,
    *,
    max_seconds: float | None = 1.0,
    attempts: int = 200,
) -> tuple[GameCode, tuple[golf.Move, ...]]:
    """A random Golf code whose deal is proved winnable under *variant*, and a winning line.

    Deal numbers come from *rng* (a :class:`random.Random`, for repeatable
    draws) or, by default, from a secure random source; a deal is kept as
    soon as the solver finds a winning line within *max_seconds*.

    >>> import random
    >>> from patience_rules import golf, new_game
    >>> code, line = winnable_deal(golf.Variant.CLASSIC, random.Random(7))
    >>> game = new_game(code)
    >>> for move in line:
    ...     game = game.play(move)
    >>> game.status
    <Status.WON: 'won'>

    Raises:
        SolverError: *attempts* deals in a row were not proved winnable, or
            an argument is invalid.
    """
    if not isinstance(variant, golf.Variant):
        raise SolverError(f"{variant!r} is not a golf.Variant")
    _check_budget(None, max_seconds)
    for _ in range(attempts):
        number = secrets.randbelow(DEALS) if rng is None else rng.randrange(DEALS)
        solution = solve(golf.deal(number, variant), max_seconds=max_seconds)
        if solution.outcome is Outcome.WIN:
            return GameCode("golf", variant, number), solution.line
    raise SolverError(f"no winnable deal found in {attempts} attempts")
