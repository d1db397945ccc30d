"""Shared test fixtures: the source descriptions' positions, and bounded error messages."""

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from patience_rules import PatienceError
from patience_rules.cli import _solving

settings.register_profile("ci", deadline=None, print_blob=True)
settings.load_profile("ci")

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "positions.json").read_text("utf-8"))


@pytest.fixture
def positions() -> dict[str, Any]:
    """The positions quoted by the source rule descriptions."""
    return FIXTURES

# Read by mypy only (.ci/run): typing.assert_type is new in Python 3.11.
collect_ignore = ["typecheck"]


MESSAGE_LIMIT = 400
"""The most characters an error message may have, whatever the input (see docs/saved-games.md)."""


@contextlib.contextmanager
def message_log() -> Iterator[list[PatienceError]]:
    """While entered, logs every PatienceError created into the list it gives."""
    errors: list[PatienceError] = []
    init = PatienceError.__init__

    def logging_init(error: PatienceError, *args: Any, **kwargs: Any) -> None:
        init(error, *args, **kwargs)
        errors.append(error)

    PatienceError.__init__ = logging_init  # type: ignore[method-assign]
    try:
        yield errors
    finally:
        PatienceError.__init__ = init  # type: ignore[method-assign]


def too_long(errors: list[PatienceError]) -> list[str]:
    """The messages of *errors* longer than MESSAGE_LIMIT."""
    messages = (str(error) for error in errors)
    return [message for message in messages if len(message) > MESSAGE_LIMIT]


@pytest.fixture(autouse=True)
def bounded_messages() -> Iterator[list[PatienceError]]:
    """Every error a test provokes has a message of at most MESSAGE_LIMIT characters."""
    with message_log() as errors:
        yield errors
    long = too_long(errors)
    assert not long, f"{len(long)} messages too long, e.g. {long[0][:200]!r}…"


@pytest.fixture(autouse=True)
def unjudged_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal client judges no move (no time for it: every verdict unknown, nothing said).

    It would think for a quarter of a second after each move, which long
    scripted games pay many times over; the tests of the losing move give it
    time again (``tests/test_cli_table.py``).
    """
    monkeypatch.setattr(_solving, "JUDGE_SECONDS", 0.0)
