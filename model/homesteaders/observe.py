"""What a ``check`` line, an invariant expression or the explorer may read off a Homesteaders
state (replay format §2, "Check quantities").

Per player: every holding (``silver``, the six resources, ``trade``, ``vp`` chits, ``debt``,
``workers``, ``rail``, ``track``), ``score`` (the score if the game ended now; a wrong claim is
HS-SCORE) and ``buildings`` (compared as a set). Globals: ``round``, ``phase``, ``start_player``
(a wrong claim is HS-START-MARKER) and ``neutral_level``. Any other wrong value is
LOG-CHECK-VALUE; an unknown name or a value of the wrong type is HS-CHECK.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.model.core import Observables, Quantity, global_value, player_value
from referee.model.homesteaders.scoring import player_total
from referee.model.homesteaders.state import HOLDINGS, PHASES, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.game import Homesteaders

State = HomesteadersState

_DOCS = {"silver": "silver coins", "trade": "trade chits", "vp": "VP chits",
         "debt": "unpaid debt chits", "workers": "workers owned", "rail": "rail line chits",
         "track": "the railroad marker's space (0-5)"}


def _holding(key: str) -> Callable[[State, str], int]:
    def get(state: State, player: str) -> int:
        return state.hold[state.seat[player]][key]

    return get


def observables(game: Homesteaders) -> Observables[State]:
    data = game.data

    def score(state: State, player: str) -> int:
        i = state.seat[player]
        return player_total(data, state.hold[i], state.buildings[i])

    def buildings(state: State, player: str) -> list[str]:
        return sorted(state.buildings[state.seat[player]])

    def start_player(state: State) -> str | None:
        return state.players[state.start] if state.start is not None else None

    quantities: list[Quantity[Any]] = [
        player_value(key, "int", _DOCS.get(key, f"{key} held"), _holding(key))
        for key in HOLDINGS]
    quantities += [
        player_value("score", "int", "the score if the game ended now", score,
                     rule="HS-SCORE"),
        player_value("buildings", "names", "the buildings owned (compared as a set)",
                     buildings, domain=lambda state: data.buildings),
        global_value("round", "int", "the round (0 before round 1; 10 through the end)",
                     lambda state: state.round),
        global_value("phase", "text", "the phase whose marker was passed last ('start' "
                     "before round 1)", lambda state: state.phase,
                     domain=lambda state: PHASES),
        global_value("start_player", "text", "who holds the start player marker (null before "
                     "it is drawn)", start_player, rule="HS-START-MARKER",
                     domain=lambda state: state.players),
        global_value("neutral_level", "int", "two players: the neutral bid level",
                     lambda state: state.neutral_level),
    ]
    return Observables(quantities, check_rule="HS-CHECK", player_row=_holdings)


def _holdings(state: State, player: str) -> dict[str, int]:
    """The player's holdings, by the names of their quantities."""
    return state.hold[state.seat[player]]
