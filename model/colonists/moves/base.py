"""Shared pieces of the move table: moves whose checks may raise :class:`Refused`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from referee.model.colonists.refs import Refused
from referee.model.colonists.state import ColonistsState
from referee.model.core import ActionMove, ChanceMove, GameEvent, Note, PhaseMove, Violation


class Checked:
    """``validate`` and ``check`` written as ``schema_check`` / ``rules_check`` that may raise
    :class:`Refused` from deep inside the readers."""

    def schema_check(self, state: ColonistsState, event: Any) -> None:
        return None

    def rules_check(self, state: ColonistsState, event: Any) -> None:
        return None

    def validate(self, state: ColonistsState, event: Any) -> Violation | None:
        try:
            self.schema_check(state, event)
        except Refused as refused:
            return refused.violation
        return None

    def check(self, state: ColonistsState, event: Any) -> Violation | None:
        try:
            self.rules_check(state, event)
        except Refused as refused:
            return refused.violation
        return None


class Action(Checked, ActionMove[ColonistsState]):
    pass


class Chance(Checked, ChanceMove[ColonistsState]):
    pass


class Phase(Checked, PhaseMove[ColonistsState]):
    pass


def player_index(state: ColonistsState, event: Any) -> int:
    return state.players.index(event.player)


def none(state: ColonistsState, player: str | None) -> Iterable[GameEvent]:
    return ()


__all__ = ["Action", "Chance", "Checked", "ClassVar", "Note", "Phase", "player_index"]
