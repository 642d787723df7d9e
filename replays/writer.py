"""Writing replay logs in the format of ``FORMAT.md`` (used by simulate and explore)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from referee.replays.records import Event


def header(game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
           position: Mapping[str, Any] | None = None,
           meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    head: dict[str, Any] = {"format": "referee-replay", "version": 1, "game": game,
                            "players": list(players)}
    if options:
        head["options"] = dict(options)
    if position is not None:
        head["position"] = dict(position)
    if meta:
        head["meta"] = dict(meta)
    return head


_SURROGATE = re.compile("[\ud800-\udfff]")


def dumps(obj: Mapping[str, Any]) -> str:
    """One log line; a lone surrogate (a name read from a log as ``"\\ud800"``) is written as
    that escape again, since UTF-8 cannot hold it."""
    text = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def write_log(path: str | Path, head: Mapping[str, Any],
              events: Iterable[Event | Mapping[str, Any]]) -> Path:
    """Write a header and events (Event objects or ready JSON objects), one per line."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        out.write(dumps(head) + "\n")
        for event in events:
            obj = event if isinstance(event, Mapping) else event.to_json()
            out.write(dumps(obj) + "\n")
    return path
