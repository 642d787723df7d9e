"""``referee explore`` on the real games: the acceptance runs and counterexample logs the validator
accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee import cli
from referee.commands import explore as explore_command
from referee.replays.validator import validate_file
from referee.replays.writer import header, write_log

if "explore" not in cli.COMMANDS:
    explore_command.register(cli.app)

runner = CliRunner()

def invoke(*args: str) -> Any:
    return runner.invoke(cli.app, ["explore", *args])


def only_log(folder: Path) -> tuple[Path, list[dict[str, Any]]]:
    logs = list(folder.glob("*.jsonl"))
    assert len(logs) == 1, logs
    return logs[0], [json.loads(x) for x in logs[0].read_text(encoding="utf-8").splitlines()]


def test_debt_counterexample_by_breadth_first_search(tmp_path: Path) -> None:
    result = invoke("homesteaders", "--players", "2", "--invariant", "debt <= 1", "--out",
                    str(tmp_path))
    assert result.exit_code == 1, result.output
    assert "breadth-first" in result.stdout
    assert "VIOLATION (expression) at depth 3: debt <= 1 does not hold" in result.stdout
    log, lines = only_log(tmp_path)
    report = validate_file(log)
    assert report.valid, report.to_json()
    assert lines[0]["game"] == "homesteaders" and lines[0]["players"] == ["Ann", "Bo"]
    claims = lines[-1]["check"]
    (_player, values), = claims.items()
    assert values["debt"] > 1
    # shortest: the start player chance, then the same player takes debt twice
    assert [e.get("action", e.get("chance")) for e in lines[1:-1]] == [
        "start_player", "take_debt", "take_debt"]
    assert "debt 1 → 2" in result.stdout  # the trace is shown as a diff


def test_holding_invariant_to_a_depth_exits_0_with_counts() -> None:
    result = invoke("homesteaders", "--players", "2", "--invariant", "workers >= 1",
                    "--depth", "6")
    assert result.exit_code == 0, result.output
    assert "states: 809 distinct" in result.stdout
    assert "result: no violation" in result.stdout
    as_json = invoke("homesteaders", "--players", "2", "--invariant", "workers >= 1",
                     "--depth", "6", "--format", "json")
    data = json.loads(as_json.stdout)
    assert data["result"] == "ok" and data["stopped"] == "exhausted"
    assert data["statistics"]["distinct"] == 809
    assert data["statistics"]["max_depth"] == 6
    assert data["coverage"]["actions"]["allocate"] > 0
    assert "no-negative-holdings" in data["invariants"]  # the game's suite is checked too


def test_bound_on_a_global_quantity() -> None:
    result = invoke("homesteaders", "--players", "2", "--invariant", "round <= 1",
                    "--bound", "round <= 0 and debt <= 1", "--max-states", "5000",
                    "--format", "json")
    data = json.loads(result.stdout)
    # states entering round 1 (or with a second debt) break the bound: checked, not expanded,
    # so round 2 is never reached and the space is finite
    assert result.exit_code == 0, result.output
    assert data["stopped"] == "exhausted"
    assert data["statistics"]["cut_by_bound"] > 0
    assert data["statistics"]["distinct"] < 5000


@pytest.mark.parametrize("strategy", ["dfs", "random"])
def test_other_strategies_write_valid_logs(strategy: str, tmp_path: Path) -> None:
    result = invoke("homesteaders", "--players", "3", "--strategy", strategy, "--seed", "4",
                    "--depth", "12", "--invariant", "silver <= 9", "--out", str(tmp_path))
    assert result.exit_code == 1, result.output
    log, lines = only_log(tmp_path)
    assert validate_file(log).valid
    (_player, values), = lines[-1]["check"].items()
    assert values["silver"] > 9


def test_from_a_position_log(tmp_path: Path) -> None:
    position = {
        "round": 10, "phase": "scoring", "start_player": "Ann", "neutral_level": 5,
        "players": {"Ann": {"silver": 6, "gold": 1, "debt": 3, "trade": 1},
                    "Bo": {"silver": 3, "debt": 1}},
    }
    log = write_log(tmp_path / "end.jsonl", header("homesteaders", ["Ann", "Bo"],
                                                   position=position),
                    [{"player": "Ann", "action": "pay_debt", "count": 1, "gold": 1}])
    assert validate_file(log).valid
    out = tmp_path / "out"
    result = invoke("homesteaders", "--from", f"{log}:2", "--invariant", "debt <= 2",
                    "--invariant", "silver >= 3", "--out", str(out))
    assert result.exit_code == 1, result.output
    found, lines = only_log(out)
    assert lines[0]["position"] == position
    assert lines[1] == {"player": "Ann", "action": "pay_debt", "count": 1, "gold": 1}
    assert validate_file(found).valid


def test_from_an_invalid_log_is_a_usage_error(tmp_path: Path) -> None:
    log = write_log(tmp_path / "bad.jsonl", header("homesteaders", ["Ann", "Bo"]),
                    [{"player": "Ann", "action": "fly"}])
    result = invoke("homesteaders", "--from", str(log))
    assert result.exit_code == 2
    assert result.stderr.startswith("referee: error: --from")


def test_unknown_symbol_names_the_game_symbols() -> None:
    result = invoke("homesteaders", "--invariant", "debts <= 1")
    assert result.exit_code == 2
    assert "'debts <= 1'" in result.stderr and "neutral_level" in result.stderr


def test_pionjar_random_walk_finds_spent_cash(tmp_path: Path) -> None:
    result = invoke("pionjar", "--players", "3", "--strategy", "random", "--seed", "1",
                    "--max-states", "20000", "--invariant", "cash >= 5000", "--out",
                    str(tmp_path))
    assert result.exit_code == 1, result.output
    log, lines = only_log(tmp_path)
    assert validate_file(log).valid
    (_player, values), = lines[-1]["check"].items()
    assert values["cash"] < 5000


def test_pionjar_suite_holds_on_a_short_search() -> None:
    result = invoke("pionjar", "--players", "2", "--depth", "4", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stopped"] == "exhausted" and data["statistics"]["distinct"] > 1


def test_random_walks_stop_at_the_end_of_the_game() -> None:
    result = invoke("homesteaders", "--players", "2", "--strategy", "random", "--seed", "1",
                    "--max-states", "3000", "--format", "json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["statistics"]
    assert stats["walks"] >= 2
    assert stats["terminal"] >= stats["walks"] - 1  # all but the walk cut by --max-states
    assert stats["max_depth"] < 1000
