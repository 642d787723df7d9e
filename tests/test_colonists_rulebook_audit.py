"""The Colonists against its rulebook, statement by statement: situations where the engine once
disagreed with the rulebook, each played both ways and pinned by the rule it concerns."""

from __future__ import annotations

from referee.model.colonists.community import at_home, colonists
from referee.model.colonists.state import Built, ColonistsState, Pending
from tests.colonists_helpers import first_turn, play, refuses

P2 = ["Ann", "Bo"]


def _at(state: ColonistsState, slug: str) -> None:
    """Ann's Steward at the (first) tile of ``slug``, its action due."""
    tile = next(t for t, x in state.board.tiles.items() if x.slug == slug)
    state.p[0].stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", 0, tile)


def _full_community(state: ColonistsState) -> None:
    """Ann's 23 spots all taken: 17 more Farms, 2 Pubs, a Storage Shed with its Farmer (room
    for the 5 goods of a level I relation) and a Forester's House with its Farmer."""
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(17)]
    c.buildings += [Built("pub"), Built("pub"), Built("storage_shed", ["farmer"]),
                    Built("forester_house", ["farmer"])]
    c.stored = {"wood": 3, "clay": 2}
    c.tools = 3


# rulebook "Establishing a Diplomatic Relation" (lines 504-510): an Embassy is built on an empty
# Building spot and "Embassies are subject to the same rules as Buildings"; "Razing" (lines
# 412-416): with no spot left, a Building may be razed for 2 Tools to make room.
def test_a_building_is_razed_to_make_room_for_a_new_embassy() -> None:  # CO-RAZE, CO-DIPLOMAT
    state = first_turn(P2)
    _full_community(state)
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1}})
    assert bad.rule == "CO-BUILD-SPOTS"
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1},
                          "raze": ["pub", "pub"]})
    assert bad.rule == "CO-RAZE" and "2 razed for 1 new relation" in bad.message
    state.p[0].tools = 2  # 1 Tool for the relation, 2 for the razing
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1},
                          "raze": "pub"})
    assert bad.rule == "CO-DIPLOMAT" and "3 tools" in bad.message
    state.p[0].tools = 3
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1},
                 "raze": "pub"})
    c = state.p[0]
    assert c.tools == 0 and c.stored == {}
    assert sum(b.slug == "pub" for b in c.buildings) == 1
    assert c.embassies == {"trader": 1} and len(c.buildings) == 23


def test_razing_for_an_embassy_follows_the_razing_rules() -> None:  # CO-RAZE
    # "You may raze Buildings at any time, even if you have empty Building spots left"; a
    # Residence only with its Colonists at home; a razed building's Worker goes home.
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("storage_shed", ["farmer"]), Built("forester_house", ["farmer"])]
    c.stored = {"wood": 3, "clay": 2}
    c.tools = 3
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1},
                          "raze": "farm"})
    assert bad.rule == "CO-RAZE" and "farmer(s) at home" in bad.message
    assert at_home(state, 0)["farmer"] == 0
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1},
                 "raze": "forester_house"})
    assert at_home(state, 0)["farmer"] == 1 and colonists(state, 0)["farmer"] == 2
    assert [b.slug for b in c.buildings] == ["farm", "farm", "storage_shed", "embassy_trader"]
    assert c.tools == 0
