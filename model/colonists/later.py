"""Starting in a later era and continuing a saved game (rulebook "Starting in a Later Era",
"Saving the Game"): the saved-game record of the header, the board laid era by era, the
improvements dealt, and each player's budget for the personal display.

The five setup phases: (1) the start player; (2) the board, the Places of every era before the
first one laid era by era from the start player clockwise, each era's first step before its
Places (the second and third Markets, the fifth colony); (3) the personal display: improvements
dealt (one permanent card per skipped era, two to the hand from the last; for a saved game the
noted hand size from all earlier eras), then each player's Buildings and Embassies
(``setup_buildings``), Workers (``employ``) and goods (``setup_goods``); (4) and (5) a regular
sustenance and production phase (``{"phase": "sustenance"}``), after which the first era
begins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.model.colonists.data import ColonistsData, Goods
from referee.model.colonists.state import ColonistsState
from referee.model.core import refuse, unknown

SAVED_KEYS = ("next_era", "colonies", "start_player", "players")
SAVED_PLAYER_KEYS = ("buildings", "embassies", "dollars", "goods", "tools", "improvements",
                     "hand")


@dataclass(frozen=True)
class SavedPlayer:
    """One line of the scoring pad of a saved game."""

    buildings: int          # Building Dollars
    embassies: int          # Embassy Dollars
    dollars: int            # hard Dollars in the Toolbox
    goods: int              # the goods' total Dollar value (at the setup values)
    tools: int              # Tools in the Toolbox
    improvements: tuple[int, ...]  # permanent improvements played
    hand: int               # cards in hand


@dataclass(frozen=True)
class SavedGame:
    """The rulebook's saved-game record: the colonies in play, the era up next, the start
    player (if the marker was bagged) and each player's scoring-pad line."""

    next_era: int
    colonies: tuple[str, ...]
    start_player: str | None
    players: Mapping[str, SavedPlayer]


@dataclass(frozen=True)
class Budget:
    """What a player spends on the personal display: Embassy and Building Dollars (Embassy
    Dollars may go to Buildings, what is left of both to goods), Goods Dollars; and what is
    given: Tools, hard Dollars, free goods."""

    embassies: int
    buildings: int
    goods: int
    tools: int
    dollars: int
    free: Goods


def _fail(message: str) -> Exception:
    return refuse("schema", "CO-SAVED", f"option 'saved': {message}")


def _count(value: Any, where: str, high: int = 10_000) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise _fail(f"{where} must be an integer from 0 to {high}, found {value!r}")
    return value


