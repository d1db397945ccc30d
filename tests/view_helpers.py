"""Helpers for the player view and effect tests: the cards JSON data names."""

from __future__ import annotations

from collections import Counter

from patience_rules import Card


def strings(data: object) -> list[str]:
    """Every string in JSON data, keys included."""
    if isinstance(data, dict):
        return [*data, *(s for value in data.values() for s in strings(value))]
    if isinstance(data, list):
        return [s for item in data for s in strings(item)]
    return [data] if isinstance(data, str) else []


def cards_named(data: object) -> Counter[Card]:
    """The cards the strings of *data* name."""
    found: Counter[Card] = Counter()
    for text in strings(data):
        try:
            found[Card.parse(text)] += 1
        except ValueError:
            continue
    return found
