"""Pioneer City: the visit, the redemption at the end of the first lap, equipment, the trading
post and buying land at full value."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.core import Action, Note, Violation, fields, unknown
from referee.model.pionjar.bank import pay_bank
from referee.model.pionjar.moves import turns
from referee.model.pionjar.moves.common import PionjarAction, land_words
from referee.model.pionjar.state import PionjarState

EQUIPMENT = ("harvest", "axe")


class CityPurchase(PionjarAction):
    """A purchase after the move, only while visiting Pioneer City (PJ-CITY-VISIT)."""

    stages = frozenset({"after"})

    def check(self, state: PionjarState, event: Action) -> Violation | None:
        if not in_city(state, event.player):
            return Violation("illegal", "PJ-CITY-VISIT", f"{event.player} is not visiting "
                             f"Pioneer City this turn; {self.name} is only possible there",
                             event.player)
        return self.check_purchase(state, event)

    def check_purchase(self, state: PionjarState, event: Action) -> Violation | None:
        raise NotImplementedError


class BuyEquipment(CityPurchase):
    name = "buy_equipment"
    rules = ("PJ-EQUIP-BUY", "PJ-CITY-VISIT", "PJ-TURN-ORDER")
    required = fields(kind=str)
    optional = fields(count=int)

    def validate_params(self, state: PionjarState, event: Action) -> Violation | None:
        kind = event.get("kind")
        if kind not in EQUIPMENT:
            return Violation("schema", "PJ-EQUIP-BUY", unknown("equipment", kind, EQUIPMENT),
                             event.player)
        return None

    def check_purchase(self, state: PionjarState, event: Action) -> Violation | None:
        name = event.player
        ps = state.p[name]
        kind, count = event.get("kind"), event.get("count", 1)
        assert ps.prop is not None
        prop = state.data.properties[ps.prop]
        slots = (prop.fields if kind == "harvest" else prop.stands) - getattr(ps, kind)
        unit = "field" if kind == "harvest" else "stand"
        cost = count * state.data.equipment_price
        left = state.equipment_left(kind)
        if count < 1:
            return Violation("illegal", "PJ-EQUIP-BUY", f"count must be at least 1, found "
                             f"{count}", name)
        if count > slots:
            return Violation("illegal", "PJ-EQUIP-BUY", f"{prop.name} has room for {slots} "
                             f"more {kind} card(s) (one per {unit}), found {count}", name)
        if count > left:
            return Violation("illegal", "PJ-EQUIP-BUY", f"the bank has {left} {kind} card(s) "
                             f"left, found {count}", name)
        if cost > ps.cash:
            return Violation("illegal", "PJ-EQUIP-BUY", f"{count} {kind} card(s) cost "
                             f"{cost}, {name} has {ps.cash}", name)
        return None

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        if not in_city(state, player):
            return
        for kind in EQUIPMENT:
            for count in range(1, equipment_room(state, player, kind) + 1):
                yield Action.make(player, "buy_equipment", kind=kind, count=count)

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        name, kind = event.player, event.get("kind")
        count = event.get("count", 1)
        pay_bank(state, name, count * state.data.equipment_price, note)
        setattr(state.p[name], kind, getattr(state.p[name], kind) + count)
        turns.to_after(state, note)


class BuyTradingPost(CityPurchase):
    name = "buy_trading_post"
    rules = ("PJ-TRADING-POST", "PJ-CITY-VISIT", "PJ-TURN-ORDER")

    def check_purchase(self, state: PionjarState, event: Action) -> Violation | None:
        name = event.player
        price, cash = state.data.trading_post_price, state.p[name].cash
        if state.trading_post is not None:
            return Violation("illegal", "PJ-TRADING-POST", f"the trading post belongs to "
                             f"{state.trading_post}", name)
        if cash < price:
            return Violation("illegal", "PJ-TRADING-POST", f"the trading post costs {price}, "
                             f"{name} has {cash}", name)
        return None

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        if in_city(state, player) and can_buy_trading_post(state, player):
            yield Action.make(player, "buy_trading_post")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        pay_bank(state, event.player, state.data.trading_post_price, note)
        state.trading_post = event.player
        turns.to_after(state, note)


class BuyLand(CityPurchase):
    name = "buy_land"
    rules = ("PJ-REDEEM-FULL", "PJ-CITY-VISIT", "PJ-TURN-ORDER")

    def check_purchase(self, state: PionjarState, event: Action) -> Violation | None:
        name = event.player
        ps = state.p[name]
        if ps.land != "defaulted":
            return Violation("illegal", "PJ-REDEEM-FULL", f"{name}'s land is "
                             f"{land_words(ps.land)}; only land not redeemed after the first "
                             "lap is bought at full value", name)
        assert ps.prop is not None
        full = state.data.properties[ps.prop].full_value
        if ps.cash < full:
            return Violation("illegal", "PJ-REDEEM-FULL", f"the full value is {full}, "
                             f"{name} has {ps.cash}", name)
        return None

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        if in_city(state, player) and can_buy_land(state, player):
            yield Action.make(player, "buy_land")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        ps = state.p[event.player]
        assert ps.prop is not None
        pay_bank(state, event.player, state.data.properties[ps.prop].full_value, note)
        ps.land = "owner"
        turns.to_after(state, note)


# --------------------------------------------------------------------------- effects


def visit(s: PionjarState, name: str, note: Note) -> None:
    """The piece is in Pioneer City during this turn's move (PJ-CITY-VISIT)."""
    note("PJ-CITY-VISIT")
    s.visited_city = True


def in_city(s: PionjarState, name: str) -> bool:
    return s.visited_city and s.p[name].where == "loop"


def equipment_room(s: PionjarState, name: str, kind: str) -> int:
    """How many cards of ``kind`` the player could buy now: free fields or stands, the bank's
    supply and the cash all limit it (PJ-EQUIP-BUY)."""
    ps = s.p[name]
    if ps.prop is None:
        return 0
    prop = s.data.properties[ps.prop]
    slots = (prop.fields if kind == "harvest" else prop.stands) - getattr(ps, kind)
    price = s.data.equipment_price
    affordable = ps.cash // price if price else slots
    return max(0, min(slots, s.equipment_left(kind), affordable))


def can_buy_trading_post(s: PionjarState, name: str) -> bool:
    ps = s.p[name]
    return (s.trading_post is None and ps.prop is not None
            and ps.cash >= s.data.trading_post_price)


def can_buy_land(s: PionjarState, name: str) -> bool:
    ps = s.p[name]
    return (ps.land == "defaulted" and ps.prop is not None
            and ps.cash >= s.data.properties[ps.prop].full_value)


def has_city_option(s: PionjarState, name: str) -> bool:
    return in_city(s, name) and (
        any(equipment_room(s, name, k) for k in EQUIPMENT)
        or can_buy_trading_post(s, name) or can_buy_land(s, name))


def redeem(s: PionjarState, name: str, note: Note) -> bool:
    """End of the first lap (PJ-REDEEM): pay the redemption sum if the cash covers it."""
    note("PJ-REDEEM")
    ps = s.p[name]
    assert ps.prop is not None
    ps.lap_done = True
    cost = s.data.properties[ps.prop].redemption
    if ps.cash >= cost:
        pay_bank(s, name, cost, note)
        ps.land = "owner"
        return True
    ps.land = "defaulted"
    return False
