"""Regressions from the fault campaign in the reports: any input makes a writable report (lone
surrogates, file names that are not UTF-8, streams of other encodings), well-formed JUnit XML with
pytest's totals, and text output that never parses markup nor lets escapes reach the terminal."""

from __future__ import annotations

import io
import json
import os
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.display import json_text, visible, xml_text
from referee.replays import report as report_module
from referee.replays.report import make_reporter
from referee.replays.validator import ErrorRecord, FileReport, Step
from tests.logs import NIM_HEADER, TAKE_ANN, nim_game, write

runner = CliRunner()

HOSTILE = ("\ud800 lone \udfff surrogates", "esc \x1b[2J clear \x1b]0;title\x07 osc",
           "bell\x07 nul\x00 del\x7f c1\x9b bidi\u202e end", ":thumbs_up: :x: [bold]markup[/]",
           "\\" * 40)


def _report(name: str) -> FileReport:
    return FileReport(
        path=f"games/{name}.jsonl", game="nim", valid=False, complete=False, events=3,
        errors=[ErrorRecord(2, None, "schema", "LOG-PLAYERS", name, f"unknown player {name!r}",
                            json.dumps({"player": name}, ensure_ascii=False))],
        trail=[Step(1, f"{name}: take")])


def _valid(name: str) -> FileReport:
    return FileReport(path=f"{name}.jsonl", game="nim", valid=True, complete=True, events=4,
                      scores={name: 1, "Bo": 0}, winners=[name])


def _strict(encoding: str = "utf-8") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict", newline="")


def _written(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    return stream.buffer.getvalue()  # type: ignore[attr-defined]


def _run_reporter(fmt: str, stream, reports) -> None:
    reporter = make_reporter(fmt, stream, color=False)
    reporter.begin()
    for r in reports:
        reporter.file(r)
    reporter.end()


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_every_report_is_writable_with_lone_surrogates_and_controls(fmt, encoding):
    stream = _strict(encoding)
    reports = [r for name in HOSTILE for r in (_report(name), _valid(name))]
    _run_reporter(fmt, stream, reports)
    data = _written(stream)
    text = data.decode(encoding)
    assert "\x1b" not in text and "\x07" not in text and "\x00" not in text
    if fmt == "json":
        parsed = json.loads(text)
        assert [f["errors"][0]["player"] for f in parsed["files"][::2]] == list(HOSTILE)
    if fmt == "junit":
        ET.fromstring(data)


def test_json_report_of_a_lone_surrogate_reads_back_as_the_same_string():
    assert json.loads(json_text({"p": "\ud800x"})) == {"p": "\ud800x"}
    assert json_text({"p": "Åsa"}) == '{"p": "Åsa"}'
    assert json_text({"p": "Åsa"}, _strict("ascii")) == '{"p": "\\u00c5sa"}'


def test_text_report_shows_escapes_visibly():
    out = io.StringIO()
    _run_reporter("text", out, [_report(HOSTILE[1]), _report(HOSTILE[0]), _report(HOSTILE[2])])
    text = out.getvalue()
    assert "\\x1b[2J" in text and "\\x1b]0;title\\x07" in text
    assert "\\ud800" in text and "\\x00" in text and "\\u202e" in text and "\\x9b" in text
    assert not any(ch in text for ch in "\x1b\x07\x00\x7f\x9b\u202e\ud800")


def test_text_report_shows_markup_and_emoji_codes_as_written():
    out = io.StringIO()
    _run_reporter("text", out, [_report(HOSTILE[3]), _valid(HOSTILE[3])])
    text = out.getvalue()
    assert ":thumbs_up: :x: [bold]markup[/]" in text
    assert "👍" not in text and "❌" not in text


def test_text_report_of_a_line_of_backslashes_is_fast_and_literal(tmp_path):
    log = write(tmp_path / "bs.jsonl", NIM_HEADER, '{"player": "' + "\\" * 20_000 + '"}')
    start = time.perf_counter()
    result = runner.invoke(app, ["validate", str(log)])
    assert time.perf_counter() - start < 10
    assert result.exit_code == 1
    assert "\\" * 100 in result.output


def test_text_report_with_color_on_keeps_user_text_plain():
    out = io.StringIO()
    _run_reporter("text", out, [_report(":x: [red]x[/red]")])
    text = out.getvalue()
    assert "[red]x[/red]" in text and ":x:" in text


def test_visible_and_xml_text_keep_ordinary_text():
    assert visible("Åsa plays\tfirst") == "Åsa plays\\x09first"
    assert xml_text("Åsa\tplays\n") == "Åsa\tplays\n"
    assert xml_text("a\x01b\ud800\ufffe") == "a\\x01b\\ud800\\ufffe"


def test_junit_report_of_control_characters_is_well_formed_xml():
    out = io.StringIO()
    _run_reporter("junit", out, [_report(name) for name in HOSTILE])
    root = ET.fromstring(out.getvalue())
    failures = root.findall(".//failure")
    assert len(failures) == len(HOSTILE)
    assert "\\x1b[2J" in failures[1].get("message")


def test_junit_testsuite_has_pytest_totals_and_case_times():
    out = io.StringIO()
    _run_reporter("junit", out, [_valid("Ann"), _report("Bo"), _report("Cy")])
    root = ET.fromstring(out.getvalue())
    suite = root.find("testsuite")
    assert suite is not None
    assert {k: suite.get(k) for k in ("tests", "failures", "errors", "skipped")} == {
        "tests": "3", "failures": "2", "errors": "0", "skipped": "0"}
    assert float(suite.get("time")) >= 0
    assert root.get("tests") == "3" and root.get("failures") == "2"
    cases = suite.findall("testcase")
    assert len(cases) == 3 and all(float(c.get("time")) >= 0 for c in cases)


def test_junit_report_spools_many_cases_to_a_temporary_file(monkeypatch):
    monkeypatch.setattr(report_module, "SPOOL_BYTES", 256)
    out = io.StringIO()
    _run_reporter("junit", out, [_report(f"p{i}") for i in range(300)])
    root = ET.fromstring(out.getvalue())
    assert root.find("testsuite").get("tests") == "300"
    assert len(root.findall(".//testcase")) == 300


def test_junit_case_time_is_the_validation_time(tmp_path):
    write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN))
    out = tmp_path / "r.xml"
    result = runner.invoke(app, ["validate", str(tmp_path), "-f", "junit", "-o", str(out)])
    assert result.exit_code in (0, 1)
    case = ET.parse(out).getroot().find(".//testcase")
    assert 0 <= float(case.get("time")) < 10


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS file systems refuse such names")
@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_a_file_name_that_is_not_utf8_is_reported_to_an_output_file(tmp_path, fmt):
    name = os.fsdecode(b"bad\xff\x1b.jsonl")
    try:
        write(tmp_path / name, *nim_game(TAKE_ANN))
    except OSError:
        pytest.skip("the file system refuses the name")
    out = tmp_path / "report.out"
    result = runner.invoke(app, ["validate", str(tmp_path), "-f", fmt, "-o", str(out)])
    assert result.exit_code in (0, 1), result.output
    data = out.read_bytes()
    text = data.decode("utf-8")
    assert "\\udcff" in text and "\x1b" not in text
    if fmt == "json":
        assert json.loads(text)["files"][0]["path"].endswith(name)
    if fmt == "junit":
        ET.fromstring(data)


