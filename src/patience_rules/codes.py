"""Game codes: ``PPP-V-XXXXXXX`` names a game, its rule variant and its deal.

``PPP`` is the game and codec version (``GO1`` Golf, ``FT1`` Forty Thieves,
``SC1`` Scorpion, the last one this library's own), ``V`` the variant letter
and ``XXXXXXX`` the deal number in RFC 4648 base32 (``A``–``Z`` = 0–25,
``2``–``7`` = 26–31), most significant character first: 2**35 deals
per game.

>>> from patience_rules import parse_code
>>> code = parse_code(" go1-e-aaaaaab ")
>>> code.game, code.variant, code.number, str(code)
('golf', <Variant.EASY: 'easy'>, 1, 'GO1-E-AAAAAAB')
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Mapping

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules._text import plain_integer, quote
from patience_rules.errors import InvalidCodeError
from patience_rules.reasons import Reason

__all__ = ["DEALS", "GAMES", "GameCode", "encode", "parse_code", "variant_of"]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
"""The RFC 4648 base32 alphabet: the digit values 0 to 31."""

DIGITS = 7
"""Characters in the deal-number part of a code."""

DEALS = 32**DIGITS
"""How many deals each game and variant has: 2**35."""

_MAX_LENGTH = 64
"""The most characters a code's text may have, blanks included (a code has 13)."""


@attrs.frozen
class _CodeFormat:
    """How one game's codes are written."""

    prefix: str
    letters: Mapping[str, enum.Enum]  # every accepted letter, legacy ones included
    default: enum.Enum

    def letter(self, variant: enum.Enum) -> str:
        """The canonical letter of *variant*: the first one listed."""
        return next(letter for letter, v in self.letters.items() if v is variant)


_FORMATS: dict[str, _CodeFormat] = {
    "golf": _CodeFormat(
        "GO1",
        {"E": golf.Variant.EASY, "C": golf.Variant.CLASSIC, "N": golf.Variant.EASY},
        golf.Variant.EASY,
    ),
    "forty_thieves": _CodeFormat(
        "FT1", {"N": forty_thieves.Variant.STANDARD}, forty_thieves.Variant.STANDARD
    ),
    "scorpion": _CodeFormat(
        "SC1",
        {"C": scorpion.Variant.CLASSIC, "F": scorpion.Variant.FLEXIBLE},
        scorpion.Variant.CLASSIC,
    ),
}
_GAME_BY_PREFIX = {fmt.prefix: game for game, fmt in _FORMATS.items()}

GAMES = tuple(_FORMATS)
"""The games' names: ``("golf", "forty_thieves", "scorpion")``."""


def _game_name(game: object) -> str:
    if isinstance(game, str):
        name = game.strip().lower().replace("-", "_").replace(" ", "_")
        if name in _FORMATS:
            return name
    raise InvalidCodeError(
        f"unknown game {quote(game)} (expected one of {', '.join(GAMES)})", Reason.UNKNOWN_GAME
    )


def variant_of(game: str, variant: enum.Enum | str | None = None) -> enum.Enum:
    """The ``Variant`` member of *game* that *variant* names.

    *variant* is a member, its lower-case name, or ``None`` for the default.

    >>> variant_of("golf"), variant_of("golf", "classic")
    (<Variant.EASY: 'easy'>, <Variant.CLASSIC: 'classic'>)

    Raises:
        InvalidCodeError: *game* or *variant* is unknown.
    """
    fmt = _FORMATS[_game_name(game)]
    if variant is None:
        return fmt.default
    for member in fmt.letters.values():
        if variant is member or (isinstance(variant, str) and variant.lower() == member.value):
            return member
    names = ", ".join(sorted({v.value for v in fmt.letters.values()}))
    raise InvalidCodeError(
        f"{quote(variant)} is not a {game} variant (expected one of {names})",
        Reason.NOT_A_VARIANT,
    )


