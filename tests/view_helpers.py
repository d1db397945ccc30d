"""Helpers for the player-safety tests: the variants, what is hidden, the cards JSON names."""

from __future__ import annotations

from collections import Counter
from typing import Any

from patience_rules import Card, forty_thieves, golf, scorpion

VARIANTS = [
    (module.State.game, variant.value)
    for module in (golf, forty_thieves, scorpion)
    for variant in module.Variant
]
"""Every game and variant, by name: ``("golf", "easy")``, ``("golf", "classic")``, …"""


def hidden_and_visible(state: Any) -> tuple[list[Card], list[Card]]:
    """The cards a player cannot see in *state*, and those on show, as the rules describe."""
    if isinstance(state, scorpion.State):
        hidden = [card for column in state.columns for card in column.down]
        return hidden + list(state.reserve), [c for column in state.columns for c in column.up]
    visible = [card for column in state.columns for card in column] + list(state.waste)
    visible += [card for pile in getattr(state, "foundations", ()) for card in pile]
    return list(state.stock), visible


def secrets(state: Any) -> set[Card]:
    """The cards hidden in *state* with no copy on show (Forty Thieves has two of each)."""
    hidden, visible = hidden_and_visible(state)
    return set(hidden) - set(visible)


def forms(card: Card) -> set[str]:
    """Every way the library writes a card: ``TC``, ``10♣``, ``Card.parse('TC')``, ``10C``."""
    return {str(card), card.unicode(), repr(card), card.rank.label + card.suit.value}


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
