"""Write the table of Forty Thieves deals proved winnable that ``solver.winnable_deal`` ships.

Deal numbers are drawn from a seeded generator and solved one at a time with
a budget of states (not seconds, so the table does not depend on the
machine); each deal the solver wins is written as one line, its number and
then its winning line in move notation, to standard output.  The tests
replay every line of the shipped table to a won game.

    python benchmarks/winnable_table.py [--deals 120] [--max-states 8000] > table.txt
"""

from __future__ import annotations

import argparse
import random
import sys

from patience_rules import DEALS, forty_thieves
from patience_rules.solver import Outcome, solve

SEED = 20261202


def main() -> None:
    """Solve deals until enough are won; print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=120, help="how many winnable deals to find")
    parser.add_argument("--max-states", type=int, default=8000, help="the budget of each deal")
    args = parser.parse_args()
    rng = random.Random(SEED)
    found = tried = 0
    while found < args.deals:
        number = rng.randrange(DEALS)
        tried += 1
        solution = solve(forty_thieves.deal(number), max_states=args.max_states)
        if solution.outcome is Outcome.WIN:
            found += 1
            print(number, *map(str, solution.line), flush=True)
            print(f"{found} won of {tried} tried", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
