"""Validating many logs at once: chunks of files over a process pool, reports back in input order.

The file list is read lazily and cut into chunks of ``chunk_size`` files; each chunk is one task.
At most ``window`` chunks are in flight at any time, and their reports are handed on in the order
the files were given, so memory is bounded by ``window * chunk_size`` reports whatever the size of
the corpus, and the report is the same, byte for byte, as a run in a single process.

Games registered at run time (fixture games, plugins) are sent to the workers and registered there
too, so that a worker started by ``spawn`` or on another machine knows them.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, TypeVar

from referee import games
from referee.errors import RefereeError
from referee.model.core import datasets
from referee.replays.known import KnownLines
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES
from referee.replays.validator import FileReport, validate_file

if TYPE_CHECKING:
    import multiprocessing.context
    from concurrent.futures import Future

T = TypeVar("T")


def ProcessPoolExecutor(*args: Any, **kwargs: Any) -> Any:
    """concurrent.futures' pool, imported when a pool is started (not at every start-up)."""
    from concurrent.futures import ProcessPoolExecutor as pool

    return pool(*args, **kwargs)

DEFAULT_CHUNK_SIZE = 32
"""Files per task for the process pool: enough to make the cost of a task negligible, few enough
that the last chunks still spread over the workers."""

WINDOW_PER_WORKER = 4
"""Chunks in flight per worker: keeps every worker busy while the oldest chunk is reported."""

PROGRESS_DELAY = 1.0
"""Seconds before a progress bar appears: short runs never show one."""

# One file to validate: the label the report shows (the path as given) and the path to open.
Item = tuple[str, str]


def default_workers() -> int:
    return os.cpu_count() or 1


