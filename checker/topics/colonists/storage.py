"""The ``storage`` topic: one action that spends a cost and receives goods, under the storing
rules.

Encodes ``economy.spend_problem``, ``receive_problem`` and ``exchange_problem`` with
``goods.Room`` (``model/colonists``): Storage spaces are the Basic Storage's, those of the
Storage Facilities that have their Worker, and those of improvements and colonies; Warehouse lots
take any good, typed lots only their good. Between actions goods move freely between Storage and
the Warehouse, so the engine keeps them as one pool and asks whether *some* arrangement exists.
An action's cost must lie in Storage at its start, everything else in the rest of Storage and
the Warehouse; what Storage and Warehouse lack of a good is moved out of the Buffers first. The
cost is spent before the goods are received (a Refiner's input goes first), and what finds no
room must be declined.

Paying straight from Buffers (the Dolly, Delivery Contracts) and the Storekeeper's Warehouse
counted as Storage are not part of the topic.
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from referee.checker.topics.base import RuleFormulas, Symbol, Topic
from referee.checker.topics.base import bool_symbol as _bool
from referee.checker.topics.base import int_symbol as _int
from referee.checker.topics.colonists.common import GAME, RULE, data, pos, texts, total


def facilities() -> tuple[str, ...]:
    """The Storage Facilities of the data set, in file order."""
    return tuple(slug for slug, b in data().buildings.items() if b.kind == "storage")


def typed_goods() -> tuple[str, ...]:
    """Goods some Warehouse lot is kept for (an improvement's typed lots)."""
    from referee.model.colonists.data import STORABLE, Warehouse

    d = data()
    found = {e.good for card in d.improvements.values() for e in card.effects
             if isinstance(e, Warehouse) and e.good is not None}
    found |= {e.good for colony in d.colonies.values() for level in colony.levels.values()
              for e in level.abilities if isinstance(e, Warehouse) and e.good is not None}
    return tuple(g for g in STORABLE if g in found)


def buffered_goods() -> tuple[str, ...]:
    """Goods that can lie in Buffers: the output of producing buildings and improvements."""
    from referee.model.colonists.data import STORABLE, Production

    d = data()
    found = {g for b in d.buildings.values() if b.buffer for g in b.output}
    found |= {g for card in d.improvements.values() for e in card.effects
              if isinstance(e, Production) for g in e.goods}
    found |= {g for colony in d.colonies.values() for level in colony.levels.values()
              for e in level.abilities if isinstance(e, Production) for g in e.goods}
    return tuple(g for g in STORABLE if g in found)


def topic() -> Topic:
    from referee.model.colonists.data import STORABLE

    d = data()
    sheds = facilities()
    typed = typed_goods()
    buffered = buffered_goods()
    symbols: list[Symbol] = [
        *[_int(f"{f}s", "situation", f"{d.buildings[f].name}s built") for f in sheds],
        *[_int(f"{f}s_staffed", "situation", f"{d.buildings[f].name}s with their Worker")
          for f in sheds],
        _int("extra_storage", "situation", "Storage spaces from improvements and colonies (no "
             "Worker needed)"),
        _int("lots", "situation", "Warehouse lots for any good"),
        *[_int(f"{g}_lots", "situation", f"Warehouse lots for {g} only") for g in typed],
        _int("tools", "situation", "Tools in the Toolbox"),
        *[_int(g, "situation", f"{g} in Storage and Warehouse") for g in STORABLE],
        *[_int(f"buffered_{g}", "situation", f"{g} in Buffers") for g in buffered],
        _int("cost_tools", "situation", "Tools the action costs"),
        *[_int(f"cost_{g}", "situation", f"{g} the action costs") for g in STORABLE],
        *[_int(f"gain_{g}", "situation", f"{g} the action gives (after its cost is paid)")
          for g in STORABLE],
        _bool("can_pay", "choice", "the cost can be paid from Storage at the action's start"),
        *[_int(f"decline_{g}", "choice", f"{g} declined of what the action gives")
          for g in STORABLE],
        _int("storage", "choice", "Storage spaces"),
        _int("declined", "choice", "goods declined in all"),
        _int("held", "choice", "goods in Storage and Warehouse in all"),
        _int("cost", "choice", "goods the action costs in all (Tools aside)"),
        _int("gain", "choice", "goods the action gives in all"),
    ]

    def loose(goods: Mapping[str, z3.ArithRef], v: Mapping[str, z3.ExprRef]) -> z3.ArithRef:
        """Goods (counts from 0) that do not fit into their typed lots."""
        return total(pos(goods[g] - v[f"{g}_lots"]) if g in typed else goods[g]
                     for g in STORABLE)

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        can_pay = v["can_pay"]
        # the community: Storage Facilities on their spots, within their limits, staffed or not
        yield RULE["build_spots"], total(v[f"{f}s"] for f in sheds) <= d.spots.storage_facility
        for f in sheds:
            limit = d.buildings[f].limit
            if limit is not None:
                yield RULE["build_limit"], v[f"{f}s"] <= limit
            yield RULE["employ"], v[f"{f}s_staffed"] <= v[f"{f}s"]
        # Storage: the Basic Storage, staffed facilities, spaces needing no Worker
        yield RULE["store"], v["storage"] == d.setup.basic_storage + v["extra_storage"] + total(
            d.buildings[f].storage * v[f"{f}s_staffed"] for f in sheds)
        room = v["storage"] + v["lots"]
        held = {g: v[g] for g in STORABLE}
        yield RULE["store"], loose(held, v) <= room
        # the cost: what Storage and Warehouse lack comes out of the Buffers, then everything
        # spent lies in Storage at once and the rest in the rest of Storage and the Warehouse
        spent = total(v[f"cost_{g}"] for g in STORABLE)
        shortfall = {g: pos(v[f"cost_{g}"] - v[g]) for g in STORABLE}
        rest = {g: v[g] - v[f"cost_{g}"] + shortfall[g] for g in STORABLE}
        tools_ok = v["cost_tools"] <= v["tools"]
        buffers_ok = z3.And(*[shortfall[g] <= (v[f"buffered_{g}"] if g in buffered else 0)
                              for g in STORABLE])
        at_once = spent <= v["storage"]
        rest_fits = loose(rest, v) <= v["storage"] - spent + v["lots"]
        yield RULE["spend"], z3.Implies(can_pay, z3.And(tools_ok, at_once, rest_fits))
        yield RULE["buffer"], z3.Implies(can_pay, buffers_ok)
        yield RULE["spend"], z3.Implies(z3.And(tools_ok, buffers_ok, at_once, rest_fits),
                                        can_pay)
        # the goods received: stored at once (into the room the cost left), or declined
        after = {g: rest[g] + v[f"gain_{g}"] - v[f"decline_{g}"] for g in STORABLE}
        for g in STORABLE:
            yield RULE["store"], v[f"decline_{g}"] <= v[f"gain_{g}"]
            yield None, z3.Implies(z3.Not(can_pay), v[f"decline_{g}"] == v[f"gain_{g}"])
        yield RULE["store"], z3.Implies(can_pay, loose(after, v) <= room)
        yield None, v["declined"] == total(v[f"decline_{g}"] for g in STORABLE)
        for name, prefix in (("held", ""), ("cost", "cost_"), ("gain", "gain_")):
            yield None, v[name] == total(v[f"{prefix}{g}"] for g in STORABLE)

    return Topic(GAME, "storage", "an action's cost paid from Storage after rearranging, and "
                 "the goods it gives stored or declined", tuple(symbols), build,
                 rule_text=texts(), idle=tuple(f"decline_{g}" for g in STORABLE))
