"""Forty Thieves positions against the code's deal and the move counter."""

from __future__ import annotations

from patience_rules import forty_thieves as ft
from patience_rules.cards import Card
from patience_rules.errors import InvalidPositionError

_TAKE_BACK_AND_PUT_UP = ft.POINTS_FOUNDATION_TO_COLUMN + ft.POINTS_TO_FOUNDATION
"""What taking a card back and putting it up again costs: 5 points."""


def check(state: ft.State, dealt: ft.State | None, moves: int, kept: int | None = None) -> None:
    """Check *state* against *dealt* (the code's deal, if any) and its counter *moves*.

    Each draw is one action, and so is each move of a card: every card on a
    foundation or above a column's dealt cards has moved, and so has every
    drawn card no longer on the waste.  The score, +10 at most per card move,
    is bounded by those moves (see the checks below for the exact bounds).
    With a deal, the stock is the end of the dealt stock, the waste holds
    drawn cards in the order they were drawn, and each column is dealt cards
    from the bottom, built down by suit above them.  *kept*: the dealt cards the columns
    keep in place, where ``Game(state, code)`` has proved them from *dealt* (see
    :func:`_check_columns`).
    """
    drawn = ft.STOCK_SIZE - len(state.stock)
    left_waste = drawn - len(state.waste)
    on_foundations = sum(map(len, state.foundations))
    in_columns = sum(map(len, state.columns))
    if dealt is None:
        placed = sum(max(0, len(column) - ft.ROWS) for column in state.columns)
    else:
        _check_stock_and_waste(state, dealt, drawn)
        placed = in_columns - (_check_columns(state, dealt) if kept is None else kept)
    moved = max(on_foundations + placed, left_waste)
    if drawn + moved > moves:
        raise InvalidPositionError(
            f"the position follows at least {drawn} draws and {moved} card moves, "
            f"but the move counter is {moves}"
        )
    _check_score(state.score, on_foundations, left_waste, moves - drawn)


def _check_score(score: int, on_foundations: int, left_waste: int, card_moves: int) -> None:
    """Check *score* against the foundations and the card moves, *card_moves* at most.

    Of the card moves, *on_foundations* at least went to a foundation; a card
    from the waste onto a column (+5) is another one, so there are at most
    ``min(left_waste, card_moves - on_foundations)``: the score is at most 10
    per foundation card plus 5 per such move.  Without the clamp at 0 the
    score would be 10 per foundation card plus 5 per waste-to-column move
    less 5 per card taken back; the clamp only raises it, and each card taken
    back needs two card moves beyond the foundation cards (taking it back,
    putting it up again), which bounds it from below.
    """
    most = ft.POINTS_TO_FOUNDATION * on_foundations + ft.POINTS_WASTE_TO_COLUMN * min(
        left_waste, card_moves - on_foundations
    )
    if score > most:
        raise InvalidPositionError(
            f"field 'score' is {score}, more than the {most} that {on_foundations} foundation "
            f"cards can earn in at most {card_moves} card moves"
        )
    taken_back = (card_moves - on_foundations) // 2
    least = ft.POINTS_TO_FOUNDATION * on_foundations + _TAKE_BACK_AND_PUT_UP * taken_back
    if score < least:
        raise InvalidPositionError(
            f"field 'score' is {score}, but {on_foundations} foundation cards score at least "
            f"{least} when at most {taken_back} of them were taken back"
        )


def _check_stock_and_waste(state: ft.State, dealt: ft.State, drawn: int) -> None:
    """Check the stock and the waste against the dealt stock, *drawn* cards of it drawn.

    Proof.  Only a draw takes a card from the stock, always its first card,
    so the stock is the dealt one less its first *drawn* cards.  Only a draw
    puts a card on the waste, on top, and cards leave it from the top only,
    so from the bottom up the waste holds drawn cards in the order drawn.  ∎
    """
    if state.stock != dealt.stock[drawn:]:
        raise InvalidPositionError(
            f"the stock is not the last {len(state.stock)} cards of the code's dealt stock"
        )
    cards = iter(dealt.stock[:drawn])
    for index, card in enumerate(state.waste):
        if card not in cards:
            raise InvalidPositionError(
                f"waste[{index}]: {card} is not among the cards drawn after those under it"
            )


