"""The JSON Schemas shipped in the package describe what the library writes."""

import copy
import json
from importlib.resources import files

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource

from patience_rules import HISTORY_LIMIT, MAX_MOVES, Game, InvalidPositionError, new_game
from patience_rules._text import MAX_NOTATION_LENGTH
from patience_rules.strategies import games


def load(name: str) -> dict:
    """The schema *name* ("position" or "record") as the installed package ships it."""
    return json.loads((files("patience_rules") / "schemas" / f"{name}.schema.json").read_text())


POSITION, RECORD = load("position"), load("record")
REGISTRY = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in (POSITION, RECORD)
)
VALIDATORS = {
    "position": Draft202012Validator(POSITION, registry=REGISTRY),
    "record": Draft202012Validator(RECORD, registry=REGISTRY),
}


def test_the_schemas_are_valid_schemas():
    """Both files are valid JSON Schemas of draft 2020-12."""
    Draft202012Validator.check_schema(POSITION)
    Draft202012Validator.check_schema(RECORD)


def test_the_schemas_state_the_librarys_limits():
    """The counter, history and notation limits of the schemas are the library's constants."""
    assert POSITION["$defs"]["counter"]["maximum"] == MAX_MOVES
    assert POSITION["$defs"]["golf"]["properties"]["history"]["maxItems"] == HISTORY_LIMIT
    notations = RECORD["properties"]["moves"]
    assert notations["items"]["maxLength"] == MAX_NOTATION_LENGTH
    assert notations["maxItems"] == 2 * MAX_MOVES + HISTORY_LIMIT


@settings(max_examples=40)
@given(games(max_moves=40))
def test_real_output_validates(game):
    """What to_dict and to_record write, for every game, validates against its schema."""
    VALIDATORS["position"].validate(game.to_dict())
    VALIDATORS["record"].validate(game.to_record())
    loaded = Game.from_dict(game.to_dict())
    if loaded.legal_moves():
        VALIDATORS["record"].validate(loaded.play(loaded.legal_moves()[0]).to_record())


def tampered_positions():
    """(name, position) pairs the schema must refuse, one defect each."""
    golf = new_game("GO1-E-AAAAAAB").play("2").to_dict()
    thieves = new_game("FT1-N-AAAAAAC").play("d").to_dict()
    scorpion = new_game("SC1-C-AAAAAAB").to_dict()
    cases = {
        "unknown game": golf | {"game": "chess"},
        "other format": golf | {"format": 2},
        "negative score": golf | {"score": -10},
        "score off the step": golf | {"score": 15},
        "counter past MAX_MOVES": golf | {"moves": MAX_MOVES + 1},
        "boolean counter": golf | {"moves": True},
        "bad card": golf | {"stock": ["1X", *golf["stock"][1:]]},
        "lower-case card": golf | {"waste": ["ts"]},
        "six columns": golf | {"columns": golf["columns"][:6]},
        "extra field": golf | {"foundations": []},
        "a Scorpion code": golf | {"code": "SC1-C-AAAAAAB"},
        "history too long": golf | {"history": golf["history"] * (HISTORY_LIMIT + 1)},
        "history with a counter": golf | {"history": [golf["history"][0] | {"moves": 0}]},
        "golf status for forty thieves": thieves | {"status": "stuck"},
        "nine foundations": thieves | {"foundations": [*thieves["foundations"], []]},
        "two reserve cards": scorpion | {"reserve": scorpion["reserve"][:2]},
        "four face-down cards": scorpion
        | {
            "columns": [{"down": ["AC", "2C", "3C", "4C"], "up": ["5C"]}, *scorpion["columns"][1:]]
        },
        "a run twice": scorpion | {"removed_runs": ["H", "H"]},
    }
    del golf["status"]
    cases["missing status"] = golf
    return cases


IGNORED_BY_LOADING = {"extra field", "history with a counter"}
"""Defects that from_dict passes over: it reads the fields it knows and ignores the rest."""


@pytest.mark.parametrize(("name", "position"), tampered_positions().items())
def test_tampered_positions_are_refused(name, position):
    """Each defect the schema can see makes the position invalid; from_dict refuses it too."""
    assert not VALIDATORS["position"].is_valid(position), name
    if name in IGNORED_BY_LOADING:
        assert Game.from_dict(position).to_dict() != position
    else:
        with pytest.raises(InvalidPositionError):
            Game.from_dict(position)


RECORD_OK = {"format": 1, "code": "GO1-E-AAAAAAB", "moves": ["2", "d", "u"]}
START = new_game("FT1-N-AAAAAAC").play("d").to_dict()


@pytest.mark.parametrize(
    ("name", "record"),
    {
        "no format": {"code": "GO1-E-AAAAAAB", "moves": []},
        "code and start": RECORD_OK | {"start": START},
        "neither code nor start": {"format": 1, "moves": []},
        "bad code": RECORD_OK | {"code": "GO1-X-AAAAAAB"},
        "lower-case code": RECORD_OK | {"code": "go1-e-aaaaaab"},
        "a number for a move": RECORD_OK | {"moves": [2]},
        "a Scorpion move in Golf": RECORD_OK | {"moves": ["4H-7"]},
        "a Golf column past 7": RECORD_OK | {"moves": ["8"]},
        "a Forty Thieves move onto the waste": {"format": 1, "start": START, "moves": ["1-w"]},
        "a tampered start": {"format": 1, "start": START | {"score": -5}, "moves": []},
        "a notation too long": RECORD_OK | {"moves": ["d" * (MAX_NOTATION_LENGTH + 1)]},
        "extra field": RECORD_OK | {"game": "golf"},
    }.items(),
)
def test_tampered_records_are_refused(name, record):
    """Each defect of a record that the schema can see makes it invalid; loading refuses it too.

    Loading reads more leniently than the library writes (letter case), and
    ignores fields it does not know.
    """
    with pytest.raises(ValidationError):
        VALIDATORS["record"].validate(copy.deepcopy(record))
    if name in {"lower-case code", "extra field"}:
        assert Game.from_record(record).to_record() != record
    else:
        with pytest.raises(InvalidPositionError):
            Game.from_record(record)


def test_a_valid_record_is_valid():
    """The examples above start from valid records: the defect is what the schema refuses."""
    VALIDATORS["record"].validate(RECORD_OK)
    VALIDATORS["record"].validate(RECORD_OK | {"lang": "hi"})  # as the terminal client saves
    assert not VALIDATORS["record"].is_valid(RECORD_OK | {"lang": "fr"})
    VALIDATORS["record"].validate({"format": 1, "start": START, "moves": ["w-5", "u"]})
