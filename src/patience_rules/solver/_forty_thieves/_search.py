"""The searches: best-first under a weighting, and depth-first, each complete.

Both keep every position they meet (by :func:`~._encoding.key`) and look at
each once, so either one, run to the end, has seen every position reachable
from the start (after the safe moves of :mod:`._safe`): finding no win is
then a proof.  A run given a *cap* on the positions it may keep stops with
:class:`Capped` instead, which proves nothing.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import operator
from collections.abc import Callable, Iterator
from typing import NamedTuple

from patience_rules.solver._base import CHECK_CLOCK_EVERY, Budget, OutOfBudgetError
from patience_rules.solver._forty_thieves._dead import DEAD_TEST_STOCK, is_dead
from patience_rules.solver._forty_thieves._encoding import (
    DRAW_TO_PLAY,
    FOUNDATION,
    RANKS,
    TAKE_BACK,
    WASTE,
    Move,
    Position,
    key,
    moves,
    play,
    won,
)
from patience_rules.solver._forty_thieves._safe import settle, settle_after

__all__ = [
    "BEAM_WIDTH",
    "Beam",
    "BestFirst",
    "Capped",
    "DepthFirst",
    "Rules",
    "Task",
    "Weights",
    "score",
    "undoing",
]


class Capped(Exception):  # noqa: N818 - a signal, not an error
    """The run met as many positions as its cap allowed."""


Weights = tuple[int, int, int, int, int]
"""How much a position's foundation cards, empty columns, cards out of sequence in
the columns, waste cards and the depth of the next cards each suit needs weigh."""


class Rules:
    """Which of the levers a run applies (each can be switched off; the tests do)."""

    def __init__(self, names: frozenset[str]) -> None:
        self.symmetry = "symmetry" in names
        self.safe = "safe_moves" in names
        self.take_backs = "few_take_backs" not in names
        self.draw_to_play = "draw_to_play" in names
        self.dead = "dead_positions" in names
        self.no_undo = "no_undo" in names
        self.portfolio = "portfolio" in names


_SHALLOW = 8
"""How deep :func:`score` looks for the next card a suit needs (deeper counts as this)."""


@functools.lru_cache(maxsize=1 << 16)
def _column(column: bytes) -> tuple[int, bytes]:
    """*column*'s cards out of sequence, and by card how deep its topmost copy lies (capped)."""
    out = sum(below != card + 1 for below, card in itertools.pairwise(column))
    depths = bytearray([_SHALLOW]) * (4 * RANKS + 1)
    for depth in range(min(len(column), _SHALLOW) - 1, -1, -1):
        depths[column[-1 - depth]] = depth
    return out, bytes(depths)


@functools.lru_cache(maxsize=1 << 14)
def _needed(heights: bytes) -> tuple[bytes, Callable[[bytes], tuple[int, ...]]]:
    """The card each unfinished suit needs next on its lower foundation, and their depths.

    The second is a getter of those cards' depths from a :func:`_column` table,
    and last its spare entry (always :data:`_SHALLOW`) twice, so that it gives a
    tuple even for one card, or none (a getter of one index gives a bare value).
    """
    needed = bytes(
        suit * RANKS + heights[2 * suit] for suit in range(4) if heights[2 * suit] < RANKS
    )
    return needed, operator.itemgetter(*needed, 4 * RANKS, 4 * RANKS)


_OUT: Callable[[tuple[int, bytes]], int] = operator.itemgetter(0)
_DEPTHS: Callable[[tuple[int, bytes]], bytes] = operator.itemgetter(1)


@functools.lru_cache(maxsize=1 << 16)
def _board(
    columns: tuple[bytes, ...], heights: bytes
) -> tuple[int, int, int, bytes, tuple[int, ...]]:
    """What :func:`score` weighs of the columns and foundations, the waste aside.

    The foundation cards, the empty columns, the cards out of sequence, the
    card each unfinished suit needs next and how deep its topmost copy lies
    in the columns.  Cached: a draw or a move from the waste to a
    foundation leaves its parent's board, and moves in another order lead to
    the same board (about one call in two is a hit on whole deals).
    """
    tables = list(map(_column, columns))  # an empty column's: no card, nothing out
    needed, depths = _needed(heights)
    best = tuple(map(min, zip(*map(depths, map(_DEPTHS, tables)), strict=True)))
    return sum(heights), columns.count(b""), sum(map(_OUT, tables)), needed, best[: len(needed)]


