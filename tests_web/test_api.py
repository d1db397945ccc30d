"""The example's JSON API, called in-process: what it answers, refuses, and never sends."""

from __future__ import annotations

import json
import random

import pytest
from starlette.testclient import TestClient

from hidden import hidden_cards, named_cards
from patience_rules import Game, new_game, solver
from store import Entry, GameStore, UnknownGameError


def create(client: TestClient, body: object, lang: str = "en") -> dict:
    """The answer to creating a game from *body*."""
    response = client.post(f"/api/games?lang={lang}", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def stored(store: GameStore, game_id: str) -> Game:
    """The game the server keeps under *game_id*."""
    return store.get(game_id).load()


def test_a_game_from_a_code_answers_the_player_view_and_moves_but_not_the_code(
    client: TestClient,
) -> None:
    """A new game answers its id, view and legal moves; its code and deal stay on the server."""
    data = create(client, {"code": "GO1-E-AAAAAAB"})
    assert data["view"]["view"] == "player"
    assert data["view"]["stock"] == 16
    assert [move["notation"] for move in data["legal_moves"]] == ["d", "2", "3", "7"]
    assert data["legal_moves"][0]["cards"] == []
    assert (data["score"], data["moves"], data["status"], data["over"]) == (0, 0, "playing", False)
    text = json.dumps(data)
    assert "code" not in data
    assert "GO1-E-AAAAAAB" not in text
    assert not named_cards(text, ignoring=data["id"]) & hidden_cards(new_game("GO1-E-AAAAAAB"))


@pytest.mark.parametrize(
    ("game", "variant", "prefix"),
    [
        ("golf", "classic", "GO1-C-"),
        ("forty_thieves", None, "FT1-N-"),
        ("scorpion", "flexible", "SC1-F-"),
    ],
)
def test_a_random_game_of_each_game(
    client: TestClient, store: GameStore, game: str, variant: str | None, prefix: str
) -> None:
    """{"game", "variant"} deals a random game of that game and variant."""
    data = create(client, {"game": game, "variant": variant})
    assert data["view"]["game"] == game
    assert str(stored(store, data["id"]).code).startswith(prefix)


def test_a_winnable_deal_is_one_the_solver_wins(client: TestClient, store: GameStore) -> None:
    """{"winnable": true} deals a game the solver proves winnable."""
    data = create(client, {"game": "golf", "variant": "easy", "winnable": True})
    game = stored(store, data["id"])
    assert solver.solve(game).outcome is solver.Outcome.WIN


def test_moves_by_notation_drag_tap_and_double_click(client: TestClient, store: GameStore) -> None:
    """Every gesture plays its move and answers its effects; the store keeps the new game."""
    golf_id = create(client, {"code": "GO1-E-AAAAAAB"})["id"]
    played = client.post(f"/api/games/{golf_id}/moves", json={"tap": "7"}).json()
    assert played["effects"][0] == {
        "effect": "cards_moved",
        "cards": ["8S"],
        "source": "7",
        "target": "w",
    }
    assert (played["score"], played["moves"]) == (10, 1)
    played = client.post(f"/api/games/{golf_id}/moves", json={"from": "1", "to": "w"}).json()
    assert played["moves"] == 2
    played = client.post(f"/api/games/{golf_id}/moves", json={"move": "d"}).json()
    assert played["effects"][0]["effect"] == "stock_drawn"
    assert stored(store, golf_id).record == ("7", "1", "d")

    thieves_id = create(client, {"code": "FT1-N-AAAAAAC"})["id"]
    tapped = client.post(f"/api/games/{thieves_id}/moves", json={"tap": "5"}).json()
    assert tapped["effects"][0]["target"] == "f2"
    clicked = client.post(f"/api/games/{thieves_id}/moves", json={"double_click": "3"}).json()
    assert clicked["refusal"] is None
    assert stored(store, thieves_id).record == ("5-f2", "3-1")


def test_a_refused_move_answers_its_reason_in_the_players_language(
    client: TestClient, store: GameStore
) -> None:
    """A refusal comes with its reason and message (Hindi here), and the game is unchanged."""
    game_id = create(client, {"code": "GO1-E-AAAAAAB"})["id"]
    data = client.post(f"/api/games/{game_id}/moves?lang=hi", json={"tap": "1"}).json()
    assert data["refusal"] == {
        "reason": "rank_not_adjacent",
        "message": "दर्जा एक अधिक या एक कम होना चाहिए",
    }
    assert (data["moves"], data["effects"]) == (0, [])
    assert stored(store, game_id).record == ()
    dropped = client.post(f"/api/games/{game_id}/moves", json={"from": "1", "to": "3"}).json()
    assert dropped["refusal"]["reason"] == "no_place"


def test_undo(client: TestClient) -> None:
    """Undo goes back one action; with nothing to undo it is refused."""
    game_id = create(client, {"code": "GO1-E-AAAAAAB"})["id"]
    refused = client.post(f"/api/games/{game_id}/undo").json()
    assert refused["refusal"]["reason"] == "nothing_to_undo"
    client.post(f"/api/games/{game_id}/moves", json={"move": "7"})
    undone = client.post(f"/api/games/{game_id}/undo").json()
    assert (undone["score"], undone["moves"], undone["can_undo"]) == (0, 1, False)
    # The undo's effects animate it backwards: the card back onto column 7, then the score.
    assert undone["effects"] == [
        {"effect": "cards_moved", "cards": ["8S"], "source": "w", "target": "7"},
        {"effect": "score_changed", "cause": "card_to_waste", "points": -10, "score": 0},
    ]


def test_undo_of_a_draw_names_no_card(client: TestClient) -> None:
    """The card a draw's undo puts back on the stock is hidden again, so it goes unnamed."""
    game_id = create(client, {"code": "GO1-E-AAAAAAB"})["id"]
    client.post(f"/api/games/{game_id}/moves", json={"move": "d"})
    undone = client.post(f"/api/games/{game_id}/undo").json()
    assert undone["effects"] == [{"effect": "draw_taken_back"}]


def test_the_hint_is_one_of_the_legal_moves(client: TestClient) -> None:
    """The hint is the solver's move, as its entry among the legal moves."""
    game_id = create(client, {"code": "GO1-E-AAAAAAB"})["id"]
    data = client.get(f"/api/games/{game_id}/hint").json()
    assert data["hint"]["notation"] == "7"
    assert data["hint"] in data["legal_moves"]


def test_the_picture_is_the_players_view(client: TestClient) -> None:
    """The SVG draws the table with no hidden card named."""
    game_id = create(client, {"code": "SC1-C-AAAAAAB"})["id"]
    response = client.get(f"/api/games/{game_id}/svg")
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg")
    assert 'data-card="6C"' in response.text
    assert not named_cards(response.text) & hidden_cards(new_game("SC1-C-AAAAAAB"))
    assert "data-hidden" not in response.text


def test_the_code_and_record_come_once_the_game_is_over(client: TestClient) -> None:
    """Before the end the record answers 409 and no answer has the code; resigning gives both."""
    game_id = create(client, {"code": "SC1-C-AAAAAAB"})["id"]
    client.post(f"/api/games/{game_id}/moves", json={"move": "6C-5"})
    assert client.get(f"/api/games/{game_id}/record").status_code == 409
    resigned = client.post(f"/api/games/{game_id}/resign").json()
    assert (resigned["over"], resigned["resigned"], resigned["code"]) == (
        True,
        True,
        "SC1-C-AAAAAAB",
    )
    assert resigned["legal_moves"] == []
    record = client.get(f"/api/games/{game_id}/record").json()["record"]
    assert record == {"format": 1, "code": "SC1-C-AAAAAAB", "moves": ["6C-5"]}
    assert client.post(f"/api/games/{game_id}/moves", json={"move": "r"}).status_code == 409
    assert client.post(f"/api/games/{game_id}/undo").status_code == 409


def test_a_won_game_gives_its_code(client: TestClient) -> None:
    """A game played to a win is over: its code and record are given."""
    code, line = solver.winnable_deal("golf", "easy", random.Random(3))
    game_id = create(client, {"code": str(code)})["id"]
    for move in line:
        data = client.post(f"/api/games/{game_id}/moves", json={"move": str(move)}).json()
        assert data["refusal"] is None
    assert (data["status"], data["over"], data["code"]) == ("won", True, str(code))
    assert data["effects"][-1] == {"effect": "status_changed", "before": "playing", "after": "won"}
    assert client.get(f"/api/games/{game_id}/record").json()["record"]["code"] == str(code)


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "words"),
    [
        ("post", "/api/games", {"code": "GO1-X-AAAAAAB"}, 400, "variant"),
        ("post", "/api/games", {"code": 7}, 400, "'code'"),
        ("post", "/api/games", {"game": "chess"}, 400, "no game"),
        ("post", "/api/games", {"game": "golf", "variant": "hard"}, 400, "variant"),
        ("post", "/api/games", [1], 400, "JSON object"),
        ("post", "/api/games?lang=fr", {"code": "GO1-E-AAAAAAB"}, 400, "language"),
        ("get", "/api/games/nope", None, 404, "nope"),
        ("get", "/api/games/nope/svg", None, 404, "nope"),
    ],
)
def test_bad_requests_get_a_4xx_with_a_message(  # noqa: PLR0917 - parametrized
    client: TestClient, method: str, path: str, body: object, status: int, words: str
) -> None:
    """Junk gets a 4xx whose message names the problem; the server goes on."""
    response = client.request(method.upper(), path, json=body)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert client.post("/api/games", json={"code": "GO1-E-AAAAAAB"}).status_code == 201


