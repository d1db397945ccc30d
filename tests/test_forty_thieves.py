"""Forty Thieves: known answers, every rule, scoring, notation, UI helpers, saving, bad input."""

from __future__ import annotations

import json

import attrs
import pytest

from forty_thieves_positions import DECK, MOVE_SPACE, all_cards, cards, position, won
from hand_built import PLENTY, game_at
from patience_rules import (
    HISTORY_LIMIT,
    Card,
    Game,
    IllegalMoveError,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
    Reason,
    Status,
    message,
    new_game,
    parse_code,
    replay,
    two_decks,
)
from patience_rules import forty_thieves as ft
from patience_rules.forty_thieves import Column, Draw, Foundation, MoveCard, Waste
from patience_rules.shuffle import deal_seed, shuffled

PINNED = {
    "FT1-N-AAAAAAA": (
        (
            "TS 6D 2H 9D",
            "AS 4C TH TS",
            "AD AC 9C 6D",
            "TD 7C 9S 8C",
            "7S 3H 2D KS",
            "2H AH TC 7S",
            "5C 3S 5C 4D",
            "KH 4H 7C 2D",
            "JH 4C QD 2S",
            "9H 8S 8D 7D",
        ),
        (
            "KD 6H 6S 2S 8H AD QH KC JC 5H QD 5D 3D JH JD 9S "
            "2C QS AH TC KS 3H 6C 7H 6H KH KD TH 9H AS 6C 6S "
            "JC 3C 5S 3C 8S 4S 7H 8H 3D AC 5D 3S 9C 8D 7D QC "
            "4H 8C JS 5H 4S 9D JD TD 4D QH QC 5S KC JS 2C QS"
        ),
    ),
    "FT1-N-AAAAAAB": (
        (
            "3S 6C 9C 8S",
            "AS TC 3D 7S",
            "2C AH 2D 8H",
            "3S 2D 4S 4S",
            "4H 3C 7C TS",
            "7C QC 5H TH",
            "9H 3D 4D 9C",
            "AC KH 4D TC",
            "4H 3C QD 6D",
            "QC 7H KD KC",
        ),
        (
            "JS 7H AS 5D 5D 7S 6D 5H 9S AC 6S QS 9D 2H TS 9H "
            "5S 8S KD 7D 6C 8D JH TD JC JD AH 8C 2S KC 6S 8H "
            "QD TD 3H KS KH 4C 2C 9S 5C QS QH 5C 2S AD 3H JD "
            "4C 6H JH AD KS 6H 5S 8C 7D TH 9D JC 2H JS 8D QH"
        ),
    ),
    "FT1-N-7777777": (
        (
            "2S 8D 4S 9S",
            "3C QC 2C QH",
            "QC 3D 3S 8H",
            "AC 3H AS 4S",
            "QD 9H TD 7D",
            "AS JS AD 5D",
            "KC 4C 7S 6D",
            "TC 3C 8C TS",
            "2C 9S 4H 7H",
            "9H 5H 5S 8H",
        ),
        (
            "7S 7D KH JD 8S 6S 8S AD 6C 6H KC 7C 7C KD KS 9D "
            "2S JH 6C 9D QD 3H TH 6S 2D 7H KH 4D 2H 5C 5C 5D "
            "8D 6D KS JC 5S AH KD TD QS 2H TH JS 8C QS AH JC "
            "TS JH AC QH 5H 6H 9C 9C 3S JD 3D 4D 2D 4C 4H TC"
        ),
    ),
}


BLOCKED = ["KD", "KD", "QC", "QC", "JS", "JS", "TD", "TD", "9C", "9C"]
"""Ten column tops on which a 7♥ cannot go."""


def moves(*notations: str) -> set[ft.Move]:
    """The moves with these notations."""
    return {ft.parse_move(notation) for notation in notations}


def fixture_state(positions: dict) -> ft.State:
    """The source's example deal (the stock, whose cards it does not give, in deck order)."""
    initial = positions["forty_thieves"]["initial"]
    return position([" ".join(column) for column in initial["columns"]], score=0)


# Deal


@pytest.mark.parametrize("code", sorted(PINNED))
def test_pinned_deals(code):
    """Each pinned code deals exactly these columns and this stock, card by card."""
    columns, stock = PINNED[code]
    state = new_game(code).state
    assert state == ft.deal(parse_code(code).number)
    assert [[str(card) for card in column] for column in state.columns] == [
        column.split() for column in columns
    ]
    assert [str(card) for card in state.stock] == stock.split()
    assert state.waste == ()
    assert state.foundations == ((),) * 8
    assert state.score == 0
    assert state.status is Status.PLAYING


@pytest.mark.parametrize("number", [0, 1, 12345, 2**35 - 1])
def test_deal_layout(number):
    """A deal has 10 columns of 4, 64 in the stock, 104 cards each exactly twice."""
    state = ft.deal(number)
    assert [len(column) for column in state.columns] == [4] * 10
    assert len(state.stock) == 64
    assert all_cards(state) == DECK
    assert all(count == 2 for count in all_cards(state).values())


