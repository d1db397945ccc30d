"""The ``patience-rules stats GAME`` command: how many deals the exact solver wins.

It solves a sample of random deals (in parallel, see
:func:`patience_rules.solver.solve_many`) and prints the winnable fraction
with its 95% Wilson score interval, the outcome counts and the timing.
"""

from __future__ import annotations

import math
import random
import secrets
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, TextIO

from patience_rules.cli._progress import Progress
from patience_rules.codes import DEALS, GameCode, variant_of
from patience_rules.errors import PatienceError
from patience_rules.solver import METHODS, SOLVABLE_GAMES, Outcome, Solution, solve_many

if TYPE_CHECKING:
    import argparse

__all__ = ["register", "run", "wilson_interval"]

_Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson_interval(45, 100)
    >>> round(low, 4), round(high, 4)
    (0.3561, 0.5476)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise ValueError(text)
    return value


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``stats`` command to the ``patience-rules`` subcommands *commands*."""
    stats = commands.add_parser(
        "stats",
        help="solve random deals and report how many are winnable",
        description="Solve a sample of random deals, several at a time, and print how many "
        "the solver wins, with a 95% confidence interval, the count of each outcome and the "
        "time taken.  A progress bar shows on a terminal; a log gets a line every few seconds.",
    )
    stats.add_argument("game", choices=SOLVABLE_GAMES, help="the game")
    variants = sorted({v.value for game in SOLVABLE_GAMES for v in type(variant_of(game))})
    stats.add_argument(
        "--variant", choices=variants, help="the rule variant (default: the game's default)"
    )
    stats.add_argument("--deals", type=_positive, default=200, help="how many deals (200)")
    stats.add_argument("--seed", type=int, help="draw the deal numbers repeatably from this seed")
    stats.add_argument("--max-states", type=_positive, help="states per deal before UNKNOWN")
    stats.add_argument(
        "--max-seconds", type=float, default=10.0, help="seconds per deal before UNKNOWN (10)"
    )
    stats.add_argument("--method", choices=METHODS, default="auto", help="solver engine")
    stats.add_argument(
        "--workers", type=_positive, help="worker processes (default: one per CPU; 1: no pool)"
    )
    stats.set_defaults(handler=run)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:  # noqa: ARG001
    """Run ``stats`` with the parsed *args*; print the report on *stdout*."""
    try:
        variant = variant_of(args.game, args.variant)
    except PatienceError as error:
        sys.stderr.write(f"patience-rules: {error}\n")
        return 2
    rng = random.Random(args.seed) if args.seed is not None else None  # noqa: S311 - sampling
    numbers = [
        secrets.randbelow(DEALS) if rng is None else rng.randrange(DEALS)
        for _ in range(args.deals)
    ]
    codes = [GameCode(args.game, variant, number) for number in numbers]
    started = time.perf_counter()
    progress = Progress(len(codes), sys.stderr)
    solutions: list[Solution] = []
    executor: Executor = (
        ThreadPoolExecutor(1) if args.workers == 1 else ProcessPoolExecutor(args.workers)
    )
    try:
        with executor:
            for solution in solve_many(
                codes,
                max_states=args.max_states,
                max_seconds=args.max_seconds,
                method=args.method,
                executor=executor,
            ):
                solutions.append(solution)
                progress.update(len(solutions))
    except PatienceError as error:
        sys.stderr.write(f"patience-rules: {error}\n")
        return 2
    wall = time.perf_counter() - started
    _report(stdout, args, variant.value, solutions, wall)
    return 0


def _report(
    stdout: TextIO, args: argparse.Namespace, variant: str, solutions: list[Solution], wall: float
) -> None:
    counts = dict.fromkeys(Outcome, 0)
    for solution in solutions:
        counts[solution.outcome] += 1
    total = len(solutions)
    wins = counts[Outcome.WIN]
    low, high = wilson_interval(wins, total)
    seed = "random deals" if args.seed is None else f"seed {args.seed}"
    times = sorted(solution.seconds for solution in solutions)
    states = sorted(solution.states for solution in solutions)
    print(f"{args.game} {variant}: {total} deals ({seed}), method {args.method}", file=stdout)
    print(
        "outcomes: " + ", ".join(f"{outcome.value} {counts[outcome]}" for outcome in Outcome),
        file=stdout,
    )
    print(
        f"winnable: {_percent(wins / total)} (95% Wilson interval "
        f"{_percent(low)}–{_percent(high)})",
        file=stdout,
    )
    if counts[Outcome.UNKNOWN]:
        upper = (wins + counts[Outcome.UNKNOWN]) / total
        print(
            f"  unknown deals count as not won; at most {_percent(upper)} if all were won",
            file=stdout,
        )
    print(
        f"time: {wall:.2f} s wall; per deal median {statistics.median(times):.3f} s, "
        f"90th percentile {times[int(0.9 * (total - 1))]:.3f} s, max {times[-1]:.3f} s",
        file=stdout,
    )
    print(
        f"states per deal: median {statistics.median(states):.0f}, max {states[-1]}", file=stdout
    )
