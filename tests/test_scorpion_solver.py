"""The Scorpion solver: exact answers, replayable lines, every pruning rule checked on its own."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from dask.distributed import Client, LocalCluster
from hypothesis import HealthCheck, event, given, settings

from patience_rules import DEALS, GameCode, cli, new_game, scorpion, solver
from patience_rules.scorpion import Column, State, Variant
from patience_rules.solver import Outcome, SolverError
from patience_rules.solver._base import Budget, OutOfBudgetError
from patience_rules.solver._scorpion import (
    CARDS,
    RULES,
    WIDEST,
    Move,
    beam_pass,
    encode,
    search,
)
from patience_rules.solver._scorpion._position import places
from patience_rules.solver._scorpion._proofs import dead_set, disjoint_cycles
from scorpion_helpers import build
from scorpion_positions import (
    EXHAUSTIVE_LIMIT,
    TooBigError,
    exhaustive,
    replays_to_win,
    small_positions,
)

VARIANTS = list(Variant)


def wins_by(state: State, line: list[Move] | None) -> bool:
    """Whether *line*, the engine's moves or ``None``, is a line that wins from *state*."""
    if line is None:
        return False
    moves = tuple(
        scorpion.DealReserve() if m is None else scorpion.MoveCard(CARDS[m[0]], m[1] + 1)
        for m in line
    )
    assert replays_to_win(state, moves)
    return True


ENGINE_STATES = 250 * (EXHAUSTIVE_LIMIT + 1)
"""More states than any solver call may spend from a position :func:`exhaustive` answers.

From there at most P = EXHAUSTIVE_LIMIT + 1 positions are reachable, and
each search meets a position once for each larger allowance of parkings
left: a search allowing *a* parkings spends at most (*a* + 1) P states, the
searches by parkings (0 to 4, then none) at most 16 P, the natural searches
as much each time they run (at most 11 times), a beam pass at most P (10
passes): 202 P in all.  A call that runs out of these states meets some
position more often than that, a fault of its own.
"""


def engine_answer(state: State, rules: frozenset[str], max_states: int | None = None) -> bool:
    """Whether the engine, with only *rules*, finds a win from *state* (checking its line)."""
    flexible = state.variant is Variant.FLEXIBLE
    budget = Budget.start(max_states, None)
    return wins_by(state, search(encode(state), budget, flexible=flexible, rules=rules))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_outcome_agrees_with_exhaustive_search_whatever_rule_is_off(state: State) -> None:
    """On small positions the solver wins exactly when a plain search does, each rule on or off.

    Every search is bounded: the plain one by :data:`EXHAUSTIVE_LIMIT`
    positions, the engine's by :data:`ENGINE_STATES`.
    """
    try:
        expected = exhaustive(state)
    except TooBigError:
        event("too big for the plain search")
        return
    event(f"{state.variant.value}: {'win' if expected else 'no win'}")
    if state.variant is Variant.CLASSIC and dead_set(encode(state), places(encode(state))):
        event("classic: a dead set")
        assert not expected
    solution = solver.solve(state, max_states=ENGINE_STATES)
    assert solution.outcome is (Outcome.WIN if expected else Outcome.NO_WIN)
    assert replays_to_win(state, solution.line) is expected
    for rule in sorted(RULES):
        assert engine_answer(state, RULES - {rule}, ENGINE_STATES) is expected, rule
    assert engine_answer(state, frozenset(), ENGINE_STATES) is expected
    if state.variant is Variant.FLEXIBLE:
        budget = Budget.start(ENGINE_STATES, None)
        line, cut = beam_pass(encode(state), budget, WIDEST, symmetry=True)
        event(f"widest beam {'cut' if cut else 'exact'}")
        assert wins_by(state, line) is expected or (cut and line is None)


@pytest.mark.parametrize(
    ("variant", "numbers"), [(Variant.CLASSIC, [26, 28]), (Variant.FLEXIBLE, [7, 8])]
)
def test_win_lines_replay_through_game(variant: Variant, numbers: list[int]) -> None:
    """Winning lines on whole deals play through Game.play to a won game."""
    for number in numbers:
        code = GameCode("scorpion", variant, number)
        solution = solver.solve_code(code, max_seconds=5)
        assert solution.outcome is Outcome.WIN, number
        game = new_game(code)
        for move in solution.line:
            game = game.play(move)
        assert game.status == "won"


