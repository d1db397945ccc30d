"""Benchmark ``solver.winnable_deal``: the seconds a "winnable deals only" button waits, per game.

For every game and variant, ``winnable_deal`` is called with each of 50
seeded generators (``random.Random(seed)``, seeds 0-49) and its default
budget; the script prints the median and the worst seconds per call, how
many of the deals came from the shipped table of proved-winnable deals, and
how many calls failed (the target: under 2 s median and 5 s worst).

    python benchmarks/winnable_deal.py [--seeds 50] [--games golf,forty_thieves,scorpion]
"""

from __future__ import annotations

import random
import statistics
import time

from _variants import parser_with_games, variants

from patience_rules.solver import SolverError, _winnable, winnable_deal


def main() -> None:
    """Run the benchmark and print one line per game and variant."""
    parser = parser_with_games(__doc__)
    parser.add_argument("--seeds", type=int, default=50)
    args = parser.parse_args()
    print(f"{args.seeds} seeds per game and variant; default budget")
    for game, variant in variants(args.games):
        table = {number for number, _ in _winnable.table(game, variant)}
        seconds: list[float] = []
        from_table = failed = 0
        for seed in range(args.seeds):
            started = time.perf_counter()
            try:
                code, _ = winnable_deal(game, variant, random.Random(seed))
            except SolverError:
                failed += 1
            else:
                from_table += code.number in table
            seconds.append(time.perf_counter() - started)
        print(
            f"{game} {variant.value}: seconds median {statistics.median(seconds):.2f} "
            f"max {max(seconds):.2f} | from the table {from_table} | failed {failed}"
        )


if __name__ == "__main__":
    main()
