"""The game store: every game kept as its record, loaded with the library for each request.

A record (:meth:`patience_rules.Game.to_record`) is the game's code and its
actions, about 1 KB, and :meth:`patience_rules.Game.from_record` replays it
checking every action, so the store holds plain JSON a real back end would
put in a database or a session.  This one keeps them in memory, at most
*limit* games; the least recently used goes first.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Any

import attrs

from patience_rules import Game, PatienceError

DEFAULT_LIMIT = 1000
"""How many games the store keeps by default."""


class UnknownGameError(PatienceError, KeyError):
    """No game has this id: it never existed, or the store let it go."""

    def __str__(self) -> str:
        return str(self.args[0])


@attrs.frozen
class Entry:
    """A stored game: its record and whether the player resigned it."""

    record: dict[str, Any]
    resigned: bool = False

    def load(self) -> Game[Any, Any]:
        """The game, replayed from its record."""
        return Game.from_record(self.record)


class GameStore:
    """At most *limit* games by id, each kept as an :class:`Entry`; safe across threads."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        self._limit = limit
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, game: Game[Any, Any]) -> str:
        """Keep *game* under a new, unguessable id, and return the id."""
        game_id = secrets.token_urlsafe(12)
        self.put(game_id, Entry(game.to_record()))
        return game_id

    def get(self, game_id: str) -> Entry:
        """The entry of *game_id*.

        Raises:
            UnknownGameError: no game has this id.
        """
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None:
                raise UnknownGameError(f"no game with id {game_id!r}")
            self._entries.move_to_end(game_id)
            return entry

    def put(self, game_id: str, entry: Entry) -> None:
        """Keep *entry* under *game_id*, letting the least recently used game go if full."""
        with self._lock:
            self._entries[game_id] = entry
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._limit:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)
