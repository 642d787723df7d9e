"""The Colonists' rules, one test (or a few) per rule id, on small hand-built situations."""

from __future__ import annotations

import pytest

from referee.model.colonists.board import Board, indentations
from referee.model.colonists.community import colonists, room
from referee.model.colonists.goods import Room
from referee.model.colonists.moves.year import sustenance_gap
from referee.model.colonists.state import Built
from tests.colonists_helpers import GAME, first_turn, give, play, refuses, tile_of

P2 = ["Ann", "Bo"]


# --------------------------------------------------------------------------- setup and board


def test_co_setup_players_start_community() -> None:  # CO-SETUP-PLAYERS
    state = GAME.new_state(["Solo"])
    c = state.p[0]
    assert [b.slug for b in c.buildings] == ["farm", "farm"]
    assert (c.stored, c.tools, c.dollars) == ({"food": 1}, 6, 0)
    assert colonists(state, 0)["farmer"] == 2
    assert room(state, 0) == Room(3, 1, {})


def test_co_setup_colonies_and_start() -> None:  # CO-SETUP-COLONIES, CO-SETUP-START
    state = GAME.new_state(P2)
    bad = refuses(state, {"chance": "colonies", "colonies": ["envoy", "lord", "trader"]})
    assert (bad.kind, bad.rule) == ("chance", "CO-SETUP-COLONIES")
    bad = refuses(state, {"chance": "colonies", "colonies": ["envoy", "lord", "trader", "x"]})
    assert (bad.kind, bad.rule) == ("schema", "CO-VOCAB") and "unknown colony 'x'" in bad.message
    play(state, {"chance": "colonies", "colonies": ["envoy", "lord", "trader", "scholar"]})
    assert sum(p for _, p in GAME.chance_outcomes(state)) == 1


def test_co_board_place_first_in_an_indentation() -> None:  # CO-BOARD-PLACE
    state = GAME.new_state(P2)
    play(state, {"chance": "colonies", "colonies": ["envoy", "lord", "trader", "scholar"]},
         {"chance": "start_player", "player": "Bo"}, {"chance": "draw_place", "place": "joiner"})
    bad = refuses(state, {"player": "Bo", "action": "place_tile", "at": [2, 0]})
    assert bad.rule == "CO-BOARD-PLACE" and "indentation" in bad.message
    assert refuses(state, {"player": "Ann", "action": "place_tile", "at": [0, 1]}).kind == "order"
    play(state, {"player": "Bo", "action": "place_tile", "at": [1, -1]})
    play(state, {"chance": "draw_place", "place": "developer"})
    bad = refuses(state, {"player": "Ann", "action": "place_tile", "at": [3, -1]})
    assert bad.rule == "CO-BOARD-PLACE" and "shares 0" in bad.message
    play(state, {"player": "Ann", "action": "place_tile", "at": [2, -1]})  # market + joiner


def test_indentations_of_the_first_market() -> None:  # CO-BOARD-PLACE
    assert indentations(((0, 0), (1, 0))) == [(0, 1), (1, -1)]


def test_co_board_market_needs_a_place_and_two_cells_between() -> None:  # CO-BOARD-MARKET
    board = Board()
    board.add("market", [(0, 0), (1, 0)], market=True)
    for cell in [(0, 1), (-1, 1), (-2, 1), (-3, 1)]:
        board.add("joiner", [cell])
    assert "at least one edge" in (board.market_problem(((5, 5), (6, 5)), 2) or "")
    assert "through 1 cell" in (board.market_problem(((-2, 2), (-1, 2)), 2) or "")
    assert board.market_problem(((-4, 2), (-4, 1)), 2) is None


def test_co_setup_places_order_and_second_market() -> None:  # CO-SETUP-PLACES
    state = first_turn(P2)
    assert sum(1 for t in state.board.tiles.values() if t.market) == 2
    assert len(state.board.tiles) == 14 and state.stage == "turn" and state.current == "Ann"


