"""Helpers to write small logs in tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.api import validate_text
from referee.replays.validator import FileReport

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


def verdict(game: str, players: list[str], *events: dict[str, Any],
            position: dict[str, Any] | None = None,
            options: dict[str, Any] | None = None) -> FileReport:
    """The verdict on a log: the header (line 1), then one event per line from line 2."""
    header: dict[str, Any] = {"format": "referee-replay", "version": 1, "game": game,
                              "players": players}
    if options is not None:
        header["options"] = options
    if position is not None:
        header["position"] = position
    return validate_text("\n".join(json.dumps(x) for x in (header, *events)))


def valid(report: FileReport) -> None:
    assert report.valid, [e.to_json() for e in report.errors]


def refused(report: FileReport, line: int, kind: str, rule: str | None) -> str:
    """The message of the first error, which must be at ``line`` with ``kind`` and ``rule``."""
    assert not report.valid, "accepted"
    first = report.errors[0]
    assert (first.line, first.kind, first.rule) == (line, kind, rule), first.to_json()
    return first.message


def check(**claims: Any) -> dict[str, Any]:
    return {"check": claims}
