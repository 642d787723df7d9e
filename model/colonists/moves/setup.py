"""The setup: colonies, start player, the starting Places and the second Market, the Basic
Storage; and laying tiles later (the Places added at the end of a year, the era's Markets)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

from referee.model.colonists import turns
from referee.model.colonists.board import Cell, cell_of
from referee.model.colonists.flow import SETUP_STAGES
from referee.model.colonists.later import in_setup
from referee.model.colonists.moves.base import Action, Chance, player_index
from referee.model.colonists.refs import cell_param, illegal, place_ref, schema
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action as ActionEvent
from referee.model.core import Chance as ChanceEvent
from referee.model.core import Note, fields, unknown

MARKET_GAP = 2  # Places that must lie between two Markets (rulebook: "at least two Places")


def _uniform(events: list[ChanceEvent]) -> list[tuple[ChanceEvent, Fraction]]:
    counts = Counter(events)
    n = sum(counts.values())
    return [(e, Fraction(k, n)) for e, k in counts.items()]


class Colonies(Chance):
    name = "colonies"
    rules = ("CO-SETUP-COLONIES",)
    required = fields(colonies=list)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        chosen = e.get("colonies")
        for slug in chosen:
            if slug not in s.data.colonies:
                raise _chance_schema(e, unknown("colony", slug, sorted(s.data.colonies)))

    def rules_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        chosen = list(e.get("colonies"))
        want = s.data.setup.colonies
        if len(set(chosen)) != len(chosen) or len(chosen) != want:
            raise _chance_refused(e, "CO-SETUP-COLONIES", f"{want} different colonies are drawn, "
                                  f"found {chosen}")

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        from itertools import combinations

        sets = list(combinations(sorted(s.data.colonies), s.data.setup.colonies))
        p = Fraction(1, len(sets))
        return [(ChanceEvent.make("colonies", colonies=list(c)), p) for c in sets]

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        s.colonies = sorted(e.get("colonies"))
        s.stage = "start_player"
        note("CO-SETUP-PLAYERS")  # the communities were set up with the game


class StartPlayer(Chance):
    name = "start_player"
    rules = ("CO-SETUP-START",)
    required = fields(player=str)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("player") not in s.players:
            raise _chance_schema(e, unknown("player", e.get("player"), s.players))

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        return _uniform([ChanceEvent.make("start_player", player=p) for p in s.players])

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        s.start = s.marker = s.players.index(e.get("player"))
        s.stage = "draw_place"


class DrawPlace(Chance):
    name = "draw_place"
    rules = ("CO-SETUP-PLACES",)
    required = fields(place=str)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        slug = e.get("place")
        known = {p.slug for p in s.data.places}
        if slug not in known:
            raise _chance_schema(e, unknown("place", slug, sorted(known)))

    def _pile(self, s: ColonistsState) -> list[str]:
        """The starting Places; in a later-era setup, then each earlier era's Places."""
        return s.start_pile if s.setup_era == 0 else s.place_pile

    def rules_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        pile = self._pile(s)
        if e.get("place") not in pile:
            left = ", ".join(sorted(set(pile))) or "none"
            what = "starting Places" if s.setup_era == 0 else f"Places of era {s.setup_era}"
            raise _chance_refused(e, "CO-SETUP-PLACES" if s.setup_era == 0 else
                                  "CO-LATER-BOARD", f"{e.get('place')} is not among the {what} "
                                  f"still to draw ({left})")

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        return _uniform([ChanceEvent.make("draw_place", place=p) for p in self._pile(s)])

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        self._pile(s).remove(e.get("place"))
        s.revealed = [e.get("place")]
        s.stage = "lay_place"


def _pile_era(s: ColonistsState) -> int:
    """The era whose pile the Places being laid come from: a setup's (0: the starting Places),
    else the current era's."""
    return s.setup_era if s.stage == "lay_place" else s.era


