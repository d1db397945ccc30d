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
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

import floors
from _playouts import (
    call_time,
    check_time,
    deal_time,
    full_history,
    game_playout,
    history_memory,
    load_time,
    positions,
    pure_playout,
    rate,
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


def measure(line: _Line, repeat: int, deals: int) -> str:
    """The table row of *line*, over its first *deals* deals."""
    _check(line)
    line = line._replace(deals=line.deals[:deals])
    prepared = [floors.prepare(state) for state in line.deals]
    floor = floors.FLOORS[line.deals[0].game][1]

    def floor_playout(rng: Any, deal: Any) -> int:  # noqa: ANN401 - any game
        return floor(rng, deal, line.cap)[0]

    pure = functools.partial(pure_playout, cap=line.cap)
    game = functools.partial(game_playout, cap=line.cap)
    games = [Game(state) for state in line.deals]
    runs = [  # interleaved, so that a busy moment of the machine hits every kind alike
        (rate(floor_playout, prepared), rate(pure, line.deals), rate(game, games))
        for _ in range(repeat)
    ]
    floor_rate, pure_rate, game_rate = (max(kind) for kind in zip(*runs, strict=True))
    seen = positions(line.deals[:50], line.cap)
    legal_moves = rules_of(line.deals[0].game).legal_moves
    call = min(call_time(legal_moves, seen) for _ in range(repeat))
    return (
        f"{line.name:<18} {floor_rate:9.0f} {pure_rate:9.0f} {game_rate:9.0f}"
        f" {floor_rate / pure_rate:7.2f}x {pure_rate / game_rate:7.2f}x"
        f" {call:8.2f} {call / line.piles:8.2f}"
    )


def main() -> None:
    """Print the table and the per-game figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the best counts)")
    parser.add_argument("--deals", type=int, default=2000, help="at most this many deals a row")
    args = parser.parse_args()
    print(f"Random playouts, Python {sys.version.split()[0]}; rates in actions/s")
    print(
        f"{'':<18} {'floor':>9} {'pure':>9} {'Game':>9} {'pure/fl':>8} {'Game/pu':>8}"
        f" {'moves µs':>8} {'µs/pile':>8}"
    )
    for line in LINES:
        print(measure(line, args.repeat, args.deals), flush=True)
    print()
    for name, code, deal in FOOTERS:
        kept, size = history_memory(deal)
        load = load_time(full_history(deal))
        print(
            f"{name:<14} deal {deal_time(code):6.1f} µs; Game() after 5 moves"
            f" {check_time(code):6.1f} µs; Game with {size} undo positions:"
            f" {kept / 1024:5.1f} KB, from_dict {load:5.1f} ms"
        )


if __name__ == "__main__":
    main()
