"""Scorpion positions against the code's deal and the move counter.

With a code the deal is known, and much of it can never change.  The checks
below rest on what each action does to the *place* of a card: the card
directly under it, or the *floor* of its column when nothing is.  In the
deal each of the 49 column cards has its dealt place; the reserve cards have
none until the reserve deal.

Lemma (places).  A card move takes a group from its deepest card *b* up and
puts it on the top card of another column, or on the floor of an empty one:
*b*'s place changes, and no other card's (the group moves whole, the cards
left behind stay put).  Turning a card face up changes no place; removing a
run takes thirteen cards out of the columns and changes no place of those
left; the reserve deal gives each reserve card a place (the top card of
column *i*, or its floor if empty, for the *i*-th card) and changes no other.
So a card lies on another place than its dealt one only if it was, at its
last change of place, either the deepest card of a legal move (onto a card
one rank higher, of its suit under Classic, never an Ace; or a King onto a
floor) or a reserve card dealt.  ∎

The checks with a code, each a consequence:

* *Face-down cards* are the bottom of the column's dealt ones: they never
  move, and turn from the top.
* *The card on the face-down cards* is the one dealt there: it can never move
  (its move would uncover a face-down card, which turns up at once), and no
  card is ever put on a face-down card (moves and the reserve deal put cards
  on top cards, and a top card is face up between actions).
* *Every card lies on its dealt place, or where the lemma lets it*: on a card
  it may be placed on, on a floor if it is a King, or, once the reserve is
  dealt, a reserve card where the reserve deal can have put it (see
  :func:`_walk` for this and for cards dealt on cards turned up since).
* *A reserve card the reserve deal put where it lies* lies on what topped its
  own column then: that card's column then must be one play allows, the
  cards that lay on that column then and have left it since must have
  moved, and getting them there and away can cost moves (see
  :func:`_crossings`); the cards that lay on one another from the column's
  bottom then up to that card must form a pile play can build (one without
  a card that never moved off its dealt place, nor a card on another than
  the one dealt on it if that one never left it), and the cards
  dealt on its cards that had to make room and lie there again moved twice,
  each card of the pile and each it displaced counting once, and its cards
  put on their suit by a move not their last earned points (see
  :func:`_piles`).  A reserve card
  on a card it fits may have been moved there instead: both readings are
  tried (see :func:`check`); one read as moved that lies on the only card
  its column can have had on top then came back (see
  :meth:`_BeforeReserveDeal.came_back`).
* *A card that left its dealt place before the reserve deal* went onto a
  card that could top a column then, was on one at the reserve deal, and
  earned the points such a move earns (see
  :meth:`_BeforeReserveDeal.gone_early`).
* *The reserve* is the dealt one until it is dealt (nothing else changes it).
* *An uncovered complete run* was once covered (see :func:`_ever_covered`).

The counter and the score, with a code, also count the cards off their dealt
places (see :func:`_walk`), and under Flexible the moves that same-suit points
beyond those cards' last moves need (see :func:`_check_counts`), and a card
that can have earned them at all (see :func:`_carrier` and :func:`_maker`);
the score also holds the points of the cards that left their dealt places
before the reserve deal where no other move was open to them (claim 16), and
those of the cards put on their suit in a reserve card's pile (claim 22).
A counter with no move to spare has every card move at most once, as Classic
has every card but a King: the reserve cards' columns are checked again so
(see :func:`_check_once`), and those moves must fit in some order, each card's
after those it waits for (see :func:`_check_order`).

Claims 9 to 23 are not shown to hold one legal action later, nor are the
others with a code: every position of an undo history is checked with them,
unless the history starts at the deal (see ``_reachable._from_deal``).
"""

from __future__ import annotations

import enum
import heapq
import itertools
import operator

import attrs

from patience_rules import scorpion
from patience_rules._text import quote
from patience_rules.cards import Card, Rank, Suit, one_deck
from patience_rules.errors import InvalidPositionError

_DEALT_DOWN = scorpion.FACE_DOWN_COLUMNS * scorpion.FACE_DOWN_ROWS
_RESERVE_COLUMNS = scorpion.RESERVE_SIZE
"""The reserve deal settles columns 1 to 3: up to 3 runs removed and 3 cards turned."""
_RUN_LENGTH = 13
_CARDS = 52
_FLOOR = _CARDS
"""A place is a card's index, or ``_FLOOR + i`` for the floor of column *i* (0-based)."""
_NO_PLACE = -1
"""The dealt place of a reserve card, and the card dealt on a place that has none."""


@attrs.frozen
class _Moved:
    """The cards off their dealt places, for one reading of the reserve (see :func:`_walk`)."""

    cards: int
    """Cards whose last move put them where they lie: one move each."""
    unscored: int
    """Of those, the ones whose last move earned no same-suit points."""
    more: int
    """Moves beyond those: for rings, cards back on their dealt places, and the cards that
    a reserve card's column held at the reserve deal and lost since (claims 4, 7, 8), or
    for its pile then (claims 9 and 12), whichever is more; and the first moves of reserve
    cards read as moved that came back (claim 17)."""
    carrier: bool
    """Whether a card of those can have earned same-suit points before its last move
    (claim 6: onto the one card of its suit a rank higher, not the one it lies on)."""
    seen: _Seen | None = None
    """What the walk learned of the cards, for claim 11 (``None`` without a deal)."""
    maker: bool = True
    """Whether any card can have earned same-suit points beyond those of *M* (claim 15)."""
    placed_early: int = 0
    """Same-suit placements beyond the last moves of *M*: those of cards gone early
    (claim 16) and of the cards of the reserve cards' piles (claim 22)."""


_NONE_MOVED = _Moved(0, 0, 0, carrier=True)


def check(state: scorpion.State, deal: Deal | None, moves: int) -> None:
    """Check *state* against *deal* (the code's deal, if any) and its counter *moves*.

    With a deal, a reserve card that lies on a card it fits may have been
    put there by the reserve deal or by a move: each reading is tried (at
    most 8, and only such cards make more than one), and the position is
    refused when none passes, with the message of the reading where the
    reserve deal put every reserve card.
    """
    if deal is None:
        _check_counts(state, _NONE_MOVED, moves, dealt=False)
        return
    _check_deal(state, deal)
    choices = _either_way(state, deal)
    refusal: InvalidPositionError | None = None
    for count in reversed(range(len(choices) + 1)):  # in play, moves put them there mostly
        for moved_reserve in itertools.combinations(choices, count):
            try:
                moved = _walk(state, deal, frozenset(moved_reserve))
                _check_counts(state, moved, moves, dealt=True)
                _check_once(state, deal, moved, moves)
                _check_order(state, deal, moved, moves)
            except InvalidPositionError as error:
                refusal = error  # the last, every reserve card put by the reserve deal, is told
            else:
                return
    assert refusal is not None  # noqa: S101 - the loops try the empty reading at least
    raise refusal


def replayed(state: scorpion.State, deal: Deal, moves: int) -> bool:
    """Whether play reaches exactly *state* from *deal* within *moves* actions, by a direct line.

    The line moves each card that lies off its dealt place once, straight onto the
    place it lies on (see :func:`_direct_line`).  Then *state* passes every check:
    ``from_dict`` reads back every position play reaches, and each check of this
    package refuses only a position that play cannot reach within its counter (see
    ``_reachable._from_deal``).  Proof that a yes is one: each action of the line is
    one ``apply`` accepts, a legal action, so play reaches the line's end from the
    code's deal in the line's actions, at most *moves*; the line's end is a
    :class:`~patience_rules.scorpion.State` equal to *state*, and *state* is in the form
    ``from_dict`` reads (its variant, score and removed runs of their own types, which
    equality alone does not tell: ``Variant.CLASSIC == "classic"``; a card, column or
    position of another class is equal to none of the line's).  ∎  A no proves nothing:
    where the line is not found (a card that moved twice, a reserve card moved since
    the reserve deal, Flexible points earned on the way), the full checks decide, with
    their messages.

    Under Classic a card other than a King moves at most once (claim 5), so the line
    is found for most positions play reaches; it costs about a move per card off its
    dealt place, where the full checks cost several times ten moves (callgrind,
    ``docs/performance.md``).
    """
    if (
        state.__class__ is not scorpion.State
        or state.variant is not deal.dealt.variant
        or state.score.__class__ is not int
        or any(suit.__class__ is not Suit for suit in state.removed_runs)
    ):
        return False
    try:
        position = _direct_line(state, deal, moves)
    except (AttributeError, TypeError, ValueError, IndexError, KeyError):
        return False  # not a position of cards, or the reserve deal refused (IllegalMoveError)
    return position is not None and position == state


def _direct_line(state: scorpion.State, deal: Deal, moves: int) -> scorpion.State | None:
    """Play from the deal, each card off its dealt place moved once onto its place in *state*.

    The place of a card (see the module's places) is the card under it, or its column's
    floor; a card of a removed run lay on the card a rank higher.  At each step the
    reserve deal is made if it puts each reserve card where it lies in *state*; else
    the first card whose place in *state* tops a column is moved there (a card the
    rules do not let go there is tried again later); else the reserve deal is made
    anyway, and the reserve cards it puts elsewhere are moved later like the others.
    Returns the position reached, or ``None`` where the line is not tried (its length
    is not the counter *moves*) or stops: no card can move, a reserve card must go where
    another card waits, or it needs more than *moves* actions.  Whether the line
    reaches *state* is :func:`replayed`'s question.
    """
    waiting, landing = _places_off(state, deal)
    to_deal = not state.reserve
    # Tried only where the counter leaves no action but the line's (claim 11's case, where the
    # full checks cost the most): there the line is the one play took, in some order, and it
    # was found for most positions; elsewhere it was found for a few, at the cost of up to a
    # move per card off its dealt place (callgrind, docs/performance.md).
    if len(waiting) + to_deal != moves:
        return None
    position, actions = deal.dealt, 0
    while waiting or to_deal:
        moved = None
        if to_deal and _lands(position, landing):
            moved, to_deal = _deal_reserve(position, deal, waiting, landing), False
        else:
            moved = _move_one(position, waiting)
            if moved is None and to_deal:
                moved, to_deal = _deal_reserve(position, deal, waiting, landing), False
        if moved is None:
            return None
        position, actions = moved, actions + 1
        if actions > moves:
            return None
    return position


def _places_off(state: scorpion.State, deal: Deal) -> tuple[dict[int, int], list[int]]:
    """The cards of *state* off their dealt places, by the place each lies on; the reserve's.

    Returns, by place, the card lying on it that is off its dealt place (reserve cards
    but: a place taken twice keeps one, and the line's end tells it), and the place each
    reserve card lies on (``_NO_PLACE`` for a removed run's King, which lay anywhere).
    """
    waiting: dict[int, int] = {}
    landing = [_NO_PLACE] * _RESERVE_COLUMNS
    places, reserve = deal.places, deal.reserve
    for number, column in enumerate(state.columns):
        place = column.down[-1].index if column.down else _FLOOR + number
        for card in column.up:
            index = card.index
            if index in reserve:
                landing[reserve[index]] = place
            elif places[index] != place:
                waiting[place] = index
            place = index
    for suit in state.removed_runs:
        for index, place in _RUN_PLACES[suit]:
            if index in reserve:
                landing[reserve[index]] = place
            elif places[index] != place:
                waiting[place] = index
    return waiting, landing


def _top(position: scorpion.State, number: int) -> int:
    """The place on top of column *number*: its top card, or its floor."""
    up = position.columns[number].up
    return up[-1].index if up else _FLOOR + number


