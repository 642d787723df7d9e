"""Check quantities: integers for ``--invariant`` expressions, and the names a ``check`` line may
claim (the integers plus a few names and strings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.model.core import Violation
from referee.model.pionjar.scoring import capital_parts
from referee.model.pionjar.state import PionjarState

PLAYER_TEXT = ("where", "property", "land", "destination", "trail")
GLOBAL_TEXT = ("turn", "stage", "first_squatter", "saloon_renter", "trading_post",
               "start_player")


def quantities(s: PionjarState, name: str) -> dict[str, int]:
    ps = s.p[name]
    kinds = [s.data.spoils[c].kind for c in ps.spoils]
    prison_left = (max(0, ps.prison_until - s.month - 1) if ps.where == "prison" else 0)
    return {
        "cash": ps.cash,
        "road": ps.road if ps.where == "road" else -1,
        "space": ps.space if ps.where == "loop" else -1,
        "circle": ps.circle if ps.where == "trail" else -1,
        "on_trail": int(ps.where == "trail"),
        "in_prison": int(ps.where == "prison"),
        "prison_months": prison_left,
        "harvest": ps.harvest,
        "axe": ps.axe,
        "buffalo": kinds.count("buffalo"),
        "fish": kinds.count("fish"),
        "gold": kinds.count("gold"),
        "registered": int(ps.prop is not None),
        "owner": int(ps.land == "owner"),
        "lap_done": int(ps.lap_done),
        "sheriff": int(ps.sheriff),
        "skip": int(ps.skip),
        "renter": int(s.renter == name),
        "trading_post": int(s.trading_post == name),
        "score": sum(capital_parts(s, name).values()),
    }


def player_text(s: PionjarState, name: str) -> dict[str, str | None]:
    ps = s.p[name]
    return {"where": ps.where, "property": ps.prop, "land": ps.land, "destination": ps.dest,
            "trail": ps.trail}


def global_quantities(s: PionjarState) -> dict[str, int]:
    return {
        "month": s.month,
        "saloon": s.saloon,
        "bank_paid": s.bank_paid,
        "bank_received": s.bank_received,
        "post_stack": len(s.stacks["post"]),
        "proclamation_stack": len(s.stacks["proclamation"]),
        "buffalo_stack": len(s.stacks["buffalo"]),
        "fish_stack": len(s.stacks["fish"]),
        "gold_stack": len(s.stacks["gold"]),
        "indians": len(s.indians),
        "harvest_supply": s.equipment_left("harvest"),
        "axe_supply": s.equipment_left("axe"),
    }


def global_text(s: PionjarState) -> dict[str, str | None]:
    return {"turn": s.players[s.turn] if s.turn >= 0 else None, "stage": s.stage,
            "first_squatter": s.first, "saloon_renter": s.renter,
            "trading_post": s.trading_post, "start_player": s.start}


def check_claims(s: PionjarState, claims: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    gq, gt = global_quantities(s), global_text(s)
    for key, claimed in claims.items():
        if key in s.players:
            if not isinstance(claimed, Mapping):
                return [Violation("schema", "LOG-CHECK", f"check: {key!r} must be an object of "
                                  "quantities", key)]
            q, t = quantities(s, key), player_text(s, key)
            for qname, value in claimed.items():
                bad = _compare(f"{key} {qname}", qname, value, q, t, key)
                if isinstance(bad, Violation) and bad.kind == "schema":
                    return [bad]
                if bad:
                    out.append(bad)
            continue
        if key == "month" and isinstance(claimed, str):
            index = s.data.parse_month(claimed)
            if index is None:
                return [Violation("schema", "LOG-CHECK", f"check: month must be \"YYYY-MM\" within "
                                  f"the almanac or an index, found {claimed!r}")]
            if index != s.month:
                out.append(Violation("checkpoint", "PJ-ALMANAC-ADVANCE", f"month: claimed "
                                     f"{claimed}, computed {_month(s)}"))
            continue
        bad = _compare(key, key, claimed, gq, gt, None)
        if isinstance(bad, Violation) and bad.kind == "schema":
            return [bad]
        if bad:
            out.append(bad)
    return out


def _compare(label: str, qname: str, value: Any, ints: dict[str, int],
             texts: Mapping[str, str | None], player: str | None) -> Violation | None:
    if qname in ints:
        if type(value) is not int:
            return Violation("schema", "LOG-CHECK", f"check: {label} must be an integer, found "
                             f"{value!r}", player)
        if value != ints[qname]:
            return Violation("checkpoint", _CLAIM_RULE.get(qname, "LOG-CHECK"),
                             f"{label}: claimed {value}, computed {ints[qname]}", player)
        return None
    if qname in texts:
        if value is not None and not isinstance(value, str):
            return Violation("schema", "LOG-CHECK", f"check: {label} must be a string or null, "
                             f"found {value!r}", player)
        if value != texts[qname]:
            return Violation("checkpoint", "LOG-CHECK", f"{label}: claimed {value!r}, computed "
                             f"{texts[qname]!r}", player)
        return None
    known = sorted([*ints, *texts])
    return Violation("schema", "LOG-CHECK", f"check: unknown quantity {qname!r} (known: "
                     f"{', '.join(known)})", player)


# A wrong claim names the rule that fixes the quantity where one does, else the log format's.
_CLAIM_RULE = {"score": "PJ-SCORE-CAPITAL", "month": "PJ-ALMANAC-ADVANCE"}


def _month(s: PionjarState) -> str:
    return s.data.month_name(s.month) if s.month >= 0 else "not started"