class PlaceTile(Action):
    """Lay a drawn starting Place (setup), or a face-up Place at the end of a year."""

    name = "place_tile"
    rules = ("CO-BOARD-PLACE",)
    required = fields(at=list)
    optional = fields(place=str, replace=(str, list))
    stages = frozenset({"lay_place", "end_year"})

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        cell_param(e, "at")
        if e.has("place") and e.get("place") not in {p.slug for p in s.data.places}:
            raise schema(e, unknown("place", e.get("place"), sorted({p.slug for p in
                                                                    s.data.places})))

    def _which(self, s: ColonistsState, e: ActionEvent) -> str:
        if s.stage == "lay_place":
            return s.revealed[0]
        slug = e.get("place")
        if slug is None:
            if len(set(s.revealed)) == 1:
                return s.revealed[0]
            raise schema(e, f"name the Place laid (face up: {', '.join(s.revealed)})")
        return str(slug)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        slug = self._which(s, e)
        named = e.get("place")
        if s.stage == "lay_place" and named is not None and named != slug:
            rule = "CO-SETUP-PLACES" if s.setup_era == 0 else "CO-LATER-BOARD"
            raise illegal(e, rule, f"the Place drawn is the {slug}; the line names the "
                          f"{named}")
        if slug not in s.revealed:
            raise illegal(e, "CO-END-PLACES", f"{slug} is not face up (face up: "
                          f"{', '.join(s.revealed) or 'none'})")
        place = s.data.place_of_era(slug, _pile_era(s))
        cell = cell_param(e, "at")
        replaced = [t for t in s.board.tiles.values() if t.slug in place.replaces]
        if place.replaces and replaced:
            if not e.has("replace") and s.board.tile_at(cell) is None:
                spots = ", ".join(f"the {t.slug} at {list(t.cells[0])}"
                                  for t in sorted(replaced, key=lambda t: t.cells))
                raise illegal(e, "CO-BOARD-REPLACE", f"{place.name} replaces a Place on the "
                              f"board ({spots}) and goes on its spot, not on the free cell "
                              f"{list(cell)}")
            target = place_ref(s, e, "replace", e.get("replace") if e.has("replace")
                               else list(cell))
            tile = s.board.tiles[target]
            if tile.slug not in place.replaces:
                raise illegal(e, "CO-BOARD-REPLACE", f"{place.name} replaces "
                              f"{' or '.join(place.replaces)}, not the {tile.slug} at "
                              f"{list(tile.cells[0])}")
            if cell not in tile.cells:
                raise illegal(e, "CO-BOARD-REPLACE", f"{place.name} goes on the spot of the "
                              f"{tile.slug} it replaces ({list(tile.cells[0])}), not on "
                              f"{list(cell)}")
            return
        if e.has("replace"):
            raise schema(e, f"{place.name} replaces no Place on the board")
        problem = s.board.place_problem(cell, first_place=len(s.board.tiles) == 1)
        if problem:
            raise illegal(e, "CO-BOARD-PLACE", problem)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        for slug in sorted(set(s.revealed)):
            place = s.data.place_of_era(slug, _pile_era(s))
            params = {} if s.stage == "lay_place" else {"place": slug}
            replaced = [t for t in s.board.tiles.values() if t.slug in place.replaces]
            if place.replaces and replaced:
                for tile in sorted(replaced, key=lambda t: t.cells):
                    yield ActionEvent.make(player, "place_tile", at=list(tile.cells[0]),
                                           **params)
                continue
            first = len(s.board.tiles) == 1
            for cell in sorted(s.board.free_cells()):
                if s.board.place_problem(cell, first) is None:
                    yield ActionEvent.make(player, "place_tile", at=list(cell), **params)

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        slug = self._which(s, e)
        place = s.data.place_of_era(slug, _pile_era(s))
        cell = cell_of(e.get("at"))
        assert cell is not None
        s.revealed.remove(slug)
        target = s.board.tile_at(cell)
        if target is not None and s.board.tiles[target].slug in place.replaces:
            s.board.tiles[target].slug = slug
            note("CO-BOARD-REPLACE")
        else:
            s.board.add(slug, [cell])
        if s.stage == "lay_place":
            s.laid += 1
            if s.setup_era == 0:
                note("CO-SETUP-PLACES")
                s.stage = "draw_place" if s.laid < s.data.setup.starting_places else \
                    "second_market"
            else:
                note("CO-LATER-BOARD")
                if s.place_pile:
                    s.stage = "draw_place"
                else:
                    next_setup_step(s, note)
        else:
            turns.year_phases_under_way(s)
            note("CO-END-PLACES")


