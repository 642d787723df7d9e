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
    counts: dict[str, int] = {"building": len(buildings), "worker": workers, "rail": rail}
    for name in buildings:
        kind = data.buildings[name].type
        counts[kind] = counts.get(kind, 0) + 1
    total = 0
    for name in buildings:
        for kind, points in data.buildings[name].end_bonus.items():
            total += points * counts.get(kind, 0)
    return total


def player_score(data: HomesteadersData, hold: Mapping[str, int],
                 buildings: Sequence[str]) -> Score:
    chits = hold["vp"]
    printed = sum(data.buildings[b].vp for b in buildings)
    bonuses = end_bonus(data, buildings, hold["workers"], hold["rail"])
    resources = sum(points * hold[res] for res, points in data.end_vp_per_resource.items())
    debt = -debt_penalty(hold["debt"], data.debt_step)
    parts = {"chits": chits, "buildings": printed, "bonuses": bonuses, "resources": resources,
             "debt": debt}
    return Score(sum(parts.values()), parts)


def winners(scores: Mapping[str, Score], silver: Mapping[str, int]) -> list[str]:
    """Highest score; ties go to the most silver; a remaining tie is shared (seat order)."""
    if not scores:
        return []
    best = max(s.total for s in scores.values())
    tied = [p for p, s in scores.items() if s.total == best]
    most = max(silver[p] for p in tied)
    return [p for p in tied if silver[p] == most]