def test_deal_follows_the_documented_layout():
    """Cards 1–40 of the shuffle are the columns four by four, the rest the stock."""
    shuffled_cards = shuffled(two_decks(), deal_seed("FT1", 77))
    state = ft.deal(77)
    assert sum(state.columns, ()) + state.stock == shuffled_cards


def test_foundation_suits():
    """The eight foundations have the fixed suits ♠ ♥ ♦ ♣ ♠ ♥ ♦ ♣."""
    assert "".join(suit.symbol for suit in ft.FOUNDATION_SUITS) == "♠♥♦♣♠♥♦♣"
    assert [Foundation(n).suit.value for n in range(1, 9)] == list("SHDCSHDC")


@pytest.mark.parametrize("number", [-1, 2**35, 1.5, "1", None, True])
def test_deal_rejects_bad_numbers(number):
    """deal() refuses what is not a deal number with an InvalidCodeError."""
    with pytest.raises(InvalidCodeError):
        ft.deal(number)


def test_deal_rejects_bad_variant():
    """deal() refuses an unknown variant with an InvalidCodeError."""
    with pytest.raises(InvalidCodeError):
        ft.deal(1, "easy")


# The source's example and the rules


def test_source_example_legal_moves(positions):
    """The source's initial position allows exactly d, 1-8, 3-2, 5-6 and 8-7."""
    state = fixture_state(positions)
    assert ft.legal_moves(state)[0] == Draw()
    assert set(ft.legal_moves(state)) == moves("d", "1-8", "3-2", "5-6", "8-7")
    assert len(ft.legal_moves(state)) == 5


def test_source_example_renders_like_the_spec(positions):
    """str(state) draws one line per pile, with Unicode cards, top card last."""
    lines = str(fixture_state(positions)).splitlines()
    assert lines[:3] == ["stock: 64 cards", "waste: empty", "foundation 1 ♠: empty"]
    assert lines[9] == "foundation 8 ♣: empty"
    assert lines[10] == "column 1: A♦ 3♠ K♥ 2♥"
    assert lines[19] == "column 10: 5♦ 9♣ 2♠ 10♣"
    assert len(lines) == 20


def test_render_shows_waste_and_foundations():
    """The waste and the foundations are listed bottom first."""
    state = position(["KS"], waste="9H 3C", heights=(2, 0, 0, 0, 0, 0, 0, 1))
    lines = str(state).splitlines()
    assert "waste: 9♥ 3♣" in lines
    assert "foundation 1 ♠: A♠ 2♠" in lines
    assert "foundation 8 ♣: A♣" in lines


@pytest.mark.parametrize(
    ("columns", "notation", "reason"),
    [
        (["7S", "8S"], "1-2", None),
        (["7S", "8H"], "1-2", Reason.WRONG_SUIT),
        (["6S", "8S"], "1-2", Reason.WRONG_RANK),
        (["9S", "8S"], "1-2", Reason.WRONG_RANK),
        (["2S", "AS"], "1-2", Reason.NOTHING_ON_ACE),
        (["2H", "AS"], "1-2", Reason.NOTHING_ON_ACE),
        (["QD"], "1-2", None),
        (["QD", "", "KS"], "1-3", Reason.WRONG_SUIT),
        (["KD 7S", "8S"], "1-2", None),
        ([], "1-2", Reason.EMPTY_SOURCE),
        (["7S"], "1-1", Reason.SAME_PILE),
    ],
)
def test_column_rules(columns, notation, reason):
    """Onto a column: same suit, one rank lower; nothing on an Ace; any card to an empty one."""
    result = ft.refusal(position(columns), ft.parse_move(notation))
    assert (None if result is None else result.reason) == reason


def test_only_the_top_card_moves():
    """A move takes the top card of its column; the cards under it stay."""
    state = ft.apply(position(["7S 5H", "6H"]), ft.parse_move("1-2"))
    assert state.columns[:2] == (cards("7S"), cards("6H 5H"))


@pytest.mark.parametrize(
    ("heights", "column", "target", "reason"),
    [
        ((0,) * 8, "AS", "f1", None),
        ((0,) * 8, "AS", "f5", None),
        ((0,) * 8, "AS", "f2", Reason.FOUNDATION_WRONG_SUIT),
        ((0,) * 8, "2S", "f1", Reason.FOUNDATION_NEEDS_ACE),
        ((1, 0, 0, 0, 0, 0, 0, 0), "2S", "f1", None),
        ((1, 0, 0, 0, 0, 0, 0, 0), "2S", "f5", Reason.FOUNDATION_NEEDS_ACE),
        ((1, 0, 0, 0, 0, 0, 0, 0), "3S", "f1", Reason.FOUNDATION_WRONG_RANK),
        ((1, 0, 0, 0, 0, 0, 0, 0), "AS", "f1", Reason.FOUNDATION_WRONG_RANK),
        ((12, 0, 0, 0, 0, 0, 0, 0), "KS", "f1", None),
        ((0, 0, 0, 5, 0, 0, 0, 0), "6C", "f4", None),
        ((0, 0, 0, 5, 0, 0, 0, 0), "6D", "f4", Reason.FOUNDATION_WRONG_SUIT),
        ((0, 0, 0, 0, 0, 0, 0, 5), "6C", "f8", None),
    ],
)
def test_foundation_rules(heights, column, target, reason):
    """A foundation takes its own suit only, the Ace first, then each next rank."""
    result = ft.refusal(position([column], heights=heights), ft.parse_move(f"1-{target}"))
    assert (None if result is None else result.reason) == reason


