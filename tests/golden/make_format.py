"""Writes ``tests/golden/format/``: for every rule of the log format (``LOG-...``) a log that
breaks it and, where it permits something, one that uses it; each with its ``expect`` header.

Run from the repository root: ``python tests/golden/make_format.py``. The script validates every
log and stops when an outcome differs from the expectation it writes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.replays.regression import run_expectation

OUT = Path(__file__).parent / "format"
PLAYERS = ["Ann", "Bo"]
SCORING = {"round": 10, "phase": "scoring", "start_player": "Ann",
           "players": {"Ann": {"silver": 6, "vp": 3}, "Bo": {"silver": 2}}}
START = {"round": 1, "phase": "setup", "start_player": "Ann", "players": {}}


def head(expect: dict[str, Any], position: dict[str, Any] | None = None,
         **changes: Any) -> dict[str, Any]:
    obj: dict[str, Any] = {"format": "referee-replay", "version": 1, "game": "homesteaders",
                           "players": PLAYERS, "position": position or SCORING}
    obj.update(changes)
    obj["expect"] = expect
    return obj


def broken(line: int, kind: str, rule: str) -> dict[str, Any]:
    return {"valid": False, "errors": [{"line": line, "kind": kind, "rule": rule}]}


FINAL = {"final": {"scores": {"Ann": 3, "Bo": 0}, "winners": ["Ann"]}}
DEBT = {"player": "Ann", "action": "take_debt", "count": 1}

CASES: dict[str, list[Any]] = {
    "LOG-READ-break-invalid-utf8": [head(broken(2, "syntax", "LOG-READ")),
                                    b'{"note": "caf\xe9", "phase": "scoring"}'],
    "LOG-JSON-break-nan": [head(broken(2, "syntax", "LOG-JSON")), '{"check": {"round": NaN}}'],
    "LOG-JSON-break-duplicate-key": [head(broken(2, "syntax", "LOG-JSON")),
                                     '{"check": {}, "check": {}}'],
    "LOG-HEADER-break-unknown-game": [head(broken(1, "schema", "LOG-HEADER"), game="chess")],
    "LOG-HEADER-break-not-first": [head(broken(3, "schema", "LOG-HEADER")), FINAL,
                                   head({"valid": True})],
    "LOG-PLAYERS-break-player-twice": [head(broken(1, "schema", "LOG-PLAYERS"),
                                            players=["Ann", "Ann"])],
    "LOG-PLAYERS-break-unknown-player": [head(broken(2, "schema", "LOG-PLAYERS")),
                                         {"player": "Zed", "action": "take_debt", "count": 1}],
    "LOG-EVENT-break-two-shapes": [head(broken(2, "schema", "LOG-EVENT")),
                                   {"phase": "scoring", "check": {}}],
    "LOG-EVENT-legal-note": [head({"valid": True, "complete": True}),
                             {**FINAL, "note": "recorded at the table"}],
    "LOG-NUMBER-break-absurd-count": [head(broken(2, "schema", "LOG-NUMBER")),
                                      {"player": "Ann", "action": "take_debt",
                                       "count": 10**15}],
    "LOG-SEQ-legal-increasing": [head({"valid": True}), {"check": {"round": 10}, "seq": 1},
                                 {**DEBT, "seq": 5}, {"undo": 1, "seq": 6},
                                 {**FINAL, "seq": 9}],
    "LOG-SEQ-break-repeated": [head(broken(3, "order", "LOG-SEQ")), {**DEBT, "seq": 4},
                               {**DEBT, "seq": 4}],
    "LOG-UNDO-legal-branch": [head({"valid": True, "scores": {"Ann": 3, "Bo": 0}}), DEBT,
                              {"undo": 1}, {"check": {"Ann": {"debt": 0}}}, FINAL],
    "LOG-UNDO-break-beyond-branch": [head(broken(3, "order", "LOG-UNDO")), DEBT, {"undo": 2}],
    "LOG-CHECK-break-not-an-object": [head(broken(2, "schema", "LOG-CHECK")), {"check": 3}],
    "LOG-CHECK-legal-claim": [head({"valid": True}), {"check": {"Ann": {"vp": 3}}}],
    "LOG-FINAL-break-before-the-end": [head(broken(2, "order", "LOG-FINAL"), position=START),
                                       FINAL],
    "LOG-FINAL-break-not-last": [head(broken(3, "order", "LOG-FINAL")), FINAL, {"check": {}}],
    "LOG-CHECK-VALUE-break-wrong-value": [head(broken(2, "checkpoint", "LOG-CHECK-VALUE")),
                                          {"check": {"Ann": {"vp": 4}}}],
    "LOG-SCORE-legal-claims-compared": [head({"valid": True, "complete": True}),
                                        {"final": {"scores": {"Ann": 3, "Bo": 0}}}],
    "LOG-EXPECT-legal-stated-verdict": [head({"valid": True, "complete": True,
                                              "scores": {"Ann": 3, "Bo": 0},
                                              "winners": ["Ann"]}), FINAL],
}


def line_bytes(line: Any) -> bytes:
    return line if isinstance(line, bytes) else (
        line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)).encode()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, lines in CASES.items():
        path = OUT / f"{name}.jsonl"
        path.write_bytes(b"\n".join(line_bytes(x) for x in lines) + b"\n")
        outcome = run_expectation(path)
        if not outcome.passed:
            raise SystemExit(f"{path}: {outcome.explain()}")
    print(f"{len(CASES)} format logs in {OUT}")


if __name__ == "__main__":
    main()
