"""Safe foundation moves, and take-backs never needed.

Claim: let the card *c*, of suit *s* and rank *r*, be the top card of a
column or of the waste, and let the *lower* of the two foundations of *s*
hold exactly *r* − 1 cards (so *c* fits on it, and both copies of every
card of *s* below *r* are on the foundations).  Then playing *c* onto that
foundation loses nothing: if a line wins from the position *P*, one wins
from *P'*, the position after that move.

Proof.  Call the cards of *s* below *r* (both copies) *low*; at *P* they are
all on the foundations.  Nothing can be put on *c* or on a low card in a
column but a low card (a column takes only the same suit one rank lower),
and low cards never reach the waste (only drawn cards do, and none is in
the stock).  So in every position *Q* of a line from *P* the low cards and
*c* that are not on the foundations lie in the columns at the top, above
every other card of their column, or (*c* only) in the waste.  Let *Q'* be
*Q* with those cards taken out and put on the foundations: each pile of *s*
lower than *r* − 1 is filled up to *r* − 1 with low cards, and then, if *c*
is not on a foundation in *Q*, *c* goes on a pile of height *r* − 1 (there is
one: with *c* off the foundations at most one pile holds a copy of rank *r*).
Piles of height *r* or more are left as they are.  Then *P'* is the *Q'* of
*Q* = *P*, and for every move *m* of the line from *Q* to *Q*₂, either
*Q*₂' = *Q'* or *m* is legal in *Q'* and leads to *Q*₂':

* *m* moves *c* or a low card (between columns, foundations, waste): in
  *Q'* that card is on a foundation before and after, the other piles are
  unchanged, so *Q*₂' = *Q'* (a low card goes only to or from a pile lower
  than *r*, which *Q'* fills anyway; *c* up or back only changes whether the
  construction adds *c*).
* *m* moves another card *d*, a top card in *Q*: it is still a top card in
  *Q'* (only cards above the others of their column were taken out; if *d*
  is the waste's top card, *c* is not above it).  Its target is legal in
  *Q'* too: a column whose top card is *d*'s successor keeps that card (it
  is neither *c* nor low, since *d* is not low); an empty column stays
  empty; a foundation of another suit is unchanged; a pile of *s* of height
  at least *r* is unchanged, and if *d* is the other copy of *c* going onto
  a pile of height *r* − 1 in *Q*, *Q'* has such a pile as well when *c* is
  on a foundation in *Q*, and otherwise gives *c* the pile that *d* fills:
  either way *Q*₂' follows.  A foundation top card *d* that goes back is
  still a top card in *Q'* (its pile is at least *r* high).  A draw is legal
  in both (the stocks are the same) and commutes with taking *c* out of the
  waste.

The line ends in a won position, whose *Q'* is itself: so the moves kept
win from *P'*.  ∎

The same proof without *c* shows more (rule ``"few_take_backs"``): the
cards of a suit up to the height of its lower foundation never need to
move, so only the top card of the higher foundation, when it is strictly
higher, may need to come back.  As the proof turns a winning line into one
no longer that never moves those cards, the first move of a shortest
winning line is never such a take-back, and the position after it is
nearer a win: so a search that never makes one still finds a win whenever
there is one (and the same holds for the safe moves, played at once).

The card must fit on the *lower* pile.  For a card that fits only on the
higher one (the lower pile below *r* − 1) the proof fails: the other copy
of the card below it is not on the foundations and may need it in a
column, as its base; such a card is left to the search.  The test suite
checks that the engine gives the same answers with these rules off.
"""

from __future__ import annotations

import functools

from patience_rules.solver._forty_thieves._encoding import (
    FOUNDATION,
    RANKS,
    WASTE,
    Move,
    Position,
    play,
)

__all__ = ["settle", "settle_after"]


@functools.lru_cache(maxsize=1 << 14)
def _safe_cards(heights: bytes) -> frozenset[int]:
    """The cards that fit on the lower foundation of their suit, by *heights*."""
    return frozenset(
        suit * RANKS + heights[2 * suit] for suit in range(4) if heights[2 * suit] < RANKS
    )


def settle(position: Position, stock: bytes, line: list[Move]) -> Position:
    """*position* after every safe move (each appended to *line*), in turn."""
    while True:
        safe = _safe_cards(position.heights)
        for c, column in enumerate(position.columns):
            if column and column[-1] in safe:
                move: Move = (c, FOUNDATION)
                break
        else:
            waste = position.waste
            if waste and waste[-1] in safe:
                move = (WASTE, FOUNDATION)
            else:
                return position
        line.append(move)
        position = play(position, move, stock)


def settle_after(position: Position, move: Move, stock: bytes, line: list[Move]) -> Position:
    """:func:`settle` of *position*, reached by *move* from a position with no safe move.

    The same answer, cheaper: unless *move* changed the foundations (so the
    cards that fit on them), only the card it uncovered (a column's new top
    card, or the waste's, or the card drawn) can have become safe.
    """
    if move is None or (move[0] <= WASTE and move[1] != FOUNDATION):
        pile = position.waste if move is None or move[0] == WASTE else position.columns[move[0]]
        if not pile or pile[-1] not in _safe_cards(position.heights):
            return position
    return settle(position, stock, line)
