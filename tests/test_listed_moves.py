"""Game.play lists the new position's legal moves: legal_moves() and status follow from them."""

import copy
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forty_thieves_positions import near_wins
from golf_builders import position
from golf_builders import winnable as golf_winnable
from hand_built import game_at
from patience_rules import (
    HISTORY_LIMIT,
    MAX_MOVES,
    Game,
    IllegalMoveError,
    Status,
    golf,
    new_game,
    scorpion,
)
from patience_rules.game import _trusted, rules_of
from patience_rules.reasons import Reason
from test_scorpion_properties import WON_RECORDS

CODES = ["GO1-E-AAAAAAB", "GO1-C-AAAAAAD", "FT1-N-AAAAAAB", "SC1-C-AAAAAAB", "SC1-F-AAAAAAC"]


def agrees(game: Game[Any, Any]) -> None:
    """*game*'s moves and status are the rules' own for its position."""
    rules = rules_of(game.state.game)
    assert game.legal_moves() == rules.legal_moves(game.state)
    assert game.status is game.state.status


def copies(game: Game[Any, Any]) -> list[Game[Any, Any]]:
    """*game* rebuilt every way a user can: pickle, copies, evolve, loading, undo and replay."""
    rebuilt = [
        pickle.loads(pickle.dumps(game)),  # noqa: S301 - our own data
        copy.copy(game),
        copy.deepcopy(game),
        attrs.evolve(game),
        Game.from_dict(game.to_dict()),
        Game.from_record(game.to_record()),
    ]
    if game.can_undo:
        rebuilt.append(game.undo())
    return rebuilt


@pytest.mark.parametrize("code", CODES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_listed_moves_are_never_stale(code, seed):
    """Along random play and undo, every game and its copies list the rules' moves and status."""
    rng, game = random.Random(seed), new_game(code)
    for step in range(150):
        agrees(game)
        if step % 37 == 0:
            for other in copies(game):
                agrees(other)
        legal = game.legal_moves()
        if game.can_undo and (not legal or rng.random() < 0.15):
            game = game.undo()
        elif legal:
            game = game.play(rng.choice(legal))
        else:
            break


def play_line(state: Any, line: Any) -> Game[Any, Any]:
    """A game at *state* played along *line* through Game.play, checked at every step."""
    game = _trusted(state, None, 0, ())
    for move in line:
        game = game.play(move)
        agrees(game)
    return game


@settings(max_examples=20, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(golf.Variant))
def test_a_golf_win_lists_nothing_and_is_won(rng, variant):
    """A Golf game played to the win, with or without a stock left, is won with no move."""
    game = play_line(*golf_winnable(rng, variant))
    assert game.status is Status.WON
    assert game.legal_moves() == ()


@settings(max_examples=10, deadline=None)
@given(near_wins())
def test_a_forty_thieves_win_lists_nothing_and_is_won(built):
    """A Forty Thieves game played to the win is won with no move (the last play lists none)."""
    game = play_line(*built)
    assert game.status is Status.WON
    assert game.legal_moves() == ()


@pytest.mark.parametrize("code", sorted(WON_RECORDS))
def test_a_scorpion_win_played_with_move_objects_is_won(code):
    """A Scorpion game won through play with move objects (play's own path) is won, no move."""
    game = new_game(code)
    for notation in WON_RECORDS[code].split():
        game = game.play(scorpion.parse_move(notation))
        agrees(game)
    assert game.status is Status.WON
    assert game.legal_moves() == ()


def test_golf_ends_through_play():
    """Golf's won (stock left) and stuck positions reached by play have their status."""
    won = game_at(position([["7H"], [], [], [], [], [], []], "8C", ["3S"])).play("1")
    assert (won.status, won.legal_moves()) == (Status.WON, ())
    stuck = game_at(position([["7H"], ["2S"], [], [], [], [], []], "8C", [])).play("1")
    assert (stuck.status, stuck.legal_moves()) == (Status.STUCK, ())
    assert stuck.undo().status is Status.PLAYING


def outcome(function: Any, *args: Any) -> tuple[Any, ...]:
    """What *function* gives for *args*: ``("value", result)`` or ``("error", type, message)``."""
    try:
        return ("value", function(*args))
    except Exception as error:  # noqa: BLE001 - every error is compared
        return ("error", type(error), str(error))


def apply_then_listed(state: golf.State, move: object) -> tuple[Any, ...]:
    """The position and legal moves Game.play's own Golf path stands for (*move* read first)."""
    after = golf.apply(state, golf.to_move(state, move))
    return after, golf.legal_moves(after)


def plays_every_move_as_the_rules(state: golf.State, rng: random.Random) -> None:
    """Game.play, from *state*, agrees with apply_then_listed for every kind of Golf move.

    A legal column play or draw, as a move object, goes play's own path, which lists the
    moves with it; anything else (a refused move, a tap, a notation) goes through
    golf.apply as every game's moves do, with the same refusals.
    """
    cards = [card for column in state.columns for card in column] + list(state.stock)
    tap = golf.TapCard(rng.choice(cards or list(state.waste)))
    game = _trusted(state, None, 1, ())  # off a multiple of HISTORY_LIMIT: no notation read
    for move in (golf.Draw(), *golf._COLUMN_PLAYS, tap, "d", str(tap), "9"):
        expected = outcome(apply_then_listed, state, move)
        usual = type(move) in (golf.Draw, golf.PlayColumn) and expected[0] == "value"
        played = outcome(game.play, move)
        assert played[0] == expected[0]
        if played[0] == "value":
            after = played[1]
            assert (after.state, after.legal_moves()) == expected[1]
            assert after.status is expected[1][0].status
            assert (after._legal is not None) is usual  # listed by play's own path only
        else:
            assert played[1:] == expected[1:]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(golf.Variant))
def test_golf_play_is_apply_then_legal_moves(seed, variant):
    """Along random play from a deal, Game.play gives golf.apply's position, moves and status."""
    rng = random.Random(seed)
    state = golf.deal(rng.randrange(1000), variant)
    while True:
        plays_every_move_as_the_rules(state, rng)
        legal = golf.legal_moves(state)
        if not legal:
            break
        state = golf.apply(state, rng.choice(legal))


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(golf.Variant))
def test_golf_play_is_apply_then_legal_moves_up_to_a_win(rng, variant):
    """Along a winning line, the win itself included (a stock left or not), the same holds."""
    state, line = golf_winnable(rng, variant)
    for move in line:
        plays_every_move_as_the_rules(state, rng)
        state = golf.apply(state, move)
    plays_every_move_as_the_rules(state, rng)


def test_the_move_limit_is_a_multiple_of_the_history_limit():
    """Game.play tests both rare cases in one move out of HISTORY_LIMIT: it needs this."""
    assert MAX_MOVES % HISTORY_LIMIT == 0


def test_a_played_game_at_the_move_limit_refuses_moves():
    """A game that reached MAX_MOVES by play refuses the next move, whatever its links."""
    start = new_game("GO1-E-AAAAAAB")
    at_limit = Game(start.state, start.code, MAX_MOVES - 1).play("d")
    assert at_limit.moves == MAX_MOVES
    with pytest.raises(IllegalMoveError) as caught:
        at_limit.play(at_limit.legal_moves()[0])
    assert caught.value.reason is Reason.MOVE_LIMIT
    assert at_limit.undo().moves == MAX_MOVES
