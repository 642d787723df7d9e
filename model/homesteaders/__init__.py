"""Homesteaders (Tasty Minstrel Games, 2010) as an explicit-state model.

``GAME`` implements :class:`referee.model.core.Game`. Data lives in ``data/*.toml`` (read by
:func:`referee.model.homesteaders.data.load_data`); rules are in ``rules.py`` with their ids in
``catalogue.py``; decisions where the sources are silent are listed in ``rules.py``.
"""

from referee.model.homesteaders.rules import Homesteaders

GAME = Homesteaders()

__all__ = ["GAME", "Homesteaders"]
