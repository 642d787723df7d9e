"""Capital at the end (PJ-SCORE-CAPITAL, PJ-SCORE-LAND)."""

from __future__ import annotations

from referee.model.core import Score
from referee.model.pionjar.state import PionjarState


def capital_parts(s: PionjarState, name: str) -> dict[str, int]:
    ps = s.p[name]
    land = s.data.properties[ps.prop].full_value if ps.land == "owner" and ps.prop else 0
    gold = sum(s.data.spoils[c].value for c in ps.spoils if s.data.spoils[c].kind == "gold")
    spoils = sum(s.data.spoils[c].value for c in ps.spoils if s.data.spoils[c].kind != "gold")
    return {"land": land, "gold": gold, "spoils": spoils, "cash": ps.cash}


def capital(s: PionjarState, name: str) -> int:
    """The sum of :func:`capital_parts` (the score if the game ended now), without the parts."""
    ps = s.p[name]
    land = s.data.properties[ps.prop].full_value if ps.land == "owner" and ps.prop else 0
    if ps.spoils:
        cards = s.data.spoils
        land += sum([cards[c].value for c in ps.spoils])
    return land + ps.cash


def score(s: PionjarState) -> dict[str, Score]:
    out = {}
    for name in s.players:
        parts = capital_parts(s, name)
        out[name] = Score(sum(parts.values()), parts)
    return out


def winners(s: PionjarState) -> list[str]:
    totals = {n: sc.total for n, sc in score(s).items()}
    best = max(totals.values())
    return [n for n in s.players if totals[n] == best]
