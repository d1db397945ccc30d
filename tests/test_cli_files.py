"""Files that are not regular files: no save replaces them, no open blocks on them.

A device, a FIFO, a socket and a folder are each given to every way the
client writes (``deal --svg``, ``play --save``, ``svg FILE`` at the prompt);
``-`` and ``/dev/stdout`` print instead.  Making a device node needs root, as
CI runs.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import socket
import stat
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from patience_rules.cli import _records, main, read_record
from patience_rules.cli._console import os_reason
from test_cli import WINNABLE_GOLF, no_traceback, printed_record, run
from test_cli import lines as typed
from test_cli_hardening import client, leftovers

if TYPE_CHECKING:
    from collections.abc import Iterator

KINDS = {
    "device": "it is a device, not a regular file",
    "fifo": "it is a FIFO (a named pipe), not a regular file",
    "socket": "it is a socket, not a regular file",
    "folder": "Is a directory",
}
"""Each kind of file that is not a regular file, and why a save to it is refused."""


def make(kind: str, path: Path) -> None:
    """Make a file of *kind* at *path*: a copy of ``/dev/null``, a FIFO, a socket or a folder."""
    if kind == "device":
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as bound:
            bound.bind(str(path))
    else:
        path.mkdir()
        (path / "inside.txt").write_text("kept", "utf-8")


def names(folder: Path) -> list[str]:
    """The sorted names of the entries of *folder*."""
    return sorted(entry.name for entry in folder.iterdir())


def snapshot(path: Path) -> tuple[int, int, int, list[str]]:
    """What identifies *path* without opening it: inode, mode, device number and entries."""
    status = path.lstat()
    entries = names(path) if path.is_dir() else []
    return status.st_ino, status.st_mode, status.st_rdev, entries


@pytest.fixture(params=list(KINDS))
def special(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A file of each kind that is not a regular file; checked unchanged afterwards."""
    kind: str = request.param
    path = tmp_path / "target"
    make(kind, path)
    before = snapshot(path)
    yield kind, path
    assert snapshot(path) == before
    assert leftovers(tmp_path) == []
    assert names(tmp_path) == ["target"]


