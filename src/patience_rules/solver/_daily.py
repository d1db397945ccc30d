"""The daily deal: :func:`daily_deal` and its rule, one deal per date, the same everywhere.

The rule depends on the date, the game and the variant only, never on the
machine: a budget of seconds would let a slow machine give up on a deal that
a fast one proves, so the search is bounded by states alone (the clock can
only make the call fail, never change its answer), and the search is Golf's
pure-Python one, so numpy being installed changes nothing.

1. **Seed.** ``seed = (D << 56 | P0 << 48 | P1 << 40 | P2 << 32) | yyyymmdd``:
   the ASCII codes of ``D`` and of the game's code prefix (``GO1``, ``FT1``,
   ``SC1``), and the date as the integer ``year * 10000 + month * 100 + day``.
2. **First deal.** ``first = below(2**35)`` from SplitMix64 seeded with
   *seed* (the generator and ``below`` of :doc:`/codes`).
3. **Easy wins.** Deals ``first``, ``first + 1``, … (modulo 2**35), at most
   :data:`TRIES`'s count of them, are each given its number of states; the
   first the solver wins is the daily deal.
4. **Table.** When none is won (always for Forty Thieves, whose wins are too
   slow to find), the deal is row ``date.toordinal() % rows`` (counted from
   0; the ordinal of 0001-01-01 is 1) of the first *rows* of the game's
   shipped table of proved-winnable deals (:data:`TABLE_ROWS`; rows added
   to a table later do not change the rule): consecutive days take
   consecutive rows, so no deal comes back within *rows* days.

The solver's search is part of the rule: the tests pin the daily deals of a
few dates, so a solver change that would change one cannot go unnoticed.
"""

from __future__ import annotations

import datetime as dt
import enum
from typing import TYPE_CHECKING, Any, Literal, overload

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import DEALS, GameCode
from patience_rules.shuffle import SplitMix64
from patience_rules.solver import _winnable
from patience_rules.solver._base import (
    Budget,
    CancelSignal,
    OutOfBudgetError,
    SolverError,
    check_cancel,
    check_seconds,
    shown,
)
from patience_rules.solver._engines import game_and_variant

if TYPE_CHECKING:
    from patience_rules.solver._base import Engine

__all__ = ["TABLE_ROWS", "TRIES", "daily", "daily_deal", "seed"]

TRIES: dict[str, tuple[int, int]] = {
    "golf": (100, 1_000),
    "forty_thieves": (0, 0),
    "scorpion": (200, 400),
}
"""Per game: how many deals from the date's first are tried, and the states each may spend."""

TABLE_ROWS: dict[tuple[str, str], int] = {
    ("forty_thieves", "standard"): 93,
    ("scorpion", "classic"): 100,
    ("scorpion", "flexible"): 100,
}
"""Per game and variant: how many rows of its shipped table the rule picks from."""


def seed(prefix: str, date: dt.date) -> int:
    """The seed of the daily deal of the game whose code prefix is *prefix*, on *date*.

    >>> hex(seed("GO1", dt.date(2026, 12, 2)))
    '0x44474f3101352952'
    """
    day = date.year * 10_000 + date.month * 100 + date.day
    return int.from_bytes(f"D{prefix}".encode("ascii"), "big") << 32 | day


def daily(
    engine: Engine, variant: enum.Enum, prefix: str, date: dt.date, budget: Budget
) -> tuple[int, tuple[Any, ...]] | None:
    """The daily deal's number and a winning line, or ``None`` when the rule finds none.

    Raises:
        OutOfBudgetError: *budget*'s deadline passed or it was cancelled.
    """
    numbers = SplitMix64(seed(prefix, date))
    first = numbers.below(DEALS)
    tries, states = TRIES[engine.game]
    for step in range(tries):
        number = (first + step) % DEALS
        budget.check_clock()
        try:
            line = engine.search(engine.deal(number, variant), budget.capped(states), "python")
        except OutOfBudgetError:
            budget.check_clock()  # the deadline or the cancel signal, not the states: stop
            continue
        if line is not None:
            return number, line
    rows = _winnable.table(engine.game, variant)[: TABLE_ROWS.get((engine.game, variant.value), 0)]
    if not rows:
        return None
    number, moves = rows[date.toordinal() % len(rows)]
    return number, _winnable.parse_line(engine.game, moves)


