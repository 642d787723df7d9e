"""The Pionjär topics of ``referee clarify``: their symbols, their agreement with the model's own
Saloon, auction and redemption logic, the verdicts of the shipped examples, and the rule ids."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
import z3
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.checker.clarify import check_clarifications
from referee.checker.clarify_file import load_file
from referee.checker.topics import Instance, get_topic, known_games
from referee.checker.topics.pionjar import RULE, topics
from referee.cli import app
from referee.model.core import ignore
from referee.model.pionjar import GAME
from referee.model.pionjar.catalogue import RULES
from referee.model.pionjar.data import load_data
from referee.model.pionjar.moves import auctions, city
from referee.model.pionjar.state import PionjarState
from tests.pionjar_helpers import act, die, position, squatter

if not any(c.name == "clarify" for c in app.registered_commands):
    from referee.commands.clarify import register

    register(app)

EXAMPLES = Path(__file__).resolve().parents[1] / "checker" / "examples"
runner = CliRunner()
RICH = 1_000_000


# --------------------------------------------------------------------------- helpers


def solver_at(inst: Instance, values: Mapping[str, int | bool]) -> z3.Solver:
    s = z3.Solver()
    s.set("timeout", 10_000)
    s.add(*inst.domain, *inst.rules.values())
    s.add(*[inst.terms[k] == v for k, v in values.items()])
    return s


def forced(s: z3.Solver, term: z3.ExprRef, value: int | bool) -> bool:
    """``term`` can take ``value`` under the solver's assertions and nothing else."""
    s.push()
    try:
        s.add(term == value)
        if s.check() != z3.sat:
            return False
        s.pop()
        s.push()
        s.add(term != value)
        return s.check() == z3.unsat
    finally:
        s.pop()


def possible(s: z3.Solver, *extra: z3.BoolRef) -> bool:
    s.push()
    try:
        s.add(*extra)
        return s.check() == z3.sat
    finally:
        s.pop()


# --------------------------------------------------------------------------- symbols


def names(symbols: tuple) -> list[str]:
    return [s.name for s in symbols]


def test_registered_for_the_game() -> None:
    assert "pionjar" in known_games()
    assert sorted(topics()) == ["auction", "redemption", "saloon"]
    for name, topic in topics().items():
        assert get_topic("pionjar", name) is topic
        assert topic.game == "pionjar"


def test_saloon_symbols() -> None:
    t = get_topic("pionjar", "saloon")
    assert names(t.situation) == ["cash", "saloon", "stake", "roll", "on_road", "on_trail",
                                  "in_prison", "played"]
    assert names(t.choices) == ["legal", "plays", "payout", "cash_after", "saloon_after",
                                "net_gain"]
    assert t.sorts() == {**dict.fromkeys(["cash", "saloon", "stake", "roll", "payout",
                                          "cash_after", "saloon_after", "net_gain"], "int"),
                         **dict.fromkeys(["on_road", "on_trail", "in_prison", "played",
                                          "legal", "plays"], "bool")}
    signed = {s.name for s in t.symbols if s.sort == "int" and not s.nonneg}
    assert signed == {"cash_after", "saloon_after", "net_gain"}
    assert list(t.instantiate().rules) == ["PJ-CHANCE-DIE", "PJ-SALOON-WHEN",
                                           "PJ-SALOON-STAKE", "PJ-SALOON-ROLL"]


def test_auction_symbols() -> None:
    t = get_topic("pionjar", "auction")
    assert names(t.situation) == ["cash", "high_bid", "bid", "has_trading_post_owner",
                                  "owner_is_bidder", "bidder_is_banker", "passed",
                                  "holds_high_bid", "wins"]
    assert names(t.choices) == ["legal", "bids", "paid_to_owner", "paid_to_bank", "cash_after"]
    assert {s.name for s in t.symbols if s.sort == "bool"} == {
        "has_trading_post_owner", "owner_is_bidder", "bidder_is_banker", "passed",
        "holds_high_bid", "wins", "legal", "bids"}
    assert {s.name for s in t.symbols if s.sort == "int" and not s.nonneg} == {"cash_after"}
    assert list(t.instantiate().rules) == ["PJ-AUCTION-ORDER", "PJ-AUCTION-BID",
                                           "PJ-AUCTION-PAY"]


