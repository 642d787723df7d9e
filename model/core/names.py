"""Messages for unknown names: a close match when there is one, else the valid names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MAX_LISTED = 24


def unknown(what: str, name: object, known: Iterable[str]) -> str:
    """``unknown building 'frm' (did you mean 'farm'?)``, or the list of valid names."""
    text = f"unknown {what} {name!r}"
    hint = suggestion(name, known)
    return f"{text} {hint}" if hint else text


def suggestion(name: object, known: Iterable[str]) -> str:
    """``(did you mean 'farm'?)`` when a known name is close, else ``(known: ...)``; empty
    when nothing is known."""
    names = [k for k in known]
    if isinstance(name, str):
        close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        if close:
            return f"(did you mean {' or '.join(repr(c) for c in close)}?)"
    if not names:
        return ""
    listed = ", ".join(names[:MAX_LISTED])
    more = f", ... ({len(names)} in all)" if len(names) > MAX_LISTED else ""
    return f"(known: {listed}{more})"
