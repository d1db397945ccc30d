"""The ``patience-rules`` command: play, deal, replay and share games in a terminal.

It is written only against the library's public, game-independent API
(:func:`~patience_rules.new_game`, :func:`~patience_rules.parse_code`,
:meth:`GameCode.random <patience_rules.GameCode.random>`, the :class:`~patience_rules.Game`
methods, ``game.rules.to_move`` for a move's canonical notation, and
``str(game.state)``), so it plays every registered game and doubles as an
example of how to embed the library.

Subcommands:

- ``patience-rules play [CODE] [--game G] [--variant V] [--lang en|hi] [--save FILE]``
  plays interactively; with no code, a fresh random game (Golf, Easy, unless
  ``--game``/``--variant`` say otherwise).  At the prompt, type a move in the
  game's notation, ``u`` to undo, ``?`` or ``h`` to list the legal moves and
  ``q`` to quit (end of input quits too).  Moves are read one per line, so
  input can be piped or scripted.
- ``patience-rules deal CODE`` prints the position a code deals.
- ``patience-rules new GAME [--variant V]`` prints a fresh random code.
- ``patience-rules replay FILE`` replays a game record (``-`` reads standard
  input) and prints the final position and score.

A *game record* is a JSON object with the game code and every accepted action
in order, ``"u"`` standing for an undo (other keys are ignored)::

    {"code": "GO1-E-AAAAAAF", "moves": ["d", "7", "u"]}

``play`` prints it when the game is quit and, with ``--save FILE``, rewrites
*FILE* after every action; when *FILE* already holds a record, ``play`` goes
on with that game.

Exit status: 0 on success, 1 when a file cannot be read, written or replayed,
2 for a bad command line (unknown option or game, bad code or variant).
Colour is used only when the output is a terminal and ``NO_COLOR`` is unset.

Each subcommand registers a handler with ``parser.set_defaults(handler=fn)``;
:func:`main` calls ``args.handler(args, stdin, stdout)``, which returns the
exit status.

>>> import io
>>> out = io.StringIO()
>>> main(["deal", "GO1-E-AAAAAAF"], stdout=out)
0
>>> print(out.getvalue().splitlines()[0])
GO1-E-AAAAAAF · Golf (easy) · move 0 · score 0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from patience_rules import __version__, _stats_command
from patience_rules.codes import GAMES, GameCode, parse_code, variant_of
from patience_rules.errors import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
)
from patience_rules.game import Game, new_game
from patience_rules.reasons import LANGUAGES, Reason, message

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

__all__ = ["UNDO", "CommandError", "build_parser", "main", "read_record"]

UNDO = "u"
"""The notation of an undo in a game record."""

_QUIT = frozenset({"q", "quit", "exit"})
_HELP = frozenset({"?", "h", "help"})
_INTERRUPTED = 130
"""The conventional exit status after Ctrl-C."""


class CommandError(PatienceError):
    """A problem a subcommand reports in one line; :func:`main` then exits with *status*."""

    def __init__(self, text: str, status: int = 1) -> None:
        super().__init__(text)
        self.status = status


def _usage_error(text: str) -> NoReturn:
    raise CommandError(text, status=2)


# -- Output ------------------------------------------------------------------------------------

_RED_CARD = re.compile(r"(?:10|[A2-9JQK])?[♥♦]")


class _Style:
    """ANSI colours, or plain text when colour is off."""

    def __init__(self, stdout: TextIO) -> None:
        self.enabled = (
            _is_terminal(stdout)
            and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb"
        )

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled else text

    def bold(self, text: str) -> str:
        """*text* in bold."""
        return self._wrap("1", text)

    def dim(self, text: str) -> str:
        """*text* dimmed."""
        return self._wrap("2", text)

    def bad(self, text: str) -> str:
        """*text* as a refusal or error (red)."""
        return self._wrap("31", text)

    def good(self, text: str) -> str:
        """*text* as good news (green)."""
        return self._wrap("32", text)

    def position(self, text: str) -> str:
        """A rendered position, with hearts and diamonds in red."""
        if not self.enabled:
            return text
        return _RED_CARD.sub(lambda match: self.bad(match.group()), text)


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _title(game: Game[Any, Any]) -> str:
    """The header line: code, game, variant, move counter, score and (when over) status."""
    name = game.state.game.replace("_", " ").title()
    parts = [str(game.code), f"{name} ({game.state.variant.value})", f"move {game.moves}"]
    parts.append(f"score {game.score}")
    if game.status != "playing":
        parts.append(str(game.status))
    return " · ".join(parts)


def _moves(game: Game[Any, Any]) -> str:
    return "1 move" if game.moves == 1 else f"{game.moves} moves"


def _show(game: Game[Any, Any], stdout: TextIO, style: _Style) -> None:
    print(style.bold(_title(game)), file=stdout)
    print(style.position(str(game.state)), file=stdout)


# -- Records -----------------------------------------------------------------------------------


def _write_record(path: Path, code: GameCode, moves: Sequence[str]) -> None:
    """Write the game record of *code* and *moves* to *path*, replacing it atomically."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(_record_text(code, moves) + "\n", encoding="utf-8")
    temporary.replace(path)


