"""``referee explore colonists``: from the setup and from a log's line, with the invariant suite,
user invariants and a bound on the era; counterexample logs the validator accepts; perft counts
(distinct states within a few events) pinned from the setup and from a small position."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee import cli
from referee.checker.explorer import ExploreConfig, Explorer, start_from_setup
from referee.commands import explore as explore_command
from referee.invariants import suite
from referee.model.colonists import GAME
from referee.model.colonists.state import Built, ColonistsState
from referee.model.core import ignore
from referee.replays.validator import validate_file
from tests.colonists_position_helpers import BOARD
from tests.logs import write
from tests.plain_search import distinct_states

if "explore" not in cli.COMMANDS:
    explore_command.register(cli.app)

runner = CliRunner()
COLONIES = ["altruist", "industrialist", "lord", "trader"]
# The first turn of a two-player game of Era I on a board of twenty tiles: Ann's Steward on the
# first Market, Bo's on the Riverbank Grove next to it.
FIRST_TURN: dict[str, Any] = {
    "era": 1, "year": 1, "stage": "turn", "board": copy.deepcopy(BOARD), "colonies": COLONIES,
    "players": {"Ann": {"filled": True, "goods": {"wood": 2, "clay": 1, "food": 1},
                        "stewards": [[0, 0]]},
                "Bo": {"filled": True, "goods": {"wood": 3, "food": 1}, "stewards": [[1, 1]]}}}
SETUP = [1, 127, 379, 3151]          # 2 players: the colonies, the start player, the first draw
# decisions listed include one-good discards by the player deciding (Move `discard`)
FIRST_TURN_COUNTS = [1, 9, 30, 110, 1475]


def invoke(*args: str) -> Any:
    return runner.invoke(cli.app, ["explore", "colonists", *args])


def header(position: dict[str, Any], last_era: int = 1) -> dict[str, Any]:
    return {"format": "referee-replay", "version": 1, "game": "colonists",
            "players": ["Ann", "Bo"], "options": {"last_era": last_era},
            "position": copy.deepcopy(position)}


def only_log(folder: Path) -> tuple[Path, list[dict[str, Any]]]:
    logs = list(folder.glob("*.jsonl"))
    assert len(logs) == 1, logs
    return logs[0], [json.loads(x) for x in logs[0].read_text(encoding="utf-8").splitlines()]


def perft(start: Any, depth: int) -> int:
    return Explorer(start, ExploreConfig(depth=depth, max_states=None)).run().stats.distinct


# --------------------------------------------------------------------------- the command


def test_from_the_setup_with_the_invariant_suite() -> None:
    result = invoke("--depth", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "breadth-first from the setup" in out
    for name in ("pool-fits-storage", "buffers-within-batches", "score-sums-parts"):
        assert name in out
    assert f"states: {SETUP[2]} distinct" in out
    assert "search: exhausted" in out and "result: no violation" in out


def test_a_user_invariant_gives_a_counterexample_log_that_validates(tmp_path: Path) -> None:
    log = write(tmp_path / "first.jsonl", header(FIRST_TURN))
    out = tmp_path / "found"
    result = invoke("--from", str(log), "--invariant", "wood <= 3", "--out", str(out))
    assert result.exit_code == 1, result.output
    assert "VIOLATION (expression) at depth 2: wood <= 3 does not hold for Ann" in result.stdout
    found, lines = only_log(out)
    report = validate_file(found)
    assert report.valid, report.to_json()
    assert lines[0]["position"] == FIRST_TURN
    assert lines[-1]["check"]["Ann"]["wood"] > 3
    assert [e.get("action") for e in lines[1:-1]] == ["move", "gather"]


def test_game_options_of_a_start_from_the_setup(tmp_path: Path) -> None:
    # --option: a one-era game from the setup; the counterexample's header carries the option
    out = tmp_path / "found"
    result = invoke("-O", "last_era=1", "--depth", "3", "--invariant", "era >= 2", "--out",
                    str(out))
    assert result.exit_code == 1, result.output
    found, lines = only_log(out)
    assert lines[0]["options"] == {"last_era": 1} and validate_file(found).valid
    result = invoke("-O", "last_era=7", "--depth", "1")
    assert result.exit_code == 2 and "option 'last_era' must be 1 to 4, found 7" in result.stderr
    result = invoke("-O", "last_era=1", "--from", str(found))
    assert result.exit_code == 2 and "with --from the log's header gives them" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_from_a_line_of_a_log(tmp_path: Path) -> None:
    """The log's events up to the line come first in the counterexample, which validates."""
    state = GAME.new_state(["Ann", "Bo"], {"last_era": 1}, FIRST_TURN)
    events = []
    for _ in range(2):  # Ann's first move and its action, as the engine lists them
        event = GAME.legal_actions(state)[0]
        GAME.apply(state, event)
        events.append(event.to_json())
    log = write(tmp_path / "game.jsonl", header(FIRST_TURN), *events)
    out = tmp_path / "found"
    result = invoke("--from", f"{log}:3", "--invariant", "hand <= 1", "--out", str(out))
    assert result.exit_code == 1, result.output
    found, lines = only_log(out)
    assert lines[1:3] == events
    assert validate_file(found).valid
    json_result = invoke("--from", f"{log}:2", "--depth", "1", "--format", "json")
    data = json.loads(json_result.stdout)
    assert data["from"] == f"{log}:2" and data["result"] == "ok"


