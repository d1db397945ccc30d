"""Small Scorpion positions for the solver tests, and a plain exhaustive search over them.

:func:`small_positions` builds positions with few cards left: one or two
suits still in play (the others removed as runs), their cards cut into a few
pieces of in-suit sequence laid in random columns, some of them face down,
and sometimes three of them in the reserve.  :func:`exhaustive` answers
whether such a position can be won by trying every legal action through the
library's own rules, remembering the positions it has seen.
"""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from patience_rules import scorpion
from patience_rules.cards import Card, Rank, Suit
from patience_rules.scorpion import Column, State, Variant

EXHAUSTIVE_LIMIT = 1200
"""How many positions :func:`exhaustive` may visit before it gives up.

It visits them all, so this bounds every search of the tests from the
positions it answers; at 1,200 about as many random positions are small
enough as when it stopped at the first win within 600 (nine in ten).
"""


class TooBigError(Exception):
    """More than :data:`EXHAUSTIVE_LIMIT` positions are reachable."""


def exhaustive(state: State) -> bool:
    """Whether some sequence of legal actions from *state* wins: every action, every position.

    The search visits every reachable position, even after a win, so that a
    position it answers has at most :data:`EXHAUSTIVE_LIMIT` positions
    reachable from it besides itself: a bound on any other search from there.

    Raises:
        TooBigError: more positions than that are reachable.
    """
    seen = set()
    todo = [state]
    wins = False
    while todo:
        position = todo.pop()
        wins = wins or scorpion.is_won(position)
        for move in scorpion.legal_moves(position):
            after = scorpion.apply(position, move)
            key = (after.columns, after.reserve)
            if key not in seen:
                seen.add(key)
                todo.append(after)
        if len(seen) > EXHAUSTIVE_LIMIT:
            raise TooBigError
    return wins


@st.composite
def small_positions(draw: st.DrawFn, variant: Variant | None = None) -> State:
    """A position with one or two suits left, cut into at most seven pieces."""
    if variant is None:
        variant = draw(st.sampled_from(list(Variant)))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
    cards = [Card(rank, suit) for suit in suits for rank in reversed(Rank)]
    reserve: tuple[Card, ...] = ()
    if draw(st.booleans()):
        indices = st.integers(0, len(cards) - 1)
        picked = draw(st.lists(indices, min_size=3, max_size=3, unique=True))
        reserve = tuple(cards[i] for i in picked)
        cards = [card for i, card in enumerate(cards) if i not in picked]
    # cut the King-to-Ace sequences into pieces; a piece stays in order
    cuts = draw(st.sets(st.integers(1, len(cards) - 1), max_size=6 - len(suits)))
    cuts |= {i for i in range(1, len(cards)) if cards[i].suit is not cards[i - 1].suit}
    bounds = [0, *sorted(cuts), len(cards)]
    pieces = [tuple(cards[a:b]) for a, b in itertools.pairwise(bounds)]
    pieces = draw(st.permutations(pieces))
    piles: list[list[Card]] = [[] for _ in range(scorpion.COLUMNS)]
    for piece in pieces:
        piles[draw(st.integers(0, scorpion.COLUMNS - 1))].extend(piece)
    columns = []
    for pile in piles:
        down = draw(st.integers(0, max(0, len(pile) - 1))) if draw(st.booleans()) else 0
        columns.append(Column(tuple(pile[:down]), tuple(pile[down:])))
    removed = tuple(suit for suit in Suit if suit not in suits)
    return State(variant, tuple(columns), reserve, removed, 100 * len(removed))


def replays_to_win(state: State, line: tuple[scorpion.Move, ...]) -> bool:
    """Whether *line* is legal from *state* and wins."""
    for move in line:
        state = scorpion.apply(state, move)
    return scorpion.is_won(state)


__all__ = ["EXHAUSTIVE_LIMIT", "TooBigError", "exhaustive", "replays_to_win", "small_positions"]

