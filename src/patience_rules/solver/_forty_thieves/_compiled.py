"""Compiled runs (numba): the Python runs' positions, met in the same order.

The Forty Thieves engine's runs once numba has compiled them (see
:mod:`._warm`; issue 23, point 3).  :class:`CompiledBestFirst`
and :class:`CompiledDepthFirst` are :class:`~._search.BestFirst` and
:class:`~._search.DepthFirst` with every rule of
:data:`~patience_rules.solver._forty_thieves.RULES` on, run by machine code
that numba compiles from the functions below at their first call
(``search(..., compiled=True)`` runs the portfolio on them).  Each meets
the same positions in the same order as its Python twin, so it gives the
same line, or the same :class:`~._search.Capped`, after the same number of
positions, at every cap (the tests compare the two).  Why the order is the
same:

* The moves of a position are listed in :func:`~._encoding.moves`' order,
  the safe moves of :mod:`._safe` played in its order, the dead-position
  test and the undoing move applied at the same positions: each function
  here follows its Python twin line by line.
* A position is kept when its key was not met before.  The key here holds the
  Python key's content — the columns sorted, the waste (as a mask over the
  cards it can hold), the heights and the count drawn — and gives it back
  (see :func:`_key`), so two keys are equal exactly when the Python keys are;
  the table compares whole keys, never hashes alone, so a run that ends
  without a win is still a proof.
* The heap orders its entries by the score, then by the order of their
  pushes, the latest first: Python's ``(-score, counter)`` (nodes are pushed
  in the order of their numbers, so the node stands for the counter: see
  :func:`_push`).  No two entries share that pair, so every heap pops the
  same entry next, whatever its shape: the binary heap here pops what
  :mod:`heapq` pops.
* The depth-first run's stack holds, per frame, the moves listed when the
  frame was pushed and the index of the next one, as the Python run's
  iterators do; a line is a node's parents' steps, the Python run's list.

A run returns to Python every :data:`CHUNK_STATES` new positions or
:data:`CHUNK_TRIES` moves tried, to look at the clock and the cancel signal,
and when a table is full, to grow it; it goes on from the move it stopped
at, as the Python run does at a cap.  No return does much work: a grown
hash table takes its positions over a few at a time (:data:`MIGRATE_STEP`),
and the other arrays are doubled ahead, a slice per return
(:data:`COPY_AHEAD_BYTES`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import numba
import numpy as np
import numpy.typing as npt
from numba.core import cgutils, types
from numba.core.typing.templates import Signature
from numba.extending import intrinsic
from numba.np.numpy_support import carray

from patience_rules import forty_thieves as ft
from patience_rules.solver._base import Budget, OutOfBudgetError
from patience_rules.solver._forty_thieves import RULES, encode
from patience_rules.solver._forty_thieves._dead import DEAD_TEST_STOCK
from patience_rules.solver._forty_thieves._encoding import (
    DRAW_TO_PLAY,
    FOUNDATION,
    RANKS,
    TAKE_BACK,
    WASTE,
    Move,
    Position,
)
from patience_rules.solver._forty_thieves._search import Capped, Rules, Task, Weights

__all__ = [
    "CHUNK_STATES",
    "CHUNK_TRIES",
    "MIGRATE_STEP",
    "WARM_STATES",
    "CompiledBestFirst",
    "CompiledDepthFirst",
    "warm",
]

_Bytes = npt.NDArray[np.uint8]
_Codes = npt.NDArray[np.int16]
_Numbers = npt.NDArray[np.int64]
_Indices = npt.NDArray[np.int32]
_Slots = npt.NDArray[np.uint64]
_Words = npt.NDArray[np.uint64]
_Item = TypeVar("_Item", bound=np.generic)

CHUNK_STATES = 512
"""How many new positions the compiled loop meets before it returns to look at the clock."""
CHUNK_TRIES = 2048
"""How many moves the compiled loop tries before it returns to look at the clock (positions
met before cost a try, not a state: without this bound a run near its end could stay in
machine code for a long time)."""
MIGRATE_STEP = 2
"""How many nodes of the old table go into the new one with each node kept, while the table
grows.  Hashing every key again at once took 0.5-0.8 s late in a run, past any deadline.
Instead the grown table starts empty beside the old one, lookups look in both, new nodes go
into the new one, and each node kept moves this many old ones over.  A table grows when one
more node would fill more than 3/4 of its slots, so the new table has room for twice the old
one's nodes before it grows again, and the old nodes are all over after half as many new ones
(the new table is then 9/16 full at most): the old table is empty of work long before.
Which nodes a lookup finds is the same (a key is in one of the tables from the time it is
kept), so the positions met and their order do not change."""
COPY_AHEAD_BYTES = 1 << 20
"""How many bytes of the arrays that only grow at their end (:data:`_APPENDED`) are copied
into their doubled successors at each return to Python.  Copying a whole array when it is
full took up to 0.4 s late in a run; instead, once an array is half full, a doubled one is
made and filled a slice per return, and takes the old one's place once it holds every row
(before the old one is full: a return appends at most 512 positions, about 100 KB)."""
_APPENDED = ("arena", "key_start", "order", "parent", "step_start", "steps")
"""The arrays of :class:`_Tables` whose rows are written once, at the end."""

_COLUMNS = 10
_KING = RANKS - 1
_SHALLOW = 8
"""As :data:`._search._SHALLOW`."""
_SEPARATOR = 0xFF

# A move as one number: ``source * 16 + target``; the draw is 15 (no target is 15).
_DRAW = 15
_END = -1
"""No move: the start's, and "no undoing move"."""

# A position as one array of bytes: ten columns of room 104 each, their lengths, the
# waste, its length, the count drawn, the eight heights.
_ROOM = 104
_LENGTHS = _COLUMNS * _ROOM
_WASTE_AT = _LENGTHS + _COLUMNS
_WASTE_LENGTH = _WASTE_AT + _ROOM
_DRAWN = _WASTE_LENGTH + 1
_HEIGHTS = _DRAWN + 1
_POSITION = _HEIGHTS + 8 + 4
"""Whole words: a position is copied a word at a time."""

_KEY_WORDS = 17
"""Words enough for the longest key: its length, the count drawn, a mask of at most 13 bytes,
4 bytes of heights, 104 cards, 10 separators."""
_LOW = np.uint64(0xFFFFFFFF)
_NODE_MASK = 0xFFFFFFFF
"""A heap entry's low half: the highest node number less the entry's node (see :func:`_push`)."""
_WORK = 128
"""How many numbers of scratch room the functions share (:func:`_is_dead` needs most)."""
_MAX_STEPS = 256
"""At least the most steps of one child: its move and its safe moves (at most 104)."""
_MAX_MOVES = 1024
"""At least the most moves of a position (11 sources and 4 take-backs, 12 targets each)."""

