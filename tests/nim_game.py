"""A tiny game for testing the game-agnostic machinery: Nim with a chance start player.

Log vocabulary: ``{"chance": "start_player", "player": P}`` first, then ``{"phase": "play"}``, then
``{"player": P, "action": "take", "pile": i, "count": n}`` in turn. Whoever takes the last object
scores 1, everyone else 0. Options: ``piles`` (list of pile sizes, default [3, 4, 5]).
Check quantities: per player ``taken``; global ``piles`` (list), ``turn`` (player), ``phase``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from referee.model.core import (
    Action,
    Chance,
    GameEvent,
    Phase,
    Rule,
    RuleCatalogue,
    Score,
    Violation,
    check_params,
    fingerprint_of,
    refuse,
)

RULES = RuleCatalogue("nim", [
    Rule("NIM-START", "The start player is chosen by chance before play.", "1"),
    Rule("NIM-PHASE", "Play begins with the play phase marker.", "1"),
    Rule("NIM-TURN", "Players take turns in seat order from the start player.", "2"),
    Rule("NIM-TAKE", "Take 1 or more objects from one non-empty pile.", "2"),
    Rule("NIM-END", "Whoever takes the last object wins.", "3"),
])


@dataclass
class NimState:
    players: tuple[str, ...]
    piles: list[int]
    turn: int | None = None
    phase: str = "setup"
    taken: dict[str, int] = field(default_factory=dict)
    last_taker: str | None = None

    def copy(self) -> NimState:
        return NimState(self.players, list(self.piles), self.turn, self.phase, dict(self.taken),
                        self.last_taker)

    def key(self) -> tuple:
        return (tuple(self.piles), self.turn, self.phase,
                tuple(self.taken.get(p, 0) for p in self.players), self.last_taker)

    def fingerprint(self) -> int:
        return fingerprint_of(self.key())


class Nim:
    name = "nim"
    title = "Nim"
    min_players = 2
    max_players = 4
    rules = RULES

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> NimState:
        options = dict(options or {})
        unknown = set(options) - {"piles"}
        if unknown:
            raise refuse("schema", "LOG-HEADER", f"unknown option {sorted(unknown)[0]!r}")
        piles = options.get("piles", [3, 4, 5])
        if (not isinstance(piles, list) or not piles
                or not all(type(p) is int and 0 <= p <= 1000 for p in piles)):
            raise refuse("schema", "LOG-HEADER",
                         "option 'piles' must be a list of integers 0..1000")
        state = NimState(tuple(players), list(piles), taken={p: 0 for p in players})
        if position is not None:
            turn = position.get("turn")
            if turn not in players:
                raise refuse("schema", "LOG-HEADER", f"position: unknown player {turn!r}")
            state.turn = players.index(turn)
            state.phase = "play"
        return state

    def chance_outcomes(self, state: NimState) -> list[tuple[Chance, Fraction]]:
        if state.turn is not None:
            return []
        p = Fraction(1, len(state.players))
        return [(Chance.make("start_player", player=name), p) for name in state.players]

    def legal_actions(self, state: NimState) -> list[GameEvent]:
        if state.turn is None or self.is_over(state):
            return []
        if state.phase == "setup":
            return [Phase.make("play")]
        player = state.players[state.turn]
        return [Action.make(player, "take", pile=i, count=n)
                for i, size in enumerate(state.piles) for n in range(1, size + 1)]

    def check(self, state: NimState, event: GameEvent) -> Violation | None:
        if isinstance(event, Chance):
            if event.name != "start_player":
                return Violation("schema", "NIM-START", f"unknown chance event {event.name!r}")
            bad = check_params(event, {"player": str}, rule="NIM-START")
            if bad:
                return bad
            if state.turn is not None:
                return Violation("chance", "NIM-START", "the start player is already chosen")
            if event.get("player") not in state.players:
                return Violation("schema", "NIM-START",
                                 f"unknown player {event.get('player')!r}")
            return None
        if state.turn is None:
            return Violation("order", "NIM-START", "expected the start_player chance event first")
        if isinstance(event, Phase):
            if event.name != "play":
                return Violation("schema", "NIM-PHASE", f"unknown phase {event.name!r}")
            if state.phase != "setup":
                return Violation("order", "NIM-PHASE", "play has already begun")
            return None
        if event.name != "take":
            return Violation("schema", "NIM-TAKE", f"unknown action {event.name!r}", event.player)
        bad = check_params(event, {"pile": int, "count": int}, rule="NIM-TAKE")
        if bad:
            return bad
        if state.phase != "play":
            return Violation("order", "NIM-PHASE", "take before the play phase", event.player)
        if self.is_over(state):
            return Violation("order", "NIM-END", "the game is over", event.player)
        expected = state.players[state.turn]
        if event.player != expected:
            return Violation("order", "NIM-TURN",
                             f"it is {expected}'s turn, not {event.player}'s", event.player)
        pile, count = event.get("pile"), event.get("count")
        if not 0 <= pile < len(state.piles):
            return Violation("schema", "NIM-TAKE", f"no pile {pile}", event.player)
        if not 1 <= count <= state.piles[pile]:
            return Violation("illegal", "NIM-TAKE",
                             f"take {count} from pile {pile} holding {state.piles[pile]}",
                             event.player)
        return None

    def rules_for(self, state: NimState, event: GameEvent) -> tuple[str, ...]:
        if isinstance(event, Chance):
            return ("NIM-START",)
        if isinstance(event, Phase):
            return ("NIM-PHASE",)
        ended = sum(state.piles) == event.get("count")
        return ("NIM-TURN", "NIM-TAKE", "NIM-END") if ended else ("NIM-TURN", "NIM-TAKE")

    def apply(self, state: NimState, event: GameEvent) -> None:
        if isinstance(event, Chance):
            state.turn = state.players.index(event.get("player"))
        elif isinstance(event, Phase):
            state.phase = "play"
        else:
            state.piles[event.get("pile")] -= event.get("count")
            state.taken[event.player] += event.get("count")
            state.last_taker = event.player
            state.turn = (state.turn + 1) % len(state.players)

    def is_over(self, state: NimState) -> bool:
        return state.phase == "play" and sum(state.piles) == 0

    def score(self, state: NimState) -> dict[str, Score]:
        return {p: Score(int(p == state.last_taker), {"last": int(p == state.last_taker)})
                for p in state.players}

    def winners(self, state: NimState) -> list[str]:
        return [state.last_taker] if state.last_taker else []

    def quantities(self, state: NimState, player: str) -> dict[str, int]:
        return {"taken": state.taken[player]}

    def global_quantities(self, state: NimState) -> dict[str, int]:
        return {"left": sum(state.piles)}

    def check_claims(self, state: NimState, claims: Mapping[str, Any]) -> list[Violation]:
        out: list[Violation] = []
        for key, value in claims.items():
            if key in state.players:
                if not isinstance(value, dict):
                    return [Violation("schema", "LOG-CHECK", f"check: {key!r} must be an object")]
                for q, claimed in value.items():
                    if q != "taken":
                        return [Violation("schema", "LOG-CHECK", f"check: unknown quantity {q!r}")]
                    if claimed != state.taken[key]:
                        out.append(Violation("checkpoint", "LOG-CHECK",
                                             f"{key} taken: claimed {claimed}, computed "
                                             f"{state.taken[key]}", key))
            elif key == "piles":
                if value != state.piles:
                    out.append(Violation("checkpoint", "LOG-CHECK",
                                         f"piles: claimed {value}, computed {state.piles}"))
            elif key == "turn":
                current = state.players[state.turn] if state.turn is not None else None
                if value != current:
                    out.append(Violation("checkpoint", "NIM-TURN",
                                         f"turn: claimed {value}, computed {current}"))
            else:
                return [Violation("schema", "LOG-CHECK", f"check: unknown quantity {key!r}")]
        return out


GAME = Nim()
