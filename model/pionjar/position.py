"""Starting positions: the ``position`` header field read into a state (FORMAT-pionjar.md,
section 7), at the start of the named player's turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.model.core import RuleViolation, is_int, json_repr, refuse, unknown
from referee.model.pionjar.data import GOODS, GameData
from referee.model.pionjar.moves.turns import start_turn
from referee.model.pionjar.observe import LAND, WHERE
from referee.model.pionjar.state import PionjarState, PlayerState

POSITION_KEYS = ("month", "first_squatter", "turn", "start_player", "saloon", "saloon_renter",
                 "trading_post", "modifiers", "indians", "stacks", "removed", "bank_paid",
                 "bank_received", "players")
PLAYER_KEYS = ("cash", "where", "road", "destination", "space", "trail", "circle", "property",
               "land", "lap_done", "harvest", "axe", "spoils", "sheriff", "skip",
               "prison_until")


def _bad(message: str) -> RuleViolation:
    return refuse("schema", "PJ-POSITION", f"position: {message}")


def _int(obj: Mapping[str, Any], key: str, where: str, default: int, low: int = 0,
         high: int | None = None) -> int:
    value = obj.get(key, default)
    if not is_int(value) or value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"at least {low}"
        raise _bad(f"{where}{key} must be an integer {span}, found {json_repr(value)}")
    return value


def _choice(obj: Mapping[str, Any], key: str, where: str, choices: Sequence[Any],
            default: Any) -> Any:
    value = obj.get(key, default)
    if not any(value is c or (type(value) is type(c) and value == c) for c in choices):
        raise _bad(f"{where}{key} must be one of {', '.join(map(str, choices))}, "
                   f"found {json_repr(value)}")
    return value


def apply_position(s: PionjarState, pos: Mapping[str, Any]) -> None:
    """Replace the setup by a position at the start of ``turn``'s turn (see FORMAT-pionjar)."""
    if not isinstance(pos, Mapping):
        raise _bad("must be an object")
    for key in pos:
        if key not in POSITION_KEYS:
            raise _bad(unknown("field", key, POSITION_KEYS))
    d = s.data
    players = s.players
    raw_players = pos.get("players", {})
    if not isinstance(raw_players, Mapping):
        raise _bad("players must be an object")
    for name in raw_players:
        if name not in players:
            raise _bad(unknown("player", name, players))
    month = -1
    if pos.get("month") is not None:
        raw = pos["month"]
        month = d.parse_month(raw) if isinstance(raw, str) else None  # type: ignore[assignment]
        if month is None or month > s.end_month:
            raise _bad(f"month must be \"YYYY-MM\" from {d.month_name(0)} to "
                       f"{d.month_name(s.end_month)}, found {json_repr(raw)}")
    turn = _choice(pos, "turn", "", players, None)
    s.turn = players.index(turn)
    s.start = _choice(pos, "start_player", "", players, turn)
    s.month = month
    s.advances = max(month, 0)
    s.first = _choice(pos, "first_squatter", "", [*players, None], None)
    if (s.first is None) != (month < 0):
        raise _bad("first_squatter and month go together (both given once time has started)")
    s.saloon = _int(pos, "saloon", "", d.saloon_start)
    s.renter = _choice(pos, "saloon_renter", "", [*players, None], None)
    s.trading_post = _choice(pos, "trading_post", "", [*players, None], None)
    mods = pos.get("modifiers", {})
    if not isinstance(mods, Mapping):
        raise _bad("modifiers must be an object")
    for goods, amount in mods.items():
        if goods not in GOODS:
            raise _bad(f"modifiers: {unknown('goods', goods, GOODS)}")
        if not is_int(amount):
            raise _bad(f"modifiers: {json_repr(goods)}: {json_repr(amount)} is not an integer")
    s.modifiers = {g: a for g, a in mods.items() if a}
    s.indians = _indians(d, pos.get("indians", []))

    held: set[str] = set()
    for name in players:
        raw = raw_players.get(name, {})
        if not isinstance(raw, Mapping):
            raise _bad(f"players.{name} must be an object")
        s.p[name] = _player(s, name, raw, held)
    taken = s.taken()
    for name, ps in s.p.items():
        if ps.dest is not None and ps.dest in taken:
            raise _bad(f"players.{name}.destination: {ps.dest} is taken by {taken[ps.dest]}")
    if s.first is not None and s.p[s.first].prop is None:
        raise _bad(f"the first squatter {s.first} has no property")
    if s.month < 0 and any(ps.prop for ps in s.p.values()):
        raise _bad("a player holds a property but time has not started (give month)")
    if s.renter is not None:
        lease = next((c for c in d.card_ids["post"] if d.cards[c].effect == "saloon_lease"),
                     None)
        if lease is None:
            raise _bad("the data set has no Saloon lease card")
        s.p[s.renter].kept.append(lease)
        held.add(lease)
    _stacks(s, pos, held)
    for kind in ("harvest", "axe"):
        if s.equipment_left(kind) < 0:
            raise _bad(f"players hold more {kind} cards than the game has")
    s.bank_received = _int(pos, "bank_received", "", 0)
    s.bank_paid = _int(pos, "bank_paid", "", s.total_money() + s.bank_received)
    if s.bank_paid - s.bank_received != s.total_money():
        raise _bad(f"bank_paid less bank_received ({s.bank_paid} - {s.bank_received}) must be "
                   f"the money on the table, the players' cash and the Saloon "
                   f"({s.total_money()})")
    ps = s.p[turn]
    if ps.where == "prison":
        raise _bad(f"{turn}'s turn cannot start in prison; name the next player who moves")
    if ps.skip:
        raise _bad(f"{turn}'s turn cannot start with a skip pending; name the next player")
    start_turn(s)