def test_co_setup_storage_before_the_first_move() -> None:  # CO-SETUP-STORAGE
    state = first_turn(P2)
    state.p[0].filled = False
    bad = refuses(state, {"player": "Ann", "action": "move", "to": tile_of(state, "joiner")})
    assert (bad.kind, bad.rule) == ("order", "CO-SETUP-STORAGE")
    bad = refuses(state, {"player": "Bo", "action": "fill_storage", "wood": 2, "clay": 2})
    assert bad.rule == "CO-SETUP-STORAGE" and bad.kind == "schema"
    assert refuses(state, {"player": "Bo", "action": "fill_storage", "wood": 3,
                           "clay": 0}).message.endswith("already")


# --------------------------------------------------------------------------- moving


def test_co_move_range_and_market_jump() -> None:  # CO-MOVE-RANGE
    state = first_turn(P2)
    far = tile_of(state, "builder_forester_house")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": far})
    assert bad.rule == "CO-MOVE-RANGE" and "beyond Range 1" in bad.message
    play(state, {"player": "Ann", "action": "move", "to": [-7, 1]})  # the second Market
    assert state.stage == "act"


def test_co_move_action_must_follow() -> None:  # CO-MOVE-ACTION
    state = first_turn(P2)
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "riverbank_grove")})
    bad = refuses(state, {"player": "Ann", "action": "subsidy"})
    assert (bad.kind, bad.rule) == ("order", "CO-MOVE-ACTION")
    state.p[0].stored = {"clay": 1}
    play(state, {"player": "Ann", "action": "gather"})
    assert state.p[0].stored == {"wood": 2, "clay": 1}


def test_co_move_action_impossible_means_no_move() -> None:  # CO-MOVE-ACTION
    state = first_turn(P2)
    state.p[0].stored = {"food": 1}
    state.p[0].tools = 0
    bad = refuses(state, {"player": "Ann", "action": "move", "to": tile_of(state, "builder_farm")})
    assert bad.rule == "CO-MOVE-ACTION"


def test_co_fee_due_to_each_occupant() -> None:  # CO-FEE, CO-FEE-PAY
    state = first_turn(P2)
    joiner = tile_of(state, "joiner")
    state.p[1].stewards[0] = state.board.tile_at(tuple(joiner))  # Bo stands on the Joiner
    state.p[0].stored = {"food": 1, "wood": 3}
    bad = refuses(state, {"player": "Ann", "action": "move", "to": joiner})
    assert bad.rule == "CO-FEE" and "names no payment to Bo" in bad.message
    bad = refuses(state, {"player": "Ann", "action": "move", "to": joiner,
                          "fee": {"Bo": {"tools": 1}}})
    assert bad.rule == "CO-FEE" and "1 building resource" in bad.message
    bad = refuses(state, {"player": "Ann", "action": "move", "to": joiner,
                          "fee": {"Bo": {"tools": 1, "ore": 1}}})
    assert bad.rule == "CO-FEE-PAY" and "needs 1 ore, holds 0" in bad.message
    play(state, {"player": "Ann", "action": "move", "to": joiner,
                 "fee": {"Bo": {"food": 1, "wood": 1}}})
    assert state.p[0].stored == {"wood": 2}
    # Bo's Storage and Warehouse were full: what he is paid and cannot store is declined
    assert state.p[1].stored == {"food": 1, "wood": 2, "clay": 1} and state.p[1].tools == 6


def test_co_fee_never_on_markets() -> None:  # CO-FEE
    state = first_turn(P2)
    state.p[1].stewards[0] = 13  # the second Market
    play(state, {"player": "Ann", "action": "move", "to": [-7, 1]})


def test_co_move_own_two_stewards() -> None:  # CO-MOVE-OWN, CO-STEWARDS
    state = first_turn(P2)
    bad = refuses(state, {"player": "Ann", "action": "move", "steward": 2,
                          "to": tile_of(state, "joiner")})
    assert bad.rule == "CO-STEWARDS"


def test_co_move_leave_on_the_third_turn() -> None:  # CO-MOVE-LEAVE
    state = first_turn(P2)
    grove, farm = tile_of(state, "riverbank_grove"), tile_of(state, "builder_farm")
    state.p[0].stewards[0] = state.p[0].block_start[0] = state.board.tile_at(tuple(grove))
    state.p[0].stored = {"wood": 1}
    play(state, {"player": "Ann", "action": "move", "to": farm},
         {"player": "Ann", "action": "build", "buildings": ["farm"]},
         {"player": "Ann", "action": "move", "to": [0, 0]},
         {"player": "Ann", "action": "subsidy"})
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove})
    assert bad.rule == "CO-MOVE-LEAVE" and "riverbank_grove" in bad.message


