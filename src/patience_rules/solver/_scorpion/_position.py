"""The Scorpion engine's encoding: cards as numbers, positions, moves, keys.

A card is a small integer (``suit * 13 + rank - 1``, suits in the order
C D H S), a column a ``bytes`` of cards deepest first with its count of
face-down cards, and a position those seven columns with the reserve still
to deal (or none).
"""

from __future__ import annotations

from typing import NamedTuple

from patience_rules import scorpion
from patience_rules.cards import Rank, one_deck

__all__ = [
    "CARDS",
    "KING",
    "KINGS",
    "NOWHERE",
    "PLACE",
    "RANKS",
    "RUN",
    "CardMove",
    "Move",
    "Position",
    "card_moves",
    "encode",
    "heuristic_order",
    "key",
    "places",
    "play",
    "won",
]

RANKS = len(Rank)
KING = RANKS - 1
"""The rank index (``card % 13``) of a King; an Ace's is 0."""
CARDS = one_deck()
"""``CARDS[n]`` is the card numbered *n*: its ``Card.index``."""
RUN = tuple(bytes(range(suit * RANKS + KING, suit * RANKS - 1, -1)) for suit in range(4))
"""Each suit's complete run, King first, as it lies in a column."""
KINGS = tuple(suit * RANKS + KING for suit in range(4))
NOWHERE = -1
PLACE = 64
"""A card's place is ``column * 64 + index``."""


class Position(NamedTuple):
    """The search's position: columns (deepest card first), face-down counts, reserve."""

    columns: tuple[bytes, ...]
    down: tuple[int, ...]
    reserve: bytes


Move = tuple[int, int] | None
"""A card number and a target column index, or ``None`` for the reserve deal."""


def encode(state: scorpion.State) -> Position:
    """The search's :class:`Position` of *state*."""
    return Position(
        tuple(bytes(card.index for card in (*c.down, *c.up)) for c in state.columns),
        tuple(len(column.down) for column in state.columns),
        bytes(card.index for card in state.reserve),
    )


def _settle(column: bytes, down: int) -> tuple[bytes, int]:
    """A column that has just received cards, with a complete run on top removed."""
    if (
        len(column) - RANKS >= down
        and column[-1] % RANKS == 0
        and column[-RANKS:] == RUN[column[-1] // RANKS]
    ):
        column = column[:-RANKS]
        if down and len(column) == down:
            down -= 1
    return column, down


def play(position: Position, move: Move) -> Position:
    """*position* after *move*, with its automatic turn-ups and run removals."""
    columns, down = list(position.columns), list(position.down)
    if move is None:
        for index, card in enumerate(position.reserve):
            columns[index], down[index] = _settle(columns[index] + bytes((card,)), down[index])
        return Position(tuple(columns), tuple(down), b"")
    card, target = move
    source = next(i for i, column in enumerate(columns) if card in column)
    at = columns[source].index(card)
    group = columns[source][at:]
    columns[source] = columns[source][:at]
    if down[source] and at == down[source]:
        down[source] -= 1
    columns[target], down[target] = _settle(columns[target] + group, down[target])
    return Position(tuple(columns), tuple(down), position.reserve)


def places(position: Position) -> list[int]:
    """Each card's place (``column * 64 + index``), or :data:`NOWHERE`."""
    where = [NOWHERE] * len(CARDS)
    for c, column in enumerate(position.columns):
        for i, card in enumerate(column):
            where[card] = c * PLACE + i
    return where


def _empty_targets(position: Position, *, symmetry: bool) -> list[int]:
    """The empty columns a King may go into: the first of each group with symmetry."""
    empty = [c for c, column in enumerate(position.columns) if not column]
    if not symmetry:
        return empty
    if not position.reserve:
        return empty[:1]
    low = [c for c in empty if c < scorpion.RESERVE_SIZE]
    high = [c for c in empty if c >= scorpion.RESERVE_SIZE]
    return low + high[:1]


CardMove = tuple[int, int, int, int]
"""A card move as the search makes it: card, source column, index there, target column."""


def card_moves(
    position: Position, where: list[int], *, flexible: bool, symmetry: bool
) -> list[CardMove]:
    """Every legal card move (with symmetry, one King move per group of empty columns)."""
    columns, down = position.columns, position.down
    moves = []
    for target, column in enumerate(columns):
        if not column:
            continue
        top = column[-1]
        if top % RANKS == 0:
            continue
        candidates = (
            [suit * RANKS + top % RANKS - 1 for suit in range(4)] if flexible else [top - 1]
        )
        for card in candidates:
            place = where[card]
            if place != NOWHERE:
                source, index = divmod(place, PLACE)
                if source != target and index >= down[source]:
                    moves.append((card, source, index, target))
    empty = _empty_targets(position, symmetry=symmetry)
    for king in KINGS if empty else ():
        place = where[king]
        source, index = divmod(place, PLACE)
        if place != NOWHERE and index >= down[source]:
            moves.extend((king, source, index, target) for target in empty if target != source)
    return moves


def _score(position: Position, move: CardMove) -> int:
    """How promising a card move looks: a run removed, a card turned up, a column emptied."""
    card, source, index, target = move
    column, onto = position.columns[source], position.columns[target]
    score = 0
    group = column[index:]
    if group[-1] % RANKS == 0 and len(onto) + len(group) >= RANKS:
        joined = onto + group
        if joined[-RANKS:] == RUN[group[-1] // RANKS]:
            score += 8
    if index and index == position.down[source]:
        score += 4
    if not index and onto:
        score += 2
    if onto and onto[-1] == card + 1:
        score += 1
    return score


def heuristic_order(position: Position, moves: list[CardMove]) -> list[CardMove]:
    """*moves*, the most promising first (see :func:`_score`); ties keep their order."""
    return sorted(moves, key=lambda move: -_score(position, move))


def key(position: Position, *, symmetry: bool) -> bytes:
    """A compact key of *position*: equal keys, equal futures."""
    parts = [bytes((d,)) + c for c, d in zip(position.columns, position.down, strict=True)]
    if symmetry:
        fixed = scorpion.RESERVE_SIZE if position.reserve else 0
        parts[fixed:] = sorted(parts[fixed:])
    return position.reserve + b"\xff" + b"\xfe".join(parts)


def won(position: Position) -> bool:
    """Whether every card is gone: the four runs are removed."""
    return not position.reserve and not any(position.columns)
