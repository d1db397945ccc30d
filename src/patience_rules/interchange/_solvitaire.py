"""Forty Thieves positions as deal files of the Solvitaire solver (JSON)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from patience_rules import _json, forty_thieves
from patience_rules._rules import expect_state
from patience_rules._text import quote
from patience_rules.cards import Card, Rank, Suit
from patience_rules.errors import InvalidPositionError
from patience_rules.interchange._reading import about_position, bounded, read_json

__all__ = ["from_solvitaire", "to_solvitaire"]

_RANKS = len(Rank)
_SOLVITAIRE_KEYS = ("tableau piles", "foundations", "stock", "waste")
_SOLVITAIRE_RANKS = {rank.label: rank for rank in Rank} | {str(rank.value): rank for rank in Rank}
_SOLVITAIRE_SUITS = {suit.value: suit for suit in Suit}
_LEFTMOST_FOUNDATION = {suit: forty_thieves.FOUNDATION_SUITS.index(suit) for suit in Suit}


def _solvitaire_name(card: Card) -> str:
    """The card as Solvitaire writes it: ``AS``, ``2S`` … ``10S``, ``JS``, ``QS``, ``KS``."""
    return card.rank.label + card.suit.value


def to_solvitaire(state: forty_thieves.State) -> str:
    """The Forty Thieves position *state* as a Solvitaire deal file (JSON).

    Every pile is listed bottom first, as Solvitaire reads it: the last card of
    a tableau pile is its top card, the last card of ``"stock"`` the next one
    drawn (the reverse of the ``stock`` of a
    :class:`~patience_rules.forty_thieves.State`), the last card of ``"waste"``
    its top.
    ``"foundations"`` is one list: Solvitaire puts each card on a foundation
    of its suit, so the two foundations of a suit cannot both hold cards.

    Not player-safe: the deal file holds every card, the stock's included.

    >>> from patience_rules import forty_thieves
    >>> for line in to_solvitaire(forty_thieves.deal(2)).splitlines()[:3]:
    ...     print(line)
    {
      "tableau piles": [
        ["10D", "6D", "8S", "4D"],

    Raises:
        InvalidPositionError: *state* is not a Forty Thieves position, or both
            foundations of a suit hold cards.
    """
    expect_state(forty_thieves.State, state)
    foundation_cards: list[Card] = []
    for number, pile in enumerate(state.foundations, 1):
        if not pile:
            continue
        first = _LEFTMOST_FOUNDATION[pile[0].suit]
        if first != number - 1 and state.foundations[first]:
            raise InvalidPositionError(
                f"foundations {first + 1} and {number} both hold {pile[0].suit.symbol} cards: "
                "the Solvitaire format has one list of foundation cards and puts each on a "
                "foundation of its suit, so it cannot express two started foundations of a suit"
            )
        foundation_cards += pile

    def names(cards: Iterable[Card]) -> str:
        return json.dumps([_solvitaire_name(card) for card in cards])

    columns = ",\n".join(f"    {names(column)}" for column in state.columns)
    return (
        "{\n"
        f'  "tableau piles": [\n{columns}\n  ],\n'
        f'  "foundations": {names(foundation_cards)},\n'
        f'  "stock": {names(reversed(state.stock))},\n'
        f'  "waste": {names(state.waste)}\n'
        "}\n"
    )


def from_solvitaire(text: str) -> forty_thieves.State:
    """Read a Solvitaire deal file of a Forty Thieves position, checking everything.

    The inverse of :func:`to_solvitaire`.  The format has no score and does
    not say which foundation of a suit holds the cards, so the position gets
    the score of 10 per foundation card (as if each was put up once and
    nothing else scored), and a suit's foundation cards go on its leftmost
    foundation (1–4).  Missing ``"foundations"``, ``"stock"`` or ``"waste"``
    keys are empty piles.  Card names are Solvitaire's, in any case: a rank
    ``A``, ``1``–``13``, ``J``, ``Q`` or ``K`` and a suit ``C``, ``D``, ``H``
    or ``S``.

    Not player-safe: the position holds every card; send its player view.

    >>> from patience_rules import forty_thieves
    >>> from_solvitaire(to_solvitaire(forty_thieves.deal(2))) == forty_thieves.deal(2)
    True

    Raises:
        InvalidPositionError: *text* is not such a file (too long, not JSON,
            an unknown or duplicated key, a malformed pile or card), or the
            position is not one that play can reach (see
            :func:`forty_thieves.from_dict <patience_rules.forty_thieves.from_dict>`).
    """
    data = read_json(bounded(text, "a Solvitaire deal"))
    unknown = [key for key in data if key not in _SOLVITAIRE_KEYS]
    if unknown:
        raise InvalidPositionError(
            f"key {quote(unknown[0])} is not part of a Forty Thieves deal "
            f"(expected {', '.join(map(repr, _SOLVITAIRE_KEYS))})"
        )
    if "tableau piles" not in data:
        raise InvalidPositionError("missing key 'tableau piles'")
    piles = data["tableau piles"]
    if not isinstance(piles, list) or len(piles) != forty_thieves.COLUMNS:
        raise InvalidPositionError(
            f"'tableau piles' must be a list of {forty_thieves.COLUMNS} piles"
        )
    columns = [
        _solvitaire_cards(pile, f"tableau piles[{index}]") for index, pile in enumerate(piles)
    ]
    foundations = _solvitaire_foundations(
        _solvitaire_cards(data.get("foundations", []), "foundations")
    )
    stock = _solvitaire_cards(data.get("stock", []), "stock")[::-1]
    waste = _solvitaire_cards(data.get("waste", []), "waste")
    on_foundations = sum(map(len, foundations))
    position = {
        "variant": forty_thieves.Variant.STANDARD.value,
        "score": forty_thieves.POINTS_TO_FOUNDATION * on_foundations,
        "status": "playing",  # at most four full foundations: never won
        "columns": [_json.names(column) for column in columns],
        "stock": _json.names(stock),
        "waste": _json.names(waste),
        "foundations": [_json.names(pile) for pile in foundations],
    }
    try:
        return forty_thieves.from_dict(position)
    except InvalidPositionError as error:
        raise about_position(error) from None


def _solvitaire_cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidPositionError(f"{where} must be a list of cards, not {type(value).__name__}")
    return tuple(_solvitaire_card(item, f"{where}[{index}]") for index, item in enumerate(value))


def _solvitaire_card(item: object, where: str) -> Card:
    if isinstance(item, str) and 2 <= len(item) <= 3:
        rank = _SOLVITAIRE_RANKS.get(item[:-1].upper())
        suit = _SOLVITAIRE_SUITS.get(item[-1].upper())
        if rank is not None and suit is not None:
            return Card(rank, suit)
    raise InvalidPositionError(
        f"{where}: {quote(item)} is not a Solvitaire card: expected a rank "
        "(A, 1-13, J, Q, K) followed by a suit (C, D, H, S)"
    )


def _solvitaire_foundations(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Solvitaire's foundation cards on our foundations: each suit's on its leftmost one."""
    piles: list[list[Card]] = [[] for _ in range(forty_thieves.FOUNDATIONS)]
    for index, card in enumerate(cards):
        pile = piles[_LEFTMOST_FOUNDATION[card.suit]]
        if len(pile) == _RANKS:
            raise InvalidPositionError(
                f"foundations[{index}]: {_solvitaire_name(card)} comes after the "
                f"{card.suit.symbol} King, but Solvitaire puts every {card.suit.symbol} "
                "foundation card on one foundation"
            )
        expected = Card(Rank(len(pile) + 1), card.suit)
        if card != expected:
            below = f"{_solvitaire_name(pile[-1])} under it" if pile else "no card under it"
            raise InvalidPositionError(
                f"foundations[{index}] is {_solvitaire_name(card)}, but its foundation has "
                f"{below}: expected {_solvitaire_name(expected)}"
            )
        pile.append(card)
    return [tuple(pile) for pile in piles]
