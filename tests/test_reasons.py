import re

import pytest

from patience_rules import LANGUAGES, PatienceError, Reason, Refusal, UnknownLanguageError, message

VERBATIM_HINDI = {
    Reason.RANK_NOT_ADJACENT: "दर्जा एक अधिक या एक कम होना चाहिए",
    Reason.CARD_BLOCKED: "यह पत्ता अवरुद्ध है",
    Reason.NO_MOVES: "अब कोई चाल संभव नहीं",
    Reason.KING_ONLY_ON_EMPTY: "खाली कॉलम पर केवल बादशाह जा सकता है",
    Reason.SAME_SUIT_REQUIRED: "नियम: पत्ते एक ही सूट के होने चाहिए",
}


def test_source_sentences_are_verbatim(positions):
    """The Hindi sentences quoted by the sources are reproduced exactly."""
    for reason, text in VERBATIM_HINDI.items():
        assert message(reason, "hi") == text
    golf_refusals = positions["golf"]["initial"]["refusals"]
    assert message(Reason.RANK_NOT_ADJACENT, "hi") == golf_refusals[0]["hi"]
    assert message(Reason.CARD_BLOCKED, "hi") == golf_refusals[1]["hi"]
    assert message(Reason.NO_MOVES, "hi") == positions["golf_messages"]["no_moves"]["hi"]
    scorpion = positions["scorpion"]["messages"]
    assert message(Reason.KING_ONLY_ON_EMPTY, "hi") == scorpion["king_only_on_empty"]["hi"]
    assert message(Reason.SAME_SUIT_REQUIRED, "hi") == scorpion["same_suit_required"]["hi"]


def test_english_source_sentences():
    """The English sentences of the spec are the English messages."""
    assert message(Reason.RANK_NOT_ADJACENT) == "The rank must be one higher or one lower"
    assert message(Reason.CARD_BLOCKED) == "This card is blocked"
    assert message(Reason.NO_MOVES) == "No more moves possible"
    assert message(Reason.KING_ONLY_ON_EMPTY) == "Only a King can go on an empty column"
    assert message(Reason.SAME_SUIT_REQUIRED) == "Rule: cards must be of the same suit"


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_has_both_languages(reason):
    """Each reason has a distinct English and a Devanagari Hindi message and a snake_case code."""
    english, hindi = message(reason, "en"), message(reason, "hi")
    assert english
    assert hindi
    assert english != hindi
    assert re.search("[\u0900-\u097f]", hindi)
    assert re.fullmatch("[a-z]+(_[a-z]+)*", reason.value)
    assert str(reason) == reason.value
    assert Reason(reason.value) is reason


def test_messages_are_distinct():
    """No two reasons share a message, so a player can tell them apart."""
    for lang in LANGUAGES:
        texts = [message(reason, lang) for reason in Reason]
        assert len(set(texts)) == len(texts)


def test_refusal():
    """A Refusal carries its reason and gives its message in either language."""
    refusal = Refusal(Reason.NO_MOVES)
    assert refusal.reason == "no_moves"
    assert refusal.message == "No more moves possible"
    assert refusal.message_in("hi") == "अब कोई चाल संभव नहीं"


@pytest.mark.parametrize("lang", ["fr", "", None, 1, "EN"])
def test_unknown_language(lang):
    """Asking for a language the library lacks raises UnknownLanguageError naming it."""
    with pytest.raises(UnknownLanguageError, match="no messages in language"):
        message(Reason.NO_MOVES, lang)
    with pytest.raises(UnknownLanguageError):
        Refusal(Reason.NO_MOVES).message_in(lang)


@pytest.mark.parametrize("junk", ["blocked", None, 3])
def test_junk_reasons(junk):
    """A reason that is not a Reason raises a PatienceError."""
    with pytest.raises(PatienceError, match="is not a refusal reason"):
        message(junk)
    with pytest.raises(PatienceError, match="is not a refusal reason"):
        Refusal(junk)
