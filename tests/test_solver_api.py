"""The public solver API's contract: deadlines, cancellation, argument checks, the table.

Timing is checked only with generous margins (a cancelled call returns well
within a second of the cancel, where the promise is 50 ms); speed itself is
measured in ``benchmarks/winnable_deal.py``.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import importlib.resources
import math
import os
import pickle
import random
import signal
import threading
import time
import warnings
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from patience_rules import PatienceError, forty_thieves, golf, new_game, scorpion, solver
from patience_rules.solver import Outcome, SolverError, _many, _winnable

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

MARGIN = 2.0
"""Seconds a call may take past its cancel or deadline: 40 times the 50 ms promised,
so a test run sharing its cores (pytest -n auto, a busy CI machine) still passes."""

HARD: dict[str, Any] = {
    "golf": golf.deal(8322925706, golf.Variant.CLASSIC),
    "forty_thieves": forty_thieves.deal(3),
    "scorpion": scorpion.deal(4, scorpion.Variant.FLEXIBLE),
}
"""Positions no engine decides in a second: measured alone on an idle 2-core machine, Golf's
GO1-C-HYBLREK is proved lost by the plain-Python engine in 2.4 s (798,047 states), Scorpion
Flexible's deal 4 won in 2.5 s, and Forty Thieves' deal 3 is undecided after 8 s.  A faster
solver can make one of them easy: pick a harder one then (the cancellation tests need a
search still running when they cancel it, :data:`CANCEL_AFTER` in)."""

METHOD = {"golf": "python", "forty_thieves": "auto", "scorpion": "auto"}
MODULES: dict[str, Any] = {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}


class _Cancel:
    """A threading.Event that remembers when it was set."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.at = math.inf

    def is_set(self) -> bool:
        return self.event.is_set()

    def fire(self) -> None:
        self.at = time.monotonic()
        self.event.set()

    def set_after(self, seconds: float) -> threading.Timer:
        timer = threading.Timer(seconds, self.fire)
        timer.start()
        return timer


CANCEL_AFTER = 0.1
"""Seconds into a call the cancellation tests cancel it: a twentieth of :data:`HARD`'s
shortest search."""


def _cancelled(
    call: Callable[[_Cancel], object], after: float = CANCEL_AFTER
) -> tuple[object, float]:
    """*call*'s result when cancelled *after* seconds in, and how long it took to return."""
    cancel = _Cancel()
    timer = cancel.set_after(after)
    try:
        result = call(cancel)
    finally:
        timer.cancel()
    return result, time.monotonic() - cancel.at


# Cancellation


@pytest.mark.parametrize("game", solver.SOLVABLE_GAMES)
def test_a_cancelled_solve_answers_unknown_at_once(game: str) -> None:
    """A solve cancelled from another thread returns UNKNOWN, well within a second."""
    solution, late = _cancelled(lambda c: solver.solve(HARD[game], method=METHOD[game], cancel=c))
    assert isinstance(solution, solver.Solution)
    assert solution.outcome is Outcome.UNKNOWN
    assert solution.line == ()
    assert solution.states > 0
    assert late < MARGIN


@pytest.mark.parametrize("game", solver.SOLVABLE_GAMES)
def test_a_cancelled_hint_gives_the_heuristic_move(game: str) -> None:
    """A hint cancelled before it starts still gives the game's heuristic move, legal there."""
    cancel = threading.Event()
    cancel.set()
    move = solver.hint(HARD[game], max_states=None, max_seconds=None, cancel=cancel)
    assert move == solver.hint(HARD[game], max_states=0)
    assert move in MODULES[game].legal_moves(HARD[game])


