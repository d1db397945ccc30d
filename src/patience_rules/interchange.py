"""Positions in the formats of other solvers: Solvitaire and black-hole-solver.

Two parse/format pairs, each between one game's ``State`` and the text another
solver reads (see :doc:`/interchange` for the formats, what each carries and
how to run the solvers):

- :func:`to_solvitaire` / :func:`from_solvitaire`: a Forty Thieves position as
  a deal file of Solvitaire (Charlie Blake and Ian Gent's general solver,
  preset ``forty-thieves``);
- :func:`to_black_hole` / :func:`from_black_hole`: a Golf position as a board
  of Shlomi Fish's black-hole-solver (``--game golf``), the layout of the
  PySolFC deals its tests use.

Reading checks everything :func:`forty_thieves.from_dict
<patience_rules.forty_thieves.from_dict>` and :func:`golf.from_dict
<patience_rules.golf.from_dict>` check, so a position that loads is one that
play can reach by the library's loading rules (see :doc:`/loading`); any
problem raises :class:`~patience_rules.InvalidPositionError` naming the field,
the line or the card.  A text is at most :data:`MAX_TEXT_LENGTH` characters.

>>> from patience_rules import golf, interchange
>>> board = interchange.to_black_hole(golf.deal(1))
>>> print(board.splitlines()[0][:24])
Talon: TS QC JC TH KH 9S
>>> interchange.from_black_hole(board) == golf.deal(1)
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any, NamedTuple

from patience_rules import _json, forty_thieves, golf
from patience_rules._rules import expect_state, variant_member
from patience_rules._text import quote
from patience_rules.cards import Card, Rank, Suit, one_deck
from patience_rules.errors import InvalidPositionError

__all__ = [
    "MAX_TEXT_LENGTH",
    "black_hole_options",
    "from_black_hole",
    "from_solvitaire",
    "to_black_hole",
    "to_solvitaire",
]

MAX_TEXT_LENGTH = 16_384
"""The most characters :func:`from_solvitaire` and :func:`from_black_hole` read.

A Forty Thieves deal file is under 2,000 characters and a Golf board under
200; the bound keeps a hostile text from costing more than reading one.
"""

_RANKS = len(Rank)

# --- Solvitaire -------------------------------------------------------------

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

    >>> from patience_rules import forty_thieves
    >>> from_solvitaire(to_solvitaire(forty_thieves.deal(2))) == forty_thieves.deal(2)
    True

    Raises:
        InvalidPositionError: *text* is not such a file (too long, not JSON,
            an unknown or duplicated key, a malformed pile or card), or the
            position is not one that play can reach (see
            :func:`forty_thieves.from_dict <patience_rules.forty_thieves.from_dict>`).
    """
    data = _read_json(_bounded(text, "a Solvitaire deal"))
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
        raise _about_position(error) from None


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


# --- black-hole-solver ------------------------------------------------------

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
    lines = _bounded(text, "a black-hole-solver board").replace("\r\n", "\n").split("\n")
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
    return _golf_position(variant, board, stock, top)


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


def _golf_position(
    variant: golf.Variant,
    columns: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    top: Card,
) -> golf.State:
    """The position of these piles, with the missing cards under *top* (see :func:`_waste`)."""
    for number, column in enumerate(columns, 1):
        if len(column) > golf.ROWS:
            raise InvalidPositionError(
                f"column {number} has {len(column)} cards, at most {golf.ROWS}"
            )
    if len(stock) > golf.STOCK_SIZE:
        raise InvalidPositionError(f"the talon has {len(stock)} cards, at most {golf.STOCK_SIZE}")
    seen = Counter([*stock, top, *(card for column in columns for card in column)])
    twice = sorted(card for card, count in seen.items() if count > 1)
    if twice:
        raise InvalidPositionError("a card is listed twice: " + " ".join(map(str, twice)))
    missing = [card for card in one_deck() if card not in seen]
    won = not any(columns)
    waste = _waste(missing, top, variant, won=won)
    drawn = golf.STOCK_SIZE - len(stock)
    if waste is None or _chains(waste, variant) - 1 > drawn:
        raise InvalidPositionError(
            f"no play reaches this position: the {len(missing)} cards neither on the board nor "
            f"in the talon cannot lie under {top} in the waste with at most {drawn} of them "
            "drawn (every other waste card was played, so fits the card under it)"
            + (" and the last one played from the board" if won else "")
        )
    try:
        return golf.from_dict(golf.to_dict(golf.State(variant, columns, stock, waste)))
    except InvalidPositionError as error:
        raise _about_position(error) from None


