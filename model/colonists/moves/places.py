"""The actions of Resource Places, Sustainers, Refiners, the Head Official and Chief Officer, and
the Market's sale and subsidy (rulebook "The Various Place Types")."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.colonists import data as d
from referee.model.colonists.community import room
from referee.model.colonists.economy import exchange_problem, receive, receive_problem
from referee.model.colonists.flow import ACT_STAGES
from referee.model.colonists.goods import Bundle, bundle_text, scaled
from referee.model.colonists.moves.base import Action, player_index
from referee.model.colonists.moves.common import (
    check_receive,
    done,
    exchanged,
    here,
    market_done,
    pay,
    recipe_totals,
    take,
    times_param,
    with_bonus,
)
from referee.model.colonists.moves.memo import MEMO
from referee.model.colonists.refs import goods_param, illegal, place_ref, schema
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action as ActionEvent
from referee.model.core import Note, fields

ACT = ACT_STAGES


def market_card(s: ColonistsState) -> d.MarketCard:
    assert s.market_card is not None
    return s.data.market_cards[f"era_{s.era}.{s.market_card}"]


class Gather(Action):
    name = "gather"
    rules = ("CO-RESOURCE",)
    optional = fields(decline=dict, exchange=list)
    stages = ACT

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        place = here(s, e, ("resource", "sustainer"), "CO-RESOURCE")
        assert place is not None
        i = player_index(s, e)
        check_receive(s, i, e, with_bonus(s, i, place.gain, False))

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        tile = s.board.tiles[s.pending.tile]
        if tile.market:
            return
        place = s.data.place(tile.slug)
        if place.type not in ("resource", "sustainer"):
            return
        i = s.players.index(player)
        goods = with_bonus(s, i, place.gain, False)
        yield from with_declines(s, i, player, "gather", goods, {})

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        place = here(s, e, ("resource", "sustainer"), "CO-RESOURCE")
        assert place is not None
        i = player_index(s, e)
        goods = with_bonus(s, i, place.gain, False)
        if goods != dict(place.gain):
            note("CO-CARD-EFFECT")
        note("CO-SUSTAINER" if place.type == "sustainer" else "CO-RESOURCE")
        take(s, i, e, goods, note)
        done(s, note)


def with_declines(s: ColonistsState, i: int, player: str, name: str, goods: Bundle,
                  params: dict[str, object]) -> Iterator[ActionEvent]:
    """The action taking everything if it fits, else declining just enough of each good."""
    event = ActionEvent.make(player, name, **params)
    if receive_problem(s, i, goods, {}) is None:
        yield event
        return
    pool = dict(s.p[i].stored)
    for g, n in goods.items():
        if g not in ("tools", "dollars"):
            pool[g] = pool.get(g, 0) + n
    over = room(s, i).overflow(pool)
    kinds = sorted(g for g in goods if g not in ("tools", "dollars"))
    found = False
    for good in kinds:
        if goods[good] >= over:
            decline = {good: over}
            if receive_problem(s, i, goods, decline) is None:
                found = True
                yield ActionEvent.make(player, name, **params, decline=decline)
    if found:
        return
    # no one good covers the overflow: decline of several, in order, just enough in all
    decline, left = {}, over
    for good in kinds:
        if left <= 0:
            break
        decline[good] = min(goods[good], left)
        left -= decline[good]
    if decline and receive_problem(s, i, goods, decline) is None:
        yield ActionEvent.make(player, name, **params, decline=decline)


class Sell(Action):
    """A Sustainer's sale (``times`` an integer) or a Market's (a count per offer)."""

    name = "sell"
    rules = ("CO-SPEND",)
    required = fields(times=(int, list))
    stages = ACT

    def _recipes(self, s: ColonistsState, e: ActionEvent) -> tuple[d.Recipe, ...]:
        place = here(s, e, ("market", "sustainer"), "CO-MARKET-SALE")
        if place is None:
            return market_card(s).sales
        if place.sell is None:
            raise illegal(e, "CO-SUSTAINER", f"the {place.name} sells nothing")
        return (place.sell,)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        recipes = self._recipes(s, e)
        counts = times_param(e, len(recipes))
        give, get = recipe_totals(recipes, counts)
        problem = exchange_problem(s, player_index(s, e), give, get, {})
        if problem:
            raise illegal(e, "CO-SPEND", f"selling {bundle_text(give)}: {problem}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        tile = s.board.tiles[s.pending.tile]
        if tile.market:
            recipes = market_card(s).sales
        else:
            place = s.data.place(tile.slug)
            if place.type != "sustainer" or place.sell is None:
                return
            recipes = (place.sell,)
        i = s.players.index(player)
        for k in range(len(recipes)):
            for n in (1, 2):
                counts = [n if j == k else 0 for j in range(len(recipes))]
                give, get = recipe_totals(recipes, counts)
                if exchange_problem(s, i, give, get, {}) is None:
                    yield ActionEvent.make(player, "sell",
                                           times=counts if len(recipes) > 1 else counts[0])

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        recipes = self._recipes(s, e)
        market = here(s, e, ("market", "sustainer"), "CO-MARKET-SALE") is None
        note("CO-MARKET-SALE" if market else "CO-SUSTAINER")
        give, get = recipe_totals(recipes, times_param(e, len(recipes)))
        i = player_index(s, e)
        pay(s, i, give, note)
        receive(s, i, get)
        if market:
            market_done(s, note)
        else:
            done(s, note)


class Subsidy(Action):
    name = "subsidy"
    rules = ("CO-MARKET-SUBSIDY",)
    optional = fields(option=int, decline=dict, exchange=list)
    stages = ACT

    def _goods(self, s: ColonistsState, e: ActionEvent) -> Bundle:
        here(s, e, ("market",), "CO-MARKET-SUBSIDY")
        options = market_card(s).subsidy
        k = e.get("option", 0)
        if not 0 <= k < len(options):
            raise schema(e, f"the card's subsidy has {len(options)} option(s): 'option' is 0"
                         + (" or 1" if len(options) > 1 else "") + f", found {k}")
        return with_bonus(s, player_index(s, e), options[k], True)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        goods = self._goods(s, e)
        check_receive(s, player_index(s, e), e, goods)
        MEMO.keep(s, e, goods)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        if not s.board.tiles[s.pending.tile].market:
            return
        i = s.players.index(player)
        options = market_card(s).subsidy
        for k, goods in enumerate(options):
            params: dict[str, object] = {"option": k} if k else {}
            yield from with_declines(s, i, player, "subsidy", with_bonus(s, i, goods, True),
                                     params)
        everything = with_bonus(s, i, options[0], True)
        if any(g not in ("tools", "dollars") for g in everything):
            yield ActionEvent.make(player, "subsidy", decline={
                g: n for g, n in everything.items() if g not in ("tools", "dollars")})

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        goods = MEMO.take(s, e)
        take(s, i, e, goods if goods is not None else self._goods(s, e), note)
        market_done(s, note)


class Refine(Action):
    name = "refine"
    rules = ("CO-REFINE", "CO-SPEND")
    required = fields(times=(int, list))
    optional = fields(decline=dict, exchange=list)
    stages = ACT

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        place = here(s, e, ("refiner",), "CO-REFINE")
        assert place is not None
        counts = times_param(e, len(place.recipes))
        if place.limit is not None and sum(counts) > place.limit:
            raise illegal(e, "CO-REFINE", f"the {place.name} refines at most {place.limit} "
                          f"time(s), found {sum(counts)}")
        give, get = recipe_totals(place.recipes, counts)
        i = player_index(s, e)
        problem = exchange_problem(s, i, give, exchanged(s, i, e, get), goods_param(e, "decline"))
        if problem:
            raise illegal(e, "CO-REFINE", f"refining {bundle_text(give)} into "
                          f"{bundle_text(get)}: {problem}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        tile = s.board.tiles[s.pending.tile]
        if tile.market:
            return
        place = s.data.place(tile.slug)
        if place.type != "refiner":
            return
        i = s.players.index(player)
        for k in range(len(place.recipes)):
            for n in (1, 2, 3):
                counts = [n if j == k else 0 for j in range(len(place.recipes))]
                if place.limit is not None and n > place.limit:
                    continue
                give, get = recipe_totals(place.recipes, counts)
                if exchange_problem(s, i, give, get, {}) is None:
                    yield ActionEvent.make(player, "refine", times=counts if len(counts) > 1
                                           else counts[0])

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        place = here(s, e, ("refiner",), "CO-REFINE")
        assert place is not None
        i = player_index(s, e)
        give, get = recipe_totals(place.recipes, times_param(e, len(place.recipes)))
        pay(s, i, give, note)
        take(s, i, e, get, note)
        done(s, note)


class ClaimMarker(Action):
    name = "claim_marker"
    rules = ("CO-HEAD-OFFICIAL", "CO-START-MARKER")
    optional = fields(decline=dict, swap=list, exchange=list)
    stages = ACT

    def _place(self, s: ColonistsState, e: ActionEvent) -> d.Place:
        place = here(s, e, ("head_official", "chief_officer"), "CO-HEAD-OFFICIAL")
        assert place is not None
        return place

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        place = self._place(s, e)
        i = player_index(s, e)
        check_receive(s, i, e, with_bonus(s, i, place.gain, False))
        if e.has("swap"):
            if not place.swap_places:
                raise illegal(e, "CO-HEAD-OFFICIAL", f"the {place.name} swaps no Places")
            swap_problem(s, e)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        tile = s.board.tiles[s.pending.tile]
        if tile.market or s.data.place(tile.slug).kind not in ("head_official", "chief_officer"):
            return
        i = s.players.index(player)
        yield from with_declines(s, i, player, "claim_marker",
                                 with_bonus(s, i, s.data.place(tile.slug).gain, False), {})

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        place = self._place(s, e)
        i = player_index(s, e)
        take(s, i, e, with_bonus(s, i, place.gain, False), note)
        s.marker = i
        if e.has("swap"):
            swap(s, e)
        done(s, note)


def swap_problem(s: ColonistsState, e: ActionEvent, adjacent: bool = False,
                 rule: str = "CO-HEAD-OFFICIAL") -> tuple[int, int]:
    """The two unoccupied Place tiles a ``swap`` names (Markets are not swapped); a refusal
    cites ``rule``, the rule of the swap."""
    value = e.get("swap")
    if not isinstance(value, tuple) or len(value) != 2:
        raise schema(e, f"field 'swap' names two places, found {value!r}")
    a = place_ref(s, e, "swap", value[0])
    b = place_ref(s, e, "swap", value[1])
    if a == b:
        raise illegal(e, rule, "a swap needs two different places")
    for t in (a, b):
        tile = s.board.tiles[t]
        if tile.market:
            raise illegal(e, rule, "Markets are not swapped")
        if any(t in c.stewards for c in s.p):
            raise illegal(e, rule, f"the {tile.slug} at {list(tile.cells[0])} is "
                          "occupied: only unoccupied places are swapped")
        held = [name for name, at in sorted(s.ambassadors.items()) if at == t]
        if held:  # the rulebook speaks of "a Place occupied by a Special Ambassador" (Fee)
            raise illegal(e, rule, f"the {tile.slug} at {list(tile.cells[0])} is "
                          f"occupied by the {held[0].capitalize()} Ambassador: only unoccupied "
                          "places are swapped")
    if adjacent and b not in s.board.adjacent_tiles(a):
        raise illegal(e, "CO-CARD-EFFECT", "the two places swapped must be adjacent")
    return a, b


def swap(s: ColonistsState, e: ActionEvent, adjacent: bool = False) -> None:
    a, b = swap_problem(s, e, adjacent)
    ta, tb = s.board.tiles[a], s.board.tiles[b]
    ta.slug, tb.slug = tb.slug, ta.slug
    # the Places trade positions: a Steward that started his three turns on one of them
    # started on the Place, wherever it now lies (CO-MOVE-LEAVE)
    for c in s.p:
        if a in c.block_start or b in c.block_start:
            c.block_start = [b if t == a else a if t == b else t for t in c.block_start]


def swap_pairs(s: ColonistsState, adjacent: bool = False) -> list[list[list[int]]]:
    """Each swap of two unoccupied Places that differ (a swap of equal ones changes nothing),
    named by their first cells, for the explorer."""
    taken = {t for c in s.p for t in c.stewards if t is not None} | set(s.ambassadors.values())
    free = sorted(t for t, tile in s.board.tiles.items() if not tile.market and t not in taken)
    out = []
    for n, a in enumerate(free):
        for b in free[n + 1:]:
            ta, tb = s.board.tiles[a], s.board.tiles[b]
            if ta.slug != tb.slug and (not adjacent or b in s.board.adjacent_tiles(a)):
                out.append([list(ta.cells[0]), list(tb.cells[0])])
    return out


MOVES = (Gather(), Sell(), Subsidy(), Refine(), ClaimMarker())
__all__ = ["MOVES", "scaled"]
