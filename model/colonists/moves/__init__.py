"""The move table of The Colonists, by area of the rules."""

from referee.model.colonists.moves import cards, community, diplomacy, places, setup, turn, year

ALL = (*setup.MOVES, *year.MOVES, *turn.MOVES, *places.MOVES, *community.MOVES, *cards.MOVES,
       *diplomacy.MOVES)

# the actions of the place a Steward reached (one of them must be possible there)
ACT_MOVES = tuple(m for m in ALL if m.stages == frozenset({"act"}))

__all__ = ["ACT_MOVES", "ALL"]
