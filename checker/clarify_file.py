"""Reading clarification files (TOML; the format is in docs/clarify.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.checker.clarify import Clarification
from referee.checker.expr import ExpressionError, parse_expression
from referee.checker.topics import Topic, UnknownTopicError, get_topic
from referee.errors import UsageError
from referee.model.core import unknown
from referee.model.core.tomlfile import MAX_BYTES, TomlFileError, read_toml

FILE_KEYS = ("game", "topic", "clarification")
MAX_FILE_BYTES = MAX_BYTES
"""Largest clarification file read (1 MiB); a larger one is refused before it is read."""

CLARIFICATION_KEYS = ("id", "text", "when", "then")


class ClarificationFileError(UsageError):
    """A clarification file that cannot be read; the message names the file (and the
    clarification and offending text where there is one)."""


@dataclass(frozen=True)
class ClarificationFile:
    path: str
    game: str
    topic: Topic
    clarifications: tuple[Clarification, ...]


def load_file(path: str | Path) -> ClarificationFile:
    """Read and check one clarification file; any problem with it is a
    :class:`ClarificationFileError` (a usage error: exit status 2, one line)."""
    name = str(path)
    try:
        data = read_toml(path, MAX_FILE_BYTES, "clarification file")
    except TomlFileError as exc:
        raise ClarificationFileError(f"{name}: {exc}") from None
    return parse_document(data, name)


def parse_document(data: dict[str, Any], name: str) -> ClarificationFile:
    def fail(message: str) -> ClarificationFileError:
        return ClarificationFileError(f"{name}: {message}")

    for key in data:
        if key not in FILE_KEYS:
            raise fail(unknown("key", key, FILE_KEYS))
    for key in ("game", "topic"):
        if key not in data:
            raise fail(f"missing key {key!r}")
        if not isinstance(data[key], str):
            raise fail(f"{key!r} must be a string, found {data[key]!r}")
    try:
        topic = get_topic(data["game"], data["topic"])
    except UnknownTopicError as exc:
        raise fail(str(exc.args[0])) from None
    entries = data.get("clarification", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise fail("'clarification' must be an array of tables ([[clarification]])")
    sorts = topic.sorts()
    seen: set[str] = set()
    clarifications: list[Clarification] = []
    for number, entry in enumerate(entries, start=1):
        cid = entry.get("id")
        where = f"clarification {cid!r}" if isinstance(cid, str) else f"clarification #{number}"
        for key in entry:
            if key not in CLARIFICATION_KEYS:
                raise fail(f"{where}: {unknown('key', key, CLARIFICATION_KEYS)}")
        if not isinstance(cid, str) or not cid.strip():
            raise fail(f"{where}: 'id' must be a non-empty string")
        if cid in seen:
            raise fail(f"{where}: duplicate id")
        seen.add(cid)
        text = entry.get("text", "")
        if not isinstance(text, str):
            raise fail(f"{where}: 'text' must be a string")
        if "then" not in entry:
            raise fail(f"{where}: missing key 'then'")
        exprs = {}
        for key, default in (("when", "True"), ("then", None)):
            source = entry.get(key, default)
            if not isinstance(source, str):
                raise fail(f"{where}: {key!r} must be a string expression, found {source!r}")
            try:
                exprs[key] = parse_expression(source, sorts)
            except ExpressionError as exc:
                raise fail(f"{where}: {key}: {exc}") from None
            if exprs[key].sort != "bool":
                raise fail(f"{where}: {key}: {source.strip()!r} is an integer, not a condition "
                           f"(compare it, e.g. {source.strip()} >= 0)")
        clarifications.append(Clarification(
            cid, text, exprs["when"], exprs["then"],
            " ".join(entry.get("when", "True").split()), " ".join(entry["then"].split())))
    return ClarificationFile(name, data["game"], topic, tuple(clarifications))
