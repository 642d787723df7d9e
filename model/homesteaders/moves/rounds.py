"""The round structure: the start player draw and the tile reveals (chance), and the phase
markers with the automatic effects each one brings: a new round's tiles and stage, income, wages
paid for players who did not pay them, the outcome of the bidding."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.model.core import Chance, Note, Phase, PlayerDraw, Violation, fields, unknown
from referee.model.homesteaders.data import HomesteadersData
from referee.model.homesteaders.moves.common import (
    Draw,
    Marker,
    State,
    _Bound,
    holding,
    ladder_step,
    owed_items_problem,
    wages,
)
from referee.model.homesteaders.state import NEUTRAL, UNPAID

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.model.homesteaders.game import Homesteaders

# --------------------------------------------------------------------------- chance


class StartPlayer(_Bound, PlayerDraw[State]):
    name = "start_player"
    rules = ("HS-START-PLAYER", "HS-VOCAB")

    def describe(self, state: State) -> str:
        return "chance 'start_player' (the start player is drawn first)"

    def apply(self, state: State, event: Chance, note: Note) -> None:
        if state.round == 0:  # a game from the rulebook's setup, not from a position
            note("HS-SETUP-PLAYERS")
            note("HS-SETUP-COPIES")
            note("HS-SETUP-AUCTIONS")
        state.start = state.index(event.get("player"))
        if state.phase == "bidding":
            state.turn = state.start


def pending_reveals(state: State) -> list[int]:
    if state.phase != "setup":
        return []
    return [a for a in range(2, state.auctions + 1) if a not in state.tiles]


def reveal_pool(data: HomesteadersData, state: State, auction: int) -> list[int]:
    group = data.stage_of_round(state.round)
    return [t.id for t in data.tiles.values()
            if t.auction == auction and t.group == group and t.id not in state.used]


def reveal_problem(data: HomesteadersData, state: State, event: Chance) -> Violation | None:
    """Why a reveal (of a known tile, on auction 2 or 3) cannot happen now, or None."""
    auction, tile = event.get("auction"), event.get("tile")
    if auction > state.auctions:
        return Violation("chance", "HS-SETUP-AUCTIONS", f"auction {auction} is not used with "
                         f"{len(state.players)} players")
    if state.phase != "setup":
        return Violation("order", "HS-REVEAL", "tiles are revealed between the setup and the "
                         f"income marker, not in the {state.phase} phase")
    if auction in state.tiles:
        return Violation("order", "HS-REVEAL", f"auction {auction} already shows tile "
                         f"{state.tiles[auction]} this round")
    t = data.tiles[tile]
    group = data.stage_of_round(state.round)
    if t.auction != auction or t.group != group:
        where = f"auction {t.auction}, group {t.group}" if t.group else f"auction {t.auction}"
        return Violation("chance", "HS-REVEAL", f"round {state.round} reveals an auction "
                         f"{auction} tile of the {group} group, found tile {tile} ({where})")
    if tile in state.used:
        return Violation("chance", "HS-REVEAL", f"tile {tile} was revealed before")
    return None


class Reveal(Draw):
    name = "reveal"
    rules = ("HS-REVEAL", "HS-SETUP-AUCTIONS", "HS-VOCAB")
    required = fields(auction=int, tile=int)

    def validate(self, state: State, event: Chance) -> Violation | None:
        auction, tile = event.get("auction"), event.get("tile")
        if auction not in (2, 3):
            return Violation("schema", "HS-REVEAL", f"reveal is for auction 2 or 3, found "
                             f"{auction}")
        if tile not in self.data.tiles:
            return Violation("schema", "HS-REVEAL",
                             unknown("tile", tile, map(str, self.data.tiles)))
        return None

    def check(self, state: State, event: Chance) -> Violation | None:
        return reveal_problem(self.data, state, event)

    def outcomes(self, state: State) -> list[tuple[Chance, Fraction]]:
        pending = pending_reveals(state)
        pool = reveal_pool(self.data, state, pending[0]) if pending else []
        if not pool:
            return []
        from fractions import Fraction

        p = Fraction(1, len(pool))
        return [(Chance.make("reveal", auction=pending[0], tile=t), p) for t in pool]

    def describe(self, state: State) -> str:
        pending = pending_reveals(state)
        return f"chance 'reveal' for auction {pending[0]}" if pending else "chance 'reveal'"

    def apply(self, state: State, event: Chance, note: Note) -> None:
        state.tiles[event.get("auction")] = event.get("tile")
        state.used.add(event.get("tile"))


# --------------------------------------------------------------------------- effects


def stage_supply(data: HomesteadersData, players: int, round_: int) -> dict[str, int]:
    """The full supply of the stages on offer in ``round_`` (before players build)."""
    stages = data.supply_stages(round_)
    return {name: b.copies_for(players) for name, b in data.buildings.items()
            if b.stage in stages and b.copies_for(players) > 0}


def stage_changes(data: HomesteadersData) -> dict[int, tuple[set[str], set[str]]]:
    """Round -> (the stages on offer before it, those on offer in it), for the rounds that
    change them (round 1 included: it starts the supply)."""
    out = {}
    for r in range(1, data.rounds + 1):
        before = set(data.supply_stages(r - 1)) if r > 1 else set()
        now = set(data.supply_stages(r))
        if before != now:
            out[r] = (before, now)
    return out


def change_stage(data: HomesteadersData, state: State, before: set[str], now: set[str]) -> None:
    """Remove unbuilt buildings of stages that end and add those of stages that begin."""
    n = len(state.players)
    supply = {name: count for name, count in state.supply.items()
              if data.buildings[name].stage in now}
    for name, b in data.buildings.items():
        if b.stage in now - before and b.copies_for(n) > 0:
            supply[name] = b.copies_for(n)
    state.supply = supply


class IncomeTable:
    """What income pays: each building's automatic income and each slot's, as (holding, amount)
    pairs worked out once from the data, and the buildings whose income has a rule of its own
    (the Rodeo, the Bank)."""

    def __init__(self, data: HomesteadersData) -> None:
        self.rail = data.rail_income
        self.automatic = {name: tuple((holding(k), v) for k, v in b.income.items())
                          for name, b in data.buildings.items()}
        self.special = {name: b for name, b in data.buildings.items()
                        if b.income_per_worker or b.income_discard_debt
                        or b.income_no_debt_silver}
        self.slots = {f"{name}:{k}": (slot.workers,
                                      tuple((holding(g), v) for g, v in slot.income.items()))
                      for name, b in data.buildings.items() for k, slot in enumerate(b.slots)}

    def collect(self, state: State, i: int, note: Note) -> None:
        hold = state.hold[i]
        workers = hold["workers"]
        automatic, special = self.automatic, self.special
        for name in state.buildings[i]:
            for key, amount in automatic[name]:
                hold[key] += amount
            b = special.get(name)
            if b is None:
                continue
            if b.income_per_worker:
                note("HS-RODEO")
                hold["silver"] += b.income_per_worker * min(workers, b.income_per_worker_max)
            if b.income_discard_debt or b.income_no_debt_silver:
                note("HS-BANK-INCOME")
                if hold["debt"] >= b.income_discard_debt > 0:
                    hold["debt"] -= b.income_discard_debt
                else:
                    hold["silver"] += b.income_no_debt_silver
        hold["silver"] += self.rail * hold["rail"]
        placed = state.slots[i]
        if placed:
            counts: dict[str, int] = {}
            for slot in placed:
                counts[slot] = counts.get(slot, 0) + 1
            slots = self.slots
            for slot, count in counts.items():
                needed, gains = slots[slot]
                if count >= needed:
                    for key, amount in gains:
                        hold[key] += amount


def auto_pay_problem(data: HomesteadersData, state: State) -> Violation | None:
    for i, p in enumerate(state.players):
        if state.paid[i]:
            continue
        due = wages(data, state.hold[i])
        if state.hold[i]["silver"] < due:
            return Violation("illegal", "HS-PAY-AUTO", f"{p} must pay {due} silver for "
                             f"{state.hold[i]['workers']} workers but holds "
                             f"{state.hold[i]['silver']}", p)
    return None


def auto_pay(data: HomesteadersData, state: State, note: Note) -> None:
    for i in range(len(state.players)):
        if not state.paid[i]:
            note("HS-PAY-AUTO")
            state.hold[i]["silver"] -= wages(data, state.hold[i])
            state.paid[i] = True


def building_done(data: HomesteadersData, state: State) -> Violation | None:
    """Why the building phase may not end yet: a won bid not paid, or the items of a tile
    without a building not taken."""
    for a in sorted(state.won):
        if state.step[a] == UNPAID:
            winner = state.players[state.won[a][0]]
            return Violation("order", "HS-PAY-BID", f"{winner} has not paid the bid on auction "
                             f"{a}", winner)
    return owed_items_problem(data, state)


# --------------------------------------------------------------------------- the markers


class _Marker(Marker):
    def legal(self, state: State, player: str | None) -> Iterator[Phase]:
        event = Phase.make(self.name)
        if self.check(state, event) is None:
            yield event


class Setup(_Marker):
    name = "setup"
    rules = ("HS-ROUND-ORDER", "HS-VOCAB")
    required = fields(round=int)
    stages = frozenset({"start", "building"})
    when = "comes before round 1 and after the building phase of rounds 1 to 9"

    def __init__(self, game: Homesteaders) -> None:
        super().__init__(game)
        self.changes = stage_changes(self.data)
        self.auction_1 = {t.round: t.id for t in self.data.tiles.values() if t.auction == 1}

    def check(self, state: State, event: Phase) -> Violation | None:
        r = event.get("round")
        expected = 1 if state.phase == "start" else state.round + 1
        if r != expected:
            return Violation("order", "HS-ROUND-ORDER", f"expected setup of round {expected}, "
                             f"found round {r}")
        return building_done(self.data, state)

    def legal(self, state: State, player: str | None) -> Iterator[Phase]:
        event = Phase.make("setup", round=1 if state.phase == "start" else state.round + 1)
        if self.check(state, event) is None:
            yield event

    def apply(self, state: State, event: Phase, note: Note) -> None:
        n = len(state.players)
        r = event.get("round")
        if state.won:
            note("HS-PAY-BID")
        state.round = r
        change = self.changes.get(r)
        if change is not None:
            if r > 1:
                note("HS-STAGE")
            change_stage(self.data, state, *change)
        tile = self.auction_1[r]
        state.tiles = {1: tile}
        state.used.add(tile)
        state.high, state.passed, state.turn = {}, [False] * n, None
        state.neutral_auction = None
        state.won, state.step, state.extra_open = {}, {}, False
        state.paid = [False] * n
        state.phase = "setup"


class Income(_Marker):
    name = "income"
    rules = ("HS-ROUND-ORDER", "HS-REVEAL", "HS-INCOME", "HS-ALLOC-STANDS", "HS-VOCAB")
    stages = frozenset({"setup"})
    when = "follows the setup marker"

    def check(self, state: State, event: Phase) -> Violation | None:
        pending = pending_reveals(state)
        if pending:
            return Violation("order", "HS-REVEAL", f"auction {pending[0]}'s tile must be "
                             "revealed before the income marker")
        return None

    def apply(self, state: State, event: Phase, note: Note) -> None:
        for i in range(len(state.players)):
            self.game.income.collect(state, i, note)
        state.phase = "income"


class Bidding(_Marker):
    name = "bidding"
    rules = ("HS-ROUND-ORDER", "HS-VOCAB")
    stages = frozenset({"income"})
    when = "follows the income marker"

    def check(self, state: State, event: Phase) -> Violation | None:
        return auto_pay_problem(self.data, state)

    def apply(self, state: State, event: Phase, note: Note) -> None:
        auto_pay(self.data, state, note)
        state.turn = state.start
        state.phase = "bidding"


class Building(_Marker):
    name = "building"
    rules = ("HS-ROUND-ORDER", "HS-BID-END", "HS-START-MARKER", "HS-VOCAB")
    stages = frozenset({"bidding"})
    when = "follows the bidding"

    def check(self, state: State, event: Phase) -> Violation | None:
        if len(state.players) == 2 and state.neutral_auction is None:
            return Violation("order", "HS-NEUTRAL-BID", "bidding has not begun: the start "
                             "player places the neutral bid first")
        if not state.bidding_over():
            turn = state.players[state.turn] if state.turn is not None else "?"
            return Violation("order", "HS-BID-END", f"bidding is not over: it is {turn}'s turn "
                             "to bid or pass")
        return None

    def apply(self, state: State, event: Phase, note: Note) -> None:
        data = self.data
        n = len(state.players)
        if n == 2:
            note("HS-NEUTRAL-BID")
            note("HS-NEUTRAL-LEVEL")
        if any(a not in state.high or state.high[a][1] == NEUTRAL
               for a in range(1, state.auctions + 1)):
            note("HS-NO-BIDS")
        state.won = {a: (bidder, amount) for a, (amount, bidder) in state.high.items()
                     if bidder != NEUTRAL}
        state.step = dict.fromkeys(state.won, UNPAID)
        state.turn = None
        if 1 in state.won:
            state.start = state.won[1][0]
        elif n == 2 and state.start is not None:
            state.start = 1 - state.start
        if n == 2 and len({w for w, _ in state.won.values()}) == 2:
            state.neutral_level = ladder_step(data, state.neutral_level, +1)
        state.neutral_level = min(max(state.neutral_level, data.neutral_min), data.neutral_max)
        state.phase = "building"


class FinalIncome(_Marker):
    name = "final_income"
    rules = ("HS-ROUND-ORDER", "HS-FINAL-INCOME", "HS-INCOME", "HS-ALLOC-STANDS", "HS-VOCAB")
    stages = frozenset({"last_building"})
    order_rule = "HS-FINAL-INCOME"
    when = "follows the building phase of the last round"

    def check(self, state: State, event: Phase) -> Violation | None:
        return building_done(self.data, state)

    def apply(self, state: State, event: Phase, note: Note) -> None:
        if state.won:
            note("HS-PAY-BID")
        state.paid = [False] * len(state.players)
        state.tiles = {}
        for i in range(len(state.players)):
            self.game.income.collect(state, i, note)
        state.phase = "final_income"


class Scoring(_Marker):
    name = "scoring"
    rules = ("HS-ROUND-ORDER", "HS-SCORE", "HS-TIE", "HS-VOCAB")
    stages = frozenset({"final_income"})
    when = "follows the final income"

    def check(self, state: State, event: Phase) -> Violation | None:
        return auto_pay_problem(self.data, state)

    def apply(self, state: State, event: Phase, note: Note) -> None:
        auto_pay(self.data, state, note)
        if any(_counts_homestead(self.data, owned) for owned in state.buildings):
            note("HS-HOMESTEAD-RESIDENTIAL")
        state.phase = "scoring"


def _counts_homestead(data: HomesteadersData, owned: list[str]) -> bool:
    """Whether a player's end bonuses count the Homestead (per Residential or per building)."""
    return data.start_building in owned and any(
        kind in ("residential", "building")
        for name in owned for kind in data.buildings[name].end_bonus)