def test_waste_top_card_plays():
    """The waste's top card goes to a column or a foundation; the cards under it stay."""
    state = position(["8S"], waste="AH 7S")
    assert ft.refusal(state, ft.parse_move("w-1")) is None
    after = ft.apply(state, ft.parse_move("w-1"))
    assert after.waste == cards("AH")
    assert after.columns[0] == cards("8S 7S")
    assert ft.refusal(after, ft.parse_move("w-f2")) is None
    assert ft.refusal(after, ft.parse_move("w-f1")).reason is Reason.FOUNDATION_WRONG_SUIT


def test_empty_waste_is_an_empty_source():
    """Playing from an empty waste or foundation is refused as an empty source."""
    state = position(["8S"])
    assert ft.refusal(state, ft.parse_move("w-2")).reason is Reason.EMPTY_SOURCE
    assert ft.refusal(state, ft.parse_move("f3-2")).reason is Reason.EMPTY_SOURCE


def test_foundation_back_to_column():
    """A foundation's top card may go back onto a column, by the column rules."""
    state = position(["4S", "4H", "", "AS"], heights=(3, 0, 0, 0, 0, 0, 0, 0))
    assert ft.refusal(state, ft.parse_move("f1-1")) is None
    assert ft.refusal(state, ft.parse_move("f1-3")) is None
    assert ft.refusal(state, ft.parse_move("f1-2")).reason is Reason.WRONG_SUIT
    assert ft.refusal(state, ft.parse_move("f1-4")).reason is Reason.NOTHING_ON_ACE
    after = ft.apply(state, ft.parse_move("f1-1"))
    assert after.foundations[0] == cards("AS 2S")
    assert after.columns[0] == cards("4S 3S")


def test_foundation_to_foundation_is_refused():
    """A foundation card never moves to another foundation, even a fitting one."""
    state = position([], heights=(1, 0, 0, 0, 0, 0, 0, 0))
    assert ft.refusal(state, ft.parse_move("f1-f5")).reason is Reason.FOUNDATION_TO_FOUNDATION
    assert ft.refusal(state, ft.parse_move("f1-f1")).reason is Reason.SAME_PILE


def test_draw_and_empty_stock():
    """A draw turns the next stock card onto the waste; an empty stock refuses it; no redeal."""
    state = position(["KS"], waste="2C", stock="9H 3D")
    after = ft.apply(state, Draw())
    assert after.stock == cards("3D")
    assert after.waste == cards("2C 9H")
    after = ft.apply(after, Draw())
    assert ft.refusal(after, Draw()).reason is Reason.STOCK_EMPTY
    assert Draw() not in ft.legal_moves(after)


def test_every_stock_card_is_seen_once():
    """Drawing 64 times turns the whole stock onto the waste in order; then it is empty."""
    state = ft.deal(5)
    for _ in range(64):
        state = ft.apply(state, Draw())
    assert state.waste == ft.deal(5).stock
    assert state.stock == ()
    assert ft.refusal(state, Draw()).reason is Reason.STOCK_EMPTY


def test_won_game_refuses_everything():
    """Once the eight foundations are complete the game is won and every action refused."""
    state = won()
    assert ft.is_won(state)
    assert state.status is Status.WON
    assert ft.legal_moves(state) == ()
    assert not ft.has_legal_moves(state)
    for move in MOVE_SPACE:
        assert ft.refusal(state, move).reason is Reason.GAME_WON


def test_last_card_wins():
    """Putting the last King on its foundation wins the game."""
    state = position(["KC"], heights=(13,) * 7 + (12,), stock="")
    assert state.status is Status.PLAYING
    after = ft.apply(state, ft.parse_move("1-f8"))
    assert after.status is Status.WON
    assert after.score == 1040


def test_stuck_game_is_never_ended():
    """With nothing legal the game is still playing; has_legal_moves() says so."""
    tops = ["2S", "2S", "2H", "2H", "2D", "2D", "2C", "2C", "KS", "QH"]
    state = position(tops)
    state = ft.State(state.variant, state.columns, (), state.stock, state.foundations, 0)
    assert all_cards(state) == DECK
    assert state.waste[-1] == Card.parse("KS")
    assert state.status is Status.PLAYING
    assert ft.legal_moves(state) == ()
    assert not ft.has_legal_moves(state)
    assert ft.has_legal_moves(ft.deal(3))


# Score


@pytest.mark.parametrize(
    ("notation", "points"),
    [("w-f1", 10), ("1-f1", 10), ("w-2", 5), ("w-3", 5), ("1-2", 0), ("1-3", 0), ("d", 0)],
)
def test_score_table(notation, points):
    """+10 to a foundation, +5 waste to column (empty included), 0 column to column or a draw."""
    first = "AS" if notation.endswith("f1") else "7H"
    state = position([first, "8H", ""], waste=first, score=100)
    assert ft.apply(state, ft.parse_move(notation)).score == 100 + points


