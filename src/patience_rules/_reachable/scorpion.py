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
* *The reserve* is the dealt one until it is dealt (nothing else changes it).
* *An uncovered complete run* was once covered (see :func:`_ever_covered`).

The counter and the score, with a code, also count the cards off their dealt
places (see :func:`_walk`).
"""

from __future__ import annotations

import itertools

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
    """The cards off their dealt places (see :func:`_walk`)."""

    cards: int
    """Cards whose last move put them where they lie: one move each."""
    unscored: int
    """Of those, the ones whose last move earned no same-suit points."""
    more: int
    """Moves beyond those: for rings, cards back on their dealt places, reserve detours."""
    reserve_on_suit: int
    """Reserve cards that lie on the card they fit, which a move or the reserve deal put there."""


_NONE_MOVED = _Moved(0, 0, 0, 0)


def check(state: scorpion.State, dealt: scorpion.State | None, moves: int) -> None:
    """Check *state* against *dealt* (the code's deal, if any) and its counter *moves*.

    The score is 5 per turned card, 100 per run and 5 per same-suit placement,
    each placement one card move.  A card move turns at most two cards (one
    it uncovers, one under the run it completes) and removes at most one run;
    the reserve deal, one action, turns at most three and removes at most
    three.  With a deal, the position is compared with it (see the module's
    proofs), and each card off its dealt place took a move of its own.

    Claim 5: under Classic, with a deal, the score counts at most the scored
    cards of *M* plus the reserve cards lying on the card they fit.  Proof.
    A non-King card goes only onto the one card it fits, and a King only to
    a floor, for no points.  So every same-suit placement puts a card on the
    card it fits, where it stays for good (the one place it could go is
    where it is), also in a removed run: each card is placed at most once,
    and lies on the card it fits off its dealt place (in *M*, scored), or is
    a reserve card on the card it fits.  ∎
    """
    moved = _NONE_MOVED if dealt is None else _check_deal(state, dealt)
    deals = 0 if state.reserve else 1
    turned = _DEALT_DOWN - sum(len(column.down) for column in state.columns)
    runs = len(state.removed_runs)
    placements = (
        state.score - scorpion.POINTS_TURNED * turned - scorpion.POINTS_RUN * runs
    ) // scorpion.POINTS_SAME_SUIT
    scored = moved.cards - moved.unscored
    if placements < scored:
        least = (
            scorpion.POINTS_SAME_SUIT * scored
            + scorpion.POINTS_TURNED * turned
            + scorpion.POINTS_RUN * runs
        )
        raise InvalidPositionError(
            f"field 'score' is {quote(state.score)}, less than the {least} earned by {turned} "
            f"cards turned face up, {runs} runs removed and {scored} cards put on cards of "
            "their suit where the code does not deal them"
        )
    classic = state.variant is scorpion.Variant.CLASSIC
    if dealt is not None and classic and placements > scored + moved.reserve_on_suit:
        raise InvalidPositionError(
            f"field 'score' is {quote(state.score)}: it counts {quote(placements)} cards put on "
            f"cards of their suit, but under Classic each card moves onto its suit at most "
            f"once and stays there, and only {scored + moved.reserve_on_suit} can have"
        )
    by_reserve = _RESERVE_COLUMNS * deals
    card_moves = max(
        placements + moved.unscored,
        moved.cards + moved.more,
        (max(0, turned - by_reserve) + 1) // 2,
        runs - by_reserve,
    )
    if deals + card_moves > moves:
        off = (
            ""
            if dealt is None
            else f", {moved.cards} cards moved from their dealt places and {moved.more} moves more"
        )
        raise InvalidPositionError(
            f"the position takes at least {quote(deals + card_moves)} actions ({deals} reserve "
            f"deal, {quote(placements)} same-suit placements in the score {quote(state.score)}, "
            f"{turned} cards turned face up, {runs} runs removed{off}), but the move counter "
            f"is {moves}"
        )


def _check_deal(state: scorpion.State, dealt: scorpion.State) -> _Moved:
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
    moved = _walk(state, _Deal.of(dealt))
    for index, column in enumerate(state.columns):
        top = column.up[-_RUN_LENGTH:]
        if len(top) < _RUN_LENGTH or top != _RUNS[top[-1].suit]:
            continue
        if not _ever_covered(top[-1], state, dealt):
            raise InvalidPositionError(
                f"columns[{index}] ends with the complete run of {top[-1].suit.symbol}, which "
                "would have been removed: its Ace was never under another card"
            )
    return moved


@attrs.frozen
class _Deal:
    """The code's deal as tables by card index (see the module's places)."""

    places: list[int]
    """Each card's dealt place: a card's index, a floor, or ``_NO_PLACE`` (the reserve)."""
    dealt_on: list[int]
    """By place: the card dealt on it, or ``_NO_PLACE``."""
    reserve: dict[int, int]
    """The reserve cards: the column (0-based) each is dealt onto."""
    face_down: frozenset[int]
    """The cards dealt face down."""
    unaided: dict[int, int]
    """The cards dealt on a floor or on a face-down card, which no card under them ever
    carries: their dealt columns."""

    @classmethod
    def of(cls, dealt: scorpion.State) -> _Deal:
        places = [_NO_PLACE] * _CARDS
        dealt_on = [_NO_PLACE] * (_FLOOR + scorpion.COLUMNS)
        for number, column in enumerate(dealt.columns):
            place = _FLOOR + number
            for card in (*column.down, *column.up):
                places[card.index] = place
                dealt_on[place] = card.index
                place = card.index
        reserve = {card.index: number for number, card in enumerate(dealt.reserve)}
        face_down = frozenset(card.index for column in dealt.columns for card in column.down)
        unaided = {}
        for number, column in enumerate(dealt.columns):
            unaided[(*column.down, *column.up)[0].index] = number
            if column.down:
                unaided[column.up[0].index] = number
        return cls(places, dealt_on, reserve, face_down, unaided)

    def card_on(self, place: int) -> str:
        """The card dealt on *place*, for a message."""
        index = self.dealt_on[place]
        return "nothing" if index == _NO_PLACE else str(one_deck()[index])


def _walk(state: scorpion.State, deal: _Deal) -> _Moved:  # noqa: C901, PLR0912, PLR0915 - a rule a branch
    """Check where every face-up card lies, and count the cards off their dealt places.

    Where a card lies (the module's lemma): on its dealt place; or where a
    move puts it (*placeable*: on a card it fits, or a King on a floor); or,
    once the reserve is dealt, a reserve card on any card or on its own
    column's floor.  A card on a face-down card lies on its dealt place.

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
    reserve cards that the reserve deal may have put there, counting the
    cards of the removed runs but their Kings, each as lying on the card one
    rank higher; *U* those of *M* on a floor or, under Flexible, on a card of
    another suit.  Then the position took at least ``|M|`` card moves, at
    least ``|U|`` of them without same-suit points, one more per *ring* of
    *M* (cards *c*₁ … *c*ₖ of *M*, each *c*ᵢ₊₁ dealt on the place *c*ᵢ lies
    on, and *c*₁ dealt on the place of *c*ₖ), and two more per card that
    lies on its dealt place, dealt on a card turned face up since.

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

    Claim 3: a reserve card not in *M*, in another column than its own, on
    cards that all lie on their dealt places, none of them back on a turned
    card, took one move more if it fits the card under it, two if not.
    Proof.  Either a move put it there (one move of a card not in *M*), or
    the reserve deal did, onto its own column's top card: then a card under
    it changed columns since the deal while lying on its dealt place, so it
    left that place and came back (two moves of a card not in *M*, not
    counted by claim 2).  A reserve card that does not fit the card under it
    was not put there by a move.  Cards under different reserve cards are
    different cards.  ∎

    Claim 4: a card *c* of *M*, dealt on a floor or on a face-down card, and
    not on a path into a ring, moved twice if it lies directly on a reserve
    card *r* that does not fit the card under it, and further up, over cards
    on their dealt places that cannot have left them (claim 1), lies another
    such reserve card *r*₂ whose own column is not *c*'s dealt column.
    Proof.  *r* and *r*₂ have lain where they lie since the reserve deal
    (no move puts them there), so *c* was last put on *r* after it; and *c*,
    with the cards from it up to *r*₂'s, has been one group since then, so at
    the reserve deal *c* was in *r*₂'s own column.  No card under *c* ever
    carried it (it was dealt on a floor or on a face-down card), so *c* moved
    there itself before the reserve deal, a move that is not its last.  ∎
    """
    places = deal.places
    reserve = {} if state.reserve else deal.reserve  # the cards the reserve deal has dealt
    flexible = state.variant is scorpion.Variant.FLEXIBLE
    turned = deal.face_down.difference(
        card.index for column in state.columns for card in column.down
    )
    lies_on: dict[int, int] = {}
    unscored = returned = detours = reserve_on_suit = 0
    twice: set[int] = set()
    for number, column in enumerate(state.columns):
        under: Card | None = column.down[-1] if column.down else None
        place = _FLOOR + number if under is None else under.index
        stays = as_dealt = True  # as_dealt: every card so far lies on its dealt place
        returned_under = False
        late: int | None = None  # an unaided card last moved after the reserve deal (claim 4)
        dealt_under = False  # whether the reserve deal put the card under this one there
        for position, card in enumerate(column.up):
            on_face_down = position == 0 and bool(column.down)
            if under is None:
                placeable = returns = card.rank is Rank.KING
            else:
                placeable = not on_face_down and _fits(card, under, flexible=flexible)
                returns = placeable and flexible
            if places[card.index] == place:
                if under is not None and under.index in turned:
                    if not returns:
                        raise InvalidPositionError(
                            f"{_at(number, position, card)} lies on {under} as dealt and "
                            f"cannot have left it; but {under}, dealt face down, is face up, "
                            f"which needed {card} gone"
                        )
                    returned += 1
                    returned_under = True
                stays = stays and not returns
                late = None if returns else late
                dealt_under = False
                under, place = card, card.index
                continue
            if on_face_down:
                raise InvalidPositionError(
                    f"{_at(number, position, card)} lies on the face-down cards, where the "
                    f"code deals {deal.card_on(place)}: nothing moves there or away"
                )
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
                lies_on[card.index] = place
                unscored += under is None or under.suit is not card.suit
                late = card.index if dealt_under and card.index in deal.unaided else None
            else:
                if as_dealt and not stays and not returned_under and reserve[card.index] != number:
                    detours += 1 if placeable else 2
                if (
                    not placeable
                    and late is not None
                    and deal.unaided[late] != reserve[card.index]
                ):
                    twice.add(late)
                late = None
                reserve_on_suit += placeable and under is not None
            dealt_under = not_by_reserve is None and not placeable
            stays = as_dealt = False
            under, place = card, card.index
    for suit in state.removed_runs:
        run = _RUNS[suit]
        for higher, card in itertools.pairwise(run):
            if card.index in reserve:
                reserve_on_suit += 1
            elif places[card.index] != higher.index:
                lies_on[card.index] = higher.index
    rings, in_rings = _rings(lies_on, deal.dealt_on)
    more = rings + 2 * returned + detours + len(twice - in_rings)
    return _Moved(len(lies_on), unscored, more, reserve_on_suit)


def _at(number: int, position: int, card: Card) -> str:
    """Where *card* lies, for a message (built only when one is raised)."""
    return f"columns[{number}].up[{position}]: {card}"


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


def _rings(lies_on: dict[int, int], dealt_on: list[int]) -> tuple[int, set[int]]:
    """The rings of the map from a card of *lies_on* to the card dealt on its place.

    Returns how many there are, and the cards on paths that lead into one (a superset of
    the rings' cards).
    """
    rings = 0
    done: set[int] = set()
    in_rings: set[int] = set()
    for start in lies_on:
        path: set[int] = set()
        card = start
        while card in lies_on and card not in done and card not in path:
            path.add(card)
            card = dealt_on[lies_on[card]]
        if card in path:
            rings += 1
            in_rings.update(path)
        done.update(path)
    return rings, in_rings


_RUNS = {suit: tuple(Card(rank, suit) for rank in reversed(Rank)) for suit in Suit}
"""Each suit's complete run, King (deepest) to Ace (top)."""


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
