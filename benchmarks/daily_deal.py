"""Benchmark ``solver.daily_deal``: the seconds a UI waits for the deal of the day, per game.

For every game and variant, ``daily_deal`` is called for each day of a year
(from ``--start``, 365 days by default); the script prints the median and the
worst seconds per call, how many days took their deal from the shipped table
of proved-winnable deals, and how many different deals the year has.

    python benchmarks/daily_deal.py [--start 2026-01-01] [--days 365] [--games golf,scorpion]
"""

from __future__ import annotations

import datetime as dt
import statistics
import time

from _variants import parser_with_games, variants

from patience_rules.solver import _daily, _winnable, daily_deal


def main() -> None:
    """Run the benchmark and print one line per game and variant."""
    parser = parser_with_games(__doc__)
    parser.add_argument("--start", type=dt.date.fromisoformat, default=dt.date(2026, 1, 1))
    parser.add_argument("--days", type=int, default=365)
    args = parser.parse_args()
    print(f"{args.days} days from {args.start}", flush=True)
    dates = [args.start + dt.timedelta(days=k) for k in range(args.days)]
    for game, variant in variants(args.games):
        rows = _daily.TABLE_ROWS.get((game, variant.value), 0)
        table = {number for number, _ in _winnable.table(game, variant)[:rows]}
        seconds: list[float] = []
        codes = []
        for date in dates:
            started = time.perf_counter()
            code, _ = daily_deal(game, date, variant)
            seconds.append(time.perf_counter() - started)
            codes.append(code)
        from_table = sum(code.number in table for code in codes)
        print(
            f"{game} {variant.value}: seconds median {statistics.median(seconds):.3f} "
            f"max {max(seconds):.3f} | days from the table {from_table} "
            f"| different deals {len(set(codes))}",
            flush=True,
        )


if __name__ == "__main__":
    main()
