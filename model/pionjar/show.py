"""The Pionjär data as a player reads it (``referee show pionjar``): places (the properties, the
loop's squares, the trails), cards, and the economy. Read from the default data set (the
reconstruction; see docs/pionjar.md), as the model reads it."""

from __future__ import annotations

from typing import Any

from referee.model.pionjar.data import GameData, load_data


def _data() -> GameData:
    return load_data(None)


def places(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for slug, p in d.properties.items():
        out[slug] = [f"property {p.name}: {p.fields} fields, {p.stands} timber stands",
                     f"redemption {p.redemption}, full value {p.full_value}",
                     f"almanac steps by month: {', '.join(map(str, p.steps[:12]))}, ..."]
    for i, kind in enumerate(d.loop):
        out[f"square:{i}"] = [f"loop square {i}: {kind}"
                              + (" (released prisoners resume here)" if i == d.prison_exit
                                 else "")]
    for name, t in d.trails.items():
        exits = ", ".join(f"circle {c} -> square {s}" for c, s in sorted(t.exits.items()))
        out[name] = [f"trail of {t.length} circles: {', '.join(t.circles)}",
                     f"exits: {exits or 'none'}"]
    out["road"] = [f"{d.road_common} common dots to Missouri, then {d.road_branch} to each "
                   f"property; black dots {sorted(d.road_black)}, red dots {sorted(d.road_red)}"]
    return out


def cards(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for cid, c in d.cards.items():
        extra = ", ".join(f"{k} {v}" for k, v in (("amount", c.amount), ("goods", c.goods),
                                                  ("count", c.count), ("trail", c.trail),
                                                  ("circle", c.circle)) if v)
        out[cid] = [f"{c.stack} card: {c.text}",
                    f"effect: {c.effect}" + (f" ({extra})" if extra else "")]
    for cid, s in d.spoils.items():
        out[cid] = [f"{s.kind} card worth {s.value}"]
    return out


def economy(game: Any) -> dict[str, list[str]]:
    d = _data()
    return {
        "start": [f"cash {d.start_cash}; the Saloon holds {d.saloon_start} "
                  f"(the bank pays {d.saloon_january} more into it every January)"],
        "prices": [f"equipment {d.equipment_price}; trading post {d.trading_post_price}",
                   f"harvest by month: {', '.join(map(str, d.harvest_prices))}",
                   f"timber by month: {', '.join(map(str, d.timber_prices))}"],
        "saloon": [f"payout multipliers by die face: {', '.join(map(str, d.saloon_multipliers))}",
                   f"stakes: {', '.join(map(str, d.stake_steps))}"],
        "auction": [f"bid steps: {', '.join(map(str, d.bid_steps))}"],
        "almanac": [f"{d.months} months from January {d.first_year}; prison "
                    f"{d.prison_months} months; {d.indians} Indians"],
        "data": [f"source: {d.source}; status: {d.status}"],
    }


TOPICS = {
    "places": ("the properties, the loop's squares, the trails and the road", places),
    "cards": ("post and proclamation cards, buffalo, fish and gold cards", cards),
    "economy": ("starting cash, prices, the Saloon, auctions, the almanac", economy),
}
