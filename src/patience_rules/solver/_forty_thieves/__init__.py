"""The Forty Thieves engine of :mod:`patience_rules.solver`: exact, perfect information.

The search knows the order of the stock.  Its levers (the tests switch
each rule off and check that the answers stay the same; the encoding is
checked against a search that keeps the foundations apart):

* **One card for two copies, foundations as heights** (:mod:`._encoding`):
  a card is a number from 0 to 51, so the two copies of a card are the same
  card, and the foundations are each suit's two heights, sorted: positions
  that differ only by which copy lies where, or by which of a suit's two
  foundations holds which cards, are one position (see
  :func:`~._encoding.key` for why).
* **Column symmetry** (rule ``"symmetry"``): no rule tells two columns
  apart, so the key sorts them, and a card goes only into the first empty
  column.
* **Safe moves** (rule ``"safe_moves"``, :mod:`._safe`): a top card that
  fits on the *lower* of its suit's two foundations goes up at once,
  without branching; proved there.
* **Few take-backs** (rule ``"few_take_backs"``, :mod:`._safe`): a card
  comes back from a foundation only from the higher of its suit's two, when
  it is strictly higher: the cards up to the lower one's height never need
  to move; proved there.
* **Draws to play** (rule ``"draw_to_play"``, :mod:`._encoding`): no draw
  on its own, but "draw *k* cards and move the last one drawn", for each
  card left in the stock; proved there.  The search then keeps no position
  reached by a draw: with ten cards left in the stock, a jammed position
  has about ten times fewer positions to look at.
* **Dead positions** (rule ``"dead_positions"``, :mod:`._dead`): a
  position where some card can never go up has no win and is not
  expanded; proved there.  Tested at the start and after draws.
* **No undo** (rule ``"no_undo"``, :func:`~._search.undoing`): the move
  that undoes the last one (a card back to the column it left, a card
  taken back going up again) leads to a position the run has met, so it is
  not made; the same positions are met, sooner.
* **A table of every position met**: each position is looked at once.
  The draw changes the waste, so the Golf solver's stock dominance ("the
  same board with fewer cards drawn is never worse") does not carry over.
  Two positions with the same columns and foundations but different counts
  of cards drawn hold different wastes: the one with more drawn holds the
  other's waste cards and the cards drawn since, but not necessarily in the
  same order (with two copies of a card, one player may have played the
  first copy and kept the second, another the reverse), and a waste is a
  stack, so which card lies on which matters: for instance 5♠ on 4♠ with
  the spade foundations at 3 and no column free is stuck, 4♠ on 5♠ is not.
  So the key keeps the whole waste and no position stands for another.
  The form that does hold — a position reached by draws from one with no
  win has no win either — is already covered by the table: a search that
  found no win from a position has met every position reachable from it.
* **A portfolio of resumed runs** (rule ``"portfolio"``): best-first
  searches under a few weightings of the foundation cards, empty columns,
  cards out of sequence, waste cards and how deep the next cards lie, and a
  depth-first search (foundation moves first, draws to play), in turn, in
  rounds that double the positions each run may meet more.  Each run goes
  on from where it stopped (it keeps its table and its frontier), so no
  position is met twice by one run: the runs of the round after a round of
  caps *c* reach 2*c* where runs started again would have reached *c*
  again first.  A few more best-first weightings, small runs, take their
  turns only until each has met a few tens of thousands of positions:
  each decides few deals, but early, where the others need many more.
  Then beams (:class:`~._search.Beam`): passes that keep, depth after
  depth, only the best few hundred or thousand new positions, each pass
  twice as wide as the last; they look far down a few lines, and win
  deals no best-first run wins within millions of positions.
  Every one of them is complete: the first that ends without reaching its
  cap answers exactly (a win, or no win since it saw every reachable
  position: a beam's pass only when it dropped no position), and the runs
  without a ceiling go on until one does.
  Without the rule, one depth-first search.

The runs are compiled (:mod:`._compiled`, numba) once numba has compiled
them, or loaded them from its cache, in a thread of their own
(:mod:`._warm`); until then, without numba, with ``method="python"`` or
with the environment variable ``PATIENCE_RULES_SOLVER_ENGINE=python``, the
Python runs of :mod:`._search`.  Both meet the same positions in the same
order: the same answers at every state budget.
"""

