"""Validating a corpus on a Dask cluster: the chunks of ``replays.parallel`` as ``dask.bag``
partitions, run by a ``distributed`` client.

Without a scheduler address a ``LocalCluster`` of worker processes on the loopback interface is
started for the run and closed after it. The files are read by the workers, so on a real cluster
every worker must see the paths (a shared file system). The chunks are submitted a window at a
time and their reports handed on in input order, so the client's memory does not grow with the
number of files. A scheduler (or its workers) lost in the middle of a run leaves no report cut
short: the files not yet reported are validated in this process, after a note saying so.

Needs the ``distributed`` extra: ``pip install 'referee[distributed]'``.
"""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from pathlib import Path
from typing import Any

from referee.errors import UsageError
from referee.replays.known import KnownLines
from referee.replays.parallel import (
    Discovery,
    Item,
    as_items,
    register_games,
    runtime_games,
    timed_validate,
    validate_chunk,
)
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES
from referee.replays.validator import FileReport

_WorkerPlugin: Any
try:
    from distributed.diagnostics.plugin import WorkerPlugin as _WorkerPlugin
except ImportError:  # the distributed extra is not installed: iter_reports_dask says so
    _WorkerPlugin = object

DEFAULT_CHUNK_SIZE = 500
"""Files per task on a cluster: each task costs the scheduler a few milliseconds, a chunk of a few
hundred files a second or more of work."""

CHUNKS_PER_THREAD = 2
"""Chunks in flight per worker thread: one running, one queued behind it."""

CONNECT_TIMEOUT_S = 10.0
"""Seconds to connect to a scheduler, the handshake and its first answer included."""

INSTALL_HINT = ("--engine dask needs dask and distributed: "
                "pip install 'referee[distributed]'")


def available() -> bool:
    """Whether dask.bag and distributed can be imported."""
    try:
        import dask.bag  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


class RegisterGames(_WorkerPlugin):
    """Registers, on every worker, the games registered at run time in the client."""

    name = "referee-register-games"

    def __init__(self, registrations: dict[str, Any]) -> None:
        self.registrations = registrations

    def setup(self, worker: Any) -> None:
        register_games(self.registrations)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


async def _probe(address: str, timeout: float, connection_args: dict[str, Any]) -> Any:
    """Connect, handshake and ask the scheduler who it is, all within ``timeout`` seconds
    (``distributed.comm.connect`` bounds the TCP connection but not the handshake after it)."""
    import asyncio

    from distributed.comm import connect as comm_connect

    comm = await asyncio.wait_for(comm_connect(address, timeout=timeout, **connection_args),
                                  timeout)
    try:
        await asyncio.wait_for(comm.write({"op": "identity"}), timeout)
        return await asyncio.wait_for(comm.read(), timeout)
    finally:
        comm.abort()


def check_scheduler(scheduler: str, timeout: float | None = None) -> None:
    """Raise UsageError unless ``scheduler`` is a Dask scheduler answering within ``timeout``
    seconds (default :data:`CONNECT_TIMEOUT_S`): a bad address, an unsupported or unconfigured
    protocol (``tls://`` without certificates, ``ucx://`` without its package), a port that
    refuses, or a server that accepts and never answers."""
    import asyncio

    from distributed.security import Security

    timeout = CONNECT_TIMEOUT_S if timeout is None else timeout
    where = f"cannot connect to the Dask scheduler at {scheduler}"
    scheme = scheduler.split("://", 1)[0].lower() if "://" in scheduler else "tcp"
    if scheme == "inproc":
        raise UsageError(f"{where}: an inproc:// address only names a scheduler inside the "
                         "same process")
    try:
        connection_args = Security().get_connection_args("client")
        if scheme in ("tls", "wss") and connection_args.get("ssl_context") is None:
            raise UsageError(f"{where}: {scheme}:// needs client certificates in the Dask "
                             "configuration (distributed.comm.tls.client.cert, .key, "
                             "distributed.comm.tls.ca-file)")
        identity = asyncio.run(_probe(scheduler, timeout, connection_args))
    except TimeoutError:
        raise UsageError(f"{where}: no answer within {timeout:g} s") from None
    except UsageError:
        raise
    except Exception as exc:  # any failure of a hostile or broken address is a usage error
        if scheme == "ucx":
            raise UsageError(f"{where}: the ucx protocol is not available here (it needs "
                             "the distributed-ucxx package and UCX)") from None
        raise UsageError(f"{where}: {_one_line(exc)}") from None
    if not isinstance(identity, dict) or identity.get("type") != "Scheduler":
        raise UsageError(f"{where}: the server there is not a Dask scheduler")


