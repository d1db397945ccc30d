"""The compiled best-first run (numba) against the Python one: the same positions, in order."""

from __future__ import annotations

import contextlib
import functools
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from forty_thieves_positions import played_at_random
from forty_thieves_positions import position as forty_thieves_position
from patience_rules import forty_thieves as ft
from patience_rules.solver import _forty_thieves as engine
from patience_rules.solver._base import Budget, OutOfBudgetError
from patience_rules.solver._forty_thieves import _FIRST, RULES, encode, search, to_moves
from patience_rules.solver._forty_thieves._compiled import (
    CHUNK_STATES,
    CompiledBeam,
    CompiledBestFirst,
    CompiledDepthFirst,
)
from patience_rules.solver._forty_thieves._compiled import _position as compiled_position
from patience_rules.solver._forty_thieves._compiled import _runs as compiled_runs
from patience_rules.solver._forty_thieves._compiled import _tables as compiled_tables
from patience_rules.solver._forty_thieves._dead import is_dead
from patience_rules.solver._forty_thieves._encoding import Move, Position, key, moves, play
from patience_rules.solver._forty_thieves._safe import settle, settle_after
from patience_rules.solver._forty_thieves._search import (
    Beam,
    BestFirst,
    Capped,
    DepthFirst,
    Rules,
    Task,
    Weights,
    score,
    undoing,
)

STATES = (
    ft.deal(7919),
    ft.deal(9575974695),
    ft.deal(17595220011),
    ft.deal(1),
    played_at_random(72, 10),
    played_at_random(5, 16),
    played_at_random(44, 10),
    played_at_random(3, 30),
)
"""Whole deals and late positions: won, proved lost and capped within the tests' caps."""


def outcome(
    run: Callable[[Task, Position, Weights], BestFirst | CompiledBestFirst | Beam | CompiledBeam],
    state: ft.State,
    caps: tuple[int | None, ...],
    max_states: int | None = None,
) -> tuple[object, int]:
    """What *run* from *state* answers, resumed with each cap of *caps* in turn (the last again).

    The answer is its line, ``"capped"`` or ``"out of budget"``; then the budget's states.
    """
    start, stock = encode(state)
    budget = Budget.start(max_states, None)
    search = run(Task(stock, budget, Rules(RULES)), start, _FIRST)
    for cap in caps[:-1]:
        try:
            return search.resume(cap), budget.states
        except Capped:
            pass
    while True:
        try:
            answer: object = search.resume(caps[-1])
        except Capped:
            if caps[-1] is not None and budget.states < (max_states or 0):
                continue
            answer = "capped"
        except OutOfBudgetError:
            answer = "out of budget"
        return answer, budget.states


@pytest.mark.parametrize("cap", [2000, 20_000])
def test_the_compiled_run_meets_the_python_runs_positions(cap: int) -> None:
    """At a cap, the same line or the same ``Capped``, after as many positions, each start."""
    answers = set()
    for state in STATES:
        python = outcome(BestFirst, state, (cap,))
        assert outcome(CompiledBestFirst, state, (cap,)) == python
        answer, _ = python
        answers.add("capped" if answer == "capped" else "no win" if answer is None else "win")
        if isinstance(answer, list):
            end = state
            for move in to_moves(state, answer):
                end = ft.apply(end, move)
            assert ft.is_won(end)
    assert answers == ({"capped", "no win"} if cap == 2000 else {"capped", "win", "no win"})


@pytest.mark.parametrize("cap", [2000, 40_000])
def test_the_compiled_beam_meets_the_python_beams_positions(cap: int) -> None:
    """Beam passes: the same line, proof or ``Capped`` after as many positions, tables grown."""
    answers = set()
    for state in STATES:
        python = outcome(Beam, state, (cap,))
        assert outcome(CompiledBeam, state, (cap,)) == python
        assert outcome(functools.partial(CompiledBeam, nodes=2), state, (cap,)) == python
        answer, _ = python
        answers.add("capped" if answer == "capped" else "no win" if answer is None else "win")
    assert answers == ({"capped", "no win"} if cap == 2000 else {"capped", "win", "no win"})


