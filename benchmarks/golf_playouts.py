"""Golf speed and memory: random playouts per second, deal time, history size.

Run with ``python benchmarks/golf_playouts.py``.  It prints, for random full
games (each action drawn uniformly from the legal ones until won or stuck):

- a deliberately minimal mutable-list playout, the floor;
- the pure functions (``golf.legal_moves`` / ``golf.apply``);
- the ``Game`` wrapper (``Game.legal_moves`` / ``Game.play``);

(the deals are made before the clock starts, so only play is timed),

their ratios to the floor (targets: pure ≤ 3×, Game ≤ 5×), the time to deal
from a code, and the memory a ``Game`` with a full 100-position undo history
keeps alive (target: well under 200 KB).
"""

from __future__ import annotations

import random
import sys

from _playouts import report, report_footer

from patience_rules import golf

GAMES = 2000


DEALS = [golf.deal(number) for number in range(GAMES)]


def floor_playout(rng: random.Random, state: golf.State) -> int:
    """A bare playout on lists of ranks: the fastest sensible Python."""
    columns = [[card.rank.value for card in column] for column in state.columns]
    stock = [card.rank.value for card in reversed(state.stock)]
    waste = state.waste[-1].rank.value
    actions = 0
    while True:
        fitting = [
            c for c in columns if c and (abs(c[-1] - waste) == 1 or abs(c[-1] - waste) == 12)
        ]
        choices = len(fitting) + (1 if stock else 0)
        if not choices or not any(columns):
            return actions
        pick = rng.randrange(choices)
        waste = fitting[pick].pop() if pick < len(fitting) else stock.pop()
        actions += 1


def main() -> None:
    """Print the figures."""
    print(f"Golf, {GAMES} random playouts, Python {sys.version.split()[0]}")
    report(DEALS, cap=golf.BOARD_SIZE + golf.STOCK_SIZE, floor=floor_playout)
    report_footer("GO1-E-AAAAAAB", golf.deal)


if __name__ == "__main__":
    main()
