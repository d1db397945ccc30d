"""What the Scorpion search may prove about a position: safe moves and dead cycles."""

from __future__ import annotations

from patience_rules.solver._scorpion._position import (
    CARDS,
    NOWHERE,
    PLACE,
    RANKS,
    RUN,
    Move,
    Position,
)

__all__ = ["disjoint_cycles", "safe_move"]


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