def test_most_classic_deals_are_lost_before_any_search() -> None:
    """Deals 0-5 are refuted by a cycle of links at the start; the engine agrees with it off."""
    for number in range(6):
        state = scorpion.deal(number)
        solution = solver.solve(state)
        assert solution == solver.Solution(Outcome.NO_WIN, (), 1)
    assert not engine_answer(scorpion.deal(0), RULES - {"dead_cycles"})


def test_dead_sets_lose_deals_that_have_no_dead_cycle() -> None:
    """Deals 11 and 105 are lost by a dead set at the start; with the rule off 105 agrees."""
    for number in (11, 105):
        state = scorpion.deal(number)
        assert not disjoint_cycles(encode(state), places(encode(state)), 1)
        assert solver.solve(state) == solver.Solution(Outcome.NO_WIN, (), 1)
    assert not engine_answer(scorpion.deal(105), RULES - {"dead_sets"})


def test_the_wider_safe_move_rule_would_lose_a_win() -> None:
    """10♣ onto J♣ looks safe once the reserve is dealt, yet loses (see _safe_move)."""
    state = build(
        [("", "QC 9C 8C 7C 6C 5C 4C 3C 2C AC JC"), ("", "TC"), ("", "KC")],
        runs="D H S",
        dump=4,
    )
    assert solver.solve(state).outcome is Outcome.WIN
    after = scorpion.apply(state, scorpion.parse_move("TC-1"))
    assert solver.solve(after).outcome is Outcome.NO_WIN
    assert not any(engine_answer(after, rules) for rules in (RULES, frozenset()))


def test_a_dead_cycle_needs_a_move_onto_another_suit_in_flexible() -> None:
    """4♠ waits for 9♥ (on 5♠), 9♥ for 4♠ (on 10♥): lost in Classic, not in Flexible."""
    columns = [
        ("", "KS QS JS TS 9S 8S 7S 6S 5S 9H"),
        ("", "KH QH JH TH 4S 3S 2S AS"),
        ("", "8H 7H 6H 5H 4H 3H 2H AH"),
        ("", "KD QD JD TD 9D 8D 7D 6D 5D"),
        ("", "4D 3D 2D AD"),
    ]
    classic = build(columns, runs="C")
    flexible = attrs.evolve(classic, variant=Variant.FLEXIBLE)
    assert solver.solve(classic).outcome is Outcome.NO_WIN
    assert solver.solve(flexible).outcome is Outcome.WIN


def test_a_flexible_safe_move_does_not_hide_the_parking_a_win_needs() -> None:
    """7♦ onto 8♦ is safe once no parking is left, but the win parks 7♣ on 8♦ first."""
    state = build(
        [
            ("", "KD QD JD TD 9D 8D"),
            ("", "KC QC JC TC 9C 6C 5C 4C 3C 2C AC 7D 6D 5D 4D 3D 2D AD"),
            ("", ""),
            ("8C", "7C"),
        ],
        runs="H S",
        variant=Variant.FLEXIBLE,
    )
    solution = solver.solve(state)
    assert solution.outcome is Outcome.WIN
    assert replays_to_win(state, solution.line)
    assert all(engine_answer(state, RULES - {rule}) for rule in RULES)


def test_the_beam_passes_win_a_deal_the_exact_searches_cannot_in_the_same_budget() -> None:
    """Flexible deal 29567725959 is won within 9,000 states, and not without the beam."""
    state = scorpion.deal(29567725959, Variant.FLEXIBLE)
    solution = solver.solve(state, max_states=9000)
    assert solution.outcome is Outcome.WIN
    assert replays_to_win(state, solution.line)
    with pytest.raises(OutOfBudgetError):
        search(encode(state), Budget.start(9000, None), flexible=True, rules=RULES - {"beam"})


