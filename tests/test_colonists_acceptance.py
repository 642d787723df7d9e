"""The Colonists against its rulebook alone: statements a tournament director could check with a
log, each played both ways (the legal form accepted, the illegal form refused under the rule the
statement concerns). Each test quotes the rulebook lines it reads."""

from __future__ import annotations

import random

from referee.model.colonists.community import at_home, colonists, room, stewards_allowed
from referee.model.colonists.goods import Room
from referee.model.colonists.moves.year import production, sustenance_gap
from referee.model.colonists.scoring import parts
from referee.model.colonists.state import Built, ColonistsState, Pending
from tests.colonists_helpers import GAME, first_turn, play, refuses, tile_of
from tests.test_colonists_colonies import colony_game, embassy

P2 = ["Ann", "Bo"]
P3 = ["Ann", "Bo", "Cy"]


def _at(state: ColonistsState, slug: str, seat: int = 0) -> None:
    """The seat's Steward at a new tile of ``slug`` off the board's edge, its action due."""
    tile = state.board.add(slug, [(9, 9 + len(state.board.tiles))])
    state.p[seat].stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", seat, tile)


def _tile(state: ColonistsState, slug: str) -> int:
    return next(t for t, x in state.board.tiles.items() if x.slug == slug)


def _sheds(state: ColonistsState, n: int, seat: int = 0) -> None:
    """``n`` staffed Storage Sheds (2 Storage spaces each) for the seat."""
    c = state.p[seat]
    c.buildings += [Built("storage_shed", ["farmer"]) for _ in range(n)]
    c.changed()


def _end_of_year(state: ColonistsState) -> None:
    """The end of the year, the Places added: the redistribution is open."""
    state.stage, state.pending, state.revealed = "end_year", None, []


def _end_of_year_with_places(state: ColonistsState) -> None:
    """The end of year 1: the start player still has the three face-up Places to add."""
    state.stage, state.pending = "end_year", None
    state.revealed = list(state.place_pile[:3])


# --------------------------------------------------------------------------- the Fee


# rulebook "Fee / Moving to Occupied Places": "It is 1 Tool or 1 Sustenance good (Food or Robes)
# as well as a number of Building resources equal to the number of the current Era."
def test_the_fee_of_era_two_is_a_tool_and_two_building_resources() -> None:  # CO-FEE
    state = first_turn(P2)
    state.era = 2
    grove = tile_of(state, "riverbank_grove")
    state.p[1].stewards[0] = _tile(state, "riverbank_grove")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"tools": 1, "wood": 1}}})
    assert bad.rule == "CO-FEE" and "2 building resource" in bad.message
    play(state, {"player": "Ann", "action": "move", "to": grove,
                 "fee": {"Bo": {"tools": 1, "wood": 1, "clay": 1}}})
    assert state.p[0].tools == 5 and state.p[0].stored == {"food": 1, "wood": 1}


def test_the_fee_of_era_four_is_four_building_resources() -> None:  # CO-FEE
    state = first_turn(P2)
    state.era = 4
    _sheds(state, 1)
    state.p[0].stored = {"food": 1, "wood": 3, "ore": 1, "planks": 1}
    grove = tile_of(state, "riverbank_grove")
    state.p[1].stewards[0] = _tile(state, "riverbank_grove")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"food": 1, "wood": 3}}})
    assert bad.rule == "CO-FEE" and "4 building resource" in bad.message
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"food": 1, "wood": 3, "ore": 1, "planks": 1}}})
    assert bad.rule == "CO-FEE"  # 5 building resources: one too many
    play(state, {"player": "Ann", "action": "move", "to": grove,
                 "fee": {"Bo": {"food": 1, "wood": 2, "ore": 1, "planks": 1}}})


# "Goods": "Coal is also considered a Building resource"; "Dollars are not spent in this game."
def test_the_fee_takes_coal_but_never_dollars() -> None:  # CO-FEE
    state = first_turn(P2)
    state.p[0].stored = {"coal": 1, "food": 1}
    state.p[0].dollars = 3
    state.p[1].stewards[0] = _tile(state, "riverbank_grove")
    grove = tile_of(state, "riverbank_grove")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"dollars": 1, "coal": 1}}})
    assert bad.rule == "CO-FEE"
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"tools": 1, "dollars": 1}}})
    assert bad.rule == "CO-FEE"
    play(state, {"player": "Ann", "action": "move", "to": grove,
                 "fee": {"Bo": {"tools": 1, "coal": 1}}})


# "you must pay a Fee to each player whose Steward is on that Place. ... If you must pay more
# than one player, you may pay each differently. If you cannot pay all the players occupying a
# Place, you may not move there."
def test_each_occupant_is_paid_a_fee_and_each_may_be_paid_differently() -> None:
    # CO-FEE, CO-FEE-PAY
    state = first_turn(P3)
    grove = tile_of(state, "riverbank_grove")
    state.p[1].stewards[0] = state.p[2].stewards[0] = _tile(state, "riverbank_grove")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"tools": 1, "wood": 1}}})
    assert bad.rule == "CO-FEE" and "Cy" in bad.message
    play(state, {"player": "Ann", "action": "move", "to": grove,
                 "fee": {"Bo": {"tools": 1, "wood": 1}, "Cy": {"food": 1, "clay": 1}}})
    assert state.p[0].tools == 5 and state.p[0].stored == {"wood": 1}


def test_who_cannot_pay_every_occupant_may_not_move_there() -> None:  # CO-FEE-PAY
    state = first_turn(P3)
    grove = tile_of(state, "riverbank_grove")
    state.p[1].stewards[0] = state.p[2].stewards[0] = _tile(state, "riverbank_grove")
    state.p[0].tools = 0
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"food": 1, "wood": 1}, "Cy": {"food": 1, "clay": 1}}})
    assert bad.rule == "CO-FEE-PAY"
    assert not [e for e in GAME.legal_actions(state)
                if e.name == "move" and e.get("to") == grove]


# "Paying the Fee is considered an action of its own ... If you must pay multiple players, you
# pay all of them simultaneously (you may not rearrange goods in-between)."
def test_fees_to_two_players_are_paid_from_the_storage_at_once() -> None:  # CO-FEE-PAY
    state = first_turn(P3)
    grove = tile_of(state, "riverbank_grove")
    state.p[1].stewards[0] = state.p[2].stewards[0] = _tile(state, "riverbank_grove")
    state.p[0].tools = 0
    state.p[0].stored = {"food": 2, "wood": 1, "clay": 1}  # 4 goods, 3 Storage spaces
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"food": 1, "wood": 1}, "Cy": {"food": 1, "clay": 1}}})
    assert bad.rule == "CO-FEE-PAY"
    state.p[0].tools = 1
    play(state, {"player": "Ann", "action": "move", "to": grove,
                 "fee": {"Bo": {"food": 1, "wood": 1}, "Cy": {"tools": 1, "clay": 1}}})
    assert state.p[0].stored == {"food": 1}


# "Fee / Moving to Occupied Places": a Fee is paid for "the Place you would like to move to";
# "you may not carry out actions at Places you simply move through" — nor pay their Fee.
def test_no_fee_for_an_occupied_place_moved_through() -> None:  # CO-FEE, CO-MOVE-RANGE
    state = first_turn(P3)
    state.era = 3
    c = state.p[0]
    c.buildings.append(Built("stables", ["merchant"]))
    c.stored = {"wood": 2, "food": 1}
    c.changed()
    # both ways from the first Market to the Storage Shed's Builder are occupied
    state.p[1].stewards[0] = _tile(state, "riverbank_grove")
    state.p[2].stewards[0] = _tile(state, "builder_farm")
    bad = refuses(state, {"player": "Ann", "action": "move",
                          "to": tile_of(state, "builder_storage_shed"),
                          "fee": {"Bo": {"tools": 1, "wood": 1}}})
    assert bad.rule == "CO-FEE"
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "builder_storage_shed")})
    assert c.tools == 6


# "Paying the Fee is considered an action of its own; it is never part of another action. You
# must complete it before you carry out the Place's action."; rearranging is allowed between
# actions: the Fee and the two Farms spend 4 goods from a Storage of 3.
def test_the_fee_and_the_places_action_are_paid_one_after_the_other() -> None:
    # CO-FEE-PAY, CO-SPEND
    state = first_turn(P2)
    c = state.p[0]
    c.stored = {"food": 1, "wood": 3}  # Storage 3 and the Warehouse lot full
    state.p[1].stewards[0] = _tile(state, "builder_farm")
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "builder_farm"),
                 "fee": {"Bo": {"food": 1, "wood": 1}}},
         {"player": "Ann", "action": "build", "buildings": ["farm", "farm"]})
    assert c.stored == {} and c.tools == 4


