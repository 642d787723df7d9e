"""The Colonists against its rulebook alone: statements a tournament director could check with a
log, each played both ways (the legal form accepted, the illegal form refused under the rule the
statement concerns). Each test quotes the rulebook lines it reads."""

from __future__ import annotations

from referee.model.colonists.community import at_home, room
from referee.model.colonists.goods import Room
from referee.model.colonists.moves.year import production, sustenance_gap
from referee.model.colonists.scoring import parts
from referee.model.colonists.state import Built, ColonistsState, Pending
from tests.colonists_helpers import GAME, first_turn, play, refuses, tile_of

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


# --------------------------------------------------------------------------- moving


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


# "Your Turn": "Before your first turn, you must place him on a Market of your choice. This
# initial placement is not considered a turn, so you do not carry out a Market action."
def test_a_steward_enters_on_a_market_and_that_is_not_a_turn() -> None:  # CO-STEWARD-ENTER
    state = first_turn(P2)
    state.p[0].stewards[0] = state.p[0].block_start[0] = None
    bad = refuses(state, {"player": "Ann", "action": "place_steward",
                          "at": tile_of(state, "joiner")})
    assert bad.rule == "CO-STEWARD-ENTER"
    play(state, {"player": "Ann", "action": "place_steward", "at": [0, 0]})
    assert state.stage == "turn" and state.turns == 0
    play(state, {"player": "Ann", "action": "move", "to": tile_of(state, "joiner")})


# "Multiple Stewards": "Except Markets, no Place may contain more than one Steward of the same
# player. ... Markets are exempt."
def test_two_of_ones_stewards_share_only_a_market() -> None:  # CO-MOVE-OWN
    from tests.test_colonists_colonies import embassy

    state = first_turn(P2)
    embassy(state, "Ann", "envoy", 1)  # a second Steward
    c = state.p[0]
    c.stewards = [_tile(state, "joiner"), 0]
    c.block_start = list(c.stewards)
    bad = refuses(state, {"player": "Ann", "action": "move", "steward": 2,
                          "to": tile_of(state, "joiner")})
    assert bad.rule == "CO-MOVE-OWN"
    c.stewards[0] = 13  # the second Market
    play(state, {"player": "Ann", "action": "move", "steward": 2, "to": [-7, 1]})


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


# --------------------------------------------------------------------------- the places


# "Sustainers": "the Baker either gives you 2 Food, or lets you sell 2 Food for 1 Dollar any
# number of times."
def test_the_baker_sells_two_food_for_a_dollar_any_number_of_times() -> None:  # CO-SUSTAINER
    state = first_turn(P2)
    _sheds(state, 1)
    state.p[0].stored = {"food": 5}
    _at(state, "baker")
    bad = refuses(state, {"player": "Ann", "action": "sell", "times": 3})
    assert bad.rule in ("CO-SUSTAINER", "CO-SPEND")
    play(state, {"player": "Ann", "action": "sell", "times": 2})
    assert state.p[0].dollars == 2 and state.p[0].stored == {"food": 1}


def test_the_baker_gives_two_food() -> None:  # CO-SUSTAINER
    state = first_turn(P2)
    state.p[0].stored = {}
    _at(state, "baker")
    play(state, {"player": "Ann", "action": "gather"})
    assert state.p[0].stored == {"food": 2}


# "Refiners": "You may refine any number of goods during the same turn, but only goods that
# were in your Storage before the action. (Example: the Joiner lets you exchange 2 Wood for 1
# Plank any number of times.)"
def test_the_joiner_refines_any_number_of_times_from_the_storage() -> None:  # CO-REFINE
    state = first_turn(P2)
    _sheds(state, 1)
    state.p[0].stored = {"wood": 5}
    _at(state, "joiner")
    bad = refuses(state, {"player": "Ann", "action": "refine", "times": 3})
    assert bad.rule == "CO-REFINE"
    play(state, {"player": "Ann", "action": "refine", "times": 2})
    assert state.p[0].stored == {"wood": 1, "planks": 2}


# "Builders": "you may build any number of Buildings of the given type during the same turn,
# provided you can pay the total Building cost from your Storage."
def test_a_builder_builds_as_many_as_the_total_cost_allows() -> None:  # CO-BUILD
    state = first_turn(P2)
    state.p[0].stored = {"wood": 2, "food": 1}
    _at(state, "builder_farm")
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["farm"] * 3})
    assert bad.rule in ("CO-BUILD", "CO-SPEND")
    play(state, {"player": "Ann", "action": "build", "buildings": ["farm", "farm"]})
    c = state.p[0]
    assert sum(b.slug == "farm" for b in c.buildings) == 4 and c.tools == 4
    assert c.stored == {"food": 1}


