"""Z3 in the validator for The Colonists: the cheapest legal Fee, build, Diplomat action, the
Workers to send home and the goods to decline; impossible score claims. Each suggestion is
written back into the log and validated."""

from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checker.topics.colonists import audit
from referee.checker.topics.colonists.audit import HOOKS
from referee.model.colonists import GAME
from referee.replays.validator import validate_file
from tests.colonists_position_helpers import BOARD
from tests.logs import write

THREE = ["Ann", "Bo", "Cy"]
COLONIES = ["altruist", "industrialist", "lord", "trader"]
GROVE = [1, 1]          # a Riverbank Grove next to the first Market
BUILDER_FARM = [-2, 3]
DIPLOMAT = [-1, 3]


def head(players: list[str], position: dict[str, Any]) -> dict[str, Any]:
    pos = {"era": 1, "year": 1, "board": copy.deepcopy(BOARD), "colonies": COLONIES,
           **position}
    for name in players:
        pos.setdefault("players", {}).setdefault(name, {}).setdefault("filled", True)
    return {"format": "referee-replay", "version": 1, "game": "colonists", "players": players,
            "options": {"last_era": 4}, "position": pos}


def error_of(tmp_path: Path, *lines: Any) -> Any:
    report = validate_file(write(tmp_path / "log.jsonl", *lines))
    assert report.errors, "the log is valid"
    return report.errors[0]


def valid(tmp_path: Path, *lines: Any) -> bool:
    report = validate_file(write(tmp_path / "fixed.jsonl", *lines))
    return not report.errors


def suggested(message: str, key: str) -> Any:
    """The JSON value after '"key": ' in a message."""
    found = re.search(rf'"{key}": (.*)\)', message)
    assert found, message
    return json.loads(found.group(1))


# --------------------------------------------------------------------------- the Fee


def fee_head(**ann: Any) -> dict[str, Any]:
    return head(THREE, {"stage": "turn", "turn": "Ann", "players": {
        "Ann": {"stewards": [[0, 0]], **ann},
        "Bo": {"stewards": [GROVE]}, "Cy": {"stewards": [GROVE]}}})


def test_a_move_without_the_fee_gets_the_cheapest_fee_to_each_occupant(tmp_path: Path) -> None:
    header = fee_head(goods={"wood": 2, "clay": 1, "food": 1}, tools=6)
    move = {"player": "Ann", "action": "move", "to": GROVE}
    error = error_of(tmp_path, header, move)
    assert (error.line, error.kind, error.rule) == (2, "illegal", "CO-FEE")
    assert error.message.endswith(
        'the cheapest legal Fee: pay Bo 1 tools and 1 wood, Cy 1 food and 1 wood ("fee": '
        '{"Bo": {"tools": 1, "wood": 1}, "Cy": {"food": 1, "wood": 1}})')
    fee = suggested(error.message, "fee")
    assert valid(tmp_path, header, {**move, "fee": fee})


def test_a_fee_short_of_storage_room_pays_the_first_part_in_tools(tmp_path: Path) -> None:
    """Era II: each occupant is owed 1 Tool or Food and 2 building resources; 4 resources
    and 2 Food would be 6 goods out of a 3-space Storage at once, so the Tools pay."""
    header = fee_head(goods={"wood": 3, "clay": 1}, tools=2)
    header["position"]["era"] = 2
    header["position"]["players"]["Ann"]["buildings"] = [
        "farm", "farm", "farm", {"building": "storage_shed", "workers": ["farmer"]}]
    move = {"player": "Ann", "action": "move", "to": GROVE,
            "fee": {"Bo": {"food": 1, "wood": 2}, "Cy": {"food": 1, "wood": 1, "clay": 1}}}
    error = error_of(tmp_path, header, move)
    assert error.rule in ("CO-FEE-PAY", "CO-FEE")
    fee = suggested(error.message, "fee")
    assert all(goods.get("tools") == 1 for goods in fee.values()), error.message
    assert valid(tmp_path, header, {**move, "fee": fee})


def test_no_legal_fee_says_why(tmp_path: Path) -> None:
    header = fee_head(goods={"wood": 1, "food": 1}, tools=0)
    error = error_of(tmp_path, header, {"player": "Ann", "action": "move", "to": GROVE})
    assert "no legal Fee exists: 2 occupant(s) are owed 2 of tools or food and 2 building " \
        "resources in all; Ann has 0 Tools, 1 food and 1 building resources" in error.message


# --------------------------------------------------------------------------- building


