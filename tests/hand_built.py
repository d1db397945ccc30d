"""A :class:`Game` around a position built by hand for a test."""

from typing import Any

from patience_rules import Game

PLENTY = 1000
"""A move counter above what any test position implies (a counter can only be too low)."""


def game_at(state: Any) -> Game[Any, Any]:
    """A Game at *state*, with no code and a counter of :data:`PLENTY` moves."""
    return Game(state, moves=PLENTY)
