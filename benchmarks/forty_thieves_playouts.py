"""Forty Thieves speed and memory: random playouts per second, deal time, history size.

Run with ``python benchmarks/forty_thieves_playouts.py``.  It prints, for
random games (each action drawn uniformly from the legal ones until none is
left or :data:`CAP` actions are played: Forty Thieves never ends by itself,
and a card can shuttle between empty columns for ever):

- the pure functions (``forty_thieves.legal_moves`` / ``forty_thieves.apply``);
- the ``Game`` wrapper (``Game.legal_moves`` / ``Game.play``, with its undo
  history);

(the deals are made before the clock starts, so only play is timed), then
the time to deal from a code, and the memory a ``Game`` with a full
100-position undo history keeps alive (untouched piles are shared between
positions, so it stays small).
"""

from __future__ import annotations

import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable

from patience_rules import Game, forty_thieves, new_game

GAMES = 200
CAP = 300
"""The most actions one playout plays."""

DEALS = [forty_thieves.deal(number) for number in range(GAMES)]


def pure_playout(rng: random.Random, state: forty_thieves.State) -> int:
    """A playout through the pure functions; the number of actions played."""
    actions = 0
    while actions < CAP and (moves := forty_thieves.legal_moves(state)):
        state = forty_thieves.apply(state, moves[rng.randrange(len(moves))])
        actions += 1
    return actions


def game_playout(rng: random.Random, state: forty_thieves.State) -> int:
    """A playout through the Game wrapper, with its undo history."""
    game = Game(state)
    while game.moves < CAP and (moves := game.legal_moves()):
        game = game.play(moves[rng.randrange(len(moves))])
    return game.moves


def rate(playout: Callable[[random.Random, forty_thieves.State], int]) -> tuple[float, float]:
    """Playouts per second and actions per second of *playout* over the deals."""
    rng = random.Random(2026)
    start = time.perf_counter()
    actions = sum(playout(rng, state) for state in DEALS)
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, actions / elapsed


def history_memory() -> tuple[int, int]:
    """Bytes kept alive by a Game holding 100 undo positions, and its history length."""
    gc.collect()
    tracemalloc.start()
    rng = random.Random(1)
    game = Game(forty_thieves.deal(1))
    while len(game.history) < 100 and (moves := game.legal_moves()):
        game = game.play(moves[rng.randrange(len(moves))])
    gc.collect()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return kept, len(game.history)


def main() -> None:
    """Print the figures."""
    python = sys.version.split()[0]
    print(f"Forty Thieves, {GAMES} random playouts of up to {CAP} actions, Python {python}")
    for name, playout in [("pure functions", pure_playout), ("Game", game_playout)]:
        games, actions = rate(playout)
        print(f"  {name:<22} {games:9.1f} playouts/s  {actions:9.0f} actions/s")
    start = time.perf_counter()
    for _ in range(GAMES):
        new_game("FT1-N-AAAAAAB")
    print(f"  deal from a code       {(time.perf_counter() - start) / GAMES * 1e6:9.1f} µs")
    kept, size = history_memory()
    print(f"  Game with {size} undo positions keeps {kept / 1024:.1f} KB alive")


if __name__ == "__main__":
    main()