def builder_head(**ann: Any) -> dict[str, Any]:
    return head(["Ann", "Bo"], {"stage": "act", "turn": "Ann", "at": BUILDER_FARM, "players": {
        "Ann": {"stewards": [BUILDER_FARM], "started": [[0, 0]], "moved": [1], **ann}}})


def test_a_build_short_of_wood_gets_the_most_that_can_be_built(tmp_path: Path) -> None:
    header = builder_head(goods={"wood": 2, "food": 1}, tools=6)
    build = {"player": "Ann", "action": "build", "buildings": ["farm", "farm", "farm"]}
    error = error_of(tmp_path, header, build)
    assert (error.kind, error.rule) == ("illegal", "CO-BUILD")
    assert error.message.endswith('the most that can be built: 2 Farms for 2 tools and 2 wood '
                                  '("buildings": ["farm", "farm"])')
    assert valid(tmp_path, header, {**build, "buildings": suggested(error.message,
                                                                    "buildings")})


def test_a_build_without_a_spot_razes_the_cheapest_building(tmp_path: Path) -> None:
    full = ["farm", "farm", *["pub"] * 21]
    header = builder_head(goods={"wood": 1}, tools=3, buildings=full)
    build = {"player": "Ann", "action": "build", "buildings": ["farm"]}
    error = error_of(tmp_path, header, build)
    assert error.rule == "CO-BUILD-SPOTS"
    assert 'razing the farm for 3 tools and 1 wood ("buildings": [{"building": "farm", ' \
        '"raze": "farm"}])' in error.message
    assert valid(tmp_path, header, {**build, "buildings": suggested(error.message,
                                                                    "buildings")})


def test_a_build_that_cannot_be_made_says_why() -> None:
    """(A position refuses a Steward at a Builder that can build nothing, so the state is
    changed after it is read.)"""
    from referee.model.core import Action

    full = ["farm", "farm", *["pub"] * 21]
    state = GAME.new_state(["Ann", "Bo"], {"last_era": 4}, builder_head(
        goods={"wood": 1}, tools=3, buildings=full)["position"])
    state.p[0].tools = 1
    build = Action.make("Ann", "build", buildings=["farm"])
    violation = GAME.check(state, build)
    assert violation is not None and violation.rule == "CO-BUILD-SPOTS"
    assert HOOKS.explain(GAME, state, build, violation) == (
        "no Farm can be built here now: no building spot is free, and razing a building to "
        "make room costs 2 Tools more (3 in all; the Toolbox holds 1), with its Colonists at "
        "home for a Residence")


# --------------------------------------------------------------------------- the Diplomat


def test_a_diplomat_action_beyond_the_goods_gets_the_levels_they_reach(tmp_path: Path) -> None:
    header = head(["Ann", "Bo"], {"era": 2, "stage": "act", "turn": "Ann", "at": DIPLOMAT,
                                  "players": {"Ann": {
                                      "buildings": ["farm", "farm", "farm", {
                                          "building": "storage_shed", "workers": ["farmer"]}],
                                      "goods": {"wood": 3, "clay": 2}, "tools": 3,
                                      "stewards": [DIPLOMAT], "started": [[0, 0]],
                                      "moved": [1]}}})
    act = {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 2}}
    error = error_of(tmp_path, header, act)
    assert error.rule == "CO-DIPLOMAT"
    assert error.message.endswith('the most these goods reach: trader to level 1 for 1 tools, '
                                  '3 wood and 2 clay ("embassies": {"trader": 1})')
    assert valid(tmp_path, header, {**act, "embassies": suggested(error.message,
                                                                  "embassies")})


# --------------------------------------------------------------------------- sustenance


def end_of_year(**ann: Any) -> dict[str, Any]:
    return head(["Ann", "Bo"], {"year": 5, "stage": "end_year", "piles": {"places": []},
                                "players": {"Ann": ann}})


def test_a_failed_sustenance_phase_names_the_fewest_workers_to_send_home(tmp_path: Path
                                                                         ) -> None:
    header = end_of_year(buildings=[
        "farm", "farm", "flat", "flat", "house",
        {"building": "storage_house", "workers": ["citizen"]},
        {"building": "theater", "workers": ["citizen"]},
        {"building": "casino", "workers": ["merchant"]}], goods={"food": 2})
    header["position"]["era"] = 4
    header["position"]["board"] = [dict(t, place="chief_officer") if t["place"] ==
                                   "head_official" else t for t in header["position"]["board"]]
    header["position"]["colonies"] = [*COLONIES, "envoy"]
    error = error_of(tmp_path, header, {"phase": "sustenance"})
    assert (error.kind, error.rule, error.player) == ("illegal", "CO-SUSTAIN", "Ann")
    assert "the fewest Workers to send home: 1 (the Merchant of the casino): " in error.message
    dismiss = json.loads("[" + error.message.split("): ", 1)[1] + "]")
    assert dismiss == [{"player": "Ann", "action": "dismiss", "building": "casino",
                        "worker": "merchant"}]
    assert valid(tmp_path, header, *dismiss, {"phase": "sustenance"})


