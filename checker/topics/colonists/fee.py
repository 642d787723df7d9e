"""The ``fee`` topic: paying the Fee to every occupant of the place a Steward moves to.

Encodes ``Move._fee`` and ``fee_due`` / ``fee_parts`` / ``fee_payment_problem`` of
``model/colonists/moves/turn.py`` with the spending check of ``economy.spend_problem``: each
occupant (another player's Steward on the place; none on Markets) is owed one of the era's
"Tool or sustenance good" part and as many building resources as the era card says (both from
``eras.toml``); the Automobile waives the first part, the Pass the second, a working Customs
Office or the Lord's relation (the level whose abilities include ``no_fee``) the whole Fee; every
occupant is paid at once, Tools from the Toolbox and goods from Storage, so the goods paid must
all fit into the Storage spaces (goods in the Warehouse are moved there first: rearranging is
free before an action).

The goods held are those in Storage and the Warehouse together (the engine keeps them as one
pool); the Warehouse here has only general lots and the Buffers are empty (the ``storage`` topic
covers typed lots and Buffers).
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from referee.checker.topics.base import RuleFormulas, Symbol, Topic
from referee.checker.topics.base import bool_symbol as _bool
from referee.checker.topics.base import int_symbol as _int
from referee.checker.topics.colonists.common import (
    GAME,
    RULE,
    by_case,
    data,
    lowest_level,
    pos,
    texts,
    times,
    total,
)


def fee_goods() -> tuple[str, ...]:
    """The goods of the Fee's first part in any era (Tools first, then the sustenance goods in
    the order the era cards name them)."""
    d = data()
    firsts: list[str] = []
    for era in sorted(d.eras):
        for good in d.eras[era].fee.sustenance_or_tool:
            if good not in firsts:
                firsts.append(good)
    firsts.sort(key=lambda g: g != "tools")
    return tuple(firsts)


def max_payees() -> int:
    return data().components.max_players - 1


def pay_name(k: int, good: str) -> str:
    return f"pay{k}_{good}"


def topic() -> Topic:
    from referee.model.colonists.data import FeeWaive, NoFee

    d = data()
    eras = sorted(d.eras)
    firsts = fee_goods()
    goods = (*firsts, "resources")
    stored = tuple(g for g in goods if g != "tools")
    payees_max = max_payees()
    lord = lowest_level("lord", NoFee)
    top_level = max(d.embassy_levels)
    waivers = {e.part: card.era for card in d.improvements.values() for e in card.effects
               if isinstance(e, FeeWaive)}
    customs = next((b for b in d.buildings.values() if isinstance(b.effect, NoFee)), None)

    symbols: list[Symbol] = [
        _int("era", "situation", f"the era ({eras[0]} to {eras[-1]})"),
        _int("payees", "situation", "other players whose Stewards stand on the place moved to "
             f"(0 to {payees_max})"),
        _bool("market", "situation", "the place is a Market"),
        _bool("automobile", "situation", "the player has the Automobile (no Tool or sustenance "
              "good in the Fee)"),
        _bool("pass_card", "situation", "the player has the Pass (no building resources in the "
              "Fee)"),
        _bool("customs_office", "situation", "the player has a working Customs Office (no Fee)"),
        _int("lord_level", "situation", "the player's relation with the Lord colony (0: none)"),
        _int("tools", "situation", "Tools in the Toolbox"),
        *[_int(g, "situation", f"{g} in Storage and Warehouse") for g in firsts if g != "tools"],
        _int("resources", "situation", "building resources in Storage and Warehouse, any mix "
             "(wood, clay, ore, planks, bricks, iron, coal)"),
        _int("storage", "situation", "Storage spaces"),
        _int("warehouse", "situation", "Warehouse lots"),
        _bool("can_move", "choice", "the Steward can move there, every occupant paid"),
        *[_int(f"paid_{g}", "choice", f"{g} paid in all") for g in goods],
        *[_int(pay_name(k, g), "choice", f"{g} paid to occupant {k}")
          for k in range(1, payees_max + 1) for g in goods],
    ]

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        era, payees = v["era"], v["payees"]
        can_move = v["can_move"]
        # the domain: eras of the data set, the seats, Storage of at least the Basic Storage
        yield RULE["options"], z3.And(era >= eras[0], era <= eras[-1])
        yield RULE["players"], payees <= payees_max
        yield RULE["embassy"], z3.And(v["lord_level"] <= top_level, v["lord_level"] <= era)
        if customs is not None:  # its Builder comes with its era
            yield RULE["build"], z3.Implies(v["customs_office"], era >= customs.era)
        for part, name in (("sustenance_or_tool", "automobile"),
                           ("building_resources", "pass_card")):
            if part in waivers:
                yield RULE["card_play"], z3.Implies(v[name], era >= waivers[part])
            else:
                yield None, z3.Not(v[name])
        yield None, v["storage"] >= d.setup.basic_storage
        yield RULE["store"], total(v[g] for g in stored) <= v["storage"] + v["warehouse"]
        # the counts of the Fee are counts, whichever rule fixes them
        yield None, z3.And(v["base_resources"] >= 0, v["resource_count"] >= 0,
                           v["first_count"] >= 0, v["first_count"] <= 1,
                           v["exempt"] >= 0, v["exempt"] <= 1)
        # the era card's Fee (CO-FEE), less what the player is spared (CO-FEE-WAIVE)
        yield RULE["fee"], v["base_resources"] == by_case(
            era, {e: d.eras[e].fee.building_resources for e in eras})
        yield RULE["fee_waive"], v["first_count"] == z3.If(v["automobile"], 0, 1)
        yield RULE["fee_waive"], v["resource_count"] == z3.If(v["pass_card"], 0,
                                                              v["base_resources"])
        exempt = [v["customs_office"]]
        if lord is not None:
            exempt.append(v["lord_level"] >= lord)
        yield RULE["fee_waive"], v["exempt"] == z3.If(z3.Or(*exempt), 1, 0)
        allowed = {g: z3.Or(*[era == e for e in eras if g in d.eras[e].fee.sustenance_or_tool])
                   for g in firsts}
        charged = z3.And(z3.Not(v["market"]), v["exempt"] == 0)
        owed = z3.If(z3.And(charged, can_move), payees, 0)
        # what is paid in all: one first-part good and the resources to each occupant owed
        yield RULE["fee"], total(v[f"paid_{g}"] for g in firsts) == z3.If(
            v["first_count"] == 1, owed, 0)
        yield RULE["fee"], v["paid_resources"] == times(owed, payees_max, v["resource_count"])
        for g in firsts:
            yield RULE["fee"], z3.Implies(z3.Not(allowed[g]), v[f"paid_{g}"] == 0)
        # to whom: the occupants are interchangeable, so they are numbered in the order the
        # goods are handed out (Tools to the first ones, then the sustenance goods)
        before = z3.IntVal(0)
        for g in firsts:
            upto = before + v[f"paid_{g}"]
            for k in range(1, payees_max + 1):
                yield None, v[pay_name(k, g)] == z3.If(z3.And(before < k, k <= upto), 1, 0)
            before = upto
        for k in range(1, payees_max + 1):
            yield None, v[pay_name(k, "resources")] == z3.If(
                owed >= k, v["resource_count"], 0)
        # every occupant at once, from the Toolbox and Storage (CO-FEE-PAY, CO-SPEND)
        yield RULE["fee_pay"], z3.And(*[v[f"paid_{g}"] <= v[g] for g in goods])
        yield RULE["spend"], total(v[f"paid_{g}"] for g in stored) <= v["storage"]
        # and a player who can pay them all may move: Tools first for the first part (they
        # take no Storage space), the rest in sustenance goods
        owed_count = z3.If(charged, payees, 0)
        firsts_owed = z3.If(v["first_count"] == 1, owed_count, 0)
        resources_owed = times(owed_count, payees_max, v["resource_count"])
        from_storage = pos(firsts_owed - v["tools"])
        sustenance = total(z3.If(allowed[g], v[g], 0) for g in firsts if g != "tools")
        affordable = z3.And(from_storage <= sustenance, resources_owed <= v["resources"],
                            from_storage + resources_owed <= v["storage"])
        yield RULE["fee_pay"], z3.Implies(affordable, can_move)
        yield RULE["fee_pay"], z3.Implies(z3.Not(can_move), owed_count >= 1)

    return Topic(GAME, "fee", "paying the Fee to each occupant of the place moved to, from "
                 "Storage and the Toolbox", tuple(symbols), build,
                 internal=("base_resources", "first_count", "resource_count", "exempt"),
                 rule_text=texts())
