"""``patience-rules stats`` at scale: Dask clusters, the resumable results file, the bounds."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from dask.distributed import LocalCluster
from hypothesis import given
from hypothesis import strategies as st

from patience_rules import DEALS, GameCode, _stats_command, golf, solver
from patience_rules._stats_command import report, wilson_bounds, wilson_interval
from patience_rules.cli import _cluster, _results, main
from patience_rules.cli._results import LINE_LIMIT, Tally
from patience_rules.solver import Outcome
from test_cli_files import KINDS, special  # noqa: F401 - a fixture, used by name

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"


def stats(*argv: str, lang: str = "en") -> tuple[int, str, str]:
    """Run ``patience-rules stats golf ARGV`` (Classic, seed 5); its status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    base = ["stats", "golf", "--variant", "classic", "--seed", "5", "--lang", lang]
    with contextlib.redirect_stderr(err):
        status = main([*base, *argv], stdout=out)
    return status, out.getvalue(), err.getvalue()


def seeded(count: int, seed: int = 5) -> list[GameCode]:
    """The first *count* Golf Classic deals that *seed* draws, as ``stats --seed`` draws them."""
    rng = random.Random(seed)
    return [GameCode("golf", golf.Variant.CLASSIC, rng.randrange(DEALS)) for _ in range(count)]


def deals_in(path: Path) -> list[dict[str, Any]]:
    """The deals' lines of the results file *path*, without their times."""
    lines = path.read_text("utf-8").splitlines()[1:]
    return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in lines]


def expected(codes: list[GameCode]) -> list[dict[str, Any]]:
    """The lines a results file holds for *codes*, from the solver itself (times left out)."""
    return [
        {
            "code": str(code),
            "outcome": solution.outcome.value,
            "states": solution.states,
            "moves": [str(move) for move in solution.line],
        }
        for code, solution in ((code, solver.solve_code(code)) for code in codes)
    ]


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> list[GameCode]:
    """The codes that ``stats`` gives the solver, in order (it still solves them)."""
    asked: list[GameCode] = []

    def spy(codes: list[GameCode], **kwargs: Any) -> Any:
        asked.extend(codes)
        return solver.solve_many(codes, **kwargs)

    monkeypatch.setattr(_stats_command, "solve_many", spy)
    return asked


# -- Wilson intervals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_gives_the_published_values(
    wins: int, trials: int, low: float, high: float
) -> None:
    """Newcombe's (1998) worked examples of the Wilson score interval, to 4 decimals."""
    assert [round(bound, 4) for bound in wilson_interval(wins, trials)] == [low, high]


def test_wilson_bounds_count_the_unknown_deals_both_ways() -> None:
    """Lower bound with the unknown deals lost, upper bound with them won (Blake & Gent)."""
    assert wilson_bounds(81, 0, 263) == wilson_interval(81, 263)
    low, high = wilson_bounds(15, 66, 263)
    assert (round(low, 4), round(high, 4)) == (0.0349, 0.3662)  # worked out by hand too
    assert low == wilson_interval(15, 263)[0]
    assert high == wilson_interval(81, 263)[1]


@given(
    st.integers(1, 10**7)
    .flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n)))
    .flatmap(lambda nw: st.tuples(st.just(nw[0]), st.just(nw[1]), st.integers(0, nw[0] - nw[1])))
)
def test_wilson_bounds_hold_every_possible_share(sample: tuple[int, int, int]) -> None:
    """The interval holds every share the unknown deals allow, and widens with more of them."""
    trials, wins, unknown = sample
    low, high = wilson_bounds(wins, unknown, trials)
    assert 0 <= low <= wins / trials <= (wins + unknown) / trials <= high <= 1
    if unknown:
        assert wilson_bounds(wins, unknown - 1, trials)[1] <= high


