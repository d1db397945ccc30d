"""Forty Thieves positions for the tests: hand-built ones and near-wins built backwards."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from hypothesis import strategies as st

from patience_rules import DEALS, Card, Rank, two_decks
from patience_rules import forty_thieves as ft

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

DECK = Counter(two_decks())

MOVE_SPACE: tuple[ft.Move, ...] = (
    ft.Draw(),
    *(
        ft.MoveCard(ft.parse_pile(source), ft.parse_pile(target))
        for source in ["w", *map(str, range(1, 11)), *(f"f{n}" for n in range(1, 9))]
        for target in [*map(str, range(1, 11)), *(f"f{n}" for n in range(1, 9))]
    ),
)
"""Every move object there is: the draw and all 342 source-target pairs."""


def cards(text: str) -> tuple[Card, ...]:
    """Cards from a blank-separated text such as ``"KH 2S"``."""
    return tuple(Card.parse(word) for word in text.split())


def foundation(number: int, height: int) -> tuple[Card, ...]:
    """Foundation *number*'s cards when it holds *height* cards."""
    suit = ft.FOUNDATION_SUITS[number - 1]
    return tuple(Card(rank, suit) for rank in list(Rank)[:height])


def position(
    columns: Sequence[str] = (),
    *,
    waste: str = "",
    heights: Sequence[int] = (0,) * 8,
    stock: str | None = None,
    score: int | None = None,
) -> ft.State:
    """A position: the given columns (missing ones empty), waste and foundation heights.

    Unless *stock* is given, every card not placed elsewhere is in the stock,
    in deck order.  The score defaults to 10 per foundation card.
    """
    column_cards = tuple(cards(text) for text in columns) + ((),) * (10 - len(columns))
    foundations = tuple(foundation(n, h) for n, h in enumerate(heights, 1))
    used = Counter(card for pile in (*column_cards, *foundations, cards(waste)) for card in pile)
    assert not used - DECK, f"more cards than two decks: {used - DECK}"
    rest = tuple(sorted((DECK - used).elements()))
    return ft.State(
        ft.Variant.STANDARD,
        column_cards,
        rest if stock is None else cards(stock),
        cards(waste),
        foundations,
        10 * sum(heights) if score is None else score,
    )


def all_cards(state: ft.State) -> Counter[Card]:
    """Every card of *state*, counted."""
    piles: Iterable[tuple[Card, ...]] = (
        *state.columns,
        *state.foundations,
        state.stock,
        state.waste,
    )
    return Counter(card for pile in piles for card in pile)


def won() -> ft.State:
    """The won position: all eight foundations complete."""
    return position(heights=(13,) * 8, stock="")


def _can_hold(column: list[Card], card: Card) -> bool:
    """Whether *card* may lie on *column* in a position reachable from a deal."""
    if len(column) < ft.ROWS:
        return True
    top = column[-1]
    return top.suit is card.suit and top.rank == card.rank + 1


def _can_leave(column: list[Card]) -> bool:
    """Whether the top card of *column* could have been put there by a legal move."""
    if len(column) == 1:
        return True
    below, top = column[-2], column[-1]
    return below.rank != Rank.ACE and below.suit is top.suit and below.rank == top.rank + 1


def unplay(rng: random.Random, steps: int) -> tuple[ft.State, list[ft.Move]]:
    """Walk *steps* actions backwards from the won position.

    Returns the position reached and the forward moves that win from it
    (never a foundation-to-column take-back).  Its score is 10 per foundation
    card, what a game without take-backs and without waste-to-column moves
    would have.
    """
    columns: list[list[Card]] = [[] for _ in range(ft.COLUMNS)]
    foundations = [list(foundation(n, 13)) for n in range(1, 9)]
    waste: list[Card] = []
    stock: list[Card] = []
    forward: list[ft.Move] = []
    for _ in range(steps):
        room = len(stock) + len(waste) < ft.STOCK_SIZE
        options: dict[str, list[tuple[int, int]]] = {
            "foundation": [
                (f, c)
                for f, pile in enumerate(foundations)
                if pile
                for c in range(-1 if room else 0, ft.COLUMNS)
                if c == -1 or _can_hold(columns[c], pile[-1])
            ],
            "waste": [
                (c, 0)
                for c, column in enumerate(columns)
                if room and column and _can_leave(column)
            ],
            "column": [
                (c, d)
                for c, column in enumerate(columns)
                if column and _can_leave(column)
                for d in range(ft.COLUMNS)
                if d != c and _can_hold(columns[d], column[-1])
            ],
            "stock": [(0, 0)] if waste else [],
        }
        kinds = [kind for kind, found in options.items() if found]
        if not kinds:
            break
        kind = rng.choice(kinds)
        a, b = rng.choice(options[kind])
        if kind == "foundation":  # forward: a card goes from column b (or the waste) to a
            card = foundations[a].pop()
            (waste if b == -1 else columns[b]).append(card)
            source = "w" if b == -1 else str(b + 1)
            forward.append(ft.parse_move(f"{source}-f{a + 1}"))
        elif kind == "waste":  # forward: the waste card goes onto column a
            waste.append(columns[a].pop())
            forward.append(ft.parse_move(f"w-{a + 1}"))
        elif kind == "column":  # forward: column b's top goes onto column a
            columns[b].append(columns[a].pop())
            forward.append(ft.parse_move(f"{b + 1}-{a + 1}"))
        else:  # forward: a draw
            stock.insert(0, waste.pop())
            forward.append(ft.Draw())
    state = ft.State(
        ft.Variant.STANDARD,
        tuple(map(tuple, columns)),
        tuple(stock),
        tuple(waste),
        tuple(map(tuple, foundations)),
        10 * sum(map(len, foundations)),
    )
    return state, forward[::-1]


@st.composite
def near_wins(draw: st.DrawFn, max_steps: int = 80) -> tuple[ft.State, list[ft.Move]]:
    """A position a few actions from a win, and the moves that win it."""
    rng = draw(st.randoms(use_true_random=False))
    return unplay(rng, draw(st.integers(1, max_steps)))


def played_at_random(seed: int, stock_left: int) -> ft.State:
    """A deal played at random (plays seven times in ten, else draws) until *stock_left*."""
    rng = random.Random(seed)
    state = ft.deal(rng.randrange(DEALS))
    while len(state.stock) > stock_left:
        legal = ft.legal_moves(state)
        plays = [move for move in legal if not isinstance(move, ft.Draw)]
        draws = [move for move in legal if isinstance(move, ft.Draw)]
        state = ft.apply(state, rng.choice(plays) if plays and rng.random() < 0.7 else draws[0])
    return state