def test_winnability_and_solve_code_stop_when_cancelled() -> None:
    """Winnability and solve_code answer UNKNOWN once cancelled."""
    thieves = HARD["forty_thieves"]
    outcome, late = _cancelled(lambda c: solver.winnability(thieves, max_seconds=None, cancel=c))
    assert outcome is Outcome.UNKNOWN
    assert late < MARGIN
    solution, late = _cancelled(lambda c: solver.solve_code("FT1-N-AAAAAAD", cancel=c))
    assert isinstance(solution, solver.Solution)
    assert solution.outcome is Outcome.UNKNOWN
    assert late < MARGIN


def test_a_cancelled_winnable_deal_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """winnable_deal cancelled during its search raises a SolverError that says so.

    The Python search: where an earlier test of the process has loaded the compiled
    runs, the warm-up ends within the test and the faster search finds a deal first.
    """
    monkeypatch.setenv("PATIENCE_RULES_SOLVER_ENGINE", "python")

    def call(cancel: _Cancel) -> object:
        # The first 16 deals of Random(1) are not won within Forty Thieves' 2,500 states each.
        with pytest.raises(SolverError, match="cancelled") as caught:
            solver.winnable_deal(
                "forty_thieves", rng=random.Random(1), attempts=16, max_seconds=None, cancel=cancel
            )
        return caught.value

    error, late = _cancelled(call)
    assert late < MARGIN
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - our own data
    assert copy.args == error.args  # type: ignore[attr-defined]


@pytest.mark.parametrize("pool", ["threads", "default"])
def test_a_cancelled_solve_many_yields_unknown_for_the_rest(pool: str) -> None:
    """solve_many, once cancelled, yields UNKNOWN for every deal not yet solved, at once."""
    codes = ["GO1-E-AAAAAAB", *(f"FT1-N-AAAAAA{letter}" for letter in "BCDEFG")]

    cancel = _Cancel()

    def read(solutions: Iterator[solver.Solution[Any]]) -> list[solver.Solution[Any]]:
        read = []
        for solution in solutions:
            read.append(solution)
            cancel.fire()  # once the first deal is solved, however long the pool took to start
        return read

    if pool == "default":
        solutions = read(solver.solve_many(codes, cancel=cancel))
    else:
        with concurrent.futures.ThreadPoolExecutor(2) as executor:
            solutions = read(solver.solve_many(codes, executor=executor, cancel=cancel))
    late = time.monotonic() - cancel.at
    assert len(solutions) == len(codes)
    assert solutions[0].outcome is Outcome.WIN
    assert [s.outcome for s in solutions[3:]] == [Outcome.UNKNOWN] * 4
    assert late < MARGIN + 1  # the pool's workers end and are joined too


_HELD = threading.Lock()
"""A lock the test below holds while a pool starts: a forked worker would inherit it held."""


def _can_take_the_lock() -> bool:
    return _HELD.acquire(blocking=False)


def test_pool_workers_do_not_inherit_the_callers_locks() -> None:
    """The default pool's workers start clean: a lock another thread holds is free in them."""
    with _HELD, _many.process_pool(1) as pool:
        assert pool.submit(_can_take_the_lock).result()


def test_pool_workers_leave_ctrl_c_to_the_parent() -> None:
    """A terminal's Ctrl-C reaches the workers too: they ignore it; the parent stops the run."""
    with _many.process_pool(1) as pool:
        assert pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN


