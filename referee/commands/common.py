"""Helpers shared by the CLI commands."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import IO

import typer

from referee.display import visible, writable
from referee.errors import RefereeError


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
