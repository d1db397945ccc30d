"""The drawings the pictures are made of: stroke letters, suit shapes, faces and backs.

Every shape is SVG path data drawn here by hand, so a picture looks the same
in every renderer and needs no font.  Letters are centre lines stroked with
round ends, 14 units high; suits are filled shapes in a 20-unit box.
"""

from __future__ import annotations

import functools

from patience_rules.cards import Card, Rank, Suit

__all__ = [
    "BACK",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "GLYPH_HEIGHT",
    "RED_SUITS",
    "defs",
    "face_id",
    "num",
    "suit",
    "suit_id",
    "text",
    "text_width",
]

CARD_WIDTH = 50
CARD_HEIGHT = 70
GLYPH_HEIGHT = 14
"""The height of a letter before scaling; a letter's width is its entry in ``_LETTERS``."""
LETTER_SPACING = 2
RED_SUITS = frozenset({Suit.DIAMONDS, Suit.HEARTS})
INK = {False: "#1b1b1b", True: "#c8102e"}
"""Black and red ink, by whether the suit is red."""

BACK = "pr-back"
"""The id of the face-down card."""

_LETTERS = {
    "0": (9, "M4.5 0C7.3 0 9 3 9 7S7.3 14 4.5 14 0 11 0 7 1.7 0 4.5 0Z"),
    "1": (6, "M0.5 3.5 4.5 0V14"),
    "2": (9, "M0.5 3.6C0.8 1.3 2.5 0 4.6 0 7 0 8.6 1.6 8.6 3.9 8.6 7.4 0.8 9.8 0.4 14H9"),
    "3": (
        9,
        (
            "M0.6 1.6C1.6 0.5 3 0 4.5 0 6.8 0 8.3 1.4 8.3 3.4 8.3 5.5 6.5 6.6 3.8 6.6 6.9 6.6 "
            "8.8 8.1 8.8 10.3 8.8 12.6 6.9 14 4.4 14 2.6 14 1.1 13.4 0.2 12.2"
        ),
    ),
    "4": (9, "M6.6 14V0L0 9.6H9"),
    "5": (
        9,
        (
            "M8.3 0H1.6L0.9 6.3C1.9 5.6 3.2 5.3 4.5 5.3 7.2 5.3 9 7 9 9.6 9 12.3 7 14 4.4 14 "
            "2.6 14 1.1 13.3 0.2 12.1"
        ),
    ),
    "6": (
        9,
        (
            "M8 1C7.2 0.3 6.1 0 5 0 2 0 0.3 3 0.3 8 0.3 12 2.1 14 4.7 14 7.3 14 9 12.2 9 9.6 9 "
            "7.1 7.3 5.4 4.8 5.4 2.8 5.4 1 6.6 0.4 8.5"
        ),
    ),
    "7": (9, "M0 0H9L3.6 14"),
    "8": (
        9,
        (
            "M4.5 6.5C2.2 6.5 0.8 5.3 0.8 3.3 0.8 1.3 2.4 0 4.5 0S8.2 1.3 8.2 3.3C8.2 5.3 6.8 "
            "6.5 4.5 6.5 2 6.5 0.3 8 0.3 10.2 0.3 12.6 2.2 14 4.5 14S8.7 12.6 8.7 10.2C8.7 8 7 "
            "6.5 4.5 6.5Z"
        ),
    ),
    "9": (
        9,
        (
            "M1 13C1.8 13.7 2.9 14 4 14 7 14 8.7 11 8.7 6 8.7 2 6.9 0 4.3 0 1.7 0 0 1.8 0 4.4 0 "
            "6.9 1.7 8.6 4.2 8.6 6.2 8.6 8 7.4 8.6 5.5"
        ),
    ),
    "A": (10, "M0 14 5 0 10 14M1.8 9H8.2"),
    "J": (8, "M3.5 0H8V9.8C8 12.5 6.5 14 4.2 14 2.1 14 0.6 12.8 0 10.6"),
    "Q": (10, "M5 0C8 0 10 3 10 7S8 14 5 14 0 11 0 7 2 0 5 0ZM6.2 10.2 10 14.4"),
    "K": (10, "M0.5 0V14M9.5 0 0.5 9.2M3.6 6.2 9.8 14"),
    "f": (7, "M7 1C6.5 0.3 5.8 0 5 0 3.5 0 2.8 1 2.8 2.8V14M0 5H6.4"),
    "r": (7, "M1 14V5M1 8.6C2 6.1 4 5 6.6 5.2"),
    "s": (
        8,
        (
            "M7.2 6C6.3 5.3 5.2 5 4 5 2.1 5 0.8 6 0.8 7.5 0.8 10.4 7.6 8.9 7.6 11.6 7.6 13.2 6.1 "
            "14 4 14 2.6 14 1.2 13.6 0.3 12.8"
        ),
    ),
    "w": (11, "M0 5 2.7 14 5.5 7 8.3 14 11 5"),
}
"""Each letter's width and centre line."""