from __future__ import annotations

from collections import Counter

from patience_rules import _text
from patience_rules import forty_thieves as ft
from patience_rules.cards import Card, Rank, Suit, two_decks
from patience_rules.solver._base import Budget, SolverError
from patience_rules.solver._forty_thieves._encoding import (
    DRAW_TO_PLAY,
    FOUNDATION,
    RANKS,
    TAKE_BACK,
    WASTE,
    Move,
    Position,
    moves,
    play,
)
from patience_rules.solver._forty_thieves._safe import settle
from patience_rules.solver._forty_thieves._search import (
    Beam,
    BestFirst,
    Capped,
    DepthFirst,
    Rules,
    Task,
    Weights,
    score,
)
from patience_rules.solver._forty_thieves._warm import compiled_ready

__all__ = ["ENGINE", "PORTFOLIO", "RULES", "encode", "search", "to_moves"]

RULES = frozenset(
    {
        "symmetry",
        "safe_moves",
        "few_take_backs",
        "draw_to_play",
        "dead_positions",
        "no_undo",
        "portfolio",
    }
)
"""The levers the search applies; each can be switched off (the tests do)."""

_FIRST: Weights = (10, 5, 5, 4, 3)
"""The portfolio's first weighting, and the hint's when the search finds no win in time."""

PORTFOLIO: tuple[Weights | None, ...] = (
    _FIRST,
    (10, 10, 2, 3, 2),
    (5, 5, 2, 4, 3),
    (10, 5, 8, 4, 3),
    (10, 5, 2, 4, 3),
    (20, 10, 2, 2, 4),
    (10, 0, 2, 4, 3),
    (10, 5, 0, 4, 3),
    None,
)
"""The runs of the portfolio, in turn: a best-first weighting (see :func:`~._search.score`),
or ``None`` for the depth-first search; each round resumes them all."""

SMALL_RUNS: tuple[Weights, ...] = ((6, 7, 2, 11, 6), (5, 6, 3, 4, 2), (4, 12, 5, 9, 7))
"""Best-first weightings tried small: each round after the best-first runs of
:data:`PORTFOLIO`, each goes on like them, until it has met :data:`SMALL_CAP` positions in
all; then it is dropped (its table freed).  Such a run decides few deals, early, where the
portfolio's runs need many more positions or none decide."""

SMALL_CAP = 32_000
"""The most positions a run of :data:`SMALL_RUNS` meets in all."""

BEAM_RUNS: tuple[Weights, ...] = ((10, 5, 5, 4, 3), (5, 5, 2, 4, 3))
"""Beams (see :class:`~._search.Beam`), each round after the best-first runs and the small
runs, when more than :data:`SHORT_STOCK` cards are left in the stock: they win deals no
best-first run wins within millions of positions (a loss only in a pass that dropped no
position, which few do)."""

BEAM_SHARE = 8
"""How many times more positions than a best-first run each beam of a round may meet."""

DEPTH_FIRST_SHARE = 4
"""How many times more positions than a best-first run the depth-first run of a round may
meet: it is the cheapest per position, so the best at proving that there is no win."""

SHORT_STOCK = 16
"""With at most this many cards left in the stock, the depth-first run goes first each round,
for as many positions as all the best-first runs together: late in a game, where most
positions are lost, proofs are within reach and it makes them."""

FIRST_CAP = 4000
"""How many positions each best-first run of the portfolio's first round may meet; each next
round twice as many more."""

_DECK = Counter(two_decks())
_RANKS = tuple(Rank)
_SUIT_NUMBER = {suit: number for number, suit in enumerate(Suit)}
"""Each suit's number in the encoding, as in :attr:`~patience_rules.Card.index`."""


