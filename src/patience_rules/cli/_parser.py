"""The ``patience-rules`` command line: its subcommands, options and help texts, in any language.

Help and usage errors are printed while the command line is read, before the
parsed ``--lang`` exists, so :func:`requested_language` reads it from the raw
arguments first and :func:`build_parser` builds the parser in that language.
Every text comes from :mod:`patience_rules.locales`: the client's own help
texts by key, and argparse's own texts ("usage:", "invalid choice: …") by
their English, the message ids argparse looks up through :mod:`gettext`'s
``_`` and ``ngettext``; the parser binds those two names of :mod:`argparse`
to the catalogue while it builds, parses or formats (argparse's documented
way to translate it, without a compiled ``.mo`` file), and formats its errors
itself, so the wording is the catalogue's on every Python version.

>>> print(build_parser("hi").format_usage(), end="")
प्रयोग: patience-rules [-h] [--version] [--lang {en,hi}] आदेश ...
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

from patience_rules import __version__, _stats_command
from patience_rules.cli import _commands, _solutions
from patience_rules.cli._console import printable
from patience_rules.cli._input import LINE_LIMIT, RECORD_LIMIT
from patience_rules.cli._types import cli_name, game_type, seconds_type, variants_text
from patience_rules.codes import GAMES
from patience_rules.locales import CATALOGUES, en, text
from patience_rules.reasons import LANGUAGES

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

__all__ = ["Parser", "build_parser", "requested_language"]

Subcommands = argparse._SubParsersAction  # noqa: SLF001 - argparse's documented return type

_LANG = "--lang"

_MESSAGE_IDS = {
    template: key for key, template in en.TEXTS.items() if key.startswith("argparse_")
}
"""argparse's English texts (its gettext message ids) and their catalogue keys."""


def requested_language(argv: Sequence[str]) -> str:
    """The language that the last ``--lang`` in *argv* names, else ``"en"``.

    It reads ``--lang hi``, ``--lang=hi`` and the abbreviations argparse
    accepts (``--la hi``), up to a ``--``; an unknown language is left for the
    parser to refuse, in English.

    >>> requested_language(["play", "--lang", "hi", "--save", "game.json"])
    'hi'
    >>> requested_language(["play", "--lan=hi", "--", "--lang", "en"])
    'hi'
    """
    lang = "en"
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--":
            break
        name, equals, value = argument.partition("=")
        if len(name) >= len("--l") and _LANG.startswith(name):
            if not equals:
                value = next(arguments, "")
            if value in LANGUAGES:
                lang = value
    return lang


@contextlib.contextmanager
def _argparse_speaks(lang: str) -> Iterator[None]:
    """While inside, argparse's own texts come from the catalogue of *lang*."""
    catalogue = CATALOGUES[lang]

    def gettext(message_id: str) -> str:
        key = _MESSAGE_IDS.get(message_id)
        return message_id if key is None else catalogue[key]

    def ngettext(singular: str, plural: str, count: int) -> str:
        return gettext(singular if count == 1 else plural)

    names = vars(argparse)
    saved = names["_"], names["ngettext"]
    names["_"], names["ngettext"] = gettext, ngettext
    try:
        yield
    finally:
        names["_"], names["ngettext"] = saved


