"""State changes the rules fix: supply by stage, income, railroad advances, gains."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, MutableMapping, Sequence

from referee.model.homesteaders.data import HomesteadersData
from referee.model.homesteaders.state import HomesteadersState

# reward/gain name -> the holding it adds to
_GAIN_KEY = {"worker": "workers"}


def gain(hold: MutableMapping[str, int], gains: Mapping[str, int]) -> None:
    for name, amount in gains.items():
        key = _GAIN_KEY.get(name, name)
        hold[key] += amount


def track_reward_names(data: HomesteadersData) -> tuple[str, ...]:
    return tuple(data.track_rewards(data.track_max))


def reward_problem(data: HomesteadersData, track: int, reward: str) -> tuple[str, str] | None:
    """(kind, message) if ``reward`` cannot be taken on an advance from ``track``, else None."""
    if reward not in track_reward_names(data):
        return ("schema", f"unknown railroad reward {reward!r} (expected one of "
                          f"{', '.join(track_reward_names(data))})")
    reached = min(track + 1, data.track_max)
    if reward not in data.track_rewards(reached):
        space = next(s.space for s in data.track if reward in s.rewards)
        return ("illegal", f"reward {reward!r} is on railroad space {space}, but the marker "
                           f"reaches space {reached}")
    return None


def advance(data: HomesteadersData, hold: MutableMapping[str, int], reward: str) -> None:
    hold["track"] = min(hold["track"] + 1, data.track_max)
    gain(hold, {reward: data.track_rewards(hold["track"])[reward]})


def stage_supply(data: HomesteadersData, players: int, round_: int) -> dict[str, int]:
    """The full supply of the stages on offer in ``round_`` (before players build)."""
    stages = data.supply_stages(round_)
    return {name: b.copies_for(players) for name, b in data.buildings.items()
            if b.stage in stages and b.copies_for(players) > 0}


def change_stage(data: HomesteadersData, state: HomesteadersState, round_: int) -> None:
    """Remove unbuilt buildings of stages that end and add those of stages that begin."""
    before = set(data.supply_stages(round_ - 1)) if round_ > 1 else set()
    now = set(data.supply_stages(round_))
    if before == now:
        return
    n = len(state.players)
    supply = {name: count for name, count in state.supply.items()
              if data.buildings[name].stage in now}
    for name, b in data.buildings.items():
        if b.stage in now - before and b.copies_for(n) > 0:
            supply[name] = b.copies_for(n)
    state.supply = supply


def slot_counts(slots: Sequence[str]) -> Counter[str]:
    return Counter(slots)


def collect_income(data: HomesteadersData, state: HomesteadersState, i: int) -> None:
    hold = state.hold[i]
    workers = hold["workers"]
    for name in state.buildings[i]:
        b = data.buildings[name]
        gain(hold, b.income)
        if b.income_per_worker:
            hold["silver"] += b.income_per_worker * min(workers, b.income_per_worker_max)
        if b.income_discard_debt or b.income_no_debt_silver:
            if hold["debt"] >= b.income_discard_debt > 0:
                hold["debt"] -= b.income_discard_debt
            else:
                hold["silver"] += b.income_no_debt_silver
    hold["silver"] += data.rail_income * hold["rail"]
    for slot, count in slot_counts(state.slots[i]).items():
        name, index = slot.split(":")
        spec = data.buildings[name].slots[int(index)]
        if count >= spec.workers:
            gain(hold, spec.income)


def wages(data: HomesteadersData, hold: Mapping[str, int]) -> int:
    return data.worker_wage * hold["workers"]
