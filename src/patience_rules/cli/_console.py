"""What the client prints and how: its language, colour, and text any terminal can show.

A :class:`Console` wraps the output stream.  It translates (every text comes
from :mod:`patience_rules.locales`), colours only a terminal that wants it,
falls back to ASCII forms when the stream cannot encode the card symbols, and
never lets a control character from the input reach the terminal.
"""

from __future__ import annotations

import errno
import os
import unicodedata
from typing import TextIO

from patience_rules.cards import Card, Suit
from patience_rules.cli._records import NotAFileError
from patience_rules.locales import CATALOGUES, text

__all__ = ["Console", "is_terminal", "os_reason", "printable"]

_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
_SYMBOLS = "♠♥♦♣·✗…–"
_ASCII = str.maketrans(
    {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "·": "-", "✗": "x", "…": "...", "–": "-"}
)


def is_terminal(stream: object) -> bool:
    """Whether *stream* is connected to a terminal."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def os_reason(error: OSError, lang: str = "en") -> str:
    """What went wrong in *error*, in *lang*: the catalogue's text for its errno.

    An errno the catalogue has no text for gets the system's own message.

    >>> os_reason(PermissionError(errno.EACCES, "Permission denied"), "hi")
    'अनुमति नहीं है'
    >>> os_reason(OSError(errno.EXDEV, "Invalid cross-device link"), "hi")
    'सिस्टम का संदेश: Invalid cross-device link'
    >>> os_reason(NotAFileError("fifo"))
    'it is a FIFO (a named pipe), not a regular file'
    """
    if isinstance(error, NotAFileError):
        return text(f"not_a_file_{error.kind}", lang)
    name = errno.errorcode.get(error.errno) if isinstance(error.errno, int) else None
    key = f"os_{name.lower()}" if name else ""
    if key in CATALOGUES[lang]:
        return text(key, lang)
    return text("os_other", lang, message=printable(error.strerror or str(error)))


def printable(line: str) -> str:
    r"""*line* with every control or format character shown as an escape such as ``\x1b``.

    >>> printable("4H-7\x1b]0;pwned\x07")
    '4H-7\\x1b]0;pwned\\x07'
    """
    return "".join(
        ascii(char)[1:-1] if unicodedata.category(char)[0] == "C" else char for char in line
    )


def _can_encode(stream: TextIO, sample: str) -> bool:
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return True  # a text buffer such as io.StringIO holds any character
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Console:
    """The output stream in the player's language, with colour on a terminal that wants it.

    *colour* is ``True`` or ``False`` to force it; ``None`` means: on a
    terminal, unless ``NO_COLOR`` is set or ``TERM`` is ``dumb``.
    """

    def __init__(self, stream: TextIO, lang: str = "en", *, colour: bool | None = None) -> None:
        self.stream = stream
        self.lang = lang
        self.ascii = not _can_encode(stream, _SYMBOLS)
        if colour is None:
            colour = (
                is_terminal(stream)
                and not os.environ.get("NO_COLOR")
                and os.environ.get("TERM") != "dumb"
            )
        self.colour = colour

    def text(self, key: str, /, **fields: object) -> str:
        """The text *key* in the player's language."""
        return text(key, self.lang, **fields)

    def shown(self, part: str) -> str:
        """*part* as the stream can show it: in ASCII forms when it cannot encode the symbols."""
        return part.translate(_ASCII) if self.ascii else part

    def say(self, line: str = "") -> None:
        """Print *line*."""
        print(self.shown(line), file=self.stream)

    def write(self, part: str) -> None:
        """Print *part* with no end of line (a prompt)."""
        self.stream.write(self.shown(part))
        self.stream.flush()

    def card(self, card: Card) -> str:
        """*card* as the table shows it: ``10♥``, or ``10H`` in ASCII."""
        return card.rank.label + (card.suit.value if self.ascii else card.suit.symbol)

    def _wrap(self, code: str, part: str) -> str:
        return f"\x1b[{code}m{part}\x1b[0m" if self.colour else part

    def bold(self, part: str) -> str:
        """*part* in bold."""
        return self._wrap("1", part)

    def dim(self, part: str) -> str:
        """*part* dimmed."""
        return self._wrap("2", part)

    def bad(self, part: str) -> str:
        """*part* as a refusal or an error (red)."""
        return self._wrap("31", part)

    def good(self, part: str) -> str:
        """*part* as good news (green)."""
        return self._wrap("32", part)

    def styled_card(self, card: Card, *, playable: bool = False) -> str:
        """*card* in its colour, underlined and bold when it can move now."""
        codes = [*(["1", "4"] if playable else []), *(["31"] if card.suit in _RED else [])]
        shown = self.card(card)
        return self._wrap(";".join(codes), shown) if codes else shown
