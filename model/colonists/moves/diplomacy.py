"""The Diplomat: establishing and improving relations with the colonies (rulebook
"Diplomacy")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.model.colonists import data as d
from referee.model.colonists.colonies import discounted, level_rule
from referee.model.colonists.community import embassy_slug, spot_problem, with_buildings
from referee.model.colonists.economy import spend_problem
from referee.model.colonists.flow import ACT_STAGES
from referee.model.colonists.goods import Bundle, add, bundle_text
from referee.model.colonists.moves.base import Action, player_index
from referee.model.colonists.moves.common import done, here, pay
from referee.model.colonists.moves.community import (
    Plan,
    after_razing,
    lose_razed,
    plan_razes,
    raze_refs,
)
from referee.model.colonists.refs import illegal, place_ref, schema
from referee.model.colonists.state import Built, ColonistsState
from referee.model.core import Action as ActionEvent
from referee.model.core import Note, fields, unknown


def _targets(s: ColonistsState, e: ActionEvent) -> dict[str, int]:
    raw = e.get("embassies")
    out: dict[str, int] = {}
    for colony, level in raw.items:
        if colony not in s.data.colonies:
            raise schema(e, unknown("colony", colony, sorted(s.data.colonies)))
        if type(level) is not int or level not in s.data.embassy_levels:
            raise schema(e, f"{colony}: a level is 1 to {max(s.data.embassy_levels)}, found "
                         f"{level!r}")
        out[colony] = level
    if not out:
        raise schema(e, "name at least one colony and the level to reach")
    return out


def _raze_refs(e: ActionEvent) -> list[Any]:
    """``raze``: the buildings (one name, or a list) razed to make room for new Embassies."""
    if not e.has("raze"):
        return []
    raw = e.get("raze")
    refs = [raw] if isinstance(raw, str) else list(raw) if isinstance(raw, tuple) else [raw]
    if not refs:
        raise schema(e, "field 'raze' names at least one building")
    return refs


def _razing(s: ColonistsState, i: int, e: ActionEvent) -> tuple[ColonistsState, Plan]:
    """The community after the razes that make room for new Embassies (a view, with the
    relations of razed Embassies gone), and the plan with their Tools."""
    refs = _raze_refs(e)
    if not refs:
        return s, Plan(list(s.p[i].buildings))
    plan = plan_razes(s, i, e, refs)
    view = with_buildings(s, i, plan.buildings)
    c = view.p[i]
    c.embassies = {k: v for k, v in c.embassies.items()
                   if any(b.slug == embassy_slug(k) for b in plan.buildings)}
    return view, plan


def diplomacy_cost(s: ColonistsState, i: int, targets: dict[str, int],
                   relief: bool = True) -> Bundle:
    """The levels' costs, each level reached paid in turn; less the Altruist Ambassador's
    discount (``relief``)."""
    cost: Bundle = {}
    for colony, level in targets.items():
        for step in range(s.p[i].embassies.get(colony, 0) + 1, level + 1):
            add(cost, s.data.embassy_levels[step].cost)
    return discounted(s, i, cost) if relief else cost


def unlocked(s: ColonistsState, i: int, targets: dict[str, int]) -> list[str]:
    """The Special Ambassadors these relations bring into play (level II reached while the
    figure is not on the board yet): the player places each on a Market at once."""
    out = []
    for colony, level in targets.items():
        for x in s.data.abilities(colony, level):
            if isinstance(x, d.Ambassador) and x.ambassador not in s.ambassadors and \
                    x.ambassador not in out:
                out.append(x.ambassador)
    return out


def ambassador_places(s: ColonistsState, e: ActionEvent, names: list[str]) -> dict[str, int]:
    """``ambassadors``: the Market where each newly unlocked Special Ambassador enters."""
    given: dict[str, int] = {}
    if e.has("ambassadors"):
        for name, where in e.get("ambassadors").items:
            if name not in s.data.movement.ambassadors:
                raise schema(e, "ambassadors: " + unknown("Special Ambassador", name,
                                                          s.data.movement.ambassadors))
            given[name] = place_ref(s, e, "ambassadors", where)
    for name in given:
        if name not in names:
            raise illegal(e, "CO-AMBASSADOR", f"the {name} Special Ambassador does not come "
                          "into play with these relations" + (
                              " (he is on the board already)" if name in s.ambassadors else ""))
    for name in names:
        if name not in given:
            markets = [t for t, tile in s.board.tiles.items() if tile.market]
            if len(markets) != 1:
                raise illegal(e, "CO-AMBASSADOR", f"the {name} Special Ambassador comes into "
                              f"play: {e.player} places him on a Market at once (field "
                              "'ambassadors': {\"" + name + "\": a cell of the Market})")
            given[name] = markets[0]
        if not s.board.tiles[given[name]].market:
            raise illegal(e, "CO-AMBASSADOR", f"the {name} Special Ambassador enters the board "
                          f"on a Market, not on the {s.board.tiles[given[name]].slug}")
    return given


class Diplomacy(Action):
    name = "diplomacy"
    rules = ("CO-DIPLOMAT", "CO-EMBASSY")
    required = fields(embassies=dict)
    optional = fields(ambassadors=dict, raze=(str, list))
    stages = ACT_STAGES

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        _targets(s, e)
        _raze_refs(e)

    def _cost(self, s: ColonistsState, i: int, e: ActionEvent, targets: dict[str, int],
              razing: tuple[ColonistsState, Plan] | None = None) -> tuple[Bundle, Bundle, Plan]:
        """What the action costs (the levels reached and 2 Tools per building razed for room,
        then less the Altruist Ambassador's discount), what it costs without the discount, and
        the razing plan (``razing``: what :func:`_razing` gave, if known)."""
        after, plan = razing if razing is not None else _razing(s, i, e)
        full = diplomacy_cost(after, i, targets, relief=False)
        add(full, plan.cost)
        return discounted(s, i, full), full, plan

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        here(s, e, ("diplomat",), "CO-DIPLOMAT")
        i = player_index(s, e)
        targets = _targets(s, e)
        after, plan = _razing(s, i, e)
        c = after.p[i]
        top = s.data.eras[s.era].max_colony_level
        new = 0
        for colony, level in targets.items():
            if colony not in s.colonies:
                raise illegal(e, "CO-EMBASSY", f"the {colony} colony is not in play (in play: "
                              f"{', '.join(s.colonies)})")
            have = c.embassies.get(colony, 0)
            if level <= have:
                raise illegal(e, "CO-EMBASSY", f"{e.player}'s relation with the {colony} "
                              f"colony is at level {have} already")
            if level > top:
                raise illegal(e, "CO-EMBASSY", f"relations reach at most level {top} in era "
                              f"{s.era}, not {level}")
            new += have == 0
        if len(plan.razed) > new:
            raise illegal(e, "CO-RAZE", "a building is razed to make room for a new Embassy: "
                          f"{len(plan.razed)} razed for {new} new relation(s)")
        if new:
            slugs = [b.slug for b in c.buildings] + [embassy_slug(x) for x in targets
                                                      if x not in c.embassies]
            problem = spot_problem(after, i, slugs)  # Embassies do not change the spots
            if problem:
                raise illegal(e, "CO-BUILD-SPOTS", problem)
        cost, _, _ = self._cost(s, i, e, targets, (after, plan))
        problem = spend_problem(s, i, cost)
        if problem:
            raise illegal(e, "CO-DIPLOMAT", f"the relations cost {bundle_text(cost)}: {problem}")
        ambassador_places(s, e, unlocked(s, i, targets))

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        markets = sorted(t for t, tile in s.board.tiles.items() if tile.market)
        top = min(s.data.eras[s.era].max_colony_level, max(s.data.embassy_levels))
        for colony in s.colonies:
            if s.p[i].embassies.get(colony, 0) >= top:
                continue
            targets = {colony: s.p[i].embassies.get(colony, 0) + 1}
            params: dict[str, object] = {"embassies": targets}
            names = unlocked(s, i, targets)
            if names and markets:
                params["ambassadors"] = {n: list(s.board.tiles[markets[0]].cells[0])
                                         for n in names}
            event = ActionEvent.make(player, "diplomacy", **params)
            if self.check(s, event) is None:
                yield event
            elif colony not in s.p[i].embassies:  # no spot left: raze one to make room
                for ref in raze_refs(s, i):
                    event = ActionEvent.make(player, "diplomacy", **params, raze=ref)
                    if self.check(s, event) is None:
                        yield event
                        break

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        c = s.p[i]
        targets = _targets(s, e)
        cost, full, plan = self._cost(s, i, e, targets)
        if cost != full:
            note("CO-AMBASSADOR-ALTRUIST")
        places = ambassador_places(s, e, unlocked(s, i, targets))
        pay(s, i, cost, note)
        if plan.razed:  # the buildings razed for room leave, their Workers go home
            c.buildings = list(plan.buildings)
            note("CO-RAZE")
            lose_razed(s, i, plan, note)
        for colony, level in targets.items():
            if colony not in c.embassies:
                c.buildings.append(Built(embassy_slug(colony)))
                note("CO-BUILD-SPOTS")
            for step in range(c.embassies.get(colony, 0) + 1, level + 1):
                note(level_rule(colony, step))  # the level's abilities come into force
                if any(isinstance(x, d.Warehouse) for x in s.data.abilities(colony, step)):
                    note("CO-WAREHOUSE")
            c.embassies[colony] = level
        c.changed()
        for name, tile in places.items():
            s.ambassadors[name] = tile
            note("CO-AMBASSADOR")
        if plan.razed:  # what the razed buildings held and no longer fits
            after_razing(s, i)
        done(s, note)


def diplomacy_possible(s: ColonistsState, i: int) -> bool:
    """Whether :meth:`Diplomacy.legal` lists an action for player ``i`` at the Diplomat where
    the pending action is due: first each relation raised one level without razing, tested
    directly (what :meth:`Diplomacy.rules_check` checks of it), then every form listed."""
    if _plain_diplomacy_possible(s, i):
        return True
    for _ in DIPLOMACY.legal(s, s.players[i]):
        return True
    return False


def _plain_diplomacy_possible(s: ColonistsState, i: int) -> bool:
    pending = s.pending
    if pending is None or not pending.main:
        return False
    c = s.p[i]
    top = min(s.data.eras[s.era].max_colony_level, max(s.data.embassy_levels))
    markets = any(tile.market for tile in s.board.tiles.values())
    slugs: list[str] | None = None
    for colony in s.colonies:
        have = c.embassies.get(colony, 0)
        if have >= top or have + 1 not in s.data.embassy_levels:
            continue
        targets = {colony: have + 1}
        names = unlocked(s, i, targets)
        if names and (not markets or any(n not in s.data.movement.ambassadors for n in names)):
            continue
        if not have:
            if slugs is None:
                slugs = [b.slug for b in c.buildings]
            new = [] if colony in c.embassies else [embassy_slug(colony)]
            if spot_problem(s, i, [*slugs, *new]) is not None:
                continue
        cost = discounted(s, i, diplomacy_cost(s, i, targets, relief=False))
        if spend_problem(s, i, cost) is None:
            return True
    return False


DIPLOMACY = Diplomacy()
MOVES = (DIPLOMACY,)
