"""Positions in the formats of other solvers: Solvitaire and black-hole-solver.

Two parse/format pairs, each between one game's ``State`` and the text another
solver reads (see :doc:`/interchange` for the formats, what each carries and
how to run the solvers):

- :func:`to_solvitaire` / :func:`from_solvitaire`: a Forty Thieves position as
  a deal file of Solvitaire (Charlie Blake and Ian Gent's general solver,
  preset ``forty-thieves``);
- :func:`to_black_hole` / :func:`from_black_hole`: a Golf position as a board
  of Shlomi Fish's black-hole-solver (``--game golf``), the layout of the
  PySolFC deals its tests use.

Reading checks everything :func:`forty_thieves.from_dict
<patience_rules.forty_thieves.from_dict>` and :func:`golf.from_dict
<patience_rules.golf.from_dict>` check, so a position that loads is one that
play can reach by the library's loading rules (see :doc:`/loading`); any
problem raises :class:`~patience_rules.InvalidPositionError` naming the field,
the line or the card.  A text is at most :data:`MAX_TEXT_LENGTH` characters.

>>> from patience_rules import golf, interchange
>>> board = interchange.to_black_hole(golf.deal(1))
>>> print(board.splitlines()[0][:24])
Talon: TS QC JC TH KH 9S
>>> interchange.from_black_hole(board) == golf.deal(1)
True
"""

from __future__ import annotations

from patience_rules.interchange import _reading
from patience_rules.interchange._black_hole import (
    black_hole_options,
    from_black_hole,
    to_black_hole,
)
from patience_rules.interchange._solvitaire import from_solvitaire, to_solvitaire

__all__ = [
    "MAX_TEXT_LENGTH",
    "black_hole_options",
    "from_black_hole",
    "from_solvitaire",
    "to_black_hole",
    "to_solvitaire",
]

MAX_TEXT_LENGTH = _reading.MAX_TEXT_LENGTH
"""The most characters :func:`from_solvitaire` and :func:`from_black_hole` read.

A Forty Thieves deal file is under 2,000 characters and a Golf board under
200; the bound keeps a hostile text from costing more than reading one.
"""
