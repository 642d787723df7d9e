"""Log-only records, which no game plays: ``check``, ``undo`` and ``final`` lines, and the
validator's stopping policy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.model.core import Action, Chance, FrozenObject, Phase, freeze

# Error kinds after which the validator stops reading a file (the state is no longer known);
# checkpoint and score errors are reported and validation goes on.
STOPPING_KINDS = frozenset({"syntax", "schema", "order", "illegal", "chance"})


class Check:
    """A claim about the current state: ``{"check": {...}}``.

    A parsed line keeps the object it was decoded to (only read, never changed), since the
    validator compares claims on that object; the frozen form, by which checks compare and
    hash, is built when first asked for."""

    __slots__ = ("_body", "_claims")

    def __init__(self, claims: FrozenObject) -> None:
        self._claims: FrozenObject | None = claims
        self._body: dict[str, Any] | None = None

    @classmethod
    def make(cls, claims: Mapping[str, Any]) -> Check:
        return cls(freeze(dict(claims)))

    @classmethod
    def parsed(cls, body: dict[str, Any]) -> Check:
        """The check of a decoded line's object, which the caller no longer changes."""
        check = cls.__new__(cls)
        check._claims = None
        check._body = body
        return check

    @property
    def claims(self) -> FrozenObject:
        if self._claims is None:
            assert self._body is not None
            self._claims = freeze(self._body)
        return self._claims

    def body(self) -> dict[str, Any]:
        """The claims as a JSON object (the decoded line's own object, for a parsed line)."""
        return self._body if self._body is not None else self.claims.as_dict()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Check) and self.claims == other.claims

    def __hash__(self) -> int:
        return hash(self.claims)

    def __repr__(self) -> str:
        return f"Check(claims={self.claims!r})"

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


Record = Check | Undo | Final
Event = Action | Chance | Phase | Check | Undo | Final
