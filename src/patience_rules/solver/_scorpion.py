"""The Scorpion engine of :mod:`patience_rules.solver`: a depth-first search, perfect information.

The search knows the face-down cards and the reserve.  A card is a small
integer (``suit * 13 + rank - 1``, suits in the order C D H S), a column a
``bytes`` of cards deepest first with its count of face-down cards, and a
position those seven columns with the reserve still to deal (or none).  On
that encoding:

* **Transposition table.**  Every position met is kept by a compact key;
  one met again is skipped (the search asks whether a won position is
  reachable, so a position's first visit answers for all of them).
* **Symmetry** (rule ``"symmetry"``).  The rules treat every column alike,
  except that the reserve deal goes onto columns 1 to 3.  So once the reserve
  is dealt the key sorts all seven columns, and before it sorts columns 4
  to 7; and a King goes only into the first empty column of each group
  (columns 1, 2 and 3 are groups of one before the deal): the other empty
  columns of its group give the same key.
* **Safe moves** (rule ``"safe_moves"``, Classic only, once the reserve is
  dealt): a card onto a column that holds its suit's King and the following
  cards down to the card's successor is played at once, without branching.
  Proof in :func:`_safe_move`, with a counterexample to the wider rule.
* **Dead positions** (rule ``"dead_cycles"``): links "card A cannot leave
  before card B leaves" that form a cycle prove a Classic position lost;
  *m* cycles without a common card prove that a Flexible position needs at
  least *m* moves onto a card of another suit.  Proofs in :func:`_links` and
  :func:`disjoint_cycles`.  Most Classic deals are lost this way before any
  search.
* **Few parkings first** (rule ``"few_parkings"``, Flexible): searches
  allowing 0, 1, 2, … moves onto a card of another suit ("parkings") in a
  line; with none left the rest is a Classic game, where the safe moves and
  the dead positions above apply.  A search the allowance never cut was
  complete, so its answer, win or not, is exact; a safe move or a cycle
  bound used with no parking left counts as a cut (it holds only in the
  game without parkings).  After 4 parkings, one search with no allowance
  (and so neither rule) gives the exact answer.
* **Move order**: moves that remove a run, then those that turn a face-down
  card up or empty a column, then same-suit placements, then the rest; the
  reserve deal last.
* **Natural moves first** (rule ``"first_natural"``, Flexible): the
  searches above run first over the moves a good player makes (see
  :func:`_natural`), the reserve dealt at once and the safe moves played
  even with parkings left.  That finds most wins quickly but proves nothing;
  if it finds no win, the same searches follow over every move.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Iterator
from typing import NamedTuple

from patience_rules import scorpion
from patience_rules.cards import Card, Rank, Suit
from patience_rules.solver._base import CHECK_CLOCK_EVERY, Budget, OutOfBudgetError, SolverError

__all__ = [
    "ENGINE",
    "RULES",
    "WIDEST",
    "Position",
    "beam_pass",
    "encode",
    "heuristic_order",
    "search",
]

RULES = frozenset(
    {"symmetry", "safe_moves", "dead_cycles", "few_parkings", "first_natural", "beam"}
)
"""The prunings and orderings the search applies; each can be switched off (tests do)."""

_RANKS = len(Rank)
_KING = _RANKS - 1
"""The rank index (``card % 13``) of a King; an Ace's is 0."""
CARDS = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""``CARDS[n]`` is the card numbered *n*."""
_NUMBER = {card: number for number, card in enumerate(CARDS)}
_RUN = tuple(bytes(range(suit * _RANKS + _KING, suit * _RANKS - 1, -1)) for suit in range(4))
"""Each suit's complete run, King first, as it lies in a column."""
_KINGS = tuple(suit * _RANKS + _KING for suit in range(4))
_NOWHERE = -1
_PLACE = 64
"""A card's place is ``column * 64 + index``."""


class Position(NamedTuple):
    """The search's position: columns (deepest card first), face-down counts, reserve."""

    columns: tuple[bytes, ...]
    down: tuple[int, ...]
    reserve: bytes


