"""The explorer's frontier entries, and the rebuilding of the states they stand for.

A state waiting in the frontier is kept as an :data:`Entry`: its fingerprint, its depth, the
event that led to it and its parent's entry (None at the root), not as a whole state. The
entries of the states still waiting and of their ancestors form a tree, freed as the search
moves on. :class:`Ancestors` holds the states along the path it built last, from the root: a
state is rebuilt from the nearest of them by applying the recorded events. The frontier holds
siblings and then cousins next to each other, so that is mostly its parent, already built, and
rebuilding a state costs one copy and one event. ``prepare``, when given, is run on each state
kept along the path (the explorer's invariants that keep derived values with a state), so that
the states rebuilt from it start from those values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.model.core import GameEvent

# (fingerprint, depth, the event from the parent, the parent's entry)
Entry = tuple[int, int, GameEvent | None, Any]


class Ancestors:
    def __init__(self, root: Entry, state: Any, apply: Callable[[Any, GameEvent], None],
                 prepare: Callable[[Any], None] | None = None) -> None:
        self.apply = apply
        self.prepare = prepare
        if prepare is not None:
            prepare(state)
        self.path: list[Entry] = [root]
        self.states = [state]  # never changed: only copies of them are handed out
        self.where = {id(root): 0}  # the entries on the path are alive, so their ids are theirs

    def rebuild(self, entry: Entry) -> Any:
        """A fresh state for ``entry``."""
        path = self.path
        if entry[3] is path[-1]:  # the parent was built last: the common case
            state = self.states[-1].copy()
            self.apply(state, entry[2])  # type: ignore[arg-type]
            return state
        where = self.where
        at = where.get(id(entry))
        if at is not None:
            return self.states[at].copy()
        chain = [entry]
        up = entry[3]
        while id(up) not in where:
            chain.append(up)
            up = up[3]
        keep = where[id(up)] + 1
        states = self.states
        for gone in path[keep:]:
            del where[id(gone)]
        del path[keep:], states[keep:]
        apply = self.apply
        while True:
            step = chain.pop()
            state = states[-1].copy()
            event = step[2]
            assert event is not None  # only the root has none, and it is always on the path
            apply(state, event)
            if not chain:
                return state
            if self.prepare is not None:
                self.prepare(state)
            where[id(step)] = len(path)
            path.append(step)
            states.append(state)
