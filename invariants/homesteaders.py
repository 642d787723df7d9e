"""Invariants of every reachable Homesteaders state (plain functions returning what is wrong).

The explorer checks them on every distinct state, so the costlier ones first run a quick test
that passes exactly when nothing is wrong; only a state that fails it is looked at in full, for
the message. Those that read only the players' holdings, buildings and worker slots and the
supply say so, naming those parts of the state's ``key()`` (``reads_key=HOLDINGS_READ``): few of
a search's states differ there, so a search checks them once per distinct value of those, read
from the key the explorer computed anyway (the key keeps each player's buildings sorted and the
supply without its zeros: what the checks compare is the same); the checks of the high bids
read the standing bids (``reads_key=("high",)``).
"""

from __future__ import annotations

from collections import Counter

from referee.invariants import Invariant
from referee.model.homesteaders import GAME
from referee.model.homesteaders.state import HOLDINGS, NEUTRAL, HomesteadersState

_DATA = GAME.data
# "name:index" of every worker slot -> (building, capacity)
_SLOTS = {f"{name}:{i}": (name, slot.workers)
          for name, b in _DATA.buildings.items() for i, slot in enumerate(b.slots)}


# what the holdings invariants read of the key: the players, each one's holdings, buildings
# and worker slots, and the supply
HOLDINGS_READ = ("players", "hold", "buildings", "slots", "supply")


def no_negative_holdings(state: HomesteadersState) -> str | None:
    for h in state.hold:
        if h and min(h.values()) < 0:
            break
    else:
        return None
    for i, p in enumerate(state.players):
        for key in HOLDINGS:
            if state.hold[i][key] < 0:
                return f"{p} holds {state.hold[i][key]} {key}"
    return None


def workers_placed_fit(state: HomesteadersState) -> str | None:
    if _workers_fit(state):
        return None
    for i, p in enumerate(state.players):
        counts = Counter(state.slots[i])
        if sum(counts.values()) > state.hold[i]["workers"]:
            return f"{p} places {sum(counts.values())} workers but owns {state.hold[i]['workers']}"
        for slot, count in counts.items():
            name, index = slot.split(":")
            if name not in state.buildings[i]:
                return f"{p} places a worker on {slot} without owning a {name}"
            cap = _DATA.buildings[name].slots[int(index)].workers
            if count > cap:
                return f"{p} places {count} workers on {slot} (capacity {cap})"
    return None


def _workers_fit(state: HomesteadersState) -> bool:
    """No more workers placed than owned, each on a slot of its own (of capacity 1 or more) on
    an owned building: true only when workers_placed_fit finds nothing."""
    for i, slots in enumerate(state.slots):
        if len(slots) > state.hold[i]["workers"]:
            return False
        if not slots:
            continue
        if len(set(slots)) != len(slots):
            return False
        owned = state.buildings[i]
        for slot in slots:
            known = _SLOTS.get(slot)
            if known is None or known[0] not in owned or known[1] < 1:
                return False
    return True


def one_building_per_name(state: HomesteadersState) -> str | None:
    if all(len(set(bs)) == len(bs) for bs in state.buildings):
        return None
    for i, p in enumerate(state.players):
        twice = [b for b, c in Counter(state.buildings[i]).items() if c > 1]
        if twice:
            return f"{p} owns {twice[0]} twice"
    return None


def copies_within_box(state: HomesteadersState) -> str | None:
    n = len(state.players)
    box = _box(n)
    if box is not None and _within_box(state, box):
        return None
    owned = Counter(b for bs in state.buildings for b in bs)
    for name, b in _DATA.buildings.items():
        if b.stage == "home":
            if owned[name] > n:
                return f"{owned[name]} {name} tiles for {n} players"
            continue
        total = owned[name] + state.supply.get(name, 0)
        if total > b.copies_for(n):
            return (f"{name}: {owned[name]} owned + {state.supply.get(name, 0)} in supply > "
                    f"{b.copies_for(n)} in the box")
    return None


_BOXES: dict[int, dict[str, tuple[bool, int]] | None] = {}


