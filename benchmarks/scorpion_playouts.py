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

import random
import sys

from _playouts import report, report_footer

from patience_rules import scorpion
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


def main() -> None:
    """Print the figures."""
    print(f"Scorpion, {GAMES} random playouts per variant, Python {sys.version.split()[0]}")
    for variant in Variant:
        print(f"  {variant.value}")
        report(DEALS[variant], cap=MAX_ACTIONS, floor=floor_playout, indent="    ")
    report_footer("SC1-C-AAAAAAB", scorpion.deal)


if __name__ == "__main__":
    main()
