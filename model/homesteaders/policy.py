"""The simulator's player: a plausible greedy policy that plays every seat of one game.

Each player values things in silver (a VP is worth about 2.5 silver, an income by the incomes
still to come) and, with some noise:

- allocates its workers to the best-paying slots of its buildings (now and then it keeps last
  round's placement), hires a worker when it has food, trade and an empty slot early enough;
- pays its workers in silver, or with gold when silver is short; sells spare goods or converts
  trade at its Bank before it takes debt, and takes debt only for a payment it cannot make;
- bids on the auction whose best affordable building (or bonus) is worth most to it, at the
  lowest legal amount or a step above, never beyond what it can pay while keeping its wages;
  the Lawyer's owner may equal the high bid; otherwise it passes and takes a railroad reward;
- builds the most valuable building the tile allows that it can pay for, buying what is missing
  at the market and paying gold for copper or livestock with a River Port, builds the Train
  Station's extra building, and takes a tile bonus when it gains by it (always the worker and
  railroad advance of a tile without a building);
- after the final income sells leftover wood, food and steel for VP and spends leftover trade
  and silver on gold, keeping the wages the scoring marker takes.

The policy plans a whole round at a time: :meth:`Planner.play` is one generator of events (and
of ``CHECK``, a check line after the event before it), and ``choose``/``claims`` take from it in
turn. It draws the chance events itself, so the same seed always gives the same game. A check of
the whole state follows every round and the scoring marker.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from referee.model.core import Action, GameEvent, Phase
from referee.model.homesteaders import market
from referee.model.homesteaders.data import Building
from referee.model.homesteaders.game import Homesteaders
from referee.model.homesteaders.moves.common import port_resources, rewards, tile, wages
from referee.model.homesteaders.state import BUILT, HomesteadersState

# silver value of one unit of each holding (a VP chit is worth about 2.5 silver)
VALUE: dict[str, float] = {"silver": 1.0, "wood": 1.5, "food": 2.0, "steel": 3.0, "gold": 5.0,
                           "copper": 4.5, "livestock": 4.5, "trade": 1.2, "vp": 2.5, "rail": 0.0,
                           "worker": 0.0}
VP = VALUE["vp"]
GOODS = ("wood", "food", "steel")  # no value at the end of the game

class _Check:
    """In a plan: a check line of the whole state is due after the last event."""


CHECK = _Check()
Plan = Iterator[GameEvent | _Check]


class Planner:
    """One simulated game's player for every seat (``POLICY(game, rng)``)."""

    def __init__(self, game: Homesteaders, rng: random.Random) -> None:
        self.game = game
        self.data = game.data
        self.rng = rng
        self._state: HomesteadersState | None = None
        self._plan: Plan | None = None
        self._ahead: GameEvent | None = None

    @property
    def state(self) -> HomesteadersState:
        assert self._state is not None
        return self._state

    # ------------------------------------------------------------------ the player protocol

    def choose(self, state: HomesteadersState) -> GameEvent | None:
        self._state = state
        if self._plan is None:
            self._plan = self.play()
        if self._ahead is not None:
            event, self._ahead = self._ahead, None
            return event
        for item in self._plan:
            if not isinstance(item, _Check):
                return item
        return None

    def claims(self, state: HomesteadersState, last: GameEvent | None) -> dict[str, Any] | None:
        """A check line when the plan has one after ``last``: the plan is read one item ahead."""
        self._state = state
        if self._plan is None or self._ahead is not None:
            return None
        item = next(self._plan, None)
        if isinstance(item, _Check):
            seen = self.game.observe(state)
            return {**seen.players, **seen.globals}
        self._ahead = item
        return None

    # ------------------------------------------------------------------ plumbing

    def act(self, i: int, name: str, **params: Any) -> Action:
        return Action.make(self.state.players[i], name, **params)

    def draw(self) -> GameEvent:
        outcomes = self.game.chance_outcomes(self.state)
        return self.rng.choice([c for c, _ in outcomes])

    def incomes_left(self) -> int:
        """Income phases still to come after the current round's building phase."""
        return self.data.rounds - self.state.round + 1

    def ports(self, i: int) -> list[str]:
        return sorted(port_resources(self.game, self.state, i))

    def slot_room(self, i: int) -> int:
        """Workers the player's buildings could employ beyond those it has."""
        cap = sum(self.data.buildings[n].slot_workers() for n in self.state.buildings[i])
        return cap - self.state.hold[i]["workers"]

    # ------------------------------------------------------------------ valuations

    def gains_value(self, gains: Mapping[str, int]) -> float:
        total = 0.0
        for name, amount in gains.items():
            if name == "rail":
                total += amount * (self.incomes_left() + 1)
            elif name == "worker":
                total += amount * self.worker_value()
            else:
                total += amount * VALUE[name]
        return total

    def worker_value(self) -> float:
        return max(self.incomes_left() - 2, 0) * 1.5

    def building_value(self, i: int, b: Building) -> float:
        """Silver value of owning ``b`` from now to the end, with noise."""
        left = self.incomes_left()
        value = VP * b.vp + self.gains_value(b.on_build)
        value += left * self.gains_value(b.income)
        if b.income_per_worker:
            value += left * min(self.state.hold[i]["workers"], b.income_per_worker_max)
        if b.income_no_debt_silver:
            value += left * 2
        if b.slots:
            best = max(self.gains_value(s.income) / s.workers for s in b.slots)
            value += min(left, 6) * best * 0.6
        if b.end_bonus:
            value += VP * 2 * sum(b.end_bonus.values())
        if b.on_build_worker:
            value += self.worker_value()
        if b.on_build_advance:
            value += 4
        if b.later_build_vp:
            value += VP * min(left, 4) * 0.5
        if b.extra_build:
            value += 6
        if b.equal_bids or b.sale_bonus_silver or b.gold_for or b.converts:
            value += min(left, 5)
        if b.on_build_discard_debt:
            value += 4
        return value * (0.8 + 0.4 * self.rng.random())

    # ------------------------------------------------------------------ paying for things

    def plan(self, hold: Mapping[str, int], i: int, cost: Mapping[str, int],
             silver_off: int = 0) -> tuple[list[str], dict[str, int]] | None:
        """(gold_for, purchases) covering ``cost`` from ``hold`` less ``silver_off``, or None."""
        gold = hold["gold"] - cost.get("gold", 0)
        silver = hold["silver"] - silver_off
        trade = hold["trade"]
        gold_for: list[str] = []
        ports = self.ports(i)
        buys: dict[str, int] = {}
        for res in sorted(cost):
            short = cost[res] - hold[res]
            if res == "gold" or short <= 0:
                continue
            if res in ports:
                use = min(short, max(gold, 0))
                gold_for += [res] * use
                gold -= use
                short -= use
            if short > 0:
                buys[res] = short
        if gold < 0:
            buys["gold"] = -gold
            gold = 0
        for res, count in buys.items():
            currency, price = self.data.buy_price[res]
            trade -= self.data.market_trade_cost * count
            if currency == "gold":
                gold -= price * count
            else:
                silver -= price * count
        if trade < 0 or gold < 0 or silver < 0:
            return None
        return gold_for, buys

    def raise_silver(self, i: int, need: int) -> Plan:
        """Sell goods, convert trade at a Bank, and only then borrow, to hold ``need`` silver."""
        hold = self.state.hold[i]
        while hold["silver"] < need:
            short = need - hold["silver"]
            goods = [r for r in ("steel", "food", "wood") if hold[r]]
            if hold["trade"] and goods:
                yield self.act(i, "sell", resource=goods[0], count=1)
            elif hold["trade"] and "bank" in self.state.buildings[i]:
                yield self.act(i, "convert", building="bank", count=min(hold["trade"], short))
            else:
                yield self.act(i, "take_debt", count=-(-short // self.data.debt_silver))

    def pay(self, i: int, cost: int, name: str, **params: Any) -> Plan:
        """Pay a silver cost: in silver when it can, else with as little gold as does it."""
        hold = self.state.hold[i]
        gold = 0
        if hold["silver"] < cost or (hold["gold"] > 2 and self.rng.random() < 0.15):
            for g in range(1, min(hold["gold"], market.useful_gold(cost)) + 1):
                gold = g
                if market.silver_due(cost, g) <= hold["silver"]:
                    break
        yield from self.raise_silver(i, market.silver_due(cost, gold))
        if gold:
            params["gold"] = gold
        yield self.act(i, name, **params)

    def acquire(self, i: int, buys: Mapping[str, int]) -> Plan:
        """Buy at the market; gold first, since copper and livestock are bought with gold."""
        for res in sorted(buys, key=lambda r: r != "gold"):
            yield self.act(i, "buy", resource=res, count=buys[res])

    # ------------------------------------------------------------------ setup and income

    def anytime_setup(self, i: int) -> Plan:
        st = self.state
        hold = st.hold[i]
        rng = self.rng
        left = self.incomes_left()
        if "market" in st.buildings[i] and hold["trade"] >= 2 and rng.random() < 0.3:
            src = "food" if hold["food"] >= 2 else "wood" if hold["wood"] >= 2 else None
            if src is not None:
                yield self.act(i, "convert", building="market", **{"from": src}, count=1)
        if "market" in st.buildings[i] and hold["trade"] and not hold["food"] and hold["wood"] \
                and self.slot_room(i) > 0 and left >= 5 and rng.random() < 0.5:
            yield self.act(i, "convert", building="market", **{"from": "wood"}, count=1)
        if hold["trade"] and self.slot_room(i) > 0 and left >= 4 and rng.random() < 0.75:
            price = self.data.buy_price["food"][1]
            if not hold["food"] and hold["trade"] >= 2 and hold["silver"] >= price + 3:
                yield self.act(i, "buy", resource="food")
            if hold["food"] and hold["silver"] + 2 >= hold["workers"] + 1:
                yield self.act(i, "hire", count=1)

    def allocate(self) -> Plan:
        st = self.state
        for i in range(len(st.players)):
            yield from self.anytime_setup(i)
            if st.round > 1 and self.rng.random() < 0.12:
                continue  # last round's placement stands
            options = []
            for name in st.buildings[i]:
                for k, slot in enumerate(self.data.buildings[name].slots):
                    per = self.gains_value(slot.income) / slot.workers
                    options.append((per + self.rng.random() * 1.5, f"{name}:{k}", slot.workers))
            options.sort(key=lambda o: (-o[0], o[1]))
            free = st.hold[i]["workers"]
            slots: list[str] = []
            for _, where, need in options:
                if need <= free:
                    slots += [where] * need
                    free -= need
            if sorted(slots) != sorted(st.slots[i]) or self.rng.random() < 0.5:
                yield self.act(i, "allocate", slots=slots)

    def pay_workers(self) -> Plan:
        st = self.state
        for i in range(len(st.players)):
            due = wages(self.data, st.hold[i])
            if st.hold[i]["silver"] < due or self.rng.random() < 0.4:
                yield from self.pay(i, due, "pay_workers")

    # ------------------------------------------------------------------ bidding

    def budget(self, i: int) -> int:
        hold = self.state.hold[i]
        reserve = max(hold["workers"] - 2 - hold["rail"], 0)
        return hold["silver"] + self.data.gold_as_silver * hold["gold"] - reserve

    def auction_value(self, i: int, auction: int, bid: int) -> float:
        """What winning ``auction`` at ``bid`` is worth to player ``i``: its best building
        affordable after the bid, plus its bonus."""
        st = self.state
        t = tile(self.data, st, auction)
        hold = st.hold[i]
        pay_silver = min(bid, hold["silver"])
        best = 0.0
        for name, b in self.data.buildings.items():
            if (st.supply.get(name, 0) < 1 or name in st.buildings[i]
                    or b.type not in t.build):
                continue
            if self.plan(hold, i, b.cost, pay_silver) is None:
                continue
            cost = sum(VALUE[r] * n for r, n in b.cost.items())
            best = max(best, self.building_value(i, b) - 0.5 * cost)
        bonus = t.bonus
        if bonus is not None:
            if bonus.worker:
                best += self.worker_value()
            if bonus.advance:
                best += 4
            if bonus.pay is not None:
                best += max(self.gains_value(bonus.gain) - VALUE[bonus.pay], 0)
        best += VP * t.on_pay_bid_vp
        return best

    def bidding(self) -> Plan:
        st = self.state
        rng = self.rng
        if len(st.players) == 2:
            assert st.start is not None
            values = {a: self.auction_value(st.start, a, 3) for a in range(1, st.auctions + 1)}
            auction = (min(values, key=lambda a: (values[a], a)) if rng.random() < 0.7
                       else rng.randint(1, st.auctions))
            yield self.act(st.start, "neutral_bid", auction=auction)
        while st.turn is not None:
            i = st.turn
            budget = self.budget(i)
            options: list[tuple[float, int, int]] = []
            for a in range(1, st.auctions + 1):
                legal = [x for x in self.data.ladder
                         if x <= budget and self.game.bid_problem(st, i, a, x) is None]
                if not legal:
                    continue
                roll = rng.random()
                jump = 2 if roll < 0.08 else 1 if roll < 0.3 else 0  # now and then a jump bid
                amount = legal[min(jump, len(legal) - 1)]
                worth = self.auction_value(i, a, amount)
                if 1.3 * worth >= amount:
                    options.append((worth - amount + rng.random() * 3, a, amount))
            track = st.hold[i]["track"]
            lure = 0.25 if track >= 3 else 0.08
            if options and rng.random() >= lure:
                _, auction, amount = max(options)
                yield self.act(i, "bid", auction=auction, amount=amount)
            else:
                yield self.act(i, "pass", reward=self.choose_reward(i))

    def choose_reward(self, i: int) -> str:
        st = self.state
        hold = st.hold[i]
        left = self.incomes_left()
        weights: dict[str, float] = {}
        for r in rewards(self.data, hold["track"]):
            if r == "vp":
                w = 8.0
            elif r == "worker":
                w = 4.0 if left >= 4 and self.slot_room(i) > 0 else 0.3
            elif r == "rail":
                w = 3.0 if left >= 4 else 1.0
            elif r == "trade":
                w = 1.0
            elif r == "gold":
                w = 3.0
            elif r in ("copper", "livestock"):
                w = 2.0 if st.round >= 4 else 1.0
            else:
                w = 1.5 if r == "steel" else 1.0
            weights[r] = w
        names = list(weights)
        return self.rng.choices(names, [weights[n] for n in names])[0]

    # ------------------------------------------------------------------ building

    def try_build(self, auction: int, extra: bool) -> Plan:
        st = self.state
        i, _ = st.won[auction]
        hold = st.hold[i]
        t = tile(self.data, st, auction)
        candidates = []
        for name, b in self.data.buildings.items():
            if (st.supply.get(name, 0) < 1 or name in st.buildings[i]
                    or not (extra or b.type in t.build)):
                continue
            planned = self.plan(hold, i, b.cost)
            if planned is None:
                continue
            cost = sum(VALUE[r] * n for r, n in b.cost.items())
            candidates.append((self.building_value(i, b) - 0.3 * cost, name, planned))
        if not candidates:
            return
        candidates.sort(key=lambda c: (-c[0], c[1]))
        pick = 0 if len(candidates) == 1 or self.rng.random() < 0.75 else 1
        _, name, (gold_for, buys) = candidates[pick]
        b = self.data.buildings[name]
        yield from self.acquire(i, buys)
        params: dict[str, Any] = {"auction": auction, "building": name}
        if gold_for:
            params["gold_for"] = gold_for
        if b.on_build_advance:
            params["reward"] = self.choose_reward(i)
        if b.on_build_worker:
            wanted = self.incomes_left() >= 3
            if not wanted or self.rng.random() < 0.5:
                params["worker"] = wanted
        if extra:
            params["extra"] = True
        yield self.act(i, "build", **params)

    def take_bonus(self, auction: int) -> Plan:
        st = self.state
        i, _ = st.won[auction]
        hold = st.hold[i]
        t = tile(self.data, st, auction)
        bonus = t.bonus
        if bonus is None:
            return
        params: dict[str, Any] = {"auction": auction}
        if bonus.worker:
            # a tile without a building awards its worker whether wanted or not
            wanted = t.awards_items or (self.incomes_left() >= 3 and self.slot_room(i) > 0)
            if not wanted and not bonus.advance:
                return
            if not wanted or self.rng.random() < 0.3:
                params["worker"] = wanted
        if bonus.advance:
            params["reward"] = self.choose_reward(i)
        if bonus.pay is not None:
            if self.gains_value(bonus.gain) <= VALUE[bonus.pay]:
                return
            pay = bonus.pay
            if not hold[pay]:
                if pay in self.ports(i) and hold["gold"]:
                    pay = "gold"
                else:
                    planned = self.plan(hold, i, {pay: 1})
                    if planned is None or self.rng.random() < 0.2:
                        return
                    yield from self.acquire(i, planned[1])
            if pay != bonus.pay or self.rng.random() < 0.3:
                params["pay"] = pay
        yield self.act(i, "bonus", **params)

    def building(self) -> Plan:
        st = self.state
        for auction in sorted(st.won):
            i, amount = st.won[auction]
            yield from self.pay(i, amount, "pay_bid", auction=auction)
            if tile(self.data, st, auction).build:
                yield from self.try_build(auction, extra=False)
                if st.step[auction] == BUILT and st.extra_open:
                    yield from self.try_build(auction, extra=True)
            yield from self.take_bonus(auction)

    # ------------------------------------------------------------------ the end

    # ------------------------------------------------------------------ the end

    def wind_up(self, i: int) -> Plan:
        """Before the scoring marker: sell leftover goods for VP, turn spare trade and silver
        into gold, keeping the wages the marker takes from whoever has not paid them."""
        hold = self.state.hold[i]
        for res in GOODS:
            count = min(hold[res], hold["trade"])
            if count:
                yield self.act(i, "sell", resource=res, count=count)
        reserve = 0 if self.state.paid[i] else wages(self.data, hold)
        price = self.data.buy_price["gold"][1]
        count = min(hold["trade"], max(hold["silver"] - reserve, 0) // price)
        if count and self.rng.random() < 0.8:
            yield self.act(i, "buy", resource="gold", count=count)
        if hold["trade"] and "bank" in self.state.buildings[i]:
            yield self.act(i, "convert", building="bank", count=hold["trade"])

    def play(self) -> Plan:
        """The whole game: start player, rounds 1-10, final income, scoring."""
        st = self.state
        yield self.draw()
        for r in range(1, self.data.rounds + 1):
            yield Phase.make("setup", round=r)
            while self.game.chance_outcomes(st):
                yield self.draw()
            yield from self.allocate()
            yield Phase.make("income")
            yield from self.pay_workers()
            yield Phase.make("bidding")
            yield from self.bidding()
            yield Phase.make("building")
            yield from self.building()
            yield CHECK
        yield from self.allocate()
        yield Phase.make("final_income")
        yield from self.pay_workers()
        for i in range(len(st.players)):
            yield from self.wind_up(i)
        yield Phase.make("scoring")
        yield CHECK


POLICY = Planner
