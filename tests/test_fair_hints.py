"""Fair hints and the losing move: what the solver says from the player's knowledge."""

from __future__ import annotations

import random
import threading
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forty_thieves_positions import near_wins
from patience_rules import (
    IllegalMoveError,
    InvalidNotationError,
    forty_thieves,
    golf,
    new_game,
    replay,
    scorpion,
    solver,
    strategies,
)
from patience_rules.shuffle import SplitMix64, shuffled
from patience_rules.solver import MoveVerdict, Outcome, SolverError, _fair
from patience_rules.solver._base import Budget
from patience_rules.solver._engines import ENGINES
from scorpion_positions import small_positions
from view_helpers import VARIANTS, hidden_and_visible

MODULES: dict[str, Any] = {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}
LOSING = list("7133221dd464255773d62773dd2d54ddd")  # one character a move
"""GO1-E-AAAAAAB played to a position that is won by 5 and lost by drawing."""


def permuted(state: Any, rng: random.Random) -> Any:
    """*state* with its hidden cards in other hidden places: the player cannot tell."""
    cards, _ = hidden_and_visible(state)
    rng.shuffle(cards)
    return _fair._dealt(state, cards)


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_positions_the_player_cannot_tell_apart_get_the_same_fair_hint(name, variant, data):
    """Hidden cards permuted: the same move, estimates and counts, for the same seed."""
    game = data.draw(strategies.games(name, variant, max_moves=30))
    other = permuted(game.state, data.draw(st.randoms(use_true_random=False)))
    seed = data.draw(st.integers(0, 2**64 - 1))
    options = {"worlds": 3, "seed": seed, "max_states": 3000, "max_seconds": None}
    fair = solver.fair_hint(game.state, **options)
    assert solver.fair_hint(other, **options) == fair
    assert [entry.move for entry in fair.chances] == sorted(
        game.legal_moves(), key=[entry.move for entry in fair.chances].index
    )
    assert fair.move == (fair.chances[0].move if fair.chances else None)


def with_nothing_hidden(state: Any) -> Any:
    """*state* with every hidden card put on show (the stock under the waste, cards turned up)."""
    if isinstance(state, scorpion.State):
        columns = [scorpion.Column((), column.down + column.up) for column in state.columns]
        columns[0] = scorpion.Column((), columns[0].up + state.reserve)
        return attrs.evolve(state, columns=tuple(columns), reserve=())
    return attrs.evolve(state, stock=(), waste=state.stock + state.waste)


@st.composite
def open_positions(draw: st.DrawFn) -> Any:
    """A small position of any game with nothing hidden."""
    kind = draw(st.sampled_from(["golf", "forty_thieves", "scorpion"]))
    if kind == "scorpion":
        return with_nothing_hidden(draw(small_positions()))
    if kind == "forty_thieves":
        return with_nothing_hidden(draw(near_wins(max_steps=40))[0])
    state = draw(strategies.states("golf", max_moves=60))
    return with_nothing_hidden(state)


@settings(max_examples=40, deadline=None)
@given(open_positions())
def test_with_nothing_hidden_the_fair_hint_wins_whenever_a_win_is_proved(state):
    """One world, the position: the fair hint's move keeps every proved win."""
    exact = solver.solve(state, max_states=200_000)
    fair = solver.fair_hint(state, max_seconds=None)
    assert fair.worlds == 1
    if exact.outcome is Outcome.WIN and exact.line:
        assert fair.move is not None
        assert fair.chance == 1.0
        after = MODULES[state.game].apply(state, fair.move)
        assert solver.solve(after, max_states=400_000).outcome is Outcome.WIN
    if exact.outcome is Outcome.NO_WIN:
        assert fair.chance == 0.0


def test_worlds_are_the_sorted_hidden_cards_shuffled_by_splitmix64():
    """World i deals the sorted hidden cards shuffled with SplitMix64(seed)'s i-th output."""
    state = scorpion.deal(7)
    hidden = _fair.hidden_cards(state)
    assert hidden == tuple(sorted(hidden))
    assert len(hidden) == 15
    rng = SplitMix64(42)
    expected = [_fair._dealt(state, shuffled(hidden, rng.next())) for _ in range(3)]
    dealt = _fair.worlds(state, 3, 42)
    assert list(dealt) == expected
    assert _fair.worlds(state, 3, 43) != dealt
    for world in dealt:
        assert [column.up for column in world.columns] == [c.up for c in state.columns]
        assert _fair.hidden_cards(world) == hidden