def chunked(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Consecutive lists of ``size`` items (the last may be shorter), read lazily."""
    if size < 1:
        raise ValueError("chunk size must be at least 1")
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def as_items(paths: Iterable[str | Path]) -> Iterator[Item]:
    """Pair each path with an absolute form, so that a worker in another folder finds it."""
    for path in paths:
        yield str(path), os.path.abspath(path)


def timed_validate(path: str, max_line_bytes: int, label: str,
                   keep_going: bool = False, known_lines: KnownLines | None = None,
                   ) -> FileReport:
    """:func:`validate_file`, the seconds it took kept on the report as ``seconds`` (the JUnit
    report's per-case ``time``)."""
    start = time.perf_counter()
    report = validate_file(path, max_line_bytes, label=label, keep_going=keep_going,
                           known_lines=known_lines)
    report.seconds = time.perf_counter() - start  # type: ignore[attr-defined]
    return report


def validate_chunk(items: list[Item], max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                   keep_going: bool = False) -> list[FileReport]:
    """The task each worker runs: validate every file of the chunk, in order (sharing the
    lines they have in common, and with the earlier chunks of the run in a pool's worker)."""
    known = _RUN_KNOWN if _RUN_KNOWN is not None else KnownLines()
    return [timed_validate(path, max_line_bytes, label, keep_going, known)
            for label, path in items]


# --------------------------------------------------------------------------- what workers need


def runtime_games() -> dict[str, Any]:
    """What a worker must know beyond the built-in games: the games registered at run time
    (those that can be pickled) and the data folders allowed on the command line."""
    import pickle

    found: dict[str, Any] = {}
    for name, record in games.runtime_registrations().items():
        try:
            pickle.dumps(record)
        except Exception:  # a game that cannot travel: workers started by fork still have it
            continue
        found[name] = record
    return {"games": found, "data": datasets.allowed()}


def register_games(context: Mapping[str, Any]) -> None:
    """Worker start-up: what :func:`runtime_games` gathered in the parent process."""
    for record in context.get("games", {}).values():
        games.register(record)
    datasets.restore(context.get("data", {}))


_RUN_KNOWN: KnownLines | None = None
"""In a worker of a run's pool: the lines known to the chunks it validated (a pool lives for one
run, so the store does too)."""


def _worker_start(context: Mapping[str, Any]) -> None:
    # Ctrl-C is the parent's to handle: it cancels the queued chunks and waits for the running
    # ones, instead of every worker printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    register_games(context)
    global _RUN_KNOWN
    _RUN_KNOWN = KnownLines()


class Discovery:
    """The items of a run, with a usage error in the search (a folder without logs) held back
    until the files found before it are reported, as a run in one process reports them."""

    def __init__(self, items: Iterable[Item]) -> None:
        self._items = items
        self.error: RefereeError | None = None

    def __iter__(self) -> Iterator[Item]:
        try:
            yield from self._items
        except RefereeError as exc:
            self.error = exc

    def raise_error(self) -> None:
        if self.error is not None:
            raise self.error


# --------------------------------------------------------------------------- the process pool


def _context() -> multiprocessing.context.BaseContext:
    # fork starts a worker in milliseconds with every model already imported; where it does not
    # exist (or is unsafe, as on macOS), spawn.
    import multiprocessing

    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def iter_reports_pool(items: Iterable[Item], workers: int, max_line_bytes: int,
                      chunk_size: int = DEFAULT_CHUNK_SIZE,
                      window: int | None = None, keep_going: bool = False,
                      ) -> Iterator[FileReport]:
    """Reports of ``items`` in input order, validated by a pool of ``workers`` processes."""
    window = window or workers * WINDOW_PER_WORKER
    discovery = Discovery(items)
    chunks = chunked(discovery, chunk_size)
    pending: deque[Future[list[FileReport]]] = deque()
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=_context(),
                                   initializer=_worker_start, initargs=(runtime_games(),))
    try:
        for chunk in islice(chunks, window):
            pending.append(executor.submit(validate_chunk, chunk, max_line_bytes, keep_going))
        while pending:
            reports = pending.popleft().result()
            following = next(chunks, None)
            if following is not None:
                pending.append(executor.submit(validate_chunk, following, max_line_bytes,
                                               keep_going))
            yield from reports
            del reports
    finally:
        for future in pending:
            future.cancel()
        executor.shutdown(wait=True, cancel_futures=True)
    discovery.raise_error()


def iter_reports(paths: Iterable[str | Path], workers: int = 1,
                 max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                 chunk_size: int = DEFAULT_CHUNK_SIZE,
                 keep_going: bool = False) -> Iterator[FileReport]:
    """Validate ``paths`` in input order; a pool only when it can help (2+ workers, 2+ files)."""
    items = as_items(paths)
    head = list(islice(items, 2))
    if workers <= 1 or len(head) < 2:
        known = KnownLines()
        for label, path in head:
            yield timed_validate(path, max_line_bytes, label, keep_going, known)
        for label, path in items:
            yield timed_validate(path, max_line_bytes, label, keep_going, known)
        return
    yield from iter_reports_pool(_chain(head, items), workers, max_line_bytes, chunk_size,
                                 keep_going=keep_going)


def _chain(head: list[Item], rest: Iterator[Item]) -> Iterator[Item]:
    yield from head
    yield from rest


# --------------------------------------------------------------------------- progress


class Progress:
    """A progress line on standard error for long runs: files and events done, files per second.

    Nothing is drawn unless ``enabled`` (standard error is a terminal the report does not write
    to) and the run has lasted ``PROGRESS_DELAY`` seconds. ``total`` is the number of files when
    the caller listed them first (it does so only when the bar is drawn: otherwise the folders
    are searched while the validation runs, in constant memory).
    """

    def __init__(self, enabled: bool, delay: float = PROGRESS_DELAY,
                 stream: IO[str] | None = None, total: int | None = None) -> None:
        self.enabled = enabled
        self.total = total
        self.delay = delay
        self.stream = stream
        self.files = self.events = self.invalid = 0
        self._start = time.monotonic()
        self._bar: Any = None
        self._task: Any = None

    @staticmethod
    def wanted(report_stream: IO[str]) -> bool:
        """A terminal on standard error, and the report not drawn on that same terminal."""
        try:
            if not sys.stderr.isatty():
                return False
            return not report_stream.isatty()
        except (AttributeError, ValueError):
            return False

    def __enter__(self) -> Progress:
        self._start = time.monotonic()
        return self

    def advance(self, report: FileReport) -> None:
        self.files += 1
        self.events += report.events
        self.invalid += not report.valid
        if not self.enabled:
            return
        if self._bar is None:
            if time.monotonic() - self._start < self.delay:
                return
            self._open()
        self._bar.update(self._task, completed=self.files, events=self.events,
                         invalid=self.invalid)

    def _open(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )
        from rich.progress import Progress as RichProgress

        console = Console(file=self.stream or sys.stderr)
        self._bar = RichProgress(
            SpinnerColumn(), TextColumn("validating"), BarColumn(), MofNCompleteColumn(),
            TextColumn("files, {task.fields[events]:,} events, {task.fields[invalid]} invalid"),
            TimeElapsedColumn(), console=console, transient=True, refresh_per_second=5)
        self._task = self._bar.add_task("validate", total=self.total, events=0, invalid=0)
        self._bar.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


def run(reports: Iterable[FileReport], sink: Callable[[FileReport], None],
        progress: Progress) -> None:
    """Hand every report to ``sink`` as it comes, counting it for the progress line."""
    with progress:
        for report in reports:
            sink(report)
            progress.advance(report)
