"""Z3 in the validator: the cheapest legal payment, and impossible score claims."""

from __future__ import annotations

import json
import random

from referee.replays.validator import validate_file
from referee.replays.writer import header, write_log
from tests.homesteaders_helpers import simulate
from tests.logs import write

HEAD = {"format": "referee-replay", "version": 1, "game": "homesteaders", "players": ["Ann", "Bo"]}


def position(**ann):
    return {**HEAD, "position": {
        "round": 3, "phase": "income", "start_player": "Ann", "tiles": {"2": 11},
        "players": {"Ann": {"silver": 0, "workers": 3, **ann}, "Bo": {"silver": 5}}}}


def test_failed_wage_payment_states_the_cheapest_way(tmp_path):
    rep = validate_file(write(tmp_path / "a.jsonl", position(wood=2, trade=2),
                              {"phase": "bidding"}))
    error = rep.errors[0]
    assert (error.line, error.kind, error.rule) == (2, "illegal", "HS-PAY-AUTO")
    assert error.message.endswith("the cheapest legal payment of 3: take 1 debt (+2 silver), "
                                  "sell 1 wood, then hand over 3 silver")


def test_without_trade_only_debt_helps(tmp_path):
    rep = validate_file(write(tmp_path / "a.jsonl", position(wood=2), {"phase": "bidding"}))
    assert "take 2 debt (+4 silver), then hand over 3 silver" in rep.errors[0].message


def test_failed_build_states_the_cheapest_purchase(tmp_path):
    head = {**HEAD, "position": {
        "round": 1, "phase": "bidding", "start_player": "Ann", "tiles": {"2": 12},
        "players": {"Ann": {"silver": 6, "trade": 1}, "Bo": {"silver": 6}}}}
    rep = validate_file(write(
        tmp_path / "b.jsonl", head,
        {"player": "Ann", "action": "neutral_bid", "auction": 2},
        {"player": "Ann", "action": "bid", "auction": 1, "amount": 3},
        {"player": "Bo", "action": "pass", "reward": "trade"},
        {"phase": "building"},
        {"player": "Ann", "action": "pay_bid", "auction": 1},
        {"player": "Ann", "action": "build", "auction": 1, "building": "farm"}))
    error = rep.errors[0]
    assert (error.line, error.kind, error.rule) == (7, "illegal", "HS-BUILD-COST"), rep.errors
    assert "the cheapest legal way to hold the cost: buy 1 wood" in error.message


def test_impossible_score_claim(tmp_path):
    events = simulate(["Ann", "Bo"], random.Random(5))
    path = write_log(tmp_path / "g.jsonl", header("homesteaders", ["Ann", "Bo"]), events)
    lines = path.read_text().splitlines()
    final = json.loads(lines[-1])
    computed = final["final"]["scores"]["Ann"]
    final["final"]["scores"]["Ann"] = computed + 500
    path.write_text("\n".join([*lines[:-1], json.dumps(final)]) + "\n")
    rep = validate_file(path)
    error = rep.errors[0]
    assert error.kind == "score" and error.line == len(lines)
    assert "impossible: no legal conversion from the scoring position" in error.message
    best = int(error.message.rsplit("the most is ", 1)[1])
    assert computed <= best < computed + 500
    final["final"]["scores"]["Ann"] = best
    path.write_text("\n".join([*lines[:-1], json.dumps(final)]) + "\n")
    errors = validate_file(path).errors
    assert all("impossible" not in e.message for e in errors)
