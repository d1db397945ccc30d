"""Every exception of the library survives pickle and deepcopy, and crosses process pools."""

import copy
import importlib
import inspect
import pickle
import pkgutil

import pytest

import patience_rules
from patience_rules import IllegalMoveError, PatienceError, Reason, Refusal, replay
from patience_rules.cli._records import RecordError
from patience_rules.errors import InvalidNotationError
from patience_rules.solver._many import process_pool


def library_exceptions() -> list[type[BaseException]]:
    """Every exception class defined in any module of the package."""
    found = set()
    for module_info in pkgutil.walk_packages(patience_rules.__path__, "patience_rules."):
        if module_info.name.endswith(".__main__"):  # running it is the CLI
            continue
        module = importlib.import_module(module_info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__.startswith("patience_rules"):
                found.add(value)
    return sorted(found, key=lambda kind: kind.__qualname__)


EXAMPLES = {
    IllegalMoveError: lambda: IllegalMoveError(Refusal(Reason.CARD_BLOCKED), "golf move '3D'"),
    InvalidNotationError: lambda: InvalidNotationError("'8': no column", Reason.NO_SUCH_COLUMN),
    RecordError: lambda: RecordError("record_missing", {"field": "code"}),
}
"""How to build the exceptions that take more than a message."""


def example(kind: type[BaseException]) -> BaseException:
    """A new instance of *kind* with its attributes set: EXAMPLES', or one from a message."""
    if kind in EXAMPLES:
        return EXAMPLES[kind]()
    return kind("a message naming the problem")


def test_every_public_exception_is_a_patience_error():
    """The public modules' exceptions all derive from PatienceError (the search found them).

    A private module may keep an internal signal (the Golf search's OutOfBudgetError)
    that never reaches a caller; it must still pickle, like any other.
    """
    kinds = library_exceptions()
    assert {kind.__name__ for kind in kinds} >= {
        "PatienceError",
        "IllegalMoveError",
        "InvalidNotationError",
        "UnknownLanguageError",
        "SolverError",
        "CommandError",
    }
    public = [kind for kind in kinds if "._" not in kind.__module__]
    assert all(issubclass(kind, PatienceError) for kind in public)


@pytest.mark.parametrize("kind", library_exceptions(), ids=lambda kind: kind.__qualname__)
@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))])  # noqa: S301
def test_exceptions_survive_pickle_and_deepcopy(kind, duplicate):
    """A copied exception has the same type, message, arguments and attributes."""
    error = example(kind)
    error.__notes__ = ["a note"]  # as add_note does; add_note is new in Python 3.11
    copied = duplicate(error)
    assert type(copied) is kind
    assert str(copied) == str(error)
    assert copied.args == error.args
    assert vars(copied) == vars(error)
    assert copied.__notes__ == ["a note"]


def test_illegal_move_keeps_refusal_and_detail():
    """IllegalMoveError's refusal, reason and message survive a copy."""
    copied = copy.deepcopy(example(IllegalMoveError))
    assert copied.refusal == Refusal(Reason.CARD_BLOCKED)
    assert copied.reason is Reason.CARD_BLOCKED
    assert str(copied) == "golf move '3D': This card is blocked"
    assert copied.message_in("hi") == "यह पत्ता अवरुद्ध है"


def test_command_error_keeps_its_status():
    """CommandError's exit status survives a pickle."""
    from patience_rules.cli import CommandError  # noqa: PLC0415 - the CLI is optional here

    copied = pickle.loads(pickle.dumps(CommandError("bad usage", status=2)))  # noqa: S301
    assert copied.status == 2


def test_refusals_cross_a_process_pool():
    """replay() in a worker raises IllegalMoveError in the caller, not BrokenProcessPool."""
    with process_pool(1) as pool:  # not forked: the suite's process has threads by now
        future = pool.submit(replay, "GO1-E-AAAAAAB", ["3D"])
        with pytest.raises(IllegalMoveError) as caught:
            future.result(timeout=60)
    assert caught.value.reason is Reason.CARD_BLOCKED
    assert "golf move '3D'" in str(caught.value)
