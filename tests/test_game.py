import copy
import json

import pytest

from golf_builders import position
from hand_built import game_at
from patience_rules import (
    HISTORY_LIMIT,
    Card,
    Game,
    GameCode,
    IllegalMoveError,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
    Reason,
    golf,
    new_game,
    parse_code,
    replay,
)

CODE = "GO1-E-AAAAAAB"
RECORD = ["2", "1", "d", "u", "u", "2", "d", "d"]


def played() -> Game[golf.State, golf.Move]:
    """A game of CODE after RECORD, played by hand."""
    game = new_game(CODE)
    for notation in RECORD:
        game = game.undo() if notation == "u" else game.play(notation)
    return game


def test_new_game_from_text_or_code():
    """new_game accepts a code's text or a GameCode and deals its cards."""
    code = parse_code(CODE)
    game = new_game(CODE)
    assert game == new_game(code)
    assert game.code == code
    assert game.state == golf.deal(1, golf.Variant.EASY)
    assert (game.moves, game.score, game.history, game.can_undo) == (0, 0, (), False)


def test_counter_and_undo():
    """Every action counts; undo restores the previous position and never lowers the counter."""
    game = played()
    assert game.moves == 6
    assert len(game.history) == 4
    start = new_game(CODE)
    assert start.play("2").play("1").undo().undo().state == start.state


def test_nothing_to_undo_is_a_clear_refusal():
    """Undo with an empty history raises IllegalMoveError with the nothing_to_undo reason."""
    with pytest.raises(IllegalMoveError, match="nothing left to undo") as caught:
        new_game(CODE).undo()
    assert caught.value.refusal.reason is Reason.NOTHING_TO_UNDO
    game = new_game(CODE).play("d")
    with pytest.raises(IllegalMoveError):
        game.undo().undo()


LONG_CODE = "FT1-N-AAAAAAB"


def long_game(actions):
    """LONG_CODE played *actions* times, each time the first legal action (draws first)."""
    game = new_game(LONG_CODE)
    for _ in range(actions):
        game = game.play(game.legal_moves()[0])
    return game


def test_history_is_bounded():
    """The history keeps the last HISTORY_LIMIT positions, oldest dropped first."""
    game = long_game(HISTORY_LIMIT - 1)
    assert len(game.history) == HISTORY_LIMIT - 1
    grown = game.play(game.legal_moves()[0])
    assert len(grown.history) == HISTORY_LIMIT
    assert grown.history[-1] == game.state
    assert grown.history[0] == new_game(LONG_CODE).state
    capped = grown.play(grown.legal_moves()[0])
    assert len(capped.history) == HISTORY_LIMIT
    assert capped.history[0] == grown.history[1]
    assert Game(capped.state, capped.code, capped.moves, capped.history) == capped
    too_long = (new_game(LONG_CODE).state, *capped.history)
    with pytest.raises(InvalidPositionError, match="more than 100"):
        Game(capped.state, capped.code, capped.moves, too_long)


def test_a_full_history_loads_and_one_more_is_refused():
    """The 100-position history Game writes loads back; 101 positions are refused."""
    game = long_game(HISTORY_LIMIT + 5)
    assert len(game.history) == HISTORY_LIMIT
    data = game.to_dict()
    assert Game.from_dict(data) == game
    data["history"].insert(0, data["history"][0])
    with pytest.raises(InvalidPositionError, match="field 'history' holds more than 100"):
        Game.from_dict(data)


def test_replay_matches_play():
    """A record with u for undo replays to exactly the game played by hand."""
    assert replay(CODE, RECORD) == played()
    assert replay(parse_code(CODE), [" D ", "U"]).moves == 1


def test_replay_reports_bad_records():
    """A record with an illegal or unreadable action raises the matching PatienceError."""
    with pytest.raises(IllegalMoveError):
        replay(CODE, ["1"])
    with pytest.raises(InvalidNotationError):
        replay(CODE, ["zz"])
    with pytest.raises(IllegalMoveError):
        replay(CODE, ["u"])
    with pytest.raises(InvalidCodeError):
        replay("nope", [])


def test_refused_play_leaves_the_game_alone():
    """A refused action raises and the game, a frozen value, is unchanged."""
    game = played()
    snapshot = copy.deepcopy(game)
    with pytest.raises(IllegalMoveError) as caught:
        game.play("3D")
    assert caught.value.refusal.reason is Reason.CARD_BLOCKED
    assert "This card is blocked" in str(caught.value)
    assert game == snapshot


def test_check_and_play_accept_moves_and_notations():
    """check/play take a move object or its notation alike."""
    game = new_game(CODE)
    assert game.check(golf.PlayColumn(2)) is None
    assert game.play(golf.PlayColumn(2)) == game.play("2") == game.play("8H")
    refusal = game.check(golf.TapCard(Card.parse("3D")))
    assert refusal is not None
    assert refusal.reason is Reason.CARD_BLOCKED


def test_to_dict_format():
    """to_dict writes the api.md JSON format with plain JSON types."""
    data = played().to_dict()
    assert json.loads(json.dumps(data)) == data
    assert {
        key: data[key] for key in ["format", "game", "variant", "code", "moves", "status"]
    } == {
        "format": 1,
        "game": "golf",
        "variant": "easy",
        "code": CODE,
        "moves": 6,
        "status": "playing",
    }
    assert data["score"] == 20
    assert len(data["columns"]) == 7
    assert len(data["history"]) == 4
    assert "history" not in new_game(CODE).to_dict()


