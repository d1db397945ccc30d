"""The Golf solver: exact answers, replayable lines, agreement between engines."""

from __future__ import annotations

import argparse
import io
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import attrs
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from patience_rules import DEALS, GameCode, cli, golf, new_game, solver
from patience_rules._stats_command import nearest_rank, register, wilson_interval
from patience_rules.solver import Outcome, SolverError, _golf
from patience_rules.solver._base import Budget
from patience_rules.solver._golf_search import search_python
from patience_rules.solver._golf_sweep import BEAM_WIDTH, matches_numpy, search_numpy
from patience_rules.solver._golf_tables import Tables, can_match

VARIANTS = list(golf.Variant)


def exhaustive(state: golf.State) -> bool:
    """Whether *state* can be won: a plain memoised search over golf.State objects."""

    @cache
    def winnable(position: golf.State) -> bool:
        if golf.is_won(position):
            return True
        return any(winnable(golf.apply(position, move)) for move in golf.legal_moves(position))

    return winnable(state)


def replays_to_win(state: golf.State, line: tuple[golf.Move, ...]) -> bool:
    """Whether *line* is legal from *state* and ends with the board cleared."""
    for move in line:
        state = golf.apply(state, move)
    return golf.is_won(state)


def shrink(state: golf.State, heights: list[int], stock: int) -> golf.State:
    """*state* with each column cut to *heights* and the stock to *stock* cards.

    The cut cards go under the waste card, so no card is lost.
    """
    columns = tuple(column[:height] for column, height in zip(state.columns, heights, strict=True))
    cut = [
        card
        for column, height in zip(state.columns, heights, strict=True)
        for card in column[height:]
    ]
    waste = (*cut, *state.stock[stock:], *state.waste)
    return attrs.evolve(state, columns=columns, stock=state.stock[:stock], waste=waste)


@st.composite
def small_positions(draw: st.DrawFn) -> golf.State:
    """Positions cut from random deals, small enough for the exhaustive search."""
    variant = draw(st.sampled_from(VARIANTS))
    state = golf.deal(draw(st.integers(0, DEALS - 1)), variant)
    heights = draw(st.lists(st.integers(0, 3), min_size=7, max_size=7))
    while sum(heights) > 12:
        heights[heights.index(max(heights))] -= 1
    return shrink(state, heights, draw(st.integers(0, 6)))


@settings(max_examples=250)
@given(small_positions())
def test_outcome_agrees_with_exhaustive_search(state: golf.State) -> None:
    """On small positions both engines say WIN exactly when a plain search wins, with lines."""
    expected = exhaustive(state)
    for method in ("python", "numpy"):
        solution = solver.solve(state, method=method)
        assert solution.outcome is (Outcome.WIN if expected else Outcome.NO_WIN)
        if expected:
            assert replays_to_win(state, solution.line)
        else:
            assert solution.line == ()


@settings(max_examples=150)
@given(small_positions(), st.integers(1, 4))
def test_a_narrow_beam_still_gives_exact_answers(state: golf.State, width: int) -> None:
    """A sweep whose beam must cut resumes exactly: its answers are the plain search's."""
    line = search_numpy(Tables.of(state), Budget.start(None, None), width)
    assert (line is not None) == exhaustive(state)
    if line is not None:
        moves = [golf.Draw() if column == 0 else golf.PlayColumn(column) for column in line]
        assert replays_to_win(state, tuple(moves))


@settings(max_examples=60)
@given(st.sampled_from(VARIANTS), st.integers(0, DEALS - 1), st.randoms(use_true_random=False))
def test_mid_game_positions_agree_with_exhaustive_search(
    variant: golf.Variant, number: int, rng: random.Random
) -> None:
    """From positions reached by random play late in a deal, the solver matches a plain search."""
    state = golf.deal(number, variant)
    while golf.has_legal_moves(state) and (
        sum(map(len, state.columns)) > 13 or len(state.stock) > 7
    ):
        state = golf.apply(state, rng.choice(golf.legal_moves(state)))
    solution = solver.solve(state, method="python")
    assert (solution.outcome is Outcome.WIN) == exhaustive(state)
    assert solver.solve(state, method="numpy").outcome is solution.outcome


