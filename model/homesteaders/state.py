"""The mutable Homesteaders state: plain dicts and lists, a cheap copy and a stable fingerprint.

Every field is declared once, below; ``copy()`` copies each of them and ``key()`` reads each of
them (the conformance suite perturbs every field in turn to hold both to that).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from referee.model.core import fingerprint_of
from referee.model.homesteaders.data import RESOURCES

# every integer a player holds; "track" is the railroad marker (0..5)
HOLDINGS: tuple[str, ...] = ("silver", *RESOURCES, "trade", "vp", "debt", "workers", "rail",
                             "track")
# the phase whose marker was passed last ("start" before round 1's setup marker)
PHASES: tuple[str, ...] = ("start", "setup", "income", "bidding", "building", "final_income",
                           "scoring")
NEUTRAL = -1  # bidder index of the two-player neutral bid token

# resolution steps of a won auction in the building phase
UNPAID, PAID, BUILT, BONUS = 0, 1, 2, 3


@dataclass(eq=False)
class HomesteadersState:
    players: tuple[str, ...]
    auctions: int  # auctions in play (Auction 3 only with 4 players)
    phase: str = "start"
    round: int = 0
    start: int | None = None  # the start player, None until it is drawn
    neutral_level: int = 5
    hold: list[dict[str, int]] = field(default_factory=list)  # per player: HOLDINGS -> count
    buildings: list[list[str]] = field(default_factory=list)
    slots: list[tuple[str, ...]] = field(default_factory=list)  # worker placement, sorted
    paid: list[bool] = field(default_factory=list)  # workers paid since the last income
    supply: dict[str, int] = field(default_factory=dict)
    used: set[int] = field(default_factory=set)  # tiles revealed so far
    tiles: dict[int, int] = field(default_factory=dict)  # auction -> tile shown this round
    # bidding: auction -> (amount, bidder index or NEUTRAL)
    high: dict[int, tuple[int, int]] = field(default_factory=dict)
    passed: list[bool] = field(default_factory=list)
    turn: int | None = None  # whose turn it is to bid or pass (None: bidding is over)
    neutral_auction: int | None = None
    # building: auction -> (winner index, amount) and its resolution step
    won: dict[int, tuple[int, int]] = field(default_factory=dict)
    step: dict[int, int] = field(default_factory=dict)
    extra_open: bool = False  # the Train Station's extra building may follow
    # each player's seat (the index into players and the per-player lists), shared by copies
    seat: dict[str, int] = field(default_factory=dict, metadata={"shared": True})

    def copy(self) -> HomesteadersState:
        return HomesteadersState(
            players=self.players, auctions=self.auctions, phase=self.phase, round=self.round,
            start=self.start, neutral_level=self.neutral_level,
            hold=[dict(h) for h in self.hold], buildings=[list(b) for b in self.buildings],
            slots=list(self.slots), paid=list(self.paid), supply=dict(self.supply),
            used=set(self.used), tiles=dict(self.tiles), high=dict(self.high),
            passed=list(self.passed), turn=self.turn, neutral_auction=self.neutral_auction,
            won=dict(self.won), step=dict(self.step), extra_open=self.extra_open, seat=self.seat)

    # the name of each part of key(), in its order (``Invariant.reads_key`` names them)
    KEY_FIELDS: ClassVar[tuple[str, ...]] = (
        "players", "auctions", "phase", "round", "start", "neutral_level", "hold", "buildings",
        "slots", "paid", "supply", "used", "tiles", "high", "passed", "turn", "neutral_auction",
        "won", "step", "extra_open")

    def key(self) -> tuple[Any, ...]:
        return (
            self.players, self.auctions, self.phase, self.round, self.start, self.neutral_level,
            tuple(tuple(h[k] for k in HOLDINGS) for h in self.hold),
            tuple(tuple(sorted(b)) for b in self.buildings), tuple(self.slots),
            tuple(self.paid), tuple(sorted((k, v) for k, v in self.supply.items() if v)),
            tuple(sorted(self.used)), tuple(sorted(self.tiles.items())),
            tuple(sorted(self.high.items())), tuple(self.passed), self.turn,
            self.neutral_auction, tuple(sorted(self.won.items())),
            tuple(sorted(self.step.items())), self.extra_open)

    def fingerprint(self) -> int:
        return fingerprint_of(self.key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HomesteadersState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def index(self, player: str) -> int:
        return self.seat[player]

    def winning(self, i: int) -> bool:
        """Whether player ``i`` holds a high bid now (bidding phase)."""
        return any(bidder == i for _, bidder in self.high.values())

    def winners(self) -> set[int]:
        """The players holding a high bid now (bidding phase), as :meth:`winning` tells."""
        return {bidder for _, bidder in self.high.values()}

    def bidding_over(self) -> bool:
        winners = self.winners()
        return all(self.passed[i] or i in winners for i in range(len(self.players)))

    def current_auction(self) -> int | None:
        """The won auction being resolved in the building phase (the last one paid for)."""
        paid = [a for a, s in self.step.items() if s >= PAID]
        return max(paid) if paid else None