def test_the_natural_searches_start_again_with_more_states_between_beam_passes() -> None:
    """Flexible deal 28052418297: its natural win needs 3,226 states, more than the first 3,000.

    After the first beam pass the natural searches run again with 12,000 and
    win, within 11,000 states in all; the beam alone needs more.
    """
    state = scorpion.deal(28052418297, Variant.FLEXIBLE)
    solution = solver.solve(state, max_states=11_000)
    assert solution.outcome is Outcome.WIN
    assert replays_to_win(state, solution.line)
    without = RULES - {"first_natural"}
    with pytest.raises(OutOfBudgetError):
        search(encode(state), Budget.start(11_000, None), flexible=True, rules=without)


@pytest.mark.parametrize("variant", VARIANTS)
def test_budgets_give_unknown(variant: Variant) -> None:
    """A search cut short by states or seconds answers UNKNOWN with no line."""
    state = scorpion.deal(2 if variant is Variant.FLEXIBLE else 40, variant)
    for budget in ({"max_states": 20}, {"max_seconds": 0}):
        solution = solver.solve(state, **budget)  # type: ignore[arg-type]
        assert (solution.outcome, solution.line) == (Outcome.UNKNOWN, ())
        assert solver.winnability(state, **budget) is Outcome.UNKNOWN  # type: ignore[arg-type]


def test_winnability_follows_the_game() -> None:
    """Still winnable, then no longer winnable after a losing move, and won at the end."""
    state = build(
        [("", "QC 9C 8C 7C 6C 5C 4C 3C 2C AC JC"), ("", "TC"), ("", "KC")], runs="D H S", dump=4
    )
    game = new_game("SC1-C-AAAAAAB")
    assert solver.winnability(game) is Outcome.NO_WIN
    assert solver.winnability(state) is Outcome.WIN
    assert solver.winnability(scorpion.apply(state, scorpion.parse_move("TC-1"))) is Outcome.NO_WIN
    for move in solver.solve(state).line:
        state = scorpion.apply(state, move)
    assert solver.winnability(state) is Outcome.WIN
    assert solver.solve(state) == solver.Solution(Outcome.WIN, (), 1)


def test_hint_follows_a_winning_line_to_the_end() -> None:
    """On a winnable deal, playing hint after hint wins; then there is no hint."""
    game = new_game(GameCode("scorpion", Variant.CLASSIC, 26))
    while game.status == "playing":
        move = solver.hint(game)
        assert move is not None
        game = game.play(move)
    assert solver.hint(game) is None


def test_hint_heuristic_without_budget() -> None:
    """With no budget: a run-completing move first, then one turning a card up, else the deal.

    (With nothing to play, as in a won game, the hint is None: see the test above.)
    """
    state = build(
        [("", "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"), ("", "AC")], reserve="KH QH JH", runs="D S"
    )
    assert solver.hint(state, max_states=0) == scorpion.parse_move("AC-1")
    columns = [("9C", "2C"), ("", "3C"), ("", "KC QC JC TC"), ("", "8C 7C 6C 5C 4C"), ("", "AC")]
    turns = build(columns, runs="D H S")
    assert solver.hint(turns, max_states=0) == scorpion.parse_move("2C-2")
    only_deal = build(
        [("", "2C 3C 4C 5C 6C 7C 8C 9C TC"), ("", "AC")], reserve="KC QC JC", runs="D H S"
    )
    assert scorpion.legal_moves(only_deal) == (scorpion.DealReserve(),)
    assert solver.hint(only_deal, max_states=0) == scorpion.DealReserve()


@pytest.mark.parametrize("variant", VARIANTS)
def test_winnable_deal_is_won_by_its_line(variant: Variant) -> None:
    """winnable_deal("scorpion", …) returns a code of the variant whose deal its line wins.

    No time bound: a bound that runs out under load gives a deal of the table instead, so
    the same rng would not repeat (as winnable_deal documents).
    """
    rng = random.Random(5)
    code, line = solver.winnable_deal("scorpion", variant.value, rng, max_seconds=None)
    assert (code.game, code.variant) == ("scorpion", variant)
    game = new_game(code)
    for move in line:
        game = game.play(move)
    assert game.status == "won"
    assert solver.winnable_deal("scorpion", variant, random.Random(5), max_seconds=None) == (
        code,
        line,
    )


