"""The command line end to end, with the Nim fixture game."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from typer.testing import CliRunner

from referee import __version__
from referee.cli import app
from tests.logs import TAKE_ANN, TAKE_ANN_LAST, TAKE_BO, nim_game, write

runner = CliRunner()
FINAL = {"final": {"scores": {"Ann": 1, "Bo": 0}, "winners": ["Ann"]}}


@pytest.fixture()
def corpus(tmp_path):
    write(tmp_path / "a_valid.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST, FINAL))
    write(tmp_path / "b_illegal.jsonl", *nim_game(TAKE_ANN, TAKE_ANN))
    sub = tmp_path / "sub"
    sub.mkdir()
    write(sub / "c_checkpoint.jsonl", *nim_game({"check": {"piles": [9]}}, TAKE_ANN))
    (tmp_path / "ignored.txt").write_text("not a log")
    return tmp_path


def test_version_and_help():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output
    for command in ([], ["validate"], ["graph"], ["rules"]):
        result = runner.invoke(app, [*command, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output


def test_validate_text(corpus):
    result = runner.invoke(app, ["validate", str(corpus)])
    assert result.exit_code == 1
    out = result.output
    assert "✓ valid" in out and "a_valid.jsonl" in out
    assert ("line 5 [order NIM-TURN] Ann: it is Bo's decision, not Ann's (expected a decision "
            "by Bo (take))") in out
    assert "path from the start to line 5" in out
    assert "3 file(s): 1 valid, 2 invalid" in out


def test_validate_json_matches_format(corpus):
    result = runner.invoke(app, ["validate", str(corpus), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["summary"] == {"files": 3, "valid": 1, "invalid": 2, "events": 14}
    names = [f["path"].rsplit("/", 1)[-1] for f in data["files"]]
    assert names == ["a_valid.jsonl", "b_illegal.jsonl", "c_checkpoint.jsonl"]
    first = data["files"][0]
    assert set(first) == {"path", "game", "valid", "complete", "events", "errors", "scores",
                          "winners"}
    assert first["scores"] == {"Ann": 1, "Bo": 0} and first["complete"] is True
    err = data["files"][1]["errors"][0]
    assert err == {"line": 5, "seq": None, "kind": "order", "rule": "NIM-TURN",
                   "player": "Ann", "message": "it is Bo's decision, not Ann's (expected a "
                   "decision by Bo (take))"}
    assert data["files"][2]["errors"][0]["kind"] == "checkpoint"


def test_validate_junit_to_file(corpus, tmp_path):
    out = tmp_path / "report.xml"
    result = runner.invoke(app, ["validate", str(corpus), "-f", "junit", "-o", str(out)])
    assert result.exit_code == 1
    root = ET.parse(out).getroot()
    cases = root.findall(".//testcase")
    assert len(cases) == 3
    assert [c.find("failure") is not None for c in cases] == [False, True, True]


def test_validate_exit_zero_when_all_valid(corpus):
    result = runner.invoke(app, ["validate", str(corpus / "a_valid.jsonl")])
    assert result.exit_code == 0


@pytest.mark.parametrize("args", [["validate", "/no/such/path"], ["validate"],
                                  ["validate", ".", "--format", "yaml"], ["rules", "chess"],
                                  ["graph", "/no/such.jsonl", "-o", "x.dot"]])
def test_usage_errors_exit_2(args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2


def test_empty_folder_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 2
    assert "no *.jsonl logs found" in result.output


def test_usage_error_is_one_line_without_traceback(tmp_path):
    for args in (["validate", "--bogus"], ["validate", str(tmp_path / "missing")], ["nosuch"]):
        proc = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                              text=True, timeout=60)
        assert proc.returncode == 2
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1
        assert proc.stderr.startswith("referee: error:")


@pytest.mark.parametrize("suffix", [".graphml", ".dot", ".json"])
def test_graph_export_with_undo_branches(tmp_path, suffix):
    log = write(tmp_path / "g.jsonl", *nim_game(
        TAKE_ANN, TAKE_BO, {"undo": 1}, {"player": "Bo", "action": "take", "pile": 0,
                                         "count": 1}, TAKE_ANN,
        {"final": {"winners": ["Ann"]}}))
    out = tmp_path / f"graph{suffix}"
    result = runner.invoke(app, ["graph", str(log), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 branch(es)" in result.output
    text = out.read_text()
    if suffix == ".graphml":
        g = nx.read_graphml(out)
        assert g.number_of_nodes() == 7 and g.number_of_edges() == 6
    elif suffix == ".json":
        data = json.loads(text)
        assert len(data["nodes"]) == 7 and len(data["edges"]) == 6
    else:
        assert text.startswith("digraph replay {") and text.count("->") == 6


def test_graph_of_invalid_log_has_error_node(tmp_path):
    log = write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN, TAKE_ANN))
    out = tmp_path / "g.json"
    result = runner.invoke(app, ["graph", str(log), "-o", str(out)])
    assert result.exit_code == 1
    nodes = {n["id"] for n in json.loads(out.read_text())["nodes"]}
    assert "error@5" in nodes


def test_graph_bad_suffix(tmp_path):
    log = write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN))
    result = runner.invoke(app, ["graph", str(log), "-o", str(tmp_path / "g.png")])
    assert result.exit_code == 2


def test_rules_catalogue():
    result = runner.invoke(app, ["rules", "format", "--format", "json"])
    assert result.exit_code == 0
    ids = [r["id"] for r in json.loads(result.output)]
    assert "LOG-FINAL" in ids and "LOG-HEADER" in ids
    result = runner.invoke(app, ["rules", "nim"])
    assert result.exit_code == 0 and "NIM-TAKE" in result.output


@pytest.mark.parametrize("lines, kind, line", [
    (["{not json"], "syntax", 1),
    ([{"format": "referee-replay", "version": 1, "game": "nim", "players": ["Ann", "Ann"]}],
     "schema", 1),
    (nim_game(TAKE_ANN, TAKE_ANN), "order", 5),
    (nim_game({"player": "Ann", "action": "take", "pile": 0, "count": 3}), "illegal", 4),
    (nim_game({"chance": "start_player", "player": "Bo"}), "chance", 4),
    (nim_game({"check": {"piles": [0, 0]}}, TAKE_ANN), "checkpoint", 4),
    (nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST, {"final": {"winners": ["Bo"]}}), "score", 7),
])
def test_every_error_kind_end_to_end(tmp_path, lines, kind, line):
    log = write(tmp_path / "e.jsonl", *lines)
    result = runner.invoke(app, ["validate", str(log), "--format", "json"])
    assert result.exit_code == 1
    error = json.loads(result.output)["files"][0]["errors"][0]
    assert (error["kind"], error["line"]) == (kind, line)
    assert error["rule"]
    text = runner.invoke(app, ["validate", str(log)]).output
    assert f"line {line} [{kind} {error['rule']}]" in text


def test_folder_without_logs_fails_before_any_report(tmp_path):
    write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN))
    empty = tmp_path / "empty"
    empty.mkdir()
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), str(empty), "-f", "json",
                                 "-o", str(out), "--workers", "1"])
    assert result.exit_code == 2
    assert not out.exists() or out.read_text() == ""


def test_one_command_imports_only_its_own_module(tmp_path):
    """`referee --version` loads no command, `referee validate` only its own: start-up is paid
    for what is used; `referee --help` still lists every command."""
    import subprocess
    import sys

    code = ("import sys; from referee.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('referee.commands.')),"
            " file=sys.stderr)")
    log = tmp_path / "one.jsonl"
    log.write_text('{"format": "referee-replay", "version": 1, "game": "homesteaders", '
                   '"players": ["Ann", "Bo"]}\n', encoding="utf-8")

    def loaded(*args: str) -> tuple[str, str]:
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                              text=True, check=True)
        return done.stdout, done.stderr.strip().splitlines()[-1]

    out, mods = loaded("--version")
    assert out.startswith("referee ") and mods == "[]"
    out, mods = loaded("validate", str(log))
    assert "1 valid" in out and mods == "['referee.commands.common', 'referee.commands.validate']"
    out, mods = loaded("--help")
    assert all(name in out for name in ("validate", "explore", "clarify", "show"))
    assert "referee.commands.explore" in mods
