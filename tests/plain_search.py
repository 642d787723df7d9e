"""A textbook level-by-level search over the game API, independent of the explorer: the
cross-check for the explorer's distinct-state counts."""

from __future__ import annotations

from typing import Any


def distinct_states(game: Any, root: Any, depth: int) -> int:
    """Distinct states (by fingerprint) reachable from ``root`` in at most ``depth`` events."""
    seen = {root.fingerprint()}
    level = [root.copy()]
    for _ in range(depth):
        following = []
        for parent in level:
            outcomes = game.chance_outcomes(parent)
            events = [c for c, _ in outcomes] if outcomes else game.legal_actions(parent)
            for event in events:
                child = parent.copy()
                game.apply(child, event)
                fp = child.fingerprint()
                if fp not in seen:
                    seen.add(fp)
                    following.append(child)
        level = following
    return len(seen)


def distinct_keys(game: Any, root: Any, depth: int) -> int:
    """The same search keeping the states' canonical ``key()`` tuples themselves: no fingerprint
    to compute, so the fastest plain search over the game API (the explorer's benchmark peer)."""
    seen = {root.key()}
    level = [root.copy()]
    for _ in range(depth):
        following = []
        for parent in level:
            outcomes = game.chance_outcomes(parent)
            events = [c for c, _ in outcomes] if outcomes else game.legal_actions(parent)
            for event in events:
                child = parent.copy()
                game.apply(child, event)
                key = child.key()
                if key not in seen:
                    seen.add(key)
                    following.append(child)
        level = following
    return len(seen)
