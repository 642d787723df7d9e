"""The Diplomat: establishing and improving relations with the colonies (rulebook
"Diplomacy")."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.colonists.community import embassy_slug, spot_problem
from referee.model.colonists.economy import spend_problem
from referee.model.colonists.goods import Bundle, add, bundle_text
from referee.model.colonists.moves.base import Action, player_index
from referee.model.colonists.moves.common import done, here, pay
from referee.model.colonists.refs import illegal, schema
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


def diplomacy_cost(s: ColonistsState, i: int, targets: dict[str, int]) -> Bundle:
    cost: Bundle = {}
    for colony, level in targets.items():
        for step in range(s.p[i].embassies.get(colony, 0) + 1, level + 1):
            add(cost, s.data.embassy_levels[step].cost)
    return cost


class Diplomacy(Action):
    name = "diplomacy"
    rules = ("CO-DIPLOMAT", "CO-EMBASSY")
    required = fields(embassies=dict)
    stages = frozenset({"act"})

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        _targets(s, e)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        here(s, e, ("diplomat",), "CO-DIPLOMAT")
        i = player_index(s, e)
        c = s.p[i]
        targets = _targets(s, e)
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
        if new:
            slugs = [b.slug for b in c.buildings] + [embassy_slug(x) for x in targets
                                                      if x not in c.embassies]
            problem = spot_problem(s, i, slugs)  # Embassies do not change the spots
            if problem:
                raise illegal(e, "CO-BUILD-SPOTS", problem)
        cost = diplomacy_cost(s, i, targets)
        problem = spend_problem(s, i, cost)
        if problem:
            raise illegal(e, "CO-DIPLOMAT", f"the relations cost {bundle_text(cost)}: {problem}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        for colony in s.colonies:
            event = ActionEvent.make(player, "diplomacy", embassies={
                colony: s.p[i].embassies.get(colony, 0) + 1})
            if self.check(s, event) is None:
                yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        c = s.p[i]
        targets = _targets(s, e)
        pay(s, i, diplomacy_cost(s, i, targets), note)
        for colony, level in targets.items():
            if colony not in c.embassies:
                c.buildings.append(Built(embassy_slug(colony)))
                note("CO-BUILD-SPOTS")
            c.embassies[colony] = level
        c.changed()
        done(s, note)


MOVES = (Diplomacy(),)
