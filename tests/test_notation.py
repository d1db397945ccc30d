"""One notation rule for every game: bounded, ASCII digits, leading zeros, translatable errors."""

import pytest

from patience_rules import (
    Card,
    Game,
    InvalidCardError,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
    Reason,
    forty_thieves,
    gestures,
    golf,
    new_game,
    parse_code,
    replay,
    scorpion,
    views,
)
from patience_rules.piles import Pile, PileKind
from patience_rules.reasons import message

CODES = {"golf": "GO1-E-AAAAAAB", "forty_thieves": "FT1-N-AAAAAAC", "scorpion": "SC1-C-AAAAAAB"}
MODULES = {"golf": golf, "forty_thieves": forty_thieves, "scorpion": scorpion}

HOSTILE = {
    "nines": "9" * 4301,
    "zeros": "0" * 5000,
    "arabic-indic": "٣" * 4301,
    "devanagari": "३" * 5000,
    "blanks": " " * 40 + "d",
    "junk": "x" * 10_000_000,
}
"""Texts that once reached int() unbounded, or are too long to be any move."""


@pytest.mark.parametrize("game", CODES)
@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_long_text_is_refused_everywhere_with_a_short_message(game, text):
    """play, check, replay and parse_move refuse any over-long text: notation_too_long."""
    dealt = new_game(CODES[game])
    attempts = [
        lambda: dealt.play(text),
        lambda: dealt.check(text),
        lambda: replay(CODES[game], [text]),
        lambda: MODULES[game].parse_move(text),
    ]
    for attempt in attempts:
        with pytest.raises(InvalidNotationError) as caught:
            attempt()
        assert caught.value.reason is Reason.NOTATION_TOO_LONG
        assert "longer than 32 characters" in str(caught.value)
        assert len(str(caught.value)) < 150


@pytest.mark.parametrize("game", CODES)
def test_long_text_in_a_record_is_refused_with_a_short_message(game):
    """A saved record with an over-long notation is refused, quoting only its start."""
    record = {"format": 1, "code": CODES[game], "moves": ["9" * 4301]}
    with pytest.raises(InvalidPositionError, match=r"moves\[0\]: '9+'… \(4301 characters\)") as e:
        Game.from_record(record)
    assert len(str(e.value)) < 150


# Each game's notation of the same things with and without leading zeros.
LEADING_ZEROS = [
    (golf, "02", golf.PlayColumn(2)),
    (golf, "0007", golf.PlayColumn(7)),
    (forty_thieves, "2-01", forty_thieves.parse_move("2-1")),
    (forty_thieves, "010-f02", forty_thieves.parse_move("10-f2")),
    (forty_thieves, "w-0005", forty_thieves.parse_move("w-5")),
    (scorpion, "4H-07", scorpion.parse_move("4H-7")),
    (scorpion, "10♥-002", scorpion.parse_move("TH-2")),
]


@pytest.mark.parametrize(("rules", "text", "move"), LEADING_ZEROS)
def test_leading_zeros_are_read_in_every_game(rules, text, move):
    """A number may have leading zeros, in every game: the value is what counts."""
    assert rules.parse_move(text) == move
    assert rules.parse_move(str(move)) == move


# (module, text, reason): every way a notation can fail, in every game.
REFUSED = [
    (golf, "x9", Reason.NOT_A_MOVE),
    (golf, "", Reason.NOT_A_MOVE),
    (golf, "٣", Reason.NOT_A_MOVE),
    (golf, "8", Reason.NO_SUCH_COLUMN),
    (golf, "0", Reason.NO_SUCH_COLUMN),
    (golf, "00", Reason.NO_SUCH_COLUMN),
    (golf, "-1", Reason.NOT_A_MOVE),
    (golf, 5, Reason.NOT_A_MOVE),
    (forty_thieves, "x", Reason.NOT_A_MOVE),
    (forty_thieves, "1-2-3", Reason.NOT_A_MOVE),
    (forty_thieves, "٣-1", Reason.NO_SUCH_PILE),
    (forty_thieves, "q-1", Reason.NO_SUCH_PILE),
    (forty_thieves, "11-1", Reason.NO_SUCH_COLUMN),
    (forty_thieves, "0-1", Reason.NO_SUCH_COLUMN),
    (forty_thieves, "1-f9", Reason.NO_SUCH_FOUNDATION),
    (forty_thieves, "1-f٣", Reason.NO_SUCH_PILE),
    (forty_thieves, "1-w", Reason.WASTE_NOT_A_TARGET),
    (forty_thieves, None, Reason.NOT_A_MOVE),
    (scorpion, "x", Reason.NOT_A_MOVE),
    (scorpion, "XX-7", Reason.NOT_A_CARD),
    (scorpion, "4H-", Reason.NOT_A_MOVE),
    (scorpion, "4H-٣", Reason.NOT_A_MOVE),
    (scorpion, "4H-8", Reason.NO_SUCH_COLUMN),
    (scorpion, "4H-0", Reason.NO_SUCH_COLUMN),
    (scorpion, b"r", Reason.NOT_A_MOVE),
]