def test_take_back_costs_fifteen():
    """A card taken back from a foundation costs 15; putting it back earns only 10."""
    state = position(["5S"], heights=(4, 0, 0, 0, 0, 0, 0, 0), score=40)
    back = ft.apply(state, ft.parse_move("f1-2"))
    assert back.score == 25
    again = ft.apply(back, ft.parse_move("2-f1"))
    assert again.score == 35
    assert again.foundations == state.foundations


def test_score_clamped_at_zero():
    """A take-back at 10 points leaves 0, not −5; the next foundation move gives 10."""
    state = position([""], heights=(1, 0, 0, 0, 0, 0, 0, 0), score=10)
    back = ft.apply(state, ft.parse_move("f1-1"))
    assert back.score == 0
    again = ft.apply(back, ft.parse_move("1-f1"))
    assert again.score == 10
    twice = ft.apply(ft.apply(again, ft.parse_move("f1-1")), ft.parse_move("1-f5"))
    assert twice.score == 10


def test_source_example_score(positions):
    """The source's example: 29 waste-to-column moves end at 1040 + 29 × 5 = 1185."""
    example = positions["forty_thieves"]["won_score_example"]
    assert 1040 + 5 * example["waste_to_column"] == example["score"]
    state = position(["KS"], heights=(12,) + (13,) * 7, stock="")
    state = ft.State(
        state.variant,
        state.columns,
        (),
        (),
        state.foundations,
        10 * 103 + 5 * example["waste_to_column"],
    )
    assert ft.apply(state, ft.parse_move("1-f1")).score == example["score"]


# Game and undo


def test_game_plays_forty_thieves():
    """new_game() deals an FT1 code; play, check, legal_moves and score go through the rules."""
    game = new_game("ft1-n-aaaaaab")
    assert isinstance(game.state, ft.State)
    assert str(game.code) == "FT1-N-AAAAAAB"
    assert set(game.legal_moves()) == set(ft.legal_moves(game.state))
    assert game.check("1-f2").reason is Reason.FOUNDATION_WRONG_SUIT
    assert game.check("1-f1").reason is Reason.FOUNDATION_NEEDS_ACE
    game = game.play("d").play(ft.parse_move("2-1"))
    assert game.moves == 2
    assert game.state.columns[0][-1] == Card.parse("7S")


def test_undo_limit_and_counter():
    """150 shuttles: the last 100 undo, the next undo is refused, the counter never goes down."""
    game = game_at(position(["KS"], heights=(12,) + (13,) * 7, stock=""))
    for turn in range(150):
        game = game.play("1-2" if turn % 2 == 0 else "2-1")
    assert game.moves == PLENTY + 150
    for _ in range(HISTORY_LIMIT):
        game = game.undo()
        assert game.moves == PLENTY + 150
    assert not game.can_undo
    with pytest.raises(IllegalMoveError) as error:
        game.undo()
    assert error.value.refusal.reason is Reason.NOTHING_TO_UNDO
    assert game.state.columns[0] == cards("KS")


def test_undo_restores_the_score():
    """Undoing a take-back gives the 15 points back; undoing a placement takes the 10 away."""
    built = position(["5S"], heights=(4, 0, 0, 0, 0, 0, 0, 0))
    rest = built.stock  # 99 cards: 64 stay in the stock, 35 are dealt around column 2
    columns = (rest[:3] + cards("5S"), (), *(rest[3 + 4 * n : 7 + 4 * n] for n in range(8)))
    game = game_at(attrs.evolve(built, columns=columns, stock=rest[35:]))
    back = game.play("f1-2")
    assert back.score == 25
    assert back.undo().score == 40
    assert back.undo().state == game.state


def test_replay_record():
    """A record with u for undo replays to the same game as playing it by hand."""
    record = ["d", "2-1", "u", "7-8", "d"]
    game = new_game("FT1-N-AAAAAAB").play("d").play("2-1").undo().play("7-8").play("d")
    assert replay("FT1-N-AAAAAAB", record) == game
    assert game.moves == 4


def test_game_round_trip_through_json():
    """A game with history survives to_dict, JSON text and from_dict unchanged."""
    game = new_game("FT1-N-AAAAAAB")
    for turn in range(12):
        game = game.play(game.legal_moves()[turn % 3 - 1])
    assert game.state.waste
    assert len(game.history) == 12
    text = json.dumps(game.to_dict())
    assert Game.from_dict(json.loads(text)) == game


def test_fresh_game_round_trips():
    """A game with no action played yet (no history) reads back from its dict."""
    game = new_game("FT1-N-AAAAAAB")
    assert Game.from_dict(game.to_dict()) == game


def test_game_from_dict_detects_forged_history():
    """A history step that no legal action explains is rejected."""
    game = new_game("FT1-N-AAAAAAB").play("d").play("d")
    data = game.to_dict()
    data["history"][1] = data["history"][0]
    with pytest.raises(InvalidPositionError, match="does not lead"):
        Game.from_dict(data)


