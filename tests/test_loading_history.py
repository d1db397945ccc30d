"""Loading an undo history as a chain of legal actions gives what the full check gives.

:mod:`patience_rules._chain` reads a saved history that play wrote without reading
each position; anything it cannot prove goes to the full check.  Here both ways
load random histories of every game and variant, and tampered ones.
"""

import itertools
import json
import operator
import re
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from golf_builders import winnable as golf_winnable
from patience_rules import (
    Game,
    IllegalMoveError,
    InvalidPositionError,
    _chain,
    forty_thieves,
    golf,
    new_game,
    scorpion,
)
from patience_rules.cards import Suit, one_deck
from patience_rules.strategies import games


def full_load(data):
    """``Game.from_dict`` with the shortcut off: every position read and checked."""
    with mock.patch.object(_chain, "read", return_value=None):
        return Game.from_dict(data)


def outcome(load, data):
    """What *load* makes of *data*: the game, or the refusal's message."""
    try:
        return load(data)
    except InvalidPositionError as error:
        return str(error)


def long_games():
    """Random games of every game and variant with at least two undo positions."""
    return games(max_moves=120).filter(lambda game: len(game.history) >= 2)


@settings(max_examples=60)
@given(games(max_moves=160))
def test_a_history_play_wrote_is_read_as_a_chain_and_loads_as_the_full_check_does(game):
    """Every game and variant: the shortcut reads every position, equal to the full read."""
    data = json.loads(json.dumps(game.to_dict()))  # as a web back end gets it
    items = data.get("history", [])
    chain = _chain.read(game.rules, items)
    assert chain == tuple(game.rules.from_dict(item) for item in items)
    assert Game.from_dict(data) == full_load(data) == game


@settings(max_examples=60)
@given(games(max_moves=160))
def test_each_game_encodes_the_next_position_as_to_dict_does(game):
    """``T(after)`` from ``T(before)``, by a game's own step or encoder and the generic one."""
    rules, name = game.rules, game.state.game
    positions = (*game.history, game.state)
    for before, after in itertools.pairwise(positions):
        trusted = rules.to_dict(before)
        expected = rules.to_dict(after)
        if name in _chain._STEPS:
            assert _chain._STEPS[name](rules, None, before, trusted, expected) == (after, expected)
        if name in _chain._SPECS:  # the generic step's encoders (a game's own may fall back)
            _, encoded, fields = _chain._SPECS[name]
            assert encoded(after, before, trusted, fields) == expected
            assert _chain._encoded(after, before, trusted, fields) == expected


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(golf.Variant))
def test_golf_step_reads_a_line_to_the_win_as_to_dict_writes_it(rng, variant):
    """Golf's step up to a win, a stock left or not (the status it reads off the stock)."""
    state, line = golf_winnable(rng, variant)
    for move in line:
        after = golf.apply(state, move)
        trusted, expected = golf.to_dict(state), golf.to_dict(after)
        assert _chain._STEPS["golf"](golf, None, state, trusted, expected) == (after, expected)
        state = after
    assert state.status is golf.WON


def _forced(state, move):
    """*state* after *move* whatever the rules say (its card put on the waste), or ``None``."""
    if isinstance(move, golf.Draw):
        if not state.stock:
            return None
        return golf.State(
            state.variant, state.columns, state.stock[1:], state.waste + state.stock[:1]
        )
    column = state.columns[move.column - 1]
    if not column:
        return None
    columns = list(state.columns)
    columns[move.column - 1] = column[:-1]
    return golf.State(state.variant, tuple(columns), state.stock, state.waste + column[-1:])


@settings(max_examples=60)
@given(games("golf", max_moves=60))
def test_golf_step_reads_exactly_the_actions_apply_accepts(game):
    """Golf's step, ``apply`` inlined: an action's position is read when ``apply`` accepts it.

    Every draw and play from every position, legal or not (a won game's draw, a card that
    does not fit), its card put on the waste: the step reads ``apply``'s position or
    declines, as ``apply`` accepts or refuses the action.
    """
    for before in (*game.history, game.state):
        _check_every_golf_action(before)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(golf.Variant))
