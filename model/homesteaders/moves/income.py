"""Income: placing workers in building slots (``allocate``) before the income they produce, and
paying the workers' wages (``pay_workers``) after it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any

from referee.model.core import Action, Note, Violation, fields, json_repr, unknown
from referee.model.core.names import decimal
from referee.model.homesteaders import market
from referee.model.homesteaders.data import HomesteadersData
from referee.model.homesteaders.moves.common import (
    Act,
    State,
    gold_param_problem,
    payable_gold,
    payment_problem,
    wages,
)

if TYPE_CHECKING:
    from referee.model.homesteaders.game import Homesteaders


def slot_problem(data: HomesteadersData, slot: Any) -> str | None:
    """Why ``slot`` does not name a slot of any building ('building:index'), or None."""
    if not isinstance(slot, str) or slot.count(":") != 1:
        return f"a slot is written 'building:index', found {json_repr(slot)}"
    name, index = slot.split(":")
    if name not in data.buildings:
        return f"slot {slot!r}: {unknown('building', name, data.buildings)}"
    n = len(data.buildings[name].slots)
    number = decimal(index)
    if number is None or number >= n or str(number) != index:
        return (f"slot {slot!r}: {name} has slots "
                f"{', '.join(f'{name}:{k}' for k in range(n)) or 'none'}")
    return None


def slot_counts(slots: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for slot in slots:
        counts[slot] = counts.get(slot, 0) + 1
    return counts


def allocation_problem(data: HomesteadersData, state: State, i: int,
                       counts: Mapping[str, int]) -> Violation | None:
    player = state.players[i]
    for slot, count in counts.items():
        name, index = slot.split(":")
        if name not in state.buildings[i]:
            return Violation("illegal", "HS-ALLOC-SLOTS", f"slot {slot}: {player} does not own "
                             f"a {name}", player)
        cap = data.buildings[name].slots[int(index)].workers
        if count > cap:
            return Violation("illegal", "HS-ALLOC-SLOTS", f"slot {slot} takes {cap} worker"
                             f"{'s' if cap > 1 else ''}, found {count}", player)
    total = sum(counts.values())
    if total > state.hold[i]["workers"]:
        return Violation("illegal", "HS-ALLOC-SLOTS", f"{player} places {total} workers but "
                         f"has {state.hold[i]['workers']}", player)
    return None


def allocations(data: HomesteadersData, state: State, i: int) -> Iterator[tuple[str, ...]]:
    """Every placement of up to the player's workers, each as a sorted slot list."""
    units: list[str] = []
    for name in sorted(set(state.buildings[i])):
        for k, slot in enumerate(data.buildings[name].slots):
            units.extend([f"{name}:{k}"] * slot.workers)
    workers = state.hold[i]["workers"]
    for k in range(0, min(workers, len(units)) + 1):
        yield from sorted(set(combinations(units, k)))


class Allocate(Act):
    name = "allocate"
    rules = ("HS-ALLOCATE", "HS-ALLOC-SLOTS", "HS-VOCAB")
    required = fields(slots=list)
    schema_rule = "HS-ALLOC-SLOTS"
    stages = frozenset({"setup", "last_building"})
    who = "anyone"
    order_rule = "HS-ALLOCATE"
    when = ("comes between the setup and the income marker (for the final income: in the "
            "last round's building phase)")

    def __init__(self, game: Homesteaders) -> None:
        super().__init__(game)
        # every slot name ('farm:0') of every building
        self.slots = frozenset(f"{name}:{k}" for name, b in self.data.buildings.items()
                               for k in range(len(b.slots)))

    def validate(self, state: State, event: Action) -> Violation | None:
        known = self.slots
        for slot in event.get("slots"):
            if slot not in known:
                problem = slot_problem(self.data, slot)
                if problem:
                    return Violation("schema", "HS-ALLOC-SLOTS", problem, event.player)
        return None

    def check(self, state: State, event: Action) -> Violation | None:
        return allocation_problem(self.data, state, state.seat[event.player],
                                  slot_counts(event.get("slots")))

    def apply(self, state: State, event: Action, note: Note) -> None:
        if state.phase == "building":
            note("HS-FINAL-INCOME")
        state.slots[state.seat[event.player]] = tuple(sorted(event.get("slots")))

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        for slots in allocations(self.data, state, state.seat[player]):
            yield Action.make(player, "allocate", slots=list(slots))


class PayWorkers(Act):
    name = "pay_workers"
    rules = ("HS-PAY-WORKERS", "HS-VOCAB")
    optional = fields(gold=int)
    stages = frozenset({"income", "final_income"})
    who = "anyone"
    order_rule = "HS-PAY-WORKERS"
    when = "comes after the income (or final income) marker and before the next marker"

    def validate(self, state: State, event: Action) -> Violation | None:
        return gold_param_problem(event)

    def check(self, state: State, event: Action) -> Violation | None:
        i = state.seat[event.player]
        if state.paid[i]:
            return Violation("illegal", "HS-PAY-WORKERS", f"{event.player} has already paid "
                             "workers this round", event.player)
        return payment_problem(state, i, wages(self.data, state.hold[i]), event.get("gold", 0),
                               "HS-PAY-WORKERS", "workers")

    def apply(self, state: State, event: Action, note: Note) -> None:
        i = state.seat[event.player]
        gold = event.get("gold", 0)
        if gold:
            note("HS-GOLD-PAY")
        market.pay_silver_cost(state.hold[i], wages(self.data, state.hold[i]), gold)
        state.paid[i] = True

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        i = state.seat[player]
        if not state.paid[i]:
            for g in payable_gold(state.hold[i], wages(self.data, state.hold[i])):
                yield Action.make(player, "pay_workers", gold=g)
