"""Benchmark the Scorpion solver: outcomes, states and seconds per deal, one core.

A fixed set of random deals (200 per variant by default, drawn from a seeded
generator so every run uses the same codes) is solved one after the other in
this process, each with a budget of 10 seconds; the script prints, per
variant, the WIN / NO_WIN / UNKNOWN counts, the states explored per second
over the whole run (the machine's speed, to compare runs on other machines),
and the median, 90th percentile and maximum of the states explored and of
the seconds per deal.

    python benchmarks/scorpion_solver.py [--deals 200] [--max-seconds 10] [--variants classic]
"""

from __future__ import annotations

import argparse
import random
import time

from _solutions import counts, figures

from patience_rules import DEALS, scorpion
from patience_rules.solver import solve

SEED = 20261201


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
        speed = sum(s.states for s in solutions) / total
        print(
            f"{variant.value:8} {counts(solutions)} total {total:7.1f} s, "
            f"{speed:,.0f} states/s | {figures(solutions)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
