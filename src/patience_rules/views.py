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

:func:`player_moves` gives the legal moves the same way, for a client's
highlights and drag and drop: each names its piles in the shared vocabulary
(:mod:`~patience_rules.piles`) and only the face-up cards it carries, with
its own JSON Schema, ``patience_rules/schemas/player-moves.schema.json``.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast, overload

from patience_rules import _json, _text, forty_thieves, golf, scorpion
from patience_rules.errors import InvalidPositionError
from patience_rules.game import FORMAT, MAX_MOVES, Game
from patience_rules.piles import RESERVE, STOCK, WASTE, Pile

__all__ = [
    "PLAYER",
    "FortyThievesView",
    "GolfView",
    "MoveKind",
    "PlayerMove",
    "PlayerView",
    "ScorpionColumnView",
    "ScorpionView",
    "player_moves",
    "player_view",
]

PLAYER = "player"
"""The value of a view's ``"view"`` field."""


class _GameFields(TypedDict, total=False):
    """The fields a view of a :class:`~patience_rules.Game` adds to the view of its position."""

    format: int
    """The version of the saved-game formats, :data:`~patience_rules.game.FORMAT`."""
    moves: int
    """The move counter."""


class GolfView(_GameFields):
    """What :func:`player_view` writes for Golf: the stock is a count."""

    view: Literal["player"]
    game: Literal["golf"]
    variant: str
    score: int
    status: str
    columns: list[list[str]]
    """Each column's cards, deepest first."""
    stock: int
    """How many cards the stock holds."""
    waste: list[str]
    """Every card that has reached the waste, bottom first."""


class FortyThievesView(_GameFields):
    """What :func:`player_view` writes for Forty Thieves: the stock is a count."""

    view: Literal["player"]
    game: Literal["forty_thieves"]
    variant: str
    score: int
    status: str
    columns: list[list[str]]
    """Each column's cards, deepest first."""
    stock: int
    """How many cards the stock holds."""
    waste: list[str]
    """The drawn cards, bottom first."""
    foundations: list[list[str]]
    """Each foundation's cards, bottom (the Ace) first."""


class ScorpionColumnView(TypedDict):
    """A Scorpion column in a view: how many cards lie face down, and the face-up cards."""

    down: int
    up: list[str]


class ScorpionView(_GameFields):
    """What :func:`player_view` writes for Scorpion: face-down cards and the reserve are counts."""

    view: Literal["player"]
    game: Literal["scorpion"]
    variant: str
    score: int
    status: str
    columns: list[ScorpionColumnView]
    reserve: int
    """How many reserve cards are still to be dealt (3 or 0)."""
    removed_runs: list[str]
    """The suits of the removed runs, in order of removal."""


PlayerView = GolfView | FortyThievesView | ScorpionView
"""A view of any game; its ``"game"`` field tells which."""


@overload
def player_view(position: golf.State | Game[golf.State, Any]) -> GolfView: ...
@overload
def player_view(
    position: forty_thieves.State | Game[forty_thieves.State, Any],
) -> FortyThievesView: ...
@overload
def player_view(position: scorpion.State | Game[scorpion.State, Any]) -> ScorpionView: ...
@overload
def player_view(position: Game[Any, Any]) -> PlayerView: ...
def player_view(
    position: Game[Any, Any] | golf.State | forty_thieves.State | scorpion.State,
) -> PlayerView:
    """*position* (a :class:`~patience_rules.Game` or a game's ``State``) as its player sees it.

    Plain JSON types, ready for :func:`json.dumps`; the module's summary lists
    what is left out.  Player-safe: it names no hidden card, and no game code.

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
        counter: dict[str, Any] = {"format": FORMAT, "moves": position.moves}
        return cast("PlayerView", counter | dict(player_view(position.state)))
    if isinstance(position, golf.State):
        body = _golf(position)
    elif isinstance(position, forty_thieves.State):
        body = _forty_thieves(position)
    elif isinstance(position, scorpion.State):
        body = _scorpion(position)
    else:
        raise InvalidPositionError(f"{_text.quote(position)} is neither a Game nor a position")
    view = {_json.VIEW: PLAYER, "game": position.game} | _json.header(position) | body
    return cast("PlayerView", view)


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


MoveKind = Literal["draw", "deal_reserve", "move_cards"]
"""What a move does, in a :class:`PlayerMove`: ``"draw"`` turns the top stock card onto the
waste, ``"deal_reserve"`` deals Scorpion's reserve onto columns 1 to 3, ``"move_cards"``
moves face-up cards from one pile onto another."""


class PlayerMove(TypedDict):
    """A legal move as :func:`player_moves` writes it: plain JSON types."""

    notation: str
    """The move's notation, to send back to play it (e.g. ``"6H-2"``)."""
    kind: MoveKind
    """What the move does."""
    source: str
    """The pile the move starts at, by its :class:`~patience_rules.piles.Pile` name."""
    targets: list[str]
    """The piles its cards go to (columns ``1``, ``2`` and ``3`` for the reserve deal)."""
    cards: list[str]
    """The face-up cards that move, deepest first; empty for a draw or the reserve deal."""


