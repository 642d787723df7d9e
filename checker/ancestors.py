"""Rebuilding a state the explorer keeps as its fingerprint only, from its recorded parents.

The seen-set maps a fingerprint to its parent's fingerprint and the position of the event in the
parent's successor list. :class:`Ancestors` holds the states along the path it rebuilt last, from
the root, each with its successor list once needed. A state is rebuilt from the nearest of them:
the frontier holds siblings and then cousins next to each other, so that is mostly its parent,
already built, and rebuilding costs one copy and one event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.model.core import GameEvent


class Ancestors:
    def __init__(self, root: Any, root_fp: int, seen: Mapping[int, int], edge_bits: int,
                 successors: Callable[[Any], list[GameEvent]],
                 apply: Callable[[Any, GameEvent], None]) -> None:
        self.seen = seen
        self.shift, self.mask = edge_bits, (1 << edge_bits) - 1
        self.successors, self.apply = successors, apply
        self.fps = [root_fp]
        self.states = [root]  # never changed: only copies of them are handed out
        self.events: list[list[GameEvent] | None] = [None]
        self.where = {root_fp: 0}

    def rebuild(self, fp: int) -> tuple[Any, GameEvent | None]:
        """A fresh state with fingerprint ``fp``, and the event that led to it (None: the root)."""
        seen, where, shift = self.seen, self.where, self.shift
        if fp == self.fps[0]:
            return self.states[0].copy(), None
        chain = [fp]
        up = seen[fp] >> shift
        while up not in where:
            chain.append(up)
            up = seen[up] >> shift
        keep = where[up] + 1
        fps, states, events = self.fps, self.states, self.events
        for gone in fps[keep:]:
            del where[gone]
        del fps[keep:], states[keep:], events[keep:]
        mask, apply = self.mask, self.apply
        while True:
            step = chain.pop()
            parent_events = events[-1]
            if parent_events is None:
                parent_events = events[-1] = self.successors(states[-1])
            event = parent_events[seen[step] & mask]
            state = states[-1].copy()
            apply(state, event)
            if not chain:
                return state, event
            where[step] = len(fps)
            fps.append(step)
            states.append(state)
            events.append(None)
