"""Whether play reaches a position from its deal within a move counter: an exact search.

Run with ``python benchmarks/reach.py FILE`` (a saved position with its code, as
``Game.to_dict`` writes it) to print a shortest line of play from its deal to it, or that
none of at most its counter's actions exists.  :func:`shortest_line` is the search, which
``benchmarks/mutants.py`` uses to decide the mutants that load.  Golf, Forty Thieves and
Scorpion.

It deepens a depth-first search one action at a time up to the counter, and cuts a line
of play as soon as it cannot end on the target within it:

- a lower bound on the actions still needed.  Every card lies on something: the card
  under it in its pile, or the pile's floor (a stock is read from its bottom, so the card
  drawn next is its top).  An action changes that for one card only: the card it moves
  (in Golf and Forty Thieves a move or a draw moves one card; a Scorpion move carries the
  cards above the moved one along, on the same cards; a Scorpion card turning up, or a run
  removed, changes it for no card that stays on the table), except Scorpion's reserve deal,
  which changes it for the three reserve cards.  So every pair (card, what it lies on) of
  the target that the position lacks needs an action of its own (counted as a multiset:
  Forty Thieves has two of each card), but the reserve cards while the reserve is held,
  which need only the reserve deal.  A line whose actions so far and this bound exceed the
  counter cannot reach the target within it;
- what an action never undoes.  Scorpion: the score never goes down; removed runs never
  come back, so those removed must begin the target's list; a face-down card only turns
  up, from the top of its column's face-down cards, so the target's face-down cards of a
  column are the bottom of the position's; the reserve is dealt once.  Golf: cards leave a
  column from its top only and go to the waste for good, so the target's columns begin
  the position's and its waste begins with the position's.  Golf and Forty Thieves: the
  stock loses its top only, so the target's stock is the bottom of the position's.

Nothing else is cut, and a position met again with no fewer actions is not searched again
(what it can reach is the same, with no more actions left), so the search meets the target
exactly when some line of at most the counter's actions does.  ``tests/test_loading_mutants.py``
says why that is what a saved position with that counter needs.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

from patience_rules import forty_thieves as ft
from patience_rules import golf, parse_code, scorpion
from patience_rules.game import rules_of

Pair = tuple[Any, Any]
"""A card and what it lies on: a card, or a pile's floor (a string)."""


def pairs(state: Any) -> collections.Counter[Pair]:  # noqa: ANN401 - a state of any game
    """Each card of *state* (but Scorpion's reserve) with what it lies on, as a multiset."""
    found: collections.Counter[Pair] = collections.Counter()
    for name, pile in piles(state):
        under: Any = name
        for card in pile:
            found[card, under] += 1
            under = card
    return found


def piles(state: Any) -> list[tuple[str, tuple[Any, ...]]]:  # noqa: ANN401 - a state of any game
    """*state*'s piles, each with its name and its cards bottom first."""
    named = [(f"column {number}", column) for number, column in enumerate(state.columns, 1)]
    if isinstance(state, scorpion.State):
        return [(name, (*column.down, *column.up)) for name, column in named]
    named += [("stock", state.stock[::-1]), ("waste", state.waste)]
    if isinstance(state, ft.State):
        named += [(f"foundation {n}", pile) for n, pile in enumerate(state.foundations, 1)]
    return named


def kept(state: Any, target: Any) -> bool:  # noqa: ANN401 - a state of any game
    """Whether *state* keeps everything that no action undoes and *target* needs."""
    if isinstance(state, scorpion.State):
        return (
            state.score <= target.score
            and state.removed_runs == target.removed_runs[: len(state.removed_runs)]
            and (bool(state.reserve) or not target.reserve)
            and all(
                column.down[: len(goal.down)] == goal.down
                for column, goal in zip(state.columns, target.columns, strict=True)
            )
        )
    stock = len(target.stock)
    if state.stock[len(state.stock) - stock :] != target.stock:
        return False
    if isinstance(state, golf.State):
        return target.waste[: len(state.waste)] == state.waste and all(
            column[: len(goal)] == goal
            for column, goal in zip(state.columns, target.columns, strict=True)
        )
    return True


def bound(state: Any, goal: collections.Counter[Pair], *, reserve_dealt: bool) -> int:  # noqa: ANN401 - any game's state
    """The fewest actions *state* still needs to hold the pairs of *goal* (a lower bound).

    *reserve_dealt*: the target has Scorpion's reserve dealt.
    """
    have = pairs(state)
    held = set(state.reserve) if isinstance(state, scorpion.State) else set()
    missing = sum(max(0, n - have[pair]) for pair, n in goal.items() if pair[0] not in held)
    return missing + (1 if held and reserve_dealt else 0)


class _Search:
    """A depth-first search for *target*, each line at most *depth* actions long."""

    def __init__(self, rules: Any, target: Any, depth: int) -> None:  # noqa: ANN401 - any game's rules and state
        self.rules, self.target, self.depth = rules, target, depth
        self.goal = pairs(target)
        self.reserve_dealt = isinstance(target, scorpion.State) and not target.reserve
        self.seen: dict[Any, int] = {}

    def bound(self, state: Any) -> int:  # noqa: ANN401 - a state of any game
        """The fewest actions *state* still needs to become the target (a lower bound)."""
        return bound(state, self.goal, reserve_dealt=self.reserve_dealt)

    def extends(self, state: Any, line: list[Any]) -> bool:  # noqa: ANN401 - any game's state
        """Whether *line*, which leads to *state*, goes on to the target; if so it does."""
        if state == self.target:
            return True
        done = len(line)
        if self.seen.get(state, self.depth + 1) <= done or done + self.bound(state) > self.depth:
            return False
        self.seen[state] = done
        for move in self.rules.legal_moves(state):
            after = self.rules.apply(state, move)
            if kept(after, self.target):
                line.append(move)
                if self.extends(after, line):
                    return True
                line.pop()
        return False


def shortest_line(code: str, target: Any, limit: int) -> list[Any] | None:  # noqa: ANN401 - any game's state
    """A shortest line of play from *code*'s deal to *target*; ``None``: longer than *limit*."""
    parsed = parse_code(code)
    rules = rules_of(parsed.game)
    dealt = rules.deal(parsed.number, parsed.variant)
    if kept(dealt, target):
        for depth in range(_Search(rules, target, 0).bound(dealt), limit + 1):
            line: list[Any] = []
            if _Search(rules, target, depth).extends(dealt, line):
                return line
    return None


def main() -> None:
    """Read a saved position and print a shortest line of play to it, or that there is none."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a saved position with its code")
    args = parser.parse_args()
    data = json.loads(args.file.read_text(encoding="utf-8"))
    code, moves = data["code"], data["moves"]
    line = shortest_line(code, rules_of(data["game"]).from_dict(data), moves)
    if line is None:
        print(f"{code}: no line of at most {moves} actions reaches it")
        sys.exit(1)
    print(f"{code}: reached in {len(line)} actions (counter {moves}):", *map(str, line))


if __name__ == "__main__":
    main()
