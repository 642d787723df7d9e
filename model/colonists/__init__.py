"""The Colonists (Lookout, 2016): component data so far; the rules engine comes separately.

The data set lives in ``data/*.toml`` and is read by :func:`referee.model.colonists.data.load_data`;
its schema and every assumption in it are described in ``docs/colonists-data.md``.
"""
