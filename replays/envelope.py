"""The log envelope: the header on line 1 and the six event shapes of every later line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.errors import UnknownGameError
from referee.games import Registration, registration
from referee.model.core import (
    Action,
    Chance,
    Game,
    Params,
    Phase,
    Violation,
    freeze,
    is_int,
    json_type,
    players_problem,
)
from referee.model.core import unknown as unknown_name
from referee.replays.expect import check_expect
from referee.replays.records import Check, Event, Final, Undo

HEADER_KEYS = {"format", "version", "game", "players", "options", "position", "meta", "expect"}
SHAPE_KEYS = ("action", "chance", "phase", "check", "undo", "final")
COMMON_KEYS = ("seq", "note")
MAX_NUMBER = 1_000_000_000


@dataclass(slots=True)
class Header:
    game_name: str
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    game: Game[Any] | None = None
    expect: dict[str, Any] | None = None
    record: Registration | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"format": "referee-replay", "version": 1, "game": self.game_name,
                               "players": list(self.players)}
        if self.options:
            obj["options"] = self.options
        if self.position is not None:
            obj["position"] = self.position
        if self.meta:
            obj["meta"] = self.meta
        if self.expect is not None:
            obj["expect"] = self.expect
        return obj


@dataclass(slots=True)
class Envelope:
    """One parsed event line: the event and its optional seq."""

    event: Event
    seq: int | None


def parse_header(obj: Mapping[str, Any]) -> Header | Violation:
    """Validate a header object; the game object is looked up but no state is built here."""
    fmt = obj.get("format")
    if fmt != "referee-replay":
        found = "no 'format' field" if "format" not in obj else f"format {fmt!r}"
        return Violation("syntax", "LOG-HEADER",
                         f"bad header: line 1 must be a header with format \"referee-replay\", "
                         f"found {found}")
    version = obj.get("version")
    if not is_int(version) or version != 1:
        return Violation("syntax", "LOG-HEADER",
                         f"bad header: version must be the integer 1, found {version!r}")
    unknown = sorted(set(obj) - HEADER_KEYS)
    if unknown:
        return Violation("schema", "LOG-HEADER",
                         f"header: {unknown_name('field', unknown[0], sorted(HEADER_KEYS))}")
    if "game" not in obj:
        return Violation("schema", "LOG-HEADER", "header: missing field 'game'")
    name = obj["game"]
    if not isinstance(name, str):
        return Violation("schema", "LOG-HEADER", f"header: 'game' must be a string, found "
                         f"{json_type(name)}")
    try:
        record = registration(name)
        game = record.game()
    except UnknownGameError as exc:
        return Violation("schema", "LOG-HEADER", f"header: {exc}")
    if "players" not in obj:
        return Violation("schema", "LOG-PLAYERS", "header: missing field 'players'")
    players = obj["players"]
    problem = players_problem(players, game.min_players, game.max_players, game.title)
    if problem is not None:
        return Violation("schema", "LOG-PLAYERS", f"header: {problem}")
    for key in ("options", "position", "meta"):
        if key in obj and not isinstance(obj[key], dict):
            return Violation("schema", "LOG-HEADER",
                             f"header: {key!r} must be an object, found {json_type(obj[key])}")
    if "expect" in obj:
        bad = check_expect(obj["expect"])
        if bad:
            return bad
    return Header(name, tuple(players), dict(obj.get("options", {})), obj.get("position"),
                  dict(obj.get("meta", {})), game, obj.get("expect"), record)


def _numbers_ok(value: Any) -> str | None:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return None
    if isinstance(value, int):
        return None if -MAX_NUMBER <= value <= MAX_NUMBER else (
            f"number {str(value)[:30]}{'...' if len(str(value)) > 30 else ''} is out of range "
            f"(at most {MAX_NUMBER:,} in absolute value)")
    if isinstance(value, float):
        return f"number {value} is not an integer"
    if isinstance(value, list):
        for item in value:
            problem = _numbers_ok(item)
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for item in value.values():
            problem = _numbers_ok(item)
            if problem:
                return problem
    return None


_SHAPE_SET = frozenset(SHAPE_KEYS)
_ACTION_KEYS = frozenset(("player", "action", *COMMON_KEYS))
_CHANCE_KEYS = frozenset(("chance", *COMMON_KEYS))
_PHASE_KEYS = frozenset(("phase", *COMMON_KEYS))
_SCALARS = (str, bool, type(None))


def _event_params(obj: Mapping[str, Any], envelope_keys: frozenset[str]) -> Params | str:
    """In one pass over the line: the event's parameters (the keys not in ``envelope_keys``,
    frozen), or the first number problem of the line, as :func:`_numbers_ok` finds it."""
    params = []
    for key, value in obj.items():
        kind = type(value)
        if kind is int:
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                return _numbers_ok(value) or ""
        elif kind not in _SCALARS:
            problem = _numbers_ok(value)
            if problem:
                return problem
            value = freeze(value)
        if key not in envelope_keys:
            params.append((key, value))
    return tuple(params)


def parse_event(obj: Mapping[str, Any], players: tuple[str, ...]) -> Envelope | Violation:
    """Classify one event line into its shape, checking the envelope (not the game's rules)."""
    found = obj.keys() & _SHAPE_SET
    if len(found) != 1:
        shapes = [k for k in SHAPE_KEYS if k in obj]
        if shapes:
            return Violation("schema", "LOG-EVENT",
                             f"one event per line: found both {shapes[0]!r} and {shapes[1]!r}")
        if obj.get("format") == "referee-replay":
            return Violation("schema", "LOG-HEADER", "a header may appear only on line 1")
        keys = ", ".join(repr(k) for k in list(obj)[:5]) or "none"
        return Violation("schema", "LOG-EVENT", "not an event: expected one of the keys "
                         f"{', '.join(SHAPE_KEYS)}; found {keys}")
    (shape,) = found
    seq = obj.get("seq")
    if "seq" in obj:
        if type(seq) is not int or seq < 1:
            return Violation("schema", "LOG-SEQ",
                             f"'seq' must be a positive integer, found {seq!r}")
        if seq > MAX_NUMBER:
            return Violation("schema", "LOG-NUMBER", _numbers_ok(seq) or "")
    if "note" in obj and not isinstance(obj["note"], str):
        return Violation("schema", "LOG-EVENT",
                         f"'note' must be a string, found {json_type(obj['note'])}")
    player = obj.get("player")
    if shape == "action":
        if "player" not in obj:
            return Violation("schema", "LOG-EVENT", "action without 'player'")
        if not isinstance(player, str):
            return Violation("schema", "LOG-EVENT", f"'player' must be a string, found "
                             f"{json_type(player)}")
        if player not in players:
            return Violation("schema", "LOG-PLAYERS", unknown_name("player", player, players))
        if not isinstance(obj["action"], str):
            return Violation("schema", "LOG-EVENT", f"'action' must be a string, found "
                             f"{json_type(obj['action'])}", player)
        params = _event_params(obj, _ACTION_KEYS)
        if isinstance(params, str):
            return Violation("schema", "LOG-NUMBER", params, player)
        return Envelope(Action(player, obj["action"], params), seq)
    if shape in ("chance", "phase"):
        if not isinstance(obj[shape], str):
            return Violation("schema", "LOG-EVENT", f"{shape!r} must be a string, found "
                             f"{json_type(obj[shape])}")
        if "player" in obj and (not isinstance(player, str) or player not in players):
            return Violation("schema", "LOG-PLAYERS", unknown_name("player", player, players))
        params = _event_params(obj, _CHANCE_KEYS if shape == "chance" else _PHASE_KEYS)
        if isinstance(params, str):
            return Violation("schema", "LOG-NUMBER", params)
        cls = Chance if shape == "chance" else Phase
        return Envelope(cls(obj[shape], params), seq)
    extra = sorted(set(obj) - {shape, *COMMON_KEYS})
    if extra:
        return Violation("schema", "LOG-EVENT", f"{shape} line: unknown field {extra[0]!r}")
    body = obj[shape]
    if (shape == "check" and isinstance(body, dict)) or (shape == "undo" and is_int(body)):
        problem = _numbers_ok(body)
        if problem:
            return Violation("schema", "LOG-NUMBER", problem)
    if shape == "check":
        if not isinstance(body, dict):
            return Violation("schema", "LOG-CHECK", f"'check' must be an object, found "
                             f"{json_type(body)}")
        return Envelope(Check(freeze(body)), seq)
    if shape == "undo":
        if not is_int(body) or body < 1:
            return Violation("schema", "LOG-UNDO",
                             f"'undo' must be a positive integer, found {body!r}")
        return Envelope(Undo(body), seq)
    return _parse_final(body, players, seq)


def _parse_final(body: Any, players: tuple[str, ...], seq: int | None) -> Envelope | Violation:
    if not isinstance(body, dict):
        return Violation("schema", "LOG-FINAL",
                         f"'final' must be an object, found {json_type(body)}")
    extra = sorted(set(body) - {"scores", "winners"})
    if extra:
        return Violation("schema", "LOG-FINAL",
                         f"final: {unknown_name('field', extra[0], ['scores', 'winners'])}")
    scores = body.get("scores")
    if scores is not None:
        if not isinstance(scores, dict):
            return Violation("schema", "LOG-FINAL", "final: 'scores' must be an object")
        for name, value in scores.items():
            if name not in players:
                return Violation("schema", "LOG-PLAYERS", f"final: unknown player {name!r}")
            if not is_int(value):
                return Violation("schema", "LOG-FINAL",
                                 f"final: score of {name} must be an integer, found {value!r}")
            if abs(value) > MAX_NUMBER:
                return Violation("schema", "LOG-NUMBER",
                                 f"final: score of {name}: {_numbers_ok(value)}", name)
    winners = body.get("winners")
    if winners is not None:
        if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
            return Violation("schema", "LOG-FINAL", "final: 'winners' must be a list of names")
        for name in winners:
            if name not in players:
                return Violation("schema", "LOG-PLAYERS", f"final: unknown player {name!r}")
    return Envelope(Final.make(scores, winners), seq)
