"""What loading guarantees: a position that loads is one that play could reach.

Each rule is tested both ways: a position play reaches (or one close to it
that breaks nothing) loads, and the same position broken in one way is refused
with an :class:`InvalidPositionError` that names the problem.  The rules are
listed in docs/loading.md.
"""

from unittest import mock

import attrs
import pytest
from hypothesis import given, settings

from forty_thieves_positions import won
from patience_rules import (
    Card,
    Game,
    InvalidPositionError,
    Rank,
    Suit,
    _json,
    forty_thieves,
    golf,
    new_game,
    one_deck,
    parse_code,
    scorpion,
)
from patience_rules._reachable import forty_thieves as reachable_ft
from patience_rules._reachable import scorpion as reachable_scorpion
from patience_rules.strategies import games

GOLF = "GO1-E-AAAAAAB"  # waste 7S; stock TS ...; columns end 7H 8H 6C KC 4S AD 8S
FT = "FT1-N-AAAAAAC"  # deal 2: 5-f2 plays an Ace to a foundation
SCORPION = "SC1-C-AAAAAAB"  # deal 1: A♣ dealt on top of column 6, A♦ under 10♥


def refused(data, *words):
    """Loading *data* is refused with a message holding every one of *words*."""
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data)
    for word in words:
        assert word in str(caught.value)


def without_code(data):
    """*data* as a game with no code: only the rules that hold for every deal apply."""
    return data | {"code": None}


def saved(game):
    """*game* saved without its undo history: a change to the position keeps it consistent."""
    data = game.to_dict()
    data.pop("history", None)
    return data


def names(text):
    """A JSON list of card names from a blank-separated text."""
    return text.split()


# Golf


def test_golf_waste_must_start_with_the_dealt_card():
    """The played card under the dealt one, nothing drawn: refused with the code, not without."""
    data = saved(new_game(GOLF).play("2"))
    assert data["waste"] == names("7S 8H")
    data["waste"] = names("8H 7S")
    refused(data, "waste[0] is 8H", "deals 7S")
    assert Game.from_dict(without_code(data)).state.waste[0] == Card.parse("8H")


def test_golf_card_that_does_not_fit_must_have_been_drawn():
    """A waste card that fits nothing under it was drawn: not with a full stock."""
    game = new_game(GOLF)
    data = saved(game)
    data["columns"][3].remove("KC")
    data["waste"].append("KC")
    refused(without_code(data), "waste[1]", "KC does not fit 7S", "only 0 were drawn")
    drawn = saved(game.play("d"))  # TS does not fit 7S either, but it was drawn
    assert Game.from_dict(without_code(drawn)).state == game.play("d").state


def test_golf_classic_keeps_king_and_ace_apart_on_the_waste():
    """Under Classic an Ace played on a King does not fit: with nothing drawn it is refused."""
    queen, king, ace, seven = (Card.parse(name) for name in ("QS", "KC", "AD", "7S"))
    for variant, loads in [(golf.Variant.EASY, True), (golf.Variant.CLASSIC, False)]:
        deal = golf.deal(1, variant)  # no code: QS under the waste, KC and AD played on it
        columns = tuple(
            tuple(seven if card == queen else card for card in column if card not in {king, ace})
            for column in deal.columns
        )
        state = attrs.evolve(deal, columns=columns, waste=(queen, king, ace))
        data = golf.to_dict(state) | {"format": 1, "game": "golf", "code": None, "moves": 2}
        if loads:
            assert Game.from_dict(data).state == state
        else:
            refused(data, "waste[2]: AD does not fit KC under it", "only 0 were drawn")


def test_golf_waste_replays_from_the_deal():
    """Each card reached the waste when the rules let it: a covered card played first is not."""
    game = new_game(GOLF).play("3").play("3").play("2")  # 6C, then 7D of column 3, then 8H
    assert Game.from_dict(game.to_dict()) == game
    data = saved(game)
    data["waste"] = names("7S 8H 7D 6C")  # 7D played while 6C still covered it
    refused(data, "waste[2]: 7D cannot have reached the waste after 8H: This card is blocked")
    assert Game.from_dict(without_code(data)).state.waste[-1] == Card.parse("6C")


def test_golf_replay_takes_equal_cards_that_are_not_the_deals_own():
    """A position whose cards are equal to the deal's but other objects loads.

    The replay tells a draw by the stock's card's identity first; equal cards must do too.
    """
    game = new_game(GOLF).play("3").play("d")  # a play and a draw: both of the replay's ways
    game = game.play(game.legal_moves()[-1]).play("d")
    state = game.state

    def fresh(pile):
        return tuple(Card(card.rank, card.suit) for card in pile)

    copied = golf.State(
        state.variant, tuple(map(fresh, state.columns)), fresh(state.stock), fresh(state.waste)
    )
    assert copied.waste[-1] is not state.waste[-1]
    assert Game(copied, game.code, game.moves).state == state


def test_golf_stock_and_columns_are_what_is_left_of_the_deal():
    """The stock is the end of the dealt stock and a column the bottom of the dealt one."""
    data = saved(new_game(GOLF).play("d"))
    data["stock"][3], data["stock"][4] = data["stock"][4], data["stock"][3]
    refused(data, "the stock is not the last 15 cards")
    assert Game.from_dict(without_code(data)).moves == 1
    data = saved(new_game(GOLF).play("d"))
    data["columns"][0][0], data["columns"][1][0] = data["columns"][1][0], data["columns"][0][0]
    dealt = " ".join(map(str, golf.deal(1).columns[0]))
    refused(data, f"the position: column 1 is not what is left of the code's dealt column {dealt}")
    assert Game.from_dict(without_code(data)).moves == 1


def won_golf():
    """A won Golf game of 51 moves, no code: waste K K K K, then A 2 A 2 … J Q J Q."""
    ranks = [[13] * 4, *([low, low + 1] * 4 for low in range(1, 12, 2))]
    suits = {rank: iter(Suit) for rank in range(1, 14)}
    waste = tuple(Card(Rank(rank), next(suits[rank])) for group in ranks for rank in group)
    return Game(golf.State(golf.Variant.EASY, ((),) * 7, (), waste), moves=51)


def test_golf_won_game_ends_with_a_played_card():
    """A won game's last waste card came off the board, so it fits the card under it."""
    game = won_golf()
    assert game.status == "won"
    assert Game.from_dict(game.to_dict()) == game
    data = game.to_dict()
    data["waste"] = data["waste"][4:] + data["waste"][:4]  # the Kings last: K on K does not fit
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data)
    assert str(caught.value) == (
        "the game is won, so the last waste card KS was played from the board, "
        "but it does not fit KH under it"
    )


def test_golf_counter_counts_every_card_on_the_waste():
    """Won after one move: refused; the counter is at least the cards added to the waste."""
    game = new_game(GOLF).play("2").play("d")
    refused(saved(game) | {"moves": 1}, "2 cards have reached the waste", "move counter is 1")
    refused(without_code(saved(game)) | {"moves": 1}, "2 cards have reached the waste")
    refused(won_golf().to_dict() | {"moves": 1}, "51 cards have reached the waste")


