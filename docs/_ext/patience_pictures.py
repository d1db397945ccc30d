"""A Sphinx directive that draws a position with :func:`patience_rules.svg.render` at build time.

Every picture in the docs is made by the library as the docs are built, so a
picture cannot drift from the code.  In MyST::

    ```{patience-picture} GO1-E-AAAAAAB
    :moves: 7 d
    :highlight: w 4
    :arrows: 4
    :caption: After 7 and a draw; 4♠ fits the waste.
    ```

The argument is a game code to deal; instead, the directive's content may be
Python that sets ``position`` (and, if it likes, ``highlight`` and
``arrows``), for positions built by hand or marks computed by the library,
or ``:from: NAME`` starts from the position an earlier picture of the page
kept with ``:keep: NAME``.  *moves* are then played on the position.  The
other options: ``highlight`` and ``arrows`` (notations separated by blanks),
``no-labels``, ``width`` (pixels, default 600) and ``caption``.  Every
picture is drawn in the player's view, as :func:`~patience_rules.svg.render`
draws by default: nothing in the page tells one face-down card from another.
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from patience_rules import Game, PatienceError, new_game, svg

DEFAULT_WIDTH = 600


class PatiencePicture(SphinxDirective):
    """``patience-picture``: an inline SVG of a position, drawn by the library."""

    optional_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "moves": directives.unchanged,
        "highlight": directives.unchanged,
        "arrows": directives.unchanged,
        "no-labels": directives.flag,
        "width": directives.positive_int,
        "caption": directives.unchanged,
        "keep": directives.unchanged_required,
        "from": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Render the picture, or report why it cannot be drawn."""
        try:
            picture = self._render()
        except (PatienceError, KeyError, SyntaxError, NameError) as error:
            raise self.error(f"patience-picture: {type(error).__name__}: {error}") from error
        caption = self.options.get("caption", "")
        figure = (
            '<figure class="patience-picture" style="max-width:100%;overflow-x:auto">'
            f"{picture}<figcaption>{html.escape(caption)}</figcaption></figure>"
        )
        return [nodes.raw("", figure, format="html")]

    def _render(self) -> str:
        namespace: dict[str, Any] = {}
        kept = self.env.temp_data.setdefault("patience_pictures", {})
        if self.content:
            exec("\n".join(self.content), namespace)  # noqa: S102 - the docs' own example code
            position = namespace["position"]
        elif "from" in self.options:
            position = kept[self.options["from"]]
        elif self.arguments:
            position = new_game(self.arguments[0])
        else:
            raise KeyError("give a game code, :from: or code that sets position")
        for notation in self.options.get("moves", "").split():
            game = position if isinstance(position, Game) else Game(position)
            position = game.play(notation)
        if "keep" in self.options:
            kept[self.options["keep"]] = position
        return svg.render(
            position,
            highlight=namespace.get("highlight", self.options.get("highlight", "").split()),
            arrows=namespace.get("arrows", self.options.get("arrows", "").split()),
            labels="no-labels" not in self.options,
            size=self.options.get("width", DEFAULT_WIDTH),
        )


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("patience-picture", PatiencePicture)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