def test_golf_step_reads_no_action_after_a_win(rng, variant):
    """Golf's step along a line to the win: after it, a draw from the stock left is declined."""
    state, line = golf_winnable(rng, variant)
    for move in line:
        _check_every_golf_action(state)
        state = golf.apply(state, move)
    assert state.status is golf.WON
    _check_every_golf_action(state)


def _check_every_golf_action(before):
    """Golf's step reads each action's position from *before* exactly when ``apply`` accepts it."""
    trusted = golf.to_dict(before)
    for move in (golf.Draw(), *map(golf.PlayColumn, range(1, golf.COLUMNS + 1))):
        forced = _forced(before, move)
        if forced is None:
            continue
        item = json.loads(json.dumps(golf.to_dict(forced)))
        legal = move in golf.legal_moves(before)
        expected = (golf.apply(before, move), item) if legal else None
        assert _chain._STEPS["golf"](golf, None, before, trusted, item) == expected


def _swap_cards(data, index, rng):
    """history[index] with two of its cards of different names swapped."""
    text = json.dumps(data["history"][index])
    names = sorted(set(re.findall(r'"([2-9TJQKA][CDHS])"', text)))
    assume(len(names) >= 2)
    one, other = rng.sample(names, 2)
    swapped = text.replace(f'"{one}"', '"@"').replace(f'"{other}"', f'"{one}"')
    data["history"][index] = json.loads(swapped.replace('"@"', f'"{other}"'))


@settings(max_examples=80)
@given(long_games(), st.randoms(use_true_random=False), st.data())
def test_a_tampered_history_is_refused_as_the_full_check_refuses_it(game, rng, data):
    """A card swapped, a position skipped, doubled or moved, a score or counter changed, junk."""
    saved = json.loads(json.dumps(game.to_dict()))
    history = saved["history"]
    index = data.draw(st.integers(1, len(history) - 1), label="index")
    tamper = data.draw(
        st.sampled_from(
            ["swap", "skip", "duplicate", "reverse", "score", "float", "counter", "junk"]
        ),
        label="tamper",
    )
    if tamper == "swap":
        _swap_cards(saved, index, rng)
    elif tamper == "skip":
        del history[index]
    elif tamper == "duplicate":
        history.insert(index, history[index])
        saved["moves"] += 1  # still no longer than the counter: the chain itself is wrong
    elif tamper == "reverse":
        history[index - 1], history[index] = history[index], history[index - 1]
    elif tamper == "score":
        history[index]["score"] += 5
    elif tamper == "float":  # equal to the int, and still no int
        history[index]["score"] = float(history[index]["score"])
    elif tamper == "counter":
        saved["moves"] = len(history) - 1
    else:
        position = history[index]
        key = data.draw(st.sampled_from(sorted(position)), label="key")
        junk = data.draw(st.sampled_from([5, "x", None, [1], {"up": 3}, [{"up": []}]]))
        if isinstance(position[key], list) and position[key] and data.draw(st.booleans()):
            position[key][0] = junk  # one pile, or one card, of the list
        else:
            position[key] = junk
    assert outcome(Game.from_dict, saved) == outcome(full_load, saved)


