"""The Colonists' data as a player reads it (``referee show colonists``): buildings, places and
Markets, the 140 improvements, the Market cards, the colonies level by level and the eras. Read
from the default data set (``data/*.toml``), as the model reads it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from referee.model.colonists.data import ColonistsData, Effect, Place, Recipe, load_data
from referee.model.colonists.goods import bundle_text

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def _data() -> ColonistsData:
    return load_data(None)


def _era(era: int) -> str:
    return "the start (era 0)" if era == 0 else f"Era {ROMAN.get(era, era)}"


def _recipe(r: Recipe) -> str:
    return f"{bundle_text(r.give)} -> {bundle_text(r.get)}"


def _limit(limit: int | None) -> str:
    return "" if limit is None else f" (at most {limit} per visit)"


def _effect(effect: Effect) -> str:
    params = ", ".join(f"{f.name} {bundle_text(v) if isinstance(v, Mapping) else v}"
                       for f in fields(effect) if (v := getattr(effect, f.name)) not in (None, ()))
    return effect.kind + (f" ({params})" if params else "")


def buildings(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for slug, b in d.buildings.items():
        lines = [f"{b.name}: {b.kind} building of {_era(b.era)}"
                 + (f", remodelled from the {d.buildings[b.upgrade_of].name}"
                    if b.upgrade_of else ""),
                 f"cost: {bundle_text(b.cost)}; worth {b.value} Dollars at the end"]
        if b.workers:
            lines.append(f"Worker: {b.workers} {b.worker}{'s' if b.workers > 1 else ''}")
        else:
            lines.append("Worker: none")
        if b.houses:
            lines.append("houses: " + ", ".join(f"{n} {k}{'s' if n > 1 else ''}"
                                                for k, n in b.houses.items()))
        if b.output:
            lines.append(f"output per Year: {bundle_text(b.output)}"
                         + (f"; Buffer {b.buffer}" if b.buffer else ""))
        if b.storage:
            lines.append(f"storage: {b.storage} spaces")
        limits = [f"at most {b.limit} per community" if b.limit is not None else "",
                  f"{b.box_count} tiles in the box",
                  f"other side: {d.buildings[b.other_side].name}" if b.other_side else ""]
        lines.append("; ".join(x for x in limits if x))
        if b.effect is not None:
            lines.append(f"effect: {_effect(b.effect)}")
        out[slug] = lines
    return out


def _action(p: Place, d: ColonistsData) -> str:
    if p.type == "builder":
        names = ", ".join(d.buildings[b].name for b in p.builds)
        return f"build: {names}{_limit(p.limit)}"
    if p.type == "refiner":
        return "refine: " + "; ".join(_recipe(r) for r in p.recipes) + _limit(p.limit)
    sale = f"sell, any number of times: {_recipe(p.sell)}" if p.sell is not None else ""
    if sale and not p.gain:
        return sale
    parts = [f"gain {bundle_text(p.gain)}" + (" or " + sale if sale else "") if p.gain else "",
             f"draw {p.draw} improvements" if p.draw else "",
             f"play {p.play} improvements" if p.play else "",
             f"swap {p.swap_places} Places" if p.swap_places else "",
             f"({p.kind})" if p.kind else ""]
    return "; ".join(x for x in parts if x) or "no action"


def places(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for p in d.places:
        entry = out.setdefault(p.slug, [f"{p.name}: {p.type} Place", _action(p, d)])
        notes = [f"replaces {', '.join(p.replaces)}" if p.replaces else "",
                 "introductory game only" if p.intro_only else "",
                 "put out by its Era card" if p.by_era_card else ""]
        entry.append(f"{p.copies} tile{'s' if p.copies > 1 else ''} of {_era(p.era)}"
                     + "".join(f"; {n}" for n in notes if n))
    for slug, m in d.markets.items():
        out[slug] = [f"{m.name}: Market of {m.cells} cells; {m.copies} in the box"
                     + (" (a variant)" if m.variant else "")]
    return out


def improvements(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for cid, c in d.improvements.items():
        lines = [f"{c.name}: {c.kind} improvement of {_era(c.era)}", f"effect: {c.text}",
                 f"cost: {bundle_text(c.cost)}"]
        if c.value:
            lines.append(f"worth {c.value} Dollars at the end")
        out[str(cid)] = lines
    return out


def market_cards(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for key, m in d.market_cards.items():
        a = m.action
        action = [a.kind, d.buildings[a.building].name if a.building else "",
                  f"for {bundle_text(a.cost)}" if a.cost else "",
                  "; ".join(_recipe(r) for r in a.recipes), _limit(a.limit).strip(),
                  f"draw {a.draw}" if a.draw else "",
                  f"swap {a.swap_places} Places" if a.swap_places else ""]
        out[key] = [f"{m.name}: Market card of {_era(m.era)} (slug {m.slug})",
                    "sales: " + ("; ".join(_recipe(r) for r in m.sales) or "none"),
                    "subsidy: " + (" or ".join(bundle_text(g) for g in m.subsidy) or "none"),
                    "action: " + " ".join(x for x in action if x)]
    return out


def colonies(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for slug, c in d.colonies.items():
        lines = [f"{c.name}" + (f"; its Special Ambassador: {c.ambassador}"
                                if c.ambassador else "")]
        lines.extend(f"level {ROMAN.get(k, k)}: {lv.text}" for k, lv in sorted(c.levels.items()))
        out[slug] = lines
    return out


def _fee(sustenance_or_tool: Sequence[str], resources: int) -> str:
    return f"1 of {' or '.join(sustenance_or_tool)} and {resources} building resources"


def eras(game: Any) -> dict[str, list[str]]:
    d = _data()
    out: dict[str, list[str]] = {}
    for n, e in d.eras.items():
        step = e.first_step
        first: Mapping[str, Any] = {k: v for k, v in (
            ("market", step.market), ("colonies", step.colonies),
            ("optional market", step.optional_market), ("removes", step.remove),
            ("place", step.place)) if v}
        title = f"Era {ROMAN.get(n, n)}"
        out[str(n)] = [title + (f": {e.name}" if e.name != title else ""),
                       f"Fee: {_fee(e.fee.sustenance_or_tool, e.fee.building_resources)}",
                       f"colonies up to level {ROMAN.get(e.max_colony_level, e.max_colony_level)}",
                       f"{e.market_cards} Market cards ({e.market_cards_used} used), "
                       f"{e.improvements} improvements, {e.places} Places",
                       f"first step: {step.kind}" + "".join(f"; {k} {v}"
                                                            for k, v in first.items())]
    return out


TOPICS = {
    "buildings": ("cost, Worker, Dollars, output, storage and era of every building", buildings),
    "places": ("the Places (their action, tiles and era) and the Markets", places),
    "improvements": ("the 140 improvement cards: effect, cost, kind and era", improvements),
    "market_cards": ("the Market cards: sales, subsidy and action", market_cards),
    "colonies": ("the colonies: each level's ability", colonies),
    "eras": ("the eras: Fee, colony levels, decks and first step", eras),
}
