"""A position with a code that play cannot reach from its deal does not load.

Positions a few actions from the deal, of every game and variant, are saved
and then changed in one way — two cards swapped, a card moved to another
place, a card written over with another one — and loaded back with the same
move counter *m*.  Whatever loads must be a position that play reaches with
that counter; and every position that play reaches loads.

Why the search decides that soundly: a saved position with the counter *m*
(and no undo history) is one that play reaches exactly when some line of at
most *m* legal actions leads to it from the deal.  Undo never lowers the
counter, so a game at *m* took *m* actions, and after undoing some of them
its position is the one the actions not undone reach: at most *m*.
Conversely, a position *d* ≤ *m* actions from the deal is reached with the
counter at *m* by playing an action and undoing it *m* − *d* times first
(every deal has an action: Golf and Forty Thieves draw, Scorpion deals its
reserve), then the *d* actions.  A breadth-first search from the deal, *m*
actions deep, meets every position within *m* actions; positions are
compared with their scores, which are fields of the states.
"""

import copy
import functools

import attrs
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from patience_rules import Game, InvalidPositionError, parse_code
from patience_rules.game import rules_of
from patience_rules.strategies import games

DEPTHS = {"golf": 6, "forty_thieves": 3, "scorpion": 4}
"""How many actions deep each game is played and searched: the search stays small."""

GAMES = [
    ("golf", None),
    ("forty_thieves", None),
    ("scorpion", "classic"),
    ("scorpion", "flexible"),
]
"""Every game and variant, Scorpion before and after its reserve deal, held to the counter.

Scorpion's checks are necessary conditions, not a search: deeper, or with the counter
raised, a mutant may load that play does not reach (``docs/loading.md`` says what is known
of them, and ``benchmarks/mutants.py`` searches for them).  At these depths, with the
game's own counter, 32,000 random draws of the property test (8 seeds) met none."""


@functools.lru_cache(maxsize=32)
def reachable(code):
    """Every position within ``DEPTHS`` actions of *code*'s deal, with the fewest actions."""
    parsed = parse_code(code)
    rules = rules_of(parsed.game)
    deal = rules.deal(parsed.number, parsed.variant)
    depths = {deal: 0}
    frontier = [deal]
    for depth in range(1, DEPTHS[parsed.game] + 1):
        following = []
        for position in frontier:
            for move in rules.legal_moves(position):
                after = rules.apply(position, move)
                if after not in depths:
                    depths[after] = depth
                    following.append(after)
        frontier = following
    return depths


def card_lists(data):
    """Every list of card names in the saved position *data*: columns, stock, waste, ..."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            walk(value["down"])
            walk(value["up"])
        elif value and all(isinstance(item, list | dict) for item in value):
            for item in value:
                walk(item)
        else:
            found.append(value)

    for field in ("columns", "stock", "waste", "foundations", "reserve"):
        if field in data:
            walk(data[field])
    return found


@st.composite
def mutants(draw):
    """A game a few actions from its deal, and its saved position changed in one way.

    Cards near the top of their piles come first, where a change is likeliest to load.
    """
    name, variant = draw(st.sampled_from(GAMES))
    game = draw(games(name, variant, max_moves=DEPTHS[name]))
    data = game.to_dict()
    data.pop("history", None)
    unchanged = copy.deepcopy(data)
    piles = card_lists(data)
    slots = [(pile, index) for pile in piles for index in reversed(range(len(pile)))]
    pile, index = draw(st.sampled_from(slots))
    other, other_index = draw(st.sampled_from(slots))
    kind = draw(st.sampled_from(["swap", "move", "copy"]))
    if kind == "swap":
        pile[index], other[other_index] = other[other_index], pile[index]
    elif kind == "move":
        card = pile.pop(index)
        target = draw(st.sampled_from(piles))
        target.insert(len(target) - draw(st.integers(0, len(target))), card)
    else:
        pile[index] = other[other_index]
    assume(data != unchanged)
    return game, data


@settings(max_examples=300)
@given(mutants())
def test_a_mutant_that_loads_is_reachable_by_play(mutant):
    """Swapped, moved or copied cards load only where a line of play leads to them."""
    game, data = mutant
    try:
        loaded = Game.from_dict(data)
    except InvalidPositionError:
        event("refused")
        return
    event("loads")
    assert loaded == attrs.evolve(game, state=loaded.state, history=())
    depth = reachable(str(game.code)).get(loaded.state)
    assert depth is not None, "loads, but no line of play reaches it"
    assert depth <= game.moves, f"loads, but play reaches it in {depth} actions, not {game.moves}"


@settings(max_examples=30)
@given(st.sampled_from(sorted(DEPTHS)).flatmap(lambda name: games(name, max_moves=0)), st.data())
def test_positions_the_search_meets_load(dealt, data):
    """Positions within a few actions of a deal, saved with the fewest actions, all load."""
    positions = sorted(reachable(str(dealt.code)).items(), key=lambda item: item[1])
    for position, depth in data.draw(st.lists(st.sampled_from(positions), max_size=20)):
        game = Game(position, dealt.code, depth)
        assert Game.from_dict(game.to_dict()) == game
