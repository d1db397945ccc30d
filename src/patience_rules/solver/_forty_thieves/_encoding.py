"""The Forty Thieves search's encoding: cards as small integers, a position, its key, its moves.

A card is ``suit * 13 + rank - 1`` (suits in the order C D H S), the number
:attr:`~patience_rules.Card.index` gives: the two copies of a card are the
same number, since nothing in the rules tells them apart.  So ``card + 1``
is the card a column needs on top to take *card* (same suit, one rank
higher), when *card* is not a King.

A :class:`Position` holds the ten columns in their real order (so that moves
name real columns), the waste, how many cards of the search's stock have
been drawn, and the foundations as each suit's two heights, the lower first.

Draws to play (rule ``"draw_to_play"``).  Claim: if a line of legal moves
wins from a position, one of the same length does in which every draw is
followed by a draw or by a move of the waste's top card.  So the search
needs no draw on its own: its moves are the other moves and, for each *k*
≥ 1, "draw *k* cards, then move the waste's top card" (Solvitaire's "K+"
stock moves), and it never keeps a position reached by a draw — a draw
changes no column, so every move of the columns made after it could have
been made before it, and the positions that differ only by the cards
drawn in between need not all be met.

Proof.  Let a draw *d* be followed by a move *m* that does not touch the
waste (from a column or a foundation, to a column or a foundation).  Then
*m* is legal before *d* (a draw changes only the stock and the waste), *d*
is legal after *m* (which leaves the stock and the waste alone), and both
orders lead to the same position.  Swap them; each swap moves a draw one
move later, so swapping while one can ends, and leaves every draw followed
by a draw, by a move from the waste, or by nothing.  Nothing is ruled
out: a won position has no card in the waste, so a winning line does not
end with a draw.  The swaps keep the order of the moves that are not
draws, so every one of them meets the foundations as before (the rule
``"few_take_backs"`` still holds of the line), and the line has the same
length: the first move or draws-and-move of a shortest winning line is one
the search makes, and leaves a position with a shorter winning line.  ∎
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from patience_rules.cards import Rank, one_deck

__all__ = [
    "CARDS",
    "DRAW",
    "DRAW_TO_PLAY",
    "FOUNDATION",
    "KING",
    "RANKS",
    "WASTE",
    "Move",
    "Position",
    "key",
    "moves",
    "play",
    "won",
]

RANKS = len(Rank)
KING = RANKS - 1
"""The rank index (``card % 13``) of a King; an Ace's is 0."""
CARDS = one_deck()
"""``CARDS[n]`` is the card numbered *n*: its ``Card.index``."""

WASTE = 10
"""The source number of the waste (columns are 0-9)."""
FOUNDATION = 10
"""The target number of "the foundation of the card's suit that takes it"."""
TAKE_BACK = 11
"""Sources 11-18 are foundation top cards: ``11 + 2 * suit + pile`` (0 the lower pile)."""
DRAW_TO_PLAY = 20
"""Sources from 20 on draw cards and play the last one drawn: ``20 + k`` draws *k* ≥ 1 cards."""

Move = tuple[int, int] | None
"""A source and a target, or ``None`` for a draw.

Sources: a column 0-9, :data:`WASTE`, ``TAKE_BACK + 2 * suit + pile``
(pile 0 is the suit's lower foundation, 1 the higher), or ``DRAW_TO_PLAY + k``
(*k* draws, then the waste's top card moves); targets: a column 0-9 or
:data:`FOUNDATION`.
"""
DRAW: Move = None


class Position(NamedTuple):
    """The search's position.

    *columns* deepest card first; *waste* bottom first; *drawn* how many
    cards of the search's stock are drawn; *heights* each suit's two
    foundation heights, lower first (``heights[2 * suit]`` ≤ ``heights[2 * suit + 1]``).
    """

    columns: tuple[bytes, ...]
    waste: bytes
    drawn: int
    heights: bytes