def test_sending_home_spares_storage_facilities(tmp_path: Path) -> None:
    """Two Citizens short of Food: the one in the Theater goes, not the Storage House's."""
    header = end_of_year(buildings=[
        "farm", "farm", "flat", "flat",
        {"building": "storage_house", "workers": ["citizen"]},
        {"building": "theater", "workers": ["citizen"]}], goods={"food": 1})
    header["position"]["era"] = 2
    error = error_of(tmp_path, header, {"phase": "sustenance"})
    assert "(the Citizen of the theater)" in error.message


# --------------------------------------------------------------------------- storing


def test_goods_that_do_not_fit_get_what_to_decline(tmp_path: Path) -> None:
    header = head(["Ann", "Bo"], {"stage": "act", "turn": "Ann", "at": GROVE, "players": {
        "Ann": {"goods": {"wood": 2, "clay": 1, "food": 1}, "stewards": [GROVE],
                "started": [[0, 0]], "moved": [1]}}})
    error = error_of(tmp_path, header, {"player": "Ann", "action": "gather"})
    assert error.rule == "CO-STORE"
    assert error.message.endswith('decline 2 wood ("decline": {"wood": 2})')
    assert valid(tmp_path, header, {"player": "Ann", "action": "gather",
                                    "decline": {"wood": 2}})


# --------------------------------------------------------------------------- the score


def over(**ann: Any) -> dict[str, Any]:
    return head(["Ann"], {"era": 1, "year": 5, "stage": "over", "players": {"Ann": ann}})


def test_an_impossible_score_claim_gets_the_most_reachable(tmp_path: Path) -> None:
    header = over(buildings=["farm", "farm", "flat", {"building": "pub", "workers": ["farmer"]},
                             "pub", "theater"], dollars=3)
    header["options"] = {"last_era": 2}
    header["position"]["era"] = 2
    state = GAME.new_state(["Ann"], {"last_era": 2}, header["position"])
    computed = GAME.score(state)["Ann"].total
    # at most: the second Pub's Farmer (+2 and +1 Dollar) and the Citizen in the Theater
    # (+6 and +2 Dollars)
    best = computed + 2 + 1 + 6 + 2
    error = error_of(tmp_path, header, {"final": {"scores": {"Ann": best + 1},
                                                  "winners": ["Ann"]}})
    assert error.kind == "score"
    assert error.message.endswith(f"the most is {best}")
    near = error_of(tmp_path, header, {"final": {"scores": {"Ann": best}, "winners": ["Ann"]}})
    assert "impossible" not in near.message


# --------------------------------------------------------------------------- determinism, bounds


def test_the_same_refusal_gets_the_same_message_whatever_was_solved_before(
        tmp_path: Path) -> None:
    header = fee_head(goods={"wood": 2, "clay": 1, "food": 1}, tools=6)
    move = {"player": "Ann", "action": "move", "to": GROVE}
    first = error_of(tmp_path, header, move).message
    # other work for the solver in between
    error_of(tmp_path, builder_head(goods={"wood": 2, "food": 1}, tools=6),
             {"player": "Ann", "action": "build", "buildings": ["farm"] * 3})
    error_of(tmp_path, fee_head(goods={"planks": 2, "food": 1}, tools=1), move)
    assert error_of(tmp_path, header, move).message == first


def test_huge_counts_are_not_solved(tmp_path: Path) -> None:
    state = GAME.new_state(["Ann", "Bo"], {"last_era": 4}, {
        "era": 1, "board": copy.deepcopy(BOARD), "colonies": COLONIES,
        "players": {"Ann": {"filled": True, "tools": 10**9}}})
    situation = audit.fee_situation(state, 0, 0)
    assert audit.solve("fee", situation) is None


