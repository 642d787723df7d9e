"""The Colonists against its rulebook, lines 363-636 ("What Is Considered an Action?" to "Saving
the Game"), statement by statement: each situation played both ways where the rulebook allows
and forbids, pinned by the rule it concerns and the lines it cites."""

from __future__ import annotations

from referee.model.colonists.community import at_home, colonists
from referee.model.colonists.moves.year import capacity, production
from referee.model.colonists.state import Built, ColonistsState, Pending
from tests.colonists_helpers import GAME, first_turn, play, refuses

P2 = ["Ann", "Bo"]


def _at_new(state: ColonistsState, slug: str, seat: int = 0) -> int:
    """A new tile of ``slug`` off the board's edge with the seat's Steward on it, its action
    due."""
    tile = state.board.add(slug, [(9, 9 + len(state.board.tiles))])
    state.p[seat].stewards[0] = tile
    state.seat = seat
    state.stage, state.pending = "act", Pending("act", seat, tile)
    return tile


def _next_to(state: ColonistsState, slug: str) -> list[int]:
    """Ann's Steward on a Place next to ``slug`` (as where her three turns began); a cell of
    ``slug``."""
    tile = state.board.tiles_named(slug)[0]
    c = state.p[0]
    c.stewards[0] = c.block_start[0] = next(
        t for t in state.board.adjacent_tiles(tile) if not state.board.tiles[t].market)
    return list(state.board.tiles[tile].cells[0])


# --------------------------------------------------------------------------- razing


# rulebook "Razing" (lines 416, 421, 422): a Building may be razed with empty spots left, even
# to replace it with the same Building; its Worker goes home and may work in the new one at
# once.
def test_a_building_is_razed_for_the_same_building_and_its_worker_moves_in() -> None:
    # CO-RAZE, CO-EMPLOY
    state = first_turn(P2)
    c = state.p[0]
    c.buildings.append(Built("pub", ["farmer"]))
    c.stored, c.tools = {"clay": 1, "bricks": 1, "planks": 1}, 2  # the Pub: 1 Tool, 2 to raze
    _at_new(state, "builder_pub")
    bad = refuses(state, {"player": "Ann", "action": "build",
                          "buildings": [{"building": "pub", "raze": "pub"}]})
    assert bad.rule == "CO-BUILD" and "3 tools" in bad.message
    c.tools = 3
    play(state, {"player": "Ann", "action": "build",
                 "buildings": [{"building": "pub", "raze": "pub", "employ": "farmer"}]})
    assert [(b.slug, b.workers) for b in c.buildings] == [
        ("farm", []), ("farm", []), ("pub", ["farmer"])]
    assert c.tools == 0 and c.stored == {}


def _full(state: ColonistsState, *extra: Built) -> None:
    """Ann's 23 spots taken: the 2 Farms, 20 more and ``extra``."""
    c = state.p[0]
    c.buildings += [Built("farm") for _ in range(21 - len(extra))] + list(extra)
    c.changed()


# rulebook "Razing" (line 419): the goods in a razed Storage Facility pay for the Building that
# replaces it; what no longer fits afterwards is discarded.
def test_a_razed_storage_facilitys_goods_pay_for_the_building_replacing_it() -> None:
    # CO-RAZE, CO-SPEND
    state = first_turn(P2)
    _full(state, Built("storage_shed", ["farmer"]))
    c = state.p[0]
    c.stored, c.tools = {"wood": 3, "clay": 2, "food": 1}, 4  # Storage 3 + 2, Warehouse 1
    _at_new(state, "builder_forester_house")
    assert refuses(state, {"player": "Ann", "action": "build",
                           "buildings": ["forester_house"]}).rule == "CO-BUILD-SPOTS"
    play(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "forester_house", "raze": "storage_shed"}]})
    assert c.stored == {"clay": 2, "food": 1} and c.tools == 0
    assert "storage_shed" not in [b.slug for b in c.buildings]
    assert at_home(state, 0)["farmer"] == colonists(state, 0)["farmer"]  # the Shed's went home


# rulebook "Razing" (line 420): the goods in a razed Production Building's Buffer are
# rearranged first (here they pay the new Building) and the rest is stored.
def test_a_razed_production_buildings_buffer_is_rearranged_first() -> None:
    # CO-RAZE, CO-BUFFER
    state = first_turn(P2)
    c = state.p[0]
    c.buildings.append(Built("forester_house", ["farmer"], (("wood", 2),)))
    c.stored, c.buffered, c.tools = {"food": 1}, {"wood": 2}, 3
    c.changed()
    _at_new(state, "builder_farm")
    play(state, {"player": "Ann", "action": "build", "buildings": [
        {"building": "farm", "raze": "forester_house"}]})
    assert c.buffered == {} and c.stored == {"food": 1, "wood": 1} and c.tools == 0


# --------------------------------------------------------------------------- remodelling


# rulebook "Remodeling" (lines 430-431): a Residence that provides more Colonists is remodelled
# even with its Colonists at work; one that changes its Colonist's type needs him at home.
def test_more_colonists_need_none_at_home_a_better_one_does() -> None:  # CO-REMODEL
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("storage_shed", ["farmer"]), Built("pub", ["farmer"])]
    c.stored, c.tools = {"wood": 3, "bricks": 1, "planks": 1}, 1
    c.changed()
    _at_new(state, "builder_flat")
    bad = refuses(state, {"player": "Ann", "action": "build", "buildings": ["flat"]})
    assert bad.rule == "CO-REMODEL" and "1 farmer(s) at home" in bad.message
    _at_new(state, "builder_estate")
    play(state, {"player": "Ann", "action": "build", "buildings": ["estate"]})
    assert colonists(state, 0)["farmer"] == 4 and at_home(state, 0)["farmer"] == 2
    assert c.tools == 0  # the remodel's price only: no razing charge (line 417)