def test_redemption_symbols() -> None:
    t = get_topic("pionjar", "redemption")
    assert names(t.situation) == ["cash", "redemption", "full_value", "completes_lap",
                                  "first_lap_done", "defaulted"]
    assert names(t.choices) == ["redeems_now", "buys_land", "pays", "cash_after",
                                "owner_after"]
    assert {s.name for s in t.symbols if s.sort == "bool"} == {
        "completes_lap", "first_lap_done", "defaulted", "redeems_now", "buys_land",
        "owner_after"}
    assert {s.name for s in t.symbols if s.sort == "int" and not s.nonneg} == {"cash_after"}
    assert list(t.instantiate().rules) == ["PJ-DATA", "PJ-REDEEM", "PJ-REDEEM-FULL"]


def test_every_rule_id_is_in_the_catalogue() -> None:
    for rule_id in RULE.values():
        assert rule_id in RULES, rule_id
    for topic in topics().values():
        for rule_id in topic.instantiate().rules:
            assert rule_id in RULES, rule_id
            assert topic.rule_text[rule_id] == RULES[rule_id].text


# --------------------------------------------------------------------------- the data set


def test_saloon_multipliers_come_from_the_data() -> None:
    data = load_data()
    inst = get_topic("pionjar", "saloon").instantiate()
    for face in range(1, 7):
        s = solver_at(inst, {"cash": 10, "saloon": RICH, "stake": 10, "roll": face,
                             "plays": True})
        assert forced(s, inst.terms["payout"], 10 * data.saloon_multipliers[face - 1])


def test_property_values_come_from_the_data() -> None:
    data = load_data()
    inst = get_topic("pionjar", "redemption").instantiate()
    s = solver_at(inst, {})
    found = set()
    while s.check() == z3.sat:
        m = s.model()
        pair = (m.eval(inst.terms["redemption"]).as_long(),
                m.eval(inst.terms["full_value"]).as_long())
        found.add(pair)
        s.add(z3.Not(z3.And(inst.terms["redemption"] == pair[0],
                            inst.terms["full_value"] == pair[1])))
    assert found == {(p.redemption, p.full_value) for p in data.properties.values()}


# --------------------------------------------------------------------------- saloon vs model


def saloon_state(cash: int, saloon: int, where: str, played: bool) -> PionjarState:
    state = position()
    state.stage = "after"
    ps = state.p["Ann"]
    ps.where = where
    ps.cash = cash
    state.saloon = saloon
    state.gambled = played
    return state


@settings(max_examples=80, deadline=None)
@given(cash=st.integers(0, 20_000), saloon=st.integers(0, 3_000) | st.integers(0, 60_000),
       stake=st.integers(0, 25_000), roll=st.integers(1, 6),
       where=st.sampled_from(["loop", "trail", "road", "prison"]),
       played=st.sampled_from([False, False, True]))
@example(cash=5000, saloon=15_000, stake=5000, roll=6, where="loop", played=False)
@example(cash=5000, saloon=45_000, stake=5000, roll=6, where="trail", played=False)
@example(cash=10_000, saloon=50_000, stake=10_000, roll=6, where="loop", played=False)
@example(cash=3000, saloon=2000, stake=3000, roll=2, where="loop", played=False)
@example(cash=3000, saloon=0, stake=3000, roll=1, where="trail", played=False)
def test_saloon_agrees_with_the_model(cash: int, saloon: int, stake: int, roll: int,
                                      where: str, played: bool) -> None:
    state = saloon_state(cash, saloon, where, played)
    model_legal = GAME.check(state, act("Ann", "gamble", stake=stake)) is None
    inst = get_topic("pionjar", "saloon").instantiate()
    v = inst.terms
    s = solver_at(inst, {"cash": cash, "saloon": saloon, "stake": stake, "roll": roll,
                         "on_road": where == "road", "on_trail": where == "trail",
                         "in_prison": where == "prison", "played": played})
    assert forced(s, v["legal"], model_legal)
    assert possible(s, z3.Not(v["plays"]))
    if not model_legal:
        assert not possible(s, v["plays"])
        return
    s.add(v["plays"])
    m = s.model() if s.check() == z3.sat else None
    assert m is not None
    payout = m.eval(v["payout"]).as_long()
    GAME.apply(state, act("Ann", "gamble", stake=stake))
    assert GAME.check(state, die("Ann", roll, payout=payout)) is None
    GAME.apply(state, die("Ann", roll))
    assert forced(s, v["payout"], payout)
    assert forced(s, v["cash_after"], state.p["Ann"].cash)
    assert forced(s, v["saloon_after"], state.saloon)
    assert forced(s, v["net_gain"], state.p["Ann"].cash - cash)


