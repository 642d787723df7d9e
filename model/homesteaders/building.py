"""The building phase: each won auction in turn is paid for (``pay_bid``), then built on
(``build``, and the Train Station's extra building) or its bonus taken (``bonus``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.model.core import Action, Violation, check_params
from referee.model.homesteaders import market
from referee.model.homesteaders.data import RESOURCES, Tile
from referee.model.homesteaders.effects import advance, gain
from referee.model.homesteaders.guards import auction_problem, reward_violation
from referee.model.homesteaders.payments import payment_problem
from referee.model.homesteaders.state import BONUS, BUILT, NEUTRAL, PAID, UNPAID, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def current_auction(state: HomesteadersState) -> int | None:
    paid = [a for a, s in state.step.items() if s >= PAID]
    return max(paid) if paid else None


def tile(game: Homesteaders, state: HomesteadersState, auction: int) -> Tile:
    return game.data.tiles[state.tiles[auction]]


def build_cost(game: Homesteaders, building: str, gold_for: Sequence[str]) -> dict[str, int]:
    cost = dict(game.data.buildings[building].cost)
    for res in gold_for:
        cost[res] -= 1
        cost["gold"] = cost.get("gold", 0) + 1
    return cost


def port_resources(game: Homesteaders, state: HomesteadersState, i: int) -> set[str]:
    """The resources gold may stand in for, by the River Ports player ``i`` owns."""
    return {r for n, rs in game.gold_for_buildings.items() if n in state.buildings[i] for r in rs}


def _won_by(state: HomesteadersState, event: Action) -> Violation | None:
    if state.phase != "building":
        return Violation("order", "HS-BUILD-ORDER", f"{event.name} is for the building phase, "
                         f"found it in the {state.phase} phase", event.player)
    auction = event.get("auction")
    if auction not in state.won:
        how = ("the neutral bid" if state.neutral_auction == auction
               and auction in state.high and state.high[auction][1] == NEUTRAL
               else "no bid")
        return Violation("illegal", "HS-NO-BIDS", f"auction {auction} was won by no player "
                         f"({how}); it is discarded", event.player)
    winner = state.players[state.won[auction][0]]
    if event.player != winner:
        return Violation("order", "HS-BUILD-ORDER", f"auction {auction} was won by {winner}, "
                         f"not {event.player}", event.player)
    return None


def _current(state: HomesteadersState, event: Action) -> Violation | None:
    auction = event.get("auction")
    current = current_auction(state)
    if state.step[auction] == UNPAID:
        return Violation("order", "HS-BUILD-ORDER", f"{event.name} on auction {auction} comes "
                         "after its pay_bid", event.player)
    if current != auction:
        return Violation("order", "HS-BUILD-ORDER", f"auction {auction} is closed: auction "
                         f"{current} is being resolved", event.player)
    return None


def check_pay_bid(game: Homesteaders, state: HomesteadersState,
                  event: Action) -> Violation | None:
    bad = (check_params(event, {"auction": int}, {"gold": int}, rule="HS-PAY-BID")
           or auction_problem(state, event, "HS-PAY-BID") or _won_by(state, event))
    if bad:
        return bad
    auction = event.get("auction")
    if state.step[auction] != UNPAID:
        return Violation("illegal", "HS-PAY-BID", f"the bid on auction {auction} is already "
                         "paid", event.player)
    for a in sorted(state.won):
        if a < auction and state.step[a] == UNPAID:
            return Violation("order", "HS-BUILD-ORDER", f"auction {a} is resolved before "
                             f"auction {auction}; its bid is not paid yet", event.player)
    return payment_problem(state, state.index(event.player), state.won[auction][1],
                           event.get("gold", 0), "HS-PAY-BID", f"the bid on auction {auction}")


def apply_pay_bid(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    auction = event.get("auction")
    i, amount = state.won[auction]
    market.pay_silver_cost(state.hold[i], amount, event.get("gold", 0))
    state.hold[i]["vp"] += tile(game, state, auction).on_pay_bid_vp
    state.step[auction] = PAID
    state.extra_open = False


def _gold_for_problem(game: Homesteaders, state: HomesteadersState, i: int, event: Action,
                      cost: Mapping[str, int]) -> Violation | None:
    gold_for = event.get("gold_for", ())
    for res in gold_for:
        if not isinstance(res, str) or res not in RESOURCES:
            return Violation("schema", "HS-RIVER-PORT", f"gold_for lists resources, found "
                             f"{res!r}", event.player)
    if not gold_for:
        return None
    usable = port_resources(game, state, i)
    if not usable:
        return Violation("illegal", "HS-RIVER-PORT", f"{event.player} pays gold for "
                         f"{', '.join(gold_for)} without a River Port", event.player)
    for res, count in Counter(gold_for).items():
        if res not in usable:
            return Violation("illegal", "HS-RIVER-PORT", f"gold stands in only for "
                             f"{' or '.join(sorted(usable))}, found {res}", event.player)
        if count > cost.get(res, 0):
            return Violation("illegal", "HS-RIVER-PORT", f"gold_for names {count} {res} but the "
                             f"cost has {cost.get(res, 0)}", event.player)
    return None


def check_build(game: Homesteaders, state: HomesteadersState, event: Action) -> Violation | None:
    bad = (check_params(event, {"auction": int, "building": str},
                        {"reward": str, "worker": bool, "gold_for": list, "extra": bool},
                        rule="HS-BUILD-TYPE")
           or auction_problem(state, event, "HS-BUILD-ORDER") or _won_by(state, event))
    if bad:
        return bad
    name = event.get("building")
    if name not in game.data.buildings:
        return Violation("schema", "HS-BUILD-SUPPLY", f"unknown building {name!r}", event.player)
    bad = _current(state, event)
    if bad:
        return bad
    auction = event.get("auction")
    i = state.index(event.player)
    step = state.step[auction]
    extra = event.get("extra", False)
    t = tile(game, state, auction)
    b = game.data.buildings[name]
    if step == BONUS:
        return Violation("order", "HS-BUILD-ORDER", f"the bonus of auction {auction} is taken; "
                         "no building comes after it", event.player)
    if extra:
        if not (step == BUILT and state.extra_open):
            return Violation("illegal", "HS-TRAIN-STATION", "an extra building follows only the "
                             "Train Station built on this auction", event.player)
    else:
        if step == BUILT:
            return Violation("illegal", "HS-BUILD-ORDER", f"a building is already built on "
                             f"auction {auction}", event.player)
        if not t.build:
            return Violation("illegal", "HS-BUILD-TYPE", f"tile {t.id} allows no building",
                             event.player)
        if b.type not in t.build:
            return Violation("illegal", "HS-BUILD-TYPE", f"tile {t.id} allows "
                             f"{' or '.join(t.build)} buildings, found {name} ({b.type})",
                             event.player)
    if name in state.buildings[i]:
        return Violation("illegal", "HS-BUILD-UNIQUE", f"{event.player} already owns a {name}",
                         event.player)
    if state.supply.get(name, 0) < 1:
        return Violation("illegal", "HS-BUILD-SUPPLY", f"no {name} is in the building supply",
                         event.player)
    bad = _gold_for_problem(game, state, i, event, b.cost)
    if bad:
        return bad
    short = market.missing(state.hold[i], build_cost(game, name, event.get("gold_for", ())))
    if short:
        return Violation("illegal", "HS-BUILD-COST", f"building the {name} {short}",
                         event.player)
    if b.on_build_advance != event.has("reward"):
        return Violation("illegal", "HS-TRACK-BUILD",
                         f"building the {name} advances the railroad marker: give a reward"
                         if b.on_build_advance else
                         f"building the {name} gives no railroad advance, found a reward",
                         event.player)
    if b.on_build_advance:
        bad = reward_violation(game, state, i, event.get("reward"), event.player)
        if bad:
            return bad
    if event.has("worker") and not b.on_build_worker:
        return Violation("illegal", "HS-WORKSHOP", f"building the {name} gives no free worker",
                         event.player)
    return None


def apply_build(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    auction, name = event.get("auction"), event.get("building")
    i = state.index(event.player)
    hold = state.hold[i]
    b = game.data.buildings[name]
    for res, amount in build_cost(game, name, event.get("gold_for", ())).items():
        hold[res] -= amount
    for owned in state.buildings[i]:
        hold["vp"] += game.data.buildings[owned].later_build_vp
    state.supply[name] -= 1
    state.buildings[i].append(name)
    gain(hold, b.on_build)
    if b.on_build_discard_debt:
        if hold["debt"] >= b.on_build_discard_debt:
            hold["debt"] -= b.on_build_discard_debt
        else:
            hold["silver"] += game.data.debt_silver * b.on_build_discard_debt
    if b.on_build_worker and event.get("worker", True):
        hold["workers"] += 1
    if b.on_build_advance:
        advance(game.data, hold, event.get("reward"))
    extra = event.get("extra", False)
    state.extra_open = b.extra_build and not extra
    state.step[auction] = BUILT


def check_bonus(game: Homesteaders, state: HomesteadersState, event: Action) -> Violation | None:
    bad = (check_params(event, {"auction": int}, {"worker": bool, "reward": str, "pay": str},
                        rule="HS-BONUS")
           or auction_problem(state, event, "HS-BONUS") or _won_by(state, event)
           or _current(state, event))
    if bad:
        return bad
    auction = event.get("auction")
    i = state.index(event.player)
    if state.step[auction] == BONUS:
        return Violation("illegal", "HS-BONUS", f"the bonus of auction {auction} is already "
                         "taken", event.player)
    t = tile(game, state, auction)
    bonus = t.bonus
    if bonus is None:
        return Violation("illegal", "HS-BONUS", f"tile {t.id} has no bonus", event.player)
    if event.has("worker") and not bonus.worker:
        return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus gives no worker",
                         event.player)
    if bonus.advance != event.has("reward"):
        return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus advances the railroad "
                         "marker: give a reward" if bonus.advance else
                         f"tile {t.id}'s bonus gives no railroad advance, found a reward",
                         event.player)
    if bonus.advance:
        bad = reward_violation(game, state, i, event.get("reward"), event.player)
        if bad:
            return bad
    if event.has("pay") and bonus.pay is None:
        return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus asks no payment",
                         event.player)
    if bonus.pay is not None:
        pay = event.get("pay", bonus.pay)
        if pay not in RESOURCES:
            return Violation("schema", "HS-BONUS", f"unknown resource {pay!r}", event.player)
        if pay != bonus.pay and (pay != "gold"
                                 or bonus.pay not in port_resources(game, state, i)):
            return Violation("illegal", "HS-RIVER-PORT" if pay == "gold" else "HS-BONUS",
                             f"tile {t.id}'s bonus is paid with 1 {bonus.pay}, found {pay}",
                             event.player)
        if state.hold[i][pay] < 1:
            return Violation("illegal", "HS-BONUS", f"tile {t.id}'s bonus needs 1 {pay}, "
                             f"holds 0", event.player)
    return None


def apply_bonus(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    auction = event.get("auction")
    i = state.index(event.player)
    hold = state.hold[i]
    bonus = tile(game, state, auction).bonus
    assert bonus is not None
    if bonus.worker and event.get("worker", True):
        hold["workers"] += 1
    if bonus.advance:
        advance(game.data, hold, event.get("reward"))
    if bonus.pay is not None:
        hold[event.get("pay", bonus.pay)] -= 1
        gain(hold, bonus.gain)
    state.step[auction] = BONUS
    state.extra_open = False

