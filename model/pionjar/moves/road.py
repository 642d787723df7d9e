"""The road: naming a property, the road roll with its black and red dots, arriving at a
property and registering, and the others sent back."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.core import Action, Note, Violation, fields
from referee.model.pionjar.moves import city, saloon, turns
from referee.model.pionjar.moves.common import PionjarAction, named
from referee.model.pionjar.state import PionjarState


class ChooseProperty(PionjarAction):
    """The destination: named at Missouri, where the road divides, or earlier before a roll.
    A roll that reaches Missouri without one stops there; once the property is named, the
    rest of the roll follows on its branch."""

    name = "choose_property"
    rules = ("PJ-ROAD-CHOOSE", "PJ-TURN-ORDER")
    required = fields(property=str)
    stages = frozenset({"choose", "road_roll"})

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
        name = event.player
        state.p[name].dest = event.get("property")
        if state.stage != "choose":
            return                          # named before the roll
        steps, plain = state.road_steps, state.road_plain
        state.road_steps, state.road_plain = 0, False
        if not steps:
            state.stage = "road_roll"       # at the fork when the turn began
            return
        move(state, name, steps, note, effects=not plain)
        turns.to_after(state, note)


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


def road_roll(s: PionjarState, name: str, value: int, note: Note) -> bool:
    """The road move by the die; True when it stops at Missouri for the choice."""
    return move(s, name, value, note, effects=True)


def move(s: PionjarState, name: str, steps: int, note: Note, effects: bool) -> bool:
    """Move ``steps`` dots (PJ-ROAD-BLACK, PJ-ROAD-RED, PJ-ROAD-ARRIVE); the dot reached acts
    only with ``effects`` (not at the end of a red dot's extra steps). True when the move stops
    at Missouri because no property is named yet (PJ-ROAD-CHOOSE)."""
    ps = s.p[name]
    d = s.data
    dot = ps.road + steps
    if ps.dest is None and dot > d.road_common:
        ps.road = d.road_common
        s.road_steps, s.road_plain = dot - d.road_common, not effects
        s.stage = "choose"
        return True
    if dot >= d.road_length:
        arrive(s, name, note)
        return False
    ps.road = dot
    if not effects:
        return False
    colour = dot_colour(s, dot, ps.dest)
    if colour == "black":
        note("PJ-ROAD-BLACK")
        ps.skip = True
    elif colour == "red":
        note("PJ-ROAD-RED")
        return move(s, name, d.red_dot_steps, note, effects=False)
    return False


def arrive(s: PionjarState, name: str, note: Note) -> None:
    ps = s.p[name]
    prop = ps.dest
    assert prop is not None
    note("PJ-ROAD-ARRIVE")
    ps.road = s.data.road_length
    ps.prop = prop
    ps.dest = None                           # arrived: no longer headed anywhere
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
