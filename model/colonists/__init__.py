"""The Colonists (Lookout, 2016): eras, a growing hex board, Stewards, storage, buildings,
Workers, sustenance, improvements and colonies, as an explicit-state model.

The log vocabulary is ``replays/FORMAT-colonists.md``; the rule catalogue is
:mod:`.catalogue`; the component data (``data/*.toml``) is described in
``docs/colonists-data.md``.
"""

from referee.model.colonists.game import Colonists

GAME = Colonists()

__all__ = ["GAME", "Colonists"]
