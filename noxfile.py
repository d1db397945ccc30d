"""The test suite on every Python the package supports: run ``nox``.

Each session makes its own virtual environment with that Python, installs the
package with its ``tests`` extra from the index (as the README's test command
does) and runs pytest; ``nox -p 3.12`` picks one Python, and arguments after
``--`` go to pytest (``nox -- tests/test_deal_vectors.py``).
"""

import nox

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
"""The versions the classifiers in pyproject.toml promise."""

nox.options.sessions = ["tests"]
nox.options.reuse_existing_virtualenvs = False


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Install the package and its test tools, then run the whole suite."""
    session.install(".[tests]")
    session.run("pytest", "-n", "auto", *session.posargs)