# --------------------------------------------------------------------------- auction vs model


def run_auction(cash: int, high_bid: int, has_owner: bool, owner_is_bidder: bool,
                bidder_is_banker: bool, passed: bool, holds_high: bool) -> PionjarState:
    """Bo is the bidder. Play the model's auction until the bidding comes round to Bo in the
    situation asked for (or until the card is settled when it never does): the first bidder
    in order (never Bo) or Bo makes the high bid, Bo passes if asked, everyone else passes."""
    owner = "Bo" if owner_is_bidder else ("Cy" if has_owner else None)
    banker = "Bo" if bidder_is_banker else "Cy"
    state = position(options={"banker": banker}, trading_post=owner)
    for name, ps in state.p.items():
        ps.cash = cash if name == "Bo" else RICH
    assert auctions.start_auction(state, "buffalo", 1, ignore)
    a = state.auction
    assert a is not None and a.order[0] != "Bo"
    high_bidder = "Bo" if holds_high else a.order[0]
    pending_high, pending_pass = high_bid > 0, passed
    while state.stage == "bid":
        actor = state.actor()
        assert actor is not None
        if pending_high and actor == high_bidder:
            event = act(actor, "bid", amount=high_bid)
            pending_high = False
        elif actor == "Bo" and pending_pass and not pending_high:
            event = act(actor, "pass")
            pending_pass = False
        elif actor == "Bo" and not pending_high:
            break
        else:
            event = act(actor, "pass")
        assert GAME.check(state, event) is None, event
        GAME.apply(state, event)
    return state


@settings(max_examples=120, deadline=None)
@given(cash=st.integers(0, 6000), high_bid=st.sampled_from([0, 1, 100, 999, 1000, 2500]),
       bid=st.integers(0, 7000), has_owner=st.booleans(), owner_is_bidder=st.booleans(),
       bidder_is_banker=st.booleans(), passed=st.booleans(), holds_high=st.booleans())
def test_auction_agrees_with_the_model(cash: int, high_bid: int, bid: int, has_owner: bool,
                                       owner_is_bidder: bool, bidder_is_banker: bool,
                                       passed: bool, holds_high: bool) -> None:
    # situations that cannot occur: the owner never bids, a pass leaves the card, a high bid
    # is a bid of at least 1 that the bidder's cash covered
    assume(not owner_is_bidder or has_owner)
    assume(not (holds_high and (owner_is_bidder or passed or high_bid == 0 or cash < high_bid)))
    assume(not (passed and owner_is_bidder))
    state = run_auction(cash, high_bid, has_owner, owner_is_bidder, bidder_is_banker, passed,
                        holds_high)
    model_legal = GAME.check(state, act("Bo", "bid", amount=bid)) is None
    inst = get_topic("pionjar", "auction").instantiate()
    v = inst.terms
    s = solver_at(inst, {"cash": cash, "high_bid": high_bid, "bid": bid,
                         "has_trading_post_owner": has_owner,
                         "owner_is_bidder": owner_is_bidder,
                         "bidder_is_banker": bidder_is_banker, "passed": passed,
                         "holds_high_bid": holds_high, "wins": True})
    assert s.check() == z3.sat
    assert forced(s, v["legal"], model_legal)
    if not model_legal:
        return
    owner = state.trading_post
    before_owner = state.p[owner].cash if owner else 0
    before_bank = state.bank_received
    GAME.apply(state, act("Bo", "bid", amount=bid))
    while state.stage == "bid":         # everyone else passes: Bo buys the card
        actor = state.actor()
        assert actor is not None and actor != "Bo"
        GAME.apply(state, act(actor, "pass"))
    assert state.auction is not None and state.auction.winner == "Bo"
    s.add(v["bids"])
    assert forced(s, v["cash_after"], state.p["Bo"].cash)
    assert forced(s, v["paid_to_owner"], (state.p[owner].cash - before_owner) if owner else 0)
    assert forced(s, v["paid_to_bank"], state.bank_received - before_bank)


