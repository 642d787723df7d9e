"""Every Market card: both sales, the subsidy and the action (CO-MARKET-SALE, -SUBSIDY,
-ACTION)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.model.colonists import data as d
from referee.model.colonists.state import Built, Pending
from tests.colonists_helpers import first_turn, play, refuses

DATA = d.load_data()
CARDS = sorted(DATA.market_cards)


def _at_market(key: str) -> Any:
    card = DATA.market_cards[key]
    state = first_turn(["Ann", "Bo"])
    state.era, state.market_card = card.era, card.slug
    c = state.p[0]
    c.buildings = [Built("farm"), Built("farm"), Built("flat"), Built("flat"), Built("house"),
                   Built("storage_shed", ["farmer"]), Built("storage_house", ["citizen"]),
                   Built("tailor_shop"), Built("hunting_lodge")]
    c.stored = {}
    c.tools = 9
    c.changed()
    state.stage, state.pending = "act", Pending("act", 0, 0)
    return state


@pytest.mark.parametrize("key", CARDS)
@pytest.mark.parametrize("offer", [0, 1])
def test_market_sale(key: str, offer: int) -> None:  # CO-MARKET-SALE
    state = _at_market(key)
    recipe = DATA.market_cards[key].sales[offer]
    state.p[0].stored = {g: 2 * n for g, n in recipe.give.items() if g in d.STORABLE}
    dollars = state.p[0].dollars
    times = [0, 0]
    times[offer] = 2
    play(state, {"player": "Ann", "action": "sell", "times": times})
    assert state.p[0].dollars == dollars + 2 * recipe.get.get("dollars", 0)
    assert not any(state.p[0].stored.values())


@pytest.mark.parametrize("key", CARDS)
def test_market_subsidy(key: str) -> None:  # CO-MARKET-SUBSIDY
    state = _at_market(key)
    options = DATA.market_cards[key].subsidy
    k = len(options) - 1
    play(state, {"player": "Ann", "action": "subsidy", **({"option": k} if k else {})})
    for good, n in options[k].items():
        have = getattr(state.p[0], good) if good in ("tools", "dollars") else \
            state.p[0].stored.get(good, 0)
        assert have >= n


@pytest.mark.parametrize("key", CARDS)
def test_market_action(key: str) -> None:  # CO-MARKET-ACTION
    state = _at_market(key)
    action = DATA.market_cards[key].action
    c = state.p[0]
    params: dict[str, Any] = {}
    if action.kind in ("build", "remodel"):
        assert action.building is not None
        c.stored = {g: n for g, n in action.cost.items() if g in d.STORABLE}
        params = {"buildings": [action.building]}
        before = sum(b.slug == action.building for b in c.buildings)
    elif action.kind == "refine":
        c.stored = {g: n for g, n in action.recipes[0].give.items()}
        params = {"times": 1 if len(action.recipes) == 1 else [1] + [0] * (len(action.recipes) - 1)}
    play(state, {"player": "Ann", "action": "market_action", **params})
    if action.kind in ("build", "remodel"):
        assert sum(b.slug == action.building for b in c.buildings) == before + 1
    elif action.kind in ("head_official", "chief_officer"):
        assert state.marker == 0
    elif action.kind == "librarian":
        assert state.stage == "draw" and state.pending is not None and state.pending.count >= 1
    elif action.kind == "refine":
        for good, n in action.recipes[0].get.items():
            assert c.stored.get(good, 0) == n
    if action.limit is not None and action.kind == "build":
        state = _at_market(key)
        state.p[0].stored = {g: n * (action.limit + 1) for g, n in action.cost.items()
                             if g in d.STORABLE}
        state.p[0].tools = 20
        bad = refuses(state, {"player": "Ann", "action": "market_action",
                              "buildings": [action.building] * (action.limit + 1)})
        assert bad.rule in ("CO-MARKET-ACTION", "CO-BUILD-LIMIT", "CO-SPEND")


@pytest.mark.parametrize("key", [k for k in CARDS
                                 if DATA.market_cards[k].action.kind != "chief_officer"])
def test_only_the_chief_officers_market_action_swaps_places(key: str) -> None:  # CO-MARKET-ACTION
    """Rulebook, Head Official: "At the start of Era IV, the Head Official is replaced with the
    Chief Officer. There you still get the starting player marker, and you may additionally
    swap any two unoccupied Place tiles": no other card's action swaps."""
    from referee.model.colonists.moves.places import swap_pairs

    state = _at_market(key)
    pair = swap_pairs(state)[0]
    board = {t: tile.slug for t, tile in state.board.tiles.items()}
    bad = refuses(state, {"player": "Ann", "action": "market_action", "swap": pair})
    assert (bad.kind, bad.rule) == ("illegal", "CO-MARKET-ACTION")
    assert "only the Chief Officer's" in bad.message
    assert {t: tile.slug for t, tile in state.board.tiles.items()} == board


def test_the_chief_officers_market_action_swaps_two_places() -> None:  # CO-MARKET-ACTION
    from referee.model.colonists.moves.places import swap_pairs

    state = _at_market("era_4.chief_officer")
    (a, b) = swap_pairs(state)[0]
    slug_a, slug_b = (state.board.tiles[state.board.tile_at(tuple(c))].slug for c in (a, b))
    play(state, {"player": "Ann", "action": "market_action", "swap": [a, b]})
    assert state.marker == 0
    assert state.board.tiles[state.board.tile_at(tuple(a))].slug == slug_b
    assert state.board.tiles[state.board.tile_at(tuple(b))].slug == slug_a