Move = tuple[int, int] | None
"""A card number and a target column index, or ``None`` for the reserve deal."""


def encode(state: scorpion.State) -> Position:
    """The search's :class:`Position` of *state*."""
    return Position(
        tuple(bytes(_NUMBER[card] for card in (*c.down, *c.up)) for c in state.columns),
        tuple(len(column.down) for column in state.columns),
        bytes(_NUMBER[card] for card in state.reserve),
    )


def _settle(column: bytes, down: int) -> tuple[bytes, int]:
    """A column that has just received cards, with a complete run on top removed."""
    if (
        len(column) - _RANKS >= down
        and column[-1] % _RANKS == 0
        and column[-_RANKS:] == _RUN[column[-1] // _RANKS]
    ):
        column = column[:-_RANKS]
        if down and len(column) == down:
            down -= 1
    return column, down


def play(position: Position, move: Move) -> Position:
    """*position* after *move*, with its automatic turn-ups and run removals."""
    columns, down = list(position.columns), list(position.down)
    if move is None:
        for index, card in enumerate(position.reserve):
            columns[index], down[index] = _settle(columns[index] + bytes((card,)), down[index])
        return Position(tuple(columns), tuple(down), b"")
    card, target = move
    source = next(i for i, column in enumerate(columns) if card in column)
    at = columns[source].index(card)
    group = columns[source][at:]
    columns[source] = columns[source][:at]
    if down[source] and at == down[source]:
        down[source] -= 1
    columns[target], down[target] = _settle(columns[target] + group, down[target])
    return Position(tuple(columns), tuple(down), position.reserve)


def _places(position: Position) -> list[int]:
    """Each card's place (``column * 64 + index``), or :data:`_NOWHERE`."""
    where = [_NOWHERE] * len(CARDS)
    for c, column in enumerate(position.columns):
        for i, card in enumerate(column):
            where[card] = c * _PLACE + i
    return where


def _empty_targets(position: Position, *, symmetry: bool) -> list[int]:
    """The empty columns a King may go into: the first of each group with symmetry."""
    empty = [c for c, column in enumerate(position.columns) if not column]
    if not symmetry:
        return empty
    if not position.reserve:
        return empty[:1]
    low = [c for c in empty if c < scorpion.RESERVE_SIZE]
    high = [c for c in empty if c >= scorpion.RESERVE_SIZE]
    return low + high[:1]


CardMove = tuple[int, int, int, int]
"""A card move as the search makes it: card, source column, index there, target column."""


def card_moves(
    position: Position, where: list[int], *, flexible: bool, symmetry: bool
) -> list[CardMove]:
    """Every legal card move (with symmetry, one King move per group of empty columns)."""
    columns, down = position.columns, position.down
    moves = []
    for target, column in enumerate(columns):
        if not column:
            continue
        top = column[-1]
        if top % _RANKS == 0:
            continue
        candidates = (
            [suit * _RANKS + top % _RANKS - 1 for suit in range(4)] if flexible else [top - 1]
        )
        for card in candidates:
            place = where[card]
            if place != _NOWHERE:
                source, index = divmod(place, _PLACE)
                if source != target and index >= down[source]:
                    moves.append((card, source, index, target))
    empty = _empty_targets(position, symmetry=symmetry)
    for king in _KINGS if empty else ():
        place = where[king]
        source, index = divmod(place, _PLACE)
        if place != _NOWHERE and index >= down[source]:
            moves.extend((king, source, index, target) for target in empty if target != source)
    return moves


def _score(position: Position, move: CardMove) -> int:
    """How promising a card move looks: a run removed, a card turned up, a column emptied."""
    card, source, index, target = move
    column, onto = position.columns[source], position.columns[target]
    score = 0
    group = column[index:]
    if group[-1] % _RANKS == 0 and len(onto) + len(group) >= _RANKS:
        joined = onto + group
        if joined[-_RANKS:] == _RUN[group[-1] // _RANKS]:
            score += 8
    if index and index == position.down[source]:
        score += 4
    if not index and onto:
        score += 2
    if onto and onto[-1] == card + 1:
        score += 1
    return score


def heuristic_order(position: Position, moves: list[CardMove]) -> list[
    CardMove
]:
    """*moves*, the most promising first (see :func:`_score`); ties keep their order."""
    return sorted(moves, key=lambda move: -_score(position, move))


def _safe_move(position: Position, where: list[int]) -> Move:
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
        if column and column[-1] % _RANKS and column == _RUN[column[0] // _RANKS][: len(column)]:
            card = column[-1] - 1
            place = where[card]
            if place != _NOWHERE:
                source, index = divmod(place, _PLACE)
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
            if card % _RANKS:
                # card is the successor of card - 1, and `above` lies on it
                below = card - 1
                if where[below] != _NOWHERE and where[below] != c * _PLACE + i + 1:
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


def key(position: Position, *, symmetry: bool) -> bytes:
    """A compact key of *position*: equal keys, equal futures."""
    parts = [bytes((d,)) + c for c, d in zip(position.columns, position.down, strict=True)]
    if symmetry:
        fixed = scorpion.RESERVE_SIZE if position.reserve else 0
        parts[fixed:] = sorted(parts[fixed:])
    return position.reserve + b"\xff" + b"\xfe".join(parts)


def won(position: Position) -> bool:
    """Whether every card is gone: the four runs are removed."""
    return not position.reserve and not any(position.columns)


def _natural(position: Position, move: CardMove) -> bool:
    """Whether a Flexible move is one a good player makes (a heuristic, not a proof).

    A card that lies on a card one rank higher stays there unless it goes
    onto its own suit's successor; a King at the bottom of a column with no
    face-down card stays.
    """
    card, source, index, target = move
    if card % _RANKS == _KING:
        return bool(index)
    if not index:
        return True
    column, onto = position.columns[source], position.columns[target]
    return column[index - 1] % _RANKS != card % _RANKS + 1 or onto[-1] == card + 1


def _parks(position: Position, move: CardMove) -> bool:
    """Whether *move* puts a card onto a card of another suit (Flexible only)."""
    onto = position.columns[move[3]]
    return bool(onto) and onto[-1] != move[0] + 1


_UNLIMITED = 1 << 30
_MOST_PARKINGS = 4
"""The largest allowance of parkings searched before one search with no allowance at all.

That last search applies neither the safe moves nor the cycle bounds (both hold only
once no parking is left), so whatever it answers is exact.
"""


class _Search:
    """One depth-first search, with at most *allowance* moves onto another suit on a line.

    The transposition table keeps, for each position met, the largest
    allowance it was searched with: met again with no more, it is skipped.
    """

    def __init__(
        self,
        budget: Budget,
        *,
        flexible: bool,
        rules: frozenset[str],
        natural: bool,
        allowance: int | None,
    ) -> None:
        self.budget = budget
        self.flexible = flexible
        self.symmetry = "symmetry" in rules
        self.safe = "safe_moves" in rules
        self.dead = "dead_cycles" in rules
        self.natural = natural
        self.allowance = _UNLIMITED if allowance is None or not flexible else allowance
        self.bounded = False
        """Whether the allowance kept some move out: then the search was not complete."""
        self.seen: dict[bytes, int] = {}
        self.room = None if budget.max_states is None else budget.max_states - budget.states
        self.states = 0

    def enter(
        self, position: Position, left: int, moves: list[Move], *, linked: bool
    ) -> Position | None:
        """*position* after its safe moves (appended to *moves*), or ``None`` if met or lost.

        *left* is the allowance left: with none left (always under Classic
        rules) the game from here is a Classic game, where the safe moves
        and the proofs of :func:`disjoint_cycles` hold.  *linked* says
        whether the move here may have made new links (see :func:`_links`):
        only then are the cycles counted again.
        """
        classic = not self.flexible or not left
        while True:
            k = key(position, symmetry=self.symmetry)
            if self.seen.get(k, -1) >= left:
                return None
            self.seen[k] = left
            self.states += 1
            if self.room is not None and self.states > self.room:
                raise OutOfBudgetError
            if not self.states % CHECK_CLOCK_EVERY:
                self.budget.check_clock()
            where = _places(position)
            if linked and self.dead and (classic or left < _UNLIMITED):
                enough = 1 if classic else left + 1
                if disjoint_cycles(position, where, enough) >= enough:
                    self.bounded = self.bounded or self.flexible
                    return None
            if not (self.safe and (classic or self.natural) and not position.reserve):
                return position
            move = _safe_move(position, where)
            if move is None:
                return position
            # Under Flexible rules a safe move is safe only in the game with no parking left:
            # it may take away a parking's target, so the search no longer covers every line.
            self.bounded = self.bounded or self.flexible
            moves.append(move)
            position = play(position, move)
            linked = False

    def children(
        self, position: Position, left: int
    ) -> Iterator[tuple[Move, Position, int, bool]]:
        """The moves from *position* worth trying, the most promising first, with their results."""
        if self.natural and position.reserve:
            yield None, play(position, None), left, True
            return
        where = _places(position)
        moves = card_moves(position, where, flexible=self.flexible, symmetry=self.symmetry)
        if self.natural:
            moves = [move for move in moves if _natural(position, move)]
        for move in heuristic_order(position, moves):
            cost = self.flexible and _parks(position, move)
            if cost > left:
                self.bounded = True
                continue
            card, target = move[0], move[3]
            yield (card, target), play(position, (card, target)), left - cost, bool(cost)
        if position.reserve:
            yield None, play(position, None), left, True

    def run(self, start: Position) -> list[Move] | None:
        """A winning line from *start*, or ``None`` if the search space holds none."""
        line: list[Move] = []
        entered = self.enter(start, self.allowance, line, linked=True)
        if entered is None:
            return None
        if won(entered):
            return line
        # the path: each frame is a position's remaining children and how long the line was
        stack = [(self.children(entered, self.allowance), len(line))]
        while stack:
            children, length = stack[-1]
            step = next(children, None)
            if step is None:
                stack.pop()
                continue
            del line[length:]
            move, child, left, linked = step
            line.append(move)
            entered = self.enter(child, left, line, linked=linked)
            if entered is None:
                continue
            if won(entered):
                return line
            stack.append((self.children(entered, left), len(line)))
        return None


@functools.lru_cache(maxsize=1 << 16)
def _column_promise(column: bytes, down: int) -> int:
    """A column's share of :func:`_promise` (columns recur, so it is kept)."""
    size = len(column)
    if not size:
        return 3
    built = 0
    if not down and column[0] % _RANKS == _KING:
        built = 1
        while built < size and column[built] == column[built - 1] - 1:
            built += 1
    score = 10 * built - (size - down if down else 0)
    for i in range(max(built, down) + 1, size):
        under, card = column[i - 1], column[i]
        if card == under - 1 and under % _RANKS:
            score += 8
        elif card % _RANKS == under % _RANKS - 1:
            score += 2
    below = set(column[:built])
    for card in column[built:]:
        if card % _RANKS and card - 1 in below:
            score -= 6
        below.add(card)
    return score


def _promise(position: Position) -> int:
    """How close *position* looks to a won one, for the beam passes (a heuristic, not a proof).

    Counts the cards gone or built home (a same-suit run from a King at the
    bottom of a column with no face-down card), the cards on their same-suit
    successor or on another card one rank higher, the empty columns; and
    against them the hidden cards (face down or in the reserve), the face-up
    cards covering face-down ones, and the cards lying above their own suit's
    next lower card (that card must come out from under them).
    """
    left = len(position.reserve) + sum(map(len, position.columns))
    hidden = sum(position.down) + len(position.reserve)
    return (
        10 * (len(CARDS) - left)
        - 6 * hidden
        + sum(map(_column_promise, position.columns, position.down))
    )


NARROWEST = 8
WIDEST = 1 << 12
"""The beam passes run at widths 8, 16, … up to this one."""

_Line = tuple[Move, "_Line"] | None
"""A line as a linked list, last move first (the beam keeps one per position)."""


def beam_pass(
    start: Position, budget: Budget, width: int, *, symmetry: bool
) -> tuple[list[Move] | None, bool]:
    """One beam pass: a winning line from *start* or ``None``, and whether *width* cut it.

    Breadth first over every legal action (Flexible rules), each position
    met once; of each layer's new positions only the *width* most promising
    (see :func:`_promise`) are expanded.  A pass that never had to drop a
    position searched every position reachable from *start*: then ``None``
    is a proof that none is won.
    """
    if won(start):
        return [], False
    seen = {key(start, symmetry=symmetry)}
    layer: list[tuple[Position, _Line]] = [(start, None)]
    cut = False
    while layer:
        ranked: list[tuple[int, int, Position, _Line]] = []
        for position, line in layer:
            where = _places(position)
            moves: list[Move] = [
                (card, target)
                for card, _, _, target in card_moves(
                    position, where, flexible=True, symmetry=symmetry
                )
            ]
            if position.reserve:
                moves.append(None)
            for move in moves:
                child = play(position, move)
                k = key(child, symmetry=symmetry)
                if k in seen:
                    continue
                seen.add(k)
                budget.spend(1)
                if won(child):
                    found: list[Move] = [move]
                    rest = line
                    while rest is not None:
                        found.append(rest[0])
                        rest = rest[1]
                    return found[::-1], cut
                ranked.append((-_promise(child), len(ranked), child, (move, line)))
        if len(ranked) > width:
            cut = True
            ranked = heapq.nsmallest(width, ranked)
        layer = [(child, line) for _, _, child, line in ranked]
    return None, cut


_NATURAL_STATES = 3000
"""How many states the first Flexible search over natural moves may spend (see :func:`search`)."""


def _rising_allowances(
    position: Position, budget: Budget, *, flexible: bool, rules: frozenset[str], natural: bool
) -> list[Move] | None:
    """Searches allowing 0, 1, 2, … parkings in a line (see :func:`search`)."""
    allowance: int | None = 0 if flexible and "few_parkings" in rules else None
    while True:
        run = _Search(budget, flexible=flexible, rules=rules, natural=natural, allowance=allowance)
        try:
            line = run.run(position)
        finally:
            budget.states += run.states
        if line is not None or not run.bounded or allowance is None:
            return line
        allowance = allowance + 1 if allowance < _MOST_PARKINGS else None


def _natural_within(
    position: Position, budget: Budget, rules: frozenset[str], states: int
) -> tuple[list[Move] | None, bool]:
    """The Flexible searches over natural moves within *states*: a line, and whether they ended."""
    most = budget.states + states
    if budget.max_states is not None:
        most = min(most, budget.max_states)
    capped = Budget(most, budget.deadline, budget.states)
    try:
        line = _rising_allowances(position, capped, flexible=True, rules=rules, natural=True)
    except OutOfBudgetError:
        budget.states = capped.states
        budget.spend(0)  # raises if the whole budget ran out, not only the cap
        budget.check_clock()
        return None, False
    budget.states = capped.states
    return line, True


def _flexible_heuristics(
    position: Position, budget: Budget, rules: frozenset[str]
) -> tuple[list[Move] | None, bool]:
    """The natural-move searches and the beam passes, sharing the budget: a line, and if exact.

    The searches over natural moves (rule ``"first_natural"``) start with
    :data:`_NATURAL_STATES` states; beam passes of widths 8, 16, … up to
    :data:`WIDEST` (rule ``"beam"``) follow, and whenever the passes have
    spent as many states as the natural searches were last allowed, those
    start again with four times as many (a search the cap did not cut is not
    run again).  Only a beam pass the width never cut gives an exact ``None``.
    """
    natural = "first_natural" in rules
    cap = _NATURAL_STATES
    line: list[Move] | None = None
    if natural:
        line, ended = _natural_within(position, budget, rules, cap)
        natural = not ended
    in_beams = 0
    width = NARROWEST
    while line is None and "beam" in rules and width <= WIDEST:
        before = budget.states
        line, cut = beam_pass(position, budget, width, symmetry="symmetry" in rules)
        if line is not None or not cut:
            return line, True
        in_beams += budget.states - before
        width *= 2
        if natural and in_beams >= cap:
            cap *= 4
            line, ended = _natural_within(position, budget, rules, cap)
            natural = not ended
    return line, line is not None


def search(
    position: Position, budget: Budget, *, flexible: bool, rules: frozenset[str] = RULES
) -> list[Move] | None:
    """A winning line from *position*, or ``None``: a proof that none exists.

    Classic: one search.  Flexible: first the heuristic searches (see
    :func:`_flexible_heuristics`), then searches allowing 0, 1, 2, … moves
    onto a card of another suit (rule ``"few_parkings"``; else one
    unbounded search) until one the allowance never cut (a safe move or a
    cycle bound, which hold only with no parking left, counts as a cut), and
    after :data:`_MOST_PARKINGS` one search with no allowance.

    Raises:
        OutOfBudgetError: *budget* ran out first.
    """
    if flexible:
        line, exact = _flexible_heuristics(position, budget, rules)
        if exact:
            return line
    return _rising_allowances(position, budget, flexible=flexible, rules=rules, natural=False)


def _to_move(move: Move) -> scorpion.Move:
    if move is None:
        return scorpion.DealReserve()
    return scorpion.MoveCard(CARDS[move[0]], move[1] + 1)


class _Scorpion:
    game: str = "scorpion"
    methods: tuple[str, ...] = ("auto", "python")

    def position(self, state: scorpion.State) -> scorpion.State:
        columns = state.columns
        cards = [
            card
            for column in columns
            if isinstance(column, scorpion.Column)
            for card in (*column.down, *column.up)
        ]
        cards += state.reserve
        runs = set(state.removed_runs)
        expected = [card for card in CARDS if card.suit not in runs]
        if (
            len(columns) != scorpion.COLUMNS
            or not all(isinstance(column, scorpion.Column) for column in columns)
            or any(column.down and not column.up for column in columns)
            or len(state.reserve) not in {0, scorpion.RESERVE_SIZE}
            or not all(isinstance(card, Card) for card in cards)
            or sorted(cards, key=_NUMBER.__getitem__) != expected
        ):
            raise SolverError(
                f"the solver takes {scorpion.COLUMNS} columns, a reserve of "
                f"{scorpion.RESERVE_SIZE} cards or none, and each card not in a removed run "
                f"once, face-down cards under face-up ones: not {state!r}"
            )
        return state

    def search(
        self, state: scorpion.State, budget: Budget, method: str  # noqa: ARG002 - one method
    ) -> tuple[scorpion.Move, ...] | None:
        flexible = state.variant is scorpion.Variant.FLEXIBLE
        line = search(encode(state), budget, flexible=flexible)
        return None if line is None else tuple(map(_to_move, line))

    def heuristic_move(self, state: scorpion.State) -> scorpion.Move | None:
        """The most promising card move, else the reserve deal (see :func:`heuristic_order`)."""
        position = encode(state)
        moves = card_moves(
            position,
            _places(position),
            flexible=state.variant is scorpion.Variant.FLEXIBLE,
            symmetry=True,
        )
        useful = [move for move in moves if move[2] or move[0] % _RANKS != _KING]
        if useful:
            card, _, _, target = heuristic_order(position, useful)[0]
            return _to_move((card, target))
        if position.reserve:
            return scorpion.DealReserve()
        return _to_move((moves[0][0], moves[0][3])) if moves else None

    def deal(self, number: int, variant: scorpion.Variant) -> scorpion.State:
        return scorpion.deal(number, variant)


ENGINE = _Scorpion()
"""The Scorpion engine."""