@pytest.mark.parametrize(("rules", "text", "reason"), REFUSED)
def test_refused_notations_carry_a_reason_in_both_languages(rules, text, reason):
    """Each refused notation names the input and carries a reason with English and Hindi text."""
    with pytest.raises(InvalidNotationError) as caught:
        rules.to_move(rules.deal(1), text)
    error = caught.value
    assert error.reason is reason
    assert error.message_in("en") == message(reason, "en")
    assert error.message_in("hi") == message(reason, "hi")
    assert repr(text)[:10] in str(error)


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (lambda: golf.PlayColumn(8), Reason.NO_SUCH_COLUMN),
        (lambda: golf.TapCard("9C"), Reason.NOT_A_CARD),
        (lambda: forty_thieves.Column(11), Reason.NO_SUCH_COLUMN),
        (lambda: forty_thieves.Foundation(0), Reason.NO_SUCH_FOUNDATION),
        (lambda: forty_thieves.MoveCard("w", forty_thieves.Column(1)), Reason.NO_SUCH_PILE),
        (
            lambda: forty_thieves.MoveCard(forty_thieves.Column(1), forty_thieves.Waste()),
            Reason.WASTE_NOT_A_TARGET,
        ),
        (lambda: scorpion.MoveCard(Card.parse("4H"), 8), Reason.NO_SUCH_COLUMN),
        (lambda: scorpion.MoveCard("4H", 7), Reason.NOT_A_CARD),
        (lambda: golf.PlayColumn(10**5000), Reason.NO_SUCH_COLUMN),
    ],
)
def test_move_objects_refuse_bad_parts_with_a_reason(build, reason):
    """Building a move from bad parts raises InvalidNotationError with the matching reason."""
    with pytest.raises(InvalidNotationError) as caught:
        build()
    assert caught.value.reason is reason
    assert len(str(caught.value)) < 150


def test_a_bare_notation_error_has_the_general_reason():
    """An InvalidNotationError raised with a message only carries not_a_move."""
    assert InvalidNotationError("bad").reason is Reason.NOT_A_MOVE


@pytest.mark.parametrize("text", ["G" * 10_000_000, "GO1-E-" + "A" * 5000, "\x1b]0;x\x07" * 99])
def test_codes_quote_a_short_prefix(text):
    """A code past 64 characters is refused at once, its message quoting a short prefix."""
    with pytest.raises(InvalidCodeError, match="longer than 64 characters") as caught:
        parse_code(text)
    assert len(str(caught.value)) < 150
    assert "\x1b" not in str(caught.value)


@pytest.mark.parametrize("text", ["9" * 100_000, "Q" * 5000 + "H"])
def test_cards_quote_a_short_prefix(text):
    """Card.parse refuses junk with a message that quotes only its start."""
    with pytest.raises(InvalidCardError, match="is not a card") as caught:
        Card.parse(text)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("field", ["score", "moves", "format"])
def test_huge_numbers_in_saves_give_short_errors(field):
    """A number of thousands of digits in a save is refused with a short InvalidPositionError."""
    data = new_game("FT1-N-AAAAAAC").to_dict() | {field: 10**5000 + 1}
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data)
    assert len(str(caught.value)) < 150
    assert "bits" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("f9", Reason.NO_SUCH_FOUNDATION),
        ("11", Reason.NO_SUCH_COLUMN),
        ("٣", Reason.NO_SUCH_PILE),
        ("q", Reason.NO_SUCH_PILE),
        (5, Reason.NO_SUCH_PILE),
        ("9" * 4301, Reason.NOTATION_TOO_LONG),
    ],
)
def test_shared_pile_names_follow_the_same_rule(text, reason):
    """Pile.parse, shared by every game, refuses by the notation rule with a reason."""
    with pytest.raises(InvalidNotationError) as caught:
        Pile.parse(text)
    assert caught.value.reason is reason
    assert len(str(caught.value)) < 150


def test_shared_pile_names_read_leading_zeros():
    """Pile.parse reads leading zeros as every game's notation does."""
    assert Pile.parse("f02") == Pile.parse("f2")
    assert Pile.parse(" 010 ") == Pile.parse("10")
    with pytest.raises(InvalidNotationError, match="bits") as caught:
        Pile(PileKind.COLUMN, 10**5000)
    assert caught.value.reason is Reason.NO_SUCH_COLUMN


JUNK = {"huge integer": 10**5000, "long text": "x" * 1_000_000, "long list": list(range(10**5))}


@pytest.mark.parametrize("junk", JUNK.values(), ids=JUNK.keys())
def test_ui_helpers_quote_junk_briefly(junk):
    """The drag, view and effect helpers refuse junk with a short message, never a bare error."""
    state = golf.deal(1)
    attempts = [
        lambda: gestures.destinations(junk, "1"),
        lambda: gestures.drag_move(junk, "1", "w"),
        lambda: gestures.destinations(state, junk),
        lambda: views.player_view(junk),
    ]
    for attempt in attempts:
        with pytest.raises(PatienceError) as caught:
            attempt()
        assert len(str(caught.value)) < 200
