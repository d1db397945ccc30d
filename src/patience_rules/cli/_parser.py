"""The ``patience-rules`` command line: its subcommands, options and help texts."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from patience_rules import __version__, _stats_command
from patience_rules._text import quote
from patience_rules.cli import _commands
from patience_rules.cli._input import LINE_LIMIT, RECORD_LIMIT
from patience_rules.codes import GAMES, variant_of
from patience_rules.reasons import LANGUAGES

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["build_parser"]

_Subcommands = argparse._SubParsersAction  # noqa: SLF001 - argparse's documented return type


def _game_choice(text: str) -> str:
    """Argparse type: a game name, ``forty-thieves`` or ``forty_thieves`` alike."""
    name = text.strip().lower().replace("-", "_")
    if name not in GAMES:
        games = ", ".join(_cli_name(game) for game in GAMES)
        msg = f"unknown game {quote(text)} (choose from {games})"
        raise argparse.ArgumentTypeError(msg)
    return name


def _cli_name(game: str) -> str:
    return game.replace("_", "-")


def _variants_help() -> str:
    return "; ".join(
        f"{_cli_name(game)}: " + ", ".join(v.value for v in type(variant_of(game)))
        for game in GAMES
    )


def _display_options() -> argparse.ArgumentParser:
    """The options every subcommand that shows a table shares: language and colour."""
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the language of everything printed (default en, or the saved game's)",
    )
    options.add_argument(
        "--color",
        action=argparse.BooleanOptionalAction,
        help="colour the output (default: only on a terminal, and not when NO_COLOR is set)",
    )
    return options


def _register_play(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play",
        parents=[_display_options()],
        help="play a game in the terminal",
        description="Play a game: type moves in the game's notation, u to undo, "
        "? or h for the legal moves, ! for a hint, svg FILE to save a picture of the "
        "table, q to quit.  Reads one move per "
        f"line (at most {LINE_LIMIT} bytes), so input can be piped.  Without CODE, "
        "deals a random game.",
    )
    play.add_argument("code", nargs="?", metavar="CODE", help="a game code such as GO1-E-AAAAAAF")
    play.add_argument(
        "--game",
        type=_game_choice,
        metavar="GAME",
        help="the game of a random deal: " + ", ".join(map(_cli_name, GAMES)) + " (default golf)",
    )
    play.add_argument(
        "--variant", metavar="V", help=f"the rule variant of a random deal ({_variants_help()})"
    )
    play.add_argument(
        "--winnable",
        action="store_true",
        help="deal a random game that the solver has proved winnable",
    )
    play.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="keep the game record in FILE; if FILE holds one already, go on with that game",
    )
    play.set_defaults(handler=_commands.play)


def _register_deal(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    deal = commands.add_parser(
        "deal", parents=[_display_options()], help="print the position a game code deals"
    )
    deal.add_argument("code", metavar="CODE", help="a game code such as GO1-E-AAAAAAF")
    deal.add_argument(
        "--svg", type=Path, metavar="FILE", help="also save a picture of the table in FILE (SVG)"
    )
    deal.set_defaults(handler=_commands.deal)


def _register_new(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    new = commands.add_parser("new", help="print a fresh random game code")
    new.add_argument(
        "game", type=_game_choice, metavar="GAME", help=", ".join(map(_cli_name, GAMES))
    )
    new.add_argument("--variant", metavar="V", help=f"the rule variant ({_variants_help()})")
    new.set_defaults(handler=_commands.new)


def _register_replay(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    replay = commands.add_parser(
        "replay",
        parents=[_display_options()],
        help="replay a saved game record",
        description='Replay a game record, a JSON object {"code": CODE, "moves": [...]} '
        f'with "u" for an undo (at most {RECORD_LIMIT} bytes), and print the final '
        "position and score.",
    )
    replay.add_argument("file", metavar="FILE", help="the record file, or - for standard input")
    replay.set_defaults(handler=_commands.replay)


def _register_stats(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    # Looked up when called: _stats_command imports this package's progress bar.
    _stats_command.register(commands)


_REGISTRATIONS: tuple[Callable[[_Subcommands[argparse.ArgumentParser]], None], ...] = (
    _register_play,
    _register_deal,
    _register_new,
    _register_replay,
    _register_stats,
)
"""Each adds one subcommand; a subcommand module's ``register`` plugs in here."""


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``patience-rules`` command line, with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="patience-rules",
        description="Play Golf, Forty Thieves and Scorpion patience in the terminal.",
        epilog="Start with: patience-rules play",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for register in _REGISTRATIONS:
        register(commands)
    return parser
