"""Streaming reader: a log is read one line at a time, never whole, and every problem is located.

Each yielded :class:`RawLine` is either a decoded JSON object or a ``syntax`` Violation for that
line. Blank lines are skipped but counted.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from referee.model.core import Violation

DEFAULT_MAX_LINE_BYTES = 1 << 20
MAX_LINE_BYTES_LIMIT = 1 << 40
"""The highest --max-line-bytes (1 TiB): any larger limit reads the same as this one."""
MAX_INT_DIGITS = 100
MAX_DEPTH = 64


@dataclass(slots=True)
class RawLine:
    number: int
    text: str
    obj: dict[str, Any] | None
    error: Violation | None = None


class _Refused(ValueError):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"duplicate key {key!r} in one object")
            seen.add(key)
    return obj


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not valid JSON (numbers must be finite)")


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"integer with {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant, parse_int=_int)


def _depth_ok(text: str) -> bool:
    # Cheap upper bound on nesting: brackets inside strings only make it stricter-than-needed
    # when a line already holds 64+ opening brackets, in which case the exact walk decides.
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return True
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def decode_line(number: int, raw: bytes) -> RawLine:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return RawLine(number, repr(raw[:80])[2:-1], None, Violation(
            "syntax", "LOG-READ", f"invalid UTF-8 at byte {exc.start} of the line"))
    text = text.rstrip("\r\n")
    if text.startswith("\ufeff") and number == 1:
        text = text[1:]
    if not _depth_ok(text):
        return RawLine(number, text, None, Violation(
            "syntax", "LOG-JSON", f"JSON nested more than {MAX_DEPTH} levels deep"))
    try:
        obj = _DECODER.decode(text)
    except _Refused as exc:
        return RawLine(number, text, None, Violation("syntax", "LOG-JSON", str(exc)))
    except json.JSONDecodeError as exc:
        return RawLine(number, text, None, Violation(
            "syntax", "LOG-JSON", f"not JSON: {exc.msg} at column {exc.colno}"))
    except (ValueError, RecursionError) as exc:
        return RawLine(number, text, None, Violation("syntax", "LOG-JSON", f"not JSON: {exc}"))
    if not isinstance(obj, dict):
        kind = {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
            type(obj), "a number")
        return RawLine(number, text, None, Violation(
            "syntax", "LOG-JSON", f"each line must be a JSON object, found {kind}"))
    return RawLine(number, text, obj)


def iter_lines(stream: BinaryIO, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
               ) -> Iterator[RawLine]:
    """Yield the non-blank lines of a binary stream; stops after the first unreadable line."""
    max_line_bytes = max(1, min(max_line_bytes, MAX_LINE_BYTES_LIMIT))
    number = 0
    while True:
        raw = stream.readline(max_line_bytes + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            yield RawLine(number, raw[:80].decode("utf-8", "replace") + "...", None, Violation(
                "syntax", "LOG-READ",
                f"line longer than the limit of {max_line_bytes:,} bytes "
                "(raise it with --max-line-bytes)"))
            return
        if not raw.strip():
            continue
        yield decode_line(number, raw)


def read_log(path: str | Path, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
             ) -> Iterator[RawLine]:
    with open(path, "rb") as stream:
        yield from iter_lines(stream, max_line_bytes)
