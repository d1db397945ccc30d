"""The Scorpion engine's depth-first search, with its transposition table and proofs."""

from __future__ import annotations

from collections.abc import Iterator

from patience_rules.solver._base import CHECK_CLOCK_EVERY, Budget, OutOfBudgetError
from patience_rules.solver._scorpion._position import (
    KING,
    RANKS,
    CardMove,
    Move,
    Position,
    card_moves,
    heuristic_order,
    key,
    places,
    play,
    won,
)
from patience_rules.solver._scorpion._proofs import dead_set, disjoint_cycles, safe_move

__all__ = ["MOST_PARKINGS", "Search"]


def _natural(position: Position, move: CardMove) -> bool:
    """Whether a Flexible move is one a good player makes (a heuristic, not a proof).

    A card that lies on a card one rank higher stays there unless it goes
    onto its own suit's successor; a King at the bottom of a column with no
    face-down card stays.
    """
    card, source, index, target = move
    if card % RANKS == KING:
        return bool(index)
    if not index:
        return True
    column, onto = position.columns[source], position.columns[target]
    return column[index - 1] % RANKS != card % RANKS + 1 or onto[-1] == card + 1


def _parks(position: Position, move: CardMove) -> bool:
    """Whether *move* puts a card onto a card of another suit (Flexible only)."""
    onto = position.columns[move[3]]
    return bool(onto) and onto[-1] != move[0] + 1


_UNLIMITED = 1 << 30
MOST_PARKINGS = 4
"""The largest allowance of parkings searched before one search with no allowance at all.

That last search applies neither the safe moves nor the cycle bounds (both hold only
once no parking is left), so whatever it answers is exact.
"""


class Search:
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
        self.dead_sets = "dead_sets" in rules and not flexible
        """Classic only: Flexible searches meet new links after every parking, and there the
        test costs more time than it saves (it holds with no parking left all the same)."""
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
        and the proofs of :func:`disjoint_cycles` and :func:`dead_set` hold.
        *linked* says whether the move here may have made new links (see
        :func:`_links`): only then are the cycles counted again, and the
        dead sets (Classic) looked for: they may also grow after other
        moves, but looking there too costs more time than it saves.
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
            where = places(position)
            if linked and self.dead and (classic or left < _UNLIMITED):
                enough = 1 if classic else left + 1
                if disjoint_cycles(position, where, enough) >= enough:
                    self.bounded = self.bounded or self.flexible
                    return None
            if linked and self.dead_sets and dead_set(position, where):
                return None
            if not (self.safe and (classic or self.natural) and not position.reserve):
                return position
            move = safe_move(position, where)
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
        where = places(position)
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
