"""Write a table of deals proved winnable, as ``solver.winnable_deal`` ships them.

Deal numbers of one game and variant are drawn from a seeded generator and
solved one at a time with a budget of states (not seconds, so the table does
not depend on the machine); each deal the solver wins is written as one
line, its number and then its winning line in move notation, to standard
output.  The tests replay every line of every shipped table to a won game.
The tables ship as ``src/patience_rules/solver/winnable-GAME-VARIANT.txt``.

    python benchmarks/winnable_table.py forty_thieves standard --deals 120 --max-states 8000
    python benchmarks/winnable_table.py scorpion flexible --deals 100 --max-states 400
"""

from __future__ import annotations

import argparse
import random
import sys

from patience_rules import DEALS, GameCode
from patience_rules.codes import variant_of
from patience_rules.solver import Outcome, solve_code

SEED = 20261202


def main() -> None:
    """Solve deals until enough are won; print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("variant")
    parser.add_argument("--deals", type=int, default=120, help="how many winnable deals to find")
    parser.add_argument("--max-states", type=int, default=8000, help="the budget of each deal")
    parser.add_argument("--seed", type=int, default=SEED, help="the generator's seed")
    args = parser.parse_args()
    variant = variant_of(args.game, args.variant)
    rng = random.Random(args.seed)
    found = tried = 0
    while found < args.deals:
        number = rng.randrange(DEALS)
        tried += 1
        code = GameCode(args.game, variant, number)
        solution = solve_code(code, max_states=args.max_states)
        if solution.outcome is Outcome.WIN:
            found += 1
            print(number, *map(str, solution.line), flush=True)
            print(f"{found} won of {tried} tried", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