def test_the_fair_hint_is_repeatable_and_counts_every_world():
    """The same seed gives the same hint; each move's counts add up to the worlds dealt."""
    game = new_game("SC1-F-AAAAAAC")
    fair = solver.fair_hint(game, worlds=4, seed=9, max_states=4000, max_seconds=None)
    assert fair == solver.fair_hint(game, worlds=4, seed=9, max_states=4000, max_seconds=None)
    assert fair.worlds == 4
    assert all(entry.worlds == 4 for entry in fair.chances)
    assert {entry.move for entry in fair.chances} == set(game.legal_moves())
    assert fair.states <= 4000 + 4 * (1 + len(fair.chances)) * 64


def test_the_recommended_move_wins_in_the_most_worlds():
    """The Golf position won by 5 and lost by a draw: 5 wins every world, the draw none."""
    fair = solver.fair_hint(replay("GO1-E-AAAAAAB", LOSING), seed=1, max_seconds=None)
    assert str(fair.move) == "5"
    assert [(str(e.move), e.wins, e.losses, e.unknown) for e in fair.chances] == [
        ("5", 16, 0, 0),
        ("d", 0, 16, 0),
    ]
    assert fair.chance_of("d").chance == 0.0
    with pytest.raises(SolverError, match="'3' is not a legal move"):
        fair.chance_of("3")


def test_unknown_worlds_count_as_not_won():
    """A budget of no states decides nothing: every world unknown, chance 0, at most 1."""
    game = new_game("GO1-E-AAAAAAB")
    fair = solver.fair_hint(game, worlds=5, max_states=0)
    assert all(entry.unknown == 5 and entry.wins == 0 for entry in fair.chances)
    assert fair.chance == 0.0
    assert fair.chances[0].chance_at_most == 1.0
    assert fair.move == solver.hint(game, max_states=0) != game.legal_moves()[0]


def test_undecided_moves_are_ranked_by_the_heuristic_of_a_world():
    """Forty Thieves' heuristic looks at the stock, so the fair hint asks it of a world."""
    state = forty_thieves.deal(3)
    fair = solver.fair_hint(state, worlds=4, seed=5, max_states=0)
    engine = ENGINES["forty_thieves"]
    assert fair.move == engine.heuristic_move(_fair.worlds(state, 4, 5)[0])
    assert fair.move in forty_thieves.legal_moves(state)


def test_a_cancelled_fair_hint_answers_at_once_with_unknown_worlds():
    """Cancel set: no world is solved, and the answer still lists every legal move."""
    cancel = threading.Event()
    cancel.set()
    state = forty_thieves.deal(1)
    fair = solver.fair_hint(state, max_seconds=None, cancel=cancel)
    assert fair.states == 0
    assert len(fair.chances) == len(forty_thieves.legal_moves(state))
    assert all(entry.unknown == fair.worlds for entry in fair.chances)


def test_fair_hint_checks_its_arguments():
    """Bad worlds, seeds, budgets and positions raise a SolverError naming them."""
    game = new_game("GO1-E-AAAAAAB")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"worlds": 0}, "worlds must be an integer of at least 1, not 0"),
        ({"worlds": 10**6}, "worlds must be at most 10000"),
        ({"worlds": "3"}, "worlds must be an integer"),
        ({"seed": -1}, "seed must be an integer of at least 0, not -1"),
        ({"seed": 2**64}, "seed must be an integer from 0 to 2\\*\\*64 - 1"),
        ({"seed": 1.5}, "seed must be an integer"),
        ({"max_seconds": -1}, "max_seconds must be"),
        ({"max_states": True}, "max_states must be"),
        ({"cancel": object()}, "cancel must be None or an event-like"),
    ]
    for kwargs, message in cases:
        with pytest.raises(SolverError, match=message):
            solver.fair_hint(game, **kwargs)
    with pytest.raises(SolverError, match="str is not a position the solver plays"):
        solver.fair_hint("GO1-E-AAAAAAB")  # type: ignore[call-overload]


# The losing move -----------------------------------------------------------------------


def test_a_draw_that_throws_away_a_proved_win_is_the_losing_move():
    """Winnable before, lost after, both proved: lost is True; the winning move is not."""
    game = replay("GO1-E-AAAAAAB", LOSING)
    verdict = solver.judge_move(game, "d")
    assert (verdict.before, verdict.after, verdict.lost) == (Outcome.WIN, Outcome.NO_WIN, True)
    assert verdict.move == golf.Draw()
    kept = solver.judge_move(game, "5")
    assert (kept.before, kept.after, kept.lost) == (Outcome.WIN, Outcome.WIN, False)