def _box(players: int) -> dict[str, tuple[bool, int]] | None:
    """Building name -> (home building, copies for this many players); None when some count
    is negative (then even a building nobody has exceeds it: the full check says which)."""
    if players not in _BOXES:
        box = {name: (b.stage == "home", players if b.stage == "home" else b.copies_for(players))
               for name, b in _DATA.buildings.items()}
        _BOXES[players] = box if all(copies >= 0 for _, copies in box.values()) else None
    return _BOXES[players]


def _within_box(state: HomesteadersState, box: dict[str, tuple[bool, int]]) -> bool:
    """True only when copies_within_box finds nothing: a name neither owned nor in the supply
    (or in it with none) cannot exceed its copies."""
    owned: dict[str, int] = {}
    for bs in state.buildings:
        for name in bs:
            owned[name] = owned.get(name, 0) + 1
    supply = state.supply
    for name, count in owned.items():
        known = box.get(name)
        if known is None:
            continue
        home, copies = known
        if count + (0 if home else supply.get(name, 0)) > copies:
            return False
    for name, count in supply.items():
        known = box.get(name)
        if count > 0 and known is not None and not known[0] and (
                count + owned.get(name, 0) > known[1]):
            return False
    return True


def high_bids_on_ladder(state: HomesteadersState) -> str | None:
    for auction, (amount, _) in state.high.items():
        if amount not in _DATA.ladder:
            return f"high bid {amount} on auction {auction} is not on the ladder"
    return None


def one_high_bid_per_player(state: HomesteadersState) -> str | None:
    bids = [b for _, b in state.high.values() if b != NEUTRAL]
    if len(set(bids)) == len(bids):
        return None
    bidders = Counter(b for _, b in state.high.values() if b != NEUTRAL)
    for bidder, count in bidders.items():
        if count > 1:
            return f"{state.players[bidder]} holds {count} high bids"
    return None


def track_in_range(state: HomesteadersState) -> str | None:
    top, hold = _DATA.track_max, state.hold
    for i, p in enumerate(state.players):
        if not 0 <= hold[i]["track"] <= top:
            return f"{p}'s railroad marker is on space {hold[i]['track']}"
    return None


def neutral_level_in_range(state: HomesteadersState) -> str | None:
    if not _DATA.neutral_min <= state.neutral_level <= _DATA.neutral_max:
        return (f"neutral level {state.neutral_level} outside "
                f"{_DATA.neutral_min}-{_DATA.neutral_max}")
    return None


def score_sums_parts(state: HomesteadersState) -> str | None:
    for p, score in GAME.score(state).items():
        if score.total != sum(score.parts.values()):
            return f"{p}'s score {score.total} differs from the sum of its parts {score.parts}"
    return None


SUITE: list[Invariant] = [
    Invariant("no-negative-holdings", "No player holds a negative amount of anything.",
              no_negative_holdings, reads_key=HOLDINGS_READ),
    Invariant("workers-placed-fit", "Placed workers never exceed workers owned nor slot "
              "capacity, and stand on owned buildings.", workers_placed_fit,
              reads_key=HOLDINGS_READ),
    Invariant("one-building-per-name", "No player owns two buildings of one name.",
              one_building_per_name, reads_key=HOLDINGS_READ),
    Invariant("copies-within-box", "Owned plus supply copies never exceed the box.",
              copies_within_box, reads_key=HOLDINGS_READ),
    Invariant("high-bids-on-ladder", "Every high bid is a bid ladder value.", high_bids_on_ladder,
              reads_key=("high",)),
    Invariant("one-high-bid-per-player", "A player holds at most one standing high bid.",
              one_high_bid_per_player, reads_key=("high",)),
    Invariant("track-in-range", "Railroad markers stay on spaces 0-5.", track_in_range,
              reads_key=HOLDINGS_READ),
    Invariant("neutral-level-in-range", "The neutral level stays within 3-9.",
              neutral_level_in_range),
    Invariant("score-sums-parts", "Each score equals the sum of its parts.", score_sums_parts,
              reads_key=HOLDINGS_READ),
]
