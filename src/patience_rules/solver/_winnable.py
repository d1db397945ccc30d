"""Winnable deals: :func:`winnable_deal` finds one in a UI's time, with its winning line.

Easy wins first: random deals, each given a small budget of states
(:data:`ATTEMPTS`), so that a deal whose win the solver finds at once is
kept and a hard one is dropped early.  Golf and Scorpion deals are won this
way within a few attempts.  Forty Thieves wins are rarer and slower to find
(about one deal in ten is won within 8,000 states, a second or two), so by
default no random Forty Thieves deal is tried: tables of deals proved
winnable ship with the library (``winnable-GAME-VARIANT.txt``: a deal
number, then its winning line in move notation, per line), for Forty
Thieves and for Scorpion, whose unlucky draws can run long; the tests
replay every line to a won game, so an entry is a proof, whatever the
solver does later.  ``benchmarks/winnable_table.py`` wrote them: Forty
Thieves with ``--max-states 8000`` and seeds 20261202 then 20261203,
Scorpion with ``--max-states 400 --deals 100``.

Sound by construction: a deal is returned only with a winning line, found
by the solver or replayed by the tests.
"""

from __future__ import annotations

import enum
import functools
import importlib.resources
from typing import TYPE_CHECKING, Any, Literal, overload

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import DEALS, GameCode
from patience_rules.solver._base import (
    Budget,
    CancelSignal,
    OutOfBudgetError,
    SolverError,
    check_attempts,
    check_cancel,
    check_seconds,
    draw_from,
)
from patience_rules.solver._engines import game_and_variant

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from patience_rules.solver._base import Engine

__all__ = [
    "ATTEMPTS",
    "WINNABLE_SECONDS",
    "attempt_count",
    "from_table",
    "parse_line",
    "search",
    "table",
    "winnable_deal",
]

WINNABLE_SECONDS = 5.0
"""The default time :func:`winnable_deal` may take, all its attempts included."""

ATTEMPTS: dict[str, tuple[int, int]] = {
    "golf": (100, 200_000),
    "forty_thieves": (0, 2_500),
    "scorpion": (200, 400),
}
"""Per game: how many random deals to try by default, and the states each may spend."""

_PARSERS: dict[str, Callable[[str], Any]] = {
    "forty_thieves": forty_thieves.parse_move,
    "scorpion": scorpion.parse_move,
}


def attempt_count(game: str, tries: int | None) -> int:
    """The number of random deals :func:`search` tries: *tries*, else the game's default."""
    return ATTEMPTS[game][0] if tries is None else tries


def search(
    engine: Engine,
    variant: enum.Enum,
    budget: Budget,
    draw: Callable[[int], int],
    tries: int | None,
) -> tuple[int, tuple[Any, ...]] | None:
    """The first of the random deals that the solver wins within its states, or ``None``.

    ``None`` also when *budget* (its deadline or its cancel signal) runs out.
    """
    states = ATTEMPTS[engine.game][1]
    for _ in range(attempt_count(engine.game, tries)):
        number = draw(DEALS)
        try:
            budget.check_clock()
            line = engine.search(engine.deal(number, variant), budget.capped(states), "auto")
        except OutOfBudgetError:
            try:
                budget.check_clock()
            except OutOfBudgetError:
                return None
            continue
        if line is not None:
            return number, line
    return None


@functools.cache
def table(game: str, variant: enum.Enum) -> tuple[tuple[int, str], ...]:
    """The shipped deals of *game* under *variant* proved winnable: numbers and their lines."""
    name = f"winnable-{game}-{variant.value}.txt"
    resource = importlib.resources.files(__package__ or __name__).joinpath(name)
    if not resource.is_file():
        return ()
    rows = (line.split(" ", 1) for line in resource.read_text(encoding="ascii").splitlines())
    return tuple((int(number), moves) for number, moves in rows)


def from_table(
    game: str, variant: enum.Enum, draw: Callable[[int], int]
) -> tuple[int, tuple[Any, ...]] | None:
    """A random deal of the shipped table and its winning line; ``None`` without a table."""
    rows = table(game, variant)
    if not rows:
        return None
    number, moves = rows[draw(len(rows))]
    return number, parse_line(game, moves)


def parse_line(game: str, moves: str) -> tuple[Any, ...]:
    """The moves of a table's line *moves* (notations separated by blanks) of *game*."""
    return tuple(map(_PARSERS[game], moves.split()))


@overload
def winnable_deal(
    game: Literal["golf"],
    variant: golf.Variant | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move, ...]]: ...
@overload
def winnable_deal(
    game: Literal["forty_thieves"],
    variant: forty_thieves.Variant | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[forty_thieves.Move, ...]]: ...
@overload
def winnable_deal(
    game: Literal["scorpion"],
    variant: scorpion.Variant | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[scorpion.Move, ...]]: ...
@overload
def winnable_deal(
    game: str,
    variant: enum.Enum | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]: ...
def winnable_deal(  # noqa: PLR0913 - keyword-only options
    game: str,
    variant: enum.Enum | str | None = None,
    rng: random.Random | None = None,
    *,
    max_seconds: float | None = WINNABLE_SECONDS,
    attempts: int | None = None,
    cancel: CancelSignal | None = None,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]:
    """A random code of *game* whose deal is proved winnable under *variant*, and a winning line.

    *game* is a name of :data:`SOLVABLE_GAMES`; *variant* the game's
    ``Variant`` member or its name (``None``: the game's default).
    Deal numbers come from *rng* (a :class:`random.Random`, for repeatable
    draws) or, by default, from a secure random source.  Easy wins first:
    up to *attempts* random deals (``None``: the game's own number, see
    :doc:`/solving`; none for Forty Thieves) are each given a small budget
    of states, and the first the solver wins is kept; when none is, or half
    of *max_seconds* has gone, a game with a shipped table of deals proved
    winnable (Forty Thieves, Scorpion) gives a random deal of the table.
    *max_seconds* bounds the whole call, every attempt included (``None``:
    no bound); setting *cancel* stops it.  The same *rng* gives the same
    deal on any machine unless *max_seconds* runs out first.  The line
    names hidden cards (the solver sees the whole deal): keep it from the
    player until they ask for the solution.

    >>> import random
    >>> from patience_rules import golf, new_game
    >>> code, line = winnable_deal("golf", golf.Variant.CLASSIC, random.Random(7))
    >>> game = new_game(code)
    >>> for move in line:
    ...     game = game.play(move)
    >>> game.status
    <Status.WON: 'won'>

    Raises:
        SolverError: no deal was proved winnable within the attempts or
            *max_seconds* (and the game has no table), the call was
            cancelled, or an argument is invalid; the message says which.
    """
    engine, member = game_and_variant(game, variant)
    seconds = check_seconds("max_seconds", max_seconds)
    tries = None if attempts is None else check_attempts(attempts)
    checked_cancel = check_cancel(cancel)
    draw = draw_from(rng)
    if seconds is not None and table(engine.game, member):
        seconds /= 2  # the other half is the table's: a deal at once
    budget = Budget.start(None, seconds, checked_cancel)

    found = search(engine, member, budget, draw, tries)
    if found is None:
        if cancel is not None and cancel.is_set():
            raise SolverError("winnable_deal was cancelled before it found a winnable deal")
        found = from_table(engine.game, member, draw)
    if found is None:
        raise SolverError(
            f"no winnable {game} deal found: none of the deals tried could be proved "
            f"winnable within {attempt_count(engine.game, tries)} attempts "
            f"and {max_seconds} seconds"
        )
    number, line = found
    return GameCode(engine.game, member, number), line
