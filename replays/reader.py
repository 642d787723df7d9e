"""Streaming reader: a log is read one line at a time, never whole, and every problem is located.

Each yielded :class:`RawLine` is either a decoded JSON object or a ``syntax`` Violation for that
line. Blank lines are skipped but counted.

Lines are decoded by the plain C decoder (which stops at ``NaN`` or ``Infinity``) when a cheap
scan of the text shows that none of the other refused constructs can be present (duplicate keys,
integers of over ``MAX_INT_DIGITS`` digits); any other line goes through the careful decoder,
which finds the construct and words the error, so both paths give the same objects and the same
messages.
"""

from __future__ import annotations

import json
import json.scanner
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from referee.model.core import Violation

DEFAULT_MAX_LINE_BYTES = 1 << 20
MAX_LINE_BYTES_LIMIT = 1 << 40
"""The highest --max-line-bytes (1 TiB): any larger limit reads the same as this one."""
MAX_INT_DIGITS = 100
MAX_DEPTH = 64
MAX_NUMBER = 1_000_000_000
"""The largest number (in absolute value) an event may hold."""
MIN_NUMBER = -MAX_NUMBER
"""The smallest number an event may hold (a name of its own: ``-MAX_NUMBER`` in a comparison
builds the negative number again each time)."""
_HUGE = 10 ** MAX_INT_DIGITS


@dataclass(slots=True)
class RawLine:
    number: int
    text: str
    obj: dict[str, Any] | None
    error: Violation | None = None
    plain_numbers: bool = False
    """True when every number of the line is an integer within ±MAX_NUMBER (so the envelope
    need not look for floats or numbers out of range); False says nothing."""


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
# The plain C scanner, except that NaN and Infinity stop it (the careful decoder words why)
_PLAIN = json.JSONDecoder(parse_constant=_constant)
_SCAN = json.scanner.make_scanner(_PLAIN)  # type: ignore[arg-type]


def _walk(value: Any, tally: list[int]) -> None:
    """Count the keys of every object in ``value`` (tally[0]); tally[1] set to 1 by an integer
    of over MAX_INT_DIGITS digits, tally[2] by a float or an integer beyond ±MAX_NUMBER."""
    if type(value) is dict:
        tally[0] += len(value)
        items: Any = value.values()
    else:
        items = value
    for item in items:
        kind = type(item)
        if kind is int:
            if not MIN_NUMBER <= item <= MAX_NUMBER:
                tally[2] = 1
                if not -_HUGE < item < _HUGE:
                    tally[1] = 1
        elif kind is dict or kind is list:
            _walk(item, tally)
        elif kind is float:
            tally[2] = 1


# Every byte of a line mapped to a mark: digits to "0", "." "e" "E" to "e", anything else to a
# blank. A float is written with a digit right before "." or an exponent, and an integer beyond
# ±MAX_NUMBER with ten digits or more, so a line whose marks hold neither "0e" nor ten "0" in a
# row holds only integers within ±MAX_NUMBER (a string such as "v1.2" only sends the line to the
# walk of its values).
_MARKS = bytes(48 if 48 <= b <= 57 else 101 if b in b".eE" else 32 for b in range(256))
_LONG = b"0" * len(str(MAX_NUMBER))


def _dict_keys(obj: dict[str, Any], braces: int) -> int:
    """The keys of every object in ``obj`` counted, when its objects are ``obj``, the objects
    among its values and those among theirs, and ``braces`` of them (the line's count of
    ``{``: then no object hides deeper or in a list, and no string holds a brace); else -1."""
    keys, found = len(obj), 1
    for value in obj.values():
        if type(value) is dict:
            keys += len(value)
            found += 1
            for inner in value.values():
                if type(inner) is dict:
                    keys += len(inner)
                    found += 1
    return keys if found == braces else -1