def _chains(waste: Sequence[Card], variant: golf.Variant) -> int:
    """How many runs of cards, each fitting the one under it, *waste* is made of."""
    return 1 + sum(not golf.fits(card, under, variant) for under, card in pairwise(waste))


def _waste(
    missing: Sequence[Card], top: Card, variant: golf.Variant, *, won: bool
) -> tuple[Card, ...] | None:
    r"""*missing* and *top* as a waste, *top* last, made of the fewest chains; or ``None``.

    A chain is a run of cards each one rank from the one under it (King–Ace
    too under Easy), so a waste of *k* chains is one play builds with *k* − 1
    drawn cards, and no fewer (a card that does not fit the one under it was
    drawn).  With *won*, the last chain has at least two cards (the winning
    card came off the board).  ``None`` when *won* and no such waste exists.

    Suits never matter, so this works on ranks.  A waste of *k* chains is a
    set of *k* walks on the ranks (steps of ±1, around the ring under Easy)
    visiting each rank as many times as there are cards of it.  Let *x* be
    how many steps the walks take along each edge between neighbouring
    ranks, and *e*\\ (*r*) = 2·count(*r*) − (steps at *r*) the walks' ends at
    rank *r* (a one-card walk has two).  Then *k* = Σ count − Σ *x*, and such
    walks exist exactly when every *e* ≥ 0, *top*'s rank has an end, and each
    connected stretch of ranks with steps has an end somewhere: join every
    end to an extra vertex; all degrees are then even, so an Euler circuit
    exists, and cutting it at the extra vertex gives the walks (a stretch
    without ends would be a closed loop, which no walk can be).  So a
    dynamic programme over the ranks (:func:`_most_steps`) finds the most
    steps, and an Euler circuit (:func:`_walks`) lays the cards out.
    """
    counts = [0] * _RANKS
    for card in (*missing, top):
        counts[card.rank - 1] += 1
    ring = variant is golf.Variant.EASY
    steps = _most_steps(counts, top.rank - 1, ring=ring, won=won)
    if steps is None:
        return None
    walks = _walks(counts, steps)
    last = _last_walk(walks, top.rank - 1, won=won)
    by_rank: list[list[Card]] = [[] for _ in range(_RANKS)]
    for card in sorted(missing, reverse=True):
        by_rank[card.rank - 1].append(card)
    by_rank[top.rank - 1].insert(0, top)  # popped last: the final visit of its rank
    ranks = [rank for walk in walks if walk is not last for rank in walk] + last
    return tuple(by_rank[rank].pop() for rank in ranks)


class _Stretch(NamedTuple):
    """The programme's state after a rank (see :func:`_most_steps`)."""

    steps: int
    """The steps to the next rank."""
    end: bool
    """Whether the stretch of joined ranks that reaches the next rank has an end."""
    first_open: bool
    """Whether that stretch is the first one, which the King-Ace steps join to the last."""
    first_end: bool
    """Whether the first stretch, once closed, had an end."""


def _most_steps(counts: Sequence[int], top: int, *, ring: bool, won: bool) -> list[int] | None:
    """The steps *x* along each rank edge (see :func:`_waste`) of the fewest walks.

    ``x[r]`` counts the steps between rank *r* and *r* + 1; ``x[12]``, between
    the King and the Ace, is 0 unless *ring*.  Rank *top* must have a walk's
    end, and with *won* a step too (so a walk of two cards or more ends
    there).  For each number of King-Ace steps, a programme runs over the
    ranks in order, its state a :class:`_Stretch`.  ``None`` when no walks
    satisfy the conditions.
    """
    best: list[int] | None = None
    for wrap in range(2 * min(counts[0], counts[-1]) + 1) if ring else range(1):
        states: dict[_Stretch, list[int]] = {
            _Stretch(wrap, end=False, first_open=wrap > 0, first_end=False): []
        }
        for rank, count in enumerate(counts):
            following: dict[_Stretch, list[int]] = {}
            last = rank == _RANKS - 1
            for before, chosen in states.items():
                room = 2 * count - before.steps
                for steps in [wrap] if last else range(room + 1):
                    ends = room - steps
                    if ends < 0 or (rank == top and (ends == 0 or (won and ends == 2 * count))):
                        continue
                    after = _next_stretch(before, count, steps, ends, last=last)
                    if after is not None and (
                        after not in following or sum(chosen) + steps > sum(following[after])
                    ):
                        following[after] = [*chosen, steps]
            states = following
        for steps_taken in states.values():
            if best is None or sum(steps_taken) > sum(best):
                best = steps_taken
    return best


