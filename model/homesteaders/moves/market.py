"""The marketplace and debt: buying, selling, hiring, converting at a building that does so and
taking debt, at any time once the game has started; paying debt off, in the scoring phase."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from referee.model.core import Action, Note, Violation, fields, unknown
from referee.model.homesteaders import market
from referee.model.homesteaders.data import RESOURCES
from referee.model.homesteaders.moves.common import (
    Act,
    State,
    count_problem,
    gold_param_problem,
    resource_problem,
)


class _Anytime(Act):
    """A market action: any player, in any stage once the start player is drawn."""

    who = "anyone"

    def check(self, state: State, event: Action) -> Violation | None:
        if state.start is None:
            return Violation("order", "HS-ANYTIME", f"{event.name} before the game has started "
                             "(expected the start_player chance event first)", event.player)
        return self.problem(state, event)

    def problem(self, state: State, event: Action) -> Violation | None:
        return None


class _Trade(_Anytime):
    """Buying or selling one resource at the market's prices: what the trade takes from the
    player (``need``) must be on hand."""

    verb: ClassVar[str]
    default_count: ClassVar[int | None] = None

    def need(self, resource: str, count: int) -> dict[str, int]:
        raise NotImplementedError

    def validate(self, state: State, event: Action) -> Violation | None:
        rule = self.rules[0]
        return (count_problem(event, "count", rule, self.default_count)
                or resource_problem(event, "resource", rule))

    def problem(self, state: State, event: Action) -> Violation | None:
        res, count = event.get("resource"), event.get("count", self.default_count)
        short = market.missing(state.hold[state.seat[event.player]], self.need(res, count))
        if short:
            return Violation("illegal", self.rules[0], f"{self.verb} {count} {res} {short}",
                             event.player)
        return None

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        if state.start is None:
            return
        hold = state.hold[state.seat[player]]
        for res in RESOURCES:
            if not market.missing(hold, self.need(res, 1)):
                yield Action.make(player, self.name, resource=res, count=1)


class Buy(_Trade):
    name = "buy"
    rules = ("HS-MARKET-BUY", "HS-ANYTIME", "HS-VOCAB")
    required = fields(resource=str)
    optional = fields(count=int)
    verb = "buying"
    default_count = 1

    def need(self, resource: str, count: int) -> dict[str, int]:
        return market.buy_cost(self.data, resource, count)

    def apply(self, state: State, event: Action, note: Note) -> None:
        market.buy(self.data, state.hold[state.seat[event.player]], event.get("resource"),
                   event.get("count", 1))


class Sell(_Trade):
    name = "sell"
    rules = ("HS-MARKET-SELL", "HS-ANYTIME", "HS-VOCAB")
    required = fields(resource=str, count=int)
    verb = "selling"

    def need(self, resource: str, count: int) -> dict[str, int]:
        return market.sell_need(self.data, resource, count)

    def apply(self, state: State, event: Action, note: Note) -> None:
        i = state.seat[event.player]
        owned = state.buildings[i]
        bonus = sum(v for n, v in self.game.sale_bonus_buildings.items() if n in owned)
        if bonus:
            note("HS-GENERAL-STORE")
        market.sell(self.data, state.hold[i], event.get("resource"), event.get("count"), bonus)


class TakeDebt(_Anytime):
    name = "take_debt"
    rules = ("HS-DEBT-TAKE", "HS-ANYTIME", "HS-VOCAB")
    required = fields(count=int)

    def validate(self, state: State, event: Action) -> Violation | None:
        return count_problem(event, "count", "HS-DEBT-TAKE")

    def apply(self, state: State, event: Action, note: Note) -> None:
        market.take_debt(self.data, state.hold[state.seat[event.player]], event.get("count"))

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        if state.start is not None:
            yield Action.make(player, "take_debt", count=1)


class Hire(_Anytime):
    name = "hire"
    rules = ("HS-HIRE", "HS-ANYTIME", "HS-VOCAB")
    required = fields(count=int)

    def validate(self, state: State, event: Action) -> Violation | None:
        return count_problem(event, "count", "HS-HIRE")

    def problem(self, state: State, event: Action) -> Violation | None:
        count = event.get("count")
        short = market.missing(state.hold[state.seat[event.player]],
                               market.hire_need(self.data, count))
        if short:
            return Violation("illegal", "HS-HIRE", f"hiring {count} workers {short}",
                             event.player)
        return None

    def apply(self, state: State, event: Action, note: Note) -> None:
        market.hire(self.data, state.hold[state.seat[event.player]], event.get("count"))

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        if (state.start is not None
                and not market.missing(state.hold[state.seat[player]],
                                       market.hire_need(self.data, 1))):
            yield Action.make(player, "hire", count=1)


class Convert(_Anytime):
    name = "convert"
    rules = ("HS-CONVERT", "HS-ANYTIME", "HS-VOCAB")
    required = fields(building=str, count=int)
    optional = fields(**{"from": str})

    def validate(self, state: State, event: Action) -> Violation | None:
        bad = count_problem(event, "count", "HS-CONVERT")
        if bad is not None:
            return bad
        building = event.get("building")
        if building not in self.data.buildings:
            return Violation("schema", "HS-CONVERT",
                             unknown("building", building, self.data.buildings), event.player)
        return None

    def source(self, building: str, given: str | None) -> str | None:
        """The resource converted: ``given``, or the building's only one when none is given."""
        sources = [src for src, _ in self.game.converter_buildings[building]]
        if given is None and len(sources) == 1:
            return sources[0]
        return given if given in sources else None

    def problem(self, state: State, event: Action) -> Violation | None:
        building, given = event.get("building"), event.get("from")
        converters = self.game.converter_buildings
        if building not in converters:
            return Violation("illegal", "HS-CONVERT", f"convert uses {' or '.join(converters)}, "
                             f"found {building}", event.player)
        source = self.source(building, given)
        if source is None:
            sources = [src for src, _ in converters[building]]
            return Violation("schema", "HS-CONVERT", f"convert at the {building} takes 'from' "
                             f"{' or '.join(sources)}, found {given!r}", event.player)
        i = state.seat[event.player]
        if building not in state.buildings[i]:
            return Violation("illegal", "HS-CONVERT", f"{event.player} does not own a "
                             f"{building}", event.player)
        count = event.get("count")
        short = market.missing(state.hold[i], market.convert_need(self.data, source, count))
        if short:
            return Violation("illegal", "HS-CONVERT", f"converting {count} {source} {short}",
                             event.player)
        return None

    def apply(self, state: State, event: Action, note: Note) -> None:
        building = event.get("building")
        source = self.source(building, event.get("from"))
        assert source is not None
        target = dict(self.game.converter_buildings[building])[source]
        market.convert(self.data, state.hold[state.seat[event.player]], source, target,
                       event.get("count"))

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        if state.start is None:
            return
        i = state.seat[player]
        hold = state.hold[i]
        for name, converts in self.game.converter_buildings.items():
            if name not in state.buildings[i]:
                continue
            for src, _ in converts:
                if not market.missing(hold, market.convert_need(self.data, src, 1)):
                    params: dict[str, str | int] = {"building": name, "count": 1}
                    if len(converts) > 1:
                        params["from"] = src
                    yield Action.make(player, "convert", **params)


