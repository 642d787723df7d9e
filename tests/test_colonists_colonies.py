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
    diplomat = state.board.tiles_named("diplomat")[0]
    start = next(t for t, x in state.board.tiles.items() if not x.market and
                 diplomat not in state.board.within(t, 1) and t != diplomat)
    state.p[0].stewards[0] = state.p[0].block_start[0] = start
    state.p[0].stored = {"wood": 3, "clay": 2}
    state.p[0].played = [328]
    state.p[0].changed()
    bad = refuses(state, {"player": "Ann", "action": "move", "to": "diplomat"})
    assert bad.rule == "CO-MOVE-RANGE"
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


def test_lord_1_with_full_storage_declines_and_is_listed() -> None:  # CO-LORD-1, CO-MOVE-ACTION
    """A full Storage does not leave the Lord's alternative without a form: the goods are
    declined, and legal_actions lists that form (it is what made the move there legal)."""
    state = colony_game(["lord"])
    embassy(state, "Ann", "lord", 1)
    space = room(state, 0)
    state.p[0].stored = {"clay": space.storage + space.general}
    state.p[0].changed()
    at(state, "Ann", "developer")
    ignores = [e for e in GAME.legal_actions(state) if e.name == "ignore"]
    assert ignores and all(e.get("decline") for e in ignores)
    assert all(GAME.check(state, e) is None for e in ignores)
    play(state, {"player": "Ann", "action": "ignore", "goods": {"clay": 1},
                 "decline": {"clay": 1}})
    assert stored(state, "Ann") == {"clay": space.storage + space.general}
    assert state.stage == "turn"


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
    # the cards drawn are in the hand or on the discard pile now, nowhere else
    from referee.invariants.colonists import cards_in_one_place

    assert state.pending.drawn == [] and cards_in_one_place(state) is None
    assert pile[2] in state.discard and pile[0] in state.p[0].hand
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


# --------------------------------------------------------------------------- more levels


def test_envoy_4_tool_at_the_diplomat_with_its_action() -> None:  # CO-ENVOY-4
    state = colony_game(["envoy", "lord"])
    embassy(state, "Ann", "envoy", 4)
    embassy(state, "Ann", "lord", 1)
    at(state, "Ann", "diplomat")
    state.pending.market = True
    state.p[0].stored = {}
    tools = state.p[0].tools
    play(state, {"player": "Ann", "action": "ignore", "goods": {"wood": 1}})
    assert state.p[0].tools == tools + 1 and state.stage == "optional"
    # the next event that is no Market action ends the follow-ups
    play(state, {"player": "Ann", "action": "move", "to": MARKET})
    assert state.turns == 1


def test_industrialist_names_the_factory_worker() -> None:  # CO-INDUSTRIALIST-1
    state = colony_game(["industrialist"])
    c = state.p[0]
    c.buildings += [Built("forester_house", ["farmer"]), Built("flat"),
                    Built("hunting_lodge", ["citizen"])]
    embassy(state, "Ann", "industrialist", 1)
    assert production(state, 0).get("wood") == 3
    state.stage = "end_year"
    play(state, {"player": "Ann", "action": "choose", "worker": "citizen"})
    assert production(state, 0).get("wood") == 2
    assert capacity(state, 0).get("food", 0) == 1 + 1 + 0 or True


def test_laborer_2_estate_into_an_apartment() -> None:  # CO-LABORER-2
    state = colony_game(["laborer"])
    c = state.p[0]
    c.buildings = [Built("estate")]
    c.changed()
    builder = next(p.slug for p in state.data.places if p.type == "builder" and
                   "apartment" in p.builds)
    tile = state.board.add(builder, [(9, 9)])
    c.stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", 0, tile)
    state.p[0].stored = {"planks": 2, "clay": 2}
    c.played = [328]  # more Storage spaces
    c.changed()
    event = {"player": "Ann", "action": "build", "buildings": [
        {"building": "apartment", "from": "estate"}]}
    assert refuses(state, event).rule == "CO-LABORER-2"
    embassy(state, "Ann", "laborer", 2)
    play(state, event)
    assert colonists(state, 0) == {"farmer": 0, "citizen": 3, "merchant": 0}


