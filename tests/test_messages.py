"""Every error names the problem: the key words of each message, the field, card or pile.

Each case is an action that must fail and the words its message must hold;
a message that lost its field, its card or its list of what was expected
fails here.
"""

import attrs
import pytest

from forty_thieves_positions import won
from patience_rules import (
    Card,
    Game,
    GameCode,
    InvalidCodeError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
    Reason,
    Suit,
    forty_thieves,
    golf,
    message,
    new_game,
    parse_code,
    player_view,
    scorpion,
    variant_of,
)
from patience_rules.game import rules_of
from patience_rules.piles import RESERVE

GOLF = "GO1-E-AAAAAAB"


def golf_save(**changes):
    """The save of GOLF after one draw, with *changes* to its fields."""
    data = new_game(GOLF).play("d").to_dict()
    data.pop("history")
    return data | changes


def dealt_cards(change, code=GOLF):
    """The save of *code*'s deal with *change* applied to its cards."""
    data = new_game(code).to_dict()
    change(data)
    return data


def _two_extra(data):
    data["waste"] += ["3D", "4D"]


def _two_missing(data):
    data["columns"] = [[card for card in column if card not in {"TC", "KC"}] for column in
                       data["columns"]]
    data["stock"] = [card for card in data["stock"] if card not in {"TC", "KC"}]


def _one_each(data):
    column = data["columns"][0]
    column[column.index(data["columns"][0][0])] = data["stock"][0]


def _ft_waste_from_a_column(data):
    data["waste"].append(data["columns"][0].pop())


LOADS = {
    "stock and waste": (
        dealt_cards(_ft_waste_from_a_column, "FT1-N-AAAAAAB"),
        ["the stock and the waste hold 65 cards together, at most 64"],
    ),
    "not a mapping": ([], ["a saved game must be a JSON object, not list"]),
    "format true": (golf_save(format=True), ["field 'format' must be int, not bool: True"]),
    "score false": (golf_save(score=False), ["field 'score' must be int, not bool: False"]),
    "moves text": (golf_save(moves="1"), ["field 'moves' must be int, not str: '1'"]),
    "variant": (golf_save(variant="hard"), ["field 'variant': 'hard'", "'easy', 'classic'"]),
    "stock text": (golf_save(stock="KH"), ["stock must be a list of cards, not str"]),
    "two extra": (
        dealt_cards(_two_extra),
        ["the cards are not a full deal (duplicated or extra: 3D 4D)"],
    ),
    "two missing": (dealt_cards(_two_missing), ["(missing: TC KC)"]),
    "one each": (dealt_cards(_one_each), ["(duplicated or extra: ", "; missing: "]),
    "history not a list": (golf_save(history={}), ["field 'history' must be a list of positions"]),
    "player view": (
        player_view(new_game(GOLF)),
        [
            "this is a player view",
            "its hidden cards are left out, so it cannot be played or loaded",
            "not a saved game",
            "load the saved game that Game.to_dict() wrote instead",
        ],
    ),
    "ft stock text": (
        dealt_cards(lambda d: d.update(stock="KH"), "FT1-N-AAAAAAB"),
        ["stock must be a list of cards, not str"],
    ),
    "ft waste text": (
        dealt_cards(lambda d: d.update(waste="KH"), "FT1-N-AAAAAAB"),
        ["waste must be a list of cards, not str"],
    ),
    "history item": (golf_save(history=[7]), ["history[0]: history[0] must be a JSON object"]),
    "unknown game": (golf_save(game="chess"), ["field 'game'", "unknown game 'chess'"]),
}


@pytest.mark.parametrize("case", sorted(LOADS))
def test_load_messages(case):
    """Each refused save names its field and what was expected."""
    data, words = LOADS[case]
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict(data)
    for word in words:
        assert word in str(caught.value)


