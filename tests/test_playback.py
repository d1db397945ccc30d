"""Solution playback: a winning line, step by step, with each move's effects and the game after."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_rules import Game, PatienceError, golf, new_game, solver
from patience_rules.effects import StatusChanged, move_effects
from patience_rules.solver import Outcome, Solution, SolverError


def check_steps(start: Game[Any, Any], line: tuple[Any, ...]) -> None:
    """The playback of *line* from *start* agrees with playing the moves one by one."""
    steps = solver.playback(start, line)
    assert [step.number for step in steps] == list(range(1, len(line) + 1))
    game = start
    for step, move in zip(steps, line, strict=True):
        assert step.move == game.rules.to_move(game.state, move)
        assert step.effects == move_effects(game.state, move)
        game = game.play(move)
        assert step.game == game
        assert step.game.record == game.record
    if steps:
        assert steps[-1].game.status == "won"
        assert steps[-1].effects[-1] == StatusChanged("playing", "won")


@pytest.mark.parametrize("game", ["golf", "forty_thieves", "scorpion"])
def test_the_daily_certificates_play_back_move_by_move(game: str) -> None:
    """Each game's daily line plays back with the effects of move_effects and the games of play."""
    code, line = solver.daily_deal(game, dt.date(2026, 12, 2))
    check_steps(new_game(code), line)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_a_solutions_playback_ends_in_its_won_game(seed: int) -> None:
    """A solved Golf deal: the solution plays back to a won game whose record replays."""
    code, _ = solver.winnable_deal("golf", "easy", random.Random(seed), max_seconds=None)
    game = new_game(code)
    solution = solver.solve(game, method="python")
    assert solution.outcome is Outcome.WIN
    check_steps(game, solution.line)
    last = solver.playback(game, solution)[-1].game
    record = last.to_record()
    assert record["code"] == str(code)
    assert record["moves"] == [str(move) for move in solution.line]
    assert Game.from_record(record) == last


def test_playback_from_a_game_in_progress_extends_its_record() -> None:
    """Solving a game in progress (an analysis): the steps' records go on from the game's own."""
    start = new_game("GO1-E-AAAAAAB").play("7").play("d")
    solution = solver.solve(start)
    assert solution.outcome is Outcome.WIN
    steps = solver.playback(start, solution)
    assert steps[0].game.record[:2] == ("7", "d")
    assert steps[-1].game.record == ("7", "d", *map(str, solution.line))
    assert Game.from_record(steps[-1].game.to_record()).status == "won"


def test_playback_takes_notations() -> None:
    """A line of notations (as the shipped tables hold them) plays back as its moves do."""
    code, line = solver.daily_deal("scorpion", dt.date(2026, 12, 2))
    by_move = solver.playback(new_game(code), line)
    by_notation = solver.playback(new_game(code), [str(move) for move in line])
    assert by_notation == by_move


def test_a_won_game_plays_back_no_step() -> None:
    """The solution of a won game has an empty line, and so no step."""
    code, line = solver.daily_deal("golf", dt.date(2026, 12, 2))
    won = solver.playback(new_game(code), line)[-1].game
    assert solver.playback(won, solver.solve(won)) == ()


def test_a_move_that_cannot_be_played_names_its_step() -> None:
    """A line that goes wrong at step 3 raises a SolverError naming step 3, its move and why."""
    game = new_game("GO1-E-AAAAAAB")
    wrong = r"step 3 of the line, '3D', cannot be played: .*blocked"
    with pytest.raises(SolverError, match=wrong) as caught:
        solver.playback(game, ["7", "1", "3D"])
    assert isinstance(caught.value.__cause__, PatienceError)
    with pytest.raises(SolverError, match=r"step 1 of the line, 'zz', cannot be played"):
        solver.playback(game, ["zz"])
    assert game == new_game("GO1-E-AAAAAAB")


@pytest.mark.parametrize(
    ("position", "line", "message"),
    [
        (golf.deal(1), ["7"], "playback plays a line from a Game, not State"),
        ("GO1-E-AAAAAAB", ["7"], "playback plays a line from a Game, not 'GO1-E-AAAAAAB'"),
        (new_game("GO1-E-AAAAAAB"), "7 1", "line must be a Solution or an iterable"),
        (new_game("GO1-E-AAAAAAB"), 7, "line must be a Solution or an iterable"),
        (new_game("GO1-E-AAAAAAB"), Solution(Outcome.NO_WIN), "outcome is no_win"),
        (new_game("GO1-E-AAAAAAB"), Solution(Outcome.UNKNOWN), "outcome is unknown"),
    ],
)
def test_playback_refuses_junk(position: Any, line: Any, message: str) -> None:
    """Junk positions and lines raise a SolverError naming the argument."""
    with pytest.raises(SolverError, match=message):
        solver.playback(position, line)
