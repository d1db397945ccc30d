"""Reading another solver's text: its size bound, strict JSON, errors about the position read."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from patience_rules._text import quote
from patience_rules.errors import InvalidPositionError

__all__ = ["MAX_TEXT_LENGTH", "about_position", "bounded", "read_json"]

MAX_TEXT_LENGTH = 16_384
"""The most characters a reader reads (documented in :mod:`patience_rules.interchange`)."""


def bounded(text: object, what: str) -> str:
    """*text*, refused unless it is a str of at most :data:`MAX_TEXT_LENGTH` characters."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"{what} must be a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise InvalidPositionError(
            f"{what} is {len(text)} characters long, more than the {MAX_TEXT_LENGTH} read"
        )
    return text


def read_json(text: str) -> dict[str, Any]:
    """*text* as a JSON object, refused when it is not one or repeats a key."""

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = Counter(key for key, _ in pairs)
        twice = [key for key, count in keys.items() if count > 1]
        if twice:
            raise InvalidPositionError(f"key {quote(twice[0])} appears twice")
        return dict(pairs)

    try:
        data = json.loads(text, object_pairs_hook=unique)
    except (ValueError, RecursionError) as error:
        if isinstance(error, InvalidPositionError):
            raise
        raise InvalidPositionError(f"not JSON: {quote(str(error))}") from None
    if not isinstance(data, dict):
        raise InvalidPositionError(f"a deal must be a JSON object, not {type(data).__name__}")
    return data


def about_position(error: InvalidPositionError) -> InvalidPositionError:
    """*error* of a game's ``from_dict``, said to be about the position read."""
    return InvalidPositionError(f"the position: {error}")