def _record_text(code: GameCode, moves: Sequence[str]) -> str:
    return json.dumps({"code": str(code), "moves": list(moves)}, ensure_ascii=False)


def read_record(text: str) -> tuple[GameCode, tuple[str, ...]]:
    """The code and the actions of the game record *text* (JSON).

    >>> read_record('{"code": "GO1-E-AAAAAAF", "moves": ["d", "u"]}')
    (parse_code('GO1-E-AAAAAAF'), ('d', 'u'))

    Raises:
        InvalidPositionError: *text* is not a game record; the message says why.
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a game record is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidPositionError(f"not a JSON game record: {error}") from None
    if not isinstance(data, dict):
        raise InvalidPositionError(
            'a game record must be a JSON object {"code": ..., "moves": [...]}'
        )
    if "code" not in data or "moves" not in data:
        missing = "code" if "code" not in data else "moves"
        raise InvalidPositionError(f"the game record has no {missing!r} field")
    try:
        code = parse_code(data["code"])
    except PatienceError as error:
        raise InvalidPositionError(f"field 'code': {error}") from None
    moves = data["moves"]
    if not isinstance(moves, list):
        raise InvalidPositionError("field 'moves' must be a list of move notations")
    for index, notation in enumerate(moves):
        if not isinstance(notation, str):
            raise InvalidPositionError(f"moves[{index}] is {notation!r}, not a move notation")
    return code, tuple(moves)


def _load_record(name: str, stdin: TextIO) -> tuple[GameCode, tuple[str, ...]]:
    try:
        text = stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read {name}: {_os_reason(error)}") from None
    try:
        return read_record(text)
    except InvalidPositionError as error:
        raise CommandError(f"{name}: {error}") from None


def _os_reason(error: OSError | UnicodeDecodeError) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "it is not UTF-8 text"
    return error.strerror or str(error)


def _is_undo(notation: str) -> bool:
    return notation.strip().lower() == UNDO


# -- Subcommands -------------------------------------------------------------------------------


def _game_choice(text: str) -> str:
    """Argparse type: a game name, ``forty-thieves`` or ``forty_thieves`` alike."""
    name = text.strip().lower().replace("-", "_")
    if name not in GAMES:
        games = ", ".join(_cli_name(game) for game in GAMES)
        msg = f"unknown game {text!r} (choose from {games})"
        raise argparse.ArgumentTypeError(msg)
    return name


def _cli_name(game: str) -> str:
    return game.replace("_", "-")


def _variants_help() -> str:
    return "; ".join(
        f"{_cli_name(game)}: " + ", ".join(v.value for v in type(variant_of(game)))
        for game in GAMES
    )


def _new_code(game: str, variant: str | None) -> GameCode:
    try:
        return GameCode.random(game, variant)
    except PatienceError as error:
        _usage_error(str(error))


def _parse_code(text: str) -> GameCode:
    try:
        return parse_code(text)
    except PatienceError as error:
        _usage_error(str(error))


def _deal(args: argparse.Namespace, _stdin: TextIO, stdout: TextIO) -> int:
    """``deal CODE``: print the position *CODE* deals."""
    _show(new_game(_parse_code(args.code)), stdout, _Style(stdout))
    return 0


def _new(args: argparse.Namespace, _stdin: TextIO, stdout: TextIO) -> int:
    """``new GAME``: print a fresh random code."""
    print(_new_code(args.game, args.variant), file=stdout)
    return 0


def _replay_record(
    name: str, code: GameCode, notations: Sequence[str], lang: str
) -> Game[Any, Any]:
    """The game that the record *name* (of *code* and *notations*) ends with."""
    game = new_game(code)
    for index, notation in enumerate(notations):
        try:
            game = game.undo() if _is_undo(notation) else game.play(notation)
        except IllegalMoveError as error:
            why = error.refusal.message_in(lang)
            raise CommandError(f"{name}: moves[{index}] {notation!r} is refused: {why}") from None
        except InvalidNotationError as error:
            raise CommandError(f"{name}: moves[{index}]: {error}") from None
    return game


def _replay(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """``replay FILE``: replay a game record; print the final position and score."""
    code, notations = _load_record(args.file, stdin)
    game = _replay_record(args.file, code, notations, args.lang)
    _show(game, stdout, _Style(stdout))
    print(f"Final score: {game.score} after {_moves(game)} ({game.status}).", file=stdout)
    return 0


def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """``play [CODE]``: play a game interactively, one move per line.

    With ``--save FILE`` naming an existing record, the game goes on from it.
    """
    if args.code is not None and (args.game is not None or args.variant is not None):
        _usage_error("give either a CODE or --game/--variant: a code names its game")
    notations: tuple[str, ...] = ()
    if args.save is not None and args.save.exists():
        if args.game is not None or args.variant is not None:
            _usage_error(f"{args.save} already holds a game: --game/--variant cannot change it")
        code, notations = _load_record(str(args.save), stdin)
        if args.code is not None and _parse_code(args.code) != code:
            _usage_error(f"{args.save} holds the game {code}, not {args.code.strip()}")
    elif args.code is not None:
        code = _parse_code(args.code)
    else:
        code = _new_code(args.game or "golf", args.variant)
    game = _replay_record(str(args.save), code, notations, args.lang)
    return _Session(code, game, notations, stdin=stdin, stdout=stdout, args=args).run()


class _Session:
    """One interactive game: the current :class:`Game`, its record and the terminal."""

    def __init__(  # noqa: PLR0913 - the game, its record and the options
        self,
        code: GameCode,
        game: Game[Any, Any],
        record: Sequence[str],
        *,
        stdin: TextIO,
        stdout: TextIO,
        args: argparse.Namespace,
    ) -> None:
        self.code = code
        self.game = game
        self.record = list(record)
        self.stdin = stdin
        self.stdout = stdout
        self.lang: str = args.lang
        self.save: Path | None = args.save
        self.style = _Style(stdout)
        self.echo = not _is_terminal(stdin)

    def say(self, text: str = "") -> None:
        """Print *text*."""
        print(text, file=self.stdout)

    def run(self) -> int:
        """Play until the player quits or the input ends; return the exit status."""
        try:
            self._save()
        except OSError as error:
            raise CommandError(f"cannot save to {self.save}: {_os_reason(error)}") from None
        if self.record:
            self.say(f"Going on with the game saved in {self.save} ({_moves(self.game)}).")
        examples = " or ".join(str(move) for move in self.game.legal_moves()[:2])
        hint = f"Type a move such as {examples}; " if examples else ""
        self.say(f"{hint}? lists the legal moves, u undoes, q quits.")
        _show(self.game, self.stdout, self.style)
        try:
            for line in self._lines():
                command = line.strip()
                if not command:
                    continue
                if command.lower() in _QUIT:
                    break
                if command.lower() in _HELP:
                    self._list_moves()
                elif _is_undo(command):
                    self._undo()
                else:
                    self._move(command)
        except KeyboardInterrupt:
            self.say()
            self._quit()
            return _INTERRUPTED
        self._quit()
        return 0

    def _lines(self) -> Iterator[str]:
        interactive = not self.echo and self.stdin is sys.stdin and self.stdout is sys.stdout
        if interactive:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401, PLC0415 - line editing and history for input()
        while True:
            prompt = "game over: u undoes, q quits> " if self._over() else "> "
            if interactive:  # no colour: escape codes would confuse readline's line length
                try:
                    yield input(prompt)
                except EOFError:
                    self.say()
                    return
                continue
            self.stdout.write(self.style.dim(prompt))
            line = self.stdin.readline()
            if not line:
                self.say()
                return
            self.say(line.rstrip("\r\n"))
            yield line

    def _over(self) -> bool:
        return self.game.status != "playing"

    def _list_moves(self) -> None:
        moves = " ".join(str(move) for move in self.game.legal_moves())
        self.say(textwrap.fill(f"Legal moves: {moves or 'none'}", width=78))
        self.say("Also: u undo, q quit.")

    def _undo(self) -> None:
        try:
            self.game = self.game.undo()
        except IllegalMoveError as error:
            self.say(self.style.bad(f"✗ {error.refusal.message_in(self.lang)}"))
            return
        self.record.append(UNDO)
        self._keep()
        self.say("Undone.")
        _show(self.game, self.stdout, self.style)

    def _move(self, notation: str) -> None:
        before = self.game
        try:
            self.game = before.play(notation)
        except IllegalMoveError as error:
            self.say(self.style.bad(f"✗ {error.refusal.message_in(self.lang)}"))
            return
        except InvalidNotationError as error:
            self.say(self.style.bad(f"✗ {error}. Type ? for the legal moves."))
            return
        self.record.append(str(before.rules.to_move(before.state, notation)))
        self._keep()
        _show(self.game, self.stdout, self.style)
        if self.game.status == "won":
            self.say(self.style.good(f"You won! Final score: {self.game.score}."))
        elif self.game.status == "stuck":
            stuck = message(Reason.NO_MOVES, self.lang)
            self.say(self.style.bad(f"{stuck}. Final score: {self.game.score}."))

    def _save(self) -> None:
        if self.save is not None:
            _write_record(self.save, self.code, self.record)

    def _keep(self) -> None:
        """Save the record after an action; a failure is reported and the game goes on."""
        try:
            self._save()
        except OSError as error:
            self.say(self.style.bad(f"✗ cannot save to {self.save}: {_os_reason(error)}"))

    def _quit(self) -> None:
        self.say(f"Final score: {self.game.score} after {_moves(self.game)}.")
        self.say("Game record (replay it with: patience-rules replay FILE):")
        self.say(_record_text(self.code, self.record))
        if self.save is not None:
            self.say(f"Saved to {self.save}.")


# -- The parser and main -----------------------------------------------------------------------


_Subcommands = argparse._SubParsersAction  # noqa: SLF001 - argparse's documented return type


def _register_play(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game: type moves in the game's notation, u to undo, "
        "? or h for the legal moves, q to quit.  Reads one move per line, so input "
        "can be piped.  Without CODE, deals a random game.",
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
        "--lang", choices=LANGUAGES, default="en", help="language of refusal messages"
    )
    play.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="keep the game record in FILE; if FILE holds one already, go on with that game",
    )
    play.set_defaults(handler=_play)


def _register_deal(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    deal = commands.add_parser("deal", help="print the position a game code deals")
    deal.add_argument("code", metavar="CODE", help="a game code such as GO1-E-AAAAAAF")
    deal.set_defaults(handler=_deal)


def _register_new(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    new = commands.add_parser("new", help="print a fresh random game code")
    new.add_argument(
        "game", type=_game_choice, metavar="GAME", help=", ".join(map(_cli_name, GAMES))
    )
    new.add_argument("--variant", metavar="V", help=f"the rule variant ({_variants_help()})")
    new.set_defaults(handler=_new)


def _register_replay(commands: _Subcommands[argparse.ArgumentParser]) -> None:
    replay = commands.add_parser(
        "replay",
        help="replay a saved game record",
        description='Replay a game record, a JSON object {"code": CODE, "moves": [...]} '
        'with "u" for an undo, and print the final position and score.',
    )
    replay.add_argument("file", metavar="FILE", help="the record file, or - for standard input")
    replay.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of refusal messages"
    )
    replay.set_defaults(handler=_replay)


_REGISTRATIONS: tuple[Callable[[_Subcommands[argparse.ArgumentParser]], None], ...] = (
    _register_play,
    _register_deal,
    _register_new,
    _register_replay,
    _stats_command.register,
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


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run ``patience-rules`` with *argv*; return the exit status.

    *argv* defaults to the process's arguments, *stdin* and *stdout* to the
    process's streams; problems are reported on standard error.  The parsed
    subcommand runs as ``args.handler(args, stdin, stdout)``: a subcommand
    registers its handler with ``parser.set_defaults(handler=fn)``.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    parser = build_parser()
    try:
        with contextlib.redirect_stdout(stdout):  # --help goes where the output goes
            args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed the usage error or the help
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.handler(args, stdin, stdout)
    except CommandError as error:
        print(f"patience-rules: {error}", file=sys.stderr)
        return error.status
    except PatienceError as error:
        print(f"patience-rules: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader has gone, as in `patience-rules ... | head`
        if stdout is sys.stdout:  # keep the interpreter's final flush quiet
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 1
    return status
