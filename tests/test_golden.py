"""The golden corpus: every expectation holds, every rule id is exercised, and `referee test` and
pytest agree (the corpus itself also runs as pytest items through the plugin)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.games import get_game
from referee.replays.coverage import measure
from referee.replays.discover import find_logs

GOLDEN = Path(__file__).parent / "golden"
runner = CliRunner()


def test_coverage_is_complete_for_every_implemented_game():
    games, files = measure(find_logs([GOLDEN]))
    assert files >= 100
    by_name = {g.game: g for g in games}
    for name in ("homesteaders", "pionjar", "colonists", "format"):
        assert by_name[name].untouched == [], name
    result = runner.invoke(app, ["coverage", str(GOLDEN), "--fail-under", "100"])
    assert result.exit_code == 0, result.output


# The header check refuses a bad player list before the game sees it, and copies come from the
# data: the rulebook setup log exercises both.
SETUP_ONLY = {"HS-SETUP-PLAYERS": "HS-SETUP-legal-from-the-rulebook-setup.jsonl",
              "HS-SETUP-COPIES": "HS-SETUP-legal-from-the-rulebook-setup.jsonl"}


def test_every_rule_has_its_own_golden_log():
    names = {p.name for p in (GOLDEN / "homesteaders").glob("*.jsonl")}
    for rule in get_game("homesteaders").rules.ids():
        if rule in SETUP_ONLY:
            assert SETUP_ONLY[rule] in names
            continue
        assert any(n.startswith(f"{rule}-break-") or n.startswith(f"{rule}-legal-")
                   for n in names), rule


# The header check refuses a player count outside 2..6 (LOG-PLAYERS) before the game sees it.
PJ_UNBREAKABLE = {"PJ-SETUP-PLAYERS"}


def test_every_pionjar_rule_has_its_own_golden_log():
    names = {p.name for p in (GOLDEN / "pionjar").glob("*.jsonl")}
    for rule in get_game("pionjar").rules.ids():
        assert any(n.startswith(f"{rule}-legal-") for n in names) or rule not in PJ_UNBREAKABLE
        if rule in PJ_UNBREAKABLE:
            continue
        assert any(n.startswith(f"{rule}-break-") for n in names), rule


def test_pionjar_golden_logs_meet_their_expectations_and_break_what_they_name():
    from referee.replays.regression import run_expectation

    for path in sorted((GOLDEN / "pionjar").glob("*.jsonl")):
        outcome = run_expectation(path)
        assert outcome.passed, f"{path.name}: {outcome.explain()}"
        expect = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["expect"]
        if "-break-" in path.name:
            assert expect["valid"] is False and len(expect["errors"]) == 1, path.name
            assert {"line", "kind", "rule"} <= set(expect["errors"][0]), path.name
        else:
            assert expect == {"valid": True}, path.name
    result = runner.invoke(app, ["test", str(GOLDEN / "pionjar")])
    assert result.exit_code == 0, result.output


def test_referee_test_and_pytest_agree_and_fail_with_a_diff(tmp_path, pytester):
    corpus = tmp_path / "corpus"
    shutil.copytree(GOLDEN / "homesteaders", corpus)
    result = runner.invoke(app, ["test", str(corpus)])
    assert result.exit_code == 0
    outcome = pytester.runpytest(str(corpus), "-q", "-p", "no:cacheprovider")
    total = len(list(corpus.glob("*.jsonl")))
    outcome.assert_outcomes(passed=total)

    target = corpus / "HS-BID-RAISE-break-equal-bid.jsonl"
    if not target.exists():
        target = sorted(corpus.glob("HS-BID-RAISE-break-*.jsonl"))[0]
    lines = target.read_text().splitlines()
    head = json.loads(lines[0])
    head["expect"]["errors"][0]["rule"] = "HS-BID-LADDER"
    target.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")

    result = runner.invoke(app, ["test", str(corpus)])
    assert result.exit_code == 1
    assert f"FAIL {target}" in result.output
    diff = [ln.strip() for ln in result.output.splitlines()]
    assert any(ln.startswith("-") and "HS-BID-LADDER" in ln for ln in diff)
    assert any(ln.startswith("+") and "HS-BID-RAISE" in ln for ln in diff)
    outcome = pytester.runpytest(str(corpus), "-q", "-p", "no:cacheprovider")
    outcome.assert_outcomes(passed=total - 1, failed=1)
    outcome.stdout.fnmatch_lines(["*outcome differs*", "*-*HS-BID-LADDER*", "*+*HS-BID-RAISE*"])


def test_every_error_names_a_rule():
    from referee.replays.validator import validate_file

    for path in find_logs([GOLDEN, GOLDEN.parent.parent / "replays" / "examples"]):
        for error in validate_file(path).errors:
            assert error.rule, f"{path.name}: line {error.line} {error.kind} names no rule"
