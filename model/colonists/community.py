"""What a community has and can do, derived from its buildings, improvements and Embassies:
colonists, workers, storage room, Buffers, yields, Stewards, Range and building spots.

Nothing here changes a state; the moves call these to check and to apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from referee.model.colonists import data as d
from referee.model.colonists.goods import Bundle, Room, add
from referee.model.colonists.state import Built, ColonistsState, Community

E = TypeVar("E", bound=d.Effect)


# --------------------------------------------------------------------------- effects in force


def works(data: d.ColonistsData, built: Built) -> bool:
    """Whether a building does something: it needs no Worker, or all of them are there."""
    b = data.buildings.get(built.slug)
    if b is None:  # an Embassy
        return True
    return b.workers == 0 or len(built.workers) >= b.workers


def effects(s: ColonistsState, i: int) -> tuple[d.Effect, ...]:
    """Every effect in force for player ``i``: working special buildings, permanent and limited
    improvements in front of the player, and the abilities of each Embassy's level."""
    c = s.p[i]
    cache = c.cache
    found = cache.get("effects")
    if found is not None:
        return found
    data = s.data
    buildings = data.buildings
    effective = data.building_roles.effective
    out: list[d.Effect] = []
    for built in c.buildings:
        if built.slug in effective:
            x = buildings[built.slug]
            if x.effect is not None and (x.workers == 0 or len(built.workers) >= x.workers):
                out.append(x.effect)  # works()
    improvements = data.improvements
    for card in c.played:
        out.extend(improvements[card].effects)
    for card in c.limited:
        out.extend(improvements[card].effects)
    for colony, level in c.embassies.items():
        for ability in data.abilities(colony, level):
            out.append(ability)
            if isinstance(ability, d.CountsAs):  # the Scholar's Library (the Factory: below)
                b = buildings.get(ability.building)
                if b is not None and b.effect is not None and not isinstance(
                        b.effect, d.FactoryEffect):
                    out.append(b.effect)
    result = tuple(out)
    for effect in result:  # each leaf kind's list at once, under the class itself
        kind = type(effect)
        leaf = _LEAF.get(kind)
        if leaf is None:
            leaf = _is_leaf(kind)
        if leaf:
            found = cache.get(kind)
            if found is None:
                cache[kind] = [effect]
            else:
                found.append(effect)
    cache["effects"] = result
    return result


_LEAF: dict[type, bool] = {}  # an effect class -> whether no other class derives from it


def _is_leaf(kind: type) -> bool:
    found = _LEAF.get(kind)
    if found is None:
        found = _LEAF[kind] = not kind.__subclasses__()
    return found


def effects_of(s: ColonistsState, i: int, kind: type[E]) -> list[E]:
    """The effects of one kind in force for player ``i`` (cached under the class itself; the
    effects of a kind no class derives from are sorted out by :func:`effects`). Do not change
    the list."""
    cache = s.p[i].cache
    found = cache.get(kind)
    if found is None:
        in_force = cache.get("effects")
        if in_force is None:
            in_force = effects(s, i)
            found = cache.get(kind)
        if found is None:
            found = cache[kind] = [] if _is_leaf(kind) else [
                e for e in in_force if isinstance(e, kind)]
    return found


def has(s: ColonistsState, i: int, kind: type[d.Effect]) -> bool:
    return bool(effects_of(s, i, kind))


def embassy_slug(colony: str) -> str:
    return f"embassy_{colony}"


def colony_of(slug: str) -> str | None:
    return slug[len("embassy_"):] if slug.startswith("embassy_") else None


def seats(s: ColonistsState, i: int, k: int) -> int:
    """How many Workers building ``k`` of player ``i`` may hold: its own number, or, for a
    Factory run by the pair a Steam Engine allows (within its count of Factories, the first
    ones listed), the pair."""
    data = s.data
    built = s.p[i].buildings[k]
    b = data.buildings.get(built.slug)
    if b is None:
        return 0
    if not isinstance(b.effect, d.FactoryEffect) or len(built.workers) <= b.workers:
        return b.workers
    for dual in effects_of(s, i, d.FactoryDual):
        pair = dual.pair()
        if sorted(built.workers) != pair:
            continue
        before = sum(1 for x in s.p[i].buildings[:k]
                     if x.slug in data.building_roles.factories and sorted(x.workers) == pair)
        if before < dual.factories:
            return len(pair)
    return b.workers