# "On Markets, you never have to pay the Fee." Only there: a jump to the Diplomat (the Envoy
# II) or a Ticket's move to any Place still owes it.
def test_jumps_and_tickets_elsewhere_than_markets_owe_the_fee() -> None:  # CO-FEE
    state = colony_game(["envoy"], era=2)
    embassy(state, "Ann", "envoy", 2)
    state.p[1].stewards[0] = _tile(state, "diplomat")
    _sheds(state, 2)
    state.p[0].stored = {"wood": 5, "clay": 2, "food": 1}  # the Fee, then a relation
    diplomat = tile_of(state, "diplomat")
    assert refuses(state, {"player": "Ann", "action": "move", "to": diplomat}).rule == "CO-FEE"
    play(state, {"player": "Ann", "action": "move", "to": diplomat,
                 "fee": {"Bo": {"food": 1, "wood": 2}}})
    state = first_turn(P2)
    state.p[0].limited, state.p[0].stored = {135: 2}, {"wood": 3, "food": 1}
    state.p[1].stewards[0] = _tile(state, "librarian")
    move = {"player": "Ann", "action": "move", "to": tile_of(state, "librarian"), "ticket": 135}
    assert refuses(state, move).rule == "CO-FEE"
    play(state, dict(move, fee={"Bo": {"tools": 1, "wood": 1}}))


# "Special Ambassadors never require a Fee—neither when they move to an occupied Place nor when
# you move your Steward to a Place occupied by a Special Ambassador."
def test_no_fee_is_due_for_a_special_ambassador_on_the_place() -> None:  # CO-FEE
    state = first_turn(P2)
    state.ambassadors["alchemist"] = _tile(state, "riverbank_grove")
    grove = tile_of(state, "riverbank_grove")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                          "fee": {"Bo": {"tools": 1, "wood": 1}}})
    assert bad.rule == "CO-FEE" and "no Fee is due" in bad.message
    play(state, {"player": "Ann", "action": "move", "to": grove})
    assert state.p[0].tools == 6


# "Certain Improvements and Buildings may reduce or remove the Fee entirely for you (e.g. the
# Customs Office; the "Automobile" removes tools/sustenance from the fee; the "Pass" removes
# building resources from the fee)."
def test_the_automobile_and_the_pass_take_their_part_off_the_fee() -> None:  # CO-FEE-WAIVE
    grove_slug = "riverbank_grove"
    for card, fee, short in ((121, {"wood": 1}, {"tools": 1}),
                             (122, {"tools": 1}, {"wood": 1})):
        state = first_turn(P2)
        state.p[0].played = [card]
        state.p[0].changed()
        state.p[1].stewards[0] = _tile(state, grove_slug)
        grove = tile_of(state, grove_slug)
        bad = refuses(state, {"player": "Ann", "action": "move", "to": grove,
                              "fee": {"Bo": {**fee, **short}}})
        assert bad.rule == "CO-FEE"
        play(state, {"player": "Ann", "action": "move", "to": grove, "fee": {"Bo": fee}})


# --------------------------------------------------------------------------- moving


# "Range": "via the Stables Building ... you can increase your Steward's Range"; Range 1 at the
# start: "your Steward may only move to adjacent Places".
def test_a_working_stables_gives_range_two() -> None:  # CO-MOVE-RANGE
    state = first_turn(P2)
    state.era = 3
    shed = tile_of(state, "builder_storage_shed")  # two steps from the first Market
    state.p[0].stored = {"wood": 2, "food": 1}
    bad = refuses(state, {"player": "Ann", "action": "move", "to": shed})
    assert bad.rule == "CO-MOVE-RANGE"
    state.p[0].buildings.append(Built("stables"))
    state.p[0].changed()
    assert refuses(state, {"player": "Ann", "action": "move", "to": shed}).rule == \
        "CO-MOVE-RANGE"  # without its Merchant the Stables does nothing
    state.p[0].buildings[-1].workers = ["merchant"]
    state.p[0].changed()
    play(state, {"player": "Ann", "action": "move", "to": shed})


# "Multiple Stewards": "In Era I at the earliest (via the Envoy Colony) and in Era III at the
# latest (via the Boardinghouse Building), you can increase the number of Stewards you control
# (up to 4)." The Envoy, two Boardinghouses and an Apprentice's Steward would make 5.
def test_at_most_four_stewards() -> None:  # CO-STEWARDS
    state = first_turn(P2)
    state.era = 3
    embassy(state, "Ann", "envoy", 1)
    c = state.p[0]
    c.buildings += [Built("boardinghouse", ["merchant"]) for _ in range(2)]
    c.used["apprentice_stewards"] = 1
    c.changed()
    c.stewards = [_tile(state, "librarian"), _tile(state, "diplomat"),
                  _tile(state, "developer"), _tile(state, "head_official"), 0]
    c.block_start = list(c.stewards)
    assert stewards_allowed(state, 0) == 4
    bad = refuses(state, {"player": "Ann", "action": "move", "steward": 5,
                          "to": tile_of(state, "joiner")})
    assert bad.kind == "schema" and "1 to 4" in bad.message
    play(state, {"player": "Ann", "action": "move", "steward": 4, "to": [0, 0]})


# "Range": "you can increase your Steward's Range (up to a Range of 4)". The Envoy III, a
# working Stables, the Horse and the Envoy II's boost would make 5.
def test_range_is_at_most_four() -> None:  # CO-MOVE-RANGE
    state = first_turn(P2)
    state.era = 3
    embassy(state, "Ann", "envoy", 3)
    c = state.p[0]
    c.buildings.append(Built("stables", ["merchant"]))
    _sheds(state, 2)
    c.stored, c.limited = {"wood": 5, "clay": 2, "food": 1}, {334: 2}  # the Horse
    boost = {"tools": 1, "wood": 3}
    lodge = tile_of(state, "builder_hunting_lodge")  # 5 steps from the first Market
    assert 10 not in state.board.within(0, 4) and 10 in state.board.within(0, 5)
    bad = refuses(state, {"player": "Ann", "action": "move", "to": lodge, "horse": 334,
                          "boost": boost})
    assert bad.rule == "CO-MOVE-RANGE"
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "head_official"),
                 "horse": 334, "boost": boost})


# "Range": "If your Range is 2 or greater, you may move through a Market. You must only end your
# movement at the Market when you jump there."
def test_with_range_two_a_steward_moves_through_a_market() -> None:  # CO-MOVE-RANGE
    state = first_turn(P2)
    state.era = 3
    beyond = state.board.add("grove", [(-8, 3)])  # touches only the second Market
    c = state.p[0]
    c.stewards[0] = c.block_start[0] = _tile(state, "builder_forester_house")
    c.stored = {"food": 1}
    grove = [-8, 3]
    bad = refuses(state, {"player": "Ann", "action": "move", "to": grove})
    assert bad.rule == "CO-MOVE-RANGE"
    c.stewards[0] = c.block_start[0] = 12  # the Riverbank Grove next to the second Market
    assert refuses(state, {"player": "Ann", "action": "move", "to": grove}).rule == \
        "CO-MOVE-RANGE"
    c.buildings.append(Built("stables", ["merchant"]))
    c.changed()
    play(state, {"player": "Ann", "action": "move", "to": grove})
    assert c.stewards[0] == beyond


# "You Must End Your Turn on a Different Place than You Started": "Markets are exempt: a Steward
# that started on a Market may end up on that same Market." (A Steward that started on a Place
# and ends there is refused in test_colonists_rules.test_co_move_leave_on_the_third_turn.)
def test_a_steward_that_started_on_a_market_may_end_on_it() -> None:  # CO-MOVE-LEAVE
    state = first_turn(P2)
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "riverbank_grove")},
         {"player": "Ann", "action": "gather", "decline": {"wood": 2}},
         {"player": "Ann", "action": "move", "to": [-7, 1]},
         {"player": "Ann", "action": "subsidy", "decline": {"food": 1, "wood": 1}},
         {"player": "Ann", "action": "move", "to": [0, 0]},
         {"player": "Ann", "action": "subsidy", "decline": {"food": 1, "wood": 1}})
    assert state.current == "Bo"


