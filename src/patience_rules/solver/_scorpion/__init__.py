"""The Scorpion engine of :mod:`patience_rules.solver`: exact searches, perfect information.

The search knows the face-down cards and the reserve.  A card is a small
integer, a column a ``bytes`` of cards with its count of face-down cards, a
position the seven columns and the reserve (:mod:`._position`).  The
depth-first search (:mod:`._depth_first`) uses what :mod:`._proofs` proves;
Flexible positions meet the beam passes (:mod:`._beam`) first.  On that
encoding:

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
  Proof in :func:`._proofs.safe_move`, with a counterexample to the wider rule.
* **Dead positions** (rule ``"dead_cycles"``): links "card A cannot leave
  before card B leaves" that form a cycle prove a Classic position lost;
  *m* cycles without a common card prove that a Flexible position needs at
  least *m* moves onto a card of another suit.  Proofs in :mod:`._proofs`.
  Most Classic deals are lost this way before any search.
* **Dead sets** (rule ``"dead_sets"``, Classic): a set of cards each of
  which waits for another card of the set (a card placed on its successor
  or a King at the bottom waits for its suit's unplaced cards, a King above
  other cards also for an empty column, a card for a card between it and
  its successor above it) proves the position lost, even with no cycle of
  links.  Looked for where the cycles are.  Proof in
  :func:`._proofs.dead_set`.
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
  searches above run first over the moves a good player makes (a card on a
  card one rank higher leaves only for its own suit's successor), the
  reserve dealt at once and the safe moves played even with parkings left,
  within a few thousand states at first.  That finds many wins at once but
  proves nothing.
* **Beam passes** (rule ``"beam"``, Flexible): breadth first over every
  action, keeping only the most promising positions of each layer, at
  widths 8, 16, 32, …, taking turns with the natural searches (see
  :func:`_flexible_heuristics`).  They find most of the remaining wins; a
  pass the width never cut visited every position, so its answer is exact.
  Then, only if neither decided, the exact searches by parkings follow.
"""

from __future__ import annotations

from operator import attrgetter

from patience_rules import _text, scorpion
from patience_rules.cards import Card
from patience_rules.solver._base import Budget, OutOfBudgetError, SolverError
from patience_rules.solver._scorpion._beam import NARROWEST, WIDEST, beam_pass
from patience_rules.solver._scorpion._depth_first import MOST_PARKINGS, Search
from patience_rules.solver._scorpion._position import (
    CARDS,
    KING,
    RANKS,
    Move,
    Position,
    card_moves,
    encode,
    heuristic_order,
    places,
)

__all__ = [
    "CARDS",
    "ENGINE",
    "RULES",
    "WIDEST",
    "Move",
    "Position",
    "beam_pass",
    "encode",
    "heuristic_order",
    "search",
]

RULES = frozenset(
    {
        "symmetry",
        "safe_moves",
        "dead_cycles",
        "dead_sets",
        "few_parkings",
        "first_natural",
        "beam",
    }
)
"""The prunings, orderings and heuristic searches the engine applies; each can be switched off.

The tests do, rule by rule: the answers stay the same.
"""


_NATURAL_STATES = 3000
"""How many states the first Flexible search over natural moves may spend (see :func:`search`)."""


def _rising_allowances(
    position: Position, budget: Budget, *, flexible: bool, rules: frozenset[str], natural: bool
) -> list[Move] | None:
    """Searches allowing 0, 1, 2, … parkings in a line (see :func:`search`)."""
    allowance: int | None = 0 if flexible and "few_parkings" in rules else None
    while True:
        run = Search(budget, flexible=flexible, rules=rules, natural=natural, allowance=allowance)
        try:
            line = run.run(position)
        finally:
            budget.states += run.states
        if line is not None or not run.bounded or allowance is None:
            return line
        allowance = allowance + 1 if allowance < MOST_PARKINGS else None


def _natural_within(
    position: Position, budget: Budget, rules: frozenset[str], states: int
) -> tuple[list[Move] | None, bool]:
    """The Flexible searches over natural moves within *states*: a line, and whether they ended."""
    most = budget.states + states
    if budget.max_states is not None:
        most = min(most, budget.max_states)
    capped = budget.capped(most, budget.states)
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
    after :data:`MOST_PARKINGS` one search with no allowance.

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
            or sorted(cards, key=attrgetter("index")) != expected
        ):
            raise SolverError(
                f"the solver takes {scorpion.COLUMNS} columns, a reserve of "
                f"{scorpion.RESERVE_SIZE} cards or none, and each card not in a removed run "
                f"once, face-down cards under face-up ones: not {_text.quote(state)}"
            )
        return state

    def search(
        self,
        state: scorpion.State,
        budget: Budget,
        method: str,  # noqa: ARG002 - one method
    ) -> tuple[scorpion.Move, ...] | None:
        flexible = state.variant is scorpion.Variant.FLEXIBLE
        line = search(encode(state), budget, flexible=flexible)
        return None if line is None else tuple(map(_to_move, line))

    def heuristic_move(self, state: scorpion.State) -> scorpion.Move | None:
        """The most promising card move, else the reserve deal (see :func:`heuristic_order`)."""
        position = encode(state)
        moves = card_moves(
            position,
            places(position),
            flexible=state.variant is scorpion.Variant.FLEXIBLE,
            symmetry=True,
        )
        useful = [move for move in moves if move[2] or move[0] % RANKS != KING]
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