def with_buildings(s: ColonistsState, i: int, buildings: list[Built]) -> ColonistsState:
    """A view of ``s`` in which player ``i`` holds ``buildings`` (for checking a plan); the
    rest is shared with ``s`` and must not be changed."""
    view = s.view()
    view.p = list(s.p)
    c = s.p[i].view()
    c.buildings = buildings
    c.cache = {}
    view.p[i] = c
    return view


# --------------------------------------------------------------------------- colonists


def colonists(s: ColonistsState, i: int) -> dict[str, int]:
    """Colonists of each type the community has (at home or at work); a new dict each time."""
    found = s.p[i].cache.get("colonists")
    if found is None:
        found = s.p[i].cache["colonists"] = _colonists(s, i)
    return dict(found)


def _colonists(s: ColonistsState, i: int) -> dict[str, int]:
    out = dict.fromkeys(d.WORKER_TYPES, 0)
    buildings = s.data.buildings
    housing = s.data.building_roles.housing
    for built in s.p[i].buildings:
        if built.slug in housing:
            for kind, n in buildings[built.slug].houses.items():
                out[kind] += n
    for e in effects_of(s, i, d.Colonists):
        out[e.worker] += e.count
    return out


def employed(c: Community) -> dict[str, int]:
    """Workers of each type at work; a new dict each time."""
    found = c.cache.get("employed")
    if found is None:
        found = c.cache["employed"] = dict.fromkeys(d.WORKER_TYPES, 0)
        for built in c.buildings:
            for w in built.workers:
                found[w] += 1
    return dict(found)


def at_home(s: ColonistsState, i: int) -> dict[str, int]:
    """Colonists of each type not at work; a new dict each time."""
    cache = s.p[i].cache
    found = cache.get("at_home")
    if found is None:
        have, busy = colonists(s, i), employed(s.p[i])
        found = cache["at_home"] = {k: have[k] - busy[k] for k in d.WORKER_TYPES}
    return dict(found)


def may_work(s: ColonistsState, i: int, b: d.Building, worker: str) -> bool:
    """Whether a ``worker`` may work in building ``b`` at all (its own type, the Factory's any,
    or a Laborer's substitution; when employing, :func:`substitute_problem` adds the
    substitution's conditions)."""
    if b.worker == "any":
        return True
    if b.worker == worker:
        return True
    for e in effects_of(s, i, d.SubstituteWorker):
        if e.worker == worker and e.works_as == b.worker:
            return True
    return False


def substitutes(s: ColonistsState, i: int, worker: str, works_as: str) -> int:
    """How many ``worker`` Colonists work in buildings for ``works_as`` now."""
    data = s.data
    n = 0
    for built in s.p[i].buildings:
        b = data.buildings.get(built.slug)
        if b is not None and b.worker == works_as:
            n += sum(1 for w in built.workers if w == worker)
    return n


def substitute_problem(s: ColonistsState, i: int, b: d.Building, worker: str) -> str | None:
    """Why a ``worker`` may not be employed in ``b`` now (None: he may). A Colonist of another
    type needs a Laborer's substitution whose conditions hold: none of ``works_as`` free (if
    the level says so), fewer than its ``max`` substitutes at work."""
    if b.worker == "any" or b.worker == worker:
        return None
    found = [e for e in effects_of(s, i, d.SubstituteWorker)
             if e.worker == worker and e.works_as == b.worker]
    if not found:
        return f"a {worker} may not work in the {b.name} (it takes a {b.worker})"
    reasons = []
    for e in found:
        if e.only_if_none_free and at_home(s, i)[e.works_as] > 0:
            reasons.append(f"a {worker} works in a {e.works_as}'s building only while no "
                           f"{e.works_as} is free")
            continue
        if e.max is not None and substitutes(s, i, worker, e.works_as) >= e.max:
            reasons.append(f"at most {e.max} {worker}(s) work in {e.works_as}s' buildings")
            continue
        return None
    return "; ".join(reasons)