class PlaceMarket(Action):
    """The second Market (setup), the third (Era II), the small Market (Era III variant)."""

    name = "place_market"
    rules = ("CO-BOARD-MARKET",)
    required = fields(at=list)
    stages = frozenset({"second_market", "third_market", "small_market"})

    def _cells(self, s: ColonistsState, e: ActionEvent) -> tuple[Cell, ...]:
        value = e.get("at")
        size = 1 if s.stage == "small_market" else 2
        one = cell_of(value)
        if size == 1 and one is not None:
            return (one,)
        cells = [cell_of(v) for v in value] if isinstance(value, tuple) else []
        if len(cells) != size or any(c is None for c in cells):
            shape = "a cell [q, r]" if size == 1 else "two cells [[q, r], [q, r]]"
            raise schema(e, f"field 'at' must be {shape}, found {value!r}")
        return tuple(c for c in cells if c is not None)

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self._cells(s, e)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        problem = s.board.market_problem(self._cells(s, e), MARKET_GAP)
        if problem:
            raise illegal(e, "CO-BOARD-MARKET", problem)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        free = sorted(s.board.free_cells())
        if s.stage == "small_market":
            for cell in free:
                if s.board.market_problem((cell,), MARKET_GAP) is None:
                    yield ActionEvent.make(player, "place_market", at=list(cell))
            return
        seen: set[tuple[Cell, Cell]] = set()
        for a in free:
            for b in free:
                pair = (a, b)
                if a < b and pair not in seen and s.board.market_problem(pair, MARKET_GAP) is None:
                    seen.add(pair)
                    yield ActionEvent.make(player, "place_market", at=[list(a), list(b)])

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        cells = self._cells(s, e)
        slug = "small_market" if s.stage == "small_market" else "market"
        s.board.add(slug, cells, market=True)
        if s.stage == "second_market":
            note("CO-SETUP-PLACES")
            if s.first_era == 1:
                turns.begin_era(s, note)
            else:  # a later-era setup: Era I's Places follow its first step
                s.setup_era = 1
                lay_setup_places(s, note)
        elif in_setup(s):
            note("CO-LATER-BOARD")
            lay_setup_places(s, note)
        else:
            note("CO-ERA-START")
            s.stage = "market_card"


class FillStorage(Action):
    name = "fill_storage"
    rules = ("CO-SETUP-STORAGE",)
    required = fields(wood=int, clay=int)
    who = "anyone"

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        wood, clay = e.get("wood"), e.get("clay")
        if wood < 0 or clay < 0 or wood + clay != s.data.setup.start_storage_count:
            raise schema(e, f"the Basic Storage takes {s.data.setup.start_storage_count} goods "
                         f"of wood and clay, found wood {wood} and clay {clay}",
                         "CO-SETUP-STORAGE")

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        c = s.p[player_index(s, e)]
        if s.first_era > 1:
            # a later start's community board starts empty: its goods come with the display
            start = ("continued from a saved game" if s.saved is not None else "started")
            raise illegal(e, "CO-LATER-DISPLAY", f"a game {start} in era {s.first_era} does not "
                          "fill the Basic Storage with Wood and Clay: the goods are bought in "
                          "the personal display (setup_goods)")
        if c.filled:
            raise illegal(e, "CO-SETUP-STORAGE", f"{e.player} has filled the Basic Storage "
                          "already")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        if s.stage in SETUP_STAGES or s.p[s.players.index(player)].filled:
            return
        n = s.data.setup.start_storage_count
        for wood in range(n, -1, -1):
            yield ActionEvent.make(player, "fill_storage", wood=wood, clay=n - wood)

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        c = s.p[player_index(s, e)]
        c.filled = True
        for good in ("wood", "clay"):
            if e.get(good):
                c.stored[good] = c.stored.get(good, 0) + e.get(good)


def _chance_schema(e: ChanceEvent, message: str) -> Exception:
    from referee.model.colonists.refs import Refused
    from referee.model.core import Violation

    return Refused(Violation("schema", "CO-VOCAB", f"chance {e.name!r}: {message}"))


def _chance_refused(e: ChanceEvent, rule: str, message: str) -> Exception:
    from referee.model.colonists.refs import Refused
    from referee.model.core import Violation

    return Refused(Violation("chance", rule, message))


MOVES = (Colonies(), StartPlayer(), DrawPlace(), PlaceTile(), PlaceMarket(), FillStorage())


# --------------------------------------------------------------------------- a later-era setup


def lay_setup_places(s: ColonistsState, note: Note) -> None:
    """Phase 2 of a later-era setup: the Places of ``s.setup_era``, drawn and laid in turn."""
    s.place_pile = [p.slug for p in s.data.places_of_era(s.setup_era) if p.drawn
                    for _ in range(p.copies)]
    s.stage = "draw_place" if s.place_pile else "lay_place"
    if not s.place_pile:
        next_setup_step(s, note)


def next_setup_step(s: ColonistsState, note: Note) -> None:
    """An era's Places are down: the next era's first step and Places, or phase 3 once the
    era before the first one is laid."""
    era = s.setup_era + 1
    if era >= s.first_era:
        from referee.model.colonists.moves.later import begin_display

        begin_display(s, note)
        return
    s.setup_era = era
    step = s.data.eras[era].first_step
    if step.kind == "add_market":
        s.stage = "third_market"
    elif step.kind == "add_colony" and len(s.colonies) < s.data.setup.colonies + sum(
            e.first_step.colonies for n, e in s.data.eras.items() if n <= era):
        s.stage = "fifth_colony"
    elif step.kind == "add_colony" and s.small_market:
        s.stage = "small_market"
    else:
        if step.kind == "replace_place" and step.remove and step.place:
            for tile in s.board.tiles.values():
                if tile.slug == step.remove:
                    tile.slug = step.place
        lay_setup_places(s, note)
