"""The ``sustenance`` topic: the sustenance phase at the end of a year, and sending Workers home
until everyone can be sustained.

Encodes ``demand`` / ``capacity`` / ``sustenance_gap`` / ``sustenance_problem`` of
``model/colonists/moves/year.py`` with ``community.building_yields``: each Worker's demand
(``game.toml`` ``[sustenance]``: Farmers nothing, Citizens 1 Food, Merchants 2 Food and 1 Robe) is
netted against the capacity of the working Sustenance Buildings (their output in
``buildings.toml``, plus each Factory's bonus for the buildings run by its Worker's type) and of
the improvements and Embassies that produce sustenance goods; the gap is paid from Storage,
Warehouse and Buffers together. Demand and capacity are applied against each other at once, so a
Merchant in a Textile Mill is fed by the Robes it makes.

The Altruist Special Ambassador's reduction of the demand (rulebook, End of a Year 4a: from the
relation level that brings the Ambassador, by the sustenance goods of the place he stands on,
never below 0) is part of the topic; the engine does not move Special Ambassadors yet, so its
agreement tests hold it at 0.

A Buffer that shrinks because its Worker goes home empties into Storage and the Warehouse: the
topic assumes those goods find room there.
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
    data,
    lowest_level,
    pos,
    texts,
    times,
    total,
)

# The encoding counts up to this many Factories run by one type of Worker (the Factory bonus is
# a product of two counts, written as a sum); more is outside the topic's domain.
FACTORY_CAP = 6


def sustenance_buildings() -> tuple[str, ...]:
    return tuple(slug for slug, b in data().buildings.items() if b.kind == "sustenance")


def factory_bonus() -> int:
    """The bonus of a Factory (the data's ``factory`` effect)."""
    from referee.model.colonists.data import FactoryEffect

    return next((b.effect.bonus for b in data().buildings.values()
                 if isinstance(b.effect, FactoryEffect)), 0)


def topic() -> Topic:
    from referee.model.colonists.data import SUSTENANCE, WORKER_TYPES, Ambassador

    d = data()
    kinds = sustenance_buildings()
    bonus = factory_bonus()
    fed = tuple(w for w in WORKER_TYPES if any(d.sustenance.get(w, {}).values()))
    top_level = max(d.embassy_levels)
    altruist = lowest_level("altruist", Ambassador)
    symbols: list[Symbol] = [
        *[_int(k, "situation", f"{d.buildings[k].name}s at work (with their "
               f"{d.buildings[k].worker.capitalize()})") for k in kinds],
        *[_int(f"{w}_factories", "situation", f"working Factories run by a {w.capitalize()} "
               f"(at most {FACTORY_CAP})") for w in WORKER_TYPES],
        *[_int(f"{w}s", "situation", f"{w.capitalize()}s at work") for w in fed],
        *[_int(f"{g}_production", "situation", f"{g} made a year by improvements and "
               "Embassies (no Worker)") for g in SUSTENANCE],
        *[_int(g, "situation", f"{g} in Storage and Warehouse") for g in SUSTENANCE],
        *[_int(f"buffered_{g}", "situation", f"{g} in Buffers") for g in SUSTENANCE],
        *[_int(f"altruist_{g}", "situation", f"{g} the Altruist's place provides (his "
               "reduction of the demand; 0 when he stands elsewhere)") for g in SUSTENANCE],
        _int("altruist_level", "situation", "the player's relation with the Altruist colony"),
        _bool("sustained", "choice", "every Worker at work can be sustained"),
        *[_int(f"home_{w}s", "choice", f"{w.capitalize()}s sent home before the sustenance "
               "phase") for w in WORKER_TYPES],
        *[_int(f"home_{k}", "choice", f"of them, Workers of {d.buildings[k].name}s")
          for k in kinds],
        *[_int(f"home_{w}_factories", "choice", f"of them, {w.capitalize()}s of Factories")
          for w in WORKER_TYPES],
        _int("sent_home", "choice", "Workers sent home in all"),
        *[_int(f"demand_{g}", "choice", f"the {g} demand of the Workers kept (after the "
               "Altruist)") for g in SUSTENANCE],
        *[_int(f"capacity_{g}", "choice", f"the {g} capacity of what they run")
          for g in SUSTENANCE],
    ]

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        def workers(w: str, kept: bool) -> z3.ArithRef:
            """The Workers of type ``w`` (at work, or kept after sending some home)."""
            if w in fed:
                n = v[f"{w}s"]
            else:  # Farmers matter only where they run sustenance or Factories
                n = total(v[k] for k in kinds if d.buildings[k].worker == w) + \
                    v[f"{w}_factories"]
            return n - v[f"home_{w}s"] if kept else n

        def running(k: str, kept: bool) -> z3.ArithRef:
            return v[k] - v[f"home_{k}"] if kept else v[k]

        def factories(w: str, kept: bool) -> z3.ArithRef:
            n = v[f"{w}_factories"]
            return n - v[f"home_{w}_factories"] if kept else n

        def made(g: str, kept: bool) -> z3.ArithRef:
            """What the Sustenance Buildings and the improvements make, Factories aside."""
            return total(d.buildings[k].output.get(g, 0) * running(k, kept)
                         for k in kinds) + v[f"{g}_production"]

        def boost(g: str, kept: bool) -> z3.ArithRef:
            """Each Factory's bonus to every building of its Worker's type making ``g``."""
            out = []
            for w in WORKER_TYPES:
                run = total(running(k, kept) for k in kinds
                            if d.buildings[k].worker == w and d.buildings[k].output.get(g))
                out.append(bonus * times(factories(w, kept), FACTORY_CAP, run))
            return total(out)

        def capacity(g: str, kept: bool) -> z3.ArithRef:
            when = "kept" if kept else "now"
            return v[f"made_{when}_{g}"] + v[f"boost_{when}_{g}"]

        def demand(g: str, kept: bool) -> z3.ArithRef:
            need = total(d.sustenance.get(w, {}).get(g, 0) * workers(w, kept) for w in fed)
            return pos(need - v[f"altruist_{g}"])

        def feasible(kept: bool) -> z3.BoolRef:
            return z3.And(*[pos(demand(g, kept) - capacity(g, kept))
                            <= v[g] + v[f"buffered_{g}"] for g in SUSTENANCE])

        for g in SUSTENANCE:
            for kept in (False, True):
                when = "kept" if kept else "now"
                yield RULE["sustain"], v[f"made_{when}_{g}"] == made(g, kept)
                yield RULE["factory"], v[f"boost_{when}_{g}"] == boost(g, kept)
                # goods made are never fewer than none, whichever rule makes them
                yield None, z3.And(v[f"made_{when}_{g}"] >= 0, v[f"boost_{when}_{g}"] >= 0)
        # who runs what: Workers of a type cover the buildings and Factories they run
        for w in fed:
            run = total(v[k] for k in kinds if d.buildings[k].worker == w)
            yield RULE["employ"], run + v[f"{w}_factories"] <= v[f"{w}s"]
        for w in WORKER_TYPES:
            yield None, v[f"{w}_factories"] <= FACTORY_CAP
        yield RULE["embassy"], v["altruist_level"] <= top_level
        # the Buffers hold one batch of each source (with the Factory bonus)
        for g in SUSTENANCE:
            yield RULE["buffer"], v[f"buffered_{g}"] <= capacity(g, kept=False)
        # the Altruist lowers the demand once his colony brings him into play
        reduction = total(v[f"altruist_{g}"] for g in SUSTENANCE)
        if altruist is None:
            yield None, reduction == 0
        else:
            yield RULE["sustain"], z3.Implies(reduction > 0, v["altruist_level"] >= altruist)
        # sending home: nobody works twice, and only Workers at work go
        for k in kinds:
            yield RULE["redistribute"], v[f"home_{k}"] <= v[k]
        for w in WORKER_TYPES:
            yield RULE["redistribute"], v[f"home_{w}_factories"] <= v[f"{w}_factories"]
            from_jobs = total(v[f"home_{k}"] for k in kinds if d.buildings[k].worker == w) + \
                v[f"home_{w}_factories"]
            if w in fed:
                run = total(v[k] for k in kinds if d.buildings[k].worker == w) + \
                    v[f"{w}_factories"]
                yield RULE["redistribute"], z3.And(
                    from_jobs <= v[f"home_{w}s"],
                    v[f"home_{w}s"] - from_jobs <= v[f"{w}s"] - run)
            else:
                yield None, v[f"home_{w}s"] == from_jobs
        yield None, v["sent_home"] == total(v[f"home_{w}s"] for w in WORKER_TYPES)
        for g in SUSTENANCE:
            yield RULE["sustain"], v[f"demand_{g}"] == demand(g, kept=True)
            yield RULE["sustain"], v[f"capacity_{g}"] == capacity(g, kept=True)
        # demand and capacity netted; the gap paid from Storage, Warehouse and Buffers; the
        # Workers kept must all be sustained
        yield RULE["sustain"], v["sustained"] == feasible(kept=False)
        yield RULE["sustain"], z3.And(*[pos(v[f"demand_{g}"] - v[f"capacity_{g}"])
                                        <= v[g] + v[f"buffered_{g}"] for g in SUSTENANCE])

    internal = tuple(f"{part}_{when}_{g}" for part in ("made", "boost")
                     for when in ("now", "kept") for g in SUSTENANCE)
    return Topic(GAME, "sustenance", "the sustenance phase: demand, capacity and stores, and the "
                 "Workers to send home", tuple(symbols), build, internal=internal,
                 rule_text=texts(),
                 # first try sending home only Workers of buildings that sustain nobody
                 idle=(*[f"home_{k}" for k in kinds],
                       *[f"home_{w}_factories" for w in WORKER_TYPES],
                       *[f"home_{w}s" for w in WORKER_TYPES if w not in fed]))
