"""Enumerating legal decisions in a fixed order (for the explorer and conformance tests).

Order: the phase's own decisions (allocations, worker pay, neutral bid, bids then passes,
pay_bid/build/bonus, debt payoff), then the next phase marker when it is legal, then each
player's anytime actions with count 1 (repeating them reaches every count).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from referee.model.core import Action, GameEvent, Phase
from referee.model.homesteaders import market
from referee.model.homesteaders.building import port_resources
from referee.model.homesteaders.data import RESOURCES
from referee.model.homesteaders.effects import reward_problem, wages
from referee.model.homesteaders.state import BONUS, BUILT, PAID, UNPAID, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def legal_actions(game: Homesteaders, state: HomesteadersState) -> list[GameEvent]:
    if game.chance_outcomes(state):
        return []
    out: list[GameEvent] = []
    phase = state.phase
    d = game.data
    if phase == "setup" or (phase == "building" and state.round == d.rounds):
        for i, p in enumerate(state.players):
            out.extend(Action.make(p, "allocate", slots=list(s))
                       for s in allocations(game, state, i))
    if phase in ("income", "final_income"):
        for i, p in enumerate(state.players):
            if not state.paid[i]:
                cost = wages(d, state.hold[i])
                out.extend(Action.make(p, "pay_workers", gold=g)
                           for g in payable_gold(state.hold[i], cost))
    if phase == "bidding":
        out.extend(_bidding(game, state))
    if phase == "building":
        out.extend(_building(game, state))
    if phase == "scoring":
        for i, p in enumerate(state.players):
            hold = state.hold[i]
            for g in (0, 1):
                if not market.debt_payoff_problem(d, hold, 1, g):
                    out.append(Action.make(p, "pay_debt", count=1, gold=g))
    marker = next_marker(game, state)
    if marker is not None and game.check(state, marker) is None:
        out.append(marker)
    if state.start is not None:
        for i, p in enumerate(state.players):
            out.extend(anytime(game, state, i, p))
    return out


def next_marker(game: Homesteaders, state: HomesteadersState) -> Phase | None:
    phase = state.phase
    if phase == "start":
        return Phase.make("setup", round=1)
    if phase == "building":
        if state.round < game.data.rounds:
            return Phase.make("setup", round=state.round + 1)
        return Phase.make("final_income")
    following = {"setup": "income", "income": "bidding", "bidding": "building",
                 "final_income": "scoring"}
    return Phase.make(following[phase]) if phase in following else None


def payable_gold(hold: dict[str, int], cost: int) -> list[int]:
    return [g for g in range(0, min(hold["gold"], market.useful_gold(cost)) + 1)
            if market.silver_due(cost, g) <= hold["silver"]]


def allocations(game: Homesteaders, state: HomesteadersState, i: int) -> Iterator[tuple[str, ...]]:
    """Every placement of up to the player's workers, each as a sorted slot list."""
    units: list[str] = []
    for name in sorted(set(state.buildings[i])):
        for k, slot in enumerate(game.data.buildings[name].slots):
            units.extend([f"{name}:{k}"] * slot.workers)
    workers = state.hold[i]["workers"]
    for k in range(0, min(workers, len(units)) + 1):
        yield from sorted(set(combinations(units, k)))


def rewards(game: Homesteaders, track: int) -> list[str]:
    return [r for r in game.reward_names() if reward_problem(game.data, track, r) is None]


def _bidding(game: Homesteaders, state: HomesteadersState) -> Iterator[GameEvent]:
    if len(state.players) == 2 and state.neutral_auction is None:
        starter = state.players[state.start]  # type: ignore[index]
        for a in range(1, state.auctions + 1):
            yield Action.make(starter, "neutral_bid", auction=a)
        return
    if state.turn is None:
        return
    i = state.turn
    p = state.players[i]
    for a in range(1, state.auctions + 1):
        for amount in game.data.ladder:
            if game.bid_problem(state, i, a, amount) is None:
                yield Action.make(p, "bid", auction=a, amount=amount)
    for r in rewards(game, state.hold[i]["track"]):
        yield Action.make(p, "pass", reward=r)


