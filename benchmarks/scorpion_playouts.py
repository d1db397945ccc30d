"""Random Scorpion playouts per second, with the pure functions and through Game.

Each playout deals a code and plays random legal moves until none is left, the
game is won or MAX_MOVES actions are played (Scorpion can shuffle Kings
between empty columns forever).  Run: ``python benchmarks/scorpion_playouts.py``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from patience_rules import DEALS, Game, GameCode, new_game, scorpion
from patience_rules.scorpion import Variant

MAX_MOVES = 200


def pure_playout(rng: random.Random, variant: Variant) -> int:
    """Play one random game with deal/legal_moves/apply; return the actions played."""
    state = scorpion.deal(rng.randrange(DEALS), variant)
    played = 0
    while played < MAX_MOVES:
        moves = scorpion.legal_moves(state)
        if not moves:
            break
        state = scorpion.apply(state, rng.choice(moves))
        played += 1
    return played


def game_playout(rng: random.Random, variant: Variant) -> int:
    """Play one random game through Game (undo history and counter included)."""
    game: Game[scorpion.State] = new_game(GameCode("scorpion", variant, rng.randrange(DEALS)))
    while game.moves < MAX_MOVES:
        moves = game.legal_moves()
        if not moves:
            break
        game = game.play(rng.choice(moves))
    return game.moves


def measure(
    name: str, playout: Callable[[random.Random, Variant], int], variant: Variant, seconds: float
) -> None:
    """Run *playout* for about *seconds* and print playouts and actions per second."""
    rng = random.Random(20261129)
    count = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += playout(rng, variant)
        count += 1
    print(
        f"{name:<6} {variant.value:<9} {count / elapsed:8.1f} playouts/s "
        f"{actions / elapsed:10.0f} actions/s ({count} playouts)"
    )


def main() -> None:
    """Measure both variants, pure functions then Game."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for variant in Variant:
        measure("pure", pure_playout, variant, seconds)
        measure("Game", game_playout, variant, seconds)


if __name__ == "__main__":
    main()