def test_every_call_is_bounded_by_time() -> None:
    state = GAME.new_state(["Ann", "Bo", "Cy"], {"last_era": 4}, fee_head(
        goods={"wood": 2, "clay": 1, "food": 1}, tools=6)["position"])
    tile = state.board.tile_at(tuple(GROVE))
    start = time.perf_counter()
    found = audit.cheapest_fee(state, 0, tile, timeout_ms=1)
    assert time.perf_counter() - start < 1.0
    assert found is None or isinstance(found, dict)


@pytest.mark.parametrize("limit", [10, 100])
def test_encodings_past_the_size_limit_are_refused(monkeypatch: pytest.MonkeyPatch,
                                                   limit: int) -> None:
    monkeypatch.setattr(audit, "MAX_TERMS", limit)
    state = GAME.new_state(["Ann", "Bo", "Cy"], {"last_era": 4}, fee_head(
        goods={"wood": 2}, tools=6)["position"])
    assert audit.solve("fee", audit.fee_situation(state, 0, state.board.tile_at((1, 1)))) \
        is None


def test_hooks_say_nothing_of_other_refusals() -> None:
    from referee.model.core import Violation

    state = GAME.new_state(["Ann", "Bo"], {"last_era": 4})
    event = GAME.legal_actions(state)[0] if GAME.legal_actions(state) else None
    violation = Violation("illegal", "CO-TURN-ORDER", "not your turn", "Ann")
    from referee.model.core import Action

    assert HOOKS.explain(GAME, state, Action.make("Ann", "move", to=[1, 1]), violation) is None
    del event


# --------------------------------------------------------------------- the bound, by brute force


SEATS = {"pub": ["farmer"], "theater": ["citizen"], "storage_shed": ["farmer"],
         "forester_house": ["farmer"], "factory": ["farmer", "citizen"], "library": []}


def brute_force_best(state: Any) -> int:
    """Every placement of the community's Colonists into its buildings' seats (sustenance not
    asked for), scored by the engine, each staffed Money Building's Dollars counted."""
    import itertools

    from referee.model.colonists.community import colonists
    from referee.model.colonists.scoring import parts

    c = state.p[0]
    data = state.data
    have = colonists(state, 0)
    jobs = [k for k, b in enumerate(c.buildings) if data.buildings[b.slug].workers]
    money_now = sum(data.buildings[b.slug].output.get("dollars", 0) for b in c.buildings
                    if data.buildings[b.slug].kind == "money" and b.workers)
    best = None
    options = [[None, *(["farmer", "citizen", "merchant"] if data.buildings[
        c.buildings[k].slug].worker == "any" else [data.buildings[c.buildings[k].slug].worker])]
        for k in jobs]
    for choice in itertools.product(*options):
        count = {w: sum(1 for x in choice if x == w) for w in have}
        if any(count[w] > have[w] for w in have):
            continue
        trial = state.copy()
        for k, worker in zip(jobs, choice, strict=True):
            trial.p[0].buildings[k].workers = [worker] if worker else []
        trial.p[0].changed()
        money = sum(data.buildings[b.slug].output.get("dollars", 0)
                    for b in trial.p[0].buildings
                    if data.buildings[b.slug].kind == "money" and b.workers)
        total = sum(parts(trial, 0).values()) - money_now + money
        best = total if best is None else max(best, total)
    assert best is not None
    return best


@settings(max_examples=25, deadline=None)
@given(farms=st.integers(1, 3), flats=st.integers(0, 2),
       jobs=st.lists(st.sampled_from(sorted(SEATS)), min_size=1, max_size=5),
       staffed=st.integers(0, 5), dollars=st.integers(0, 5))
def test_the_most_reachable_score_agrees_with_a_brute_force(farms: int, flats: int,
                                                            jobs: list[str], staffed: int,
                                                            dollars: int) -> None:
    buildings: list[Any] = ["farm"] * farms + ["flat"] * flats
    farmers = farms
    for k, slug in enumerate(jobs):
        seat = SEATS[slug][:1]
        if k < staffed and seat == ["farmer"] and farmers:
            buildings.append({"building": slug, "workers": ["farmer"]})
            farmers -= 1
        else:
            buildings.append(slug)
    pos = {"era": 2, "year": 5, "stage": "over", "board": copy.deepcopy(BOARD),
           "colonies": COLONIES, "players": {"Ann": {"buildings": buildings,
                                                     "dollars": dollars}}}
    from referee.model.core import RuleViolation

    try:
        state = GAME.new_state(["Ann"], {"last_era": 2}, pos)
    except RuleViolation:
        return
    reach = audit.max_reachable_score(state, 0)
    assert reach is not None
    assert reach.best == brute_force_best(state)
    assert reach.best >= GAME.score(state)["Ann"].total
