"""Pictures of positions: :func:`render` draws any game's table as an SVG string.

The table is laid out as each game is played: Golf's stock, fanned waste and
seven columns; Forty Thieves' eight foundations, ten columns, stock and
fanned waste; Scorpion's reserve, removed runs and seven columns with their
face-down cards.  Cards are vector shapes defined once in ``<defs>`` and
placed with ``<use>``, so the picture needs no font and stays small; the same
position always gives the same bytes.

Piles are named as in the move notation: columns ``1``–``10``, the waste
``w``, foundations ``f1``–``f8``, the reserve ``r``; the stock is ``s`` and
Scorpion's removed runs ``run1``–``run4``.

>>> from patience_rules import new_game, svg
>>> game = new_game("GO1-E-AAAAAAB")
>>> picture = svg.render(game, highlight=["2", "3"], arrows=["3"], size=400)
>>> picture.startswith("<svg"), picture.count('class="card"')
(True, 36)

Every card is one ``<use>`` element with ``class="card"`` (``"card back"``
when face down) and a ``data-pile`` attribute; a face-up card also has
``data-card``, its name, e.g. ``"9C"``.  A back names the card it hides in
``data-hidden``, for tools and animations, unless ``player_view=True``: then
nothing in the text tells one face-down card from another, so the picture
can go to a player's browser as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules._text import quote
from patience_rules.cards import Card
from patience_rules.errors import InvalidCardError, InvalidPositionError, PatienceError
from patience_rules.game import Game, rules_of
from patience_rules.piles import Pile
from patience_rules.svg import _glyphs
from patience_rules.svg._glyphs import CARD_HEIGHT, CARD_WIDTH, num
from patience_rules.svg._layout import Placed, Slot, Table, layout

__all__ = ["ARROW_COLOR", "HIGHLIGHT_COLOR", "Arrow", "InvalidOptionError", "render"]

HIGHLIGHT_COLOR = "#ffd400"
"""The colour of a highlight given without one."""
ARROW_COLOR = "#ff7a00"
"""The colour of an arrow given without one."""

Target = str | int | Card | Pile | forty_thieves.Pile
"""What a highlight or an arrow end names: a pile (``"3"``, ``"w"``, ``3``, a
:class:`~patience_rules.piles.Pile` such as a move's ``target_pile``, a Forty Thieves
pile object) or a face-up card (``"9C"``, a :class:`~patience_rules.Card`)."""

Position = Game[Any, Any] | golf.State | forty_thieves.State | scorpion.State
"""What :func:`render` draws."""

_COLOR = re.compile(r"#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\([0-9., %]{5,40}\)")
"""A CSS colour; it admits no quote or bracket, so it goes into attributes as it is."""
_TABLE_COLOR = "#2d6a3e"
_LABEL_COLOR = "#e8f2ea"
_STATES = (golf.State, forty_thieves.State, scorpion.State)
_MAX_PILE = 100
"""Above every pile's number: a larger integer names no pile, and is not turned into text."""


class InvalidOptionError(PatienceError, ValueError):
    """An option of :func:`render` is malformed or names nothing on the table.

    >>> from patience_rules import golf
    >>> render(golf.deal(1), highlight=["f9"])
    Traceback (most recent call last):
    ...
    patience_rules.svg.InvalidOptionError: highlight 'f9' names no pile of this golf table ...
    """


def _color(color: object) -> str:
    """*color*, checked to be a CSS colour."""
    if not isinstance(color, str) or _COLOR.fullmatch(color) is None:
        raise InvalidOptionError(
            f"colour {quote(color)} is not a CSS colour like '#ff7a00', 'red' or 'rgb(255 0 0)'"
        )
    return color


def _check_color(_instance: object, _attribute: object, color: object) -> None:
    _color(color)


@attrs.frozen
class Arrow:
    """An arrow from *tail* to *head*, each a pile or a face-up card.

    >>> Arrow("3", "w")
    Arrow(tail='3', head='w', color='#ff7a00')
    """

    tail: Target
    head: Target
    color: str = attrs.field(default=ARROW_COLOR, validator=_check_color)


