"""Invariants of every reachable state of The Colonists: each check returns None or what is
wrong. The engine's own helpers (``community``) say what a community holds; the checks only
compare, so that a state corrupted in any of its fields is caught here whatever move made it.

The checks of what only buildings, Workers, cards and Embassies decide are kept with the
community's derived values (``Community.cache``, cleared by ``changed()`` like the effects and
the room they read), so that a search checks them once per change rather than once per state.
The invariants that fill those values are marked ``derives``: the explorer runs them on each
state it expands too, so that the successors, copies of it, find them (and the verdicts) there;
the checks that read anything else (goods, Stewards, the hand, the board...) compare afresh on
every state.

The checks that read only the communities (and the data set, fixed for a game, and the number
of spots, which ``last_era`` sets) say so, naming the parts of the state's ``key()`` they read
(``reads_key=COMMUNITIES``): a search checks them once per distinct set of communities, which
most of the setup's states share; the card check reads the communities, the piles and what is
drawn; the board's check reads the board's part of the key, which the turns leave as it is.
The checks whose purpose is to catch what the key leaves out (a relation at level 0, a card
with no use left: the key drops zero counts) compare afresh, as do the Stewards' places (the
board and the communities: the one changes in the setup, the other in the turns).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from referee.invariants import Invariant
from referee.model.colonists import community as co
from referee.model.colonists.state import ColonistsState

PerCommunity = Callable[[ColonistsState, int, str], str | None]

# what the checks of the communities alone read of the key: the players, the last era (it
# sets the number of spots) and each community
COMMUNITIES = ("players", "last_era", "p")


def _per_community(name: str, check: PerCommunity) -> Callable[[ColonistsState], str | None]:
    """An invariant checked for each community, its verdict kept until the community changes."""
    key = ("invariant", name)

    def run(s: ColonistsState) -> str | None:
        for i, player in enumerate(s.players):
            cache = s.p[i].cache
            if key in cache:
                found = cache[key]
            else:
                found = cache[key] = check(s, i, player)
            if found is not None:
                return found
        return None

    run.__doc__ = check.__doc__
    run.__name__ = name
    return run


def _goods_text(goods: dict[str, int]) -> str:
    return ", ".join(f"{n} {g}" for g, n in sorted(goods.items()) if n) or "nothing"


def pool_fits_storage(s: ColonistsState) -> str | None:
    """The goods kept outside Buffers fit into Storage and Warehouse (typed lots only for their
    good)."""
    for i, name in enumerate(s.players):
        c = s.p[i]
        room = co.room(s, i)
        over = room.overflow(c.stored)
        if over:
            typed = ", ".join(f"{n} for {g}" for g, n in sorted(room.typed.items()))
            return (f"{name} keeps {_goods_text(c.stored)} outside Buffers: {over} more than "
                    f"{room.storage} Storage spaces and {room.general} Warehouse lots"
                    + (f" (and typed lots {typed})" if typed else "") + " hold")
    return None


def buffers_within_batches(s: ColonistsState) -> str | None:
    """Each good in Buffers stays within one batch of the sources that produce it."""
    for i, name in enumerate(s.players):
        cap = co.buffer_room(s, i)
        for good, n in sorted(s.p[i].buffered.items()):
            if n > cap.get(good, 0):
                return (f"{name}'s Buffers hold {n} {good}; the producing buildings and cards "
                        f"hold one batch, {cap.get(good, 0)} {good}")
    return None


def _workers_within_colonists(s: ColonistsState, i: int, name: str) -> str | None:
    """No more Workers of a type than the community has Colonists of it."""
    have, busy = co.colonists(s, i), co.employed(s.p[i])
    for kind in sorted(busy):
        if busy[kind] > have.get(kind, 0):
            return (f"{name} employs {busy[kind]} {kind}(s) but has {have.get(kind, 0)} "
                    f"{kind} Colonist(s)")
    return None


def _building_workers_fit(s: ColonistsState, i: int, name: str) -> str | None:
    """Each building holds at most its number of Workers, each of a type that may work there;
    Residences and Embassies take none."""
    data = s.data
    for k, built in enumerate(s.p[i].buildings):
        b = data.buildings.get(built.slug)
        seats = co.seats(s, i, k)  # a Steam Engine's Factory takes its pair
        if len(built.workers) > seats:
            return (f"{name}'s {built.slug} (building {k + 1}) holds {len(built.workers)} "
                    f"Worker(s); it takes {seats}")
        for worker in built.workers:
            if b is None or not co.may_work(s, i, b, worker):
                return f"a {worker} may not work in {name}'s {built.slug}"
    return None


def _buildings_within_limits(s: ColonistsState, i: int, name: str) -> str | None:
    """Buildings and Embassies fit the community's spots (Storage Facilities only on theirs),
    no building beyond its per-community limit, and only known buildings."""
    data = s.data
    slugs = [b.slug for b in s.p[i].buildings]
    for slug, n in sorted(Counter(slugs).items()):
        b = data.buildings.get(slug)
        if b is None:
            if co.colony_of(slug) not in data.colonies:
                return f"{name} holds an unknown building {slug!r}"
            continue
        if b.limit is not None and n > b.limit:
            return f"{name} holds {n} {b.name}; at most {b.limit} per community"
    problem = co.spot_problem(s, i, slugs)
    if problem:
        return f"{name}: {problem}"
    return None


workers_within_colonists = _per_community("workers-within-colonists", _workers_within_colonists)
building_workers_fit = _per_community("building-workers-fit", _building_workers_fit)
buildings_within_limits = _per_community("buildings-within-limits", _buildings_within_limits)


def one_steward_per_place(s: ColonistsState) -> str | None:
    """Every Steward on the board stands on a tile, and no place but a Market holds two
    Stewards of one player."""
    for i, name in enumerate(s.players):
        seen: set[int] = set()
        for n, tile in enumerate(s.p[i].stewards, start=1):
            if tile is None:
                continue
            if tile not in s.board.tiles:
                return f"{name}'s Steward {n} stands on tile {tile}, which is not on the board"
            if tile in seen and not s.board.tiles[tile].market:
                return (f"two of {name}'s Stewards stand on the {s.board.tiles[tile].slug} at "
                        f"{list(s.board.tiles[tile].cells[0])}")
            seen.add(tile)
    return None


def stewards_within_allowed(s: ColonistsState) -> str | None:
    """No more Stewards on the board than the player controls (at most 4)."""
    top = s.data.movement.max_stewards
    for i, name in enumerate(s.players):
        c = s.p[i]
        if len(c.stewards) > top or len(c.block_start) != len(c.stewards):
            return (f"{name} has {len(c.stewards)} Steward(s) ({len(c.block_start)} starting "
                    f"places); at most {top}")
        on_board = sum(1 for t in c.stewards if t is not None)
        allowed = co.stewards_allowed(s, i)
        if not 1 <= allowed <= top:
            return f"{name} controls {allowed} Stewards; 1 to {top} are possible"
        if on_board > allowed:
            return f"{name} has {on_board} Stewards on the board but controls {allowed}"
    return None


def _range_within_limit(s: ColonistsState, i: int, name: str) -> str | None:
    """A Steward's Range is 1 to 4."""
    top = s.data.movement.max_range
    reach = co.steward_range(s, i)
    if not 1 <= reach <= top:
        return f"{name}'s Stewards have Range {reach}; 1 to {top} are possible"
    return None


