"""The terminal client at the edges: bad bytes, ASCII terminals, escapes, endless input, saves."""

from __future__ import annotations

import errno
import io
import json
import os
import stat
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from patience_rules.cli import _records, main, read_record
from patience_rules.cli._input import LINE_LIMIT, RECORD_LIMIT, Problem, lines
from test_cli import WINNABLE_GOLF, no_traceback, printed_record, run
from test_cli import lines as typed


def client(
    *argv: str, data: bytes = b"", encoding: str = "utf-8", stdin: object = None
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m patience_rules`` with *data* piped in and the given stream encoding."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    return subprocess.run(  # noqa: S603 - this interpreter, fixed arguments
        [sys.executable, "-m", "patience_rules", *argv],
        input=None if stdin is not None else data,
        stdin=stdin,
        capture_output=True,
        env=env,
        check=False,
        timeout=60,
    )


# -- bytes that are not UTF-8 ------------------------------------------------------------------


def test_strict_utf8_input_with_bad_bytes_is_reported_not_raised() -> None:
    """A line of bad bytes on a strict UTF-8 stdin is refused in one line; play goes on."""
    played = client("play", WINNABLE_GOLF, data=b"\xff\xfe\x80\nd\nq\n", encoding="utf-8:strict")
    assert played.returncode == 0, played.stderr
    assert played.stderr == b""
    out = played.stdout.decode("utf-8")
    assert "✗ That line is not UTF-8 text; nothing was played." in out
    assert printed_record(out)["moves"] == ["d"]


def test_lines_reports_bad_bytes_from_a_binary_stream() -> None:
    """The line reader decodes each line strictly and says which were not UTF-8."""
    stream = io.TextIOWrapper(io.BytesIO(b"d\n\xff\n" + "10♥\n".encode()))
    assert list(lines(stream)) == ["d", Problem.NOT_UTF8, "10♥"]


def test_a_terminal_line_with_bad_bytes_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a terminal (``input()``), undecodable bytes arrive escaped and are refused."""

    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Keyboard("\udcff\udcfe\nd\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["play", WINNABLE_GOLF]) == 0
    assert "That line is not UTF-8 text" in out.getvalue()
    assert printed_record(out.getvalue())["moves"] == ["d"]


def test_a_record_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay`` of a file with bad bytes says so in one line."""
    path = tmp_path / "record.json"
    path.write_bytes(b'{"code": "GO1-E-AAAAAAF", "moves": ["\xff"]}')
    assert run(["replay", str(path)]) == (1, "")
    assert "it is not UTF-8 text" in no_traceback(capsys)


# -- an ASCII-only terminal --------------------------------------------------------------------


def test_ascii_only_output_falls_back_to_ascii_forms() -> None:
    """On an ASCII-only stdout the table and messages use ASCII card forms, with no error."""
    played = client("play", WINNABLE_GOLF, data=b"d\n9C\nx9\n?\nq\n", encoding="ascii")
    assert played.returncode == 0, played.stderr
    assert played.stderr == b""
    out = played.stdout.decode("ascii")
    assert "GO1-E-AAAAAAF - Golf (easy) - move 0 - score 0" in out
    assert "stock: 16 cards - waste: 10H" in out
    assert "x This card is blocked" in out
    dealt = client("deal", "SC1-C-AAAAAAB", encoding="ascii")
    assert dealt.returncode == 0
    assert "column 1: ## ## ## 6C 4H 2D 3S" in dealt.stdout.decode("ascii")


def test_hindi_on_an_ascii_only_terminal_does_not_crash() -> None:
    """Hindi text that the terminal cannot show is replaced, never an exception."""
    played = client("play", WINNABLE_GOLF, "--lang", "hi", data=b"d\n", encoding="ascii")
    assert played.returncode == 0, played.stderr
    assert b"Traceback" not in played.stderr
    assert b"GO1-E-AAAAAAF - ??????" in played.stdout


# -- control characters ------------------------------------------------------------------------

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x9b31m\x08\x00\u202e"
CONTROLS = [char for char in ESCAPES if unicodedata.category(char)[0] == "C"]


