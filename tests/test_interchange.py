"""Interchange with other solvers: Solvitaire deal files and black-hole-solver boards.

The formats are documented by the solvers' own sources: Solvitaire's deal
parser and schema (thecharlieblake/Solvitaire,
src/main/input-output/input/json-parsing/deal_parser.cpp: keys "tableau piles",
"foundations", "stock", "waste"; every pile listed bottom first, the last card
on top, game_state.cpp dealing and drawing from the back) and
black-hole-solver's board reader (shlomif/black-hole-solitaire,
black-hole-solitaire/c-solver/lib.c: an optional "Talon: " line, the next card
dealt first; "Foundations: " and one card; one line per column, the last card
exposed) and its options (solver_common.h).  The expected texts below are
written from those descriptions, not from the code under test.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import forty_thieves_positions as ftp
import golf_builders
from patience_rules import (
    Card,
    Game,
    InvalidCodeError,
    InvalidPositionError,
    Rank,
    Suit,
    forty_thieves,
    golf,
    one_deck,
    strategies,
)
from patience_rules.interchange import (
    MAX_TEXT_LENGTH,
    _golf_waste,
    _solvitaire,
    black_hole_options,
    from_black_hole,
    from_solvitaire,
    to_black_hole,
    to_solvitaire,
)

# --- black-hole-solver's own test boards ------------------------------------

# black-hole-solitaire/c-solver/t/data/2.golf.board.txt and 906.golf.board.txt:
# PySolFC deals 2 and 906 of Golf, as make_pysol_freecell_board.py writes them.
GOLF_2 = """\
Talon: 3S TS 9H 2H 3H AD 7H 3D 5H 8D KH 7D AS 5S TH JH
Foundations: 2S
QD 5C 2D 4S 6S
QC 4D 9C 5D 4H
KC JD TD QH AC
3C JS JC 7S 8H
4C 6H 8C 9D AH
2C QS 6C KS 9S
KD 6D 8S 7C TC
"""

GOLF_906 = """\
Talon: 6D KC KS AH AC KD 4S 8D 8H JD TC AD QH 4C JS 2C
Foundations: 5S
9D TS 5C 7D 7H
3S 6S 5D QC 7S
9S 6C 3H JC 9H
QD 7C 5H 3C QS
AS KH 2H TH TD
4H 8C 6H 2D 2S
9C 4D 8S JH 3D
"""

# black-hole-solitaire/c-solver/t/data/texts/texts/906.golf.solution.txt: the
# solver's solution of GOLF_906 (with King-Ace wrapping), one action per entry:
# "d" for "Deal talon", else the 1-based column of "Move a card from stack N"
# (N is 0-based), with the "Card moved is" card.
SOLUTION_906_TEXT = """
d:6D 2:7S d:KC 4:QS d:KS 2:QC d:AH 6:2S 7:3D 6:2D 4:3C d:AC d:KD d:4S 2:5D 6:6H d:8D
3:9H 5:TD 7:JH 5:TH 3:JC d:8H 1:7H 7:8S 1:7D 2:6S 4:5H 7:4D 3:3H 5:2H d:JD d:TC 7:9C
d:AD 5:KH 5:AS d:QH d:4C 1:5C 3:6C 4:7C 6:8C 3:9S 1:TS 1:9D d:JS 4:QD d:2C 2:3S 6:4H
"""
SOLUTION_906 = tuple(SOLUTION_906_TEXT.split())

# The solution file's board after "Move a card from stack 4 to the foundations"
# (KH): as the solver prints boards, the Foundations line first and ":" before
# each column.
GOLF_906_AFTER_KH = """\
Foundations: KH
Talon: QH 4C JS 2C
: 9D TS 5C
: 3S
: 9S 6C
: QD 7C
: AS
: 4H 8C
:
"""


def test_golden_golf_boards_load_and_write_back_unchanged() -> None:
    """The solver's test boards load under both variants and are written back byte for byte."""
    for text in (GOLF_2, GOLF_906):
        for variant in golf.Variant:
            state = from_black_hole(text, variant)
            assert state.variant is variant
            assert len(state.stock) == 16
            assert state.waste == (Card.parse(text.split("Foundations: ")[1][:2]),)
            assert to_black_hole(state) == text
    state = from_black_hole(GOLF_2)
    assert state.stock[0] == Card.parse("3S")  # the talon's first card is dealt first
    assert state.columns[0] == tuple(map(Card.parse, ["QD", "5C", "2D", "4S", "6S"]))
    assert golf.legal_moves(state)[0] == golf.Draw()