range_within_limit = _per_community("range-within-limit", _range_within_limit)


def hand_within_limit(s: ColonistsState) -> str | None:
    """No player holds more than 6 cards after any action."""
    top = s.data.hand_limit
    for i, name in enumerate(s.players):
        if len(s.p[i].hand) > top:
            return f"{name} holds {len(s.p[i].hand)} cards; at most {top}"
    return None


def embassy_level_within_era(s: ColonistsState) -> str | None:
    """Each relation is with a colony in play, at a level from 1 to the era's number."""
    top = s.data.eras[s.era].max_colony_level if s.era in s.data.eras else 0
    for i, name in enumerate(s.players):
        for colony, level in sorted(s.p[i].embassies.items()):
            if colony not in s.colonies:
                return f"{name} has an Embassy of the {colony} colony, which is not in play"
            if not 1 <= level <= top:
                return (f"{name}'s relation with the {colony} colony is at level {level}; "
                        f"1 to {top} in era {s.era}")
    return None


def _one_embassy_per_colony(s: ColonistsState, i: int, name: str) -> str | None:
    """One Embassy tile per colony related to, and a relation for every Embassy tile."""
    c = s.p[i]
    tiles = Counter(co.colony_of(b.slug) for b in c.buildings if co.colony_of(b.slug))
    for colony, n in sorted((k, v) for k, v in tiles.items() if k is not None):
        if n > 1:
            return f"{name} has {n} Embassies of the {colony} colony"
        if colony not in c.embassies:
            return f"{name} has an Embassy of the {colony} colony but no relation with it"
    for colony in sorted(c.embassies):
        if colony not in tiles:
            return f"{name} has a relation with the {colony} colony but no Embassy tile"
    return None


one_embassy_per_colony = _per_community("one-embassy-per-colony", _one_embassy_per_colony)


