"""Player views: the position as the player may see it, safe to send to a web client.

A saved position (``to_dict``) holds every card, so a server that sends it to
the browser lets the player read the stock order, Scorpion's face-down cards
and its reserve.  :func:`player_view` gives the same JSON-ready data with each
hidden pile replaced by its number of cards:

========================  ===============================  ===================
game                      hidden in the position           in the view
========================  ===============================  ===================
Golf, Forty Thieves       ``"stock": ["KH", …]``           ``"stock": 16``
Scorpion                  ``"down": ["JC", …]`` (columns)  ``"down": 3``
Scorpion                  ``"reserve": ["5C", …]``         ``"reserve": 3``
========================  ===============================  ===================

Everything else is as in the position format: the face-up cards of the
columns, the waste (every card in it has been seen), the foundations, the
removed runs, the score and the status, with the game's name in ``"game"``.
A view of a :class:`~patience_rules.Game` adds ``"format"`` and ``"moves"``
(the move counter), but never the game code (it
names the deal, so every hidden card) nor the undo history (earlier
positions hold cards that are hidden now).

Every view has ``"view": "player"``, and loading one as a position or a game
is refused with an :exc:`~patience_rules.InvalidPositionError` saying so.  A
JSON Schema of the view ships in the package, as
``patience_rules/schemas/player-view.schema.json``
(``importlib.resources.files("patience_rules") / "schemas"``), for clients
that validate what they receive.

>>> from patience_rules import new_game
>>> from patience_rules.views import player_view
>>> view = player_view(new_game("SC1-C-AAAAAAB"))
>>> view["columns"][0], view["reserve"], "code" in view
({'down': 3, 'up': ['6C', '4H', '2D', '3S']}, 3, False)
"""

from __future__ import annotations

from typing import Any

from patience_rules import _json, _text, forty_thieves, golf, scorpion
from patience_rules.errors import InvalidPositionError
from patience_rules.game import FORMAT, Game

__all__ = ["PLAYER", "player_view"]

PLAYER = "player"
"""The value of a view's ``"view"`` field."""


def player_view(
    position: Game[Any, Any] | golf.State | forty_thieves.State | scorpion.State,
) -> dict[str, Any]:
    """*position* (a :class:`~patience_rules.Game` or a game's ``State``) as its player sees it.

    Plain JSON types, ready for :func:`json.dumps`; the module's summary lists
    what is left out.

    >>> from patience_rules import Game, InvalidPositionError, golf
    >>> view = player_view(golf.deal(1))
    >>> view["stock"], view["waste"], view["view"]
    (16, ['7S'], 'player')
    >>> try:
    ...     golf.from_dict(view)
    ... except InvalidPositionError as error:
    ...     print(str(error)[:43])
    this is a player view (field 'view' is 'pla

    Raises:
        InvalidPositionError: *position* is neither a game nor a position.
    """
    if isinstance(position, Game):
        return {"format": FORMAT, "moves": position.moves} | player_view(position.state)
    if isinstance(position, golf.State):
        body = _golf(position)
    elif isinstance(position, forty_thieves.State):
        body = _forty_thieves(position)
    elif isinstance(position, scorpion.State):
        body = _scorpion(position)
    else:
        raise InvalidPositionError(f"{_text.quote(position)} is neither a Game nor a position")
    return {_json.VIEW: PLAYER, "game": position.game} | _json.header(position) | body


def _golf(state: golf.State) -> dict[str, Any]:
    return {
        "columns": [_json.names(column) for column in state.columns],
        "stock": len(state.stock),
        "waste": _json.names(state.waste),
    }


def _forty_thieves(state: forty_thieves.State) -> dict[str, Any]:
    return {
        "columns": [_json.names(column) for column in state.columns],
        "stock": len(state.stock),
        "waste": _json.names(state.waste),
        "foundations": [_json.names(pile) for pile in state.foundations],
    }


def _scorpion(state: scorpion.State) -> dict[str, Any]:
    return {
        "columns": [
            {"down": len(column.down), "up": _json.names(column.up)} for column in state.columns
        ],
        "reserve": len(state.reserve),
        "removed_runs": [suit.value for suit in state.removed_runs],
    }