def release_unallowed(s: ColonistsState, i: int) -> list[str]:
    """Workers who may no longer work where they are (a Laborer's Embassy razed) go home;
    returns their types."""
    data = s.data
    gone: list[str] = []
    for built in s.p[i].buildings:
        b = data.buildings.get(built.slug)
        if b is None or not built.workers:
            continue
        keep = [w for w in built.workers if may_work(s, i, b, w)]
        if len(keep) != len(built.workers):
            gone.extend(w for w in built.workers if w not in keep)
            built.workers = keep
            empty_if_idle(data, built)
    if gone:
        s.p[i].changed()
    return gone


# --------------------------------------------------------------------------- storage


def room(s: ColonistsState, i: int) -> Room:
    found = s.p[i].cache.get("room")
    if found is not None:
        return found
    found = _room(s, i)
    s.p[i].cache["room"] = found
    return found


def _room(s: ColonistsState, i: int) -> Room:
    data = s.data
    storage = data.setup.basic_storage
    general = data.setup.warehouse_lots
    typed: Bundle = {}
    c = s.p[i]
    bonus: dict[str, int] = {}
    for e in effects_of(s, i, d.BuildingStorage):
        bonus[e.building] = bonus.get(e.building, 0) + e.spaces
    buildings = data.buildings
    storing = data.building_roles.storing
    for built in c.buildings:
        if built.slug in storing:
            b = buildings[built.slug]
            if b.workers == 0 or len(built.workers) >= b.workers:
                storage += b.storage + bonus.get(built.slug, 0)
    for spaces in effects_of(s, i, d.StorageSpaces):
        storage += spaces.spaces
    colony_lots = 0
    warehouses = effects_of(s, i, d.Warehouse)
    if warehouses:
        from_colonies = {id(a) for colony, level in c.embassies.items()
                         for a in data.abilities(colony, level)}
        for w in warehouses:
            if id(w) in from_colonies and w.good is None:
                colony_lots += w.lots  # the Warehouse extensions
            elif w.good is None:
                general += w.lots
            else:
                typed[w.good] = typed.get(w.good, 0) + w.lots
    top = data.setup.max_warehouse_lots
    if top is not None:  # the extensions reach at most the board's maximum
        colony_lots = max(0, min(colony_lots, top - data.setup.warehouse_lots))
    general += colony_lots
    if effects_of(s, i, d.WarehouseIsStorage):
        storage, general = storage + general, 0
    return Room(storage, general, typed)


# --------------------------------------------------------------------------- yields and Buffers


FACTORY_CHOICE = "year:factory"  # the Worker type an Embassy counting as a Factory runs for


def embassy_factories(s: ColonistsState, i: int) -> list[d.FactoryEffect]:
    """The Factory effects of Embassies that count as a Factory (the Industrialist)."""
    data = s.data
    out: list[d.FactoryEffect] = []
    for e in effects_of(s, i, d.CountsAs):
        b = data.buildings.get(e.building)
        if b is not None and isinstance(b.effect, d.FactoryEffect):
            out.append(b.effect)
    return out


def factory_worker(s: ColonistsState, i: int) -> str:
    """The Worker type an Embassy's Factory runs for this year: the one named (``choose``),
    else the type that runs the most working Production and Sustenance Buildings (the first
    of farmer, citizen, merchant on a tie)."""
    chosen = s.p[i].used.get(FACTORY_CHOICE)
    if chosen:
        return d.WORKER_TYPES[chosen - 1]
    buildings = s.data.buildings
    runs = dict.fromkeys(d.WORKER_TYPES, 0)
    for built in s.p[i].buildings:
        if built.workers:
            b = buildings.get(built.slug)
            if b is not None and b.kind in ("production", "sustenance") and (
                    b.workers == 0 or len(built.workers) >= b.workers):  # works()
                runs[built.workers[0]] += 1
    most = max(runs.values())
    return next(k for k in d.WORKER_TYPES if runs[k] == most)


