"""Piles: one vocabulary for the places cards lie in, shared by every game.

A :class:`Pile` is a kind (:class:`PileKind`) and, for columns and
foundations, a number counted from 1, left to right.  Its text form is the
one the move notation uses: ``s`` the stock, ``w`` the waste, ``3`` column 3,
``f2`` foundation 2, ``r`` Scorpion's reserve and ``x`` Scorpion's removed
runs.  Every move of every game names its piles in this vocabulary
(:class:`PileMove`), and so do :mod:`~patience_rules.effects` and
:mod:`~patience_rules.gestures`.

>>> from patience_rules.piles import Pile, PileKind, WASTE
>>> pile = Pile.parse("F2")
>>> pile, pile.kind, pile.number, str(pile)
(Pile.parse('f2'), <PileKind.FOUNDATION: 'foundation'>, 2, 'f2')
>>> Pile.column(3) == Pile.parse("3"), Pile.parse("w") is WASTE
(True, True)
"""

from __future__ import annotations

import enum
from typing import Protocol, TypeVar

import attrs

from patience_rules import _text
from patience_rules.cards import Card
from patience_rules.errors import InvalidNotationError
from patience_rules.reasons import Reason

__all__ = [
    "REMOVED_RUNS",
    "RESERVE",
    "STOCK",
    "WASTE",
    "Pile",
    "PileKind",
    "PileMove",
]

MAX_COLUMNS = 10
"""The most columns a game has (Forty Thieves)."""
MAX_FOUNDATIONS = 8
"""The most foundations a game has (Forty Thieves)."""


class PileKind(str, enum.Enum):
    """What a pile is; the value is its name in saved data."""

    STOCK = "stock"
    """The face-down cards still to be drawn (Golf, Forty Thieves), named ``s``."""
    WASTE = "waste"
    """The drawn cards, face up (Golf, Forty Thieves), named ``w``."""
    COLUMN = "column"
    """A tableau column, named by its number, e.g. ``3``."""
    FOUNDATION = "foundation"
    """A foundation (Forty Thieves), named ``f`` and its number, e.g. ``f2``."""
    RESERVE = "reserve"
    """The cards dealt once onto columns 1 to 3 (Scorpion), named ``r``."""
    REMOVED_RUNS = "removed_runs"
    """Where the removed King-to-Ace runs go (Scorpion), named ``x``."""

    def __str__(self) -> str:
        return self.value


_LETTERS = {
    PileKind.STOCK: "s",
    PileKind.WASTE: "w",
    PileKind.RESERVE: "r",
    PileKind.REMOVED_RUNS: "x",
}
_HIGHEST = {PileKind.COLUMN: MAX_COLUMNS, PileKind.FOUNDATION: MAX_FOUNDATIONS}
_NO_SUCH = {PileKind.COLUMN: Reason.NO_SUCH_COLUMN, PileKind.FOUNDATION: Reason.NO_SUCH_FOUNDATION}


def _check_number(instance: Pile, _attribute: object, number: int) -> None:
    highest = _HIGHEST.get(instance.kind, 0)
    if type(number) is not int:
        raise InvalidNotationError(
            f"pile number {_text.quote(number)} is not an integer", Reason.NO_SUCH_PILE
        )
    if highest and not 1 <= number <= highest:
        raise InvalidNotationError(
            f"{_text.quote(number)} is not a {instance.kind} number (1-{highest})",
            _NO_SUCH[instance.kind],
        )
    if not highest and number:
        raise InvalidNotationError(
            f"the {instance.kind} has no number, got {_text.quote(number)}", Reason.NO_SUCH_PILE
        )


def _check_kind(_instance: object, _attribute: object, kind: PileKind) -> None:
    if not isinstance(kind, PileKind):
        raise InvalidNotationError(f"{_text.quote(kind)} is not a PileKind", Reason.NO_SUCH_PILE)


