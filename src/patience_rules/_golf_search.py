"""The exact Golf search behind :mod:`patience_rules.solver`: tables and two engines.

A Golf position is fully determined, for the solver, by the column heights,
the stock index and the waste card's *rank* (suits never matter): the cards
themselves are fixed by the position the search starts from.  Both engines
search that space with the same two facts:

* **Stock dominance.**  ``(heights, s, w)`` is at least as good as
  ``(heights, s', w)`` when ``s <= s'``: whatever wins from the second wins
  from the first by drawing the extra stock cards at the first draw.  So a
  state is skipped when the same heights and waste rank were already
  refuted (or, in the breadth-first engine, reached) with no more draws.
* **Proofs of hopelessness.**  A board card can only leave right after a
  card one rank away has reached the waste, and each waste card is followed
  by one action only.  So every board card needs a partner of its own: a
  card one rank away that is still to come (in the stock, on the board, or
  the waste card itself).  When no such one-to-one matching of the ranks
  exists, or when some card's every partner is gone (drawn, played, or
  buried under it in its own column) and it is not playable right now, the
  position cannot be won.  Under Classic rules the matching also captures
  parity: each run of plays between two draws alternates odd and even ranks.

The engines: :func:`search_python`, a depth-first search with a table of
refuted states (finds wins fast, the move order playing the tallest column
first), and :func:`search_numpy`, a breadth-first sweep of the whole space,
one stock card at a time, with numpy arrays (proves ``NO_WIN`` fast).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import attrs

from patience_rules import golf

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["DRAW", "Budget", "OutOfBudgetError", "Tables", "search_numpy", "search_python"]

DRAW = 0
"""The column number that stands for a draw in an engine's line."""

_RADIX = golf.ROWS + 1
_SPACE = _RADIX**golf.COLUMNS
_RANKS = 14
_CHECK_CLOCK_EVERY = 1024


class OutOfBudgetError(Exception):
    """The search used up its states or seconds."""


