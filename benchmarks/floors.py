"""The floors: the fastest plain Python we can write for each game's random playout.

A floor plays exactly the games the library plays: it lists the legal actions
in the library's order, draws one with the same ``rng.randrange`` call, and
applies it, on mutable lists of small integers (a card is ``rank * 4 + suit``)
with lookup tables, and nothing but the rules.  The deals are turned into its
form before the clock starts (:func:`prepare`); each playout copies them.
:func:`same_games` checks a floor against the library: same number of actions,
same random draws, same final position.

Each floor returns the actions played and its final piles, which
:func:`library_form` turns into the same shape for the comparison.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.cards import Card, Rank, Suit

SUITS = "CDHS"

Floor = Callable[[random.Random, Any, int], tuple[int, Any]]


def code(card: Card) -> int:
    """The floor's integer for *card*: ``rank * 4 + suit``."""
    return card.rank.value * 4 + SUITS.index(card.suit.value)


def codes(cards: tuple[Card, ...]) -> list[int]:
    """The floor's integers for *cards*, in order."""
    return [code(card) for card in cards]


# Golf -----------------------------------------------------------------------------------------


def _card(rank: int) -> Card:
    return Card(Rank(rank), Suit.CLUBS)


_GOLF_FITS = {
    variant: [[]]
    + [
        [False] + [golf.fits(_card(rank), _card(waste), variant) for rank in range(1, 14)]
        for waste in range(1, 14)
    ]
    for variant in golf.Variant
}
"""``_GOLF_FITS[variant][waste rank][rank]``: whether a card of *rank* goes onto the waste card."""


def _ranks(cards: tuple[Card, ...]) -> list[int]:
    return [card.rank.value for card in cards]


def golf_prepare(state: golf.State) -> tuple[Any, ...]:
    """A Golf deal in the floor's form: column ranks, stock ranks (next last), waste rank, fits.

    Golf's rules look at ranks only, so the floor keeps nothing else.
    """
    return (
        [_ranks(column) for column in state.columns],
        _ranks(state.stock)[::-1],
        state.waste[-1].rank.value,
        _GOLF_FITS[state.variant],
    )


def golf_floor(rng: random.Random, deal: tuple[Any, ...], cap: int) -> tuple[int, Any]:
    """Golf: draw first when the stock has cards, then the fitting columns left to right."""
    columns, stock, top, fits = deal
    columns = [column[:] for column in columns]
    stock = stock[:]
    left = sum(map(len, columns))
    actions = 0
    while left and actions < cap:
        fit = fits[top]
        fitting = [c for c in columns if c and fit[c[-1]]]
        if stock:
            pick = rng.randrange(len(fitting) + 1)
            if not pick:
                top = stock.pop()
                actions += 1
                continue
            top = fitting[pick - 1].pop()
        elif fitting:
            top = fitting[rng.randrange(len(fitting))].pop()
        else:
            break
        left -= 1
        actions += 1
    return actions, (columns, stock, top)


def golf_library_form(state: golf.State) -> Any:  # noqa: ANN401 - the floor's own shape
    """*state* in the shape :func:`golf_floor` returns."""
    columns, stock, top, _ = golf_prepare(state)
    return columns, stock, top


# Forty Thieves --------------------------------------------------------------------------------

_FT_SUITS = [SUITS.index(suit.value) for suit in forty_thieves.FOUNDATION_SUITS]
_FT_FOUNDATIONS_OF = [
    [index for index, suit in enumerate(_FT_SUITS) if suit == s] for s in range(4)
]
_WASTE, _COLUMN0, _FOUNDATION0 = 0, 1, 11  # source and target numbers: w, 1-10, f1-f8
_DRAW = -1
_DRAW_MOVE = (_DRAW, 0)


def ft_prepare(state: forty_thieves.State) -> tuple[Any, ...]:
    """A Forty Thieves deal: columns, stock (next card last), waste, foundation heights, score."""
    return (
        [codes(column) for column in state.columns],
        codes(state.stock)[::-1],
        codes(state.waste),
        [len(pile) for pile in state.foundations],
        state.score,
    )


_FT_MOVES = [[(source, target) for target in range(19)] for source in range(19)]
"""Every (source, target) pair made once, so a playout builds no tuples."""