def test_a_compiled_beam_stopped_and_resumed_is_the_beam_never_stopped() -> None:
    """Resumed after every few positions, passes widened on the way: the Python beam's."""
    for state in STATES[::2]:
        python = outcome(Beam, state, (None,), max_states=20_000)
        for step in (None, 1, 7, 500):
            assert outcome(CompiledBeam, state, (step,), max_states=20_000) == python


@pytest.mark.parametrize("use_compiled", [True, False])
def test_the_portfolios_beam_wins_a_deal_its_best_first_runs_do_not(
    monkeypatch: pytest.MonkeyPatch, *, use_compiled: bool
) -> None:
    """Deal 20318610996: the first beam wins it in its first turn; without beams, no run by 200k.

    The first round's eight best-first runs and three small runs meet 4,000
    positions each, then the beam of the first weighting wins in 30,111.
    """
    state = ft.deal(20318610996)
    start, stock = encode(state)
    budget = Budget.start(200_000, None)
    line = search(start, stock, budget, compiled=use_compiled)
    assert line is not None
    assert budget.states == 11 * 4000 + 30_111
    end = state
    for move in to_moves(state, line):
        end = ft.apply(end, move)
    assert ft.is_won(end)
    monkeypatch.setattr(engine, "BEAM_RUNS", ())
    with pytest.raises(OutOfBudgetError):
        search(start, stock, Budget.start(200_000, None), compiled=use_compiled)


def test_with_few_stock_cards_left_the_portfolio_runs_no_beam(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """16 stock cards or fewer: no beam is made; 17: the beams are."""

    def no_beam(*_: object) -> None:
        raise AssertionError("a beam")

    monkeypatch.setattr(engine, "Beam", no_beam)
    for stock_left in (0, 10, 16):
        start, stock = encode(played_at_random(5, stock_left))
        with contextlib.suppress(OutOfBudgetError):
            search(start, stock, Budget.start(2000, None))
    start, stock = encode(played_at_random(5, 17))
    with pytest.raises(AssertionError, match="a beam"):
        search(start, stock, Budget.start(2000, None))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from((0, 5, 10, 16, 24)))
def test_on_late_positions_the_compiled_run_is_the_python_run(seed: int, stock_left: int) -> None:
    """On positions played at random until few stock cards are left: the same answer and count."""
    state = played_at_random(seed, stock_left)
    python = outcome(BestFirst, state, (2000,))
    event("capped" if python[0] == "capped" else "no win" if python[0] is None else "win")
    assert outcome(CompiledBestFirst, state, (2000,)) == python


def test_a_compiled_run_stopped_and_resumed_is_the_run_never_stopped() -> None:
    """Resumed after every few positions, within a budget: the Python run's answer and count."""
    for state in STATES[::2]:
        python = outcome(BestFirst, state, (None,), max_states=3000)
        for step in (None, 1, 7, 500):
            assert outcome(CompiledBestFirst, state, (step,), max_states=3000) == python


def test_a_run_whose_tables_grow_from_almost_nothing_meets_the_same_positions() -> None:
    """Tables grown many times over (from room for two positions): the same answers."""
    for state in STATES:
        start, stock = encode(state)
        answers = []
        for nodes in (2, 1 << 16):
            budget = Budget.start(None, None)
            run = CompiledBestFirst(Task(stock, budget, Rules(RULES)), start, _FIRST, nodes)
            try:
                answer: object = run.resume(5000)
            except Capped:
                answer = "capped"
            answers.append((answer, budget.states, run.positions))
        assert answers[0] == answers[1]


def test_a_budget_of_states_stops_the_compiled_run_as_it_stops_the_python_run() -> None:
    """Fewer states left in the budget than the cap: out of budget, every state counted."""
    state = ft.deal(7919)
    for caps in ((2000,), (None,), (1000, 2000)):
        python = outcome(BestFirst, state, caps, max_states=1500)
        assert python == ("out of budget", 1500)
        assert outcome(CompiledBestFirst, state, caps, max_states=1500) == python