def test_from_dict_round_trip():
    """A saved game loads back equal, undo history included."""
    game = played()
    loaded = Game.from_dict(game.to_dict())
    assert loaded == game
    assert loaded.undo() == game.undo()
    no_code = game_at(position([["7H"], [], [], [], [], [], []], "8C", ["3S"]))
    assert Game.from_dict(no_code.to_dict()) == no_code


def tampered(change):
    """The saved form of played() with *change* applied to it."""
    data = played().to_dict()
    change(data)
    return data


def _swap_first_cards(data):
    data["columns"][0][0], data["stock"][0] = data["stock"][0], data["columns"][0][0]


TAMPERINGS = {
    "unsupported format": lambda d: d.update(format=2),
    "field 'game'": lambda d: d.update(game="chess"),
    "field 'variant'": lambda d: d.update(variant="hard"),
    "field 'score' is 30": lambda d: d.update(score=30),
    "field 'score' must not be negative": lambda d: d.update(score=-10),
    "field 'status'": lambda d: d.update(status="won"),
    "duplicated or extra: 3D": lambda d: d["stock"].append("3D"),
    "missing: 3D": lambda d: d["columns"][0].remove("3D"),
    "columns[0][0]": lambda d: d["columns"][0].__setitem__(0, "XX"),
    "columns must be a list of 7": lambda d: d["columns"].pop(),
    "at most 5": lambda d: d["columns"][6].append(d["stock"].pop()),
    "the waste is empty": lambda d: d.update(waste=[]),
    "field 'moves' must be int": lambda d: d.update(moves="6"),
    "field 'moves' must not be negative": lambda d: d.update(moves=-1),
    "only 2 moves were played": lambda d: d.update(moves=2),
    "field 'code'": lambda d: d.update(code="GO1-E-AAAAAA!"),
    "not a golf code of variant 'easy'": lambda d: d.update(code="GO1-C-AAAAAAB"),
    "does not lead to the next position": lambda d: d["history"].reverse(),
    "history[0]": lambda d: d["history"][0].update(score=5),
    "field 'history' must be a list": lambda d: d.update(history={}),
    "missing field 'format'": lambda d: d.pop("format"),
    "missing field 'variant'": lambda d: d.pop("variant"),
    "stock must be a list of cards": lambda d: d.update(stock="KH"),
}


@pytest.mark.parametrize("problem", sorted(TAMPERINGS))
def test_from_dict_rejects_tampering(problem):
    """Each kind of damage to a saved game raises InvalidPositionError naming it."""
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(tampered(TAMPERINGS[problem]))
    assert problem in str(caught.value)


def test_from_dict_swapped_cards_with_the_same_set():
    """Swapping two cards keeps the card set but breaks the history chain."""
    with pytest.raises(InvalidPositionError, match="does not lead to the next position"):
        Game.from_dict(tampered(_swap_first_cards))


def test_a_code_game_with_no_moves_must_be_its_deal():
    """A game claiming no moves yet must hold exactly its code's deal."""
    data = new_game(CODE).to_dict()
    _swap_first_cards(data)
    with pytest.raises(InvalidPositionError, match="deal"):
        Game.from_dict(data)


JUNK = [None, -1, 3.5, "", "zz", "99", [], {}, b"d", golf.Draw, object()]


def _junk_id(junk):
    """A test id that stays the same from run to run (no object address)."""
    return "object()" if type(junk) is object else repr(junk)


@pytest.mark.parametrize("junk", JUNK, ids=_junk_id)
def test_junk_everywhere_raises_patience_errors(junk):
    """Junk to every Game entry point raises a PatienceError, never a bare builtin error."""
    game = new_game(CODE)
    for call in [
        lambda: new_game(junk),
        lambda: game.play(junk),
        lambda: game.check(junk),
        lambda: replay(CODE, [junk]),
        lambda: replay(junk, []),
        lambda: Game.from_dict(junk),
        lambda: golf.parse_move(junk),
        lambda: golf.to_move(game.state, junk),
        lambda: golf.from_dict(junk),
        lambda: golf.deal(junk),
        lambda: golf.deal(1, junk),
        lambda: golf.TapCard(junk),
        lambda: GameCode("golf", junk, 1),
        lambda: GameCode(junk, golf.Variant.EASY, 1),
    ]:
        with pytest.raises(PatienceError):
            call()


@pytest.mark.parametrize(
    "fields",
    [
        {"state": None},
        {"state": "golf"},
        {"code": "GO1-E-AAAAAAB"},
        {"moves": -1},
        {"moves": 1.0},
        {"history": [golf.deal(0)]},
    ],
    ids=repr,
)
def test_game_fields_are_checked(fields):
    """Building a Game from junk fields raises a PatienceError."""
    with pytest.raises(PatienceError):
        Game(**({"state": golf.deal(0)} | fields))


def test_repr_is_short():
    """A Game's repr names the game, code, counter, score and status."""
    assert repr(played()) == f"<Game golf {CODE} moves=6 score=20 playing>"


def test_saved_cards_load_in_any_spelling_the_parser_reads():
    """Card names in a saved position may be spelled as Card.parse reads them, e.g. 10♣ or tc."""
    game = new_game("FT1-N-AAAAAAB").play("d")
    data = game.to_dict()
    data["stock"] = [Card.parse(name).unicode() for name in data["stock"]]
    data["waste"] = [name.lower() for name in data["waste"]]
    assert Game.from_dict(data) == Game.from_dict(game.to_dict()) == game
    data["waste"] = ["1X"]
    with pytest.raises(InvalidPositionError, match=r"waste\[0\]: '1X' is not a card"):
        Game.from_dict(data)
