"""Every movement of money goes through here, so that the bank's issued and received totals
balance the cash on the table (the invariant "cash conserved"). ``note`` receives the rules of
the automatic effects applied (a short payment, a changed price, the sheriff's full value)."""

from __future__ import annotations

from referee.model.core import Note
from referee.model.pionjar.state import PionjarState


def bank_pays(s: PionjarState, name: str, amount: int) -> None:
    s.p[name].cash += amount
    s.bank_paid += amount


def pay_bank(s: PionjarState, name: str, amount: int, note: Note) -> int:
    """The player pays up to ``amount`` (PJ-PAY-SHORT); returns what was paid."""
    paid = min(s.p[name].cash, amount)
    if paid < amount:
        note("PJ-PAY-SHORT")
    s.p[name].cash -= paid
    s.bank_received += paid
    return paid


def pay_player(s: PionjarState, payer: str, payee: str, amount: int, note: Note) -> int:
    paid = min(s.p[payer].cash, amount)
    if paid < amount:
        note("PJ-PAY-SHORT")
    s.p[payer].cash -= paid
    s.p[payee].cash += paid
    return paid


def pay_saloon(s: PionjarState, name: str, amount: int, note: Note) -> int:
    paid = min(s.p[name].cash, amount)
    if paid < amount:
        note("PJ-PAY-SHORT")
    s.p[name].cash -= paid
    s.saloon += paid
    return paid


def bank_to_saloon(s: PionjarState, amount: int) -> None:
    s.saloon += amount
    s.bank_paid += amount


def saloon_pays(s: PionjarState, name: str, amount: int) -> int:
    paid = min(s.saloon, amount)
    s.saloon -= paid
    s.p[name].cash += paid
    return paid


def price(s: PionjarState, goods: str, base: int, note: Note) -> int:
    """A sale price changed by the year's proclamations, never below 0 (PJ-PROC-PRICE)."""
    change = s.modifiers.get(goods, 0)
    if change:
        note("PJ-PROC-PRICE")
    return max(0, base + change)


def sell_equipment(s: PionjarState, name: str, kind: str, note: Note) -> int:
    """Compulsory sale of all harvest (PJ-SELL-CROPS) or axe (PJ-SELL-TIMBER) cards."""
    ps = s.p[name]
    count = getattr(ps, kind)
    if not count:
        return 0
    if kind == "harvest":
        each = price(s, "harvest", s.data.harvest_prices[s.month], note)
    else:
        each = price(s, "timber", s.data.timber_prices[s.month], note)
    setattr(ps, kind, 0)
    bank_pays(s, name, count * each)
    return count * each


def sell_spoils(s: PionjarState, name: str, kinds: tuple[str, ...], fur_trapper: bool,
                note: Note) -> int:
    """Compulsory sale of spoils; the cards leave the game (PJ-SELL-SPOILS, PJ-FUR-TRAPPER)."""
    ps = s.p[name]
    total = 0
    keep: list[str] = []
    for cid in ps.spoils:
        card = s.data.spoils[cid]
        if card.kind not in kinds:
            keep.append(cid)
            continue
        if fur_trapper:
            if ps.sheriff:
                note("PJ-POST-SHERIFF")
            total += card.value if ps.sheriff else card.value // 2
        else:
            total += price(s, card.kind, card.value, note)
        s.removed.append(cid)
    ps.spoils = keep
    if total:
        bank_pays(s, name, total)
    return total


def lose_haul(s: PionjarState, name: str, half_in_cash: bool) -> int:
    """Indians take the haul (PJ-INDIAN-LAND / PJ-INDIAN-PASS, PJ-INDIAN-CARDS)."""
    ps = s.p[name]
    value = sum(s.data.spoils[cid].value for cid in ps.spoils)
    s.removed.extend(ps.spoils)
    ps.spoils = []
    compensation = value // 2 if half_in_cash else 0
    if compensation:
        bank_pays(s, name, compensation)
    return compensation