@attrs.define
class Budget:
    """States and seconds a search may still spend; ``None`` is unlimited."""

    max_states: int | None
    deadline: float | None
    states: int = 0

    @classmethod
    def start(cls, max_states: int | None, max_seconds: float | None) -> Budget:
        """A fresh budget; the clock starts now."""
        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        return cls(max_states, deadline)

    def spend(self, states: int) -> None:
        """Count *states* more explored states.

        Raises:
            OutOfBudgetError: the states or the time ran out.
        """
        before = self.states
        self.states += states
        if self.max_states is not None and self.states > self.max_states:
            raise OutOfBudgetError
        crossed = before // _CHECK_CLOCK_EVERY != self.states // _CHECK_CLOCK_EVERY
        if self.deadline is not None and (states > 1 or crossed):
            self.check_clock()

    def check_clock(self) -> None:
        """Raise :class:`OutOfBudgetError` if the deadline has passed."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfBudgetError


def _links(rank: int, other: int, *, easy: bool) -> bool:
    gap = abs(rank - other)
    return gap == 1 or (easy and gap == 12)


@attrs.frozen
class Tables:
    """Everything the engines need to know about one position, as small integers.

    Board cards are numbered by bit (column by column, deepest first) for the
    hopelessness masks; a column's "height" is how many cards it still has.
    """

    easy: bool
    ranks: tuple[tuple[int, ...], ...]
    """Each column's ranks, deepest first."""
    stock: tuple[int, ...]
    """The stock's ranks, next draw first."""
    waste: int
    """The rank of the waste card."""
    fitting: tuple[int, ...]
    """``fitting[w]``: bit ``r`` set when rank ``r`` can go on rank ``w``."""
    under: tuple[tuple[int, ...], ...]
    """``under[c][k]``: the cards still on the board in column *c* at height *k*."""
    feeds: tuple[tuple[int, ...], ...]
    """``feeds[c][k]``: the cards that column *c*'s remaining cards can still be played after."""
    playable: tuple[tuple[tuple[int, ...], ...], ...]
    """``playable[c][k][w]``: column *c*'s exposed card at height *k* if it fits rank *w*."""
    stock_feeds: tuple[int, ...]
    """``stock_feeds[s]``: the cards that ``stock[s:]`` can still be played after."""
    counts: tuple[tuple[int, ...], ...]
    """``counts[c][k]``: how many of each rank column *c*'s first *k* cards hold, 4 bits a rank."""
    stock_counts: tuple[int, ...]
    """``stock_counts[s]``: how many of each rank ``stock[s:]`` holds, 4 bits a rank."""
    matchable: dict[tuple[int, int], bool] = attrs.field(factory=dict, eq=False, repr=False)
    """A cache of :meth:`can_match`'s answers."""

    @classmethod
    def of(cls, state: golf.State) -> Tables:
        """The tables of Golf position *state*."""
        easy = state.variant is golf.Variant.EASY
        ranks = tuple(tuple(int(card.rank) for card in column) for column in state.columns)
        stock = tuple(int(card.rank) for card in state.stock)
        fitting = tuple(
            sum(1 << r for r in range(1, _RANKS) if _links(r, w, easy=easy)) for w in range(_RANKS)
        )
        bit: dict[tuple[int, int], int] = {}
        for c, column in enumerate(ranks):
            for i in range(len(column)):
                bit[c, i] = 1 << len(bit)
        # partners_of[r]: the board cards that a card of rank r can be played before
        partners_of = [
            sum(b for (c, i), b in bit.items() if fitting[r] >> ranks[c][i] & 1)
            for r in range(_RANKS)
        ]
        heights = range(_RADIX)
        under = tuple(
            tuple(sum(bit[c, i] for i in range(min(k, len(column)))) for k in heights)
            for c, column in enumerate(ranks)
        )
        feeds = []
        for c, column in enumerate(ranks):
            masks = [0]
            for k in range(1, _RADIX):
                mask = masks[-1]
                if k <= len(column):
                    mask |= partners_of[column[k - 1]] & ~under[c][-1]
                    if k >= 2 and fitting[column[k - 1]] >> column[k - 2] & 1:
                        mask |= bit[c, k - 2]
                masks.append(mask)
            feeds.append(tuple(masks))
        stock_feeds = [0]
        for rank in reversed(stock):
            stock_feeds.append(stock_feeds[-1] | partners_of[rank])
        return cls(
            easy=easy,
            ranks=ranks,
            stock=stock,
            waste=int(state.waste[-1].rank),
            fitting=fitting,
            under=under,
            feeds=tuple(feeds),
            playable=tuple(
                tuple(
                    tuple(
                        bit[c, k - 1]
                        if 0 < k <= len(column) and fitting[w] >> column[k - 1] & 1
                        else 0
                        for w in range(_RANKS)
                    )
                    for k in heights
                )
                for c, column in enumerate(ranks)
            ),
            stock_feeds=tuple(reversed(stock_feeds)),
            counts=tuple(
                tuple(sum(1 << 4 * r for r in column[:k]) for k in heights) for column in ranks
            ),
            stock_counts=tuple(sum(1 << 4 * r for r in stock[s:]) for s in range(len(stock) + 1)),
        )

    def is_hopeless(self, heights: Sequence[int], s: int, w: int) -> bool:
        """Whether the state is proved lost: a card with no partner left, or no matching."""
        board = fed = demand = 0
        for c, k in enumerate(heights):
            board |= self.under[c][k]
            fed |= self.feeds[c][k] | self.playable[c][k][w]
            demand += self.counts[c][k]
        if board & ~(fed | self.stock_feeds[s]):
            return True
        return not self.can_match(demand, demand + self.stock_counts[s] + (1 << 4 * w))

    def can_match(self, demand: int, supply: int) -> bool:
        """Whether each card counted in *demand* can have its own partner in *supply*.

        Both are rank counts, 4 bits a rank.  The ranks form a path (Classic)
        or, with King–Ace, a cycle (Easy): the path is matched greedily from
        the Ace up; on the cycle, each split of the King–Ace links is tried.
        """
        key = (demand, supply)
        known = self.matchable.get(key)
        if known is None:
            needs = [demand >> 4 * r & 15 for r in range(_RANKS + 1)]
            offers = [supply >> 4 * r & 15 for r in range(_RANKS + 1)]
            known = _path_matches(needs, offers)
            if self.easy and not known:
                known = any(
                    _path_matches(
                        [needs[0], needs[1] - up, *needs[2:13], needs[13] - down, 0],
                        [offers[0], offers[1] - down, *offers[2:13], offers[13] - up, 0],
                    )
                    for up in range(min(needs[1], offers[13]) + 1)
                    for down in range(min(needs[13], offers[1]) + 1)
                    if up or down
                )
            self.matchable[key] = known
        return known