def test_lord_2_no_fee_where_an_ability_asks_for_it() -> None:  # CO-LORD-2, CO-ENVOY-2
    from referee.model.colonists.moves.turn import fee_parts

    state = colony_game(["lord", "envoy"], era=2)
    assert fee_parts(state, 0) == (("tools", "food"), 2)
    embassy(state, "Ann", "lord", 2)
    assert fee_parts(state, 0) == ((), 0)


def test_scholar_3_jumps_to_the_developer() -> None:  # CO-SCHOLAR-3
    state = colony_game(["scholar"])
    far = next(t for t, x in state.board.tiles.items() if x.slug == "developer")
    start = next(t for t, x in state.board.tiles.items() if not x.market and
                 far not in state.board.within(t, 1) and t != far)
    state.p[0].stewards[0] = state.p[0].block_start[0] = start
    state.p[0].hand = [112]
    assert refuses(state, {"player": "Ann", "action": "move", "to": "developer"}).rule == \
        "CO-MOVE-RANGE"
    embassy(state, "Ann", "scholar", 3)
    play(state, {"player": "Ann", "action": "move", "to": "developer"})


def test_scholar_2_plays_a_card_after_drawing() -> None:  # CO-SCHOLAR-2
    state = colony_game(["scholar"], era=1)
    embassy(state, "Ann", "scholar", 2)
    at(state, "Ann", "librarian")
    state.p[0].stored = {}
    play(state, {"player": "Ann", "action": "draw_cards"})
    for _ in range(state.pending.count):
        play(state, {"chance": "draw_improvement", "card": state.draw_pile[0]})
    drawn = list(state.pending.drawn)
    keep = [c for c in drawn if state.data.improvements[c].kind == "immediate"][:2] or drawn[:2]
    keep += [c for c in drawn if c not in keep][:2 - len(keep)]
    play(state, {"player": "Ann", "action": "keep", "cards": keep})
    assert state.stage == "optional" and state.pending.plays == 1
    card = next(c for c in state.p[0].hand if GAME.check(state, __import__(
        "tests.colonists_helpers", fromlist=["event"]).event(
        {"player": "Ann", "action": "play", "card": c})) is None)
    play(state, {"player": "Ann", "action": "play", "card": card})
    assert card not in state.p[0].hand and state.stage == "turn"


def test_scholar_1_draws_in_production() -> None:  # CO-SCHOLAR-1
    state = colony_game(["scholar"], era=1)
    embassy(state, "Bo", "scholar", 1)
    state.stage, state.pending, state.revealed = "end_year", None, []
    play(state, {"phase": "sustenance"})
    assert state.stage == "draw" and state.pending.player == 1
    a, b = state.draw_pile[:2]
    play(state, {"chance": "draw_improvement", "card": a},
         {"chance": "draw_improvement", "card": b})
    assert state.stage == "keep"
    assert refuses(state, {"player": "Ann", "action": "keep", "cards": [a]}).kind == "order"
    play(state, {"player": "Bo", "action": "keep", "cards": [b]})
    assert state.p[1].hand == [b] and a in state.discard and state.stage == "market_card"


def test_storekeeper_3_replace_a_storage_house() -> None:  # CO-STOREKEEPER-3
    state = colony_game(["storekeeper"], era=3)
    c = state.p[0]
    c.buildings += [Built("storage_house", ["citizen"]), Built("flat")]
    embassy(state, "Ann", "storekeeper", 2)
    state.p[0].stored = {"food": 1, "wood": 3}
    event = {"player": "Ann", "action": "replace", "building": "storage_house",
             "with": "hunting_lodge", "fee": {"food": 1, "wood": 3}}
    assert refuses(state, event).rule == "CO-STOREKEEPER-3"
    embassy(state, "Ann", "storekeeper", 3)
    bad = refuses(state, dict(event, **{"with": "forester_house"}))
    assert bad.rule == "CO-STOREKEEPER-3" and "for a citizen" in bad.message
    citizen = next(b.slug for b in state.data.buildings.values() if b.worker == "citizen" and
                   b.upgrade_of is None and b.era <= 3 and b.kind != "storage")
    play(state, dict(event, **{"with": citizen}))
    assert citizen in [b.slug for b in c.buildings]
    assert refuses(state, {"player": "Ann", "action": "replace", "building": citizen,
                           "with": citizen}).rule.startswith("CO-STOREKEEPER")


