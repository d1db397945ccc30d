"""Drag and drop for every game: one routine, whatever the game.

Every move of every game names its piles in one vocabulary
(:class:`~patience_rules.piles.Pile`, see :class:`~patience_rules.piles.PileMove`),
so a UI can highlight and drop without knowing the game:
:func:`destinations` lists the legal moves that start where a drag starts,
and :func:`drag_move` finds the legal move a drop makes.  A drag starts at a
pile or at a card (Scorpion moves a card with every card above it); it ends on
a pile.  Each game module has the same two functions for its own positions.

>>> from patience_rules import new_game
>>> from patience_rules.gestures import destinations, drag_move
>>> for code, source in [("GO1-E-AAAAAAB", "7"), ("FT1-N-AAAAAAC", "5"), ("SC1-C-AAAAAAB", "6H")]:
...     state = new_game(code).state
...     targets = [str(move.target_pile(state)) for move in destinations(state, source)]
...     print(code, source, "->", targets, drag_move(state, source, targets[0]))
GO1-E-AAAAAAB 7 -> ['w'] 7
FT1-N-AAAAAAC 5 -> ['f2', 'f6', '2'] 5-f2
SC1-C-AAAAAAB 6H -> ['2'] 6H-2
"""

from __future__ import annotations

from typing import overload

from patience_rules import _text, forty_thieves, golf, scorpion
from patience_rules.cards import Card
from patience_rules.errors import InvalidPositionError
from patience_rules.piles import Pile

__all__ = ["destinations", "drag_move"]

_Place = Pile | Card | str


@overload
def destinations(state: golf.State, source: _Place) -> tuple[golf.Move, ...]: ...
@overload
def destinations(state: forty_thieves.State, source: _Place) -> tuple[forty_thieves.Move, ...]: ...
@overload
def destinations(state: scorpion.State, source: _Place) -> tuple[scorpion.Move, ...]: ...
def destinations(
    state: golf.State | forty_thieves.State | scorpion.State, source: _Place
) -> tuple[golf.Move, ...] | tuple[forty_thieves.Move, ...] | tuple[scorpion.Move, ...]:
    """Every legal move of *state* that starts at *source*, a pile, a card or the name of either.

    The game module's ``destinations``, e.g. :func:`patience_rules.golf.destinations`.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    Raises:
        InvalidNotationError: *source* is neither a pile of this game nor a card.
        InvalidPositionError: *state* is not a position of one of the games.
    """
    if isinstance(state, golf.State):
        return golf.destinations(state, source)
    if isinstance(state, forty_thieves.State):
        return forty_thieves.destinations(state, source)
    if isinstance(state, scorpion.State):
        return scorpion.destinations(state, source)
    raise InvalidPositionError(
        f"{_text.quote(state)} is not a golf, forty thieves or scorpion position"
    )


@overload
def drag_move(state: golf.State, source: _Place, target: Pile | str) -> golf.Move | None: ...
@overload
def drag_move(
    state: forty_thieves.State, source: _Place, target: Pile | str
) -> forty_thieves.Move | None: ...
@overload
def drag_move(
    state: scorpion.State, source: _Place, target: Pile | str
) -> scorpion.Move | None: ...
def drag_move(
    state: golf.State | forty_thieves.State | scorpion.State,
    source: _Place,
    target: Pile | str,
) -> golf.Move | forty_thieves.Move | scorpion.Move | None:
    """The legal move a drag from *source* onto the pile *target* makes in *state*, or ``None``.

    The game module's ``drag_move``, e.g. :func:`patience_rules.golf.drag_move`.

    Player-safe: the moves name only face-up cards, and a hidden card starts none.

    Raises:
        InvalidNotationError: *source* or *target* is not a pile (or card) of this game.
        InvalidPositionError: *state* is not a position of one of the games.
    """
    if isinstance(state, golf.State):
        return golf.drag_move(state, source, target)
    if isinstance(state, forty_thieves.State):
        return forty_thieves.drag_move(state, source, target)
    if isinstance(state, scorpion.State):
        return scorpion.drag_move(state, source, target)
    raise InvalidPositionError(
        f"{_text.quote(state)} is not a golf, forty thieves or scorpion position"
    )