@pytest.mark.parametrize("code", ["GO1-E-AAAAAAB", "FT1-N-AAAAAAC", "SC1-C-AAAAAAB"])
def test_each_tampering_is_refused_naming_the_position(code):
    """The refusals name the position and say what is wrong, shortcut or not."""
    game = _played(code, 6)
    saved = json.loads(json.dumps(game.to_dict()))

    def refused(data, *words):
        messages = set()
        for load in (Game.from_dict, full_load):
            with pytest.raises(InvalidPositionError) as caught:
                load(data)
            messages.add(str(caught.value))
            for word in words:
                assert word in str(caught.value)
        assert len(messages) == 1

    skipped = json.loads(json.dumps(saved))
    del skipped["history"][3]
    refused(skipped, "history[2]", "does not lead to the next position")
    doubled = json.loads(json.dumps(saved))
    doubled["history"].insert(3, doubled["history"][3])
    refused(doubled | {"moves": 7}, "history[3]", "does not lead to the next position")
    scored = json.loads(json.dumps(saved))
    scored["history"][4]["score"] += 5
    refused(scored, "history[")  # a score read alone, or no action explains it
    for number in (float, bool):  # 35.0 == 35 and True == 1, yet neither is an int
        typed = json.loads(json.dumps(saved))
        typed["history"][4]["score"] = number(typed["history"][4]["score"])
        refused(typed, "history[4]", "'score' must be int", number.__name__)
    renamed = json.loads(json.dumps(saved))
    renamed["history"][4]["scorex"] = renamed["history"][4].pop("score")
    refused(renamed, "history[4]", "missing field 'score'")  # as many keys, one missing
    counted = saved | {"moves": 5}
    refused(counted, "history has 6 positions", "only 5 moves")
    swapped = json.loads(json.dumps(saved))
    columns = swapped["history"][4]["columns"]
    first, last = _top(columns[0]), _top(columns[-1])
    assert first[-1] != last[-1]
    first[-1], last[-1] = last[-1], first[-1]
    refused(swapped, "history[")


def _played(code, moves):
    """The game of *code* after its first legal move, *moves* times."""
    game = new_game(code)
    for _ in range(moves):
        game = game.play(game.legal_moves()[-1])
    return game


def _top(column):
    """A saved column's list of face-up cards (Scorpion) or of cards."""
    return column["up"] if isinstance(column, dict) else column


@settings(max_examples=40)
@given(games(max_moves=160).filter(lambda game: game.history))
def test_the_current_position_is_read_as_one_more_link_of_the_chain(game):
    """The saved game's own position follows its last history position by one legal action."""
    data = json.loads(json.dumps(game.to_dict()))
    chain = _chain.read(game.rules, data["history"], data)
    assert chain == (*game.history, game.state), (str(game.code), game.record, game.moves)


