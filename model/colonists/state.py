"""The mutable state of a game of The Colonists: the board, the table's piles and calendar, and
one community per player. ``copy()`` shares only the immutable data set."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from referee.model.colonists.board import Board
from referee.model.colonists.data import ColonistsData
from referee.model.core import fingerprint_of


def _items(d: dict[Any, Any]) -> tuple[Any, ...]:
    return tuple(sorted((k, v) for k, v in d.items() if v))


@dataclass
class Built:
    """One building (or Embassy) of a community; ``workers`` lists who works there; ``proven``:
    the batch its Buffer got at the last production (its room, never more than its batch now;
    empty for one built or put back to work since; None: its whole batch, as at a setup, where
    goods may be placed in Buffers directly)."""

    slug: str
    workers: list[str] = field(default_factory=list)
    proven: tuple[tuple[str, int], ...] | None = None  # (good, n) pairs, sorted

    def copy(self) -> Built:
        return Built(self.slug, list(self.workers), self.proven)

    def key(self) -> tuple[Any, ...]:
        return (self.slug, tuple(self.workers), self.proven)


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
    # the Buffer room of improvements and Embassy levels as it stood at the last production
    # (those that came into play since have not filled theirs)
    effect_room: dict[str, int] = field(default_factory=dict)
    # derived values (effects in force, room...), cleared by :meth:`changed`; a copy starts
    # from a copy of them (the values themselves are never changed in place)
    cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False,
                                  metadata={"shared": True})

    def changed(self) -> None:
        """Buildings, Workers, cards or Embassies changed: derived values are stale."""
        self.cache.clear()

    def view(self) -> Community:
        """A shallow copy sharing every container and the derived values (for a trial that
        replaces fields rather than changing them in place)."""
        out = object.__new__(Community)
        out.__dict__.update(self.__dict__)
        return out

    def copy(self) -> Community:
        return Community(
            [b.copy() for b in self.buildings], dict(self.stored), dict(self.buffered),
            self.tools, self.dollars, self.filled, list(self.hand), list(self.played),
            dict(self.limited), dict(self.embassies), list(self.stewards),
            list(self.block_start), list(self.moved), dict(self.used), dict(self.converted),
            dict(self.effect_room), dict(self.cache))

    def key(self) -> tuple[Any, ...]:
        return (tuple(b.key() for b in self.buildings), _items(self.stored),
                _items(self.buffered), self.tools, self.dollars, self.filled, tuple(self.hand),
                tuple(self.played), _items(self.limited), _items(self.embassies),
                tuple(self.stewards), tuple(self.block_start), tuple(self.moved),
                _items(self.used), _items(self.converted), _items(self.effect_room))


@dataclass
class Pending:
    """What the current action still waits for: the place's action at ``tile``, cards to draw,
    cards to keep, optional follow-ups.

    ``what`` is ``"act"`` (the place's action is due), ``"draw"`` (``count`` cards still to
    draw), ``"keep"`` (``keep`` of ``drawn`` to keep) or ``"optional"`` (only optional actions
    are left: the next other event ends them). ``main`` says whether the place's own action is
    still to come (due for a Steward, optional for the Alchemist Ambassador), ``market`` whether a
    Market action may still be taken at a place that is not a Market (the Envoy at the
    Diplomat), ``plays`` how many improvements may still be played (the Scholar when drawing).
    ``figure`` is ``""`` for a Steward's action, else the Special Ambassador's name; ``resume``
    the stage to return to when the action is over (``""``: the turn ends); ``then`` what
    follows draws (``""``: the action goes on; ``"production"``: the next community's
    production draws)."""

    what: str                        # "act", "draw", "keep", "optional"
    player: int
    tile: int | None = None
    count: int = 0                   # cards still to draw
    keep: int = 0                    # cards to keep of those drawn
    drawn: list[int] = field(default_factory=list)
    main: bool = True
    market: bool = False
    plays: int = 0
    figure: str = ""
    resume: str = ""
    then: str = ""
    doing: str = ""                  # "market": the action under way is the extra Market one

    def copy(self) -> Pending:
        return Pending(self.what, self.player, self.tile, self.count, self.keep,
                       list(self.drawn), self.main, self.market, self.plays, self.figure,
                       self.resume, self.then, self.doing)

    def key(self) -> tuple[Any, ...]:
        return (self.what, self.player, self.tile, self.count, self.keep, tuple(self.drawn),
                self.main, self.market, self.plays, self.figure, self.resume, self.then,
                self.doing)


@dataclass
class ColonistsState:
    players: tuple[str, ...]
    data: ColonistsData = field(metadata={"shared": True})
    last_era: int = 4
    small_market: bool = False
    box_limits: bool = False
    first_era: int = 1
    money_limit: bool = False        # later-era setup: at most 3 Money Buildings (the option)
    saved: Any = field(default=None, metadata={"shared": True})  # a saved game continued
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
    laid: int = 0                    # Places laid during the setup
    setup_era: int = 0               # the era whose Places the setup lays (0: starting Places)
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
    ambassadors: dict[str, int] = field(default_factory=dict)  # Special Ambassador -> its tile
    ended: int | None = None         # seat whose turn just ended (the end of that turn)
    ended_turn: int = 0              # which of that player's three turns it was (1-3)
    ended_half: int = 0              # the half-year it was in (see turns.half_index)
    clock: int = 0                   # turns finished in the game
    deal: int = 0                    # later-era setup: improvements dealt so far
    drawing: list[int] = field(default_factory=list)  # seats still to draw in production

    def view(self) -> ColonistsState:
        """A shallow copy sharing every field (for checking what an event would do to a part
        of the state that the trial replaces)."""
        out = object.__new__(ColonistsState)
        out.__dict__.update(self.__dict__)
        return out

    def trial(self, i: int) -> ColonistsState:
        """A view in which player ``i``'s community (only) is a copy that may be changed; its
        derived values start from a copy of the community's (valid until it changes)."""
        out = self.view()
        out.p = list(self.p)
        out.p[i] = self.p[i].copy()
        return out

    def copy(self) -> ColonistsState:
        return ColonistsState(
            self.players, self.data, self.last_era, self.small_market, self.box_limits,
            self.first_era, self.money_limit, self.saved,
            self.stage, self.era, self.year, self.half, list(self.colonies), self.start,
            self.marker, self.order, self.seat, self.turns, self.done, self.laid,
            self.setup_era, self.board.copy(), list(self.start_pile), list(self.place_pile),
            list(self.revealed), list(self.card_pile), self.market_card, list(self.draw_pile),
            list(self.discard), [c.copy() for c in self.p],
            self.pending.copy() if self.pending is not None else None, dict(self.limits),
            dict(self.ambassadors), self.ended, self.ended_turn, self.ended_half, self.clock,
            self.deal, list(self.drawing))

    # the name of each part of key(), in its order: what an invariant reads of the key is named
    # by these (``Invariant.reads_key``)
    KEY_FIELDS: ClassVar[tuple[str, ...]] = (
        "players", "last_era", "small_market", "box_limits", "first_era", "money_limit",
        "stage", "era", "year", "half", "colonies", "start", "marker", "order", "seat",
        "turns", "done", "laid", "setup_era", "board", "start_pile", "place_pile", "revealed",
        "card_pile", "market_card", "draw_pile", "discard", "p", "pending", "limits",
        "ambassadors", "ended", "ended_turn", "ended_half", "clock", "deal", "drawing")

    def key(self) -> tuple[Any, ...]:
        return (self.players, self.last_era, self.small_market, self.box_limits,
                self.first_era, self.money_limit, self.stage,
                self.era, self.year, self.half, tuple(self.colonies), self.start, self.marker,
                self.order, self.seat, self.turns, self.done, self.laid, self.setup_era,
                self.board.key(),
                tuple(sorted(self.start_pile)), tuple(sorted(self.place_pile)),
                tuple(self.revealed), tuple(sorted(self.card_pile)), self.market_card,
                tuple(sorted(self.draw_pile)), tuple(sorted(self.discard)),
                tuple(c.key() for c in self.p),
                self.pending.key() if isinstance(self.pending, Pending) else self.pending,
                _items(self.limits),
                tuple(sorted(self.ambassadors.items())), self.ended, self.ended_turn,
                self.ended_half, self.clock, self.deal,
                tuple(self.drawing))

    def fingerprint(self) -> int:
        return fingerprint_of(self.key())

    def index(self, player: str) -> int:
        return self.players.index(player)

    @property
    def current(self) -> str:
        return self.players[self.seat]
