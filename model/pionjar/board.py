"""Movement: the road by die, the square spaces by the almanac, the trails by die, and what the
space or circle reached does."""

from __future__ import annotations

from referee.model.pionjar import bank, city
from referee.model.pionjar.cards import start_draw
from referee.model.pionjar.ruleids import note
from referee.model.pionjar.state import PionjarState
from referee.model.pionjar.turns import imprison


def dot_colour(s: PionjarState, dot: int, dest: str | None) -> str | None:
    d = s.data
    if dot <= d.road_common:
        if dot in d.road_black:
            return "black"
        return "red" if dot in d.road_red else None
    if dest is None:
        return None
    rel = dot - d.road_common
    if rel in d.branch_black[dest]:
        return "black"
    return "red" if rel in d.branch_red[dest] else None


def road_roll(s: PionjarState, name: str, value: int) -> None:
    """PJ-ROAD-DIE, PJ-ROAD-BLACK, PJ-ROAD-RED, PJ-ROAD-ARRIVE."""
    ps = s.p[name]
    end = s.data.road_length
    dot = ps.road + value
    if dot >= end:
        arrive(s, name)
        return
    ps.road = dot
    colour = dot_colour(s, dot, ps.dest)
    if colour == "black":
        note("PJ-ROAD-BLACK")
        ps.skip = True
    elif colour == "red":
        note("PJ-ROAD-RED")
        dot += s.data.red_dot_steps
        if dot >= end:
            arrive(s, name)
        else:
            ps.road = dot


def arrive(s: PionjarState, name: str) -> None:
    ps = s.p[name]
    prop = ps.dest
    assert prop is not None
    note("PJ-ROAD-ARRIVE", "PJ-CITY-VISIT")
    ps.road = s.data.road_length
    ps.prop = prop
    ps.land = "squatter"
    ps.where = "loop"
    ps.space = 0
    s.visited_city = True
    if s.first is None:                      # PJ-ALMANAC-START
        note("PJ-ALMANAC-START")
        s.first = name
        s.month = 0
        s.fresh = True
    for other, ops in s.p.items():           # PJ-ROAD-BACK
        if other != name and ops.where == "road" and ops.dest == prop:
            note("PJ-ROAD-BACK")
            ops.dest = None
            ops.road = min(ops.road, s.data.road_common)


def loop_move(s: PionjarState, name: str) -> bool:
    """The almanac move (PJ-ALMANAC-MOVE); True when a card draw is now pending."""
    ps = s.p[name]
    assert ps.prop is not None
    note("PJ-ALMANAC-MOVE")
    steps = s.data.properties[ps.prop].steps[s.month]
    size = len(s.data.loop)
    target = ps.space + steps
    ps.space = target % size
    if target >= size:                       # PJ-CITY-VISIT
        note("PJ-CITY-VISIT")
        s.visited_city = True
        if not ps.lap_done:
            city.redeem(s, name)
    return land(s, name)


def land(s: PionjarState, name: str) -> bool:
    """The order of the square reached (PJ-SPACE-LAND); True when a draw is pending."""
    kind = s.data.loop[s.p[name].space]
    note("PJ-SPACE-LAND", *_SPACE_RULES.get(kind, ()))
    if kind == "sell_crops":
        bank.sell_equipment(s, name, "harvest")
    elif kind == "sell_timber":
        bank.sell_equipment(s, name, "axe")
    elif kind == "sell_spoils":
        bank.sell_spoils(s, name, ("buffalo", "fish", "gold"), fur_trapper=False)
    elif kind == "fur_trapper":
        bank.sell_spoils(s, name, ("buffalo",), fur_trapper=True)
    elif kind in ("post", "proclamation"):
        return start_draw(s, kind, kind)
    elif kind == "jail":
        imprison(s, name)
    return False


_SPACE_RULES = {"sell_crops": ("PJ-SELL-CROPS",), "sell_timber": ("PJ-SELL-TIMBER",),
                "sell_spoils": ("PJ-SELL-SPOILS",), "fur_trapper": ("PJ-FUR-TRAPPER",),
                "post": ("PJ-CARD-DRAW",), "proclamation": ("PJ-CARD-DRAW",)}


def enter_trail(s: PionjarState, name: str, trail: str) -> None:
    ps = s.p[name]
    ps.where = "trail"
    ps.trail = trail
    ps.circle = 0
    s.stage = "trail_roll"


def leave_trail(s: PionjarState, name: str) -> bool:
    ps = s.p[name]
    assert ps.trail is not None
    ps.space = s.data.trails[ps.trail].exits[ps.circle]
    ps.where = "loop"
    ps.trail = None
    ps.circle = 0
    return loop_move(s, name)


def trail_roll(s: PionjarState, name: str, value: int) -> bool:
    """PJ-TRAIL-DIE with the Indians and the circles; True when a card draw is pending."""
    ps = s.p[name]
    assert ps.trail is not None
    trail = s.data.trails[ps.trail]
    start = ps.circle
    stop = min(start + value, trail.length)
    camps = {c for t, c in s.indians if t == ps.trail}
    if stop in camps:
        note("PJ-INDIAN-LAND", "PJ-INDIAN-CARDS")
        bank.lose_haul(s, name, half_in_cash=False)
    elif any(start < c < stop for c in camps):
        note("PJ-INDIAN-PASS", "PJ-INDIAN-CARDS")
        bank.lose_haul(s, name, half_in_cash=True)
    ps.circle = stop
    kind = trail.kind(stop)
    if kind in ("buffalo", "fish", "gold"):
        note("PJ-TRAIL-CARD")
        return start_draw(s, kind, "trail")
    return False
