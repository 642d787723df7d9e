"""pytest plugin: every ``*.jsonl`` replay log is a test item; one whose header states no
``expect`` is skipped with that reason, as ``referee test`` skips it.

Registered through the ``pytest11`` entry point, so ``pytest PATH`` collects logs once referee is
installed; no conftest is needed. ``-p no:referee`` turns it off.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.model.core.deep import collector_paused
from referee.replays.regression import run_expectation

MAX_HEADER_BYTES = 1 << 20


def _is_log(path: Path) -> bool:
    """A replay log: its header names the format, or states an expectation (a header broken on
    purpose may still do so)."""
    try:
        with path.open("rb") as stream:
            for raw in stream:
                if raw.strip():
                    if len(raw) > MAX_HEADER_BYTES:
                        return False
                    with collector_paused():
                        head = json.loads(raw)
                    return isinstance(head, dict) and (
                        "expect" in head or head.get("format") == "referee-replay")
    except (OSError, ValueError, RecursionError):
        return False
    return False


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix == ".jsonl" and _is_log(file_path):
        return ReplayLogFile.from_parent(parent, path=file_path)
    return None


class ReplayLogFile(pytest.File):
    def collect(self) -> Any:
        yield ReplayLogItem.from_parent(self, name="expect")


class ExpectationMismatch(Exception):
    pass


class ReplayLogItem(pytest.Item):
    def runtest(self) -> None:
        outcome = run_expectation(self.path)
        if outcome.skipped:
            pytest.skip(outcome.problem or "no expectation")
        if not outcome.passed:
            raise ExpectationMismatch(outcome.explain())

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ExpectationMismatch):
            return f"{self.path}: the outcome differs from the header's expect\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"replay log {self.path.name}"