def _heights(state: ft.State, suit: int) -> list[int]:
    """The heights of the two foundations of *suit* (0-3, C D H S), lower first."""
    return sorted(
        len(pile)
        for pile, of in zip(state.foundations, ft.FOUNDATION_SUITS, strict=True)
        if _SUIT_NUMBER[of] == suit
    )


def encode(state: ft.State) -> tuple[Position, bytes]:
    """The search's position of *state* and its stock."""
    heights = bytes(height for suit in range(4) for height in _heights(state, suit))
    columns = tuple(bytes(card.index for card in column) for column in state.columns)
    waste = bytes(card.index for card in state.waste)
    return Position(columns, waste, 0, heights), bytes(card.index for card in state.stock)


def search(  # noqa: PLR0913 - the position, the budget, the levers, the engine
    position: Position,
    stock: bytes,
    budget: Budget,
    rules: frozenset[str] = RULES,
    first_cap: int = FIRST_CAP,
    *,
    compiled: bool = False,
) -> list[Move] | None:
    """A winning line from *position*, or ``None``: a proof that none exists.

    With rule ``"portfolio"`` the runs of :data:`PORTFOLIO` in turn, each
    going on from where it stopped, for *first_cap* more positions the
    first round and twice as many more each next round, until one ends
    before its cap; the depth-first run for :data:`DEPTH_FIRST_SHARE` times
    as many (with at most :data:`SHORT_STOCK` cards left in the stock,
    first, for as many as all the best-first runs of the round); the runs
    of :data:`SMALL_RUNS` after the best-first runs, as they, until each
    has met :data:`SMALL_CAP` positions; then the beams of :data:`BEAM_RUNS`
    for :data:`BEAM_SHARE` times as many (with more than :data:`SHORT_STOCK`
    cards left in the stock).  Without the rule, one depth-first search.

    *compiled*: the runs of :mod:`._compiled` (numba), which meet the same
    positions in the same order (so give the same answer after as many
    positions), with every rule of :data:`RULES` but the portfolio on.

    Raises:
        OutOfBudgetError: *budget* ran out first.
    """
    task = Task(stock, budget, Rules(rules))
    depth, best, beam = DepthFirst, BestFirst, Beam
    if compiled:
        # numba is imported (and the runs compiled, or loaded from its cache) at first use.
        from patience_rules.solver._forty_thieves._compiled import (  # noqa: PLC0415 - numba, optional, at first use
            CompiledBeam,
            CompiledBestFirst,
            CompiledDepthFirst,
        )

        depth, best = CompiledDepthFirst, CompiledBestFirst  # type: ignore[assignment]  # same resume
        beam = CompiledBeam  # type: ignore[assignment]  # same resume
    if not task.rules.portfolio:
        return depth(task, position).resume(None)
    runs = [
        depth(task, position) if weights is None else best(task, position, weights)
        for weights in PORTFOLIO
    ]
    share, beams = DEPTH_FIRST_SHARE, BEAM_RUNS
    if len(stock) - position.drawn <= SHORT_STOCK:
        share, beams = len(runs) - 1, ()
        runs.sort(key=lambda run: not isinstance(run, depth))
    after = max((at + 1 for at, run in enumerate(runs) if not isinstance(run, depth)), default=0)
    # Each run with how many more positions it may meet in all (None: no ceiling).
    turns: list[tuple[DepthFirst | BestFirst | Beam, int | None]] = [(run, None) for run in runs]
    turns[after:after] = [
        *((best(task, position, weights), SMALL_CAP) for weights in SMALL_RUNS),
        *((beam(task, position, weights), None) for weights in beams),
    ]
    shares = {depth: share, beam: BEAM_SHARE}
    cap = first_cap
    while True:
        for at, (run, left) in enumerate(turns):
            allowed = shares.get(type(run), 1) * cap
            if left is not None:
                allowed = min(allowed, left)
                turns[at] = (run, left - allowed)
            if allowed:
                try:
                    return run.resume(allowed)
                except Capped:
                    pass
        turns = [(run, left) for run, left in turns if left != 0]
        cap *= 2