def _indians(d: GameData, raw: Any) -> list[tuple[str, int]]:
    if not isinstance(raw, list) or len(raw) > d.indians:
        raise _bad(f"indians must be a list of at most {d.indians} [trail, circle] pairs")
    out: list[tuple[str, int]] = []
    for item in raw:
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str)
                or item[0] not in d.trails
                or not is_int(item[1])
                or d.trails[item[0]].kind(item[1]) != "camp"
                or not 1 <= item[1] <= d.trails[item[0]].length):
            raise _bad(f"indians: {json_repr(item)} is not a [trail, camp circle] pair")
        if (item[0], item[1]) in out:  # a proclamation places an Indian on a free camp only
            raise _bad(f"indians: two Indians on camp circle {item[1]} of the {item[0]} trail")
        out.append((item[0], item[1]))
    return out


def _player(s: PionjarState, name: str, raw: Mapping[str, Any], held: set[str]) -> PlayerState:
    d = s.data
    w = f"players.{name}."
    for key in raw:
        if key not in PLAYER_KEYS:
            raise _bad(f"{w}{unknown('field', key, PLAYER_KEYS)}")
    ps = PlayerState(cash=_int(raw, "cash", w, d.start_cash))
    ps.where = _choice(raw, "where", w, WHERE, "road")
    ps.prop = _choice(raw, "property", w, [*d.properties, None], None)
    if ps.prop is not None and any(o.prop == ps.prop for o in s.p.values()
                                   if o is not s.p[name]):
        raise _bad(f"{w}property: {ps.prop} is held twice")
    if (ps.where == "road") != (ps.prop is None):
        raise _bad(f"{w}where: a player is on the road exactly while holding no property")
    ps.land = _choice(raw, "land", w, LAND, "none" if ps.prop is None else "squatter")
    if (ps.land == "none") != (ps.prop is None):
        raise _bad(f"{w}land: 'none' exactly when no property is held")
    ps.lap_done = bool(_choice(raw, "lap_done", w, [True, False], ps.land in ("owner",
                                                                              "defaulted")))
    if ps.lap_done != (ps.land in ("owner", "defaulted")):
        raise _bad(f"{w}lap_done must be true exactly when the land is owner or defaulted")
    ps.road = d.road_length if ps.prop else _int(raw, "road", w, 0, 0, d.road_length - 1)
    ps.dest = _choice(raw, "destination", w, [*d.properties, None], None)
    if ps.prop is not None:
        ps.dest = None
    if ps.prop is None and ps.road > d.road_common and ps.dest is None:
        raise _bad(f"{w}destination: needed past Missouri (dot {d.road_common})")
    ps.space = _int(raw, "space", w, 0, 0, len(d.loop) - 1)
    ps.trail = _choice(raw, "trail", w, [*d.trails, None], None)
    if (ps.trail is not None) != (ps.where == "trail"):
        raise _bad(f"{w}trail: given exactly when where is 'trail'")
    high = d.trails[ps.trail].length if ps.trail else 0
    ps.circle = _int(raw, "circle", w, 1 if ps.trail else 0, 1 if ps.trail else 0, high)
    prop = d.properties[ps.prop] if ps.prop else None
    ps.harvest = _int(raw, "harvest", w, 0, 0, prop.fields if prop else 0)
    ps.axe = _int(raw, "axe", w, 0, 0, prop.stands if prop else 0)
    spoils = raw.get("spoils", [])
    if not isinstance(spoils, list):
        raise _bad(f"{w}spoils must be a list of card ids")
    for cid in spoils:
        if not isinstance(cid, str) or cid not in d.spoils:
            raise _bad(f"{w}spoils: {unknown('card', cid, d.spoils)}")
        if cid in held:
            raise _bad(f"{w}spoils: {json_repr(cid)} is held twice")
        held.add(cid)
    ps.spoils = list(spoils)
    ps.sheriff = bool(_choice(raw, "sheriff", w, [True, False], False))
    if ps.sheriff:
        sheriff = next((c for c in d.card_ids["post"] if d.cards[c].effect == "sheriff"), None)
        if sheriff is None or sheriff in held:
            raise _bad(f"{w}sheriff: no sheriff card left for {name}")
        ps.kept.append(sheriff)
        held.add(sheriff)
    ps.skip = bool(_choice(raw, "skip", w, [True, False], False))
    if ps.where == "prison":
        raw_until = raw.get("prison_until")
        # a prisoner of the last months comes out after the almanac's end
        until = (d.parse_month(raw_until, beyond=d.prison_months + 1)
                 if isinstance(raw_until, str) else None)
        if until is None or s.month < 0 or not s.month <= until <= (
                s.month + d.prison_months + 1):
            raise _bad(f"{w}prison_until must be a month \"YYYY-MM\" at most "
                       f"{d.prison_months + 1} months after the current month")
        ps.prison_until = until
        ps.prison_since = until - d.prison_months - 1
        ps.prison_served = max(0, s.month - ps.prison_since)
    elif "prison_until" in raw:
        raise _bad(f"{w}prison_until: only for a player in prison")
    if ps.where in ("loop", "trail", "prison") and ps.prop is None:
        raise _bad(f"{w}where: only a squatter leaves the road")
    return ps


