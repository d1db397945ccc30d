"""Move effects: played on the old position by an applier of their own, they give the new one.

The applier below knows nothing of the rules: it moves the cards the effects
name between plain lists, checking that each card is where the effect says,
and sets the score the effects announce.  Comparing its result with the game
module's ``apply`` checks that the effects say everything that happens, in an
order that can be played.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from forty_thieves_positions import near_wins
from forty_thieves_positions import position as ft_position
from golf_builders import winnable as golf_winnable
from patience_rules import (
    Card,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    Pile,
    Rank,
    Reason,
    Status,
    forty_thieves,
    golf,
    new_game,
    player_view,
    scorpion,
    strategies,
)
from patience_rules.effects import (
    CardsMoved,
    CardTurnedDown,
    CardTurnedUp,
    DrawTakenBack,
    ReserveDealt,
    ReserveTakenBack,
    RunRemoved,
    RunRestored,
    ScoreCause,
    ScoreChanged,
    StatusChanged,
    StockDrawn,
    move_effects,
    to_dict,
    undo_effects,
)
from patience_rules.game import _trusted, rules_of
from patience_rules.piles import REMOVED_RUNS, RESERVE, STOCK, WASTE
from scorpion_helpers import build
from scorpion_helpers import winnable as scorpion_winnable
from view_helpers import cards_named

# The applier ----------------------------------------------------------------


class Table:
    """The piles of a position as plain lists, top card last, and the score and status."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.up: dict[Pile, list[Card]] = {}
        self.down: dict[Pile, list[Card]] = {}
        self.runs: list[Any] = list(getattr(state, "removed_runs", ()))
        self.score = state.score
        self.status = state.status
        for number, column in enumerate(state.columns, 1):
            if isinstance(column, scorpion.Column):
                self.down[Pile.column(number)] = list(column.down)
                self.up[Pile.column(number)] = list(column.up)
            else:
                self.up[Pile.column(number)] = list(column)
        if not isinstance(state, scorpion.State):
            self.down[STOCK] = list(reversed(state.stock))
            self.up[WASTE] = list(state.waste)
        else:
            self.down[RESERVE] = list(state.reserve)
        for number, pile in enumerate(getattr(state, "foundations", ()), 1):
            self.up[Pile.foundation(number)] = list(pile)

    def take(self, pile: Pile, cards: tuple[Card, ...]) -> None:
        """Take *cards* off the top of the face-up cards of *pile*, checking they are there."""
        assert cards, "an effect moves at least one card"
        assert tuple(self.up[pile][-len(cards) :]) == cards, (pile, cards, self.up[pile])
        del self.up[pile][-len(cards) :]

    def play(self, effect: object) -> None:
        """Carry out one effect."""
        if isinstance(effect, CardsMoved):
            assert effect.source != effect.target
            self.take(effect.source, effect.cards)
            self.up[effect.target] += effect.cards
        elif isinstance(effect, StockDrawn):
            assert self.down[STOCK][-1] == effect.card
            self.down[STOCK].pop()
            self.up[WASTE].append(effect.card)
        elif isinstance(effect, ReserveDealt):
            assert tuple(self.down[RESERVE]) == effect.cards
            self.down[RESERVE] = []
            for card, pile in zip(effect.cards, effect.targets, strict=True):
                self.up[pile].append(card)
        elif isinstance(effect, CardTurnedUp):
            assert not self.up[effect.pile], "only an uncovered card turns up"
            assert self.down[effect.pile][-1] == effect.card
            self.up[effect.pile].append(self.down[effect.pile].pop())
        elif isinstance(effect, RunRemoved):
            assert effect.target == REMOVED_RUNS
            self.take(effect.source, effect.cards)
            self.runs.append(effect.suit)
        elif isinstance(effect, ScoreChanged):
            assert self.score + effect.points == effect.score
            self.score = effect.score
        elif isinstance(effect, StatusChanged):
            assert effect.before is self.status
            self.status = effect.after
        else:
            self.take_back(effect)

    def take_back(self, effect: object) -> None:
        """Carry out one effect that only an undo has."""
        if isinstance(effect, DrawTakenBack):
            self.down[STOCK].append(self.up[WASTE].pop())
        elif isinstance(effect, ReserveTakenBack):
            assert not self.down[RESERVE]
            self.down[RESERVE] = [self.up[pile].pop() for pile in effect.sources]
        elif isinstance(effect, CardTurnedDown):
            assert len(self.up[effect.pile]) == 1, "only a lone face-up card turns down"
            self.down[effect.pile].append(self.up[effect.pile].pop())
        elif isinstance(effect, RunRestored):
            assert self.runs[-1] == effect.suit, "the last removed run comes back first"
            self.runs.pop()
            self.up[effect.target] += effect.cards
        else:
            pytest.fail(f"unknown effect {effect!r}")

    def position(self) -> Any:
        """The position the table now shows."""
        columns = sorted(
            (pile for pile in self.up if pile.kind == "column"), key=lambda p: p.number
        )
        if isinstance(self.state, scorpion.State):
            return attrs.evolve(
                self.state,
                columns=tuple(
                    scorpion.Column(tuple(self.down[p]), tuple(self.up[p])) for p in columns
                ),
                reserve=tuple(self.down[RESERVE]),
                removed_runs=tuple(self.runs),
                score=self.score,
            )
        changes: dict[str, Any] = {
            "columns": tuple(tuple(self.up[pile]) for pile in columns),
            "stock": tuple(reversed(self.down[STOCK])),
            "waste": tuple(self.up[WASTE]),
        }
        if isinstance(self.state, forty_thieves.State):
            changes["foundations"] = tuple(
                tuple(self.up[Pile.foundation(n)]) for n in range(1, forty_thieves.FOUNDATIONS + 1)
            )
            changes["score"] = self.score
        return attrs.evolve(self.state, **changes)