def test_history_starting_at_the_counter_zero_is_the_deal():
    """A history as long as the counter starts at the deal: another first position is refused."""
    game = new_game(GOLF).play("d").play("d")
    data = game.to_dict()
    for position_data in (*data["history"], data):  # the same deep stock swap everywhere
        stock = position_data["stock"]
        stock[-3], stock[-4] = stock[-4], stock[-3]
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data)
    assert str(caught.value) == (
        "history[0]: no move was played before it, but it is not the code's deal"
    )
    refused(data | {"moves": 3}, "history[0]", "the stock is not the last 16 cards")
    assert Game.from_dict(without_code(data)).moves == 2


# Forty Thieves


def test_forty_thieves_stock_and_waste_follow_the_dealt_stock():
    """The stock is the end of the dealt stock; the waste holds drawn cards in draw order."""
    game = new_game(FT).play("d").play("d")
    assert Game.from_dict(game.to_dict()) == game
    data = saved(game)
    data["stock"][0], data["stock"][1] = data["stock"][1], data["stock"][0]
    refused(data, "the stock is not the last 62 cards")
    assert Game.from_dict(without_code(data)).moves == 2
    data = saved(game)
    data["waste"].reverse()
    refused(data, "waste[1]", "is not among the cards drawn after those under it")
    assert Game.from_dict(without_code(data)).moves == 2


def test_forty_thieves_dealt_cards_stay_at_the_bottom():
    """Above the dealt cards still in place a column is built down by suit."""
    data = saved(new_game(FT).play("d"))
    data["columns"][0][0], data["columns"][1][0] = data["columns"][1][0], data["columns"][0][0]
    refused(data, "columns[0][1]", "cannot lie on", "built down by suit")
    assert Game.from_dict(without_code(data)).moves == 1


def test_forty_thieves_counter_counts_draws_and_card_moves():
    """Every draw and every card moved to a foundation or onto a column is an action."""
    game = new_game(FT).play("5-f2").play("d").play("d")
    assert Game.from_dict(game.to_dict()) == game
    refused(saved(game) | {"moves": 2}, "2 draws and 1 card moves", "move counter is 2")
    refused(without_code(saved(game)) | {"moves": 2}, "2 draws and 1 card moves")


def test_forty_thieves_score_of_a_billion_after_one_move():
    """The score is at most what the foundation cards and the waste's cards can earn."""
    game = new_game(FT).play("5-f2")
    assert game.score == 10
    refused(saved(game) | {"score": 10**9}, "more than the 10")
    refused(without_code(saved(game)) | {"score": 15}, "more than the 10")


def test_forty_thieves_score_counts_only_cards_that_left_the_waste():
    """+5 per card played from the waste: a card still on the waste earned nothing."""
    game = new_game(FT).play("d").play("d").play("d").play("w-3").play("d")
    assert (len(game.state.waste), game.score) == (3, 5)  # 4 drawn, 1 played onto column 3
    refused(without_code(saved(game)) | {"score": 10}, "more than the 5", "1 cards played")


def ace_drawn_and_put_up():
    """A position with no code: the first stock card, an Ace, drawn then put on a foundation."""
    state = next(deal for deal in map(forty_thieves.deal, range(100)) if deal.stock[0].rank == 1)
    ace = state.stock[0]
    index = forty_thieves.FOUNDATION_SUITS.index(ace.suit)
    foundations = tuple((ace,) if n == index else () for n in range(8))
    return attrs.evolve(state, stock=state.stock[1:], foundations=foundations, score=10)


def test_forty_thieves_score_is_bounded_by_the_card_moves():
    """+5 for a waste card onto a column needs a card move beyond those to the foundations."""
    state = ace_drawn_and_put_up()
    data = Game(state, moves=2).to_dict()
    assert Game.from_dict(data).score == 10
    refused(data | {"score": 15}, "more than the 10", "in at most 1 card moves")
    assert Game.from_dict(data | {"score": 15, "moves": 3}).score == 15
    refused(data | {"score": 20, "moves": 9}, "more than the 15")


def test_forty_thieves_won_game_scores_at_least_20():
    """Won with score 0 is refused: a won game keeps at least 20, 103 cards up at least 10."""
    data = Game(won(), moves=10**4).to_dict()
    refused(data | {"score": 0}, "104 foundation cards score at least 20")
    assert Game.from_dict(data | {"score": 20}).score == 20
    nearly = data | {"score": 5, "status": "playing"}
    nearly["foundations"] = [*data["foundations"][:7], data["foundations"][7][:-1]]
    nearly["columns"] = [["KC"], *data["columns"][1:]]
    refused(nearly, "103 foundation cards score at least 10")
    assert Game.from_dict(nearly | {"score": 10}).score == 10


def test_forty_thieves_take_backs_need_card_moves():
    """Without spare card moves no card was taken back, so the score is 10 per foundation card."""
    data = Game(won(), moves=64 + 104).to_dict()
    refused(data | {"score": 1030}, "score at least 1040", "at most 0 cards were taken back")
    assert Game.from_dict(data | {"score": 1040}).score == 1040
    assert Game.from_dict(data | {"score": 1035, "moves": 64 + 106}).score == 1035
    refused(data | {"score": 1030, "moves": 64 + 106}, "score at least 1035")


def test_forty_thieves_a_card_drawn_onto_a_column_earned_5_points():
    """Issue 22: FT1-N-AAAACBC, the waste's J♣ put on Q♣: its 5 points are missing from the score.

    J♣ can have left the waste only onto a column (+5) or onto a foundation and back, which
    costs a move more; with the counter at 7 or 8 no move is to spare for it.
    """
    game = played("FT1-N-AAAACBC", "9-f4 d 9-8 5-8 7-f3 2-7")
    data = saved(game) | {"moves": 7}
    data["columns"][1].append(data["waste"].pop())
    refused(data, "'score' is 20", "1 cards drawn onto the columns", "at least 25")
    refused(data | {"moves": 8}, "at least 25", "at most 0 cards were taken back")
    assert Game.from_dict(without_code(data)).score == 20
    with mock.patch.object(reachable_ft, "_check_least_score"):
        assert Game.from_dict(data).score == 20


def test_forty_thieves_only_a_card_that_can_have_gone_up_was_taken_back():
    """FT1-N-AAAAAAJ, the waste's 4♠ put on 5♠: no card in a column can have been taken back.

    A spare move would allow one card up and back, but every placed card needs a card of
    its suit below it that lies in no column (the foundations hold only A♠).
    """
    game = played("FT1-N-AAAAAAJ", "3-f5 d d w-5 5-10 d 6-4 d")
    data = saved(game) | {"moves": 9}
    data["columns"][9].append(data["waste"].pop(-2))
    refused(data, "'score' is 15", "2 cards drawn onto the columns", "at least 20")
    everything = [1] * len(one_deck())
    with mock.patch.object(reachable_ft, "_can_have_gone_up", return_value=everything):
        assert Game.from_dict(data).score == 15


def test_forty_thieves_a_card_back_in_its_dealt_column_moved_twice():
    """Issue 22: FT1-N-AAAAJBB, Q♠ put on K♠ under it, 10♦ (between them) on J♦.

    Q♠ lies in the column it was dealt in, above a place it left: it left and came back.
    """
    data = saved(played("FT1-N-AAAAJBB", "8-6 9-10 d d"))
    column, other = data["columns"][6], data["columns"][7]
    queen = column.pop()
    other.append(column.pop())
    column.append(queen)
    assert (column, other[-2:]) == (["AC", "KS", "QS"], ["JD", "TD"])
    refused(data | {"moves": 6}, "2 draws and 5 card moves", "QS in columns[6]", "dealt in")
    assert Game.from_dict(data | {"moves": 7}).moves == 7
    assert Game.from_dict(without_code(data) | {"moves": 6}).moves == 6
    with mock.patch.object(reachable_ft, "_check_came_back"):
        assert Game.from_dict(data | {"moves": 6}).moves == 6


