"""Game records: every accepted action kept in order, the compact save, the counter bound."""

import copy
import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_rules import (
    HISTORY_LIMIT,
    MAX_MOVES,
    Game,
    IllegalMoveError,
    InvalidCodeError,
    InvalidPositionError,
    Reason,
    forty_thieves,
    golf,
    new_game,
    replay,
    scorpion,
)
from patience_rules.game import UNDO
from patience_rules.strategies import games, moves

CODE = "GO1-E-AAAAAAB"


def assert_identical(loaded: Game, game: Game) -> None:
    """*loaded* plays on exactly as *game*: position, counter, undo history and record."""
    assert loaded == game
    assert loaded.history == game.history
    assert loaded.record == game.record
    assert loaded.to_record() == game.to_record()


def through_json(data: dict) -> dict:
    """*data* written as JSON text and read back."""
    return json.loads(json.dumps(data))


def test_record_lists_every_accepted_action_in_order():
    """Moves in their canonical notation and undos as "u", in the order they were accepted."""
    game = new_game(CODE).play("2").play(" D ").undo().play(golf.PlayColumn(1)).undo().undo()
    assert game.record == ("2", "d", UNDO, "1", UNDO, UNDO)
    assert new_game(CODE).record == ()


def test_a_tapped_card_is_recorded_as_its_card():
    """Golf's card notation stays a card in the record, in canonical form."""
    game = new_game("GO1-E-AAAAAAC")
    tap = next(
        f"{column[-1]}".lower()
        for column in game.state.columns
        if game.check(str(column[-1])) is None
    )
    assert game.play(tap).record == (tap.upper(),)


def test_refused_actions_are_not_recorded():
    """A refused move or undo leaves the game, and so its record, as it was."""
    game = new_game(CODE).play("d")
    with pytest.raises(IllegalMoveError):
        game.play("3D")
    with pytest.raises(IllegalMoveError):
        new_game(CODE).undo()
    assert game.record == ("d",)


def test_replay_gives_the_record():
    """replay() gives a game whose record is the replayed notations, canonical."""
    game = replay(CODE, ["2", "U", " 3 ", "D"])
    assert game.record == ("2", "u", "3", "d")
    assert replay(CODE, game.record) == game


def test_the_record_save_is_the_code_and_the_actions():
    """A game dealt from a code saves as its code and its record, nothing else."""
    game = replay(CODE, ["2", "d", "u"])
    assert game.to_record() == {"format": 1, "code": CODE, "moves": ["2", "d", "u"]}
    assert new_game(CODE).to_record() == {"format": 1, "code": CODE, "moves": []}


@settings(max_examples=60)
@given(games(max_moves=40))
def test_records_load_back_identical(game):
    """Every game, any game, with undos, loads back from its record through JSON identical."""
    assert_identical(Game.from_record(through_json(game.to_record())), game)
    assert replay(game.code, game.record) == game


@settings(max_examples=30)
@given(games(max_moves=15), st.data())
def test_a_game_loaded_from_a_position_records_from_there(game, data):
    """from_dict starts an empty record at the loaded position; the record save then holds it."""
    loaded = Game.from_dict(through_json(game.to_dict()))
    assert loaded == game
    assert loaded.record == ()
    for _ in range(data.draw(st.integers(0, 6))):
        if loaded.can_undo and data.draw(st.booleans()):
            loaded = loaded.undo()
        elif loaded.legal_moves():
            loaded = loaded.play(data.draw(moves(loaded)))
    saved = through_json(loaded.to_record())
    if game.moves or game.history:
        assert "code" not in saved
        assert saved["start"] == through_json(game.to_dict())
    assert saved["moves"] == list(loaded.record)
    assert_identical(Game.from_record(saved), loaded)


@pytest.mark.parametrize("rules", [golf, forty_thieves, scorpion])
def test_a_game_with_no_code_saves_its_start_position(rules):
    """A game built from a bare position records from it, and saves it in full."""
    game = Game(rules.deal(3))
    played = game.play(game.legal_moves()[0])
    played = played.play(played.legal_moves()[-1]).undo()
    saved = through_json(played.to_record())
    assert saved["start"] == game.to_dict()
    assert saved["start"]["code"] is None
    assert_identical(Game.from_record(saved), played)


def test_records_keep_undo_past_their_start():
    """A record that starts at a loaded position with an undo history can undo into it."""
    game = Game.from_dict(replay(CODE, ["2", "1", "d"]).to_dict())
    back = game.undo().undo().undo()
    assert back.state == new_game(CODE).state
    assert_identical(Game.from_record(through_json(back.to_record())), back)


def test_a_long_record_keeps_the_bounded_undo_history():
    """A record longer than the undo history loads with the last HISTORY_LIMIT positions."""
    game = new_game("FT1-N-AAAAAAC")
    while game.moves < HISTORY_LIMIT + 20:
        game = game.play(game.legal_moves()[game.moves % len(game.legal_moves())])
    assert len(game.history) == HISTORY_LIMIT
    assert_identical(Game.from_record(through_json(game.to_record())), game)


def test_records_are_not_part_of_equality():
    """Two games in the same position with the same counter and undo history are equal."""
    direct = new_game(CODE).play("d")
    loaded = Game.from_dict(direct.to_dict())
    assert loaded == direct
    assert hash(loaded) == hash(direct)
    assert loaded.record != direct.record


def test_records_survive_pickle():
    """A pickled game keeps its record and where it starts."""
    game = Game.from_dict(replay(CODE, ["2"]).to_dict()).play("1")
    assert_identical(pickle.loads(pickle.dumps(game)), game)  # noqa: S301 - our own data


