"""Messages for unknown names: a close match when there is one, else the valid names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MAX_LISTED = 24


def unknown(what: str, name: object, known: Iterable[str]) -> str:
    """``unknown building 'frm' (did you mean 'farm'?)``, or the list of valid names."""
    names = [k for k in known]
    text = f"unknown {what} {name!r}"
    if isinstance(name, str):
        close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        if close:
            return f"{text} (did you mean {' or '.join(repr(c) for c in close)}?)"
    if not names:
        return text
    listed = ", ".join(names[:MAX_LISTED])
    more = f", ... ({len(names)} in all)" if len(names) > MAX_LISTED else ""
    return f"{text} (known: {listed}{more})"
