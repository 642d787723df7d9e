"""The Z3 topics agree with the Homesteaders model's own payment, bid and scoring logic."""

from __future__ import annotations

import itertools

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checker.topics import get_topic
from referee.model.homesteaders import market
from referee.model.homesteaders.data import load_data
from referee.model.homesteaders.scoring import score_from_parts

RES = ("wood", "food", "steel", "gold", "copper", "livestock")


def model_min_debt(hold: dict[str, int], cost: int) -> int:
    """Brute force through the model's market functions: debt first, then every sequence of
    at most ``trade`` market actions, then a payment the model accepts."""
    data = load_data()
    actions = [(verb, r) for verb in ("buy", "sell") for r in RES]
    for debt in range(0, cost + 1):
        start = dict(hold)
        market.take_debt(data, start, debt)
        for n in range(0, hold["trade"] + 1):
            for seq in itertools.product(actions, repeat=n):
                h = dict(start)
                ok = True
                for verb, r in seq:
                    need = (market.buy_cost(data, r, 1) if verb == "buy"
                            else market.sell_need(data, r, 1))
                    if market.missing(h, need):
                        ok = False
                        break
                    if verb == "buy":
                        market.buy(data, h, r, 1)
                    else:
                        market.sell(data, h, r, 1, 0)
                if not ok:
                    continue
                for gold in range(0, h["gold"] + 1):
                    if market.gold_problem(cost, gold, h["gold"], h["silver"]) is None:
                        return debt
    raise AssertionError("no payment found")


def topic_min_debt(hold: dict[str, int], cost: int) -> int:
    topic = get_topic("homesteaders", "payment")
    inst = topic.instantiate()
    opt = z3.Optimize()
    opt.add(*inst.domain, *inst.rules.values())
    for s in topic.situation:
        opt.add(inst.terms[s.name] == (cost if s.name == "cost" else hold[s.name]))
    opt.minimize(inst.terms["debt_taken"])
    assert opt.check() == z3.sat
    return opt.model().eval(inst.terms["debt_taken"]).as_long()


small = st.integers(0, 2)


@settings(max_examples=40, deadline=None)
@given(silver=st.integers(0, 6), gold=small, trade=small, wood=small, food=small,
       steel=st.integers(0, 1), copper=st.integers(0, 1), livestock=st.integers(0, 1),
       cost=st.integers(0, 12))
def test_payment_min_debt_agrees(silver: int, gold: int, trade: int, wood: int, food: int,
                                 steel: int, copper: int, livestock: int, cost: int) -> None:
    hold = {"silver": silver, "gold": gold, "trade": trade, "wood": wood, "food": food,
            "steel": steel, "copper": copper, "livestock": livestock, "debt": 0, "vp": 0}
    assert topic_min_debt(hold, cost) == model_min_debt(hold, cost)


@settings(max_examples=60, deadline=None)
@given(high=st.sampled_from([0, 3, 4, 5, 6, 7, 9, 12, 16, 21]), bid=st.integers(0, 25),
       silver=st.integers(0, 30), lawyer=st.booleans(), passed=st.booleans(),
       winning=st.booleans())
def test_bid_legal_agrees(high: int, bid: int, silver: int, lawyer: bool, passed: bool,
                          winning: bool) -> None:
    from referee.model.homesteaders import GAME

    state = GAME.new_state(["a", "b"])
    if high:
        state.high[1] = (high, 1)
    if lawyer:
        state.buildings[0].append("lawyer")
    state.hold[0]["silver"] = silver
    expected = GAME.bid_problem(state, 0, 1, bid) is None and not passed and not winning
    topic = get_topic("homesteaders", "bid")
    inst = topic.instantiate()
    s = z3.Solver()
    s.add(*inst.domain, *inst.rules.values())
    v = inst.terms
    s.add(v["high"] == high, v["bid"] == bid, v["silver"] == silver, v["lawyer"] == lawyer,
          v["passed"] == passed, v["winning"] == winning)
    assert s.check() == z3.sat
    assert z3.is_true(s.model().eval(v["legal"], model_completion=True)) is expected
    s.add(v["legal"] != expected)
    assert s.check() == z3.unsat


@settings(max_examples=60, deadline=None)
@given(vp=st.integers(0, 60), building_vp=st.integers(0, 60), bonus_vp=st.integers(0, 30),
       gold=st.integers(0, 8), copper=st.integers(0, 8), livestock=st.integers(0, 8),
       debt=st.integers(0, 12), other=st.integers(0, 9))
def test_scoring_agrees(vp: int, building_vp: int, bonus_vp: int, gold: int, copper: int,
                        livestock: int, debt: int, other: int) -> None:
    topic = get_topic("homesteaders", "scoring")
    inst = topic.instantiate()
    values = {"vp": vp, "building_vp": building_vp, "bonus_vp": bonus_vp, "gold": gold,
              "copper": copper, "livestock": livestock, "wood": other, "food": other,
              "steel": other, "silver": other, "trade": other, "debt": debt}
    s = z3.Solver()
    s.add(*inst.domain, *inst.rules.values())
    s.add(*[inst.terms[k] == val for k, val in values.items()])
    assert s.check() == z3.sat
    expected = score_from_parts(vp, building_vp, bonus_vp, gold, copper, livestock, debt)
    assert s.model().eval(inst.terms["score"]).as_long() == expected
