"""Shared pieces of The Colonists' tests: a random legal player and a hand-written position."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from referee.model.colonists import GAME
from referee.model.colonists.state import ColonistsState

PLAYERS = ("Ann", "Bo", "Cy", "Di")
# moves listed since the tests below picked their states (by index) from these games: left out,
# so the games stay as they were
LATER_LISTED = frozenset({"use_card", "convert", "market_action", "replace", "discard"})


def random_states(players: int, seed: int, last_era: int = 4,
                  max_steps: int = 5000) -> Iterator[ColonistsState]:
    """Every state of one random legal game (the setup first), drawn with a seeded RNG."""
    rng = random.Random(seed)
    state = GAME.new_state(PLAYERS[:players], {"last_era": last_era})
    yield state
    for _ in range(max_steps):
        if GAME.is_over(state):
            return
        outcomes = GAME.chance_outcomes(state)
        if outcomes:
            event = rng.choice([e for e, _ in outcomes])
        else:
            actions = [e for e in GAME.legal_actions(state) if e.name not in LATER_LISTED]
            assert actions, f"no legal action at stage {state.stage}"
            event = rng.choice(actions)
        GAME.apply(state, event)
        yield state


# A board of Era I, year 3 (the first Market, the twelve starting Places, the second Market and
# six Places of Era I), as a real game laid it.
BOARD: list[dict[str, Any]] = [
    {"place": "market", "at": [[0, 0], [1, 0]]},
    {"place": "builder_forester_house", "at": [0, 1]},
    {"place": "librarian", "at": [-1, 1]},
    {"place": "riverbank_grove", "at": [-1, 2]},
    {"place": "joiner", "at": [0, 2]},
    {"place": "head_official", "at": [-1, 0]},
    {"place": "builder_hunting_lodge", "at": [1, -1]},
    {"place": "riverbank_grove", "at": [1, 1]},
    {"place": "builder_library", "at": [-2, 1]},
    {"place": "builder_storage_shed", "at": [0, -1]},
    {"place": "developer", "at": [-1, -1]},
    {"place": "diplomat", "at": [-1, 3]},
    {"place": "builder_farm", "at": [-2, 3]},
    {"place": "market", "at": [[-2, -1], [-1, -2]]},
    {"place": "joiner", "at": [1, -2]},
    {"place": "builder_pub", "at": [2, 0]},
    {"place": "clayburner", "at": [2, -2]},
    {"place": "builder_flat", "at": [-2, 2]},
    {"place": "builder_hollow", "at": [0, 3]},
    {"place": "clay_delve", "at": [-1, 4]},
]

# Bo's second turn of the winter of Era I, year 3: his Steward has just moved from the Head
# Official to the Riverbank Grove at [1, 1], whose action is awaited.
POSITION: dict[str, Any] = {
    "era": 1, "year": 3, "half": "winter", "stage": "act", "turn": "Bo", "turns_done": 1,
    "at": [1, 1],
    "start_player": "Bo", "marker": "Ann", "order": ["Bo", "Ann"],
    "colonies": ["altruist", "industrialist", "scholar", "trader"],
    "market_card": "forester_house",
    "revealed": ["baker", "grove", "builder_factory"],
    "piles": {"places": ["builder_estate", "clay_delve", "grove"],
              "market_cards": ["farm", "head_official", "librarian", "storage_shed"],
              "discard": [101]},
    "board": BOARD,
    "players": {
        "Ann": {
            "buildings": ["farm", "farm", "farm",
                          {"building": "forester_house", "workers": ["farmer"]},
                          {"building": "hunting_lodge", "workers": ["farmer"]},
                          {"building": "storage_shed", "workers": ["farmer"]}],
            "goods": {"wood": 3, "clay": 2, "food": 1}, "buffers": {"wood": 2, "food": 1},
            "tools": 3, "dollars": 5, "hand": [132, 112], "improvements": [126],
            "limited": {"135": 2}, "embassies": {"trader": 1},
            "stewards": [[-2, -1]], "started": [[0, 0]], "moved": [1]},
        "Bo": {
            "buildings": ["farm", "farm", "library"], "goods": {"food": 1}, "tools": 6,
            "dollars": 5, "hand": [111, 120, 128, 102],
            "stewards": [[1, 1]], "started": ["head_official"], "moved": [1]},
    },
}


def position(**changes: Any) -> dict[str, Any]:
    """A deep copy of POSITION with top-level fields replaced (None removes one)."""
    out = copy.deepcopy(POSITION)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def player(name: str, **changes: Any) -> dict[str, Any]:
    """A deep copy of POSITION with fields of one player replaced (None removes one)."""
    out = copy.deepcopy(POSITION)
    entry = out["players"][name]
    for key, value in changes.items():
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
    return out
