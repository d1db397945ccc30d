"""Which Forty Thieves search runs: compiled once warm, else Python (no numba, or asked)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from forty_thieves_positions import played_at_random
from patience_rules import forty_thieves as ft
from patience_rules import solver
from patience_rules.codes import GameCode
from patience_rules.solver import _forty_thieves
from patience_rules.solver._forty_thieves._warm import ENGINE_VARIABLE

STATES = (ft.deal(7919), ft.deal(1), played_at_random(72, 10), played_at_random(5, 16))
"""Whole deals and late positions: won, proved lost and unknown within the budgets below."""


@pytest.fixture
def engines(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The compiled engine ready; each search's choice recorded (``compiled=`` of ``search``)."""
    monkeypatch.delenv(ENGINE_VARIABLE, raising=False)
    assert solver.warm_up(wait=True)
    chosen: list[bool] = []
    plain = _forty_thieves.search

    def recording(*args: Any, compiled: bool = False, **kwargs: Any) -> Any:
        chosen.append(compiled)
        return plain(*args, compiled=compiled, **kwargs)

    monkeypatch.setattr(_forty_thieves, "search", recording)
    return chosen


@pytest.mark.parametrize("state", STATES)
def test_solve_gives_the_same_answer_with_both_engines(
    state: ft.State, engines: list[bool]
) -> None:
    """By default solve runs compiled once warm, and answers as method="python" does."""
    compiled = solver.solve(state, max_states=20_000, max_seconds=None)
    python = solver.solve(state, max_states=20_000, max_seconds=None, method="python")
    assert engines == [True, False]
    assert (compiled.outcome, compiled.line) == (python.outcome, python.line)


def test_the_environment_variable_keeps_the_python_engine(
    engines: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the variable set to python, hint, winnability and solve_code answer as compiled.

    warm_up says False, and each search runs in Python.
    """
    state = played_at_random(5, 16)
    code = str(GameCode("forty_thieves", ft.Variant.STANDARD, 1))
    answers = (
        solver.hint(state, max_states=5_000, max_seconds=None),
        solver.winnability(state, max_states=5_000, max_seconds=None),
        solver.solve_code(code, max_states=20_000, max_seconds=None).line,
    )
    assert engines == [True, True, True]
    monkeypatch.setenv(ENGINE_VARIABLE, "python")
    assert not solver.warm_up(wait=True)
    assert answers == (
        solver.hint(state, max_states=5_000, max_seconds=None),
        solver.winnability(state, max_states=5_000, max_seconds=None),
        solver.solve_code(code, max_states=20_000, max_seconds=None).line,
    )
    assert engines == [True, True, True, False, False, False]


def _run(code: str) -> str:
    result = subprocess.run(  # noqa: S603 - this Python, on a fixed script
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    )
    return result.stdout


def test_without_numba_warm_up_says_false_and_solving_works() -> None:
    """Without numba (its import fails) warm_up(wait=True) is False; Forty Thieves still solves."""
    output = _run(
        "import sys; sys.modules['numba'] = None\n"  # makes `import numba` raise ImportError
        "from patience_rules import forty_thieves as ft, solver\n"
        "print(solver.warm_up(wait=True))\n"
        "print(solver.solve(ft.deal(1), max_states=20_000).outcome.value)\n"
        "print(solver.warm_up())\n"
    )
    assert output.split() == ["False", "win", "False"]


def test_a_failed_compile_warns_and_solving_works() -> None:
    """With its compile failing, warm_up(wait=True) is False and a warning says why."""
    output = _run(
        "import warnings\n"
        "from patience_rules.solver._forty_thieves import _compiled\n"
        "def broken():\n"
        "    raise TypeError('no such numba typing')\n"
        "_compiled.warm = broken\n"
        "from patience_rules import forty_thieves as ft, solver\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    print(solver.warm_up(wait=True))\n"
        "print(*[str(warning.message) for warning in caught], sep='|')\n"
        "print(solver.solve(ft.deal(1), max_states=20_000).outcome.value)\n"
    )
    ready, message, outcome = output.strip().split("\n")
    assert (ready, outcome) == ("False", "win")
    assert "compiled Forty Thieves search is unavailable" in message
    assert "TypeError: no such numba typing" in message
    assert "searches run in Python" in message


def test_the_first_search_starts_the_warm_up_and_does_not_wait() -> None:
    """A fresh process: its first search runs in Python and starts the thread that warms up."""
    output = _run(
        "import threading\n"
        "from patience_rules import forty_thieves as ft, solver\n"
        "print(solver.solve(ft.deal(1), max_states=20_000).outcome.value)\n"
        "print(any(t.name == 'patience-rules-warm-up' for t in threading.enumerate())\n"
        "      or solver.warm_up())\n"
        "print(solver.warm_up(wait=True))\n"
    )
    assert output.split() == ["win", "True", "True"]
