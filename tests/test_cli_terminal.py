"""The client in a real pseudo-terminal (pexpect): colour, prompts and the progress bar."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pexpect
import pytest

from patience_rules.cli._progress import LOG_EVERY, Progress
from test_cli import WINNABLE_GOLF


def spawn(*argv: str, **env: str) -> pexpect.spawn[str]:
    """``python -m patience_rules`` in a pseudo-terminal of 80 columns, with *env* added."""
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    environment |= {"TERM": "xterm", "PYTHONIOENCODING": "utf-8", **env}
    return pexpect.spawn(
        sys.executable,
        ["-m", "patience_rules", *argv],
        env=environment,
        encoding="utf-8",
        timeout=30,
        dimensions=(24, 80),
    )


def test_a_terminal_gets_colour_and_playable_cards_stand_out() -> None:
    """In a terminal: a bold header, red hearts, the fitting card underlined; moves not echoed."""
    child = spawn("play", WINNABLE_GOLF)
    child.expect_exact("\x1b[1mGO1-E-AAAAAAF · Golf (easy) · move 0 · score 0\x1b[0m")
    child.expect_exact("waste: \x1b[31m10♥\x1b[0m")
    child.expect_exact("> ")
    child.sendline("d")
    child.expect_exact("move 1 · score 0")
    child.expect_exact("\x1b[1;4;31mK♥\x1b[0m")  # K♥ fits the Q♥ drawn
    child.expect_exact("> ")
    child.sendline("q")
    child.expect_exact("Final score: 0 after 1 move.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_no_color_is_honoured_in_a_terminal() -> None:
    """``NO_COLOR`` set: a terminal gets no escape codes at all."""
    child = spawn("deal", WINNABLE_GOLF, NO_COLOR="1")
    output = child.read()
    child.close()
    assert "GO1-E-AAAAAAF · Golf (easy)" in output
    assert "\x1b[" not in output


def test_the_progress_bar_redraws_in_place_on_a_terminal() -> None:
    """On a terminal the bar is redrawn with carriage returns and ends with a newline."""
    script = (
        "import sys; from patience_rules.cli._progress import Progress\n"
        "p = Progress(4, sys.stderr)\n"
        "for done in range(1, 5): p.update(done)\n"
    )
    child = pexpect.spawn(sys.executable, ["-c", script], encoding="utf-8", timeout=30)
    output = child.read()
    child.close()
    assert output.count("\r[") == 4
    assert "[" + "#" * 30 + "] 4/4 deals" in output
    assert output.endswith("\r\n")  # the terminal's newline


def test_the_progress_is_a_line_every_few_seconds_in_a_log() -> None:
    """Not a terminal: no carriage return, a line only every LOG_EVERY seconds and at the end."""
    now = [0.0]
    log = io.StringIO()
    progress = Progress(200, log, clock=lambda: now[0])
    for done in range(1, 201):
        now[0] = done * 0.1  # 20 s in all
        progress.update(done)
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue()
    assert len(lines) == 20 / LOG_EVERY  # at 5, 10, 15 and 20 s: the last is the end
    assert lines[-1] == "200/200 deals, 20.0 s"


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_the_prompt_reads_a_typed_line_in_either_language(lang: str) -> None:
    """At a terminal, line editing reads moves; a refusal prints in red; the quit is clean."""
    child = spawn("play", WINNABLE_GOLF, "--lang", lang)
    child.expect_exact("> ")
    child.sendline("9C")
    child.expect_exact("\x1b[31m✗ ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


STATS = ["stats", "golf", "--deals", "3", "--seed", "1", "--workers", "1", "--max-seconds", "2"]


def test_stats_draws_its_bar_on_a_terminal() -> None:
    """``stats`` in a terminal redraws one bar in place and prints the report."""
    child = spawn(*STATS)
    output = child.read()
    child.close()
    assert child.exitstatus == 0
    assert output.count("\r[") == 3
    assert "3/3 deals" in output
    assert "golf easy: 3 deals (seed 1)" in output


def test_stats_keeps_a_log_clean() -> None:
    """``stats`` with standard error to a file writes plain lines, no carriage return."""
    done = subprocess.run(  # noqa: S603 - this interpreter, fixed arguments
        [sys.executable, "-m", "patience_rules", *STATS],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "\r" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith("3/3 deals, ")
    assert "golf easy: 3 deals (seed 1)" in done.stdout


def test_stats_help_is_plain_words() -> None:
    """``stats --help`` shows no Sphinx markup."""
    done = subprocess.run(
        [sys.executable, "-m", "patience_rules", "stats", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert "solver wins" in done.stdout
    assert not any(mark in done.stdout for mark in ("``", ":func:", ":mod:", ":class:"))