# --------------------------------------------------------------------------- storage


def test_room_typed_lots_and_spending() -> None:  # CO-STORE, CO-SPEND
    space = Room(storage=3, general=1, typed={"wood": 3})
    assert space.fits({"wood": 7}) and not space.fits({"wood": 8})
    assert space.overflow({"clay": 5}) == 1
    assert space.spend_problem({"clay": 4}, {"clay": 4}) is not None   # 4 > 3 spaces
    assert space.spend_problem({"clay": 3, "ore": 1}, {"clay": 3}) is None
    assert "do not fit" in (space.spend_problem({"clay": 3, "ore": 2}, {"clay": 3}) or "")


def test_co_store_declines_what_does_not_fit() -> None:  # CO-STORE
    state = first_turn(P2)
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "riverbank_grove")})
    state.p[0].stored = {"food": 1, "ore": 3}  # Storage 3 + Warehouse 1: full
    bad = refuses(state, {"player": "Ann", "action": "gather"})
    assert bad.rule == "CO-STORE" and "decline" in bad.message
    play(state, {"player": "Ann", "action": "gather", "decline": {"wood": 2}})
    bad = refuses(state, {"player": "Bo", "action": "discard", "goods": {"tools": 1}})
    assert bad.rule == "CO-DISCARD"


def test_co_spend_only_from_storage() -> None:  # CO-SPEND
    state = first_turn(P2)
    c = state.p[0]
    c.stored = {"food": 1, "wood": 1, "clay": 1}
    c.buildings.append(Built("storage_shed"))
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "builder_farm")})
    play(state, {"player": "Ann", "action": "build", "buildings": ["farm"]})
    assert c.stored == {"food": 1, "clay": 1} and c.tools == 5


# --------------------------------------------------------------------------- building


def _at(state, slug: str) -> None:  # type: ignore[no-untyped-def]
    """Put the acting player's Steward at a (new) tile of ``slug``, awaiting its action."""
    from referee.model.colonists.state import Pending

    tile = state.board.add(slug, [(9, 9 + len(state.board.tiles))])
    state.p[state.seat].stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", state.seat, tile)


def test_co_build_limit_and_spots() -> None:  # CO-BUILD-LIMIT, CO-BUILD-SPOTS
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("storage_shed") for _ in range(3)]
    c.stored = {"wood": 3}
    _at(state, "builder_storage_shed")
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["storage_shed"]})
    assert bad.rule == "CO-BUILD-LIMIT" and "at most 3" in bad.message


def test_co_build_limit_only_where_the_rulebook_gives_a_number() -> None:  # CO-BUILD-LIMIT
    """A Forester's House shows no limit in the rulebook's component list: a fourth is built."""
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("forester_house") for _ in range(3)]
    c.stored = {"wood": 3}
    c.tools = 2
    _at(state, "builder_forester_house")
    play(state, {"player": "Ann", "action": "build", "buildings": ["forester_house"]})
    assert sum(b.slug == "forester_house" for b in c.buildings) == 4


def test_co_raze_costs_two_tools_and_frees_a_spot() -> None:  # CO-RAZE
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(18)]  # 20 spots + 3 facility spots: 23 in all
    c.buildings += [Built("pub") for _ in range(3)]
    c.stored = {"wood": 2}
    c.tools = 3
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "builder_farm")})
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["farm"]})
    assert bad.rule == "CO-BUILD-SPOTS"
    play(state, {"player": "Ann", "action": "build",
                 "buildings": [{"building": "farm", "raze": "pub"}]})
    assert c.tools == 0 and sum(b.slug == "pub" for b in c.buildings) == 2


def test_co_remodel_needs_a_colonist_at_home() -> None:  # CO-REMODEL
    state = first_turn(P2)
    c = state.p[0]
    c.buildings.append(Built("forester_house", ["farmer"]))
    c.buildings.append(Built("hollow", ["farmer"]))
    give(state, "Ann", planks=1)
    c.stored = {"planks": 1, "wood": 1}
    _at(state, "builder_flat")
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["flat"]})
    assert bad.rule == "CO-REMODEL" and "farmer(s) at home" in bad.message


