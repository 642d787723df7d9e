"""``referee state``: the computed state after a line of a log, or the header that starts a log
there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from referee.commands.common import DATA_HELP, TextOrJson, allow_data, output_stream, user_errors
from referee.display import json_text, visible
from referee.replays.positions import parse_log_line, position_header
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_LIMIT
from referee.replays.report import plain_console
from referee.replays.validator import ReplayPosition, replay_to


def state_json(path: str, reached: ReplayPosition) -> dict[str, Any]:
    game, state = reached.game, reached.state
    seen = game.observe(state)
    over = bool(game.is_over(state))
    scores = {p: {"total": s.total, "parts": dict(s.parts)}
              for p, s in game.score(state).items()} if over else None
    return {"path": path, "line": reached.line, "game": game.name, "events": len(reached.events),
            "over": over, "globals": seen.globals, "players": seen.players,
            "scores": scores, "winners": list(game.winners(state)) if over else None}


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "-"
    return "-" if value is None else str(value)


def _print_text(out: Any, data: dict[str, Any], color: bool | None) -> None:
    console = plain_console(out, color)
    console.print(visible(f"{data['path']} after line {data['line']} ({data['game']}, "
                          f"{data['events']} events played"
                          f"{', game over' if data['over'] else ''})"))
    for name, value in data["globals"].items():
        console.print(visible(f"  {name}: {_shown(value)}"))
    from rich.table import Table

    players = list(data["players"])
    table = Table(show_edge=False, pad_edge=False, box=None)
    table.add_column("")
    for player in players:
        table.add_column(visible(player), justify="right")
    names = list(data["players"][players[0]]) if players else []
    for name in names:
        table.add_row(name, *(visible(_shown(data["players"][p][name])) for p in players))
    console.print(table)
    if data["scores"] is not None:
        for player, score in data["scores"].items():
            parts = ", ".join(f"{k} {v}" for k, v in score["parts"].items())
            console.print(visible(f"  score {player}: {score['total']} ({parts})"))
        console.print(visible(f"  winners: {', '.join(data['winners']) or 'none'}"))


def state(
    spec: str = typer.Argument(..., metavar="LOG[:LINE]", help="A log, and the line after which "
                               "to stop (default: its last line).", show_default=False),
    fmt: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f",
                                   help="text, or json (the observables, scores and winners)."),
    as_position: bool = typer.Option(False, "--as-position",
                                     help="Write instead the header of a log that starts at "
                                     "this point (the log's header with a 'position')."),
    output: Path | None = typer.Option(None, "--output", "-o", show_default=False,
                                       help="Write to this file instead of standard output."),
    max_line_bytes: int = typer.Option(DEFAULT_MAX_LINE_BYTES, "--max-line-bytes", min=64,
                                       max=MAX_LINE_BYTES_LIMIT,
                                       help="Longest line accepted, in bytes."),
    data: list[Path] | None = typer.Option(None, "--data", help=DATA_HELP, show_default=False),
) -> None:
    """Print the computed state after a line of a log: every observable value, and the scores
    and winners when the game has ended there.

    Exit status: 0; 2 for a usage error, a log that fails before the line, or (with
    --as-position) a state no position can hold.
    """
    allow_data(data)
    with user_errors():
        path, line = parse_log_line(spec)
        reached = replay_to(path, line, max_line_bytes)
        if as_position:
            header = position_header(reached)
            with output_stream(output) as out:
                out.write(json_text(header, out) + "\n")
            return
        result = state_json(str(path), reached)
        with output_stream(output) as out:
            if fmt is TextOrJson.json:
                out.write(json_text(result, out, indent=1) + "\n")
            else:
                _print_text(out, result, False if output is not None else None)


def register(app: typer.Typer) -> None:
    app.command("state")(state)