def _stacks(s: PionjarState, pos: Mapping[str, Any], held: set[str]) -> None:
    d = s.data
    removed = pos.get("removed", [])
    if not isinstance(removed, list) or any(not isinstance(c, str) or c not in d.spoils
                                                  or c in held for c in removed):
        raise _bad("removed must list spoils card ids held by nobody")
    s.removed = list(removed)
    gone = held | set(removed)
    raw = pos.get("stacks", {})
    if not isinstance(raw, Mapping):
        raise _bad("stacks must be an object")
    for stack in raw:
        if stack not in s.stacks:
            raise _bad(f"stacks: {unknown('stack', stack, s.stacks)}")
    for stack in s.stacks:
        every = d.card_ids[stack] if stack in d.card_ids else d.spoils_ids[stack]
        if stack in raw:
            cards = raw[stack]
            if not isinstance(cards, list) or any(not isinstance(c, str) or c not in every
                                                     or c in gone for c in cards):
                raise _bad(f"stacks.{stack} must list {stack} cards held by nobody")
            if len(set(cards)) != len(cards):
                raise _bad(f"stacks.{stack} lists a card twice")
            s.stacks[stack] = [c for c in every if c in set(cards)]
        else:
            s.stacks[stack] = [c for c in every if c not in gone]
        if stack in s.discards:
            s.discards[stack] = [c for c in every
                                 if c not in gone and c not in s.stacks[stack]]
        elif stack in raw:
            s.removed.extend(c for c in every if c not in gone and c not in s.stacks[stack])


def write_position(game: Any, s: PionjarState) -> dict[str, Any]:
    """The ``position`` header of ``s`` (the inverse of :func:`apply_position`): only at the
    start of a player's turn, before any of its events; for any other state the ``ValueError``
    says so."""
    d = s.data
    if s.turn < 0 or s.stage not in ("choose", "road_roll", "trail_roll", "turn") or (
            s.city is not None or s.gambled or s.auction is not None or s.fresh):
        raise ValueError("Pionjär positions start at the beginning of a player's turn; this "
                         f"state is at the {s.stage} step")
    mover = s.p[s.players[s.turn]]
    if mover.where == "trail" and mover.circle == 0:
        raise ValueError("Pionjär positions start at the beginning of a player's turn; "
                         f"{s.players[s.turn]} has just entered a trail and rolls on in this "
                         "turn")
    position: dict[str, Any] = {}
    if s.month >= 0:
        position["month"] = d.month_name(s.month)
        position["first_squatter"] = s.first
    position["turn"] = s.players[s.turn]
    if s.start is not None:
        position["start_player"] = s.start
    position["saloon"] = s.saloon
    for key, value in (("saloon_renter", s.renter), ("trading_post", s.trading_post)):
        if value is not None:
            position[key] = value
    if s.modifiers:
        position["modifiers"] = dict(s.modifiers)
    if s.indians:
        position["indians"] = [[trail, circle] for trail, circle in s.indians]
    position["stacks"] = {name: list(cards) for name, cards in s.stacks.items()}
    if s.removed:
        position["removed"] = list(s.removed)
    if s.bank_received:
        position["bank_paid"], position["bank_received"] = s.bank_paid, s.bank_received
    players: dict[str, Any] = {}
    for name, ps in s.p.items():
        entry: dict[str, Any] = {"cash": ps.cash, "where": ps.where}
        if ps.prop is None:
            entry["road"] = ps.road
            if ps.dest is not None:
                entry["destination"] = ps.dest
        else:
            entry.update(property=ps.prop, land=ps.land, lap_done=ps.lap_done)
        entry["space"] = ps.space
        if ps.trail is not None:
            entry.update(trail=ps.trail, circle=ps.circle)
        for key in ("harvest", "axe"):
            if getattr(ps, key):
                entry[key] = getattr(ps, key)
        if ps.spoils:
            entry["spoils"] = list(ps.spoils)
        if ps.sheriff:
            entry["sheriff"] = True
        if ps.skip:
            entry["skip"] = True
        if ps.where == "prison":
            entry["prison_until"] = d.month_name(ps.prison_until)
        players[name] = entry
    position["players"] = players
    return position