def read_saved(value: Any, players: Sequence[str], data: ColonistsData,
               last_era: int) -> SavedGame:
    """The ``saved`` option, checked (a ``schema`` error under CO-SAVED otherwise)."""
    if not isinstance(value, Mapping):
        raise _fail(f"must be an object with {', '.join(SAVED_KEYS)}")
    extra = sorted(set(value) - set(SAVED_KEYS))
    if extra:
        raise _fail(unknown("field", extra[0], SAVED_KEYS))
    for key in ("next_era", "colonies", "players"):
        if key not in value:
            raise _fail(f"field {key!r} is missing")
    era = value["next_era"]
    if type(era) is not int or not 2 <= era <= last_era:
        raise _fail(f"next_era must be 2 to {last_era} (the last era), found {era!r}")
    colonies = value["colonies"]
    fifth = sum(e.first_step.colonies for n, e in data.eras.items() if n < era)
    want = (data.setup.colonies, data.setup.colonies + fifth)
    if not isinstance(colonies, list) or not all(type(c) is str for c in colonies) or \
            len(set(colonies)) != len(colonies) or not want[0] <= len(colonies) <= want[1]:
        raise _fail(f"colonies lists {want[0]}" + (f" or {want[1]}" if want[1] != want[0]
                                                   else "") +
                    f" different colonies before era {era}, found {colonies!r}")
    for slug in colonies:
        if slug not in data.colonies:
            raise _fail(unknown("colony", slug, data.colonies))
    start = value.get("start_player")
    if start is not None and start not in players:
        raise _fail(f"start_player {start!r} is not a player")
    table = value["players"]
    if not isinstance(table, Mapping) or sorted(table) != sorted(players):
        raise _fail(f"players gives a line for each player ({', '.join(players)})")
    seen: set[int] = set()
    out: dict[str, SavedPlayer] = {}
    for name in players:
        line = table[name]
        where = f"players.{name}"
        if not isinstance(line, Mapping) or sorted(line) != sorted(SAVED_PLAYER_KEYS):
            raise _fail(f"{where} has the fields {', '.join(SAVED_PLAYER_KEYS)}")
        cards = line["improvements"]
        if not isinstance(cards, list):
            raise _fail(f"{where}.improvements lists card ids")
        for card in cards:
            found = data.improvements.get(card) if type(card) is int else None
            if found is None or found.kind != "permanent" or found.era >= era:
                raise _fail(f"{where}.improvements: {card!r} is not a permanent improvement "
                            f"of an era before {era}")
            if card in seen:
                raise _fail(f"{where}.improvements: card {card} is played twice")
            seen.add(card)
        out[name] = SavedPlayer(
            _count(line["buildings"], f"{where}.buildings"),
            _count(line["embassies"], f"{where}.embassies"),
            _count(line["dollars"], f"{where}.dollars"), _count(line["goods"], f"{where}.goods"),
            _count(line["tools"], f"{where}.tools"), tuple(cards),
            _count(line["hand"], f"{where}.hand", data.hand_limit))
    return SavedGame(era, tuple(sorted(colonies)), start, out)


def budget(s: ColonistsState, i: int) -> Budget:
    """Player ``i``'s display budget: the table's (by the era the game starts in) or the
    saved game's scoring pad (no free Food or Tools then)."""
    saved: SavedGame | None = s.saved
    if saved is not None:
        line = saved.players[s.players[i]]
        return Budget(line.embassies, line.buildings, line.goods, line.tools, line.dollars, {})
    table = s.data.later_era.budget[s.first_era]
    return Budget(table.embassies, table.buildings, table.goods, table.tools, 0,
                  dict(s.data.later_era.free_goods))


def in_setup(s: ColonistsState) -> bool:
    """Whether a later-era setup is under way (its era is the one before the first)."""
    return s.era < s.first_era


def last_skipped(s: ColonistsState) -> int:
    return s.first_era - 1


def deal_schedule(s: ColonistsState) -> list[tuple[int, int]]:
    """The improvements phase 3 deals, in order: (seat, era of a permanent card, or 0 for a
    hand card), each player from the start player clockwise."""
    assert s.start is not None
    n = len(s.players)
    out: list[tuple[int, int]] = []
    per_era = s.data.later_era.permanent_improvements_per_skipped_era
    for k in range(n):
        seat = (s.start + k) % n
        if s.saved is not None:
            out += [(seat, 0)] * s.saved.players[s.players[seat]].hand
            continue
        for era in range(1, s.first_era):
            out += [(seat, era)] * per_era
        out += [(seat, 0)] * s.data.later_era.hand_improvements_from_last_skipped_era
    return out


def dealt(s: ColonistsState) -> set[int]:
    """Cards that are out of the piles: played or in a hand."""
    out: set[int] = set()
    for c in s.p:
        out.update(c.played)
        out.update(c.hand)
        out.update(c.limited)
    return out


def deal_pool(s: ColonistsState, era: int) -> list[int]:
    """The cards the next deal may be: a permanent card of ``era``; a hand card (``era`` 0)
    from the last skipped era, or for a saved game from every era before the next."""
    out = dealt(s)
    data = s.data
    if era:
        return sorted(c.id for c in data.improvements_of_era(era)
                      if c.kind == "permanent" and c.id not in out)
    eras = range(1, s.first_era) if s.saved is not None else (last_skipped(s),)
    return sorted(c.id for e in eras for c in data.improvements_of_era(e) if c.id not in out)