def render(  # noqa: PLR0913 - keyword-only options, as chess.svg.board has
    position: Position,
    *,
    highlight: Iterable[Target] | Mapping[Target, str] = (),
    arrows: Iterable[object] = (),
    labels: bool = True,
    size: int | None = None,
    player_view: bool = False,
) -> str:
    """The table of *position* (a :class:`~patience_rules.Game` or a game's ``State``) as SVG.

    Args:
        position: what to draw.
        highlight: piles or face-up cards to mark, e.g. a move's legal
            destinations: pile names (``"3"``, ``"w"``, ``"f2"``, ``"r"``,
            ``"s"``), column numbers, Forty Thieves pile objects or cards;
            a mapping gives each its own CSS colour.
        arrows: each a move of the game (object or notation: ``"3"``,
            ``"w-f1"``, ``"4H-7"``, ``"d"``), a ``(tail, head)`` pair of
            piles or cards, or an :class:`Arrow`.  The reserve deal draws
            three arrows.
        labels: write the pile names above the piles.
        size: the picture's width in pixels (the height follows); ``None``
            draws a card 50 pixels wide.
        player_view: write nothing that tells a face-down card (stock,
            reserve, Scorpion's face-down cards) from another.

    Returns:
        A complete ``<svg>`` document: the same arguments give the same text.

    Raises:
        InvalidPositionError: *position* is not a game or a position.
        InvalidOptionError: an option is malformed or names nothing on the table.
        InvalidNotationError: an arrow is neither a move of this game nor a notation.
    """
    state = position.state if isinstance(position, Game) else position
    if not isinstance(state, _STATES):
        raise InvalidPositionError(
            f"{quote(position)} is not a Game nor a golf, forty_thieves or scorpion State"
        )
    _check_flag("labels", labels)
    _check_flag("player_view", player_view)
    table = layout(state)
    marks = _highlights(table, state.game, highlight)
    if isinstance(arrows, str | bytes) or not isinstance(arrows, Iterable):
        raise InvalidOptionError(f"arrows {quote(arrows)} is not a collection of moves or arrows")
    lines = [line for item in arrows for line in _arrows(table, state, item)]
    width = _size(size, table)
    faces = sorted({placed.card for placed in table.cards if placed.face_up})
    parts = [
        (
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {num(table.width)} {num(table.height)}"{width} '
            f'class="patience-table" data-game="{state.game}">'
        ),
        _glyphs.defs(faces),
        (
            f'<rect class="table" width="{num(table.width)}" height="{num(table.height)}" '
            f'fill="{_TABLE_COLOR}"/>'
        ),
        _slots(table),
        _labels(table) if labels else "",
        _cards(table, player_view=player_view),
        _count(table),
        _marks(marks),
        _lines(lines),
        "</svg>",
    ]
    return "".join(parts)


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidOptionError(f"{name} {quote(value)} is not True or False")


def _size(size: object, table: Table) -> str:
    if size is None:
        return f' width="{num(table.width)}" height="{num(table.height)}"'
    if not isinstance(size, int) or isinstance(size, bool) or not 0 < size <= 100_000:
        raise InvalidOptionError(f"size {quote(size)} is not a width in pixels (1-100000)")
    return f' width="{size}" height="{num(size * table.height / table.width)}"'


Box = tuple[float, float, float, float]
"""A rectangle: left, top, width, height."""


def _box(placed: Placed | Slot) -> Box:
    return placed.x, placed.y, CARD_WIDTH, CARD_HEIGHT


def _top_box(table: Table, name: str) -> Box:
    """The rectangle of pile *name*'s top card, or of its outline when it is empty."""
    pile = table.pile(name)
    return _box(pile[-1] if pile else table.slot(name))


def _pile_box(table: Table, name: str) -> Box:
    """The rectangle covering pile *name*: its outline and every card on it."""
    boxes = [_box(table.slot(name)), *map(_box, table.pile(name))]
    left = min(box[0] for box in boxes)
    top = min(box[1] for box in boxes)
    right = max(box[0] + box[2] for box in boxes)
    bottom = max(box[1] + box[3] for box in boxes)
    return left, top, right - left, bottom - top


def _visible_box(table: Table, placed: Placed) -> Box:
    """The part of *placed* that the next card of its pile leaves visible."""
    pile = table.pile(placed.pile)
    index = pile.index(placed)
    if index + 1 == len(pile):
        return _box(placed)
    above = pile[index + 1]
    width = above.x - placed.x or CARD_WIDTH
    height = above.y - placed.y or CARD_HEIGHT
    return placed.x, placed.y, width, height


