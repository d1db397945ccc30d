"""Sphinx configuration for the patience_rules documentation.

Build with ``sphinx-build -n -W --keep-going docs docs/_build/html``: ``-n``
reports every broken cross-reference and ``-W`` turns it into an error.
"""

from __future__ import annotations

import sys
from pathlib import Path

import patience_rules

# Local extensions: patience_pictures draws positions with the library itself.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "patience_rules"
author = "The patience_rules developers"
copyright = "2026, The patience_rules developers"
version = release = patience_rules.__version__

extensions = [
    "myst_parser",
    "patience_pictures",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

# Narrative pages are MyST Markdown; their examples are ```pycon blocks that
# pytest runs (--doctest-glob=*.md), like the docstrings' examples
# (--doctest-modules), so one runner executes every example in CI.
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
exclude_patterns = ["_build", "_ext", "_intersphinx", "_static"]
# The JSON Schemas of the saved-game formats, served where their "$id" says.
html_extra_path = ["../src/patience_rules/schemas"]

nitpicky = True
nitpick_ignore_regex = [
    # Type variables of generic signatures are not documented objects.
    ("py:(class|obj)", r"(patience_rules\.[a-z_.]+\.)?(S|M|_T|_E|_S_contra|_M_co)"),
]
nitpick_ignore = [
    # Hypothesis publishes no inventory we can read offline (see below), and
    # the strategies' return type is the only Hypothesis name in our API.
    ("py:class", "hypothesis.strategies.SearchStrategy"),
    ("py:class", "SearchStrategy"),
]

# The docs build offline (CI has no internet), so intersphinx reads a shipped
# copy of the Python documentation's inventory: objects.inv of the Python 3.11
# docs, as packaged by Debian (python3.11-doc), published under the PSF licence.
# The links it makes point at docs.python.org/3.  To refresh it, replace the
# file with https://docs.python.org/3/objects.inv.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", "_intersphinx/python3.11.inv"),
}

autodoc_member_order = "groupwise"
autodoc_typehints = "signature"
# Annotations imported only under TYPE_CHECKING stay strings; name them fully.
autodoc_type_aliases = {"GameState": "patience_rules._rules.GameState"}
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

html_theme = "furo"
html_title = f"patience_rules {release}"
html_static_path = ["_static"]
html_css_files = ["pictures.css"]  # the pictures' highlights keep their size
