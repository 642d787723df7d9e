"""The Homesteaders data as a player reads it (``referee show homesteaders``): buildings with their
slots in order, costs, income and abilities; auction tiles; the market and the railroad track.
Everything is read from ``data/*.toml``, as the model reads it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.model.homesteaders.data import Building, HomesteadersData, Tile


def _amounts(values: Mapping[str, int]) -> str:
    return ", ".join(f"{v} {k}" for k, v in values.items()) or "nothing"


def _building(b: Building, d: HomesteadersData) -> list[str]:
    if b.name == d.start_building:
        lines = [f"{b.type}; every player starts with one", f"{b.vp} VP"]
    else:
        first, last = d.stages.get(b.stage, (1, d.rounds))
        lines = [f"{b.type}, {b.stage} (in supply rounds {first}-{last}); "
                 f"{b.copies} copies ({b.copies_2p} with 2 players)",
                 f"cost: {_amounts(b.cost)}; {b.vp} VP"]
    if b.income:
        lines.append(f"income: {_amounts(b.income)}")
    for i, slot in enumerate(b.slots):
        workers = f"{slot.workers} worker{'s' if slot.workers > 1 else ''}"
        lines.append(f"slot {b.name}:{i}: {workers} -> {_amounts(slot.income)}")
    if b.end_bonus:
        lines.append(f"end bonus: {_amounts(b.end_bonus)}")
    effects = []
    for src, dst in b.converts:
        cost = "1 trade" if src == "trade" else f"1 trade + 1 {src}"
        effects.append(f"convert {cost} -> 1 {dst}")
    if b.on_build:
        effects.append(f"when built: gain {_amounts(b.on_build)}")
    if b.on_build_discard_debt:
        effects.append(f"when built: pay off {b.on_build_discard_debt} debt (with none: "
                       f"+{b.on_build_discard_debt * d.debt_silver} silver)")
    if b.on_build_worker:
        effects.append("when built: a free worker")
    if b.on_build_advance:
        effects.append("when built: one railroad track advance")
    if b.later_build_vp:
        effects.append(f"+{b.later_build_vp} VP for each later building")
    if b.extra_build:
        effects.append("an extra building after winning an auction")
    if b.sale_bonus_silver:
        effects.append(f"+{b.sale_bonus_silver} silver for each market sale")
    if b.gold_for:
        effects.append(f"gold may pay for {', '.join(b.gold_for)}")
    if b.equal_bids:
        effects.append("may bid the high bid again (ties)")
    if b.income_discard_debt:
        effects.append(f"income: pay off {b.income_discard_debt} debt")
    if b.income_no_debt_silver:
        effects.append(f"income: +{b.income_no_debt_silver} silver without debt")
    if b.income_per_worker:
        effects.append(f"income: {b.income_per_worker} per worker "
                       f"(at most {b.income_per_worker_max})")
    lines.extend(f"effect: {e}" for e in effects)
    return lines


def buildings(game: Any) -> dict[str, list[str]]:
    d: HomesteadersData = game.data
    return {name: _building(b, d) for name, b in d.buildings.items()}


def _tile(t: Tile) -> list[str]:
    when = f"round {t.round}" if t.round is not None else f"{t.group} rounds"
    lines = [f"auction {t.auction}, {when}",
             f"builds: {', '.join(t.build) or 'nothing'}"]
    if t.bonus is not None:
        parts = []
        if t.bonus.worker:
            parts.append("a free worker")
        if t.bonus.advance:
            parts.append("one railroad track advance")
        if t.bonus.pay:
            parts.append(f"pay 1 {t.bonus.pay} for {_amounts(t.bonus.gain)}")
        elif t.bonus.gain:
            parts.append(_amounts(t.bonus.gain))
        lines.append(f"bonus: {'; '.join(parts)}")
    if t.on_pay_bid_vp:
        lines.append(f"+{t.on_pay_bid_vp} VP when the bid is paid")
    return lines


def tiles(game: Any) -> dict[str, list[str]]:
    return {str(i): _tile(t) for i, t in game.data.tiles.items()}


def market(game: Any) -> dict[str, list[str]]:
    d: HomesteadersData = game.data
    out: dict[str, list[str]] = {}
    for res in d.buy_price:
        lines = []
        what, cost = d.buy_price[res]
        lines.append(f"buy 1 for {cost} {what} and {d.market_trade_cost} trade")
        if res in d.sell_price:
            what, gain = d.sell_price[res]
            lines.append(f"sell 1 and {d.market_trade_cost} trade for {gain} {what} "
                         f"(+{d.sale_vp} VP)")
        out[res] = lines
    out["debt"] = [f"take 1: +{d.debt_silver} silver",
                   f"pay off 1: {d.debt_payoff_silver} silver or {d.debt_payoff_gold} gold"]
    out["workers"] = [f"wage {d.worker_wage} silver each per income",
                      "hire: " + _amounts(d.hire_cost)]
    return out


def track(game: Any) -> dict[str, list[str]]:
    return {str(space.space): [f"reward: {_amounts(space.rewards)}"]
            for space in game.data.track}


TOPICS = {
    "buildings": ("every building: type, stage, cost, VP, income, slots in order, effects",
                  buildings),
    "tiles": ("the auction tiles: auction, round or stage, what they build, bonuses", tiles),
    "market": ("market prices, debt and hiring", market),
    "track": ("the railroad track's spaces and rewards", track),
}
