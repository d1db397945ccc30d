"""A deal's difficulty: the rule, the evidence behind it, deals of a difficulty, the arguments."""

from __future__ import annotations

import json
import math
import os
import pickle
import random
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_rules import GameCode, forty_thieves, golf, new_game, parse_code, scorpion, solver
from patience_rules.codes import GAMES, variant_of
from patience_rules.solver import (
    DIFFICULTY_LEVELS,
    Difficulty,
    Outcome,
    SolverError,
    _difficulty,
    _winnable,
)

RULES: dict[str, Any] = {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}

KINDS = [(game, variant.value) for game in GAMES for variant in type(variant_of(game))]
"""Every game and variant: each has its own thresholds."""


def level(kind: tuple[str, str], effort: int, first_moves: int = 2, winning: int = 2) -> int:
    """The level of a won deal of *kind* with this evidence."""
    return _difficulty.level(
        kind, won=True, effort=effort, first_moves=first_moves, winning=winning
    )


# -- the rule ----------------------------------------------------------------------------------


def test_every_game_and_variant_has_thresholds_and_budgets() -> None:
    """Each variant has four rising effort thresholds; each game its state budgets."""
    assert sorted(_difficulty.EFFORT_THRESHOLDS) == sorted(KINDS)
    for thresholds in _difficulty.EFFORT_THRESHOLDS.values():
        assert len(thresholds) == 4
        assert list(thresholds) == sorted(set(thresholds))
    assert set(_difficulty.RATING_STATES) == set(_difficulty.PROBE_STATES) == set(GAMES)


@pytest.mark.parametrize("kind", KINDS)
def test_each_effort_threshold_passed_adds_a_level(kind: tuple[str, str]) -> None:
    """An effort at a threshold keeps the level; one state more raises it by one."""
    thresholds = _difficulty.EFFORT_THRESHOLDS[kind]
    assert level(kind, 0) == 1
    for passed, threshold in enumerate(thresholds):
        assert level(kind, threshold) == 1 + passed
        assert level(kind, threshold + 1) == 2 + passed


@pytest.mark.parametrize(
    ("first_moves", "winning", "narrow"),
    [(3, 1, True), (4, 2, True), (2, 1, True), (3, 2, False), (5, 3, False), (1, 1, False)],
)
def test_at_most_half_the_first_moves_winning_adds_a_level(
    first_moves: int, winning: int, narrow: bool
) -> None:
    """A narrow start (at most half the first moves still win) adds one level; more do not."""
    kind = ("golf", "classic")
    assert level(kind, 0, first_moves, winning) == 1 + narrow


def test_the_hardest_effort_with_a_narrow_start_is_still_level_5() -> None:
    """Past every threshold and narrow, the level stays at the top of the scale."""
    for kind in KINDS:
        assert level(kind, 10**9, first_moves=3, winning=1) == 5
        assert level(kind, 10**9) == 5


def test_a_deal_not_won_is_level_0_whatever_the_rest() -> None:
    """Without a win found, the level is 0, however little or much was explored."""
    assert level(("golf", "easy"), 0, first_moves=0, winning=0) == 1  # won: nothing to choose
    for effort in (0, 1, 10**9):
        evidence = {"effort": effort, "first_moves": 3, "winning": 0}
        assert _difficulty.level(("golf", "easy"), won=False, **evidence) == 0


@pytest.mark.parametrize("kind", KINDS)
def test_a_narrow_start_counts_only_within_the_probe_budget(kind: tuple[str, str]) -> None:
    """Past the states each first move gets, a narrow start no longer adds a level."""
    probe = _difficulty.PROBE_STATES[kind[0]]
    assert probe in _difficulty.EFFORT_THRESHOLDS[kind] or probe >= max(
        _difficulty.EFFORT_THRESHOLDS[kind]
    )
    assert level(kind, probe, 3, 1) == min(5, level(kind, probe, 3, 3) + 1)
    assert level(kind, probe + 1, 3, 1) == level(kind, probe + 1, 3, 3)


