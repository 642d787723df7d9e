"""The moves ``legal_actions`` lists for a Steward with a Ticket, a Horse or the Envoy's Range
boost (the Envoy II): listed where the card or the ability is there and usable, with the
parameters and the Fee the validator asks; not listed without it, once it is used this turn
(half-year, for the boost), nor for a place reached without spending it. Each listed event
passes ``check``.

The board of these games is a row of tiles; from the first Market at [0, 0] (Ann's Steward)
the Riverbank Grove, the Builder (Farm) and the Joiner are 1 step away, the Developer and the
Builder (Storage Shed) 2, the Librarian and the Diplomat 3, the Head Official 4, the far
Riverbank Grove 6, the second Market 7."""

from __future__ import annotations

from typing import Any

from referee.model.colonists import GAME, turns
from referee.model.colonists.moves.turn import BOOST
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action
from tests.colonists_helpers import first_turn, refusal, refuses, tile_of
from tests.test_colonists_colonies import colony_game, embassy

P2 = ["Ann", "Bo"]
TICKET = 135  # Era I: 2 Wood from the Storage (and one from the card) for a move to any Place
HORSE = 334   # Era III: +1 Range for a move, once per turn (2 uses)


def _moves(state: ColonistsState) -> list[Action]:
    """Ann's listed moves, each checked."""
    listed = [e for e in GAME.legal_actions(state) if e.name == "move"]
    assert listed, "no move is listed"
    for event in GAME.legal_actions(state):
        assert GAME.check(state, event) is None, event
    return listed


def _to(moves: list[Action], **named: Any) -> set[tuple[int, ...]]:
    """The targets of the moves that name exactly these of ticket, horse and boost (a value
    of True: any)."""
    out = set()
    for e in moves:
        keys = {k for k in ("ticket", "horse", "boost") if e.has(k)}
        if keys != set(named):
            continue
        if all(value is True or e.get(k) == value for k, value in named.items()):
            out.add(tuple(e.get("to")))
    return out


def _cell(state: ColonistsState, slug: str) -> tuple[int, ...]:
    return tuple(tile_of(state, slug))


def _plain(state: ColonistsState) -> set[tuple[int, ...]]:
    return {tuple(state.board.tiles[t].cells[0]) for t in state.board.within(0, 1) if t} | \
        {(-7, 1)}  # the second Market, jumped to


# --------------------------------------------------------------------------- the Ticket


def test_a_ticket_is_listed_for_the_places_out_of_reach() -> None:  # CO-CARD-EFFECT
    state = first_turn(P2)
    c = state.p[0]
    c.stored = {"wood": 3, "food": 1}
    c.changed()
    librarian = _cell(state, "librarian")
    move = {"player": "Ann", "action": "move", "to": list(librarian), "ticket": TICKET}
    # absent: the Librarian is beyond Range 1, and no ticket move is listed
    plain = {"player": "Ann", "action": "move", "to": list(librarian)}
    assert refuses(state, plain).rule == "CO-MOVE-RANGE"
    assert refuses(state, move).rule == "CO-CARD-EFFECT"
    moves = _moves(state)
    assert librarian not in _to(moves) and not _to(moves, ticket=True)
    # present, with uses left: every Place out of reach whose action Ann can carry out
    c.limited = {TICKET: 2}
    c.changed()
    assert refusal(state, move) is None
    moves = _moves(state)
    ticketed = _to(moves, ticket=TICKET)
    assert librarian in ticketed
    assert ticketed == {librarian, _cell(state, "head_official"), (-6, 1)}
    # the places reached without it are listed once, without the ticket
    assert _to(moves) == _plain(state)
    assert not ticketed & _plain(state)


def test_a_ticket_s_move_to_an_occupied_place_is_listed_with_the_fee() -> None:
    # CO-CARD-EFFECT, CO-FEE
    state = first_turn(P2)
    c = state.p[0]
    c.limited, c.stored = {TICKET: 2}, {"wood": 3, "food": 1}
    c.changed()
    state.p[1].stewards[0] = state.board.tile_at(_cell(state, "librarian"))
    librarian = _cell(state, "librarian")
    listed = [e for e in _moves(state) if tuple(e.get("to")) == librarian]
    assert listed and all(e.get("ticket") == TICKET for e in listed)
    assert [e.to_json()["fee"] for e in listed] == [{"Bo": {"tools": 1, "wood": 1}}]


def test_a_ticket_used_this_turn_or_unpaid_is_not_listed() -> None:  # CO-CARD-EFFECT
    state = first_turn(P2)
    c = state.p[0]
    c.limited, c.stored = {TICKET: 2}, {"wood": 3, "food": 1}
    c.changed()
    move = {"player": "Ann", "action": "move", "to": tile_of(state, "librarian"),
            "ticket": TICKET}
    state.limits[f"ticket:{TICKET}"] = 1  # as a use earlier this turn leaves it
    assert "once per turn" in refuses(state, move).message
    assert not _to(_moves(state), ticket=True)
    state.limits.clear()
    c.stored = {"wood": 1, "food": 1}  # the ticket's 2 Wood not in the Storage
    assert refuses(state, move).rule == "CO-CARD-EFFECT"
    assert not _to(_moves(state), ticket=True)
    c.stored = {"wood": 2, "food": 1}  # its last use: the card is discarded
    c.limited = {TICKET: 1}
    c.changed()
    assert _cell(state, "librarian") in _to(_moves(state), ticket=TICKET)
    GAME.apply(state, Action.from_json(move))
    assert TICKET not in c.limited