def no_negative_goods(s: ColonistsState) -> str | None:
    """No good, Tool, Dollar or card use is ever negative (or zero uses left on a card)."""
    for i, name in enumerate(s.players):
        c = s.p[i]
        # a quick test, true exactly when the full one below finds nothing for this community
        if (c.tools >= 0 and c.dollars >= 0 and (not c.stored or min(c.stored.values()) >= 0)
                and (not c.buffered or min(c.buffered.values()) >= 0)
                and (not c.limited or min(c.limited.values()) >= 1)):
            continue
        for where, goods in (("Storage and Warehouse", c.stored), ("Buffers", c.buffered)):
            for good, n in sorted(goods.items()):
                if n < 0:
                    return f"{name} has {n} {good} in {where}"
        if c.tools < 0 or c.dollars < 0:
            return f"{name} has {c.tools} Tools and {c.dollars} Dollars"
        for card, uses in sorted(c.limited.items()):
            if uses < 1:
                return f"{name}'s card {card} is in front of them with {uses} uses left"
    return None


def cards_in_one_place(s: ColonistsState) -> str | None:
    """Each improvement card is in at most one place: a hand, in front of a player, a pile, or
    drawn at the Librarian."""
    cards: list[int] = []
    for c in s.p:
        cards += c.hand
        cards += c.played
        cards += c.limited
    cards += s.draw_pile
    cards += s.discard
    if s.pending is not None:
        cards += s.pending.drawn
    distinct = set(cards)
    if len(distinct) == len(cards) and distinct <= s.data.improvements.keys():
        return None
    for card, n in sorted(Counter(cards).items()):
        if n > 1:
            return f"card {card} is in {n} places at once"
        if card not in s.data.improvements:
            return f"unknown card {card} in play"
    return None


def board_consistent(s: ColonistsState) -> str | None:
    """Every tile's cells point back to it, and no cell holds two tiles."""
    board = s.board
    covered = 0
    for tile_id, tile in board.tiles.items():
        for cell in tile.cells:
            covered += 1
            if board.cells.get(cell) != tile_id:
                return (f"the {tile.slug} covers cell {list(cell)}, which the board gives to "
                        f"tile {board.cells.get(cell)}")
    if covered != len(board.cells):
        return f"the board maps {len(board.cells)} cells, its tiles cover {covered}"
    return None


def score_sums_parts(s: ColonistsState) -> str | None:
    """Each score equals the sum of its parts."""
    from referee.model.colonists import GAME

    for name, score in GAME.score(s).items():
        if score.total != sum(score.parts.values()):
            return (f"{name}'s score {score.total} differs from the sum of its parts "
                    f"{dict(score.parts)}")
    return None


SUITE: list[Invariant] = [
    Invariant("pool-fits-storage", "goods outside Buffers fit into Storage and Warehouse",
              pool_fits_storage, derives=True, reads_key=COMMUNITIES),
    Invariant("buffers-within-batches", "each good in Buffers stays within one batch of its "
              "producers", buffers_within_batches, derives=True, reads_key=COMMUNITIES),
    Invariant("workers-within-colonists", "no more Workers of a type than Colonists of it",
              workers_within_colonists, derives=True, reads_key=COMMUNITIES),
    Invariant("building-workers-fit", "each building holds at most its Workers, each of a type "
              "allowed there", building_workers_fit, derives=True, reads_key=COMMUNITIES),
    Invariant("buildings-within-limits", "buildings fit the spots and per-community limits",
              buildings_within_limits, derives=True, reads_key=COMMUNITIES),
    Invariant("one-steward-per-place", "no place but a Market holds two Stewards of one player",
              one_steward_per_place),
    Invariant("stewards-within-allowed", "no more Stewards on the board than the player "
              "controls, at most 4", stewards_within_allowed, reads_key=COMMUNITIES),
    Invariant("range-within-limit", "a Steward's Range is 1 to 4", range_within_limit,
              derives=True, reads_key=COMMUNITIES),
    Invariant("hand-within-limit", "at most 6 cards in hand after any action",
              hand_within_limit, reads_key=COMMUNITIES),
    Invariant("embassy-level-within-era", "relations only with colonies in play, up to the "
              "era's number", embassy_level_within_era),
    Invariant("one-embassy-per-colony", "one Embassy tile per relation", one_embassy_per_colony,
              derives=True),
    Invariant("no-negative-goods", "no negative goods, Tools, Dollars or card uses",
              no_negative_goods),
    Invariant("cards-in-one-place", "each improvement card is in one place at most",
              cards_in_one_place, reads_key=("p", "draw_pile", "discard", "pending")),
    Invariant("board-consistent", "each cell holds one tile and every tile's cells point to it",
              board_consistent, reads_key=("board",)),
    Invariant("score-sums-parts", "each score equals the sum of its parts", score_sums_parts,
              derives=True, reads_key=COMMUNITIES),
]
