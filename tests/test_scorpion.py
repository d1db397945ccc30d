"""Scorpion: the rules of scorpion.md, one test per rule, and the source's example."""

from __future__ import annotations

from typing import Any

import pytest

from hand_built import PLENTY, game_at
from patience_rules import (
    Card,
    Game,
    IllegalMoveError,
    Reason,
    Status,
    Suit,
    new_game,
    one_deck,
    parse_code,
    replay,
    scorpion,
)
from patience_rules.scorpion import Column, DealReserve, MoveCard, State, Variant
from scorpion_helpers import RUN, all_cards, assert_sound, build, cards

# Pinned deals: each column as "face-down | face-up" (deepest first), then the reserve.
PINNED = {
    "SC1-C-AAAAAAA": (
        [
            "8C 5S TD | 5H AS 6S 3C",
            "AH 5C KC | 2D 8H 9C 2C",
            "QD AD 3D | 2S TH 3S 4H",
            "9S TC QC | 9D KD 2H 7D",
            "| JS AC JH 6H 7H 4D 8D",
            "| JD KS QH 5D QS 7C 4C",
            "| JC KH 7S 4S TS 6D 8S",
        ],
        "6C 9H 3H",
    ),
    "SC1-C-AAAAAAB": (
        [
            "JC 8H QS | 6C 4H 2D 3S",
            "9S 9D 5C | 2H TS 8C 7H",
            "8D AH 7S | 4S 5S JH QD",
            "JD JS 4D | TD 2C 2S 5D",
            "| QC 8S 3C 6S 6H KS 7C",
            "| TC AD TH 4C 7D 5H AC",
            "| AS 6D 3D 9H KH 3H KD",
        ],
        "9C QH KC",
    ),
    "SC1-F-HELLO23": (
        [
            "2C TC AH | 9D AC 9S 2H",
            "2S 5C QS | 5H 4C JH TD",
            "TH TS QC | 3D 3S JD 2D",
            "KC 8S 9C | AS 5D 7D 3C",
            "| 5S KD 7S 7H 8C 4D 4S",
            "| 4H 7C 3H QD KH JS 8H",
            "| 6D QH KS AD 8D 6H 9H",
        ],
        "6S 6C JC",
    ),
    "SC1-C-7777777": (
        [
            "KS JS QS | 6H AH TS 5H",
            "QH 8S AD | 7H AS KD 4H",
            "KC QD KH | 8C 6S 7S 8H",
            "JC AC 7D | 3C 4C 9C 5D",
            "| 4S 3H 2S 5C 3S 9H 6D",
            "| 9S TC 7C 3D 5S JH 2C",
            "| 9D 4D TH 8D JD 2H 2D",
        ],
        "6C QC TD",
    ),
}


@pytest.mark.parametrize("code", sorted(PINNED))
def test_pinned_deals(code: str) -> None:
    """A code deals exactly the pinned cards, face-down and face-up, and the reserve."""
    layout, reserve = PINNED[code]
    parsed = parse_code(code)
    state = scorpion.deal(parsed.number, parsed.variant)
    expected = tuple(
        Column(cards(down), cards(up)) for down, up in (line.split("|") for line in layout)
    )
    assert state.columns == expected
    assert state.reserve == cards(reserve)
    assert state.variant is parsed.variant
    assert (state.removed_runs, state.score, state.status) == ((), 0, Status.PLAYING)
    assert new_game(code).state == state


def test_deal_shape() -> None:
    """A deal: 7 × 7 cards, 3 face down in columns 1-4, none in 5-7, a reserve of 3."""
    state = scorpion.deal(12345, Variant.FLEXIBLE)
    assert [len(c.down) for c in state.columns] == [3, 3, 3, 3, 0, 0, 0]
    assert [len(c.up) for c in state.columns] == [4, 4, 4, 4, 7, 7, 7]
    assert len(state.reserve) == 3
    assert_sound(state)


def test_variant_letter_keeps_the_cards() -> None:
    """SC1-C-… and SC1-F-… with the same digits deal the same cards under other rules."""
    classic, flexible = new_game("SC1-C-HELLO23").state, new_game("sc1-f-hello23").state
    assert classic.columns == flexible.columns
    assert classic.reserve == flexible.reserve
    assert (classic.variant, flexible.variant) == (Variant.CLASSIC, Variant.FLEXIBLE)


