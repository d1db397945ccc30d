"""Player views: nothing hidden can be read from them, and they cannot be loaded as games."""

from __future__ import annotations

import json
from collections import Counter
from importlib.resources import files
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, ValidationError

from patience_rules import (
    MAX_MOVES,
    Game,
    InvalidPositionError,
    Suit,
    forty_thieves,
    golf,
    new_game,
    player_view,
    scorpion,
    strategies,
)
from patience_rules.views import PLAYER, player_moves
from view_helpers import cards_named, forms, hidden_and_visible

VIEWS = settings(max_examples=100)


def check_hides(state: Any, view: dict[str, Any]) -> None:
    """*view* shows exactly the visible cards of *state* and no name of a hidden one."""
    hidden, visible = hidden_and_visible(state)
    assert cards_named(view) == Counter(visible)
    text = json.dumps(view, ensure_ascii=False)
    assert json.loads(text) == view, "a view is plain JSON data"
    for card in set(hidden) - set(visible):
        for form in forms(card):
            assert form not in text, f"hidden {card} is readable as {form!r}"


def rehide(state: Any, order: list[int]) -> Any:
    """*state* with its hidden cards dealt again in another order (same counts per pile)."""
    hidden, _ = hidden_and_visible(state)
    shuffled = iter([hidden[i] for i in order])
    if isinstance(state, scorpion.State):
        columns = tuple(
            attrs.evolve(column, down=tuple(next(shuffled) for _ in column.down))
            for column in state.columns
        )
        reserve = tuple(next(shuffled) for _ in state.reserve)
        return attrs.evolve(state, columns=columns, reserve=reserve)
    return attrs.evolve(state, stock=tuple(shuffled))


@VIEWS
@given(strategies.games(max_moves=80))
def test_a_view_shows_the_visible_cards_and_no_hidden_one(game):
    """In every game and variant, after random play, no hidden card's name is in the view."""
    check_hides(game.state, player_view(game))
    check_hides(game.state, player_view(game.state))


@VIEWS
@given(strategies.states(max_moves=80), st.data())
def test_a_view_does_not_depend_on_the_hidden_cards(state, data):
    """Dealing the hidden cards again in any order gives the same view: nothing leaks."""
    hidden, _ = hidden_and_visible(state)
    order = data.draw(st.permutations(range(len(hidden))))
    assert player_view(rehide(state, order)) == player_view(state)


@VIEWS
@given(strategies.games(max_moves=30))
def test_a_view_keeps_the_position_format_for_what_it_shows(game):
    """Outside the hidden piles a view is the saved position, with counts for the hidden piles."""
    saved = game.to_dict()
    view = player_view(game)
    assert view.pop("view") == PLAYER
    for key in ("code", "history"):
        saved.pop(key, None)
    if game.state.game == "scorpion":
        assert view.pop("reserve") == len(saved.pop("reserve"))
        for shown, full in zip(view.pop("columns"), saved.pop("columns"), strict=True):
            assert shown == {"down": len(full["down"]), "up": full["up"]}
    else:
        assert view.pop("stock") == len(saved.pop("stock"))
    assert view == saved


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "GO1-E-AAAAAAB",
            {"stock": 16, "waste": ["7S"], "columns": 7, "score": 0, "status": "playing"},
        ),
        ("FT1-N-AAAAAAB", {"stock": 64, "waste": [], "columns": 10, "foundations": [[]] * 8}),
        ("SC1-F-AAAAAAB", {"reserve": 3, "removed_runs": [], "columns": 7}),
    ],
)
def test_the_view_of_a_new_game(code, expected):
    """A freshly dealt game's view: counts for the hidden piles, the header of a saved game."""
    game = new_game(code)
    view = player_view(game)
    assert view["view"] == "player"
    assert view["game"] == game.state.game
    assert (view["format"], view["moves"], view["variant"]) == (1, 0, game.state.variant.value)
    for key, value in expected.items():
        assert (len(view[key]) if key == "columns" else view[key]) == value


def test_scorpion_face_down_cards_are_counts():
    """Scorpion's columns show how many cards are face down, and the face-up cards."""
    view = player_view(scorpion.deal(1))
    assert view["columns"][0] == {"down": 3, "up": ["6C", "4H", "2D", "3S"]}
    assert view["columns"][6] == {"down": 0, "up": ["AS", "6D", "3D", "9H", "KH", "3H", "KD"]}


def test_the_view_of_a_game_leaves_out_the_code_and_the_history():
    """The code names the deal and the history holds earlier positions: neither is sent."""
    game = new_game("GO1-E-AAAAAAB").play("d").play("d")
    view = player_view(game)
    assert "code" not in view
    assert "history" not in view
    assert view["moves"] == 2
    assert view["stock"] == 14


def test_removed_runs_stay_visible():
    """Scorpion's removed runs are public: their suits are in the view."""
    state = attrs.evolve(scorpion.deal(1), removed_runs=(), score=0)
    assert player_view(state)["removed_runs"] == []