def _resolve(table: Table, game: str, target: object, what: str) -> str | Placed:
    """*target* as a pile name on *table* or the face-up card it names."""
    piles = Pile | forty_thieves.Waste | forty_thieves.Column | forty_thieves.Foundation
    small = isinstance(target, int) and not isinstance(target, bool) and abs(target) < _MAX_PILE
    if isinstance(target, piles) or small:
        target = str(target)
    if isinstance(target, str):
        name = target.strip().lower()
        if table.has_pile(name):
            return name
        try:
            target = Card.parse(name)
        except InvalidCardError:
            names = ", ".join(slot.name for slot in table.slots)
            raise InvalidOptionError(
                f"{what} {quote(target)} names no pile of this {game} table ({names}) and no card"
            ) from None
    if not isinstance(target, Card):
        raise InvalidOptionError(f"{what} {quote(target)} is neither a pile nor a card")
    for placed in table.cards:
        if placed.face_up and placed.card == target:
            return placed
    raise InvalidOptionError(f"{what} {target}: the card is not face up on this {game} table")


@attrs.frozen
class _Mark:
    """A highlight placed on the table: what it names, its rectangle and its colour."""

    name: str
    box: Box
    color: str


def _highlights(
    table: Table, game: str, highlight: Iterable[Target] | Mapping[Target, str]
) -> list[_Mark]:
    """The highlights asked for."""
    if isinstance(highlight, str | bytes) or not isinstance(highlight, Iterable):
        raise InvalidOptionError(
            f"highlight {quote(highlight)} is not a collection of piles or cards, e.g. ['3', 'w']"
        )
    # Pairs, not a dict: a target need not be hashable to be refused with a message.
    pairs: Iterable[tuple[object, object]] = (
        highlight.items() if isinstance(highlight, Mapping) else ((t, None) for t in highlight)
    )
    marks: list[_Mark] = []
    for target, given in pairs:
        color = HIGHLIGHT_COLOR if given is None else _color(given)
        found = _resolve(table, game, target, "highlight")
        if isinstance(found, str):
            marks.append(_Mark(found, _pile_box(table, found), color))
        else:
            marks += [
                _Mark(str(placed.card), _box(placed), color)
                for placed in table.cards
                if placed.face_up and placed.card == found.card
            ]
    return list(dict.fromkeys(marks))  # each highlight once, in the order given


@attrs.frozen
class _Line:
    """An arrow placed on the table: its ends' names and points, and its colour."""

    tail: str
    head: str
    start: tuple[float, float]
    tip: tuple[float, float]
    color: str


def _arrows(
    table: Table,
    state: Any,  # noqa: ANN401 - any game's State
    item: object,
) -> list[_Line]:
    """The arrows *item* draws."""
    if isinstance(item, tuple) and len(item) == 2:
        item = Arrow(*item)
    lines = []
    for arrow in [item] if isinstance(item, Arrow) else _move_arrows(state, item):
        tail = _resolve(table, state.game, arrow.tail, "arrow tail")
        head = _resolve(table, state.game, arrow.head, "arrow head")
        lines.append(
            _Line(_name(tail), _name(head), _point(table, tail), _point(table, head), arrow.color)
        )
    return lines


def _name(found: str | Placed) -> str:
    """A resolved target as the picture names it: a pile name or a card name."""
    return found if isinstance(found, str) else str(found.card)


def _move_arrows(state: Any, item: object) -> list[Arrow]:  # noqa: ANN401 - any game's State
    move = rules_of(state.game).to_move(state, item)
    if isinstance(move, golf.Draw | forty_thieves.Draw):
        return [Arrow("s", "w")]
    if isinstance(move, golf.PlayColumn):
        return [Arrow(move.column, "w")]
    if isinstance(move, golf.TapCard):
        return [Arrow(move.card, "w")]
    if isinstance(move, forty_thieves.MoveCard):
        return [Arrow(move.source, move.target)]
    if isinstance(move, scorpion.MoveCard):
        return [Arrow(move.card, move.column)]
    return [Arrow("r", column) for column in range(1, scorpion.RESERVE_SIZE + 1)]


