import pytest

from golf_builders import cards, position, stuck
from hand_built import PLENTY, game_at
from patience_rules import (
    Card,
    Game,
    IllegalMoveError,
    InvalidNotationError,
    Reason,
    Status,
    golf,
    new_game,
)
from patience_rules.golf import Draw, PlayColumn, TapCard, Variant


def initial(positions, variant=Variant.EASY):
    """The source's example deal (fixture golf.initial); unnamed stock cards in deck order."""
    fixture = positions["golf"]["initial"]
    return position(
        fixture["columns"],
        fixture["waste"],
        [fixture["stock_top"]],
        stock_size=fixture["stock"],
        variant=variant,
    )


def test_fixture_initial_refusals(positions):
    """At the start of the example deal, 6♥ on A♣ and the covered 10♠ are refused, in Hindi too."""
    state = initial(positions)
    by_column, by_card = positions["golf"]["initial"]["refusals"]
    wrong_rank = golf.refusal(state, PlayColumn(by_column["play_column"]))
    assert wrong_rank is not None
    assert wrong_rank.reason is Reason.RANK_NOT_ADJACENT
    assert wrong_rank.message == "The rank must be one higher or one lower"
    assert wrong_rank.message_in("hi") == by_column["hi"]
    blocked = golf.refusal(state, TapCard(Card.parse(by_card["card"])))
    assert blocked is not None
    assert blocked.reason is Reason.CARD_BLOCKED
    assert blocked.message == "This card is blocked"
    assert blocked.message_in("hi") == by_card["hi"]
    assert state.columns[by_card["column"] - 1][by_card["row"] - 1] == Card.parse(by_card["card"])


def test_fixture_initial_only_draw_fits(positions):
    """No exposed card fits A♣ at the start, so drawing is the only legal action."""
    assert golf.legal_moves(initial(positions)) == (Draw(),)


def test_fixture_after_three_moves(positions):
    """Draw 8♠, play 9♣ of column 5, then 8♣ of column 2: the source's resulting position."""
    game = Game(initial(positions)).play("d").play("5").play("2")
    expected = positions["golf"]["after_three_moves"]
    assert [[str(c) for c in column] for column in game.state.columns] == expected["columns"]
    assert str(game.state.waste[-1]) == expected["waste"]
    assert len(game.state.stock) == expected["stock"]
    assert (game.score, game.moves) == (expected["score"], expected["moves"])
    by_name = Game(initial(positions)).play("d").play("9C").play("8♣")
    assert by_name.state == game.state


def test_fixture_easy_wrap(positions):
    """A♥ on K♣ is legal under Easy and refused under Classic (fixture golf.easy_wrap)."""
    fixture = positions["golf"]["easy_wrap"]
    for variant, legal in [(Variant.EASY, True), (Variant.CLASSIC, False)]:
        state = position(
            fixture["columns"], fixture["waste"], stock_size=fixture["stock"], variant=variant
        )
        move = PlayColumn(fixture["legal_easy"]["play_column"])
        refused = golf.refusal(state, move)
        if legal:
            assert refused is None
            assert golf.apply(state, move).waste[-1] == Card.parse("AH")
        else:
            assert refused is not None
            assert refused.reason is Reason.RANK_NOT_ADJACENT


@pytest.mark.parametrize("index", range(1, 5))
def test_fixture_stuck_scores(positions, index):
    """A game stuck after r removals scores 10r - 10(35 - r), never below 0."""
    fixture = positions["golf"]["stuck_scores"][index]
    state = stuck(fixture["removed"])
    assert state.status is Status.STUCK
    assert state.removed == fixture["removed"]
    assert state.score == fixture["score"]


@pytest.mark.parametrize(
    ("card", "waste", "easy", "classic"),
    [
        ("7H", "8C", True, True),
        ("9S", "8C", True, True),
        ("8D", "8C", False, False),
        ("6C", "8C", False, False),
        ("QH", "KC", True, True),
        ("KH", "QC", True, True),
        ("AH", "KC", True, False),
        ("KH", "AC", True, False),
        ("2H", "AC", True, True),
        ("AH", "2C", True, True),
        ("JH", "KC", False, False),
        ("2H", "KC", False, False),
    ],
)
def test_fits(card, waste, easy, classic):
    """One rank apart fits whatever the suit; Q-K always; K-A only under Easy."""
    assert golf.fits(Card.parse(card), Card.parse(waste), Variant.EASY) is easy
    assert golf.fits(Card.parse(card), Card.parse(waste), Variant.CLASSIC) is classic


def test_play_moves_the_exposed_card_to_the_waste():
    """Playing a column puts its exposed card on the waste and exposes the one under it."""
    state = position([["2S", "7H"], ["KD"], [], [], [], [], []], "8C", stock_size=2)
    after = golf.apply(state, PlayColumn(1))
    assert after.columns[0] == cards(["2S"])
    assert after.waste[-1] == Card.parse("7H")
    assert after.waste[:-1] == state.waste
    assert after.columns[1] is state.columns[1]  # untouched columns are shared
    assert after.score == state.score + 10


def test_draw_at_any_time_and_scores_nothing():
    """A draw is legal even when a card fits; it turns the top stock card onto the waste."""
    state = position([["7H"], [], [], [], [], [], []], "8C", ["3S", "4S"])
    assert set(golf.legal_moves(state)) == {Draw(), PlayColumn(1)}
    after = golf.apply(state, Draw())
    assert after.waste[-1] == Card.parse("3S")
    assert after.stock == cards(["4S"])
    assert after.score == state.score
    assert after.columns is state.columns


