"""Benchmark the Scorpion solver: outcomes, states and seconds per deal, one core.

A fixed set of random deals (200 per variant by default, drawn from a seeded
generator so every run uses the same codes) is solved one after the other in
this process, each with a budget of 10 seconds; the script prints, per
variant, the WIN / NO_WIN / UNKNOWN counts and the median, 90th percentile
and maximum of the states explored and of the seconds per deal.

    python benchmarks/scorpion_solver.py [--deals 200] [--max-seconds 10] [--variants classic]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from patience_rules import DEALS, scorpion
from patience_rules.solver import Outcome, solve

SEED = 20261201


def percentile(values: list[float], fraction: float) -> float:
    """The *fraction* quantile of *values* (nearest rank)."""
    ordered = sorted(values)
    return ordered[round(fraction * (len(ordered) - 1))]


def main() -> None:
    """Run the benchmark and print one line per variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--max-seconds", type=float, default=10.0)
    parser.add_argument("--variants", default=",".join(v.value for v in scorpion.Variant))
    args = parser.parse_args()
    numbers = random.Random(SEED).sample(range(DEALS), args.deals)
    print(f"{args.deals} deals per variant (seed {SEED}); {args.max_seconds} s per deal")
    for name in args.variants.split(","):
        variant = scorpion.Variant(name)
        started = time.perf_counter()
        solutions = [
            solve(scorpion.deal(n, variant), max_seconds=args.max_seconds) for n in numbers
        ]
        total = time.perf_counter() - started
        seconds = [s.seconds for s in solutions]
        states = [float(s.states) for s in solutions]
        counts = {o.value: sum(s.outcome is o for s in solutions) for o in Outcome}
        print(
            f"{variant.value:8} {counts} total {total:7.1f} s | "
            f"seconds median {statistics.median(seconds):.3f} "
            f"p90 {percentile(seconds, 0.9):.3f} max {max(seconds):.3f} | "
            f"states median {statistics.median(states):.0f} "
            f"p90 {percentile(states, 0.9):.0f} max {max(states):.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