# Scorpion


def test_scorpion_face_down_cards_only_where_dealt():
    """Face-down cards lie only in columns 1 to 4, at most 3 in each."""
    data = saved(new_game(SCORPION)) | {"code": None}
    moved = data["columns"][0]["down"].pop()
    data["columns"][0]["up"].insert(0, moved)
    data["score"] = 5
    assert Game.from_dict(data | {"moves": 1}).score == 5
    fifth = data["columns"][4]
    fifth["down"], fifth["up"] = fifth["up"][:1], fifth["up"][1:]
    refused(data | {"moves": 1}, "columns[4] has 1 face-down cards", "only columns 1 to 4")
    data = saved(new_game(SCORPION)) | {"code": None}
    data["columns"][1]["down"].append(data["columns"][1]["up"].pop(0))
    refused(data, "columns[1] has 4 face-down cards", "3 each")


def test_scorpion_face_down_cards_are_the_dealt_ones_in_order():
    """With a code the face-down cards are the code's, bottom first; without, any order loads."""
    game = new_game(SCORPION).play("6C-5")
    data = saved(game)
    down = data["columns"][0]["down"]
    dealt = " ".join(down)
    down[0], down[1] = down[1], down[0]
    refused(data, f"columns[0].down is not the bottom of the code's face-down cards {dealt}")
    assert Game.from_dict(without_code(data)).moves == 1


def test_scorpion_reserve_is_the_dealt_one():
    """With a code the reserve is the code's until dealt."""
    data = saved(new_game(SCORPION).play("6C-5"))
    dealt = " ".join(data["reserve"])
    data["reserve"].reverse()
    refused(data, f"the position: the reserve is not the code's reserve {dealt}")
    assert Game.from_dict(without_code(data)).moves == 1


# Three lines found by the solver, each played until its first run is removed.
FIRST_RUN = {
    # ♠ removed before the reserve deal; A♠ dealt on top of a column, never covered
    "SC1-C-AAAAAA4": "8D-6 4H-1 AD-7 KD-5 8S-2 7C-2 JD-2 5S-2 6H-3 5H-3 QD-5 6S-6 8C-5 7S-2 "
    "7D-6 9S-1 AC-2 2D-6 QC-5 JC-5 3C-5 AS-5 4S-1 TS-6 3H-3 QH-1 JH-1 6C-6 TH-1 2S-1 2C-5 "
    "QS-2 9C-1 9D-6 JS-2 9H-1 TC-5 3S-2",
    # ♠ removed before the reserve deal; A♠ dealt under another card
    "SC1-C-AAAAAC3": "8S-2 7H-6 QH-2 TS-3 JC-5 5H-1 4H-1 QD-3 2D-6 QC-3 KD-5 3C-4 AS-3 9S-1 "
    "2C-4 9D-3 3H-1 KH-7 QS-7 2H-1 JS-7 8D-3 5S-5 6H-6 KC-2 4C-5 4D-4 2S-7 AC-5 KC-3 KD-2 "
    "KC-5 KD-3 KC-2 KS-5 3S-4 JH-7 7D-4 6S-1 TC-2 4S-1 6D-1 7S-5 7C-4 KS-1",
    # ♠ removed after the reserve deal, which dealt A♠: nothing ever covers it
    "SC1-C-AAAAACZ": "TH-2 KH-5 9D-5 7S-1 8D-1 QS-7 4C-7 9C-1 8C-1 AH-1 3D-3 TC-1 JH-3 JD-5 "
    "5C-3 r AD-1 QH-5 7D-1 9S-1 8S-1 6C-3 6S-1 AC-1 3C-3 KC-6 QC-6 JS-1 9H-5 JC-6 2S-7 3S-1 "
    "AS-1 4S-2 7H-1 2C-3 2H-4 4D-6 5D-3 5H-6 TS-1 6D-5 QD-1 KD-3 5S-1",
}


def played(code, line):
    """The game *code* deals, after the actions of *line* (notations separated by blanks)."""
    game = new_game(code)
    for move in line.split():
        game = game.play(move)
    return game


def run_put_back(code, column):
    """*code* played to its first run, the run put back uncovered into the empty *column*."""
    data = saved(played(code, FIRST_RUN[code]))
    suit = data["removed_runs"].pop()
    assert data["columns"][column] == {"down": [], "up": []}
    data["columns"][column]["up"] = [f"{rank.letter}{suit}" for rank in reversed(Rank)]
    data["score"] -= scorpion.POINTS_RUN
    return data


def test_scorpion_uncovered_run_must_once_have_been_covered():
    """A complete run lies uncovered only if a card once lay on its Ace; else it was removed."""
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(run_put_back("SC1-C-AAAAAA4", 1))
    assert str(caught.value) == (
        "the position: columns[1] ends with the complete run of ♠, which would have been "
        "removed: its Ace was never under another card"
    )
    assert Game.from_dict(without_code(run_put_back("SC1-C-AAAAAA4", 1))).moves == 38
    assert Game.from_dict(run_put_back("SC1-C-AAAAAC3", 0)).moves == 45
    refused(run_put_back("SC1-C-AAAAACZ", 6), "columns[6]", "complete run of ♠")


def test_scorpion_card_on_the_face_down_cards_is_the_dealt_one():
    """Issue 22: the first face-up card of column 1 swapped with column 5's top is refused."""
    data = saved(new_game(SCORPION)) | {"moves": 1000}
    first, fifth = data["columns"][0]["up"], data["columns"][4]["up"]
    first[0], fifth[-1] = fifth[-1], first[0]
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data)
    assert str(caught.value) == (
        "the position: columns[0].up[0]: 7C lies on the face-down cards, where the code deals "
        "6C: nothing moves there or away"
    )
    assert Game.from_dict(without_code(data)).moves == 1000


def test_scorpion_bottom_card_is_dealt_or_a_king():
    """Issue 22: column 5's bottom swapped with column 6's top: a non-King at the bottom."""
    data = saved(new_game(SCORPION)) | {"moves": 1000}
    fifth, sixth = data["columns"][4]["up"], data["columns"][5]["up"]
    fifth[0], sixth[-1] = sixth[-1], fifth[0]
    refused(data, "columns[4].up[0]: AC is at the bottom, where the code deals QC", "a King")
    assert Game.from_dict(without_code(data)).moves == 1000


def test_scorpion_card_lies_on_a_card_it_fits_or_as_dealt():
    """A card on a card that it does not fit, where the code does not deal it, is refused."""
    data = saved(new_game(SCORPION)) | {"moves": 1000}
    fifth, sixth = data["columns"][4]["up"], data["columns"][5]["up"]
    fifth[-1], sixth[-1] = sixth[-1], fifth[-1]  # AC on KS, 7C on 5H
    refused(data, "columns[4].up[6]: AC lies on KS", "no move puts it,")
    assert Game.from_dict(without_code(data)).moves == 1000
    game = new_game(SCORPION).play("6H-2")  # 6♥ onto 7♥: it fits, so it may lie there
    assert Game.from_dict(saved(game)) == attrs.evolve(game, history=())


