"""Golf positions as boards of black-hole-solver, the layout of PySolFC's Golf deals."""

from __future__ import annotations

from patience_rules import golf
from patience_rules._rules import expect_state, variant_member
from patience_rules._text import quote
from patience_rules.cards import Card, one_deck
from patience_rules.errors import InvalidPositionError
from patience_rules.interchange._golf_waste import position_with_waste
from patience_rules.interchange._reading import bounded

__all__ = ["black_hole_options", "from_black_hole", "to_black_hole"]

_BLACK_HOLE_CARDS = {str(card): card for card in one_deck()}
"""The cards by black-hole-solver's names: ``AH``, ``TD``, ``KS`` (upper case)."""

_OPTIONS = {
    golf.Variant.EASY: ("--game", "golf", "--wrap-ranks"),
    golf.Variant.CLASSIC: ("--game", "golf", "--queens-on-kings"),
}


def black_hole_options(variant: golf.Variant = golf.Variant.EASY) -> tuple[str, ...]:
    """The options of ``black-hole-solve`` that play Golf under *variant*'s rules.

    The board does not say which rules apply; these options do.
    ``--game golf`` alone links neither King–Ace nor Queen–King; the Easy
    variant adds ``--wrap-ranks`` (King–Ace, which implies Queen–King), the
    Classic one ``--queens-on-kings``.  Options after ``--game golf``, since
    that option resets the wrapping.

    Player-safe: command-line options name no card.

    >>> " ".join(black_hole_options(golf.Variant.CLASSIC))
    '--game golf --queens-on-kings'

    Raises:
        InvalidCodeError: *variant* is not a Golf variant (nor its name).
    """
    return _OPTIONS[variant_member(golf.Variant, variant)]


def to_black_hole(state: golf.State) -> str:
    """The Golf position *state* as a black-hole-solver board.

    One ``Talon:`` line with the stock, the next card to be drawn first
    (left out when the stock is empty, as the solver reads no empty talon);
    one ``Foundations:`` line with the waste's top card; then the seven
    columns, one line each, deepest card first and the exposed card last.
    The cards under the waste's top are not in the format, nor is the
    variant: pass :func:`black_hole_options` to the solver.

    Not player-safe: the board holds every card, the stock's included.

    >>> print(to_black_hole(golf.deal(1)))
    Talon: TS QC JC TH KH 9S 9C KD 8D JH AS 6H 2D 6S 5C KS
    Foundations: 7S
    3D 2C 4C TC 7H
    QS JS 3S 9D 8H
    3C TD 4D 7D 6C
    6D 5D 7C 2H KC
    5S 9H 8C 5H 4S
    AH AC 2S QH AD
    JD QD 3H 4H 8S
    <BLANKLINE>

    Raises:
        InvalidPositionError: *state* is not a Golf position.
    """
    expect_state(golf.State, state)
    lines = [f"Talon: {' '.join(map(str, state.stock))}"] if state.stock else []
    lines.append(f"Foundations: {state.waste[-1]}")
    lines += [" ".join(map(str, column)) for column in state.columns]
    return "\n".join(lines) + "\n"


def from_black_hole(text: str, variant: golf.Variant = golf.Variant.EASY) -> golf.State:
    """Read a black-hole-solver Golf board, checking everything, as a *variant* position.

    The inverse of :func:`to_black_hole`.  It also reads the boards the solver
    prints (``--display-boards``: the ``Foundations:`` line first, a ``:``
    before each column) and ``Talon:`` with no cards.  The format holds the
    waste's top card only, so the other cards (those neither on the board nor
    in the stock) are put under it in an order play can build with the
    fewest drawn cards: :func:`golf.from_dict <patience_rules.golf.from_dict>`
    then accepts the position exactly when some play reaches its board,
    stock and waste card.

    Not player-safe: the position holds every card; send its player view.

    >>> board = to_black_hole(golf.deal(1))
    >>> from_black_hole(board, golf.Variant.CLASSIC) == golf.deal(1, golf.Variant.CLASSIC)
    True

    Raises:
        InvalidPositionError: *text* is not such a board (too long, a missing
            or unknown line, a malformed card, a card twice, too many cards
            in a column or the talon), or no play reaches the position.
        InvalidCodeError: *variant* is not a Golf variant (nor its name).
    """
    variant = variant_member(golf.Variant, variant)
    lines = bounded(text, "a black-hole-solver board").replace("\r\n", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    talon: tuple[Card, ...] | None = None
    top: Card | None = None
    number = 0
    while number < len(lines) and (talon is None or top is None):
        line = lines[number]
        if line.startswith("Talon:") and talon is None:
            talon = _black_hole_cards(line[len("Talon:") :], f"line {number + 1} (Talon)")
        elif line.startswith("Foundations:") and top is None:
            top = _black_hole_top(line[len("Foundations:") :], number + 1)
        else:
            break
        number += 1
    if top is None:
        raise InvalidPositionError(
            f"line {number + 1}: expected the 'Foundations:' line with the waste card"
        )
    columns = lines[number:]
    while len(columns) > golf.COLUMNS and not columns[-1].strip():
        columns.pop()
    if len(columns) != golf.COLUMNS:
        raise InvalidPositionError(
            f"expected {golf.COLUMNS} column lines after line {number}, found {len(columns)}"
        )
    board = tuple(
        _black_hole_cards(line.removeprefix(":"), f"line {index} (column {column})")
        for column, (index, line) in enumerate(enumerate(columns, number + 1), 1)
    )
    stock = talon or ()
    return position_with_waste(variant, board, stock, top)


def _black_hole_top(text: str, number: int) -> Card:
    if text.strip() == "-":
        raise InvalidPositionError(
            f"line {number} (Foundations) is '-', an empty waste: a golf waste always holds "
            "the dealt card"
        )
    cards = _black_hole_cards(text, f"line {number} (Foundations)")
    if len(cards) != 1:
        raise InvalidPositionError(
            f"line {number} (Foundations) must name one card, the waste's top, "
            f"not {len(cards)}: a golf waste always holds the dealt card"
        )
    return cards[0]


def _black_hole_cards(text: str, where: str) -> tuple[Card, ...]:
    cards = []
    for word in text.split():
        card = _BLACK_HOLE_CARDS.get(word)
        if card is None:
            raise InvalidPositionError(
                f"{where}: {quote(word)} is not a card: expected a rank "
                "(A, 2-9, T, J, Q, K) followed by a suit (C, D, H, S), in capitals"
            )
        cards.append(card)
    return tuple(cards)
