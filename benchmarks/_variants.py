"""What the benchmarks that report per game and variant share: ``--games`` and the variants."""

from __future__ import annotations

import argparse
import enum
from collections.abc import Iterator

from patience_rules.codes import variant_of
from patience_rules.solver import SOLVABLE_GAMES


def parser_with_games(doc: str) -> argparse.ArgumentParser:
    """A parser described by *doc*'s first line, with ``--games`` (by default every game)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", default=",".join(SOLVABLE_GAMES))
    return parser


def variants(games: str) -> Iterator[tuple[str, enum.Enum]]:
    """Each game of the comma-separated *games* with each of its variants, in order."""
    for game in games.split(","):
        for variant in type(variant_of(game, None)):
            yield game, variant