def _lands(position: scorpion.State, landing: list[int]) -> bool:
    """Whether the reserve deal puts each reserve card on the place it has in *landing*."""
    for number, want in enumerate(landing):
        if want != _NO_PLACE and want != _top(position, number):
            return False
    return True


def _move_one(position: scorpion.State, waiting: dict[int, int]) -> scorpion.State | None:
    """*position* after the first card of *waiting* moved onto the top it waits for, if any."""
    # A plain loop: a list of the tops built each step cost 60,000 of the line's 510,000
    # instructions (callgrind).
    for number, column in enumerate(position.columns):
        up = column.up
        top = up[-1].index if up else _FLOOR + number
        card = waiting.get(top)
        if card is not None:
            # apply's card move itself, without apply's checks of the position's class and
            # of a won game (1.5 k instructions a move, callgrind): in a game not won, apply
            # returns _card_move's position, or refuses the move where _card_move gives None
            # (apply's comment: _card_move makes every legal card move); a won game has no
            # card in its columns, so _card_move finds none and gives None, and apply refuses.
            after = _card_move(position, _CARD_MOVES[card][number])
            if after is not None:  # else face down, or under its place: perhaps later
                del waiting[top]
                return after
    return None


def _deal_reserve(
    position: scorpion.State, deal: Deal, waiting: dict[int, int], landing: list[int]
) -> scorpion.State | None:
    """*position* after the reserve deal; the reserve cards it puts elsewhere wait to move."""
    for number, (card, want) in enumerate(zip(deal.dealt.reserve, landing, strict=True)):
        if want != _NO_PLACE and want != _top(position, number):
            if want in waiting:
                return None
            waiting[want] = card.index
    return scorpion.apply(position, _DEAL_RESERVE)


_DEAL_RESERVE = scorpion.DealReserve()
_card_move = scorpion._card_move  # noqa: SLF001 - apply's card move, see _move_one
_CARD_MOVES = tuple(
    tuple(scorpion.MoveCard(card, number + 1) for number in range(scorpion.COLUMNS))
    for card in one_deck()
)
"""``_CARD_MOVES[card index][column index]``: every card move, made once."""


def _check_once(state: scorpion.State, deal: Deal, moved: _Moved, moves: int) -> None:
    """Check the reserve cards' columns again, every card moved once, if the counter allows it.

    Claim 11.  If the counter is the reserve deal (once dealt) plus ``|M|``
    (claim 2, *moved* in this reading), every card of *M* moved once, and
    no other card moved.  Proof.  A line of play reaching the position
    within the counter makes at most that many actions; it makes the
    reserve deal and the ``|M|`` different last moves of the cards of *M*
    (claim 2), so nothing more: each of its moves is the last of a card of
    *M*, whose deepest card moves no other time.  ∎  So every card on its
    dealt place never left it, and what claims 4, 7, 8 and 10 derive under
    Classic from a card that moves at most once holds for every card: they
    are checked again so, and any move more they or claim 9 then count is
    one the counter does not leave.  (Their first pass, and the counts,
    hold without claim 11; a ring or a card back on a turned card would
    have needed a move more.)

    Claim 11 is not shown to hold one legal action later: a move that takes
    a card off its dealt place leaves the counter as tight as it was (a card
    more in *M*, an action more), and the columns checked again change with
    it; no proof is written, so it is checked at every position.
    """
    seen = moved.seen
    if state.reserve or seen is None or not seen.by_reserve_deal or 1 + moved.cards < moves:
        return
    on_dealt = {  # the cards of the columns but M and the reserve cards: none ever moved
        card.index
        for column in state.columns
        for card in column.up
        if card.index not in seen.lies_on and card.index not in deal.reserve
    }
    once = _Seen(  # built, not evolved: attrs.evolve was a tenth of claim 11's time
        lies_on=seen.lies_on,
        unmoved=on_dealt,
        late=set(seen.late),
        back=seen.back,
        by_reserve_deal=seen.by_reserve_deal,
        moved_reserve=seen.moved_reserve,
    )
    try:
        crossed = _crossings(state, deal, once, set(), once=True)
        again = _Moved(
            moved.cards,
            moved.unscored,
            max(crossed.moves, crossed.piled) + crossed.came_back,
            carrier=moved.carrier,
            maker=moved.maker,
            placed_early=max(moved.placed_early, crossed.placed_early),
        )
        _check_counts(state, again, moves, dealt=True)
    except InvalidPositionError as error:
        raise InvalidPositionError(
            f"{error}; the move counter {moves} leaves no move but the reserve deal and the "
            "last move of each card off its dealt place, so no card moved twice"
        ) from None


def _check_order(state: scorpion.State, deal: Deal, moved: _Moved, moves: int) -> None:
    """Check that the cards off their dealt places can have moved in some order, if need be once.

    Claim 23.  If the counter leaves no card move beyond the ``|M|`` last
    moves of claim 2 (the reserve deal, once dealt, and ``|M|`` moves: *M* in
    this reading), then the cards of *M* can be ordered so that each card
    *c* comes after (a) the card *d* dealt on the place *c* lies on, if *d*
    is in *M*, and (b) if *c* lies on a card *y* dealt above it in its dealt
    column, some card of *M* among those dealt above *c* up to *y*.

    Proof.  As for claim 11, the line makes the ``|M|`` different last moves
    of the cards of *M* and no other card move: each card of *M* is the
    deepest card of exactly one move, *m*(*c*), and no other card is ever
    one.  Order *M* as their moves are made.  (a) When *m*(*c*) put *c* on
    its place, the place topped a column, so *d* no longer lay on it: its
    place had changed, which only a move of which it is the deepest card
    does (the lemma: the reserve deal moves reserve cards; a run removed
    takes *d* off the place and leaves the place on the table only if *d* is
    its King, which is in no *M*, and one that takes the place too leaves
    nothing for *m*(*c*) to put *c* on, *c* being no other card than *d* in
    a removed run on it), so *m*(*d*) came first.  (b) At the deal *y* lay
    above *c* in one column; when *m*(*c*) put *c* on *y*, *y* topped
    another column than *c*'s (a move takes *c* with every card above it).
    Take the first action after which *y* no longer lay above *c* in one
    column.  Until then the cards from *c* up to *y* were the dealt ones, in
    order: a move with its deepest card at or under *c* carries them all,
    one above *y* or onto a column's top, and the reserve deal, leave them,
    and a run removed takes cards from the top: one that takes *y* (with *c*
    or not) takes it for good, so *m*(*c*) came before it, while *y* still
    lay above *c*, and it is not that action either.  So that action is a
    move whose deepest card *b* was dealt above *c* up to *y*; *b* is in *M*
    (no other card is the deepest card of a move), and *m*(*b*) came before
    *m*(*c*).  ∎

    So where no such order exists, the position took a card move more than
    the counter leaves, and is refused.  Each card waits for at most one
    card (a) and one of a few (b); an order exists exactly when taking, again
    and again, any card whose waits are met by cards already taken takes
    them all (a wait met stays met), which is what is checked.  Claim 23 is
    not shown to hold one legal action later (the move that takes a card off
    its dealt place adds a card to *M* and an action, and the waits change):
    it is checked at every position.
    """
    seen = moved.seen
    if seen is None or (0 if state.reserve else 1) + moved.cards < moves:
        return
    lies_on = seen.lies_on
    waits = _waits(lies_on, deal)
    taken = set(lies_on).difference(waits)
    while waits:
        ready = [
            card
            for card, (first, among) in waits.items()
            if (first == _NO_PLACE or first in taken)
            and (among is None or not taken.isdisjoint(among))
        ]
        if not ready:
            break
        taken.update(ready)
        for card in ready:
            del waits[card]
    if waits:
        clauses = [
            _waiting(card, lies_on[card], first, among) for card, (first, among) in waits.items()
        ]
        raise InvalidPositionError(
            f"the move counter {moves} leaves no move but the last move of each card off its "
            "dealt place (and the reserve deal), so each moved once, but no order of those "
            f"moves works: {'; '.join(clauses[:3])}"
        )


def _waits(lies_on: dict[int, int], deal: Deal) -> dict[int, tuple[int, tuple[int, ...] | None]]:
    """Claim 23's waits: by card of *M* (*lies_on*), its (a) card or ``_NO_PLACE``, its (b) cards.

    The (b) cards are ``None`` where the card lies on no card dealt above it.  Cards that
    wait for nothing are left out, and so is every card where none waits for (b) cards:
    then the (a) waits alone can be met, a cycle of them being a ring of claim 2, which
    took a move more than the counter leaves (:func:`_check_counts` refused it).
    """
    places, dealt_on, columns = deal.places, deal.dealt_on, deal.columns
    among: dict[int, tuple[int, ...]] = {}
    for card, place in lies_on.items():
        if place < _FLOOR and columns[place] == columns[card] != _NO_PLACE:
            chain: list[int] = []
            below = place
            while 0 <= below < _FLOOR and below != card:
                chain.append(below)
                below = places[below]
            if below == card:  # (b): *place* was dealt above *card*
                among[card] = tuple(above for above in chain if above in lies_on)
    if not among:
        return {}
    waits: dict[int, tuple[int, tuple[int, ...] | None]] = {}
    for card, place in lies_on.items():
        first = dealt_on[place]
        if first in lies_on or card in among:
            waits[card] = (first if first in lies_on else _NO_PLACE, among.get(card))
    return waits


def _waiting(card: int, place: int, first: int, among: tuple[int, ...] | None) -> str:
    """What *card*, on *place*, waited for in claim 23, for a message."""
    deck = one_deck()
    reasons = [f"{deck[first]} had left it"] if first != _NO_PLACE else []
    if among is not None:
        dealt = f"dealt above {deck[card]} up to {deck[place]}"
        reasons.append(
            f"{' or '.join(str(deck[above]) for above in among)}, {dealt}, had moved"
            if among
            else f"a card {dealt} had moved, and none did"
        )
    return f"{deck[card]} went onto {_place_name(place)} only after {' and '.join(reasons)}"