# --------------------------------------------------------------------------- the Horse


def _with_a_card_to_develop(state: ColonistsState) -> ColonistsState:
    state.p[0].hand = [101]  # the Stone Axe: the Developer's action is possible
    return state


def test_a_horse_is_listed_for_the_places_its_range_adds() -> None:  # CO-CARD-EFFECT, CO-MOVE-RANGE
    state = _with_a_card_to_develop(first_turn(P2))
    c = state.p[0]
    developer = _cell(state, "developer")  # 2 steps away
    move = {"player": "Ann", "action": "move", "to": list(developer), "horse": HORSE}
    plain = {"player": "Ann", "action": "move", "to": list(developer)}
    assert refuses(state, plain).rule == "CO-MOVE-RANGE"
    assert refuses(state, move).rule == "CO-CARD-EFFECT"
    assert not _to(_moves(state), horse=True)
    c.limited = {HORSE: 2}
    c.changed()
    assert refusal(state, move) is None
    moves = _moves(state)
    # Range 2 adds the Developer and the Builder (Storage Shed); the Librarian, 3 steps away,
    # stays out of reach
    assert _to(moves, horse=HORSE) == {developer, _cell(state, "builder_storage_shed")}
    assert _to(moves) == _plain(state)
    state.limits[f"horse:{HORSE}"] = 1  # once per turn
    assert "once per turn" in refuses(state, move).message
    assert not _to(_moves(state), horse=True)


# --------------------------------------------------------------------------- the boost


def _envoy(era: int = 2) -> ColonistsState:
    state = _with_a_card_to_develop(colony_game(["envoy"], era=era))
    embassy(state, "Ann", "envoy", 2)
    return state


def test_the_boost_is_listed_for_the_places_its_range_adds() -> None:  # CO-ENVOY-2, CO-MOVE-RANGE
    state = _with_a_card_to_develop(colony_game(["envoy"], era=2))
    assert state.p[0].stored == {"wood": 2, "clay": 1, "food": 1}
    developer = _cell(state, "developer")
    move = {"player": "Ann", "action": "move", "to": list(developer),
            "boost": {"food": 1, "wood": 2}}
    assert refuses(state, move).rule == "CO-ENVOY-2"  # no Embassy of the Envoy
    assert not _to(_moves(state), boost=True)
    state = _envoy()
    assert refusal(state, move) is None
    moves = _moves(state)
    boosted = [e for e in moves if e.has("boost")]
    assert {tuple(e.get("to")) for e in boosted} == {developer}
    # the Fee of Era II to the supply (a Tool or Food and 2 building resources), paid in the
    # ways the explorer tries: the Wood Ann holds most of
    assert sorted(sorted(e.to_json()["boost"].items()) for e in boosted) == [
        [("food", 1), ("wood", 2)], [("tools", 1), ("wood", 2)]]
    # the Builder (Storage Shed), 2 steps away too, is left out: once the Fee is paid Ann
    # could not build there (the move is refused)
    shed = {"player": "Ann", "action": "move", "to": tile_of(state, "builder_storage_shed"),
            "boost": {"food": 1, "wood": 2}}
    assert refuses(state, shed).rule == "CO-MOVE-ACTION"
    # (the Diplomat, jumped to with the Envoy II, is not listed: Ann cannot pay a relation)
    assert _to(moves) == _plain(state)


def test_the_boost_used_this_half_year_is_not_listed() -> None:  # CO-ENVOY-2
    state = _envoy()
    move = {"player": "Ann", "action": "move", "to": tile_of(state, "developer"),
            "boost": {"food": 1, "wood": 2}}
    state.p[0].used[BOOST] = turns.half_index(state)  # as a boosted move this half-year leaves it
    assert "this half-year already" in refuses(state, move).message
    assert not _to(_moves(state), boost=True)
    state.p[0].used[BOOST] = turns.half_index(state) - 1  # the last half-year's
    assert _cell(state, "developer") in _to(_moves(state), boost=True)


def test_a_horse_and_the_boost_together_reach_one_step_further() -> None:
    # CO-ENVOY-2, CO-CARD-EFFECT, CO-MOVE-RANGE
    state = _envoy()
    state.p[0].limited = {HORSE: 2}
    state.p[0].changed()
    moves = _moves(state)
    developer, librarian = _cell(state, "developer"), _cell(state, "librarian")
    two = {developer, _cell(state, "builder_storage_shed")}  # 2 steps away
    assert _to(moves, horse=HORSE) == two
    assert _to(moves, boost=True) == {developer}  # the Shed's build needs the Fee's Wood
    assert _to(moves, horse=HORSE, boost=True) == {librarian}
    event = next(e for e in moves if e.has("horse") and e.has("boost"))
    assert refusal(state, event.to_json()) is None
    state.limits[f"horse:{HORSE}"] = 1
    moves = _moves(state)
    assert not _to(moves, horse=True) and not _to(moves, horse=True, boost=True)
    assert _to(moves, boost=True) == {developer}