def max_matching(needs: list[int], offers: list[int], *, easy: bool) -> int:
    """How many needs (by rank 1-13) get a partner one rank away in offers: plain max flow."""

    def linked(a: int, b: int) -> bool:
        return abs(a - b) == 1 or (easy and abs(a - b) == 12)

    left = dict(enumerate(needs, 1))
    room = dict(enumerate(offers, 1))
    flow = {(a, b): 0 for a in left for b in room if linked(a, b)}
    total = 0
    while True:  # augment one unit along a shortest path: need a -> offer b -> need a' ...
        came: dict[tuple[str, int], tuple[str, int] | None] = {
            ("need", a): None for a in left if left[a]
        }
        queue = list(came)
        end = None
        while queue and end is None:
            side, rank = queue.pop(0)
            if side == "need":
                steps = [("offer", b) for b in room if (rank, b) in flow]
            else:
                steps = [("need", a) for a in left if flow.get((a, rank), 0) > 0]
            for step in steps:
                if step not in came:
                    came[step] = (side, rank)
                    queue.append(step)
                    if step[0] == "offer" and room[step[1]]:
                        end = step
                        break
        if end is None:
            return total
        room[end[1]] -= 1
        node: tuple[str, int] = end
        while (previous := came[node]) is not None:
            pair = (previous[1], node[1]) if node[0] == "offer" else (node[1], previous[1])
            flow[pair] += 1 if node[0] == "offer" else -1
            node = previous
        left[node[1]] -= 1
        total += 1


@settings(max_examples=400)
@given(
    st.lists(st.sampled_from([0, 0, 1, 2, 4]), min_size=13, max_size=13),
    st.lists(st.sampled_from([0, 0, 1, 2, 5]), min_size=13, max_size=13),
    st.booleans(),
)
@example([1, *[0] * 10, 1, 0], [0] * 12 + [1], True)  # one King for an Ace and a Queen
def test_rank_matching_agrees_with_max_flow(
    needs: list[int], offers: list[int], easy: bool
) -> None:
    """The chain/cycle matching behind the proofs (both engines') answers as a plain max flow."""
    demand = sum(n << 4 * r for r, n in enumerate(needs, 1))
    supply = sum(o << 4 * r for r, o in enumerate(offers, 1))
    expected = max_matching(needs, offers, easy=easy) == sum(needs)
    assert can_match(demand, supply, easy=easy) is expected
    numpy = matches_numpy(np.array([demand, 0]), np.array([supply, 0]), easy=easy)
    assert numpy.tolist() == [expected, True]


def test_drawing_past_cards_that_fit_nothing() -> None:
    """Wins that must draw past a card fitting nothing are found: the sweep skips such states."""
    passed = 0
    for number in range(60):
        state = shrink(golf.deal(number, golf.Variant.CLASSIC), [2, 0, 0, 0, 0, 0, 0], 4)
        solution = solver.solve(state, method="numpy")
        assert (solution.outcome is Outcome.WIN) == exhaustive(state)
        if solution.outcome is Outcome.WIN:
            assert replays_to_win(state, solution.line)
            position = state
            for move in solution.line:
                position = golf.apply(position, move)
                plays = [m for m in golf.legal_moves(position) if isinstance(m, golf.PlayColumn)]
                passed += isinstance(move, golf.Draw) and not plays
    assert passed > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_beam_widths_agree_on_deals(variant: golf.Variant) -> None:
    """On whole deals the sweep answers alike with no beam, a narrow one and the default."""
    for number in range(6):
        state = golf.deal(number, variant)
        tables = Tables.of(state)
        exact = search_numpy(tables, Budget.start(None, None), None)
        for width in (20, BEAM_WIDTH):
            line = search_numpy(tables, Budget.start(None, None), width)
            assert (line is None) == (exact is None), (number, width)
            if line is not None:
                moves = tuple(golf.Draw() if c == 0 else golf.PlayColumn(c) for c in line)
                assert replays_to_win(state, moves)


