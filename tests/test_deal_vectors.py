"""The deal test vectors published in docs/codes.md, pinned for every code prefix."""

import pytest

from patience_rules import one_deck, parse_code, two_decks
from patience_rules.shuffle import SplitMix64, deal_seed, shuffled

SHUFFLES = {
    ("GO1", 1): "3D 2C 4C TC 7H QS JS 3S 9D 8H 3C TD 4D 7D 6C 6D 5D 7C 2H KC 5S 9H 8C 5H 4S AH"
    " AC 2S QH AD JD QD 3H 4H 8S 7S TS QC JC TH KH 9S 9C KD 8D JH AS 6H 2D 6S 5C KS",
    ("FT1", 1): "3S 6C 9C 8S AS TC 3D 7S 2C AH 2D 8H 3S 2D 4S 4S 4H 3C 7C TS 7C QC 5H TH 9H 3D"
    " 4D 9C AC KH 4D TC 4H 3C QD 6D QC 7H KD KC JS 7H AS 5D 5D 7S 6D 5H 9S AC 6S QS"
    " 9D 2H TS 9H 5S 8S KD 7D 6C 8D JH TD JC JD AH 8C 2S KC 6S 8H QD TD 3H KS KH 4C"
    " 2C 9S 5C QS QH 5C 2S AD 3H JD 4C 6H JH AD KS 6H 5S 8C 7D TH 9D JC 2H JS 8D QH",
    ("SC1", 1): "JC 8H QS 6C 4H 2D 3S 9S 9D 5C 2H TS 8C 7H 8D AH 7S 4S 5S JH QD JD JS 4D TD 2C"
    " 2S 5D QC 8S 3C 6S 6H KS 7C TC AD TH 4C 7D 5H AC AS 6D 3D 9H KH 3H KD 9C QH KC",
}


@pytest.mark.parametrize(("prefix", "number"), list(SHUFFLES))
def test_shuffled_decks(prefix, number):
    """Deal 1 of each prefix shuffles the fresh deck(s) into the published order."""
    deck = two_decks() if prefix == "FT1" else one_deck()
    cards = " ".join(map(str, shuffled(deck, deal_seed(prefix, number))))
    assert cards == SHUFFLES[prefix, number]


def test_seeds_and_first_outputs():
    """The published seeds and SplitMix64 outputs."""
    assert [deal_seed(p, 1) for p in ("GO1", "FT1", "SC1")] == [
        0x474F310000000001,
        0x4654310000000001,
        0x5343310000000001,
    ]
    assert SplitMix64(deal_seed("GO1", 1)).next() == 7709192530085136531


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("GO1-E-AAAAAAA", 0),
        ("GO1-C-AAAAAAB", 1),
        ("FT1-N-AAAAAA7", 31),
        ("SC1-F-AAAAABA", 32),
        ("GO1-E-BCDEFGH", 1144132807),
        ("SC1-C-7777777", 2**35 - 1),
    ],
)
def test_code_numbers(text, number):
    """Base32 deal numbers decode most significant character first."""
    assert parse_code(text).number == number