def test_no_redeal():
    """With the stock empty, a draw is refused; the waste never goes back."""
    state = position([["7H"], [], [], [], [], [], []], "8C")
    refused = golf.refusal(state, Draw())
    assert refused is not None
    assert refused.reason is Reason.STOCK_EMPTY


def test_empty_column_is_refused():
    """Playing a column that holds no card is refused with its own reason."""
    state = position([["7H"], [], [], [], [], [], []], "8C", ["3S"])
    refused = golf.refusal(state, PlayColumn(2))
    assert refused is not None
    assert refused.reason is Reason.EMPTY_COLUMN


def test_tap_a_card_not_on_the_board():
    """Tapping a card in the waste or the stock is refused: it is not on the board."""
    state = position([["7H"], [], [], [], [], [], []], "8C", ["3S"])
    for name in ["8C", "3S"]:
        refused = golf.refusal(state, TapCard(Card.parse(name)))
        assert refused is not None
        assert refused.reason is Reason.CARD_NOT_ON_BOARD


def test_won_with_cards_left_in_the_stock():
    """Removing the 35th board card wins at 350, stock or not; then only undo is left."""
    state = position([["7H"], [], [], [], [], [], []], "8C", ["3S", "4S"])
    game = game_at(state).play("1")
    assert game.status is Status.WON
    assert game.score == 350
    assert game.legal_moves() == ()
    for move in ["d", "1", "3S"]:
        refused = game.check(move)
        assert refused is not None
        assert refused.reason is Reason.GAME_WON
        with pytest.raises(IllegalMoveError) as caught:
            game.play(move)
        assert caught.value.refusal == refused
    assert game.undo().state == state


def test_getting_stuck_applies_the_penalty_and_undo_removes_it():
    """The last draw leaving nothing playable gets the game stuck, −10 per card; undo restores."""
    board = [["5S", "6S"], ["5H", "6H"], ["5D", "6D"], ["5C", "6C"], ["9S"], [], []]
    state = position(board, "7C", ["KH"])
    game = game_at(state).play("1")
    assert (game.status, game.score) == (Status.PLAYING, 270)
    stuck_game = game.play("d")
    assert stuck_game.status is Status.STUCK
    assert stuck_game.score == 10 * 27 - 10 * 8
    assert stuck_game.legal_moves() == ()
    for move in ["d", "1", "5S"]:
        refused = stuck_game.check(move)
        assert refused is not None
        assert refused.reason is Reason.NO_MOVES
        assert refused.message_in("hi") == "अब कोई चाल संभव नहीं"
    back = stuck_game.undo()
    assert (back.status, back.score, back.moves) == (Status.PLAYING, 270, PLENTY + 2)


def test_a_dealt_game_can_start_stuck_free():
    """A fresh deal is playing, scores 0 and has a 16-card stock and one waste card."""
    state = new_game("GO1-E-AAAAAAB").state
    assert (state.status, state.score, state.removed) == (Status.PLAYING, 0, 0)
    assert (len(state.stock), len(state.waste)) == (16, 1)
    assert [len(column) for column in state.columns] == [5] * 7


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("d", Draw()),
        (" D ", Draw()),
        ("1", PlayColumn(1)),
        ("7", PlayColumn(7)),
        ("9c", TapCard(Card.parse("9C"))),
        ("10♣", TapCard(Card.parse("TC"))),
    ],
)
def test_notation(text, move):
    """Notations read to moves, and a move's str() reads back to itself."""
    assert golf.parse_move(text) == move
    assert golf.parse_move(str(move)) == move
    assert eval(repr(move), vars(golf) | {"Card": Card}) == move  # noqa: S307 - repr contract


@pytest.mark.parametrize("junk", ["", "0", "8", "12", "x", "dd", "5-1", "u", "1X", "-1", "½"])
def test_bad_notation(junk):
    """Text that is no Golf notation raises InvalidNotationError naming it."""
    with pytest.raises(InvalidNotationError):
        golf.parse_move(junk)


@pytest.mark.parametrize("junk", [0, 8, -1, "1", 1.0, True, None])
def test_bad_column(junk):
    """A PlayColumn outside 1-7 (or not an int) cannot even be built."""
    with pytest.raises(InvalidNotationError):
        PlayColumn(junk)


def test_rendering(positions):
    """str(state) draws the position the way the rule files show it."""
    assert str(initial(positions)).splitlines() == [
        "stock: 16 cards; waste: A♣",
        "column 1: 6♣ 5♠ Q♠ 10♠ 6♥",
        "column 2: 2♠ K♣ 4♠ 2♣ 8♣",
        "column 3: 10♣ A♥ 2♦ 5♦ J♠",
        "column 4: 3♦ Q♥ A♠ K♦ 4♣",
        "column 5: J♥ 3♣ 7♦ 8♥ 9♣",
        "column 6: 10♥ 4♥ 7♥ 7♣ 8♦",
        "column 7: 3♠ 7♠ 3♥ 9♠ 5♣",
    ]


def test_queries():
    """is_won, is_stuck and has_legal_moves agree with the status."""
    playing = position([["7H"], [], [], [], [], [], []], "8C", ["3S"])
    assert (golf.is_won(playing), golf.is_stuck(playing), golf.has_legal_moves(playing)) == (
        False,
        False,
        True,
    )
    blocked = stuck(20)
    assert (golf.is_won(blocked), golf.is_stuck(blocked), golf.has_legal_moves(blocked)) == (
        False,
        True,
        False,
    )
    won = golf.apply(playing, PlayColumn(1))
    assert (golf.is_won(won), golf.is_stuck(won), golf.has_legal_moves(won)) == (
        True,
        False,
        False,
    )
