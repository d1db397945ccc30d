"""What a player may not see of a position, and a search for it in what the server sent."""

from __future__ import annotations

import re
from typing import Any

from patience_rules import Card, Game

CARD_NAME = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][CDHS](?![0-9A-Za-z])")
"""A card's name in any text: JSON, SVG or a notation such as ``6H-2``."""


def hidden_cards(game: Game[Any, Any]) -> set[Card]:
    """The cards hidden in *game*: the stock, Scorpion's face-down cards and reserve."""
    state = game.state
    if state.game == "scorpion":
        return {card for column in state.columns for card in column.down} | set(state.reserve)
    return set(state.stock)


def visible_cards(game: Game[Any, Any]) -> set[Card]:
    """The face-up cards of *game*."""
    state = game.state
    if state.game == "scorpion":
        return {card for column in state.columns for card in column.up}
    piles = [*state.columns, state.waste, *getattr(state, "foundations", ())]
    return {card for pile in piles for card in pile}


def named_cards(text: str, *, ignoring: str = "") -> set[Card]:
    """Every card *text* names (after taking out *ignoring*, e.g. a random game id)."""
    if ignoring:
        text = text.replace(ignoring, "")
    return {Card.parse(name) for name in CARD_NAME.findall(text)}
