"""Forty Thieves properties, by Hypothesis: conservation, score, wins, legality, undo, saving."""

from __future__ import annotations

import json

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

from forty_thieves_positions import DECK, MOVE_SPACE, all_cards, near_wins
from hand_built import game_at
from patience_rules import DEALS, HISTORY_LIMIT, Game, IllegalMoveError, encode, new_game
from patience_rules import forty_thieves as ft

deal_numbers = st.integers(0, DEALS - 1)


def is_take_back(move: ft.Move) -> bool:
    """Whether *move* takes a card back from a foundation."""
    return isinstance(move, ft.MoveCard) and isinstance(move.source, ft.Foundation)


def is_waste_to_column(move: ft.Move) -> bool:
    """Whether *move* plays the waste card onto a column."""
    return (
        isinstance(move, ft.MoveCard)
        and isinstance(move.source, ft.Waste)
        and isinstance(move.target, ft.Column)
    )


@st.composite
def played(draw: st.DrawFn, max_actions: int = 60) -> ft.State:
    """A position reached by legal actions from a deal or from a near-win."""
    if draw(st.booleans()):
        state = ft.deal(draw(deal_numbers))
    else:
        state, _ = draw(near_wins())
    for _ in range(draw(st.integers(0, max_actions))):
        moves = ft.legal_moves(state)
        if not moves:
            break
        state = ft.apply(state, draw(st.sampled_from(moves)))
    return state


@settings(max_examples=30)
@given(deal_numbers, st.data())
def test_cards_conserved_and_score_never_negative(number, data):
    """At every step of play the 104 cards are all there, each twice, and the score ≥ 0."""
    state = ft.deal(number)
    for _ in range(80):
        moves = ft.legal_moves(state)
        if not moves:
            break
        state = ft.apply(state, data.draw(st.sampled_from(moves)))
        assert all_cards(state) == DECK
        assert state.score >= 0
        assert state.score % 5 == 0


@settings(max_examples=40)
@given(near_wins(), st.data())
def test_take_backs_never_push_the_score_below_zero(start, data):
    """Play rich in foundation moves and take-backs keeps the score ≥ 0 and the cards whole."""
    state, _ = start
    state = ft.State(state.variant, state.columns, state.stock, state.waste, state.foundations, 0)
    for _ in range(60):
        moves = ft.legal_moves(state)
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        after = ft.apply(state, move)
        expected = state.score + (
            10 if isinstance(move, ft.MoveCard) and isinstance(move.target, ft.Foundation) else 0
        )
        expected += 5 if is_waste_to_column(move) else 0
        expected -= 15 if is_take_back(move) else 0
        assert after.score == max(0, expected)
        assert all_cards(after) == DECK
        state = after


@settings(max_examples=100)
@given(near_wins())
def test_won_game_scores_1040_plus_five_per_waste_to_column(start):
    """A game won without take-backs or undo scores 1040 + 5 × (waste-to-column moves)."""
    state, solution = start
    assert not any(map(is_take_back, solution))
    game = game_at(state)
    for move in solution:
        assert move in ft.legal_moves(game.state)
        game = game.play(str(move))
    assert game.status == "won"
    assert ft.is_won(game.state)
    assert game.score == 1040 + 5 * sum(map(is_waste_to_column, solution))
    assert game.legal_moves() == ()


@settings(max_examples=80)
@given(played())
def test_legal_moves_are_exactly_the_accepted_moves(state):
    """legal_moves() is the set of moves of the whole move space that refusal() accepts."""
    accepted = {move for move in MOVE_SPACE if ft.refusal(state, move) is None}
    listed = ft.legal_moves(state)
    assert len(listed) == len(set(listed))
    assert set(listed) == accepted
    assert ft.has_legal_moves(state) == bool(accepted)


