"""The cheaper proofs of loading give what the full checks give, shortcut on or off.

Seven shortcuts, each switched off here against the plain check:

* the deal and counter checks of an undo history run on its oldest position alone
  where they survive a legal action (``_reachable._survives``), also from a tampered
  oldest position that play cannot reach;
* none of them run on a history that starts at the code's deal
  (``_reachable._from_deal``);
* elsewhere they run on the oldest and the current position alone
  (``_reachable._chained_ends``): the same outcome, but for an oldest position that play
  cannot reach, where a position between may be refused and the current one pass;
* ``Game(state, code, moves)`` of a Golf position that the code's deal replays to
  exactly skips the round trip through ``to_dict`` (``_reachable.replayed``), and of a
  Scorpion position that a direct line of play from the deal reaches within the counter,
  every check of the position too;
* ``Game(state)`` of a Forty Thieves or a Scorpion position checks the ``State`` directly,
  without the round trip through ``to_dict`` and ``from_dict`` (``game._BUILT_CHECKS``);
* ``Game.from_record`` replays with the pure functions and builds the game once.
"""

import itertools
import json
import random
import re
from unittest import mock

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from patience_rules import (
    HISTORY_LIMIT,
    Card,
    Game,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
    _reachable,
    encode,
    forty_thieves,
    golf,
    new_game,
    one_deck,
    parse_code,
    scorpion,
    two_decks,
)
from patience_rules import game as game_module
from patience_rules._reachable import forty_thieves as reachable_ft
from patience_rules._reachable import scorpion as reachable_scorpion
from patience_rules.cards import Suit
from patience_rules.game import UNDO, _step
from patience_rules.strategies import games


def outcome(action):
    """What *action* gives: its result, or the refusal's message."""
    try:
        return action()
    except InvalidPositionError as error:
        return str(error)


def outcome_in_full(check):
    """What *check* gives with every position checked: the three loading shortcuts off."""
    with (
        mock.patch.object(_reachable, "_from_deal", return_value=False),
        mock.patch.object(_reachable, "_survives", return_value=False),
        mock.patch.object(_reachable, "_chained_ends", return_value=False),
    ):
        return outcome(check)


def assert_checked_as_in_full(check, *, oldest_reached):
    """*check* gives what it gives with every position checked, or the one difference allowed.

    Checking the oldest and the current position alone (``_reachable._chained_ends``)
    leaves out a refusal of a position between them, which proves the oldest position
    one that play cannot reach (*oldest_reached* false): then the current position's
    outcome stands.
    """
    shortcut, full = outcome(check), outcome_in_full(check)
    if shortcut != full:
        assert not oldest_reached
        assert re.match(r"history\[[1-9][0-9]*\]: ", full)
        assert shortcut is None or shortcut.startswith("the position: ")
    return shortcut


def _action_between(rules, before, after):
    return next(move for move in rules.legal_moves(before) if rules.apply(before, move) == after)


def _swapped(rules, state, rng):
    """*state* with two of its cards of different names swapped, if it still reads; else None."""
    text = json.dumps(rules.to_dict(state))
    names = sorted(set(re.findall(r'"([2-9TJQKA][CDHS])"', text)))
    if len(names) < 2:
        return None
    one, other = rng.sample(names, 2)
    swapped = text.replace(f'"{one}"', '"@"').replace(f'"{other}"', f'"{one}"')
    try:
        return rules.from_dict(json.loads(swapped.replace('"@"', f'"{other}"')))
    except InvalidPositionError:
        return None


def _tampered(rules, state, how, rng):
    """*state* changed as *how* says (a position play may not reach), or None."""
    if how == "swap":
        return _swapped(rules, state, rng)
    if how == "score" and state.game != "golf":  # Golf's score is read off its piles
        return attrs.evolve(state, score=state.score + rng.choice([5, 10, 100]))
    return state


