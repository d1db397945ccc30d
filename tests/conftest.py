"""Shared test fixtures: the source descriptions' positions."""

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("ci", deadline=None, print_blob=True)
settings.load_profile("ci")

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "positions.json").read_text("utf-8"))


@pytest.fixture
def positions() -> dict[str, Any]:
    """The positions quoted by the source rule descriptions."""
    return FIXTURES

# Read by mypy only (.ci/run): typing.assert_type is new in Python 3.11.
collect_ignore = ["typecheck"]
