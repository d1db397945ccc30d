"""Where ``patience-rules stats`` runs its deals: a process pool, or a Dask cluster.

By default the deals go to a :class:`~concurrent.futures.ProcessPoolExecutor`
whose workers are not forked (``solver._many.process_pool``;
one thread, no pool, with ``--workers 1``).  ``--scheduler ADDRESS``
sends them to the Dask cluster of that scheduler, ``--dask-local`` to a
Dask cluster started on this machine for the run (``--workers`` worker
processes, one thread each).  Dask is an optional extra
(``patience-rules[cluster]``), imported only when one of these options asks
for it; without it, they are refused saying which extra to install.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from patience_rules.cli._commands import CommandError
from patience_rules.cli._console import printable
from patience_rules.locales import text
from patience_rules.solver._many import START_METHOD, process_pool

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterator

__all__ = ["CONNECT_SECONDS", "EXTRA", "executor_for"]

EXTRA = "patience-rules[cluster]"
"""The extra that installs Dask's distributed scheduler."""

CONNECT_SECONDS = 20.0
"""How long to wait for a Dask scheduler to answer before giving up."""


def _distributed(option: str, lang: str) -> Any:  # noqa: ANN401 - an optional module, untyped here
    """The ``dask.distributed`` module, imported now; refused, naming *option*, without it."""
    try:
        return importlib.import_module("dask.distributed")
    except ImportError:
        raise CommandError(text("needs_dask", lang, option=option, extra=EXTRA), 2) from None


@contextlib.contextmanager
def executor_for(args: argparse.Namespace, lang: str) -> Iterator[Executor]:
    """The executor that ``stats`` with *args* solves its deals on, shut down on leaving.

    Raises:
        CommandError: Dask is asked for and not installed, or its scheduler
            cannot be reached.
    """
    if args.scheduler is None and not args.dask_local:
        if args.workers == 1:
            with ThreadPoolExecutor(1) as thread:  # solve_many stops its deals itself
                yield thread
            return
        stop = multiprocessing.get_context(START_METHOD).Event()
        with process_pool(args.workers, stop) as pool:
            try:
                yield pool
            finally:  # on Ctrl-C, the deals still running stop now, not at their budget
                stop.set()
        return
    if args.scheduler is not None:
        distributed = _distributed("--scheduler", lang)
        try:
            client = distributed.Client(args.scheduler, timeout=CONNECT_SECONDS)
        except (OSError, ValueError, TypeError) as error:  # unreachable, or not an address
            address, why = printable(args.scheduler), printable(str(error) or type(error).__name__)
            raise CommandError(text("no_scheduler", lang, address=address, why=why)) from None
        with client, client.get_executor(pure=False) as executor:
            yield executor
        return
    distributed = _distributed("--dask-local", lang)
    with (
        distributed.LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: 8787 may be taken
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
        client.get_executor(pure=False) as executor,
    ):
        yield executor
