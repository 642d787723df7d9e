"""The log envelope: the header on line 1 and the six event shapes of every later line."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.errors import UnknownGameError
from referee.games import Registration, registration
from referee.model.core import (
    Action,
    Chance,
    FrozenObject,
    Game,
    Params,
    Phase,
    Violation,
    freeze,
    is_int,
    json_type,
    new_action,
    new_chance,
    new_phase,
    players_problem,
)
from referee.model.core import unknown as unknown_name
from referee.replays.expect import check_expect
from referee.replays.reader import MAX_NUMBER, MIN_NUMBER
from referee.replays.records import Check, Event, Final, Undo

HEADER_KEYS = {"format", "version", "game", "players", "options", "position", "meta", "expect"}
SHAPE_KEYS = ("action", "chance", "phase", "check", "undo", "final")
COMMON_KEYS = ("seq", "note")


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


def _number_problem(value: Any) -> str | None:
    """What is wrong with one JSON scalar as a number of the log, or None."""
    kind = type(value)
    if kind is int:
        return None if MIN_NUMBER <= value <= MAX_NUMBER else (
            f"number {str(value)[:30]}{'...' if len(str(value)) > 30 else ''} is out of range "
            f"(at most {MAX_NUMBER:,} in absolute value)")
    if kind is float:
        return f"number {value} is not an integer"
    return None


def _numbers_ok(value: Any) -> str | None:
    """The first number problem anywhere in ``value`` (lists and objects searched), or None."""
    kind = type(value)
    if kind is list:
        return next((p for p in map(_numbers_ok, value) if p), None)
    if kind is dict:
        return next((p for p in map(_numbers_ok, value.values()) if p), None)
    return _number_problem(value)


class _BadNumber(Exception):
    pass


def _frozen(value: Any) -> Any:
    """``freeze(value)``, checking every number on the way (raises :class:`_BadNumber` with the
    first problem): a line's values are walked once, not once to check and once to freeze."""
    kind = type(value)
    if kind is int:
        if MIN_NUMBER <= value <= MAX_NUMBER:
            return value
        raise _BadNumber(_number_problem(value))
    if kind in _SCALARS:
        return value
    if kind is dict:
        return FrozenObject(tuple([(k, _frozen(v)) for k, v in value.items()]))
    if kind is list:
        return tuple([_frozen(v) for v in value])
    if kind is float:
        raise _BadNumber(_number_problem(value))
    return freeze(value)


_SHAPE_SET = frozenset(SHAPE_KEYS)
_ACTION_KEYS = frozenset(("player", "action", *COMMON_KEYS))
_CHANCE_KEYS = frozenset(("chance", *COMMON_KEYS))
_PHASE_KEYS = frozenset(("phase", *COMMON_KEYS))
_SCALARS = (str, bool, type(None))


def _frozen_params(obj: Mapping[str, Any], keys: Iterable[str],
                   plain_numbers: bool) -> Params | str:
    """The values of ``keys`` in ``obj`` as event parameters (lists and objects frozen), in one
    pass that checks their numbers: the parameters, or the first number problem among them as
    :func:`_numbers_ok` words it. ``plain_numbers`` (the reader found every number an integer
    in range) skips the search inside lists and objects."""
    params = []
    for key in keys:
        value = obj[key]
        kind = type(value)
        if kind is int:
            if not MIN_NUMBER <= value <= MAX_NUMBER:
                return _number_problem(value) or ""
        elif kind not in _SCALARS:
            if plain_numbers:
                value = freeze(value)
            else:
                try:
                    value = _frozen(value)
                except _BadNumber as bad:
                    return str(bad)
        params.append((key, value))
    return tuple(params)


def _event_params(obj: Mapping[str, Any], envelope_keys: frozenset[str],
                  plain_numbers: bool) -> Params | str:
    """The event's parameters (the keys not in ``envelope_keys``), or the first number problem
    of the line. The envelope's own values are checked before this is called (names are
    strings, ``seq`` is in range), so only the parameters can hold a bad number."""
    return _frozen_params(obj, [k for k in obj if k not in envelope_keys], plain_numbers)


_BUILDERS = {"action": new_action, "chance": new_chance, "phase": new_phase}
_PLANS: dict[tuple[str, ...], tuple[str, tuple[str, ...], bool] | None] = {}
_MAX_PLANS = 4096


