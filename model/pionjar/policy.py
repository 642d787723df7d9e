"""The simulator's Pionjär player: a sensible random policy (mostly the almanac move, a trail now
and then once the first lap is done, equipment bought in Pioneer City while keeping half the
redemption in hand, a small stake in the Saloon now and then, bids up to a guess of the card's
worth), and a ``check`` line every game month and at the end. Deterministic per seed: it draws
chance outcomes itself, with the same calls on the generator as it always has."""

from __future__ import annotations

import random
from typing import Any

from referee.model.core import Action, Chance, GameEvent
from referee.model.pionjar.flow import may_choose_early
from referee.model.pionjar.game import Pionjar
from referee.model.pionjar.moves import city, saloon
from referee.model.pionjar.scoring import capital_parts
from referee.model.pionjar.state import PionjarState

_SPOIL_GUESS = {"buffalo": 2000, "gold": 5000}


class PionjarPlayer:
    def __init__(self, game: Pionjar, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.month: int | None = None

    # ------------------------------------------------------------------ events

    def choose(self, state: PionjarState) -> GameEvent:
        if self.month is None:
            self.month = state.month
        current = state.current
        if state.stage == "road_roll" and current is not None and may_choose_early(state,
                                                                                  current):
            return self._choose_property(state, current)   # named before the first roll
        if state.actor() is None:
            return self._chance(state)
        return self._decide(state)

    def _choose_property(self, s: PionjarState, name: str) -> Action:
        taken = s.taken()
        return Action.make(name, "choose_property", property=self.rng.choice(
            [p for p in s.data.properties if p not in taken]))

    def _chance(self, s: PionjarState) -> Chance:
        rng = self.rng
        if s.stage == "start_player":
            return Chance.make("start_player", player=rng.choice(s.players))
        if s.stage == "draw":
            assert s.draw_stack is not None
            return Chance.make("draw", stack=s.draw_stack,
                               card=rng.choice(s.stacks[s.draw_stack]))
        return Chance.make("die", player=s.roller(), value=rng.randint(1, 6))

    def _decide(self, s: PionjarState) -> Action:
        rng = self.rng
        name = s.actor()
        assert name is not None
        ps = s.p[name]
        stage = s.stage
        if stage == "choose":
            return self._choose_property(s, name)
        if stage == "turn":
            if ps.where == "loop":
                if ps.lap_done and rng.random() < 0.12:
                    return Action.make(name, "enter_trail",
                                       trail=rng.choice(list(s.data.trails)))
                return Action.make(name, "advance")
            assert ps.trail is not None
            if ps.circle >= s.data.trails[ps.trail].length or rng.random() < 0.6:
                return Action.make(name, "leave_trail")
            return Action.make(name, "roll")
        if stage == "lease":
            assert s.lease_card is not None
            rent = s.data.cards[s.lease_card].amount
            accept = ps.cash > 3 * rent and rng.random() < 0.6
            return Action.make(name, "rent_saloon" if accept else "decline_saloon")
        if stage == "bid":
            assert s.auction is not None
            a = s.auction
            step = rng.choice(s.data.bid_steps)
            amount = a.high + step
            if amount <= min(ps.cash, _SPOIL_GUESS[a.goods] * 1.2) and rng.random() < 0.5:
                return Action.make(name, "bid", amount=amount)
            return Action.make(name, "pass")
        return self._after(s, name)

    def _after(self, s: PionjarState, name: str) -> Action:
        rng = self.rng
        ps = s.p[name]
        if city.in_city(s, name):
            if city.can_buy_land(s, name) and rng.random() < 0.8:
                return Action.make(name, "buy_land")
            reserve = 0
            if ps.land == "squatter" and ps.prop is not None:
                reserve = s.data.properties[ps.prop].redemption // 2
            for kind in city.EQUIPMENT:
                room = city.equipment_room(s, name, kind)
                affordable = (ps.cash - reserve) // max(1, s.data.equipment_price)
                count = min(room, affordable)
                if count > 0 and rng.random() < 0.85:
                    return Action.make(name, "buy_equipment", kind=kind, count=count)
            if (city.can_buy_trading_post(s, name)
                    and ps.cash > s.data.trading_post_price + 3000 and rng.random() < 0.3):
                return Action.make(name, "buy_trading_post")
        if saloon.can_gamble(s, name) and rng.random() < 0.12:
            stakes = [x for x in s.data.stake_steps if x <= ps.cash // 3] or [ps.cash]
            return Action.make(name, "gamble", stake=rng.choice(stakes))
        return Action.make(name, "end_turn")

    # ------------------------------------------------------------------ check lines

    def claims(self, state: PionjarState, last: GameEvent | None) -> dict[str, Any] | None:
        """A check line when the month has changed, and one after the end."""
        if last is not None:
            if state.month == self.month or state.month < 0:
                return None
            self.month = state.month
        return checkpoint(state)


def checkpoint(s: PionjarState) -> dict[str, Any]:
    """The month, the Saloon, the step of the turn and each player's cash, equipment, cards
    held, prison and capital."""
    claims: dict[str, Any] = {
        "month": s.data.month_name(s.month) if s.month >= 0 else -1, "saloon": s.saloon,
        "stage": s.stage}
    spoils = s.data.spoils
    for name in s.players:
        ps = s.p[name]
        kinds = [spoils[c].kind for c in ps.spoils]
        claims[name] = {
            "cash": ps.cash, "harvest": ps.harvest, "axe": ps.axe,
            "buffalo": kinds.count("buffalo"), "fish": kinds.count("fish"),
            "gold": kinds.count("gold"), "in_prison": int(ps.where == "prison"),
            "score": sum(capital_parts(s, name).values())}
    return claims


POLICY = PionjarPlayer