def _check_counts(state: scorpion.State, moved: _Moved, moves: int, *, dealt: bool) -> None:
    """Check the score and the counter against the cards *moved* (none known without a deal).

    The score is 5 per turned card, 100 per run and 5 per same-suit placement,
    each placement one card move.  A card move turns at most two cards (one
    it uncovers, one under the run it completes) and removes at most one run;
    the reserve deal, one action, turns at most three and removes at most
    three.  With a deal, each card off its dealt place took a move of its own.

    Claim 5: under Classic, with a deal, the score counts exactly the scored
    cards of *M* (see :func:`_walk`, a moved reserve card included).  Proof.
    A non-King card goes only onto the one card it fits, and a King only to
    a floor, for no points.  So every same-suit placement puts a card on the
    card it fits, where it stays for good (the one place it could go is
    where it is), also in a removed run: each card is placed at most once,
    and lies on the card it fits off its dealt place; and each card of *M* on
    a card got there so.  ∎

    Claim 6: under Flexible, with a deal, if the score counts *e* > 0
    placements more than the scored cards of *M*, no move beyond the ``|M|``
    last moves is counted otherwise (``more`` is 0), and no card can have
    earned points before its last move (``carrier`` false), then the
    position took at least ``|M| + e + 1`` card moves.  Proof.  A move
    scores only onto the one card of the moved card's suit a rank higher,
    its *successor*.  The *e* placements are moves other than the last moves
    of *M*.  Each is made by a card *c* that either is in *M* and lies on its
    successor (not a carrier: the only other way), so it left the successor
    after the placement and came back, a move more; or lies on its dealt
    place, which it left and came back to, and of those two moves only one
    lands on its successor.  Either way *c* made a move beyond its
    placements and its last move, so the moves beyond the ``|M|`` last ones
    are at least *e* + 1.  ∎
    """
    deals = 0 if state.reserve else 1
    turned = _DEALT_DOWN - sum(len(column.down) for column in state.columns)
    runs = len(state.removed_runs)
    placements = (
        state.score - scorpion.POINTS_TURNED * turned - scorpion.POINTS_RUN * runs
    ) // scorpion.POINTS_SAME_SUIT
    scored = moved.cards - moved.unscored
    if placements < scored + moved.placed_early:
        least = (
            scorpion.POINTS_SAME_SUIT * (scored + moved.placed_early)
            + scorpion.POINTS_TURNED * turned
            + scorpion.POINTS_RUN * runs
        )
        early = (
            f", and {moved.placed_early} put on their suit before the reserve deal by moves "
            "that were not their cards' last (a card that left its dealt place then when no "
            "other card it fits topped a column, or one of a reserve card's column then)"
            if moved.placed_early
            else ""
        )
        raise InvalidPositionError(
            f"field 'score' is {quote(state.score)}, less than the {least} earned by {turned} "
            f"cards turned face up, {runs} runs removed and {scored} cards put on cards of "
            f"their suit where the code does not deal them{early}"
        )
    classic = state.variant is scorpion.Variant.CLASSIC
    if dealt and classic and placements > scored:
        raise InvalidPositionError(
            f"field 'score' is {quote(state.score)}: it counts {quote(placements)} cards put on "
            f"cards of their suit, but under Classic each card moves onto its suit at most "
            f"once and stays there, and only {scored} can have"
        )
    if dealt and placements > scored and not moved.maker:
        raise InvalidPositionError(
            f"field 'score' is {quote(state.score)}: it counts {quote(placements)} cards put on "
            f"cards of their suit, but only {scored} can have been (the last moves of cards off "
            "their dealt places), and no other card can have been put on its suit"
        )
    by_reserve = _RESERVE_COLUMNS * deals
    returned = placements > scored and not moved.more and not moved.carrier
    card_moves = max(
        placements + moved.unscored + returned,
        moved.cards + moved.more,
        (max(0, turned - by_reserve) + 1) // 2,
        runs - by_reserve,
    )
    if deals + card_moves > moves:
        off = (
            ""
            if not dealt
            else f", {moved.cards} cards moved from their dealt places and {moved.more} moves more"
        )
        again = (
            ", and no card can have made those placements without a move more"
            if dealt and returned
            else ""
        )
        raise InvalidPositionError(
            f"the position takes at least {quote(deals + card_moves)} actions ({deals} reserve "
            f"deal, {quote(placements)} same-suit placements in the score {quote(state.score)}, "
            f"{turned} cards turned face up, {runs} runs removed{off}{again}), but the move "
            f"counter is {moves}"
        )


def _check_deal(state: scorpion.State, deal: Deal) -> None:
    """Check what play never changes: the face-down cards, the reserve, covered runs."""
    dealt = deal.dealt
    for index, (column, dealt_column) in enumerate(zip(state.columns, dealt.columns, strict=True)):
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
        top = column.up[-_RUN_LENGTH:]
        if len(top) < _RUN_LENGTH or top != _RUNS[top[-1].suit]:
            continue
        if not _ever_covered(top[-1], state, deal):
            raise InvalidPositionError(
                f"columns[{index}] ends with the complete run of {top[-1].suit.symbol}, which "
                "would have been removed: its Ace was never under another card"
            )


def _either_way(state: scorpion.State, deal: Deal) -> tuple[int, ...]:
    """The dealt reserve cards that a move may have put where they lie, as the reserve deal may.

    Those that lie on a card they fit, Kings on a floor, and those in removed runs
    (on the card they fit when the run went), Kings but.
    """
    if state.reserve:
        return ()
    flexible = state.variant is scorpion.Variant.FLEXIBLE
    reserve = deal.reserve
    found = []
    for column in state.columns:
        for position, card in enumerate(column.up):
            if card.index not in reserve:
                continue
            if position:
                if _fits(card, column.up[position - 1], flexible=flexible):
                    found.append(card.index)
            elif not column.down and card.rank is Rank.KING:
                found.append(card.index)
    keys = reserve.keys()
    for suit in state.removed_runs:
        # Most runs hold no reserve card: told in C (a loop over the run's twelve cards was
        # a fourth of the function, callgrind).
        run = _RUN_INDEXES[suit]
        if not keys.isdisjoint(run):
            found.extend(index for index in run if index in reserve)
    return tuple(found)


@attrs.frozen
class Deal:
    """The code's deal as tables by card index (see the module's places).

    Built once per deal (``_reachable`` keeps it beside the deal), and shared: nothing
    changes it.
    """

    dealt: scorpion.State
    """The deal itself."""
    places: tuple[int, ...]
    """Each card's dealt place: a card's index, a floor, or ``_NO_PLACE`` (the reserve)."""
    dealt_on: tuple[int, ...]
    """By place: the card dealt on it, or ``_NO_PLACE``."""
    columns: tuple[int, ...]
    """Each card's dealt column (0-based), or ``_NO_PLACE`` (the reserve)."""
    reserve: dict[int, int]
    """The reserve cards: the column (0-based) each is dealt onto."""
    face_down: frozenset[int]
    """The cards dealt face down."""
    lie_on: tuple[tuple[int, ...], ...]
    """By card index: the cards that can have lain on it before the reserve deal, the one
    dealt on it and those a move puts on it, reserve cards excepted (claim 9)."""

    @classmethod
    def of(cls, dealt: scorpion.State) -> Deal:
        """The tables of *dealt*."""
        places = [_NO_PLACE] * _CARDS
        dealt_on = [_NO_PLACE] * (_FLOOR + scorpion.COLUMNS)
        columns = [_NO_PLACE] * _CARDS
        for number, column in enumerate(dealt.columns):
            place = _FLOOR + number
            for card in (*column.down, *column.up):
                places[card.index] = place
                dealt_on[place] = card.index
                columns[card.index] = number
                place = card.index
        reserve = {card.index: number for number, card in enumerate(dealt.reserve)}
        face_down = frozenset(card.index for column in dealt.columns for card in column.down)
        lower = _ONE_LOWER if dealt.variant is scorpion.Variant.FLEXIBLE else _ONE_LOWER_SAME_SUIT
        lie_on = tuple(
            tuple(
                card
                for card in {*lower[index], dealt_on[index]}
                if card != _NO_PLACE and card not in reserve
            )
            for index in range(_CARDS)
        )
        return cls(
            dealt, tuple(places), tuple(dealt_on), tuple(columns), reserve, face_down, lie_on
        )

    def card_on(self, place: int) -> str:
        """The card dealt on *place*, for a message."""
        index = self.dealt_on[place]
        return "nothing" if index == _NO_PLACE else str(one_deck()[index])


@attrs.frozen
class _Seen:
    """What :func:`_walk` learns of each card, for the checks that look across columns."""

    lies_on: dict[int, int] = attrs.field(factory=dict)
    """The cards of *M* (see :func:`_walk`): the place each lies on."""
    unmoved: set[int] = attrs.field(factory=set)
    """The cards on their dealt places that cannot have left them (claim 1)."""
    late: set[int] = attrs.field(factory=set)
    """The cards last placed after the reserve deal: moved reserve cards, cards on those."""
    back: set[int] = attrs.field(factory=set)
    """The cards back on their dealt places on a card turned face up since (claim 2)."""
    by_reserve_deal: list[tuple[int, int, Card]] = attrs.field(factory=list)
    """The reserve cards the reserve deal put on a card where they lie: (column, index, card)."""
    moved_reserve: list[tuple[int, int, Card]] = attrs.field(factory=list)
    """The reserve cards in their own column that a move put where they lie, in this reading."""


