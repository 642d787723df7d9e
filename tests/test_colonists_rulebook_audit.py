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


def _two_sheds(state: ColonistsState, stored: dict[str, int], tools: int) -> list[int]:
    """Ann with a staffed and an empty Storage Shed (copies that differ), in Era II; the
    Joiner next to her Market becomes ``builder_storage_house``; its cell."""
    c = state.p[0]
    state.era, state.market_card = 2, "storage_house"
    c.buildings += [Built("storage_shed", ["farmer"]), Built("storage_shed")]
    c.stored, c.tools = dict(stored), tools
    tile = next(t for t, x in state.board.tiles.items() if x.slug == "joiner")
    state.board.tiles[tile].slug = "builder_storage_house"
    return list(state.board.tiles[tile].cells[0])


# rulebook "Remodeling" (lines 424-437): an upgrade replaces the building it upgrades; "Your
# Turn" (line 248): the Steward may move where an action can be carried out. With two Storage
# Sheds in different conditions the remodel names the copy; the move there is legal.
def test_a_remodel_of_one_of_two_different_copies_makes_the_builder_reachable() -> None:
    # CO-MOVE-ACTION, CO-REMODEL
    state = first_turn(P2)
    cell = _two_sheds(state, {"planks": 1, "bricks": 1, "wood": 1}, tools=2)
    play(state, {"player": "Ann", "action": "move", "to": cell})
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["storage_house"]})
    assert bad.kind == "schema" and "storage_shed#k" in bad.message
    play(state, {"player": "Ann", "action": "build",
                 "buildings": [{"building": "storage_house", "from": "storage_shed#2"}]})
    assert [b.slug for b in state.p[0].buildings][-2:] == ["storage_shed", "storage_house"]
    assert state.p[0].stored == {"wood": 1} and state.p[0].tools == 0


def test_without_the_goods_for_the_remodel_the_builder_stays_out_of_reach() -> None:
    # CO-MOVE-ACTION
    state = first_turn(P2)
    cell = _two_sheds(state, {"planks": 1, "wood": 1}, tools=2)
    bad = refuses(state, {"player": "Ann", "action": "move", "to": cell})
    assert bad.rule == "CO-MOVE-ACTION"


def test_a_building_contract_remodelling_one_of_two_different_copies_is_playable() -> None:
    # CO-MOVE-ACTION, CO-DEVELOP: the Developer is reachable with only that card to play
    state = first_turn(P2)
    _two_sheds(state, {"wood": 1, "bricks": 1}, tools=0)
    state.p[0].hand = [213]  # Building Contract - Storage House: 2 Tools, 1 Wood, 1 Brick
    developer = next(t for t, x in state.board.tiles.items() if x.slug == "developer")
    state.p[0].stewards[0] = state.p[0].block_start[0] = next(
        t for t in state.board.adjacent_tiles(developer) if not state.board.tiles[t].market)
    play(state, {"player": "Ann", "action": "move",
                 "to": list(state.board.tiles[developer].cells[0])})
    play(state, {"player": "Ann", "action": "develop", "card": 213,
                 "buildings": [{"building": "storage_house", "from": "storage_shed#1"}]})
    assert [b.slug for b in state.p[0].buildings][-2:] == ["storage_house", "storage_shed"]
    assert state.p[0].tools == 0 and state.p[0].stored == {}


# rulebook "Drawing Improvements" (lines 472-476): the cards drawn go to the hand, or with a
# Library two are kept and two discarded; "Playing Improvements" (line 482): the Scholar's play
# follows. While it is open, each card drawn is in one place only (the hand or the discard).
def test_the_cards_drawn_are_in_one_place_while_the_scholars_play_is_open() -> None:
    # CO-LIBRARIAN, CO-SCHOLAR-2
    from referee.invariants.colonists import cards_in_one_place
    from tests.test_colonists_colonies import at, colony_game, embassy

    state = colony_game(["scholar"], era=2)
    embassy(state, "Ann", "scholar", 2)  # the Embassy counts as a Library: 4 drawn, 2 kept
    at(state, "Ann", "librarian")
    play(state, {"player": "Ann", "action": "draw_cards"})
    drawn = list(state.draw_pile[:4])
    for card in drawn:
        play(state, {"chance": "draw_improvement", "card": card})
    play(state, {"player": "Ann", "action": "keep", "cards": drawn[:2]})
    assert state.stage == "optional" and state.pending is not None
    assert state.p[0].hand[-2:] == drawn[:2] and state.discard[-2:] == drawn[2:]
    assert state.pending.drawn == [] and cards_in_one_place(state) is None


