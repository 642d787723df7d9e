"""Parsing text that may nest as deep as the interpreter allows."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the garbage collector while hostile text is parsed.

    A parser driven to the recursion limit may trigger a collection there; the finalizers it
    runs (Z3's objects release their terms through ctypes) then have no stack left, fail, and
    print "Exception ignored" tracebacks. Collections wait until the parse is over."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