def _walk(  # noqa: C901, PLR0912, PLR0915 - a rule a branch
    state: scorpion.State, deal: Deal, moved_reserve: frozenset[int]
) -> _Moved:
    """Check where every face-up card lies, and count the cards off their dealt places.

    *moved_reserve* are reserve cards read as put where they lie by a move,
    not by the reserve deal (see :func:`check`).  Where a card lies (the
    module's lemma): on its dealt place; or where a move puts it
    (*placeable*: on a card it fits, or a King on a floor); or, once the
    reserve is dealt, a reserve card on any card or on its own column's
    floor.  A card on a face-down card lies on its dealt place.

    Claim 1: a card that lies on its dealt place left it at some time only if
    it is *placeable* there and has another place to go: a King on a floor
    (any other floor), or under Flexible a card on one a rank higher (three
    other suits).  Proof: only the deepest card of a move leaves its place
    (the lemma), and it goes to a card it fits or, a King, to a floor; under
    Classic the only card a non-King fits is the one it lies on, not a top
    card, and a King fits no card.  To come back it must be placeable.  ∎
    Say a card *stays* if it lies on its dealt place without having left it,
    by claim 1, and so does every card under it: then its column under it is
    as dealt.  So a card dealt on a card dealt face down and turned up since
    (which needed it gone) cannot lie on it and stay; and a reserve card on a
    card it does not fit (the reserve deal put it on its own column's top
    card, which was no reserve card) cannot lie on a reserve card, nor on a
    card that stays in another column.

    Claim 2: let *M* be the cards that lie off their dealt places, but
    reserve cards that the reserve deal may have put there (in this reading),
    counting the cards of the removed runs but their Kings, each as lying on
    the card one rank higher; *U* those of *M* on a floor or, under Flexible,
    on a card of another suit.  Then the position took at least ``|M|`` card
    moves, at least ``|U|`` of them without same-suit points, one more per
    *ring* of *M* (cards *c*₁ … *c*ₖ of *M*, each *c*ᵢ₊₁ dealt on the place
    *c*ᵢ lies on, and *c*₁ dealt on the place of *c*ₖ), and two more per card
    that lies on its dealt place, dealt on a card turned face up since.

    Proof.  By the lemma each card of *M* was last moved onto its place as
    the deepest card of a card move (a run card lay on the card one rank
    higher when the run was removed).  A move has one deepest card, so these
    last moves are ``|M|`` moves; those of *U* put a card on a floor or on
    another suit, which earns no same-suit points.  When *c*ᵢ was last put on
    its place, that place was a top card or an empty floor, so the card
    dealt on it, *c*ᵢ₊₁, no longer lay on it: it had been the deepest card of
    a move before (it is not a run's King, being in *M*, so no run removal
    took it).  If every card of a ring had moved only once, its move would
    come before that of *c*ᵢ for every *i*, around the ring: impossible.  So
    some card of each ring moved twice, and its first move is none of the
    last moves.  Each card of *M* has at most one successor, so rings share
    no card.  A card back on a turned card left it (the card turned up when
    uncovered) and came back: two moves of a card not in *M*.  ∎

    (Claim 3, two moves more for a reserve card the reserve deal put in
    another column on cards all on their dealt places, is now a case of
    claim 4: a late card on its dealt place moved twice.  Claims 4, 7 and 8
    are :func:`_crossings`.)
    """
    places = deal.places
    reserve = {} if state.reserve else deal.reserve  # the cards the reserve deal has dealt
    flexible = state.variant is scorpion.Variant.FLEXIBLE
    turned = deal.face_down.difference(
        card.index for column in state.columns for card in column.down
    )
    floors = _floors_kept(state, deal)
    seen = _Seen()
    lies_on = seen.lies_on
    unmoved = seen.unmoved
    unscored = returned = 0
    # The loop reads a card's index once, and asks of *place* what it asks of *under*'s index
    # (the place a card lies on is *under*'s index, or a floor, which no table of card indices
    # holds): a face-up card's work, for each of the 60 or so cards of two positions.
    for number, column in enumerate(state.columns):
        under: Card | None = column.down[-1] if column.down else None
        place = _FLOOR + number if under is None else under.index
        has_down = bool(column.down)
        stays = True
        for position, card in enumerate(column.up):
            index = card.index
            on_face_down = not position and has_down
            if under is None:
                placeable = card.rank is Rank.KING
                returns = placeable and not floors
            else:
                # _fits in line (a call a face-up card, most of them): the same test.
                placeable = (
                    not on_face_down
                    and under.rank == card.rank + 1
                    and (flexible or under.suit is card.suit)
                )
                returns = placeable and flexible
            if places[index] == place:
                if place in turned:
                    if not returns:
                        raise InvalidPositionError(
                            f"{_at(number, position, card)} lies on {under} as dealt and "
                            f"cannot have left it; but {under}, dealt face down, is face up, "
                            f"which needed {card} gone"
                        )
                    returned += 1
                    seen.back.add(index)
                if not returns:
                    unmoved.add(index)
                stays = stays and not returns
                under, place = card, index
                continue
            if on_face_down:
                raise InvalidPositionError(
                    f"{_at(number, position, card)} lies on the face-down cards, where the "
                    f"code deals {deal.card_on(place)}: nothing moves there or away"
                )
            if place in reserve:
                seen.late.add(index)
            if index in moved_reserve:
                not_by_reserve: str | None = "a move put it there"
            elif index not in reserve:  # _not_by_reserve_deal's first answer, in line
                not_by_reserve = "it is no reserve card"
            else:
                not_by_reserve = _not_by_reserve_deal(
                    card, under, number, stays=stays, reserve=reserve
                )
            if not placeable and not_by_reserve is not None:
                raise InvalidPositionError(
                    f"{_at(number, position, card)} is at the bottom, where the code deals "
                    f"{deal.card_on(place)}: only a King moves into an empty column, and "
                    f"{not_by_reserve}"
                    if under is None
                    else f"{_at(number, position, card)} lies on {under}, where the code does "
                    f"not deal it, no move puts it, and {not_by_reserve}"
                )
            if not_by_reserve is not None:
                lies_on[index] = place
                unscored += under is None or under.suit is not card.suit
                if index in reserve:
                    seen.late.add(index)
                    if reserve[index] == number:  # claim 17 asks of these only
                        seen.moved_reserve.append((number, position, card))
            elif under is not None:
                seen.by_reserve_deal.append((number, position, card))
            stays = False
            under, place = card, index
    for suit in state.removed_runs:
        run = _RUNS[suit]
        for higher, card in itertools.pairwise(run):
            if card.index in reserve:
                if card.index in moved_reserve:
                    lies_on[card.index] = higher.index
            elif places[card.index] != higher.index:
                lies_on[card.index] = higher.index
    rings, in_rings = _rings(lies_on, deal.dealt_on)
    crossed = _crossings(state, deal, seen, in_rings, once=False)
    more = max(rings + 2 * returned + crossed.moves, crossed.piled) + crossed.came_back
    carrier = flexible and _carrier(state, deal, seen)
    placements = (  # as _check_counts counts them: claim 15 asks only when some are unscored
        state.score
        - scorpion.POINTS_TURNED * len(turned)
        - scorpion.POINTS_RUN * len(state.removed_runs)
    ) // scorpion.POINTS_SAME_SUIT
    maker = (
        carrier
        or not flexible
        or placements <= len(lies_on) - unscored
        or _maker(state, deal, seen)
    )
    return _Moved(
        len(lies_on),
        unscored,
        more,
        carrier=carrier,
        seen=seen,
        maker=maker,
        placed_early=crossed.placed_early,
    )


def _floors_kept(state: scorpion.State, deal: Deal) -> bool:
    """Whether every column's dealt bottom card lies on its floor: then none was ever empty.

    Proof.  The first column to be emptied lost its bottom card: a move took
    it, not a King (a King moves only into an empty column, and there was
    none), so it never came back to a floor; or a run took it.  ∎  So no King
    ever moved into an empty column, and one on its dealt floor never left it.
    """
    for number, column in enumerate(state.columns):
        cards = column.down or column.up
        if not cards or cards[0].index != deal.dealt_on[_FLOOR + number]:
            return False
    return True


@attrs.frozen
class _Crossed:
    """What the reserve deal's claims count beyond the last moves of *M* (see :func:`_crossings`).

    Each bound holds alone; they may count the same moves, so the largest counts.
    """

    moves: int
    """Moves the reserve cards' columns needed (claims 4, 7 and 8)."""
    piled: int
    """Moves their piles at the reserve deal needed (claims 9 and 12)."""
    came_back: int
    """Moves of the reserve cards read as moved that came back (claim 17)."""
    placed_early: int
    """Same-suit placements of the cards gone early and of the piles (claims 16 and 22)."""


_NOTHING_CROSSED = _Crossed(0, 0, 0, 0)


def _crossings(
    state: scorpion.State, deal: Deal, seen: _Seen, in_rings: set[int], *, once: bool
) -> _Crossed:
    """Check each reserve card the reserve deal put on a card against that card's column then.

    Returns the moves beyond those claim 2 counts that the columns needed
    (claims 4, 7 and 8), apart the moves that their piles at the reserve
    deal needed (claim 9, see :func:`_piles`), and apart the moves and
    placements of the cards that left their dealt places before the reserve
    deal and of the reserve cards that came back (claims 16, 22 and 17, see
    :meth:`_BeforeReserveDeal.gone_early` and :meth:`_BeforeReserveDeal.came_back`).
    *in_rings* are the cards on paths into rings.

    Claim 4.  Let the reserve deal have put reserve card *r*, dealt onto
    column *i*, on the card *u* it lies on; say a card is *late* if its last
    placement came after the reserve deal.  Then *u* topped column *i* at
    the reserve deal, and if *u* lies in another column now, or a late card
    or a reserve card lies under it, some card *w* from *u* down is late and
    lay in column *i* at the reserve deal: *w* is no reserve card, no card
    of *unmoved*, and no card under a late one or a reserve card.  If *w*
    lies on its dealt place, it left it and came back.  If *w* is in *M*
    and dealt in column *j* ≠ *i*, then either it moved before the reserve
    deal and after (under Classic only a King can), or it lay on its dealt
    place then and some card *v* of its *dealt chain* (the cards it is
    dealt on, down to a floor or a card face down now) lay off its dealt
    place then without being *still* (see below): if *v* lies on its dealt
    place now (in a column or a removed run, not a run's King), it came
    back.

    Proof.  Nothing moves *r* off *u* and back but a move, and this reading
    says none did.  Let *w* be the highest late card from *u* down (*u*
    included).  Every card from *u* down to *w* but *w* has lain on the
    card under it since the reserve deal or before, so *u* lay on them, and
    on *w*, then: *w* was in column *i*, under *u*, and not a reserve card
    (those went onto the tops).  If there is no late card, the whole column
    from *u* down has lain as it is since then: *u* lay in its column then.
    A reserve card under *u* lay there only after the reserve deal, so a
    card between is late; a late card is one.  An unmoved card never moved.
    A late card on its dealt place was last placed there after the reserve
    deal, so it had left it: two moves of a card not in *M*.  If *w* in *M*
    lay on its dealt place at the reserve deal, in column *i*, its dealt
    chain did not lie as dealt, all in column *j* (its bottom, a floor or
    a card still face down, never left column *j*): a card *v* of it lay
    off its dealt place, so had moved by then.  Under Classic a non-King
    moves at most once (claim 5).  ∎

    Also: the card dealt on *u*, if it did not move before the reserve deal
    (*still*: an unmoved card, or under Classic a late non-King of *M*), lay
    on *u* then, and *u* topped nothing; if only one card can be *w*, it is
    late; and under Classic a card of *M* put where a still card was dealt
    is late (that card lay there at the reserve deal).  Each follows from
    the definitions; the checks repeat until no card turns late.

    Claim 7.  Let *b* be the top of column *i*'s cards that never moved
    (its face-down cards and the unmoved cards on them, or its floor): they
    lay so at the reserve deal.  Let *c* be the highest card of column *i*
    from *b* up such that it and every card under it have lain where they
    lie since before the reserve deal (*b*, or a card below the first late
    or reserve card above *b*).  If *c* is not *u*, a card *x* lay on *c*
    at the reserve deal (*u* lay above it) and has left it since (perhaps to
    come back).  *x* is no reserve card, no face-down card, no unmoved
    card, and it lay on *c* as dealt, or moved there: a card *c* fits, or a
    King onto a floor.  If dealt there, it needs no move more, but two (it
    left and came back) if it lies on *c* again, which under Classic only a
    King can.  If not, it moved onto *c* before the reserve deal and away
    after, which under Classic only a King can: one move more than its
    last if it is in *M* or a removed run's King, two if it lies on *c*
    again or on its dealt place (0 if on a path into a ring or counted by
    claim 2).  Proof: the cases are the definitions; the moves before the
    reserve deal are not the last ones *M* counts.  ∎  Which card is *c*
    is not known: the candidates of every possible *c* are taken, and none
    if *u* can be *c*.

    Claim 8.  The card dealt on *u* no longer lay on it at the reserve
    deal; if it is late and in *M*, it moved before the reserve deal and
    after: one move more than its last (0 on a path into a ring).  ∎  Where
    it lay then is not known, so it is counted only if no cost of claims 4
    and 7 for another reserve card names it.

    So the moves counted for *r* are the fewest its possible *w* (or *v*),
    *x* and claim 8's card need, each cost named by the card that moves:
    the costs add up when they name different cards, and the largest counts
    when the same.  The cards claims 4 and 7 name for *r* all lay in column
    *i* at the reserve deal, so those of two reserve cards are different
    cards, and their moves different ones; claim 8's card is kept apart as
    it says.
    """
    if not seen.by_reserve_deal and not seen.moved_reserve:
        return _NOTHING_CROSSED
    before = _BeforeReserveDeal(state, deal, seen, once=once)
    before.settle(seen.by_reserve_deal)
    while True:
        late = len(seen.late)
        before.find_gone_early()
        crossings = [_crossing(state, before, placed, in_rings) for placed in seen.by_reserve_deal]
        more = 0
        for index, (carriers, firsts, early) in enumerate(crossings):
            others = {
                mover
                for other, (more_carriers, more_firsts, _) in enumerate(crossings)
                if other != index
                for mover in (*more_carriers, *(more_firsts or ()))
            }
            more += _fewest(carriers, firsts, None if early[0] in others else early)
        if len(seen.late) == late:
            piled, suited = _piles(before, seen.by_reserve_deal, crossings)
            placed_early = before.gone_early() + suited
            came_back = sum(before.came_back(placed, in_rings) for placed in seen.moved_reserve)
            return _Crossed(more, piled, came_back, placed_early)
        before.spread()


