"""No HTTP response the page receives names a hidden card, or the code of a game in progress.

Twenty random games of every game and variant are played through the page: its
own actions (the same as its gestures and buttons) for moves by notation, drag
and tap, undo, hint and resigning, real clicks on the table, and direct calls
of the API from the page (the record before the end, moves that name hidden
cards).  Every response the browser receives is checked against the game as
the server holds it at that moment.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, Response

from conftest import Server, idle
from hidden import hidden_cards, named_cards, visible_cards
from patience_rules import DEALS, Card, Game, encode, new_game, svg

GAMES = [
    ("golf", "easy"),
    ("golf", "classic"),
    ("forty_thieves", "standard"),
    ("scorpion", "classic"),
    ("scorpion", "flexible"),
]
GAMES_EACH = 20
STEPS = 5
CODE = re.compile(r"[A-Z]{2}\d-[A-Z]-[A-Z2-7]{7}")
API_PATH = re.compile(r"/api/games/([^/?]+)")


class LeakCheck:
    """Checks every response of one step against the server's game after that step."""

    def __init__(self, page: Page, server: Server) -> None:
        self.page = page
        self.server = server
        self.responses: list[Response] = []
        self.checked: Counter[str] = Counter()
        self.seen: dict[str, set[Card]] = {}  # by game id: the cards face up after the last step
        page.on("response", lambda response: self.responses.append(response))  # noqa: PLW0108

    def step(self, action: Callable[[], object]) -> dict[str, Any]:
        """Run *action*, wait for the page, check what it received; the page's game after it."""
        self.responses.clear()
        action()
        idle(self.page)
        games: dict[str, Game[Any, Any]] = {}
        for response in self.responses:
            self.check(response, games)
        for game_id, game in games.items():
            self.seen[game_id] = visible_cards(game)
        return self.page.evaluate("patience.current()")

    def check(self, response: Response, games: dict[str, Game[Any, Any]]) -> None:
        """Check *response* against its game, loaded into *games*.

        A card face up before this step may show (e.g. a draw undone back into the stock).
        """
        match = API_PATH.search(response.url)
        text = response.text()
        if match is None and response.url.endswith("/api/games"):
            game_id = json.loads(text)["id"]
        elif match is not None:
            game_id = match.group(1)
        else:
            return  # the page and its static files: the same for every game
        text = " ".join(f"{name}: {value}" for name, value in response.headers.items()) + text
        entry = self.server.store.get(game_id)
        game = games.setdefault(game_id, entry.load())
        hidden = hidden_cards(game) - visible_cards(game) - self.seen.get(game_id, set())
        named = named_cards(text, ignoring=game_id)
        assert not named & hidden, (response.url, sorted(map(str, named & hidden)), text[:300])
        if not entry.resigned and game.status == "playing":
            assert not CODE.search(text), (response.url, text[:300])
        self.checked["svg" if response.url.split("?")[0].endswith("/svg") else "json"] += 1


def act(page: Page, gesture: dict[str, str]) -> None:
    """Send *gesture* as the page's table does."""
    page.evaluate("gesture => patience.act(gesture)", gesture)


def fetch(page: Page, method: str, path: str, body: object = None) -> None:
    """Call the API from the page, as any script in it could."""
    page.evaluate(
        """([method, path, body]) => fetch(path, body === null ? {method} : {
            method, headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
        }).then(response => response.text())""",
        [method, path, body],
    )


def random_step(
    page: Page, rng: random.Random, data: dict[str, Any], game: Game[Any, Any]
) -> Callable[[], object]:
    """One action of the page, showing *data* of *game*, picked at random: mostly moves."""
    legal, game_id = data["legal_moves"], data["id"]
    roll = rng.random()
    if roll < 0.03:  # the solver thinks for up to half a second
        return lambda: page.evaluate("patience.hint()")
    if roll < 0.13:
        return lambda: page.evaluate("patience.undo()")
    if roll < 0.21:
        return lambda: fetch(page, "GET", f"/api/games/{game_id}/record")
    if roll < 0.29 and hidden_cards(game):
        card = str(rng.choice(sorted(hidden_cards(game))))
        notation = f"{card}-{rng.randint(1, 7)}" if game.state.game == "scorpion" else card
        return lambda: fetch(page, "POST", f"/api/games/{game_id}/moves", {"move": notation})
    if roll < 0.39:
        cards = page.locator("#table use.card[data-card]")
        card = cards.nth(rng.randrange(cards.count()))
        # A click where a player would, on the card's corner (another may cover the rest);
        # a Forty Thieves click waits to see whether it is a double-click.
        wait = 300 if game.state.game == "forty_thieves" else 0
        return lambda: (
            card.click(position={"x": 6, "y": 6}, force=True),
            page.wait_for_timeout(wait),
        )
    if not legal:
        return lambda: page.evaluate("patience.undo()")
    move = rng.choice(legal)
    source = (
        move["cards"][0] if game.state.game == "scorpion" and move["cards"] else move["source"]
    )
    gesture = rng.choice(
        [{"move": move["notation"]}, {"from": source, "to": move["targets"][0]}, {"tap": source}]
    )
    return lambda: act(page, gesture)


def test_no_response_names_a_hidden_card_or_the_code_of_a_game_in_progress(
    page: Page, server: Server
) -> None:
    """Every response of 100 random games played through the page keeps the hidden hidden."""
    leaks = LeakCheck(page, server)
    rng = random.Random(26)
    played: Counter[str] = Counter()
    for name, variant in GAMES:
        for number in range(GAMES_EACH):
            code = encode(name, variant, rng.randrange(DEALS))
            data = leaks.step(
                lambda code=code: page.evaluate("c => patience.deal({code: c})", code)
            )
            for _ in range(STEPS):
                game = server.store.get(data["id"]).load()
                data = leaks.step(random_step(page, rng, data, game))
            played[f"{name} {variant}"] += data["moves"]
            if number % 4 == 0:
                game_id = data["id"]
                leaks.step(lambda: page.evaluate("patience.resign()"))
                leaks.step(lambda game_id=game_id: fetch(page, "GET", f"/api/games/{game_id}"))
    assert all(played[f"{name} {variant}"] >= GAMES_EACH for name, variant in GAMES), played
    assert min(leaks.checked["json"], leaks.checked["svg"]) > 500, leaks.checked


def test_the_leak_check_finds_a_hidden_card_and_a_code() -> None:
    """The search finds what the test looks for: a hidden card in a full picture, a code."""
    game = new_game("SC1-C-AAAAAAB")
    full = svg.render(game, player_view=False)
    assert named_cards(full) & hidden_cards(game)
    assert not named_cards(svg.render(game, player_view=True)) & hidden_cards(game)
    assert CODE.search(json.dumps(game.to_record()))
