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
"""

from __future__ import annotations

import concurrent.futures
import enum
import functools
import secrets
import time
from typing import TYPE_CHECKING, Any

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import DEALS, GameCode, parse_code, variant_of
from patience_rules.errors import InvalidCodeError
from patience_rules.game import Game
from patience_rules.solver import _forty_thieves, _golf, _scorpion
from patience_rules.solver._base import (
    Budget,
    Engine,
    OutOfBudgetError,
    SolverError,
    check_budget,
)

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable, Iterator

__all__ = [
    "HINT_STATES",
    "METHODS",
    "SOLVABLE_GAMES",
    "Outcome",
    "Solution",
    "SolverError",
    "has_numpy",
    "hint",
    "solve",
    "solve_code",
    "solve_many",
    "supports",
    "winnability",
    "winnable_deal",
]

METHODS = ("auto", "python", "numpy")
"""The solver engines :func:`solve` accepts (``"numpy"`` is Golf's only)."""

HINT_STATES = 500_000
"""The default number of states :func:`hint` lets the solver explore."""

_ENGINES: dict[str, Engine] = {
    engine.game: engine for engine in (_golf.ENGINE, _forty_thieves.ENGINE, _scorpion.ENGINE)
}
_STATES: dict[str, type] = {
    "golf": golf.State,
    "forty_thieves": forty_thieves.State,
    "scorpion": scorpion.State,
}

SOLVABLE_GAMES: tuple[str, ...] = tuple(_ENGINES)
"""The games the solver plays, named as in ``State.game`` and :class:`~patience_rules.GameCode`."""

has_numpy = _golf.has_numpy


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
    line: tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...] = ()
    states: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)


def supports(position: object) -> bool:
    """Whether the solver plays *position*'s game: a game name, a ``State`` or a ``Game``.

    >>> from patience_rules import new_game
    >>> supports("golf"), supports(new_game("FT1-N-AAAAAAB")), supports("chess")
    (True, True, False)
    """
    if isinstance(position, Game):
        position = position.state
    game = position if isinstance(position, str) else getattr(type(position), "game", None)
    return game in _ENGINES


def _engine_of(position: object) -> tuple[Engine, Any]:
    """The engine of *position*'s game and its checked state."""
    if isinstance(position, Game):
        position = position.state
    for game, state_type in _STATES.items():
        if isinstance(position, state_type):
            engine = _ENGINES[game]
            return engine, engine.position(position)
    raise SolverError(
        f"{position!r} is not a position the solver plays: "
        f"a State or a Game of {', '.join(_ENGINES)}"
    )


def _check_method(engine: Engine, method: object) -> None:
    if method not in METHODS:
        raise SolverError(
            f"unknown solver method {method!r} (expected one of {', '.join(METHODS)})"
        )
    if method not in engine.methods:
        raise SolverError(
            f"the {engine.game} solver has no {method!r} method "
            f"(expected one of {', '.join(engine.methods)})"
        )
    if method == "numpy" and not _golf.has_numpy():
        raise SolverError("method 'numpy' needs numpy: pip install 'patience-rules[solver]'")


def solve(
    position: Any,  # noqa: ANN401 - a State or a Game of any game with a solver
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
) -> Solution:
    """Solve *position* exactly: a ``State`` or a :class:`~patience_rules.Game`.

    *max_states* and *max_seconds* bound the search (``None``: no bound);
    when either runs out the outcome is :attr:`Outcome.UNKNOWN`.  *method* is
    one of :data:`METHODS` that the game's solver has.  Any position can be
    solved, not only a fresh deal; a won position gives ``WIN`` with an empty
    line, a stuck one ``NO_WIN``.

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
            as a Golf column of more than 5 cards), or a budget or the method
            is invalid.
    """
    engine, state = _engine_of(position)
    check_budget(max_states, max_seconds)
    _check_method(engine, method)
    return _solve(engine, state, max_states, max_seconds, method)


def _solve(
    engine: Engine,
    state: Any,  # noqa: ANN401 - the engine's State
    max_states: int | None,
    max_seconds: float | None,
    method: str,
) -> Solution:
    started = time.perf_counter()
    budget = Budget.start(max_states, max_seconds)
    try:
        line = engine.search(state, budget, method)
    except OutOfBudgetError:
        return Solution(Outcome.UNKNOWN, (), budget.states, time.perf_counter() - started)
    outcome = Outcome.NO_WIN if line is None else Outcome.WIN
    return Solution(outcome, line or (), budget.states, time.perf_counter() - started)


def hint(
    position: Any,  # noqa: ANN401 - a State or a Game of any game with a solver
    *,
    max_states: int | None = HINT_STATES,
    max_seconds: float | None = 0.5,
) -> golf.Move | forty_thieves.Move | scorpion.Move | None:
    """A good next move for *position*, or ``None`` when there is nothing left to play.

    The first move of a winning line when the solver finds one within the
    budget (by default :data:`HINT_STATES` states or half a second);
    otherwise the game's heuristic move — Golf: play the exposed card of the
    tallest column that fits (the leftmost on a tie), else draw.

    >>> from patience_rules import new_game
    >>> hint(new_game("GO1-E-AAAAAAB"))
    PlayColumn(column=7)

    Raises:
        SolverError: *position* is not one the solver plays (see :func:`solve`),
            or a budget is invalid.
    """
    engine, state = _engine_of(position)
    check_budget(max_states, max_seconds)
    solution = _solve(engine, state, max_states, max_seconds, "auto")
    if solution.line:
        return solution.line[0]
    return engine.heuristic_move(state)