CODES = {
    "unknown game": (
        lambda: GameCode.random("bridge"),
        ["unknown game 'bridge' (expected one of golf, forty_thieves, scorpion)"],
    ),
    "variant": (
        lambda: variant_of("golf", "hard"),
        ["'hard' is not a golf variant (expected one of classic, easy)"],
    ),
    "prefix": (
        lambda: parse_code("XX1-E-AAAAAAB"),
        ["unknown game prefix 'XX1' (expected GO1, FT1, SC1)"],
    ),
    "letter": (
        lambda: parse_code("GO1-X-AAAAAAB"),
        ["unknown variant letter 'X' for golf (expected one of C, E, N)"],
    ),
}


@pytest.mark.parametrize("case", sorted(CODES))
def test_code_messages(case):
    """Each refused code names the part that is wrong and the choices."""
    call, words = CODES[case]
    with pytest.raises(InvalidCodeError) as caught:
        call()
    for word in words:
        assert word in str(caught.value)


@pytest.mark.parametrize("name", ["forty thieves", "Forty Thieves", " forty-thieves "])
def test_game_names_with_a_space_or_a_dash(name):
    """A game's name may be written with a space or a dash, in any case."""
    assert GameCode.random(name).game == "forty_thieves"
    assert variant_of(name).value == "standard"


@pytest.mark.parametrize("junk", [[], None, 3, "chess"], ids=repr)
def test_rules_of_junk_is_a_patience_error(junk):
    """rules_of refuses what names no game with a PatienceError listing the games."""
    with pytest.raises(PatienceError) as caught:
        rules_of(junk)
    assert f"unknown game {junk!r} (expected one of golf, forty_thieves, scorpion)" in str(
        caught.value
    )


def test_repr_without_a_code():
    """A game with no code says so in its repr."""
    assert repr(Game(golf.deal(1))) == "<Game golf no code moves=0 score=0 playing>"


def _another_variant():
    game = new_game("GO1-C-AAAAAAB").play("d")
    easy = new_game(GOLF).play("d")
    data = easy.to_dict()
    data["history"] = [golf.to_dict(game.history[0])]
    return data


FIELDS = {
    "code": (lambda: Game(golf.deal(1), "GO1-E-AAAAAAB"), ["'GO1-E-AAAAAAB' is not a GameCode"]),
    "moves": (
        lambda: Game(golf.deal(1), moves=-1),
        ["the move counter -1 is not an integer from 0 to 100000"],
    ),
    "history": (
        lambda: Game(golf.deal(1), history=[]),
        ["the undo history must be a tuple of positions"],
    ),
    "junk state": (
        lambda: Game(attrs.evolve(golf.deal(1), stock=None)),
        ["State(", "is not a valid golf position"],
    ),
    "variant": (lambda: Game.from_dict(_another_variant()), ["history[0] has another variant"]),
}


@pytest.mark.parametrize("case", sorted(FIELDS))
def test_game_field_messages(case):
    """The Game constructor and from_dict name the field that is wrong."""
    call, words = FIELDS[case]
    with pytest.raises(PatienceError) as caught:
        call()
    for word in words:
        assert word in str(caught.value)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Game(golf.deal(1), history=[]), "the undo history must be a tuple of positions"),
        (
            lambda: Game.from_dict(golf_save(history={})),
            "field 'history' must be a list of positions",
        ),
    ],
)
def test_whole_messages(call, message):
    """Messages with nothing to fill in are exactly their text."""
    with pytest.raises(PatienceError) as caught:
        call()
    assert str(caught.value) == message


