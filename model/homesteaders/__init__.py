"""Homesteaders (Tasty Minstrel Games, 2010) as an explicit-state model.

``GAME`` implements :class:`referee.model.core.Game`. Data lives in ``data/*.toml`` (read by
:func:`referee.model.homesteaders.data.load_data`); rule ids are in ``catalogue.py``. ``rules.py``
holds the game object, which hands each event to the module of its area: ``chance`` (start
player, reveals), ``phases`` (the markers and their automatic effects), ``allocation``,
``payments`` (wages, won bids, debt payoff), ``bidding``, ``building`` and ``anytime`` (market,
debt, hiring, conversion). Decisions where the sources are silent are listed in ``rules.py``.
"""

from referee.model.homesteaders.rules import Homesteaders

GAME = Homesteaders()

__all__ = ["GAME", "Homesteaders"]