def _piles(
    before: _BeforeReserveDeal,
    placed: list[tuple[int, int, Card]],
    crossings: list[tuple[dict[int, int], dict[int, int] | None, tuple[int, int]]],
) -> tuple[int, int]:
    """Check claim 9 for the reserve cards *placed*; count the moves and placements it needs.

    Returns the moves beyond the last ones (claims 9, 12 and 21) and the same-suit
    placements beyond those of the last moves (claim 22).

    Claim 9.  Let the reserve deal have put reserve card *r*, dealt onto
    column *i*, on *u*, and let *x* be a card of claim 7 (one that lay on
    *c* at the reserve deal, *u* above it).  Then at the reserve deal the
    cards of column *i* from *x* up to *u* lay each on the one before: a
    *pile* *x* = *y*₀, *y*₁, …, *y*ₖ = *u* of different cards, none a
    reserve card (those were not yet on the table) nor a card face down now
    (a face-down card has only face-down cards under it, and *x* is face up
    on *c*).  Each *y*ⱼ₊₁ lay on *y*ⱼ as dealt or, by the lemma (no reserve
    deal had yet been), because a move put it there: it is dealt on *y*ⱼ or
    fits it.  If neither, and it does not lie on *y*ⱼ now, that move was
    not its last: a move beyond the ``|M|`` last moves; and if it lies on
    its dealt place now (not in *M*, not a removed run's King, which may
    have been removed from anywhere), it came back there since: two.  The
    cards are different, so the moves are.  So some pile of these steps
    leads from a possible *x* to *u*, and the cheapest (a step costing 0
    when the card is dealt on the card under it or lies on it now, else 1
    or 2 as said) bounds the moves beyond the last ones from below.  Piles
    of different reserve cards lay in different columns, so their cards and
    moves are different: the bounds add up.  They may be moves that claims
    2, 4, 7 and 8 count, so the total is compared with theirs, not added.  ∎

    Claim 12 (a card that had to make room).  Let *y* be *c* or a card of
    such a pile but *u*, the card on it at the reserve deal (*x*, or the
    next card of the pile) not be the card *d* dealt on *y*, and let *d* lie
    on *y* now (not in *M*, not a removed run's King: in a column, or in a
    removed run that, *y* having been on the table at the reserve deal, was
    removed after it).  Then *d* left *y* before the reserve deal and was
    put back on it after: two moves of *d*, neither a last move *M* counts.
    Proof: the lemma (*d* is no reserve card, being dealt on a card); the
    card on *y* at the reserve deal was not *d*.  ∎  These two moves may be
    those claim 9 counts for *d* as a card of some pile (put on a card it
    is not dealt on, back on its dealt place now), so they are counted in a
    second sum over the piles, in which a pile costs the two moves of each
    card it displaced (from *c* up; of the possible *c*, the cheapest for
    *x*), one move, as in claim 9, for a step by a card of *M* or a removed
    run's King, and nothing for a step by a card on its dealt place now.
    Each charge of that sum names its card, and no card twice: the cards
    charged for a step are cards of *M* or removed Kings, each in one pile at
    most; the displaced ones lie on their dealt places, so are neither, and
    each is dealt on one card, which lay in one column at the reserve deal,
    as *c* or in a pile, once.  So the cheapest such piles bound the moves
    beyond the last ones too, and the larger of the two sums counts.  A
    step by the card lying on the card under it now displaces none (*d*
    does not lie there), so a pile of claim 9 that costs nothing, from an
    *x* that displaced none, costs nothing here either.  ∎

    Claim 19 (no unmoved card off its dealt place).  A card of a pile of
    claims 9 and 12 that is *unmoved* (it lies on its dealt place and
    cannot have left it, claim 1; under claim 11, any card on its dealt
    place) is a step only onto the card it is dealt on.  Proof: it never
    moved, so at the reserve deal it lay on its dealt place.  ∎  So such a
    card is no step of the cheapest piles either, and a reserve card with
    no pile left is refused whatever the counter.

    Claim 21 (each card of a pile once).  Say a card was *away* at the
    reserve deal if it lay elsewhere than on its dealt place then.  For a
    reserve card's pile of claim 9 from *x* up to *u* on *c*: (i) a card *z*
    of it put on a card it is neither dealt on nor lies on now was away; if
    *z* is in *M*, it moved before the reserve deal and last after it (one
    move beyond its last), a removed run's King moved (one move), and a card
    on its dealt place now left it and came back (two); (ii) the card *d*
    dealt on *c* or on a card of the pile but *u*, if another card lay on
    that card then, was away: if it lies there now (claim 12), two moves; if
    it is in *M* and late (last placed after the reserve deal), it left
    before the reserve deal and moved last after it, one move beyond its
    last; (iii) *x* needs claim 7's moves.  Proof: the definitions, the
    lemma, and claim 12.  ∎  Each count names the card that moves, and none
    is a last move of *M*.  A card is named twice only as (ii)'s *d* and as
    (i)'s *z* or (iii)'s *x*, and then its dealt place lay in a pile or was
    *c*: both say it was away, so (ii) counts the same moves as (i) for a
    card on its dealt place now or a late card of *M*, and no more than
    (iii).  So (i) drops those cards and (iii) what (ii) may count, unless
    the card's dealt place can lie in no pile nor be *c*: a face-down card,
    or an unmoved card of a column's bottom (on face-down cards, a floor or
    such cards, so it never left its column) but the top of those of a
    reserve card's column, where *c* may be.  Then each card is counted
    once, over the piles of every reserve card too (a card lay in one pile
    at most, is dealt on one card, and what is dropped depends on the card
    alone), and the cheapest such piles bound the moves beyond the last
    ones: a third total beside those of claims 9 and 12, the largest of the
    three counting.  ∎  A pile that claim 9 and claim 12 find free may cost a
    move here (a late card of *M* displaced, or *x*'s own moves).

    Claim 22 (placements in a pile).  A card of such a pile, *x* on *c*
    included, that lay on the card under it at the reserve deal though it is
    neither dealt on it nor lies on it now was put there by a move (the
    lemma: the reserve deal had not yet been) that was not its last; if it
    is of the suit of the card under it, that move earned same-suit points.
    Proof: the lemma.  ∎  Such moves are same-suit placements that are the
    last move of no card of *M* (a move has one deepest card), each by a
    different card, over the piles of every reserve card too.  Those of a
    card gone early are left out (they may be the placement claim 16 counts
    for it), and so is *x*'s move onto *c* when it lies there now.  The
    fewest over the possible piles bound them from below, and they add to
    claim 16's placements (see :func:`_check_counts`).  ∎

    Claims 9, 12, 21 and 22 do not hold one legal action later on every position that
    passes them: a move can take a card off its dealt place (one more card in
    *M*) and make a reserve card's cheapest pile cost a move more, two more
    for a counter one higher (``tests/test_loading_shortcuts.py`` has such a
    position, refused one move on, that play cannot reach); so it is checked
    at every position.
    """
    total = room = both = suited = 0
    for (number, position, card), (_, firsts, _) in zip(placed, crossings, strict=True):
        if not firsts:
            continue  # u may be c (None), or claim 7 has refused it (empty)
        under = before.columns[number].up[position - 1].index
        own = before.deal.reserve[card.index]
        room_then, starts = before.making_room[own], before.starts[own]
        suits = before.suited[own]
        free = [
            lower
            for lower in firsts
            if not room_then[lower] and not starts[lower] and not suits[lower]
        ]
        if _free_pile(before, free, under):
            continue  # none of claims 9, 12, 21 and 22 counts a move or a placement
        cost = 0 if _free_pile(before, list(firsts), under) else _pile_cost(before, firsts, under)
        if cost is None:
            own = before.deal.reserve[card.index]
            raise InvalidPositionError(
                f"{_at(number, position, card)}, a reserve card, lies on "
                f"{one_deck()[under]}: if the reserve deal put it there, "
                f"{one_deck()[under]} topped column {own + 1} then, but no pile of cards "
                f"lying on one another can have led up to it from what is left of column "
                f"{own + 1}, from {before.base_name(own)} up"
            )
        total += cost
        room += _cheapest(before, room_then, under, _Pricing.ROOM)  # the same steps
        both += _cheapest(before, starts, under, _Pricing.BOTH)
        suited += _cheapest(before, suits, under, _Pricing.SUITED)
    return max(total, room, both), suited


class _Pricing(enum.Enum):
    """How :func:`_pile_cost` prices a pile's steps."""

    STEPS = enum.auto()
    """Claim 9: the moves of the cards put on a card they are not dealt on."""
    ROOM = enum.auto()
    """Claim 12: those of the cards of *M* among them, and of the cards that made room."""
    BOTH = enum.auto()
    """Claim 21: the moves of each card of the pile or displaced by it, counted once."""
    SUITED = enum.auto()
    """Claim 22: the same-suit placements of the cards put in the pile by a move."""


def _cheapest(
    before: _BeforeReserveDeal, firsts: dict[int, int], under: int, pricing: _Pricing
) -> int:
    """:func:`_pile_cost` with *pricing*, 0 at once where a free pile costs nothing from *x*.

    A free pile's steps (see :func:`_free_pile`) cost nothing in any pricing.
    """
    if _free_pile(before, [lower for lower, cost in firsts.items() if not cost], under):
        return 0
    return _pile_cost(before, firsts, under, pricing) or 0


def _pile_cost(
    before: _BeforeReserveDeal,
    firsts: dict[int, int],
    under: int,
    pricing: _Pricing = _Pricing.STEPS,
) -> int | None:
    """The cheapest pile of claim 9 from a card of *firsts* up to *under*, ``None`` if none.

    Priced by *pricing*; *firsts* holds each possible *x* with its cost before the steps
    (ignored for claim 9, which counts the steps alone).
    """
    best = dict.fromkeys(firsts, 0) if pricing is _Pricing.STEPS else dict(firsts)
    queue = [(cost, lower) for lower, cost in best.items()]
    heapq.heapify(queue)
    while queue:
        cost, lower = heapq.heappop(queue)
        if cost > best[lower]:
            continue  # met again more cheaply since
        if lower == under:
            return cost
        for upper in before.deal.lie_on[lower]:
            step = _step(before, lower, upper, pricing)
            if step is not None and cost + step < best.get(upper, cost + step + 1):
                best[upper] = cost + step
                heapq.heappush(queue, (cost + step, upper))
    return None


def _step(before: _BeforeReserveDeal, lower: int, upper: int, pricing: _Pricing) -> int | None:
    """The moves *pricing* counts for *upper* lying on *lower* in a pile; ``None`` if it cannot."""
    dealt, lies_on, removed_kings = (
        before.deal.dealt_on[lower],
        before.seen.lies_on,
        before.removed_kings,
    )
    unmoved = before.seen.unmoved
    if upper in before.down or (upper in unmoved and upper != dealt):
        return None  # claim 19: an unmoved card lay on its dealt place then
    if upper == dealt:
        return 0
    if before.kept(lower):
        return None  # claim 20: the card dealt on lower lay on it then
    if lies_on.get(upper) == lower:
        return before.displaced(dealt) if pricing is _Pricing.BOTH else 0
    if pricing is _Pricing.SUITED:
        return before.placed(upper, lower)
    if pricing is _Pricing.STEPS:
        return 1 if upper in lies_on or upper in removed_kings else 2
    if pricing is _Pricing.ROOM:
        return int(upper in lies_on or upper in removed_kings) + 2 * before.lies_on_dealt(dealt)
    return before.stepped(upper) + before.displaced(dealt)


