"""The daily deal: one code per date, proved winnable, the same on every machine."""

from __future__ import annotations

import datetime as dt
import json
import os
import pickle
import subprocess
import sys
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_rules import PatienceError, new_game, solver
from patience_rules.shuffle import SplitMix64
from patience_rules.solver import Outcome, SolverError, _base, _daily, _golf, _winnable
from patience_rules.solver._engines import game_and_variant

DAY = dt.date(2026, 12, 2)

PINNED = {
    ("golf", None, DAY): "GO1-E-AW4RFMQ",
    ("golf", None, dt.date(2027, 1, 1)): "GO1-E-HQFOH5S",
    ("golf", None, dt.date(2000, 2, 29)): "GO1-E-VNI4DUI",
    ("golf", "classic", DAY): "GO1-C-AW4RFMQ",
    ("forty_thieves", None, DAY): "FT1-N-RKE46JM",
    ("forty_thieves", None, dt.date(2027, 1, 1)): "FT1-N-SD6TRBW",
    ("forty_thieves", None, dt.date(2000, 2, 29)): "FT1-N-BYH5JN4",
    ("scorpion", None, DAY): "SC1-C-EZRAYQR",
    ("scorpion", None, dt.date(2027, 1, 1)): "SC1-C-LNDN6SG",
    ("scorpion", None, dt.date(2000, 2, 29)): "SC1-C-BC3HSCT",
    ("scorpion", "flexible", DAY): "SC1-F-EZRAYQQ",
}
"""The daily deals of a few dates: any change to the rule, the solver or a table shows here."""


def won(code: object, line: tuple[Any, ...]) -> bool:
    """Whether *line* played from the deal of *code* wins it."""
    game = new_game(str(code))
    for move in line:
        game = game.play(move)
    return game.status == "won"


@pytest.mark.parametrize(("key", "code"), PINNED.items(), ids=str)
def test_pinned_daily_deals_and_their_certificates(key: tuple[Any, ...], code: str) -> None:
    """A pinned date gives its pinned code, and the certificate wins that deal."""
    game, variant, date = key
    found, line = solver.daily_deal(game, date, variant)
    assert str(found) == code
    assert won(found, line)


def test_the_seed_and_the_first_deal_follow_the_documented_rule() -> None:
    """The seed packs 'D', the prefix and yyyymmdd; the first deal is SplitMix64's below(2**35)."""
    seed = int.from_bytes(b"DGO1", "big") << 32 | 20261202
    assert _daily.seed("GO1", DAY) == seed == 0x44474F3101352952
    first = SplitMix64(seed).below(2**35)
    code, _ = solver.daily_deal("golf", DAY)
    # Easy Golf: the first of the deals from `first` on that the solver wins within 1,000 states.
    tries, states = _daily.TRIES["golf"]
    assert first <= code.number < first + tries
    for number in range(first, code.number):
        refused = solver.solve_code(f"GO1-E-{_base32(number)}", max_states=states, method="python")
        assert refused.outcome is not Outcome.WIN
    kept = solver.solve_code(str(code), max_states=states, method="python")
    assert kept.outcome is Outcome.WIN


