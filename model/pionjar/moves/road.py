"""The road: naming a property, the road roll with its black and red dots, arriving at a
property and registering, and the others sent back."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.core import Action, Note, Violation, fields
from referee.model.pionjar.moves import city, saloon
from referee.model.pionjar.moves.common import PionjarAction, named
from referee.model.pionjar.state import PionjarState


class ChooseProperty(PionjarAction):
    name = "choose_property"
    rules = ("PJ-ROAD-CHOOSE", "PJ-TURN-ORDER")
    required = fields(property=str)
    stages = frozenset({"choose"})

    def validate_params(self, state: PionjarState, event: Action) -> Violation | None:
        return named(state, event, "property", event.get("property"),
                     list(state.data.properties), "PJ-ROAD-CHOOSE")

    def check(self, state: PionjarState, event: Action) -> Violation | None:
        prop = event.get("property")
        taken = state.taken()
        holder = taken.get(prop)
        if holder is not None:
            free = [slug for slug in state.data.properties if slug not in taken]
            return Violation("illegal", "PJ-ROAD-CHOOSE", f"{prop} is already taken by "
                             f"{holder}; free: {', '.join(free)}", event.player)
        return None

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        taken = state.taken()
        for slug in state.data.properties:
            if slug not in taken:
                yield Action.make(player, "choose_property", property=slug)

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        state.p[event.player].dest = event.get("property")
        state.stage = "road_roll"


# --------------------------------------------------------------------------- effects


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


def road_roll(s: PionjarState, name: str, value: int, note: Note) -> None:
    """The road move by the die (PJ-ROAD-BLACK, PJ-ROAD-RED, PJ-ROAD-ARRIVE)."""
    ps = s.p[name]
    end = s.data.road_length
    dot = ps.road + value
    if dot >= end:
        arrive(s, name, note)
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
            arrive(s, name, note)
        else:
            ps.road = dot


def arrive(s: PionjarState, name: str, note: Note) -> None:
    ps = s.p[name]
    prop = ps.dest
    assert prop is not None
    note("PJ-ROAD-ARRIVE")
    ps.road = s.data.road_length
    ps.prop = prop
    ps.land = "squatter"
    ps.where = "loop"
    ps.space = 0
    city.visit(s, name, note)                # registering at the Land Office
    if s.first is None:                      # PJ-ALMANAC-START
        note("PJ-ALMANAC-START")
        s.first = name
        s.month = 0
        s.fresh = True
        saloon.january(s, note)              # January 1858 begins
    for other, ops in s.p.items():           # PJ-ROAD-BACK
        if other != name and ops.where == "road" and ops.dest == prop:
            note("PJ-ROAD-BACK")
            ops.dest = None
            ops.road = min(ops.road, s.data.road_common)
