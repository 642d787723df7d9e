"""Expectations in headers, `referee test`, the pytest plugin and `referee coverage`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.replays.expect import check_expect
from referee.replays.validator import validate_file
from tests.logs import NIM_HEADER, TAKE_ANN, TAKE_ANN_LAST, TAKE_BO, nim_game, write

runner = CliRunner()
FINAL = {"final": {"scores": {"Ann": 1, "Bo": 0}, "winners": ["Ann"]}}


def head(expect):
    return {**NIM_HEADER, "expect": expect}


@pytest.fixture()
def corpus(tmp_path):
    write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST, FINAL,
                                          header=head({"valid": True, "winners": ["Ann"],
                                                       "scores": {"Ann": 1, "Bo": 0}})))
    write(tmp_path / "b.jsonl", *nim_game(TAKE_ANN, TAKE_ANN, header=head(
        {"valid": False, "errors": [{"line": 5, "kind": "order", "rule": "NIM-TURN"}]})))
    write(tmp_path / "c.jsonl", {"format": "referee-replay", "version": 1, "game": "chess",
                                 "players": ["A", "B"], "expect": {"valid": False, "errors": [
                                     {"line": 1, "kind": "schema", "rule": "LOG-HEADER"}]}})
    return tmp_path


def test_expect_is_a_header_extension(tmp_path):
    rep = validate_file(write(tmp_path / "x.jsonl", *nim_game(header=head({"valid": True}))))
    assert rep.valid
    rep = validate_file(write(tmp_path / "y.jsonl", *nim_game(header=head({"valid": 1}))))
    assert [(e.kind, e.rule) for e in rep.errors] == [("schema", "LOG-EXPECT")]


@pytest.mark.parametrize("expect", [[], {"valid": "yes"}, {"errors": {}}, {"errors": [1]},
                                    {"errors": [{"kind": "oops"}]}, {"errors": [{"line": "1"}]},
                                    {"scores": {"Ann": "1"}}, {"winners": "Ann"}, {"other": 1}])
def test_bad_expectations(expect):
    assert check_expect(expect) is not None


def test_referee_test_passes(corpus):
    result = runner.invoke(app, ["test", str(corpus)])
    assert result.exit_code == 0, result.output
    assert result.output.count("PASS") == 3 and "3 passed, 0 failed" in result.output


def test_referee_test_fails_with_a_diff(corpus):
    path = corpus / "b.jsonl"
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["expect"]["errors"][0]["rule"] = "NIM-TAKE"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    result = runner.invoke(app, ["test", str(corpus)])
    assert result.exit_code == 1
    assert "FAIL" in result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert any(ln.startswith("-") and '"rule": "NIM-TAKE"' in ln for ln in lines)
    assert any(ln.startswith("+") and '"rule": "NIM-TURN"' in ln for ln in lines)
    assert "2 passed, 1 failed" in result.output


def test_referee_test_without_expect_fails(tmp_path):
    write(tmp_path / "n.jsonl", *nim_game())
    result = runner.invoke(app, ["test", str(tmp_path)])
    assert result.exit_code == 1 and "no expectation" in result.output


def test_referee_test_junit(corpus, tmp_path):
    out = tmp_path / "t.xml"
    result = runner.invoke(app, ["test", str(corpus), "-f", "junit", "-o", str(out)])
    assert result.exit_code == 0
    assert out.read_text().count("<testcase") == 3


def test_pytest_plugin_collects_and_agrees(corpus, pytester):
    result = pytester.runpytest(str(corpus), "-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3)
    path = corpus / "a.jsonl"
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["expect"]["scores"]["Ann"] = 2
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    result = pytester.runpytest(str(corpus), "-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*outcome differs from the header's expect*",
                                 '*-*"Ann": 2,*', '*+*"Ann": 1,*'])


def test_pytest_plugin_ignores_logs_without_expect(tmp_path, pytester):
    write(tmp_path / "plain.jsonl", *nim_game())
    result = pytester.runpytest(str(tmp_path), "-q", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_coverage(corpus):
    result = runner.invoke(app, ["coverage", str(corpus), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    nim = next(g for g in data["games"] if g["game"] == "nim")
    assert nim["untouched"] == [] and nim["percent"] == 100.0
    assert nim["broken"] == {"NIM-TURN": 1}
    fmt = next(g for g in data["games"] if g["game"] == "format")
    assert fmt["broken"]["LOG-HEADER"] == 1


def test_coverage_fail_under(tmp_path):
    write(tmp_path / "p.jsonl", *nim_game())
    result = runner.invoke(app, ["coverage", str(tmp_path), "--fail-under", "100"])
    assert result.exit_code == 1
    assert "NIM-TAKE" in result.output
    result = runner.invoke(app, ["coverage", str(tmp_path), "--fail-under", "40"])
    assert result.exit_code == 0
