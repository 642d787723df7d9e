"""The events a game plays: decisions (actions), chance outcomes and phase markers.

Events are small frozen dataclasses whose ``to_json`` form is exactly one line of a replay log.
Parameters are kept as a tuple of ``(key, value)`` pairs with JSON lists frozen into tuples and
objects into :class:`FrozenObject`, so that events are hashable and compare by value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Params = tuple[tuple[str, Any], ...]
_SCALARS = (str, int, bool, float, type(None))


@dataclass(frozen=True, slots=True)
class FrozenObject:
    """A JSON object, frozen: its items in the order they were written."""

    items: tuple[tuple[str, Any], ...]

    def as_dict(self) -> dict[str, Any]:
        return {k: thaw(v) for k, v in self.items}


def freeze(value: Any) -> Any:
    """JSON value → hashable value (lists become tuples, objects become FrozenObjects)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        return tuple([freeze(v) for v in value])
    if kind is dict or isinstance(value, Mapping):
        return FrozenObject(tuple([(k, freeze(v)) for k, v in value.items()]))
    if isinstance(value, list | tuple):
        return tuple([freeze(v) for v in value])
    return value


def thaw(value: Any) -> Any:
    """Hashable value → JSON value; inverse of :func:`freeze`."""
    kind = type(value)
    if kind is FrozenObject:
        return {k: thaw(v) for k, v in value.items}
    if kind is tuple:
        return [thaw(v) for v in value]
    return value


def params_text(params: Params) -> str:
    """``key=value`` pairs for reports: strings bare, everything else as JSON."""
    return " ".join(f"{k}={v if isinstance(v, str) else json.dumps(thaw(v))}" for k, v in params)


def make_params(values: Mapping[str, Any]) -> Params:
    return tuple([(k, freeze(v)) for k, v in values.items()])


_ABSENT = object()


class _WithParams:
    __slots__ = ()
    params: Params

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def has(self, key: str) -> bool:
        return self.get(key, _ABSENT) is not _ABSENT

    def keys(self) -> list[str]:
        return [k for k, _ in self.params]

    def json_params(self) -> dict[str, Any]:
        return {k: thaw(v) for k, v in self.params}


@dataclass(frozen=True, slots=True)
class Action(_WithParams):
    """A player's decision: ``{"player": P, "action": name, ...params}``."""

    player: str
    name: str
    params: Params = ()

    shape = "action"

    @classmethod
    def make(cls, player: str, name: str, **params: Any) -> Action:
        return cls(player, name, make_params(params))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Action:
        rest = {k: v for k, v in obj.items() if k not in ("player", "action", "seq", "note")}
        return cls(obj["player"], obj["action"], make_params(rest))

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "action": self.name, **self.json_params()}

    def __str__(self) -> str:
        return f"{self.player}: {self.name} {params_text(self.params)}".rstrip()


@dataclass(frozen=True, slots=True)
class Chance(_WithParams):
    """An outcome of dice, shuffles or draws: ``{"chance": name, ...params}``."""

    name: str
    params: Params = ()

    shape = "chance"

    @classmethod
    def make(cls, name: str, **params: Any) -> Chance:
        return cls(name, make_params(params))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Chance:
        rest = {k: v for k, v in obj.items() if k not in ("chance", "seq", "note")}
        return cls(obj["chance"], make_params(rest))

    def to_json(self) -> dict[str, Any]:
        return {"chance": self.name, **self.json_params()}

    @property
    def player(self) -> str | None:
        value = self.get("player")
        return value if isinstance(value, str) else None

    def __str__(self) -> str:
        return f"chance {self.name} {params_text(self.params)}".rstrip()


@dataclass(frozen=True, slots=True)
class Phase(_WithParams):
    """The table moves to a phase: ``{"phase": name, ...params}``."""

    name: str
    params: Params = ()

    shape = "phase"
    player = None

    @classmethod
    def make(cls, name: str, **params: Any) -> Phase:
        return cls(name, make_params(params))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Phase:
        rest = {k: v for k, v in obj.items() if k not in ("phase", "seq", "note")}
        return cls(obj["phase"], make_params(rest))

    def to_json(self) -> dict[str, Any]:
        return {"phase": self.name, **self.json_params()}

    def __str__(self) -> str:
        return f"phase {self.name} {params_text(self.params)}".rstrip()


GameEvent = Action | Chance | Phase
GAME_EVENTS = (Action, Chance, Phase)


def describe(event: GameEvent) -> str:
    """``action 'bid'``, ``chance 'die'`` or ``phase 'income'`` (for messages)."""
    return f"{event.shape} {event.name!r}"


def _builder(cls: type, *fields: str) -> Any:
    """A constructor of ``cls`` from its fields in order, for events read off a log by the
    thousand: a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``,
    which costs several times what setting the slots directly does. Same object either way."""
    setters = tuple(cls.__dict__[name].__set__ for name in fields)
    new = object.__new__
    if len(setters) == 3:
        set_a, set_b, set_c = setters

        def build3(a: Any, b: Any, c: Any) -> Any:
            event: Any = new(cls)
            set_a(event, a)
            set_b(event, b)
            set_c(event, c)
            return event

        return build3
    set_x, set_y = setters

    def build2(x: Any, y: Any) -> Any:
        event: Any = new(cls)
        set_x(event, x)
        set_y(event, y)
        return event

    return build2


new_action: Callable[[str, str, Params], Action] = _builder(Action, "player", "name", "params")
new_chance: Callable[[str, Params], Chance] = _builder(Chance, "name", "params")
new_phase: Callable[[str, Params], Phase] = _builder(Phase, "name", "params")
