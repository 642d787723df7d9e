"""Turn sequencing and the almanac: whose turn comes next, skipped turns, prison, the month."""

from __future__ import annotations

from referee.model.pionjar import saloon
from referee.model.pionjar.city import has_city_option
from referee.model.pionjar.ruleids import note
from referee.model.pionjar.state import PionjarState


def start_first_turn(s: PionjarState, start: str) -> None:
    s.start = start
    s.turn = s.players.index(start)
    start_turn(s)


def start_turn(s: PionjarState) -> None:
    ps = s.p[s.players[s.turn]]
    if ps.where == "road":
        s.stage = "choose" if ps.dest is None else "road_roll"
    elif ps.where == "trail":
        assert ps.trail is not None
        s.stage = "turn" if ps.circle in s.data.trails[ps.trail].exits else "trail_roll"
    else:
        s.stage = "turn"


def has_optional(s: PionjarState) -> bool:
    name = s.players[s.turn]
    return saloon.can_gamble(s, name) or has_city_option(s, name)


def to_after(s: PionjarState) -> None:
    """The move is done; the turn ends by itself when nothing is left to decide (PJ-TURN-END)."""
    s.stage = "after"
    if not has_optional(s):
        note("PJ-TURN-END")
        end_turn(s)


def end_turn(s: PionjarState) -> None:
    s.visited_city = False
    s.gambled = False
    s.stake = 0
    begin_next_turn(s)


def begin_next_turn(s: PionjarState) -> None:
    n = len(s.players)
    while True:
        s.turn = (s.turn + 1) % n
        name = s.players[s.turn]
        ps = s.p[name]
        if name == s.first:
            if s.fresh:
                s.fresh = False
            elif s.month >= s.end_month:
                note("PJ-END-MONTH")
                if s.end_month < s.data.months - 1:
                    note("PJ-END-EARLY")
                saloon.finish(s)            # PJ-END-MONTH
                return
            else:
                note("PJ-ALMANAC-ADVANCE")
                advance_month(s)            # PJ-ALMANAC-ADVANCE, even for a skipped turn
        if ps.skip:
            note("PJ-ROAD-BLACK" if ps.where == "road" else "PJ-POST-SKIP")
            ps.skip = False
            continue
        if ps.where == "prison":
            note("PJ-PRISON")
            if s.month < ps.prison_until:
                ps.prison_served += 1
                continue
            ps.where = "loop"
            ps.space = s.data.prison_exit
        start_turn(s)
        return


def advance_month(s: PionjarState) -> None:
    if s.month % 12 == 11:
        saloon.year_end(s)
    s.month += 1
    s.advances += 1
    if s.month % 12 == 0:
        saloon.january(s)


def imprison(s: PionjarState, name: str) -> None:
    """PJ-PRISON: locked up in month m, out in month m + 3 (two full months inside)."""
    note("PJ-PRISON")
    ps = s.p[name]
    ps.where = "prison"
    ps.trail = None
    ps.circle = 0
    ps.skip = False
    ps.prison_since = s.month
    ps.prison_until = s.month + s.data.prison_months + 1
    ps.prison_served = 0
