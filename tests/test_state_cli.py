"""``referee state LOG[:LINE]``: the computed state, its scores at the end, and ``--as-position``
round-tripped for every registered game that has starting positions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.api import validate_text
from referee.cli import app
from referee.games import BUILTIN, registration
from referee.model.core import GAME_EVENTS, seat_names
from referee.replays.envelope import Header
from referee.replays.positions import PositionError, position_header
from referee.replays.simulate import simulate_game
from referee.replays.validator import ReplayPosition, replay_to
from referee.replays.writer import dumps
from tests.logs import TAKE_ANN, TAKE_ANN_LAST, TAKE_BO, nim_game, write

runner = CliRunner()
HS_LOG = "replays/examples/homesteaders-invalid-illegal.jsonl"


def test_text_and_json_after_a_line():
    result = runner.invoke(app, ["state", f"{HS_LOG}:12"])
    assert result.exit_code == 0
    assert "after line 12 (homesteaders, 11 events played)" in result.output
    assert "phase: bidding" in result.output
    data = json.loads(runner.invoke(app, ["state", f"{HS_LOG}:12", "-f", "json"]).output)
    assert data["line"] == 12 and data["over"] is False and data["scores"] is None
    assert data["globals"]["phase"] == "bidding" and data["players"]["Cy"]["silver"] == 7


def test_scores_when_the_game_ended_there():
    data = json.loads(runner.invoke(app, ["state", "replays/examples/homesteaders-2p.jsonl",
                                          "-f", "json"]).output)
    assert data["over"] is True and data["winners"]
    for score in data["scores"].values():
        assert score["total"] == sum(score["parts"].values())
    text = runner.invoke(app, ["state", "replays/examples/homesteaders-2p.jsonl"]).output
    assert "score Ann:" in text and "winners:" in text


@pytest.mark.parametrize(("spec", "message"), [
    (f"{HS_LOG}:13", "13: illegal error"),       # the log fails on that line
    ("replays/examples/homesteaders-2p.jsonl:999", "past the end"),
    ("nowhere.jsonl:3", "cannot read"),
    (f"{HS_LOG}:x", "expected LOG or LOG:LINE"),
])
def test_usage_errors(spec, message):
    result = runner.invoke(app, ["state", spec])
    assert result.exit_code == 2 and message in result.output


def test_as_position_where_the_form_cannot_hold_the_state():
    result = runner.invoke(app, ["state", f"{HS_LOG}:12", "--as-position"])
    assert result.exit_code == 2 and "cannot be written as a position" in result.output


def test_nim_has_no_positions(tmp_path):
    path = write(tmp_path / "n.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST))
    result = runner.invoke(app, ["state", str(path), "--as-position"])
    assert result.exit_code == 2 and "Nim has no starting positions" in result.output


def test_as_position_header_starts_a_valid_log(tmp_path):
    out = tmp_path / "head.jsonl"
    result = runner.invoke(app, ["state", f"{HS_LOG}:11", "--as-position", "-o", str(out)])
    assert result.exit_code == 0
    header = json.loads(out.read_text())
    assert header["position"]["phase"] == "bidding" and "expect" not in header
    rest = Path(HS_LOG).read_text().splitlines()[11:12]  # Bo's opening bid, line 12
    report = validate_text([out.read_text().strip(), *rest])
    assert report.valid, report.errors


def _round_trips(game_name: str, seed: int, limit: int) -> int:
    """Play a simulated game; at up to ``limit`` points where a position can be written, start a
    log there and check it validates to the same observables and scores as the whole game."""
    record = registration(game_name)
    game = record.game()
    players = seat_names(max(game.min_players, 3 if game.max_players >= 3 else 2))
    events = simulate_game(record, players, random.Random(seed))
    lines = [json.dumps({"format": "referee-replay", "version": 1, "game": game_name,
                         "players": players}), *(dumps(e.to_json()) for e in events)]
    end = replay_to_lines(lines)
    state = game.new_state(players)
    header = Header(game_name, tuple(players), game=game, record=record)
    written = []
    for i, event in enumerate(events):
        if not isinstance(event, GAME_EVENTS):
            continue
        game.apply(state, event)
        try:
            head = position_header(ReplayPosition(game, header, state, [], i + 2))
        except PositionError:
            continue
        written.append((i, head))
    assert written, f"no position could be written in a whole {game.title} game"
    step = max(1, len(written) // limit)
    for i, head in written[::step][:limit]:
        log = [json.dumps(head), *lines[i + 2:]]
        report = validate_text(log)
        assert report.valid, (i, report.errors[:1])
        assert report.scores == end["scores"] and report.winners == end["winners"]
        rest = replay_to_lines(log)
        assert rest["observed"] == end["observed"]
    return len(written)


def replay_to_lines(lines: list[str]) -> dict[str, object]:
    import os
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    try:
        reached = replay_to(f.name)
    finally:
        os.unlink(f.name)
    game = reached.game
    return {"observed": game.observe(reached.state),
            "scores": {p: s.total for p, s in game.score(reached.state).items()},
            "winners": list(game.winners(reached.state))}


@pytest.mark.parametrize("game_name", sorted(BUILTIN))
def test_every_game_round_trips_its_positions(game_name):
    assert registration(game_name).position is not None, "every game writes its positions"
    assert _round_trips(game_name, seed=3, limit=6) >= 3


def test_every_turn_start_of_a_pionjar_game_is_written_as_a_position():
    # PJ-POSITION: the bank's totals and a settled player's destination are part of the form, so
    # each state the writer takes (a player's turn about to start) is also rebuilt exactly
    from referee.model.pionjar.position import write_position

    record = registration("pionjar")
    game = record.game()
    players = seat_names(3)
    events = simulate_game(record, players, random.Random(5))
    state = game.new_state(players)
    header = Header("pionjar", tuple(players), game=game, record=record)
    starts = written = 0
    for i, event in enumerate(events):
        if not isinstance(event, GAME_EVENTS):
            continue
        game.apply(state, event)
        try:
            write_position(game, state)
        except ValueError:
            continue
        starts += 1
        position_header(ReplayPosition(game, header, state, [], i + 2))  # raises if it cannot
        written += 1
    assert starts > 50 and written == starts
    assert state.bank_received > 0  # the bank took money in: its totals were in play