_WON = bytes((RANKS,)) * 8
"""The heights of the eight complete foundations."""


def won(position: Position) -> bool:
    """Whether the eight foundations are complete."""
    return position.heights == _WON


def key(position: Position, *, symmetry: bool = True) -> bytes:
    """A compact key of *position* (its stock is the search's, fixed): equal keys, equal futures.

    The heights are already a multiset (each suit's two sorted): which of two
    foundations of a suit holds which cards changes no move — a card goes on
    either when both have the same height, and either's top card comes back
    the same.  With *symmetry* the columns are sorted too: no rule tells two
    columns apart (every column takes the same cards and gives its top card
    the same way), so two positions that differ only by the order of the
    columns have the same futures, up to that order.
    """
    columns, waste, drawn, heights = position
    # Ten columns, the waste, the eight heights and the count drawn (at most 64), between
    # separators that no card number (below 52) is: one join, one copy.
    if symmetry:
        return b"\xff".join((*sorted(columns), waste, heights, _COUNTS[drawn]))
    return b"\xff".join((*columns, waste, heights, _COUNTS[drawn]))


_COUNTS = tuple(bytes((count,)) for count in range(256))
"""Each count of cards drawn as the one byte :func:`key` ends with."""


def play(position: Position, move: Move, stock: bytes) -> Position:
    """*position* after *move* (assumed legal), drawing from *stock*."""
    columns, waste, drawn, heights = position
    if move is None:
        return Position(columns, waste + stock[drawn : drawn + 1], drawn + 1, heights)
    source, target = move
    # One list for the columns a move changes, not a tuple rebuilt from slices for each:
    # about a third cheaper on the hot path (issue 23).
    changed_columns = None
    if source < WASTE:
        card = columns[source][-1]
        changed_columns = list(columns)
        changed_columns[source] = columns[source][:-1]
    elif source == WASTE:
        card = waste[-1]
        waste = waste[:-1]
    elif source >= DRAW_TO_PLAY:
        last = drawn + source - DRAW_TO_PLAY - 1
        card = stock[last]
        waste += stock[drawn:last]
        drawn = last + 1
    else:
        pile = source - TAKE_BACK
        card = pile // 2 * RANKS + heights[pile] - 1
        changed = bytearray(heights)
        changed[pile] -= 1
        if pile % 2 and changed[pile] < changed[pile - 1]:
            changed[pile - 1], changed[pile] = changed[pile], changed[pile - 1]
        heights = bytes(changed)
    if target == FOUNDATION:
        suit, rank = divmod(card, RANKS)
        pile = 2 * suit + (heights[2 * suit] != rank)
        changed = bytearray(heights)
        changed[pile] += 1
        if not pile % 2 and changed[pile] > changed[pile + 1]:
            changed[pile], changed[pile + 1] = changed[pile + 1], changed[pile]
        heights = bytes(changed)
    else:
        if changed_columns is None:
            changed_columns = list(columns)
        changed_columns[target] = columns[target] + bytes((card,))
    if changed_columns is not None:
        columns = tuple(changed_columns)
    return Position(columns, waste, drawn, heights)


@functools.lru_cache(maxsize=1 << 14)
def _fits(heights: bytes) -> frozenset[int]:
    """The cards that go on a foundation of *heights* (each suit's next card, for each pile)."""
    return frozenset(
        pile // 2 * RANKS + height for pile, height in enumerate(heights) if height < RANKS
    )