def _free_pile(before: _BeforeReserveDeal, firsts: list[int], under: int) -> bool:
    """Whether a pile of claim 9 that costs nothing leads from a card of *firsts* to *under*.

    Its steps are cards dealt on the card under them or lying on it now: at most two from a
    card, so this search is short, and in play it nearly always succeeds (a profile showed
    the full search of :func:`_piles` costing a fifth of the check).
    """
    dealt_on, down, reserve = before.deal.dealt_on, before.down, before.deal.reserve
    on_now = before.on_now()
    met = {*firsts, _NO_PLACE}
    stack = list(firsts)
    while stack:
        lower = stack.pop()
        if lower == under:
            return True
        dealt = dealt_on[lower]
        for upper in (dealt, on_now.get(lower, _NO_PLACE)):
            if upper != dealt and (before.kept(lower) or before.displaced(dealt)):
                continue  # claims 20 and 21: it lay on lower then, or costs a move
            if upper not in met and upper not in down and upper not in reserve:
                met.add(upper)
                stack.append(upper)
    return False


def _crossing(
    state: scorpion.State,
    before: _BeforeReserveDeal,
    placed: tuple[int, int, Card],
    in_rings: set[int],
) -> tuple[dict[int, int], dict[int, int] | None, tuple[int, int]]:
    """Claims 4, 7 and 8 for the reserve card *placed* (see above).

    Returns the costs of claim 4 by the card that moves (empty if it needs no *w*), those
    of claim 7 (``None`` if it does not apply), and claim 8's card and cost.
    """
    number, position, card = placed
    deal, seen = before.deal, before.seen
    own = deal.reserve[card.index]
    column = state.columns[number].up
    under = column[position - 1]
    covering = deal.dealt_on[under.index]
    if before.still(covering):
        raise InvalidPositionError(
            f"{_at(number, position, card)}, a reserve card, lies on {under}: if the "
            f"reserve deal put it there, {under} topped column {own + 1} then, but "
            f"{one_deck()[covering]}, dealt on {under}, had not moved yet"
        )
    early = int(covering in seen.late and covering in seen.lies_on and covering not in in_rings)
    candidates = before.carriers(column[:position], needed=number != own)
    if candidates is None:
        return {}, None, (covering, early)
    costs = {lower: before.costs(lower, own, in_rings) for lower in candidates}
    possible = [lower for lower, found in costs.items() if found]
    if not possible:
        raise InvalidPositionError(
            f"{_at(number, position, card)}, a reserve card, lies on {under}: if the "
            f"reserve deal put it there, {under} topped column {own + 1} then, but no "
            f"card from {under} down can have been in column {own + 1} then"
        )
    if len(possible) == 1:
        seen.late.add(possible[0])  # the one w there can be: a late card
    carriers: dict[int, int] = {}
    for lower in possible:
        for mover, cost in costs[lower].items():
            carriers[mover] = min(cost, carriers.get(mover, cost))
    firsts = before.firsts(under, own, in_rings)
    if firsts is not None and not firsts:
        raise InvalidPositionError(
            f"{_at(number, position, card)}, a reserve card, lies on {under}: if the "
            f"reserve deal put it there, {under} topped column {own + 1} then, on "
            f"cards that have left column {own + 1} since, but none can have lain on "
            f"what is left of it, from {before.base_name(own)} up"
        )
    return carriers, firsts, (covering, early)


def _fewest(
    carriers: dict[int, int], firsts: dict[int, int] | None, early: tuple[int, int] | None
) -> int:
    """The fewest moves of claims 4, 7 and 8 for one reserve card, by the card that moves.

    The moves of different cards add up; for the same card the most counts.  Claim 8's
    card is *early* (``None`` if another reserve card's claims may count it).
    """
    if early is None:
        early = (_NO_PLACE, 0)
    card, cost = early

    def beyond(costs: dict[int, int]) -> dict[int, int]:
        return {
            mover: max(0, found - cost) if mover == card else found
            for mover, found in costs.items()
        }

    if not carriers:
        return cost
    if firsts is None:
        return cost + min(beyond(carriers).values())
    return cost + _fewest_of_two(beyond(carriers), beyond(firsts))


def _fewest_of_two(first: dict[int, int], second: dict[int, int]) -> int:
    """The fewest moves of a card of *first* and one of *second*: the sum, the most if the same.

    One pass over *second*: for each of its cards, the cheapest other card of *first* is
    one of the two cheapest of *first*.
    """
    cheapest = sorted(first.items(), key=operator.itemgetter(1))[:2]
    fewest = sum(first.values()) + sum(second.values())
    for card, cost in second.items():
        other = next((found for lower, found in cheapest if lower != card), None)
        if other is not None:
            fewest = min(fewest, other + cost)
        if card in first:
            fewest = min(fewest, max(first[card], cost))
    return fewest


