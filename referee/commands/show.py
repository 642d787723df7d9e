"""``referee show``: a game's data as a user reads it, from the data files the model reads."""

from __future__ import annotations

import sys
from typing import Any

import typer

from referee.commands.common import TextOrJson, fail, user_errors
from referee.display import json_text, visible, writable
from referee.games import modelled_games, registration
from referee.model.core import unknown


def _table(game: str) -> tuple[Any, Any]:
    if game not in modelled_games():
        registration(game)  # the error of an unknown (or not modelled) game
    record = registration(game)
    topics = record.show_topics()
    if topics is None:
        raise fail(f"{record.title} has nothing to show")
    return record, topics


def show(
    game: str = typer.Argument(..., help="A game (homesteaders, pionjar, colonists).",
                               show_default=False),
    topic: str | None = typer.Argument(None, help="What to show (without it: the list of "
                                       "topics).", show_default=False),
    name: str | None = typer.Argument(None, help="One entry of the topic (without it: all).",
                                      show_default=False),
    fmt: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f", help="text or json."),
) -> None:
    """Show a game's data: buildings, tiles, places, cards, prices (as the model reads them).

    Exit status: 0; 2 for an unknown game, topic or name (with the closest known names).
    """
    out = writable(sys.stdout)
    with user_errors():
        record, topics = _table(game)
        if topic is None:
            listing = {t: what for t, (what, _) in topics.items()}
            if fmt is TextOrJson.json:
                out.write(json_text({"game": game, "topics": listing}, out, indent=1) + "\n")
                return
            out.write(f"{record.title}: referee show {game} TOPIC [NAME]\n")
            width = max(10, *map(len, listing))
            for t, what in listing.items():
                out.write(f"  {t:<{width}} {what}\n")
            return
        if topic not in topics:
            raise fail(f"{record.title}: {unknown('topic', topic, topics)}")
        entries = topics[topic][1](record.game())
        if name is not None:
            if name not in entries:
                raise fail(f"{record.title} {topic}: {unknown('name', name, entries)}")
            entries = {name: entries[name]}
        if fmt is TextOrJson.json:
            out.write(json_text({"game": game, "topic": topic,
                                 "entries": {k: list(v) for k, v in entries.items()}},
                                out, indent=1) + "\n")
            return
        for key, lines in entries.items():
            out.write(visible(key) + "\n")
            for line in lines:
                out.write("  " + visible(line) + "\n")


def register(app: typer.Typer) -> None:
    app.command("show")(show)
