"""Dead positions: a card that can never reach the foundations (rule ``"dead_positions"``).

Claim: compute the smallest sets of cards that satisfy the rules below
(start from nothing and apply them until nothing changes).  If some card
(a number, both copies) is then not *up*, no line of play wins.

* A card of a column or of the waste is *exposed* when every card above
  it in its pile (in the position now) is *mobile*.
* A card *x* of a column or of the waste is *mobile* when it is exposed
  and has somewhere to go: its foundation (*x* is an Ace, or the card
  below it, *x* − 1, is up), a column (*x* is not a King and the card
  above it, *x* + 1, is *present*, so that some copy of it may be a
  column's top card), or an empty column (some column is *emptiable*:
  every card in it is mobile, or it is empty now).
* A card is *present* when a copy of it is in the stock, on a foundation
  (it may come back), or an exposed card of a column or of the waste.
* A card is *up* when a copy of it is on a foundation now, or it is
  present and it is an Ace or the card below it is up.

Proof.  Take any line of play from the position; we show by induction
over its moves that whenever one of these happens for the first time, the
matching set holds it: (a) a card of the position's columns or waste
moves, (b) it becomes the top card of its pile, (c) a column becomes
empty, (d) a copy of a card goes up.  (b): a card becomes a top card only
once every card above it in the position has moved (cards drawn onto the
waste later must go too), all earlier, so all mobile: it is exposed.  (c): a
column becomes empty only once all its cards have moved (or it was empty):
it is emptiable.  (a): a card moves only from the top of its pile, so
it is exposed by (b), and it goes (i) up, onto a pile of its suit whose
top card is *x* − 1, so a copy of *x* − 1 is or went up earlier, which is
up by induction (or *x* is an Ace); (ii) onto a column whose top card is
a copy of *x* + 1: that copy is a top card now, so it came from the
stock or a foundation (present), or it is a card of the position's
columns or waste that has been a top card (exposed by (b), so present);
(iii) into an empty column, which made the column emptiable earlier by
(c).  (d): the
copy that goes up is a top card — of the stock or a foundation before
(present), or a card of the position's columns or waste, exposed by (b) —
and the pile it goes on shows *x* − 1, up earlier as in (i).  Every rule
is monotone (more in the sets never takes anything out), so the smallest sets hold every card the
line moves, uncovers or puts up.  A won position has both copies of every
card up, so a card that is not up, with no copy on a foundation now, is
one that no line puts up: no line wins.  ∎

The sets over-approximate what play can do (a stock card counts as
present whatever it would bury, one empty column as room for every card),
so the test is cheap — a few passes over the columns — and proves little
when a column can be emptied: then every exposed card is mobile and the
columns unravel.  It fires on jammed positions, late in a game, where the
waste is long: for instance both copies of 4♠ buried in the waste under
cards that have nowhere to go, and no column that can be cleared.
"""

from __future__ import annotations

import functools

from patience_rules.solver._forty_thieves._encoding import RANKS, Position

__all__ = ["DEAD_TEST_STOCK", "is_dead"]

DEAD_TEST_STOCK = 16
"""The search tests positions with at most this many cards left in the stock: with more,
every stock card counts as present, the test hardly ever fires, and it costs about a
quarter of the time spent on a position."""

_SUIT = bytes(card // RANKS for card in range(4 * RANKS))
_RANK = bytes(card % RANKS for card in range(4 * RANKS))
_LAST = RANKS - 1


@functools.lru_cache(maxsize=1 << 12)
def _on_foundations(heights: bytes) -> bytes:
    """By card, 1 if a copy of it is on a foundation of *heights*."""
    return bytes(int(rank < heights[2 * suit + 1]) for suit in range(4) for rank in range(RANKS))


class _Sets:
    """The sets of the module's proof, grown by events: a card turning present, or up."""

    def __init__(self, present: bytearray, piles: tuple[bytes, ...]) -> None:
        self.present = present
        self.reach = [0] * 4
        """Each suit's first rank not up (13: every card of the suit is up)."""
        for suit in range(4):
            rank, card = 0, suit * RANKS
            while rank < RANKS and present[card]:
                rank += 1
                card += 1
            self.reach[suit] = rank
        self.piles = piles
        self.frontier = [len(pile) - 1 for pile in piles]
        """By pile, the index of its deepest exposed card (-1: every card of it is mobile)."""
        self.waiting: dict[int, list[int]] = {}
        """By card, the piles whose deepest exposed card it is, waiting for somewhere to go."""
        self.todo = [len(piles) - 1, *sorted(range(len(piles) - 1), key=lambda c: -len(piles[c]))]
        """The piles whose deepest exposed card may have somewhere to go now, the next last:
        the shortest column first, the likeliest to empty (which ends the test), the waste
        last."""

    def make_present(self, card: int) -> None:
        """*card* is present: the card below it may move onto it; it and those above may go up."""
        present = self.present
        if present[card]:
            return
        present[card] = 1
        rank = _RANK[card]
        todo, waiting = self.todo, self.waiting
        if rank:
            todo.extend(waiting.pop(card - 1, ()))
        suit = _SUIT[card]
        if rank == self.reach[suit]:
            while rank < RANKS and present[card]:
                if rank < _LAST:
                    todo.extend(waiting.pop(card + 1, ()))
                rank += 1
                card += 1
            self.reach[suit] = rank

    def unravel(self, columns: int) -> bool:
        """Expose the piles' cards as far as the sets allow; ``False`` if a column empties.

        The first *columns* piles are columns, the others (the waste) free no column.
        """
        piles, frontier, todo, reach, present = (
            self.piles,
            self.frontier,
            self.todo,
            self.reach,
            self.present,
        )
        while todo:
            number = todo.pop()
            pile, at = piles[number], frontier[number]
            while at >= 0:
                card = pile[at]
                rank = _RANK[card]
                if rank > reach[_SUIT[card]] and (rank == _LAST or not present[card + 1]):
                    self.waiting.setdefault(card, []).append(number)
                    break
                at -= 1
                if at >= 0:
                    self.make_present(pile[at])
                elif number < columns:
                    return False
            frontier[number] = at
        return True


def is_dead(position: Position, stock: bytes) -> bool:
    """Whether some card of *position* can never go up (see the module's proof): no win.

    The sets grow from the events that make them grow: a card that turns
    present may let the card below it move onto it, or go up (and the cards
    of its suit above it that are present), and a card that goes up lets the
    next card of its suit move.  A column that can be emptied ends the test
    at once: then every card of every pile becomes exposed, so present, so up.
    """
    columns, waste, drawn, heights = position
    if not all(columns):
        return False
    present = bytearray(_on_foundations(heights))
    for card in stock[drawn:]:
        present[card] = 1
    piles = (*columns, waste)
    for pile in piles:
        if pile:
            present[pile[-1]] = 1
    sets = _Sets(present, piles)
    return sets.unravel(len(columns)) and min(sets.reach) < RANKS