def check_effects(state: Any, move: Any) -> tuple[object, ...]:
    """The effects of *move*, checked to turn *state* into the position ``apply`` gives."""
    effects = move_effects(state, move)
    rules = rules_of(state.game)
    after = rules.apply(state, rules.to_move(state, move))
    table = Table(state)
    for effect in effects:
        table.play(effect)
    assert table.position() == after
    assert table.score == after.score
    assert table.status is after.status
    kinds = [type(effect) for effect in effects]
    assert StatusChanged not in kinds[:-1], "the status change comes last"
    assert kinds[:1] != [ScoreChanged], "a score change follows the effect that earns it"
    assert kinds.count(StatusChanged) == (state.status is not after.status)
    return effects


def at(state: Any) -> Any:
    """A game at *state*, built by hand or not: Game() would check that a deal reaches it."""
    return _trusted(state, None, 0, ())


def check_undo(game: Any) -> tuple[object, ...]:
    """The effects of undoing *game*'s last move, checked to give the position undo gives."""
    effects = undo_effects(game)
    earlier = game.undo().state
    table = Table(game.state)
    for effect in effects:
        table.play(effect)
    assert table.position() == earlier
    assert (table.score, table.status) == (earlier.score, earlier.status)
    kinds = [type(effect) for effect in effects]
    assert StatusChanged not in kinds[:-1], "the status change comes last"
    assert kinds[:1] != [ScoreChanged], "a score change follows the effect it undoes"
    assert kinds.count(StatusChanged) == (game.state.status is not earlier.status)
    return effects


# Properties over play ---------------------------------------------------------

PLAY = settings(max_examples=80)


@PLAY
@given(st.data())
def test_effects_replay_every_move_of_random_play(data):
    """For every game and variant, the effects of a legal move rebuild the position it leads to."""
    game = data.draw(strategies.games(max_moves=80, undo=False))
    if game.legal_moves():
        check_effects(game.state, data.draw(strategies.moves(game)))


@PLAY
@given(strategies.games(max_moves=80))
def test_undo_effects_take_back_the_last_move_of_random_play(game):
    """For every game and variant, the effects of an undo rebuild the position undo returns to."""
    assume(game.can_undo)
    check_undo(game)


def check_line(state: Any, line: Any) -> list[tuple[object, ...]]:
    """The checked effects of each move of *line*, played from *state*, ending in a win.

    The effects of undoing each move are checked too.
    """
    rules = rules_of(state.game)
    played = []
    game = at(state)
    for move in line:
        played.append(check_effects(state, move))
        state = rules.apply(state, move)
        game = game.play(move)
        check_undo(game)
    assert played[-1][-1] == StatusChanged(Status.PLAYING, Status.WON)
    return played


