"""The numpy engine behind :mod:`patience_rules.solver`: Golf swept one card at a time.

A state is a key, ``heights * 16 + waste rank`` (the heights in base 6),
reached with some number of draws.  Level *L* holds the states with *L*
board cards left, each with the fewest draws that reach it: a state with
fewer draws is at least as good (the extra cards can always be drawn
later), so no other count is ever needed.  One level follows from the one
above in a handful of whole-array operations:

1. the plays from the level above, each state kept once with its fewest draws;
2. the draws: from each set of heights, its fewest draws, every later stock
   card that fits an exposed card (only the first of each rank: an earlier
   one dominates) gives a state;
3. the proofs of hopelessness of :mod:`._golf_tables` remove lost states.

A won state is one with no card left, found when the sweep reaches level 0;
its line is read back from the fewest draws recorded for every state met.

With a *width*, the sweep first runs as a beam: a level wider than that
keeps only the states with the fewest draws, which finds most wins in a
fraction of the work.  A beam that never had to cut proves ``NO_WIN`` as well;
otherwise the exact sweep resumes from the first level it cut.
"""

from __future__ import annotations

import threading
from typing import Any

from patience_rules import golf
from patience_rules.solver._base import Budget
from patience_rules.solver._golf_tables import DRAW, RADIX, RANKS, Tables

__all__ = ["BEAM_WIDTH", "matches_numpy", "search_numpy"]

BEAM_WIDTH = 300
"""How many states per level the first, beam sweep keeps."""

_LOW = 3
"""The first three columns make the low half of a key's heights, the rest the high half."""
_LOW_SIZE = RADIX**_LOW
_SPACE = RADIX**golf.COLUMNS
"""How many sets of column heights there are: keys run below ``_SPACE * 16``."""
_FEWEST_UNSET = 127

_SCRATCH = threading.local()


def _pairs(packed: Any) -> Any:  # noqa: ANN401 - numpy arrays
    """The 16 counts packed 4 bits each in every element, as rows of pairs of ranks.

    Row ``[i, j]`` holds the counts of rank ``2 * i + j``, one column per element.
    """
    import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

    data = packed.astype("<i8", copy=False).view(np.uint8).reshape(-1, 8).T.copy()
    pairs = np.empty((8, 2, packed.size), dtype=np.int8)
    pairs[:, 0] = data & 15
    pairs[:, 1] = data >> 4
    return pairs


def _chain(needs: Any, offers: Any, links: int) -> tuple[Any, Any, Any, Any]:  # noqa: ANN401
    """:func:`~._golf_tables.can_match`'s greedy chains, composed for every state at once.

    Row 0 is the chain of odd needs (Ace, 3, …, each with the offers one
    rank up), row 1 the chain of even needs (2, 4, …), over the first
    *links* links of each; a rank past King counts nothing.  *needs* are
    :func:`_pairs` shifted by one rank (``needs[i]``: ranks ``2i + 1`` and
    ``2i + 2``), *offers* are not.  With ``change`` a link's offers less its
    needs, ``shift`` their running sum and ``top`` what the last offer has
    left when the chain starts with plenty, a chain starting with *c*
    carried offers holds when every ``top`` is at least 0 and *c* is at
    least every ``-shift``; it then leaves ``min(top, c + shift)``.  Returns
    the lowest ``top``, the last ``shift``, the lowest ``shift`` and the
    last ``top``, each with the two rows.
    """
    import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

    top = lowest_top = offers[1]
    shift = lowest = top - needs[0]
    for link in range(2, links + 1):
        offer = offers[link]
        change = offer - needs[link - 1]
        top = np.minimum(offer, top + change)
        lowest_top = np.minimum(lowest_top, top)
        shift = shift + change
        lowest = np.minimum(lowest, shift)
    return lowest_top, shift, lowest, top


