"""The hot paths build values on an unfrozen twin: the results are the frozen classes' own."""

import copy
import pickle
import weakref

import attrs
import pytest

from patience_rules import Game, forty_thieves, golf, new_game, scorpion
from patience_rules.errors import InvalidPositionError


def built_by_play():
    """Golf positions and games as play builds them: after a draw and after a column's play."""
    game = new_game("GO1-E-AAAAAAB")
    drawn, played = game.play(golf.Draw()), game.play(golf.PlayColumn(2))
    return [(drawn.state, golf.State), (played.state, golf.State), (drawn, Game), (played, Game)]


@pytest.mark.parametrize(
    ("value", "kind"), built_by_play(), ids=["draw", "play", "game-draw", "game-play"]
)
def test_built_values_are_the_frozen_class(value, kind):
    """A built value is of the frozen class, refuses changes and equals one that attrs built."""
    assert type(value) is kind
    names = [field.name for field in attrs.fields(kind)]
    for name in names:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, name, None)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(value, name)
    rebuilt = attrs.evolve(value)
    assert rebuilt == value
    assert hash(rebuilt) == hash(value)
    assert pickle.loads(pickle.dumps(value))  # noqa: S301 - our own bytes == value
    assert copy.deepcopy(value) == value
    assert weakref.ref(value)() is value


def test_the_twins_never_escape():
    """No move of any game returns a twin: every position and game is its class exactly."""
    for module, code in [
        (golf, "GO1-E-AAAAAAB"),
        (forty_thieves, "FT1-N-AAAAAAC"),
        (scorpion, "SC1-C-AAAAAAB"),
    ]:
        game = new_game(code)
        for _ in range(20):
            legal = game.legal_moves()
            if not legal:
                break
            game = game.play(legal[0])
            assert type(game) is Game
            assert type(game.state) is module.State
        assert type(game.undo()) is Game


def test_a_built_game_keeps_every_field():
    """Play sets every field of the new Game: counter, code, history, record and position."""
    game = new_game("GO1-E-AAAAAAB")
    after = game.play("d")
    assert (after.code, after.moves, after.history, after.record) == (
        game.code,
        1,
        (game.state,),
        ("d",),
    )
    assert after.state == golf.apply(game.state, golf.Draw())


def test_the_constructor_builds_the_frozen_class():
    """Game(...) stores its fields on the twin, then is a Game like any other."""
    played = new_game("FT1-N-AAAAAAC").play("d")
    built = Game(played.state, played.code, played.moves)
    assert type(built) is Game
    assert (built.state, built.code, built.moves, built.history, built.record) == (
        played.state,
        played.code,
        1,
        (),
        (),
    )
    assert built.status == played.status
    assert built.legal_moves() == played.legal_moves()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.moves = 2  # type: ignore[misc] # frozen: the refused store is the test


class _Subclass(Game):  # type: ignore[type-arg] # any game: the test builds a Scorpion one
    """A class of the user's own, built by Game's constructor."""


def test_a_subclass_keeps_its_class_and_its_checks():
    """A subclass's fields are stored one by one: it stays its class, and it is checked."""
    played = new_game("SC1-C-AAAAAAB").play(new_game("SC1-C-AAAAAAB").legal_moves()[0])
    built = _Subclass(played.state, played.code, played.moves)
    assert type(built) is _Subclass
    assert (built.state, built.code, built.moves, built.status) == (
        played.state,
        played.code,
        1,
        played.status,
    )
    assert built.play(built.legal_moves()[0]).moves == 2
    with pytest.raises(InvalidPositionError, match="move counter"):
        _Subclass(played.state, played.code, -1)