def test_a_move_in_a_lost_game_loses_nothing():
    """A position proved lost: every move's after is lost too, and lost is False."""
    game = new_game("GO1-C-AAAAAAA")
    for move in game.legal_moves():
        verdict = solver.judge_move(game, move, max_seconds=None)
        assert (verdict.before, verdict.after, verdict.lost) == (
            Outcome.NO_WIN,
            Outcome.NO_WIN,
            False,
        )


def test_unknown_stays_unknown():
    """No budget: neither side is decided, and the verdict says unknown, not lost."""
    verdict = solver.judge_move(forty_thieves.deal(1), "d", max_states=0)
    assert (verdict.before, verdict.after, verdict.lost) == (
        Outcome.UNKNOWN,
        Outcome.UNKNOWN,
        None,
    )


@pytest.mark.parametrize("before", list(Outcome))
@pytest.mark.parametrize("after", list(Outcome))
def test_lost_reads_the_two_outcomes(before, after):
    """Lost only when a proved win is followed by a proved loss; unknown where undecided."""
    lost = MoveVerdict(golf.Draw(), before, after).lost
    if after is Outcome.WIN or before is Outcome.NO_WIN:
        assert lost is False
    elif (before, after) == (Outcome.WIN, Outcome.NO_WIN):
        assert lost is True
    else:
        assert lost is None


@settings(max_examples=25, deadline=None)
@given(strategies.games("golf", max_moves=60, undo=False), st.data())
def test_judge_move_agrees_with_the_exact_solver(game, data):
    """Lost exactly when the solver proves the position won and the position after lost."""
    move = data.draw(strategies.moves(game))
    verdict = solver.judge_move(game, move, max_seconds=None)
    before = solver.solve(game).outcome
    after = solver.solve(game.play(move)).outcome
    assert (verdict.before, verdict.after) == (before, after)
    assert verdict.lost is (before is Outcome.WIN and after is Outcome.NO_WIN)


def test_a_tapped_card_is_judged_as_the_column_move():
    """Golf's tap on a card is the move of its column, as legal_moves lists it."""
    game = replay("GO1-E-AAAAAAB", LOSING)
    card = game.state.columns[4][-1]
    assert solver.judge_move(game, golf.TapCard(card)).move == golf.PlayColumn(5)
    assert solver.fair_judge_move(game, golf.TapCard(card), max_seconds=None).keeper is None


def test_bad_moves_are_refused_as_play_refuses_them():
    """An illegal move raises IllegalMoveError, junk InvalidNotationError, as Game.play."""
    game = replay("GO1-E-AAAAAAB", LOSING)
    for judge in (solver.judge_move, solver.fair_judge_move):
        with pytest.raises(IllegalMoveError, match="'1'"):
            judge(game, "1")
        with pytest.raises(InvalidNotationError, match="xyz"):
            judge(game, "xyz")


def test_the_fair_verdict_says_how_much_the_move_lowered_the_chance():
    """Drawing lowered the chance from 1 to 0; 5 would have kept it; 5 itself lowers nothing."""
    game = replay("GO1-E-AAAAAAB", LOSING)
    review = solver.fair_judge_move(game, "d", max_seconds=None)
    assert (review.chance_before, review.chance_after, review.lowered_by) == (1.0, 0.0, 1.0)
    assert review.keeper == golf.PlayColumn(5)
    assert review.played == review.hint.chance_of("d")
    best = solver.fair_judge_move(game, "5", max_seconds=None)
    assert (best.lowered_by, best.keeper) == (0.0, None)


def test_a_budget_shares_what_is_left_of_its_states_and_time():
    """A share is an equal part of the states and seconds left, with the same cancel signal."""
    cancel = threading.Event()
    budget = Budget.start(1000, 10.0, cancel)
    budget.states = 400
    share = budget.share(3)
    assert share.max_states == 200
    assert share.states == 0
    assert share.cancel is cancel
    assert budget.deadline is not None
    assert share.deadline is not None
    assert budget.deadline - 10.0 < share.deadline < budget.deadline - 6.0
    share.states = 150
    budget.take(share)
    assert budget.states == 550
    assert not budget.is_spent()
    cancel.set()
    assert budget.is_spent()
    assert Budget.start(None, None).share(4).max_states is None
    assert Budget.start(None, None).share(4).deadline is None
    assert Budget.start(5, None).share(1).max_states == 5
    assert Budget.start(5, None).capped(5, 5).is_spent()
