"""The ``embassy`` topic: one Diplomat action establishing and improving relations.

Encodes ``Diplomacy`` and ``diplomacy_cost`` of ``model/colonists/moves/diplomacy.py``: in one
action any number of relations are established or improved, each level's cost
(``game.toml`` ``[embassy.level]``) paid on top of the lower ones (costs are cumulative), all at
once from the Toolbox and Storage; no relation goes beyond the era card's highest level
(``eras.toml``); a new relation takes a building spot for its Embassy, and where none is free
a building is razed to make room for it (2 Tools more each, ``game.toml`` ``[building]
raze_tools``; at most one a new relation); only the highest level reached scores its value. The
topic follows two relations (``a`` and ``b``) through one action. ``razable`` counts the
buildings a raze may take (neither Embassy followed, nor a Residence whose Colonists are not all
at home).
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from referee.checker.topics.base import RuleFormulas, Symbol, Topic
from referee.checker.topics.base import int_symbol as _int
from referee.checker.topics.colonists.common import GAME, RULE, by_case, data, texts, total

RELATIONS = ("a", "b")


def level_goods() -> tuple[str, ...]:
    """Tools first, then the goods some level costs, in the data's order of goods."""
    from referee.model.colonists.data import STORABLE

    found = {g for level in data().embassy_levels.values() for g in level.cost}
    return ("tools", *[g for g in STORABLE if g in found])


def topic() -> Topic:
    d = data()
    eras = sorted(d.eras)
    levels = sorted(d.embassy_levels)
    goods = level_goods()
    stored = goods[1:]
    facility_spots = d.spots.storage_facility
    symbols: list[Symbol] = [
        *[_int(f"level_{r}", "situation", f"the relation with colony {r} before the action "
               "(0: none)") for r in RELATIONS],
        _int("era", "situation", f"the era ({eras[0]} to {eras[-1]})"),
        _int("others", "situation", "buildings and Embassies on building spots (Storage "
             "Facilities aside)"),
        _int("facilities", "situation", "Storage Facilities"),
        _int("spots", "situation", "building spots"),
        _int("razable", "situation", "buildings that may be razed to make room (not the "
             "Embassies of a and b, nor a Residence whose Colonists are not all at home)"),
        *[_int(g, "situation", "Tools in the Toolbox" if g == "tools"
               else f"{g} in Storage and Warehouse") for g in goods],
        _int("storage", "situation", "Storage spaces"),
        _int("warehouse", "situation", "Warehouse lots"),
        *[_int(f"target_{r}", "choice", f"the relation with colony {r} after the action (the "
               "same level: unchanged)") for r in RELATIONS],
        *[_int(f"pay_{g}", "choice", f"{g} paid for the levels") for g in goods],
        *[_int(f"value_{r}", "choice", f"the dollars the relation with colony {r} scores")
          for r in RELATIONS],
        _int("new_embassies", "choice", "relations established (an Embassy each)"),
        _int("razed", "choice", "buildings razed to make room for the new Embassies"),
        _int("top_level", "choice", "the era's highest level"),
    ]

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        era = v["era"]
        yield RULE["options"], z3.And(era >= eras[0], era <= eras[-1])
        yield RULE["embassy"], v["top_level"] == by_case(
            era, {e: d.eras[e].max_colony_level for e in eras})
        for r in RELATIONS:
            have, want = v[f"level_{r}"], v[f"target_{r}"]
            # the level reached so far is one an earlier (or this) era allowed
            yield RULE["embassy"], have <= v["top_level"]
            yield RULE["embassy"], z3.And(want >= have, want <= v["top_level"])
            yield RULE["embassy"], v[f"value_{r}"] == by_case(
                want, {n: d.embassy_levels[n].value for n in levels})
        # the community: its buildings on their spots; a new relation's Embassy needs one
        yield RULE["build_spots"], v["facilities"] <= facility_spots
        yield RULE["build_spots"], v["others"] <= v["spots"] + facility_spots - v["facilities"]
        yield None, v["spots"] >= d.spots.era_one_only
        yield None, v["new_embassies"] == total(
            z3.If(z3.And(v[f"level_{r}"] == 0, v[f"target_{r}"] >= 1), 1, 0)
            for r in RELATIONS)
        # razing: each building razed makes room for one new Embassy, for 2 Tools more
        yield None, v["razable"] <= v["others"] + v["facilities"]
        yield RULE["raze"], z3.And(v["razed"] <= v["new_embassies"],
                                   v["razed"] <= v["razable"])
        yield RULE["build_spots"], v["others"] + v["facilities"] - v["razed"] + \
            v["new_embassies"] <= v["spots"] + facility_spots
        yield None, v["storage"] >= d.setup.basic_storage
        yield RULE["store"], total(v[g] for g in stored) <= v["storage"] + v["warehouse"]
        # each level passed is paid (cumulative costs), all at once
        for g in goods:
            steps = [z3.If(z3.And(v[f"level_{r}"] < n, n <= v[f"target_{r}"]),
                           d.embassy_levels[n].cost.get(g, 0), 0)
                     for r in RELATIONS for n in levels if d.embassy_levels[n].cost.get(g)]
            yield RULE["diplomat"], v[f"pay_{g}"] == total(steps)
            # the Tools of the razes are paid with the levels, all at once
            razing = d.raze_tools * v["razed"] if g == "tools" else 0
            yield RULE["diplomat"], v[f"pay_{g}"] + razing <= v[g]
        yield RULE["spend"], total(v[f"pay_{g}"] for g in stored) <= v["storage"]

    return Topic(GAME, "embassy", "relations established and improved in one Diplomat action: "
                 "cumulative costs and the era's highest level", tuple(symbols), build,
                 rule_text=texts())
