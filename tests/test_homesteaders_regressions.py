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


def test_a_payment_hint_beside_a_bank_or_market_is_one_legal_way() -> None:  # HS-PAY-AUTO
    for name, building in (("HS-PAY-AUTO-break-wages-unpaid-with-a-bank", "Bank"),
                           ("HS-BUILD-COST-break-a-cost-unheld-with-a-market", "Market")):
        message = _message(name)
        assert "the cheapest legal" not in message and "a legal" in message
        assert f"not counting what the {building} can do" in message


def test_a_slot_written_as_an_object_is_quoted_as_json() -> None:  # HS-VOCAB
    from referee.model.core import freeze
    from referee.model.homesteaders import GAME
    from referee.model.homesteaders.moves.income import slot_problem

    message = slot_problem(GAME.data, freeze({"a": [1, 2]}))
    assert message is not None and '{"a": [1, 2]}' in message and "FrozenObject" not in message
