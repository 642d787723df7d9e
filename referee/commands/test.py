"""``referee test``: run regression logs against the verdicts their headers expect."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import typer
from rich.console import Console
from rich.markup import escape as rich_escape

from referee.commands.common import DATA_HELP, allow_data, output_stream, user_errors
from referee.replays.discover import check_paths, find_logs
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES
from referee.replays.regression import run_expectation


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
                                       help="Longest line accepted, in bytes."),
    data: list[Path] | None = typer.Option(None, "--data", help=DATA_HELP, show_default=False),
) -> None:
    """Validate every log and compare the outcome with its expected verdict.

    Exit status: 0 when every log matches its expectation, 1 otherwise, 2 for a usage error.
    """
    allow_data(data)
    failed = total = 0
    with user_errors():
        check_paths(paths)
        with output_stream(output) as out:
            console = Console(file=out, highlight=False, soft_wrap=True,
                              no_color=output is not None)
            if fmt is TestFormat.junit:
                out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="referee">\n'
                          '  <testsuite name="referee test">\n')
            for path in find_logs(paths):
                outcome = run_expectation(path, max_line_bytes)
                total += 1
                failed += not outcome.passed
                if fmt is TestFormat.junit:
                    out.write(f"    <testcase classname=\"referee.expect\" "
                              f"name={quoteattr(outcome.path)}>\n")
                    if not outcome.passed:
                        out.write(f"      <failure message=\"outcome differs from expect\">"
                                  f"{escape(outcome.explain())}</failure>\n")
                    out.write("    </testcase>\n")
                    continue
                if outcome.passed:
                    console.print(f"[green]PASS[/] {rich_escape(outcome.path)}")
                    continue
                console.print(f"[red]FAIL[/] {rich_escape(outcome.path)}")
                for line in outcome.explain().splitlines():
                    style = "red" if line.startswith("+") else "green" if line.startswith(
                        "-") else "dim"
                    console.print(f"    [{style}]{rich_escape(line)}[/]")
            if fmt is TestFormat.junit:
                out.write("  </testsuite>\n</testsuites>\n")
            else:
                color = "green" if failed == 0 else "red"
                console.print(f"[{color}]{total - failed} passed, {failed} failed[/]")
    raise typer.Exit(0 if failed == 0 else 1)


def register(app: typer.Typer) -> None:
    app.command("test")(test)
