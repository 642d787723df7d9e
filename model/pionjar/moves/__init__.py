"""The Pionjär move table, one module per area of the rules: the turn (``turns``), the road
(``road``), the square spaces and the trails (``squares``), the cards (``cards``), auctions
(``auctions``), Pioneer City (``city``), the Saloon (``saloon``) and the die (``dice``).

Each module holds its moves and the automatic effects they set off; every effect takes the
``note`` of ``apply`` and names its rule there (rule coverage)."""

from __future__ import annotations

from referee.model.core import MoveTable
from referee.model.pionjar.moves import auctions, cards, city, dice, road, saloon, squares, turns
from referee.model.pionjar.state import PionjarState

# Declaration order is the order of legal_actions.
MOVES: MoveTable[PionjarState] = MoveTable([
    turns.StartPlayer(), dice.Die(), cards.Draw(),
    road.ChooseProperty(),
    squares.Advance(), squares.EnterTrail(), squares.LeaveTrail(), squares.RollOn(),
    cards.RentSaloon(), cards.DeclineSaloon(),
    auctions.Bid(), auctions.Pass(),
    city.BuyEquipment(), city.BuyTradingPost(), city.BuyLand(),
    saloon.Gamble(),
    turns.EndTurn(),
])
