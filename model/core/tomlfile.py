"""Reading a TOML file that may come from anyone: data sets, clarification files.

The file is looked at before it is opened (a folder, a FIFO or a sparse giant is refused
unread; opening a FIFO would wait for a writer forever), read up to the limit and no further
(a file that grows meanwhile is not read whole), decoded and parsed; every problem is one
:class:`TomlFileError` whose text says what is wrong without the file's name, which the caller
adds with its own error type.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from referee.model.core.deep import collector_paused

MAX_BYTES = 1 << 20


class TomlFileError(ValueError):
    """What is wrong with a TOML file, in words; ``missing`` when there is no such file."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


def _unreadable(exc: OSError) -> TomlFileError:
    return TomlFileError(f"cannot be read ({exc.strerror or type(exc).__name__})")


def stat_toml(path: str | Path, max_bytes: int = MAX_BYTES,
              what: str = "file") -> os.stat_result:
    """The file's status, refused unless it is a regular file within ``max_bytes``."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise TomlFileError("missing file", missing=True) from None
    except OSError as exc:
        raise _unreadable(exc) from None
    if not stat.S_ISREG(info.st_mode):
        raise TomlFileError("not a regular file")
    if info.st_size > max_bytes:
        raise TomlFileError(f"{info.st_size:,} bytes, more than the {max_bytes:,} a {what} "
                            "may hold")
    return info


def read_toml(path: str | Path, max_bytes: int = MAX_BYTES, what: str = "file") -> dict[str, Any]:
    """The parsed document of a TOML file (``what`` names the kind of file in messages)."""
    stat_toml(path, max_bytes, what)
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise _unreadable(exc) from None
    if len(raw) > max_bytes:
        raise TomlFileError(f"more than the {max_bytes:,} bytes a {what} may hold")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TomlFileError(f"not valid UTF-8 (at byte {exc.start})") from None
    try:
        with collector_paused():
            return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TomlFileError(f"not valid TOML ({_one_line(str(exc))})") from None
    except RecursionError:
        raise TomlFileError("not valid TOML (arrays or tables nested too deeply)") from None
    except (MemoryError, ValueError) as exc:
        raise TomlFileError(f"not valid TOML ({_one_line(str(exc)) or type(exc).__name__})"
                            ) from None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def outside(folder: str | Path, path: str | Path) -> bool:
    """Whether ``path``, its links followed, lies outside ``folder`` (its links followed): a
    data file linked to somewhere else, which a data set named by its folder does not read."""
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
    except (ValueError, OSError):  # elsewhere, or a link loop: nothing is read through it
        return True
    return False
