"""The simulator's player for The Colonists: one object plays every seat of one simulated game.

It is a greedy planner with a one-turn look-ahead, built on the engine's own arithmetic (storage
room, spending, sustenance, spots) so that what it proposes is legal by construction; every event
is still passed through ``game.check`` before it is returned, the next-best candidate after it
(and the move table's own ``legal`` as a last resort, which simulated games never reach).

- **Goods have values**: a base value per good (what it is worth as material; Tools less as they
  pile up), falling to what the Markets and Sustainers pay for it in the last years (goods score
  nothing), plus a bonus for each unit that one of the player's three best *projects* still
  misses (the buildings the Builders on the board offer, the cards in hand, the next Embassy
  level), passed on to the inputs of the Refiner recipe that makes a missing refined good. The
  sustenance the Workers will eat at the end of the year (and, in the last years, the Colonists
  who will be put to work for the final count) is always wanted. A pool of goods is worth its
  best part that fits into Storage and the Warehouse.
- **Things have worth**: a building its Dollars, the Worker it employs (or half of it while the
  Colonist or the job is still to come, less for every Colonist idle already), what it yields
  over the years left (a Citizen's or Merchant's job only where the yield pays his keep), what a
  Residence can still become, less a spot's price when few are left; a card its effect; an
  Embassy level its Dollars and its new abilities. Each player has a *style* drawn per game (and
  a favourite among Residences, production, money, special buildings, cards and diplomacy), so
  seeds play differently; now and then an action nearly as good as the best is taken.
- **A turn**: fill the Basic Storage at the first one, put Farmers to work at once (Citizens and
  Merchants only in Storage Facilities when room is short), use an Apprentice, bring a Steward
  not yet on the board onto the best Market, then move where the best action is, less the Fee,
  plus a share of the best action reachable on the next turn; a Ticket or the Horse reach
  further when it pays. At the place, the best candidate action: gather (declining, or first
  discarding worse goods), sell as often as it pays, refine, build (twice for cheap buildings,
  remodels, razing when the spots are full, the extra Farms and Flats of the cards), play a card
  (two with a working Institute), draw, establish and improve relations, claim the start player
  marker (and swap Places at the Chief Officer), the Market card's action or a card's or colony's
  alternative (trades, swaps).
- **The end of a year**: the start player lays the face-up Places (the compactest cells), each
  player sends home the Workers the community cannot sustain, and a Colonist needed at home for
  a worthwhile remodel (kept there for the next year), puts to work those who can be sustained
  and pay their keep (everyone in the last year), then the ``sustenance`` marker; production
  conversions follow before the next Market card.

Evaluators are cached per player while the community is unchanged (a move that pays no Fee
leaves it so); what the board offers is cached while its tiles stay the same.

``claims`` writes a ``check`` line after every ``sustenance`` marker (era, year, start player,
Market card, and per player the goods by name and in Buffers, Tools, Dollars, Colonists and
Workers by type, buildings, hand size, Embassy levels and score), read through the game's
observables (the values ``game.observe`` gives).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from referee.model.colonists import community as co
from referee.model.colonists import data as d
from referee.model.colonists import policy_colonies as pc
from referee.model.colonists.economy import exchange_problem
from referee.model.colonists.goods import STORABLE, Bundle, add
from referee.model.colonists.moves.cards import draws, play_cost
from referee.model.colonists.moves.diplomacy import diplomacy_cost
from referee.model.colonists.moves.turn import anytime_enabler, fee_parts
from referee.model.colonists.moves.year import capacity, demand, sustenance_problem
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, GameEvent, Phase

E = TypeVar("E", bound=d.Effect)

# What a good is worth as material (Dollars are points), before needs and the end of the game.
BASE: dict[str, float] = {"wood": 0.85, "clay": 0.95, "ore": 1.3, "planks": 1.9,
                          "bricks": 2.2, "iron": 4.0, "coal": 1.7, "food": 0.8, "robes": 1.5,
                          "tools": 1.1, "dollars": 1.0}
NEED_BONUS = (0.9, 0.5, 0.3)         # extra value of a unit the 1st, 2nd, 3rd project misses
LOOKAHEAD = 0.45                      # weight of the best action reachable on the next turn
RESIDENCE_OPTION = {"farm": 1.5, "flat": 2.0, "estate": 0.5, "apartment": 0.5}
EXPLORE = 0.08                        # how often an action nearly as good as the best is taken
# moves the planner decides on its own (a card's use, conversions, discards): never a fallback
PLANNED = frozenset({"use_card", "convert", "market_action", "replace", "discard"})
CHANCE_STAGES = frozenset({"colonies", "start_player", "draw_place", "fifth_colony",
                           "market_card", "reveal_place", "draw"})
STYLE_KEYS = ("residence", "storage", "production", "sustenance", "money", "special", "cards",
              "diplomacy", "marker", "sell")
FAVOURITES = ("residence", "production", "money", "special", "cards", "diplomacy")


@dataclass
class Candidate:
    """An event the player might play, with its estimated worth; ``before`` are events that
    must come first (goods discarded to make room)."""

    value: float
    event: Action
    before: tuple[Action, ...] = ()
    reach: bool = True   # counts as a reason to move there (see Eval.tile_values)


# --------------------------------------------------------------------------- the player


class ColonistsPlayer:
    """Plays every seat of one game (see the module docstring)."""

    def __init__(self, game: Any, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.styles: dict[str, dict[str, float]] = {}
        self._queue: list[Action] = []
        self._evals: dict[int, tuple[Any, Eval]] = {}
        # Colonists kept at home for a remodel: player -> ((era, year) decided at, kind -> n)
        self.reserved: dict[int, tuple[tuple[int, int], dict[str, int]]] = {}

    # ----------------------------------------------------------------- the protocol

    def choose(self, s: ColonistsState) -> GameEvent | None:
        while self._queue:
            event = self._queue.pop(0)
            if self.game.check(s, event) is None:
                return event
            self._queue.clear()
        stage = s.stage
        if stage == "over":
            return None
        if stage in CHANCE_STAGES:
            return self._between(s)
        handler = getattr(self, f"_stage_{stage}", None)
        chosen: GameEvent | None = handler(s) if handler is not None else None
        if chosen is not None and self.game.check(s, chosen) is None:
            return chosen
        if stage == "act" and s.pending is not None:
            # a move legal only by a discard or an employ before the place's action
            enabler = anytime_enabler(s, s.pending.player)
            if enabler is not None and self.game.check(s, enabler) is None:
                return enabler
        return self._fallback(s)

    def claims(self, s: ColonistsState, last: GameEvent | None) -> dict[str, Any] | None:
        if not (isinstance(last, Phase) and last.name == "sustenance"):
            return None
        table = self.game.observables
        out: dict[str, Any] = table.values(s, None, ("era", "year", "start_player",
                                                     "market_card"))
        names = [*STORABLE, *(f"buffered_{g}" for g in STORABLE), "tools", "dollars",
                 *(f"{k}s" for k in d.WORKER_TYPES), *(f"employed_{k}s" for k in d.WORKER_TYPES),
                 "buildings", "hand", *(f"embassy_{c}" for c in sorted(s.colonies)), "score"]
        for p in s.players:
            out[p] = table.values(s, p, names)
        return out

    # ----------------------------------------------------------------- helpers

    def style(self, s: ColonistsState, i: int) -> dict[str, float]:
        name = s.players[i]
        if name not in self.styles:
            style = {k: 0.7 + 0.7 * self.rng.random() for k in STYLE_KEYS}
            style[self.rng.choice(FAVOURITES)] *= 1.6  # what this player leans towards
            style["patron"] = self.rng.random()  # picks a colony this player favours
            self.styles[name] = style
        return self.styles[name]

    def evaluate(self, s: ColonistsState, i: int) -> Eval:
        """The evaluator of player ``i``, reused while nothing it reads has changed (a move
        that paid no Fee leaves the community as it was; what depends on where the Stewards
        stand, the Fee and the reach, is computed afresh on every call)."""
        key = signature(s, i)
        found = self._evals.get(i)
        if found is not None and found[0] == key and found[1].s is s:
            return found[1]
        ev = Eval(self, s, i)
        self._evals[i] = (key, ev)
        return ev

    def noise(self) -> float:
        return 0.25 * self.rng.random()

    def _legal(self, s: ColonistsState, event: Action | Phase | None) -> bool:
        return event is not None and self.game.check(s, event) is None

    def _first_legal(self, s: ColonistsState, candidates: Iterable[Candidate]) -> Action | None:
        for cand in sorted(candidates, key=lambda c: -c.value):
            if cand.before:
                if self._legal(s, cand.before[0]):
                    self._queue = [*cand.before[1:], cand.event]
                    return cand.before[0]
                continue
            if self._legal(s, cand.event):
                return cand.event
        return None

    def _fallback(self, s: ColonistsState) -> GameEvent | None:
        """The move table's first legal decision (never needed when the planner is right),
        among the moves the planner does not take on its own."""
        legal = [e for e in self.game.legal_actions(s) if e.name not in PLANNED]
        for event in legal:
            if event.name not in ("employ", "dismiss"):
                return event
        return legal[0] if legal else None

    def _stage_optional(self, s: ColonistsState) -> GameEvent | None:
        return pc.optional(self, s)

    def _stage_setup_display(self, s: ColonistsState) -> GameEvent | None:
        return pc.setup_display(self, s)

    # ----------------------------------------------------------------- chance stages

    def _between(self, s: ColonistsState) -> GameEvent | None:
        """Before a chance event: production conversions once the year's production is done,
        before the next Market card (the engine also accepts them once it is drawn, counted
        against the new year)."""
        if s.stage in ("market_card", "fifth_colony", "third_market", "small_market") and not (
                s.era == 1 and s.year == 1):
            for i in range(len(s.players)):
                event = self._production_convert(s, i) or pc.colony_converts(self, s, i)
                if event is not None:
                    return event
        return None

    def _production_convert(self, s: ColonistsState, i: int) -> Action | None:
        c = s.p[i]
        if not any(isinstance(e, d.ProductionConvert) for card in c.played
                   for e in s.data.improvements[card].effects):
            return None
        ev = self.evaluate(s, i)
        player = s.players[i]
        for card in c.played:
            for effect in s.data.improvements[card].effects:
                if not isinstance(effect, d.ProductionConvert):
                    continue
                used = c.converted.get(card, 0)
                left = (effect.limit - used) if effect.limit is not None else 3
                if left <= 0:
                    continue
                best: tuple[float, list[int]] | None = None
                for k, recipe in enumerate(effect.recipes):
                    for n in range(left, 0, -1):
                        give = {g: m * n for g, m in recipe.give.items()}
                        get = {g: m * n for g, m in recipe.get.items()}
                        if exchange_problem(s, i, give, get, {}) is not None:
                            continue
                        gain = ev.exchange_value(give, get)
                        if gain > 0.05 and (best is None or gain > best[0]):
                            counts = [n if j == k else 0 for j in range(len(effect.recipes))]
                            best = (gain, counts)
                        break
                if best is not None:
                    times: Any = best[1] if len(best[1]) > 1 else best[1][0]
                    event = Action.make(player, "convert", card=card, times=times)
                    if self._legal(s, event):
                        return event
        return None

    # ----------------------------------------------------------------- setup and the board

    def _stage_lay_place(self, s: ColonistsState) -> Action | None:
        return self._lay(s, self.game.flow.actors(s)[0])

    def _lay(self, s: ColonistsState, player: str) -> Action | None:
        from referee.model.colonists.moves.setup import PlaceTile

        best: tuple[float, Action] | None = None
        markets = [cell for t in s.board.tiles.values() if t.market for cell in t.cells]
        for event in PlaceTile().legal(s, player):
            q, r = event.get("at")
            cell = (q, r)
            score = s.board.shared_edges(cell) + self.rng.random()
            if markets:
                near = min(abs(cell[0] - m[0]) + abs(cell[1] - m[1]) for m in markets)
                score -= 0.3 * near
            if best is None or score > best[0]:
                best = (score, event)
        return best[1] if best else None

    def _stage_second_market(self, s: ColonistsState) -> Action | None:
        return self._market(s)

    def _stage_third_market(self, s: ColonistsState) -> GameEvent | None:
        return self._between(s) or self._market(s)

    def _stage_small_market(self, s: ColonistsState) -> GameEvent | None:
        return self._between(s) or self._market(s)

    def _market(self, s: ColonistsState) -> Action | None:
        from referee.model.colonists.board import neighbours
        from referee.model.colonists.moves.setup import PlaceMarket

        player = self.game.flow.actors(s)[0]
        best: tuple[float, Action] | None = None
        for event in PlaceMarket().legal(s, player):
            at = event.get("at")
            cells = [(at[0], at[1])] if isinstance(at[0], int) else [(c[0], c[1]) for c in at]
            touching = {s.board.cells[n] for c in cells for n in neighbours(c)
                        if n in s.board.cells}
            score = len(touching) + self.rng.random()
            if best is None or score > best[0]:
                best = (score, event)
        return best[1] if best else None

    # ----------------------------------------------------------------- a turn: the move

    def _stage_turn(self, s: ColonistsState) -> Action | None:
        i = s.seat
        c = s.p[i]
        if not c.filled:
            return self._fill(s, i)
        employ = self._employ_now(s, i)
        if employ is not None:
            return employ
        apprentice = self._apprentice(s, i)
        if apprentice is not None:
            return apprentice
        colony = pc.before_move(self, s, i)
        if isinstance(colony, Action):
            return colony
        ev = self.evaluate(s, i)
        for n in range(1, co.stewards_allowed(s, i) + 1):
            if n > len(c.stewards) or c.stewards[n - 1] is None:
                return self._enter(s, ev, n)
        for _value, event in self._moves(s, ev):
            if self._legal(s, event):
                return event
        return None

    def _fill(self, s: ColonistsState, i: int) -> Action:
        n = s.data.setup.start_storage_count
        wood = self.rng.choice([n, n, n - 1, n - 1, n - 2])
        return Action.make(s.players[i], "fill_storage", wood=wood, clay=n - wood)

    def _enter(self, s: ColonistsState, ev: Eval, n: int) -> Action:
        best: tuple[float, int] | None = None
        for t in ev.board.markets:
            near = [v for v in (ev.tile_value(u) for u in ev.board.adjacent[t]) if v is not None]
            score = max(near, default=0.0) + self.noise()
            if best is None or score > best[0]:
                best = (score, t)
        assert best is not None
        at = list(s.board.tiles[best[1]].cells[0])
        params: dict[str, Any] = {"at": at}
        if n != 1:
            params["steward"] = n
        return Action.make(s.players[ev.i], "place_steward", **params)

    def _apprentice(self, s: ColonistsState, i: int) -> Action | None:
        c = s.p[i]
        if s.turns != 0 or "apprentice_turns" in c.used:
            return None
        if co.stewards_allowed(s, i) >= s.data.movement.max_stewards:
            return None
        for card in sorted(c.limited):
            if any(isinstance(x, d.Apprentice) for x in s.data.improvements[card].effects):
                return Action.make(s.players[i], "use_card", card=card)
        return None

    def _moves(self, s: ColonistsState, ev: Eval) -> list[tuple[float, Action]]:
        """Every move worth considering, best first."""
        i = ev.i
        c = s.p[i]
        player = s.players[i]
        board = s.board
        reach = ev.range
        markets = ev.board.markets
        jumps = {j.place for j in ev.of(d.JumpTo)}
        horses = [k for k in sorted(c.limited) if any(isinstance(x, d.Horse) for x in
                                                       s.data.improvements[k].effects)]
        tickets = [k for k in sorted(c.limited) if any(isinstance(x, d.Ticket) for x in
                                                        s.data.improvements[k].effects)]
        own = {t for t in c.stewards if t is not None}
        allowed = co.stewards_allowed(s, i)
        out: list[tuple[float, Action]] = []
        for n, here in enumerate(c.stewards, start=1):
            if here is None or n > allowed:
                continue
            targets: dict[int, dict[str, Any]] = {}
            for t in ev.within(here, reach):
                targets[t] = {}
            for t in markets:
                targets[t] = {}
            if jumps:
                for t, tile in board.tiles.items():
                    if tile.slug in jumps:
                        targets[t] = {}
            if horses:
                for t in ev.within(here, min(s.data.movement.max_range, reach + 1)):
                    if t not in targets:
                        targets[t] = {"horse": horses[0]}
            if tickets:
                values = ev.tile_values()
                best_far = sorted((v, t) for t, v in values.items() if t not in targets)
                for _v, t in best_far[-2:]:
                    targets[t] = {"ticket": tickets[0]}
            for t, extra in targets.items():
                if t == here:
                    continue
                value = ev.tile_value(t)
                if value is None:
                    continue
                tile = board.tiles[t]
                if not tile.market and t in own:
                    continue
                if not self._leaves(s, i, n, t):
                    continue
                fee = ev.fee(t)
                if fee is None:
                    continue
                fee_cost, payment = fee
                score = value - fee_cost + LOOKAHEAD * ev.next_value(t, here) + self.noise()
                if "horse" in extra:
                    score -= 1.2
                if "ticket" in extra:
                    card = extra["ticket"]
                    price = next(x.price for x in s.data.improvements[card].effects
                                 if isinstance(x, d.Ticket))
                    score -= 0.8 + ev.cost_value(price)
                params: dict[str, Any] = {"to": list(tile.cells[0])}
                if n != 1:
                    params["steward"] = n
                if payment:
                    params["fee"] = payment
                params.update(extra)
                out.append((score, Action.make(player, "move", **params)))
        out.sort(key=lambda x: -x[0])
        return out

    def _leaves(self, s: ColonistsState, i: int, n: int, to: int) -> bool:
        """CO-MOVE-LEAVE: after the third turn no moved Steward stands where he started."""
        if s.turns + 1 < s.data.calendar.turns_per_half_year:
            return True
        c = s.p[i]
        where = list(c.stewards)
        where[n - 1] = to
        for k in {*c.moved, n - 1}:
            start = c.block_start[k] if k < len(c.block_start) else None
            if start is not None and where[k] == start and not s.board.tiles[start].market:
                return False
        return True

    # ----------------------------------------------------------------- a turn: the action

    def _stage_act(self, s: ColonistsState) -> Action | None:
        assert s.pending is not None and s.pending.tile is not None
        ev = self.evaluate(s, s.pending.player)
        cands = ev.candidates(s.pending.tile, full=True)
        if cands and self.rng.random() < EXPLORE:
            # now and then an action that is nearly as good, so that games differ
            best = max(c.value for c in cands)
            near = [c for c in cands if c.value >= best - 2.5]
            pick = near[self.rng.randrange(len(near))]
            cands = [Candidate(best + 1.0, pick.event, pick.before, pick.reach), *cands]
        return self._first_legal(s, cands)

    def _stage_keep(self, s: ColonistsState) -> Action | None:
        from referee.model.colonists.moves.cards import Keep

        pending = s.pending
        assert pending is not None
        ev = self.evaluate(s, pending.player)
        player = s.players[pending.player]
        best: tuple[float, Action] | None = None
        for event in Keep().legal(s, player):
            score = sum(ev.card_value(k) for k in event.get("cards"))
            if best is None or score > best[0]:
                best = (score, event)
        return best[1] if best else None

    # ----------------------------------------------------------------- Workers

    def _employ_now(self, s: ColonistsState, i: int) -> Action | None:
        """During the year: Farmers at once (they eat nothing), Citizens and Merchants only in
        Storage Facilities when room is short (others wait for the end of the year)."""
        c = s.p[i]
        home = self._available(s, i)
        for k, built in enumerate(c.buildings):
            b = s.data.buildings.get(built.slug)
            if b is None or b.workers == 0 or len(built.workers) >= b.workers:
                continue
            for worker in self._workers_for(s, i, b, home):
                if worker != "farmer" and b.kind != "storage":
                    continue
                if worker != "farmer":
                    ev = self.evaluate(s, i)
                    if ev.held_total() < ev.room.storage + ev.room.general - 1:
                        continue
                    food = s.data.sustenance.get(worker, {})
                    if not ev.can_spare(food):
                        continue
                event = self._employ_event(s, i, k, worker)
                if self._legal(s, event):
                    return event
        return None

    def _available(self, s: ColonistsState, i: int) -> dict[str, int]:
        """Colonists at home that may be put to work (less those kept for a remodel)."""
        home = co.at_home(s, i)
        kept = self.reserved.get(i)
        if kept is not None:
            (era, year), counts = kept
            current = (s.era, s.year)
            nxt = (era, year + 1) if year < s.data.calendar.years_per_era else (era + 1, 1)
            if current in ((era, year), nxt):
                home = {k: n - counts.get(k, 0) for k, n in home.items()}
        return home

    def _workers_for(self, s: ColonistsState, i: int, b: d.Building,
                     home: Mapping[str, int]) -> list[str]:
        order = ("merchant", "citizen", "farmer") if b.worker == "any" else d.WORKER_TYPES
        return [w for w in order if home.get(w, 0) > 0 and co.may_work(s, i, b, w)]

    def _employ_event(self, s: ColonistsState, i: int, k: int, worker: str) -> Action:
        built = s.p[i].buildings[k]
        b = s.data.buildings[built.slug]
        params: dict[str, Any] = {"building": building_name(s, i, k)}
        if worker != b.worker:
            params["worker"] = worker
        return Action.make(s.players[i], "employ", **params)

    # ----------------------------------------------------------------- the end of the year

    def _stage_end_year(self, s: ColonistsState) -> GameEvent | None:
        if s.revealed:
            assert s.start is not None
            return self._lay(s, s.players[s.start])
        for i in range(len(s.players)):
            event = self._redistribute(s, i)
            if event is not None:
                return event
        choice = pc.year_choices(self, s)
        if choice is not None:
            return choice
        return Phase.make("sustenance")

    def _redistribute(self, s: ColonistsState, i: int) -> Action | None:
        c = s.p[i]
        player = s.players[i]
        if sustenance_problem(s, i) is not None:
            # send home the Worker who eats most and is worth least
            best: tuple[float, int, str] | None = None
            for k, built in enumerate(c.buildings):
                for worker in sorted(set(built.workers)):
                    food = s.data.sustenance.get(worker, {})
                    if not any(food.values()):
                        continue
                    b = s.data.buildings.get(built.slug)
                    worth = s.data.worker_value.get(worker, 0) + (b.value if b else 0) * 0.1
                    score = worth / (1 + sum(food.values()))
                    if best is None or score < best[0]:
                        best = (score, k, worker)
            if best is not None:
                _, k, worker = best
                params: dict[str, Any] = {"building": building_name(s, i, k)}
                if len(set(c.buildings[k].workers)) > 1:
                    params["worker"] = worker
                return Action.make(player, "dismiss", **params)
            return None
        event = self._keep_home(s, i)
        if event is not None:
            return event
        # employ whoever can be sustained and pays his keep, the most valuable first
        home = self._available(s, i)
        ev = self.evaluate(s, i)
        options: list[tuple[float, int, str]] = []
        for k, built in enumerate(c.buildings):
            b = s.data.buildings.get(built.slug)
            if b is None or b.workers == 0 or len(built.workers) >= b.workers:
                continue
            for worker in self._workers_for(s, i, b, home):
                if not ev.worth_employing(b, worker):
                    continue
                value = s.data.worker_value.get(worker, 0) + (1.0 if b.worker == worker else 0)
                options.append((value, k, worker))
        options.sort(key=lambda o: (-o[0], o[1]))
        for _, k, worker in options:
            event = self._employ_event(s, i, k, worker)
            if self.game.check(s, event) is not None:
                continue
            trial = s.copy()
            self.game.apply(trial, event)
            if sustenance_problem(trial, i) is None:
                return event
        return None

    def _keep_home(self, s: ColonistsState, i: int) -> Action | None:
        """At the end of the year: send a Colonist home for a worthwhile remodel of a Residence
        next year (a Farmer for a Flat, a Citizen for a House), and keep him there."""
        if (i in self.reserved and self.reserved[i][0] == (s.era, s.year)) or \
                years_left(s) <= 1:
            return None
        ev = self.evaluate(s, i)
        held = ev.pool()
        held["tools"] = ev.c.tools
        best: tuple[float, str] | None = None
        for b in remodels_offered(s, i):
            if b.kind != "residence" or b.upgrade_of is None:
                continue
            old = s.data.buildings[b.upgrade_of]
            for kind, n in old.houses.items():
                lost = n - b.houses.get(kind, 0)
                if lost <= 0 or ev.home.get(kind, 0) >= lost:
                    continue
                plan = ev.build_plan(b, b.cost, relaxed=True)
                if plan is None or plan[0] < 1.0:
                    continue
                missing = sum(max(0, m - held.get(g, 0)) for g, m in plan[1].items()
                              if g in STORABLE or g == "tools")
                if missing > 2:
                    continue
                if best is None or plan[0] > best[0]:
                    best = (plan[0], kind)
        self.reserved[i] = ((s.era, s.year), {})
        if best is None:
            return None
        worth, kind = best
        # the job whose loss costs least
        job: tuple[float, int] | None = None
        for k, built in enumerate(ev.c.buildings):
            if kind not in built.workers:
                continue
            b = s.data.buildings[built.slug]
            if b.kind == "storage" and ev.room.storage - b.storage < 9:
                continue  # Storage is scarce: keep it staffed
            # he keeps his worth: the remodel makes him a better Colonist for another job
            loss = 0.5 + ev.function_value(b) * 0.5
            if job is None or loss < job[0]:
                job = (loss, k)
        if job is None or worth <= job[0]:
            return None
        self.reserved[i] = ((s.era, s.year), {kind: 1})
        params: dict[str, Any] = {"building": building_name(s, i, job[1])}
        if len(set(ev.c.buildings[job[1]].workers)) > 1:
            params["worker"] = kind
        return Action.make(s.players[i], "dismiss", **params)


def remodels_offered(s: ColonistsState, i: int) -> list[d.Building]:
    """Buildings that upgrade another (remodels) offered by a Builder on the board or a
    Building Contract in hand."""
    out: dict[str, d.Building] = {}
    for slug in builders_on_board(s):
        for b_slug in place_of(s.data, slug).builds:
            b = s.data.buildings[b_slug]
            if b.upgrade_of is not None:
                out[b_slug] = b
    for card in s.p[i].hand:
        for e in s.data.improvements[card].effects:
            if isinstance(e, d.Contract) and s.data.buildings[e.building].upgrade_of:
                out[e.building] = s.data.buildings[e.building]
    return [out[k] for k in sorted(out)]


def building_name(s: ColonistsState, i: int, k: int) -> str:
    """How a log names the k-th building of player i: its slug, or slug#n where copies differ."""
    c = s.p[i]
    built = c.buildings[k]
    copies = [n for n, b in enumerate(c.buildings) if b.slug == built.slug]
    first = c.buildings[copies[0]].key()
    if all(c.buildings[n].key() == first for n in copies):
        return built.slug
    return f"{built.slug}#{copies.index(k) + 1}"


