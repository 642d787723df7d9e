"""Improvements: drawing at the Librarian, playing at the Developer (and a second card with the
Institute), their effects, limited cards' uses, conversions during production, and the Market's
card actions and the improvements that replace them (rulebook "Improvements and Hand Cards")."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from referee.model.colonists import data as d
from referee.model.colonists.community import effects, effects_of, works
from referee.model.colonists.economy import exchange_problem, receive, spend_problem
from referee.model.colonists.flow import AFTER_PRODUCTION
from referee.model.colonists.goods import STORABLE, Bundle, add, bundle_text, minus
from referee.model.colonists.moves.base import Action, Chance, player_index
from referee.model.colonists.moves.common import (
    check_receive,
    done,
    here,
    pay,
    recipe_totals,
    take,
    times_param,
)
from referee.model.colonists.moves.community import apply_plan, check_slugs, plan_build
from referee.model.colonists.moves.places import market_card, swap, swap_problem
from referee.model.colonists.moves.setup import _chance_refused, _chance_schema, _uniform
from referee.model.colonists.refs import Refused, card_param, goods_param, illegal, schema
from referee.model.colonists.state import ColonistsState, Pending
from referee.model.core import Action as ActionEvent
from referee.model.core import Chance as ChanceEvent
from referee.model.core import Note, Violation, fields

ACT = frozenset({"act"})
CARD_KEYS = frozenset({"card", "decline", "times", "buildings"})


# --------------------------------------------------------------------------- playing a card


def play_cost(s: ColonistsState, i: int, card: d.Improvement) -> Bundle:
    """The printed cost, less the Institute's Tool and with the Scholar's waiver."""
    cost = dict(card.cost)
    if card.kind == "limited":
        cost = {g: n for g, n in cost.items() if g not in STORABLE}  # the card's goods: below
    if cost.get("tools"):
        if effects_of(s, i, d.ImprovementToolWaive):
            cost.pop("tools")
        else:
            discount = sum(x.tool_discount for x in effects_of(s, i, d.InstituteEffect))
            cost["tools"] = max(0, cost["tools"] - discount)
    if card.kind == "limited":
        add(cost, card.on_card)
    return {g: n for g, n in cost.items() if n}


def _card_event(e: ActionEvent, entry: Any) -> ActionEvent:
    """A card to play, as an event of its own (``develop``'s ``cards`` list entries)."""
    if type(entry) is int:
        return ActionEvent.make(e.player, "play", card=entry)
    if hasattr(entry, "items"):
        params = dict(entry.items)
        extra = sorted(set(params) - CARD_KEYS)
        if extra or "card" not in params:
            raise schema(e, f"a card to play has 'card' and its parameters (decline, times, "
                         f"buildings); found {sorted(params)}")
        return ActionEvent(e.player, "play", tuple(params.items()))
    raise schema(e, f"a card to play is its id or an object with 'card', found {entry!r}")


def card_problem(s: ColonistsState, i: int, e: ActionEvent) -> None:
    """Raise Refused when the card ``e`` names cannot be played now by player ``i``."""
    number = card_param(s, e, e.get("card"))
    c = s.p[i]
    if number not in c.hand:
        raise illegal(e, "CO-CARD-PLAY", f"card {number} is not in {e.player}'s hand "
                      f"({', '.join(map(str, c.hand)) or 'empty'})")
    card = s.data.improvements[number]
    cost = play_cost(s, i, card)
    if card.kind == "immediate":
        _immediate_problem(s, i, e, card, cost)
        return
    for key in ("decline", "times", "buildings"):
        if e.has(key) and not (key == "decline" and any(isinstance(x, d.Gain)
                                                       for x in card.effects)):
            raise schema(e, f"{card.name} ({card.kind}) takes no {key!r}")
    gain = _gains(card)
    problem = exchange_problem(s, i, cost, gain, goods_param(e, "decline"))
    if problem:
        raise illegal(e, "CO-CARD-PLAY", f"{card.name} costs {bundle_text(cost)}: {problem}")


def _gains(card: d.Improvement) -> Bundle:
    out: Bundle = {}
    for x in card.effects:
        if isinstance(x, d.Gain):
            add(out, x.goods)
    return out


def _converts(card: d.Improvement) -> d.Convert | None:
    return next((x for x in card.effects if isinstance(x, d.Convert)), None)


def _contract(card: d.Improvement) -> d.Contract | None:
    return next((x for x in card.effects if isinstance(x, d.Contract)), None)


def _immediate_problem(s: ColonistsState, i: int, e: ActionEvent, card: d.Improvement,
                       cost: Bundle) -> None:
    contract = _contract(card)
    if contract is not None:
        if not e.has("buildings"):
            raise schema(e, f"{card.name}: name the buildings ('buildings': "
                         f"[\"{contract.building}\"])")
        check_slugs(s, e)
        plan_build(s, i, e, (contract.building,), contract.limit,
                   {contract.building: contract.price}, rule="CO-CARD-EFFECT")
        return
    give, get = dict(cost), _gains(card)
    convert = _converts(card)
    if convert is not None:
        if e.has("times"):
            counts = times_param(e, len(convert.recipes))
            if convert.limit is not None and sum(counts) > convert.limit:
                raise illegal(e, "CO-CARD-EFFECT", f"{card.name} converts at most "
                              f"{convert.limit} time(s), found {sum(counts)}")
            more_give, more_get = recipe_totals(convert.recipes, counts)
            add(give, more_give)
            add(get, more_get)
    elif e.has("times"):
        raise schema(e, f"{card.name} converts nothing: no 'times'")
    if e.has("buildings"):
        raise schema(e, f"{card.name} builds nothing: no 'buildings'")
    problem = exchange_problem(s, i, give, get, goods_param(e, "decline"))
    if problem:
        raise illegal(e, "CO-CARD-EFFECT", f"{card.name}: {problem}")


def play(s: ColonistsState, i: int, e: ActionEvent, note: Note) -> None:
    number = e.get("card")
    card = s.data.improvements[number]
    c = s.p[i]
    c.hand.remove(number)
    cost = play_cost(s, i, card)
    note("CO-CARD-PLAY")
    note("CO-CARD-EFFECT")
    if card.kind == "immediate":
        contract = _contract(card)
        if contract is not None:
            plan = plan_build(s, i, e, (contract.building,), contract.limit,
                              {contract.building: contract.price}, rule="CO-CARD-EFFECT")
            apply_plan(s, i, plan, note)
        else:
            give, get = dict(cost), _gains(card)
            convert = _converts(card)
            if convert is not None and e.has("times"):
                more_give, more_get = recipe_totals(convert.recipes,
                                                    times_param(e, len(convert.recipes)))
                add(give, more_give)
                add(get, more_get)
            pay(s, i, give, note)
            take(s, i, e, get, note)
        s.discard.append(number)
        return
    pay(s, i, cost, note)
    receive(s, i, _gains(card), goods_param(e, "decline"))
    if card.kind == "permanent":
        c.played.append(number)
    else:
        c.limited[number] = card.uses
    c.changed()


# --------------------------------------------------------------------------- the Developer


def extra_plays(s: ColonistsState, i: int) -> int:
    return sum(x.extra_plays for x in effects_of(s, i, d.InstituteEffect))


class Develop(Action):
    """+2 Tools, then one card (with a working Institute, one more: ``cards``)."""

    name = "develop"
    rules = ("CO-DEVELOP",)
    optional = fields(card=int, cards=list, decline=dict, times=(int, list), buildings=list)
    stages = ACT

    def _events(self, s: ColonistsState, e: ActionEvent) -> list[ActionEvent]:
        if e.has("cards"):
            if e.has("card") or any(e.has(k) for k in ("decline", "times", "buildings")):
                raise schema(e, "give either 'card' (with its parameters) or 'cards'")
            entries = e.get("cards")
            if not entries:
                raise schema(e, "'cards' lists at least one card")
            return [_card_event(e, entry) for entry in entries]
        if not e.has("card"):
            raise schema(e, "the Developer plays a card: field 'card' is missing")
        return [ActionEvent(e.player, "play", tuple((k, v) for k, v in e.params
                                                    if k in CARD_KEYS))]

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        for event in self._events(s, e):
            card_param(s, event, event.get("card"))

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        here(s, e, ("developer",), "CO-DEVELOP")
        i = player_index(s, e)
        events = self._events(s, e)
        if len(events) > 1 + extra_plays(s, i):
            raise illegal(e, "CO-INSTITUTE", f"{e.player} may play {1 + extra_plays(s, i)} "
                          "card(s) here (a second one with a working Institute)")
        trial = _trial(s, i)
        trial.p[i].tools += 2
        for event in events:
            card_problem(trial, i, event)
            play(trial, i, event, lambda rule: None)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        for number in sorted(set(s.p[i].hand)):
            for params in _card_options(s, i, number):
                event = ActionEvent.make(player, "develop", card=number, **params)
                if self.check(s, event) is None:
                    yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        s.p[i].tools += 2
        events = self._events(s, e)
        if len(events) > 1:
            note("CO-INSTITUTE")
        for event in events:
            play(s, i, event, note)
        done(s, note)


def _trial(s: ColonistsState, i: int) -> ColonistsState:
    """A copy of what playing cards can change (player ``i``'s community and the discard pile),
    the rest shared with ``s``."""
    trial = copy.copy(s)
    trial.p = list(s.p)
    trial.p[i] = s.p[i].copy()
    trial.discard = list(s.discard)
    return trial


def _card_options(s: ColonistsState, i: int, number: int) -> list[dict[str, Any]]:
    card = s.data.improvements[number]
    contract = _contract(card)
    if contract is not None:
        return [{"buildings": [contract.building]}]
    gained = {g: n for g, n in _gains(card).items() if g in STORABLE}
    declined = [{"decline": gained}] if gained else []  # a full Storage takes none of it
    convert = _converts(card)
    if convert is not None:
        return [{}, *declined] + [{"times": [1 if j == k else 0
                                             for j in range(len(convert.recipes))]
                                   if len(convert.recipes) > 1 else 1}
                                  for k in range(len(convert.recipes))]
    return [{}, *declined]


# --------------------------------------------------------------------------- the Librarian


def hand_room(s: ColonistsState, i: int) -> int:
    return s.data.hand_limit - len(s.p[i].hand)


def draws(s: ColonistsState, i: int, base: int) -> tuple[int, int]:
    """(cards drawn, cards kept) at a Librarian action that draws ``base``."""
    extra = sum(x.cards for x in effects_of(s, i, d.LibrarianExtra))
    keep = base + extra
    library = sum(x.extra_draw for x in effects_of(s, i, d.LibraryEffect))
    if library:
        return keep + library, keep
    keep = min(keep, hand_room(s, i))
    return keep, keep


def _draw_problem(s: ColonistsState, i: int, e: ActionEvent) -> None:
    if hand_room(s, i) <= 0:
        raise illegal(e, "CO-HAND", f"{e.player} holds {len(s.p[i].hand)} cards: with "
                      f"{s.data.hand_limit} in hand the Librarian cannot be used")


def start_draws(s: ColonistsState, i: int, base: int, note: Note) -> None:
    drawn, keep = draws(s, i, base)
    available = len(s.draw_pile) + len(s.discard)
    drawn = min(drawn, available)
    keep = min(keep, drawn)
    if drawn == 0:
        finish_draws(s, i, note)
        return
    s.pending = Pending("draw", i, s.pending.tile if s.pending else None, drawn, keep)
    s.stage = "draw"


def finish_draws(s: ColonistsState, i: int, note: Note) -> None:
    done(s, note)


class DrawCards(Action):
    name = "draw_cards"
    rules = ("CO-LIBRARIAN", "CO-HAND")
    optional = fields(decline=dict)
    stages = ACT

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        place = here(s, e, ("librarian",), "CO-LIBRARIAN")
        assert place is not None
        i = player_index(s, e)
        _draw_problem(s, i, e)
        check_receive(s, i, e, place.gain)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        event = ActionEvent.make(player, "draw_cards")
        if self.check(s, event) is None:
            yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        place = here(s, e, ("librarian",), "CO-LIBRARIAN")
        assert place is not None
        i = player_index(s, e)
        take(s, i, e, place.gain, note)
        if effects_of(s, i, d.LibraryEffect):
            note("CO-SPECIAL")
        start_draws(s, i, place.draw, note)


class DrawImprovement(Chance):
    name = "draw_improvement"
    rules = ("CO-LIBRARIAN",)
    required = fields(card=int)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("card") not in s.data.improvements:
            raise _chance_schema(e, f"unknown improvement {e.get('card')}")

    def _pile(self, s: ColonistsState) -> list[int]:
        return s.draw_pile if s.draw_pile else s.discard

    def rules_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("card") not in self._pile(s):
            where = "the draw pile" if s.draw_pile else "the reshuffled discard pile"
            raise _chance_refused(e, "CO-LIBRARIAN", f"card {e.get('card')} is not in {where}")

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        return _uniform([ChanceEvent.make("draw_improvement", card=c) for c in self._pile(s)])

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        pending = s.pending
        assert pending is not None
        if not s.draw_pile:
            s.draw_pile, s.discard = s.discard, []
            note("CO-LIBRARIAN")
        s.draw_pile.remove(e.get("card"))
        pending.drawn.append(e.get("card"))
        pending.count -= 1
        if pending.count > 0:
            return
        if pending.keep < len(pending.drawn):
            pending.what = "keep"
            s.stage = "keep"
            return
        s.p[pending.player].hand.extend(pending.drawn)
        done(s, note)


class Keep(Action):
    name = "keep"
    rules = ("CO-LIBRARIAN", "CO-HAND")
    required = fields(cards=list)
    stages = frozenset({"keep"})

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        pending = s.pending
        assert pending is not None
        cards = list(e.get("cards"))
        pool = list(pending.drawn)
        for card in cards:
            if card not in pool:
                raise illegal(e, "CO-LIBRARIAN", f"card {card} was not drawn now (drawn: "
                              f"{', '.join(map(str, pending.drawn))})")
            pool.remove(card)
        hand = len(s.p[pending.player].hand)
        want = min(pending.keep, len(pending.drawn), s.data.hand_limit - hand)
        if len(cards) != want and hand + len(cards) <= s.data.hand_limit:
            raise illegal(e, "CO-LIBRARIAN", f"keep {want} of the cards drawn, found "
                          f"{len(cards)}")
        if hand + len(cards) > s.data.hand_limit:
            raise illegal(e, "CO-HAND", f"{e.player} would hold {hand + len(cards)} cards; at "
                          f"most {s.data.hand_limit}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        from itertools import combinations

        pending = s.pending
        assert player is not None and pending is not None
        want = min(pending.keep, len(pending.drawn),
                   s.data.hand_limit - len(s.p[pending.player].hand))
        for chosen in sorted(set(combinations(sorted(pending.drawn), want))):
            yield ActionEvent.make(player, "keep", cards=list(chosen))

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        pending = s.pending
        assert pending is not None
        cards = list(e.get("cards"))
        rest = list(pending.drawn)
        for card in cards:
            rest.remove(card)
        s.p[pending.player].hand.extend(cards)
        s.discard.extend(rest)
        note("CO-CARD-EFFECT")
        done(s, note)


# --------------------------------------------------------------------------- limited cards


class UseCard(Action):
    """Spend a use of a limited card that is not tied to a move (the Apprentice's Steward)."""

    name = "use_card"
    rules = ("CO-CARD-EFFECT",)
    required = fields(card=int)
    stages = frozenset({"turn"})

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        i = player_index(s, e)
        number = card_param(s, e, e.get("card"))
        if number not in s.p[i].limited:
            raise illegal(e, "CO-CARD-EFFECT", f"card {number} is not in front of {e.player} "
                          "with uses left")
        card = s.data.improvements[number]
        if not any(isinstance(x, d.Apprentice) for x in card.effects):
            raise illegal(e, "CO-CARD-EFFECT", f"{card.name} is used while moving (move's "
                          "'ticket' or 'horse'), not on its own")
        if "apprentice_turns" in s.p[i].used:
            raise illegal(e, "CO-CARD-EFFECT", "an Apprentice's Steward is in play already")

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        from referee.model.colonists.moves.turn import _ensure_stewards, _use_limited

        i = player_index(s, e)
        number = e.get("card")
        effect = next(x for x in s.data.improvements[number].effects
                      if isinstance(x, d.Apprentice))
        c = s.p[i]
        c.used["apprentice_stewards"] = effect.stewards
        c.used["apprentice_turns"] = effect.turns
        _ensure_stewards(s, i)
        _use_limited(s, i, number)


# --------------------------------------------------------------------------- production


class Convert(Action):
    """A conversion an improvement allows during production (the Panel Saw, the Kiln...)."""

    name = "convert"
    rules = ("CO-CARD-EFFECT", "CO-PRODUCE")
    required = fields(card=int, times=(int, list))
    optional = fields(decline=dict)
    who = "anyone"
    stages = AFTER_PRODUCTION

    def _effect(self, s: ColonistsState, i: int, e: ActionEvent) -> d.ProductionConvert:
        number = card_param(s, e, e.get("card"))
        if number not in s.p[i].played:
            raise illegal(e, "CO-CARD-EFFECT", f"card {number} is not in front of {e.player}")
        effect = next((x for x in s.data.improvements[number].effects
                       if isinstance(x, d.ProductionConvert)), None)
        if effect is None:
            raise illegal(e, "CO-CARD-EFFECT", f"{s.data.improvements[number].name} converts "
                          "nothing during production")
        return effect

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        if s.year == 1 and s.stage in ("market_card", "reveal_place") and s.era == 1:
            raise Refused(Violation("order", "CO-PRODUCE", "conversions during production "
                                    "follow the sustenance phase", e.player))
        i = player_index(s, e)
        effect = self._effect(s, i, e)
        counts = times_param(e, len(effect.recipes))
        used = s.p[i].converted.get(e.get("card"), 0)
        if effect.limit is not None and used + sum(counts) > effect.limit:
            raise illegal(e, "CO-CARD-EFFECT", f"converts at most {effect.limit} time(s) a "
                          f"year ({used} used)")
        give, get = recipe_totals(effect.recipes, counts)
        problem = exchange_problem(s, i, give, get, goods_param(e, "decline"))
        if problem:
            raise illegal(e, "CO-CARD-EFFECT", problem)

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        effect = self._effect(s, i, e)
        counts = times_param(e, len(effect.recipes))
        give, get = recipe_totals(effect.recipes, counts)
        pay(s, i, give, note)
        take(s, i, e, get, note)
        c = s.p[i]
        c.converted[e.get("card")] = c.converted.get(e.get("card"), 0) + sum(counts)


# --------------------------------------------------------------------------- Market actions


class MarketAction(Action):
    """The year's card's action at a Market, within its limit."""

    name = "market_action"
    rules = ("CO-MARKET-ACTION",)
    optional = fields(buildings=list, times=(int, list), decline=dict, swap=list, card=int)
    stages = ACT

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        here(s, e, ("market",), "CO-MARKET-ACTION")
        i = player_index(s, e)
        if e.has("card"):
            self._alternative(s, i, e, check=True)
            return
        action = market_card(s).action
        if action.kind in ("build", "remodel"):
            assert action.building is not None
            if not e.has("buildings"):
                raise schema(e, f"name the buildings ('buildings': [\"{action.building}\"])")
            check_slugs(s, e)
            plan_build(s, i, e, (action.building,), action.limit,
                       {action.building: action.cost}, rule="CO-MARKET-ACTION")
        elif action.kind == "refine":
            counts = times_param(e, len(action.recipes))
            if action.limit is not None and sum(counts) > action.limit:
                raise illegal(e, "CO-MARKET-ACTION", f"this card refines at most "
                              f"{action.limit} time(s)")
            give, get = recipe_totals(action.recipes, counts)
            problem = exchange_problem(s, i, give, get, goods_param(e, "decline"))
            if problem:
                raise illegal(e, "CO-MARKET-ACTION", problem)
        elif action.kind == "librarian":
            if hand_room(s, i) <= 0:
                raise illegal(e, "CO-HAND", f"{e.player} holds {len(s.p[i].hand)} cards")
        elif action.kind == "chief_officer" and e.has("swap"):
            swap_problem(s, e)

    def _alternative(self, s: ColonistsState, i: int, e: ActionEvent, check: bool) -> None:
        number = card_param(s, e, e.get("card"))
        alt = next((x for x in s.data.improvements[number].effects
                    if isinstance(x, d.MarketAlternative)), None)
        if number not in s.p[i].played or alt is None:
            raise illegal(e, "CO-CARD-EFFECT", f"{e.player} has no alternative Market action "
                          f"from card {number}")
        if alt.mode == "swap_places":
            if check:
                swap_problem(s, e, adjacent=alt.adjacent)
            else:
                swap(s, e, adjacent=alt.adjacent)
            return
        give = goods_param(e, "give") if e.has("give") else {}
        raise illegal(e, "CO-CARD-EFFECT", f"trades use 'market_trade' ({bundle_text(give)})")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        return iter(())

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        if e.has("card"):
            self._alternative(s, i, e, check=False)
            note("CO-CARD-EFFECT")
            done(s, note)
            return
        action = market_card(s).action
        if action.kind in ("build", "remodel"):
            assert action.building is not None
            plan = plan_build(s, i, e, (action.building,), action.limit,
                              {action.building: action.cost}, rule="CO-MARKET-ACTION")
            apply_plan(s, i, plan, note)
        elif action.kind == "refine":
            give, get = recipe_totals(action.recipes, times_param(e, len(action.recipes)))
            pay(s, i, give, note)
            take(s, i, e, get, note)
        elif action.kind == "librarian":
            start_draws(s, i, action.draw, note)
            return
        elif action.kind in ("head_official", "chief_officer"):
            s.marker = i
            note("CO-START-MARKER")
            if e.has("swap"):
                swap(s, e)
        done(s, note)


class MarketTrade(Action):
    """An alternative Market action that trades goods (the Market Stand; the Trader)."""

    name = "market_trade"
    rules = ("CO-CARD-EFFECT",)
    required = fields(give=dict, get=dict)
    optional = fields(card=int, colony=str)
    stages = ACT

    def _trades(self, s: ColonistsState, i: int, e: ActionEvent) -> tuple[d.Trade, ...]:
        found: list[d.Trade] = []
        for x in effects(s, i):
            if isinstance(x, d.MarketAlternative) and x.mode == "trade":
                found.extend(x.trades)
        if not found:
            raise illegal(e, "CO-CARD-EFFECT", f"{e.player} has no trading Market action")
        return tuple(found)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        here(s, e, ("market",), "CO-MARKET-ACTION")
        i = player_index(s, e)
        give, get = goods_param(e, "give"), goods_param(e, "get")
        if not _tradeable(self._trades(s, i, e), give, get):
            raise illegal(e, "CO-CARD-EFFECT", f"no trade of {e.player}'s gives "
                          f"{bundle_text(get)} for {bundle_text(give)}")
        problem = exchange_problem(s, i, give, get, {})
        if problem:
            raise illegal(e, "CO-SPEND", problem)

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        pay(s, i, goods_param(e, "give"), note)
        receive(s, i, goods_param(e, "get"))
        done(s, note)


def _tradeable(trades: tuple[d.Trade, ...], give: Bundle, get: Bundle) -> bool:
    """Whether ``give`` for ``get`` is a whole number of uses of one trade."""
    for t in trades:
        if not set(give) <= set(t.give) or not set(get) <= set(t.get):
            continue
        g, r = sum(give.values()), sum(get.values())
        if g and g % t.give_count == 0 and r * t.give_count == g // t.give_count * \
                t.get_count * t.give_count:
            return True
    return False


MOVES = (Develop(), DrawCards(), DrawImprovement(), Keep(), UseCard(), Convert(),
         MarketAction(), MarketTrade())
__all__ = ["MOVES", "minus", "spend_problem", "works"]
