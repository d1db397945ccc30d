"""The playout benchmark's floors play the library's games, and the benchmark runs."""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from patience_rules import forty_thieves, golf, new_game, scorpion

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import _reference  # noqa: E402 - a benchmark module, found through the path above
import floors  # noqa: E402 - a benchmark module, as above
import forty_thieves_portfolio as portfolio  # noqa: E402 - a benchmark module, as above
from forty_thieves_solver import SEED  # noqa: E402 - a benchmark module, as above

from patience_rules import DEALS as DEAL_NUMBERS  # noqa: E402 - after the benchmarks' modules
from patience_rules.solver._forty_thieves import encode  # noqa: E402 - as above

DEALS = [
    *(golf.deal(number, variant) for number in range(15) for variant in golf.Variant),
    *(forty_thieves.deal(number) for number in range(15)),
    *(scorpion.deal(number, variant) for number in range(15) for variant in scorpion.Variant),
]


@pytest.mark.parametrize("state", DEALS, ids=lambda state: f"{state.game}-{state.variant}")
def test_floor_plays_the_library_game(state: object) -> None:
    """A floor makes the library's choices in the library's order and ends where it ends."""
    assert floors.same_games(state, cap=300, seed=len(str(state)))


def test_a_floor_with_another_move_order_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    """same_games fails when a floor lists the foundations in another order."""
    reversed_order = [indices[::-1] for indices in floors._FT_FOUNDATIONS_OF]
    monkeypatch.setattr(floors, "_FT_FOUNDATIONS_OF", reversed_order)
    assert not all(floors.same_games(forty_thieves.deal(n), 300, n) for n in range(5))


def test_the_golf_classic_line_plays_classic_deals() -> None:
    """The reference's Golf Classic line: Classic deals, and the floor's fits without wrap."""
    playout, layout, to_floor, deal_cards = object(), object(), object(), object()
    easy = (
        "golf easy",
        golf,
        golf.Variant.EASY,
        "golf",
        9,
        (playout, (), layout, 52, to_floor, deal_cards),
        (3, 2, 1),
        4,
    )

    class Reference:
        CONFIGS = (easy,)

        @staticmethod
        def golf_fit_table(wrap: bool) -> str:
            return f"fits, wrap {wrap}"

    assert _reference.config(Reference, "golf easy") == easy
    classic = _reference.config(Reference, "golf classic")
    assert classic[2] is golf.Variant.CLASSIC
    assert classic[5] == (playout, ("fits, wrap False",), layout, 52, to_floor, deal_cards)
    assert (*classic[:2], *classic[3:5], *classic[6:]) == (*easy[:2], *easy[3:5], *easy[6:])


def test_the_playout_benchmark_runs() -> None:
    """benchmarks/playouts.py prints a row per line, and each game's loading and round trip."""
    argv = [sys.executable, str(BENCHMARKS / "playouts.py"), "--repeat", "1", "--deals", "3"]
    result = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    rows = result.stdout.splitlines()
    for name in ("golf easy", "golf classic", "forty thieves", "scorpion classic"):
        assert any(row.startswith(name) and row.count("x") >= 2 for row in rows), name
    assert sum("undo positions" in row for row in rows) == 3
    assert sum("from_record / pure replay" in row for row in rows) == 3
    assert sum(re.search(r"actions: +\d+ µs", row) is not None for row in rows) == 3


def test_the_save_benchmark_runs_and_reports_both_formats():
    """benchmarks/records.py prints the floor and a size, save and load line per format."""
    script = BENCHMARKS / "records.py"
    argv = [sys.executable, str(script), "--actions", "30", "--repeat", "2"]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    lines = ran.stdout.splitlines()
    assert re.match(r"Forty Thieves FT1-N-AAAAAAC, 30 actions", lines[0])
    assert re.match(r" +floor: pure replay +load +[\d.]+ ms", lines[1])
    for name, line in zip(["record", "full position"], lines[2:], strict=True):
        assert re.match(rf" +{name} +[\d.]+ KB +save +[\d.]+ ms +load +[\d.]+ ms +\(", line)