def _base32(number: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    return "".join(alphabet[number >> 5 * place & 31] for place in reversed(range(7)))


def test_forty_thieves_takes_its_deal_from_the_first_rows_of_its_table() -> None:
    """Forty Thieves: row date.toordinal() % rows of the table, for 100 days without a repeat."""
    rows = _winnable.table("forty_thieves", new_game("FT1-N-AAAAAAA").state.variant)
    count = _daily.TABLE_ROWS[("forty_thieves", "standard")]
    numbers = set()
    for date in (DAY + dt.timedelta(days=k) for k in range(count)):
        number, moves = rows[date.toordinal() % count]
        code, line = solver.daily_deal("forty_thieves", date)
        assert code.number == number
        assert " ".join(map(str, line)) == moves
        numbers.add(number)
    assert len(numbers) == count


def test_rows_added_to_a_table_change_no_daily_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the pinned first rows of a table count: a longer table gives the same deals."""
    before = [solver.daily_deal("forty_thieves", DAY + dt.timedelta(days=k)) for k in range(5)]
    table = _winnable.table

    def longer(game: str, variant: Any) -> tuple[tuple[int, str], ...]:
        rows = table(game, variant)
        return rows + rows[:50]

    monkeypatch.setattr(_winnable, "table", longer)
    after = [solver.daily_deal("forty_thieves", DAY + dt.timedelta(days=k)) for k in range(5)]
    assert after == before


def test_each_shipped_table_has_the_rows_the_rule_picks_from() -> None:
    """The rule's row counts are within the shipped tables."""
    for (game, variant), rows in _daily.TABLE_ROWS.items():
        member = game_and_variant(game, variant)[1]
        assert len(_winnable.table(game, member)) >= rows


class _SlowClock:
    """A clock on which every look takes an hour: the slowest machine there is."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 3600.0
        return self.now

    def perf_counter(self) -> float:
        return self.monotonic()


@pytest.mark.parametrize("game", ["golf", "forty_thieves", "scorpion"])
def test_the_daily_deal_does_not_depend_on_the_machines_speed(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a clock where every look takes an hour, the deals are the same: states bound them."""
    dates = [DAY + dt.timedelta(days=k) for k in range(8)]
    fast = [solver.daily_deal(game, date) for date in dates]
    clock = _SlowClock()
    monkeypatch.setattr(_base, "time", clock)
    slow = [solver.daily_deal(game, date, max_seconds=1e12) for date in dates]
    assert clock.now > 0  # the clock was read, and gave hours
    assert slow == fast


def test_running_out_of_time_fails_the_call_and_never_gives_another_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A deadline that passes makes daily_deal raise; it does not fall back to another deal."""
    monkeypatch.setattr(_base, "time", _SlowClock())
    with pytest.raises(SolverError, match=r"ran out of time.*daily scorpion deal of 2026-12-02"):
        solver.daily_deal("scorpion", DAY, max_seconds=60)


def test_a_cancelled_daily_deal_raises() -> None:
    """cancel, once set, makes daily_deal raise a SolverError that says so, and pickles."""
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SolverError, match="cancelled") as caught:
        solver.daily_deal("golf", DAY, cancel=cancel)
    copy = pickle.loads(pickle.dumps(caught.value))  # noqa: S301 - our own data
    assert copy.args == caught.value.args


def test_the_daily_deal_does_not_depend_on_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Golf's daily deal is the same whether or not numpy is installed."""
    dates = [DAY + dt.timedelta(days=k) for k in range(8)]
    with_numpy = [solver.daily_deal("golf", date) for date in dates]
    monkeypatch.setattr(_golf, "has_numpy", lambda: False)
    assert [solver.daily_deal("golf", date) for date in dates] == with_numpy


_ANOTHER_PROCESS = """
import datetime, json, sys
from patience_rules import solver
dates = [datetime.date(2026, 12, 2) + datetime.timedelta(days=k) for k in range(4)]
print(json.dumps([
    [str(code), [str(move) for move in line]]
    for game in ("golf", "forty_thieves", "scorpion")
    for code, line in (solver.daily_deal(game, date) for date in dates)
]))
"""


def test_another_process_with_another_hash_seed_gets_the_same_deals() -> None:
    """A fresh interpreter with other string hashes computes the same codes and lines."""
    here = [
        [str(code), [str(move) for move in line]]
        for game in ("golf", "forty_thieves", "scorpion")
        for code, line in (
            solver.daily_deal(game, DAY + dt.timedelta(days=k)) for k in range(4)
        )
    ]
    for hash_seed in ("1", "12345"):
        environment = os.environ | {"PYTHONHASHSEED": hash_seed}
        result = subprocess.run(  # noqa: S603 - our own interpreter and script
            [sys.executable, "-c", _ANOTHER_PROCESS],
            capture_output=True,
            text=True,
            check=True,
            env=environment,
        )
        assert json.loads(result.stdout) == here


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["golf", "forty_thieves", "scorpion"]),
    st.dates(min_value=dt.date(1, 1, 1), max_value=dt.date(9999, 12, 31)),
)
def test_every_date_has_a_daily_deal_that_its_certificate_wins(game: str, date: dt.date) -> None:
    """Any date of any game: a code of the default variant, won by its line, the same twice."""
    code, line = solver.daily_deal(game, date)
    assert code.game == game
    assert code.variant is game_and_variant(game, None)[1]
    assert won(code, line)
    assert solver.daily_deal(game, date) == (code, line)


def test_consecutive_days_get_different_deals() -> None:
    """A week of daily deals: seven different codes per game (from a table too)."""
    for game in ("golf", "forty_thieves", "scorpion"):
        week = {solver.daily_deal(game, DAY + dt.timedelta(days=k))[0] for k in range(7)}
        assert len(week) == 7


def test_no_deal_proved_winnable_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no tries and no table, daily_deal says that no deal was proved winnable."""
    monkeypatch.setitem(_daily.TRIES, "golf", (0, 0))
    with pytest.raises(SolverError, match="no daily golf deal of 2026-12-02 under easy"):
        solver.daily_deal("golf", DAY)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: solver.daily_deal("golf", dt.datetime(2026, 12, 2, tzinfo=dt.timezone.utc)),
            "not a time",
        ),
        (lambda: solver.daily_deal("golf", "2026-12-02"), "date must be a datetime.date"),
        (lambda: solver.daily_deal("golf", None), "date must be a datetime.date"),
        (lambda: solver.daily_deal("chess", DAY), "'chess' is not a game the solver plays"),
        (lambda: solver.daily_deal("golf", DAY, "hard"), "'hard' is not a golf variant"),
        (lambda: solver.daily_deal("golf", DAY, max_seconds=-1), "max_seconds must be"),
        (lambda: solver.daily_deal("golf", DAY, cancel=object()), "cancel must be None"),
    ],
)
def test_daily_deal_checks_its_arguments(call: Any, message: str) -> None:
    """Junk arguments raise a SolverError naming the argument."""
    with pytest.raises(SolverError, match=message) as caught:
        call()
    assert isinstance(caught.value, PatienceError)


def test_scorpion_falls_back_to_its_table_when_no_try_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no deal won in its tries, Scorpion's daily deal is the day's row of its table."""
    monkeypatch.setitem(_daily.TRIES, "scorpion", (0, 0))
    code, line = solver.daily_deal("scorpion", DAY, "flexible")
    rows = _winnable.table("scorpion", code.variant)
    assert (code.number, " ".join(map(str, line))) == rows[DAY.toordinal() % 100]
    assert won(code, line)
