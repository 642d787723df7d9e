"""The Pionjär game object: the move table and the flow derive ``check``, ``apply``,
``legal_actions`` and rule coverage; this module adds the setup, the header options and the
results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.model.core import (
    GameEvent,
    Move,
    Score,
    TableGame,
    Violation,
    players_problem,
    refuse,
    unknown,
)
from referee.model.pionjar import scoring
from referee.model.pionjar.catalogue import RULES
from referee.model.pionjar.data import SPOILS, DataError, GameData, load_data
from referee.model.pionjar.flow import CHANCE_OF, PionjarFlow
from referee.model.pionjar.moves import MOVES
from referee.model.pionjar.observe import OBSERVABLES
from referee.model.pionjar.position import apply_position
from referee.model.pionjar.state import PionjarState, PlayerState

OPTIONS = ("data", "end", "banker")
_TURN_STEPS = frozenset({"choose", "turn", "lease", "after"})
"""The steps at which the player whose turn it is decides, and nobody else (the flow's
``actors``)."""


class Pionjar(TableGame[PionjarState]):
    name = "pionjar"
    title = "Pionjär"
    min_players = 2
    max_players = 6
    rules = RULES
    moves = MOVES
    flow = PionjarFlow()
    observables = OBSERVABLES
    vocab_rule = "PJ-VOCAB"

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> PionjarState:
        problem = players_problem(players, self.min_players, self.max_players, self.title)
        if problem is not None:
            raise refuse("schema", "PJ-SETUP-PLAYERS", problem)
        names = tuple(players)
        options = dict(options or {})
        for key in options:
            if key not in OPTIONS:
                raise refuse("schema", "PJ-OPTIONS", unknown("option", key, OPTIONS))
        try:
            data = load_data(options.get("data"))
        except DataError as exc:
            raise refuse("schema", "PJ-DATA", f"option 'data': {exc}") from None
        if len(data.properties) < len(names):  # each player heads for a property of their own
            raise refuse("schema", "PJ-DATA", f"option 'data': the data set has "
                         f"{len(data.properties)} properties, fewer than the {len(names)} "
                         "players (each settles on one)")
        end = data.months - 1
        if "end" in options:
            raw = options["end"]
            parsed = data.parse_month(raw) if isinstance(raw, str) else None
            if parsed is None:
                shown = raw[:40] if isinstance(raw, str) else raw
                raise refuse("schema", "PJ-END-EARLY", f"option 'end' must be a month "
                             f"\"YYYY-MM\" from {data.month_name(0)} to "
                             f"{data.month_name(data.months - 1)}, found {shown!r}")
            end = parsed
        banker = options.get("banker", names[0])
        if banker not in names:
            raise refuse("schema", "PJ-SETUP-BANKER", "option 'banker' must name a player: "
                         f"{unknown('player', banker, names)}")
        state = setup(names, data, end, banker)
        if position is not None:
            apply_position(state, position)
        return state

    def order(self, state: PionjarState, event: GameEvent,
              move: Move[PionjarState]) -> Violation | None:
        """The flow's order, an event in order found from the step of the turn directly (the
        chance due at a chance step; an action of its stages by the player who acts, the flow's
        ``actors`` and ``stage`` written out for the steps of one player's turn); anything else
        gets the generic checks, which word the refusal."""
        stage, shape = state.stage, move.shape
        if shape == "chance":
            if CHANCE_OF.get(stage) == move.name:
                return None
        elif stage != "over":
            if shape == "action" and move.who == "actor":
                if stage in _TURN_STEPS:
                    acting = event.player == state.players[state.turn]
                else:
                    acting = event.player in self.flow.actors(state)
            else:
                acting = True
            if acting:
                stages = move.stages
                if stages is None:
                    return None
                if stage == "turn":  # the flow's stage: where on the board the turn is
                    stage = ("squares" if state.p[state.players[state.turn]].where == "loop"
                             else "trail")
                if stage in stages:
                    return None
        return super().order(state, event, move)

    def expected(self, state: PionjarState) -> str:
        """What the flow awaits, naming only the moves legal now (a turn's steps allow few)."""
        if self.flow.chance(state) is not None or self.flow.is_over(state):
            return super().expected(state)
        names = sorted({event.name for event in self.legal_actions(state)})
        return f"a decision by {state.actor()} ({', '.join(names)})"

    def score(self, state: PionjarState) -> dict[str, Score]:
        return scoring.score(state)

    def winners(self, state: PionjarState) -> list[str]:
        return scoring.winners(state)


def setup(players: tuple[str, ...], data: GameData, end: int, banker: str) -> PionjarState:
    """The rulebook's preparation (PJ-SETUP-PLAYERS, PJ-SETUP-STACKS)."""
    p = {n: PlayerState(cash=data.start_cash) for n in players}
    stacks = {"post": list(data.card_ids["post"]),
              "proclamation": list(data.card_ids["proclamation"]),
              **{k: list(data.spoils_ids[k]) for k in SPOILS}}
    total = data.start_cash * len(players) + data.saloon_start
    return PionjarState(players, data, end, banker, p, data.saloon_start, total, 0, stacks,
                        {"post": [], "proclamation": []})
