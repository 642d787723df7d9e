"""What the Colonists topics share: the data set, the rule ids and texts, small Z3 helpers.

Every constant of an encoding is read from the data set the model loads (``load_data()``, the
bundled ``default`` set), and every rule id is one of the model's catalogue
(``referee.model.colonists.catalogue``), so the topics and the engine can never disagree on a
number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING

import z3

from referee.checker.topics.base import rule_texts

if TYPE_CHECKING:
    from referee.model.colonists.data import ColonistsData

GAME = "colonists"

# The rule ids the encodings file their formulas under (all in the model's catalogue).
RULE = {
    "options": "CO-OPTIONS",
    "data": "CO-DATA",
    "players": "CO-SETUP-PLAYERS",
    "fee": "CO-FEE",
    "fee_pay": "CO-FEE-PAY",
    "fee_waive": "CO-FEE-WAIVE",
    "store": "CO-STORE",
    "spend": "CO-SPEND",
    "buffer": "CO-BUFFER",
    "employ": "CO-EMPLOY",
    "redistribute": "CO-REDISTRIBUTE",
    "sustain": "CO-SUSTAIN",
    "factory": "CO-FACTORY",
    "build": "CO-BUILD",
    "build_limit": "CO-BUILD-LIMIT",
    "build_spots": "CO-BUILD-SPOTS",
    "raze": "CO-RAZE",
    "remodel": "CO-REMODEL",
    "diplomat": "CO-DIPLOMAT",
    "embassy": "CO-EMBASSY",
    "card_play": "CO-CARD-PLAY",
}


def data() -> ColonistsData:
    from referee.model.colonists.data import load_data

    return load_data()


@cache
def texts() -> dict[str, str]:
    from referee.model.colonists.catalogue import RULES

    return rule_texts(RULES)


def pos(x: z3.ArithRef) -> z3.ArithRef:
    """max(0, x)."""
    return z3.If(x > 0, x, 0)


def smaller(a: z3.ArithRef, b: z3.ArithRef | int) -> z3.ArithRef:
    return z3.If(a <= b, a, b)


def total(terms: Iterable[z3.ArithRef | int]) -> z3.ArithRef:
    return z3.Sum(z3.IntVal(0), *terms)


def none_of(*flags: z3.BoolRef) -> z3.BoolRef:
    return z3.And(*[z3.Not(f) for f in flags])


def by_case(selector: z3.ArithRef, values: Mapping[int, z3.ArithRef | int],
            default: z3.ArithRef | int = 0) -> z3.ArithRef:
    """``values[selector]`` as a chain of Ifs (``default`` outside the keys)."""
    out: z3.ArithRef = z3.IntVal(default) if isinstance(default, int) else default
    for key in sorted(values, reverse=True):
        value = values[key]
        out = z3.If(selector == key, value if not isinstance(value, int) else z3.IntVal(value),
                    out)
    return out


def times(count: z3.ArithRef, cap: int, each: z3.ArithRef) -> z3.ArithRef:
    """``count * each`` for a ``count`` in 0..cap (linear: a sum of ``each`` per unit)."""
    return total(z3.If(count >= k, each, 0) for k in range(1, cap + 1))


def lowest_level(colony: str, kind: type) -> int | None:
    """The lowest relation level with ``colony`` whose abilities include an effect of ``kind``."""
    found = data().colonies.get(colony)
    if found is None:
        return None
    for level in sorted(found.levels):
        if any(isinstance(e, kind) for e in found.levels[level].abilities):
            return level
    return None


def setup_values() -> dict[str, int]:
    """Each stored good's setup value (the later-era start's prices): how the audits weigh
    goods, the same order in which the engine discards excess goods."""
    d = data()
    return {g: d.later_era.goods[g].value if g in d.later_era.goods else 0
            for g in d.goods_by_value}
