"""The client's use of the solver: fair hints, the losing move, and proved winnable deals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from patience_rules import solver

if TYPE_CHECKING:
    from patience_rules.codes import GameCode
    from patience_rules.game import Game

__all__ = ["FAIR_SECONDS", "HINT_SECONDS", "JUDGE_SECONDS", "hint", "losing_move", "winnable_code"]

HINT_SECONDS = 0.5
"""How long the solver may think about whether the game can still be won, for a hint."""

FAIR_SECONDS = 1.5
"""How long the fair hint may take, and the fair verdict of a losing move."""

JUDGE_SECONDS = 0.25
"""How long the solver may think after each move about whether it lost a winnable game."""


def hint(game: Game[Any, Any]) -> tuple[solver.FairHint[Any], solver.Outcome]:
    """The fair hint for *game* (its move ``None`` once the game is over) and its outlook.

    The hint knows only what the player sees (:func:`~patience_rules.solver.fair_hint`);
    the outlook is :attr:`~patience_rules.solver.Outcome.WIN` (still winnable),
    ``NO_WIN`` (no longer) or ``UNKNOWN`` within :data:`HINT_SECONDS`.
    """
    fair = solver.fair_hint(game, max_seconds=FAIR_SECONDS)
    return fair, solver.winnability(game, max_seconds=HINT_SECONDS)


def losing_move(
    before: Game[Any, Any],
    move: Any,  # noqa: ANN401 - a move of the game's own type
    known: solver.Outcome | None,
) -> tuple[solver.Outcome, solver.FairVerdict[Any] | None]:
    """Whether *move* from *before* can still be won, and its fair verdict if it lost a win.

    *known* is what was found for *before* when it was reached, or ``None``:
    then :func:`~patience_rules.solver.judge_move` solves both sides; else
    only the position after the move is solved, so each move costs one
    search of :data:`JUDGE_SECONDS`.  The fair verdict (within
    :data:`FAIR_SECONDS`) comes only when the move turned a proved win into
    a proved loss.
    """
    if known is solver.Outcome.NO_WIN:
        return known, None  # a move cannot make a lost game winnable
    if known is None:
        verdict = solver.judge_move(before, move, max_seconds=JUDGE_SECONDS)
        after, lost = verdict.after, verdict.lost
    else:
        after = solver.winnability(before.play(move), max_seconds=JUDGE_SECONDS)
        lost = known is solver.Outcome.WIN and after is solver.Outcome.NO_WIN
    if not lost:
        return after, None
    return after, solver.fair_judge_move(before, move, max_seconds=FAIR_SECONDS)


def winnable_code(game: str, variant: str | None) -> GameCode:
    """A random code of *game* (and *variant*, else the default) whose deal is proved winnable.

    Raises:
        PatienceError: *variant* is not one of the game's variants.
    """
    code, _line = solver.winnable_deal(game, variant)
    return code
