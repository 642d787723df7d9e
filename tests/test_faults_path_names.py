"""Regressions from the fault campaign in naming files: a path the system cannot look up (a name
longer than the file system allows, a file used as a folder, a line number written in other
digits) is a one-line usage error with exit status 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli import main
from referee.files import path_kind
from referee.model.core.names import decimal
from tests.logs import TAKE_ANN, nim_game, write

LONG = "a" * 300  # longer than the 255 bytes a name may have


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    with pytest.raises(SystemExit) as done:
        main(argv)
    err = capsys.readouterr().err
    return int(done.value.code or 0), err


@pytest.mark.parametrize("argv", [
    ["validate", "{long}"],
    ["validate", "{file}/inside.jsonl"],
    ["test", "{long}"],
    ["coverage", "{long}"],
    ["state", "{long}:3"],
    ["state", "{long}"],
    ["graph", "{long}", "-o", "{tmp}/g.json"],
    ["explore", "homesteaders", "--from", "{long}:3"],
    ["validate", "{file}", "--data", "{long}"],
])
def test_a_path_the_system_refuses_is_a_usage_error(argv: list[str], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    log = write(tmp_path / "game.jsonl", *nim_game(TAKE_ANN))
    names = {"long": str(tmp_path / LONG), "file": str(log), "tmp": str(tmp_path)}
    status, err = run([a.format(**names) for a in argv], capsys)
    assert status == 2
    assert err.startswith("referee: error:") and err.count("\n") == 1
    assert "Traceback" not in err


def test_a_line_number_in_other_digits_is_a_usage_error(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = write(tmp_path / "game.jsonl", *nim_game(TAKE_ANN))
    for line in ("²", "٣", "9" * 5000):
        status, err = run(["state", f"{log}:{line}"], capsys)
        assert status == 2 and "line number" in err and len(err) < 400


def test_path_kind_names_what_a_path_is(tmp_path: Path) -> None:
    log = write(tmp_path / "game.jsonl", *nim_game(TAKE_ANN))
    assert path_kind(tmp_path) == "dir" and path_kind(log) == "file"
    assert path_kind(tmp_path / LONG) == "missing"
    assert path_kind(f"{log}/inside") == "missing" and path_kind("a\0b") == "missing"


def test_decimal_reads_only_ascii_digits() -> None:
    assert decimal("0") == 0 and decimal("042") == 42 and decimal("123456789") == 123456789
    assert decimal("1234567890") is None  # longer than 9 digits
    assert decimal("12", 1) is None
    for text in ("", "²", "٣", "1.5", "-1", " 1", "1e3"):
        assert decimal(text) is None


def test_explore_from_a_device_says_it_is_not_a_regular_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(["explore", "homesteaders", "--from", "/dev/null"], capsys)
    assert status == 2 and "'/dev/null': not a regular file" in err
