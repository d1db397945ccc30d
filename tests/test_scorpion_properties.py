"""Scorpion properties: score, conservation, undo, round trips, legality, junk input."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from hand_built import game_at
from patience_rules import (
    DEALS,
    Card,
    Game,
    GameCode,
    IllegalMoveError,
    InvalidPositionError,
    PatienceError,
    Rank,
    new_game,
    one_deck,
    replay,
    scorpion,
)
from patience_rules.scorpion import DealReserve, Move, MoveCard, State, Variant
from scorpion_helpers import Plan, assert_sound, winnable

MOVE_SPACE: tuple[scorpion.Move, ...] = (
    DealReserve(),
    *(MoveCard(card, column) for card in one_deck() for column in range(1, 8)),
)
"""Every action that can be named: the reserve deal and every card onto every column."""


def face_down(state: State) -> int:
    """How many face-down cards the position has."""
    return sum(len(column.down) for column in state.columns)


@st.composite
def playouts(draw: st.DrawFn, max_moves: int = 60) -> list[State]:
    """The states of a random game dealt from a code, playing random legal moves."""
    state = scorpion.deal(draw(st.integers(0, DEALS - 1)), draw(st.sampled_from(Variant)))
    states = [state]
    for _ in range(draw(st.integers(0, max_moves))):
        moves = scorpion.legal_moves(state)
        if not moves:
            break
        state = scorpion.apply(state, moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


def plan_states(plan: Plan) -> list[State]:
    """The states along a built position's winning plan."""
    states = [plan.start]
    for move in plan.moves:
        states.append(scorpion.apply(states[-1], move))
    return states


@settings(max_examples=60)
@given(playouts())
def test_score_never_decreases_and_cards_are_conserved(states: list[State]) -> None:
    """Along any game without undo the score never drops and all 52 cards stay, once each."""
    start = states[0]
    assert face_down(start) == 12
    for before, after in itertools.pairwise(states):
        assert after.score >= before.score
        assert_sound(after)
    for state in states:
        turned = face_down(start) - face_down(state)
        assert state.score >= 5 * turned + 100 * len(state.removed_runs)


@settings(max_examples=80)
@given(winnable())
def test_built_positions_are_won_with_exact_points(plan: Plan) -> None:
    """A position built to be won is won by its plan, scoring exactly the table's points.

    For a built position the bound is: final score ≥ its score + 5 per face-down
    card + 100 per run still to remove; from a deal (12 face-down cards, no run
    removed, score 0) that is the spec's 460.
    """
    game = game_at(plan.start)
    assert_sound(plan.start)
    assert scorpion.from_dict(scorpion.to_dict(plan.start)) == plan.start
    for move in plan.moves:
        assert move in game.legal_moves()
        before = game.score
        game = game.play(str(move))
        assert game.score >= before
        assert_sound(game.state)
    assert game.status == "won"
    assert game.score == plan.start.score + plan.points
    runs_left = scorpion.RUNS - len(plan.start.removed_runs)
    assert game.score >= plan.start.score + 5 * face_down(plan.start) + 100 * runs_left
    assert not scorpion.has_legal_moves(game.state)


