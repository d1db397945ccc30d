"""Where every pile and card of a position goes on the table, game by game.

The layout is pure geometry in user units (a card is 50 × 70): it knows
nothing of SVG markup, so the drawing code and the tests share one truth.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.cards import Card, Rank, Suit
from patience_rules.svg._glyphs import CARD_HEIGHT, CARD_WIDTH

__all__ = ["Placed", "Slot", "Table", "layout"]

MARGIN = 12
LABEL_BAND = 16
"""Room above a pile for its label."""
GAP = 10
PITCH = CARD_WIDTH + GAP
FAN_UP = 17
"""How far a face-up card sits below the one it covers: its corner stays readable."""
FAN_DOWN = 8
FAN_ACROSS = 20
"""How far a fanned waste or reserve card sits right of the one it covers."""
GOLF_WASTE_FAN = 5
THIEVES_WASTE_FAN = 8


@attrs.frozen
class Placed:
    """*card* drawn with its top left corner at (*x*, *y*), in pile *pile*."""

    card: Card
    x: float
    y: float
    pile: str
    face_up: bool


@attrs.frozen
class Slot:
    """The place of pile *name*: the card-sized outline an empty pile shows.

    *label* is written above it (``None``: no label); *suit* is shown faintly
    on it while it is empty (a Forty Thieves foundation).
    """

    name: str
    x: float
    y: float
    label: str | None = None
    suit: Suit | None = None


@attrs.frozen
class Table:
    """A laid-out position: its size, its piles and its cards, bottom to top.

    *count* names the pile whose size is written on it (the stock), if any.
    """

    width: float
    height: float
    slots: tuple[Slot, ...]
    cards: tuple[Placed, ...]
    count: str | None = None

    def has_pile(self, name: str) -> bool:
        """Whether the table has a pile called *name*."""
        return any(slot.name == name for slot in self.slots)

    def slot(self, name: str) -> Slot:
        """The slot of pile *name*, which must exist (see :meth:`has_pile`)."""
        return next(slot for slot in self.slots if slot.name == name)

    def pile(self, name: str) -> tuple[Placed, ...]:
        """The cards of pile *name*, bottom first."""
        return tuple(placed for placed in self.cards if placed.pile == name)


def layout(state: golf.State | forty_thieves.State | scorpion.State) -> Table:
    """The table of *state*, a Golf, Forty Thieves or Scorpion ``State``."""
    if isinstance(state, golf.State):
        return _golf(state)
    if isinstance(state, forty_thieves.State):
        return _forty_thieves(state)
    return _scorpion(state)


def _column(cards: Iterable[Card], name: str, x: float, y: float, down: int = 0) -> list[Placed]:
    placed = []
    for index, card in enumerate(cards):
        placed.append(Placed(card, x, y, name, face_up=index >= down))
        y += FAN_DOWN if index < down else FAN_UP
    return placed


def _stack(cards: Iterable[Card], name: str, x: float, y: float, *, face_up: bool) -> list[Placed]:
    return [Placed(card, x, y, name, face_up=face_up) for card in cards]


def _fan(cards: Sequence[Card], name: str, x: float, y: float, shown: int) -> list[Placed]:
    """Face-up *cards* stacked, the last *shown* of them fanned to the right."""
    hidden_under = max(0, len(cards) - shown)
    return [
        Placed(card, x + FAN_ACROSS * max(0, index - hidden_under), y, name, face_up=True)
        for index, card in enumerate(cards)
    ]


def _bottom(placed: Iterable[Placed], dealt: float) -> float:
    """The lowest card edge of *placed*, but never above *dealt*, where the deal's reached.

    So a picture keeps its height until a column grows longer than dealt.
    """
    return max(max((card.y for card in placed), default=0) + CARD_HEIGHT, dealt)


def _golf(state: golf.State) -> Table:
    top = MARGIN + LABEL_BAND
    row = top + CARD_HEIGHT + GAP + LABEL_BAND
    slots = [Slot("s", MARGIN, top), Slot("w", MARGIN + PITCH, top, "w")]
    cards = _stack(state.stock[::-1], "s", MARGIN, top, face_up=False)
    cards += _fan(state.waste, "w", MARGIN + PITCH, top, GOLF_WASTE_FAN)
    for index, column in enumerate(state.columns):
        name = str(index + 1)
        slots.append(Slot(name, MARGIN + index * PITCH, row, name))
        cards += _column(column, name, MARGIN + index * PITCH, row)
    height = row + (golf.ROWS - 1) * FAN_UP + CARD_HEIGHT + MARGIN
    return Table(2 * MARGIN + golf.COLUMNS * PITCH - GAP, height, tuple(slots), tuple(cards), "s")


def _forty_thieves(state: forty_thieves.State) -> Table:
    top = MARGIN + LABEL_BAND
    slots: list[Slot] = []
    cards: list[Placed] = []
    for index, (suit, pile) in enumerate(
        zip(forty_thieves.FOUNDATION_SUITS, state.foundations, strict=True)
    ):
        name = f"f{index + 1}"
        x = MARGIN + (index + 1) * PITCH
        slots.append(Slot(name, x, top, name, suit))
        cards += _stack(pile, name, x, top, face_up=True)
    row = top + CARD_HEIGHT + GAP + LABEL_BAND
    tableau: list[Placed] = []
    for index, column in enumerate(state.columns):
        name = str(index + 1)
        slots.append(Slot(name, MARGIN + index * PITCH, row, name))
        tableau += _column(column, name, MARGIN + index * PITCH, row)
    cards += tableau
    dealt = row + (forty_thieves.ROWS - 1) * FAN_UP + CARD_HEIGHT
    bottom = _bottom(tableau, dealt) + GAP + LABEL_BAND
    slots += [Slot("s", MARGIN, bottom), Slot("w", MARGIN + PITCH, bottom, "w")]
    cards += _stack(state.stock[::-1], "s", MARGIN, bottom, face_up=False)
    cards += _fan(state.waste, "w", MARGIN + PITCH, bottom, THIEVES_WASTE_FAN)
    width = 2 * MARGIN + forty_thieves.COLUMNS * PITCH - GAP
    return Table(width, bottom + CARD_HEIGHT + MARGIN, tuple(slots), tuple(cards), "s")


def _scorpion(state: scorpion.State) -> Table:
    top = MARGIN + LABEL_BAND
    slots = [Slot("r", MARGIN, top, "r")]
    cards = [
        Placed(card, MARGIN + FAN_ACROSS * index, top, "r", face_up=False)
        for index, card in enumerate(state.reserve)
    ]
    for index in range(scorpion.RUNS):
        name = f"run{index + 1}"
        x = MARGIN + (scorpion.COLUMNS - scorpion.RUNS + index) * PITCH
        slots.append(Slot(name, x, top))
        if index < len(state.removed_runs):
            run = _RUNS[state.removed_runs[index]]
            cards += _stack(run, name, x, top, face_up=True)
    row = top + CARD_HEIGHT + GAP + LABEL_BAND
    tableau: list[Placed] = []
    for index, column in enumerate(state.columns):
        name = str(index + 1)
        x = MARGIN + index * PITCH
        slots.append(Slot(name, x, row, name))
        tableau += _column((*column.down, *column.up), name, x, row, len(column.down))
    cards += tableau
    dealt = row + (scorpion.ROWS - 1) * FAN_UP + CARD_HEIGHT  # columns 5-7 are all face up
    width = 2 * MARGIN + scorpion.COLUMNS * PITCH - GAP
    return Table(width, _bottom(tableau, dealt) + MARGIN, tuple(slots), tuple(cards))


_RUNS = {suit: tuple(Card(rank, suit) for rank in Rank) for suit in Suit}
"""Each suit's removed run as it is stacked: the Ace at the bottom, the King on top."""
