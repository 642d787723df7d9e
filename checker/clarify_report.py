"""Running clarification files and rendering the report (text, or the JSON of docs/clarify.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.checker.clarify import (
    DEFAULT_TIMEOUT_MS,
    LIMITED_NOTE,
    ConflictSearch,
    Verdict,
    check_clarifications,
    describe_situation,
)
from referee.checker.clarify_file import ClarificationFile, load_file
from referee.display import visible


@dataclass
class FileReport:
    file: ClarificationFile
    verdicts: list[Verdict]
    search: ConflictSearch

    @property
    def failed(self) -> bool:
        return (any(v.verdict == "contradiction" for v in self.verdicts)
                or bool(self.search.conflicts))

    def to_json(self) -> dict[str, Any]:
        return {"path": self.file.path, "game": self.file.game, "topic": self.file.topic.name,
                "clarifications": [v.to_json() for v in self.verdicts],
                "conflicts": [c.to_json() for c in self.search.conflicts]}


def load_all(paths: Sequence[str]) -> list[ClarificationFile]:
    """Every file read and checked first, so that a bad file stops the run before any work."""
    return [load_file(p) for p in paths]


def check_file(file: ClarificationFile, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> FileReport:
    verdicts, search = check_clarifications(file.topic, file.clarifications, timeout_ms)
    return FileReport(file, verdicts, search)


def exit_status(reports: Sequence[FileReport]) -> int:
    return 1 if any(r.failed for r in reports) else 0


def to_json(reports: Sequence[FileReport]) -> dict[str, Any]:
    return {"files": [r.to_json() for r in reports]}


def to_text(reports: Sequence[FileReport]) -> str:
    lines: list[str] = []
    for report in reports:
        f = report.file
        lines.append(f"{f.path} ({f.game}, topic {f.topic.name}): "
                     f"{len(report.verdicts)} clarification"
                     f"{'' if len(report.verdicts) == 1 else 's'}")
        for v in report.verdicts:
            lines.append(f"  {v.id}: {v.verdict}")
            lines.append(f"    {v.message}")
        for conflict in report.search.conflicts:
            where = describe_situation(conflict.witness)
            rules = f" under {', '.join(conflict.rules)}" if conflict.rules else ""
            lines.append(f"  conflict: {', '.join(conflict.clarifications)} together leave no "
                         f"legal choice{rules}, e.g. with {where}")
        if report.search.limited:
            lines.append(f"  note: {LIMITED_NOTE} for some conflict")
        if not report.search.complete:
            lines.append("  note: the search for conflicts between clarifications reached the "
                         "time limit; more conflicts may exist")
        counts: dict[str, int] = {}
        for v in report.verdicts:
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
        summary = ", ".join(f"{n} {k}" for k, n in counts.items()) or "nothing to check"
        conflicts = len(report.search.conflicts)
        lines.append(f"  summary: {summary}; {conflicts} conflict{'' if conflicts == 1 else 's'}")
    # ids, paths and expressions come from the files: no control character reaches a terminal
    return "\n".join(visible(line) for line in lines)
