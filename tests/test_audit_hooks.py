"""Z3 in the validator: the cheapest legal payment, and impossible score claims."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import z3

from referee.checker.topics.homesteaders import audit
from referee.model.core import Action
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


# --------------------------------------------------------------------------- the score audit


def scoring_log(tmp_path, name: str, ann: dict, *events: dict,
                claim: int | None = None) -> tuple[object, int]:
    """A log from a scoring position, Ann claiming ``claim`` (default: one point more than she
    scores)."""
    from referee.model.homesteaders import GAME

    head = {**HEAD, "position": {"round": 10, "phase": "scoring", "start_player": "Ann",
                                 "players": {"Ann": {"silver": 6, **ann}, "Bo": {"silver": 5}}}}
    state = GAME.new_state(["Ann", "Bo"], position=head["position"])
    for ev in events:
        GAME.step(state, Action.from_json(ev))
    scores = {p: s.total for p, s in GAME.score(state).items()}
    claimed = {**scores, "Ann": scores["Ann"] + 1 if claim is None else claim}
    path = write(tmp_path / name, head, *events, {"final": {"scores": claimed}})
    return path, scores["Ann"]


def test_hs_score_audit_of_a_billion_debt_uses_the_closed_form(tmp_path):
    # take_debt may take a billion chits at once, and any claim above the score (here 0: a
    # final score is within the log's number limits) sets off the audit, whose encoding must
    # not grow with the debt
    path, _ = scoring_log(tmp_path, "billion.jsonl", {"vp": 6},
                          {"player": "Ann", "action": "take_debt", "count": 1_000_000_000},
                          claim=0)
    start = time.perf_counter()
    error = validate_file(path).errors[0]
    assert time.perf_counter() - start < 30
    # the most: pay off all the debt 5 silver each buys, the rest costs 1, 2, 3, ... points
    left = 1_000_000_000 - (6 + 2_000_000_000) // 5
    best = 6 - left * (left + 1) // 2
    assert (error.kind, error.rule) == ("score", "HS-SCORE")
    assert error.message.endswith(f"reaches 0; the most is {best}")


def test_hs_score_audit_with_100000_debt_in_the_position(tmp_path):
    path, _ = scoring_log(tmp_path, "debt.jsonl", {"vp": 6, "debt": 100_000}, claim=0)
    start = time.perf_counter()
    error = validate_file(path).errors[0]
    assert time.perf_counter() - start < 30
    left = 100_000 - 6 // 5
    assert error.message.endswith(f"the most is {6 - left * (left + 1) // 2}")


def test_audits_refuse_an_encoding_past_the_size_limit(monkeypatch, tmp_path):
    monkeypatch.setattr(audit, "MAX_TERMS", 10)
    assert audit.max_reachable_score({"silver": 10, "debt": 2}, 0, 0) is None
    assert audit.cheapest_payment({"silver": 0}, 3) is None
    path, _ = scoring_log(tmp_path, "small.jsonl", {"vp": 6, "debt": 2})
    error = validate_file(path).errors[0]
    assert error.kind == "score" and "impossible" not in error.message


def test_audits_give_up_at_their_time_limit():
    hold = {"silver": 40, "gold": 3, "trade": 6, "debt": 9, "wood": 2, "copper": 2}
    assert audit.max_reachable_score(hold, 5, 2, timeout_ms=20000) is not None
    # a limit of 1 ms ends the search before a maximum is proven: no claim is made then
    results = {audit.max_reachable_score(hold, 5, 2, timeout_ms=1) for _ in range(3)}
    assert results <= {None, audit.max_reachable_score(hold, 5, 2, timeout_ms=20000)}


def _per_unit_maximum(hold: dict[str, int], building_vp: int, bonus_vp: int) -> int:
    """The maximum by the former encoding, one term per unit of debt (small debts only)."""
    from referee.model.homesteaders.data import RESOURCES, load_data

    data = load_data()
    h = {k: hold.get(k, 0) for k in ("vp", "silver", "gold", "trade", "debt", *RESOURCES)}
    buy = {r: z3.Int(f"b_{r}") for r in RESOURCES}
    sell = {r: z3.Int(f"s_{r}") for r in RESOURCES}
    ps, pg = z3.Ints("ps pg")
    opt = z3.Optimize()
    opt.add(*[c >= 0 for c in (*buy.values(), *sell.values(), ps, pg)])

    def flow(prices, counts, currency):
        return z3.Sum(z3.IntVal(0), *[a * counts[r] for r, (c, a) in prices.items()
                                      if c == currency])

    sales = z3.Sum(*sell.values())
    after = {r: h[r] + buy[r] - sell[r] for r in RESOURCES}
    after["gold"] = (after["gold"] + flow(data.sell_price, sell, "gold")
                     - flow(data.buy_price, buy, "gold") - data.debt_payoff_gold * pg)
    debt = h["debt"] - ps - pg
    opt.add(h["trade"] - data.market_trade_cost * (z3.Sum(*buy.values()) + sales) >= 0,
            h["silver"] + flow(data.sell_price, sell, "silver")
            - flow(data.buy_price, buy, "silver") - data.debt_payoff_silver * ps >= 0,
            debt >= 0, *[a >= 0 for a in after.values()])
    penalty = z3.IntVal(0)
    for n in range(h["debt"], 0, -1):
        penalty = z3.If(debt == n, data.debt_step * n * (n + 1) // 2, penalty)
    score = (h["vp"] + data.sale_vp * sales + building_vp + bonus_vp - penalty
             + z3.Sum(*[p * after[r] for r, p in data.end_vp_per_resource.items()]))
    best = opt.maximize(score)
    assert opt.check() == z3.sat
    return opt.upper(best).as_long()


def test_closed_form_audit_agrees_with_the_per_unit_encoding():
    rng = random.Random(11)
    for _ in range(25):
        hold = {k: rng.randint(0, 3) for k in ("vp", "gold", "wood", "food", "steel", "copper",
                                               "livestock")}
        hold.update(silver=rng.randint(0, 30), debt=rng.randint(0, 9), trade=rng.randint(0, 5))
        expected = _per_unit_maximum(hold, 4, 1)
        assert audit.max_reachable_score(hold, 4, 1, timeout_ms=20000) == expected, hold


# --------------------------------------------------------------------------- one cheapest plan

# Ann holds copper and livestock alike (each sells for 1 gold): several plans tie on debt,
# market actions and gold, and the solver used to pick one by its state
TIED = {"silver": 1, "trade": 2, "food": 3, "steel": 3, "copper": 3, "livestock": 3}
TIED_PLAN = ("the cheapest legal payment of 13: take 1 debt (+2 silver), sell 2 copper, then "
             "hand over 2 gold and 3 silver")


def _tied_log(tmp_path):
    return write(tmp_path / "tied.jsonl", position(**{**TIED, "workers": 13}),
                 {"phase": "bidding"})


def test_hs_pay_auto_cheapest_plan_is_one_in_a_fresh_solver_and_after_other_validations(
        tmp_path):
    path = _tied_log(tmp_path)
    fresh = subprocess.run(
        [sys.executable, "-c", "import sys; from referee.replays.validator import validate_file;"
         " print(validate_file(sys.argv[1]).errors[0].message)", str(path)],
        capture_output=True, text=True, check=True).stdout.strip()
    assert fresh.endswith(TIED_PLAN)
    # other refused payments first, in two orders, then the same log again
    rng = random.Random(1)
    others = [({k: rng.randint(0, 3) for k in ("silver", "gold", "trade", "wood", "food",
                                               "steel", "copper", "livestock")},
               rng.randint(1, 15)) for _ in range(60)]
    for order in (others, others[::-1]):
        for hold, cost in order:
            audit.cheapest_payment(hold, cost)
        assert validate_file(path).errors[0].message == fresh
    copies = [write(tmp_path / f"copy{k}.jsonl", *[json.loads(line) for line in
                                                   path.read_text().splitlines()])
              for k in range(4)]
    assert {validate_file(p).errors[0].message for p in copies} == {fresh}


def test_cheapest_plan_breaks_ties_in_a_fixed_order():
    # one gold must come from a sale: copper rather than livestock; one silver: wood rather
    # than food or steel (livestock, copper, gold, steel, food, wood are kept in that order)
    text = audit.cheapest_payment({"silver": 3, "gold": 1, "trade": 3, "wood": 2, "food": 2,
                                   "steel": 1, "copper": 2, "livestock": 1}, 14)
    assert text == ("the cheapest legal payment of 14: sell 1 wood, sell 1 copper, then hand "
                    "over 2 gold and 4 silver")