# --------------------------------------------------------------------------- improvements


# rulebook "Playing Improvements" (line 480): the Developer's 2 Tools come first and may pay
# the card's cost; a move there with no card to play is refused (the card must be played).
def test_the_developers_tools_pay_the_card_and_a_card_must_be_played() -> None:
    # CO-DEVELOP, CO-MOVE-ACTION
    state = first_turn(P2)
    c = state.p[0]
    c.hand, c.tools, c.stored = [127], 0, {"clay": 1}  # Loam Hollow: 2 Tools, 2 Clay
    cell = _next_to(state, "developer")
    bad = refuses(state, {"player": "Ann", "action": "move", "to": cell})
    assert bad.rule == "CO-MOVE-ACTION"
    c.stored = {"clay": 2}
    play(state, {"player": "Ann", "action": "move", "to": cell},
         {"player": "Ann", "action": "develop", "card": 127})
    assert c.played == [127] and c.tools == 0 and c.stored == {}


# rulebook "What Is Considered an Action?" (line 368) and "Playing Improvements" (line 483):
# with an active Institute a second card is played as an action of its own, with what the
# first gave; never a third.
def test_the_institutes_second_card_uses_what_the_first_gave() -> None:  # CO-INSTITUTE
    state = first_turn(P2)
    state.era = 2
    c = state.p[0]
    c.buildings += [Built("estate"), Built("institute", ["farmer", "farmer"])]
    c.hand, c.tools, c.stored = [101, 103, 126], 0, {}
    c.changed()
    _at_new(state, "developer")
    bad = refuses(state, {"player": "Ann", "action": "develop", "cards": [101, 103, 126]})
    assert bad.rule == "CO-INSTITUTE" and "2 card(s)" in bad.message
    # the Stone Axe's 4 Wood pay the Beaver's Lodge's 2 Wood
    play(state, {"player": "Ann", "action": "develop", "cards": [101, 126]})
    assert c.played == [126] and c.stored == {"wood": 2} and c.hand == [103]


# --------------------------------------------------------------------------- the Factory


# rulebook "The Factory" (lines 457-460): +1 for every Production and Sustenance Building run by
# the Factory's Worker type; none for Money Buildings or worker-less improvements.
def test_a_factory_raises_neither_money_buildings_nor_improvements() -> None:  # CO-FACTORY
    state = first_turn(P2)
    c = state.p[0]
    c.buildings += [Built("farm"), Built("farm"), Built("factory", ["farmer"]),
                    Built("hunting_lodge", ["farmer"]), Built("pub", ["farmer"])]
    c.played = [126]  # Beaver's Lodge: 1 Wood a year
    c.changed()
    assert capacity(state, 0) == {"food": 2}
    assert production(state, 0) == {"tools": 1, "dollars": 1, "wood": 1}


# --------------------------------------------------------------------------- end of a year


# rulebook "End of a Year" (line 562): demand and capacity are netted, not generated first:
# with the Hunting Lodge's Buffer full, its Food covers the Citizen and the Buffer stays full.
def test_a_full_buffer_nets_demand_against_capacity() -> None:  # CO-SUSTAIN
    state = first_turn(P2)
    c = state.p[0]
    c.buildings[1] = Built("flat")
    c.buildings += [Built("hunting_lodge", ["farmer"], (("food", 1),)),
                    Built("factory", ["citizen"])]
    c.stored, c.buffered = {"wood": 2}, {"food": 1}
    c.changed()
    state.stage, state.start, state.revealed = "end_year", 0, []
    play(state, {"phase": "sustenance"})
    assert c.buffered == {"food": 1} and c.stored == {"wood": 2}


# rulebook "Starting Player" (lines 540-543): the Head Official gives 1 Clay and the marker, the
# Chief Officer 1 Tool and 1 Dollar; the holder becomes start player only at the end of the year.
def test_the_marker_changes_hands_and_the_start_player_waits() -> None:
    # CO-HEAD-OFFICIAL, CO-START-MARKER
    for slug, era, gets in (("head_official", 1, ({"clay": 1}, 6, 0)),
                            ("chief_officer", 4, ({}, 7, 1))):
        state = first_turn(P2)
        state.era = era
        bo = state.p[1]
        bo.stored = {}
        _at_new(state, slug, seat=1)
        play(state, {"player": "Bo", "action": "claim_marker"})
        assert (bo.stored, bo.tools, bo.dollars) == gets
        assert (state.marker, state.start) == (1, 0)


# --------------------------------------------------------------------------- scoring


# rulebook "Game End and Scoring" (line 581): of the tied players, the one who took his first
# three turns later wins; a player not tied does not matter.
def test_a_tie_of_two_among_three_goes_to_the_later_first_turns() -> None:  # CO-TIE
    state = first_turn(["Ann", "Bo", "Cy"])
    state.order = (1, 2, 0)  # Bo, Cy, Ann
    for c, dollars in zip(state.p, (3, 3, 4), strict=True):
        c.dollars = dollars
    assert GAME.winners(state) == ["Cy"]
    state.p[2].dollars = 2
    assert GAME.winners(state) == ["Ann"]
    state.order = ()
    assert GAME.winners(state) == ["Ann", "Bo"]