# rulebook "Razing" (lines 412-416) with "Playing Improvements" (line 480) and "Remodeling"
# (line 434: Building Contracts work like Builders): at the Developer, with no spot left, a
# Building Contract builds in place of a building razed for 2 Tools, paid with the 2 Tools the
# Developer gives first; so the move there is legal.
def test_a_building_contract_razing_for_room_makes_the_developer_reachable() -> None:
    # CO-MOVE-ACTION, CO-RAZE
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(17)] + [Built("pub") for _ in range(4)]
    c.stored, c.tools, c.hand = {"wood": 1}, 0, [114]  # Building Contract - Farm: 1 Wood
    developer = next(t for t, x in state.board.tiles.items() if x.slug == "developer")
    c.stewards[0] = c.block_start[0] = next(
        t for t in state.board.adjacent_tiles(developer) if not state.board.tiles[t].market)
    play(state, {"player": "Ann", "action": "move",
                 "to": list(state.board.tiles[developer].cells[0])})
    bad = refuses(state, {"player": "Ann", "action": "develop", "card": 114,
                          "buildings": ["farm"]})
    assert bad.rule == "CO-BUILD-SPOTS"
    play(state, {"player": "Ann", "action": "develop", "card": 114,
                 "buildings": [{"building": "farm", "raze": "pub"}]})
    assert c.tools == 0 and c.stored == {} and len(c.buildings) == 23
    assert sum(b.slug == "pub" for b in c.buildings) == 3 and 114 in state.discard


def test_without_the_tools_for_razing_the_developer_stays_out_of_reach() -> None:
    # CO-MOVE-ACTION
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(17)] + [Built("pub") for _ in range(4)]
    c.stored, c.tools, c.hand = {}, 0, [114]  # no Wood for the Farm
    developer = next(t for t, x in state.board.tiles.items() if x.slug == "developer")
    c.stewards[0] = c.block_start[0] = next(
        t for t in state.board.adjacent_tiles(developer) if not state.board.tiles[t].market)
    bad = refuses(state, {"player": "Ann", "action": "move",
                          "to": list(state.board.tiles[developer].cells[0])})
    assert bad.rule == "CO-MOVE-ACTION"


def test_a_relation_needing_a_razed_building_makes_the_diplomat_reachable() -> None:
    # CO-MOVE-ACTION, CO-RAZE
    state = first_turn(P2)
    _full_community(state)
    c = state.p[0]
    diplomat = next(t for t, x in state.board.tiles.items() if x.slug == "diplomat")
    c.stewards[0] = c.block_start[0] = next(
        t for t in state.board.adjacent_tiles(diplomat) if not state.board.tiles[t].market)
    cell = list(state.board.tiles[diplomat].cells[0])
    c.tools = 2  # the relation's Tool, but not the 2 for razing
    assert refuses(state, {"player": "Ann", "action": "move", "to": cell}).rule == \
        "CO-MOVE-ACTION"
    c.tools = 3
    play(state, {"player": "Ann", "action": "move", "to": cell},
         {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1}, "raze": "pub"})
    assert c.embassies == {"trader": 1}


def _at_new(state: ColonistsState, slug: str) -> None:
    """Ann's Steward at a new tile of ``slug`` off the board's edge, its action due."""
    tile = state.board.add(slug, [(9, 9 + len(state.board.tiles))])
    state.p[0].stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", 0, tile)


def _lodge_to_remodel(state: ColonistsState) -> None:
    """Era III: a Flat's Citizen at home, a Hunting Lodge with its Farmer and 1 Food in its
    Buffer, Storage and Warehouse full once the Hunting Grounds are paid (3 Tools, 4 Wood,
    2 Clay from a Storage of 3 + 2 + 2 + 2 spaces)."""
    c = state.p[0]
    state.era, state.market_card = 3, "house"
    c.buildings[1] = Built("flat")
    c.buildings += [Built("farm"), Built("farm"), Built("farm"), Built("hunting_lodge", ["farmer"])]
    c.buildings += [Built("storage_shed", ["farmer"]) for _ in range(3)]
    c.stored = {"wood": 4, "clay": 2, "ore": 3, "food": 1}
    c.buffered = {"food": 1}
    c.tools = 3
    _at_new(state, "builder_hunting_grounds")