def test_piped_input_is_echoed_without_control_characters() -> None:
    """Terminal escapes in piped input are shown as escaped text, never sent raw."""
    status, out = run(["play", WINNABLE_GOLF], typed(f"d{ESCAPES}", "d"))
    assert status == 0
    assert len(CONTROLS) == 7
    assert not any(char in out for char in CONTROLS)
    assert "\\x1b]0;pwned\\x07" in out
    assert printed_record(out)["moves"] == ["d"]


def test_replay_messages_carry_no_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's move with escapes is quoted without them on standard error."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": [ESCAPES]}), "utf-8")
    assert run(["replay", str(path)]) == (1, "")
    err = no_traceback(capsys)
    assert not any(char in err for char in CONTROLS)


# -- bounded input -----------------------------------------------------------------------------


def test_an_endless_record_file_is_refused_after_the_limit() -> None:
    """``replay /dev/zero`` stops at the size limit, in one line.

    (``play --save /dev/zero`` is refused before reading: a device is no save file.)
    """
    done = client("replay", "/dev/zero")
    assert done.returncode == 1
    err = done.stderr.decode()
    limit = f"holds more than {RECORD_LIMIT} bytes, more than any game record"
    assert err == f"patience-rules: /dev/zero {limit}\n"


def test_an_endless_record_on_standard_input_is_refused() -> None:
    """``replay - < /dev/zero`` stops at the size limit too."""
    with Path("/dev/zero").open("rb") as zeros:
        done = client("replay", "-", stdin=zeros)
    assert done.returncode == 1
    assert f"holds more than {RECORD_LIMIT} bytes" in done.stderr.decode()


def test_endless_input_at_the_prompt_stops_reading() -> None:
    """``play < /dev/zero``: no end of line ever comes; the client stops reading and quits."""
    with Path("/dev/zero").open("rb") as zeros:
        done = client("play", WINNABLE_GOLF, stdin=zeros)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert "✗ No end of line in sight: the input is read no further." in out
    assert len(out) < 5000
    assert printed_record(out)["moves"] == []


def test_a_long_line_of_junk_is_refused_and_not_echoed() -> None:
    """A 10 MB line is refused as too long; the output stays small; play goes on."""
    junk = "9" * 10_000_000
    status, out = run(["play", WINNABLE_GOLF], typed("9" * 4301, "٩" * 5000, "d"))
    assert status == 0
    assert out.count(f"✗ That line is longer than {LINE_LIMIT} bytes") == 2
    assert printed_record(out)["moves"] == ["d"]
    status, out = run(["play", WINNABLE_GOLF], junk[:60_000] + "\nd\n")
    assert status == 0
    assert len(out) < 5000
    assert printed_record(out)["moves"] == ["d"]


def test_a_huge_move_in_a_record_is_quoted_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 10 MB move in a record gets a one-line error quoting a short prefix of it."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": ["9" * 4301]}), "utf-8")
    assert run(["replay", str(path)]) == (1, "")
    err = no_traceback(capsys)
    assert "(4301 characters)" in err
    assert len(err) < 300
    path.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": ["x" * 900_000]}), "utf-8")
    assert run(["replay", str(path)]) == (1, "")
    assert len(no_traceback(capsys)) < 300


def test_a_record_just_under_the_limit_is_read(tmp_path: Path) -> None:
    """The limit refuses only what is past it: a record padded to the limit replays."""
    path = tmp_path / "record.json"
    record = json.dumps({"code": WINNABLE_GOLF, "moves": ["d"]})
    path.write_text(record + " " * (RECORD_LIMIT - len(record)), "utf-8")
    assert run(["replay", str(path)])[0] == 0
    path.write_text(record + " " * (RECORD_LIMIT - len(record) + 1), "utf-8")
    assert run(["replay", str(path)])[0] == 1


# -- saves that never lie ----------------------------------------------------------------------


def leftovers(folder: Path) -> list[str]:
    """Temporary files left in *folder*."""
    return [path.name for path in folder.iterdir() if path.name.endswith(".tmp")]


