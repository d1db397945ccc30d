"""What the playout benchmark measures: random playouts, calls, loads, memory.

A playout draws each action uniformly from the legal ones until none is left
or *cap* actions are played (Forty Thieves and Scorpion never end by
themselves, and cards can shuttle between empty columns for ever).  Deals are
made before the clock starts, so only play is timed.  Times are the process's
CPU time, which other work on the machine disturbs less than the wall clock.
"""

from __future__ import annotations

import gc
import itertools
import json
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from patience_rules import Game, encode, move_effects, new_game, player_view
from patience_rules.effects import to_dict as effect_dict
from patience_rules.game import HISTORY_LIMIT, UNDO, rules_of

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


def full_history(
    deal: Callable[[int], Any], tries: int = 20, *, coded: bool = False
) -> Game[Any, Any]:
    """The Game with the longest undo history (at most HISTORY_LIMIT) from random play.

    One Golf game has at most 51 actions, so only Forty Thieves and Scorpion
    fill the whole history.  *coded*: each game is dealt from its code and keeps
    it, as a web server's games do, so loading also checks the history against
    the code's deal.
    """

    def dealt(number: int) -> Game[Any, Any]:
        if not coded:
            return Game(deal(number))
        state = deal(number)
        return new_game(encode(state.game, state.variant, number))

    longest = dealt(0)
    for number in range(tries):
        rng = random.Random(number)
        game = dealt(number)
        while (moves := game.legal_moves()) and len(game.history) < HISTORY_LIMIT:
            game = game.play(moves[rng.randrange(len(moves))])
        if len(game.history) > len(longest.history):
            longest = game
        if len(game.history) == HISTORY_LIMIT:
            break
    return longest


def past_limit(game: Game[Any, Any], actions: int = 50) -> Game[Any, Any]:
    """*game* after up to *actions* more random actions: its history no longer starts at the deal.

    A history from the code's deal is not checked against it (``_reachable._from_deal``);
    this one is: at its oldest position, and where the checks do not survive an action
    (Scorpion with a code) at the current one too (``_reachable._chained_ends``).
    """
    rng = random.Random(5)
    for _ in range(actions):
        legal = game.legal_moves()
        if not legal:
            break
        game = game.play(legal[rng.randrange(len(legal))])
    return game


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


def _cpu(action: Callable[[], object], times: int) -> float:
    """Seconds of CPU time per run of *action*, the best of three batches of *times*."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(times):
            action()
        best = min(best, (time.process_time() - start) / times)
    return best


def _ratio(
    measured: Callable[[], object],
    baseline: Callable[[], object],
    times: tuple[int, int],
    rounds: int,
) -> float:
    """CPU time per run of *measured* over *baseline*'s, batches of *times* taken in turn.

    Each of *rounds* rounds times a batch of each, one right after the other, and the
    ratio is of the two best batches: other work on the machine only ever adds time,
    so the best batch is the least disturbed one, and taking the two in turn exposes
    both to the same minutes of the machine's load.
    """
    best = [float("inf"), float("inf")]
    for _ in range(rounds):
        for side, (action, count) in enumerate(zip((measured, baseline), times, strict=True)):
            start = time.process_time()
            for _ in range(count):
                action()
            best[side] = min(best[side], (time.process_time() - start) / count)
    return best[0] / best[1]


def _moves_between(game: Game[Any, Any]) -> tuple[Game[Any, Any], list[Any]]:
    """The Game at *game*'s oldest undo position, and the moves from there to *game*."""
    rules = game.rules
    chain = (*game.history, game.state)
    moves = [
        next(move for move in rules.legal_moves(before) if rules.apply(before, move) == after)
        for before, after in itertools.pairwise(chain)
    ]
    return Game(chain[0], game.code, game.moves - len(moves)), moves


def from_dict_ratio(game: Game[Any, Any], rounds: int = 9) -> float:
    """Game.from_dict of *game* (with its undo history) over playing those moves through Game."""
    data = game.to_dict()
    start, moves = _moves_between(game)

    def play() -> None:
        played = start
        for move in moves:
            played = played.play(move)

    return _ratio(lambda: Game.from_dict(data), play, (5, 20), rounds)


def constructor_ratio(code: str, moves: int = 10, rounds: int = 9) -> float:
    """The checked ``Game(state, code, moves)`` over playing *moves* moves through Game."""
    dealt = new_game(code)
    rng = random.Random(3)
    chosen, game = [], dealt
    for _ in range(moves):
        legal = game.legal_moves()
        chosen.append(legal[rng.randrange(len(legal))])
        game = game.play(chosen[-1])

    def play() -> None:
        played = dealt
        for move in chosen:
            played = played.play(move)

    return _ratio(lambda: Game(game.state, game.code, game.moves), play, (50, 50), rounds)


def recorded(game_name: str, actions: int = 200) -> Game[Any, Any]:
    """A game of *game_name* with a record of *actions* actions (every tenth an undo).

    Random legal moves from the first deal whose game lasts that long; a Golf game
    ends sooner, so its record is the longest of its first deals.  A game that ends
    is undone until it has a legal move again, for the round trip's next move.
    """
    longest = None
    for number in range(1, 40):
        rng = random.Random(number)
        game = new_game(encode(game_name, variant_of(game_name), number))
        while len(game.record) < actions:
            legal = game.legal_moves()
            if len(game.record) % 10 == 9 and game.can_undo:
                game = game.undo()
            elif legal:
                game = game.play(legal[rng.randrange(len(legal))])
            else:
                break
        while not game.legal_moves():  # a game that goes on: undo its last move
            game = game.undo()
        if longest is None or len(game.record) > len(longest.record):
            longest = game
        if len(game.record) >= actions:
            break
    assert longest is not None  # noqa: S101 - the loop runs
    return longest


def variant_of(game_name: str) -> Any:  # noqa: ANN401 - each game has its own Variant
    """The default variant of *game_name*."""
    return next(iter(rules_of(game_name).Variant))  # type: ignore[attr-defined]


def from_record_ratio(game: Game[Any, Any], rounds: int = 9) -> float:
    """Game.from_record of *game*'s record over replaying it through the pure functions."""
    data = game.to_record()
    rules, code = game.rules, game.code
    assert code is not None  # noqa: S101 - recorded() deals from a code

    def replay() -> None:
        states = [rules.deal(code.number, code.variant)]
        for notation in data["moves"]:
            if notation == UNDO:
                states.pop()
            else:
                states.append(rules.apply(states[-1], rules.to_move(states[-1], notation)))

    return _ratio(lambda: Game.from_record(data), replay, (10, 10), rounds)


def round_trip(game: Game[Any, Any], times: int = 50) -> float:
    """Microseconds for a server's request on *game*'s record, saved as JSON text.

    Load the record, play one move, compute the player view and the move's
    effects, save the record: what a web back end does for each move.
    """
    text = json.dumps(game.to_record())
    move = str(game.legal_moves()[0])

    def request() -> None:
        loaded = Game.from_record(json.loads(text))
        effects = move_effects(loaded.state, move)
        played = loaded.play(move)
        json.dumps({"view": player_view(played), "effects": [effect_dict(e) for e in effects]})
        json.dumps(played.to_record())

    return _cpu(request, times) * 1e6