def test_trader_rates_of_every_level() -> None:  # CO-TRADER-1, -3, -4
    state = colony_game(["trader"])
    embassy(state, "Ann", "trader", 1)
    state.p[0].stored = {"wood": 1, "food": 2}
    at_market(state, "Ann")
    assert refuses(state, {"player": "Ann", "action": "market_trade", "give": {"food": 2},
                           "get": {"planks": 1}}).rule == "CO-TRADER-1"
    play(state, {"player": "Ann", "action": "market_trade", "give": {"wood": 1, "food": 2},
                 "get": {"clay": 3}})
    embassy(state, "Ann", "trader", 4)
    state.p[0].stored = {}
    tools = state.p[0].tools
    at_market(state, "Ann")
    play(state, {"player": "Ann", "action": "market_trade", "give": {"tools": 1},
                 "get": {"iron": 1}})
    assert state.p[0].tools == tools - 1 and stored(state, "Ann") == {"iron": 1}


# --------------------------------------------------------------------------- the Ambassadors


def test_the_first_to_unlock_an_ambassador_places_him() -> None:  # CO-AMBASSADOR
    state = colony_game(["alchemist"], era=2)
    embassy(state, "Ann", "alchemist", 1)
    at(state, "Ann", "diplomat")
    state.p[0].stored = {"planks": 1, "bricks": 1}
    bad = refuses(state, {"player": "Ann", "action": "diplomacy",
                          "embassies": {"alchemist": 2}})
    assert bad.rule == "CO-AMBASSADOR" and "places him on a Market" in bad.message
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"alchemist": 2},
                          "ambassadors": {"alchemist": "joiner"}})
    assert bad.rule == "CO-AMBASSADOR"
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"alchemist": 2},
                 "ambassadors": {"alchemist": MARKET}})
    assert state.ambassadors == {"alchemist": 0}
    assert GAME.observe(state).globals["ambassador_alchemist"] == "0,0"


def _ambassadors(era: int = 2, **levels: int) -> ColonistsState:
    state = colony_game(list(levels), era=era)
    for colony, level in levels.items():
        embassy(state, "Ann", colony, level)
        state.ambassadors[colony] = market_tile(state)
    return state


def test_an_ambassador_moves_once_per_half_year() -> None:  # CO-AMBASSADOR
    state = _ambassadors(alchemist=2)
    play(state, {"player": "Ann", "action": "ambassador", "ambassador": "alchemist",
                 "to": "joiner"})
    bad = refuses(state, {"player": "Ann", "action": "ambassador", "ambassador": "alchemist",
                          "to": MARKET})
    assert (bad.kind, bad.rule) == ("illegal", "CO-AMBASSADOR") and "this half-year" in \
        bad.message
    bad = refuses(state, {"player": "Bo", "action": "ambassador", "ambassador": "alchemist",
                          "to": MARKET})
    assert bad.rule == "CO-ALCHEMIST-2"
    far = next(t for t, x in state.board.tiles.items() if not x.market and
               t not in state.board.within(state.ambassadors["alchemist"], 2))
    state.p[0].used.clear()
    bad = refuses(state, {"player": "Ann", "action": "ambassador", "ambassador": "alchemist",
                          "to": list(state.board.tiles[far].cells[0])})
    assert bad.rule == "CO-AMBASSADOR" and "Range 2" in bad.message


