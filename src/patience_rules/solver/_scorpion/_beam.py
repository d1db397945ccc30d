"""The Scorpion engine's beam passes: breadth first, the most promising positions kept."""

from __future__ import annotations

import functools
import heapq

from patience_rules.solver._base import Budget
from patience_rules.solver._scorpion._position import (
    CARDS,
    KING,
    RANKS,
    Move,
    Position,
    card_moves,
    key,
    places,
    play,
    won,
)

__all__ = ["NARROWEST", "WIDEST", "beam_pass", "promise"]


@functools.lru_cache(maxsize=1 << 16)
def _column_promise(column: bytes, down: int) -> int:
    """A column's share of :func:`promise` (columns recur, so it is kept)."""
    size = len(column)
    if not size:
        return 3
    built = 0
    if not down and column[0] % RANKS == KING:
        built = 1
        while built < size and column[built] == column[built - 1] - 1:
            built += 1
    score = 10 * built - (size - down if down else 0)
    for i in range(max(built, down) + 1, size):
        under, card = column[i - 1], column[i]
        if card == under - 1 and under % RANKS:
            score += 8
        elif card % RANKS == under % RANKS - 1:
            score += 2
    below = set(column[:built])
    for card in column[built:]:
        if card % RANKS and card - 1 in below:
            score -= 6
        below.add(card)
    return score


def promise(position: Position) -> int:
    """How close *position* looks to a won one, for the beam passes (a heuristic, not a proof).

    Counts the cards gone or built home (a same-suit run from a King at the
    bottom of a column with no face-down card), the cards on their same-suit
    successor or on another card one rank higher, the empty columns; and
    against them the hidden cards (face down or in the reserve), the face-up
    cards covering face-down ones, and the cards lying above their own suit's
    next lower card (that card must come out from under them).
    """
    left = len(position.reserve) + sum(map(len, position.columns))
    hidden = sum(position.down) + len(position.reserve)
    return (
        10 * (len(CARDS) - left)
        - 6 * hidden
        + sum(map(_column_promise, position.columns, position.down))
    )


NARROWEST = 8
"""The width of the first beam pass; each next one is twice as wide."""
WIDEST = 1 << 12
"""The widest beam pass; after it only the exact searches run."""

_Line = tuple[Move, "_Line"] | None
"""A line as a linked list, last move first (the beam keeps one per position)."""


def beam_pass(
    start: Position, budget: Budget, width: int, *, symmetry: bool
) -> tuple[list[Move] | None, bool]:
    """One beam pass: a winning line from *start* or ``None``, and whether *width* cut it.

    Breadth first over every legal action (Flexible rules), each position
    met once; of each layer's new positions only the *width* most promising
    (see :func:`promise`) are expanded.

    Claim: a pass that never dropped a position and found no win proves
    that no won position is reachable from *start*.  Proof.  Without drops
    it is a breadth-first search with a set of positions met: every position
    reachable from *start* is met (by induction on the length of a shortest
    line to it: its predecessor on that line was met and expanded, with
    every action, and a position skipped as met again was met before).  The
    only moves it leaves out are Kings into an empty column other than the
    first of its group, which give a position of the same key (rule
    ``"symmetry"``, see :func:`.key`); equal keys have equal futures.  So a
    reachable won position would have been met, and it returns at once.  ∎
    """
    if won(start):
        return [], False
    seen = {key(start, symmetry=symmetry)}
    layer: list[tuple[Position, _Line]] = [(start, None)]
    cut = False
    while layer:
        ranked: list[tuple[int, int, Position, _Line]] = []
        for position, line in layer:
            where = places(position)
            moves: list[Move] = [
                (card, target)
                for card, _, _, target in card_moves(
                    position, where, flexible=True, symmetry=symmetry
                )
            ]
            if position.reserve:
                moves.append(None)
            for move in moves:
                child = play(position, move)
                k = key(child, symmetry=symmetry)
                if k in seen:
                    continue
                seen.add(k)
                budget.spend(1)
                if won(child):
                    found: list[Move] = [move]
                    rest = line
                    while rest is not None:
                        found.append(rest[0])
                        rest = rest[1]
                    return found[::-1], cut
                ranked.append((-promise(child), len(ranked), child, (move, line)))
        if len(ranked) > width:
            cut = True
            ranked = heapq.nsmallest(width, ranked)
        layer = [(child, line) for _, _, child, line in ranked]
    return None, cut
