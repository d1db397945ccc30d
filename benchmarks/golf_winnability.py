"""Benchmark: how winnable Golf Classic and Easy are, over many deals, on a local Dask cluster.

It starts a :class:`dask.distributed.LocalCluster` (``--workers`` processes,
one thread each) and runs ``patience-rules stats golf --scheduler ADDRESS``
on it for each variant, in rounds of ``--step`` deals, Classic then Easy,
so that both have figures when a long run is stopped.  Every deal goes to a
results file in ``--results DIR`` (``golf-classic.jsonl``,
``golf-easy.jsonl``): a stopped run resumes from them, and a round extends
the same seeded sample.  After each round it prints each variant's report
(outcomes, the 95% Wilson interval with the unknown deals counted both ways,
time and deals per second) and how it compares with the published figure.

    python benchmarks/golf_winnability.py --results DIR [--deals 100000] [--step 10000]
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

from dask.distributed import LocalCluster

from patience_rules._stats_command import wilson_bounds
from patience_rules.cli import main
from patience_rules.solver import Outcome

SEED = 20261202

PUBLISHED = {
    "classic": (0.45109, "45.109% ± 0.032% over 10^7 deals (Blake & Gent)"),
    "easy": (0.93, "near 93% (King–Ace wrap)"),
}
"""The published winnable fraction of each variant, and where it comes from."""


def compared(path: Path, variant: str) -> str:
    """How the deals in the results file *path* compare with *variant*'s published figure."""
    counts = dict.fromkeys(Outcome, 0)
    with path.open(encoding="utf-8") as file:
        next(file)  # the header
        for line in file:
            counts[Outcome(json.loads(line)["outcome"])] += 1
    total = sum(counts.values())
    low, high = wilson_bounds(counts[Outcome.WIN], counts[Outcome.UNKNOWN], total)
    published, source = PUBLISHED[variant]
    where = "inside" if low <= published <= high else "outside"
    return (
        f"published {source}: {where} our interval {100 * low:.3f}%–{100 * high:.3f}% "
        f"({total} deals)"
    )


def main_() -> None:
    """Run the rounds and print each variant's report after each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, required=True)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--step", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    args.results.mkdir(parents=True, exist_ok=True)
    with LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        for target in [*range(args.step, args.deals, args.step), args.deals]:
            for variant in PUBLISHED:
                path = args.results / f"golf-{variant}.jsonl"
                argv = ["stats", "golf", "--variant", variant, "--deals", str(target)]
                argv += ["--seed", str(SEED), "--scheduler", cluster.scheduler_address]
                out = io.StringIO()
                if main([*argv, "--results", str(path)], stdout=out) != 0:
                    raise SystemExit(f"stats failed: {argv}")
                print(out.getvalue() + compared(path, variant), flush=True)


if __name__ == "__main__":
    main_()