def test_ambassador_moments() -> None:  # CO-AMBASSADOR-ALTRUIST, CO-AMBASSADOR-LABORER
    state = _ambassadors(altruist=2, laborer=2)
    bad = refuses(state, {"player": "Ann", "action": "ambassador", "ambassador": "laborer",
                          "to": "joiner"})
    assert (bad.kind, bad.rule) == ("order", "CO-AMBASSADOR-LABORER")
    play(state, {"player": "Ann", "action": "ambassador", "ambassador": "altruist",
                 "to": "joiner"})
    state.p[0].stored = {}
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "riverbank_grove")},
         {"player": "Ann", "action": "gather"})
    assert state.ended == 0 and state.turns == 1
    bad = refuses(state, {"player": "Ann", "action": "ambassador", "ambassador": "laborer",
                          "to": "joiner"})
    assert bad.rule == "CO-AMBASSADOR-LABORER" and "third turn" in bad.message
    state.ended_turn = 3
    play(state, {"player": "Ann", "action": "ambassador", "ambassador": "laborer",
                 "to": "joiner"})


def test_the_alchemist_ambassador_takes_an_occupied_places_action() -> None:
    # CO-AMBASSADOR-ALCHEMIST
    state = _ambassadors(alchemist=2)
    grove = state.board.tiles_named("riverbank_grove")[0]
    state.p[1].stewards[0] = grove
    state.p[0].stored = {}
    play(state, {"player": "Ann", "action": "ambassador", "ambassador": "alchemist",
                 "to": list(state.board.tiles[grove].cells[0])})
    if state.stage != "optional":
        pytest.skip("the grove is out of the Alchemist's Range here")
    play(state, {"player": "Ann", "action": "gather", "exchange": [["wood", "clay", 1]]})
    assert stored(state, "Ann") == {"wood": 1, "clay": 1}
    assert state.stage == "turn" and state.turns == 0 and state.pending is None


def test_the_altruist_ambassador_discount_and_relief() -> None:  # CO-AMBASSADOR-ALTRUIST
    from referee.model.colonists.colonies import discounted

    state = _ambassadors(altruist=2)
    grove = state.board.tiles_named("riverbank_grove")[0]
    state.ambassadors["altruist"] = grove
    assert discounted(state, 0, {"wood": 3, "tools": 1}) == {"wood": 1, "tools": 1}
    assert discounted(state, 1, {"wood": 3}) == {"wood": 3}
    baker = state.board.add("baker", [(9, 9)])
    state.ambassadors["altruist"] = baker
    state.p[0].buildings += [Built("flat", []), Built("storage_house", ["citizen"])]
    state.p[0].changed()
    assert demand(state, 0) == {}
    assert demand(state, 1) == {}
    developer = state.board.tiles_named("developer")[0]
    state.ambassadors["altruist"] = developer
    assert demand(state, 0) == {"food": 1}


def test_the_laborer_ambassador_gives_goods_spent_at_his_place() -> None:
    # CO-AMBASSADOR-LABORER
    state = _ambassadors(laborer=2)
    joiner = state.board.tiles_named("joiner")[0]
    state.ambassadors["laborer"] = joiner
    state.seat = 1
    state.p[1].stored = {"wood": 2}
    state.p[0].stored = {}
    state.p[1].stewards[0] = joiner
    state.stage, state.pending = "act", Pending("act", 1, joiner)
    play(state, {"player": "Bo", "action": "refine", "times": 1})
    assert stored(state, "Ann") == {"wood": 1} and stored(state, "Bo") == {"planks": 1}


# --------------------------------------------------------------------------- razing


def test_razing_the_laborers_embassy_sends_substitutes_home() -> None:  # CO-EMBASSY-RAZE
    state = colony_game(["laborer"])
    c = state.p[0]
    c.buildings = [Built("farm", []), Built("flat"),
                   Built("forester_house", ["citizen"])]
    embassy(state, "Ann", "laborer", 1)
    c.tools = 9
    c.stored = {"wood": 1}
    at(state, "Ann", "builder_farm")
    play(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "farm", "raze": "embassy_laborer"}]})
    assert c.buildings[2].workers == [] and "laborer" not in c.embassies


# --------------------------------------------------------------------------- later starts