# Notation


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("d", Draw()),
        (" D ", Draw()),
        ("w-5", MoveCard(Waste(), Column(5))),
        ("W-5", MoveCard(Waste(), Column(5))),
        ("3-f2", MoveCard(Column(3), Foundation(2))),
        ("3-F2", MoveCard(Column(3), Foundation(2))),
        ("f1-3", MoveCard(Foundation(1), Column(3))),
        ("1-2", MoveCard(Column(1), Column(2))),
        ("10-f8", MoveCard(Column(10), Foundation(8))),
    ],
)
def test_parse_move(text, move):
    """The notations of api.md read case-insensitively into moves."""
    assert ft.parse_move(text) == move


def test_every_move_round_trips():
    """str(move) parses back to the move, and repr(move) evaluates back to it."""
    namespace = {"Draw": Draw, "MoveCard": MoveCard, "Waste": Waste}
    namespace |= {"Column": Column, "Foundation": Foundation}
    for move in MOVE_SPACE:
        assert ft.parse_move(str(move)) == move
        assert ft.parse_move(str(move).upper()) == move
        assert eval(repr(move), namespace) == move  # noqa: S307 - the point of the test


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x",
        "u",
        "11-2",
        "0-2",
        "2-11",
        "f9-1",
        "f0-1",
        "1-f9",
        "1-w",
        "w-w",
        "1-2-3",
        "1--2",
        "-",
        "1 2",
        "ff1-2",
        "f-1",
        "1-",
        "10♣-2",
        "d-1",
    ],
)
def test_bad_notation(text):
    """Text that is no move raises InvalidNotationError, naming the text."""
    with pytest.raises(InvalidNotationError, match="forty thieves move"):
        ft.parse_move(text)
    with pytest.raises(InvalidNotationError):
        new_game("FT1-N-AAAAAAA").play(text)


@pytest.mark.parametrize("junk", [None, 3, 2.5, b"d", ["d"], {"d": 1}, Card.parse("AS")])
def test_junk_moves(junk):
    """Objects that are no move raise InvalidNotationError from every entry point."""
    state = ft.deal(1)
    game = new_game("FT1-N-AAAAAAB")
    for call in (
        lambda: ft.parse_move(junk),
        lambda: ft.to_move(state, junk),
        lambda: ft.refusal(state, junk),
        lambda: ft.apply(state, junk),
        lambda: game.play(junk),
        lambda: game.check(junk),
    ):
        with pytest.raises(InvalidNotationError):
            call()


@pytest.mark.parametrize(
    "build",
    [
        lambda: Column(0),
        lambda: Column(11),
        lambda: Column("3"),
        lambda: Column(True),
        lambda: Foundation(9),
        lambda: Foundation(2.0),
        lambda: MoveCard(Column(1), Waste()),
        lambda: MoveCard("1", Column(2)),
        lambda: MoveCard(Column(1), None),
    ],
)
def test_bad_move_objects(build):
    """Piles and moves check their fields: out-of-range or wrong-typed parts are refused."""
    with pytest.raises(InvalidNotationError):
        build()


@pytest.mark.parametrize("junk", [None, 1, "x", "state", {"columns": []}])
def test_junk_states(junk):
    """A non-State given to a pure function raises InvalidPositionError."""
    for call in (
        lambda: ft.legal_moves(junk),
        lambda: ft.has_legal_moves(junk),
        lambda: ft.is_won(junk),
        lambda: ft.refusal(junk, Draw()),
        lambda: ft.apply(junk, Draw()),
        lambda: ft.destinations(junk, "w"),
        lambda: ft.tap_move(junk, "w"),
        lambda: ft.double_click_move(junk, "w"),
        lambda: ft.auto_place_move(junk, "w"),
        lambda: ft.to_dict(junk),
    ):
        with pytest.raises(InvalidPositionError):
            call()


# UI helpers


def test_destinations_lists_every_legal_place():
    """destinations() gives exactly the legal moves of a pile, foundations first."""
    state = position(["AS", "", "2S", "9C", "2S", "KD", "JH", "JH", "TC", ""], waste="QD")
    assert [str(move) for move in ft.destinations(state, "1")] == [
        "1-f1",
        "1-f5",
        "1-2",
        "1-3",
        "1-5",
        "1-10",
    ]
    assert [str(move) for move in ft.destinations(state, Waste())] == ["w-2", "w-6", "w-10"]
    assert [str(move) for move in ft.destinations(state, Column(7))] == ["7-2", "7-10"]
    assert ft.destinations(state, "f1") == ()
    assert ft.destinations(state, "2") == ()
    for pile in ["w", *map(str, range(1, 11)), *(f"f{n}" for n in range(1, 9))]:
        expected = {
            move
            for move in ft.legal_moves(state)
            if isinstance(move, MoveCard) and str(move.source) == pile
        }
        assert set(ft.destinations(state, pile)) == expected


