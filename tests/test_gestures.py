"""Piles, uniform moves and drag and drop: one routine for every game."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings

from patience_rules import (
    Card,
    InvalidNotationError,
    InvalidPositionError,
    Pile,
    PileKind,
    destinations,
    drag_move,
    forty_thieves,
    gestures,
    golf,
    scorpion,
    strategies,
)
from patience_rules.effects import CardsMoved, move_effects
from patience_rules.game import rules_of
from patience_rules.piles import REMOVED_RUNS, RESERVE, STOCK, WASTE

PLAY = settings(max_examples=60)

NAMES = ["s", "w", "r", "x", *map(str, range(1, 11)), *(f"f{n}" for n in range(1, 9))]


def piles_of(state: Any) -> list[Pile]:
    """Every pile of *state*'s game."""
    columns = [Pile.column(n) for n in range(1, len(state.columns) + 1)]
    if isinstance(state, scorpion.State):
        return [RESERVE, REMOVED_RUNS, *columns]
    count = len(getattr(state, "foundations", ()))
    foundations = [Pile.foundation(n) for n in range(1, count + 1)]
    return [STOCK, WASTE, *columns, *foundations]


def module_of(state: Any) -> Any:
    """The game module that plays *state*."""
    return {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}[state.game]


# Piles -------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_pile_name_round_trips(name):
    """Every pile name parses, in any case and with blanks, back to a pile that prints it."""
    pile = Pile.parse(f" {name.upper()} ")
    assert str(pile) == name
    assert eval(repr(pile), {"Pile": Pile}) == pile  # noqa: S307 - the repr is pasteable code
    assert pickle.loads(pickle.dumps(pile)) == pile  # noqa: S301 - our own data


def test_pile_kinds_and_numbers():
    """A pile is a kind and, for columns and foundations, a number from 1."""
    assert Pile.parse("f2") == Pile(PileKind.FOUNDATION, 2) == Pile.foundation(2)
    assert Pile.parse("10") == Pile.column(10)
    assert (STOCK.kind, STOCK.number) == (PileKind.STOCK, 0)
    assert Pile.parse("x") is REMOVED_RUNS
    assert str(PileKind.REMOVED_RUNS) == "removed_runs"


@pytest.mark.parametrize(
    "text", ["f9", "11", "0", "00", "f0", "f", "", "d", "stock", "٣", None, 3]
)
def test_a_wrong_pile_name_is_refused(text):
    """A text that names no pile is refused, naming the text."""
    with pytest.raises(InvalidNotationError, match="is not a pile"):
        Pile.parse(text)


def test_pile_numbers_may_have_leading_zeros():
    """As in every game's notation, ``02`` is column 2 and ``f02`` foundation 2."""
    assert Pile.parse("02") == Pile.column(2)
    assert Pile.parse(" F002 ") == Pile.foundation(2)
    assert golf.drag_move(golf.deal(1), "02", "w") == golf.PlayColumn(2)


def test_a_huge_pile_name_is_refused_briefly():
    """Thousands of digits are refused without being read, and the message stays short."""
    with pytest.raises(InvalidNotationError, match="is not a pile") as raised:
        Pile.parse("1" * 5000)
    assert len(str(raised.value)) < 200
    with pytest.raises(InvalidNotationError, match="neither a scorpion pile") as raised:
        scorpion.destinations(scorpion.deal(1), "x" * 5000)
    assert len(str(raised.value)) < 200


@pytest.mark.parametrize(
    ("kind", "number", "words"),
    [
        (PileKind.COLUMN, 0, "not a column number"),
        (PileKind.COLUMN, 11, "not a column number"),
        (PileKind.FOUNDATION, 9, "not a foundation number"),
        (PileKind.STOCK, 2, "the stock has no number"),
        (PileKind.COLUMN, True, "not an integer"),
        ("column", 1, "not a PileKind"),
    ],
)
def test_a_pile_is_checked(kind, number, words):
    """A pile with a number its kind cannot have, or no kind, is refused."""
    with pytest.raises(InvalidNotationError, match=words):
        Pile(kind, number)


# Every move answers the same questions -------------------------------------------


