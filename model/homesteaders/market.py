"""Payments and the marketplace: gold as silver without change, buying, selling, hiring, debt.

The pure functions here (:func:`silver_due`, :func:`gold_problem`, :func:`debt_penalty` lives in
``scoring``) are also what the Z3 encodings are cross-checked against.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping

from referee.model.homesteaders.data import HomesteadersData, load_data


def silver_due(cost: int, gold: int, gold_as_silver: int | None = None) -> int:
    """Silver still owed on a silver ``cost`` after handing over ``gold`` gold (no change)."""
    value = load_data().gold_as_silver if gold_as_silver is None else gold_as_silver
    return max(cost - gold * value, 0)


def useful_gold(cost: int, gold_as_silver: int | None = None) -> int:
    """The most gold that may be handed over for ``cost``: every gold must be needed."""
    value = load_data().gold_as_silver if gold_as_silver is None else gold_as_silver
    return -(-cost // value)


def gold_problem(cost: int, gold: int, gold_held: int, silver_held: int,
                 gold_as_silver: int | None = None) -> str | None:
    """Why paying ``cost`` silver with ``gold`` gold (rest in silver) is impossible, or None."""
    if gold < 0:
        return f"gold handed over must be 0 or more, found {gold}"
    if gold > gold_held:
        return f"hands over {gold} gold but holds {gold_held}"
    most = useful_gold(cost, gold_as_silver)
    if gold > most:
        return f"hands over {gold} gold for a cost of {cost} silver; at most {most} can be used"
    due = silver_due(cost, gold, gold_as_silver)
    if due > silver_held:
        return f"needs {due} silver after {gold} gold but holds {silver_held}"
    return None


def pay_silver_cost(hold: MutableMapping[str, int], cost: int, gold: int) -> None:
    hold["gold"] -= gold
    hold["silver"] -= silver_due(cost, gold)


def missing(hold: Mapping[str, int], need: Mapping[str, int]) -> str | None:
    """'needs 2 wood, holds 1' for a shortfall ('needs 1 wood and 1 steel, holds 0 wood and
    0 steel' for several), or None."""
    for name, amount in need.items():  # the common case first: nothing missing
        if amount and hold.get(name, 0) < amount:
            break
    else:
        return None
    short = [(name, amount) for name, amount in need.items()
             if amount and hold.get(name, 0) < amount]
    if len(short) == 1:
        name, amount = short[0]
        return f"needs {amount} {name}, holds {hold.get(name, 0)}"
    needs = " and ".join(f"{amount} {name}" for name, amount in short)
    holds = " and ".join(f"{hold.get(name, 0)} {name}" for name, _ in short)
    return f"needs {needs}, holds {holds}"


def buy_cost(data: HomesteadersData, resource: str, count: int) -> dict[str, int]:
    currency, price = data.buy_price[resource]
    cost = {"trade": data.market_trade_cost * count}
    cost[currency] = cost.get(currency, 0) + price * count
    return cost


def buy(data: HomesteadersData, hold: MutableMapping[str, int], resource: str, count: int) -> None:
    for name, amount in buy_cost(data, resource, count).items():
        hold[name] -= amount
    hold[resource] += count


def sell_need(data: HomesteadersData, resource: str, count: int) -> dict[str, int]:
    return {"trade": data.market_trade_cost * count, resource: count}


def sell(data: HomesteadersData, hold: MutableMapping[str, int], resource: str, count: int,
         bonus_silver: int) -> None:
    for name, amount in sell_need(data, resource, count).items():
        hold[name] -= amount
    currency, price = data.sell_price[resource]
    hold[currency] += price * count
    hold["vp"] += data.sale_vp * count
    hold["silver"] += bonus_silver * count


def hire_need(data: HomesteadersData, count: int) -> dict[str, int]:
    return {k: v * count for k, v in data.hire_cost.items()}


def hire(data: HomesteadersData, hold: MutableMapping[str, int], count: int) -> None:
    for name, amount in hire_need(data, count).items():
        hold[name] -= amount
    hold["workers"] += count


def take_debt(data: HomesteadersData, hold: MutableMapping[str, int], count: int) -> None:
    hold["debt"] += count
    hold["silver"] += data.debt_silver * count


def convert_need(data: HomesteadersData, source: str, count: int) -> dict[str, int]:
    if source == "trade":  # the Bank: the trade chit itself is what is converted
        return {"trade": count}
    need = {"trade": data.market_trade_cost * count}
    need[source] = need.get(source, 0) + count
    return need


def convert(data: HomesteadersData, hold: MutableMapping[str, int], source: str, target: str,
            count: int) -> None:
    for name, amount in convert_need(data, source, count).items():
        hold[name] -= amount
    hold[target] += count


def debt_payoff_problem(data: HomesteadersData, hold: Mapping[str, int], count: int,
                        gold: int) -> str | None:
    if count > hold["debt"]:
        return f"pays off {count} debt but has {hold['debt']}"
    if not 0 <= gold <= count:
        return f"pays {gold} of {count} debt with gold; expected 0 to {count}"
    if gold * data.debt_payoff_gold > hold["gold"]:
        return f"needs {gold * data.debt_payoff_gold} gold, holds {hold['gold']}"
    silver = (count - gold) * data.debt_payoff_silver
    if silver > hold["silver"]:
        return f"needs {silver} silver to pay off {count - gold} debt, holds {hold['silver']}"
    return None


def pay_debt(data: HomesteadersData, hold: MutableMapping[str, int], count: int,
             gold: int) -> None:
    hold["debt"] -= count
    hold["gold"] -= gold * data.debt_payoff_gold
    hold["silver"] -= (count - gold) * data.debt_payoff_silver