@attrs.frozen(repr=False)
class GameCode:
    """A game code: the game, its rule variant and its deal number.

    *game* is ``"golf"``, ``"forty_thieves"`` or ``"scorpion"``; *variant*
    the game's ``Variant`` member (see :func:`variant_of`); *number* is in
    ``range(DEALS)``.

    >>> from patience_rules import golf
    >>> GameCode("golf", golf.Variant.CLASSIC, 1)
    parse_code('GO1-C-AAAAAAB')

    Raises:
        InvalidCodeError: a part is out of range or of the wrong type.
    """

    game: str = attrs.field(converter=_game_name)
    variant: enum.Enum = attrs.field()
    number: int = attrs.field(converter=plain_integer)

    @variant.validator
    def _check_variant(self, _: object, variant: object) -> None:
        if not any(variant is member for member in _FORMATS[self.game].letters.values()):
            raise InvalidCodeError(
                f"{quote(variant)} is not a {self.game} variant", Reason.NOT_A_VARIANT
            )

    @number.validator
    def _check_number(self, _: object, number: object) -> None:
        if type(number) is not int or not 0 <= number < DEALS:
            raise InvalidCodeError(
                f"deal number {quote(number)} is not an integer in [0, 2**35)",
                Reason.DEAL_NUMBER_OUT_OF_RANGE,
            )

    @classmethod
    def random(cls, game: str, variant: enum.Enum | str | None = None) -> GameCode:
        """A fresh code for *game*, its deal drawn from a secure random source."""
        return cls(game, variant_of(game, variant), secrets.randbelow(DEALS))

    @property
    def prefix(self) -> str:
        """The game and codec version, e.g. ``"GO1"``."""
        return _FORMATS[self.game].prefix

    def __str__(self) -> str:
        fmt = _FORMATS[self.game]
        digits = "".join(
            ALPHABET[(self.number >> 5 * place) & 31] for place in reversed(range(DIGITS))
        )
        return f"{fmt.prefix}-{fmt.letter(self.variant)}-{digits}"

    def __repr__(self) -> str:
        return f"parse_code({str(self)!r})"


def parse_code(text: str) -> GameCode:
    """Read a game code.  Blanks and letter case do not matter.

    >>> parse_code("GO1-N-AAAAAAB")  # a legacy Golf letter, read as Easy
    parse_code('GO1-E-AAAAAAB')
    >>> parse_code("FT1-N-AAAAAA8")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidCodeError: 'FT1-N-AAAAAA8': '8' is not a code character (A-Z, 2-7)

    Raises:
        InvalidCodeError: *text* is not a code; the message says which part is wrong.
    """
    if not isinstance(text, str):
        raise InvalidCodeError(
            f"{quote(text)} is not a game code: expected a string like GO1-E-AAAAAAB",
            Reason.CODE_FORM,
        )
    if len(text) > _MAX_LENGTH:
        raise InvalidCodeError(
            f"{quote(text)} is not a game code: longer than {_MAX_LENGTH} characters",
            Reason.CODE_TOO_LONG,
        )
    clean = "".join(text.split()).upper()
    parts = clean.split("-")
    if len(parts) != 3:
        raise InvalidCodeError(
            f"{quote(text)} is not a game code: expected the form PPP-V-XXXXXXX", Reason.CODE_FORM
        )
    prefix, letter, digits = parts
    game = _GAME_BY_PREFIX.get(prefix)
    if game is None:
        known = ", ".join(_GAME_BY_PREFIX)
        raise InvalidCodeError(
            f"{clean!r}: unknown game prefix {prefix!r} (expected {known})",
            Reason.UNKNOWN_CODE_PREFIX,
        )
    fmt = _FORMATS[game]
    variant = fmt.letters.get(letter)
    if variant is None:
        letters = ", ".join(sorted(fmt.letters))
        raise InvalidCodeError(
            f"{clean!r}: unknown variant letter {letter!r} for {game} (expected one of {letters})",
            Reason.UNKNOWN_VARIANT_LETTER,
        )
    if len(digits) != DIGITS:
        raise InvalidCodeError(
            f"{clean!r}: the deal part has {len(digits)} characters, expected {DIGITS}",
            Reason.DEAL_PART_LENGTH,
        )
    number = 0
    for char in digits:
        value = ALPHABET.find(char)
        if value < 0:
            raise InvalidCodeError(
                f"{clean!r}: {char!r} is not a code character (A-Z, 2-7)",
                Reason.NOT_A_CODE_CHARACTER,
            )
        number = number * 32 + value
    return GameCode(game, variant, number)


def encode(game: str, variant: enum.Enum | str | None, number: int) -> str:
    """The canonical code of deal *number* of *game* under *variant*.

    >>> encode("scorpion", "flexible", 31)
    'SC1-F-AAAAAA7'
    """
    return str(GameCode(game, variant_of(game, variant), number))
