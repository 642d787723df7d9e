"""Homesteaders as an explicit-state machine: ``check`` and ``apply`` for every event.

Decisions where the rulebook, the reference and the replay format are silent (also listed in the
package docstring):

- Reveals: a log may record allocations and anytime actions before the round's reveals, but the
  model's own order (``legal_actions``/``chance_outcomes``) reveals first, Auction 2 before 3.
- Handing over more gold than a cost needs (a gold that covers nothing) is refused.
- ``pay_workers`` may be used once per income; paying again is ``illegal``.
- The start player marker and the neutral level's rise take effect at the ``building`` marker
  (once the winners are known); a pass lowers the neutral level at once (this round's neutral bid
  has already been placed).
- ``build`` after the auction's ``bonus`` is an ``order`` error; the bonus may be taken without
  building. ``worker`` (Workshop, worker bonuses) defaults to true; ``pay`` defaults to the
  resource the tile asks for.
- Counts must be positive integers; 0 or less is a ``schema`` error.
- Allocations for the final income are made during round 10's building phase.
- Components (workers, chits, resources) are unlimited.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from referee.model.core import (
    Action,
    Chance,
    GameEvent,
    Phase,
    Score,
    Violation,
    check_params,
    refuse,
)
from referee.model.homesteaders import market
from referee.model.homesteaders.catalogue import RULES
from referee.model.homesteaders.data import RESOURCES, HomesteadersData, Tile, load_data
from referee.model.homesteaders.effects import (
    advance,
    change_stage,
    collect_income,
    gain,
    reward_problem,
    stage_supply,
    track_reward_names,
    wages,
)
from referee.model.homesteaders.ruleids import rules_for
from referee.model.homesteaders.scoring import player_score
from referee.model.homesteaders.scoring import winners as score_winners
from referee.model.homesteaders.state import (
    BONUS,
    BUILT,
    HOLDINGS,
    NEUTRAL,
    PAID,
    PHASES,
    UNPAID,
    HomesteadersState,
)

ANYTIME = ("buy", "sell", "take_debt", "hire", "convert")
PLAYER_QUANTITIES = (*HOLDINGS, "buildings", "score")
GLOBAL_QUANTITIES = ("round", "phase", "start_player", "neutral_level")


def _v(kind: str, rule: str, message: str, player: str | None = None) -> Violation:
    return Violation(kind, rule, message, player)


def _count(event: Action, key: str, rule: str, default: int | None = None) -> Violation | None:
    value = event.get(key, default)
    if value is None or value < 1:
        return _v("schema", rule, f"action {event.name!r}: field {key!r} must be a positive "
                                  f"integer, found {value}", event.player)
    return None


class Homesteaders:
    name = "homesteaders"
    title = "Homesteaders"
    rules = RULES

    def __init__(self) -> None:
        self.data: HomesteadersData = load_data()
        self.min_players = self.data.min_players
        self.max_players = self.data.max_players
        self._lawyer = tuple(n for n, b in self.data.buildings.items() if b.equal_bids)
        self._store = {n: b.sale_bonus_silver for n, b in self.data.buildings.items()
                       if b.sale_bonus_silver}
        self._port = {n: b.gold_for for n, b in self.data.buildings.items() if b.gold_for}
        self._converters = {n: b.converts for n, b in self.data.buildings.items() if b.converts}
        self._rodeo = tuple(n for n, b in self.data.buildings.items() if b.income_per_worker)
        self._bank_income = tuple(n for n, b in self.data.buildings.items()
                                  if b.income_discard_debt or b.income_no_debt_silver)
        self._forge = tuple(n for n, b in self.data.buildings.items() if b.later_build_vp)
        self._actions = {
            "allocate": (self._check_allocate, self._apply_allocate),
            "buy": (self._check_buy, self._apply_buy),
            "sell": (self._check_sell, self._apply_sell),
            "take_debt": (self._check_take_debt, self._apply_take_debt),
            "hire": (self._check_hire, self._apply_hire),
            "convert": (self._check_convert, self._apply_convert),
            "pay_workers": (self._check_pay_workers, self._apply_pay_workers),
            "neutral_bid": (self._check_neutral_bid, self._apply_neutral_bid),
            "bid": (self._check_bid, self._apply_bid),
            "pass": (self._check_pass, self._apply_pass),
            "pay_bid": (self._check_pay_bid, self._apply_pay_bid),
            "build": (self._check_build, self._apply_build),
            "bonus": (self._check_bonus, self._apply_bonus),
            "pay_debt": (self._check_pay_debt, self._apply_pay_debt),
        }

    # ------------------------------------------------------------------ setup

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> HomesteadersState:
        d = self.data
        if (not isinstance(players, list | tuple)
                or not all(isinstance(p, str) and p for p in players)
                or len(set(players)) != len(players)):
            raise refuse("schema", "HS-SETUP-PLAYERS",
                         f"players must be distinct non-empty names, found {players!r}")
        if not d.min_players <= len(players) <= d.max_players:
            raise refuse("schema", "HS-SETUP-PLAYERS", f"Homesteaders takes {d.min_players} to "
                         f"{d.max_players} players, found {len(players)}")
        if options:
            if not isinstance(options, Mapping):
                raise refuse("schema", "HS-SETUP-OPTIONS", "options must be an object")
            raise refuse("schema", "HS-SETUP-OPTIONS",
                         f"unknown option {sorted(options)[0]!r} (Homesteaders has no options)")
        n = len(players)
        state = HomesteadersState(
            players=tuple(players), auctions=d.auctions[n], neutral_level=d.neutral_start,
            hold=[self.start_holdings() for _ in players],
            buildings=[[d.start_building] for _ in players], slots=[() for _ in players],
            paid=[False] * n, supply=stage_supply(d, n, 1), passed=[False] * n)
        if position is not None:
            from referee.model.homesteaders.position import apply_position

            apply_position(self, state, position)
        return state

    def start_holdings(self) -> dict[str, int]:
        hold = dict.fromkeys(HOLDINGS, 0)
        hold["silver"] = self.data.start_silver
        hold["workers"] = self.data.start_workers
        return hold

    # ------------------------------------------------------------------ chance

    def pending_reveals(self, state: HomesteadersState) -> list[int]:
        if state.phase != "setup":
            return []
        return [a for a in range(2, state.auctions + 1) if a not in state.tiles]

    def reveal_pool(self, state: HomesteadersState, auction: int) -> list[int]:
        group = self.data.stage_of_round(state.round)
        return [t.id for t in self.data.tiles.values()
                if t.auction == auction and t.group == group and t.id not in state.used]

    def chance_outcomes(self, state: HomesteadersState) -> list[tuple[Chance, Fraction]]:
        if state.start is None:
            p = Fraction(1, len(state.players))
            return [(Chance.make("start_player", player=name), p) for name in state.players]
        pending = self.pending_reveals(state)
        if pending:
            pool = self.reveal_pool(state, pending[0])
            if pool:
                p = Fraction(1, len(pool))
                return [(Chance.make("reveal", auction=pending[0], tile=t), p) for t in pool]
        return []

    def _check_chance(self, state: HomesteadersState, event: Chance) -> Violation | None:
        if event.name == "start_player":
            bad = check_params(event, {"player": str}, rule="HS-START-PLAYER")
            if bad:
                return bad
            if event.get("player") not in state.players:
                return _v("schema", "HS-START-PLAYER",
                          f"start_player names unknown player {event.get('player')!r}")
            if state.start is not None:
                return _v("chance", "HS-START-PLAYER", "the start player is already chosen "
                          f"({state.players[state.start]})")
            return None
        if event.name == "reveal":
            bad = check_params(event, {"auction": int, "tile": int}, rule="HS-REVEAL")
            if bad:
                return bad
            auction, tile = event.get("auction"), event.get("tile")
            if auction not in (2, 3):
                return _v("schema", "HS-REVEAL", f"reveal is for auction 2 or 3, found {auction}")
            if tile not in self.data.tiles:
                return _v("schema", "HS-REVEAL", f"unknown tile {tile} (tiles are 1-30)")
            if state.start is None:
                return _v("order", "HS-START-PLAYER",
                          "expected the start_player chance event first")
            if auction > state.auctions:
                return _v("chance", "HS-SETUP-AUCTIONS", f"auction {auction} is not used with "
                          f"{len(state.players)} players")
            if state.phase != "setup":
                return _v("order", "HS-REVEAL", "tiles are revealed between the setup and the "
                          f"income marker, not in the {state.phase} phase")
            if auction in state.tiles:
                return _v("order", "HS-REVEAL", f"auction {auction} already shows tile "
                          f"{state.tiles[auction]} this round")
            t = self.data.tiles[tile]
            group = self.data.stage_of_round(state.round)
            if t.auction != auction or t.group != group:
                where = (f"auction {t.auction}, group {t.group}" if t.group
                         else f"auction {t.auction}")
                return _v("chance", "HS-REVEAL", f"round {state.round} reveals an auction "
                          f"{auction} tile of the {group} group, found tile {tile} ({where})")
            if tile in state.used:
                return _v("chance", "HS-REVEAL", f"tile {tile} was revealed before")
            return None
        return _v("schema", "HS-VOCAB", f"unknown chance event {event.name!r} "
                                        "(expected start_player or reveal)")

    # ------------------------------------------------------------------ protocol

    def check(self, state: HomesteadersState, event: GameEvent) -> Violation | None:
        if isinstance(event, Chance):
            return self._check_chance(state, event)
        if isinstance(event, Phase):
            return self._check_phase(state, event)
        if not isinstance(event, Action):
            return _v("schema", "HS-VOCAB", f"not a game event: {event!r}")
        if event.player not in state.players:
            return _v("schema", "HS-VOCAB", f"unknown player {event.player!r} (players: "
                      f"{', '.join(state.players)})")
        handlers = self._actions.get(event.name)
        if handlers is None:
            return _v("schema", "HS-VOCAB", f"unknown action {event.name!r}", event.player)
        return handlers[0](state, event)

    def rules_for(self, state: HomesteadersState, event: GameEvent) -> Sequence[str]:
        """The rule ids ``check`` verified for ``event``, which it accepted in ``state``."""
        return rules_for(self, state, event)

    def apply(self, state: HomesteadersState, event: GameEvent) -> None:
        if isinstance(event, Chance):
            if event.name == "start_player":
                state.start = state.index(event.get("player"))
                if state.phase == "bidding":
                    state.turn = state.start
            else:
                state.tiles[event.get("auction")] = event.get("tile")
                state.used.add(event.get("tile"))
        elif isinstance(event, Phase):
            self._apply_phase(state, event)
        else:
            self._actions[event.name][1](state, event)

    def is_over(self, state: HomesteadersState) -> bool:
        return state.phase == "scoring"

    def score(self, state: HomesteadersState) -> dict[str, Score]:
        return {p: player_score(self.data, state.hold[i], state.buildings[i])
                for i, p in enumerate(state.players)}

    def winners(self, state: HomesteadersState) -> list[str]:
        return score_winners(self.score(state),
                             {p: state.hold[i]["silver"] for i, p in enumerate(state.players)})

    def quantities(self, state: HomesteadersState, player: str) -> dict[str, int]:
        i = state.index(player)
        out = dict(state.hold[i])
        out["score"] = player_score(self.data, state.hold[i], state.buildings[i]).total
        return out

    def global_quantities(self, state: HomesteadersState) -> dict[str, int]:
        return {"round": state.round, "neutral_level": state.neutral_level}

    def check_claims(self, state: HomesteadersState, claims: Mapping[str, Any]) -> list[Violation]:
        from referee.model.homesteaders.claims import check_claims

        return check_claims(self, state, claims)

    def legal_actions(self, state: HomesteadersState) -> list[GameEvent]:
        from referee.model.homesteaders.moves import legal_actions

        return legal_actions(self, state)

    # ------------------------------------------------------------------ phases

    def _check_phase(self, state: HomesteadersState, event: Phase) -> Violation | None:
        name = event.name
        if name not in PHASES or name == "start":
            return _v("schema", "HS-VOCAB", f"unknown phase {name!r} (expected one of "
                      f"{', '.join(PHASES[1:])})")
        bad = check_params(event, {"round": int} if name == "setup" else {}, rule="HS-ROUND-ORDER")
        if bad:
            return bad
        if state.start is None:
            return _v("order", "HS-START-PLAYER", "expected the start_player chance event first")
        last = self.data.rounds
        if name == "setup":
            r = event.get("round")
            if state.phase == "start":
                expected = 1
            elif state.phase == "building" and state.round < last:
                expected = state.round + 1
            else:
                return _v("order", "HS-ROUND-ORDER", f"setup of round {r} comes after a "
                          f"round's building phase, not after the {state.phase} phase"
                          + (f" of round {state.round}" if state.round else ""))
            if r != expected:
                return _v("order", "HS-ROUND-ORDER", f"expected setup of round {expected}, "
                          f"found round {r}")
            return self._building_done(state)
        if name == "income":
            if state.phase != "setup":
                return _v("order", "HS-ROUND-ORDER", "the income marker follows the setup "
                          f"marker, found it in the {state.phase} phase")
            pending = self.pending_reveals(state)
            if pending:
                return _v("order", "HS-REVEAL", f"auction {pending[0]}'s tile must be revealed "
                          "before the income marker")
            return None
        if name == "bidding":
            if state.phase != "income":
                return _v("order", "HS-ROUND-ORDER", "the bidding marker follows the income "
                          f"marker, found it in the {state.phase} phase")
            return self._check_auto_pay(state)
        if name == "building":
            if state.phase != "bidding":
                return _v("order", "HS-ROUND-ORDER", "the building marker follows bidding, "
                          f"found it in the {state.phase} phase")
            if len(state.players) == 2 and state.neutral_auction is None:
                return _v("order", "HS-NEUTRAL-BID", "bidding has not begun: the start player "
                          "places the neutral bid first")
            if not state.bidding_over():
                turn = state.players[state.turn] if state.turn is not None else "?"
                return _v("order", "HS-BID-END", f"bidding is not over: it is {turn}'s turn "
                          "to bid or pass")
            return None
        if name == "final_income":
            if state.phase != "building" or state.round != last:
                return _v("order", "HS-FINAL-INCOME", f"final income follows round {last}'s "
                          f"building phase, found it in round {state.round}'s {state.phase} "
                          "phase")
            return self._building_done(state)
        # scoring
        if state.phase != "final_income":
            return _v("order", "HS-ROUND-ORDER", "the scoring marker follows final income, "
                      f"found it in the {state.phase} phase")
        return self._check_auto_pay(state)

    def _building_done(self, state: HomesteadersState) -> Violation | None:
        for a in sorted(state.won):
            if state.step[a] == UNPAID:
                winner = state.players[state.won[a][0]]
                return _v("order", "HS-PAY-BID", f"{winner} has not paid the bid on auction "
                          f"{a}", winner)
        return None

    def _check_auto_pay(self, state: HomesteadersState) -> Violation | None:
        for i, p in enumerate(state.players):
            if state.paid[i]:
                continue
            due = wages(self.data, state.hold[i])
            if state.hold[i]["silver"] < due:
                return _v("illegal", "HS-PAY-AUTO", f"{p} must pay {due} silver for "
                          f"{state.hold[i]['workers']} workers but holds "
                          f"{state.hold[i]['silver']}", p)
        return None

    def _apply_phase(self, state: HomesteadersState, event: Phase) -> None:
        name = event.name
        n = len(state.players)
        if name == "setup":
            r = event.get("round")
            state.round = r
            change_stage(self.data, state, r)
            state.tiles = {}
            for t in self.data.tiles.values():
                if t.auction == 1 and t.round == r:
                    state.tiles[1] = t.id
                    state.used.add(t.id)
            state.high, state.passed, state.turn = {}, [False] * n, None
            state.neutral_auction = None
            state.won, state.step, state.extra_open = {}, {}, False
            state.paid = [False] * n
        elif name in ("income", "final_income"):
            if name == "final_income":
                state.paid = [False] * n
                state.tiles = {}
            for i in range(n):
                collect_income(self.data, state, i)
        elif name in ("bidding", "scoring"):
            for i in range(n):
                if not state.paid[i]:
                    state.hold[i]["silver"] -= wages(self.data, state.hold[i])
                    state.paid[i] = True
            if name == "bidding":
                state.turn = state.start
        elif name == "building":
            self._resolve_bidding(state)
        state.phase = name

    def _resolve_bidding(self, state: HomesteadersState) -> None:
        d = self.data
        state.won = {a: (bidder, amount) for a, (amount, bidder) in state.high.items()
                     if bidder != NEUTRAL}
        state.step = dict.fromkeys(state.won, UNPAID)
        state.turn = None
        n = len(state.players)
        if 1 in state.won:
            state.start = state.won[1][0]
        elif n == 2 and state.start is not None:
            state.start = 1 - state.start
        if n == 2 and len({w for w, _ in state.won.values()}) == 2:
            state.neutral_level = self._ladder_step(state.neutral_level, +1)
        state.neutral_level = min(max(state.neutral_level, d.neutral_min), d.neutral_max)

    def _ladder_step(self, level: int, step: int) -> int:
        d = self.data
        ladder = [v for v in d.ladder if d.neutral_min <= v <= d.neutral_max]
        i = ladder.index(level) if level in ladder else 0
        return ladder[min(max(i + step, 0), len(ladder) - 1)]

    # ------------------------------------------------------------------ anytime actions

    def _started(self, state: HomesteadersState, event: Action) -> Violation | None:
        if state.start is None:
            return _v("order", "HS-ANYTIME", f"{event.name} before the game has started "
                      "(expected the start_player chance event first)", event.player)
        return None

    def _check_buy(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"resource": str}, {"count": int}, rule="HS-MARKET-BUY")
               or _count(event, "count", "HS-MARKET-BUY", 1) or self._resource(event, "resource",
                                                                                "HS-MARKET-BUY")
               or self._started(state, event))
        if bad:
            return bad
        res, count = event.get("resource"), event.get("count", 1)
        short = market.missing(state.hold[state.index(event.player)],
                               market.buy_cost(self.data, res, count))
        if short:
            return _v("illegal", "HS-MARKET-BUY", f"buying {count} {res} {short}", event.player)
        return None

    def _apply_buy(self, state: HomesteadersState, event: Action) -> None:
        market.buy(self.data, state.hold[state.index(event.player)], event.get("resource"),
                   event.get("count", 1))

    def _resource(self, event: Action, key: str, rule: str) -> Violation | None:
        if event.get(key) not in RESOURCES:
            return _v("schema", rule, f"unknown resource {event.get(key)!r} (expected one of "
                      f"{', '.join(RESOURCES)})", event.player)
        return None

    def _check_sell(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"resource": str, "count": int}, rule="HS-MARKET-SELL")
               or _count(event, "count", "HS-MARKET-SELL")
               or self._resource(event, "resource", "HS-MARKET-SELL")
               or self._started(state, event))
        if bad:
            return bad
        res, count = event.get("resource"), event.get("count")
        short = market.missing(state.hold[state.index(event.player)],
                               market.sell_need(self.data, res, count))
        if short:
            return _v("illegal", "HS-MARKET-SELL", f"selling {count} {res} {short}",
                      event.player)
        return None

    def _apply_sell(self, state: HomesteadersState, event: Action) -> None:
        i = state.index(event.player)
        bonus = sum(v for n, v in self._store.items() if n in state.buildings[i])
        market.sell(self.data, state.hold[i], event.get("resource"), event.get("count"), bonus)

    def _check_take_debt(self, state: HomesteadersState, event: Action) -> Violation | None:
        return (check_params(event, {"count": int}, rule="HS-DEBT-TAKE")
                or _count(event, "count", "HS-DEBT-TAKE") or self._started(state, event))

    def _apply_take_debt(self, state: HomesteadersState, event: Action) -> None:
        market.take_debt(self.data, state.hold[state.index(event.player)], event.get("count"))

    def _check_hire(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"count": int}, rule="HS-HIRE")
               or _count(event, "count", "HS-HIRE") or self._started(state, event))
        if bad:
            return bad
        count = event.get("count")
        short = market.missing(state.hold[state.index(event.player)],
                               market.hire_need(self.data, count))
        if short:
            return _v("illegal", "HS-HIRE", f"hiring {count} workers {short}", event.player)
        return None

    def _apply_hire(self, state: HomesteadersState, event: Action) -> None:
        market.hire(self.data, state.hold[state.index(event.player)], event.get("count"))

    def _convert_target(self, building: str, source: str | None) -> str | None:
        for src, dst in self._converters.get(building, ()):
            if source == src or (source is None and len(self._converters[building]) == 1):
                return dst
        return None

    def _check_convert(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"building": str, "count": int}, {"from": str},
                            rule="HS-CONVERT")
               or _count(event, "count", "HS-CONVERT") or self._started(state, event))
        if bad:
            return bad
        building, source = event.get("building"), event.get("from")
        if building not in self.data.buildings:
            return _v("schema", "HS-CONVERT", f"unknown building {building!r}", event.player)
        if building not in self._converters:
            return _v("illegal", "HS-CONVERT", f"convert uses {' or '.join(self._converters)}, "
                      f"found {building}", event.player)
        sources = [src for src, _ in self._converters[building]]
        if source is None and len(sources) == 1:
            source = sources[0]
        if source not in sources:
            return _v("schema", "HS-CONVERT", f"convert at the {building} takes 'from' "
                      f"{' or '.join(sources)}, found {source!r}", event.player)
        i = state.index(event.player)
        if building not in state.buildings[i]:
            return _v("illegal", "HS-CONVERT", f"{event.player} does not own a {building}",
                      event.player)
        count = event.get("count")
        short = market.missing(state.hold[i], market.convert_need(self.data, source, count))
        if short:
            return _v("illegal", "HS-CONVERT", f"converting {count} {source} {short}",
                      event.player)
        return None

    def _apply_convert(self, state: HomesteadersState, event: Action) -> None:
        building = event.get("building")
        source = event.get("from", self._converters[building][0][0])
        target = self._convert_target(building, source)
        assert target is not None
        market.convert(self.data, state.hold[state.index(event.player)], source, target,
                       event.get("count"))

    # ------------------------------------------------------------------ income

    def _check_allocate(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = check_params(event, {"slots": list}, rule="HS-ALLOC-SLOTS")
        if bad:
            return bad
        slots = event.get("slots")
        counts: Counter[str] = Counter()
        for slot in slots:
            problem = self._slot_problem(slot)
            if problem:
                return _v("schema", "HS-ALLOC-SLOTS", problem, event.player)
            counts[slot] += 1
        if state.start is None:
            return _v("order", "HS-START-PLAYER", "expected the start_player chance event first",
                      event.player)
        if not (state.phase == "setup"
                or (state.phase == "building" and state.round == self.data.rounds)):
            return _v("order", "HS-ALLOCATE", "workers are allocated between the setup and the "
                      f"income marker, found allocate in the {state.phase} phase"
                      + (f" of round {state.round}" if state.round else ""), event.player)
        return self.allocation_problem(state, state.index(event.player), counts)

    def _slot_problem(self, slot: Any) -> str | None:
        if not isinstance(slot, str) or slot.count(":") != 1:
            return f"a slot is written 'building:index', found {slot!r}"
        name, index = slot.split(":")
        if name not in self.data.buildings:
            return f"unknown building {name!r} in slot {slot!r}"
        n = len(self.data.buildings[name].slots)
        if not index.isdigit() or int(index) >= n or str(int(index)) != index:
            return (f"slot {slot!r}: {name} has slots "
                    f"{', '.join(f'{name}:{k}' for k in range(n)) or 'none'}")
        return None

    def allocation_problem(self, state: HomesteadersState, i: int,
                           counts: Mapping[str, int]) -> Violation | None:
        player = state.players[i]
        for slot, count in counts.items():
            name, index = slot.split(":")
            if name not in state.buildings[i]:
                return _v("illegal", "HS-ALLOC-SLOTS", f"slot {slot}: {player} does not own a "
                          f"{name}", player)
            cap = self.data.buildings[name].slots[int(index)].workers
            if count > cap:
                return _v("illegal", "HS-ALLOC-SLOTS", f"slot {slot} takes {cap} worker"
                          f"{'s' if cap > 1 else ''}, found {count}", player)
        total = sum(counts.values())
        if total > state.hold[i]["workers"]:
            return _v("illegal", "HS-ALLOC-SLOTS", f"{player} places {total} workers but has "
                      f"{state.hold[i]['workers']}", player)
        return None

    def _apply_allocate(self, state: HomesteadersState, event: Action) -> None:
        state.slots[state.index(event.player)] = tuple(sorted(event.get("slots")))

    def _check_pay_workers(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = check_params(event, {}, {"gold": int}, rule="HS-PAY-WORKERS")
        if bad:
            return bad
        if state.phase not in ("income", "final_income"):
            return _v("order", "HS-PAY-WORKERS", "workers are paid after the income marker and "
                      f"before the next marker, found pay_workers in the {state.phase} phase",
                      event.player)
        i = state.index(event.player)
        if state.paid[i]:
            return _v("illegal", "HS-PAY-WORKERS", f"{event.player} has already paid workers "
                      "this round", event.player)
        return self._payment(state, i, wages(self.data, state.hold[i]), event.get("gold", 0),
                             "HS-PAY-WORKERS", "workers")

    def _payment(self, state: HomesteadersState, i: int, cost: int, gold: int, rule: str,
                 what: str) -> Violation | None:
        hold = state.hold[i]
        player = state.players[i]
        if gold < 0 or gold > hold["gold"] or gold > market.useful_gold(cost):
            problem = market.gold_problem(cost, gold, hold["gold"], hold["silver"])
            return _v("illegal" if gold >= 0 else "schema", "HS-GOLD-PAY",
                      f"paying {cost} silver for {what}: {problem}", player)
        due = market.silver_due(cost, gold)
        if due > hold["silver"]:
            return _v("illegal", rule, f"paying {cost} silver for {what}: needs {due} silver "
                      f"after {gold} gold, holds {hold['silver']}", player)
        return None

    def _apply_pay_workers(self, state: HomesteadersState, event: Action) -> None:
        i = state.index(event.player)
        market.pay_silver_cost(state.hold[i], wages(self.data, state.hold[i]),
                               event.get("gold", 0))
        state.paid[i] = True

    # ------------------------------------------------------------------ bidding

    def _auction(self, state: HomesteadersState, event: Action, rule: str) -> Violation | None:
        auction = event.get("auction")
        if auction not in (1, 2, 3):
            return _v("schema", rule, f"unknown auction {auction} (auctions are 1, 2, 3)",
                      event.player)
        if auction > state.auctions:
            return _v("illegal", "HS-BID-AUCTION", f"auction {auction} is not used with "
                      f"{len(state.players)} players", event.player)
        return None

    def _bidding_turn(self, state: HomesteadersState, event: Action) -> Violation | None:
        if state.phase != "bidding":
            return _v("order", "HS-BID-TURN", f"{event.name} is for the bidding phase, found it "
                      f"in the {state.phase} phase", event.player)
        if len(state.players) == 2 and state.neutral_auction is None:
            starter = state.players[state.start]  # type: ignore[index]
            return _v("order", "HS-NEUTRAL-BID", f"{starter} must first place the neutral bid",
                      event.player)
        if state.turn is None:
            return _v("order", "HS-BID-END", "bidding is over: every player has passed or holds "
                      "a high bid", event.player)
        expected = state.players[state.turn]
        if event.player != expected:
            return _v("order", "HS-BID-TURN", f"it is {expected}'s turn to bid or pass, not "
                      f"{event.player}'s", event.player)
        return None

    def _check_neutral_bid(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"auction": int}, rule="HS-NEUTRAL-BID")
               or self._auction(state, event, "HS-NEUTRAL-BID"))
        if bad:
            return bad
        if len(state.players) != 2:
            return _v("illegal", "HS-NEUTRAL-BID", "the neutral bid is used only with 2 players, "
                      f"found {len(state.players)}", event.player)
        if state.phase != "bidding":
            return _v("order", "HS-NEUTRAL-BID", "the neutral bid opens the bidding phase, found "
                      f"it in the {state.phase} phase", event.player)
        if state.neutral_auction is not None:
            return _v("order", "HS-NEUTRAL-BID", "the neutral bid is already on auction "
                      f"{state.neutral_auction}", event.player)
        starter = state.players[state.start]  # type: ignore[index]
        if event.player != starter:
            return _v("order", "HS-NEUTRAL-BID", f"the start player {starter} places the neutral "
                      f"bid, not {event.player}", event.player)
        return None

    def _apply_neutral_bid(self, state: HomesteadersState, event: Action) -> None:
        state.neutral_auction = event.get("auction")
        state.high[state.neutral_auction] = (state.neutral_level, NEUTRAL)

    def owns_any(self, state: HomesteadersState, i: int, names: Sequence[str]) -> bool:
        return any(n in state.buildings[i] for n in names)

    def bid_problem(self, state: HomesteadersState, i: int, auction: int,
                    amount: int) -> Violation | None:
        player = state.players[i]
        if amount not in self.data.ladder:
            return _v("illegal", "HS-BID-LADDER", f"bid {amount} on auction {auction} is not on "
                      f"the ladder {', '.join(map(str, self.data.ladder))}", player)
        high = state.high.get(auction, (0, None))[0]
        if self.owns_any(state, i, self._lawyer):
            if amount < high:
                return _v("illegal", "HS-LAWYER", f"bid {amount} on auction {auction} is below "
                          f"the high bid {high} (the Lawyer may equal it)", player)
        elif amount <= high:
            return _v("illegal", "HS-BID-RAISE", f"bid {amount} on auction {auction} does not "
                      f"exceed the high bid {high}", player)
        return None

    def _check_bid(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"auction": int, "amount": int}, rule="HS-BID-RAISE")
               or self._auction(state, event, "HS-BID-AUCTION")
               or self._bidding_turn(state, event))
        if bad:
            return bad
        return self.bid_problem(state, state.index(event.player), event.get("auction"),
                                event.get("amount"))

    def _next_turn(self, state: HomesteadersState, after: int) -> None:
        n = len(state.players)
        for k in range(1, n + 1):
            j = (after + k) % n
            if not state.passed[j] and not state.winning(j):
                state.turn = j
                return
        state.turn = None

    def _apply_bid(self, state: HomesteadersState, event: Action) -> None:
        i = state.index(event.player)
        state.high[event.get("auction")] = (event.get("amount"), i)
        self._next_turn(state, i)

    def _check_pass(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"reward": str}, rule="HS-PASS")
               or self._bidding_turn(state, event))
        if bad:
            return bad
        return self._reward(state, state.index(event.player), event.get("reward"), event.player)

    def _reward(self, state: HomesteadersState, i: int, reward: Any,
                player: str) -> Violation | None:
        problem = reward_problem(self.data, state.hold[i]["track"], reward)
        if problem:
            return _v(problem[0], "HS-TRACK-REWARD", problem[1], player)
        return None

    def _apply_pass(self, state: HomesteadersState, event: Action) -> None:
        i = state.index(event.player)
        state.passed[i] = True
        advance(self.data, state.hold[i], event.get("reward"))
        if len(state.players) == 2:
            state.neutral_level = self._ladder_step(state.neutral_level, -1)
        self._next_turn(state, i)

    # ------------------------------------------------------------------ building

    def current_auction(self, state: HomesteadersState) -> int | None:
        paid = [a for a, s in state.step.items() if s >= PAID]
        return max(paid) if paid else None

    def tile(self, state: HomesteadersState, auction: int) -> Tile:
        return self.data.tiles[state.tiles[auction]]

    def _won_by(self, state: HomesteadersState, event: Action) -> Violation | None:
        if state.phase != "building":
            return _v("order", "HS-BUILD-ORDER", f"{event.name} is for the building phase, "
                      f"found it in the {state.phase} phase", event.player)
        auction = event.get("auction")
        if auction not in state.won:
            how = ("the neutral bid" if state.neutral_auction == auction
                   and auction in state.high and state.high[auction][1] == NEUTRAL
                   else "no bid")
            return _v("illegal", "HS-NO-BIDS", f"auction {auction} was won by no player "
                      f"({how}); it is discarded", event.player)
        winner = state.players[state.won[auction][0]]
        if event.player != winner:
            return _v("order", "HS-BUILD-ORDER", f"auction {auction} was won by {winner}, not "
                      f"{event.player}", event.player)
        return None

    def _check_pay_bid(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"auction": int}, {"gold": int}, rule="HS-PAY-BID")
               or self._auction(state, event, "HS-PAY-BID") or self._won_by(state, event))
        if bad:
            return bad
        auction = event.get("auction")
        if state.step[auction] != UNPAID:
            return _v("illegal", "HS-PAY-BID", f"the bid on auction {auction} is already paid",
                      event.player)
        for a in sorted(state.won):
            if a < auction and state.step[a] == UNPAID:
                return _v("order", "HS-BUILD-ORDER", f"auction {a} is resolved before auction "
                          f"{auction}; its bid is not paid yet", event.player)
        return self._payment(state, state.index(event.player), state.won[auction][1],
                             event.get("gold", 0), "HS-PAY-BID", f"the bid on auction {auction}")

    def _apply_pay_bid(self, state: HomesteadersState, event: Action) -> None:
        auction = event.get("auction")
        i, amount = state.won[auction]
        market.pay_silver_cost(state.hold[i], amount, event.get("gold", 0))
        state.hold[i]["vp"] += self.tile(state, auction).on_pay_bid_vp
        state.step[auction] = PAID
        state.extra_open = False

    def _current(self, state: HomesteadersState, event: Action) -> Violation | None:
        auction = event.get("auction")
        current = self.current_auction(state)
        if state.step[auction] == UNPAID:
            return _v("order", "HS-BUILD-ORDER", f"{event.name} on auction {auction} comes after "
                      "its pay_bid", event.player)
        if current != auction:
            return _v("order", "HS-BUILD-ORDER", f"auction {auction} is closed: auction "
                      f"{current} is being resolved", event.player)
        return None

    def build_cost(self, state: HomesteadersState, i: int, building: str,
                   gold_for: Sequence[str]) -> dict[str, int]:
        cost = dict(self.data.buildings[building].cost)
        for res in gold_for:
            cost[res] -= 1
            cost["gold"] = cost.get("gold", 0) + 1
        return cost

    def _gold_for(self, state: HomesteadersState, i: int, event: Action,
                  cost: Mapping[str, int], allowed_extra: bool = False) -> Violation | None:
        gold_for = event.get("gold_for", ())
        for res in gold_for:
            if not isinstance(res, str) or res not in RESOURCES:
                return _v("schema", "HS-RIVER-PORT", f"gold_for lists resources, found {res!r}",
                          event.player)
        if not gold_for:
            return None
        usable = {r for n, rs in self._port.items() if n in state.buildings[i] for r in rs}
        if not usable:
            return _v("illegal", "HS-RIVER-PORT", f"{event.player} pays gold for "
                      f"{', '.join(gold_for)} without a River Port", event.player)
        for res, count in Counter(gold_for).items():
            if res not in usable:
                return _v("illegal", "HS-RIVER-PORT", f"gold stands in only for "
                          f"{' or '.join(sorted(usable))}, found {res}", event.player)
            if count > cost.get(res, 0):
                return _v("illegal", "HS-RIVER-PORT", f"gold_for names {count} {res} but the "
                          f"cost has {cost.get(res, 0)}", event.player)
        return None

    def _check_build(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"auction": int, "building": str},
                            {"reward": str, "worker": bool, "gold_for": list, "extra": bool},
                            rule="HS-BUILD-TYPE")
               or self._auction(state, event, "HS-BUILD-ORDER") or self._won_by(state, event))
        if bad:
            return bad
        name = event.get("building")
        if name not in self.data.buildings:
            return _v("schema", "HS-BUILD-SUPPLY", f"unknown building {name!r}", event.player)
        bad = self._current(state, event)
        if bad:
            return bad
        auction = event.get("auction")
        i = state.index(event.player)
        step = state.step[auction]
        extra = event.get("extra", False)
        tile = self.tile(state, auction)
        b = self.data.buildings[name]
        if step == BONUS:
            return _v("order", "HS-BUILD-ORDER", f"the bonus of auction {auction} is taken; "
                      "no building comes after it", event.player)
        if extra:
            if not (step == BUILT and state.extra_open):
                return _v("illegal", "HS-TRAIN-STATION", "an extra building follows only the "
                          "Train Station built on this auction", event.player)
        else:
            if step == BUILT:
                return _v("illegal", "HS-BUILD-ORDER", f"a building is already built on auction "
                          f"{auction}", event.player)
            if not tile.build:
                return _v("illegal", "HS-BUILD-TYPE", f"tile {tile.id} allows no building",
                          event.player)
            if b.type not in tile.build:
                return _v("illegal", "HS-BUILD-TYPE", f"tile {tile.id} allows "
                          f"{' or '.join(tile.build)} buildings, found {name} ({b.type})",
                          event.player)
        if name in state.buildings[i]:
            return _v("illegal", "HS-BUILD-UNIQUE", f"{event.player} already owns a {name}",
                      event.player)
        if state.supply.get(name, 0) < 1:
            return _v("illegal", "HS-BUILD-SUPPLY", f"no {name} is in the building supply",
                      event.player)
        bad = self._gold_for(state, i, event, b.cost)
        if bad:
            return bad
        short = market.missing(state.hold[i], self.build_cost(state, i, name,
                                                              event.get("gold_for", ())))
        if short:
            return _v("illegal", "HS-BUILD-COST", f"building the {name} {short}", event.player)
        if b.on_build_advance != event.has("reward"):
            return _v("illegal", "HS-TRACK-BUILD",
                      f"building the {name} advances the railroad marker: give a reward"
                      if b.on_build_advance else
                      f"building the {name} gives no railroad advance, found a reward",
                      event.player)
        if b.on_build_advance:
            bad = self._reward(state, i, event.get("reward"), event.player)
            if bad:
                return bad
        if event.has("worker") and not b.on_build_worker:
            return _v("illegal", "HS-WORKSHOP", f"building the {name} gives no free worker",
                      event.player)
        return None

    def _apply_build(self, state: HomesteadersState, event: Action) -> None:
        auction, name = event.get("auction"), event.get("building")
        i = state.index(event.player)
        hold = state.hold[i]
        b = self.data.buildings[name]
        for res, amount in self.build_cost(state, i, name, event.get("gold_for", ())).items():
            hold[res] -= amount
        for owned in state.buildings[i]:
            hold["vp"] += self.data.buildings[owned].later_build_vp
        state.supply[name] -= 1
        state.buildings[i].append(name)
        gain(hold, b.on_build)
        if b.on_build_discard_debt:
            if hold["debt"] >= b.on_build_discard_debt:
                hold["debt"] -= b.on_build_discard_debt
            else:
                hold["silver"] += self.data.debt_silver * b.on_build_discard_debt
        if b.on_build_worker and event.get("worker", True):
            hold["workers"] += 1
        if b.on_build_advance:
            advance(self.data, hold, event.get("reward"))
        extra = event.get("extra", False)
        state.extra_open = b.extra_build and not extra
        state.step[auction] = BUILT

    def _check_bonus(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"auction": int}, {"worker": bool, "reward": str, "pay": str},
                            rule="HS-BONUS")
               or self._auction(state, event, "HS-BONUS") or self._won_by(state, event)
               or self._current(state, event))
        if bad:
            return bad
        auction = event.get("auction")
        i = state.index(event.player)
        if state.step[auction] == BONUS:
            return _v("illegal", "HS-BONUS", f"the bonus of auction {auction} is already taken",
                      event.player)
        tile = self.tile(state, auction)
        bonus = tile.bonus
        if bonus is None:
            return _v("illegal", "HS-BONUS", f"tile {tile.id} has no bonus", event.player)
        if event.has("worker") and not bonus.worker:
            return _v("illegal", "HS-BONUS", f"tile {tile.id}'s bonus gives no worker",
                      event.player)
        if bonus.advance != event.has("reward"):
            return _v("illegal", "HS-BONUS", f"tile {tile.id}'s bonus advances the railroad "
                      "marker: give a reward" if bonus.advance else
                      f"tile {tile.id}'s bonus gives no railroad advance, found a reward",
                      event.player)
        if bonus.advance:
            bad = self._reward(state, i, event.get("reward"), event.player)
            if bad:
                return bad
        if event.has("pay") and bonus.pay is None:
            return _v("illegal", "HS-BONUS", f"tile {tile.id}'s bonus asks no payment",
                      event.player)
        if bonus.pay is not None:
            pay = event.get("pay", bonus.pay)
            if pay not in RESOURCES:
                return _v("schema", "HS-BONUS", f"unknown resource {pay!r}", event.player)
            if pay != bonus.pay:
                usable = {r for n, rs in self._port.items() if n in state.buildings[i]
                          for r in rs}
                if pay != "gold" or bonus.pay not in usable:
                    return _v("illegal", "HS-RIVER-PORT" if pay == "gold" else "HS-BONUS",
                              f"tile {tile.id}'s bonus is paid with 1 {bonus.pay}, found {pay}",
                              event.player)
            if state.hold[i][pay] < 1:
                return _v("illegal", "HS-BONUS", f"tile {tile.id}'s bonus needs 1 {pay}, "
                          f"holds 0", event.player)
        return None

    def _apply_bonus(self, state: HomesteadersState, event: Action) -> None:
        auction = event.get("auction")
        i = state.index(event.player)
        hold = state.hold[i]
        bonus = self.tile(state, auction).bonus
        assert bonus is not None
        if bonus.worker and event.get("worker", True):
            hold["workers"] += 1
        if bonus.advance:
            advance(self.data, hold, event.get("reward"))
        if bonus.pay is not None:
            hold[event.get("pay", bonus.pay)] -= 1
            gain(hold, bonus.gain)
        state.step[auction] = BONUS
        state.extra_open = False

    # ------------------------------------------------------------------ scoring

    def _check_pay_debt(self, state: HomesteadersState, event: Action) -> Violation | None:
        bad = (check_params(event, {"count": int}, {"gold": int}, rule="HS-DEBT-PAY")
               or _count(event, "count", "HS-DEBT-PAY"))
        if bad:
            return bad
        if state.phase != "scoring":
            return _v("order", "HS-DEBT-PAY", "debt is paid off only in the scoring phase, "
                      f"found pay_debt in the {state.phase} phase", event.player)
        problem = market.debt_payoff_problem(self.data, state.hold[state.index(event.player)],
                                             event.get("count"), event.get("gold", 0))
        if problem:
            return _v("illegal", "HS-DEBT-PAY", f"{event.player} {problem}", event.player)
        return None

    def _apply_pay_debt(self, state: HomesteadersState, event: Action) -> None:
        market.pay_debt(self.data, state.hold[state.index(event.player)], event.get("count"),
                        event.get("gold", 0))

    def reward_names(self) -> tuple[str, ...]:
        return track_reward_names(self.data)