# "You Must End Your Turn on a Different Place": "He may return to a Place he has been to within
# those 3 turns, as long as he ends up elsewhere."
def test_a_steward_may_come_back_to_his_start_before_leaving_it() -> None:  # CO-MOVE-LEAVE
    state = first_turn(P2)
    c = state.p[0]
    c.stewards[0] = c.block_start[0] = _tile(state, "riverbank_grove")
    c.stored = {"wood": 1, "food": 1}
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "builder_farm")},
         {"player": "Ann", "action": "build", "buildings": ["farm"]},
         {"player": "Ann", "action": "move", "to": tile_of(state, "riverbank_grove")},
         {"player": "Ann", "action": "gather", "decline": {"wood": 1}},
         {"player": "Ann", "action": "move", "to": [0, 0]},
         {"player": "Ann", "action": "subsidy", "decline": {"food": 1, "wood": 1}})
    assert state.current == "Bo"


# "Each Steward that you move during your 3 turns must end up on a different Place from where
# he started." A Steward moved away and back is not saved by moving the other one last.
def test_a_steward_moved_back_is_not_saved_by_moving_another_last() -> None:  # CO-MOVE-LEAVE
    state = first_turn(P2)
    embassy(state, "Ann", "envoy", 1)
    c = state.p[0]
    c.stewards = [_tile(state, "riverbank_grove"), 13]  # Steward 2 on the second Market
    c.block_start = list(c.stewards)
    c.stored = {"wood": 1, "food": 1}
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "builder_farm")},
         {"player": "Ann", "action": "build", "buildings": ["farm"]},
         {"player": "Ann", "action": "move", "to": tile_of(state, "riverbank_grove")},
         {"player": "Ann", "action": "gather", "decline": {"wood": 1}})
    bad = refuses(state, {"player": "Ann", "action": "move", "steward": 2, "to": [-6, 1]})
    assert bad.rule == "CO-MOVE-LEAVE" and "Steward 1" in bad.message
    play(state, {"player": "Ann", "action": "move", "to": [0, 0]},
         {"player": "Ann", "action": "subsidy", "decline": {"food": 1, "wood": 1}})


# "with a second Steward, you may move only one and leave the other in the same Place (you are
# not required to move all your Stewards)."
def test_an_unmoved_second_steward_stays_on_his_place() -> None:  # CO-MOVE-LEAVE, CO-STEWARDS
    state = first_turn(P2)
    embassy(state, "Ann", "envoy", 1)
    c = state.p[0]
    c.stewards = [0, _tile(state, "librarian")]
    c.block_start = list(c.stewards)
    for _ in range(3):
        play(state, {"player": "Ann", "action": "move", "to": [0, 0] if c.stewards[0] else
                     [-7, 1]},
             {"player": "Ann", "action": "subsidy", "decline": {"food": 1, "wood": 1}})
    assert state.current == "Bo" and c.stewards[1] == _tile(state, "librarian")


# --------------------------------------------------------------------------- the places


# "Markets": "Each Market provides the same three Market actions from which you must choose one."
def test_a_market_visit_is_one_market_action() -> None:  # CO-TURN-ORDER
    state = first_turn(P2)
    state.p[0].stored = {"clay": 1}
    state.stage, state.pending = "act", Pending("act", 0, 0)
    play(state, {"player": "Ann", "action": "sell", "times": [1, 0]})
    assert state.p[0].dollars == 1
    assert refuses(state, {"player": "Ann", "action": "subsidy"}).kind == "order"


# "Refiners": "only goods that were in your Storage before the action"; "Your Warehouse and
# Buffers are not part of your Storage!" Four Wood with three Storage spaces make one Plank.
def test_a_refiner_uses_no_more_than_the_storage_holds() -> None:  # CO-REFINE, CO-SPEND
    state = first_turn(P2)
    c = state.p[0]
    c.stored = {"wood": 4}  # three in Storage, one in the Warehouse
    _at(state, "joiner")
    bad = refuses(state, {"player": "Ann", "action": "refine", "times": 2})
    assert bad.rule in ("CO-REFINE", "CO-SPEND")
    play(state, {"player": "Ann", "action": "refine", "times": 1})
    assert c.stored == {"wood": 2, "planks": 1}


# "When you refine goods, you spend the input goods first, before you take the refined goods."
def test_refining_in_a_full_storage_makes_room_first() -> None:  # CO-REFINE, CO-STORE
    state = first_turn(P2)
    c = state.p[0]
    c.stored = {"wood": 2, "clay": 1, "food": 1}  # Storage and Warehouse full
    _at(state, "joiner")
    play(state, {"player": "Ann", "action": "refine", "times": 1})
    assert c.stored == {"planks": 1, "clay": 1, "food": 1}


# "At the start of Era IV, the Head Official is replaced with the Chief Officer. There you still
# get the starting player marker ... (the Chief Officer provides 1 Tool and 1 Dollar instead)."
def test_the_chief_officer_gives_the_marker_a_tool_and_a_dollar() -> None:
    # CO-HEAD-OFFICIAL, CO-START-MARKER
    state = first_turn(P2)
    state.era = 4
    c = state.p[0]
    c.stored = {"wood": 2, "clay": 1, "food": 1}
    _at(state, "chief_officer")
    play(state, {"player": "Ann", "action": "claim_marker"})
    assert state.marker == 0 and (c.tools, c.dollars) == (7, 1)
    assert c.stored == {"wood": 2, "clay": 1, "food": 1}


# --------------------------------------------------------------------------- storing and spending


# "Using Goods": "During actions, you may only spend goods from your Storage! ... Your Warehouse
# and Buffers are not part of your Storage! ... immediately before you carry out the action, you
# may rearrange goods."
def test_a_build_spends_only_what_the_storage_can_hold_at_once() -> None:  # CO-SPEND
    state = first_turn(P2)
    c = state.p[0]
    c.stored, c.tools = {"wood": 3, "bricks": 1}, 1  # 4 goods: one lies in the Warehouse
    _at(state, "builder_estate")
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["estate"]})
    assert bad.rule == "CO-SPEND" and "3 spaces" in bad.message
    c.stored = {"clay": 3, "wood": 1}  # the Wood in the Warehouse, swapped in before the action
    _at(state, "builder_farm")
    play(state, {"player": "Ann", "action": "build", "buildings": ["farm"]})
    assert c.stored == {"clay": 3}


# "Storing Goods": "Whenever you get goods, you must either decline or store them immediately,
# placing them on Storage spaces or Warehouse lots—but not in Buffers."
def test_goods_received_never_go_into_an_empty_buffer() -> None:  # CO-STORE
    state = first_turn(P2)
    c = state.p[0]
    c.buildings.append(Built("forester_house", ["farmer"]))  # an empty Buffer of 2 Wood
    c.stored = {"food": 1, "clay": 3}
    c.changed()
    _at(state, "riverbank_grove")
    bad = refuses(state, {"player": "Ann", "action": "gather"})
    assert bad.rule == "CO-STORE"
    play(state, {"player": "Ann", "action": "gather", "decline": {"wood": 2}})
    assert c.buffered == {}


# "Storage": "Storage Sheds ... provide 2 Storage spaces each. Storage Houses ... 5 ... Storage
# Halls ... 9"; "you only gain access to the additional Storage spaces when you employ the
# appropriate Colonist in them!"
def test_storage_spaces_of_each_facility_with_its_worker() -> None:  # CO-STORE
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("storage_shed"), Built("storage_house", ["citizen"]),
                    Built("storage_hall", ["merchant"])]
    c.changed()
    assert room(state, 0) == Room(3 + 5 + 9, 1, {})
    c.buildings[2].workers = ["farmer"]
    c.changed()
    assert room(state, 0) == Room(3 + 2 + 5 + 9, 1, {})


# --------------------------------------------------------------------------- building


# "Building": "you have 3 Building spots for Storage Facilities, which you may use to build
# normal Buildings instead (but they are the only spots on which you may place Storage
# Facilities)."
def test_storage_facilities_only_on_the_three_facility_spots() -> None:  # CO-BUILD-SPOTS
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(19)]  # 21 buildings: one on a facility spot
    c.stored, c.tools = {"wood": 3}, 6
    _at(state, "builder_storage_shed")
    bad = refuses(state, {"player": "Ann", "action": "build",
                          "buildings": ["storage_shed"] * 3})
    assert bad.rule == "CO-BUILD-SPOTS"
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(18)]  # 20 buildings: the facility spots free
    c.stored, c.tools = {"wood": 3, "food": 1}, 6
    _at(state, "builder_farm")
    play(state, {"player": "Ann", "action": "build", "buildings": ["farm", "farm", "farm"]})
    assert len(c.buildings) == 23  # normal Buildings on the facility spots


