"""The Golf engine of :mod:`patience_rules.solver`: two searches, one answer.

``"python"`` is the depth-first search of :mod:`._golf_search`, ``"numpy"``
the sweep of :mod:`._golf_sweep`; ``"auto"`` tries the first with a small
budget, then runs the second when numpy is installed.
"""

from __future__ import annotations

import importlib.util

from patience_rules import _text, golf
from patience_rules.cards import Card
from patience_rules.solver._base import Budget, OutOfBudgetError, SolverError
from patience_rules.solver._golf_search import search_python
from patience_rules.solver._golf_sweep import search_numpy
from patience_rules.solver._golf_tables import DRAW, Tables

__all__ = ["AUTO_DEPTH_FIRST_STATES", "ENGINE", "has_numpy"]

AUTO_DEPTH_FIRST_STATES = 300
"""The states ``"auto"`` gives the depth-first search before the sweep."""


def has_numpy() -> bool:
    """Whether numpy is installed, so that ``method="numpy"`` is available."""
    return importlib.util.find_spec("numpy") is not None


class _Golf:
    game: str = "golf"
    methods: tuple[str, ...] = ("auto", "python", "numpy")

    def position(self, state: golf.State) -> golf.State:
        piles = (*state.columns, state.stock, state.waste)
        if (
            len(state.columns) != golf.COLUMNS
            or any(len(column) > golf.ROWS for column in state.columns)
            or len(state.stock) > golf.STOCK_SIZE
            or not state.waste
            or not all(isinstance(card, Card) for pile in piles for card in pile)
        ):
            raise SolverError(
                f"the solver takes {golf.COLUMNS} columns of at most {golf.ROWS} cards, "
                f"a stock of at most {golf.STOCK_SIZE} and a waste card, all Cards: "
                f"not {_text.quote(state)}"
            )
        return state

    def search(
        self, state: golf.State, budget: Budget, method: str
    ) -> tuple[golf.Move, ...] | None:
        line = _search(Tables.of(state), budget, method)
        if line is None:
            return None
        return tuple(golf.Draw() if c == DRAW else golf.PlayColumn(c) for c in line)

    def heuristic_move(self, state: golf.State) -> golf.Move | None:
        """Play the exposed card of the tallest column that fits (leftmost on a tie), else draw."""
        moves = golf.legal_moves(state)
        plays = [move for move in moves if isinstance(move, golf.PlayColumn)]
        if plays:
            return max(plays, key=lambda move: (len(state.columns[move.column - 1]), -move.column))
        return moves[0] if moves else None

    def deal(self, number: int, variant: golf.Variant) -> golf.State:
        return golf.deal(number, variant)


def _search(tables: Tables, budget: Budget, method: str) -> tuple[int, ...] | None:
    if method == "python" or (method == "auto" and not has_numpy()):
        return search_python(tables, budget)
    if method == "auto":
        cap = AUTO_DEPTH_FIRST_STATES
        if budget.max_states is not None:
            cap = min(cap, budget.max_states)
        first = budget.capped(cap)
        try:
            line = search_python(tables, first)
        except OutOfBudgetError:
            budget.spend(first.states)
        else:
            budget.states += first.states
            return line
    return search_numpy(tables, budget)


ENGINE = _Golf()
"""The Golf engine."""
