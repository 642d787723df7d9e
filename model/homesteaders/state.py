"""The mutable Homesteaders state: plain dicts and lists, a cheap copy and a stable fingerprint."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    auctions: int
    phase: str = "start"
    round: int = 0
    start: int | None = None
    neutral_level: int = 5
    hold: list[dict[str, int]] = field(default_factory=list)
    buildings: list[list[str]] = field(default_factory=list)
    slots: list[tuple[str, ...]] = field(default_factory=list)
    paid: list[bool] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    used: set[int] = field(default_factory=set)
    tiles: dict[int, int] = field(default_factory=dict)
    # bidding: auction -> (amount, bidder index or NEUTRAL)
    high: dict[int, tuple[int, int]] = field(default_factory=dict)
    passed: list[bool] = field(default_factory=list)
    turn: int | None = None
    neutral_auction: int | None = None
    # building: auction -> (winner index, amount) and its resolution step
    won: dict[int, tuple[int, int]] = field(default_factory=dict)
    step: dict[int, int] = field(default_factory=dict)
    extra_open: bool = False

    def copy(self) -> HomesteadersState:
        return HomesteadersState(
            self.players, self.auctions, self.phase, self.round, self.start, self.neutral_level,
            [dict(h) for h in self.hold], [list(b) for b in self.buildings], list(self.slots),
            list(self.paid), dict(self.supply), set(self.used), dict(self.tiles),
            dict(self.high), list(self.passed), self.turn, self.neutral_auction, dict(self.won),
            dict(self.step), self.extra_open)

    def key(self) -> tuple:
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
        return self.players.index(player)

    def winning(self, i: int) -> bool:
        """Whether player ``i`` holds a high bid now (bidding phase)."""
        return any(bidder == i for _, bidder in self.high.values())

    def bidding_over(self) -> bool:
        return all(self.passed[i] or self.winning(i) for i in range(len(self.players)))
