"""Properties every game must have, checked on positions reached by real play.

The positions come from the public strategies (patience_rules.strategies), so
every game the library registers is covered as soon as it is registered.
"""

import json
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from patience_rules import (
    Card,
    Game,
    IllegalMoveError,
    Rank,
    Refusal,
    Status,
    Suit,
    new_game,
    one_deck,
    strategies,
    two_decks,
)
from patience_rules.game import rules_of

GAMES = settings(max_examples=60)


def cards_of(data: object) -> Counter[Card]:
    """Every card named in a position's JSON data (Scorpion's removed runs as 13 cards each)."""
    found: Counter[Card] = Counter()
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "removed_runs":
                for suit in value:
                    found.update(Card(rank, Suit(suit)) for rank in Rank)
            elif key != "history":
                found.update(cards_of(value))
    elif isinstance(data, list):
        for item in data:
            found.update(cards_of(item))
    elif isinstance(data, str) and data.upper() == data and len(data) == 2:
        found[Card.parse(data)] += 1
    return found


def full_deal(game: str) -> Counter[Card]:
    """The cards a game is dealt from."""
    return Counter(two_decks() if game == "forty_thieves" else one_deck())


@GAMES
@given(strategies.games())
def test_no_card_is_created_lost_or_duplicated(game):
    """Every position reached by play holds exactly the dealt cards."""
    assert cards_of(game.rules.to_dict(game.state)) == full_deal(game.state.game)


@GAMES
@given(strategies.games())
def test_score_is_never_negative_and_status_is_known(game):
    """The score is never below 0 and the status is one of Status."""
    assert game.score >= 0
    assert isinstance(game.status, Status)
    assert game.status is not Status.STUCK or game.state.game == "golf"


@GAMES
@given(strategies.games())
def test_legal_moves_agree_with_check(game):
    """Every move legal_moves lists passes check and plays; a won game lists none."""
    moves = game.legal_moves()
    if game.status is Status.WON:
        assert moves == ()
    for move in moves:
        assert game.check(move) is None
        assert game.check(str(move)) is None
        assert game.play(move).moves == game.moves + 1


@GAMES
@given(st.data())
def test_refused_moves_raise_with_the_checked_refusal(data):
    """A move refused by check raises IllegalMoveError with that refusal and changes nothing."""
    game = data.draw(strategies.games())
    assume(game.can_undo)
    earlier = game.undo()
    stale = [move for move in earlier.legal_moves() if game.check(move) is not None]
    assume(stale)
    move = data.draw(st.sampled_from(stale))
    refusal = game.check(move)
    assert isinstance(refusal, Refusal)
    before = game.to_dict()
    with pytest.raises(IllegalMoveError) as raised:
        game.play(move)
    assert raised.value.refusal == refusal
    assert game.to_dict() == before


@GAMES
@given(st.data())
def test_undo_restores_the_position_but_not_the_counter(data):
    """Playing then undoing gives back position, score and status; the counter stays."""
    game = data.draw(strategies.games())
    assume(game.legal_moves())
    move = data.draw(strategies.moves(game))
    undone = game.play(move).undo()
    assert undone.state == game.state
    assert (undone.score, undone.status) == (game.score, game.status)
    assert undone.moves == game.moves + 1


@GAMES
@given(strategies.games())
def test_saved_games_load_identically(game):
    """to_dict survives JSON and from_dict gives back an equal game."""
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game


@settings(max_examples=30)
@given(st.data())
def test_a_code_always_deals_the_same_position(data):
    """new_game(code) is the rules' deal of the code's number and variant, every time."""
    code = data.draw(strategies.game_codes(data.draw(st.sampled_from(strategies.playable()))))
    rules = rules_of(code.game)
    assert new_game(str(code)).state == rules.deal(code.number, code.variant)
    assert new_game(code) == new_game(str(code).lower())
