"""Starting positions (replay format section 4): parsing and the checks of their validity.

Decisions: ``phase`` may be ``setup``, ``income``, ``bidding``, ``final_income`` or ``scoring``
(a position inside the building phase would need the bids, which the form does not carry);
``final_income``/``scoring`` need round 10 and no ``tiles``. Auction 1 always shows the round's
tile, so ``tiles`` may omit it. In ``income`` and ``bidding`` every auction in play needs its tile;
in ``setup`` a missing tile is revealed next. Every player owns a Homestead; a building may not be
owned before its stage begins; owned copies may not exceed the box; the remaining tiles must
suffice for the reveals still to come.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.model.core import RuleViolation, is_int, refuse, unknown
from referee.model.homesteaders.moves.income import allocation_problem, slot_problem
from referee.model.homesteaders.moves.rounds import stage_supply
from referee.model.homesteaders.state import HOLDINGS, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.game import Homesteaders

POSITION_KEYS = ("round", "phase", "start_player", "neutral_level", "tiles", "used_tiles",
                 "players")
POSITION_PHASES = ("setup", "income", "bidding", "final_income", "scoring")
PLAYER_KEYS = (*HOLDINGS, "buildings", "slots")


def _bad(message: str) -> RuleViolation:
    return refuse("schema", "HS-POSITION", f"position: {message}")


def apply_position(game: Homesteaders, state: HomesteadersState,
                   position: Mapping[str, Any]) -> None:
    d = game.data
    if not isinstance(position, Mapping):
        raise _bad(f"expected an object, found {position!r}")
    for key in position:
        if key not in POSITION_KEYS:
            raise _bad(unknown("field", key, POSITION_KEYS))
    for key in ("round", "phase"):
        if key not in position:
            raise _bad(f"missing field {key!r}")
    round_, phase = position["round"], position["phase"]
    if not is_int(round_) or not 1 <= round_ <= d.rounds:
        raise _bad(f"round must be an integer 1-{d.rounds}, found {round_!r}")
    if phase not in POSITION_PHASES:
        raise _bad(f"phase must be one of {', '.join(POSITION_PHASES)}, found {phase!r}")
    final = phase in ("final_income", "scoring")
    if final and round_ != d.rounds:
        raise _bad(f"phase {phase} comes after round {d.rounds}, found round {round_}")
    n = len(state.players)

    start = position.get("start_player")
    if start is not None and start not in state.players:
        raise _bad("start_player names an " + unknown("player", start, state.players))
    level = position.get("neutral_level", d.neutral_start)
    if not is_int(level) or level not in d.ladder or not d.neutral_min <= level <= d.neutral_max:
        raise _bad(f"neutral_level must be a bid ladder value {d.neutral_min}-{d.neutral_max}, "
                   f"found {level!r}")

    tiles = _tiles(game, state, position.get("tiles", {}), round_, phase)
    used = _used(game, state, position.get("used_tiles", []), tiles)
    _enough_tiles(game, state, round_, phase, tiles, used)

    players = position.get("players", {})
    if not isinstance(players, Mapping):
        raise _bad(f"players must be an object, found {players!r}")
    for name in players:
        if name not in state.players:
            raise _bad(unknown("player", name, state.players))
    owned: Counter[str] = Counter()
    for i, name in enumerate(state.players):
        _player(game, state, i, name, players.get(name, {}), round_)
        owned.update(state.buildings[i])
    for building, count in owned.items():
        b = d.buildings[building]
        if b.stage == "home":
            continue
        if count > b.copies_for(n):
            raise _bad(f"{count} players own a {building}; the box holds {b.copies_for(n)} "
                       f"with {n} players")

    supply = stage_supply(d, n, round_)
    for building, count in owned.items():
        if building in supply:
            supply[building] -= count
    state.supply = {k: v for k, v in supply.items() if v > 0}
    state.round, state.phase = round_, phase
    state.start = state.players.index(start) if start is not None else None
    state.neutral_level = level
    state.tiles = tiles
    state.used = used | set(tiles.values()) | {t.id for t in d.tiles.values()
                                               if t.auction == 1 and t.round <= round_}
    state.paid = [phase in ("bidding", "scoring")] * n
    if phase == "bidding":
        state.turn = state.start


def _tiles(game: Homesteaders, state: HomesteadersState, raw: Any, round_: int,
           phase: str) -> dict[int, int]:
    d = game.data
    if not isinstance(raw, Mapping):
        raise _bad(f"tiles must be an object of auction -> tile, found {raw!r}")
    if phase in ("final_income", "scoring"):
        if raw:
            raise _bad(f"no auction tiles are shown in the {phase} phase")
        return {}
    tiles: dict[int, int] = {}
    for key, tile in raw.items():
        if key not in ("1", "2", "3"):
            raise _bad(f"tiles: {unknown('auction', key, ['1', '2', '3'])}")
        auction = int(key)
        if auction > state.auctions:
            raise _bad(f"tiles: auction {auction} is not used with {len(state.players)} players")
        if not is_int(tile) or tile not in d.tiles:
            raise _bad(f"tiles: {unknown('tile', tile, map(str, d.tiles))}")
        t = d.tiles[tile]
        if t.auction != auction:
            raise _bad(f"tiles: tile {tile} belongs to auction {t.auction}, not {auction}")
        if auction == 1 and t.round != round_:
            raise _bad(f"tiles: auction 1 shows tile {round_} in round {round_}, found {tile}")
        group = d.stage_of_round(round_)
        if auction > 1 and t.group != group:
            raise _bad(f"tiles: round {round_} shows a {group} tile on auction {auction}, found "
                       f"tile {tile} ({t.group})")
        tiles[auction] = tile
    tiles[1] = next(t.id for t in d.tiles.values() if t.auction == 1 and t.round == round_)
    if phase in ("income", "bidding"):
        for auction in range(2, state.auctions + 1):
            if auction not in tiles:
                raise _bad(f"tiles: auction {auction}'s tile is missing in the {phase} phase")
    return tiles


def _used(game: Homesteaders, state: HomesteadersState, raw: Any,
          tiles: Mapping[int, int]) -> set[int]:
    d = game.data
    if not isinstance(raw, list | tuple):
        raise _bad(f"used_tiles must be a list of tiles, found {raw!r}")
    used: set[int] = set()
    for tile in raw:
        if not is_int(tile) or tile not in d.tiles:
            raise _bad(f"used_tiles: {unknown('tile', tile, map(str, d.tiles))}")
        if tile in used:
            raise _bad(f"used_tiles: tile {tile} listed twice")
        if d.tiles[tile].auction > state.auctions:
            raise _bad(f"used_tiles: tile {tile} belongs to auction {d.tiles[tile].auction}, "
                       f"not used with {len(state.players)} players")
        if tile in tiles.values():
            raise _bad(f"used_tiles: tile {tile} is shown this round, not gone")
        used.add(tile)
    return used


def _enough_tiles(game: Homesteaders, state: HomesteadersState, round_: int, phase: str,
                  tiles: Mapping[int, int], used: set[int]) -> None:
    d = game.data
    if phase in ("final_income", "scoring"):
        return
    for auction in range(2, state.auctions + 1):
        needed: Counter[str] = Counter()
        first = round_ if auction not in tiles else round_ + 1
        for r in range(first, d.rounds + 1):
            needed[d.stage_of_round(r)] += 1
        for group, count in needed.items():
            left = [t.id for t in d.tiles.values() if t.auction == auction and t.group == group
                    and t.id not in used and t.id not in tiles.values()]
            if len(left) < count:
                raise _bad(f"auction {auction} needs {count} more {group} tiles, but only "
                           f"{len(left)} are not used")


def _player(game: Homesteaders, state: HomesteadersState, i: int, name: str, raw: Any,
            round_: int) -> None:
    d = game.data
    if not isinstance(raw, Mapping):
        raise _bad(f"{name} must be an object of quantities, found {raw!r}")
    for key in raw:
        if key not in PLAYER_KEYS:
            raise _bad(f"{name}: {unknown('quantity', key, PLAYER_KEYS)}")
    hold = dict.fromkeys(HOLDINGS, 0)
    hold["workers"] = d.start_workers
    for key in HOLDINGS:
        if key in raw:
            value = raw[key]
            if not is_int(value) or value < 0:
                raise _bad(f"{name} {key} must be a non-negative integer, found {value!r}")
            hold[key] = value
    if hold["track"] > d.track_max:
        raise _bad(f"{name} track must be 0-{d.track_max}, found {hold['track']}")
    buildings = raw.get("buildings", [d.start_building])
    if not isinstance(buildings, list | tuple) or not all(isinstance(b, str) for b in buildings):
        raise _bad(f"{name} buildings must be a list of names, found {buildings!r}")
    for b in buildings:
        if b not in d.buildings:
            raise _bad(f"{name}: {unknown('building', b, d.buildings)}")
        first = d.stages.get(d.buildings[b].stage, (1, d.rounds))[0]
        if first > round_:
            raise _bad(f"{name}: {b} is a {d.buildings[b].stage} building, not available "
                       f"before round {first}, found in round {round_}")
    duplicate = [b for b, c in Counter(buildings).items() if c > 1]
    if duplicate:
        raise _bad(f"{name} owns two {duplicate[0]} buildings")
    if d.start_building not in buildings:
        raise _bad(f"{name} must own a {d.start_building}")
    state.hold[i] = hold
    state.buildings[i] = list(buildings)
    slots = raw.get("slots", [])
    if not isinstance(slots, list | tuple):
        raise _bad(f"{name} slots must be a list of 'building:index', found {slots!r}")
    for slot in slots:
        problem = slot_problem(d, slot)
        if problem:
            raise _bad(f"{name}: {problem}")
    bad = allocation_problem(d, state, i, Counter(slots))
    if bad:
        raise _bad(bad.message)
    state.slots[i] = tuple(sorted(slots))


def write_position(game: Homesteaders, state: HomesteadersState) -> dict[str, Any]:
    """The ``position`` header of ``state`` (the inverse of :func:`apply_position`). Only the
    states just after a phase marker of :data:`POSITION_PHASES` have one; for any other the
    ``ValueError`` says so."""
    d = game.data
    if state.phase not in POSITION_PHASES or state.round < 1:
        raise ValueError(f"Homesteaders positions start just after a {', '.join(POSITION_PHASES)}"
                         f" marker; this state is in the {state.phase} phase")
    shown = {a: t for a, t in state.tiles.items() if a > 1}
    round_tiles = {t.id for t in d.tiles.values()
                   if t.auction == 1 and t.round is not None and t.round <= state.round}
    used = sorted(state.used - set(state.tiles.values()) - round_tiles)
    position: dict[str, Any] = {"round": state.round, "phase": state.phase}
    if state.start is not None:
        position["start_player"] = state.players[state.start]
    position["neutral_level"] = state.neutral_level
    if shown:
        position["tiles"] = {str(a): t for a, t in sorted(shown.items())}
    if used:
        position["used_tiles"] = used
    players: dict[str, Any] = {}
    for i, name in enumerate(state.players):
        hold = state.hold[i]
        entry: dict[str, Any] = {k: hold[k] for k in HOLDINGS
                                 if hold[k] != (d.start_workers if k == "workers" else 0)}
        if state.buildings[i] != [d.start_building]:
            entry["buildings"] = list(state.buildings[i])
        if state.slots[i]:
            entry["slots"] = list(state.slots[i])
        players[name] = entry
    position["players"] = players
    return position
