"""A server-authoritative web UI for patience_rules: the routes, from the request to the rules.

The server owns every game; the browser only ever sees what the player may
see.  Each answer is built by :func:`answer` from the library's player-safe
functions — the player view, the player's legal moves, the effects of the
action, a refusal in the player's language — and the picture comes from
``svg.render`` in the player's view.  The game code names the whole deal, so
it is sent only once the game is over (won, stuck or resigned), with the
record.  See README.md beside this file for the API.

Run it with ``python examples/web/app.py --port 8000``.
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from patience_rules import (
    DEALS,
    LANGUAGES,
    Game,
    IllegalMoveError,
    InvalidCodeError,
    InvalidNotationError,
    PatienceError,
    Refusal,
    Status,
    effects,
    encode,
    forty_thieves,
    gestures,
    new_game,
    solver,
    svg,
)
from patience_rules.effects import Effect
from patience_rules.locales import text
from patience_rules.views import player_moves, player_view
from store import Entry, GameStore, UnknownGameError

STATIC = Path(__file__).parent / "static"
NO_PLACE = "no_place"
"""The reason of a tap or a drop that makes no move at all (a refusal of this app, not a rule)."""


def answer(  # noqa: PLR0913 - what the answer holds, by name
    game_id: str,
    entry: Entry,
    game: Game[Any, Any],
    lang: str,
    *,
    steps: tuple[Effect, ...] = (),
    refusal: dict[str, str] | None = None,
) -> dict[str, Any]:
    """What every JSON answer holds: only what the player may see."""
    over = is_over(entry, game)
    data = {
        "id": game_id,
        "view": player_view(game),
        "legal_moves": [] if over else player_moves(game),
        "effects": [effects.to_dict(step) for step in steps],
        "refusal": refusal,
        "score": game.score,
        "moves": game.moves,
        "status": game.status.value,
        "resigned": entry.resigned,
        "over": over,
        "can_undo": game.can_undo and not over,
        "lang": lang,
    }
    if over:  # The code names every card of the deal: only now may the player have it.
        data["code"] = str(game.code)
    return data


def is_over(entry: Entry, game: Game[Any, Any]) -> bool:
    """Whether the game is won, stuck or resigned: then it stays over, and its code is given."""
    return entry.resigned or game.status is not Status.PLAYING


def refused(refusal: Refusal, lang: str) -> dict[str, str]:
    """A library refusal as the JSON the page shows."""
    return {"reason": refusal.reason.value, "message": refusal.message_in(lang)}


def no_place(pile: str, lang: str) -> dict[str, str]:
    """The refusal of a tap or a drop that makes no move."""
    return {"reason": NO_PLACE, "message": text("no_tap_move", lang, pile=pile)}


# The gestures: each turns into a move of the game, or a refusal.


def gesture_move(game: Game[Any, Any], body: dict[str, Any], lang: str) -> object:
    """The move a request's gesture makes: a move, a notation, or a refusal (a dict).

    ``{"move": notation}``, a drag ``{"from": pile or card, "to": pile}``, a
    tap ``{"tap": pile or card}`` or (Forty Thieves) ``{"double_click": pile}``.
    """
    state = game.state
    if "move" in body:
        return string(body, "move")
    if "from" in body or "to" in body:
        source, target = string(body, "from"), string(body, "to")
        move = gestures.drag_move(state, source, target)
        return move if move is not None else drop_refusal(game, source, target, lang)
    if "tap" in body:
        return tap(game, string(body, "tap"), lang)
    if "double_click" in body and state.game == "forty_thieves":
        pile = string(body, "double_click")
        move = forty_thieves.double_click_move(state, pile)
        return move if move is not None else no_place(pile, lang)
    raise BadRequestError("give a 'move', a drag ('from' and 'to'), a 'tap' or a 'double_click'")


def tap(game: Game[Any, Any], place: str, lang: str) -> object:
    """A tap: the stock draws, Scorpion's reserve deals; otherwise each game's own rule."""
    state, name = game.state, place.strip().lower()
    if name == "s":
        return "d"
    if state.game == "golf":  # A column or a card: Golf's notation plays it.
        return no_place(name, lang) if name == "w" else name
    if state.game == "forty_thieves":
        move = forty_thieves.tap_move(state, name)
        return move if move is not None else no_place(name, lang)
    if name == "r":
        return "r"
    moves = gestures.destinations(state, name)  # Scorpion: the card's one destination.
    return moves[0] if len(moves) == 1 else no_place(name, lang)


def drop_refusal(game: Game[Any, Any], source: str, target: str, lang: str) -> dict[str, str]:
    """Why a drop from *source* onto *target* makes no move, in the rules' words if they can."""
    if game.state.game == "golf" and target.strip().lower() != "w":
        return no_place(source, lang)  # Every Golf move goes onto the waste.
    notation = source if game.state.game == "golf" else f"{source}-{target}"
    try:
        refusal = game.check(notation)
    except InvalidNotationError:
        refusal = None
    return no_place(source, lang) if refusal is None else refused(refusal, lang)


