"""The game-agnostic validator, driven with the Nim fixture game."""

from __future__ import annotations

from referee.replays.graph import ReplayGraph
from referee.replays.validator import replay_to, validate_file
from tests.logs import NIM_HEADER, TAKE_ANN, TAKE_ANN_LAST, TAKE_BO, nim_game, write

FINAL_OK = {"final": {"scores": {"Ann": 1, "Bo": 0}, "winners": ["Ann"]}}


def errors(report):
    return [(e.line, e.kind, e.rule) for e in report.errors]


def test_complete_valid_game(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST,
                                                               FINAL_OK)))
    assert rep.valid and rep.complete
    assert rep.events == 6
    assert rep.scores == {"Ann": 1, "Bo": 0} and rep.winners == ["Ann"]


def test_partial_game_is_valid_but_incomplete(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN)))
    assert rep.valid and not rep.complete
    assert rep.scores is None


def test_stops_at_first_order_error(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN, TAKE_ANN, "not json")))
    assert errors(rep) == [(5, "order", "NIM-TURN")]
    assert [s.line for s in rep.trail] == [2, 3, 4]


def test_illegal_and_chance_errors(tmp_path, nim):
    rep = validate_file(write(tmp_path / "a.jsonl", *nim_game(
        {"player": "Ann", "action": "take", "pile": 0, "count": 2})))
    assert errors(rep) == [(4, "illegal", "NIM-TAKE")]
    rep = validate_file(write(tmp_path / "b.jsonl", *nim_game(
        {"chance": "start_player", "player": "Bo"})))
    assert errors(rep) == [(4, "chance", "NIM-START")]


def test_checkpoint_errors_do_not_stop(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(
        {"check": {"Ann": {"taken": 3}}}, TAKE_ANN, {"check": {"piles": [0, 0]}}, TAKE_BO,
        TAKE_ANN_LAST, FINAL_OK)))
    assert errors(rep) == [(4, "checkpoint", "LOG-CHECK-VALUE"),
                           (6, "checkpoint", "LOG-CHECK-VALUE")]
    assert rep.complete and rep.scores == {"Ann": 1, "Bo": 0}


def test_check_with_unknown_quantity_is_schema_and_stops(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game({"check": {"gold": 1}}, TAKE_ANN)))
    assert errors(rep) == [(4, "schema", "LOG-CHECK")]


def test_score_and_winner_claims(tmp_path, nim):
    final = {"final": {"scores": {"Ann": 1, "Bo": 1}, "winners": ["Bo"]}}
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST,
                                                               final)))
    assert errors(rep) == [(7, "score", "LOG-SCORE"), (7, "score", "LOG-SCORE")]
    assert "Bo claims 1 but scores 0" in rep.errors[0].message


def test_final_before_end_is_order_error(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN, FINAL_OK)))
    assert errors(rep) == [(5, "order", "LOG-FINAL")]


def test_event_after_final_is_order_error(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(
        TAKE_ANN, TAKE_BO, TAKE_ANN_LAST, FINAL_OK, {"check": {}})))
    assert errors(rep) == [(8, "order", "LOG-FINAL")]


def test_undo_restores_and_branches(tmp_path, nim):
    log = write(tmp_path / "g.jsonl", *nim_game(
        TAKE_ANN, TAKE_BO, {"undo": 1}, {"player": "Bo", "action": "take", "pile": 0,
                                         "count": 1},
        {"check": {"piles": [0, 1], "turn": "Ann"}}, TAKE_ANN,
        {"final": {"scores": {"Ann": 1, "Bo": 0}}}))
    graph = ReplayGraph()
    rep = validate_file(log, graph=graph)
    assert rep.valid and rep.complete, rep.errors
    assert rep.undos == 1
    assert graph.branches == 2
    current = [n for n, d in graph.graph.nodes(data=True) if d["current"]]
    assert len(current) == 6  # start + 5 applied events of the final branch


def test_undo_across_phase_marker_and_too_far(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", *nim_game(
        {"undo": 1}, {"chance": "start_player", "player": "Bo"}, {"phase": "play"},
        {"player": "Bo", "action": "take", "pile": 1, "count": 2})))
    assert rep.valid, rep.errors
    rep = validate_file(write(tmp_path / "h.jsonl", *nim_game({"undo": 2})))
    assert errors(rep) == [(4, "order", "LOG-UNDO")]


def test_seq_must_increase(tmp_path, nim):
    rep = validate_file(write(tmp_path / "g.jsonl", NIM_HEADER,
                              {"chance": "start_player", "player": "Ann", "seq": 5},
                              {"phase": "play", "seq": 5}))
    assert errors(rep) == [(3, "order", "LOG-SEQ")]
    assert rep.errors[0].seq == 5


def test_blank_lines_are_counted(tmp_path, nim):
    log = write(tmp_path / "g.jsonl", NIM_HEADER, "", "   ",
                {"chance": "start_player", "player": "Ann"}, "", TAKE_ANN)
    rep = validate_file(log)
    assert errors(rep) == [(6, "order", "NIM-PHASE")]


def test_replay_to_line(tmp_path, nim):
    log = write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN, TAKE_BO))
    pos = replay_to(log, 4)
    assert pos.state.piles == [1, 1] and len(pos.events) == 3
    pos = replay_to(log)
    assert pos.state.piles == [1, 0]
