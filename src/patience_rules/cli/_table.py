"""The text table of every game, in at most 80 columns, and moves in the table's card forms.

The playable cards (those a legal move would move) stand out when colour is
on; empty piles say so; Forty Thieves' waste shows its top cards and a count.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.cards import Card, Suit

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from patience_rules.cli._console import Console
    from patience_rules.game import Game

__all__ = ["WIDTH", "header", "move_text", "table", "width"]

WIDTH = 80
"""The most columns a line of the table takes."""

_WASTE_SHOWN = 3
"""How many cards under Forty Thieves' top waste card the table shows."""

_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def width(line: str) -> int:
    r"""How many terminal columns *line* takes (colour escape codes take none).

    >>> width("10♥"), width("\x1b[31m10♥\x1b[0m"), width("स्तंभ")
    (3, 3, 3)
    """
    return sum(map(_char_width, _ESCAPE.sub("", line)))


def _char_width(char: str) -> int:
    if unicodedata.category(char) in {"Mn", "Me", "Cf"}:
        return 0  # a combining mark, such as a Devanagari vowel sign
    return 2 if unicodedata.east_asian_width(char) in {"W", "F"} else 1


def header(console: Console, game: Game[Any, Any]) -> str:
    """The header line: code, game, variant, move counter, score and (when over) status."""
    line = console.text(
        "header",
        code=game.code,
        game=console.text(f"game_{game.state.game}"),
        variant=console.text(f"variant_{game.state.variant.value}"),
        moves=game.moves,
        score=game.score,
    )
    if game.status != "playing":
        line += " · " + console.text(f"status_{game.status.value}")
    return line


def table(console: Console, game: Game[Any, Any]) -> list[str]:
    """The lines that show *game*'s position."""
    return _TABLES[game.state.game](console, game)


def move_text(console: Console, move: object) -> str:
    """*move* in its notation, with cards in the table's forms (``10♦-1``, not ``TD-1``)."""
    if isinstance(move, golf.TapCard):
        return console.card(move.card)
    if isinstance(move, scorpion.MoveCard):
        return f"{console.card(move.card)}-{move.column}"
    return str(move)


def _row(console: Console, label: str, tokens: Sequence[str]) -> list[str]:
    """*label* then the *tokens*, wrapped between tokens to :data:`WIDTH` columns."""
    if not tokens:
        return [f"{label} {console.text('empty')}"]
    indent = " " * width(label)
    lines: list[str] = []
    line, used = label, width(label)
    for token in tokens:
        if used + 1 + width(token) > WIDTH:
            lines.append(line)
            line, used = indent, width(indent)
        line += " " + token
        used += 1 + width(token)
    lines.append(line)
    return lines


def _cards(console: Console, cards: Sequence[Card], playable: frozenset[Card]) -> list[str]:
    return [console.styled_card(card, playable=card in playable) for card in cards]


def _joined(*parts: str) -> list[str]:
    """*parts* on one line joined by `` · `` when they fit, else one line each."""
    line = " · ".join(parts)
    return [line] if width(line) <= WIDTH else list(parts)


def _count(console: Console, count: int) -> str:
    if count == 0:
        return console.text("empty")
    return console.text("one_card") if count == 1 else console.text("many_cards", count=count)


def _golf(console: Console, game: Game[Any, Any]) -> list[str]:
    state: golf.State = game.state
    playable = frozenset(
        state.columns[move.column - 1][-1]
        for move in game.legal_moves()
        if isinstance(move, golf.PlayColumn)
    )
    waste = console.styled_card(state.waste[-1]) if state.waste else console.text("empty")
    lines = _joined(
        console.text("stock", cards=_count(console, len(state.stock))),
        console.text("waste_top", top=waste),
    )
    return lines + _columns(console, state.columns, playable)


def _forty_thieves(console: Console, game: Game[Any, Any]) -> list[str]:
    state: forty_thieves.State = game.state
    sources = {
        move.source for move in game.legal_moves() if isinstance(move, forty_thieves.MoveCard)
    }
    tops = [
        (forty_thieves.Waste(), state.waste),
        *((forty_thieves.Column(n), column) for n, column in enumerate(state.columns, 1)),
        *((forty_thieves.Foundation(n), pile) for n, pile in enumerate(state.foundations, 1)),
    ]
    playable = frozenset(cards[-1] for pile, cards in tops if pile in sources and cards)
    lines = _joined(
        console.text("stock", cards=_count(console, len(state.stock))),
        _waste(console, state.waste, playable),
    )
    suits = forty_thieves.FOUNDATION_SUITS
    foundations = [
        f"f{number} "
        + (
            console.styled_card(pile[-1], playable=pile[-1] in playable)
            if pile
            else _suit(console, suit)
        )
        for number, (pile, suit) in enumerate(zip(state.foundations, suits, strict=True), 1)
    ]
    lines += _row(console, console.text("foundations"), foundations)
    return lines + _columns(console, state.columns, playable)


def _columns(
    console: Console, columns: Sequence[Sequence[Card]], playable: frozenset[Card]
) -> list[str]:
    lines = []
    for number, column in enumerate(columns, 1):
        label = console.text("column", number=number)
        lines += _row(console, label, _cards(console, column, playable))
    return lines


def _suit(console: Console, suit: Suit) -> str:
    return suit.value if console.ascii else suit.symbol


def _waste(console: Console, waste: Sequence[Card], playable: frozenset[Card]) -> str:
    if not waste:
        return console.text("waste_top", top=console.text("empty"))
    top = console.styled_card(waste[-1], playable=waste[-1] in playable)
    if len(waste) == 1:
        return console.text("waste_top", top=top)
    shown = waste[-1 - _WASTE_SHOWN : -1]
    under = " ".join(console.styled_card(card) for card in reversed(shown))
    if len(waste) > len(shown) + 1:
        under += " …"
    return console.text("waste_pile", count=len(waste), top=top, under=under)


def _scorpion(console: Console, game: Game[Any, Any]) -> list[str]:
    state: scorpion.State = game.state
    playable = frozenset(
        move.card for move in game.legal_moves() if isinstance(move, scorpion.MoveCard)
    )
    reserve = (
        console.text("reserve", count=len(state.reserve))
        if state.reserve
        else console.text("reserve_dealt")
    )
    runs = " ".join(_suit(console, suit) for suit in state.removed_runs) or console.text("none")
    lines = _joined(reserve, console.text("runs_removed", suits=runs))
    for number, column in enumerate(state.columns, 1):
        tokens = [console.dim("##") for _ in column.down]
        tokens += _cards(console, column.up, playable)
        lines += _row(console, console.text("column", number=number), tokens)
    return lines


_TABLES: dict[str, Callable[[Console, Game[Any, Any]], list[str]]] = {
    "golf": _golf,
    "forty_thieves": _forty_thieves,
    "scorpion": _scorpion,
}