def _next_stretch(
    before: _Stretch, count: int, steps: int, ends: int, *, last: bool
) -> _Stretch | None:
    """The state after a rank of *count* cards with *steps* to the next and *ends* ends.

    ``None`` if a stretch closes with no end: it would be a closed loop.
    """
    if count == 0:  # no card of this rank: nothing joins across it
        return _closed(first_end=before.first_end)
    end = (before.end and before.steps > 0) or ends > 0
    if last and steps > 0:  # the King-Ace steps join this stretch to the first
        joined = _Stretch(steps, end=True, first_open=False, first_end=True)
        return joined if end or before.first_end else None
    if steps > 0:
        return before._replace(steps=steps, end=end)
    if before.first_open:  # the first stretch closes; the last one joins it
        return _closed(first_end=end)
    return _closed(first_end=before.first_end) if end else None


def _closed(*, first_end: bool) -> _Stretch:
    """The state after a rank where the stretch closed (or no card was)."""
    return _Stretch(0, end=False, first_open=False, first_end=first_end)


def _walks(counts: Sequence[int], steps: Sequence[int]) -> list[list[int]]:
    """The walks of *steps*: an Euler circuit through an extra vertex, cut there.

    The extra vertex is joined to each rank once per walk's end there; the
    circuit (Hierholzer's algorithm) leaves it along one of those edges and
    comes back along another, so each stretch between two visits is a walk.
    """
    extra = _RANKS
    edges: list[tuple[int, int]] = []
    for rank in range(_RANKS):
        edges += [(rank, (rank + 1) % _RANKS)] * steps[rank]
    for rank, count in enumerate(counts):
        degree = steps[rank] + steps[rank - 1]
        edges += [(extra, rank)] * (2 * count - degree)
    incident: list[list[int]] = [[] for _ in range(_RANKS + 1)]
    for index, (a, b) in enumerate(edges):
        incident[a].append(index)
        incident[b].append(index)
    used = [False] * len(edges)
    stack, circuit = [extra], []
    while stack:
        vertex = stack[-1]
        while incident[vertex] and used[incident[vertex][-1]]:
            incident[vertex].pop()
        if incident[vertex]:
            index = incident[vertex].pop()
            used[index] = True
            a, b = edges[index]
            stack.append(b if a == vertex else a)
        else:
            circuit.append(stack.pop())
    walks: list[list[int]] = [[]]
    for vertex in circuit[1:-1]:
        if vertex == extra:
            walks.append([])
        else:
            walks[-1].append(vertex)
    return walks


def _last_walk(walks: list[list[int]], top: int, *, won: bool) -> list[int]:
    """The walk to put last, turned to end at rank *top*: two ranks or more if *won*.

    With *won*, if only one-rank walks end at *top*, a walk passing through
    *top* is cut there and the one-rank walk dropped: as many walks as
    before, and the first half ends at *top* after a step.
    """
    for walk in walks:
        if (walk[0] == top or walk[-1] == top) and (len(walk) > 1 or not won):
            if walk[-1] != top:
                walk.reverse()
            return walk
    alone = walks.index([top])
    through = next(w for w in walks if top in w[1:-1])
    cut = through.index(top, 1)
    walks[alone] = through[cut:]
    through[cut + 1 :] = []
    return through


# --- shared -----------------------------------------------------------------


def _bounded(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise InvalidPositionError(f"{what} must be a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise InvalidPositionError(
            f"{what} is {len(text)} characters long, more than the {MAX_TEXT_LENGTH} read"
        )
    return text


def _read_json(text: str) -> dict[str, Any]:
    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = Counter(key for key, _ in pairs)
        twice = [key for key, count in keys.items() if count > 1]
        if twice:
            raise InvalidPositionError(f"key {quote(twice[0])} appears twice")
        return dict(pairs)

    try:
        data = json.loads(text, object_pairs_hook=unique)
    except (ValueError, RecursionError) as error:
        if isinstance(error, InvalidPositionError):
            raise
        raise InvalidPositionError(f"not JSON: {quote(str(error))}") from None
    if not isinstance(data, dict):
        raise InvalidPositionError(f"a deal must be a JSON object, not {type(data).__name__}")
    return data


def _about_position(error: InvalidPositionError) -> InvalidPositionError:
    """*error* of a game's ``from_dict``, said to be about the position read."""
    return InvalidPositionError(f"the position: {error}")