@given(
    kind=st.sampled_from(KINDS),
    effort=st.integers(0, 10**7),
    more=st.integers(0, 10**7),
    first_moves=st.integers(1, 40),
    data=st.data(),
)
def test_the_level_is_monotone_and_within_the_scale(
    kind: tuple[str, str], effort: int, more: int, first_moves: int, data: st.DataObject
) -> None:
    """More effort never lowers the level, more winning first moves never raise it; 1 to 5."""
    winning = data.draw(st.integers(1, first_moves))
    fewer = data.draw(st.integers(1, winning))
    base = level(kind, effort, first_moves, winning)
    assert base in DIFFICULTY_LEVELS[1:]
    assert level(kind, effort + more, first_moves, winning) >= base
    assert level(kind, effort, first_moves, fewer) >= base


# -- ratings of deals of known outcome ---------------------------------------------------------


def test_a_deal_proved_lost_is_level_0() -> None:
    """GO1-C-AAAAAAA is proved lost: level 0, NO_WIN, no first move counted as winning."""
    rating = solver.difficulty("GO1-C-AAAAAAA")
    assert rating.level == 0
    assert rating.outcome is Outcome.NO_WIN
    assert rating.winning_first_moves == 0
    assert rating.max_states == _difficulty.RATING_STATES["golf"]


def test_a_deal_not_won_within_the_budget_is_level_0_and_unknown() -> None:
    """A winnable deal given too few states is level 0 with outcome UNKNOWN, not lost."""
    assert solver.solve_code("GO1-C-JXPG3JR").outcome is Outcome.WIN
    rating = solver.difficulty("GO1-C-JXPG3JR", max_states=100)
    assert (rating.level, rating.outcome, rating.max_states) == (0, Outcome.UNKNOWN, 100)


def test_a_deal_won_at_once_from_every_first_move_is_level_1() -> None:
    """GO1-E-AAAAAAB is won straight away, and every first move still wins: level 1."""
    rating = solver.difficulty("GO1-E-AAAAAAB")
    assert rating == Difficulty(1, Outcome.WIN, 53, 4, 4, _difficulty.RATING_STATES["golf"])


def test_a_narrow_start_rates_an_easy_win_a_level_higher() -> None:
    """GO1-C-HGW7TAG is won in a few hundred states, but only one of its three first moves wins."""
    rating = solver.difficulty("GO1-C-HGW7TAG")
    assert (rating.first_moves, rating.winning_first_moves) == (3, 1)
    assert rating.states < 300
    assert rating.level == level(("golf", "classic"), rating.states, 3, 3) + 1 <= 3


def test_a_win_that_takes_effort_is_rated_higher() -> None:
    """GO1-C-JXPG3JR needs the sweep (over 10,000 states) though every first move wins."""
    rating = solver.difficulty("GO1-C-JXPG3JR")
    assert rating.outcome is Outcome.WIN
    assert rating.winning_first_moves == rating.first_moves == 3
    assert rating.states > 10_000
    assert rating.level == level(("golf", "classic"), rating.states) >= 3


@pytest.mark.parametrize(
    "code", ["GO1-E-AAAAAAB", "GO1-C-HGW7TAG", "SC1-C-H4AHJE5", "SC1-F-75KPNAJ", "FT1-N-S4Y5IJI"]
)
def test_the_evidence_is_what_the_solver_finds(code: str) -> None:
    """The first moves are the legal ones; the winning ones are those the solver wins after."""
    parsed = parse_code(code)
    rules = RULES[parsed.game]
    state = new_game(code).state
    rating = solver.difficulty(code)
    solution = solver.solve(state, max_states=rating.max_states)
    assert (rating.outcome, rating.states) == (solution.outcome, solution.states)
    moves = rules.legal_moves(state)
    probe = _difficulty.PROBE_STATES[parsed.game]
    winning = [
        move
        for move in moves
        if move == solution.line[0]
        or solver.solve(rules.apply(state, move), max_states=probe).outcome is Outcome.WIN
    ]
    assert rating.first_moves == len(moves)
    assert rating.winning_first_moves == len(winning) >= 1
    kind = (parsed.game, parsed.variant.value)
    assert rating.level == level(kind, rating.states, len(moves), len(winning))


def test_a_proved_lost_scorpion_deal_and_an_unknown_one_are_level_0() -> None:
    """Scorpion Classic: a deal lost at its first state, and one left unknown, are both 0."""
    lost = solver.difficulty("SC1-C-AAAAAAB")
    assert (lost.level, lost.outcome) == (0, Outcome.NO_WIN)
    unknown = solver.difficulty("SC1-C-IGVBMWP")
    assert (unknown.level, unknown.outcome) == (0, Outcome.UNKNOWN)
    assert unknown.states >= unknown.max_states