@pytest.mark.parametrize("code", ["GO1-E-AAAAAAB", "FT1-N-AAAAAAB", "SC1-C-AAAAAAB"])
def test_a_view_cannot_be_loaded_as_a_game(code):
    """Game.from_dict and each game's from_dict refuse a view, saying it is a player view."""
    game = new_game(code).play(new_game(code).legal_moves()[0])
    view = player_view(game)
    with pytest.raises(InvalidPositionError, match="this is a player view"):
        Game.from_dict(view)
    with pytest.raises(InvalidPositionError, match="this is a player view"):
        game.rules.from_dict(player_view(game.state))


def test_a_view_with_its_mark_removed_is_still_refused():
    """Without its "view" field a view's counts are not card lists: refused, naming the field."""
    view = player_view(golf.deal(1))
    del view["view"]
    with pytest.raises(InvalidPositionError, match="stock must be a list of cards, not int"):
        golf.from_dict(view)
    view = player_view(forty_thieves.deal(1))
    del view["view"]
    with pytest.raises(InvalidPositionError, match="stock"):
        forty_thieves.from_dict(view)


def test_a_saved_game_with_a_view_in_its_history_is_refused():
    """A view smuggled into a saved game's history is refused too."""
    game = new_game("SC1-C-AAAAAAB").play("r")
    data = game.to_dict()
    data["history"] = [player_view(game.history[0])]
    with pytest.raises(InvalidPositionError, match=r"history\[0\]: this is a player view"):
        Game.from_dict(data)


@pytest.mark.parametrize("junk", [None, "GO1-E-AAAAAAB", {"stock": []}, 3])
def test_junk_gets_a_clear_error(junk):
    """Anything but a Game or a position is refused with InvalidPositionError."""
    with pytest.raises(InvalidPositionError, match="neither a Game nor a position"):
        player_view(junk)


def load_schema() -> dict[str, Any]:
    """The player view's JSON Schema as the installed package ships it."""
    path = files("patience_rules") / "schemas" / "player-view.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))


SCHEMA = Draft202012Validator(load_schema())


def test_the_view_schema_is_a_valid_schema():
    """The shipped file is a valid JSON Schema of draft 2020-12 with the view's limits."""
    Draft202012Validator.check_schema(SCHEMA.schema)
    golf_view = SCHEMA.schema["$defs"]["golf"]["properties"]
    assert golf_view["stock"]["maximum"] == golf.STOCK_SIZE
    assert SCHEMA.schema["$defs"]["forty_thieves"]["properties"]["stock"]["maximum"] == 64


@VIEWS
@given(strategies.games(max_moves=80))
def test_real_views_validate(game):
    """What player_view writes, for a Game and for a State of every game, fits the schema."""
    SCHEMA.validate(player_view(game))
    SCHEMA.validate(player_view(game.state))


@pytest.mark.parametrize("code", ["GO1-C-AAAAAAB", "FT1-N-AAAAAAB", "SC1-F-AAAAAAB"])
def test_the_schema_refuses_a_full_position(code):
    """A saved position is not a view: the schema refuses it, so a client can tell."""
    with pytest.raises(ValidationError):
        SCHEMA.validate(new_game(code).to_dict())


def tampered(view: dict[str, Any], change: str) -> dict[str, Any]:
    """*view* with one defect: a hidden pile's cards, a code, a history or no mark."""
    view = json.loads(json.dumps(view))
    if change == "stock cards":
        view["stock"] = ["KH"] * view["stock"]
    elif change == "face-down cards":
        view["columns"][0]["down"] = ["JC", "8H", "QS"]
    elif change == "reserve cards":
        view["reserve"] = ["5C", "2H", "9D"]
    elif change == "code":
        view["code"] = "GO1-E-AAAAAAB"
    elif change == "history":
        view["history"] = []
    elif change == "no mark":
        del view["view"]
    return view


@pytest.mark.parametrize(
    ("code", "change"),
    [
        ("GO1-E-AAAAAAB", "stock cards"),
        ("FT1-N-AAAAAAB", "stock cards"),
        ("SC1-C-AAAAAAB", "face-down cards"),
        ("SC1-C-AAAAAAB", "reserve cards"),
        ("GO1-E-AAAAAAB", "code"),
        ("FT1-N-AAAAAAB", "history"),
        ("SC1-F-AAAAAAB", "no mark"),
    ],
)
def test_the_schema_refuses_hidden_cards_and_saved_game_fields(code, change):
    """A view carrying hidden cards, the code or the history does not validate."""
    view = player_view(new_game(code))
    SCHEMA.validate(view)
    with pytest.raises(ValidationError):
        SCHEMA.validate(tampered(view, change))


# Player moves ----------------------------------------------------------------

