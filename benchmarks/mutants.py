"""Mutants that load though play does not reach them: a targeted search.

Run with ``python benchmarks/mutants.py [--game G] [--mutants N] [--seed S] [--actions A-B]
[--slack K]``.  Each mutant is a game of a small deal (codes ``SC1-C-AAAA???``,
``SC1-F-AAAA???``, ``FT1-N-AAAA???``, ``GO1-E-AAAA???`` or ``GO1-C-AAAA???``, the last three
letters from A to J) after *A* to *B* random actions (Scorpion: the reserve deal at a random
one of them two times in three, else not at all), saved without its history with the counter
raised by 0 to *K*, and changed in one way as the property test
``tests/test_loading_mutants.py`` changes it (two cards swapped, a card moved, a card
written over) or a card carried with every card above it onto another pile, the cards near
the tops of the piles play changes drawn far more often, where a change is likeliest to
load.  Whether play reaches a mutant that loads within its counter is decided exactly by
``benchmarks/reach.py``; each one it does not reach is printed with its code, the actions
played and the changed position, and the search ends with how many mutants loaded and how
many of those play does not reach.

What the searches met is in ``docs/loading.md``.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
from typing import Any

from reach import shortest_line

from patience_rules import Game, InvalidPositionError, new_game, scorpion
from patience_rules.game import rules_of

PREFIXES = {"scorpion": ["SC1-C", "SC1-F"], "forty-thieves": ["FT1-N"], "golf": ["GO1-E", "GO1-C"]}
"""The code prefixes of each game's variants."""


def played(rng: random.Random, code: str, actions: int) -> Game[Any, Any]:
    """*code*'s game after *actions* random ones (fewer if play stops)."""
    game: Game[Any, Any] = new_game(code)
    reserve_at = rng.randrange(actions) if actions and rng.random() < 2 / 3 else None
    for action in range(actions):
        legal = [
            move
            for move in game.legal_moves()
            if (action == reserve_at) == isinstance(move, scorpion.DealReserve)
        ] or list(game.legal_moves())
        if not legal:
            break
        game = game.play(rng.choice(legal))
    return game


def card_lists(data: dict[str, Any]) -> tuple[list[list[str]], list[list[str]]]:
    """The lists of card names in *data*: all of them, and those play changes most.

    Those are Scorpion's face-up cards, and the other games' columns, waste and foundations.
    """
    every: list[list[str]] = []
    played: list[list[str]] = []
    for column in data["columns"]:
        if isinstance(column, dict):
            every += [column["down"], column["up"]]
            played.append(column["up"])
        else:
            every.append(column)
            played.append(column)
    for field in ("stock", "waste", "reserve"):
        every += [data[field]] if field in data else []
    played += [data["waste"]] if "waste" in data else []
    every += data.get("foundations", [])
    played += data.get("foundations", [])
    return every, played


def mutant(rng: random.Random, game: Game[Any, Any], slack: int) -> dict[str, Any] | None:
    """*game* saved, its counter raised, changed in one way near the tops (``None``: no change)."""
    data = game.to_dict()
    data.pop("history", None)
    unchanged = copy.deepcopy(data)
    data["moves"] += rng.randint(0, slack)
    every, changed = card_lists(data)
    columns = changed[: len(data["columns"])]

    def slot() -> tuple[list[str], int]:
        tops = [pile for pile in changed if pile]
        pile = rng.choice(tops) if rng.random() < 0.9 else rng.choice([p for p in every if p])
        return pile, len(pile) - 1 - min(int(rng.expovariate(1.5)), len(pile) - 1)

    pile, index = slot()
    other, other_index = slot()
    kind = rng.choice(["swap", "move", "copy", "carry"])
    if kind == "carry":  # a card and every card above it onto another pile
        target = rng.choice([pile for pile in changed if pile is not other])
        target += other[other_index:]
        del other[other_index:]
    elif kind == "swap":
        pile[index], other[other_index] = other[other_index], pile[index]
    elif kind == "move":
        target = rng.choice(columns if rng.random() < 0.5 else changed)
        target.insert(len(target) - min(int(rng.expovariate(1.5)), len(target)), pile.pop(index))
    else:
        pile[index] = other[other_index]
    return None if data == unchanged | {"moves": data["moves"]} else data


def main() -> None:
    """Draw the mutants and print those that load though play does not reach them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PREFIXES), default="scorpion")
    parser.add_argument("--mutants", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--actions", default="0-4", help="how many actions before the change")
    parser.add_argument("--slack", type=int, default=0, help="the most the counter is raised by")
    args = parser.parse_args()
    fewest, most = map(int, args.actions.split("-"))
    rng = random.Random(args.seed)
    loads = unreachable = 0
    for _ in range(args.mutants):
        code = rng.choice(PREFIXES[args.game]) + "-AAAA"
        code += "".join(rng.choice("ABCDEFGHIJ") for _ in range(3))
        game = played(rng, code, rng.randint(fewest, most))
        data = mutant(rng, game, args.slack)
        if data is None:
            continue
        try:
            Game.from_dict(data)
        except InvalidPositionError:
            continue
        loads += 1
        state = rules_of(game.state.game).from_dict(data)
        if shortest_line(code, state, data["moves"]) is None:
            unreachable += 1
            line = " ".join(map(str, game.to_record().get("moves", ())))
            print(f"{code} after '{line}', counter {data['moves']}:", json.dumps(data))
    print(f"{args.mutants} mutants: {loads} load, {unreachable} of them not reached by play")


if __name__ == "__main__":
    main()