# --------------------------------------------------------------------------- evaluation


class Eval:
    """Values for one player in one state: goods, projects, buildings, cards, places."""

    def __init__(self, policy: ColonistsPlayer, s: ColonistsState, i: int) -> None:
        self.policy = policy
        self.s = s
        self.i = i
        self.c = s.p[i]
        self.data = s.data
        self.style = policy.style(s, i)
        self.effects = list(co.effects(s, i))
        self.room = co.room(s, i)
        self.spots = co.spot_counts(s, i)
        self.years = years_left(s)
        self.colonists = co.colonists(s, i)
        busy = co.employed(self.c)
        self.home = {k: self.colonists[k] - busy[k] for k in d.WORKER_TYPES}
        self.board = board_facts(s)
        self.substitutes = [e for e in self.effects if isinstance(e, d.SubstituteWorker)]
        self.jobs = self._free_jobs()
        self.range = co.steward_range(s, i)
        self.fee_parts = fee_parts(s, i)
        self.no_fee = any(isinstance(e, d.NoFee) for e in self.effects)
        self._costs: dict[int, Bundle] = {}
        self._plans: dict[Any, tuple[float, Bundle, Any] | None] = {}
        self._utils: dict[str, float] = {}
        self._owned = [b.slug for b in self.c.buildings]
        self._facilities = sum(1 for slug in self._owned if co.is_storage_facility(s.data, slug))
        self.base = self._base_values()
        self.need: dict[str, list[float]] = {}   # good -> bonus of each missing unit
        self._slug_values: dict[str, float | None] = {}
        self._gap: Bundle | None = None
        self._uses: dict[int, int] = {}
        self._projects()

    # ----------------------------------------------------------------- the engine's checks, cached

    def of(self, kind: type[E]) -> list[E]:
        return [e for e in self.effects if isinstance(e, kind)]

    def may_work(self, b: d.Building, worker: str) -> bool:
        """``community.may_work`` with this community's effects read once."""
        if b.worker in ("any", worker):
            return True
        return any(e.worker == worker and e.works_as == b.worker for e in self.substitutes)

    def _free_jobs(self) -> dict[str, int]:
        out = dict.fromkeys(d.WORKER_TYPES, 0)
        for built in self.c.buildings:
            b = self.data.buildings.get(built.slug)
            if b is None or b.workers == 0:
                continue
            free = b.workers - len(built.workers)
            if free > 0:
                for kind in d.WORKER_TYPES:
                    if self.may_work(b, kind):
                        out[kind] += free
        return out

    def spots_ok(self, slugs: list[str]) -> bool:
        """``community.spot_problem`` is None, with the spot counts read once (``slugs``: what
        the community would hold, its current buildings first)."""
        general, facility = self.spots
        owned = len(self._owned)
        storage = self._facilities + sum(1 for slug in slugs[owned:]
                                         if co.is_storage_facility(self.data, slug))
        others = len(slugs) - storage
        return storage <= facility and others <= general + (facility - storage)

    def spend_ok(self, cost: Mapping[str, int]) -> bool:
        """``economy.spend_problem`` is None (the same arithmetic, the room read once)."""
        c = self.c
        if cost.get("tools", 0) > c.tools or cost.get("dollars", 0) > c.dollars:
            return False
        need = {g: n for g, n in cost.items() if g in STORABLE and n}
        pool = dict(c.stored)
        for good, n in need.items():
            short = n - pool.get(good, 0)
            if short > 0:
                if c.buffered.get(good, 0) < short:
                    return False
                pool[good] = n
        count = sum(need.values())
        if count > self.room.storage:
            return False
        rest = {g: n - need.get(g, 0) for g, n in pool.items() if n - need.get(g, 0) > 0}
        return self.room.overflow(rest, count) == 0

    def exchange_ok(self, give: Mapping[str, int], get: Mapping[str, int]) -> bool:
        """``economy.exchange_problem`` (nothing declined) is None."""
        if not self.spend_ok(give):
            return False
        pool = dict(self.c.stored)
        for good, n in give.items():
            if good in STORABLE and n:
                pool[good] = max(0, pool.get(good, 0) - n)
        for good, n in get.items():
            if good in STORABLE:
                pool[good] = pool.get(good, 0) + n
        return self.room.overflow(pool) == 0

    def bonus(self, goods: Mapping[str, int], market: bool) -> Bundle:
        """``common.with_bonus``: goods a place gives, with the improvements adding to them."""
        out = dict(goods)
        for e in self.effects:
            if isinstance(e, d.PlaceBonus) and out.get(e.good) and (e.markets or not market):
                out[e.good] += e.amount
        return out

    def play_cost(self, number: int) -> Bundle:
        if number not in self._costs:
            self._costs[number] = play_cost(self.s, self.i, self.data.improvements[number])
        return self._costs[number]

    def fee_due(self, t: int) -> list[str]:
        s = self.s
        if s.board.tiles[t].market or self.no_fee:
            return []
        return [s.players[j] for j, c in enumerate(s.p) if j != self.i and t in c.stewards]

    # ----------------------------------------------------------------- goods

    def _base_values(self) -> dict[str, float]:
        s = self.s
        sell = sell_values(s)
        out = {}
        y = self.years
        for good, v in BASE.items():
            if good == "dollars":
                out[good] = 1.0
                continue
            # in the last year a good is only worth what it sells for, and only if it is sold
            late = sell.get(good, 0.0) * 0.6
            if good == "tools":
                late = 0.1
            if y <= 1:
                out[good] = late
            elif y == 2:
                out[good] = 0.5 * v + 0.5 * late
            else:
                out[good] = v
        tools = self.c.tools  # Tools pile up: the more there are, the less one more is worth
        out["tools"] *= 1.0 if tools < 8 else 0.6 if tools < 14 else 0.3
        return out

    def pool(self) -> Bundle:
        """Storage and Warehouse, plus what Buffers could hand over."""
        out = dict(self.c.stored)
        for good, n in self.c.buffered.items():
            out[good] = out.get(good, 0) + n
        return out

    def held_total(self) -> int:
        return sum(self.c.stored.values())

    def unit_values(self, good: str, count: int) -> list[float]:
        bonuses = self.need.get(good, [])
        base = self.base.get(good, 0.5)
        return [base + (bonuses[k] if k < len(bonuses) else 0.0) for k in range(count)]

    def pool_value(self, pool: Mapping[str, int]) -> float:
        """What the best part of ``pool`` that fits (Storage and Warehouse) is worth."""
        if self.room.overflow(pool) == 0:
            total = 0.0
            for good, n in pool.items():
                if n > 0 and good in STORABLE:
                    total += n * self.base.get(good, 0.5) + sum(self.need.get(good, ())[:n])
            return total
        units: list[tuple[float, str]] = []
        for good, n in pool.items():
            if n > 0 and good in STORABLE:
                units.extend((v, good) for v in self.unit_values(good, n))
        units.sort(key=lambda u: (-u[0], u[1]))
        typed = dict(self.room.typed)
        free = self.room.storage + self.room.general
        total = 0.0
        for v, good in units:
            if typed.get(good, 0) > 0:
                typed[good] -= 1
            elif free > 0:
                free -= 1
            else:
                continue
            total += v
        return total

    def box_value(self, tools: int, dollars: int) -> float:
        value = tools * self.base["tools"] + dollars
        if tools > 0:
            value += sum(self.need.get("tools", [])[:tools])
        return value

    def exchange_value(self, give: Mapping[str, int], get: Mapping[str, int]) -> float:
        """What paying ``give`` for ``get`` changes (goods kept as far as they fit)."""
        before = self.pool_value(self.c.stored)
        after = dict(self.c.stored)
        for good, n in give.items():
            if good in STORABLE:
                after[good] = after.get(good, 0) - n
        for good, n in get.items():
            if good in STORABLE:
                after[good] = after.get(good, 0) + n
        delta = self.pool_value(after) - before
        delta += self.box_value(get.get("tools", 0) - give.get("tools", 0),
                                get.get("dollars", 0) - give.get("dollars", 0))
        return delta

    def cost_value(self, cost: Mapping[str, int]) -> float:
        """What a price is worth at base values (what else the goods could become)."""
        return sum(self.base.get(g, 0.5) * n for g, n in cost.items())

    def can_spare(self, goods: Mapping[str, int]) -> bool:
        have = self.pool()
        gap = self.food_gap()
        return all(have.get(good, 0) - gap.get(good, 0) >= n for good, n in goods.items())

    def food_gap(self) -> Bundle:
        """Sustenance goods the Workers will still need at the end of the year."""
        if self._gap is None:
            need, have = demand(self.s, self.i), capacity(self.s, self.i)
            self._gap = {g: need.get(g, 0) - have.get(g, 0) for g in need
                         if need.get(g, 0) > have.get(g, 0)}
        return self._gap

    # ----------------------------------------------------------------- projects

    def _projects(self) -> None:
        """What the player wants next; the goods (and Tools) they miss get a bonus, and so do
        the inputs of the refined goods they miss."""
        s, data = self.s, self.data
        wants: list[tuple[float, Bundle]] = []
        for slug in builders_on_board(s):
            for b_slug in place_of(data, slug).builds:
                b = data.buildings[b_slug]
                plan = self.build_plan(b, b.cost, relaxed=True)
                if plan is not None and plan[0] > 0.5:
                    wants.append((plan[0], plan[1]))
        for card in sorted(set(self.c.hand)):
            worth = self.card_value(card)
            cost = self.play_cost(card)
            if worth > 0.5 and any(g in STORABLE or g == "tools" for g in cost):
                wants.append((worth, dict(cost)))
        for colony in s.colonies:
            level = self.c.embassies.get(colony, 0) + 1
            if level <= data.eras[s.era].max_colony_level:
                worth = self.embassy_value(colony, level)
                if worth > 0.5:
                    wants.append((worth, dict(data.embassy_levels[level].cost)))
        held = self.pool()
        held["tools"] = self.c.tools
        ranked = []
        for worth, cost in wants:
            units = sum(n for g, n in cost.items() if g in STORABLE)
            if units > self.room.storage:
                continue
            missing = sum(max(0, n - held.get(g, 0)) for g, n in cost.items()
                          if g in STORABLE or g == "tools")
            ranked.append((worth / (1.0 + 0.6 * missing), worth, cost))
        ranked.sort(key=lambda r: -r[0])
        self.wanted = [cost for _, _, cost in ranked[:len(NEED_BONUS)]]
        left = dict(held)
        recipes = self.recipes()
        for rank, (_, _worth, cost) in enumerate(ranked[:len(NEED_BONUS)]):
            bonus = NEED_BONUS[rank]
            for good, n in sorted(cost.items()):
                if good not in STORABLE and good != "tools":
                    continue
                covered = min(left.get(good, 0), n)
                left[good] = left.get(good, 0) - covered
                missing = n - covered
                if missing <= 0:
                    continue
                self.need.setdefault(good, []).extend([bonus] * missing)
                recipe = recipes.get(good)
                if recipe is not None:
                    runs = -(-missing // recipe.get[good])
                    for raw, m in recipe.give.items():
                        if raw in STORABLE:
                            self.need.setdefault(raw, []).extend([bonus * 0.7] * (m * runs))
        gap = dict(self.food_gap())
        if self.years <= 2:  # the Workers to be employed for the last sustenance
            for kind in ("citizen", "merchant"):
                extra = min(self.home.get(kind, 0), self.jobs.get(kind, 0))
                add(gap, {g: n * extra for g, n in data.sustenance.get(kind, {}).items()})
            for good in list(gap):
                gap[good] -= held.get(good, 0) if good not in self.food_gap() else 0
        for good, n in gap.items():
            if n > 0:
                self.need.setdefault(good, []).extend([1.3] * n)
        for good in self.need:
            self.need[good].sort(reverse=True)

    def recipes(self) -> dict[str, d.Recipe]:
        """For each good a Refiner on the board (or the year's Market card) makes: the recipe
        whose inputs are worth least per unit made."""
        s = self.s
        found: list[d.Recipe] = list(self.board.refiners)
        if s.market_card is not None:
            action = s.data.market_cards[f"era_{s.era}.{s.market_card}"].action
            if action.kind == "refine":
                found.extend(action.recipes)
        out: dict[str, d.Recipe] = {}
        price: dict[str, float] = {}
        for r in found:
            for good, n in r.get.items():
                if good not in STORABLE:
                    continue
                per = self.cost_value(r.give) / n
                if good not in price or per < price[good]:
                    out[good], price[good] = r, per
        return out

    # ----------------------------------------------------------------- worth of things

    def sustain_value(self, kind: str) -> float:
        """What a year's sustenance of one Worker of ``kind`` is worth."""
        return sum(self.base.get(g, 0.8) * n for g, n in self.data.sustenance.get(kind, {}).items())

    def worker_part(self, kind: str) -> float:
        """A Worker's worth at the end: his Dollars, less one sustenance (Citizens and
        Merchants are put to work at the end of a year, when it pays or in the last one)."""
        return self.data.worker_value.get(kind, 0) - self.sustain_value(kind)

    def colonist_value(self, kind: str, extra_jobs: int = 0) -> float:
        """One more Colonist of ``kind`` at home: a Worker if a job waits for him (half as much
        while the job still has to be built)."""
        free = self.jobs.get(kind, 0) + extra_jobs - self.home.get(kind, 0)
        value = self.worker_part(kind)
        # without a job waiting, worth half (a Merchant three quarters: a Factory takes him),
        # and half again for each one idle already
        first = 0.75 if kind == "merchant" else 0.5
        return value if free > 0 else value * first * 0.5 ** (-free)

    def function_value(self, b: d.Building) -> float:
        """What a working building adds over the years left (not its Dollars): a Citizen's or
        Merchant's job counts only the years its yield beats his sustenance."""
        y = self.years
        st = self.style
        per = self._per_year(b)
        if per is None:
            return self._special_value(b)
        if b.worker in ("citizen", "merchant"):
            per -= self.sustain_value(b.worker)
            if per <= 0:
                return 0.0
        return per * y * st.get(b.kind, 1.0)

    def _per_year(self, b: d.Building) -> float | None:
        """A producing building's yearly worth (None for other buildings)."""
        y = self.years
        if b.kind == "production":
            return sum(self.base.get(g, 0.5) * n for g, n in b.output.items()) * 0.7 * \
                min(1.0, 6 / y)
        if b.kind == "sustenance":
            gap = sum(self.food_gap().values())
            return sum(self.base.get(g, 0.5) * n for g, n in b.output.items()) * \
                (1.0 if gap else 0.6) * min(1.0, 6 / y)
        if b.kind == "money":
            return float(sum(b.output.values())) * 0.9
        return None

    def _special_value(self, b: d.Building) -> float:
        y = self.years
        st = self.style
        if b.kind == "storage":
            return b.storage * self.storage_worth() * st["storage"]
        effect = b.effect
        if effect is None:
            return 0.0
        if isinstance(effect, d.FactoryEffect):
            return self.factory_value(b) * st["special"]
        if isinstance(effect, d.LibraryEffect):
            return (2.0 if y > 3 else 0.3) * st["cards"]
        if isinstance(effect, d.InstituteEffect):  # two cards a visit to the Developer
            return ((3.0 + 1.2 * min(6, len(self.c.hand))) if y > 3 else 0.5) * st["cards"]
        if isinstance(effect, d.ExtraSteward):
            return (3.0 if y > 2 else 0.5) * st["special"]
        if isinstance(effect, d.ExtraRange):
            return (2.5 if y > 2 else 0.5) * st["special"]
        if isinstance(effect, d.NoFee):
            return (1.5 if len(self.s.players) > 1 and y > 2 else 0.2) * st["special"]
        return 0.5

    def worth_employing(self, b: d.Building, worker: str) -> bool:
        """Whether to put a ``worker`` to work in ``b`` at the end of this year: Farmers eat
        nothing; Citizens and Merchants in the last year (they score) or where their yield
        pays for their keep."""
        if worker == "farmer" or self.years <= 1:
            return True
        keep = self.sustain_value(worker)
        per = self._per_year(b)
        if per is not None:
            return per > keep
        if b.kind == "storage":
            return b.storage * self.storage_worth() * 0.5 > keep
        if isinstance(b.effect, d.FactoryEffect):
            return self.factory_value(b) / max(1, self.years) > keep
        return b.effect is not None

    def factory_value(self, b: d.Building) -> float:
        counts: dict[str, int] = {}
        for built in self.c.buildings:
            other = self.data.buildings.get(built.slug)
            if other is not None and other.kind in ("production", "sustenance") and built.workers:
                counts[built.workers[0]] = counts.get(built.workers[0], 0) + 1
        best = max(counts.values(), default=0)
        return best * 0.9 * min(self.years, 6)

    def storage_worth(self) -> float:
        """A Storage space's worth: high while costs do not fit, more so in later eras."""
        space = self.room.storage + self.room.general
        era = self.s.era
        if self.years <= 1:
            return 0.1
        if space < 6:
            return 1.6
        if space < 9:
            return 1.0 + 0.15 * era
        if space < 13:
            return 0.4 + 0.15 * era
        return 0.15 + 0.05 * era

    def building_util(self, b: d.Building, extra_jobs: int = 0) -> float:
        """A building's worth to this community: its Dollars, its Colonists or its Worker and
        what it does."""
        if extra_jobs:
            return self._building_util(b, extra_jobs)
        if b.slug not in self._utils:
            self._utils[b.slug] = self._building_util(b, 0)
        return self._utils[b.slug]

    def _building_util(self, b: d.Building, extra_jobs: int) -> float:
        st = self.style
        worth = float(b.value)
        if b.kind == "residence":
            for kind, n in b.houses.items():
                worth += n * self.colonist_value(kind, extra_jobs) * st["residence"]
            # what it can still become: a Farm a Flat or an Estate, a Flat a House
            if self.years > 2:
                idle = max(0, self.home.get(next(iter(b.houses)), 0) - self.jobs.get(
                    next(iter(b.houses)), 0)) if b.houses else 0
                worth += RESIDENCE_OPTION.get(b.slug, 0.0) * st["residence"] * 0.5 ** idle
            return worth
        if b.workers == 0:
            return worth + self.function_value(b)
        kinds = [w for w in d.WORKER_TYPES if self.may_work(b, w)]
        spare = [w for w in kinds if self.home.get(w, 0) - self.jobs.get(w, 0) >= b.workers]
        func = self.function_value(b)
        if spare:
            kind = max(spare, key=lambda w: self.worker_part(w))
            worth += self.worker_part(kind) * b.workers + func
        else:
            # a job for a Colonist still to come: only for a type the community has (or
            # Farmers), and only while its empty jobs do not outnumber its Colonists at home
            future = [w for w in kinds if (w == "farmer" or self.colonists.get(w, 0) > 0)
                      and self.jobs.get(w, 0) - self.home.get(w, 0) < 1]
            if future:
                kind = max(future, key=lambda w: self.worker_part(w))
                worth += 0.5 * self.worker_part(kind) * b.workers + 0.4 * func
        return worth

    def build_plan(self, b: d.Building, price: Mapping[str, int], relaxed: bool = False
                   ) -> tuple[float, Bundle, Any] | None:
        """(worth less price, price with razing, the log's entry) for building ``b`` once, or
        None when the community may not hold it. ``relaxed``: as if a Colonist could be sent
        home for a remodel (at the end of the year)."""
        key = (b.slug, tuple(sorted(price.items())), relaxed)
        if key not in self._plans:
            plan = self.build_plan(b, price) if relaxed else None
            if plan is None:
                plan = self._build_plan(b, price, relaxed)
            self._plans[key] = plan
        return self._plans[key]

    def _build_plan(self, b: d.Building, price: Mapping[str, int], relaxed: bool
                    ) -> tuple[float, Bundle, Any] | None:
        s, i, c = self.s, self.i, self.c
        if b.limit is not None and sum(1 for x in c.buildings if x.slug == b.slug) >= b.limit:
            return None
        cost = dict(price)
        gain = self.building_util(b)
        item: Any = b.slug
        if b.upgrade_of is not None:
            sources = {b.upgrade_of} | {x.source for x in self.of(d.ExtraRemodel)
                                        if x.target == b.slug}
            best: tuple[float, int] | None = None
            for k, built in enumerate(c.buildings):
                if built.slug not in sources:
                    continue
                old = self.data.buildings[built.slug]
                short = False
                for kind, n in old.houses.items():
                    lost = n - b.houses.get(kind, 0)
                    if lost > 0 and self.home.get(kind, 0) < lost:
                        short = not relaxed or self.colonists[kind] < lost
                if short:
                    continue
                loss = self.building_util(old) if not built.workers else (
                    old.value + self.data.worker_value.get(built.workers[0], 0) * 0.5)
                if b.kind == "residence" and old.kind == "residence":
                    loss = old.value + sum(n * 0.3 * self.colonist_value(kind)
                                           for kind, n in old.houses.items())
                if best is None or loss < best[0]:
                    best = (loss, k)
            if best is None:
                return None
            gain -= best[0]
            name = building_name(s, i, best[1])
            item = {"building": b.slug, "from": name} if name != b.upgrade_of else b.slug
        else:
            slugs = [x.slug for x in c.buildings] + [b.slug]
            if not self.spots_ok(slugs):
                raze = self.raze_choice(b)
                if raze is None:
                    return None
                loss, name = raze
                gain -= loss
                add(cost, {"tools": self.data.raze_tools})
                item = {"building": b.slug, "raze": name}
            elif b.kind != "storage":
                gain -= self.spot_cost()
        return gain - self.cost_value(cost), cost, item

    def spot_cost(self) -> float:
        """What taking one of the last free building spots costs (what else could go there)."""
        general, facility = self.spots
        others = len(self._owned) - self._facilities
        free = general + max(0, facility - self._facilities) - others
        return 0.0 if free > 6 or self.years <= 1 else (7 - free) * 0.7

    def raze_choice(self, b: d.Building) -> tuple[float, str] | None:
        """The building whose loss costs least, to make room for ``b``."""
        s, i, c = self.s, self.i, self.c
        best: tuple[float, str] | None = None
        home = self.home
        for k, built in enumerate(c.buildings):
            if co.is_storage_facility(self.data, built.slug) != (b.kind == "storage") and \
                    b.kind == "storage":
                continue
            old = self.data.buildings.get(built.slug)
            if old is None:  # an Embassy: its Dollars and its abilities are lost with it
                loss = self.embassy_worth(built.slug) + 2.0
                if best is None or loss < best[0]:
                    best = (loss, building_name(s, i, k))
                continue
            if any(home.get(kind, 0) < n for kind, n in old.houses.items()):
                continue
            loss = float(old.value) + 2.0
            if built.workers:
                loss += sum(self.data.worker_value.get(w, 0) for w in built.workers)
                loss += self.function_value(old)
            if old.kind == "residence":
                loss += 1.0
            if best is None or loss < best[0]:
                best = (loss, building_name(s, i, k))
        return best

    def embassy_value(self, colony: str, level: int) -> float:
        """An Embassy level's Dollars over the present level's, and its new abilities."""
        levels = self.data.embassy_levels
        have = self.c.embassies.get(colony, 0)
        worth = float(levels[level].value - (levels[have].value if have else 0))
        before = self.data.abilities(colony, have)
        worth = self._plus_abilities(worth, (e for e in self.data.abilities(colony, level)
                                             if e not in before))
        if not have:
            worth -= 0.5  # a building spot
        if have and level == self.data.eras[self.s.era].max_colony_level:
            worth += 1.5 * level  # the top level the era allows: its abilities at once
        return self._as_diplomat(colony, worth)

    def embassy_worth(self, slug: str) -> float:
        """What keeping an Embassy is worth: its level's Dollars and its abilities."""
        colony = co.colony_of(slug)
        level = self.c.embassies.get(colony, 0) if colony is not None else 0
        if colony is None or not level:
            return 0.0
        worth = float(self.data.embassy_levels[level].value)
        worth = self._plus_abilities(worth, self.data.abilities(colony, level))
        return self._as_diplomat(colony, worth)

    def _plus_abilities(self, worth: float, abilities: Iterable[d.Effect]) -> float:
        for e in abilities:
            worth += max(0.5, min(6.0, self.effect_value(e)))
        return worth

    def _as_diplomat(self, colony: str, worth: float) -> float:
        """A worth in relations as this player weighs it: more for the colony it favours."""
        if colony == self.patron():
            worth *= 1.7
        return worth * self.style["diplomacy"]

    def patron(self) -> str | None:
        """The colony this player favours (drawn with the style), among those in play."""
        colonies = sorted(self.s.colonies)
        if not colonies:
            return None
        return colonies[min(len(colonies) - 1, int(self.style["patron"] * len(colonies)))]

    def card_value(self, number: int) -> float:
        """A hand card's worth when played (less its price)."""
        card = self.data.improvements[number]
        cost = self.play_cost(number)
        worth = 0.0
        for e in card.effects:
            self._uses[id(e)] = card.uses
            worth += self.effect_value(e)
        if card.kind == "permanent":
            worth += card.value
        return (worth - self.cost_value(cost)) * self.style["cards"]

    def effect_value(self, e: d.Effect) -> float:
        y = self.years
        if isinstance(e, d.Gain):
            return sum(self.base.get(g, 0.5) * n for g, n in e.goods.items())
        if isinstance(e, d.Convert):
            gains = [sum(self.base.get(g, 0.5) * n for g, n in r.get.items())
                     - sum(self.base.get(g, 0.5) * n for g, n in r.give.items())
                     for r in e.recipes]
            return max(0.0, max(gains, default=0.0)) * min(e.limit or 3, 3)
        if isinstance(e, d.Contract):
            b = self.data.buildings[e.building]
            plan = self.build_plan(b, e.price)
            return plan[0] + self.cost_value(plan[1]) - self.cost_value(e.price) \
                if plan else -1.0
        if isinstance(e, d.Production):
            per = sum(self.base.get(g, 0.5) * n for g, n in e.goods.items())
            if "dollars" in e.goods:
                return e.goods["dollars"] * y * 0.9
            return per * min(y, 6) * 0.8
        if isinstance(e, d.ProductionConvert):  # a Refiner's trip saved every year
            return 1.0 * min(y, 8)
        if isinstance(e, d.PlaceBonus):
            return e.amount * 0.35 * min(y, 10)
        if isinstance(e, d.Colonists):
            return e.count * self.colonist_value(e.worker)
        if isinstance(e, d.StorageSpaces):
            return e.spaces * self.storage_worth()
        if isinstance(e, d.Warehouse):
            return e.lots * self.storage_worth() * (0.6 if e.good else 1.0)
        if isinstance(e, d.BuildingBonus):
            have = sum(1 for b in self.c.buildings if b.slug == e.building and b.workers)
            if e.max_buildings is not None:
                have = min(have, e.max_buildings)
            per = sum(self.base.get(g, 0.5) * n for g, n in e.goods.items())
            return per * have * min(y, 6) * 0.8
        if isinstance(e, d.FeeWaive | d.NoFee):  # Fees not paid, the more rivals the more
            return 0.25 * (len(self.s.players) - 1) * min(y, 10) if y > 2 else 0.2
        if isinstance(e, d.Ticket | d.Horse | d.Apprentice):
            uses = self._uses.get(id(e), 2)
            each = {d.Ticket: 1.2, d.Horse: 1.4, d.Apprentice: 2.0}[type(e)]
            return uses * each if y > 1 else 0.2
        if isinstance(e, d.EndBonus):
            cap = e.max_dollars if e.max_dollars is not None else 4
            return min(cap, e.dollars_each * max(1, self.home.get(e.worker, 0))) * 0.7
        if isinstance(e, d.BuildingSpot | d.Borderland):
            return 1.0
        if isinstance(e, d.MarketAlternative):
            return (0.5 if e.mode == "trade" else 0.3) * min(y, 8)
        if isinstance(e, d.ExtraSteward):
            return 3.0 if y > 2 else 0.3
        if isinstance(e, d.ExtraRange | d.JumpTo):
            return 2.0 if y > 2 else 0.3
        if isinstance(e, d.ImprovementToolWaive):
            return 0.4 * min(y, 8)
        return 0.6

    # ----------------------------------------------------------------- places

    def tile_value(self, t: int) -> float | None:
        """The best action's worth at tile ``t`` (None: no action the engine would allow
        there), from the candidates of its Place (computed once per Place)."""
        tile = self.s.board.tiles[t]
        key = "market" if tile.market else tile.slug
        if key not in self._slug_values:
            cands = [c.value for c in self.candidates(t, full=False) if c.reach]
            self._slug_values[key] = max(cands) if cands else None
        return self._slug_values[key]

    def tile_values(self) -> dict[int, float]:
        """:meth:`tile_value` of every tile (where an action is possible)."""
        out: dict[int, float] = {}
        for t in self.s.board.tiles:
            v = self.tile_value(t)
            if v is not None:
                out[t] = v
        return out

    def within(self, t: int, steps: int) -> Iterable[int]:
        """Tiles within ``steps`` of ``t`` (``t`` included), on the cached adjacency."""
        adjacent = self.board.adjacent
        if steps == 1:
            return (t, *adjacent[t])
        seen = {t}
        frontier = [t]
        for _ in range(steps):
            nxt = []
            for u in frontier:
                for w in adjacent[u]:
                    if w not in seen:
                        seen.add(w)
                        nxt.append(w)
            frontier = nxt
        return sorted(seen)

    def next_value(self, t: int, here: int) -> float:
        """The best action reachable on the next turn from ``t`` (a look-ahead)."""
        best = self._market_best()
        for u in self.within(t, self.range):
            if u != t:
                v = self.tile_value(u)
                if v is not None and v > best:
                    best = v
        return best

    def _market_best(self) -> float:
        markets = self.board.markets
        v = self.tile_value(markets[0]) if markets else None
        return max(0.0, v) if v is not None else 0.0

    def fee(self, t: int) -> tuple[float, dict[str, dict[str, int]]] | None:
        """(what the Fee costs, the payment by payee) for moving onto ``t``; None: unpayable."""
        due = self.fee_due(t)
        if not due:
            return 0.0, {}
        first, count = self.fee_parts
        if not first and not count:
            return 0.0, {}
        c = self.c
        stored = dict(c.stored)
        tools = c.tools
        payment: dict[str, dict[str, int]] = {}
        total: Bundle = {}
        for payee in due:
            pay: dict[str, int] = {}
            if first:
                options = sorted(first, key=lambda g: self.base.get(g, 1.0))
                for g in options:
                    have = tools if g == "tools" else stored.get(g, 0)
                    if have >= 1:
                        pay[g] = 1
                        if g == "tools":
                            tools -= 1
                        else:
                            stored[g] -= 1
                        break
                else:
                    return None
            left = count
            for g in sorted(d.BUILDING_RESOURCES, key=lambda g: self.base.get(g, 1.0)):
                if left <= 0:
                    break
                take = min(stored.get(g, 0), left)
                if take:
                    pay[g] = pay.get(g, 0) + take
                    stored[g] -= take
                    left -= take
            if left > 0:
                return None
            payment[payee] = pay
            add(total, pay)
        if not self.spend_ok(total):
            return None
        return self.cost_value(total) + 0.3 * len(due), payment

    # ----------------------------------------------------------------- candidate actions

    def candidates(self, t: int, full: bool) -> list[Candidate]:
        """The actions worth considering at tile ``t`` with their estimated worth. ``full``:
        for playing now (with the extra events), else an estimate for moving there."""
        tile = self.s.board.tiles[t]
        if tile.market:
            return self._market(t, full)
        place = place_of(self.data, tile.slug)
        kind = place.kind or place.type
        method = getattr(self, f"_at_{kind}", None)
        out = method(place, full) if method is not None else []
        if self.of(d.IgnoreAction):  # the Lord's alternative action
            out += [Candidate(v, e) for v, e in pc.ignore_candidates(self, place)]
        return out

    def _player(self) -> str:
        return self.s.players[self.i]

    def _receive(self, name: str, goods: Mapping[str, int], params: dict[str, Any],
                 full: bool, bonus: float = 0.0) -> Candidate:
        """Taking ``goods``: what fits, declining the rest, or first discarding held goods that
        are worth less than what comes."""
        box = self.box_value(goods.get("tools", 0), goods.get("dollars", 0))
        stored = dict(self.c.stored)
        before = self.pool_value(stored)
        after = dict(stored)
        add(after, {g: n for g, n in goods.items() if g in STORABLE})
        value = self.pool_value(after) - before + box + bonus
        event = Action.make(self._player(), name, **params)
        if not full:
            return Candidate(value, event)
        over = self.room.overflow(after)
        if not over:
            return Candidate(value, event)
        keep = self._best_fit(after)
        drop_held = {g: stored[g] - keep.get(g, 0) for g in stored
                     if stored[g] > keep.get(g, 0)}
        decline = {g: n - max(0, keep.get(g, 0) - stored.get(g, 0)) for g, n in goods.items()
                   if g in STORABLE and n > max(0, keep.get(g, 0) - stored.get(g, 0))}
        decline = {g: n for g, n in decline.items() if n > 0}
        if decline:
            params = {**params, "decline": decline}
        event = Action.make(self._player(), name, **params)
        before_events: tuple[Action, ...] = ()
        if drop_held:
            before_events = (Action.make(self._player(), "discard", goods=drop_held),)
        return Candidate(value, event, before_events)

    def decline_to_fit(self, gains: Mapping[str, int], give: Mapping[str, int]) -> Bundle:
        """The fewest (and least valuable) of ``gains`` to decline so that the rest fits once
        ``give`` is paid."""
        pool = dict(self.c.stored)
        for good, n in give.items():
            if good in STORABLE:
                pool[good] = max(0, pool.get(good, 0) - n)
        add(pool, {g: n for g, n in gains.items() if g in STORABLE})
        over = self.room.overflow(pool)
        decline: Bundle = {}
        for good in sorted((g for g in gains if g in STORABLE),
                           key=lambda g: (self.base.get(g, 1.0), g)):
            take = min(over, gains[good])
            if take:
                decline[good] = take
                over -= take
        return decline

    def _best_fit(self, pool: Mapping[str, int]) -> Bundle:
        """The part of ``pool`` to keep: the most valuable units that fit, goods already held
        before new ones of the same worth."""
        held = self.c.stored
        units: list[tuple[float, int, str]] = []
        for good, n in pool.items():
            if n > 0 and good in STORABLE:
                for k, v in enumerate(self.unit_values(good, n)):
                    units.append((v, 0 if k < held.get(good, 0) else 1, good))
        units.sort(key=lambda u: (-u[0], u[1], u[2]))
        typed = dict(self.room.typed)
        free = self.room.storage + self.room.general
        keep: Bundle = {}
        for _v, _new, good in units:
            if typed.get(good, 0) > 0:
                typed[good] -= 1
            elif free > 0:
                free -= 1
            else:
                continue
            keep[good] = keep.get(good, 0) + 1
        return keep

    def _at_resource(self, place: d.Place, full: bool) -> list[Candidate]:
        goods = self.bonus(place.gain, False)
        return [self._receive("gather", goods, {}, full)]

    def _at_sustainer(self, place: d.Place, full: bool) -> list[Candidate]:
        goods = self.bonus(place.gain, False)
        out = [self._receive("gather", goods, {}, full)]
        if place.sell is not None:
            sale = self._repeat(place.sell, None)
            if sale is not None:
                n, value = sale
                out.append(Candidate(value, Action.make(self._player(), "sell", times=n)))
        return out

    def _repeat(self, recipe: d.Recipe, limit: int | None) -> tuple[int, float] | None:
        """The best number of times to use ``recipe`` (from Storage), and its worth."""
        best: tuple[int, float] | None = None
        top = limit if limit is not None else 8
        for n in range(1, top + 1):
            give = {g: m * n for g, m in recipe.give.items()}
            get = {g: m * n for g, m in recipe.get.items()}
            if not self.exchange_ok(give, get):
                break
            value = self.exchange_value(give, get)
            if best is None or value > best[1]:
                best = (n, value)
        return best

    def _at_refiner(self, place: d.Place, full: bool) -> list[Candidate]:
        return self._refinings(place.recipes, place.limit, "refine")

    def _refinings(self, recipes: Sequence[d.Recipe], limit: int | None,
                   name: str) -> list[Candidate]:
        """One candidate per recipe, repeated as often as it pays (``times`` as the event
        writes it: a count, or a count per recipe)."""
        out = []
        for k, recipe in enumerate(recipes):
            found = self._repeat(recipe, limit)
            if found is None:
                continue
            n, value = found
            counts = [n if j == k else 0 for j in range(len(recipes))]
            times: Any = counts if len(counts) > 1 else n
            out.append(Candidate(value, Action.make(self._player(), name, times=times)))
        return out

    def _at_builder(self, place: d.Place, full: bool) -> list[Candidate]:
        return self._builds(place.builds, None, None, "build", {})

    def _builds(self, slugs: Iterable[str], price: Mapping[str, int] | None, limit: int | None,
                name: str, params: dict[str, Any]) -> list[Candidate]:
        out = []
        extras = {x.building: x for x in self.of(d.ExtraBuilds)}
        for slug in slugs:
            b = self.data.buildings[slug]
            plan = self.build_plan(b, price if price is not None else b.cost)
            if plan is None:
                continue
            worth, cost, item = plan
            if not self.spend_ok(cost):
                continue
            items = [item]
            total = dict(cost)
            # a second copy of a cheap building, when it is worth it too
            if (limit is None or limit > 1) and isinstance(item, str) and \
                    b.upgrade_of is None and worth > 1.0:
                twice = dict(cost)
                add(twice, cost)
                slugs2 = [x.slug for x in self.c.buildings] + [slug, slug]
                if (b.limit is None or sum(1 for x in self.c.buildings if x.slug == slug) + 2
                        <= b.limit) and self.spots_ok(slugs2) and \
                        self.spend_ok(twice) and self.years > 2:
                    items.append(item)
                    total = twice
                    worth = worth * 1.8
            for extra in extras.values():
                if b.worker != extra.trigger_worker and b.worker != "any":
                    continue
                eb = self.data.buildings[extra.building]
                more = dict(total)
                add(more, extra.price)
                slugs3 = [x.slug for x in self.c.buildings] + [slug] * len(items) + [eb.slug]
                if eb.upgrade_of is None and self.spots_ok(slugs3) and \
                        self.spend_ok(more):
                    items.append({"building": eb.slug, "extra": True})
                    total = more
                    worth += self.building_util(eb) - self.cost_value(extra.price)
            event = Action.make(self._player(), name, buildings=items, **params)
            out.append(Candidate(worth, event))
        return out

    def _at_developer(self, place: d.Place, full: bool) -> list[Candidate]:
        player = self._player()
        tools = self.base["tools"] * 2
        out: list[Candidate] = []
        plays: list[tuple[float, dict[str, Any]]] = []
        for number in sorted(set(self.c.hand)):
            for value, params in self._card_plays(number):
                plays.append((value, {"card": number, **params}))
        plays.sort(key=lambda p: -p[0])
        for value, params in plays:
            # The engine lets a Steward onto the Developer only if a card can be played
            # without declining goods (moves.cards._card_options); see the report.
            out.append(Candidate(value + tools, Action.make(player, "develop", **params),
                                 reach="decline" not in params))
        extra = sum(x.extra_plays for x in self.of(d.InstituteEffect))
        if extra and len(plays) >= 2:
            first, second = plays[0], next((p for p in plays[1:]
                                            if p[1]["card"] != plays[0][1]["card"]), None)
            # the second card costs a Tool less (the Institute): worth it if nearly even
            if second is not None and second[0] > -1.0:
                out.append(Candidate(first[0] + second[0] + tools + 1.2, Action.make(
                    player, "develop", cards=[first[1], second[1]])))
        return out

    def _card_plays(self, number: int) -> list[tuple[float, dict[str, Any]]]:
        """Ways to play a hand card (its parameters) with their worth, if it can be paid."""
        card = self.data.improvements[number]
        cost = self.play_cost(number)
        out: list[tuple[float, dict[str, Any]]] = []
        gains: Bundle = {}
        for e in card.effects:
            if isinstance(e, d.Gain):
                add(gains, e.goods)
        contract = next((e for e in card.effects if isinstance(e, d.Contract)), None)
        convert = next((e for e in card.effects if isinstance(e, d.Convert)), None)
        tools_after = dict(cost)
        tools_after["tools"] = max(0, cost.get("tools", 0) - 2)  # the Developer's 2 Tools first
        if contract is not None:
            b = self.data.buildings[contract.building]
            plan = self.build_plan(b, contract.price)
            if plan is None:
                return []
            worth, price, item = plan
            trial = dict(price)
            trial["tools"] = max(0, trial.get("tools", 0) - 2)
            if not self.spend_ok(trial):
                return []
            return [(worth, {"buildings": [item]})]
        if convert is not None:
            for k, recipe in enumerate(convert.recipes):
                found = self._repeat(recipe, convert.limit)
                if found is None:
                    continue
                n, value = found
                counts = [n if j == k else 0 for j in range(len(convert.recipes))]
                times: Any = counts if len(counts) > 1 else n
                out.append((value + self.exchange_value({}, gains), {"times": times}))
            if not out and self.exchange_ok(tools_after, gains):
                out.append((self.exchange_value({}, gains) - 0.3, {}))
            return out
        if not self.exchange_ok(tools_after, gains):
            if not gains or not self.exchange_ok(tools_after, {}):
                return []
            decline = self.decline_to_fit(gains, tools_after)
            if not self.exchange_ok(tools_after, {g: n - decline.get(g, 0)
                                                  for g, n in gains.items()}):
                return []
            value = self.card_value(number) - self.cost_value(decline)
            return [(value, {"decline": decline})]
        value = self.card_value(number)
        if card.kind == "immediate":
            value = self.exchange_value(cost, gains)
        return [(value, {})]

    def _at_librarian(self, place: d.Place, full: bool) -> list[Candidate]:
        s, i = self.s, self.i
        if s.data.hand_limit - len(self.c.hand) <= 0:
            return []
        drawn, keep = draws(s, i, place.draw)
        value = self.box_value(place.gain.get("tools", 0), place.gain.get("dollars", 0))
        value += keep * 1.3 * self.style["cards"] + (drawn - keep) * 0.3
        if self.years <= 1:
            value = self.box_value(0, place.gain.get("dollars", 0)) + 0.1
        goods = {g: n for g, n in place.gain.items() if g in STORABLE}
        if goods and self.room.overflow({**self.c.stored}) > 0:
            return []
        return [Candidate(value, Action.make(self._player(), "draw_cards"))]

    def _at_diplomat(self, place: d.Place, full: bool) -> list[Candidate]:
        s, i = self.s, self.i
        top = self.data.eras[s.era].max_colony_level
        options: list[tuple[float, str, int]] = []
        for colony in s.colonies:
            have = self.c.embassies.get(colony, 0)
            for level in range(have + 1, top + 1):
                options.append((self.embassy_value(colony, level), colony, level))
        out: list[Candidate] = []
        chosen: dict[str, int] = {}
        worth = 0.0
        for value, colony, level in sorted(options, key=lambda o: (-o[0], o[1], o[2])):
            trial = dict(chosen)
            trial[colony] = max(level, trial.get(colony, 0))
            cost = diplomacy_cost(s, i, trial)
            if not self.spend_ok(cost):
                continue
            new = [x for x in trial if x not in self.c.embassies]
            if new:
                slugs = [b.slug for b in self.c.buildings] + [co.embassy_slug(x) for x in new]
                if not self.spots_ok(slugs):
                    continue
            net = value - self.cost_value(diplomacy_cost(s, i, {colony: level}))
            if net <= 0 and chosen:
                continue
            chosen = trial
            worth += net
            out.append(Candidate(worth, Action.make(self._player(), "diplomacy",
                                                    **pc.with_ambassadors(s, i, chosen))))
        return out

    def _at_head_official(self, place: d.Place, full: bool) -> list[Candidate]:
        goods = self.bonus(place.gain, False)
        marker = self._marker_value()
        return [self._receive("claim_marker", goods, {}, full, marker)]

    def _at_chief_officer(self, place: d.Place, full: bool) -> list[Candidate]:
        goods = self.bonus(place.gain, False)
        marker = self._marker_value()
        out = [self._receive("claim_marker", goods, {}, full, marker)]
        if full:
            swap = self._swap(adjacent=False)
            if swap is not None:
                cand = self._receive("claim_marker", goods, {"swap": swap}, full, marker + 0.2)
                out.append(cand)
        return out

    def _marker_value(self) -> float:
        if self.s.marker == self.i:
            return -0.2
        return 0.6 * self.style["marker"] * (1.0 if self.years > 1 else 0.2)

    def _swap(self, adjacent: bool) -> list[list[int]] | None:
        """Two unoccupied Places to swap: bring the best one next to this player's Steward."""
        s = self.s
        occupied = {t for c in s.p for t in c.stewards if t is not None}
        here = self.c.stewards[0] if self.c.stewards else None
        if here is None:
            return None
        values = self.tile_values()
        near = sorted(t for t in s.board.adjacent_tiles(here)
                      if t not in occupied and not s.board.tiles[t].market)
        if not near:
            return None
        worst = min(near, key=lambda t: (values.get(t, -5.0), t))
        best: tuple[float, int] | None = None
        for t, tile in sorted(s.board.tiles.items()):
            if tile.market or t in occupied or t == worst:
                continue
            if adjacent and t not in s.board.adjacent_tiles(worst):
                continue
            if tile.slug == s.board.tiles[worst].slug:
                continue
            v = values.get(t, -5.0)
            if best is None or v > best[0]:
                best = (v, t)
        if best is None or best[0] <= values.get(worst, -5.0):
            return None
        return [list(s.board.tiles[worst].cells[0]), list(s.board.tiles[best[1]].cells[0])]

    def _market(self, t: int, full: bool) -> list[Candidate]:
        s = self.s
        if s.market_card is None:
            return []
        card = s.data.market_cards[f"era_{s.era}.{s.market_card}"]
        player = self._player()
        out: list[Candidate] = []
        # sales: each offer as often as it pays
        counts = [0] * len(card.sales)
        give: Bundle = {}
        get: Bundle = {}
        value = 0.0
        for _ in range(12):
            best: tuple[float, int] | None = None
            for k, recipe in enumerate(card.sales):
                g2 = dict(give)
                add(g2, recipe.give)
                r2 = dict(get)
                add(r2, recipe.get)
                if not self.exchange_ok(g2, r2):
                    continue
                v = self.exchange_value(g2, r2) * self.style["sell"]
                if v > value + 0.05 and (best is None or v > best[0]):
                    best = (v, k)
            if best is None:
                break
            value, k = best
            counts[k] += 1
            add(give, card.sales[k].give)
            add(get, card.sales[k].get)
        if any(counts):
            out.append(Candidate(value, Action.make(player, "sell", times=counts)))
        for k, goods in enumerate(card.subsidy):
            bundle = self.bonus(goods, True)
            params: dict[str, Any] = {"option": k} if k else {}
            out.append(self._receive("subsidy", bundle, params, full))
        if full:
            everything = self.bonus(card.subsidy[0], True)
            stored = {g: n for g, n in everything.items() if g in STORABLE}
            if stored:
                out.append(Candidate(-0.5, Action.make(player, "subsidy", decline=stored)))
        out.extend(self._market_action(card.action))
        out.extend(self._trades())
        if full:
            for number in sorted(self.c.played):
                for x in self.data.improvements[number].effects:
                    if isinstance(x, d.MarketAlternative) and x.mode == "swap_places":
                        swap = self._swap(adjacent=x.adjacent)
                        if swap is not None:
                            out.append(Candidate(0.3, Action.make(
                                player, "market_action", card=number, swap=swap)))
        return out

    def _market_action(self, action: d.MarketAction) -> list[Candidate]:
        s, i = self.s, self.i
        player = self._player()
        if action.kind in ("build", "remodel"):
            assert action.building is not None
            return self._builds([action.building], action.cost, action.limit, "market_action",
                                {})
        if action.kind == "refine":
            return self._refinings(action.recipes, action.limit, "market_action")
        if action.kind == "librarian":
            if s.data.hand_limit - len(self.c.hand) <= 0:
                return []
            _drawn, keep = draws(s, i, action.draw, place=False)
            value = keep * 1.1 * self.style["cards"] if self.years > 1 else 0.05
            return [Candidate(value, Action.make(player, "market_action"))]
        if action.kind in ("head_official", "chief_officer"):
            return [Candidate(self._marker_value(), Action.make(player, "market_action"))]
        return []

    def _trades(self) -> list[Candidate]:
        trades: list[d.Trade] = []
        for x in self.effects:
            if isinstance(x, d.MarketAlternative) and x.mode == "trade":
                trades.extend(x.trades)
        out: list[Candidate] = []
        stored = dict(self.c.stored)
        for trade in trades:
            # give the goods worth least, get the one worth most
            gives = sorted((g for g in trade.give if (g == "tools" and self.c.tools) or
                            stored.get(g, 0) > 0), key=lambda g: self.base.get(g, 1.0))
            gets = sorted(trade.get, key=lambda g: -(self.unit_values(g, 1)[0]
                                                     if g in STORABLE else self.base[g]))
            if not gives or not gets:
                continue
            best: tuple[float, Bundle, Bundle] | None = None
            for m in (1, 2):
                give: Bundle = {}
                left = trade.give_count * m
                for g in gives:
                    have = self.c.tools if g == "tools" else stored.get(g, 0)
                    take = min(have, left)
                    if take:
                        give[g] = take
                        left -= take
                if left:
                    break
                get = {gets[0]: trade.get_count * m}
                if not self.exchange_ok(give, get):
                    break
                v = self.exchange_value(give, get)
                if best is None or v > best[0]:
                    best = (v, give, get)
            if best is not None:
                out.append(Candidate(best[0], Action.make(self._player(), "market_trade",
                                                          give=best[1], get=best[2])))
        return out


# --------------------------------------------------------------------------- small helpers


def signature(s: ColonistsState, i: int) -> tuple[Any, ...]:
    """What an evaluator of player ``i`` reads, except where the Stewards stand."""
    c = s.p[i]
    return (tuple(b.key() for b in c.buildings), tuple(sorted(c.stored.items())),
            tuple(sorted(c.buffered.items())), c.tools, c.dollars, tuple(c.hand),
            tuple(c.played), tuple(sorted(c.limited.items())), tuple(sorted(c.embassies.items())),
            s.marker, s.era, s.year, s.market_card, s.board.next_id,
            tuple(t.slug for t in s.board.tiles.values()), tuple(s.colonies))


def years_left(s: ColonistsState) -> int:
    """Production phases still to come, this year's included."""
    per = s.data.calendar.years_per_era
    return max(1, (s.last_era - s.era) * per + (per - s.year) + 1)


_PLACES: dict[int, dict[str, d.Place]] = {}


@dataclass
class BoardFacts:
    """What the policy reads off the board, kept while its tiles stay the same."""

    builders: list[str]                 # Builder slugs on the board
    refiners: list[d.Recipe]            # the recipes of its Refiners
    sales: list[d.Recipe]               # the Sustainers' sales
    adjacent: dict[int, tuple[int, ...]]  # tile -> adjacent tiles
    markets: list[int]                  # the Market tiles


_BOARDS: dict[tuple[int, int, tuple[str, ...]], BoardFacts] = {}


def board_facts(s: ColonistsState) -> BoardFacts:
    key = (id(s.data), s.board.next_id, tuple(t.slug for t in s.board.tiles.values()))
    found = _BOARDS.get(key)
    if found is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        slugs = sorted({t.slug for t in s.board.tiles.values() if not t.market})
        places = [place_of(s.data, slug) for slug in slugs]
        board = s.board
        found = BoardFacts([p.slug for p in places if p.type == "builder"],
                           [r for p in places if p.type == "refiner" for r in p.recipes],
                           [p.sell for p in places if p.sell is not None],
                           {t: tuple(sorted(board.adjacent_tiles(t))) for t in board.tiles},
                           sorted(t for t, tile in board.tiles.items() if tile.market))
        _BOARDS[key] = found
    return found


def place_of(data: d.ColonistsData, slug: str) -> d.Place:
    """``data.place`` (a linear search) looked up once per data set and slug."""
    table = _PLACES.setdefault(id(data), {})
    if slug not in table:
        table[slug] = data.place(slug)
    return table[slug]


def builders_on_board(s: ColonistsState) -> list[str]:
    return board_facts(s).builders


def sell_values(s: ColonistsState) -> dict[str, float]:
    """The most Dollars one unit of each good fetches now (the year's Market card, Sustainers
    on the board)."""
    out: dict[str, float] = {}
    recipes: list[d.Recipe] = list(board_facts(s).sales)
    if s.market_card is not None:
        recipes.extend(s.data.market_cards[f"era_{s.era}.{s.market_card}"].sales)
    for r in recipes:
        if len(r.give) != 1:
            continue
        (good, n), = r.give.items()
        rate = r.get.get("dollars", 0) / n
        out[good] = max(out.get(good, 0.0), rate)
    return out


POLICY = ColonistsPlayer