def test_default_variant_is_classic() -> None:
    """deal() without a variant plays Classic, the default of the new-game window."""
    assert scorpion.deal(7).variant is Variant.CLASSIC


def _from_fixture(position: dict[str, Any], hidden: tuple[Card, ...]) -> State:
    columns = []
    hidden_left = list(hidden)
    for column in position["columns"]:
        down = tuple(hidden_left.pop() for _ in range(column["down"]))
        columns.append(Column(down, cards(" ".join(column["up"]))))
    reserve = tuple(hidden_left) if position.get("reserve", 3) else ()
    return State(Variant(position.get("variant", "classic")), tuple(columns), reserve)


def test_source_first_move_of_a_won_game(positions: dict[str, Any]) -> None:
    """4♥ goes onto 5♥ taking 7♠ along; the result is the source's position, score 5."""
    initial = positions["scorpion"]["initial"]
    shown = {Card.parse(c) for column in initial["columns"] for c in column["up"]}
    hidden = tuple(card for card in one_deck() if card not in shown)
    assert len(hidden) == 15
    state = _from_fixture(initial, hidden)
    assert_sound(state)
    assert scorpion.to_move(state, "4H-7") in scorpion.legal_moves(state)
    after = scorpion.apply(state, scorpion.parse_move("4H-7"))
    expected = positions["scorpion"]["after_first_move"]
    assert [list(map(str, c.up)) for c in after.columns] == [c["up"] for c in expected["columns"]]
    assert [len(c.down) for c in after.columns] == [c["down"] for c in expected["columns"]]
    assert after.score == expected["score"] == 5
    assert after.reserve == state.reserve
    assert after.columns[2:6] == state.columns[2:6]  # untouched columns are shared
    assert after.columns[2] is state.columns[2]


def test_source_refusal_texts(positions: dict[str, Any]) -> None:
    """The two refusals quoted by the source carry its Hindi sentences verbatim."""
    state = build([("", "KH 5C"), ("", "9S"), ("", "TH")], runs="D")
    empty = scorpion.refusal(state, MoveCard(Card.parse("9S"), 4))
    assert empty is not None
    assert empty.reason is Reason.KING_ONLY_ON_EMPTY
    assert empty.message == "Only a King can go on an empty column"
    assert empty.message_in("hi") == positions["scorpion"]["messages"]["king_only_on_empty"]["hi"]
    assert empty.message_in("hi") == "खाली कॉलम पर केवल बादशाह जा सकता है"
    suit = scorpion.refusal(state, MoveCard(Card.parse("9S"), 3))
    assert suit is not None
    assert suit.reason is Reason.SAME_SUIT_REQUIRED
    assert suit.message == "Rule: cards must be of the same suit"
    assert suit.message_in("hi") == positions["scorpion"]["messages"]["same_suit_required"]["hi"]
    assert suit.message_in("hi") == "नियम: पत्ते एक ही सूट के होने चाहिए"


def test_flexible_accepts_another_suit_for_no_points() -> None:
    """Under Flexible 7♥ goes on 8♠ and scores 0; Classic refuses it."""
    layout = [("", "8S"), ("", "AD 7H")]
    classic = build(layout, runs="C")
    flexible = build(layout, runs="C", variant=Variant.FLEXIBLE)
    move = MoveCard(Card.parse("7H"), 1)
    refused = scorpion.refusal(classic, move)
    assert refused is not None
    assert refused.reason is Reason.SAME_SUIT_REQUIRED
    after = scorpion.apply(flexible, move)
    assert after.columns[0].up == cards("8S 7H")
    assert after.score == flexible.score


