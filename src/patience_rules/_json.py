"""Reading JSON-ready position data back, with errors that name the field."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Any, TypeVar

from patience_rules._formats import VIEW, Kind, expect, mapping
from patience_rules._rules import GameState
from patience_rules._text import integer, listing, quote
from patience_rules.cards import Card, one_deck
from patience_rules.errors import InvalidCardError, InvalidPositionError

__all__ = [
    "BY_NAME",
    "MOST_CARDS",
    "NAMES",
    "VIEW",
    "canonical",
    "cards",
    "check_cards",
    "check_equal",
    "choice",
    "count",
    "get",
    "header",
    "mapping",
    "names",
    "piles",
    "position",
]

_E = TypeVar("_E", bound=enum.Enum)


def header(state: GameState) -> dict[str, Any]:
    """The fields every saved position starts with: variant, score and status."""
    # A member's _value_ is its value, read without the enum's value property (a Python call).
    return {
        "variant": state.variant._value_,
        "score": state.score,
        "status": state.status._value_,
    }


def names(cards: Iterable[Card]) -> list[str]:
    """Cards as a JSON list of their canonical names."""
    # Looked up by index: str(card) is a Python call per card, and loading a game with an
    # undo history writes each of its positions (see patience_rules.game). A comprehension,
    # not list(map(NAMES.__getitem__, map(attrgetter("index"), cards))): the two maps cost
    # more than they save, 4,300 instructions for one card and 42,900 for 52 that way,
    # 2,500 and 15,000 this way (callgrind, Python 3.11).
    return [NAMES[card.index] for card in cards]


def get(data: Mapping[str, Any], key: str, kind: type) -> Any:  # noqa: ANN401 - JSON
    """``data[key]``, checked to exist and to be of *kind*.

    An integer is read with :func:`~patience_rules._text.integer`: a plain
    ``int``, never a boolean or a subclass's own comparisons.
    """
    if key not in data:
        raise InvalidPositionError(f"missing field {key!r}")
    value = data[key]
    if kind is int:
        number = integer(value)
        if number is not None:
            return number
    elif isinstance(value, kind):
        return value
    raise InvalidPositionError(
        f"field {key!r} must be {kind.__name__}, not {type(value).__name__}: {quote(value)}"
    )


def count(data: Mapping[str, Any], key: str) -> int:
    """``data[key]``, checked to be an integer ≥ 0."""
    value: int = get(data, key, int)
    if value < 0:
        raise InvalidPositionError(f"field {key!r} must not be negative, got {quote(value)}")
    return value


def choice(data: Mapping[str, Any], key: str, kind: type[_E]) -> _E:
    """``data[key]`` read as the member of the str enum *kind* with that value."""
    value = get(data, key, str)
    # The members by value, one dict lookup: calling the enum is a Python call that searches.
    member = kind._value2member_map_.get(value)
    if member is not None:
        return member  # type: ignore[return-value] # a member of kind
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(repr(member.value) for member in kind)
        raise InvalidPositionError(
            f"field {key!r}: {quote(value)} is not one of {names}"
        ) from None


def canonical(value: object) -> tuple[Card, ...] | None:
    """*value*'s cards if it is a list of canonical card names, as ``to_dict`` writes them.

    ``None`` for anything else (:func:`cards` reads it and names what is wrong): all in C,
    one lookup a card, and no message is built.
    """
    if value.__class__ is not list or len(value) > MOST_CARDS:
        return None
    try:
        named = tuple(map(BY_NAME.get, value))
    except TypeError:  # an unhashable item
        return None
    return named if all(named) else None  # type: ignore[return-value] # no None: all cards


def cards(value: object, where: str) -> tuple[Card, ...]:
    """A JSON list of card names read as a tuple of cards.

    A list longer than any game's deck is refused before a card is read.
    """
    named = canonical(value)
    if named is not None:
        return named
    if not isinstance(value, list):
        raise InvalidPositionError(f"{where} must be a list of cards, not {type(value).__name__}")
    if len(value) > MOST_CARDS:
        raise InvalidPositionError(
            f"{where} holds {len(value)} cards, more than the {MOST_CARDS} of the largest game"
        )
    result = []
    for index, item in enumerate(value):
        try:
            result.append(Card.parse(item))
        except InvalidCardError as error:
            raise InvalidPositionError(f"{where}[{index}]: {error}") from None
    return tuple(result)


MOST_CARDS = 2 * len(one_deck())
"""The most cards any game has (Forty Thieves' two decks): no pile holds more."""

BY_NAME = {str(card): card for card in one_deck()}
"""Each card by its canonical name (``"TC"``): what :func:`cards` reads first."""

_CARD_NAMED = BY_NAME.__getitem__
"""The card of a canonical name; a ``KeyError`` for anything else."""


def piles(value: object, where: str, number: int) -> tuple[tuple[Card, ...], ...]:
    """A JSON list of exactly *number* lists of cards."""
    if not isinstance(value, list) or len(value) != number:
        raise InvalidPositionError(f"{where} must be a list of {number} piles")
    # Each pile in canonical names first; a pile that is not is read again by cards(),
    # which names it (no message is built for the up to 18 piles of a position otherwise).
    # canonical()'s steps, inlined in one comprehension: a call a pile cost 42,700
    # instructions for Golf's seven columns, this 27,800 (callgrind).
    try:
        named = [
            tuple(map(_CARD_NAMED, pile))
            if pile.__class__ is list and len(pile) <= MOST_CARDS
            else None
            for pile in value
        ]
    except (KeyError, TypeError):  # a name not canonical, or an unhashable item
        named = [None]
    if None not in named:
        return tuple(named)  # type: ignore[arg-type] # no None: every pile read
    return tuple(cards(pile, f"{where}[{index}]") for index, pile in enumerate(value))


def check_cards(found: Iterable[Card], expected: Iterable[Card]) -> None:
    """Check that *found* is exactly the multiset *expected*, naming any difference."""
    found, expected = tuple(found), tuple(expected)
    # Sorted card indices: a Counter would call Card.__hash__ once a card. One deck's are
    # sorted once (Golf and Scorpion read every position against it). A comprehension, not
    # map(attrgetter("index"), ...): 23,400 instructions for 52 cards, 31,400 that way.
    indices = _ONE_DECK_INDICES if expected is one_deck() else sorted(map(_INDEX, expected))
    if sorted([card.index for card in found]) == indices:
        return
    have, want = Counter(found), Counter(expected)
    extra = sorted((have - want).elements())
    missing = sorted((want - have).elements())
    problems = []
    if extra:
        problems.append("duplicated or extra: " + listing(map(str, extra)))
    if missing:
        problems.append("missing: " + listing(map(str, missing)))
    raise InvalidPositionError("the cards are not a full deal (" + "; ".join(problems) + ")")


_INDEX = attrgetter("index")
"""A card's :attr:`Card.index <patience_rules.Card.index>`."""

_ONE_DECK_INDICES = sorted(map(_INDEX, one_deck()))
"""The 52 cards' :attr:`Card.index <patience_rules.Card.index>`, sorted."""

NAMES = tuple(map(str, one_deck()))
"""Each card's canonical name, by :attr:`Card.index <patience_rules.Card.index>`."""


def check_equal(key: str, given: object, derived: object) -> None:
    """Check that a stored field agrees with what the position implies."""
    if given != derived:
        raise InvalidPositionError(
            f"field {key!r} is {quote(given)} but the position implies {quote(derived)}"
        )


def position(data: object, game: str) -> Mapping[str, Any]:
    """*data* itself, checked to be a JSON object that is a position of *game*.

    A player view, a record or another game's position is refused, saying
    what it is and what reads it (see :mod:`patience_rules._formats`).
    """
    return expect(data, Kind.POSITION, game=game)
