"""The ``referee`` command line."""

from __future__ import annotations

import importlib
import sys

import typer

from referee import __version__
from referee.errors import RefereeError

app = typer.Typer(
    name="referee",
    help="Rules verification and replay auditing for tabletop games "
         "(Homesteaders, Pionjär, The Colonists).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Each module under referee/commands defines register(app); the order is the order in --help.
COMMANDS = ["validate", "graph", "rules"]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Rules verification and replay auditing for tabletop games."""


for _name in COMMANDS:
    importlib.import_module(f"referee.commands.{_name}").register(app)


def fail(message: str, status: int = 2) -> typer.Exit:
    """Print one clear line on stderr and return the Exit to raise."""
    typer.echo(f"referee: error: {message}", err=True)
    return typer.Exit(status)


def main() -> None:
    try:
        app()
    except RefereeError as exc:
        typer.echo(f"referee: error: {exc}", err=True)
        sys.exit(exc.exit_status)
    except KeyboardInterrupt:
        typer.echo("referee: interrupted", err=True)
        sys.exit(130)