def test_the_solvers_solution_replays_as_a_win_under_easy() -> None:
    """black-hole-solver's solution of deal 906 is a won Easy game here, card for card."""
    state = from_black_hole(GOLF_906, golf.Variant.EASY)
    game = Game(state)
    for step in SOLUTION_906:
        action, card = step.split(":")
        move = golf.Draw() if action == "d" else golf.PlayColumn(int(action))
        game = game.play(move)
        assert game.state.waste[-1] == Card.parse(card), step  # drawn or played onto the waste
    assert game.status == "won"
    assert game.score == 350


def test_the_solution_needs_king_ace_so_classic_refuses_it() -> None:
    """The 906 solution plays KH on AD: Classic refuses that step, as --game golf alone would."""
    game = Game(from_black_hole(GOLF_906, golf.Variant.CLASSIC))
    for step in SOLUTION_906:
        action, _ = step.split(":")
        move = golf.Draw() if action == "d" else golf.PlayColumn(int(action))
        refused = game.check(move)
        if refused is not None:
            assert step == "5:KH"
            assert refused.reason == "rank_not_adjacent"
            return
        game = game.play(move)
    pytest.fail("Classic accepted every step")


def test_the_solvers_display_boards_load() -> None:
    """A board as the solver prints it (Foundations first, ':' columns, an empty column) loads."""
    state = from_black_hole(GOLF_906_AFTER_KH)
    assert state.waste[-1] == Card.parse("KH")
    assert state.stock == tuple(map(Card.parse, ["QH", "4C", "JS", "2C"]))
    assert state.columns[4] == (Card.parse("AS"),)
    assert state.columns[6] == ()
    assert to_black_hole(state).splitlines()[0] == "Talon: QH 4C JS 2C"
    no_talon = from_black_hole("Foundations: KH\nTalon:\n" + GOLF_906_AFTER_KH.split("2C\n")[1])
    assert (no_talon.stock, no_talon.columns) == ((), state.columns)


# --- Golf: pinned examples --------------------------------------------------


def test_golf_board_of_a_known_position() -> None:
    """The source's easy_wrap position, written as the board format describes it."""
    state = golf_builders.position(
        [["6C", "5S"], ["2S"], ["TC", "AH"], ["3D"], ["JH"], ["TH", "4H"], ["3S", "7S"]],
        "KC",
        ["8S", "2H", "9D", "QD", "AD", "5H"],
    )
    expected = (
        "Talon: 8S 2H 9D QD AD 5H\nFoundations: KC\n6C 5S\n2S\nTC AH\n3D\nJH\nTH 4H\n3S 7S\n"
    )
    assert to_black_hole(state) == expected
    loaded = from_black_hole(expected)
    assert (loaded.columns, loaded.stock, loaded.waste[-1]) == (
        state.columns,
        state.stock,
        state.waste[-1],
    )
    assert sorted(loaded.waste) == sorted(state.waste)


def test_an_empty_stock_has_no_talon_line() -> None:
    """With the stock used up the Talon line is left out: the solver reads no empty talon."""
    state = golf_builders.position([["6C"], [], [], [], [], [], ["7S"]], "KC")
    assert to_black_hole(state) == "Foundations: KC\n6C\n\n\n\n\n\n7S\n"
    assert from_black_hole(to_black_hole(state)).stock == ()


def test_black_hole_options_per_variant() -> None:
    """Easy wraps King-Ace (Queen-King implied); Classic links Queen-King only."""
    assert black_hole_options() == ("--game", "golf", "--wrap-ranks")
    assert black_hole_options(golf.Variant.CLASSIC) == ("--game", "golf", "--queens-on-kings")
    assert black_hole_options("classic") == black_hole_options(golf.Variant.CLASSIC)  # type: ignore[arg-type]
    with pytest.raises(InvalidCodeError, match=r"'hard' is not a variant"):
        black_hole_options("hard")  # type: ignore[arg-type]


