"""The die: one chance move for every roll (the road, a trail, the Saloon, the final roll-off);
the step of the turn says which roll it is and whose."""

from __future__ import annotations

from fractions import Fraction

from referee.model.core import Chance, ChanceMove, Note, Violation, fields, unknown
from referee.model.pionjar.flow import STAGE_RULE
from referee.model.pionjar.moves import road, saloon, squares, turns
from referee.model.pionjar.state import PionjarState


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
        roller = state.roller()
        rule = STAGE_RULE[state.stage]
        player, value = event.get("player"), event.get("value")
        if player != roller:
            return Violation("order", rule, f"the die is {roller}'s to roll, not {player}'s",
                             player)
        if not 1 <= value <= 6:
            return Violation("chance", "PJ-CHANCE-DIE", f"a die shows 1 to 6, found {value}",
                             roller)
        if event.has("payout"):
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
        name, value = event.get("player"), event.get("value")
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
