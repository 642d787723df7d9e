"""Each invariant of each suite holds on real states and catches a state corrupted against it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from referee.invariants import pionjar as pionjar_invariants
from referee.invariants import suite, violated
from referee.model.core import Score
from referee.model.homesteaders import GAME as HS
from tests.homesteaders_helpers import simulate
from tests.pionjar_helpers import position, squatter


def hs_state() -> Any:
    state = HS.new_state(["Ann", "Bo", "Cy"])
    events = [e for e in simulate(["Ann", "Bo", "Cy"], random.Random(3))
              if hasattr(e, "name")][:60]
    for event in events:
        HS.apply(state, event)
    assert violated(suite("homesteaders"), state) == []
    return state


HS_CORRUPTIONS: dict[str, Callable[[Any], None]] = {
    "no-negative-holdings": lambda s: s.hold[0].__setitem__("silver", -1),
    "workers-placed-fit": lambda s: setattr(s, "slots", [
        ("homestead:0", "homestead:1") * 3, *s.slots[1:]]),
    "one-building-per-name": lambda s: s.buildings[0].append("homestead"),
    "copies-within-box": lambda s: s.supply.__setitem__("farm", 99),
    "high-bids-on-ladder": lambda s: s.high.__setitem__(1, (8, 0)),
    "one-high-bid-per-player": lambda s: s.high.update({1: (3, 0), 2: (4, 0)}),
    "track-in-range": lambda s: s.hold[0].__setitem__("track", 6),
    "neutral-level-in-range": lambda s: setattr(s, "neutral_level", 10),
}


@pytest.mark.parametrize("name", sorted(HS_CORRUPTIONS))
def test_homesteaders_invariant_catches_its_corruption(name):
    state = hs_state()
    HS_CORRUPTIONS[name](state)
    assert name in [n for n, _ in violated(suite("homesteaders"), state)]


def test_homesteaders_score_parts_invariant(monkeypatch):
    state = hs_state()
    monkeypatch.setattr(HS, "score", lambda s: {p: Score(5, {"chits": 4}) for p in s.players})
    assert [n for n, _ in violated(suite("homesteaders"), state)] == ["score-sums-parts"]


def test_every_homesteaders_invariant_is_exercised():
    assert {inv.name for inv in suite("homesteaders")} == {*HS_CORRUPTIONS, "score-sums-parts"}


def pj_state() -> Any:
    state = position({"Ann": squatter("green_valley"), "Bo": squatter("high_falls")})
    assert violated(suite("pionjar"), state) == []
    return state


def _imprison(s: Any) -> None:
    ann = s.p["Ann"]
    ann.where, ann.prison_since, ann.prison_until = "prison", s.month, s.month + 2


PJ_CORRUPTIONS: dict[str, Callable[[Any], None]] = {
    "cash-conserved": lambda s: setattr(s.p["Ann"], "cash", s.p["Ann"].cash + 1),
    "saloon-non-negative": lambda s: setattr(s, "saloon", -1),
    "month-forward": lambda s: setattr(s, "advances", s.advances + 1),
    "one-owner": lambda s: setattr(s.p["Bo"], "prop", s.p["Ann"].prop),
    "prison-two-months": _imprison,
    "equipment-within-land": lambda s: setattr(s.p["Ann"], "harvest", 99),
    "cards-accounted": lambda s: s.removed.append(s.stacks["post"][0]),
}


@pytest.mark.parametrize("name", sorted(PJ_CORRUPTIONS))
def test_pionjar_invariant_catches_its_corruption(name):
    state = pj_state()
    PJ_CORRUPTIONS[name](state)
    assert name in [n for n, _ in violated(suite("pionjar"), state)]


def test_a_card_in_two_places_while_another_is_gone_is_caught():
    state = pj_state()
    post = state.stacks["post"]
    lost, post[1] = post[1], post[0]
    broken = dict(violated(suite("pionjar"), state))
    assert broken["cards-accounted"] == f"card {post[0]} is in 2 places"
    post[1] = lost
    assert violated(suite("pionjar"), state) == []


def test_equipment_beyond_the_supply_is_caught(monkeypatch):
    """Each holder within their land, yet more cards held in all than the box has."""
    state = pj_state()
    ann, bo = state.p["Ann"], state.p["Bo"]
    ann.harvest, bo.harvest = 1, 1
    assert violated(suite("pionjar"), state) == []
    supply = dict(state.data.equipment_supply, harvest=1)
    monkeypatch.setattr(type(state.data), "equipment_supply", property(lambda _: supply))
    pionjar_invariants._SUPPLY.clear()
    broken = dict(violated(suite("pionjar"), state))
    assert broken["equipment-within-land"] == "more harvest cards are held than the game has"
    pionjar_invariants._SUPPLY.clear()


def test_every_pionjar_invariant_is_exercised():
    assert {inv.name for inv in suite("pionjar")} == set(PJ_CORRUPTIONS)


@pytest.mark.parametrize(("game", "make", "corruptions"), [
    ("homesteaders", hs_state, HS_CORRUPTIONS), ("pionjar", pj_state, PJ_CORRUPTIONS)])
def test_what_an_invariant_reads_changes_with_each_corruption_it_catches(game, make, corruptions):
    """A search checks an invariant with ``reads`` once per distinct value of it: every
    corruption the invariant catches must change that value, or a search would skip it."""
    checked = 0
    for inv in suite(game):
        if (inv.reads is None and not inv.reads_key) or inv.name not in corruptions:
            continue
        state = make()
        before = _read(inv, state)
        corruptions[inv.name](state)
        assert _read(inv, state) != before, inv.name
        checked += 1
    assert checked >= 4


def _read(inv: Any, state: Any) -> Any:
    """What a search remembers of the state for ``inv``: its ``reads``, or its key's parts."""
    if inv.reads is not None:
        return inv.reads(state)
    key = state.key()
    parts = tuple(key[type(state).KEY_FIELDS.index(name)] for name in inv.reads_key)
    return parts if inv.derive is None else inv.derive(parts)