class PayDebt(Act):
    name = "pay_debt"
    rules = ("HS-DEBT-PAY", "HS-VOCAB")
    required = fields(count=int)
    optional = fields(gold=int)
    stages = frozenset({"scoring"})
    who = "anyone"
    order_rule = "HS-DEBT-PAY"
    when = "comes only in the scoring phase"

    def validate(self, state: State, event: Action) -> Violation | None:
        return count_problem(event, "count", "HS-DEBT-PAY") or gold_param_problem(event)

    def check(self, state: State, event: Action) -> Violation | None:
        problem = market.debt_payoff_problem(self.data, state.hold[state.seat[event.player]],
                                             event.get("count"), event.get("gold", 0))
        if problem:
            return Violation("illegal", "HS-DEBT-PAY", f"{event.player} {problem}", event.player)
        return None

    def apply(self, state: State, event: Action, note: Note) -> None:
        gold = event.get("gold", 0)
        if gold:
            note("HS-GOLD-PAY")
        market.pay_debt(self.data, state.hold[state.seat[event.player]], event.get("count"),
                        gold)

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        hold = state.hold[state.seat[player]]
        for g in (0, 1):
            if not market.debt_payoff_problem(self.data, hold, 1, g):
                yield Action.make(player, "pay_debt", count=1, gold=g)
