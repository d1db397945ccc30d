"""The subcommands' handlers: ``play``, ``deal``, ``new`` and ``replay``.

Each is called as ``handler(args, stdin, stdout)`` with the parsed command
line and returns the exit status; a problem is raised as a
:class:`CommandError`, which :func:`patience_rules.cli.main` reports in one line.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from patience_rules._text import quote
from patience_rules.cli import _solving
from patience_rules.cli._console import Console, os_reason, printable
from patience_rules.cli._input import (
    RECORD_LIMIT,
    RecordTooLargeError,
    read_record_file,
)
from patience_rules.cli._pictures import save_picture
from patience_rules.cli._records import (
    Record,
    RecordError,
    Start,
    is_standard_output,
    read_full_record,
    regular_target,
    save,
)
from patience_rules.cli._session import Session, moves_text, show
from patience_rules.cli._types import cli_name, variants_text
from patience_rules.codes import GAMES, GameCode, parse_code, variant_of
from patience_rules.errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidNotationError,
    PatienceError,
)
from patience_rules.game import UNDO, Game, new_game
from patience_rules.locales import text

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from pathlib import Path

__all__ = ["CommandError", "deal", "new", "play", "replay"]


class CommandError(PatienceError):
    """A problem a subcommand reports in one line; :func:`main` then exits with *status*."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message, status)
        self.status = status

    def __str__(self) -> str:
        return str(self.args[0])


def _usage_error(message: str) -> NoReturn:
    raise CommandError(message, status=2)


def _console(args: argparse.Namespace, stdout: TextIO, lang: str | None = None) -> Console:
    return Console(stdout, lang or args.lang or "en", colour=getattr(args, "color", None))


def _variant(game: str, variant: str | None, lang: str) -> str | None:
    """*variant* once checked to be one of *game*'s (``None``: the game's default)."""
    try:
        variant_of(game, variant)
    except InvalidCodeError:
        choices = ", ".join(v.value for v in type(variant_of(game)))
        shown, name = quote(variant), cli_name(game)
        _usage_error(text("bad_variant", lang, variant=shown, game=name, choices=choices))
    return variant


def _game_of(variant: str | None, lang: str) -> str:
    """The game of a random deal when only *variant* is given: the first game that has it.

    With no variant, or with one that several games share (``classic``: Golf
    and Scorpion), that is the default game, Golf; ``flexible`` is Scorpion.
    """
    if variant is None:
        return GAMES[0]
    for game in GAMES:
        with contextlib.suppress(InvalidCodeError):
            variant_of(game, variant)
            return game
    choices = variants_text(GAMES)
    _usage_error(text("unknown_variant", lang, variant=quote(variant), choices=choices))


def _new_code(game: str, variant: str | None, lang: str) -> GameCode:
    return GameCode.random(game, _variant(game, variant, lang))


def _parse_code(code: str, lang: str) -> GameCode:
    try:
        return parse_code(code)
    except InvalidCodeError as error:
        _usage_error(text("bad_code", lang, code=quote(code), why=error.message_in(lang)))


def _load(name: str, stdin: TextIO, console: Console) -> Record:
    """The record in the file *name* (``-``: standard input)."""
    path = printable(name)
    try:
        content = read_record_file(name, stdin)
    except RecordTooLargeError:
        raise CommandError(console.text("too_large", path=path, limit=RECORD_LIMIT)) from None
    except UnicodeDecodeError:
        why = console.text("not_utf8_file")
        raise CommandError(console.text("cannot_read", path=path, why=why)) from None
    except OSError as error:
        why = os_reason(error, console.lang)
        raise CommandError(console.text("cannot_read", path=path, why=why)) from None
    try:
        return read_full_record(content)
    except RecordError as error:
        problem = error.message_in(console.lang)
        raise CommandError(console.text("record_problem", path=path, problem=problem)) from None


def _replayed(
    name: str, start: Start, notations: Sequence[str], console: Console
) -> Game[Any, Any]:
    """The game that the record *name* (*start*: a code or a game, then *notations*) ends with."""
    game, path = new_game(start) if isinstance(start, GameCode) else start, printable(name)
    for index, notation in enumerate(notations):
        try:
            game = game.undo() if notation.strip().lower() == UNDO else game.play(notation)
        except IllegalMoveError as error:
            why = error.refusal.message_in(console.lang)
            raise CommandError(
                console.text("move_refused", path=path, index=index, text=quote(notation), why=why)
            ) from None
        except InvalidNotationError as error:
            why = error.message_in(console.lang)
            raise CommandError(
                console.text("move_unknown", path=path, index=index, text=quote(notation), why=why)
            ) from None
    return game


