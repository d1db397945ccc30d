"""Benchmark the Golf solver: states explored and time per deal, for each engine.

A fixed set of deals (200 per variant by default, drawn from a seeded
generator so every run uses the same codes) is solved by each engine without
a budget; the script prints the outcome counts and the median, 90th
percentile and maximum of the states explored and of the seconds per deal.

    python benchmarks/golf_solver.py [--deals 200] [--methods auto,numpy,python]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from patience_rules import DEALS, golf
from patience_rules.solver import METHODS, Outcome, has_numpy, solve

SEED = 20261129


def percentile(values: list[float], fraction: float) -> float:
    """The *fraction* quantile of *values* (nearest rank)."""
    ordered = sorted(values)
    return ordered[round(fraction * (len(ordered) - 1))]


def main() -> None:
    """Run the benchmark and print one line per variant and engine."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    default = ",".join(m for m in METHODS if m != "numpy" or has_numpy())
    parser.add_argument("--methods", default=default)
    args = parser.parse_args()
    numbers = random.Random(SEED).sample(range(DEALS), args.deals)
    print(f"{args.deals} deals per variant (seed {SEED}); no budget")
    for variant in golf.Variant:
        for method in args.methods.split(","):
            started = time.perf_counter()
            solutions = [solve(golf.deal(n, variant), method=method) for n in numbers]
            total = time.perf_counter() - started
            seconds = [s.seconds for s in solutions]
            states = [float(s.states) for s in solutions]
            counts = {o.value: sum(s.outcome is o for s in solutions) for o in Outcome}
            print(
                f"{variant.value:8} {method:7} {counts} total {total:6.2f} s | "
                f"seconds median {statistics.median(seconds):.3f} "
                f"p90 {percentile(seconds, 0.9):.3f} max {max(seconds):.3f} | "
                f"states median {statistics.median(states):.0f} "
                f"p90 {percentile(states, 0.9):.0f} max {max(states):.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