def _check_columns(state: ft.State, dealt: ft.State) -> int:
    """Check each column against the dealt one; the number of dealt cards still in place.

    Proof.  A card leaves a column only from the top, and one arrives only on
    the top card, on the same suit one rank higher, or on an empty column.
    So a column holds, from the bottom, some of its dealt cards that have
    never left (a dealt card that left could come back only on the card under
    it, the same suit one rank higher: then it lies on that card as a build),
    then cards put there one by one, each on the card under it, by suit, the
    first on the last dealt card kept or in the empty column.  The two copies
    of a card are interchangeable, so a copy where the other was dealt counts
    as the dealt one.  ∎

    Where ``Game(state, code)`` has proved *state* from *dealt* (``ft._follows_the_deal``,
    by ``ft._check_built``), :func:`check` takes the proof's count instead of this walk.
    Proof that nothing changes.  The proof's *kept* is each column's longest common start
    with the dealt column (all its cards when it is a start of the dealt column, all the
    dealt column's when that is a start of it, else counted card by card), and so is this
    walk's (the same three cases, the last by :func:`_common_start`); and the proof found
    every column from its last kept card (or its first, none kept) one of ``ft._RUNS``, a
    run down by suit, so :func:`_check_builds` would never be called and nothing refused.  ∎
    """
    kept_in_all = 0
    for number, (column, dealt_column) in enumerate(
        zip(state.columns, dealt.columns, strict=True)
    ):
        # Most columns are their dealt cards less some from the top, or all of them with a
        # build above: one tuple comparison in C (stopping at identity: play keeps the deck's
        # own cards) proves it, where _common_start's call and loop cost more (callgrind: 71,500
        # instructions for the ten columns of a game ten moves on, 42,000 this way).
        size, dealt_size = len(column), len(dealt_column)
        if size <= dealt_size and column == dealt_column[:size]:
            kept_in_all += size
            continue
        if size > dealt_size and column[:dealt_size] == dealt_column:
            kept = dealt_size
        else:
            kept = _common_start(column, dealt_column)
        # From the last kept card up (or the first card, none kept), a run down by suit: one
        # comparison with the longest such run from its first card (ft._RUNS), in C; the loop
        # below only names the first card out of place.
        run = column[kept - 1 :] if kept else column
        if run != ft._RUNS[run[0].index][: len(run)]:  # noqa: SLF001 - the game's own table
            _check_builds(number, column, kept)
        kept_in_all += kept
    return kept_in_all


def _check_builds(number: int, column: tuple[Card, ...], kept: int) -> None:
    """Refuse the first card of *column* above its *kept* dealt cards not built down by suit."""
    for index in range(max(kept, 1), len(column)):
        below, card = column[index - 1], column[index]
        if card.suit is not below.suit or card.rank + 1 != below.rank:
            raise InvalidPositionError(
                f"columns[{number}][{index}]: {card} cannot lie on {below} (above the "
                f"code's dealt cards still in place, a column is built down by suit)"
            )


def _common_start(column: tuple[Card, ...], dealt: tuple[Card, ...]) -> int:
    # One tuple comparison first, in C (play keeps the deck's own card objects, so it stops at
    # identity); else card by card, by index, as Card's equality compares them.
    shorter = min(len(column), len(dealt))
    if column[:shorter] == dealt[:shorter]:
        return shorter
    kept = 0
    for card, dealt_card in zip(column, dealt, strict=False):
        if card.index != dealt_card.index:
            break
        kept += 1
    return kept
