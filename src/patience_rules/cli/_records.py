"""Game records: reading them, and saving them so that a save never lies.

The client saves the library's game record (:meth:`Game.to_record
<patience_rules.Game.to_record>`: the format, the game code and every
accepted action in order, ``"u"`` for an undo) with one more field, the
player's language::

    {"format": 1, "code": "GO1-E-AAAAAAF", "moves": ["d", "7", "u"], "lang": "en"}

It reads both forms that :meth:`~patience_rules.Game.to_record` writes: the
``code`` form above, and the ``start`` form of a game that starts from a
saved position (``{"format": 1, "start": {...}, "moves": [...]}``).  It reads
records without ``"format"`` (as earlier versions of the client wrote them) or
without ``"lang"`` too, and ignores other fields.  Another kind of JSON (a
saved position, a player view) or a file that is not JSON is refused saying
what it is.

:func:`save` writes a record (or a picture) atomically and durably: a
temporary file in the target's folder, flushed to the disk, renamed over the
target, then the folder itself flushed; the target keeps its permissions, a
symbolic link is followed to the file it names, and on any failure the
temporary file is removed and the target is left as it was.  (No library on
the runtime's dependency list does this, so it is written here.)  Only a
regular file is replaced: a device, a FIFO, a socket or a folder is refused
(:func:`regular_target`), and ``-`` or ``/dev/stdout`` names standard output,
which is written to as it is.  Nothing here opens a file that could block.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from patience_rules._formats import Kind, kind_of
from patience_rules._text import quote
from patience_rules.cli._input import file_name
from patience_rules.codes import GameCode, parse_code
from patience_rules.errors import InvalidCodeError, InvalidPositionError
from patience_rules.game import FORMAT, UNDO, Game
from patience_rules.locales import text
from patience_rules.reasons import LANGUAGES, Reason, message

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "STANDARD_OUTPUT",
    "UNDO",
    "NotAFileError",
    "Record",
    "RecordError",
    "Start",
    "is_standard_output",
    "read_full_record",
    "read_record",
    "record_text",
    "regular_target",
    "save",
]

STANDARD_OUTPUT = frozenset({"-", "/dev/stdout"})
"""The names under which a picture or a record goes to standard output."""

Start = GameCode | Game[Any, Any]
"""Where a record starts: the code of its deal, or the game it starts from."""

Record = tuple[Start, tuple[str, ...], str | None]
"""A record's start, actions and language (``None`` when it names none)."""


def record_text(game: Game[Any, Any], lang: str) -> str:
    """The record of *game* (:meth:`~patience_rules.Game.to_record`) and *lang*, as JSON."""
    return json.dumps(game.to_record() | {"lang": lang}, ensure_ascii=False)


def read_record(text: str) -> tuple[Start, tuple[str, ...]]:
    """Where the game record *text* (JSON) starts, and its actions.

    The start is the record's code, or for a record of the ``start`` form
    the :class:`~patience_rules.Game` it starts from (which names every
    hidden card).

    Not player-safe: a code or a game names every hidden card.

    >>> read_record('{"code": "GO1-E-AAAAAAF", "moves": ["d", "u"]}')
    (parse_code('GO1-E-AAAAAAF'), ('d', 'u'))
    >>> from patience_rules import Game, new_game
    >>> started = Game.from_dict(new_game("GO1-E-AAAAAAF").play("d").to_dict()).play("d")
    >>> read_record(json.dumps(started.to_record()))
    (<Game golf GO1-E-AAAAAAF moves=1 score=0 playing>, ('d',))

    Raises:
        InvalidPositionError: *text* is not a game record; the message says why.
    """
    code, moves, _lang = read_full_record(text)
    return code, moves


class RecordError(InvalidPositionError):
    """A text is not a game record: *key* names the problem's text in the catalogues.

    ``str(error)`` is the English text; :meth:`message_in` gives it in another
    language.  A field that is a :class:`~patience_rules.Reason` is given in
    that language too.
    """

    def __init__(self, key: str, fields: Mapping[str, object] | None = None) -> None:
        super().__init__(key, dict(fields or {}))
        self.key = key
        self.fields: dict[str, object] = dict(fields or {})

    def message_in(self, lang: str) -> str:
        """The problem in *lang*."""
        fields = {
            name: message(value, lang) if isinstance(value, Reason) else value
            for name, value in self.fields.items()
        }
        return text(self.key, lang, **fields)

    def __str__(self) -> str:
        return self.message_in("en")


