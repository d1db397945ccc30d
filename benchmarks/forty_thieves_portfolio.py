"""Screen Forty Thieves portfolio schedules offline, from each run's cost alone (issue 23).

Each run of the portfolio is deterministic and resumable (it meets the same
positions in the same order whatever its caps) and the runs share nothing,
so for a deal *d* and a candidate run *r* one run alone, to a cap *C*, gives
``S[d][r]``: the positions *r* meets to decide *d* (a win, or no win once it
has met every reachable position), or "more than *C*".  From that matrix any
schedule (which runs, their order, the first cap, the shares) is simulated
exactly: the portfolio decides *d* at the total states where the first of its
runs ends, every run before it in the schedule having spent its caps.

The matrix is computed with the compiled runs (numba, the ``solver`` extra;
one process, the runs one after the other) and kept as JSON, one entry per
deal and run, so that a later call grows it (more deals, higher caps) without
computing again what it holds:

    nice -n 10 python benchmarks/forty_thieves_portfolio.py --set tuning --deals 120

The *tuning* set is drawn from its own seed and holds none of the 200 deals
of :mod:`forty_thieves_solver`'s sample, the *benchmark* set is that sample,
in its order: a schedule chosen on one is validated on the other.  The script
prints, for the schedules given (the current one, and any ``--schedule``),
the deals decided within total budgets of 1M, 1.6M, 2M, 3M and 4M states.
Where a schedule would give a run more positions than its cap in the matrix,
the count is a lower bound: the deals it cannot tell are printed beside it
(``+n?``).  ``--screen`` ranks every subset of the candidate weightings, the
depth-first run last at several shares or left out, at first caps of 2,000,
4,000 and 8,000, by the deals decided at 1.6M and 3M states, among the
schedules the matrix tells exactly at 1.6M.

    nice -n 10 python benchmarks/forty_thieves_portfolio.py --set tuning --deals 120 --screen
    nice -n 10 python benchmarks/forty_thieves_portfolio.py --set benchmark --deals 100 \
        --schedule "10/5/5/4/3 | 5/5/2/4/3 | depth-firstx4"

A run is named by its label: ``depth-first``, any best-first weighting
written ``a/b/c/d/e`` (the five weights of :func:`~._search.score`), or a
beam under a weighting, ``beam:a/b/c/d/e`` (:class:`~._search.Beam`: it
decides a deal only by a win);
``--generated`` adds every candidate and :func:`generated`'s few dozen
new weightings to the runs computed.  A run in a schedule may have a ceiling, ``<N``: it meets
at most *N* positions in all, then is passed over (the engine's small
runs, :data:`~patience_rules.solver._forty_thieves.SMALL_RUNS`).  ``--cover N`` prints the current
schedule with a greedy cover of the deals the runs decide within *N*
positions, each new run to a ceiling of *N*; ``--lazy N`` computes only
the deals whose answer within *N* states some schedule given does not yet
have from the matrix.

    nice -n 10 python benchmarks/forty_thieves_portfolio.py --set tuning --deals 47 \
        --cap 64000 --generated --cover 32000 --cover 64000

``--check N`` runs the real search (:func:`~patience_rules.solver._forty_thieves.search`,
compiled, with the schedule's runs and shares) on the set's first *N* deals,
within the largest budget, and stops unless every answer (decided or not, and
the total states of each decided deal) is the simulation's.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from forty_thieves_solver import SEED

from patience_rules import DEALS, forty_thieves
from patience_rules.solver import _forty_thieves as engine
from patience_rules.solver import warm_up
from patience_rules.solver._base import Budget, OutOfBudgetError
from patience_rules.solver._forty_thieves import RULES, encode, search
from patience_rules.solver._forty_thieves._encoding import Position
from patience_rules.solver._forty_thieves._search import Capped, Rules, Task, Weights

TUNING_SEED = 20261203
"""The seed of the tuning set's sample (the benchmark's is :data:`forty_thieves_solver.SEED`)."""
BENCHMARK_DEALS = 200
BUDGETS = (1_000_000, 1_600_000, 2_000_000, 3_000_000, 4_000_000)
"""The total budgets of states at which the deals decided are counted."""
DEPTH_FIRST = "depth-first"
CANDIDATES: dict[str, Weights | None] = {
    "/".join(map(str, weights)) if weights is not None else DEPTH_FIRST: weights
    for weights in (
        *engine.PORTFOLIO,
        (10, 5, 5, 4, 0),
        (10, 5, 5, 8, 3),
        (10, 5, 5, 2, 6),
    )
}
"""The runs a schedule may use, by label: the current portfolio's and a few new weightings."""
SMALL = tuple("/".join(map(str, weights)) for weights in engine.SMALL_RUNS)
"""The engine's small runs, by label."""
BEAM = "beam:"
"""The prefix of a beam's label."""
BEAMS = tuple(BEAM + "/".join(map(str, weights)) for weights in engine.BEAM_RUNS)
"""The engine's beams, by label."""
CURRENT = ",".join(
    (*(label for label in CANDIDATES if CANDIDATES[label] in engine.PORTFOLIO), *SMALL, *BEAMS)
)
WEIGHTS = 5
"""How many weights a best-first run's weighting has (see :func:`~._search.score`)."""
GENERATED_SEED = 2326
"""The seed of :func:`generated`'s random weightings."""


