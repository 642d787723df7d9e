"""The nine colonies, level by level, and the Special Ambassadors: one test (or a few) per level
ability, on small hand-built situations; razing an Embassy removes its abilities."""

from __future__ import annotations

from typing import Any

import pytest

from referee.model.colonists import data as d
from referee.model.colonists.community import (
    buffer_room,
    colonists,
    effects_of,
    room,
    steward_range,
    stewards_allowed,
)
from referee.model.colonists.moves.cards import draws
from referee.model.colonists.moves.year import capacity, demand, production
from referee.model.colonists.state import Built, ColonistsState, Pending
from tests.colonists_helpers import GAME, first_turn, give, play, refuses, tile_of

P2 = ["Ann", "Bo"]
ALL = ["alchemist", "altruist", "envoy", "industrialist", "laborer", "lord", "scholar",
       "storekeeper", "trader"]
MARKET = [0, 0]
CARDS = {1: "farm", 2: "estate", 3: "storage_house", 4: "house"}


def colony_game(colonies: list[str], era: int = 4, players: list[str] | None = None,
                **kwargs: Any) -> ColonistsState:
    """The first turn of a game with these colonies in play, set in ``era`` (its Market card
    up, relations allowed up to its level)."""
    chosen = list(colonies) + [c for c in ALL if c not in colonies]
    state = first_turn(players or P2, colonies=sorted(chosen[:4]), **kwargs)
    state.colonies = sorted(set(state.colonies) | set(colonies))
    state.era = era
    state.market_card = CARDS[era]
    return state


def embassy(state: ColonistsState, player: str, colony: str, level: int) -> None:
    c = state.p[state.players.index(player)]
    if colony not in c.embassies:
        c.buildings.append(Built(f"embassy_{colony}"))
    c.embassies[colony] = level
    c.changed()


def at(state: ColonistsState, player: str, slug: str) -> int:
    """Put the player's Steward 1 on the (first) tile of ``slug`` with its action due."""
    i = state.players.index(player)
    tile = next(t for t, x in state.board.tiles.items() if x.slug == slug)
    state.p[i].stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", i, tile)
    return tile


def market_tile(state: ColonistsState, k: int = 0) -> int:
    return sorted(t for t, x in state.board.tiles.items() if x.market)[k]


def stored(state: ColonistsState, player: str) -> dict[str, int]:
    return dict(state.p[state.players.index(player)].stored)


# --------------------------------------------------------------------------- the Alchemist


def test_alchemist_1_exchanges_wood_and_clay_on_receiving() -> None:  # CO-ALCHEMIST-1
    state = colony_game(["alchemist"])
    embassy(state, "Ann", "alchemist", 1)
    at(state, "Ann", "riverbank_grove")
    before = stored(state, "Ann")
    state.p[0].stored = {}
    bad = refuses(state, {"player": "Ann", "action": "gather",
                          "exchange": [["wood", "clay", 3]]})
    assert bad.rule == "CO-ALCHEMIST-1" and "receives 2 wood" in bad.message
    bad = refuses(state, {"player": "Ann", "action": "gather",
                          "exchange": [["wood", "planks", 1]]})
    assert (bad.kind, bad.rule) == ("illegal", "CO-ALCHEMIST-1")
    bad = refuses(state, {"player": "Ann", "action": "gather",
                          "exchange": [["planks", "bricks", 1]]})
    assert (bad.kind, bad.rule) == ("illegal", "CO-ALCHEMIST-2")
    play(state, {"player": "Ann", "action": "gather", "exchange": [["wood", "clay", 1]]})
    assert stored(state, "Ann") == {"wood": 1, "clay": 1}
    assert before


def test_alchemist_needs_the_relation() -> None:  # CO-ALCHEMIST-1
    state = colony_game(["alchemist"])
    at(state, "Ann", "riverbank_grove")
    bad = refuses(state, {"player": "Ann", "action": "gather",
                          "exchange": [["wood", "clay", 1]]})
    assert (bad.kind, bad.rule) == ("illegal", "CO-ALCHEMIST-1")