@settings(max_examples=80)
@given(
    long_games(),
    st.sampled_from(["swap", "score", "float", "junk", "missing", "extra", "history"]),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_a_tampered_current_position_is_refused_as_the_full_check_refuses_it(
    game, tamper, rng, data
):
    """The position after the history: cards swapped, a score changed, junk, a key lost, added."""
    saved = json.loads(json.dumps(game.to_dict()))
    position = game.rules.to_dict(game.state)
    if tamper == "swap":
        saved["history"].append(position)  # swapped there by _swap_cards, then put back
        _swap_cards(saved, len(saved["history"]) - 1, rng)
        saved |= saved["history"].pop()
    elif tamper == "score":
        saved["score"] += 5
    elif tamper == "float":
        saved["score"] = float(saved["score"])
    elif tamper == "junk":
        key = data.draw(st.sampled_from(sorted(position)), label="key")
        saved[key] = data.draw(st.sampled_from([5, "x", None, [1], {"up": 3}]), label="junk")
    elif tamper == "missing":
        del saved[data.draw(st.sampled_from(sorted(position)), label="key")]
    elif tamper == "extra":  # a key the position does not have: read past, as from_dict does
        saved["note"] = "kept"
    else:  # the position is the history's last: no action leads there
        saved |= saved["history"][-1]
    assert outcome(Game.from_dict, saved) == outcome(full_load, saved)


def test_a_complete_run_moved_into_an_empty_column_is_read_as_a_link():
    """Removed at once where it lands, the run leaves that column saved as it was."""
    deck = [card for card in one_deck() if card.suit is not Suit.SPADES]
    run = tuple(card for card in reversed(one_deck()) if card.suit is Suit.SPADES)
    rows = [deck[start : start + 8] for start in range(0, 39, 8)]
    columns = (
        scorpion.Column((), run),
        scorpion.Column((), ()),
        *(scorpion.Column((), tuple(row)) for row in rows),
    )
    before = scorpion.State(scorpion.Variant.CLASSIC, columns, (), (), 60)
    after = scorpion.apply(before, scorpion.MoveCard(run[0], 2))
    assert after.columns[1] == before.columns[1]
    assert after.removed_runs == (Suit.SPADES,)
    game = Game(after, None, 10, (before,))
    data = json.loads(json.dumps(game.to_dict()))
    assert _chain.read(scorpion, data["history"], data) == (before, after)
    assert Game.from_dict(data) == full_load(data) == game


_GOLF_JUNK = [5, 5.0, True, "x", "", None, [], ["AS"], ["ZZ"], [1], {"up": []}]


@settings(max_examples=150)
@given(
    games("golf", max_moves=60).filter(lambda game: len(game.history) >= 2),
    st.sampled_from(["pile", "card", "key", "typed", "missing", "extra"]),
    st.data(),
)
def test_a_tampered_later_golf_position_is_refused_as_the_full_check_refuses_it(
    game, tamper, data
):
    """Golf's own step: one field of one later position changed, lost or added.

    A pile (a column, the stock, the waste) one card shorter, longer, swapped or junk; a
    card's name changed; the variant, score or status changed; the score a float or a
    bool equal to it; a key lost; a key added.
    The step reads the position or declines, and what loads (or the refusal) is the full
    read's, whichever position, the history's or the current one.
    """
    saved = json.loads(json.dumps(game.to_dict()))
    history = saved["history"]
    index = data.draw(st.integers(1, len(history)), label="index")
    position = history[index] if index < len(history) else saved  # the current one last
    if tamper in {"pile", "card"}:
        _tamper_golf_pile(position, tamper, data)
    elif tamper == "key":
        key = data.draw(st.sampled_from(sorted(game.rules.to_dict(game.state))), label="key")
        position[key] = data.draw(
            st.sampled_from(
                ["easy", "classic", "playing", "won", "stuck", 0, 10, 350, -10, *_GOLF_JUNK]
            ),
            label="value",
        )
    elif tamper == "typed":  # equal to the int, and still no int
        kind = data.draw(st.sampled_from([float, bool] if position["score"] == 0 else [float]))
        position["score"] = kind(position["score"])
    elif tamper == "missing":
        del position[data.draw(st.sampled_from(sorted(game.rules.to_dict(game.state))))]
    else:
        position[data.draw(st.sampled_from(["note", "moves_left", "score "]))] = 0
    if index < len(history):  # the chain itself declines or reads what the full read does
        chain = _chain.read(game.rules, history)
        expected = outcome(lambda items: tuple(map(game.rules.from_dict, items)), history)
        assert chain is None or chain == expected
    assert outcome(Game.from_dict, saved) == outcome(full_load, saved)


def _tamper_golf_pile(position, tamper, data):
    """One pile of a saved Golf *position* one card shorter, longer or junk; or a card renamed."""
    names = [str(card) for card in one_deck()]
    pile = data.draw(
        st.sampled_from([*position["columns"], position["stock"], position["waste"]]), label="pile"
    )
    change = data.draw(
        st.sampled_from(["pop", "pop first", "append", "insert", "junk", "name"])
        if tamper == "pile"
        else st.just("name"),
        label="change",
    )
    if change in {"pop", "pop first", "name"}:
        assume(pile)
    if change == "pop":
        pile.pop()
    elif change == "pop first":
        pile.pop(0)
    elif change == "append":
        pile.append(data.draw(st.sampled_from(names), label="card"))
    elif change == "insert":
        pile.insert(0, data.draw(st.sampled_from(names), label="card"))
    elif change == "junk":
        pile.append(data.draw(st.sampled_from(_GOLF_JUNK), label="junk"))
    else:
        at = data.draw(st.integers(0, len(pile) - 1), label="at")
        pile[at] = data.draw(st.sampled_from([*names, "10H", "ah", 7]), label="card")


@settings(max_examples=60, deadline=None)
@given(
    games("forty_thieves", max_moves=120).filter(lambda game: len(game.history) >= 2),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_forty_thieves_own_step_reads_what_the_generic_step_reads(game, rng, data):
    """Forty Thieves' step, switched off for :func:`_chain._successor`: the same chain or None.

    On the saved history as play wrote it and with one position tampered with.
    """
    saved = json.loads(json.dumps(game.to_dict()))
    history = saved["history"]
    if data.draw(st.booleans(), label="tampered"):
        index = data.draw(st.integers(1, len(history) - 1), label="index")
        tamper = data.draw(st.sampled_from(["swap", "skip", "reverse", "score"]))
        if tamper == "swap":
            _swap_cards(saved, index, rng)
        elif tamper == "skip":
            del history[index]
        elif tamper == "reverse":
            history[index - 1], history[index] = history[index], history[index - 1]
        else:
            history[index]["score"] += 5
    own = _chain.read(game.rules, saved["history"], saved)
    with mock.patch.dict(_chain._STEPS, clear=True):
        generic = _chain.read(game.rules, saved["history"], saved)
    assert own == generic


def _forty_thieves_piles(state):
    """A Forty Thieves position's piles: the waste 0, the columns, the foundations, the stock."""
    return [state.waste, *state.columns, *state.foundations, state.stock]


def _forty_thieves_number(pile):
    """A Forty Thieves pile's number among :func:`_forty_thieves_piles`."""
    if isinstance(pile, forty_thieves.Waste):
        return 0
    if isinstance(pile, forty_thieves.Column):
        return pile.number
    return forty_thieves.COLUMNS + pile.number


@settings(max_examples=60, deadline=None)
@given(games("forty_thieves", max_moves=160))
def test_forty_thieves_apply_makes_exactly_the_move_the_chain_step_reads(game):
    """Every legal move: one card moved, the stock's first or the source's top, the rest kept.

    :func:`_chain._forty_thieves_successor` does not compare ``apply``'s result with the
    position before: it relies on this (its docstring proves it from ``apply``'s code).
    """
    for before in (*game.history, game.state):
        for move in forty_thieves.legal_moves(before):
            after = forty_thieves.apply(before, move)
            old, new = _forty_thieves_piles(before), _forty_thieves_piles(after)
            if isinstance(move, forty_thieves.Draw):
                source, target = len(old) - 1, 0
            else:
                source = _forty_thieves_number(move.source)
                target = _forty_thieves_number(move.target)
            card = old[source][0] if source == len(old) - 1 else old[source][-1]
            moved_from = old[source][1:] if source == len(old) - 1 else old[source][:-1]
            assert new[source] == moved_from
            assert new[target] == (*old[target], card)
            for number, (pile, old_pile) in enumerate(zip(new, old, strict=True)):
                if number not in (source, target):
                    assert pile is old_pile


def _scorpion_tampered(saved, index, tamper, rng):
    """history[index] of a saved Scorpion game changed as *tamper* says (False: it cannot be)."""
    history = saved["history"]
    position = history[index]
    if tamper == "swap":
        _swap_cards(saved, index, rng)
    elif tamper == "skip":
        del history[index]
    elif tamper == "reverse":
        history[index - 1], history[index] = history[index], history[index - 1]
    elif tamper == "score":
        position["score"] += 5
    elif tamper == "status":
        position["status"] = "playing" if position["status"] == "won" else "won"
    elif tamper == "runs":  # a run removed that was not, or one suit for another
        suits = [suit.value for suit in Suit]
        runs = position["removed_runs"]
        if runs:
            runs[-1] = rng.choice([suit for suit in suits if suit != runs[-1]])
        else:
            runs.append(rng.choice(suits))
    elif tamper == "key":
        position["extra"] = 0
    elif tamper == "key renamed":  # as many keys as a position's, one of them missing
        key = rng.choice(sorted(position))
        position[key + "x"] = position.pop(key)
    else:
        return _scorpion_column_tampered(rng.choice(position["columns"]), tamper, rng)
    return True


def _scorpion_column_tampered(column, tamper, rng):
    """A saved Scorpion *column* changed as *tamper* says (False: it cannot be)."""
    down, up = column["down"], column["up"]
    if tamper == "up shorter":  # a column's top card lost
        if not up:
            return False
        up.pop()
    elif tamper == "up longer":  # a card on top of a column twice
        up.append(rng.choice([str(card) for card in one_deck()]))
    elif tamper == "turned":  # the top face-down card face up, or back face down
        if down:
            up.insert(0, down.pop())
        elif up:
            down.append(up.pop(0))
        else:
            return False
    else:  # a column's two lists exchanged
        column["down"], column["up"] = up, down
    return True


_SCORPION_TAMPERINGS = [
    "swap",
    "skip",
    "reverse",
    "score",
    "status",
    "runs",
    "key",
    "key renamed",
    "up shorter",
    "up longer",
    "turned",
    "lists exchanged",
]


@settings(max_examples=80, deadline=None)
@given(
    games("scorpion", max_moves=120).filter(lambda game: len(game.history) >= 2),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_scorpion_own_step_reads_what_the_generic_step_reads(game, rng, data):
    """Scorpion's step, switched off for :func:`_chain._successor`: the same chain or None.

    On the saved history as play wrote it, where the step reads every card move itself
    (the generic step reads at most the reserve deal and the moves that remove a run),
    and with one
    position tampered with: a card swapped, a position skipped or moved, a score, a
    column's face-up list a card shorter or longer, a card turned, a column's lists
    exchanged, a status, the removed runs, a key too many or renamed.
    """
    saved = json.loads(json.dumps(game.to_dict()))
    history = saved["history"]
    tampered = data.draw(st.booleans(), label="tampered")
    if tampered:
        index = data.draw(st.integers(1, len(history) - 1), label="index")
        tamper = data.draw(st.sampled_from(_SCORPION_TAMPERINGS), label="tamper")
        assume(_scorpion_tampered(saved, index, tamper, rng))
    with mock.patch.object(_chain, "_successor", wraps=_chain._successor) as generic_step:
        own = _chain.read(game.rules, saved["history"], saved)
    with mock.patch.dict(_chain._STEPS, clear=True):
        generic = _chain.read(game.rules, saved["history"], saved)
    assert own == generic
    with mock.patch.object(_chain, "_scorpion_card_move_at", _searched_card_move):
        assert _chain.read(game.rules, saved["history"], saved) == own
    if not tampered:
        assert own == (*game.history, game.state)
        # The step reads every card move that changes two columns, a run's removal
        # included; the generic one the reserve deal and a run moved into an empty column.
        generic_read = [
            (before, after)
            for before, after in itertools.pairwise(own)
            if before.reserve != after.reserve
            or sum(map(operator.ne, before.columns, after.columns)) != 2
        ]
        assert generic_step.call_count == len(generic_read)


@settings(max_examples=40, deadline=None)
@given(
    games("scorpion", max_moves=120).filter(lambda game: len(game.history) >= 2),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_scorpion_own_step_compares_every_saved_column(game, rng, data):
    """Any column of a later position tampered with, changed by the move or not: as generic.

    The guess compares the columns up to the second that changed one by one and the rest
    in one comparison, and the step the two that changed: a column tampered with in any
    of those places is refused by both steps alike.
    """
    saved = json.loads(json.dumps(game.to_dict()))
    index = data.draw(st.integers(1, len(saved["history"]) - 1), label="index")
    tamper = data.draw(st.sampled_from(["up shorter", "up longer", "turned"]), label="tamper")
    for number in range(scorpion.COLUMNS):
        tampered = json.loads(json.dumps(saved))
        column = tampered["history"][index]["columns"][number]
        if not _scorpion_column_tampered(column, tamper, rng):
            continue
        own = _chain.read(game.rules, tampered["history"], tampered)
        with mock.patch.dict(_chain._STEPS, clear=True):
            assert _chain.read(game.rules, tampered["history"], tampered) == own


def _searched_card_move(state, move, _found):
    """``scorpion._card_move`` not told where the card lies: it searches the columns."""
    return scorpion._card_move(state, move)


@settings(max_examples=60, deadline=None)
@given(games("scorpion", max_moves=160))
def test_scorpion_card_move_told_the_place_is_apply_and_keeps_the_other_columns(game):
    """Every face-up card onto every column: told the card's place, the move is apply's or None.

    :func:`_chain._scorpion_successor` makes a history's card moves so, and relies on
    this: the same position as ``apply`` (``None`` where ``apply`` refuses), with the
    columns other than the source and the target and the reserve *before*'s own objects
    (its docstring proves it from the code).
    """
    for before in (*game.history, game.state):
        for source, column in enumerate(before.columns):
            for kept, card in enumerate(column.up):
                for target in range(scorpion.COLUMNS):
                    move = scorpion.MoveCard(card, target + 1)
                    told = scorpion._card_move(before, move, (source, kept))
                    try:
                        after = scorpion.apply(before, move)
                    except IllegalMoveError:
                        assert told is None
                        continue
                    assert told == after
                    assert told.reserve is before.reserve
                    pairs = zip(told.columns, before.columns, strict=True)
                    for number, (new, old) in enumerate(pairs):
                        assert new is old or number in (source, target)


def _scorpion_pair(move):
    """A Scorpion position, with spades King to 2 on two face-down cards, and *move* played there.

    Column 1 holds the spades King to 2 on two face-down cards, column 2 ends with the Ace
    of spades, column 3 is empty; the others hold the other cards.
    """
    spades = [card for card in reversed(one_deck()) if card.suit is Suit.SPADES]
    others = [card for card in one_deck() if card.suit is not Suit.SPADES]
    rows = [others[start : start + 9] for start in range(3, 39, 9)]
    columns = (
        scorpion.Column(tuple(others[:2]), tuple(spades[:12])),
        scorpion.Column((), (others[2], spades[12])),
        scorpion.Column((), ()),
        *(scorpion.Column((), tuple(row)) for row in rows),
    )
    before = scorpion.State(scorpion.Variant.CLASSIC, columns, (), (), 50)
    return before, scorpion.apply(before, scorpion.parse_move(move))


@pytest.mark.parametrize("move", ["AS-1", "KS-3", "KC-3", "KD-3"])
def test_scorpion_moves_that_turn_a_card_or_remove_a_run_are_read_as_links(move):
    """A run removed from a full target, a King's run into an empty column, a card turned up.

    Scorpion's own step reads them all: the run's removal shortens its target as well as
    its source, and the source is the column whose top card is the Ace (the generic step
    read it before the thirteenth round); the others leave the source emptied, its
    face-down card turned up, or a card above the King.  With the step switched off the
    generic one reads the same, and a tampered score, status or removed runs is refused
    by both.
    """
    before, after = _scorpion_pair(move)
    game = Game(after, None, 10, (before,))
    data = json.loads(json.dumps(game.to_dict()))
    with mock.patch.object(_chain, "_successor", wraps=_chain._successor) as generic_step:
        assert _chain.read(scorpion, data["history"], data) == (before, after)
    assert generic_step.call_count == 0
    with mock.patch.dict(_chain._STEPS, clear=True):
        assert _chain.read(scorpion, data["history"], data) == (before, after)
    assert Game.from_dict(data) == full_load(data) == game
    for key, value in [
        ("score", after.score + 5),
        ("status", "playing" if after.status.value == "won" else "won"),
        ("removed_runs", [] if after.removed_runs else ["spades"]),
    ]:
        tampered = {**data, key: value}
        assert _chain.read(scorpion, data["history"], tampered) is None
        with mock.patch.dict(_chain._STEPS, clear=True):
            assert _chain.read(scorpion, data["history"], tampered) is None