def test_a_cancelled_run_stops_within_a_chunk() -> None:
    """A set cancel signal stops the run when it first returns to Python: its states counted."""
    start, stock = encode(ft.deal(7919))
    cancel = threading.Event()
    cancel.set()
    budget = Budget.start(None, None, cancel)
    run = CompiledBestFirst(Task(stock, budget, Rules(RULES)), start, _FIRST)
    with pytest.raises(OutOfBudgetError):
        run.resume(None)
    assert budget.states == run.positions == CHUNK_STATES


def test_the_compiled_run_refuses_a_rule_switched_off() -> None:
    """It runs every rule or none: with one off, a ValueError saying so."""
    start, stock = encode(ft.deal(7919))
    for rule in ("symmetry", "safe_moves", "few_take_backs", "dead_positions", "no_undo"):
        task = Task(stock, Budget.start(None, None), Rules(RULES - {rule}))
        with pytest.raises(ValueError, match="applies every rule"):
            CompiledBestFirst(task, start, _FIRST)


def test_a_hand_built_position_with_a_long_stock_is_run_as_in_python() -> None:
    """A waste and a stock of more than 64 cards (no play reaches it) take a longer mask.

    Built by hand, the position holds 3 cards and 101 in the stock: the keys' masks
    take 13 bytes, and the run meets the Python run's positions.
    """
    state = forty_thieves_position(["2S", "KD"], waste="AS")
    start, stock = encode(state)
    assert len(compiled_runs._sequence(start, stock)) == 8 * 13
    outcomes = []
    for run in (BestFirst, CompiledBestFirst):
        budget = Budget.start(None, None)
        try:
            answer: object = run(Task(stock, budget, Rules(RULES)), start, _FIRST).resume(3000)
        except Capped:
            answer = "capped"
        outcomes.append((answer, budget.states))
    assert outcomes[0] == outcomes[1]


def test_a_borrowed_array_is_its_owners_memory() -> None:
    """A borrowed array reads and writes the memory of the array it borrows."""
    owner = np.arange(5, dtype=np.int64)
    borrowed = compiled_tables._borrow(owner)
    borrowed[1] = 70
    owner[2] = 80
    assert list(owner) == list(borrowed) == [0, 70, 80, 3, 4]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=104), st.data())
def test_the_next_fit_is_the_first_index_holding_the_card(
    cards: list[int], data: st.DataObject
) -> None:
    """The word-at-a-time search finds what a scan of the sequence finds."""
    sequence = np.zeros(8 * -(-len(cards) // 8), np.uint8)
    sequence[: len(cards)] = cards
    at = data.draw(st.integers(0, len(cards) - 1))
    card = data.draw(st.sampled_from(cards[at:]))
    assert compiled_position._next_fit(sequence.view(np.uint64), at, card) == cards.index(card, at)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), max_size=20), st.binary(min_size=104, max_size=104))
def test_a_columns_prefix_is_its_first_seven_cards_plus_one(
    cards: list[int], left_over: bytes
) -> None:
    """A column's prefix, read as a word, ignores the bytes past its end (left from before)."""
    array = np.zeros(compiled_position._POSITION, np.uint8)
    column = 3
    room = compiled_position._ROOM
    array[column * room : (column + 1) * room] = list(left_over)
    array[column * room : column * room + len(cards)] = cards
    array[compiled_position._LENGTHS + column] = len(cards)
    expected = 0
    for at in range(7):
        expected = expected << 8 | (cards[at] + 1 if at < len(cards) else 0)
    assert compiled_position._prefix(array, column) == expected


@given(st.permutations(range(10)))
def test_a_nodes_places_are_kept_two_to_a_byte(places: list[int]) -> None:
    """The places of a node's columns come back as they were kept (4 bits each)."""
    start, stock = encode(ft.deal(7919))
    run = CompiledBestFirst(Task(stock, Budget.start(None, None), Rules(RULES)), start, _FIRST)
    tables = run._tables
    tables.child_order[:] = places
    compiled_tables._keep(tables, 1, np.uint64(1), -1, 0)
    assert tables.order.shape[1] == 5
    assert list(compiled_tables._places(tables, 0)) == places


