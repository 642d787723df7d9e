"""Every one of the 140 improvements can be played at the Developer and does what its card says
(rule ids CO-DEVELOP, CO-CARD-PLAY, CO-CARD-EFFECT)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.model.colonists import data as d
from referee.model.colonists.community import (
    building_yields,
    colonists,
    effects_of,
    room,
    spot_counts,
)
from referee.model.colonists.moves.cards import draws
from referee.model.colonists.moves.community import capacity
from referee.model.colonists.moves.turn import fee_parts
from referee.model.colonists.moves.year import capacity as sustenance_capacity
from referee.model.colonists.moves.year import production
from referee.model.colonists.scoring import parts
from referee.model.colonists.state import Built, Pending
from tests.colonists_helpers import GAME, first_turn, play

DATA = d.load_data()
CARDS = sorted(DATA.improvements)


def _rich_state(card: int) -> Any:
    """Ann at the Developer, the card in hand, Tools, the goods it costs (and converts), room,
    and the buildings a Building Contract remodels (with Colonists at home)."""
    state = first_turn(["Ann", "Bo"])
    c = state.p[0]
    c.buildings = [Built("farm"), Built("farm"), Built("farm"), Built("flat"), Built("flat"),
                   Built("house"), Built("house")]
    c.buildings += [Built("storage_hall", ["merchant"]), Built("storage_house", ["citizen"]),
                    Built("storage_shed", ["farmer"])]
    c.buildings += [Built(s) for s in ("hunting_lodge", "tailor_shop")]
    if any(isinstance(e, d.Contract) and e.building == "storage_shed"
           for e in DATA.improvements[card].effects):
        c.buildings.remove(c.buildings[-3])  # a free Storage Facility spot for the new Shed
    c.stored = _needs(DATA.improvements[card])
    c.tools, c.hand = 20, [card]
    c.changed()
    tile = state.board.add("developer", [(9, 9)])
    c.stewards[0] = tile
    state.stage, state.pending = "act", Pending("act", 0, tile)
    return state


def _needs(card: d.Improvement) -> dict[str, int]:
    out: dict[str, int] = {}
    bundles = [card.cost]
    for effect in card.effects:
        if isinstance(effect, d.Convert):
            bundles.append(effect.recipes[0].give)
        if isinstance(effect, d.Contract):
            bundles.append(effect.price)
    for bundle in bundles:
        for good, n in bundle.items():
            if good in d.STORABLE:
                out[good] = out.get(good, 0) + n
    return out


def _params(card: d.Improvement) -> dict[str, Any]:
    for effect in card.effects:
        if isinstance(effect, d.Contract):
            return {"buildings": [effect.building]}
        if isinstance(effect, d.Convert):
            n = len(effect.recipes)
            return {"times": 1 if n == 1 else [1] + [0] * (n - 1)}
    return {}


@pytest.mark.parametrize("number", CARDS)
def test_every_improvement_plays_and_takes_effect(number: int) -> None:
    card = DATA.improvements[number]
    state = _rich_state(number)
    before = state.copy()
    play(state, {"player": "Ann", "action": "develop", "card": number, **_params(card)})
    c, old = state.p[0], before.p[0]
    assert number not in c.hand
    if card.kind == "immediate":
        assert number in state.discard
    elif card.kind == "permanent":
        assert number in c.played
    else:
        assert c.limited[number] == card.uses >= 1
    for effect in card.effects:
        _assert_effect(effect, before, state)
    if all(isinstance(e, d.Gain) for e in card.effects):  # exactly: gains + 2 Tools - cost
        from referee.model.colonists.moves.cards import play_cost

        cost = play_cost(before, 0, card)
        for good in (*d.STORABLE, "tools", "dollars"):
            gain = sum(e.goods.get(good, 0) for e in card.effects if isinstance(e, d.Gain))
            expected = gain - cost.get(good, 0) + (2 if good == "tools" else 0)
            have = getattr(c, good) if good in ("tools", "dollars") else c.stored.get(good, 0)
            was = getattr(old, good) if good in ("tools", "dollars") else old.stored.get(good, 0)
            assert have - was == expected, (good, have, was, expected)


def _assert_effect(effect: d.Effect, before: Any, after: Any) -> None:
    c, old = after.p[0], before.p[0]
    if isinstance(effect, d.Gain):
        for good, n in effect.goods.items():
            have = getattr(c, good) if good in ("tools", "dollars") else c.stored.get(good, 0)
            was = getattr(old, good) if good in ("tools", "dollars") else old.stored.get(good, 0)
            assert have > was or n <= 0 or good == "tools"  # exact check above
    elif isinstance(effect, d.Convert):
        recipe = effect.recipes[0]
        for good, n in recipe.get.items():
            if good not in ("tools", "dollars"):
                assert c.stored.get(good, 0) >= old.stored.get(good, 0) + n - 3
    elif isinstance(effect, d.Contract):
        assert sum(b.slug == effect.building for b in c.buildings) == \
            sum(b.slug == effect.building for b in old.buildings) + 1
    elif isinstance(effect, d.FeeWaive):
        assert fee_parts(after, 0) != fee_parts(before, 0)
    elif isinstance(effect, d.PlaceBonus):
        from referee.model.colonists.moves.common import with_bonus

        assert with_bonus(after, 0, {effect.good: 1}, False)[effect.good] == 1 + effect.amount
    elif isinstance(effect, d.Production):
        made = {**production(after, 0), **sustenance_capacity(after, 0)}
        was = {**production(before, 0), **sustenance_capacity(before, 0)}
        for good, n in effect.goods.items():
            assert made.get(good, 0) == was.get(good, 0) + n
    elif isinstance(effect, d.ProductionConvert | d.MarketAlternative | d.PayFromBuffers
                    | d.ExtraBuilds | d.Ticket | d.Horse | d.Apprentice):
        assert effect in effects_of(after, 0, type(effect))
    elif isinstance(effect, d.BuildingBonus):
        c.buildings.append(Built(effect.building, [DATA.buildings[effect.building].worker]))
        c.changed()
        old.buildings.append(Built(effect.building, [DATA.buildings[effect.building].worker]))
        old.changed()
        new = building_yields(after, 0, ("production", "sustenance"))
        was = building_yields(before, 0, ("production", "sustenance"))
        assert sum(sum(b.values()) for b in new) == sum(sum(b.values()) for b in was) + \
            sum(effect.goods.values())
    elif isinstance(effect, d.Colonists):
        assert colonists(after, 0)[effect.worker] == colonists(before, 0)[effect.worker] + \
            effect.count
    elif isinstance(effect, d.StorageSpaces):
        assert room(after, 0).storage == room(before, 0).storage + effect.spaces
    elif isinstance(effect, d.Warehouse):
        lots = room(after, 0).general + sum(room(after, 0).typed.values())
        was = room(before, 0).general + sum(room(before, 0).typed.values())
        assert lots == was + effect.lots
    elif isinstance(effect, d.LibrarianExtra):
        assert draws(after, 0, 2)[1] == draws(before, 0, 2)[1] + effect.cards or \
            len(c.hand) + 2 >= DATA.hand_limit
    elif isinstance(effect, d.EndBonus):
        assert parts(after, 0)["bonuses"] >= parts(before, 0)["bonuses"]
    elif isinstance(effect, d.BuildingSpot | d.Borderland):
        assert spot_counts(after, 0)[0] == spot_counts(before, 0)[0] + effect.spots
    elif isinstance(effect, d.FactoryDual):
        factory = Built("factory", ["farmer"])
        c.buildings.append(factory)
        c.changed()
        assert capacity(after, 0, factory, "citizen") == 2
    else:
        raise AssertionError(f"no check for {type(effect).__name__}")


def test_every_effect_kind_of_improvements_is_checked() -> None:
    kinds = {type(e) for card in DATA.improvements.values() for e in card.effects}
    assert len(kinds) >= 20  # the test above has a branch for each of them


def test_a_card_not_in_hand_cannot_be_played() -> None:  # CO-CARD-PLAY
    state = _rich_state(101)
    bad = GAME.check(state, __import__("tests.colonists_helpers", fromlist=["event"]).event(
        {"player": "Ann", "action": "develop", "card": 102}))
    assert bad is not None and bad.rule == "CO-CARD-PLAY"


def test_developer_must_play_a_card() -> None:  # CO-DEVELOP
    from tests.colonists_helpers import refuses

    state = _rich_state(101)
    bad = refuses(state, {"player": "Ann", "action": "develop"})
    assert bad.kind == "schema" and "field 'card' is missing" in bad.message


def test_institute_plays_two_cards() -> None:  # CO-INSTITUTE
    from tests.colonists_helpers import refuses

    state = _rich_state(101)
    state.p[0].hand = [101, 103]
    state.p[0].stored = {}
    bad = refuses(state, {"player": "Ann", "action": "develop", "cards": [101, 103]})
    assert bad.rule == "CO-INSTITUTE"
    state.p[0].buildings.append(Built("institute", ["farmer", "farmer"]))
    state.p[0].changed()
    play(state, {"player": "Ann", "action": "develop", "cards": [101, 103]})
    assert state.p[0].hand == [] and {101, 103} <= set(state.discard)
