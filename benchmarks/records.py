"""Saving and loading a game: the record save against the full-position save.

Run with ``python benchmarks/records.py [--actions N] [--repeat N]``.  It plays a
Forty Thieves game of N actions (default 150: random legal moves from a fixed
seed, every tenth action an undo), then prints, for each save format, the size
of its JSON text and the time to write it (``to_record`` / ``to_dict`` and
``json.dumps``) and to read it back (``json.loads`` and ``from_record`` /
``from_dict``).  The floor is the least a record load can do: deal the code
and replay its notations with the pure functions (``forty_thieves.parse_move``
and ``forty_thieves.apply``, an undo popping a list), with no checks and no
``Game``; loading is reported as a ratio to it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from patience_rules import Game, forty_thieves, new_game
from patience_rules.game import UNDO

CODE = "FT1-N-AAAAAAC"


def played(actions: int) -> Game[Any, Any]:
    """A game of CODE after *actions* actions: random legal moves, every tenth an undo."""
    rng = random.Random(2026)
    game = new_game(CODE)
    while len(game.record) < actions:
        if len(game.record) % 10 == 9 and game.can_undo:
            game = game.undo()
        else:
            legal = game.legal_moves()
            game = game.play(legal[rng.randrange(len(legal))])
    return game


def floor(code_number: int, notations: list[str]) -> forty_thieves.State:
    """The position after *notations*, replayed with the pure functions and a list for undo."""
    states = [forty_thieves.deal(code_number)]
    for notation in notations:
        if notation == UNDO:
            states.pop()
        else:
            states.append(forty_thieves.apply(states[-1], forty_thieves.parse_move(notation)))
    return states[-1]


def best(action: Callable[[], object], repeat: int) -> float:
    """The fastest of *repeat* runs of *action*, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    game = played(args.actions)
    record_text = json.dumps(game.to_record())
    position_text = json.dumps(game.to_dict())
    assert Game.from_record(json.loads(record_text)) == game  # noqa: S101 - a sanity check
    assert floor(game.code.number, list(game.record)) == game.state  # noqa: S101
    floor_ms = best(lambda: floor(game.code.number, list(game.record)), args.repeat)

    python = sys.version.split()[0]
    print(
        f"Forty Thieves {CODE}, {len(game.record)} actions ({game.moves} moves), "
        f"best of {args.repeat}, Python {python}"
    )
    print(f"  {'floor: pure replay':<22} {'':>9}  {'':>9}  load {floor_ms:7.2f} ms")
    formats = [
        ("record", record_text, game.to_record, Game.from_record),
        ("full position", position_text, game.to_dict, Game.from_dict),
    ]
    for name, text, save, load in formats:
        save_ms = best(lambda save=save: json.dumps(save()), args.repeat)
        load_ms = best(lambda text=text, load=load: load(json.loads(text)), args.repeat)
        size = len(text.encode()) / 1024
        print(
            f"  {name:<22} {size:7.1f} KB  save {save_ms:5.2f} ms  load {load_ms:7.2f} ms"
            f"  ({load_ms / floor_ms:.1f}x the floor)"
        )


if __name__ == "__main__":
    main()
