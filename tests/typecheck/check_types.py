"""Static checks that the public API's types reach the user: ``mypy --strict`` runs this file.

It is read by mypy only (``.ci/run``); pytest skips it (see conftest.py).
Each ``assert_type`` fails the type check if a type is lost or changed, and
each ``type: ignore[...]`` fails it (mypy --strict warns of unused ignores)
if a wrong use stops being an error.
"""

import datetime as dt
import threading
from typing import Any, assert_type

from patience_rules import (
    Card,
    Game,
    IllegalMoveError,
    InvalidNotationError,
    Reason,
    Refusal,
    effects,
    forty_thieves,
    golf,
    interchange,
    move_effects,
    new_game,
    player_moves,
    player_view,
    replay,
    scorpion,
    solver,
    undo_effects,
    views,
)

# Each game's own starter gives a game typed with the game's state and move.
golf_game = golf.new_game("GO1-E-AAAAAAB")
assert_type(golf_game, Game[golf.State, golf.Move])
assert_type(golf_game.state, golf.State)
assert_type(golf_game.history, tuple[golf.State, ...])
assert_type(golf_game.legal_moves(), tuple[golf.Move, ...])
assert_type(golf_game.play("d"), Game[golf.State, golf.Move])
assert_type(golf_game.play(golf.Draw()), Game[golf.State, golf.Move])
assert_type(golf_game.play(golf.PlayColumn(2)).undo(), Game[golf.State, golf.Move])
assert_type(golf_game.check("3D"), Refusal | None)
assert_type(golf_game.state.waste, tuple[Card, ...])
assert_type(golf_game.record, tuple[str, ...])
assert_type(golf_game.moves, int)

thieves = forty_thieves.new_game("FT1-N-AAAAAAC")
assert_type(thieves, Game[forty_thieves.State, forty_thieves.Move])
assert_type(thieves.state.foundations, tuple[tuple[Card, ...], ...])
assert_type(thieves.legal_moves(), tuple[forty_thieves.Move, ...])
assert_type(thieves.play("5-f2").state, forty_thieves.State)

scorpion_game = scorpion.new_game("SC1-C-AAAAAAB")
assert_type(scorpion_game, Game[scorpion.State, scorpion.Move])
assert_type(scorpion_game.state.columns, tuple[scorpion.Column, ...])
assert_type(scorpion_game.play(scorpion.DealReserve()).state.reserve, tuple[Card, ...])

# The other solvers' formats read back into each game's own state.
assert_type(interchange.to_black_hole(golf_game.state), str)
assert_type(interchange.from_black_hole("", golf.Variant.CLASSIC), golf.State)
assert_type(interchange.from_solvitaire(""), forty_thieves.State)
assert_type(interchange.black_hole_options(), tuple[str, ...])

# The solver answers in the moves of the position's game: a hint plays straight back.
assert_type(solver.solve(golf_game), solver.Solution[golf.Move])
assert_type(solver.solve(golf_game.state).line, tuple[golf.Move, ...])
assert_type(solver.solve(thieves, max_states=1).line, tuple[forty_thieves.Move, ...])
assert_type(solver.solve(scorpion_game.state).line, tuple[scorpion.Move, ...])
assert_type(solver.hint(golf_game), golf.Move | None)
assert_type(solver.hint(thieves.state, max_states=1), forty_thieves.Move | None)
assert_type(solver.hint(scorpion_game), scorpion.Move | None)
golf_hint = solver.hint(golf_game)
if golf_hint is not None:
    assert_type(golf_game.play(golf_hint), Game[golf.State, golf.Move])
assert_type(solver.winnability(scorpion_game), solver.Outcome)
assert_type(solver.winnable_deal("golf")[1], tuple[golf.Move, ...])
assert_type(solver.winnable_deal("forty_thieves")[1], tuple[forty_thieves.Move, ...])
flexible = solver.winnable_deal("scorpion", scorpion.Variant.FLEXIBLE)
assert_type(flexible[1], tuple[scorpion.Move, ...])
# A game named at run time, or a code, gives the moves of any solved game.
AnyMove = golf.Move | forty_thieves.Move | scorpion.Move
some_game: str = "golf"
assert_type(solver.winnable_deal(some_game)[1], tuple[AnyMove, ...])
assert_type(solver.solve_code("GO1-E-AAAAAAB").line, tuple[AnyMove, ...])
# A cancel signal is anything event-like.
assert_type(solver.solve(golf_game, cancel=threading.Event()).outcome, solver.Outcome)
# Fair hints and the verdicts of a move are typed by the game's moves too.
fair = solver.fair_hint(golf_game, worlds=1, max_states=1)
assert_type(fair, solver.FairHint[golf.Move])
if fair.move is not None:
    assert_type(golf_game.play(fair.move), Game[golf.State, golf.Move])
