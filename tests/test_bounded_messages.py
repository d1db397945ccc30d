"""Error messages are bounded, and an oversized input is refused before it is read."""

import pytest

from conftest import MESSAGE_LIMIT, message_log, too_long
from patience_rules import Game, InvalidPositionError, PatienceError, new_game
from patience_rules._text import listing
from patience_rules.game import rules_of

CODES = ["GO1-E-AAAAAAB", "FT1-N-AAAAAAC", "SC1-C-AAAAAAB"]


def first_column(data: dict, cards: list[str]) -> dict:
    """*data* (a saved game) with its first column's face-up cards replaced by *cards*."""
    if data["game"] == "scorpion":
        data["columns"][0]["up"] = cards
    else:
        data["columns"][0] = cards
    return data


def refusal(data: dict) -> str:
    """The message Game.from_dict refuses *data* with."""
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data)
    return str(caught.value)


@pytest.mark.parametrize("code", CODES)
def test_an_oversized_column_is_refused_by_its_length(code: str) -> None:
    """A column of 10**6 cards is refused for its length, in a short message."""
    data = first_column(new_game(code).to_dict(), ["AS"] * 10**6)
    message = refusal(data)
    assert "holds 1000000 cards, more than the 104 of the largest game" in message
    assert len(message) < 100


def test_a_message_lists_a_few_cards_then_how_many_more() -> None:
    """The cards of a Scorpion column of 100 Aces of spades are listed six, then a count."""
    message = refusal(first_column(new_game("SC1-C-AAAAAAB").to_dict(), ["AS"] * 100))
    assert "duplicated or extra: AS AS AS AS AS AS and 94 more; missing: " in message
    assert len(message) < 200


def test_listing_shows_everything_up_to_six() -> None:
    """A listing of six items shows them all; a seventh makes it 'and 1 more'."""
    assert listing(list("abcdef")) == "a b c d e f"
    assert listing(list("abcdefg")) == "a b c d e f and 1 more"


def test_an_unknown_game_name_is_quoted_short() -> None:
    """rules_of, and a loader's game argument, quote a huge name briefly."""
    with pytest.raises(PatienceError) as caught:
        rules_of("x" * 10**6)
    assert len(str(caught.value)) < 200
    with pytest.raises(PatienceError) as caught:
        Game.from_record(new_game(CODES[0]).to_record(), game="x" * 10**6)
    assert len(str(caught.value)) < 200


def test_the_message_log_finds_a_long_message(bounded_messages: list[PatienceError]) -> None:
    """The log that bounds every test's messages reports a message past the limit."""
    with message_log() as errors:
        PatienceError("x" * (MESSAGE_LIMIT + 1))
        InvalidPositionError("short")
    assert [len(message) for message in too_long(errors)] == [MESSAGE_LIMIT + 1]
    with message_log() as errors:
        PatienceError("x" * MESSAGE_LIMIT)
    PatienceError("x" * (MESSAGE_LIMIT + 1))  # after the log: not logged
    assert too_long(errors) == []
    assert too_long(bounded_messages)  # the log of every test saw them too
    bounded_messages.clear()  # this test's own long messages are no finding
