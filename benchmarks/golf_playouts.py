"""Golf speed and memory: random playouts per second, deal time, history size.

Run with ``python benchmarks/golf_playouts.py``.  It prints, for random full
games (each action drawn uniformly from the legal ones until won or stuck):

- a deliberately minimal mutable-list playout, the floor;
- the pure functions (``golf.legal_moves`` / ``golf.apply``);
- the ``Game`` wrapper (``Game.legal_moves`` / ``Game.play``);

(the deals are made before the clock starts, so only play is timed),

their ratios to the floor (targets: pure ≤ 3×, Game ≤ 5×), the time to deal
from a code, and the memory a ``Game`` with a full 100-position undo history
keeps alive (target: well under 200 KB).
"""

from __future__ import annotations

import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable

from patience_rules import Game, golf, new_game

GAMES = 2000


DEALS = [golf.deal(number) for number in range(GAMES)]


def floor_playout(rng: random.Random, state: golf.State) -> int:
    """A bare playout on lists of ranks: the fastest sensible Python."""
    columns = [[card.rank.value for card in column] for column in state.columns]
    stock = [card.rank.value for card in reversed(state.stock)]
    waste = state.waste[-1].rank.value
    actions = 0
    while True:
        fitting = [
            c for c in columns if c and (abs(c[-1] - waste) == 1 or abs(c[-1] - waste) == 12)
        ]
        choices = len(fitting) + (1 if stock else 0)
        if not choices or not any(columns):
            return actions
        pick = rng.randrange(choices)
        waste = fitting[pick].pop() if pick < len(fitting) else stock.pop()
        actions += 1


def pure_playout(rng: random.Random, state: golf.State) -> int:
    """A playout through the pure functions."""
    actions = 0
    while moves := golf.legal_moves(state):
        state = golf.apply(state, moves[rng.randrange(len(moves))])
        actions += 1
    return actions


def game_playout(rng: random.Random, state: golf.State) -> int:
    """A playout through the Game wrapper, with its undo history."""
    game = Game(state)
    while moves := game.legal_moves():
        game = game.play(moves[rng.randrange(len(moves))])
    return game.moves


def rate(playout: Callable[[random.Random, golf.State], int]) -> tuple[float, float]:
    """Games per second and actions per second of *playout* over GAMES deals (dealt before)."""
    rng = random.Random(2026)
    start = time.perf_counter()
    actions = sum(playout(rng, state) for state in DEALS)
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, actions / elapsed


def history_memory() -> tuple[int, int]:
    """Bytes kept alive by a Game holding 100 undo positions, and its action count.

    One Golf game has at most 51 actions, so the history is filled by playing
    deals one after another and carrying the history over.
    """
    gc.collect()
    tracemalloc.start()
    rng = random.Random(1)
    history: tuple[golf.State, ...] = ()
    number = 0
    while len(history) < 100:
        game = Game(golf.deal(number), history=history)
        while (moves := game.legal_moves()) and len(game.history) < 100:
            game = game.play(moves[rng.randrange(len(moves))])
        history = game.history
        number += 1
    gc.collect()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return kept, len(game.history)


def main() -> None:
    """Print the figures."""
    floor, floor_actions = rate(floor_playout)
    print(f"Golf, {GAMES} random playouts, Python {sys.version.split()[0]}")
    print(f"  floor (mutable lists)  {floor:9.0f} games/s  {floor_actions:9.0f} actions/s")
    for name, playout in [("pure functions", pure_playout), ("Game", game_playout)]:
        games, actions = rate(playout)
        print(
            f"  {name:<22} {games:9.0f} games/s  {actions:9.0f} actions/s"
            f"  ({floor / games:.1f}x the floor)"
        )
    start = time.perf_counter()
    for _ in range(GAMES):
        new_game("GO1-E-AAAAAAB")
    print(f"  deal from a code       {(time.perf_counter() - start) / GAMES * 1e6:9.1f} µs")
    kept, size = history_memory()
    print(f"  Game with {size} undo positions keeps {kept / 1024:.1f} KB alive")


if __name__ == "__main__":
    main()
