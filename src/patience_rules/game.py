"""The :class:`Game`: a position, its undo history and its move counter.

Everything about the rules lives in the game modules' pure functions; a
:class:`Game` only adds what a player's session needs on top of them.

>>> from patience_rules import new_game
>>> game = new_game("GO1-E-AAAAAAB").play("2").play("d")
>>> game.moves, game.score, game.status
(2, 10, <Status.PLAYING: 'playing'>)
>>> game.undo().moves  # undo never turns the counter back
2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any, Generic, TypeVar

import attrs

from patience_rules import _json, forty_thieves, golf, scorpion
from patience_rules._rules import GameState, Rules, Status
from patience_rules.codes import GameCode, parse_code
from patience_rules.errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidPositionError,
    PatienceError,
)
from patience_rules.reasons import Reason, Refusal

__all__ = ["FORMAT", "HISTORY_LIMIT", "Game", "new_game", "replay"]

HISTORY_LIMIT = 100
"""How many actions can be undone in a row."""

FORMAT = 1
"""The version of the saved-position format written by :meth:`~patience_rules.Game.to_dict`."""

UNDO = "u"
"""The notation of an undo in a game record."""

S = TypeVar("S", bound=GameState)

_RULES: dict[str, Rules[Any, Any]] = {
    "golf": golf,
    "forty_thieves": forty_thieves,
    "scorpion": scorpion,
}


def rules_of(game: object) -> Rules[Any, Any]:
    """The module of pure functions that plays *game* (e.g. ``"golf"``)."""
    rules = _RULES.get(game) if isinstance(game, str) else None
    if rules is None:
        raise PatienceError(f"unknown game {game!r} (expected one of {', '.join(_RULES)})")
    return rules


def _check_state(_instance: object, _attribute: object, state: Any) -> None:  # noqa: ANN401
    rules_of(getattr(state, "game", None))


def _check_code(_instance: object, _attribute: object, code: GameCode | None) -> None:
    if code is not None and not isinstance(code, GameCode):
        raise InvalidCodeError(f"{code!r} is not a GameCode")


def _check_moves(_instance: object, _attribute: object, moves: object) -> None:
    if not isinstance(moves, int) or isinstance(moves, bool) or moves < 0:
        raise InvalidPositionError(f"the move counter {moves!r} is not an integer ≥ 0")


def _check_history(_instance: object, _attribute: object, history: object) -> None:
    if not isinstance(history, tuple):
        raise InvalidPositionError("the undo history must be a tuple of positions")
    if len(history) > HISTORY_LIMIT:
        raise InvalidPositionError(f"the undo history holds more than {HISTORY_LIMIT} positions")


@attrs.frozen(repr=False)
class Game(Generic[S]):
    """A game in progress: immutable; every action returns a new :class:`Game`.

    *state* is the position (a game module's ``State``); *code* the game code
    it was dealt from, or ``None``; *moves* the move counter (every accepted
    action adds one; undo leaves it alone); *history* the earlier positions
    that undo returns to, oldest first, at most :data:`HISTORY_LIMIT`.
    """

    state: S = attrs.field(validator=_check_state)
    code: GameCode | None = attrs.field(default=None, validator=_check_code)
    moves: int = attrs.field(default=0, validator=_check_moves)
    history: tuple[S, ...] = attrs.field(default=(), validator=_check_history)

    @property
    def rules(self) -> Rules[S, Any]:
        """The game module whose pure functions play this game."""
        return rules_of(self.state.game)

    @property
    def score(self) -> int:
        """The score, never below 0."""
        return self.state.score

    @property
    def status(self) -> Status:
        """``"playing"``, ``"won"`` or (Golf only) ``"stuck"``."""
        return self.state.status

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would be accepted."""
        return bool(self.history)

    def check(self, move: object) -> Refusal | None:
        """Why *move* (a move or its notation) would be refused, or ``None``.

        >>> from patience_rules import new_game
        >>> new_game("GO1-E-AAAAAAB").check("3D").message
        'This card is blocked'

        Raises:
            InvalidNotationError: *move* is not a move of this game.
        """
        return self.rules.refusal(self.state, self.rules.to_move(self.state, move))

    def play(self, move: object) -> Game[S]:
        """The game after *move* (a move or its notation).

        Raises:
            InvalidNotationError: *move* is not a move of this game.
            IllegalMoveError: the rules refuse it; ``error.refusal`` says why.
        """
        state = self.rules.apply(self.state, self.rules.to_move(self.state, move))
        history = (*self.history[1 - HISTORY_LIMIT :], self.state)
        return Game(state, self.code, self.moves + 1, history)

    def undo(self) -> Game[S]:
        """The game as it was before the last action; the counter is unchanged.

        Raises:
            IllegalMoveError: nothing is left to undo (reason ``nothing_to_undo``).
        """
        if not self.history:
            raise IllegalMoveError(Refusal(Reason.NOTHING_TO_UNDO))
        return Game(self.history[-1], self.code, self.moves, self.history[:-1])

    def legal_moves(self) -> tuple[Any, ...]:
        """Every legal action in this position."""
        return self.rules.legal_moves(self.state)

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data: position, score, counter and undo history."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.state.game,
            "code": None if self.code is None else str(self.code),
            "moves": self.moves,
        }
        data |= self.rules.to_dict(self.state)
        if self.history:
            data["history"] = [self.rules.to_dict(state) for state in self.history]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game[Any]:
        """Read back what :meth:`to_dict` wrote, checking everything.

        Besides each position, it checks that the code agrees with the game
        and variant, that a game with no moves is the code's deal, that the
        history is no longer than the counter allows, and that each position
        of the history leads to the next by one legal action.

        Raises:
            InvalidPositionError: the data is malformed, inconsistent or tampered with.
        """
        data = _json.mapping(data)
        if _json.get(data, "format", int) != FORMAT:
            raise InvalidPositionError(
                f"unsupported format {data['format']!r} (expected {FORMAT})"
            )
        name = _json.get(data, "game", str)
        try:
            rules = rules_of(name)
        except PatienceError as error:
            raise InvalidPositionError(f"field 'game': {error}") from None
        state = rules.from_dict(data)
        code = _read_code(data, state)
        moves = _json.count(data, "moves")
        history = _read_history(data.get("history", []), rules)
        if len(history) > moves:
            raise InvalidPositionError(
                f"the history has {len(history)} positions but only {moves} moves were played"
            )
        if moves == 0 and code is not None and state != rules.deal(code.number, code.variant):
            raise InvalidPositionError(
                f"no move was played, but the position is not {code}'s deal"
            )
        for index, (before, after) in enumerate(pairwise((*history, state))):
            if before.variant is not state.variant:
                raise InvalidPositionError(f"history[{index}] has another variant")
            if all(rules.apply(before, move) != after for move in rules.legal_moves(before)):
                raise InvalidPositionError(f"history[{index}] does not lead to the next position")
        return Game(state, code, moves, history)

    def _repr_svg_(self) -> str:
        """The table as SVG, so a notebook shows it (see :func:`patience_rules.svg.render`)."""
        from patience_rules import svg  # noqa: PLC0415 - svg imports this module

        return svg.render(self)

    def __repr__(self) -> str:
        code = "no code" if self.code is None else str(self.code)
        return (
            f"<Game {self.state.game} {code} moves={self.moves} score={self.score} {self.status}>"
        )


