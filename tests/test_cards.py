import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_rules import Card, InvalidCardError, PatienceError, Rank, Suit, one_deck, two_decks

cards = st.sampled_from(one_deck())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AC", Card(Rank.ACE, Suit.CLUBS)),
        ("10C", Card(Rank.TEN, Suit.CLUBS)),
        ("TC", Card(Rank.TEN, Suit.CLUBS)),
        ("A♣", Card(Rank.ACE, Suit.CLUBS)),
        ("10♣", Card(Rank.TEN, Suit.CLUBS)),
        ("q♥", Card(Rank.QUEEN, Suit.HEARTS)),
        (" kd ", Card(Rank.KING, Suit.DIAMONDS)),
        ("9♠", Card(Rank.NINE, Suit.SPADES)),
        ("j♦", Card(Rank.JACK, Suit.DIAMONDS)),
    ],
)
def test_parse_accepts_every_documented_form(text, expected):
    """Card.parse reads ASCII and Unicode forms in any case."""
    assert Card.parse(text) == expected


def test_text_forms():
    """str() is the canonical ASCII form, unicode() the display form, repr() pastes back."""
    ten = Card.parse("10♣")
    assert (str(ten), ten.unicode(), repr(ten)) == ("TC", "10♣", "Card.parse('TC')")
    assert Card.parse("QH").unicode() == "Q♥"


@given(cards)
def test_text_forms_round_trip(card):
    """Every form the library writes is read back to the same card."""
    assert Card.parse(str(card)) == card
    assert Card.parse(card.unicode()) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - the repr contract


@given(cards, cards)
def test_order_is_suit_then_rank(a, b):
    """Cards order by suit (C, D, H, S), then rank; equal cards hash equal."""
    assert (a < b) == ((list(Suit).index(a.suit), a.rank) < (list(Suit).index(b.suit), b.rank))
    assert (a == b) == (hash(a) == hash(b) and a.rank == b.rank and a.suit == b.suit)


def test_decks():
    """One deck is the 52 distinct cards in deck order; two decks hold each card twice."""
    deck = one_deck()
    assert len(deck) == len(set(deck)) == 52
    assert list(deck) == sorted(deck)
    assert (str(deck[0]), str(deck[12]), str(deck[13]), str(deck[-1])) == ("AC", "KC", "AD", "KS")
    double = two_decks()
    assert len(double) == 104
    assert all(double.count(card) == 2 for card in deck)


def test_cards_are_frozen():
    """A card cannot be changed in place."""
    card = Card.parse("AC")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]


@pytest.mark.parametrize(
    "junk", ["", "1C", "11C", "AX", "A", "C", "ACE", "0S", "10", "♣A", None, 10, 1.5, ["AC"]]
)
def test_parse_junk_names_the_problem(junk):
    """Anything that is not a card raises InvalidCardError, a PatienceError and ValueError."""
    with pytest.raises(InvalidCardError, match="is not a card") as caught:
        Card.parse(junk)
    assert isinstance(caught.value, PatienceError)
    assert isinstance(caught.value, ValueError)


def test_symbols_and_labels():
    """Suits have their symbols, ranks their letters and display labels."""
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert "".join(rank.letter for rank in Rank) == "A23456789TJQK"
    assert Rank.TEN.label == "10"
    assert Rank.KING.label == "K"


def test_a_card_knows_its_place_in_the_deck():
    """card.index is the card's position in one_deck(), and hash and equality follow it."""
    deck = one_deck()
    for position, card in enumerate(deck):
        built = Card(card.rank, card.suit)
        assert built.index == position
        assert built == card
        assert hash(built) == hash(card)
        assert built is not card
    assert len({Card(c.rank, c.suit) for c in deck + deck}) == 52
    assert Card.parse("QH") != Card.parse("QD")
    assert Card.parse("QH") != "QH"


def test_parsed_cards_are_the_decks_own():
    """Card.parse gives the very card objects of one_deck(), so dealt and parsed cards are one."""
    deck = one_deck()
    assert all(Card.parse(str(card)) is card for card in deck)
    assert Card.parse("10♣") is deck[9]


@pytest.mark.parametrize(("rank", "suit"), [(12, Suit.HEARTS), (Rank.ACE, "H"), (None, None)])
def test_a_card_of_junk_is_refused(rank, suit):
    """Card() needs a Rank and a Suit; anything else raises InvalidCardError naming them."""
    with pytest.raises(InvalidCardError, match="expected a Rank and a Suit"):
        Card(rank, suit)
