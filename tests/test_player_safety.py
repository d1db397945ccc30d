"""The player's side of the table: nothing the player-safe functions give names a hidden card.

Hidden are the stock (Golf, Forty Thieves), Scorpion's face-down cards and its
reserve, and the code of a game in progress.  These tests play random games
of every game and variant and look for them in every player-safe output.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import patience_rules
from patience_rules import (
    LANGUAGES,
    Card,
    IllegalMoveError,
    Refusal,
    Status,
    destinations,
    drag_move,
    golf,
    move_effects,
    new_game,
    player_moves,
    player_view,
    scorpion,
    solver,
    strategies,
    svg,
    undo_effects,
)
from patience_rules.effects import to_dict
from test_gestures import piles_of
from view_helpers import VARIANTS, cards_named, forms, secrets

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


# Every player-safe output, at every moment of random games ------------------------


def names_of(hidden: set[Card]) -> re.Pattern[str] | None:
    """A pattern that finds any of the *hidden* cards in any form the library writes."""
    texts = sorted({form for card in hidden for form in forms(card)}, key=len, reverse=True)
    if not texts:
        return None
    either = "|".join(map(re.escape, texts))
    return re.compile(rf"(?<![0-9A-Za-z])(?:{either})(?![0-9A-Za-z])")


def check_data(data: object, hidden: set[Card], what: str) -> None:
    """JSON *data* names none of the *hidden* cards, whatever the form."""
    assert not set(cards_named(data)) & hidden, what
    pattern = names_of(hidden)
    text = json.dumps(data, ensure_ascii=False)
    assert pattern is None or pattern.search(text) is None, (what, text)


def player_outputs(game: Any) -> dict[str, str]:
    """What each player-safe function gives for *game*, as the text a server would send."""
    state = game.state
    picture = svg.render(game)
    assert game._repr_svg_() == state._repr_svg_() == picture
    outputs = {
        "player_view": json.dumps(player_view(game), ensure_ascii=False),
        "player_moves": json.dumps(player_moves(game), ensure_ascii=False),
        "svg.render, _repr_svg_": picture,
    }
    moves = [str(move) for pile in piles_of(state) for move in destinations(state, pile)]
    outputs["destinations"] = " ".join(moves)
    hidden = secrets(state)
    refusals = {game.check(attempt) for card in hidden for attempt in attempts(state, card)}
    outputs["refusals"] = " ".join(
        refusal.message_in(lang) for refusal in refusals for lang in LANGUAGES
    )
    return outputs


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
@settings(max_examples=8)
@given(data=st.data())
def test_no_player_safe_output_names_a_hidden_card(name, variant, data):
    """At every moment of random play, no player-safe output names a card hidden then.

    Nor the code of the game while it is in progress.  The effects of a move
    or of an undo are sent with it done, so they are checked against the
    position after it.
    """
    game = new_game(data.draw(strategies.game_codes(name, variant)))
    for _ in range(data.draw(st.integers(min_value=0, max_value=120), label="actions")):
        hidden = secrets(game.state)
        pattern = names_of(hidden)
        for what, text in player_outputs(game).items():
            assert pattern is None or pattern.search(text) is None, what
            if game.status is Status.PLAYING:
                assert str(game.code) not in text, what
        check_data(player_view(game), hidden, "player_view")
        check_data(player_moves(game), hidden, "player_moves")
        options = list(game.legal_moves()) + (["u"] if game.can_undo else [])
        if not options:
            break
        action = options[data.draw(st.integers(0, len(options) - 1), label="action")]
        if action == "u":
            undone = [to_dict(effect) for effect in undo_effects(game)]
            game = game.undo()
            check_data(undone, secrets(game.state), "undo_effects")
            continue
        effects = [to_dict(effect) for effect in move_effects(game.state, action)]
        game = game.play(action)
        check_data(effects, secrets(game.state), "move_effects")


# Every public function says whether it may name a hidden card ------------------


def value_of(value: object, module: Any) -> bool:
    """Whether *value* is a public class or function that *module* defines."""
    public = not getattr(value, "__name__", "_").startswith("_")
    return public and getattr(value, "__module__", None) == module.__name__


def public_functions() -> dict[str, Any]:
    """Every public function and method outside the solver and the terminal client, by name."""
    found: dict[str, Any] = {}
    modules = [patience_rules] + [
        importlib.import_module(f"patience_rules.{info.name}")
        for info in pkgutil.iter_modules(patience_rules.__path__)
        if not info.name.startswith("_") and info.name not in {"solver", "cli"}
    ]
    for module in modules:
        own = [name for name, value in vars(module).items() if value_of(value, module)]
        for name in getattr(module, "__all__", own):
            value = getattr(module, name)
            if inspect.isfunction(value):
                found[f"{value.__module__}.{value.__qualname__}"] = value
            elif inspect.isclass(value):
                for attribute, member in vars(value).items():
                    function = getattr(member, "__func__", member)
                    if not attribute.startswith("_") and inspect.isfunction(function):
                        found[f"{value.__module__}.{function.__qualname__}"] = function
    return found


def test_every_public_function_says_whether_it_may_name_a_hidden_card():
    """Each docstring says "player-safe" or "not player-safe": a UI knows what it may send."""
    functions = public_functions()
    assert len(functions) > 100
    silent = sorted(
        name
        for name, function in functions.items()
        if "player-safe" not in (inspect.getdoc(function) or "").lower()
    )
    assert silent == []


# The fair hint and the fair verdict of the losing move --------------------------------


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_the_fair_hint_and_verdict_name_no_hidden_card(name, variant, data):
    """Everything a fair hint or a fair verdict holds, as its repr writes it, names no hidden card.

    Their docstrings say they are player-safe; the exact verdict names no card either.
    """
    game = data.draw(strategies.games(name, variant, max_moves=60))
    assume(game.legal_moves())
    pattern = names_of(secrets(game.state))
    budget = {"worlds": 2, "max_states": 300, "max_seconds": None}
    move = data.draw(strategies.moves(game))
    outputs = {
        "fair_hint": repr(solver.fair_hint(game, **budget)),
        "fair_judge_move": repr(solver.fair_judge_move(game, move, **budget)),
        "judge_move": repr(solver.judge_move(game, move, max_states=300)),
    }
    for what, text in outputs.items():
        assert pattern is None or pattern.search(text) is None, (what, text)
    for function in (solver.fair_hint, solver.fair_judge_move, solver.FairHint.chance_of):
        assert "Player-safe" in (inspect.getdoc(function) or ""), function
    assert "Names no card" in (inspect.getdoc(solver.judge_move) or "")
