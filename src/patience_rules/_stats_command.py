"""The ``patience-rules stats GAME`` command: how many deals the exact solver wins.

It solves a sample of random deals (in parallel, see
:func:`patience_rules.solver.solve_many`) and prints the winnable fraction
with its 95% Wilson score interval, the outcome counts and the timing, in
the player's language (``--lang``), as its progress line is.
"""

from __future__ import annotations

import math
import random
import secrets
import statistics
import sys
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from patience_rules._text import quote
from patience_rules.cli._console import printable
from patience_rules.cli._progress import Progress
from patience_rules.cli._types import cli_name, game_type, seconds_type, whole_number_type
from patience_rules.codes import DEALS, GameCode, variant_of
from patience_rules.errors import InvalidCodeError, PatienceError
from patience_rules.locales import text
from patience_rules.solver import METHODS, SOLVABLE_GAMES, Outcome, Solution, solve_many
from patience_rules.solver._many import process_pool

if TYPE_CHECKING:
    import argparse

__all__ = ["nearest_rank", "register", "report", "run", "wilson_interval"]

_Parser = TypeVar("_Parser", bound="argparse.ArgumentParser")

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


def register(commands: argparse._SubParsersAction[_Parser], lang: str = "en") -> _Parser:
    """Add the ``stats`` command to the subcommands *commands*, its help in *lang*; return it."""
    stats = commands.add_parser(
        "stats",
        help=text("help_stats", lang),
        description=text("help_stats_description", lang),
    )
    games = ", ".join(map(cli_name, SOLVABLE_GAMES))
    stats.add_argument(
        "game",
        type=game_type(SOLVABLE_GAMES, lang),
        metavar=text("metavar_game", lang),
        help=text("help_stats_game", lang, games=games),
    )
    variants = sorted({v.value for game in SOLVABLE_GAMES for v in type(variant_of(game))})
    stats.add_argument(
        "--variant", choices=variants, help=text("help_stats_variant", lang)
    )
    positive = whole_number_type(lang, positive=True)
    stats.add_argument(
        "--deals", type=positive, default=200, metavar="N", help=text("help_deals", lang)
    )
    stats.add_argument(
        "--seed",
        type=whole_number_type(lang, positive=False),
        metavar="N",
        help=text("help_seed", lang),
    )
    stats.add_argument(
        "--max-states", type=positive, metavar="N", help=text("help_max_states", lang)
    )
    stats.add_argument(
        "--max-seconds",
        type=seconds_type(lang),
        default=10.0,
        metavar="S",
        help=text("help_max_seconds", lang),
    )
    stats.add_argument(
        "--method", choices=METHODS, default="auto", help=text("help_method", lang)
    )
    stats.add_argument("--workers", type=positive, metavar="N", help=text("help_workers", lang))
    stats.set_defaults(handler=run)
    return stats


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:  # noqa: ARG001
    """Run ``stats`` with the parsed *args*; print the report on *stdout*."""
    lang = args.lang or "en"
    try:
        variant = variant_of(args.game, args.variant)
    except InvalidCodeError:
        choices = ", ".join(v.value for v in type(variant_of(args.game)))
        shown, game = quote(args.variant), cli_name(args.game)
        problem = text("bad_variant", lang, variant=shown, game=game, choices=choices)
        sys.stderr.write(f"patience-rules: {problem}\n")
        return 2
    rng = random.Random(args.seed) if args.seed is not None else None  # noqa: S311 - sampling
    numbers = [
        secrets.randbelow(DEALS) if rng is None else rng.randrange(DEALS)
        for _ in range(args.deals)
    ]
    codes = [GameCode(args.game, variant, number) for number in numbers]
    started = time.perf_counter()
    progress = Progress(len(codes), sys.stderr, lang)
    solutions: list[Solution[Any]] = []
    executor: Executor = (
        ThreadPoolExecutor(1) if args.workers == 1 else process_pool(args.workers)
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
    except PatienceError as error:  # such as a method this game's solver does not have
        problem = text("solver_error", lang, message=printable(str(error)))
        sys.stderr.write(f"patience-rules: {problem}\n")
        return 2
    wall = time.perf_counter() - started
    for line in report(args, lang, variant.value, solutions, wall):
        print(line, file=stdout)
    return 0


def nearest_rank(ordered: list[float], fraction: float) -> float:
    """The *fraction* quantile of the sorted, non-empty *ordered*: the least value at or above it.

    >>> nearest_rank([0.1, 0.5], 0.9)
    0.5
    """
    return ordered[max(math.ceil(fraction * len(ordered)), 1) - 1]


def report(
    args: argparse.Namespace, lang: str, variant: str, solutions: list[Solution[Any]], wall: float
) -> list[str]:
    """The lines of the report on *solutions* (of *args*' game and *variant*) in *lang*."""
    counts = dict.fromkeys(Outcome, 0)
    for solution in solutions:
        counts[solution.outcome] += 1
    total = len(solutions)
    wins = counts[Outcome.WIN]
    low, high = wilson_interval(wins, total)
    sample = (
        text("stats_random", lang)
        if args.seed is None
        else text("stats_seed", lang, seed=args.seed)
    )
    times = sorted(solution.seconds for solution in solutions)
    states = sorted(solution.states for solution in solutions)
    tally = ", ".join(
        text("stats_count", lang, outcome=text(f"outcome_{outcome.value}", lang), count=count)
        for outcome, count in counts.items()
    )
    lines = [
        text(
            "stats_title",
            lang,
            game=cli_name(args.game),
            variant=variant,
            total=total,
            sample=sample,
            method=args.method,
        ),
        text("stats_outcomes", lang, counts=tally),
        text(
            "stats_winnable",
            lang,
            share=_percent(wins / total),
            low=_percent(low),
            high=_percent(high),
        ),
    ]
    if counts[Outcome.UNKNOWN]:
        upper = (wins + counts[Outcome.UNKNOWN]) / total
        lines.append(text("stats_unknown_note", lang, upper=_percent(upper)))
    lines += [
        text(
            "stats_time",
            lang,
            wall=f"{wall:.2f}",
            median=f"{statistics.median(times):.3f}",
            p90=f"{nearest_rank(times, 0.9):.3f}",
            longest=f"{times[-1]:.3f}",
        ),
        text(
            "stats_states",
            lang,
            median=f"{statistics.median(states):.0f}",
            most=states[-1],
        ),
    ]
    return lines