def test_the_homesteaders_holdings_checks_read_the_key():
    from referee.model.homesteaders.state import HomesteadersState

    state = hs_state()
    assert len(HomesteadersState.KEY_FIELDS) == len(state.key())
    key = dict(zip(HomesteadersState.KEY_FIELDS, state.key(), strict=True))
    assert key["hold"][0][0] == state.hold[0]["silver"]
    assert key["slots"] == tuple(state.slots) and key["extra_open"] == state.extra_open
    assert {inv.name for inv in suite("homesteaders") if inv.reads_key} == {
        "no-negative-holdings", "workers-placed-fit", "one-building-per-name",
        "copies-within-box", "track-in-range", "score-sums-parts", "high-bids-on-ladder",
        "one-high-bid-per-player"}


def test_the_memo_on_the_homesteaders_key_gives_the_verdicts_of_the_checks():
    """Corrupted copies of a state among the states of a game: the memo keyed by the key's
    parts reports, state by state, what checking each in the suite's order reports."""
    from referee.invariants.memo import MemoSuite
    from referee.model.homesteaders.state import HomesteadersState

    invariants = suite("homesteaders")
    states = []
    state = HS.new_state(["Ann", "Bo", "Cy"])
    for event in [e for e in simulate(["Ann", "Bo", "Cy"], random.Random(3))
                  if hasattr(e, "name")][:60]:
        HS.apply(state, event)
        states.append(state.copy())
    for corrupt in HS_CORRUPTIONS.values():
        for at in (10, 40):
            bad = states[at].copy()
            corrupt(bad)
            states.insert(at, bad)
    memo = MemoSuite(invariants, HomesteadersState.KEY_FIELDS)
    failures = 0
    for state in states:
        plain = next(((inv.name, m) for inv in invariants
                      if (m := inv.check(state)) is not None), None)
        assert memo.first_failure(state, state.key()) == plain
        failures += plain is not None
    assert failures == 2 * len(HS_CORRUPTIONS)
