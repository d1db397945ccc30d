"""Speed of the rules for every game, as ratios to a bare-Python floor measured in the same run.

Run with ``python benchmarks/playouts.py`` (``--repeat N``, default 3: each
figure is the best of N interleaved runs; ``--deals N`` plays fewer deals).  For random
playouts of every game and variant (each action drawn uniformly from the
legal ones until none is left or the cap is reached; the deals are made
before the clock starts) it prints the actions per second of

- the floor (:mod:`floors`: the fastest plain Python we can write for the
  same rules, checked here to play the very same games);
- the pure functions (``legal_moves`` / ``apply``);
- the ``Game`` wrapper (``Game.legal_moves`` / ``Game.play``, undo history
  included);

with pure / floor and Game / pure (targets: ≤ 2 and ≤ 1.3), the
microseconds per ``legal_moves`` call over the positions those playouts
meet, in all and per candidate pile, then per game the time to deal a code,
the memory a ``Game`` with a full undo history keeps alive (target: under
60 KB) and the time ``Game.from_dict`` takes to load it (target: a few ms).

Beside our floor it prints the reference floor's rate and pure / reference
floor (``--reference PATH``, by default ``shared/bench/perf_floors.py`` beside
the checkout or its worktrees' folder; left out without the file): the ratios are medians of
ratios taken within one run.  Then, per game, loading as ratios to playing
(``Game.from_dict`` of a full undo history over playing its moves through
``Game``, target 3; the checked ``Game(state, code, moves)`` over ten moves,
target 2; ``Game.from_record`` of a 200-action record over replaying it with
the pure functions, target 1.2; each the ratio of the best of ``3 * --repeat`` batches
of each side, timed in turn) and a server's round trip in microseconds:
load a 200-action record from JSON, play one move, compute its effects and
the player view, save the record as JSON, beside the reference floor's
round trip of as many actions on its own lists (for scale).
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import _reference
import floors
from _playouts import (
    call_time,
    check_time,
    constructor_ratio,
    deal_time,
    from_dict_ratio,
    from_record_ratio,
    full_history,
    game_playout,
    history_memory,
    load_time,
    past_limit,
    positions,
    pure_playout,
    rate,
    recorded,
    round_trip,
)

from patience_rules import Game, forty_thieves, golf, scorpion
from patience_rules.game import rules_of


class _Line(NamedTuple):
    """One row of the table: a game and variant, its deals, cap and candidate piles."""

    name: str
    deals: list[Any]
    cap: int
    piles: int


LINES = [
    _Line("golf easy", [golf.deal(n) for n in range(2000)], 100, golf.COLUMNS + 1),
    _Line(
        "golf classic",
        [golf.deal(n, golf.Variant.CLASSIC) for n in range(2000)],
        100,
        golf.COLUMNS + 1,
    ),
    _Line(
        "forty thieves",
        [forty_thieves.deal(n) for n in range(200)],
        300,
        1 + forty_thieves.COLUMNS + forty_thieves.FOUNDATIONS + 1,
    ),
    _Line("scorpion classic", [scorpion.deal(n) for n in range(300)], 200, scorpion.COLUMNS + 1),
    _Line(
        "scorpion flexible",
        [scorpion.deal(n, scorpion.Variant.FLEXIBLE) for n in range(300)],
        200,
        scorpion.COLUMNS + 1,
    ),
]
"""Per line: deals, the most actions a playout plays, and the piles legal_moves looks at
(every column, foundation and waste, plus the stock or the reserve)."""

FOOTERS: list[tuple[str, str, Callable[[int], Any]]] = [
    ("golf", "GO1-E-AAAAAAB", golf.deal),
    ("forty thieves", "FT1-N-AAAAAAB", forty_thieves.deal),
    ("scorpion", "SC1-C-AAAAAAB", scorpion.deal),
]


def _check(line: _Line) -> None:
    for number, state in enumerate(line.deals[:20]):
        if not floors.same_games(state, line.cap, number):
            raise SystemExit(f"{line.name}: the floor plays another game than the library")


def measure(line: _Line, repeat: int, deals: int, reference: ModuleType | None) -> str:
    """The table row of *line*, over its first *deals* deals."""
    _check(line)
    line = line._replace(deals=line.deals[:deals])
    prepared = [floors.prepare(state) for state in line.deals]
    floor = floors.FLOORS[line.deals[0].game][1]

    def floor_playout(rng: Any, deal: Any) -> int:  # noqa: ANN401 - any game
        return floor(rng, deal, line.cap)[0]

    def reference_rate() -> float:
        if reference is None:
            return float("nan")
        setup = _reference.config(reference, line.name)
        return _reference.playout_rate(reference, setup, line.deals)

    pure = functools.partial(pure_playout, cap=line.cap)
    game = functools.partial(game_playout, cap=line.cap)
    games = [Game(state) for state in line.deals]
    runs = [  # interleaved, so that a busy moment of the machine hits every kind alike
        (
            rate(floor_playout, prepared),
            reference_rate(),
            rate(pure, line.deals),
            rate(game, games),
        )
        for _ in range(repeat)
    ]
    # The best of each kind, and the median of the ratios taken within one run.
    floor_rate, reference_best, pure_rate, game_rate = (
        max(kind) for kind in zip(*runs, strict=True)
    )
    to_reference = statistics.median(ref / pure for _, ref, pure, _ in runs)
    game_ratio = statistics.median(pure / game for _, _, pure, game in runs)
    seen = positions(line.deals[:50], line.cap)
    legal_moves = rules_of(line.deals[0].game).legal_moves
    call = min(call_time(legal_moves, seen) for _ in range(repeat))
    return (
        f"{line.name:<18} {floor_rate:9.0f} {reference_best:9.0f}"
        f" {pure_rate:9.0f} {game_rate:9.0f}"
        f" {floor_rate / pure_rate:7.2f}x {to_reference:7.2f}x {game_ratio:7.2f}x"
        f" {call:8.2f} {call / line.piles:8.2f}"
    )


def main() -> None:
    """Print the table and the per-game figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the best counts)")
    parser.add_argument("--deals", type=int, default=2000, help="at most this many deals a row")
    parser.add_argument(
        "--reference",
        type=Path,
        default=_reference.DEFAULT,
        help="the reference floor, perf_floors.py (its columns are left out without it)",
    )
    args = parser.parse_args()
    reference = _reference.load(args.reference)
    print(f"Random playouts, Python {sys.version.split()[0]}; rates in actions/s")
    print(
        f"{'':<18} {'floor':>9} {'ref fl':>9} {'pure':>9} {'Game':>9} {'pure/fl':>8}"
        f" {'pure/ref':>8} {'Game/pu':>8} {'moves µs':>8} {'µs/pile':>8}"
    )
    for line in LINES:
        print(measure(line, args.repeat, args.deals, reference), flush=True)
    print()
    for name, code, deal in FOOTERS:
        kept, size = history_memory(deal)
        load = load_time(full_history(deal))
        print(
            f"{name:<14} deal {deal_time(code):6.1f} µs; Game() after 5 moves"
            f" {check_time(code):6.1f} µs; Game with {size} undo positions:"
            f" {kept / 1024:5.1f} KB, from_dict {load:5.1f} ms"
        )
    print()
    print("Loading, as ratios to playing (targets: 3, 2 and 1.2)")
    rounds = 3 * args.repeat
    for name, code, deal in FOOTERS:
        game = full_history(deal)
        coded = full_history(deal, coded=True)
        record = recorded(game_name(deal))
        print(
            f"{name:<14} from_dict / playing its {len(game.history)} moves through Game"
            f" {from_dict_ratio(game, rounds):5.2f}x, with a code ({len(coded.history)} moves)"
            f" {from_dict_ratio(coded, rounds):5.2f}x,"
            f" 50 actions on {from_dict_ratio(past_limit(coded), rounds):5.2f}x;"
            f" Game(state) / 10 moves {constructor_ratio(code, rounds=rounds):5.2f}x;"
            f" from_record / pure replay {from_record_ratio(record, rounds):5.2f}x",
            flush=True,
        )
    print()
    print("A server's round trip: load the record, play, view and effects, save (µs)")
    for name, _, deal in FOOTERS:
        game = recorded(game_name(deal))
        ours = min(round_trip(game) for _ in range(args.repeat))
        floor_text = ""
        if reference is not None:
            setup = _reference.config(reference, _reference.GAMES[game_name(deal)])
            text = json.dumps(game.to_record())
            dealt = deal(game.code.number)  # type: ignore[union-attr]
            best = min(_reference.round_trip(setup, dealt, text) for _ in range(args.repeat))
            floor_text = f"; reference floor {best:7.0f} µs ({ours / best:.1f}x)"
        print(f"{name:<14} {len(game.record):3} actions: {ours:7.0f} µs{floor_text}", flush=True)


def game_name(deal: Callable[[int], Any]) -> str:
    """The game that *deal* deals."""
    return str(deal(0).game)


if __name__ == "__main__":
    main()
