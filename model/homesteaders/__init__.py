"""Homesteaders (Tasty Minstrel Games, 2010) as an explicit-state model.

``GAME`` is the game object (``game.py``), a :class:`referee.model.core.TableGame` derived from
the move table (``moves/``, one module per area of the rules), the flow (``flow.py``) and the
observable values (``observe.py``). Numbers live in ``data/*.toml`` (read by ``data.py``), rule
ids in ``catalogue.py``, the score in ``scoring.py``, the market's arithmetic in ``market.py``,
starting positions in ``position.py`` and the simulator's player in ``policy.py``.
"""

from referee.model.homesteaders.game import Homesteaders

GAME = Homesteaders()

__all__ = ["GAME", "Homesteaders"]
