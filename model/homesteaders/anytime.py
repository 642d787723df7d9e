"""Actions a player may take at any time once the game has started: buying and selling at the
market, taking debt, hiring workers, and converting resources at a building that does so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model.core import Action, Violation, check_params
from referee.model.homesteaders import market
from referee.model.homesteaders.data import RESOURCES
from referee.model.homesteaders.guards import count_problem
from referee.model.homesteaders.state import HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def _started(state: HomesteadersState, event: Action) -> Violation | None:
    if state.start is None:
        return Violation("order", "HS-ANYTIME", f"{event.name} before the game has started "
                         "(expected the start_player chance event first)", event.player)
    return None


def _resource(event: Action, key: str, rule: str) -> Violation | None:
    if event.get(key) not in RESOURCES:
        return Violation("schema", rule, f"unknown resource {event.get(key)!r} (expected one of "
                         f"{', '.join(RESOURCES)})", event.player)
    return None


def check_buy(game: Homesteaders, state: HomesteadersState, event: Action) -> Violation | None:
    bad = (check_params(event, {"resource": str}, {"count": int}, rule="HS-MARKET-BUY")
           or count_problem(event, "count", "HS-MARKET-BUY", 1)
           or _resource(event, "resource", "HS-MARKET-BUY")
           or _started(state, event))
    if bad:
        return bad
    res, count = event.get("resource"), event.get("count", 1)
    short = market.missing(state.hold[state.index(event.player)],
                           market.buy_cost(game.data, res, count))
    if short:
        return Violation("illegal", "HS-MARKET-BUY", f"buying {count} {res} {short}",
                         event.player)
    return None


def apply_buy(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    market.buy(game.data, state.hold[state.index(event.player)], event.get("resource"),
               event.get("count", 1))


def check_sell(game: Homesteaders, state: HomesteadersState, event: Action) -> Violation | None:
    bad = (check_params(event, {"resource": str, "count": int}, rule="HS-MARKET-SELL")
           or count_problem(event, "count", "HS-MARKET-SELL")
           or _resource(event, "resource", "HS-MARKET-SELL")
           or _started(state, event))
    if bad:
        return bad
    res, count = event.get("resource"), event.get("count")
    short = market.missing(state.hold[state.index(event.player)],
                           market.sell_need(game.data, res, count))
    if short:
        return Violation("illegal", "HS-MARKET-SELL", f"selling {count} {res} {short}",
                         event.player)
    return None


def apply_sell(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    i = state.index(event.player)
    bonus = sum(v for n, v in game.sale_bonus_buildings.items() if n in state.buildings[i])
    market.sell(game.data, state.hold[i], event.get("resource"), event.get("count"), bonus)


def check_take_debt(game: Homesteaders, state: HomesteadersState,
                    event: Action) -> Violation | None:
    return (check_params(event, {"count": int}, rule="HS-DEBT-TAKE")
            or count_problem(event, "count", "HS-DEBT-TAKE") or _started(state, event))


def apply_take_debt(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    market.take_debt(game.data, state.hold[state.index(event.player)], event.get("count"))


def check_hire(game: Homesteaders, state: HomesteadersState, event: Action) -> Violation | None:
    bad = (check_params(event, {"count": int}, rule="HS-HIRE")
           or count_problem(event, "count", "HS-HIRE") or _started(state, event))
    if bad:
        return bad
    count = event.get("count")
    short = market.missing(state.hold[state.index(event.player)],
                           market.hire_need(game.data, count))
    if short:
        return Violation("illegal", "HS-HIRE", f"hiring {count} workers {short}", event.player)
    return None


def apply_hire(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    market.hire(game.data, state.hold[state.index(event.player)], event.get("count"))


def _convert_target(game: Homesteaders, building: str, source: str | None) -> str | None:
    for src, dst in game.converter_buildings.get(building, ()):
        if source == src or (source is None and len(game.converter_buildings[building]) == 1):
            return dst
    return None


def check_convert(game: Homesteaders, state: HomesteadersState,
                  event: Action) -> Violation | None:
    bad = (check_params(event, {"building": str, "count": int}, {"from": str},
                        rule="HS-CONVERT")
           or count_problem(event, "count", "HS-CONVERT") or _started(state, event))
    if bad:
        return bad
    building, source = event.get("building"), event.get("from")
    if building not in game.data.buildings:
        return Violation("schema", "HS-CONVERT", f"unknown building {building!r}", event.player)
    converters = game.converter_buildings
    if building not in converters:
        return Violation("illegal", "HS-CONVERT", f"convert uses {' or '.join(converters)}, "
                         f"found {building}", event.player)
    sources = [src for src, _ in converters[building]]
    if source is None and len(sources) == 1:
        source = sources[0]
    if source not in sources:
        return Violation("schema", "HS-CONVERT", f"convert at the {building} takes 'from' "
                         f"{' or '.join(sources)}, found {source!r}", event.player)
    i = state.index(event.player)
    if building not in state.buildings[i]:
        return Violation("illegal", "HS-CONVERT", f"{event.player} does not own a {building}",
                         event.player)
    count = event.get("count")
    short = market.missing(state.hold[i], market.convert_need(game.data, source, count))
    if short:
        return Violation("illegal", "HS-CONVERT", f"converting {count} {source} {short}",
                         event.player)
    return None


def apply_convert(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    building = event.get("building")
    source = event.get("from", game.converter_buildings[building][0][0])
    target = _convert_target(game, building, source)
    assert target is not None
    market.convert(game.data, state.hold[state.index(event.player)], source, target,
                   event.get("count"))