@settings(max_examples=30)
@given(st.randoms(use_true_random=False), st.sampled_from(golf.Variant))
def test_golf_effects_along_a_won_game(rng, variant):
    """Every move of a Golf game played to the win has effects that replay it, the win last."""
    check_line(*golf_winnable(rng, variant))


@settings(max_examples=30)
@given(near_wins())
def test_forty_thieves_effects_along_a_won_game(built):
    """Every move of a Forty Thieves game played to the win has effects that replay it."""
    check_line(*built)


@settings(max_examples=40)
@given(scorpion_winnable())
def test_scorpion_effects_along_a_won_game(plan):
    """Every move of a Scorpion game played to the win, runs and deals included, replays."""
    played = check_line(plan.start, plan.moves)
    runs = sum(isinstance(effect, RunRemoved) for effects in played for effect in effects)
    assert runs == scorpion.RUNS - len(plan.start.removed_runs)


@settings(max_examples=40)
@given(strategies.states("golf"), st.data())
def test_an_illegal_move_gets_its_refusal(state, data):
    """A refused move raises IllegalMoveError carrying the refusal ``refusal`` gives."""
    move = data.draw(
        st.one_of(
            st.just(golf.Draw()),
            st.builds(golf.PlayColumn, st.integers(1, golf.COLUMNS)),
            st.builds(golf.TapCard, strategies.cards()),
        )
    )
    refused = golf.refusal(state, move)
    if refused is None:
        check_effects(state, move)
    else:
        with pytest.raises(IllegalMoveError) as raised:
            move_effects(state, move)
        assert raised.value.refusal == refused


# Worked examples ----------------------------------------------------------------


def test_a_golf_play_moves_the_card_to_the_waste_for_ten_points():
    """Golf deal 1, column 2: 8♥ goes onto the waste, +10."""
    assert move_effects(golf.deal(1), "2") == (
        CardsMoved((Card.parse("8H"),), Pile.column(2), WASTE),
        ScoreChanged(ScoreCause.CARD_TO_WASTE, 10, 10),
    )


def test_a_tap_moves_the_card_from_its_column():
    """A Golf tap by card name has the same effects as the play of its column."""
    state = golf.deal(1)
    assert move_effects(state, "8H") == move_effects(state, "2")


def test_a_draw_turns_the_top_stock_card_onto_the_waste():
    """A draw is one StockDrawn effect naming the card, from the stock to the waste."""
    state = golf.deal(1)
    (drawn,) = move_effects(state, "d")
    assert drawn == StockDrawn(state.stock[0])
    assert (drawn.source, drawn.target) == (STOCK, WASTE)


def _golf_line_to_stuck(*, last_is_draw: bool) -> tuple[golf.State, golf.Move]:
    """A dealt Golf position and the move that makes it stuck, found by seeded play."""
    rng = random.Random(5)
    for number in range(200):
        state = golf.deal(number)
        while moves := golf.legal_moves(state):
            move = rng.choice(moves)
            after = golf.apply(state, move)
            if after.status is Status.STUCK and isinstance(move, golf.Draw) is last_is_draw:
                return state, move
            state = after
    pytest.fail("no stuck game found")


@pytest.mark.parametrize("last_is_draw", [True, False])
def test_getting_stuck_costs_ten_per_card_left(last_is_draw):
    """The move that makes Golf stuck ends with the −10 per card penalty, then the status."""
    state, move = _golf_line_to_stuck(last_is_draw=last_is_draw)
    effects = check_effects(state, move)
    after = golf.apply(state, move)
    penalty, status = effects[-2:]
    left = sum(map(len, after.columns))
    earned = state.score + (0 if last_is_draw else 10)
    assert penalty == ScoreChanged(ScoreCause.STUCK_PENALTY, after.score - earned, after.score)
    assert after.score == max(0, earned - 10 * left)
    assert status == StatusChanged(Status.PLAYING, Status.STUCK)


def test_a_forty_thieves_move_to_a_foundation():
    """Forty Thieves deal 2, 5-f2: A♥ goes from column 5 to foundation 2, +10."""
    assert move_effects(forty_thieves.deal(2), "5-f2") == (
        CardsMoved((Card.parse("AH"),), Pile.column(5), Pile.foundation(2)),
        ScoreChanged(ScoreCause.TO_FOUNDATION, 10, 10),
    )


