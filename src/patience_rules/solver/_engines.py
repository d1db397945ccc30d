"""The engine of each game the solver plays, and how a call's arguments find theirs.

Every public function of :mod:`patience_rules.solver` starts here: it finds
the engine of a position (a ``State`` or a :class:`~patience_rules.Game`), of
a game code or of a game's name, checks the solver method against it, and
checks a move against the game's rules.  The position types name what the
per-game overloads of the public functions accept.
"""

from __future__ import annotations

import enum
from typing import Any

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import GameCode, parse_code, variant_of
from patience_rules.errors import IllegalMoveError, InvalidCodeError
from patience_rules.game import Game, rules_of
from patience_rules.solver import _forty_thieves, _golf, _scorpion
from patience_rules.solver._base import Engine, SolverError, shown

__all__ = [
    "ENGINES",
    "METHODS",
    "STATES",
    "FortyThievesPosition",
    "GolfPosition",
    "ScorpionPosition",
    "check_method",
    "code_of",
    "engine_of",
    "game_and_variant",
    "played",
    "supports",
]

METHODS = ("auto", "python", "numpy")
"""The solver engines :func:`~patience_rules.solver.solve` accepts (``"numpy"`` is Golf's only)."""

ENGINES: dict[str, Engine] = {
    engine.game: engine for engine in (_golf.ENGINE, _forty_thieves.ENGINE, _scorpion.ENGINE)
}
"""The engine of each game the solver plays, by the game's name."""

STATES: dict[str, type] = {
    "golf": golf.State,
    "forty_thieves": forty_thieves.State,
    "scorpion": scorpion.State,
}
"""The ``State`` class of each game the solver plays, by the game's name."""

GolfPosition = golf.State | Game[golf.State, golf.Move]
FortyThievesPosition = forty_thieves.State | Game[forty_thieves.State, forty_thieves.Move]
ScorpionPosition = scorpion.State | Game[scorpion.State, scorpion.Move]


def supports(position: object) -> bool:
    """Whether the solver plays *position*'s game: a game name, a ``State`` or a ``Game``.

    Names no card.

    >>> from patience_rules import new_game
    >>> supports("golf"), supports(new_game("FT1-N-AAAAAAB")), supports("chess")
    (True, True, False)
    """
    if isinstance(position, Game):
        position = position.state
    game = position if isinstance(position, str) else getattr(type(position), "game", None)
    return game in ENGINES


def engine_of(position: object) -> tuple[Engine, Any]:
    """The engine of *position*'s game and its checked state."""
    if isinstance(position, Game):
        position = position.state
    for game, state_type in STATES.items():
        if isinstance(position, state_type):
            engine = ENGINES[game]
            return engine, engine.position(position)
    raise SolverError(
        f"{type(position).__name__} is not a position the solver plays: "
        f"a State or a Game of {', '.join(ENGINES)}"
    )


def check_method(engine: Engine, method: object) -> None:
    """Refuse *method* unless it is one of :data:`METHODS` that *engine* has and can run."""
    if not isinstance(method, str) or method not in METHODS:
        raise SolverError(
            f"unknown solver method {shown(method)} (expected one of {', '.join(METHODS)})"
        )
    if method not in engine.methods:
        raise SolverError(
            f"the {engine.game} solver has no {method!r} method "
            f"(expected one of {', '.join(engine.methods)})"
        )
    if method == "numpy" and not _golf.has_numpy():
        raise SolverError("method 'numpy' needs numpy: pip install 'patience-rules[solver]'")


def code_of(code: object) -> tuple[Engine, GameCode]:
    """The engine of *code*'s game, and *code* parsed."""
    if not isinstance(code, GameCode | str):
        raise SolverError(f"a game code is a str or a GameCode, not {type(code).__name__}")
    try:
        parsed = code if isinstance(code, GameCode) else parse_code(code)
    except InvalidCodeError as error:
        raise SolverError(str(error)) from None
    return ENGINES[parsed.game], parsed


def game_and_variant(game: object, variant: object) -> tuple[Engine, enum.Enum]:
    """The engine of the game named *game*, and its variant *variant* (``None``: the default)."""
    if not isinstance(game, str) or game not in ENGINES:
        raise SolverError(
            f"{shown(game)} is not a game the solver plays ({', '.join(ENGINES)})"
        )
    try:
        member = variant_of(game, variant)  # type: ignore[arg-type] # it checks variant
    except InvalidCodeError as error:
        raise SolverError(str(error)) from None
    return ENGINES[game], member


def played(engine: Engine, state: Any, move: object) -> tuple[Any, Any]:  # noqa: ANN401 - any engine's state
    """*move* in *state* as ``legal_moves`` lists it, and the state after it.

    Raises:
        InvalidNotationError: *move* is not a move of the game.
        IllegalMoveError: the rules refuse it.
    """
    rules = rules_of(engine.game)
    chosen = rules.to_move(state, move)
    refusal = rules.refusal(state, chosen)
    if refusal is not None:
        raise IllegalMoveError(refusal, f"move {str(chosen)!r}")
    after = rules.apply(state, chosen)
    listed = (legal for legal in rules.legal_moves(state) if rules.apply(state, legal) == after)
    return next(listed, chosen), after
