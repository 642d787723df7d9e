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


Record = Check | Undo | Final
Event = Action | Chance | Phase | Check | Undo | Final
