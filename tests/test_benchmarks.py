"""The playout benchmark's floors play the library's games, and the benchmark runs."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from patience_rules import forty_thieves, golf, new_game, scorpion

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import floors  # noqa: E402 - a benchmark module, found through the path above

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


def test_the_playout_benchmark_runs() -> None:
    """benchmarks/playouts.py prints a row per line, and each game's loading and round trip."""
    argv = [sys.executable, str(BENCHMARKS / "playouts.py"), "--repeat", "1", "--deals", "3"]
    result = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - fixed
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
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - fixed
    lines = ran.stdout.splitlines()
    assert re.match(r"Forty Thieves FT1-N-AAAAAAC, 30 actions", lines[0])
    assert re.match(r" +floor: pure replay +load +[\d.]+ ms", lines[1])
    for name, line in zip(["record", "full position"], lines[2:], strict=True):
        assert re.match(rf" +{name} +[\d.]+ KB +save +[\d.]+ ms +load +[\d.]+ ms +\(", line)


def test_the_winnable_deal_benchmark_runs() -> None:
    """benchmarks/winnable_deal.py prints the median and worst seconds per game and variant."""
    script = BENCHMARKS / "winnable_deal.py"
    argv = [sys.executable, str(script), "--seeds", "1", "--games", "golf"]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - fixed
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