def test_a_move_between_columns_scores_nothing():
    """A Forty Thieves column-to-column move is a CardsMoved alone."""
    assert move_effects(forty_thieves.deal(2), "3-1") == (
        CardsMoved((Card.parse("3D"),), Pile.column(3), Pile.column(1)),
    )


@pytest.mark.parametrize(("score", "points"), [(20, -15), (5, -5), (0, 0)])
def test_a_card_back_from_a_foundation_costs_at_most_the_score(score, points):
    """Foundation to column: −15, but the score stops at 0 and the effect says what it lost."""
    state = ft_position(["3S"], heights=(2, 0, 0, 0, 0, 0, 0, 0), score=score)
    assert move_effects(state, "f1-1") == (
        CardsMoved((Card.parse("2S"),), Pile.foundation(1), Pile.column(1)),
        ScoreChanged(ScoreCause.FOUNDATION_TO_COLUMN, points, score + points),
    )


def test_the_waste_card_onto_a_column_scores_five():
    """Forty Thieves: the waste card onto a column, +5."""
    state = ft_position(["9H"], waste="8H")
    assert move_effects(state, "w-1") == (
        CardsMoved((Card.parse("8H"),), WASTE, Pile.column(1)),
        ScoreChanged(ScoreCause.WASTE_TO_COLUMN, 5, 5),
    )


def test_a_scorpion_move_carries_the_cards_above_and_turns_up_the_card_below():
    """Scorpion: the group moves, lands on its suit (+5), the face-down card below turns (+5)."""
    state = build([("QS", "7H 2C"), ("", "8H")], dump=3)
    before = state.score  # 5 for each of the 11 other cards already turned up
    assert move_effects(state, "7H-2") == (
        CardsMoved((Card.parse("7H"), Card.parse("2C")), Pile.column(1), Pile.column(2)),
        ScoreChanged(ScoreCause.SAME_SUIT, 5, before + 5),
        CardTurnedUp(Card.parse("QS"), Pile.column(1)),
        ScoreChanged(ScoreCause.CARD_TURNED_UP, 5, before + 10),
    )


def test_a_completed_run_is_removed_and_uncovers_a_card():
    """Scorpion: the Ace completes a run, which leaves (+100) and uncovers a face-down card."""
    run = " ".join(f"{rank}H" for rank in "KQJT98765432")
    state = build([("5C", run), ("", "AH")], dump=3)
    before = state.score  # 5 for each of the 11 other cards already turned up
    effects = move_effects(state, "AH-1")
    assert effects == (
        CardsMoved((Card.parse("AH"),), Pile.column(2), Pile.column(1)),
        ScoreChanged(ScoreCause.SAME_SUIT, 5, before + 5),
        RunRemoved(Card.parse("AH").suit, Pile.column(1)),
        ScoreChanged(ScoreCause.RUN_REMOVED, 100, before + 105),
        CardTurnedUp(Card.parse("5C"), Pile.column(1)),
        ScoreChanged(ScoreCause.CARD_TURNED_UP, 5, before + 110),
    )
    assert effects[2].cards[0] == Card.parse("KH")
    assert len(effects[2].cards) == 13
    check_effects(state, "AH-1")


def test_the_reserve_deal_can_remove_a_run():
    """Scorpion: a reserve card that completes a run removes it, in the order of the columns."""
    run = " ".join(f"{rank}S" for rank in "KQJT98765432")
    state = build([("", "5D"), ("", run)], reserve="4C AS 3H", dump=3)
    effects = check_effects(state, "r")
    assert effects == (
        ReserveDealt(tuple(Card.parse(name) for name in ("4C", "AS", "3H"))),
        RunRemoved(Card.parse("AS").suit, Pile.column(2)),
        ScoreChanged(ScoreCause.RUN_REMOVED, 100, state.score + 100),
    )
    assert effects[0].targets == (Pile.column(1), Pile.column(2), Pile.column(3))
    assert effects[0].source == RESERVE


def test_effects_print_as_a_ui_log():
    """Each effect's str() is a short line: cards and piles in notation form."""
    state = scorpion.deal(1)
    assert [str(effect) for effect in move_effects(state, "r")] == ["9C QH KC: dealt r -> 1 2 3"]
    assert str(StatusChanged(Status.PLAYING, Status.WON)) == "status: playing -> won"


