"""What the playout benchmarks share: random playouts timed, deal time, history memory.

A playout draws each action uniformly from the legal ones until none is left
or *cap* actions are played (Forty Thieves and Scorpion never end by
themselves, and cards can shuttle between empty columns for ever).  Deals are
made before the clock starts, so only play is timed.
"""

from __future__ import annotations

import functools
import gc
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from patience_rules import Game, new_game
from patience_rules.game import HISTORY_LIMIT, rules_of

Playout = Callable[[random.Random, Any], int]


def pure_playout(rng: random.Random, state: Any, cap: int) -> int:  # noqa: ANN401 - any game
    """A playout through the game module's pure functions; the actions played."""
    rules = rules_of(state.game)
    actions = 0
    while actions < cap and (moves := rules.legal_moves(state)):
        state = rules.apply(state, moves[rng.randrange(len(moves))])
        actions += 1
    return actions


def game_playout(rng: random.Random, state: Any, cap: int) -> int:  # noqa: ANN401 - any game
    """A playout through the Game wrapper, with its undo history; the actions played."""
    game = Game(state)
    while game.moves < cap and (moves := game.legal_moves()):
        game = game.play(moves[rng.randrange(len(moves))])
    return game.moves


def rate(playout: Playout, deals: Sequence[Any]) -> tuple[float, float]:
    """Playouts per second and actions per second of *playout* over *deals*."""
    rng = random.Random(2026)
    start = time.perf_counter()
    actions = sum(playout(rng, state) for state in deals)
    elapsed = time.perf_counter() - start
    return len(deals) / elapsed, actions / elapsed


def deal_time(code: str, times: int = 1000) -> float:
    """Microseconds to deal *code* into a new Game."""
    start = time.perf_counter()
    for _ in range(times):
        new_game(code)
    return (time.perf_counter() - start) / times * 1e6


def history_memory(deal: Callable[[int], Any]) -> tuple[int, int]:
    """Bytes kept alive by a Game holding a full undo history, and its length.

    Deals are played one after another, the history carried over, until it
    holds HISTORY_LIMIT positions (one Golf game has at most 51 actions).
    """
    gc.collect()
    tracemalloc.start()
    rng = random.Random(1)
    history: tuple[Any, ...] = ()
    number = 0
    while len(history) < HISTORY_LIMIT:
        game = Game(deal(number), history=history)
        while (moves := game.legal_moves()) and len(game.history) < HISTORY_LIMIT:
            game = game.play(moves[rng.randrange(len(moves))])
        history = game.history
        number += 1
    gc.collect()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return kept, len(history)


def report(
    deals: Sequence[Any], cap: int, floor: Playout | None = None, indent: str = "  "
) -> None:
    """Print the rates of the floor (if any), the pure functions and Game over *deals*."""
    lines: list[tuple[str, Playout]] = [
        ("pure functions", functools.partial(pure_playout, cap=cap)),
        ("Game", functools.partial(game_playout, cap=cap)),
    ]
    floor_rate = None
    if floor is not None:
        floor_rate, floor_actions = rate(floor, deals)
        name = "floor (mutable lists)"
        print(f"{indent}{name:<22} {floor_rate:9.0f} games/s  {floor_actions:9.0f} actions/s")
    for name, playout in lines:
        games, actions = rate(playout, deals)
        ratio = "" if floor_rate is None else f"  ({floor_rate / games:.1f}x the floor)"
        print(f"{indent}{name:<22} {games:9.0f} games/s  {actions:9.0f} actions/s{ratio}")


def report_footer(code: str, deal: Callable[[int], Any]) -> None:
    """Print the deal time of *code* and the memory of a full undo history."""
    print(f"  deal from a code       {deal_time(code):9.1f} µs")
    kept, size = history_memory(deal)
    print(f"  Game with {size} undo positions keeps {kept / 1024:.1f} KB alive")