# Games dealt from codes and won without undo (found by a search, replayed
# here): their 12 face-down cards turn up and 4 runs go, so they score >= 460.
WON_RECORDS = {
    "SC1-C-AAAAAA4": (
        "8D-6 4H-1 6H-3 7C-3 5S-5 6S-6 8C-5 7S-3 7D-6 AD-7 KD-5 9S-1 8S-1 5H-3 AC-2 "
        "2D-6 JD-6 AS-7 4S-1 TS-6 3H-3 QC-6 JC-6 3C-6 2S-7 2C-6 QD-5 QH-1 JH-1 6C-6 "
        "QS-2 9C-6 TH-1 9D-6 JS-2 9H-1 TC-5 3S-2 KC-2 TD-5 r 5D-1 4D-1 3D-1 6D-5 4C-2 "
        "8H-1 7H-1 2H-1 AH-1"
    ),
    "SC1-F-AAAAAAA": (
        "2C-1 3C-6 6D-4 7D-5 7S-5 9D-5 AC-6 JC-4 QH-4 QC-6 9C-4 7H-2 5H-6 9D-1 TC-5 8S-4 "
        "5D-2 JH-6 8D-5 3S-2 9S-3 AS-1 4H-6 2S-2 2D-3 3D-6 KC-4 4C-2 5C-1 QC-4 QS-6 4D-5 "
        "6H-6 TD-4 4S-1 6S-5 9S-1 KD-7 8D-4 8H-5 AD-6 6H-5 JD-3 KH-6 TC-4 TS-5 3S-1 3D-6 "
        "r 2H-3 3H-4 5C-1 5S-5 6C-3 7C-1 8H-2 8C-4 9H-5 JS-3 QD-7 KS-1 TD-7 TH-6 AS-1 "
        "AH-6"
    ),
}


@pytest.mark.parametrize("code", sorted(WON_RECORDS))
def test_dealt_game_won_without_undo_scores_at_least_460(code: str) -> None:
    """A dealt game won without undo scores ≥ 460: 12 turned cards × 5 + 4 runs × 100."""
    game = new_game(code)
    assert face_down(game.state) == 12
    turned = 0
    record = WON_RECORDS[code].split()
    for notation in record:
        before = game
        game = game.play(notation)
        assert game.score >= before.score
        turned += face_down(before.state) - face_down(game.state)
        assert_sound(game.state)
    assert game.status == "won"
    assert turned == 12
    assert game.score >= 460
    assert game.moves == len(record)
    assert replay(code, record) == game


@settings(max_examples=40)
@given(playouts(max_moves=40))
def test_undo_restores_every_earlier_state(states: list[State]) -> None:
    """Undoing each action restores the earlier position and score exactly."""
    game = Game(states[0])
    for state in states[1:]:
        move = next(m for m in game.legal_moves() if scorpion.apply(game.state, m) == state)
        game = game.play(move)
    moves = game.moves
    for state in reversed(states[:-1]):
        game = game.undo()
        assert game.state == state
        assert game.score == state.score
        assert game.moves == moves
    assert not game.can_undo


@settings(max_examples=30)
@given(playouts(max_moves=25))
def test_game_round_trips_through_dicts(states: list[State]) -> None:
    """Game.from_dict(g.to_dict()) == g, history included, at every step."""
    game = Game(states[0])
    assert Game.from_dict(game.to_dict()) == game
    for state in states[1:]:
        move = next(m for m in game.legal_moves() if scorpion.apply(game.state, m) == state)
        game = game.play(move)
        assert scorpion.from_dict(scorpion.to_dict(game.state)) == game.state
    assert Game.from_dict(game.to_dict()) == game


@settings(max_examples=40)
@given(st.one_of(playouts(max_moves=30), winnable().map(plan_states)), st.data())
def test_legal_moves_are_exactly_the_accepted_moves(
    states: list[State], data: st.DataObject
) -> None:
    """legal_moves() is the set of actions of the whole move space that check() accepts."""
    state = data.draw(st.sampled_from(states))
    accepted = {move for move in MOVE_SPACE if scorpion.refusal(state, move) is None}
    legal = scorpion.legal_moves(state)
    assert len(set(legal)) == len(legal)
    assert set(legal) == accepted
    assert scorpion.has_legal_moves(state) == bool(accepted)
    game = game_at(state)
    assert {m for m in MOVE_SPACE if game.check(str(m)) is None} == accepted


