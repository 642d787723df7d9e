"""The values a ``check`` line, an invariant expression or a report may read (FORMAT-colonists.md
section 7)."""

from __future__ import annotations

from collections.abc import Callable

from referee.model.colonists import community as co
from referee.model.colonists.data import STORABLE, WORKER_TYPES
from referee.model.colonists.scoring import parts
from referee.model.colonists.state import ColonistsState
from referee.model.core import Observables, Quantity, global_value, player_value

Q = Quantity[ColonistsState]


def _i(s: ColonistsState, p: str) -> int:
    return s.players.index(p)


Getter = Callable[[ColonistsState, str], int]


def _stored(good: str) -> Getter:
    return lambda s, p: s.p[_i(s, p)].stored.get(good, 0)


def _buffered(good: str) -> Getter:
    return lambda s, p: s.p[_i(s, p)].buffered.get(good, 0)


def _colonists(kind: str) -> Getter:
    return lambda s, p: co.colonists(s, _i(s, p))[kind]


def _employed(kind: str) -> Getter:
    return lambda s, p: co.employed(s.p[_i(s, p)])[kind]


def _embassy(colony: str) -> Getter:
    return lambda s, p: s.p[_i(s, p)].embassies.get(colony, 0)


def _goods() -> list[Q]:
    out: list[Q] = []
    for good in STORABLE:
        out.append(player_value(good, "int", f"{good} in Storage and Warehouse", _stored(good)))
        out.append(player_value(f"buffered_{good}", "int", f"{good} in Buffers",
                                _buffered(good)))
    return out


def _workers() -> list[Q]:
    out: list[Q] = []
    for kind in WORKER_TYPES:
        out.append(player_value(f"{kind}s", "int", f"{kind}s the community has",
                                _colonists(kind)))
        out.append(player_value(f"employed_{kind}s", "int", f"{kind}s at work",
                                _employed(kind)))
    return out


def _embassies(colonies: list[str]) -> list[Q]:
    return [player_value(f"embassy_{c}", "int", f"the relation's level with the {c} colony",
                         _embassy(c)) for c in colonies]


def _buildings(s: ColonistsState, p: str) -> list[str]:
    return [b.slug for b in s.p[_i(s, p)].buildings]


def _ambassador(name: str) -> Callable[[ColonistsState], str | None]:
    def get(s: ColonistsState) -> str | None:
        tile = s.ambassadors.get(name)
        if tile is None:
            return None
        board_tile = s.board.tiles[tile]
        return board_tile.slug if len(s.board.tiles_named(board_tile.slug)) == 1 else \
            f"{board_tile.cells[0][0]},{board_tile.cells[0][1]}"
    return get


def _ambassadors(names: tuple[str, ...]) -> list[Q]:
    return [global_value(f"ambassador_{n}", "text", f"where the {n} Special Ambassador stands "
                         "(the place's slug, or q,r of its cell where the slug is not unique; "
                         "null off the board)", _ambassador(n), rule="CO-AMBASSADOR")
            for n in names]


def _row_of(colonies: list[str]) -> Callable[[ColonistsState, str], dict[str, int]]:
    """A player's counts that a check line claims most (goods where they lie, the Toolbox,
    Colonists, cards, relations), by the names of their quantities, each the value its getter
    computes: the claims are compared here first."""
    zeros = {name: 0 for good in STORABLE for name in (good, f"buffered_{good}")}
    zeros.update((f"embassy_{colony}", 0) for colony in colonies)
    buffered = {good: f"buffered_{good}" for good in STORABLE}
    embassy = {colony: f"embassy_{colony}" for colony in colonies}
    colonists = {kind: f"{kind}s" for kind in WORKER_TYPES}
    at_work = {kind: f"employed_{kind}s" for kind in WORKER_TYPES}

    def row(s: ColonistsState, p: str) -> dict[str, int]:
        i = s.players.index(p)
        c = s.p[i]
        out = dict(zeros)
        for good, n in c.stored.items():
            if good in buffered:
                out[good] = n
        for good, n in c.buffered.items():
            name = buffered.get(good)
            if name is not None:
                out[name] = n
        for colony, level in c.embassies.items():
            name = embassy.get(colony)
            if name is not None:
                out[name] = level
        out["tools"] = c.tools
        out["dollars"] = c.dollars
        out["hand"] = len(c.hand)
        out["improvements"] = len(c.played) + len(c.limited)
        for kind, n in co.colonists(s, i).items():
            out[colonists[kind]] = n
        for kind, n in co.employed(c).items():
            out[at_work[kind]] = n
        return out
    return row


