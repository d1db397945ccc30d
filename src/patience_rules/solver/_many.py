"""Many deals solved in parallel: how :func:`solve_many` spreads them over an executor, stops them.

The parent submits every deal, then waits for each in order, looking at the
cancel signal and the deadline every :data:`POLL_SECONDS`.  When either
ends the run, it sets a stop signal that the deals still running read as
their own cancel signal: in the default pool a :func:`multiprocessing.Event`
handed to each worker process when it starts, in a
:class:`~concurrent.futures.ThreadPoolExecutor` a :class:`threading.Event`.
Another executor's workers (Dask, Ray) cannot see it: they stop at the
deadline, which they receive as wall-clock time (:func:`time.time`), or at
their own budget.

The default pool starts its workers with :data:`START_METHOD`, never by
forking the caller: a caller with threads of its own (a UI, a web server, a
test runner) may hold a lock at the moment of the fork, which the child
would then wait on for ever (Python 3.12 warns of it, 3.14 stopped forking
by default).
"""

from __future__ import annotations

import concurrent.futures
import functools
import multiprocessing
import signal
import threading
import time
from typing import TYPE_CHECKING, Any, NamedTuple

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import GameCode
from patience_rules.solver._base import (
    CancelSignal,
    SolverError,
    check_budget,
    check_cancel,
    check_seconds,
)
from patience_rules.solver._engines import check_method, code_of
from patience_rules.solver._solve import Outcome, Solution, solve_code

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

__all__ = ["POLL_SECONDS", "START_METHOD", "Job", "Run", "process_pool", "run", "solve_many"]

POLL_SECONDS = 0.01
"""How often the parent looks at the cancel signal and the deadline while it waits."""

START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
"""How the default pool starts its workers: from a clean server process, or a new interpreter.

Each worker imports ``patience_rules`` when it starts (a fraction of a
second), and, as with any pool not started by forking, re-imports the
caller's main module, which must guard its own work with
``if __name__ == "__main__":``.
"""

_worker_stop: CancelSignal | None = None
"""The stop signal of a worker process of the default pool (set by :func:`_start_worker`)."""


class Job(NamedTuple):
    """What every deal of one run shares: the checked budgets and method of ``solve_many``."""

    max_states: int | None
    max_seconds: float | None
    method: str


def _start_worker(stop: CancelSignal | None) -> None:
    """Keep the run's stop signal in this worker process, and leave Ctrl-C to the parent.

    A Ctrl-C at a terminal reaches every process of the foreground group.  A
    worker that died of it would break the pool under the parent, which
    instead stops the deals still running through *stop* and shuts the pool
    down.
    """
    global _worker_stop  # noqa: PLW0603 - one signal per worker process, set once when it starts
    _worker_stop = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _solve_one(
    code: GameCode,
    *,
    job: Job,
    until: float | None,
    stop: CancelSignal | None,
) -> Solution[Any]:
    """Solve *code* in a worker: within the job's budget, and before the wall-clock *until*."""
    seconds = job.max_seconds
    if until is not None:
        left = max(0.0, until - time.time())
        seconds = left if seconds is None else min(seconds, left)
    return solve_code(
        code,
        max_states=job.max_states,
        max_seconds=seconds,
        method=job.method,
        cancel=stop if stop is not None else _worker_stop,
    )


class Run(NamedTuple):
    """What ends a run: its *timeout* in seconds and the caller's *cancel* signal."""

    timeout: float | None
    cancel: CancelSignal | None


def run(
    job: Job,
    codes: list[GameCode],
    executor: concurrent.futures.Executor | None,
    ends: Run,
) -> Iterator[Solution[Any]]:
    """The solutions of *codes*, in order, from *executor* or a default process pool."""
    if executor is not None:
        stop = threading.Event()
        in_process = isinstance(executor, concurrent.futures.ThreadPoolExecutor)
        yield from _collect(job, codes, executor, ends, stop, share=in_process)
        return
    stop_all = multiprocessing.get_context(START_METHOD).Event()
    pool = process_pool(None, stop_all)
    try:
        yield from _collect(job, codes, pool, ends, stop_all, share=False)
    finally:
        stop_all.set()
        pool.shutdown(wait=True, cancel_futures=True)