def _ft_targets(takes: dict[int, list[int]], empty: list[int], card: int) -> list[int]:
    built = takes.get(card)
    if built is None:
        return empty
    return sorted(built + empty) if empty else built


def ft_floor(rng: random.Random, deal: tuple[Any, ...], cap: int) -> tuple[int, Any]:  # noqa: C901, PLR0912, PLR0915 - one loop on purpose: a call costs time
    """Forty Thieves: draw, then for waste, columns, foundations: to foundations, to columns."""
    columns, stock, waste, heights, score = deal
    columns = [column[:] for column in columns]
    stock, waste, heights = stock[:], waste[:], heights[:]
    suit_of, foundations_of, pairs = _FT_SUITS, _FT_FOUNDATIONS_OF, _FT_MOVES
    targets_of = _ft_targets
    home = sum(heights)
    actions = 0
    while actions < cap and home < 104:
        moves: list[tuple[int, int]] = [_DRAW_MOVE] if stock else []
        append = moves.append
        takes: dict[int, list[int]] = {}  # card: the columns it can go onto
        empty: list[int] = []
        for index, column in enumerate(columns):
            if not column:
                empty.append(index)
            elif column[-1] >= 8:  # not an Ace: takes its suit one rank lower
                top = column[-1] - 4
                if top in takes:
                    takes[top].append(index)
                else:
                    takes[top] = [index]
        if waste:
            card, row = waste[-1], pairs[_WASTE]
            below = (card >> 2) - 1
            for f in foundations_of[card & 3]:
                if heights[f] == below:
                    append(row[_FOUNDATION0 + f])
            for t in targets_of(takes, empty, card):
                append(row[_COLUMN0 + t])
        for index, column in enumerate(columns):
            if column:
                card, row = column[-1], pairs[_COLUMN0 + index]
                below = (card >> 2) - 1
                for f in foundations_of[card & 3]:
                    if heights[f] == below:
                        append(row[_FOUNDATION0 + f])
                for t in targets_of(takes, empty, card):
                    if t != index:
                        append(row[_COLUMN0 + t])
        for f, height in enumerate(heights):
            if height:
                row = pairs[_FOUNDATION0 + f]
                for t in targets_of(takes, empty, height * 4 + suit_of[f]):
                    append(row[_COLUMN0 + t])
        if not moves:
            break
        source, target = moves[rng.randrange(len(moves))]
        actions += 1
        if source == _DRAW:
            waste.append(stock.pop())
            continue
        if source == _WASTE:
            card = waste.pop()
            points = 5
        elif source < _FOUNDATION0:
            card = columns[source - _COLUMN0].pop()
            points = 0
        else:
            f = source - _FOUNDATION0
            card = heights[f] * 4 + suit_of[f]
            heights[f] -= 1
            home -= 1
            points = -15
        if target < _FOUNDATION0:
            columns[target - _COLUMN0].append(card)
        else:
            heights[target - _FOUNDATION0] += 1
            home += 1
            points = 10
        score = max(0, score + points)
    return actions, (columns, stock, waste, heights, score)


def ft_library_form(state: forty_thieves.State) -> Any:  # noqa: ANN401 - the floor's own shape
    """*state* in the shape :func:`ft_floor` returns."""
    return ft_prepare(state)


# Scorpion -------------------------------------------------------------------------------------

_RUNS = [[(13 - i) * 4 + suit for i in range(13)] for suit in range(4)]
"""Each suit's complete run, King first, as a column's top 13 cards read deepest first."""


def scorpion_prepare(state: scorpion.State) -> tuple[Any, ...]:
    """A Scorpion deal: face-down and face-up cards per column, reserve, runs, any-suit flag."""
    return (
        [codes(column.down) for column in state.columns],
        [codes(column.up) for column in state.columns],
        codes(state.reserve),
        len(state.removed_runs),
        state.variant is scorpion.Variant.FLEXIBLE,
    )


def _settle(up: list[int], down: list[int]) -> int:
    """Remove a complete run from the top of *up* (turning up what it uncovers); 1 if removed."""
    if len(up) >= 13 and up[-1] < 8 and up[-13:] == _RUNS[up[-1] & 3]:
        del up[-13:]
        if not up and down:
            up.append(down.pop())
        return 1
    return 0