MOVES_SCHEMA = Draft202012Validator(
    json.loads(
        (files("patience_rules") / "schemas" / "player-moves.schema.json").read_text("utf-8")
    )
)
KINDS = {
    golf.Draw: "draw",
    forty_thieves.Draw: "draw",
    scorpion.DealReserve: "deal_reserve",
    golf.PlayColumn: "move_cards",
    forty_thieves.MoveCard: "move_cards",
    scorpion.MoveCard: "move_cards",
}


@VIEWS
@given(strategies.games(max_moves=80))
def test_player_moves_are_the_legal_moves_with_their_piles(game):
    """One entry per legal move, in order: notation, kind, piles and the face-up cards it moves."""
    state = game.state
    entries = player_moves(game)
    assert entries == player_moves(state)
    assert json.loads(json.dumps(entries)) == entries, "plain JSON data"
    legal = game.legal_moves()
    assert [entry["notation"] for entry in entries] == [str(move) for move in legal]
    for entry, move in zip(entries, legal, strict=True):
        assert entry["kind"] == KINDS[type(move)]
        assert entry["source"] == str(move.source_pile(state))
        assert game.play(entry["notation"]) == game.play(move)
        if entry["kind"] == "move_cards":
            assert entry["targets"] == [str(move.target_pile(state))]
            assert entry["cards"] == [str(card) for card in move.moved_cards(state)]
        else:
            assert entry["cards"] == []
    MOVES_SCHEMA.validate(entries)


@VIEWS
@given(strategies.states(max_moves=80), st.data())
def test_player_moves_do_not_depend_on_the_hidden_cards(state, data):
    """Dealing the hidden cards again in any order gives the same moves, and none is named."""
    hidden, visible = hidden_and_visible(state)
    order = data.draw(st.permutations(range(len(hidden))))
    entries = player_moves(state)
    assert player_moves(rehide(state, order)) == entries
    named = cards_named(entries)
    assert not set(named) - set(visible), "only face-up cards are named"


@pytest.mark.parametrize(
    ("code", "first", "last"),
    [
        (
            "GO1-E-AAAAAAB",
            {"notation": "d", "kind": "draw", "source": "s", "targets": ["w"], "cards": []},
            {
                "notation": "7",
                "kind": "move_cards",
                "source": "7",
                "targets": ["w"],
                "cards": ["8S"],
            },
        ),
        (
            "FT1-N-AAAAAAC",
            {"notation": "d", "kind": "draw", "source": "s", "targets": ["w"], "cards": []},
            {
                "notation": "5-2",
                "kind": "move_cards",
                "source": "5",
                "targets": ["2"],
                "cards": ["AH"],
            },
        ),
        (
            "SC1-C-AAAAAAB",
            {
                "notation": "r",
                "kind": "deal_reserve",
                "source": "r",
                "targets": ["1", "2", "3"],
                "cards": [],
            },
            {
                "notation": "6H-2",
                "kind": "move_cards",
                "source": "5",
                "targets": ["2"],
                "cards": ["6H", "KS", "7C"],
            },
        ),
    ],
)
def test_the_player_moves_of_a_new_game(code, first, last):
    """Known answers: a draw or deal names no card; a card move names every card it carries."""
    entries = player_moves(new_game(code))
    assert entries[0] == first
    assert entries[-1] == last


def test_a_game_at_the_move_limit_has_no_player_moves():
    """At MAX_MOVES check refuses every move, so no move is offered to the player."""
    start = new_game("GO1-E-AAAAAAB")
    game = Game(start.play("d").state, start.code, MAX_MOVES, (start.state,))
    assert game.legal_moves()
    assert player_moves(game) == []
    assert player_moves(game.state) != []


def test_a_won_game_has_no_player_moves():
    """A won game offers nothing: the list is empty, not missing."""
    state = attrs.evolve(scorpion.deal(1), removed_runs=tuple(Suit), score=400)
    assert player_moves(state) == []


@pytest.mark.parametrize("junk", [None, "GO1-E-AAAAAAB", {"stock": []}, 3])
def test_player_moves_of_junk_get_a_clear_error(junk):
    """Anything but a Game or a position is refused with InvalidPositionError."""
    with pytest.raises(InvalidPositionError, match="neither a Game nor a position"):
        player_moves(junk)


def test_the_moves_schema_refuses_hidden_cards():
    """A draw or a deal that names the cards it turns up does not validate."""
    MOVES_SCHEMA.check_schema(MOVES_SCHEMA.schema)
    golf_draw = player_moves(new_game("GO1-E-AAAAAAB"))[:1]
    deal = player_moves(new_game("SC1-C-AAAAAAB"))[:1]
    MOVES_SCHEMA.validate(golf_draw + deal)
    with pytest.raises(ValidationError):
        MOVES_SCHEMA.validate([golf_draw[0] | {"cards": ["TS"]}])
    with pytest.raises(ValidationError):
        MOVES_SCHEMA.validate([deal[0] | {"cards": ["9C", "QH", "KC"]}])
    with pytest.raises(ValidationError):
        MOVES_SCHEMA.validate([golf_draw[0] | {"targets": ["x"], "kind": "move_cards"}])