def test_tap_prefers_the_leftmost_foundation():
    """A tapped card goes to the leftmost foundation that takes it."""
    state = position(["AS", "2H"], waste="AC", heights=(0, 1, 0, 0, 0, 1, 0, 0))
    assert str(ft.tap_move(state, "1")) == "1-f1"
    assert str(ft.tap_move(state, "2")) == "2-f2"
    assert str(ft.tap_move(state, "w")) == "w-f4"
    assert str(ft.tap_move(position(["2H"], heights=(0, 0, 0, 0, 0, 1, 0, 0)), "1")) == "1-f6"


def test_tap_waste_falls_back_to_columns():
    """The waste card goes to the leftmost non-empty accepting column, else the leftmost empty."""
    state = position(["", "KD", "8H", "", "9S", "KS 8H"], waste="7H")
    assert str(ft.tap_move(state, "w")) == "w-3"
    assert str(ft.double_click_move(state, "w")) == "w-6"
    assert str(ft.tap_move(position(["", "KD", "9H"], waste="7H"), "w")) == "w-1"
    assert ft.tap_move(position(BLOCKED, waste="7H"), "w") is None


def test_tap_column_card_goes_only_to_a_foundation():
    """A tapped column card with no foundation stays put, even if a column would take it."""
    state = position(["7H", "8H", ""])
    assert ft.tap_move(state, "1") is None
    assert ft.double_click_move(state, "1") is not None


def test_tap_foundation_card_goes_nowhere():
    """A tapped foundation card has no foundation to go to: no move."""
    state = position(["", "3S"], heights=(2, 0, 0, 0, 0, 0, 0, 0))
    assert ft.tap_move(state, "f1") is None


def test_double_click_prefers_foundation_then_longest_column():
    """Double-click: leftmost foundation, else longest accepting column (ties leftmost)."""
    state = position(["8H", "", "KS QC 8H"], waste="7H")
    assert str(ft.double_click_move(state, "w")) == "w-3"
    tie = position(["", "9S 8H", "", "KS 8H"], waste="7H")
    assert str(ft.double_click_move(tie, "w")) == "w-2"
    empty_only = position(["KD", "", "QC", ""], waste="7H")
    assert str(ft.double_click_move(empty_only, "w")) == "w-2"
    to_foundation = position(["2S", "3S"], waste="AS")
    assert str(ft.double_click_move(to_foundation, "w")) == "w-f1"
    assert ft.double_click_move(position(BLOCKED, waste="7H"), "w") is None


def test_double_click_applies_to_every_source():
    """Double-click moves a column card or a foundation card to the best column too."""
    state = position(["7H", "8H", "", "9S 8H"], heights=(0, 6, 0, 0, 0, 0, 0, 0))
    assert str(ft.double_click_move(state, "1")) == "1-f2"
    assert str(ft.double_click_move(state, Foundation(2))) == "f2-1"
    assert str(ft.double_click_move(ft.apply(state, ft.parse_move("1-3")), "f2")) == "f2-3"
    lone = position(["7D", "", "", "8S"])
    assert str(ft.double_click_move(lone, "1")) == "1-2"


def test_auto_place_is_double_click():
    """Auto-place makes the same choice as double-click, for every pile."""
    state = position(["7H", "8H", "", "9S 8H", "AS"], waste="2S", heights=(1,) + (0,) * 7)
    for pile in ["w", *map(str, range(1, 11)), *(f"f{n}" for n in range(1, 9))]:
        assert ft.auto_place_move(state, pile) == ft.double_click_move(state, pile)


@pytest.mark.parametrize("source", [None, 3, 1.0, "", "x", "11", "f9", "f0", "1-2", "d"])
def test_helpers_reject_bad_sources(source):
    """A source that names no pile raises InvalidNotationError from every helper."""
    state = ft.deal(1)
    for helper in (ft.destinations, ft.tap_move, ft.double_click_move, ft.auto_place_move):
        with pytest.raises(InvalidNotationError):
            helper(state, source)


# Saving and loading


def test_to_dict_shape():
    """to_dict() writes api.md's fields with plain JSON types."""
    data = ft.to_dict(position(["KS 7D"], waste="2C", heights=(1,) + (0,) * 7))
    assert set(data) == {"variant", "score", "status", "columns", "stock", "waste", "foundations"}
    assert data["variant"] == "standard"
    assert data["status"] == "playing"
    assert data["score"] == 10
    assert data["columns"][0] == ["KS", "7D"]
    assert data["foundations"][0] == ["AS"]
    assert data["waste"] == ["2C"]
    assert json.loads(json.dumps(data)) == data


def test_game_to_dict_names_the_game():
    """Game.to_dict() adds format, game, code and moves to the position."""
    data = new_game("FT1-N-AAAAAAB").play("d").to_dict()
    assert data["game"] == "forty_thieves"
    assert data["code"] == "FT1-N-AAAAAAB"
    assert data["moves"] == 1
    assert len(data["history"]) == 1


def _valid() -> dict:
    return ft.to_dict(
        position(
            ["KS 7D", "", "8D"], waste="2D 9S", heights=(3, 13, 0, 13, 13, 13, 13, 13), score=25
        )
    )


