"""``referee rules``: print a game's rule catalogue."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from referee.commands.common import TextOrJson, fail
from referee.errors import UnknownGameError
from referee.games import get_game
from referee.replays.format_rules import FORMAT_RULES


def rules(
    game: str = typer.Argument(..., help="A game (homesteaders, pionjar), or 'format' for the "
                               "rules of the log format itself.", show_default=False),
    fmt: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f", help="text or json."),
) -> None:
    """Print the rule catalogue: every rule id, its text and its source (a rulebook heading,
    or the project's decision and why)."""
    if game == "format":
        catalogue = FORMAT_RULES
    else:
        try:
            catalogue = get_game(game).rules
        except UnknownGameError as exc:
            raise fail(f"{exc}; 'format' lists the log format's rules") from None
    if fmt is TextOrJson.json:
        typer.echo(json.dumps([{"id": r.id, "text": r.text, "section": r.section}
                               for r in catalogue], indent=1, ensure_ascii=False))
        return
    table = Table(title=f"{catalogue.game}: {len(catalogue)} rules", show_lines=False)
    table.add_column("id", no_wrap=True)
    table.add_column("rule")
    table.add_column("source")
    for rule in catalogue:
        table.add_row(rule.id, rule.text, rule.section)
    Console(soft_wrap=False).print(table)


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)