def score(position: Position, weights: Weights) -> int:
    """How promising *position* looks under *weights* (higher is better): a heuristic."""
    on, empty, disorder, waste, depth = weights
    up, empties, out, needed, best = _board(position.columns, position.heights)
    pile = position.waste
    total = on * up - waste * len(pile) + empty * empties - disorder * out
    if depth:
        deep = sum(best)
        top = len(pile) - 1
        for number, card in enumerate(needed):
            at = pile.rfind(card)
            if at >= 0 and top - at < best[number]:
                deep -= best[number] - (top - at)
        total -= depth * deep
    return total


class Task(NamedTuple):
    """What every run of one search shares: the stock, the budget, the levers."""

    stock: bytes
    budget: Budget
    rules: Rules


class _Run:
    """One run: the task, the table of positions met, the counts."""

    def __init__(self, task: Task, cap: int | None, *, draw_to_play: bool = False) -> None:
        stock, budget, rules = task
        self.stock = stock
        self.budget = budget
        self.rules = rules
        self.draw_to_play = draw_to_play and rules.draw_to_play
        self.seen: set[bytes] = set()
        self.states = 0
        self.allow(cap)

    def allow(self, cap: int | None) -> None:
        """Let the run meet *cap* more positions (``None``: as many as the budget allows)."""
        budget = self.budget
        room = None if budget.max_states is None else budget.max_states - budget.states
        self.cap = room if cap is None else cap if room is None else min(cap, room)
        self.capped_by_budget = cap is None or (room is not None and room <= cap)

    def enter(self, position: Position, line: list[Move]) -> Position | None:
        """*position* after its safe moves (appended to *line*), or ``None`` if met before."""
        if self.rules.safe:
            position = settle(position, self.stock, line)
        return self.keep(position)

    def enter_after(self, parent: Position, move: Move, line: list[Move]) -> Position | None:
        """:meth:`enter` of *parent*, a position entered before, after *move*."""
        position = play(parent, move, self.stock)
        if self.rules.safe:
            position = settle_after(position, move, self.stock, line)
        return self.keep(position)

    def keep(self, position: Position) -> Position | None:
        """*position*, now met, or ``None`` if met before."""
        k = key(position, symmetry=self.rules.symmetry)
        if k in self.seen:
            return None
        if self.cap is not None and self.states >= self.cap:
            self.budget.states += self.states
            self.states = 0
            if self.capped_by_budget:
                raise OutOfBudgetError
            raise Capped
        self.seen.add(k)
        self.states += 1
        if not self.states % CHECK_CLOCK_EVERY:
            self.budget.check_clock()
        return position

    def moves(
        self, position: Position, after: Move | tuple[int, int], undo: Move | tuple[int, int]
    ) -> list[Move]:
        """The moves to try from *position*, reached by the move *after* (``_END``: the start).

        With rule ``"no_undo"``, not *undo*, the move that undoes *after* when no
        safe move followed it (see :func:`undoing`), or ``_END``.

        None from a dead position (see :mod:`._dead`).  The test runs only at the
        start and after a draw or a draw to play, which bury cards in the waste: on
        late positions about one in two of those positions is dead, one in twenty
        after a move onto a column, none after a move to a foundation, and testing
        all of them cost more time than the positions it spared.
        """
        rules = self.rules
        if (
            rules.dead
            and (after is None or after[0] >= DRAW_TO_PLAY or after[0] < 0)
            and len(self.stock) - position.drawn <= DEAD_TEST_STOCK
            and is_dead(position, self.stock)
        ):
            return []
        found = moves(
            position,
            self.stock,
            symmetry=rules.symmetry,
            take_backs=rules.take_backs,
            draw_to_play=self.draw_to_play,
        )
        if rules.no_undo and undo in found:
            found.remove(undo)
        return found

    def finish(self) -> None:
        self.budget.states += self.states
        self.states = 0


_END = (-1, -1)
"""Marks the end of a position's moves (``None`` is the draw), and the start's move."""


