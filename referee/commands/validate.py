"""``referee validate``: judge recorded games."""

from __future__ import annotations

from pathlib import Path

import typer

from referee.commands.common import ReportFormat, output_stream, user_errors
from referee.replays.discover import check_paths, find_logs
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES
from referee.replays.report import make_reporter
from referee.replays.validator import validate_file


def validate(
    paths: list[Path] = typer.Argument(..., help="Log files, or folders searched recursively "
                                       "for *.jsonl.", show_default=False),
    fmt: ReportFormat = typer.Option(ReportFormat.text, "--format", "-f",
                                     help="Report format: text for people, json (one object, "
                                     "as documented in the README), junit (XML for CI)."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report to this "
                                       "file instead of standard output.", show_default=False),
    max_line_bytes: int = typer.Option(DEFAULT_MAX_LINE_BYTES, "--max-line-bytes", min=64,
                                       help="Longest line accepted, in bytes; a longer line is a "
                                       "syntax error."),
    verbose: bool = typer.Option(False, "--verbose", "-v",
                                 help="Text format: show the whole path to each first error."),
) -> None:
    """Validate recorded games: every illegal action and scoring error, located by line.

    Exit status: 0 when every file is valid, 1 when any is invalid, 2 for a usage error.
    """
    with user_errors():
        check_paths(paths)
        with output_stream(output) as out:
            reporter = make_reporter(fmt.value, out, verbose=verbose,
                                     color=False if output is not None else None)
            reporter.begin()
            for path in find_logs(paths):
                reporter.file(validate_file(path, max_line_bytes))
            reporter.end()
    raise typer.Exit(0 if reporter.summary["invalid"] == 0 else 1)


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
