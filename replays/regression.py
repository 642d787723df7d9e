"""Running a corpus of logs against the verdicts they expect (``referee test`` and pytest)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from referee.replays.expect import NO_EXPECT, compare, read_expect
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES
from referee.replays.validator import FileReport, RuleTally, validate_file


@dataclass
class Outcome:
    path: str
    passed: bool
    problem: str | None = None
    diff: list[str] = field(default_factory=list)
    report: FileReport | None = None
    skipped: bool = False  # no expectation stated: skipped with ``problem`` as the reason

    def explain(self) -> str:
        if self.problem:
            return self.problem
        return "\n".join(self.diff)


def run_expectation(path: str | Path, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                    coverage: RuleTally | None = None) -> Outcome:
    expect, problem = read_expect(path, max_line_bytes)
    if expect is None:
        return Outcome(str(path), False, f"no expectation: {problem}",
                       skipped=problem == NO_EXPECT)
    report = validate_file(path, max_line_bytes, coverage=coverage)
    diff = compare(report, expect)
    return Outcome(str(path), not diff, None, diff, report)