def test_the_report_shows_two_digits_of_the_interval_and_the_speed() -> None:
    """On 20,000 deals the shares show 2 decimals (about ±0.7%), the unknown ones both ways."""
    tally = Tally()
    for index in range(20_000):
        outcome = Outcome.WIN if index < 9022 else Outcome.NO_WIN
        tally.add(Outcome.UNKNOWN if index >= 19_980 else outcome, index, 0.01)
    args = _stats_command.register(argparse.ArgumentParser().add_subparsers()).parse_args(
        ["golf", "--seed", "1"]
    )
    lines = report(args, "en", "classic", tally, timing={"wall": 9.0, "solving": 8.0}, solved=400)
    low, high = wilson_bounds(9022, 20, 20_000)
    assert lines[1] == "outcomes: win 9022, no_win 10958, unknown 20"
    assert lines[2] == f"winnable: 45.11% (95% Wilson interval {100 * low:.2f}%–{100 * high:.2f}%)"
    assert "45.21% if all were won" in lines[3]
    assert "lower bound" in lines[3]
    assert lines[-1] == "speed: 50.0 deals per second (400 deals solved by this run)"


# -- the results file and resuming ---------------------------------------------------------------


def test_the_results_file_holds_every_deal_as_the_solver_answers(tmp_path: Path) -> None:
    """One JSON line per deal after the run's header: code, outcome, states, seconds, moves."""
    path = tmp_path / "golf.jsonl"
    status, out, err = stats("--deals", "5", "--workers", "1", "--results", str(path))
    assert status == 0, err
    header, *lines = path.read_text("utf-8").splitlines()
    assert json.loads(header) == {
        "results": "patience-rules stats",
        "format": 1,
        "game": "golf",
        "variant": "classic",
        "seed": 5,
        "max_states": None,
        "max_seconds": 10.0,
        "method": "auto",
    }
    assert deals_in(path) == expected(seeded(5))
    assert all(0 <= json.loads(line)["seconds"] < 10 for line in lines)
    wins = sum(line["outcome"] == "win" for line in deals_in(path))
    assert f"outcomes: win {wins}, no_win {5 - wins}, unknown 0" in out
    assert "speed: " in out


def test_a_won_deals_line_is_a_record_that_replays_to_the_win(tmp_path: Path) -> None:
    """`patience-rules replay` plays a won deal's line of the results file to the won game."""
    path = tmp_path / "golf.jsonl"
    assert stats("--deals", "6", "--workers", "1", "--results", str(path))[0] == 0
    won = next(line for line in path.read_text("utf-8").splitlines()[1:] if '"win"' in line)
    record = tmp_path / "won.json"
    record.write_text(won, "utf-8")
    out = io.StringIO()
    assert main(["replay", str(record)], stdout=out) == 0
    assert "won" in out.getvalue()


def test_an_interrupted_run_resumes_without_solving_a_deal_twice(
    tmp_path: Path, solved: list[GameCode]
) -> None:
    """A write cut short is dropped and its deal solved again; the deals before it are not."""
    path = tmp_path / "golf.jsonl"
    assert stats("--deals", "4", "--workers", "1", "--results", str(path))[0] == 0
    content = path.read_bytes()
    path.write_bytes(content[: content.rindex(b"\n", 0, -1) + 12])  # the last line cut short
    solved.clear()
    status, out, err = stats("--deals", "6", "--workers", "1", "--results", str(path))
    assert status == 0, err
    assert solved == seeded(6)[3:]
    assert "its last line was cut short (11 bytes, an interrupted write)" in err
    assert "3 deals already solved, 3 to go" in err
    assert deals_in(path) == expected(seeded(6))
    assert out.startswith("golf classic: 6 deals (seed 5)")


def test_ctrl_c_stops_the_pool_and_reports_the_deals_solved(tmp_path: Path) -> None:
    """Ctrl-C reaches the whole process group: no worker dies of it, the run stops with 130.

    The report counts the deals solved so far, and the results file keeps them.
    """
    path = tmp_path / "ft.jsonl"
    argv = ["stats", "forty-thieves", "--seed", "3", "--deals", "40", "--workers", "2"]
    argv += ["--max-seconds", "2", "--results", str(path)]
    code = (  # Ctrl-C as at a terminal, even where the test runs in the background (ignored)
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        f"from patience_rules.cli import main; raise SystemExit(main({argv!r}))"
    )
    with subprocess.Popen(  # noqa: S603 - this interpreter, fixed arguments
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a terminal's foreground job
    ) as run:
        deadline = time.monotonic() + 120
        while not path.exists() or path.read_text("utf-8").count("\n") < 2:  # a deal is solved
            assert run.poll() is None, run.stderr
            assert time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=120)
    assert run.returncode == 130, err
    assert "Traceback" not in err
    solved = len(deals_in(path))
    assert 1 <= solved < 40
    assert f"interrupted: the report counts the {solved} deals this run solved" in err
    assert out.startswith(f"forty-thieves standard: {solved} deals (seed 3)")