# --------------------------------------------------------------------------- redemption vs model

VALUES = load_data().properties
PROPS = tuple(VALUES)


@settings(max_examples=80, deadline=None)
@given(prop=st.sampled_from(PROPS), cash=st.integers(0, 15_000),
       status=st.sampled_from(["first_lap", "completes", "owner", "defaulted"]),
       wants_to_buy=st.booleans())
@example(prop=PROPS[0], cash=VALUES[PROPS[0]].redemption, status="completes",
         wants_to_buy=True)
@example(prop=PROPS[0], cash=VALUES[PROPS[0]].redemption - 1, status="completes",
         wants_to_buy=True)
@example(prop=PROPS[-1], cash=VALUES[PROPS[-1]].full_value, status="defaulted",
         wants_to_buy=True)
@example(prop=PROPS[-1], cash=VALUES[PROPS[-1]].full_value - 1, status="defaulted",
         wants_to_buy=True)
@example(prop=PROPS[-1], cash=VALUES[PROPS[-1]].full_value, status="owner", wants_to_buy=True)
def test_redemption_agrees_with_the_model(prop: str, cash: int, status: str,
                                          wants_to_buy: bool) -> None:
    land = {"first_lap": "squatter", "completes": "squatter"}.get(status, status)
    others = [p for p in PROPS if p != prop]
    state = position({"Ann": squatter(prop, cash=cash, land=land),
                      "Bo": squatter(others[0]), "Cy": squatter(others[1])})
    redeemed = city.redeem(state, "Ann", ignore) if status == "completes" else False
    state.stage = "after"
    city.visit(state, "Ann", ignore)
    may_buy = GAME.check(state, act("Ann", "buy_land")) is None
    buys = wants_to_buy and may_buy
    if buys:
        GAME.apply(state, act("Ann", "buy_land"))

    data = VALUES[prop]
    inst = get_topic("pionjar", "redemption").instantiate()
    v = inst.terms
    s = solver_at(inst, {"cash": cash, "redemption": data.redemption,
                         "full_value": data.full_value, "completes_lap": status == "completes",
                         "first_lap_done": status in ("owner", "defaulted"),
                         "defaulted": status == "defaulted"})
    assert forced(s, v["redeems_now"], redeemed)
    assert possible(s, v["buys_land"]) is may_buy
    assert possible(s, z3.Not(v["buys_land"]))
    s.add(v["buys_land"] == buys)
    assert forced(s, v["cash_after"], state.p["Ann"].cash)
    assert forced(s, v["pays"], cash - state.p["Ann"].cash)
    assert forced(s, v["owner_after"], state.p["Ann"].land == "owner")


# --------------------------------------------------------------------------- the examples