# --- Golf: every problem named ----------------------------------------------

BOARD_LINES = GOLF_2.splitlines()


def board(*replacements: tuple[int, str]) -> str:
    """GOLF_2 with some lines replaced (0-based line numbers)."""
    lines = list(BOARD_LINES)
    for number, line in replacements:
        lines[number] = line
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (board((1, "Foundations: -")), "line 2 (Foundations) is '-', an empty waste"),
        (board((1, "Foundations: 2S 3S")), "must name one card, the waste's top, not 2"),
        (board((1, "Foundations:")), "must name one card, the waste's top, not 0"),
        (board((1, "Fondations: 2S")), "line 2: expected the 'Foundations:' line"),
        (board((2, "QD 5C 2D 4S 10S")), "line 3 (column 1): '10S' is not a card"),
        (board((2, "qd 5C 2D 4S 6S")), "line 3 (column 1): 'qd' is not a card"),
        (board((0, "Talon: 3S TS 9H 2H 3H AD 7H 3D 5H 8D KH 7D AS 5S TH J")), "(Talon): 'J'"),
        (board((8, "")).rstrip("\n") + "\n", "expected 7 column lines after line 2, found 6"),
        (GOLF_2 + "AH\n", "expected 7 column lines after line 2, found 8"),
        (board((3, "QC 4D 9C 5D 6S")), "a card is listed twice: 6S"),
        (board((1, "Foundations: 6S")), "a card is listed twice: 6S"),
        (board((2, "QD 5C 2D 4S 6S KS"), (7, "2C QS 6C 9S")), "column 1 has 6 cards, at most 5"),
        (
            board((0, BOARD_LINES[0] + " 6S"), (2, "QD 5C 2D 4S")),
            "the talon has 17 cards, at most 16",
        ),
    ],
)
def test_bad_boards_are_refused_naming_the_problem(text: str, words: str) -> None:
    """Each malformed board raises InvalidPositionError whose message names the line and card."""
    with pytest.raises(InvalidPositionError, match=None) as raised:
        from_black_hole(text)
    assert words in str(raised.value)


def test_a_board_no_play_reaches_is_refused() -> None:
    """Nothing drawn, yet two cards gone that cannot have been played under the waste card."""
    # The full talon means no card was drawn: every waste card was played, each
    # fitting the one under it; 8H and AH cannot both lie under 2S that way.
    text = board((5, "3C JS JC 7S"), (6, "4C 6H 8C 9D"))
    with pytest.raises(InvalidPositionError) as raised:
        from_black_hole(text)
    assert "no play reaches this position" in str(raised.value)
    assert "with at most 0 of them drawn" in str(raised.value)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (b"Foundations: 2S\n", "a black-hole-solver board must be a str, not bytes"),
        (None, "must be a str, not NoneType"),
        ("\n" * (MAX_TEXT_LENGTH + 1), f"more than the {MAX_TEXT_LENGTH} read"),
        ("", "line 1: expected the 'Foundations:' line"),
    ],
)
def test_junk_is_refused_as_a_board(value: object, words: str) -> None:
    """Not a string, too long or empty: an InvalidPositionError, never a bare exception."""
    with pytest.raises(InvalidPositionError) as raised:
        from_black_hole(value)  # type: ignore[arg-type]
    assert words in str(raised.value)


def test_wrong_types_are_refused() -> None:
    """An unknown variant, or a state of another game, is refused."""
    with pytest.raises(InvalidCodeError, match=r"'hard' is not a variant"):
        from_black_hole(GOLF_2, "hard")  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match=r"patience_rules\.golf\.State"):
        to_black_hole(forty_thieves.deal(1))  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match=r"patience_rules\.forty_thieves\.State"):
        to_solvitaire(golf.deal(1))  # type: ignore[arg-type]


# --- Golf: the waste under its top ------------------------------------------