class _BeforeReserveDeal:
    """What claims 4 and 7 know of the cards before the reserve deal."""

    def __init__(self, state: scorpion.State, deal: Deal, seen: _Seen, *, once: bool) -> None:
        self.classic = state.variant is scorpion.Variant.CLASSIC
        self.once = once
        """Whether every card moved at most once (claim 11)."""
        self._on_now: dict[int, int] | None = None
        self.deal, self.seen = deal, seen
        self.down = {card.index for column in state.columns for card in column.down}
        self.removed_kings = {_RUNS[suit][0].index for suit in state.removed_runs}
        self.columns = state.columns
        self.bases = [  # only the reserve cards' columns are asked of
            self._base(number, column)
            for number, column in enumerate(state.columns[:_RESERVE_COLUMNS])
        ]
        self.making_room: dict[int, dict[int, int]] = {}
        """By reserve card's column: claim 12's moves for each card that can be *x*, those
        of the card dealt on *c* that it displaced (see :meth:`firsts`)."""
        self.suited: dict[int, dict[int, int]] = {}
        """By reserve card's column: claim 22's placement for each card that can be *x*."""
        self.starts: dict[int, dict[int, int]] = {}
        """By reserve card's column: claim 21's moves for each card that can be *x*, its own
        (less those a displacement may count) and those of the card it displaced."""
        self._unpileable: set[int] | None = None
        self.settled: set[int] = set()
        """Claim 10's cards: under Classic, they have lain where they lie since before the
        reserve deal."""
        self.covered = {
            state.columns[number].up[position - 1].index
            for number, position, _ in seen.by_reserve_deal
        }
        """The cards the reserve deal put a reserve card on: each topped its column then."""
        self.gone: dict[int, tuple[int, ...] | None] = {}
        """Claim 16's cards gone early, each with the cards its first move can have gone
        onto (``None`` for a King, which goes onto a floor)."""
        self.spread()

    def _base(self, number: int, column: scorpion.Column) -> tuple[int, int]:
        """The top place of *column*'s cards that never moved, and how many face-up ones there are.

        Those are its face-down cards and the unmoved cards on them (claim 1): they
        lay there, so, at the reserve deal too.
        """
        base = column.down[-1].index if column.down else _FLOOR + number
        for position, card in enumerate(column.up):
            if card.index not in self.seen.unmoved:
                return base, position
            base = card.index
        return base, len(column.up)

    def base_name(self, number: int) -> str:
        """The base of column *number* (see :meth:`_base`), for a message.

        The top of the settled cards on it, if any (claim 10).
        """
        base, position = self.bases[number]
        up = self.columns[number].up
        top = self._settled_top(position, up)
        if top > position:
            return str(up[top - 1])
        return f"the floor of column {number + 1}" if base >= _FLOOR else str(one_deck()[base])

    def firsts(self, under: Card, own: int, in_rings: set[int]) -> dict[int, int] | None:
        """The cards that can be *x* for column *own* and the fewest moves each needs (claim 7).

        ``None`` if *under* can have topped the column's bottom that lay as it lies
        since the reserve deal.
        """
        place, position = self.bases[own]
        up = self.columns[own].up
        lowest = self._settled_top(position, up)
        found: dict[int, int] = {}
        room: dict[int, int] = {}
        starts: dict[int, int] = {}
        suited: dict[int, int] = {}
        self.making_room[own], self.starts[own], self.suited[own] = room, starts, suited
        while True:
            if position >= lowest and place == under.index:
                return None
            above = up[position] if position < len(up) else None
            if position >= lowest:
                self._add_firsts(found, (room, starts, suited), place, above, in_rings)
            if above is None or above.index in self.deal.reserve or above.index in self.seen.late:
                return found
            place, position = above.index, position + 1

    def settle(self, placed: list[tuple[int, int, Card]]) -> None:
        """Find claim 10's settled cards: those dealt on the cards under *placed*, and on.

        Claim 10.  Say a card *moves once* if it moves at most once: under
        Classic a card other than a King (claim 5), or any card under claim
        11.  Let a card that moves once lie off its dealt place (in *M*) and
        have left its dealt place before the reserve deal: the card dealt on
        *u* for a reserve card the reserve deal put on *u* (claim 8), or, in
        turn, the card dealt on the place of a settled card.  Then it is
        *settled*: its one move came before the reserve deal and put it where
        it lies (the lemma), and it has lain there since.  Proof.  The first
        kind is claim 8; a settled card was put on its place before the
        reserve deal, which then topped a column, so the card dealt there had
        left it by then.  ∎  So in claim 7, every card of column *i* from
        *b* up to the top of an unbroken row of settled cards on *b* has
        lain where it lies since before the reserve deal, with those under
        it: *c* is that top or above, the candidates below are dropped, and
        *u* below it is no *c* (see :meth:`firsts`).

        Claim 10 is not shown to hold one legal action later (nor is claim 7,
        which it sharpens), so it is checked at every position.
        """
        if not self.classic and not self.once:
            return
        lies_on, dealt_on = self.seen.lies_on, self.deal.dealt_on
        moved = [
            dealt_on[self.columns[number].up[position - 1].index] for number, position, _ in placed
        ]
        while moved:
            card = moved.pop()
            if card in lies_on and self._moves_once(card) and card not in self.settled:
                self.settled.add(card)
                moved.append(dealt_on[lies_on[card]])

    def _settled_top(self, position: int, up: tuple[Card, ...]) -> int:
        """The position in *up* from *position* on above the settled cards there (claim 10)."""
        while position < len(up) and up[position].index in self.settled:
            position += 1
        return position

    def on_now(self) -> dict[int, int]:
        """By place: the card of *M* lying on it (claim 9)."""
        if self._on_now is None:
            self._on_now = {place: card for card, place in self.seen.lies_on.items()}
        return self._on_now

    def _moves_once(self, card: int) -> bool:
        """Whether *card* moved at most once: under Classic a non-King (claim 5); claim 11."""
        return self.once or (self.classic and card not in _KINGS)

    def _add_firsts(
        self,
        found: dict[int, int],
        rooms: tuple[dict[int, int], dict[int, int], dict[int, int]],
        place: int,
        above: Card | None,
        in_rings: set[int],
    ) -> None:
        """Add to *found* the cards that can have lain on *place* and left it since.

        And to *rooms* claim 12's moves for each: those of the card dealt on *place* if it
        is not that card and lies there now (the fewest over the places it can have lain on),
        and claim 21's: its own moves in *found*, less those its displacement may count
        (see :meth:`stepped`), and those of the card dealt on *place* it displaced.  None if
        the card dealt on *place* never left it (claim 20): it lay there then.
        """
        room, starts, suited = rooms
        if self.kept(place):
            return
        dealt = self.deal.dealt_on[place]
        displaced = 2 * self.lies_on_dealt(dealt)
        made_room = self.displaced(dealt)
        original = dealt
        if dealt in self.gone:
            dealt = _NO_PLACE  # it left place before the reserve deal: back only by a move
        candidates = [] if dealt == _NO_PLACE else [dealt]
        if place >= _FLOOR:
            candidates.extend(_KINGS)
        else:
            candidates.extend(_ONE_LOWER_SAME_SUIT[place] if self.classic else _ONE_LOWER[place])
        for candidate in candidates:
            if (
                candidate in self.deal.reserve
                or candidate in self.seen.unmoved
                or candidate in self.down
            ):
                continue
            again = above is not None and above.index == candidate
            cost = self._first_cost(
                candidate, in_rings, dealt_there=candidate == dealt, again=again
            )
            if cost is not None and cost < found.get(candidate, cost + 1):
                found[candidate] = cost
            if cost is not None:
                moved = 0 if candidate == dealt else displaced
                room[candidate] = min(moved, room.get(candidate, moved))
                start = (max(0, cost - self.credit(candidate)) if cost else 0) + (
                    0 if candidate == original else made_room
                )
                starts[candidate] = min(start, starts.get(candidate, start))
                placed = 0 if candidate == original or again else self.placed(candidate, place)
                suited[candidate] = min(placed, suited.get(candidate, placed))

    def placed(self, card: int, place: int) -> int:
        """Claim 22's placement of *card* put on *place* by a move it did not end with: 0 or 1."""
        if place >= _FLOOR or card in self.gone:
            return 0
        return int(one_deck()[card].suit is one_deck()[place].suit)

    def kept(self, place: int) -> bool:
        """Whether the card dealt on *place* never left it, so lay on it then (claim 20).

        Claim 20.  Let *y* be *c* or a card of a pile of claim 9 but *u*, and
        let the card *d* dealt on *y* be *unmoved* (it lies on *y* and cannot
        have left it, claim 1; under claim 11, any card on its dealt place).
        Then the card on *y* at the reserve deal, *x* or the next card of the
        pile, is *d*.  Proof.  *d* never left *y*, so lay on it then.  ∎  So no
        pile steps from *y* to another card; *y* is no *c* (*x* left *c* since,
        and *d* never left), and a reserve card with no pile left is refused
        whatever the counter.  Claim 20 is not shown to hold one legal action
        later (a move can make a card unmoved no more), so it is checked at
        every position.
        """
        return self.deal.dealt_on[place] in self.seen.unmoved

    @property
    def unpileable(self) -> set[int]:
        """The cards that lay in no pile of claim 9 at the reserve deal, nor as its *c*.

        Face-down cards, and the unmoved cards on them (or on a floor) that never left a
        column (see :meth:`_base`), but the top of those of each reserve card's column,
        which can be *c*.
        """
        if self._unpileable is None:
            cards = set(self.down)
            for column in self.columns:
                for card in column.up:
                    if card.index not in self.seen.unmoved:
                        break
                    cards.add(card.index)
            cards.difference_update(base for base, _ in self.bases)
            self._unpileable = cards
        return self._unpileable

    def displaced(self, card: int) -> int:
        """Claim 21's moves of *card* (or ``_NO_PLACE``), displaced from its dealt place then."""
        if self.lies_on_dealt(card):
            return 2
        return int(card in self.seen.lies_on and card in self.seen.late)

    def credit(self, card: int) -> int:
        """The moves of *card* that a displacement may count in claim 21, its place in a pile."""
        if self.deal.places[card] in self.unpileable:
            return 0
        return self.displaced(card)

    def stepped(self, card: int) -> int:
        """Claim 21's moves of *card*, in a pile on a card it is neither dealt on nor on now."""
        if card in self.seen.lies_on:
            return 1 - self.credit(card)
        if card in self.removed_kings:
            return 1
        return 2 - self.credit(card)

    def find_gone_early(self) -> None:
        """Find claim 16's cards gone early: claim 8's cards, and on (see :meth:`gone_early`)."""
        dealt_on = self.deal.dealt_on
        self.gone = {}
        stack = [dealt_on[card] for card in self.covered]
        while stack:
            card = stack.pop()
            if card == _NO_PLACE or card in self.gone or self.still(card):
                continue  # a still card did not leave: claim 8 refuses it, skipping refuses less
            targets = self._targets(card)
            self.gone[card] = targets
            if card in self.deal.face_down:
                stack.append(dealt_on[card])
            if targets is not None and len(targets) == 1:
                stack.append(dealt_on[targets[0]])

    def _targets(self, card: int) -> tuple[int, ...] | None:
        """The cards *card* can have been put on before the reserve deal (claim 16).

        ``None`` for a King, which goes onto a floor.
        """
        if card in _KINGS:
            return None
        higher = _ONE_HIGHER_SAME_SUIT if self.classic else _ONE_HIGHER
        dealt_on, reserve, down = self.deal.dealt_on, self.deal.reserve, self.down
        dealt_place = self.deal.places[card]
        return tuple(
            target
            for target in higher[card]
            if target not in reserve
            and target not in down
            and target != dealt_place
            and not self.still(dealt_on[target])
        )

    def _fits_home(self, card: int) -> bool:
        """Whether a move can put *card* back on its dealt place (face up, a card it fits)."""
        home = self.deal.places[card]
        higher = _ONE_HIGHER_SAME_SUIT if self.classic else _ONE_HIGHER
        return home not in self.down and home in higher[card]

    def gone_early(self) -> int:
        """Check claim 16's cards gone early; return the same-suit placements they made.

        Claim 16.  Say a card is *gone early* if it left its dealt place
        before the reserve deal: claim 8's card (dealt on a card *u* the
        reserve deal put a reserve card on), and in turn (b, c below) the
        card dealt on a card gone early dealt face down, and the card dealt
        on *s* when *s* is the only card a card gone early can have gone
        onto.  Let *d* be a card gone early, no King.  Before the reserve
        deal it was put, by each of its moves then, on a card *s* it fits
        that topped a column at the time: no reserve card (not yet on the
        table), no card face down now, and no card whose dealt card did not
        move before the reserve deal (not *still*: that card covered *s*
        until then); its first move took it off its dealt place, onto such
        an *s* other than that place.  So (a) there is such an *s*; (b) if
        *d* was dealt face down, it was turned face up before it moved, so
        the card dealt on it had left it; (c) if there is one such *s* only,
        the card dealt on *s* had left *s* by then; (d) at the reserve deal
        *d* lay on such an *s* or, if it fits it, on its dealt place, and
        not on a card the reserve deal put a reserve card on (that card
        topped its column then): if all of those are such cards, play
        cannot reach the position; (e) if every such *s* but its dealt place
        is of *d*'s suit, its first move earned same-suit points, and that
        move is the last move of no card of *M* if *d* is not in *M*, is
        late (its last move came after the reserve deal), or lies on no such
        *s*: a same-suit placement beyond those of the scored cards of *M*.
        Proof.  The lemma: *d*'s place changed only as the deepest card of a
        move, onto a top card it fits, and the first change took it off its
        dealt place; a face-down card does not move, and turns up when
        uncovered; a card is still only if it lay on its dealt place until
        the reserve deal.  ∎  The cards gone early are different cards, so
        their first moves are different moves, and the placements add up;
        the score holds them beyond the scored cards of *M*.  And in claim 7,
        a card gone early dealt on *c* lay on *c* at the reserve deal only if
        a move put it back, so it is a candidate *x* only as a card that fits
        *c* is (see :meth:`_add_firsts`).

        Claim 16 is not shown to hold one legal action later (a move can
        make a card late or take it off its dealt place), so it is checked
        at every position.
        """
        seen = self.seen
        placements = 0
        for card, targets in self.gone.items():
            if targets is None:
                continue  # a King, onto a floor
            home = self.deal.places[card]
            left = f"{one_deck()[card]} had left {_place_name(home)}, its dealt place, before"
            if not targets:
                raise InvalidPositionError(
                    f"{left} the reserve deal, but no card it fits can have topped a column then"
                )
            if all(target in self.covered for target in targets) and (
                home in self.covered or not self._fits_home(card)
            ):
                raise InvalidPositionError(
                    f"{left} the reserve deal, onto "
                    f"{' or '.join(_place_name(target) for target in targets)}, but the reserve "
                    "deal put a reserve card there, and it can have been on no other card then"
                )
            suit = one_deck()[card].suit
            if all(one_deck()[target].suit is suit for target in targets) and (
                card not in seen.lies_on or card in seen.late or seen.lies_on[card] not in targets
            ):
                placements += 1
        return placements

    def came_back(self, placed: tuple[int, int, Card], in_rings: set[int]) -> int:
        """The moves of claim 17 for the reserve card *placed*, read as moved: 0 or 1.

        Claim 17.  Let a move have put reserve card *r*, dealt onto column
        *i*, where it lies (in this reading), on *p* in column *i*, and let
        *p* be the lowest card that can be claim 7's *c* for column *i* (the
        top of its cards that never moved, or of the settled cards on them),
        with no card that can have lain on *p* at the reserve deal and left
        it since (no *x*).  Then *r* left *p* and came back: a move beyond
        its last, which a card that moves once cannot make.  Proof.  The
        reserve deal put *r* on the top card *t* of column *i* then.  *p*
        and the cards under it lay where they lie then (claims 1 and 10);
        what lay on *p* then has left it since (*r* lies on it), so nothing
        did: *t* is *p*.  A move took *r* off *t* (this reading says a move
        put it where it lies), and another put it back, its last.  ∎  That
        first move is a move of a reserve card, which no other count names
        beyond its last move (claims 4 and 7 name cards that lay in a column
        at the reserve deal, claim 8 a card dealt on a card, claims 9 and 12
        cards of a pile at the reserve deal, claim 2's rings and returns
        cards dealt on a card), so it adds to them.  Claim 17 is not shown to
        hold one legal action later, so it is checked at every position.
        """
        own, position, card = placed
        base, lowest = self.bases[own]
        up = self.columns[own].up
        top = self._settled_top(lowest, up)
        if position != top:
            return 0
        place = up[top - 1].index if top > lowest else base
        found: dict[int, int] = {}
        self._add_firsts(found, ({}, {}, {}), place, card, in_rings)
        if found:
            return 0
        if self._moves_once(card.index):
            raise InvalidPositionError(
                f"{_at(own, position, card)}, a reserve card, lies on "
                f"{_place_name(place)}: a move put it there only if it left it, the top of "
                f"column {own + 1} at the reserve deal, and came back, but it moves at most once"
            )
        return 1

    def lies_on_dealt(self, card: int) -> bool:
        """Whether *card* (or ``_NO_PLACE``) lies on its dealt place now, or did in its run.

        A card not in *M* does, but a removed run's King (and a face-down card, or a
        reserve card, none of which claim 12 asks about).
        """
        return (
            card != _NO_PLACE
            and card not in self.seen.lies_on
            and card not in self.removed_kings
        )

    def _back_home(self, card: int) -> bool:
        """Whether *card*, off its dealt place at the reserve deal, took two moves more since.

        It did if it lies there now (not in *M*): it came back.  Not counted: a card
        claim 2 counts (back on a turned card), and a removed run's King, which may
        have been removed from wherever it was.
        """
        return not (
            card in self.seen.lies_on or card in self.seen.back or card in self.removed_kings
        )

    def _first_cost(
        self, card: int, in_rings: set[int], *, dealt_there: bool, again: bool
    ) -> int | None:
        """The moves *card* needs as *x* beyond those counted elsewhere, ``None`` if it cannot be.

        *dealt_there*: it is dealt on the base; *again*: it lies on the base now.
        """
        if self._moves_once(card) and (again or not dealt_there):
            return None  # it would have moved twice
        if dealt_there:
            return 0 if not again or card in self.seen.back else 2
        if card in in_rings or card in self.seen.back:
            return 0
        if again:
            return 2
        return 1 if card in self.seen.lies_on or card in self.removed_kings else 2

    def spread(self) -> None:
        """Mark late the cards put where a still card was dealt (under Classic, or claim 11).

        That card lay there at the reserve deal, so they were put there after it.
        """
        if not self.classic and not self.once:
            return
        seen = self.seen
        changed = True
        while changed:
            changed = False
            for index, place in seen.lies_on.items():
                if index not in seen.late and self.still(self.deal.dealt_on[place]):
                    seen.late.add(index)
                    changed = True

    def still(self, card: int) -> bool:
        """Whether *card* (or ``_NO_PLACE``) did not move before the reserve deal."""
        return card in self.seen.unmoved or (
            card in self.seen.late and self._moves_once(card)
        )

    def carriers(self, cards: tuple[Card, ...], *, needed: bool) -> list[int] | None:
        """The cards that can be *w* under the top card of *cards*; ``None`` if none need be."""
        candidates: list[int] = []
        for lower in reversed(cards):
            if lower.index in self.deal.reserve:
                return candidates
            if lower.index not in self.seen.unmoved:
                candidates.append(lower.index)
            if lower.index in self.seen.late:
                return candidates
        return candidates if needed else None

    def costs(self, card: int, own: int, in_rings: set[int]) -> dict[int, int]:
        """The moves *card* needs as *w* for column *own*, by the card that makes them.

        Empty if *card* cannot be *w*.
        """
        seen = self.seen
        if card in seen.back:
            return {card: 0}
        if card not in seen.lies_on:
            return {card: 2}
        if self.deal.columns[card] == own or card in in_rings:
            return {card: 0}
        found = {} if self._moves_once(card) else {card: 1}
        place = self.deal.places[card]
        while place < _FLOOR and place not in self.down:
            if not self.still(place):
                found[place] = 2 if self._back_home(place) else 0
            place = self.deal.places[place]
        return found