def test_no_more_than_three_storage_facilities_in_all() -> None:  # CO-BUILD-SPOTS
    state = first_turn(P2)
    state.era = 2
    c = state.p[0]
    c.buildings += [Built("storage_shed"), Built("storage_shed"), Built("storage_house")]
    c.stored = {"wood": 2}
    c.changed()
    _at(state, "builder_storage_shed")
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["storage_shed"]})
    assert bad.rule == "CO-BUILD-SPOTS"  # two Sheds of three, but the three spots are taken
    play(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "storage_shed", "raze": "storage_house"}]})


# "Razing": "Return the razed Building to the general supply and replace it with the newly built
# one": a Storage Facility replaces only a Building on a Storage Facility spot.
def test_a_storage_facility_replaces_a_building_on_a_facility_spot_only() -> None:
    # CO-BUILD-SPOTS, CO-RAZE
    state = first_turn(P2)
    state.era = 2
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(18)]
    c.buildings += [Built("storage_shed"), Built("storage_shed"), Built("storage_house")]
    c.stored = {"wood": 2}
    c.changed()
    _at(state, "builder_storage_shed")
    raze_farm = {"player": "Ann", "action": "build", "buildings": [
        {"building": "storage_shed", "raze": "farm"}]}
    assert refuses(state, raze_farm).rule == "CO-BUILD-SPOTS"  # every Farm on a normal spot
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(19)]  # one Farm on a Storage Facility spot
    c.buildings += [Built("storage_shed"), Built("storage_shed")]
    c.stored = {"wood": 2}
    c.changed()
    _at(state, "builder_storage_shed")
    play(state, raze_farm)
    assert sum(b.slug == "storage_shed" for b in c.buildings) == 3 and len(c.buildings) == 23


# "From Era III on, you can gain access to all 30 Building spots by building the Community
# Hall. Until then, you may not build anything on the dark Building spots".
def test_the_borderland_opens_with_the_community_hall() -> None:  # CO-BUILD-SPOTS
    for hall, fits in ((False, False), (True, True)):
        state = first_turn(P2)
        state.era = 3
        c = state.p[0]
        c.buildings += [Built("farm") for _ in range(20)]  # 22 of 23
        if hall:
            c.buildings[-1] = Built("community_hall")
        c.stored = {"wood": 2}
        c.changed()
        _at(state, "builder_farm")
        event = {"player": "Ann", "action": "build", "buildings": ["farm", "farm"]}
        if fits:
            play(state, event)
        else:
            assert refuses(state, event).rule == "CO-BUILD-SPOTS"


# "Buildings limited in number show that number behind their name ... you may never have more
# copies than stated." Components: "Boardinghouse (2x limit)".
def test_boardinghouses_are_limited_to_two() -> None:
    # CO-BUILD-LIMIT
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    _sheds(state, 3)
    c.stored, c.tools = {"planks": 3, "bricks": 3, "iron": 3}, 6
    _at(state, "builder_boardinghouse")
    bad = refuses(state, {"player": "Ann", "action": "build",
                          "buildings": ["boardinghouse"] * 3})
    assert bad.rule == "CO-BUILD-LIMIT" and "at most 2" in bad.message
    play(state, {"player": "Ann", "action": "build", "buildings": ["boardinghouse"] * 2})


# "Remodeling Buildings does not count as razing!": a remodel takes no spot and no 2 Tools.
def test_a_remodel_needs_no_free_spot_and_no_razing_tools() -> None:  # CO-REMODEL, CO-RAZE
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(21)]  # 23 of 23
    c.stored, c.tools = {"planks": 1}, 1
    _at(state, "builder_flat")
    play(state, {"player": "Ann", "action": "build", "buildings": ["flat"]})
    assert c.tools == 0 and len(c.buildings) == 23
    assert sum(b.slug == "flat" for b in c.buildings) == 1


# "Remodeling": "You increase the number of Colonists it provides. ... This is possible even if
# the Residence is empty."; "You replace the Colonist with a "better" version. The Colonist must
# be "at home"".
def test_an_estate_is_remodelled_with_its_farmer_at_work() -> None:  # CO-REMODEL
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("forester_house", ["farmer"]), Built("storage_shed", ["farmer"])]
    c.stored, c.tools = {"wood": 3, "bricks": 1}, 1
    c.changed()
    _at(state, "builder_estate")
    play(state, {"player": "Ann", "action": "build", "buildings": ["estate"]})
    assert colonists(state, 0)["farmer"] == 4 and at_home(state, 0)["farmer"] == 2


def test_a_flat_turns_its_farmer_into_a_citizen() -> None:  # CO-REMODEL
    state = first_turn(P2)
    c = state.p[0]
    c.stored, c.tools = {"planks": 1}, 1
    _at(state, "builder_flat")
    play(state, {"player": "Ann", "action": "build", "buildings": ["flat"]})
    assert colonists(state, 0) == {"farmer": 1, "citizen": 1, "merchant": 0}


# "Estates and Apartments provide two additional Colonists; the Community Hall provides one
# additional Colonist."
def test_upgraded_residences_house_two_more_or_one_more() -> None:  # CO-REMODEL
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.buildings = [Built("estate"), Built("apartment"), Built("community_hall")]
    c.changed()
    assert colonists(state, 0) == {"farmer": 3, "citizen": 3, "merchant": 2}


# "You increase the number of Colonists it provides. ... This is possible even if the Residence
# is empty."; "You may only raze a Residence if all of its Colonists are "at home", i.e. you
# must have enough unemployed Colonists left."
def test_a_community_hall_over_a_working_merchant_and_a_farm_razed_for_a_farmer_at_home(
) -> None:  # CO-REMODEL, CO-RAZE
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.buildings[1] = Built("flat")
    c.buildings += [Built("house"), Built("customs_office", ["merchant"]),
                    Built("storage_house", ["citizen"])]  # Storage 3 + 5
    c.stored, c.tools = {"planks": 3, "bricks": 3, "iron": 3}, 3
    _sheds(state, 1)
    _at(state, "builder_community_hall")
    play(state, {"player": "Ann", "action": "build", "buildings": ["community_hall"]})
    assert colonists(state, 0)["merchant"] == 2 and at_home(state, 0)["merchant"] == 1
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(19)] + [Built("hollow", ["farmer"])]
    c.stored, c.tools = {"wood": 3}, 4
    c.changed()
    _at(state, "builder_forester_house")
    play(state, {"player": "Ann", "action": "build",
                 "buildings": [{"building": "forester_house", "raze": "farm"}]})
    assert colonists(state, 0)["farmer"] == 20 and at_home(state, 0)["farmer"] == 19


# "If you remodel a Storage Shed into a Storage House ... the Farmer who ran the Shed must
# return, and you must employ a Citizen to get access to the House's 5 spaces."
def test_a_remodelled_storage_sheds_farmer_goes_home() -> None:  # CO-REMODEL
    state = first_turn(P2)
    state.era = 2
    c = state.p[0]
    c.buildings.append(Built("storage_shed", ["farmer"]))
    c.stored, c.tools = {"planks": 1, "bricks": 1}, 2
    c.changed()
    assert at_home(state, 0)["farmer"] == 1
    _at(state, "builder_storage_house")
    play(state, {"player": "Ann", "action": "build", "buildings": ["storage_house"]})
    assert c.buildings[-1] == Built("storage_house", [])
    assert at_home(state, 0)["farmer"] == 2 and room(state, 0).storage == 3


# "Although rarely reasonable, you may raze a Building only to replace it with the exact same
# Building."
def test_a_building_is_razed_for_the_same_building() -> None:  # CO-RAZE
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(18)] + [Built("pub") for _ in range(3)]
    c.stored, c.tools = {"wood": 1}, 3
    _at(state, "builder_pub")
    c.stored = {"clay": 1, "bricks": 1, "planks": 1}
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["pub"]})
    assert bad.rule == "CO-BUILD-SPOTS"
    play(state, {"player": "Ann", "action": "build",
                 "buildings": [{"building": "pub", "raze": "pub"}]})
    assert c.tools == 0 and sum(b.slug == "pub" for b in c.buildings) == 3


# "Razing": "If you raze a Storage Facility, you may use the goods in it to pay the Building
# cost of the replacing Building".
def test_a_razed_storage_facilitys_goods_pay_for_the_new_building() -> None:  # CO-RAZE
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(20)] + [Built("storage_shed", ["farmer"])]
    c.stored, c.tools = {"wood": 5, "food": 1}, 4  # 2 of the Wood lie in the Shed
    c.changed()
    _at(state, "builder_forester_house")
    play(state, {"player": "Ann", "action": "build",
                 "buildings": [{"building": "forester_house", "raze": "storage_shed"}]})
    assert c.tools == 0 and c.stored == {"wood": 2, "food": 1}
    assert c.buildings[-1].slug == "forester_house"