@settings(max_examples=150, deadline=None)
@given(
    games(max_moves=50),
    st.sampled_from(["none", "swap", "score"]),
    st.booleans(),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_the_oldest_position_checked_alone_proves_the_later_ones(game, how, coded, rng, data):
    """Every game and variant, with a code or not, from a tampered oldest position too."""
    rules = game.rules
    chain = (*game.history, game.state)
    actions = [_action_between(rules, *pair) for pair in itertools.pairwise(chain)]
    oldest = _tampered(rules, chain[0], how, rng)
    assume(oldest is not None)
    positions = [oldest]
    for action in actions:  # the same actions, as long as they stay legal
        try:
            positions.append(rules.apply(positions[-1], action))
        except IllegalMoveError:
            break
    # The chain reads the oldest position with F and each later one as T(after), without F:
    # F reads back every later position of a chain whose oldest one it reads.
    if outcome(lambda: rules.from_dict(rules.to_dict(oldest))) == oldest:
        assert all(rules.from_dict(rules.to_dict(later)) == later for later in positions)
    history, state = tuple(positions[:-1]), positions[-1]
    moves = data.draw(st.integers(len(history), len(history) + 60), label="counter")
    code = game.code if coded else None
    # Play reached the oldest position from the code's deal within the game's counter less
    # its history's length (what loading the game checked).
    reached = how == "none" and moves - len(history) >= game.moves - len(game.history)

    def check():
        _reachable.check(rules, state, code, moves, history)

    assert_checked_as_in_full(check, oldest_reached=reached)


def _scorpion_game(variant, number, length, rng):
    """A Scorpion game dealt from its code, up to *length* random actions on, some undos."""
    game = new_game(encode("scorpion", variant, number))
    for _ in range(length):
        legal = game.legal_moves()
        if not legal:
            break
        undo = game.history and rng.random() < 0.05
        game = game.undo() if undo else game.play(rng.choice(legal))
    return game


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(scorpion.Variant),
    st.integers(1, 10**6),
    st.integers(0, 130),
    st.sampled_from(["none", "none", "swap", "score", "other code"]),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_a_scorpion_history_from_the_deal_is_checked_as_in_full(  # noqa: PLR0917 - drawn
    variant, number, length, how, rng, data
):
    """Scorpion with a code, Classic and Flexible: from the deal, or a later or tampered start.

    The chain starts at the deal or at a later position of a game of up to 130 actions (so
    past the history's limit too), tampered or not, and plays the game's actions on from
    it while they stay legal, before the reserve deal and after; its counter is drawn from
    the history's length up; its code is the game's or the next one.  With every position
    checked (no shortcut), the same outcome, or the difference an oldest position that play
    cannot reach allows; from the deal, the chain passes.
    """
    game = _scorpion_game(variant, number, length, rng)
    chain = (*game.history, game.state)
    actions = [_action_between(scorpion, *pair) for pair in itertools.pairwise(chain)]
    start = data.draw(st.sampled_from([0, 0, *range(len(chain))]), label="start")
    oldest = _tampered(scorpion, chain[start], how, rng)
    assume(oldest is not None)
    positions = [oldest]
    for action in actions[start:]:
        try:
            positions.append(scorpion.apply(positions[-1], action))
        except IllegalMoveError:
            break
    history, state = tuple(positions[:-1]), positions[-1]
    moves = data.draw(st.integers(len(history), len(history) + 40), label="counter")

    code = game.code
    if how == "other code":
        code = parse_code(encode("scorpion", variant, number + 1))
    # Play reached chain[start] from the deal within the game's counter less the actions after.
    reached = how == "none" and moves - len(history) >= game.moves - (len(chain) - 1 - start)

    def check():
        _reachable.check(scorpion, state, code, moves, history)

    shortcut = assert_checked_as_in_full(check, oldest_reached=reached)
    if history and history[0] == scorpion.deal(code.number, variant):
        assert shortcut is None  # every position play reaches passes


def _checked_positions(game):
    """How many positions loading *game*'s saved dict checks against its deal and counter."""
    with mock.patch.object(
        _reachable, "_check_position", wraps=_reachable._check_position
    ) as checked:
        assert Game.from_dict(game.to_dict()) == game
    return checked.call_count


def test_a_scorpion_history_that_lost_its_deal_is_checked_at_its_two_ends():
    """From the deal nothing is checked; past the history's limit, the oldest and current one."""
    rng = random.Random(4)
    game = new_game("SC1-F-AAAAAAB")
    while game.moves < HISTORY_LIMIT:
        game = game.play(rng.choice(game.legal_moves()))
    assert len(game.history) == HISTORY_LIMIT
    assert _checked_positions(game) == 0
    game = game.play(rng.choice(game.legal_moves()))
    assert game.history[0] != scorpion.deal(game.code.number, game.code.variant)
    assert _checked_positions(game) == 2
    with mock.patch.object(_reachable, "_chained_ends", return_value=False):
        assert _checked_positions(game) == HISTORY_LIMIT + 1


def _column(down, up):
    """A Scorpion column as to_dict writes it, from its cards' names."""
    return {"down": down.split(), "up": up.split()}


_PASSES_THEN_FAILS = {
    "variant": "flexible",
    "score": 30,
    "status": "playing",
    "columns": [
        _column("TD 5C QH", "7H 9D 4C 3C 3D 2C 9H 2S AD 2H"),
        _column("6C 3S KH", "QD JH 4S 7D"),
        _column("AC 4D", "6D TH 9S 8C 7C 5S 8D KS QC JC 5D 4H 3H 6S TS KD AH"),
        _column("JS JD", "9C 8H 2D"),
        _column("", "KC 5H"),
        _column("", ""),
        _column("", "7S 8S AS 6H TC QS"),
    ],
    "reserve": [],
    "removed_runs": [],
}
"""A position play cannot reach (a mutant ``benchmarks/mutants.py`` met, seed 53) that
Scorpion's checks with the code SC1-F-AAAACJG pass with a counter of 12, and refuse one
legal action on with 13."""


def test_scorpion_checks_with_a_code_do_not_survive_a_legal_action():
    """So a Scorpion history with a code is checked at both ends, unless it starts at the deal.

    The move JC-7 takes the Jack of Clubs off its dealt place (a card more off its
    place), and the moves the reserve cards' columns need beyond the cards' last ones
    grow by one too (the claims of ``_reachable.scorpion`` from 4 on): the lower bound on
    the actions grows by 2.  With the oldest position alone checked, the game would load.
    """
    oldest = scorpion.from_dict(_PASSES_THEN_FAILS)
    later = scorpion.apply(oldest, scorpion.parse_move("JC-7"))
    code = parse_code("SC1-F-AAAACJG")
    _reachable.check(scorpion, oldest, code, 12, ())
    refused = r"^the position: the position takes at least 14 actions .*move counter is 13$"
    with pytest.raises(InvalidPositionError, match=refused):
        _reachable.check(scorpion, later, code, 13, (oldest,))
    with mock.patch.object(_reachable, "_survives", return_value=True):
        _reachable.check(scorpion, later, code, 13, (oldest,))


def test_a_position_between_refused_proves_the_oldest_unreachable_and_is_not_checked():
    """The one difference the two ends make: a game from an unreachable oldest position loads.

    From the position above (which play cannot reach, though it passes), JC-7 leads to a
    position refused with a counter of 13, and AD-4 to one that passes with 14.  Every
    position checked refuses the one between; the oldest and the current one checked alone
    pass: had play reached the oldest, it would have reached the one between too.
    """
    oldest = scorpion.from_dict(_PASSES_THEN_FAILS)
    between = scorpion.apply(oldest, scorpion.parse_move("JC-7"))
    current = scorpion.apply(between, scorpion.parse_move("AD-4"))
    code = parse_code("SC1-F-AAAACJG")

    def check():
        _reachable.check(scorpion, current, code, 14, (oldest, between))

    assert outcome(check) is None
    refused = r"^history\[1\]: the position takes at least 14 actions .*move counter is 13$"
    assert re.match(refused, outcome_in_full(check))


@settings(max_examples=150, deadline=None)
@given(
    games("golf", max_moves=50, undo=False),
    st.sampled_from(["none", "swap"]),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_a_golf_position_the_deal_replays_to_is_checked_as_in_full(game, how, rng, data):
    """Game(state, code, moves): with the replay shortcut or without, the same game or refusal."""
    state = _tampered(golf, game.state, how, rng)
    assume(state is not None)
    moves = data.draw(st.integers(0, game.moves + 3), label="counter")
    code = data.draw(st.sampled_from([game.code, new_game("GO1-C-AAAAAAC").code]), label="code")

    def build():
        return Game(state, code, moves)

    shortcut = outcome(build)
    with mock.patch.object(_reachable, "replayed", return_value=False):
        assert shortcut == outcome(build)
    if how == "none" and code == game.code and moves >= game.moves:
        assert shortcut == Game(state, code, moves)


def test_a_position_the_deal_does_not_replay_to_is_refused_by_the_full_checks():
    """A Golf position off its deal is refused as before, naming the position and the rule."""
    played = new_game("GO1-E-AAAAAAB").play("d").play("d")
    other = new_game("GO1-E-AAAAAAC").play("d").play("d")
    assert not _reachable.replayed(golf, other.state, played.code, 2)
    refused = r"the position: waste\[0\] is .*but the code deals"
    with pytest.raises(InvalidPositionError, match=refused):
        Game(other.state, played.code, 2)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(scorpion.Variant),
    st.integers(1, 10**6),
    st.integers(0, 40),
    st.sampled_from(["none", "none", "none", "swap", "score", "other code"]),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_a_scorpion_position_a_direct_line_reaches_is_checked_as_in_full(  # noqa: PLR0917 - drawn
    variant, number, length, how, rng, data
):
    """Game(state, code, moves) of Scorpion: with the direct line or without, the same outcome.

    Positions of up to 40 random actions from a code's deal (some undone), tampered or not,
    with a counter around the game's (the line is tried where it is the game's exactly),
    and the game's code or the next one.
    """
    game = _scorpion_game(variant, number, length, rng)
    state = _tampered(scorpion, game.state, how, rng)
    assume(state is not None)
    moves = data.draw(st.integers(max(0, game.moves - 2), game.moves + 2), label="counter")
    code = game.code
    if how == "other code":
        code = parse_code(encode("scorpion", variant, number + 1))

    def build():
        return Game(state, code, moves)

    shortcut = outcome(build)
    with mock.patch.object(_reachable, "replayed", return_value=False):
        assert shortcut == outcome(build)
    if how == "none" and moves >= game.moves:
        assert shortcut == Game(state, code, moves)  # a position play reached loads


def _ten_random_moves(code):
    """The game of the playout benchmark's ``Game(state)``: ten random moves from *code*."""
    game, rng = new_game(code), random.Random(3)
    for _ in range(10):
        legal = game.legal_moves()
        game = game.play(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize("code", ["SC1-C-AAAAAAB", "SC1-F-AAAAAAB"])
def test_a_direct_line_proves_the_benchmark_position_within_its_counter_only(code):
    """The line replays a position play reached at its counter, not with a move fewer."""
    game = _ten_random_moves(code)
    assert _reachable.replayed(scorpion, game.state, game.code, game.moves)
    assert not _reachable.replayed(scorpion, game.state, game.code, game.moves - 1)
    assert Game(game.state, game.code, game.moves).state is game.state
    refused = r"^the position: the position takes at least 10 actions .*move counter is 9"
    with pytest.raises(InvalidPositionError, match=refused):
        Game(game.state, game.code, game.moves - 1)


@pytest.mark.parametrize(
    ("field", "other", "refused"),
    [
        ("variant", "classic", "is not a valid scorpion position"),
        ("score", False, "field 'score' must be int, not bool"),
    ],
)
def test_a_direct_line_takes_only_the_form_from_dict_reads(field, other, refused):
    """A State equal to the deal but of other field types is refused, as by the round trip."""
    game = new_game("SC1-C-AAAAAAB")
    state = attrs.evolve(game.state, **{field: other})  # "classic" == CLASSIC, False == 0
    assert state == game.state
    assert not _reachable.replayed(scorpion, state, game.code, 0)
    with pytest.raises(PatienceError, match=refused):
        Game(state, game.code, 0)


class _OtherCard(Card):
    """A card of another class: not what from_dict reads."""


_KING_OF_SPADES = Card.parse("KS")


def _tampered_in_turn(state, tamperings, rng):
    """*state* changed by each of *tamperings* in turn (the example is dropped if one cannot)."""
    assume("swap" not in tamperings[1:])  # a swap reads the position back: one in form
    for how in tamperings:
        state = _tampered_forty_thieves(state, how, rng)
        assume(state is not None)
    return state


def _tampered_forty_thieves(state, how, rng):
    """A Forty Thieves *state* changed as *how* says: in or out of the form from_dict reads."""
    columns, stock, foundations = state.columns, state.stock, state.foundations
    number = rng.randrange(len(columns))
    if how == "swap":
        return _swapped(forty_thieves, state, rng)
    if how == "other card":
        other = (_OtherCard(stock[0].rank, stock[0].suit), *stock[1:]) if stock else None
        return other and attrs.evolve(state, stock=other)
    if how == "score" and not isinstance(state.score, int):
        return None  # a score another tampering made "0" or 5.0 is not one to add to
    changed = {
        "score": lambda: {"score": state.score + rng.choice([-5, 1, 5, 1000])},
        "score far off": lambda: {"score": 1001},  # off the step, and more than play earns
        "score type": lambda: {"score": rng.choice([True, 5.0, "0"])},
        "variant": lambda: {"variant": "standard"},
        # mostly a wrong build, and always a card too many
        "card on a column": lambda: {
            "columns": (
                *columns[:number],
                (*columns[number], rng.choice(two_decks())),
                *columns[number + 1 :],
            )
        },
        "card lost": lambda: {"stock": stock[1:]},
        "stock too long": lambda: {
            "stock": stock + two_decks()[: forty_thieves.STOCK_SIZE + 1 - len(stock + state.waste)]
        },
        "foundation wrong": lambda: {"foundations": ((_KING_OF_SPADES,), *foundations[1:])},
        "pile too long": lambda: {"waste": state.waste + two_decks()[:105]},
        "lists": lambda: {"columns": list(columns)},
        "a list column": lambda: {"columns": (list(columns[0]), *columns[1:])},
        "nine columns": lambda: {"columns": columns[:9]},
    }[how]()
    return attrs.evolve(state, **changed)


def _verdict(build):
    """What *build* gives: the game, or the refusal's class and message."""
    try:
        return build()
    except PatienceError as error:
        return type(error), str(error)


_FORTY_THIEVES_TAMPERINGS = [
    "score",
    "score far off",
    "score type",
    "variant",
    "card on a column",
    "card lost",
    "stock too long",
    "foundation wrong",
    "pile too long",
    "lists",
    "a list column",
    "nine columns",
    "other card",
    "swap",
]


@settings(max_examples=300, deadline=None)
@given(
    games("forty_thieves", max_moves=50, undo=False),
    st.lists(st.sampled_from(_FORTY_THIEVES_TAMPERINGS), max_size=3),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_a_built_forty_thieves_position_is_checked_as_its_round_trip(game, tamperings, coded, rng):
    """Game(state): checked directly or through to_dict and from_dict, the same game or refusal.

    Up to three tamperings at once, so that the first refusal of several is compared too.
    """
    state = _tampered_in_turn(game.state, tamperings, rng)
    code = game.code if coded else None

    def build():
        return Game(state, code, game.moves)

    direct = _verdict(build)
    with mock.patch.dict(game_module._BUILT_CHECKS, clear=True):
        assert direct == _verdict(build)
    if not tamperings:
        assert direct == Game(game.state, code, game.moves)


@pytest.mark.parametrize(
    ("first", "second"), list(itertools.permutations(_FORTY_THIEVES_TAMPERINGS, 2))
)
def test_two_faults_are_refused_by_the_same_first_check(first, second):
    """Every pair of tamperings on a game of 30 random moves: the refusal the round trip gives."""
    rng = random.Random(f"{first} {second}")
    game = new_game("FT1-N-AAAAAAB")
    for _ in range(30):
        game = game.play(rng.choice(game.legal_moves()))
    state = _tampered_forty_thieves(game.state, first, rng)
    if second != "swap" and state is not None:
        state = _tampered_forty_thieves(state, second, rng)

    def build():
        return Game(state, None, game.moves)

    direct = _verdict(build)
    with mock.patch.dict(game_module._BUILT_CHECKS, clear=True):
        assert direct == _verdict(build)


def test_the_direct_check_takes_only_the_form_from_dict_reads():
    """A State of tuples of cards is checked directly; any other form by the round trip."""
    state = new_game("FT1-N-AAAAAAB").play("d").state
    assert forty_thieves._check_built(state) == (True, None)
    unread = (attrs.evolve(state, columns=list(state.columns)), attrs.evolve(state, score=-5))
    for other in (*unread, golf.deal(1)):
        assert forty_thieves._check_built(other) == (False, None)
    with pytest.raises(InvalidPositionError, match="not a multiple of 5"):
        forty_thieves._check_built(attrs.evolve(state, score=3))


def _old_in_read_form(state):
    """forty_thieves._in_read_form as it was: every pile's count, the cards chained."""
    if type(state) is not forty_thieves.State:
        return False
    columns, foundations, score = state.columns, state.foundations, state.score
    if not (
        state.variant.__class__ is forty_thieves.Variant
        and score.__class__ is int
        and score >= 0
        and columns.__class__ is tuple
        and len(columns) == forty_thieves.COLUMNS
        and foundations.__class__ is tuple
        and len(foundations) == forty_thieves.FOUNDATIONS
    ):
        return False
    every = (*columns, state.stock, state.waste, *foundations)
    return (
        set(map(type, every)) == {tuple}
        and max(map(len, every)) <= 104
        and set(map(type, itertools.chain.from_iterable(every))) <= {Card}
    )


@settings(max_examples=60, deadline=None)
@given(games(game="forty_thieves", max_moves=60), st.data())
def test_the_read_form_is_told_as_before_from_the_cards_in_one_list(game, data):
    """_in_read_form, its cards in one list and each pile counted only past 104 in all, agrees."""
    state = game.state
    column = data.draw(st.integers(0, forty_thieves.COLUMNS - 1))
    tall = (*state.columns[column], *two_decks(), two_decks()[0])  # more than 104 cards
    more = (*state.waste, *two_decks()[:20])
    changed = (
        state,
        attrs.evolve(state, waste=list(state.waste)),
        attrs.evolve(state, stock="AS" * 3),
        attrs.evolve(state, waste=(*state.waste, "AS")),
        attrs.evolve(state, waste=(*state.waste, None)),
        attrs.evolve(state, columns=(*state.columns[:column], tall, *state.columns[column + 1 :])),
        attrs.evolve(state, waste=more),  # more than 104 cards, no pile above it
        attrs.evolve(state, waste=(*more, 7)),
        attrs.evolve(state, stock=(*state.stock, *two_decks(), *two_decks())[:105]),  # 105
    )
    verdicts = [forty_thieves._in_read_form(one) for one in changed]
    assert verdicts == [_old_in_read_form(one) for one in changed]
    assert verdicts[0]
    assert verdicts[6]
    assert not any(verdicts[1:6] + verdicts[7:])


def _old_check_foundations(foundations):
    """forty_thieves._check_foundations as it was: the naming loop over every pile."""
    for number, (suit, pile) in enumerate(
        zip(forty_thieves.FOUNDATION_SUITS, foundations, strict=True)
    ):
        if len(pile) > 13:
            raise InvalidPositionError(f"foundations[{number}] has {len(pile)} cards, at most 13")
        expected = forty_thieves._FOUNDATION_CARDS[number][: len(pile)]
        for rank, (card, wanted) in enumerate(zip(pile, expected, strict=False), 1):
            if card != wanted:
                raise InvalidPositionError(
                    f"foundations[{number}][{rank - 1}] is {card}, expected {wanted} "
                    f"(foundation {number + 1} holds {suit.symbol} from the Ace up)"
                )


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_foundations_are_refused_as_by_the_naming_loop_alone(data):
    """The foundations' check, its first pass telling the right piles, refuses as before.

    Each pile is its suit's run cut to a length, then maybe a card changed, added past the
    King or taken off the bottom: the same first refusal, with its message, or none.
    """
    foundations = []
    for run in forty_thieves._FOUNDATION_CARDS:
        pile = list(run[: data.draw(st.integers(0, 13))])
        change = data.draw(st.sampled_from(["none", "none", "card", "more", "bottom"]))
        if change == "card" and pile:
            pile[data.draw(st.integers(0, len(pile) - 1))] = data.draw(st.sampled_from(one_deck()))
        elif change == "more":
            pile += data.draw(st.lists(st.sampled_from(one_deck()), min_size=1, max_size=3))
        elif change == "bottom":
            pile = pile[1:]
        foundations.append(tuple(pile))
    foundations = tuple(foundations)
    assert outcome(lambda: forty_thieves._check_foundations(foundations)) == outcome(
        lambda: _old_check_foundations(foundations)
    )


def _old_from_record(data):
    """Game.from_record as it was: every action played through Game.play and Game.undo."""
    game = new_game(data["code"])
    for index, action in enumerate(data["moves"]):
        try:
            game = _step(game, action)
        except (IllegalMoveError, InvalidNotationError) as error:
            raise InvalidPositionError(f"moves[{index}]: {error}") from error
    return game


@settings(max_examples=100, deadline=None)
@given(games(max_moves=40), st.lists(st.sampled_from([UNDO, "d", "1", "r", "x", "1-f1"])))
def test_a_record_loads_as_playing_it_through_game_does(game, more):
    """Same position, counter, history and record, or the same refusal: a bad undo or move too."""
    data = {"format": 1, "code": str(game.code), "moves": [*game.record, *more]}
    loaded, old = outcome(lambda: Game.from_record(data)), outcome(lambda: _old_from_record(data))
    if isinstance(old, str):
        assert loaded == old
        assert re.match(r"moves\[\d+\]: ", old)
    else:
        assert loaded == old
        assert loaded.history == old.history
        assert loaded.record == old.record


def test_an_undo_past_the_start_is_refused_naming_the_action():
    """The record's first undo with nothing to undo is refused with its index and reason."""
    record = {"format": 1, "code": "SC1-C-AAAAAAB", "moves": ["r", "u", "u"]}
    with pytest.raises(InvalidPositionError, match=r"^moves\[2\]: .*undo") as caught:
        Game.from_record(record)
    assert isinstance(caught.value.__cause__, IllegalMoveError)


def test_the_shortcuts_are_the_checks_of_the_three_games():
    """Which games check only the oldest position: Scorpion with a code checks the two ends."""
    assert _reachable._survives(golf.State.game, dealt=True)
    assert _reachable._survives(forty_thieves.State.game, dealt=True)
    assert _reachable._survives(scorpion.State.game, dealt=False)
    assert not _reachable._survives(scorpion.State.game, dealt=True)
    assert _reachable._chained_ends((scorpion.deal(1),))
    assert not _reachable._chained_ends(())


@settings(max_examples=150, deadline=None)
@given(
    games("forty_thieves", max_moves=50, undo=False),
    st.lists(st.sampled_from(_FORTY_THIEVES_TAMPERINGS), max_size=2),
    st.randoms(use_true_random=False),
)
def test_a_built_forty_thieves_position_is_checked_from_its_deal_as_in_full(game, tamperings, rng):
    """Game(state, code): the columns, deck and builds told from the deal, or checked in full.

    With ``forty_thieves._RUNS`` emptied, no column is a run of the table, so the deal's
    proof (``_follows_the_deal``) always fails and the deal check names every build card
    by card: the full checks.
    """
    state = _tampered_in_turn(game.state, tamperings, rng)

    def build():
        return Game(state, game.code, game.moves)

    shortcut = _verdict(build)
    with mock.patch.object(forty_thieves, "_RUNS", ((),) * len(forty_thieves._RUNS)):
        assert shortcut == _verdict(build)
    with mock.patch.object(forty_thieves, "_follows_the_deal", return_value=None):
        assert shortcut == _verdict(build)


@settings(max_examples=150, deadline=None)
@given(
    games("forty_thieves", max_moves=50, undo=False),
    st.sampled_from(_FORTY_THIEVES_TAMPERINGS),
    st.randoms(use_true_random=False),
)
def test_the_deals_proof_implies_the_columns_and_deck_checks(game, how, rng):
    """Where ``_follows_the_deal`` says yes, the columns' and the deck's checks pass."""
    state = _tampered_forty_thieves(game.state, how, rng)
    assume(state is not None and forty_thieves._in_read_form(state))
    dealt = forty_thieves.deal(game.code.number)
    if forty_thieves._follows_the_deal(state, dealt) is not None:
        forty_thieves._check_columns(state.columns)
        forty_thieves._check_deck(state.columns, state.stock, state.waste, state.foundations)


@settings(max_examples=150, deadline=None)
@given(
    games("forty_thieves", max_moves=50, undo=False),
    st.lists(st.sampled_from(_FORTY_THIEVES_TAMPERINGS), max_size=2),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_the_deal_check_takes_the_proofs_count_as_its_walk_would(game, tamperings, fewer, rng):
    """Game(state, code, moves): the deal check from the deal's proof or by its walk, one outcome.

    With the proof not handed over (``_reachable._PROVED_CHECKS`` calling the check without
    it), the deal check walks every column; the counter, up to 3 short, puts the counts of
    dealt cards in place to the test.
    """
    state = _tampered_in_turn(game.state, tamperings, rng)

    def build():
        return Game(state, game.code, max(0, game.moves - fewer))

    shortcut = _verdict(build)
    with mock.patch.dict(_reachable._PROVED_CHECKS, {"forty_thieves": _without_the_proof}):
        assert shortcut == _verdict(build)


def _without_the_proof(state, dealt, moves, _proof):
    """Forty Thieves' deal check, the proof it is handed dropped: it walks the columns."""
    reachable_ft.check(state, dealt, moves)


@settings(max_examples=150, deadline=None)
@given(
    games("forty_thieves", max_moves=50, undo=False),
    st.sampled_from([None, *_FORTY_THIEVES_TAMPERINGS]),
    st.randoms(use_true_random=False),
)
def test_the_deals_proof_counts_the_dealt_cards_in_place_as_the_walk(game, how, rng):
    """Where ``_follows_the_deal`` says yes, its counts and walk are the deal check's own."""
    state = game.state if how is None else _tampered_forty_thieves(game.state, how, rng)
    assume(state is not None and forty_thieves._in_read_form(state))
    dealt = forty_thieves.deal(game.code.number)
    proved = forty_thieves._follows_the_deal(state, dealt)
    if proved is not None:
        kept, walk = proved
        assert reachable_ft._check_columns(state, dealt) == kept
        assert reachable_ft._walk(state, dealt, kept) == walk


@pytest.mark.parametrize("history", [0, 3])
def test_game_state_code_hands_its_proof_to_the_deal_check(history):
    """Game(state, code): the oldest position proved from the deal, its counts to the check."""
    game = new_game("FT1-N-AAAAAAB")
    for _ in range(10):
        game = game.play(game.legal_moves()[0])
    history = game.history[-history:] if history else ()
    oldest = (*history, game.state)[0]
    dealt = _reachable.deal_of(forty_thieves, game.state, game.code)
    checked, proof = forty_thieves._check_built(oldest, dealt)
    assert checked
    kept, walk = proof
    assert kept == reachable_ft._check_columns(oldest, dealt)
    assert walk == reachable_ft._walk(oldest, dealt, kept)
    spy = mock.Mock(wraps=reachable_ft.check)
    with mock.patch.dict(_reachable._PROVED_CHECKS, {"forty_thieves": spy}):
        Game(game.state, game.code, game.moves, history)
    spy.assert_called_once_with(oldest, dealt, game.moves - len(history), proof)


def test_a_column_off_its_deal_is_refused_naming_the_card_out_of_place():
    """A build that is no run down by suit: the deal check names the first card out of place."""
    game = new_game("FT1-N-AAAAAAB")
    dealt = game.state
    column = dealt.columns[0]
    wrong = (*column, Card.parse("KS"), Card.parse("KS"))
    state = attrs.evolve(dealt, columns=(wrong, *dealt.columns[1:]), stock=dealt.stock[2:])
    with pytest.raises(InvalidPositionError, match=r"columns\[0\]\[4\]: .*cannot lie on"):
        Game(state, game.code, 10)


def _tampered_scorpion(state, how, rng):
    """A Scorpion *state* changed as *how* says: in or out of the form from_dict reads."""
    columns = state.columns
    number = rng.randrange(len(columns))
    column = columns[number]

    def with_column(changed):
        return {"columns": (*columns[:number], changed, *columns[number + 1 :])}

    if how == "swap":
        return _swapped(scorpion, state, rng)
    if type(column) is not scorpion.Column and how in _SCORPION_COLUMN_TAMPERINGS:
        return None  # a column another tampering made a tuple
    if how == "other card":
        up = column.up
        if not up:
            return None
        other = scorpion.Column(column.down, (_OtherCard(up[0].rank, up[0].suit), *up[1:]))
        return attrs.evolve(state, **with_column(other))
    if how in {"score", "score off the step"} and not isinstance(state.score, int):
        return None  # a score another tampering made "0" or 5.0 is not one to add to
    suits = tuple(Suit)
    changed = {
        "score": lambda: {"score": state.score + rng.choice([-5, 1, 5, 1000])},
        "score off the step": lambda: {"score": state.score + 1},
        "score zero": lambda: {"score": 0},  # less than the turned cards earned, if any
        "score type": lambda: {"score": rng.choice([True, 5.0, "0"])},
        "variant": lambda: {"variant": "classic"},
        "card on a column": lambda: with_column(
            scorpion.Column(column.down, (*column.up, rng.choice(one_deck())))
        ),
        "face down": lambda: with_column(
            scorpion.Column((*column.down, *column.up[:1]), column.up[1:])
        ),
        "all face down": lambda: with_column(scorpion.Column((*column.down, *column.up), ())),
        "reserve short": lambda: {"reserve": state.reserve[1:] or one_deck()[:1]},
        "run twice": lambda: {"removed_runs": (*state.removed_runs, suits[0], suits[0])},
        "five runs": lambda: {"removed_runs": (*suits, suits[0])},
        "a run named": lambda: {"removed_runs": ("S",)},
        "runs listed": lambda: {"removed_runs": list(state.removed_runs)},
        "columns listed": lambda: {"columns": list(columns)},
        "a list pile": lambda: with_column(scorpion.Column(column.down, list(column.up))),
        "a tuple column": lambda: with_column(column.up),
        "six columns": lambda: {"columns": columns[:6]},
    }[how]()
    return attrs.evolve(state, **changed)


_SCORPION_COLUMN_TAMPERINGS = {
    "other card",
    "card on a column",
    "face down",
    "all face down",
    "a list pile",
    "a tuple column",
}
_SCORPION_TAMPERINGS = [
    "swap",
    "other card",
    "score",
    "score off the step",
    "score zero",
    "score type",
    "variant",
    "card on a column",
    "face down",
    "all face down",
    "reserve short",
    "run twice",
    "five runs",
    "a run named",
    "runs listed",
    "columns listed",
    "a list pile",
    "a tuple column",
    "six columns",
]


@settings(max_examples=300, deadline=None)
@given(
    games("scorpion", max_moves=50, undo=False),
    st.lists(st.sampled_from(_SCORPION_TAMPERINGS), max_size=3),
    st.booleans(),
    st.integers(0, 20),
    st.randoms(use_true_random=False),
)
def test_a_built_scorpion_position_is_checked_as_its_round_trip(
    game, tamperings, coded, more, rng
):
    """Game(state): checked directly or through to_dict and from_dict, the same game or refusal.

    Up to three tamperings at once, so that the first refusal of several is compared too;
    the counter up to 20 past the game's, so that the direct line of play is not always
    tried (it is only where the counter is tight).
    """
    assume("swap" not in tamperings[1:])  # a swap reads the position back: one in form
    state = game.state
    for how in tamperings:
        state = _tampered_scorpion(state, how, rng)
        assume(state is not None)
    code = game.code if coded else None

    def build():
        return Game(state, code, game.moves + more)

    direct = _verdict(build)
    with mock.patch.dict(game_module._BUILT_CHECKS, clear=True):
        assert direct == _verdict(build)
    if not tamperings:
        assert direct == Game(game.state, code, game.moves + more)


def _scorpion_game_of_30_moves():
    """30 random actions from SC1-C-AAAAAAB, the reserve dealt (a seed whose game lasts)."""
    rng = random.Random(8)
    game = new_game("SC1-C-AAAAAAB")
    for _ in range(30):
        game = game.play(rng.choice(game.legal_moves()))
    return game


_SCORPION_GAME = _scorpion_game_of_30_moves()


@pytest.mark.parametrize(
    ("first", "second"), list(itertools.permutations(_SCORPION_TAMPERINGS, 2))
)
def test_two_scorpion_faults_are_refused_by_the_same_first_check(first, second):
    """Every pair of tamperings on a game of 30 random moves: the refusal the round trip gives."""
    game, rng = _SCORPION_GAME, random.Random(f"{first} {second}")
    state = _tampered_scorpion(game.state, first, rng)
    if second != "swap" and state is not None:
        state = _tampered_scorpion(state, second, rng)

    def build():
        return Game(state, None, game.moves)

    direct = _verdict(build)
    with mock.patch.dict(game_module._BUILT_CHECKS, clear=True):
        assert direct == _verdict(build)


def test_the_scorpion_direct_check_takes_only_the_form_from_dict_reads():
    """A State of tuples of cards, columns and suits is checked directly; any other by the trip."""
    state = new_game("SC1-C-AAAAAAB").play("r").state
    assert scorpion._check_built(state) == (True, None)
    for changed in (
        {"columns": list(state.columns)},
        {"removed_runs": ("S",)},
        {"score": -5},
        {"variant": "classic"},
    ):
        assert scorpion._check_built(attrs.evolve(state, **changed)) == (False, None)
    assert scorpion._check_built(golf.deal(1)) == (False, None)
    with pytest.raises(InvalidPositionError, match="must be a multiple of 5"):
        scorpion._check_built(attrs.evolve(state, score=3))
    with pytest.raises(InvalidPositionError, match="lists S twice"):
        scorpion._check_built(attrs.evolve(state, removed_runs=(Suit.SPADES, Suit.SPADES)))


def _plain_rings(lies_on, dealt_on):
    """The rings as _rings counted them before the ends' round: a set of cards a walk."""
    rings, done, in_rings = 0, set(), set()
    for start in lies_on:
        if start in done:
            continue
        path, card = set(), start
        while card in lies_on and card not in done and card not in path:
            path.add(card)
            card = dealt_on[lies_on[card]]
        if card in path:
            rings += 1
            in_rings.update(path)
        done.update(path)
    return rings, in_rings


@settings(max_examples=300)
@given(
    st.dictionaries(st.integers(0, 11), st.integers(0, 14), max_size=12),
    st.lists(st.integers(-1, 11), min_size=15, max_size=15),
)
def test_the_rings_walk_with_one_dictionary_as_with_a_set_a_walk(lies_on, dealt_on):
    """_rings counts the rings and the cards on paths into them as the plain walk does."""
    dealt_on = tuple(dealt_on)
    assert reachable_scorpion._rings(lies_on, dealt_on) == _plain_rings(lies_on, dealt_on)


def test_the_rings_walk_meets_rings_and_paths_into_them():
    """A ring of three met by a walk from a path of two into it, a ring of one, a card off them."""
    dealt_on = (1, 2, 0, 2, 3, 5, -1)  # by place, the card dealt on it
    lies_on = {4: 4, 3: 3, 0: 0, 1: 1, 2: 2, 5: 5, 6: 6}  # each card on the place of its index
    assert reachable_scorpion._rings(lies_on, dealt_on) == (2, {0, 1, 2, 3, 4, 5})
    assert _plain_rings(lies_on, dealt_on) == (2, {0, 1, 2, 3, 4, 5})


def _plain_deal_check(state, dealt, moves, proof=None):
    """Forty Thieves' deal check as before one walk served its last two checks: three walks.

    The columns walked for the placed cards, again for the cards back in their dealt column
    (``card in`` the dealt cards that left it), again for the least score: the model that
    ``_reachable.forty_thieves._walk``, and the walk a proof holds, must agree with.  Of
    a *proof* it takes the counts of dealt cards in place alone.
    """
    kept = None if proof is None else proof[0]
    drawn = forty_thieves.STOCK_SIZE - len(state.stock)
    left_waste = drawn - len(state.waste)
    on_foundations = sum(map(len, state.foundations))
    if dealt is None:
        placed = sum(max(0, len(column) - forty_thieves.ROWS) for column in state.columns)
    else:
        reachable_ft._check_stock(state, dealt, drawn)
        reachable_ft._check_waste(state, dealt, drawn)
        kept = reachable_ft._check_columns(state, dealt) if kept is None else kept
        placed = sum(map(len, state.columns)) - sum(kept)
    moved = max(on_foundations + placed, left_waste)
    if drawn + moved > moves:
        raise InvalidPositionError(
            f"the position follows at least {drawn} draws and {moved} card moves, "
            f"but the move counter is {moves}"
        )
    rows = [
        (number, column[forty_thieves.ROWS if dealt is None else kept[number] :])
        for number, column in enumerate(state.columns)
    ]
    if dealt is not None:
        _plain_came_back(state, dealt, rows, drawn + on_foundations + placed, moves)
    card_moves = moves - drawn
    reachable_ft._check_score(state.score, on_foundations, left_waste, card_moves)
    spare = card_moves - on_foundations - placed
    if state.score >= (  # the gate as before: the least score's bound with no card from play
        forty_thieves.POINTS_TO_FOUNDATION * on_foundations
        + forty_thieves.POINTS_WASTE_TO_COLUMN * (0 if dealt is None else min(placed, left_waste))
        - 5 * (spare // 2)
    ):
        return
    from_stock, others = _plain_from_stock(state, dealt, rows)
    went_up = reachable_ft._can_have_gone_up(state)
    least, taken_back = reachable_ft._least_score(
        on_foundations,
        len(from_stock),
        sum(went_up[card.index] for card in from_stock),
        sum(went_up[card.index] for card in others),
        spare,
    )
    if state.score < least:
        raise InvalidPositionError(
            f"field 'score' is {state.score}, but {on_foundations} foundation cards and "
            f"{len(from_stock)} cards drawn onto the columns score at least {least} when at "
            f"most {taken_back} cards were taken back"
        )


def _plain_came_back(state, dealt, rows, counted, moves):
    """The came-back check's own walk: ``card in`` the dealt cards that left the column."""
    back = [
        (number, card)
        for number, on_top in rows
        for card in on_top
        if card in dealt.columns[number][len(state.columns[number]) - len(on_top) :]
    ]
    copies = reachable_ft._on_foundations(state)
    for _number, on_top in rows:
        for card in on_top:
            copies[card.index] += 1
    back = [(number, card) for number, card in back if copies[card.index] == 1]
    if counted + len(back) > moves:
        number, card = back[0]
        drawn = forty_thieves.STOCK_SIZE - len(state.stock)
        raise InvalidPositionError(
            f"the position follows at least {drawn} draws and {counted - drawn + len(back)} "
            f"card moves ({len(back)} cards, such as {card} in columns[{number}], lie in a "
            f"column they were dealt in and left), but the move counter is {moves}"
        )


def _plain_from_stock(state, dealt, rows):
    """The least-score check's own walk: the placed cards from the stock, and the others."""
    if dealt is None:
        return [], [card for _number, on_top in rows for card in on_top]
    left = [0] * len(one_deck())
    for number, on_top in rows:
        for card in dealt.columns[number][len(state.columns[number]) - len(on_top) :]:
            left[card.index] += 1
    from_stock, others = [], []
    for _number, on_top in rows:
        for card in on_top:
            if left[card.index]:
                left[card.index] -= 1
                others.append(card)
            else:
                from_stock.append(card)
    return from_stock, others


@settings(max_examples=300, deadline=None)
@given(
    games("forty_thieves", max_moves=80, undo=False),
    st.integers(0, 3),
    st.integers(0, 20),
    st.booleans(),
)
def test_one_walk_serves_the_came_back_and_least_score_checks_as_three(game, over, lower, coded):
    """The deal check with one walk of the columns, or the three walks it replaced: one outcome.

    The counter at most 3 over the first count of draws and card moves, and the score up to
    100 lower, put the came-back and least-score checks to the test at their edges; random
    play moves many a card back where it was.
    """
    state = attrs.evolve(game.state, score=max(0, game.state.score - 5 * lower))
    drawn = forty_thieves.STOCK_SIZE - len(state.stock)
    dealt = forty_thieves.deal(game.code.number)
    placed = sum(map(len, state.columns)) - sum(reachable_ft._check_columns(state, dealt))
    on_foundations = sum(map(len, state.foundations))
    moves = drawn + max(on_foundations + placed, drawn - len(state.waste)) + over
    code = game.code if coded else None

    def build():
        return Game(state, code, moves)

    one_walk = _verdict(build)
    plain = {"forty_thieves": _plain_deal_check}
    with (
        mock.patch.dict(_reachable._CHECKS, plain),
        mock.patch.dict(_reachable._PROVED_CHECKS, plain),
    ):
        assert one_walk == _verdict(build)


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 10**6), st.booleans(), st.data())
def test_one_walk_agrees_with_three_on_any_columns_above_the_cards_in_place(number, coded, data):
    """The deal check handed each column's count in place, on columns no play need reach.

    Each column keeps some of its dealt cards, then up to four cards of those that left
    (many back in their own column) or of the stock; the foundations hold up to five cards
    of the deck; the counter is up to 3 over the first count, the score any step of 5 up to
    100: one walk and the three walks refuse alike, with the same message, or both accept.
    """
    dealt = forty_thieves.deal(number)
    kept = tuple(data.draw(st.integers(0, len(column))) for column in dealt.columns)
    pool = [card for column, k in zip(dealt.columns, kept, strict=True) for card in column[k:]]
    pool += dealt.stock[:8]
    columns = tuple(
        column[:k] + tuple(data.draw(st.lists(st.sampled_from(pool), max_size=4)))
        for column, k in zip(dealt.columns, kept, strict=True)
    )
    drawn = data.draw(st.integers(0, 8))
    waste = tuple(card for card in dealt.stock[:drawn] if data.draw(st.booleans()))
    foundations = tuple(
        tuple(data.draw(st.lists(st.sampled_from(one_deck()), max_size=5 if pile < 2 else 0)))
        for pile in range(len(dealt.foundations))
    )
    state = attrs.evolve(
        dealt,
        columns=columns,
        stock=dealt.stock[drawn:],
        waste=waste,
        foundations=foundations,
        score=5 * data.draw(st.integers(0, 20)),
    )
    placed = sum(map(len, columns)) - sum(kept)
    on_foundations = sum(map(len, foundations))
    moves = drawn + max(on_foundations + placed, drawn - len(state.waste))
    moves += data.draw(st.integers(0, 3))
    proof = (kept, reachable_ft._walk(state, dealt, kept))
    checked = (dealt, proof) if coded else (None, None)
    one_walk = _verdict(lambda: reachable_ft.check(state, checked[0], moves, checked[1]))
    assert one_walk == _verdict(lambda: _plain_deal_check(state, checked[0], moves, checked[1]))