_KINGS = [13 * 4 + suit for suit in range(4)]
_SCORPION_KEYS = {
    # any_suit: (the key a card is looked up by, the key of the card a top card takes, Kings' keys)
    False: (list(range(56)), [c - 4 if c >= 8 else -1 for c in range(56)], _KINGS),
    True: ([c >> 2 for c in range(56)], [(c >> 2) - 1 if c >= 8 else -1 for c in range(56)], [13]),
}
"""Classic looks a card up by itself (its successor's suit and rank), Flexible by its rank."""


def scorpion_floor(rng: random.Random, deal: tuple[Any, ...], cap: int) -> tuple[int, Any]:  # noqa: C901, PLR0912 - one loop on purpose
    """Scorpion: the reserve deal first, then each column's cards deepest first, by target."""
    down, up, reserve, runs, any_suit = deal
    down = [cards[:] for cards in down]
    up = [cards[:] for cards in up]
    key_of, takes_key, king_keys = _SCORPION_KEYS[any_suit]
    actions = 0
    while runs < 4 and actions < cap:
        moves: list[tuple[int, int, int]] = [(-1, 0, 0)] if reserve else []
        append = moves.append
        wants: dict[int, list[int]] = {}  # a card's key: the columns it can go onto
        empty = []
        for target, onto in enumerate(up):
            if not onto:
                empty.append(target)
            else:
                key = takes_key[onto[-1]]
                if key in wants:
                    wants[key].append(target)
                else:
                    wants[key] = [target]
        if empty:
            for key in king_keys:
                wants[key] = empty
        for source, cards in enumerate(up):
            for index, card in enumerate(cards):
                targets = wants.get(key_of[card])
                if targets:
                    for target in targets:
                        if target != source:
                            append((source, index, target))
        if not moves:
            break
        source, index, target = moves[rng.randrange(len(moves))]
        actions += 1
        if source < 0:
            for column, card in enumerate(reserve):
                up[column].append(card)
                runs += _settle(up[column], down[column])
            reserve = []
            continue
        up[target] += up[source][index:]
        del up[source][index:]
        if not up[source] and down[source]:
            up[source].append(down[source].pop())
        runs += _settle(up[target], down[target])
    return actions, (down, up, reserve, runs)


def scorpion_library_form(state: scorpion.State) -> Any:  # noqa: ANN401 - the floor's own shape
    """*state* in the shape :func:`scorpion_floor` returns."""
    return scorpion_prepare(state)[:4]


FLOORS: dict[str, tuple[Callable[[Any], Any], Floor, Callable[[Any], Any]]] = {
    "golf": (golf_prepare, golf_floor, golf_library_form),
    "forty_thieves": (ft_prepare, ft_floor, ft_library_form),
    "scorpion": (scorpion_prepare, scorpion_floor, scorpion_library_form),
}
"""Per game: its deal converter, its floor and the library state in the floor's shape."""


def prepare(state: Any) -> Any:  # noqa: ANN401 - any game
    """*state* in its game's floor form."""
    return FLOORS[state.game][0](state)


class _Recording(random.Random):
    """A :class:`random.Random` that remembers how many choices each draw had."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.choices: list[int] = []

    def randrange(self, n: int) -> int:  # type: ignore[override] - the playouts' one use
        self.choices.append(n)
        return super().randrange(n)


def same_games(state: Any, cap: int, seed: int) -> bool:  # noqa: ANN401 - any game
    """Whether the floor plays the library's game from *state*: same choices, same end."""
    prepare_deal, floor, library_form = FLOORS[state.game]
    rules = {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}[state.game]
    floor_rng, library_rng = _Recording(seed), _Recording(seed)
    actions, final = floor(floor_rng, prepare_deal(state), cap)
    played = 0
    while played < cap and (moves := rules.legal_moves(state)):
        state = rules.apply(state, moves[library_rng.randrange(len(moves))])
        played += 1
    return (
        actions == played
        and floor_rng.choices == library_rng.choices
        and final == library_form(state)
    )
