"""Checking and applying events: the Pionjär game object behind the core ``Game`` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from referee.model.core import Action, Chance, GameEvent, Phase, Score, Violation, check_params
from referee.model.pionjar import auctions, board, cards, city, saloon, turns
from referee.model.pionjar.catalogue import RULES
from referee.model.pionjar.positions import new_state
from referee.model.pionjar.quantities import check_claims, global_quantities, quantities
from referee.model.pionjar.ruleids import rules_for
from referee.model.pionjar.scoring import score, winners
from referee.model.pionjar.state import CHANCE_STAGES, PionjarState

STACKS = ("post", "proclamation", "buffalo", "fish", "gold")

# name -> (required params, optional params, rule named in schema errors)
ACTIONS: dict[str, tuple[dict[str, type], dict[str, type], str]] = {
    "choose_property": ({"property": str}, {}, "PJ-ROAD-CHOOSE"),
    "advance": ({}, {}, "PJ-ALMANAC-MOVE"),
    "enter_trail": ({"trail": str}, {}, "PJ-TRAIL-ENTER"),
    "leave_trail": ({}, {}, "PJ-TRAIL-LEAVE"),
    "roll": ({}, {}, "PJ-TRAIL-LEAVE"),
    "rent_saloon": ({}, {}, "PJ-SALOON-RENT"),
    "decline_saloon": ({}, {}, "PJ-SALOON-RENT"),
    "bid": ({"amount": int}, {}, "PJ-AUCTION-BID"),
    "pass": ({}, {}, "PJ-AUCTION-ORDER"),
    "buy_equipment": ({"kind": str}, {"count": int}, "PJ-EQUIP-BUY"),
    "buy_trading_post": ({}, {}, "PJ-TRADING-POST"),
    "buy_land": ({}, {}, "PJ-REDEEM-FULL"),
    "gamble": ({"stake": int}, {}, "PJ-SALOON-STAKE"),
    "end_turn": ({}, {}, "PJ-TURN-END"),
}

STAGE_ACTIONS: dict[str, tuple[str, ...]] = {
    "choose": ("choose_property",),
    "turn": ("advance", "enter_trail", "leave_trail", "roll"),
    "lease": ("rent_saloon", "decline_saloon"),
    "bid": ("bid", "pass"),
    "after": ("buy_equipment", "buy_trading_post", "buy_land", "gamble", "end_turn"),
}

STAGE_CHANCE = {"start_player": "start_player", "road_roll": "die", "trail_roll": "die",
                "saloon_roll": "die", "rolloff": "die", "draw": "draw"}
STAGE_RULE = {"start_player": "PJ-SETUP-START", "road_roll": "PJ-ROAD-DIE",
              "trail_roll": "PJ-TRAIL-DIE", "saloon_roll": "PJ-SALOON-ROLL",
              "rolloff": "PJ-SALOON-FINAL", "draw": "PJ-SETUP-STACKS"}


class Pionjar:
    name = "pionjar"
    title = "Pionjär"
    min_players = 2
    max_players = 6
    rules = RULES

    # ------------------------------------------------------------------ setup

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> PionjarState:
        return new_state(players, options, position)

    # ------------------------------------------------------------------ chance

    def chance_outcomes(self, state: PionjarState) -> list[tuple[Chance, Fraction]]:
        s = state
        if s.stage == "start_player":
            p = Fraction(1, len(s.players))
            return [(Chance.make("start_player", player=n), p) for n in s.players]
        if s.stage in ("road_roll", "trail_roll", "saloon_roll", "rolloff"):
            roller = s.roller()
            return [(Chance.make("die", player=roller, value=v), Fraction(1, 6))
                    for v in range(1, 7)]
        if s.stage == "draw":
            assert s.draw_stack is not None
            stack = s.stacks[s.draw_stack]
            p = Fraction(1, len(stack))
            return [(Chance.make("draw", stack=s.draw_stack, card=c), p) for c in stack]
        return []

    # ------------------------------------------------------------------ decisions

    def legal_actions(self, state: PionjarState) -> list[GameEvent]:
        s = state
        actor = s.actor()
        if actor is None:
            return []
        ps = s.p[actor]
        out: list[GameEvent] = []
        if s.stage == "choose":
            taken = s.taken()
            out = [Action.make(actor, "choose_property", property=slug)
                   for slug in s.data.properties if slug not in taken]
        elif s.stage == "turn":
            if ps.where == "loop":
                out = [Action.make(actor, "advance")]
                out += [Action.make(actor, "enter_trail", trail=t) for t in s.data.trails]
            else:
                assert ps.trail is not None
                out = [Action.make(actor, "leave_trail")]
                if ps.circle < s.data.trails[ps.trail].length:
                    out.append(Action.make(actor, "roll"))
        elif s.stage == "lease":
            out = [Action.make(actor, "rent_saloon"), Action.make(actor, "decline_saloon")]
        elif s.stage == "bid":
            assert s.auction is not None
            amounts = sorted({s.auction.high + step for step in s.data.bid_steps
                              if s.auction.high + step <= ps.cash})
            out = [Action.make(actor, "bid", amount=a) for a in amounts]
            out.append(Action.make(actor, "pass"))
        elif s.stage == "after":
            if city.in_city(s, actor):
                for kind in city.EQUIPMENT:
                    out += [Action.make(actor, "buy_equipment", kind=kind, count=c)
                            for c in range(1, city.equipment_room(s, actor, kind) + 1)]
                if city.can_buy_trading_post(s, actor):
                    out.append(Action.make(actor, "buy_trading_post"))
                if city.can_buy_land(s, actor):
                    out.append(Action.make(actor, "buy_land"))
            if saloon.can_gamble(s, actor):
                stakes = sorted({x for x in s.data.stake_steps if x <= ps.cash} | {ps.cash})
                out += [Action.make(actor, "gamble", stake=x) for x in stakes]
            out.append(Action.make(actor, "end_turn"))
        return out

    # ------------------------------------------------------------------ check

    def check(self, state: PionjarState, event: GameEvent) -> Violation | None:
        if isinstance(event, Phase):
            return Violation("schema", "PJ-VOCAB", "Pionjär logs have no phase markers; found "
                             f"phase {event.name!r}")
        if isinstance(event, Chance):
            return self._check_chance(state, event)
        if isinstance(event, Action):
            return self._check_action(state, event)
        return Violation("schema", "PJ-VOCAB", f"not a game event: {event!r}")

    def _expected(self, s: PionjarState) -> str:
        if s.stage in CHANCE_STAGES:
            name = STAGE_CHANCE[s.stage]
            if name == "die":
                return f"chance 'die' rolled by {s.roller()}"
            if name == "draw":
                return f"chance 'draw' from the {s.draw_stack} stack"
            return "chance 'start_player'"
        if s.stage == "over":
            return "nothing (the game is over)"
        names = sorted({a.name for a in self.legal_actions(s)})
        return f"a decision by {s.actor()} ({', '.join(names)})"

    def _check_chance(self, s: PionjarState, e: Chance) -> Violation | None:
        if e.name not in ("start_player", "die", "draw"):
            return Violation("schema", "PJ-VOCAB", f"unknown chance event {e.name!r} (known: "
                             "start_player, die, draw)")
        if e.name == "start_player":
            bad = check_params(e, {"player": str}, rule="PJ-SETUP-START")
        elif e.name == "die":
            bad = check_params(e, {"player": str, "value": int}, {"payout": int},
                               rule="PJ-CHANCE-DIE")
        else:
            bad = check_params(e, {"stack": str, "card": str}, rule="PJ-SETUP-STACKS")
        if bad:
            return bad
        if e.name in ("start_player", "die") and e.get("player") not in s.players:
            return Violation("schema", "PJ-VOCAB", f"chance {e.name!r}: unknown player "
                             f"{e.get('player')!r}")
        if e.name == "draw":
            if e.get("stack") not in STACKS:
                return Violation("schema", "PJ-SETUP-STACKS", f"unknown stack "
                                 f"{e.get('stack')!r} (known: {', '.join(STACKS)})")
            if e.get("card") not in s.data.spoils and e.get("card") not in s.data.cards:
                return Violation("schema", "PJ-SETUP-STACKS",
                                 f"unknown card {e.get('card')!r}")
        if s.stage == "over":
            return Violation("order", "PJ-END-MONTH", f"the game is over; found chance "
                             f"{e.name!r}")
        if s.stage not in CHANCE_STAGES:
            return Violation("order", "PJ-TURN-ORDER", f"expected {self._expected(s)}, found "
                             f"chance {e.name!r}")
        wanted = STAGE_CHANCE[s.stage]
        rule = STAGE_RULE[s.stage]
        if e.name != wanted:
            return Violation("chance", rule, f"expected {self._expected(s)}, found chance "
                             f"{e.name!r}")
        if e.name == "die":
            roller = s.roller()
            if e.get("player") != roller:
                return Violation("order", rule, f"the die is {roller}'s to roll, not "
                                 f"{e.get('player')}'s", e.get("player"))
            value = e.get("value")
            if not 1 <= value <= 6:
                return Violation("chance", "PJ-CHANCE-DIE", f"a die shows 1 to 6, found "
                                 f"{value}", roller)
            if e.has("payout"):
                if s.stage != "saloon_roll":
                    return Violation("schema", "PJ-SALOON-ROLL", "field 'payout' belongs only "
                                     "to a Saloon roll")
                due = saloon.payout(s, s.stake, value)
                if e.get("payout") != due:
                    return Violation("chance", "PJ-SALOON-ROLL", f"payout {e.get('payout')} "
                                     f"cannot occur: stake {s.stake}, roll {value} and "
                                     f"{s.saloon} in the Saloon pay {due}", roller)
        if e.name == "draw":
            stack, card = e.get("stack"), e.get("card")
            if stack != s.draw_stack:
                return Violation("chance", "PJ-SETUP-STACKS", f"expected a card from the "
                                 f"{s.draw_stack} stack, found one from the {stack} stack")
            if card not in s.stacks[stack]:
                where = _card_whereabouts(s, card)
                return Violation("chance", "PJ-SETUP-STACKS", f"card {card!r} is not in the "
                                 f"{stack} stack ({where}); {len(s.stacks[stack])} cards "
                                 "can be drawn")
        return None

    def _check_action(self, s: PionjarState, e: Action) -> Violation | None:
        spec = ACTIONS.get(e.name)
        if spec is None:
            return Violation("schema", "PJ-VOCAB", f"unknown action {e.name!r} (known: "
                             f"{', '.join(ACTIONS)})", e.player)
        required, optional, rule = spec
        bad = check_params(e, required, optional, rule=rule)
        if bad:
            return bad
        name = e.player
        if name not in s.players:
            return Violation("schema", "PJ-TURN-ORDER", f"unknown player {name!r}")
        if e.name == "choose_property" and e.get("property") not in s.data.properties:
            return Violation("schema", rule, f"unknown property {e.get('property')!r} (known: "
                             f"{', '.join(s.data.properties)})", name)
        if e.name == "enter_trail" and e.get("trail") not in s.data.trails:
            return Violation("schema", rule, f"unknown trail {e.get('trail')!r} (known: "
                             f"{', '.join(s.data.trails)})", name)
        if e.name == "buy_equipment" and e.get("kind") not in city.EQUIPMENT:
            return Violation("schema", rule, f"unknown equipment {e.get('kind')!r} (known: "
                             "harvest, axe)", name)
        if s.stage == "over":
            return Violation("order", "PJ-END-MONTH", f"the game is over; found action "
                             f"{e.name!r}", name)
        if s.stage in CHANCE_STAGES:
            return Violation("order", STAGE_RULE[s.stage], f"expected {self._expected(s)}, "
                             f"found action {e.name!r} by {name}", name)
        actor = s.actor()
        if name != actor:
            return Violation("order", "PJ-TURN-ORDER", f"it is {actor}'s decision, not "
                             f"{name}'s (expected {self._expected(s)})", name)
        if e.name not in STAGE_ACTIONS[s.stage]:
            return Violation("order", _stage_rule(s.stage), f"{e.name!r} is not possible now; "
                             f"expected {self._expected(s)}", name)
        return self._legal(s, e)

    def _legal(self, s: PionjarState, e: Action) -> Violation | None:
        name = e.player
        ps = s.p[name]
        act = e.name
        if act == "choose_property":
            prop = e.get("property")
            holder = s.taken().get(prop)
            if holder is not None:
                return Violation("illegal", "PJ-ROAD-CHOOSE", f"{prop} is already taken by "
                                 f"{holder}; free: {', '.join(_free(s))}", name)
        elif act in ("advance", "enter_trail") and ps.where != "loop":
            return Violation("order", "PJ-TRAIL-LEAVE", f"{name} is on the {ps.trail} trail; "
                             f"expected leave_trail or roll, found {act}", name)
        elif act in ("leave_trail", "roll"):
            if ps.where != "trail":
                return Violation("order", "PJ-ALMANAC-CHOICE", f"{name} is on the square "
                                 f"spaces; expected advance or enter_trail, found {act}", name)
            assert ps.trail is not None
            if act == "roll" and ps.circle >= s.data.trails[ps.trail].length:
                return Violation("illegal", "PJ-TRAIL-LEAVE", f"{name} is at the last circle "
                                 f"of the {ps.trail} trail and must leave it", name)
        elif act == "bid":
            assert s.auction is not None
            amount = e.get("amount")
            if amount <= s.auction.high:
                return Violation("illegal", "PJ-AUCTION-BID", f"bid {amount} does not exceed "
                                 f"the high bid {s.auction.high}", name)
            if amount > ps.cash:
                return Violation("illegal", "PJ-AUCTION-BID", f"bid {amount} exceeds {name}'s "
                                 f"cash {ps.cash} (cash only)", name)
        elif act in ("buy_equipment", "buy_trading_post", "buy_land"):
            if not city.in_city(s, name):
                return Violation("illegal", "PJ-CITY-VISIT", f"{name} is not visiting Pioneer "
                                 f"City this turn; {act} is only possible there", name)
            return self._legal_purchase(s, e)
        elif act == "gamble":
            if ps.where not in ("loop", "trail"):
                return Violation("illegal", "PJ-SALOON-WHEN", f"{name} cannot play in the "
                                 f"Saloon while {_where(ps.where)}", name)
            if s.gambled:
                return Violation("illegal", "PJ-SALOON-WHEN", f"{name} has already played in "
                                 "the Saloon this turn", name)
            stake = e.get("stake")
            if stake < 1:
                return Violation("illegal", "PJ-SALOON-STAKE", f"a stake must be at least 1, "
                                 f"found {stake}", name)
            if stake > ps.cash:
                return Violation("illegal", "PJ-SALOON-STAKE", f"stake {stake} exceeds "
                                 f"{name}'s cash {ps.cash}", name)
        return None

    def _legal_purchase(self, s: PionjarState, e: Action) -> Violation | None:
        name = e.player
        ps = s.p[name]
        if e.name == "buy_equipment":
            kind, count = e.get("kind"), e.get("count", 1)
            assert ps.prop is not None
            prop = s.data.properties[ps.prop]
            slots = (prop.fields if kind == "harvest" else prop.stands) - getattr(ps, kind)
            unit = "fields" if kind == "harvest" else "stands"
            cost = count * s.data.equipment_price
            if count < 1:
                return Violation("illegal", "PJ-EQUIP-BUY", f"count must be at least 1, found "
                                 f"{count}", name)
            if count > slots:
                return Violation("illegal", "PJ-EQUIP-BUY", f"{prop.name} has room for {slots} "
                                 f"more {kind} card(s) (one per {unit[:-1]}), found {count}", name)
            if count > s.equipment_left(kind):
                return Violation("illegal", "PJ-EQUIP-BUY", f"the bank has "
                                 f"{s.equipment_left(kind)} {kind} card(s) left, found {count}",
                                 name)
            if cost > ps.cash:
                return Violation("illegal", "PJ-EQUIP-BUY", f"{count} {kind} card(s) cost "
                                 f"{cost}, {name} has {ps.cash}", name)
        elif e.name == "buy_trading_post":
            if s.trading_post is not None:
                return Violation("illegal", "PJ-TRADING-POST", f"the trading post belongs to "
                                 f"{s.trading_post}", name)
            if ps.cash < s.data.trading_post_price:
                return Violation("illegal", "PJ-TRADING-POST", f"the trading post costs "
                                 f"{s.data.trading_post_price}, {name} has {ps.cash}", name)
        else:
            if ps.land != "defaulted":
                return Violation("illegal", "PJ-REDEEM-FULL", f"{name}'s land is "
                                 f"{_land(ps.land)}; only land not redeemed after the first "
                                 "lap is bought at full value", name)
            assert ps.prop is not None
            full = s.data.properties[ps.prop].full_value
            if ps.cash < full:
                return Violation("illegal", "PJ-REDEEM-FULL", f"the full value is {full}, "
                                 f"{name} has {ps.cash}", name)
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, state: PionjarState, event: GameEvent) -> None:
        s = state
        if isinstance(event, Chance):
            self._apply_chance(s, event)
            return
        assert isinstance(event, Action)
        name, act = event.player, event.name
        if act == "choose_property":
            s.p[name].dest = event.get("property")
            s.stage = "road_roll"
        elif act == "advance":
            if not board.loop_move(s, name):
                turns.to_after(s)
        elif act == "enter_trail":
            board.enter_trail(s, name, event.get("trail"))
        elif act == "leave_trail":
            if not board.leave_trail(s, name):
                turns.to_after(s)
        elif act == "roll":
            s.stage = "trail_roll"
        elif act in ("rent_saloon", "decline_saloon"):
            cards.decide_lease(s, name, act == "rent_saloon")
            turns.to_after(s)
        elif act in ("bid", "pass"):
            running = (auctions.bid(s, name, event.get("amount")) if act == "bid"
                       else auctions.pass_(s, name))
            if not running:
                turns.to_after(s)
        elif act == "buy_equipment":
            city.buy_equipment(s, name, event.get("kind"), event.get("count", 1))
            turns.to_after(s)
        elif act == "buy_trading_post":
            city.buy_trading_post(s, name)
            turns.to_after(s)
        elif act == "buy_land":
            city.buy_land(s, name)
            turns.to_after(s)
        elif act == "gamble":
            saloon.gamble(s, name, event.get("stake"))
        elif act == "end_turn":
            turns.end_turn(s)

    def _apply_chance(self, s: PionjarState, e: Chance) -> None:
        if e.name == "start_player":
            turns.start_first_turn(s, e.get("player"))
            return
        if e.name == "die":
            name, value = e.get("player"), e.get("value")
            if s.stage == "road_roll":
                board.road_roll(s, name, value)
                turns.to_after(s)
            elif s.stage == "trail_roll":
                if not board.trail_roll(s, name, value):
                    turns.to_after(s)
            elif s.stage == "saloon_roll":
                saloon.roll(s, name, value)
                turns.to_after(s)
            else:
                saloon.rolloff_roll(s, name, value)
            return
        stack, card = e.get("stack"), e.get("card")
        purpose = s.draw_for
        cards.take(s, stack, card)
        current = s.players[s.turn]
        if purpose == "post":
            pending = cards.follow_post(s, current, card)
        elif purpose == "proclamation":
            pending = cards.follow_proclamation(s, current, card)
        elif purpose == "trail":
            s.p[current].spoils.append(card)
            pending = False
        else:
            pending = auctions.revealed(s, card)
        if not pending:
            turns.to_after(s)

    def rules_for(self, state: PionjarState, event: GameEvent) -> Sequence[str]:
        """The rule ids ``check`` verified for an accepted event, and those of the automatic
        effects it sets off (``referee coverage``)."""
        return rules_for(self, state, event)

    # ------------------------------------------------------------------ results

    def is_over(self, state: PionjarState) -> bool:
        return state.stage == "over"

    def score(self, state: PionjarState) -> dict[str, Score]:
        return score(state)

    def winners(self, state: PionjarState) -> list[str]:
        return winners(state)

    def check_claims(self, state: PionjarState, claims: Mapping[str, Any]) -> list[Violation]:
        return check_claims(state, claims)

    def quantities(self, state: PionjarState, player: str) -> dict[str, int]:
        return quantities(state, player)

    def global_quantities(self, state: PionjarState) -> dict[str, int]:
        return global_quantities(state)


def _free(s: PionjarState) -> list[str]:
    taken = s.taken()
    return [slug for slug in s.data.properties if slug not in taken]


def _where(where: str) -> str:
    return {"road": "still on the road", "prison": "in prison"}.get(where, f"on the {where}")


def _land(land: str) -> str:
    return {"none": "not registered", "squatter": "still in its first lap",
            "owner": "already owned"}.get(land, land)


def _stage_rule(stage: str) -> str:
    return {"choose": "PJ-ROAD-CHOOSE", "turn": "PJ-ALMANAC-CHOICE", "lease": "PJ-SALOON-RENT",
            "bid": "PJ-AUCTION-ORDER", "after": "PJ-TURN-END"}.get(stage, "PJ-TURN-ORDER")


def _card_whereabouts(s: PionjarState, card: str) -> str:
    if card in s.removed:
        return "it has left the game"
    for name, ps in s.p.items():
        if card in ps.spoils or card in ps.kept:
            return f"{name} holds it"
    for stack, pile in s.discards.items():
        if card in pile:
            return f"it lies on the {stack} discard pile"
    for stack, pile in s.stacks.items():
        if card in pile:
            return f"it belongs to the {stack} stack"
    return "it is elsewhere"
