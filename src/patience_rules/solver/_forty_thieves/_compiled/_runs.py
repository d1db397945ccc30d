"""The compiled runs: the loops in machine code, and the Python objects that resume them."""

from __future__ import annotations

import contextlib
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from patience_rules import forty_thieves as ft
from patience_rules.solver._base import Budget, OutOfBudgetError
from patience_rules.solver._forty_thieves import RULES, encode
from patience_rules.solver._forty_thieves._compiled._position import (
    _DRAW,
    _DRAWN,
    _END,
    _HEIGHTS,
    _KEY_WORDS,
    _LENGTHS,
    _MAX_MOVES,
    _MAX_STEPS,
    _POSITION,
    _ROOM,
    _WASTE_AT,
    _WASTE_LENGTH,
    _Bytes,
    _Codes,
    _copy,
    _decode,
    _hash,
    _inline,
    _is_dead,
    _jit,
    _key,
    _moves,
    _Numbers,
    _play,
    _score,
    _settle,
    _settle_after,
    _Slots,
    _undoing,
    _won,
)
from patience_rules.solver._forty_thieves._compiled._tables import (
    _ARENA,
    _AT,
    _DEPTH,
    _DROPPED,
    _EXPANDING,
    _FOUND,
    _FRAME_MOVES,
    _HEAP,
    _LEVEL,
    _MIGRATED,
    _MOVES,
    _NEW,
    _NEXT,
    _NODES,
    _OLD_NODES,
    _STARTED,
    _STEPS,
    _borrowed,
    _find,
    _has_room,
    _keep,
    _migrate,
    _places,
    _pop,
    _push,
    _step_count,
    _Tables,
    _tables,
)
from patience_rules.solver._forty_thieves._dead import DEAD_TEST_STOCK
from patience_rules.solver._forty_thieves._encoding import (
    DRAW_TO_PLAY,
    Move,
    Position,
)
from patience_rules.solver._forty_thieves._search import (
    BEAM_WIDTH,
    Capped,
    Rules,
    Task,
    Weights,
)

_Item = TypeVar("_Item", bound=np.generic)

CHUNK_STATES = 512
"""How many new positions the compiled loop meets before it returns to look at the clock."""
CHUNK_TRIES = 2048
"""How many moves the compiled loop tries before it returns to look at the clock (positions
met before cost a try, not a state: without this bound a run near its end could stay in
machine code for a long time)."""
COPY_AHEAD_BYTES = 1 << 20
"""How many bytes of the arrays that only grow at their end (:data:`_APPENDED`) are copied
into their doubled successors at each return to Python.  Copying a whole array when it is
full took up to 0.4 s late in a run; instead, once an array is half full, a doubled one is
made and filled a slice per return, and takes the old one's place once it holds every row
(before the old one is full: a return appends at most 512 positions, about 100 KB)."""
_APPENDED = ("arena", "key_start", "order", "parent", "step_start", "steps")
"""The arrays of :class:`~._tables._Tables` whose rows are written once, at the end."""

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
_SPENT = 5
"""A beam's pass has no position left, having dropped some: it proves nothing."""


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
        _places(tables, node),
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


@_inline
def _next_of_depth(tables: _Tables, depth: _Numbers) -> int:
    """A beam's pass: the node of the depth to expand next, or -1 (none left).

    Once the depth is expanded, the next is the best ``len(depth)`` nodes of
    the heap, in the heap's order; the heap is cleared (the pass drops the rest).
    """
    registers = tables.registers
    if registers[_AT] == registers[_LEVEL]:
        if registers[_HEAP] > len(depth):
            registers[_DROPPED] = 1
        count = min(len(depth), registers[_HEAP])
        for at in range(count):
            depth[at] = _pop(tables)
        registers[_HEAP] = 0
        registers[_LEVEL] = count
        registers[_AT] = 0
        if not count:
            return -1
    registers[_AT] += 1
    return int(depth[registers[_AT] - 1])


@_jit
def _resume(  # noqa: C901, PLR0912, PLR0913, PLR0917 - the run's loop, in line
    tables: _Tables,
    start: _Bytes,
    stock: _Bytes,
    weights: _Numbers,
    depth: _Numbers | None,
    states: int,
    tries: int,
) -> int:
    """Go on with the run for at most *states* new positions and *tries* moves; why it stopped.

    :data:`_WIN` (the won node in ``registers[_FOUND]``), :data:`_NO_WIN`,
    :data:`_LIMIT`, :data:`_PAUSE`, :data:`_GROW` or :data:`_SPENT`;
    ``registers[_NEW]`` counts the positions kept.  With a *depth*, a beam's
    pass (see :func:`_next_of_depth`); with ``None``, a best-first run (numba
    compiles each apart, the test on *depth* pruned: the best-first loop pays
    nothing for the beam's).
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
            if depth is not None:
                node = _next_of_depth(tables, depth)
                if node < 0:
                    return _SPENT if registers[_DROPPED] else _NO_WIN
            elif registers[_HEAP]:
                node = _pop(tables)
            else:
                return _NO_WIN
            _expand(tables, node, stock)
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
                _decode(
                    tables.arena,
                    tables.key_start[node],
                    _places(tables, node),
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
    """The cards of a run's waste masks: *start*'s waste, then *stock* (see ``_position._key``)."""
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
        self._begin(start, nodes)

    def _begin(self, start: Position, nodes: int) -> None:
        """Fresh tables for about *nodes* positions from *start*."""
        self._tables = _tables(_position(start), _sequence(start, self._task.stock), nodes)
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
                if why == _SPENT:
                    self._widen()
                elif why == _GROW:
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

    def _widen(self) -> None:
        """Start the next pass of a beam (only a beam's call returns :data:`_SPENT`)."""
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
        """Free the old table once its nodes have all moved over (see ``_tables.MIGRATE_STEP``)."""
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
        self._depth: _Numbers | None = None
        """A beam's depth; ``None``: a best-first run."""

    def _call(self, states: int) -> int:
        return int(
            _resume(
                self._tables,
                self._start,
                self._stock,
                self._weights,
                self._depth,
                states,
                CHUNK_TRIES,
            )
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


class CompiledBeam(CompiledBestFirst):
    """:class:`~._search.Beam` with every rule on, compiled: the same positions, in order.

    Its passes are the best-first run's loop with room for a depth.
    """

    def __init__(
        self,
        task: Task,
        start: Position,
        weights: Weights,
        nodes: int = 1 << 12,
        width: int = BEAM_WIDTH,
    ) -> None:
        super().__init__(task, start, weights, nodes)
        self._from = start
        self._depth = np.zeros(width, np.int64)
        self.width = width
        """The width of the pass under way."""

    def _widen(self) -> None:
        """The next pass, twice as wide, with tables of its own."""
        self.width *= 2
        self._depth = np.zeros(self.width, np.int64)
        self._begin(self._from, len(self._tables.key_start))


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
        CompiledBeam(task, position, (10, 5, 5, 4, 3), nodes=2),
    ):
        with contextlib.suppress(Capped):
            run.resume(WARM_STATES)
