"""What a community has and can do, derived from its buildings, improvements and Embassies:
colonists, workers, storage room, Buffers, yields, Stewards, Range and building spots.

Nothing here changes a state; the moves call these to check and to apply.
"""

from __future__ import annotations

import copy
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
    found = c.cache.get("effects")
    if found is not None:
        return found
    data = s.data
    out: list[d.Effect] = []
    for built in c.buildings:
        b = data.buildings.get(built.slug)
        if b is not None and b.effect is not None and works(data, built):
            out.append(b.effect)
    for card in c.played:
        out.extend(data.improvements[card].effects)
    for card in c.limited:
        out.extend(data.improvements[card].effects)
    for colony, level in c.embassies.items():
        out.extend(data.abilities(colony, level))
    result = tuple(out)
    c.cache["effects"] = result
    return result


def effects_of(s: ColonistsState, i: int, kind: type[E]) -> list[E]:
    cache = s.p[i].cache
    key = ("kind", kind)
    found = cache.get(key)
    if found is None:
        found = [e for e in effects(s, i) if isinstance(e, kind)]
        cache[key] = found
    return found


def has(s: ColonistsState, i: int, kind: type[d.Effect]) -> bool:
    return any(isinstance(e, kind) for e in effects(s, i))


def embassy_slug(colony: str) -> str:
    return f"embassy_{colony}"


def colony_of(slug: str) -> str | None:
    return slug[len("embassy_"):] if slug.startswith("embassy_") else None


def with_buildings(s: ColonistsState, i: int, buildings: list[Built]) -> ColonistsState:
    """A view of ``s`` in which player ``i`` holds ``buildings`` (for checking a plan); the
    rest is shared with ``s`` and must not be changed."""
    view = copy.copy(s)
    view.p = list(s.p)
    c = copy.copy(s.p[i])
    c.buildings = buildings
    c.cache = {}
    view.p[i] = c
    return view


# --------------------------------------------------------------------------- colonists


def colonists(s: ColonistsState, i: int) -> dict[str, int]:
    """Colonists of each type the community has (at home or at work)."""
    out = dict.fromkeys(d.WORKER_TYPES, 0)
    for built in s.p[i].buildings:
        b = s.data.buildings.get(built.slug)
        if b is not None:
            for kind, n in b.houses.items():
                out[kind] += n
    for e in effects_of(s, i, d.Colonists):
        out[e.worker] += e.count
    return out


def employed(c: Community) -> dict[str, int]:
    out = dict.fromkeys(d.WORKER_TYPES, 0)
    for built in c.buildings:
        for w in built.workers:
            out[w] += 1
    return out


def at_home(s: ColonistsState, i: int) -> dict[str, int]:
    have, busy = colonists(s, i), employed(s.p[i])
    return {k: have[k] - busy[k] for k in d.WORKER_TYPES}


def may_work(s: ColonistsState, i: int, b: d.Building, worker: str) -> bool:
    """Whether a ``worker`` may work in building ``b`` (the Laborer's substitutions aside)."""
    if b.worker == "any":
        return True
    if b.worker == worker:
        return True
    for e in effects_of(s, i, d.SubstituteWorker):
        if e.worker == worker and e.works_as == b.worker:
            return True
    return False


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
    in_force = list(effects(s, i))
    for e in in_force:
        if isinstance(e, d.BuildingStorage):
            bonus[e.building] = bonus.get(e.building, 0) + e.spaces
    for built in c.buildings:
        b = data.buildings.get(built.slug)
        if b is not None and b.storage and works(data, built):
            storage += b.storage + bonus.get(built.slug, 0)
    for e in in_force:
        if isinstance(e, d.StorageSpaces):
            storage += e.spaces
        elif isinstance(e, d.Warehouse):
            if e.good is None:
                general += e.lots
            else:
                typed[e.good] = typed.get(e.good, 0) + e.lots
    if any(isinstance(e, d.WarehouseIsStorage) for e in in_force):
        storage, general = storage + general, 0
    return Room(storage, general, typed)


