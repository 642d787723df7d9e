"""The text report written without rich (no terminal, no --color) is exactly what rich writes
with styles off: every example log, a spread of golden logs, and hostile text."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from referee.replays.report import TextReporter, plain_console, styled
from referee.replays.validator import validate_file

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted((ROOT / "replays" / "examples").glob("*.jsonl")) + \
    sorted((ROOT / "tests" / "golden").rglob("*.jsonl"))[::9]


def both(paths: list[Path], verbose: bool = False) -> tuple[str, str]:
    reports = [validate_file(p) for p in paths]
    plain, rich = io.StringIO(), io.StringIO()
    direct = TextReporter(plain, verbose=verbose)
    assert direct.console is None
    through = TextReporter(rich, verbose=verbose)
    through.console = plain_console(through.out, False)
    for reporter in (direct, through):
        reporter.begin()
        for report in reports:
            reporter.file(report)
        reporter.end()
    return plain.getvalue(), rich.getvalue()


def test_the_logs_read_the_same_either_way():
    assert len(LOGS) > 40
    plain, rich = both(LOGS, verbose=True)
    assert "✗ invalid" in plain and "✓ valid" in plain
    assert plain == rich


def test_hostile_text_reads_the_same_either_way(tmp_path):
    log = tmp_path / "odd\tname\u202e.jsonl"
    log.write_text('{"format": "referee-replay", "version": 1, "game": "homesteaders", '
                   '"players": ["A\\tnn", "B\\u001b[31mo", "\\u4e2d\\u6587", "x' + "y" * 300
                   + '"]}\n{"action": "\\u0007bid", "player": "A\\tnn"}\n\t \n',
                   encoding="utf-8")
    plain, rich = both([log])
    assert "invalid" in plain and plain == rich


@pytest.mark.parametrize(("env", "expected"), [({}, False), ({"FORCE_COLOR": "1"}, True),
                                               ({"FORCE_COLOR": ""}, False),
                                               ({"TTY_COMPATIBLE": "1"}, True),
                                               ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
                                                False)])
def test_styles_follow_riches_own_terminal_test(monkeypatch, env, expected):
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    out = io.StringIO()
    assert styled(out, None) is expected
    assert plain_console(out).is_terminal is expected
    assert styled(out, True) and not styled(out, False)