def winnability(
    position: Any,  # noqa: ANN401 - a State or a Game of any game with a solver
    *,
    max_seconds: float | None = 0.5,
    max_states: int | None = None,
) -> Outcome:
    """Whether *position* can still be won: the status line a UI shows after each move.

    :attr:`Outcome.WIN` "still winnable", :attr:`Outcome.NO_WIN` "no longer
    winnable" (proved), :attr:`Outcome.UNKNOWN` "can't tell" within the
    budget (half a second by default).  A won game is ``WIN``.

    >>> from patience_rules import new_game
    >>> game = new_game("GO1-C-AAAAAAA")
    >>> winnability(game)
    <Outcome.NO_WIN: 'no_win'>

    Raises:
        SolverError: *position* is not one the solver plays, or a budget is invalid.
    """
    return solve(position, max_states=max_states, max_seconds=max_seconds).outcome


def _code_of(code: object) -> tuple[Engine, GameCode]:
    try:
        parsed = code if isinstance(code, GameCode) else parse_code(code)  # type: ignore[arg-type]
    except InvalidCodeError as error:
        raise SolverError(str(error)) from None
    return _ENGINES[parsed.game], parsed


def solve_code(
    code: GameCode | str,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
) -> Solution:
    """Solve the deal of *code*; the arguments are :func:`solve`'s.

    >>> solve_code("GO1-C-AAAAAAA").outcome
    <Outcome.NO_WIN: 'no_win'>

    Raises:
        SolverError: *code* is malformed or not a code of a game in
            :data:`SOLVABLE_GAMES`, or a budget or the method is invalid.
    """
    engine, parsed = _code_of(code)
    check_budget(max_states, max_seconds)
    _check_method(engine, method)
    state = engine.deal(parsed.number, parsed.variant)
    return _solve(engine, state, max_states, max_seconds, method)


def solve_many(
    codes: Iterable[GameCode | str],
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[Solution]:
    """Solve many deals, in parallel; yields each code's :class:`Solution` in order.

    The work goes to *executor*, any :class:`concurrent.futures.Executor`:
    by default a :class:`~concurrent.futures.ProcessPoolExecutor` with one
    process per CPU, created and shut down here; pass a Dask or Ray executor
    to spread the work over a cluster (it must be able to import
    ``patience_rules``).  The budgets apply to each deal.  Every code is
    checked before any work starts; the codes may be of different games.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     [str(s.outcome) for s in solve_many(["GO1-E-AAAAAAB", "GO1-C-AAAAAAA"], executor=pool)]
    ['win', 'no_win']

    Raises:
        SolverError: a code is malformed or of a game the solver does not
            play, or a budget or the method is invalid.
    """
    check_budget(max_states, max_seconds)
    checked = []
    for code in codes:
        engine, parsed = _code_of(code)
        _check_method(engine, method)
        checked.append(parsed)
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


def _game_and_variant(game: object, variant: object) -> tuple[Engine, enum.Enum]:
    if not isinstance(game, str) or game not in _ENGINES:
        raise SolverError(f"{game!r} is not a game the solver plays ({', '.join(_ENGINES)})")
    try:
        member = variant_of(game, variant)  # type: ignore[arg-type]
    except InvalidCodeError as error:
        raise SolverError(str(error)) from None
    return _ENGINES[game], member


def winnable_deal(
    game: str,
    variant: enum.Enum | str | None = None,
    rng: random.Random | None = None,
    *,
    max_seconds: float | None = 1.0,
    attempts: int = 200,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]:
    """A random code of *game* whose deal is proved winnable under *variant*, and a winning line.

    *game* is a name of :data:`SOLVABLE_GAMES`; *variant* the game's
    ``Variant`` member or its name (``None``: the game's default).
    Deal numbers come from *rng* (a :class:`random.Random`, for repeatable
    draws) or, by default, from a secure random source; a deal is kept as
    soon as the solver finds a winning line within *max_seconds*.

    >>> import random
    >>> from patience_rules import golf, new_game
    >>> code, line = winnable_deal("golf", golf.Variant.CLASSIC, random.Random(7))
    >>> game = new_game(code)
    >>> for move in line:
    ...     game = game.play(move)
    >>> game.status
    <Status.WON: 'won'>

    Raises:
        SolverError: *attempts* deals in a row were not proved winnable, or
            an argument is invalid.
    """
    engine, member = _game_and_variant(game, variant)
    check_budget(None, max_seconds)
    for _ in range(attempts):
        number = secrets.randbelow(DEALS) if rng is None else rng.randrange(DEALS)
        solution = _solve(engine, engine.deal(number, member), None, max_seconds, "auto")
        if solution.outcome is Outcome.WIN:
            return GameCode(engine.game, member, number), solution.line
    raise SolverError(f"no winnable deal found in {attempts} attempts")
