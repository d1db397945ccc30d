r"""No control character from the user or the disk reaches the terminal, in any message.

Every argument and every input line the client can echo (paths, codes,
notations, options, a record's fields, file names at the prompt) is given
terminal escapes; no line the client prints, on standard output or standard
error, may hold a control or format character.  The client shows them
escaped (``\x1b``), as the client page promises for typed input.
"""

from __future__ import annotations

import contextlib
import io
import json
import unicodedata
from pathlib import Path

import pytest

from patience_rules.cli import main
from test_cli import WINNABLE_GOLF
from test_cli import lines as typed

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x9b31m\x08\u202e"
"""A file name's worth of escapes: window title, clear screen, a C1 CSI, right-to-left mark."""
NUL = "\x00"


def raw_controls(text: str) -> set[str]:
    """The control and format characters of *text*, ends of line aside."""
    return {char for char in text if unicodedata.category(char)[0] == "C"} - {"\n"}


def printed(argv: list[str], stdin: str | io.StringIO = "") -> str:
    """Everything the client prints, standard output and standard error, for *argv*."""
    out, err = io.StringIO(), io.StringIO()
    source = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    with contextlib.redirect_stderr(err):
        main(argv, source, out)
    return out.getvalue() + err.getvalue()


def test_the_check_finds_raw_escapes() -> None:
    """The check sees every escape of the sample, and none once they are shown escaped."""
    assert raw_controls(ESCAPES + NUL) == {"\x1b", "\x07", "\x9b", "\x08", "\u202e", "\x00"}
    assert raw_controls(ascii(ESCAPES)) == set()


def arguments(folder: Path) -> dict[str, list[str]]:
    """Command lines that echo an argument, each carrying escapes, with files in *folder*."""
    named = folder / f"{ESCAPES}.json"
    named.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": ["d", "x9"]}), "utf-8")
    code = folder / "code.json"
    code.write_text(json.dumps({"code": f"GO1{ESCAPES}", "moves": []}), "utf-8")
    moves = folder / "moves.json"
    moves.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": [f"9C{ESCAPES}"]}), "utf-8")
    junk = folder / f"junk{ESCAPES}"
    junk.write_text("{oops", "utf-8")
    missing = str(folder / ESCAPES / "x")
    return {
        "bad code": ["deal", f"GO1-E-{ESCAPES}"],
        "picture saved": ["deal", WINNABLE_GOLF, "--svg", str(folder / f"{ESCAPES}.svg")],
        "picture not saved": ["deal", WINNABLE_GOLF, "--svg", f"{missing}.svg"],
        "picture named with NUL": ["deal", WINNABLE_GOLF, "--svg", f"{folder}/{NUL}{ESCAPES}"],
        "no such record": ["replay", missing],
        "record named with NUL": ["replay", f"{folder}/{NUL}{ESCAPES}"],
        "move refused": ["replay", str(named)],
        "code in a record": ["replay", str(code)],
        "move in a record": ["replay", str(moves)],
        "not JSON": ["replay", str(junk)],
        "save fails": ["play", WINNABLE_GOLF, "--save", f"{missing}.json"],
        "save holds a game": ["play", "--game", "golf", "--save", str(named)],
        "save holds another": ["play", "SC1-C-AAAAAAB", "--save", str(named)],
        "variant": ["play", "--variant", ESCAPES],
        "new variant": ["new", "golf", "--variant", ESCAPES],
        "game": ["play", "--game", ESCAPES],
        "language": ["play", "--lang", ESCAPES],
        "command": [ESCAPES],
        "unrecognized": ["play", WINNABLE_GOLF, ESCAPES],
        "unknown option": ["play", f"--{ESCAPES}"],
        "ambiguous option": ["stats", "golf", f"--m{ESCAPES}"],
        "stats game": ["stats", ESCAPES],
        "stats seed": ["stats", "golf", "--seed", ESCAPES],
        "stats seconds": ["stats", "golf", "--max-seconds", ESCAPES],
        "stats variant": ["stats", "golf", "--variant", ESCAPES],
    }


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_no_argument_echoes_a_control_character(tmp_path: Path, lang: str) -> None:
    """Each message that quotes an argument or a file's content shows its escapes escaped."""
    for name, argv in arguments(tmp_path).items():
        output = printed(["--lang", lang, *argv], typed("d"))
        assert output, name
        assert raw_controls(output) == set(), (name, output)


def test_a_resumed_save_and_its_messages_show_the_path_escaped(tmp_path: Path) -> None:
    """``--save`` under an escaped name: saved, resumed, then failing once its folder goes."""
    folder = tmp_path / ESCAPES
    folder.mkdir()
    path = folder / f"{ESCAPES}.json"
    first = printed(["play", WINNABLE_GOLF, "--save", str(path)], typed("d"))
    assert "Saved to" in first

    class Vanishing(io.StringIO):
        """Input that removes the save's folder before its second line is read."""

        def readline(self, size: int | None = -1) -> str:
            line = super().readline(size)
            if line == "u\n":
                path.unlink()
                folder.rmdir()
            return line

    again = printed(["play", "--save", str(path)], Vanishing("d\nu\nd\n"))
    assert "Going on with the game saved in" in again
    assert "The last save to" in again
    for output in (first, again):
        assert raw_controls(output) == set(), output
        assert "\\x1b]0;pwned\\x07" in output


def test_no_input_line_echoes_a_control_character(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the prompt: pictures saved or not, moves, shorthands and over-long lines."""
    monkeypatch.chdir(tmp_path)
    lines = typed(
        f"svg {tmp_path}/{ESCAPES}.svg",
        f"svg {tmp_path}/{ESCAPES}/missing.svg",
        f"svg {tmp_path}/{NUL}.svg",
        f"svg {ESCAPES}",
        f"d{ESCAPES}",
        ESCAPES * 40,
    )
    for code in (WINNABLE_GOLF, "FT1-N-AAAAAAC", "SC1-C-AAAAAAB"):
        output = printed(["play", code], lines + typed(f"1{ESCAPES}", f"w-{ESCAPES}f", "5-f"))
        assert "Picture saved to" in output
        assert "cannot save to" in output
        assert raw_controls(output) == set(), (code, output)