def _path_matches_numpy(needs: list[Any], offers: list[Any]) -> Any:  # noqa: ANN401
    """:func:`_path_matches` on numpy arrays of counts, one state per element."""
    import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

    offers = offers.copy()
    matched = np.ones(needs[0].shape, dtype=bool)
    for rank in range(1, _RANKS):
        need = needs[rank] - np.minimum(offers[rank - 1], needs[rank])
        matched &= need <= offers[rank + 1]
        offers[rank + 1] = offers[rank + 1] - need
    return matched


def _path_matches(needs: list[int], offers: list[int]) -> bool:
    """Greedy matching on the rank path: rank *r* takes partners of rank r-1, then r+1."""
    offers = offers.copy()
    for rank in range(1, _RANKS):
        need = needs[rank]
        below = min(offers[rank - 1], need)
        need -= below
        if need > offers[rank + 1]:
            return False
        offers[rank + 1] -= need
    return True


def search_python(tables: Tables, budget: Budget) -> tuple[int, ...] | None:
    """Depth-first search: a winning line (columns 1–7, :data:`DRAW` = 0), or ``None``.

    Raises:
        OutOfBudgetError: *budget* ran out before the search finished.
    """
    ranks, stock, fitting = tables.ranks, tables.stock, tables.fitting
    refuted: dict[tuple[tuple[int, ...], int], int] = {}
    line: list[int] = []

    def visit(heights: tuple[int, ...], s: int, w: int) -> bool:
        if not any(heights):
            return True
        key = (heights, w)
        if refuted.get(key, len(stock) + 1) <= s:
            return False
        budget.spend(1)
        if not tables.is_hopeless(heights, s, w):
            fits = fitting[w]
            plays = sorted(
                ((k, c) for c, k in enumerate(heights) if k and fits >> ranks[c][k - 1] & 1),
                reverse=True,
            )
            for k, c in plays:
                line.append(c + 1)
                if visit((*heights[:c], k - 1, *heights[c + 1 :]), s, ranks[c][k - 1]):
                    return True
                line.pop()
            if s < len(stock):
                line.append(DRAW)
                if visit(heights, s + 1, stock[s]):
                    return True
                line.pop()
        refuted[key] = s
        return False

    start = tuple(len(column) for column in ranks)
    return tuple(line) if visit(start, 0, tables.waste) else None


