"""Conformance on simulated games (after OpenSpiel's API tests) and pure-function properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.invariants import violated
from referee.invariants.homesteaders import SUITE
from referee.model.core import Action, Chance, Phase, probability_sum, seat_names
from referee.model.homesteaders import GAME
from referee.model.homesteaders.data import load_data
from referee.model.homesteaders.market import gold_problem, silver_due, useful_gold
from referee.model.homesteaders.scoring import debt_penalty, player_score, score_from_parts
from referee.replays.claims import compare_claims
from referee.replays.records import Check, Final
from tests.homesteaders_helpers import simulate

PLAYERS = seat_names(4)


def replay(players: list[str], events: list, invariants: bool = False) -> object:
    state = GAME.new_state(players)
    for event in events:
        if isinstance(event, Check):
            assert compare_claims(GAME, state, event.claims.as_dict()) == []
            continue
        if isinstance(event, Final):
            assert GAME.is_over(state)
            scores = GAME.score(state)
            assert event.scores.as_dict() == {p: s.total for p, s in scores.items()}
            assert list(event.winners) == GAME.winners(state)
            continue
        bad = GAME.check(state, event)
        assert bad is None, f"{event}: {bad}"
        GAME.apply(state, event)
        if invariants:
            assert violated(SUITE, state) == []
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_200_simulated_games_replay_cleanly(n: int) -> None:  # HS-ROUND-ORDER, HS-SCORE
    seen = set()
    for seed in range(200):
        events = simulate(PLAYERS[:n], random.Random(seed))
        assert isinstance(events[-1], Final)
        assert sum(isinstance(e, Check) for e in events) == 11
        replay(PLAYERS[:n], events, invariants=seed % 10 == 0)
        seen.update(e.name for e in events if isinstance(e, Action))
    assert {"bid", "pass", "pay_bid", "build", "bonus", "allocate", "pay_workers"} <= seen


def test_simulation_is_deterministic() -> None:
    a = simulate(PLAYERS[:3], random.Random(7))
    b = simulate(PLAYERS[:3], random.Random(7))
    assert [e.to_json() for e in a] == [e.to_json() for e in b]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_openspiel_style_conformance(n: int) -> None:
    rng = random.Random(n)
    events = simulate(PLAYERS[:n], random.Random(100 + n))
    state = GAME.new_state(PLAYERS[:n])
    for event in events:
        if isinstance(event, Check | Final):
            continue
        outcomes = GAME.chance_outcomes(state)
        legal = GAME.legal_actions(state)
        if outcomes:
            assert legal == [] and probability_sum(outcomes) == 1
            assert isinstance(event, Chance) and any(c == event for c, _ in outcomes)
        else:
            assert not isinstance(event, Chance)
            assert legal == GAME.legal_actions(state)  # stable order
            sample = legal if len(legal) <= 40 else rng.sample(legal, 40)
            for action in sample:
                assert GAME.check(state, action) is None, action
                GAME.apply(state.copy(), action)
            if isinstance(event, Phase):
                assert event in legal
        clone = state.copy()
        assert clone == state and clone.fingerprint() == state.fingerprint()
        GAME.apply(state, event)
        assert clone != state or (isinstance(event, Action) and event.name == "allocate")
        assert violated(SUITE, state) == []
    assert GAME.is_over(state)
    assert Phase.make("scoring") not in GAME.legal_actions(state)


def test_fingerprint_is_stable_across_copies() -> None:
    state = GAME.new_state(PLAYERS[:3])
    assert state.fingerprint() == GAME.new_state(PLAYERS[:3]).fingerprint()
    other = state.copy()
    other.hold[0]["silver"] += 1
    assert other.fingerprint() != state.fingerprint() and state.hold[0]["silver"] == 6


def test_data_loader_fields() -> None:
    d = load_data()
    assert d.ladder == (3, 4, 5, 6, 7, 9, 12, 16, 21)
    assert d.buy_price["copper"] == ("gold", 1) and d.sell_price["food"] == ("silver", 2)
    assert (d.sale_vp, d.market_trade_cost, d.debt_silver, d.gold_as_silver) == (1, 1, 2, 5)
    assert dict(d.end_vp_per_resource) == {"gold": 2, "copper": 2, "livestock": 2}
    assert (d.neutral_start, d.neutral_min, d.neutral_max) == (5, 3, 9)
    assert sum(b.copies for b in d.buildings.values()) == 49 and len(d.tiles) == 30
    assert len(d.track) == 5 and load_data() is d


@given(cost=st.integers(0, 40), gold=st.integers(0, 10), silver=st.integers(0, 40))
def test_gold_payment_without_change(cost: int, gold: int, silver: int) -> None:  # HS-GOLD-PAY
    problem = gold_problem(cost, gold, gold, silver)
    if problem is None:
        assert gold <= useful_gold(cost)
        assert silver_due(cost, gold) + 5 * gold >= cost
        assert silver_due(cost, gold) <= silver
    assert silver_due(cost, gold) == max(cost - 5 * gold, 0)


@given(vp=st.integers(0, 60), gold=st.integers(0, 9), copper=st.integers(0, 9),
       livestock=st.integers(0, 9), debt=st.integers(0, 12), workers=st.integers(1, 9),
       rail=st.integers(0, 6),
       buildings=st.sets(st.sampled_from(sorted(n for n in load_data().buildings
                                                if n != "homestead"))))
def test_score_from_parts_matches_player_score(vp: int, gold: int, copper: int, livestock: int,
                                               debt: int, workers: int, rail: int,
                                               buildings: set[str]) -> None:  # HS-SCORE
    hold = dict.fromkeys(("silver", "wood", "food", "steel", "trade"), 0)
    hold.update(vp=vp, gold=gold, copper=copper, livestock=livestock, debt=debt,
                workers=workers, rail=rail)
    owned = ["homestead", *sorted(buildings)]
    score = player_score(load_data(), hold, owned)
    assert score.total == sum(score.parts.values())
    assert score.total == score_from_parts(vp, score.parts["buildings"], score.parts["bonuses"],
                                           gold, copper, livestock, debt)
    assert debt_penalty(debt) == sum(range(debt + 1))
