"""What every game module provides, so that :class:`~patience_rules.Game` can drive it."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from patience_rules._text import quote
from patience_rules.errors import InvalidCodeError, InvalidPositionError
from patience_rules.reasons import Refusal

__all__ = [
    "PLAYING",
    "STUCK",
    "WON",
    "GameState",
    "Rules",
    "Status",
    "expect_state",
    "variant_member",
]

_V = TypeVar("_V", bound=enum.Enum)
_S = TypeVar("_S")


def expect_state(kind: type[_S], state: object) -> _S:
    """*state* itself, checked to be a *kind* (a game's ``State``).

    Raises:
        InvalidPositionError: *state* is something else.
    """
    if not isinstance(state, kind):
        raise InvalidPositionError(
            f"{quote(state)} is not a {kind.__module__}.{kind.__qualname__}"
        )
    return state


def variant_member(kind: type[_V], value: object) -> _V:
    """The member of the ``Variant`` enum *kind* that *value* is or names.

    Raises:
        InvalidCodeError: *value* names no member.
    """
    try:
        return kind(value)
    except (ValueError, TypeError):
        names = ", ".join(repr(member.value) for member in kind)
        raise InvalidCodeError(
            f"{quote(value)} is not a variant (expected one of {names})"
        ) from None


class Status(str, enum.Enum):
    """Where a game stands.  Compares equal to its value, e.g. ``"playing"``."""

    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"
    """The stock is empty and no card fits, so only undo is left (Golf only)."""

    def __str__(self) -> str:
        return self.value


PLAYING, WON, STUCK = Status.PLAYING, Status.WON, Status.STUCK
"""The statuses as module globals, for the hot paths: on Python 3.11 ``Status.WON`` goes
through the enum class's ``__getattr__`` hook, about 900 instructions a lookup (callgrind),
where a global costs a few dozen."""


class GameState(Protocol):
    """What :class:`~patience_rules.Game` reads from every game's ``State``."""

    @property
    def game(self) -> str:
        """The game's name, ``"golf"``, ``"forty_thieves"`` or ``"scorpion"``."""

    @property
    def variant(self) -> enum.Enum:
        """The rule variant."""

    @property
    def score(self) -> int:
        """The score, never below 0."""

    @property
    def status(self) -> Status:
        """Playing, won or (Golf only) stuck."""


S = TypeVar("S", bound=GameState)
M = TypeVar("M")


class Rules(Protocol[S, M]):
    """The pure functions a game module offers; each game module is one."""

    def deal(self, number: int, variant: Any) -> S:  # noqa: ANN401 - each game has its own Variant
        """Deal game *number* under *variant*."""

    def legal_moves(self, state: S) -> tuple[M, ...]:
        """Every legal action."""

    def refusal(self, state: S, move: M) -> Refusal | None:
        """Why *move* is refused, or ``None`` if it is legal."""

    def apply(self, state: S, move: M) -> S:
        """The state after *move*."""

    def to_move(self, state: S, move: object) -> M:
        """A move of this game from a move object or a notation."""

    def to_dict(self, state: S) -> dict[str, Any]:
        """The position as JSON-ready data."""

    def from_dict(self, data: Mapping[str, Any]) -> S:
        """The position read back from :func:`to_dict`'s data, validated."""
