"""``validate --keep-going``: a refused event is skipped and validation goes on (an extension of
the format; off by default)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from referee.cli import app
from referee.replays.validator import validate_file
from tests.logs import TAKE_ANN, TAKE_ANN_LAST, TAKE_BO, nim_game, write

runner = CliRunner()
FINAL = {"final": {"scores": {"Ann": 1, "Bo": 0}, "winners": ["Ann"]}}


def _log(tmp_path):
    # line 5: Ann plays twice (NIM-TURN); line 7: a wrong checkpoint once line 5 is skipped
    return write(tmp_path / "twice.jsonl", *nim_game(TAKE_ANN, TAKE_ANN, TAKE_BO,
                                                     {"check": {"piles": [9]}}, TAKE_ANN_LAST,
                                                     FINAL))


def test_default_stops_at_the_first_stopping_error(tmp_path):
    report = validate_file(_log(tmp_path))
    assert [(e.line, e.rule) for e in report.errors] == [(5, "NIM-TURN")]
    assert "after_error" not in report.errors[0].to_json()


def test_keep_going_skips_the_refused_event(tmp_path):
    report = validate_file(_log(tmp_path), keep_going=True)
    assert [(e.line, e.kind, e.rule, e.after_error) for e in report.errors] == [
        (5, "order", "NIM-TURN", False), (7, "checkpoint", "LOG-CHECK-VALUE", True)]
    # the state went on without line 5, so the game ended on line 8 and the final was read
    assert report.events == 8 and not report.valid
    # scores of a state that skipped an event are not the game's: not reported
    assert report.scores is None and report.complete is False


def test_keep_going_cli_json_and_text(tmp_path):
    path = _log(tmp_path)
    plain = runner.invoke(app, ["validate", str(path), "-f", "json", "-j", "1"])
    going = runner.invoke(app, ["validate", str(path), "-f", "json", "-j", "1",
                                "--keep-going"])
    assert plain.exit_code == going.exit_code == 1
    errors = json.loads(going.output)["files"][0]["errors"]
    assert [e.get("after_error", False) for e in errors] == [False, True]
    assert len(json.loads(plain.output)["files"][0]["errors"]) == 1
    text = runner.invoke(app, ["validate", str(path), "--keep-going", "-j", "1"]).output
    assert "line 7 [checkpoint LOG-CHECK-VALUE]" in text and "(after an earlier error)" in text
    assert "path from the start to line 5" in text


def test_keep_going_on_a_valid_log_changes_nothing(tmp_path):
    path = write(tmp_path / "ok.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST, FINAL))
    assert validate_file(path, keep_going=True).to_json() == validate_file(path).to_json()


def test_keep_going_over_a_pool_matches_one_process(tmp_path):
    for i in range(3):
        _log(tmp_path).rename(tmp_path / f"g{i}.jsonl")
    one = runner.invoke(app, ["validate", str(tmp_path), "-f", "json", "-j", "1", "-k"])
    two = runner.invoke(app, ["validate", str(tmp_path), "-f", "json", "-j", "2", "-k"])
    assert one.output == two.output and one.output.count('"after_error": true') == 3


def test_keep_going_cannot_go_on_without_a_header(tmp_path):
    path = write(tmp_path / "bad.jsonl", "not json", TAKE_ANN)
    report = validate_file(path, keep_going=True)
    assert [e.rule for e in report.errors] == ["LOG-JSON"]
