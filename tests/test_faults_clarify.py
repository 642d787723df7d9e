"""Regressions from the fault campaign in ``referee clarify``: bad files are one-line usage
errors (exit 2), hostile expressions are located refusals, and consistent and redundant verdicts
come with a deterministic witness."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.checker import clarify_file
from referee.checker.clarify import TopicChecker
from referee.checker.clarify_file import ClarificationFileError, load_file
from referee.checker.clarify_report import check_file, to_json, to_text
from referee.checker.expr import ExpressionError, parse_expression
from referee.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "checker" / "examples"

GOLD_GIVES_CHANGE = '''game = "homesteaders"
topic = "payment"

[[clarification]]
id = "gold-gives-change"
when = "cost == 3 and silver == 0 and gold == 1"
then = "silver_after == 2"
'''


def _file(tmp_path: Path, body: str, name: str = "c.toml") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def _bid(then: str, when: str | None = None) -> str:
    lines = ['game = "homesteaders"', 'topic = "bid"', "[[clarification]]", 'id = "a"',
             f"then = {json.dumps(then)}"]
    if when is not None:
        lines.append(f"when = {json.dumps(when)}")
    return "\n".join(lines) + "\n"


def _usage_error(result) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("referee: error: ")
    return lines[0]


# --------------------------------------------------------------------------- bad files


@pytest.mark.parametrize("value", ["[" * 5000 + "]" * 5000, "{a = " * 3000 + "1" + "}" * 3000])
def test_deeply_nested_toml_is_a_one_line_usage_error(tmp_path, value):
    path = _file(tmp_path, f'game = "homesteaders"\ntopic = "bid"\nx = {value}\n')
    line = _usage_error(runner.invoke(app, ["clarify", str(path)]))
    assert "nested too deeply" in line and str(path) in line


def test_a_clarification_file_over_the_size_limit_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(clarify_file, "MAX_FILE_BYTES", 1000)
    path = _file(tmp_path, GOLD_GIVES_CHANGE + "#" * 2000 + "\n")
    with pytest.raises(ClarificationFileError,
                       match="more than the 1,000 a clarification file may hold"):
        load_file(path)
    assert "more than the 1,000" in _usage_error(runner.invoke(app, ["clarify", str(path)]))


def test_the_size_limit_is_a_mebibyte():
    assert clarify_file.MAX_FILE_BYTES == 1 << 20


def test_a_fifo_or_a_folder_is_refused_unopened(tmp_path):
    """Opening a FIFO would wait for a writer forever: it is refused on its status."""
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "folder.toml").mkdir()
    for name in ("pipe.toml", "folder.toml"):
        with pytest.raises(ClarificationFileError, match=f"{name}: not a regular file"):
            load_file(tmp_path / name)


@pytest.mark.parametrize("expression", ["x == 1is 1", "1 is 1", '"\\d" == 1', "high == 0x",
                                        "bid == 1_"])
def test_usage_errors_of_expressions_print_no_warning(tmp_path, expression):
    path = _file(tmp_path, _bid(expression))
    result = subprocess.run([sys.executable, "-W", "always", "-m", "referee", "clarify",
                             str(path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: error: "), result.stderr


@pytest.mark.parametrize("expression", ["bid == 3 # or True", "legal #", "# legal"])
def test_a_hash_in_an_expression_is_refused(tmp_path, expression):
    with pytest.raises(ExpressionError, match="'#' is not allowed"):
        parse_expression(expression, {"bid": "int", "legal": "bool"})
    line = _usage_error(runner.invoke(app, ["clarify", str(_file(tmp_path, _bid(expression)))]))
    assert "clarification 'a': then: '#' is not allowed" in line


@pytest.mark.parametrize(("expression", "fragment"), [
    ("bid == " + "9" * 3000, "integer literal larger than"),
    ("bid == " + "9" * 5000, "longer than 4000 characters"),
    ("(" * 300 + "bid" + ")" * 300 + " == 1", "syntax error"),
    ("not " * 900 + "legal", "more than 600 parts"),
    ("-" * 3000 + "bid == 1", "too deeply nested"),
    ("bid" + " + bid" * 600 + " == 1", "more than 600 parts"),
    ("1000000000000 * 1000000000000 == bid", "constant larger than"),
    ("bid == 0x" + "f" * 3000, "integer literal larger than"),
    ("bid ** 99999999 == 1", "operator not allowed"),
    ("abs(" * 150 + "bid" + ")" * 150 + " == 1", "nested more than 100 levels"),
    ("bid", "'bid' is an integer, not a condition (compare it, e.g. bid >= 0)"),
    ("bid + 1", "is an integer, not a condition"),
    ("3", "'3' is an integer, not a condition"),
    ("min(bid, high)", "is an integer, not a condition"),
    # Python would read the full-width name as 'bid': lookalikes are refused, not normalised
    ("\uff42\uff49\uff44 == 1", "only ASCII characters are allowed (found '\uff42', U+FF42, at "
                                   "column 1)"),
    ("bid == 1 and \u0431id == 2", "U+0431, at column 14"),
])
def test_hostile_expressions_are_located_usage_errors(tmp_path, expression, fragment):
    line = _usage_error(runner.invoke(app, ["clarify", str(_file(tmp_path, _bid(expression)))]))
    assert fragment in line
    assert "c.toml: clarification 'a': then: " in line


# --------------------------------------------------------------------------- witnesses


def test_consistent_verdict_shows_the_choice_that_makes_it_so(tmp_path):
    path = _file(tmp_path, GOLD_GIVES_CHANGE)
    text = runner.invoke(app, ["clarify", str(path)])
    assert text.exit_code == 0, text.output
    assert "gold-gives-change: consistent" in text.output
    assert "silver 0, gold 1 and cost 3" in text.output
    assert "debt_taken 1" in text.output and "silver_after 2" in text.output
    data = json.loads(runner.invoke(app, ["clarify", str(path), "-f", "json"]).stdout)
    (verdict,) = data["files"][0]["clarifications"]
    assert verdict["verdict"] == "consistent"
    witness = verdict["witness"]
    assert (witness["cost"], witness["silver"], witness["gold"]) == (3, 0, 1)
    assert witness["debt_taken"] == 1 and witness["silver_after"] == 2


def test_redundant_verdict_shows_a_situation_and_what_the_rules_force(tmp_path):
    path = _file(tmp_path, _bid("not legal", when="bid < 3"))
    result = runner.invoke(app, ["clarify", str(path), "-f", "json"])
    (verdict,) = json.loads(result.stdout)["files"][0]["clarifications"]
    assert verdict["verdict"] == "redundant"
    assert verdict["witness"]["bid"] == 0 and verdict["witness"]["legal"] is False
    assert "for example with bid 0" in verdict["message"]
    assert "the rules force legal to be False" in verdict["message"]


def _reports(paths: list[Path]) -> list[str]:
    reports = [check_file(load_file(p)) for p in paths]
    return [to_text([r]) + json.dumps(to_json([r]), sort_keys=True) for r in reports]


def test_witnesses_are_the_same_run_alone_or_after_other_files(tmp_path):
    examples = sorted(EXAMPLES.glob("*.toml"))
    gold = _file(tmp_path, GOLD_GIVES_CHANGE, "gold.toml")
    together = _reports([*examples, gold])
    for path, text in zip([*examples, gold], together, strict=True):
        assert _reports([path]) == [text], path.name
    assert _reports([gold, *reversed(examples)]) == [together[-1], *reversed(together[:-1])]


def test_witnesses_are_the_same_in_a_fresh_process(tmp_path):
    gold = _file(tmp_path, GOLD_GIVES_CHANGE, "gold.toml")
    files = [str(EXAMPLES / "payment-house-rules.toml"), str(gold)]
    runs = [subprocess.run([sys.executable, "-m", "referee", "clarify", *order, "-f", "json"],
                           capture_output=True, text=True, timeout=300)
            for order in (files, files[::-1])]
    first, second = (json.loads(r.stdout)["files"] for r in runs)
    assert first == second[::-1]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_a_verdict_is_the_same_alone_and_after_other_queries_of_its_checker(path):
    # a checker's solvers are shared by its queries (each inside push/pop): every verdict,
    # witness and message must be the one a fresh checker gives, whatever ran before it
    loaded = load_file(path)
    shared = TopicChecker(loaded.topic)
    before = [shared.verdict(c) for c in reversed(loaded.clarifications)][::-1]
    consistent = [c for c, v in zip(loaded.clarifications, before, strict=True)
                  if v.verdict == "consistent"]
    search = shared.conflicts(consistent)
    for c, first in zip(loaded.clarifications, before, strict=True):
        alone = TopicChecker(loaded.topic).verdict(c)
        assert first == alone, c.id
        assert shared.verdict(c) == alone, c.id
    assert shared.conflicts(consistent) == search
    assert TopicChecker(loaded.topic).conflicts(consistent) == search


def test_a_verdict_cut_short_on_used_solvers_is_taken_again_on_fresh_ones():
    """How long a search takes depends on what the solvers learnt before; a verdict the time
    limit touched is recomputed on fresh solvers, so it never depends on earlier queries."""
    from referee.checker.clarify import Clarification, Verdict
    from referee.checker.topics import get_topic

    topic = get_topic("homesteaders", "payment")

    def clar(cid: str, when: str, then: str) -> Clarification:
        return Clarification(cid, "", parse_expression(when, topic.sorts()),
                             parse_expression(then, topic.sorts()))

    first = clar("a", "True", "debt_taken <= cost")
    second = clar("b", "cost == 3 and silver == 0 and gold == 1", "silver_after == 2")
    shared = TopicChecker(topic)
    shared.verdict(first)

    def cut_short(c: Clarification) -> Verdict:
        shared.limited = True
        return Verdict(c.id, "consistent", [], None, "a witness cut short")

    shared._verdict = cut_short  # type: ignore[method-assign]
    again = shared.verdict(second)
    fresh = TopicChecker(topic).verdict(second)
    assert again.to_json() == fresh.to_json() and "cut short" not in again.message


def test_a_fresh_checker_searches_as_in_a_fresh_process_whatever_the_process_solved():
    """Z3's search depends on the order the terms of its context were made: a checker solves
    in a context of its own, so a fresh checker's search (and so its time within the limit)
    does not depend on the terms and queries the process made before (a verdict of
    `debt-cap` once took over 5 s after other files in one process, and came out unknown)."""
    import z3

    loaded = load_file(EXAMPLES / "payment-house-rules.toml")
    (debt,) = [c for c in loaded.clarifications if c.id == "debt-cap"]

    def search() -> tuple[str, dict[str, float]]:
        checker = TopicChecker(loaded.topic)
        assert checker.plain.ctx is checker.ctx and checker.ctx is not z3.main_ctx()
        verdict = checker.verdict(debt)
        return verdict.verdict, {k: v for k, v in checker.plain.statistics()
                                 if k in ("conflicts", "decisions", "propagations")}

    first = search()
    assert first[0] == "contradiction" and first[1]
    # the process makes other terms and solves other files in between
    x = [z3.Int(f"x{k}") for k in range(500)]
    z3.Solver().check(z3.Sum(x) == 7, *[v >= 0 for v in x])
    for other in sorted(EXAMPLES.glob("*.toml"))[:4]:
        check_file(load_file(other))
    assert search() == first
