"""The game protocol every model implements, and the event and violation types.

A model is a module-level object satisfying :class:`Game`. States are mutable, cheap to copy and
have a stable 64-bit fingerprint. Events are small frozen dataclasses whose ``to_json`` form is
exactly one line of a replay log (see ``replays/FORMAT.md``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

ERROR_KINDS = ("syntax", "schema", "order", "illegal", "chance", "checkpoint", "score")
STOPPING_KINDS = frozenset({"syntax", "schema", "order", "illegal", "chance"})


# --------------------------------------------------------------------------- rules and violations


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    text: str
    section: str


class RuleCatalogue:
    """The rules of one game, by id, in the order the rulebook gives them."""

    def __init__(self, game: str, rules: Iterable[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"rule id {rule.id} defined twice in the {game} catalogue")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)


@dataclass(frozen=True, slots=True)
class Violation:
    """One refusal: its error kind (see ERROR_KINDS), the rule broken, who broke it, and why."""

    kind: str
    rule: str | None
    message: str
    player: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ERROR_KINDS:
            raise ValueError(f"unknown violation kind {self.kind!r}")


class RuleViolation(Exception):
    """Raised where returning a Violation is awkward (constructors, data loading)."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation


def refuse(kind: str, rule: str | None, message: str, player: str | None = None) -> RuleViolation:
    return RuleViolation(Violation(kind, rule, message, player))


# --------------------------------------------------------------------------- events

Params = tuple[tuple[str, Any], ...]


def freeze(value: Any) -> Any:
    """JSON value → hashable value (lists become tuples, objects become sorted item tuples)."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return FrozenObject(tuple((k, freeze(v)) for k, v in value.items()))
    return value


def thaw(value: Any) -> Any:
    """Hashable value → JSON value; inverse of :func:`freeze`."""
    if isinstance(value, FrozenObject):
        return {k: thaw(v) for k, v in value.items}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class FrozenObject:
    items: tuple[tuple[str, Any], ...]

    def as_dict(self) -> dict[str, Any]:
        return {k: thaw(v) for k, v in self.items}


def _text(params: Params) -> str:
    """``key=value`` pairs for reports: strings bare, everything else as JSON."""
    import json

    return " ".join(f"{k}={v if isinstance(v, str) else json.dumps(thaw(v))}" for k, v in params)


def _params(values: Mapping[str, Any]) -> Params:
    return tuple((k, freeze(v)) for k, v in values.items())


class _WithParams:
    __slots__ = ()
    params: Params

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def has(self, key: str) -> bool:
        return any(k == key for k, _ in self.params)

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

    @classmethod
    def make(cls, player: str, name: str, **params: Any) -> Action:
        return cls(player, name, _params(params))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Action:
        rest = {k: v for k, v in obj.items() if k not in ("player", "action", "seq", "note")}
        return cls(obj["player"], obj["action"], _params(rest))

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "action": self.name, **self.json_params()}

    def __str__(self) -> str:
        return f"{self.player}: {self.name} {_text(self.params)}".rstrip()


@dataclass(frozen=True, slots=True)
class Chance(_WithParams):
    """An outcome of dice, shuffles or draws: ``{"chance": name, ...params}``."""

    name: str
    params: Params = ()

    @classmethod
    def make(cls, name: str, **params: Any) -> Chance:
        return cls(name, _params(params))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Chance:
        rest = {k: v for k, v in obj.items() if k not in ("chance", "seq", "note")}
        return cls(obj["chance"], _params(rest))

    def to_json(self) -> dict[str, Any]:
        return {"chance": self.name, **self.json_params()}

    @property
    def player(self) -> str | None:
        value = self.get("player")
        return value if isinstance(value, str) else None

    def __str__(self) -> str:
        return f"chance {self.name} {_text(self.params)}".rstrip()


@dataclass(frozen=True, slots=True)
class Phase(_WithParams):
    """The table moves to a phase: ``{"phase": name, ...params}``."""

    name: str
    params: Params = ()

    @classmethod
    def make(cls, name: str, **params: Any) -> Phase:
        return cls(name, _params(params))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Phase:
        rest = {k: v for k, v in obj.items() if k not in ("phase", "seq", "note")}
        return cls(obj["phase"], _params(rest))

    def to_json(self) -> dict[str, Any]:
        return {"phase": self.name, **self.json_params()}

    player = None

    def __str__(self) -> str:
        return f"phase {self.name} {_text(self.params)}".rstrip()


@dataclass(frozen=True, slots=True)
class Check:
    """A claim about the current state: ``{"check": {...}}``."""

    claims: FrozenObject

    @classmethod
    def make(cls, claims: Mapping[str, Any]) -> Check:
        return cls(freeze(dict(claims)))

    def to_json(self) -> dict[str, Any]:
        return {"check": self.claims.as_dict()}


@dataclass(frozen=True, slots=True)
class Undo:
    """Takes back the last ``count`` actions and chance events: ``{"undo": n}``."""

    count: int

    def to_json(self) -> dict[str, Any]:
        return {"undo": self.count}


@dataclass(frozen=True, slots=True)
class Final:
    """The recorded result: ``{"final": {"scores": {...}, "winners": [...]}}``."""

    scores: FrozenObject | None = None
    winners: tuple[str, ...] | None = None

    @classmethod
    def make(cls, scores: Mapping[str, int] | None = None,
             winners: Sequence[str] | None = None) -> Final:
        return cls(freeze(dict(scores)) if scores is not None else None,
                   tuple(winners) if winners is not None else None)

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {}
        if self.scores is not None:
            body["scores"] = self.scores.as_dict()
        if self.winners is not None:
            body["winners"] = list(self.winners)
        return {"final": body}


GameEvent = Action | Chance | Phase
Event = Action | Chance | Phase | Check | Undo | Final


# --------------------------------------------------------------------------- parameter checking


_NO_FIELDS: Mapping[str, type | tuple[type, ...]] = {}


def check_params(event: Action | Chance | Phase, required: Mapping[str, type | tuple[type, ...]],
                 optional: Mapping[str, type | tuple[type, ...]] | None = None,
                 rule: str | None = None) -> Violation | None:
    """Schema check of an event's parameters: no unknown key, none missing, JSON types exact.

    ``bool`` is never accepted where ``int`` is asked for (JSON ``true`` is not a count), and a
    ``list`` in the log arrives here as a ``tuple``. Runs on every event, so the messages are
    only built on failure.
    """
    optional = optional or _NO_FIELDS
    values = dict(event.params)
    for key in values:
        if key not in required and key not in optional:
            allowed = sorted([*required, *optional])
            return _param_error(event, rule, f"unknown field {key!r} (allowed: "
                                f"{', '.join(allowed) or 'none'})")
    for key, types in required.items():
        if key not in values:
            return _param_error(event, rule, f"missing field {key!r}")
        if not _type_ok(values[key], types):
            return _param_error(event, rule, f"field {key!r} must be {_type_name(types)}, "
                                f"found {_json_repr(values[key])}")
    for key, types in optional.items():
        if key in values and not _type_ok(values[key], types):
            return _param_error(event, rule, f"field {key!r} must be {_type_name(types)}, "
                                f"found {_json_repr(values[key])}")
    return None


def _param_error(event: Action | Chance | Phase, rule: str | None, message: str) -> Violation:
    player = event.player if isinstance(event, Action) else None
    return Violation("schema", rule, f"{_describe(event)}: {message}", player)


def _type_ok(value: Any, types: type | tuple[type, ...]) -> bool:
    kind = type(value)
    if kind is bool:
        return types is bool or (isinstance(types, tuple) and bool in types)
    if kind is tuple:
        return types in (list, tuple) or (isinstance(types, tuple) and (
            list in types or tuple in types))
    if types is kind:
        return True
    types = types if isinstance(types, tuple) else (types,)
    return isinstance(value, tuple(t for t in types if t is not bool))


def _type_name(types: type | tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", bool: "a boolean", list: "a list",
             tuple: "a list", dict: "an object", float: "a number"}
    types = types if isinstance(types, tuple) else (types,)
    return " or ".join(dict.fromkeys(names.get(t, t.__name__) for t in types))


def _json_repr(value: Any) -> str:
    import json

    try:
        text = json.dumps(thaw(value))
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _describe(event: Action | Chance | Phase) -> str:
    if isinstance(event, Action):
        return f"action {event.name!r}"
    if isinstance(event, Chance):
        return f"chance {event.name!r}"
    return f"phase {event.name!r}"


# --------------------------------------------------------------------------- states and games


def fingerprint_of(key: Any) -> int:
    """A 64-bit fingerprint of a canonical key (nested tuples of ints and strings), stable across
    processes (unlike ``hash`` with string hash randomisation)."""
    digest = hashlib.blake2b(repr(key).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True, slots=True)
class Score:
    """One player's score: the total and its named parts (which sum to the total)."""

    total: int
    parts: Mapping[str, int]