class Parser(argparse.ArgumentParser):
    """An argument parser that speaks *lang*: its help, usage and errors.

    Its errors are formatted from the catalogue (argparse's own
    ``argument X: …`` wording differs between Python versions and is not
    translatable on Python 3.10), then reported as argparse does: the usage
    and one line on standard error, exit status 2.
    """

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:  # noqa: ANN401 - argparse's
        self.lang = lang
        kwargs["exit_on_error"] = False  # its errors come to parse_known_args, to be worded here
        with _argparse_speaks(lang):
            super().__init__(*args, **kwargs)

    def parse_known_args(  # type: ignore[override] # one signature for typeshed's overloads
        self, args: Sequence[str] | None = None, namespace: Any = None  # noqa: ANN401 - any object
    ) -> tuple[Any, list[str]]:
        """Parse *args* as argparse does; report a problem in the parser's language."""
        with _argparse_speaks(self.lang):
            try:
                return super().parse_known_args(args, namespace)
            except argparse.ArgumentError as error:
                self.error(self._problem(error))

    def parse_args(  # type: ignore[override] # one signature for typeshed's overloads
        self, args: Sequence[str] | None = None, namespace: Any = None  # noqa: ANN401 - any object
    ) -> Any:  # noqa: ANN401 - the namespace given, or a new argparse.Namespace
        """Parse *args* as argparse does; report a problem in the parser's language."""
        with _argparse_speaks(self.lang):
            try:
                return super().parse_args(args, namespace)
            except argparse.ArgumentError as error:  # Python 3.13 raises unrecognized arguments
                self.error(self._problem(error))

    def _problem(self, error: argparse.ArgumentError) -> str:
        if error.argument_name is None:
            return error.message
        return text("argument_error", self.lang, name=error.argument_name, message=error.message)

    def format_usage(self) -> str:
        """The usage line, in the parser's language."""
        with _argparse_speaks(self.lang):
            return super().format_usage()

    def format_help(self) -> str:
        """The help, in the parser's language."""
        with _argparse_speaks(self.lang):
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        """Print the usage and *message* on standard error; exit with status 2.

        *message* may quote the command line as typed (``unrecognized
        arguments: …``), so its control characters are shown escaped.
        """
        self.print_usage(sys.stderr)
        problem = printable(message)
        self.exit(2, text("usage_error", self.lang, prog=self.prog, message=problem) + "\n")


def _speaking(lang: str) -> type[Parser]:
    """What makes the subcommands' parsers: a :class:`Parser` in *lang*."""
    # argparse only calls its parser class, so a partial serves; typeshed asks for a class.
    return cast("type[Parser]", functools.partial(Parser, lang=lang))


def _add_language(parser: argparse.ArgumentParser, lang: str, default: object) -> None:
    parser.add_argument(
        _LANG, choices=LANGUAGES, default=default, help=text("help_lang", lang)
    )


def _add_display_options(parser: argparse.ArgumentParser, lang: str) -> None:
    """The options every subcommand that shows a table shares: language and colour."""
    _add_language(parser, lang, argparse.SUPPRESS)  # else it would hide a --lang given first
    parser.add_argument(
        "--color", action=argparse.BooleanOptionalAction, help=text("help_color", lang)
    )


def _register_play(commands: Subcommands[Parser], lang: str) -> None:
    play = commands.add_parser(
        "play",
        help=text("help_play", lang),
        description=text("help_play_description", lang, limit=LINE_LIMIT),
    )
    _add_display_options(play, lang)
    play.add_argument(
        "code", nargs="?", metavar=text("metavar_code", lang), help=text("help_code", lang)
    )
    games = ", ".join(map(cli_name, GAMES))
    play.add_argument(
        "--game",
        type=game_type(GAMES, lang),
        metavar=text("metavar_game", lang),
        help=text("help_play_game", lang, games=games),
    )
    play.add_argument(
        "--variant",
        metavar="V",
        help=text("help_play_variant", lang, variants=variants_text(GAMES)),
    )
    play.add_argument("--winnable", action="store_true", help=text("help_winnable", lang))
    play.add_argument(
        "--save", type=Path, metavar=text("metavar_file", lang), help=text("help_save", lang)
    )
    play.set_defaults(handler=_commands.play)


def _register_deal(commands: Subcommands[Parser], lang: str) -> None:
    deal = commands.add_parser("deal", help=text("help_deal", lang))
    _add_display_options(deal, lang)
    deal.add_argument("code", metavar=text("metavar_code", lang), help=text("help_code", lang))
    deal.add_argument(
        "--svg", type=Path, metavar=text("metavar_file", lang), help=text("help_svg", lang)
    )
    deal.set_defaults(handler=_commands.deal)


