"""Forty Thieves positions against the code's deal and the move counter."""

from __future__ import annotations

from patience_rules import forty_thieves as ft
from patience_rules.cards import Card
from patience_rules.errors import InvalidPositionError

_TAKE_BACK_AND_PUT_UP = ft.POINTS_FOUNDATION_TO_COLUMN + ft.POINTS_TO_FOUNDATION
"""What taking a card back and putting it up again costs: 5 points."""
_CARDS = 52
"""The number of card indices (:attr:`Card.index <patience_rules.Card.index>`)."""
_SUITS = 4
"""Foundations 1–4 take one suit each, as do 5–8."""


def check(
    state: ft.State,
    dealt: ft.State | None,
    moves: int,
    proof: ft._Proof | None = None,
) -> None:
    """Check *state* against *dealt* (the code's deal, if any) and its counter *moves*.

    Each draw is one action, and so is each move of a card: every card on a
    foundation or above a column's dealt cards has moved, and so has every
    drawn card no longer on the waste.  The score, +10 at most per card move,
    is bounded by those moves (see the checks below for the exact bounds).
    With a deal, the stock is the end of the dealt stock, the waste holds
    drawn cards in the order they were drawn, and each column is dealt cards
    from the bottom, built down by suit above them.  *proof*: what ``Game(state, code)``
    proved of *state* from *dealt* (``ft._follows_the_deal``): the stock, how many dealt
    cards each column keeps in place (see :func:`_check_columns`) and the walk of the
    columns above them (see :func:`_walk`).
    """
    drawn = ft.STOCK_SIZE - len(state.stock)
    left_waste = drawn - len(state.waste)
    on_foundations = len(sum(state.foundations, ()))  # as ft._check_score counts them
    walk: _Walk | None = None
    kept = None
    if dealt is None:
        placed = sum(max(0, len(column) - ft.ROWS) for column in state.columns)
    elif proof is None:
        _check_stock(state, dealt, drawn)
        _check_waste(state, dealt, drawn)
        kept = _check_columns(state, dealt)
        placed = sum(map(len, state.columns)) - sum(kept)
    else:
        # The proof compared the stock with the dealt one's end, as _check_stock does, and
        # its placed cards are each column's above its kept count: their number is placed.
        _check_waste(state, dealt, drawn)
        kept, walk = proof
        placed = len(walk[0])
    moved = max(on_foundations + placed, left_waste)
    if drawn + moved > moves:
        raise InvalidPositionError(
            f"the position follows at least {drawn} draws and {moved} card moves, "
            f"but the move counter is {moves}"
        )
    # At most every placed card came back (_check_came_back): only a counter this close asks.
    if dealt is not None and drawn + on_foundations + 2 * placed > moves:
        if walk is None:
            walk = _walk(state, dealt, kept)
        _check_came_back(state, walk, drawn=drawn, counted=on_foundations + placed, moves=moves)
    card_moves = moves - drawn
    _check_score(state.score, on_foundations, left_waste, card_moves)
    spare = card_moves - on_foundations - placed
    # _least_score is at most 10 per foundation card and 5 per card drawn onto a column (a
    # placed card that has left the waste), less 5 per two spare moves: only a score below
    # that asks for the walk.
    most_drawn = 0 if dealt is None else min(placed, left_waste)
    if state.score < (
        ft.POINTS_TO_FOUNDATION * on_foundations
        + ft.POINTS_WASTE_TO_COLUMN * most_drawn
        + _TAKE_BACK_AND_PUT_UP * (spare // 2)
    ):
        if walk is None:
            walk = _walk(state, dealt, kept)
        _check_least_score(state, walk, on_foundations, spare)


def _check_score(score: int, on_foundations: int, left_waste: int, card_moves: int) -> None:
    """Check that *score* is at most what the foundations and *card_moves* card moves earn.

    Of the card moves, *on_foundations* at least went to a foundation; a card
    from the waste onto a column (+5) is another one, so there are at most
    ``min(left_waste, card_moves - on_foundations)``: the score is at most 10
    per foundation card plus 5 per such move (a card taken back costs more than
    it earned, the clamp at 0 aside; see :func:`_least_score` for the sum).
    """
    most = ft.POINTS_TO_FOUNDATION * on_foundations + ft.POINTS_WASTE_TO_COLUMN * min(
        left_waste, card_moves - on_foundations
    )
    if score > most:
        raise InvalidPositionError(
            f"field 'score' is {score}, more than the {most} that {on_foundations} foundation "
            f"cards can earn in at most {card_moves} card moves"
        )


def _check_least_score(state: ft.State, walk: _Walk, on_foundations: int, spare: int) -> None:
    """Refuse a score below :func:`_least_score`, naming the counts it follows from.

    *walk* is :func:`_walk`'s; its dealt cards that left are known with a code only.
    The placed cards that came from the stock are counted card by card, the two copies
    of a card being interchangeable.  Proof.  Take a card placed now (above its column's
    dealt cards in place) that was dealt.  Its dealt place is no longer in place, or it
    holds a copy of the same card that is not it: one of the stock, or the other dealt
    copy, whose own dealt place (not the one it lies in) is then no longer in place.  So,
    card by card, the placed dealt copies are at most the dealt places no longer in place
    plus the copies of the stock in a dealt card's place; each of those last stands for a
    placed dealt copy (the exchange :func:`_least_score` allows), and the other placed
    copies came from the stock.  ∎
    """
    placed, gone, _back = walk
    drawn: list[Card] = []
    others: list[Card] = []
    if gone is None:  # no card is known to come from the stock
        others = placed
    else:
        left = [0] * _CARDS  # the dealt cards that left, counted by index
        for card in gone:
            left[card.index] += 1
        for card in placed:
            if left[card.index]:  # a dealt card may lie here
                left[card.index] -= 1
                others.append(card)
            else:
                drawn.append(card)
    # With no card that can have gone up the bound is highest, 5 per two spare moves less
    # (see _least_score): a score at least that asks for nothing more.
    if state.score >= _least_score(on_foundations, len(drawn), 0, 0, spare)[0]:
        return
    went_up = _can_have_gone_up(state)
    drawn_up = sum(went_up[card.index] for card in drawn)
    placed_up = sum(went_up[card.index] for card in others)
    drawn_onto = len(drawn)
    least, taken_back = _least_score(on_foundations, drawn_onto, drawn_up, placed_up, spare)
    if state.score < least:
        raise InvalidPositionError(
            f"field 'score' is {state.score}, but {on_foundations} foundation cards and "
            f"{drawn_onto} cards drawn onto the columns score at least {least} when at most "
            f"{taken_back} cards were taken back"
        )


def _least_score(
    on_foundations: int, drawn_onto: int, drawn_up: int, placed_up: int, spare: int
) -> tuple[int, int]:
    """The least score, and the most cards taken back, with *spare* card moves to spare.

    Of the cards placed above the columns' dealt cards in place (without a code,
    above the fourth row), *drawn_onto* at least came from the stock (none is known
    without a code), and *drawn_up* of those and *placed_up* of the others can have
    gone up (:func:`_can_have_gone_up`); the card moves are *spare* more than the
    foundation cards and the placed cards.

    Proof.  Without the clamp at 0 the score is the sum of every card move's points,
    +10 per move onto a foundation, +5 per move from the waste onto a column and −15
    per card taken back; the clamp only raises it.  Split the sum by card: a card with
    *u* moves up, *b* back and *w* (0 or 1) from the waste onto a column earns
    ``10(u − b) + 5w − 5b`` in at least ``u + b + w`` moves.  Give each card a type,
    and count its moves past the type's first (*e*):

    * *foundation card* (first move: one up): ``u = b + 1``, so ``e ≥ 2b``, and it
      earns at least ``10 − 5⌊e/2⌋``;
    * *placed card of the stock* (first move: off the waste): it went onto a column
      (``w = 1``, ``e ≥ 2b``) or up and was taken back (``b ≥ 1``, ``e ≥ 2b − 1``),
      so it earns at least 5, or −5 from ``e = 1`` on if it can have gone up, less 5
      per two moves more;
    * *placed card* (first move: any): ``e ≥ 2b − 1``, and it earns at least 0, or
      −5 from ``e = 1`` on if it can have gone up, less 5 per two moves more;
    * *other card* (no first move): ``e ≥ 2b``, earning at least ``−5⌊e/2⌋``.

    Every card fits its own type: a card on a foundation the first, one above its
    column's dealt cards in place the second or third (it moved: had it not, nor had the
    cards under it, and those in place would reach it; a dealt card never lay on the
    waste, and one of the stock lies on a column only after leaving the waste), any
    other card the last.  A card of the second type fits the third, one of the third
    the last, so where fewer placed cards of the stock are known, the bound holds.  So
    does the exchange :func:`_check_least_score` makes: a card of the stock in a dealt
    card's place (the last type) and its dealt copy placed (the third type) fit, taken
    the other way round, the second type and the last.  First moves are
    ``on_foundations + placed`` in all, past them there are at most *spare*, and the
    types' bounds are 5 less per two such moves but for a first one on a placed card
    that can have gone up: 10 less on *drawn_up* cards, 5 less on *placed_up* others.
    So the sum is at least 10 per foundation card and 5 per *drawn_onto* card, less 10
    for each of the first ``min(spare, drawn_up)`` spare moves, 5 for each of the next
    up to *placed_up*, and 5 per two after them; each such step is a card taken back,
    which the message counts.  ∎
    """
    first = min(spare, drawn_up)
    second = min(spare - first, placed_up)
    rest = (spare - first - second) // 2
    least = (
        ft.POINTS_TO_FOUNDATION * on_foundations
        + ft.POINTS_WASTE_TO_COLUMN * drawn_onto
        + (ft.POINTS_FOUNDATION_TO_COLUMN + ft.POINTS_WASTE_TO_COLUMN) * first
        + _TAKE_BACK_AND_PUT_UP * (second + rest)
    )
    return least, first + second + rest


def _can_have_gone_up(state: ft.State) -> list[int]:
    """For each card index, 1 if a card of it not on a foundation can have been there.

    Proof.  A card of rank *r* goes up onto a foundation of its suit holding *r − 1*
    cards.  If it is in a column now, and both foundations of its suit hold *h* cards
    or fewer, each card of rank *h + 1* to *r − 1* under it then was taken back since
    (cards leave a foundation from the top, and it holds at most *h* now), so it lies
    in a column: only a foundation takes a card off a column, and on neither foundation
    would it lie on its rank.  So where a rank above *h* has no copy in a column, no
    card of the suit above that rank can have gone up.  ∎
    """
    in_columns = {card.index for column in state.columns for card in column}
    went_up = [0] * _CARDS
    foundations = state.foundations
    for number in range(_SUITS):
        cards = ft._FOUNDATION_CARDS[number]  # noqa: SLF001 - the game's own table
        rank = max(len(foundations[number]), len(foundations[number + _SUITS]))
        while rank < len(cards) and cards[rank].index in in_columns:
            rank += 1
        for card in cards[:rank]:
            went_up[card.index] = 1
    return went_up


_Walk = ft._Walk  # noqa: SLF001 - the game's proof holds one
""":func:`_walk`'s placed cards, dealt cards that left, and cards back in their column."""


def _walk(state: ft.State, dealt: ft.State | None, kept: tuple[int, ...] | None) -> _Walk:
    """The placed cards, the dealt cards that have left, and the placed cards dealt below.

    One walk of the columns for :func:`_check_came_back` and :func:`_check_least_score`.
    Placed cards lie above the column's dealt cards in place, *kept[number]* of them (see
    :func:`_check_columns`; without a deal, above the fourth row), column by column from
    the bottom.  The dealt cards that left are listed column by column (``None`` without a
    deal).  The cards back are each placed card, as ``(number, card)`` in the same order, of
    which a copy was dealt in its column above the cards in place.  Where ``Game(state,
    code)`` has proved *state* from the deal, the proof holds this walk (``ft._Proof``).

    Proof that a card is back exactly when ``card in dealt_column[kept[number]:]`` (the
    plain test): cards are equal when their indices are (``Card.__eq__``; the form check
    has made every card a ``Card``), and while a column is walked, *here* holds its number
    at exactly the indices of its dealt cards above those in place: they are stamped
    before its placed cards are read, and every earlier stamp is another column's number.  ∎
    """
    placed: list[Card] = []
    if dealt is None or kept is None:
        for column in state.columns:
            placed += column[ft.ROWS :]
        return placed, None, []
    gone: list[Card] = []
    here = [-1] * _CARDS
    back: list[tuple[int, Card]] = []
    for number, (column, dealt_column, in_place) in enumerate(
        zip(state.columns, dealt.columns, kept, strict=True)
    ):
        if len(dealt_column) > in_place:  # most columns keep their dealt cards: no slice
            left = dealt_column[in_place:]
            gone += left
            for card in left:
                here[card.index] = number
        if len(column) > in_place:
            on_top = column[in_place:]
            placed += on_top
            for card in on_top:
                if here[card.index] == number:
                    back.append((number, card))  # noqa: PERF401 - no call of its own
    return placed, gone, back


def _check_came_back(
    state: ft.State, walk: _Walk, *, drawn: int, counted: int, moves: int
) -> None:
    """Count a move more for each placed card that lies in a column it was dealt in.

    *counted* card moves are counted already, one per foundation card and placed card;
    *walk* is :func:`_walk`'s.  With no card back nothing is counted, and the counter
    check of :func:`check` has counted at least *counted* card moves: nothing to refuse.

    Proof.  Take a card placed now in column *c* (above its dealt cards in place), dealt
    there too in a place no longer in place, and suppose no other copy of it lies on a
    foundation or placed.  If this copy is the one dealt in *c*, it left *c* and came
    back (a move takes a card to another pile): two moves, one counted.  If not, the one
    dealt there left its dealt place (the cards in place are all that never left), and
    it lies neither on a foundation nor placed nor on the waste (a dealt card): it
    lies in another dealt place, a move no count has counted.  Different such cards are
    different cards (both copies of one would be placed), so the moves add up.  ∎
    """
    placed, _left, back = walk
    if not back:
        return
    copies = _on_foundations(state)  # each copy elsewhere on a foundation or placed is counted
    for card in placed:
        copies[card.index] += 1
    back = [(number, card) for number, card in back if copies[card.index] == 1]
    if drawn + counted + len(back) > moves:
        number, card = back[0]
        raise InvalidPositionError(
            f"the position follows at least {drawn} draws and {counted + len(back)} card "
            f"moves ({len(back)} cards, such as {card} in columns[{number}], lie in a column "
            f"they were dealt in and left), but the move counter is {moves}"
        )


def _on_foundations(state: ft.State) -> list[int]:
    """How many copies of each card index lie on the foundations."""
    counts = [0] * _CARDS
    for pile in state.foundations:
        for card in pile:
            counts[card.index] += 1
    return counts


def _check_stock(state: ft.State, dealt: ft.State, drawn: int) -> None:
    """Check the stock against the dealt stock, *drawn* cards of it drawn.

    Proof.  Only a draw takes a card from the stock, always its first card,
    so the stock is the dealt one less its first *drawn* cards.  ∎
    """
    if state.stock != dealt.stock[drawn:]:
        raise InvalidPositionError(
            f"the stock is not the last {len(state.stock)} cards of the code's dealt stock"
        )


def _check_waste(state: ft.State, dealt: ft.State, drawn: int) -> None:
    """Check the waste against the dealt stock, *drawn* cards of it drawn.

    Proof.  Only a draw puts a card on the waste, on top, the stock's first, and cards
    leave it from the top only, so from the bottom up the waste holds drawn cards in the
    order drawn.  ∎
    """
    cards = iter(dealt.stock[:drawn])
    for index, card in enumerate(state.waste):
        if card not in cards:
            raise InvalidPositionError(
                f"waste[{index}]: {card} is not among the cards drawn after those under it"
            )


def _check_columns(state: ft.State, dealt: ft.State) -> tuple[int, ...]:
    """Check each column against the dealt one; how many of its dealt cards are still in place.

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
    by ``ft._check_built``), :func:`check` takes the proof's counts instead of this walk.
    Proof that nothing changes.  The proof's *kept* is each column's longest common start
    with the dealt column (all its cards when it is a start of the dealt column, all the
    dealt column's when that is a start of it, else counted card by card), and so is this
    walk's (the same three cases, the last by :func:`_common_start`); and the proof found
    every column from its last kept card (or its first, none kept) one of ``ft._RUNS``, a
    run down by suit, so :func:`_check_builds` would never be called and nothing refused.  ∎
    """
    kept_columns = []
    for number, (column, dealt_column) in enumerate(
        zip(state.columns, dealt.columns, strict=True)
    ):
        # Most columns are their dealt cards less some from the top, or all of them with a
        # build above: one tuple comparison in C (stopping at identity: play keeps the deck's
        # own cards) proves it, where _common_start's call and loop cost more (callgrind: 71,500
        # instructions for the ten columns of a game ten moves on, 42,000 this way).
        size, dealt_size = len(column), len(dealt_column)
        if size <= dealt_size and column == dealt_column[:size]:
            kept_columns.append(size)
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
        kept_columns.append(kept)
    return tuple(kept_columns)


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