def _factory_bonus(s: ColonistsState, i: int) -> dict[str, int]:
    """Extra goods per building run by each Worker type, from working Factories (and Embassies
    counting as one); cached per community (do not change the dict)."""
    cache = s.p[i].cache
    found = cache.get("factory")
    if found is None:
        found = cache["factory"] = _factory_bonus_of(s, i)
    return found


def _factory_bonus_of(s: ColonistsState, i: int) -> dict[str, int]:
    out = dict.fromkeys(d.WORKER_TYPES, 0)
    data = s.data
    embassy = embassy_factories(s, i)
    if embassy:
        kind = factory_worker(s, i)
        for effect in embassy:
            out[kind] += effect.bonus
    dual = sum(e.factories for e in effects_of(s, i, d.FactoryDual))
    factories = data.building_roles.factories
    for built in s.p[i].buildings:
        if built.slug not in factories or not built.workers:
            continue
        b = data.buildings[built.slug]
        assert isinstance(b.effect, d.FactoryEffect)
        kinds = set(built.workers)
        if len(kinds) > 1 and dual > 0:
            dual -= 1
        else:
            kinds = {built.workers[0]}
        for kind in kinds:
            out[kind] += b.effect.bonus
    return out


def building_yields(s: ColonistsState, i: int, kinds: tuple[str, ...]) -> list[Bundle]:
    """One batch per working building of the given kinds (production, sustenance, money), with
    the Factory and improvement bonuses: what it yields a year and what its Buffer holds
    (cached per community: do not change the batches)."""
    cache = s.p[i].cache
    key = ("yields", kinds)
    found = cache.get(key)
    if found is None:
        found = cache[key] = [batch for kind, batch, _ in _yields(s, i) if kind in kinds]
    return found


def _yields(s: ColonistsState, i: int) -> list[tuple[str, Bundle, int]]:
    """:func:`_building_yields`, cached per community (do not change it)."""
    cache = s.p[i].cache
    every = cache.get("yields")
    if every is None:
        every = cache["yields"] = _building_yields(s, i)
    return every


def _building_yields(s: ColonistsState, i: int) -> list[tuple[str, Bundle, int]]:
    """(its kind, its batch, the building's index) for every working building with an output,
    in display order (a building bonus counts the buildings of one slug, all of one kind). An
    index, not the building: a copy of the community keeps these values with its own
    buildings."""
    data = s.data
    factory = _factory_bonus(s, i)
    bonuses = effects_of(s, i, d.BuildingBonus)
    counted: dict[int, int] = {}
    out: list[tuple[str, Bundle, int]] = []
    buildings = data.buildings
    producing = data.building_roles.producing
    for at, built in enumerate(s.p[i].buildings):
        if built.slug not in producing:
            continue
        b = buildings[built.slug]
        if not (b.workers == 0 or len(built.workers) >= b.workers):
            continue
        batch: Bundle = dict(b.output)
        if b.kind != "money" and built.workers:
            extra = factory.get(built.workers[0], 0)
            if extra:
                for good in list(batch):
                    batch[good] += extra
        for k, bonus in enumerate(bonuses):
            if bonus.building == built.slug:
                seen = counted.get(k, 0)
                if bonus.max_buildings is None or seen < bonus.max_buildings:
                    counted[k] = seen + 1
                    add(batch, bonus.goods)
        out.append((b.kind, batch, at))
    return out


def improvement_yields(s: ColonistsState, i: int) -> list[Bundle]:
    """One batch per production effect of improvements and Embassies (no Worker, no Factory),
    a production choice counting with this year's option."""
    return [dict(e.goods) for e in effects_of(s, i, d.Production)] + choice_goods(s, i)


def choice_goods(s: ColonistsState, i: int) -> list[Bundle]:
    """This year's yield of each production choice (the Altruist at level III): the option
    named by ``choose``, else the first."""
    out = []
    for k, x in enumerate(effects_of(s, i, d.ProductionChoice)):
        n = s.p[i].used.get(f"year:choice:{k}", 1) - 1
        out.append(dict(x.options[n]))
    return out