def later(first: int, players: list[str] | None = None, seed: int = 1,
          **options: Any) -> ColonistsState:
    """A later start played up to its display (phase 3), the chance events drawn at random."""
    import random

    rng = random.Random(seed)
    state = GAME.new_state(players or P2, {"first_era": first, **options})
    while state.stage != "setup_display":
        outcomes = GAME.chance_outcomes(state)
        if outcomes:
            GAME.apply(state, rng.choice([e for e, _ in outcomes]))
        else:
            GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def test_a_later_start_lays_the_board_era_by_era() -> None:  # CO-LATER-BOARD, -CARDS
    state = later(3)
    assert state.era == 2 and sum(1 for t in state.board.tiles.values() if t.market) == 3
    assert len(state.board.tiles) >= 3 + 12 + 12 + 12 - 4
    for c in state.p:
        assert [state.data.improvements[n].era for n in c.played] == [1, 2]
        assert len(c.hand) == 2 and all(state.data.improvements[n].era == 2 for n in c.hand)
        assert c.buildings == [] and c.filled


def test_a_later_start_checks_the_budget() -> None:  # CO-LATER-BUDGET, CO-LATER-DISPLAY
    state = later(2)
    bad = refuses(state, {"player": "Ann", "action": "setup_goods", "goods": {"wood": 1}})
    assert (bad.kind, bad.rule) == ("order", "CO-LATER-DISPLAY")
    over = {"player": "Ann", "action": "setup_buildings",
            "buildings": ["estate"] * 8,
            "embassies": {state.colonies[0]: 1}}
    bad = refuses(state, over)
    assert (bad.kind, bad.rule) == ("illegal", "CO-LATER-BUDGET")
    bad = refuses(state, {"player": "Ann", "action": "setup_buildings", "buildings": ["farm"],
                          "embassies": {state.colonies[0]: 2}})
    assert bad.rule == "CO-EMBASSY"
    play(state, {"player": "Ann", "action": "setup_buildings",
                 "buildings": ["farm", "farm", "forester_house", "storage_shed"],
                 "embassies": {state.colonies[0]: 1}},
         {"player": "Ann", "action": "employ", "building": "forester_house"},
         {"player": "Ann", "action": "employ", "building": "storage_shed"})
    spent = 2 * 1 + state.data.buildings["forester_house"].value + \
        state.data.buildings["storage_shed"].value
    left = 29 - spent + 5
    bad = refuses(state, {"player": "Ann", "action": "setup_goods", "goods": {"wood": left + 1}})
    assert bad.rule in ("CO-LATER-BUDGET", "CO-STORE")
    bad = refuses(state, {"player": "Ann", "action": "setup_goods", "goods": {"ore": 1}})
    assert bad.rule == "CO-LATER-BUDGET" and "era 2" in bad.message
    play(state, {"player": "Ann", "action": "setup_goods", "goods": {"wood": 2, "clay": 2},
                 "buffers": {"wood": 2}})
    assert refuses(state, {"phase": "sustenance"}).rule == "CO-LATER-DISPLAY"
    play(state, {"player": "Bo", "action": "setup_buildings", "buildings": ["farm", "farm"]},
         {"player": "Bo", "action": "setup_goods", "goods": {"wood": 1}},
         {"phase": "sustenance"})
    ann = state.p[0]
    assert state.era == 2 and ann.stored.get("food") == 1 and ann.tools == 1
    assert ann.stored.get("wood", 0) + ann.buffered.get("wood", 0) >= 4


def test_the_money_building_limit() -> None:  # CO-LATER-BUDGET
    state = later(4, money_building_limit=True)
    money = [b.slug for b in state.data.buildings.values() if b.kind == "money" and b.era <= 3
             and b.upgrade_of is None]
    bad = refuses(state, {"player": "Ann", "action": "setup_buildings",
                          "buildings": [money[0]] * 4})
    assert bad.rule in ("CO-LATER-BUDGET", "CO-BUILD-LIMIT")


