"""Scorpion speed and memory: random playouts per second, deal time, history size.

Run with ``python benchmarks/scorpion_playouts.py``.  It prints, for random
games of each variant (each action drawn uniformly from the legal ones until
none is left, the game is won or MAX_ACTIONS are played: Kings can shuttle
between empty columns forever):

- a deliberately minimal mutable-list playout, the floor;
- the pure functions (``scorpion.legal_moves`` / ``scorpion.apply``);
- the ``Game`` wrapper (``Game.legal_moves`` / ``Game.play``);

(the deals are made before the clock starts, so only play is timed),

their ratios to the floor, the time to deal from a code, and the memory a
``Game`` with a full 100-position undo history keeps alive.
"""

from __future__ import annotations

import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable

from patience_rules import Game, new_game, scorpion
from patience_rules.scorpion import State, Variant

GAMES = 300
MAX_ACTIONS = 200

DEALS = {
    variant: [scorpion.deal(number, variant) for number in range(GAMES)] for variant in Variant
}


Pile = list[tuple[int, int]]


def _floor_moves(up: list[Pile], reserve: Pile, *, any_suit: bool) -> list[tuple[int, int, int]]:
    moves: list[tuple[int, int, int]] = [(-1, 0, 0)] if reserve else []
    wanted: list[list[tuple[int, int]]] = [[] for _ in range(14)]  # rank: (target, suit or -1)
    for target, onto in enumerate(up):
        if not onto:
            wanted[13].append((target, -1))
        else:
            rank, suit = onto[-1]
            wanted[rank - 1].append((target, -1 if any_suit else suit))
    for source, cards in enumerate(up):
        for index, (rank, suit) in enumerate(cards):
            for target, need in wanted[rank]:
                if target != source and need in {suit, -1}:
                    moves.append((source, index, target))
    return moves


def _floor_settle(up: Pile, down: Pile) -> int:
    if len(up) >= 13 and up[-13:] == [(13 - i, up[-1][1]) for i in range(13)]:
        del up[-13:]
        if not up and down:
            up.append(down.pop())
        return 1
    return 0


def floor_playout(rng: random.Random, state: State) -> int:
    """A bare playout on lists of (rank, suit) numbers: the fastest sensible Python."""
    suits = "CDHS"
    down = [[(c.rank.value, suits.index(c.suit.value)) for c in col.down] for col in state.columns]
    up = [[(c.rank.value, suits.index(c.suit.value)) for c in col.up] for col in state.columns]
    reserve = [(c.rank.value, suits.index(c.suit.value)) for c in state.reserve]
    runs = actions = 0
    while runs < 4 and actions < MAX_ACTIONS:
        moves = _floor_moves(up, reserve, any_suit=state.variant is Variant.FLEXIBLE)
        if not moves:
            break
        source, index, target = moves[rng.randrange(len(moves))]
        if source < 0:
            for column, card in enumerate(reserve):
                up[column].append(card)
                runs += _floor_settle(up[column], down[column])
            reserve = []
        else:
            up[target] += up[source][index:]
            del up[source][index:]
            if not up[source] and down[source]:
                up[source].append(down[source].pop())
            runs += _floor_settle(up[target], down[target])
        actions += 1
    return actions


def pure_playout(rng: random.Random, state: State) -> int:
    """A playout through the pure functions."""
    actions = 0
    while actions < MAX_ACTIONS and (moves := scorpion.legal_moves(state)):
        state = scorpion.apply(state, moves[rng.randrange(len(moves))])
        actions += 1
    return actions


def game_playout(rng: random.Random, state: State) -> int:
    """A playout through the Game wrapper, with its undo history."""
    game = Game(state)
    while game.moves < MAX_ACTIONS and (moves := game.legal_moves()):
        game = game.play(moves[rng.randrange(len(moves))])
    return game.moves


def rate(playout: Callable[[random.Random, State], int], variant: Variant) -> tuple[float, float]:
    """Games per second and actions per second of *playout* over GAMES deals (dealt before)."""
    rng = random.Random(2026)
    start = time.perf_counter()
    actions = sum(playout(rng, state) for state in DEALS[variant])
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, actions / elapsed


def history_memory() -> tuple[int, int]:
    """Bytes kept alive by a Game holding 100 undo positions, and its action count."""
    gc.collect()
    tracemalloc.start()
    rng = random.Random(1)
    history: tuple[State, ...] = ()
    number = 0
    while len(history) < 100:
        game = Game(scorpion.deal(number), history=history)
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
    print(f"Scorpion, {GAMES} random playouts per variant, Python {sys.version.split()[0]}")
    for variant in Variant:
        floor, floor_actions = rate(floor_playout, variant)
        print(f"  {variant.value}")
        print(f"    floor (mutable lists)  {floor:9.0f} games/s  {floor_actions:9.0f} actions/s")
        for name, playout in [("pure functions", pure_playout), ("Game", game_playout)]:
            games, actions = rate(playout, variant)
            print(
                f"    {name:<22} {games:9.0f} games/s  {actions:9.0f} actions/s"
                f"  ({floor / games:.1f}x the floor)"
            )
    start = time.perf_counter()
    for _ in range(GAMES):
        new_game("SC1-C-AAAAAAB")
    print(f"  deal from a code       {(time.perf_counter() - start) / GAMES * 1e6:9.1f} µs")
    kept, size = history_memory()
    print(f"  Game with {size} undo positions keeps {kept / 1024:.1f} KB alive")


if __name__ == "__main__":
    main()
