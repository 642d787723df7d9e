"""``referee test``: run regression logs against the verdicts their headers expect."""

from __future__ import annotations

import time
from enum import StrEnum
from pathlib import Path

import typer
from rich.text import Text

from referee.commands.common import (
    DATA_HELP,
    FOLLOW_SYMLINKS_HELP,
    allow_data,
    note,
    output_stream,
    user_errors,
)
from referee.display import visible
from referee.replays.discover import check_paths, find_logs
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_LIMIT
from referee.replays.regression import run_expectation
from referee.replays.report import JunitSuite, plain_console, xml_element


class TestFormat(StrEnum):
    text = "text"
    junit = "junit"


def test(
    paths: list[Path] = typer.Argument(..., help="Logs, or folders searched recursively for "
                                       "*.jsonl; each log states its verdict in the header's "
                                       "'expect' field.", show_default=False),
    fmt: TestFormat = typer.Option(TestFormat.text, "--format", "-f",
                                   help="text (a line per file, a diff per failure) or junit."),
    output: Path | None = typer.Option(None, "--output", "-o", show_default=False,
                                       help="Write the report to this file."),
    max_line_bytes: int = typer.Option(DEFAULT_MAX_LINE_BYTES, "--max-line-bytes", min=64,
                                       max=MAX_LINE_BYTES_LIMIT,
                                       help="Longest line accepted, in bytes."),
    data: list[Path] | None = typer.Option(None, "--data", help=DATA_HELP, show_default=False),
    follow_symlinks: bool = typer.Option(False, "--follow-symlinks",
                                         help=FOLLOW_SYMLINKS_HELP),
) -> None:
    """Validate every log and compare the outcome with its expected verdict; a log whose
    header states no 'expect' is skipped (SKIP, with the reason), as the pytest plugin skips it.

    Exit status: 0 when every log matches its expectation, 1 otherwise, 2 for a usage error.
    """
    allow_data(data)
    failed = total = skipped = 0
    with user_errors():
        check_paths(paths, follow_symlinks=follow_symlinks)
        with output_stream(output) as out:
            console = plain_console(out, False if output is not None else None)
            suite = JunitSuite(out, "referee test") if fmt is TestFormat.junit else None
            for path in find_logs(paths, follow_symlinks=follow_symlinks, note=note):
                start = time.perf_counter()
                outcome = run_expectation(path, max_line_bytes)
                total += 1
                skipped += outcome.skipped
                failed += not outcome.passed and not outcome.skipped
                if suite is not None:
                    if outcome.skipped:
                        inner = xml_element("skipped", "", message=outcome.explain())
                    else:
                        inner = "" if outcome.passed else xml_element(
                            "failure", outcome.explain(), message="outcome differs from expect")
                    suite.case("referee.expect", outcome.path, time.perf_counter() - start,
                               inner, failed=not outcome.passed and not outcome.skipped,
                               skipped=outcome.skipped)
                    continue
                if outcome.skipped:
                    console.print(Text.assemble(("SKIP", "yellow"), " " + visible(outcome.path)
                                                + ": " + visible(outcome.explain())))
                    continue
                if outcome.passed:
                    console.print(Text.assemble(("PASS", "green"), " " + visible(outcome.path)))
                    continue
                console.print(Text.assemble(("FAIL", "red"), " " + visible(outcome.path)))
                for line in outcome.explain().splitlines():
                    style = "red" if line.startswith("+") else "green" if line.startswith(
                        "-") else "dim"
                    console.print(Text.assemble("    ", (visible(line), style)))
            if suite is not None:
                suite.close()
            else:
                color = "green" if failed == 0 else "red"
                summary = f"{total - failed - skipped} passed, {failed} failed"
                console.print(Text(summary + (f", {skipped} skipped" if skipped else ""),
                                   style=color))
    raise typer.Exit(0 if failed == 0 else 1)


def register(app: typer.Typer) -> None:
    app.command("test")(test)