@settings(max_examples=40)
@given(played())
def test_refused_moves_change_nothing(state):
    """A refused move raises IllegalMoveError with its refusal and leaves the position alone."""
    before = json.dumps(ft.to_dict(state))
    game = game_at(state)
    for move in MOVE_SPACE:
        refused = ft.refusal(state, move)
        if refused is None:
            continue
        with pytest.raises(IllegalMoveError) as error:
            ft.apply(state, move)
        assert error.value.refusal == refused
        assert game.check(move) == refused
    assert json.dumps(ft.to_dict(state)) == before


@settings(max_examples=60)
@given(played())
def test_helpers_choose_among_destinations(state):
    """Each UI helper returns one of the pile's legal destinations, or None if it has none."""
    for pile in ["w", *map(str, range(1, 11)), *(f"f{n}" for n in range(1, 9))]:
        options = ft.destinations(state, pile)
        for helper in (ft.tap_move, ft.double_click_move, ft.auto_place_move):
            choice = helper(state, pile)
            assert choice is None or choice in options
        assert (ft.double_click_move(state, pile) is None) == (not options)


@settings(max_examples=60)
@given(played())
def test_position_round_trips(state):
    """from_dict(to_dict(state)) is the same state, through JSON text too."""
    assert ft.from_dict(json.loads(json.dumps(ft.to_dict(state)))) == state


@settings(max_examples=25)
@given(deal_numbers, st.data())
def test_game_round_trips_and_undo_restores(number, data):
    """A played game round-trips through to_dict, and undo gives back each earlier game."""
    game = new_game(encode("forty_thieves", None, number))
    games = [game]
    for _ in range(data.draw(st.integers(1, 30))):
        moves = game.legal_moves()
        if not moves:
            break
        game = game.play(data.draw(st.sampled_from(moves)))
        games.append(game)
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game
    for earlier in reversed(games[:-1]):
        game = game.undo()
        assert game.state == earlier.state
        assert game.score == earlier.score
        assert game.moves == len(games) - 1


@settings(max_examples=200)
@given(deal_numbers)
def test_codes_deal_the_same_cards(number):
    """A code deals deal(number), and its text names the same deal again."""
    code = encode("forty_thieves", "standard", number)
    assert new_game(code).state == ft.deal(number)
    assert new_game(code.lower()).state == ft.deal(number)


class FortyThievesGame(RuleBasedStateMachine):
    """Play and undo at random through Game; cards and score stay sound."""

    @initialize(number=deal_numbers)
    def deal(self, number):
        """Start from a dealt code."""
        self.game = new_game(encode("forty_thieves", None, number))
        self.shadow: list[Game] = []
        self.counter = 0

    @precondition(lambda self: bool(self.game.legal_moves()))
    @rule(data=st.data())
    def play(self, data):
        """Play a legal move, by object or by notation."""
        move = data.draw(st.sampled_from(self.game.legal_moves()))
        as_text = data.draw(st.booleans())
        self.shadow = [*self.shadow[1 - HISTORY_LIMIT :], self.game]
        self.game = self.game.play(str(move) if as_text else move)
        self.counter += 1

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo(self):
        """Undo the last action: the earlier game comes back, the counter stays."""
        earlier = self.shadow.pop()
        self.game = self.game.undo()
        assert self.game.state == earlier.state

    @rule()
    def round_trip(self):
        """Saving and loading gives the same game."""
        assert Game.from_dict(self.game.to_dict()) == self.game

    @invariant()
    def cards_conserved(self):
        """All 104 cards are there, each twice."""
        assert all_cards(self.game.state) == DECK

    @invariant()
    def score_not_negative(self):
        """The score is never below 0."""
        assert self.game.score >= 0

    @invariant()
    def counter_counts_actions(self):
        """The move counter counts every accepted action, undo or not."""
        assert self.game.moves == self.counter
        assert self.game.can_undo == bool(self.shadow)


FortyThievesGame.TestCase.settings = settings(max_examples=40, stateful_step_count=40)
test_forty_thieves_game = FortyThievesGame.TestCase