def test_the_winnable_deal_benchmark_runs() -> None:
    """benchmarks/winnable_deal.py prints the median and worst seconds per game and variant."""
    script = BENCHMARKS / "winnable_deal.py"
    argv = [sys.executable, str(script), "--seeds", "1", "--games", "golf"]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    lines = ran.stdout.splitlines()
    for variant, line in zip(["easy", "classic"], lines[1:], strict=True):
        assert re.match(rf"golf {variant}: seconds median [\d.]+ max [\d.]+ \| from the", line)


def test_the_mutant_search_runs():
    """benchmarks/mutants.py draws its mutants and says how many load unreached, every game."""
    for game in ("scorpion", "forty-thieves", "golf"):
        script = str(BENCHMARKS / "mutants.py")
        argv = [sys.executable, script, "--game", game, "--mutants", "100", "--actions", "2-5"]
        result = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this interpreter, fixed arguments
        last = result.stdout.splitlines()[-1]
        assert re.fullmatch(r"100 mutants: \d+ load, \d+ of them not reached by play", last)


def test_the_reach_search_finds_a_shortest_line(tmp_path):
    """benchmarks/reach.py prints a shortest line to a saved position, or that there is none."""
    game = new_game("SC1-F-AAAAHDG")
    for move in ["QH-2", "r", "7S-4", "9H-1"]:
        game = game.play(move)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(game.to_dict()), encoding="utf-8")
    argv = [sys.executable, str(BENCHMARKS / "reach.py"), str(path)]
    result = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this interpreter, fixed arguments
    assert result.stdout.startswith("SC1-F-AAAAHDG: reached in 4 actions (counter 4):")
    path.write_text(json.dumps(game.to_dict() | {"moves": 3}), encoding="utf-8")
    result = subprocess.run(argv, capture_output=True, text=True, check=False)  # noqa: S603 - this interpreter, fixed arguments
    assert result.returncode == 1
    assert result.stdout == "SC1-F-AAAAHDG: no line of at most 3 actions reaches it\n"


_SCHEDULES = (
    portfolio.current(),
    portfolio.Schedule(("10/10/2/3/2", "10/5/8/4/3", "depth-first"), (1, 1, 2)),
    portfolio.Schedule(("10/10/2/3/2", "depth-first"), (1, 4), first_cap=1000),
    # Small runs: 10/5/5/4/3 to 3,000 positions decides 18343942034, to 2,000 does not.
    portfolio.Schedule(
        ("10/10/2/3/2", "10/5/5/4/3", "10/5/8/4/3", "depth-first"),
        (1, 1, 1, 4),
        1000,
        (None, 3000, 3000, None),
    ),
    portfolio.Schedule(
        ("10/10/2/3/2", "10/5/5/4/3", "depth-first"), (1, 1, 2), 1000, (None, 2000, None)
    ),
)


@pytest.mark.parametrize("number", [18343942034, 12371820618, 25323749759])
def test_a_schedule_simulated_from_runs_alone_decides_where_the_search_does(number: int) -> None:
    """From each run alone, the portfolio's total states at its answer (or none), exactly.

    Deal 18343942034 is won by the first weighting in 2,224 positions and by
    (10, 5, 8, 4, 3) in 7,908, by no other run within 40,000: the schedules
    decide it with either run, or not at all.
    """
    limit = 40_000  # the compiled runs, used directly: no warm_up, which would change the
    # engine of every later search in this process (a cancelled winnable_deal's test's timing)
    start, stock = encode(forty_thieves.deal(number))
    runs = [*portfolio.CANDIDATES, *portfolio.SMALL, *portfolio.BEAMS]
    row = {run: portfolio.solo(start, stock, run, limit)[0] for run in runs}
    totals = []
    for schedule in _SCHEDULES:
        simulated = portfolio.simulate(row, schedule, limit)
        real = portfolio.search_total(start, stock, schedule, limit)
        assert simulated.total == real, schedule
        totals.append(real)
    if number == 18343942034:
        assert totals[:3] == [2224, 4000 + 4000 + 8000 + 8000 + 7908 - 4000, None]
        # 1,000 + 1,000 + 1,000 + 4,000, then 2,000 + 1,224 of the small 10/5/5/4/3's second turn.
        assert totals[3:] == [1000 + 1000 + 1000 + 4000 + 2000 + 1224, None]


