"""Schema checks of event parameters and of JSON values in general, with one table of JSON type
names for every message that says what was expected and what was found."""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from referee.model.core.events import FrozenObject, GameEvent, describe, thaw
from referee.model.core.names import unknown
from referee.model.core.rules import Violation

Types = type | tuple[type, ...]
NO_FIELDS: Mapping[str, Types] = MappingProxyType({})


def fields(**types: Types) -> Mapping[str, Types]:
    """A parameter schema for a move declaration: field name -> JSON type(s), read-only."""
    return MappingProxyType(types)

_TYPE_NAMES: dict[type, str] = {int: "an integer", str: "a string", bool: "a boolean",
                                list: "a list", tuple: "a list", dict: "an object",
                                float: "a number", type(None): "null"}


def is_int(value: Any) -> bool:
    """An integer that is not a boolean (JSON ``true`` is not a count)."""
    return type(value) is int


def json_type(value: Any) -> str:
    """What a JSON value is, in words: ``an integer``, ``a list``, ``null``, ..."""
    if isinstance(value, FrozenObject):
        return "an object"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def type_name(types: Types) -> str:
    listed = types if isinstance(types, tuple) else (types,)
    return " or ".join(dict.fromkeys(_TYPE_NAMES.get(t, t.__name__) for t in listed))


def json_repr(value: Any, limit: int = 60) -> str:
    try:
        text = json.dumps(thaw(value), ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def type_ok(value: Any, types: Types) -> bool:
    kind = type(value)
    if kind is FrozenObject:  # a JSON object, as events keep it
        return types is dict or (isinstance(types, tuple) and dict in types)
    if kind is bool:
        return types is bool or (isinstance(types, tuple) and bool in types)
    if kind is tuple:
        return types in (list, tuple) or (isinstance(types, tuple) and (
            list in types or tuple in types))
    if types is kind:
        return True
    listed = types if isinstance(types, tuple) else (types,)
    return isinstance(value, tuple(t for t in listed if t is not bool))


def check_params(event: GameEvent, required: Mapping[str, Types],
                 optional: Mapping[str, Types] | None = None,
                 rule: str | None = None) -> Violation | None:
    """Schema check of an event's parameters: no unknown key, none missing, JSON types exact.

    ``bool`` is never accepted where ``int`` is asked for, and a ``list`` in the log arrives
    here as a ``tuple``. Runs on every event, so the messages are only built on failure.
    """
    optional = optional or NO_FIELDS
    for key, value in event.params:
        types = required.get(key)
        if types is None:
            types = optional.get(key)
            if types is None:
                allowed = sorted([*required, *optional])
                return _param_error(event, rule, unknown("field", key, allowed))
        if not type_ok(value, types):
            return _param_error(event, rule, f"field {key!r} must be {type_name(types)}, "
                                f"found {json_repr(value)}")
    if required:
        present = {k for k, _ in event.params}
        for key in required:
            if key not in present:
                return _param_error(event, rule, f"missing field {key!r}")
    return None


def _param_error(event: GameEvent, rule: str | None, message: str) -> Violation:
    player = event.player if event.shape == "action" else None
    return Violation("schema", rule, f"{describe(event)}: {message}", player)
