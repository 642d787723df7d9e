"""A textbook level-by-level search over the game API, independent of the explorer: the
cross-check for the explorer's distinct-state counts."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any


def distinct_states(game: Any, root: Any, depth: int) -> int:
    """Distinct states (by fingerprint) reachable from ``root`` in at most ``depth`` events."""
    return _distinct(game, root, depth, type(root).fingerprint)


def distinct_keys(game: Any, root: Any, depth: int) -> int:
    """The same search keeping the states' canonical ``key()`` tuples themselves: no fingerprint
    to compute, so the fastest plain search over the game API (the explorer's benchmark peer)."""
    return _distinct(game, root, depth, type(root).key)


def _distinct(game: Any, root: Any, depth: int, identity: Callable[[Any], Hashable]) -> int:
    seen = {identity(root)}
    level = [root.copy()]
    for _ in range(depth):
        following = []
        for parent in level:
            outcomes = game.chance_outcomes(parent)
            events = [c for c, _ in outcomes] if outcomes else game.legal_actions(parent)
            for event in events:
                child = parent.copy()
                game.apply(child, event)
                mark = identity(child)
                if mark not in seen:
                    seen.add(mark)
                    following.append(child)
        level = following
    return len(seen)
