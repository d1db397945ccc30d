"""The results file of ``patience-rules stats --results FILE``: one JSON line per deal.

The first line says which run the file holds; every other line is one deal,
written and flushed as soon as it is solved::

    {"results": "patience-rules stats", "format": 1, "game": "golf", "variant": "classic",
     "seed": 1, "max_states": null, "max_seconds": 10.0, "method": "auto"}
    {"code": "GO1-C-AAAAAAB", "outcome": "win", "states": 412, "seconds": 0.0131,
     "moves": ["d", "7", "3"]}

(each on one line).  *moves* is the winning line in the game's notation
(empty unless the deal is won), so a deal's line is also a game record that
``patience-rules replay`` plays to the won game.  A run given the same file
again resumes: the deals already there are not solved again.  The file is
read with bounds (:data:`LINE_LIMIT` bytes a line, :data:`DEALS_LIMIT`
deals), and checked line by line: a file of another run (game, variant,
seed, budget or method) or one that is not a results file is refused, never
written to.  A last line without its end of line is what an interrupted
write leaves: it is dropped, and its deal solved again.  Only a regular file
is written (:func:`~patience_rules.cli._records.regular_target`), and it is
locked while a run writes it, so that a second run on the same file is
refused instead of mixing its lines in (not on Windows, which has no such
locks).
"""

from __future__ import annotations

import array
import json
import math
import os
import sys
from typing import TYPE_CHECKING, Any, BinaryIO

import attrs

from patience_rules._text import quote
from patience_rules.cli._console import printable
from patience_rules.cli._input import file_name
from patience_rules.cli._records import regular_target
from patience_rules.codes import GameCode, parse_code
from patience_rules.errors import InvalidCodeError, PatienceError
from patience_rules.locales import text
from patience_rules.solver import Outcome, Solution

if sys.platform != "win32":
    import fcntl

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

__all__ = [
    "DEALS_LIMIT",
    "KIND",
    "LINE_LIMIT",
    "Results",
    "ResultsError",
    "Run",
    "Tally",
    "open_results",
]

KIND = "patience-rules stats"
"""The value of the header's ``"results"`` field, which marks a results file."""

FORMAT = 1
"""The version of the results file's layout."""

LINE_LIMIT = 1 << 16
"""The most bytes a line may hold: 64 KiB, ten times the longest winning line."""

DEALS_LIMIT = 10_000_000
"""The most deals a results file may hold: as many as the largest published Golf run."""


class ResultsError(PatienceError):
    """A results file that a run cannot resume; the message names the file and the problem."""


@attrs.frozen
class Run:
    """What a run's deals share, kept in the header: a file resumes only the same run."""

    game: str
    variant: str
    seed: int | None
    max_states: int | None
    max_seconds: float | None
    method: str

    def header(self) -> dict[str, Any]:
        """The first line of a results file of this run, as JSON data."""
        return {"results": KIND, "format": FORMAT, **attrs.asdict(self)}


class Tally:
    """The outcome counts, seconds and states of a run's deals, as they come."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(Outcome, 0)
        self.seconds = array.array("d")
        self.states = array.array("q")

    def add(self, outcome: Outcome, states: int, seconds: float) -> None:
        """Count one deal."""
        self.counts[outcome] += 1
        self.states.append(states)
        self.seconds.append(seconds)

    @property
    def total(self) -> int:
        """How many deals are counted."""
        return len(self.seconds)


def _line(solution: Solution[Any], code: GameCode) -> bytes:
    """The line of the results file for *code*'s *solution*."""
    record = {
        "code": str(code),
        "outcome": solution.outcome.value,
        "states": solution.states,
        "seconds": round(solution.seconds, 6),
        "moves": [str(move) for move in solution.line],
    }
    return json.dumps(record, ensure_ascii=False).encode("utf-8") + b"\n"


class Results:
    """An open results file of a run: the deals it held when opened, and :meth:`add` for more.

    Get one from :func:`open_results`; :meth:`close` it when done.
    """

    def __init__(self, file: BinaryIO, tally: Tally) -> None:
        self.file = file
        self.tally = tally

    def add(self, code: GameCode, solution: Solution[Any]) -> None:
        """Append *code*'s *solution* to the file, flushed to the system at once."""
        self.file.write(_line(solution, code))
        self.file.flush()

    def close(self) -> None:
        """Close the file."""
        self.file.close()


def open_results(
    path: Path, run: Run, expected: Iterator[GameCode] | None, lang: str
) -> tuple[Results, int]:
    """Open the results file *path* of *run*, read what it holds, and get it ready to append.

    Each deal the file holds must be the next of *expected* (the codes a
    seed deals), when given.  Returns the open file and how many bytes of an
    incomplete last line were dropped (0: none).  A new file is created with
    its header; an existing one is checked to its end before anything is
    written to it.

    Raises:
        ResultsError: the file holds another run or is not a results file; the
            message, in *lang*, names the file (escaped) and the line.
        OSError: the file cannot be read or written, or is not a regular file.
    """
    shown = printable(str(path))
    existing = regular_target(path)
    file = _open_append(path if existing is None else existing, shown, lang)
    try:
        tally, end = _read(file, run, expected, shown, lang)
        size = file.seek(0, os.SEEK_END)
        if end < size:  # the incomplete last line of an interrupted write
            file.truncate(end)
        if end == 0:
            file.write(_header(run))
            file.flush()
    except BaseException:
        file.close()
        raise
    return Results(file, tally), size - end