# --------------------------------------------------------------------------- yields and Buffers


def _factory_bonus(s: ColonistsState, i: int) -> dict[str, int]:
    """Extra goods per building run by each Worker type, from working Factories."""
    out = dict.fromkeys(d.WORKER_TYPES, 0)
    data = s.data
    dual = sum(e.factories for e in effects_of(s, i, d.FactoryDual))
    for built in s.p[i].buildings:
        b = data.buildings.get(built.slug)
        if b is None or not isinstance(b.effect, d.FactoryEffect) or not built.workers:
            continue
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
    the Factory and improvement bonuses: what it yields a year and what its Buffer holds."""
    data = s.data
    factory = _factory_bonus(s, i)
    bonuses = effects_of(s, i, d.BuildingBonus)
    counted: dict[int, int] = {}
    out: list[Bundle] = []
    for built in s.p[i].buildings:
        b = data.buildings.get(built.slug)
        if b is None or b.kind not in kinds or not works(data, built) or not b.output:
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
        out.append(batch)
    return out


def improvement_yields(s: ColonistsState, i: int) -> list[Bundle]:
    """One batch per production effect of improvements and Embassies (no Worker, no Factory)."""
    return [dict(e.goods) for e in effects_of(s, i, d.Production)]


def buffer_room(s: ColonistsState, i: int) -> Bundle:
    """How many goods of each kind the Buffers can hold: one batch per producing source."""
    found = s.p[i].cache.get("buffers")
    if found is not None:
        return found
    out: Bundle = {}
    for batch in building_yields(s, i, ("production", "sustenance")):
        add(out, {g: n for g, n in batch.items() if g in d.STORABLE})
    for batch in improvement_yields(s, i):
        add(out, {g: n for g, n in batch.items() if g in d.STORABLE})
    s.p[i].cache["buffers"] = out
    return out


# --------------------------------------------------------------------------- Stewards and Range


def stewards_allowed(s: ColonistsState, i: int) -> int:
    extra = sum(e.stewards for e in effects_of(s, i, d.ExtraSteward))
    extra += s.p[i].used.get("apprentice_stewards", 0)
    return min(s.data.movement.max_stewards, s.data.setup.stewards + extra)


def steward_range(s: ColonistsState, i: int) -> int:
    extra = sum(e.range for e in effects_of(s, i, d.ExtraRange))
    return min(s.data.movement.max_range, s.data.setup.range + extra)


# --------------------------------------------------------------------------- building spots


def is_storage_facility(data: d.ColonistsData, slug: str) -> bool:
    b = data.buildings.get(slug)
    return b is not None and b.kind == "storage"


def spot_counts(s: ColonistsState, i: int) -> tuple[int, int]:
    """(building spots for any building, spots only Storage Facilities and others share)."""
    data = s.data
    spots = data.spots
    base = spots.era_one_only if s.last_era == 1 else spots.standard
    if any(isinstance(e, d.CommunityHallEffect) for e in effects(s, i)):
        base = spots.with_community_hall
    else:
        borderland = sum(e.spots for e in effects_of(s, i, d.Borderland))
        base = min(spots.with_community_hall, base + borderland)
    base += sum(e.spots for e in effects_of(s, i, d.BuildingSpot))
    return base, spots.storage_facility


def spot_problem(s: ColonistsState, i: int, slugs: list[str]) -> str | None:
    """Why the buildings ``slugs`` (everything the community would hold) do not fit its spots."""
    general, facility = spot_counts(s, i)
    data = s.data
    storage = sum(1 for slug in slugs if is_storage_facility(data, slug))
    others = len(slugs) - storage
    if storage > facility:
        return (f"{storage} Storage Facilities need {storage} of the {facility} Storage "
                "Facility spots")
    if others > general + (facility - storage):
        return (f"{others} buildings do not fit on the {general} building spots and the "
                f"{facility - storage} free Storage Facility spots")
    return None