def test_the_rating_is_the_same_from_a_code_a_state_and_a_game() -> None:
    """A code, its GameCode, its deal's State and a new Game of it get one rating, every time."""
    code = "SC1-F-75KPNAJ"
    ratings = {
        solver.difficulty(code),
        solver.difficulty(parse_code(code)),
        solver.difficulty(new_game(code).state),
        solver.difficulty(new_game(code)),
    }
    assert len(ratings) == 1


def test_the_rating_is_the_same_in_another_process() -> None:
    """Another interpreter, with other string hashes, rates the deals exactly as this one."""
    codes = ["SC1-F-75KPNAJ", "SC1-C-H4AHJE5", "GO1-C-HGW7TAG"]
    script = f"from patience_rules import solver; print([solver.difficulty(c) for c in {codes}])"
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        argv = [sys.executable, "-c", script]
        ran = subprocess.run(argv, capture_output=True, text=True, check=True, env=env)  # noqa: S603 - this interpreter, fixed arguments
        assert ran.stdout.strip() == repr([solver.difficulty(code) for code in codes])


def test_a_game_in_progress_is_rated_from_its_position() -> None:
    """After a move, the rating is of the position reached: its first moves are the next ones."""
    game = new_game("GO1-E-AAAAAAB")
    game = game.play(solver.solve(game).line[0])
    rating = solver.difficulty(game)
    assert rating.outcome is Outcome.WIN
    assert rating.first_moves == len(golf.legal_moves(game.state))


def test_a_won_game_is_level_1_with_nothing_left_to_choose() -> None:
    """A game already won is level 1: a win at no effort, and no first move to weigh."""
    game = new_game("GO1-E-AAAAAAB")
    for move in solver.solve(game).line:
        game = game.play(move)
    assert solver.difficulty(game) == Difficulty(1, Outcome.WIN, 0, 0, 0, 500_000)


def test_a_rating_pickles_and_compares_by_value() -> None:
    """A Difficulty is a frozen value: it pickles, hashes and compares by its fields."""
    rating = solver.difficulty("GO1-C-HGW7TAG")
    assert pickle.loads(pickle.dumps(rating)) == rating  # noqa: S301 - our own data
    with pytest.raises(AttributeError):
        rating.level = 5  # type: ignore[misc] # frozen: the assignment is the test


# -- cut short, and bad arguments --------------------------------------------------------------


def test_a_rating_cut_short_by_the_clock_or_cancel_raises() -> None:
    """No rating from a partial search: max_seconds or cancel raise a SolverError that says so."""
    with pytest.raises(SolverError, match=r"no difficulty rating: max_seconds=0 ran out"):
        solver.difficulty("SC1-F-75KPNAJ", max_seconds=0)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SolverError, match="no difficulty rating: it was cancelled"):
        solver.difficulty("FT1-N-S4Y5IJI", cancel=cancel)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"position": 42}, "int is not a position the solver plays"),
        ({"position": "GO1-E-AAAAAA8"}, "GO1-E-AAAAAA8"),
        ({"max_states": -1}, "max_states must be an integer of at least 0, not -1"),
        ({"max_states": 1.5}, "max_states must be an integer"),
        ({"max_seconds": math.nan}, "max_seconds must be a finite, non-negative number"),
        ({"cancel": "yes"}, "cancel must be None or an event-like object"),
    ],
)
def test_difficulty_names_a_bad_argument(arguments: dict[str, Any], message: str) -> None:
    """Junk for any argument of difficulty raises a SolverError that names it."""
    call: dict[str, Any] = {"position": "GO1-E-AAAAAAB", **arguments}
    position = call.pop("position")
    with pytest.raises(SolverError, match=message) as caught:
        solver.difficulty(position, **call)
    assert pickle.loads(pickle.dumps(caught.value)).args == caught.value.args  # noqa: S301


# -- deals of a difficulty ---------------------------------------------------------------------


