"""What the playout benchmark measures: random playouts, calls, loads, memory.

A playout draws each action uniformly from the legal ones until none is left
or *cap* actions are played (Forty Thieves and Scorpion never end by
themselves, and cards can shuttle between empty columns for ever).  Deals are
made before the clock starts, so only play is timed.  Times are the process's
CPU time, which other work on the machine disturbs less than the wall clock.
"""

from __future__ import annotations

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
    legal_moves, apply = rules.legal_moves, rules.apply
    actions = 0
    while actions < cap and (moves := legal_moves(state)):
        state = apply(state, moves[rng.randrange(len(moves))])
        actions += 1
    return actions


def game_playout(rng: random.Random, game: Game[Any, Any], cap: int) -> int:
    """A playout through the Game wrapper, with its undo history; the actions played.

    *game* is built before the clock starts: the public constructor checks its
    fields (see :func:`check_time`), while play builds each next Game unchecked.
    """
    while game.moves < cap and (moves := game.legal_moves()):
        game = game.play(moves[rng.randrange(len(moves))])
    return game.moves


def rate(playout: Playout, deals: Sequence[Any]) -> float:
    """Actions per second of *playout* over *deals* (the same seed for every playout kind)."""
    rng = random.Random(2026)
    start = time.process_time()
    actions = sum(playout(rng, deal) for deal in deals)
    return actions / (time.process_time() - start)


def positions(deals: Sequence[Any], cap: int) -> list[Any]:
    """Every position met by random playouts from *deals*: a sample for timing calls."""
    rng = random.Random(7)
    seen = []
    for deal in deals:
        rules, state = rules_of(deal.game), deal
        for _ in range(cap):
            seen.append(state)
            moves = rules.legal_moves(state)
            if not moves:
                break
            state = rules.apply(state, moves[rng.randrange(len(moves))])
    return seen


def call_time(function: Callable[[Any], object], states: Sequence[Any]) -> float:
    """Microseconds per call of *function* over *states*."""
    start = time.process_time()
    for state in states:
        function(state)
    return (time.process_time() - start) / len(states) * 1e6


def deal_time(code: str, times: int = 1000) -> float:
    """Microseconds to deal *code* into a new Game."""
    start = time.process_time()
    for _ in range(times):
        new_game(code)
    return (time.process_time() - start) / times * 1e6


def check_time(code: str, actions: int = 5, times: int = 200) -> float:
    """Microseconds for the public Game constructor to check *code* after a few *actions*."""
    game = new_game(code)
    for _ in range(actions):
        game = game.play(game.legal_moves()[0])
    start = time.process_time()
    for _ in range(times):
        Game(game.state, game.code, game.moves, game.history)
    return (time.process_time() - start) / times * 1e6


def full_history(deal: Callable[[int], Any], tries: int = 20) -> Game[Any, Any]:
    """The Game with the longest undo history (at most HISTORY_LIMIT) from random play.

    One Golf game has at most 51 actions, so only Forty Thieves and Scorpion
    fill the whole history.
    """
    longest = Game(deal(0))
    for number in range(tries):
        rng = random.Random(number)
        game = Game(deal(number))
        while (moves := game.legal_moves()) and len(game.history) < HISTORY_LIMIT:
            game = game.play(moves[rng.randrange(len(moves))])
        if len(game.history) > len(longest.history):
            longest = game
        if len(game.history) == HISTORY_LIMIT:
            break
    return longest


def history_memory(deal: Callable[[int], Any]) -> tuple[int, int]:
    """Bytes kept alive by the Game of :func:`full_history`, and its history's length."""
    gc.collect()
    tracemalloc.start()
    game = full_history(deal)
    gc.collect()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return kept, len(game.history)


def load_time(game: Game[Any, Any], times: int = 20) -> float:
    """Milliseconds for Game.from_dict to read back *game*'s saved dict."""
    data = game.to_dict()
    start = time.process_time()
    for _ in range(times):
        Game.from_dict(data)
    return (time.process_time() - start) / times * 1e3