# "Razing": "If you raze a Production or Sustenance Building, you may rearrange the goods in
# their Buffers first; discard what you cannot store."
def test_a_razed_buildings_buffer_is_stored_as_far_as_it_fits() -> None:  # CO-RAZE, CO-BUFFER
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(20)] + [Built("forester_house", ["farmer"])]
    c.buffered, c.stored, c.tools = {"wood": 2}, {"wood": 1, "food": 1}, 3
    c.changed()
    _at(state, "builder_farm")
    play(state, {"player": "Ann", "action": "build",
                 "buildings": [{"building": "farm", "raze": "forester_house"}]})
    assert c.buffered == {} and c.stored == {"wood": 2, "food": 1} and c.tools == 0


# --------------------------------------------------------------------------- workers


# "Other: ... the Factory can take any type of Worker."; "The Institute is the only Building
# requiring 2 Farmers"; "Farmer Buildings ... Citizens and Merchants may not work there."
def test_who_may_work_where() -> None:  # CO-EMPLOY
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.buildings[0] = Built("house")
    c.buildings += [Built("factory"), Built("institute")]
    c.stored = {"food": 2, "robes": 1}
    c.changed()
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "institute",
                          "worker": "merchant"})
    assert "may not work" in bad.message
    play(state, {"player": "Ann", "action": "employ", "building": "institute"},
         {"player": "Ann", "action": "employ", "building": "factory", "worker": "merchant"})
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "institute"})
    assert bad.rule == "CO-EMPLOY" and "no farmer at home" in bad.message
    assert c.stored == {}


# "Activating a Building": "2 Food and 1 Robe for each newly employed Merchant. You may pay
# this from any of the three storage options".
def test_a_merchant_employed_is_sustained_with_two_food_and_a_robe() -> None:  # CO-EMPLOY
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.buildings[0] = Built("house")
    c.buildings.append(Built("customs_office"))
    c.stored = {"food": 2}
    c.changed()
    bad = refuses(state, {"player": "Ann", "action": "employ", "building": "customs_office"})
    assert bad.rule == "CO-EMPLOY" and "robe" in bad.message
    c.stored = {"food": 1, "robes": 1}
    c.buffered = {"food": 1}
    play(state, {"player": "Ann", "action": "employ", "building": "customs_office"})
    assert c.stored == {} and c.buffered == {}


# --------------------------------------------------------------------------- improvements


# "Playing Improvements": "First, you get 2 Tools; then you must play a card from your hand ...
# If the card shows a cost at the top, you must pay it before carrying out its effect."
def test_the_developers_two_tools_come_before_the_cards_cost() -> None:  # CO-DEVELOP
    state = first_turn(P2)
    c = state.p[0]
    c.tools, c.stored, c.hand = 0, {"clay": 2, "food": 1}, [127]  # Loam Hollow: 2 Tools, 2 Clay
    _at(state, "developer")
    play(state, {"player": "Ann", "action": "develop", "card": 127})
    assert c.tools == 0 and c.played == [127] and c.stored == {"food": 1}
    state = first_turn(P2)
    c = state.p[0]
    c.tools, c.stored, c.hand = 0, {"clay": 1, "food": 1}, [127]
    _at(state, "developer")
    bad = refuses(state, {"player": "Ann", "action": "develop", "card": 127})
    assert bad.rule in ("CO-CARD-PLAY", "CO-SPEND")


# "Only Tools and Dollars do not require storing."
def test_the_developers_tools_need_no_room() -> None:  # CO-DEVELOP, CO-STORE
    state = first_turn(P2)
    c = state.p[0]
    c.stored, c.hand = {"wood": 2, "clay": 1, "food": 1}, [109]  # Anvil
    _at(state, "developer")
    play(state, {"player": "Ann", "action": "develop", "card": 109})
    assert c.tools > 8 and c.stored == {"wood": 2, "clay": 1, "food": 1}


# "The Institute is the only Building requiring 2 Farmers to activate; until 2 Farmers work
# there, it has no effect."
def test_an_institute_with_one_farmer_plays_one_card() -> None:  # CO-INSTITUTE
    state = first_turn(P2)
    state.era = 2
    c = state.p[0]
    c.buildings.append(Built("institute", ["farmer"]))
    c.hand, c.stored = [101, 109], {"food": 1}
    c.changed()
    _at(state, "developer")
    bad = refuses(state, {"player": "Ann", "action": "develop",
                          "cards": [109, {"card": 101, "decline": {"wood": 4}}]})
    assert bad.rule == "CO-INSTITUTE"
    c.buildings[-1].workers.append("farmer")
    c.changed()
    play(state, {"player": "Ann", "action": "develop",
                 "cards": [109, {"card": 101, "decline": {"wood": 4}}]})
    assert c.hand == []


# "Playing Improvements": "With an active Institute, you may play 2 Improvements at the
# Developer, one after another"; "What Is Considered an Action?": "playing the second is an
# action of its own (so you benefit from the first Improvement's effects while you play the
# second)."
def test_the_second_card_is_paid_with_what_the_first_gave() -> None:  # CO-INSTITUTE
    state = first_turn(P2)
    state.era = 2
    c = state.p[0]
    c.buildings.append(Built("institute", ["farmer", "farmer"]))
    c.buildings += [Built("farm"), Built("farm")]
    c.hand, c.stored = [101, 123], {"food": 1}  # Stone Axe: 4 Wood; Axe costs 3 Wood
    c.changed()
    _at(state, "developer")
    bad = refuses(state, {"player": "Ann", "action": "develop",
                          "cards": [123, {"card": 101, "decline": {"wood": 4}}]})
    assert bad.rule in ("CO-CARD-PLAY", "CO-SPEND")
    play(state, {"player": "Ann", "action": "develop",
                 "cards": [{"card": 101, "decline": {"wood": 1}}, 123]})
    assert c.played == [123] and c.stored == {"food": 1}


# "Limited: ... (Example: the "Ticket" takes 3 Wood; up to three times you may spend 1 Wood
# from the Ticket plus 2 Wood from your Storage to move your Steward to any Place.)"
def test_a_ticket_takes_two_wood_from_the_storage_for_a_move_anywhere() -> None:
    # CO-CARD-EFFECT
    state = first_turn(P2)
    c = state.p[0]
    c.limited = {135: 3}
    c.stored = {"wood": 1, "food": 1}
    far = tile_of(state, "librarian")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": far, "ticket": 135})
    assert bad.rule == "CO-CARD-EFFECT"
    c.stored = {"wood": 2, "food": 1}
    play(state, {"player": "Ann", "action": "move", "to": far, "ticket": 135})
    assert c.limited == {135: 2} and c.stored == {"food": 1}


# "Immediate: When played, immediately carry out its effects, then place it on the discard
# pile."; "Limited: ... Every time you use its effect, return one of its goods to the general
# supply; once all goods are removed, discard the card."; "It does not matter which Era the
# card belongs to; you may play cards from earlier Eras."
def test_where_played_cards_go() -> None:  # CO-CARD-PLAY, CO-CARD-EFFECT
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.hand, c.stored = [101], {"food": 1}  # Stone Axe, an Era I card
    _at(state, "developer")
    play(state, {"player": "Ann", "action": "develop", "card": 101, "decline": {"wood": 1}})
    assert c.hand == [] and c.played == [] and state.discard[-1] == 101
    state = first_turn(P2)
    c = state.p[0]
    c.limited, c.stored = {135: 1}, {"wood": 2, "food": 1}  # a Ticket with its last Wood
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "librarian"),
                 "ticket": 135})
    assert c.limited == {} and state.discard[-1] == 135 and c.stored == {"food": 1}


# "Limited: ... When played, place it face up in front of you and place the depicted goods
# from your Storage on the card." (The "Ticket" takes 3 Wood.)
def test_a_limited_card_is_loaded_from_the_storage() -> None:  # CO-CARD-PLAY
    state = first_turn(P2)
    c = state.p[0]
    c.hand, c.stored = [135], {"wood": 2, "food": 1}
    _at(state, "developer")
    bad = refuses(state, {"player": "Ann", "action": "develop", "card": 135})
    assert bad.rule in ("CO-CARD-PLAY", "CO-SPEND")
    c.stored = {"wood": 3, "food": 1}
    play(state, {"player": "Ann", "action": "develop", "card": 135})
    assert c.limited == {135: 3} and c.stored == {"food": 1} and c.hand == []