def test_ctrl_c_before_any_deal_is_solved_reports_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """Interrupted before its first deal, a run says so and prints no report of nothing."""

    def interrupted(*_: object, **__: object) -> float:
        raise KeyboardInterrupt

    monkeypatch.setattr(_stats_command, "_solve", interrupted)
    status, out, err = stats("--deals", "4")
    assert status == 130
    assert "interrupted: the report counts the 0 deals this run solved" in err
    assert out == ""


def test_a_finished_run_is_reported_from_its_file_alone(
    tmp_path: Path, solved: list[GameCode]
) -> None:
    """A run whose deals are all in the file solves nothing and reports them all."""
    path = tmp_path / "golf.jsonl"
    assert stats("--deals", "3", "--workers", "1", "--results", str(path))[0] == 0
    first = stats("--deals", "3", "--workers", "1")[1].splitlines()[:3]
    solved.clear()
    status, out, err = stats("--deals", "2", "--workers", "1", "--results", str(path))
    assert (status, solved) == (0, [])
    assert out.splitlines()[:3] == first
    assert "3 deals already solved, 0 to go" in err
    assert "speed" not in out


def test_a_run_without_a_seed_resumes_with_fresh_random_deals(
    tmp_path: Path, solved: list[GameCode]
) -> None:
    """Without --seed the deals in the file are kept and only the missing ones drawn."""
    path = tmp_path / "golf.jsonl"
    argv = ["stats", "golf", "--deals", "2", "--workers", "1", "--results", str(path)]
    assert main(argv, stdout=io.StringIO()) == 0
    kept = deals_in(path)
    solved.clear()
    assert main([*argv[:3], "3", *argv[4:]], stdout=io.StringIO()) == 0
    assert len(solved) == 1
    assert deals_in(path)[:2] == kept
    assert len(deals_in(path)) == 3


@pytest.mark.parametrize(
    ("option", "field", "theirs", "ours"),
    [
        (["--variant", "easy"], "variant", "'classic'", "'easy'"),
        (["--seed", "6"], "seed", "5", "6"),
        (["--max-seconds", "2"], "max_seconds", "10.0", "2.0"),
        (["--max-states", "100"], "max_states", "None", "100"),
        (["--method", "python"], "method", "'auto'", "'python'"),
    ],
)
def test_a_results_file_of_another_run_is_refused_and_kept(
    tmp_path: Path, option: list[str], field: str, theirs: str, ours: str
) -> None:
    """Another variant, seed, budget or method: refused, naming the field; the file unchanged."""
    path = tmp_path / "golf.jsonl"
    assert stats("--deals", "2", "--workers", "1", "--results", str(path))[0] == 0
    before = path.read_bytes()
    status, out, err = stats("--deals", "2", "--workers", "1", "--results", str(path), *option)
    assert (status, out) == (1, "")
    assert f"holds another run: its {field} is {theirs}, not {ours}" in err
    assert path.read_bytes() == before


def test_a_results_file_of_another_game_is_refused(tmp_path: Path) -> None:
    """A Scorpion run's file is not a Golf run's."""
    path = tmp_path / "scorpion.jsonl"
    argv = ["stats", "scorpion", "--deals", "1", "--workers", "1", "--results", str(path)]
    assert main([*argv, "--max-states", "10"], stdout=io.StringIO()) == 0
    status, _, err = stats("--deals", "1", "--results", str(path))
    assert status == 1
    assert "its game is 'scorpion', not 'golf'" in err


