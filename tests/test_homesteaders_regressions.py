"""Homesteaders: what the logs of ``tests/regressions/homesteaders`` pin beyond their verdicts
(each log's ``expect`` header pins its verdict, line, kind and rule): the messages."""

from __future__ import annotations

from pathlib import Path

from referee.replays.validator import validate_file

FOLDER = Path(__file__).parent / "regressions" / "homesteaders"


def _message(name: str) -> str:
    (error,) = validate_file(FOLDER / f"{name}.jsonl").errors
    return error.message


def test_a_score_hiring_could_reach_is_not_called_impossible() -> None:  # HS-SCORE
    message = _message("HS-SCORE-break-a-claim-hiring-could-reach-is-not-called-impossible")
    assert "claims 15 but scores 13" in message and "impossible" not in message


def test_a_payment_hint_counts_the_buildings_owned() -> None:  # HS-PAY-AUTO, HS-CONVERT
    # the hint is the cheapest way with the owner's Bank or Market building (payment_buildings)
    message = _message("HS-PAY-AUTO-break-wages-unpaid-with-a-bank")
    assert message.endswith("the cheapest legal payment of 1: convert 1 trade into silver at the "
                            "Bank, then hand over 1 silver")
    message = _message("HS-BUILD-COST-break-a-cost-unheld-with-a-market")
    assert message.endswith("the cheapest legal way to hold the cost: convert 1 food into steel "
                            "at the Market")


def test_a_slot_written_as_an_object_is_quoted_as_json() -> None:  # HS-VOCAB
    from referee.model.core import freeze
    from referee.model.homesteaders import GAME
    from referee.model.homesteaders.moves.income import slot_problem

    message = slot_problem(GAME.data, freeze({"a": [1, 2]}))
    assert message is not None and '{"a": [1, 2]}' in message and "FrozenObject" not in message


def test_a_second_wage_payment_gets_no_payment_hint() -> None:  # HS-PAY-WORKERS
    from referee.model.homesteaders import GAME
    from tests.homesteaders_helpers import P3, at

    state = at(P3, 3, "income", Ann={"silver": 0, "workers": 1})
    state.paid[0] = True
    from referee.checker.topics.homesteaders.audit import explain_violation
    from referee.model.core import Action, Violation

    event = Action.make("Ann", "pay_workers")
    refused = Violation("illegal", "HS-PAY-WORKERS", "Ann has already paid workers this round",
                        "Ann")
    assert explain_violation(GAME, state, event, refused) is None
    state.paid[0] = False
    assert "the cheapest legal payment" in (explain_violation(GAME, state, event, refused) or "")


def test_a_building_cost_names_every_missing_resource() -> None:  # HS-BUILD-COST
    from referee.model.homesteaders.market import missing

    assert missing({"wood": 0}, {"wood": 1, "steel": 1}) == \
        "needs 1 wood and 1 steel, holds 0 wood and 0 steel"
    assert missing({"wood": 1}, {"wood": 2, "steel": 0}) == "needs 2 wood, holds 1"
    assert missing({"wood": 2}, {"wood": 2}) is None
