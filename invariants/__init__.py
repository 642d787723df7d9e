"""Named invariant suites: plain functions over a state that return None or what is wrong."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Invariant:
    name: str
    description: str
    check: Callable[[Any], str | None]
    # the check keeps what it derives with the state (values its copies inherit): a search runs
    # it on a state about to be expanded too, so that the checks of its successors find them
    derives: bool = False
    # what the check reads, as a hashable value of which its verdict is a function: a search
    # checks the invariant once per distinct value (invariants may share one such function)
    reads: Callable[[Any], Hashable] | None = None
    # or what it reads of the state's canonical key(): the names of those parts, as the state
    # class's KEY_FIELDS names them, and optionally ``derive``, which reduces them (the part
    # itself when one is named, else the tuple of the parts in the order named) to the values
    # the verdict is a function of; the explorer hands the key it fingerprinted the state with
    reads_key: tuple[str, ...] = ()
    derive: Callable[[Any], Hashable] | None = None


def suite(game_name: str) -> list[Invariant]:
    """The invariant suite of a game, as its registration record names it (empty if none)."""
    from referee.games import registration

    return registration(game_name).suite()


def violated(invariants: list[Invariant], state: Any) -> list[tuple[str, str]]:
    """(name, message) for every invariant the state breaks."""
    broken = []
    for inv in invariants:
        message = inv.check(state)
        if message is not None:
            broken.append((inv.name, message))
    return broken