def test_effects_are_pure():
    """Asking for the effects changes no position and gives the same answer twice."""
    game = new_game("SC1-C-AAAAAAB")
    state = game.state
    first = move_effects(state, "6H-2")
    assert move_effects(state, "6H-2") == first
    assert state == new_game("SC1-C-AAAAAAB").state


def test_junk_is_refused_with_a_patience_error():
    """A non-position, a non-move and a move of another game are refused, naming them."""
    with pytest.raises(InvalidPositionError, match="not a golf, forty thieves or scorpion"):
        move_effects("position", "d")
    with pytest.raises(InvalidNotationError, match="'zz' is not a golf move"):
        move_effects(golf.deal(1), "zz")
    with pytest.raises(InvalidNotationError, match="not a scorpion move"):
        move_effects(scorpion.deal(1), golf.Draw())


def test_an_illegal_forty_thieves_move_names_its_reason():
    """Forty Thieves 1-2 on deal 2 is refused with wrong_suit."""
    with pytest.raises(IllegalMoveError) as raised:
        move_effects(forty_thieves.deal(2), "1-2")
    assert raised.value.refusal.reason is Reason.WRONG_SUIT


@PLAY
@given(st.data())
def test_effects_name_only_cards_the_player_can_see_afterwards(data):
    """Sent to a player, effects reveal no card the new player view hides."""
    game = data.draw(strategies.games(max_moves=80, undo=False))
    if not game.legal_moves():
        return
    move = data.draw(strategies.moves(game))
    sent = [to_dict(effect) for effect in move_effects(game.state, move)]
    after = game.play(move).state
    runs = getattr(after, "removed_runs", ())
    seen = set(cards_named(player_view(after))) | {
        Card(rank, suit) for suit in runs for rank in Rank
    }
    assert set(cards_named(json.loads(json.dumps(sent)))) <= seen


@pytest.mark.parametrize(
    ("effect", "expected"),
    [
        (
            CardsMoved((Card.parse("7H"), Card.parse("2C")), Pile.column(1), Pile.column(2)),
            {"effect": "cards_moved", "cards": ["7H", "2C"], "source": "1", "target": "2"},
        ),
        (StockDrawn(Card.parse("TS")), {"effect": "stock_drawn", "card": "TS"}),
        (
            ReserveDealt((Card.parse("9C"), Card.parse("QH"), Card.parse("KC"))),
            {"effect": "reserve_dealt", "cards": ["9C", "QH", "KC"]},
        ),
        (
            CardTurnedUp(Card.parse("QS"), Pile.column(1)),
            {"effect": "card_turned_up", "card": "QS", "pile": "1"},
        ),
        (
            RunRemoved(Card.parse("AH").suit, Pile.column(4)),
            {"effect": "run_removed", "suit": "H", "source": "4"},
        ),
        (
            ScoreChanged(ScoreCause.FOUNDATION_TO_COLUMN, -5, 0),
            {"effect": "score_changed", "cause": "foundation_to_column", "points": -5, "score": 0},
        ),
        (
            StatusChanged(Status.PLAYING, Status.STUCK),
            {"effect": "status_changed", "before": "playing", "after": "stuck"},
        ),
    ],
)
def test_each_effect_as_json(effect, expected):
    """to_dict writes an effect's kind and fields, cards and piles by name."""
    assert to_dict(effect) == expected
    assert json.loads(json.dumps(to_dict(effect))) == expected


def test_to_dict_refuses_what_is_not_an_effect():
    """Anything but an effect is refused, naming it."""
    with pytest.raises(InvalidPositionError, match="'d' is not a move effect"):
        to_dict("d")


class UiMirror(RuleBasedStateMachine):
    """A UI that learns the position once, then follows a whole game through effects alone."""

    @initialize(code=strategies.game_codes())
    def deal(self, code):
        """Deal a game of any kind and let the UI copy its position."""
        self.game = new_game(code)
        self.table = Table(self.game.state)

    @rule(data=st.data())
    def play(self, data):
        """Play a legal move; the UI applies its effects to its own copy."""
        moves = self.game.legal_moves()
        if not moves:
            return
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        for effect in move_effects(self.game.state, move):
            self.table.play(effect)
        self.game = self.game.play(move)

    @invariant()
    def in_sync(self):
        """The UI's copy is the game's position, score and status."""
        assert self.table.position() == self.game.state
        assert (self.table.score, self.table.status) == (self.game.score, self.game.status)