EXPECTED: dict[str, tuple[list[tuple[str, str, list[str]]], list[list[str]], int]] = {
    "pionjar-saloon.toml": ([
        ("six-always-pays-seven-times", "contradiction", ["PJ-SALOON-ROLL"]),
        ("cap-excludes-stake", "contradiction", ["PJ-SALOON-ROLL"]),
        ("saloon-never-pays-more-than-it-holds", "redundant", ["PJ-SALOON-ROLL"]),
        ("roll-of-one-returns-stake", "redundant", ["PJ-SALOON-ROLL"]),
        ("rulebook-example-capped", "redundant", ["PJ-SALOON-ROLL"]),
        ("stake-on-credit", "contradiction", ["PJ-SALOON-STAKE"]),
        ("trail-players-may-play", "redundant", ["PJ-SALOON-WHEN"]),
        ("roll-of-seven", "vacuous", ["PJ-CHANCE-DIE"]),
    ], [], 1),
    "pionjar-saloon-house-rules.toml": ([
        ("table-limit", "consistent", []),
        ("keep-travel-money", "consistent", []),
        ("no-gambling-on-trails", "consistent", []),
    ], [], 0),
    "pionjar-auction.toml": ([
        ("owner-bids-in-own-auction", "contradiction", ["PJ-AUCTION-ORDER"]),
        ("bid-on-credit", "contradiction", ["PJ-AUCTION-BID"]),
        ("owner-is-paid", "redundant", ["PJ-AUCTION-PAY"]),
        ("bank-is-paid-without-owner", "redundant", ["PJ-AUCTION-PAY"]),
        ("banker-may-bid", "redundant", ["PJ-AUCTION-BID"]),
        ("passed-player-comes-back", "contradiction", ["PJ-AUCTION-ORDER"]),
        ("winner-never-in-debt", "redundant", ["PJ-AUCTION-BID", "PJ-AUCTION-PAY"]),
    ], [], 1),
    "pionjar-auction-house-rules.toml": ([
        ("raise-by-100", "consistent", []),
        ("bid-cap", "consistent", []),
    ], [], 0),
    "pionjar-redemption.toml": ([
        ("unredeemed-pays-full-value", "redundant", ["PJ-REDEEM", "PJ-REDEEM-FULL"]),
        ("late-redemption-sum", "contradiction", ["PJ-REDEEM"]),
        ("postpone-redemption", "contradiction", ["PJ-REDEEM"]),
        ("partial-redemption", "contradiction", ["PJ-REDEEM", "PJ-REDEEM-FULL"]),
        ("short-player-keeps-farming-unowned", "redundant",
         ["PJ-DATA", "PJ-REDEEM", "PJ-REDEEM-FULL"]),
        ("buy-land-on-credit", "contradiction", ["PJ-REDEEM-FULL"]),
        ("full-value-is-higher", "redundant", ["PJ-DATA"]),
        ("redeem-twice", "vacuous", ["PJ-REDEEM"]),
    ], [], 1),
    "pionjar-redemption-house-rules.toml": ([
        ("buy-at-once", "consistent", []),
        ("keep-a-reserve", "consistent", []),
        ("first-lap-squatters-cannot-buy", "redundant", ["PJ-REDEEM-FULL"]),
    ], [["buy-at-once", "keep-a-reserve"]], 1),
}


def test_every_example_is_checked() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("pionjar-*.toml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_verdicts(name: str) -> None:
    verdicts, conflicts, status = EXPECTED[name]
    result = runner.invoke(app, ["clarify", str(EXAMPLES / name), "-f", "json",
                                 "--timeout-ms", "20000"])
    assert result.exit_code == status, result.output
    (report,) = json.loads(result.output)["files"]
    topic = name.removeprefix("pionjar-").removesuffix(".toml").split("-")[0]
    assert (report["game"], report["topic"]) == ("pionjar", topic)
    got = [(c["id"], c["verdict"], c["rules"]) for c in report["clarifications"]]
    assert got == verdicts
    assert [c["clarifications"] for c in report["conflicts"]] == conflicts
    for c in report["clarifications"]:
        if c["verdict"] == "contradiction":
            assert c["witness"] is not None
    for rule_id in {r for c in report["clarifications"] for r in c["rules"]} | {
            r for c in report["conflicts"] for r in c["rules"]}:
        assert rule_id in RULES, rule_id


def test_conflict_witness_is_a_real_dilemma() -> None:
    f = load_file(EXAMPLES / "pionjar-redemption-house-rules.toml")
    _, search = check_clarifications(f.topic, f.clarifications, 20000)
    (conflict,) = search.conflicts
    w = conflict.witness
    assert w["defaulted"] and w["cash"] >= w["full_value"] and w["cash"] - w["full_value"] < 1000
    assert conflict.rules == ["PJ-REDEEM", "PJ-REDEEM-FULL"]


def test_saloon_contradiction_witness_shows_the_cap() -> None:
    f = load_file(EXAMPLES / "pionjar-saloon.toml")
    verdicts, _ = check_clarifications(f.topic, f.clarifications[:1], 20000)
    (v,) = verdicts
    assert v.witness is not None and v.witness["roll"] == 6
    assert 7 * v.witness["stake"] > v.witness["saloon"] + v.witness["stake"]
    assert "the rules require payout =" in v.message