@contextlib.contextmanager
def connect(workers: int, scheduler: str | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: on ``scheduler`` (checked by :func:`check_scheduler` first), or
    on a fresh loopback ``LocalCluster`` of ``workers`` single-threaded worker processes.
    Enter it before writing any report: a failure is a UsageError."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        check_scheduler(scheduler)
        try:
            client = Client(scheduler, timeout=f"{CONNECT_TIMEOUT_S}s")
        except Exception as exc:
            raise UsageError(f"cannot connect to the Dask scheduler at {scheduler}: "
                             f"{_one_line(exc)}") from None
        with client:
            yield client
        return
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None,
                           silence_logs=logging.ERROR)
    with cluster, Client(cluster) as client:
        yield client


def _submit(client: Any, items: list[Item], chunk_size: int, max_line_bytes: int,
            keep_going: bool = False) -> list[Any]:
    """One bag over ``items`` cut into partitions of ``chunk_size`` files; a future for each."""
    import dask.bag

    bag = dask.bag.from_sequence(items, partition_size=chunk_size)
    reports = bag.map_partitions(_validate_partition, max_line_bytes, keep_going)
    return list(client.compute(reports.to_delayed()))


def _validate_partition(items: Iterable[Item], max_line_bytes: int,
                        keep_going: bool = False) -> list[FileReport]:
    return validate_chunk(list(items), max_line_bytes, keep_going)


def iter_reports_dask(paths: Iterable[str | Path], workers: int,
                      max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                      chunk_size: int = DEFAULT_CHUNK_SIZE,
                      scheduler: str | None = None, client: Any = None,
                      note: Callable[[str], None] | None = None,
                      keep_going: bool = False) -> Iterator[FileReport]:
    """Reports of ``paths`` in input order, validated on a Dask cluster: on ``client`` (entered
    from :func:`connect` by the caller, before its report starts), else on one connected here.

    If the cluster fails mid-run (the scheduler lost, its workers killed), ``note`` is told and
    the files not yet reported are validated here, in order: the report is complete either way.
    """
    if not available():
        raise UsageError(INSTALL_HINT)
    if client is None:
        with connect(workers, scheduler) as own:
            yield from iter_reports_dask(paths, workers, max_line_bytes, chunk_size,
                                         scheduler, own, note, keep_going)
        return
    discovery = Discovery(as_items(paths))
    items = iter(discovery)
    registrations = runtime_games()
    if registrations:
        client.register_plugin(RegisterGames(registrations))
    threads = sum(client.nthreads().values()) or workers
    batch = max(1, threads * CHUNKS_PER_THREAD)
    # each future with the items of its chunk, to validate them here if the cluster fails
    pending: deque[tuple[Any, list[Item]]] = deque()

    def submit_batch() -> None:
        group = list(islice(items, batch * chunk_size))
        if not group:
            return
        futures = _submit(client, group, chunk_size, max_line_bytes, keep_going)
        chunks = [group[i:i + chunk_size] for i in range(0, len(group), chunk_size)]
        pending.extend(zip(futures, chunks, strict=True))

    left: list[Item] = []
    try:
        # Two batches in flight: the workers run one while the other is reported.
        submit_batch()
        submit_batch()
        while pending:
            future = pending[0][0]
            try:
                reports = future.result()
                future.release()
                if len(pending) <= batch:
                    submit_batch()
            except Exception as exc:  # the scheduler or the workers went away
                left = [item for _, group in pending for item in group]
                if note is not None:
                    note(f"lost the Dask cluster ({_one_line(exc)}); the files not yet "
                         "reported are validated in this process")
                break
            pending.popleft()
            yield from reports
            del reports
    finally:
        for future, _ in pending:
            with contextlib.suppress(Exception):
                future.cancel()
    if left:
        known = KnownLines()
        for label, path in chain(left, items):
            yield timed_validate(path, max_line_bytes, label, keep_going, known)
    discovery.raise_error()
