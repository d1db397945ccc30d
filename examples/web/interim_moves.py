"""INTERIM: the player's legal moves until ``patience_rules.views.player_moves`` lands (issue 21).

The same entries as the library's: notation, kind, source, targets, face-up cards.
"""

from __future__ import annotations

from typing import Any

from patience_rules import Game, forty_thieves, golf, scorpion


def player_moves(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The legal moves of *game*, JSON-ready; a draw or reserve deal names no card."""
    state = game.state
    entries = []
    for move in game.legal_moves():
        if isinstance(move, golf.Draw | forty_thieves.Draw):
            entries.append(_entry(move, "draw", "s", ["w"], []))
        elif isinstance(move, scorpion.DealReserve):
            targets = [str(n) for n in range(1, len(state.reserve) + 1)]
            entries.append(_entry(move, "deal_reserve", "r", targets, []))
        else:
            cards = [str(card) for card in move.moved_cards(state)]
            source, target = str(move.source_pile(state)), str(move.target_pile(state))
            entries.append(_entry(move, "move_cards", source, [target], cards))
    return entries


def _entry(
    move: object, kind: str, source: str, targets: list[str], cards: list[str]
) -> dict[str, Any]:
    return {"move": str(move), "kind": kind, "source": source, "targets": targets, "cards": cards}
