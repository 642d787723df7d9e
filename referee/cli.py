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
from referee.games import titles_help

# Each module under referee/commands defines register(app); the order is the order in --help.
COMMANDS = ["validate", "test", "coverage", "state", "graph", "simulate", "explore", "clarify",
            "rules", "show"]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit(0)


def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Rules verification and replay auditing for tabletop games."""


def build_app(commands: list[str] | None = None) -> typer.Typer:
    """The command-line application with ``commands`` (default: all of them). A run of one
    command imports only that command's module: start-up is paid for what is used."""
    made = typer.Typer(
        name="referee",
        help=f"Rules verification and replay auditing for tabletop games ({titles_help()}).",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    made.callback()(_root)
    for name in COMMANDS if commands is None else commands:
        importlib.import_module(f"referee.commands.{name}").register(made)
    return made


def _commands_for(argv: list[str]) -> list[str] | None:
    """The commands an argument list can reach: the one it names, none for ``--version``
    alone, or all (help, a mistyped command) so that messages list them."""
    if argv[:1] == ["--version"]:
        return []
    first = next((a for a in argv if not a.startswith("-")), None)
    if first in COMMANDS and argv[0] == first:
        return [first]
    return None


def __getattr__(name: str) -> typer.Typer:
    if name == "app":  # the whole application, built on first use (tests, embedding)
        made = build_app()
        globals()["app"] = made
        return made
    raise AttributeError(name)


def main(argv: list[str] | None = None) -> None:
    """Entry point: usage errors become one line on stderr and exit status 2."""
    args = sys.argv[1:] if argv is None else list(argv)
    command = typer.main.get_command(build_app(_commands_for(args)))
    try:
        status = command.main(args=args, prog_name="referee", standalone_mode=False)
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
    except OSError as exc:  # a path the system refuses where no command expected it to
        name = str(exc.filename) if exc.filename is not None else ""
        where = f"{name[:77]}...: " if len(name) > 80 else f"{name}: " if name else ""
        typer.echo(f"referee: error: {visible(where + (exc.strerror or str(exc)))}", err=True)
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        typer.echo("referee: interrupted", err=True)
        sys.exit(130)
    sys.exit(status if isinstance(status, int) else 0)