def _plain(text: str, braces: int, raw: bytes) -> tuple[str, dict[str, Any], bool] | None:
    """The line decoded by the plain decoder (its text, its object and whether every number is
    plain, as :attr:`RawLine.plain_numbers` says), or None when the careful one must decide.
    ``raw`` is the line as read (its bytes are only searched for the marks of numbers).

    Without a backslash every quote delimits a string, so ``":`` follows every key written right
    before its colon (and opens any string that starts with a colon); with no blank before a
    colon that is every key, so a duplicate key leaves fewer keys decoded than ``":`` counted."""
    if "\\" in text or " :" in text or "\t:" in text or "\r:" in text:
        return None
    try:
        obj, end = _SCAN(text, 0)
    except (StopIteration, ValueError, RecursionError):
        return None
    if type(obj) is not dict or end != len(text):
        return None
    keys = text.count('":')
    if braces == 1 and len(text) <= MAX_INT_DIGITS:
        # One flat object too short to hold a refused integer; its numbers are checked by
        # the envelope as it reads the values.
        return (text, obj, False) if len(obj) == keys else None
    marks = raw.translate(_MARKS)
    if b"0e" not in marks and _LONG not in marks:
        # every number plain (so none refused): only the keys are left to count
        found = _dict_keys(obj, braces)
        if found >= 0:
            return (text, obj, True) if found == keys else None
    tally = [0, 0, 0]
    _walk(obj, tally)
    if tally[0] != keys or tally[1]:
        return None
    return text, obj, not tally[2]


def plain_object(raw: bytes) -> tuple[str, dict[str, Any], bool] | None:
    """What :func:`decode_line` reads off a line after the first (as read, its end of line
    included) when the plain decoder decides: the text, the object and whether every number is
    plain; None when the careful decoder must decide (or the line is refused)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    text = text.rstrip("\r\n")
    braces = text.count("{")
    if not braces or braces + text.count("[") > MAX_DEPTH:
        return None
    return _plain(text, braces, raw)


def _depth_ok(text: str, opens: int) -> bool:
    # Cheap upper bound on nesting: brackets inside strings only make it stricter-than-needed
    # when a line already holds 64+ opening brackets, in which case the exact walk decides.
    if opens <= MAX_DEPTH:
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
    braces = text.count("{")
    opens = braces + text.count("[")
    if opens <= MAX_DEPTH and braces:
        fast = _plain(text, braces, raw)
        if fast is not None:
            return RawLine(number, text, fast[1], None, fast[2])
    return careful_line(number, text, opens)


def careful_line(number: int, text: str, opens: int | None = None) -> RawLine:
    """A line's text decoded by the careful decoder alone (``opens``: its count of opening
    brackets, when known)."""
    if opens is None:
        opens = text.count("{") + text.count("[")
    if not _depth_ok(text, opens):
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


def numbered_lines(stream: BinaryIO, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                   ) -> Iterator[tuple[int, bytes]]:
    """The non-blank lines of a binary stream as read, with their numbers; a line over the limit
    ends the stream, cut short (:func:`read_line` makes it the error)."""
    max_line_bytes = limit(max_line_bytes)
    readline, size = stream.readline, max_line_bytes + 1
    number = 0
    while True:
        raw = readline(size)
        if not raw:
            return
        number += 1
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            yield number, raw
            return
        if raw.isspace():
            continue
        yield number, raw


def limit(max_line_bytes: int) -> int:
    """The line limit in force for a requested one (at least 1, at most the highest)."""
    return max(1, min(max_line_bytes, MAX_LINE_BYTES_LIMIT))


def read_line(number: int, raw: bytes, max_line_bytes: int) -> RawLine:
    """A line of :func:`numbered_lines` decoded, or the error of one over the limit."""
    if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
        return RawLine(number, raw[:80].decode("utf-8", "replace") + "...", None, Violation(
            "syntax", "LOG-READ",
            f"line longer than the limit of {max_line_bytes:,} bytes "
            "(raise it with --max-line-bytes)"))
    return decode_line(number, raw)


def iter_lines(stream: BinaryIO, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
               ) -> Iterator[RawLine]:
    """Yield the non-blank lines of a binary stream; stops after the first unreadable line."""
    max_line_bytes = limit(max_line_bytes)
    for number, raw in numbered_lines(stream, max_line_bytes):
        yield read_line(number, raw, max_line_bytes)
