"""The mutable state of a game of The Colonists: the board, the table's piles and calendar, and
one community per player. ``copy()`` shares only the immutable data set."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.model.colonists.board import Board
from referee.model.colonists.data import ColonistsData
from referee.model.core import fingerprint_of


def _items(d: dict[Any, Any]) -> tuple[Any, ...]:
    return tuple(sorted((k, v) for k, v in d.items() if v))


@dataclass
class Built:
    """One building (or Embassy) of a community; ``workers`` lists who works there."""

    slug: str
    workers: list[str] = field(default_factory=list)

    def copy(self) -> Built:
        return Built(self.slug, list(self.workers))

    def key(self) -> tuple[Any, ...]:
        return (self.slug, tuple(self.workers))


@dataclass
class Community:
    """One player's display: buildings, goods by where they lie, cards, Embassies, Stewards."""

    buildings: list[Built] = field(default_factory=list)
    stored: dict[str, int] = field(default_factory=dict)     # Storage and Warehouse together
    buffered: dict[str, int] = field(default_factory=dict)   # in Buffers, by good
    tools: int = 0
    dollars: int = 0
    filled: bool = False                                     # Basic Storage filled at setup
    hand: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)          # permanent cards in front
    limited: dict[int, int] = field(default_factory=dict)    # limited card -> uses left
    embassies: dict[str, int] = field(default_factory=dict)  # colony -> level
    stewards: list[int | None] = field(default_factory=list)  # tile of each Steward, None off
    block_start: list[int | None] = field(default_factory=list)  # tiles at the 3 turns' start
    moved: list[int] = field(default_factory=list)           # Stewards moved in these 3 turns
    used: dict[str, int] = field(default_factory=dict)       # once-per-period uses this turn/half
    converted: dict[int, int] = field(default_factory=dict)  # production conversions this year
    # derived values (effects in force, room...), cleared by :meth:`changed`; never copied
    cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False,
                                  metadata={"shared": True})

    def changed(self) -> None:
        """Buildings, Workers, cards or Embassies changed: derived values are stale."""
        self.cache.clear()

    def copy(self) -> Community:
        return Community(
            [b.copy() for b in self.buildings], dict(self.stored), dict(self.buffered),
            self.tools, self.dollars, self.filled, list(self.hand), list(self.played),
            dict(self.limited), dict(self.embassies), list(self.stewards),
            list(self.block_start), list(self.moved), dict(self.used), dict(self.converted))

    def key(self) -> tuple[Any, ...]:
        return (tuple(b.key() for b in self.buildings), _items(self.stored),
                _items(self.buffered), self.tools, self.dollars, self.filled, tuple(self.hand),
                tuple(self.played), _items(self.limited), _items(self.embassies),
                tuple(self.stewards), tuple(self.block_start), tuple(self.moved),
                _items(self.used), _items(self.converted))


@dataclass
class Pending:
    """What the current turn still waits for: the place's action at ``tile``, cards to draw,
    cards to keep, an optional second card to play."""

    what: str                        # "act", "draw", "keep", "play"
    player: int
    tile: int | None = None
    count: int = 0                   # cards still to draw
    keep: int = 0                    # cards to keep of those drawn
    drawn: list[int] = field(default_factory=list)

    def copy(self) -> Pending:
        return Pending(self.what, self.player, self.tile, self.count, self.keep,
                       list(self.drawn))

    def key(self) -> tuple[Any, ...]:
        return (self.what, self.player, self.tile, self.count, self.keep, tuple(self.drawn))


@dataclass
class ColonistsState:
    players: tuple[str, ...]
    data: ColonistsData = field(metadata={"shared": True})
    last_era: int = 4
    small_market: bool = False
    box_limits: bool = False
    stage: str = "colonies"
    era: int = 1
    year: int = 1
    half: int = 0                    # 0 summer, 1 winter
    colonies: list[str] = field(default_factory=list)
    start: int | None = None         # the start player (seat index)
    marker: int | None = None        # holder of the start player marker
    order: tuple[int, ...] = ()      # the first year's turn order (tie-break)
    seat: int = 0                    # whose turns these are (seat index)
    turns: int = 0                   # turns this player has finished in this half-year
    done: int = 0                    # players who finished their three turns this half-year
    laid: int = 0                    # starting Places laid
    board: Board = field(default_factory=Board)
    start_pile: list[str] = field(default_factory=list)
    place_pile: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)  # Places waiting to be added
    card_pile: list[str] = field(default_factory=list)
    market_card: str | None = None
    draw_pile: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    p: list[Community] = field(default_factory=list)
    pending: Pending | None = None
    limits: dict[str, int] = field(default_factory=dict)  # uses of limited things this turn

    def copy(self) -> ColonistsState:
        return ColonistsState(
            self.players, self.data, self.last_era, self.small_market, self.box_limits,
            self.stage, self.era, self.year, self.half, list(self.colonies), self.start,
            self.marker, self.order, self.seat, self.turns, self.done, self.laid,
            self.board.copy(), list(self.start_pile), list(self.place_pile),
            list(self.revealed), list(self.card_pile), self.market_card, list(self.draw_pile),
            list(self.discard), [c.copy() for c in self.p],
            self.pending.copy() if self.pending is not None else None, dict(self.limits))

    def key(self) -> tuple[Any, ...]:
        return (self.players, self.last_era, self.small_market, self.box_limits, self.stage,
                self.era, self.year, self.half, tuple(self.colonies), self.start, self.marker,
                self.order, self.seat, self.turns, self.done, self.laid, self.board.key(),
                tuple(sorted(self.start_pile)), tuple(sorted(self.place_pile)),
                tuple(self.revealed), tuple(sorted(self.card_pile)), self.market_card,
                tuple(sorted(self.draw_pile)), tuple(sorted(self.discard)),
                tuple(c.key() for c in self.p),
                self.pending.key() if self.pending is not None else None, _items(self.limits))

    def fingerprint(self) -> int:
        return fingerprint_of(self.key())

    def index(self, player: str) -> int:
        return self.players.index(player)

    @property
    def current(self) -> str:
        return self.players[self.seat]