@runtime_checkable
class State(Protocol):
    players: tuple[str, ...]

    def copy(self) -> State: ...

    def fingerprint(self) -> int: ...


@runtime_checkable
class Game(Protocol):
    """What every game model provides (after OpenSpiel's game/state API and python-chess).

    Contract: ``check(state, e) is None`` implies ``apply(state, e)`` succeeds. ``legal_actions``
    lists decisions (actions and phase markers) in a deterministic order; ``chance_outcomes`` is
    non-empty exactly when the next event must be a chance event, and then lists every possible
    outcome with its probability (summing to 1).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    rules: RuleCatalogue

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> State:
        """The setup (or ``position``); raises RuleViolation(kind "schema") on bad input."""
        ...

    def legal_actions(self, state: Any) -> list[GameEvent]: ...

    def chance_outcomes(self, state: Any) -> list[tuple[Chance, Fraction]]: ...

    def check(self, state: Any, event: GameEvent) -> Violation | None: ...

    def apply(self, state: Any, event: GameEvent) -> None: ...

    def is_over(self, state: Any) -> bool: ...

    def score(self, state: Any) -> dict[str, Score]: ...

    def winners(self, state: Any) -> list[str]: ...

    def check_claims(self, state: Any, claims: Mapping[str, Any]) -> list[Violation]:
        """Compare a ``check`` line: ``schema`` violations for unknown names or bad types,
        ``checkpoint`` violations for each claimed value that differs."""
        ...

    def quantities(self, state: Any, player: str) -> dict[str, int]:
        """The player's integer quantities (the symbols of ``--invariant`` expressions)."""
        ...

    def global_quantities(self, state: Any) -> dict[str, int]: ...

    # Optional: ``rules_for(state, event) -> Sequence[str]``, the rule ids that ``check`` verified
    # for an event it accepted; ``referee coverage`` and the explorer use it where present.


def rules_checked(game: Any, state: Any, event: GameEvent) -> Sequence[str]:
    """The rule ids a game's ``rules_for`` hook names for an accepted event (empty without it)."""
    hook = getattr(game, "rules_for", None)
    return hook(state, event) if hook is not None else ()


def is_chance_node(game: Game, state: Any) -> bool:
    return bool(game.chance_outcomes(state))


def probability_sum(outcomes: Sequence[tuple[Chance, Fraction]]) -> Fraction:
    return sum((p for _, p in outcomes), Fraction(0))