def test_valid_dict_reads_back():
    """The valid position of these tests reads back to the same State."""
    data = _valid()
    assert ft.to_dict(ft.from_dict(data)) == data


def _tamper(change):
    data = _valid()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.pop("columns"), "columns"),
        (lambda d: d.pop("foundations"), "foundations"),
        (lambda d: d.pop("stock"), "stock"),
        (lambda d: d.pop("waste"), "waste"),
        (lambda d: d.pop("score"), "score"),
        (lambda d: d.pop("status"), "status"),
        (lambda d: d.pop("variant"), "variant"),
        (lambda d: d.update(variant="easy"), "variant"),
        (lambda d: d.update(variant=None), "variant"),
        (lambda d: d.update(score=-5), "score"),
        (lambda d: d.update(score=12), "score"),
        (lambda d: d.update(score="25"), "score"),
        (lambda d: d.update(score=True), "score"),
        (lambda d: d.update(score=2.5), "score"),
        (lambda d: d.update(status="won"), "status"),
        (lambda d: d.update(status="stuck"), "status"),
        (lambda d: d.update(columns=d["columns"][:9]), "columns"),
        (lambda d: d.update(columns="KS"), "columns"),
        (lambda d: d.update(foundations=d["foundations"] + [[]]), "foundations"),
        (lambda d: d["columns"][0].append("ZZ"), r"columns\[0\]\[2\]"),
        (lambda d: d["columns"][0].append(7), r"columns\[0\]\[2\]"),
        (lambda d: d["columns"][1].append("KS"), "duplicated or extra: KS"),
        (lambda d: d["waste"].pop(), "missing: 9S"),
        (lambda d: d["foundations"][0].append("5S"), r"foundations\[0\]\[3\]"),
        (lambda d: d["foundations"][0].__setitem__(0, "AH"), r"foundations\[0\]\[0\]"),
        (lambda d: d["foundations"][2].append("AS"), r"foundations\[2\]\[0\]"),
        (lambda d: d["foundations"][1].append("KH"), "at most 13"),
        (lambda d: d["columns"][0].extend(["6D", "5D", "4C"]), r"columns\[0\]\[4\]"),
    ],
)
def test_from_dict_rejects_tampering(change, problem):
    """A tampered position raises InvalidPositionError naming the problem."""
    with pytest.raises(InvalidPositionError, match=problem):
        ft.from_dict(_tamper(change))


def test_from_dict_checks_stock_and_waste_size():
    """The stock and the waste together never hold more than the 64 undealt cards."""
    data = ft.to_dict(ft.deal(4))
    ft.from_dict(data)
    data["stock"].append(data["columns"][0].pop())
    with pytest.raises(InvalidPositionError, match="at most 64"):
        ft.from_dict(data)


def test_from_dict_accepts_a_built_column():
    """Above its 4 dealt cards a column may hold a run down in suit."""
    state = position(["KS 2H 3C 9D 8D 7D 6D"], heights=(13,) * 4 + (0,) * 4)
    assert len(state.stock) == 45
    assert ft.from_dict(ft.to_dict(state)) == state


@pytest.mark.parametrize("junk", [None, 1, "x", [], [("variant", "standard")]])
def test_from_dict_rejects_non_objects(junk):
    """Something that is not a JSON object raises InvalidPositionError."""
    with pytest.raises(InvalidPositionError):
        ft.from_dict(junk)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(code="GO1-E-AAAAAAB"),
        lambda d: d.update(code="FT1-N-AAAAAAC"),
        lambda d: d.update(code="FT1-X-AAAAAAB"),
        lambda d: d.update(moves=-1),
        lambda d: d.update(history="x"),
        lambda d: d.update(history=[{"variant": "standard"}]),
        lambda d: d.update(game="forty thieves"),
    ],
)
def test_game_from_dict_rejects_tampering(change):
    """Game.from_dict() checks the code, the counter and the history of a Forty Thieves game."""
    data = new_game("FT1-N-AAAAAAB").to_dict()
    change(data)
    with pytest.raises(InvalidPositionError):
        Game.from_dict(data)


def test_all_errors_are_patience_errors():
    """The errors raised above are PatienceErrors, so one except clause guards a UI."""
    for error in (InvalidCodeError, InvalidNotationError, InvalidPositionError, IllegalMoveError):
        assert issubclass(error, PatienceError)


def test_new_reason_has_both_languages():
    """The foundation-rank reason has an English and a Hindi message."""
    assert "one rank higher" in message(Reason.FOUNDATION_WRONG_RANK)
    assert message(Reason.FOUNDATION_WRONG_RANK, "hi") != message(Reason.FOUNDATION_WRONG_RANK)


def test_illegal_move_error_carries_the_refusal():
    """apply() raises IllegalMoveError whose refusal names the broken rule."""
    with pytest.raises(IllegalMoveError, match="1-f1") as error:
        ft.apply(ft.deal(1), ft.parse_move("1-f1"))
    assert error.value.refusal.reason is Reason.FOUNDATION_NEEDS_ACE