_SUITS = {
    Suit.CLUBS: (
        '<circle cx="10" cy="5.2" r="4.9"/><circle cx="4.9" cy="12" r="4.9"/>'
        '<circle cx="15.1" cy="12" r="4.9"/>'
        '<path d="M8.9 9.5C9 14.6 8.1 17.8 5.6 20H14.4C11.9 17.8 11 14.6 11.1 9.5Z"/>'
    ),
    Suit.DIAMONDS: '<path d="M10 0Q13.6 5.6 18 10 13.6 14.4 10 20 6.4 14.4 2 10 6.4 5.6 10 0Z"/>',
    Suit.HEARTS: (
        '<path d="M10 19.5C6 15.6 0 11.4 0 5.6 0 2.4 2.4 0 5.3 0 7.4 0 9.1 1.2 10 3.2 10.9 1.2 '
        '12.6 0 14.7 0 17.6 0 20 2.4 20 5.6 20 11.4 14 15.6 10 19.5Z"/>'
    ),
    Suit.SPADES: (
        '<path d="M10 0C14 4.6 20 8 20 12.4 20 15.4 17.9 17.4 15.3 17.4 13.4 17.4 11.8 16.5 '
        "10.8 15C11 17.2 11.9 18.8 13.6 20H6.4C8.1 18.8 9 17.2 9.2 15 8.2 16.5 6.6 17.4 4.7 "
        '17.4 2.1 17.4 0 15.4 0 12.4 0 8 6 4.6 10 0Z"/>'
    ),
}
"""Each suit's shape in a 20 × 20 box."""


def text_width(word: str, scale: float) -> float:
    """How wide *word* is drawn at *scale*."""
    widths = [_LETTERS[letter][0] for letter in word]
    return scale * (sum(widths) + LETTER_SPACING * (len(widths) - 1))


def text(
    word: str, at: tuple[float, float], scale: float, color: str, *, width: float = 1.7
) -> str:
    """*word* drawn from the letter glyphs with its top left corner *at* (x, y)."""
    x, y = at
    uses = []
    offset = 0.0
    for letter in word:
        uses.append(f'<use href="#pr-l-{_LETTER_IDS[letter]}" x="{num(offset)}"/>')
        offset += _LETTERS[letter][0] + LETTER_SPACING
    return (
        f'<g transform="translate({num(x)} {num(y)}) scale({num(scale)})" fill="none" '
        f'stroke="{color}" stroke-width="{num(width)}" stroke-linecap="round" '
        f'stroke-linejoin="round">{"".join(uses)}</g>'
    )


_LETTER_IDS = {letter: letter if letter.isalnum() else f"u{ord(letter):x}" for letter in _LETTERS}


def suit_id(suit: Suit) -> str:
    """The id of *suit*'s shape."""
    return f"pr-suit-{suit.value}"


def face_id(card: Card) -> str:
    """The id of *card*'s face, e.g. ``pr-AS``."""
    return f"pr-{card}"


def suit(
    kind: Suit,
    at: tuple[float, float],
    size: float,
    color: str | None = None,
    *,
    opacity: float = 1.0,
) -> str:
    """*kind*'s shape, *size* units wide, its top left corner *at* (x, y).

    The colour is the suit's own ink unless *color* is given.
    """
    x, y = at
    fill = INK[kind in RED_SUITS] if color is None else color
    faint = "" if opacity == 1 else f' fill-opacity="{num(opacity)}" stroke="none"'
    return (
        f'<use href="#{suit_id(kind)}" transform="translate({num(x)} {num(y)}) '
        f'scale({num(size / 20)})" fill="{fill}"{faint}/>'
    )


@functools.cache  # a face is the same in every picture; a picture draws up to 52
def _face(card: Card) -> str:
    ink = INK[card.suit in RED_SUITS]
    label = card.rank.label
    corner = text(label, (4, 4), 0.72, ink, width=2)
    pip_x = 4 + text_width(label, 0.72) + 2.5
    big = 26 if card.rank > Rank.TEN else 22
    return (
        f'<g id="{face_id(card)}"><use href="#pr-face"/>{corner}'
        f"{suit(card.suit, (pip_x, 4), 10.5)}"
        f"{suit(card.suit, ((CARD_WIDTH - big) / 2, 26 + (26 - big) / 2), big)}"
        "</g>"
    )


def defs(faces: list[Card]) -> str:
    """The ``<defs>``: letters, suits, the card outline and back, and the *faces* drawn."""
    return f"<defs>{_shared_defs()}{''.join(map(_face, faces))}</defs>"


@functools.cache  # the same in every picture
def _shared_defs() -> str:
    """The letters, the suits, the card outline and the back."""
    letters = "".join(
        f'<path id="pr-l-{_LETTER_IDS[letter]}" d="{path}"/>'
        for letter, (_width, path) in sorted(_LETTERS.items())
    )
    suits = "".join(f'<g id="{suit_id(kind)}">{shape}</g>' for kind, shape in _SUITS.items())
    outline = (
        f'<rect id="pr-face" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4" '
        'fill="#fdfdf8" stroke="#6d6d6d" stroke-width="0.8"/>'
    )
    back = (
        f'<g id="{BACK}"><rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4" '
        'fill="#1f4e9c" stroke="#f4f4f4" stroke-width="1.6"/>'
        f'<rect x="4.5" y="4.5" width="{CARD_WIDTH - 9}" height="{CARD_HEIGHT - 9}" rx="2" '
        'fill="none" stroke="#9db8e8" stroke-width="1"/>'
        '<path d="M25 14 37 35 25 56 13 35Z" fill="none" stroke="#9db8e8" stroke-width="1"/>'
        "</g>"
    )
    return f"{letters}{suits}{outline}{back}"


def num(value: float) -> str:
    """*value* written briefly and always the same way: at most two decimals."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