@pytest.mark.parametrize(
    "content",
    [
        b'{"format": 1, "code": "GO1-C-AAAAAAB", "moves": ["d"]}',
        b'{"format": 1, "code": "GO1-C-AAAAAAB", "moves": ["d"]}\n',
        b"\x89PNG\r\n\x1a\n\0\0",
        b'{"results": "patience-rules stats", "format": 2',
    ],
)
def test_a_file_that_is_not_a_results_file_is_refused_and_kept(
    tmp_path: Path, content: bytes
) -> None:
    """A game record, with or without its end of line, or any other file: never written to."""
    path = tmp_path / "game.json"
    path.write_bytes(content)
    status, _, err = stats("--deals", "1", "--workers", "1", "--results", str(path))
    assert status == 1
    assert "is not a results file of patience-rules stats" in err
    assert path.read_bytes() == content


def test_an_empty_file_or_a_cut_header_starts_a_new_run(tmp_path: Path) -> None:
    """A file with nothing, or the start of the header (a first write cut short), is begun anew."""
    for content in (b"", b'{"results": "patience-rules stats", "for'):
        path = tmp_path / "golf.jsonl"
        path.write_bytes(content)
        assert stats("--deals", "1", "--workers", "1", "--results", str(path))[0] == 0
        assert deals_in(path) == expected(seeded(1))
        path.unlink()


def corrupt(path: Path, index: int, change: dict[str, Any] | bytes) -> None:
    """Replace deal line *index* of *path* by *change*: raw bytes or fields changed."""
    header, *lines = path.read_bytes().splitlines(keepends=True)
    if isinstance(change, bytes):
        lines[index] = change
    else:
        lines[index] = json.dumps(json.loads(lines[index]) | change).encode() + b"\n"
    path.write_bytes(header + b"".join(lines))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (b"{not json\n", "line 2: field 'code' is missing or wrong"),
        (b"\xff\xfe\n", "line 2: field 'code' is missing or wrong"),
        (b"[" * 5000 + b"\n", "line 2: field 'code' is missing or wrong"),
        ({"code": "GO1-E-AAAAAAB"}, "line 2: field 'code' is missing or wrong"),
        ({"code": "GO1-C-AAAAAA8"}, "line 2: field 'code' is missing or wrong"),
        ({"outcome": "maybe"}, "line 2: field 'outcome' is missing or wrong"),
        ({"states": -1}, "line 2: field 'states' is missing or wrong"),
        ({"states": True}, "line 2: field 'states' is missing or wrong"),
        ({"seconds": "0.1"}, "line 2: field 'seconds' is missing or wrong"),
        ({"outcome": "win", "moves": []}, "line 2: field 'moves' is missing or wrong"),
        ({"moves": [7]}, "line 2: field 'moves' is missing or wrong"),
        ({"code": "GO1-C-AAAAAAB"}, "line 2: the deal GO1-C-AAAAAAB is not the seed's deal"),
    ],
)
def test_a_corrupt_line_before_the_last_is_refused_naming_it(
    tmp_path: Path, change: dict[str, Any] | bytes, problem: str
) -> None:
    """A complete line that is not a deal of the run is refused with its number and field."""
    path = tmp_path / "golf.jsonl"
    assert stats("--deals", "2", "--workers", "1", "--results", str(path))[0] == 0
    corrupt(path, 0, change)
    before = path.read_bytes()
    status, _, err = stats("--deals", "3", "--workers", "1", "--results", str(path))
    assert status == 1
    assert problem in err
    assert path.read_bytes() == before


def test_seconds_that_are_not_finite_are_refused(tmp_path: Path) -> None:
    """JSON's NaN and Infinity, which Python reads, are not a deal's seconds."""
    path = tmp_path / "golf.jsonl"
    assert stats("--deals", "1", "--workers", "1", "--results", str(path))[0] == 0
    text = path.read_text("utf-8")
    for value in ("NaN", "Infinity", "-1"):
        path.write_text(text.replace('"seconds": ', f'"seconds": {value}, "was": '), "utf-8")
        status, _, err = stats("--deals", "1", "--results", str(path))
        assert (status, "field 'seconds'" in err) == (1, True), value


