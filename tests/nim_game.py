"""A tiny game for testing the game-agnostic machinery: Nim with a chance start player.

It is also the worked example of ``docs/adding-a-game.md``: a rule catalogue, a state, a flow,
a move table, an observables table, and a game object that derives the rest from them.

Log vocabulary: ``{"chance": "start_player", "player": P}`` first, then ``{"phase": "play"}``, then
``{"player": P, "action": "take", "pile": i, "count": n}`` in turn. Whoever takes the last object
scores 1, everyone else 0. Options: ``piles`` (list of pile sizes, default [3, 4, 5]).
Check quantities: per player ``taken``; global ``piles`` (list), ``turn`` (player), ``left``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.model.core import (
    Action,
    ActionMove,
    Chance,
    Flow,
    GameEvent,
    MoveTable,
    Note,
    Observables,
    Phase,
    PhaseMove,
    PlayerDraw,
    Rule,
    RuleCatalogue,
    Score,
    TableGame,
    Violation,
    fields,
    fingerprint_of,
    global_value,
    player_value,
    refuse,
)

RULES = RuleCatalogue("nim", [
    Rule("NIM-START", "The start player is chosen by chance before play.", "1"),
    Rule("NIM-PHASE", "Play begins with the play phase marker.", "1"),
    Rule("NIM-TURN", "Players take turns in seat order from the start player.", "2"),
    Rule("NIM-TAKE", "Take 1 or more objects from one non-empty pile.", "2"),
    Rule("NIM-END", "Whoever takes the last object wins.", "3"),
])


# --------------------------------------------------------------------------- state


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

    def key(self) -> tuple[Any, ...]:
        return (self.players, tuple(self.piles), self.turn, self.phase,
                tuple(self.taken.get(p, 0) for p in self.players), self.last_taker)

    def fingerprint(self) -> int:
        return fingerprint_of(self.key())

    def over(self) -> bool:
        return self.phase == "play" and sum(self.piles) == 0


# --------------------------------------------------------------------------- flow


class NimFlow(Flow[NimState]):
    turn_rule = "NIM-TURN"
    end_rule = "NIM-END"

    def stage(self, state: NimState) -> str:
        if state.turn is None:
            return "start"
        return "over" if state.over() else state.phase

    def actors(self, state: NimState) -> tuple[str, ...]:
        if state.turn is None or state.phase != "play" or state.over():
            return ()
        return (state.players[state.turn],)

    def chance(self, state: NimState) -> str | None:
        return "start_player" if state.turn is None else None

    def is_over(self, state: NimState) -> bool:
        return state.over()

    def stage_rule(self, stage: str) -> str:
        return {"start": "NIM-START", "setup": "NIM-PHASE"}.get(stage, "NIM-TURN")

    def stray_chance(self, state: NimState, event: Chance, expected: str) -> Violation:
        return Violation("chance", "NIM-START", "the start player is already chosen")


# --------------------------------------------------------------------------- moves


class StartPlayer(PlayerDraw[NimState]):
    name = "start_player"
    rules = ("NIM-START",)

    def apply(self, state: NimState, event: Chance, note: Note) -> None:
        state.turn = state.players.index(event.get("player"))


class Play(PhaseMove[NimState]):
    name = "play"
    rules = ("NIM-PHASE",)
    stages = frozenset({"setup"})

    def legal(self, state: NimState, player: str | None) -> Iterator[Phase]:
        yield Phase.make("play")

    def apply(self, state: NimState, event: Phase, note: Note) -> None:
        state.phase = "play"


class Take(ActionMove[NimState]):
    name = "take"
    rules = ("NIM-TAKE", "NIM-TURN")
    required = fields(pile=int, count=int)
    stages = frozenset({"play"})

    def validate(self, state: NimState, event: Action) -> Violation | None:
        pile = event.get("pile")
        if not 0 <= pile < len(state.piles):
            return Violation("schema", "NIM-TAKE", f"no pile {pile}", event.player)
        return None

    def check(self, state: NimState, event: Action) -> Violation | None:
        pile, count = event.get("pile"), event.get("count")
        if not 1 <= count <= state.piles[pile]:
            return Violation("illegal", "NIM-TAKE",
                             f"take {count} from pile {pile} holding {state.piles[pile]}",
                             event.player)
        return None

    def legal(self, state: NimState, player: str | None) -> Iterator[Action]:
        assert player is not None
        for i, size in enumerate(state.piles):
            for n in range(1, size + 1):
                yield Action.make(player, "take", pile=i, count=n)

    def apply(self, state: NimState, event: Action, note: Note) -> None:
        assert state.turn is not None
        state.piles[event.get("pile")] -= event.get("count")
        state.taken[event.player] += event.get("count")
        state.last_taker = event.player
        state.turn = (state.turn + 1) % len(state.players)
        if state.over():
            note("NIM-END")


# --------------------------------------------------------------------------- the game


OBSERVABLES: Observables[NimState] = Observables([
    player_value("taken", "int", "objects this player has taken",
                 lambda s, p: s.taken[p]),
    global_value("piles", "ints", "the pile sizes, in order", lambda s: list(s.piles)),
    global_value("left", "int", "objects left on the table", lambda s: sum(s.piles)),
    global_value("turn", "text", "whose turn it is (null before the start player)",
                 lambda s: s.players[s.turn] if s.turn is not None else None,
                 rule="NIM-TURN", domain=lambda s: s.players),
], check_rule="LOG-CHECK")


class Nim(TableGame[NimState]):
    name = "nim"
    title = "Nim"
    min_players = 2
    max_players = 4
    rules = RULES
    moves = MoveTable([StartPlayer(), Play(), Take()])
    flow = NimFlow()
    observables = OBSERVABLES
    vocab_rule = "NIM-TAKE"

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
            if not isinstance(turn, str) or turn not in players:
                raise refuse("schema", "LOG-HEADER", f"position: unknown player {turn!r}")
            state.turn = list(players).index(turn)
            state.phase = "play"
        return state

    def score(self, state: NimState) -> dict[str, Score]:
        return {p: Score(int(p == state.last_taker), {"last": int(p == state.last_taker)})
                for p in state.players}

    def winners(self, state: NimState) -> list[str]:
        return [state.last_taker] if state.last_taker else []


GAME = Nim()


# --------------------------------------------------------------------------- the simulator's player


class NimPlayer:
    """Takes at random; claims every player's count after each move."""

    def __init__(self, game: Nim, rng: random.Random) -> None:
        self.game, self.rng = game, rng

    def choose(self, state: NimState) -> GameEvent | None:
        legal = self.game.legal_actions(state)
        return self.rng.choice(legal) if legal else None

    def claims(self, state: NimState, last: GameEvent | None) -> dict[str, Any] | None:
        if last is not None and not isinstance(last, Action):
            return None
        return {"left": sum(state.piles), **{p: {"taken": state.taken[p]} for p in state.players}}


POLICY = NimPlayer
