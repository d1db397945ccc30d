"""Pictures of the table: the position as SVG (:func:`patience_rules.svg.render`), saved to a file.

A picture is drawn in the player's view, so it shows no more than the text
table: face-down cards, the stock and the reserve stay backs.  It is saved
as a record is, atomically (:func:`~patience_rules.cli._records.save`), and
only over a regular file; ``-`` writes it to standard output.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from patience_rules import svg
from patience_rules.cli._records import save

if TYPE_CHECKING:
    from pathlib import Path

    from patience_rules.game import Game

__all__ = ["save_picture"]


def save_picture(path: Path, game: Game[Any, Any], *, stdout: TextIO | None = None) -> None:
    """Write the table of *game* to *path* as an SVG document (``-``: to *stdout*).

    Raises:
        OSError: the file cannot be written, or is not a regular file; it is left as it was.
    """
    save(path, svg.render(game, player_view=True) + "\n", stdout=stdout)
