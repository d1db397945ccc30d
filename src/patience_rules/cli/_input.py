"""Bounded input: lines typed or piped at the prompt, and record files.

Nothing is read without a bound: a line of play is at most
:data:`LINE_LIMIT` bytes and a record at most :data:`RECORD_LIMIT`
bytes, so ``replay /dev/zero`` is refused after reading one byte more than
the limit, not after filling the memory.  Bytes that are not UTF-8 never
raise :class:`UnicodeDecodeError`: they are reported as a problem.
"""

from __future__ import annotations

import enum
import errno
import os
from typing import TYPE_CHECKING, BinaryIO, TextIO

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

__all__ = [
    "LINE_LIMIT",
    "RECORD_LIMIT",
    "Problem",
    "RecordTooLargeError",
    "file_name",
    "has_bad_text",
    "lines",
    "read_record_file",
]

LINE_LIMIT = 200
"""The most bytes (UTF-8) a line typed at the prompt may hold; a move takes a few."""

RECORD_LIMIT = 1 << 20
"""The most bytes a game record file may hold: 1 MiB, some 100,000 actions."""

_NO_WAIT = getattr(os, "O_NONBLOCK", 0)
"""The flag that keeps ``open()`` of a FIFO from waiting for a writer (none on Windows)."""
_BINARY = getattr(os, "O_BINARY", 0)
"""Windows' flag for reading bytes as they are (POSIX has no other way)."""

_SKIP_LIMIT = 1 << 16
"""How far past an over-long line the reader looks for its end before giving up."""


class Problem(enum.Enum):
    """What was wrong with a line of input; the value is its text's catalogue key."""

    NOT_UTF8 = "not_utf8"
    TOO_LONG = "line_too_long"
    ENDLESS = "input_stopped"
    """No end of line within :data:`_SKIP_LIMIT` past an over-long line: reading stops."""


class RecordTooLargeError(OSError):
    """A record file holds more than :data:`RECORD_LIMIT` bytes."""


def lines(stream: TextIO) -> Iterator[str | Problem]:
    r"""Each line of *stream* without its end of line, or the :class:`Problem` with it.

    Lines are decoded as strict UTF-8 from the binary buffer when *stream*
    has one (a pipe or a file), else read as text.  After
    :attr:`Problem.ENDLESS` the iterator stops.

    >>> import io
    >>> list(lines(io.StringIO("d\n" + "9" * 500 + "\n7")))
    ['d', <Problem.TOO_LONG: 'line_too_long'>, '7']
    """
    read = _line_reader(stream)
    while True:
        raw = read(LINE_LIMIT + 1)
        if not raw:
            return
        if len(raw) > LINE_LIMIT and not raw.endswith(b"\n"):
            if not _skip_line(read):
                yield Problem.ENDLESS
                return
            yield Problem.TOO_LONG
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            yield Problem.NOT_UTF8
            continue
        yield line.rstrip("\r\n")


def _line_reader(stream: TextIO) -> Callable[[int], bytes]:
    """A function reading one line of at most *size* units from *stream*, as bytes."""
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    if buffer is not None:
        return buffer.readline

    def read(size: int) -> bytes:
        return stream.readline(size).encode("utf-8", "surrogateescape")

    return read


def _skip_line(read: Callable[[int], bytes]) -> bool:
    """Read on to the end of the current line, within :data:`_SKIP_LIMIT`; whether found."""
    skipped = 0
    while skipped < _SKIP_LIMIT:
        part = read(4096)
        if not part or part.endswith(b"\n"):
            return True
        skipped += len(part)
    return False


def has_bad_text(line: str) -> bool:
    """Whether *line* holds undecodable bytes (as :mod:`sys.stdin` gives them, escaped)."""
    return any("\udc80" <= char <= "\udcff" for char in line)


def file_name(path: os.PathLike[str] | str) -> str:
    r"""*path* as a system call takes it: refused when it holds NUL, which no file name can.

    >>> file_name("game\0.json")
    Traceback (most recent call last):
    ...
    OSError: [Errno 22] Invalid argument: 'game\x00.json'

    Raises:
        OSError: *path* holds NUL (``EINVAL``), which :mod:`os` would refuse with a ValueError.
    """
    name = os.fspath(path)
    if "\0" in name:
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL), name)
    return name


def read_record_file(name: str, stdin: TextIO) -> str:
    """The text of the record file *name* (``-``: *stdin*), read to at most :data:`RECORD_LIMIT`.

    The open never blocks: a FIFO with no writer reads as empty.

    Raises:
        OSError: the file cannot be read.
        RecordTooLargeError: it holds more than :data:`RECORD_LIMIT` bytes.
        UnicodeDecodeError: it is not UTF-8 text.
    """
    if name == "-":
        buffer: BinaryIO | None = getattr(stdin, "buffer", None)
        data: str | bytes = (
            buffer.read(RECORD_LIMIT + 1) if buffer is not None else stdin.read(RECORD_LIMIT + 1)
        )
    else:
        # Opened without blocking, so that a FIFO no one writes to reads as empty instead of
        # hanging in open(); reads then block as usual, for a pipe such as bash's <(...).
        descriptor = os.open(file_name(name), os.O_RDONLY | _NO_WAIT | _BINARY)
        try:
            if _NO_WAIT:
                os.set_blocking(descriptor, True)
            file = os.fdopen(descriptor, "rb")  # a folder is refused here
        except BaseException:
            os.close(descriptor)
            raise
        with file:
            data = file.read(RECORD_LIMIT + 1)
    if len(data) > RECORD_LIMIT:
        raise RecordTooLargeError
    return data if isinstance(data, str) else data.decode("utf-8")
