"""The move table of The Colonists, by area of the rules."""

from referee.model.colonists.flow import ACT_STAGES
from referee.model.colonists.moves import (
    cards,
    colonies,
    community,
    diplomacy,
    later,
    places,
    setup,
    turn,
    year,
)

ALL = (*setup.MOVES, *year.MOVES, *turn.MOVES, *places.MOVES, *community.MOVES, *cards.MOVES,
       *diplomacy.MOVES, *colonies.MOVES, *later.MOVES)

# the actions of the place a Steward reached (one of them must be possible there)
ACT_MOVES = tuple(m for m in ALL if m.stages == ACT_STAGES)

__all__ = ["ACT_MOVES", "ALL"]
