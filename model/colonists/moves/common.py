"""Helpers the place actions share: which place the action is at, goods received with their
bonuses and declines, paying at once from Storage, the end of the action."""

from __future__ import annotations

from collections.abc import Mapping

from referee.model.colonists import data as d
from referee.model.colonists import turns
from referee.model.colonists.community import effects_of
from referee.model.colonists.economy import receive, receive_problem, spend, spend_problem
from referee.model.colonists.goods import Bundle, add, bundle_text
from referee.model.colonists.refs import Refused, goods_param, illegal
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action as ActionEvent
from referee.model.core import Note, Violation


def here(s: ColonistsState, e: ActionEvent, kinds: tuple[str, ...], rule: str) -> d.Place | None:
    """The Place (None for a Market) where the current action is taken, checked against the
    place types ``kinds`` the move belongs to."""
    pending = s.pending
    assert pending is not None and pending.tile is not None
    tile = s.board.tiles[pending.tile]
    if tile.market:
        if "market" not in kinds:
            raise Refused(Violation("order", "CO-MOVE-ACTION", f"{e.name!r} is not a Market "
                                    "action (sell, subsidy, market_action)", e.player))
        return None
    place = s.data.place(tile.slug)
    if place.type not in kinds and place.kind not in kinds:
        raise Refused(Violation("order", "CO-MOVE-ACTION", f"{e.name!r} is not the action of "
                                f"the {place.name} ({action_names(place)})", e.player))
    return place


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


def check_receive(s: ColonistsState, i: int, e: ActionEvent, goods: Mapping[str, int]) -> None:
    problem = receive_problem(s, i, goods, goods_param(e, "decline"))
    if problem:
        raise illegal(e, "CO-STORE", problem)


def take(s: ColonistsState, i: int, e: ActionEvent, goods: Mapping[str, int],
         note: Note) -> None:
    decline = goods_param(e, "decline")
    receive(s, i, goods, decline)
    note("CO-STORE")


def check_pay(s: ColonistsState, i: int, e: ActionEvent, cost: Mapping[str, int],
              rule: str, what: str) -> None:
    problem = spend_problem(s, i, cost)
    if problem:
        raise illegal(e, rule, f"{what} costs {bundle_text(cost)}: {problem}")


def pay(s: ColonistsState, i: int, cost: Mapping[str, int], note: Note) -> None:
    if any(cost.values()):
        spend(s, i, cost)
        note("CO-SPEND")


def done(s: ColonistsState, note: Note) -> None:
    note("CO-MOVE-ACTION")
    turns.finish_turn(s, note)


def times_param(e: ActionEvent, count: int) -> list[int]:
    """``times``: an integer (one option) or a list with one count per option."""
    from referee.model.colonists.refs import schema

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
