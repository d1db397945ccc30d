"""Loading each game's saves, typed per game, and errors that tell the save formats apart."""

import json
from itertools import permutations

import pytest
from hypothesis import given, settings

from patience_rules import (
    Game,
    InvalidPositionError,
    PatienceError,
    forty_thieves,
    golf,
    new_game,
    scorpion,
)
from patience_rules.strategies import games
from patience_rules.views import player_view

MODULES = {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}
CODES = {"golf": "GO1-E-AAAAAAB", "forty_thieves": "FT1-N-AAAAAAC", "scorpion": "SC1-C-AAAAAAB"}
GOLF = new_game(CODES["golf"]).play("2").play("d")


def refusal(call, *args, **kwargs) -> str:
    """The message of the InvalidPositionError that *call* raises."""
    with pytest.raises(InvalidPositionError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


@settings(max_examples=40)
@given(games(max_moves=40))
def test_each_game_loads_its_own_saves(game):
    """A game module's loaders read back its games' records and saved games, equal."""
    module = MODULES[game.state.game]
    loaded = module.load_record(json.loads(json.dumps(game.to_record())))
    assert loaded == game
    assert loaded.record == game.record
    assert module.load_position(json.loads(json.dumps(game.to_dict()))) == game
    assert Game.from_record(game.to_record(), game=game.state.game) == game
    assert Game.from_dict(game.to_dict(), game=game.state.game) == game


@pytest.mark.parametrize(("saved", "expected"), list(permutations(CODES, 2)))
def test_another_games_save_is_refused_naming_both_games(saved, expected):
    """A save of one game given where another is expected says whose it is and what reads it."""
    game = new_game(CODES[saved])
    module = MODULES[expected]
    message = refusal(module.load_record, game.to_record())
    assert message == (
        f"this is a {saved} record, not a {expected} one: "
        f"read it with {saved}.load_record() or Game.from_record()"
    )
    message = refusal(module.load_position, game.to_dict())
    assert message == (
        f"this is a {saved} saved game, not a {expected} one: "
        f"read it with {saved}.load_position() or Game.from_dict()"
    )
    message = refusal(module.from_dict, game.to_dict())
    assert message == (
        f"this is a {saved} saved game, not a {expected} one: read it with {saved}.from_dict()"
    )
    started = Game.from_dict(game.to_dict()).to_record()  # the record's "start" form
    assert f"this is a {saved} record, not a {expected} one" in refusal(
        module.load_record, started
    )


def test_a_position_given_as_a_record_says_what_reads_it():
    """Game.from_record of a Game.to_dict() save names the position format and its loaders."""
    assert refusal(Game.from_record, GOLF.to_dict()) == (
        "this is a saved game in the position format (what Game.to_dict() writes), "
        "not a record: read it with golf.load_position() or Game.from_dict()"
    )


@pytest.mark.parametrize("started", [False, True], ids=["code", "start"])
def test_a_record_given_as_a_position_says_what_reads_it(started):
    """Game.from_dict and a game's from_dict of a record name the record and its loaders."""
    record = Game.from_dict(GOLF.to_dict()).to_record() if started else GOLF.to_record()
    assert refusal(Game.from_dict, record) == (
        "this is a game record (what Game.to_record() writes), not a saved game: "
        "read it with golf.load_record() or Game.from_record()"
    )
    assert "this is a game record" in refusal(golf.from_dict, record)
    assert "golf.load_record()" in refusal(golf.load_position, record)


def test_a_record_of_an_unknown_game_points_to_the_untyped_loader():
    """A record whose code cannot be read is still told apart, naming Game.from_record."""
    record = {"format": 1, "code": "XX1-E-AAAAAAB", "moves": []}
    assert refusal(Game.from_dict, record).endswith("read it with Game.from_record()")
    assert refusal(Game.from_record, record).startswith("field 'code': ")


def test_a_position_alone_given_as_a_saved_game_says_what_reads_it():
    """A game module's to_dict() given to Game.from_dict points to the module's from_dict."""
    message = refusal(Game.from_dict, golf.to_dict(GOLF.state))
    assert message.startswith("this is a position without its game, counter or history")
    assert message.endswith("read it with the game module's from_dict(), e.g. golf.from_dict()")
    assert "golf.to_dict()" in refusal(Game.from_record, golf.to_dict(GOLF.state))


@pytest.mark.parametrize(
    ("call", "noun", "writer"),
    [
        (Game.from_record, "record", "Game.to_record()"),
        (Game.from_dict, "saved game", "Game.to_dict()"),
        (golf.load_record, "record", "Game.to_record()"),
        (golf.load_position, "saved game", "Game.to_dict()"),
        (golf.from_dict, "position", "to_dict()"),
    ],
    ids=["from_record", "from_dict", "load_record", "load_position", "golf.from_dict"],
)
def test_a_player_view_is_refused_as_a_view_by_every_loader(call, noun, writer):
    """A player view, of a game or a position, is named as one, with the save to load instead."""
    for view in (player_view(GOLF), player_view(GOLF.state)):
        assert refusal(call, view) == (
            f"this is a player view (field 'view' is 'player'), not a {noun}: its hidden "
            "cards are left out, so it cannot be played or loaded; "
            f"load the {noun} that {writer} wrote instead"
        )


@pytest.mark.parametrize(
    "text", [json.dumps(GOLF.to_record()), json.dumps(GOLF.to_record()).encode()]
)
@pytest.mark.parametrize(
    "call", [Game.from_record, Game.from_dict, golf.load_record, golf.from_dict]
)
def test_text_is_told_to_be_parsed_first(call, text):
    """JSON text given where its object is expected says to read it with json.loads() first."""
    message = refusal(call, text)
    assert "must be a JSON object, not " in message
    assert message.endswith("this is text; read it with json.loads() first")


@pytest.mark.parametrize("game", [None, "chess", 3, "Golf"], ids=repr)
def test_the_game_argument_is_a_games_name(game):
    """from_record(game=...) and from_dict(game=...) take a game's name, or None."""
    if game is None:
        assert Game.from_record(GOLF.to_record(), game=game) == GOLF
        return
    for call, data in [(Game.from_record, GOLF.to_record()), (Game.from_dict, GOLF.to_dict())]:
        with pytest.raises(PatienceError, match="unknown game"):
            call(data, game=game)