def test_the_table_tells_apart_keys_of_the_same_hash() -> None:
    """Keys are compared whole: a key whose hash is another's is not taken for it."""
    start, stock = encode(ft.deal(7919))
    run = CompiledBestFirst(Task(stock, Budget.start(None, None), Rules(RULES)), start, _FIRST)
    tables = run._tables
    words = compiled_position._key(
        compiled_runs._position(start),
        tables.sequence,
        tables.key,
        tables.child_order,
        tables.work,
    )
    same_hash = np.uint64(12345)
    compiled_tables._keep(tables, words, same_hash, -1, 0)
    assert compiled_tables._find(tables, words, same_hash)
    tables.key[words - 1] ^= np.uint64(1 << 60)  # another key, given the same hash
    assert not compiled_tables._find(tables, words, same_hash)
    tables.key[words - 1] ^= np.uint64(1 << 60)
    assert not compiled_tables._find(tables, words, np.uint64(54321))  # the same key, another slot


def from_array(array: np.ndarray[tuple[int], np.dtype[np.uint8]]) -> Position:
    """The Python engine's position of a compiled one."""
    room = compiled_position._ROOM
    lengths = [
        int(length)
        for length in array[compiled_position._LENGTHS : compiled_position._LENGTHS + 10]
    ]
    columns = tuple(bytes(array[c * room : c * room + lengths[c]]) for c in range(10))
    waste_at = compiled_position._WASTE_AT
    waste = bytes(array[waste_at : waste_at + int(array[compiled_position._WASTE_LENGTH])])
    heights = bytes(array[compiled_position._HEIGHTS : compiled_position._HEIGHTS + 8])
    return Position(columns, waste, int(array[compiled_position._DRAWN]), heights)


def code(move: Move) -> int:
    """The compiled code of a Python engine's move."""
    if move is None:
        return compiled_position._DRAW
    source, target = move
    return source * 16 + target


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from((0, 10, 16, 40, 64)), st.booleans())
def test_the_compiled_pieces_agree_with_their_python_twins(
    seed: int, stock_left: int, draw_to_play: bool
) -> None:
    """Moves, play, safe moves, key, score and the dead test, on a position and its children.

    Keys: each decodes to its position, and two children's keys are equal exactly
    when their Python keys are.
    """
    state = played_at_random(seed, stock_left)
    position, stock = encode(state)
    position = settle(position, stock, [])
    stock_array = np.frombuffer(stock, np.uint8).copy()
    sequence = compiled_runs._sequence(position, stock)
    keys: dict[bytes, bytes] = {}
    python_keys: dict[bytes, bytes] = {}
    array = compiled_runs._position(position)
    assert from_array(array) == position
    work = np.zeros(compiled_position._WORK, np.int64)
    assert compiled_position._is_dead(array, stock_array, work) == is_dead(position, stock)
    expected = moves(position, stock, take_backs=False, draw_to_play=draw_to_play)
    found = np.zeros(compiled_position._MAX_MOVES, np.int16)
    other = np.zeros(compiled_position._MAX_MOVES, np.int16)
    count = compiled_position._moves(array, stock_array, draw_to_play, found, other, work)
    assert list(found[:count]) == [code(move) for move in expected]
    for move in expected:
        line: list[Move] = [move]
        child = settle_after(play(position, move, stock), move, stock, line)
        compiled_child = array.copy()
        steps = np.zeros(compiled_position._MAX_STEPS, np.int16)
        steps[0] = code(move)
        compiled_position._play(compiled_child, code(move), stock_array)
        steps_count = compiled_position._settle_after(
            compiled_child, code(move), stock_array, steps, 1
        )
        assert from_array(compiled_child) == child
        assert list(steps[:steps_count]) == [code(step) for step in line]
        undo = undoing(move)
        assert compiled_position._undoing(code(move)) == (
            compiled_position._END if undo == (-1, -1) else code(undo)
        )
        words = np.zeros(compiled_position._KEY_WORDS, np.uint64)
        order = np.zeros(10, np.uint8)
        word_count = compiled_position._key(compiled_child, sequence, words, order, work)
        compiled_key = bytes(words[:word_count].view(np.uint8))
        assert keys.setdefault(compiled_key, key(child)) == key(child)
        assert python_keys.setdefault(key(child), compiled_key) == compiled_key
        decoded = np.zeros(compiled_position._POSITION, np.uint8)
        compiled_position._decode(words, 0, order, sequence, decoded, work)
        assert from_array(decoded) == child
        weights = np.array(_FIRST, np.int64)
        assert compiled_position._score(compiled_child, weights, work) == score(child, _FIRST)
        assert compiled_position._is_dead(compiled_child, stock_array, work) == is_dead(
            child, stock
        )


