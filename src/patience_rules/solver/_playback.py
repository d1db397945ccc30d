"""Solution playback: a winning line played one move at a time, to show it step by step.

:func:`playback` is exported by :mod:`patience_rules.solver`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Generic

import attrs

from patience_rules._text import quote
from patience_rules.effects import Effect, move_effects
from patience_rules.errors import PatienceError
from patience_rules.game import Game, M, S
from patience_rules.solver._base import SolverError, shown

if TYPE_CHECKING:
    from patience_rules.solver._solve import Solution

__all__ = ["Step", "playback"]

@attrs.frozen
class Step(Generic[S, M]):
    """One move of a line, played: its *number* (from 1), *move*, *effects* and the *game* after.

    *effects* are :func:`~patience_rules.effects.move_effects` of the move
    in the position before it, in animation order; *game* is the
    :class:`~patience_rules.Game` after the move, its record the earlier
    game's plus the move.

    Not player-safe: the game after holds every card, and the effects of a
    solution name the cards it turns up before the player could.
    """

    number: int
    move: M
    effects: tuple[Effect, ...]
    game: Game[S, M]


def playback(
    game: Game[S, M], line: Solution[M] | Iterable[M | str]
) -> tuple[Step[S, M], ...]:
    """The steps of *line* played from *game*: each move with its effects and the game after it.

    *line* is a :class:`Solution` whose outcome is :attr:`Outcome.WIN`
    (:func:`solve`'s answer for *game*), or moves or their notations, such
    as the line of :func:`winnable_deal` or :func:`daily_deal`.  The last
    step's game is the won game (for a solution); its
    :meth:`~patience_rules.Game.to_record` is the solution's record, which
    :meth:`~patience_rules.Game.from_record` and ``patience-rules replay``
    replay.

    Not player-safe: a solution shows the hidden cards (the solver sees them
    all), and every step's game holds them.  Show it when the player asks
    for the solution; on a game in progress it is an analysis tool, not a
    hint (a hint that knows only what the player knows is not this).

    >>> from patience_rules import new_game, solver
    >>> game = new_game("GO1-E-AAAAAAB")
    >>> steps = playback(game, solver.solve(game))
    >>> first = steps[0]
    >>> first.number, str(first.move), [str(effect) for effect in first.effects]
    (1, '7', ['8S: 7 -> w', '+10 (card_to_waste), score 10'])
    >>> steps[-1].game.status, len(steps) == len(steps[-1].game.record)
    (<Status.WON: 'won'>, True)

    Raises:
        SolverError: *game* is not a :class:`~patience_rules.Game`, *line* is
            a solution with no winning line or not moves, or a move of it
            cannot be played where it comes (the message names the step and
            the reason).
    """
    if not isinstance(game, Game):
        raise SolverError(f"playback plays a line from a Game, not {shown(game)}")
    steps: list[Step[S, M]] = []
    for number, move in enumerate(_moves(line), 1):
        try:
            chosen = game.rules.to_move(game.state, move)
            state: Any = game.state  # one of the three games' States, as move_effects takes
            effects = move_effects(state, chosen)
            game = game.play(chosen)
        except PatienceError as error:
            raise SolverError(
                f"step {number} of the line, {quote(move)}, cannot be played: {error}"
            ) from error
        steps.append(Step(number, chosen, effects, game))
    return tuple(steps)


def _moves(line: object) -> Iterable[object]:
    """The moves of *line*, a winning :class:`Solution` or an iterable of moves."""
    from patience_rules.solver import Outcome, Solution  # noqa: PLC0415 - the package imports us

    if isinstance(line, Solution):
        if line.outcome is not Outcome.WIN:
            raise SolverError(
                f"the solution's outcome is {line.outcome.value}: it has no winning line to play"
            )
        return line.line
    if isinstance(line, str | bytes) or not isinstance(line, Iterable):
        raise SolverError(
            f"line must be a Solution or an iterable of moves or notations, not {shown(line)}"
        )
    return line
