"""Expectations in headers, `referee test`, the pytest plugin and `referee coverage`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

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


def test_referee_test_skips_a_log_without_expect(tmp_path):
    write(tmp_path / "n.jsonl", *nim_game())
    result = runner.invoke(app, ["test", str(tmp_path)])
    assert result.exit_code == 0
    assert "SKIP" in result.output and "the header has no 'expect' field" in result.output
    assert "0 passed, 0 failed, 1 skipped" in result.output
    out = tmp_path / "t.xml"
    runner.invoke(app, ["test", str(tmp_path), "-f", "junit", "-o", str(out)])
    suite = ET.parse(out).getroot().find("testsuite")
    assert suite is not None and suite.get("skipped") == "1" and suite.get("failures") == "0"
    skipped = suite.find("testcase/skipped")
    assert skipped is not None and "no 'expect'" in (skipped.get("message") or "")


def test_referee_test_with_a_broken_expect_still_fails(tmp_path):
    header = {**NIM_HEADER, "expect": {"valid": "yes"}}
    write(tmp_path / "n.jsonl", *nim_game(header=header))
    result = runner.invoke(app, ["test", str(tmp_path)])
    assert result.exit_code == 1 and "FAIL" in result.output


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


def test_pytest_plugin_skips_logs_without_expect_as_referee_test_does(tmp_path, pytester):
    write(tmp_path / "plain.jsonl", *nim_game())
    (tmp_path / "other.jsonl").write_text('{"not": "a log"}\n')  # not a replay log: ignored
    result = pytester.runpytest(str(tmp_path), "-q", "-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*no expectation: the header has no 'expect' field*"])


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


def test_junit_has_the_attributes_pytest_writes(corpus, tmp_path):
    out = tmp_path / "v.xml"
    runner.invoke(app, ["validate", str(corpus), "-f", "junit", "-o", str(out), "-j", "1"])
    suite = ET.parse(out).getroot().find("testsuite")
    assert suite is not None
    for attribute in ("name", "tests", "failures", "errors", "skipped", "time", "timestamp",
                      "hostname"):
        assert suite.get(attribute), attribute
    assert suite.get("timestamp", "").count("T") == 1  # ISO 8601, as pytest writes it
    for case in suite.iter("testcase"):
        assert {"classname", "name", "time"} <= set(case.keys())


def test_coverage_credits_positions_checks_and_scoring(tmp_path):
    from referee.model.homesteaders.position import write_position
    from referee.replays.coverage import measure
    from referee.replays.validator import replay_to

    reached = replay_to("replays/examples/homesteaders-invalid-illegal.jsonl", 11)
    position = write_position(reached.game, reached.state)
    header = {"format": "referee-replay", "version": 1, "game": "homesteaders",
              "players": ["Ann", "Bo", "Cy"], "position": position}
    path = write(tmp_path / "p.jsonl", header, {"check": {"round": 1}})
    games, _ = measure([path])
    hs = next(g for g in games if g.game == "homesteaders")
    assert {"HS-POSITION", "HS-CHECK", "HS-SETUP-PLAYERS"} <= set(hs.passed)
    games, _ = measure([Path("replays/examples/homesteaders-2p.jsonl")])
    hs = next(g for g in games if g.game == "homesteaders")
    assert {"HS-SCORE", "HS-TIE"} <= set(hs.passed)


def test_coverage_gate_fails_a_game_at_zero(tmp_path):
    write(tmp_path / "p.jsonl", *nim_game())
    # a game no log names has no row unless required; required, it fails any gate above 0
    result = runner.invoke(app, ["coverage", str(tmp_path), "--game", "homesteaders",
                                 "--fail-under", "1", "-f", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    hs = next(g for g in data["games"] if g["game"] == "homesteaders")
    assert hs["percent"] == 0 and data["ok"] is False
    assert runner.invoke(app, ["coverage", str(tmp_path), "--game", "homestead"]).exit_code == 2


def test_coverage_row_for_a_game_whose_logs_are_all_refused(tmp_path):
    header = {**NIM_HEADER, "options": {"piles": "many"}}  # refused by the game's setup
    write(tmp_path / "bad.jsonl", header)
    result = runner.invoke(app, ["coverage", str(tmp_path), "--fail-under", "1", "-f", "json"])
    data = json.loads(result.output)
    assert any(g["game"] == "nim" for g in data["games"]) and result.exit_code == 1
