"""Placing workers in building slots (``allocate``), made before the income they produce."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.model.core import Action, Violation, check_params
from referee.model.homesteaders.state import HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def slot_problem(game: Homesteaders, slot: Any) -> str | None:
    """Why ``slot`` does not name a slot of any building ('building:index'), or None."""
    if not isinstance(slot, str) or slot.count(":") != 1:
        return f"a slot is written 'building:index', found {slot!r}"
    name, index = slot.split(":")
    if name not in game.data.buildings:
        return f"unknown building {name!r} in slot {slot!r}"
    n = len(game.data.buildings[name].slots)
    if not index.isdigit() or int(index) >= n or str(int(index)) != index:
        return (f"slot {slot!r}: {name} has slots "
                f"{', '.join(f'{name}:{k}' for k in range(n)) or 'none'}")
    return None


def allocation_problem(game: Homesteaders, state: HomesteadersState, i: int,
                       counts: Mapping[str, int]) -> Violation | None:
    player = state.players[i]
    for slot, count in counts.items():
        name, index = slot.split(":")
        if name not in state.buildings[i]:
            return Violation("illegal", "HS-ALLOC-SLOTS", f"slot {slot}: {player} does not own "
                             f"a {name}", player)
        cap = game.data.buildings[name].slots[int(index)].workers
        if count > cap:
            return Violation("illegal", "HS-ALLOC-SLOTS", f"slot {slot} takes {cap} worker"
                             f"{'s' if cap > 1 else ''}, found {count}", player)
    total = sum(counts.values())
    if total > state.hold[i]["workers"]:
        return Violation("illegal", "HS-ALLOC-SLOTS", f"{player} places {total} workers but "
                         f"has {state.hold[i]['workers']}", player)
    return None


def check_allocate(game: Homesteaders, state: HomesteadersState,
                   event: Action) -> Violation | None:
    bad = check_params(event, {"slots": list}, rule="HS-ALLOC-SLOTS")
    if bad:
        return bad
    counts: Counter[str] = Counter()
    for slot in event.get("slots"):
        problem = slot_problem(game, slot)
        if problem:
            return Violation("schema", "HS-ALLOC-SLOTS", problem, event.player)
        counts[slot] += 1
    if state.start is None:
        return Violation("order", "HS-START-PLAYER",
                         "expected the start_player chance event first", event.player)
    if not (state.phase == "setup"
            or (state.phase == "building" and state.round == game.data.rounds)):
        return Violation("order", "HS-ALLOCATE", "workers are allocated between the setup and "
                         f"the income marker, found allocate in the {state.phase} phase"
                         + (f" of round {state.round}" if state.round else ""), event.player)
    return allocation_problem(game, state, state.index(event.player), counts)


def apply_allocate(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    state.slots[state.index(event.player)] = tuple(sorted(event.get("slots")))