def weighting(label: str) -> Weights | None:
    """The run of *label*: ``"depth-first"``, or a weighting written ``a/b/c/d/e`` (a beam's too).

    Any five whole numbers from 0 up, not all 0 (the weights of :func:`~._search.score`).
    """
    if label == DEPTH_FIRST:
        return None
    parts = label.removeprefix(BEAM).split("/")
    if len(parts) != WEIGHTS or not all(part.isdigit() for part in parts):
        raise ValueError(f"no run {label!r}: {DEPTH_FIRST!r} or five weights a/b/c/d/e")
    weights = tuple(map(int, parts))
    if not any(weights):
        raise ValueError(f"no run {label!r}: a weighting with every weight 0 orders nothing")
    return weights  # type: ignore[return-value]  # five, checked above


def _lowest(weights: Sequence[int]) -> tuple[int, ...]:
    """*weights* divided by their greatest common divisor: one form for alike weightings.

    A score times a positive number orders every pair of positions as the score does.
    """
    divisor = math.gcd(*weights)
    return tuple(weight // divisor for weight in weights)


def generated(count: int = 16, seed: int = GENERATED_SEED) -> list[str]:
    """New weightings to screen, by label, none ordering positions as a candidate does.

    Around the three weightings that decide the most tuning deals, each weight in turn set to 0
    or doubled; then *count* drawn at random, each weight from 0 to 12, from *seed*.
    """
    known = {_lowest(weights) for weights in CANDIDATES.values() if weights is not None}
    labels: list[str] = []

    def add(weights: Sequence[int]) -> None:
        lowest = _lowest(weights)
        if any(weights) and lowest not in known:
            known.add(lowest)
            labels.append("/".join(map(str, lowest)))

    for base in ((10, 5, 5, 4, 3), (5, 5, 2, 4, 3), (10, 5, 2, 4, 3)):
        for index, factor in itertools.product(range(len(base)), (0, 2)):
            add([weight * factor if at == index else weight for at, weight in enumerate(base)])
    grid = len(labels)
    draw = random.Random(seed)
    while len(labels) < grid + count:
        add([draw.randint(0, 12) for _ in range(WEIGHTS)])
    return labels


class Schedule(NamedTuple):
    """Which runs, in turn, how many times a round's cap each may meet more, and the ceilings.

    A run's ceiling: the most positions it may meet in all (``None``: no limit; an empty tuple:
    no run has one).
    """

    runs: tuple[str, ...]
    shares: tuple[int, ...]
    first_cap: int = engine.FIRST_CAP
    ceilings: tuple[int | None, ...] = ()

    def __str__(self) -> str:
        parts = [
            f"{run}{f'x{share}' if share != 1 else ''}{f'<{ceiling}' if ceiling else ''}"
            for run, share, ceiling in zip(*self[:2], self.limits(), strict=True)
        ]
        return f"[{' | '.join(parts)}] first cap {self.first_cap:,}"

    def limits(self) -> tuple[int | None, ...]:
        """Each run's most positions in all (``None``: no limit)."""
        return self.ceilings or (None,) * len(self.runs)


def current() -> Schedule:
    """The engine's schedule on a whole deal.

    The runs of :data:`~patience_rules.solver._forty_thieves.PORTFOLIO`, its small runs and its
    beams after its best-first runs.
    """
    runs = [
        DEPTH_FIRST if weights is None else "/".join(map(str, weights))
        for weights in engine.PORTFOLIO
    ]
    after = max((at + 1 for at, run in enumerate(runs) if run != DEPTH_FIRST), default=0)
    runs[after:after] = (*SMALL, *BEAMS)
    shares = tuple(
        engine.DEPTH_FIRST_SHARE
        if run == DEPTH_FIRST
        else engine.BEAM_SHARE
        if run in BEAMS
        else 1
        for run in runs
    )
    ceilings = tuple(engine.SMALL_CAP if run in SMALL else None for run in runs)
    return Schedule(tuple(runs), shares, engine.FIRST_CAP, ceilings if SMALL else ())


def deals(which: str, count: int) -> list[int]:
    """The first *count* deals of the *which* set (``"tuning"`` or ``"benchmark"``)."""
    benchmark = random.Random(SEED).sample(range(DEALS), BENCHMARK_DEALS)
    if which == "benchmark":
        return benchmark[:count]
    held_out = set(benchmark)
    sample = random.Random(TUNING_SEED).sample(range(DEALS), count + BENCHMARK_DEALS)
    return [number for number in sample if number not in held_out][:count]


# -- the matrix ---------------------------------------------------------------------------


class Entry(NamedTuple):
    """A run alone on a deal: the positions it met, and whether it decided the deal then."""

    states: int
    decided: bool


def solo(start: Position, stock: bytes, run: str, cap: int) -> tuple[Entry, float]:
    """Run *run* alone from *start* up to *cap* positions; the entry and its CPU seconds."""
    from patience_rules.solver._forty_thieves._compiled import (  # noqa: PLC0415 - numba, after warm_up
        CompiledBeam,
        CompiledBestFirst,
        CompiledDepthFirst,
    )

    budget = Budget.start(None, None)
    task = Task(stock, budget, Rules(RULES))
    weights = weighting(run)
    compiled = (
        CompiledDepthFirst(task, start)
        if weights is None
        else CompiledBeam(task, start, weights)
        if run.startswith(BEAM)
        else CompiledBestFirst(task, start, weights)
    )
    started = time.process_time()
    try:
        compiled.resume(cap)
        decided = True
    except Capped:
        decided = False
    return Entry(budget.states, decided), time.process_time() - started


def load(path: Path) -> dict[int, dict[str, Entry]]:
    """The matrix kept at *path* (empty if there is none)."""
    if not path.exists():
        return {}
    kept = json.loads(path.read_text())
    return {
        int(number): {run: Entry(*entry) for run, entry in runs.items()}
        for number, runs in kept.items()
    }


def save(path: Path, matrix: dict[int, dict[str, Entry]]) -> None:
    """Keep *matrix* at *path* (written whole, then moved over the old file)."""
    text = json.dumps(
        {
            str(number): {run: list(entry) for run, entry in runs.items()}
            for number, runs in matrix.items()
        },
        indent=0,
        sort_keys=True,
    )
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text)
    temporary.replace(path)


