"""The flow of a game: for a state, which stage it is in and who may act now.

A flow answers three questions the move table needs to order events generically: the stage
(moves declare the stages in which they may be played), the players whose decision is awaited
(one, several at once in a simultaneous phase, or none), and the chance event that is due (None
when the next event is a decision). A state may await decisions and a chance event at once
(a game that lets players act before a reveal); the model's own order, ``legal_actions`` and
``chance_outcomes``, then plays the chance event first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from referee.model.core.events import Chance
from referee.model.core.rules import Violation

S = TypeVar("S")


class Flow(Generic[S]):
    """Subclass and override ``stage``, ``actors``, ``chance`` and ``is_over``.

    Rule ids for generic order errors: ``turn_rule`` when the wrong player acts or a chance
    event comes while a decision is awaited, ``stage_rule(stage)`` when a move is played outside
    its stages or a decision comes while a chance event is awaited, ``end_rule`` after the end.
    """

    turn_rule: str = ""
    end_rule: str = ""

    def stage(self, state: S) -> str:
        raise NotImplementedError

    def actors(self, state: S) -> Sequence[str]:
        raise NotImplementedError

    def chance(self, state: S) -> str | None:
        return None

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def stage_rule(self, stage: str) -> str:
        return self.turn_rule

    def stray_chance(self, state: S, event: Chance, expected: str) -> Violation:
        """A chance event when none is due (default: an ``order`` error under ``turn_rule``)."""
        return Violation("order", self.turn_rule or None, f"expected {expected}, found "
                         f"chance {event.name!r}")
