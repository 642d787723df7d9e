"""Which data folders a game may read: its bundled data sets, and the folders the user named on
the command line. A log header can choose among those by name; it can never point the
validator at an arbitrary path of the machine (which would let a log probe the file system and
have files echoed in its messages).

The command line registers a folder with :func:`allow` (``--data FOLDER``); a log then names it
by the folder's name, or by the path exactly as given on the command line.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

_ALLOWED: dict[str, Path] = {}


class DataSetError(ValueError):
    """A data set name that is neither bundled nor allowed; the message lists what is."""


def allow(folder: str | Path) -> str:
    """Let logs read ``folder`` (named on the command line); returns the name logs use."""
    path = Path(folder)
    name = path.name or str(path)
    _ALLOWED[name] = path
    _ALLOWED[str(folder)] = path
    return name


def allowed() -> dict[str, str]:
    """The allowed folders (name -> path as given), to hand to worker processes."""
    return {name: str(path) for name, path in _ALLOWED.items()}


def restore(folders: dict[str, str]) -> None:
    """Worker start-up: the folders the parent process allowed."""
    for name, path in folders.items():
        _ALLOWED[name] = Path(path)


def forget() -> None:
    _ALLOWED.clear()


def resolve(name: object, bundled_root: Path, bundled: Iterable[str]) -> Path:
    """The folder of data set ``name``: a bundled set (a folder under ``bundled_root``) or a
    folder allowed on the command line. Anything else is a DataSetError that quotes only the
    name, and says which names are accepted."""
    sets = sorted(bundled)
    if not isinstance(name, str):
        raise DataSetError(f"must be the name of a data set, found {type(name).__name__}")
    if name in sets:
        return bundled_root / name
    if name in _ALLOWED:
        return _ALLOWED[name]
    given = sorted({n for n in _ALLOWED if "/" not in n})
    extra = f" ({', '.join(given)})" if given else ""
    shown = name if len(name) <= 60 else name[:57] + "..."
    raise DataSetError(f"unknown data set {shown!r}: a log may name a bundled data set "
                       f"({', '.join(sets) or 'none'}) or a folder given on the command line "
                       f"with --data{extra}")