def _header(run: Run) -> bytes:
    return json.dumps(run.header()).encode("utf-8") + b"\n"


def _open_append(path: Path | str, shown: str, lang: str) -> BinaryIO:
    """*path* opened to read and to append, created if missing, and locked against other runs."""
    descriptor = os.open(file_name(path), os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        file = os.fdopen(descriptor, "rb+")  # a folder is refused here
    except BaseException:
        os.close(descriptor)
        raise
    if sys.platform != "win32":  # Windows has no advisory locks; a second run would interleave
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            file.close()
            raise ResultsError(text("results_busy", lang, path=shown)) from None
    return file


class _BadFieldError(Exception):
    """A deal's line with a field missing or wrong: *args[0]* names it."""


def _problem(shown: str, lang: str, key: str, **fields: object) -> ResultsError:
    problem = text(key, lang, **fields)
    return ResultsError(text("record_problem", lang, path=shown, problem=problem))


def _lines(file: BinaryIO, shown: str, lang: str) -> Iterator[tuple[int, bytes]]:
    """Each complete line of *file* and its number, read with bounds, to an incomplete one."""
    file.seek(0)
    number = 0
    while True:
        raw = file.readline(LINE_LIMIT + 1)
        if len(raw) > LINE_LIMIT:
            raise _problem(shown, lang, "results_line_too_long", line=number + 1, limit=LINE_LIMIT)
        if not raw.endswith(b"\n"):
            return
        number += 1
        if number > DEALS_LIMIT + 1:
            raise ResultsError(text("results_too_many", lang, path=shown, limit=DEALS_LIMIT))
        yield number, raw


def _read(
    file: BinaryIO, run: Run, expected: Iterator[GameCode] | None, shown: str, lang: str
) -> tuple[Tally, int]:
    """The deals of *run* in the results *file*, and where its complete lines end."""
    tally, end = Tally(), 0
    for number, raw in _lines(file, shown, lang):
        data = _json(raw)
        if number == 1:
            _check_header(data, run, shown, lang)
        else:
            try:
                code, outcome, states, seconds = _deal(data, run)
            except _BadFieldError as error:
                why = text("results_bad_field", lang, field=error.args[0])
                raise _problem(shown, lang, "results_bad_line", line=number, why=why) from None
            want = None if expected is None else next(expected)
            if want is not None and code != want:
                raise _problem(
                    shown, lang, "results_other_deal", line=number, code=code, expected=want
                )
            tally.add(outcome, states, seconds)
        end += len(raw)
    if end == 0:  # no complete line: a new file, or a header cut short, or another file
        file.seek(0)
        if not _header(run).startswith(file.read(LINE_LIMIT)):
            raise ResultsError(text("results_not_ours", lang, path=shown))
    return tally, end


def _json(raw: bytes) -> object:
    """The JSON value of a line, or ``None`` when it is not JSON."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _check_header(data: object, run: Run, shown: str, lang: str) -> None:
    """Refuse a first line that is not *run*'s header, naming the first field that differs."""
    if not isinstance(data, dict) or data.get("results") != KIND:
        raise ResultsError(text("results_not_ours", lang, path=shown))
    for field, ours in {"format": FORMAT, **attrs.asdict(run)}.items():
        theirs = data.get(field)
        if type(theirs) is not type(ours) or theirs != ours:
            raise ResultsError(
                text(
                    "results_other_run",
                    lang,
                    path=shown,
                    field=field,
                    theirs=printable(quote(theirs)),
                    ours=printable(quote(ours)),
                )
            )


def _deal(data: object, run: Run) -> tuple[GameCode, Outcome, int, float]:
    """A deal's code, outcome, states and seconds, once checked.

    Raises:
        _BadFieldError: a field is missing or wrong (a won deal has moves, no other has).
    """
    if not isinstance(data, dict):
        raise _BadFieldError("code")
    code = _code(data.get("code"), run)
    outcome = next((o for o in Outcome if o.value == data.get("outcome")), None)
    if outcome is None:
        raise _BadFieldError("outcome")
    states = data.get("states")
    if type(states) is not int or not 0 <= states < 1 << 63:
        raise _BadFieldError("states")
    seconds = data.get("seconds")
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        raise _BadFieldError("seconds")
    if not 0 <= seconds < math.inf:
        raise _BadFieldError("seconds")
    moves = data.get("moves")
    if (
        not isinstance(moves, list)
        or not all(isinstance(move, str) for move in moves)
        or (outcome is Outcome.WIN) != bool(moves)
    ):
        raise _BadFieldError("moves")
    return code, outcome, states, float(seconds)


def _code(value: object, run: Run) -> GameCode:
    """*value* as the code of a deal of *run*'s game and variant."""
    if not isinstance(value, str):
        raise _BadFieldError("code")
    try:
        code = parse_code(value)
    except InvalidCodeError:
        raise _BadFieldError("code") from None
    if code.game != run.game or code.variant.value != run.variant:
        raise _BadFieldError("code")
    return code