FT_NOTATION = {
    "column 0": (lambda: forty_thieves.Column(0), "0 is not a column number (1-10)"),
    "column 11": (lambda: forty_thieves.Column(11), "11 is not a column number (1-10)"),
    "column true": (lambda: forty_thieves.Column(True), "True is not a column number (1-10)"),
    "column text": (lambda: forty_thieves.Column("3"), "'3' is not a column number (1-10)"),
    "foundation 9": (lambda: forty_thieves.Foundation(9), "9 is not a foundation number (1-8)"),
    "source": (
        lambda: forty_thieves.MoveCard("w", forty_thieves.Column(1)),
        "'w' is not a forty thieves pile",
    ),
    "target": (
        lambda: forty_thieves.MoveCard(forty_thieves.Waste(), forty_thieves.Waste()),
        "Waste() is not a place a card can go to: expected a Column or a Foundation",
    ),
    "pile not text": (
        lambda: forty_thieves.parse_pile(3),
        "3 is not a forty thieves pile: expected a string",
    ),
    "pile": (
        lambda: forty_thieves.parse_pile("x"),
        "'x' is not a forty thieves pile: expected w, 1-10 or f1-f8",
    ),
    "move not text": (
        lambda: forty_thieves.parse_move(3),
        "3 is not a forty thieves move: expected a string",
    ),
    "move form": (
        lambda: forty_thieves.parse_move("1-2-3"),
        "'1-2-3' is not a forty thieves move: expected d or SRC-DST with SRC w, 1-10, f1-f8",
    ),
    "move object": (
        lambda: forty_thieves.to_move(forty_thieves.deal(1), 3),
        "3 is not a forty thieves move",
    ),
    "another game's pile": (
        lambda: forty_thieves.tap_move(forty_thieves.deal(1), RESERVE),
        (
            f"{RESERVE!r} is not a forty thieves pile: expected w, 1-10, f1-f8 "
            "or a Waste, Column, Foundation or Pile"
        ),
    ),
    "drag target": (
        lambda: forty_thieves.drag_move(forty_thieves.deal(1), "5", "zz"),
        "'zz' is not a forty thieves pile (s w 1 2 3 4 5 6 7 8 9 10 f1 f2 f3 f4 f5 f6 f7 f8)",
    ),
    "tap source": (
        lambda: forty_thieves.tap_move(forty_thieves.deal(1), 3),
        (
            "3 is not a forty thieves pile: expected w, 1-10, f1-f8 "
            "or a Waste, Column, Foundation or Pile"
        ),
    ),
}


@pytest.mark.parametrize("case", sorted(FT_NOTATION))
def test_forty_thieves_notation_messages(case):
    """Forty Thieves' piles and moves refuse junk naming the pile and the forms expected."""
    call, message = FT_NOTATION[case]
    with pytest.raises(InvalidNotationError) as caught:
        call()
    assert str(caught.value) == message


def test_forty_thieves_pile_numbers_run_from_one_to_the_last():
    """Columns 1 to 10 and foundations 1 to 8 exist; the draw writes itself d."""
    assert [forty_thieves.Column(n).number for n in (1, 10)] == [1, 10]
    assert [forty_thieves.Foundation(n).number for n in (1, 8)] == [1, 8]
    assert str(forty_thieves.Draw()) == "d"


CARD_ERROR = (
    "is not a card: expected a rank (A, 2-10, T, J, Q, K) "
    "followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠)"
)
SCORPION_NOTATION = {
    "column 10": (lambda: scorpion.parse_move("4H-10"), (
        "'4H-10' is not a scorpion move: there is no column 10 (1-7)"
    )),
    "column 100": (lambda: scorpion.parse_move("4H-100"), (
        "'4H-100' is not a scorpion move: there is no column 100 (1-7)"
    )),
    "double dash": (
        lambda: scorpion.parse_move("4H--7"),
        f"'4H--7' is not a scorpion move: '4H-' {CARD_ERROR}",
    ),
    "not text": (lambda: scorpion.parse_move(3), "3 is not a scorpion move: expected a string"),
    "move object": (lambda: scorpion.to_move(scorpion.deal(1), 3), "3 is not a scorpion move"),
    "card": (lambda: scorpion.MoveCard("4H", 1), "'4H' is not a Card"),
    "column 8": (
        lambda: scorpion.MoveCard(Card.parse("4H"), 8),
        "column 8 is not a scorpion column (1-7)",
    ),
}


