"""The colonies' abilities where they touch the rules of the places and the turn: the rule id of
each colony level, the Alchemist's exchanges on receiving goods, the Altruist Ambassador's
discount and sustenance relief, the Laborer Ambassador's goods (rulebook "Diplomacy", "Special
Ambassadors"; the abilities are the data set's, ``data/colonies.toml``).

Nothing here changes a state except :func:`laborer_goods`, which the paying moves call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.model.colonists import data as d
from referee.model.colonists.community import ambassadors_of, effects_of, room
from referee.model.colonists.goods import STORABLE, SUSTENANCE, Bundle, Room
from referee.model.colonists.state import ColonistsState

# when each Special Ambassador may be moved (rulebook "Special Ambassadors": the Alchemist at the
# start or end of one of your turns, the Altruist at the start, the Laborer at the end of your
# third turn)
AMBASSADOR_MOMENTS: Mapping[str, tuple[str, ...]] = {
    "alchemist": ("start", "end"), "altruist": ("start",), "laborer": ("end3",)}


def level_rule(colony: str, level: int) -> str:
    """The rule id of a colony level: ``CO-ALCHEMIST-2``."""
    return f"CO-{colony.upper()}-{level}"


def ambassador_rule(name: str) -> str:
    return f"CO-AMBASSADOR-{name.upper()}"


def granting(s: ColonistsState, test: Callable[[d.Effect], bool],
             colonies: Any = None) -> tuple[str, int] | None:
    """The first colony and lowest level whose abilities include one passing ``test`` (among
    ``colonies``, default all of the data set's)."""
    data = s.data
    for slug in sorted(colonies if colonies is not None else data.colonies):
        colony = data.colonies[slug]
        for level in sorted(colony.levels):
            if any(test(a) for a in colony.levels[level].abilities):
                return slug, level
    return None


def rule_for(s: ColonistsState, test: Callable[[d.Effect], bool], fallback: str) -> str:
    found = granting(s, test)
    return level_rule(*found) if found is not None else fallback


def player_level_rule(s: ColonistsState, i: int, kind: type[d.Effect]) -> str | None:
    """The rule of the colony level that brings the ability of ``kind`` player ``i`` holds
    through an Embassy (the lowest level of that colony with it), or None."""
    data = s.data
    for colony, level in sorted(s.p[i].embassies.items()):
        if any(isinstance(a, kind) for a in data.abilities(colony, level)):
            first = min(n for n in range(1, level + 1)
                        if any(isinstance(a, kind) for a in data.abilities(colony, n)))
            return level_rule(colony, first)
    return None


# --------------------------------------------------------------------------- the Alchemist


def exchange_pairs(s: ColonistsState, i: int) -> frozenset[tuple[str, str]]:
    """The 1:1 exchanges player ``i`` may make on receiving goods, both ways."""
    cache = s.p[i].cache
    found = cache.get("exchange_pairs")
    if found is None:
        pairs: set[tuple[str, str]] = set()
        for e in effects_of(s, i, d.ExchangeOnReceive):
            for a, b in e.pairs:
                pairs.add((a, b))
                pairs.add((b, a))
        found = cache["exchange_pairs"] = frozenset(pairs)
    return found


def pair_rule(s: ColonistsState, a: str, b: str) -> str:
    """The rule of the lowest level whose exchanges include ``a`` for ``b``."""
    return rule_for(s, lambda e: isinstance(e, d.ExchangeOnReceive) and any(
        {a, b} == {x, y} for x, y in e.pairs), "CO-ALCHEMIST-1")


# --------------------------------------------------------------------------- the Altruist


def provided(s: ColonistsState, tile: int) -> Bundle:
    """The goods a place provides unconditionally (Resource Places, Sustainers, a Market's
    subsidy: each good at its most among the card's options); nothing elsewhere."""
    board_tile = s.board.tiles.get(tile)
    if board_tile is None:
        return {}
    if board_tile.market:
        if s.market_card is None:
            return {}
        card = s.data.market_cards[f"era_{s.era}.{s.market_card}"]
        out: Bundle = {}
        for option in card.subsidy:
            for good, n in option.items():
                out[good] = max(out.get(good, 0), n)
        return out
    place = s.data.place(board_tile.slug)
    if place.type in ("resource", "sustainer"):
        return dict(place.gain)
    return {}


def altruist_goods(s: ColonistsState, i: int) -> Bundle:
    """What the Altruist Ambassador's place provides, for a player who may move him (level II
    or higher); nothing otherwise."""
    tile = s.ambassadors.get("altruist")
    if tile is None or "altruist" not in ambassadors_of(s, i):
        return {}
    return provided(s, tile)


def discounted(s: ColonistsState, i: int, cost: Mapping[str, int]) -> Bundle:
    """An action's cost less the Altruist Ambassador's discount: as many of each good as his
    place provides (the rulebook: "a discount on all of your actions")."""
    relief = altruist_goods(s, i)
    if not relief:
        return dict(cost)
    return {g: n - min(n, relief.get(g, 0)) for g, n in cost.items()
            if n - min(n, relief.get(g, 0)) > 0}


def sustenance_relief(s: ColonistsState, i: int) -> Bundle:
    """How much the Altruist Ambassador lowers the sustenance demand: the sustenance goods of
    the Sustainer (or Market subsidy) where he stands."""
    return {g: n for g, n in altruist_goods(s, i).items() if g in SUSTENANCE}


# --------------------------------------------------------------------------- the Laborer


def laborer_goods(s: ColonistsState, i: int, cost: Mapping[str, int]) -> dict[int, Bundle]:
    """What each other player with the Laborer Ambassador (level II or higher) gets when player
    ``i`` spends ``cost`` in an action at the place where he stands: one of each type spent,
    Tools excepted."""
    tile = s.ambassadors.get("laborer")
    pending = s.pending
    if tile is None or pending is None or pending.tile != tile or pending.player != i:
        return {}
    kinds = {g: 1 for g, n in cost.items() if n > 0 and g in STORABLE}
    if not kinds:
        return {}
    return {j: dict(kinds) for j in range(len(s.players))
            if j != i and "laborer" in ambassadors_of(s, j)}


# --------------------------------------------------------------------------- trades


def decompose(trades: tuple[d.Trade, ...], give: Mapping[str, int], get: Mapping[str, int],
              limit: int | None = None) -> list[int] | None:
    """How many times each trade rate is used so that ``give`` buys exactly ``get`` (each use
    takes ``give_count`` goods of its ``give`` group for ``get_count`` of its ``get`` group),
    at most ``limit`` uses in all; None if no mix of the rates does it."""
    total_give, total_get = sum(give.values()), sum(get.values())
    if total_give == 0 or total_get == 0:
        return None
    cap = []
    for t in trades:
        room_give = sum(n for g, n in give.items() if g in t.give) // t.give_count
        room_get = sum(n for g, n in get.items() if g in t.get) // t.get_count
        cap.append(min(room_give, room_get))
    counts = [0] * len(trades)

    def search(k: int, left_give: int, left_get: int, uses: int) -> bool:
        if k == len(trades):
            return left_give == 0 and left_get == 0 and _fits(trades, counts, give, get)
        t = trades[k]
        top = min(cap[k], left_give // t.give_count, left_get // t.get_count)
        if limit is not None:
            top = min(top, limit - uses)
        for n in range(top, -1, -1):
            counts[k] = n
            if search(k + 1, left_give - n * t.give_count, left_get - n * t.get_count,
                       uses + n):
                return True
        counts[k] = 0
        return False

    return list(counts) if search(0, total_give, total_get, 0) else None


def _fits(trades: tuple[d.Trade, ...], counts: list[int], give: Mapping[str, int],
          get: Mapping[str, int]) -> bool:
    """Whether the goods can be shared out among the uses (each side: every set of the rates
    used needs no more goods than their groups hold, Hall's condition)."""
    used = [k for k, n in enumerate(counts) if n]
    for side, goods in ((0, give), (1, get)):
        for mask in range(1, 1 << len(used)):
            chosen = [used[b] for b in range(len(used)) if mask >> b & 1]
            need = sum(counts[k] * (trades[k].give_count if side == 0 else trades[k].get_count)
                       for k in chosen)
            groups: set[str] = set()
            for k in chosen:
                groups.update(trades[k].give if side == 0 else trades[k].get)
            if need > sum(n for g, n in goods.items() if g in groups):
                return False
    return True


# --------------------------------------------------------------------------- storage

ROOM_KINDS = (d.Warehouse, d.StorageSpaces, d.BuildingStorage, d.WarehouseIsStorage)


def room_rules(s: ColonistsState, i: int) -> tuple[Room, tuple[str, ...]]:
    """Player ``i``'s room without the colonies' abilities, and the rules of the colony levels
    that add room (noted when goods need it)."""
    c = s.p[i]
    found = c.cache.get("room_rules")
    if found is None:
        rules: list[str] = []
        data = s.data
        for colony, level in sorted(c.embassies.items()):
            for ability in data.abilities(colony, level):
                if isinstance(ability, ROOM_KINDS):
                    first = next(n for n in range(1, level + 1)
                                 if ability in data.abilities(colony, n))
                    rules.append(level_rule(colony, first))
                    if isinstance(ability, d.Warehouse):
                        rules.append("CO-WAREHOUSE")
        if rules:
            view = s.view()
            view.p = list(s.p)
            bare = c.view()
            bare.embassies, bare.cache = {}, {}
            view.p[i] = bare
            base = room(view, i)
        else:
            base = room(s, i)
        found = c.cache["room_rules"] = (base, tuple(sorted(set(rules))))
    return found


def note_room(s: ColonistsState, i: int, spent: Mapping[str, int] | None, note: Any) -> None:
    """Credit the colony levels whose room the goods now kept (or ``spent`` from Storage in one
    action) need."""
    base, rules = room_rules(s, i)
    if not rules:
        return
    c = s.p[i]
    needed = base.overflow(c.stored) > 0
    if spent is not None:
        needed = needed or sum(n for g, n in spent.items() if g in STORABLE) > base.storage
    if needed:
        for rule in rules:
            note(rule)