def player_moves(
    position: Game[Any, Any] | golf.State | forty_thieves.State | scorpion.State,
) -> list[PlayerMove]:
    """The legal moves of *position* (a :class:`~patience_rules.Game` or a ``State``), JSON-ready.

    In the order of the game's ``legal_moves``, each move as a
    :class:`PlayerMove`: its notation, its kind, its source pile, its target
    piles and the face-up cards it carries.  A draw or the reserve deal names
    no card, since the cards it turns up are hidden until it is played.
    Player-safe: the list never names a hidden card; send it with the
    :func:`player_view`.  A :class:`~patience_rules.Game` at
    :data:`~patience_rules.MAX_MOVES` has none, as its ``check`` refuses every move.

    >>> from patience_rules import new_game
    >>> for entry in player_moves(new_game("SC1-C-AAAAAAB"))[:2]:
    ...     print(entry["notation"], entry["kind"], entry["source"], entry["targets"])
    ...     print(entry["cards"])
    r deal_reserve r ['1', '2', '3']
    []
    6C-5 move_cards 1 ['5']
    ['6C', '4H', '2D', '3S']
    >>> player_moves(new_game("GO1-E-AAAAAAB"))[0]
    {'notation': 'd', 'kind': 'draw', 'source': 's', 'targets': ['w'], 'cards': []}

    Raises:
        InvalidPositionError: *position* is neither a game nor a position.
    """
    if isinstance(position, Game):
        return [] if position.moves >= MAX_MOVES else player_moves(position.state)
    if isinstance(position, golf.State):
        return [_entry(position, move) for move in golf.legal_moves(position)]
    if isinstance(position, forty_thieves.State):
        return [_entry(position, move) for move in forty_thieves.legal_moves(position)]
    if isinstance(position, scorpion.State):
        return [_entry(position, move) for move in scorpion.legal_moves(position)]
    raise InvalidPositionError(f"{_text.quote(position)} is neither a Game nor a position")


def _entry(
    state: Any,  # noqa: ANN401 - any game's State, with a move of that game
    move: golf.Move | forty_thieves.Move | scorpion.Move,
) -> PlayerMove:
    """*move*, legal in *state*, as a :class:`PlayerMove`."""
    if isinstance(move, golf.Draw | forty_thieves.Draw):
        return _moved(move, "draw", STOCK, [WASTE], [])
    if isinstance(move, scorpion.DealReserve):
        columns = [Pile.column(number) for number in range(1, len(state.reserve) + 1)]
        return _moved(move, "deal_reserve", RESERVE, columns, [])
    return _moved(
        move,
        "move_cards",
        move.source_pile(state),
        [move.target_pile(state)],
        _json.names(move.moved_cards(state)),
    )


def _moved(
    move: object, kind: MoveKind, source: Pile, targets: list[Pile], cards: list[str]
) -> PlayerMove:
    return {
        "notation": str(move),
        "kind": kind,
        "source": str(source),
        "targets": [str(pile) for pile in targets],
        "cards": cards,
    }