@pytest.mark.parametrize("case", sorted(SCORPION_NOTATION))
def test_scorpion_notation_messages(case):
    """Scorpion's notation errors name the text, the card or the column, and the form expected."""
    call, message = SCORPION_NOTATION[case]
    with pytest.raises(InvalidNotationError) as caught:
        call()
    assert str(caught.value) == message


def _scorpion(change):
    data = scorpion.to_dict(scorpion.deal(1))
    change(data)
    return data


SCORPION_LOADS = {
    "reserve text": (lambda d: d.update(reserve="KH"), "reserve must be a list of cards, not str"),
    "reserve of 2": (
        lambda d: d["reserve"].pop(),
        "the reserve has 2 cards: it holds 3 until dealt, then 0",
    ),
    "status": (
        lambda d: d.update(status="won"),
        "field 'status' is 'won' but the position implies 'playing'",
    ),
    "six columns": (lambda d: d["columns"].pop(), "columns must be a list of 7 columns"),
    "column not an object": (
        lambda d: d["columns"].__setitem__(0, 3),
        "columns[0] must be a JSON object, not int",
    ),
    "down text": (
        lambda d: d["columns"][0].update(down="KH"),
        "columns[0].down must be a list of cards, not str",
    ),
    "up text": (
        lambda d: d["columns"][0].update(up="KH"),
        "columns[0].up must be a list of cards, not str",
    ),
    "uncovered": (
        lambda d: d["columns"][0].update(up=[]),
        "columns[0] has face-down cards but no face-up card on top of them",
    ),
    "runs text": (
        lambda d: d.update(removed_runs="C"),
        "removed_runs must be a list of at most 4 suits",
    ),
    "run suit": (
        lambda d: d.update(removed_runs=["X"]),
        "removed_runs[0]: 'X' is not a suit (C, D, H, S)",
    ),
    "run twice": (lambda d: d.update(removed_runs=["C", "C"]), "removed_runs lists C twice"),
}


@pytest.mark.parametrize("case", sorted(SCORPION_LOADS))
def test_scorpion_load_messages(case):
    """Each refused Scorpion position names its field, column or suit exactly."""
    change, message = SCORPION_LOADS[case]
    with pytest.raises(InvalidPositionError) as caught:
        scorpion.from_dict(_scorpion(change))
    assert str(caught.value) == message


def test_scorpion_text_lists_the_removed_runs():
    """A position's text names the removed runs' suits, blank-separated."""
    state = scorpion.State(
        scorpion.Variant.CLASSIC, scorpion.deal(1).columns, (), (Suit.CLUBS, Suit.DIAMONDS), 200
    )
    assert str(state).splitlines()[0] == "reserve: dealt; removed runs: ♣ ♦"


def test_suits_sort_in_deck_order():
    """Suits order as the deck does, clubs first; no suit is below itself."""
    assert sorted([Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS]) == list(Suit)
    assert not Suit.CLUBS < Suit.CLUBS
    assert Suit.CLUBS < Suit.DIAMONDS


def _golf(change):
    data = golf.to_dict(golf.deal(1))
    change(data)
    return data


GOLF_ERRORS = {
    "column 8": (lambda: golf.PlayColumn(8), "column 8 is not a golf column (1-7)"),
    "card": (lambda: golf.TapCard("9C"), "'9C' is not a Card"),
    "refusal of junk": (lambda: golf.refusal(golf.deal(1), 3), "3 is not a golf move"),
    "refused move": (
        lambda: golf.apply(golf.deal(1), golf.PlayColumn(1)),
        "golf move '1': The rank must be one higher or one lower",
    ),
    "not text": (lambda: golf.parse_move(3), "3 is not a golf move: expected a string"),
    "move object": (lambda: golf.to_move(golf.deal(1), 3), "3 is not a golf move"),
    "tall column": (
        lambda: golf.from_dict(_golf(lambda d: d["columns"][0].append(d["stock"].pop()))),
        "column 1 has 6 cards, at most 5",
    ),
    "big stock": (
        lambda: golf.from_dict(_golf(lambda d: d["stock"].append(d["columns"][0].pop()))),
        "the stock has 17 cards, at most 16",
    ),
    "waste text": (
        lambda: golf.from_dict(_golf(lambda d: d.update(waste="KH"))),
        "waste must be a list of cards, not str",
    ),
    "empty waste": (
        lambda: golf.from_dict(_golf(lambda d: d.update(waste=[]))),
        "the waste is empty: it always holds at least the dealt card",
    ),
    "variant": (
        lambda: golf.deal(1, "hard"),
        "'hard' is not a variant (expected one of 'easy', 'classic')",
    ),
    "deal number": (lambda: golf.deal(-1), "deal number -1 is not an integer in [0, 2**35)"),
    "language": (
        lambda: message(Reason.GAME_WON, "fr"),
        "no messages in language 'fr' (available: en, hi)",
    ),
}


