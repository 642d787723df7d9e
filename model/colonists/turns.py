"""The calendar: the end of a turn, of a half-year, of a year and of an era, and the starts of
eras and years (rulebook "Course of Play")."""

from __future__ import annotations

from referee.model.colonists.community import stewards_allowed
from referee.model.colonists.state import ColonistsState, Community
from referee.model.core import Note


def begin_block(s: ColonistsState, seat: int) -> None:
    """A player's three consecutive turns begin: remember where the Stewards start."""
    s.seat, s.turns = seat, 0
    c = s.p[seat]
    c.block_start = list(c.stewards)
    c.moved = []
    c.used = {k: v for k, v in c.used.items() if not k.startswith("turn:")}


def half_index(s: ColonistsState) -> int:
    """The half-year now, counted from 1 over the whole game (for once-per-half-year uses)."""
    halves = len(s.data.calendar.half_years)
    return ((s.era - 1) * s.data.calendar.years_per_era + s.year - 1) * halves + \
        min(s.half, halves - 1) + 1


def moment(s: ColonistsState, i: int) -> tuple[str, int, int] | None:
    """Whether player ``i`` is at the end of a turn (the window after it, until another player
    takes a turn) or at the start of one (before its move): ``("end" or "start", the turn's
    number over the game from 1, its half-year)``; None otherwise. Between two of one's own
    turns it is the end of the earlier one."""
    if s.ended == i:
        return ("end", s.clock, s.ended_half)
    if s.stage == "turn" and s.seat == i:
        return ("start", s.clock + 1, half_index(s))
    return None


def turn_begins(s: ColonistsState, i: int, moving: bool = False) -> None:
    """Player ``i`` takes part of a turn (enters a Steward, takes charity...): another player's
    end-of-turn moment is over; once the Steward moves, the player's own is too."""
    if s.ended is not None and (s.ended != i or moving):
        close_window(s)


def close_window(s: ColonistsState) -> None:
    """The end of the last turn is over (the next turn has begun, or the year's phases)."""
    s.ended, s.ended_turn, s.ended_half = None, 0, 0


def year_phases_under_way(s: ColonistsState) -> None:
    """An event of the end of the year's phases (a Place added, a Colonist sent home or put to
    work in the redistribution): the winter's last turn, and the end of it, are over."""
    if s.stage == "end_year":
        close_window(s)


def leave_extra_stewards(s: ColonistsState, i: int) -> None:
    """Stewards the player no longer controls leave the board: the Apprentice's after its
    turns ("After 3 turns discard extra Steward"), an Embassy's or a Boardinghouse's once it is
    razed or without its Worker. The Stewards numbered above the count leave."""
    c = s.p[i]
    allowed = stewards_allowed(s, i)
    for k in range(allowed, len(c.stewards)):
        c.stewards[k] = None
        c.block_start[k] = None
    c.moved = [k for k in c.moved if k < allowed]


def discard_stewards(c: Community, start: int, count: int) -> None:
    """The ``count`` Stewards from index ``start`` leave (the Apprentice's "After 3 turns
    discard extra Steward"); those numbered after them, gained meanwhile (an Envoy's), take
    their numbers, and a Steward not yet on the board still enters on a Market."""
    gone = range(start, start + count)
    kept = [k for k in range(len(c.stewards)) if k not in gone]
    left = len(c.stewards) - len(kept)
    c.stewards = [c.stewards[k] for k in kept] + [None] * left
    c.block_start = [c.block_start[k] for k in kept] + [None] * left
    c.moved = [k - count if k >= start + count else k for k in c.moved if k not in gone]


