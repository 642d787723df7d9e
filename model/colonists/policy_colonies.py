"""The simulator's player (``policy.py``) for the colonies' own actions: charity, the Special
Ambassadors, the optional follow-ups (the Scholar's play, the Envoy's Market action, the
Alchemist Ambassador's action), the Lord's alternative, the Storekeeper's replacement, the
yearly choices and the Industrialist's refining, and a later start's display. Each function
proposes one event (or None); the player checks it before playing it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from referee.model.colonists import colonies as cl
from referee.model.colonists import community as co
from referee.model.colonists import data as d
from referee.model.colonists import turns
from referee.model.colonists.economy import exchange_problem, spend_problem
from referee.model.colonists.goods import STORABLE, Bundle, add
from referee.model.colonists.later import budget, last_skipped
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, GameEvent

if TYPE_CHECKING:
    from referee.model.colonists.policy import ColonistsPlayer, Eval

# what a later start's display buys first, in this order, while the budget lasts (with the
# eras' buildings that the player's style favours added after)
DISPLAY = ("farm", "farm", "storage_shed", "forester_house", "hunting_lodge", "flat", "farm",
           "storage_shed", "hollow", "factory", "estate", "pub", "flat", "iron_mine",
           "theater", "apartment", "forester_house", "hunting_lodge", "tailor_shop", "farm")


def _legal(policy: ColonistsPlayer, s: ColonistsState, event: GameEvent | None) -> bool:
    return event is not None and policy.game.check(s, event) is None


def _first(policy: ColonistsPlayer, s: ColonistsState,
           events: Iterable[GameEvent | None]) -> GameEvent | None:
    for event in events:
        if _legal(policy, s, event):
            return event
    return None


# --------------------------------------------------------------------------- before a move


def before_move(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent | None:
    """At the start of player ``i``'s turn (and at the end of the last player's): another
    player's Laborer after the third turn, charity, the Altruist and Alchemist Ambassadors, the
    Storekeeper's replacement."""
    if s.ended is not None and s.ended != i:
        event = _laborer(policy, s, s.ended)
        if event is not None:
            return event
    return _first(policy, s, (_charity(policy, s, i), _altruist(policy, s, i),
                              _alchemist(policy, s, i), _replace(policy, s, i),
                              _swap(policy, s, i)))


def _half(s: ColonistsState, i: int, name: str, end: bool) -> bool:
    """Whether player ``i`` may still move the Ambassador this half-year."""
    half = s.ended_half if end else turns.half_index(s)
    return name in co.ambassadors_of(s, i) and name in s.ambassadors and \
        s.p[i].used.get(f"amb:{name}") != half


def _reachable(s: ColonistsState, i: int, name: str) -> list[int]:
    here = s.ambassadors[name]
    near = [t for t in s.board.within(here, co.ambassador_range(s, i)) if t != here]
    return sorted(near)


def _ambassador(s: ColonistsState, i: int, name: str, tile: int) -> Action:
    return Action.make(s.players[i], "ambassador", ambassador=name,
                       to=list(s.board.tiles[tile].cells[0]))


def _laborer(policy: ColonistsPlayer, s: ColonistsState, j: int) -> GameEvent | None:
    """After player ``j``'s third turn: the Laborer to the Builder or Refiner within reach
    where the others are likeliest to spend (a Market if none)."""
    if s.ended_turn < s.data.calendar.turns_per_half_year or not _half(s, j, "laborer", True):
        return None
    best: tuple[float, int] | None = None
    for t in _reachable(s, j, "laborer"):
        tile = s.board.tiles[t]
        if tile.market:
            score = 1.0
        else:
            kind = s.data.place(tile.slug).type
            score = {"builder": 2.0, "refiner": 1.5}.get(kind, 0.0)
        score += policy.noise()
        if best is None or score > best[0]:
            best = (score, t)
    return _ambassador(s, j, "laborer", best[1]) if best is not None and best[0] > 0.5 else None