@pytest.mark.parametrize(
    ("notation", "reason"),
    [
        ("9S-2", Reason.WRONG_RANK),  # 9♠ on J♠
        ("2H-3", Reason.NOTHING_ON_ACE),  # anything on A♠
        ("8H-1", Reason.FACE_DOWN),
        ("TS-1", Reason.SAME_PILE),
        ("QS-5", Reason.KING_ONLY_ON_EMPTY),
        ("TH-2", Reason.SAME_SUIT_REQUIRED),  # 10♥ on J♠
        ("2D-2", Reason.FACE_DOWN),  # in the reserve: hidden, as a face-down card is
        ("KC-5", Reason.CARD_NOT_IN_PLAY),  # in a removed run
    ],
)
def test_refusals(notation: str, reason: Reason) -> None:
    """Each rule refuses with its own reason, and the position stays as it was."""
    state = build(
        [("", "TS 9S"), ("", "JS"), ("", "5S AS"), ("8H", "QS")],
        reserve="2D 3D 4D",
        runs="C",
    )
    before = scorpion.to_dict(state)
    refused = scorpion.refusal(state, scorpion.parse_move(notation))
    assert refused is not None
    assert refused.reason is reason
    with pytest.raises(IllegalMoveError) as error:
        scorpion.apply(state, scorpion.parse_move(notation))
    assert error.value.refusal == refused
    assert scorpion.to_dict(state) == before
    game = game_at(state)
    assert game.check(notation) == refused
    with pytest.raises(IllegalMoveError):
        game.play(notation)
    assert game.to_dict() == game_at(state).to_dict()


def test_group_moves_whatever_lies_above() -> None:
    """A card from mid-column takes every card above it, in order, whatever their suits."""
    state = build([("", "9H"), ("", "QC 8H 2S KD 5C")])
    after = scorpion.apply(state, MoveCard(Card.parse("8H"), 1))
    assert after.columns[0].up == cards("9H 8H 2S KD 5C")
    assert after.columns[1].up == cards("QC")
    assert after.score == state.score + 5


def test_king_with_its_group_into_an_empty_column_scores_nothing() -> None:
    """A King (with the cards above it) goes into an empty column, for 0 points."""
    state = build([("", "2C KH 4S"), ("", "")], runs="D")
    after = scorpion.apply(state, MoveCard(Card.parse("KH"), 2))
    assert after.columns[1] == Column((), cards("KH 4S"))
    assert after.score == state.score


def test_uncovered_face_down_card_turns_up_for_five() -> None:
    """Moving the last face-up card off a face-down one turns it up and scores +5 more."""
    state = build([("QS 4C", "8D"), ("", "9D")] + [("", "")] * 4 + [("", "5C")], runs="H")
    after = scorpion.apply(state, MoveCard(Card.parse("8D"), 2))
    assert after.columns[0] == Column(cards("QS"), cards("4C"))
    assert after.score == state.score + 5 + 5
    again = scorpion.apply(after, MoveCard(Card.parse("4C"), 7))
    assert again.columns[0] == Column((), cards("QS"))
    assert again.score == after.score + 5 + 5


def test_face_down_card_does_not_turn_while_covered() -> None:
    """A face-down card with face-up cards still on it stays face down."""
    state = build([("QS", "4C 8D"), ("", "9D")], runs="H")
    after = scorpion.apply(state, MoveCard(Card.parse("8D"), 2))
    assert after.columns[0] == Column(cards("QS"), cards("4C"))
    assert after.score == state.score + 5


def test_completed_run_is_removed_and_uncovers() -> None:
    """Completing K…A on the target removes it (+100) and turns up what it uncovers (+5)."""
    state = build([("7C", "KH QH JH TH 9H 8H 7H 6H 5H"), ("2S", "4H 3H 2H AH")], runs="D")
    after = scorpion.apply(state, MoveCard(Card.parse("4H"), 1))
    assert after.removed_runs == (Suit.DIAMONDS, Suit.HEARTS)
    assert after.columns[0] == Column((), cards("7C"))
    assert after.columns[1] == Column((), cards("2S"))
    # +5 same suit, +5 source turn-up, +100 run, +5 target turn-up
    assert after.score == state.score + 5 + 5 + 100 + 5
    assert_sound(after)


def test_run_removal_leaves_cards_under_it() -> None:
    """A run removed from on top of other face-up cards leaves them, with no turn-up."""
    state = build([("JC", "2D KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"), ("", "AS")], runs="H")
    after = scorpion.apply(state, MoveCard(Card.parse("AS"), 1))
    assert after.columns[0] == Column(cards("JC"), cards("2D"))
    assert after.columns[1] == Column()
    assert after.score == state.score + 5 + 100


