"""The Colonists against its rulebook, lines 159-362 (Setup to the Storing Rules): situations
where the engine disagreed with the rulebook, each played both ways and pinned by the rule it
concerns."""

from __future__ import annotations

from referee.model.colonists import GAME
from referee.model.colonists.state import Built, ColonistsState
from tests.colonists_helpers import refusal, refuses, tile_of
from tests.test_colonists_colonies import colony_game, embassy


def _far_from(state: ColonistsState, slug: str) -> None:
    """Ann's Steward on the Riverbank Grove at the far end of the board, well beyond Range 1 of
    ``slug``; her Storage holds what a first relation costs."""
    c = state.p[0]
    far = state.board.tile_at((-6, 1))
    assert far is not None and state.board.tiles[far].slug == "riverbank_grove"
    assert far not in state.board.within(state.board.tiles_named(slug)[0], 1)
    c.stewards[0] = c.block_start[0] = far
    c.buildings.append(Built("storage_shed", ["farmer"]))
    c.stored, c.tools = {"wood": 3, "clay": 2}, 6
    c.changed()


def _listed_targets(state: ColonistsState) -> list[list[int]]:
    return [list(e.get("to")) for e in GAME.legal_actions(state) if e.name == "move"]


# rulebook "Movement Rules: Markets" (lines 268-269): "If you improve your relations to the Envoy
# Colony to level II and the Scholar Colony to level III, you may also jump to the Diplomat and
# Developer, respectively." The validator accepted those jumps, but the decisions listed for the
# explorer and the simulator left them out (only Places in Range and Markets were listed).
def test_the_envoy_ii_jump_to_the_diplomat_is_listed() -> None:  # CO-MOVE-RANGE, CO-ENVOY-2
    state = colony_game(["envoy", "scholar"], era=2)
    _far_from(state, "diplomat")
    diplomat = tile_of(state, "diplomat")
    move = {"player": "Ann", "action": "move", "to": diplomat}
    bad = refuses(state, move)
    assert bad.rule == "CO-MOVE-RANGE" and "beyond Range 1" in bad.message
    assert diplomat not in _listed_targets(state)
    embassy(state, "Ann", "envoy", 2)
    assert refusal(state, move) is None
    assert diplomat in _listed_targets(state)
    # the Envoy II opens the Diplomat only: the Developer stays out of reach
    assert tile_of(state, "developer") not in _listed_targets(state)


def test_the_scholar_iii_jump_to_the_developer_is_listed() -> None:  # CO-MOVE-RANGE, CO-SCHOLAR-3
    state = colony_game(["envoy", "scholar"], era=3)
    _far_from(state, "developer")
    state.p[0].hand = [101]  # the Stone Axe: a card to play there
    developer = tile_of(state, "developer")
    move = {"player": "Ann", "action": "move", "to": developer}
    embassy(state, "Ann", "scholar", 2)
    assert refuses(state, move).rule == "CO-MOVE-RANGE"
    assert developer not in _listed_targets(state)
    embassy(state, "Ann", "scholar", 3)
    assert refusal(state, move) is None
    assert developer in _listed_targets(state)
    for listed in GAME.legal_actions(state):
        assert GAME.check(state, listed) is None, listed