def test_a_file_name_that_is_not_utf8_is_reported_on_standard_output(tmp_path):
    name = os.fsdecode(b"bad\xff.jsonl")
    try:
        write(tmp_path / name, *nim_game(TAKE_ANN))
    except OSError:
        pytest.skip("the file system refuses the name")
    for fmt in ("text", "json", "junit"):
        result = runner.invoke(app, ["validate", str(tmp_path), "-f", fmt])
        assert result.exit_code in (0, 1), result.output
        assert "\\udcff" in result.output


def test_an_output_file_that_cannot_be_made_is_one_line_with_visible_escapes(tmp_path):
    target = tmp_path / os.fsdecode(b"no\xff\x1b/dir/out.json")
    write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN))
    result = runner.invoke(app, ["validate", str(tmp_path / "a.jsonl"), "-o", str(target)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: error: cannot write")
    assert "\x1b" not in result.output


def test_referee_test_text_escapes_what_it_echoes(tmp_path):
    name = "Ann\x1b[2J:x:[bold]"
    header = {**NIM_HEADER, "players": [name, "Bo"], "expect": {"valid": True}}
    write(tmp_path / "t.jsonl", header, {"chance": "start_player", "player": name},
          {"phase": "play"}, {"player": "Bo", "action": "take", "pile": 1, "count": 1})
    result = runner.invoke(app, ["test", str(tmp_path)])
    assert result.exit_code == 1
    assert "\x1b" not in result.output
    assert "FAIL" in result.output


def test_referee_test_junit_has_totals_and_is_well_formed(tmp_path):
    header = {**NIM_HEADER, "players": ["A\x01nn", "Bo"], "expect": {"valid": True}}
    write(tmp_path / "t.jsonl", header, {"chance": "start_player", "player": "Bo"},
          {"phase": "play"}, {"player": "A\x01nn", "action": "take", "pile": 1, "count": 1})
    out = tmp_path / "t.xml"
    result = runner.invoke(app, ["test", str(tmp_path), "-f", "junit", "-o", str(out)])
    assert result.exit_code == 1
    suite = ET.parse(out).getroot().find("testsuite")
    assert suite.get("tests") == "1" and suite.get("failures") == "1"
    assert suite.find("testcase").get("time") is not None


def test_report_paths_given_relative_stay_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(Path("a.jsonl"), *nim_game(TAKE_ANN))
    result = runner.invoke(app, ["validate", "a.jsonl", "-f", "json"])
    assert json.loads(result.output)["files"][0]["path"] == "a.jsonl"


def test_explore_text_and_json_escape_player_names_from_a_log(tmp_path):
    header = {"format": "referee-replay", "version": 1, "game": "homesteaders",
              "players": ["An\x1b]0;t\x07n", "B\ud800o"]}
    log = write(tmp_path / "h.jsonl", header)
    text = runner.invoke(app, ["explore", "homesteaders", "--from", str(log), "--depth", "0"])
    assert text.exit_code in (0, 1), text.output
    assert "\x1b" not in text.output and "An\\x1b]0;t\\x07n" in text.output
    data = runner.invoke(app, ["explore", "homesteaders", "--from", str(log), "--depth", "0",
                               "-f", "json"])
    assert data.exit_code in (0, 1), data.output
    assert "B\ud800o" in json.loads(data.stdout)["players"]


def test_explore_usage_error_with_escapes_is_one_visible_line():
    result = runner.invoke(app, ["explore", "homesteaders", "--invariant", "\x1b[2J\x07 < 1"])
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "\\x1b" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_clarify_text_escapes_ids(tmp_path):
    toml = tmp_path / "c.toml"
    toml.write_text('game = "homesteaders"\ntopic = "bid"\n[[clarification]]\n'
                    'id = "x\\u001b[2J:x:[bold]"\nthen = "True"\n', encoding="utf-8")
    result = runner.invoke(app, ["clarify", str(toml)])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "x\\x1b[2J:x:[bold]" in result.output
    data = runner.invoke(app, ["clarify", str(toml), "-f", "json"])
    assert json.loads(data.stdout)["files"][0]["clarifications"][0]["id"] == "x\x1b[2J:x:[bold]"


def test_coverage_text_is_not_read_as_markup(tmp_path):
    write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN))
    result = runner.invoke(app, ["coverage", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "rule coverage of 1 log(s)" in result.output


def test_json_report_escapes_c1_and_bidirectional_controls():
    value = "x\x85\x9b\x7f\u202e\u2028\ud800"
    stream = _strict("utf-8")
    _run_reporter("json", stream, [_report(value)])
    text = _written(stream).decode("utf-8")
    assert not any(ch in text for ch in "\x85\x9b\x7f\u202e\u2028")
    assert json.loads(text)["files"][0]["errors"][0]["player"] == value
    indented = json_text({"a": [value]}, indent=1)
    assert json.loads(indented) == {"a": [value]} and "\n" in indented


def test_junit_keeps_a_carriage_return_as_a_reference():
    out = io.StringIO()
    _run_reporter("junit", out, [_report("A\rB")])
    assert "\r" not in out.getvalue() and "&#13;" in out.getvalue()
    failure = ET.fromstring(out.getvalue()).find(".//failure")
    assert "A\rB" in failure.text


@pytest.mark.parametrize("suffix", [".graphml", ".dot", ".json"])
def test_replay_graph_of_hostile_names_is_written_and_readable(tmp_path, suffix):
    header = {**NIM_HEADER, "players": ["\ud800A", "B\x01\x1b[2J"]}
    log = write(tmp_path / "g.jsonl", header, {"chance": "start_player", "player": "\ud800A"},
                {"phase": "play"}, {"player": "\ud800A", "action": "take\x07", "pile": 1})
    out = tmp_path / ("graph" + suffix)
    result = runner.invoke(app, ["graph", str(log), "-o", str(out)])
    assert result.exit_code in (0, 1), result.output
    data = out.read_bytes()
    assert b"\x1b" not in data and b"\x07" not in data
    if suffix == ".graphml":
        ET.fromstring(data)
    elif suffix == ".json":
        json.loads(data)


def test_counterexample_log_of_a_player_named_with_a_lone_surrogate_is_written(tmp_path):
    header = {"format": "referee-replay", "version": 1, "game": "homesteaders",
              "players": ["\ud800A", "Bo"]}
    log = write(tmp_path / "h.jsonl", header)
    out = tmp_path / "ce"
    result = runner.invoke(app, ["explore", "homesteaders", "--from", str(log), "--invariant",
                                 "debt <= -1", "--max-states", "20", "--out", str(out)])
    assert result.exit_code == 1, result.output
    (written,) = out.glob("*.jsonl")
    assert json.loads(written.read_bytes().splitlines()[0])["players"][0] == "\ud800A"