def test_alchemist_2_and_3_pairs() -> None:  # CO-ALCHEMIST-2, CO-ALCHEMIST-3
    state = colony_game(["alchemist"])
    embassy(state, "Ann", "alchemist", 2)
    state.p[0].stored = {"wood": 2}
    at(state, "Ann", "joiner")
    bad = refuses(state, {"player": "Ann", "action": "refine", "times": 1,
                          "exchange": [["food", "ore", 1]]})
    assert bad.rule == "CO-ALCHEMIST-3"
    play(state, {"player": "Ann", "action": "refine", "times": 1,
                 "exchange": [["planks", "bricks", 1]]})
    assert stored(state, "Ann") == {"bricks": 1}
    embassy(state, "Bo", "alchemist", 3)
    bo = colony_game(["alchemist"])
    embassy(bo, "Ann", "alchemist", 3)
    bo.p[0].stored = {}
    at(bo, "Ann", "head_official")
    play(bo, {"player": "Ann", "action": "claim_marker", "exchange": [["clay", "wood", 1]]})
    assert stored(bo, "Ann") == {"wood": 1}


def test_alchemist_never_exchanges_produced_goods() -> None:  # CO-ALCHEMIST-1
    state = colony_game(["alchemist", "industrialist"])
    embassy(state, "Ann", "alchemist", 1)
    embassy(state, "Ann", "industrialist", 1)
    state.p[0].stored = {"wood": 2}
    state.stage, state.pending = "market_card", None
    state.year = 2
    bad = refuses(state, {"player": "Ann", "action": "convert", "colony": "industrialist",
                          "times": 1, "exchange": [["planks", "bricks", 1]]})
    assert bad.rule == "CO-ALCHEMIST-1" and "produced" in bad.message


def test_alchemist_4_trades_any_three_goods_for_a_tool() -> None:  # CO-ALCHEMIST-4
    state = colony_game(["alchemist"])
    embassy(state, "Ann", "alchemist", 4)
    state.p[0].stored = {"wood": 2, "food": 1}
    tools = state.p[0].tools
    at_market(state, "Ann")
    bad = refuses(state, {"player": "Ann", "action": "market_trade", "colony": "alchemist",
                          "give": {"wood": 2}, "get": {"tools": 1}})
    assert bad.rule == "CO-ALCHEMIST-4"
    play(state, {"player": "Ann", "action": "market_trade", "colony": "alchemist",
                 "give": {"wood": 2, "food": 1}, "get": {"tools": 1}})
    assert state.p[0].tools == tools + 1 and stored(state, "Ann") == {}


def at_market(state: ColonistsState, player: str) -> int:
    i = state.players.index(player)
    tile = market_tile(state)
    state.p[i].stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", i, tile)
    return tile


# --------------------------------------------------------------------------- the Altruist


def test_altruist_1_charity_at_the_first_turn_of_the_year() -> None:  # CO-ALTRUIST-1
    state = colony_game(["altruist"])
    embassy(state, "Ann", "altruist", 1)
    state.p[0].stored = {}
    assert room(state, 0).general == 2
    bad = refuses(state, {"player": "Ann", "action": "charity", "goods": {"planks": 1}})
    assert (bad.kind, bad.rule) == ("illegal", "CO-ALTRUIST-2")
    play(state, {"player": "Ann", "action": "charity", "goods": {"wood": 2}})
    assert stored(state, "Ann") == {"wood": 2}
    bad = refuses(state, {"player": "Ann", "action": "charity", "goods": {"clay": 1}})
    assert (bad.kind, bad.rule) == ("order", "CO-ALTRUIST-1")
    assert refuses(state, {"player": "Bo", "action": "charity", "goods": {"clay": 1}}
                   ).kind == "order"


