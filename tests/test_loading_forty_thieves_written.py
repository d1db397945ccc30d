"""Forty Thieves' oldest saved position read as ``to_dict`` writes it.

``forty_thieves._from_written`` reads a position only when it is exactly what ``to_dict``
writes, and the chain of an undo history then takes the saved dict itself as ``T`` of it
(``_chain._written_oldest``) instead of writing the position again.  Here it is compared
with ``from_dict`` and ``to_dict`` on saved positions, tampered with in one way or two.
"""

import json

from hypothesis import event, given, settings
from hypothesis import strategies as st

from patience_rules import _chain, forty_thieves
from patience_rules.strategies import games
from written_positions import Text, check_oldest_in_chain, check_read_as_written

TAMPERINGS = [
    "score float",
    "score bool",
    "score off",
    "score negative",
    "variant other",
    "variant subclass",
    "status other",
    "status subclass",
    "key extra",
    "column tuple",
    "columns nine",
    "foundations tuple",
    "name long",
    "name subclass",
    "name swapped",
    "name dropped",
    "name doubled",
    "stock tuple",
    "waste junk",
    "key missing",
]


def _tamper(saved, how, draw):  # noqa: C901, PLR0912 - a branch a tampering
    """Change *saved* (a saved position) as *how* says."""
    columns = saved.get("columns", [])
    # A column that is still a list ("column tuple" may have made one a tuple).
    lists = [column for column in columns if type(column) is list and column]
    column = draw(st.sampled_from(lists or [[]]))
    if how == "score float":
        saved["score"] = float(saved["score"])
    elif how == "score bool":
        saved["score"] = bool(saved["score"])
    elif how == "score off":
        saved["score"] += 5
    elif how == "score negative":
        saved["score"] = -5
    elif how == "variant other":
        saved["variant"] = "classic"
    elif how == "variant subclass":
        saved["variant"] = Text(saved["variant"])
    elif how == "status other":
        saved["status"] = "won" if saved["status"] != "won" else "playing"
    elif how == "status subclass":
        saved["status"] = Text(saved["status"])
    elif how == "key extra":
        saved["extra"] = 0
    elif how == "column tuple" and columns:
        columns[0] = tuple(columns[0])
    elif how == "columns nine" and columns:
        del columns[-1]
    elif how == "foundations tuple":
        saved["foundations"] = tuple(saved.get("foundations", []))
    elif how == "name long" and column:
        column[-1] = column[-1].replace("T", "10")
    elif how == "name subclass" and column:
        column[-1] = Text(column[-1])
    elif how == "name swapped" and column:
        other = draw(st.sampled_from(lists or [[]]))
        if other:
            column[-1], other[0] = other[0], column[-1]
    elif how == "name dropped" and column:
        column.pop()
    elif how == "name doubled" and column:
        column.append(column[-1])
    elif how == "stock tuple":
        saved["stock"] = tuple(saved.get("stock", []))
    elif how == "waste junk":
        saved["waste"] = [*saved.get("waste", []), 5]
    elif how == "key missing":  # last of all: the others read the keys
        del saved[draw(st.sampled_from(sorted(saved)))]


@settings(max_examples=200, deadline=None)
@given(
    games("forty_thieves", max_moves=120),
    st.lists(st.sampled_from(TAMPERINGS), max_size=2, unique=True),
    st.data(),
)
def test_a_position_read_as_written_is_the_full_read_and_writes_back_equal(game, hows, data):
    """Read, it is ``from_dict``'s position and ``to_dict`` writes it back equal; else None."""
    saved = json.loads(json.dumps(forty_thieves.to_dict(game.state)))
    for how in sorted(hows, key=TAMPERINGS.index):
        _tamper(saved, how, data.draw)
    written = check_read_as_written(forty_thieves, game.state, saved, tampered=bool(hows))
    event("read as written" if written is not None else "left to from_dict")


@settings(max_examples=60, deadline=None)
@given(games("forty_thieves", max_moves=160).filter(lambda game: game.history))
def test_the_chain_reads_the_oldest_forty_thieves_position_as_the_full_read_does(game):
    """The oldest saved position, read by Forty Thieves' own step, is ``F`` of it and its ``T``."""
    check_oldest_in_chain(forty_thieves, _chain, game)
