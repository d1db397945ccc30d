"""Golf reads a position as ``to_dict`` writes it in fewer steps, with the same outcome.

``golf._read_written`` reads piles of canonical card names in one lookup and proves the
52 cards by a set of their names; anything else goes to the reading pile by pile, which
names what is wrong.  ``golf._from_written`` tells a position exactly as ``to_dict``
writes it, which the undo history's chain then reads its later positions against.  Both
are switched off here against the full reading, on saved positions and on tampered ones.
"""

import json
from unittest import mock

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from patience_rules import InvalidPositionError, _chain, golf
from patience_rules.cards import one_deck
from patience_rules.strategies import games

NAMES = [str(card) for card in one_deck()]
JUNK = [5, 5.0, True, "x", "", None, [], ["AS"], ["ZZ"], [1], {"up": []}, "10H", "ah", "AS "]


class LookAlike:
    """Equal to a string and hashed as it, but no string: no variant ``from_dict`` reads."""

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return other == self.text

    def __hash__(self):
        return hash(self.text)


class Integer(int):
    """An ``int`` subclass: ``from_dict`` reads its value, ``to_dict`` writes an ``int``."""


def outcome(read, data):
    """What *read* makes of *data*: the position, or the refusal's message."""
    try:
        return read(data)
    except InvalidPositionError as error:
        return f"refused: {error}"


def full_read(data):
    """``golf.from_dict`` with the shortcut off: every pile read and checked on its own."""
    with mock.patch.object(golf, "_read_written", return_value=None):
        return golf.from_dict(data)


def positions():
    """Saved Golf positions of random games, as a web back end gets them, with the States."""
    return games("golf", max_moves=60).flatmap(
        lambda game: st.sampled_from([*game.history, game.state])
    )


@settings(max_examples=80)
@given(positions())
def test_a_position_as_to_dict_writes_it_is_read_by_the_shortcut(state):
    """Every saved position is read in one lookup, as the full reading reads it."""
    data = json.loads(json.dumps(golf.to_dict(state)))
    assert golf._read_written(data) == state
    assert golf._from_written(data) == state
    assert golf.from_dict(data) == full_read(data) == state


class Names(list):
    """A list subclass: ``from_dict`` reads it as a list, and ``to_dict`` writes lists."""


EXOTIC = {
    "a variant look-alike": lambda data: data.update(variant=LookAlike(data["variant"])),
    "an int subclass score": lambda data: data.update(score=Integer(data["score"])),
    "an eighth, empty column": lambda data: data["columns"].append([]),
    "a name twice, 53 in all": lambda data: data["stock"].append(data["waste"][0]),
    "a column of six": lambda data: data["columns"][0].append(data["stock"].pop()),
    "a stock of seventeen": lambda data: data["stock"].extend(
        [data["columns"][0].pop(), data["columns"][0].pop()]
    ),
    "a name spelled otherwise": lambda data: data["stock"].__setitem__(
        0, data["stock"][0].lower()
    ),
    "a list subclass": lambda data: data.update(stock=Names(data["stock"])),
    "the stock a tuple": lambda data: data.update(stock=tuple(data["stock"])),
    "the waste a tuple": lambda data: data.update(waste=tuple(data["waste"])),
    "the columns a tuple": lambda data: data.update(columns=tuple(data["columns"])),
    "a column a tuple": lambda data: data["columns"].append(tuple(data["columns"].pop())),
}
"""Changes to a saved position (one draw after the deal) that ``to_dict`` does not write,
each declined by one check of the shortcut: the random tamperings meet them seldom."""


@pytest.mark.parametrize("change", EXOTIC.values(), ids=EXOTIC.keys())
@pytest.mark.parametrize("variant", golf.Variant)
def test_what_to_dict_does_not_write_is_left_to_the_full_reading(change, variant):
    """The shortcut declines it, and ``from_dict`` reads or refuses it as the full reading."""
    drawn = golf.apply(golf.deal(7, variant), golf.Draw())  # room for a card in the stock
    data = json.loads(json.dumps(golf.to_dict(drawn)))
    change(data)
    assert golf._from_written(data) is None
    assert outcome(golf.from_dict, data) == outcome(full_read, data)


def _piles(data):
    """The saved position *data*'s lists of card names: its columns, stock and waste."""
    return [*data["columns"], data["stock"], data["waste"]]


