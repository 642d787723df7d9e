"""``referee graph``: export the replay graph of a log."""

from __future__ import annotations

from pathlib import Path

import typer

from referee.commands.common import (
    allow_data,
    data_option,
    fail,
    max_line_bytes_option,
    user_errors,
)
from referee.display import visible
from referee.files import path_kind
from referee.replays.graph import FORMATS, ReplayGraph, write_graph
from referee.replays.validator import validate_file


def graph(
    log: Path = typer.Argument(..., help="The log to graph.", show_default=False),
    output: Path = typer.Option(..., "--output", "-o", show_default=False,
                                help="Where to write: .graphml (GraphML), .dot (Graphviz DOT) or "
                                ".json (networkx node-link JSON), chosen by the suffix."),
    max_line_bytes: int = max_line_bytes_option(),
    data: list[Path] | None = data_option(),
) -> None:
    """Write the replay graph of a log: states reached are nodes, events are edges, undo makes
    branches, and a refused event ends in an error node.

    Exit status: 0 when the log is valid, 1 when it is not (the graph is written either way).
    """
    allow_data(data)
    with user_errors():
        kind = path_kind(log)
        if kind == "missing":
            raise fail(f"no such file: {log}")
        if kind != "file":
            raise fail(f"not a regular file: {log}")
        if output.suffix.lower() not in FORMATS:
            raise fail(f"cannot tell the graph format from {output.name!r}: use one of "
                       f"{', '.join(sorted(FORMATS))}")
        replay_graph = ReplayGraph()
        report = validate_file(log, max_line_bytes, graph=replay_graph)
        kind = write_graph(replay_graph.graph, output)
    g = replay_graph.graph
    typer.echo(f"wrote {kind} to {visible(str(output))}: {g.number_of_nodes()} states, "
               f"{g.number_of_edges()} events, {replay_graph.branches} branch(es); "
               f"log {'valid' if report.valid else 'invalid'}")
    raise typer.Exit(0 if report.valid else 1)


def register(app: typer.Typer) -> None:
    app.command("graph")(graph)