def grow(
    path: Path,
    numbers: Sequence[int],
    caps: dict[str, int],
    told: Callable[[dict[str, Entry]], bool] = lambda _: False,
) -> dict[int, dict[str, Entry]]:
    """The matrix at *path* with every run of *caps* on every deal of *numbers*, to its cap.

    But for the deals whose row is already *told*.
    """
    matrix = load(path)
    for index, number in enumerate(numbers, 1):
        row = matrix.setdefault(number, {})
        if told(row):
            continue
        spent = 0.0
        for run, cap in caps.items():
            known = row.get(run)
            if known is not None and (known.decided or known.states >= cap):
                continue
            row[run], used = solo(*encode(forty_thieves.deal(number)), run, cap)
            spent += used
        if spent:
            save(path, matrix)
            decided = sorted((entry.states, run) for run, entry in row.items() if entry.decided)
            first = f"first {decided[0][1]} in {decided[0][0]:,}" if decided else "undecided"
            print(
                f"  {index:4} {number:11} {spent:6.1f} cpu-s {len(decided)} runs decide, {first}",
                flush=True,
            )
    return matrix


# -- the simulation -----------------------------------------------------------------------


class Outcome(NamedTuple):
    """When a schedule decides a deal: at *total* states; or not before *horizon* states."""

    total: int | None
    horizon: int | None