def undoing(move: Move) -> Move | tuple[int, int]:
    """The move that undoes *move*, or ``_END`` (none, or none worth looking for).

    Claim (rule ``"no_undo"``): from the position *move* led to, if no safe
    move followed it, the move that undoes it leads back to the position it
    was played from.  A card moved from column *a* to column *b* goes back
    from *b* to *a* (when *a*'s new top card takes it, or *a* is empty), and a
    card taken back from a foundation to column *a* goes back up from *a*
    (onto a pile of its suit at the height it left, the heights being sorted
    either way): every pile is then as before *move*.  That position is in
    the run's table — the run entered it to play *move* — so the run would
    make the move, meet the position and drop it; leaving the move out
    changes nothing but the time (every position is met, in the same order).
    After a safe move the position differs, so the rule needs *move* alone.
    """
    if move is None or move[1] == FOUNDATION:
        return _END
    source, target = move
    if source < WASTE:
        return (target, source)
    if TAKE_BACK <= source < DRAW_TO_PLAY:
        return (target, FOUNDATION)
    return _END


_Line = tuple[tuple[Move, ...], "_Line"] | None
"""A line as a linked list, latest moves first, shared between a position and its children."""


_Entry = tuple[Position, _Line, Move | tuple[int, int], Move | tuple[int, int]]
"""A position to expand: its line, the move that reached it, the move that would undo it."""


def _unlink(line: _Line) -> list[Move]:
    parts = []
    while line is not None:
        parts.append(line[0])
        line = line[1]
    return [move for part in reversed(parts) for move in part]


class BestFirst:
    """A best-first search from *start* that stops at a cap and goes on from there when resumed.

    Expands the most promising position met so far (:func:`score` under
    *weights*), the latest on a tie.  Stopped and resumed, it meets every
    position once, in the same order, as if it had never stopped: a run
    resumed with a cap twice as high costs half what a run started again
    would.
    """

    def __init__(self, task: Task, start: Position, weights: Weights) -> None:
        self._run = _Run(task, 0)
        self._weights = weights
        self._start: Position | None = start
        self._heap: list[
            tuple[int, int, Position, _Line, Move | tuple[int, int], Move | tuple[int, int]]
        ] = []
        self._counter = 0
        self._expanding: tuple[Position, _Line, list[Move]] | None = None
        """The position whose moves were being tried when the cap stopped the search."""
        self._next = 0
        """The index of the move of :attr:`_expanding` to try next (tried again first)."""

    def resume(self, cap: int | None) -> list[Move] | None:
        """A winning line from *start*, or ``None`` (every reachable position seen: no win).

        Raises:
            Capped: *cap* more positions were met first.
            OutOfBudgetError: *budget* ran out first.
        """
        run, heap, weights = self._run, self._heap, self._weights
        run.allow(cap)
        try:
            if self._start is not None:
                first: list[Move] = []
                entered = run.enter(self._start, first)
                self._start = None
                if entered is None:
                    return None
                if won(entered):
                    return first
                heap.append(
                    (-score(entered, weights), 0, entered, (tuple(first), None), _END, _END)
                )
            while True:
                if self._expanding is None:
                    taken = self._take()
                    if taken is None:
                        return None
                    position, line, after, undo = taken
                    self._expanding = (position, line, run.moves(position, after, undo))
                    self._next = 0
                position, line, found = self._expanding
                while self._next < len(found):
                    move = found[self._next]
                    steps: list[Move] = [move]
                    child = run.enter_after(position, move, steps)
                    self._next += 1
                    if child is None:
                        continue
                    link: _Line = (tuple(steps), line)
                    if won(child):
                        return _unlink(link)
                    self._counter -= 1
                    undo = undoing(move) if len(steps) == 1 else _END
                    heapq.heappush(
                        heap, (-score(child, weights), self._counter, child, link, move, undo)
                    )
                self._expanding = None
        finally:
            run.finish()

    def _take(self) -> _Entry | None:
        """The position to expand next, or ``None``: every position met is expanded."""
        heap = self._heap
        return heapq.heappop(heap)[2:] if heap else None