def depth_first_outcome(
    run: type[DepthFirst | CompiledDepthFirst], state: ft.State, cap: int, nodes: int = 1 << 12
) -> tuple[object, int]:
    """What the depth-first *run* from *state* answers within *cap* positions, and its count."""
    start, stock = encode(state)
    budget = Budget.start(None, None)
    task = Task(stock, budget, Rules(RULES))
    search_run = (
        DepthFirst(task, start) if run is DepthFirst else CompiledDepthFirst(task, start, nodes)
    )
    try:
        answer: object = search_run.resume(cap)
    except Capped:
        answer = "capped"
    return answer, budget.states


@pytest.mark.parametrize("cap", [2000, 20_000])
def test_the_compiled_depth_first_run_meets_the_python_runs_positions(cap: int) -> None:
    """Depth-first, draws to play: the same answer after as many positions, tables grown too."""
    answers = set()
    for state in STATES:
        python = depth_first_outcome(DepthFirst, state, cap)
        assert depth_first_outcome(CompiledDepthFirst, state, cap) == python
        assert depth_first_outcome(CompiledDepthFirst, state, cap, nodes=2) == python
        answers.add(
            "capped" if python[0] == "capped" else "no win" if python[0] is None else "win"
        )
    assert answers == {"capped", "no win"}


def test_the_compiled_portfolio_gives_the_python_portfolios_answers() -> None:
    """search(compiled=True): the same line, proof or exhausted budget, after as many positions."""
    answers = set()
    for state in (*STATES, played_at_random(11, 0)):
        start, stock = encode(state)
        results = []
        for use_compiled in (False, True):
            budget = Budget.start(30_000, None)
            try:
                answer: object = search(start, stock, budget, compiled=use_compiled)
            except OutOfBudgetError:
                answer = "out of budget"
            results.append((answer, budget.states))
        assert results[0] == results[1]
        answer = results[0][0]
        answers.add(answer if isinstance(answer, str) else "no win" if answer is None else "win")
    assert answers == {"out of budget", "win", "no win"}