def _check_date(date: object) -> dt.date:
    if isinstance(date, dt.datetime) or not isinstance(date, dt.date):
        raise SolverError(
            f"date must be a datetime.date, such as datetime.date(2026, 12, 2), "
            f"not {shown(date)}: a date, not a time, so that everyone gets the same deal"
        )
    return date


@overload
def daily_deal(
    game: Literal["golf"],
    date: dt.date,
    variant: golf.Variant | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move, ...]]: ...
@overload
def daily_deal(
    game: Literal["forty_thieves"],
    date: dt.date,
    variant: forty_thieves.Variant | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[forty_thieves.Move, ...]]: ...
@overload
def daily_deal(
    game: Literal["scorpion"],
    date: dt.date,
    variant: scorpion.Variant | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[scorpion.Move, ...]]: ...
@overload
def daily_deal(
    game: str,
    date: dt.date,
    variant: enum.Enum | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]: ...
def daily_deal(
    game: str,
    date: dt.date,
    variant: enum.Enum | str | None = None,
    *,
    max_seconds: float | None = None,
    cancel: CancelSignal | None = None,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]:
    """The daily deal of *game* on *date*: a code proved winnable under *variant*, and its win.

    Everyone asking for the same *game*, *variant* and *date* gets the same
    code and the same winning line, on any machine, fast or slow, with or
    without numpy: the rule (see :doc:`/solving`, "The daily deal") bounds
    the solver by states, never by time.  *date* is a
    :class:`datetime.date` (not a :class:`~datetime.datetime`: which day it
    is depends on the time zone, so the caller decides, e.g.
    ``datetime.datetime.now(datetime.timezone.utc).date()``).  *variant* is the
    game's ``Variant`` member or its name (``None``: the game's default).
    The line is the certificate: played from the code's deal it wins.
    *max_seconds* (``None``: no bound) and *cancel* can only make the call
    fail, never give another deal; the call takes well under a second.

    Not player-safe: the line names hidden cards (the solver sees the whole
    deal); show the code, and the line only when the player asks for the
    solution (:func:`playback` steps through it).

    >>> import datetime
    >>> from patience_rules import new_game
    >>> code, line = daily_deal("golf", datetime.date(2026, 12, 2))
    >>> str(code)
    'GO1-E-AW4RFMQ'
    >>> game = new_game(code)
    >>> for move in line:
    ...     game = game.play(move)
    >>> game.status
    <Status.WON: 'won'>

    Raises:
        SolverError: an argument is invalid, *max_seconds* ran out or *cancel*
            was set first, or (Golf Classic, in theory) no deal was proved
            winnable; the message says which.
    """
    engine, member = game_and_variant(game, variant)
    day = _check_date(date)
    seconds = check_seconds("max_seconds", max_seconds)
    budget = Budget.start(None, seconds, check_cancel(cancel))
    prefix = GameCode(engine.game, member, 0).prefix
    try:
        found = daily(engine, member, prefix, day, budget)
    except OutOfBudgetError:
        why = "was cancelled" if cancel is not None and cancel.is_set() else "ran out of time"
        raise SolverError(
            f"daily_deal {why} before it found the daily {game} deal of {day.isoformat()}"
        ) from None
    if found is None:
        raise SolverError(
            f"no daily {game} deal of {day.isoformat()} under {member.value}: "
            f"none of the deals the rule tries was proved winnable"
        )
    number, line = found
    return GameCode(engine.game, member, number), line
