"""The ``patience-rules`` command: play, deal, replay and share games in a terminal.

It is written against the library's public, game-independent API
(:func:`~patience_rules.new_game`, :func:`~patience_rules.parse_code`,
:meth:`GameCode.random <patience_rules.GameCode.random>`, the
:class:`~patience_rules.Game` methods, ``game.rules.to_move`` for a move's
canonical notation) plus each game's position fields for its table, so it
doubles as an example of how to embed the library.

Subcommands:

- ``patience-rules play [CODE] [--game G] [--variant V] [--winnable] [--lang en|hi]
  [--save FILE]`` plays interactively; with no code, a fresh random game (Golf,
  Easy, unless ``--game``/``--variant`` say otherwise).  At the prompt, type a
  move in the game's notation, ``u`` to undo, ``?`` or ``h`` to list the legal
  moves, ``!`` for a hint, ``svg FILE`` for a picture and ``q`` to quit (end of
  input quits too).  Moves are
  read one per line, so input can be piped or scripted.
- ``patience-rules deal CODE [--svg FILE]`` prints the position a code deals
  (and saves its picture).
- ``patience-rules new GAME [--variant V]`` prints a fresh random code.
- ``patience-rules replay FILE`` replays a game record (``-`` reads standard
  input) and prints the final position and score.
- ``patience-rules stats GAME`` solves random deals and reports how many are won.
- ``patience-rules daily [GAME] [--date D] [--save FILE]`` plays the daily deal
  (:func:`~patience_rules.solver.daily_deal`) of today's date in UTC, or of *D*.
- ``patience-rules solve CODE [--save FILE] [--max-seconds S]`` shows a winning
  line step by step (:func:`~patience_rules.solver.playback`), waiting for Enter
  between moves on a terminal, and saves its record.

``play`` prints the game record when the game is quit and, with ``--save
FILE``, saves it in *FILE* after every action, atomically; when *FILE* already
holds a record, ``play`` goes on with that game.  A save replaces only a
regular file (never a device, a FIFO, a socket or a folder), and ``-`` or
``/dev/stdout`` prints the record or the picture instead.  The terminal client
page of the documentation gives the limits on input and what a save guarantees.

Exit status: 0 on success, 1 when a file cannot be read, written or replayed
(or the last save of ``play --save`` failed), 2 for a bad command line, 130
after Ctrl-C.

Every subcommand takes ``--lang en|hi`` (before the subcommand too): every
line the client prints is in that language, the help and the command line's
errors included.

The package's modules: ``_parser`` (the command line), ``_types`` (its
argument types), ``_commands`` (the subcommands), ``_session`` (the play
loop), ``_table`` (the text table), ``_console`` (language, colour, safe
output), ``_input`` (bounded input), ``_records`` (records and saves),
``_pictures`` (SVG), ``_shorthands``, ``_solving`` (hints, winnable deals),
``_solutions`` (``daily`` and ``solve``) and ``_progress`` (long jobs).

>>> import io
>>> out = io.StringIO()
>>> main(["deal", "GO1-E-AAAAAAF"], stdout=out)
0
>>> print(out.getvalue().splitlines()[0])
GO1-E-AAAAAAF · Golf (easy) · move 0 · score 0
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TYPE_CHECKING, TextIO

from patience_rules.cli._commands import CommandError
from patience_rules.cli._console import printable
from patience_rules.cli._parser import build_parser, requested_language
from patience_rules.cli._records import UNDO, read_record
from patience_rules.errors import PatienceError

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["UNDO", "CommandError", "build_parser", "main", "read_record"]


def _tolerant(stdin: TextIO, stdout: TextIO) -> None:
    """Make the process's streams survive any bytes in and any character out."""
    if stdin is sys.stdin and hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="surrogateescape")  # bad bytes are reported, not raised
    for stream in (stdout, sys.stderr):
        if stream in {sys.stdout, sys.stderr} and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # e.g. Hindi on an ASCII-only terminal


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run ``patience-rules`` with *argv*; return the exit status.

    *argv* defaults to the process's arguments, *stdin* and *stdout* to the
    process's streams; problems are reported on standard error.  The parsed
    subcommand runs as ``args.handler(args, stdin, stdout)``: a subcommand
    registers its handler with ``parser.set_defaults(handler=fn)``.

    Not player-safe: the terminal client is the player's own program and shows
    the code of the game it plays (to share or resume it), never a hidden card.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    argv = sys.argv[1:] if argv is None else argv
    _tolerant(stdin, stdout)
    parser = build_parser(requested_language(argv))  # help and usage errors in --lang too
    try:
        with contextlib.redirect_stdout(stdout):  # --help goes where the output goes
            args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed the usage error or the help
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.handler(args, stdin, stdout)
    except CommandError as error:  # its fields are escaped already; escaping again changes nothing
        print(f"patience-rules: {printable(str(error))}", file=sys.stderr)
        return error.status
    except PatienceError as error:  # one the handlers do not expect: in English
        print(f"patience-rules: {printable(str(error))}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader has gone, as in `patience-rules ... | head`
        if stdout is sys.stdout:  # keep the interpreter's final flush quiet
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 1
    return status
