"""What both Golf engines of :mod:`patience_rules.solver` know: the tables and the proofs.

A Golf position is fully determined, for the solver, by the column heights,
the stock index and the waste card's *rank* (suits never matter): the cards
themselves are fixed by the position the search starts from.  Both engines
search that space with the same two facts:

* **Stock dominance.**  ``(heights, s, w)`` is at least as good as
  ``(heights, s', w)`` when ``s <= s'``: whatever wins from the second wins
  from the first by drawing the extra stock cards at the first draw.  So a
  state is skipped when the same heights and waste rank were already
  refuted (or, in the sweep, reached) with no more draws.
* **Proofs of hopelessness.**  A board card can only leave right after a
  card one rank away has reached the waste, and each waste card is followed
  by one action only.  So every board card needs a partner of its own: a
  card one rank away that is still to come (in the stock, on the board, or
  the waste card itself).  When no such one-to-one matching of the ranks
  exists, or when some card's every partner is gone (drawn, played, or
  buried under it in its own column) and it is not playable right now, the
  position cannot be won.  Under Classic rules the matching also captures
  parity: each run of plays between two draws alternates odd and even ranks.

The engines: :func:`~._golf_search.search_python`, a depth-first search with a table
of refuted states (finds wins fast, the move order playing the tallest column
first), and :func:`~._golf_sweep.search_numpy`, a sweep one board card at a
time with numpy arrays (proves ``NO_WIN`` fast).  Both pack the heights into
one base-6 integer and look the hopelessness masks up in tables indexed by
the heights of the first three columns and of the last four; the rank
matching (:func:`can_match`) is a greedy pass along chains of ranks.
"""

from __future__ import annotations

import attrs

from patience_rules import golf

__all__ = ["DRAW", "RADIX", "RANKS", "Tables", "can_match"]

DRAW = 0
"""The column number that stands for a draw in an engine's line."""

RADIX = golf.ROWS + 1
"""A column's height is a digit in this base."""
RANKS = 14
"""Ranks are 1 to 13; tables indexed by rank have this many rows."""


def _links(rank: int, other: int, *, easy: bool) -> bool:
    gap = abs(rank - other)
    return gap == 1 or (easy and gap == 12)