UiMirror.TestCase.settings = settings(max_examples=25, stateful_step_count=60)
test_a_ui_follows_a_game_through_effects = UiMirror.TestCase


# Undo ------------------------------------------------------------------------------


def test_undoing_a_draw_takes_the_card_back_onto_the_stock():
    """Golf: the drawn card goes back from the waste onto the stock, face down."""
    game = new_game("GO1-E-AAAAAAB").play("d")
    (effect,) = check_undo(game)
    assert effect == DrawTakenBack()
    assert (effect.source, effect.target) == (WASTE, STOCK)
    assert str(effect) == "taken back w -> s"
    assert to_dict(effect) == {"effect": "draw_taken_back"}, "the card is hidden again"


def test_undoing_a_scorpion_move_turns_the_card_down_then_moves_the_group_back():
    """Scorpion: the uncovered card turns down (−5), then the cards go back (−5 same suit)."""
    game = new_game("SC1-C-AAAAAAB").play("6C-5")
    group = tuple(map(Card.parse, ["6C", "4H", "2D", "3S"]))
    assert check_undo(game) == (
        CardTurnedDown(Pile.column(1)),
        ScoreChanged(ScoreCause.CARD_TURNED_UP, -5, 5),
        CardsMoved(group, Pile.column(5), Pile.column(1)),
        ScoreChanged(ScoreCause.SAME_SUIT, -5, 0),
    )


def test_undoing_a_run_removal_restores_the_run():
    """Scorpion: the card turned up is turned down, the run comes back, the Ace goes home."""
    run = " ".join(f"{rank}H" for rank in "KQJT98765432")
    state = build([("5C", run), ("", "AH")], dump=3)
    effects = check_undo(at(state).play("AH-1"))
    assert [type(effect) for effect in effects] == [
        CardTurnedDown,
        ScoreChanged,
        RunRestored,
        ScoreChanged,
        CardsMoved,
        ScoreChanged,
    ]
    restored = effects[2]
    assert restored == RunRestored(Card.parse("AH").suit, Pile.column(1))
    assert (restored.source, restored.cards[0], len(restored.cards)) == (
        REMOVED_RUNS,
        Card.parse("KH"),
        13,
    )
    assert to_dict(restored) == {"effect": "run_restored", "suit": "H", "target": "1"}


def test_undoing_the_reserve_deal_takes_the_cards_back():
    """Scorpion: the three dealt cards leave columns 1 to 3 for the reserve, face down again."""
    game = new_game("SC1-C-AAAAAAB").play("r")
    (effect,) = check_undo(game)
    assert effect == ReserveTakenBack()
    assert effect.sources == (Pile.column(1), Pile.column(2), Pile.column(3))
    assert str(effect) == "taken back 1 2 3 -> r"
    assert to_dict(effect) == {"effect": "reserve_taken_back"}


@pytest.mark.parametrize("last_is_draw", [True, False])
def test_undoing_a_stuck_golf_game_gives_back_the_penalty_and_the_status(last_is_draw):
    """Golf: undoing the move that got stuck refunds the penalty and goes back to playing."""
    state, move = _golf_line_to_stuck(last_is_draw=last_is_draw)
    effects = check_undo(at(state).play(move))
    assert effects[-1] == StatusChanged(Status.STUCK, Status.PLAYING)


def test_nothing_to_undo_is_refused_as_undo_is():
    """With no history, undo_effects raises what undo raises; junk gets a clear error."""
    with pytest.raises(IllegalMoveError) as raised:
        undo_effects(new_game("GO1-E-AAAAAAB"))
    assert raised.value.reason is Reason.NOTHING_TO_UNDO
    with pytest.raises(InvalidPositionError, match="is not a Game"):
        undo_effects(golf.deal(1))


@PLAY
@given(strategies.games(max_moves=80))
def test_undo_effects_name_only_cards_the_player_can_see_now(game):
    """Sent to a player, the effects of an undo name only cards face up after the undo."""
    assume(game.can_undo)
    sent = json.loads(json.dumps([to_dict(effect) for effect in undo_effects(game)]))
    runs = getattr(game.undo().state, "removed_runs", ())
    seen = set(cards_named(player_view(game.undo()))) | {
        Card(rank, suit) for suit in runs for rank in Rank
    }
    assert set(cards_named(sent)) <= seen