def make_observables(colonies: list[str],
                     ambassadors: tuple[str, ...] = ()) -> Observables[ColonistsState]:
    return Observables([
        *_ambassadors(ambassadors),
        *_goods(),
        player_value("tools", "int", "Tools in the Toolbox", lambda s, p: s.p[_i(s, p)].tools),
        player_value("dollars", "int", "Dollars in the Toolbox",
                     lambda s, p: s.p[_i(s, p)].dollars),
        *_workers(),
        player_value("storage", "int", "Storage spaces", lambda s, p: co.room(s, _i(s, p)).storage),
        player_value("warehouse", "int", "Warehouse lots",
                     lambda s, p: (lambda r: r.general + sum(r.typed.values()))(
                         co.room(s, _i(s, p))), rule="CO-WAREHOUSE"),
        player_value("buildings", "names", "buildings and Embassies (a slug per copy, the "
                     "copies counted)",
                     _buildings, rule="CO-BUILD", copies=True),
        player_value("hand", "int", "cards in hand", lambda s, p: len(s.p[_i(s, p)].hand),
                     rule="CO-HAND"),
        player_value("improvements", "int", "improvements in front of the player",
                     lambda s, p: len(s.p[_i(s, p)].played) + len(s.p[_i(s, p)].limited)),
        *_embassies(colonies),
        player_value("stewards", "int", "Stewards the player controls",
                     lambda s, p: co.stewards_allowed(s, _i(s, p)), rule="CO-STEWARDS"),
        player_value("range", "int", "the Stewards' Range",
                     lambda s, p: co.steward_range(s, _i(s, p)), rule="CO-MOVE-RANGE"),
        player_value("score", "int", "the community's worth if the game ended now",
                     lambda s, p: sum(parts(s, _i(s, p)).values()), rule="CO-SCORE"),
        global_value("era", "int", "the era", lambda s: s.era, rule="CO-ERA-START"),
        global_value("year", "int", "the year of the era (1-5; the last once the game is over)",
                     lambda s: min(s.year, s.data.calendar.years_per_era),
                     rule="CO-YEAR-START"),
        global_value("half", "text", "summer or winter",
                     lambda s: s.data.calendar.half_years[min(s.half, 1)],
                     rule="CO-TURN-ORDER", domain=lambda s: s.data.calendar.half_years),
        global_value("turn", "text", "whose turn it is (null outside the half-years)",
                     lambda s: s.current if s.stage in ("turn", "act", "draw", "keep",
                                                        "optional") else None,
                     rule="CO-TURN-ORDER", domain=lambda s: s.players),
        global_value("start_player", "text", "the start player",
                     lambda s: s.players[s.start] if s.start is not None else None,
                     rule="CO-START-MARKER", domain=lambda s: s.players),
        global_value("marker", "text", "the holder of the start player marker",
                     lambda s: s.players[s.marker] if s.marker is not None else None,
                     rule="CO-START-MARKER", domain=lambda s: s.players),
        global_value("market_card", "text", "the year's Market card",
                     lambda s: s.market_card, rule="CO-YEAR-START"),
        global_value("colonies", "names", "the colonies in play", lambda s: list(s.colonies),
                     rule="CO-SETUP-COLONIES", domain=lambda s: sorted(s.data.colonies)),
    ], check_rule="CO-CHECK", player_row=_row_of(colonies))
