"""Engine fixes found while writing The Colonists' golden corpus, each with the situation that
showed it."""

from __future__ import annotations

from tests.colonists_helpers import first_turn, play, refusal, tile_of

P2 = ["Ann", "Bo"]


def test_developer_with_full_storage_plays_a_gain_card_declining_it() -> None:  # CO-MOVE-ACTION
    # Ann's Storage and Warehouse are full and her only card gives goods (the Stone Axe): she
    # may still move to the Developer and play it, declining what does not fit
    state = first_turn(P2, fill=(2, 1))
    ann = state.p[0]
    ann.hand = [101]
    grove = state.board.tile_at((-1, 0))  # the Riverbank Grove next to the Developer
    assert grove is not None and state.board.tiles[grove].slug == "riverbank_grove"
    ann.stewards[0] = ann.block_start[0] = grove
    move = {"player": "Ann", "action": "move", "to": tile_of(state, "developer")}
    assert refusal(state, move) is None
    play(state, move, {"player": "Ann", "action": "develop", "card": 101,
                       "decline": {"wood": 4}})
    assert ann.stored == {"wood": 2, "clay": 1, "food": 1} and ann.tools == 8
    assert ann.hand == [] and 101 in state.discard
