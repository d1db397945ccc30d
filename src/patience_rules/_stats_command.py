"""The ``patience-rules stats GAME`` command: how many deals the exact solver wins.

It solves a sample of random deals (in parallel, see
:func:`patience_rules.solver.solve_many`: on a process pool, or on a Dask
cluster, :mod:`patience_rules.cli._cluster`) and prints the winnable fraction
with its 95% Wilson score interval, the outcome counts, the timing and the
deals per second, in the player's language (``--lang``), as its progress line
is.  With ``--results FILE`` every deal's result goes to a file as it is
solved, and a run given the same file again resumes
(:mod:`patience_rules.cli._results`).
"""

from __future__ import annotations

import contextlib
import itertools
import math
import random
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from patience_rules._text import quote
from patience_rules.cli._cluster import executor_for
from patience_rules.cli._commands import CommandError
from patience_rules.cli._console import os_reason, printable
from patience_rules.cli._progress import Progress
from patience_rules.cli._results import Results, ResultsError, Run, Tally, open_results
from patience_rules.cli._session import INTERRUPTED
from patience_rules.cli._types import cli_name, game_type, seconds_type, whole_number_type
from patience_rules.codes import DEALS, GameCode, variant_of
from patience_rules.errors import InvalidCodeError, PatienceError
from patience_rules.locales import text
from patience_rules.solver import METHODS, SOLVABLE_GAMES, Outcome, solve_many

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterator

__all__ = [
    "CHUNK",
    "nearest_rank",
    "register",
    "report",
    "run",
    "wilson_bounds",
    "wilson_interval",
]

CHUNK = 1000
"""How many deals go to the executor at once, so a long run holds a bounded number of them."""

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
    low = 0.0 if successes == 0 else max(0.0, centre - spread)  # exactly, not by rounding
    return low, 1.0 if successes == trials else min(1.0, centre + spread)


def wilson_bounds(wins: int, unknown: int, trials: int) -> tuple[float, float]:
    """The 95% interval of the winnable fraction, the *unknown* deals counted both ways.

    As Blake & Gent give it: the lower bound of the Wilson interval counting
    the unknown deals as lost, the upper bound of the one counting them won.
    With none unknown, it is :func:`wilson_interval`.

    >>> low, high = wilson_bounds(45, 10, 100)
    >>> round(low, 4), round(high, 4)
    (0.3561, 0.6439)
    """
    return wilson_interval(wins, trials)[0], wilson_interval(wins + unknown, trials)[1]


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
    where = stats.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler", metavar=text("metavar_address", lang), help=text("help_scheduler", lang)
    )
    where.add_argument("--dask-local", action="store_true", help=text("help_dask_local", lang))
    stats.add_argument(
        "--results", type=Path, metavar=text("metavar_file", lang), help=text("help_results", lang)
    )
    stats.set_defaults(handler=run)
    return stats


def _percent(value: float, decimals: int = 1) -> str:
    return f"{100 * value:.{decimals}f}%"


def _decimals(low: float, high: float) -> int:
    """Decimals enough to show the half-width of the interval *low*–*high* (in %) to 2 digits."""
    half = 100 * (high - low) / 2
    return max(1, 1 - math.floor(math.log10(half))) if half > 0 else 1


def _deal_codes(game: str, variant: Any, seed: int | None) -> Iterator[GameCode]:  # noqa: ANN401 - any game's Variant enum
    """Codes of random deals of *game* and *variant*, drawn from *seed* (``None``: at random)."""
    rng = random.Random(seed) if seed is not None else None  # noqa: S311 - sampling
    while True:
        number = secrets.randbelow(DEALS) if rng is None else rng.randrange(DEALS)
        yield GameCode(game, variant, number)


def _chunks(codes: Iterator[GameCode], size: int) -> Iterator[list[GameCode]]:
    while chunk := list(itertools.islice(codes, size)):
        yield chunk


def _cannot_save(path: Path, error: OSError, lang: str) -> CommandError:
    why = os_reason(error, lang)
    return CommandError(text("cannot_save", lang, path=printable(str(path)), why=why))


