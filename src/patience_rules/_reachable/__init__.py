"""What loading guarantees beyond a position's form: that play could have reached it.

A game module's ``from_dict`` checks what a position alone must satisfy.  This
package checks each position of a :class:`~patience_rules.Game` (its undo
history and the current one) against the rest of the game: the code's deal,
when the game has a code, and the move counter at that position, which is at
most the counter minus the actions played since.  One module per game does the
game's own checks.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Hashable
from typing import Any, cast

from patience_rules._reachable import forty_thieves, golf, scorpion
from patience_rules._rules import GameState, Rules
from patience_rules.codes import GameCode
from patience_rules.errors import InvalidPositionError

__all__ = ["check"]

_CHECKS: dict[str, Callable[[Any, Any, int], None]] = {
    "golf": golf.check,
    "forty_thieves": forty_thieves.check,
    "scorpion": scorpion.check,
}


_REPLAYED = {"golf"}
"""The games whose deal check replays the position from the deal (see :func:`check`)."""


def check(
    rules: Rules[Any, Any],
    state: GameState,
    code: GameCode | None,
    moves: int,
    history: tuple[GameState, ...],
) -> None:
    """Check every position of a game against its code's deal and its counters.

    *history* is no longer than *moves*, and each of its positions leads to
    the next by one legal action (the caller has checked both).

    Raises:
        InvalidPositionError: a position is inconsistent; the message says which.
    """
    dealt = None if code is None else _deal(rules, code)
    positions = (*history, state)
    for index, position in enumerate(positions):
        later = len(positions) - 1 - index
        # Golf's deal check replays the waste from the deal, and the replay of a position
        # one legal action after another is that one's replay and the action: so past the
        # oldest position it proves nothing new, and the chain is checked in linear time.
        against = dealt if index == 0 or position.game not in _REPLAYED else None
        try:
            _check_position(position, against, moves - later)
        except InvalidPositionError as error:
            where = "the position" if later == 0 else f"history[{index}]"
            raise InvalidPositionError(f"{where}: {error}") from None


def _deal(rules: Rules[Any, Any], code: GameCode) -> GameState:
    """The deal *code* names, kept for the next check of the same game (see :func:`_dealt`)."""
    # A game module is hashable, though the Rules protocol does not say so.
    return cast("GameState", _dealt(cast("Hashable", rules), code.number, code.variant))


@functools.lru_cache(maxsize=128)
def _dealt(rules: Any, number: int, variant: enum.Enum) -> Any:  # noqa: ANN401 - a game module
    """``rules.deal(number, variant)``, kept for the next check of the same game.

    A web back end loads the same game on every request, and dealing (the seeded shuffle)
    was a third of checking a ``Game(state, code, moves)``.  A deal is a frozen value, so
    sharing one is safe; 128 deals are at most a few hundred kilobytes.
    """
    return rules.deal(number, variant)


def _check_position(position: GameState, dealt: GameState | None, counter: int) -> None:
    """Check one position, reached when the move counter was at most *counter*."""
    if dealt is not None and counter == 0 and position != dealt:
        raise InvalidPositionError("no move was played before it, but it is not the code's deal")
    _CHECKS[position.game](position, dealt, counter)
