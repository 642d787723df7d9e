"""The building phase: each won auction in turn is paid for (``pay_bid``), then built on
(``build``, and the Train Station's extra building) and its bonus taken (``bonus``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from referee.model.core import Action, Note, Violation, fields, unknown
from referee.model.homesteaders import market
from referee.model.homesteaders.data import RESOURCES, HomesteadersData
from referee.model.homesteaders.moves.common import (
    Act,
    State,
    advance,
    auction_problem,
    gain,
    gold_param_problem,
    owed_items_problem,
    payable_gold,
    payment_problem,
    port_resources,
    reward_problem,
    reward_schema_problem,
    rewards,
    tile,
)
from referee.model.homesteaders.state import BONUS, BUILT, NEUTRAL, PAID, UNPAID

BUILDING_STAGES = frozenset({"building", "last_building"})


def build_cost(data: HomesteadersData, building: str, gold_for: Sequence[str]) -> dict[str, int]:
    """What building ``building`` costs, with gold standing in for the resources ``gold_for``
    names (River Port)."""
    cost = dict(data.buildings[building].cost)
    for res in gold_for:
        cost[res] -= 1
        cost["gold"] = cost.get("gold", 0) + 1
    return cost


def _won_by(state: State, event: Action) -> Violation | None:
    auction = event.get("auction")
    if auction not in state.won:
        how = ("the neutral bid" if state.neutral_auction == auction
               and auction in state.high and state.high[auction][1] == NEUTRAL
               else "no bid")
        return Violation("illegal", "HS-NO-BIDS", f"auction {auction} was won by no player "
                         f"({how}); it is discarded", event.player)
    winner = state.players[state.won[auction][0]]
    if event.player != winner:
        return Violation("order", "HS-BUILD-ORDER", f"auction {auction} was won by {winner}, "
                         f"not {event.player}", event.player)
    return None


def _current(state: State, event: Action) -> Violation | None:
    auction = event.get("auction")
    if state.step[auction] == UNPAID:
        return Violation("order", "HS-BUILD-ORDER", f"{event.name} on auction {auction} comes "
                         "after its pay_bid", event.player)
    current = state.current_auction()
    if current != auction:
        return Violation("order", "HS-BUILD-ORDER", f"auction {auction} is closed: auction "
                         f"{current} is being resolved", event.player)
    return None


def _resolving(state: State, player: str) -> int | None:
    """The auction ``player`` won that is being resolved now, or None."""
    current = state.current_auction()
    if current is None or state.players[state.won[current][0]] != player:
        return None
    return current


class PayBid(Act):
    name = "pay_bid"
    rules = ("HS-BUILD-ORDER", "HS-PAY-BID", "HS-VOCAB")
    required = fields(auction=int)
    optional = fields(gold=int)
    schema_rule = "HS-PAY-BID"
    stages = BUILDING_STAGES
    who = "anyone"
    order_rule = "HS-BUILD-ORDER"
    when = "comes in the building phase"

    def validate(self, state: State, event: Action) -> Violation | None:
        return auction_problem(state, event, "HS-PAY-BID") or gold_param_problem(event)

    def check(self, state: State, event: Action) -> Violation | None:
        bad = _won_by(state, event)
        if bad is not None:
            return bad
        auction = event.get("auction")
        if state.step[auction] != UNPAID:
            return Violation("illegal", "HS-PAY-BID", f"the bid on auction {auction} is already "
                             "paid", event.player)
        for a in sorted(state.won):
            if a < auction and state.step[a] == UNPAID:
                return Violation("order", "HS-BUILD-ORDER", f"auction {a} is resolved before "
                                 f"auction {auction}; its bid is not paid yet", event.player)
        bad = owed_items_problem(self.data, state, auction)
        if bad is not None:
            return bad
        return payment_problem(state, state.seat[event.player], state.won[auction][1],
                               event.get("gold", 0), "HS-PAY-BID",
                               f"the bid on auction {auction}")

    def apply(self, state: State, event: Action, note: Note) -> None:
        auction = event.get("auction")
        gold = event.get("gold", 0)
        if gold:
            note("HS-GOLD-PAY")
        i, amount = state.won[auction]
        market.pay_silver_cost(state.hold[i], amount, gold)
        vp = tile(self.data, state, auction).on_pay_bid_vp
        if vp:
            note("HS-TILE-30")
            state.hold[i]["vp"] += vp
        state.step[auction] = PAID
        state.extra_open = False

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        for a in sorted(state.won):
            if state.step[a] == UNPAID:
                i, amount = state.won[a]
                if state.players[i] == player and owed_items_problem(self.data, state, a) is None:
                    for g in payable_gold(state.hold[i], amount):
                        yield Action.make(player, "pay_bid", auction=a, gold=g)
                return


class Build(Act):
    name = "build"
    rules = ("HS-BUILD-ORDER", "HS-BUILD-SUPPLY", "HS-BUILD-UNIQUE", "HS-BUILD-COST",
             "HS-VOCAB")
    required = fields(auction=int, building=str)
    optional = fields(reward=str, worker=bool, gold_for=list, extra=bool)
    schema_rule = "HS-BUILD-TYPE"
    stages = BUILDING_STAGES
    who = "anyone"
    order_rule = "HS-BUILD-ORDER"
    when = "comes in the building phase, after the auction's pay_bid"

    def validate(self, state: State, event: Action) -> Violation | None:
        bad = auction_problem(state, event, "HS-BUILD-ORDER")
        if bad is not None:
            return bad
        name = event.get("building")
        if name not in self.data.buildings:
            return Violation("schema", "HS-BUILD-SUPPLY",
                             unknown("building", name, self.data.buildings), event.player)
        for res in event.get("gold_for", ()):
            if not isinstance(res, str) or res not in RESOURCES:
                return Violation("schema", "HS-RIVER-PORT", f"gold_for lists resources, found "
                                 f"{res!r}", event.player)
        return reward_schema_problem(self.data, event)

    def check(self, state: State, event: Action) -> Violation | None:
        bad = _won_by(state, event) or _current(state, event)
        if bad is not None:
            return bad
        data = self.data
        name = event.get("building")
        auction = event.get("auction")
        i = state.seat[event.player]
        step = state.step[auction]
        t = tile(data, state, auction)
        b = data.buildings[name]
        if step == BONUS:
            return Violation("order", "HS-BUILD-ORDER", f"the bonus of auction {auction} is "
                             "taken; no building comes after it", event.player)
        if event.get("extra", False):
            if not (step == BUILT and state.extra_open):
                return Violation("illegal", "HS-TRAIN-STATION", "an extra building follows only "
                                 "the Train Station built on this auction", event.player)
        else:
            if step == BUILT:
                return Violation("illegal", "HS-BUILD-ORDER", f"a building is already built on "
                                 f"auction {auction}", event.player)
            if not t.build:
                return Violation("illegal", "HS-BUILD-TYPE", f"tile {t.id} allows no building",
                                 event.player)
            if b.type not in t.build:
                return Violation("illegal", "HS-BUILD-TYPE", f"tile {t.id} allows "
                                 f"{' or '.join(t.build)} buildings, found {name} ({b.type})",
                                 event.player)
        if name in state.buildings[i]:
            return Violation("illegal", "HS-BUILD-UNIQUE", f"{event.player} already owns a "
                             f"{name}", event.player)
        if state.supply.get(name, 0) < 1:
            return Violation("illegal", "HS-BUILD-SUPPLY", f"no {name} is in the building "
                             "supply", event.player)
        bad = self._gold_for_problem(state, i, event, b.cost)
        if bad is not None:
            return bad
        short = market.missing(state.hold[i], build_cost(data, name, event.get("gold_for", ())))
        if short:
            return Violation("illegal", "HS-BUILD-COST", f"building the {name} {short}",
                             event.player)
        if b.on_build_advance != (event.get("reward") is not None):
            return Violation("illegal", "HS-TRACK-BUILD",
                             f"building the {name} advances the railroad marker: give a reward"
                             if b.on_build_advance else
                             f"building the {name} gives no railroad advance, found a reward",
                             event.player)
        if b.on_build_advance:
            bad = reward_problem(data, state, i, event.get("reward"))
            if bad is not None:
                return bad
        if event.get("worker") is not None and not b.on_build_worker:
            return Violation("illegal", "HS-WORKSHOP", f"building the {name} gives no free "
                             "worker", event.player)
        return None

    def _gold_for_problem(self, state: State, i: int, event: Action,
                          cost: Mapping[str, int]) -> Violation | None:
        gold_for = event.get("gold_for", ())
        if not gold_for:
            return None
        usable = port_resources(self.game, state, i)
        if not usable:
            return Violation("illegal", "HS-RIVER-PORT", f"{event.player} pays gold for "
                             f"{', '.join(gold_for)} without a River Port", event.player)
        for res, count in Counter(gold_for).items():
            if res not in usable:
                return Violation("illegal", "HS-RIVER-PORT", f"gold stands in only for "
                                 f"{' or '.join(sorted(usable))}, found {res}", event.player)
            if count > cost.get(res, 0):
                return Violation("illegal", "HS-RIVER-PORT", f"gold_for names {count} {res} but "
                                 f"the cost has {cost.get(res, 0)}", event.player)
        return None

    def apply(self, state: State, event: Action, note: Note) -> None:
        data = self.data
        auction, name = event.get("auction"), event.get("building")
        extra = event.get("extra", False)
        gold_for = event.get("gold_for", ())
        i = state.seat[event.player]
        hold = state.hold[i]
        b = data.buildings[name]
        note("HS-TRAIN-STATION" if extra else "HS-BUILD-TYPE")
        if gold_for:
            note("HS-RIVER-PORT")
        for res, amount in build_cost(data, name, gold_for).items():
            hold[res] -= amount
        for owned in state.buildings[i]:
            later = data.buildings[owned].later_build_vp
            if later:
                note("HS-FORGE")
                hold["vp"] += later
        state.supply[name] -= 1
        state.buildings[i].append(name)
        if b.on_build:
            note("HS-TRAIN-STATION" if b.extra_build else "HS-RANCH")
            gain(hold, b.on_build)
        if b.on_build_discard_debt:
            note("HS-BOARDING-HOUSE")
            if hold["debt"] >= b.on_build_discard_debt:
                hold["debt"] -= b.on_build_discard_debt
            else:
                hold["silver"] += data.debt_silver * b.on_build_discard_debt
        if b.on_build_worker:
            note("HS-WORKSHOP")
            if event.get("worker", True):
                hold["workers"] += 1
        if b.on_build_advance:
            note("HS-TRACK-BUILD")
            note("HS-TRACK-REWARD")
            advance(data, hold, event.get("reward"))
        if b.extra_build and not extra:
            note("HS-TRAIN-STATION")
        state.extra_open = b.extra_build and not extra
        state.step[auction] = BUILT

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        auction = _resolving(state, player)
        if auction is None:
            return
        step = state.step[auction]
        if step == PAID or (step == BUILT and state.extra_open):
            yield from self.options(state, auction, extra=step == BUILT)

    def options(self, state: State, auction: int, extra: bool) -> Iterator[Action]:
        data = self.data
        i, _ = state.won[auction]
        p = state.players[i]
        t = tile(data, state, auction)
        hold = state.hold[i]
        ports = port_resources(self.game, state, i)
        for name, b in data.buildings.items():
            if state.supply.get(name, 0) < 1 or name in state.buildings[i]:
                continue
            if not extra and b.type not in t.build:
                continue
            units = [r for r in sorted(b.cost) if r in ports for _ in range(b.cost[r])]
            subs = sorted({c for k in range(len(units) + 1) for c in combinations(units, k)})
            rewards_: list[str | None] = (list(rewards(data, hold["track"]))
                                          if b.on_build_advance else [None])
            workers: list[bool | None] = [True, False] if b.on_build_worker else [None]
            for gold_for in subs:
                if market.missing(hold, build_cost(data, name, gold_for)):
                    continue
                for r in rewards_:
                    for w in workers:
                        params: dict[str, Any] = {"auction": auction, "building": name}
                        if gold_for:
                            params["gold_for"] = list(gold_for)
                        if r is not None:
                            params["reward"] = r
                        if w is not None:
                            params["worker"] = w
                        if extra:
                            params["extra"] = True
                        yield Action.make(p, "build", **params)


class Bonus(Act):
    name = "bonus"
    rules = ("HS-BONUS", "HS-BUILD-ORDER", "HS-VOCAB")
    required = fields(auction=int)
    optional = fields(worker=bool, reward=str, pay=str)
    stages = BUILDING_STAGES
    who = "anyone"
    order_rule = "HS-BUILD-ORDER"
    when = "comes in the building phase, after the auction's pay_bid and build"

    def validate(self, state: State, event: Action) -> Violation | None:
        bad = auction_problem(state, event, "HS-BONUS") or reward_schema_problem(self.data,
                                                                                 event)
        if bad is not None:
            return bad
        if event.get("pay") is not None and event.get("pay") not in RESOURCES:
            return Violation("schema", "HS-BONUS", unknown("resource", event.get("pay"), RESOURCES),
                             event.player)
        return None

    def check(self, state: State, event: Action) -> Violation | None:
        bad = _won_by(state, event) or _current(state, event)
        if bad is not None:
            return bad
        auction = event.get("auction")
        i = state.seat[event.player]
        if state.step[auction] == BONUS:
            return Violation("illegal", "HS-BONUS", f"the bonus of auction {auction} is already "
                             "taken", event.player)
        t = tile(self.data, state, auction)
        bonus = t.bonus
        if bonus is None:
            return Violation("illegal", "HS-BONUS", f"tile {t.id} has no bonus", event.player)
        if event.get("worker") is not None and not bonus.worker:
            return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus gives no worker",
                             event.player)
        if event.get("worker") is False and t.awards_items:
            # rulebook, Building: "the player immediately receives these items"
            return Violation("illegal", "HS-BONUS", f"tile {t.id} allows no building and "
                             "awards its worker at once: it cannot be declined", event.player)
        if bonus.advance != (event.get("reward") is not None):
            return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus advances the railroad "
                             "marker: give a reward" if bonus.advance else
                             f"tile {t.id}'s bonus gives no railroad advance, found a reward",
                             event.player)
        if bonus.advance:
            bad = reward_problem(self.data, state, i, event.get("reward"))
            if bad is not None:
                return bad
        if event.get("pay") is not None and bonus.pay is None:
            return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus asks no payment",
                             event.player)
        if bonus.pay is not None:
            pay = event.get("pay", bonus.pay)
            if pay != bonus.pay and (pay != "gold"
                                     or bonus.pay not in port_resources(self.game, state, i)):
                return Violation("illegal", "HS-RIVER-PORT" if pay == "gold" else "HS-BONUS",
                                 f"tile {t.id}'s bonus is paid with 1 {bonus.pay}, found {pay}",
                                 event.player)
            if state.hold[i][pay] < 1:
                return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus needs 1 {pay}, "
                                 f"holds 0", event.player)
        return None

    def apply(self, state: State, event: Action, note: Note) -> None:
        auction = event.get("auction")
        i = state.seat[event.player]
        hold = state.hold[i]
        bonus = tile(self.data, state, auction).bonus
        assert bonus is not None
        if bonus.worker and event.get("worker", True):
            hold["workers"] += 1
        if bonus.advance:
            note("HS-TRACK-REWARD")
            advance(self.data, hold, event.get("reward"))
        if bonus.pay is not None:
            pay = event.get("pay", bonus.pay)
            if pay == "gold":
                note("HS-RIVER-PORT")
            hold[pay] -= 1
            gain(hold, bonus.gain)
        state.step[auction] = BONUS
        state.extra_open = False

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        auction = _resolving(state, player)
        if auction is None or state.step[auction] == BONUS:
            return
        bonus = tile(self.data, state, auction).bonus
        if bonus is None:
            return
        i = state.seat[player]
        hold = state.hold[i]
        t = tile(self.data, state, auction)
        workers: list[bool | None] = ([True] if t.awards_items else [True, False]
                                      ) if bonus.worker else [None]
        rewards_: list[str | None] = (list(rewards(self.data, hold["track"])) if bonus.advance
                                      else [None])
        pays: list[str | None] = [None]
        if bonus.pay is not None:
            ports = port_resources(self.game, state, i)
            options = [bonus.pay] + (["gold"] if bonus.pay in ports else [])
            pays = [x for x in options if hold[x] >= 1]
        for w in workers:
            for r in rewards_:
                for pay in pays:
                    params: dict[str, Any] = {"auction": auction}
                    if w is not None:
                        params["worker"] = w
                    if r is not None:
                        params["reward"] = r
                    if pay is not None:
                        params["pay"] = pay
                    yield Action.make(player, "bonus", **params)
