"""The Homesteaders Z3 topics assume only what the model enforces: a vacuous verdict names the
rules that make its situation impossible, and no topic bounds a quantity the model leaves open."""

from __future__ import annotations

from pathlib import Path

import z3

from referee.checker.clarify import Clarification, TopicChecker
from referee.checker.clarify_file import load_file
from referee.checker.clarify_report import check_file
from referee.checker.expr import parse_expression
from referee.checker.topics import get_topic
from referee.model.homesteaders import GAME
from tests.homesteaders_helpers import P3, at

EXAMPLES = Path(__file__).resolve().parents[1] / "checker" / "examples"
BASE = "vp + building_vp + bonus_vp + 2 * gold + 2 * copper + 2 * livestock"


def verdict(topic: str, when: str, then: str) -> tuple[str, list[str]]:
    t = get_topic("homesteaders", topic)
    c = Clarification("c", "", parse_expression(when, t.sorts()), parse_expression(then, t.sorts()))
    v = TopicChecker(t, 20000).verdict(c)
    return v.verdict, v.rules


def topic_score(**situation: int) -> int:
    inst = get_topic("homesteaders", "scoring").instantiate()
    s = z3.Solver()
    s.add(*inst.domain, *inst.rules.values())
    s.add(*[inst.terms[k] == v for k, v in situation.items()])
    assert s.check() == z3.sat
    return s.model().eval(inst.terms["score"]).as_long()


def test_hs_score_topic_has_no_debt_cap_the_model_lacks() -> None:
    # the model accepts a scoring position with 40 debt (components are unlimited): the topic
    # must not call a clarification about it vacuous
    state = at(P3, 10, "scoring", Ann={"vp": 9, "debt": 40})
    assert GAME.score(state)["Ann"].total == 9 - 820
    assert verdict("scoring", "debt == 40", f"score == {BASE} - 820") == ("redundant",
                                                                          ["HS-SCORE"])
    # the explorer reaches 59 debt; the topic agrees with the model there and far beyond
    for debt in (40, 59, 100_000):
        state = at(P3, 10, "scoring", Ann={"vp": 9, "debt": debt})
        assert topic_score(vp=9, debt=debt) == GAME.score(state)["Ann"].total


def test_hs_score_vacuous_verdict_names_the_rule() -> None:
    # no debt adds points: impossible under HS-SCORE, and the verdict says so
    assert verdict("scoring", f"score > {BASE}", "True") == ("vacuous", ["HS-SCORE"])


def test_vacuous_example_verdicts_name_their_rules() -> None:
    for path in sorted(EXAMPLES.glob("*.toml")):
        clarifications = load_file(path)
        if clarifications.game != "homesteaders":
            continue
        for v in check_file(clarifications).verdicts:
            if v.verdict == "vacuous":
                assert v.rules, f"{path.name}: {v.id} is vacuous under no rule"


def test_scoring_examples_keep_their_documented_verdicts() -> None:
    report = check_file(load_file(EXAMPLES / "scoring.toml"))
    assert [(v.id, v.verdict, v.rules) for v in report.verdicts] == [
        ("five-debt-cost-15", "redundant", ["HS-SCORE"]),
        ("silver-scores", "contradiction", ["HS-SCORE"]),
        ("no-negative-score", "contradiction", ["HS-SCORE"])]


def test_the_neutral_token_wins_when_both_players_pass() -> None:  # HS-BID-END
    # two players: the neutral bid is placed first; if nobody outbids it, it wins its auction
    kind, rules = verdict("neutral_level", "passes == 2 and not neutral_won", "next_level > 0")
    assert kind == "vacuous" and "HS-BID-END" in rules
    kind, _ = verdict("neutral_level", "passes == 2", "neutral_won")
    assert kind == "redundant"


# --------------------------------------------------------------------------- conversions
# payment_buildings: payment with the conversions and sale bonuses of the buildings owned; the
# format's payment topic itself stays as the clarification format defines it


def owned(when: str, then: str) -> tuple[str, list[str]]:
    return verdict("payment_buildings", when, then)


def test_the_format_payment_topic_keeps_its_symbols() -> None:
    pay = get_topic("homesteaders", "payment")
    assert not [s.name for s in pay.symbols if s.name.startswith(("owns_", "convert_"))]
    wide = get_topic("homesteaders", "payment_buildings")
    assert {s.name for s in wide.situation} - {s.name for s in pay.situation} == {
        "owns_bank", "owns_general_store", "owns_market"}


def test_a_bank_owner_pays_with_trade_chits() -> None:  # HS-CONVERT
    # the Bank converts 1 trade into 1 silver: its owner pays 3 from 3 trade chits, no debt
    bare = "silver == 0 and gold == 0 and debt == 0 and trade == 3 and cost == 3"
    assert owned(f"owns_bank and {bare}", "debt_taken == 0")[0] == "consistent"
    # without the Bank the trade chits buy nothing that pays: debt is the only way
    found, rules = owned(f"not owns_bank and {bare}", "debt_taken == 0")
    assert found == "contradiction" and "HS-CONVERT" in rules
    # the format's topic knows no Bank: there the same payment needs debt
    assert verdict("payment", bare, "debt_taken == 0")[0] == "contradiction"


def test_the_market_buildings_conversions_need_a_trade_chit_each() -> None:  # HS-CONVERT
    # wood -> food at the Market building costs 1 trade: with no trade chit, no food comes
    bare = "silver == 0 and gold == 0 and wood == 2 and food == 0 and cost == 0"
    assert owned(f"owns_market and trade == 0 and {bare}", "food_after == 0")[0] == "redundant"
    assert owned(f"owns_market and trade == 1 and {bare}", "food_after <= 1")[0] == "redundant"
    assert owned(f"owns_market and trade == 1 and {bare}", "food_after == 0")[0] == "consistent"


def test_the_general_stores_owner_earns_a_silver_more_per_sale() -> None:  # HS-GENERAL-STORE
    # selling 1 wood (1 silver, 1 trade) with the General Store brings 2 silver
    bare = "silver == 0 and gold == 0 and trade == 1 and wood == 1 and debt == 0 and cost == 2"
    assert owned(f"owns_general_store and {bare}", "debt_taken == 0")[0] == "consistent"
    found, rules = owned(f"not owns_general_store and {bare}", "debt_taken == 0")
    assert found == "contradiction" and "HS-MARKET-SELL" in rules
