"""Messages for unknown names: a close match when there is one, else the valid names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MAX_LISTED = 24


def unknown(what: str, name: object, known: Iterable[str]) -> str:
    """``unknown building 'frm' (did you mean 'farm'?)``, or the list of valid names."""
    text = f"unknown {what} {brief(name)}"
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


def decimal(text: str, longest: int = 9) -> int | None:
    """The value of ``text`` when it is 1 to ``longest`` ASCII digits, else None
    (``str.isdigit`` also accepts digits such as '²' that ``int`` refuses, and ``int`` refuses
    strings of more than 4,300 digits)."""
    if 0 < len(text) <= longest and text.isascii() and text.isdigit():
        return int(text)
    return None


def shown(spec: str, longest: int = 120) -> str:
    """A name, path or argument quoted for a message, its middle left out when it is longer than
    ``longest`` characters."""
    return repr(_elided(spec, longest))


def brief(value: object, longest: int = 120) -> str:
    """``repr(value)`` for a message, its middle left out when it is longer than ``longest``
    characters (a hostile value is not echoed whole)."""
    return _elided(repr(value), longest)


def _elided(text: str, longest: int) -> str:
    """``text``, its middle left out when it is longer than ``longest`` characters."""
    if len(text) <= longest:
        return text
    half = (longest - 3) // 2
    return f"{text[:half]}...{text[-half:]}"