def _building(game: Homesteaders, state: HomesteadersState) -> Iterator[GameEvent]:
    current = game.current_auction(state)
    if current is not None:
        step = state.step[current]
        if step == PAID or (step == BUILT and state.extra_open):
            yield from build_options(game, state, current, extra=step == BUILT)
        if step in (PAID, BUILT):
            yield from bonus_options(game, state, current)
    for a in sorted(state.won):
        if state.step[a] == UNPAID:
            i, amount = state.won[a]
            p = state.players[i]
            for g in payable_gold(state.hold[i], amount):
                yield Action.make(p, "pay_bid", auction=a, gold=g)
            break


def build_options(game: Homesteaders, state: HomesteadersState, auction: int,
                  extra: bool) -> Iterator[Action]:
    i, _ = state.won[auction]
    p = state.players[i]
    tile = game.tile(state, auction)
    hold = state.hold[i]
    ports = port_resources(game, state, i)
    for name, b in game.data.buildings.items():
        if state.supply.get(name, 0) < 1 or name in state.buildings[i]:
            continue
        if not extra and b.type not in tile.build:
            continue
        units = [r for r in sorted(b.cost) if r in ports for _ in range(b.cost[r])]
        subs = sorted({c for k in range(len(units) + 1) for c in combinations(units, k)})
        rewards_ = rewards(game, hold["track"]) if b.on_build_advance else [None]
        workers = [True, False] if b.on_build_worker else [None]
        for gold_for in subs:
            if market.missing(hold, game.build_cost(state, i, name, gold_for)):
                continue
            for r in rewards_:
                for w in workers:
                    params: dict = {"auction": auction, "building": name}
                    if gold_for:
                        params["gold_for"] = list(gold_for)
                    if r is not None:
                        params["reward"] = r
                    if w is not None:
                        params["worker"] = w
                    if extra:
                        params["extra"] = True
                    yield Action.make(p, "build", **params)


def bonus_options(game: Homesteaders, state: HomesteadersState, auction: int) -> Iterator[Action]:
    i, _ = state.won[auction]
    p = state.players[i]
    if state.step[auction] == BONUS:
        return
    bonus = game.tile(state, auction).bonus
    if bonus is None:
        return
    hold = state.hold[i]
    workers = [True, False] if bonus.worker else [None]
    rewards_ = rewards(game, hold["track"]) if bonus.advance else [None]
    pays: list[str | None] = [None]
    if bonus.pay is not None:
        ports = port_resources(game, state, i)
        pays = [bonus.pay] + (["gold"] if bonus.pay in ports else [])
        pays = [x for x in pays if x is not None and hold[x] >= 1]
    for w in workers:
        for r in rewards_:
            for pay in pays:
                params: dict = {"auction": auction}
                if w is not None:
                    params["worker"] = w
                if r is not None:
                    params["reward"] = r
                if pay is not None:
                    params["pay"] = pay
                yield Action.make(p, "bonus", **params)


def anytime(game: Homesteaders, state: HomesteadersState, i: int, p: str) -> Iterator[Action]:
    d = game.data
    hold = state.hold[i]
    for res in RESOURCES:
        if not market.missing(hold, market.buy_cost(d, res, 1)):
            yield Action.make(p, "buy", resource=res, count=1)
    for res in RESOURCES:
        if not market.missing(hold, market.sell_need(d, res, 1)):
            yield Action.make(p, "sell", resource=res, count=1)
    yield Action.make(p, "take_debt", count=1)
    if not market.missing(hold, market.hire_need(d, 1)):
        yield Action.make(p, "hire", count=1)
    for name, converts in game.converter_buildings.items():
        if name not in state.buildings[i]:
            continue
        for src, _ in converts:
            if not market.missing(hold, market.convert_need(d, src, 1)):
                params = {"building": name, "count": 1}
                if len(converts) > 1:
                    params["from"] = src
                yield Action.make(p, "convert", **params)