def buffer_room(s: ColonistsState, i: int) -> Bundle:
    """How many goods of each kind the Buffers can hold: per producing source, what it generated
    at the last production within its batch now (rulebook "Buffers": goods are placed in a
    Buffer only when they are generated, so one built or put back to work since, or a card
    played since, holds none, and a batch grown since holds no more; ``Built.proven`` for the
    buildings, ``effect_room`` for the improvements)."""
    c = s.p[i]
    found = c.cache.get("buffers")
    if found is not None:
        return found
    out: Bundle = {}
    storable = d.STORABLE
    built_list = c.buildings
    for kind, batch, k in _yields(s, i):
        if kind not in ("production", "sustenance"):
            continue
        proven = built_list[k].proven
        generated = None if proven is None else dict(proven)
        for g, n in batch.items():
            if generated is not None:
                n = min(n, generated.get(g, 0))
            if n and g in storable:
                out[g] = out.get(g, 0) + n
    for g, n in effect_room_now(s, i).items():
        n = min(n, c.effect_room.get(g, 0))
        if n:
            out[g] = out.get(g, 0) + n
    for batch in choice_goods(s, i):
        for g, n in batch.items():
            if n and g in storable:
                out[g] = out.get(g, 0) + n
    c.cache["buffers"] = out
    return out


def effect_room_now(s: ColonistsState, i: int) -> Bundle:
    """The Buffer room of the improvements and Embassy levels in force, per good (each
    production effect holds one batch)."""
    out: Bundle = {}
    storable = d.STORABLE
    for e in effects_of(s, i, d.Production):
        for g, n in e.goods.items():
            if n and g in storable:
                out[g] = out.get(g, 0) + n
    return out


def settle_buffers(s: ColonistsState, i: int) -> None:
    """Every source in force produces (the production phase, or a later era's display, where
    goods may be placed in Buffers directly): each Buffer's room is its batch now. The derived
    values must be fresh (call ``changed()`` first after changing what they read)."""
    c = s.p[i]
    c.buildings = proven_buildings(s, i)
    c.effect_room = effect_room_now(s, i)
    c.cache.pop("buffers", None)  # the one derived value that reads each Buffer's room


def proven_buildings(s: ColonistsState, i: int) -> list[Built]:
    """The community's buildings, each with its batch now as the room of its Buffer (none for
    one that does not work)."""
    out = []
    for built, proven in zip(s.p[i].buildings, default_proven(s, i), strict=True):
        out.append(built if proven == built.proven else
                   Built(built.slug, list(built.workers), proven))
    return out


def empty_room(b: d.Building) -> tuple[tuple[str, int], ...] | None:
    """``Built.proven`` of a building of ``b`` that has not produced: an empty Buffer, or None
    where it has none."""
    return () if b.buffer else None


def empty_if_idle(data: d.ColonistsData, built: Built) -> None:
    """A building that no longer works has emptied its Buffer (rulebook: goods leave it when
    its Colonist is removed): it holds nothing until it has produced again."""
    if built.proven and not works(data, built):
        built.proven = ()


