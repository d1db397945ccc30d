"""Benchmark the fair hint and the losing-move check in a UI's time, per game and variant.

For every game and variant, *positions* positions are reached by seeded
random play (deal ``n``, then ``n * 7 % 40`` random legal moves): the script
times ``solver.fair_hint`` with its default budget (16 worlds, 2 s) and
counts how many of its (move, world) verdicts were decided, then times
``solver.judge_move`` with the terminal client's budget (a quarter of a
second) on one random move of each, and counts its verdicts.

    python benchmarks/fair_hint.py [--positions 10] [--games golf,forty_thieves,scorpion]
"""

from __future__ import annotations

import random
import statistics
import time

from _variants import parser_with_games, variants

from patience_rules import game as games
from patience_rules.solver import fair_hint, judge_move


def main() -> None:
    """Run the benchmark and print one line per game and variant."""
    parser = parser_with_games(__doc__)
    parser.add_argument("--positions", type=int, default=10)
    args = parser.parse_args()
    print(f"{args.positions} positions per game and variant; fair_hint's default budget")
    for game, variant in variants(args.games):
        rules = games.rules_of(game)
        hints: list[float] = []
        judged: list[float] = []
        decided = total = 0
        verdicts = {True: 0, False: 0, None: 0}
        for number in range(args.positions):
            rng = random.Random(number)
            state = rules.deal(number, variant)
            for _ in range(number * 7 % 40):
                moves = rules.legal_moves(state)
                if not moves:
                    break
                state = rules.apply(state, rng.choice(moves))
            moves = rules.legal_moves(state)
            if not moves:
                continue
            started = time.perf_counter()
            fair = fair_hint(state)
            hints.append(time.perf_counter() - started)
            decided += sum(entry.wins + entry.losses for entry in fair.chances)
            total += sum(entry.worlds for entry in fair.chances)
            started = time.perf_counter()
            verdict = judge_move(state, rng.choice(moves), max_seconds=0.25)
            judged.append(time.perf_counter() - started)
            verdicts[verdict.lost] += 1
        print(
            f"{game} {variant.value}: fair_hint seconds median "
            f"{statistics.median(hints):.2f} max {max(hints):.2f}, verdicts decided "
            f"{decided}/{total} | judge_move seconds median {statistics.median(judged):.2f} "
            f"max {max(judged):.2f}, lost {verdicts[True]} not {verdicts[False]} "
            f"unknown {verdicts[None]}",
            flush=True,
        )


if __name__ == "__main__":
    main()
