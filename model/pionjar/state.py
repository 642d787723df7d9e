"""The mutable Pionjär state: one record per player plus the table (almanac, Saloon, bank totals,
stacks, Indians, the pending step). ``copy`` shares only the immutable data set."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.model.core import fingerprint_of
from referee.model.pionjar.data import GameData

# Where the next event comes from, per stage: a chance event or the named actor's decision.
CHANCE_STAGES = frozenset({"start_player", "road_roll", "trail_roll", "saloon_roll", "draw",
                           "rolloff"})
DECISION_STAGES = frozenset({"choose", "turn", "lease", "bid", "after"})


@dataclass(slots=True)
class PlayerState:
    cash: int
    where: str = "road"             # road | loop | trail | prison
    road: int = 0                   # dot on the road (0 = start)
    dest: str | None = None         # property headed for while on the road
    space: int = 0                  # square space on the loop
    trail: str | None = None
    circle: int = 0                 # circle on the trail (0 = trailhead)
    prop: str | None = None         # registered property
    land: str = "none"              # none | squatter (first lap) | owner | defaulted
    lap_done: bool = False
    harvest: int = 0
    axe: int = 0
    spoils: list[str] = field(default_factory=list)   # buffalo, fish and gold card ids held
    kept: list[str] = field(default_factory=list)     # post cards kept (sheriff, Saloon lease)
    sheriff: bool = False
    skip: bool = False
    prison_since: int = -1
    prison_until: int = -1          # month in which the prisoner comes out
    prison_served: int = 0          # prison turns sat out in the current stay

    def copy(self) -> PlayerState:
        return PlayerState(self.cash, self.where, self.road, self.dest, self.space, self.trail,
                           self.circle, self.prop, self.land, self.lap_done, self.harvest,
                           self.axe, list(self.spoils), list(self.kept), self.sheriff, self.skip,
                           self.prison_since, self.prison_until, self.prison_served)

    def key(self) -> tuple:
        return (self.cash, self.where, self.road, self.dest, self.space, self.trail, self.circle,
                self.prop, self.land, self.lap_done, self.harvest, self.axe, tuple(self.spoils),
                tuple(self.kept), self.sheriff, self.skip, self.prison_since, self.prison_until,
                self.prison_served)


@dataclass(slots=True)
class AuctionState:
    goods: str                      # buffalo | gold
    left: int                       # cards still to be offered, the current one included
    auctioneer: str
    order: tuple[str, ...]          # bidders, from the auctioneer's left
    active: list[str]
    to_act: str | None = None
    high: int = 0
    high_bidder: str | None = None
    winner: str | None = None       # buyer of the card about to be revealed

    def copy(self) -> AuctionState:
        return AuctionState(self.goods, self.left, self.auctioneer, self.order,
                            list(self.active), self.to_act, self.high, self.high_bidder,
                            self.winner)

    def key(self) -> tuple:
        return (self.goods, self.left, self.auctioneer, self.order, tuple(self.active),
                self.to_act, self.high, self.high_bidder, self.winner)


@dataclass(slots=True)
class PionjarState:
    players: tuple[str, ...]
    data: GameData
    end_month: int
    banker: str
    p: dict[str, PlayerState]
    saloon: int
    bank_paid: int                  # every amount the bank has handed out, the setup included
    bank_received: int
    stacks: dict[str, list[str]]    # post, proclamation, buffalo, fish, gold: cards to draw
    discards: dict[str, list[str]]  # post, proclamation: set-aside cards
    start: str | None = None
    turn: int = -1
    stage: str = "start_player"
    draw_stack: str | None = None
    draw_for: str | None = None     # post | proclamation | trail | auction
    month: int = -1                 # almanac month index; -1 before the first registration
    first: str | None = None        # the first squatter, whose turns drive the almanac
    fresh: bool = False             # the first squatter's first almanac move is still to come
    advances: int = 0               # months the marker has been moved forward
    renter: str | None = None
    trading_post: str | None = None
    removed: list[str] = field(default_factory=list)    # spoils cards out of the game
    modifiers: dict[str, int] = field(default_factory=dict)
    indians: list[tuple[str, int]] = field(default_factory=list)
    visited_city: bool = False
    gambled: bool = False
    stake: int = 0
    lease_card: str | None = None
    auction: AuctionState | None = None
    rolloff: list[str] = field(default_factory=list)    # still to roll in the final Saloon
    rolls: dict[str, int] = field(default_factory=dict)
    rolloff_pool: list[str] = field(default_factory=list)
    final_saloon: str | None = None  # who took the Saloon at the end

    def copy(self) -> PionjarState:
        return PionjarState(
            self.players, self.data, self.end_month, self.banker,
            {n: ps.copy() for n, ps in self.p.items()}, self.saloon, self.bank_paid,
            self.bank_received, {k: list(v) for k, v in self.stacks.items()},
            {k: list(v) for k, v in self.discards.items()}, self.start, self.turn, self.stage,
            self.draw_stack, self.draw_for, self.month, self.first, self.fresh, self.advances,
            self.renter, self.trading_post, list(self.removed), dict(self.modifiers),
            list(self.indians), self.visited_city, self.gambled, self.stake, self.lease_card,
            self.auction.copy() if self.auction else None, list(self.rolloff), dict(self.rolls),
            list(self.rolloff_pool), self.final_saloon)

    def key(self) -> tuple:
        return (
            self.players, self.data.source, self.end_month, self.banker,
            tuple(self.p[n].key() for n in self.players), self.saloon, self.bank_paid,
            self.bank_received, tuple((k, tuple(v)) for k, v in sorted(self.stacks.items())),
            tuple((k, tuple(v)) for k, v in sorted(self.discards.items())), self.start,
            self.turn, self.stage, self.draw_stack, self.draw_for, self.month, self.first,
            self.fresh, self.advances, self.renter, self.trading_post, tuple(self.removed),
            tuple(sorted(self.modifiers.items())), tuple(self.indians), self.visited_city,
            self.gambled, self.stake, self.lease_card,
            self.auction.key() if self.auction else None, tuple(self.rolloff),
            tuple(sorted(self.rolls.items())), tuple(self.rolloff_pool), self.final_saloon)

    def fingerprint(self) -> int:
        return fingerprint_of(self.key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PionjarState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ small helpers

    @property
    def current(self) -> str | None:
        return self.players[self.turn] if self.turn >= 0 else None

    def actor(self) -> str | None:
        """Who must decide next (None at a chance step or at the end)."""
        if self.stage == "bid":
            return self.auction.to_act if self.auction else None
        if self.stage in DECISION_STAGES:
            return self.current
        return None

    def roller(self) -> str | None:
        """Who rolls the die at a die step."""
        if self.stage == "rolloff":
            return self.rolloff[0] if self.rolloff else None
        if self.stage in ("road_roll", "trail_roll", "saloon_roll"):
            return self.current
        return None

    def taken(self) -> dict[str, str]:
        """Registered properties and their holders."""
        return {ps.prop: n for n, ps in self.p.items() if ps.prop is not None}

    def equipment_left(self, kind: str) -> int:
        held = sum(getattr(ps, kind) for ps in self.p.values())
        return self.data.equipment_supply[kind] - held

    def total_money(self) -> int:
        return sum(ps.cash for ps in self.p.values()) + self.saloon
