"""The ``daily`` and ``solve`` commands: the daily deal played, a solution shown step by step."""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from patience_rules import Game, new_game, solver
from patience_rules.cli import _solutions, main
from patience_rules.cli._console import Console
from patience_rules.effects import move_effects
from test_cli import lines, printed_record, run, shown

SOLVED = "GO1-E-AAAAAAB"
"""An Easy Golf deal the solver wins at once."""


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        """Yes, a terminal."""
        return True


def run_with_error(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run the command; return its status, its output and its standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(argv, io.StringIO(stdin), out)
    return status, out.getvalue(), err.getvalue()


def solution_steps(code: str) -> tuple[solver.Step[Any, Any], ...]:
    """The steps of the solution the solver finds for *code*."""
    game = new_game(code)
    return solver.playback(game, solver.solve(game, max_seconds=30))


def test_solve_prints_every_step_with_its_effects_and_table() -> None:
    """Off a terminal, solve prints each move, its effects and the table after it, at once."""
    status, output = run(["solve", SOLVED, "--no-color"])
    assert status == 0
    steps = solution_steps(SOLVED)
    console = Console(io.StringIO(), "en", colour=False)
    assert f"{SOLVED}: a winning line of {len(steps)} moves." in output
    position = output.index(shown(new_game(SOLVED)))
    for step in steps:
        effects = "".join(
            f"  {_solutions.effect_text(console, effect)}\n"
            for effect in step.effects
            if _solutions.effect_text(console, effect)
        )
        block = f"Move {step.number} of {len(steps)}: {step.move}\n{effects}{shown(step.game)}"
        position = output.index(block, position)
    assert output.rstrip().endswith(f"You won! Final score: {steps[-1].game.score}.")
    assert "Enter for the next move" not in output


def test_the_effect_lines_name_the_cards_and_piles_of_each_effect() -> None:
    """Each kind of effect a move has is shown: cards moved, drawn, dealt, turned up, score."""
    console = Console(io.StringIO(), "en", colour=False)
    scorpion = new_game("SC1-C-AAAAAAB").state
    assert [_solutions.effect_text(console, e) for e in move_effects(scorpion, "r")] == [
        "9♣ Q♥ K♣: r -> 1 2 3",
    ]
    golf = new_game(SOLVED).state
    assert [_solutions.effect_text(console, e) for e in move_effects(golf, "d")] == [
        "10♠: s -> w",
    ]
    turned = next(
        effect
        for step in solution_steps("SC1-C-EZRAYQR")
        for effect in step.effects
        if type(effect).__name__ == "CardTurnedUp"
    )
    assert _solutions.effect_text(console, turned).endswith(f" turned face up on {turned.pile}")
    removed = next(
        effect
        for step in solution_steps("SC1-C-EZRAYQR")
        for effect in step.effects
        if type(effect).__name__ == "RunRemoved"
    )
    suit = removed.suit.symbol
    assert _solutions.effect_text(console, removed) == f"K{suit}…A{suit}: {removed.source} -> x"


def test_solve_waits_for_enter_between_steps_on_a_terminal() -> None:
    """On a terminal, solve asks for Enter before each move, and q stops it."""
    out = Terminal()
    assert main(["solve", SOLVED, "--no-color"], Terminal("\n\nq\n"), out) == 0
    output = out.getvalue()
    assert output.count("Enter for the next move, q to stop: ") == 3
    assert "Move 2 of" in output
    assert "Move 3 of" not in output
    assert "You won!" not in output


def test_solve_on_a_terminal_stops_at_the_end_of_input() -> None:
    """A terminal's input that ends stops the playback."""
    out = Terminal()
    assert main(["solve", SOLVED, "--no-color"], Terminal("\n"), out) == 0
    assert "Move 1 of" in out.getvalue()
    assert "Move 2 of" not in out.getvalue()


def test_solve_save_writes_a_record_that_replay_replays(tmp_path: Path) -> None:
    """--save writes the solution's record; replay plays it to the won game."""
    saved = tmp_path / "solution.json"
    status, output = run(["solve", SOLVED, "--save", str(saved)])
    assert status == 0
    assert f"Saved to {saved}." in output
    record = json.loads(saved.read_text("utf-8"))
    steps = solution_steps(SOLVED)
    assert record == {
        "format": 1,
        "code": SOLVED,
        "moves": [str(step.move) for step in steps],
        "lang": "en",
    }
    assert Game.from_record(record) == steps[-1].game
    status, replayed = run(["replay", str(saved)])
    assert status == 0
    assert f"after {len(steps)} moves (won)." in replayed


def test_solve_save_to_standard_output_prints_the_record() -> None:
    """--save - prints the record, as play --save - does."""
    status, output = run(["solve", SOLVED, "--save", "-"])
    assert status == 0
    record = json.loads(output.splitlines()[0])
    assert record["code"] == SOLVED


def test_solve_will_not_save_over_a_fifo(tmp_path: Path) -> None:
    """A FIFO is refused (the save code's rule) before anything is printed; it is left alone."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    status, output, error = run_with_error(["solve", SOLVED, "--save", str(fifo)])
    assert status == 1
    assert "it is a FIFO (a named pipe), not a regular file" in error
    assert str(fifo) in error
    assert "Move 1" not in output


def test_solve_says_when_a_deal_cannot_be_won() -> None:
    """A deal proved lost: solve says so, saves nothing and exits with 0."""
    status, output = run(["solve", "GO1-C-AAAAAAA"])
    assert status == 0
    assert output == "GO1-C-AAAAAAA cannot be won: no line of play wins it (proved).\n"


def test_solve_out_of_time_exits_with_1_and_says_so() -> None:
    """A deal not decided within --max-seconds: the message names the code and the seconds."""
    status, output, error = run_with_error(["solve", "FT1-N-AAAAAAB", "--max-seconds", "1e-9"])
    assert status == 1
    assert output == ""
    assert "could not decide FT1-N-AAAAAAB within 1e-09 seconds" in error


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "GO1-E-AAAA"], "GO1-E-AAAA"),
        (["solve", SOLVED, "--max-seconds", "0"], "'0' is not a number of seconds above 0"),
        (["daily", "--date", "2026-13-01"], "'2026-13-01' is not a date such as 2026-12-02"),
        (["daily", "--date", "20261202"], "'20261202' is not a date such as 2026-12-02"),
        (["daily", "chess"], "chess"),
    ],
)
def test_bad_command_lines_exit_with_2(argv: list[str], message: str) -> None:
    """A bad code, number of seconds, date or game is a usage error that names it."""
    status, _, error = run_with_error(argv)
    assert status == 2
    assert message in error


def test_daily_plays_the_daily_deal_of_the_date() -> None:
    """The daily command with --date says which deal it is and plays it; its line wins it."""
    code, line = solver.daily_deal("scorpion", dt.date(2026, 12, 2))
    status, output = run(
        ["daily", "scorpion", "--date", "2026-12-02"], lines(*map(str, line))
    )
    assert status == 0
    assert output.startswith(
        f"The daily deal of 2026-12-02 (a UTC date): {code}, proved winnable.\n"
    )
    assert "You won!" in output
    assert printed_record(output) == {"code": str(code), "moves": [str(m) for m in line]}


def test_daily_without_a_date_plays_todays_golf_deal_in_utc() -> None:
    """With no game and no date: Golf, today's date in UTC."""
    days = {dt.datetime.now(dt.timezone.utc).date()}
    status, output = run(["daily"], "q\n")
    days.add(dt.datetime.now(dt.timezone.utc).date())  # midnight may pass during the run
    assert status == 0
    assert any(
        output.startswith(f"The daily deal of {day} (a UTC date): ")
        and str(solver.daily_deal("golf", day)[0]) in output.splitlines()[0]
        for day in days
    )
    assert _solutions.today() in days | {dt.datetime.now(dt.timezone.utc).date()}


def test_daily_save_resumes_the_daily_game(tmp_path: Path) -> None:
    """The daily command with --save keeps the record as play does, and goes on with it."""
    saved = tmp_path / "daily.json"
    argv = ["daily", "--date", "2026-12-02", "--save", str(saved)]
    code, line = solver.daily_deal("golf", dt.date(2026, 12, 2))
    assert run(argv, lines(str(line[0])))[0] == 0
    status, output = run(argv, lines(str(line[1])))
    assert status == 0
    assert f"Going on with the game saved in {saved} (1 move)." in output
    record = json.loads(saved.read_text("utf-8"))
    assert record["code"] == str(code)
    assert record["moves"] == [str(line[0]), str(line[1])]


def test_ctrl_c_during_the_playback_stops_with_status_130() -> None:
    """Ctrl-C at the pause ends solve quietly, with the conventional status."""

    class Interrupted(Terminal):
        def readline(self, _size: int | None = -1) -> str:
            """Ctrl-C."""
            raise KeyboardInterrupt

    out = Terminal()
    assert main(["solve", SOLVED, "--no-color"], Interrupted(), out) == 130
    assert "Move 1 of" not in out.getvalue()
