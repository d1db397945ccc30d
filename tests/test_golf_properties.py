import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from golf_builders import winnable
from patience_rules import (
    DEALS,
    Card,
    Game,
    GameCode,
    IllegalMoveError,
    Status,
    golf,
    new_game,
    one_deck,
)
from patience_rules.golf import Draw, PlayColumn, TapCard, Variant

golf_codes = st.builds(
    GameCode, st.just("golf"), st.sampled_from(Variant), st.integers(0, DEALS - 1)
)
MOVE_SPACE = (Draw(), *(PlayColumn(n) for n in range(1, 8)))


def all_cards(state: golf.State) -> Counter[Card]:
    """Every card of the position, wherever it lies."""
    return Counter([*state.stock, *state.waste, *(c for column in state.columns for c in column)])


@st.composite
def played_games(draw: st.DrawFn) -> Game[golf.State, golf.Move]:
    """A Golf game after a random sequence of legal actions and undos."""
    game = new_game(draw(golf_codes))
    for _ in range(draw(st.integers(0, 60))):
        moves = game.legal_moves()
        if game.can_undo and (not moves or draw(st.integers(0, 5)) == 0):
            game = game.undo()
        elif moves:
            game = game.play(draw(st.sampled_from(moves)))
    return game


@given(played_games())
def test_invariants(game):
    """Score ≥ 0, 52 distinct cards, the status and score follow from the cards."""
    state = game.state
    assert game.score >= 0
    assert all_cards(state) == Counter(one_deck())
    if state.status is Status.STUCK:
        assert game.score == max(0, 10 * state.removed - 10 * (35 - state.removed))
    else:
        assert game.score == 10 * state.removed
    assert len(game.history) == min(len(game.history), 100) <= game.moves


@given(played_games())
def test_legal_moves_are_exactly_what_check_accepts(game):
    """legal_moves() is the set of actions check() accepts; a tap is its column's play."""
    accepted = {move for move in MOVE_SPACE if game.check(move) is None}
    assert set(game.legal_moves()) == accepted
    assert len(game.legal_moves()) == len(accepted)
    for card in one_deck():
        column = next((i for i, c in enumerate(game.state.columns, 1) if c and c[-1] == card), 0)
        tap_ok = game.check(TapCard(card)) is None
        assert tap_ok == (column > 0 and PlayColumn(column) in accepted)


@given(played_games(), st.data())
def test_undo_restores_everything_but_the_counter(game, data):
    """undo(play(g, m)) has g's position, score, status and history; the counter stays up."""
    moves = game.legal_moves()
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    back = game.play(move).undo()
    assert back.state == game.state
    assert (back.score, back.status) == (game.score, game.status)
    assert back.moves == game.moves + 1
    if len(game.history) < 100:
        assert back.history == game.history


@given(played_games(), st.sampled_from(MOVE_SPACE))
def test_refused_actions_change_nothing(game, move):
    """A refused action raises IllegalMoveError with the refusal and leaves the game as it was."""
    before = game.to_dict()
    refused = game.check(move)
    if refused is None:
        return
    with pytest.raises(IllegalMoveError) as caught:
        game.play(move)
    assert caught.value.refusal == refused
    assert game.to_dict() == before


@settings(max_examples=50)
@given(played_games())
def test_serialization_round_trips(game):
    """from_dict(to_dict(g)) == g, through JSON text too."""
    data = game.to_dict()
    assert Game.from_dict(data) == game
    assert Game.from_dict(json.loads(json.dumps(data))) == game


@given(st.randoms(use_true_random=False), st.sampled_from(Variant))
def test_every_won_game_scores_350(rng, variant):
    """A position built to be won, played through its line, is won with exactly 350."""
    state, line = winnable(rng, variant)
    game = Game(state)
    for move in line:
        assert game.status is Status.PLAYING
        game = game.play(move)
    assert game.status is Status.WON
    assert game.score == 350
    assert all_cards(game.state) == Counter(one_deck())


class GolfMachine(RuleBasedStateMachine):
    """Deal, play legal and illegal actions, undo; the invariants hold throughout."""

    @initialize(code=golf_codes)
    def deal(self, code: GameCode) -> None:
        """Deal a random Golf code."""
        self.game = new_game(code)
        self.played = 0

    @precondition(lambda self: bool(self.game.legal_moves()))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Play one of the legal actions."""
        self.game = self.game.play(data.draw(st.sampled_from(self.game.legal_moves())))
        self.played += 1

    @rule(move=st.sampled_from(MOVE_SPACE))
    def try_anything(self, move: golf.Move) -> None:
        """Try any action: played if accepted, else nothing changes."""
        before = self.game
        if before.check(move) is None:
            self.game = before.play(move)
            self.played += 1
        else:
            with pytest.raises(IllegalMoveError):
                before.play(move)
            assert self.game == before

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo(self) -> None:
        """Undo back to the previous position."""
        before = self.game.history[-1]
        self.game = self.game.undo()
        assert self.game.state == before

    @invariant()
    def conserved(self) -> None:
        """The 52 cards are all there, once each."""
        assert all_cards(self.game.state) == Counter(one_deck())

    @invariant()
    def score_never_negative(self) -> None:
        """The score is never below 0."""
        assert self.game.score >= 0

    @invariant()
    def counter_counts_actions(self) -> None:
        """The counter counts accepted actions; undo leaves it."""
        assert self.game.moves == self.played

    @invariant()
    def status_is_consistent(self) -> None:
        """Playing exactly when some action is legal."""
        state = self.game.state
        assert (state.status is Status.PLAYING) == bool(self.game.legal_moves())


TestGolfMachine = GolfMachine.TestCase
TestGolfMachine.settings = settings(max_examples=50, stateful_step_count=60)


def test_builder_lines_are_not_trivial():
    """The winnable builder really lays out 35 removals (guards the property above)."""
    state, line = winnable(random.Random(7), Variant.CLASSIC)
    assert sum(isinstance(move, PlayColumn) for move in line) == 35
    assert [len(column) for column in state.columns] == [5] * 7
    assert len(state.stock) == 16
