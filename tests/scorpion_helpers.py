"""Helpers for the Scorpion tests: building positions and winnable positions.

:func:`winnable` builds positions that are won on purpose: it starts from a
won position and plays *backwards*, undoing one legal action at a time
(a card move, a run-completing move, the reserve deal), and records the
forward plan and the exact points each forward action earns by the spec's
table.  Playing the plan forward through the library must then be legal at
every step, end in a win and score exactly those points.
"""

from __future__ import annotations

from collections import Counter

import attrs
from hypothesis import strategies as st

from patience_rules import scorpion
from patience_rules.cards import Card, Rank, Suit, one_deck
from patience_rules.scorpion import Column, DealReserve, MoveCard, State, Variant

RUN = {suit: tuple(Card(rank, suit) for rank in reversed(Rank)) for suit in Suit}


def cards(text: str) -> tuple[Card, ...]:
    """Cards from a blank-separated text such as ``"KH QH"``."""
    return tuple(Card.parse(word) for word in text.split())


def build(
    columns: list[tuple[str, str]],
    *,
    reserve: str = "",
    runs: str = "",
    score: int | None = None,
    variant: Variant = Variant.CLASSIC,
    dump: int = 7,
) -> State:
    """A validated position from *columns*: (down, up) texts for columns 1, 2 and so on.

    Cards not placed anywhere are added face up, in deck order, to the bottom
    of column *dump* (under the cards given for it), so every position holds
    the 52 cards.  The score defaults to the least the position allows: 5 per
    card turned face up (of the 12 dealt face down) and 100 per removed run.
    """
    given = [(cards(down), cards(up)) for down, up in columns]
    given += [((), ())] * (scorpion.COLUMNS - len(given))
    suits = [Suit(letter) for letter in runs.split()]
    used = Counter(c for down, up in given for c in (*down, *up))
    used.update(cards(reserve))
    used.update(c for suit in suits for c in RUN[suit])
    rest = tuple(card for card in one_deck() if not used[card])
    down, up = given[dump - 1]
    given[dump - 1] = (down, rest + up) if not down else (down, up)
    if down and rest:
        message = "the dump column must have no face-down cards"
        raise ValueError(message)
    data = {
        "variant": variant.value,
        "score": least_score(given, suits) if score is None else score,
        "status": "won" if len(suits) == scorpion.RUNS else "playing",
        "columns": [{"down": list(map(str, d)), "up": list(map(str, u))} for d, u in given],
        "reserve": [str(card) for card in cards(reserve)],
        "removed_runs": [suit.value for suit in suits],
    }
    return scorpion.from_dict(data)


def least_score(given: list[tuple[tuple[Card, ...], tuple[Card, ...]]], suits: list[Suit]) -> int:
    """5 per card turned face up and 100 per removed run: what play has surely earned."""
    turned = scorpion.FACE_DOWN_COLUMNS * scorpion.FACE_DOWN_ROWS - sum(len(d) for d, _ in given)
    return scorpion.POINTS_TURNED * turned + scorpion.POINTS_RUN * len(suits)


def all_cards(state: State) -> Counter[Card]:
    """Every card of *state*, removed runs included, as a multiset."""
    found: Counter[Card] = Counter(state.reserve)
    for column in state.columns:
        found.update(column.down)
        found.update(column.up)
    for suit in state.removed_runs:
        found.update(RUN[suit])
    return found


def assert_sound(state: State) -> None:
    """The invariants every position keeps: 52 cards once each, no uncovered face-down card."""
    assert all_cards(state) == Counter(one_deck())
    assert all(column.up or not column.down for column in state.columns)
    assert len(state.reserve) in {0, scorpion.RESERVE_SIZE}
    assert state.score >= 0
    assert state.score % 5 == 0


@attrs.frozen
class Plan:
    """A built position, the forward actions that win it and the points they earn."""

    start: State
    moves: tuple[scorpion.Move, ...]
    points: int


def _complete_on_top(up: tuple[Card, ...]) -> bool:
    return len(up) >= 13 and up[-1].rank is Rank.ACE and up[-13:] == RUN[up[-1].suit]


def _draw_source(
    draw: st.DrawFn, columns: list[Column], target: int, group: tuple[Card, ...]
) -> tuple[int, Column, int]:
    """Where the forward move took *group* from: (index, column before, points).

    Either the group sat on that column as it is now, or the column's single
    face-up card lay face down under the group and was turned up (+5).
    """
    source = draw(st.sampled_from([i for i in range(len(columns)) if i != target]))
    column = columns[source]
    if len(column.up) == 1 and _can_hide(source, column) and draw(st.booleans()):
        return source, Column(column.down + column.up, group), 5
    return source, Column(column.down, column.up + group), 0