@functools.lru_cache(maxsize=1 << 14)
def _take_backs(heights: bytes, take_backs: bool) -> tuple[tuple[int, int], ...]:  # noqa: FBT001 - cached: positional is cheaper
    """The foundation top cards that may come back, as sources and cards (see :func:`moves`)."""
    sources = []
    for pile in range(8):
        height = heights[pile]
        same = pile % 2 and height == heights[pile - 1]  # the lower pile's top card again
        if height and not same and (take_backs or pile % 2):
            sources.append((TAKE_BACK + pile, pile // 2 * RANKS + height - 1))
    return tuple(sources)


def _tops(
    columns: tuple[bytes, ...],
) -> tuple[dict[int, list[int]], list[int], list[tuple[int, int]]]:
    """By card, the columns whose top card takes it; the empty columns; each column's top card."""
    takes: dict[int, list[int]] = {}
    empty = []
    sources = []
    for c, column in enumerate(columns):
        if column:
            top = column[-1]
            sources.append((c, top))
            if top % RANKS:
                if top - 1 in takes:
                    takes[top - 1].append(c)
                else:
                    takes[top - 1] = [c]
        else:
            empty.append(c)
    return takes, empty, sources


def moves(
    position: Position,
    stock: bytes,
    *,
    symmetry: bool = True,
    take_backs: bool = True,
    draw_to_play: bool = False,
) -> list[Move]:
    """Every legal move from *position*, foundation moves first; the draw last.

    Without *take_backs*, a foundation card comes back only from the higher
    foundation of its suit, when it is strictly higher than the lower one
    (the others are never needed: see :mod:`._safe`).

    With *draw_to_play*, no draw on its own: instead, for each card left in
    the stock, the moves of that card after the draws that bring it to the
    top of the waste (see the module's docstring for why no win is lost).

    With *symmetry*, a card goes into the first empty column only, and a
    column's only card never moves into an empty column: with the columns
    interchangeable (see :func:`key`) the other choices give the same
    position up to the order of the columns.  Foundation cards come back
    onto columns (a legal move, kept: a card on a foundation may be needed
    as a base).
    """
    columns, waste, drawn, heights = position
    if heights == _WON:
        return []
    # Loops and appends, not comprehensions: this runs for every position expanded,
    # and most lists here hold one move (issue 23).
    takes, empty, sources = _tops(columns)
    into = empty[:1] if symmetry else empty
    if waste:
        sources.append((WASTE, waste[-1]))
    fits = _fits(heights)
    found: list[Move] = []
    other: list[Move] = []
    append = other.append
    for source, card in sources:
        if card in fits:
            found.append((source, FOUNDATION))
        if card in takes:
            for target in takes[card]:
                append((source, target))
        if into and not (symmetry and source < WASTE and len(columns[source]) == 1):
            for target in into:
                append((source, target))
    _add_moves_of(_take_backs(heights, take_backs), (takes, into), other)
    if draw_to_play:
        _add_draws_to_play(stock[drawn:], (fits, takes, into), found, other)
    else:
        other += _DRAWS[drawn < len(stock)]
    found += other
    return found


_DRAWS: tuple[tuple[Move, ...], tuple[Move, ...]] = ((), (DRAW,))
"""The draw, if the stock (``True``) is not empty."""


def _add_moves_of(
    sources: tuple[tuple[int, int], ...],
    targets: tuple[dict[int, list[int]], list[int]],
    other: list[Move],
) -> None:
    """Add the moves of *sources* (foundation top cards, with their cards) to columns to *other*.

    *targets*: the columns that take each card, the empty columns a card may go into.
    """
    takes, into = targets
    append = other.append
    for source, card in sources:
        if card in takes:
            for target in takes[card]:
                append((source, target))
        for target in into:
            append((source, target))


def _add_draws_to_play(
    rest: bytes,
    targets: tuple[frozenset[int], dict[int, list[int]], list[int]],
    found: list[Move],
    other: list[Move],
) -> None:
    """Add the draws-to-play of each card of *rest* (the stock left) to *found* and *other*.

    *targets*: the cards that fit on a foundation, the columns that take each
    card, the empty columns a card may go into.
    """
    fits, takes, into = targets
    append = other.append
    for source, card in enumerate(rest, DRAW_TO_PLAY + 1):
        if card in fits:
            found.append((source, FOUNDATION))
        if card in takes:
            for target in takes[card]:
                append((source, target))
        for target in into:
            append((source, target))