@attrs.frozen
class Tables:
    """Everything the engines need to know about one position, as small integers.

    Board cards are numbered by bit (column by column, deepest first) for the
    hopelessness masks; a column's "height" is how many cards it still has.
    """

    easy: bool
    ranks: tuple[tuple[int, ...], ...]
    """Each column's ranks, deepest first."""
    stock: tuple[int, ...]
    """The stock's ranks, next draw first."""
    waste: int
    """The rank of the waste card."""
    fitting: tuple[int, ...]
    """``fitting[w]``: bit ``r`` set when rank ``r`` can go on rank ``w``."""
    under: tuple[tuple[int, ...], ...]
    """``under[c][k]``: the cards still on the board in column *c* at height *k*."""
    feeds: tuple[tuple[int, ...], ...]
    """``feeds[c][k]``: the cards that column *c*'s remaining cards can still be played after."""
    playable: tuple[tuple[tuple[int, ...], ...], ...]
    """``playable[c][k][w]``: column *c*'s exposed card at height *k* if it fits rank *w*."""
    stock_feeds: tuple[int, ...]
    """``stock_feeds[s]``: the cards that ``stock[s:]`` can still be played after."""
    counts: tuple[tuple[int, ...], ...]
    """``counts[c][k]``: how many of each rank column *c*'s first *k* cards hold, 4 bits a rank."""
    stock_counts: tuple[int, ...]
    """``stock_counts[s]``: how many of each rank ``stock[s:]`` holds, 4 bits a rank."""

    @classmethod
    def of(cls, state: golf.State) -> Tables:
        """The tables of Golf position *state*."""
        easy = state.variant is golf.Variant.EASY
        ranks = tuple(tuple(int(card.rank) for card in column) for column in state.columns)
        stock = tuple(int(card.rank) for card in state.stock)
        fitting = tuple(
            sum(1 << r for r in range(1, RANKS) if _links(r, w, easy=easy)) for w in range(RANKS)
        )
        bit: dict[tuple[int, int], int] = {}
        for c, column in enumerate(ranks):
            for i in range(len(column)):
                bit[c, i] = 1 << len(bit)
        # partners_of[r]: the board cards that a card of rank r can be played before
        partners_of = [
            sum(b for (c, i), b in bit.items() if fitting[r] >> ranks[c][i] & 1)
            for r in range(RANKS)
        ]
        heights = range(RADIX)
        under = tuple(
            tuple(sum(bit[c, i] for i in range(min(k, len(column)))) for k in heights)
            for c, column in enumerate(ranks)
        )
        feeds = []
        for c, column in enumerate(ranks):
            masks = [0]
            for k in range(1, RADIX):
                mask = masks[-1]
                if k <= len(column):
                    mask |= partners_of[column[k - 1]] & ~under[c][-1]
                    if k >= 2 and fitting[column[k - 1]] >> column[k - 2] & 1:
                        mask |= bit[c, k - 2]
                masks.append(mask)
            feeds.append(tuple(masks))
        stock_feeds = [0]
        for rank in reversed(stock):
            stock_feeds.append(stock_feeds[-1] | partners_of[rank])
        return cls(
            easy=easy,
            ranks=ranks,
            stock=stock,
            waste=int(state.waste[-1].rank),
            fitting=fitting,
            under=under,
            feeds=tuple(feeds),
            playable=tuple(
                tuple(
                    tuple(
                        bit[c, k - 1]
                        if 0 < k <= len(column) and fitting[w] >> column[k - 1] & 1
                        else 0
                        for w in range(RANKS)
                    )
                    for k in heights
                )
                for c, column in enumerate(ranks)
            ),
            stock_feeds=tuple(reversed(stock_feeds)),
            counts=tuple(
                tuple(sum(1 << 4 * r for r in column[:k]) for k in heights) for column in ranks
            ),
            stock_counts=tuple(sum(1 << 4 * r for r in stock[s:]) for s in range(len(stock) + 1)),
        )


_Links = tuple[tuple[int, int], ...]
_ODD_LINKS: _Links = ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 0))
_EVEN_LINKS: _Links = ((2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (12, 13))
_CYCLE_LINKS: _Links = (*_ODD_LINKS[:-1], (13, 1), *_EVEN_LINKS)


def _chain(demand: int, supply: int, links: _Links, matched: int, carry: int) -> int:
    """Match along a chain of ranks: what its last offer has left, or -1 if it fails.

    For each ``(need, offer)`` of *links*, the cards of rank *need* take
    their partners from what the previous offer left (*carry* at first),
    then from rank *offer* (0: none); *matched* cards of the first rank
    already have a partner.  Greedy is optimal on a chain.
    """
    for need_rank, offer_rank in links:
        need = (demand >> 4 * need_rank & 15) - matched
        matched = 0
        rest = need - carry if need > carry else 0
        offer = supply >> 4 * offer_rank & 15
        if rest > offer:
            return -1
        carry = offer - rest
    return carry


def can_match(demand: int, supply: int, *, easy: bool) -> bool:
    """Whether each card counted in *demand* can have its own partner in *supply*.

    Both are rank counts, 4 bits a rank; a partner is one rank away.  A card
    of rank *r* takes its partner below (r-1) or above (r+1), so the ranks
    form chains of alternate needs and offers.  Classic: two chains, Ace
    (need) 2 (offer) 3 … King, and Ace (offer) 2 (need) … King.  Easy, with
    King–Ace linked: one cycle through all 13 needs and 13 offers; cutting
    it at the King (offer) → Ace (need) link with *x* cards across, the
    smallest *x* that lets the chain through is the best one, since more
    only takes from the King offers at the end.
    """
    if not easy:
        return (
            _chain(demand, supply, _ODD_LINKS, 0, 0) >= 0
            and _chain(demand, supply, _EVEN_LINKS, 0, supply >> 4 & 15) >= 0
        )
    aces, kings = demand >> 4 & 15, supply >> 4 * 13 & 15
    for x in range(min(aces, kings) + 1):
        left = _chain(demand, supply, _CYCLE_LINKS, x, 0)
        if left >= 0:
            return left >= x
    return False
