"""The Colonists: a Buffer holds goods only once its source has produced (rulebook "Buffers":
"You only place goods into Buffers when they are being generated"). A building built, or put
back to work, since the last production, and an improvement played since then, add no room to
the Buffers until the next production fills them (CO-BUFFER)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.invariants import suite, violated
from referee.model.colonists import GAME
from referee.model.colonists.community import buffer_room
from referee.model.colonists.position import position_of
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, RuleViolation
from referee.replays.validator import validate_file
from tests.colonists_helpers import play
from tests.colonists_position_helpers import BOARD

REGRESSIONS = Path(__file__).parent / "regressions" / "colonists"
HOUSE = {"building": "forester_house", "workers": ["farmer"]}


def start(pos: dict[str, Any]) -> ColonistsState:
    state = GAME.new_state(["Ann", "Bo"], None, pos)
    assert violated(suite("colonists"), state) == []
    return state


def round_trips(state: ColonistsState) -> dict[str, Any]:
    pos = position_of(state)
    again = GAME.new_state(state.players, None, pos)
    assert again.fingerprint() == state.fingerprint()
    assert buffer_room(again, 0) == buffer_room(state, 0)
    return pos


def ann(**player: Any) -> dict[str, Any]:
    return {"era": 1, "year": 2, "stage": "act", "at": "builder_forester_house", "board": BOARD,
            "players": {"Ann": {"stewards": ["builder_forester_house"], "moved": [1],
                                "tools": 10, **player}}}


def test_a_razed_houses_wood_does_not_stay_in_a_fresh_houses_buffer() -> None:  # CO-BUFFER
    report = validate_file(REGRESSIONS / "CO-BUFFER-legal-a-razed-houses-wood-leaves-the-buffers"
                                         ".jsonl")
    assert report.valid, [e.message for e in report.errors]


def test_a_house_built_this_year_has_no_room_until_production() -> None:  # CO-BUFFER, CO-BUILD
    s = start(ann(buildings=["farm", "farm", HOUSE], goods={"wood": 3}, buffers={"wood": 2}))
    GAME.step(s, Action.make("Ann", "build", buildings=[{"building": "forester_house",
                                                          "employ": "farmer"}]))
    c = s.p[0]
    assert [b.proven for b in c.buildings] == [None, None, (("wood", 2),), ()]
    assert buffer_room(s, 0) == {"wood": 2}  # the new house's Buffer is still empty
    pos = round_trips(s)
    assert pos["players"]["Ann"]["buildings"][3] == {"building": "forester_house",
                                                     "workers": ["farmer"], "produced": False}
    # its copies now differ: the slug alone no longer names one of them
    with pytest.raises(RuleViolation, match=r"forester_house#k"):
        GAME.step(s, Action.make("Ann", "employ", building="forester_house"))


def test_employing_an_idle_house_leaves_its_buffer_empty() -> None:  # CO-BUFFER, CO-EMPLOY
    s = start(ann(buildings=["farm", "farm", HOUSE, "forester_house"], goods={"wood": 3}))
    assert buffer_room(s, 0) == {"wood": 2}  # the second house has no Farmer: it does not work
    GAME.step(s, Action.make("Ann", "employ", building="forester_house#2", worker="farmer"))
    assert s.p[0].buildings[3].proven == () and buffer_room(s, 0) == {"wood": 2}
    round_trips(s)


def lodge(**player: Any) -> dict[str, Any]:
    """Era III, Ann at the Builder of Hunting Grounds with a Hunting Lodge that has produced."""
    return {"era": 3, "year": 2, "stage": "act", "at": "builder_hunting_grounds",
            "board": [*BOARD, {"place": "builder_hunting_grounds", "at": [2, -1]}],
            "players": {"Ann": {"stewards": ["builder_hunting_grounds"], "moved": [1],
                                "tools": 10, "goods": {"wood": 4, "clay": 2, "food": 1},
                                "buffers": {"food": 1}, **player}}}


SHED = {"building": "storage_shed", "workers": ["farmer"]}
LODGE = ["farm", "farm", "farm", "flat", {"building": "hunting_lodge", "workers": ["farmer"]},
         SHED, SHED]


def test_a_remodel_employed_at_once_keeps_its_buffer() -> None:  # CO-REMODEL, CO-BUFFER
    s = start(lodge(buildings=LODGE))
    GAME.step(s, Action.make("Ann", "build", buildings=[{"building": "hunting_grounds",
                                                          "employ": "citizen"}]))
    c = s.p[0]
    # the Grounds keep the Lodge's Buffer: the 1 Food it generated, not the Grounds' batch of 3
    assert c.buildings[4].slug == "hunting_grounds" and c.buildings[4].proven == (("food", 1),)
    assert c.buffered == {"food": 1} and buffer_room(s, 0) == {"food": 1}
    round_trips(s)


def test_a_remodel_employed_later_starts_with_an_empty_buffer() -> None:  # CO-REMODEL
    s = start(lodge(buildings=LODGE))
    GAME.step(s, Action.make("Ann", "build", buildings=[{"building": "hunting_grounds"}]))
    assert s.p[0].buffered == {}  # no Worker there: the Lodge's Food went to Storage
    GAME.step(s, Action.make("Ann", "employ", building="hunting_grounds", worker="citizen"))
    assert s.p[0].buildings[4].proven == () and buffer_room(s, 0) == {}
    round_trips(s)


def test_a_card_played_since_production_has_an_empty_buffer() -> None:  # CO-BUFFER
    # Beaver's Lodge (126): +1 Wood during Production
    played = ann(buildings=["farm", "farm", HOUSE], improvements=[126], goods={"wood": 3})
    assert buffer_room(start(played), 0) == {"wood": 3}  # by default every card has produced
    fresh = ann(buildings=["farm", "farm", HOUSE], improvements=[126], improvement_buffers={},
                goods={"wood": 3})
    s = start(fresh)
    assert buffer_room(s, 0) == {"wood": 2}
    assert round_trips(s)["players"]["Ann"]["improvement_buffers"] == {}
    with pytest.raises(RuleViolation, match="since it came into play: 2 wood, found 3"):
        GAME.new_state(["Ann", "Bo"], None,
                       ann(buildings=["farm", "farm", HOUSE], improvements=[126],
                           improvement_buffers={}, buffers={"wood": 3}, goods={"wood": 3}))


def test_the_production_fills_every_source_to_its_batch() -> None:  # CO-PRODUCE
    s = start({"era": 1, "year": 2, "stage": "end_year", "board": BOARD, "players": {
        "Ann": {"buildings": ["farm", "farm", {**HOUSE, "produced": False}],
                "improvements": [126], "improvement_buffers": {}, "goods": {"food": 2}}}})
    assert buffer_room(s, 0) == {}
    play(s, {"phase": "sustenance"})
    c = s.p[0]
    assert [b.proven for b in c.buildings] == [None, None, (("wood", 2),)]
    assert c.effect_room == {"wood": 1}
    assert buffer_room(s, 0) == {"wood": 3}
    assert c.buffered.get("wood") == 3  # the house's 2 and the Lodge's 1


def test_a_produced_key_on_a_building_without_a_buffer_is_refused() -> None:  # CO-POSITION
    with pytest.raises(RuleViolation, match=r"buildings\[0\]\.produced: only a production or "
                                            "sustenance building"):
        GAME.new_state(["Ann", "Bo"], None, ann(buildings=[
            {"building": "farm", "produced": False}, "farm"]))


def test_a_copy_keeps_its_own_buildings_in_the_cached_yields() -> None:  # CO-BUFFER
    # the yields cached before a copy name the copy's buildings, so the copy's production
    # phase finds them (it crashed on the original's)
    from referee.model.colonists.community import building_yields

    state = start({"era": 1, "year": 2, "stage": "end_year", "board": BOARD,
                   "players": {"Ann": {"buildings": ["farm", "farm", HOUSE]}}})
    assert building_yields(state, 0, ("production",)) == [{"wood": 2}]
    copy = state.copy()
    play(copy, {"phase": "sustenance"})
    assert copy.p[0].buffered == {"wood": 2} and state.p[0].buffered == {}