def _overfill(data, pile):
    """A column past 5 cards, the stock past 16, or the waste emptied, with cards of the others.

    The 52 names stay once each: the cards come off the other piles' ends (the waste's
    last), and a waste's cards go into the gaps of the columns and the stock, then onto
    the stock.
    """
    columns, stock, waste = data["columns"], data["stock"], data["waste"]
    if pile == "waste":
        for target, size in [
            *((column, golf.ROWS) for column in columns),
            (stock, golf.STOCK_SIZE),
        ]:
            while waste and len(target) < size:
                target.append(waste.pop())
        stock += waste
        waste.clear()
        return
    target, size = (columns[0], golf.ROWS) if pile == "column" else (stock, golf.STOCK_SIZE)
    donors = [other for other in [*columns, stock] if other is not target] + [waste]
    while len(target) <= size:
        target.append(next(donor for donor in donors if donor).pop())


def _tamper(data, how, draw):  # noqa: C901 - one branch a tampering
    """*data* changed in the way *how* names, drawing what it needs with *draw*."""
    if how == "swap":  # two names swapped across the piles: still 52 canonical names
        piles = _piles(data)
        names = [name for pile in piles for name in pile]
        one, other = draw(st.sampled_from(names)), draw(st.sampled_from(names))
        for pile in piles:
            pile[:] = [{one: other, other: one}.get(name, name) for name in pile]
    elif how == "move":  # a card from one pile onto the end of another: sizes change
        piles = _piles(data)
        source = draw(st.sampled_from([pile for pile in piles if pile]))
        target = draw(st.sampled_from(piles))
        target.append(source.pop(draw(st.integers(0, len(source) - 1))))
    elif how == "overfill":
        _overfill(data, draw(st.sampled_from(["column", "stock", "waste"])))
    elif how == "name":  # a name written over: a duplicate, another spelling or junk
        pile = draw(st.sampled_from([pile for pile in _piles(data) if pile]))
        pile[draw(st.integers(0, len(pile) - 1))] = draw(st.sampled_from(NAMES + JUNK))
    elif how == "pile":  # a whole pile, or the list of columns, replaced
        key = draw(st.sampled_from(["columns", "stock", "waste"]))
        data[key] = draw(st.sampled_from([*JUNK, tuple(data[key]), [*data[key], []]]))
    elif how == "column":  # one column replaced
        index = draw(st.integers(0, golf.COLUMNS - 1))
        data["columns"][index] = draw(st.sampled_from([*JUNK, tuple(data["columns"][index])]))
    elif how == "variant":
        variants = ["classic", "easy", "EASY", "easy ", LookAlike("easy"), *JUNK]
        data["variant"] = draw(st.sampled_from(variants))
    elif how == "score":  # another score, or the same as a float or an int subclass
        score = data["score"]
        data["score"] = draw(st.sampled_from([score + 10, float(score), Integer(score), *JUNK]))
    elif how == "status":
        data["status"] = draw(st.sampled_from(["playing", "won", "stuck", *JUNK]))
    elif how == "missing":
        del data[draw(st.sampled_from(sorted(data)))]
    else:  # a key more: from_dict ignores it, but to_dict does not write it
        data[draw(st.sampled_from(["note", "game", "moves"]))] = 0


TAMPERINGS = [
    "swap",
    "move",
    "overfill",
    "name",
    "variant",
    "score",
    "status",
    "column",
    "pile",
    "extra",
    "missing",
]
"""The ways to tamper with a position, in the order they are applied: each finds what it
changes as the ones before leave it."""


@settings(max_examples=200)
@given(positions(), st.sets(st.sampled_from(TAMPERINGS), min_size=1, max_size=3), st.data())
def test_a_tampered_position_is_read_or_refused_as_the_full_reading_does(state, hows, data):
    """Cards swapped or moved, a name or a pile junk, a field changed, a key lost or added.

    ``from_dict`` with the shortcut gives the full reading's position or refusal; and
    ``_from_written`` reads a position only when ``to_dict`` writes it back equal.
    """
    saved = json.loads(json.dumps(golf.to_dict(state)))
    for how in sorted(hows, key=TAMPERINGS.index):
        _tamper(saved, how, data.draw)
    shortcut = outcome(golf.from_dict, saved)
    assert shortcut == outcome(full_read, saved)
    event("refused" if isinstance(shortcut, str) else "read")
    event("read in one lookup" if golf._read_written(saved) is not None else "read pile by pile")
    written = golf._from_written(saved)
    if written is not None:
        assert written == shortcut
        assert golf.to_dict(written) == saved
        assert type(saved["score"]) is int


@settings(max_examples=60)
@given(games("golf", max_moves=60).filter(lambda game: game.history))
def test_the_chain_reads_the_oldest_position_as_the_full_read_does(game):
    """The oldest saved position, read by Golf's own step, is ``F`` of it and its ``T``."""
    items = json.loads(json.dumps(game.to_dict()))["history"]
    oldest = _chain._OLDEST[golf](golf, items[0])
    assert oldest == _chain._oldest(golf, items[0]) == (game.history[0], items[0])
