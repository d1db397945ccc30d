"""A compiled position: its bytes, its moves, its safe moves, the dead test, its score, its key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]  # llvmlite ships no types
from numba.core import cgutils, types
from numba.core.typing.templates import Signature
from numba.extending import intrinsic
from numba.np.numpy_support import carray

from patience_rules.solver._forty_thieves._encoding import (
    DRAW_TO_PLAY,
    FOUNDATION,
    RANKS,
    TAKE_BACK,
    WASTE,
)

_Bytes = npt.NDArray[np.uint8]
_Codes = npt.NDArray[np.int16]
_Numbers = npt.NDArray[np.int64]
_Indices = npt.NDArray[np.int32]
_Slots = npt.NDArray[np.uint64]
_Words = npt.NDArray[np.uint64]

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

_KEY_WORDS = 18
"""Words enough for the longest key (its length, the count drawn, a mask of at most 13 bytes,
4 bytes of heights, 104 cards, 10 separators: 133 bytes), and for the 7 bytes past its end
that :func:`_key` may write while it copies a column 8 bytes at a time."""
_WORK = 128
"""How many numbers of scratch room the functions share (:func:`_is_dead` needs most)."""
_MAX_STEPS = 256
"""At least the most steps of one child: its move and its safe moves (at most 104)."""
_MAX_MOVES = 1024

_jit = numba.njit(cache=True, nogil=True)
_inline = numba.njit(cache=True, nogil=True, inline="always")
"""For the functions that take the whole :class:`~._tables._Tables`: numba compiles them into their
callers, where the compiler sees the whole loop (a run took 1.3-1.4 times as long with
them called; with the tables borrowed too, see :func:`~._tables._borrow`, 1.75-2 times)."""


def _intrinsic(
    function: Callable[..., tuple[Signature, Callable[..., object]]],
) -> Callable[..., Any]:
    """The numba intrinsic of *function*, typed as compiled code calls it: without *typingctx*."""
    return intrinsic(function)


@_intrinsic
def _address(
    typingctx: object,  # noqa: ARG001 - numba's signature for an intrinsic
    array: types.Array,
) -> tuple[Signature, Callable[..., object]]:
    """The address of *array*'s first element, as a ``void *`` (numba's typing and code)."""

    def code(context: Any, builder: Any, signature: Signature, args: Any) -> object:  # noqa: ANN401 - numba's untyped code builders
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        return builder.bitcast(data, cgutils.voidptr_t)

    return types.voidptr(array), code


def _byte_pointer(context: Any, builder: Any, array_type: types.Array, array: Any, at: Any) -> Any:  # noqa: ANN401 - numba's untyped code builders
    """The address of byte *at* (an ``intp``) of *array*'s memory, as an ``i64*``."""
    data = context.make_array(array_type)(context, builder, array).data
    byte = builder.gep(builder.bitcast(data, ir.IntType(8).as_pointer()), [at])
    return builder.bitcast(byte, ir.IntType(64).as_pointer())


@_intrinsic
def _load_word(
    typingctx: object,  # noqa: ARG001 - numba's signature for an intrinsic
    array: types.Array,
    at: types.Integer,
) -> tuple[Signature, Callable[..., object]]:
    """The 8 bytes of *array*'s memory from byte *at*, as a ``uint64``, whatever its alignment.

    No check: the caller makes sure the 8 bytes are inside the array.
    """

    def code(context: Any, builder: Any, signature: Signature, args: Any) -> object:  # noqa: ANN401 - numba's untyped code builders
        at = context.cast(builder, args[1], signature.args[1], types.intp)
        pointer = _byte_pointer(context, builder, signature.args[0], args[0], at)
        return builder.load(pointer, align=1)

    return types.uint64(array, at), code


@_intrinsic
def _store_word(
    typingctx: object,  # noqa: ARG001 - numba's signature for an intrinsic
    array: types.Array,
    at: types.Integer,
    value: types.Integer,
) -> tuple[Signature, Callable[..., object]]:
    """Write *value*'s 8 bytes into *array*'s memory from byte *at*, whatever its alignment.

    No check: the caller makes sure the 8 bytes are inside the array.
    """

    def code(context: Any, builder: Any, signature: Signature, args: Any) -> object:  # noqa: ANN401 - numba's untyped code builders
        at = context.cast(builder, args[1], signature.args[1], types.intp)
        word = context.cast(builder, args[2], signature.args[2], types.uint64)
        pointer = _byte_pointer(context, builder, signature.args[0], args[0], at)
        builder.store(word, pointer, align=1)
        return context.get_dummy_value()

    return types.none(array, at, value), code


@_intrinsic
def _swap_bytes(
    typingctx: object,  # noqa: ARG001 - numba's signature for an intrinsic
    value: types.Integer,  # noqa: ARG001 - typed as uint64 below
) -> tuple[Signature, Callable[..., object]]:
    """*value* (a ``uint64``) with its 8 bytes in the reverse order: one instruction."""

    def code(context: Any, builder: Any, signature: Signature, args: Any) -> object:  # noqa: ANN401, ARG001 - numba's untyped code builders
        return builder.bswap(args[0])

    return types.uint64(types.uint64), code