SAVED = {"next_era": 3, "colonies": ["alchemist", "envoy", "lord", "trader"],
         "start_player": "Bo",
         "players": {"Ann": {"buildings": 20, "embassies": 4, "dollars": 12, "goods": 5,
                             "tools": 4, "improvements": [126], "hand": 2},
                     "Bo": {"buildings": 10, "embassies": 0, "dollars": 3, "goods": 2,
                            "tools": 7, "improvements": [], "hand": 0}}}


def test_a_saved_game_continues_as_the_rulebook_says() -> None:  # CO-SAVED
    state = GAME.new_state(P2, {"saved": SAVED})
    assert state.stage == "draw_place" and state.start == 1 and state.colonies == SAVED[
        "colonies"]
    assert state.p[0].played == [126]
    state = later(3, saved=SAVED)
    assert len(state.p[0].hand) == 2 and state.p[1].hand == []
    assert all(state.data.improvements[n].era < 3 for n in state.p[0].hand)
    play(state, {"player": "Ann", "action": "setup_buildings",
                 "buildings": ["farm", "farm"], "embassies": {"envoy": 2}},
         {"player": "Ann", "action": "setup_goods", "goods": {"wood": 1}},
         {"player": "Bo", "action": "setup_buildings", "buildings": ["farm"]},
         {"player": "Bo", "action": "setup_goods"})
    assert state.p[0].dollars == 12 and state.p[0].tools == 4 and "food" not in \
        state.p[0].stored


@pytest.mark.parametrize(("change", "found"), [
    ({"next_era": 1}, "next_era must be 2"),
    ({"colonies": ["alchemist"]}, "colonies lists 4"),
    ({"colonies": [["alchemist"], "laborer", "lord", "trader"]}, "colonies lists 4"),
    ({"colonies": [{"a": 1}, "laborer", "lord", "trader"]}, "colonies lists 4"),
    ({"players": {"Ann": {}}}, "players gives a line"),
    ({"start_player": "Cy"}, "not a player"),
])
def test_a_bad_saved_record_is_refused(change: dict[str, Any], found: str) -> None:  # CO-SAVED
    from referee.model.core import RuleViolation

    with pytest.raises(RuleViolation) as err:
        GAME.new_state(P2, {"saved": {**SAVED, **change}})
    assert err.value.violation.rule == "CO-SAVED" and found in err.value.violation.message


def test_later_starts_refuse_positions_of_their_setup() -> None:  # CO-POSITION
    from referee.model.core import RuleViolation

    with pytest.raises(RuleViolation):
        GAME.new_state(P2, {"first_era": 2}, {"stage": "setup_display"})


def test_industrialist_refining_named_by_its_goods() -> None:  # CO-INDUSTRIALIST-3, -4
    state = colony_game(["industrialist"])
    embassy(state, "Ann", "industrialist", 3)
    state.stage, state.pending, state.year = "market_card", None, 2
    state.p[0].stored = {"wood": 3, "clay": 1}
    state.p[0].played = [328]  # Storage spaces
    state.p[0].changed()
    bad = refuses(state, {"player": "Ann", "action": "convert", "colony": "industrialist",
                          "give": {"wood": 1}, "get": {"planks": 1}})
    assert bad.rule == "CO-INDUSTRIALIST-4"
    play(state, {"player": "Ann", "action": "convert", "colony": "industrialist",
                 "give": {"wood": 3, "clay": 1}, "get": {"planks": 1, "bricks": 1}})
    assert stored(state, "Ann") == {"planks": 1, "bricks": 1}
    assert state.p[0].converted == {-(100 * 4 + 0): 1, -(100 * 4 + 1): 1}


def test_declining_several_kinds_when_no_one_kind_covers_the_overflow() -> None:  # CO-STORE
    """Two goods over a full Storage, one of each kind: the only way to take them is to decline
    some of both, and that form is offered."""
    from referee.model.colonists.moves.places import with_declines

    state = colony_game(["lord"])
    space = room(state, 0)
    state.p[0].stored = {"clay": space.storage + space.general}
    state.p[0].changed()
    forms = list(with_declines(state, 0, "Ann", "gather", {"wood": 1, "iron": 1}, {}))
    assert [e.get("decline").as_dict() for e in forms] == [{"iron": 1, "wood": 1}]