def simulate(row: dict[str, Entry], schedule: Schedule, limit: int) -> Outcome:
    """The total states at which *schedule* decides the deal of *row*, up to *limit*.

    Round after round each run may meet its share of the round's cap more
    positions; the first run whose positions needed are within what it has
    been allowed ends the search, at the states spent by the runs before it
    plus its own.  A run with a ceiling is allowed no more than its ceiling
    in all, and passed over once there.  A run allowed more than the
    matrix's cap for it, not deciding within that cap, leaves the rest
    unknown: the horizon.
    """
    given = dict.fromkeys(schedule.runs, 0)
    spent, cap = 0, schedule.first_cap
    while spent < limit:
        before = spent
        for run, share, ceiling in zip(
            schedule.runs, schedule.shares, schedule.limits(), strict=True
        ):
            entry, allowed = row[run], share * cap
            if ceiling is not None:
                allowed = min(allowed, ceiling - given[run])
                if not allowed:
                    continue
            if entry.decided and entry.states <= given[run] + allowed:
                return Outcome(spent + entry.states - given[run], None)
            if not entry.decided and given[run] + allowed > entry.states:
                return Outcome(None, spent + entry.states - given[run])
            given[run] += allowed
            spent += allowed
        if spent == before:  # every run at its ceiling
            break
        cap *= 2
    return Outcome(None, None)


def known(row: dict[str, Entry], schedule: Schedule, limit: int) -> bool:
    """Whether *row* tells *schedule*'s answer within *limit* states (every run in it)."""
    if not set(schedule.runs) <= set(row):
        return False
    horizon = simulate(row, schedule, limit).horizon
    return horizon is None or horizon >= limit


def decided(
    matrix: dict[int, dict[str, Entry]], numbers: Sequence[int], schedule: Schedule
) -> list[tuple[int, int]]:
    """Per budget of :data:`BUDGETS`: the deals decided within it, and the deals not known."""
    outcomes = [simulate(matrix[number], schedule, BUDGETS[-1]) for number in numbers]
    return [
        (
            sum(one.total is not None and one.total <= budget for one in outcomes),
            sum(one.horizon is not None and one.horizon < budget for one in outcomes),
        )
        for budget in BUDGETS
    ]


def line(counts: list[tuple[int, int]], total: int) -> str:
    """The counts of :func:`decided` as one line of percentages."""
    return "  ".join(
        f"{known:3} ({known / total:5.1%}){f' +{unknown}?' if unknown else '':6}"
        for known, unknown in counts
    )


