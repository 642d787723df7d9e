"""Expected verdicts carried in a log's header (``expect``), for regression corpora.

``{"valid": false, "errors": [{"line": 14, "kind": "illegal", "rule": "HS-BID-RAISE"}],
"scores": {...}, "winners": [...]}``: matching is exact on what is stated and ignores the rest.
``errors``, when stated, must list every error of the log, in order; each listed error states
any of ``line``, ``seq``, ``kind``, ``rule``, ``player``, ``message``.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.files import open_regular
from referee.model.core import ERROR_KINDS, Violation
from referee.model.core import unknown as unknown_name
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, iter_lines

if TYPE_CHECKING:
    from referee.replays.validator import FileReport

NO_EXPECT = "the header has no 'expect' field"
"""Why a log is skipped, not failed, by ``referee test`` and the pytest plugin alike: a log
without an expectation is no regression test."""
EXPECT_KEYS = {"valid", "complete", "errors", "scores", "winners"}
ERROR_KEYS = {"line", "seq", "kind", "rule", "player", "message"}


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_expect(expect: Any) -> Violation | None:
    """Schema of the ``expect`` header field."""
    def bad(message: str) -> Violation:
        return Violation("schema", "LOG-EXPECT", f"header: expect: {message}")

    if not isinstance(expect, dict):
        return bad("must be an object")
    unknown = sorted(set(expect) - EXPECT_KEYS)
    if unknown:
        return bad(unknown_name("field", unknown[0], sorted(EXPECT_KEYS)))
    for key in ("valid", "complete"):
        if key in expect and not isinstance(expect[key], bool):
            return bad(f"{key!r} must be true or false")
    errors = expect.get("errors", [])
    if not isinstance(errors, list):
        return bad("'errors' must be a list")
    for i, err in enumerate(errors):
        if not isinstance(err, dict):
            return bad(f"errors[{i}] must be an object")
        extra = sorted(set(err) - ERROR_KEYS)
        if extra:
            return bad(f"errors[{i}]: unknown field {extra[0]!r}")
        for key in ("line", "seq"):
            if key in err and not _int(err[key]):
                return bad(f"errors[{i}].{key} must be an integer")
        if "kind" in err and err["kind"] not in ERROR_KINDS:
            return bad(f"errors[{i}].kind {err['kind']!r} is not one of {', '.join(ERROR_KINDS)}")
        for key in ("rule", "player", "message"):
            if key in err and not (isinstance(err[key], str) or
                                   (key == "rule" and err[key] is None)):
                return bad(f"errors[{i}].{key} must be a string")
    scores = expect.get("scores", {})
    if not isinstance(scores, dict) or not all(_int(v) for v in scores.values()):
        return bad("'scores' must map players to integers")
    winners = expect.get("winners", [])
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        return bad("'winners' must be a list of names")
    return None


def outcome_of(report: FileReport, expect: Mapping[str, Any]) -> dict[str, Any]:
    """The report projected onto what ``expect`` states, for an exact comparison and a diff."""
    out: dict[str, Any] = {}
    for key in ("valid", "complete", "scores", "winners"):
        if key in expect:
            out[key] = getattr(report, key)
    if "winners" in out and out["winners"] is not None:
        out["winners"] = sorted(out["winners"])
    if "errors" in expect:
        listed = expect["errors"]
        projected = []
        for i, err in enumerate(report.errors):
            keys = listed[i].keys() if i < len(listed) else ERROR_KEYS - {"message", "seq"}
            full = err.to_json()
            projected.append({k: full[k] for k in ERROR_KEYS if k in keys})
        out["errors"] = projected
    return out


def _normal(expect: Mapping[str, Any]) -> dict[str, Any]:
    norm = {k: v for k, v in expect.items()}
    if "winners" in norm:
        norm["winners"] = sorted(norm["winners"])
    if "errors" in norm:
        norm["errors"] = [{k: e[k] for k in ERROR_KEYS if k in e} for e in norm["errors"]]
    return norm


def compare(report: FileReport, expect: Mapping[str, Any]) -> list[str]:
    """Empty when the outcome matches; otherwise a unified diff, expectation against outcome."""
    expected = _normal(expect)
    actual = outcome_of(report, expect)
    if expected == actual:
        return []
    a = json.dumps(expected, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    b = json.dumps(actual, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    return list(difflib.unified_diff(a, b, "expected", "outcome", lineterm="", n=2))


def read_expect(path: str | Path, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                ) -> tuple[dict[str, Any] | None, str | None]:
    """(the header's ``expect``, None) or (None, why it cannot be read), from the first line only,
    so that a log whose header is wrong on purpose can still state its expectation."""
    try:
        with open_regular(path) as stream:
            for raw in iter_lines(stream, max_line_bytes):
                if raw.obj is None:
                    return None, "the header cannot be read, so it states no expectation"
                if "expect" not in raw.obj:
                    return None, NO_EXPECT
                problem = check_expect(raw.obj["expect"])
                if problem:
                    return None, problem.message
                return raw.obj["expect"], None
    except OSError as exc:
        return None, f"cannot read the file: {exc.strerror or exc}"
    return None, "empty file"
