"""Invariants of every reachable Homesteaders state (plain functions returning what is wrong)."""

from __future__ import annotations

from collections import Counter

from referee.invariants import Invariant
from referee.model.homesteaders import GAME
from referee.model.homesteaders.state import HOLDINGS, NEUTRAL, HomesteadersState

_DATA = GAME.data


def no_negative_holdings(state: HomesteadersState) -> str | None:
    for i, p in enumerate(state.players):
        for key in HOLDINGS:
            if state.hold[i][key] < 0:
                return f"{p} holds {state.hold[i][key]} {key}"
    return None


def workers_placed_fit(state: HomesteadersState) -> str | None:
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


def one_building_per_name(state: HomesteadersState) -> str | None:
    for i, p in enumerate(state.players):
        twice = [b for b, c in Counter(state.buildings[i]).items() if c > 1]
        if twice:
            return f"{p} owns {twice[0]} twice"
    return None


def copies_within_box(state: HomesteadersState) -> str | None:
    n = len(state.players)
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


def high_bids_on_ladder(state: HomesteadersState) -> str | None:
    for auction, (amount, _) in state.high.items():
        if amount not in _DATA.ladder:
            return f"high bid {amount} on auction {auction} is not on the ladder"
    return None


def one_high_bid_per_player(state: HomesteadersState) -> str | None:
    bidders = Counter(b for _, b in state.high.values() if b != NEUTRAL)
    for bidder, count in bidders.items():
        if count > 1:
            return f"{state.players[bidder]} holds {count} high bids"
    return None


def track_in_range(state: HomesteadersState) -> str | None:
    for i, p in enumerate(state.players):
        if not 0 <= state.hold[i]["track"] <= _DATA.track_max:
            return f"{p}'s railroad marker is on space {state.hold[i]['track']}"
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
              no_negative_holdings),
    Invariant("workers-placed-fit", "Placed workers never exceed workers owned nor slot "
              "capacity, and stand on owned buildings.", workers_placed_fit),
    Invariant("one-building-per-name", "No player owns two buildings of one name.",
              one_building_per_name),
    Invariant("copies-within-box", "Owned plus supply copies never exceed the box.",
              copies_within_box),
    Invariant("high-bids-on-ladder", "Every high bid is a bid ladder value.", high_bids_on_ladder),
    Invariant("one-high-bid-per-player", "A player holds at most one standing high bid.",
              one_high_bid_per_player),
    Invariant("track-in-range", "Railroad markers stay on spaces 0-5.", track_in_range),
    Invariant("neutral-level-in-range", "The neutral level stays within 3-9.",
              neutral_level_in_range),
    Invariant("score-sums-parts", "Each score equals the sum of its parts.", score_sums_parts),
]
