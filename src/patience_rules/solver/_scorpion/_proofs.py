"""What the Scorpion search may prove about a position: safe moves, dead cycles, dead sets."""

from __future__ import annotations

from patience_rules.solver._scorpion._position import (
    CARDS,
    KING,
    NOWHERE,
    PLACE,
    RANKS,
    RUN,
    Move,
    Position,
)

__all__ = ["dead_set", "disjoint_cycles", "safe_move"]


def safe_move(position: Position, where: list[int]) -> Move:
    """A card move that never needs to be undone, or ``None``: Classic, reserve dealt.

    Claim: under Classic rules with the reserve dealt, let a column hold
    exactly K, Q, … down to some card *s* of one suit, all face up, the King
    at the bottom, and let *c*, the card one rank below *s* in its suit, be
    face up in another column.  Then moving *c* onto *s* at once loses
    nothing: if a line wins from the position *S*, one wins from *S'*, the
    position after that move.

    Proof.  With the reserve dealt only *c* can ever be placed on *s* (a
    non-King goes on its successor only).  No card of *s*'s column can move
    but its King, into an empty column, carrying the others: each of them
    lies on its successor, its only target.  So until *c* lands on *s*,
    *s*'s column is K…*s* and nothing else, wherever it stands.  *c* can
    only move onto *s*, so until then it stays on the card *x* under it (or
    at the bottom of its column).  A winning line *L* from *S* puts *c* on
    *s* (they end in one run, *c* directly on *s*, and the card under *c*
    changes only when *c* itself moves), say at step *t*.  Play *L* from
    *S'* without step *t*: up to *t* the positions differ only in that *c*
    and the cards *R* above it sit on *s* instead of on *x*.  Each move of
    *L* before *t* is legal there too: a move is decided by its first card
    and the target's top card, and the tops are the same cards but for *x*
    (covered by *c* in *L*, so *L* uses it for nothing) and *s* (which only
    *c* may receive); the mover of a move onto *R*'s top is never in *s*'s
    column (those cards cannot move) nor under *x* (that would be a move
    within one column in *L*); the empty columns are the same.  The same
    runs are removed, but for one case: a move may complete *c*'s run on
    *s*'s column in *S'* where *L* keeps two pieces, K…*s* and *c*…A on *x*,
    until step *t*.  From there *S'* only lacks those pieces: nothing can
    land on them but *c* on *s*, their only moves are that one and the
    King's piece into an empty column, so every other move of *L* is legal
    from *S'* as well (with at least as many empty columns), and once *L*
    joins the pieces the positions are equal again.  After step *t* the
    positions are equal.  So *S'* wins whenever *S* does.  ∎

    The wider claim — any card onto its successor once the reserve is dealt
    (nothing else can land there) — is false: with Q♣ 9♣ 8♣ … A♣ J♣ in
    column 1, 10♣ in column 2 and K♣ in column 3, 10♣ onto J♣ loses (9♣ is
    then buried under its own successor), while 9♣ onto 10♣, J♣ onto Q♣, Q♣
    onto K♣, 10♣ onto J♣ wins.  Before the deal the claim fails as well: a
    reserve card may land on *s*, or on *x* instead of on *R*.
    """
    columns, down = position.columns, position.down
    for target, column in enumerate(columns):
        if column and column[-1] % RANKS and column == RUN[column[0] // RANKS][: len(column)]:
            card = column[-1] - 1
            place = where[card]
            if place != NOWHERE:
                source, index = divmod(place, PLACE)
                if source != target and index >= down[source]:
                    return card, target
    return None


def _links(position: Position, where: list[int]) -> list[list[int]]:
    """``links[a]``: the cards *b* such that card *a* cannot leave before *b* leaves.

    To win, every card must leave its place (be removed with its run).  The
    links, each true as long as none of the two cards has left:

    * a face-down card cannot leave before the card lying on it leaves (it
      must be turned up first);
    * a card A that is not a King and does not lie on its successor *s* (same
      suit, one rank higher) cannot leave before the card B lying on *s*
      leaves — under Classic rules, or in Flexible without a move onto a card
      of another suit: the card under A changes only when A itself moves
      (a move carries the cards above its first card along), and in a run A
      lies on *s*, so A must move, and without such a move only onto *s*;
      *s* must then be a top card, and B stops lying on *s* only by moving or
      by being removed (moving *s* carries B along).

    The reserve deal only adds cards on top, which breaks no link.

    New links can only come from a card landing on another: the reserve deal,
    or a move onto a card of another suit.  Any other move puts a card on its
    own successor (no link: it lies there), or a King into an empty column;
    it takes a card off the one under it, turns a card up or removes a run,
    which only end links.  So the search counts the cycles again only after
    the deal and after moves onto another suit.
    """
    columns, down = position.columns, position.down
    links: list[list[int]] = [[] for _ in CARDS]
    for c, column in enumerate(columns):
        for i in range(len(column) - 1):
            card, above = column[i], column[i + 1]
            if i < down[c]:
                links[card].append(above)
            if card % RANKS:
                # card is the successor of card - 1, and `above` lies on it
                below = card - 1
                if where[below] != NOWHERE and where[below] != c * PLACE + i + 1:
                    links[below].append(above)
    return links


def _find_cycle(links: list[list[int]], used: list[bool]) -> list[int]:
    """The cards of one cycle of *links* avoiding the *used* cards, or ``[]``."""
    state = [0] * len(CARDS)  # 0 unseen, 1 on the path, 2 done
    for start in range(len(CARDS)):
        if state[start] or used[start] or not links[start]:
            continue
        path = [start]
        rests = [iter(links[start])]
        state[start] = 1
        while rests:
            following = next(rests[-1], None)
            if following is None:
                state[path.pop()] = 2
                rests.pop()
            elif used[following] or state[following] == 2:
                continue
            elif state[following] == 1:
                return path[path.index(following) :]
            else:
                state[following] = 1
                path.append(following)
                rests.append(iter(links[following]))
    return []


def disjoint_cycles(position: Position, where: list[int], enough: int) -> int:
    """How many cycles of :func:`_links` without a card in common were found (at most *enough*).

    Claim: a position with *m* such cycles cannot be won with fewer than *m*
    moves onto a card of another suit (under Classic rules: cannot be won).

    Proof.  Take one cycle.  If none of its cards ever left, the game would
    be lost; let X be the first of them to leave.  Its link to the next card
    Y of the cycle held until then, since Y had not left.  A face-down card's
    link cannot be broken that way, so X is a card that left its place by a
    move onto a card of another suit, as its link says.  A move has one first
    card, so the first cards to leave of *m* cycles with no card in common
    need *m* such moves.  ∎  (The cycles are found greedily, which may find
    fewer than the most there are: the count is a lower bound, still sound.)
    """
    links = _links(position, where)
    used = [False] * len(CARDS)
    found = 0
    while found < enough:
        cycle = _find_cycle(links, used)
        if not cycle:
            break
        found += 1
        for card in cycle:
            used[card] = True
    return found


_Waits = tuple[list[list[tuple[int, ...]]], list[int], list[list[int]]]


def _waits(position: Position, where: list[int]) -> _Waits:
    """The waits of :func:`dead_set`: each card's sets *D* of kinds a to c, its kind d or e.

    Per card, the sets; then the kind: 0 for none, 1 for d (any unplaced card
    of the suit), 2 for e (any of them and every bottom card); then each
    suit's unplaced cards.
    """
    columns, down = position.columns, position.down
    sets: list[list[tuple[int, ...]]] = [[] for _ in CARDS]
    kinds = [0] * len(CARDS)
    unplaced: list[list[int]] = [[] for _ in range(len(RUN))]
    no_empty_column = all(columns)
    for c, column in enumerate(columns):
        for i, card in enumerate(column):
            if i < down[c]:
                sets[card].append((column[i + 1],))  # a
            if card % RANKS == KING:
                kinds[card] = 1 if not i else 2 if no_empty_column else 0  # d, e
                continue
            if i and column[i - 1] == card + 1:
                kinds[card] = 1  # d: placed
                continue
            unplaced[card // RANKS].append(card)
            place = where[card + 1]
            if place == NOWHERE:
                continue
            target, index = divmod(place, PLACE)
            onto = columns[target]
            if index + 1 < len(onto):
                sets[card].append((onto[index + 1],))  # b
            if target == c and index > i:
                sets[card].append(tuple(column[i + 1 : index + 1]))  # c
    return sets, kinds, unplaced


def dead_set(position: Position, where: list[int]) -> bool:
    """Whether some cards wait for one another for ever: a proof that a Classic position is lost.

    A card *leaves its place* when the card under it changes (a King moved
    from the bottom of a column into an empty one has nothing under it
    before and after: it does not leave) or when it is removed with its run;
    to win, every card leaves its place.  A non-King card *placed* on its
    successor (same suit, one rank higher) never moves again: that is its
    only target.  Under Classic rules (or Flexible ones with no move onto a
    card of another suit) a card *X* in a column *waits for* a set *D* of
    cards — it cannot leave before one of them has left — in these cases:

    a. *X* is face down, *Y* on it: *D* = {*Y*} (*X* must be turned up first).
    b. *X* is an unplaced non-King, another card *B* lies on its successor
       *s*: *D* = {*B*}.  *X* leaves only by moving onto *s* (a removal
       would need it placed first), so *s* must be a top card first, and
       only *X* may land on *s*.
    c. *X* is an unplaced non-King with *s* above it in its own column:
       *D* = the cards above *X* up to *s*.  A move carries every card above
       its first card, so *s* must leave *X*'s pile first, and while none of
       those cards has left, each lies on the one before.
    d. *X* is placed, or a King at the bottom of a column: for each unplaced
       card *U* of its suit, *D* = {*U*}.  *X* leaves only with its run, and
       then *U* lies on its successor: it has moved.
    e. *X* is a King above other cards, no column is empty: for each unplaced
       card *U* of its suit, *D* = {*U*} and the bottom cards of the
       columns.  *X* leaves with its run, or into an empty column, and a
       column empties only when its bottom card leaves.

    Claim: if a non-empty set *S* of cards of the columns holds, for each
    of its cards, one such *D* wholly in *S*, the position cannot be won.
    The search keeps the cards that have such a *D* within the cards kept,
    until none drops out: *S* is what is left, empty or not.

    Proof.  In a won line every card of *S* leaves; take the first action
    at which one does.  An action makes leave the first card of a move and
    the cards of a run it removes (the reserve deal: reserve cards, and the
    runs it removes).  If the moved card *X* is in *S*, its *D* names a card
    that left before: *X* was turned up before (a), *s* was a top card (b)
    and not in *X*'s group (c), an empty column was there (e); a placed
    card does not move (d).  Else a card *Y* of *S* is removed: it lies on
    its successor, or is its run's King, so if it was unplaced it moved
    earlier (b, c) and it was turned up earlier (a: a move turns up cards
    in its source column only, the run goes from its target column); each
    unplaced card *U* of its suit lies on its successor, so it moved at
    this action or earlier, and not at this one if *U* is in *S*, the moved
    card being out of *S* (d, e).  Either way a card of *S* left before the
    first one did.  ∎
    """
    sets, kinds, unplaced = _waits(position, where)
    bottoms = [column[0] for column in position.columns if column]
    kept = {card for card in range(len(CARDS)) if sets[card] or kinds[card]}
    while kept:
        alive = [any(card in kept for card in cards) for cards in unplaced]
        stuck = all(card in kept for card in bottoms)
        still = {
            card
            for card in kept
            if any(all(other in kept for other in waits) for waits in sets[card])
            or (kinds[card] and alive[card // RANKS] and (kinds[card] == 1 or stuck))
        }
        if len(still) == len(kept):
            return True
        kept = still
    return False
