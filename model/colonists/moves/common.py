"""Helpers the place actions share: which place the action is at, goods received with their
bonuses and declines, paying at once from Storage, the end of the action."""

from __future__ import annotations

from collections.abc import Mapping

from referee.model.colonists import data as d
from referee.model.colonists import turns
from referee.model.colonists.colonies import (
    exchange_pairs,
    granting,
    laborer_goods,
    level_rule,
    note_room,
    pair_rule,
)
from referee.model.colonists.community import effects_of
from referee.model.colonists.economy import (
    receive,
    receive_problem,
    receive_what_fits,
    spend,
    spend_problem,
    trim,
)
from referee.model.colonists.goods import STORABLE, Bundle, add, bundle_text
from referee.model.colonists.refs import Refused, goods_param, has_param, illegal, schema
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action as ActionEvent
from referee.model.core import Note, Violation, ignore, unknown


def here(s: ColonistsState, e: ActionEvent, kinds: tuple[str, ...], rule: str) -> d.Place | None:
    """The Place (None for a Market, or a Market action at a place that allows one) where the
    current action is taken, checked against the place types ``kinds`` the move belongs to."""
    pending = s.pending
    assert pending is not None and pending.tile is not None
    tile = s.board.tiles[pending.tile]
    if tile.market:
        if "market" not in kinds:
            raise Refused(Violation("order", "CO-MOVE-ACTION", f"{e.name!r} is not a Market "
                                    "action (sell, subsidy, market_action)", e.player))
        if not pending.main:
            raise _carried_out(e)
        return None
    place = s.data.place(tile.slug)
    if place.type not in kinds and place.kind not in kinds:
        if "market" in kinds and pending.market:
            return None  # a Market action where an ability allows one (the Envoy's Diplomat)
        raise Refused(Violation("order", "CO-MOVE-ACTION", f"{e.name!r} is not the action of "
                                f"the {place.name} ({action_names(place)})", e.player))
    if not pending.main:
        raise _carried_out(e)
    return place


def _carried_out(e: ActionEvent) -> Refused:
    return Refused(Violation("order", "CO-MOVE-ACTION", f"the place's action has been carried "
                             f"out already; {e.name!r} is not possible now", e.player))


def market_mode(s: ColonistsState) -> bool:
    """Whether a Market action now is the extra one at a place that is not a Market."""
    pending = s.pending
    return pending is not None and pending.tile is not None and \
        not s.board.tiles[pending.tile].market


def action_names(place: d.Place | None) -> str:
    if place is None:
        return "sell, subsidy or market_action"
    return {"resource": "gather", "sustainer": "gather or sell", "builder": "build",
            "refiner": "refine", "developer": "develop", "librarian": "draw_cards",
            "diplomat": "diplomacy", "head_official": "claim_marker",
            "chief_officer": "claim_marker"}.get(place.kind or place.type, "?")


def with_bonus(s: ColonistsState, i: int, goods: Mapping[str, int], market: bool) -> Bundle:
    """Goods a place gives, with the improvements that add to them (the Axe, the Spade...)."""
    out = dict(goods)
    for bonus in effects_of(s, i, d.PlaceBonus):
        if out.get(bonus.good) and (bonus.markets or not market):
            out[bonus.good] += bonus.amount
    return out


def exchange_param(e: ActionEvent) -> list[tuple[str, str, int]]:
    """``exchange``: the Alchemist's exchanges on receiving, a list of ``[good received, good
    taken instead, count]``."""
    value = e.get("exchange")
    if not isinstance(value, tuple) or not value:
        raise schema(e, "field 'exchange' lists [good received, good taken instead, count] "
                     f"entries, found {value!r}", "CO-ALCHEMIST-1")
    out = []
    for entry in value:
        if not isinstance(entry, tuple) or len(entry) != 3:
            raise schema(e, "an exchange is [good received, good taken instead, count], found "
                         f"{entry!r}", "CO-ALCHEMIST-1")
        a, b, n = entry
        for good in (a, b):
            if good not in STORABLE:
                raise schema(e, "exchange: " + unknown("good", good, STORABLE), "CO-ALCHEMIST-1")
        if type(n) is not int or n < 1:
            raise schema(e, f"exchange: a count is a positive integer, found {n!r}",
                         "CO-ALCHEMIST-1")
        out.append((str(a), str(b), n))
    return out


def exchanged(s: ColonistsState, i: int, e: ActionEvent, goods: Mapping[str, int]) -> Bundle:
    """The goods received once the exchanges the event names are made (the Alchemist: each
    good received may be swapped 1:1 along the pairs of the level reached)."""
    if not has_param(e, "exchange"):
        return dict(goods)
    allowed = exchange_pairs(s, i)
    out = dict(goods)
    swapped: Bundle = {}
    for a, b, n in exchange_param(e):
        if (a, b) not in allowed:
            rule = pair_rule(s, a, b)
            if not allowed:
                raise illegal(e, rule, f"{e.player} exchanges no goods on receiving them (the "
                              "Alchemist colony's ability)")
            raise illegal(e, rule, f"{e.player}'s relation with the Alchemist colony does not "
                          f"exchange {a} for {b}")
        swapped[a] = swapped.get(a, 0) + n
        if swapped[a] > goods.get(a, 0):
            raise illegal(e, rule_of_pair(s, a, b), f"exchanges {swapped[a]} {a} but receives "
                          f"{goods.get(a, 0)} {a} here")
        out[a] -= n
        out[b] = out.get(b, 0) + n
    return {g: n for g, n in out.items() if n}