def test_supported_games_and_refusals() -> None:
    """Scorpion is solved; the numpy method and unknown variants are refused by name."""
    assert solver.supports("scorpion")
    assert solver.supports(scorpion.deal(1))
    with pytest.raises(SolverError, match="scorpion solver has no 'numpy'"):
        solver.solve(scorpion.deal(1), method="numpy")
    with pytest.raises(SolverError, match="not a game the solver plays"):
        solver.winnable_deal("chess")
    with pytest.raises(SolverError, match="not a scorpion variant"):
        solver.winnable_deal("scorpion", "easy")


def test_positions_the_solver_cannot_encode_are_refused() -> None:
    """Hand-built states with lost or doubled cards, or a short reserve, get a SolverError."""
    state = scorpion.deal(3)
    first = state.columns[0]
    for bad in (
        attrs.evolve(state, columns=state.columns[:6]),
        attrs.evolve(state, reserve=state.reserve[:2]),
        attrs.evolve(state, columns=(Column(first.down, first.up[:-1]), *state.columns[1:])),
        attrs.evolve(state, reserve=(*state.reserve[:2], first.up[0])),
        attrs.evolve(state, columns=(Column(first.down + first.up, ()), *state.columns[1:])),
    ):
        for call in (solver.solve, solver.hint):
            with pytest.raises(SolverError, match="the solver takes 7 columns"):
                call(bad)


def test_stats_command_for_scorpion(capsys: pytest.CaptureFixture[str]) -> None:
    """`patience-rules stats scorpion --variant classic` reports the solver's own counts."""
    argv = ["stats", "scorpion", "--variant", "classic", "--deals", "4", "--seed", "2"]
    out = io.StringIO()
    assert cli.main([*argv, "--workers", "1"], io.StringIO(), out) == 0
    rng = random.Random(2)
    codes = [GameCode("scorpion", Variant.CLASSIC, rng.randrange(DEALS)) for _ in range(4)]
    wins = sum(solver.solve_code(code).outcome is Outcome.WIN for code in codes)
    report = out.getvalue()
    assert report.startswith("scorpion classic: 4 deals (seed 2)")
    assert f"win {wins}, no_win {4 - wins}, unknown 0" in report
    assert "4/4 deals" in capsys.readouterr().err
    wrong = ["stats", "golf", "--variant", "flexible", "--deals", "1"]
    assert cli.main(wrong, io.StringIO(), io.StringIO()) == 2
    assert "'flexible' is not a golf variant" in capsys.readouterr().err


def test_solve_many_on_a_dask_cluster_matches_a_local_run() -> None:
    """solve_many on a real dask.distributed LocalCluster (2 worker processes) answers alike."""
    codes = [
        GameCode("scorpion", Variant.CLASSIC, 26),
        GameCode("scorpion", Variant.CLASSIC, 0),
        GameCode("scorpion", Variant.FLEXIBLE, 7),
        GameCode("scorpion", Variant.FLEXIBLE, 2),
        "GO1-C-AAAAAAA",
    ]
    local = [solver.solve_code(code, max_states=3000) for code in codes]
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        remote = list(solver.solve_many(codes, max_states=3000, executor=executor))
    assert remote == local
    win, no_win, unknown = Outcome.WIN, Outcome.NO_WIN, Outcome.UNKNOWN
    assert [s.outcome for s in local] == [win, no_win, win, unknown, no_win]


def test_benchmark_script_reports_both_variants() -> None:
    """benchmarks/scorpion_solver.py runs and prints the counts and figures of each variant."""
    script = Path(__file__).parents[1] / "benchmarks" / "scorpion_solver.py"
    argv = [sys.executable, str(script), "--deals", "2", "--max-seconds", "0.2"]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    lines = ran.stdout.splitlines()
    for variant in VARIANTS:
        pattern = rf"{variant.value} +\{{'win': \d, 'no_win': \d, 'unknown': \d\}} total .* max"
        assert any(re.match(pattern, line) for line in lines), (variant, lines)
