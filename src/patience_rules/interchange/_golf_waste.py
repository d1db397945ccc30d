"""The cards under a Golf waste's top, laid out as play builds them with the fewest draws."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from patience_rules import golf
from patience_rules.cards import Card, Rank, one_deck
from patience_rules.errors import InvalidPositionError
from patience_rules.interchange._reading import about_position

__all__ = ["position_with_waste"]

_RANKS = len(Rank)


def position_with_waste(
    variant: golf.Variant,
    columns: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    top: Card,
) -> golf.State:
    """The position of these piles, with the missing cards under *top* (see :func:`_waste`)."""
    for number, column in enumerate(columns, 1):
        if len(column) > golf.ROWS:
            raise InvalidPositionError(
                f"column {number} has {len(column)} cards, at most {golf.ROWS}"
            )
    if len(stock) > golf.STOCK_SIZE:
        raise InvalidPositionError(f"the talon has {len(stock)} cards, at most {golf.STOCK_SIZE}")
    seen = Counter([*stock, top, *(card for column in columns for card in column)])
    twice = sorted(card for card, count in seen.items() if count > 1)
    if twice:
        raise InvalidPositionError("a card is listed twice: " + " ".join(map(str, twice)))
    missing = [card for card in one_deck() if card not in seen]
    won = not any(columns)
    waste = _waste(missing, top, variant, won=won)
    drawn = golf.STOCK_SIZE - len(stock)
    if waste is None or _chains(waste, variant) - 1 > drawn:
        raise InvalidPositionError(
            f"no play reaches this position: the {len(missing)} cards neither on the board nor "
            f"in the talon cannot lie under {top} in the waste with at most {drawn} of them "
            "drawn (every other waste card was played, so fits the card under it)"
            + (" and the last one played from the board" if won else "")
        )
    try:
        return golf.from_dict(golf.to_dict(golf.State(variant, columns, stock, waste)))
    except InvalidPositionError as error:
        raise about_position(error) from None


def _chains(waste: Sequence[Card], variant: golf.Variant) -> int:
    """How many runs of cards, each fitting the one under it, *waste* is made of."""
    return 1 + sum(not golf.fits(card, under, variant) for under, card in pairwise(waste))


def _waste(
    missing: Sequence[Card], top: Card, variant: golf.Variant, *, won: bool
) -> tuple[Card, ...] | None:
    r"""*missing* and *top* as a waste, *top* last, made of the fewest chains; or ``None``.

    A chain is a run of cards each one rank from the one under it (King–Ace
    too under Easy), so a waste of *k* chains is one play builds with *k* − 1
    drawn cards, and no fewer (a card that does not fit the one under it was
    drawn).  With *won*, the last chain has at least two cards (the winning
    card came off the board).  ``None`` when *won* and no such waste exists.

    Suits never matter, so this works on ranks.  A waste of *k* chains is a
    set of *k* walks on the ranks (steps of ±1, around the ring under Easy)
    visiting each rank as many times as there are cards of it.  Let *x* be
    how many steps the walks take along each edge between neighbouring
    ranks, and *e*\\ (*r*) = 2·count(*r*) − (steps at *r*) the walks' ends at
    rank *r* (a one-card walk has two).  Then *k* = Σ count − Σ *x*, and such
    walks exist exactly when every *e* ≥ 0, *top*'s rank has an end, and each
    connected stretch of ranks with steps has an end somewhere: join every
    end to an extra vertex; all degrees are then even, so an Euler circuit
    exists, and cutting it at the extra vertex gives the walks (a stretch
    without ends would be a closed loop, which no walk can be).  So a
    dynamic programme over the ranks (:func:`_most_steps`) finds the most
    steps, and an Euler circuit (:func:`_walks`) lays the cards out.
    """
    counts = [0] * _RANKS
    for card in (*missing, top):
        counts[card.rank - 1] += 1
    ring = variant is golf.Variant.EASY
    steps = _most_steps(counts, top.rank - 1, ring=ring, won=won)
    if steps is None:
        return None
    walks = _walks(counts, steps)
    last = _last_walk(walks, top.rank - 1, won=won)
    by_rank: list[list[Card]] = [[] for _ in range(_RANKS)]
    for card in sorted(missing, reverse=True):
        by_rank[card.rank - 1].append(card)
    by_rank[top.rank - 1].insert(0, top)  # popped last: the final visit of its rank
    ranks = [rank for walk in walks if walk is not last for rank in walk] + last
    return tuple(by_rank[rank].pop() for rank in ranks)


class _Stretch(NamedTuple):
    """The programme's state after a rank (see :func:`_most_steps`)."""

    steps: int
    """The steps to the next rank."""
    end: bool
    """Whether the stretch of joined ranks that reaches the next rank has an end."""
    first_open: bool
    """Whether that stretch is the first one, which the King-Ace steps join to the last."""
    first_end: bool
    """Whether the first stretch, once closed, had an end."""


