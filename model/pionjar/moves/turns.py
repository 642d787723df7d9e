"""The turn: the start player, the end of a turn, the next player's turn (skipped turns,
prison), the almanac month that moves on the first squatter's turns, and the end of the game."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from referee.model.core import Action, Chance, ChanceMove, Note, Violation, fields, unknown
from referee.model.pionjar.moves import city, saloon
from referee.model.pionjar.moves.common import PionjarAction
from referee.model.pionjar.state import PionjarState

SETUP_RULES = ("PJ-SETUP-START", "PJ-DATA", "PJ-SETUP-PLAYERS", "PJ-SETUP-STACKS",
               "PJ-SETUP-BANKER")


class StartPlayer(ChanceMove[PionjarState]):
    name = "start_player"
    rules = SETUP_RULES
    required = fields(player=str)

    def validate(self, state: PionjarState, event: Chance) -> Violation | None:
        player = event.get("player")
        if player not in state.players:
            return Violation("schema", "PJ-VOCAB", f"chance 'start_player': "
                             f"{unknown('player', player, state.players)}")
        return None

    def outcomes(self, state: PionjarState) -> list[tuple[Chance, Fraction]]:
        p = Fraction(1, len(state.players))
        return [(Chance.make("start_player", player=n), p) for n in state.players]

    def describe(self, state: PionjarState) -> str:
        return "chance 'start_player'"

    def apply(self, state: PionjarState, event: Chance, note: Note) -> None:
        state.start = event.get("player")
        state.turn = state.players.index(event.get("player"))
        start_turn(state)


class EndTurn(PionjarAction):
    name = "end_turn"
    rules = ("PJ-TURN-END", "PJ-TURN-ORDER")
    stages = frozenset({"after"})

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        yield Action.make(player, "end_turn")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        end_turn(state, note)


# --------------------------------------------------------------------------- effects


def start_turn(s: PionjarState) -> None:
    """The first step of the current player's turn."""
    ps = s.p[s.players[s.turn]]
    if ps.where == "road":
        at_fork = ps.dest is None and ps.road >= s.data.road_common
        s.stage = "choose" if at_fork else "road_roll"
    elif ps.where == "trail":
        assert ps.trail is not None
        s.stage = "turn" if ps.circle in s.data.trails[ps.trail].exits else "trail_roll"
    else:
        s.stage = "turn"


def has_optional(s: PionjarState) -> bool:
    name = s.players[s.turn]
    return saloon.can_gamble(s, name) or city.has_city_option(s, name)


def to_after(s: PionjarState, note: Note) -> None:
    """The move is done; the turn ends by itself when nothing is left to decide (PJ-TURN-END)."""
    s.stage = "after"
    if not has_optional(s):
        note("PJ-TURN-END")
        end_turn(s, note)


def end_turn(s: PionjarState, note: Note) -> None:
    s.city = None
    s.gambled = False
    s.stake = 0
    begin_next_turn(s, note)


def begin_next_turn(s: PionjarState, note: Note) -> None:
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
                saloon.finish(s, note)
                return
            else:
                note("PJ-ALMANAC-ADVANCE")      # even for a skipped turn
                advance_month(s, note)
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


def advance_month(s: PionjarState, note: Note) -> None:
    if s.month % 12 == 11:
        saloon.year_end(s, note)
    s.month += 1
    s.advances += 1
    if s.month % 12 == 0:
        saloon.january(s, note)


def imprison(s: PionjarState, name: str, note: Note) -> None:
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
