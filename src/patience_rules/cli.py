"""The ``patience-rules`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from patience_rules.errors import PatienceError
from patience_rules.game import new_game


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with *argv* (default: the process's arguments)."""
    parser = argparse.ArgumentParser(prog="patience-rules", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    deal = commands.add_parser("deal", help="deal a game code and print the position")
    deal.add_argument("code", help="a game code such as GO1-E-AAAAAAB")
    args = parser.parse_args(argv)
    try:
        game = new_game(args.code)
    except PatienceError as error:
        print(f"patience-rules: {error}", file=sys.stderr)
        return 2
    print(f"{game.code} ({game.state.game}, {game.state.variant.value})")
    print(game.state)
    return 0