def test_the_results_file_is_read_with_bounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line over LINE_LIMIT bytes, or over DEALS_LIMIT deals, is refused, read no further."""
    path = tmp_path / "golf.jsonl"
    assert stats("--deals", "3", "--workers", "1", "--results", str(path))[0] == 0
    content = path.read_bytes()
    header_end = content.index(b"\n") + 1
    path.write_bytes(content[:header_end] + b"x" * (20 * LINE_LIMIT))  # no end of line at all
    status, _, err = stats("--deals", "3", "--results", str(path))
    assert status == 1
    assert f"line 2 holds more than {LINE_LIMIT} bytes" in err
    path.write_bytes(content)
    monkeypatch.setattr(_results, "DEALS_LIMIT", 2)
    status, _, err = stats("--deals", "3", "--results", str(path))
    assert status == 1
    assert "holds more than 2 deals" in err
    assert path.read_bytes() == content


def test_a_results_file_is_only_ever_a_regular_file(special: tuple[str, Path]) -> None:  # noqa: F811
    """A device, a FIFO, a socket or a folder is refused before any open (a FIFO would block)."""
    kind, path = special
    status, out, err = stats("--deals", "1", "--workers", "1", "--results", str(path))
    assert (status, out) == (1, "")
    assert f"cannot save to {path}: {KINDS[kind]}" in err


def test_paths_and_values_from_the_disk_are_escaped(tmp_path: Path) -> None:
    """Control characters in the file's name, or in its header's values, reach no terminal."""
    path = tmp_path / "run\x1b]0;owned\x07.jsonl"
    assert stats("--deals", "2", "--workers", "1", "--results", str(path))[0] == 0
    shown = str(path).replace("\x1b", "\\x1b").replace("\x07", "\\x07")
    _, _, err = stats("--deals", "3", "--workers", "1", "--results", str(path))
    assert f"{shown}: 2 deals already solved, 1 to go" in err
    header, rest = path.read_text("utf-8").split("\n", 1)
    path.write_text(header.replace('"auto"', '"\\u001b[2J"') + "\n" + rest, "utf-8")
    status, _, err = stats("--deals", "3", "--results", str(path))
    assert status == 1
    assert f"{shown} holds another run: its method is '\\x1b[2J', not 'auto'" in err
    assert "\x1b" not in err
    assert "\x07" not in err


def test_a_results_file_in_use_by_another_run_is_refused(tmp_path: Path) -> None:
    """While one run writes a file, a second run on it is refused and writes nothing."""
    path = tmp_path / "golf.jsonl"
    run = _results.Run("golf", "classic", 5, None, 10.0, "auto")
    first, _ = _results.open_results(path, run, iter(seeded(9)), "en")
    try:
        before = path.read_bytes()
        status, out, err = stats("--deals", "1", "--results", str(path))
        assert (status, out) == (1, "")
        assert f"{path} is in use by another run of stats" in err
        assert path.read_bytes() == before
    finally:
        first.close()
    assert stats("--deals", "1", "--workers", "1", "--results", str(path))[0] == 0


def test_a_results_file_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    """A file in a folder that does not exist: the system's reason, in the player's language."""
    path = tmp_path / "missing" / "golf.jsonl"
    status, _, err = stats("--deals", "1", "--results", str(path), lang="hi")
    assert status == 1
    assert f"{path} में सहेजा नहीं जा सका: ऐसी कोई फ़ाइल या फ़ोल्डर नहीं है" in err


def test_a_write_that_fails_mid_run_stops_it_and_the_next_run_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk after two deals: status 1 naming the file; the deals before it are kept."""
    path = tmp_path / "golf.jsonl"
    real_add = _results.Results.add

    def add_two(results: _results.Results, code: GameCode, solution: Any) -> None:
        if len(deals_in(path)) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_add(results, code, solution)

    monkeypatch.setattr(_results.Results, "add", add_two)
    status, out, err = stats("--deals", "4", "--workers", "1", "--results", str(path))
    assert (status, out) == (1, "")
    assert f"cannot save to {path}: No space left on device" in err
    monkeypatch.undo()
    assert stats("--deals", "4", "--workers", "1", "--results", str(path))[0] == 0
    assert deals_in(path) == expected(seeded(4))


