"""Engine fixes found while writing positions and invariants: a Steward the player no longer
controls leaves the board (the Apprentice's after its turns, "After 3 turns discard extra
Steward"; an Embassy's when it is razed, "you immediately lose all special abilities that Colony
granted you"; a Boardinghouse's when its Worker goes home)."""

from __future__ import annotations

from typing import Any

from referee.invariants import suite, violated
from referee.model.colonists import GAME
from referee.model.colonists import community as co
from referee.model.colonists.position import position_of
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action
from tests.colonists_position_helpers import BOARD


def start(pos: dict[str, Any]) -> ColonistsState:
    state = GAME.new_state(["Ann", "Bo"], None, pos)
    assert violated(suite("colonists"), state) == []
    return state


def after(state: ColonistsState, *events: Action) -> ColonistsState:
    for event in events:
        GAME.step(state, event)
    assert violated(suite("colonists"), state) == []
    again = GAME.new_state(state.players, None, position_of(state))
    assert again.fingerprint() == state.fingerprint()
    return state


def test_the_apprentices_steward_leaves_after_its_turns():
    s = start({"era": 2, "stage": "turn", "turns_done": 2, "board": BOARD, "players": {
        "Ann": {"goods": {"wood": 1}, "stewards": ["developer", "librarian"],
                "uses": {"apprentice_stewards": 1, "apprentice_turns": 1}}}})
    after(s, Action.make("Ann", "move", to="head_official"),
          Action.make("Ann", "claim_marker"))
    ann = s.p[0]
    assert ann.stewards[1] is None and "apprentice_turns" not in ann.used
    assert s.board.tiles[ann.stewards[0]].slug == "head_official"


def test_a_razed_embassys_steward_leaves():
    s = start({"era": 1, "stage": "act", "at": "builder_farm", "board": BOARD,
               "colonies": ["envoy", "lord", "scholar", "trader"], "players": {
                   "Ann": {"goods": {"wood": 1}, "tools": 3, "embassies": {"envoy": 1},
                           "stewards": ["builder_farm", "developer"], "moved": [1]}}})
    after(s, Action.make("Ann", "build", buildings=[{"building": "farm",
                                                      "raze": "embassy_envoy"}]))
    ann = s.p[0]
    assert ann.embassies == {} and ann.stewards[1] is None
    assert [b.slug for b in ann.buildings] == ["farm", "farm", "farm"]


def test_a_boardinghouses_steward_leaves_when_its_worker_goes_home():
    s = start({"era": 3, "year": 2, "stage": "end_year", "board": BOARD, "players": {
        "Ann": {"buildings": ["farm", "house",
                              {"building": "boardinghouse", "workers": ["merchant"]}],
                "goods": {"food": 3, "robes": 1},
                "stewards": ["builder_farm", "developer"]}}})
    after(s, Action.make("Ann", "dismiss", building="boardinghouse"))
    assert s.p[0].stewards[1] is None


def test_the_apprentices_own_steward_leaves_when_another_was_gained_meanwhile():
    # CO-STEWARD-ENTER, Apprentice (234): "After 3 turns discard extra Steward" is the
    # Apprentice's Steward, not the one the Envoy gave in its last turn: that one enters on a
    # Market
    s = start({"era": 1, "stage": "turn", "turns_done": 2, "board": BOARD,
               "colonies": ["envoy", "lord", "scholar", "trader"], "players": {
                   "Ann": {"goods": {"wood": 3, "clay": 2}, "tools": 6,
                           "buildings": ["farm", "farm", *[{"building": "storage_shed",
                                                            "workers": ["farmer"]}] * 2],
                           "stewards": ["builder_hollow", "librarian"], "moved": [1, 2],
                           "started": ["developer", "developer"],
                           "uses": {"apprentice_stewards": 1, "apprentice_turns": 1}}}})
    assert s.p[0].used["apprentice_first"] == 2  # the highest number, as the position says
    after(s, Action.make("Ann", "move", to="diplomat"),
          Action.make("Ann", "diplomacy", embassies={"envoy": 1}))
    ann = s.p[0]
    assert ann.stewards == [s.board.tiles_named("diplomat")[0], None]
    assert "apprentice_first" not in ann.used and co.stewards_allowed(s, 0) == 2


def test_the_apprentice_numbers_its_steward_after_those_the_player_controls():
    s = start({"era": 2, "stage": "turn", "board": BOARD, "players": {
        "Ann": {"goods": {"wood": 1}, "stewards": ["developer"], "limited": {"234": 2}}}})
    after(s, Action.make("Ann", "use_card", card=234))
    assert s.p[0].used["apprentice_first"] == 2 and co.stewards_allowed(s, 0) == 2
