"""The core every game model is built on: events, rules and violations, the game protocol, the
move table and flow it is usually derived from, and the table of observable values.

Nothing here knows a game, and nothing here knows a log: log-only records (``check``, ``undo``,
``final``) and the validator's policy belong to :mod:`referee.replays`.
"""

from referee.model.core.events import (
    GAME_EVENTS,
    Action,
    Chance,
    FrozenObject,
    GameEvent,
    Params,
    Phase,
    describe,
    freeze,
    make_params,
    new_action,
    new_chance,
    new_phase,
    params_text,
    thaw,
)
from referee.model.core.flow import Flow
from referee.model.core.game import (
    DEFAULT_SEATS,
    Game,
    Note,
    Score,
    State,
    count_problem,
    fingerprint_of,
    ignore,
    players_problem,
    probability_sum,
    seat_names,
)
from referee.model.core.names import brief, suggestion, unknown
from referee.model.core.observe import (
    Observables,
    Observation,
    Quantity,
    Unparsable,
    global_value,
    player_value,
)
from referee.model.core.params import (
    check_params,
    fields,
    is_int,
    json_repr,
    json_type,
    type_name,
)
from referee.model.core.rules import (
    ERROR_KINDS,
    Rule,
    RuleCatalogue,
    RuleViolation,
    Violation,
    refuse,
)
from referee.model.core.table import (
    ActionMove,
    ChanceMove,
    Move,
    MoveTable,
    PhaseMove,
    PlayerDraw,
    TableGame,
)

__all__ = [
    "DEFAULT_SEATS", "ERROR_KINDS", "GAME_EVENTS", "Action", "ActionMove", "Chance",
    "ChanceMove", "Flow", "FrozenObject", "Game", "GameEvent", "Move", "MoveTable", "Note",
    "Observables", "Observation", "Params", "Phase", "PhaseMove", "PlayerDraw", "Quantity", "Rule",
    "RuleCatalogue", "RuleViolation", "Score", "State", "TableGame", "Unparsable", "Violation",
    "brief", "check_params", "count_problem", "describe", "fields", "fingerprint_of", "freeze",
    "global_value", "ignore", "is_int", "json_repr", "json_type", "make_params", "new_action",
    "new_chance", "new_phase", "params_text",
    "player_value", "players_problem", "probability_sum", "refuse", "seat_names", "suggestion",
    "thaw",
    "type_name", "unknown",
]