def test_the_default_pool_warns_of_nothing_in_a_threaded_process() -> None:
    """solve_many's default pool, called from a thread, gives no warning (a fork would, on 3.12+).

    Every warning is recorded rather than raised: CPython cannot raise the
    fork warning (it comes after the fork), so as an error it would vanish.
    """
    codes = ["GO1-E-AAAAAAB", "GO1-C-AAAAAAA"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with concurrent.futures.ThreadPoolExecutor(1) as caller:
            solutions = caller.submit(lambda: list(solver.solve_many(codes))).result()
    assert [str(warning.message) for warning in caught] == []
    assert [s.outcome for s in solutions] == [Outcome.WIN, Outcome.NO_WIN]


# Deadlines


def test_max_seconds_bounds_the_whole_call() -> None:
    """Solve and hint with max_seconds return within it, plus a margin."""
    for call in (solver.solve, solver.hint):
        started = time.monotonic()
        call(HARD["forty_thieves"], max_states=None, max_seconds=0.3)
        assert time.monotonic() - started < 0.3 + MARGIN


def test_solve_many_timeout_bounds_the_run() -> None:
    """solve_many's timeout ends the whole run: the deals not solved by then are UNKNOWN."""
    codes = [f"FT1-N-AAAAAA{letter}" for letter in "BCDEFGH"]
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        solutions = list(solver.solve_many(codes, executor=executor, timeout=0.5))
    assert time.monotonic() - started < 0.5 + MARGIN
    assert len(solutions) == len(codes)
    assert solutions[-1].outcome is Outcome.UNKNOWN


def test_winnable_deal_out_of_time_raises_where_there_is_no_table() -> None:
    """A game with no table whose search runs out of time raises a clear SolverError."""
    with pytest.raises(SolverError, match=r"no winnable golf deal found.*0 seconds"):
        solver.winnable_deal("golf", "classic", max_seconds=0)
    with pytest.raises(SolverError, match=r"no winnable golf deal found.*within 0 attempts"):
        solver.winnable_deal("golf", attempts=0)


TABLES = [("forty_thieves", "standard"), ("scorpion", "classic"), ("scorpion", "flexible")]


@pytest.mark.parametrize(("game", "variant"), TABLES)
@pytest.mark.parametrize("kwargs", [{"attempts": 0}, {"attempts": 3, "max_seconds": 0}])
def test_a_deal_of_the_table_when_no_deal_is_tried_or_time_runs_out(
    game: str, variant: str, kwargs: dict[str, Any]
) -> None:
    """With no attempt, or no time, a game with a table gives one of its deals, repeatably."""
    code, line = solver.winnable_deal(game, variant, random.Random(3), **kwargs)
    numbers = {number for number, _ in _winnable.table(game, code.variant)}
    assert code.number in numbers
    assert replays_to_win(new_game(code), line)
    assert solver.winnable_deal(game, variant, random.Random(3), **kwargs) == (code, line)


def test_forty_thieves_deals_come_from_its_table_by_default() -> None:
    """Forty Thieves tries no random deal by default: its deal is one of the table's."""
    code, _ = solver.winnable_deal("forty_thieves")
    table = _winnable.table("forty_thieves", forty_thieves.Variant.STANDARD)
    assert code.number in {number for number, _ in table}


def test_every_deal_of_every_table_is_won_by_its_line() -> None:
    """Each line of each shipped table wins its deal: the tables are proofs."""
    shipped = sorted(path.name for path in importlib.resources.files(solver).iterdir())
    assert [name for name in shipped if name.startswith("winnable-")] == [
        f"winnable-{game}-{variant}.txt" for game, variant in TABLES
    ]
    for game, variant in TABLES:
        module = MODULES[game]
        rows = _winnable.table(game, module.Variant(variant))
        assert len(rows) >= 50, game
        assert len({number for number, _ in rows}) == len(rows)
        for number, moves in rows:
            state = module.deal(number, module.Variant(variant))
            for text in moves.split():
                state = module.apply(state, module.parse_move(text))
            assert module.is_won(state), (game, variant, number)


def replays_to_win(game: Any, line: tuple[Any, ...]) -> bool:
    """Whether *line* is legal in *game* and wins it."""
    for move in line:
        game = game.play(move)
    return bool(game.status == "won")


@pytest.mark.parametrize(
    ("game", "variant"),
    [("golf", "classic"), ("golf", "easy"), ("scorpion", "classic"), ("scorpion", "flexible")],
)
def test_winnable_deals_of_every_game_are_won_and_repeatable(game: str, variant: str) -> None:
    """winnable_deal finds a deal by search, its line wins it, and an rng repeats it."""
    code, line = solver.winnable_deal(game, variant, random.Random(5), max_seconds=None)
    assert code.game == game
    assert code.variant.value == variant
    assert replays_to_win(new_game(code), line)
    assert solver.winnable_deal(game, variant, random.Random(5), max_seconds=None) == (code, line)


# Arguments


def _label(value: object) -> str:
    """A short test id for *value*, whose repr may be huge or impossible."""
    try:
        return repr(value)[:20]
    except ValueError:
        return f"huge {type(value).__name__}"


BAD_SECONDS = [10**400, 10**5000, math.nan, math.inf, -math.inf, -1, -0.5, "1", True, [1], 1j]
BAD_STATES = [-1, -(10**5000), 1.5, True, "3", None.__class__, math.nan, [0] * 10**5]


def _calls(**kwargs: object) -> list[Callable[[], object]]:
    """Every public solver call with *kwargs* (the budgets)."""
    state = golf.deal(1)
    return [
        lambda: solver.solve(state, **kwargs),  # type: ignore[arg-type]
        lambda: solver.hint(state, **kwargs),  # type: ignore[arg-type]
        lambda: solver.winnability(state, **kwargs),  # type: ignore[arg-type]
        lambda: solver.solve_code("GO1-E-AAAAAAB", **kwargs),  # type: ignore[arg-type]
        lambda: solver.solve_many(["GO1-E-AAAAAAB"], **kwargs),  # type: ignore[arg-type]
        lambda: solver.fair_hint(state, **kwargs),  # type: ignore[arg-type]
        lambda: solver.judge_move(state, "d", **kwargs),  # type: ignore[arg-type]
        lambda: solver.fair_judge_move(state, "d", **kwargs),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("value", BAD_SECONDS, ids=_label)
def test_bad_max_seconds_is_refused_by_every_call(value: object) -> None:
    """Huge, NaN, infinite, negative or non-numeric seconds raise a SolverError naming them."""
    calls = [
        *_calls(max_seconds=value),
        lambda: solver.winnable_deal("golf", max_seconds=value),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(SolverError, match="max_seconds must be a finite, non-negative number"):
            call()
    with pytest.raises(SolverError, match="timeout must be"):
        solver.solve_many(["GO1-E-AAAAAAB"], timeout=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", BAD_STATES, ids=_label)
def test_bad_max_states_is_refused_by_every_call(value: object) -> None:
    """Negative, fractional, boolean or non-numeric state counts raise a SolverError."""
    for call in _calls(max_states=value):
        with pytest.raises(SolverError, match="max_states must be an integer of at least 0") as e:
            call()
        assert len(str(e.value)) < 120


def test_budgets_of_other_numeric_types_are_read_as_numbers() -> None:
    """Numbers of numpy, fractions, huge counts are budgets; a lying int is read as an int."""

    class Lying(int):
        def __lt__(self, other: object) -> bool:
            return False

    state = golf.deal(1)
    assert solver.solve(state, max_states=np.int64(0)).outcome is Outcome.UNKNOWN
    assert solver.solve(state, max_states=10**400, max_seconds=Fraction(60)).outcome is Outcome.WIN
    assert solver.solve(state, max_seconds=np.float32(60)).outcome is Outcome.WIN
    with pytest.raises(SolverError, match="max_states"):
        solver.solve(state, max_states=Lying(-5))


def test_solve_many_checks_its_arguments_at_the_call() -> None:
    """Bad codes, iterables, executors and cancel signals are refused before anything is read."""
    cases: list[tuple[dict[str, Any], str]] = [
        ({"codes": None}, "codes must be an iterable of game codes, not NoneType"),
        ({"codes": 3}, "codes must be an iterable"),
        ({"codes": "GO1-E-AAAAAAB"}, "codes must be an iterable of game codes, not str"),
        ({"codes": [None]}, "a game code is a str or a GameCode, not NoneType"),
        ({"codes": ["GO1-E-AAAAAAB"], "executor": object()}, "executor must be"),
        ({"codes": ["GO1-E-AAAAAAB"], "cancel": object()}, "cancel must be None or an event-like"),
        ({"codes": ["GO1-E-AAAAAAB"], "method": ["x"]}, "unknown solver method"),
    ]
    for kwargs, message in cases:
        with pytest.raises(SolverError, match=message):
            solver.solve_many(**kwargs)  # no list(): the check happens at the call


def test_winnable_deal_checks_its_arguments() -> None:
    """Bad games, rngs, attempts and cancel signals raise a SolverError naming the argument."""
    deal = solver.winnable_deal
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: deal("golf", None, "seed"), "rng must be a random.Random"),  # type: ignore[call-overload]
        (lambda: deal("golf", None, 7), "rng must be a random.Random"),  # type: ignore[call-overload]
        (lambda: deal("golf", attempts="3"), "attempts must be an integer of at least 0"),  # type: ignore[call-overload]
        (lambda: deal("golf", attempts=-1), "attempts must be an integer of at least 0, not -1"),
        (lambda: deal("golf", attempts=True), "attempts must be"),
        (lambda: deal("golf", cancel=threading.Lock()), "cancel must be"),  # type: ignore[call-overload]
        (lambda: deal(None), "is not a game the solver plays"),  # type: ignore[call-overload]
        (lambda: deal("x" * 10_000), "is not a game the solver plays"),
        (lambda: deal(10**5000), "is not a game the solver plays"),  # type: ignore[call-overload]
        (lambda: solver.solve(golf.deal(1), method=10**5000), "unknown solver method"),  # type: ignore[arg-type]
    ]
    for call, message in cases:
        with pytest.raises(SolverError, match=message) as caught:
            call()
        assert isinstance(caught.value, PatienceError)
        assert len(str(caught.value)) < 200


def test_positions_and_cancel_signals_are_checked() -> None:
    """Solve refuses a non-position and a cancel signal without is_set(), with short messages."""
    with pytest.raises(SolverError, match="list is not a position the solver plays"):
        solver.solve(["x"] * 100_000)
    for call in _calls(cancel=object()):
        with pytest.raises(SolverError, match="cancel must be None or an event-like object"):
            call()


def test_a_dead_worker_is_a_solver_error() -> None:
    """A worker process that dies under solve_many surfaces as a SolverError that says so."""
    dying = concurrent.futures.ProcessPoolExecutor(1, initializer=os._exit, initargs=(3,))
    with dying as executor:
        solutions = solver.solve_many(["GO1-E-AAAAAAB"], executor=executor)
        with pytest.raises(SolverError, match="a worker of solve_many died while solving GO1-E-A"):
            list(solutions)


def test_the_results_pickle_under_either_address() -> None:
    """Results and errors pickle; a pickle naming a class's public address or its own loads."""
    game = new_game("GO1-E-AAAAAAB")
    values = [
        solver.solve(game),
        Outcome.NO_WIN,
        solver.judge_move(game, "d", max_seconds=None),
        solver.difficulty("GO1-E-AAAAAAB"),
        solver.fair_hint(game, worlds=2, max_seconds=None),
    ]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value  # noqa: S301 - our own data
    error = pickle.loads(pickle.dumps(SolverError("no deal")))  # noqa: S301 - our own data
    assert isinstance(error, SolverError)
    assert error.args == ("no deal",)
    classes = [getattr(solver, name) for name in solver.__all__]
    for kind in (kind for kind in classes if isinstance(kind, type)):
        # Pickles written before the package was split name patience_rules.solver.X.
        assert getattr(solver, kind.__name__) is kind
        own = importlib.import_module(kind.__module__)
        assert getattr(own, kind.__qualname__) is kind
