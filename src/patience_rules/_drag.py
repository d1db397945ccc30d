"""Drag and drop over a game's legal moves: what the piles and cards of a gesture name.

Each game module's ``destinations`` and ``drag_move`` are these functions
applied to its own legal moves and piles.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection
from typing import Any, TypeVar

from patience_rules import _text
from patience_rules.cards import Card
from patience_rules.errors import InvalidCardError, InvalidNotationError
from patience_rules.piles import Pile, PileMove
from patience_rules.reasons import Reason

M = TypeVar("M", bound=PileMove[Any])


def read_source(value: object, piles: Collection[Pile], game: str) -> Pile | Card:
    """*value* (a pile, a card, or the text of either) checked to be a place of *game*.

    Raises:
        InvalidNotationError: *value* is neither, or a pile *game* does not have.
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str) and not _is_pile_name(value):
        try:
            return Card.parse(value)
        except InvalidCardError:
            raise InvalidNotationError(
                f"{_text.quote(value)} is neither a {game} pile ({_names(piles)}) nor a card"
            ) from None
    return read_target(value, piles, game)


def _is_pile_name(text: str) -> bool:
    try:
        Pile.parse(text)
    except InvalidNotationError:
        return False
    return True


def read_target(value: object, piles: Collection[Pile], game: str) -> Pile:
    """*value* (a pile or its text) checked to be a pile of *game*.

    Raises:
        InvalidNotationError: *value* is not a pile of *game*.
    """
    pile = value
    if isinstance(value, str):
        with contextlib.suppress(InvalidNotationError):
            pile = Pile.parse(value)
    if not isinstance(pile, Pile) or pile not in piles:
        raise InvalidNotationError(
            f"{_text.quote(value)} is not a {game} pile ({_names(piles)})",
            Reason.NO_SUCH_PILE,
        )
    return pile


def _names(piles: Collection[Pile]) -> str:
    return " ".join(map(str, piles))


def moves_from(state: object, moves: tuple[M, ...], source: Pile | Card) -> tuple[M, ...]:
    """The moves of *moves* that start at *source*: its pile, or a card they carry first."""
    if isinstance(source, Card):
        return tuple(move for move in moves if move.moved_cards(state)[:1] == (source,))
    return tuple(move for move in moves if move.source_pile(state) == source)


def move_onto(state: object, moves: tuple[M, ...], source: Pile | Card, target: Pile) -> M | None:
    """The first of *moves* that starts at *source* and ends on *target*, or ``None``."""
    for move in moves_from(state, moves, source):
        if move.target_pile(state) == target:
            return move
    return None
