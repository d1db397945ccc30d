"""Benchmark the Forty Thieves solver: outcomes, states, seconds and memory per deal, one core.

A fixed set of random deals (200 by default, drawn from a seeded generator so
every run uses the same codes) is solved one after the other, each with a
budget of 10 seconds, each in a fresh worker process (one at a time) so that
its peak memory can be read: the worker's maximum resident set size
(``resource.getrusage(...).ru_maxrss``, which includes the interpreter and
the library, about 30 MB).  The script prints the WIN / NO_WIN / UNKNOWN
counts, the median, 90th percentile and maximum of the seconds and states
per deal, the same figures of the peak memory, and the search's speed: all
the deals' states over all their seconds.

    python benchmarks/forty_thieves_solver.py [--deals 200] [--max-seconds 10]

With ``--max-states N`` each deal gets a budget of N states instead of
seconds, and the speed is given per second of CPU time (each worker's
``time.process_time``): figures a loaded machine does not change, but for
the speed.  The first *k* deals of the sample are the same for every
``--deals`` of at least *k*.

    nice -n 19 python benchmarks/forty_thieves_solver.py --deals 60 --max-states 200000

It then prints how many deals were decided within a tenth, a quarter, a half
and all of the budget: the portfolio's schedule does not depend on the
budget, which only cuts it short, so a deal decided in *s* states is decided,
the same way, within any budget of at least *s* states and within none
smaller (the tests check it), and one run with a large budget gives the
whole curve of deals decided against states.

With ``--late N`` it solves late positions instead: N deals (seed
:data:`SEED`) each played at random (a move seven times in ten, else a
draw) until 10 cards are left in the stock, where most are lost.  It
prints, per position, the outcome, states and CPU seconds of the search,
and with ``--solvitaire PATH`` (a Solvitaire binary built from its
sources) the same of Solvitaire run with foundation take-backs allowed,
on the position written by :func:`~patience_rules.interchange.to_solvitaire`
(positions with two started foundations of a suit, which its format cannot
hold, are skipped and counted, and the next deal played instead).  Then
the figure that matters: of the positions Solvitaire proves lost within a
second of CPU time, how many this solver proves lost within a second too.
CPU time, both measured in the same run, so that a loaded machine slows
both alike.

    python benchmarks/forty_thieves_solver.py --late 100 --solvitaire ./solvitaire

Each worker first waits for :func:`~patience_rules.solver.warm_up` (the
compiled search when numba is installed), then starts the deal's clock; the
script prints which engine ran and the warm-up's CPU seconds apart.  With
``--python`` the Python search runs (``PATIENCE_RULES_SOLVER_ENGINE=python``).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from _solutions import counts, figures, percentile

from patience_rules import DEALS, forty_thieves
from patience_rules.errors import InvalidPositionError
from patience_rules.interchange import to_solvitaire
from patience_rules.solver import Outcome, Solution, solve, warm_up

SEED = 20261201
CURVE = (0.1, 0.25, 0.5, 1)
"""The fractions of a budget of states at which the deals decided are counted."""
LATE_STOCK = 10
"""The cards left in the stock of a late position."""
SOLVITAIRE_RULES = """{
  "tableau piles": {"count": 10, "build policy": "same-suit"},
  "foundations": {"removable": true},
  "stock": {"size": 64, "redeal": false},
  "two decks": true
}
"""
"""Forty Thieves for Solvitaire's ``--custom-rules``, foundation take-backs allowed."""


def _warm_up() -> tuple[bool, float]:
    """Make the compiled search ready (:func:`~patience_rules.solver.warm_up`, waiting).

    Whether it is in use, and the CPU seconds it took this process (importing
    numba and compiling, or loading numba's cache): apart from any deal's time.
    """
    started = time.process_time()
    compiled = warm_up(wait=True)
    return compiled, time.process_time() - started


