"""The explorer's count of the events it generates, by kind (class and name).

A search generates the same lists of kinds over and over (every successor list of a Nim
position is "take" actions, so are most of a bidding round's), so it counts each distinct list
once per occurrence and multiplies out when asked. A kind enters the count when it is first met,
so ties keep the order of first occurrence, as counting event by event would.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

LIMIT = 128  # distinct lists kept before they are multiplied out
LONGEST = 32  # a longer list is counted event by event (its shape would take room for little)

Kind = tuple[type, str]
_NAME_OF = attrgetter("name")
_KIND_OF = attrgetter("__class__", "name")


class KindCount:
    def __init__(self) -> None:
        self.kinds: Counter[Kind] = Counter()
        # each distinct list's shape -> a one-item list of its count, so that a list met again
        # is looked up (and its shape hashed) once
        self._lists: dict[tuple[tuple[type, ...], tuple[str, ...]], list[int]] = {}

    def add(self, events: Sequence[Any]) -> None:
        """Count every event of a successor list."""
        if len(events) > LONGEST:
            self.kinds.update(map(_KIND_OF, events))
            return
        # unpacked, not tuple(map(...)): a tuple grown from an iterator of unknown length
        # leaves its smaller sizes in the interpreter's free lists (a higher peak of memory)
        shape = ((*map(type, events),), (*map(_NAME_OF, events),))
        lists = self._lists
        seen = lists.get(shape)
        if seen is not None:
            seen[0] += 1
            return
        if len(lists) >= LIMIT:
            self._multiply_out()
        kinds = self.kinds
        for kind in zip(*shape, strict=True):
            if kind not in kinds:
                kinds[kind] = 0
        lists[shape] = [1]

    def add_each(self, events: Iterable[Any]) -> None:
        """Count events one by one (a list cut short)."""
        kinds = self.kinds
        for event in events:
            kinds[(type(event), event.name)] += 1

    def counts(self) -> Counter[Kind]:
        self._multiply_out()
        return self.kinds

    def _multiply_out(self) -> None:
        kinds = self.kinds
        for (types, names), (times,) in self._lists.items():
            for kind in zip(types, names, strict=True):
                kinds[kind] += times
        self._lists.clear()
