"""Building, razing and remodelling, employing and dismissing Workers, discarding goods
(rulebook "Developing the Community")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from referee.model.colonists import data as d
from referee.model.colonists import turns
from referee.model.colonists.colonies import discounted, granting, level_rule
from referee.model.colonists.community import (
    at_home,
    colony_of,
    effects_of,
    empty_if_idle,
    empty_room,
    may_work,
    release_unallowed,
    spot_counts_for,
    spot_problem,
    substitute_problem,
    with_buildings,
    works,
)
from referee.model.colonists.economy import (
    holdings,
    spend_problem,
    sustain,
    sustain_problem,
    trim,
)
from referee.model.colonists.flow import ACT_STAGES, PLAY_STAGES, ColonistsFlow
from referee.model.colonists.goods import (
    STORABLE,
    Bundle,
    add,
    bundle_text,
    covers,
    minus,
    read_bundle,
)
from referee.model.colonists.moves.base import Action, player_index
from referee.model.colonists.moves.common import done, here, pay
from referee.model.colonists.moves.memo import MEMO
from referee.model.colonists.moves.turn import keeps_action_possible
from referee.model.colonists.refs import Refused, building_ref, illegal, schema
from referee.model.colonists.state import Built, ColonistsState
from referee.model.core import Action as ActionEvent
from referee.model.core import Note, Violation, fields, unknown


@dataclass
class Plan:
    """What a build action does: the community's buildings afterwards, the total cost, and
    the Workers sent home."""

    buildings: list[Built]
    cost: Bundle = field(default_factory=dict)
    notes: set[str] = field(default_factory=set)
    razed: list[str] = field(default_factory=list)
    sustain: Bundle = field(default_factory=dict)  # the Workers employed at once


def _items(e: ActionEvent, key: str = "buildings") -> list[dict[str, Any]]:
    raw = e.get(key)
    if not isinstance(raw, tuple) or not raw:
        raise schema(e, f"field {key!r} must be a non-empty list of buildings, found {raw!r}")
    out = []
    for item in raw:
        if isinstance(item, str):
            out.append({"building": item})
            continue
        if not hasattr(item, "items"):
            raise schema(e, f"a building to build is a slug or an object, found {item!r}")
        entry = dict(item.items)
        extra = sorted(set(entry) - {"building", "raze", "from", "extra", "employ"})
        if extra or "building" not in entry:
            raise schema(e, f"a building to build has 'building' and optionally 'raze', "
                         f"'from', 'extra', 'employ'; found {sorted(entry)}")
        out.append(entry)
    return out


def check_slugs(s: ColonistsState, e: ActionEvent, key: str = "buildings") -> None:
    for item in _items(e, key):
        if item["building"] not in s.data.buildings:
            raise schema(e, unknown("building", item["building"], sorted(s.data.buildings)))


def plan_build(s: ColonistsState, i: int, e: ActionEvent, allowed: tuple[str, ...] | None,
               limit: int | None, prices: dict[str, d.Goods] | None = None,
               key: str = "buildings", rule: str = "CO-BUILD", builder: bool = True) -> Plan:
    """Check a list of buildings to build in one action and return its plan. ``allowed``: the
    buildings of this Builder (None: any in ``prices``); ``prices`` replaces their costs (a
    Building Contract); ``limit``: how many at most; ``builder``: whether the build counts as one
    at a Builder (a Building Contract does, a Market card's does not), where cards add extra
    buildings."""
    data = s.data
    c = s.p[i]
    plan = Plan(list(c.buildings))  # entries are replaced, never changed in place
    items = _items(e, key)
    home = at_home(s, i)
    extras = {x.building: x for x in effects_of(s, i, d.ExtraBuilds)}
    triggers: set[str] = set()  # the Worker types of the buildings built here (not the extras)
    counted = 0
    for item in items:
        slug = item["building"]
        b = data.buildings.get(slug)
        if b is None:
            raise schema(e, unknown("building", slug, sorted(data.buildings)))
        if item.get("extra"):
            bonus = extras.get(slug)
            if bonus is not None and not builder:
                raise illegal(e, "CO-CARD-EFFECT", f"a card's extra {b.name}s come with a build "
                              "at a Builder, not with a Market card's")
            if bonus is None:
                raise illegal(e, "CO-CARD-EFFECT", f"{e.player} has no improvement that builds "
                              f"extra {b.name}s")
            price: d.Goods = bonus.price
            plan.notes.add("CO-CARD-EFFECT")
        else:
            if allowed is not None and slug not in allowed:
                raise illegal(e, rule, f"this Builder builds {', '.join(allowed)}, not {slug}")
            price = (prices or {}).get(slug, b.cost)
            counted += 1
            triggers.add(b.worker)
        add(plan.cost, price)
        if "raze" in item:  # the razed building makes room for this one
            _raze(s, i, e, plan, item["raze"], home)
        if b.upgrade_of is not None and not item.get("extra"):
            k = _remodel(s, i, e, plan, b, item, home)
        else:  # a card's extra buildings go on empty spots, never remodelled (ExtraBuilds)
            if "from" in item and item.get("extra"):
                raise illegal(e, "CO-CARD-EFFECT", f"the card's extra {b.name}s go on empty "
                              "Building spots, never remodelled from another building")
            if "from" in item:  # only an upgrade replaces a building (rulebook "Remodeling")
                raise illegal(e, "CO-REMODEL", f"a {b.name} is no upgrade: it is built on a "
                              "Building spot, not remodelled from another building ('from' "
                              "names what an upgrade replaces; 'raze' makes room)")
            k = len(plan.buildings)
            plan.buildings.append(Built(slug, proven=empty_room(b)))  # filled at production
        if "employ" in item:
            _employ_at_once(s, i, e, plan, k, item["employ"], home)
        if b.limit is not None:
            have = sum(1 for x in plan.buildings if x.slug == slug)
            if have > b.limit:
                raise illegal(e, "CO-BUILD-LIMIT", f"a community holds at most {b.limit} "
                              f"{b.name}; {e.player} would hold {have}")
        if s.box_limits:
            _box(s, i, e, plan, b)
    if limit is not None and counted > limit:
        raise illegal(e, rule, f"at most {limit} building(s) here, found {counted}")
    for item in items:  # each card's extras come with a building of that card's Worker type
        bonus = extras.get(item["building"]) if item.get("extra") else None
        if bonus is not None and "any" not in triggers and bonus.trigger_worker not in triggers:
            raise illegal(e, "CO-CARD-EFFECT", f"extra {data.buildings[bonus.building].name}s "
                          f"come with at least one {bonus.trigger_worker} building (or the "
                          "Factory) built here")
    _spots(s, i, e, plan)
    cost = discounted(s, i, plan.cost)
    if cost != plan.cost:
        plan.cost = cost
        plan.notes.add("CO-AMBASSADOR-ALTRUIST")
    problem = spend_problem(s, i, plan.cost)
    if problem is None and plan.sustain:
        left = minus(holdings(s, i), {g: n for g, n in plan.cost.items() if g in STORABLE})
        if not covers(left, plan.sustain):
            raise illegal(e, "CO-EMPLOY", f"employing at once needs {bundle_text(plan.sustain)} "
                          f"to sustain besides the building cost {bundle_text(plan.cost)}")
    if problem:
        # every good is held, but they cannot all lie in Storage at the action's start
        spent = "CO-SPEND" if covers(holdings(s, i), plan.cost) else rule
        raise illegal(e, spent, f"building costs {bundle_text(plan.cost)}: {problem}")
    return plan


def _employ_at_once(s: ColonistsState, i: int, e: ActionEvent, plan: Plan, k: int,
                    worker: Any, home: dict[str, int]) -> None:
    """``employ``: a Colonist at home goes to work in the building just built or remodelled
    (rulebook "Activating a Building"), before what it holds is trimmed: the goods of a
    remodelled Buffer or Storage Facility can stay in the upgraded version."""
    if worker not in d.WORKER_TYPES:
        raise schema(e, unknown("worker", worker, d.WORKER_TYPES))
    built = plan.buildings[k]
    b = s.data.buildings[built.slug]
    if b.workers == 0:
        raise illegal(e, "CO-EMPLOY", f"the {built.slug} needs no Worker")
    problem = substitute_problem(s, i, b, worker)
    if problem:
        raise illegal(e, _substitute_rule(s, b, worker), problem)
    if home.get(worker, 0) < 1:
        raise illegal(e, "CO-EMPLOY", f"{e.player} has no {worker} at home")
    home[worker] -= 1
    plan.buildings[k] = Built(built.slug, [worker], built.proven)
    add(plan.sustain, s.data.sustenance.get(worker, {}))
    plan.notes.add("CO-EMPLOY")


def _remodel(s: ColonistsState, i: int, e: ActionEvent, plan: Plan, b: d.Building,
             item: dict[str, Any], home: dict[str, int]) -> int:
    data = s.data
    assert b.upgrade_of is not None
    source = item.get("from", b.upgrade_of)
    view = with_buildings(s, i, plan.buildings)
    k = building_ref(view, i, e, source, "building to remodel")
    old = plan.buildings[k]
    allowed_from = {b.upgrade_of} | {x.source for x in effects_of(s, i, d.ExtraRemodel)
                                     if x.target == b.slug}
    if old.slug != b.upgrade_of:  # a remodel a colony allows (or none)
        extra = granting(s, lambda x: isinstance(x, d.ExtraRemodel) and x.target == b.slug and
                         x.source == old.slug)
        if old.slug not in allowed_from:
            raise illegal(e, level_rule(*extra) if extra else "CO-REMODEL", f"a {b.name} is "
                          f"remodelled from a {' or '.join(sorted(allowed_from))}, not from a "
                          f"{old.slug}")
        if extra:
            plan.notes.add(level_rule(*extra))
    before = data.buildings[old.slug]
    for kind, n in before.houses.items():
        if b.houses.get(kind, 0) < n:
            lost = n - b.houses.get(kind, 0)
            if home.get(kind, 0) < lost:
                raise illegal(e, "CO-REMODEL", f"remodelling a {before.name} into a {b.name} "
                              f"needs {lost} {kind}(s) at home; {e.player} has "
                              f"{home.get(kind, 0)}")
            home[kind] -= lost
    for w in old.workers:
        home[w] = home.get(w, 0) + 1
    # its Buffer goes on into the upgrade only when the build employs the Colonist at once
    plan.buildings[k] = Built(b.slug, proven=old.proven if before.buffer else empty_room(b))
    plan.notes.add("CO-REMODEL")
    return k


def _raze(s: ColonistsState, i: int, e: ActionEvent, plan: Plan, ref: Any,
          home: dict[str, int]) -> None:
    view = with_buildings(s, i, plan.buildings)
    k = building_ref(view, i, e, ref, "building to raze")
    old = plan.buildings[k]
    b = s.data.buildings.get(old.slug)
    if b is not None:
        for kind, n in b.houses.items():
            if home.get(kind, 0) < n:
                raise illegal(e, "CO-RAZE", f"razing a {b.name} needs its {n} {kind}(s) at "
                              f"home; {e.player} has {home.get(kind, 0)}")
            home[kind] -= n
    for w in old.workers:
        home[w] = home.get(w, 0) + 1
    del plan.buildings[k]
    add(plan.cost, {"tools": s.data.raze_tools})
    plan.razed.append(old.slug)
    plan.notes.add("CO-RAZE")


def plan_razes(s: ColonistsState, i: int, e: ActionEvent, refs: list[Any]) -> Plan:
    """Razing ``refs`` to make room for tiles placed by an action that builds no Building (new
    Embassies at the Diplomat): the community left and the Tools it costs."""
    plan = Plan(list(s.p[i].buildings))
    home = at_home(s, i)
    for ref in refs:
        _raze(s, i, e, plan, ref, home)
    return plan


def _box(s: ColonistsState, i: int, e: ActionEvent, plan: Plan, b: d.Building) -> None:
    sides = {b.slug} | ({b.other_side} if b.other_side else set())
    mine = sum(1 for x in plan.buildings if x.slug in sides)
    others = sum(1 for j, c in enumerate(s.p) if j != i for x in c.buildings if x.slug in sides)
    if mine + others > b.box_count:
        raise illegal(e, "CO-BUILD-LIMIT", f"the box holds {b.box_count} {b.name} tiles; "
                      f"{others} are in other communities")


def _spots(s: ColonistsState, i: int, e: ActionEvent, plan: Plan) -> None:
    slugs = [b.slug for b in plan.buildings]
    problem = spot_problem(s, i, slugs, spot_counts_for(s, i, slugs))
    if problem:
        raise illegal(e, "CO-BUILD-SPOTS", problem)


def apply_plan(s: ColonistsState, i: int, plan: Plan, note: Note) -> None:
    pay(s, i, plan.cost, note)
    s.p[i].buildings = plan.buildings
    s.p[i].changed()
    if any(plan.sustain.values()):
        sustain(s, i, plan.sustain)
    for rule in sorted(plan.notes):
        note(rule)
    note("CO-BUILD-LIMIT")
    note("CO-BUILD-SPOTS")
    lose_razed(s, i, plan, note)
    after_razing(s, i)


def lose_razed(s: ColonistsState, i: int, plan: Plan, note: Note) -> None:
    """A razed Embassy takes its relation with it: the colony's abilities are lost at once."""
    for slug in plan.razed:
        colony = colony_of(slug)
        if colony is not None:
            s.p[i].embassies.pop(colony, None)
            note("CO-EMBASSY-RAZE")
    s.p[i].changed()


def after_razing(s: ColonistsState, i: int) -> None:
    """What the community no longer allows once buildings left: Workers without a place go
    home, goods that no longer fit are discarded, extra Stewards leave."""
    release_unallowed(s, i)
    trim(s, i)
    turns.leave_extra_stewards(s, i)

FLOW = ColonistsFlow()


class Build(Action):
    name = "build"
    rules = ("CO-BUILD", "CO-SPEND")
    required = fields(buildings=list)
    stages = ACT_STAGES

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        check_slugs(s, e)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        place = here(s, e, ("builder",), "CO-BUILD")
        assert place is not None
        MEMO.keep(s, e, plan_build(s, player_index(s, e), e, place.builds, place.limit))

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None and s.pending.tile is not None
        tile = s.board.tiles[s.pending.tile]
        if tile.market:
            return
        place = s.data.place(tile.slug)
        if place.type != "builder":
            return
        i = s.players.index(player)
        for slug in place.builds:
            b = s.data.buildings[slug]
            if b.upgrade_of is None and spend_problem(s, i, discounted(s, i, b.cost)):
                continue  # not even one is affordable, with or without razing
            built = False
            for n in (1, 2):
                event = ActionEvent.make(player, "build", buildings=[slug] * n)
                if self.check(s, event) is None:
                    built = True
                    yield event
                else:
                    break
            if built:
                continue
            for ref in raze_refs(s, i):  # no spot left: raze one to make room
                event = ActionEvent.make(player, "build", buildings=[
                    {"building": slug, "raze": ref}])
                if self.check(s, event) is None:
                    built = True
                    yield event
                    break
            if built or b.upgrade_of is None:
                continue
            # copies of the upgraded building that differ, and what a colony lets be remodelled
            # (Laborer II: an Estate into an Apartment); the plain upgrade was tried above
            for item in remodel_items(s, i, slug):
                if item["from"] == b.upgrade_of:
                    continue
                event = ActionEvent.make(player, "build", buildings=[item])
                if self.check(s, event) is None:
                    yield event
                    break

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        place = here(s, e, ("builder",), "CO-BUILD")
        assert place is not None
        i = player_index(s, e)
        plan = MEMO.take(s, e)
        if plan is None:
            plan = plan_build(s, i, e, place.builds, place.limit)
        apply_plan(s, i, plan, note)
        done(s, note)


def build_possible(s: ColonistsState, i: int, place: d.Place) -> bool:
    """Whether :meth:`Build.legal` lists a build for player ``i`` at the Builder ``place``
    where the pending action is due: first the plain builds of one new building, tested
    directly (what :func:`plan_build` checks of them), then every form the moves list."""
    if _plain_build_possible(s, i, place):
        return True
    for _ in BUILD.legal(s, s.players[i]):
        return True
    return False


def _plain_build_possible(s: ColonistsState, i: int, place: d.Place) -> bool:
    """Whether one of the Builder's buildings is built as ``[slug]`` (a remodel from the
    building it upgrades, whose copies are alike): within the place's limit and the
    building's, the Colonists a remodel sends away at home, on a free spot, its cost paid from
    Storage. False where it cannot tell (the box's limits): the moves are asked then."""
    pending = s.pending
    if s.box_limits or pending is None or not pending.main or (
            place.limit is not None and place.limit < 1):
        return False
    data = s.data
    buildings = s.p[i].buildings
    slugs = [b.slug for b in buildings]
    for slug in place.builds:
        b = data.buildings[slug]
        if b.limit is not None and slugs.count(slug) + 1 > b.limit:
            continue
        if spend_problem(s, i, discounted(s, i, b.cost)) is not None:
            continue
        if b.upgrade_of is None:
            after = [*slugs, slug]
        else:
            copies = [x for x in buildings if x.slug == b.upgrade_of]
            if not copies or any(x.key() != copies[0].key() for x in copies[1:]):
                continue
            lost = {kind: n - b.houses.get(kind, 0) for kind, n in
                    data.buildings[b.upgrade_of].houses.items() if b.houses.get(kind, 0) < n}
            if lost:
                home = at_home(s, i)
                if any(home.get(kind, 0) < n for kind, n in lost.items()):
                    continue
            after = list(slugs)
            after[after.index(b.upgrade_of)] = slug
        if spot_problem(s, i, after, spot_counts_for(s, i, after)) is None:
            return True
    return False


def remodel_items(s: ColonistsState, i: int, slug: str) -> list[dict[str, str]]:
    """A build entry remodelling each distinct building of the community into ``slug`` (named
    ``slug#k`` where its copies differ, e.g. a staffed and an empty Storage Shed)."""
    b = s.data.buildings[slug]
    sources = {b.upgrade_of} | {x.source for x in effects_of(s, i, d.ExtraRemodel)
                                if x.target == slug}
    return [{"building": slug, "from": ref} for ref in raze_refs(s, i)
            if ref.partition("#")[0] in sources]


def raze_refs(s: ColonistsState, i: int) -> list[str]:
    """A name for each distinct building of a community (slug, or slug#k where copies differ)."""
    c = s.p[i]
    out: list[str] = []
    for slug in sorted({b.slug for b in c.buildings}):
        copies = [b for b in c.buildings if b.slug == slug]
        if all(b.key() == copies[0].key() for b in copies):
            out.append(slug)
        else:
            out.extend(f"{slug}#{k}" for k in range(1, len(copies) + 1))
    return out


# --------------------------------------------------------------------------- Workers


def capacity(s: ColonistsState, i: int, built: Built, worker: str) -> int:
    """How many Workers the building takes, with ``worker`` joining: a Steam Engine lets one
    Factory be run by a Farmer and a Citizen together."""
    b = s.data.buildings[built.slug]
    if isinstance(b.effect, d.FactoryEffect):
        for dual in effects_of(s, i, d.FactoryDual):
            others = sum(1 for x in s.p[i].buildings
                         if x is not built and x.slug == built.slug and len(x.workers) > 1)
            pair = sorted([*built.workers, worker])
            wanted = dual.pair()
            if others < dual.factories and len(pair) == len(wanted) and pair == wanted:
                return len(wanted)
    return b.workers


# employing without sustaining at once: the redistribution (sustained in the phase that
# follows) and a later-era setup's display (sustained in its sustenance phase)
NO_SUSTAIN_STAGES = frozenset({"end_year", "setup_display"})


def _sustained_at_once(s: ColonistsState) -> bool:
    """A Worker employed now is sustained at once: anywhere but in the redistribution, which
    starts only once the start player has added the face-up Places (the year's phase 3)."""
    return s.stage not in NO_SUSTAIN_STAGES or (s.stage == "end_year" and bool(s.revealed))


def _substitute_rule(s: ColonistsState, b: d.Building, worker: str) -> str:
    """The Laborer level that lets a ``worker`` work in ``b`` (CO-EMPLOY if none does)."""
    found = granting(s, lambda x: isinstance(x, d.SubstituteWorker) and x.worker == worker
                     and x.works_as == b.worker)
    return level_rule(*found) if found else "CO-EMPLOY"


def _worker(s: ColonistsState, i: int, e: ActionEvent, built: Built) -> str:
    b = s.data.buildings.get(built.slug)
    if b is None or b.workers == 0:
        raise illegal(e, "CO-EMPLOY", f"the {built.slug} needs no Worker")
    worker = e.get("worker")
    if worker is None:
        if b.worker == "any":
            raise schema(e, f"name the Worker for the {b.name} (farmer, citizen or merchant)")
        worker = b.worker
    if worker not in d.WORKER_TYPES:
        raise schema(e, unknown("worker", worker, d.WORKER_TYPES))
    return str(worker)


class Employ(Action):
    name = "employ"
    rules = ("CO-EMPLOY",)
    required = fields(building=str)
    optional = fields(worker=str)
    who = "anyone"
    stages = PLAY_STAGES

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self._employable(s, e)
        keeps_action_possible(s, e, self)

    def _employable(self, s: ColonistsState, e: ActionEvent) -> None:
        """The employ's own rules (Refused when broken), the place's due action aside."""
        i = player_index(s, e)
        k = building_ref(s, i, e, e.get("building"), rule="CO-EMPLOY")
        built = s.p[i].buildings[k]
        worker = _worker(s, i, e, built)  # refuses an Embassy, a Residence, ...
        b = s.data.buildings[built.slug]
        if len(built.workers) >= capacity(s, i, built, worker):
            raise illegal(e, "CO-EMPLOY", f"the {b.name} has all its Workers already")
        problem = substitute_problem(s, i, b, worker)
        if problem:
            raise illegal(e, _substitute_rule(s, b, worker), problem)
        if at_home(s, i)[worker] < 1:
            raise illegal(e, "CO-EMPLOY", f"{e.player} has no {worker} at home")
        if _sustained_at_once(s):
            problem = sustain_problem(s, i, s.data.sustenance.get(worker, {}))
            if problem:
                raise illegal(e, "CO-EMPLOY", f"employing a {worker}: {problem}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        for event in self._candidates(s, player):
            if self.check(s, event) is None:
                yield event

    def listed(self, s: ColonistsState, player: str) -> Iterator[ActionEvent]:
        """The employs :meth:`legal` lists, their effect on a due action aside (what a move
        asks of the anytime events that may come before the place's action)."""
        for event in self._candidates(s, player):
            try:
                self._employable(s, event)
            except Refused:
                continue
            yield event

    def _candidates(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        home = at_home(s, i)
        seen: set[tuple[str, str]] = set()
        for built in s.p[i].buildings:
            b = s.data.buildings.get(built.slug)
            if b is None or b.workers == 0:
                continue
            for worker in d.WORKER_TYPES:
                if len(built.workers) >= capacity(s, i, built, worker):
                    continue
                if home[worker] and may_work(s, i, b, worker) and (b.slug, worker) not in seen:
                    seen.add((b.slug, worker))
                    params = {"worker": worker} if b.worker != worker else {}
                    slug = built.slug
                    copies = [x for x in s.p[i].buildings if x.slug == slug]
                    if any(x.key() != copies[0].key() for x in copies):
                        k = next(n for n, x in enumerate(copies, 1) if x is built)
                        slug = f"{slug}#{k}"
                    yield ActionEvent.make(player, "employ", building=slug, **params)

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        built = s.p[i].buildings[building_ref(s, i, e, e.get("building"), rule="CO-EMPLOY")]
        worker = _worker(s, i, e, built)
        if _sustained_at_once(s):
            cost = s.data.sustenance.get(worker, {})
            if any(cost.values()):
                sustain(s, i, cost)
        else:  # the redistribution (or a later start's display)
            turns.year_phases_under_way(s)
        b = s.data.buildings[built.slug]
        if b.worker not in ("any", worker):
            note(_substitute_rule(s, b, worker))
        idle = not works(s.data, built)
        built.workers.append(worker)
        if idle and b.buffer:  # its Buffer was emptied when it stopped working
            # a later era's display may fill it directly; elsewhere (the setup of a game
            # from a position included) it holds nothing until it has produced
            built.proven = None if s.stage == "setup_display" else empty_room(b)
        s.p[i].changed()


class Dismiss(Action):
    name = "dismiss"
    rules = ("CO-REDISTRIBUTE",)
    order_rule = "CO-REDISTRIBUTE"
    required = fields(building=str)
    optional = fields(worker=str)
    who = "anyone"
    stages = frozenset({"end_year", "setup_display"})

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        if s.stage == "end_year" and s.revealed:
            # the Year's phases in order: the new Places (2) before the redistribution (3)
            raise Refused(Violation("order", "CO-REDISTRIBUTE", "Colonists are redistributed "
                                    "after the start player adds the face-up Places "
                                    f"({', '.join(s.revealed)})", e.player))
        i = player_index(s, e)
        built = s.p[i].buildings[building_ref(s, i, e, e.get("building"), rule="CO-REDISTRIBUTE")]
        if not built.workers:
            raise illegal(e, "CO-REDISTRIBUTE", f"nobody works in the {built.slug}")
        worker = e.get("worker", built.workers[0])
        if worker not in built.workers:
            raise illegal(e, "CO-REDISTRIBUTE", f"no {worker} works in the {built.slug}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        if s.stage == "end_year" and s.revealed:
            return
        i = s.players.index(player)
        c = s.p[i]
        for ref in raze_refs(s, i):
            slug = ref.partition("#")[0]
            built = c.buildings[[k for k, b in enumerate(c.buildings) if b.slug == slug][
                int(ref.partition("#")[2] or 1) - 1]]
            for worker in sorted(set(built.workers)):
                params = {"worker": worker} if len(set(built.workers)) > 1 else {}
                yield ActionEvent.make(player, "dismiss", building=ref, **params)

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        built = s.p[i].buildings[building_ref(s, i, e, e.get("building"), rule="CO-REDISTRIBUTE")]
        built.workers.remove(e.get("worker", built.workers[0]))
        turns.year_phases_under_way(s)
        empty_if_idle(s.data, built)  # its goods leave its Buffer (trim)
        s.p[i].changed()
        trim(s, i)
        turns.leave_extra_stewards(s, i)
        note("CO-BUFFER")


class Discard(Action):
    """Discarding stored goods at any time (any goods, by any player). Listed in a canonical
    reduced form: one good of each kind held, by a player who decides now. A larger discard is
    the same as single ones in a row, and another player's discard commutes with the decision
    taken now, so the list still reaches every state a discard reaches."""

    name = "discard"
    rules = ("CO-DISCARD",)
    required = fields(goods=dict)
    who = "anyone"
    stages = PLAY_STAGES

    def _goods(self, e: ActionEvent) -> Bundle:
        found = read_bundle(e.get("goods"))
        if isinstance(found, str):
            raise schema(e, f"field 'goods' {found}", "CO-DISCARD")
        kept = sorted(g for g in found if g in ("tools", "dollars"))
        if kept:
            raise schema(e, f"{kept[0]} stay in the Toolbox: only stored goods are discarded",
                         "CO-DISCARD")
        return found

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self._goods(e)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        i = player_index(s, e)
        problem = sustain_problem(s, i, self._goods(e))
        if problem:
            raise Refused(Violation("illegal", "CO-DISCARD", f"{e.player} cannot discard "
                                    f"{bundle_text(self._goods(e))}: "
                                    + problem.replace(" to sustain", ""), e.player))
        keeps_action_possible(s, e, self)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        if player not in FLOW.actors(s):
            return
        i = s.players.index(player)
        for good in sorted(holdings(s, i)):
            if good in ("tools", "dollars"):
                continue
            event = ActionEvent.make(player, "discard", goods={good: 1})
            if self.check(s, event) is None:
                yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        sustain(s, player_index(s, e), self._goods(e))


BUILD = Build()
EMPLOY = Employ()
MOVES = (BUILD, EMPLOY, Dismiss(), Discard())
