"""``referee clarify`` on the command line: reports, exit statuses, file errors; the audit
helpers for the validator; the verdicts of the shipped examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.checker.topics.homesteaders.audit import cheapest_payment, max_reachable_score
from referee.cli import app

if not any(c.name == "clarify" for c in app.registered_commands):
    from referee.commands.clarify import register

    register(app)

EXAMPLES = Path(__file__).resolve().parents[1] / "checker" / "examples"
runner = CliRunner()


def write(tmp_path: Path, body: str, name: str = "c.toml") -> str:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return str(path)


GOOD = '''game = "homesteaders"
topic = "payment"

[[clarification]]
id = "no-debt-for-bids"
text = "A player may not take debt to pay for a won auction."
when = "silver == 0 and gold == 0 and trade == 0 and cost == 3"
then = "debt_taken == 0"

[[clarification]]
id = "implied"
then = "silver_paid + 5 * gold_paid >= cost"
'''


def test_text_report_and_exit_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["clarify", write(tmp_path, GOOD)])
    assert result.exit_code == 1
    assert "no-debt-for-bids: contradiction" in result.output
    assert ("with silver 0, gold 0, trade 0 and cost 3" in result.output
            and "the rules require debt_taken >= 2" in result.output)
    assert "implied: redundant" in result.output


def test_json_report(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    result = runner.invoke(app, ["clarify", path, "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    (f,) = report["files"]
    assert set(f) == {"path", "game", "topic", "clarifications", "conflicts"}
    assert (f["path"], f["game"], f["topic"]) == (path, "homesteaders", "payment")
    first, second = f["clarifications"]
    assert set(first) == {"id", "verdict", "rules", "witness", "message"}
    assert first["verdict"] == "contradiction" and first["witness"]["cost"] == 3
    assert second == {"id": "implied", "verdict": "redundant", "rules": ["HS-PAY-BID"],
                      "witness": second["witness"], "message": second["message"]}
    assert second["witness"]["cost"] == 0  # the least situation; see test_faults_clarify
    assert f["conflicts"] == []


def test_exit_0_when_consistent(tmp_path: Path) -> None:
    body = (GOOD.split("[[clarification]]")[0]
            + '[[clarification]]\nid = "x"\nthen = "debt_taken <= cost"\n')
    result = runner.invoke(app, ["clarify", write(tmp_path, body)])
    assert result.exit_code == 0, result.output
    assert "x: consistent" in result.output


def test_conflict_exit_1(tmp_path: Path) -> None:
    body = ('game = "homesteaders"\ntopic = "payment"\n'
            '[[clarification]]\nid = "a"\nwhen = "gold >= 1 and cost >= 5"\n'
            'then = "gold_paid >= 1"\n'
            '[[clarification]]\nid = "b"\nwhen = "silver < cost"\nthen = "gold_paid == 0"\n')
    result = runner.invoke(app, ["clarify", write(tmp_path, body), "-f", "json"])
    assert result.exit_code == 1
    conflicts = json.loads(result.output)["files"][0]["conflicts"]
    assert [c["clarifications"] for c in conflicts] == [["a", "b"]]


BAD = [
    ('game = "homesteaders"\ntopic = "payment"\n[[clarification]]\nid = "x"\nthen = "debt_taken ==',
     "not valid TOML"),
    ('game = "homesteaders"\ntopic = "payment"\ncolour = 1\n', "unknown key 'colour'"),
    ('game = "homesteaders"\ntopic = "payment"\n[[clarification]]\nid = "x"\nthen = "True"\n'
     'note = "n"\n', "clarification 'x': unknown key 'note'"),
    ('game = "homesteaders"\ntopic = "payment"\n[[clarification]]\nid = "x"\nthen = "True"\n'
     '[[clarification]]\nid = "x"\nthen = "True"\n', "clarification 'x': duplicate id"),
    ('game = "homesteaders"\ntopic = "weather"\n', "unknown topic 'weather'"),
    ('game = "chess"\ntopic = "payment"\n', "unknown game 'chess'"),
    ('game = "homesteaders"\ntopic = "payment"\n[[clarification]]\nid = "x"\nthen = "mana > 1"\n',
     "clarification 'x': then: unknown name: 'mana'"),
    ('game = "homesteaders"\ntopic = "payment"\n[[clarification]]\nid = "x"\n'
     'when = "__import__(\'os\').system(\'true\')"\nthen = "True"\n',
     "clarification 'x': when: "),
    ('game = "homesteaders"\ntopic = "payment"\n[[clarification]]\nid = "x"\n',
     "missing key 'then'"),
]


@pytest.mark.parametrize(("body", "message"), BAD)
def test_file_errors_exit_2(tmp_path: Path, body: str, message: str) -> None:
    path = write(tmp_path, body)
    result = runner.invoke(app, ["clarify", path])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    err = result.stderr if hasattr(result, "stderr") else result.output
    assert message in err and path in err
    assert len(err.strip().splitlines()) == 1


def test_missing_file_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["clarify", str(tmp_path / "none.toml")])
    assert result.exit_code == 2
    assert "none.toml: missing file" in result.output


def test_help_documents_options() -> None:
    result = runner.invoke(app, ["clarify", "--help"])
    assert result.exit_code == 0
    assert "--timeout-ms" in result.output and "--format" in result.output


def test_timeout_option_gives_unknown(tmp_path: Path) -> None:
    body = ('game = "homesteaders"\ntopic = "payment"\n[[clarification]]\nid = "x"\n'
            'when = "silver >= cost"\nthen = "debt_taken == 0"\n')
    result = runner.invoke(app, ["clarify", write(tmp_path, body), "--timeout-ms", "1"])
    assert result.exit_code == 0
    assert "x: unknown" in result.output


EXPECTED = {
    "start-player-faq.toml": ["contradiction", "contradiction", "redundant", "redundant"],
    "neutral-level.toml": ["contradiction", "redundant", "vacuous", "redundant"],
    "gold-market.toml": ["vacuous", "redundant", "contradiction"],
    "homestead-residential.toml": ["redundant", "contradiction", "redundant"],
    "bids.toml": ["contradiction", "redundant", "redundant", "contradiction"],
    "scoring.toml": ["redundant", "contradiction", "contradiction"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_verdicts(name: str) -> None:
    result = runner.invoke(app, ["clarify", str(EXAMPLES / name), "-f", "json",
                                 "--timeout-ms", "20000"])
    assert result.exit_code == 1
    report = json.loads(result.output)["files"][0]
    assert [c["verdict"] for c in report["clarifications"]] == EXPECTED[name]


def test_cheapest_payment() -> None:
    assert cheapest_payment({"silver": 0}, 3) == (
        "the cheapest legal payment of 3: take 2 debt (+4 silver), then hand over 3 silver")
    text = cheapest_payment({"silver": 1, "gold": 1, "trade": 2, "food": 1}, 8)
    assert text == ("the cheapest legal payment of 8: sell 1 food, then hand over 1 gold "
                    "and 3 silver")
    assert "buy 1 gold" in (cheapest_payment({"silver": 4, "trade": 1}, 5) or "")


def test_max_reachable_score() -> None:
    # pay 1 debt (5 silver), sell the wood (+1 VP), buy a gold with 4 silver (+2 VP)
    hold = {"vp": 3, "silver": 10, "trade": 2, "debt": 2, "wood": 1}
    assert max_reachable_score(hold, 10, 2) == 17
    assert max_reachable_score({"debt": 1}, 0, 0) == -1
    assert max_reachable_score({"gold": 1, "debt": 1}, 0, 0) == 1


def test_max_reachable_score_counts_the_buildings_conversions() -> None:  # HS-CONVERT
    # the Market building's food -> steel (1 trade): steel sells for 3, enough for a gold
    hold = {"silver": 1, "food": 1, "trade": 3}
    market = [("wood", "food"), ("food", "steel")]
    assert max_reachable_score(hold, 0, 0) == 2
    assert max_reachable_score(hold, 0, 0, converts=market) == 3
    # the Bank's trade -> silver pays the last silver of a debt
    hold = {"trade": 3, "debt": 1, "silver": 2}
    assert max_reachable_score(hold, 0, 0) == 0
    assert max_reachable_score(hold, 0, 0, converts=[("trade", "silver")]) == 1
