"""The public Hypothesis strategies give what they promise."""

import pickle

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from patience_rules import (
    DEALS,
    GAMES,
    MAX_MOVES,
    Card,
    Game,
    InvalidCodeError,
    InvalidPositionError,
    PatienceError,
    golf,
    new_game,
    parse_code,
    replay,
    strategies,
    variant_of,
)
from patience_rules.game import rules_of


@given(strategies.cards())
def test_cards_are_cards(card):
    """cards() draws Card values that round-trip through their text."""
    assert isinstance(card, Card)
    assert Card.parse(str(card)) == card


@given(strategies.card_texts())
def test_card_texts_parse(text):
    """card_texts() draws only texts that Card.parse accepts."""
    assert isinstance(Card.parse(text), Card)


@given(strategies.deal_numbers())
def test_deal_numbers_are_in_range(number):
    """deal_numbers() stays within 0 ≤ n < 2**35."""
    assert 0 <= number < DEALS


@given(strategies.game_codes())
def test_game_codes_round_trip(code):
    """game_codes() draws valid codes of every game, which round-trip through their text."""
    assert code.game in GAMES
    assert parse_code(str(code)) == code


@pytest.mark.parametrize("game", GAMES)
def test_game_codes_cover_every_variant(game):
    """game_codes(game) reaches every variant of that game and no other game."""
    seen = set()

    @settings(max_examples=60)
    @given(strategies.game_codes(game))
    def collect(code):
        assert code.game == game
        seen.add(code.variant)

    collect()
    assert seen == set(type(variant_of(game)))


@given(strategies.game_codes("golf", "classic"))
def test_game_codes_honour_the_variant(code):
    """game_codes(game, variant) draws only that variant."""
    assert str(code).startswith("GO1-C-")


@given(strategies.code_texts())
def test_code_texts_parse(text):
    """code_texts() draws pasted forms that parse to their canonical code."""
    assert str(parse_code(text)) == text.strip().upper()


def test_unknown_game_or_lone_variant_is_refused():
    """Unknown games and a variant without a game raise InvalidCodeError at once."""
    with pytest.raises(InvalidCodeError):
        strategies.game_codes("chess")
    with pytest.raises(InvalidCodeError):
        strategies.game_codes(variant="easy")
    with pytest.raises(InvalidCodeError):
        strategies.games("golf", "wasp")


def test_playable_lists_the_registered_games():
    """playable() lists exactly the games whose rules are registered, in GAMES order."""
    registered = []
    for game in GAMES:
        try:
            rules_of(game)
            registered.append(game)
        except PatienceError:
            pass
    assert strategies.playable() == tuple(registered)
    assert "golf" in strategies.playable()


@settings(max_examples=30)
@given(st.data())
def test_games_are_reachable_by_their_record(data):
    """games() gives a game that its printed record replays to, for every playable game."""
    game_name = data.draw(st.sampled_from(strategies.playable()))
    game = data.draw(strategies.games(game_name, max_moves=25))
    assert isinstance(game, Game)
    assert game.state.game == game_name
    assert game.moves <= 25
    # Every position of the history leads to the next by a legal action:
    # from_dict checks exactly that.
    assert Game.from_dict(game.to_dict()) == game


@settings(max_examples=30)
@given(strategies.games(max_moves=30, undo=False))
def test_games_without_undo_count_their_moves(game):
    """With undo=False the counter equals the history length (below the undo limit)."""
    assert game.moves == len(game.history)


@settings(max_examples=30)
@given(st.data())
def test_walk_is_a_legal_replay(data):
    """Replaying a walk's own moves one by one reaches the same game."""
    code = data.draw(strategies.game_codes("golf"))
    game = Game(rules_of("golf").deal(code.number, code.variant), code)
    record = []
    for _ in range(data.draw(st.integers(0, 20))):
        move = data.draw(strategies.moves(game) | st.none())
        if move is None:
            break
        record.append(str(move))
        game = game.play(move)
    assert replay(code, record) == game


@settings(max_examples=30)
@given(st.data())
def test_moves_are_legal(data):
    """moves() draws only actions that check() accepts, from a Game or a State."""
    game = data.draw(strategies.games())
    position = data.draw(st.sampled_from([game, game.state]))
    assume(game.legal_moves())
    move = data.draw(strategies.moves(position))
    assert game.check(move) is None


def test_moves_is_empty_where_nothing_is_legal():
    """moves() of a position with no legal action is Hypothesis' empty strategy."""
    game = new_game("GO1-E-AAAAAAB")
    while game.legal_moves():
        game = game.play(game.legal_moves()[0])
    assert strategies.moves(game).is_empty
    assert strategies.moves(game.state).is_empty


@settings(max_examples=20)
@given(strategies.states("golf", "classic", max_moves=15))
def test_states_are_positions_of_the_game(state):
    """states(game, variant) draws that game's positions under that variant."""
    assert state.game == "golf"
    assert state.variant.value == "classic"


@pytest.mark.parametrize(
    "position",
    [None, 5, "GO1-E-AAAAAAB", [], object()],
    ids=["None", "5", "code", "list", "object"],
)
def test_moves_of_no_position_is_refused_by_name(position):
    """moves(junk) raises InvalidPositionError naming the junk, not an AttributeError."""
    with pytest.raises(InvalidPositionError, match="is neither a Game nor a game's State"):
        strategies.moves(position)


class Impostor:
    """Not a position, though it names a game."""

    game = "golf"

    def __repr__(self):
        return "Impostor()"


@pytest.mark.parametrize("position", [Impostor(), golf.State], ids=repr)
def test_moves_of_a_state_of_the_wrong_type_is_refused(position):
    """An object that claims a game but is not its State is refused by the game's own check."""
    with pytest.raises(InvalidPositionError, match=r"not a patience_rules\.golf\.State"):
        strategies.moves(position)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"max_moves": -1}, ["max_moves", "-1"]),
        ({"max_moves": 1.5}, ["max_moves", "1.5"]),
        ({"max_moves": "3"}, ["max_moves", "'3'"]),
        ({"max_moves": None}, ["max_moves", "None"]),
        ({"max_moves": True}, ["max_moves", "True"]),
        ({"max_moves": float("inf")}, ["max_moves", "inf"]),
        ({"max_moves": 10**5000}, ["max_moves", "16610 bits"]),
        ({"max_moves": MAX_MOVES + 1}, ["max_moves", str(MAX_MOVES + 1)]),
        ({"undo": "yes"}, ["undo", "'yes'", "True or False"]),
        ({"undo": None}, ["undo", "None"]),
    ],
)
def test_a_bad_walk_is_refused_when_the_strategy_is_made(options, words):
    """games() checks its walk's options at the call, naming them, not when drawn from."""
    with pytest.raises(strategies.InvalidArgumentError) as raised:
        strategies.games("golf", **options)
    assert isinstance(raised.value, PatienceError)
    assert isinstance(raised.value, ValueError)
    for word in words:
        assert word in str(raised.value)
    if "max_moves" in options:
        with pytest.raises(strategies.InvalidArgumentError, match="max_moves"):
            strategies.states("golf", max_moves=options["max_moves"])


def test_the_argument_error_pickles():
    """InvalidArgumentError survives pickling, as every library error does."""
    error = strategies.InvalidArgumentError("undo 'yes' is not True or False")
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - our own data
    assert (type(copy), str(copy)) == (strategies.InvalidArgumentError, str(error))