def test_a_save_to_a_read_only_folder_fails_loudly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder turned read-only mid-game: failures reported, quit says so, exit status 1.

    The file keeps its last good record and no temporary file is left behind.
    """
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "game.json"
    real_open = os.open

    def guarded_open(name: str, flags: int, *args: int) -> int:
        read_only = not folder.stat().st_mode & stat.S_IWUSR
        if os.geteuid() == 0 and flags & os.O_CREAT and Path(name).parent == folder and read_only:
            # root ignores permission bits: stand in for the refusal any other user gets
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), name)
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", guarded_open)

    class Locking(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            line = super().readline(size)
            if line == "u\n":
                folder.chmod(0o555)
            return line

    out = io.StringIO()
    try:
        status = main(["play", WINNABLE_GOLF, "--save", str(path)], Locking("d\nu\nd\n"), out)
    finally:
        folder.chmod(0o755)
    text = out.getvalue()
    assert status == 1
    assert text.count(f"✗ cannot save to {path}: Permission denied") == 2
    assert f"The last save to {path} failed: it holds an older record." in text
    assert f"Saved to {path}." not in text
    assert read_record(path.read_text("utf-8"))[1] == ("d",)
    assert leftovers(folder) == []


def test_a_full_disk_fails_the_save_and_a_later_save_recovers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENOSPC while writing: reported, temp removed, old record kept; the next save succeeds."""
    path = tmp_path / "game.json"
    calls = {"writes": 0}
    real_fsync = os.fsync

    def full_once(descriptor: int) -> None:
        calls["writes"] += 1
        if calls["writes"] == 3:  # the second action's file (each save syncs file and folder)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(descriptor)

    monkeypatch.setattr(_records.os, "fsync", full_once)
    status, out = run(["play", WINNABLE_GOLF, "--save", str(path)], typed("d", "d"))
    assert f"✗ cannot save to {path}: No space left on device" in out
    assert leftovers(tmp_path) == []
    assert status == 0  # the last save (after the second d) went through
    assert f"Saved to {path}." in out
    assert read_record(path.read_text("utf-8"))[1] == ("d", "d")


def test_a_failed_rename_leaves_the_old_record_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save that fails at the rename keeps the previous file intact (atomic)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": ["d"]}), "utf-8")
    before = path.read_bytes()

    def no_rename(_self: Path, _target: object) -> Path:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(Path, "replace", no_rename)
    with pytest.raises(OSError, match="Input/output error"):
        _records.save(path, "new\n")
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []


def test_a_save_syncs_the_file_and_then_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Durable: the data is flushed before the rename, the folder after it."""
    path = tmp_path / "game.json"
    synced: list[tuple[bool, bool]] = []
    real_fsync = os.fsync

    def watched(descriptor: int) -> None:
        synced.append((stat.S_ISDIR(os.fstat(descriptor).st_mode), path.exists()))
        real_fsync(descriptor)

    monkeypatch.setattr(_records.os, "fsync", watched)
    _records.save(path, "record\n")
    assert synced == [(False, False), (True, True)]
    assert path.read_text("utf-8") == "record\n"


def test_a_save_through_a_symlink_updates_its_target(tmp_path: Path) -> None:
    """``--save LINK`` writes the file the link names; the link stays a link."""
    target = tmp_path / "real.json"
    target.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": []}), "utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    status, _out = run(["play", "--save", str(link)], typed("d"))
    assert status == 0
    assert link.is_symlink()
    assert read_record(target.read_text("utf-8"))[1] == ("d",)
    assert leftovers(tmp_path) == []


def test_a_save_keeps_the_files_permissions(tmp_path: Path) -> None:
    """A mode-600 save file stays 600; a new file gets the umask's usual mode."""
    path = tmp_path / "private.json"
    path.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": []}), "utf-8")
    path.chmod(0o600)
    assert run(["play", "--save", str(path)], typed("d"))[0] == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    fresh = tmp_path / "fresh.json"
    umask = os.umask(0o022)
    os.umask(umask)
    assert run(["play", WINNABLE_GOLF, "--save", str(fresh)], typed("d"))[0] == 0
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "A" * 10_000],
        ["play", "--variant", "A" * 10_000],
        ["play", "--game", "A" * 10_000],
        ["play", "GO1-E-" + "A" * 10_000],
    ],
    ids=["code", "variant", "game", "long-code"],
)
def test_a_huge_argument_is_quoted_short(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A command-line argument of 10,000 characters is refused quoting 40 of them."""
    assert run(argv)[0] == 2
    err = capsys.readouterr().err
    assert "(10000 characters)" in err or "(10006 characters)" in err
    assert len(err.splitlines()[-1]) < 200