close_cards = st.integers(1, 13).flatmap(
    lambda low: st.lists(
        st.sampled_from([card for card in one_deck() if (card.rank - low) % 13 < 4]),
        min_size=1,
        max_size=6,
        unique=True,
    )
)


@settings(max_examples=150)
@given(close_cards, st.sampled_from(golf.Variant), st.booleans())
def test_the_waste_has_the_fewest_chains(
    cards: list[Card], variant: golf.Variant, won: bool
) -> None:
    """The rebuilt waste has as few chains as any order of its cards (brute force), top last."""
    top, missing = cards[0], cards[1:]

    def chains(waste: tuple[Card, ...]) -> int:
        return 1 + sum(not golf.fits(b, a, variant) for a, b in itertools.pairwise(waste))

    orders = [(*order, top) for order in itertools.permutations(missing)]
    if won:  # the last card came off the board, so it fits the one under it
        orders = [w for w in orders if len(w) > 1 and golf.fits(w[-1], w[-2], variant)]
    fewest = min(map(chains, orders), default=None)
    waste = _golf_waste._waste(missing, top, variant, won=won)
    if fewest is None:
        assert waste is None
    else:
        assert waste is not None
        assert waste[-1] == top
        assert sorted(waste) == sorted(cards)
        assert chains(waste) == fewest
        assert not won or golf.fits(waste[-1], waste[-2], variant)


@settings(max_examples=60)
@given(strategies.games("golf", max_moves=60))
def test_golf_positions_round_trip(game: Game[golf.State, golf.Move]) -> None:
    """Positions reached by play load back: same board, stock, waste top and cards, and a Game."""
    state = game.state
    text = to_black_hole(state)
    loaded = from_black_hole(text, state.variant)
    assert (loaded.variant, loaded.columns, loaded.stock) == (
        state.variant,
        state.columns,
        state.stock,
    )
    assert loaded.waste[-1] == state.waste[-1]
    assert sorted(loaded.waste) == sorted(state.waste)
    assert (loaded.status, loaded.score) == (state.status, state.score)
    assert to_black_hole(loaded) == text
    Game(loaded, moves=len(loaded.waste) - 1)  # a game with this counter can be built


# --- Solvitaire: pinned examples --------------------------------------------


def suit_run(suit: str, order: str = "up") -> list[str]:
    """A suit's 13 Solvitaire names, Ace to King ("up") or King to Ace."""
    names = [f"{rank}{suit}" for rank in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]
    return names if order == "up" else names[::-1]


def test_solvitaire_file_of_a_known_position() -> None:
    """A near-won position, written as the deal format describes it, and read back."""
    # Foundations 5-8 (the second of each suit) complete; spades, hearts and
    # diamonds King to Ace in columns 1-3; clubs King to 4 in column 4, 3C and
    # 2C in the stock (2C drawn next), AC on the waste.
    state = ftp.position(
        [
            " ".join(map(str, map(Card.parse, suit_run("S", "down")))),
            " ".join(map(str, map(Card.parse, suit_run("H", "down")))),
            " ".join(map(str, map(Card.parse, suit_run("D", "down")))),
            "KC QC JC TC 9C 8C 7C 6C 5C 4C",
        ],
        waste="AC",
        stock="2C 3C",
        heights=(0, 0, 0, 0, 13, 13, 13, 13),
    )
    expected = (
        "{\n"
        '  "tableau piles": [\n'
        f"    {json.dumps(suit_run('S', 'down'))},\n"
        f"    {json.dumps(suit_run('H', 'down'))},\n"
        f"    {json.dumps(suit_run('D', 'down'))},\n"
        '    ["KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C"],\n'
        "    [],\n    [],\n    [],\n    [],\n    [],\n    []\n"
        "  ],\n"
        f'  "foundations": {json.dumps([name for suit in "SHDC" for name in suit_run(suit)])},\n'
        '  "stock": ["3C", "2C"],\n'
        '  "waste": ["AC"]\n'
        "}\n"
    )
    assert to_solvitaire(state) == expected
    loaded = from_solvitaire(expected)
    # The format does not say which foundation of a suit holds the cards: the leftmost.
    assert [len(pile) for pile in loaded.foundations] == [13, 13, 13, 13, 0, 0, 0, 0]
    assert (loaded.columns, loaded.stock, loaded.waste) == (
        state.columns,
        state.stock,
        state.waste,
    )
    assert loaded.score == 520
    assert forty_thieves.legal_moves(loaded)[0] == forty_thieves.Draw()