# The registers of a run between two calls.
_EXPANDING = 0
"""The node whose moves are being tried, or -1."""
_NEXT = 1
"""The index of its move to try next."""
_MOVES = 2
"""How many moves it has."""
_HEAP = 3
"""How many entries the heap holds."""
_NODES = 4
"""How many positions are kept (each is a node: its key, its parent, its steps)."""
_ARENA = 5
"""How many bytes of the key arena are used."""
_STEPS = 6
"""How many steps of the step arena are used."""
_STARTED = 7
"""Whether the start is entered."""
_NEW = 8
"""How many positions the last call kept."""
_FOUND = 9
"""The won node, after a call that returns :data:`_WIN`."""
_DEPTH = 10
"""How many frames the depth-first run's stack holds."""
_FRAME_MOVES = 11
"""How many moves of the frames' move arena are used."""
_OLD_NODES = 12
"""How many nodes the old table holds while the table grows (see :data:`MIGRATE_STEP`)."""
_MIGRATED = 13
"""How many of them are in the new table already."""
_REGISTERS = 14

# A frame of the depth-first run's stack: its node, where its moves start in the frames'
# move arena, how many, the index of the next to try.
_NODE, _FIRST_MOVE, _COUNT, _TRY = 0, 1, 2, 3

# What a call returns.
_NO_WIN = 0
_WIN = 1
_LIMIT = 2
"""The next new position would pass the call's limit of states."""
_GROW = 3
"""A table is full."""
_PAUSE = 4
"""The call tried its limit of moves."""

_jit = numba.njit(cache=True, nogil=True)
_inline = numba.njit(cache=True, nogil=True, inline="always")
"""For the functions that take the whole :class:`_Tables`: numba compiles them into their
callers, where the compiler sees the whole loop (a run took 1.3-1.4 times as long with
them called; with the tables borrowed too, see :func:`_borrow`, 1.75-2 times)."""


@_jit
def _copy(source: _Bytes, target: _Bytes) -> None:
    """Copy position *source* into *target*, a word at a time (a slice copies bytes)."""
    words, into = source.view(np.uint64), target.view(np.uint64)
    for at in range(len(words)):
        into[at] = words[at]


@_jit
def _won(position: _Bytes) -> bool:
    """Whether the eight foundations are complete."""
    for pile in range(8):  # noqa: SIM110 - a loop compiles to less than all() of a generator
        if position[_HEIGHTS + pile] != RANKS:
            return False
    return True


@_jit
def _top(position: _Bytes, column: int) -> int:
    """The top card of a non-empty *column*."""
    return int(position[column * _ROOM + position[_LENGTHS + column] - 1])


@_jit
def _play(position: _Bytes, move: int, stock: _Bytes) -> None:
    """:func:`~._encoding.play`, in place."""
    drawn = int(position[_DRAWN])
    waste = int(position[_WASTE_LENGTH])
    if move == _DRAW:
        position[_WASTE_AT + waste] = stock[drawn]
        position[_WASTE_LENGTH] = waste + 1
        position[_DRAWN] = drawn + 1
        return
    source, target = move >> 4, move & 15
    if source < WASTE:
        card = _top(position, source)
        position[_LENGTHS + source] -= 1
    elif source == WASTE:
        card = int(position[_WASTE_AT + waste - 1])
        position[_WASTE_LENGTH] = waste - 1
    elif source >= DRAW_TO_PLAY:
        last = drawn + source - DRAW_TO_PLAY - 1
        card = int(stock[last])
        for at in range(drawn, last):
            position[_WASTE_AT + waste] = stock[at]
            waste += 1
        position[_WASTE_LENGTH] = waste
        position[_DRAWN] = last + 1
    else:
        pile = source - TAKE_BACK
        card = pile // 2 * RANKS + int(position[_HEIGHTS + pile]) - 1
        position[_HEIGHTS + pile] -= 1
        if pile % 2 and position[_HEIGHTS + pile] < position[_HEIGHTS + pile - 1]:
            low = position[_HEIGHTS + pile]
            position[_HEIGHTS + pile] = position[_HEIGHTS + pile - 1]
            position[_HEIGHTS + pile - 1] = low
    if target == FOUNDATION:
        suit, rank = card // RANKS, card % RANKS
        pile = 2 * suit + (1 if position[_HEIGHTS + 2 * suit] != rank else 0)
        position[_HEIGHTS + pile] += 1
        if pile % 2 == 0 and position[_HEIGHTS + pile] > position[_HEIGHTS + pile + 1]:
            high = position[_HEIGHTS + pile]
            position[_HEIGHTS + pile] = position[_HEIGHTS + pile + 1]
            position[_HEIGHTS + pile + 1] = high
    else:
        length = int(position[_LENGTHS + target])
        position[target * _ROOM + length] = card
        position[_LENGTHS + target] = length + 1