def screen(
    candidates: Sequence[str], shares: Sequence[int], first_caps: Sequence[int]
) -> Iterator[Schedule]:
    """Every subset of the best-first *candidates* (in their order), the depth-first run last.

    The depth-first run at each of *shares*, or left out; each first cap of *first_caps*.
    """
    best = [run for run in candidates if run != DEPTH_FIRST]
    for size, first_cap in itertools.product(range(1, len(best) + 1), first_caps):
        for runs in itertools.combinations(best, size):
            yield Schedule(runs, (1,) * size, first_cap)
            for share in shares:
                yield Schedule((*runs, DEPTH_FIRST), (*(1,) * size, share), first_cap)


def greedy(
    matrix: dict[int, dict[str, Entry]],
    numbers: Sequence[int],
    runs: Sequence[str],
    within: int,
    first: Sequence[str] = (),
) -> list[str]:
    """A greedy cover of the deals that *runs* decide within *within* positions each.

    *first*, then each time the run that decides the most deals not yet decided (the fewest
    positions in all on a tie), until none decides another.
    """
    chosen = list(first)

    def quick(run: str) -> set[int]:
        return {
            number
            for number in numbers
            if (entry := matrix[number][run]).decided and entry.states <= within
        }

    covered = set().union(*(quick(run) for run in chosen))
    while True:
        gains = [
            (len(quick(run) - covered), -sum(matrix[n][run].states for n in numbers), run)
            for run in runs
            if run not in chosen
        ]
        gain, _, run = max(gains, default=(0, 0, ""))
        if not gain:
            return chosen
        chosen.append(run)
        covered |= quick(run)


def covering(
    matrix: dict[int, dict[str, Entry]], numbers: Sequence[int], runs: Sequence[str], within: int
) -> Schedule:
    """The current schedule with :func:`greedy`'s runs, each to a ceiling of *within*.

    The new runs after the current one's best-first runs, before its depth-first run.
    """
    now = current()
    turns = list(zip(now.runs, now.shares, now.limits(), strict=True))
    best = [run for run in now.runs if run != DEPTH_FIRST]
    added = greedy(matrix, numbers, [run for run in runs if run != DEPTH_FIRST], within, best)
    after = max((at + 1 for at, turn in enumerate(turns) if turn[0] != DEPTH_FIRST), default=0)
    turns[after:after] = [(run, 1, within) for run in added[len(best) :]]
    runs_in_turn, shares, ceilings = zip(*turns, strict=True)
    return Schedule(runs_in_turn, shares, now.first_cap, ceilings)


def parse(text: str) -> Schedule:
    """A schedule written as runs by label, ``|`` between them, ``xN`` for a share of N.

    ``<N`` after a run: a ceiling of N positions in all; ``@N`` at the end: a first cap of N
    (else the engine's ``FIRST_CAP``).
    """
    text, _, first_cap = text.partition("@")
    runs, shares, ceilings = [], [], []
    for part in text.split("|"):
        run, _, ceiling = part.partition("<")
        label, _, share = run.strip().partition("x")
        try:
            weighting(label)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        runs.append(label)
        shares.append(int(share or 1))
        ceilings.append(int(ceiling) if ceiling else None)
    return Schedule(
        tuple(runs),
        tuple(shares),
        int(first_cap or engine.FIRST_CAP),
        tuple(ceilings) if any(ceilings) else (),
    )


# -- the check against the real search ----------------------------------------------------


