"""Reading a saved undo history that is a chain of legal actions, without reading every position.

:meth:`Game.from_dict <patience_rules.Game.from_dict>` reads each saved position
with the game's ``from_dict`` (every card looked up, every pile checked) and then
searches, for each pair, the legal action that leads from one to the next.  Reading
the positions was most of loading a full history: a position's piles are each a
Python call, and a hundred positions cost many times the hundred moves that made
them.  An undo history that play wrote is a chain: each position is the one before
it after one legal action, which changes one or two piles.  :func:`read` proves
exactly that, comparing the saved JSON in C and encoding only the piles that changed.

Proof that :func:`read` returns what the full read returns, or ``None``.
Write ``F`` for the game's ``from_dict`` and ``T`` for its ``to_dict``; for
every position ``s`` play reaches, ``F(T(s)) == s`` (the round trip the test
suite checks) and ``apply(s, m)`` accepts exactly the moves ``legal_moves(s)``
lists (checked too).  The oldest position is read with ``F`` and must be
exactly ``T`` of what it read.  By induction, let ``trusted == T(before)`` for
a position ``before`` that play reaches.  The next saved position is accepted
only as a dict with the same keys for which some move ``m`` that ``apply``
accepts (so a legal action) gives ``after = apply(before, m)`` with, key by
key: a score, status or variant equal to ``after``'s; a pile (or list of
piles) saved as in ``trusted`` only if ``after``'s is ``before``'s own (so
``T`` writes it as in ``trusted``); a changed one equal to ``T``'s encoding of
``after``'s, where in a list of piles the unchanged piles are ``before``'s own
objects and each changed one is encoded.  Each key of ``T`` is encoded from its
field alone, so the saved position is ``T(after)``: ``F`` reads it as ``after``
(play reaches ``after``, so ``F`` accepts it), and one legal action leads
there from ``before`` -- exactly what the full read finds, position by
position and pair by pair.  Anything else (a form ``F`` also accepts but ``T``
does not write, a change no single action explains, a key too many) gives
``None``, and the caller reads and checks it all as before, so what loads and
every refusal's message are unchanged.  The candidate actions are guessed
from the changed piles (:data:`_ACTIONS`): a wrong guess only costs the full
read.  Values are compared with ``==``: JSON data (what ``json.loads`` gives:
plain dicts, lists, strings and numbers) compares as its text does, once a
number's type is checked too (``35.0 == 35`` and ``True == 1``, and the full
read refuses a float or a bool where it wants an int).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from operator import attrgetter, is_not
from typing import Any, TypeVar

from patience_rules import _json, forty_thieves, golf, scorpion
from patience_rules._rules import GameState, Rules
from patience_rules.errors import IllegalMoveError, InvalidPositionError

__all__ = ["read"]

S = TypeVar("S", bound=GameState)

_Field = tuple[str, Callable[[Any], Any], Callable[[Any], Any], bool]
"""How a saved key is read: the state's field (its name and getter), its encoding, and whether it
is a list of piles.

A list of piles is encoded pile by pile, and only the piles that changed are."""


def _field(name: str, encode: Callable[[Any], Any], *, nested: bool = False) -> _Field:
    return name, attrgetter(name), encode, nested


def _same(value: object) -> object:
    return value


def _scorpion_column(column: Any) -> dict[str, list[str]]:  # noqa: ANN401 - a Column
    return {"down": _json.names(column.down), "up": _json.names(column.up)}


def _suits(suits: Sequence[Any]) -> list[str]:
    return [suit.value for suit in suits]


_HEADER: dict[str, _Field] = {
    "variant": _field("variant.value", _same),
    "score": _field("score", _same),
    "status": _field("status.value", _same),
}
"""The keys every saved position starts with (``_json.header``)."""

_PILES = _field("columns", _json.names, nested=True)
_FIELDS: dict[str, dict[str, _Field]] = {
    "golf": _HEADER
    | {
        "columns": _PILES,
        "stock": _field("stock", _json.names),
        "waste": _field("waste", _json.names),
    },
    "forty_thieves": _HEADER
    | {
        "columns": _PILES,
        "stock": _field("stock", _json.names),
        "waste": _field("waste", _json.names),
        "foundations": _field("foundations", _json.names, nested=True),
    },
    "scorpion": _HEADER
    | {
        "columns": _field("columns", _scorpion_column, nested=True),
        "reserve": _field("reserve", _json.names),
        "removed_runs": _field("removed_runs", _suits),
    },
}
"""Each game's saved keys, as its ``to_dict`` writes them."""