def read_full_record(content: str) -> Record:
    """The start, the actions and the language of the game record *content*.

    Raises:
        RecordError: *content* is not a game record; the message says why,
            and what the content is when it is another kind of save.
    """
    if not isinstance(content, str):
        raise RecordError("record_not_text", {"kind": type(content).__name__})
    data = _json(content)
    if not isinstance(data, dict):
        raise RecordError("record_not_object")
    other = _OTHER_KINDS.get(kind_of(data))
    if other is not None:
        raise RecordError(other)
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError("record_bad_format", {"format": FORMAT})
    if "code" in data and "start" in data:
        raise RecordError("record_code_and_start")
    if "code" not in data and "start" not in data:
        raise RecordError("record_no_start")
    if "moves" not in data:
        raise RecordError("record_missing", {"field": "moves"})
    start = _start(data)
    lang = data.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise RecordError("record_bad_lang", {"languages": ", ".join(LANGUAGES)})
    return start, _moves(data["moves"]), lang


_OTHER_KINDS: dict[Kind | None, str] = {
    Kind.GAME: "record_is_saved_game",
    Kind.POSITION: "record_is_position",
    Kind.VIEW: "record_is_view",
}
"""The problem of a JSON object that is another kind of save than a record."""


def _start(data: Mapping[str, Any]) -> Start:
    """Where the record *data* starts: its code, or the game its ``start`` field holds."""
    if "code" in data:
        try:
            return parse_code(data["code"])
        except InvalidCodeError as error:
            raise RecordError(
                "record_bad_code", {"code": quote(data["code"]), "why": error.reason}
            ) from None
    try:
        return Game.from_dict(data["start"])
    except InvalidPositionError as error:
        raise RecordError("record_bad_start", {"why": str(error)}) from None


def _json(content: str) -> object:
    """The JSON value *content* holds."""
    try:
        return json.loads(content)
    except json.JSONDecodeError as error:
        code = _code(content)
        if code is not None:
            raise RecordError("record_is_code", {"code": str(code)}) from None
        where = {"line": error.lineno, "column": error.colno}
        raise RecordError("record_not_json", where) from None
    except RecursionError:
        raise RecordError("record_too_deep") from None
    except ValueError:  # such as a number too long for int()
        raise RecordError("record_bad_value") from None


def _code(content: str) -> GameCode | None:
    """The game code *content* is, if it is one (the file holds a code, not a record)."""
    try:
        return parse_code(content)
    except InvalidCodeError:
        return None


def _moves(moves: object) -> tuple[str, ...]:
    """The record's actions, checked to be a list of strings."""
    if not isinstance(moves, list):
        raise RecordError("record_moves_not_list")
    for index, notation in enumerate(moves):
        if not isinstance(notation, str):
            raise RecordError("record_move_not_text", {"index": index})
    return tuple(moves)


def is_standard_output(path: Path | str) -> bool:
    """Whether a save to *path* writes to standard output (:data:`STANDARD_OUTPUT`).

    >>> is_standard_output(Path("-")), is_standard_output("/dev/stdout"), is_standard_output("x")
    (True, True, False)
    """
    return str(path) in STANDARD_OUTPUT


class NotAFileError(OSError):
    """A save's target is a device, a FIFO or a socket, which no save replaces.

    *kind* is ``"device"``, ``"fifo"`` or ``"socket"``; a folder is an
    :class:`IsADirectoryError` instead.
    """

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def regular_target(path: Path) -> Path | None:
    """The file a save to *path* replaces, or ``None`` when there is none yet.

    A symbolic link is followed.  Only :func:`os.stat` looks at the target,
    so a FIFO is recognised without being opened.

    Raises:
        NotAFileError: the target is a device, a FIFO or a socket.
        IsADirectoryError: the target is a folder.
        OSError: the target cannot be looked at, e.g. a part of *path* is a file.
    """
    target = Path(os.path.realpath(file_name(path)))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode):
        return target
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if stat.S_ISFIFO(mode):
        raise NotAFileError("fifo")
    raise NotAFileError("socket" if stat.S_ISSOCK(mode) else "device")


def save(path: Path, text: str, *, stdout: TextIO | None = None) -> None:
    """Replace the file *path* by *text*, atomically and durably (see the module's notes).

    When *path* names standard output (:func:`is_standard_output`), *text* is
    written to *stdout* (default :data:`sys.stdout`) instead.

    Raises:
        NotAFileError: *path* is a device, a FIFO or a socket; it is left as it was.
        OSError: the file cannot be written; it is left as it was.
    """
    if is_standard_output(path):
        stream = sys.stdout if stdout is None else stdout
        stream.write(text)
        stream.flush()
        return
    target = Path(os.path.realpath(file_name(path)))
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(text.encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())
        # Checked last, just before the rename: no rename can exclude a special file made
        # after this check, but the window is as short as it can be.
        existing = regular_target(target)
        if existing is not None:  # a new file gets the usual permissions (0o666 less the umask)
            temporary.chmod(existing.stat().st_mode & 0o7777)
        temporary.replace(target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Flush *folder*'s entries (the rename) to the disk, where the system allows it."""
    if os.name != "posix":  # Windows cannot open a folder; its rename is durable as is
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
