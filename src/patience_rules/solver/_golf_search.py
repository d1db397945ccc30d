"""The depth-first Golf engine behind :mod:`patience_rules.solver`, in plain Python.

It finds easy wins quickly: plays before draws, the tallest column first,
with a table of refuted states and the proofs of hopelessness of
:mod:`._golf_tables`.
"""

from __future__ import annotations

from patience_rules.solver._base import CHECK_CLOCK_EVERY, Budget, OutOfBudgetError
from patience_rules.solver._golf_tables import DRAW, RADIX, Tables, can_match

__all__ = ["search_python"]


_Half = tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]


def _half_python(tables: Tables, columns: range, index: int, w: int) -> _Half:
    """Board, feeds, demand and plays (tallest first) of *columns* at heights *index*, waste w."""
    board = fed = demand = 0
    plays = []
    for j, c in enumerate(columns):
        k = index // RADIX**j % RADIX
        board |= tables.under[c][k]
        playable = tables.playable[c][k][w]
        fed |= tables.feeds[c][k] | playable
        demand += tables.counts[c][k]
        if playable:
            plays.append((k, c, RADIX**c, tables.ranks[c][k - 1]))
    return board, fed, demand, tuple(sorted(plays, reverse=True))


def search_python(tables: Tables, budget: Budget) -> tuple[int, ...] | None:  # noqa: C901, PLR0915
    """Depth-first search: a winning line (columns 1–7, :data:`DRAW` = 0), or ``None``.

    A state is packed into integers: the heights in base 6 (a play subtracts
    ``6**c``) and the waste rank.  The hopelessness masks and the plays are
    looked up, and cached as they are met, by the heights of the first three
    columns and of the last four with the waste rank; the matching answers
    are cached by rank counts, cards drawn and waste rank.

    Raises:
        OutOfBudgetError: *budget* ran out before the search finished.
    """
    stock, stock_feeds, stock_counts = tables.stock, tables.stock_feeds, tables.stock_counts
    count = len(tables.ranks)
    split = count // 2
    low_size = RADIX**split
    low_columns, high_columns = range(split), range(split, count)
    low: dict[int, _Half] = {}
    high: dict[int, _Half] = {}
    matches: dict[int, bool] = {}
    refuted: dict[int, int] = {}
    never = len(stock) + 1
    line: list[int] = []
    room = None if budget.max_states is None else budget.max_states - budget.states
    states = 0

    def visit(index: int, s: int, w: int) -> bool:  # noqa: C901, PLR0912 - the hot loop, inlined
        nonlocal states
        if not index:
            return True
        key = index << 4 | w
        if refuted.get(key, never) <= s:
            return False
        states += 1
        if room is not None and states > room:
            raise OutOfBudgetError
        if not states % CHECK_CLOCK_EVERY:
            budget.check_clock()
        lo, hi = index % low_size, index // low_size
        a = low.get(lo << 4 | w)
        if a is None:
            a = low[lo << 4 | w] = _half_python(tables, low_columns, lo, w)
        b = high.get(hi << 4 | w)
        if b is None:
            b = high[hi << 4 | w] = _half_python(tables, high_columns, hi, w)
        if not (a[0] | b[0]) & ~(a[1] | b[1] | stock_feeds[s]):
            demand = a[2] + b[2]
            known = matches.get(demand << 9 | s << 4 | w)
            if known is None:
                supply = demand + stock_counts[s] + (1 << 4 * w)
                known = matches[demand << 9 | s << 4 | w] = can_match(
                    demand, supply, easy=tables.easy
                )
            if known:
                plays = sorted(a[3] + b[3], reverse=True) if a[3] and b[3] else a[3] or b[3]
                for _, c, place, rank in plays:
                    line.append(c + 1)
                    if visit(index - place, s, rank):
                        return True
                    line.pop()
                if s < len(stock):
                    line.append(DRAW)
                    if visit(index, s + 1, stock[s]):
                        return True
                    line.pop()
        refuted[key] = s
        return False

    start = sum(len(column) * RADIX**c for c, column in enumerate(tables.ranks))
    try:
        won = visit(start, 0, tables.waste)
    finally:
        budget.states += states
    return tuple(line) if won else None
