"""Helpers to write small logs in tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NIM_HEADER: dict[str, Any] = {"format": "referee-replay", "version": 1, "game": "nim",
                              "players": ["Ann", "Bo"], "options": {"piles": [1, 2]}}


def write(path: Path, *lines: Any) -> Path:
    """Each line: a dict (dumped as JSON), or a str/bytes written as it is."""
    with path.open("wb") as out:
        for line in lines:
            if isinstance(line, bytes):
                out.write(line + b"\n")
            elif isinstance(line, str):
                out.write(line.encode() + b"\n")
            else:
                out.write(json.dumps(line).encode() + b"\n")
    return path


def nim_game(*events: Any, header: dict[str, Any] | None = None) -> list[Any]:
    return [header or NIM_HEADER, {"chance": "start_player", "player": "Ann"},
            {"phase": "play"}, *events]


TAKE_ANN = {"player": "Ann", "action": "take", "pile": 1, "count": 1}
TAKE_BO = {"player": "Bo", "action": "take", "pile": 1, "count": 1}
TAKE_ANN_LAST = {"player": "Ann", "action": "take", "pile": 0, "count": 1}
