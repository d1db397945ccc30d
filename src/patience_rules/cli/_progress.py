"""Progress of a long job on standard error that keeps logs clean.

On a terminal, a bar redrawn in place; anywhere else (a log file, a pipe), a
plain line every :data:`LOG_EVERY` seconds and one at the end, never a run of
carriage returns.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, TextIO

from patience_rules.cli._console import is_terminal
from patience_rules.locales import text

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["LOG_EVERY", "Progress"]

LOG_EVERY = 5.0
"""Seconds between two progress lines when the stream is not a terminal."""

_BAR_WIDTH = 30


class Progress:
    """Report *done* out of *total* deals on *stream*, in *lang*, as the job goes."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        lang: str = "en",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.stream = stream
        self.lang = lang
        self.clock = clock
        self.started = clock()
        self.logged = self.started
        self.terminal = is_terminal(stream)

    def update(self, done: int) -> None:
        """Show that *done* items are finished."""
        now = self.clock()
        seconds = f"{now - self.started:.1f}"
        counts = text("progress", self.lang, done=done, total=self.total, seconds=seconds)
        if self.terminal:
            filled = _BAR_WIDTH * done // self.total
            bar = "#" * filled + "." * (_BAR_WIDTH - filled)
            self.stream.write(f"\r[{bar}] {counts}" + ("\n" if done == self.total else ""))
        elif done == self.total or now - self.logged >= LOG_EVERY:
            self.logged = now
            self.stream.write(counts + "\n")
        self.stream.flush()