# "Drawing Improvements": "You may not have more than 6 cards in hand! If you have 5 already,
# you may only draw one."
def test_with_five_cards_in_hand_the_librarian_draws_one() -> None:  # CO-HAND, CO-LIBRARIAN
    state = first_turn(P2)
    c = state.p[0]
    c.hand = [state.draw_pile.pop() for _ in range(5)]
    _at(state, "librarian")
    play(state, {"player": "Ann", "action": "draw_cards"})
    card = state.draw_pile[0]
    play(state, {"chance": "draw_improvement", "card": card})
    assert len(c.hand) == 6
    bad = refuses(state, {"chance": "draw_improvement", "card": state.draw_pile[0]})
    assert bad is not None


# "If the draw pile runs out, shuffle the discard pile to form a new one."
def test_an_empty_draw_pile_is_refilled_from_the_discard_pile() -> None:  # CO-LIBRARIAN
    state = first_turn(P2)
    state.discard, state.draw_pile = list(state.draw_pile[:2]), []
    _at(state, "librarian")
    play(state, {"player": "Ann", "action": "draw_cards"})
    play(state, {"chance": "draw_improvement", "card": 102},
         {"chance": "draw_improvement", "card": 101})
    assert sorted(state.p[0].hand) == [101, 102] and state.discard == []


# --------------------------------------------------------------------------- diplomacy


# "Diplomacy": "you may not improve a relation beyond the number of the current Era"; "The
# costs of the various levels are cumulative"; "you must have all required goods in your Storage
# before the action."
def test_a_relation_reaches_at_most_the_eras_level() -> None:  # CO-EMBASSY
    state = first_turn(P2)
    state.era = 2
    _sheds(state, 2)
    state.p[0].stored = {"wood": 3, "clay": 2, "planks": 1, "bricks": 1, "food": 1}
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 3}})
    assert bad.rule == "CO-EMBASSY" and "at most level 2 in era 2" in bad.message
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 2}})
    c = state.p[0]
    assert c.embassies == {"trader": 2} and c.tools == 4 and c.stored == {"food": 1}


def test_reaching_level_two_at_once_costs_both_levels() -> None:  # CO-DIPLOMAT
    state = first_turn(P2)
    state.era = 2
    _sheds(state, 2)
    state.p[0].stored = {"wood": 3, "clay": 2, "planks": 1, "food": 1}  # no Brick
    state.p[0].tools = 2
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 2}})
    assert bad.rule in ("CO-DIPLOMAT", "CO-SPEND")
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1}})
    assert state.p[0].tools == 1


# "In a single action, you may establish and improve any number of relations!"; "since it is a
# single action, you must have all required goods in your Storage before the action."
def test_two_relations_at_once_are_paid_from_the_storage() -> None:  # CO-DIPLOMAT, CO-SPEND
    state = first_turn(P2)
    c = state.p[0]
    _sheds(state, 3)  # Storage 3 + 6 = 9 spaces and the Warehouse lot
    c.stored = {"wood": 6, "clay": 4}
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy",
                          "embassies": {"trader": 1, "lord": 1}})
    assert bad.rule == "CO-DIPLOMAT" and "it has 9 spaces" in bad.message
    state.era = 2
    c.buildings[-1] = Built("storage_house", ["citizen"])
    c.buildings[0] = Built("flat")
    c.changed()  # Storage 3 + 4 + 5 = 12 spaces
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1, "lord": 1}})
    assert c.embassies == {"trader": 1, "lord": 1} and c.stored == {} and c.tools == 4


# "When you establish a new relation, ... place it on an empty Building spot"; "Embassies are
# subject to the same rules as Buildings": with the 20 spots taken, on a Storage Facility spot.
def test_an_embassy_may_take_a_storage_facility_spot() -> None:  # CO-EMBASSY, CO-BUILD-SPOTS
    state = first_turn(P2)
    state.era = 2
    c = state.p[0]
    c.buildings[0] = Built("flat")
    c.buildings += [Built("farm") for _ in range(18)] + [Built("storage_house", ["citizen"])]
    c.stored = {"wood": 3, "clay": 2}
    c.changed()  # the 20 spots and one Storage Facility spot taken
    _at(state, "diplomat")
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1}})
    c.buildings.append(Built("farm"))  # 23 of 23
    c.stored, c.tools = {"wood": 3, "clay": 2}, 1
    c.changed()
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"lord": 1}})
    assert bad.rule == "CO-BUILD-SPOTS"


# "Each player may have at most one Embassy of each Colony."
def test_one_embassy_per_colony() -> None:  # CO-EMBASSY
    state = first_turn(P2)
    c = state.p[0]
    c.stored = {"wood": 3, "clay": 2}
    _sheds(state, 1)
    _at(state, "diplomat")
    embassy(state, "Ann", "trader", 1)
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 1}})
    assert bad.rule in ("CO-EMBASSY", "CO-DIPLOMAT")
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"lord": 1}})
    assert sum(b.slug.startswith("embassy_") for b in c.buildings) == 2


# "Improving Relations": "Turn the Embassy tile to the other side ... or exchange it with the
# other one (going from II to III)": a better relation takes no new Building spot.
def test_improving_a_relation_needs_no_free_spot() -> None:  # CO-EMBASSY, CO-BUILD-SPOTS
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(17)]
    c.buildings += [Built("storage_shed", ["farmer"]) for _ in range(3)]
    embassy(state, "Ann", "trader", 2)
    c.stored, c.tools = {"wood": 3, "clay": 3, "ore": 3}, 2
    assert len(c.buildings) == 23
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy",
                          "embassies": {"trader": 3, "lord": 1}})
    assert bad.rule in ("CO-BUILD-SPOTS", "CO-DIPLOMAT")
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 3}})
    assert c.embassies == {"trader": 3} and c.tools == 0 and len(c.buildings) == 23


# "Special Ambassadors": "The first player to unlock one must immediately place him on a
# Market."; "their first placement is not considered movement": the half-year's move is left.
def test_an_ambassadors_first_placement_is_not_his_move() -> None:  # CO-AMBASSADOR
    state = colony_game(["alchemist"], era=2)
    embassy(state, "Ann", "alchemist", 1)
    c = state.p[0]
    _sheds(state, 1)
    c.stored = {"planks": 1, "bricks": 1}
    _at(state, "diplomat")
    play(state, {"player": "Ann", "action": "diplomacy", "embassies": {"alchemist": 2},
                 "ambassadors": {"alchemist": [0, 0]}})
    assert state.ambassadors == {"alchemist": 0}
    play(state, {"player": "Ann", "action": "ambassador", "ambassador": "alchemist",
                 "to": tile_of(state, "joiner")})
    bad = refuses(state, {"player": "Ann", "action": "ambassador", "ambassador": "alchemist",
                          "to": [0, 0]})
    assert bad.rule == "CO-AMBASSADOR" and "this half-year" in bad.message


# --------------------------------------------------------------------------- the end of a year


# "Activating a Building": "At any time, you may activate a Building ... When you place Citizens
# or Merchants in Buildings, you must immediately sustain them"; "End of a Year" 3: "In this
# phase, you do not need to sustain your Workers (that is done in the next phase)". Before the
# start player has added the Places (phase 2), a Worker employed is sustained at once.
def test_a_worker_employed_before_the_places_are_added_is_sustained_at_once() -> None:
    # CO-EMPLOY
    state = first_turn(P2)
    c = state.p[0]
    c.buildings[0] = Built("flat")
    c.buildings.append(Built("iron_mine"))
    c.stored = {}
    c.changed()
    _end_of_year_with_places(state)
    employ = {"player": "Ann", "action": "employ", "building": "iron_mine"}
    bad = refuses(state, employ)
    assert bad.rule == "CO-EMPLOY" and "short of 1 food" in bad.message
    c.stored = {"food": 1}
    play(state, employ)
    assert c.stored == {} and c.buildings[-1].workers == ["citizen"]


def test_a_worker_employed_in_the_redistribution_is_sustained_in_the_next_phase() -> None:
    # CO-REDISTRIBUTE, CO-SUSTAIN
    state = first_turn(P2)
    c = state.p[0]
    c.buildings[0] = Built("flat")
    c.buildings.append(Built("iron_mine"))
    c.stored = {"food": 1}
    c.changed()
    _end_of_year(state)
    play(state, {"player": "Ann", "action": "employ", "building": "iron_mine"})
    assert c.stored == {"food": 1}  # not yet: the sustenance phase pays it
    play(state, {"phase": "sustenance"})
    assert c.stored.get("food", 0) == 0 and c.buffered == {"ore": 1}


