"""The built wheel on WebAssembly: Pyodide under Node deals and replays exactly as CPython does.

The wheel is the one ``PATIENCE_RULES_WHEEL`` names (CI passes the wheel it
built) or one built from this tree; attrs comes from PyPI as a wheel.  Both
are unpacked into Pyodide's file system: nothing is loaded from a CDN.
``npm ci`` in ``tests_web/pyodide`` installs the Pyodide version its
``package.json`` pins.
"""

from __future__ import annotations

import json
import os
import random
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from patience_rules import DEALS, Game, encode, new_game

HERE = Path(__file__).parent / "pyodide"
ROOT = Path(__file__).parent.parent
GAMES = [
    ("golf", "easy"),
    ("golf", "classic"),
    ("forty_thieves", "standard"),
    ("scorpion", "classic"),
    ("scorpion", "flexible"),
]
CODES_EACH = 300
RECORDS_EACH = 8
ACTIONS = 120


def pip(*args: str) -> None:
    """Run this Python's pip."""
    subprocess.run(  # noqa: S603 - this interpreter, our own arguments
        [sys.executable, "-m", "pip", *args], check=True, capture_output=True
    )


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The library's wheel and attrs' wheel."""
    folder = tmp_path_factory.mktemp("wheels")
    given = os.environ.get("PATIENCE_RULES_WHEEL")
    if given:
        library = Path(given)
    else:
        pip("wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder), str(ROOT))
        (library,) = folder.glob("patience_rules-*.whl")
    pip("download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest", str(folder), "attrs")
    (attrs_wheel,) = folder.glob("attrs-*.whl")
    return [library, attrs_wheel]


def random_record(game: Game[Any, Any], rng: random.Random) -> dict[str, Any]:
    """*game* after up to ACTIONS random legal moves and undos, as a record."""
    for _ in range(ACTIONS):
        moves = game.legal_moves()
        if game.can_undo and (not moves or rng.random() < 0.1):
            game = game.undo()
        elif moves:
            game = game.play(rng.choice(moves))
    return game.to_record()


def pyodide_version() -> str:
    """The Pyodide version package.json pins."""
    return json.loads((HERE / "package.json").read_text(encoding="utf-8"))["dependencies"][
        "pyodide"
    ]


def test_the_wheel_deals_and_replays_on_pyodide_as_on_cpython(
    wheels: list[Path], tmp_path: Path
) -> None:
    """300 codes of each game and variant deal, and random records replay, as on CPython."""
    assert (HERE / "node_modules" / "pyodide").is_dir(), "run `npm ci` in tests_web/pyodide"
    rng = random.Random(21)
    codes, records = [], []
    for name, variant in GAMES:
        numbers = [0, DEALS - 1, *(rng.randrange(DEALS) for _ in range(CODES_EACH - 2))]
        codes += [encode(name, variant, number) for number in numbers]
        records += [
            random_record(new_game(encode(name, variant, rng.randrange(DEALS))), rng)
            for _ in range(RECORDS_EACH)
        ]
    source = tmp_path / "input.json"
    source.write_text(json.dumps({"codes": codes, "records": records}), encoding="utf-8")
    output = tmp_path / "pyodide.json"
    node = [str(HERE / "run.mjs"), str(output), str(source), *map(str, wheels)]
    subprocess.run(["node", *node], check=True, cwd=HERE, timeout=600)  # noqa: S603, S607 - ours
    on_pyodide = json.loads(output.read_text(encoding="utf-8"))
    on_cpython = json.loads(runpy.run_path(str(HERE / "compute.py"))["answer"](str(source)))
    assert on_pyodide["platform"] == "emscripten"
    assert on_pyodide["library"] == on_cpython["library"]
    assert len(on_pyodide["deals"]) == len(GAMES) * CODES_EACH
    assert on_pyodide["deals"] == on_cpython["deals"]
    assert on_pyodide["replays"] == on_cpython["replays"]
    assert sum(len(game.get("history", [])) for game in on_pyodide["replays"]) > 1000


def test_the_docs_name_the_pyodide_version_tested() -> None:
    """The web UI page says which Pyodide version the wheel was tested on."""
    page = (ROOT / "docs" / "web-ui.md").read_text(encoding="utf-8")
    assert f"Pyodide {pyodide_version()}" in page