def test_moves_share_untouched_piles():
    """A move builds new tuples only for the piles it touches; the others are shared."""
    state = ft.deal(2)
    after = ft.apply(state, ft.parse_move("5-f2"))
    assert all(after.columns[i] is state.columns[i] for i in range(10) if i != 4)
    assert all(after.foundations[i] is state.foundations[i] for i in range(8) if i != 1)
    assert after.stock is state.stock
    assert after.waste is state.waste
    drawn = ft.apply(state, Draw())
    assert drawn.columns is state.columns
    assert drawn.foundations is state.foundations


FULL = ("9D 8H", "2C 9C", "3D 5S", "7C 9S", "JD 5S", "KC QH", "8C TD", "6H 2C", "JH 3C", "KD 4S")
"""Ten built columns: two end in 5S (columns 3 and 5), none is empty."""


def test_legal_moves_onto_both_copies_of_a_card():
    """With both copies of a card on top, a card that fits goes onto each, left to right."""
    state = position(FULL, waste="4S", heights=(3, 0, 0, 0, 0, 0, 0, 0), stock="")
    moves = [str(move) for move in ft.legal_moves(state)]
    assert moves == ["w-f1", "w-3", "w-5", "8-9", "10-f1", "10-3", "10-5", "f1-10"]


def test_legal_moves_with_an_empty_column():
    """An empty column takes every top card, in column order among the built ones."""
    state = position((*FULL[:6], "", *FULL[7:]), waste="4S", heights=(3, 0, 0, 0, 0, 0, 0, 0))
    moves = [str(move) for move in ft.legal_moves(state)]
    assert moves == [
        "d", "w-f1", "w-3", "w-5", "w-7", "1-7", "2-7", "3-7", "4-7", "5-7", "6-7", "8-7", "8-9",
        "9-7", "10-f1", "10-3", "10-5", "10-7", "f1-7", "f1-10",
    ]  # fmt: skip


def test_take_back_onto_a_built_column_shares_the_other_piles():
    """A foundation card onto a built column: −15 clamped at 0, the other piles shared."""
    state = position(FULL, heights=(4, 0, 0, 0, 0, 0, 0, 0), score=10, stock="")
    after = ft.apply(state, ft.parse_move("f1-3"))
    assert after.columns[2] == (*state.columns[2], Card.parse("4S"))
    assert after.foundations[0] == state.foundations[0][:-1]
    assert after.score == 0
    assert all(after.columns[i] is state.columns[i] for i in range(10) if i != 2)
    assert all(after.foundations[i] is state.foundations[i] for i in range(1, 8))
    assert after.waste is state.waste
    assert type(after) is ft.State
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        after.score = 5  # type: ignore[misc] # frozen: the assignment must raise
    assert ft.apply(attrs.evolve(state, score=40), ft.parse_move("f1-5")).score == 25


@pytest.mark.parametrize(
    ("notation", "reason"),
    [
        ("f1-1", Reason.WRONG_SUIT),  # 4S onto 8H
        ("f1-2", Reason.WRONG_SUIT),
        ("f1-10", Reason.WRONG_RANK),  # 4S onto 4S
        ("w-1", Reason.WRONG_SUIT),  # 7D onto 8H
        ("w-7", Reason.WRONG_RANK),  # 7D onto TD
        ("3-3", Reason.SAME_PILE),
        ("3-5", Reason.WRONG_RANK),  # 5S onto 5S
        ("f1-f5", Reason.FOUNDATION_TO_FOUNDATION),
        ("w-f3", Reason.FOUNDATION_NEEDS_ACE),
        ("10-f1", Reason.FOUNDATION_WRONG_RANK),  # 4S onto A-4S
        ("1-f4", Reason.FOUNDATION_WRONG_SUIT),
    ],
)
def test_refused_moves_keep_their_reasons(notation, reason):
    """Each refused move of play is refused by apply() with its reason, the state unchanged."""
    state = position(FULL, waste="7D", heights=(4, 0, 0, 0, 0, 0, 0, 0), stock="")
    kept = ft.to_dict(state)
    with pytest.raises(IllegalMoveError) as error:
        ft.apply(state, ft.parse_move(notation))
    assert error.value.refusal.reason is reason
    assert ft.to_dict(state) == kept


@pytest.mark.parametrize(
    "code",
    [
        "FT1-X-AAAAAAB",
        "FT1-E-AAAAAAB",
        "FT1-N-AAAAAA1",
        "FT1-N-AAAAAAAB",
        "FT2-N-AAAAAAB",
        None,
        7,
    ],
)
def test_bad_codes(code):
    """A malformed Forty Thieves code raises InvalidCodeError from new_game and replay."""
    with pytest.raises(InvalidCodeError):
        new_game(code)
    with pytest.raises(InvalidCodeError):
        replay(code, ["d"])


def test_game_from_dict_rejects_a_tampered_history_position():
    """A history position with a duplicated card is rejected, naming history[0]."""
    data = new_game("FT1-N-AAAAAAB").play("d").to_dict()
    data["history"][0]["columns"][0][0] = data["history"][0]["columns"][0][1]
    with pytest.raises(InvalidPositionError, match=r"history\[0\]"):
        Game.from_dict(data)
