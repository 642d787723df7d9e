"""Finding logs: files as given, folders searched recursively for ``*.jsonl``, in sorted order.

A file named on the command line is read whatever it is (a symbolic link included: that is the
user's choice). While a folder is searched, symbolic links are not followed out of it: a linked
log whose target lies outside the folder is skipped with a note, and linked folders are not
entered (they could lead anywhere, or loop). ``follow_symlinks=True`` (``--follow-symlinks``)
reads linked logs wherever they point and enters linked folders, each real folder once.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from referee.errors import UsageError
from referee.files import NOT_REGULAR, path_kind

Note = Callable[[str], None]


def _inside(target: Path, root: Path) -> bool:
    return target == root or root in target.parents


def _scan(root: Path, pattern: str, follow_symlinks: bool = False,
          note: Note | None = None) -> Iterator[Path]:
    """The logs under ``root`` in the order of the walk (not sorted); notes on what is skipped."""
    base = root.resolve()
    seen: set[tuple[int, int]] = set()
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            info = folder.stat()
            key = (info.st_dev, info.st_ino)
            if key in seen:
                continue
            seen.add(key)
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            path = folder / entry.name
            try:
                link = entry.is_symlink()
                is_dir = entry.is_dir(follow_symlinks=True)
            except OSError:
                continue
            if is_dir:
                if not link or follow_symlinks:
                    stack.append(path)
                elif note is not None:
                    note(f"not following {path}: a symbolic link to a folder "
                         "(--follow-symlinks enters it)")
                continue
            if not fnmatch.fnmatchcase(entry.name, pattern):
                continue
            try:
                if not entry.is_file(follow_symlinks=True):
                    continue  # a dangling link, a pipe, a device: nothing to validate
                if link and not follow_symlinks and not _inside(path.resolve(), base):
                    if note is not None:
                        note(f"skipped {path}: a symbolic link to outside {root} "
                             "(--follow-symlinks reads it)")
                    continue
            except (OSError, RuntimeError):  # RuntimeError: a loop of links
                continue
            yield path


def find_logs(paths: Iterable[str | Path], pattern: str = "*.jsonl",
              follow_symlinks: bool = False, note: Note | None = None) -> Iterator[Path]:
    """Yield log paths; raise UsageError for a missing path or a folder without logs.

    ``note`` receives one line for each symbolic link skipped while a folder is searched."""
    for given in paths:
        path = Path(given)
        kind = path_kind(path)
        if kind == "dir":
            found = sorted(_scan(path, pattern, follow_symlinks, note))
            if not found:
                raise UsageError(f"no {pattern} logs found under {path}")
            yield from found
        elif kind == "file":
            yield path
        elif kind == "other":
            raise UsageError(f"{path}: {NOT_REGULAR}")
        else:
            raise UsageError(f"no such file or folder: {path}")


def check_paths(paths: Iterable[str | Path], pattern: str = "*.jsonl",
                follow_symlinks: bool = False) -> None:
    """Fail early, before any output, on a path that does not exist or a folder without logs
    (a report cut short by a usage error would be no valid JSON or XML)."""
    for given in paths:
        path = Path(given)
        kind = path_kind(path)
        if kind == "missing":
            raise UsageError(f"no such file or folder: {given}")
        if kind == "other":
            raise UsageError(f"{given}: {NOT_REGULAR}")
        if kind == "dir" and next(_scan(path, pattern, follow_symlinks), None) is None:
            raise UsageError(f"no {pattern} logs found under {path}")