@pytest.mark.parametrize(
    "body",
    [
        {"move": "zz"},
        {"move": 3},
        {"tap": None},
        {"from": "1"},
        {"jump": "1"},
        {"from": "9", "to": "w"},
    ],
)
def test_junk_moves_are_refused_with_a_4xx(client: TestClient, body: object) -> None:
    """A move that is not one of the game's gets a 400 and leaves the game alone."""
    game_id = create(client, {"code": "GO1-E-AAAAAAB"})["id"]
    response = client.post(f"/api/games/{game_id}/moves", json=body)
    assert response.status_code == 400
    assert response.json()["error"]
    assert client.get(f"/api/games/{game_id}").json()["moves"] == 0


def test_a_body_that_is_not_json_is_a_400(client: TestClient) -> None:
    """A body that is not JSON is refused with a message."""
    response = client.post("/api/games", content=b"{not json")
    assert response.status_code == 400
    assert "JSON" in response.json()["error"]


def test_the_store_is_bounded() -> None:
    """The store keeps at most its limit, letting the least recently used game go."""
    store = GameStore(limit=2)
    first = store.add(new_game("GO1-E-AAAAAAB"))
    second = store.add(new_game("GO1-E-AAAAAAC"))
    store.get(first)
    third = store.add(new_game("GO1-E-AAAAAAD"))
    assert len(store) == 2
    assert store.get(first).load().code == new_game("GO1-E-AAAAAAB").code
    assert store.get(third).record["code"] == "GO1-E-AAAAAAD"
    with pytest.raises(UnknownGameError, match=second):
        store.get(second)


def test_the_store_keeps_records() -> None:
    """A stored game is its record, replayed by the library when loaded."""
    store = GameStore()
    game = new_game("GO1-E-AAAAAAB").play("7").play("d").undo()
    game_id = store.add(game)
    assert store.get(game_id) == Entry(
        {"format": 1, "code": "GO1-E-AAAAAAB", "moves": ["7", "d", "u"]}
    )
    assert store.get(game_id).load() == game
