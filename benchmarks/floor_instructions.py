r"""One part of the reference floor's comparison, run *passes* times, for an instruction counter.

Run under callgrind (``PYTHONHASHSEED=0``) once with one pass and once with two: the
setup is the same in both processes, so the difference is one pass, and over the
actions it plays (``--count`` prints them, without running a pass) it is the
instructions per action, which the machine's load does not change::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/floor_instructions.py "scorpion classic" pure 40 1

The parts: ``floor`` (the reference floor's playouts), ``pure`` (its loop through
``legal_moves`` / ``apply``) and ``game`` (through ``Game``) on the same library deals,
which all three play move for move (the reference checks that itself); and, for a
game with an undo history (:func:`_playouts.full_history`, ``coded`` with a code,
``past`` 50 actions past the limit), ``load`` (``Game.from_dict`` of it) and ``play``
(its moves played through ``Game``).  The deals are the reference's own numbers
for the timed library runs; *deals* of them are played.  It prints nothing but
``--count``'s figure.
"""

from __future__ import annotations

import argparse
import gc
import random
from collections.abc import Callable
from typing import Any

import _reference
from _playouts import _moves_between, full_history, past_limit

from patience_rules import Game, encode, new_game


def _playouts(reference: Any, line: str, part: str, deals: int) -> Callable[[], int]:  # noqa: ANN401 - the floor module
    """One pass of the floor's, the pure functions' or Game's playouts; it returns the actions."""
    setup = _reference.config(reference, line)
    name, module, variant, game_name, cap, floor, _, _ = setup
    index = next(k for k, config in enumerate(reference.CONFIGS) if config[0] == name)
    numbers = random.Random(200 + index).sample(range(reference.pr.DEALS), deals)
    states = [module.deal(number, variant) for number in numbers]
    if part == "floor":
        playout, extra = floor[0], floor[1]
        fresh = [_reference.floor_states(setup, states) for _ in range(3)]  # mutable lists
        return lambda: reference.floor_run(
            fresh.pop(), random.Random(7).random, cap, playout, extra
        )
    if part == "pure":
        legal_moves, apply = module.legal_moves, module.apply
        return lambda: reference.lib_pure(states, random.Random(7).random, cap, legal_moves, apply)
    if part in {"legal_moves", "apply"}:
        return _calls(reference, module, states, cap, part)
    games = [new_game(encode(game_name, variant, number)) for number in numbers]
    return lambda: reference.lib_game(games, random.Random(7).random, cap)


def _calls(
    reference: Any,  # noqa: ANN401 - the floor module
    module: Any,  # noqa: ANN401 - any game's rules
    states: list[Any],
    cap: int,
    part: str,
) -> Callable[[], int]:
    """One pass of ``legal_moves`` over the pure playouts' positions, or of ``apply``."""
    played: list[tuple[Any, Any]] = []

    def record(state: Any, move: Any) -> Any:  # noqa: ANN401 - any game's
        played.append((state, move))
        return module.apply(state, move)

    reference.lib_pure(states, random.Random(7).random, cap, module.legal_moves, record)
    if part == "legal_moves":
        legal_moves = module.legal_moves
        return lambda: sum(1 for state, _ in played if legal_moves(state))
    apply = module.apply
    return lambda: sum(1 for state, move in played if apply(state, move))


def _loading(reference: Any, line: str, part: str, history: str) -> Callable[[], int]:  # noqa: ANN401 - the floor module
    """One ``Game.from_dict`` of the history, or one play of its moves through ``Game``."""
    module = _reference.config(reference, line)[1]
    game = full_history(module.deal, coded=history != "plain")
    if history == "past":
        game = past_limit(game)
    if part == "load":
        data = game.to_dict()
        return lambda: len(Game.from_dict(data).history)
    start, moves = _moves_between(game)

    def play() -> int:
        played = start
        for move in moves:
            played = played.play(move)
        return len(moves)

    return play


def main() -> None:
    """Set the part up, then run it *passes* times (or print what one pass plays)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("line", choices=sorted(_reference.LINES))
    parts = ("floor", "pure", "game", "legal_moves", "apply", "load", "play")
    parser.add_argument("part", choices=parts)
    parser.add_argument("deals", type=int, help="deals played (playouts only)")
    parser.add_argument("passes", type=int)
    parser.add_argument("--history", choices=("plain", "coded", "past"), default="plain")
    parser.add_argument("--count", action="store_true", help="print the actions of one pass")
    args = parser.parse_args()
    reference = _reference.load(_reference.DEFAULT)
    if reference is None:
        parser.error(f"no reference floor at {_reference.DEFAULT}")
    if args.part in {"load", "play"}:
        run = _loading(reference, args.line, args.part, args.history)
    else:
        run = _playouts(reference, args.line, args.part, args.deals)
    if args.count:
        print(run())
        return
    gc.collect()
    gc.freeze()  # as the reference times its runs: the setup out of the collector's way
    for _ in range(args.passes):
        run()


if __name__ == "__main__":
    main()
