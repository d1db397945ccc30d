"""Which Forty Thieves runs a search uses: the compiled ones once they are ready.

The compiled runs (:mod:`._compiled`, numba) meet the same positions in the
same order as the Python runs, so they give the same answer at every state
budget; only the speed differs.  Compiling them takes about 20 CPU seconds
the first time on a machine (0.3 when numba loads them from its on-disk
cache), which no deadline could wait for.  So the first Forty Thieves
search of a process starts one daemon thread that imports numba and
compiles (or loads) the runs, and the searches use the Python runs until
that thread is done.  Without numba the thread finds an ``ImportError``
and the Python runs stay; if numba is there but fails to compile the runs
(a numba release this code does not work with), the thread says so in a
:class:`RuntimeWarning` and the Python runs stay too.

The environment variable :data:`ENGINE_VARIABLE` set to ``python`` keeps
the Python runs in every search of the process (read at each search).
"""

from __future__ import annotations

import os
import threading
import warnings

__all__ = ["ENGINE_VARIABLE", "compiled_ready", "warm_up"]

ENGINE_VARIABLE = "PATIENCE_RULES_SOLVER_ENGINE"
"""The environment variable that, set to ``python``, keeps the Python runs."""

_LOCK = threading.Lock()
_DONE = threading.Event()
_state: dict[str, object] = {"thread": None, "usable": False}
"""The thread (once started), and whether the compiled runs are usable."""


def _forced_python() -> bool:
    return os.environ.get(ENGINE_VARIABLE, "").strip().lower() == "python"


def _load() -> None:
    """Import the compiled runs and run each on a small position: compiled, or loaded."""
    try:
        # numba is optional (the ``solver`` extra): imported here, in the thread, on purpose.
        from patience_rules.solver._forty_thieves._compiled import warm  # noqa: PLC0415 - numba, optional, in the thread

        warm()
    except ImportError:
        pass  # no numba: the Python runs stay
    except Exception as error:  # noqa: BLE001 - any failure of numba's compiler leaves the Python runs, said once
        warnings.warn(
            f"the compiled Forty Thieves search is unavailable ({type(error).__name__}: {error}); "
            "searches run in Python, with the same answers",
            RuntimeWarning,
            stacklevel=1,
        )
    else:
        _state["usable"] = True
    finally:
        _DONE.set()


def _start() -> None:
    """Start the thread that makes the compiled runs ready, once per process."""
    with _LOCK:
        if _state["thread"] is None:
            thread = threading.Thread(target=_load, name="patience-rules-warm-up", daemon=True)
            _state["thread"] = thread
            thread.start()


def compiled_ready() -> bool:
    """Whether a search now uses the compiled runs; starts making them ready if not begun."""
    if _forced_python():
        return False
    _start()
    return _DONE.is_set() and bool(_state["usable"])


def warm_up(*, wait: bool = False) -> bool:
    """Make the compiled Forty Thieves search ready; whether searches use it now.

    With numba installed (the ``solver`` extra), Forty Thieves searches —
    :func:`~patience_rules.solver.solve`, :func:`~patience_rules.solver.hint`,
    :func:`~patience_rules.solver.winnability`,
    :func:`~patience_rules.solver.winnable_deal`,
    :func:`~patience_rules.solver.solve_code`,
    :func:`~patience_rules.solver.solve_many` — run compiled, about ten times
    faster, once numba has compiled the search (about 20 CPU seconds, the
    first time on a machine) or loaded it from its cache (under a second).
    That happens in a background thread, started by the first Forty Thieves
    search or by this function; until it is done, searches run in Python.
    Both give the same answers at every state budget: only the speed differs.

    Call it at start-up (a server, a benchmark) so that the first searches
    are fast already.  Without numba, or with the environment variable
    ``PATIENCE_RULES_SOLVER_ENGINE=python`` (which keeps the Python search in
    every call; ``method="python"`` does it for one call), it returns
    ``False`` at once.

    Args:
        wait: block until the thread is done (compiled, loaded, or found no numba).

    Returns:
        Whether Forty Thieves searches now run compiled.

    >>> from patience_rules import solver
    >>> isinstance(solver.warm_up(), bool)
    True
    """
    ready = compiled_ready()
    if wait and not ready and not _forced_python():
        _DONE.wait()
        ready = bool(_state["usable"])
    return ready