@_intrinsic
def _trailing_zeros(
    typingctx: object,  # noqa: ARG001 - numba's signature for an intrinsic
    value: types.Integer,  # noqa: ARG001 - typed as uint64 below
) -> tuple[Signature, Callable[..., object]]:
    """How many of *value*'s lowest bits are 0 (a ``uint64``, not 0): one instruction."""

    def code(context: Any, builder: Any, signature: Signature, args: Any) -> object:  # noqa: ANN401, ARG001 - numba's untyped code builders
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.uint64(types.uint64), code


@_jit
def _as_bytes(words: _Words) -> _Bytes:
    """*words*' memory as bytes, an array that owns nothing.

    ``words.view(np.uint8)`` calls a function and counts references (it owns a
    reference to the memory): 5% of a run's time went to the views of
    :func:`_key`, :func:`_copy` and :func:`_decode`.  The caller keeps *words* alive.
    """
    return carray(_address(words), (8 * len(words),), np.uint8)


@_jit
def _as_words(position: _Bytes) -> _Words:
    """*position*'s memory as words (its length a whole number of words), as :func:`_as_bytes`."""
    return carray(_address(position), (len(position) // 8,), np.uint64)


@_jit
def _copy(source: _Bytes, target: _Bytes) -> None:
    """Copy position *source* into *target*, a word at a time (a slice copies bytes)."""
    words, into = _as_words(source), _as_words(target)
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


_ONES = np.uint64(0x01010101010101)
"""A one in each of 7 bytes."""
_ONES8 = np.uint64(0x0101010101010101)
"""A one in each of 8 bytes."""


@_jit
def _prefix(position: _Bytes, column: int) -> int:
    """A number that orders columns as :func:`_less` does, but for ties of their first 7 cards.

    Up to the first seven cards, each plus one (an ended column is smaller), a
    byte each, the first card highest.  Read as one word: the column's first 8
    bytes with their order reversed put the first card in the highest byte; the
    bytes past the column's end (left over from earlier positions) are masked
    off before the ones are added, and a card plus one (at most 52) carries into
    no other byte.
    """
    kept = min(int(position[_LENGTHS + column]), 7)
    cards = _swap_bytes(_load_word(position, column * _ROOM)) >> np.uint64(8)
    mask = ((np.uint64(1) << np.uint64(8 * kept)) - np.uint64(1)) << np.uint64(56 - 8 * kept)
    return int((cards & mask) + (_ONES & mask))


_HIGHS = np.uint64(0x8080808080808080)
"""The high bit of each byte."""


@_jit
def _next_fit(words: _Words, at: int, card: int) -> int:
    """The first index from *at* where the sequence (as *words*) holds *card*; there is one.

    Eight bytes at a time: a word of the sequence xor *card* in every byte has a
    zero byte where the sequence holds *card*; the bytes before *at* are made
    nonzero first.  ``(v - ones) & ~v & highs`` has the high bit of the lowest
    zero byte set, and none below it (a byte borrows only from bytes above a
    zero byte), so its trailing zeros find the first.
    """
    pattern = np.uint64(card) * _ONES8
    word = at >> 3
    value = (words[word] ^ pattern) | ((np.uint64(1) << np.uint64(8 * (at & 7))) - np.uint64(1))
    zeros = (value - _ONES8) & ~value & _HIGHS
    while not zeros:
        word += 1
        value = words[word] ^ pattern
        zeros = (value - _ONES8) & ~value & _HIGHS
    return 8 * word + int(_trailing_zeros(zeros)) // 8


@_jit
def _write_header(position: _Bytes, sequence: _Bytes, out: _Bytes) -> int:
    """Write the count drawn, the waste's mask and the heights of a key; the columns' start.

    See :func:`_key`; the mask takes ``len(sequence) // 8`` bytes (at most 13: a
    sequence holds at most the 104 cards), built in two words and written 8 bytes
    at a time: the bytes past it are written again next (the heights, the columns)
    or zero, and *out* has room for 18 bytes (see :data:`_KEY_WORDS`).
    """
    out[1] = position[_DRAWN]
    mask_bytes = len(sequence) // 8
    words = _as_words(sequence)
    low = high = np.uint64(0)
    at = 0
    for index in range(int(position[_WASTE_LENGTH])):
        at = _next_fit(words, at, int(position[_WASTE_AT + index]))
        if at < 64:
            low |= np.uint64(1) << np.uint64(at)
        else:
            high |= np.uint64(1) << np.uint64(at - 64)
        at += 1
    _store_word(out, 2, low)
    _store_word(out, 10, high)
    heights = 2 + mask_bytes
    for pair in range(4):
        out[heights + pair] = (
            position[_HEIGHTS + 2 * pair] | position[_HEIGHTS + 2 * pair + 1] << 4
        )
    return heights + 4


@_jit
def _key(position: _Bytes, sequence: _Bytes, key: _Words, order: _Bytes, work: _Numbers) -> int:
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
    out = _as_bytes(key)
    length = _write_header(position, sequence, out)
    for place in range(_COLUMNS):
        column = sorted_columns[place]
        order[column] = place
        count = int(position[_LENGTHS + column])
        # 8 bytes at a time: up to 7 bytes past the column's cards, overwritten next
        # (or zeroed below, or past the key's words), inside the key (see _KEY_WORDS).
        for at in range(0, count, 8):
            _store_word(out, length + at, _load_word(position, column * _ROOM + at))
        length += count
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
    cards = _as_bytes(arena)
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
