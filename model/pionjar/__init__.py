"""Pionjär (Alga): the journey west, the almanac, the Saloon, trails, auctions and prison.

The log vocabulary is documented in ``replays/FORMAT-pionjar.md``; the rule catalogue is in
:mod:`.catalogue`, the moves in :mod:`.moves`, the flow in :mod:`.flow`; the bundled data set
(``data/reconstruction``) is a reconstruction for testing.
"""

from referee.model.pionjar.data import DataError, GameData, load_data
from referee.model.pionjar.game import Pionjar

GAME = Pionjar()

__all__ = ["GAME", "DataError", "GameData", "Pionjar", "load_data"]