def test_solvitaire_reads_its_own_card_forms() -> None:
    """Ranks 1-13 or A/J/Q/K, any case, as Solvitaire's schema allows; keys may be left out."""
    state = forty_thieves.deal(5)
    data = json.loads(to_solvitaire(state))
    data["tableau piles"][0] = [
        {"A": "1", "J": "11", "Q": "12", "K": "13"}.get(name[:-1], name[:-1]) + name[-1].lower()
        for name in data["tableau piles"][0]
    ]
    del data["foundations"], data["waste"]
    assert from_solvitaire(json.dumps(data)) == state


def test_two_started_foundations_of_a_suit_cannot_be_written() -> None:
    """Solvitaire has one foundation list per deal, each card on a foundation of its suit."""
    state = ftp.position(heights=(1, 0, 0, 0, 1, 0, 0, 0))
    with pytest.raises(InvalidPositionError) as raised:
        to_solvitaire(state)
    assert "foundations 1 and 5 both hold ♠ cards" in str(raised.value)


# --- Solvitaire: every problem named ----------------------------------------


def deal_with(**changes: object) -> str:
    """Deal 3's Solvitaire file with some keys replaced (None removes a key)."""
    data = json.loads(to_solvitaire(forty_thieves.deal(3)))
    for name, value in changes.items():
        key = name.replace("_", " ")
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


DEAL_3 = json.loads(to_solvitaire(forty_thieves.deal(3)))
PILE_0 = DEAL_3["tableau piles"][0]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[1, 2]", "a deal must be a JSON object, not list"),
        ("{", "not JSON"),
        # Too deep for json on some Pythons, read as a list on others (3.13): refused either way.
        ("[" * 5000 + "]" * 5000, "JSON"),
        ('{"stock": [], "stock": []}', "key 'stock' appears twice"),
        (deal_with(reserve=["AS"]), "key 'reserve' is not part of a Forty Thieves deal"),
        (deal_with(tableau_piles=None), "missing key 'tableau piles'"),
        (deal_with(tableau_piles=DEAL_3["tableau piles"][:9]), "must be a list of 10 piles"),
        (deal_with(tableau_piles={"a": 1}), "must be a list of 10 piles"),
        (
            deal_with(tableau_piles=[PILE_0, "AS", *DEAL_3["tableau piles"][2:]]),
            "tableau piles[1] must be a list of cards, not str",
        ),
        (
            deal_with(tableau_piles=[[*PILE_0[:3], "TS"], *DEAL_3["tableau piles"][1:]]),
            "tableau piles[0][3]: 'TS' is not a Solvitaire card",
        ),
        (
            deal_with(tableau_piles=[[*PILE_0[:3], 7], *DEAL_3["tableau piles"][1:]]),
            "tableau piles[0][3]: 7 is not a Solvitaire card",
        ),
        (deal_with(stock=["0S", *DEAL_3["stock"]]), "stock[0]: '0S' is not a Solvitaire card"),
        (deal_with(stock=["14S", *DEAL_3["stock"]]), "stock[0]: '14S' is not a Solvitaire card"),
        (deal_with(waste="AS"), "waste must be a list of cards, not str"),
        (
            deal_with(stock=DEAL_3["stock"][1:]),
            "the position: the cards are not a full deal (missing: ",
        ),
        (
            deal_with(stock=[*DEAL_3["stock"], "AS"]),
            "the position: the stock and the waste hold 65 cards together, at most 64",
        ),
        (
            deal_with(stock=DEAL_3["stock"][1:], waste=[DEAL_3["stock"][2]]),
            "the cards are not a full deal (duplicated or extra: ",
        ),
        (
            deal_with(foundations=["2S"]),
            "foundations[0] is 2S, but its foundation has no card under it: expected AS",
        ),
        (
            deal_with(foundations=["AS", "AH", "3S"]),
            "foundations[2] is 3S, but its foundation has AS under it: expected 2S",
        ),
        (
            deal_with(tableau_piles=[[*PILE_0, "KS"], *DEAL_3["tableau piles"][1:]]),
            "the position: columns[0][4]",
        ),
        ("x" * (MAX_TEXT_LENGTH + 1), f"more than the {MAX_TEXT_LENGTH} read"),
    ],
)
def test_bad_deal_files_are_refused_naming_the_problem(text: str, words: str) -> None:
    """Each malformed deal raises InvalidPositionError naming the key, pile, card or rule."""
    with pytest.raises(InvalidPositionError) as raised:
        from_solvitaire(text)
    assert words in str(raised.value)