def finish_turn(s: ColonistsState, note: Note) -> None:
    """The current turn's action is complete: the next turn, player, half-year or year."""
    s.pending = None
    s.limits = {}
    s.clock += 1
    s.ended, s.ended_turn, s.ended_half = s.seat, s.turns + 1, half_index(s)
    c = s.p[s.seat]
    c.used = {k: v for k, v in c.used.items() if not k.startswith("turn:")}
    if "apprentice_turns" in c.used:
        c.used["apprentice_turns"] -= 1
        if c.used["apprentice_turns"] <= 0:
            c.used.pop("apprentice_turns", None)
            count = c.used.pop("apprentice_stewards", 0)
            first = c.used.pop("apprentice_first", None)
            if first is not None:
                discard_stewards(c, first - 1, count)
            leave_extra_stewards(s, s.seat)
    s.turns += 1
    note("CO-TURN-ORDER")
    if s.turns < s.data.calendar.turns_per_half_year:
        s.stage = "turn"
        return
    s.done += 1
    n = len(s.players)
    if s.done < n:
        s.stage = "turn"
        begin_block(s, (s.seat + 1) % n)
        return
    s.done = 0
    s.half += 1
    for other in s.p:
        other.used = {k: v for k, v in other.used.items() if not k.startswith("half:")}
    if s.half < len(s.data.calendar.half_years):
        assert s.start is not None
        s.stage = "turn"
        begin_block(s, s.start)
        return
    end_year(s, note)


def end_year(s: ColonistsState, note: Note) -> None:
    """Phase 1 of the end of the year: the marker's holder becomes start player; then the start
    player adds the face-up Places and everyone may redistribute."""
    s.stage = "end_year"
    if s.marker is not None:
        s.start = s.marker
    note("CO-END-YEAR")
    note("CO-START-MARKER")


def begin_era(s: ColonistsState, note: Note) -> None:
    """The era card's preparations: new Market cards, improvements and Places; hands are kept.
    The first step (a Market, a colony, the Chief Officer) decides the stage."""
    data = s.data
    era = data.eras[s.era]
    s.year = 1
    s.card_pile = [c.slug for c in data.market_cards_of_era(s.era)]
    s.market_card = None
    s.draw_pile = [c.id for c in data.improvements_of_era(s.era)]
    s.discard = []
    s.place_pile = [p.slug for p in data.places_of_era(s.era) if p.drawn
                    for _ in range(p.copies)]
    s.revealed = []
    note("CO-ERA-START")
    step = era.first_step
    if step.kind == "add_market" and not step.at_setup:
        s.stage = "third_market"
    elif step.kind == "add_colony":
        s.stage = "fifth_colony"
    elif step.kind == "replace_place" and step.remove and step.place:
        for tile in s.board.tiles.values():
            if tile.slug == step.remove:
                tile.slug = step.place
        s.stage = "market_card"
    else:
        s.stage = "market_card"


def begin_year(s: ColonistsState) -> None:
    s.stage = "market_card"


def after_card(s: ColonistsState) -> None:
    """The year's Market card is up: reveal Places (years 1-4), or start the summer."""
    if s.year <= s.data.calendar.place_years and s.place_pile:
        s.stage = "reveal_place"
    else:
        begin_summer(s)


def begin_summer(s: ColonistsState) -> None:
    assert s.start is not None
    for c in s.p:  # the conversions after production end with the first turn
        c.converted = {}
    s.half, s.done = 0, 0
    s.stage = "turn"
    if not s.order:
        n = len(s.players)
        s.order = tuple((s.start + k) % n for k in range(n))
    begin_block(s, s.start)


def after_production(s: ColonistsState, note: Note) -> None:
    """The production phase is over: the first era after a later-era setup, else the next
    year (or era, or the end)."""
    if s.era < s.first_era:
        s.era = s.first_era
        for c in s.p:
            c.used = {k: v for k, v in c.used.items() if not k.startswith("setup:")}
        # the setup's counters no longer matter: as after a first era's setup (and as a
        # position of this moment reads them), so that equal states have equal keys
        s.laid, s.setup_era, s.deal = s.data.setup.starting_places, 0, 0
        note("CO-LATER-START")
        begin_era(s, note)
        return
    end_of_production(s, note)


def end_of_production(s: ColonistsState, note: Note) -> None:
    """After production: the next year, the next era, or the end of the game."""
    s.year += 1
    if s.year <= s.data.calendar.years_per_era:
        begin_year(s)
        return
    note("CO-ERA-END")
    if s.era >= s.last_era:
        s.stage = "over"
        note("CO-SCORE")
        note("CO-TIE")
        return
    s.era += 1
    begin_era(s, note)
