"""Benchmark the Golf solver: states explored and time per deal, for each engine.

A fixed set of deals (200 per variant by default, drawn from a seeded
generator so every run uses the same codes) is solved by each engine without
a budget; the script prints the outcome counts, the states explored per
second over the whole run (the machine's speed, to compare runs on other
machines), and the median, 90th percentile and maximum of the states
explored and of the seconds per deal.
``--pool`` adds the wall time of :func:`~patience_rules.solver.solve_many`
solving the same deals on its default process pool (one worker per CPU).

    python benchmarks/golf_solver.py [--deals 200] [--methods auto,numpy,python] [--pool]
"""

from __future__ import annotations

import argparse
import random
import time

from _solutions import counts, figures

from patience_rules import DEALS, GameCode, golf
from patience_rules.solver import METHODS, has_numpy, solve, solve_many

SEED = 20261129


def main() -> None:
    """Run the benchmark and print one line per variant and engine."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    default = ",".join(m for m in METHODS if m != "numpy" or has_numpy())
    parser.add_argument("--methods", default=default)
    parser.add_argument("--pool", action="store_true")
    args = parser.parse_args()
    numbers = random.Random(SEED).sample(range(DEALS), args.deals)
    print(f"{args.deals} deals per variant (seed {SEED}); no budget")
    for variant in golf.Variant:
        for method in args.methods.split(","):
            started = time.perf_counter()
            solutions = [solve(golf.deal(n, variant), method=method) for n in numbers]
            total = time.perf_counter() - started
            speed = sum(s.states for s in solutions) / total
            print(
                f"{variant.value:8} {method:7} {counts(solutions)} total {total:6.2f} s, "
                f"{speed:,.0f} states/s | {figures(solutions)}",
                flush=True,
            )
        if args.pool:
            started = time.perf_counter()
            list(solve_many(GameCode("golf", variant, n) for n in numbers))
            total = time.perf_counter() - started
            print(f"{variant.value:8} solve_many on a process pool: total {total:6.2f} s")


if __name__ == "__main__":
    main()
