"""Scorpion mutants that load though play does not reach them: a targeted search.

Run with ``python benchmarks/scorpion_mutants.py [--mutants N] [--seed S]``.  Each
mutant is a game of a small deal (codes ``SC1-C-AAAA???`` and ``SC1-F-AAAA???``, the
last three letters from A to J) after up to four random actions, the reserve deal
drawn often, saved without its history and changed in one way as the property test
``tests/test_loading_mutants.py`` changes it (two cards swapped, a card moved, a card
written over), but with the cards near the tops of the columns drawn far more often,
where a change is likeliest to load.  A mutant that loads is looked up among the
positions a breadth-first search of every line of play meets within its move counter
(see that test for why this decides reachability); each one it does not meet is
printed with its code, the actions played and the changed position, and the search
ends with how many mutants loaded and how many of those play does not reach.

About 100,000 mutants found the dozen positions ``docs/loading.md`` discusses.
"""

from __future__ import annotations

import argparse
import copy
import functools
import json
import random
from typing import Any

from patience_rules import Game, InvalidPositionError, new_game, parse_code, scorpion

DEPTH = 4
"""Actions played before the change, and the depth of the search from the deal."""


@functools.lru_cache(maxsize=64)
def reachable(code: str) -> dict[scorpion.State, int]:
    """Every position within DEPTH actions of *code*'s deal, with the fewest actions."""
    parsed = parse_code(code)
    dealt = scorpion.deal(parsed.number, scorpion.Variant(parsed.variant))
    depths = {dealt: 0}
    frontier = [dealt]
    for depth in range(1, DEPTH + 1):
        following = []
        for position in frontier:
            for move in scorpion.legal_moves(position):
                after = scorpion.apply(position, move)
                if after not in depths:
                    depths[after] = depth
                    following.append(after)
        frontier = following
    return depths


def played(rng: random.Random, code: str) -> Game[Any, Any]:
    """*code*'s game after up to DEPTH random actions, the reserve deal a third of the time."""
    game: Game[Any, Any] = new_game(code)
    for _ in range(rng.randint(0, DEPTH)):
        legal = game.legal_moves()
        if not legal:
            break
        deals = [move for move in legal if isinstance(move, scorpion.DealReserve)]
        game = game.play(deals[0] if deals and rng.random() < 0.35 else rng.choice(legal))
    return game


def mutant(rng: random.Random, game: Game[Any, Any]) -> dict[str, Any] | None:
    """*game* saved and changed in one way near the tops of its columns (``None``: no change)."""
    data = game.to_dict()
    data.pop("history", None)
    unchanged = copy.deepcopy(data)
    piles = [column[part] for column in data["columns"] for part in ("down", "up")]
    piles.append(data["reserve"])

    def slot() -> tuple[list[str], int]:
        ups = [column["up"] for column in data["columns"] if column["up"]]
        pile = rng.choice(ups) if rng.random() < 0.9 else rng.choice([p for p in piles if p])
        return pile, len(pile) - 1 - min(int(rng.expovariate(1.5)), len(pile) - 1)

    pile, index = slot()
    other, other_index = slot()
    kind = rng.choice(["swap", "move", "copy"])
    if kind == "swap":
        pile[index], other[other_index] = other[other_index], pile[index]
    elif kind == "move":
        target = rng.choice([column["up"] for column in data["columns"]])
        target.insert(len(target) - min(int(rng.expovariate(1.5)), len(target)), pile.pop(index))
    else:
        pile[index] = other[other_index]
    return None if data == unchanged else data


def main() -> None:
    """Draw the mutants and print those that load though play does not reach them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    loads = unreachable = 0
    for _ in range(args.mutants):
        variant = rng.choice("CF")
        code = f"SC1-{variant}-AAAA" + "".join(rng.choice("ABCDEFGHIJ") for _ in range(3))
        game = played(rng, code)
        data = mutant(rng, game)
        if data is None:
            continue
        try:
            loaded = Game.from_dict(data)
        except InvalidPositionError:
            continue
        loads += 1
        depth = reachable(code).get(loaded.state)
        if depth is None or depth > game.moves:
            unreachable += 1
            line = " ".join(map(str, game.to_record().get("moves", ())))
            print(f"{code} after '{line}', counter {game.moves}:", json.dumps(data["columns"]))
    print(f"{args.mutants} mutants: {loads} load, {unreachable} of them not reached by play")


if __name__ == "__main__":
    main()
