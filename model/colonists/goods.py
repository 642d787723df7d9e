"""Bundles of goods and the storage arithmetic of one community.

Goods outside Buffers are kept as one pool (Storage and Warehouse together): rearranging between
actions is free, so only whether *some* arrangement exists matters. Storage spaces take any good;
general Warehouse lots take any good; typed lots take only their good. A pool fits when the goods
left over after the typed lots fit into Storage and the general lots.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from referee.model.colonists.data import BUILDING_RESOURCES, GOODS, STORABLE, SUSTENANCE, TOOLBOX

Bundle = dict[str, int]
_STORABLE = frozenset(STORABLE)

__all__ = ["BUILDING_RESOURCES", "GOODS", "STORABLE", "SUSTENANCE", "TOOLBOX", "Bundle",
           "Room", "add", "bundle_text", "covers", "minus", "read_bundle", "total"]


def total(goods: Mapping[str, int], only: Iterable[str] | None = None) -> int:
    if only is None:
        return sum(goods.values())
    return sum(goods.get(g, 0) for g in only)


def add(into: Bundle, goods: Mapping[str, int], times: int = 1) -> None:
    for good, n in goods.items():
        if n:
            into[good] = into.get(good, 0) + n * times


def minus(goods: Mapping[str, int], less: Mapping[str, int]) -> Bundle:
    if not less:  # the common case (nothing declined)
        return {g: n for g, n in goods.items() if n}
    out = dict(goods)
    for good, n in less.items():
        out[good] = out.get(good, 0) - n
    return {g: n for g, n in out.items() if n}


def covers(have: Mapping[str, int], need: Mapping[str, int]) -> bool:
    return all(have.get(g, 0) >= n for g, n in need.items())


def scaled(goods: Mapping[str, int], times: int) -> Bundle:
    return {g: n * times for g, n in goods.items() if n * times}


def bundle_text(goods: Mapping[str, int]) -> str:
    parts = [f"{n} {g}" for g, n in goods.items() if n]
    return ", ".join(parts) if parts else "nothing"


def read_bundle(value: object) -> Bundle | str:
    """A goods object from a log (frozen as an object of items), or what is wrong with it."""
    items = getattr(value, "items", None)
    if items is None or not isinstance(items, tuple):
        return "must be an object of goods, e.g. {\"wood\": 2}"
    out: Bundle = {}
    for good, n in items:
        if good not in GOODS:
            from referee.model.core import unknown

            return unknown("good", good, GOODS)
        if type(n) is not int or n < 1:
            return f"{good}: a count must be a positive integer, found {n!r}"
        out[good] = n
    return out


@dataclass(frozen=True)
class Room:
    """Where a community can keep goods outside Buffers."""

    storage: int                    # Storage spaces
    general: int                    # Warehouse lots for any good
    typed: Mapping[str, int]        # Warehouse lots for one good only

    def overflow(self, pool: Mapping[str, int], storage_used: int = 0) -> int:
        """How many goods of ``pool`` find no place (with ``storage_used`` spaces taken)."""
        typed = self.typed
        loose = 0
        for g, n in pool.items():
            if g in _STORABLE:
                if typed:
                    n -= typed.get(g, 0)
                if n > 0:
                    loose += n
        over = loose - (self.storage - storage_used) - self.general
        return over if over > 0 else 0

    def fits(self, pool: Mapping[str, int]) -> bool:
        return self.overflow(pool) == 0

    def spend_problem(self, pool: Mapping[str, int], spend: Mapping[str, int]) -> str | None:
        """Why ``spend`` cannot all lie in Storage at the start of an action, the rest of
        ``pool`` kept elsewhere (None: it can)."""
        stored = {g: n for g, n in spend.items() if g in _STORABLE}
        count = 0
        for g, n in stored.items():
            if pool.get(g, 0) < n:
                short = {g: n - pool.get(g, 0) for g, n in stored.items() if pool.get(g, 0) < n}
                return f"short of {bundle_text(short)}"
            count += n
        if count > self.storage:
            return (f"{count} goods cannot all be in Storage at once: it has "
                    f"{self.storage} spaces")
        # what overflow(minus(pool, stored), count) finds, without building the rest
        typed = self.typed
        loose = 0
        for g, n in pool.items():
            if g in _STORABLE:
                n -= stored.get(g, 0)
                if typed:
                    n -= typed.get(g, 0)
                if n > 0:
                    loose += n
        for g, n in stored.items():
            if n < 0 and g not in pool:
                loose += max(0, -n - typed.get(g, 0))
        if loose - (self.storage - count) - self.general > 0:
            return (f"with {bundle_text(stored)} in Storage, the other goods do not fit into the "
                    "rest of Storage and the Warehouse")
        return None