def _solve(
    number: int, max_seconds: float | None, max_states: int | None
) -> tuple[Solution, float, float, tuple[bool, float]]:
    """Solve deal *number*: the solution, its CPU seconds, the peak memory in MB, the warm-up.

    The warm-up (see :func:`_warm_up`) comes first, before the deal's clock starts.
    """
    warm = _warm_up()
    deal = forty_thieves.deal(number)
    started = time.process_time()
    solution = solve(deal, max_seconds=max_seconds, max_states=max_states)
    cpu = time.process_time() - started
    return solution, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, warm


def _engine(warm: list[tuple[bool, float]]) -> str:
    """Which engine ran the deals, and the warm-up's CPU seconds (median, max)."""
    engines = {"compiled (numba)" if compiled else "python" for compiled, _ in warm}
    seconds = [used for _, used in warm]
    return (
        f"engine {' and '.join(sorted(engines))}; warm-up (numba import, compile or cache load) "
        f"median {statistics.median(seconds):.2f} cpu-s, max {max(seconds):.2f}, "
        "not counted in the deals' times"
    )


def _shard(text: str) -> tuple[int, int]:
    """``"i/n"`` as *i* and *n*, with 1 ≤ *i* ≤ *n*."""
    first, _, every = text.partition("/")
    if not (first.isdigit() and every.isdigit() and 1 <= int(first) <= int(every)):
        raise argparse.ArgumentTypeError(f"a shard is i/n with 1 <= i <= n, not {text!r}")
    return int(first), int(every)


def late_position(rng: random.Random) -> forty_thieves.State:
    """A random deal played at random until :data:`LATE_STOCK` cards are left in the stock."""
    state = forty_thieves.deal(rng.randrange(DEALS))
    while len(state.stock) > LATE_STOCK:
        legal = forty_thieves.legal_moves(state)
        plays = [move for move in legal if not isinstance(move, forty_thieves.Draw)]
        state = forty_thieves.apply(
            state, rng.choice(plays) if plays and rng.random() < 0.7 else forty_thieves.Draw()
        )
    return state


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def solvitaire(binary: str, state: forty_thieves.State, seconds: float) -> tuple[str, str, float]:
    """Solvitaire's outcome, states searched and CPU seconds on *state*."""
    with tempfile.TemporaryDirectory() as folder:
        rules, deal = Path(folder, "rules.json"), Path(folder, "deal.json")
        rules.write_text(SOLVITAIRE_RULES)
        deal.write_text(to_solvitaire(state))
        before = _children_cpu()
        argv = [binary, "--custom-rules", str(rules), "--timeout", str(int(seconds * 1000))]
        ran = subprocess.run([*argv, str(deal)], capture_output=True, text=True, check=False)  # noqa: S603 - the user's binary
        cpu = _children_cpu() - before
    fields = dict(line.partition(": ")[::2] for line in ran.stdout.splitlines() if ": " in line)
    return fields.get("Solution Type", "?"), fields.get("States Searched", "?"), cpu