DEALS_PER_VARIANT = 12


@pytest.mark.parametrize("variant", VARIANTS)
def test_engines_agree_deal_by_deal(variant: golf.Variant) -> None:
    """The pure-Python and numpy engines classify the same deals the same way."""
    for number in range(DEALS_PER_VARIANT):
        state = golf.deal(number, variant)
        python = solver.solve(state, method="python", max_seconds=5)
        numpy = solver.solve(state, method="numpy")
        assert numpy.outcome is not Outcome.UNKNOWN
        if python.outcome is not Outcome.UNKNOWN:
            assert python.outcome is numpy.outcome, number


@pytest.mark.parametrize("variant", VARIANTS)
def test_win_lines_replay_through_game(variant: golf.Variant) -> None:
    """Every WIN line of the default solver plays through Game.play to a won game."""
    wins = 0
    for number in range(100, 140):
        code = GameCode("golf", variant, number)
        solution = solver.solve_code(code)
        assert solution.outcome is not Outcome.UNKNOWN
        if solution.outcome is Outcome.WIN:
            wins += 1
            game = new_game(code)
            for move in solution.line:
                game = game.play(move)
            assert game.status == "won"
    assert wins > 0


def test_known_outcomes() -> None:
    """Pinned deals keep their pinned outcomes, under both variants, for both engines."""
    pinned = {
        (golf.Variant.CLASSIC, 0): Outcome.NO_WIN,
        (golf.Variant.CLASSIC, 2): Outcome.WIN,
        (golf.Variant.EASY, 0): Outcome.WIN,
    }
    for (variant, number), outcome in pinned.items():
        for method in solver.METHODS:
            assert solver.solve(golf.deal(number, variant), method=method).outcome is outcome


def test_won_and_stuck_positions() -> None:
    """A won position is a WIN with an empty line; a stuck one is NO_WIN."""
    state = golf.deal(3)
    won = shrink(state, [0] * 7, 4)
    stuck = shrink(state, [1, 0, 0, 0, 0, 0, 0], 0)
    assert golf.is_won(won)
    for method in solver.METHODS:
        assert solver.solve(won, method=method) == solver.Solution(Outcome.WIN, (), 0)
        if golf.is_stuck(stuck):
            assert solver.solve(stuck, method=method).outcome is Outcome.NO_WIN


def test_solves_a_game_mid_play() -> None:
    """A Game is accepted, and the line starts from its current position."""
    game = new_game("GO1-E-AAAAAAB").play("d").play("d")
    solution = solver.solve(game)
    assert solution.outcome is Outcome.WIN
    assert replays_to_win(game.state, solution.line)


@pytest.mark.parametrize("method", solver.METHODS)
def test_budgets_give_unknown(method: str) -> None:
    """A search cut short by states or seconds answers UNKNOWN with no line."""
    state = golf.deal(15, golf.Variant.CLASSIC)
    by_states = solver.solve(state, max_states=50, method=method)
    assert by_states.outcome is Outcome.UNKNOWN
    assert by_states.line == ()
    assert solver.solve(state, max_seconds=0, method=method).outcome is Outcome.UNKNOWN


