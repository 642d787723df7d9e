"""The Pionjär flow: the step of the turn the state is at, who decides, which chance is due.

The state's ``stage`` is the step of the turn (``choose``, ``road_roll``, ``turn``, ``draw``,
``lease``, ``bid``, ``after``, ``saloon_roll``, ``rolloff``...). The flow reports the same names,
except that a squatter's ``turn`` is ``squares`` on the square spaces and ``trail`` on a trail:
the moves of the two differ, and so does the rule a move out of place breaks.

A player on the road short of Missouri without a destination may name one before rolling, so
that road roll awaits a chance event and that player's decision at once (``legal_actions``, the
model's own order, rolls; a roll that reaches Missouri stops there for the choice).
"""

from __future__ import annotations

from referee.model.core import Chance, Flow, Violation
from referee.model.pionjar.state import PionjarState

# chance move due at each chance step
CHANCE_OF = {"start_player": "start_player", "road_roll": "die", "trail_roll": "die",
             "saloon_roll": "die", "rolloff": "die", "draw": "draw"}

# the rule a move out of place breaks, by flow stage
STAGE_RULE = {"start_player": "PJ-SETUP-START", "road_roll": "PJ-ROAD-DIE",
              "trail_roll": "PJ-TRAIL-DIE", "saloon_roll": "PJ-SALOON-ROLL",
              "rolloff": "PJ-SALOON-FINAL", "draw": "PJ-SETUP-STACKS",
              "choose": "PJ-ROAD-CHOOSE", "squares": "PJ-ALMANAC-CHOICE",
              "trail": "PJ-TRAIL-LEAVE", "lease": "PJ-SALOON-RENT", "bid": "PJ-AUCTION-ORDER",
              "after": "PJ-TURN-END"}


def may_choose_early(s: PionjarState, name: str) -> bool:
    """On the road short of Missouri without a destination: the property may be named before
    the roll as well as at the fork (PJ-ROAD-CHOOSE)."""
    ps = s.p[name]
    return ps.where == "road" and ps.dest is None and ps.road < s.data.road_common


class PionjarFlow(Flow[PionjarState]):
    turn_rule = "PJ-TURN-ORDER"
    end_rule = "PJ-END-MONTH"

    def stage(self, state: PionjarState) -> str:
        stage = state.stage
        if stage == "turn":
            return "squares" if state.p[state.players[state.turn]].where == "loop" else "trail"
        return stage

    def actors(self, state: PionjarState) -> tuple[str, ...]:
        stage = state.stage
        if stage == "bid":
            auction = state.auction
            return (auction.to_act,) if auction is not None and auction.to_act else ()
        if stage in ("choose", "turn", "lease", "after"):
            return (state.players[state.turn],)
        if stage == "road_roll":
            current = state.players[state.turn]
            return (current,) if may_choose_early(state, current) else ()
        return ()

    def chance(self, state: PionjarState) -> str | None:
        return CHANCE_OF.get(state.stage)

    def is_over(self, state: PionjarState) -> bool:
        return state.stage == "over"

    def stage_rule(self, stage: str) -> str:
        return STAGE_RULE.get(stage, "PJ-TURN-ORDER")

    def stray_chance(self, state: PionjarState, event: Chance, expected: str) -> Violation:
        return Violation("order", "PJ-TURN-ORDER", f"expected {expected}, found chance "
                         f"{event.name!r}")