def _can_hide(index: int, column: Column) -> bool:
    """Whether column *index* can have one more face-down card: columns 1-4, 3 at most."""
    return index < scorpion.FACE_DOWN_COLUMNS and len(column.down) < scorpion.FACE_DOWN_ROWS


def _landings(columns: list[Column], variant: Variant) -> list[tuple[int, int]]:
    """Where an ordinary forward move can have landed: (target column, index in ``up``)."""
    found = []
    for target, column in enumerate(columns):
        if _complete_on_top(column.up):
            continue  # the forward move would have removed this run
        for index, card in enumerate(column.up):
            if index == 0:
                if not column.down and card.rank is Rank.KING:
                    found.append((target, index))
                continue
            below = column.up[index - 1]
            if below.rank == card.rank + 1 and (
                variant is Variant.FLEXIBLE or below.suit is card.suit
            ):
                found.append((target, index))
    return found


def _unmove(
    draw: st.DrawFn, columns: list[Column], variant: Variant
) -> tuple[scorpion.Move, list[Column], int] | None:
    """Undo an ordinary move: (the move, the columns before it, its points)."""
    landings = _landings(columns, variant)
    if not landings:
        return None
    target, index = draw(st.sampled_from(landings))
    column = columns[target]
    card = column.up[index]
    points = 5 if index and column.up[index - 1].suit is card.suit else 0
    source, pre, flip = _draw_source(draw, columns, target, column.up[index:])
    new = list(columns)
    new[target], new[source] = Column(column.down, column.up[:index]), pre
    return MoveCard(card, target + 1), new, points + flip


def _unremove(
    draw: st.DrawFn, columns: list[Column], suit: Suit
) -> tuple[scorpion.Move, list[Column], int] | None:
    """Undo a move that completed and removed the run of *suit*."""
    run = RUN[suit]
    target = draw(st.sampled_from(range(len(columns))))
    after, flip = columns[target], 0  # the target just after the removal
    if len(after.up) == 1 and _can_hide(target, after) and draw(st.booleans()):
        after, flip = Column(after.down + after.up, ()), 5
    empty = not after.up and not after.down
    split = draw(st.integers(0 if empty else 1, 12))  # the group is run[split:]
    before = Column(after.down, after.up + run[:split])
    source, pre, source_flip = _draw_source(draw, columns, target, run[split:])
    new = list(columns)
    new[target], new[source] = before, pre
    points = 100 + flip + source_flip + (5 if split else 0)
    return MoveCard(run[split], target + 1), new, points


def _undeal(columns: list[Column]) -> tuple[scorpion.Move, list[Column], int] | None:
    """Undo a reserve deal that removed no run, if the columns allow it."""
    first = columns[: scorpion.RESERVE_SIZE]
    if any(not c.up or (c.down and len(c.up) < 2) or _complete_on_top(c.up) for c in first):
        return None
    new = [Column(c.down, c.up[:-1]) for c in first] + columns[scorpion.RESERVE_SIZE :]
    return DealReserve(), new, 0


@st.composite
def winnable(draw: st.DrawFn, variant: Variant | None = None, max_steps: int = 40) -> Plan:
    """A position built backwards from a won one, with its winning plan and points."""
    if variant is None:
        variant = draw(st.sampled_from(Variant))
    columns = [Column()] * scorpion.COLUMNS
    runs = list(draw(st.permutations(list(Suit))))
    reserve: tuple[Card, ...] = ()
    plan: list[scorpion.Move] = []
    points = 0
    for _ in range(draw(st.integers(1, max_steps))):
        kinds = ["run"] if runs else []
        if any(column.up for column in columns):
            kinds += ["move", "move"] + ([] if reserve else ["deal"])
        kind = draw(st.sampled_from(kinds))
        if kind == "run":
            step = _unremove(draw, columns, runs[-1])
        elif kind == "move":
            step = _unmove(draw, columns, variant)
        else:
            step = _undeal(columns)
        if step is None:
            continue
        move, before, gained = step
        if kind == "run":
            runs.pop()
        if kind == "deal":
            reserve = tuple(column.up[-1] for column in columns[: scorpion.RESERVE_SIZE])
        columns = before
        plan.append(move)
        points += gained
    score = least_score([(column.down, column.up) for column in columns], runs)
    start = State(variant, tuple(columns), reserve, tuple(runs), score)
    return Plan(start, tuple(reversed(plan)), points)
