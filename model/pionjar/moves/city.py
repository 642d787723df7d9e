"""Pioneer City: the visit, the redemption at the end of the first lap, equipment, the trading
post and buying land at full value.

Purchases are made after the move but belong to the visit: "new cards may be bought the next
time you visit Pioneer City", and the trading post "only when visiting Pioneer City". So they are
paid from the cash the player had in the city (less what was already bought there), never more
than the player still has, and equipment fills the fields and stands as they were in the city:
money or cards that came after the piece left the city (a sale, a card) count at the next visit.
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.core import Action, Note, Violation, fields, unknown
from referee.model.pionjar.bank import pay_bank
from referee.model.pionjar.moves import turns
from referee.model.pionjar.moves.common import PionjarAction, land_words
from referee.model.pionjar.state import CityVisit, PionjarState

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
        visit = state.city
        assert visit is not None
        held = getattr(visit, kind)
        if count > slots_then(state, name, kind):
            return Violation("illegal", "PJ-CITY-VISIT", f"{name} held {held} {kind} card(s) "
                             f"while in Pioneer City this turn, room for "
                             f"{slots_then(state, name, kind)} more; cards sold after leaving "
                             "the city are bought back at the next visit", name)
        if count > left:
            return Violation("illegal", "PJ-EQUIP-BUY", f"the bank has {left} {kind} card(s) "
                             f"left, found {count}", name)
        if cost > ps.cash:
            return Violation("illegal", "PJ-EQUIP-BUY", f"{count} {kind} card(s) cost "
                             f"{cost}, {name} has {ps.cash}", name)
        return _city_cash_problem(state, name, cost, f"{count} {kind} card(s)")

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
        _spend(state, count * state.data.equipment_price)
        pay_bank(state, name, count * state.data.equipment_price, note)
        setattr(state.p[name], kind, getattr(state.p[name], kind) + count)
        assert state.city is not None
        setattr(state.city, kind, getattr(state.city, kind) + count)
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
        return _city_cash_problem(state, name, price, "the trading post")

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        if in_city(state, player) and can_buy_trading_post(state, player):
            yield Action.make(player, "buy_trading_post")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        _spend(state, state.data.trading_post_price)
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
        return _city_cash_problem(state, name, full, "the land at its full value")

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        if in_city(state, player) and can_buy_land(state, player):
            yield Action.make(player, "buy_land")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        ps = state.p[event.player]
        assert ps.prop is not None
        _spend(state, state.data.properties[ps.prop].full_value)
        pay_bank(state, event.player, state.data.properties[ps.prop].full_value, note)
        ps.land = "owner"
        turns.to_after(state, note)


# --------------------------------------------------------------------------- effects


def visit(s: PionjarState, name: str, note: Note) -> None:
    """The piece is in Pioneer City during this turn's move (PJ-CITY-VISIT): what the player
    has there is what purchases after the move may use."""
    note("PJ-CITY-VISIT")
    ps = s.p[name]
    s.city = CityVisit(ps.cash, ps.harvest, ps.axe)


def in_city(s: PionjarState, name: str) -> bool:
    return s.city is not None and s.p[name].where == "loop"


def city_cash(s: PionjarState, name: str) -> int:
    """What purchases may still cost: the cash brought into the city less what was bought
    there, and never more than the cash in hand."""
    return min(s.p[name].cash, s.city.cash) if s.city is not None else 0


def slots_then(s: PionjarState, name: str, kind: str) -> int:
    """Free fields (harvest) or stands (axe) as they were in the city."""
    ps = s.p[name]
    if ps.prop is None or s.city is None:
        return 0
    prop = s.data.properties[ps.prop]
    return (prop.fields if kind == "harvest" else prop.stands) - getattr(s.city, kind)


def _spend(s: PionjarState, cost: int) -> None:
    assert s.city is not None
    s.city.cash -= cost


def _city_cash_problem(s: PionjarState, name: str, cost: int, what: str) -> Violation | None:
    if cost <= city_cash(s, name):
        return None
    assert s.city is not None
    return Violation("illegal", "PJ-CITY-VISIT", f"{what} cost(s) {cost}, but {name} had "
                     f"{s.city.cash} left to spend in Pioneer City this turn; money that came "
                     "after leaving the city pays at the next visit", name)


def equipment_room(s: PionjarState, name: str, kind: str) -> int:
    """How many cards of ``kind`` the player could buy now: free fields or stands (now and as
    they were in the city), the bank's supply and the cash brought into the city all limit it
    (PJ-EQUIP-BUY, PJ-CITY-VISIT)."""
    ps = s.p[name]
    if ps.prop is None:
        return 0
    prop = s.data.properties[ps.prop]
    slots = (prop.fields if kind == "harvest" else prop.stands) - getattr(ps, kind)
    price = s.data.equipment_price
    affordable = city_cash(s, name) // price if price else slots
    return max(0, min(slots, slots_then(s, name, kind), s.equipment_left(kind), affordable))


def can_buy_trading_post(s: PionjarState, name: str) -> bool:
    ps = s.p[name]
    return (s.trading_post is None and ps.prop is not None
            and city_cash(s, name) >= s.data.trading_post_price)


def can_buy_land(s: PionjarState, name: str) -> bool:
    ps = s.p[name]
    return (ps.land == "defaulted" and ps.prop is not None
            and city_cash(s, name) >= s.data.properties[ps.prop].full_value)


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