@pytest.mark.parametrize("case", sorted(GOLF_ERRORS))
def test_golf_deal_and_language_messages(case):
    """Golf's notation, loading and deal errors, and a missing language, word for word."""
    call, text = GOLF_ERRORS[case]
    with pytest.raises(PatienceError) as caught:
        call()
    assert str(caught.value) == text


def _ft(change):
    data = forty_thieves.to_dict(forty_thieves.deal(1))
    change(data)
    return data


def _queen_up(data):
    data["foundations"][0] = [data["stock"].pop()]  # QH, the last stock card of deal 1


FT_LOADS = {
    "seven foundations": (
        lambda d: d.update(foundations=d["foundations"][:7]),
        "foundations must be a list of 8 piles",
    ),
    "status": (
        lambda d: d.update(status="won"),
        "field 'status' is 'won' but the position implies 'playing'",
    ),
    "foundation order": (
        _queen_up,
        "foundations[0][0] is QH, expected AS (foundation 1 holds ♠ from the Ace up)",
    ),
}


@pytest.mark.parametrize("case", sorted(FT_LOADS))
def test_forty_thieves_load_messages(case):
    """Each refused Forty Thieves position names its field or pile exactly."""
    change, text = FT_LOADS[case]
    with pytest.raises(InvalidPositionError) as caught:
        forty_thieves.from_dict(_ft(change))
    assert str(caught.value) == text


def test_golf_text_of_a_waste_not_yet_dealt():
    """A hand-built Golf State with no waste card prints its waste as empty."""
    deal = golf.deal(1)
    state = golf.State(golf.Variant.EASY, deal.columns, deal.stock, ())
    assert str(state).splitlines()[0] == "stock: 16 cards; waste: empty"


def _nearly_won(score):
    data = forty_thieves.to_dict(won())
    data["foundations"][7].pop()  # KC back onto column 1
    data["columns"][0] = ["KC"]
    return data | {"score": score, "status": "playing"}


WHOLE = {
    "player view": (
        lambda: Game.from_dict(player_view(new_game(GOLF))),
        (
            "this is a player view (field 'view' is 'player'), not a saved game: its hidden "
            "cards are left out, so it cannot be played or loaded; load the saved game that "
            "Game.to_dict() wrote instead"
        ),
    ),
    "scorpion refusal of junk": (
        lambda: scorpion.refusal(scorpion.deal(1), 3),
        "3 is not a scorpion move",
    ),
    "scorpion refused move": (
        lambda: scorpion.apply(scorpion.deal(1), scorpion.MoveCard(Card.parse("2H"), 6)),
        "scorpion move '2H-6': Nothing can be placed on an Ace",
    ),
    "forty thieves refusal of junk": (
        lambda: forty_thieves.refusal(forty_thieves.deal(1), 3),
        "3 is not a forty thieves move",
    ),
    "forty thieves score too high": (
        lambda: forty_thieves.from_dict(_ft(lambda d: d.update(score=5))),
        (
            "field 'score' is 5, more than the 0 that 0 foundation cards and 0 cards played "
            "from the waste can earn"
        ),
    ),
    "forty thieves score too low": (
        lambda: forty_thieves.from_dict(_nearly_won(5)),
        "field 'score' is 5, but 103 foundation cards score at least 10",
    ),
}