# rulebook "Remodeling" (line 438): the goods in a remodelled Production or Sustenance
# Building's Buffer are lost unless rearranged "or store[d] in the upgraded version (which
# requires immediately employing an appropriate Colonist)"; "Activating a Building" (line 444):
# the Colonist may be employed in the new Building at once. The build's `employ` does so.
def test_a_remodelled_buffer_stays_in_the_upgrade_employed_at_once() -> None:
    # CO-REMODEL, CO-EMPLOY, CO-BUFFER
    state = first_turn(P2)
    _lodge_to_remodel(state)
    play(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "hunting_grounds", "employ": "citizen"}]})
    c = state.p[0]
    grounds = next(b for b in c.buildings if b.slug == "hunting_grounds")
    assert grounds.workers == ["citizen"]
    # the Citizen is sustained at once (1 Food, from the Storage); the Buffer's Food stays
    assert c.buffered == {"food": 1} and c.stored == {"ore": 3}
    assert at_home(state, 0) == {"farmer": 1, "citizen": 0, "merchant": 0}


def _house_to_remodel(state: ColonistsState) -> None:
    """Era IV: a House's Merchant at home, a Storage House with its Citizen; Storage and
    Warehouse full (3 + 5 + 1) with the Storage Hall's price (3 Bricks, 1 Iron; 3 Tools) among
    the goods, and 2 Food and 1 Robe to sustain a Merchant."""
    c = state.p[0]
    state.era, state.market_card = 4, "house"
    c.buildings[1] = Built("house")
    c.buildings += [Built("flat"), Built("storage_house", ["citizen"])]
    c.stored = {"bricks": 3, "iron": 1, "food": 2, "robes": 1, "ore": 2}
    c.tools = 3
    _at_new(state, "builder_storage_hall")


# the same for a Storage Facility: its goods may stay in the upgraded version if its Worker
# is employed at once; otherwise what no longer fits is discarded.
def test_a_remodelled_storage_keeps_its_goods_with_its_worker_employed_at_once() -> None:
    # CO-REMODEL, CO-EMPLOY, CO-STORE
    state = first_turn(P2)
    _house_to_remodel(state)
    play(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "storage_hall", "employ": "merchant"}]})
    c = state.p[0]
    assert c.stored == {"ore": 2} and c.buildings[-1].workers == ["merchant"]
    state = first_turn(P2)
    _house_to_remodel(state)
    state.p[0].stored.update({"food": 0, "robes": 0, "ore": 5})
    play(state, {"player": "Ann", "action": "build", "buildings": ["storage_hall"]})
    c = state.p[0]
    assert sum(c.stored.values()) == 4 and c.buildings[-1].workers == []  # 5 left, 4 fit
    assert at_home(state, 0)["citizen"] == 1


def test_employing_at_once_follows_the_employment_rules() -> None:  # CO-EMPLOY
    state = first_turn(P2)
    _lodge_to_remodel(state)
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "hunting_grounds", "employ": "merchant"}]})
    assert bad.kind == "illegal" and "may not work" in bad.message
    state.p[0].stored["food"] = 0
    state.p[0].buffered = {}
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "hunting_grounds", "employ": "citizen"}]})
    assert bad.rule == "CO-EMPLOY" and "to sustain" in bad.message


# rulebook "End of a Year" (lines 548-552): "go through the following 5 phases in order": the
# start player adds the new Places (2) before the Colonists are redistributed (3).
def test_colonists_are_redistributed_only_after_the_new_places_are_added() -> None:
    # CO-REDISTRIBUTE
    state = first_turn(P2)
    state.p[0].buildings.append(Built("forester_house", ["farmer"]))
    state.stage, state.start, state.revealed = "end_year", 0, list(state.place_pile[:3])
    dismiss = {"player": "Ann", "action": "dismiss", "building": "forester_house"}
    bad = refuses(state, dismiss)
    assert (bad.kind, bad.rule) == ("order", "CO-REDISTRIBUTE")
    assert "after the start player adds the face-up Places" in bad.message
    from referee.model.colonists import GAME

    assert not [e for e in GAME.legal_actions(state) if e.name == "dismiss"]
    state.revealed = []
    play(state, dismiss)
    assert state.p[0].buildings[-1].workers == []
