"""Conformance of the Pionjär model: the protocol on random games, the invariants, the corpus of
simulated games, claims, and the rule catalogue's coverage by tests."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.invariants import violated
from referee.invariants.pionjar import SUITE
from referee.model.core import Game, probability_sum
from referee.model.pionjar import GAME
from referee.replays.records import Check, Final
from tests.pionjar_helpers import claims, position
from tests.pionjar_helpers import simulate as simulate_game


def test_game_satisfies_the_protocol():
    assert isinstance(GAME, Game)
    assert GAME.name == "pionjar" and (GAME.min_players, GAME.max_players) == (2, 6)


def test_every_rule_id_is_named_by_a_test():
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_pionjar_*.py"))
    missing = [r.id for r in GAME.rules
               if r.id not in text and r.id.replace("-", "_") not in text]
    assert missing == []
    assert all(r.id.startswith("PJ-") and r.text and r.section for r in GAME.rules)


def _replay(players, events, each_state=None):
    s = GAME.new_state(players)
    for event in events:
        if isinstance(event, Check):
            assert claims(s, event.claims.as_dict()) == []
            continue
        if isinstance(event, Final):
            scores = {n: sc.total for n, sc in GAME.score(s).items()}
            assert event.scores.as_dict() == scores
            assert list(event.winners) == GAME.winners(s)
            continue
        if each_state is not None:
            each_state(s, event)
        bad = GAME.check(s, event)
        assert bad is None, f"{event}: {bad}"
        GAME.apply(s, event)
    assert GAME.is_over(s)
    return s


def _conform(s, event):
    legal = GAME.legal_actions(s)
    assert legal == GAME.legal_actions(s)
    outcomes = GAME.chance_outcomes(s)
    assert bool(outcomes) != bool(legal)
    if outcomes:
        assert probability_sum(outcomes) == Fraction(1)
        # a property may be named before a road roll, while the roll is due (PJ-ROAD-CHOOSE)
        early = event.name == "choose_property" and s.stage == "road_roll"
        assert any(c == event for c, _ in outcomes) or event.has("payout") or early
    else:
        assert event in legal
        for action in legal:
            assert GAME.check(s, action) is None, action
    assert violated(SUITE, s) == []
    twin = s.copy()
    assert twin == s and twin.fingerprint() == s.fingerprint()
    before = (s.key(), s.fingerprint())
    GAME.apply(twin, event)
    assert (s.key(), s.fingerprint()) == before


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(2, 6))
def test_random_games_conform(seed, count):
    players = [f"P{i}" for i in range(count)]
    events = simulate_game(players, random.Random(seed))
    final = _replay(players, events, _conform)
    assert violated(SUITE, final) == []
    # a check whenever the month changes; a month can pass without a resting state only when
    # every player's turn in it is skipped
    months = [e.claims.as_dict()["month"] for e in events if isinstance(e, Check)]
    assert months == sorted(months, key=str) and len(set(months)) >= 0.8 * (final.month + 1)


def test_simulation_is_deterministic_per_seed():
    a = simulate_game(["A", "B", "C"], random.Random(7))
    b = simulate_game(["A", "B", "C"], random.Random(7))
    assert [e.to_json() for e in a] == [e.to_json() for e in b]
    assert isinstance(a[-1], Final)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_two_hundred_simulated_games_pass(count):
    players = [f"P{i}" for i in range(count)]
    for seed in range(200):
        _replay(players, simulate_game(players, random.Random(seed * 10 + count)))


def test_simulation_with_an_early_end():
    events = simulate_game(["A", "B"], random.Random(3), {"end": "1858-06"})
    s = GAME.new_state(["A", "B"], {"end": "1858-06"})
    for e in events:
        if not isinstance(e, Check | Final):
            assert GAME.check(s, e) is None
            GAME.apply(s, e)
    assert GAME.is_over(s) and s.month <= 5


def test_claims_unknown_names_and_differences():
    s = position()
    assert claims(s, {"month": "1859-03", "saloon": 10000,
                      "Ann": {"cash": 5000, "property": "green_valley"}}) == []
    out = claims(s, {"month": 15, "Ann": {"cash": 1, "where": "trail"}})
    assert [v.kind for v in out] == ["checkpoint"] * 3
    assert [v.rule for v in out] == ["PJ-ALMANAC-ADVANCE", "LOG-CHECK-VALUE", "LOG-CHECK-VALUE"]
    assert "month: claimed 1859-04, computed 1859-03" in out[0].message
    assert "claimed 1, computed 5000" in out[1].message
    assert claims(s, {"weather": 1})[0].kind == "schema"
    assert claims(s, {"Ann": {"horses": 2}})[0].kind == "schema"
    assert claims(s, {"Ann": {"cash": "lots"}})[0].kind == "schema"
    bad = claims(s, {"month": "1870-01"})
    assert bad[0].kind == "schema" and "1858-01 to 1862-12" in bad[0].message
    assert claims(s, {"Ann": {"where": "moon"}})[0].kind == "schema"


def test_integer_observables_are_integers():
    s = position()
    seen = GAME.observe(s)
    ints = [q.name for q in GAME.observables if q.kind == "int"]
    assert ints and all(type(seen.env("Ann")[n]) is int for n in ints)
    assert seen.globals["month"] == 14
    assert GAME.observables.symbols()["owns_trading_post"] == "int"


def test_messages_quote_what_was_expected_and_found():
    s = GAME.new_state(["Ann", "Bo"])
    bad = GAME.check(s, GAME.legal_actions(s)[0] if GAME.legal_actions(s) else
                     GAME.chance_outcomes(s)[0][0])
    assert bad is None
    from referee.model.core import Action
    bad = GAME.check(s, Action.make("Ann", "fly"))
    assert bad.kind == "schema" and "fly" in bad.message
    bad = GAME.check(s, Action.make("Ann", "advance", speed=3))
    assert bad.kind == "schema" and re.search("unknown field 'speed'", bad.message)
