"""What the Pionjär moves share: the check that an action's player is one of the game's, and
small words for messages."""

from __future__ import annotations

from referee.model.core import Action, ActionMove, Violation, unknown
from referee.model.pionjar.state import PionjarState


class PionjarAction(ActionMove[PionjarState]):
    """A decision by one of the game's players; ``validate_params`` checks the names."""

    def validate(self, state: PionjarState, event: Action) -> Violation | None:
        if event.player not in state.players:
            return Violation("schema", "PJ-TURN-ORDER", unknown("player", event.player,
                                                                state.players))
        return self.validate_params(state, event)

    def validate_params(self, state: PionjarState, event: Action) -> Violation | None:
        return None


def named(state: PionjarState, event: Action, what: str, value: object,
          known: list[str], rule: str) -> Violation | None:
    """A schema error for a name the data set does not know, with a suggestion."""
    if value in known:
        return None
    return Violation("schema", rule, unknown(what, value, known), event.player)


def where_words(where: str) -> str:
    return {"road": "still on the road", "prison": "in prison"}.get(where, f"on the {where}")


def land_words(land: str) -> str:
    return {"none": "not registered", "squatter": "still in its first lap",
            "owner": "already owned"}.get(land, land)
