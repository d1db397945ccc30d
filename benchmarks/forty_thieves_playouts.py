"""Random Forty Thieves playouts per second, through the pure functions and through Game.

A playout deals a random code and plays uniformly random legal actions until
none is left or a cap is reached (Forty Thieves never ends by itself, and a
card can shuttle between empty columns forever).

    python benchmarks/forty_thieves_playouts.py [seconds] [cap]
"""

from __future__ import annotations

import random
import sys
import time
from typing import TYPE_CHECKING

from patience_rules import DEALS, encode, new_game
from patience_rules import forty_thieves as ft

if TYPE_CHECKING:
    from collections.abc import Callable


def pure_playout(rng: random.Random, cap: int) -> int:
    """One playout with deal, legal_moves and apply; the number of actions played."""
    state = ft.deal(rng.randrange(DEALS))
    for played in range(cap):
        moves = ft.legal_moves(state)
        if not moves:
            return played
        state = ft.apply(state, rng.choice(moves))
    return cap


def game_playout(rng: random.Random, cap: int) -> int:
    """One playout through new_game, Game.legal_moves and Game.play (with its undo history)."""
    game = new_game(encode("forty_thieves", None, rng.randrange(DEALS)))
    for played in range(cap):
        moves = game.legal_moves()
        if not moves:
            return played
        game = game.play(rng.choice(moves))
    return cap


def measure(
    name: str, playout: Callable[[random.Random, int], int], seconds: float, cap: int
) -> None:
    """Run *playout* for about *seconds* and print the rates."""
    rng = random.Random(2026)
    playouts = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += playout(rng, cap)
        playouts += 1
    print(
        f"{name:>6}: {playouts / elapsed:8.1f} playouts/s, {actions / elapsed:9.0f} actions/s "
        f"({playouts} playouts, {actions / playouts:.0f} actions each, cap {cap})"
    )


def main() -> None:
    """Measure both ways of playing."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    cap = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    measure("pure", pure_playout, seconds, cap)
    measure("Game", game_playout, seconds, cap)


if __name__ == "__main__":
    main()
