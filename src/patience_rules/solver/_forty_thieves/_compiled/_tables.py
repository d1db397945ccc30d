"""A compiled run's tables: the keys met, the hash table that finds them, the heap, growing."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from numba.np.numpy_support import carray

from patience_rules.solver._forty_thieves._compiled._position import (
    _COLUMNS,
    _KEY_WORDS,
    _MAX_MOVES,
    _MAX_STEPS,
    _POSITION,
    _WORK,
    _address,
    _as_bytes,
    _Bytes,
    _Codes,
    _hash,
    _Indices,
    _inline,
    _jit,
    _Numbers,
    _Slots,
    _Words,
)

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

_LOW = np.uint64(0xFFFFFFFF)
_NODE_MASK = 0xFFFFFFFF
"""A heap entry's low half: the highest node number less the entry's node (see :func:`_push`)."""


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
"""The won node, after a call that returns :data:`~._runs._WIN`."""
_DEPTH = 10
"""How many frames the depth-first run's stack holds."""
_FRAME_MOVES = 11
"""How many moves of the frames' move arena are used."""
_OLD_NODES = 12
"""How many nodes the old table holds while the table grows (see :data:`MIGRATE_STEP`)."""
_MIGRATED = 13
"""How many of them are in the new table already."""
_LEVEL = 14
"""How many nodes a beam's depth holds (see :class:`~._runs.CompiledBeam`)."""
_AT = 15
"""The index of the node of the beam's depth to expand next."""
_DROPPED = 16
"""Whether the beam's pass has dropped a node."""
_REGISTERS = 17


class _Tables(NamedTuple):
    """A compiled run's arrays: what it has met, its heap, its scratch."""

    arena: _Words
    """The keys of the positions met, one after another (see :func:`~._position._key`)."""
    key_start: _Indices
    """By node: the word of the arena where its key starts (int32)."""
    order: _Bytes
    """By node, by pair of real columns: their places among the sorted columns, 4 bits each,
    the even column's low (uint8, nodes × 5; see :func:`_places`)."""
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
    :func:`~._position._key`)."""
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
    node_order: _Bytes
    """Scratch: a node's columns' places, unpacked (uint8, see :func:`_places`)."""
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
        order=np.zeros((nodes, _COLUMNS // 2), np.uint8),
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
        node_order=np.zeros(_COLUMNS, np.uint8),
        child_steps=np.zeros(_MAX_STEPS, np.int16),
        other=np.zeros(_MAX_MOVES, np.int16),
        work=np.zeros(_WORK, np.int64),
        registers=np.zeros(_REGISTERS, np.int64),
    )


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
    return carray(_address(array), array.shape, array.dtype)


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
        node_order=_borrow(tables.node_order),
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
    cards = _as_bytes(tables.arena)
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
    for pair in range(_COLUMNS // 2):  # a place is less than 10: 4 bits
        tables.order[node, pair] = (
            tables.child_order[2 * pair] | tables.child_order[2 * pair + 1] << 4
        )
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
def _places(tables: _Tables, node: int) -> _Bytes:
    """*node*'s columns' places among the sorted columns, unpacked into ``node_order``."""
    places = tables.node_order
    for pair in range(_COLUMNS // 2):
        both = tables.order[node, pair]
        places[2 * pair] = both & 15
        places[2 * pair + 1] = both >> 4
    return places


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