def test_small_runs_meet_the_same_positions_compiled_or_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Runs with a ceiling, dropped there: the same answers after as many positions."""
    monkeypatch.setattr(engine, "SMALL_RUNS", ((10, 5, 8, 4, 3), (5, 5, 2, 4, 3)))
    monkeypatch.setattr(engine, "SMALL_CAP", 1500)
    answers = set()
    for state in STATES:
        start, stock = encode(state)
        results = []
        for use_compiled in (False, True):
            budget = Budget.start(40_000, None)
            try:
                answer: object = search(start, stock, budget, RULES, 1000, compiled=use_compiled)
            except OutOfBudgetError:
                answer = "out of budget"
            results.append((answer, budget.states))
        assert results[0] == results[1]
        answer = results[0][0]
        answers.add(answer if isinstance(answer, str) else "no win" if answer is None else "win")
    assert answers == {"out of budget", "win", "no win"}


def test_without_the_portfolio_the_compiled_search_is_one_depth_first_run() -> None:
    """Rule portfolio off: one depth-first run, compiled or not, the same answer and count."""
    start, stock = encode(played_at_random(72, 10))
    results = []
    for use_compiled in (False, True):
        budget = Budget.start(None, None)
        answer = search(start, stock, budget, RULES - {"portfolio"}, compiled=use_compiled)
        results.append((answer, budget.states))
    assert results[0] == results[1]
    assert results[0][0] is None


def test_the_compiled_depth_first_run_refuses_a_rule_switched_off() -> None:
    """Draws to play off (which the best-first runs do without): a ValueError saying so."""
    start, stock = encode(ft.deal(7919))
    task = Task(stock, Budget.start(None, None), Rules(RULES - {"draw_to_play"}))
    with pytest.raises(ValueError, match="applies every rule"):
        CompiledDepthFirst(task, start)
    CompiledBestFirst(task, start, _FIRST)


def test_benchmark_script_compares_the_runs() -> None:
    """benchmarks/forty_thieves_compiled.py prints both runs' figures, the same positions met."""
    script = Path(__file__).parents[1] / "benchmarks" / "forty_thieves_compiled.py"
    argv = [sys.executable, str(script), "--deals", "1", "--max-states", "3000"]
    ran = subprocess.run(argv, capture_output=True, text=True, check=True)  # noqa: S603 - this Python on a fixed script and arguments
    lines = ran.stdout.splitlines()
    assert lines[0] == "1 deals (seed 20261201); one best-first run, cap 3,000 states"
    speed = r" +[\d,]+ states/cpu-s +[\d.]+ MB/1k states"
    assert re.match(r" +\d+ python +capped +3,000 states +[\d.]+ cpu-s" + speed + "$", lines[1])
    assert re.match(
        r" +\d+ compiled +capped +3,000 states +[\d.]+ cpu-s"
        + speed
        + r" first call +[\d.]+ s, tables +\d+ B/state$",
        lines[2],
    )


def test_a_grown_table_takes_its_old_nodes_over_a_few_at_a_time() -> None:
    """A grown table holds no old node at first; they move over with the nodes kept.

    Lookups meanwhile look in both tables (switched off, the grown-tables test above
    fails); the run, resumed after every position, then for 20,000 more, gives the
    Python run's answer after as many positions.
    """
    state = ft.deal(7919)
    start, stock = encode(state)
    budget = Budget.start(None, None)
    run = CompiledBestFirst(Task(stock, budget, Rules(RULES)), start, _FIRST, 2)
    in_flight = []
    for _ in range(3000):
        with contextlib.suppress(Capped):
            run.resume(1)
        registers = run._tables.registers
        old, moved = (
            int(registers[compiled_tables._OLD_NODES]),
            int(registers[compiled_tables._MIGRATED]),
        )
        if moved < old:
            in_flight.append((old, moved))
            assert len(run._tables.old_table) > 1
    assert any(moved < old - compiled_tables.MIGRATE_STEP for old, moved in in_flight)
    python_budget = Budget.start(None, None)
    python = BestFirst(Task(stock, python_budget, Rules(RULES)), start, _FIRST)
    for _ in range(3000):
        with contextlib.suppress(Capped):
            python.resume(1)
    answers = []
    for each in (python, run):
        try:
            answers.append(each.resume(20_000))
        except Capped:
            answers.append("capped")
    assert answers[0] == answers[1]
    assert budget.states == python_budget.states


@pytest.mark.parametrize("ahead", [8, 4096])
def test_arrays_copied_ahead_a_slice_at_a_time_meet_the_same_positions(
    ahead: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Doubled arrays filled a few bytes per return (some fall behind and finish at once).

    From room for two positions, resumed after every 7: the Python run's answer and count.
    """
    monkeypatch.setattr(compiled_runs, "COPY_AHEAD_BYTES", ahead)
    for state in STATES[::3]:
        start, stock = encode(state)
        python = outcome(BestFirst, state, (7,), max_states=4000)
        budget = Budget.start(4000, None)
        run = CompiledBestFirst(Task(stock, budget, Rules(RULES)), start, _FIRST, 2)
        answer: object = None
        while True:
            try:
                answer = run.resume(7)
            except Capped:
                continue
            except OutOfBudgetError:
                answer = "out of budget"
            break
        assert (answer, budget.states) == python
