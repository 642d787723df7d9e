"""Final scoring: chits, printed building points, building end bonuses, resources, debt."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.model.core import Score
from referee.model.homesteaders.data import HomesteadersData, load_data


def debt_penalty(debt: int, step: int | None = None) -> int:
    """Points lost for unpaid debt: step * (1 + 2 + ... + debt)."""
    step = load_data().debt_step if step is None else step
    return step * debt * (debt + 1) // 2


def score_from_parts(vp: int, building_vp: int, bonus_vp: int, gold: int, copper: int,
                     livestock: int, debt: int) -> int:
    """One player's score from its parts (the formula the Z3 ``scoring`` topic encodes)."""
    per = load_data().end_vp_per_resource
    resources = (per.get("gold", 0) * gold + per.get("copper", 0) * copper
                 + per.get("livestock", 0) * livestock)
    return vp + building_vp + bonus_vp + resources - debt_penalty(debt)


def end_bonus(data: HomesteadersData, buildings: Sequence[str], workers: int, rail: int) -> int:
    """Points from the owner's building end bonuses ("+1 per Residential building", ...)."""
    return _printed_and_bonus(data, buildings, workers, rail)[1]


def _printed_and_bonus(data: HomesteadersData, buildings: Sequence[str], workers: int,
                       rail: int) -> tuple[int, int]:
    table = data.buildings
    counts: dict[str, int] = {"building": len(buildings), "worker": workers, "rail": rail}
    printed = 0
    for name in buildings:
        b = table[name]
        printed += b.vp
        counts[b.type] = counts.get(b.type, 0) + 1
    bonus = 0
    for name in buildings:
        for kind, points in table[name].end_bonus.items():
            bonus += points * counts.get(kind, 0)
    return printed, bonus


def _parts(data: HomesteadersData, hold: Mapping[str, int],
           buildings: Sequence[str]) -> tuple[int, int, int, int, int]:
    """Chits, printed building points, bonuses, resources and (negative) debt."""
    printed, bonuses = _printed_and_bonus(data, buildings, hold["workers"], hold["rail"])
    resources = 0
    for res, points in data.end_vp_per_resource.items():
        resources += points * hold[res]
    return hold["vp"], printed, bonuses, resources, -debt_penalty(hold["debt"], data.debt_step)


def player_score(data: HomesteadersData, hold: Mapping[str, int],
                 buildings: Sequence[str]) -> Score:
    chits, printed, bonuses, resources, debt = _parts(data, hold, buildings)
    parts = {"chits": chits, "buildings": printed, "bonuses": bonuses, "resources": resources,
             "debt": debt}
    return Score(chits + printed + bonuses + resources + debt, parts)


def player_total(data: HomesteadersData, hold: Mapping[str, int],
                 buildings: Sequence[str]) -> int:
    """The total of :func:`player_score`, without its parts (a ``check`` line's ``score``)."""
    printed, bonuses = _printed_and_bonus(data, buildings, hold["workers"], hold["rail"])
    total = hold["vp"] + printed + bonuses
    for res, points in data.end_vp_per_resource.items():
        total += points * hold[res]
    debt = hold["debt"]
    return total - data.debt_step * debt * (debt + 1) // 2


def winners(scores: Mapping[str, Score], silver: Mapping[str, int]) -> list[str]:
    """Highest score; ties go to the most silver; a remaining tie is shared (seat order)."""
    if not scores:
        return []
    best = max(s.total for s in scores.values())
    tied = [p for p, s in scores.items() if s.total == best]
    most = max(silver[p] for p in tied)
    return [p for p in tied if silver[p] == most]
