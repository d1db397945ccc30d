"""The undo history after any play and undo: the newest positions, bounded, as a tuple."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_rules import HISTORY_LIMIT, Game, new_game

CODES = ["GO1-E-AAAAAAB", "FT1-N-AAAAAAB", "SC1-C-AAAAAAB"]


def play_against_the_tuple_model(game, choices, check_every):
    """Play *choices* (an undo, or which legal move), checking against the old tuple code."""
    history, record = list(game.history), []
    for step, (undo, pick) in enumerate(choices):
        legal = game.legal_moves()
        if undo and history:
            game = game.undo()
            assert game.state == history.pop()
            record.append("u")
        elif legal:
            history = [*history[1 - HISTORY_LIMIT :], game.state]
            move = legal[pick % len(legal)]
            game = game.play(move)
            record.append(str(move))
        if step % check_every == 0:  # also leave the chain unread for a while
            assert game.history == tuple(history)
            assert game.can_undo is bool(history)
    assert game.history == tuple(history)
    assert game.record[-len(record) :] == tuple(record)[-len(game.record) :]
    return game, tuple(history)


@pytest.mark.parametrize("code", CODES)
@settings(max_examples=15, deadline=None)
@given(
    choices=st.lists(
        st.tuples(st.integers(0, 3).map(lambda n: n == 0), st.integers(0, 50)), max_size=350
    ),
    check_every=st.sampled_from([1, 7, 400]),
)
def test_play_and_undo_keep_the_history_copying_gave(code, choices, check_every):
    """The history, record and equality after random play and undo match a plain tuple model."""
    played, history = play_against_the_tuple_model(new_game(code), choices, check_every)
    # What reads the history whole sees the same tuple: equality, hash, pickle, the constructor.
    rebuilt = Game(played.state, played.code, played.moves, history)
    assert rebuilt == played
    assert hash(rebuilt) == hash(played)
    assert pickle.loads(pickle.dumps(played)) == played  # noqa: S301 - our own data


@pytest.mark.parametrize("code", CODES[1:])
@settings(max_examples=5, deadline=None)
@given(
    choices=st.lists(st.tuples(st.just(False), st.integers(0, 50)), min_size=120, max_size=130),
    more=st.lists(st.tuples(st.integers(0, 1).map(bool), st.integers(0, 50)), max_size=250),
)
def test_a_loaded_history_is_kept_on_as_play_would(code, choices, more):
    """From a game loaded with its history, play and undo past the positions pushed out."""
    played, _ = play_against_the_tuple_model(new_game(code), choices, 400)
    loaded = Game.from_dict(played.to_dict())
    assert loaded.history == played.history  # full unless the deal ran out of moves
    play_against_the_tuple_model(loaded, more, 3)


def test_a_game_still_lacks_the_attributes_it_does_not_have():
    """A played game has only its own attributes (no lazily built ones of another name)."""
    with pytest.raises(AttributeError, match="no attribute 'histories'"):
        new_game(CODES[0]).play("d").histories  # noqa: B018 - the read is the test
