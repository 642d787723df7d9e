"""Shared helpers for the Homesteaders tests: positions, events, applying with checks, the
rules an accepted event notes, and simulated games."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.games import registration
from referee.model.core import Action, Chance, GameEvent, Phase
from referee.model.homesteaders import GAME
from referee.model.homesteaders.state import HomesteadersState
from referee.replays.records import Event
from referee.replays.simulate import simulate_game

P3 = ["Ann", "Bo", "Cy"]


def act(player: str, name: str, **params: Any) -> Action:
    return Action.make(player, name, **params)


def phase(name: str, **params: Any) -> Phase:
    return Phase.make(name, **params)


def chance(name: str, **params: Any) -> Chance:
    return Chance.make(name, **params)


def play(state: HomesteadersState, *events: GameEvent) -> HomesteadersState:
    for event in events:
        bad = GAME.check(state, event)
        assert bad is None, f"{event}: {bad}"
        GAME.apply(state, event)
    return state


def noted(state: HomesteadersState, event: GameEvent) -> set[str]:
    """The rule ids ``apply`` notes for an accepted event (on a copy of ``state``): what rule
    coverage credits."""
    bad = GAME.check(state, event)
    assert bad is None, f"{event}: {bad}"
    rules: set[str] = set()
    GAME.apply(state.copy(), event, rules.add)
    return rules


def simulate(players: Sequence[str], rng: random.Random) -> list[Event]:
    """A simulated game through the generic simulator and the Homesteaders policy."""
    return simulate_game(registration("homesteaders"), list(players), rng)


def refused(state: HomesteadersState, event: GameEvent, kind: str, rule: str) -> str:
    bad = GAME.check(state, event)
    assert bad is not None, f"{event} was accepted"
    assert (bad.kind, bad.rule) == (kind, rule), bad
    return bad.message


def at(players: list[str] | None = None, round_: int = 1, phase_: str = "bidding",
       tiles: dict[str, int] | None = None, **holdings: dict[str, Any]) -> HomesteadersState:
    """A position: ``Ann={"silver": 9, "buildings": [...]}`` and so on (silver defaults to 6)."""
    players = players or P3
    holdings = {p: {"silver": 6, **holdings.get(p, {})} for p in players}
    if tiles is None and phase_ in ("income", "bidding"):
        group_tile = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19, 10: 20}
        tiles = {"2": group_tile[round_]}
        if len(players) == 4:
            tiles["3"] = group_tile[round_] + 10
    used: list[int] = []
    position: dict[str, Any] = {"round": round_, "phase": phase_, "start_player": players[0],
                                "players": holdings, "used_tiles": used}
    if tiles:
        position["tiles"] = tiles
    return GAME.new_state(players, position=position)


def won(players: list[str] | None = None, bids: list[tuple[str, int, int]] | None = None,
        tiles: dict[str, int] | None = None, round_: int = 1,
        **holdings: dict[str, Any]) -> HomesteadersState:
    """A building phase after the given bids (player, auction, amount); others pass."""
    players = players or P3
    state = at(players, round_, "bidding", tiles, **holdings)
    if len(players) == 2:
        play(state, act(players[0], "neutral_bid", auction=2))
    pending = list(bids or [])
    while state.turn is not None:
        p = state.players[state.turn]
        mine = [b for b in pending if b[0] == p]
        if mine:
            pending.remove(mine[0])
            play(state, act(p, "bid", auction=mine[0][1], amount=mine[0][2]))
        else:
            play(state, act(p, "pass", reward="trade"))
    return play(state, phase("building"))
