"""Building frozen attrs values on the hot paths, field by field, at the cost of plain stores.

A frozen attrs class refuses ``obj.field = value``: its ``__setattr__`` raises.
Its own ``__init__`` sets each field through ``object.__setattr__``, and so did
the hot paths through each slot's ``__set__``: both are calls that build an
argument tuple, about 700 instructions a field on Python 3.11 (callgrind).

:func:`unfrozen` gives the class a twin: a subclass with no slots of its own,
the ordinary ``__setattr__`` and ``object``'s ``__init__``, so the same slots take
plain stores (a few dozen instructions each).  A hot path makes a twin (a call
of the class that runs no ``__init__``), sets every field once,
and turns it into the frozen class by assigning ``__class__``, which Python
allows between a class and a subclass of the same layout; from then on it is an
instance of the frozen class like any other (its type, equality, hash,
frozenness, weak references and pickling are the class's own), and the twin
never escapes.  Four fields: 3,800 instructions built by the slots' setters,
2,000 this way, allocation and deallocation included.

The builder must set every field, as ``__init__`` would, and skips the
class's validators: it is for values the caller has already proved valid.
"""

from __future__ import annotations

from typing import Any

__all__ = ["unfrozen"]


def unfrozen(cls: type, **slots: Any) -> Any:  # noqa: ANN401 - the twin's fields are set, which a frozen type forbids
    """A twin of the frozen attrs class *cls* whose instances' fields can be set.

    Build with ``new = twin()`` (no ``__init__`` runs: the twin has ``object``'s), set
    every field, then ``new.__class__ = cls``.  *slots*: the slots' own descriptors of
    fields that *cls* puts another descriptor in front of, so that the twin stores to them.
    """
    return type(
        f"_Unfrozen{cls.__name__}",
        (cls,),
        {
            "__slots__": (),
            "__init__": object.__init__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
            "__doc__": f"{cls.__qualname__} while a hot path builds it (see _frozen).",
            **slots,
        },
    )
