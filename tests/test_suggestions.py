"""Every unknown name says "did you mean ..." when a known name is close, and lists the valid
names otherwise: actions, buildings, resources, tiles, places, players, quantities, fields,
expression symbols, games, topics."""

from __future__ import annotations

import pytest

from referee.checker.expr import ExpressionError, parse_expression
from referee.checker.topics import UnknownTopicError, get_topic
from referee.errors import UnknownGameError
from referee.games import registration
from referee.model.core import Action, RuleViolation, unknown
from referee.model.homesteaders import GAME as HS
from referee.model.pionjar import GAME as PJ
from referee.replays.claims import compare_claims
from referee.replays.envelope import parse_header
from tests.homesteaders_helpers import P3


def test_the_helper_suggests_or_lists():
    assert unknown("building", "frm", ["farm", "church"]) == (
        "unknown building 'frm' (did you mean 'farm'?)")
    assert unknown("building", "zzz", ["farm", "church"]) == (
        "unknown building 'zzz' (known: farm, church)")
    many = unknown("card", "q", [f"c{i}" for i in range(30)])
    assert many.endswith("... (30 in all))")
    assert unknown("option", "x", ()) == "unknown option 'x'"


@pytest.mark.parametrize(("rule", "event", "hint"), [
    ("HS-VOCAB", Action.make("Ann", "bidd", auction=1, amount=3), "'bid'"),
    ("HS-CONVERT", Action.make("Ann", "convert", building="gran_mill", count=1),
     "'grain_mill'"),
    ("HS-MARKET-SELL", Action.make("Ann", "sell", resource="wod", count=1), "'wood'"),
])
def test_homesteaders_events(rule, event, hint):
    state = HS.new_state(P3)
    bad = HS.check(state, event)
    assert bad is not None and bad.rule == rule and f"did you mean {hint}" in bad.message


def test_homesteaders_position_names():
    with pytest.raises(RuleViolation) as err:
        HS.new_state(P3, position={"round": 1, "phase": "setup",
                                   "players": {"Ann": {"sliver": 3}}})
    assert err.value.violation.rule == "HS-POSITION"
    assert "unknown quantity 'sliver' (did you mean 'silver'?)" in err.value.violation.message
    with pytest.raises(RuleViolation) as err:
        HS.new_state(P3, position={"round": 1, "phase": "setup",
                                   "players": {"Ann": {"buildings": ["homestead", "frm"]}}})
    assert "did you mean 'farm'" in err.value.violation.message
    with pytest.raises(RuleViolation) as err:
        HS.new_state(P3, position={"round": 1, "phase": "setup", "players": {"Anne": {}}})
    assert "unknown player 'Anne' (did you mean 'Ann'?)" in err.value.violation.message


def test_pionjar_property_and_player():
    state = PJ.new_state(["Ann", "Bo"])
    first = PJ.legal_actions(state) or [c for c, _ in PJ.chance_outcomes(state)]
    assert first  # the game starts somewhere
    with pytest.raises(RuleViolation) as err:
        PJ.new_state(["Ann", "Bo"], position={"turn": "Ann", "players": {"Bob": {}}})
    assert err.value.violation.rule == "PJ-POSITION"
    assert "did you mean 'Bo'" in err.value.violation.message
    with pytest.raises(RuleViolation) as err:
        PJ.new_state(["Ann", "Bo"], position={"turn": "Ann", "mnth": "1860-01"})
    assert "unknown field 'mnth' (did you mean 'month'?)" in err.value.violation.message


def test_header_fields_and_games():
    bad = parse_header({"format": "referee-replay", "version": 1, "game": "homesteaders",
                        "players": P3, "optoins": {}})
    assert "unknown field 'optoins' (did you mean 'options'?)" in bad.message  # type: ignore
    with pytest.raises(UnknownGameError, match="did you mean 'homesteaders'"):
        registration("homestaeders")


def test_check_line_quantities():
    state = HS.new_state(P3)
    (bad,) = compare_claims(HS, state, {"Ann": {"sliver": 6}})
    assert bad.kind == "schema" and "did you mean 'silver'" in bad.message


def test_expression_and_clarify_symbols():
    with pytest.raises(ExpressionError, match=r"unknown name: 'silvr' \(did you mean 'silver'"):
        parse_expression("silvr > 1", HS.observables.symbols())
    with pytest.raises(ExpressionError, match=r"unknown name: 'zz' \(known: "):
        parse_expression("zz > 1", {"a": "int", "b": "bool"})
    topic = get_topic("homesteaders", "payment")
    symbol = sorted(topic.sorts())[0]
    with pytest.raises(ExpressionError, match=f"did you mean '{symbol}'"):
        parse_expression(f"{symbol}x > 0", topic.sorts())
    with pytest.raises(UnknownTopicError, match="did you mean 'payment'"):
        get_topic("homesteaders", "paymnet")


def test_a_long_unknown_name_is_shortened_in_the_message():
    from referee.model.core import brief, unknown

    message = unknown("option", "z" * 5000, ["last_era"])
    assert len(message) < 200 and message.startswith("unknown option 'zzz")
    assert "..." in message and message.endswith("(known: last_era)")
    assert brief("short") == "'short'" and brief(12) == "12"
    assert len(brief(list(range(10_000)))) <= 120
