"""Scorpion: build King-to-Ace runs in suit, moving any face-up card with all above it."""

from __future__ import annotations

import enum


class Variant(str, enum.Enum):
    """Scorpion's rule variants; the value is the name used in saved positions."""

    CLASSIC = "classic"
    """A card goes only onto the same suit, one rank higher (code letter ``C``)."""
    FLEXIBLE = "flexible"
    """A card goes onto any suit, one rank higher (code letter ``F``)."""