def test_a_fourteenth_foundation_card_of_a_suit_is_refused() -> None:
    """All of a suit's foundation cards go on one foundation, which stops at the King."""
    spades = suit_run("S")
    with pytest.raises(InvalidPositionError) as raised:
        from_solvitaire(deal_with(foundations=[*spades, "AS"]))
    assert "foundations[13]: AS comes after the ♠ King" in str(raised.value)


def test_junk_is_refused_as_a_deal() -> None:
    """A deal that is not a string is refused with an InvalidPositionError."""
    with pytest.raises(InvalidPositionError, match="a Solvitaire deal must be a str, not dict"):
        from_solvitaire({"tableau piles": []})  # type: ignore[arg-type]


# --- Solvitaire: round trips ------------------------------------------------


def canonical(state: forty_thieves.State) -> forty_thieves.State:
    """*state* as the Solvitaire format keeps it: each suit's foundation leftmost, 10 a card."""
    piles: list[tuple[Card, ...]] = [()] * forty_thieves.FOUNDATIONS
    for pile in state.foundations:
        if pile:
            piles[forty_thieves.FOUNDATION_SUITS.index(pile[0].suit)] = pile
    return forty_thieves.State(
        state.variant,
        state.columns,
        state.stock,
        state.waste,
        tuple(piles),
        10 * sum(map(len, piles)),
    )


@settings(max_examples=60)
@given(strategies.games("forty_thieves", max_moves=80))
def test_forty_thieves_positions_round_trip(
    game: Game[forty_thieves.State, forty_thieves.Move],
) -> None:
    """Positions reached by play load back as the format keeps them, with the same counter."""
    state = game.state
    suits = [pile[0].suit for pile in state.foundations if pile]
    if len(suits) != len(set(suits)):
        with pytest.raises(InvalidPositionError, match="both hold"):
            to_solvitaire(state)
        return
    text = to_solvitaire(state)
    loaded = from_solvitaire(text)
    assert loaded == canonical(state)
    assert from_solvitaire(to_solvitaire(loaded)) == loaded
    if state == canonical(state):
        assert to_solvitaire(loaded) == text
    Game(loaded, moves=game.moves)  # the counter that reached it is still consistent


def test_every_suit_and_rank_has_a_solvitaire_name() -> None:
    """Each of the 52 cards is written A, 2-10, J, Q, K and a suit letter, and read back."""
    for card in one_deck():
        name = _solvitaire._solvitaire_name(card)
        assert name == (card.rank.label + card.suit.value)
        assert _solvitaire._solvitaire_card(name, "x") == card
    assert _solvitaire._solvitaire_card("10h", "x") == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("variant", list(golf.Variant))
def test_golf_positions_of_whole_games_round_trip(variant: golf.Variant) -> None:
    """Every position of 20 whole games (plays preferred to draws) loads back, late ones too."""
    rng = random.Random(17)
    for number in range(20):
        state = golf.deal(number, variant)
        while True:
            loaded = from_black_hole(to_black_hole(state), variant)
            assert (loaded.columns, loaded.stock) == (state.columns, state.stock)
            assert sorted(loaded.waste) == sorted(state.waste)
            assert loaded.waste[-1] == state.waste[-1]
            moves = golf.legal_moves(state)
            if not moves:
                break
            plays = [move for move in moves if move != golf.Draw()]
            state = golf.apply(state, rng.choice(plays if plays and rng.random() < 0.9 else moves))