def _open(args: argparse.Namespace, shared: Run, codes: Iterator[GameCode], lang: str) -> Results:
    """The results file of ``--results``, read and ready to append to; notices on stderr."""
    shown = printable(str(args.results))
    try:
        results, dropped = open_results(
            args.results, shared, codes if args.seed is not None else None, lang
        )
    except ResultsError as error:
        raise CommandError(str(error)) from None
    except OSError as error:
        raise _cannot_save(args.results, error, lang) from None
    if dropped:
        sys.stderr.write(text("results_dropped", lang, path=shown, size=dropped) + "\n")
    if results.tally.total:
        left = max(0, args.deals - results.tally.total)
        done = results.tally.total
        sys.stderr.write(text("results_resumed", lang, path=shown, done=done, left=left) + "\n")
    return results


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
    if args.scheduler is not None and args.workers is not None:
        raise CommandError(text("workers_with_scheduler", lang), 2)
    codes = _deal_codes(args.game, variant, args.seed)
    shared = Run(
        args.game, variant.value, args.seed, args.max_states, args.max_seconds, args.method
    )
    with contextlib.ExitStack() as stack:
        results = None
        if args.results is not None:
            results = _open(args, shared, codes, lang)
            stack.callback(results.close)
        tally = Tally() if results is None else results.tally
        resumed = tally.total
        left = max(0, args.deals - resumed)
        started = time.perf_counter()
        progress = Progress(max(args.deals, resumed), sys.stderr, lang)
        solving = 0.0  # no rate is reported for a run cut short
        interrupted = False
        try:
            if left:
                todo = _chunks(itertools.islice(codes, left), CHUNK)
                solving = _solve(args, lang, todo, results=results, tally=tally, progress=progress)
        except CommandError:
            raise
        except PatienceError as error:  # such as a method this game's solver does not have
            problem = text("solver_error", lang, message=printable(str(error)))
            sys.stderr.write(f"patience-rules: {problem}\n")
            return 2
        except KeyboardInterrupt:  # Ctrl-C: report the deals solved so far
            interrupted = True
        wall = time.perf_counter() - started
    solved = tally.total - resumed
    if interrupted:
        sys.stderr.write(f"\npatience-rules: {text('stats_interrupted', lang, solved=solved)}\n")
    timing = {"wall": wall, "solving": solving}
    for line in report(args, lang, variant.value, tally, timing=timing, solved=solved):
        print(line, file=stdout)
    return INTERRUPTED if interrupted else 0


def _solve(  # noqa: PLR0913 - the run's parts, each used once
    args: argparse.Namespace,
    lang: str,
    chunks: Iterator[list[GameCode]],
    *,
    results: Results | None,
    tally: Tally,
    progress: Progress,
) -> float:
    """Solve the deals of *chunks* on the run's executor; count and keep each as it comes.

    Returns the seconds from the moment the executor was ready to the last deal.
    """
    with executor_for(args, lang) as executor:
        started = time.perf_counter()
        for chunk in chunks:
            solutions = solve_many(
                chunk,
                max_states=args.max_states,
                max_seconds=args.max_seconds,
                method=args.method,
                executor=executor,
            )
            for code, solution in zip(chunk, solutions, strict=True):
                if results is not None:
                    try:
                        results.add(code, solution)
                    except OSError as error:  # such as a full disk
                        raise _cannot_save(args.results, error, lang) from None
                tally.add(solution.outcome, solution.states, solution.seconds)
                progress.update(tally.total)
        return time.perf_counter() - started


def nearest_rank(ordered: list[float], fraction: float) -> float:
    """The *fraction* quantile of the sorted, non-empty *ordered*: the least value at or above it.

    >>> nearest_rank([0.1, 0.5], 0.9)
    0.5
    """
    return ordered[max(math.ceil(fraction * len(ordered)), 1) - 1]


def report(  # noqa: PLR0913 - what the report shows, each used once
    args: argparse.Namespace,
    lang: str,
    variant: str,
    tally: Tally,
    *,
    timing: dict[str, float],
    solved: int,
) -> list[str]:
    """The lines of the report on *tally* (of *args*' game and *variant*) in *lang*.

    *timing* holds the run's ``"wall"`` seconds and the ``"solving"`` ones:
    from the moment its executor was ready to its last deal, the time it
    took to solve *solved* of the deals (the others were in the results
    file already).
    """
    wall, solving = timing["wall"], timing["solving"]
    counts, total = tally.counts, tally.total
    wins, unknown = counts[Outcome.WIN], counts[Outcome.UNKNOWN]
    low, high = wilson_bounds(wins, unknown, total)
    decimals = _decimals(low, high)
    sample = (
        text("stats_random", lang)
        if args.seed is None
        else text("stats_seed", lang, seed=args.seed)
    )
    times, states = sorted(tally.seconds), sorted(tally.states)
    tally_text = ", ".join(
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
        text("stats_outcomes", lang, counts=tally_text),
        text(
            "stats_winnable",
            lang,
            share=_percent(wins / total, decimals),
            low=_percent(low, decimals),
            high=_percent(high, decimals),
        ),
    ]
    if unknown:
        upper = (wins + unknown) / total
        lines.append(text("stats_unknown_note", lang, upper=_percent(upper, decimals)))
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
    if solved and solving > 0:
        lines.append(text("stats_rate", lang, rate=f"{solved / solving:.1f}", solved=solved))
    return lines
