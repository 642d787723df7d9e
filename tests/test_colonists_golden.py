"""The Colonists' golden corpus and examples: every rule id has its logs, the corpus covers every
rule, each log meets the verdict its header states, and the generator's output is up to date
(writing it again gives the same bytes)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.games import get_game
from referee.replays.coverage import measure
from referee.replays.discover import find_logs
from referee.replays.regression import run_expectation

GOLDEN = Path(__file__).parent / "golden"
CORPUS = GOLDEN / "colonists"
EXAMPLES = Path(__file__).resolve().parents[1] / "replays" / "examples"
runner = CliRunner()

# The header check refuses 0 or 5 players (LOG-PLAYERS) before the game sees them.
UNBREAKABLE = {"CO-SETUP-PLAYERS"}


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    """tests/golden/make_colonists.py, imported as the script sees its neighbours."""
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(GOLDEN))
        return importlib.import_module("make_colonists")


def _names() -> set[str]:
    return {p.name for p in CORPUS.glob("*.jsonl")}


def test_every_colonists_rule_has_a_legal_and_a_breaking_log() -> None:
    names = _names()
    for rule in get_game("colonists").rules.ids():
        assert any(n.startswith(f"{rule}-legal-") for n in names), rule
        if rule not in UNBREAKABLE:
            assert any(n.startswith(f"{rule}-break-") for n in names), rule


def test_the_corpus_covers_every_colonists_rule() -> None:
    games, files = measure(find_logs([CORPUS]))
    colonists = next(g for g in games if g.game == "colonists")
    assert colonists.untouched == []
    assert files == len(_names())
    # the CLI's figure (the log format's own rules are the format corpus's business)
    result = runner.invoke(app, ["coverage", str(CORPUS), "--format", "json"])
    report = {g["game"]: g for g in json.loads(result.output)["games"]}
    assert report["colonists"]["percent"] == 100.0, result.output


def test_golden_logs_meet_their_expectations_and_break_what_they_name() -> None:
    for path in sorted(CORPUS.glob("*.jsonl")):
        outcome = run_expectation(path)
        assert outcome.passed, f"{path.name}: {outcome.explain()}"
        expect = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["expect"]
        if "-break-" in path.name:
            assert expect["valid"] is False and len(expect["errors"]) == 1, path.name
            assert {"line", "kind", "rule"} <= set(expect["errors"][0]), path.name
        else:
            assert expect == {"valid": True}, path.name
    result = runner.invoke(app, ["test", str(CORPUS)])
    assert result.exit_code == 0, result.output


def test_the_examples_meet_their_expectations() -> None:
    paths = sorted(EXAMPLES.glob("colonists-*.jsonl"))
    kinds = set()
    for path in paths:
        outcome = run_expectation(path)
        assert outcome.passed, f"{path.name}: {outcome.explain()}"
        expect = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["expect"]
        kinds |= {e["kind"] for e in expect.get("errors", [])}
        if expect["valid"]:
            assert expect["complete"] is True, path.name
    assert kinds == {"syntax", "schema", "order", "illegal", "chance", "checkpoint", "score"}
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in paths:
        assert f"`{path.name}`" in readme, path.name


def test_the_corpus_is_what_the_generator_writes(generator: ModuleType, tmp_path: Path) -> None:
    cases = generator.golden_cases()
    assert len({c.name for c in cases}) == len(cases)
    for case in cases:
        generator.CASEWORK.write_case(tmp_path, case)
    written = {p.name for p in tmp_path.glob("*.jsonl")}
    assert written == _names()
    for name in sorted(written):
        assert (tmp_path / name).read_bytes() == (CORPUS / name).read_bytes(), name


def test_the_examples_are_what_the_generator_writes(generator: ModuleType,
                                                    tmp_path: Path) -> None:
    generator.write_examples(tmp_path)
    written = {p.name for p in tmp_path.glob("*.jsonl")}
    assert written and written <= {p.name for p in EXAMPLES.glob("colonists-*.jsonl")}
    for name in sorted(written):
        assert (tmp_path / name).read_bytes() == (EXAMPLES / name).read_bytes(), name
