"""The validator's Colonists hooks (``HOOKS``), backed by Z3.

For a refused event the hook states the cheapest legal way to have made it, found with
``z3.Optimize`` over the topic that encodes the decision (``fee``, ``build``, ``embassy``,
``sustenance``, ``storage``), the situation read from the state through the engine's own
functions; for a final score claimed above the computed one, the most a redistribution of the
Colonists could have reached.

Every plan is unique: after its objectives, every choice of the topic is minimised in the order
the topic declares them, so the same refusal always gets the same message, whatever the solver
did before (each call builds its own optimizer). Every call has a time limit, and an encoding
larger than ``MAX_TERMS`` terms, or with counts beyond ``MAX_COUNT``, is not solved at all.
A plan is checked against the engine before it is stated; one the engine would refuse is left
out (the hook then says nothing).

"Cheapest" is read the same way everywhere: fewer Tools first (they have no setup value and are
the scarce good), then the least setup value of the goods (``later_era.goods``, the values by
which the engine discards excess goods), then the fewest goods.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from referee.checker.topics import get_topic, model_values
from referee.checker.topics.colonists.common import GAME, setup_values
from referee.model.core import Action, GameEvent, Violation

DEFAULT_TIMEOUT_MS = 2000
# Encodings past this many distinct terms are refused (None) rather than solved; the topics'
# encodings have a fixed size whatever the counts of a position, so this only guards against a
# data set far larger than the bundled one.
MAX_TERMS = 20_000
# Counts beyond this (a position with a billion Wood) are not solved.
MAX_COUNT = 10**6

Values = dict[str, int | bool]
Constraint = Callable[[Mapping[str, z3.ExprRef]], z3.BoolRef]
Objective = tuple[str, Callable[[Mapping[str, z3.ExprRef]], z3.ArithRef]]


# --------------------------------------------------------------------------- solving


def encoding_size(formulas: Iterable[z3.ExprRef], limit: int) -> int:
    """Distinct terms in ``formulas``, counted no further than just past ``limit``."""
    seen: set[int] = set()
    stack = list(formulas)
    while stack and len(seen) <= limit:
        expr = stack.pop()
        key = expr.get_id()
        if key in seen:
            continue
        seen.add(key)
        stack.extend(expr.children())
    return len(seen)


class Unsat:
    """What :func:`solve` returns when the rules leave no choice at all (proven)."""

    def __repr__(self) -> str:
        return "UNSAT"


UNSAT = Unsat()


def solve(topic_name: str, situation: Mapping[str, int | bool], *,
          require: Sequence[Constraint] = (), objectives: Sequence[Objective] = (),
          timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Values | Unsat | None:
    """The unique best choice of a topic in ``situation``: ``objectives`` (``("min" | "max",
    term)``) in order, then every integer choice minimised in the topic's order. ``UNSAT``
    when there is none; None when the solver does not settle in time, or past the size
    limits."""
    if any(not isinstance(x, bool) and abs(x) > MAX_COUNT for x in situation.values()):
        return None
    topic = get_topic(GAME, topic_name)
    inst = topic.instantiate()
    v = inst.terms
    formulas: list[z3.BoolRef] = [*inst.domain, *inst.rules.values()]
    for name, value in situation.items():
        formulas.append(v[name] == (z3.BoolVal(value) if isinstance(value, bool)
                                    else z3.IntVal(value)))
    formulas += [f(v) for f in require]
    if encoding_size(formulas, MAX_TERMS) > MAX_TERMS:
        return None
    opt = z3.Optimize()
    opt.set("timeout", max(1, int(timeout_ms)))
    opt.add(*formulas)
    handles = []
    for sense, term in objectives:
        handles.append(opt.minimize(term(v)) if sense == "min" else opt.maximize(term(v)))
    for s in topic.choices:
        if s.sort == "int":
            handles.append(opt.minimize(v[s.name]))
    result = opt.check()
    if result == z3.unsat:
        return UNSAT
    if result != z3.sat:
        return None
    return model_values(opt.model(), v, [s.name for s in topic.symbols])


def _value(good: str) -> int:
    return setup_values().get(good, 0)


def _cheapest(goods: Iterable[str]) -> list[str]:
    """``goods`` from the least valuable (the engine's discard order)."""
    order = list(setup_values())
    return sorted(goods, key=lambda g: (order.index(g) if g in order else len(order), g))


def _worth(bundle: Mapping[str, int]) -> int:
    return sum(_value(g) * n for g, n in bundle.items())


def _text(bundle: Mapping[str, int]) -> str:
    parts = [f"{n} {g}" for g, n in bundle.items() if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _json(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "))


def _holdings(state: Any, i: int) -> dict[str, int]:
    """Storage and Warehouse with the Buffers (moved out just before an action when short)."""
    c = state.p[i]
    out = dict(c.stored)
    for good, n in c.buffered.items():
        out[good] = out.get(good, 0) + n
    return {g: n for g, n in out.items() if n}


def _room(state: Any, i: int) -> tuple[int, int]:
    from referee.model.colonists.community import room

    r = room(state, i)
    return r.storage, r.general + sum(r.typed.values())


# --------------------------------------------------------------------------- the Fee


def fee_situation(state: Any, i: int, tile: int) -> Values:
    """The ``fee`` topic's situation for player ``i`` moving onto ``tile``."""
    from referee.model.colonists import data as d
    from referee.model.colonists.community import effects_of, works
    from referee.model.colonists.moves.turn import fee_due

    c = state.p[i]
    waived = {e.part for e in effects_of(state, i, d.FeeWaive)}
    hold = _holdings(state, i)
    storage, warehouse = _room(state, i)
    customs = any(isinstance(b.effect, d.NoFee) and works(state.data, x)
                  for x in c.buildings if (b := state.data.buildings.get(x.slug)) is not None)
    return {
        "era": state.era, "payees": len(fee_due(state, i, tile)),
        "market": state.board.tiles[tile].market,
        "automobile": "sustenance_or_tool" in waived,
        "pass_card": "building_resources" in waived,
        "customs_office": customs, "lord_level": c.embassies.get("lord", 0),
        "tools": c.tools, "food": hold.get("food", 0), "robes": hold.get("robes", 0),
        "resources": sum(hold.get(g, 0) for g in d.BUILDING_RESOURCES),
        "storage": storage, "warehouse": warehouse,
    }


def cheapest_fee(state: Any, i: int, tile: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
                 ) -> dict[str, dict[str, int]] | str | None:
    """The cheapest way to pay every occupant of ``tile`` (payee -> goods), a sentence saying
    why none exists, or None when the solver gives no answer."""
    from referee.checker.topics.colonists.fee import fee_goods, pay_name
    from referee.model.colonists import data as d
    from referee.model.colonists.moves.turn import fee_due

    due = fee_due(state, i, tile)
    if not due:
        return None
    situation = fee_situation(state, i, tile)
    firsts = fee_goods()
    plan = solve("fee", situation, require=[lambda v: v["can_move"]], objectives=[
        ("min", lambda v: v["paid_tools"]),
        ("min", lambda v: z3.Sum(*[_value(g) * v[f"paid_{g}"] for g in firsts]))],
        timeout_ms=timeout_ms)
    if plan is UNSAT:
        return _no_fee(state, i, situation)
    if not isinstance(plan, dict):
        return None
    hold = _holdings(state, i)
    pool = [g for g in _cheapest(d.BUILDING_RESOURCES) for _ in range(hold.get(g, 0))]
    out: dict[str, dict[str, int]] = {}
    for k, payee in enumerate(due, start=1):
        goods: dict[str, int] = {}
        for g in firsts:
            if plan[pay_name(k, g)]:
                goods[g] = goods.get(g, 0) + int(plan[pay_name(k, g)])
        for _ in range(int(plan[pay_name(k, "resources")])):
            g = pool.pop(0)
            goods[g] = goods.get(g, 0) + 1
        out[payee] = goods
    return out


def _no_fee(state: Any, i: int, situation: Values) -> str | None:
    """Why no payment of every occupant exists (the topic found none)."""
    from referee.model.colonists.moves.turn import fee_parts

    first, count = fee_parts(state, i)
    n = int(situation["payees"])
    usable = [g for g in first if g != "tools"]
    owed = []
    if first:
        owed.append(f"{n} of {' or '.join(first)}")
    if count:
        owed.append(f"{n * count} building resources")
    held = int(situation["tools"]) if "tools" in first else 0
    sustenance = sum(int(situation.get(g, 0)) for g in usable)
    return (f"no legal Fee exists: {n} occupant(s) are owed {' and '.join(owed)} in all; "
            f"{state.players[i]} has {held} Tools, {sustenance} {'/'.join(usable) or 'goods'} "
            f"and {situation['resources']} building resources, and Storage takes "
            f"{situation['storage']} goods at once")


def _fee_ok(state: Any, i: int, fee: Mapping[str, Mapping[str, int]]) -> bool:
    from referee.model.colonists.economy import spend_problem
    from referee.model.colonists.moves.turn import fee_payment_problem

    total: dict[str, int] = {}
    for payee, goods in fee.items():
        if fee_payment_problem(state, i, payee, goods) is not None:
            return False
        for g, n in goods.items():
            total[g] = total.get(g, 0) + n
    return spend_problem(state, i, total) is None


MAX_FEE_TRIALS = 400  # moves checked in search of a Fee that leaves the place's action possible


def _with_fee(event: Action, fee: Mapping[str, Mapping[str, int]]) -> Action:
    params = {k: v for k, v in event.json_params().items() if k != "fee"}
    return Action.make(event.player, event.name, **params, fee={p: dict(g) for p, g in
                                                                fee.items()})


MAX_FEE_PAYMENTS = 5_000  # ways to pay one occupant listed before the search gives up


def _payments(state: Any, i: int, hold: Mapping[str, int]) -> list[dict[str, int]] | None:
    """Every payment of one occupant's Fee from what player ``i`` holds, cheapest first; None
    when there are too many to list (a data set's large Fee)."""
    from itertools import combinations_with_replacement
    from math import comb

    from referee.model.colonists import data as d
    from referee.model.colonists.moves.turn import fee_parts

    first, count = fee_parts(state, i)
    have = dict(hold, tools=state.p[i].tools)
    kinds = [g for g in d.BUILDING_RESOURCES if have.get(g, 0)]
    if comb(len(kinds) + count - 1, count) * max(1, len(first)) > MAX_FEE_PAYMENTS:
        return None
    out = []
    for one in (first or (None,)):
        if one is not None and not have.get(one, 0):
            continue
        for combo in combinations_with_replacement(kinds, count):
            goods: dict[str, int] = {one: 1} if one is not None else {}
            for g in combo:
                goods[g] = goods.get(g, 0) + 1
            if all(n <= have.get(g, 0) for g, n in goods.items()):
                out.append(goods)
    return sorted(out, key=lambda g: (_worth(g), _json(g)))


def _possible_fee(game: Any, state: Any, i: int, event: Action, due: Sequence[str]
                  ) -> tuple[dict[str, dict[str, int]] | None, bool]:
    """The cheapest Fee with which the whole move is legal (the place's action still possible
    after paying), and whether every Fee was tried."""
    from itertools import islice, product

    options = _payments(state, i, _holdings(state, i))
    if options is None:
        return None, False
    # the cheapest payments of each occupant, as many as keep the trials within the bound
    each = max(1, int(MAX_FEE_TRIALS ** (1 / max(1, len(due)))))
    fees = sorted(product(options[:each], repeat=len(due)),
                  key=lambda fs: sum(_worth(f) for f in fs))
    tried = 0
    for fs in islice(fees, MAX_FEE_TRIALS):
        tried += 1
        fee = dict(zip(due, fs, strict=True))
        if game.check(state, _with_fee(event, fee)) is None:
            return fee, False
    return None, len(options) <= each and tried == len(fees)


def explain_fee(game: Any, state: Any, i: int, event: Action) -> str | None:
    from referee.model.colonists.moves.turn import fee_due
    from referee.model.colonists.refs import Refused, place_ref

    try:
        tile = place_ref(state, event, "to")
    except Refused:
        return None
    found = cheapest_fee(state, i, tile)
    if found is None or isinstance(found, str):
        return found
    if not _fee_ok(state, i, found):
        return None
    if game.check(state, _with_fee(event, found)) is not None:
        # the cheapest Fee leaves the move refused (most often: the place's action is then
        # impossible): the cheapest Fee with which the move is legal, if any
        found, exhausted = _possible_fee(game, state, i, event, fee_due(state, i, tile))
        if found is None:
            return ("no Fee makes this move legal: after any payment the place's action "
                    "cannot be carried out" if exhausted else None)
    each = ", ".join(f"{payee} {_text(goods)}" for payee, goods in found.items())
    return f"the cheapest legal Fee: pay {each} (\"fee\": {_json(found)})"


# --------------------------------------------------------------------------- building


def build_situation(state: Any, i: int, slug: str) -> Values:
    """The ``build`` topic's situation for player ``i`` building ``slug``."""
    from referee.checker.topics.colonists.build import buildings, cost_goods
    from referee.model.colonists.community import at_home, spot_counts

    data = state.data
    c = state.p[i]
    b = data.buildings[slug]
    home = at_home(state, i)
    kind = _home_kind(data, slug, home)
    facility = {x.slug for x in c.buildings if x.slug in data.buildings
                and data.buildings[x.slug].kind == "storage"}
    hold = _holdings(state, i)
    storage, warehouse = _room(state, i)
    situation: Values = {
        "building": buildings().index(slug) + 1,
        "owned": sum(1 for x in c.buildings if x.slug == slug),
        "sources": sum(1 for x in c.buildings if x.slug == b.upgrade_of),
        "residences": sum(1 for x in c.buildings if _houses(data, x.slug, kind)),
        "home": home.get(kind, 0),
        "others": sum(1 for x in c.buildings if x.slug not in facility),
        "facilities": sum(1 for x in c.buildings if x.slug in facility),
        "spots": spot_counts(state, i)[0],
        "storage": storage, "warehouse": warehouse,
    }
    for g in cost_goods():
        situation[g] = c.tools if g == "tools" else hold.get(g, 0)
    return situation


def _houses(data: Any, slug: str, kind: str) -> bool:
    b = data.buildings.get(slug)
    return b is not None and b.kind == "residence" and b.houses.get(kind, 0) > 0


def _home_kind(data: Any, slug: str, home: Mapping[str, int]) -> str:
    """The Colonist type the topic's ``home`` counts: the one a remodel sends out, else the one
    most often at home (Farmers on a tie)."""
    b = data.buildings[slug]
    if b.upgrade_of is not None:
        before = data.buildings[b.upgrade_of]
        for kind, n in before.houses.items():
            if b.houses.get(kind, 0) < n:
                return str(kind)
    kinds = list(home) or ["farmer"]
    return max(kinds, key=lambda k: (home.get(k, 0), k == "farmer"))


def _raze_candidates(state: Any, i: int, kind: str) -> dict[str, list[str]]:
    """Names of the community's buildings by the topic's raze categories, cheapest first
    (lowest value, then fewest at work, then the order they were built); a name appears once
    per copy it can stand for."""
    from referee.model.colonists.moves.community import raze_refs

    data = state.data
    out: dict[str, list[str]] = {"residences": [], "facilities": [], "others": []}
    for ref in raze_refs(state, i):
        slug = ref.partition("#")[0]
        b = data.buildings.get(slug)
        if b is not None and b.kind == "residence":
            if not _houses(data, slug, kind):
                continue
            group = "residences"
        elif b is not None and b.kind == "storage":
            group = "facilities"
        else:
            group = "others"
        copies = 1 if "#" in ref else sum(1 for x in state.p[i].buildings if x.slug == slug)
        out[group].extend([ref] * copies)
    for refs in out.values():
        refs.sort(key=lambda r: (_ref_value(state, i, r), _ref_busy(state, i, r)))
    return out


def _ref_value(state: Any, i: int, ref: str) -> int:
    b = state.data.buildings.get(ref.partition("#")[0])
    return b.value if b is not None else 99


def _ref_busy(state: Any, i: int, ref: str) -> int:
    slug, _, nth = ref.partition("#")
    copies = [x for x in state.p[i].buildings if x.slug == slug]
    return len(copies[int(nth or 1) - 1].workers)


def best_build(state: Any, i: int, slug: str, wanted: int, *,
               timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Values | None:
    """The most copies of ``slug`` (up to ``wanted``) the community can build now, razing as
    few buildings as need be, the cheapest ones (by the value of the cheapest candidate of each
    kind)."""
    kind = _home_kind(state.data, slug, _at_home(state, i))
    candidates = _raze_candidates(state, i, kind)
    cheapest = {group: _ref_value(state, i, refs[0]) if refs else 0
                for group, refs in candidates.items()}
    plan = solve("build", build_situation(state, i, slug), objectives=[
        ("max", lambda v: v["built"]),
        ("min", lambda v: v["razed"]),
        ("min", lambda v: z3.Sum(*[cheapest[g] * v[f"raze_{g}"] for g in cheapest])),
        ("min", lambda v: v["pay_tools"])], timeout_ms=timeout_ms,
        require=[lambda v: v["built"] <= wanted])
    return plan if isinstance(plan, dict) else None


def explain_build(game: Any, state: Any, i: int, event: Action) -> str | None:
    from referee.model.colonists.moves.community import _items

    pending = state.pending
    if pending is None or pending.tile is None or state.board.tiles[pending.tile].market:
        return None
    place = state.data.place(state.board.tiles[pending.tile].slug)
    if place.type != "builder" or len(place.builds) != 1:
        return None
    slug = place.builds[0]
    try:
        items = _items(event)
    except Exception:
        return None
    wanted = sum(1 for item in items if item.get("building") == slug and not item.get("extra"))
    if wanted < 1:
        return None
    plan = best_build(state, i, slug, wanted)
    if plan is None:
        return None
    built = int(plan["built"])
    name = state.data.buildings[slug].name
    if built == 0:
        return f"no {name} can be built here now: {_short_of(state, i, slug)}"
    kind = _home_kind(state.data, slug, _at_home(state, i))
    candidates = _raze_candidates(state, i, kind)
    razes: list[str] = []
    for group in ("residences", "facilities", "others"):
        razes += candidates[group][:int(plan[f"raze_{group}"])]
    if len(razes) < int(plan["razed"]):
        return None
    entries: list[Any] = [{"building": slug, "raze": ref} for ref in razes]
    entries += [slug] * (built - len(razes))
    trial = Action.make(event.player, "build", buildings=entries)
    if game.check(state, trial) is not None:
        return None
    cost = {g: int(plan[f"pay_{g}"]) for g in _build_goods() if plan[f"pay_{g}"]}
    what = f"{built} {name}" + ("" if built == 1 else "s")
    also = f", razing the {', the '.join(razes)}" if razes else ""
    head = "the legal build" if built == wanted else "the most that can be built"
    return (f"{head}: {what}{also} for {_text(cost)} (\"buildings\": {_json(entries)})")


def _build_goods() -> tuple[str, ...]:
    from referee.checker.topics.colonists.build import cost_goods

    return cost_goods()


def _at_home(state: Any, i: int) -> dict[str, int]:
    from referee.model.colonists.community import at_home

    return at_home(state, i)


def _short_of(state: Any, i: int, slug: str) -> str:
    from referee.model.colonists.community import spot_problem
    from referee.model.colonists.economy import spend_problem

    data = state.data
    b = data.buildings[slug]
    cost = dict(b.cost)
    problem = spend_problem(state, i, cost)
    if problem:
        return f"one costs {_text(cost)}: {problem}"
    owned = [x.slug for x in state.p[i].buildings]
    if b.limit is not None and owned.count(slug) >= b.limit:
        return f"a community holds at most {b.limit}"
    if b.upgrade_of is not None and b.upgrade_of not in owned:
        return f"it is remodelled from a {data.buildings[b.upgrade_of].name}, and there is none"
    if b.upgrade_of is None and spot_problem(state, i, [*owned, slug]):
        return (f"no building spot is free, and razing a building to make room costs "
                f"{data.raze_tools} Tools more ({cost.get('tools', 0) + data.raze_tools} "
                f"in all; the Toolbox holds {state.p[i].tools}), with its Colonists at home "
                "for a Residence")
    return f"one costs {_text(cost)}, and no way to pay it, raze or remodel for it fits"


# --------------------------------------------------------------------------- the Diplomat


def embassy_situation(state: Any, i: int, a: str, b: str | None) -> Values:
    from referee.checker.topics.colonists.embassy import level_goods
    from referee.model.colonists.community import (
        embassy_slug,
        is_storage_facility,
        spot_counts,
    )

    c = state.p[i]
    hold = _holdings(state, i)
    storage, warehouse = _room(state, i)
    facilities = sum(1 for x in c.buildings if is_storage_facility(state.data, x.slug))
    # buildings a raze may take for room: neither Embassy followed, and no Residence (a
    # Residence needs its Colonists at home; leaving them out keeps the count one the engine
    # allows)
    followed = {embassy_slug(a), *([embassy_slug(b)] if b else [])}
    razable = sum(1 for x in c.buildings if x.slug not in followed
                  and (x.slug not in state.data.buildings
                       or state.data.buildings[x.slug].kind != "residence"))
    situation: Values = {
        "level_a": c.embassies.get(a, 0), "level_b": c.embassies.get(b, 0) if b else 0,
        "era": state.era, "others": len(c.buildings) - facilities, "facilities": facilities,
        "spots": spot_counts(state, i)[0], "razable": razable, "storage": storage,
        "warehouse": warehouse,
    }
    for g in level_goods():
        situation[g] = c.tools if g == "tools" else hold.get(g, 0)
    return situation


def explain_diplomacy(game: Any, state: Any, i: int, event: Action) -> str | None:
    """The highest levels (towards those asked, two colonies at most) the goods reach."""
    raw = event.get("embassies")
    if not hasattr(raw, "items"):
        return None
    asked = {str(k): v for k, v in raw.items if type(v) is int}
    colonies = [col for col in asked if col in state.colonies][:2]
    if not colonies or len(asked) > 2:
        return None
    a, b = colonies[0], colonies[1] if len(colonies) > 1 else None
    situation = embassy_situation(state, i, a, b)
    # the plan is stated as an event without razes, so it razes nothing
    limits: list[Constraint] = [
        lambda v: v["target_a"] <= max(asked[a], int(situation["level_a"])),
        lambda v: v["razed"] == 0]
    if b is None:
        limits.append(lambda v: v["target_b"] == v["level_b"])
    else:
        limits.append(lambda v: v["target_b"] <= max(asked[b], int(situation["level_b"])))
    plan = solve("embassy", situation, require=limits, objectives=[
        ("max", lambda v: v["target_a"] + v["target_b"]),
        ("min", lambda v: v["pay_tools"])])
    if not isinstance(plan, dict):
        return None
    reach = {a: int(plan["target_a"])}
    if b is not None:
        reach[b] = int(plan["target_b"])
    reach = {col: n for col, n in reach.items() if n > state.p[i].embassies.get(col, 0)}
    if not reach:
        return f"no relation asked for can be improved now: {_level_text(state, i, a)}"
    trial = Action.make(event.player, "diplomacy", embassies=reach)
    if game.check(state, trial) is not None:
        return None
    cost = {g: int(plan[f"pay_{g}"]) for g in _level_goods() if plan[f"pay_{g}"]}
    levels = ", ".join(f"{col} to level {n}" for col, n in reach.items())
    return f"the most these goods reach: {levels} for {_text(cost)} (\"embassies\": " \
        f"{_json(reach)})"


def _level_goods() -> tuple[str, ...]:
    from referee.checker.topics.colonists.embassy import level_goods

    return level_goods()


def _level_text(state: Any, i: int, colony: str) -> str:
    level = state.p[i].embassies.get(colony, 0) + 1
    top = state.data.eras[state.era].max_colony_level
    if level > top:
        return f"era {state.era} allows level {top} at most"
    return f"level {level} costs {_text(dict(state.data.embassy_levels[level].cost))}"


# --------------------------------------------------------------------------- sustenance


def sustenance_situation(state: Any, i: int) -> Values | None:
    """The ``sustenance`` topic's situation for player ``i``; None for a community outside the
    topic (a Worker in a building of another type, a Factory run by two)."""
    from referee.checker.topics.colonists.sustenance import FACTORY_CAP, sustenance_buildings
    from referee.model.colonists import data as d
    from referee.model.colonists.community import effects_of, employed, improvement_yields

    data = state.data
    c = state.p[i]
    kinds = sustenance_buildings()
    situation: Values = dict.fromkeys(kinds, 0)
    for w in d.WORKER_TYPES:
        situation[f"{w}_factories"] = 0
    for built in c.buildings:
        b = data.buildings.get(built.slug)
        if b is None or not built.workers:
            continue
        if isinstance(b.effect, d.FactoryEffect):
            if len(built.workers) > 1:
                return None
            situation[f"{built.workers[0]}_factories"] = \
                int(situation[f"{built.workers[0]}_factories"]) + 1
        elif b.kind == "sustenance":
            if any(w != b.worker for w in built.workers):
                return None
            situation[built.slug] = int(situation[built.slug]) + 1
    if any(int(situation[f"{w}_factories"]) > FACTORY_CAP for w in d.WORKER_TYPES):
        return None
    busy = employed(c)
    for w in d.WORKER_TYPES:
        if any(data.sustenance.get(w, {}).values()):
            situation[f"{w}s"] = busy[w]
    made = {g: 0 for g in d.SUSTENANCE}
    for batch in improvement_yields(state, i):
        for g in d.SUSTENANCE:
            made[g] += batch.get(g, 0)
    for bonus in effects_of(state, i, d.BuildingBonus):  # read as a yearly production
        for g in d.SUSTENANCE:
            made[g] += bonus.goods.get(g, 0) * min(
                situation.get(bonus.building, 0) or 0, bonus.max_buildings or 99)
    for g in d.SUSTENANCE:
        situation[f"{g}_production"] = made[g]
        situation[g] = c.stored.get(g, 0)
        situation[f"buffered_{g}"] = c.buffered.get(g, 0)
        situation[f"altruist_{g}"] = 0
    situation["altruist_level"] = c.embassies.get("altruist", 0)
    return situation


def fewest_home(state: Any, i: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
                ) -> tuple[list[GameEvent], Values] | None:
    """The fewest Workers to send home before the sustenance phase (then the least value at
    work lost), as ``dismiss`` events the engine accepts, with the topic's plan."""
    from referee.checker.topics.colonists.sustenance import sustenance_buildings
    from referee.model.colonists import data as d
    from referee.model.colonists.moves.year import sustenance_problem

    situation = sustenance_situation(state, i)
    if situation is None:
        return None
    worth = state.data.worker_value
    plan = solve("sustenance", situation, objectives=[
        ("min", lambda v: v["sent_home"]),
        ("min", lambda v: z3.Sum(*[worth.get(w, 0) * v[f"home_{w}s"]
                                   for w in d.WORKER_TYPES]))], timeout_ms=timeout_ms)
    if not isinstance(plan, dict):
        return None
    events = _dismissals(state, i, plan, sustenance_buildings())
    if events is None:
        return None
    trial = state.copy()
    for e in events:
        from referee.model.colonists import GAME

        if GAME.check(trial, e) is not None:
            return None
        GAME.apply(trial, e)
    if sustenance_problem(trial, i) is not None:
        return None
    return events, plan


def _dismissals(state: Any, i: int, plan: Values, kinds: Sequence[str]
                ) -> list[GameEvent] | None:
    """Concrete ``dismiss`` events for the plan's counts: from Sustenance Buildings and
    Factories as counted, the other Workers from buildings that hold no Storage space first,
    then the cheapest."""
    from referee.model.colonists import data as d

    data = state.data
    c = state.p[i]
    player = state.players[i]
    picks: list[tuple[int, str]] = []  # (building index, worker)
    used: set[int] = set()

    def take(match: Callable[[Any, Any], bool], worker: str, n: int) -> bool:
        found = [k for k, x in enumerate(c.buildings) if k not in used and worker in x.workers
                 and match(x, data.buildings.get(x.slug))]
        found.sort(key=lambda k: (data.buildings[c.buildings[k].slug].kind == "storage",
                                  data.buildings[c.buildings[k].slug].value, k))
        if len(found) < n:
            return False
        for k in found[:n]:
            used.add(k)
            picks.append((k, worker))
        return True

    def of_kind(kind: str) -> Callable[[Any, Any], bool]:
        return lambda x, bb: bool(x.slug == kind)

    for kind in kinds:
        if not take(of_kind(kind), data.buildings[kind].worker, int(plan[f"home_{kind}"])):
            return None
    for w in d.WORKER_TYPES:
        if not take(lambda x, bb: bb is not None and isinstance(bb.effect, d.FactoryEffect),
                    w, int(plan[f"home_{w}_factories"])):
            return None
    for w in d.WORKER_TYPES:
        if not any(data.sustenance.get(w, {}).values()):
            continue
        counted = sum(int(plan[f"home_{k}"]) for k in kinds if data.buildings[k].worker == w)
        rest = int(plan[f"home_{w}s"]) - counted - int(plan[f"home_{w}_factories"])
        if not take(lambda x, bb: bb is not None and bb.kind != "sustenance"
                    and not isinstance(bb.effect, d.FactoryEffect), w, rest):
            return None
    events: list[GameEvent] = []
    for k, worker in picks:
        events.append(Action.make(player, "dismiss", building=_ref(state, i, k),
                                  worker=worker))
    return events


def _ref(state: Any, i: int, k: int) -> str:
    """How a log names the k-th building of a community (slug, or slug#n where copies
    differ)."""
    c = state.p[i]
    slug = c.buildings[k].slug
    copies = [n for n, x in enumerate(c.buildings) if x.slug == slug]
    if all(c.buildings[n].key() == c.buildings[copies[0]].key() for n in copies):
        return slug
    return f"{slug}#{copies.index(k) + 1}"


def explain_sustenance(state: Any, i: int) -> str | None:
    found = fewest_home(state, i)
    if found is None:
        return None
    events, _ = found
    names = []
    for e in events:
        names.append(f"the {e.get('worker').capitalize()} of the {e.get('building')}")
    lines = ", ".join(_json(e.to_json()) for e in events)
    n = len(events)
    return (f"the fewest Workers to send home: {n} ({', '.join(names)}): {lines}")


# --------------------------------------------------------------------------- storing


def storage_situation(state: Any, i: int, cost: Mapping[str, int],
                      gain: Mapping[str, int]) -> Values:
    """The ``storage`` topic's situation for an action of player ``i`` costing ``cost`` and
    giving ``gain``."""
    from referee.checker.topics.colonists.storage import buffered_goods, facilities, typed_goods
    from referee.model.colonists import data as d
    from referee.model.colonists.community import room, works

    data = state.data
    c = state.p[i]
    r = room(state, i)
    situation: Values = {}
    spaces = r.storage - data.setup.basic_storage
    for f in facilities():
        copies = [x for x in c.buildings if x.slug == f]
        staffed = sum(1 for x in copies if works(data, x))
        situation[f"{f}s"] = len(copies)
        situation[f"{f}s_staffed"] = staffed
        spaces -= staffed * data.buildings[f].storage
    situation["extra_storage"] = max(0, spaces)
    situation["lots"] = r.general
    for g in typed_goods():
        situation[f"{g}_lots"] = r.typed.get(g, 0)
    situation["tools"] = c.tools
    for g in d.STORABLE:
        situation[g] = c.stored.get(g, 0)
        situation[f"cost_{g}"] = cost.get(g, 0)
        situation[f"gain_{g}"] = gain.get(g, 0)
    for g in buffered_goods():
        situation[f"buffered_{g}"] = c.buffered.get(g, 0)
    situation["cost_tools"] = cost.get("tools", 0)
    return situation


def fewest_declined(state: Any, i: int, cost: Mapping[str, int], gain: Mapping[str, int], *,
                    timeout_ms: int = DEFAULT_TIMEOUT_MS) -> dict[str, int] | None:
    """The goods to decline of ``gain`` (after paying ``cost``): fewest, least valuable."""
    from referee.model.colonists import data as d

    plan = solve("storage", storage_situation(state, i, cost, gain),
                 require=[lambda v: v["can_pay"]], objectives=[
                     ("min", lambda v: v["declined"]),
                     *[("min", lambda v, g=g: v[f"decline_{g}"])
                       for g in reversed(_cheapest(d.STORABLE))]], timeout_ms=timeout_ms)
    if not isinstance(plan, dict):
        return None
    return {g: int(plan[f"decline_{g}"]) for g in d.STORABLE if plan[f"decline_{g}"]}


def explain_store(game: Any, state: Any, i: int, event: Action) -> str | None:
    """For goods that do not fit: what to decline (gather, subsidy, claim_marker, refine)."""
    found = _received(state, i, event)
    if found is None:
        return None
    cost, gain = found
    decline = fewest_declined(state, i, cost, gain)
    if not decline:
        return None
    trial = _with_decline(event, decline)
    if trial is None or game.check(state, trial) is not None:
        return None
    return f"decline {_text(decline)} (\"decline\": {_json(decline)})"


def _received(state: Any, i: int, event: Action
              ) -> tuple[dict[str, int], dict[str, int]] | None:
    from referee.model.colonists.moves.common import recipe_totals, times_param, with_bonus
    from referee.model.colonists.moves.places import market_card
    from referee.model.colonists.refs import Refused

    pending = state.pending
    if pending is None or pending.tile is None:
        return None
    tile = state.board.tiles[pending.tile]
    name = getattr(event, "name", None)
    try:
        if tile.market:
            if name != "subsidy":
                return None
            options = market_card(state).subsidy
            k = event.get("option", 0)
            if type(k) is not int or not 0 <= k < len(options):
                return None
            return {}, with_bonus(state, i, options[k], True)
        place = state.data.place(tile.slug)
        if name in ("gather", "claim_marker"):
            return {}, with_bonus(state, i, place.gain, False)
        if name == "refine" and place.type == "refiner":
            give, get = recipe_totals(place.recipes, times_param(event, len(place.recipes)))
            return dict(give), dict(get)
    except Refused:
        return None
    return None


def _with_decline(event: Action, decline: Mapping[str, int]) -> GameEvent | None:
    obj = event.to_json()
    obj["decline"] = dict(decline)
    try:
        return Action.from_json(obj)
    except Exception:
        return None


# --------------------------------------------------------------------------- the final score


@dataclass(frozen=True)
class Reach:
    """The most a community could score with its final buildings, and how."""

    best: int
    workers: dict[str, int]


def max_reachable_score(state: Any, i: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
                        ) -> Reach | None:
    """The highest score a redistribution of the community's Colonists at the end of the last
    year could give, with the final buildings, improvements, Embassies and Dollars: every
    Colonist put into a building that takes his type (Factories take any; with the Laborer's
    substitutions any type anywhere), each Money Building's Dollars counted for the Workers it
    would have had, the end-of-game bonuses for those left at home. Sustenance is not asked
    for, so this is an upper bound. None when the solver gives no proven maximum in time, or
    for a community with a Factory run by two Workers."""
    from referee.model.colonists import data as d
    from referee.model.colonists.community import colonists, effects_of
    from referee.model.colonists.scoring import parts

    data = state.data
    c = state.p[i]
    if effects_of(state, i, d.FactoryDual):
        return None
    loose_types = bool(effects_of(state, i, d.SubstituteWorker))
    now = parts(state, i)
    fixed = now["buildings"] + now["embassies"] + now["improvements"] + now["dollars"]
    money_now = 0
    slots: dict[str, tuple[int, str, int]] = {}  # slug -> (copies, worker type, per copy)
    for built in c.buildings:
        b = data.buildings.get(built.slug)
        if b is None or b.workers == 0:
            continue
        copies, _, per = slots.get(built.slug, (0, b.worker, b.workers))
        slots[built.slug] = (copies + 1, b.worker, per)
        if b.kind == "money" and len(built.workers) >= b.workers:
            money_now += b.output.get("dollars", 0)
    fixed -= money_now
    have = colonists(state, i)
    formulas: list[z3.BoolRef] = []
    # Workers placed in each kind of building (a seat of a copy may stay empty: an Institute
    # with one Farmer counts him), and those in Factories by type
    placed = {slug: z3.Int(f"placed {slug}") for slug in slots}
    anyone = {w: z3.Int(f"any {w}") for w in d.WORKER_TYPES}
    work = {w: z3.IntVal(0) for w in d.WORKER_TYPES}
    any_seats = 0
    for slug, (copies, worker, per) in slots.items():
        formulas += [placed[slug] >= 0, placed[slug] <= copies * per]
        if worker == "any":
            any_seats += copies * per
            formulas.append(placed[slug] == 0)
        elif worker in work:
            work[worker] = work[worker] + placed[slug]
    for w in d.WORKER_TYPES:
        formulas.append(anyone[w] >= 0)
        work[w] = work[w] + anyone[w]
    formulas.append(z3.Sum(*anyone.values()) <= any_seats)
    if loose_types:
        formulas.append(z3.Sum(*work.values()) <= sum(have.values()))
        at_work = {w: z3.Int(f"at work {w}") for w in d.WORKER_TYPES}
        formulas += [z3.Sum(*at_work.values()) == z3.Sum(*work.values())]
        formulas += [z3.And(at_work[w] >= 0, at_work[w] <= have[w]) for w in d.WORKER_TYPES]
    else:
        at_work = work
        formulas += [work[w] <= have[w] for w in d.WORKER_TYPES]
    score = z3.IntVal(fixed)
    for w in d.WORKER_TYPES:
        score = score + data.worker_value.get(w, 0) * at_work[w]
    for slug, (copies, _, per) in slots.items():
        b = data.buildings[slug]
        if b.kind == "money":  # each copy with all its Workers makes its Dollars
            dollars = b.output.get("dollars", 0)
            score = score + (dollars * placed[slug] if per == 1 else dollars * copies)
    for bonus in effects_of(state, i, d.EndBonus):
        home = have.get(bonus.worker, 0) - at_work[bonus.worker]
        amount = bonus.dollars_each * home
        if bonus.max_dollars is not None:
            amount = z3.If(amount <= bonus.max_dollars, amount, bonus.max_dollars)
        score = score + amount
    if encoding_size(formulas, MAX_TERMS) > MAX_TERMS:
        return None
    opt = z3.Optimize()
    opt.set("timeout", max(1, int(timeout_ms)))
    opt.add(*formulas)
    best = opt.maximize(score)
    if opt.check() != z3.sat:
        return None
    model = opt.model()
    reached = model.eval(score, model_completion=True)
    bound = opt.upper(best)
    if not (z3.is_int_value(reached) and z3.is_int_value(bound)
            and reached.as_long() == bound.as_long()):
        return None
    return Reach(int(reached.as_long()), {w: model.eval(at_work[w], model_completion=True)
                                          .as_long() for w in d.WORKER_TYPES})


def audit_score_claim(game: Any, state: Any, player: str, claimed: int) -> str | None:
    if player not in state.players:
        return None
    i = state.players.index(player)
    if claimed <= game.score(state)[player].total:
        return None
    reach = max_reachable_score(state, i)
    if reach is None or claimed <= reach.best or reach.best < game.score(state)[player].total:
        return None
    return (f"impossible: no redistribution of the Colonists at the end of the last year "
            f"reaches {claimed} with these buildings, improvements, Embassies and Dollars "
            f"(every Colonist the buildings can take at work); the most is {reach.best}")


# --------------------------------------------------------------------------- the hooks

_FEE_RULES = frozenset({"CO-FEE", "CO-FEE-PAY"})
_BUILD_RULES = frozenset({"CO-BUILD", "CO-BUILD-SPOTS", "CO-BUILD-LIMIT", "CO-RAZE",
                          "CO-REMODEL"})
_DIPLOMAT_RULES = frozenset({"CO-DIPLOMAT", "CO-EMBASSY", "CO-BUILD-SPOTS"})


def explain_violation(game: Any, state: Any, event: GameEvent,
                      violation: Violation) -> str | None:
    """The cheapest legal way for a refused Fee, build, Diplomat action, sustenance phase or
    store; None for anything else."""
    if violation.kind != "illegal":
        return None
    name = getattr(event, "name", None)
    if name == "sustenance" and violation.rule == "CO-SUSTAIN" and \
            violation.player in state.players:
        return explain_sustenance(state, state.players.index(violation.player))
    if not isinstance(event, Action) or event.player not in getattr(state, "players", ()):
        return None
    i = state.players.index(event.player)
    if name == "move" and violation.rule in _FEE_RULES:
        return explain_fee(game, state, i, event)
    if name == "build" and violation.rule in _BUILD_RULES:
        return explain_build(game, state, i, event)
    if name == "diplomacy" and violation.rule in _DIPLOMAT_RULES:
        return explain_diplomacy(game, state, i, event)
    if violation.rule == "CO-STORE" or (name == "refine" and "decline them" in
                                        violation.message):
        return explain_store(game, state, i, event)
    return None


class Hooks:
    """What the validator asks of The Colonists (see ``referee.games.ValidatorHooks``)."""

    def explain(self, game: Any, state: Any, event: GameEvent,
                violation: Violation) -> str | None:
        try:
            return explain_violation(game, state, event, violation)
        except (z3.Z3Exception, RecursionError):
            return None

    def audit_score(self, game: Any, state: Any, player: str, claimed: int) -> str | None:
        try:
            return audit_score_claim(game, state, player, claimed)
        except (z3.Z3Exception, RecursionError):
            return None


HOOKS = Hooks()
