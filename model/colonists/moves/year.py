"""The year: its Market card and face-up Places, the fifth colony, and the end of the year's
sustenance and production (rulebook "Start of a Year", "End of a Year")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

from referee.model.colonists import data as d
from referee.model.colonists import turns
from referee.model.colonists.colonies import level_rule, sustenance_relief
from referee.model.colonists.community import (
    buffer_room,
    building_yields,
    effects_of,
    employed,
    improvement_yields,
    settle_buffers,
)
from referee.model.colonists.economy import holdings, store_or_discard, sustain, trim
from referee.model.colonists.goods import SUSTENANCE, Bundle, add, bundle_text
from referee.model.colonists.later import in_setup
from referee.model.colonists.moves.base import Chance, Phase
from referee.model.colonists.moves.cards import next_production_draw
from referee.model.colonists.moves.memo import MEMO
from referee.model.colonists.moves.setup import (
    _chance_refused,
    _chance_schema,
    _uniform,
    lay_setup_places,
)
from referee.model.colonists.state import ColonistsState
from referee.model.core import Chance as ChanceEvent
from referee.model.core import Note, Violation, fields, ignore, unknown
from referee.model.core import Phase as PhaseEvent


class MarketCard(Chance):
    name = "market_card"
    rules = ("CO-YEAR-START",)
    required = fields(card=str)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        slugs = {c.slug for c in s.data.market_cards.values()}
        if e.get("card") not in slugs:
            raise _chance_schema(e, unknown("market card", e.get("card"), sorted(slugs)))

    def rules_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("card") not in s.card_pile:
            raise _chance_refused(e, "CO-YEAR-START", f"{e.get('card')} is not among the "
                                  f"era's Market cards still face down "
                                  f"({', '.join(sorted(s.card_pile)) or 'none'})")

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        return _uniform([ChanceEvent.make("market_card", card=c) for c in s.card_pile])

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        s.card_pile.remove(e.get("card"))
        s.market_card = e.get("card")
        turns.after_card(s)


class RevealPlace(Chance):
    name = "reveal_place"
    rules = ("CO-YEAR-START",)
    required = fields(place=str)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        known = {p.slug for p in s.data.places}
        if e.get("place") not in known:
            raise _chance_schema(e, unknown("place", e.get("place"), sorted(known)))

    def rules_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("place") not in s.place_pile:
            raise _chance_refused(e, "CO-YEAR-START", f"{e.get('place')} is not among the "
                                  f"era's Places still face down "
                                  f"({', '.join(sorted(set(s.place_pile))) or 'none'})")

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        return _uniform([ChanceEvent.make("reveal_place", place=p) for p in s.place_pile])

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        s.place_pile.remove(e.get("place"))
        s.revealed.append(e.get("place"))
        if len(s.revealed) >= s.data.calendar.places_per_year or not s.place_pile:
            turns.begin_summer(s)


class FifthColony(Chance):
    name = "colony"
    rules = ("CO-ERA-START",)
    required = fields(colony=str)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("colony") not in s.data.colonies:
            raise _chance_schema(e, unknown("colony", e.get("colony"), sorted(s.data.colonies)))

    def rules_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("colony") in s.colonies:
            raise _chance_refused(e, "CO-ERA-START", f"{e.get('colony')} is in play already")

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        return _uniform([ChanceEvent.make("colony", colony=c) for c in sorted(s.data.colonies)
                         if c not in s.colonies])

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        s.colonies = sorted([*s.colonies, e.get("colony")])
        if s.small_market:
            s.stage = "small_market"
        elif in_setup(s):
            note("CO-LATER-BOARD")
            lay_setup_places(s, note)
        else:
            s.stage = "market_card"


# --------------------------------------------------------------------------- end of the year


def demand(s: ColonistsState, i: int) -> Bundle:
    """What the community's Workers need for a year, less what the Altruist Ambassador's place
    provides (for a player with the Altruist at level II or higher)."""
    out: Bundle = {}
    for kind, n in employed(s.p[i]).items():
        if n:
            add(out, s.data.sustenance.get(kind, {}), n)
    for good, n in sustenance_relief(s, i).items():
        if out.get(good):
            out[good] = max(0, out[good] - n)
    return {g: n for g, n in out.items() if n}


def capacity(s: ColonistsState, i: int) -> Bundle:
    """The sustenance goods the community's sustenance sources generate in a year."""
    out: Bundle = {}
    for batch in building_yields(s, i, ("sustenance",)):
        add(out, {g: n for g, n in batch.items() if g in SUSTENANCE})
    for batch in improvement_yields(s, i):
        add(out, {g: n for g, n in batch.items() if g in SUSTENANCE})
    return out


def sustenance_gap(s: ColonistsState, i: int) -> tuple[Bundle, Bundle]:
    """(goods still to pay, surplus to store) once demand and capacity are netted."""
    need, have = demand(s, i), capacity(s, i)
    gap = {g: need.get(g, 0) - have.get(g, 0) for g in SUSTENANCE
           if need.get(g, 0) > have.get(g, 0)}
    surplus = {g: have.get(g, 0) - need.get(g, 0) for g in SUSTENANCE
               if have.get(g, 0) > need.get(g, 0)}
    return gap, surplus


