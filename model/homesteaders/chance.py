"""The chance events: drawing the start player and revealing the tiles of Auctions 2 and 3."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from referee.model.core import Chance, Violation, check_params
from referee.model.homesteaders.state import HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def pending_reveals(state: HomesteadersState) -> list[int]:
    if state.phase != "setup":
        return []
    return [a for a in range(2, state.auctions + 1) if a not in state.tiles]


def reveal_pool(game: Homesteaders, state: HomesteadersState, auction: int) -> list[int]:
    group = game.data.stage_of_round(state.round)
    return [t.id for t in game.data.tiles.values()
            if t.auction == auction and t.group == group and t.id not in state.used]


def chance_outcomes(game: Homesteaders, state: HomesteadersState) -> list[tuple[Chance, Fraction]]:
    if state.start is None:
        p = Fraction(1, len(state.players))
        return [(Chance.make("start_player", player=name), p) for name in state.players]
    pending = pending_reveals(state)
    if pending:
        pool = reveal_pool(game, state, pending[0])
        if pool:
            p = Fraction(1, len(pool))
            return [(Chance.make("reveal", auction=pending[0], tile=t), p) for t in pool]
    return []


def check_chance(game: Homesteaders, state: HomesteadersState, event: Chance) -> Violation | None:
    if event.name == "start_player":
        bad = check_params(event, {"player": str}, rule="HS-START-PLAYER")
        if bad:
            return bad
        if event.get("player") not in state.players:
            return Violation("schema", "HS-START-PLAYER",
                             f"start_player names unknown player {event.get('player')!r}")
        if state.start is not None:
            return Violation("chance", "HS-START-PLAYER", "the start player is already chosen "
                             f"({state.players[state.start]})")
        return None
    if event.name == "reveal":
        return _check_reveal(game, state, event)
    return Violation("schema", "HS-VOCAB", f"unknown chance event {event.name!r} "
                                           "(expected start_player or reveal)")


def _check_reveal(game: Homesteaders, state: HomesteadersState,
                  event: Chance) -> Violation | None:
    bad = check_params(event, {"auction": int, "tile": int}, rule="HS-REVEAL")
    if bad:
        return bad
    auction, tile = event.get("auction"), event.get("tile")
    if auction not in (2, 3):
        return Violation("schema", "HS-REVEAL", f"reveal is for auction 2 or 3, found {auction}")
    if tile not in game.data.tiles:
        return Violation("schema", "HS-REVEAL", f"unknown tile {tile} (tiles are 1-30)")
    if state.start is None:
        return Violation("order", "HS-START-PLAYER",
                         "expected the start_player chance event first")
    if auction > state.auctions:
        return Violation("chance", "HS-SETUP-AUCTIONS", f"auction {auction} is not used with "
                         f"{len(state.players)} players")
    if state.phase != "setup":
        return Violation("order", "HS-REVEAL", "tiles are revealed between the setup and the "
                         f"income marker, not in the {state.phase} phase")
    if auction in state.tiles:
        return Violation("order", "HS-REVEAL", f"auction {auction} already shows tile "
                         f"{state.tiles[auction]} this round")
    t = game.data.tiles[tile]
    group = game.data.stage_of_round(state.round)
    if t.auction != auction or t.group != group:
        where = f"auction {t.auction}, group {t.group}" if t.group else f"auction {t.auction}"
        return Violation("chance", "HS-REVEAL", f"round {state.round} reveals an auction "
                         f"{auction} tile of the {group} group, found tile {tile} ({where})")
    if tile in state.used:
        return Violation("chance", "HS-REVEAL", f"tile {tile} was revealed before")
    return None


def apply_chance(state: HomesteadersState, event: Chance) -> None:
    if event.name == "start_player":
        state.start = state.index(event.get("player"))
        if state.phase == "bidding":
            state.turn = state.start
    else:
        state.tiles[event.get("auction")] = event.get("tile")
        state.used.add(event.get("tile"))