def read(rules: Rules[S, Any], items: list[Any]) -> tuple[S, ...] | None:
    """The positions *items* saves, if they are a chain of legal actions; else ``None``.

    Each position is what the game's ``from_dict`` reads, and each leads to the
    next by one legal action (the proof is in this module's docstring).
    ``None`` says nothing is wrong, only that the full read must decide.
    """
    if not items:
        return ()
    if type(items[0]) is not dict:
        return None
    try:
        oldest = rules.from_dict(items[0])
    except InvalidPositionError:
        return None
    trusted = rules.to_dict(oldest)
    if items[0] != trusted:
        return None
    fields = _FIELDS[oldest.game]
    actions = _ACTIONS[oldest.game]
    states = [oldest]
    for item in items[1:]:
        if type(item) is not dict or item.keys() != trusted.keys():
            return None
        after = _successor(rules, actions, states[-1], trusted=trusted, item=item, fields=fields)
        if after is None:
            return None
        trusted = item
        states.append(after)
    return tuple(states)


_Places = list[tuple[str, int | None]]
"""The saved keys that changed, with the index of each changed pile in a list of piles."""


def _successor(  # noqa: PLR0913 - the hot path of loading, one call per position
    rules: Rules[S, Any],
    actions: Callable[[Any, _Places, dict[str, Any]], list[Any]],
    before: S,
    *,
    trusted: dict[str, Any],
    item: dict[str, Any],
    fields: dict[str, _Field],
) -> S | None:
    """The position one legal action after *before* that *item* saves, if there is one.

    *trusted* is ``T(before)``; *item* has the same keys.  The action is found from
    the piles that changed (*actions*) and ``apply`` judges it: it accepts
    exactly the moves ``legal_moves`` lists (a property the test suite checks).
    """
    kept: list[str] = []
    places: _Places = []
    for key, (name, _, _, nested) in fields.items():
        saved, old = item[key], trusted[key]
        if key in _HEADER:  # read off the position itself: checked on *after* alone
            places.append((key, None))
        elif saved == old:  # JSON lists compare in C: most piles are unchanged
            kept.append(name)
        elif not nested:
            places.append((key, None))
        elif type(saved) is list and len(saved) == len(old):
            changed = [index for index, pile in enumerate(saved) if pile != old[index]]
            places += [(key, index) for index in changed]
        else:
            return None
    same = _getter(tuple(kept))  # one C call reads every kept pile
    unchanged = same(before)
    for move in actions(before, places, item):
        try:
            after = rules.apply(before, move)
        except IllegalMoveError:
            continue
        if same(after) == unchanged and _saved_as(after, before, places, item, fields):
            return after
    return None


@functools.cache
def _getter(names: tuple[str, ...]) -> Callable[[Any], Any]:
    """``attrgetter(*names)``, made once: a game has few sets of piles a move leaves alone."""
    return attrgetter(*names) if names else _nothing


def _nothing(_state: object) -> None:
    return None


