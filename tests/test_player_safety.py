"""The player's side of the table: nothing the player-safe functions give names a hidden card.

Hidden are the stock (Golf, Forty Thieves), Scorpion's face-down cards and its
reserve, and the code of a game in progress.  These tests play random games
of every game and variant and look for them in every player-safe output.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from patience_rules import (
    LANGUAGES,
    Card,
    IllegalMoveError,
    Refusal,
    destinations,
    drag_move,
    golf,
    move_effects,
    scorpion,
    strategies,
)
from test_gestures import piles_of
from view_helpers import secrets

SAFETY = settings(max_examples=60)


def named_forms(card: Card) -> list[str]:
    """The texts a player may type for *card*: ``TC``, ``10♣``, ``tc``, ``10C``."""
    return sorted({str(card), card.unicode(), str(card).lower(), f"{card.rank.label}{card.suit}"})


def attempts(state: Any, card: Card) -> list[Any]:
    """Every move, object or notation, that names *card* (Forty Thieves' moves name piles)."""
    if isinstance(state, golf.State):
        return [*named_forms(card), golf.TapCard(card)]
    if isinstance(state, scorpion.State):
        columns = range(1, scorpion.COLUMNS + 1)
        notations = [f"{form}-{number}" for form in named_forms(card) for number in columns]
        return notations + [scorpion.MoveCard(card, number) for number in columns]
    return []


def refused(game: Any, attempt: Any) -> tuple[object, ...]:
    """What the player learns from *attempt*: the refusal in every language, however asked."""
    refusal = game.check(attempt)
    assert isinstance(refusal, Refusal)
    with pytest.raises(IllegalMoveError) as played:
        game.play(attempt)
    with pytest.raises(IllegalMoveError) as animated:
        move_effects(game.state, attempt)
    move = str(game.rules.to_move(game.state, attempt))
    for error in (played.value, animated.value):
        assert error.refusal == refusal
        assert str(error).startswith(error.detail)
        assert repr(move) in error.detail, "the detail echoes the move the player named"
        assert str(error) == f"{error.detail}: {refusal.message}"
    return (refusal.reason, *(refusal.message_in(lang) for lang in LANGUAGES))


@SAFETY
@given(strategies.games(max_moves=80))
def test_a_hidden_card_gets_one_refusal_wherever_it_lies(game):
    """Naming any hidden card, in any form, gives one refusal: it tells nothing of the card."""
    state = game.state
    hidden = secrets(state)
    answers = {refused(game, attempt) for card in hidden for attempt in attempts(state, card)}
    assert len(answers) <= 1, answers
    piles = piles_of(state)
    for card in hidden:
        for form in (card, *named_forms(card)):
            assert destinations(state, form) == ()
            assert all(drag_move(state, form, pile) is None for pile in piles)


def test_scorpion_refuses_a_reserve_card_as_a_face_down_card():
    """The reserve and the face-down cards are hidden alike: the same refusal for both."""
    game = scorpion.new_game("SC1-C-AAAAAAB")
    down, reserve = game.state.columns[0].down[0], game.state.reserve[0]
    assert game.check(f"{down}-5") == game.check(f"{reserve}-5") == game.check(f"{reserve}-1")
    assert game.check(f"{reserve}-5").message == "A face-down card cannot be moved"
