"""The deterministic deal shuffle: SplitMix64 and an unbiased Fisher–Yates.

A game code must deal the same cards everywhere and forever, so the library
uses its own small, fully specified algorithm instead of :mod:`random`, whose
stream is not a stable contract.  Another language reimplements it from this
description alone, using unsigned 64-bit arithmetic (every ``+`` and ``*``
below is taken modulo 2**64):

1. **Seed.**  ``seed = (P0 << 56) | (P1 << 48) | (P2 << 40) | number``, where
   ``P0 P1 P2`` are the ASCII codes of the code's prefix (``G``, ``O``, ``1``
   for ``GO1``) and ``number`` is the deal number (0 ≤ number < 2**35).
   The variant letter is not part of the seed: ``GO1-E-…`` and ``GO1-C-…``
   deal the same cards.
2. **PRNG.**  SplitMix64 (Steele, Lea and Flood, 2014).  Each output::

       state = state + 0x9E3779B97F4A7C15
       z = state
       z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
       z = (z ^ (z >> 27)) * 0x94D049BB133111EB
       output z ^ (z >> 31)

   The initial ``state`` is the seed.
3. **Unbiased integer below n.**  ``limit = 2**64 - (2**64 mod n)``; draw
   outputs until one, ``x``, is below ``limit``; the result is ``x mod n``.
4. **Fisher–Yates.**  Start from the fresh deck in deck order (clubs,
   diamonds, hearts, spades, each Ace to King; two decks are one after the
   other).  For ``i`` from ``len - 1`` down to ``1``: ``j = below(i + 1)``,
   then swap the cards at ``i`` and ``j``.

How the shuffled cards are laid out is each game's ``deal`` function.

>>> from patience_rules.shuffle import SplitMix64
>>> hex(SplitMix64(0).next())
'0xe220a8397b1dcdaf'
"""

from __future__ import annotations

from typing import TypeVar

from patience_rules._text import quote
from patience_rules.errors import InvalidCodeError

__all__ = ["SplitMix64", "deal_seed", "shuffled"]

_MASK = (1 << 64) - 1
_T = TypeVar("_T")


class SplitMix64:
    """The SplitMix64 generator: 64-bit state, 64-bit outputs."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """Return the next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)``, without modulo bias.

        >>> rng = SplitMix64(1)
        >>> all(0 <= rng.below(7) < 7 for _ in range(100))
        True
        """
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def deal_seed(prefix: str, number: int) -> int:
    """The seed of deal *number* of the game whose code prefix is *prefix*.

    >>> hex(deal_seed("GO1", 1))
    '0x474f310000000001'

    Raises:
        InvalidCodeError: *number* is not an integer in ``range(2**35)``.
    """
    if type(number) is not int or not 0 <= number < 1 << 35:
        raise InvalidCodeError(f"deal number {quote(number)} is not an integer in [0, 2**35)")
    return int.from_bytes(prefix.encode("ascii"), "big") << 40 | number


def shuffled(cards: tuple[_T, ...], seed: int) -> tuple[_T, ...]:
    """Return *cards* shuffled by Fisher–Yates driven by ``SplitMix64(seed)``."""
    rng = SplitMix64(seed)
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