def test_scorpion_turned_card_was_uncovered():
    """A card turned face up had the card dealt on it moved away: it cannot lie there still."""
    data = saved(new_game(SCORPION)) | {"moves": 1000, "score": 5}
    column = data["columns"][0]
    column["up"].insert(0, column["down"].pop())  # QS turned up, 6C still on it
    refused(data, "columns[0].up[1]: 6C lies on QS as dealt", "is face up, which needed 6C gone")
    assert Game.from_dict(without_code(data)).moves == 1000


def test_scorpion_reserve_card_lies_where_the_reserve_deal_puts_it():
    """A reserve card on a card it does not fit lies on its own column's former top card."""
    game = new_game("SC1-C-XVOJQH4").play("r")  # reserve KH 7S KC onto columns 1, 2 and 3
    data = saved(game) | {"moves": 1000}
    data["columns"][1]["up"].append(data["columns"][0]["up"].pop())  # KH onto 7S
    refused(data, "columns[1].up[5]: KH lies on 7S", "cards already on the table")
    data = saved(game) | {"moves": 1000}
    data["columns"][4]["up"].append(data["columns"][0]["up"].pop())  # KH onto AC of column 5
    refused(data, "columns[4].up[7]: KH lies on AC", "AC has never left column 5")
    data = saved(game) | {"moves": 1000}
    data["columns"][0]["up"][-2:] = ["KH", "5D"]  # KH under 5D, dealt onto column 1 before it
    refused(data, "columns[0].up[4]: 5D lies on KH", "no move puts it,")
    assert Game.from_dict(saved(game)) == attrs.evolve(game, history=())


def test_scorpion_cards_off_their_dealt_places_each_took_a_move():
    """Each card moved off its dealt place, even for no points, is a move the counter counts."""
    game = new_game("SC1-F-AAAAAAB").play("6S-2").play("4C-4")  # two moves onto other suits
    assert game.score == 0
    refused(saved(game) | {"moves": 1}, "2 cards moved from their dealt places", "counter is 1")
    assert Game.from_dict(without_code(saved(game)) | {"moves": 1}).moves == 1


def test_scorpion_ring_of_moved_cards_takes_a_move_more():
    """JC and 8S swapped onto each other's dealt cards: one of them must have moved twice."""
    data = saved(new_game("SC1-C-AAAAAPE")) | {"moves": 2, "score": 10}
    second, fifth = data["columns"][1]["up"], data["columns"][4]["up"]
    assert (second[-2:], fifth[-2:]) == (["9S", "JC"], ["QC", "8S"])
    second[-1], fifth[-1] = fifth[-1], second[-1]
    refused(data, "takes at least 3 actions", "2 cards moved", "1 moves more", "counter is 2")
    assert Game.from_dict(without_code(data)).moves == 2


def test_scorpion_points_of_a_placement_need_a_card_that_moved():
    """QC put on KC (+5), then put back where dealt, the 5 points kept: no card can have moved."""
    game = new_game("SC1-C-AAAAAYN").play("QC-1")
    data = saved(game)
    data["columns"][1]["up"].append(data["columns"][0]["up"].pop())
    refused(data, "field 'score' is 5", "1 cards put on cards of their suit", "at most once")
    assert Game.from_dict(without_code(data)).score == 5


def test_scorpion_score_counts_the_cards_put_on_their_suit():
    """Each card lying on its own suit where the code does not deal it earned 5 points."""
    game = new_game(SCORPION).play("6H-2")
    refused(saved(game) | {"score": 0}, "field 'score' is 0, less than the 5", "1 cards put on")
    assert Game.from_dict(without_code(saved(game)) | {"score": 0}).score == 0


def test_scorpion_score_counts_turned_cards_and_runs():
    """The score is at least 5 per card turned face up and 100 per removed run."""
    data = saved(new_game(SCORPION)) | {"code": None, "moves": 5}
    data["columns"][0]["up"].insert(0, data["columns"][0]["down"].pop())
    refused(data, "field 'score' is 0", "at least the 5 that 1 cards turned face up")
    assert Game.from_dict(data | {"score": 5}).score == 5


def test_scorpion_counter_covers_placements_turns_and_runs():
    """Same-suit placements, turned cards and runs each need actions the counter counts."""
    game = new_game(SCORPION).play("6H-2")  # 6♥ onto 7♥: +5
    assert game.score == 5
    data = without_code(saved(game))
    refused(data | {"score": 10}, "2 same-suit placements", "move counter is 1")
    assert Game.from_dict(data | {"score": 10, "moves": 2}).score == 10
    data = saved(new_game(SCORPION)) | {"code": None, "moves": 1, "score": 15}
    for column in data["columns"][:3]:
        column["up"].insert(0, column["down"].pop())
    refused(data, "3 cards turned face up", "takes at least 2 actions")
    assert Game.from_dict(data | {"moves": 2}).score == 15
    dealt = new_game(SCORPION).to_dict() | {"code": None}
    for column, card in zip(dealt["columns"], dealt["reserve"], strict=False):
        column["up"].append(card)
    dealt["reserve"] = []
    refused(dealt, "takes at least 1 actions (1 reserve deal", "move counter is 0")
    assert Game.from_dict(dealt | {"moves": 1}).moves == 1


def test_huge_scores_are_refused_in_short_messages():
    """A score of thousands of digits is refused, and the message quotes it briefly."""
    for code in [FT, SCORPION]:
        with pytest.raises(InvalidPositionError) as caught:
            Game.from_dict(without_code(saved(new_game(code))) | {"score": 5 * 10**5000})
        assert "an integer of" in str(caught.value)
        assert len(str(caught.value)) < 300


# The Game constructor


def test_constructor_refuses_what_loading_refuses():
    """A code of another game, a history longer than the counter, a step that is no move."""
    ft_state = forty_thieves.deal(1)
    with pytest.raises(InvalidPositionError, match="is not a forty_thieves code"):
        Game(ft_state, parse_code(GOLF))
    deal = golf.deal(1)
    with pytest.raises(InvalidPositionError, match="only 0 moves were played"):
        Game(deal, parse_code(GOLF), 0, (deal,))
    two = new_game(GOLF).play("d").play("d")
    with pytest.raises(InvalidPositionError, match="does not lead to the next position"):
        Game(two.state, two.code, two.moves, (two.history[0], two.history[0]))
    with pytest.raises(InvalidPositionError, match="2 cards have reached the waste"):
        Game(two.state, two.code, 1, ())
    assert Game(two.state, two.code, two.moves, two.history) == two


def test_constructor_refuses_hand_built_junk_states():
    """A State object whose fields are not a position is refused, not built."""
    deal = golf.deal(1)
    for junk in [
        attrs.evolve(deal, columns=[list(column) for column in deal.columns]),
        attrs.evolve(deal, stock=None),
        attrs.evolve(deal, waste=()),
        attrs.evolve(deal, variant="easy"),
    ]:
        with pytest.raises(InvalidPositionError):
            Game(junk)
    with pytest.raises(InvalidPositionError, match=r"forty_thieves\.State"):
        Game(forty_thieves.deal(1), history=(golf.deal(1),), moves=1)


# Nothing the library writes is refused


@settings(max_examples=60)
@given(games(max_moves=160))
def test_every_game_play_reaches_loads_with_and_without_history_and_code(game):
    """Random play from random codes, every game and variant: its saves all load back."""
    assert Game(game.state, game.code, game.moves, game.history) == game
    data = game.to_dict()
    assert Game.from_dict(data) == game
    assert Game.from_dict(without_code(data)) == attrs.evolve(game, code=None)
    alone = saved(game)
    assert Game.from_dict(alone) == attrs.evolve(game, history=())
    assert Game.from_dict(without_code(alone)) == attrs.evolve(game, code=None, history=())