def _carrier(state: scorpion.State, deal: Deal, seen: _Seen) -> bool:
    """Whether a card of *M* can have been on its successor before its last move (claim 6).

    A card was ever put on *s* only if *s* was a top card once: not face down
    now, and the card dealt on *s*, if any, is not one that never left it.

    Claim 13.  A late card *c* (see :func:`_crossings`) whose successor *s*
    has a reserve card *r* on it that the reserve deal put there (in this
    reading) earned points on *s* only with a move besides its placements
    and its last move.  Proof.  In this reading *r* has lain on *s* since
    the reserve deal, so *s* was no top card since: *c* lay on *s* only
    before the reserve deal, when *s* topped its column (the reserve deal
    put *r* on a top card), so *c* had left *s* by then, by a move onto
    another card than *s*, so no placement; its last move came after the
    reserve deal.  ∎

    Claim 14.  A card *c* whose successor *s* is a reserve card earned
    points on *s* only after the reserve deal (*s* was not on the table
    before), so never while the reserve is not dealt; and if *c* moved
    before the reserve deal, being dealt on a card the reserve deal put a
    reserve card on (claim 8), only with a move besides its placements and
    its last move.  Proof.  That earlier move was no placement (*s* was not
    on the table), nor its last (a placement came after it).  ∎

    Claim 18.  A card *c* whose successor *s* has lain above it since the
    deal earned points on *s* only with a move besides the placements and
    the last moves of *M*: when the card *a* dealt on *c* lies on it now
    (not in *M*, not a removed run's King) and every card dealt from *a* up
    to *s* but *a* never left its dealt place (claim 1).  Proof.  *s* lay
    above *a*, in *a*'s pile, all along.  When *c* lay on *s*, *a* was not
    on *c* (*c* on *s* on … on *a* on *c* is a ring), so *a* left *c* and
    came back: two moves of a card not in *M*, at most one of them a
    placement (*a* has one successor, and one of the moves lands on *c*,
    the other leaves it).  ∎

    So claim 6 counts the move more for such cards as for one that is no
    carrier.  Claims 13, 14 and 18 are not shown to hold one legal action
    later (a move can make a card late, or take it off its dealt place), so
    they are checked at every position.
    """
    down = {card.index for column in state.columns for card in column.down}
    covered = {  # the cards the reserve deal put a reserve card on (claims 13 and 14)
        state.columns[number].up[position - 1].index
        for number, position, _ in seen.by_reserve_deal
    }
    early = {deal.dealt_on[card] for card in covered}
    removed_kings = {_RUNS[suit][0].index for suit in state.removed_runs}
    for index, place in seen.lies_on.items():
        card = one_deck()[index]
        if card.rank is Rank.KING:
            continue
        successor = Card(Rank(card.rank + 1), card.suit).index
        if (
            place != successor
            and successor not in down
            and deal.dealt_on[successor] not in seen.unmoved
            and not (successor in covered and index in seen.late)
            and not (successor in deal.reserve and (state.reserve or index in early))
            and not _above_for_good(index, successor, deal, seen, removed_kings)
        ):
            return True
    return False


def _above_for_good(
    card: int, successor: int, deal: Deal, seen: _Seen, removed_kings: set[int]
) -> bool:
    """Whether *successor* has lain above *card* in its dealt pile since the deal (claim 18).

    Each card is walked from at most once over a position's cards of *M*: the walk from
    *card* passes only the unmoved cards dealt above the card dealt on it.
    """
    above = deal.dealt_on[card]
    if above == _NO_PLACE or above in seen.lies_on or above in removed_kings:
        return False
    while above != successor:
        above = deal.dealt_on[above]
        if above not in seen.unmoved:
            return False
    return True


def _maker(state: scorpion.State, deal: Deal, seen: _Seen) -> bool:
    """Whether some card can have earned same-suit points but the last moves of *M* (claim 15).

    Claim 15.  Under Flexible, with a deal, a same-suit placement other than
    the last move of a card of *M* lying on its successor was made by a card
    *c* that is no King, not face down now (it never moved), not unmoved
    (claim 1), and no reserve card the reserve deal has not dealt or, in
    this reading, put where it lies (it never moved since, nor before, off
    the table); and either *c* lies on its successor *s* now, in *M*, or *s*
    topped its column at some time: it is not face down now, the card dealt
    on it is not unmoved, and it is no reserve card still in the reserve.
    Proof: the move put *c* on *s*, the top card then.  ∎  So if the score
    counts such placements and no card is such a *c*, play cannot reach the
    position.  (Claims 13 and 14 say a card needs a move more to be *c*, not
    that it cannot be.)  Claim 15 is not shown to hold one legal action
    later (a move can make a card unmoved no more, or another a carrier, but
    no proof is written), so it is checked at every position.
    """
    down = {card.index for column in state.columns for card in column.down}
    lies_on, unmoved = seen.lies_on, seen.unmoved
    in_reserve = bool(state.reserve)
    for card in one_deck():
        index = card.index
        if card.rank is Rank.KING or index in down or index in unmoved:
            continue
        if index in deal.reserve and (in_reserve or index not in lies_on):
            continue  # never moved
        successor = Card(Rank(card.rank + 1), card.suit).index
        if lies_on.get(index) == successor:
            return True
        if (
            successor not in down
            and deal.dealt_on[successor] not in unmoved
            and not (in_reserve and successor in deal.reserve)
        ):
            return True
    return False


def _at(number: int, position: int, card: Card) -> str:
    """Where *card* lies, for a message (built only when one is raised)."""
    return f"columns[{number}].up[{position}]: {card}"


def _place_name(place: int) -> str:
    """A card or a floor (see the module's places), for a message."""
    if place >= _FLOOR:
        return f"the floor of column {place - _FLOOR + 1}"
    return str(one_deck()[place])


def _not_by_reserve_deal(
    card: Card, under: Card | None, number: int, *, stays: bool, reserve: dict[int, int]
) -> str | None:
    """Why the reserve deal cannot have put *card* on *under* in column *number*, or ``None``.

    *stays* tells whether *under* stays (see :func:`_walk`); *reserve* maps the cards the
    reserve deal has dealt to their columns.
    """
    column = reserve.get(card.index)
    if column is None:
        return "it is no reserve card"
    if under is None:
        return None if column == number else f"the reserve deals it onto column {column + 1}"
    if under.index in reserve:
        return "the reserve deal puts its cards on cards already on the table"
    if stays and column != number:
        return (
            f"the reserve deals it onto column {column + 1}, but {under} has never left "
            f"column {number + 1}"
        )
    return None


def _fits(card: Card, under: Card, *, flexible: bool) -> bool:
    """Whether a move can put *card* on *under*."""
    return under.rank == card.rank + 1 and (flexible or under.suit is card.suit)


def _rings(lies_on: dict[int, int], dealt_on: tuple[int, ...]) -> tuple[int, set[int]]:
    """The rings of the map from a card of *lies_on* to the card dealt on its place.

    Returns how many there are, and the cards on paths that lead into one (a superset of
    the rings' cards).
    """
    rings = 0
    walked: dict[int, int] = {}  # each card walked: the start of the walk that met it first
    in_rings: set[int] = set()
    for start in lies_on:
        if start in walked:
            continue
        card = start
        # One dictionary for the cards of earlier walks and of this one (a set a walk and two
        # updates were a third of the function): a walk stops at a card it or another met.
        while card in lies_on and card not in walked:
            walked[card] = start
            card = dealt_on[lies_on[card]]
        if walked.get(card) == start:  # this walk met its own card again: a ring
            rings += 1
            in_rings.update(walked_card for walked_card, by in walked.items() if by == start)
    return rings, in_rings


_KINGS = frozenset(card.index for card in one_deck() if card.rank is Rank.KING)
_ONE_LOWER = tuple(
    tuple(Card(Rank(card.rank - 1), suit).index for suit in Suit if card.rank is not Rank.ACE)
    for card in one_deck()
)
"""By card index: the cards a rank lower, which a move may put on it under Flexible."""
_ONE_LOWER_SAME_SUIT = tuple(
    tuple(lower for lower in cards if one_deck()[lower].suit is card.suit)
    for card, cards in zip(one_deck(), _ONE_LOWER, strict=True)
)
"""By card index: the card a rank lower of its suit, if any, which a move may put on it."""
_ONE_HIGHER = tuple(
    tuple(Card(Rank(card.rank + 1), suit).index for suit in Suit if card.rank is not Rank.KING)
    for card in one_deck()
)
"""By card index: the cards a rank higher, which a move may put it on under Flexible."""
_ONE_HIGHER_SAME_SUIT = tuple(
    tuple(higher for higher in cards if one_deck()[higher].suit is card.suit)
    for card, cards in zip(one_deck(), _ONE_HIGHER, strict=True)
)
"""By card index: the card a rank higher of its suit, if any, which a move may put it on."""
_RUNS = {suit: tuple(Card(rank, suit) for rank in reversed(Rank)) for suit in Suit}
"""Each suit's complete run, King (deepest) to Ace (top)."""
_RUN_INDEXES = {suit: tuple(card.index for card in run[1:]) for suit, run in _RUNS.items()}
"""By suit: the indexes of its run's cards but the King, Queen (deepest) to Ace."""
_RUN_PLACES = {
    suit: tuple((card.index, higher.index) for higher, card in itertools.pairwise(run))
    for suit, run in _RUNS.items()
}
"""By suit: each card of its removed run but the King, and the place it lay on (a card)."""


def _ever_covered(ace: Card, state: scorpion.State, deal: Deal) -> bool:
    """Whether a card can have lain on *ace*: dealt on it, or the reserve dealt onto it.

    Nothing can be placed on an Ace, so only the deal and the reserve deal
    cover one; a run completed uncovered is removed at once.  A reserve Ace
    is dealt on a column's top, and nothing is dealt after it.
    """
    if ace.index in deal.reserve:
        return False
    return deal.dealt_on[ace.index] != _NO_PLACE or not state.reserve
