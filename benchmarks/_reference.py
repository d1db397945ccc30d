"""The reference floor: ``perf_floors.py``, a bare-Python floor kept outside the repository.

It plays the library's exact games move for move (it checks that itself) and is the
tightest floor we know, so :mod:`playouts` prints its figures beside our own floors'.
Its path is given with ``--reference``; without the file, those columns are left out.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

_PLACE = ("shared", "bench", "perf_floors.py")
DEFAULT = next(
    (
        path
        for folder in Path(__file__).resolve().parents[2:4]
        if (path := folder.joinpath(*_PLACE)).is_file()
    ),
    Path("..", *_PLACE),
)
"""Where the reference floor lies: beside the checkout, or beside its worktrees' folder."""

LINES = {
    "golf easy": (0, None),
    "golf classic": (0, False),
    "forty thieves": (1, None),
    "scorpion classic": (2, None),
    "scorpion flexible": (3, None),
}
"""Our table's line → the reference's configuration, and for Golf Classic the fit table's wrap
(a line with one plays Classic deals)."""

GAMES = {"golf": "golf easy", "forty_thieves": "forty thieves", "scorpion": "scorpion classic"}
"""A game → the line whose configuration its round trip uses."""


def load(path: Path) -> ModuleType | None:
    """The reference floor module at *path*, or ``None`` when there is none."""
    if not path.is_file():
        return None
    argv, sys.argv = sys.argv, sys.argv[:1]  # it reads its limits from the command line
    try:
        spec = importlib.util.spec_from_file_location("perf_floors", path)
        assert spec is not None  # noqa: S101 - a file's spec
        assert spec.loader is not None  # noqa: S101 - a file spec has a loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.argv = argv
    return module


def config(reference: ModuleType, line: str) -> tuple[Any, ...]:
    """The reference's configuration for our table's *line*."""
    index, wrap = LINES[line]
    setup: tuple[Any, ...] = reference.CONFIGS[index]
    if wrap is not None:  # Golf Classic: Classic deals, and the floor's other fit table
        module, floor = setup[1], setup[5]
        fit_table = (reference.golf_fit_table(wrap),)
        setup = (
            *setup[:2],
            module.Variant.CLASSIC,
            *setup[3:5],
            (floor[0], fit_table, *floor[2:]),
            *setup[6:],
        )
    return setup


def floor_states(setup: tuple[Any, ...], deals: list[Any]) -> list[Any]:
    """*deals* (library states) in the reference floor's form."""
    _, module, _, _, _, floor, _, _ = setup
    _, _, layout, _, _, deal_cards = floor
    return [layout(deal_cards(module.to_dict(deal))) for deal in deals]


def playout_rate(reference: ModuleType, setup: tuple[Any, ...], deals: list[Any]) -> float:
    """Actions per second of the reference floor's random playouts of *deals* (CPU time)."""
    _, _, _, _, cap, floor, _, _ = setup
    playout, extra = floor[0], floor[1]
    states = floor_states(setup, deals)
    start = time.process_time()
    actions = reference.floor_run(states, random.Random(2026).random, cap, playout, extra)
    return actions / (time.process_time() - start)  # type: ignore[no-any-return]


def round_trip(
    setup: tuple[Any, ...],
    deal: Any,  # noqa: ANN401 - a deal of any game
    text: str,
    times: int = 50,
) -> float:
    """Microseconds for the reference floor's round trip of a record, JSON *text*.

    For scale only: it reads the text, lays out *deal* in the floor's lists and
    plays as many random actions as the record holds, plus one (the floor reads
    no notations and keeps no undo), then writes its piles back as JSON.
    """
    _, _, _, _, _, floor, _, _ = setup
    playout, extra = floor[0], floor[1]
    [state] = floor_states(setup, [deal])
    layout = json.dumps(state)
    start = time.process_time()
    for _ in range(times):
        actions = len(json.loads(text)["moves"]) + 1
        piles = json.loads(layout)
        playout(piles, random.Random(7).random, actions, *extra)
        json.dumps(piles)
    return (time.process_time() - start) / times * 1e6