def test_run_completed_by_a_king_into_an_empty_column() -> None:
    """A whole K…A run moved into an empty column is removed there: 0 + 100 points."""
    state = build([("", ""), ("3C", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD")], runs="")
    after = scorpion.apply(state, MoveCard(Card.parse("KD"), 1))
    assert after.removed_runs == (Suit.DIAMONDS,)
    assert after.columns[0] == Column()
    assert after.columns[1] == Column((), cards("3C"))
    assert after.score == state.score + 100 + 5


def test_covered_run_stays_and_uncovering_does_not_remove_it() -> None:
    """A complete run under other cards stays; moving them off does not remove it either."""
    run = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"
    state = build([("", f"{run} 6H"), ("", "7H")], runs="D")
    uncovered = scorpion.apply(state, MoveCard(Card.parse("6H"), 2))
    assert uncovered.columns[0].up == cards(run)
    assert uncovered.removed_runs == state.removed_runs
    assert uncovered.score == state.score + 5
    assert not scorpion.is_won(uncovered)


def test_run_check_is_only_on_the_receiving_column() -> None:
    """An uncovered complete run is removed once its King moves into an empty column."""
    run = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"
    state = build([("", f"{run} 6H"), ("", "7H"), ("", "")], runs="D")
    uncovered = scorpion.apply(state, MoveCard(Card.parse("6H"), 2))
    moved = scorpion.apply(uncovered, MoveCard(Card.parse("KC"), 3))
    assert moved.removed_runs == (Suit.DIAMONDS, Suit.CLUBS)
    assert moved.columns[0] == moved.columns[2] == Column()


def test_reserve_deal_onto_columns_one_to_three() -> None:
    """The reserve goes one card each onto columns 1-3, whatever is there, for 0 points."""
    state = build([("", "AS"), ("", ""), ("", "9C")], reserve="4H 7D QC")
    after = scorpion.apply(state, DealReserve())
    assert after.columns[0].up == cards("AS 4H")  # onto an Ace
    assert after.columns[1].up == cards("7D")  # into an empty column, not a King
    assert after.columns[2].up == cards("9C QC")
    assert after.columns[3:] == state.columns[3:]
    assert after.reserve == ()
    assert after.score == state.score
    refused = scorpion.refusal(after, DealReserve())
    assert refused is not None
    assert refused.reason is Reason.RESERVE_DEALT
    assert game_at(state).play("r").moves == PLENTY + 1


def test_reserve_deal_completes_a_run() -> None:
    """A reserve card that completes a run on columns 1-3 removes it (+100, +5 turn-up)."""
    hearts = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    state = build([("", "5S"), ("9C", hearts), ("", "3S")], reserve="4S AH 2S", runs="D")
    after = scorpion.apply(state, DealReserve())
    assert after.removed_runs == (Suit.DIAMONDS, Suit.HEARTS)
    assert after.columns[1] == Column((), cards("9C"))
    assert after.columns[0].up == cards("5S 4S")
    assert after.score == state.score + 100 + 5
    assert_sound(after)


def test_fourth_run_wins() -> None:
    """Removing the fourth run wins; a won game refuses every action but undo."""
    state = build([("", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"), ("", "AS")], runs="C D H", dump=3)
    assert state.status is Status.PLAYING
    game = game_at(state).play("AS-1")
    assert game.status is Status.WON
    assert scorpion.is_won(game.state)
    assert game.score == state.score + 5 + 100
    assert game.legal_moves() == ()
    assert not scorpion.has_legal_moves(game.state)
    for move in ("AS-1", "r", "KC-2"):
        refusal = game.check(move)
        assert refusal is not None
        assert refusal.reason is Reason.GAME_WON
    assert game.undo().state == state


def test_no_legal_move_is_not_a_loss() -> None:
    """With nothing left to play the game stays 'playing'; has_legal_moves says False."""
    state = build(
        [
            ("4C", "5C"),
            ("4D", "5D"),
            ("4H", "5H"),
            ("", "2C 3C 6C 7C 8C 9C TC JC QC KC AC"),
            ("", "2D 3D 6D 7D 8D 9D TD JD QD KD AD"),
            ("", "2H 3H 6H 7H 8H 9H TH JH QH KH AH"),
            ("", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
        ]
    )
    assert scorpion.legal_moves(state) == ()
    assert not scorpion.has_legal_moves(state)
    assert state.status is Status.PLAYING
    assert game_at(state).status == "playing"


def test_legal_moves_in_a_deal() -> None:
    """legal_moves lists the reserve deal and exactly the fitting face-up cards."""
    state = new_game("SC1-C-AAAAAAB").state
    assert [str(m) for m in scorpion.legal_moves(state)] == ["r", "6C-5", "QD-7", "2S-1", "6H-2"]
    flexible = scorpion.deal(1, Variant.FLEXIBLE)
    moves = {str(m) for m in scorpion.legal_moves(flexible)}
    assert {"2S-1", "2C-1", "2H-1", "6H-2"} <= moves
    assert "2D-1" not in moves  # 2♦ is already in column 1


def test_notation_round_trips_and_is_forgiving() -> None:
    """CARD-N and r read in any case and card form; str() is canonical; repr pastes back."""
    for text, canonical in [
        ("4H-7", "4H-7"),
        ("4h-7", "4H-7"),
        (" 10♥ - 2 ", "TH-2"),
        ("t♥-2", "TH-2"),
        ("R", "r"),
        (" r ", "r"),
    ]:
        move = scorpion.parse_move(text)
        assert str(move) == canonical
        assert scorpion.parse_move(str(move)) == move
        namespace = {"Card": Card, "MoveCard": MoveCard, "DealReserve": DealReserve}
        assert eval(repr(move), namespace) == move  # noqa: S307 - the repr is meant to paste


def test_rendering_masks_face_down_cards() -> None:
    """str(state) shows one line per pile, face-down cards as ##, removed runs by suit."""
    state = build([("QS 4C", "8D"), ("", "")], runs="H", dump=3)
    text = str(state).splitlines()
    assert text[0] == "reserve: dealt; removed runs: ♥"
    assert text[1] == "column 1: ## ## 8♦"
    assert text[2] == "column 2: empty"
    assert len(text) == 8
    assert str(scorpion.deal(1)).splitlines()[0] == "reserve: 3 face-down cards; no run removed"


def test_dict_round_trip_and_format() -> None:
    """to_dict writes the api.md fields; from_dict reads them back to an equal state."""
    state = scorpion.apply(new_game("SC1-F-HELLO23").state, DealReserve())
    data = scorpion.to_dict(state)
    assert set(data) == {"variant", "score", "status", "columns", "reserve", "removed_runs"}
    assert data["variant"] == "flexible"
    assert data["columns"][0]["down"] == ["2C", "TC", "AH"]
    assert data["reserve"] == []
    assert scorpion.from_dict(data) == state
    game = replay("SC1-C-AAAAAAB", ["6H-2", "r", "u", "2S-1"])
    assert Game.from_dict(game.to_dict()) == game
    assert game.to_dict()["game"] == "scorpion"
    assert game.to_dict()["code"] == "SC1-C-AAAAAAB"


def test_undo_restores_cards_and_points() -> None:
    """Undo takes the action's points away and restores the position; the counter stays."""
    game = new_game("SC1-C-AAAAAAB")
    played = game.play("6H-2")
    assert played.score == 5
    undone = played.undo()
    assert undone.state == game.state
    assert undone.score == 0
    assert undone.moves == 1


def test_conservation_in_examples() -> None:
    """No card is created or lost by the example actions above (removed runs count)."""
    state = build([("7C", "KH QH JH TH 9H 8H 7H 6H 5H"), ("2S", "4H 3H 2H AH")], runs="D")
    after = scorpion.apply(state, MoveCard(Card.parse("4H"), 1))
    assert all_cards(after) == all_cards(state)
    assert sum(all_cards(after).values()) == 52
    assert set(RUN[Suit.HEARTS]) <= set(all_cards(after))