@settings(max_examples=40)
@given(st.one_of(playouts(max_moves=30), winnable().map(plan_states)), st.data())
def test_refused_actions_change_nothing(states: list[State], data: st.DataObject) -> None:
    """A refused action raises IllegalMoveError with the same refusal and changes nothing."""
    state = data.draw(st.sampled_from(states))
    snapshot = copy.deepcopy(scorpion.to_dict(state))
    game = game_at(state)
    for move in data.draw(st.lists(st.sampled_from(MOVE_SPACE), max_size=20)):
        refused = scorpion.refusal(state, move)
        if refused is None:
            continue
        with pytest.raises(IllegalMoveError) as error:
            game.play(move)
        assert error.value.refusal == refused
    assert scorpion.to_dict(state) == snapshot
    assert game.state is state


def by_the_rules(state: State, move: MoveCard) -> State:
    """The position after the legal card move *move*, worked out from the rules alone."""
    columns = list(state.columns)
    source = next(i for i, column in enumerate(columns) if move.card in column.up)
    down, up = columns[source].down, columns[source].up
    position = up.index(move.card)
    score = state.score
    if not up[:position] and down:
        columns[source] = scorpion.Column(down[:-1], down[-1:])
        score += 5
    else:
        columns[source] = scorpion.Column(down, up[:position])
    target = move.column - 1
    onto = columns[target]
    if onto.up and onto.up[-1].suit is move.card.suit:
        score += 5
    received = onto.up + up[position:]
    runs = state.removed_runs
    suit = received[-1].suit
    run = tuple(Card(rank, suit) for rank in reversed(Rank))
    if received[-13:] == run:
        received = received[:-13]
        runs += (suit,)
        score += 100
        if not received and onto.down:
            columns[target] = scorpion.Column(onto.down[:-1], onto.down[-1:])
            score += 5
        else:
            columns[target] = scorpion.Column(onto.down, received)
    else:
        columns[target] = scorpion.Column(onto.down, received)
    return State(state.variant, tuple(columns), state.reserve, runs, score)


class Moved(MoveCard):
    """A subclass of MoveCard, which apply takes as a MoveCard (not by its in-line path)."""


@settings(max_examples=40)
@given(st.one_of(playouts(max_moves=30), winnable().map(plan_states)), st.data())
def test_card_moves_made_in_line_follow_the_rules(
    states: list[State], data: st.DataObject
) -> None:
    """The in-line card move of apply (_card_move) plays just what refusal accepts, by the rules.

    Every card onto every column: ``_card_move`` makes no move that refusal refuses, and
    the position after an accepted one is the rules' own, with the untouched columns and the
    reserve shared, not copied; a MoveCard subclass, which skips the in-line path, agrees.
    """
    state = data.draw(st.sampled_from(states))
    won = len(state.removed_runs) == scorpion.RUNS
    for move in MOVE_SPACE[1:]:
        assert isinstance(move, MoveCard)
        refused = scorpion.refusal(state, move)
        made = None if won else scorpion._card_move(state, move)
        assert (made is None) == (refused is not None), move
        if made is None:
            continue
        assert made == by_the_rules(state, move) == scorpion.apply(state, move)
        assert scorpion.apply(state, Moved(move.card, move.column)) == made
        assert made.reserve is state.reserve
        changed = {i for i, column in enumerate(state.columns) if move.card in column.up}
        changed.add(move.column - 1)
        for index, column in enumerate(made.columns):
            if index not in changed:
                assert column is state.columns[index]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.columns[move.column - 1].up = ()  # type: ignore[misc] # frozen


