"""``referee clarify``: check rule clarification files against the rules encoded in Z3."""

from __future__ import annotations

import sys

import typer

from referee.commands.common import TextOrJson, fail
from referee.display import json_text, writable
from referee.errors import RefereeError


def clarify(
    files: list[str] = typer.Argument(..., help="Clarification files (TOML: game, topic and "
                                      "[[clarification]] tables with id, text, when, then).",
                                      show_default=False, metavar="FILE..."),
    fmt: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f",
                                   help="text (an explanation per clarification) or json "
                                        "(the report of the clarification spec)."),
    timeout_ms: int = typer.Option(5000, "--timeout-ms", min=1,
                                   help="Time limit in milliseconds for each verdict (and per "
                                        "clarification for a file's conflict search); a "
                                        "verdict that runs out of time is 'unknown'."),
) -> None:
    """Tell, for each clarification, whether it is vacuous, redundant, a contradiction of the
    rules or a consistent refinement, and list the sets of clarifications that conflict.

    Exit status: 0 with no contradiction and no conflict, 1 otherwise, 2 for a usage or file
    error.
    """
    from referee.checker.clarify_report import (
        check_file,
        exit_status,
        load_all,
        to_json,
        to_text,
    )

    try:
        loaded = load_all(files)
    except RefereeError as exc:
        raise fail(str(exc), exc.exit_status) from None
    reports = [check_file(f, timeout_ms) for f in loaded]
    out = writable(sys.stdout)
    if fmt is TextOrJson.json:
        out.write(json_text(to_json(reports), out, indent=1) + "\n")
    else:
        out.write(to_text(reports) + "\n")
    raise typer.Exit(exit_status(reports))


def register(app: typer.Typer) -> None:
    app.command("clarify")(clarify)
