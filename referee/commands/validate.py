"""``referee validate``: judge recorded games."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from enum import StrEnum
from pathlib import Path

import typer

from referee.commands.common import (
    DATA_HELP,
    FOLLOW_SYMLINKS_HELP,
    ReportFormat,
    allow_data,
    fail,
    note,
    output_stream,
    user_errors,
)
from referee.replays import parallel
from referee.replays.discover import check_paths, find_logs
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_LIMIT
from referee.replays.report import make_reporter
from referee.replays.validator import FileReport


class Engine(StrEnum):
    local = "local"
    dask = "dask"


def validate(
    paths: list[Path] = typer.Argument(..., help="Log files, or folders searched recursively "
                                       "for *.jsonl.", show_default=False),
    fmt: ReportFormat = typer.Option(ReportFormat.text, "--format", "-f",
                                     help="Report format: text for people, json (one object, "
                                     "as documented in the README), junit (XML for CI), html "
                                     "(one page with charts; needs the report extra)."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report to this "
                                       "file instead of standard output.", show_default=False),
    max_line_bytes: int = typer.Option(DEFAULT_MAX_LINE_BYTES, "--max-line-bytes", min=64,
                                       max=MAX_LINE_BYTES_LIMIT,
                                       help="Longest line accepted, in bytes; a longer line is a "
                                       "syntax error."),
    verbose: bool = typer.Option(False, "--verbose", "-v",
                                 help="Text format: show the whole path to each first error."),
    workers: int | None = typer.Option(None, "--workers", "-j", min=1,
                                       help="Worker processes (local engine), or worker "
                                       "processes of the local Dask cluster (not used with "
                                       "--scheduler). Default: the number of cores. 1 "
                                       "validates in this process.",
                                       show_default=False),
    engine: Engine = typer.Option(Engine.local, "--engine",
                                  help="local: a process pool on this machine; dask: dask.bag "
                                  "on a distributed cluster (needs the distributed extra)."),
    scheduler: str | None = typer.Option(None, "--scheduler",
                                         help="--engine dask: address of a running Dask "
                                         "scheduler (e.g. tcp://10.0.0.5:8786), whose workers "
                                         "see the same files. Default: a local cluster on "
                                         "loopback, started for the run.", show_default=False),
    data: list[Path] | None = typer.Option(None, "--data", help=DATA_HELP, show_default=False),
    chunk_size: int | None = typer.Option(None, "--chunk-size", min=1,
                                          help="Files per task. Default: "
                                          f"{parallel.DEFAULT_CHUNK_SIZE} (local), 500 (dask).",
                                          show_default=False),
    follow_symlinks: bool = typer.Option(False, "--follow-symlinks",
                                         help=FOLLOW_SYMLINKS_HELP),
    keep_going: bool = typer.Option(False, "--keep-going", "-k",
                                    help="After an error that stops a file (illegal, order, "
                                    "...), skip the refused line and go on; later errors are "
                                    "marked as following an earlier one. The exit status is "
                                    "unchanged."),
) -> None:
    """Validate recorded games: every illegal action and scoring error, located by line.

    The report lists the files in the order given (folders in sorted order), whatever the number
    of workers. Exit status: 0 when every file is valid, 1 when any is invalid, 2 for a usage
    error.
    """
    if scheduler is not None and engine is not Engine.dask:
        raise fail("--scheduler needs --engine dask")
    if engine is Engine.dask:
        from referee.replays import distributed

        if not distributed.available():
            raise fail(distributed.INSTALL_HINT)
    if fmt is ReportFormat.html:
        from referee.replays import html_report

        if not html_report.available():
            raise fail(html_report.INSTALL_HINT)
    n_workers = workers if workers is not None else parallel.default_workers()
    allow_data(data)
    with user_errors(), contextlib.ExitStack() as stack:
        check_paths(paths, follow_symlinks=follow_symlinks)
        logs: Iterable[Path] = find_logs(paths, follow_symlinks=follow_symlinks, note=note)
        client = None
        if engine is Engine.dask:
            # connected before the report starts: a scheduler that fails leaves no half report
            client = stack.enter_context(distributed.connect(n_workers, scheduler))
        with output_stream(output) as out:
            reporter = make_reporter(fmt.value, out, verbose=verbose,
                                     color=False if output is not None else None,
                                     max_line_bytes=max_line_bytes)
            wanted = parallel.Progress.wanted(out)
            total = None
            if wanted:
                # a bar with a total: the paths are listed first (only then, and only paths)
                listed = list(logs)
                logs, total = listed, len(listed)
            reports: Iterator[FileReport]
            if engine is Engine.dask:
                reports = distributed.iter_reports_dask(
                    logs, n_workers, max_line_bytes,
                    chunk_size or distributed.DEFAULT_CHUNK_SIZE, scheduler, client, note,
                    keep_going)
            else:
                reports = parallel.iter_reports(logs, n_workers, max_line_bytes,
                                                chunk_size or parallel.DEFAULT_CHUNK_SIZE,
                                                keep_going)
            progress = parallel.Progress(wanted, total=total)
            reporter.begin()
            out.flush()  # nothing buffered may be copied into forked workers
            parallel.run(reports, reporter.file, progress)
            reporter.end()
    raise typer.Exit(0 if reporter.summary["invalid"] == 0 else 1)


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
