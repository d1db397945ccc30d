"""Scorpion positions against the code's deal and the move counter."""

from __future__ import annotations

from patience_rules import scorpion
from patience_rules._text import quote
from patience_rules.cards import Card, Rank
from patience_rules.errors import InvalidPositionError

_DEALT_DOWN = scorpion.FACE_DOWN_COLUMNS * scorpion.FACE_DOWN_ROWS
_RESERVE_COLUMNS = scorpion.RESERVE_SIZE
"""The reserve deal settles columns 1 to 3: up to 3 runs removed and 3 cards turned."""


def check(state: scorpion.State, dealt: scorpion.State | None, moves: int) -> None:
    """Check *state* against *dealt* (the code's deal, if any) and its counter *moves*.

    The score is 5 per turned card, 100 per run and 5 per same-suit placement,
    each placement one card move.  A card move turns at most two cards (one
    it uncovers, one under the run it completes) and removes at most one run;
    the reserve deal, one action, turns at most three and removes at most
    three.  With a deal, the face-down cards are the bottom of the dealt ones
    (they turn from the top), the reserve is the dealt one until dealt, and a
    complete run lying uncovered must once have been covered: by a card
    dealt on its Ace, or by the reserve deal.
    """
    deals = 0 if state.reserve else 1
    turned = _DEALT_DOWN - sum(len(column.down) for column in state.columns)
    runs = len(state.removed_runs)
    placements = (
        state.score - scorpion.POINTS_TURNED * turned - scorpion.POINTS_RUN * runs
    ) // scorpion.POINTS_SAME_SUIT
    by_reserve = _RESERVE_COLUMNS * deals
    card_moves = max(placements, (max(0, turned - by_reserve) + 1) // 2, runs - by_reserve)
    if deals + card_moves > moves:
        raise InvalidPositionError(
            f"the position takes at least {quote(deals + card_moves)} actions ({deals} reserve "
            f"deal, {quote(placements)} same-suit placements in the score {quote(state.score)}, "
            f"{turned} cards turned face up, {runs} runs removed), but the move counter is {moves}"
        )
    if dealt is not None:
        _check_deal(state, dealt)


def _check_deal(state: scorpion.State, dealt: scorpion.State) -> None:
    for index, (column, dealt_column) in enumerate(
        zip(state.columns, dealt.columns, strict=True)
    ):
        if column.down != dealt_column.down[: len(column.down)]:
            raise InvalidPositionError(
                f"columns[{index}].down is not the bottom of the code's face-down cards "
                + " ".join(map(str, dealt_column.down))
            )
    if state.reserve and state.reserve != dealt.reserve:
        raise InvalidPositionError(
            "the reserve is not the code's reserve " + " ".join(map(str, dealt.reserve))
        )
    for index, column in enumerate(state.columns):
        top = column.up[-len(Rank) :]
        if len(top) < len(Rank) or top != _run(top[-1]):
            continue
        if not _ever_covered(top[-1], state, dealt):
            raise InvalidPositionError(
                f"columns[{index}] ends with the complete run of {top[-1].suit.symbol}, which "
                "would have been removed: its Ace was never under another card"
            )


def _run(ace: Card) -> tuple[Card, ...]:
    return tuple(Card(rank, ace.suit) for rank in reversed(Rank))


def _ever_covered(ace: Card, state: scorpion.State, dealt: scorpion.State) -> bool:
    """Whether a card can have lain on *ace*: dealt on it, or the reserve dealt onto it.

    Nothing can be placed on an Ace, so only the deal and the reserve deal
    cover one; a run completed uncovered is removed at once.
    """
    for column in dealt.columns:
        cards = (*column.down, *column.up)
        if ace in cards:
            return cards[-1] != ace or not state.reserve
    return False