assert_type(solver.fair_hint(scorpion_game, max_states=1).chances[0].move, scorpion.Move)
assert_type(solver.judge_move(thieves, "d", max_states=1), solver.MoveVerdict[forty_thieves.Move])
assert_type(solver.judge_move(golf_game, "d", max_states=1).lost, bool | None)
fair_verdict = solver.fair_judge_move(golf_game, "d", worlds=1, max_states=1)
assert_type(fair_verdict.keeper, golf.Move | None)
# The daily deal's line is in its game's moves; playback keeps the game's types.
day = dt.date(2026, 12, 2)
assert_type(solver.daily_deal("golf", day)[1], tuple[golf.Move, ...])
assert_type(solver.daily_deal("scorpion", day, "flexible")[1], tuple[scorpion.Move, ...])
assert_type(solver.daily_deal(some_game, day)[1], tuple[AnyMove, ...])
steps = solver.playback(golf_game, solver.solve(golf_game))
assert_type(steps, tuple[solver.Step[golf.State, golf.Move], ...])
assert_type(steps[0].game, Game[golf.State, golf.Move])
assert_type(steps[0].move, golf.Move)
assert_type(steps[0].effects, tuple[effects.Effect, ...])
assert_type(solver.playback(thieves, ["d"])[0].game.state, forty_thieves.State)



def wrong_uses() -> None:
    """A move of another game is refused statically, as is a number for a notation."""
    golf_game.play(scorpion.DealReserve())  # type: ignore[arg-type]
    thieves.play(golf.Draw())  # type: ignore[arg-type]
    golf_game.play(2)  # type: ignore[arg-type]
    golf_game.play(solver.hint(thieves))  # type: ignore[arg-type]
    solver.solve(golf_game, cancel=object())  # type: ignore[call-overload]


# Each game's own loaders read its saves back typed, as its starter deals them.
assert_type(golf.load_record(golf_game.to_record()), Game[golf.State, golf.Move])
assert_type(golf.load_position(golf_game.to_dict()), Game[golf.State, golf.Move])
ThievesGame = Game[forty_thieves.State, forty_thieves.Move]
assert_type(forty_thieves.load_record(thieves.to_record()), ThievesGame)
assert_type(forty_thieves.load_position(thieves.to_dict()).state, forty_thieves.State)
assert_type(scorpion.load_record({}).legal_moves(), tuple[scorpion.Move, ...])
assert_type(scorpion.load_position(scorpion_game.to_dict()), Game[scorpion.State, scorpion.Move])
assert_type(Game.from_record(golf_game.to_record(), game="golf"), Game[Any, Any])


def wrong_loads() -> None:
    """A game loaded by one game's loader is no game of another, statically too."""
    golf_games: list[Game[golf.State, golf.Move]] = []
    golf_games.append(scorpion.load_record({}))  # type: ignore[arg-type]
    golf.load_position({}).play(scorpion.DealReserve())  # type: ignore[arg-type]


# The untyped entry points give any game; an annotation types it.
assert_type(new_game("GO1-E-AAAAAAB"), Game[Any, Any])
assert_type(replay("GO1-E-AAAAAAB", ["d"]), Game[Any, Any])
loaded: Game[golf.State, golf.Move] = Game.from_record(golf_game.to_record())
assert_type(loaded.state, golf.State)
assert_type(Game.from_dict(golf_game.to_dict()), Game[Any, Any])
assert_type(golf_game.to_record(), dict[str, Any])

# Errors carry their reasons.
try:
    golf_game.play("x")
except InvalidNotationError as error:
    assert_type(error.reason, Reason)
    assert_type(error.message_in("hi"), str)
except IllegalMoveError as error:
    assert_type(error.reason, Reason)
    assert_type(error.refusal, Refusal)

# What a web client receives is typed data, each field with its type.
assert_type(player_moves(golf_game), list[views.PlayerMove])
assert_type(player_moves(scorpion_game.state)[0]["targets"], list[str])
assert_type(player_moves(thieves)[0]["kind"], views.MoveKind)
assert_type(player_view(golf_game), views.GolfView)
assert_type(player_view(thieves.state)["foundations"], list[list[str]])
assert_type(player_view(scorpion_game)["columns"][0]["down"], int)
assert_type(golf.from_dict(golf.to_dict(golf_game.state)), golf.State)
sent = effects.to_dict(move_effects(golf_game.state, "d")[0])
assert_type(sent, effects.EffectDict)
if sent["effect"] == "cards_moved":
    assert_type(sent, effects.CardsMovedDict)
    assert_type(sent["cards"], list[str])
assert_type(undo_effects(golf_game.play("d")), tuple[effects.Effect, ...])