def _charity(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent | None:
    options = [o for x in co.effects_of(s, i, d.Charity) for o in x.options]
    if not options or s.half or s.turns or s.p[i].used.get("year:charity"):
        return None
    ev = policy.evaluate(s, i)
    best = max(options, key=lambda o: sum(ev.base.get(g, 0.5) * n for g, n in o.items()))
    params: dict[str, Any] = {"goods": dict(best)}
    decline = ev.decline_to_fit(best, {})
    if decline:
        if decline == dict(best):
            return None
        params["decline"] = decline
    return Action.make(s.players[i], "charity", **params)


def _altruist(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent | None:
    """The Altruist to the place within reach that provides the most (his discount)."""
    if not _half(s, i, "altruist", False):
        return None
    ev = policy.evaluate(s, i)
    here = cl.provided(s, s.ambassadors["altruist"])
    best: tuple[float, int] | None = None
    for t in _reachable(s, i, "altruist"):
        goods = cl.provided(s, t)
        score = sum(ev.base.get(g, 0.5) * n for g, n in goods.items()) + policy.noise()
        if best is None or score > best[0]:
            best = (score, t)
    if best is None or best[0] <= sum(ev.base.get(g, 0.5) * n for g, n in here.items()):
        return None
    return _ambassador(s, i, "altruist", best[1])


def _alchemist(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent | None:
    """The Alchemist to a place with another player's Steward whose action is worth taking."""
    if not _half(s, i, "alchemist", False):
        return None
    ev = policy.evaluate(s, i)
    best: tuple[float, int] | None = None
    for t in _reachable(s, i, "alchemist"):
        if not any(j != i and t in c.stewards for j, c in enumerate(s.p)):
            continue
        value = ev.tile_value(t)
        if value is not None and value > 1.0 and (best is None or value > best[0]):
            best = (value, t)
    return _ambassador(s, i, "alchemist", best[1]) if best is not None else None


def _swap(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent | None:
    """The Lord's swap (level III): the best unoccupied Place out of reach traded for the
    worst one next to a Steward."""
    if not co.effects_of(s, i, d.SwapPlaces) or s.p[i].used.get("swap") == turns.half_index(s):
        return None
    ev = policy.evaluate(s, i)
    busy = {t for c in s.p for t in c.stewards if t is not None} | set(s.ambassadors.values())
    near: set[int] = set()
    for here in s.p[i].stewards:
        if here is not None:
            near |= set(s.board.adjacent_tiles(here))
    free = [t for t, tile in s.board.tiles.items() if not tile.market and t not in busy]
    values = {t: ev.tile_value(t) for t in free}
    close = [t for t in free if t in near and values[t] is not None]
    far = [t for t in free if t not in near and values[t] is not None]
    if not close or not far:
        return None
    worst = min(close, key=lambda t: (values[t], t))
    best = max(far, key=lambda t: (values[t], -t))
    if (values[best] or 0.0) - (values[worst] or 0.0) < 2.0:
        return None
    return Action.make(s.players[i], "swap_places", swap=[list(s.board.tiles[worst].cells[0]),
                                                          list(s.board.tiles[best].cells[0])])


def _fee(ev: Eval) -> Bundle | None:
    """A Fee the player can pay to the supply (the goods held most), or None."""
    first, count = ev.fee_parts
    c = ev.c
    pay: Bundle = {}
    if first:
        head = next((g for g in first if (c.tools if g == "tools" else c.stored.get(g, 0)) > 0),
                    None)
        if head is None:
            return None
        pay[head] = 1
    left = count
    for good in sorted(d.BUILDING_RESOURCES, key=lambda g: -c.stored.get(g, 0)):
        take = min(left, c.stored.get(good, 0))
        if take:
            pay[good] = pay.get(good, 0) + take
            left -= take
    return pay if not left else None


def _replace(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent | None:
    """A Storage Facility replaced when the Storage is ample: by the building for its Worker
    type the player values most."""
    found = co.effects_of(s, i, d.ReplaceBuilding)
    if not found:
        return None
    ev = policy.evaluate(s, i)
    if ev.held_total() + 6 > ev.room.storage + ev.room.general:
        return None
    pay = _fee(ev)
    if pay is None:
        return None
    for effect in found:
        if not any(b.slug == effect.source for b in s.p[i].buildings):
            continue
        best: tuple[float, str] | None = None
        for slug, b in sorted(s.data.buildings.items()):
            if b.worker != effect.worker or b.upgrade_of is not None or b.era > s.era or \
                    b.kind == "storage":
                continue
            value = ev.building_util(b)
            if best is None or value > best[0]:
                best = (value, slug)
        if best is None or best[0] < 2.0:
            continue
        return Action.make(s.players[i], "replace", building=effect.source,
                           fee=pay, **{"with": best[1]})
    return None


# --------------------------------------------------------------------------- follow-ups


def optional(policy: ColonistsPlayer, s: ColonistsState) -> GameEvent | None:
    """The optional follow-ups of an action: the Scholar's play, the Envoy's Market action,
    the Alchemist Ambassador's action; else ``pass``."""
    p = s.pending
    assert p is not None
    player = s.players[p.player]
    ev = policy.evaluate(s, p.player)
    if p.plays > 0:
        best: tuple[float, Action] | None = None
        for number in sorted(set(s.p[p.player].hand)):
            value = ev.card_value(number)
            if value > 0.3 and (best is None or value > best[0]):
                event = Action.make(player, "play", card=number)
                if _legal(policy, s, event):
                    best = (value, event)
        if best is not None:
            return best[1]
    elif (p.market or p.main) and p.tile is not None:
        cands = ev._market(p.tile, True) if p.market and not p.main else \
            ev.candidates(p.tile, full=True)
        for cand in sorted(cands, key=lambda c: -c.value):
            if cand.value > 0.2 and not cand.before and _legal(policy, s, cand.event):
                return cand.event
    return Action.make(player, "pass")


# --------------------------------------------------------------------------- places


def ignore_candidates(ev: Eval, place: d.Place) -> list[tuple[float, Action]]:
    """The Lord's alternative at a place (not a Market): the most valuable option."""
    out = []
    for x in ev.of(d.IgnoreAction):
        best = max(x.options, key=lambda o: sum(ev.base.get(g, 0.5) * n for g, n in o.items()))
        goods = dict(best)
        add(goods, x.bonus)
        value = sum(ev.base.get(g, 0.5) * n for g, n in goods.items()) * 0.9
        params: dict[str, Any] = {"goods": dict(best)}
        decline = ev.decline_to_fit(goods, {})
        if decline:
            params["decline"] = decline
        out.append((value, Action.make(ev.s.players[ev.i], "ignore", **params)))
    return out


def with_ambassadors(s: ColonistsState, i: int, embassies: dict[str, int]) -> dict[str, Any]:
    """A ``diplomacy`` event's parameters, placing the Special Ambassadors it unlocks on the
    first Market."""
    from referee.model.colonists.moves.diplomacy import unlocked

    params: dict[str, Any] = {"embassies": dict(embassies)}
    names = unlocked(s, i, embassies)
    if names:
        market = min(t for t, tile in s.board.tiles.items() if tile.market)
        params["ambassadors"] = {n: list(s.board.tiles[market].cells[0]) for n in names}
    return params


# --------------------------------------------------------------------------- the year's end


def year_choices(policy: ColonistsPlayer, s: ColonistsState) -> GameEvent | None:
    """The Altruist's Robe for a community with Merchants (Food otherwise: no event)."""
    for i, c in enumerate(s.p):
        found = co.effects_of(s, i, d.ProductionChoice)
        if not found or c.used.get("year:choice:0"):
            continue
        robes = co.employed(c)["merchant"] > 0
        option = next((o for o in found[0].options if ("robes" in o) == robes), None)
        if option is not None and "robes" in option:
            return Action.make(s.players[i], "choose", goods=dict(option))
    return None


def colony_converts(policy: ColonistsPlayer, s: ColonistsState, i: int) -> Action | None:
    """The Industrialist's refining after production: each recipe group as often as it pays."""
    c = s.p[i]
    for colony, level in sorted(c.embassies.items()):
        groups = [x for x in s.data.abilities(colony, level) if isinstance(x, d.ProductionConvert)]
        if not groups:
            continue
        ev = policy.evaluate(s, i)
        base = 100 * (sorted(s.data.colonies).index(colony) + 1)
        total = sum(len(x.recipes) for x in groups)
        offset = 0
        for k, x in enumerate(groups):
            left = (x.limit if x.limit is not None else 3) - c.converted.get(-(base + k), 0)
            for r, recipe in enumerate(x.recipes):
                for n in range(left, 0, -1):
                    give = {g: m * n for g, m in recipe.give.items()}
                    get = {g: m * n for g, m in recipe.get.items()}
                    if exchange_problem(s, i, give, get, {}) is not None:
                        continue
                    if ev.exchange_value(give, get) > 0.05:
                        counts = [0] * total
                        counts[offset + r] = n
                        event = Action.make(s.players[i], "convert", colony=colony,
                                            times=counts if total > 1 else n)
                        if _legal(policy, s, event):
                            return event
                    break
            offset += len(x.recipes)
    return None


# --------------------------------------------------------------------------- a later start


def setup_display(policy: ColonistsPlayer, s: ColonistsState) -> GameEvent | None:
    """Phase 3 of a later start: each player's Buildings and an Embassy within the budget,
    Workers for what produces, then cheap goods to fill the Storage."""
    for i, c in enumerate(s.p):
        step = c.used.get("setup:step", 0)
        if step == 0:
            return _setup_buildings(policy, s, i)
        if step == 1:
            event = _setup_employ(policy, s, i)
            if event is not None:
                return event
            return _setup_goods(policy, s, i)
    return None


def _setup_buildings(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent:
    data = s.data
    money = budget(s, i)
    era = last_skipped(s)
    style = policy.style(s, i)
    player = s.players[i]
    embassies: dict[str, int] = {}
    spent_e = 0
    top = data.eras[era].max_colony_level
    for colony in sorted(s.colonies, key=lambda x: policy.rng.random()):
        for level in range(top, 0, -1):
            value = data.embassy_levels[level].value
            if spent_e + value <= money.embassies and style.get("diplomacy", 1.0) > 0.8:
                embassies[colony] = level
                spent_e += value
                break
    left = money.buildings + money.embassies - spent_e
    # an Embassy at the last skipped era's level: keep Dollars for the next level's goods
    reserve = 10 if any(level == top and top < s.first_era for level in embassies.values()) \
        else 0
    chosen: list[str] = []
    wish = list(DISPLAY) + sorted((slug for slug, b in data.buildings.items()
                                   if b.era <= era and b.kind != "residence"),
                                  key=lambda x: policy.rng.random())
    for slug in wish:
        b = data.buildings.get(slug)
        if b is None or b.era > era or b.value > left:
            continue
        trial = [*chosen, slug]
        if b.limit is not None and trial.count(slug) > b.limit:
            continue
        if s.money_limit and b.kind == "money" and sum(
                1 for x in trial if data.buildings[x].kind == "money") > \
                data.later_era.max_money_buildings:
            continue
        if co.spot_problem(s, i, trial + [co.embassy_slug(x) for x in embassies]):
            continue
        if left - b.value < 4 + reserve and len(chosen) >= 4:
            break  # keep a few Dollars for goods
        chosen.append(slug)
        left -= b.value
    params: dict[str, Any] = {"buildings": chosen}
    if embassies:
        params.update(with_ambassadors(s, i, embassies))
    return Action.make(player, "setup_buildings", **params)


def _setup_employ(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent | None:
    from referee.model.colonists.policy import building_name

    c = s.p[i]
    home = co.at_home(s, i)
    for k, built in enumerate(c.buildings):
        b = s.data.buildings.get(built.slug)
        if b is None or b.workers == 0 or len(built.workers) >= b.workers:
            continue
        worker = b.worker if b.worker != "any" else next(
            (w for w in d.WORKER_TYPES if home.get(w, 0) > 0), None)
        if worker is None or home.get(worker, 0) <= 0 or worker == "merchant":
            continue
        params: dict[str, Any] = {"building": building_name(s, i, k)}
        if worker != b.worker:
            params["worker"] = worker
        event = Action.make(s.players[i], "employ", **params)
        if _legal(policy, s, event):
            trial = s.trial(i)
            policy.game.apply(trial, event)
            from referee.model.colonists.moves.year import sustenance_problem

            if sustenance_problem(trial, i) is None or worker == "farmer":
                return event
    return None


def _setup_goods(policy: ColonistsPlayer, s: ColonistsState, i: int) -> GameEvent:
    data = s.data
    money = budget(s, i)
    left = money.goods + s.p[i].used.get("setup:left", 1) - 1
    room = co.room(s, i)
    space = room.storage + room.general - sum(money.free.values())
    goods: Bundle = {}
    era = last_skipped(s)
    demand: Bundle = {}
    for kind, n in co.employed(s.p[i]).items():
        add(demand, data.sustenance.get(kind, {}), n)
    nxt: Bundle = {}  # the goods of the next level of a relation
    for _colony, level in sorted(s.p[i].embassies.items()):
        if level < s.first_era and level + 1 in data.embassy_levels:
            add(nxt, {g: n for g, n in data.embassy_levels[level + 1].cost.items()
                      if g in STORABLE})
            break
    order = [g for g, n in demand.items() for _ in range(n)] + \
        [g for g, n in sorted(nxt.items()) for _ in range(n)] + \
        ["wood", "clay", "planks", "bricks", "food", "wood", "clay", "ore"] * 4
    for good in order:
        value = data.later_era.goods[good]
        if space <= 0 or value.from_era > era or value.value > left or good not in STORABLE:
            continue
        goods[good] = goods.get(good, 0) + 1
        left -= value.value
        space -= 1
    params: dict[str, Any] = {"goods": goods} if goods else {}
    event = Action.make(s.players[i], "setup_goods", **params)
    if spend_problem(s, i, {}) is None and _legal(policy, s, event):
        return event
    return Action.make(s.players[i], "setup_goods")
