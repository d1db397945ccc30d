"""Benchmark the Forty Thieves solver: outcomes, states, seconds and memory per deal, one core.

A fixed set of random deals (200 by default, drawn from a seeded generator so
every run uses the same codes) is solved one after the other, each with a
budget of 10 seconds, each in a fresh worker process (one at a time) so that
its peak memory can be read: the worker's maximum resident set size
(``resource.getrusage(...).ru_maxrss``, which includes the interpreter and
the library, about 30 MB).  The script prints the WIN / NO_WIN / UNKNOWN
counts, the median, 90th percentile and maximum of the seconds and states
per deal, the same figures of the peak memory, and the search's speed: all
the deals' states over all their seconds.

    python benchmarks/forty_thieves_solver.py [--deals 200] [--max-seconds 10]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import resource
import statistics
import time

from _solutions import counts, figures, percentile

from patience_rules import DEALS, forty_thieves
from patience_rules.solver import Solution, solve

SEED = 20261201


def _solve(number: int, max_seconds: float) -> tuple[Solution, float]:
    """Solve deal *number*; the solution and this process's peak memory in MB."""
    solution = solve(forty_thieves.deal(number), max_seconds=max_seconds)
    return solution, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _shard(text: str) -> tuple[int, int]:
    """``"i/n"`` as *i* and *n*, with 1 ≤ *i* ≤ *n*."""
    first, _, every = text.partition("/")
    if not (first.isdigit() and every.isdigit() and 1 <= int(first) <= int(every)):
        raise argparse.ArgumentTypeError(f"a shard is i/n with 1 <= i <= n, not {text!r}")
    return int(first), int(every)


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--max-seconds", type=float, default=10.0)
    parser.add_argument("--verbose", action="store_true", help="print one line per deal")
    parser.add_argument(
        "--shard", type=_shard, default=(1, 1), help="i/n: every n-th deal from the i-th"
    )
    args = parser.parse_args()
    first, every = args.shard
    numbers = random.Random(SEED).sample(range(DEALS), args.deals)[first - 1 :: every]
    shard = f", shard {first}/{every}: {len(numbers)} deals" if every > 1 else ""
    print(f"{args.deals} deals (seed {SEED}){shard}; {args.max_seconds} s per deal")
    started = time.perf_counter()
    solutions, memory = [], []
    for number in numbers:
        # A pool per deal: a fresh process, so its peak memory is this deal's
        # (max_tasks_per_child needs Python 3.11).
        with concurrent.futures.ProcessPoolExecutor(1) as pool:
            solution, megabytes = pool.submit(_solve, number, args.max_seconds).result()
        solutions.append(solution)
        memory.append(megabytes)
        if args.verbose:
            print(
                f"  {number:11} {solution.outcome.value:8} {solution.states:8} states "
                f"{solution.seconds:6.2f} s {megabytes:6.0f} MB",
                flush=True,
            )
    total = time.perf_counter() - started
    print(f"{counts(solutions)} total {total:7.1f} s | {figures(solutions)}")
    print(
        f"peak memory (ru_maxrss) median {statistics.median(memory):.0f} MB "
        f"p90 {percentile(memory, 0.9):.0f} MB max {max(memory):.0f} MB",
        flush=True,
    )
    speed = sum(one.states for one in solutions) / sum(one.seconds for one in solutions)
    print(f"speed {speed:,.0f} states per second", flush=True)


if __name__ == "__main__":
    main()
