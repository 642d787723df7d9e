"""Pioneer City: equipment, the trading post and buying land at full value."""

from __future__ import annotations

from referee.model.pionjar.bank import pay_bank
from referee.model.pionjar.ruleids import note
from referee.model.pionjar.state import PionjarState

EQUIPMENT = ("harvest", "axe")


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


def in_city(s: PionjarState, name: str) -> bool:
    return s.visited_city and s.p[name].where == "loop"


def has_city_option(s: PionjarState, name: str) -> bool:
    return in_city(s, name) and (
        any(equipment_room(s, name, k) for k in EQUIPMENT)
        or can_buy_trading_post(s, name) or can_buy_land(s, name))


def buy_equipment(s: PionjarState, name: str, kind: str, count: int) -> None:
    pay_bank(s, name, count * s.data.equipment_price)
    setattr(s.p[name], kind, getattr(s.p[name], kind) + count)


def buy_trading_post(s: PionjarState, name: str) -> None:
    pay_bank(s, name, s.data.trading_post_price)
    s.trading_post = name


def buy_land(s: PionjarState, name: str) -> None:
    ps = s.p[name]
    pay_bank(s, name, s.data.properties[ps.prop].full_value)
    ps.land = "owner"


def redeem(s: PionjarState, name: str) -> bool:
    """End of the first lap (PJ-REDEEM): pay the redemption sum if the cash covers it."""
    note("PJ-REDEEM")
    ps = s.p[name]
    ps.lap_done = True
    cost = s.data.properties[ps.prop].redemption
    if ps.cash >= cost:
        pay_bank(s, name, cost)
        ps.land = "owner"
        return True
    ps.land = "defaulted"
    return False