class DepthFirst:
    """A depth-first search from *start* that stops at a cap and goes on from there when resumed.

    Tries the moves in :func:`~._encoding.moves` order: foundation moves first.
    With rule ``"draw_to_play"``, no draw on its own (the best-first runs keep
    the draw: with many cards in the stock, the moves of each of them cost
    more than the positions they spare).  Stopped and resumed, it meets
    every position once, as if it had never stopped.
    """

    def __init__(self, task: Task, start: Position) -> None:
        self._run = _Run(task, 0, draw_to_play=True)
        self._start: Position | None = start
        self._line: list[Move] = []
        self._stack: list[tuple[Position, Iterator[Move], int]] = []
        self._pending: Move | tuple[int, int] = _END
        """The move being tried when the cap stopped the search: tried again first."""

    def resume(self, cap: int | None) -> list[Move] | None:
        """A winning line from *start*, or ``None`` (every reachable position seen: no win).

        Raises:
            Capped: *cap* more positions were met first.
            OutOfBudgetError: *budget* ran out first.
        """
        run, line, stack = self._run, self._line, self._stack
        run.allow(cap)
        try:
            if self._start is not None:
                entered = run.enter(self._start, line)
                self._start = None
                if entered is None:
                    return None
                if won(entered):
                    return line
                stack.append((entered, iter(run.moves(entered, _END, _END)), len(line)))
            while stack:
                position, rest, length = stack[-1]
                move = self._pending if self._pending is not _END else next(rest, _END)
                if move is _END:
                    stack.pop()
                    continue
                del line[length:]
                line.append(move)
                self._pending = move
                child = run.enter_after(position, move, line)
                self._pending = _END
                if child is None:
                    continue
                if won(child):
                    return line
                undo = undoing(move) if len(line) == length + 1 else _END
                stack.append((child, iter(run.moves(child, move, undo)), len(line)))
            return None
        finally:
            run.finish()


BEAM_WIDTH = 64
"""How many positions each depth of a :class:`Beam`'s first pass keeps; each next pass twice
as many."""


class Beam:
    """Beam passes from *start*: depth after depth, the *width* best new positions.

    A pass expands every position of a depth, then keeps of their children
    met for the first time the *width* that score best under *weights* (the
    latest on a tie, as :class:`BestFirst` pops them) as the next depth.  A
    pass that drops none of them has met every position reachable from
    *start*, as a best-first run that ends does: it ends without a win only
    when there is none.  A pass that drops some and runs out of positions
    proves nothing: the next starts again from *start* with twice the width
    and a table of its own.  A wide pass looks far down a few lines where a
    best-first run keeps widening near the top of the tree.  Stopped and
    resumed, it meets every position of its passes once, in the same order,
    as if it had never stopped.
    """

    def __init__(
        self, task: Task, start: Position, weights: Weights, width: int = BEAM_WIDTH
    ) -> None:
        self._task = task
        self._start = start
        self._weights = weights
        self._pass = _Pass(task, start, weights, width)

    @property
    def width(self) -> int:
        """The width of the pass under way."""
        return self._pass.width

    def resume(self, cap: int | None) -> list[Move] | None:
        """A winning line from *start*, or ``None`` (every reachable position seen: no win).

        Raises:
            Capped: *cap* more positions were met first.
            OutOfBudgetError: *budget* ran out first.
        """
        budget = self._task.budget
        while True:
            before = budget.states
            line = self._pass.resume(cap)
            if line is not None or not self._pass.dropped:
                return line
            cap = None if cap is None else cap - (budget.states - before)
            self._pass = _Pass(self._task, self._start, self._weights, 2 * self.width)


class _Pass(BestFirst):
    """A pass of a :class:`Beam`: a best-first run that takes its positions a depth at a time.

    Every child goes on the heap as it is met; once the depth is expanded, the
    *width* best of the heap are the next depth, and the others are dropped.
    """

    def __init__(self, task: Task, start: Position, weights: Weights, width: int) -> None:
        super().__init__(task, start, weights)
        self.width = width
        self.dropped = False
        """Whether the pass has dropped a position, so that it proves nothing."""
        self._depth: list[_Entry] = []
        self._at = 0
        """The index of the position of the depth to expand next."""

    def _take(self) -> _Entry | None:
        if self._at == len(self._depth):
            heap = self._heap
            self.dropped = self.dropped or len(heap) > self.width
            self._depth = [heapq.heappop(heap)[2:] for _ in range(min(self.width, len(heap)))]
            heap.clear()
            self._at = 0
            if not self._depth:
                return None
        self._at += 1
        return self._depth[self._at - 1]
