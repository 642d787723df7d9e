"""Scoring at the end of the last era, and the tie-break (rulebook "Game End and Scoring")."""

from __future__ import annotations

from referee.model.colonists import data as d
from referee.model.colonists.community import at_home, effects_of, employed
from referee.model.colonists.state import ColonistsState
from referee.model.core import Score


def parts(s: ColonistsState, i: int) -> dict[str, int]:
    c = s.p[i]
    fixed = c.cache.get("score")
    if fixed is None:  # all but the Dollars depends only on what changed() guards
        fixed = c.cache["score"] = _fixed_parts(s, i)
    buildings, embassies, improvements, workers, bonuses = fixed
    return {"buildings": buildings, "embassies": embassies, "improvements": improvements,
            "dollars": c.dollars, "workers": workers, "bonuses": bonuses}


def _fixed_parts(s: ColonistsState, i: int) -> tuple[int, int, int, int, int]:
    data = s.data
    c = s.p[i]
    buildings = sum(data.buildings[b.slug].value for b in c.buildings
                    if b.slug in data.buildings)
    embassies = sum(data.embassy_levels[level].value for level in c.embassies.values() if level)
    improvements = sum(data.improvements[n].value for n in c.played)
    workers = sum(n * data.worker_value.get(kind, 0) for kind, n in employed(c).items())
    home = at_home(s, i)
    bonuses = 0
    for bonus in effects_of(s, i, d.EndBonus):
        amount = home.get(bonus.worker, 0) * bonus.dollars_each
        if bonus.max_dollars is not None:
            amount = min(amount, bonus.max_dollars)
        bonuses += amount
    return buildings, embassies, improvements, workers, bonuses


def score(s: ColonistsState) -> dict[str, Score]:
    out = {}
    for i, name in enumerate(s.players):
        p = parts(s, i)
        out[name] = Score(sum(p.values()), p)
    return out


def winners(s: ColonistsState) -> list[str]:
    scores = score(s)
    best = max(sc.total for sc in scores.values())
    tied = [i for i, name in enumerate(s.players) if scores[name].total == best]
    if len(tied) > 1 and s.order:
        latest = max(tied, key=s.order.index)
        return [s.players[latest]]
    return [s.players[i] for i in tied]
