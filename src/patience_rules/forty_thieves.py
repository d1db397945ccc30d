"""Forty Thieves: two decks, ten columns, eight foundations built up by suit."""

from __future__ import annotations

import enum


class Variant(str, enum.Enum):
    """Forty Thieves has one rule set."""

    STANDARD = "standard"
    """The only variant (code letter ``N``)."""