def test_a_bound_on_the_era_stops_the_search_at_the_next_era(tmp_path: Path) -> None:
    end = {**copy.deepcopy(FIRST_TURN), "year": 5, "stage": "end_year",
           "piles": {"places": []}}
    log = write(tmp_path / "end.jsonl", header(end, last_era=2))
    result = invoke("--from", str(log), "--bound", "era <= 1", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["statistics"]["cut_by_bound"] >= 1
    assert data["stopped"] == "exhausted"
    unbounded = invoke("--from", str(log), "--depth", "2", "--format", "json")
    assert json.loads(unbounded.stdout)["statistics"]["cut_by_bound"] == 0


def test_a_bound_on_the_year_from_the_last_turn_of_a_year(tmp_path: Path) -> None:
    late = {**copy.deepcopy(FIRST_TURN), "half": "winter", "turn": "Bo", "turns_done": 2,
            "start_player": "Ann"}
    late["players"]["Bo"]["started"] = [[1, 1]]
    log = write(tmp_path / "late.jsonl", header(late))
    result = invoke("--from", str(log), "--bound", "year <= 1", "--depth", "8",
                    "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["statistics"]["cut_by_bound"] >= 1, data["statistics"]
    assert data["coverage"]["actions"].get("phase:sustenance", 0) >= 1


def test_random_walks_write_valid_counterexamples(tmp_path: Path) -> None:
    log = write(tmp_path / "first.jsonl", header(FIRST_TURN))
    out = tmp_path / "found"
    result = invoke("--from", str(log), "--strategy", "random", "--seed", "3",
                    "--invariant", "year <= 1", "--out", str(out))
    assert result.exit_code == 1, result.output
    found, lines = only_log(out)
    assert validate_file(found).valid
    assert lines[-1]["check"]["year"] == 2


# --------------------------------------------------------------------------- the suite in a search


def _corrupting_gather(monkeypatch: pytest.MonkeyPatch,
                       corrupt: Callable[[ColonistsState], None]) -> None:
    """Every Gather action also corrupts Ann's community (as a faulty move would)."""
    apply = GAME.apply

    def faulty(state: ColonistsState, event: Any, note: Any = ignore) -> None:
        apply(state, event, note)
        if getattr(event, "name", None) == "gather":
            corrupt(state)

    monkeypatch.setattr(GAME, "apply", faulty)


def _extra_library(s: ColonistsState) -> None:
    s.p[0].buildings.extend([Built("library"), Built("library")])
    s.p[0].changed()  # buildings changed, as a move says


@pytest.mark.parametrize(("corrupt", "name"), [
    (_extra_library, "buildings-within-limits"),
    (lambda s: s.p[0].stored.__setitem__("wood", 9), "pool-fits-storage"),
    (lambda s: s.p[0].buffered.__setitem__("wood", 9), "buffers-within-batches"),
])
def test_a_move_that_corrupts_a_community_is_caught_after_its_parent_derived_values(
        monkeypatch: pytest.MonkeyPatch, corrupt: Callable[[ColonistsState], None],
        name: str) -> None:
    """The search runs the invariants that keep derived values on each state it expands, and
    the successors' copies inherit them: the corrupted successor is still caught."""
    _corrupting_gather(monkeypatch, corrupt)
    start = start_from_setup(GAME, ["Ann", "Bo"], {"last_era": 1}, FIRST_TURN)
    found = Explorer(start, ExploreConfig(depth=3)).run().counterexample
    assert found is not None and (found.kind, found.name) == ("invariant", name), found
    assert [e.name for e in found.events] == ["move", "gather"]


def test_the_suite_s_derived_values_leave_the_search_as_it_was() -> None:
    plain = [dataclasses.replace(inv, derives=False) for inv in suite("colonists")]
    assert any(inv.derives for inv in suite("colonists"))
    start = start_from_setup(GAME, ["Ann", "Bo"], {"last_era": 1}, FIRST_TURN)
    runs = [Explorer(start, ExploreConfig(depth=3, suite=chosen)).run()
            for chosen in (plain, None)]
    assert [(r.stats.distinct, r.stats.generated, r.stopped, r.stats.rules) for r in runs] == \
        [(FIRST_TURN_COUNTS[3], runs[0].stats.generated, "exhausted", runs[0].stats.rules)] * 2


# --------------------------------------------------------------------------- perft


@pytest.mark.parametrize("depth", range(len(SETUP) - 1))
def test_perft_from_the_setup(depth: int) -> None:
    start = start_from_setup(GAME, ["Ann", "Bo"])
    assert perft(start, depth) == SETUP[depth]


@pytest.mark.parametrize("depth", range(len(FIRST_TURN_COUNTS)))
def test_perft_from_the_first_turn(depth: int) -> None:
    start = start_from_setup(GAME, ["Ann", "Bo"], {"last_era": 1}, FIRST_TURN)
    assert perft(start, depth) == FIRST_TURN_COUNTS[depth]


def test_perft_counts_agree_with_a_plain_search() -> None:
    setup = GAME.new_state(["Ann", "Bo"])
    assert distinct_states(GAME, setup, 3) == SETUP[3]
    first = GAME.new_state(["Ann", "Bo"], {"last_era": 1}, FIRST_TURN)
    assert distinct_states(GAME, first, 4) == FIRST_TURN_COUNTS[4]
