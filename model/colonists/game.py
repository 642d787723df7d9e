"""The Colonists as a table game: setup, the move table, the flow, scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.model.colonists import moves
from referee.model.colonists.board import FIRST_MARKET
from referee.model.colonists.catalogue import RULES
from referee.model.colonists.data import DATA_DIR, DataError, load_data
from referee.model.colonists.flow import ColonistsFlow
from referee.model.colonists.observe import make_observables
from referee.model.colonists.scoring import score, winners
from referee.model.colonists.state import Built, ColonistsState, Community
from referee.model.core import MoveTable, Score, TableGame, datasets, refuse, unknown

OPTIONS = ("first_era", "last_era", "small_market", "box_limits", "data")
DEFAULT_SET = "default"


class Colonists(TableGame[ColonistsState]):
    name = "colonists"
    title = "The Colonists"
    min_players = 1
    max_players = 4
    rules = RULES
    moves = MoveTable(moves.ALL)
    flow = ColonistsFlow()
    observables = make_observables(sorted(load_data().colonies))
    vocab_rule = "CO-VOCAB"

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> ColonistsState:
        options = dict(options or {})
        for key in options:
            if key not in OPTIONS:
                raise refuse("schema", "CO-OPTIONS", unknown("option", key, OPTIONS))
        first = options.get("first_era", 1)
        last = options.get("last_era", 4)
        if type(first) is not int or first != 1:
            raise refuse("schema", "CO-OPTIONS", f"option 'first_era': this version starts a "
                         f"game in Era I only, found {first!r}")
        if type(last) is not int or not 1 <= last <= 4:
            raise refuse("schema", "CO-OPTIONS", f"option 'last_era' must be 1 to 4, found "
                         f"{last!r}")
        flags: dict[str, bool] = {}
        for key in ("small_market", "box_limits"):
            value = options.get(key, False)
            if type(value) is not bool:
                raise refuse("schema", "CO-OPTIONS", f"option {key!r} must be true or false, "
                             f"found {value!r}")
            flags[key] = value
        data = _data(options.get("data", DEFAULT_SET))
        state = ColonistsState(tuple(players), data, last_era=last,
                               small_market=flags["small_market"], box_limits=flags["box_limits"])
        setup = data.setup
        for _ in players:
            c = Community()
            for slug, n in setup.start_buildings.items():
                c.buildings.extend(Built(slug) for _ in range(n))
            c.stored = {g: n for g, n in setup.start_warehouse.items()}
            c.tools = setup.start_toolbox.get("tools", 0)
            c.dollars = setup.start_toolbox.get("dollars", 0)
            c.stewards = [None] * setup.stewards
            c.block_start = [None] * setup.stewards
            state.p.append(c)
        state.board.add("market", FIRST_MARKET, market=True)
        state.start_pile = [p.slug for p in data.places_of_era(0) if p.drawn
                            for _ in range(p.copies)]
        if position is not None:
            from referee.model.colonists.position import apply_position

            apply_position(state, position)
        return state

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
