"""Golf positions built for tests: from the source's fixtures, and winnable by construction."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from patience_rules import Card, golf, one_deck
from patience_rules.golf import Draw, Move, PlayColumn, State, Variant


def cards(names: Iterable[str]) -> tuple[Card, ...]:
    """Parse card names."""
    return tuple(Card.parse(name) for name in names)


def position(
    columns: Sequence[Sequence[str]],
    waste_top: str,
    stock: Sequence[str] = (),
    *,
    stock_size: int | None = None,
    variant: Variant = Variant.EASY,
) -> State:
    """A full Golf position from the cards a description names.

    The stock starts with *stock* and is filled up to *stock_size* cards with
    the unnamed cards in deck order; every other card goes under *waste_top*.
    """
    board = tuple(cards(column) for column in columns)
    named = {card for column in board for card in column} | set(cards([waste_top, *stock]))
    rest = [card for card in one_deck() if card not in named]
    size = len(stock) if stock_size is None else stock_size
    fill = size - len(stock)
    full_stock = cards(stock) + tuple(rest[:fill])
    waste = (*rest[fill:], Card.parse(waste_top))
    return State(variant, board, full_stock, waste)


def winnable(rng: random.Random, variant: Variant) -> tuple[State, list[Move]]:
    """A dealt-shape position together with a line of actions that wins it.

    It picks a random legal sequence of removals and draws first, then lays
    the removed cards out in columns so that each comes off in its turn.
    """
    while True:
        built = _try_winnable(rng, variant)
        if built is not None:
            return built


def _try_winnable(rng: random.Random, variant: Variant) -> tuple[State, list[Move]] | None:
    pool = list(one_deck())
    rng.shuffle(pool)
    first = pool.pop()
    top, removed, drawn, script = first, [], [], []
    while len(removed) < golf.BOARD_SIZE:
        fitting = [card for card in pool if golf.fits(card, top, variant)]
        can_draw = len(drawn) < golf.STOCK_SIZE
        if fitting and (not can_draw or rng.random() < 0.8):
            top = rng.choice(fitting)
            removed.append(top)
            script.append("remove")
        elif can_draw:
            top = rng.choice(pool)
            drawn.append(top)
            script.append("draw")
        else:
            return None
        pool.remove(top)
    slots = [column for column in range(golf.COLUMNS) for _ in range(golf.ROWS)]
    rng.shuffle(slots)
    columns: list[list[Card]] = [[] for _ in range(golf.COLUMNS)]
    for card, column in zip(removed, slots, strict=True):
        columns[column].insert(0, card)
    state = State(variant, tuple(map(tuple, columns)), (*drawn, *pool), (first,))
    order = iter(slots)
    line: list[Move] = [
        Draw() if step == "draw" else PlayColumn(next(order) + 1) for step in script
    ]
    return state, line


def stuck(removed: int) -> State:
    """A stuck Classic position with *removed* board cards gone.

    The board keeps only cards from 4 to 10 (so *removed* ≥ 7), the waste
    top is a King and the stock is empty: nothing fits under Classic.
    """
    keep = golf.BOARD_SIZE - removed
    low = [card for card in one_deck() if 4 <= card.rank <= 10]
    board = low[:keep]
    columns = [board[i : i + golf.ROWS] for i in range(0, golf.ROWS * golf.COLUMNS, golf.ROWS)]
    named = set(board)
    king = Card.parse("KS")
    rest = [card for card in one_deck() if card not in named and card != king]
    return State(
        Variant.CLASSIC,
        tuple(tuple(column) for column in columns),
        (),
        (*rest, king),
    )
