"""The Colonists: engine fixes found while building the simulator's player, each pinned by the
rule it concerns."""

from __future__ import annotations

from referee.model.colonists import GAME
from referee.model.colonists.state import Built, ColonistsState, Pending
from referee.model.core import Action


def _at_builder(place: str, stored: dict[str, int]) -> ColonistsState:
    """Ann alone, her Steward at ``place`` (a Builder), about to act, holding ``stored``."""
    s = GAME.new_state(["Ann"], {"last_era": 2})
    tile = s.board.add(place, [(0, 1)])
    s.start = s.marker = 0
    s.stage = "act"
    s.pending = Pending("act", 0, tile)
    c = s.p[0]
    c.filled = True
    c.stewards = [tile]
    c.stored = dict(stored)
    return s


def test_co_spend_a_build_paid_with_goods_that_do_not_all_fit_in_storage():
    # 3 Wood and 1 Brick: 3 in the Basic Storage, 1 on the Warehouse lot. The Estate costs
    # 1 Tool, 3 Wood and 1 Brick: 4 goods, and only 3 can be in Storage at the action's start.
    s = _at_builder("builder_estate", {"wood": 3, "bricks": 1})
    refused = GAME.check(s, Action.make("Ann", "build", buildings=["estate"]))
    assert refused is not None
    assert (refused.kind, refused.rule) == ("illegal", "CO-SPEND")
    assert "cannot all be in Storage" in refused.message


def test_co_spend_goods_missing_altogether_stay_a_co_build_refusal():
    s = _at_builder("builder_estate", {"wood": 2, "bricks": 1})
    refused = GAME.check(s, Action.make("Ann", "build", buildings=["estate"]))
    assert refused is not None
    assert (refused.kind, refused.rule) == ("illegal", "CO-BUILD")


def test_co_spend_with_storage_room_the_same_build_is_legal():
    s = _at_builder("builder_estate", {"wood": 3, "bricks": 1})
    s.p[0].buildings.append(Built("storage_shed", ["farmer"]))
    s.p[0].buildings.append(Built("farm"))
    assert GAME.check(s, Action.make("Ann", "build", buildings=["estate"])) is None
