"""``referee state --as-position`` for The Colonists: the position written after any line of a
simulated game (setup, turns, the end of the year, sustenance and the next year's start, later-era
starts, colonies) starts a log that validates to the same end (CO-POSITION)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.api import validate_text
from referee.cli import app
from referee.games import registration
from referee.model.colonists.flow import SETUP_STAGES
from referee.model.colonists.position import ERA_START_STAGES, LATER_SETUP_STAGES
from referee.model.core import GAME_EVENTS, Phase, seat_names
from referee.replays.envelope import Header
from referee.replays.positions import PositionError, position_header
from referee.replays.simulate import simulate_game
from referee.replays.validator import ReplayPosition
from referee.replays.writer import dumps
from tests.test_state_cli import replay_to_lines

RECORD = registration("colonists")
GAME = RECORD.game()
runner = CliRunner()

# (players, options, seed): a one-era game, a two-era game (the change of era), later starts
GAMES = [(2, {"last_era": 1}, 5), (3, {"last_era": 2}, 8), (2, {"first_era": 3}, 4)]
VALIDATED = 8  # points per game whose rest of the log is validated to the end


def _walk(players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    names = seat_names(players)
    events = simulate_game(RECORD, names, random.Random(seed), options)
    head = {"format": "referee-replay", "version": 1, "game": "colonists", "players": names,
            "options": options}
    lines = [json.dumps(head), *(dumps(e.to_json()) for e in events)]
    end = replay_to_lines(lines)
    state = GAME.new_state(names, options)
    header = Header("colonists", tuple(names), options, game=GAME, record=RECORD)
    written: list[tuple[int, dict[str, Any], str]] = []
    refused: set[str] = set()
    markers: set[str] = set()
    for i, event in enumerate(events):
        if not isinstance(event, GAME_EVENTS):
            continue
        GAME.apply(state, event)
        if isinstance(event, Phase):
            markers.add(event.name)
        try:
            position = position_header(ReplayPosition(GAME, header, state, [], i + 2))
        except PositionError:
            refused.add(state.stage)
            continue
        written.append((i, position, state.stage))
    return {"lines": lines, "end": end, "written": written, "refused": refused,
            "markers": markers, "events": sum(isinstance(e, GAME_EVENTS) for e in events)}


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}p-{g[1]}-s{g[2]}")
def walked(request: pytest.FixtureRequest) -> dict[str, Any]:
    players, options, seed = request.param
    return {"options": options, **_walk(players, options, seed)}


def test_a_position_is_written_after_every_line_but_a_later_eras_setup(walked):
    # position_header reads each position back: same observables, same next events
    later = walked["options"].get("first_era", 1) > 1
    # the later era's setup passes through the earlier eras' first steps
    allowed = {*LATER_SETUP_STAGES, *SETUP_STAGES, *ERA_START_STAGES} if later else set()
    assert walked["refused"] <= allowed, walked["refused"]
    if not later:
        assert len(walked["written"]) == walked["events"]
    stages = {stage for _, _, stage in walked["written"]}
    assert {"turn", "act", "end_year", "market_card", "reveal_place", "over"} <= stages
    if not later:
        assert set(SETUP_STAGES) - {"colonies"} <= stages
    assert "sustenance" in walked["markers"]


def test_a_log_started_from_a_written_position_reaches_the_same_end(walked):
    lines, end, written = walked["lines"], walked["end"], walked["written"]
    # the first point of each stage, then evenly spread ones
    firsts = {stage: (i, head) for i, head, stage in reversed(written)}
    step = max(1, len(written) // VALIDATED)
    picked = {i: head for i, head in [*firsts.values(),
                                      *((i, h) for i, h, _ in written[::step])]}
    for i, head in sorted(picked.items()):
        log = [json.dumps(head), *lines[i + 2:]]
        report = validate_text(log)
        assert report.valid, (i, head["position"]["stage"], report.errors[:1])
        assert report.scores == end["scores"] and report.winners == end["winners"], i
        assert replay_to_lines(log)["observed"] == end["observed"], i


def test_positions_with_colonies_and_embassies_round_trip(walked):
    positions = [head["position"] for _, head, _ in walked["written"]]
    assert all(len(p["colonies"]) >= 4 for p in positions if p["stage"] not in SETUP_STAGES)
    if walked["options"].get("first_era", 1) >= 3:
        assert any(any(pl["embassies"] for pl in p["players"].values()) for p in positions)


def test_the_cli_writes_a_colonists_position(tmp_path):
    log = "replays/examples/colonists-2p.jsonl"
    out = tmp_path / "head.jsonl"
    result = runner.invoke(app, ["state", f"{log}:60", "--as-position", "-o", str(out)])
    assert result.exit_code == 0, result.output
    header = json.loads(out.read_text())
    assert header["game"] == "colonists" and "expect" not in header
    assert set(header["position"]["players"]) == {"Ann", "Bo"}
    rest = Path(log).read_text(encoding="utf-8").splitlines()[60:]
    report = validate_text([out.read_text().strip(), *rest])
    assert report.valid, report.errors[:1]


def test_a_later_eras_setup_is_no_position():
    state = GAME.new_state(["Ann", "Bo"], {"first_era": 2})
    assert state.stage in SETUP_STAGES
    with pytest.raises(ValueError, match="set up from the header's options"):
        RECORD.position_writer()(GAME, state)  # type: ignore[misc]
