"""Numbers are read as numbers: a plain int or what operator.index makes of a value.

A subclass's own comparisons are never used.
"""

import pytest

from patience_rules import (
    Game,
    GameCode,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    Pile,
    PileKind,
    forty_thieves,
    golf,
    new_game,
    scorpion,
)
from patience_rules.shuffle import deal_seed

GOLF = "GO1-E-AAAAAAB"
FT = "FT1-N-AAAAAAC"


class Liar(int):
    """An int that says it is small and equal to anything, whatever its value."""

    def __lt__(self, other):
        return True

    def __le__(self, other):
        return True

    def __gt__(self, other):
        return False

    def __ge__(self, other):
        return True

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class Index:
    """Not an int, but an integer by operator.index, as NumPy's integers are."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value

    def __repr__(self):
        return f"Index({self.value!r})"


def test_a_lying_counter_is_read_as_its_value():
    """A counter of Liar(10**9) is 10**9 to the loader, so it is refused as past the bound."""
    data = new_game(GOLF).play("d").to_dict() | {"moves": Liar(10**9)}
    with pytest.raises(InvalidPositionError, match="more than the limit of 100000"):
        Game.from_dict(data)
    with pytest.raises(InvalidPositionError, match="not an integer from 0 to 100000"):
        Game(new_game(GOLF).state, moves=Liar(10**9))


def test_a_lying_forty_thieves_score_is_read_as_its_value():
    """A Forty Thieves score of Liar(10**6) is refused as the 10**6 it is."""
    data = new_game(FT).play("5-f2").to_dict() | {"score": Liar(10**6)}
    with pytest.raises(InvalidPositionError, match="field 'score' is 1000000"):
        Game.from_dict(data)


def test_a_lying_format_is_read_as_its_value():
    """A format of Liar(2) is not the format 1 it claims to equal."""
    with pytest.raises(InvalidPositionError, match=r"unsupported format 2"):
        Game.from_dict(new_game(GOLF).to_dict() | {"format": Liar(2)})
    with pytest.raises(InvalidPositionError, match=r"unsupported format 2"):
        Game.from_record(new_game(GOLF).to_record() | {"format": Liar(2)})


def test_integers_by_operator_index_load_as_plain_ints():
    """Integers of another type (NumPy's) load, and what loads holds plain ints."""
    game = new_game(FT).play("5-f2")
    data = game.to_dict() | {"moves": Index(1), "score": Index(10), "format": Index(1)}
    loaded = Game.from_dict(data)
    assert loaded == game
    assert type(loaded.moves) is int
    assert type(loaded.state.score) is int
    assert type(Game(game.state, game.code, Index(1)).moves) is int
    assert type(Game(game.state, game.code, Liar(1)).moves) is int


@pytest.mark.parametrize("value", [True, 1.0, "1", None, Index("1")], ids=repr)
def test_what_is_no_integer_is_refused_as_a_counter(value):
    """A boolean, a float, a text, None, or an __index__ that fails is no counter."""
    with pytest.raises(InvalidPositionError, match="field 'moves' must be int"):
        Game.from_dict(new_game(GOLF).play("d").to_dict() | {"moves": value})


def test_a_lying_deal_number_is_read_as_its_value():
    """A code's deal number and a deal seed's are the plain value of what they are given."""
    with pytest.raises(InvalidCodeError, match="deal number"):
        GameCode("golf", golf.Variant.EASY, Liar(2**40))
    assert GameCode("golf", golf.Variant.EASY, Liar(1)) == GameCode("golf", golf.Variant.EASY, 1)
    assert type(GameCode("golf", golf.Variant.EASY, Index(1)).number) is int
    with pytest.raises(InvalidCodeError, match="deal number"):
        deal_seed("GO1", Liar(2**40))
    with pytest.raises(InvalidCodeError, match="'xxxxxxxxxxxxxxxxxxxxxxxx'…"):
        deal_seed("GO1", "x" * 10**6)


@pytest.mark.parametrize(
    "build",
    [
        lambda: golf.PlayColumn(Liar(9)),
        lambda: scorpion.MoveCard(scorpion.deal(1).columns[0].up[-1], Liar(9)),
        lambda: forty_thieves.Column(Liar(99)),
        lambda: Pile(PileKind.COLUMN, Liar(99)),
    ],
    ids=["golf", "scorpion", "forty_thieves", "pile"],
)
def test_a_lying_pile_number_is_no_pile_number(build):
    """A move or a pile numbered by an int subclass is refused, not trusted to be in range."""
    with pytest.raises(InvalidNotationError):
        build()