def test_scorpion_runs_need_their_own_card_moves():
    """Each removed run took a card move: two runs and no other trace still need two actions."""
    low = [card for card in one_deck() if card.suit in {Suit.HEARTS, Suit.SPADES}]
    columns = [scorpion.Column(tuple(low[3 * n : 3 * n + 3]), (low[12 + n],)) for n in range(4)]
    columns += [scorpion.Column((), tuple(low[16:-3])), scorpion.Column(), scorpion.Column()]
    runs = (Suit.CLUBS, Suit.DIAMONDS)
    state = scorpion.State(scorpion.Variant.CLASSIC, tuple(columns), tuple(low[-3:]), runs, 200)
    data = golf_free(scorpion.to_dict(state), "scorpion")
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data | {"moves": 1})
    assert str(caught.value) == (
        "the position: the position takes at least 2 actions (0 reserve deal, 0 same-suit "
        "placements in the score 200, 0 cards turned face up, 2 runs removed), but the move "
        "counter is 1"
    )
    assert Game.from_dict(data | {"moves": 2}).moves == 2


def golf_free(position, game):
    """*position* as a saved game of *game* with no code."""
    return position | {"format": 1, "game": game, "code": None}


def test_scorpion_runs_are_not_placements():
    """A removed run's 100 points are not same-suit placements: few moves suffice."""
    rest = [card for card in one_deck() if card.suit is not Suit.CLUBS]
    columns = [scorpion.Column((), tuple(rest))] + [scorpion.Column()] * 6
    state = scorpion.State(scorpion.Variant.CLASSIC, tuple(columns), (), (Suit.CLUBS,), 160)
    assert Game(state, moves=8).score == 160  # 12 turned (60) and a run (100): 7 actions


def test_forty_thieves_a_card_put_on_a_column_is_a_move():
    """A card above a column's four dealt rows was moved there: the counter counts it."""
    game = new_game(FT).play("3-1")
    refused(without_code(saved(game)) | {"moves": 0}, "0 draws and 1 card moves")
    assert Game.from_dict(without_code(saved(game))).moves == 1


def test_scorpion_flexible_points_need_a_card_that_moved_twice():
    """Issue 22: SC1-F-AAAAAYN, QC-1 (+5), QC put back on 5C: no card can have earned the 5."""
    game = new_game("SC1-F-AAAAAYN").play("QC-1")
    data = saved(game)
    data["columns"][1]["up"].append(data["columns"][0]["up"].pop())
    assert data["columns"] == saved(new_game("SC1-F-AAAAAYN"))["columns"]
    refused(data, "the score 5", "takes at least 2 actions", "without a move more", "is 1")
    assert Game.from_dict(without_code(data)).score == 5


def test_scorpion_reserve_card_lies_where_its_column_then_was():
    """Issue 22: SC1-C-AAAAAAA after r 3C-6 2H-3 7D-5, 9H (column 2's) moved onto 7D."""
    game = played("SC1-C-AAAAAAA", "r 3C-6 2H-3 7D-5")
    data = saved(game)
    data["columns"][4]["up"].append(data["columns"][1]["up"].pop())
    refused(data, "columns[4].up[8]: 9H", "lies on 7D", "column 2")
    assert Game.from_dict(without_code(data)).moves == 4
    assert Game.from_dict(saved(game)) == attrs.evolve(game, history=())


def test_scorpion_king_on_its_floor_never_left_while_no_column_emptied():
    """2H (column 1's) onto 5D: only KD, column 5's bottom, can have carried 5D from column 1.

    With no column ever emptied, no King ever left its floor.
    """
    game = played("SC1-C-JNRFBWV", "r AD-5")
    data = saved(game)
    data["columns"][4]["up"].append(data["columns"][0]["up"].pop())
    refused(data, "columns[4].up[11]: 2H", "lies on 5D", "column 1")
    assert Game.from_dict(without_code(data)).moves == 2


def test_scorpion_reserve_card_on_a_card_that_topped_its_column_later():
    """QD (column 1's) onto 5C: 5C topped column 1 at the reserve deal, so 6S had left it.

    6S went onto 7S, which 5C covered then: two moves of a Classic card.
    """
    game = played("SC1-C-KTWLZMM", "r 5C-7 6S-1")
    data = saved(game)
    data["columns"][6]["up"].append(data["columns"][0]["up"].pop())
    refused(data, "columns[6].up[8]: QD", "lies on 5C", "column 1", "6S")
    assert Game.from_dict(without_code(data)).moves == 3


def test_scorpion_reserve_card_on_a_card_covered_at_the_reserve_deal():
    """5S (column 1's) moved onto 4C: 4C lay under 10H, moved once and after the reserve deal."""
    game = played("SC1-C-QFRXBQC", "r TH-2 4C-1 8D-6")
    data = saved(game)
    data["columns"][0]["up"].append(data["columns"][1]["up"].pop())
    refused(data, "columns[0].up[2]: 5S", "lies on 4C", "column 1")
    assert Game.from_dict(without_code(data)).moves == 4


def put_on_top(data, card, target):
    """Move *card*, the top card of its column in *data*, onto *target*, the top of another."""
    source = next(column["up"] for column in data["columns"] if column["up"][-1:] == [card])
    goal = next(column["up"] for column in data["columns"] if column["up"][-1:] == [target])
    goal.append(source.pop())


def test_scorpion_reserve_card_needs_its_column_then_to_have_been_left():
    """Issue 22: SC1-F-JAVNDDJ after r 5S-5 5H-4, 7H (column 2's) moved onto KC: never.

    KC topped column 2 at the reserve deal only on a pile from an 8 on 9H, the top of column
    2's unmoved cards (claims 7 and 9), up through a 7.  7S and 7D lie on their dealt places,
    which they cannot have left (claim 1), 7C is face down and 7H a reserve card: no 7 can
    have lain in the pile (claim 19), whatever the counter.
    """
    data = saved(played("SC1-F-JAVNDDJ", "r 5S-5 5H-4"))
    put_on_top(data, "7H", "KC")
    for moves in (3, 20):
        refused(data | {"moves": moves}, "no pile of cards", "KC topped column 2", "from 9H up")
    assert Game.from_dict(without_code(data)).moves == 3


def test_scorpion_reserve_card_on_a_column_no_card_can_have_covered():
    """3S (column 3's) onto 4C: no 8 can have lain on 9H, column 3's top then, and left it.

    So the reserve deal did not put 3S there: a pile up to 4C then went from 5S (dealt on
    6H) through 2H and 9H, which never left the cards they are dealt on (claim 20), and on
    from 9H only through an 8, all of which lie for good where dealt or face down.  A move
    put it there, and the counter is one short; ``r 3S-7 7S-5`` reaches it in three.
    """
    data = saved(played("SC1-F-AAAAJIH", "7S-5 r"))
    put_on_top(data, "3S", "4C")
    refused(data, "3S, a reserve card, lies on 4C", "no pile of cards", "from 6H up")
    assert (
        Game.from_dict(data | {"moves": 3}).state == played("SC1-F-AAAAJIH", "r 3S-7 7S-5").state
    )