@_jit
def _is_safe(position: _Bytes, card: int) -> bool:
    """Whether *card* fits on the lower foundation of its suit (see :mod:`._safe`)."""
    return bool(position[_HEIGHTS + 2 * (card // RANKS)] == card % RANKS)


@_jit
def _settle(position: _Bytes, stock: _Bytes, steps: _Codes, count: int) -> int:
    """:func:`~._safe.settle`: the safe moves played and appended to *steps*; their new count."""
    while True:
        move = _END
        for column in range(_COLUMNS):
            if position[_LENGTHS + column] and _is_safe(position, _top(position, column)):
                move = column * 16 + FOUNDATION
                break
        if move == _END:
            waste = int(position[_WASTE_LENGTH])
            if waste and _is_safe(position, int(position[_WASTE_AT + waste - 1])):
                move = WASTE * 16 + FOUNDATION
            else:
                return count
        steps[count] = move
        count += 1
        _play(position, move, stock)


@_jit
def _settle_after(position: _Bytes, move: int, stock: _Bytes, steps: _Codes, count: int) -> int:
    """:func:`~._safe.settle_after`: only a card *move* uncovered can have become safe."""
    source, target = move >> 4, move & 15
    if move == _DRAW or (source <= WASTE and target != FOUNDATION):
        if move == _DRAW or source == WASTE:
            length = int(position[_WASTE_LENGTH])
            top = int(position[_WASTE_AT + length - 1]) if length else -1
        else:
            length = int(position[_LENGTHS + source])
            top = _top(position, source) if length else -1
        if top < 0 or not _is_safe(position, top):
            return count
    return _settle(position, stock, steps, count)


@_jit
def _fits(position: _Bytes, card: int) -> bool:
    """Whether *card* goes on a foundation (either pile of its suit)."""
    suit, rank = card // RANKS, card % RANKS
    return bool(position[_HEIGHTS + 2 * suit] == rank or position[_HEIGHTS + 2 * suit + 1] == rank)


@_jit
def _add_targets(  # noqa: PLR0913, PLR0917 - numba calls take positional arrays
    takes: _Numbers, source: int, card: int, into: int, other: _Codes, count: int
) -> int:
    """Append to *other* the moves of *card* from *source* onto the columns that take it.

    In the columns' order (the Python run's ``takes[card]``: *takes* holds by card
    the columns whose top card takes it, as bits), then into the first empty column
    *into* (-1: none); returns the new count.
    """
    columns = takes[card]
    if columns:
        for column in range(_COLUMNS):
            if columns >> column & 1:
                other[count] = source * 16 + column
                count += 1
    if into >= 0:
        other[count] = source * 16 + into
        count += 1
    return count


@_jit
def _moves(  # noqa: C901, PLR0912, PLR0913, PLR0917 - the Python twin in line, positional
    position: _Bytes,
    stock: _Bytes,
    draw_to_play: bool,  # noqa: FBT001 - numba takes positional arguments
    found: _Codes,
    other: _Codes,
    work: _Numbers,
) -> int:
    """:func:`~._encoding.moves` with symmetry on and few take-backs, into *found*; their count.

    *other* is room for the moves that go after the foundation moves, *work* scratch.
    """
    if _won(position):
        return 0
    into = -1
    takes = work[: 4 * RANKS]
    takes[:] = 0
    for column in range(_COLUMNS - 1, -1, -1):
        if not position[_LENGTHS + column]:
            into = column
        else:
            top = _top(position, column)
            if top % RANKS:  # an Ace takes no card
                takes[top - 1] |= 1 << column
    founds = 0
    others = 0
    waste = int(position[_WASTE_LENGTH])
    for source in range(_COLUMNS + 1):
        if source < _COLUMNS:
            length = int(position[_LENGTHS + source])
            if not length:
                continue
            card = _top(position, source)
        elif waste:
            length = 0
            card = int(position[_WASTE_AT + waste - 1])
        else:
            break
        if _fits(position, card):
            found[founds] = source * 16 + FOUNDATION
            founds += 1
        target = -1 if length == 1 else into  # a column's only card stays out of an empty one
        others = _add_targets(takes, source, card, target, other, others)
    for pile in range(1, 8, 2):  # few take-backs: the higher pile, when strictly higher
        height = int(position[_HEIGHTS + pile])
        if height and height != position[_HEIGHTS + pile - 1]:
            card = pile // 2 * RANKS + height - 1
            others = _add_targets(takes, TAKE_BACK + pile, card, into, other, others)
    drawn = int(position[_DRAWN])
    if draw_to_play:
        for at in range(drawn, len(stock)):
            source = DRAW_TO_PLAY + 1 + at - drawn
            card = int(stock[at])
            if _fits(position, card):
                found[founds] = source * 16 + FOUNDATION
                founds += 1
            others = _add_targets(takes, source, card, into, other, others)
    elif drawn < len(stock):
        other[others] = _DRAW
        others += 1
    for at in range(others):
        found[founds + at] = other[at]
    return founds + others


@_jit
def _undoing(move: int) -> int:
    """:func:`~._search.undoing`."""
    if move in (_DRAW, _END) or (move & 15) == FOUNDATION:
        return _END
    source, target = move >> 4, move & 15
    if source < WASTE:
        return target * 16 + source
    if TAKE_BACK <= source < DRAW_TO_PLAY:
        return target * 16 + FOUNDATION
    return _END


@_jit
def _make_present(present: _Numbers, reach: _Numbers, card: int) -> None:
    """*card* is present: its suit's first card not up may move on."""
    if present[card]:
        return
    present[card] = 1
    suit, rank = card // RANKS, card % RANKS
    if rank == reach[suit]:
        while rank < RANKS and present[suit * RANKS + rank]:
            rank += 1
        reach[suit] = rank


@_jit
def _is_dead(position: _Bytes, stock: _Bytes, work: _Numbers) -> bool:  # noqa: C901, PLR0912 - in line
    """:func:`~._dead.is_dead`: the same smallest sets, grown by passes until none grows them.

    The sets' rules are monotone, so they have one smallest solution, whatever the
    order in which it is reached: the Python test grows them by events, this one by
    passes over the piles.  *work* is scratch room (:data:`_WORK` numbers).
    """
    for column in range(_COLUMNS):
        if not position[_LENGTHS + column]:
            return False
    present = work[: 4 * RANKS]
    present[:] = 0
    for suit in range(4):
        for rank in range(int(position[_HEIGHTS + 2 * suit + 1])):
            present[suit * RANKS + rank] = 1
    for at in range(int(position[_DRAWN]), len(stock)):
        present[stock[at]] = 1
    starts = work[4 * RANKS : 4 * RANKS + _COLUMNS + 1]
    frontier = work[4 * RANKS + _COLUMNS + 1 : 4 * RANKS + 2 * _COLUMNS + 2]
    for pile in range(_COLUMNS + 1):
        starts[pile] = pile * _ROOM if pile < _COLUMNS else _WASTE_AT
        length = position[_LENGTHS + pile] if pile < _COLUMNS else position[_WASTE_LENGTH]
        frontier[pile] = int(length) - 1
        if length:
            present[position[starts[pile] + length - 1]] = 1
    reach = work[4 * RANKS + 2 * _COLUMNS + 2 : 4 * RANKS + 2 * _COLUMNS + 6]
    for suit in range(4):
        rank = 0
        while rank < RANKS and present[suit * RANKS + rank]:
            rank += 1
        reach[suit] = rank
    grew = True
    while grew:
        grew = False
        for pile in range(_COLUMNS + 1):
            at = frontier[pile]
            while at >= 0:
                card = int(position[starts[pile] + at])
                rank = card % RANKS
                if rank > reach[card // RANKS] and (rank == _KING or not present[card + 1]):
                    break
                at -= 1
                if at >= 0:
                    _make_present(present, reach, int(position[starts[pile] + at]))
                elif pile < _COLUMNS:
                    return False
            if at != frontier[pile]:
                frontier[pile] = at
                grew = True
    for suit in range(4):  # noqa: SIM110 - a loop compiles to less than any() of a generator
        if reach[suit] < RANKS:
            return True
    return False


@_jit
def _score(position: _Bytes, weights: _Numbers, work: _Numbers) -> int:  # noqa: C901, PLR0912 - the Python twin in line
    """:func:`~._search.score`; *work* is scratch room."""
    on, empty, disorder, waste_weight, depth_weight = (
        weights[0],
        weights[1],
        weights[2],
        weights[3],
        weights[4],
    )
    up = 0
    for pile in range(8):
        up += int(position[_HEIGHTS + pile])
    needed = work[:4]
    best = work[4:8]
    wanted = 0
    for suit in range(4):
        height = int(position[_HEIGHTS + 2 * suit])
        if height < RANKS:
            needed[wanted] = suit * RANKS + height
            best[wanted] = _SHALLOW
            wanted += 1
    empties = 0
    out = 0
    for column in range(_COLUMNS):
        length = int(position[_LENGTHS + column])
        if not length:
            empties += 1
            continue
        base = column * _ROOM
        for at in range(1, length):
            if position[base + at - 1] != position[base + at] + 1:
                out += 1
        for depth in range(min(length, _SHALLOW)):
            card = position[base + length - 1 - depth]
            for number in range(wanted):
                if needed[number] == card and depth < best[number]:
                    best[number] = depth
    waste = int(position[_WASTE_LENGTH])
    total = on * up - waste_weight * waste + empty * empties - disorder * out
    if depth_weight:
        deep = 0
        for number in range(wanted):
            deep += best[number]
        top = waste - 1
        for number in range(wanted):
            at = waste - 1
            while at >= 0 and position[_WASTE_AT + at] != needed[number]:
                at -= 1
            if at >= 0 and top - at < best[number]:
                deep -= best[number] - (top - at)
        total -= depth_weight * deep
    return int(total)


@_jit
def _less(position: _Bytes, one: int, two: int) -> bool:
    """Whether column *one* comes before column *two* as bytes do (a prefix first)."""
    first, second = int(position[_LENGTHS + one]), int(position[_LENGTHS + two])
    for at in range(min(first, second)):
        a, b = position[one * _ROOM + at], position[two * _ROOM + at]
        if a != b:
            return bool(a < b)
    return first < second


@_jit
def _prefix(position: _Bytes, column: int) -> int:
    """A number that orders columns as :func:`_less` does, but for ties of their first 7 cards.

    Up to the first seven cards, each plus one (an ended column is smaller), a byte each.
    """
    length = int(position[_LENGTHS + column])
    value = 0
    for at in range(7):
        value <<= 8
        if at < length:
            value |= int(position[column * _ROOM + at]) + 1
    return value


@_jit
def _write_header(position: _Bytes, sequence: _Bytes, out: _Bytes) -> int:
    """Write the count drawn, the waste's mask and the heights of a key; the columns' start.

    See :func:`_key`; the mask takes ``len(sequence) // 8`` bytes.
    """
    out[1] = position[_DRAWN]
    mask_bytes = len(sequence) // 8
    for byte in range(mask_bytes):
        out[2 + byte] = 0
    at = 0
    for index in range(int(position[_WASTE_LENGTH])):
        card = position[_WASTE_AT + index]
        while sequence[at] != card:  # the first fit: the waste is a subsequence
            at += 1
        out[2 + at // 8] |= 1 << (at % 8)
        at += 1
    heights = 2 + mask_bytes
    for pair in range(4):
        out[heights + pair] = (
            position[_HEIGHTS + 2 * pair] | position[_HEIGHTS + 2 * pair + 1] << 4
        )
    return heights + 4


@_jit
def _key(
    position: _Bytes, sequence: _Bytes, key: _Words, order: _Bytes, work: _Numbers
) -> int:
    """Write the key of *position* into *key*; its length in words.

    Bytes: their count (less one), the count drawn, the waste as a mask over
    *sequence* (see below), the heights two to a byte (4 bytes), then the
    columns sorted as :func:`~._encoding.key` sorts them, each followed by a
    separator that no card is; then zeros up to a whole word.  *order* gets, for
    each real column, its place among the sorted columns; *work* is scratch room.

    The waste as a mask.  *sequence* is the start's waste, then the stock, then
    zeros up to a whole word (the same for every key of a run): in a position that
    play can reach, at most 64 cards, all from the 64 of the stock, so a mask of 8
    bytes at most.  The waste is always a subsequence of
    *sequence*'s first ``len(start.waste) + drawn`` cards: a draw puts the stock's
    next card on the waste, a draw to play the next cards, and every other move
    takes the waste's top card or leaves the waste alone.  Bit *i* of the mask
    says that the waste holds ``sequence[i]``, the bits chosen as the first fit:
    each waste card, bottom first, at the first index past the previous one's
    where *sequence* holds that card.  A subsequence has a first fit, and the
    waste is its set bits' cards in order, so the mask is a function of the waste
    and gives it back.

    The key is exact: it is a function of the Python key's content (the columns
    sorted, the waste, the heights, the count drawn), and :func:`_decode` gives
    that content back from it.  So two keys are equal exactly when the Python keys
    are; keys of equal words are equal keys (the count is in the first word).
    """
    sorted_columns = work[:_COLUMNS]
    prefixes = work[_COLUMNS : 2 * _COLUMNS]
    for column in range(_COLUMNS):
        prefixes[column] = _prefix(position, column)
    for column in range(_COLUMNS):  # insertion sort: ten items, mostly in order already
        at = column
        while at > 0:
            other = sorted_columns[at - 1]
            if prefixes[column] > prefixes[other] or (
                prefixes[column] == prefixes[other] and not _less(position, column, other)
            ):
                break
            sorted_columns[at] = other
            at -= 1
        sorted_columns[at] = column
    out = key.view(np.uint8)
    length = _write_header(position, sequence, out)
    for place in range(_COLUMNS):
        column = sorted_columns[place]
        order[column] = place
        for at in range(int(position[_LENGTHS + column])):
            out[length] = position[column * _ROOM + at]
            length += 1
        out[length] = _SEPARATOR
        length += 1
    out[0] = length - 1
    words = (length + 7) // 8
    for at in range(length, 8 * words):
        out[at] = 0
    return words


@_jit
def _decode(  # noqa: PLR0913, PLR0917 - numba calls take positional arrays
    arena: _Words, start: int, order: _Bytes, sequence: _Bytes, position: _Bytes, work: _Numbers
) -> None:
    """The position of the key at word *start* of *arena*, its columns back in real order."""
    cards = arena.view(np.uint8)
    starts = work[:_COLUMNS]
    lengths = work[_COLUMNS : 2 * _COLUMNS]
    first = 8 * start
    mask_bytes = len(sequence) // 8
    at = first + 2 + mask_bytes + 4
    for place in range(_COLUMNS):
        starts[place] = at
        while cards[at] != _SEPARATOR:
            at += 1
        lengths[place] = at - starts[place]
        at += 1
    for column in range(_COLUMNS):
        place = order[column]
        for card in range(lengths[place]):
            position[column * _ROOM + card] = cards[starts[place] + card]
        position[_LENGTHS + column] = lengths[place]
    waste = 0
    for byte in range(mask_bytes):
        bits = int(cards[first + 2 + byte])
        for bit in range(8):
            if bits >> bit & 1:
                position[_WASTE_AT + waste] = sequence[8 * byte + bit]
                waste += 1
    position[_WASTE_LENGTH] = waste
    for pair in range(4):
        heights = cards[first + 2 + mask_bytes + pair]
        position[_HEIGHTS + 2 * pair] = heights & 15
        position[_HEIGHTS + 2 * pair + 1] = heights >> 4
    position[_DRAWN] = cards[first + 1]


@_jit
def _hash(words: _Words, start: int, count: int) -> np.uint64:
    """A hash of *count* words of *words* from *start*: multiply and xor, then a final mix.

    Each step is one-to-one in the word, and the final mix (MurmurHash3's) brings
    the high bits, which every word reaches, down to the low bits the table uses.
    """
    value = np.uint64(0x9E3779B97F4A7C15)
    for at in range(start, start + count):
        value = (value ^ words[at]) * np.uint64(0xFF51AFD7ED558CCD)
    value ^= value >> np.uint64(33)
    value *= np.uint64(0xC4CEB9FE1A85EC53)
    value ^= value >> np.uint64(33)
    return value


class _Tables(NamedTuple):
    """A compiled run's arrays: what it has met, its heap, its scratch."""

    arena: _Words
    """The keys of the positions met, one after another (see :func:`_key`)."""
    key_start: _Indices
    """By node: the word of the arena where its key starts (int32)."""
    order: _Bytes
    """By node, by real column: the column's place among the sorted ones (uint8, nodes × 10)."""
    parent: npt.NDArray[np.int32]
    """By node: the node it was reached from, -1 for the start (int32)."""
    step_start: _Indices
    """By node: where its steps (the move, then the safe moves) start in *steps* (int32); they
    end where the next node's start (see :func:`_step_count`)."""
    steps: _Codes
    """The nodes' steps, one after another (int16)."""
    table: _Slots
    """Open addressing by hash (a power of two of slots, at most 3/4 full: at most half full, it
    took 12% more memory in all, and no less time), linear probing: 0 for an empty slot,
    else the hash's high half and, plus one, the word where the node's key starts in *arena*
    (not the node: a lookup reads the key without reading ``key_start``, a cache miss less)."""
    old_table: _Slots
    """The table before it last grew, while its nodes move over (see :data:`MIGRATE_STEP`)."""
    heap: _Numbers
    """A binary heap of ``-score << 32 | (2**32 - 1 - node)`` (int64): the Python order (see
    :func:`_push`)."""
    sequence: _Bytes
    """The start's waste, then the stock (uint8): the cards the waste's masks index (see
    :func:`_key`)."""
    expanding: _Bytes
    """The position whose moves are being tried (uint8)."""
    expanding_moves: _Codes
    """Its moves (int16)."""
    frames: _Numbers
    """The depth-first run's stack: a frame a row (int64, see ``_NODE`` and the others)."""
    frame_moves: _Codes
    """The moves of the frames, one after another (int16)."""
    child: _Bytes
    """Scratch: a child position (uint8)."""
    key: _Words
    """Scratch: a child's key."""
    child_order: _Bytes
    """Scratch: a child's columns' places (uint8)."""
    child_steps: _Codes
    """Scratch: a child's steps (int16)."""
    other: _Codes
    """Scratch: the moves after the foundation moves (int16)."""
    work: _Numbers
    """Scratch for the functions that need a few numbers (int64)."""
    registers: _Numbers
    """The run's counters between two calls (int64): see ``_EXPANDING`` and the others."""


def _tables(position: _Bytes, sequence: _Bytes, nodes: int) -> _Tables:
    """Empty tables for about *nodes* positions from *position* (*sequence*: see ``sequence``)."""
    return _Tables(
        arena=np.zeros(nodes * 8 + _KEY_WORDS, np.uint64),
        key_start=np.zeros(nodes, np.int32),
        order=np.zeros((nodes, _COLUMNS), np.uint8),
        parent=np.zeros(nodes, np.int32),
        step_start=np.zeros(nodes, np.int32),
        steps=np.zeros(nodes * 2, np.int16),
        table=np.zeros(_power_of_two(2 * nodes), np.uint64),
        old_table=np.zeros(1, np.uint64),
        heap=np.zeros(nodes, np.int64),
        sequence=sequence,
        expanding=position,
        expanding_moves=np.zeros(_MAX_MOVES, np.int16),
        frames=np.zeros((64, 4), np.int64),
        frame_moves=np.zeros(4 * _MAX_MOVES, np.int16),
        child=np.zeros(_POSITION, np.uint8),
        key=np.zeros(_KEY_WORDS, np.uint64),
        child_order=np.zeros(_COLUMNS, np.uint8),
        child_steps=np.zeros(_MAX_STEPS, np.int16),
        other=np.zeros(_MAX_MOVES, np.int16),
        work=np.zeros(_WORK, np.int64),
        registers=np.zeros(_REGISTERS, np.int64),
    )


@intrinsic
def _address(
    typingctx: object,  # noqa: ARG001 - numba's signature for an intrinsic
    array: types.Array,
) -> tuple[Signature, Callable[..., object]]:
    """The address of *array*'s first element, as a ``void *`` (numba's typing and code)."""

    def code(context: Any, builder: Any, signature: Signature, args: Any) -> object:  # noqa: ANN401 - numba's untyped code builders
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        return builder.bitcast(data, cgutils.voidptr_t)

    return types.voidptr(array), code


@_jit
def _borrow(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """*array*'s memory as an array that does not own it: no reference count.

    A compiled function that passes an array on (or a tuple of arrays) adds one
    to its reference count, and takes one off after, each an atomic operation:
    about a fifth of a run's time went to them.  An array without an owner has no
    count.  Its memory stays valid while the owner lives: the run's
    :class:`_Tables` are held by the Python call for as long as the machine
    code runs.
    """
    return carray(_address(array), array.shape, array.dtype)  # type: ignore[call-arg]  # numba passes typingctx


@_jit
def _borrowed(tables: _Tables) -> _Tables:
    """*tables* with every array borrowed (see :func:`_borrow`)."""
    return _Tables(
        arena=_borrow(tables.arena),
        key_start=_borrow(tables.key_start),
        order=_borrow(tables.order),
        parent=_borrow(tables.parent),
        step_start=_borrow(tables.step_start),
        steps=_borrow(tables.steps),
        table=_borrow(tables.table),
        old_table=_borrow(tables.old_table),
        heap=_borrow(tables.heap),
        sequence=_borrow(tables.sequence),
        expanding=_borrow(tables.expanding),
        expanding_moves=_borrow(tables.expanding_moves),
        frames=_borrow(tables.frames),
        frame_moves=_borrow(tables.frame_moves),
        child=_borrow(tables.child),
        key=_borrow(tables.key),
        child_order=_borrow(tables.child_order),
        child_steps=_borrow(tables.child_steps),
        other=_borrow(tables.other),
        work=_borrow(tables.work),
        registers=_borrow(tables.registers),
    )


def _power_of_two(least: int) -> int:
    size = 1
    while size < least:
        size *= 2
    return size


@_inline
def _has_room(tables: _Tables) -> bool:
    """Whether every table has room for one more child."""
    registers = tables.registers
    nodes = registers[_NODES]
    return bool(
        registers[_ARENA] + _KEY_WORDS <= len(tables.arena)
        and nodes < len(tables.key_start)
        and registers[_STEPS] + _MAX_STEPS <= len(tables.steps)
        and registers[_HEAP] < len(tables.heap)
        and 4 * (nodes + 1) <= 3 * len(tables.table)
        and registers[_DEPTH] < len(tables.frames)
        and registers[_FRAME_MOVES] + _MAX_MOVES <= len(tables.frame_moves)
    )


@_inline
def _find_in(tables: _Tables, table: _Slots, words: int, value: np.uint64) -> bool:
    """Whether *table* holds the key in scratch (*words* long, hash *value*): keys compared."""
    key, arena = tables.key, tables.arena
    mask = np.uint64(len(table) - 1)
    slot = value & mask
    while table[slot]:
        entry = table[slot]
        if not (entry ^ value) >> np.uint64(32):  # the same high half of the hash
            start = np.int64(entry & _LOW) - 1
            same = True
            for at in range(words):  # the first word holds the length
                if arena[start + at] != key[at]:
                    same = False
                    break
            if same:
                return True
        slot = (slot + np.uint64(1)) & mask
    return False


@_inline
def _find(tables: _Tables, words: int, value: np.uint64) -> bool:
    """Whether the key in scratch (*words* long, hash *value*) was met.

    In the table, or in the old one while its nodes move over.
    """
    if _find_in(tables, tables.table, words, value):
        return True
    registers = tables.registers
    return bool(
        registers[_MIGRATED] < registers[_OLD_NODES]
        and _find_in(tables, tables.old_table, words, value)
    )


@_jit
def _insert(table: _Slots, start: int, value: np.uint64) -> None:
    """Put the key at word *start* of the arena, of hash *value*, in its first free slot."""
    mask = np.uint64(len(table) - 1)
    slot = value & mask
    while table[slot]:
        slot = (slot + np.uint64(1)) & mask
    table[slot] = (value & ~_LOW) | np.uint64(start + 1)


@_inline
def _migrate(tables: _Tables, count: int) -> None:
    """Put *count* more nodes of the old table into the table (their hashes computed again)."""
    registers = tables.registers
    cards = tables.arena.view(np.uint8)
    first = registers[_MIGRATED]
    last = min(first + count, registers[_OLD_NODES])
    for node in range(first, last):
        start = tables.key_start[node]
        words = (int(cards[8 * start]) + 8) // 8
        _insert(tables.table, start, _hash(tables.arena, start, words))
    registers[_MIGRATED] = last


@_inline
def _keep(tables: _Tables, words: int, value: np.uint64, parent: int, count: int) -> int:
    """Store the child in scratch (its key, order and *count* steps) as a new node; its number."""
    registers = tables.registers
    node = registers[_NODES]
    start = registers[_ARENA]
    for at in range(words):
        tables.arena[start + at] = tables.key[at]
    registers[_ARENA] = start + words
    tables.key_start[node] = start
    for column in range(_COLUMNS):
        tables.order[node, column] = tables.child_order[column]
    tables.parent[node] = parent
    first = registers[_STEPS]
    for at in range(count):
        tables.steps[first + at] = tables.child_steps[at]
    registers[_STEPS] = first + count
    tables.step_start[node] = first
    _insert(tables.table, start, value)
    registers[_NODES] = node + 1
    _migrate(tables, MIGRATE_STEP)
    return int(node)


@_inline
def _step_count(tables: _Tables, node: int) -> int:
    """How many steps *node* has: its steps end where the next node's start."""
    registers = tables.registers
    end = registers[_STEPS] if node + 1 == registers[_NODES] else tables.step_start[node + 1]
    return int(end - tables.step_start[node])


@_inline
def _push(tables: _Tables, score: int, node: int) -> None:
    """Push *node* with *score*: first before every lower score, and before earlier pushes.

    The Python run breaks ties of scores by the order of the pushes, the latest
    first; here by the node, the highest first.  The same order: a best-first run
    pushes each node once, right after keeping it, and keeps nodes in the order of
    their numbers, so a later push is always a higher node.  The entry holds the
    node, so the heap needs no second array (and its pops half the cache misses).
    """
    registers = tables.registers
    heap = tables.heap
    entry = (np.int64(-score) << 32) | np.int64(_NODE_MASK - node)
    at = registers[_HEAP]
    registers[_HEAP] = at + 1
    while at > 0:
        up = (at - 1) >> 1
        if heap[up] <= entry:
            break
        heap[at] = heap[up]
        at = up
    heap[at] = entry


@_inline
def _pop(tables: _Tables) -> int:
    """Take the first entry off the heap; its node."""
    registers = tables.registers
    heap = tables.heap
    first = _NODE_MASK - int(heap[0] & _NODE_MASK)
    size = registers[_HEAP] - 1
    registers[_HEAP] = size
    entry = heap[size]
    at = 0
    while True:
        down = 2 * at + 1
        if down >= size:
            break
        if down + 1 < size and heap[down + 1] < heap[down]:
            down += 1
        if entry <= heap[down]:
            break
        heap[at] = heap[down]
        at = down
    heap[at] = entry
    return first


@_inline
def _run_moves(  # noqa: PLR0913, PLR0917 - numba calls take positional arrays
    tables: _Tables,
    after: int,
    undo: int,
    stock: _Bytes,
    draw_to_play: bool,  # noqa: FBT001 - numba takes positional arguments
    moves: _Codes,
) -> int:
    """:meth:`~._search._Run.moves` of ``expanding``, reached by *after*, into *moves*; how many.

    None from a dead position (tested at the start and after draws to play), and
    not *undo*.
    """
    position = tables.expanding
    if (
        (after in (_DRAW, _END) or (after >> 4) >= DRAW_TO_PLAY)
        and len(stock) - position[_DRAWN] <= DEAD_TEST_STOCK
        and _is_dead(position, stock, tables.work)
    ):
        return 0
    count = _moves(position, stock, draw_to_play, moves, tables.other, tables.work)
    if undo == _END:
        return count
    kept = 0
    for at in range(count):
        if moves[at] != undo:
            moves[kept] = moves[at]
            kept += 1
    return kept


@_inline
def _expand(tables: _Tables, node: int, stock: _Bytes) -> None:
    """Decode *node* into ``expanding`` and list its moves, a best-first run's."""
    registers = tables.registers
    _decode(
        tables.arena,
        tables.key_start[node],
        tables.order[node],
        tables.sequence,
        tables.expanding,
        tables.work,
    )
    after, undo = _END, _END
    if node:  # the start's move and undoing move are both _END
        after = int(tables.steps[tables.step_start[node]])
        if _step_count(tables, node) == 1:
            undo = _undoing(after)
    count = _run_moves(tables, after, undo, stock, False, tables.expanding_moves)  # noqa: FBT003 - numba takes positional arguments
    registers[_EXPANDING] = node
    registers[_NEXT] = 0
    registers[_MOVES] = count


@_jit
def _resume(  # noqa: C901, PLR0913, PLR0917 - the run's loop, in line
    tables: _Tables, start: _Bytes, stock: _Bytes, weights: _Numbers, states: int, tries: int
) -> int:
    """Go on with the run for at most *states* new positions and *tries* moves; why it stopped.

    :data:`_WIN` (the won node in ``registers[_FOUND]``), :data:`_NO_WIN`,
    :data:`_LIMIT`, :data:`_PAUSE` or :data:`_GROW`; ``registers[_NEW]`` counts
    the positions kept.
    """
    tables = _borrowed(tables)
    registers = tables.registers
    registers[_NEW] = 0
    child = tables.child
    if not registers[_STARTED]:
        if not _has_room(tables):
            return _GROW
        why = _enter_start(tables, start, stock, states)
        if why >= 0:
            return why
        _push(tables, _score(child, weights, tables.work), 0)
    tried = 0
    while True:
        if registers[_EXPANDING] < 0:
            if not registers[_HEAP]:
                return _NO_WIN
            _expand(tables, _pop(tables), stock)
        parent = registers[_EXPANDING]
        while registers[_NEXT] < registers[_MOVES]:
            if not _has_room(tables):
                return _GROW
            if tried >= tries:
                return _PAUSE
            tried += 1
            move = int(tables.expanding_moves[registers[_NEXT]])
            words, value, count = _enter_child(tables, move, stock)
            if _find(tables, words, value):
                registers[_NEXT] += 1
                continue
            if registers[_NEW] >= states:
                return _LIMIT
            node = _keep(tables, words, value, parent, count)
            registers[_NEW] += 1
            registers[_NEXT] += 1
            if _won(child):
                registers[_FOUND] = node
                return _WIN
            _push(tables, _score(child, weights, tables.work), node)
        registers[_EXPANDING] = -1


@_inline
def _enter_child(tables: _Tables, move: int, stock: _Bytes) -> tuple[int, np.uint64, int]:
    """``expanding`` after *move* and its safe moves, in ``child``: its key's words and hash.

    The key is in scratch (``tables.key``), the steps in ``child_steps``; the
    third number is how many steps (1: *move* alone).
    """
    child, steps = tables.child, tables.child_steps
    _copy(tables.expanding, child)
    steps[0] = move
    _play(child, move, stock)
    count = _settle_after(child, move, stock, steps, 1)
    words = _key(child, tables.sequence, tables.key, tables.child_order, tables.work)
    return words, _hash(tables.key, 0, words), count


@_inline
def _enter_start(tables: _Tables, start: _Bytes, stock: _Bytes, states: int) -> int:
    """Enter the start (after its safe moves) as node 0: :data:`_WIN`, :data:`_LIMIT` or -1."""
    registers = tables.registers
    child = tables.child
    _copy(start, child)
    count = _settle(child, stock, tables.child_steps, 0)
    words = _key(child, tables.sequence, tables.key, tables.child_order, tables.work)
    if states <= 0:
        return _LIMIT
    node = _keep(tables, words, _hash(tables.key, 0, words), -1, count)
    registers[_STARTED] = 1
    registers[_NEW] = 1
    if _won(child):
        registers[_FOUND] = node
        return _WIN
    return -1


@_inline
def _push_frame(tables: _Tables, node: int, after: int, undo: int, stock: _Bytes) -> None:
    """Put *node*, whose position is ``expanding``, on the stack with its moves."""
    registers = tables.registers
    depth, first = registers[_DEPTH], registers[_FRAME_MOVES]
    count = _run_moves(tables, after, undo, stock, True, tables.frame_moves[first:])  # noqa: FBT003 - numba takes positional arguments
    frame = tables.frames[depth]
    frame[_NODE], frame[_FIRST_MOVE], frame[_COUNT], frame[_TRY] = node, first, count, 0
    registers[_DEPTH] = depth + 1
    registers[_FRAME_MOVES] = first + count


@_jit
def _resume_depth_first(  # noqa: C901 - the run's loop, in line
    tables: _Tables, start: _Bytes, stock: _Bytes, states: int, tries: int
) -> int:
    """:class:`~._search.DepthFirst`, going on as :func:`_resume` does; why it stopped.

    The top frame's position is kept in ``expanding``; a frame's position is
    decoded again when the frames above it are done.
    """
    tables = _borrowed(tables)
    registers = tables.registers
    registers[_NEW] = 0
    child, frames = tables.child, tables.frames
    if not registers[_STARTED]:
        if not _has_room(tables):
            return _GROW
        why = _enter_start(tables, start, stock, states)
        if why >= 0:
            return why
        _copy(child, tables.expanding)
        _push_frame(tables, 0, _END, _END, stock)
    tried = 0
    while registers[_DEPTH]:
        frame = frames[registers[_DEPTH] - 1]
        if frame[_TRY] >= frame[_COUNT]:
            registers[_FRAME_MOVES] = frame[_FIRST_MOVE]
            registers[_DEPTH] -= 1
            if registers[_DEPTH]:
                node = frames[registers[_DEPTH] - 1][_NODE]
                order = tables.order[node]
                _decode(
                    tables.arena,
                    tables.key_start[node],
                    order,
                    tables.sequence,
                    tables.expanding,
                    tables.work,
                )
            continue
        if not _has_room(tables):
            return _GROW
        if tried >= tries:
            return _PAUSE
        tried += 1
        move = int(tables.frame_moves[frame[_FIRST_MOVE] + frame[_TRY]])
        words, value, count = _enter_child(tables, move, stock)
        if _find(tables, words, value):
            frame[_TRY] += 1
            continue
        if registers[_NEW] >= states:
            return _LIMIT
        node = _keep(tables, words, value, frame[_NODE], count)
        registers[_NEW] += 1
        frame[_TRY] += 1
        if _won(child):
            registers[_FOUND] = node
            return _WIN
        _copy(child, tables.expanding)
        _push_frame(tables, node, move, _undoing(move) if count == 1 else _END, stock)
    return _NO_WIN


def _position(position: Position) -> _Bytes:
    """The compiled form of *position*."""
    array = np.zeros(_POSITION, np.uint8)
    for column, cards in enumerate(position.columns):
        array[column * _ROOM : column * _ROOM + len(cards)] = list(cards)
        array[_LENGTHS + column] = len(cards)
    array[_WASTE_AT : _WASTE_AT + len(position.waste)] = list(position.waste)
    array[_WASTE_LENGTH] = len(position.waste)
    array[_DRAWN] = position.drawn
    array[_HEIGHTS : _HEIGHTS + 8] = list(position.heights)
    return array


def _sequence(start: Position, stock: bytes) -> _Bytes:
    """The cards of a run's waste masks: *start*'s waste, then *stock* (see :func:`_key`)."""
    cards = start.waste + stock
    array = np.zeros(8 * -(-len(cards) // 8), np.uint8)
    array[: len(cards)] = list(cards)
    return array


def _move(code: int) -> Move:
    """The Python engine's move of *code*."""
    return None if code == _DRAW else (code >> 4, code & 15)


def _grown(array: npt.NDArray[_Item], size: int) -> npt.NDArray[_Item]:
    """*array* with room for *size* rows, the new ones zero."""
    bigger = np.zeros((size, *array.shape[1:]), array.dtype)
    bigger[: len(array)] = array
    return bigger


class _CompiledRun:
    """What the compiled runs share: the tables, the budget, going on in chunks."""

    def __init__(self, task: Task, start: Position, nodes: int) -> None:
        rules = task.rules
        if not (
            rules.symmetry and rules.safe and not rules.take_backs and rules.dead and rules.no_undo
        ):
            msg = "the compiled run applies every rule"
            raise ValueError(msg)
        self._task = task
        self._stock = np.frombuffer(task.stock, np.uint8).copy()
        self._start = _position(start)
        self._tables = _tables(_position(start), _sequence(start, task.stock), nodes)
        self._tables.registers[_EXPANDING] = -1
        self._ahead: dict[str, tuple[npt.NDArray[Any], int]] = {}
        """The doubled arrays being filled, by name, and how many rows they hold."""
        self._next_table: _Slots | None = None
        """The hash table's successor, made ahead, and how many of its slots are touched."""
        self._touched = 0

    @property
    def positions(self) -> int:
        """How many positions the run has met."""
        return int(self._tables.registers[_NODES])

    def nbytes(self) -> int:
        """The bytes its tables take."""
        return sum(array.nbytes for array in self._tables)

    def resume(self, cap: int | None) -> list[Move] | None:
        """A winning line from the start, or ``None`` (every reachable position seen: no win).

        Raises:
            Capped: *cap* more positions were met first.
            OutOfBudgetError: the budget ran out first.
        """
        budget = self._task.budget
        room = None if budget.max_states is None else budget.max_states - budget.states
        allowed = room if cap is None else cap if room is None else min(cap, room)
        by_budget = cap is None or (room is not None and room <= cap)
        met = 0
        try:
            while True:
                chunk = CHUNK_STATES if allowed is None else min(CHUNK_STATES, allowed - met)
                why = self._call(chunk)
                met += int(self._tables.registers[_NEW])
                self._drop_old_table()
                self._copy_ahead()
                if why == _WIN:
                    return self._line(int(self._tables.registers[_FOUND]))
                if why == _NO_WIN:
                    return None
                if why == _GROW:
                    self._grow()
                elif why == _LIMIT and allowed is not None and met >= allowed:
                    if by_budget:
                        raise OutOfBudgetError
                    raise Capped
                else:
                    budget.check_clock()
        finally:
            budget.states += met

    def _call(self, states: int) -> int:
        """Go on in machine code for at most *states* new positions; why it stopped."""
        raise NotImplementedError

    def _used(self, name: str) -> int:
        """How many rows of the array *name* of :data:`_APPENDED` are written."""
        registers = self._tables.registers
        at = {"arena": _ARENA, "steps": _STEPS}.get(name, _NODES)
        return int(registers[at])

    def _is_short(self, name: str) -> bool:
        """Whether the array *name* of :data:`_APPENDED` lacks room for one more child."""
        array: npt.NDArray[Any] = getattr(self._tables, name)
        room = {"arena": _KEY_WORDS, "steps": _MAX_STEPS}.get(name, 1)
        return self._used(name) + room > len(array)

    def _copy_ahead(self) -> None:
        """Fill the doubled arrays a slice more (see :data:`COPY_AHEAD_BYTES`)."""
        tables = self._tables
        left = COPY_AHEAD_BYTES
        changes: dict[str, Any] = {}
        for name in _APPENDED:
            array: npt.NDArray[Any] = getattr(tables, name)
            used = self._used(name)
            if name not in self._ahead:
                if 2 * used < len(array):
                    continue
                self._ahead[name] = (np.zeros((2 * len(array), *array.shape[1:]), array.dtype), 0)
            bigger, copied = self._ahead[name]
            end = min(used, copied + max(1, left // array[0].nbytes))
            bigger[copied:end] = array[copied:end]
            left -= (end - copied) * array[0].nbytes
            if end == used:
                changes[name] = bigger
                del self._ahead[name]
            else:
                self._ahead[name] = (bigger, end)
            if left <= 0:
                break
        self._tables = tables._replace(**changes)
        self._touch_next_table()

    def _touch_next_table(self) -> None:
        """Make the hash table's successor once the table is 9/16 full, and touch a slice of it.

        A fresh array's memory is mapped at its first write, a page (or a 2 MB huge
        page) at a time: touched all at once by the first call after a growth, it
        took 70 ms at a million positions.  A slice per return spreads it out.
        """
        table = self._tables.table
        if self._next_table is None:
            if 16 * int(self._tables.registers[_NODES]) < 9 * len(table):
                return
            self._next_table, self._touched = np.zeros(2 * len(table), np.uint64), 0
        end = min(len(self._next_table), self._touched + COPY_AHEAD_BYTES // 8)
        self._next_table[self._touched : end] = 0
        self._touched = end

    def _grow(self) -> None:
        """Double every table short of room for one more child."""
        tables = self._tables
        registers = tables.registers
        nodes = int(registers[_NODES])
        changes: dict[str, Any] = {}
        for name in _APPENDED:
            if self._is_short(name):
                array = getattr(tables, name)
                if name in self._ahead:  # the copy ahead fell behind: finish it now
                    bigger, copied = self._ahead.pop(name)
                    used = self._used(name)
                    bigger[copied:used] = array[copied:used]
                    changes[name] = bigger
                else:
                    changes[name] = _grown(array, 2 * len(array))
        if registers[_HEAP] >= len(tables.heap):
            changes["heap"] = _grown(tables.heap, 2 * len(tables.heap))
        if registers[_DEPTH] >= len(tables.frames):
            changes["frames"] = _grown(tables.frames, 2 * len(tables.frames))
        if registers[_FRAME_MOVES] + _MAX_MOVES > len(tables.frame_moves):
            changes["frame_moves"] = _grown(tables.frame_moves, 2 * len(tables.frame_moves))
        if 4 * (nodes + 1) > 3 * len(tables.table):
            # The new table starts empty; the nodes move over a few at a time (see
            # MIGRATE_STEP, which makes sure the last move is done by now).
            _migrate(tables, nodes)
            changes["old_table"] = tables.table
            table = self._next_table
            if table is None or len(table) != 2 * len(tables.table):
                table = np.zeros(2 * len(tables.table), np.uint64)
            changes["table"], self._next_table = table, None
            registers[_OLD_NODES] = nodes
            registers[_MIGRATED] = 0
        self._tables = tables._replace(**changes)

    def _drop_old_table(self) -> None:
        """Free the old table once its nodes have all moved over (see :data:`MIGRATE_STEP`)."""
        tables = self._tables
        registers = tables.registers
        if registers[_MIGRATED] >= registers[_OLD_NODES] and len(tables.old_table) > 1:
            self._tables = tables._replace(old_table=np.zeros(1, np.uint64))

    def _line(self, node: int) -> list[Move]:
        """The moves from the start to *node*: each node's steps, the start's first."""
        tables = self._tables
        parts = []
        while node >= 0:
            start = int(tables.step_start[node])
            parts.append(tables.steps[start : start + _step_count(tables, node)])
            node = int(tables.parent[node])
        return [_move(int(code)) for part in reversed(parts) for code in part]


class CompiledBestFirst(_CompiledRun):
    """:class:`~._search.BestFirst` with every rule on, compiled: the same positions, in order.

    Stopped and resumed, it meets every position once, in the same order, as
    if it had never stopped, like the Python run; the budget's states count
    the same positions.
    """

    def __init__(
        self, task: Task, start: Position, weights: Weights, nodes: int = 1 << 12
    ) -> None:
        super().__init__(task, start, nodes)
        self._weights = np.array(weights, np.int64)

    def _call(self, states: int) -> int:
        return int(
            _resume(self._tables, self._start, self._stock, self._weights, states, CHUNK_TRIES)
        )


class CompiledDepthFirst(_CompiledRun):
    """:class:`~._search.DepthFirst` with every rule on, compiled: the same positions, in order."""

    def __init__(self, task: Task, start: Position, nodes: int = 1 << 12) -> None:
        if not task.rules.draw_to_play:
            msg = "the compiled run applies every rule"
            raise ValueError(msg)
        super().__init__(task, start, nodes)

    def _call(self, states: int) -> int:
        return int(
            _resume_depth_first(self._tables, self._start, self._stock, states, CHUNK_TRIES)
        )


WARM_STATES = 64
"""How many positions each run meets in :func:`warm`: enough for its tables to grow."""


def warm() -> None:
    """Compile every function a run calls (or load it from numba's cache): run each a little.

    Each run starts with room for two positions, so its tables grow and the
    functions that grow them are compiled too.
    """
    position, stock = encode(ft.deal(1))
    task = Task(stock, Budget(None, None), Rules(RULES))
    for run in (
        CompiledBestFirst(task, position, (10, 5, 5, 4, 3), nodes=2),
        CompiledDepthFirst(task, position, nodes=2),
    ):
        with contextlib.suppress(Capped):
            run.resume(WARM_STATES)
