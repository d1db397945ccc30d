"""Scorpion's oldest saved position, read as ``to_dict`` writes it, is what the full read reads.

``scorpion._from_written`` reads a position only when it is exactly what ``to_dict``
writes, and the chain of an undo history then takes the saved dict itself as ``T`` of it
(``_chain._written_oldest``) instead of writing the position again.  Here it is compared
with ``from_dict`` and ``to_dict`` on saved positions, tampered with in one way or two.
"""

import json

from hypothesis import event, given, settings
from hypothesis import strategies as st

from patience_rules import _chain, scorpion
from patience_rules.strategies import games
from written_positions import Text, check_oldest_in_chain, check_read_as_written

TAMPERINGS = [
    "score float",
    "score bool",
    "score off",
    "variant other",
    "variant subclass",
    "status other",
    "status subclass",
    "key extra",
    "column key extra",
    "column tuple",
    "columns six",
    "name long",
    "name subclass",
    "name swapped",
    "name dropped",
    "reserve tuple",
    "run twice",
    "run letter subclass",
    "run junk",
    "key missing",
]


def _tamper(saved, how, draw):  # noqa: C901, PLR0912 - a branch a tampering
    """Change *saved* (a saved position) as *how* says."""
    columns = saved.get("columns", [])
    # A column whose face-up list is still a list ("column tuple" may have made one a tuple).
    lists = [column for column in columns if type(column.get("up")) is list and column["up"]]
    column = draw(st.sampled_from(lists or [{}]))
    if how == "score float":
        saved["score"] = float(saved["score"])
    elif how == "score bool":
        saved["score"] = bool(saved["score"])
    elif how == "score off":
        saved["score"] += 5
    elif how == "variant other":
        saved["variant"] = "flexible" if saved["variant"] == "classic" else "classic"
    elif how == "variant subclass":
        saved["variant"] = Text(saved["variant"])
    elif how == "status other":
        saved["status"] = "won" if saved["status"] != "won" else "playing"
    elif how == "status subclass":
        saved["status"] = Text(saved["status"])
    elif how == "key extra":
        saved["extra"] = 0
    elif how == "column key extra":
        column["extra"] = []
    elif how == "column tuple":
        column["up"] = tuple(column["up"])
    elif how == "columns six":
        del columns[-1]
    elif how == "name long":
        column["up"][-1] = column["up"][-1].replace("T", "10")
    elif how == "name subclass":
        column["up"][-1] = Text(column["up"][-1])
    elif how == "name swapped":
        other = draw(st.sampled_from(lists or [{"up": []}]))
        if other["up"]:
            column["up"][-1], other["up"][0] = other["up"][0], column["up"][-1]
    elif how == "name dropped":
        column["up"].pop()
    elif how == "reserve tuple":
        saved["reserve"] = tuple(saved["reserve"])
    elif how == "run twice":
        saved["removed_runs"] *= 2
    elif how == "run letter subclass":
        saved["removed_runs"] = [Text(suit) for suit in saved["removed_runs"]] or [Text("S")]
    elif how == "run junk":
        saved["removed_runs"] = [5]
    else:  # last of all: the others read the keys
        del saved[draw(st.sampled_from(sorted(saved)))]


@settings(max_examples=200)
@given(
    games("scorpion", max_moves=120),
    st.lists(st.sampled_from(TAMPERINGS), max_size=2, unique=True),
    st.data(),
)
def test_a_position_read_as_written_is_the_full_read_and_writes_back_equal(game, hows, data):
    """Read, it is ``from_dict``'s position and ``to_dict`` writes it back equal; else None."""
    saved = json.loads(json.dumps(scorpion.to_dict(game.state)))
    for how in sorted(hows, key=TAMPERINGS.index):
        _tamper(saved, how, data.draw)
    written = check_read_as_written(scorpion, game.state, saved, tampered=bool(hows))
    event("read as written" if written is not None else "left to from_dict")


@settings(max_examples=60)
@given(games("scorpion", max_moves=160).filter(lambda game: game.history))
def test_the_chain_reads_the_oldest_scorpion_position_as_the_full_read_does(game):
    """The oldest saved position, read by Scorpion's own step, is ``F`` of it and its ``T``."""
    check_oldest_in_chain(scorpion, _chain, game)
