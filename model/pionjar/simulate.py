"""Random legal full games: a sensible random policy, a ``check`` line every game month and a
``final`` line with the computed capital and winners. Deterministic per seed."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from referee.model.core import Action, Chance, Check, Event, Final, FrozenObject
from referee.model.pionjar import city, saloon
from referee.model.pionjar.rules import Pionjar
from referee.model.pionjar.scoring import capital_parts
from referee.model.pionjar.state import PionjarState

_GAME = Pionjar()
_SPOIL_GUESS = {"buffalo": 2000, "gold": 5000}
_MAX_EVENTS = 200_000   # a guard against a non-terminating policy, far above any real game


def simulate_game(players: Sequence[str], rng: random.Random,
                  options: Mapping[str, Any] | None = None) -> list[Event]:
    state = _GAME.new_state(players, options)
    events: list[Event] = []
    month = state.month
    while not _GAME.is_over(state):
        if len(events) > _MAX_EVENTS:
            raise RuntimeError("simulated game did not finish")
        event = _chance(state, rng) if state.actor() is None else _decide(state, rng)
        _GAME.apply(state, event)
        events.append(event)
        if state.month != month and state.month >= 0:
            month = state.month
            events.append(_checkpoint(state))
    events.append(_checkpoint(state))
    scores = _GAME.score(state)
    events.append(Final.make({n: sc.total for n, sc in scores.items()}, _GAME.winners(state)))
    return events


def _checkpoint(s: PionjarState) -> Check:
    """A ``check`` line with the month, the Saloon, the stage and each player's cash, equipment,
    cards held, prison and capital (the same values ``quantities`` gives, computed directly)."""
    claims: list[tuple[str, Any]] = [
        ("month", s.data.month_name(s.month) if s.month >= 0 else -1), ("saloon", s.saloon),
        ("stage", s.stage)]
    spoils = s.data.spoils
    for name in s.players:
        ps = s.p[name]
        kinds = [spoils[c].kind for c in ps.spoils]
        claims.append((name, FrozenObject((
            ("cash", ps.cash), ("harvest", ps.harvest), ("axe", ps.axe),
            ("buffalo", kinds.count("buffalo")), ("fish", kinds.count("fish")),
            ("gold", kinds.count("gold")), ("in_prison", int(ps.where == "prison")),
            ("score", sum(capital_parts(s, name).values()))))))
    return Check(FrozenObject(tuple(claims)))


def _chance(s: PionjarState, rng: random.Random) -> Chance:
    if s.stage == "start_player":
        return Chance.make("start_player", player=rng.choice(s.players))
    if s.stage == "draw":
        assert s.draw_stack is not None
        return Chance.make("draw", stack=s.draw_stack, card=rng.choice(s.stacks[s.draw_stack]))
    return Chance.make("die", player=s.roller(), value=rng.randint(1, 6))


def _decide(s: PionjarState, rng: random.Random) -> Action:
    name = s.actor()
    assert name is not None
    ps = s.p[name]
    stage = s.stage
    if stage == "choose":
        taken = s.taken()
        return Action.make(name, "choose_property",
                           property=rng.choice([p for p in s.data.properties if p not in taken]))
    if stage == "turn":
        if ps.where == "loop":
            if ps.lap_done and rng.random() < 0.12:
                return Action.make(name, "enter_trail", trail=rng.choice(list(s.data.trails)))
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
        guess = _SPOIL_GUESS[a.goods]
        step = rng.choice(s.data.bid_steps)
        amount = a.high + step
        if amount <= min(ps.cash, guess * 1.2) and rng.random() < 0.5:
            return Action.make(name, "bid", amount=amount)
        return Action.make(name, "pass")
    return _after(s, name, rng)


def _after(s: PionjarState, name: str, rng: random.Random) -> Action:
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
        if (city.can_buy_trading_post(s, name) and ps.cash > s.data.trading_post_price + 3000
                and rng.random() < 0.3):
            return Action.make(name, "buy_trading_post")
    if saloon.can_gamble(s, name) and rng.random() < 0.12:
        stakes = [x for x in s.data.stake_steps if x <= ps.cash // 3] or [ps.cash]
        return Action.make(name, "gamble", stake=rng.choice(stakes))
    return Action.make(name, "end_turn")
