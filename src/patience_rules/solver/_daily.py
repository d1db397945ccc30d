"""The rule of :func:`~patience_rules.solver.daily_deal`: one deal per date, the same everywhere.

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
from typing import TYPE_CHECKING, Any

from patience_rules.codes import DEALS
from patience_rules.shuffle import SplitMix64
from patience_rules.solver import _winnable
from patience_rules.solver._base import OutOfBudgetError

if TYPE_CHECKING:
    from patience_rules.solver._base import Budget, Engine

__all__ = ["TABLE_ROWS", "TRIES", "daily", "seed"]

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