# "Markets ... Action: ... weaker than the same action at the corresponding Place (e.g. by having
# a limit like "1x")."; "If there is a limit (like "1x"), you may only build the indicated number."
def test_a_market_build_action_builds_one_farm() -> None:  # CO-MARKET-ACTION
    state = first_turn(P2)
    state.p[0].stored = {"wood": 2, "food": 1}
    state.stage, state.pending = "act", Pending("act", 0, 0)  # on the first Market
    bad = refuses(state, {"player": "Ann", "action": "market_action",
                          "buildings": ["farm", "farm"]})
    assert bad.rule == "CO-MARKET-ACTION"
    play(state, {"player": "Ann", "action": "market_action", "buildings": ["farm"]})
    assert sum(b.slug == "farm" for b in state.p[0].buildings) == 3


# "Starting Player": "The Head Official also provides 1 Clay from the general supply";
# "you do not become starting player immediately".
def test_the_head_official_gives_the_marker_and_a_clay() -> None:  # CO-START-MARKER
    state = first_turn(P2)
    state.p[0].stored = {"food": 1}
    _at(state, "head_official")
    play(state, {"player": "Ann", "action": "claim_marker"})
    assert state.marker == 0 and state.p[0].stored == {"food": 1, "clay": 1}


def test_a_marker_taken_in_summer_leaves_the_winter_order() -> None:  # CO-START-MARKER
    state = first_turn(P2, start="Ann")
    state.p[1].stored = {"food": 1}
    state.seat, state.turns, state.done = 1, 2, 1  # Bo's third summer turn
    state.p[1].stewards[0] = state.p[1].block_start[0] = 0
    state.p[1].moved = []
    _at(state, "head_official", seat=1)
    play(state, {"player": "Bo", "action": "claim_marker"})
    assert state.marker == 1
    assert state.half == 1 and state.current == "Ann" and state.start == 0


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


# --------------------------------------------------------------------------- diplomacy


# "Diplomacy": "you may not improve a relation beyond the number of the current Era"; "The
# costs of the various levels are cumulative"; "you must have all required goods in your Storage
# before the action."
def test_a_relation_reaches_at_most_the_eras_level() -> None:  # CO-EMBASSY
    state = first_turn(P2)
    _sheds(state, 2)
    state.p[0].stored = {"wood": 3, "clay": 2, "planks": 1, "bricks": 1, "food": 1}
    _at(state, "diplomat")
    bad = refuses(state, {"player": "Ann", "action": "diplomacy", "embassies": {"trader": 2}})
    assert bad.rule == "CO-EMBASSY" and "at most level 1 in era 1" in bad.message
    state.era = 2
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


# "Game End and Scoring" with "Diplomacy": "The costs of the various levels are cumulative; the
# Dollar values are not." A level II relation is worth 4 Dollars, not 2 + 4.
def test_an_embassy_scores_its_highest_level_only() -> None:  # CO-SCORE
    from tests.test_colonists_colonies import embassy

    state = first_turn(["Ann"])
    state.p[0].buildings = []
    embassy(state, "Ann", "trader", 2)
    assert parts(state, 0)["embassies"] == 4


# --------------------------------------------------------------------------- the community


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


# "Personal Display": "If you are only going to play Era I, turn your Community board to the
# side showing 12 Building spots. ... On top of that, there are 3 Building spots for Storage
# Facilities."
def test_a_game_of_era_one_only_has_twelve_spots() -> None:  # CO-BUILD-SPOTS
    state = first_turn(P2, options={"last_era": 1})
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(12)]  # 14 of 15
    c.stored = {"wood": 2}
    _at(state, "builder_farm")
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["farm", "farm"]})
    assert bad.rule == "CO-BUILD-SPOTS"
    play(state, {"player": "Ann", "action": "build", "buildings": ["farm"]})


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


# --------------------------------------------------------------------------- workers


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


# --------------------------------------------------------------------------- the end of a year


# "Sustenance Phase": "Per Worker: Farmer needs nothing; Citizen needs 1 Food; Merchant needs 2
# Food and 1 Robe."
def test_the_sustenance_demand_of_each_worker() -> None:  # CO-SUSTAIN
    state = first_turn(P2)
    state.era = 3
    c = state.p[0]
    c.buildings += [Built("house"), Built("flat"), Built("customs_office", ["merchant"]),
                    Built("iron_mine", ["citizen"]), Built("forester_house", ["farmer"])]
    c.changed()
    assert sustenance_gap(state, 0) == ({"food": 3, "robes": 1}, {})


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


# "Production Phase": "Place produced Tools and Dollars in the Toolbox. Place produced Building
# resources on the Production Buildings that generated them (respecting Buffer sizes)";
# "Factories have no impact on Money Buildings!"
def _end_of_year(state: ColonistsState) -> None:
    state.stage, state.pending, state.revealed = "end_year", None, []


def test_production_money_and_a_factory() -> None:  # CO-PRODUCE, CO-FACTORY
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("pub", ["farmer"]), Built("factory", ["farmer"])]
    c.changed()
    assert production(state, 0) == {"tools": 1, "dollars": 1}
    _end_of_year(state)
    play(state, {"phase": "sustenance"})
    assert (c.tools, c.dollars) == (7, 1)


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
