"""Paying silver costs, with gold standing in where it may: workers' wages (``pay_workers``),
the check a won bid shares (``pay_bid``), and paying off debt at the end (``pay_debt``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model.core import Action, Violation, check_params
from referee.model.homesteaders import market
from referee.model.homesteaders.effects import wages
from referee.model.homesteaders.guards import count_problem
from referee.model.homesteaders.state import HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def payment_problem(state: HomesteadersState, i: int, cost: int, gold: int, rule: str,
                    what: str) -> Violation | None:
    hold = state.hold[i]
    player = state.players[i]
    if gold < 0 or gold > hold["gold"] or gold > market.useful_gold(cost):
        problem = market.gold_problem(cost, gold, hold["gold"], hold["silver"])
        return Violation("illegal" if gold >= 0 else "schema", "HS-GOLD-PAY",
                         f"paying {cost} silver for {what}: {problem}", player)
    due = market.silver_due(cost, gold)
    if due > hold["silver"]:
        return Violation("illegal", rule, f"paying {cost} silver for {what}: needs {due} silver "
                         f"after {gold} gold, holds {hold['silver']}", player)
    return None


def check_pay_workers(game: Homesteaders, state: HomesteadersState,
                      event: Action) -> Violation | None:
    bad = check_params(event, {}, {"gold": int}, rule="HS-PAY-WORKERS")
    if bad:
        return bad
    if state.phase not in ("income", "final_income"):
        return Violation("order", "HS-PAY-WORKERS", "workers are paid after the income marker "
                         "and before the next marker, found pay_workers in the "
                         f"{state.phase} phase", event.player)
    i = state.index(event.player)
    if state.paid[i]:
        return Violation("illegal", "HS-PAY-WORKERS", f"{event.player} has already paid workers "
                         "this round", event.player)
    return payment_problem(state, i, wages(game.data, state.hold[i]), event.get("gold", 0),
                           "HS-PAY-WORKERS", "workers")


def apply_pay_workers(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    i = state.index(event.player)
    market.pay_silver_cost(state.hold[i], wages(game.data, state.hold[i]), event.get("gold", 0))
    state.paid[i] = True


def check_pay_debt(game: Homesteaders, state: HomesteadersState,
                   event: Action) -> Violation | None:
    bad = (check_params(event, {"count": int}, {"gold": int}, rule="HS-DEBT-PAY")
           or count_problem(event, "count", "HS-DEBT-PAY"))
    if bad:
        return bad
    if state.phase != "scoring":
        return Violation("order", "HS-DEBT-PAY", "debt is paid off only in the scoring phase, "
                         f"found pay_debt in the {state.phase} phase", event.player)
    problem = market.debt_payoff_problem(game.data, state.hold[state.index(event.player)],
                                         event.get("count"), event.get("gold", 0))
    if problem:
        return Violation("illegal", "HS-DEBT-PAY", f"{event.player} {problem}", event.player)
    return None


def apply_pay_debt(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    market.pay_debt(game.data, state.hold[state.index(event.player)], event.get("count"),
                    event.get("gold", 0))