def top_cards(state: Any, pile: Pile, count: int) -> tuple[Card, ...]:
    """The *count* face-up cards a move can take from *pile*: its top ones; none if hidden."""
    if pile in {STOCK, RESERVE}:
        return ()
    if pile == WASTE:
        return state.waste[-1:]
    if pile.kind is PileKind.FOUNDATION:
        return state.foundations[pile.number - 1][-1:]
    column = state.columns[pile.number - 1]
    cards = column.up if isinstance(column, scorpion.Column) else column
    return cards[len(cards) - count :]


@PLAY
@given(strategies.states(max_moves=80))
def test_every_legal_move_names_its_piles_and_cards(state):
    """Each legal move's source and target are piles of its game; it takes the source's top."""
    piles = piles_of(state)
    for move in rules_of(state.game).legal_moves(state):
        source, target = move.source_pile(state), move.target_pile(state)
        cards = move.moved_cards(state)
        assert source in piles
        assert target in piles
        assert cards == top_cards(state, source, len(cards))
        if isinstance(move, scorpion.MoveCard):
            assert cards[0] == move.card
        elif isinstance(move, scorpion.DealReserve | golf.Draw | forty_thieves.Draw):
            assert cards == (), "the cards a draw or a deal turns up are hidden until played"
        else:
            assert len(cards) == 1, "Golf and Forty Thieves move one card at a time"
        (first, *_) = move_effects(state, move)
        if isinstance(first, CardsMoved):
            assert first == CardsMoved(cards, source, target)


@PLAY
@given(strategies.states(max_moves=80))
def test_destinations_split_the_legal_moves_by_source(state):
    """Asked for every pile, destinations gives each legal move once, under its source."""
    legal = rules_of(state.game).legal_moves(state)
    found = []
    for pile in piles_of(state):
        moves = destinations(state, pile)
        assert moves == module_of(state).destinations(state, str(pile))
        assert all(move.source_pile(state) == pile for move in moves)
        found += moves
    assert sorted(map(str, found)) == sorted(map(str, legal))


@PLAY
@given(strategies.states(max_moves=80))
def test_drag_move_finds_the_legal_move_between_two_piles(state):
    """For every pair of piles, drag_move is the first legal move between them, or None."""
    legal = rules_of(state.game).legal_moves(state)
    piles = piles_of(state)
    for source in piles:
        for target in piles:
            matching = [
                move
                for move in legal
                if (move.source_pile(state), move.target_pile(state)) == (source, target)
            ]
            assert drag_move(state, source, target) == (matching[0] if matching else None)


@PLAY
@given(strategies.states(max_moves=80))
def test_a_drag_can_start_at_a_card(state):
    """Dragging a move's first card onto its target gives a legal move carrying that card there."""
    legal = rules_of(state.game).legal_moves(state)
    for move in [move for move in legal if move.moved_cards(state)]:  # a draw carries none
        card, target = move.moved_cards(state)[0], move.target_pile(state)
        found = drag_move(state, card, target)
        assert found is not None
        assert found.moved_cards(state)[0] == card
        assert found.target_pile(state) == target
        assert found in destinations(state, card)
        if isinstance(state, scorpion.State):
            assert found == move, "one deck: the card names the move"


def test_the_drag_highlights_of_a_golf_deal():
    """Golf: a column whose card fits goes to the waste; the stock draws; others go nowhere."""
    state = golf.deal(1)
    assert golf.destinations(state, "2") == (golf.PlayColumn(2),)
    assert golf.destinations(state, Card.parse("8H")) == (golf.PlayColumn(2),)
    assert golf.destinations(state, "1") == ()
    assert golf.drag_move(state, "s", "w") == golf.Draw()
    assert golf.drag_move(state, "2", "3") is None


def test_the_scorpion_reserve_is_dealt_by_a_tap():
    """Scorpion's deal starts and ends on the reserve: a drag onto itself."""
    state = scorpion.deal(1)
    assert scorpion.drag_move(state, "r", "r") == scorpion.DealReserve()
    assert scorpion.drag_move(state, "r", "1") is None
    assert scorpion.DealReserve().moved_cards(state) == ()
    assert scorpion.destinations(state, state.reserve[0]) == ()


