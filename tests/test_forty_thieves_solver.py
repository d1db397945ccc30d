"""The Forty Thieves solver: exact answers, replayable lines, every lever checked on its own."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from forty_thieves_positions import played_at_random, position
from patience_rules import DEALS, GameCode, cli, new_game, solver
from patience_rules import forty_thieves as ft
from patience_rules.cards import Card, Rank
from patience_rules.solver import Outcome, SolverError
from patience_rules.solver._base import Budget, OutOfBudgetError
from patience_rules.solver._forty_thieves import PORTFOLIO, RULES, encode, search, to_moves
from patience_rules.solver._forty_thieves._dead import is_dead
from patience_rules.solver._forty_thieves._encoding import (
    DRAW_TO_PLAY,
    FOUNDATION,
    TAKE_BACK,
    WASTE,
    moves,
)
from patience_rules.solver._forty_thieves._search import (
    Beam,
    BestFirst,
    Capped,
    Rules,
    Task,
    score,
    undoing,
)

PLAIN_LIMIT = 1000
"""How many positions :func:`plain_search` may meet before it gives up."""


class TooBigError(Exception):
    """The plain search met more than :data:`PLAIN_LIMIT` positions."""


def plain_key(state: ft.State) -> tuple[object, ...]:
    """What tells two positions apart for :func:`plain_search`: every pile, the score aside.

    But for the order of the columns, which play alike: left out, or the search would
    be too slow to finish on most positions.
    """
    return (tuple(sorted(state.columns)), state.stock, state.waste, state.foundations)


def plain_search(state: ft.State) -> bool:
    """Whether some sequence of the library's legal moves wins from *state*.

    Every legal move from every position met (told apart by :func:`plain_key`).
    """
    seen = set()
    todo = [state]
    while todo:
        here = todo.pop()
        if ft.is_won(here):
            return True
        for move in reversed(ft.legal_moves(here)):  # the first legal move is tried first
            after = ft.apply(here, move)
            key = plain_key(after)
            if key not in seen:
                seen.add(key)
                todo.append(after)
        if len(seen) > PLAIN_LIMIT:
            raise TooBigError
    return False


def plain_answer(state: ft.State) -> bool | None:
    """:func:`plain_search`, or ``None`` (and a Hypothesis event) when it meets too many."""
    try:
        return plain_search(state)
    except TooBigError:
        event("too big for the plain search")
        return None


def replays_to_win(state: ft.State, line: Sequence[ft.Move]) -> bool:
    """Whether *line* is legal from *state* and wins."""
    for move in line:
        state = ft.apply(state, move)
    return ft.is_won(state)


def engine_answer(state: ft.State, rules: frozenset[str]) -> bool:
    """Whether the engine, with only *rules*, finds a win from *state* (checking its line)."""
    start, stock = encode(state)
    line = search(start, stock, Budget.start(None, None), rules)
    if line is not None:
        assert replays_to_win(state, to_moves(state, line))
    return line is not None


@st.composite
def small_positions(draw: st.DrawFn) -> ft.State:
    """A position with few cards off the foundations, laid in the columns, waste and stock.

    Either the board is full (every column holds a card, so nothing comes down into an
    empty column) or sparse (a few cards, the rest of the columns empty).
    """
    full = draw(st.booleans())
    most = 14 if full else 6
    missing = draw(st.lists(st.integers(0, 4), min_size=8, max_size=8))
    while sum(missing) > most:
        missing[missing.index(max(missing))] -= 1
    if full:
        while sum(missing) < 10:
            missing[draw(st.integers(0, 7))] += 1
    heights = [13 - m for m in missing]
    off = [
        Card(Rank(rank), ft.FOUNDATION_SUITS[pile])
        for pile, height in enumerate(heights)
        for rank in range(height + 1, 14)
    ]
    off = list(draw(st.permutations(off)))
    columns: list[list[Card]] = [[] for _ in range(ft.COLUMNS)]
    waste: list[Card] = []
    stock: list[Card] = []
    if full:
        for column, card in zip(columns, off, strict=False):
            column.append(card)
        off = off[ft.COLUMNS :]
    for card in off:
        place = draw(st.integers(0, ft.COLUMNS + 1))
        (waste if place == ft.COLUMNS else stock if place > ft.COLUMNS else columns[place]).append(
            card
        )
    return position(
        [" ".join(map(str, column)) for column in columns],
        waste=" ".join(map(str, waste)),
        heights=heights,
        stock=" ".join(map(str, stock)),
    )


@st.composite
def late_positions(draw: st.DrawFn) -> ft.State:
    """A deal played at random until its stock is out, and a few moves on: often jammed."""
    state = ft.deal(draw(st.integers(0, DEALS - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    extra = draw(st.integers(0, 30))
    while extra or state.stock:
        legal = ft.legal_moves(state)
        if not legal:
            break
        plays = [move for move in legal if not isinstance(move, ft.Draw)]
        move = rng.choice(plays) if plays and rng.random() < 0.7 else legal[0]
        extra -= not state.stock
        state = ft.apply(state, move)
    return state


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions() | late_positions())
def test_outcome_agrees_with_a_plain_search_whatever_lever_is_off(state: ft.State) -> None:
    """On small positions the solver wins exactly when a plain search does, each lever off too."""
    expected = plain_answer(state)
    if expected is None:
        return
    event("win" if expected else "no win")
    solution = solver.solve(state)
    assert solution.outcome is (Outcome.WIN if expected else Outcome.NO_WIN)
    assert replays_to_win(state, solution.line) is expected
    for rule in sorted(RULES):
        assert engine_answer(state, RULES - {rule}) is expected, rule


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions() | late_positions())
def test_portfolio_stopped_and_resumed_every_few_positions_agrees(state: ft.State) -> None:
    """Runs capped at 1, 2, 4, … positions, the depth-first one resumed: the plain answer."""
    expected = plain_answer(state)
    if expected is None:
        return
    start, stock = encode(state)
    line = search(start, stock, Budget.start(None, None), RULES, first_cap=1)
    assert (line is not None) is expected
    if line is not None:
        assert replays_to_win(state, to_moves(state, line))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions() | late_positions(), st.sampled_from((1, 2, 64)))
def test_a_beam_wins_where_a_win_is_and_proves_only_lost_positions(
    state: ft.State, width: int
) -> None:
    """A beam's line wins; it ends without one only where the plain search finds none.

    Narrow first passes drop positions, so they prove nothing and are widened
    until a pass drops none: that pass has met every reachable position.
    """
    expected = plain_answer(state)
    if expected is None:
        return
    start, stock = encode(state)
    task = Task(stock, Budget.start(None, None), Rules(RULES))
    beam = Beam(task, start, (10, 5, 5, 4, 3), width)
    line = beam.resume(None)
    event(f"{'win' if expected else 'no win'}, passes to width {beam.width}")
    assert (line is not None) is expected
    if line is not None:
        assert replays_to_win(state, to_moves(state, line))


def test_a_beam_that_dropped_positions_widens_instead_of_answering() -> None:
    """A deal no first pass of width 1 wins: the passes widen, the cap stops them, no answer."""
    state = ft.deal(9575974695)
    start, stock = encode(state)
    budget = Budget.start(None, None)
    beam = Beam(Task(stock, budget, Rules(RULES)), start, (10, 5, 5, 4, 3), width=1)
    with pytest.raises(Capped):
        beam.resume(5000)
    assert beam.width > 1
    assert budget.states == 5000
    line = beam.resume(None)
    assert line is not None
    assert replays_to_win(state, to_moves(state, line))


@st.composite
def played(draw: st.DrawFn) -> ft.State:
    """A deal after some random legal moves, take-backs included."""
    state = ft.deal(draw(st.integers(0, DEALS - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 150))):
        legal = ft.legal_moves(state)
        if not legal:
            break
        state = ft.apply(state, rng.choice(legal))
    return state


def pile_name(state: ft.State, pile: ft.Pile) -> object:
    """*pile*'s notation, but a foundation's suit and height: all that tells two apart."""
    if isinstance(pile, ft.Foundation):
        return (pile.suit, len(state.foundations[pile.number - 1]))
    return str(pile)


def normal(state: ft.State, move: ft.Move) -> tuple[object, ...]:
    """*move* with its piles named by :func:`pile_name`."""
    if isinstance(move, ft.Draw):
        return ("d",)
    return (pile_name(state, move.source), pile_name(state, move.target))


def engine_moves(state: ft.State, *, symmetry: bool) -> set[tuple[object, ...]]:
    """The engine's moves from *state*, as the library's, by :func:`normal`."""
    start, stock = encode(state)
    return {
        normal(state, to_moves(state, [move])[0])
        for move in moves(start, stock, symmetry=symmetry)
    }


@settings(max_examples=120, deadline=None)
@given(played() | small_positions())
def test_engine_moves_are_the_legal_moves_and_the_gestures(state: ft.State) -> None:
    """The engine's moves are the legal moves, and the drag highlights, source by source.

    With symmetry on, the same less moves into empty columns (see ``_encoding.moves``).
    """
    legal = {normal(state, move) for move in ft.legal_moves(state)}
    assert engine_moves(state, symmetry=False) == legal
    sources = [ft.Waste(), *map(ft.Column, range(1, 11)), *map(ft.Foundation, range(1, 9))]
    for source in sources:
        highlighted = {normal(state, move) for move in ft.destinations(state, source)}
        assert highlighted == {move for move in legal if move[0] == pile_name(state, source)}
    symmetric = engine_moves(state, symmetry=True)
    assert symmetric <= legal
    for move in legal - symmetric:
        source, target = move
        column = state.columns[int(target) - 1] if isinstance(target, str) else None
        assert column == (), move


@settings(max_examples=120, deadline=None)
@given(played() | small_positions())
def test_draws_to_play_are_the_waste_moves_after_each_count_of_draws(state: ft.State) -> None:
    """With draws to play, the draw gives way to the waste's moves after 1, 2, … draws.

    Into the first empty column only, as the other moves with symmetry on.
    """
    start, stock = encode(state)
    plain = moves(start, stock)
    reaching = moves(start, stock, draw_to_play=True)
    assert [move for move in reaching if move is None or move[0] < DRAW_TO_PLAY] == [
        move for move in plain if move is not None
    ]
    expected = set()
    later = state
    for draws in range(1, len(state.stock) + 1):
        later = ft.apply(later, ft.Draw())
        empty = [ft.Column(c) for c, column in enumerate(later.columns, 1) if not column]
        expected |= {
            (draws, normal(later, move))
            for move in ft.destinations(later, ft.Waste())
            if move.target not in empty[1:]
        }
    found = set()
    for move in reaching:
        if move is not None and move[0] >= DRAW_TO_PLAY:
            *drawn, last = to_moves(state, [move])
            assert drawn == [ft.Draw()] * (move[0] - DRAW_TO_PLAY)
            before = state
            for draw in drawn:
                before = ft.apply(before, draw)
            found.add((len(drawn), normal(before, last)))
    assert found == expected


def test_win_lines_replay_through_game() -> None:
    """Winning lines, from a deal and from the middle of a game, play through Game.play."""
    for number in (0, 4):
        code = GameCode("forty_thieves", ft.Variant.STANDARD, number)
        solution = solver.solve_code(code, max_seconds=5)
        assert solution.outcome is Outcome.WIN, number
        game = new_game(code)
        for move in solution.line:
            game = game.play(move)
        assert game.status == "won"
    game = new_game("FT1-N-AAAAAAA")
    for move in solver.solve(game, max_seconds=5).line[:40]:
        game = game.play(move)
    game = game.play("d")
    solution = solver.solve(game, max_seconds=5)
    assert solution.outcome is Outcome.WIN
    for move in solution.line:
        game = game.play(move)
    assert game.status == "won"


def test_won_and_stuck_positions() -> None:
    """A won position is WIN with an empty line and no hint; a stuck one is NO_WIN."""
    won = position(heights=(13,) * 8, stock="")
    assert solver.solve(won) == solver.Solution(Outcome.WIN, (), 1)
    assert solver.hint(won) is None
    columns = ["TS JS", "TS JS", "QS KS", "QS KS", "TH JH", "TH JH", "QH KH", "QH KH"]
    columns += ["QD KD", "QD KD"]
    stuck = position(columns, heights=(9, 9, 11, 13) * 2, stock="")
    assert ft.legal_moves(stuck) == ()
    assert solver.solve(stuck).outcome is Outcome.NO_WIN
    assert solver.hint(stuck) is None


def test_budgets_give_unknown() -> None:
    """A search cut short by states or seconds answers UNKNOWN with no line."""
    state = ft.deal(2)
    for max_states, max_seconds in ((20, None), (None, 0)):
        solution = solver.solve(state, max_states=max_states, max_seconds=max_seconds)
        assert (solution.outcome, solution.line) == (Outcome.UNKNOWN, ())
        outlook = solver.winnability(state, max_states=max_states, max_seconds=max_seconds)
        assert outlook is Outcome.UNKNOWN


def test_hint_is_a_legal_move_without_budget() -> None:
    """With no budget the hint is the move whose result looks best: a legal move."""
    for number in range(5):
        state = ft.deal(number)
        move = solver.hint(state, max_states=0)
        assert move in ft.legal_moves(state)
    hinted = solver.hint(position(["2S", "KD"], waste="AS"), max_states=0)
    assert hinted == ft.parse_move("w-f1")


def test_winnable_deal_is_won_by_its_line() -> None:
    """winnable_deal("forty_thieves", …) returns a code whose deal its line wins, repeatably."""
    code, line = solver.winnable_deal("forty_thieves", None, random.Random(10), max_seconds=0.3)
    assert (code.game, code.variant) == ("forty_thieves", ft.Variant.STANDARD)
    game = new_game(code)
    for move in line:
        game = game.play(move)
    assert game.status == "won"


def test_supported_and_refused() -> None:
    """Forty Thieves is solved; the numpy method and positions past the rules are refused."""
    assert solver.SOLVABLE_GAMES == ("golf", "forty_thieves", "scorpion")
    assert solver.supports("forty_thieves")
    assert solver.supports(new_game("FT1-N-AAAAAAB"))
    with pytest.raises(SolverError, match="forty_thieves solver has no 'numpy'"):
        solver.solve(ft.deal(1), method="numpy")
    state = ft.deal(3)
    for bad in (
        attrs.evolve(state, columns=state.columns[:9]),
        attrs.evolve(state, stock=state.stock[1:]),
        attrs.evolve(state, stock=(*state.stock[1:], Card.parse("AS"))),
        attrs.evolve(state, foundations=((Card.parse("2S"),), *state.foundations[1:])),
    ):
        for call in (solver.solve, solver.hint):
            with pytest.raises(SolverError, match="the solver takes 10 columns"):
                call(bad)


def test_stats_command_and_solve_many() -> None:
    """`patience-rules stats forty-thieves` reports the counts solve_many gives."""
    argv = ["stats", "forty-thieves", "--deals", "2", "--seed", "10", "--max-states", "20000"]
    out = io.StringIO()
    assert cli.main([*argv, "--workers", "1"], io.StringIO(), out) == 0
    rng = random.Random(10)
    codes = [GameCode("forty_thieves", ft.Variant.STANDARD, rng.randrange(DEALS)) for _ in "ab"]
    with ThreadPoolExecutor(1) as pool:
        solutions = list(solver.solve_many(codes, max_states=20_000, executor=pool))
    assert solutions[0].outcome is Outcome.WIN
    wins = sum(solution.outcome is Outcome.WIN for solution in solutions)
    report = out.getvalue()
    assert report.startswith("forty-thieves standard: 2 deals (seed 10)")  # as typed
    assert f"win {wins}, no_win 0" in report


_BENCHMARK = Path(__file__).parents[1] / "benchmarks" / "forty_thieves_solver.py"


def _benchmark(*options: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """benchmarks/forty_thieves_solver.py run with *options*, its output captured."""
    argv = [sys.executable, str(_BENCHMARK), *options]
    return subprocess.run(argv, capture_output=True, text=True, check=check)  # noqa: S603 - this Python on a fixed script and arguments


def test_benchmark_script_reports_the_figures() -> None:
    """benchmarks/forty_thieves_solver.py prints the engine, counts, times, states, memory, speed.

    The compiled engine (numba is installed with the tests), warmed up before the deal.
    """
    ran = _benchmark("--deals", "1", "--max-seconds", "0.1")
    lines = ran.stdout.splitlines()
    assert re.match(
        r"engine compiled \(numba\); warm-up .* median [\d.]+ cpu-s, max [\d.]+, not counted",
        lines[1],
    )
    assert re.match(r"\{'win': \d, 'no_win': \d, 'unknown': \d\} total .* states median", lines[2])
    assert re.match(r"peak memory \(ru_maxrss\) median \d+ MB p90 \d+ MB max \d+ MB", lines[3])
    assert re.match(r"speed [\d,]+ states per second, [\d,]+ per cpu-second", lines[4])


def test_benchmark_script_runs_the_python_engine_when_asked() -> None:
    """With --python the workers run the Python search, and say so."""
    ran = _benchmark("--deals", "1", "--max-states", "300", "--python")
    assert ran.stdout.splitlines()[1].startswith("engine python; warm-up")


def test_benchmark_script_takes_a_budget_of_states() -> None:
    """With --max-states N every deal gets N states, not seconds: an unknown deal uses them all."""
    ran = _benchmark("--deals", "2", "--max-states", "300", "--verbose")
    lines = ran.stdout.splitlines()
    assert lines[0] == "2 deals (seed 20261201); 300 states per deal"
    assert all(
        re.match(
            r" +\d+ unknown +300 states +[\d.]+ s +[\d.]+ cpu-s +\d+ MB warm-up [\d.]+ cpu-s$",
            line,
        )
        for line in lines[1:3]
    )
    assert lines[-5:-1] == [
        f"decided within {budget} states: 0 of 2 (0.0%)" for budget in (30, 75, 150, 300)
    ]
    assert re.match(r"speed [\d,]+ states per second, [\d,]+ per cpu-second", lines[-1])


def test_benchmark_script_counts_the_deals_decided_within_parts_of_the_budget() -> None:
    """With --max-states the benchmark counts the deals decided within 10%, 25%, 50%, 100%."""
    ran = _benchmark("--deals", "5", "--max-states", "4000", "--verbose", "--shard", "5/5")
    lines = ran.stdout.splitlines()
    assert re.match(r" +9575974695 win +2896 states", lines[1])
    assert lines[-5:-1] == [
        "decided within 400 states: 0 of 1 (0.0%)",
        "decided within 1,000 states: 0 of 1 (0.0%)",
        "decided within 2,000 states: 0 of 1 (0.0%)",
        "decided within 4,000 states: 1 of 1 (100.0%)",
    ]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late_positions())
def test_a_budget_of_the_states_an_answer_took_gives_that_answer(state: ft.State) -> None:
    """A budget cuts the portfolio short and changes nothing else.

    Within exactly the states an answer took, the same answer and line; within one
    state fewer, none: so one run with a large budget tells at which budgets each
    deal is decided (the benchmark's curve).
    """
    found = solver.solve(state, max_states=20_000)
    if found.outcome is Outcome.UNKNOWN:
        event("unknown within 20,000 states")
        return
    event(found.outcome.value)
    again = solver.solve(state, max_states=found.states)
    assert (again.outcome, again.states, again.line) == (found.outcome, found.states, found.line)
    assert solver.solve(state, max_states=found.states - 1).outcome is Outcome.UNKNOWN


def test_a_deal_won_within_a_large_budget_is_won_within_the_states_it_took() -> None:
    """Deal 9575974695, won in 2,896 states within 100,000: the same in 2,896, none in 2,895."""
    deal = ft.deal(9575974695)
    found = solver.solve(deal, max_states=100_000)
    assert (found.outcome, found.states) == (Outcome.WIN, 2896)
    assert solver.solve(deal, max_states=2896).line == found.line
    assert solver.solve(deal, max_states=2895).outcome is Outcome.UNKNOWN


def test_benchmark_script_shards_the_deals() -> None:
    """With --shard i/n the benchmark solves every n-th deal from the i-th; bad shards refused."""
    lines = {
        shard: _benchmark(
            "--deals", "3", "--max-seconds", "0.05", "--verbose", "--shard", shard
        ).stdout.splitlines()
        for shard in ("1/2", "2/2")
    }
    assert lines["1/2"][0] == "3 deals (seed 20261201), shard 1/2: 2 deals; 0.05 s per deal"
    assert lines["2/2"][0] == "3 deals (seed 20261201), shard 2/2: 1 deals; 0.05 s per deal"
    ran = _benchmark("--shard", "3/2", check=False)
    assert ran.returncode != 0
    assert "a shard is i/n with 1 <= i <= n" in ran.stderr


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions() | late_positions())
def test_a_dead_position_has_no_win(state: ft.State) -> None:
    """A position the dead-position test condemns has no win by the plain search."""
    if not is_dead(*encode(state)):
        event("not dead")
        return
    event("dead")
    try:
        assert not plain_search(state)
    except TooBigError:
        event("too big for the plain search")


def test_dead_positions_spare_positions_and_keep_the_answer() -> None:
    """On a jammed late position the dead-position test prunes: the same proof, fewer positions."""
    start, stock = encode(played_at_random(72, 10))
    with_test, without = Budget.start(None, None), Budget.start(None, None)
    assert search(start, stock, with_test, RULES) is None
    assert search(start, stock, without, RULES - {"dead_positions"}) is None
    assert with_test.states < without.states


def test_benchmark_script_solves_late_positions() -> None:
    """With --late N the benchmark solves N late positions and prints the search's speed."""
    ran = _benchmark("--late", "2", "--max-seconds", "0.1")
    lines = ran.stdout.splitlines()
    assert lines[0] == "2 late positions (seed 20261201, 10 stock cards left); 0.1 s each"
    assert lines[1].startswith("engine compiled (numba); warm-up")
    assert all(
        re.match(r"  +\d ours (win|no_win|unknown) +\d+ states +[\d.]+ cpu-s$", line)
        for line in lines[2:4]
    )
    assert re.match(r"speed [\d,]+ states per cpu-second", lines[4])


def test_a_dead_start_is_proved_lost_at_once() -> None:
    """A late position that is dead from the start is NO_WIN after one position, not hundreds."""
    state = played_at_random(44, 10)
    start, stock = encode(state)
    assert is_dead(start, stock)
    assert solver.solve(state).outcome is Outcome.NO_WIN
    with_test, without = Budget.start(None, None), Budget.start(None, None)
    assert search(start, stock, with_test, RULES) is None
    assert search(start, stock, without, RULES - {"dead_positions"}) is None
    assert with_test.states == 1 < without.states


def test_leaving_out_the_undoing_move_changes_nothing_but_time() -> None:
    """Rule no_undo: the same answers, lines and counts of positions as without it."""
    for state in (played_at_random(72, 10), played_at_random(5, 16), ft.deal(7919)):
        start, stock = encode(state)
        results = []
        for rules in (RULES, RULES - {"no_undo"}):
            budget = Budget.start(3000, None)
            try:
                answer: object = search(start, stock, budget, rules)
            except OutOfBudgetError:
                answer = "out of budget"
            results.append((answer, budget.states))
        assert results[0] == results[1]


def test_undoing_moves() -> None:
    """The move that undoes a move between columns, or a take-back; none for the others."""
    assert undoing((2, 7)) == (7, 2)
    assert undoing((TAKE_BACK + 3, 4)) == (4, FOUNDATION)
    for move in ((2, FOUNDATION), (WASTE, 3), (DRAW_TO_PLAY + 2, 1), None):
        assert undoing(move) == (-1, -1)


def test_a_best_first_run_stopped_and_resumed_is_the_run_never_stopped() -> None:
    """Resumed after every few positions, a best-first run meets the same positions: same line."""
    for state in (played_at_random(72, 10), played_at_random(5, 16), ft.deal(7919)):
        start, stock = encode(state)
        results = []
        for step in (None, 1, 7, 500):
            budget = Budget.start(3000, None)
            run = BestFirst(Task(stock, budget, Rules(RULES)), start, PORTFOLIO[0])
            while True:
                try:
                    answer: object = run.resume(step)
                except Capped:
                    continue
                except OutOfBudgetError:
                    answer = "out of budget"
                break
            results.append((answer, budget.states))
        assert results[0] == results[1] == results[2] == results[3]


def test_the_heuristic_scores_a_won_board() -> None:
    """With every foundation full, no suit needs a card, and every weighting still scores.

    The depths of the needed cards are then an empty tuple: the getter of none once gave a
    bare number instead, and a fair hint whose line reached the won game raised.
    """
    full = tuple(tuple(Card(rank, suit) for rank in Rank) for suit in ft.FOUNDATION_SUITS)
    state = ft.State(ft.Variant.STANDARD, ((),) * 10, (), (), full, 1040)
    position, _ = encode(state)
    for weights in PORTFOLIO:
        if weights is not None:
            on, empty, *_ = weights
            assert score(position, weights) == on * 104 + empty * 10