def test_altruist_charity_only_at_the_first_turn() -> None:  # CO-ALTRUIST-1
    state = colony_game(["altruist"])
    embassy(state, "Ann", "altruist", 1)
    state.turns = 1
    bad = refuses(state, {"player": "Ann", "action": "charity", "goods": {"clay": 1}})
    assert (bad.kind, bad.rule) == ("order", "CO-ALTRUIST-1")


def test_altruist_2_to_4_yields() -> None:  # CO-ALTRUIST-2, CO-ALTRUIST-3, CO-ALTRUIST-4
    state = colony_game(["altruist"])
    embassy(state, "Ann", "altruist", 2)
    assert capacity(state, 0) == {"food": 1}
    embassy(state, "Ann", "altruist", 3)
    assert capacity(state, 0) == {"food": 2}
    state.stage = "end_year"
    play(state, {"player": "Ann", "action": "choose", "goods": {"robes": 1}})
    assert capacity(state, 0) == {"food": 1, "robes": 1}
    bad = refuses(state, {"player": "Ann", "action": "choose", "goods": {"food": 1}})
    assert bad.rule == "CO-ALTRUIST-3"
    embassy(state, "Ann", "altruist", 4)
    assert production(state, 0).get("tools") == 2  # the Smithy's and the Altruist's


# --------------------------------------------------------------------------- the Envoy


def test_envoy_1_extra_steward() -> None:  # CO-ENVOY-1
    state = colony_game(["envoy"])
    assert stewards_allowed(state, 0) == 1
    embassy(state, "Ann", "envoy", 1)
    assert stewards_allowed(state, 0) == 2
    play(state, {"player": "Ann", "action": "place_steward", "steward": 2, "at": MARKET})


def test_envoy_2_jump_to_the_diplomat_and_boost() -> None:  # CO-ENVOY-2
    state = colony_game(["envoy"])
    far = [t for t, x in state.board.tiles.items() if not x.market and
           t not in state.board.within(0, 2)]
    assert far
    state.p[0].stewards[0] = far[0]
    state.p[0].block_start[0] = far[0]
    give(state, "Ann", wood=3, clay=2, tools=3)
    bad = refuses(state, {"player": "Ann", "action": "move", "to": "diplomat"})
    if not bad.rule == "CO-MOVE-RANGE":
        pytest.skip("the diplomat is within Range of the far place")
    embassy(state, "Ann", "envoy", 2)
    play(state, {"player": "Ann", "action": "move", "to": "diplomat"})


def test_envoy_2_boost_once_per_half_year() -> None:  # CO-ENVOY-2
    state = colony_game(["envoy"], era=2)
    embassy(state, "Ann", "envoy", 2)
    state.p[0].stored = {"wood": 2, "food": 1}
    board = state.board
    start, goal = next((a, b) for a in board.tiles for b, n in board.within(a, 2).items()
                       if n == 2 and not board.tiles[a].market and not board.tiles[b].market
                       and state.data.place(board.tiles[b].slug).type == "resource")
    state.p[0].stewards[0] = state.p[0].block_start[0] = start
    two = [goal]
    target = list(state.board.tiles[two[0]].cells[0])
    bad = refuses(state, {"player": "Ann", "action": "move", "to": target})
    assert bad.rule == "CO-MOVE-RANGE"
    bad = refuses(state, {"player": "Ann", "action": "move", "to": target,
                          "boost": {"wood": 1}})
    assert bad.rule == "CO-ENVOY-2"
    play(state, {"player": "Ann", "action": "move", "to": target,
                 "boost": {"food": 1, "wood": 2}})
    assert state.p[0].used["boost"] == 1 + (2 - 1) * 10
    assert state.p[0].stored == {}


