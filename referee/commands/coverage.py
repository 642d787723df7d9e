"""``referee coverage``: which rule ids a corpus of logs exercises."""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.table import Table
from rich.text import Text

from referee.commands.common import (
    DATA_HELP,
    FOLLOW_SYMLINKS_HELP,
    TextOrJson,
    allow_data,
    note,
    user_errors,
)
from referee.display import json_text, visible, writable
from referee.games import registration
from referee.replays.coverage import measure
from referee.replays.discover import check_paths, find_logs
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_LIMIT
from referee.replays.report import plain_console


def coverage(
    paths: list[Path] = typer.Argument(..., help="Logs, or folders searched recursively for "
                                       "*.jsonl.", show_default=False),
    fail_under: float = typer.Option(0.0, "--fail-under", min=0.0, max=100.0,
                                     help="Exit 1 when any game's coverage is below this "
                                     "percentage."),
    fmt: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f", help="text or json."),
    max_line_bytes: int = typer.Option(DEFAULT_MAX_LINE_BYTES, "--max-line-bytes", min=64,
                                       max=MAX_LINE_BYTES_LIMIT,
                                       help="Longest line accepted, in bytes."),
    data: list[Path] | None = typer.Option(None, "--data", help=DATA_HELP, show_default=False),
    follow_symlinks: bool = typer.Option(False, "--follow-symlinks",
                                         help=FOLLOW_SYMLINKS_HELP),
    game: list[str] | None = typer.Option(None, "--game", "-g", show_default=False,
                                          help="A game that must have a row even if no log "
                                          "names it (then at 0%, under any --fail-under). "
                                          "Repeatable."),
) -> None:
    """Report, per game, the rule ids a corpus exercises (checked and passed, or broken) and
    those it never touches; the log format's own LOG- rules are reported as 'format'.

    Exit status: 0, or 1 when a game is under --fail-under; 2 for a usage error.
    """
    allow_data(data)
    with user_errors():
        for name in game or ():
            registration(name)  # an unknown game is a usage error, with the closest names
        check_paths(paths, follow_symlinks=follow_symlinks)
        logs = find_logs(paths, follow_symlinks=follow_symlinks, note=note)
        games, files = measure(logs, max_line_bytes, required=game or ())
    low = [g for g in games if g.percent + 1e-9 < fail_under or (fail_under > 0 and not
                                                                 g.exercised)]
    if fmt is TextOrJson.json:
        out = writable(sys.stdout)
        out.write(json_text({"files": files, "games": [g.to_json() for g in games],
                             "fail_under": fail_under, "ok": not low}, out, indent=1) + "\n")
    else:
        console = plain_console(writable(sys.stdout))
        table = Table(title=f"rule coverage of {files} log(s)")
        for column in ("game", "rules", "exercised", "percent", "never touched"):
            table.add_column(column)
        for g in games:
            table.add_row(visible(g.game), str(len(g.rules)), str(len(g.exercised)),
                          f"{g.percent:.1f}%", visible(", ".join(g.untouched)) or "-")
        console.print(table)
        for g in low:
            console.print(Text(f"{visible(g.game)}: {g.percent:.1f}% is under {fail_under:g}%",
                               style="red"))
    raise typer.Exit(1 if low else 0)


def register(app: typer.Typer) -> None:
    app.command("coverage")(coverage)
