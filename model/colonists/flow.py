"""Where a game of The Colonists is, who acts now, and which chance event is due."""

from __future__ import annotations

from referee.model.colonists.state import ColonistsState
from referee.model.core import Chance, Flow, Violation

# stage -> the chance move due in it
CHANCE_STAGES = {"colonies": "colonies", "start_player": "start_player",
                 "draw_place": "draw_place", "fifth_colony": "colony",
                 "market_card": "market_card", "reveal_place": "reveal_place",
                 "draw": "draw_improvement", "setup_card": "setup_card"}
# the chance events of a year's start (rulebook "Start of a Year")
YEAR_START_CHANCES = frozenset({"market_card", "reveal_place"})
# stages where the start player decides
START_PLAYER_STAGES = frozenset({"lay_place", "second_market", "third_market", "small_market"})
TURN_STAGES = frozenset({"turn", "act", "keep", "optional"})
# where the action of a place is taken: due ("act") or optional follow-ups ("optional")
ACT_STAGES = frozenset({"act", "optional"})
# stages where the pending action's player decides (not always the player whose turns these
# are: a Special Ambassador's action at the end of a turn, draws in production)
PENDING_STAGES = frozenset({"act", "keep", "optional"})
SETUP_STAGES = frozenset({"colonies", "start_player", "draw_place", "lay_place",
                          "second_market"})
# every stage of a setup, a later era's included (goods may go into Buffers directly there)
ANY_SETUP_STAGES = SETUP_STAGES | {"setup_card", "setup_display"}
# anytime moves (employ, discard) are allowed once the community exists
PLAY_STAGES = frozenset({"lay_place", "draw_place", "second_market", "third_market",
                         "small_market", "fifth_colony", "market_card", "reveal_place",
                         *TURN_STAGES, "draw", "end_year", "setup_display"})
# production conversions and their like: from the sustenance marker to the next summer
AFTER_PRODUCTION = frozenset({"third_market", "fifth_colony", "small_market", "market_card",
                              "reveal_place"})

_STAGE_RULE = {"colonies": "CO-SETUP-COLONIES", "start_player": "CO-SETUP-START",
               "draw_place": "CO-SETUP-PLACES", "lay_place": "CO-SETUP-PLACES",
               "second_market": "CO-SETUP-PLACES", "third_market": "CO-ERA-START",
               "fifth_colony": "CO-ERA-START", "small_market": "CO-ERA-START",
               "market_card": "CO-YEAR-START", "reveal_place": "CO-YEAR-START",
               "turn": "CO-TURN-ORDER", "act": "CO-MOVE-ACTION", "draw": "CO-LIBRARIAN",
               "keep": "CO-LIBRARIAN", "optional": "CO-MOVE-ACTION", "end_year": "CO-END-YEAR",
               "setup_card": "CO-LATER-CARDS", "setup_display": "CO-LATER-DISPLAY",
               "over": "CO-ERA-END"}


class ColonistsFlow(Flow[ColonistsState]):
    turn_rule = "CO-TURN-ORDER"
    end_rule = "CO-ERA-END"

    def stage(self, state: ColonistsState) -> str:
        return state.stage

    def actors(self, state: ColonistsState) -> tuple[str, ...]:
        stage = state.stage
        if stage in PENDING_STAGES and state.pending is not None:
            return (state.players[state.pending.player],)
        if stage in TURN_STAGES:
            return (state.current,)
        if stage == "lay_place":
            assert state.start is not None
            return (state.players[(state.start + state.laid) % len(state.players)],)
        if stage in START_PLAYER_STAGES or (stage == "end_year" and state.revealed):
            assert state.start is not None
            return (state.players[state.start],)
        return ()

    def chance(self, state: ColonistsState) -> str | None:
        return CHANCE_STAGES.get(state.stage)

    def is_over(self, state: ColonistsState) -> bool:
        return state.stage == "over"

    def stage_rule(self, stage: str) -> str:
        return _STAGE_RULE.get(stage, "CO-TURN-ORDER")

    def stray_chance(self, state: ColonistsState, event: Chance, expected: str) -> Violation:
        if state.stage in TURN_STAGES and event.name in YEAR_START_CHANCES:
            # the year is under way: its Market card and Places were turned at its start
            calendar = state.data.calendar
            if event.name == "market_card":
                why = "the year's Market card is turned face up at its start, once"
            elif state.year > calendar.place_years:
                why = (f"in year {state.year} of an era no Places are turned face up (the "
                       f"era's Places come up in years 1 to {calendar.place_years})")
            else:
                why = (f"{calendar.places_per_year} Places are turned face up at the start of "
                       "a year, no more")
            return Violation("chance", "CO-YEAR-START", f"{why}; expected {expected}, found "
                             f"chance {event.name!r}")
        return Violation("chance", _STAGE_RULE.get(state.stage, "CO-TURN-ORDER"),
                         f"expected {expected}, found chance {event.name!r}")
