"""The die: one chance move for every roll (the road, a trail, the Saloon, the final roll-off);
the step of the turn says which roll it is and whose."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from referee.model.core import Chance, ChanceMove, Note, Violation, fields, unknown
from referee.model.pionjar.flow import STAGE_RULE
from referee.model.pionjar.moves import road, saloon, squares, turns
from referee.model.pionjar.state import PionjarState

_TURN_ROLLS = frozenset({"road_roll", "trail_roll", "saloon_roll"})


def _read(event: Chance) -> tuple[Any, Any, bool]:
    """The roll's player and value (None when absent), and whether it names a payout: the
    parameters read in one pass (``event.get`` scans them for each name; read from the last,
    the first of a name written twice is the one kept, as ``get`` finds it)."""
    player = value = None
    payout = False
    for key, item in reversed(event.params):
        if key == "player":
            player = item
        elif key == "value":
            value = item
        elif key == "payout":
            payout = True
    return player, value, payout


class Die(ChanceMove[PionjarState]):
    name = "die"
    rules = ("PJ-CHANCE-DIE",)
    required = fields(player=str, value=int)
    optional = fields(payout=int)

    def validate(self, state: PionjarState, event: Chance) -> Violation | None:
        player = event.get("player")
        if player not in state.players:
            return Violation("schema", "PJ-VOCAB", "chance 'die': "
                             f"{unknown('player', player, state.players)}")
        return None

    def check(self, state: PionjarState, event: Chance) -> Violation | None:
        stage = state.stage
        # state.roller(), written out for the rolls of a turn
        roller = ((state.players[state.turn] if state.turn >= 0 else None)
                  if stage in _TURN_ROLLS else state.roller())
        player, value, payout = _read(event)
        if player != roller:
            return Violation("order", STAGE_RULE[stage], f"the die is {roller}'s to roll, not "
                             f"{player}'s", player)
        if not 1 <= value <= 6:
            return Violation("chance", "PJ-CHANCE-DIE", f"a die shows 1 to 6, found {value}",
                             roller)
        if payout:
            if state.stage != "saloon_roll":
                return Violation("schema", "PJ-SALOON-ROLL", "field 'payout' belongs only to a "
                                 "Saloon roll")
            due = saloon.payout(state, state.stake, value)
            if event.get("payout") != due:
                return Violation("chance", "PJ-SALOON-ROLL", f"payout {event.get('payout')} "
                                 f"cannot occur: stake {state.stake}, roll {value} and "
                                 f"{state.saloon} in the Saloon pay {due}", roller)
        return None

    def outcomes(self, state: PionjarState) -> list[tuple[Chance, Fraction]]:
        roller = state.roller()
        return [(Chance.make("die", player=roller, value=v), Fraction(1, 6))
                for v in range(1, 7)]

    def describe(self, state: PionjarState) -> str:
        return f"chance 'die' rolled by {state.roller()}"

    def apply(self, state: PionjarState, event: Chance, note: Note) -> None:
        s = state
        name, value, _ = _read(event)
        stage = s.stage
        note(STAGE_RULE[stage])
        if stage == "road_roll":
            if not road.road_roll(s, name, value, note):
                turns.to_after(s, note)
        elif stage == "trail_roll":
            if not squares.trail_roll(s, name, value, note):
                turns.to_after(s, note)
        elif stage == "saloon_roll":
            saloon.roll(s, name, value)
            turns.to_after(s, note)
        else:
            if len(s.rolloff_pool) < len(s.players):
                note("PJ-SALOON-FINAL-TIE")
            saloon.rolloff_roll(s, name, value, note)