class ScorpionMachine(RuleBasedStateMachine):
    """Deal or build a game, play legal moves, undo; the invariants always hold."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game[State, Move] = Game(scorpion.deal(0))
        self.scores: list[int] = []

    @initialize(
        start=st.one_of(
            st.builds(
                GameCode, st.just("scorpion"), st.sampled_from(Variant), st.integers(0, DEALS - 1)
            ),
            winnable(max_steps=25).map(lambda plan: plan.start),
        )
    )
    def begin(self, start: GameCode | State) -> None:
        """Start from a dealt code or from a position built to be winnable."""
        self.game = new_game(start) if isinstance(start, GameCode) else game_at(start)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Play one legal move, drawn from legal_moves()."""
        moves = self.game.legal_moves()
        if not moves:
            return
        move = data.draw(st.sampled_from(moves))
        before = self.game.score
        self.scores.append(before)
        self.game = self.game.play(move)
        assert self.game.score >= before

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo(self) -> None:
        """Undo the last action: its points go away again."""
        moves = self.game.moves
        self.game = self.game.undo()
        assert self.game.score == self.scores.pop()
        assert self.game.moves == moves

    @invariant()
    def cards_are_conserved(self) -> None:
        """All 52 cards, once each; no face-down card is left uncovered."""
        assert_sound(self.game.state)

    @invariant()
    def status_follows_runs(self) -> None:
        """Won exactly when four runs are removed; never stuck."""
        won = len(self.game.state.removed_runs) == scorpion.RUNS
        assert self.game.status == ("won" if won else "playing")

    @invariant()
    def saves_round_trip(self) -> None:
        """The saved position reads back to the same position."""
        assert scorpion.from_dict(scorpion.to_dict(self.game.state)) == self.game.state


ScorpionMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=40)
TestScorpionMachine = ScorpionMachine.TestCase


JUNK: list[Any] = [
    None,
    1.5,
    float("nan"),
    "",
    " ",
    "x",
    "4H-8",
    "4H-0",
    "ZZ-1",
    "4H-",
    "-7",
    "4H7",
    "4H--7",
    "4H-7-1",
    "r-1",
    "rr",
    "4H-١٢٣",
    "4H-99999999999999999999",
    "u",
    b"4H-7",
    [],
    {},
    ("4H", 7),
    -1,
    2**35,
    True,
]


def _junk_id(junk: object) -> str:
    """A test id in ASCII: pytest's escaped non-ASCII ids do not select the test again."""
    text = repr(junk)
    return text if text.isascii() else "non-ASCII " + text.encode("ascii", "ignore").decode()


@pytest.mark.parametrize("junk", JUNK, ids=_junk_id)
def test_junk_moves_raise_patience_errors(junk: object) -> None:
    """Junk notation is refused by every entry point with a PatienceError; nothing changes."""
    game = new_game("SC1-C-AAAAAAB")
    state = game.state
    for call in (
        lambda: scorpion.parse_move(junk),  # type: ignore[arg-type]
        lambda: scorpion.to_move(state, junk),
        lambda: scorpion.refusal(state, junk),  # type: ignore[arg-type]
        lambda: scorpion.apply(state, junk),  # type: ignore[arg-type]
        lambda: game.play(junk),
        lambda: game.check(junk),
        lambda: MoveCard(junk, 1),  # type: ignore[arg-type]
        lambda: MoveCard(Card.parse("4H"), junk),  # type: ignore[arg-type]
        lambda: MoveCard(Card.parse("4H"), 0),
        lambda: MoveCard("4H", 7),  # type: ignore[arg-type]
    ):
        with pytest.raises(PatienceError):
            call()
    assert game == new_game("SC1-C-AAAAAAB")


@pytest.mark.parametrize("junk", [*JUNK, "SC1-X-AAAAAAB", "SC1-C-AAAAAA", "GO1"], ids=_junk_id)
def test_junk_deals_raise_patience_errors(junk: object) -> None:
    """deal() and new_game() refuse bad numbers, variants and codes with PatienceErrors."""
    for call in (
        lambda: scorpion.deal(junk),  # type: ignore[arg-type]
        lambda: scorpion.deal(1, junk),  # type: ignore[arg-type]
        lambda: new_game(junk),  # type: ignore[arg-type]
        lambda: scorpion.from_dict(junk),  # type: ignore[arg-type]
        lambda: Game.from_dict(junk),  # type: ignore[arg-type]
    ):
        with pytest.raises(PatienceError):
            call()