def matches_numpy(demand: Any, supply: Any, *, easy: bool) -> Any:  # noqa: ANN401 - numpy
    """:func:`~._golf_tables.can_match` for arrays of packed rank counts, element by element.

    Classic: the odd chain ends with the Kings (nothing above them) and
    starts empty, the even one starts with the Aces offered.  Easy: one
    cycle, the odd chain then the King → Ace link then the even chain,
    starting with *x* Kings reserved for the Aces that must come back at
    the end; the fewest *x* that lets the chain through is the one to try.
    """
    import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

    needs, offers = _pairs(demand >> 4), _pairs(supply)
    aces = offers[0, 1]
    if not easy:
        lowest_top, _, lowest, _ = _chain(needs, offers, 7)
        return (lowest_top.min(axis=0) >= 0) & (lowest[0] >= 0) & (lowest[1] >= -aces)
    lowest_top, shift, lowest, top = _chain(needs, offers, 6)
    # The odd chain goes on through the King -> Ace link, then the even chain
    # starts with what it leaves: min(odd_top, kings + odd_shift).  The even
    # chain holds on that when both terms are at least -lowest[1], and must
    # leave at least the Kings lent at the start.
    change = aces - needs[6, 0]
    odd_top = np.minimum(aces, top[0] + change)
    odd_shift = shift[0] + change
    odd_lowest = np.minimum(lowest[0], odd_shift)
    kings = np.maximum(0, np.maximum(-odd_lowest, -(odd_shift + lowest[1])))
    return (
        (np.minimum(lowest_top.min(axis=0), odd_top) >= 0)
        & (odd_top + lowest[1] >= 0)
        & (odd_shift + shift[1] >= 0)
        & (kings <= np.minimum(top[1], odd_top + shift[1]))
    )


def _scratch() -> tuple[Any, Any, Any]:
    """Arrays over every key (23 MB), kept by each thread for its sweeps.

    ``fewest`` (draws per key) and ``fewest_h`` (per set of heights) hold
    :data:`_FEWEST_UNSET` between sweeps; ``slot`` is only read where just written.
    """
    import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

    arrays: tuple[Any, Any, Any] | None = getattr(_SCRATCH, "arrays", None)
    if arrays is None:
        arrays = _SCRATCH.arrays = (
            np.full(_SPACE * 16, _FEWEST_UNSET, dtype=np.int8),
            np.full(_SPACE, _FEWEST_UNSET, dtype=np.int8),
            np.empty(_SPACE * 16, dtype=np.int32),
        )
    return arrays


def _over_heights(per_column: list[Any], combine: Any) -> Any:  # noqa: ANN401 - numpy
    """Per-column tables (first axis: the column's height) combined over every set of heights.

    The result's first axis is the heights in base 6, the first column
    varying fastest, as in a key.
    """
    count = len(per_column)
    result: Any = None
    for j, table in enumerate(per_column):
        shape = [1] * count + list(table.shape[1:])
        shape[count - 1 - j] = RADIX
        part = table.reshape(shape)
        result = part if result is None else combine(result, part)
    return result.reshape(RADIX**count, *per_column[0].shape[1:])


class _Half:
    """Tables over every combination of heights of some columns, by ``heights * 16 + waste``.

    ``board``, ``fed`` (cards fed, the playable ones included), ``demand``
    (rank counts), ``plays`` (a bit per playable column, numbered over all columns)
    and ``exposed`` (the exposed ranks, 4 bits a column); ``fits``, by
    heights only, has bit *w* set when rank *w* fits an exposed card.
    """

    def __init__(
        self,
        tables: Tables,
        columns: range,
        fits_on: Any,  # noqa: ANN401 - a numpy array
    ) -> None:
        """The tables of *columns*; ``fits_on[r]`` has bit *w* set when rank *r* fits rank *w*."""
        import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

        board, fed, demand, plays, exposed, fits = [], [], [], [], [], []
        for c in columns:
            playable = np.zeros((RADIX, 16), dtype=np.uint64)
            playable[:, :RANKS] = tables.playable[c]
            padding = [0] * (RADIX - 1 - len(tables.ranks[c]))
            top = np.array([0, *tables.ranks[c], *padding], dtype=np.int64)
            board.append(np.array(tables.under[c], dtype=np.uint64))
            fed.append(playable | np.array(tables.feeds[c], dtype=np.uint64)[:, None])
            demand.append(np.array(tables.counts[c], dtype=np.int64))
            plays.append((playable != 0).astype(np.uint8) << c)
            exposed.append(top << 4 * c)
            fits.append(np.where(top > 0, fits_on[top], 0).astype(np.uint16))
        counts = _over_heights(demand, np.add)
        self.board = np.repeat(_over_heights(board, np.bitwise_or), 16)
        self.fed = _over_heights(fed, np.bitwise_or).reshape(-1)
        self.demand = np.repeat(counts, 16)
        self.plays = _over_heights(plays, np.bitwise_or).reshape(-1)
        self.exposed = np.repeat(_over_heights(exposed, np.bitwise_or), 16)
        self.fits = _over_heights(fits, np.bitwise_or)


