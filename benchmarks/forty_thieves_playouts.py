"""Forty Thieves speed and memory: random playouts per second, deal time, history size.

Run with ``python benchmarks/forty_thieves_playouts.py``.  It prints, for
random games (each action drawn uniformly from the legal ones until none is
left or :data:`CAP` actions are played: Forty Thieves never ends by itself,
and a card can shuttle between empty columns for ever):

- the pure functions (``forty_thieves.legal_moves`` / ``forty_thieves.apply``);
- the ``Game`` wrapper (``Game.legal_moves`` / ``Game.play``, with its undo
  history);

(the deals are made before the clock starts, so only play is timed), then
the time to deal from a code, and the memory a ``Game`` with a full
100-position undo history keeps alive (untouched piles are shared between
positions, so it stays small).
"""

from __future__ import annotations

import sys

from _playouts import report, report_footer

from patience_rules import forty_thieves

GAMES = 200
CAP = 300
"""The most actions one playout plays."""

DEALS = [forty_thieves.deal(number) for number in range(GAMES)]


def main() -> None:
    """Print the figures."""
    python = sys.version.split()[0]
    print(f"Forty Thieves, {GAMES} random playouts of up to {CAP} actions, Python {python}")
    report(DEALS, cap=CAP)
    report_footer("FT1-N-AAAAAAB", forty_thieves.deal)


if __name__ == "__main__":
    main()