def rule_of_pair(s: ColonistsState, a: str, b: str) -> str:
    return pair_rule(s, a, b)


def note_exchanges(s: ColonistsState, e: ActionEvent, note: Note) -> None:
    if has_param(e, "exchange"):
        for a, b, _ in exchange_param(e):
            note(pair_rule(s, a, b))


def check_receive(s: ColonistsState, i: int, e: ActionEvent, goods: Mapping[str, int]) -> None:
    problem = receive_problem(s, i, exchanged(s, i, e, goods), goods_param(e, "decline"))
    if problem:
        raise illegal(e, "CO-STORE", problem)


def take(s: ColonistsState, i: int, e: ActionEvent, goods: Mapping[str, int],
         note: Note) -> None:
    decline = goods_param(e, "decline")
    receive(s, i, exchanged(s, i, e, goods), decline)
    if note is ignore:  # what follows only notes rules
        return
    note_exchanges(s, e, note)
    note("CO-STORE")
    if s.p[i].embassies:
        note_room(s, i, None, note)


def check_pay(s: ColonistsState, i: int, e: ActionEvent, cost: Mapping[str, int],
              rule: str, what: str) -> None:
    problem = spend_problem(s, i, cost)
    if problem:
        raise illegal(e, rule, f"{what} costs {bundle_text(cost)}: {problem}")


def pay(s: ColonistsState, i: int, cost: Mapping[str, int], note: Note) -> None:
    """Pay an action's cost from Storage; the Laborer Ambassador's owners get their goods."""
    if any(cost.values()):
        if s.p[i].embassies and note is not ignore:
            note_room(s, i, cost, note)
        spend(s, i, cost)
        note("CO-SPEND")
        for j, goods in laborer_goods(s, i, cost).items():
            receive_what_fits(s, j, goods)
            note("CO-AMBASSADOR-LABORER")


def done(s: ColonistsState, note: Note) -> None:
    """An action at the pending place is complete (the place's own action, or the extra Market
    action when ``pending.doing`` says so): what is still due or allowed follows, else the
    turn ends (or the stage the action interrupted resumes)."""
    p = s.pending
    if p is None:
        turns.finish_turn(s, note)
        return
    note("CO-MOVE-ACTION")
    if p.doing == "market":
        p.market = False
        p.doing = ""
    else:
        p.main = False
        _place_extra(s, p.player, p.tile, note)
    settle(s, note)


def _place_extra(s: ColonistsState, i: int, tile: int | None, note: Note) -> None:
    """What an ability adds to a place's action (the Envoy at the Diplomat: +1 Tool)."""
    if tile is None or s.board.tiles[tile].market:
        return
    slug = s.board.tiles[tile].slug
    for x in effects_of(s, i, d.PlaceExtra):
        if x.place == slug and x.gain:
            receive(s, i, x.gain)
            trim(s, i)
            found = granting(s, lambda a, x=x: a == x, s.p[i].embassies)  # type: ignore[misc]
            note(level_rule(*found) if found else "CO-CARD-EFFECT")


def market_done(s: ColonistsState, note: Note) -> None:
    """A Market action is complete (at a Market, or the extra one elsewhere)."""
    if market_mode(s):
        assert s.pending is not None
        s.pending.doing = "market"
    done(s, note)


def settle(s: ColonistsState, note: Note) -> None:
    """After an action at the pending place: the place's action if it is still due, optional
    follow-ups if any are left, else the end."""
    p = s.pending
    assert p is not None
    if p.main and not p.figure:
        p.what, s.stage = "act", "act"
        return
    if p.main or p.market or p.plays > 0:
        p.what, s.stage = "optional", "optional"
        return
    close(s, note)


def close(s: ColonistsState, note: Note) -> None:
    """The optional follow-ups are over: the turn ends, or the interrupted stage resumes."""
    p = s.pending
    if p is not None and p.resume:
        s.pending = None
        s.stage = p.resume
        return
    turns.finish_turn(s, note)


def times_param(e: ActionEvent, count: int) -> list[int]:
    """``times``: an integer (one option) or a list with one count per option."""
    value = e.get("times", 1 if count == 1 else None)
    if type(value) is int:
        if count != 1:
            raise schema(e, f"field 'times' must list a count for each of the {count} options")
        counts = [value]
    elif isinstance(value, tuple) and len(value) == count and all(
            type(v) is int for v in value):
        counts = list(value)
    else:
        shape = "an integer" if count == 1 else f"a list of {count} integers"
        raise schema(e, f"field 'times' must be {shape}, found {value!r}")
    if any(n < 0 for n in counts) or not any(counts):
        raise schema(e, f"field 'times': counts from 0, at least one above 0, found {value!r}")
    return counts


def recipe_totals(recipes: tuple[d.Recipe, ...], counts: list[int]) -> tuple[Bundle, Bundle]:
    give: Bundle = {}
    get: Bundle = {}
    for recipe, n in zip(recipes, counts, strict=True):
        add(give, recipe.give, n)
        add(get, recipe.get, n)
    return give, get
