"""Compiled runs (numba): the Python runs' positions, met in the same order.

The Forty Thieves engine's runs once numba has compiled them (see
:mod:`._warm`; issue 23, point 3).  :class:`CompiledBestFirst`,
:class:`CompiledDepthFirst` and :class:`CompiledBeam` are
:class:`~._search.BestFirst`, :class:`~._search.DepthFirst` and
:class:`~._search.Beam` with every rule of
:data:`~patience_rules.solver._forty_thieves.RULES` on, run by machine code
that numba compiles from the functions of its modules at their first call
(``search(..., compiled=True)`` runs the portfolio on them).  Each meets
the same positions in the same order as its Python twin, so it gives the
same line, or the same :class:`~._search.Capped`, after the same number of
positions, at every cap (the tests compare the two).  The modules:
:mod:`._position` (a position as bytes: its moves, safe moves, dead test,
score and key), :mod:`._tables` (what a run has met: the keys, the hash
table that finds them, the heap, growing them) and :mod:`._runs` (the loops
in machine code, and the Python objects that resume them).  Why the order
is the same:

* The moves of a position are listed in :func:`~._encoding.moves`' order,
  the safe moves of :mod:`._safe` played in its order, the dead-position
  test and the undoing move applied at the same positions: each function
  here follows its Python twin line by line.
* A position is kept when its key was not met before.  The key here holds the
  Python key's content — the columns sorted, the waste (as a mask over the
  cards it can hold), the heights and the count drawn — and gives it back
  (see :func:`~._position._key`), so two keys are equal exactly when the Python keys are;
  the table compares whole keys, never hashes alone, so a run that ends
  without a win is still a proof.
* The heap orders its entries by the score, then by the order of their
  pushes, the latest first: Python's ``(-score, counter)`` (nodes are pushed
  in the order of their numbers, so the node stands for the counter: see
  :func:`~._tables._push`).  No two entries share that pair, so every heap pops the
  same entry next, whatever its shape: the binary heap here pops what
  :mod:`heapq` pops.
* A beam's pass takes the next depth from the heap, as many as its width
  in the heap's order, and clears the heap: the Python beam's
  ``heapq.heappop`` of its sorted children.
* The depth-first run's stack holds, per frame, the moves listed when the
  frame was pushed and the index of the next one, as the Python run's
  iterators do; a line is a node's parents' steps, the Python run's list.

A run returns to Python every :data:`CHUNK_STATES` new positions or
:data:`CHUNK_TRIES` moves tried, to look at the clock and the cancel signal,
and when a table is full, to grow it; it goes on from the move it stopped
at, as the Python run does at a cap.  No return does much work: a grown
hash table takes its positions over a few at a time (:data:`MIGRATE_STEP`),
and the other arrays are doubled ahead, a slice per return
(:data:`~._runs.COPY_AHEAD_BYTES`).
"""

from __future__ import annotations

from patience_rules.solver._forty_thieves._compiled._runs import (
    CHUNK_STATES,
    CHUNK_TRIES,
    WARM_STATES,
    CompiledBeam,
    CompiledBestFirst,
    CompiledDepthFirst,
    warm,
)
from patience_rules.solver._forty_thieves._compiled._tables import MIGRATE_STEP

__all__ = [
    "CHUNK_STATES",
    "CHUNK_TRIES",
    "MIGRATE_STEP",
    "WARM_STATES",
    "CompiledBeam",
    "CompiledBestFirst",
    "CompiledDepthFirst",
    "warm",
]