def test_states_are_counted_within_budget() -> None:
    """The state count of a finished search never exceeds its max_states."""
    state = golf.deal(0, golf.Variant.CLASSIC)
    full = solver.solve(state)
    assert full.states > 0
    assert solver.solve(state, max_states=full.states).outcome is Outcome.NO_WIN


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_states": -1},
        {"max_states": 1.5},
        {"max_states": True},
        {"max_seconds": -1},
        {"max_seconds": "1"},
        {"method": "magic"},
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object]) -> None:
    """Invalid budgets and methods raise SolverError, a PatienceError and ValueError."""
    with pytest.raises(SolverError):
        solver.solve(golf.deal(1), **kwargs)  # type: ignore[arg-type]


def test_bad_positions_and_codes_are_refused() -> None:
    """Non-Golf positions and non-Golf or malformed codes raise SolverError."""
    with pytest.raises(SolverError, match="not a position the solver plays"):
        solver.solve("GO1-E-AAAAAAB")
    with pytest.raises(SolverError, match="unknown game prefix"):
        list(solver.solve_many(["XX1-E-AAAAAAB"]))
    with pytest.raises(SolverError):
        solver.winnable_deal("golf", "hard")


def test_positions_the_solver_cannot_encode_are_refused() -> None:
    """States built by hand past the rules' limits get a SolverError, not a wrong answer."""
    state = golf.deal(3)
    tall = (state.columns[0] + state.stock[:1], *state.columns[1:])
    for bad in (
        attrs.evolve(state, columns=tall, stock=state.stock[1:]),
        attrs.evolve(state, columns=state.columns[:6]),
        attrs.evolve(state, stock=state.stock + state.waste, waste=()),
        attrs.evolve(state, stock=(*state.stock, state.columns[0][0])),
        attrs.evolve(state, stock=("AS",)),
    ):
        for call in (solver.solve, solver.hint):
            with pytest.raises(SolverError, match="the solver takes 7 columns"):
                call(bad)


def test_hint_follows_a_winning_line() -> None:
    """On a winnable position the hint keeps the position winnable until the game is won."""
    game = new_game("GO1-C-AAAAAAC")
    assert solver.solve(game).outcome is Outcome.WIN
    while game.status == "playing":
        move = solver.hint(game)
        assert move is not None
        game = game.play(move)
    assert game.status == "won"
    assert solver.hint(game) is None


def test_hint_heuristic_without_budget() -> None:
    """With no budget the hint plays the tallest fitting column, else draws, else None."""
    state = golf.deal(1)
    move = solver.hint(state, max_states=0)
    plays = [m for m in golf.legal_moves(state) if isinstance(m, golf.PlayColumn)]
    assert move == max(plays, key=lambda m: (len(state.columns[m.column - 1]), -m.column))
    nothing_fits = shrink(state, [5, 0, 0, 0, 0, 0, 0], 3)
    assert golf.legal_moves(nothing_fits)[1:] == ()
    assert solver.hint(nothing_fits, max_states=0) == golf.Draw()
    stuck = shrink(state, [5, 0, 0, 0, 0, 0, 0], 0)
    assert solver.hint(stuck) is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_winnable_deal_is_won_by_its_line(variant: golf.Variant) -> None:
    """winnable_deal returns a code of the variant whose deal its line wins, repeatably."""
    code, line = solver.winnable_deal("golf", variant, random.Random(11))
    assert code.variant is variant
    game = new_game(code)
    for move in line:
        game = game.play(move)
    assert game.status == "won"
    assert solver.winnable_deal("golf", variant, random.Random(11)) == (code, line)


def test_solve_many_matches_solve_code() -> None:
    """solve_many yields solve_code's answers in order, with any executor or the default pool."""
    codes = ["GO1-E-AAAAAAA", "GO1-C-AAAAAAA", GameCode("golf", golf.Variant.CLASSIC, 2)]
    expected = [solver.solve_code(code).outcome for code in codes]
    with ThreadPoolExecutor(2) as pool:
        assert [s.outcome for s in solver.solve_many(codes, executor=pool)] == expected
    assert [s.outcome for s in solver.solve_many(codes[:2])] == expected[:2]


