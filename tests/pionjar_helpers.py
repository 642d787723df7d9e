"""Small builders for Pionjär rule tests: positions, events, and play that asserts legality."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from referee.games import registration
from referee.model.core import Action, Chance, Violation
from referee.model.pionjar import GAME
from referee.model.pionjar.state import PionjarState
from referee.replays.claims import compare_claims
from referee.replays.records import Event
from referee.replays.simulate import simulate_game

PLAYERS = ("Ann", "Bo", "Cy")


def act(player: str, name: str, **params: Any) -> Action:
    return Action.make(player, name, **params)


def die(player: str, value: int, **extra: Any) -> Chance:
    return Chance.make("die", player=player, value=value, **extra)


def draw(stack: str, card: str) -> Chance:
    return Chance.make("draw", stack=stack, card=card)


def squatter(prop: str, space: int = 1, cash: int = 5000, land: str = "owner",
             **extra: Any) -> dict[str, Any]:
    return {"where": "loop", "property": prop, "land": land, "space": space, "cash": cash,
            **extra}


def position(players: dict[str, dict[str, Any]] | None = None, turn: str = "Ann",
             month: str | None = "1859-03", first: str | None = "Ann",
             options: dict[str, Any] | None = None, names: tuple[str, ...] = PLAYERS,
             **extra: Any) -> PionjarState:
    """A position at the start of ``turn``'s turn; by default every player is an owner."""
    props = ["green_valley", "buffalo_head", "high_falls", "great_lakes", "golden_mountains",
             "silent_forest"]
    if players is None:
        players = {n: squatter(props[i]) for i, n in enumerate(names)}
    pos: dict[str, Any] = {"turn": turn, "players": players, **extra}
    if month is not None:
        pos["month"] = month
        pos["first_squatter"] = first
    return GAME.new_state(names, options, pos)


def play(state: PionjarState, *events: Action | Chance) -> PionjarState:
    for event in events:
        bad = GAME.check(state, event)
        assert bad is None, f"{event}: {bad}"
        GAME.apply(state, event)
    return state


def refused(state: PionjarState, event: Action | Chance, kind: str,
            rule: str | None) -> Violation:
    bad = GAME.check(state, event)
    assert bad is not None, f"{event} was accepted"
    assert bad.kind == kind, bad
    assert bad.rule == rule, bad
    return bad


def steps(state: PionjarState, player: str) -> int:
    prop = state.p[player].prop
    assert prop is not None
    return state.data.properties[prop].steps[state.month]


def start_before(state: PionjarState, player: str, kind: str) -> int:
    """A square from which the player's almanac move this month ends on a ``kind`` square
    without passing Pioneer City."""
    n = steps(state, player)
    for target, k in enumerate(state.data.loop):
        if k == kind and target - n >= 1:
            return target - n
    raise AssertionError(f"no {kind} square reachable")


def place(state: PionjarState, player: str, space: int) -> None:
    state.p[player].space = space


def simulate(players: Sequence[str], rng: random.Random,
             options: dict[str, Any] | None = None) -> list[Event]:
    """A simulated game, as the simulator writes it (the registered policy)."""
    return simulate_game(registration("pionjar"), list(players), rng, options)


def claims(state: PionjarState, values: Mapping[str, Any]) -> list[Violation]:
    """The verdict on a ``check`` line."""
    return compare_claims(GAME, state, values)