def room_of(goods: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """A Buffer's room as ``Built.proven`` keeps it: (good, count) pairs, sorted."""
    return tuple(sorted((g, n) for g, n in goods.items() if n))


def default_proven(s: ColonistsState, i: int) -> list[tuple[tuple[str, int], ...] | None]:
    """For each building, the room of its Buffer once every source has produced: its batch now
    where it works, nothing where it does not; None for a building without a Buffer."""
    batches = {k: batch for kind, batch, k in _yields(s, i)
               if kind in ("production", "sustenance")}
    buildings = s.data.buildings
    out: list[tuple[tuple[str, int], ...] | None] = []
    for k, built in enumerate(s.p[i].buildings):
        b = buildings.get(built.slug)
        if b is None or not b.buffer:
            out.append(built.proven)
            continue
        batch = batches.get(k)
        out.append(room_of(batch) if batch is not None else ())
    return out


# --------------------------------------------------------------------------- Stewards and Range


def stewards_allowed(s: ColonistsState, i: int) -> int:
    c = s.p[i]
    base = c.cache.get("stewards")  # those the effects in force give
    if base is None:
        found = effects_of(s, i, d.ExtraSteward)
        base = c.cache["stewards"] = s.data.setup.stewards + (
            sum(e.stewards for e in found) if found else 0)
    return min(s.data.movement.max_stewards, base + c.used.get("apprentice_stewards", 0))


def steward_range(s: ColonistsState, i: int) -> int:
    cache = s.p[i].cache
    found = cache.get("range")
    if found is None:
        extra = sum(e.range for e in effects_of(s, i, d.ExtraRange))
        found = cache["range"] = min(s.data.movement.max_range, s.data.setup.range + extra)
    return found


def ambassador_range(s: ColonistsState, i: int) -> int:
    """The Range of a Special Ambassador player ``i`` moves: 2, raised like a Steward's."""
    extra = sum(e.range for e in effects_of(s, i, d.ExtraRange))
    return min(s.data.movement.max_range, s.data.movement.ambassador_range + extra)


def ambassadors_of(s: ColonistsState, i: int) -> tuple[str, ...]:
    """The Special Ambassadors player ``i`` may move (relations at level II or higher)."""
    found = effects_of(s, i, d.Ambassador)
    return tuple(e.ambassador for e in found) if found else ()


# --------------------------------------------------------------------------- building spots


def is_storage_facility(data: d.ColonistsData, slug: str) -> bool:
    b = data.buildings.get(slug)
    return b is not None and b.kind == "storage"


def spot_counts(s: ColonistsState, i: int) -> tuple[int, int]:
    """(building spots for any building, spots only Storage Facilities and others share)."""
    data = s.data
    spots = data.spots
    base = spots.era_one_only if s.last_era == 1 else spots.standard
    if effects_of(s, i, d.CommunityHallEffect):
        base = spots.with_community_hall
    else:
        borderland = sum(e.spots for e in effects_of(s, i, d.Borderland))
        base = min(spots.with_community_hall, base + borderland)
    base += sum(e.spots for e in effects_of(s, i, d.BuildingSpot))
    return base, spots.storage_facility


_HALLS: dict[int, frozenset[str]] = {}  # data set -> buildings opening all the spots
# data set -> (itself, its Storage Facilities): kept with it so that its id is not reused
_FACILITIES: dict[int, tuple[d.ColonistsData, frozenset[str]]] = {}


def spot_counts_for(s: ColonistsState, i: int, slugs: list[str]) -> tuple[int, int]:
    """The spots the community would have holding the buildings ``slugs``: only a Community
    Hall among the buildings changes them (the other spot effects come from cards)."""
    data = s.data
    spots = data.spots
    halls = _HALLS.get(id(data))
    if halls is None:
        halls = _HALLS[id(data)] = frozenset(
            slug for slug, b in data.buildings.items()
            if isinstance(b.effect, d.CommunityHallEffect) and b.workers == 0)
    hall = bool(halls) and not halls.isdisjoint(slugs)
    if hall:
        base = spots.with_community_hall
    else:
        base = spots.era_one_only if s.last_era == 1 else spots.standard
        borderland = sum(e.spots for e in effects_of(s, i, d.Borderland))
        base = min(spots.with_community_hall, base + borderland)
    base += sum(e.spots for e in effects_of(s, i, d.BuildingSpot))
    return base, spots.storage_facility


def spot_problem(s: ColonistsState, i: int, slugs: list[str],
                 counts: tuple[int, int] | None = None) -> str | None:
    """Why the buildings ``slugs`` (everything the community would hold) do not fit its spots
    (``counts``: the spots, if not the community's own)."""
    general, facility = counts if counts is not None else spot_counts(s, i)
    data = s.data
    known = _FACILITIES.get(id(data))
    if known is None or known[0] is not data:
        known = _FACILITIES[id(data)] = (data, frozenset(
            slug for slug in data.buildings if is_storage_facility(data, slug)))
    facilities = known[1]
    storage = 0
    for slug in slugs:
        if slug in facilities:
            storage += 1
    others = len(slugs) - storage
    if storage > facility:
        return (f"{storage} Storage Facilities need {storage} of the {facility} Storage "
                "Facility spots")
    if others > general + (facility - storage):
        return (f"{others} buildings do not fit on the {general} building spots and the "
                f"{facility - storage} free Storage Facility spots")
    return None
