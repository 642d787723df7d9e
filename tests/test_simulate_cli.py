"""`referee simulate`: deterministic, valid logs."""

from __future__ import annotations

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def test_simulate_is_deterministic_and_valid(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        result = runner.invoke(app, ["simulate", "homesteaders", "--players", "3", "--games", "3",
                                     "--seed", "11", "--out", str(out)])
        assert result.exit_code == 0, result.output
    files = sorted(p.name for p in a.iterdir())
    assert len(files) == 3
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes()
    result = runner.invoke(app, ["validate", str(a)])
    assert result.exit_code == 0, result.output
    assert "3 valid, 0 invalid" in result.output
    lines = (a / files[0]).read_text().splitlines()
    assert sum('"check"' in line for line in lines) >= 10
    assert lines[-1].startswith('{"final"')


def test_simulate_other_seed_differs(tmp_path):
    for seed in ("1", "2"):
        runner.invoke(app, ["simulate", "homesteaders", "-p", "2", "-s", seed, "-o",
                            str(tmp_path / seed)])
    a = next((tmp_path / "1").iterdir()).read_text()
    b = next((tmp_path / "2").iterdir()).read_text()
    assert a.splitlines()[1:] != b.splitlines()[1:]


def test_simulate_usage_errors(tmp_path):
    assert runner.invoke(app, ["simulate", "homesteaders", "-p", "5"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "chess"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "homesteaders", "--data", str(tmp_path)]).exit_code == 2