def _point(table: Table, found: str | Placed) -> tuple[float, float]:
    """Where an arrow starts or ends on *found*: the middle of what is visible of it."""
    box = _top_box(table, found) if isinstance(found, str) else _visible_box(table, found)
    x, y, width, height = box
    return x + width / 2, y + height / 2


def _slots(table: Table) -> str:
    outlines = []
    for slot in table.slots:
        outlines.append(
            f'<rect class="slot" data-pile="{slot.name}" x="{num(slot.x)}" y="{num(slot.y)}" '
            f'width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4"/>'
        )
        if slot.suit is not None and not table.pile(slot.name):
            outlines.append(
                _glyphs.suit(slot.suit, (slot.x + 10, slot.y + 20), 30, "#ffffff", opacity=0.3)
            )
    return (
        '<g class="slots" fill="none" stroke="#ffffff" stroke-opacity="0.4" '
        f'stroke-width="1.2">{"".join(outlines)}</g>'
    )


def _labels(table: Table) -> str:
    labels = [
        f'<g class="label" data-pile="{slot.name}">'
        + _glyphs.text(
            slot.label,
            (slot.x + (CARD_WIDTH - _glyphs.text_width(slot.label, 0.7)) / 2, slot.y - 13),
            0.7,
            _LABEL_COLOR,
        )
        + "</g>"
        for slot in table.slots
        if slot.label
    ]
    return f'<g class="labels">{"".join(labels)}</g>'


def _cards(table: Table, *, player_view: bool) -> str:
    cards = []
    for placed in table.cards:
        where = f'x="{num(placed.x)}" y="{num(placed.y)}" data-pile="{placed.pile}"'
        if placed.face_up:
            cards.append(
                f'<use class="card" href="#{_glyphs.face_id(placed.card)}" {where} '
                f'data-card="{placed.card}"/>'
            )
        else:
            secret = "" if player_view else f' data-hidden="{placed.card}"'
            cards.append(f'<use class="card back" href="#{_glyphs.BACK}" {where}{secret}/>')
    return f'<g class="cards">{"".join(cards)}</g>'


def _count(table: Table) -> str:
    """The stock's size, written on it."""
    pile = table.pile(table.count) if table.count else ()
    if not pile:
        return ""
    top = pile[-1]
    word = str(len(pile))
    width = _glyphs.text_width(word, 0.8) + 8
    x = top.x + (CARD_WIDTH - width) / 2
    y = top.y + CARD_HEIGHT / 2 - 9
    return (
        f'<g class="count" data-pile="{table.count}"><rect x="{num(x)}" y="{num(y)}" '
        f'width="{num(width)}" height="18" rx="9" fill="#0d2a57"/>'
        + _glyphs.text(word, (x + 4, y + 3.4), 0.8, "#ffffff")
        + "</g>"
    )


def _marks(marks: list[_Mark]) -> str:
    rects = []
    for mark in marks:
        x, y, width, height = mark.box
        rects.append(
            f'<rect class="highlight" data-target="{mark.name}" x="{num(x - 2)}" '
            f'y="{num(y - 2)}" width="{num(width + 4)}" height="{num(height + 4)}" rx="6" '
            f'fill="{mark.color}" fill-opacity="0.22" stroke="{mark.color}" stroke-width="3"/>'
        )
    return f'<g class="highlights">{"".join(rects)}</g>'


def _lines(lines: list[_Line]) -> str:
    return f'<g class="arrows" opacity="0.85">{"".join(map(_arrow, lines))}</g>'


def _arrow(line: _Line) -> str:
    """A shaft from the start to the base of a head whose point is the tip."""
    (x1, y1), (x2, y2) = line.start, line.tip
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head_length = min(14.0, length)
    bx, by = x2 - ux * head_length, y2 - uy * head_length
    points = [(x2, y2), (bx - uy * 8, by + ux * 8), (bx + uy * 8, by - ux * 8)]
    tip = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return (
        f'<g class="arrow" data-tail="{line.tail}" data-head="{line.head}" '
        f'fill="{line.color}" stroke="{line.color}">'
        f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(bx)}" y2="{num(by)}" stroke-width="5" '
        f'stroke-linecap="round"/><polygon points="{tip}" stroke="none"/></g>'
    )