@pytest.mark.parametrize("case", sorted(WHOLE))
def test_whole_messages_of_the_rules(case):
    """Refusals and errors of the rules modules, word for word."""
    call, text = WHOLE[case]
    with pytest.raises(PatienceError) as caught:
        call()
    assert str(caught.value) == text


@pytest.mark.parametrize(
    "call",
    [
        lambda: forty_thieves.parse_pile("x"),
        lambda: forty_thieves.parse_pile(3),
        lambda: forty_thieves.tap_move(forty_thieves.deal(1), 3),
    ],
)
def test_forty_thieves_pile_errors_carry_their_reason(call):
    """A pile that is no pile is refused with the no_such_pile reason a UI can switch on."""
    with pytest.raises(InvalidNotationError) as caught:
        call()
    assert caught.value.reason is Reason.NO_SUCH_PILE


CODE_REASONS = {
    "prefix": (lambda: parse_code("XX1-E-AAAAAAB"), Reason.UNKNOWN_CODE_PREFIX),
    "letter": (lambda: parse_code("GO1-X-AAAAAAB"), Reason.UNKNOWN_VARIANT_LETTER),
    "deal part": (lambda: parse_code("GO1-E-AAAA"), Reason.DEAL_PART_LENGTH),
    "character": (lambda: parse_code("GO1-E-AAAAAA8"), Reason.NOT_A_CODE_CHARACTER),
    "form": (lambda: parse_code("GO1-E"), Reason.CODE_FORM),
    "not text": (lambda: parse_code(5), Reason.CODE_FORM),
    "too long": (lambda: parse_code("G" * 65), Reason.CODE_TOO_LONG),
    "unknown game": (lambda: GameCode.random("bridge"), Reason.UNKNOWN_GAME),
    "variant name": (lambda: variant_of("golf", "hard"), Reason.NOT_A_VARIANT),
    "variant member": (
        lambda: GameCode("golf", scorpion.Variant.CLASSIC, 1),
        Reason.NOT_A_VARIANT,
    ),
    "deal number": (
        lambda: GameCode("golf", golf.Variant.EASY, -1),
        Reason.DEAL_NUMBER_OUT_OF_RANGE,
    ),
}


@pytest.mark.parametrize("case", sorted(CODE_REASONS))
def test_code_errors_carry_their_reason(case):
    """A refused code says what is wrong as a reason, with its text in each language."""
    call, reason = CODE_REASONS[case]
    with pytest.raises(InvalidCodeError) as caught:
        call()
    assert caught.value.reason is reason
    assert caught.value.message_in("en") == message(reason)
    assert caught.value.message_in("hi") == message(reason, "hi")
    assert caught.value.message_in("hi") != caught.value.message_in("en")


def test_a_code_error_without_a_reason_gets_the_general_one():
    """An InvalidCodeError raised with a message only has the invalid_code reason."""
    assert InvalidCodeError("no such deal").reason is Reason.INVALID_CODE
    assert message(Reason.INVALID_CODE, "hi") == "यह किसी खेल, प्रकार और बँटवारे का नाम नहीं है"


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_the_code_reasons_name_every_prefix_and_variant_letter(lang):
    """The texts of an unknown prefix or variant letter list each game's prefix and letters."""
    prefixes = message(Reason.UNKNOWN_CODE_PREFIX, lang)
    letters = message(Reason.UNKNOWN_VARIANT_LETTER, lang)
    for game in ("golf", "forty_thieves", "scorpion"):
        variants = [GameCode(game, variant, 0) for variant in type(variant_of(game))]
        assert variants[0].prefix in prefixes
        for code in variants:
            assert f"{code.prefix}: " in letters
            assert str(code).split("-")[1] in letters.split(f"{code.prefix}: ")[1][:8]