def test_deal_never_replaces_a_special_file(
    special: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """``deal --svg`` onto a device, FIFO, socket or folder fails in one line, changing nothing."""
    kind, path = special
    assert run(["deal", WINNABLE_GOLF, "--svg", str(path)])[0] == 1
    assert no_traceback(capsys) == f"patience-rules: cannot save to {path}: {KINDS[kind]}\n"


def test_play_never_reads_nor_replaces_a_special_file(
    special: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --save`` naming one is refused before anything opens it (a FIFO would block)."""
    kind, path = special
    assert run(["play", WINNABLE_GOLF, "--save", str(path)], typed("d")) == (1, "")
    assert no_traceback(capsys) == f"patience-rules: cannot save to {path}: {KINDS[kind]}\n"


def test_a_picture_at_the_prompt_never_replaces_a_special_file(
    special: tuple[str, Path],
) -> None:
    """``svg FILE`` onto one says why it failed; the game goes on."""
    kind, path = special
    status, out = run(["play", WINNABLE_GOLF], typed(f"svg {path}", "d"))
    assert status == 0
    assert f"✗ cannot save to {path}: {KINDS[kind]}" in out
    assert "Picture saved" not in out
    assert printed_record(out)["moves"] == ["d"]


def test_a_symbolic_link_to_a_special_file_is_refused_too(tmp_path: Path) -> None:
    """The link is followed, then refused: ``--svg link`` with link → a FIFO changes neither."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link.svg"
    link.symlink_to(fifo)
    assert run(["deal", WINNABLE_GOLF, "--svg", str(link)])[0] == 1
    assert link.is_symlink()
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert leftovers(tmp_path) == []


def test_a_save_to_a_special_file_raises_a_reason_that_pickles(tmp_path: Path) -> None:
    """:func:`save` itself refuses, with an error the client words in every language."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(_records.NotAFileError) as raised:
        _records.save(fifo, "text\n")
    assert raised.value.kind == "fifo"
    copy = pickle.loads(pickle.dumps(raised.value))  # noqa: S301 - our own bytes
    assert (type(copy), copy.kind) == (_records.NotAFileError, "fifo")
    assert os_reason(copy, "hi") == "यह एक नामित पाइप है, सामान्य फ़ाइल नहीं"
    assert leftovers(tmp_path) == []


def test_a_special_file_made_during_the_save_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check comes last, after the data is written: a FIFO made meanwhile is kept."""
    path = tmp_path / "game.json"
    real_fsync = os.fsync

    def make_fifo_then_sync(descriptor: int) -> None:
        if not path.exists():
            os.mkfifo(path)
        real_fsync(descriptor)

    monkeypatch.setattr(_records.os, "fsync", make_fifo_then_sync)
    with pytest.raises(_records.NotAFileError):
        _records.save(path, "text\n")
    assert stat.S_ISFIFO(path.lstat().st_mode)
    assert leftovers(tmp_path) == []


# -- no open blocks ----------------------------------------------------------------------------


def test_save_onto_a_fifo_returns_at_once(tmp_path: Path) -> None:
    """``play --save FIFO``, as a process: refused, where it used to hang in ``open()``."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = client("play", WINNABLE_GOLF, "--save", str(fifo), data=b"d\n")
    assert done.returncode == 1
    assert done.stderr.decode() == f"patience-rules: cannot save to {fifo}: {KINDS['fifo']}\n"


def test_replay_of_a_fifo_no_one_writes_to_does_not_hang(tmp_path: Path) -> None:
    """``replay FIFO`` opens it without blocking: with no writer it is read as empty."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = client("replay", str(fifo))
    assert done.returncode == 1
    assert done.stderr.decode().startswith(f"patience-rules: {fifo}: not a JSON game record")


def test_replay_reads_a_pipe_as_a_shell_passes_it() -> None:
    """``replay <(...)``: a pipe named ``/dev/fd/N`` is read to its writer's end, in parts."""
    reader, writer = os.pipe()
    record = json.dumps({"code": WINNABLE_GOLF, "moves": ["d"]}).encode()

    def write_in_parts() -> None:
        os.write(writer, record[:10])
        os.write(writer, record[10:])
        os.close(writer)

    thread = threading.Thread(target=write_in_parts)
    thread.start()
    try:
        status, out = run(["replay", f"/dev/fd/{reader}"])
    finally:
        thread.join()
        os.close(reader)
    assert status == 0, out
    assert "move 1" in out.splitlines()[0]


# -- standard output ---------------------------------------------------------------------------


def picture_file(tmp_path: Path) -> str:
    """The picture ``deal --svg FILE`` saves of the winnable Golf deal."""
    path = tmp_path / "table.svg"
    assert run(["deal", WINNABLE_GOLF, "--svg", str(path)])[0] == 0
    return path.read_text("utf-8")


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_deal_prints_the_picture_alone(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``deal --svg -`` prints the SVG document and nothing else; no file appears."""
    expected = picture_file(tmp_path)
    monkeypatch.chdir(tmp_path)
    status, out = run(["deal", WINNABLE_GOLF, "--svg", name])
    assert status == 0
    assert out == expected
    assert out.startswith("<svg")
    assert out.endswith("</svg>\n")
    assert names(tmp_path) == ["table.svg"]


def test_deal_svg_dev_stdout_in_a_pipe() -> None:
    """As a process whose output is a pipe, ``--svg /dev/stdout`` prints (it used to fail)."""
    done = client("deal", WINNABLE_GOLF, "--svg", "/dev/stdout")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"<svg")
    assert done.stdout.endswith(b"</svg>\n")


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_a_picture_at_the_prompt_is_printed(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``svg -`` at the prompt prints the picture into the session."""
    expected = picture_file(tmp_path)
    monkeypatch.chdir(tmp_path)
    status, out = run(["play", WINNABLE_GOLF], typed(f"svg {name}"))
    assert status == 0
    assert f"> svg {name}\n{expected}" in out
    assert "Picture saved" not in out
    assert names(tmp_path) == ["table.svg"]


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_play_save_to_standard_output_prints_each_record(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play --save -`` prints the record after every action instead of saving a file."""
    monkeypatch.chdir(tmp_path)
    status, out = run(["play", WINNABLE_GOLF, "--save", name], typed("d", "u", "d"))
    assert status == 0
    records = [read_record(line) for line in out.splitlines() if line.startswith('{"format"')]
    code = read_record(f'{{"code": "{WINNABLE_GOLF}", "moves": []}}')[0]
    actions = [(), ("d",), ("d", "u"), ("d", "u", "d")]
    assert records == [(code, moves) for moves in actions] + [(code, actions[-1])]
    assert "Saved to" not in out
    assert not list(tmp_path.iterdir())


def test_a_file_named_dash_is_not_read_as_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play --save -`` never loads a record from standard input, nor from a file named ``-``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_text(json.dumps({"code": "SC1-C-AAAAAAB", "moves": []}), "utf-8")
    out = io.StringIO()
    assert main(["play", WINNABLE_GOLF, "--save", "-"], io.StringIO("q\n"), out) == 0
    assert f"{WINNABLE_GOLF} · Golf" in out.getvalue()
    assert json.loads((tmp_path / "-").read_text("utf-8"))["code"] == "SC1-C-AAAAAAB"