def _saved_as(
    after: GameState,
    before: GameState,
    places: _Places,
    item: dict[str, Any],
    fields: dict[str, _Field],
) -> bool:
    """Whether *after*'s changed fields are saved as in *item*, which changed at *places*.

    The caller checked that the kept fields are *before*'s (so ``T`` writes them
    as before).  A changed field is encoded; in a list of piles only the changed
    piles are, and the others must be *before*'s own objects (a move shares the
    piles it does not touch): exactly as many piles are new objects as changed.
    """
    shared = None
    for key, index in places:
        _, get, encode, nested = fields[key]
        if not nested:
            value, saved = encode(get(after)), item[key]
            # The type too: 35.0 and True equal 35 and 1, but the full read refuses them.
            if type(saved) is not type(value) or saved != value:
                return False
            continue
        piles = get(after)
        if encode(piles[index]) != item[key][index]:
            return False
        if shared != key:
            shared = key
            new = sum(map(is_not, piles, get(before)))
            if new != sum(1 for place, _ in places if place == key):
                return False
    return True


def _golf_actions(_before: golf.State, places: _Places, _item: object) -> list[golf.Move]:
    """A draw changes the stock; a card played from a column changes that column."""
    if any(key == "stock" for key, _ in places):
        return [golf.Draw()]
    return [golf.PlayColumn(index + 1) for key, index in places if index is not None]


def _forty_thieves_actions(
    before: forty_thieves.State, places: _Places, item: dict[str, Any]
) -> list[forty_thieves.Move]:
    """A draw changes the stock; a card move its source (the pile that shrank) and its target."""
    if any(key == "stock" for key, _ in places):
        return [forty_thieves.Draw()]
    piles = [(key, index or 0) for key, index in places if key in _FORTY_THIEVES_PILES]
    if len(piles) != 2:
        return []
    saved = [item[key] if key == "waste" else item[key][index] for key, index in piles]
    if any(type(pile) is not list for pile in saved):
        return []
    heights = [
        len(pile) - len(getattr(before, key) if key == "waste" else getattr(before, key)[index])
        for pile, (key, index) in zip(saved, piles, strict=True)
    ]
    source, target = piles if heights[0] < heights[1] else piles[::-1]
    if target[0] != "waste":
        return [
            forty_thieves.MoveCard(
                _FORTY_THIEVES_PILES[source[0]][source[1]],
                _FORTY_THIEVES_PILES[target[0]][target[1]],  # type: ignore[arg-type]  # the waste, never a target, was ruled out above
            )
        ]
    return []


_FORTY_THIEVES_PILES: dict[str, tuple[forty_thieves.Pile, ...]] = {
    "waste": (forty_thieves.Waste(),),
    "columns": tuple(map(forty_thieves.Column, range(1, forty_thieves.COLUMNS + 1))),
    "foundations": tuple(map(forty_thieves.Foundation, range(1, forty_thieves.FOUNDATIONS + 1))),
}


def _scorpion_actions(
    before: scorpion.State, places: _Places, item: dict[str, Any]
) -> list[scorpion.Move]:
    """A reserve deal changes the reserve; a move its source and target columns.

    The moved card is the source's face-up card at the height the saved source
    column keeps face up, or its lowest when a face-down card was turned up.
    """
    if any(key == "reserve" for key, _ in places):
        return [scorpion.DealReserve()]
    numbers = [index for key, index in places if key == "columns" and index is not None]
    moves: list[scorpion.Move] = []
    for source in numbers:
        column, saved = before.columns[source], item["columns"][source]
        if type(saved) is not dict or any(type(saved.get(side)) is not list for side in _SIDES):
            continue
        kept = len(saved["up"]) if len(saved["down"]) == len(column.down) else 0
        if kept < len(column.up):
            card = column.up[kept]
            moves += [
                scorpion.MoveCard(card, target + 1) for target in numbers if target != source
            ]
    return moves


_SIDES = ("down", "up")
"""A saved Scorpion column's two lists."""

_ACTIONS: dict[str, Callable[[Any, _Places, dict[str, Any]], list[Any]]] = {
    "golf": _golf_actions,
    "forty_thieves": _forty_thieves_actions,
    "scorpion": _scorpion_actions,
}
"""Each game's candidate actions, from the saved keys and piles that changed."""