# The routes.


class BadRequestError(PatienceError, ValueError):
    """The request's body is not what the API takes."""


def string(body: dict[str, Any], field: str) -> str:
    """The text field *field* of a request's body."""
    value = body.get(field)
    if not isinstance(value, str):
        raise BadRequestError(f"field {field!r} must be a string")
    return value


async def read_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body is an empty object)."""
    raw = await request.body()
    if not raw:
        return {}
    try:
        body = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadRequestError("the body is not JSON") from None
    if not isinstance(body, dict):
        raise BadRequestError("the body must be a JSON object")
    return body


def language(request: Request) -> str:
    """The player's language, from ``?lang=`` (English by default)."""
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise BadRequestError(f"unknown language {lang!r} (available: {', '.join(LANGUAGES)})")
    return lang


def loaded(request: Request) -> tuple[str, Entry, Game[Any, Any]]:
    """The id in the path, its stored entry and the game replayed from it."""
    game_id = request.path_params["game_id"]
    entry = request.app.state.store.get(game_id)
    return game_id, entry, entry.load()


async def create_game(request: Request) -> JSONResponse:
    """``POST /api/games``: ``{"code"}``, or ``{"game", "variant"}`` (and ``"winnable"``)."""
    body, lang = await read_body(request), language(request)
    if "code" in body:
        game = new_game(string(body, "code"))
    else:
        name, variant = string(body, "game"), body.get("variant")
        if body.get("winnable") is True:
            code, _line = await run_in_threadpool(solver.winnable_deal, name, variant)
            game = new_game(code)
        else:
            game = new_game(encode(name, variant, secrets.randbelow(DEALS)))
    entry = Entry(game.to_record())
    game_id = request.app.state.store.add(game)
    return JSONResponse(answer(game_id, entry, game, lang), status_code=201)


async def show_game(request: Request) -> JSONResponse:
    """``GET /api/games/{id}``: the game as it is (e.g. after a change of language)."""
    lang = language(request)
    game_id, entry, game = loaded(request)
    return JSONResponse(answer(game_id, entry, game, lang))


async def play(request: Request) -> JSONResponse:
    """``POST /api/games/{id}/moves``: a move by notation, drag, tap or double-click."""
    body, lang = await read_body(request), language(request)
    game_id, entry, game = loaded(request)
    if is_over(entry, game):
        return over_error(game_id, lang)
    move = gesture_move(game, body, lang)
    if isinstance(move, dict):
        return JSONResponse(answer(game_id, entry, game, lang, refusal=move))
    refusal = game.check(move)
    if refusal is not None:
        return JSONResponse(answer(game_id, entry, game, lang, refusal=refused(refusal, lang)))
    steps = effects.move_effects(game.state, move)
    game = game.play(move)
    entry = Entry(game.to_record())
    request.app.state.store.put(game_id, entry)
    return JSONResponse(answer(game_id, entry, game, lang, steps=steps))


