"""Which rule a wrong claim cites: a score or winner claim breaks the game's scoring or winner
rule (named by its catalogue), a wrong check value breaks LOG-CHECK-VALUE, a malformed check
line the game's check rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games import get_game
from referee.model.core import Rule, RuleCatalogue
from referee.replays.validator import validate_file
from tests.logs import write

EXAMPLES = Path(__file__).resolve().parents[1] / "replays" / "examples"

# (game, its scoring rule, its winner rule, a valid complete example)
FINAL_RULES = [("homesteaders", "HS-SCORE", "HS-TIE", "homesteaders-3p.jsonl"),
               ("pionjar", "PJ-SCORE-CAPITAL", "PJ-SCORE-CAPITAL", "pionjar-4p.jsonl")]


def _with_final(tmp_path: Path, example: str, final: dict) -> Path:
    lines = (EXAMPLES / example).read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head.pop("expect", None)
    return write(tmp_path / example, head, *lines[1:-1], {"final": final})


@pytest.mark.parametrize(("game", "score_rule", "winner_rule", "example"), FINAL_RULES)
def test_the_catalogue_names_the_scoring_and_winner_rules(game, score_rule, winner_rule,
                                                          example):
    rules = get_game(game).rules
    assert (rules.score_rule, rules.winner_rule) == (score_rule, winner_rule)


@pytest.mark.parametrize(("game", "score_rule", "winner_rule", "example"), FINAL_RULES)
def test_a_wrong_final_breaks_the_games_scoring_and_winner_rules(tmp_path, game, score_rule,
                                                                 winner_rule, example):
    final = json.loads((EXAMPLES / example).read_text(encoding="utf-8").splitlines()[-1])
    scores = final["final"]["scores"]
    last = list(scores)[-1]
    losers = [p for p in scores if p not in final["final"]["winners"]]
    report = validate_file(_with_final(tmp_path, example, {
        "scores": {**scores, last: scores[last] + 1}, "winners": losers}))
    assert [(e.kind, e.rule, e.player) for e in report.errors] == [
        ("score", score_rule, last), ("score", winner_rule, None)]


def test_a_wrong_check_value_is_log_check_value_and_a_malformed_one_the_games_rule(tmp_path):
    position = {"round": 10, "phase": "scoring", "start_player": "Ann",
                "players": {"Ann": {"silver": 6, "vp": 3}, "Bo": {"silver": 2}}}
    head = {"format": "referee-replay", "version": 1, "game": "homesteaders",
            "players": ["Ann", "Bo"], "position": position}
    wrong = validate_file(write(tmp_path / "a.jsonl", head, {"check": {"Ann": {"silver": 7}}}))
    assert [(e.kind, e.rule) for e in wrong.errors] == [("checkpoint", "LOG-CHECK-VALUE")]
    unknown = validate_file(write(tmp_path / "b.jsonl", head, {"check": {"Ann": {"coal": 1}}}))
    assert [(e.kind, e.rule) for e in unknown.errors] == [("schema", "HS-CHECK")]
    typed = validate_file(write(tmp_path / "c.jsonl", head, {"check": {"Ann": {"silver": "6"}}}))
    assert [(e.kind, e.rule) for e in typed.errors] == [("schema", "HS-CHECK")]


def test_a_catalogue_refuses_a_scoring_rule_it_does_not_hold():
    with pytest.raises(ValueError, match="score_rule X-SCORE is not a rule"):
        RuleCatalogue("x", [Rule("X-A", "a rule", "decision: test")], score_rule="X-SCORE")
