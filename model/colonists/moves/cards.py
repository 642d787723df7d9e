"""Improvements: drawing at the Librarian, playing at the Developer (and a second card with the
Institute), their effects, limited cards' uses, conversions during production, and the Market's
card actions and the improvements that replace them (rulebook "Improvements and Hand Cards")."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, ClassVar

from referee.model.colonists import data as d
from referee.model.colonists.colonies import (
    decompose,
    discounted,
    granting,
    level_rule,
    player_level_rule,
)
from referee.model.colonists.community import effects_of, stewards_allowed, works
from referee.model.colonists.economy import exchange_problem, spend_problem
from referee.model.colonists.flow import ACT_STAGES, AFTER_PRODUCTION
from referee.model.colonists.goods import STORABLE, Bundle, add, bundle_text, minus
from referee.model.colonists.moves.base import Action, Chance, player_index
from referee.model.colonists.moves.common import (
    check_receive,
    done,
    exchanged,
    here,
    market_done,
    market_mode,
    pay,
    recipe_totals,
    take,
    times_param,
)
from referee.model.colonists.moves.community import (
    apply_plan,
    check_slugs,
    plan_build,
    raze_refs,
    remodel_items,
)
from referee.model.colonists.moves.places import (
    market_card,
    swap,
    swap_pairs,
    swap_problem,
    with_declines,
)
from referee.model.colonists.moves.setup import _chance_refused, _chance_schema, _uniform
from referee.model.colonists.refs import (
    Refused,
    card_param,
    goods_param,
    has_param,
    illegal,
    schema,
    unknown_card,
)
from referee.model.colonists.state import ColonistsState, Pending
from referee.model.core import Action as ActionEvent
from referee.model.core import Chance as ChanceEvent
from referee.model.core import Note, Violation, fields, unknown

ACT = ACT_STAGES
CARD_KEYS = frozenset({"card", "decline", "times", "buildings", "exchange"})


# --------------------------------------------------------------------------- playing a card


def play_cost(s: ColonistsState, i: int, card: d.Improvement, relief: bool = True) -> Bundle:
    """The printed cost, less the Institute's Tool, with the Scholar's waiver (level IV) and
    the Altruist Ambassador's discount (``relief``); a limited card's goods go on it."""
    cost = dict(card.cost)
    if card.kind == "limited":
        cost = {g: n for g, n in cost.items() if g not in STORABLE}  # the card's goods: below
    if cost.get("tools"):
        if effects_of(s, i, d.ImprovementToolWaive):
            cost.pop("tools")
        else:
            discount = sum(x.tool_discount for x in effects_of(s, i, d.InstituteEffect))
            cost["tools"] = max(0, cost["tools"] - discount)
    cost = {g: n for g, n in cost.items() if n}
    if relief:
        cost = discounted(s, i, cost)
    if card.kind == "limited":
        add(cost, card.on_card)
    return cost


def _card_event(e: ActionEvent, entry: Any) -> ActionEvent:
    """A card to play, as an event of its own (``develop``'s ``cards`` list entries)."""
    if type(entry) is int:
        return ActionEvent.make(e.player, e.name, card=entry)
    if hasattr(entry, "items"):
        params = dict(entry.items)
        extra = sorted(set(params) - CARD_KEYS)
        if extra or "card" not in params:
            raise schema(e, f"a card to play has 'card' and its parameters (decline, times, "
                         f"buildings); found {sorted(params)}")
        return ActionEvent(e.player, e.name, tuple(params.items()))
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
    for key in ("decline", "times", "buildings", "exchange"):
        if e.has(key) and not (key in ("decline", "exchange") and any(
                isinstance(x, d.Gain) for x in card.effects)):
            raise schema(e, f"{card.name} ({card.kind}) takes no {key!r}")
    gain = _gains(card)
    problem = exchange_problem(s, i, cost, exchanged(s, i, e, gain), goods_param(e, "decline"))
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
        if not has_param(e, "buildings"):
            raise schema(e, f"{card.name}: name the buildings ('buildings': "
                         f"[\"{contract.building}\"])")
        for key in ("times", "decline", "exchange"):  # it gives no goods and converts none
            if has_param(e, key):
                raise schema(e, f"{card.name} builds and gives no goods: no {key!r}")
        check_slugs(s, e)
        plan_build(s, i, e, (contract.building,), contract.limit,
                   {contract.building: contract.price}, rule="CO-CARD-EFFECT")
        return
    give, get = dict(cost), _gains(card)
    convert = _converts(card)
    if convert is not None:
        if has_param(e, "times"):
            counts = times_param(e, len(convert.recipes))
            if convert.limit is not None and sum(counts) > convert.limit:
                raise illegal(e, "CO-CARD-EFFECT", f"{card.name} converts at most "
                              f"{convert.limit} time(s), found {sum(counts)}")
            more_give, more_get = recipe_totals(convert.recipes, counts)
            add(give, more_give)
            add(get, more_get)
    elif has_param(e, "times"):
        raise schema(e, f"{card.name} converts nothing: no 'times'")
    if has_param(e, "buildings"):
        raise schema(e, f"{card.name} builds nothing: no 'buildings'")
    problem = exchange_problem(s, i, give, exchanged(s, i, e, get), goods_param(e, "decline"))
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
    if cost != play_cost(s, i, card, relief=False):
        note("CO-AMBASSADOR-ALTRUIST")
    if card.cost.get("tools") and effects_of(s, i, d.ImprovementToolWaive):
        note(player_level_rule(s, i, d.ImprovementToolWaive) or "CO-CARD-PLAY")
    if card.kind == "immediate":
        contract = _contract(card)
        if contract is not None:
            plan = plan_build(s, i, e, (contract.building,), contract.limit,
                              {contract.building: contract.price}, rule="CO-CARD-EFFECT")
            apply_plan(s, i, plan, note)
        else:
            give, get = dict(cost), _gains(card)
            convert = _converts(card)
            if convert is not None and has_param(e, "times"):
                more_give, more_get = recipe_totals(convert.recipes,
                                                    times_param(e, len(convert.recipes)))
                add(give, more_give)
                add(get, more_get)
            pay(s, i, give, note)
            take(s, i, e, get, note)
        s.discard.append(number)
        return
    pay(s, i, cost, note)
    take(s, i, e, _gains(card), note)
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
    optional = fields(card=int, cards=list, decline=dict, times=(int, list), buildings=list,
                      exchange=list)
    stages = ACT

    def _events(self, s: ColonistsState, e: ActionEvent) -> list[ActionEvent]:
        if has_param(e, "cards"):
            if has_param(e, "card") or any(e.has(k) for k in ("decline", "times", "buildings",
                                                              "exchange")):
                raise schema(e, "give either 'card' (with its parameters) or 'cards'")
            entries = e.get("cards")
            if not entries:
                raise schema(e, "'cards' lists at least one card")
            return [_card_event(e, entry) for entry in entries]
        if not has_param(e, "card"):
            raise schema(e, "the Developer plays a card: field 'card' is missing")
        return [ActionEvent(e.player, e.name, tuple((k, v) for k, v in e.params
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
        if len(events) == 1:  # one card: checked on a view with the Tools given
            view = s.view()
            view.p = list(s.p)
            c = view.p[i] = s.p[i].view()
            c.tools += 2
            card_problem(view, i, events[0])
            return
        trial = _trial(s, i)
        trial.p[i].tools += 2
        for event in events:
            card_problem(trial, i, event)
            play(trial, i, event, lambda rule: None)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        for number in sorted(set(s.p[i].hand)):
            listed = False
            for params in _card_options(s, i, number):
                event = ActionEvent.make(player, "develop", card=number, **params)
                if self.check(s, event) is None:
                    listed = True
                    yield event
            contract = _contract(s.data.improvements[number])
            if listed or contract is None:
                continue
            for item in _contract_items(s, i, contract, razing=True):  # no spot left
                event = ActionEvent.make(player, "develop", card=number, buildings=[item])
                if self.check(s, event) is None:
                    yield event
                    break

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        s.p[i].tools += 2
        events = self._events(s, e)
        if len(events) > 1:
            note("CO-INSTITUTE")
        for event in events:
            play(s, i, event, note)
        done(s, note)


def developer_possible(s: ColonistsState, i: int, place: d.Place) -> bool:
    """Whether some card of the hand can be played at the Developer, its Tools received: a
    Building Contract that builds, any other card whose cost can be paid (what it gives may be
    declined, a conversion left unused)."""
    c = s.p[i]
    if not c.hand:
        return False
    view = s.view()
    view.p = list(s.p)
    mine = view.p[i] = c.view()
    mine.tools += place.gain.get("tools", 0)
    contracts = []
    for number in sorted(set(c.hand)):  # the cards whose cost is all they ask first
        card = s.data.improvements[number]
        contract = _contract(card)
        if contract is not None:
            contracts.append((number, contract))
        elif spend_problem(view, i, play_cost(view, i, card)) is None:
            return True
    player = s.players[i]
    return any(_contract_possible(view, i, player, number, contract)
               for number, contract in contracts)


def _contract_items(s: ColonistsState, i: int, contract: d.Contract,
                    razing: bool = False) -> list[Any]:
    """The Building Contract's building, and where the copies of the building it upgrades
    differ, a remodel of each copy by name; with ``razing``, the building built in place of
    each of the community's buildings instead (razed for room)."""
    if razing:
        if s.data.buildings[contract.building].upgrade_of is not None:
            return []
        return [{"building": contract.building, "raze": ref} for ref in raze_refs(s, i)]
    items: list[Any] = [contract.building]
    if s.data.buildings[contract.building].upgrade_of is not None:
        items += [x for x in remodel_items(s, i, contract.building) if "#" in x["from"]]
    return items


def _contract_possible(s: ColonistsState, i: int, player: str, number: int,
                       contract: d.Contract) -> bool:
    """Whether a Building Contract builds here: its building plainly, remodelled from one of
    the copies of the upgraded building where they differ, or in place of a building razed."""
    for item in [*_contract_items(s, i, contract), *_contract_items(s, i, contract, True)]:
        try:
            card_problem(s, i, ActionEvent.make(player, "play", card=number, buildings=[item]))
        except Refused:
            continue
        return True
    return False


def _trial(s: ColonistsState, i: int) -> ColonistsState:
    """A copy of what playing cards can change (player ``i``'s community and the discard pile),
    the rest shared with ``s``."""
    trial = s.trial(i)
    trial.discard = list(s.discard)
    return trial


def _card_options(s: ColonistsState, i: int, number: int) -> list[dict[str, Any]]:
    card = s.data.improvements[number]
    contract = _contract(card)
    if contract is not None:
        return [{"buildings": [item]} for item in _contract_items(s, i, contract)]
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


def has_library(s: ColonistsState, i: int) -> bool:
    """A Library (or the Scholar's Embassy counting as one): the hand may go over its limit for
    a moment at the Librarian, and is brought back by discarding from it."""
    return bool(effects_of(s, i, d.LibraryEffect))


def librarian_possible(s: ColonistsState, i: int) -> bool:
    """The Librarian can be used: room in the hand, or a Library (whatever the hand holds)."""
    return hand_room(s, i) > 0 or has_library(s, i)


def draws(s: ColonistsState, i: int, base: int, place: bool = True) -> tuple[int, int]:
    """(cards drawn, cards kept) at a Librarian action that draws ``base``: at the Librarian
    Place (``place``), or a Market card's Librarian action, where cards adding to the
    Librarian's draw (Training) do not count (their text names the Librarian)."""
    extra = sum(x.cards for x in effects_of(s, i, d.LibrarianExtra)) if place else 0
    keep = base + extra
    # a Library and the Scholar's Embassy counting as one draw the Library's cards once
    library = max((x.extra_draw for x in effects_of(s, i, d.LibraryEffect)), default=0)
    if library:
        return keep + library, keep
    keep = min(keep, hand_room(s, i))
    return keep, keep


def _draw_problem(s: ColonistsState, i: int, e: ActionEvent) -> None:
    if not librarian_possible(s, i):
        raise illegal(e, "CO-HAND", f"{e.player} holds {len(s.p[i].hand)} cards: with "
                      f"{s.data.hand_limit} in hand the Librarian cannot be used")


def start_draws(s: ColonistsState, i: int, base: int, note: Note, place: bool = True) -> None:
    drawn, keep = draws(s, i, base, place)
    available = len(s.draw_pile) + len(s.discard)
    drawn = min(drawn, available)
    keep = min(keep, drawn)
    if drawn == 0:
        finish_draws(s, i, note)
        return
    p = s.pending
    if p is None:
        p = s.pending = Pending("draw", i)
    p.what, p.count, p.keep, p.drawn = "draw", drawn, keep, []
    s.stage = "draw"


def finish_draws(s: ColonistsState, i: int, note: Note) -> None:
    """The draws are over: the next community's draws in production; at a place, the
    Scholar's plays (level II), then the action ends."""
    p = s.pending
    if p is not None and p.then == "production":
        next_production_draw(s, note)
        return
    if p is not None and p.drawn:
        plays = sum(x.plays for x in effects_of(s, i, d.PlayOnDraw))
        if plays:
            p.plays = plays + extra_plays(s, i)
    if p is not None:
        # kept or discarded by now: the Scholar's plays come from the hand, and nothing is
        # left to draw or keep
        p.count, p.keep, p.drawn = 0, 0, []
    done(s, note)


def next_production_draw(s: ColonistsState, note: Note) -> None:
    """The Scholar's draws in the production phase (level I), one community after another
    from the start player; then the year goes on."""
    from referee.model.colonists import turns

    while s.drawing:
        i = s.drawing.pop(0)
        found = effects_of(s, i, d.ProductionDraw)
        draw = min(sum(x.draw for x in found), len(s.draw_pile) + len(s.discard))
        if draw <= 0:
            continue
        s.pending = Pending("draw", i, None, draw, min(draw, sum(x.keep for x in found)),
                            then="production")
        s.stage = "draw"
        note("CO-SCHOLAR-1")
        return
    s.pending = None
    turns.after_production(s, note)


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
            raise _chance_schema(e, unknown_card(e.get("card"), s.data.improvements))

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
        hand = len(s.p[pending.player].hand)
        want = min(pending.keep, len(pending.drawn), max(0, s.data.hand_limit - hand))
        over = hand + min(pending.keep, len(pending.drawn)) > s.data.hand_limit
        if pending.drawn and over and has_library(s, pending.player):
            pending.what = "keep"  # keep, then discard from the hand back to its limit
            s.stage = "keep"
            return
        if want == 0 and pending.drawn:  # a full hand: the cards drawn go at once (CO-HAND)
            s.discard.extend(pending.drawn)
            note("CO-HAND")
        elif want < len(pending.drawn):
            pending.what = "keep"
            s.stage = "keep"
            return
        else:
            s.p[pending.player].hand.extend(pending.drawn)
        finish_draws(s, pending.player, note)


class Keep(Action):
    """The cards kept of those drawn; with a Library the hand may pass its limit for a moment
    and ``discard`` names the cards of the hand that bring it back (CO-HAND)."""

    name = "keep"
    rules = ("CO-LIBRARIAN", "CO-HAND")
    required = fields(cards=list)
    optional = fields(discard=list)
    stages = frozenset({"keep"})

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        for key in ("cards", "discard"):
            named = list(e.get(key, ()))
            for value in named:
                card_param(s, e, value)
            if len(set(named)) != len(named):
                twice = next(c for c in named if named.count(c) > 1)
                raise schema(e, f"field {key!r} names card {twice} twice")

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        pending = s.pending
        assert pending is not None
        i = pending.player
        cards = list(e.get("cards"))
        pool = list(pending.drawn)
        for card in cards:
            if card not in pool:
                raise illegal(e, "CO-LIBRARIAN", f"card {card} was not drawn now (drawn: "
                              f"{', '.join(map(str, pending.drawn))})")
            pool.remove(card)
        hand = len(s.p[i].hand)
        limit = s.data.hand_limit
        full = min(pending.keep, len(pending.drawn))
        dropped = list(e.get("discard", ()))
        if dropped and not has_library(s, i):
            raise illegal(e, "CO-HAND", f"{e.player} may not discard from the hand (only a "
                          "Library lets the hand pass its limit and come back to it)")
        if has_library(s, i) and len(cards) <= full:
            # keeping passes the limit for a moment; discarding from the hand brings it back
            after = hand + len(cards)
            need = max(0, after - limit)
            if min(after, limit) != min(hand + full, limit):
                raise illegal(e, "CO-LIBRARIAN", f"keep {full} of the cards drawn (then "
                              f"discard back to {limit}), found {len(cards)}")
            if len(dropped) != need:
                raise illegal(e, "CO-HAND", f"{e.player} would hold {after} cards: discard "
                              f"{need} from the hand (\"discard\": [...]), found "
                              f"{len(dropped)}")
            held = [*s.p[i].hand, *cards]
            for card in dropped:
                if card not in held:
                    raise illegal(e, "CO-HAND", f"card {card} is not in {e.player}'s hand")
                held.remove(card)
            return
        want = min(full, limit - hand)
        if len(cards) != want and hand + len(cards) <= limit:
            raise illegal(e, "CO-LIBRARIAN", f"keep {want} of the cards drawn, found "
                          f"{len(cards)}")
        if hand + len(cards) > limit:
            raise illegal(e, "CO-HAND", f"{e.player} would hold {hand + len(cards)} cards; at "
                          f"most {limit}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        from itertools import combinations

        pending = s.pending
        assert player is not None and pending is not None
        i = pending.player
        hand = list(s.p[i].hand)
        full = min(pending.keep, len(pending.drawn))
        limit = s.data.hand_limit
        want = min(full, max(0, limit - len(hand)))
        for chosen in sorted(set(combinations(sorted(pending.drawn), want))):
            yield ActionEvent.make(player, "keep", cards=list(chosen))
        if not has_library(s, i) or len(hand) + full <= limit or want == full:
            return
        need = len(hand) + full - limit
        held = sorted(set(hand))  # a card kept and let go at once is the form above
        for chosen in sorted(set(combinations(sorted(pending.drawn), full))):
            for dropped in combinations(held, need):
                yield ActionEvent.make(player, "keep", cards=list(chosen),
                                       discard=list(dropped))

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        pending = s.pending
        assert pending is not None
        cards = list(e.get("cards"))
        rest = list(pending.drawn)
        for card in cards:
            rest.remove(card)
        hand = s.p[pending.player].hand
        hand.extend(cards)
        s.discard.extend(rest)
        dropped = list(e.get("discard", ()))
        for card in dropped:
            hand.remove(card)
        s.discard.extend(dropped)
        if dropped:
            note("CO-HAND")
        note("CO-CARD-EFFECT")
        finish_draws(s, pending.player, note)


# --------------------------------------------------------------------------- limited cards


class UseCard(Action):
    """Spend a use of a limited card that is not tied to a move (the Apprentice's Steward).
    Listed: each such card the current player may use now."""

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

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        for number in sorted(s.p[i].limited):
            if any(isinstance(x, d.Apprentice) for x in s.data.improvements[number].effects):
                event = ActionEvent.make(player, "use_card", card=number)
                if self.check(s, event) is None:
                    yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        from referee.model.colonists.moves.turn import _ensure_stewards, _use_limited

        i = player_index(s, e)
        number = e.get("card")
        effect = next(x for x in s.data.improvements[number].effects
                      if isinstance(x, d.Apprentice))
        c = s.p[i]
        # the Apprentice's Stewards take the next numbers; one gained meanwhile comes after
        c.used["apprentice_first"] = stewards_allowed(s, i) + 1
        c.used["apprentice_stewards"] = effect.stewards
        c.used["apprentice_turns"] = effect.turns
        _ensure_stewards(s, i)
        _use_limited(s, i, number)


# --------------------------------------------------------------------------- production


class Convert(Action):
    """A conversion during production: an improvement's (the Panel Saw, the Kiln...) or a
    colony's (the Industrialist's refining at the end of the year, each recipe group within its
    level's limit). ``times`` counts each recipe, the colony's groups one after another.
    Listed: each recipe of each card or colony once (declining just enough when the goods do
    not fit); more at once is the same as single ones in a row."""

    name = "convert"
    rules = ("CO-PRODUCE",)
    # listed where a player decides (the era's start); most conversions fall at chance stages
    # (the next Market card is due), where the table lists no decisions
    enumerated = "partly"
    optional = fields(card=int, colony=str, times=(int, list), give=dict, get=dict,
                      decline=dict, exchange=list)
    who = "anyone"
    stages = AFTER_PRODUCTION

    def _groups(self, s: ColonistsState, i: int, e: ActionEvent
                ) -> list[tuple[int, d.ProductionConvert]]:
        """(the key counting its uses this year, the conversion) of the card or colony named."""
        if has_param(e, "card") == has_param(e, "colony"):
            raise schema(e, "name either the 'card' or the 'colony' that converts",
                         "CO-CARD-EFFECT")
        if has_param(e, "colony"):
            colony = e.get("colony")
            if colony not in s.data.colonies:
                raise schema(e, unknown("colony", colony, sorted(s.data.colonies)))
            level = s.p[i].embassies.get(colony, 0)
            found = [x for x in s.data.abilities(colony, level)
                     if isinstance(x, d.ProductionConvert)]
            if not found:
                rule = co_rule_for(s, colony)
                raise illegal(e, rule, f"{e.player}'s relation with the {colony} colony "
                              "converts nothing during production")
            base = 100 * (sorted(s.data.colonies).index(colony) + 1)
            return [(-(base + k), x) for k, x in enumerate(found)]
        number = card_param(s, e, e.get("card"))
        if number not in s.p[i].played:
            raise illegal(e, "CO-CARD-EFFECT", f"card {number} is not in front of {e.player}")
        effect = next((x for x in s.data.improvements[number].effects
                       if isinstance(x, d.ProductionConvert)), None)
        if effect is None:
            raise illegal(e, "CO-CARD-EFFECT", f"{s.data.improvements[number].name} converts "
                          "nothing during production")
        return [(number, effect)]

    def _counts(self, s: ColonistsState, i: int, e: ActionEvent
                ) -> list[tuple[int, d.ProductionConvert, list[int]]]:
        groups = self._groups(s, i, e)
        if has_param(e, "give") or has_param(e, "get"):
            if has_param(e, "times"):
                raise schema(e, "give either 'times' or the goods ('give', 'get')",
                             "CO-PRODUCE")
            counts = self._from_goods(s, i, e, groups)
        elif not has_param(e, "times"):
            raise schema(e, "name the conversions: 'times' (a count per recipe) or the goods "
                         "('give', 'get')", "CO-PRODUCE")
        else:
            counts = times_param(e, sum(len(x.recipes) for _, x in groups))
        out = []
        for key, x in groups:
            out.append((key, x, counts[:len(x.recipes)]))
            counts = counts[len(x.recipes):]
        return out

    def _from_goods(self, s: ColonistsState, i: int, e: ActionEvent,
                    groups: list[tuple[int, d.ProductionConvert]]) -> list[int]:
        """The recipe counts that turn ``give`` into ``get`` within this year's uses left."""
        give, get = goods_param(e, "give"), goods_param(e, "get")
        c = s.p[i]
        found = convert_counts([(x, None if x.limit is None else x.limit - c.converted.get(k, 0))
                                for k, x in groups], give, get)
        if found is not None:
            return found
        rule = self._rule(s, e)
        if has_param(e, "colony"):  # the level whose conversions would do it
            colony = e.get("colony")
            levels = s.data.colonies[colony].levels
            for level in sorted(levels):
                mine = [(x, x.limit) for x in levels[level].abilities
                        if isinstance(x, d.ProductionConvert)]
                if mine and convert_counts(mine, give, get) is not None:
                    rule = level_rule(colony, level)
                    break
        raise illegal(e, rule, f"{e.player}'s conversions this year do not turn "
                      f"{bundle_text(give)} into {bundle_text(get)}")

    def _rule(self, s: ColonistsState, e: ActionEvent) -> str:
        return co_rule_for(s, e.get("colony")) if has_param(e, "colony") else "CO-CARD-EFFECT"

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        if s.year == 1 and s.stage in ("market_card", "reveal_place") and s.era == 1:
            raise Refused(Violation("order", "CO-PRODUCE", "conversions during production "
                                    "follow the sustenance phase", e.player))
        i = player_index(s, e)
        if has_param(e, "exchange"):
            raise illegal(e, "CO-ALCHEMIST-1", "goods converted during production are "
                          "produced: the Alchemist never exchanges them")
        give: Bundle = {}
        get: Bundle = {}
        for key, x, counts in self._counts(s, i, e):
            used = s.p[i].converted.get(key, 0)
            if x.limit is not None and used + sum(counts) > x.limit:
                rule = self._rule(s, e)
                if has_param(e, "colony"):
                    rule = _limit_rule(s, e.get("colony"), x, used + sum(counts))
                raise illegal(e, rule, f"converts {' or '.join(_recipe_text(r) for r in x.recipes)}"
                              f" at most {x.limit} time(s) a year ({used} used)")
            more_give, more_get = recipe_totals(x.recipes, counts)
            add(give, more_give)
            add(get, more_get)
        problem = exchange_problem(s, i, give, get, goods_param(e, "decline"))
        if problem:
            raise illegal(e, self._rule(s, e), problem)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        c = s.p[i]
        sources: list[tuple[dict[str, Any], list[d.ProductionConvert]]] = []
        for number in c.played:
            found = [x for x in s.data.improvements[number].effects
                     if isinstance(x, d.ProductionConvert)]
            if found:
                sources.append(({"card": number}, found[:1]))
        for colony, level in sorted(c.embassies.items()):
            found = [x for x in s.data.abilities(colony, level)
                     if isinstance(x, d.ProductionConvert)]
            if found:
                sources.append(({"colony": colony}, found))
        for params, groups in sources:
            recipes = [r for x in groups for r in x.recipes]
            for j, recipe in enumerate(recipes):
                times: int | list[int] = 1 if len(recipes) == 1 else [
                    int(k == j) for k in range(len(recipes))]
                event = ActionEvent.make(player, "convert", **params, times=times)
                if self.check(s, event) is None:
                    yield event
                    continue
                for declined in with_declines(s, i, player, "convert", dict(recipe.get),
                                              {**params, "times": times}):
                    if self.check(s, declined) is None:
                        yield declined

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        c = s.p[i]
        give: Bundle = {}
        get: Bundle = {}
        for key, x, counts in self._counts(s, i, e):
            more_give, more_get = recipe_totals(x.recipes, counts)
            add(give, more_give)
            add(get, more_get)
            if sum(counts):
                c.converted[key] = c.converted.get(key, 0) + sum(counts)
                if has_param(e, "colony"):
                    note(_limit_rule(s, e.get("colony"), x, 0))
        if not has_param(e, "colony"):
            note("CO-CARD-EFFECT")
        pay(s, i, give, note)
        take(s, i, e, get, note)


def convert_counts(groups: list[tuple[d.ProductionConvert, int | None]], give: Bundle,
                   get: Bundle) -> list[int] | None:
    """A count per recipe (the groups one after another, each within its uses left) that
    turns ``give`` into ``get`` exactly; None if there is none."""
    recipes = [(r, k) for k, (x, _) in enumerate(groups) for r in x.recipes]
    big = sum(give.values()) + 1  # no limit: as many as the goods allow
    left = [big if n is None else n for _, n in groups]
    counts = [0] * len(recipes)

    def search(j: int, rest_give: Bundle, rest_get: Bundle) -> bool:
        if j == len(recipes):
            return not any(rest_give.values()) and not any(rest_get.values())
        recipe, k = recipes[j]
        top = min([rest_give.get(g, 0) // n for g, n in recipe.give.items()] +
                  [rest_get.get(g, 0) // n for g, n in recipe.get.items()] + [left[k]])
        for n in range(top, -1, -1):
            counts[j] = n
            left[k] -= n
            g2 = {g: m - recipe.give.get(g, 0) * n for g, m in rest_give.items()}
            r2 = {g: m - recipe.get.get(g, 0) * n for g, m in rest_get.items()}
            ok = search(j + 1, g2, r2)
            left[k] += n
            if ok:
                return True
        counts[j] = 0
        return False

    if not give or not get or not search(0, dict(give), dict(get)):
        return None
    return list(counts)


def co_rule_for(s: ColonistsState, colony: str) -> str:
    found = granting(s, lambda x: isinstance(x, d.ProductionConvert), (colony,))
    return level_rule(*found) if found else "CO-CARD-EFFECT"


def _limit_rule(s: ColonistsState, colony: str, x: d.ProductionConvert, wanted: int) -> str:
    """The lowest level of the colony that converts these recipes ``wanted`` times a year
    (``wanted`` 0: the lowest that converts them at all)."""
    levels = s.data.colonies[colony].levels
    for level in sorted(levels):
        for y in levels[level].abilities:
            if isinstance(y, d.ProductionConvert) and all(r in y.recipes for r in x.recipes) and (
                    y.limit is None or y.limit >= wanted):
                return level_rule(colony, level)
    return co_rule_for(s, colony)


def _recipe_text(r: d.Recipe) -> str:
    return f"{bundle_text(r.give)} to {bundle_text(r.get)}"


# --------------------------------------------------------------------------- Market actions


class MarketAction(Action):
    """The year's card's action at a Market, within its limit. Listed: each count of the card's
    buildings up to its limit (a building razed for room when none fits), each remodel source,
    each mix of its recipes up to its limit (declining just enough when the goods do not fit),
    the draw or the marker as they are, a swap of two unoccupied Places that differ (swapping
    equal ones changes nothing) with the marker or a card's alternative."""

    name = "market_action"
    rules = ("CO-MARKET-ACTION",)
    optional = fields(buildings=list, times=(int, list), decline=dict, swap=list, card=int,
                      exchange=list)
    stages = ACT

    # the fields each kind of the card's action reads (the alternative of a card: ``card``)
    USES: ClassVar[dict[str, frozenset[str]]] = {
        "build": frozenset({"buildings"}), "remodel": frozenset({"buildings"}),
        "refine": frozenset({"times", "decline", "exchange"}), "librarian": frozenset(),
        "head_official": frozenset(), "chief_officer": frozenset({"swap"}),
        "card": frozenset({"card", "swap"})}

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        here(s, e, ("market",), "CO-MARKET-ACTION")
        i = player_index(s, e)
        action = market_card(s).action
        if has_param(e, "swap") and action.kind != "chief_officer" and not has_param(e, "card"):
            raise illegal(e, "CO-MARKET-ACTION", f"the {market_card(s).name} card's Market "
                          "action swaps no Places (only the Chief Officer's does)")
        uses = self.USES["card" if has_param(e, "card") else action.kind]
        unused = [k for k in ("buildings", "times", "decline", "swap", "exchange")
                  if k not in uses and has_param(e, k)]
        if unused:  # what the action cannot do is never written as done
            what = ("a card's alternative Market action" if has_param(e, "card") else
                    f"the {market_card(s).name} card's Market action ({action.kind})")
            raise illegal(e, "CO-MARKET-ACTION", f"{what} takes no "
                          f"{' or '.join(repr(k) for k in unused)}")
        if has_param(e, "card"):
            self._alternative(s, i, e, check=True)
            return
        if action.kind in ("build", "remodel"):
            assert action.building is not None
            if not has_param(e, "buildings"):
                raise schema(e, f"name the buildings ('buildings': [\"{action.building}\"])")
            check_slugs(s, e)
            plan_build(s, i, e, (action.building,), action.limit,
                       {action.building: action.cost}, rule="CO-MARKET-ACTION",
                       builder=False)
        elif action.kind == "refine":
            counts = times_param(e, len(action.recipes))
            if action.limit is not None and sum(counts) > action.limit:
                raise illegal(e, "CO-MARKET-ACTION", f"this card refines at most "
                              f"{action.limit} time(s)")
            give, get = recipe_totals(action.recipes, counts)
            problem = exchange_problem(s, i, give, exchanged(s, i, e, get),
                                       goods_param(e, "decline"))
            if problem:
                raise illegal(e, "CO-MARKET-ACTION", problem)
        elif action.kind == "librarian":
            if not librarian_possible(s, i):
                raise illegal(e, "CO-HAND", f"{e.player} holds {len(s.p[i].hand)} cards")
        elif action.kind == "chief_officer" and has_param(e, "swap"):
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
                swap_problem(s, e, adjacent=alt.adjacent, rule="CO-CARD-EFFECT")
            else:
                swap(s, e, adjacent=alt.adjacent)
            return
        give = goods_param(e, "give") if has_param(e, "give") else {}
        raise illegal(e, "CO-CARD-EFFECT", f"trades use 'market_trade' ({bundle_text(give)})")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        if not s.board.tiles[s.pending.tile].market and not s.pending.market:
            return
        i = s.players.index(player)
        action = market_card(s).action
        if action.kind in ("build", "remodel"):
            yield from self._builds(s, i, player, action)
        elif action.kind == "refine":
            yield from self._refines(s, i, player, action)
        else:
            yield from self._checked(s, [ActionEvent.make(player, "market_action")])
            if action.kind == "chief_officer":
                yield from self._checked(s, (ActionEvent.make(player, "market_action", swap=pair)
                                             for pair in swap_pairs(s)))
        for number in s.p[i].played:
            for alt in s.data.improvements[number].effects:
                if isinstance(alt, d.MarketAlternative) and alt.mode == "swap_places":
                    yield from self._checked(s, (
                        ActionEvent.make(player, "market_action", card=number, swap=pair)
                        for pair in swap_pairs(s, alt.adjacent)))

    def _checked(self, s: ColonistsState, events: Iterable[ActionEvent]
                 ) -> Iterator[ActionEvent]:
        for event in events:
            if self.check(s, event) is None:
                yield event

    def _builds(self, s: ColonistsState, i: int, player: str, action: d.MarketAction
                ) -> Iterator[ActionEvent]:
        slug = action.building
        assert slug is not None
        found = False
        for n in range(1, (action.limit or 1) + 1):
            event = ActionEvent.make(player, "market_action", buildings=[slug] * n)
            if self.check(s, event) is not None:
                break
            found = True
            yield event
        if s.data.buildings[slug].upgrade_of is not None or any(
                isinstance(x, d.ExtraRemodel) and x.target == slug
                for x in effects_of(s, i, d.ExtraRemodel)):
            items = [x for x in remodel_items(s, i, slug) if not found or "#" in x["from"]]
            yield from self._checked(s, (ActionEvent.make(player, "market_action",
                                                          buildings=[x]) for x in items))
        elif not found:  # no spot left: raze one to make room
            yield from self._checked(s, (
                ActionEvent.make(player, "market_action",
                                 buildings=[{"building": slug, "raze": ref}])
                for ref in raze_refs(s, i)))

    def _refines(self, s: ColonistsState, i: int, player: str, action: d.MarketAction
                 ) -> Iterator[ActionEvent]:
        k = len(action.recipes)
        top = action.limit if action.limit is not None else 1
        for counts in product(range(top + 1), repeat=k):
            if not 0 < sum(counts) <= top:
                continue
            times: int | list[int] = counts[0] if k == 1 else list(counts)
            event = ActionEvent.make(player, "market_action", times=times)
            if self.check(s, event) is None:
                yield event
                continue
            _, get = recipe_totals(action.recipes, list(counts))
            yield from self._checked(s, with_declines(s, i, player, "market_action", get,
                                                      {"times": times}))

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        if has_param(e, "card"):
            self._alternative(s, i, e, check=False)
            note("CO-CARD-EFFECT")
            market_done(s, note)
            return
        action = market_card(s).action
        if action.kind in ("build", "remodel"):
            assert action.building is not None
            plan = plan_build(s, i, e, (action.building,), action.limit,
                              {action.building: action.cost}, rule="CO-MARKET-ACTION",
                              builder=False)
            apply_plan(s, i, plan, note)
        elif action.kind == "refine":
            give, get = recipe_totals(action.recipes, times_param(e, len(action.recipes)))
            pay(s, i, give, note)
            take(s, i, e, get, note)
        elif action.kind == "librarian":
            if market_mode(s):
                assert s.pending is not None
                s.pending.doing = "market"
            start_draws(s, i, action.draw, note, place=False)
            return
        elif action.kind in ("head_official", "chief_officer"):
            s.marker = i
            note("CO-START-MARKER")
            if action.kind == "chief_officer" and has_param(e, "swap"):
                swap(s, e)
        market_done(s, note)


class MarketTrade(Action):
    """An alternative Market action that trades goods (the Market Stand; the Trader; the
    Alchemist at level IV): one source's rates, mixed and repeated as often as they allow."""

    name = "market_trade"
    rules = ("CO-MARKET-ACTION",)
    required = fields(give=dict, get=dict)
    optional = fields(card=int, colony=str, exchange=list)
    stages = ACT

    def _sources(self, s: ColonistsState, i: int, e: ActionEvent) -> list[TradeSource]:
        """The player's trading Market actions, or the one named by ``card`` / ``colony``."""
        out = trade_sources(s, i)
        if has_param(e, "card") and has_param(e, "colony"):  # one source trades, never both
            raise schema(e, "name either the 'card' or the 'colony' that trades, not both")
        if has_param(e, "card"):
            out = [x for x in out if x.card == e.get("card")]
            if not out:
                raise illegal(e, "CO-CARD-EFFECT", f"{e.player} has no card "
                              f"{e.get('card')} with a trading Market action in front of them")
        elif has_param(e, "colony"):
            colony = e.get("colony")
            if colony not in s.data.colonies:
                raise schema(e, unknown("colony", colony, sorted(s.data.colonies)))
            out = [x for x in out if x.colony == colony]
            if not out:
                found = granting(s, _trading, (colony,))
                rule = level_rule(*found) if found else "CO-CARD-EFFECT"
                raise illegal(e, rule, f"{e.player}'s relation with the {colony} colony gives "
                              "no trading Market action")
        if not out:
            raise illegal(e, "CO-CARD-EFFECT", f"{e.player} has no trading Market action")
        return out

    def _plan(self, s: ColonistsState, e: ActionEvent) -> tuple[TradeSource, list[int]]:
        i = player_index(s, e)
        give, get = goods_param(e, "give"), goods_param(e, "get")
        sources = self._sources(s, i, e)
        for source in sources:
            counts = decompose(source.trades, give, get, source.limit)
            if counts is not None:
                return source, counts
        raise illegal(e, self._higher_rule(s, sources, give, get),
                      f"no trade of {e.player}'s ({', '.join(x.label for x in sources)}) "
                      f"gives {bundle_text(get)} for {bundle_text(give)}")

    def _higher_rule(self, s: ColonistsState, sources: list[TradeSource], give: Bundle,
                     get: Bundle) -> str:
        """The rule of the colony level that would allow the trade, if one would."""
        for source in sources:
            if source.colony is None:
                continue
            colony = s.data.colonies[source.colony]
            for level in sorted(colony.levels):
                rates = tuple(t for a in colony.levels[level].abilities if _trading(a)
                              for t in a.trades)  # type: ignore[attr-defined]
                if rates and decompose(rates, give, get) is not None:
                    return level_rule(source.colony, level)
            return level_rule(source.colony, source.level)
        return "CO-CARD-EFFECT"

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        here(s, e, ("market",), "CO-MARKET-ACTION")
        i = player_index(s, e)
        self._plan(s, e)
        give, get = goods_param(e, "give"), goods_param(e, "get")
        problem = exchange_problem(s, i, give, exchanged(s, i, e, get), {})
        if problem:
            raise illegal(e, "CO-SPEND", problem)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        if not s.board.tiles[s.pending.tile].market and not s.pending.market:
            return
        for event in trade_events(s, s.players.index(player)):
            if self.check(s, event) is None:
                yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        source, counts = self._plan(s, e)
        for rule in source.rules(s, counts):
            note(rule)
        pay(s, i, goods_param(e, "give"), note)
        take(s, i, e, goods_param(e, "get"), note)
        market_done(s, note)


def trade_events(s: ColonistsState, i: int, every: bool = False) -> Iterator[ActionEvent]:
    """Trades of player ``i``'s rates, unchecked: for each rate the first good held enough of
    for the first other good, or with ``every`` each good held for each other good."""
    c = s.p[i]
    for source in trade_sources(s, i):
        named = {"card": source.card} if source.card is not None else {"colony": source.colony}
        for t in source.trades:
            pays = [g for g in t.give if (c.tools if g == "tools" else c.stored.get(g, 0))
                    >= t.give_count]
            for given in pays if every else pays[:1]:
                wants = [g for g in t.get if g != given]
                for want in wants if every else wants[:1]:
                    yield ActionEvent.make(s.players[i], "market_trade",
                                           give={given: t.give_count},
                                           get={want: t.get_count}, **named)


def _trading(effect: d.Effect) -> bool:
    return isinstance(effect, d.MarketAlternative) and effect.mode == "trade"


@dataclass(frozen=True)
class TradeSource:
    """One trading Market action a player holds: a card's or a colony level's rates."""

    label: str
    trades: tuple[d.Trade, ...]
    limit: int | None
    card: int | None = None
    colony: str | None = None
    level: int = 0

    def rules(self, s: ColonistsState, counts: list[int]) -> list[str]:
        """The rules a trade with these counts uses: the card's effect, or for each rate the
        colony level that brings it."""
        if self.colony is None:
            return ["CO-CARD-EFFECT"]
        colony = s.data.colonies[self.colony]
        out = []
        for t, n in zip(self.trades, counts, strict=True):
            if n:
                level = next(lv for lv in sorted(colony.levels) if any(
                    _trading(a) and t in a.trades  # type: ignore[attr-defined]
                    for a in colony.levels[lv].abilities))
                out.append(level_rule(self.colony, level))
        return sorted(set(out))


def trade_sources(s: ColonistsState, i: int) -> list[TradeSource]:
    out: list[TradeSource] = []
    data = s.data
    for card in s.p[i].played:
        for x in data.improvements[card].effects:
            if isinstance(x, d.MarketAlternative) and x.mode == "trade":
                out.append(TradeSource(f"card {card}", x.trades, x.limit, card=card))
    for colony, level in sorted(s.p[i].embassies.items()):
        for x in data.abilities(colony, level):
            if isinstance(x, d.MarketAlternative) and x.mode == "trade":
                out.append(TradeSource(f"the {colony} colony", x.trades, x.limit,
                                       colony=colony, level=level))
    return out


MOVES = (Develop(), DrawCards(), DrawImprovement(), Keep(), UseCard(), Convert(),
         MarketAction(), MarketTrade())
__all__ = ["MOVES", "minus", "spend_problem", "works"]