def _most_steps(counts: Sequence[int], top: int, *, ring: bool, won: bool) -> list[int] | None:
    """The steps *x* along each rank edge (see :func:`_waste`) of the fewest walks.

    ``x[r]`` counts the steps between rank *r* and *r* + 1; ``x[12]``, between
    the King and the Ace, is 0 unless *ring*.  Rank *top* must have a walk's
    end, and with *won* a step too (so a walk of two cards or more ends
    there).  For each number of King-Ace steps, a programme runs over the
    ranks in order, its state a :class:`_Stretch`.  ``None`` when no walks
    satisfy the conditions.
    """
    best: list[int] | None = None
    for wrap in range(2 * min(counts[0], counts[-1]) + 1) if ring else range(1):
        states: dict[_Stretch, list[int]] = {
            _Stretch(wrap, end=False, first_open=wrap > 0, first_end=False): []
        }
        for rank, count in enumerate(counts):
            following: dict[_Stretch, list[int]] = {}
            last = rank == _RANKS - 1
            for before, chosen in states.items():
                room = 2 * count - before.steps
                for steps in [wrap] if last else range(room + 1):
                    ends = room - steps
                    if ends < 0 or (rank == top and (ends == 0 or (won and ends == 2 * count))):
                        continue
                    after = _next_stretch(before, count, steps, ends, last=last)
                    if after is not None and (
                        after not in following or sum(chosen) + steps > sum(following[after])
                    ):
                        following[after] = [*chosen, steps]
            states = following
        for steps_taken in states.values():
            if best is None or sum(steps_taken) > sum(best):
                best = steps_taken
    return best


def _next_stretch(
    before: _Stretch, count: int, steps: int, ends: int, *, last: bool
) -> _Stretch | None:
    """The state after a rank of *count* cards with *steps* to the next and *ends* ends.

    ``None`` if a stretch closes with no end: it would be a closed loop.
    """
    if count == 0:  # no card of this rank: nothing joins across it
        return _closed(first_end=before.first_end)
    end = (before.end and before.steps > 0) or ends > 0
    if last and steps > 0:  # the King-Ace steps join this stretch to the first
        joined = _Stretch(steps, end=True, first_open=False, first_end=True)
        return joined if end or before.first_end else None
    if steps > 0:
        return before._replace(steps=steps, end=end)
    if before.first_open:  # the first stretch closes; the last one joins it
        return _closed(first_end=end)
    return _closed(first_end=before.first_end) if end else None


def _closed(*, first_end: bool) -> _Stretch:
    """The state after a rank where the stretch closed (or no card was)."""
    return _Stretch(0, end=False, first_open=False, first_end=first_end)


def _walks(counts: Sequence[int], steps: Sequence[int]) -> list[list[int]]:
    """The walks of *steps*: an Euler circuit through an extra vertex, cut there.

    The extra vertex is joined to each rank once per walk's end there; the
    circuit (Hierholzer's algorithm) leaves it along one of those edges and
    comes back along another, so each stretch between two visits is a walk.
    """
    extra = _RANKS
    edges: list[tuple[int, int]] = []
    for rank in range(_RANKS):
        edges += [(rank, (rank + 1) % _RANKS)] * steps[rank]
    for rank, count in enumerate(counts):
        degree = steps[rank] + steps[rank - 1]
        edges += [(extra, rank)] * (2 * count - degree)
    incident: list[list[int]] = [[] for _ in range(_RANKS + 1)]
    for index, (a, b) in enumerate(edges):
        incident[a].append(index)
        incident[b].append(index)
    used = [False] * len(edges)
    stack, circuit = [extra], []
    while stack:
        vertex = stack[-1]
        while incident[vertex] and used[incident[vertex][-1]]:
            incident[vertex].pop()
        if incident[vertex]:
            index = incident[vertex].pop()
            used[index] = True
            a, b = edges[index]
            stack.append(b if a == vertex else a)
        else:
            circuit.append(stack.pop())
    walks: list[list[int]] = [[]]
    for vertex in circuit[1:-1]:
        if vertex == extra:
            walks.append([])
        else:
            walks[-1].append(vertex)
    return walks


def _last_walk(walks: list[list[int]], top: int, *, won: bool) -> list[int]:
    """The walk to put last, turned to end at rank *top*: two ranks or more if *won*.

    With *won*, if only one-rank walks end at *top*, a walk passing through
    *top* is cut there and the one-rank walk dropped: as many walks as
    before, and the first half ends at *top* after a step.
    """
    for walk in walks:
        if (walk[0] == top or walk[-1] == top) and (len(walk) > 1 or not won):
            if walk[-1] != top:
                walk.reverse()
            return walk
    alone = walks.index([top])
    through = next(w for w in walks if top in w[1:-1])
    cut = through.index(top, 1)
    walks[alone] = through[cut:]
    through[cut + 1 :] = []
    return through
