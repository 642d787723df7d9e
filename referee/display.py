"""Showing user text safely: in a terminal, in XML and in JSON, whatever characters it holds.

Names, messages and quoted lines come from the logs and files being checked, so they may hold
anything JSON can carry: terminal escape sequences, other control characters, lone surrogates
(``"\\ud800"``), or the bytes of a file name that is not UTF-8 (Python keeps those as lone
surrogates too). None of it may reach a terminal raw, make a report ill-formed, or stop a report
from being written:

- :func:`visible` replaces every control character, lone surrogate and bidirectional-text
  control by a visible escape (``\\x1b``, ``\\ud800``, ``\\u202e``) for text output;
- :func:`xml_text` does the same for the characters XML 1.0 forbids, even as references;
- :func:`json_text` dumps JSON that stays valid and writable on any stream.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import re
from typing import IO, Any

# C0 controls, DEL, C1 controls, lone surrogates, bidirectional controls and line separators,
# the byte order mark and the Unicode non-characters U+FFFE/U+FFFF.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200e\u200f\u2028\u2029"
                     "\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]")
# The same less the C0 controls, which json.dumps escapes itself (and its indentation is made of)
_UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\ud800-\udfff\u200e\u200f\u2028\u2029"
                             "\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]")
# What XML 1.0 does not allow at all (tab, newline and carriage return are allowed).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every character that could act on a terminal shown as an escape."""
    return _UNSAFE.sub(_escape, text)


def visible_lines(text: str) -> str:
    """:func:`visible`, keeping the line breaks of a text of several lines."""
    return "\n".join(visible(line) for line in text.split("\n"))


def xml_text(text: str) -> str:
    """``text`` with the characters XML 1.0 forbids shown as visible escapes (not yet
    XML-escaped: pass it on to ``xml.sax.saxutils.escape`` or ``quoteattr``)."""
    return _NOT_XML.sub(_escape, text)


def utf8_stream(stream: IO[str]) -> bool:
    """Whether ``stream`` encodes text as UTF-8 (so anything but a lone surrogate fits)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def json_text(obj: Any, stream: IO[str] | None = None, **options: Any) -> str:
    """``json.dumps(obj)`` that can be written to ``stream``: UTF-8 as it is where the stream is
    UTF-8 (lone surrogates and control characters written as their ``\\uXXXX`` escapes, which
    JSON reads back as the same string), ASCII with escapes otherwise."""
    if stream is not None and not utf8_stream(stream):
        return json.dumps(obj, ensure_ascii=True, **options)
    text = json.dumps(obj, ensure_ascii=False, **options)
    # json.dumps escapes C0 controls itself; DEL, C1 controls, bidirectional controls and lone
    # surrogates (all inside strings) get their \uXXXX escapes too: same JSON value, and
    # nothing that a terminal showing the report would act on
    return _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def writable(stream: IO[str]) -> IO[str]:
    """Make an open text stream escape what its encoding cannot hold instead of failing."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and getattr(stream, "errors", "strict") == "strict":
        with contextlib.suppress(ValueError, OSError):  # a stream that cannot change
            reconfigure(errors="backslashreplace")
    return stream