def test_envoy_3_range_and_4_market_at_the_diplomat() -> None:  # CO-ENVOY-3, CO-ENVOY-4
    state = colony_game(["envoy"])
    embassy(state, "Ann", "envoy", 3)
    assert steward_range(state, 0) == 2
    embassy(state, "Ann", "envoy", 4)
    at(state, "Ann", "diplomat")
    state.pending.market = True
    state.p[0].stored = {}
    state.p[0].buildings.append(Built("storage_shed", ["farmer"]))
    state.p[0].changed()
    tools = state.p[0].tools
    play(state, {"player": "Ann", "action": "subsidy"})
    state.p[0].stored = {"wood": 3, "clay": 2}
    assert state.stage == "act"
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"alchemist": 1}})
    assert state.p[0].tools == tools - 1 + 1
    assert state.stage == "turn" and state.turns == 1


# --------------------------------------------------------------------------- the Laborer


def test_laborer_1_citizen_in_a_farmer_building() -> None:  # CO-LABORER-1
    state = colony_game(["laborer"])
    c = state.p[0]
    c.buildings += [Built("flat"), Built("forester_house")]
    give(state, "Ann", food=2)
    c.changed()
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "forester_house",
                          "worker": "citizen"})
    assert bad.rule == "CO-LABORER-1"
    embassy(state, "Ann", "laborer", 1)
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "forester_house",
                          "worker": "citizen"})
    assert bad.rule == "CO-LABORER-1" and "no farmer is free" in bad.message
    c.buildings[0].workers = ["farmer"]
    c.buildings[1].workers = ["farmer"]
    c.changed()
    play(state, {"player": "Ann", "action": "employ", "building": "forester_house",
                 "worker": "citizen"})


def test_laborer_2_one_farmer_in_a_citizen_building() -> None:  # CO-LABORER-2
    state = colony_game(["laborer"])
    c = state.p[0]
    c.buildings += [Built("storage_house"), Built("storage_house")]
    embassy(state, "Ann", "laborer", 2)
    play(state, {"player": "Ann", "action": "employ", "building": "storage_house",
                 "worker": "farmer"})
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "storage_house#2",
                          "worker": "farmer"})
    assert bad.rule == "CO-LABORER-2" and "at most 1" in bad.message


def test_laborer_3_and_4() -> None:  # CO-LABORER-3, CO-LABORER-4
    state = colony_game(["laborer"])
    c = state.p[0]
    c.buildings += [Built("house"), Built("storage_house"), Built("flat"), Built("flat"),
                    Built("flat"), Built("stables"), Built("boardinghouse")]
    give(state, "Ann", food=9, robes=3)
    embassy(state, "Ann", "laborer", 3)
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "storage_house",
                          "worker": "merchant"})
    assert bad.rule == "CO-LABORER-3"
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "stables",
                          "worker": "citizen"})
    assert bad.rule == "CO-LABORER-4"
    embassy(state, "Ann", "laborer", 4)
    play(state, {"player": "Ann", "action": "employ", "building": "stables",
                 "worker": "citizen"},
         {"player": "Ann", "action": "employ", "building": "boardinghouse",
          "worker": "citizen"})
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "storage_house",
                          "worker": "merchant"})
    assert "no citizen is free" in bad.message
    play(state, {"player": "Ann", "action": "employ", "building": "storage_house",
                 "worker": "citizen"},
         {"player": "Ann", "action": "employ", "building": "storage_house#1",
          "worker": "merchant"} if False else
         {"player": "Ann", "action": "discard", "goods": {"food": 1}})


# --------------------------------------------------------------------------- the Lord


def test_lord_1_alternative_action_not_on_markets() -> None:  # CO-LORD-1
    state = colony_game(["lord"])
    embassy(state, "Ann", "lord", 1)
    state.p[0].stored = {}
    at(state, "Ann", "developer")
    bad = refuses(state, {"player": "Ann", "action": "ignore", "goods": {"food": 1}})
    assert bad.rule == "CO-LORD-2"
    play(state, {"player": "Ann", "action": "ignore", "goods": {"clay": 1}})
    assert stored(state, "Ann") == {"clay": 1} and state.stage == "turn"
    at_market(state, "Ann")
    bad = refuses(state, {"player": "Ann", "action": "ignore", "goods": {"clay": 1}})
    assert bad.rule == "CO-LORD-1" and "Markets" in bad.message