def test_long_records_survive_pickle_and_deepcopy():
    """A record of 20,000 actions pickles and deep-copies (no recursion down the record)."""
    game = new_game(CODE)
    for _ in range(10_000):
        game = game.play("d").undo()
    assert len(game.record) == 20_000
    assert_identical(pickle.loads(pickle.dumps(game)), game)  # noqa: S301 - our own data
    assert_identical(copy.deepcopy(game), game)


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ([], "record must be a JSON object"),
        ({"code": CODE, "moves": []}, "missing field 'format'"),
        ({"format": 2, "code": CODE, "moves": []}, "unsupported format 2"),
        ({"format": 1, "moves": []}, "either a 'code' or a 'start'"),
        ({"format": 1, "code": CODE, "start": {}, "moves": []}, "either a 'code' or a 'start'"),
        ({"format": 1, "code": CODE}, "field 'moves' must be a list"),
        ({"format": 1, "code": CODE, "moves": "d"}, "field 'moves' must be a list"),
        ({"format": 1, "code": "GO1-X-AAAAAAB", "moves": []}, "field 'code'"),
        ({"format": 1, "code": None, "moves": []}, "field 'code'"),
        ({"format": 1, "start": [], "moves": []}, "field 'start'"),
        ({"format": 1, "start": {"format": 1}, "moves": []}, "field 'start': missing field"),
        ({"format": 1, "code": CODE, "moves": ["d", 7]}, "moves[1] is 7, not a notation"),
        ({"format": 1, "code": CODE, "moves": ["d", "x9"]}, "moves[1]: 'x9' is not a golf move"),
        ({"format": 1, "code": CODE, "moves": ["3D"]}, "moves[0]: golf move '3D'"),
        ({"format": 1, "code": CODE, "moves": ["d", "u", "u"]}, "moves[2]: There is nothing"),
        ({"format": 1, "code": CODE, "moves": ["9" * 5000]}, "moves[0]: '99999"),
    ],
)
def test_bad_records_are_refused_naming_the_problem(record, words):
    """Every defect of a record raises InvalidPositionError naming the field or the action."""
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_record(record)
    assert words in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_refused_action_in_a_record_keeps_its_reason():
    """The InvalidPositionError of a refused action is caused by the IllegalMoveError."""
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_record({"format": 1, "code": CODE, "moves": ["3D"]})
    assert isinstance(caught.value.__cause__, IllegalMoveError)
    assert caught.value.__cause__.reason is Reason.CARD_BLOCKED


def test_a_record_too_long_for_any_game_is_refused_before_replay():
    """More actions than 2 * MAX_MOVES + HISTORY_LIMIT cannot be a record: refused at once."""
    record = {"format": 1, "code": CODE, "moves": ["u"] * (2 * MAX_MOVES + HISTORY_LIMIT + 1)}
    with pytest.raises(InvalidPositionError, match="at most 200100 notations"):
        Game.from_record(record)


# -- The move counter's bound -----------------------------------------------------------------


@pytest.mark.parametrize(
    "moves",
    [10**5000, MAX_MOVES + 1, -1, 2.0, True, "3"],
    ids=["huge", "max+1", "-1", "2.0", "True", "text"],
)
def test_the_counter_is_bounded(moves):
    """Game refuses a counter that is not an integer from 0 to MAX_MOVES, with a short message."""
    with pytest.raises(InvalidPositionError, match="move counter") as caught:
        Game(golf.deal(1), None, moves)
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize("moves", [10**4000, MAX_MOVES + 1], ids=["4000 digits", "max+1"])
def test_loading_refuses_a_counter_past_the_bound(moves):
    """from_dict (and so from_record's start) refuses a counter past MAX_MOVES naming the field."""
    data = new_game(CODE).play("d").to_dict() | {"moves": moves}
    with pytest.raises(InvalidPositionError, match="field 'moves'") as caught:
        Game.from_dict(data)
    assert len(str(caught.value)) < 120
    with pytest.raises(InvalidPositionError, match="field 'start': field 'moves'"):
        Game.from_record({"format": 1, "start": data, "moves": []})


def test_a_game_at_the_bound_refuses_moves_but_undoes():
    """At MAX_MOVES every move is refused (reason move_limit), in check and play; undo works."""
    start = new_game(CODE)
    game = Game(start.play("d").state, start.code, MAX_MOVES, (start.state,))
    assert game.check("2") == game.check("d")
    assert game.check("d").reason is Reason.MOVE_LIMIT
    with pytest.raises(IllegalMoveError) as caught:
        game.play("d")
    assert caught.value.reason is Reason.MOVE_LIMIT
    assert caught.value.message_in("hi")
    assert game.undo().moves == MAX_MOVES
    at_limit = Game(start.state, start.code, MAX_MOVES - 1).play("d")
    assert at_limit.moves == MAX_MOVES


def test_typed_starters_deal_their_own_game_only():
    """golf.new_game and friends deal the same game as new_game, and refuse other games' codes."""
    assert golf.new_game(CODE) == new_game(CODE)
    assert forty_thieves.new_game("FT1-N-AAAAAAC") == new_game("FT1-N-AAAAAAC")
    assert scorpion.new_game("SC1-F-AAAAAAC") == new_game("SC1-F-AAAAAAC")
    with pytest.raises(InvalidCodeError, match="is a golf code, not a scorpion one"):
        scorpion.new_game(CODE)
    with pytest.raises(InvalidCodeError, match="not a game code"):
        golf.new_game("x")
