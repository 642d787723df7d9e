"""Cards: the draw (with reshuffles) and what follows it, post cards, proclamations, and the
decision on a Saloon lease offered by a post card."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from referee.model.core import Action, Chance, ChanceMove, Note, Violation, fields, unknown
from referee.model.pionjar import bank
from referee.model.pionjar.moves import auctions, saloon, turns
from referee.model.pionjar.moves.common import PionjarAction
from referee.model.pionjar.state import PionjarState

STACKS = ("post", "proclamation", "buffalo", "fish", "gold")
_DRAW_RULE = {"post": "PJ-CARD-DRAW", "proclamation": "PJ-CARD-DRAW", "trail": "PJ-TRAIL-CARD",
              "auction": "PJ-AUCTION-PAY"}


class Draw(ChanceMove[PionjarState]):
    name = "draw"
    rules = ("PJ-SETUP-STACKS",)
    required = fields(stack=str, card=str)

    def validate(self, state: PionjarState, event: Chance) -> Violation | None:
        stack, card = event.get("stack"), event.get("card")
        if stack not in STACKS:
            return Violation("schema", "PJ-SETUP-STACKS", unknown("stack", stack, STACKS))
        data = state.data
        if card not in data.spoils and card not in data.cards:
            return Violation("schema", "PJ-SETUP-STACKS", unknown("card", card, [
                *data.card_ids.get(stack, ()), *data.spoils_ids.get(stack, ())]))
        return None

    def check(self, state: PionjarState, event: Chance) -> Violation | None:
        stack, card = event.get("stack"), event.get("card")
        if stack != state.draw_stack:
            return Violation("chance", "PJ-SETUP-STACKS", f"expected a card from the "
                             f"{state.draw_stack} stack, found one from the {stack} stack")
        if card not in state.stacks[stack]:
            return Violation("chance", "PJ-SETUP-STACKS", f"card {card!r} is not in the "
                             f"{stack} stack ({whereabouts(state, card)}); "
                             f"{len(state.stacks[stack])} cards can be drawn")
        return None

    def outcomes(self, state: PionjarState) -> list[tuple[Chance, Fraction]]:
        assert state.draw_stack is not None
        stack = state.stacks[state.draw_stack]
        p = Fraction(1, len(stack))
        return [(Chance.make("draw", stack=state.draw_stack, card=c), p) for c in stack]

    def describe(self, state: PionjarState) -> str:
        return f"chance 'draw' from the {state.draw_stack} stack"

    def apply(self, state: PionjarState, event: Chance, note: Note) -> None:
        s = state
        stack, card = event.get("stack"), event.get("card")
        purpose = s.draw_for
        assert purpose is not None
        note(_DRAW_RULE[purpose])
        s.stacks[stack].remove(card)
        s.draw_stack = None
        s.draw_for = None
        current = s.players[s.turn]
        if purpose == "post":
            pending = follow_post(s, current, card, note)
        elif purpose == "proclamation":
            pending = follow_proclamation(s, current, card, note)
        elif purpose == "trail":
            s.p[current].spoils.append(card)
            pending = False
        else:
            pending = auctions.revealed(s, card, note)
        if not pending:
            turns.to_after(s, note)


class LeaseDecision(PionjarAction):
    """Rent the Saloon offered by the post card just drawn, or let the card go."""

    rules = ("PJ-SALOON-RENT", "PJ-TURN-ORDER")
    stages = frozenset({"lease"})
    accept = False

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        yield Action.make(player, self.name)

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        cid = state.lease_card
        assert cid is not None
        state.lease_card = None
        if self.accept:
            bank.pay_bank(state, event.player, state.data.cards[cid].amount, note)
            saloon.rent(state, event.player, cid)
        else:
            state.discards["post"].append(cid)
        turns.to_after(state, note)


class RentSaloon(LeaseDecision):
    name = "rent_saloon"
    accept = True


class DeclineSaloon(LeaseDecision):
    name = "decline_saloon"


# --------------------------------------------------------------------------- effects


def start_draw(s: PionjarState, stack: str, purpose: str, note: Note) -> bool:
    """Make a draw from ``stack`` the next event; False when no card is left to draw."""
    if not s.stacks[stack] and s.discards.get(stack):
        note("PJ-CARD-RESHUFFLE")
        pile = set(s.discards[stack])
        s.stacks[stack] = [cid for cid in s.data.card_ids[stack] if cid in pile]
        s.discards[stack] = []
    if not s.stacks[stack]:
        return False
    s.stage = "draw"
    s.draw_stack = stack
    s.draw_for = purpose
    return True


_POST_RULES = {"money": "PJ-POST-MONEY", "collect_from_each": "PJ-POST-MONEY",
               "pay_each": "PJ-POST-MONEY", "to_saloon": "PJ-POST-MONEY",
               "skip": "PJ-POST-SKIP", "sheriff": "PJ-POST-SHERIFF",
               "saloon_lease": "PJ-SALOON-RENT"}


def follow_post(s: PionjarState, name: str, cid: str, note: Note) -> bool:
    """PJ-POST-*; True when the player must now decide on a Saloon lease."""
    card = s.data.cards[cid]
    ps = s.p[name]
    effect = card.effect
    rule = _POST_RULES.get(effect)
    if rule is not None:
        note(rule)
    if effect == "money":
        if card.amount >= 0:
            bank.bank_pays(s, name, card.amount)
        else:
            bank.pay_bank(s, name, -card.amount, note)
    elif effect == "collect_from_each":
        for other in _others(s, name):
            bank.pay_player(s, other, name, card.amount, note)
    elif effect == "pay_each":
        for other in _others(s, name):
            bank.pay_player(s, name, other, card.amount, note)
    elif effect == "to_saloon":
        bank.pay_saloon(s, name, card.amount, note)
    elif effect == "prison":
        turns.imprison(s, name, note)
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


_PROCLAMATION_RULES = {"price": ("PJ-PROC-PRICE", "PJ-PROC-DURATION"),
                       "tax": ("PJ-PROC-TAX",), "indian": ("PJ-PROC-INDIAN",),
                       "indians_leave": ("PJ-PROC-INDIAN",), "auction": ("PJ-AUCTION-START",)}


def follow_proclamation(s: PionjarState, name: str, cid: str, note: Note) -> bool:
    """PJ-PROC-*; True when an auction now runs."""
    card = s.data.cards[cid]
    s.discards["proclamation"].append(cid)
    effect = card.effect
    for rule in _PROCLAMATION_RULES[effect]:
        note(rule)
    if effect == "price":
        s.modifiers[card.goods] = s.modifiers.get(card.goods, 0) + card.amount
    elif effect == "tax":
        for other in s.players:
            if s.p[other].prop is not None:
                bank.pay_bank(s, other, card.amount, note)
    elif effect == "indian":
        spot = (card.trail, card.circle)
        if spot not in s.indians and s.data.indians > 0:
            if len(s.indians) >= s.data.indians:
                s.indians.pop(0)
            s.indians.append(spot)
    elif effect == "indians_leave":
        s.indians.clear()
    elif effect == "auction":
        return auctions.start_auction(s, card.goods, card.count, note)
    return False


def _others(s: PionjarState, name: str) -> list[str]:
    i = s.players.index(name)
    n = len(s.players)
    return [s.players[(i + k) % n] for k in range(1, n)]


def whereabouts(s: PionjarState, card: str) -> str:
    """Where a card that cannot be drawn is, for messages."""
    if card in s.removed:
        return "it has left the game"
    for name, ps in s.p.items():
        if card in ps.spoils or card in ps.kept:
            return f"{name} holds it"
    for stack, pile in s.discards.items():
        if card in pile:
            return f"it lies on the {stack} discard pile"
    for stack, pile in s.stacks.items():
        if card in pile:
            return f"it belongs to the {stack} stack"
    return "it is elsewhere"
