"""The undo history after any play and undo: the newest positions, bounded, as a tuple."""

import copy
import gc
import pickle
import random
import weakref

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_rules import HISTORY_LIMIT, Game, Status, new_game

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
        assert game.status is game.state.status  # a field play and undo set
        if step % check_every == 0:  # also leave the chain unread for a while
            assert game.can_undo is bool(history)
            assert game.history == tuple(history)
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


def played_unread(code, moves):
    """*code*'s game after *moves* random legal moves (seeded), its history never read."""
    rng, game = random.Random(0), new_game(code)
    for _ in range(moves):
        legal = game.legal_moves()
        assert legal, "the test needs a game that lasts"
        game = game.play(rng.choice(legal))
    return game


@pytest.mark.parametrize("code", CODES[1:2])
def test_an_unread_history_keeps_at_most_the_limit_of_earlier_games(code):
    """Play links each game to the one before; past the limit the links are cut."""
    game = played_unread(code, 3 * HISTORY_LIMIT + 7)
    kept, node = 0, game
    while node._previous is not None:
        node, kept = node._previous, kept + 1
    assert 0 < kept <= HISTORY_LIMIT
    rng, later = random.Random(0), new_game(code)
    first = weakref.ref(later)
    for _ in range(HISTORY_LIMIT + 1):
        later = later.play(rng.choice(later.legal_moves()))
    gc.collect()
    assert first() is None  # no longer kept alive by the games played after it
    assert game.history == played_unread(code, 3 * HISTORY_LIMIT + 7).history


@pytest.mark.parametrize("code", CODES)
def test_an_unread_history_copies_pickles_and_compares_as_the_tuple(code):
    """Pickle, copy, deepcopy, evolve, equality and hash all see the built tuple."""
    game, twin = played_unread(code, 12), played_unread(code, 12)
    assert game == twin
    assert hash(game) == hash(twin)
    for copied in (
        pickle.loads(pickle.dumps(played_unread(code, 12))),  # noqa: S301 - our own data
        copy.copy(played_unread(code, 12)),
        copy.deepcopy(played_unread(code, 12)),
        attrs.evolve(played_unread(code, 12)),
    ):
        assert copied == game
        assert copied.history == game.history
        assert type(copied.history) is tuple
        assert copied.status is game.status
        assert copied.record == game.record or not copied.record
    assert type(game.history) is tuple
    assert len(game.history) == 12
    assert game.undo().history == game.history[:-1]
    assert game.undo().state == game.history[-1]


def test_the_history_and_status_are_frozen_fields():
    """A game's history and status cannot be set or deleted, read or not."""
    game = played_unread(CODES[0], 3)
    for name, value in (("history", ()), ("status", Status.WON)):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(game, name, value)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(game, name)
    assert len(game.history) == 3
    assert game.status is Status.PLAYING
    assert Game.history.__doc__  # the class attribute is documented