def _valid() -> dict[str, Any]:
    game = new_game("SC1-C-AAAAAAB").play("6H-2").play("r")
    return game.to_dict()


def _set(path: tuple[Any, ...], value: object) -> Any:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return change


_DELETE = object()

TAMPERINGS = {
    "no variant": _set(("variant",), _DELETE),
    "unknown variant": _set(("variant",), "wasp"),
    "no columns": _set(("columns",), _DELETE),
    "six columns": lambda d: d["columns"].pop(),
    "column not an object": _set(("columns", 0), ["2C"]),
    "down not a list": _set(("columns", 0, "down"), "JC"),
    "up missing": _set(("columns", 4, "up"), _DELETE),
    "garbage card": _set(("columns", 4, "up", 0), "ZZ"),
    "card not a string": _set(("columns", 4, "up", 0), 12),
    "duplicated card": _set(("columns", 4, "up", 0), "KD"),
    "face-down card uncovered": _set(("columns", 0, "up"), []),
    "reserve of two": _set(("reserve",), ["9C", "QH"]),
    "reserve not a list": _set(("reserve",), "9C QH KC"),
    "no reserve": _set(("reserve",), _DELETE),
    "runs not a list": _set(("removed_runs",), "H"),
    "unknown run suit": _set(("removed_runs",), ["X"]),
    "run with its cards still dealt": _set(("removed_runs",), ["H"]),
    "five runs": _set(("removed_runs",), ["C", "D", "H", "S", "C"]),
    "negative score": _set(("score",), -5),
    "score not an int": _set(("score",), "5"),
    "score off the table": _set(("score",), 7),
    "score a float": _set(("score",), 5.0),
    "status won": _set(("status",), "won"),
    "status stuck": _set(("status",), "stuck"),
    "history tampered": _set(("history", 0, "score"), 10),
    "history not leading here": _set(("history", 1), _valid()["history"][0]),
    "code of another game": _set(("code",), "GO1-E-AAAAAAB"),
    "code of another variant": _set(("code",), "SC1-F-AAAAAAB"),
    "not a position": lambda d: d.clear(),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_tampered_dicts_are_refused(name: str) -> None:
    """Every tampered save is refused with an InvalidPositionError, never a bare error."""
    data = _valid()
    assert Game.from_dict(copy.deepcopy(data)).to_dict() == data
    TAMPERINGS[name](data)
    with pytest.raises(InvalidPositionError):
        Game.from_dict(data)


def test_won_position_needs_fifty_two_cards() -> None:
    """A won position is the four runs and nothing else; a fifth or repeated run is refused."""
    won = {
        "variant": "classic",
        "score": 460,
        "status": "won",
        "columns": [{"down": [], "up": []}] * 7,
        "reserve": [],
        "removed_runs": ["H", "C", "S", "D"],
    }
    assert scorpion.is_won(scorpion.from_dict(won))
    for runs in (["H", "C", "S"], ["H", "C", "S", "S"], ["H", "C", "S", "D", "D"]):
        with pytest.raises(InvalidPositionError):
            scorpion.from_dict(won | {"removed_runs": runs})
    with pytest.raises(InvalidPositionError):
        scorpion.from_dict(won | {"score": 300})  # less than 100 per removed run


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@settings(max_examples=150)
@given(st.data())
def test_fuzzed_dicts_raise_only_position_errors(data: st.DataObject) -> None:
    """Any value put anywhere in a save either reads back soundly or is refused cleanly."""
    saved = scorpion.to_dict(new_game("SC1-F-AAAAAAC").state)
    target: Any = saved
    while True:
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if not isinstance(target[key], dict | list) or data.draw(st.booleans()):
            target[key] = data.draw(JSON)
            break
        target = target[key]
    try:
        state = scorpion.from_dict(saved)
    except InvalidPositionError:
        return
    assert_sound(state)
