"""What the solver benchmarks share: the figures of a batch of solutions."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from patience_rules._stats_command import nearest_rank
from patience_rules.solver import Outcome, Solution


def percentile(values: list[float], fraction: float) -> float:
    """The *fraction* quantile of *values* (nearest rank, as ``stats`` reports it)."""
    return nearest_rank(sorted(values), fraction)


def counts(solutions: Sequence[Solution]) -> dict[str, int]:
    """How many *solutions* have each outcome."""
    return {o.value: sum(s.outcome is o for s in solutions) for o in Outcome}


def figures(solutions: Sequence[Solution]) -> str:
    """The median, 90th percentile and maximum of the seconds and the states per deal."""
    seconds = [s.seconds for s in solutions]
    states = [float(s.states) for s in solutions]
    return (
        f"seconds median {statistics.median(seconds):.3f} "
        f"p90 {percentile(seconds, 0.9):.3f} max {max(seconds):.3f} | "
        f"states median {statistics.median(states):.0f} "
        f"p90 {percentile(states, 0.9):.0f} max {max(states):.0f}"
    )
