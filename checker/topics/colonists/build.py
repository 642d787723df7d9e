"""The ``build`` topic: one Builder action building several copies of its building, razing
to make room and remodelling.

Encodes ``plan_build``, ``_raze``, ``_remodel`` and ``_spots`` of
``model/colonists/moves/community.py`` with ``community.spot_problem``: the copies are paid at
once (their cost from ``buildings.toml``, 2 Tools more for each building razed,
``game.toml`` ``[building] raze_tools``), Tools from the Toolbox and goods from Storage; each
razed building makes room for one built; a Residence is razed only with all its Colonists at
home; a remodel replaces a copy of the building it upgrades (no spot of its own) and, for a
Residence whose Colonists change type, needs one of the old type at home; the community's
limit of the building is never exceeded; Storage Facilities stand only on their own spots,
other buildings and Embassies on the building spots and the free Storage Facility spots.

``building`` is the building's number in ``buildings.toml`` (docs/clarify.md lists them); its
cost, limit and kind follow from the data. ``home`` counts the Colonists at home of the type
the razed or remodelled Residences house (the topic speaks of one type at a time).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import z3

from referee.checker.topics.base import RuleFormulas, Symbol, Topic
from referee.checker.topics.base import bool_symbol as _bool
from referee.checker.topics.base import int_symbol as _int
from referee.checker.topics.colonists.common import GAME, RULE, by_case, data, texts, total


def buildings() -> tuple[str, ...]:
    """The buildings in the data's order: ``building == k`` is the k-th (from 1)."""
    return tuple(data().buildings)


def cost_goods() -> tuple[str, ...]:
    """Tools first, then the goods some building costs, in the data's order of goods."""
    from referee.model.colonists.data import STORABLE

    found = {g for b in data().buildings.values() for g in b.cost}
    return ("tools", *[g for g in STORABLE if g in found])


def remodel_home(slug: str) -> int:
    """Colonists of the old type that remodelling into ``slug`` sends out (needed at home)."""
    d = data()
    b = d.buildings[slug]
    if b.upgrade_of is None:
        return 0
    before = d.buildings[b.upgrade_of]
    return sum(max(0, n - b.houses.get(kind, 0)) for kind, n in before.houses.items())


