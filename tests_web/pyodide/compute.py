"""What the Pyodide test compares: the same code, run on CPython and on Pyodide.

``answer(path)`` reads ``{"codes": [...], "records": [...]}`` and returns, as
JSON, each code's deal and each record's replayed game in the saved-game
format, and where it ran.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import patience_rules
from patience_rules import Game, new_game


def answer(path: str) -> str:
    """The deals of the codes and the replayed records of the input file *path*, as JSON."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return json.dumps(
        {
            "platform": sys.platform,
            "python": sys.version.split()[0],
            "library": patience_rules.__version__,
            "deals": {code: new_game(code).to_dict() for code in data["codes"]},
            "replays": [Game.from_record(record).to_dict() for record in data["records"]],
        }
    )