# -- Dask --------------------------------------------------------------------------------------


def test_stats_on_dask_clusters_answers_as_the_solver(tmp_path: Path) -> None:
    """--scheduler (a real LocalCluster's) and --dask-local: the same deals, the same lines."""
    path = tmp_path / "golf.jsonl"
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        argv = ["--deals", "3", "--results", str(path), "--scheduler", cluster.scheduler_address]
        status, out, err = stats(*argv)
    assert status == 0, err
    assert deals_in(path) == expected(seeded(3))
    argv = ["--deals", "5", "--results", str(path), "--dask-local", "--workers", "1"]
    status, out, err = stats(*argv)
    assert status == 0, err
    assert deals_in(path) == expected(seeded(5))
    wins = sum(line["outcome"] == "win" for line in deals_in(path))
    assert f"outcomes: win {wins}, no_win {5 - wins}, unknown 0" in out


def test_without_dask_the_pool_stays_and_a_cluster_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With dask not importable, --scheduler and --dask-local say which extra to install."""
    for name in [name for name in sys.modules if name == "dask" or name.startswith("dask.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    for option in (["--scheduler", "tcp://127.0.0.1:8786"], ["--dask-local"]):
        status, out, err = stats("--deals", "1", *option)
        assert (status, out) == (2, "")
        assert err == (
            f"patience-rules: {option[0]} needs Dask, which is not installed:"
            " pip install 'patience-rules[cluster]'\n"
        )
    assert stats("--deals", "1", "--workers", "1")[0] == 0


def test_the_dask_import_is_lazy() -> None:
    """Running the client without a cluster option imports no Dask."""
    code = (
        "import sys; from patience_rules.cli import main; "
        "main(['stats', 'golf', '--deals', '1', '--workers', '1', '--max-states', '1']); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'dask', 'distributed'}))"
    )
    ran = subprocess.run(  # noqa: S603 - a fixed command
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert ran.stdout.splitlines()[-1] == "[]"


def test_a_scheduler_that_cannot_be_reached_is_reported_escaped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No scheduler at the address, or no address at all: refused, naming it, escaped."""
    monkeypatch.setattr(_cluster, "CONNECT_SECONDS", 0.5)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    status, _, err = stats("--deals", "1", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert status == 1
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: " in err
    status, _, err = stats("--deals", "1", "--scheduler", "nowhere\x1b[2J")
    assert status == 1
    assert "cannot reach the Dask scheduler at nowhere\\x1b[2J: " in err
    assert "\x1b" not in err


def test_workers_and_a_scheduler_do_not_go_together() -> None:
    """--workers sizes a local pool: with --scheduler it is refused, as is --dask-local."""
    status, _, err = stats("--deals", "1", "--workers", "2", "--scheduler", "tcp://h:8786")
    assert status == 2
    assert "--workers sets the size of a local pool or cluster" in err
    status, _, err = stats("--deals", "1", "--dask-local", "--scheduler", "tcp://h:8786")
    assert status == 2
    assert "not allowed with argument" in err


def test_the_winnability_benchmark_runs_and_compares(tmp_path: Path) -> None:
    """benchmarks/golf_winnability.py reports both variants against the published figures."""
    argv = [sys.executable, str(BENCHMARKS / "golf_winnability.py"), "--results", str(tmp_path)]
    argv += ["--deals", "2", "--step", "1", "--workers", "1"]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    lines = ran.stdout.splitlines()
    assert [line for line in lines if line.startswith("golf ")] == [
        "golf classic: 1 deals (seed 20261202), method auto",
        "golf easy: 1 deals (seed 20261202), method auto",
        "golf classic: 2 deals (seed 20261202), method auto",
        "golf easy: 2 deals (seed 20261202), method auto",
    ]
    assert sum(line.startswith("published 45.109%") for line in lines) == 2
    assert sum(line.startswith("published near 93%") for line in lines) == 2
    assert sum(line.startswith("speed: ") for line in lines) == 4
    assert len(deals_in(tmp_path / "golf-easy.jsonl")) == 2
    assert math.isfinite(float(lines[2].split()[1].rstrip("%")))