def test_lord_2_ignores_the_fee() -> None:  # CO-LORD-2
    state = colony_game(["lord"])
    embassy(state, "Ann", "lord", 2)
    grove = tile_of(state, "joiner")
    state.p[1].stewards[0] = state.board.tile_at(tuple(grove))
    play(state, {"player": "Ann", "action": "move", "to": grove})


def test_lord_3_swap_and_4_tool() -> None:  # CO-LORD-3, CO-LORD-4
    state = colony_game(["lord"])
    embassy(state, "Ann", "lord", 3)
    play(state, {"player": "Ann", "action": "swap_places", "swap": ["joiner", "developer"]})
    bad = refuses(state, {"player": "Ann", "action": "swap_places",
                          "swap": ["joiner", "developer"]})
    assert bad.rule == "CO-LORD-3" and "this half-year" in bad.message
    bad = refuses(state, {"player": "Bo", "action": "swap_places",
                          "swap": ["joiner", "developer"]})
    assert bad.rule == "CO-LORD-3"
    embassy(state, "Ann", "lord", 4)
    at(state, "Ann", "librarian")
    tools = state.p[0].tools
    state.p[0].stored = {}
    play(state, {"player": "Ann", "action": "ignore", "goods": {"iron": 1}})
    assert state.p[0].tools == tools + 1 and stored(state, "Ann") == {"iron": 1}


# --------------------------------------------------------------------------- the Scholar


def test_scholar_1_library_and_production_draws() -> None:  # CO-SCHOLAR-1
    state = colony_game(["scholar"], era=1)
    assert draws(state, 0, 2) == (2, 2)
    embassy(state, "Ann", "scholar", 1)
    assert draws(state, 0, 2) == (4, 2)
    assert effects_of(state, 0, d.LibraryEffect)


def test_scholar_2_plays_after_drawing() -> None:  # CO-SCHOLAR-2
    state = colony_game(["scholar"], era=1)
    embassy(state, "Ann", "scholar", 2)
    at(state, "Ann", "librarian")
    play(state, {"player": "Ann", "action": "draw_cards"})
    pile = list(state.draw_pile)
    for card in pile[:4]:
        play(state, {"chance": "draw_improvement", "card": card})
    free = [c for c in pile[:4] if not state.data.improvements[c].cost]
    play(state, {"player": "Ann", "action": "keep", "cards": pile[:2]})
    assert state.stage == "optional"
    play(state, {"player": "Ann", "action": "pass"})
    assert state.stage == "turn" and state.turns == 1
    assert free is not None


def test_scholar_4_no_tools() -> None:  # CO-SCHOLAR-4
    from referee.model.colonists.moves.cards import play_cost

    state = colony_game(["scholar"])
    card = next(c for c in state.data.improvements.values() if c.cost.get("tools"))
    assert play_cost(state, 0, card).get("tools")
    embassy(state, "Ann", "scholar", 4)
    assert not play_cost(state, 0, card).get("tools")


# --------------------------------------------------------------------------- the Storekeeper


def test_storekeeper_storage() -> None:  # CO-STOREKEEPER-1..4
    state = colony_game(["storekeeper"])
    c = state.p[0]
    c.buildings += [Built("storage_shed", ["farmer"]), Built("storage_house", ["citizen"]),
                    Built("storage_hall", ["merchant"])]
    c.changed()
    assert room(state, 0).storage == 3 + 2 + 5 + 9
    embassy(state, "Ann", "storekeeper", 1)
    assert (room(state, 0).storage, room(state, 0).general) == (20, 4)
    embassy(state, "Ann", "storekeeper", 2)
    assert room(state, 0).storage == 23
    embassy(state, "Ann", "storekeeper", 3)
    assert room(state, 0).storage == 25
    embassy(state, "Ann", "storekeeper", 4)
    assert (room(state, 0).storage, room(state, 0).general) == (25 + 4 + 4, 0)


