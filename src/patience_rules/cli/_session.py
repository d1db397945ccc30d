"""The play loop: read a line, act on it, show the table, keep the record saved."""

from __future__ import annotations

import contextlib
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from patience_rules._text import quote
from patience_rules.cli import _solving
from patience_rules.cli._console import Console, is_terminal, os_reason, printable
from patience_rules.cli._input import LINE_LIMIT, Problem, has_bad_text, lines
from patience_rules.cli._pictures import save_picture
from patience_rules.cli._records import is_standard_output, record_text, save
from patience_rules.cli._shorthands import NoMoveError, expand
from patience_rules.cli._table import WIDTH, header, move_text, table
from patience_rules.errors import IllegalMoveError, InvalidNotationError
from patience_rules.game import UNDO
from patience_rules.solver import Outcome

if TYPE_CHECKING:
    from collections.abc import Iterator

    from patience_rules.game import Game

__all__ = ["INTERRUPTED", "Session", "moves_text", "show"]

INTERRUPTED = 130
"""The conventional exit status after Ctrl-C."""

_QUIT = frozenset({"q", "quit", "exit"})
_HELP = frozenset({"?", "h", "help"})
_HINT = frozenset({"!", "hint"})
_PICTURE = "svg"


def moves_text(console: Console, game: Game[Any, Any]) -> str:
    """The move counter in words: ``1 move``, ``5 moves``."""
    if game.moves == 1:
        return console.text("one_move")
    return console.text("many_moves", count=game.moves)


def show(console: Console, game: Game[Any, Any]) -> None:
    """Print the header and the table of *game*."""
    console.say(console.bold(header(console, game)))
    for line in table(console, game):
        console.say(line)