# "Redistributing Colonists": "If you remove a Colonist from a Building with goods in its
# Buffer, you must move those goods to your Storage or Warehouse, or discard them."
def test_a_dismissed_workers_buffer_goes_to_storage_or_is_discarded() -> None:
    # CO-REDISTRIBUTE, CO-BUFFER
    state = first_turn(P2)
    c = state.p[0]
    c.buildings.append(Built("forester_house", ["farmer"]))
    c.buffered, c.stored = {"wood": 2}, {"food": 1, "clay": 2}
    c.changed()
    _end_of_year(state)
    play(state, {"player": "Ann", "action": "dismiss", "building": "forester_house"})
    assert c.buffered == {} and c.stored == {"food": 1, "clay": 2, "wood": 1}


# "The Places you add must share at least two edges with already existing tiles." (End of a
# Year 2: "following the setup rules")
def test_a_place_added_at_the_end_of_the_year_shares_two_edges() -> None:  # CO-BOARD-PLACE
    state = first_turn(P2)
    state.stage, state.pending, state.revealed = "end_year", None, ["grove"]
    bad = refuses(state, {"player": "Ann", "action": "place_tile", "at": [0, 2]})
    assert bad.rule == "CO-BOARD-PLACE"  # touches the Joiner only
    play(state, {"player": "Ann", "action": "place_tile", "at": [-1, 2]})


# "Sustenance Phase": "Colonists in Residences are not Workers—they do not require sustaining.
# ... Per Worker: Farmer needs nothing; Citizen needs 1 Food; Merchant needs 2 Food and 1 Robe."
def test_the_sustenance_demand_of_each_worker() -> None:  # CO-SUSTAIN
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.buildings += [Built("house"), Built("flat"), Built("customs_office", ["merchant"]),
                    Built("iron_mine", ["citizen"]), Built("forester_house", ["farmer"])]
    c.changed()
    assert sustenance_gap(state, 0) == ({"food": 3, "robes": 1}, {})
    c.buildings += [Built("house"), Built("flat")]  # a Merchant and a Citizen at home
    c.changed()
    assert sustenance_gap(state, 0) == ({"food": 3, "robes": 1}, {})


# "b. Determine your Sustenance capacity, i.e. the sum of all Sustenance goods generated by your
# Sustenance Buildings (including certain Improvements and Embassies)"; "most Buildings ... do
# nothing until someone works in them".
def test_sustenance_capacity_from_working_buildings_and_improvements() -> None:  # CO-SUSTAIN
    state = first_turn(P2)
    c = state.p[0]
    c.buildings[0] = Built("flat")
    c.buildings += [Built("iron_mine", ["citizen"]), Built("hunting_lodge")]
    c.changed()
    assert sustenance_gap(state, 0) == ({"food": 1}, {})  # the Lodge has no Farmer
    c.played = [125]  # Vegetable Garden: +1 Food
    c.changed()
    assert sustenance_gap(state, 0) == ({}, {})


# "Important! Sustenance demand and capacity are applied against each other. ... This matters
# especially when the Buffers of your Sustenance Buildings are full."
def test_a_full_sustenance_buffer_still_feeds_its_worker() -> None:  # CO-SUSTAIN
    state = first_turn(P2)
    c = state.p[0]
    c.buildings[0] = Built("flat")
    c.buildings += [Built("hunting_lodge", ["farmer"]), Built("iron_mine", ["citizen"])]
    c.buffered = {"food": 1}
    c.changed()
    assert sustenance_gap(state, 0) == ({}, {})


# "Permanent: ... (Example: the "Loam Hollow" generates 1 Clay per Year, like the Hollow, but
# requires no Worker.)"; "Buffers": "(Example: The Forester's House generates 2 Wood per Year".
def test_the_rulebooks_production_examples() -> None:  # CO-PRODUCE
    state = first_turn(P2)
    c = state.p[0]
    c.played = [127]
    c.buildings += [Built("hollow"), Built("forester_house", ["farmer"])]
    c.changed()
    assert production(state, 0) == {"tools": 1, "clay": 1, "wood": 2}
    c.buildings[-2].workers = ["farmer"]
    c.changed()
    assert production(state, 0) == {"tools": 1, "clay": 2, "wood": 2}


# "Permanent Improvements that generate goods (e.g. the "Beaver's Lodge") do not require
# Workers, so Factories do not affect them."
def test_a_factory_leaves_an_improvements_output() -> None:  # CO-FACTORY
    state = first_turn(P2)
    c = state.p[0]
    c.buildings.append(Built("factory", ["farmer"]))
    c.played = [126]  # Beaver's Lodge: +1 Wood
    c.changed()
    assert production(state, 0) == {"tools": 1, "wood": 1}


def test_a_factory_raises_a_sustenance_buildings_capacity() -> None:  # CO-FACTORY, CO-SUSTAIN
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("flat"), Built("flat"), Built("iron_mine", ["citizen"]),
                    Built("theater", ["citizen"]), Built("hunting_lodge", ["farmer"])]
    c.changed()
    assert sustenance_gap(state, 0) == ({"food": 1}, {})
    c.buildings.append(Built("factory", ["farmer"]))
    c.buildings[0] = Built("farm")  # the Factory's Farmer
    c.changed()
    assert sustenance_gap(state, 0) == ({}, {})


# "If demand is lower than capacity, distribute the surplus between your Sustenance Buildings
# (respecting Buffer sizes), or place them in your Storage and Warehouse; discard the excess if
# need be."
def test_a_sustenance_surplus_fills_the_buffer_then_storage_then_is_lost() -> None:
    # CO-SUSTAIN, CO-BUFFER
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("hunting_lodge", ["farmer"]), Built("hunting_lodge", ["farmer"])]
    c.stored = {"wood": 2}
    c.buffered = {"food": 1}
    c.changed()
    _end_of_year(state)
    play(state, {"phase": "sustenance"})  # 2 Food: 1 fills the Buffers, 1 to the Storage
    assert c.buffered == {"food": 2} and c.stored == {"wood": 2, "food": 1}
    _end_of_year(state)
    play(state, {"phase": "sustenance"})  # 2 Food more, room for 1
    assert c.buffered == {"food": 2} and sum(c.stored.values()) == 4


# "Production Phase": "Place produced Tools and Dollars in the Toolbox. Place produced Building
# resources on the Production Buildings that generated them (respecting Buffer sizes)";
# "Factories have no impact on Money Buildings!"
def test_production_money_and_a_factory() -> None:  # CO-PRODUCE, CO-FACTORY
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("pub", ["farmer"]), Built("factory", ["farmer"])]
    c.changed()
    assert production(state, 0) == {"tools": 1, "dollars": 1}
    _end_of_year(state)
    play(state, {"phase": "sustenance"})
    assert (c.tools, c.dollars) == (7, 1)


# "Buffers": "If another effect increases the output (like Factories), the Building can store
# additional goods accordingly."; "The Factory": "the Factory increases the output of all of
# your Production and Sustenance Buildings that are run by the same type of Worker".
def test_a_factory_raises_the_output_and_the_buffer_of_its_workers_type() -> None:
    # CO-FACTORY, CO-BUFFER
    state = first_turn(P2)
    c = state.p[0]
    c.buildings[0] = Built("flat")
    c.buildings += [Built("forester_house", ["farmer"]), Built("factory", ["citizen"])]
    c.stored = {"food": 1}
    c.changed()
    assert production(state, 0) == {"tools": 1, "wood": 2}
    c.buildings[-1].workers = ["farmer"]
    c.changed()
    _end_of_year(state)
    play(state, {"phase": "sustenance"})
    assert c.buffered == {"wood": 3} and c.stored == {"food": 1}


def test_a_full_buffer_sends_the_new_batch_to_storage() -> None:  # CO-PRODUCE, CO-BUFFER
    state = first_turn(P2)
    c = state.p[0]
    c.buildings.append(Built("forester_house", ["farmer"]))
    c.buffered, c.stored = {"wood": 2}, {"food": 1}
    c.changed()
    _end_of_year(state)
    play(state, {"phase": "sustenance"})
    assert c.buffered == {"wood": 2} and c.stored == {"food": 1, "wood": 2}
    c.stored = {"food": 1, "clay": 3}  # Storage and Warehouse full: the new batch is lost
    _end_of_year(state)
    play(state, {"phase": "sustenance"})
    assert c.buffered == {"wood": 2} and c.stored == {"food": 1, "clay": 3}


# --------------------------------------------------------------------------- years and eras