def test_scorpion_late_card_on_its_dealt_place_moved_twice(monkeypatch):
    """AC (column 1's) onto 4H: a card under 4H, all on their dealt places, left and came back.

    And a 6 lay on 7S, column 1's top then, and left it: two moves of 6S more.  (6S, the
    only 6 that can have, earned 5 points on 7S that the score 0 lacks: claim 22, switched
    off here, refuses the position whatever the counter; no line of play reaches it within
    8 actions, ``benchmarks/reach.py``.)
    """
    data = saved(played("SC1-F-AAAAGAD", "8D-3 8D-6 r"))
    put_on_top(data, "AC", "4H")
    for moves in (3, 20):
        refused(data | {"moves": moves}, "score' is 0", "1 put on their suit before the reserve")
    monkeypatch.setattr(reachable_scorpion._BeforeReserveDeal, "placed", lambda *_: 0)
    refused(data, "takes at least 5 actions", "4 moves more", "is 3")
    assert Game.from_dict(without_code(data)).moves == 3


def test_scorpion_carrier_dealt_on_cards_that_moved():
    """6H (column 1's) onto 8S: 4D can have been in column 1 only if it, or TS under it, moved.

    4D moved before the reserve deal and after, or TS (which 4D's dealt cards lie on) left
    its dealt place and came back: a move more either way.
    """
    data = saved(played("SC1-F-AAAAAIA", "3D-7 r 4H-4 4D-6"))
    put_on_top(data, "6H", "8S")
    refused(data, "takes at least 5 actions", "1 moves more", "is 4")
    assert Game.from_dict(without_code(data)).moves == 4


def test_scorpion_card_dealt_on_a_reserve_cards_card_left_it_before():
    """JS (column 2's) moved back onto QH: 9H, dealt on QH, left it before the reserve deal.

    It can have gone onto TH only, which 9D, column 3's reserve card, covers: TH topped
    column 3 at the reserve deal, so 9H was on no card then (claim 16).  The counter leaves
    no move to have put JS there instead.
    """
    data = saved(played("SC1-F-AAAAHDG", "QH-2 r 7S-4 9H-1"))
    put_on_top(data, "JS", "QH")
    refused(data, "9H had left QH", "onto TH", "put a reserve card there")
    assert Game.from_dict(without_code(data)).moves == 4


def test_scorpion_card_dealt_on_a_reserve_cards_card_with_a_move_more_loads():
    """The position above with the counter at 5 loads: QH-2 r 9H-1 JS-2 7S-4 reaches it.

    9H leaves QH after the reserve deal, so JS stays on it.  An exact search from the deal
    (``benchmarks/reach.py``) finds no line of 4 actions, so claim 16 refuses the counter 4
    and no more.
    """
    data = saved(played("SC1-F-AAAAHDG", "QH-2 r 7S-4 9H-1"))
    put_on_top(data, "JS", "QH")
    reached = played("SC1-F-AAAAHDG", "QH-2 r 9H-1 JS-2 7S-4")
    assert Game.from_dict(data | {"moves": 5}).state == reached.state


def test_scorpion_card_dealt_on_a_reserve_cards_card_counted_with_its_column():
    """AH (column 1's) onto 3D: 8H left 3D before the reserve deal and lies on 9H after it.

    8H went onto 9S then, the only 9 it fits that can have topped a column, so 3D had left
    9S (claim 16) and lay on it at the reserve deal only if a move put it back, which no
    move does: 8H lay on 9S then, and no pile up to 3D can have lain on it without a card
    that cannot have left its dealt place (claims 7, 9 and 19), whatever the counter.
    """
    data = saved(played("SC1-F-AAAAEFC", "r 8H-3 3D-5"))
    put_on_top(data, "AH", "3D")
    for moves in (3, 20):
        refused(data | {"moves": moves}, "no pile of cards", "3D topped column 1")
    assert Game.from_dict(without_code(data)).moves == 3


def test_scorpion_pile_at_the_reserve_deal_has_no_unmoved_card_off_its_dealt_place():
    """5S (column 3's) onto AS, after r only: AS topped column 3 at the reserve deal, never.

    Claim 19: AS fits only a 2, and lay on one in column 3 then, on a pile from JC or a J on
    QC.  2D, 2S and 2H lie on their dealt places, which they cannot have left (claim 1), and
    2C is face down: none was in the pile.  Without claim 19 a pile through 2D costs two moves
    (it left JS and came back) and the position loads with the counter at 5.
    """
    data = saved(played("SC1-F-AAAAEHA", "r"))
    put_on_top(data, "5S", "AS")
    for moves in (5, 20):
        refused(data | {"moves": moves}, "no pile of cards", "AS topped column 3", "from QC up")
    assert Game.from_dict(without_code(data)).moves == 1


def test_scorpion_pile_at_the_reserve_deal_costs_moves():
    """9D (column 2's) onto JS: JS topped column 2 then, on a pile from AH (claim 9).

    AH, dealt on AC, lay on it at the reserve deal; from AH up to JS every pile needs a card
    put on a card it is not dealt on and lies on no more, two moves (3S or 4S left its dealt
    place and came back): more than the counter leaves.
    """
    data = saved(played("SC1-F-AAAAJBB", "r AH-5 9D-3 QC-1"))
    put_on_top(data, "9D", "JS")
    refused(data, "takes at least 5 actions", "2 moves more", "is 4")
    assert Game.from_dict(without_code(data)).moves == 4


def test_scorpion_classic_card_that_left_before_the_reserve_deal_stays():
    """AS (column 2's) onto JC and QC (column 3's) on 9C: 4D left JC before the reserve deal.

    Under Classic 4D moves once, onto 5D, so it lay there at the reserve deal (claim 10):
    column 3 then held 5D and 4D, and nothing that lay on 4D has left it since, so 9C did
    not top column 3.
    """
    data = saved(played("SC1-C-AAAAGGI", "r 2S-5 9C-1 4D-3"))
    put_on_top(data, "AS", "JC")
    refused(data, "QC, a reserve card, lies on 9C", "topped column 3", "none can have lain")
    assert Game.from_dict(without_code(data)).moves == 4


def test_scorpion_counter_with_no_move_to_spare_moves_each_card_once():
    """2D moved onto 7H, counter 3: every card moved once (claim 11).

    7C, column 2's reserve card, lies on KH: KH topped column 2 at the reserve deal only if
    the cards that lay on column 2's unmoved cards then have left since; with no move to
    spare, none that can have lain there moved twice.
    """
    data = saved(played("SC1-F-AAAAFIE", "r JS-2 3D-1"))
    data["columns"][2]["up"].append(data["columns"][0]["up"].pop())
    refused(data, "7C, a reserve card, lies on KH", "counter 3 leaves no move", "moved twice")
    assert Game.from_dict(data | {"moves": 4}).moves == 4


def test_scorpion_card_gone_early_earned_points_where_it_went():
    """JS (column 1's) put back onto 5D: 2S, dealt on 5D, left it before the reserve deal.

    The only card 2S fits that can have topped a column then is 3S, of its suit: 5 points
    the score does not hold besides 6D's (claim 16).  With them, play reaches it.
    """
    data = saved(played("SC1-F-AAAAGGB", "r 6D-4 JS-7 2S-3"))
    put_on_top(data, "JS", "5D")
    refused(data, "score' is 5", "less than the 10", "1 put on their suit before the reserve deal")
    assert Game.from_dict(data | {"score": 10}).moves == 4