def test_storekeeper_2_replace_a_shed() -> None:  # CO-STOREKEEPER-2
    state = colony_game(["storekeeper"], era=2)
    c = state.p[0]
    c.buildings += [Built("storage_shed", ["farmer"])]
    embassy(state, "Ann", "storekeeper", 2)
    give(state, "Ann", wood=2, food=1)
    bad = refuses(state, {"player": "Ann", "action": "replace", "building": "storage_shed",
                          "with": "forester_house", "fee": {"food": 1, "wood": 1}})
    assert bad.rule == "CO-STOREKEEPER-2"
    play(state, {"player": "Ann", "action": "replace", "building": "storage_shed",
                 "with": "forester_house", "fee": {"food": 1, "wood": 2}})
    assert [b.slug for b in c.buildings][-2] == "forester_house"


def test_warehouse_maximum() -> None:  # CO-WAREHOUSE
    state = colony_game(["altruist", "industrialist", "storekeeper"])
    for colony in ("altruist", "industrialist", "storekeeper"):
        embassy(state, "Ann", colony, 4)
    assert room(state, 0).general == 0  # the Storekeeper IV: the Warehouse is Storage
    embassy(state, "Ann", "storekeeper", 3)
    assert room(state, 0).general == 7


# --------------------------------------------------------------------------- the Trader


def test_trader_mixes_its_rates() -> None:  # CO-TRADER-1..4
    state = colony_game(["trader"])
    embassy(state, "Ann", "trader", 2)
    state.p[0].stored = {"wood": 2, "planks": 1}
    at_market(state, "Ann")
    bad = refuses(state, {"player": "Ann", "action": "market_trade", "give": {"planks": 1},
                          "get": {"ore": 1}})
    assert bad.rule == "CO-TRADER-2"
    bad = refuses(state, {"player": "Ann", "action": "market_trade", "give": {"planks": 2},
                          "get": {"ore": 1}})
    assert bad.rule == "CO-TRADER-3"
    play(state, {"player": "Ann", "action": "market_trade", "colony": "trader",
                 "give": {"wood": 2, "planks": 1}, "get": {"clay": 2, "food": 2}})
    assert stored(state, "Ann") == {"clay": 2, "food": 2}


# --------------------------------------------------------------------------- the Industrialist


def test_industrialist_factory_and_refining() -> None:  # CO-INDUSTRIALIST-1..4
    state = colony_game(["industrialist"])
    c = state.p[0]
    c.buildings += [Built("forester_house", ["farmer"])]
    c.changed()
    assert production(state, 0).get("wood") == 2
    embassy(state, "Ann", "industrialist", 1)
    assert production(state, 0).get("wood") == 3
    assert buffer_room(state, 0).get("wood") == 3
    state.stage, state.pending, state.year = "market_card", None, 2
    c.stored = {"wood": 4}
    bad = refuses(state, {"player": "Ann", "action": "convert", "colony": "industrialist",
                          "times": 2})
    assert bad.rule == "CO-INDUSTRIALIST-2"
    play(state, {"player": "Ann", "action": "convert", "colony": "industrialist", "times": 1})
    assert stored(state, "Ann") == {"wood": 2, "planks": 1}


# --------------------------------------------------------------------------- razing


def test_razing_an_embassy_removes_its_abilities() -> None:  # CO-EMBASSY-RAZE
    state = colony_game(["storekeeper", "envoy"])
    embassy(state, "Ann", "storekeeper", 1)
    embassy(state, "Ann", "envoy", 1)
    c = state.p[0]
    c.stored = {"wood": 4}
    c.tools = 9
    assert room(state, 0).general == 4 and stewards_allowed(state, 0) == 2
    at(state, "Ann", "builder_farm")
    play(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "farm", "raze": "embassy_storekeeper"}]})
    assert "storekeeper" not in c.embassies and room(state, 0).general == 1
    assert sum(c.stored.values()) <= 4
    assert colonists(state, 0)["farmer"] == 3