def late(count: int, seconds: float, binary: str | None) -> None:
    """Solve *count* late positions with this solver (and Solvitaire) and print the figures."""
    rng = random.Random(SEED)
    print(f"{count} late positions (seed {SEED}, {LATE_STOCK} stock cards left); {seconds} s each")
    print(_engine([_warm_up()]))
    quick = kept = skipped = number = 0
    states = cpu = 0.0
    while number < count:
        state = late_position(rng)
        theirs = ""
        if binary is not None:
            try:
                outcome, searched, their_cpu = solvitaire(binary, state, seconds)
            except InvalidPositionError:
                skipped += 1
                continue
            theirs = f" | Solvitaire {outcome:10} {searched:>9} states {their_cpu:6.2f} cpu-s"
        started = time.process_time()
        solution = solve(state, max_seconds=seconds)
        used = time.process_time() - started
        states, cpu = states + solution.states, cpu + used
        if binary is not None and outcome == "unsolvable" and their_cpu <= 1:
            quick += 1
            kept += solution.outcome.value == "no_win" and used <= 1
        number += 1
        print(
            f"  {number:3} ours {solution.outcome.value:7} {solution.states:8} states "
            f"{used:6.2f} cpu-s{theirs}",
            flush=True,
        )
    if binary is not None:
        print(
            f"Solvitaire proved {quick} lost within 1 cpu-s; ours proved {kept} of them within "
            f"1 cpu-s ({skipped} positions skipped: two started foundations of a suit)"
        )
    print(f"speed {states / cpu:,.0f} states per cpu-second", flush=True)


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--max-seconds", type=float, default=10.0)
    parser.add_argument(
        "--max-states", type=int, metavar="N", help="a budget of N states a deal, not seconds"
    )
    parser.add_argument("--verbose", action="store_true", help="print one line per deal")
    parser.add_argument(
        "--python", action="store_true", help="the Python search, not the compiled one"
    )
    parser.add_argument("--late", type=int, metavar="N", help="solve N late positions instead")
    parser.add_argument("--solvitaire", metavar="PATH", help="with --late: compare Solvitaire")
    parser.add_argument(
        "--shard", type=_shard, default=(1, 1), help="i/n: every n-th deal from the i-th"
    )
    args = parser.parse_args()
    if args.python:
        os.environ["PATIENCE_RULES_SOLVER_ENGINE"] = "python"  # the workers inherit it
    if args.late is not None:
        late(args.late, args.max_seconds, args.solvitaire)
        return
    first, every = args.shard
    numbers = random.Random(SEED).sample(range(DEALS), args.deals)[first - 1 :: every]
    shard = f", shard {first}/{every}: {len(numbers)} deals" if every > 1 else ""
    seconds = None if args.max_states is not None else args.max_seconds
    each = f"{seconds} s" if seconds is not None else f"{args.max_states} states"
    print(f"{args.deals} deals (seed {SEED}){shard}; {each} per deal")
    started = time.perf_counter()
    solutions, memory, cpu, warm = [], [], [], []
    for number in numbers:
        # A pool per deal: a fresh process, so its peak memory is this deal's
        # (max_tasks_per_child needs Python 3.11).
        with concurrent.futures.ProcessPoolExecutor(1) as pool:
            solution, used, megabytes, warmed = pool.submit(
                _solve, number, seconds, args.max_states
            ).result()
        solutions.append(solution)
        warm.append(warmed)
        cpu.append(used)
        memory.append(megabytes)
        if args.verbose:
            print(
                f"  {number:11} {solution.outcome.value:8} {solution.states:8} states "
                f"{solution.seconds:6.2f} s {used:6.2f} cpu-s {megabytes:6.0f} MB "
                f"warm-up {warmed[1]:.2f} cpu-s",
                flush=True,
            )
    total = time.perf_counter() - started
    print(_engine(warm))
    print(f"{counts(solutions)} total {total:7.1f} s | {figures(solutions)}")
    print(
        f"peak memory (ru_maxrss) median {statistics.median(memory):.0f} MB "
        f"p90 {percentile(memory, 0.9):.0f} MB max {max(memory):.0f} MB",
        flush=True,
    )
    if args.max_states is not None:
        for fraction in CURVE:
            budget = round(args.max_states * fraction)
            decided = sum(
                one.outcome is not Outcome.UNKNOWN and one.states <= budget for one in solutions
            )
            print(
                f"decided within {budget:,} states: {decided} of {len(solutions)} "
                f"({decided / len(solutions):.1%})"
            )
    states = sum(one.states for one in solutions)
    speed = states / sum(one.seconds for one in solutions)
    print(
        f"speed {speed:,.0f} states per second, {states / sum(cpu):,.0f} per cpu-second",
        flush=True,
    )


if __name__ == "__main__":
    main()