def test_scorpion_card_gone_early_had_nowhere_to_be():
    """AD (column 3's) put back onto 9C: JC, dealt on 9C, left it before the reserve deal.

    It can have gone onto QD only (QH lies under 5C for good, QC face down, QS a reserve
    card), which QS, column 2's reserve card, covers: at the reserve deal JC lay nowhere.
    """
    data = saved(played("SC1-F-AAAAEJI", "r JC-2 3S-5 AD-1"))
    put_on_top(data, "AD", "9C")
    for moves in (4, 40):
        refused(data | {"moves": moves}, "JC had left 9C", "onto QD", "put a reserve card there")
    assert Game.from_dict(without_code(data)).moves == 4


def test_scorpion_card_gone_early_left_its_only_place_bare():
    """3H (column 1's) onto 6C: 9C left AS before the reserve deal, onto TD, its only place.

    So JH, dealt on TD, had left it by then and lay on it at the reserve deal only if a move
    put it back, which none does: 6C topped column 1 then only on a pile from 9C or 8C on TD,
    and none reaches it but through a card that cannot have left its dealt place (claims 16,
    7, 9 and 19), whatever the counter.
    """
    data = saved(played("SC1-F-AAAACFC", "JH-6 9C-1 r"))
    put_on_top(data, "3H", "6C")
    for moves in (3, 4, 20):
        refused(data | {"moves": moves}, "no pile of cards", "6C topped column 1")
    assert Game.from_dict(without_code(data)).moves == 3


def test_scorpion_face_down_card_gone_early_was_uncovered_first():
    """4S (column 3's) onto 3H: 3H topped column 3 at the reserve deal, so 9C had left it.

    9C was dealt face down under AC, so AC left 9C before that; but AC fits no card that can
    have topped a column before the reserve deal (claim 16).
    """
    data = saved(played("SC1-F-AAAAEDI", "r AC-1 9C-7"))
    data["columns"][2]["up"].append(data["columns"][0]["up"].pop())
    assert data["columns"][2]["up"] == ["3H", "4S"]
    refused(data, "AC had left 9C", "no card it fits")
    assert Game.from_dict(without_code(data)).moves == 3


def test_scorpion_reserve_card_read_as_moved_came_back():
    """TH put back on TD (score 5, counter 2): AD cannot have earned the points (claim 17).

    AD, column 2's reserve card, lies on 2D: had a move put it there, it left 2D, column 2's
    top at the reserve deal (no card can have lain on 2D then), and came back, which under
    Classic it cannot.  Put there by the reserve deal, no card made the placement.
    """
    data = saved(played("SC1-C-AAAAHFG", "TH-5 r"))
    put_on_top(data, "TH", "TD")
    refused(data, "score' is 5", "under Classic")
    assert Game.from_dict(data | {"score": 0}).moves == 2


def test_scorpion_reserve_card_read_as_moved_came_back_a_move_more():
    """Right after the reserve deal, score 5, counter 2: 3H moved off 4H and back (claim 17).

    3H, column 3's reserve card, lies on 4H, its column's top at the reserve deal; had a
    move put it there for the points, it left 4H first: three actions.
    """
    data = saved(played("SC1-F-AAAAAAA", "r")) | {"score": 5}
    assert data["columns"][2]["up"][-2:] == ["4H", "3H"]
    refused(data | {"moves": 2}, "score' is 5", "no other card can have been put")
    assert Game.from_dict(data | {"moves": 3}).moves == 3


def test_scorpion_carrier_under_its_successor_for_good():
    """QS put back on 4S (score 5, counter 3): JS cannot have earned the points on QS.

    QS has lain on 4S, and 4S on TH, since the deal, and TH lies on JS: JS was on QS only
    if TH left JS and came back, a move besides the placements and the last moves (claim
    18).
    """
    data = saved(played("SC1-F-AAAAEHC", "QS-5 r JS-6"))
    put_on_top(data, "QS", "4S")
    refused(data, "takes at least 4 actions", "without a move more", "is 3")
    assert Game.from_dict(data | {"moves": 4}).moves == 4


def test_scorpion_no_pile_at_the_reserve_deal_reaches_the_reserve_cards_card():
    """TD (column 3's) and AD swapped: no pile from column 3's bottom leads up to 7C (claim 9).

    7C would have topped column 3 at the reserve deal; the cards that can have lain on what
    is left of column 3 then, and the cards that can have lain on those in turn, never reach
    7C.
    """
    data = saved(played("SC1-F-AAAAEDJ", "r 5D-6 7C-4"))
    third, fourth = data["columns"][2]["up"], data["columns"][3]["up"]
    third[-1], fourth[-1] = fourth[-1], third[-1]
    refused(data, "TD, a reserve card, lies on 7C", "no pile of cards", "column 3")
    assert Game.from_dict(without_code(data)).moves == 3


def made_room():
    """SC1-F-AAAABJE after r AC-6 9C-1 5H-5, AC (column 1's reserve card) put on 5H."""
    data = saved(played("SC1-F-AAAABJE", "r AC-6 9C-1 5H-5"))
    put_on_top(data, "AC", "5H")
    return data


def without_claim_20(monkeypatch):
    """Switch claim 20 off: no card dealt on a card of a pile is known to have lain on it."""
    monkeypatch.setattr(reachable_scorpion._BeforeReserveDeal, "kept", lambda _self, _place: False)


def without_claim_21(monkeypatch):
    """Switch claim 21 off: its total over the piles is 0."""
    pile_cost = reachable_scorpion._pile_cost

    def claims_9_and_12(before, firsts, under, pricing=reachable_scorpion._Pricing.STEPS):
        return (
            0
            if pricing is reachable_scorpion._Pricing.BOTH
            else pile_cost(before, firsts, under, pricing)
        )

    monkeypatch.setattr(reachable_scorpion, "_pile_cost", claims_9_and_12)


def test_scorpion_card_that_made_room_in_a_reserve_cards_column_moved_twice(monkeypatch):
    """AC (column 1's) onto 5H: 5H topped column 1 at the reserve deal (claim 12).

    Column 1's unmoved cards end with TD.  Every pile that can have led from it up to 5H
    then put a card where another is dealt and lies now (5H on 6D, where 3S is; 8S on 9C,
    where 6D is; ...): that card made room and came back, two moves beyond the last ones of
    9C and 5H, which lie off their dealt places.  (Claims 20 and 21, switched off here,
    refuse it whatever the counter and count a move more: see the next tests.)
    """
    without_claim_20(monkeypatch)
    without_claim_21(monkeypatch)
    data = made_room()
    refused(data, "takes at least 5 actions", "2 cards moved", "2 moves more", "is 4")
    assert Game.from_dict(data | {"moves": 5}).moves == 5
    assert Game.from_dict(without_code(data)).moves == 4


def test_scorpion_card_that_never_left_its_dealt_place_lay_on_it_in_the_pile(monkeypatch):
    """The position above is refused whatever the counter: no pile leads up to 5H (claim 20).

    3S lies on 6D as dealt, and cannot have left it (a 3 fits no 6): at the reserve deal it
    lay on 6D, so 5H did not, and so on down every pile.  No line of play reaches the position
    within 8 actions (``benchmarks/reach.py``); with claim 20 switched off it loads with 6.
    """
    data = made_room()
    for moves in (4, 6, 20):
        refused(data | {"moves": moves}, "AC, a reserve card, lies on 5H", "no pile of cards")
    without_claim_20(monkeypatch)
    assert Game.from_dict(data | {"moves": 6}).moves == 6


