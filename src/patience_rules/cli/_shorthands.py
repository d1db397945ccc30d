"""Shorthands a player expects, turned into the game's moves.

Forty Thieves: ``1-f`` or ``w-f`` sends the top card of a pile to the
foundation that takes it (the library's auto-place, foundations only), and a
bare pile name such as ``w`` or ``3`` is the tap move
(:func:`patience_rules.forty_thieves.tap_move`).  Golf's bare column number is
already a move of its notation; Scorpion has no shorthand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from patience_rules import forty_thieves
from patience_rules.errors import InvalidNotationError, PatienceError
from patience_rules.reasons import Refusal

if TYPE_CHECKING:
    from patience_rules.game import Game

__all__ = ["NoMoveError", "expand"]


class NoMoveError(PatienceError):
    """A shorthand names no legal move: the card on *pile* goes nowhere, or *refusal* says why."""

    def __init__(self, pile: str, refusal: Refusal | None = None) -> None:
        super().__init__(pile, refusal)
        self.pile = pile
        self.refusal = refusal


def expand(game: Game[Any, Any], line: str) -> object:
    """The move a shorthand *line* stands for, or *line* itself when it is no shorthand.

    Raises:
        NoMoveError: the shorthand names no legal move.
    """
    if game.state.game != "forty_thieves":
        return line
    state: forty_thieves.State = game.state
    source_name, dash, target = line.strip().lower().partition("-")
    try:
        source = forty_thieves.parse_pile(source_name)
    except InvalidNotationError:
        return line
    if not dash:
        move = forty_thieves.tap_move(state, source)
        if move is None:
            raise NoMoveError(source_name.strip())
        return move
    if target.strip() != "f":
        return line
    move = forty_thieves.auto_place_move(state, source)
    if move is not None and isinstance(move.target, forty_thieves.Foundation):
        return move
    raise NoMoveError(source_name.strip(), _foundation_refusal(game, source))


def _foundation_refusal(game: Game[Any, Any], source: forty_thieves.Pile) -> Refusal | None:
    """Why the top card of *source* goes on no foundation: the refusal of its suit's first."""
    state: forty_thieves.State = game.state
    if isinstance(source, forty_thieves.Waste):
        cards = state.waste
    elif isinstance(source, forty_thieves.Column):
        cards = state.columns[source.number - 1]
    else:
        cards = state.foundations[source.number - 1]
    number = forty_thieves.FOUNDATION_SUITS.index(cards[-1].suit) + 1 if cards else 1
    return game.check(forty_thieves.MoveCard(source, forty_thieves.Foundation(number)))