# "Start of a Year": "There are only 12 Places per Era, so the draw pile will be empty after
# four Years. In the fifth Year of each Era, there are no more Places to turn face up".
def test_no_places_are_revealed_in_the_fifth_year() -> None:  # CO-YEAR-START
    state = first_turn(P2)
    state.year, state.stage, state.market_card = 5, "market_card", None
    state.place_pile = state.place_pile[:3]
    play(state, {"chance": "market_card", "card": "planks"})
    assert state.stage == "turn"
    assert refuses(state, {"chance": "reveal_place", "place": state.place_pile[0]}) is not None
    state = first_turn(P2)
    state.year, state.stage, state.market_card = 4, "market_card", None
    play(state, {"chance": "market_card", "card": "planks"})
    assert state.stage == "reveal_place"


# "Start of an Era" 2: "only 5 of the 7 Market cards are used in each Era"; "Start of a Year":
# "turn over the topmost Market card" (a card already seen this Era is not drawn again).
def test_a_market_card_is_drawn_once_an_era() -> None:  # CO-YEAR-START
    state = first_turn(P2)
    state.year, state.stage, state.market_card = 2, "market_card", None
    bad = refuses(state, {"chance": "market_card", "card": "farm"})
    assert bad.rule == "CO-YEAR-START"
    play(state, {"chance": "market_card", "card": "planks"})


# "Start of an Era": "All players keep their hand cards, even from a previous Era!"; "Return the
# draw and discard piles of the previous Era"; "In Era II, a third Market is added".
def test_a_new_era_keeps_the_hands_and_brings_its_own_cards_and_market() -> None:
    # CO-ERA-START
    state = first_turn(P2, options={"last_era": 2})
    state.year = 5
    state.p[0].hand = [101, 102]
    state.discard = [103]
    _end_of_year(state)
    play(state, {"phase": "sustenance"})
    assert state.p[0].hand == [101, 102] and state.discard == []
    assert sorted(state.draw_pile) == list(range(201, 236))
    assert state.stage == "third_market"
    market = next(e for e in GAME.legal_actions(state) if e.name == "place_market")
    assert market.player == state.players[state.start or 0]


# "At the start of Era III, a fifth Colony is added."
def test_era_three_adds_a_fifth_colony() -> None:  # CO-ERA-START
    state = first_turn(P2, options={"last_era": 3})
    state.era, state.year = 2, 5
    _end_of_year(state)
    play(state, {"phase": "sustenance"})
    assert state.era == 3 and state.stage == "fifth_colony"
    bad = refuses(state, {"chance": "colony", "colony": "trader"})
    assert bad.kind == "chance"
    play(state, {"chance": "colony", "colony": "altruist"})
    assert len(state.colonies) == 5 and "altruist" in state.colonies


# --------------------------------------------------------------------------- scoring


# "Game End and Scoring": "Each Farmer is worth 2 Dollars; each Citizen 6 Dollars; each Merchant
# 16 Dollars." Colonists at home are worth nothing.
def test_workers_are_worth_two_six_and_sixteen() -> None:  # CO-SCORE
    state = first_turn(["Ann"])
    state.era = 3
    c = state.p[0]
    c.buildings = [Built("farm"), Built("flat"), Built("house"), Built("house"),
                   Built("customs_office", ["merchant"]), Built("iron_mine", ["citizen"]),
                   Built("hollow", ["farmer"])]
    c.changed()
    assert parts(state, 0)["workers"] == 2 + 6 + 16


# "Game End and Scoring" with "Diplomacy": "The costs of the various levels are cumulative; the
# Dollar values are not." A level II relation is worth 4 Dollars, not 2 + 4.
def test_an_embassy_scores_its_highest_level_only() -> None:  # CO-SCORE
    state = first_turn(["Ann"])
    state.p[0].buildings = []
    embassy(state, "Ann", "trader", 2)
    assert parts(state, 0)["embassies"] == 4


# "Permanent: ... These cards have a Dollar value"; "Add up the Dollar values of ... your
# permanent Improvements." A limited card in front of you scores nothing.
def test_only_permanent_improvements_score() -> None:  # CO-SCORE
    state = first_turn(["Ann"])
    c = state.p[0]
    c.played, c.limited = [127], {135: 2}  # Loam Hollow (2 Dollars), a Ticket
    c.changed()
    assert parts(state, 0)["improvements"] == 2


# --------------------------------------------------------------------------- a later start


def _later_start(first: int) -> ColonistsState:
    """A start in era ``first`` played to the display (phase 3's buildings and goods): chance
    events from a seeded generator, each other event the first legal one."""
    rng = random.Random(first)
    state = GAME.new_state(P2, {"first_era": first})
    while state.stage != "setup_display":
        outcomes = GAME.chance_outcomes(state)
        event = rng.choice(sorted((e for e, _ in outcomes), key=str)) if outcomes else \
            GAME.legal_actions(state)[0]
        play(state, event.to_json())
    return state


# "Starting in a Later Era", the table: "II 2 29 5 0"; "You may spend any or all of your
# Embassy Dollars as Building Dollars."
def test_a_later_start_spends_embassy_dollars_on_buildings() -> None:  # CO-LATER-BUDGET
    state = _later_start(2)
    bad = refuses(state, {"player": "Ann", "action": "setup_buildings",
                          "buildings": ["estate"] * 7 + ["flat", "farm"]})
    assert bad.rule == "CO-LATER-BUDGET"  # 28 + 3 + 1 = 32 > 29 + 2
    play(state, {"player": "Ann", "action": "setup_buildings",
                 "buildings": ["estate"] * 7 + ["flat"]})  # 31


# "Then spend your Goods Dollars. ... You may add any remaining Building Dollars to your Goods
# Dollars."; "each player gets 1 Food (regardless of goods purchased) plus the number of Tools
# shown in the table. You cannot spend Goods Dollars on Tools."
def test_a_later_starts_goods_dollars_take_the_building_dollars_left() -> None:
    # CO-LATER-BUDGET
    state = _later_start(3)
    two = [c for c in state.colonies if c not in ("alchemist", "altruist", "laborer")][:2]
    play(state, {"player": "Ann", "action": "setup_buildings",
                 "embassies": {two[0]: 2, two[1]: 2},
                 "buildings": ["estate"] * 12 + ["farm"] * 2 + ["storage_shed"] * 3},
         *({"player": "Ann", "action": "employ", "building": shed}
           for shed in ("storage_shed", "storage_shed#2", "storage_shed#3")))
    # Embassies 4 + 4 of 8 Dollars; Buildings 48 + 2 + 6 = 56 of 59: with the 8 Goods Dollars 11
    bad = refuses(state, {"player": "Ann", "action": "setup_goods", "goods": {"tools": 1}})
    assert bad.rule in ("CO-LATER-BUDGET", "CO-VOCAB")
    bad = refuses(state, {"player": "Ann", "action": "setup_goods", "goods": {"planks": 6}})
    assert bad.rule == "CO-LATER-BUDGET"
    play(state, {"player": "Ann", "action": "setup_goods", "goods": {"planks": 5, "wood": 1}})
    c = state.p[0]
    assert c.tools == 1 and c.stored == {"planks": 5, "wood": 1, "food": 1}


# "Saving the Game": "Spend the Building and Embassy Dollars on the scoring pad to set up your
# Community board, instead of the table values. Take goods and Tools according to your notes
# ... You do not get any additional Food or Tools! Restore the Dollars in your Toolbox".
def test_a_saved_game_continues_without_free_food_or_tools() -> None:  # CO-SAVED
    record = {"buildings": 10, "embassies": 0, "dollars": 3, "goods": 4, "tools": 5,
              "improvements": [126], "hand": 0}
    saved = {"next_era": 2, "colonies": ["envoy", "lord", "scholar", "trader"],
             "start_player": "Ann", "players": {"Ann": record, "Bo": dict(record, improvements=[])}}
    state = GAME.new_state(P2, {"saved": saved})
    rng = random.Random(2)
    while state.stage != "setup_display":
        outcomes = GAME.chance_outcomes(state)
        event = rng.choice(sorted((e for e, _ in outcomes), key=str)) if outcomes else \
            GAME.legal_actions(state)[0]
        play(state, event.to_json())
    bad = refuses(state, {"player": "Ann", "action": "setup_buildings",
                          "buildings": ["farm"] * 11})
    assert bad.rule in ("CO-SAVED", "CO-LATER-BUDGET")
    play(state, {"player": "Ann", "action": "setup_buildings", "buildings": ["farm"] * 10})
    bad = refuses(state, {"player": "Ann", "action": "setup_goods", "goods": {"wood": 5}})
    assert bad.rule in ("CO-SAVED", "CO-LATER-BUDGET")
    play(state, {"player": "Ann", "action": "setup_goods", "goods": {"wood": 3}})
    c = state.p[0]
    assert (c.tools, c.dollars, c.stored, c.played) == (5, 3, {"wood": 3}, [126])
