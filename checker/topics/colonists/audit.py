"""The validator's Colonists hooks (``HOOKS``), backed by Z3."""

from __future__ import annotations

from typing import Any

from referee.model.core import GameEvent, Violation


class Hooks:
    """What the validator asks of The Colonists (see ``referee.games.ValidatorHooks``)."""

    def explain(self, game: Any, state: Any, event: GameEvent,
                violation: Violation) -> str | None:
        return None

    def audit_score(self, game: Any, state: Any, player: str, claimed: int) -> str | None:
        return None


HOOKS = Hooks()
