"""The validator's Homesteaders hooks (``HOOKS``), backed by Z3: the cheapest legal way to make a
failed payment or build, and the highest score reachable from a scoring position.

Both read the same constants as the ``payment`` and ``scoring`` topics (the model's data).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

import z3

from referee.checker.solving import encoding_size
from referee.checker.topics import get_topic, model_values
from referee.checker.topics.homesteaders import (
    RESOURCES,
    building_title,
    conversion_flow,
    conversions_of,
)
from referee.model.core import GameEvent, Violation

if TYPE_CHECKING:
    from referee.model.homesteaders.data import HomesteadersData

DEFAULT_TIMEOUT_MS = 2000
# Encodings past this many distinct terms are refused (None) rather than solved: every encoding
# here is of a fixed size, whatever the numbers of a position, so this only guards against one
# that is not.
MAX_TERMS = 5000
# After the least debt, the fewest market actions and the least gold, ties are broken by keeping
# what is worth most at the end (livestock, copper and gold score points; steel, food and wood
# do not) and buying what costs least: one plan, whatever the solver's state.
TIE_BREAK = (*(f"sell_{r}" for r in ("livestock", "copper", "gold", "steel", "food", "wood")),
             *(f"buy_{r}" for r in ("livestock", "copper", "gold", "steel", "food", "wood")))


def _data() -> HomesteadersData:
    from referee.model.homesteaders.data import load_data

    return load_data()


def _count(n: int, word: str) -> str:
    return f"{n} {word}"


def _optimizer(formulas: list[z3.BoolRef], timeout_ms: int) -> z3.Optimize | None:
    """An optimizer holding ``formulas`` under the time limit; None past the size limit."""
    if encoding_size(formulas, MAX_TERMS) > MAX_TERMS:
        return None
    opt = z3.Optimize()
    opt.set("timeout", max(1, int(timeout_ms)))
    opt.add(*formulas)
    return opt


def cheapest_payment(holdings: Mapping[str, int], cost: int, *,
                     timeout_ms: int = DEFAULT_TIMEOUT_MS,
                     need: Mapping[str, int] | None = None,
                     owned: Collection[str] = ()) -> str | None:
    """The cheapest legal way to pay ``cost`` silver from ``holdings`` (silver, gold, trade,
    the resources, debt; missing keys count 0), and to end up holding at least ``need`` of
    each resource (a building's cost), with the conversions and sale bonuses of the buildings
    ``owned`` (the ``payment_buildings`` topic): least debt first, then fewest market actions
    and conversions, then least gold, then the ``TIE_BREAK`` order, so that the plan is unique.
    Returns a message fragment such as ``"the cheapest legal payment: take 2 debt (+4 silver),
    then hand over 3 silver"``, or None when the solver finds nothing in time."""
    topic = get_topic("homesteaders", "payment_buildings")
    inst = topic.instantiate()
    v = inst.terms
    formulas = [*inst.domain, *inst.rules.values()]
    for s in topic.situation:
        if s.sort == "bool":  # owns_BUILDING
            formulas.append(v[s.name] == z3.BoolVal(s.name[len("owns_"):] in owned))
            continue
        value = cost if s.name == "cost" else int(holdings.get(s.name, 0))
        formulas.append(v[s.name] == value)
    conversions = [s.name for s in topic.choices if s.name.startswith("convert_")]
    for resource, amount in (need or {}).items():
        if amount:
            formulas.append(v[f"{resource}_after"] >= amount)
    opt = _optimizer(formulas, timeout_ms)
    if opt is None:
        return None
    actions = z3.Sum(*[v[f"buy_{r}"] for r in RESOURCES], *[v[f"sell_{r}"] for r in RESOURCES],
                     *[v[name] for name in conversions])
    opt.minimize(v["debt_taken"])
    opt.minimize(actions)
    opt.minimize(v["gold_paid"])
    for name in (*TIE_BREAK, *conversions):
        opt.minimize(v[name])
    if opt.check() != z3.sat:
        return None
    names = [s.name for s in topic.choices]
    plan = model_values(opt.model(), v, names)
    data = _data()
    steps: list[str] = []
    if plan["debt_taken"]:
        steps.append(f"take {_count(int(plan['debt_taken']), 'debt')} "
                     f"(+{int(plan['debt_taken']) * data.debt_silver} silver)")
    for verb in ("sell", "buy"):
        for r in RESOURCES:
            n = int(plan[f"{verb}_{r}"])
            if n:
                steps.append(f"{verb} {n} {r}")
    for building, src, dst in conversions_of(data):
        n = int(plan[f"convert_{src}_{dst}"])
        if n:
            steps.append(f"convert {n} {src} into {dst} at the {building_title(building)}")
    if need is None or cost:
        handed = []
        if plan["gold_paid"]:
            handed.append(_count(int(plan["gold_paid"]), "gold"))
        if plan["silver_paid"] or not handed:
            handed.append(_count(int(plan["silver_paid"]), "silver"))
        steps.append("hand over " + " and ".join(handed))
    if not steps:
        return None
    text = ", ".join(steps[:-1])
    text = f"{text}, then {steps[-1]}" if text else steps[-1]
    what = f"payment of {cost}" if need is None else "way to hold the cost"
    return f"the cheapest legal {what}: {text}"


def max_reachable_score(holdings: Mapping[str, int], building_vp: int, bonus_vp: int, *,
                        sale_bonus_silver: int = 0,
                        converts: Collection[tuple[str, str]] = (),
                        timeout_ms: int = DEFAULT_TIMEOUT_MS) -> int | None:
    """The highest final score reachable from a scoring position by legal conversions: market
    buys and sales (a sale gives 1 VP, plus ``sale_bonus_silver`` with the General Store), the
    buildings' conversions ``converts`` (``(from, to)``: the Bank's trade into silver, the
    Market building's wood into food and food into steel, each costing what the model's
    ``convert_need`` says), and paying off debt (5 silver or 1 gold each). ``holdings`` has vp,
    silver, gold, trade, debt and the resources (missing keys 0).

    The debt penalty is its closed form, so the encoding has the same size for 1 debt or a
    billion. Market actions are counted by their net effect, so the result is an upper bound
    (exact whenever no resource needs to be bought before silver for it is at hand). None when
    the solver does not prove a maximum within ``timeout_ms``.
    """
    data = _data()
    hold = {k: int(holdings.get(k, 0)) for k in ("vp", "silver", "gold", "trade", "debt",
                                                 *RESOURCES)}
    buy = {r: z3.Int(f"buy_{r}") for r in RESOURCES}
    sell = {r: z3.Int(f"sell_{r}") for r in RESOURCES}
    pay_silver, pay_gold, penalty = z3.Ints("pay_debt_silver pay_debt_gold penalty")
    made = {(src, dst): z3.Int(f"convert_{src}_{dst}") for src, dst in sorted(set(converts))}
    choices = [*buy.values(), *sell.values(), pay_silver, pay_gold, *made.values()]
    formulas: list[z3.BoolRef] = [c >= 0 for c in choices]

    def converted(good: str) -> z3.ArithRef:
        return conversion_flow(data, made, good)

    def flow(prices: Mapping[str, tuple[str, int]], counts: Mapping[str, z3.ArithRef],
             currency: str) -> z3.ArithRef:
        return z3.Sum(z3.IntVal(0), *[amount * counts[r] for r, (cur, amount) in prices.items()
                                      if cur == currency])

    sales = z3.Sum(*sell.values())
    trade_after = hold["trade"] - data.market_trade_cost * (z3.Sum(*buy.values()) + sales) \
        + converted("trade")
    silver_after = (hold["silver"] + flow(data.sell_price, sell, "silver")
                    - flow(data.buy_price, buy, "silver") + sale_bonus_silver * sales
                    + converted("silver") - data.debt_payoff_silver * pay_silver)
    after = {r: hold[r] + buy[r] - sell[r] + converted(r) for r in RESOURCES}
    after["gold"] = (after["gold"] + flow(data.sell_price, sell, "gold")
                     - flow(data.buy_price, buy, "gold") - data.debt_payoff_gold * pay_gold)
    debt_after = hold["debt"] - pay_silver - pay_gold
    formulas += [trade_after >= 0, silver_after >= 0, debt_after >= 0,
                 *[a >= 0 for a in after.values()],
                 2 * penalty == data.debt_step * debt_after * (debt_after + 1)]
    score = (hold["vp"] + data.sale_vp * sales + building_vp + bonus_vp
             + z3.Sum(z3.IntVal(0), *[points * after[r]
                                      for r, points in data.end_vp_per_resource.items()])
             - penalty)
    opt = _optimizer(formulas, timeout_ms)
    if opt is None:
        return None
    best = opt.maximize(score)
    if opt.check() != z3.sat:
        return None
    reached = opt.model().eval(score, model_completion=True)
    bound = opt.upper(best)
    if not (z3.is_int_value(reached) and z3.is_int_value(bound)
            and reached.as_long() == bound.as_long()):
        return None  # not proven the maximum
    return int(reached.as_long())


# ----------------------------------------------------------------------------- validator hooks

_PAYMENT_RULES = {"HS-PAY-AUTO", "HS-PAY-WORKERS", "HS-PAY-BID", "HS-GOLD-PAY"}


def explain_violation(game: Any, state: Any, event: GameEvent,
                      violation: Violation) -> str | None:
    """For a Homesteaders payment or build refused for lack of means: the cheapest way that
    would have made it legal. None for anything else."""
    from referee.model.homesteaders.moves.building import build_cost

    if violation.kind != "illegal":
        return None
    if violation.rule not in _PAYMENT_RULES and violation.rule != "HS-BUILD-COST":
        return None
    player = violation.player
    if player not in state.players:
        return None
    i = state.players.index(player)
    hold = state.hold[i]
    name = event.name
    if violation.rule == "HS-BUILD-COST" and name == "build":
        need = build_cost(game.data, event.get("building"), event.get("gold_for", ()))
        return cheapest_payment(hold, 0, need=need, owned=_owned(state, i))
    if name == "pay_bid" and event.get("auction") in state.won:
        cost = state.won[event.get("auction")][1]
    elif name == "pay_workers" and state.paid[i]:
        return None  # paid already: no way of paying helps
    elif name == "pay_workers" or violation.rule == "HS-PAY-AUTO":
        cost = game.data.worker_wage * hold["workers"]
    else:
        return None
    return cheapest_payment(hold, cost, owned=_owned(state, i))


def _owned(state: Any, i: int) -> set[str]:
    return set(state.buildings[i])


def audit_score_claim(game: Any, state: Any, player: str, claimed: int) -> str | None:
    """For a Homesteaders final score claimed above the computed one: whether any legal
    conversion from the scoring position (market sales, paying debt) could reach it."""
    if player not in state.players:
        return None
    computed = game.score(state)[player]
    if claimed <= computed.total:
        return None
    i = state.players.index(player)
    owned = [_data().buildings[b] for b in state.buildings[i]]
    if any(b.end_bonus.get("worker") for b in owned):
        return None  # hiring at the scoring (not in the search) may raise the worker bonuses
    best = max_reachable_score(
        state.hold[i], computed.parts.get("buildings", 0), computed.parts.get("bonuses", 0),
        sale_bonus_silver=sum(b.sale_bonus_silver for b in owned),
        converts=[c for b in owned for c in b.converts])
    if best is None or claimed <= best:
        return None
    return (f"impossible: no legal conversion from the scoring position (market sales, the "
            f"buildings' conversions, paying debt) reaches {claimed}; the most is {best}")


class Hooks:
    """What the validator asks of Homesteaders (see ``referee.games.ValidatorHooks``)."""

    def explain(self, game: Any, state: Any, event: GameEvent,
                violation: Violation) -> str | None:
        return explain_violation(game, state, event, violation)

    def audit_score(self, game: Any, state: Any, player: str, claimed: int) -> str | None:
        return audit_score_claim(game, state, player, claimed)


HOOKS = Hooks()