@contextlib.contextmanager
def adopted(schedule: Schedule) -> Iterator[None]:
    """The engine's portfolio set to *schedule* meanwhile (its depth-first run's share alike).

    The runs with a ceiling are the engine's small runs: one ceiling for all, in turn after
    the best-first runs without one; then the beams, one share for all; then the depth-first
    run.
    """
    names = (
        "PORTFOLIO",
        "DEPTH_FIRST_SHARE",
        "SMALL_RUNS",
        "SMALL_CAP",
        "BEAM_RUNS",
        "BEAM_SHARE",
    )
    saved = {name: getattr(engine, name) for name in names}
    turns = list(zip(schedule.runs, schedule.shares, schedule.limits(), strict=True))
    beams = [run for run in schedule.runs if run.startswith(BEAM)]
    shares = {share for run, share, _ in turns if run != DEPTH_FIRST and run not in beams}
    beam_shares = {share for run, share, _ in turns if run in beams}
    depth = [share for run, share, _ in turns if run == DEPTH_FIRST]
    small = [run for run, _, ceiling in turns if ceiling is not None]
    ceilings = {ceiling for _, _, ceiling in turns if ceiling is not None}
    unbounded = [run for run, _, ceiling in turns if ceiling is None and run not in beams]
    in_turn = [run for run in unbounded if run != DEPTH_FIRST] + small + beams + unbounded[-1:]
    if (
        shares - {1}
        or len(depth) > 1
        or (depth and unbounded[-1] != DEPTH_FIRST)
        or DEPTH_FIRST in small
        or len(ceilings) > 1
        or len(beam_shares) > 1
        or set(small) & set(beams)
        or ((small or beams) and in_turn != list(schedule.runs))
    ):
        raise SystemExit(f"the engine's search cannot run {schedule}")
    engine.PORTFOLIO = tuple(weighting(run) for run in unbounded)
    engine.DEPTH_FIRST_SHARE = depth[0] if depth else 1
    engine.SMALL_RUNS = tuple(weights for run in small if (weights := weighting(run)))
    engine.SMALL_CAP = ceilings.pop() if ceilings else engine.SMALL_CAP
    engine.BEAM_RUNS = tuple(weights for run in beams if (weights := weighting(run)))
    engine.BEAM_SHARE = beam_shares.pop() if beam_shares else engine.BEAM_SHARE
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(engine, name, value)


def search_total(start: Position, stock: bytes, schedule: Schedule, limit: int) -> int | None:
    """The total states at which the real search under *schedule* decides, within *limit*."""
    budget = Budget.start(limit, None)
    with adopted(schedule):
        try:
            search(start, stock, budget, RULES, schedule.first_cap, compiled=True)
        except OutOfBudgetError:
            return None
    return budget.states


def check(matrix: dict[int, dict[str, Entry]], numbers: Sequence[int], schedule: Schedule) -> None:
    """Stop unless the real search agrees with the simulation on every deal of *numbers*.

    Within the second budget of :data:`BUDGETS` (1.6M states), to spare the CPU.
    """
    limit = BUDGETS[1]
    for number in numbers:
        simulated = simulate(matrix[number], schedule, limit)
        started = time.process_time()
        real = search_total(*encode(forty_thieves.deal(number)), schedule, limit)
        used = time.process_time() - started
        within = simulated.total if simulated.total and simulated.total <= limit else None
        known = simulated.horizon is None or (real is not None and real <= simulated.horizon)
        print(
            f"  check {number:11}: search {real or 'undecided'}, simulated "
            f"{within or 'undecided'} ({used:.1f} cpu-s)",
            flush=True,
        )
        if known and real != within:
            raise SystemExit(f"deal {number}: the simulation differs from the search")


def _caps(args: argparse.Namespace) -> dict[str, int]:
    """The runs to compute, by label, and each one's cap."""
    runs = args.runs.split(",")
    if args.generated:
        runs += [label for label in CANDIDATES if label not in runs] + generated()
    deep = [run for run in args.deep.split(",") if run]
    own = {label: int(cap) for label, _, cap in (text.partition("=") for text in args.run_cap)}
    for label in runs + deep + list(own):
        try:
            weighting(label)
        except ValueError as error:
            raise SystemExit(str(error)) from None
    caps = {run: args.depth_first_cap if run == DEPTH_FIRST else args.cap for run in runs}
    caps |= {run: min(args.cap, engine.SMALL_CAP) for run in SMALL if run in caps}
    return caps | dict.fromkeys(deep, args.deep_cap) | own