async def undo(request: Request) -> JSONResponse:
    """``POST /api/games/{id}/undo``."""
    lang = language(request)
    game_id, entry, game = loaded(request)
    if is_over(entry, game):
        return over_error(game_id, lang)
    try:
        steps = effects.undo_effects(game)
    except IllegalMoveError as error:
        return JSONResponse(
            answer(game_id, entry, game, lang, refusal=refused(error.refusal, lang))
        )
    game = game.undo()
    entry = Entry(game.to_record())
    request.app.state.store.put(game_id, entry)
    return JSONResponse(answer(game_id, entry, game, lang, steps=steps))


async def hint(request: Request) -> JSONResponse:
    """``GET /api/games/{id}/hint``: a good move, as one of the legal moves, or ``null``."""
    lang = language(request)
    game_id, entry, game = loaded(request)
    data = answer(game_id, entry, game, lang)
    move = None if data["over"] else await run_in_threadpool(solver.hint, game)
    notation = None if move is None else str(move)
    data["hint"] = next((m for m in data["legal_moves"] if m["notation"] == notation), None)
    return JSONResponse(data)


async def picture(request: Request) -> Response:
    """``GET /api/games/{id}/svg``: the table in the player's view."""
    _game_id, _entry, game = loaded(request)
    return Response(
        svg.render(game, player_view=True),
        media_type="image/svg+xml",
        headers={"Cache-Control": "no-store"},
    )


async def resign(request: Request) -> JSONResponse:
    """``POST /api/games/{id}/resign``: the game is over; its code and record are given."""
    lang = language(request)
    game_id, entry, game = loaded(request)
    entry = Entry(entry.record, resigned=True)
    request.app.state.store.put(game_id, entry)
    return JSONResponse(answer(game_id, entry, game, lang))


async def record(request: Request) -> JSONResponse:
    """``GET /api/games/{id}/record``: the game record, once the game is over (409 before)."""
    lang = language(request)
    game_id, entry, game = loaded(request)
    if not is_over(entry, game):
        return JSONResponse(
            {"id": game_id, "error": "the record is given once the game is over"}, status_code=409
        )
    return JSONResponse(answer(game_id, entry, game, lang) | {"record": game.to_record()})


def over_error(game_id: str, _lang: str) -> JSONResponse:
    """The answer to an action on a game that is over."""
    return JSONResponse({"id": game_id, "error": "the game is over"}, status_code=409)


async def index(_request: Request) -> FileResponse:
    """The page."""
    return FileResponse(STATIC / "index.html")


# Errors: every one is a 4xx with the library's message; nothing reaches the player as a 500.


async def patience_error(request: Request, error: Exception) -> JSONResponse:
    """A :class:`~patience_rules.PatienceError`: 404 for an unknown game, else 400."""
    if isinstance(error, UnknownGameError):
        return JSONResponse({"error": str(error)}, status_code=404)
    data: dict[str, str] = {"error": str(error)}
    if isinstance(error, InvalidNotationError | InvalidCodeError):
        lang = request.query_params.get("lang", "en")
        data = {
            "reason": error.reason.value,
            "error": error.message_in(lang if lang in LANGUAGES else "en"),
        }
    return JSONResponse(data, status_code=400)


def create_app(store: GameStore | None = None) -> Starlette:
    """The application, keeping its games in *store* (a new in-memory one by default)."""
    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/games/{game_id}", show_game),
            Route("/api/games/{game_id}/moves", play, methods=["POST"]),
            Route("/api/games/{game_id}/undo", undo, methods=["POST"]),
            Route("/api/games/{game_id}/hint", hint),
            Route("/api/games/{game_id}/svg", picture),
            Route("/api/games/{game_id}/resign", resign, methods=["POST"]),
            Route("/api/games/{game_id}/record", record),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={PatienceError: patience_error},
    )
    app.state.store = GameStore() if store is None else store
    return app


def main() -> None:
    """``python examples/web/app.py [--host H] [--port P]``."""
    import uvicorn  # noqa: PLC0415 - only the command needs the server

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    options = parser.parse_args()
    uvicorn.run(create_app(), host=options.host, port=options.port)


if __name__ == "__main__":
    main()
