"""The Homesteaders move table, one module per area of the rules: ``rounds`` (the start player
draw, the reveals and the phase markers with their automatic effects), ``income`` (allocation,
wages), ``bidding``, ``building`` and ``market`` (the marketplace, hiring, conversion, debt).

The order of the table is the order of ``legal_actions``: the decisions of the phase, the phase
markers, then the market actions of every player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model.core import MoveTable
from referee.model.homesteaders.moves.bidding import Bid, NeutralBid, Pass
from referee.model.homesteaders.moves.building import Bonus, Build, PayBid
from referee.model.homesteaders.moves.income import Allocate, PayWorkers
from referee.model.homesteaders.moves.market import Buy, Convert, Hire, PayDebt, Sell, TakeDebt
from referee.model.homesteaders.moves.rounds import (
    Bidding,
    Building,
    FinalIncome,
    Income,
    Reveal,
    Scoring,
    Setup,
    StartPlayer,
)
from referee.model.homesteaders.state import HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.game import Homesteaders

KINDS = (Allocate, PayWorkers, NeutralBid, Bid, Pass, PayBid, Build, Bonus, PayDebt,
         Setup, Income, Bidding, Building, FinalIncome, Scoring,
         Buy, Sell, TakeDebt, Hire, Convert,
         StartPlayer, Reveal)


def move_table(game: Homesteaders) -> MoveTable[HomesteadersState]:
    return MoveTable(kind(game) for kind in KINDS)
