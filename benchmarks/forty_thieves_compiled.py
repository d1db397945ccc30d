"""Benchmark the compiled best-first run against the Python one: speed, compile time, memory.

One best-first run under the portfolio's first weighting, every rule on, on
the first deals of :mod:`forty_thieves_solver`'s sample, with a cap of
states: each engine in a fresh worker process (one at a time), so that its
peak memory (``ru_maxrss``) is its own.  For each run it prints the answer
(win, no win or capped), the positions met, the CPU seconds
(``time.process_time``), the states per CPU second, and the peak memory
over the worker's before the run, per state; for the compiled run also the
first call's seconds (numba compiling, or loading its cache) and its
tables' bytes per state.  The two runs must meet the same positions: the
script says so, or stops.

    nice -n 15 python benchmarks/forty_thieves_compiled.py --deals 3 --max-states 100000

With ``--cold`` numba's cache is a new empty folder, so the first call
compiles everything (``NUMBA_CACHE_DIR``); without it the cache of earlier
runs is used.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import os
import random
import resource
import tempfile
import time

from forty_thieves_solver import SEED

from patience_rules import DEALS, forty_thieves
from patience_rules.solver._base import Budget
from patience_rules.solver._forty_thieves import _FIRST, RULES, encode
from patience_rules.solver._forty_thieves._search import BestFirst, Capped, Rules, Task


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _run(number: int, max_states: int, engine: str) -> tuple[str, int, float, float, float, float]:
    """One run on deal *number*: its answer, states, CPU seconds and MB per 1,000 states.

    Then, for the compiled run, the first call's seconds and the tables' bytes per state.
    """
    start, stock = encode(forty_thieves.deal(number))
    first_call = table_bytes = 0.0
    run_class: type[BestFirst | CompiledBestFirst] = BestFirst
    if engine == "compiled":
        from patience_rules.solver._forty_thieves._compiled import (  # noqa: PLC0415 - numba compiles in the worker
            CompiledBestFirst,
        )

        run_class = CompiledBestFirst
        started = time.perf_counter()
        task = Task(stock, Budget.start(None, None), Rules(RULES))
        warm = CompiledBestFirst(task, start, _FIRST, 2)
        with contextlib.suppress(Capped):  # tables grown from room for two: every function runs
            warm.resume(300)
        first_call = time.perf_counter() - started
    before = _peak_mb()
    budget = Budget.start(None, None)
    run = run_class(Task(stock, budget, Rules(RULES)), start, _FIRST)
    started = time.process_time()
    try:
        line = run.resume(max_states)
        answer = "no win" if line is None else f"win ({len(line)} moves)"
    except Capped:
        answer = "capped"
    cpu = time.process_time() - started
    if engine == "compiled":
        table_bytes = run.nbytes() / budget.states
    per_state = (_peak_mb() - before) / budget.states * 1000
    return answer, budget.states, cpu, per_state, first_call, table_bytes


def main() -> None:
    """Run both engines on each deal and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--max-states", type=int, default=100_000, metavar="N")
    parser.add_argument("--engines", default="python,compiled")
    parser.add_argument("--cold", action="store_true", help="compile into a new numba cache")
    args = parser.parse_args()
    if args.cold:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-cache-")
    numbers = random.Random(SEED).sample(range(DEALS), args.deals)
    print(f"{args.deals} deals (seed {SEED}); one best-first run, cap {args.max_states:,} states")
    for number in numbers:
        results = {}
        for engine in args.engines.split(","):
            with concurrent.futures.ProcessPoolExecutor(1) as pool:
                answer, states, cpu, per_state, first, table = pool.submit(
                    _run, number, args.max_states, engine
                ).result()
            results[engine] = (answer, states)
            extra = f" first call {first:5.1f} s, tables {table:4.0f} B/state" if first else ""
            print(
                f"  {number:11} {engine:8} {answer:16} {states:9,} states {cpu:7.2f} cpu-s "
                f"{states / cpu:11,.0f} states/cpu-s {per_state:5.2f} MB/1k states{extra}",
                flush=True,
            )
        if len(set(results.values())) > 1:
            raise SystemExit(f"deal {number}: the engines differ: {results}")


if __name__ == "__main__":
    main()
