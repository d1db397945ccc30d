"""The Forty Thieves solver: exact answers, replayable lines, every lever checked on its own."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from forty_thieves_positions import position
from patience_rules import DEALS, GameCode, new_game, solver
from patience_rules import forty_thieves as ft
from patience_rules.cards import Card, Rank, Suit
from patience_rules.solver import Outcome, SolverError
from patience_rules.solver._base import Budget
from patience_rules.solver._forty_thieves import RULES, encode, search, to_moves
from patience_rules.solver._forty_thieves._encoding import moves

PLAIN_LIMIT = 1500
"""How many positions :func:`plain_search` may meet before it gives up."""


class TooBigError(Exception):
    """The plain search met more than :data:`PLAIN_LIMIT` positions."""


def plain_key(state: ft.State) -> tuple[object, ...]:
    """What tells two positions apart for :func:`plain_search`.

    Every pile but for two facts the rules make plain: the ten columns play
    alike (so their order is left out), and a suit's two foundations differ
    only by their heights (so each suit's heights are taken as a set).
    """
    heights = tuple(
        tuple(
            sorted(
                len(pile)
                for pile, of in zip(state.foundations, ft.FOUNDATION_SUITS, strict=True)
                if of is suit
            )
        )
        for suit in Suit
    )
    return (tuple(sorted(state.columns)), state.stock, state.waste, heights)


def plain_search(state: ft.State) -> bool:
    """Whether some sequence of the library's legal moves wins from *state*: every move, every
    position (see :func:`plain_key`)."""
    seen = set()
    todo = [state]
    while todo:
        here = todo.pop()
        if ft.is_won(here):
            return True
        for move in reversed(ft.legal_moves(here)):  # the first legal move is tried first
            after = ft.apply(here, move)
            key = plain_key(after)
            if key not in seen:
                seen.add(key)
                todo.append(after)
        if len(seen) > PLAIN_LIMIT:
            raise TooBigError
    return False


def replays_to_win(state: ft.State, line: Sequence[ft.Move]) -> bool:
    """Whether *line* is legal from *state* and wins."""
    for move in line:
        state = ft.apply(state, move)
    return ft.is_won(state)


def engine_answer(state: ft.State, rules: frozenset[str]) -> bool:
    """Whether the engine, with only *rules*, finds a win from *state* (checking its line)."""
    start, stock = encode(state)
    line = search(start, stock, Budget.start(None, None), rules)
    if line is not None:
        assert replays_to_win(state, to_moves(state, line))
    return line is not None


SUITS = list(Suit)  # C D H S, the engine's order


@st.composite
def small_positions(draw: st.DrawFn) -> ft.State:
    """A position with few cards off the foundations, laid in the columns, waste and stock.

    Either the board is full (every column holds a card, so nothing comes down into an
    empty column) or sparse (a few cards, the rest of the columns empty).
    """
    full = draw(st.booleans())
    most = 14 if full else 6
    missing = draw(st.lists(st.integers(0, 4), min_size=8, max_size=8))
    while sum(missing) > most:
        missing[missing.index(max(missing))] -= 1
    if full:
        while sum(missing) < 10:
            missing[draw(st.integers(0, 7))] += 1
    heights = [13 - m for m in missing]
    off = [
        Card(Rank(rank), ft.FOUNDATION_SUITS[pile])
        for pile, height in enumerate(heights)
        for rank in range(height + 1, 14)
    ]
    off = list(draw(st.permutations(off)))
    columns: list[list[Card]] = [[] for _ in range(ft.COLUMNS)]
    waste: list[Card] = []
    stock: list[Card] = []
    if full:
        for column, card in zip(columns, off, strict=False):
            column.append(card)
        off = off[ft.COLUMNS :]
    for card in off:
        place = draw(st.integers(0, ft.COLUMNS + 1))
        (waste if place == ft.COLUMNS else stock if place > ft.COLUMNS else columns[place]).append(
            card
        )
    return position(
        [" ".join(map(str, column)) for column in columns],
        waste=" ".join(map(str, waste)),
        heights=heights,
        stock=" ".join(map(str, stock)),
    )


@st.composite
def late_positions(draw: st.DrawFn) -> ft.State:
    """A deal played at random until its stock is out, and a few moves on: often jammed."""
    state = ft.deal(draw(st.integers(0, DEALS - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    extra = draw(st.integers(0, 30))
    while extra or state.stock:
        legal = ft.legal_moves(state)
        if not legal:
            break
        plays = [move for move in legal if not isinstance(move, ft.Draw)]
        move = rng.choice(plays) if plays and rng.random() < 0.7 else legal[0]
        extra -= not state.stock
        state = ft.apply(state, move)
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions() | late_positions())
def test_outcome_agrees_with_a_plain_search_whatever_lever_is_off(state: ft.State) -> None:
    """On small positions the solver wins exactly when a plain search does, each lever on or off."""
    try:
        expected = plain_search(state)
    except TooBigError:
        event("too big for the plain search")
        return
    event("win" if expected else "no win")
    solution = solver.solve(state)
    assert solution.outcome is (Outcome.WIN if expected else Outcome.NO_WIN)
    assert replays_to_win(state, solution.line) is expected
    for rule in sorted(RULES):
        assert engine_answer(state, RULES - {rule}) is expected, rule