def test_a_run_beyond_its_cap_leaves_the_deal_unknown() -> None:
    """A run the matrix capped, allowed more, makes the rest unknown: not decided, not lost."""
    schedule = portfolio.Schedule(("10/5/5/4/3", "depth-first"), (1, 4))
    row = {
        "10/5/5/4/3": portfolio.Entry(12_000, decided=False),
        "depth-first": portfolio.Entry(30_000, decided=True),
    }
    # Round 1 gives 4,000 and 16,000, round 2 8,000 (the best-first run's cap, 12,000, reached
    # but not passed) and 32,000: the depth-first run ends at 4,000 + 16,000 + 8,000 + 14,000.
    assert portfolio.simulate(row, schedule, 10**6) == portfolio.Outcome(42_000, None)
    row["depth-first"] = portfolio.Entry(80_000, decided=True)
    # Round 3 would give the best-first run 16,000 more, past its cap: unknown after 60,000.
    assert portfolio.simulate(row, schedule, 10**6) == portfolio.Outcome(None, 60_000)
    row["10/5/5/4/3"] = portfolio.Entry(10_000, decided=False)
    assert portfolio.simulate(row, schedule, 10**6) == portfolio.Outcome(None, 26_000)


def test_a_run_at_its_ceiling_is_passed_over() -> None:
    """A run with a ceiling meets no more than it in all; the other runs go on without it."""
    schedule = portfolio.parse("10/5/5/4/3<6000 | 5/5/2/4/3 | depth-firstx2 @ 4000")
    assert schedule == portfolio.Schedule(
        ("10/5/5/4/3", "5/5/2/4/3", "depth-first"), (1, 1, 2), 4000, (6000, None, None)
    )
    assert str(schedule) == "[10/5/5/4/3<6000 | 5/5/2/4/3 | depth-firstx2] first cap 4,000"
    row = {
        "10/5/5/4/3": portfolio.Entry(7000, decided=True),
        "5/5/2/4/3": portfolio.Entry(20_000, decided=True),
        "depth-first": portfolio.Entry(10**6, decided=False),
    }
    # Rounds of 4,000 + 4,000 + 8,000, then 2,000 (the ceiling) + 8,000 + 16,000, then 8,000
    # of the second run, the first passed over: its win at 7,000 is past its ceiling.
    assert portfolio.simulate(row, schedule, 10**6) == portfolio.Outcome(50_000, None)
    row["10/5/5/4/3"] = portfolio.Entry(6000, decided=True)
    won = portfolio.Outcome(4000 + 4000 + 8000 + 2000, None)
    assert portfolio.simulate(row, schedule, 10**6) == won
    only_small = portfolio.parse("10/5/5/4/3<6000")
    row["10/5/5/4/3"] = portfolio.Entry(9000, decided=False)
    assert portfolio.simulate(row, only_small, 10**6) == portfolio.Outcome(None, None)
    # The engine's small runs come after the best-first runs without a ceiling.
    with pytest.raises(SystemExit, match="cannot run"), portfolio.adopted(schedule):
        pass


def test_runs_are_read_from_their_labels() -> None:
    """Any five weights from 0 up, not all 0, or the depth-first run; else an error naming it."""
    assert portfolio.weighting("6/7/2/11/6") == (6, 7, 2, 11, 6)
    assert portfolio.weighting("depth-first") is None
    for label, words in (
        ("6/7/2/11", "five weights"),
        ("6/7/-2/11/6", "five weights"),
        ("0/0/0/0/0", "every weight 0"),
    ):
        with pytest.raises(ValueError, match=words):
            portfolio.weighting(label)
    with pytest.raises(argparse.ArgumentTypeError, match="no run '1/2/3'"):
        portfolio.parse("10/5/5/4/3 | 1/2/3")


