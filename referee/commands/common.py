"""Helpers shared by the CLI commands."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import IO, Any

import typer

from referee.display import visible, writable
from referee.errors import RefereeError
from referee.model.core.names import shown
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_LIMIT, careful_line


class ReportFormat(StrEnum):
    text = "text"
    json = "json"
    junit = "junit"
    html = "html"


class TextOrJson(StrEnum):
    text = "text"
    json = "json"


DATA_HELP = ("A folder of game data files (a transcription of the printed components) that "
             "logs may select with \"options\": {\"data\": NAME}, NAME being the folder's name. "
             "Repeatable. Without it, logs can only name the bundled data sets.")


def allow_data(folders: list[Path] | None) -> None:
    """Register the --data folders: the only places outside the package a log may read."""
    from referee.model.core import datasets

    for folder in folders or ():
        if not folder.is_dir():
            raise fail(f"--data {str(folder)!r} is not a folder")
        datasets.allow(folder)


def fail(message: str, status: int = 2) -> typer.Exit:
    """Print one clear line on stderr (what it quotes shown with visible escapes); return the
    Exit to raise."""
    typer.echo(f"referee: error: {visible(message)}", err=True)
    return typer.Exit(status)


def note(message: str) -> None:
    """One line on stderr that does not stop the command (a skipped symbolic link)."""
    typer.echo(f"referee: note: {visible(message)}", err=True)


FOLLOW_SYMLINKS_HELP = ("Follow symbolic links found while searching folders: linked logs "
                        "pointing outside the folder, and linked folders. Default: skip them "
                        "with a note (a file named on the command line is always read).")


# Options several commands share, declared once (each call is a fresh declaration).


def max_line_bytes_option(help: str = "Longest line accepted, in bytes.") -> Any:
    return typer.Option(DEFAULT_MAX_LINE_BYTES, "--max-line-bytes", min=64,
                        max=MAX_LINE_BYTES_LIMIT, help=help)


def data_option() -> Any:
    return typer.Option(None, "--data", help=DATA_HELP, show_default=False)


def follow_symlinks_option() -> Any:
    return typer.Option(False, "--follow-symlinks", help=FOLLOW_SYMLINKS_HELP)


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """Turn RefereeError into one line on stderr and its exit status."""
    try:
        yield
    except RefereeError as exc:
        raise fail(str(exc), exc.exit_status) from None


@contextlib.contextmanager
def output_stream(path: Path | None) -> Iterator[IO[str]]:
    """The --output file (UTF-8), or standard output; either escapes what it cannot encode
    (the reports escape what they quote already: this keeps a report writable on a stream of
    another encoding)."""
    if path is None:
        yield writable(sys.stdout)
        return
    try:
        stream = path.open("w", encoding="utf-8", errors="backslashreplace")
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror or exc}") from None
    with stream:
        yield stream


def option_option(where: str) -> Any:
    """The ``--option KEY=VALUE`` option of the commands that start games."""
    return typer.Option([], "--option", "-O", metavar="KEY=VALUE", show_default=False,
                        help=f"A game option {where} (repeatable), VALUE in JSON or plain text, "
                        "e.g. last_era=1 or first_era=3 (The Colonists; see the game's FORMAT "
                        "file).")


WRAP = len('{"value": ')


def game_options(given: list[str]) -> dict[str, Any]:
    """The ``--option KEY=VALUE`` pairs as a header's options: VALUE read as JSON by the log's
    own careful reader (no NaN, no huge integers, no deep nesting), else as plain text."""
    options: dict[str, Any] = {}
    for text in given:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise fail(f"--option {shown(text)}: expected KEY=VALUE, e.g. last_era=1")
        if key == "data":
            raise fail("--option data: name the data folder with --data")
        if key in options:
            raise fail(f"--option {shown(key)} is given twice")
        line = careful_line(1, f'{{"value": {value}}}')  # WRAP characters before VALUE
        if line.obj is not None and list(line.obj) == ["value"]:
            options[key] = line.obj["value"]
        elif line.error is not None and value.lstrip()[:1] in ('{', '[', '"'):
            # the column within VALUE, not within the object it was read in
            message = re.sub(r"at column (\d+)", lambda m: f"at column {int(m[1]) - WRAP}",
                             line.error.message)
            raise fail(f"--option {key}: {message}")
        else:
            options[key] = value
    return options
