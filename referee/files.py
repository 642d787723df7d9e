"""Opening input files without blocking: a named pipe, a device or a socket is refused.

Opening a FIFO for reading waits for a writer, and reading a device may never end; only regular
files are inputs. The file is opened without blocking and checked on its descriptor, so a path
swapped for a pipe between a check and the read is refused too.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

NOT_REGULAR = "not a regular file (a pipe, a device or a socket cannot be read as input)"


class NotRegularFile(OSError):
    """An input path that is not a regular file; ``strerror`` says so, for the usual reports of
    an unreadable file."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(errno.EINVAL, NOT_REGULAR, str(path))


def open_regular(path: str | Path) -> BinaryIO:
    """Open ``path`` for binary reading; NotRegularFile (an OSError) if it is not a regular
    file, whatever it is linked to."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(path)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def path_kind(path: str | Path) -> str:
    """``"dir"``, ``"file"`` (regular), ``"other"`` (a pipe, a device, a socket) or
    ``"missing"``: what a path names, following links. A path the system cannot look up (a
    name too long, a component that is not a folder, no permission on a folder) is missing,
    never an exception."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL character in the path
        return "missing"
    if stat.S_ISDIR(mode):
        return "dir"
    return "file" if stat.S_ISREG(mode) else "other"