@attrs.frozen(repr=False)
class Pile:
    """A place cards lie in: a *kind* and, for a column or a foundation, its *number*.

    *number* counts from 1, left to right; it is 0 for the piles that are not
    numbered (stock, waste, reserve, removed runs).  ``str(pile)`` is the
    notation's name for it and :meth:`parse` reads it back.

    Raises:
        InvalidNotationError: the number does not fit the kind.
    """

    kind: PileKind = attrs.field(validator=_check_kind)
    number: int = attrs.field(default=0, validator=_check_number)

    @classmethod
    def column(cls, number: int) -> Pile:
        """Column *number* (1 is the leftmost).

        Raises:
            InvalidNotationError: *number* is not a column number.
        """
        return cls(PileKind.COLUMN, number)

    @classmethod
    def foundation(cls, number: int) -> Pile:
        """Foundation *number* (1 is the leftmost).

        Raises:
            InvalidNotationError: *number* is not a foundation number.
        """
        return cls(PileKind.FOUNDATION, number)

    @classmethod
    def parse(cls, text: str) -> Pile:
        """Read a pile's name: ``s``, ``w``, ``1``–``10``, ``f1``–``f8``, ``r`` or ``x``.

        Case, surrounding blanks and leading zeros do not matter, as in every
        game's notation.

        >>> Pile.parse(" R "), Pile.parse("10"), Pile.parse("F02")
        (Pile.parse('r'), Pile.parse('10'), Pile.parse('f2'))

        Raises:
            InvalidNotationError: *text* names no pile.
        """
        clean = _text.notation(text, "pile", Reason.NO_SUCH_PILE)
        kind, digits = (
            (PileKind.FOUNDATION, clean[1:]) if clean[:1] == "f" else (PileKind.COLUMN, clean)
        )
        pile = _NAMES.get(clean)
        number = _text.number(digits)
        if number is not None:
            pile = _NUMBERED.get((kind, number))
        if pile is None:
            raise InvalidNotationError(
                f"{_text.quote(text)} is not a pile: expected s, w, r, x, "
                f"a column 1-{MAX_COLUMNS} or a foundation f1-f{MAX_FOUNDATIONS}",
                Reason.NO_SUCH_PILE if number is None else _NO_SUCH[kind],
            )
        return pile

    def __str__(self) -> str:
        if self.kind is PileKind.COLUMN:
            return str(self.number)
        if self.kind is PileKind.FOUNDATION:
            return f"f{self.number}"
        return _LETTERS[self.kind]

    def __repr__(self) -> str:
        return f"Pile.parse({str(self)!r})"


STOCK = Pile(PileKind.STOCK)
"""The stock, named ``s``."""
WASTE = Pile(PileKind.WASTE)
"""The waste, named ``w``."""
RESERVE = Pile(PileKind.RESERVE)
"""Scorpion's reserve, named ``r``."""
REMOVED_RUNS = Pile(PileKind.REMOVED_RUNS)
"""Where Scorpion's removed runs go, named ``x``."""

_NAMES = {str(pile): pile for pile in (STOCK, WASTE, RESERVE, REMOVED_RUNS)}
_NUMBERED = {
    (kind, number): Pile(kind, number)
    for kind, highest in _HIGHEST.items()
    for number in range(1, highest + 1)
}

_S_contra = TypeVar("_S_contra", contravariant=True)


class PileMove(Protocol[_S_contra]):
    """What every move of every game answers, given the position it is played in.

    For a move the rules refuse, the answers describe what it names: its
    source is where its card lies, and it moves no cards when its source has
    none it could take.

    >>> from patience_rules import scorpion
    >>> state = scorpion.deal(1)
    >>> move = scorpion.parse_move("6H-2")
    >>> move.source_pile(state), move.target_pile(state), move.moved_cards(state)
    (Pile.parse('5'), Pile.parse('2'), (Card.parse('6H'), Card.parse('KS'), Card.parse('7C')))
    """

    def source_pile(self, state: _S_contra, /) -> Pile:
        """The pile the move takes its cards from (for a tap, the pile tapped)."""

    def target_pile(self, state: _S_contra, /) -> Pile:
        """The pile the cards go to; the tapped pile itself for Scorpion's reserve deal."""

    def moved_cards(self, state: _S_contra, /) -> tuple[Card, ...]:
        """The cards the move carries, deepest first."""
