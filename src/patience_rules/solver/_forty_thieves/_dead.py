"""Dead positions: a card that can never reach the foundations (rule ``"dead_positions"``).

Claim: compute the smallest sets of cards that satisfy the rules below
(start from nothing and apply them until nothing changes).  If some card
(a number, both copies) is then not *up*, no line of play wins.

* A card of a column or of the waste is *exposed* when every card above
  it in its pile (in the position now) is *mobile*.
* A card *x* of a column or of the waste is *mobile* when it is exposed
  and has somewhere to go: its foundation (*x* is an Ace, or the card below it, *x* − 1, is
  up), a column (*x* + 1 is *present*, so that some copy of it may be a
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
columns or waste that has been a top card (exposed by (b), so present); (iii) into an
empty column, which made the column emptiable earlier by (c).  (d): the
copy that goes up is a top card — of the stock or a foundation before
(present), or a card of the position's columns or waste, exposed by (b) —
and the pile it goes on shows *x* − 1, up earlier as in (i).  Every rule is monotone (more in the
sets never takes anything out), so the smallest sets hold every card the
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

from patience_rules.solver._forty_thieves._encoding import RANKS, Position

__all__ = ["is_dead"]

_SUITS = range(4)


def is_dead(position: Position, stock: bytes) -> bool:
    """Whether some card of *position* can never go up (see the module's proof): no win."""
    columns, waste, drawn, heights = position
    piles = (*columns, waste)
    last = len(columns)
    """The waste's number among *piles*: emptying it frees no column."""
    present = set(stock[drawn:])
    present.update(pile[-1] for pile in piles if pile)
    high = [heights[2 * suit + 1] for suit in _SUITS]
    reach = list(high)
    """Each suit's first rank (0-12) not up; 13 if every card of the suit is."""
    frontier = [len(pile) - 1 for pile in piles]
    """By pile, the index of its deepest exposed card (-1: the whole pile is mobile)."""
    emptiable = not all(columns)
    changed = True
    while changed:
        changed = False
        for suit in _SUITS:
            rank, card = reach[suit], suit * RANKS + reach[suit]
            while rank < RANKS and card in present:
                rank += 1
                card += 1
            reach[suit] = rank
        for p, pile in enumerate(piles):
            at = frontier[p]
            while at >= 0:
                card = pile[at]
                suit, rank = divmod(card, RANKS)
                if not (
                    emptiable
                    or rank <= reach[suit]
                    or (rank < RANKS - 1 and (card + 1 in present or rank + 1 < high[suit]))
                ):
                    break
                at -= 1
                changed = True
                if at >= 0:
                    present.add(pile[at])
            frontier[p] = at
            if at < 0 and p != last:
                emptiable = True
    return min(reach) < RANKS
