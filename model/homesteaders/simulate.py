"""Random legal games: a simple policy that always finishes and exercises most rules.

The policy trades for silver or takes debt when a payment is due, bids within its means (now and
then beyond them), builds what it can afford (buying missing resources at the market), takes
bonuses when it can pay them, and records a ``check`` after every round and the ``final`` result.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from referee.model.core import Action, Check, Event, Final, GameEvent, Phase
from referee.model.homesteaders import GAME, market
from referee.model.homesteaders.data import RESOURCES
from referee.model.homesteaders.effects import wages
from referee.model.homesteaders.moves import bonus_options, payable_gold, rewards
from referee.model.homesteaders.state import BUILT, HomesteadersState


class SimulationError(RuntimeError):
    """The simulator produced an event the model refuses (a bug in one or the other)."""


class _Sim:
    def __init__(self, players: Sequence[str], rng: random.Random,
                 options: Mapping[str, Any] | None) -> None:
        self.rng = rng
        self.game = GAME
        self.data = GAME.data
        self.state: HomesteadersState = GAME.new_state(list(players), options)
        self.events: list[Event] = []

    def emit(self, event: GameEvent) -> None:
        bad = self.game.check(self.state, event)
        if bad is not None:
            raise SimulationError(f"{event}: {bad.kind} {bad.rule}: {bad.message}")
        self.game.apply(self.state, event)
        self.events.append(event)

    def act(self, i: int, name: str, **params: Any) -> None:
        self.emit(Action.make(self.state.players[i], name, **params))

    def chance(self) -> None:
        outcomes = self.game.chance_outcomes(self.state)
        self.emit(self.rng.choice([c for c, _ in outcomes]))

    # ------------------------------------------------------------------ money

    def raise_silver(self, i: int, need: int, keep_gold: int = 0) -> None:
        """Sell, convert or borrow until player ``i`` holds ``need`` silver."""
        hold = self.state.hold[i]
        while hold["silver"] < need:
            short = need - hold["silver"]
            sellable = [r for r in ("wood", "food", "steel", "gold")
                        if hold[r] > (keep_gold if r == "gold" else 0)]
            if hold["trade"] > 0 and sellable and self.rng.random() < 0.6:
                self.act(i, "sell", resource=self.rng.choice(sellable), count=1)
            elif (hold["trade"] > 0 and "bank" in self.state.buildings[i]
                  and self.rng.random() < 0.7):
                self.act(i, "convert", building="bank", count=min(hold["trade"], short))
            else:
                self.act(i, "take_debt", count=-(-short // self.data.debt_silver))

    def pay(self, i: int, cost: int, name: str, **params: Any) -> None:
        hold = self.state.hold[i]
        choices = payable_gold(hold, cost)
        if choices and self.rng.random() < 0.8:
            gold = self.rng.choice(choices)
        else:
            gold = min(hold["gold"], market.useful_gold(cost)) if self.rng.random() < 0.3 else 0
            self.raise_silver(i, market.silver_due(cost, gold), keep_gold=gold)
        self.act(i, name, gold=gold, **params)

    def anytime(self, i: int) -> None:
        hold = self.state.hold[i]
        rng = self.rng
        roll = rng.random()
        if roll < 0.15 and hold["trade"] and hold["food"]:
            self.act(i, "hire", count=1)
        elif roll < 0.3 and hold["trade"]:
            res = rng.choice(RESOURCES)
            if not market.missing(hold, market.buy_cost(self.data, res, 1)):
                self.act(i, "buy", resource=res)
        elif roll < 0.4 and hold["trade"]:
            res = rng.choice(RESOURCES)
            if hold[res]:
                self.act(i, "sell", resource=res, count=1)
        elif roll < 0.5 and hold["trade"] and "market" in self.state.buildings[i]:
            src = rng.choice(("wood", "food"))
            if hold[src]:
                self.act(i, "convert", building="market", **{"from": src}, count=1)
        elif roll < 0.53:
            self.act(i, "take_debt", count=1)

    # ------------------------------------------------------------------ phases

    def allocate(self) -> None:
        st = self.state
        for i in range(len(st.players)):
            if self.rng.random() < 0.2:
                continue  # last round's allocation stands
            units = []
            for name in st.buildings[i]:
                for k, slot in enumerate(self.data.buildings[name].slots):
                    units.extend([f"{name}:{k}"] * slot.workers)
            self.rng.shuffle(units)
            take = min(st.hold[i]["workers"], len(units))
            if self.rng.random() < 0.15:
                take = self.rng.randint(0, take)
            self.act(i, "allocate", slots=units[:take])

    def pay_workers(self) -> None:
        st = self.state
        for i in range(len(st.players)):
            self.anytime(i)
            due = wages(self.data, st.hold[i])
            if self.rng.random() < 0.5:
                self.pay(i, due, "pay_workers")
            else:
                self.raise_silver(i, due)

    def bidding(self) -> None:
        st = self.state
        rng = self.rng
        if len(st.players) == 2:
            self.act(st.start, "neutral_bid", auction=rng.randint(1, st.auctions))  # type: ignore[arg-type]
        while st.turn is not None:
            i = st.turn
            hold = st.hold[i]
            means = hold["silver"] + self.data.gold_as_silver * hold["gold"] + 2
            options = [(a, amount) for a in range(1, st.auctions + 1) for amount in self.data.ladder
                       if self.game.bid_problem(st, i, a, amount) is None
                       and (amount <= means or rng.random() < 0.05)]
            if options and rng.random() < 0.8:
                low = sorted(options, key=lambda o: o[1])[: max(3, len(options) // 2)]
                auction, amount = rng.choice(low)
                self.act(i, "bid", auction=auction, amount=amount)
            else:
                self.act(i, "pass", reward=rng.choice(rewards(self.game, hold["track"])))

    def acquire(self, i: int, cost: Mapping[str, int]) -> bool:
        """Buy what is missing of ``cost`` at the market if that is possible now."""
        hold = self.state.hold[i]
        for res, amount in cost.items():
            short = amount - hold[res]
            if short <= 0:
                continue
            need = market.buy_cost(self.data, res, short)
            spare = {k: v + (cost.get(k, 0) if k != res else 0) for k, v in need.items()}
            if market.missing(hold, spare):
                return False
            self.act(i, "buy", resource=res, count=short)
        return True

    def try_build(self, auction: int, extra: bool) -> None:
        st = self.state
        i, _ = st.won[auction]
        tile = self.game.tile(st, auction)
        ports = {r for n, rs in self.game._port.items() if n in st.buildings[i] for r in rs}
        names = [n for n, b in self.data.buildings.items()
                 if st.supply.get(n, 0) > 0 and n not in st.buildings[i]
                 and (extra or b.type in tile.build)]
        self.rng.shuffle(names)
        for name in names:
            b = self.data.buildings[name]
            units = [r for r in sorted(b.cost) if r in ports for _ in range(b.cost[r])]
            subs = [()] + [c for k in range(1, len(units) + 1) for c in combinations(units, k)]
            gold_for = self.rng.choice(subs)
            cost = self.game.build_cost(st, i, name, gold_for)
            if market.missing(st.hold[i], cost) and (self.rng.random() < 0.5
                                                     or not self.acquire(i, cost)):
                continue
            params: dict[str, Any] = {"auction": auction, "building": name}
            if gold_for:
                params["gold_for"] = list(gold_for)
            if b.on_build_advance:
                params["reward"] = self.rng.choice(rewards(self.game, st.hold[i]["track"]))
            if b.on_build_worker and self.rng.random() < 0.5:
                params["worker"] = self.rng.random() < 0.8
            if extra:
                params["extra"] = True
            self.act(i, "build", **params)
            return

    def building(self) -> None:
        st = self.state
        for auction in sorted(st.won):
            i, amount = st.won[auction]
            self.pay(i, amount, "pay_bid", auction=auction)
            if self.rng.random() < 0.9:
                self.try_build(auction, extra=False)
                if st.step[auction] == BUILT and st.extra_open:
                    self.try_build(auction, extra=True)
            options = list(bonus_options(self.game, st, auction))
            if options and self.rng.random() < 0.85:
                self.emit(self.rng.choice(options))

    def check(self) -> None:
        st = self.state
        claims: dict[str, Any] = {}
        for i, p in enumerate(st.players):
            q = self.game.quantities(st, p)
            q["buildings"] = sorted(st.buildings[i])
            claims[p] = q
        claims["round"] = st.round
        claims["phase"] = st.phase
        claims["start_player"] = st.players[st.start] if st.start is not None else None
        claims["neutral_level"] = st.neutral_level
        self.events.append(Check.make(claims))

    def run(self) -> list[Event]:
        st = self.state
        self.chance()
        for r in range(1, self.data.rounds + 1):
            self.emit(Phase.make("setup", round=r))
            while self.game.chance_outcomes(st):
                self.chance()
            self.allocate()
            self.emit(Phase.make("income"))
            self.pay_workers()
            self.emit(Phase.make("bidding"))
            self.bidding()
            self.emit(Phase.make("building"))
            self.building()
            self.check()
        self.allocate()
        self.emit(Phase.make("final_income"))
        self.pay_workers()
        self.emit(Phase.make("scoring"))
        for i in range(len(st.players)):
            hold = st.hold[i]
            while hold["debt"] and (hold["gold"] or hold["silver"] >= self.data.debt_payoff_silver):
                gold = 1 if hold["gold"] and self.rng.random() < 0.5 else 0
                if not gold and hold["silver"] < self.data.debt_payoff_silver:
                    gold = 1
                self.act(i, "pay_debt", count=1, gold=gold)
        self.check()
        scores = self.game.score(st)
        self.events.append(Final.make({p: s.total for p, s in scores.items()},
                                      self.game.winners(st)))
        return self.events


def simulate_game(players: Sequence[str], rng: random.Random,
                  options: Mapping[str, Any] | None = None) -> list[Event]:
    """A random complete legal game from the setup: start player, rounds 1-10, final income,
    scoring, a ``check`` after every round and the ``final`` result."""
    return _Sim(players, rng, options).run()


__all__ = ["SimulationError", "simulate_game"]
