"""The command line's argument types: each reads one value or refuses it in the player's language.

An argparse *type* is a function of the text given; a refusal is an
:class:`argparse.ArgumentTypeError` whose message argparse prints as it is,
so each type is made for one language.
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING

from patience_rules._text import quote
from patience_rules.codes import variant_of
from patience_rules.locales import text

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

__all__ = ["cli_name", "game_type", "seconds_type", "variants_text", "whole_number_type"]


def cli_name(game: str) -> str:
    """*game* as the command line writes it: ``forty-thieves``."""
    return game.replace("_", "-")


def variants_text(games: Collection[str]) -> str:
    """The variants of each of *games*, as the help lists them.

    >>> variants_text(["golf", "forty_thieves"])
    'golf: easy, classic; forty-thieves: standard'
    """
    return "; ".join(
        f"{cli_name(game)}: " + ", ".join(v.value for v in type(variant_of(game)))
        for game in games
    )


def game_type(games: Collection[str], lang: str) -> Callable[[str], str]:
    """A name of *games*, ``forty-thieves`` or ``forty_thieves`` alike.

    >>> game_type(["golf", "forty_thieves"], "en")("Forty-Thieves")
    'forty_thieves'
    """

    def game(value: str) -> str:
        name = value.strip().lower().replace("-", "_")
        if name not in games:
            choices = ", ".join(map(cli_name, games))
            message = text("unknown_game_choice", lang, game=quote(value), games=choices)
            raise argparse.ArgumentTypeError(message)
        return name

    return game


def whole_number_type(lang: str, *, positive: bool) -> Callable[[str], int]:
    """A whole number; above 0 when *positive*."""

    def number(value: str) -> int:
        try:
            whole: int | None = int(value)
        except ValueError:
            whole = None
        if whole is None or (positive and whole <= 0):
            key = "not_positive" if positive else "not_whole_number"
            raise argparse.ArgumentTypeError(text(key, lang, value=quote(value)))
        return whole

    return number


def seconds_type(lang: str) -> Callable[[str], float]:
    """A number of seconds above 0."""

    def seconds(value: str) -> float:
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not number > 0:  # nan too
            raise argparse.ArgumentTypeError(text("not_seconds", lang, value=quote(value)))
        return number

    return seconds
