"""``explore --bound`` is repeatable: every bound applies (a state breaking any is not
expanded), and an error names the bound it is in."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def explore(*bounds: str):
    args = ["explore", "nim", "--format", "json"]
    for bound in bounds:
        args += ["--bound", bound]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_every_bound_applies(nim):
    alone = [explore("left >= 8")["statistics"], explore("taken <= 2")["statistics"]]
    both = explore("left >= 8", "taken <= 2")
    assert both["limits"]["bound"] == "(left >= 8) and (taken <= 2)"
    stats = both["statistics"]
    assert stats["distinct"] <= min(s["distinct"] for s in alone)
    assert stats["distinct"] < max(s["distinct"] for s in alone)
    assert stats["cut_by_bound"] >= 1


def test_a_bad_bound_is_named(nim):
    result = runner.invoke(app, ["explore", "nim", "--bound", "left >= 1", "--bound", "pile > 1"])
    assert result.exit_code == 2 and "--bound 'pile > 1'" in result.stderr