def test_wilson_interval() -> None:
    """The Wilson interval matches known values and stays within [0, 1]."""
    low, high = wilson_interval(0, 10)
    assert low == 0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(93, 100)
    assert (low, high) == (pytest.approx(0.8625, abs=1e-4), pytest.approx(0.9657, abs=1e-4))
    assert wilson_interval(0, 0) == (0.0, 1.0)



def test_nearest_rank_quantiles() -> None:
    """A quantile is the least value with that share of them at or below it (was: p90 < median)."""
    assert nearest_rank([0.1, 0.5], 0.9) == 0.5
    assert nearest_rank([7.0], 0.9) == 7.0
    ten = [float(n) for n in range(1, 11)]
    assert nearest_rank(ten, 0.9) == 9.0
    assert nearest_rank(ten, 0.5) == 5.0
    assert nearest_rank(ten, 0.0) == 1.0
    assert nearest_rank([float(n) for n in range(1, 201)], 0.9) == 180.0

def test_stats_command_reports_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """`patience-rules stats golf` prints outcomes, the winnable fraction and interval, timing."""
    argv = [
        "stats",
        "golf",
        "--variant",
        "classic",
        "--deals",
        "6",
        "--seed",
        "3",
        "--workers",
        "1",
    ]
    out = io.StringIO()
    assert cli.main(argv, io.StringIO(), out) == 0
    report = out.getvalue()
    rng = random.Random(3)
    codes = [GameCode("golf", golf.Variant.CLASSIC, rng.randrange(DEALS)) for _ in range(6)]
    wins = sum(solver.solve_code(code).outcome is Outcome.WIN for code in codes)
    low, high = wilson_interval(wins, 6)
    assert f"win {wins}, no_win {6 - wins}, unknown 0" in report
    assert f"winnable: {100 * wins / 6:.1f}% (95% Wilson interval" in report
    assert f"{100 * low:.1f}%–{100 * high:.1f}%" in report
    assert "median" in report
    assert "6/6 deals" in capsys.readouterr().err


def test_stats_command_rejects_bad_options() -> None:
    """`stats` refuses a non-positive deal count and unknown variants."""
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    for argv in (["stats", "golf", "--deals", "0"], ["stats", "golf", "--variant", "hard"]):
        with pytest.raises(SystemExit):
            parser.parse_args(argv)
        assert cli.main(argv, io.StringIO(), io.StringIO()) == 2


def test_engine_tables_and_budget_directly() -> None:
    """Both engines return None on a hopeless deal and respect a shared budget's count."""
    tables = Tables.of(golf.deal(0, golf.Variant.CLASSIC))
    budget = Budget.start(None, None)
    assert search_numpy(tables, budget) is None
    assert budget.states > 0
    assert search_python(tables, Budget.start(None, None)) is None


def test_without_numpy_auto_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy, "auto" gives the pure-Python answers and "numpy" is refused."""
    state = golf.deal(1, golf.Variant.CLASSIC)
    expected = solver.solve(state, method="python")
    monkeypatch.setattr(_golf, "has_numpy", lambda: False)
    assert solver.solve(state) == expected
    with pytest.raises(SolverError, match="needs numpy"):
        solver.solve(state, method="numpy")


def test_benchmark_script_reports_every_engine_and_the_pool() -> None:
    """benchmarks/golf_solver.py runs and prints a line per variant and engine, and the pool."""
    script = Path(__file__).parents[1] / "benchmarks" / "golf_solver.py"
    argv = [sys.executable, str(script), "--deals", "2", "--methods", "auto,python", "--pool"]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    lines = ran.stdout.splitlines()
    for variant in VARIANTS:
        for method in ("auto", "python"):
            pattern = rf"{variant.value} +{method} .*total .*states median"
            assert any(re.match(pattern, line) for line in lines), (variant, method)
        pool = rf"{variant.value} +solve_many on a process pool: total"
        assert any(re.match(pool, line) for line in lines), variant