def test_the_generated_weightings_are_new_and_told_apart() -> None:
    """None orders positions as a candidate or another does (the same weights times a number)."""
    labels = portfolio.generated()
    alike = [portfolio._lowest(weights) for weights in map(portfolio.weighting, labels)]
    known = {portfolio._lowest(weights) for weights in portfolio.CANDIDATES.values() if weights}
    assert len(set(alike)) == len(labels) > 16
    assert not set(alike) & known
    assert "0/5/5/4/3" in labels  # the first weighting without its first weight
    assert "20/5/5/4/3" in labels  # and with it doubled
    assert portfolio.generated() == labels  # drawn from a fixed seed


def test_the_greedy_cover_takes_the_run_deciding_most_new_deals_first() -> None:
    """Each next run decides the most deals not yet decided within the limit; none: left out.

    On a tie, the run of fewer positions in all comes first.
    """
    entry = portfolio.Entry
    matrix = {
        1: {"a": entry(100, True), "b": entry(900, True), "c": entry(50, True)},
        2: {"a": entry(999, False), "b": entry(200, True), "c": entry(300, True)},
        3: {"a": entry(999, False), "b": entry(300, True), "c": entry(999, False)},
        4: {"a": entry(999, False), "b": entry(999, False), "c": entry(400, True)},
    }
    # After a: b and c decide two deals more each, c in fewer positions; then b deal 3.
    assert portfolio.greedy(matrix, [1, 2, 3, 4], ["b", "c"], 500, ["a"]) == ["a", "c", "b"]
    assert portfolio.greedy(matrix, [1, 2, 3, 4], ["a", "b", "c"], 500) == ["c", "b"]
    assert portfolio.greedy(matrix, [1, 2, 3, 4], ["a", "b"], 150) == ["a"]


def test_the_portfolio_tuning_deals_are_not_the_benchmarks() -> None:
    """The tuning set holds none of the benchmark's 200 deals; the benchmark set is its sample."""
    benchmark = random.Random(SEED).sample(range(DEAL_NUMBERS), 200)
    tuning = portfolio.deals("tuning", 300)
    assert len(set(tuning)) == 300
    assert not set(tuning) & set(benchmark)
    assert portfolio.deals("benchmark", 5) == benchmark[:5]


def test_the_portfolio_benchmark_prints_the_schedules_and_checks_them(tmp_path: Path) -> None:
    """benchmarks/forty_thieves_portfolio.py grows its matrix, screens, and checks the search."""
    matrix = tmp_path / "matrix.json"
    argv = [sys.executable, str(BENCHMARKS / "forty_thieves_portfolio.py"), "--deals", "1"]
    argv += ["--cap", "5000", "--depth-first-cap", "20000", "--matrix", str(matrix)]
    ran = _portfolio([*argv, "--screen", "--top", "2", "--check", "1"])
    lines = ran.stdout.splitlines()
    assert lines[0].startswith("1 tuning deals; runs alone to their caps (5,000: 10/5/5/4/3, ")
    assert re.match(
        r" +1 12371820618 +[\d.]+ cpu-s 4 runs decide, first 10/5/0/4/3 in 2,561", lines[1]
    )
    assert lines[4].startswith("    1 (100.0%)")  # the current schedule: won in 2,812 states
    assert lines[5].startswith("the 2 best at 1.6M + 3M (of those the matrix tells exactly")
    assert lines[-1] == "  check 12371820618: search 2812, simulated 2812" + lines[-1][48:]
    assert json.loads(matrix.read_text())["12371820618"]["10/5/5/4/3"] == [2812, True]
    again = _portfolio(argv)
    assert again.stdout.splitlines()[1].startswith("decided within, of 1 deals")  # kept


def _portfolio(argv: list[str]) -> subprocess.CompletedProcess[str]:
    """The benchmark run with *argv* (this interpreter first), its output captured."""
    return subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