def to_moves(state: ft.State, line: list[Move]) -> tuple[ft.Move, ...]:
    """The library's moves for the engine's *line* from *state*, checked by replaying them."""
    played = []
    for move in line:
        for real in _to_moves(state, move):
            state = ft.apply(state, real)
            played.append(real)
    return tuple(played)


def _to_moves(state: ft.State, move: Move) -> list[ft.Move]:
    """The library's moves for the engine's *move*: one, or draws and a move from the waste."""
    if move is not None and move[0] >= DRAW_TO_PLAY:
        draws = move[0] - DRAW_TO_PLAY
        for _ in range(draws):
            state = ft.apply(state, ft.Draw())
        return [ft.Draw()] * draws + [_to_move(state, (WASTE, move[1]))]
    return [_to_move(state, move)]


def _to_move(state: ft.State, move: Move) -> ft.Move:
    if move is None:
        return ft.Draw()
    source, target = move
    if source < WASTE:
        pile: ft.Pile = ft.Column(source + 1)
        card = state.columns[source][-1]
    elif source == WASTE:
        pile = ft.Waste()
        card = state.waste[-1]
    else:
        suit, lower = divmod(source - TAKE_BACK, 2)
        number = _foundation(state, suit, _heights(state, suit)[lower])
        pile = ft.Foundation(number)
        card = state.foundations[number - 1][-1]
    if target == FOUNDATION:
        number = _foundation(state, card.index // RANKS, card.rank - 1)
        return ft.MoveCard(pile, ft.Foundation(number))
    return ft.MoveCard(pile, ft.Column(target + 1))


def _foundation(state: ft.State, suit: int, height: int) -> int:
    """The number of the leftmost foundation of *suit* (0-3, C D H S) holding *height* cards."""
    return next(
        number
        for number, (pile, pile_suit) in enumerate(
            zip(state.foundations, ft.FOUNDATION_SUITS, strict=True), 1
        )
        if _SUIT_NUMBER[pile_suit] == suit and len(pile) == height
    )


class _FortyThieves:
    game: str = "forty_thieves"
    methods: tuple[str, ...] = ("auto", "python")

    def position(self, state: ft.State) -> ft.State:
        piles = (*state.columns, state.stock, state.waste, *state.foundations)
        cards = [card for pile in piles for card in pile]
        if (
            len(state.columns) != ft.COLUMNS
            or len(state.foundations) != ft.FOUNDATIONS
            or not all(isinstance(card, Card) for card in cards)
            or Counter(cards) != _DECK
            or any(
                pile != tuple(Card(rank, suit) for rank, _ in zip(_RANKS, pile, strict=False))
                for pile, suit in zip(state.foundations, ft.FOUNDATION_SUITS, strict=True)
            )
        ):
            raise SolverError(
                f"the solver takes {ft.COLUMNS} columns and {ft.FOUNDATIONS} foundations, "
                "each built from its Ace, and every card of the two decks exactly twice: "
                f"not {_text.quote(state)}"
            )
        return state

    def search(
        self,
        state: ft.State,
        budget: Budget,
        method: str,
    ) -> tuple[ft.Move, ...] | None:
        """The compiled runs when ready and *method* is ``"auto"``, else the Python runs."""
        position, stock = encode(state)
        line = search(position, stock, budget, compiled=method == "auto" and compiled_ready())
        return None if line is None else to_moves(state, line)

    def heuristic_move(self, state: ft.State) -> ft.Move | None:
        """A safe move (see :mod:`._safe`), else the move whose result scores best.

        The result after its safe moves, under the portfolio's first weighting; the
        earliest move on a tie.
        """
        position, stock = encode(state)
        safe: list[Move] = []
        settle(position, stock, safe)
        if safe:
            return _to_move(state, safe[0])
        best, best_score = None, None
        for move in moves(position, stock):
            child = settle(play(position, move, stock), stock, [])
            value = score(child, _FIRST)
            if best_score is None or value > best_score:
                best, best_score = move, value
        return None if best_score is None else _to_move(state, best)

    def deal(self, number: int, variant: ft.Variant) -> ft.State:
        return ft.deal(number, variant)


ENGINE = _FortyThieves()
"""The Forty Thieves engine."""