# --------------------------------------------------------------------------- workers


def test_co_employ_sustains_at_once() -> None:  # CO-EMPLOY
    state = first_turn(P2)
    c = state.p[0]
    c.buildings[0] = Built("flat")  # a Citizen at home
    c.buildings.append(Built("iron_mine"))
    c.stored = {}
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "iron_mine"})
    assert bad.rule == "CO-EMPLOY" and "short of 1 food" in bad.message
    c.stored = {"food": 1}
    play(state, {"player": "Ann", "action": "employ", "building": "iron_mine"})
    assert c.stored == {} and c.buildings[-1].workers == ["citizen"]
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "iron_mine"})
    assert "all its Workers" in bad.message


def test_co_employ_wrong_type() -> None:  # CO-EMPLOY
    state = first_turn(P2)
    state.p[0].buildings.append(Built("iron_mine"))
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "iron_mine",
                          "worker": "farmer"})
    assert "may not work" in bad.message


def test_co_redistribute_only_at_the_end_of_the_year() -> None:  # CO-REDISTRIBUTE
    state = first_turn(P2)
    state.p[0].buildings.append(Built("forester_house", ["farmer"]))
    bad = refuses(state, {"player": "Ann", "action": "dismiss", "building": "forester_house"})
    assert (bad.kind, bad.rule) == ("order", "CO-REDISTRIBUTE")


# --------------------------------------------------------------------------- the end of a year


def test_co_sustain_nets_demand_and_capacity() -> None:  # CO-SUSTAIN
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("flat"), Built("flat"), Built("iron_mine", ["citizen"]),
                    Built("theater", ["citizen"]), Built("hunting_lodge", ["farmer"])]
    gap, surplus = sustenance_gap(state, 0)
    assert gap == {"food": 1} and surplus == {}


def test_co_produce_smithy_and_buffers() -> None:  # CO-PRODUCE, CO-BUFFER
    from referee.model.colonists.moves.year import production

    state = first_turn(P2)
    state.p[0].buildings.append(Built("forester_house", ["farmer"]))
    made = production(state, 0)
    assert made == {"tools": 1, "wood": 2}


def test_co_factory_adds_to_same_type_buildings() -> None:  # CO-FACTORY
    from referee.model.colonists.moves.year import production

    state = first_turn(P2)
    state.p[0].buildings += [Built("forester_house", ["farmer"]), Built("factory", ["farmer"]),
                             Built("iron_mine", ["citizen"])]
    state.p[0].changed()
    assert production(state, 0) == {"tools": 1, "wood": 3, "ore": 1}


# --------------------------------------------------------------------------- scoring


def test_co_score_the_rulebook_example() -> None:  # CO-SCORE
    """6 Farms, 2 Flats, 2 Factories, 2 Forester's Houses, 3 Storage Sheds (30 dollars), the
    Beaver's Lodge and Loam Hollow (3), 6 hard dollars, 5 of 6 Farmers and both Citizens at
    work (10 + 12): 61."""
    from referee.model.colonists.scoring import parts

    state = first_turn(["Ann"])
    c = state.p[0]
    c.buildings = [Built("farm") for _ in range(6)] + [Built("flat"), Built("flat")]
    c.buildings += [Built("factory", ["citizen"]) for _ in range(2)]
    c.buildings += [Built("forester_house", ["farmer"]) for _ in range(2)]
    c.buildings += [Built("storage_shed", ["farmer"]) for _ in range(3)]
    c.played = [126, 127]  # Beaver's Lodge, Loam Hollow
    c.dollars = 6
    c.changed()
    assert parts(state, 0) == {"buildings": 30, "embassies": 0, "improvements": 3,
                               "dollars": 6, "workers": 22, "bonuses": 0}
    assert GAME.score(state)["Ann"].total == 61


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_co_tie_later_turn_order_wins(order: tuple[int, int]) -> None:  # CO-TIE
    state = first_turn(P2)
    state.order = order
    assert GAME.winners(state) == [P2[order[1]]]
