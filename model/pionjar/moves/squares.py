"""The square spaces and the trails: the almanac move and the order of the square reached,
entering and leaving a trail, rolling on, and what a trail roll meets (Indians, spoils)."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.core import Action, Note, Violation, fields
from referee.model.pionjar import bank
from referee.model.pionjar.moves import cards, city, turns
from referee.model.pionjar.moves.common import PionjarAction, named
from referee.model.pionjar.state import PionjarState

SQUARES = frozenset({"squares"})
TRAIL = frozenset({"trail"})


class Advance(PionjarAction):
    name = "advance"
    rules = ("PJ-ALMANAC-CHOICE", "PJ-TURN-ORDER")
    schema_rule = "PJ-ALMANAC-MOVE"
    stages = SQUARES

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        yield Action.make(player, "advance")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        if not loop_move(state, event.player, note):
            turns.to_after(state, note)


class EnterTrail(PionjarAction):
    name = "enter_trail"
    rules = ("PJ-TRAIL-ENTER", "PJ-ALMANAC-CHOICE", "PJ-TURN-ORDER")
    required = fields(trail=str)
    stages = SQUARES

    def validate_params(self, state: PionjarState, event: Action) -> Violation | None:
        return named(state, event, "trail", event.get("trail"), list(state.data.trails),
                     "PJ-TRAIL-ENTER")

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        for trail in state.data.trails:
            yield Action.make(player, "enter_trail", trail=trail)

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        ps = state.p[event.player]
        ps.where = "trail"
        ps.trail = event.get("trail")
        ps.circle = 0
        state.stage = "trail_roll"


class LeaveTrail(PionjarAction):
    name = "leave_trail"
    rules = ("PJ-TRAIL-LEAVE", "PJ-ALMANAC-CHOICE", "PJ-TURN-ORDER")
    stages = TRAIL

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        yield Action.make(player, "leave_trail")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        ps = state.p[event.player]
        assert ps.trail is not None
        ps.space = state.data.trails[ps.trail].exits[ps.circle]
        ps.where = "loop"
        ps.trail = None
        ps.circle = 0
        if not loop_move(state, event.player, note):
            turns.to_after(state, note)


class RollOn(PionjarAction):
    """Stay on the trail from an exit circle: a die roll follows."""

    name = "roll"
    rules = ("PJ-TRAIL-LEAVE", "PJ-ALMANAC-CHOICE", "PJ-TURN-ORDER")
    stages = TRAIL

    def check(self, state: PionjarState, event: Action) -> Violation | None:
        ps = state.p[event.player]
        assert ps.trail is not None
        if at_trail_end(state, event.player):
            return Violation("illegal", "PJ-TRAIL-LEAVE", f"{event.player} is at the last "
                             f"circle of the {ps.trail} trail and must leave it", event.player)
        return None

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        if not at_trail_end(state, player):
            yield Action.make(player, "roll")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        state.stage = "trail_roll"


# --------------------------------------------------------------------------- effects


def at_trail_end(s: PionjarState, name: str) -> bool:
    ps = s.p[name]
    assert ps.trail is not None
    return ps.circle >= s.data.trails[ps.trail].length


def loop_move(s: PionjarState, name: str, note: Note) -> bool:
    """The almanac move (PJ-ALMANAC-MOVE); True when a card draw is now pending."""
    ps = s.p[name]
    assert ps.prop is not None
    note("PJ-ALMANAC-MOVE")
    steps = s.data.properties[ps.prop].steps[s.month]
    size = len(s.data.loop)
    target = ps.space + steps
    ps.space = target % size
    if target >= size:                       # reaching or passing Pioneer City
        if not ps.lap_done:
            city.redeem(s, name, note)
        city.visit(s, name, note)            # what is bought there is paid from this cash
    return land(s, name, note)


_SPACE_RULES = {"sell_crops": "PJ-SELL-CROPS", "sell_timber": "PJ-SELL-TIMBER",
                "sell_spoils": "PJ-SELL-SPOILS", "fur_trapper": "PJ-FUR-TRAPPER",
                "post": "PJ-CARD-DRAW", "proclamation": "PJ-CARD-DRAW"}


def land(s: PionjarState, name: str, note: Note) -> bool:
    """The order of the square reached (PJ-SPACE-LAND); True when a draw is pending."""
    kind = s.data.loop[s.p[name].space]
    note("PJ-SPACE-LAND")
    rule = _SPACE_RULES.get(kind)
    if rule is not None:
        note(rule)
    if kind == "sell_crops":
        bank.sell_equipment(s, name, "harvest", note)
    elif kind == "sell_timber":
        bank.sell_equipment(s, name, "axe", note)
    elif kind == "sell_spoils":
        bank.sell_spoils(s, name, ("buffalo", "fish", "gold"), False, note)
    elif kind == "fur_trapper":
        bank.sell_spoils(s, name, ("buffalo",), True, note)
    elif kind in ("post", "proclamation"):
        return cards.start_draw(s, kind, kind, note)
    elif kind == "jail":
        turns.imprison(s, name, note)
    return False


def trail_roll(s: PionjarState, name: str, value: int, note: Note) -> bool:
    """PJ-TRAIL-DIE with the Indians and the circles; True when a card draw is pending."""
    ps = s.p[name]
    assert ps.trail is not None
    trail = s.data.trails[ps.trail]
    start = ps.circle
    stop = min(start + value, trail.length)
    camps = {c for t, c in s.indians if t == ps.trail}
    if stop in camps:
        note("PJ-INDIAN-LAND")
        note("PJ-INDIAN-CARDS")
        bank.lose_haul(s, name, half_in_cash=False)
    elif any(start < c < stop for c in camps):
        note("PJ-INDIAN-PASS")
        note("PJ-INDIAN-CARDS")
        bank.lose_haul(s, name, half_in_cash=True)
    ps.circle = stop
    kind = trail.kind(stop)
    if kind in ("buffalo", "fish", "gold"):
        note("PJ-TRAIL-CARD")
        return cards.start_draw(s, kind, "trail", note)
    return False