def test_scorpion_pile_counts_each_card_and_those_it_displaced_once(monkeypatch):
    """3H (column 1's) onto JD, after r TS-2 6C-6, counter 5: JD topped column 1 then.

    The pile at the reserve deal ran from 3D, moved onto 4C, column 1's unmoved top, through
    7C, 6C and up to JD: 3D left 4S and came back (two moves), and 6C lay on 7C then, so TS,
    dealt on 7C and last put on JC after the reserve deal, had left 7C before it (one move
    more).  Claim 9 counts 3D's moves, claim 12 none, claim 21 both: six actions at least.  No
    line of play reaches the position within 8 actions (``benchmarks/reach.py``).
    """
    data = saved(played("SC1-F-AAAADBB", "r TS-2 6C-6"))
    put_on_top(data, "3H", "JD")
    data["moves"] = 5
    refused(data, "takes at least 6 actions", "2 cards moved", "3 moves more", "is 5")
    assert Game.from_dict(data | {"moves": 6}).moves == 6
    without_claim_21(monkeypatch)
    assert Game.from_dict(data).moves == 5


def test_scorpion_pile_put_on_its_suit_earned_points(monkeypatch):
    """9S (column 1's) moved onto 4H: 7C lay on 8C then, a move onto its suit (claim 22).

    4H topped column 1 at the reserve deal only on 7C and 5C, and 7C is not dealt on 8C,
    column 1's unmoved top, and has left it since: that move was not its last, and earned 5
    points the score 5 (10♣ on J♣'s) does not hold.  With them, ``7C-1 3C-6 2S-6 4H-1 TC-2
    9D-2 r 7C-4`` reaches it; with claim 22 switched off it loads with 5.
    """
    data = saved(played("SC1-F-AAAACJD", "4H-2 TC-7 3C-6 9D-7 7C-4 TC-2 2S-2 r"))
    put_on_top(data, "9S", "4H")
    refused(data, "score' is 5", "less than the 10", "1 put on their suit before the reserve")
    line = played("SC1-F-AAAACJD", "7C-1 3C-6 2S-6 4H-1 TC-2 9D-2 r 7C-4")
    assert Game.from_dict(data | {"score": 10}).state == line.state
    monkeypatch.setattr(reachable_scorpion._BeforeReserveDeal, "placed", lambda *_: 0)
    assert Game.from_dict(data).moves == 8


def test_scorpion_carrier_had_left_its_successor_for_the_reserve_deal():
    """2C (with all of column 7) moved onto 3D, column 1's reserve card on 3C, and 5 points.

    2C can have earned them only on 3C, before the reserve deal put 3D there (claim 13): it
    left 3C by then and moved onto 3D after, a move besides its placement and its last.
    """
    data = saved(played("SC1-F-AAAABFA", "4S-2 r 2C-1"))
    assert data["columns"][6]["up"] == []
    data["score"], data["moves"] = 5, 4
    refused(data, "takes at least 5 actions", "without a move more", "is 4")
    assert Game.from_dict(data | {"moves": 5}).moves == 5


def test_scorpion_carrier_moved_before_its_successor_was_dealt():
    """KD (column 3's reserve card) moved back onto 9S: 8H left column 2 for the reserve deal.

    Its successor 9H is a reserve card, on the table only after the reserve deal, so 8H can
    have earned the 5 points only with a move besides its placement and its last (claim 14);
    8S cannot have earned them on 9S, under KD since the reserve deal (claim 13).
    """
    data = saved(played("SC1-F-AAAAJFH", "8S-3 8H-4 r 8S-1"))
    put_on_top(data, "KD", "9S")
    refused(data, "takes at least 5 actions", "without a move more", "is 4")
    assert Game.from_dict(data | {"moves": 5}).moves == 5


def test_scorpion_no_card_is_put_on_a_reserve_card_before_the_reserve_deal():
    """5C onto 6D and 4D onto 5S, with 5 points and a counter of 3 (claim 14).

    5C can have earned them only on 6C, still in the reserve; 4D only on 5D, which QC has
    never left.  So a card moved onto its suit and away again (7S off 8S and back, say): a
    fourth move.
    """
    data = saved(played("SC1-F-AAAAEHI", "5C-3 4D-3"))
    data["score"], data["moves"] = 5, 3
    refused(data, "takes at least 4 actions", "without a move more", "is 3")
    assert Game.from_dict(data | {"moves": 4}).moves == 4


def test_scorpion_same_suit_points_need_a_card_that_can_have_earned_them():
    """JD, which earned 5 points on QD and went on to QS, put back on 3S (claim 15).

    On 3S as dealt, which it does not fit, JD never left it; 7C's suit a rank higher, 8C,
    never topped a column (3D has never left it), and no other card can have left its place
    and come back onto its suit: whatever the counter, nothing earned the points.
    """
    data = saved(played("SC1-F-AAAAICF", "r 7C-2 JD-3 JD-1"))
    put_on_top(data, "JD", "3S")
    for moves in (4, 40):
        refused(data | {"moves": moves}, "score' is 5", "no other card can have been put")
    assert Game.from_dict(data | {"score": 0}).moves == 4


def test_scorpion_cards_moved_once_wait_for_one_another(monkeypatch):
    """10H moved on from JC onto JD, counter 2: the two moves cannot come in any order (claim 23).

    10H is dealt on 8S, under 7C and JD.  With no move to spare 10H and 7C (on 8S now)
    moved once each; 7C went onto 8S only after 10H had left it, and 10H onto JD only after
    7C (of the cards dealt above 10H up to JD, the only one that moved) had taken JD off it.
    ``TH-1 7C-2 TH-2`` reaches it in 3 actions; with claim 23 switched off it loads with 2.
    """
    game = played("SC1-F-AAAAAA6", "TH-1 7C-2")  # 7C waits for TH, which moved first
    assert Game.from_dict(saved(game)).state == game.state
    data = saved(game)
    put_on_top(data, "TH", "JD")
    refused(
        data,
        "counter 2 leaves no move but the last move of each card",
        "no order of those moves works",
        "7C went onto 8S only after TH had left it",
        "TH went onto JD only after 7C, dealt above TH up to JD, had moved",
    )
    line = played("SC1-F-AAAAAA6", "TH-1 7C-2 TH-2")
    assert Game.from_dict(data | {"moves": 3}).state == line.state
    monkeypatch.setattr(reachable_scorpion, "_check_order", lambda *_: None)
    assert Game.from_dict(data).moves == 2


@pytest.mark.parametrize(
    ("pile", "words"),
    [
        ({"AS": 1}, ["columns[1] must be a list of cards, not dict"]),
        ("AS", ["columns[1] must be a list of cards, not str"]),
        (["AS"] * 105, ["columns[1] holds 105 cards", "more than the 104"]),
        (["AS", ["KD"]], ["columns[1][1]"]),
        (["AS", "ZZ"], ["columns[1][1]"]),
    ],
)
def test_a_pile_not_in_canonical_names_is_read_card_by_card_and_named(pile, words):
    """Piles are read in canonical names first; any other pile is named as cards() names it."""
    with pytest.raises(InvalidPositionError) as caught:
        _json.piles([["KD"], pile, []], "columns", 3)
    for word in words:
        assert word in str(caught.value)
    assert _json.piles([["10D", "KD"], ["AS"], []], "columns", 3) == (
        (Card.parse("TD"), Card.parse("KD")),
        (Card.parse("AS"),),
        (),
    )