def print_screen(
    matrix: dict[int, dict[str, Entry]], numbers: Sequence[int], runs: Sequence[str], top: int
) -> None:
    """Print the *top* schedules of :func:`screen` over *runs* by the deals decided at 1.6M + 3M.

    Among the schedules the matrix tells exactly at 1.6M; fewer deals unknown at 3M first.
    """
    scored = []
    for schedule in screen(runs, (1, 2, 4, 8), (2000, 4000, 8000)):
        counts = decided(matrix, numbers, schedule)
        if not counts[1][1]:  # exact at 1.6M: no run past its cap in the matrix
            scored.append((counts[1][0] + counts[3][0], -counts[3][1], schedule, counts))
    scored.sort(key=lambda item: (-item[0], -item[1]))
    print(f"the {top} best at 1.6M + 3M (of those the matrix tells exactly at 1.6M):")
    for _, _, schedule, counts in scored[:top]:
        print(f"  {line(counts, len(numbers))}  {schedule}")


def main() -> None:
    """Grow the matrix, then print the schedules' figures (and check them, if asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("tuning", "benchmark"), default="tuning")
    parser.add_argument("--deals", type=int, default=120)
    parser.add_argument("--cap", type=int, default=256_000, help="a best-first run's cap")
    parser.add_argument("--depth-first-cap", type=int, default=1_000_000)
    parser.add_argument("--deep", default="", help="runs, by label, to --deep-cap instead")
    parser.add_argument("--deep-cap", type=int, default=512_000)
    parser.add_argument(
        "--run-cap", action="append", default=[], metavar="LABEL=N", help="one run's own cap"
    )
    parser.add_argument("--runs", default=CURRENT, help="the runs computed, by label")
    parser.add_argument(
        "--generated", action="store_true", help="and every candidate and generated()'s"
    )
    parser.add_argument("--matrix", type=Path, help="the JSON file (default: by set, here)")
    parser.add_argument("--schedule", type=parse, action="append", help="a schedule to print")
    parser.add_argument("--screen", action="store_true", help="screen subsets of the runs")
    parser.add_argument("--top", type=int, default=15, help="with --screen: how many to print")
    parser.add_argument(
        "--cover",
        type=int,
        action="append",
        default=[],
        metavar="N",
        help="print the current schedule with a greedy cover of the deals runs decide within N",
    )
    parser.add_argument(
        "--lazy",
        type=int,
        default=0,
        metavar="N",
        help="compute no deal whose answer within N states each schedule given already has",
    )
    parser.add_argument("--check", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if not warm_up(wait=True):
        raise SystemExit("the compiled search is not available: install the solver extra")
    path = args.matrix or Path(f"forty-thieves-portfolio-{args.set}.json")
    numbers = deals(args.set, args.deals)
    caps = _caps(args)
    by_cap: dict[int, list[str]] = {}
    for run, cap in caps.items():
        by_cap.setdefault(cap, []).append(run)
    alone = "; ".join(f"{cap:,}: {', '.join(runs)}" for cap, runs in by_cap.items())
    print(f"{len(numbers)} {args.set} deals; runs alone to their caps ({alone}); {path}")
    schedules = [current(), *(args.schedule or [])]

    def told(row: dict[str, Entry]) -> bool:
        """Whether *row* tells every schedule's answer within ``--lazy`` states."""
        return bool(args.lazy) and all(known(row, one, args.lazy) for one in schedules)

    matrix = grow(path, numbers, caps, told)
    schedules += [covering(matrix, numbers, list(caps), within) for within in args.cover]
    header = "  ".join(f"{budget / 1e6:>5g}M {'':10}" for budget in BUDGETS)
    print(f"decided within, of {len(numbers)} deals:\n  {header}")
    for schedule in schedules:
        print(f"  {line(decided(matrix, numbers, schedule), len(numbers))}  {schedule}")
    if args.screen:
        print_screen(matrix, numbers, list(caps), args.top)
    for schedule in schedules:
        if args.check:
            check(matrix, numbers[: args.check], schedule)


if __name__ == "__main__":
    main()