class _Sweep:
    """One position's tables and the scratch arrays of a sweep over it."""

    def __init__(self, tables: Tables, budget: Budget) -> None:
        import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

        self.tables, self.budget = tables, budget
        count = len(tables.ranks)
        fits = tables.fitting
        fits_on = np.array(
            [sum(1 << w for w in range(1, RANKS) if fits[w] >> r & 1) for r in range(16)],
            dtype=np.uint16,
        )
        self.low = _Half(tables, range(_LOW), fits_on)
        self.high = _Half(tables, range(_LOW, count), fits_on)
        # the high half's rank counts with the waste card's added: what can still partner
        waste = np.array([1 << 4 * w if w else 0 for w in range(16)], dtype=np.int64)
        self.high_supply = (self.high.demand.reshape(-1, 16) + waste).reshape(-1)
        stock = tables.stock
        self.stock_feeds = np.array(tables.stock_feeds, dtype=np.uint64)
        self.stock_counts = np.array(tables.stock_counts, dtype=np.int64)
        # next_draw[s * 16 + w]: the first stock index from s holding rank w, if any does
        self.next_draw = np.zeros((len(stock) + 1) * 16, dtype=np.int64)
        self.ranks_left = np.zeros(len(stock) + 1, dtype=np.uint16)
        for s in reversed(range(len(stock))):
            self.next_draw[s * 16 : s * 16 + 16] = self.next_draw[s * 16 + 16 : s * 16 + 32]
            self.next_draw[s * 16 + stock[s]] = s
            self.ranks_left[s] = self.ranks_left[s + 1] | 1 << stock[s]
        self.place = np.array([RADIX**c * 16 for c in range(count)], dtype=np.int64)
        self.fewest, self.fewest_h, self.slot = _scratch()
        heights = sum(len(column) * RADIX**c for c, column in enumerate(tables.ranks))
        self.start = heights * 16 + tables.waste

    def halves(self, keys: Any) -> tuple[Any, Any]:  # noqa: ANN401 - numpy arrays
        """Each key's index into the low and the high :class:`_Half`."""
        low_size = _LOW_SIZE * 16
        return keys % low_size, keys // low_size << 4 | keys & 15

    def once(self, keys: Any, draws: Any, fewest: Any) -> tuple[Any, Any]:  # noqa: ANN401
        """Each of *keys* once, with its fewest *draws*, recorded in *fewest*."""
        import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

        fewest[keys] = draws
        while (more := draws < fewest[keys]).any():
            fewest[keys[more]] = draws[more]
        keys = self.distinct(keys)
        return keys, fewest[keys].astype(np.int64)

    def distinct(self, keys: Any) -> Any:  # noqa: ANN401 - numpy arrays
        """*keys* without repeats: the position that wins a scatter stands for each key."""
        import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

        order = np.arange(keys.size, dtype=np.int32)
        self.slot[keys] = order
        return keys[self.slot[keys] == order]

    def with_draws(self, keys: Any, draws: Any) -> tuple[Any, Any]:  # noqa: ANN401
        """The states played to (*keys*, *draws*) and those their heights reach by drawing.

        Each state comes once, with its fewest draws.
        """
        import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

        heights, first = self.once(keys >> 4, draws, self.fewest_h)
        fits = self.low.fits[heights % _LOW_SIZE] | self.high.fits[heights // _LOW_SIZE]
        wanted = (fits & self.ranks_left[first]).astype("<u2")
        bits = np.unpackbits(wanted.view(np.uint8).reshape(-1, 2), axis=1, bitorder="little")
        rows, ranks = np.nonzero(bits)
        drawn = heights[rows] << 4 | ranks
        after = self.next_draw[first[rows] << 4 | ranks] + 1
        return self.once(
            np.concatenate((keys, drawn)), np.concatenate((draws, after)), self.fewest
        )

    def hopeful(self, keys: Any, draws: Any) -> tuple[Any, Any]:  # noqa: ANN401
        """The states among *keys* not proved lost (see :mod:`._golf_tables`)."""
        low, high = self.halves(keys)
        board = self.low.board[low] | self.high.board[high]
        fed = self.low.fed[low] | self.high.fed[high] | self.stock_feeds[draws]
        demand = self.low.demand[low]
        supply = demand + self.high_supply[high] + self.stock_counts[draws]
        demand += self.high.demand[high]
        keep = matches_numpy(demand, supply, easy=self.tables.easy) & ((board & ~fed) == 0)
        return keys[keep], draws[keep]

    def plays(self, keys: Any, draws: Any) -> tuple[Any, Any]:  # noqa: ANN401
        """Every state one play from *keys*, with the same draws."""
        import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

        low, high = self.halves(keys)
        columns = self.low.plays[low] | self.high.plays[high]
        rows, column = np.nonzero(np.unpackbits(columns[:, None], axis=1, bitorder="little"))
        exposed = self.low.exposed[low[rows]] | self.high.exposed[high[rows]]
        rank = exposed >> 4 * column & 15
        return (keys[rows] & ~15) - self.place[column] | rank, draws[rows]

    def run(self, width: int | None) -> int | None:
        """The key of a won state, or ``None`` (proved: the beam resumes exactly when cut)."""
        import numpy as np  # noqa: PLC0415 - numpy is the optional ``solver`` extra

        keys = np.array([self.start], dtype=np.int64)
        draws = np.zeros(1, dtype=np.int64)
        level = sum(map(len, self.tables.ranks))
        cut: tuple[int, Any, Any] | None = None
        met_below_cut: list[Any] = []
        kept = False
        while True:
            if not kept:
                if not level:
                    return int(self.once(keys, draws, self.fewest)[0][0])
                self.budget.check_clock()
                keys, draws = self.with_draws(keys, draws)
                if cut is not None:
                    met_below_cut.append(keys)
                self.budget.spend(int(keys.size))
                keys, draws = self.hopeful(keys, draws)
                if width is not None and keys.size > width:
                    cut = cut or (level, keys, draws)
                    fewest = np.argpartition(draws, width)[:width]
                    keys, draws = keys[fewest], draws[fewest]
            keys, draws = self.plays(keys, draws)
            level -= 1
            kept = False
            if not keys.size:
                if cut is None:
                    return None
                # the beam failed: forget what it met below its first cut and resume there
                for below in met_below_cut:
                    self.fewest[below] = _FEWEST_UNSET
                    self.fewest_h[below >> 4] = _FEWEST_UNSET
                (level, keys, draws), cut, width, kept = cut, None, None, True

    def before(self, key: int) -> tuple[int, int]:
        """The move (a column, or :data:`DRAW`) and the key that *key* was reached from.

        A key reached with *s* draws came either by a play from a key with
        the same draws, or by drawing from a key with the same heights and
        fewer draws.
        """
        heights, waste, draws = key >> 4, key & 15, self.fewest[key]
        for c, column in enumerate(self.tables.ranks):
            height = heights // RADIX**c % RADIX
            if height < len(column) and column[height] == waste:
                above = (heights + RADIX**c) << 4
                for w in range(1, RANKS):
                    if self.tables.fitting[w] >> waste & 1 and self.fewest[above | w] == draws:
                        return c + 1, above | w
        return DRAW, min(range(heights << 4, heights + 1 << 4), key=self.fewest.__getitem__)

    def line(self, won: int) -> tuple[int, ...]:
        """A line from the start to key *won*, read back with :meth:`before`."""
        line: list[int] = []
        key = won
        while key != self.start:
            move, earlier = self.before(key)
            drawn = int(self.fewest[key]) - int(self.fewest[earlier])
            line += [move] * (drawn if move == DRAW else 1)
            key = earlier
        return tuple(reversed(line))

    def clear(self) -> None:
        """Leave the scratch arrays as :func:`_scratch` promises."""
        self.fewest[:] = _FEWEST_UNSET
        self.fewest_h[:] = _FEWEST_UNSET


def search_numpy(
    tables: Tables, budget: Budget, width: int | None = BEAM_WIDTH
) -> tuple[int, ...] | None:
    """A winning line (columns 1–7, :data:`DRAW` = 0) from *tables*' position, or ``None``.

    A beam of *width* states per level runs first (``None``: the exact sweep
    only); ``None`` is always a proof.  The budget is checked once a level.

    Raises:
        OutOfBudgetError: *budget* ran out before the search finished.
    """
    if not any(tables.ranks):
        return ()
    sweep = _Sweep(tables, budget)
    try:
        won = sweep.run(width)
        return None if won is None else sweep.line(won)
    finally:
        sweep.clear()
