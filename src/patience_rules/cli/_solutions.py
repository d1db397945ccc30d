"""The solver's answers as commands: ``daily [GAME]`` plays the daily deal, ``solve CODE`` a win.

``solve`` prints a winning line step by step (:func:`patience_rules.solver.playback`):
each move, what it does, and the table after it; on a terminal it waits for
Enter between moves, otherwise it prints them all at once.
"""

from __future__ import annotations

import argparse
import datetime as dt
from typing import TYPE_CHECKING, TextIO

from patience_rules import solver
from patience_rules._text import quote
from patience_rules.cli._commands import CommandError, _console, _parse_code, play
from patience_rules.cli._console import Console, is_terminal, os_reason, printable
from patience_rules.cli._records import is_standard_output, record_text, save
from patience_rules.cli._session import INTERRUPTED, show
from patience_rules.cli._table import move_text
from patience_rules.codes import GAMES
from patience_rules.effects import (
    CardsMoved,
    CardTurnedUp,
    Effect,
    ReserveDealt,
    RunRemoved,
    ScoreChanged,
    StockDrawn,
)
from patience_rules.game import new_game
from patience_rules.locales import text

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

__all__ = ["SOLVE_SECONDS", "daily", "date_type", "effect_text", "solve", "today"]

SOLVE_SECONDS = 30.0
"""How long ``solve`` lets the solver think by default."""

_STOP = frozenset({"q", "quit", "exit"})


def today() -> dt.date:
    """The date of today's daily deal: today's date in UTC, the same everywhere at once."""
    return dt.datetime.now(dt.timezone.utc).date()


def date_type(lang: str) -> Callable[[str], dt.date]:
    """A date written ``YYYY-MM-DD``, refused in *lang* otherwise.

    >>> date_type("en")("2026-12-02")
    datetime.date(2026, 12, 2)
    """
    def date(value: str) -> dt.date:
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            day = None
        if day is None or len(value) != len("YYYY-MM-DD"):  # not 20261202, which it reads too
            raise argparse.ArgumentTypeError(text("not_a_date", lang, value=quote(value)))
        return day

    return date


def daily(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """``daily [GAME] [--date D]``: play the daily deal of *GAME* (default Golf), as ``play``."""
    console = _console(args, stdout)
    game, date = args.game or GAMES[0], args.date or today()
    try:
        code, _line = solver.daily_deal(game, date)
    except solver.SolverError as error:  # in theory only: no deal proved winnable
        raise CommandError(console.text("solver_error", message=error)) from None
    console.say(console.text("daily_deal", date=date.isoformat(), code=code))
    playing = argparse.Namespace(**vars(args))
    playing.code, playing.game, playing.variant, playing.winnable = str(code), None, None, False
    return play(playing, stdin, stdout)


def solve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """``solve CODE [--save FILE] [--max-seconds S]``: show a winning line step by step.

    Ctrl-C stops it, with the conventional status 130.
    """
    console = _console(args, stdout)
    try:
        return _solve(args, stdin, console)
    except KeyboardInterrupt:
        console.say()
        return INTERRUPTED


def _solve(args: argparse.Namespace, stdin: TextIO, console: Console) -> int:
    code = _parse_code(args.code, console.lang)
    game = new_game(code)
    solution = solver.solve(game, max_seconds=args.max_seconds)
    if solution.outcome is solver.Outcome.NO_WIN:
        console.say(console.text("solve_no_win", code=code))
        return 0
    if solution.outcome is solver.Outcome.UNKNOWN:
        seconds = f"{args.max_seconds:g}"
        raise CommandError(console.text("solve_unknown", code=code, seconds=seconds))
    steps = solver.playback(game, solution)
    won = steps[-1].game if steps else game
    if args.save is not None:
        _save(args.save, record_text(won, console.lang) + "\n", console)
    console.say(console.text("solve_found", code=code, moves=len(steps)))
    show(console, game)
    pause = is_terminal(stdin) and is_terminal(console.stream)
    for step in steps:
        if pause and not _go_on(console, stdin):
            return 0
        console.say()
        number = console.text("solve_step", number=step.number, total=len(steps))
        console.say(console.bold(f"{number} {move_text(console, step.move)}"))
        for effect in step.effects:
            line = effect_text(console, effect)
            if line:
                console.say(f"  {line}")
        show(console, step.game)
    console.say(console.good(console.text("won", score=won.score)))
    return 0


def _save(path: Path, record: str, console: Console) -> None:
    try:
        save(path, record, stdout=console.stream)
    except OSError as error:
        why, shown = os_reason(error, console.lang), printable(str(path))
        raise CommandError(console.text("cannot_save", path=shown, why=why)) from None
    if not is_standard_output(path):
        console.say(console.text("saved", path=printable(str(path))))


def _go_on(console: Console, stdin: TextIO) -> bool:
    """Wait for Enter; ``False`` when the player stops (``q`` or the end of input)."""
    console.write(console.dim(console.text("solve_pause")))
    line = stdin.readline()
    return bool(line) and line.strip().lower() not in _STOP


def effect_text(console: Console, effect: Effect) -> str:
    """*effect* as a line of the step: cards and piles in notation, a few words in the language.

    The status change is left out: the table's header and the last line say it.

    >>> import io
    >>> from patience_rules import golf
    >>> from patience_rules.effects import move_effects
    >>> console = Console(io.StringIO(), "en")
    >>> [effect_text(console, effect) for effect in move_effects(golf.deal(1), "2")]
    ['8♥: 2 -> w', '+10 points, score 10']
    """
    if isinstance(effect, CardsMoved):
        cards = " ".join(map(console.card, effect.cards))
        return f"{cards}: {effect.source} -> {effect.target}"
    if isinstance(effect, StockDrawn):
        return f"{console.card(effect.card)}: {effect.source} -> {effect.target}"
    if isinstance(effect, ReserveDealt):
        cards = " ".join(map(console.card, effect.cards))
        return f"{cards}: {effect.source} -> {' '.join(map(str, effect.targets))}"
    if isinstance(effect, CardTurnedUp):
        return console.text("effect_turned_up", card=console.card(effect.card), pile=effect.pile)
    if isinstance(effect, RunRemoved):
        run = f"{console.card(effect.cards[0])}…{console.card(effect.cards[-1])}"
        return f"{run}: {effect.source} -> {effect.target}"
    if isinstance(effect, ScoreChanged):
        return console.text("effect_score", points=f"{effect.points:+}", score=effect.score)
    return ""