def _register_new(commands: Subcommands[Parser], lang: str) -> None:
    new = commands.add_parser("new", help=text("help_new", lang))
    _add_language(new, lang, argparse.SUPPRESS)
    games = ", ".join(map(cli_name, GAMES))
    new.add_argument(
        "game",
        type=game_type(GAMES, lang),
        metavar=text("metavar_game", lang),
        help=text("help_new_game", lang, games=games),
    )
    new.add_argument(
        "--variant",
        metavar="V",
        help=text("help_new_variant", lang, variants=variants_text(GAMES)),
    )
    new.set_defaults(handler=_commands.new)


def _register_replay(commands: Subcommands[Parser], lang: str) -> None:
    replay = commands.add_parser(
        "replay",
        help=text("help_replay", lang),
        description=text("help_replay_description", lang, limit=RECORD_LIMIT),
    )
    _add_display_options(replay, lang)
    replay.add_argument(
        "file", metavar=text("metavar_file", lang), help=text("help_file", lang)
    )
    replay.set_defaults(handler=_commands.replay)


def _register_daily(commands: Subcommands[Parser], lang: str) -> None:
    daily = commands.add_parser("daily", help=text("help_daily", lang))
    _add_display_options(daily, lang)
    games = ", ".join(map(cli_name, GAMES))
    daily.add_argument(
        "game",
        nargs="?",
        type=game_type(GAMES, lang),
        metavar=text("metavar_game", lang),
        help=text("help_play_game", lang, games=games),
    )
    daily.add_argument(
        "--date",
        type=_solutions.date_type(lang),
        metavar=text("metavar_date", lang),
        help=text("help_date", lang),
    )
    daily.add_argument(
        "--save", type=Path, metavar=text("metavar_file", lang), help=text("help_save", lang)
    )
    daily.set_defaults(handler=_solutions.daily)


def _register_solve(commands: Subcommands[Parser], lang: str) -> None:
    solve = commands.add_parser(
        "solve", help=text("help_solve", lang), description=text("help_solve_description", lang)
    )
    _add_display_options(solve, lang)
    solve.add_argument("code", metavar=text("metavar_code", lang), help=text("help_code", lang))
    solve.add_argument(
        "--save", type=Path, metavar=text("metavar_file", lang), help=text("help_solve_save", lang)
    )
    solve.add_argument(
        "--max-seconds",
        type=seconds_type(lang),
        default=_solutions.SOLVE_SECONDS,
        metavar="S",
        help=text("help_solve_seconds", lang, seconds=f"{_solutions.SOLVE_SECONDS:g}"),
    )
    solve.set_defaults(handler=_solutions.solve)


def _register_stats(commands: Subcommands[Parser], lang: str) -> None:
    _add_language(_stats_command.register(commands, lang), lang, argparse.SUPPRESS)


_REGISTRATIONS: tuple[Callable[[Subcommands[Parser], str], None], ...] = (
    _register_play,
    _register_deal,
    _register_new,
    _register_replay,
    _register_stats,
    _register_daily,
    _register_solve,
)
"""Each adds one subcommand in a language."""


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The parser of the ``patience-rules`` command line in *lang*, with every subcommand.

    It speaks *lang* in its help, its usage and its errors.  Player-safe: a
    parser names no card.
    """
    parser = Parser(
        prog="patience-rules",
        lang=lang,
        description=text("help_description", lang),
        epilog=text("help_epilog", lang),
    )
    with _argparse_speaks(lang):  # the texts argparse adds itself, such as -h's help
        parser.add_argument(
            "--version",
            action="version",
            version=f"%(prog)s {__version__}",
            help=text("help_version", lang),
        )
        _add_language(parser, lang, None)
        commands = parser.add_subparsers(
            title=text("help_commands", lang),
            metavar=text("metavar_command", lang),
            required=True,
            parser_class=_speaking(lang),
        )
        for register in _REGISTRATIONS:
            register(commands, lang)
    return parser
