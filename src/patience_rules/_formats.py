"""Telling the saved formats apart, so that a refusal says what the data is and what reads it.

The library writes four kinds of JSON object, and each has its reader:

- a **record** (:meth:`Game.to_record <patience_rules.Game.to_record>`: a
  ``code`` or a ``start`` and a list of ``moves``), read by
  :meth:`Game.from_record <patience_rules.Game.from_record>`;
- a **saved game** in the position format (:meth:`Game.to_dict
  <patience_rules.Game.to_dict>`: a ``game`` field, a counter and every
  card), read by :meth:`Game.from_dict <patience_rules.Game.from_dict>`;
- a **position** alone (a game module's ``to_dict``, e.g.
  :func:`golf.to_dict <patience_rules.golf.to_dict>`: the cards, no
  ``game`` field), read by that module's ``from_dict``;
- a **player view** (:func:`views.player_view
  <patience_rules.views.player_view>`: a ``view`` field), which leaves the
  hidden cards out, so nothing reads it back.

A reader given another kind refuses it naming the kind and its reader,
instead of complaining about the first field it misses.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from patience_rules._text import quote
from patience_rules.errors import InvalidPositionError, PatienceError

__all__ = ["VIEW", "Kind", "expect", "game_of", "kind_of", "mapping"]

VIEW = "view"
"""The field that marks a player view (see :mod:`patience_rules.views`)."""


class Kind(enum.Enum):
    """A kind of JSON object the library writes: what it is called, what writes and reads it."""

    RECORD = (
        "record",
        "a game record (what Game.to_record() writes)",
        "Game.to_record()",
        "Game.from_record()",
        "{game}.load_record() or Game.from_record()",
    )
    GAME = (
        "saved game",
        "a saved game in the position format (what Game.to_dict() writes)",
        "Game.to_dict()",
        "Game.from_dict()",
        "{game}.load_position() or Game.from_dict()",
    )
    POSITION = (
        "position",
        (
            "a position without its game, counter or history (what a game module's "
            "to_dict() writes, e.g. golf.to_dict())"
        ),
        "to_dict()",
        "the game module's from_dict(), e.g. golf.from_dict()",
        "{game}.from_dict()",
    )
    VIEW = ("player view", "a player view (what views.player_view() writes)", "", "", "")

    def __init__(self, noun: str, description: str, writer: str, reader: str, typed: str) -> None:
        self.noun = noun
        self.description = description
        self.writer = writer
        self.reader = reader
        self.typed = typed

    def reader_of(self, game: str | None) -> str:
        """The calls that read this kind of object of *game* (``None``: a game not known)."""
        return self.reader if game is None else self.typed.format(game=game)


def kind_of(data: Mapping[str, Any]) -> Kind | None:
    """Which kind of saved object *data* looks like, or ``None`` when it looks like none.

    The marks are the fields only that kind has: ``view``; ``start``, or
    ``moves`` as a list, or a ``code`` without a ``game``; ``game``; ``columns``.
    """
    if VIEW in data:
        return Kind.VIEW
    if "start" in data or isinstance(data.get("moves"), list):
        return Kind.RECORD
    if "game" in data:
        return Kind.GAME
    if "code" in data:
        return Kind.RECORD
    if "columns" in data:
        return Kind.POSITION
    return None


def mapping(data: object, where: str) -> Mapping[str, Any]:
    """*data* itself, checked to be a JSON object (*where* names it, e.g. ``"record"``)."""
    if isinstance(data, Mapping):
        return data
    hint = ""
    if isinstance(data, str | bytes | bytearray):
        hint = ": this is text; read it with json.loads() first"
    raise InvalidPositionError(f"{where} must be a JSON object, not {type(data).__name__}{hint}")


def expect(data: object, wanted: Kind, *, game: str | None = None) -> Mapping[str, Any]:
    """*data* itself, checked to be a JSON object of kind *wanted* (or of no known kind).

    A Game.to_dict() object is a position too: a game module's ``from_dict``
    reads the fields it knows.  With *game*, an object that names another
    game is refused too.

    Raises:
        InvalidPositionError: *data* is no JSON object, or looks like another
            kind or another game's: the message says which, and what reads it.
    """
    data = mapping(data, f"a {wanted.noun}")
    found = kind_of(data)
    if found is Kind.VIEW:
        raise InvalidPositionError(
            f"this is a player view (field {VIEW!r} is {quote(data[VIEW])}), not a "
            f"{wanted.noun}: its hidden cards are left out, so it cannot be played or loaded; "
            f"load the {wanted.noun} that {wanted.writer} wrote instead"
        )
    if found is not None and found is not wanted and (found, wanted) != (Kind.GAME, Kind.POSITION):
        raise InvalidPositionError(
            f"this is {found.description}, not a {wanted.noun}: "
            f"read it with {found.reader_of(game_of(data, found))}"
        )
    if game is not None and found is not None:
        _check_game(data, found, wanted, game)
    return data


def game_of(data: Mapping[str, Any], kind: Kind) -> str | None:
    """The game *data* (a *kind* of saved object) belongs to, or ``None`` if it does not say."""
    from patience_rules.codes import GAMES, parse_code  # noqa: PLC0415 - codes imports game modules

    name: object = None
    if kind is Kind.RECORD and "code" in data:
        try:
            name = parse_code(data["code"]).game
        except PatienceError:  # the reader names a bad code itself
            return None
    elif kind is Kind.RECORD:
        start = data.get("start")
        return game_of(start, Kind.GAME) if isinstance(start, Mapping) else None
    else:
        name = data.get("game")
    return name if isinstance(name, str) and name in GAMES else None


def _check_game(data: Mapping[str, Any], found: Kind, wanted: Kind, game: str) -> None:
    """Check that *data* (a *found* kind of saved object) is not another game's."""
    other = game_of(data, found)
    if other is None or other == game:
        return
    what = "saved game" if found is Kind.GAME else found.noun
    raise InvalidPositionError(
        f"this is a {other} {what}, not a {game} one: read it with {wanted.reader_of(other)}"
    )