def deal(args: argparse.Namespace, _stdin: TextIO, stdout: TextIO) -> int:
    """``deal CODE [--svg FILE]``: print the position *CODE* deals; save its picture.

    With ``--svg -`` (or ``/dev/stdout``) the picture alone is printed: the
    table would spoil the SVG document.
    """
    console = _console(args, stdout)
    game = new_game(_parse_code(args.code, console.lang))
    to_output = args.svg is not None and is_standard_output(args.svg)
    if not to_output:
        show(console, game)
    if args.svg is not None:
        try:
            save_picture(args.svg, game, stdout=stdout)
        except OSError as error:
            why, path = os_reason(error, console.lang), printable(str(args.svg))
            raise CommandError(console.text("cannot_save", path=path, why=why)) from None
        if not to_output:
            console.say(console.text("svg_saved", path=printable(str(args.svg))))
    return 0


def new(args: argparse.Namespace, _stdin: TextIO, stdout: TextIO) -> int:
    """``new GAME [--difficulty N]``: print a fresh random code (of that difficulty)."""
    lang = args.lang or "en"
    if args.difficulty is None:
        code = _new_code(args.game, args.variant, lang)
    else:
        variant = _variant(args.game, args.variant, lang)
        try:
            code = _solving.difficulty_code(args.game, variant, args.difficulty)
        except PatienceError as error:  # no deal of that difficulty found in time
            raise CommandError(text("solver_error", lang, message=error)) from None
    print(code, file=stdout)
    return 0


def replay(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """``replay FILE``: replay a game record; print the final position and score."""
    console = _console(args, stdout)
    start, notations, lang = _load(args.file, stdin, console)
    if args.lang is None and lang is not None:
        console = _console(args, stdout, lang)
    game = _replayed(args.file, start, notations, console)
    show(console, game)
    status = console.text(f"status_{game.status.value}")
    console.say(
        console.text(
            "final_replay", score=game.score, moves=moves_text(console, game), status=status
        )
    )
    return 0


def play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """``play [CODE]``: play a game interactively, one move per line.

    With ``--save FILE`` naming an existing record, the game goes on from it,
    in the language it was played in unless ``--lang`` says otherwise.
    """
    console = _console(args, stdout)
    chosen = args.game is not None or args.variant is not None
    if args.code is not None and (chosen or args.winnable):
        _usage_error(console.text("code_or_game"))
    notations: tuple[str, ...] = ()
    start: Start
    path = printable(str(args.save))
    if args.save is not None and _holds_a_file(args.save, console):
        if chosen or args.winnable:
            _usage_error(console.text("save_holds_game", path=path))
        start, notations, lang = _load(str(args.save), stdin, console)
        if args.lang is None and lang is not None:
            console = _console(args, stdout, lang)
        code = start if isinstance(start, GameCode) else start.code
        if args.code is not None and _parse_code(args.code, console.lang) != code:
            other = printable(args.code.strip())
            _usage_error(console.text("save_holds_other", path=path, code=code, other=other))
    elif args.code is not None:
        start = _parse_code(args.code, console.lang)
    else:
        game = args.game or _game_of(args.variant, console.lang)
        if args.winnable:
            start = _winnable_code(game, args.variant, console)
        else:
            start = _new_code(game, args.variant, console.lang)
    game = _replayed(str(args.save), start, notations, console)
    session = Session(game, console=console, stdin=stdin, save=args.save)
    if args.save is not None:
        try:
            save(args.save, session.record_line() + "\n", stdout=stdout)
        except OSError as error:
            why = os_reason(error, console.lang)
            raise CommandError(console.text("cannot_save", path=path, why=why)) from None
    return session.run()


def _holds_a_file(path: Path, console: Console) -> bool:
    """Whether the file that ``--save`` names exists, once checked to be one a save may replace.

    Standard output holds no record.  A device, a FIFO, a socket or a folder
    is refused before anything reads it (a FIFO would block the read).
    """
    if is_standard_output(path):
        return False
    try:
        return regular_target(path) is not None
    except OSError as error:
        why, shown = os_reason(error, console.lang), printable(str(path))
        raise CommandError(console.text("cannot_save", path=shown, why=why)) from None


def _winnable_code(game: str, variant: str | None, console: Console) -> GameCode:
    variant = _variant(game, variant, console.lang)
    try:
        return _solving.winnable_code(game, variant)
    except PatienceError as error:  # such as no winnable deal found in time
        _usage_error(text("solver_error", console.lang, message=error))