@pytest.mark.parametrize("wanted", [0, 1, 2, 3])
def test_deal_of_difficulty_gives_a_deal_of_that_level(wanted: int) -> None:
    """A Golf Classic deal of the level asked for is of that level; the same rng, the same deal."""
    def drawn() -> GameCode:  # no deadline: the same draws on a busy machine
        return solver.deal_of_difficulty(
            "golf", wanted, "classic", random.Random(wanted), max_seconds=None
        )

    code = drawn()
    assert (code.game, code.variant) == ("golf", golf.Variant.CLASSIC)
    assert solver.difficulty(code).level == wanted
    assert drawn() == code


def test_deal_of_difficulty_uses_the_default_variant() -> None:
    """Without a variant, the deal is of the game's default variant (Scorpion: Classic)."""
    code = solver.deal_of_difficulty("scorpion", 0, rng=random.Random(1), max_seconds=None)
    assert code.variant is scorpion.Variant.CLASSIC


def test_forty_thieves_deals_that_are_won_come_from_the_winnable_table() -> None:
    """Forty Thieves levels 1-5 are drawn from the shipped winnable table, level 0 at random."""
    rows = _winnable.table("forty_thieves", forty_thieves.Variant.STANDARD)
    table = {number for number, _ in rows}
    won = solver.deal_of_difficulty("forty_thieves", 3, rng=random.Random(1), max_seconds=None)
    assert won.number in table
    assert solver.difficulty(won).level == 3
    lost = solver.deal_of_difficulty("forty_thieves", 0, rng=random.Random(1), max_seconds=None)
    assert lost.number not in table
    assert solver.difficulty(lost).level == 0


def test_deal_of_difficulty_gives_up_at_its_deadline_or_cancel() -> None:
    """Out of time, or cancelled, it raises a SolverError naming the game, level and reason."""
    with pytest.raises(SolverError, match=r"no golf deal of difficulty 5 found: max_seconds=0 "):
        solver.deal_of_difficulty("golf", 5, max_seconds=0)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SolverError, match=r"difficulty 4 found: it was cancelled after 0 deals"):
        solver.deal_of_difficulty("forty_thieves", 4, cancel=cancel)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"game": "chess"}, "'chess' is not a game the solver plays"),
        ({"level": 6}, "level must be one of 0, 1, 2, 3, 4, 5, not 6"),
        ({"level": -1}, "level must be one of 0, 1, 2, 3, 4, 5, not -1"),
        ({"level": True}, "level must be one of .*, not True"),
        ({"level": "1"}, "level must be one of .*, not '1'"),
        ({"level": 1.0}, "level must be one of .*, not 1.0"),
        ({"variant": "flexible"}, "flexible"),
        ({"rng": 7}, "rng must be a random.Random"),
        ({"max_seconds": -1}, "max_seconds must be a finite, non-negative number"),
        ({"cancel": 3}, "cancel must be None or an event-like object"),
    ],
)
def test_deal_of_difficulty_names_a_bad_argument(arguments: dict[str, Any], message: str) -> None:
    """Junk for any argument of deal_of_difficulty raises a SolverError that names it."""
    call: dict[str, Any] = {"game": "golf", "level": 1, **arguments}
    with pytest.raises(SolverError, match=message):
        solver.deal_of_difficulty(call.pop("game"), call.pop("level"), **call)


# -- the calibration benchmark -----------------------------------------------------------------


def test_the_calibration_benchmark_rates_resumes_and_reports(tmp_path: Path) -> None:
    """benchmarks/difficulty.py appends one row per deal, skips rated ones when run again."""
    script = Path(__file__).parents[1] / "benchmarks" / "difficulty.py"
    results = tmp_path / "difficulty.jsonl"
    argv = [sys.executable, str(script), "--deals", "2", "--variants", "golf-easy,golf-classic"]
    argv += ["--results", str(results)]
    first = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    assert first.stdout.startswith("0 rated already, 4 to go\n")
    rows = [json.loads(line) for line in results.read_text("utf-8").splitlines()]
    assert [row["code"][:5] for row in rows] == ["GO1-E", "GO1-C"] * 2
    for row in rows:
        assert row["level"] == solver.difficulty(row["code"]).level
    again = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    assert again.stdout.startswith("4 rated already, 0 to go\n")
    assert len(results.read_text("utf-8").splitlines()) == 4
    assert re.search(r"^\| golf easy \| 2 \| ", again.stdout, re.MULTILINE)
    assert re.search(r"^\| golf classic \| 2 \| ", again.stdout, re.MULTILINE)