def _plan(keys: tuple[str, ...]) -> tuple[str, tuple[str, ...], bool] | None:
    """For the keys of a line, in order: the shape, the keys of the parameters and whether a
    ``player`` is named, when the line is an action, chance or phase line with neither ``seq``
    nor ``note``; None for any other line."""
    shapes = [k for k in keys if k in _SHAPE_SET]
    if len(shapes) != 1 or shapes[0] not in _BUILDERS or "seq" in keys or "note" in keys:
        return None
    shape = shapes[0]
    if shape == "action" and "player" not in keys:
        return None
    envelope = (shape, "player") if shape == "action" else (shape,)
    return shape, tuple(k for k in keys if k not in envelope), "player" in keys


def plain_event(obj: Mapping[str, Any], players: tuple[str, ...],
                plain_numbers: bool = False) -> Action | Chance | Phase | None:
    """The event of the most common lines, exactly as :func:`parse_event` reads it: an action,
    chance or phase line without ``seq`` or ``note``, whose player (if any) is at the table and
    whose numbers are in range. None sends any other line to :func:`parse_event`.

    Lines of one game repeat a few sets of keys, so what the keys say about the line (its shape,
    its parameters) is worked out once per set of keys."""
    keys = tuple(obj)
    try:
        plan = _PLANS[keys]
    except KeyError:
        if len(_PLANS) >= _MAX_PLANS:
            _PLANS.clear()
        plan = _PLANS[keys] = _plan(keys)
    if plan is None:
        return None
    shape, names, with_player = plan
    name = obj[shape]
    if type(name) is not str:
        return None
    if with_player:
        player = obj["player"]
        if type(player) is not str or player not in players:
            return None
    params = _frozen_params(obj, names, plain_numbers)
    if isinstance(params, str):
        return None
    if shape == "action":
        return new_action(player, name, params)
    return _BUILDERS[shape](name, params)  # type: ignore[operator]


def plain_check(obj: Mapping[str, Any], plain_numbers: bool = False) -> Check | None:
    """The check of a line that holds nothing else (no ``seq``, no ``note``) and whose numbers
    are in range, exactly as :func:`parse_event` reads it; None for any other line."""
    if len(obj) != 1:
        return None
    body = obj.get("check")
    if type(body) is not dict or (not plain_numbers and _numbers_ok(body)):
        return None
    return Check.parsed(body)


def parse_event(obj: Mapping[str, Any], players: tuple[str, ...],
                plain_numbers: bool = False) -> Envelope | Violation:
    """Classify one event line into its shape, checking the envelope (not the game's rules).

    ``plain_numbers``: the reader has seen that every number of the line is an integer within
    ±MAX_NUMBER (:attr:`RawLine.plain_numbers`), so the search for a bad one is skipped."""
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
            return Violation("schema", "LOG-NUMBER", _number_problem(seq) or "")
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
        params = _event_params(obj, _ACTION_KEYS, plain_numbers)
        if isinstance(params, str):
            return Violation("schema", "LOG-NUMBER", params, player)
        return Envelope(Action(player, obj["action"], params), seq)
    if shape in ("chance", "phase"):
        if not isinstance(obj[shape], str):
            return Violation("schema", "LOG-EVENT", f"{shape!r} must be a string, found "
                             f"{json_type(obj[shape])}")
        if "player" in obj and (not isinstance(player, str) or player not in players):
            return Violation("schema", "LOG-PLAYERS", unknown_name("player", player, players))
        params = _event_params(obj, _CHANCE_KEYS if shape == "chance" else _PHASE_KEYS,
                                plain_numbers)
        if isinstance(params, str):
            return Violation("schema", "LOG-NUMBER", params)
        cls = Chance if shape == "chance" else Phase
        return Envelope(cls(obj[shape], params), seq)
    extra = sorted(set(obj) - {shape, *COMMON_KEYS})
    if extra:
        return Violation("schema", "LOG-EVENT", f"{shape} line: unknown field {extra[0]!r}")
    body = obj[shape]
    if not plain_numbers and ((shape == "check" and isinstance(body, dict))
                              or (shape == "undo" and is_int(body))):
        problem = _numbers_ok(body)
        if problem:
            return Violation("schema", "LOG-NUMBER", problem)
    if shape == "check":
        if not isinstance(body, dict):
            return Violation("schema", "LOG-CHECK", f"'check' must be an object, found "
                             f"{json_type(body)}")
        return Envelope(Check.parsed(body), seq)
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
                                 f"final: score of {name}: {_number_problem(value)}", name)
    winners = body.get("winners")
    if winners is not None:
        if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
            return Violation("schema", "LOG-FINAL", "final: 'winners' must be a list of names")
        for name in winners:
            if name not in players:
                return Violation("schema", "LOG-PLAYERS", f"final: unknown player {name!r}")
    return Envelope(Final.make(scores, winners), seq)