def process_pool(
    workers: int | None, stop: CancelSignal | None = None
) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of *workers* processes (``None``: one per CPU) started with :data:`START_METHOD`.

    Each worker keeps *stop*, if given, as the cancel signal of its deals, and
    ignores Ctrl-C: the parent process stops the run.
    """
    context = multiprocessing.get_context(START_METHOD)
    return concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(stop,)
    )


def _collect(  # noqa: PLR0913 - the run's parts, each used once
    job: Job,
    codes: list[GameCode],
    executor: concurrent.futures.Executor,
    ends: Run,
    stop: Any,  # noqa: ANN401 - a threading or a multiprocessing Event
    *,
    share: bool,
) -> Iterator[Solution[Any]]:
    """Submit every deal, then wait for each in turn until the run ends."""
    deadline = None if ends.timeout is None else time.monotonic() + ends.timeout
    until = None if ends.timeout is None else time.time() + ends.timeout
    work = functools.partial(_solve_one, job=job, until=until, stop=stop if share else None)
    futures = [executor.submit(work, code) for code in codes]
    try:
        for code, future in zip(codes, futures, strict=True):
            yield _wait(code, future, ends.cancel, deadline, stop)
    finally:
        stop.set()
        for future in futures:
            future.cancel()


def _wait(
    code: GameCode,
    future: concurrent.futures.Future[Solution[Any]],
    cancel: CancelSignal | None,
    deadline: float | None,
    stop: Any,  # noqa: ANN401 - a threading or a multiprocessing Event
) -> Solution[Any]:
    """*future*'s solution, or ``UNKNOWN`` once the run is cancelled or past its deadline."""
    while True:
        done, _ = concurrent.futures.wait([future], timeout=POLL_SECONDS)
        if done:
            try:
                return future.result()
            except concurrent.futures.BrokenExecutor as error:
                raise SolverError(
                    f"a worker of solve_many died while solving {code} (the pool is broken: "
                    f"{type(error).__name__}); the deals not yet solved are lost"
                ) from error
        if (cancel is not None and cancel.is_set()) or (
            deadline is not None and time.monotonic() >= deadline
        ):
            stop.set()
            future.cancel()
            return Solution(Outcome.UNKNOWN)


def solve_many(  # noqa: PLR0913 - keyword-only budgets and options, as solve's
    codes: Iterable[GameCode | str],
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    executor: concurrent.futures.Executor | None = None,
    timeout: float | None = None,
    cancel: CancelSignal | None = None,
) -> Iterator[Solution[golf.Move | forty_thieves.Move | scorpion.Move]]:
    """Solve many deals, in parallel; yields each code's :class:`Solution` in order.

    The work goes to *executor*, any :class:`concurrent.futures.Executor`:
    by default a :class:`~concurrent.futures.ProcessPoolExecutor` with one
    process per CPU, created and shut down here; pass a Dask or Ray executor
    to spread the work over a cluster (it must be able to import
    ``patience_rules``).  *max_states* and *max_seconds* apply to each deal;
    *timeout* bounds the whole run (``None``: no bound).  Once *timeout* has
    passed or *cancel* is set, the solutions not yet found are
    :attr:`Outcome.UNKNOWN`, yielded at once: the deals running in the
    default pool or in a :class:`~concurrent.futures.ThreadPoolExecutor`
    stop, those in another executor stop by the timeout (read from its
    workers' clocks) or their own *max_seconds*.  The default pool's workers
    ignore Ctrl-C: the caller's :exc:`KeyboardInterrupt` stops the run, and
    the pool, as it leaves.  Every argument and every
    code is checked here, before any work starts; the codes may be of
    different games.  The lines may name hidden cards, as :func:`solve`'s do.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     [str(s.outcome) for s in solve_many(["GO1-E-AAAAAAB", "GO1-C-AAAAAAA"], executor=pool)]
    ['win', 'no_win']

    Raises:
        SolverError: here, a code is malformed or of a game the solver does
            not play, *codes* is not an iterable of codes, or a budget, the
            method, *executor* or *cancel* is invalid; while the solutions
            are read, a worker process died (the pool is broken).
    """
    states, seconds = check_budget(max_states, max_seconds)
    total = check_seconds("timeout", timeout)
    checked_cancel = check_cancel(cancel)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SolverError(
            "executor must be a concurrent.futures.Executor (with submit()) or None, "
            f"not {type(executor).__name__}"
        )
    if isinstance(codes, str | GameCode) or not _is_iterable(codes):
        raise SolverError(
            f"codes must be an iterable of game codes, not {type(codes).__name__}"
        )
    checked = []
    for code in codes:
        engine, parsed = code_of(code)
        check_method(engine, method)
        checked.append(parsed)
    job = Job(states, seconds, method)
    return run(job, checked, executor, Run(total, checked_cancel))


def _is_iterable(value: object) -> bool:
    try:
        iter(value)  # type: ignore[call-overload] # any object: TypeError says no
    except TypeError:
        return False
    return True
