import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_rules import InvalidCodeError, golf, one_deck, parse_code
from patience_rules.shuffle import SplitMix64, deal_seed, shuffled

# Golf deals card by card: the 35 board cards (column 1 deepest first, then
# column 2, ...), the waste card, then the stock (next draw first).
GOLF_DEALS = {
    "GO1-E-AAAAAAA": "5S 2D 6D 2S 9C KD JC TD 3S 5C QH 3D TC 8H 3C 4D 8D KC 5H 3H 7S 7C KS 4H AC"
    " 9H 4C KH QC 8C JH 4S 6H JD 7D | 7H | 6S QD AH 8S QS 6C 2H AD 9S 5D JS TH 2C TS AS 9D",
    "GO1-E-AAAAAAB": "3D 2C 4C TC 7H QS JS 3S 9D 8H 3C TD 4D 7D 6C 6D 5D 7C 2H KC 5S 9H 8C 5H 4S"
    " AH AC 2S QH AD JD QD 3H 4H 8S | 7S | TS QC JC TH KH 9S 9C KD 8D JH AS 6H 2D 6S 5C KS",
    "GO1-E-7777777": "2S 6D AS 9C QC KH 2C 4C 8C 7H 3D KS TS 6S 8S 3C 4S 3H QD 4H KD JD 5S JS 2H"
    " 8H JH QS 7D 2D 6C 8D TD AC 4D | AD | 9S 9H KC 7S QH 3S AH 9D 5H JC TC TH 5D 6H 5C 7C",
    "GO1-C-BCDEFGH": "QS 8D 2S AD 3H 6D KH 7S 7C 4H TD 6S KD TH TS 6H QD KC TC JC 5D AH JS 8H JD"
    " 7H KS 2C 3C 4S 8S QH 9C 3D 2H | 6C | 9S 5S 4C 7D JH 8C QC 3S 5C AS 9D AC 4D 2D 9H 5H",
    "GO1-E-QUEEN22": "JH 2H 8D 2S 6D 3S TD AS 3C AC AH 8S 4S QS 9H 8H KH KC TH 6H 5S KS 8C 4H 6C"
    " QC 2D 3D 5D QH 4C JC 9S 5C 9D | JD | 4D 2C 9C 7D 7C QD 3H 5H TS 7H 7S KD JS AD TC 6S",
}


def test_splitmix64_reference_outputs():
    """SplitMix64 gives the published reference outputs (seeds 0 and 1234567)."""
    zero = SplitMix64(0)
    assert [zero.next(), zero.next()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


class _Scripted(SplitMix64):
    """A generator whose outputs are given, to watch the rejection step."""

    def __init__(self, outputs: list[int]) -> None:
        super().__init__(0)
        self.outputs = outputs

    def next(self) -> int:
        return self.outputs.pop(0)


def test_below_rejects_the_biased_tail():
    """Outputs at or above the largest multiple of n are redrawn, not reduced."""
    # 2**64 mod 3 == 1, so 2**64 - 1 is the one rejected output for n = 3.
    rng = _Scripted([2**64 - 1, 5])
    assert rng.below(3) == 2
    assert rng.outputs == []
    assert _Scripted([2**64 - 2]).below(3) == (2**64 - 2) % 3


@given(st.integers(0, 2**64 - 1), st.integers(1, 200))
def test_below_stays_in_range(seed, n):
    """below(n) is always in range(n)."""
    assert 0 <= SplitMix64(seed).below(n) < n


def test_deal_seed():
    """The seed is the prefix's ASCII bytes above the 40-bit deal number."""
    assert deal_seed("GO1", 0) == 0x474F31 << 40
    assert deal_seed("FT1", 2**35 - 1) == (0x465431 << 40) + 2**35 - 1
    for junk in [-1, 2**35, "1", 1.0, None, True]:
        with pytest.raises(InvalidCodeError):
            deal_seed("GO1", junk)


@given(st.integers(0, 2**64 - 1))
def test_shuffle_is_a_permutation(seed):
    """Shuffling neither loses nor duplicates a card."""
    assert sorted(shuffled(one_deck(), seed)) == sorted(one_deck())


@pytest.mark.parametrize("text", sorted(GOLF_DEALS))
def test_pinned_golf_deals(text):
    """These codes deal exactly these cards, forever."""
    code = parse_code(text)
    state = golf.deal(code.number, code.variant)
    board, waste, stock = GOLF_DEALS[text].split(" | ")
    assert " ".join(str(card) for column in state.columns for card in column) == board
    assert [str(card) for card in state.waste] == [waste]
    assert " ".join(map(str, state.stock)) == stock


def test_variant_letter_does_not_change_the_cards():
    """E and C with the same 7 characters deal the same cards under different rules."""
    easy = golf.deal(parse_code("GO1-E-ABCDEFG").number, golf.Variant.EASY)
    classic = golf.deal(parse_code("GO1-C-ABCDEFG").number, golf.Variant.CLASSIC)
    assert (easy.columns, easy.stock, easy.waste) == (
        classic.columns,
        classic.stock,
        classic.waste,
    )
    assert easy.variant is not classic.variant