class Session:
    """One game played at the prompt: the current :class:`Game`, its record and the terminal.

    With *save*, the record is saved after every action; the last save's
    failure is reported at quit and makes the exit status 1.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        console: Console,
        stdin: TextIO,
        save: Path | None,
    ) -> None:
        self.game = game
        self.console = console
        self.stdin = stdin
        self.save = save
        self.saved = True
        self.outlook: tuple[object, Outcome | None] = (None, None)
        """The last position reached by a move, and whether it can still be won."""

    def run(self) -> int:
        """Play until the player quits or the input ends; return the exit status."""
        say, text = self.console.say, self.console.text
        if self.game.record:
            path = printable(str(self.save))
            say(text("resumed", path=path, moves=moves_text(self.console, self.game)))
        examples = ", ".join(move_text(self.console, move) for move in self.game.legal_moves()[:2])
        if examples:
            say(text("intro_moves", examples=examples))
        say(text("intro_keys"))
        show(self.console, self.game)
        try:
            for line in self._lines():
                if isinstance(line, Problem):
                    self._refuse(text(line.value, limit=LINE_LIMIT))
                    continue
                command = line.strip().lower()
                if command in _QUIT:
                    break
                if command:
                    self._act(command, line)
        except KeyboardInterrupt:
            say()
            self._quit()
            return INTERRUPTED
        return self._quit()

    def _act(self, command: str, line: str) -> None:
        if command == _PICTURE or command.startswith(f"{_PICTURE} "):
            self._picture(line.strip()[len(_PICTURE) :].strip())
        elif command in _HELP:
            self._list_moves()
        elif command in _HINT:
            self._hint()
        elif command == UNDO:
            self._undo()
        else:
            self._move(line)

    def _lines(self) -> Iterator[str | Problem]:
        keyboard = is_terminal(self.stdin)
        interactive = keyboard and self.stdin is sys.stdin and self.console.stream is sys.stdout
        if interactive:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401, PLC0415 - line editing and history for input()
        typed = None if interactive else lines(self.stdin)
        while True:
            prompt = self.console.text("prompt_over" if self._over() else "prompt")
            if typed is None:  # no colour: escape codes would confuse readline's line length
                try:
                    line = input(prompt)
                except EOFError:
                    self.console.say()
                    return
                yield _checked(line)
                continue
            self.console.write(self.console.dim(prompt))
            piped = next(typed, None)
            if piped is None:
                self.console.say()
                return
            if not keyboard:  # a terminal has echoed the line already
                self.console.say("" if isinstance(piped, Problem) else printable(piped))
            yield piped

    def _over(self) -> bool:
        return self.game.status != "playing"

    def _list_moves(self) -> None:
        text = self.console.text
        moves = " ".join(move_text(self.console, move) for move in self.game.legal_moves())
        listed = text("legal_moves", moves=moves or text("none"))
        self.console.say(textwrap.fill(listed, width=WIDTH - 2))
        self.console.say(text("also"))

    def _hint(self) -> None:
        text = self.console.text
        fair, outlook = _solving.hint(self.game)
        if fair.move is None:
            self.console.say(text("hint_none"))
            return
        shown = move_text(self.console, fair.move)
        self.console.say(text("hint", move=shown, outlook=text(f"outlook_{outlook.value}")))
        best = fair.chances[0]
        counts = {"wins": best.wins, "losses": best.losses, "unknown": best.unknown}
        self.console.say(text("hint_chance", worlds=fair.worlds, **counts))

    def _picture(self, name: str) -> None:
        """Save the table as an SVG picture in the file *name* (``-``: print it)."""
        if not name:
            self._refuse(self.console.text("svg_needs_file"))
            return
        path = Path(name)
        try:
            save_picture(path, self.game, stdout=self.console.stream)
        except OSError as error:
            why = os_reason(error, self.console.lang)
            failed = self.console.text("save_failed", path=printable(name), why=why)
            self.console.say(self.console.bad(failed))
            return
        if not is_standard_output(path):
            self.console.say(self.console.text("svg_saved", path=printable(name)))

    def _refuse(self, why: str) -> None:
        self.console.say(self.console.bad(self.console.text("refused", why=why)))

    def _undo(self) -> None:
        try:
            self.game = self.game.undo()
        except IllegalMoveError as error:
            self._refuse(error.refusal.message_in(self.console.lang))
            return
        self._keep()
        self.console.say(self.console.text("undone"))
        show(self.console, self.game)

    def _move(self, line: str) -> None:
        before = self.game
        lang, text = self.console.lang, self.console.text
        try:
            move = expand(before, line)
            self.game = before.play(move)
        except NoMoveError as error:
            if error.refusal is None:
                self._refuse(text("no_tap_move", pile=printable(error.pile)))
            else:
                why = error.refusal.message_in(lang)
                self._refuse(text("no_foundation_move", pile=printable(error.pile), why=why))
            return
        except IllegalMoveError as error:
            self._refuse(error.refusal.message_in(lang))
            return
        except InvalidNotationError as error:
            why = error.message_in(lang)
            self._refuse(text("not_a_move", text=quote(line.strip()), why=why))
            return
        self._keep()
        show(self.console, self.game)
        self._notices()
        if self.game.status != "won":
            self._losing_move(before, move)

    def _notices(self) -> None:
        game, console = self.game, self.console
        if game.status == "won":
            console.say(console.good(console.text("won", score=game.score)))
        elif game.status == "stuck":
            left = sum(map(len, game.state.columns))  # only Golf gets stuck
            console.say(console.bad(console.text("stuck", left=left, score=game.score)))
        elif not game.legal_moves():
            console.say(console.bad(console.text("no_legal_move")))

    def _losing_move(self, before: Game[Any, Any], move: object) -> None:
        """Say so when *move* lost a winnable game, and what the player could have seen."""
        known = self.outlook[1] if self.outlook[0] == before.state else None
        after, verdict = _solving.losing_move(before, move, known)
        self.outlook = (self.game.state, after)
        if verdict is None:
            return
        console, text = self.console, self.console.text
        console.say(console.bad(text("lost_win")))
        if verdict.keeper is None:
            console.say(text("lost_unseen"))
            return
        chances = {"before": verdict.chance_before, "after": verdict.chance_after}
        shown = {name: _percent(chance) for name, chance in chances.items()}
        console.say(text("lost_chance", move=move_text(console, verdict.keeper), **shown))

    def _keep(self) -> None:
        """Save the record after an action; a failure is reported and the game goes on."""
        if self.save is None:
            return
        try:
            save(self.save, self.record_line() + "\n", stdout=self.console.stream)
        except OSError as error:
            self.saved = False
            why = os_reason(error, self.console.lang)
            failed = self.console.text("save_failed", path=printable(str(self.save)), why=why)
            self.console.say(self.console.bad(failed))
        else:
            self.saved = True

    def record_line(self) -> str:
        """The game record so far, as one line of JSON."""
        return record_text(self.game, self.console.lang)

    def _quit(self) -> int:
        """Print the score and the record; the exit status: 1 if the last save failed."""
        say, text = self.console.say, self.console.text
        say(text("final_score", score=self.game.score, moves=moves_text(self.console, self.game)))
        say(text("record_follows"))
        say(self.record_line())
        if self.save is None:
            return 0
        path = printable(str(self.save))
        if not self.saved:
            say(self.console.bad(text("last_save_failed", path=path)))
            return 1
        if not is_standard_output(self.save):
            say(text("saved", path=path))
        return 0


def _percent(chance: float) -> str:
    """*chance* as a whole percentage: ``45%``."""
    return f"{round(100 * chance)}%"


def _checked(line: str) -> str | Problem:
    """A line typed at a terminal, or its problem."""
    if has_bad_text(line):
        return Problem.NOT_UTF8
    if len(line.encode("utf-8")) > LINE_LIMIT:
        return Problem.TOO_LONG
    return line