def sustenance_problem(s: ColonistsState, i: int, gap: Bundle | None = None) -> str | None:
    """Why the community cannot pay for its Workers (``gap``: what is still to pay, if known)."""
    if gap is None:
        gap, _ = sustenance_gap(s, i)
    held = holdings(s, i)
    short = {g: n - held.get(g, 0) for g, n in gap.items() if held.get(g, 0) < n}
    if short:
        return (f"{s.players[i]} cannot sustain the Workers: demand {bundle_text(demand(s, i))}, "
                f"capacity {bundle_text(capacity(s, i))}, short of {bundle_text(short)}; send "
                "Workers home (dismiss) before the sustenance phase")
    return None


def _fill_buffers(s: ColonistsState, i: int, goods: Bundle) -> Bundle:
    """Put ``goods`` into Buffers as far as they hold; what is left over is returned."""
    c = s.p[i]
    cap = buffer_room(s, i)
    rest: Bundle = {}
    for good, n in goods.items():
        free = max(0, cap.get(good, 0) - c.buffered.get(good, 0))
        put = min(free, n)
        if put:
            c.buffered[good] = c.buffered.get(good, 0) + put
        if n > put:
            rest[good] = n - put
    return rest


def production(s: ColonistsState, i: int) -> Bundle:
    """Everything the community produces in phase 5 (not sustenance goods)."""
    out: Bundle = dict(s.data.smithy)
    for batch in building_yields(s, i, ("production", "money")):
        add(out, batch)
    for batch in improvement_yields(s, i):
        add(out, {g: n for g, n in batch.items() if g not in SUSTENANCE})
    return out


class Sustenance(Phase):
    """Closes the redistribution: phases 4 and 5 for every community, then the next year."""

    name = "sustenance"
    rules = ("CO-END-YEAR", "CO-SUSTAIN", "CO-PRODUCE")
    stages = frozenset({"end_year", "setup_display"})

    def rules_check(self, s: ColonistsState, e: PhaseEvent) -> None:
        from referee.model.colonists.refs import Refused

        if s.stage == "setup_display":
            waiting = [s.players[i] for i, c in enumerate(s.p) if c.used.get("setup:step") != 2]
            if waiting:
                raise Refused(Violation("order", "CO-LATER-DISPLAY", "the sustenance phase "
                                        "follows every player's display (setup_buildings, "
                                        f"setup_goods); waiting for {', '.join(waiting)}"))
        if s.revealed:
            raise Refused(Violation("order", "CO-END-PLACES", f"the start player adds the "
                                    f"face-up Places first ({', '.join(s.revealed)})"))
        gaps = []
        for i in range(len(s.players)):
            gaps.append(sustenance_gap(s, i))
            problem = sustenance_problem(s, i, gaps[-1][0])
            if problem:
                raise Refused(Violation("illegal", "CO-SUSTAIN", problem, s.players[i]))
        MEMO.keep(s, e, gaps)  # no community's sustaining changes another's gap

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[PhaseEvent]:
        event = PhaseEvent.make("sustenance")
        if self.check(s, event) is None:
            yield event

    def apply(self, s: ColonistsState, e: PhaseEvent, note: Note) -> None:
        turns.close_window(s)
        gaps = MEMO.take(s, e)
        noting = note is not ignore  # what only notes rules is skipped where none are collected
        for i in range(len(s.players)):
            settle_buffers(s, i)  # every source in force generates now, the fresh ones too
            if noting and sustenance_relief(s, i) and any(employed(s.p[i]).values()):
                note("CO-AMBASSADOR-ALTRUIST")
            gap, surplus = gaps[i] if gaps is not None else sustenance_gap(s, i)
            sustain(s, i, gap)
            store_or_discard(s, i, _fill_buffers(s, i, surplus))
        for i, c in enumerate(s.p):
            c.converted = {}  # the year's conversions, from this production to the first turn
            made = production(s, i)
            c.tools += made.pop("tools", 0)
            c.dollars += made.pop("dollars", 0)
            store_or_discard(s, i, _fill_buffers(s, i, made))
            trim(s, i)
        if noting and any(building_yields(s, i, ("production", "sustenance"))
                          for i in range(len(s.p))):
            note("CO-BUFFER")
        if noting and any(_has_factory(s, i) for i in range(len(s.p))):
            note("CO-FACTORY")
        for i, c in enumerate(s.p):
            if noting:
                _note_colony_production(s, i, note)
            year_keys = [k for k in c.used if k.startswith("year:")]
            for k in year_keys:
                del c.used[k]
            if year_keys:
                c.changed()
        n = len(s.players)
        last = s.era >= s.last_era and s.year >= s.data.calendar.years_per_era
        assert s.start is not None
        s.drawing = [] if last else [
            seat for k in range(n) if effects_of(s, seat := (s.start + k) % n, d.ProductionDraw)]
        next_production_draw(s, note)


def _note_colony_production(s: ColonistsState, i: int, note: Note) -> None:
    """Credit the colony levels whose yields counted in this production."""
    data = s.data
    for colony, level in s.p[i].embassies.items():
        for n in range(1, level + 1):
            abilities = data.abilities(colony, n)
            before = data.abilities(colony, n - 1)
            if any(isinstance(a, (d.Production, d.ProductionChoice)) and a not in before
                   for a in abilities):
                note(level_rule(colony, n))
            if any(isinstance(a, d.CountsAs) and a.building == "factory" for a in abilities) \
                    and n == 1:
                note(level_rule(colony, n))


def _has_factory(s: ColonistsState, i: int) -> bool:
    return any(b.slug == "factory" and b.workers for b in s.p[i].buildings)


MOVES = (MarketCard(), RevealPlace(), FifthColony(), Sustenance())
__all__ = ["MOVES", "Counter", "capacity", "d", "demand", "production", "sustenance_problem"]
