"""The Colonists as a table game: setup, the move table, the flow, scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.model.colonists import moves
from referee.model.colonists.board import FIRST_MARKET
from referee.model.colonists.catalogue import RULES
from referee.model.colonists.data import DATA_DIR, DataError, load_data
from referee.model.colonists.flow import ColonistsFlow
from referee.model.colonists.later import read_saved
from referee.model.colonists.moves.colonies import continues
from referee.model.colonists.moves.common import close
from referee.model.colonists.moves.memo import MEMO
from referee.model.colonists.observe import make_observables
from referee.model.colonists.scoring import score, winners
from referee.model.colonists.state import Built, ColonistsState, Community
from referee.model.core import (
    GameEvent,
    Move,
    MoveTable,
    Note,
    Score,
    TableGame,
    Violation,
    brief,
    datasets,
    ignore,
    refuse,
    unknown,
)

OPTIONS = ("first_era", "last_era", "small_market", "box_limits", "data", "saved",
           "money_building_limit")
DEFAULT_SET = "default"


class Colonists(TableGame[ColonistsState]):
    name = "colonists"
    title = "The Colonists"
    min_players = 1
    max_players = 4
    rules = RULES
    moves = MoveTable(moves.ALL)
    flow = ColonistsFlow()
    observables = make_observables(sorted(load_data().colonies),
                                   load_data().movement.ambassadors)
    vocab_rule = "CO-VOCAB"

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> ColonistsState:
        options = dict(options or {})
        for key in options:
            if key not in OPTIONS:
                raise refuse("schema", "CO-OPTIONS", unknown("option", key, OPTIONS))
        last = options.get("last_era", 4)
        if type(last) is not int or not 1 <= last <= 4:
            raise refuse("schema", "CO-OPTIONS", f"option 'last_era' must be 1 to 4, found "
                         f"{brief(last)}")
        first = options.get("first_era", 1)
        if type(first) is not int or not 1 <= first <= last:
            raise refuse("schema", "CO-OPTIONS", f"option 'first_era' must be 1 to the last "
                         f"era ({last}), found {brief(first)}")
        flags: dict[str, bool] = {}
        for key in ("small_market", "box_limits", "money_building_limit"):
            value = options.get(key, False)
            if type(value) is not bool:
                raise refuse("schema", "CO-OPTIONS", f"option {key!r} must be true or false, "
                             f"found {brief(value)}")
            flags[key] = value
        data = _data(options.get("data", DEFAULT_SET))
        saved = None
        if "saved" in options:
            saved = read_saved(options["saved"], list(players), data, last)
            if "first_era" in options and first != saved.next_era:
                raise refuse("schema", "CO-SAVED", f"option 'first_era' {first} differs from "
                             f"the saved game's next era {saved.next_era}")
            first = saved.next_era
        if flags["money_building_limit"] and first == 1:
            raise refuse("schema", "CO-OPTIONS", "option 'money_building_limit' limits a "
                         "later-era setup: it needs first_era 2 to 4")
        state = ColonistsState(tuple(players), data, last_era=last,
                               small_market=flags["small_market"], box_limits=flags["box_limits"],
                               first_era=first, money_limit=flags["money_building_limit"],
                               saved=saved)
        setup = data.setup
        for _ in players:
            c = Community()
            if first == 1:
                for slug, n in setup.start_buildings.items():
                    c.buildings.extend(Built(slug) for _ in range(n))
                c.stored = {g: n for g, n in setup.start_warehouse.items()}
                c.tools = setup.start_toolbox.get("tools", 0)
                c.dollars = setup.start_toolbox.get("dollars", 0)
            else:  # the display is bought in phase 3; the Basic Storage is not filled
                c.filled = True
            c.stewards = [None] * setup.stewards
            c.block_start = [None] * setup.stewards
            state.p.append(c)
        if first > 1:
            state.era = first - 1
        if saved is not None:
            state.colonies = list(saved.colonies)
            state.stage = "start_player"
            for name, line in saved.players.items():
                state.p[state.index(name)].played = list(line.improvements)
            if saved.start_player is not None:
                state.start = state.marker = state.index(saved.start_player)
                state.stage = "draw_place"
        state.board.add("market", FIRST_MARKET, market=True)
        state.start_pile = [p.slug for p in data.places_of_era(0) if p.drawn
                            for _ in range(p.copies)]
        if position is not None:
            from referee.model.colonists.position import apply_position

            apply_position(state, position)
        return state

    def check(self, state: ColonistsState, event: GameEvent) -> Violation | None:
        if state.stage == "optional" and not continues(state, event):
            state = state.copy()  # the optional follow-ups end before this event
            close(state, ignore)
        return super().check(state, event)

    def apply(self, state: ColonistsState, event: GameEvent, note: Note = ignore) -> None:
        if state.stage == "optional" and not continues(state, event):
            close(state, note)
        super().apply(state, event, note)

    def play(self, state: ColonistsState, event: GameEvent, note: Note = ignore,
             ) -> Violation | None:
        """``check`` then ``apply`` as the move table's plain protocol does (the move looked up
        once), except where optional follow-ups end before the event: they are closed first."""
        if state.stage == "optional" and not continues(state, event):
            return super().play(state, event, note)  # check, then apply: both close them
        MEMO.start()
        try:
            return self._play_plan(state, event, note)
        finally:
            MEMO.stop()

    def order(self, state: ColonistsState, event: GameEvent, move: Move[ColonistsState],
              ) -> Violation | None:
        """The move table's order checks, the events they let through (nearly all) found at
        once: a game not over, a chance event that is due, a decision in its stages by a player
        who may take it."""
        if state.stage != "over":
            shape = move.shape
            if shape == "chance":
                if self.flow.chance(state) == move.name:
                    return None
            elif (move.stages is None or state.stage in move.stages) and (
                    shape == "phase" or move.who != "actor"
                    or event.player in self.flow.actors(state)):
                return None
            start = state.players[state.start] if state.start is not None else None
            if (move.name == "place_tile" and state.stage == "end_year" and state.revealed
                    and start is not None and event.player != start):
                return Violation("order", "CO-END-PLACES", f"the start player, {start}, adds "
                                 f"the face-up Places ({', '.join(state.revealed)}), not "
                                 f"{event.player}", event.player)
        return super().order(state, event, move)

    def score(self, state: ColonistsState) -> dict[str, Score]:
        return score(state)

    def winners(self, state: ColonistsState) -> list[str]:
        return winners(state)


def _data(name: object) -> Any:
    """The bundled data set, or a folder the user allowed on the command line."""
    try:
        folder = None if name == DEFAULT_SET else datasets.resolve(name, DATA_DIR, [])
    except datasets.DataSetError as exc:
        raise refuse("schema", "CO-DATA", f"option 'data': {exc}") from None
    try:
        return load_data(folder)
    except DataError as exc:
        raise refuse("schema", "CO-DATA", f"option 'data': {exc}") from None
