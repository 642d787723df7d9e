"""The ``referee`` command line."""

from __future__ import annotations

import importlib
import sys

import typer

try:  # typer >= 0.20 vendors click
    from typer._click import exceptions as cexc
except ImportError:  # pragma: no cover - older typer uses click itself
    from click import exceptions as cexc  # type: ignore[no-redef]

from referee import __version__
from referee.display import visible
from referee.errors import RefereeError

app = typer.Typer(
    name="referee",
    help="Rules verification and replay auditing for tabletop games "
         "(Homesteaders, Pionjär, The Colonists).",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Each module under referee/commands defines register(app); the order is the order in --help.
COMMANDS = ["validate", "test", "coverage", "state", "graph", "simulate", "explore", "clarify",
            "rules", "show"]


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


def main(argv: list[str] | None = None) -> None:
    """Entry point: usage errors become one line on stderr and exit status 2."""
    command = typer.main.get_command(app)
    try:
        status = command.main(args=argv, prog_name="referee", standalone_mode=False)
    except cexc.NoArgsIsHelpError as exc:
        if exc.ctx is not None:
            typer.echo(exc.ctx.get_help())
        sys.exit(2)
    except cexc.UsageError as exc:
        hint = f" (see 'referee {exc.ctx.info_name} --help')" if exc.ctx and exc.ctx.parent \
            else " (see 'referee --help')"
        typer.echo(f"referee: error: {visible(exc.format_message())}{hint}", err=True)
        sys.exit(2)
    except cexc.ClickException as exc:
        typer.echo(f"referee: error: {visible(exc.format_message())}", err=True)
        sys.exit(exc.exit_code)
    except RefereeError as exc:
        typer.echo(f"referee: error: {visible(str(exc))}", err=True)
        sys.exit(exc.exit_status)
    except (KeyboardInterrupt, typer.Abort):
        typer.echo("referee: interrupted", err=True)
        sys.exit(130)
    sys.exit(status if isinstance(status, int) else 0)