def _half_tables(tables: Tables, columns: range) -> dict[str, Any]:
    """Tables, as numpy arrays, over every combination of heights of *columns* (base 6).

    ``board``, ``fed`` and ``demand`` combine those columns' :class:`Tables`
    entries; ``playable[i, w]`` their playable cards on rank *w*;
    ``exposed[i, j]`` the rank of the exposed card of ``columns[j]`` (0 if empty).
    """
    import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

    index = np.arange(_RADIX ** len(columns))
    size = index.size
    board = np.zeros(size, dtype=np.uint64)
    fed = np.zeros(size, dtype=np.uint64)
    playable = np.zeros((size, _RANKS), dtype=np.uint64)
    demand = np.zeros(size, dtype=np.int64)
    exposed = np.zeros((size, len(columns)), dtype=np.int64)
    for j, c in enumerate(columns):
        k = (index // _RADIX**j) % _RADIX
        board |= np.array(tables.under[c], dtype=np.uint64)[k]
        fed |= np.array(tables.feeds[c], dtype=np.uint64)[k]
        playable |= np.array(tables.playable[c], dtype=np.uint64)[k]
        demand += np.array(tables.counts[c], dtype=np.int64)[k]
        column = tables.ranks[c]
        exposed[:, j] = np.array([0, *column, *[0] * (_RADIX - 1 - len(column))])[k]
    return {
        "board": board,
        "fed": fed,
        "playable": playable,
        "demand": demand,
        "exposed": exposed,
    }


def search_numpy(tables: Tables, budget: Budget) -> tuple[int, ...] | None:  # noqa: C901, PLR0915
    """Breadth-first sweep with numpy, one stock index at a time: a winning line or ``None``.

    Every state reached is kept (a dense array over all ``6**7 * 16`` keys:
    the heights in base 6, then the waste rank in 4 bits), with the state it
    came from, so the line of the first won state found is read back at the
    end.  Each layer is handled in a few whole-array operations: the
    hopelessness masks and the exposed ranks are looked up in tables over
    every combination of the heights of the first three columns and of the
    last four.  The budget is checked after each layer.

    Raises:
        OutOfBudgetError: *budget* ran out before the search finished.
    """
    import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

    if not any(tables.ranks):
        return ()
    count = len(tables.ranks)
    split = count // 2
    low, high = _half_tables(tables, range(split)), _half_tables(tables, range(split, count))
    low_size = _RADIX**split
    place = np.array([_RADIX**c for c in range(count)], dtype=np.int64)
    fits = np.array(
        [[bool(tables.fitting[w] >> r & 1) for r in range(_RANKS)] for w in range(_RANKS)]
    )

    space = _RADIX**count * 16
    reached = np.zeros(space, dtype=bool)
    parent = np.empty(space, dtype=np.int64)
    stock_index = np.empty(space, dtype=np.int8)
    present = np.zeros(_RADIX**count, dtype=bool)
    first_with = np.empty(_RADIX**count, dtype=np.int64)

    def hopeful(keys: Any, s: int) -> Any:  # noqa: ANN401 - numpy arrays
        index, w = keys >> 4, keys & 15
        lo, hi = index % low_size, index // low_size
        board = low["board"][lo] | high["board"][hi]
        fed = low["fed"][lo] | high["fed"][hi] | low["playable"][lo, w] | high["playable"][hi, w]
        fed |= np.uint64(tables.stock_feeds[s])
        keep = (board & ~fed) == 0
        if tables.easy:  # the King–Ace cycle's matching costs more than it saves here
            return keys[keep]
        keys, w, lo, hi = keys[keep], w[keep], lo[keep], hi[keep]
        demand = low["demand"][lo] + high["demand"][hi]
        supply = demand + tables.stock_counts[s] + (1 << 4 * w)
        needs = [(demand >> 4 * r) & 15 for r in range(_RANKS + 1)]
        offers = [(supply >> 4 * r) & 15 for r in range(_RANKS + 1)]
        return keys[_path_matches_numpy(needs, offers)]

    def admit(keys: Any, parents: Any, s: int) -> Any:  # noqa: ANN401 - numpy arrays
        fresh = ~reached[keys]
        keys, parents = keys[fresh], parents[fresh]
        # one entry per key, without sorting: the position that wins a scatter
        order = np.arange(keys.size)
        parent[keys] = order
        first = parent[keys] == order
        keys = keys[first]
        reached[keys] = True
        parent[keys] = parents[first]
        stock_index[keys] = s
        budget.spend(int(keys.size))
        return keys

    def mark_present(keys: Any) -> None:  # noqa: ANN401 - numpy arrays
        index = keys >> 4
        new = ~present[index]
        first_with[index[new]] = keys[new]
        present[index[new]] = True

    start = int((np.array([len(c) for c in tables.ranks]) * place).sum()) * 16 + tables.waste
    layer = admit(np.array([start]), np.array([-1]), 0)
    won: int | None = None
    for s in range(len(tables.stock) + 1):
        if s:
            index = np.flatnonzero(present)
            layer = admit((index << 4) | tables.stock[s - 1], first_with[index], s)
        layer = hopeful(layer, s)
        mark_present(layer)
        while layer.size:
            budget.check_clock()
            index = layer >> 4
            lo, hi = index % low_size, index // low_size
            exposed = np.hstack((low["exposed"][lo], high["exposed"][hi]))
            rows, columns = np.nonzero(fits[(layer & 15)[:, None], exposed])
            kids = ((index[rows] - place[columns]) << 4) | exposed[rows, columns]
            layer = admit(kids, layer[rows], s)
            done = np.flatnonzero(layer < 16)
            if done.size:
                won = int(layer[done[0]])
                break
            layer = hopeful(layer, s)
            mark_present(layer)
        if won is not None:
            break
    if won is None:
        return None
    line: list[int] = []
    key = won
    while int(parent[key]) >= 0:
        before = int(parent[key])
        if before >> 4 == key >> 4:
            line += [DRAW] * (int(stock_index[key]) - int(stock_index[before]))
        else:
            change = (before >> 4) - (key >> 4)
            line.append(next(c for c in range(count) if _RADIX**c == change) + 1)
        key = before
    return tuple(reversed(line))
