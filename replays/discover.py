"""Finding logs: files as given, folders searched recursively for ``*.jsonl``, in sorted order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from referee.errors import UsageError


def find_logs(paths: Iterable[str | Path], pattern: str = "*.jsonl") -> Iterator[Path]:
    """Yield log paths; raise UsageError for a missing path or a folder without logs."""
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = False
            for log in sorted(path.rglob(pattern)):
                if log.is_file():
                    found = True
                    yield log
            if not found:
                raise UsageError(f"no {pattern} logs found under {path}")
        elif path.exists():
            yield path
        else:
            raise UsageError(f"no such file or folder: {path}")


def check_paths(paths: Iterable[str | Path], pattern: str = "*.jsonl") -> None:
    """Fail early, before any output, on a path that does not exist or a folder without logs
    (a report cut short by a usage error would be no valid JSON or XML)."""
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise UsageError(f"no such file or folder: {given}")
        if path.is_dir() and not any(p.is_file() for p in path.rglob(pattern)):
            raise UsageError(f"no {pattern} logs found under {path}")
