import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_rules import (
    DEALS,
    GAMES,
    GameCode,
    InvalidCodeError,
    encode,
    forty_thieves,
    golf,
    parse_code,
    scorpion,
    variant_of,
)

VARIANTS = {
    "golf": list(golf.Variant),
    "forty_thieves": list(forty_thieves.Variant),
    "scorpion": list(scorpion.Variant),
}
codes = st.sampled_from(GAMES).flatmap(
    lambda game: st.builds(
        GameCode,
        st.just(game),
        st.sampled_from(VARIANTS[game]),
        st.integers(0, DEALS - 1),
    )
)


def test_examples():
    """The documented codes read to the documented game, variant and number."""
    code = parse_code("GO1-E-AAAAAAB")
    assert (code.game, code.variant, code.number) == ("golf", golf.Variant.EASY, 1)
    assert parse_code("GO1-C-AAAAAAA").variant is golf.Variant.CLASSIC
    assert parse_code("GO1-E-7777777").number == 2**35 - 1
    assert parse_code("GO1-E-AAAAABA").number == 32
    assert parse_code("FT1-N-AAAAAA2").number == 26
    assert parse_code("FT1-N-AAAAAA2").variant is forty_thieves.Variant.STANDARD
    assert parse_code("SC1-F-AAAAAAB").variant is scorpion.Variant.FLEXIBLE
    assert parse_code("SC1-C-AAAAAAB").game == "scorpion"


def test_legacy_golf_letter_reads_as_easy():
    """An old Golf code with N is Easy, and is written back with E."""
    code = parse_code("GO1-N-ABCDEFG")
    assert code.variant is golf.Variant.EASY
    assert str(code) == "GO1-E-ABCDEFG"


def test_forgiving_of_blanks_and_case():
    """Surrounding and inner blanks and lower case are accepted; output is canonical."""
    assert str(parse_code("  go1 - c - abcdefg\n")) == "GO1-C-ABCDEFG"


@given(codes)
def test_round_trip(code):
    """Every code's text parses back to the same code."""
    assert parse_code(str(code)) == code
    assert parse_code(str(code).lower()) == code
    assert encode(code.game, code.variant, code.number) == str(code)
    assert eval(repr(code), {"parse_code": parse_code}) == code  # noqa: S307 - repr contract


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("XX1-E-AAAAAAB", "unknown game prefix 'XX1'"),
        ("GO2-E-AAAAAAB", "unknown game prefix 'GO2'"),
        ("GO1-F-AAAAAAB", "unknown variant letter 'F' for golf"),
        ("FT1-E-AAAAAAB", "unknown variant letter 'E' for forty_thieves"),
        ("SC1-N-AAAAAAB", "unknown variant letter 'N' for scorpion"),
        ("GO1-E-AAAAAB", "has 6 characters, expected 7"),
        ("GO1-E-AAAAAABA", "has 8 characters, expected 7"),
        ("GO1-E-AAAAAA1", "'1' is not a code character"),
        ("GO1-E-AAAAAA8", "'8' is not a code character"),
        ("GO1-E-AAAA-AAB", "expected the form PPP-V-XXXXXXX"),
        ("GO1EAAAAAAB", "expected the form PPP-V-XXXXXXX"),
        ("", "expected the form"),
        (None, "expected a string"),
        (12, "expected a string"),
    ],
)
def test_errors_name_what_is_wrong(text, problem):
    """A bad code raises InvalidCodeError whose message names the wrong part."""
    with pytest.raises(InvalidCodeError) as caught:
        parse_code(text)
    assert problem in str(caught.value)


@pytest.mark.parametrize(
    ("game", "variant", "number"),
    [
        ("golf", golf.Variant.EASY, -1),
        ("golf", golf.Variant.EASY, DEALS),
        ("golf", golf.Variant.EASY, 1.0),
        ("golf", golf.Variant.EASY, True),
        ("golf", scorpion.Variant.CLASSIC, 1),
        ("chess", golf.Variant.EASY, 1),
        (None, golf.Variant.EASY, 1),
        ("golf", "easy", 1),
    ],
)
def test_constructor_validates(game, variant, number):
    """GameCode refuses out-of-range numbers and foreign variants with InvalidCodeError."""
    with pytest.raises(InvalidCodeError):
        GameCode(game, variant, number)


def test_variant_of():
    """variant_of reads members, names and None (the default)."""
    assert variant_of("golf") is golf.Variant.EASY
    assert variant_of("scorpion") is scorpion.Variant.CLASSIC
    assert variant_of("forty-thieves", "standard") is forty_thieves.Variant.STANDARD
    assert variant_of("golf", "CLASSIC") is golf.Variant.CLASSIC
    for junk in ["hard", 3, scorpion.Variant.FLEXIBLE]:
        with pytest.raises(InvalidCodeError):
            variant_of("golf", junk)


def test_random_codes():
    """GameCode.random draws valid codes of the asked game and variant."""
    drawn = {GameCode.random("golf", "classic") for _ in range(20)}
    assert all(c.game == "golf" and c.variant is golf.Variant.CLASSIC for c in drawn)
    assert len(drawn) > 1
    assert GameCode.random("scorpion").variant is scorpion.Variant.CLASSIC
    with pytest.raises(InvalidCodeError):
        GameCode.random("bridge")