def test_a_scorpion_drag_from_a_column_takes_the_deepest_card_that_fits():
    """From a column pile, drag_move picks the first legal move, i.e. the deepest card."""
    state = scorpion.deal(1)
    assert scorpion.drag_move(state, "5", "2") == scorpion.parse_move("6H-2")
    assert scorpion.drag_move(state, "6H", "2") == scorpion.parse_move("6H-2")
    assert scorpion.drag_move(state, "KS", "2") is None


def test_refused_moves_still_name_their_piles():
    """A refused move's source is where its card lies; it carries nothing it cannot take."""
    state = golf.deal(1)
    stock_card, covered = state.stock[3], state.columns[0][0]
    assert golf.TapCard(stock_card).source_pile(state) == STOCK
    assert golf.TapCard(state.waste[0]).source_pile(state) == WASTE
    assert golf.TapCard(covered).source_pile(state) == Pile.column(1)
    assert golf.TapCard(covered).moved_cards(state) == ()
    sc = scorpion.deal(1)
    face_down = sc.columns[0].down[0]
    assert scorpion.MoveCard(face_down, 2).source_pile(sc) == Pile.column(1)
    assert scorpion.MoveCard(face_down, 2).moved_cards(sc) == ()
    assert scorpion.MoveCard(sc.reserve[0], 2).source_pile(sc) == RESERVE
    ft = forty_thieves.deal(1)
    assert forty_thieves.parse_move("f1-2").moved_cards(ft) == ()
    assert forty_thieves.parse_move("w-2").source_pile(ft) == WASTE


def test_forty_thieves_helpers_take_every_form_of_pile():
    """Forty Thieves' own piles, shared piles and names give the same answers."""
    state = forty_thieves.deal(2)
    for own, shared in [(forty_thieves.Column(5), Pile.column(5)), (forty_thieves.Waste(), WASTE)]:
        assert forty_thieves.destinations(state, own) == forty_thieves.destinations(state, shared)
        assert forty_thieves.tap_move(state, own) == forty_thieves.tap_move(state, shared)
        assert forty_thieves.double_click_move(state, own) == forty_thieves.double_click_move(
            state, shared
        )
        assert forty_thieves.auto_place_move(state, shared) == forty_thieves.auto_place_move(
            state, str(own)
        )
    assert forty_thieves.destinations(state, "s") == (forty_thieves.Draw(),)
    column, foundation = forty_thieves.Column(5), forty_thieves.Foundation(6)
    assert forty_thieves.drag_move(state, column, foundation) == forty_thieves.parse_move("5-f6")


@pytest.mark.parametrize(
    ("module", "source", "words"),
    [
        (golf, "f1", "'f1' is not a golf pile"),
        (golf, "zz", "'zz' is neither a golf pile"),
        (golf, Pile.column(8), "is not a golf pile"),
        (golf, 3.5, "is not a golf pile"),
        (scorpion, "w", "'w' is not a scorpion pile"),
        (forty_thieves, "r", "'r' is not a forty thieves pile"),
    ],
)
def test_a_pile_of_another_game_is_refused(module, source, words):
    """A pile the game does not have, or junk, is refused with InvalidNotationError."""
    state = module.deal(1)
    with pytest.raises(InvalidNotationError, match=words):
        module.destinations(state, source)
    with pytest.raises(InvalidNotationError, match=words):
        module.drag_move(state, source, "1")


def test_a_drop_onto_a_card_is_refused():
    """A drag ends on a pile: a card as the target is refused, naming it."""
    with pytest.raises(InvalidNotationError, match="'7H' is not a scorpion pile"):
        scorpion.drag_move(scorpion.deal(1), "6H", "7H")


def test_moves_refuse_a_position_of_another_game():
    """A move asked about another game's position raises InvalidPositionError."""
    with pytest.raises(InvalidPositionError, match=r"is not a patience_rules\.golf\.State"):
        golf.Draw().source_pile(scorpion.deal(1))
    with pytest.raises(InvalidPositionError, match=r"is not a patience_rules\.scorpion\.State"):
        scorpion.DealReserve().moved_cards(golf.deal(1))


def test_the_shared_functions_refuse_junk():
    """gestures.destinations and drag_move name a non-position."""
    with pytest.raises(InvalidPositionError, match="not a golf, forty thieves or scorpion"):
        gestures.destinations(None, "1")
    with pytest.raises(InvalidPositionError, match="not a golf, forty thieves or scorpion"):
        gestures.drag_move("state", "1", "w")