def topic() -> Topic:
    d = data()
    slugs = buildings()
    code = {slug: k for k, slug in enumerate(slugs, start=1)}
    goods = cost_goods()
    stored = goods[1:]
    most_housed = max((b.colonists for b in d.buildings.values()), default=1)
    facility_spots = d.spots.storage_facility

    def kind(slug: str | None) -> str | None:
        return d.buildings[slug].kind if slug is not None else None

    symbols: list[Symbol] = [
        _int("building", "situation", f"the building built, by its number in buildings.toml "
             f"(1 to {len(slugs)})"),
        _int("owned", "situation", "copies of it the community has"),
        _int("sources", "situation", "copies of the building it is remodelled from (0 if it is "
             "not an upgrade)"),
        _int("residences", "situation", "Residences of the community"),
        _int("home", "situation", "Colonists at home (of the type the Residences razed or "
             "remodelled house)"),
        _int("others", "situation", "buildings and Embassies on building spots (Storage "
             "Facilities aside)"),
        _int("facilities", "situation", "Storage Facilities"),
        _int("spots", "situation", "building spots (12, 20, 30 with the Community Hall, and "
             "extra spots)"),
        *[_int(g, "situation", "Tools in the Toolbox" if g == "tools"
               else f"{g} in Storage and Warehouse") for g in goods],
        _int("storage", "situation", "Storage spaces"),
        _int("warehouse", "situation", "Warehouse lots"),
        _int("built", "choice", "copies built in this action (0: none)"),
        _int("raze_residences", "choice", "Residences razed to make room"),
        _int("raze_housed", "choice", "Colonists the razed Residences housed"),
        _int("raze_facilities", "choice", "Storage Facilities razed"),
        _int("raze_others", "choice", "other buildings and Embassies razed"),
        _int("raze_same", "choice", "of the buildings razed, copies of the building built "
             "(rarely reasonable, yet allowed)"),
        _int("razed", "choice", "buildings razed in all"),
        *[_int(f"pay_{g}", "choice", f"{g} paid") for g in goods],
        *[_int(f"cost_{g}", "choice", f"{g} one copy costs") for g in goods],
        _int("limit", "choice", "the most copies a community may have (0: no limit)"),
        _bool("upgrade", "choice", "the building is remodelled from another"),
        _bool("facility", "choice", "the building is a Storage Facility"),
    ]

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        b, built = v["building"], v["built"]

        def each(values: Mapping[str, int | z3.ArithRef]) -> z3.ArithRef:
            return by_case(b, {code[s]: values[s] for s in slugs})

        def among(pred: Callable[[str], bool]) -> z3.BoolRef:
            chosen = [b == code[s] for s in slugs if pred(s)]
            return z3.Or(*chosen) if chosen else z3.BoolVal(False)

        is_facility = among(lambda s: kind(s) == "storage")
        is_upgrade = among(lambda s: d.buildings[s].upgrade_of is not None)
        is_residence = among(lambda s: kind(s) == "residence")
        from_facility = among(lambda s: kind(d.buildings[s].upgrade_of) == "storage")
        from_residence = among(lambda s: kind(d.buildings[s].upgrade_of) == "residence")
        # the building's data
        yield RULE["data"], z3.And(b >= 1, b <= len(slugs))
        for g in goods:
            yield RULE["data"], v[f"cost_{g}"] == each(
                {s: d.buildings[s].cost.get(g, 0) for s in slugs})
        yield RULE["data"], v["limit"] == each({s: d.buildings[s].limit or 0 for s in slugs})
        yield RULE["data"], v["upgrade"] == is_upgrade
        yield RULE["data"], v["facility"] == is_facility
        # the community as it is: its buildings on their spots, within their limits
        yield None, v["spots"] >= d.spots.era_one_only
        yield None, v["residences"] <= v["others"]
        # the copies owned lie in their group (Storage Facilities, Residences or the rest), and
        # so do those of the building it upgrades where that is of the same kind: other tiles
        group = z3.If(is_facility, v["facilities"],
                      z3.If(is_residence, v["residences"], v["others"] - v["residences"]))
        same_kind = among(lambda s: kind(d.buildings[s].upgrade_of) == kind(s))
        yield None, v["owned"] + z3.If(same_kind, v["sources"], 0) <= group
        yield None, z3.Implies(z3.Not(is_upgrade), v["sources"] == 0)
        yield None, z3.Implies(from_facility, v["sources"] <= v["facilities"])
        yield None, z3.Implies(from_residence, v["sources"] <= v["residences"])
        yield None, z3.Implies(z3.And(is_upgrade, z3.Not(from_facility),
                                      z3.Not(from_residence)),
                               v["sources"] <= v["others"] - v["residences"])
        yield RULE["build_spots"], v["facilities"] <= facility_spots
        yield RULE["build_spots"], v["others"] <= v["spots"] + facility_spots - v["facilities"]
        yield RULE["build_limit"], z3.Implies(v["limit"] > 0, v["owned"] <= v["limit"])
        yield None, v["storage"] >= d.setup.basic_storage
        yield RULE["store"], total(v[g] for g in stored) <= v["storage"] + v["warehouse"]
        # razing: each razed building makes room for one built; a Residence only with its
        # Colonists at home (who leave with it); 2 Tools each
        razes = [v["raze_residences"], v["raze_facilities"], v["raze_others"]]
        yield None, v["razed"] == total(razes)
        yield RULE["raze"], v["razed"] <= built
        yield RULE["raze"], v["raze_residences"] <= v["residences"]
        yield RULE["raze"], v["raze_others"] <= v["others"] - v["residences"]
        yield RULE["raze"], v["raze_facilities"] <= v["facilities"]
        yield RULE["raze"], z3.And(v["raze_residences"] <= v["raze_housed"],
                                   v["raze_housed"] <= most_housed * v["raze_residences"])
        yield RULE["raze"], v["raze_housed"] <= v["home"]
        # copies of the building itself may be razed to build it again
        same_group = z3.If(is_facility, v["raze_facilities"],
                           z3.If(is_residence, v["raze_residences"], v["raze_others"]))
        yield RULE["raze"], z3.And(v["raze_same"] <= v["owned"], v["raze_same"] <= same_group)
        # the total cost, paid at once: Tools from the Toolbox, goods from Storage
        for g in goods:
            extra = d.raze_tools * v["razed"] if g == "tools" else 0
            yield RULE["build"], v[f"pay_{g}"] == each(
                {s: d.buildings[s].cost.get(g, 0) * built for s in slugs}) + extra
            yield RULE["build"], v[f"pay_{g}"] <= v[g]
        yield RULE["spend"], total(v[f"pay_{g}"] for g in stored) <= v["storage"]
        # the community's limit
        yield RULE["build_limit"], z3.Implies(v["limit"] > 0, v["owned"] - v["raze_same"] +
                                              built <= v["limit"])
        # remodelling: each copy replaces one of the building it upgrades; Residences whose
        # Colonists change type need the old ones at home (with those of razed Residences)
        yield RULE["remodel"], z3.Implies(is_upgrade, built <= v["sources"])
        yield RULE["remodel"], each({s: remodel_home(s) * built for s in slugs}) + \
            v["raze_housed"] <= v["home"]
        # the spots afterwards: new copies need spots, remodels take their source's
        new = z3.If(is_upgrade, 0, built)
        facilities_after = v["facilities"] - v["raze_facilities"] + z3.If(is_facility, new, 0)
        others_after = v["others"] - v["raze_residences"] - v["raze_others"] + z3.If(
            is_facility, 0, new)
        yield RULE["build_spots"], facilities_after <= facility_spots
        yield RULE["build_spots"], others_after <= v["spots"] + facility_spots - \
            facilities_after

    return Topic(GAME, "build", "several copies of a building in one Builder action, with "
                 "razing, remodelling, spots and limits", tuple(symbols), build,
                 rule_text=texts(),
                 idle=("raze_residences", "raze_housed", "raze_facilities", "raze_others",
                       "raze_same"))
