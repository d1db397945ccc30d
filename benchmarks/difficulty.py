"""Calibrate ``solver.difficulty``: rate random deals of every game and variant, then report.

Each game and variant gets *deals* random deal numbers drawn from
``random.Random(f"{seed} {game} {variant}")``; the deals are rated in turn,
one of each variant after the other, so a run stopped early has rated about
as many of each.  Every rating is appended to *results* as one JSON line
(the code and the evidence) as soon as it is done, and a run started again
skips the codes already there, so an interrupted run resumes.  The report
recomputes each level from the evidence with the current thresholds, so the
thresholds can be tuned without rating again.

    nice -n 19 python benchmarks/difficulty.py --deals 1000 --workers 2 --results difficulty.jsonl
    nice -n 19 python benchmarks/difficulty.py --variants golf-easy,golf-classic --results …
    python benchmarks/difficulty.py --report --results difficulty.jsonl
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import random
import statistics
import time
from pathlib import Path

from patience_rules.codes import DEALS, GameCode, variant_of
from patience_rules.solver import DIFFICULTY_LEVELS, SOLVABLE_GAMES, _difficulty, difficulty

_OUTCOMES = ("win", "no_win", "unknown")


def codes(deals: int, seed: int, kinds: list[str] | None = None) -> list[str]:
    """The codes of the run, one deal of each game and variant (of *kinds*) after the other."""
    drawn = []
    for game in SOLVABLE_GAMES:
        for variant in type(variant_of(game, None)):
            if kinds is not None and f"{game}-{variant.value}" not in kinds:
                continue
            rng = random.Random(f"{seed} {game} {variant.value}")
            numbers = [rng.randrange(DEALS) for _ in range(deals)]
            drawn.append([str(GameCode(game, variant, number)) for number in numbers])
    return [code for row in zip(*drawn, strict=True) for code in row]


def rate(code: str) -> dict[str, object]:
    """*code*'s rating as one JSON-ready row, with the CPU seconds it took."""
    started = time.process_time()
    rated = difficulty(code)
    return {
        "code": code,
        "level": rated.level,
        "outcome": rated.outcome.value,
        "states": rated.states,
        "first_moves": rated.first_moves,
        "winning_first_moves": rated.winning_first_moves,
        "max_states": rated.max_states,
        "cpu_seconds": round(time.process_time() - started, 4),
    }


def run(todo: list[str], results: Path, workers: int) -> None:
    """Rate every code of *todo*, appending each row to *results* as it comes."""
    done = {row["code"] for row in read(results)}
    left = [code for code in todo if code not in done]
    print(f"{len(done)} rated already, {len(left)} to go", flush=True)
    with (
        results.open("a", encoding="utf-8") as out,
        concurrent.futures.ProcessPoolExecutor(workers) as pool,
    ):
        for count, row in enumerate(pool.map(rate, left, chunksize=4), 1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            if count % 50 == 0:
                print(f"{len(done) + count} rated", flush=True)


def read(results: Path) -> list[dict[str, object]]:
    """The rows written so far (none when the file does not exist)."""
    if not results.exists():
        return []
    lines = results.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.endswith("}")]


def report(results: Path) -> None:
    """Print, per game and variant, each level's share and the won deals' efforts."""
    rows = read(results)
    columns = ["game and variant", "deals", *map(str, DIFFICULTY_LEVELS), "0: lost", "0: unknown"]
    print("| " + " | ".join(columns) + " |")
    print("|---" * len(columns) + "|")
    notes = []
    thresholds: dict[tuple[str, str], tuple[int, ...]] = {}
    for game in SOLVABLE_GAMES:
        for variant in type(variant_of(game, None)):
            prefix = str(GameCode(game, variant, 0))[:5]
            mine = [row for row in rows if str(row["code"]).startswith(prefix)]
            if not mine:
                continue
            levels = [_level(game, variant.value, row) for row in mine]
            shares = " | ".join(
                f"{100 * levels.count(level) / len(mine):.1f}%" for level in DIFFICULTY_LEVELS
            )
            zero = " | ".join(
                f"{100 * sum(row['outcome'] == outcome for row in mine) / len(mine):.1f}%"
                for outcome in _OUTCOMES[1:]
            )
            print(f"| {game} {variant.value} | {len(mine)} | {shares} | {zero} |")
            won = sorted(int(row["states"]) for row in mine if row["outcome"] == "win")  # type: ignore[call-overload]
            outcomes = {o: sum(row["outcome"] == o for row in mine) for o in _OUTCOMES}
            cpu = [float(row["cpu_seconds"]) for row in mine]  # type: ignore[arg-type]
            narrow = sum(
                _difficulty.is_narrow(
                    int(row["first_moves"]),  # type: ignore[call-overload]
                    int(row["winning_first_moves"]),  # type: ignore[call-overload]
                )
                for row in mine
                if row["outcome"] == "win"
            )
            if len(won) > 1:
                cuts = statistics.quantiles(won, n=5, method="inclusive")
                thresholds[game, variant.value] = tuple(_rounded(cut) for cut in cuts)
            if won:
                deciles = statistics.quantiles(won, n=10, method="inclusive") if won[1:] else won
                notes.append(
                    f"{game} {variant.value}: {outcomes}; narrow starts {narrow}; effort deciles "
                    f"{[round(d) for d in deciles]}; CPU s median {statistics.median(cpu):.3f} "
                    f"max {max(cpu):.2f} total {sum(cpu):.0f}"
                )
    print("\n".join(notes))
    print("effort quintiles of the won deals, rounded (the thresholds):")
    for kind, cuts in thresholds.items():
        print(f"    {kind}: {cuts},")


def _rounded(number: float) -> int:
    """*number* rounded to two significant figures."""
    digits = max(0, len(str(round(number))) - 2)
    return round(number, -digits)


def _level(game: str, variant: str, row: dict[str, object]) -> int:
    return _difficulty.level(
        (game, variant),
        won=row["outcome"] == "win",
        effort=int(row["states"]),  # type: ignore[call-overload]
        first_moves=int(row["first_moves"]),  # type: ignore[call-overload]
        winning=int(row["winning_first_moves"]),  # type: ignore[call-overload]
    )


def main() -> None:
    """Rate the deals (resuming), or report on the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per game and variant")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--results", type=Path, default=Path("difficulty.jsonl"))
    parser.add_argument(
        "--variants", help="only these, e.g. golf-easy,scorpion-classic (default: all)"
    )
    parser.add_argument("--report", action="store_true", help="only report on the results")
    args = parser.parse_args()
    if not args.report:
        kinds = None if args.variants is None else args.variants.split(",")
        run(codes(args.deals, args.seed, kinds), args.results, args.workers)
    report(args.results)


if __name__ == "__main__":
    main()