def _read_code(data: Mapping[str, Any], state: GameState) -> GameCode | None:
    text = data.get("code")
    if text is None:
        return None
    try:
        code = parse_code(text)
    except InvalidCodeError as error:
        raise InvalidPositionError(f"field 'code': {error}") from None
    if code.game != state.game or code.variant is not state.variant:
        raise InvalidPositionError(
            f"field 'code': {code} is not a {state.game} code of variant {state.variant.value!r}"
        )
    return code


def _read_history(value: object, rules: Rules[S, Any]) -> tuple[S, ...]:
    if not isinstance(value, list):
        raise InvalidPositionError("field 'history' must be a list of positions")
    if len(value) > HISTORY_LIMIT:
        raise InvalidPositionError(f"field 'history' holds more than {HISTORY_LIMIT} positions")
    states = []
    for index, item in enumerate(value):
        try:
            states.append(rules.from_dict(_json.mapping(item, f"history[{index}]")))
        except InvalidPositionError as error:
            raise InvalidPositionError(f"history[{index}]: {error}") from None
    return tuple(states)


def new_game(code: GameCode | str) -> Game[Any]:
    """Deal the game that *code* (a :class:`GameCode` or its text) names.

    >>> new_game("GO1-C-AAAAAAB").state.variant
    <Variant.CLASSIC: 'classic'>

    Raises:
        InvalidCodeError: *code* is not a game code.
    """
    if not isinstance(code, GameCode):
        code = parse_code(code)
    return Game(rules_of(code.game).deal(code.number, code.variant), code)


def replay(code: GameCode | str, record: Iterable[str]) -> Game[Any]:
    """Deal *code* and play *record*: notations, with ``u`` for an undo.

    >>> replay("GO1-E-AAAAAAB", ["2", "u", "3", "d"]).moves  # undo is not a move
    3

    Raises:
        InvalidCodeError: *code* is not a game code.
        InvalidNotationError: a notation is not a move of this game.
        IllegalMoveError: the record plays a refused action.
    """
    game = new_game(code)
    for notation in record:
        is_undo = isinstance(notation, str) and notation.strip().lower() == UNDO
        game = game.undo() if is_undo else game.play(notation)
    return game
