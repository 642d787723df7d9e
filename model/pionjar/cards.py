"""Post and proclamation cards: drawing (with reshuffles) and following them."""

from __future__ import annotations

from referee.model.pionjar import bank
from referee.model.pionjar.ruleids import note
from referee.model.pionjar.state import PionjarState


def start_draw(s: PionjarState, stack: str, purpose: str) -> bool:
    """Make a draw from ``stack`` the next event; False when no card is left to draw."""
    if not s.stacks[stack] and stack in s.discards and s.discards[stack]:
        note("PJ-CARD-RESHUFFLE")
        order = s.data.card_ids[stack]            # PJ-CARD-RESHUFFLE
        pile = set(s.discards[stack])
        s.stacks[stack] = [cid for cid in order if cid in pile]
        s.discards[stack] = []
    if not s.stacks[stack]:
        return False
    s.stage = "draw"
    s.draw_stack = stack
    s.draw_for = purpose
    return True


def take(s: PionjarState, stack: str, card: str) -> None:
    s.stacks[stack].remove(card)
    s.draw_stack = None
    s.draw_for = None


def follow_post(s: PionjarState, name: str, cid: str) -> bool:
    """PJ-POST-*; True when the player must now decide on a Saloon lease."""
    from referee.model.pionjar.turns import imprison

    card = s.data.cards[cid]
    ps = s.p[name]
    effect = card.effect
    note(*_POST_RULES.get(effect, ()))
    if effect == "money":
        if card.amount >= 0:
            bank.bank_pays(s, name, card.amount)
        else:
            bank.pay_bank(s, name, -card.amount)
    elif effect == "collect_from_each":
        for other in _others(s, name):
            bank.pay_player(s, other, name, card.amount)
    elif effect == "pay_each":
        for other in _others(s, name):
            bank.pay_player(s, name, other, card.amount)
    elif effect == "to_saloon":
        bank.pay_saloon(s, name, card.amount)
    elif effect == "prison":
        imprison(s, name)
    elif effect == "skip":
        ps.skip = True
    elif effect == "sheriff":
        ps.sheriff = True
        ps.kept.append(cid)
        return False
    elif effect == "saloon_lease" and s.renter is None and ps.cash >= card.amount:
        s.lease_card = cid
        s.stage = "lease"
        return True
    s.discards["post"].append(cid)
    return False


def decide_lease(s: PionjarState, name: str, accept: bool) -> None:
    from referee.model.pionjar.saloon import rent

    cid = s.lease_card
    assert cid is not None
    s.lease_card = None
    if accept:
        bank.pay_bank(s, name, s.data.cards[cid].amount)
        rent(s, name, cid)
    else:
        s.discards["post"].append(cid)


def follow_proclamation(s: PionjarState, name: str, cid: str) -> bool:
    """PJ-PROC-*; True when an auction now runs."""
    from referee.model.pionjar.auctions import start_auction

    card = s.data.cards[cid]
    s.discards["proclamation"].append(cid)
    effect = card.effect
    note(*_PROCLAMATION_RULES[effect])
    if effect == "price":
        s.modifiers[card.goods] = s.modifiers.get(card.goods, 0) + card.amount
    elif effect == "tax":
        for other in s.players:
            if s.p[other].prop is not None:
                bank.pay_bank(s, other, card.amount)
    elif effect == "indian":
        spot = (card.trail, card.circle)
        if spot not in s.indians and s.data.indians > 0:
            if len(s.indians) >= s.data.indians:
                s.indians.pop(0)
            s.indians.append(spot)
    elif effect == "indians_leave":
        s.indians.clear()
    elif effect == "auction":
        return start_auction(s, card.goods, card.count)
    return False


_POST_RULES = {"money": ("PJ-POST-MONEY",), "collect_from_each": ("PJ-POST-MONEY",),
               "pay_each": ("PJ-POST-MONEY",), "to_saloon": ("PJ-POST-MONEY",),
               "skip": ("PJ-POST-SKIP",), "sheriff": ("PJ-POST-SHERIFF",),
               "saloon_lease": ("PJ-SALOON-RENT",)}
_PROCLAMATION_RULES = {"price": ("PJ-PROC-PRICE", "PJ-PROC-DURATION"), "tax": ("PJ-PROC-TAX",),
                       "indian": ("PJ-PROC-INDIAN",), "indians_leave": ("PJ-PROC-INDIAN",),
                       "auction": ("PJ-AUCTION-START",)}


def _others(s: PionjarState, name: str) -> list[str]:
    i = s.players.index(name)
    n = len(s.players)
    return [s.players[(i + k) % n] for k in range(1, n)]
