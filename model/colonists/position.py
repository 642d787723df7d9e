"""Starting positions of The Colonists (the ``position`` header, FORMAT-colonists.md section 9):
reading one into a state, and writing any state as one.

:func:`apply_position` replaces the setup that ``new_state`` made by the moment the position
states. Everything left out has a default (a player left out keeps the setup display; goods left
out are 0; the piles hold everything of the era not accounted for elsewhere). A position that
breaks the game on its face is refused with a ``schema`` error under CO-POSITION whose message
names the field (``position.players.Ann.buildings[3]: unknown building 'frm' (did you mean
'farm'?)``); whatever the input, nothing else is raised.

:func:`position_of` is the inverse: ``new_state(players, options, position_of(state))`` has the
fingerprint of ``state``. Values the table keeps only as bookkeeping outside the half-years
(whose turn it was, the turns counted, the half-year after the winter) are derived from the
stage, so a position never states them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from referee.model.colonists import community as co
from referee.model.colonists import data as d
from referee.model.colonists.board import FIRST_MARKET, Board, Cell, adjacent, cell_of
from referee.model.colonists.data import STORABLE, TOOLBOX, WORKER_TYPES
from referee.model.colonists.flow import SETUP_STAGES
from referee.model.colonists.refs import unknown_card
from referee.model.colonists.state import Built, ColonistsState, Community, Pending
from referee.model.core import RuleViolation, refuse, unknown
from referee.model.core.names import decimal

RULE = "CO-POSITION"
MAX_COUNT = 1_000_000_000       # the envelope's bound on numbers in events
MAX_ITEMS = 200                 # no list of a real position comes near this (62 Places, 140 cards)

POSITION_KEYS = ("era", "year", "half", "stage", "turn", "turns_done", "at", "draw", "keep",
                 "drawn", "start_player", "marker", "order", "colonies", "market_card",
                 "revealed", "piles", "board", "limits", "players", "action", "ambassadors",
                 "window", "clock", "drawing")
ACTION_KEYS = ("player", "main", "market", "plays", "figure", "resume", "then", "doing")
WINDOW_KEYS = ("player", "turn", "half")
PLAYER_KEYS = ("buildings", "goods", "buffers", "improvement_buffers", "tools", "dollars",
               "filled", "hand",
               "improvements", "limited", "embassies", "stewards", "started", "moved", "uses",
               "converted")
PILE_KEYS = ("start", "places", "market_cards", "improvements", "discard")
ERA_START_STAGES = ("third_market", "fifth_colony", "small_market")
STAGES = ("colonies", "start_player", "draw_place", "lay_place", "second_market",
          *ERA_START_STAGES, "market_card", "reveal_place", "turn", "act", "draw", "keep",
          "optional", "end_year", "over", "setup_card", "setup_display")
LATER_SETUP_STAGES = ("setup_card", "setup_display")
PENDING_STAGES = ("act", "draw", "keep", "optional")
RESUME_STAGES = ("turn", "end_year")
TURN_STAGES = ("turn", *PENDING_STAGES)   # within a player's turn
_USE_KEY = re.compile(r"[a-z][a-z0-9_]*(:[a-z0-9_.]+)*\Z")
# the once-per-period uses the model counts by a fixed name (those with a name in them:
# ``_Reader._known_use``)
USES = ("apprentice_turns", "apprentice_stewards", "apprentice_first", "boost", "swap",
        "year:charity", "year:factory", "turn:buffer_payments")
_LIMIT_KEY = re.compile(r"([a-z][a-z0-9_]*):([0-9]{1,6})\Z")


class _Refused(Exception):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")


def _bad(path: str, message: str) -> NoReturn:
    raise _Refused(path, message)


def show(value: Any, depth: int = 0) -> str:
    """A short rendering of any JSON-like value for a message (safe for deep or huge input)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value) if abs(value) < 10 ** 30 else f"an integer of {len(str(value))} digits"
        return text
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if depth >= 2:
        return "[...]" if isinstance(value, list | tuple) else "{...}"
    if isinstance(value, list | tuple):
        inner = ", ".join(show(v, depth + 1) for v in value[:4])
        return f"[{inner}{', ...' if len(value) > 4 else ''}]"
    if isinstance(value, Mapping):
        items = list(value.items())[:3]
        inner = ", ".join(f"{show(k, 2)}: {show(v, depth + 1)}" for k, v in items)
        return "{" + inner + (", ..." if len(value) > 3 else "") + "}"
    return type(value).__name__


# --------------------------------------------------------------------------- readers


def _obj(value: Any, path: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        _bad(path, f"must be an object, found {show(value)}")
    return value


def _keys(obj: Mapping[Any, Any], allowed: Sequence[str], path: str) -> None:
    for key in obj:
        if key not in allowed:
            _bad(path, unknown("field", key, allowed))


def _list(value: Any, path: str, most: int = MAX_ITEMS) -> list[Any]:
    if not isinstance(value, list | tuple):
        _bad(path, f"must be a list, found {show(value)}")
    if len(value) > most:
        _bad(path, f"lists {len(value)} items; at most {most} can be true here")
    return list(value)


def _int(value: Any, path: str, low: int = 0, high: int = MAX_COUNT) -> int:
    if type(value) is not int or not low <= value <= high:
        _bad(path, f"must be an integer from {low} to {high:,}, found {show(value)}")
    return int(value)


def _bool(value: Any, path: str) -> bool:
    if type(value) is not bool:
        _bad(path, f"must be true or false, found {show(value)}")
    return bool(value)


def _name(value: Any, path: str, known: Sequence[str], what: str) -> str:
    if not isinstance(value, str) or value not in known:
        _bad(path, unknown(what, value, known) if isinstance(value, str)
             else f"must be a {what}'s name, found {show(value)}")
    return value


def _at(path: str, key: Any) -> str:
    """The path of an object's member (keys from a log are strings)."""
    return f"{path}.{key}" if isinstance(key, str) and len(key) <= 40 else f"{path}[{show(key)}]"


def _card_id(value: Any, path: str) -> int:
    """A card id from a list (an integer) or an object's key (its digits)."""
    if isinstance(value, str):
        number = decimal(value, 6)
        if number is not None:
            return number
    if type(value) is not int:
        _bad(path, f"an improvement is named by its card id (an integer), found {show(value)}")
    return value


# --------------------------------------------------------------------------- applying


def apply_position(state: ColonistsState, position: Mapping[str, Any]) -> None:
    """Replace the setup in ``state`` by ``position``; RuleViolation (schema, CO-POSITION) for a
    position the game cannot reach on its face."""
    try:
        _Reader(state, position).read()
    except _Refused as exc:
        raise _refusal(str(exc)) from None
    except RecursionError:
        raise _refusal("position: nested too deeply to be a position") from None


def _refusal(message: str) -> RuleViolation:
    return refuse("schema", RULE, message)


class _Reader:
    def __init__(self, state: ColonistsState, position: Any) -> None:
        self.s = state
        self.data = state.data
        self.pos = _obj(position, "position")
        self.n = len(state.players)
        self.effect_rooms: set[int] = set()  # players whose position gives improvement_buffers

    # ------------------------------------------------------------------ the table

    def read(self) -> None:
        pos, s, data = self.pos, self.s, self.data
        _keys(pos, POSITION_KEYS, "position")
        self.stage = _name(pos.get("stage", "turn"), "position.stage", STAGES, "stage")
        stage = self.stage
        if stage in LATER_SETUP_STAGES or (s.first_era > 1 and stage in SETUP_STAGES):
            _bad("position.stage", f"a position during a later-era setup ({stage}) is not "
                 "read: start the game from the header's options (first_era, saved)")
        self.setup = stage in SETUP_STAGES
        given_era = pos.get("era")
        if s.first_era > 1 and type(given_era) is int and 0 <= given_era < s.first_era:
            # a later start's setup runs in the era before the first (its draws included)
            _bad("position.era", f"a position during a later-era setup (era {given_era} of a "
                 f"game started in era {s.first_era}) is not read: start the game from the "
                 "header's options (first_era, saved)")
        self.era = _int(pos.get("era", s.last_era if self.stage == "over" else s.first_era),
                        "position.era", s.first_era, s.last_era)
        if self.setup and self.era != 1:
            _bad("position.era", f"the setup ({stage}) comes before Era I, found era {self.era}")
        if stage == "over" and self.era != s.last_era:
            _bad("position.era", f"the game ends after era {s.last_era} (option last_era), "
                 f"found era {self.era} at stage over")
        years = data.calendar.years_per_era
        self.year = _int(pos.get("year", years if stage == "over" else 1), "position.year", 1,
                         years)
        if (self.setup or stage in ERA_START_STAGES) and self.year != 1:
            _bad("position.year", f"stage {stage} comes before the era's first year, found "
                 f"year {self.year}")
        if stage == "over" and self.year != years:
            _bad("position.year", f"the game ends after year {years}, found {self.year}")
        if stage == "reveal_place" and self.year > data.calendar.place_years:
            _bad("position.stage", f"Places are turned face up in years 1 to "
                 f"{data.calendar.place_years}; at stage reveal_place, found year {self.year}")
        self._era_stage()
        self.pre_play = self.pre_play_stage()
        s.era = self.era
        self._seats()
        self.board = self._board()
        s.board = self.board
        self._colonies()
        cards: dict[int, str] = {}
        s.p = [self._community(i, name, cards) for i, name in enumerate(s.players)]
        for i in range(self.n):
            self._community_checks(i)
        self._piles(cards)
        self.acting: str | None = None
        self._turn_state()
        self._colony_state()
        if self.acting is not None:
            self._action_possible(self.acting)

    def _action_possible(self, name: str) -> None:
        from referee.model.colonists.moves.turn import action_possible, possible_after_anytime

        if not action_possible(self.s, name) and not possible_after_anytime(
                self.s, self.s.players.index(name)):
            tile = self.s.pending.tile if self.s.pending is not None else None
            assert tile is not None
            t = self.board.tiles[tile]
            _bad("position.at", f"{name} can carry out no action of the {t.slug} at "
                 f"{list(t.cells[0])}: nobody moves where no action is possible")

    # ------------------------------------------------------------------ colonies' figures

    def _ambassadors_placed(self) -> None:
        """Rulebook "Special Ambassadors": they come in Era II, and "the first player to unlock
        one must immediately place him on a Market" (the event that reaches the level places
        him), so a relation at that level means he is on the board."""
        s, data = self.s, self.data
        if s.ambassadors and self.era < 2:
            name = min(s.ambassadors)
            _bad(f"position.ambassadors.{name}", "the Special Ambassadors come in Era II; "
                 f"found the {name} on the board in era {self.era}")
        for i, player in enumerate(s.players):
            for colony, level in sorted(s.p[i].embassies.items()):
                figure = data.colonies[colony].ambassador
                if figure is None or figure in s.ambassadors or not any(
                        isinstance(a, d.Ambassador) for a in data.abilities(colony, level)):
                    continue
                first = min(n for n in range(1, level + 1) if any(
                    isinstance(a, d.Ambassador) for a in data.abilities(colony, n)))
                _bad("position.ambassadors", f"{player}'s relation with the {colony} colony "
                     f"is at level {level}; level {first} unlocked the {figure} Special "
                     "Ambassador, who was placed on a Market then and is on the board (name "
                     "his place)")

    def _colony_state(self) -> None:
        s, pos, data = self.s, self.pos, self.data
        players = list(s.players)
        s.ambassadors = {}
        raw = _obj(pos.get("ambassadors", {}), "position.ambassadors")
        unlocked = {c.ambassador for slug, c in data.colonies.items() if slug in s.colonies}
        for name, where in raw.items():
            _name(name, "position.ambassadors", data.movement.ambassadors, "Special Ambassador")
            if name not in unlocked:
                _bad(f"position.ambassadors.{name}", f"the {name} Special Ambassador's colony is "
                     "not in play")
            if self.setup:
                _bad(f"position.ambassadors.{name}", "no Special Ambassador is on the board "
                     "during the setup")
            s.ambassadors[name] = self._tile(where, f"position.ambassadors.{name}")
        self._ambassadors_placed()
        s.clock = _int(pos.get("clock", 0), "position.clock")
        s.ended, s.ended_turn, s.ended_half = None, 0, 0
        if "window" in pos:
            window = _obj(pos["window"], "position.window")
            _keys(window, WINDOW_KEYS, "position.window")
            if self.stage not in ("turn", "end_year", "optional"):
                _bad("position.window", "the end of a player's turn lasts until another player "
                     f"takes a turn: stages turn, end_year (optional), not {self.stage}")
            s.ended = players.index(_name(window.get("player"), "position.window.player",
                                          players, "player"))
            s.ended_turn = _int(window.get("turn", 1), "position.window.turn", 1,
                                data.calendar.turns_per_half_year)
            s.ended_half = _int(window.get("half", 1), "position.window.half", 1)
        s.drawing = [players.index(_name(p, f"position.drawing[{k}]", players, "player"))
                     for k, p in enumerate(_list(pos.get("drawing", []), "position.drawing",
                                                 self.n))]
        if s.drawing and not (self.stage in ("draw", "keep") and s.pending is not None and
                              s.pending.then == "production"):
            _bad("position.drawing", "players wait to draw in production only while another "
                 "draws there (stages draw, keep)")

    def _era_stage(self) -> None:
        stage, data = self.stage, self.data
        step = data.eras[self.era].first_step
        if stage == "third_market" and not (step.kind == "add_market" and not step.at_setup):
            _bad("position.stage", f"era {self.era} adds no Market at its start")
        if stage in ("fifth_colony", "small_market") and step.kind != "add_colony":
            _bad("position.stage", f"era {self.era} adds no colony at its start")
        if stage == "small_market" and not self.s.small_market:
            _bad("position.stage", "the small Market is a variant: set the option small_market")

    def _seats(self) -> None:
        pos, s, stage = self.pos, self.s, self.stage
        players = list(s.players)
        if stage in ("colonies", "start_player"):
            for key in ("start_player", "marker"):
                if pos.get(key) is not None:
                    _bad(f"position.{key}", f"the start player is drawn after the colonies; "
                         f"at stage {stage} there is none")
            self.start = self.marker = None
        else:
            start = _name(pos.get("start_player", players[0]), "position.start_player",
                          players, "player")
            marker = _name(pos.get("marker", start), "position.marker", players, "player")
            if marker != start and stage not in TURN_STAGES:
                _bad("position.marker", f"the holder of the start player marker ({marker}) "
                     f"became start player at the end of the year; at stage {stage} the start "
                     f"player is {start}")
            self.start, self.marker = players.index(start), players.index(marker)
        s.start, s.marker = self.start, self.marker
        # the first year's turn order
        raw = pos.get("order")
        if self.pre_play_stage():
            if raw not in (None, [], ()):
                _bad("position.order", "the turn order is set when the first summer begins; "
                     f"at stage {stage} of the first year there is none yet")
            s.order = ()
        elif raw is None:
            assert self.start is not None
            s.order = tuple((self.start + k) % self.n for k in range(self.n))
        else:
            names = _list(raw, "position.order", self.n)
            order = [players.index(_name(p, f"position.order[{k}]", players, "player"))
                     for k, p in enumerate(names)]
            if sorted(order) != list(range(self.n)):
                _bad("position.order", f"must name every player once, found {show(raw)}")
            if any(order[k] != (order[0] + k) % self.n for k in range(self.n)):
                _bad("position.order", "turns go clockwise (seat order) from the start player: "
                     f"{', '.join(players[(order[0] + k) % self.n] for k in range(self.n))}")
            s.order = tuple(order)
        # whose turn
        self.half = 0
        self.turns_done = 0
        if stage in TURN_STAGES:
            assert self.start is not None
            self.seat = players.index(_name(pos.get("turn", players[self.start]),
                                            "position.turn", players, "player"))
            halves = list(self.data.calendar.half_years)
            self.half = halves.index(_name(pos.get("half", halves[0]), "position.half", halves,
                                           "half-year"))
            self.turns_done = _int(pos.get("turns_done", 0), "position.turns_done", 0,
                                   self.data.calendar.turns_per_half_year - 1)
        else:
            for key in ("half", "turns_done"):
                if key in pos:
                    _bad(f"position.{key}", f"only stated during the half-years (stages "
                         f"{', '.join(TURN_STAGES)}), not at stage {stage}")
            if self.pre_play_stage():
                if pos.get("turn") is not None:
                    _bad("position.turn", f"no turn has been taken yet at stage {stage}")
                self.seat = 0
            else:
                assert self.start is not None
                last = players[(self.start - 1) % self.n]
                self.seat = players.index(_name(pos.get("turn", last), "position.turn",
                                                players, "player"))
        if "at" in pos and stage not in PENDING_STAGES:
            _bad("position.at", f"only stated at stages act, draw and keep, not {stage}")
        for key in ("draw", "keep", "drawn"):
            if key in pos and stage not in ("draw", "keep"):
                _bad(f"position.{key}", f"only stated at stages draw and keep, not {stage}")

    def pre_play_stage(self) -> bool:
        first = self.s.first_era
        early = ("market_card", "reveal_place") + (ERA_START_STAGES if first > 1 else ())
        return self.setup or (self.era == first and self.year == 1 and self.stage in early)

    # ------------------------------------------------------------------ the board

    def _board(self) -> Board:
        data = self.data
        board = Board()
        raw = self.pos.get("board")
        if raw is None:
            board.add("market", FIRST_MARKET, market=True)
            return board
        items = _list(raw, "position.board")
        places = {p.slug for p in data.places}
        known = sorted(places | set(data.markets))
        box: Counter[str] = Counter()
        by_now: Counter[str] = Counter()  # the copies of the eras up to this one
        top_era = 0 if self.setup else self.era
        for p in data.places:
            if not p.intro_only:
                box[p.slug] += p.copies
                if p.era <= top_era:
                    by_now[p.slug] += p.copies
        for slug, market in data.markets.items():
            box[slug] += market.copies
        laid: Counter[str] = Counter()
        where: dict[Cell, int] = {}
        for k, item in enumerate(items):
            path = f"position.board[{k}]"
            tile = _obj(item, path)
            _keys(tile, ("place", "at"), path)
            if "place" not in tile or "at" not in tile:
                _bad(path, "a tile is {\"place\": SLUG, \"at\": CELL} (a Market: two cells)")
            slug = _name(tile["place"], f"{path}.place", known, "place")
            piece = data.markets.get(slug)
            if piece is None:
                place = data.place(slug)
                if all(p.intro_only for p in data.places if p.slug == slug):
                    _bad(f"{path}.place", f"the {place.name} is only used in the introductory "
                         "game")
                first = min(p.era for p in data.places if p.slug == slug and not p.intro_only)
                if first > top_era:
                    _bad(f"{path}.place", f"the {place.name} is a Place of era {first}; it "
                         f"cannot lie on the board " + ("during the setup" if self.setup
                                                        else f"in era {self.era}"))
            cells = self._cells(tile["at"], f"{path}.at", piece.cells if piece else 1)
            for cell in cells:
                if cell in where:
                    _bad(f"{path}.at", f"cell {list(cell)} is taken by the "
                         f"{board.tiles[board.cells[cell]].slug} (position.board[{where[cell]}])")
                where[cell] = k
            laid[slug] += 1
            if laid[slug] > box[slug]:
                _bad(f"{path}.place", f"the box holds {box[slug]} {slug} tile(s); the board "
                     f"lists {laid[slug]}")
            if piece is None and laid[slug] > by_now[slug]:
                _bad(f"{path}.place", f"{by_now[slug]} {slug} tile(s) come into play by "
                     + ("the setup" if self.setup else f"era {self.era}") + " (the box's "
                     f"others in later eras); the board lists {laid[slug]}")
            board.add(slug, cells, market=piece is not None)
        if not any(t.market and t.cells == tuple(sorted(FIRST_MARKET))
                   for t in board.tiles.values()):
            _bad("position.board", f"the first Market lies on {[list(c) for c in FIRST_MARKET]}")
        self._board_checks(board, laid)
        return board

    def _cells(self, value: Any, path: str, size: int) -> tuple[Cell, ...]:
        if size == 1:
            cell = cell_of(value)
            if cell is None:
                _bad(path, f"must be a cell [q, r] of integers from -64 to 64, found "
                     f"{show(value)}")
            return (cell,)
        cells = [cell_of(v) for v in value] if isinstance(value, list | tuple) else []
        if len(cells) != size or any(c is None for c in cells):
            _bad(path, f"a Market covers two cells [[q, r], [q, r]], found {show(value)}")
        found = tuple(c for c in cells if c is not None)
        if len(found) == 2 and not adjacent(found[0], found[1]):
            _bad(path, f"a Market covers two neighbouring cells; {[list(c) for c in found]} "
                 "are not")
        return found

    def _board_checks(self, board: Board, laid: Counter[str]) -> None:
        data, s, stage = self.data, self.s, self.stage
        # every tile joins the others (each was laid against the board)
        seen = {0}
        todo = [0]
        while todo:
            for other in board.adjacent_tiles(todo.pop()):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        for tile_id, tile in board.tiles.items():
            if tile_id not in seen:
                _bad(f"position.board[{tile_id}]", f"the {tile.slug} at {list(tile.cells[0])} "
                     "does not touch the rest of the board")
        for slug, piece in data.markets.items():
            if not piece.variant or not laid[slug]:
                continue
            intro = [e for e in sorted(data.eras) if data.eras[e].first_step.optional_market
                     == slug]
            if not s.small_market:
                _bad("position.board", f"the {piece.name} is a variant: set the option "
                     "small_market")
            if intro and (self.era < intro[0] or (self.era == intro[0] and stage in (
                    "fifth_colony", "small_market"))):
                _bad("position.board", f"the {piece.name} is added at the start of era "
                     f"{intro[0]}, after the fifth colony")
        if not self.setup:
            # the first Market, then one by each era's step that adds one (not yet at the stage
            # of this era's step, which lays it next)
            on_board = Counter(t.slug for t in board.tiles.values() if t.market)
            added: Counter[str] = Counter({"market": 1})
            for era in sorted(data.eras):
                step = data.eras[era].first_step
                if step.kind == "add_market" and step.market and era <= self.era and not (
                        era == self.era and stage == "third_market"):
                    added[step.market] += 1
            for slug, n in sorted(on_board.items()):
                if slug in added and n > added[slug]:
                    _bad("position.board", f"{n} {slug} tiles on the board, but "
                         f"{added[slug]} are laid by era {self.era} at stage {stage}")
        for era in sorted(data.eras):
            step = data.eras[era].first_step
            if (step.kind == "replace_place" and step.remove and era <= self.era
                    and not self.setup and laid[step.remove]):
                _bad("position.board", f"the {step.remove} was replaced by the {step.place} at "
                     f"the start of era {era}")
        if self.setup:
            markets = sum(1 for t in board.tiles.values() if t.market)
            placed = sum(1 for t in board.tiles.values() if not t.market)
            if markets != 1:
                _bad("position.board", f"during the setup ({stage}) the board holds the first "
                     f"Market only, found {markets} Markets")
            total = data.setup.starting_places
            if stage in ("colonies", "start_player") and placed:
                _bad("position.board", f"the starting Places are laid after the start player "
                     f"is drawn; found {placed} at stage {stage}")
            if stage in ("draw_place", "lay_place") and placed >= total:
                _bad("position.board", f"{placed} starting Places are laid; at stage {stage} "
                     f"fewer than {total}")
            if stage == "second_market" and placed != total:
                _bad("position.board", f"the second Market follows the {total} starting "
                     f"Places; {placed} are laid")

    def _tile(self, value: Any, path: str) -> int:
        """A place on the board: a slug found there once, or a cell a tile covers."""
        board = self.board
        if isinstance(value, str):
            found = board.tiles_named(value)
            if not found:
                known = sorted({t.slug for t in board.tiles.values()})
                _bad(path, unknown("place on the board", value, known))
            if len(found) > 1:
                cells = ", ".join(str(list(board.tiles[t].cells[0])) for t in found)
                _bad(path, f"{value} is on the board {len(found)} times ({cells}): name the "
                     "cell")
            return found[0]
        cell = cell_of(value)
        if cell is None:
            _bad(path, f"must be a place's slug or a cell [q, r], found {show(value)}")
        tile = board.tile_at(cell)
        if tile is None:
            _bad(path, f"no tile covers cell {list(cell)}")
        return tile

    # ------------------------------------------------------------------ colonies

    def _colonies(self) -> None:
        data, s, pos = self.data, self.s, self.pos
        known = sorted(data.colonies)
        want = 0
        if self.stage != "colonies":
            want = data.setup.colonies
            for era in sorted(data.eras):
                step = data.eras[era].first_step
                if step.kind == "add_colony" and (era < self.era or (
                        era == self.era and self.stage not in ("fifth_colony",))):
                    want += step.colonies
        raw = pos.get("colonies")
        if raw is None:
            wanted: list[str] = []
            players = pos.get("players")
            if isinstance(players, Mapping):
                for entry in players.values():
                    embassies = entry.get("embassies") if isinstance(entry, Mapping) else None
                    if isinstance(embassies, Mapping):
                        wanted += [c for c in embassies if isinstance(c, str) and c in known]
            chosen = list(dict.fromkeys(wanted))[:want]
            chosen += [c for c in known if c not in chosen][:want - len(chosen)]
            s.colonies = sorted(chosen)
            return
        names = _list(raw, "position.colonies", len(known))
        found = [_name(c, f"position.colonies[{k}]", known, "colony") for k, c in
                 enumerate(names)]
        if len(set(found)) != len(found):
            _bad("position.colonies", f"a colony is in play once, found {show(raw)}")
        if len(found) != want:
            _bad("position.colonies", f"{want} colonies are in play in era {self.era} at stage "
                 f"{self.stage}, found {len(found)}")
        s.colonies = sorted(found)

    # ------------------------------------------------------------------ communities

    def _community(self, i: int, name: str, cards: dict[int, str]) -> Community:
        data, s = self.data, self.s
        players = self.pos.get("players", {})
        path = "position.players"
        players = _obj(players, path)
        if i == 0:
            for key in players:
                if key not in s.players:
                    _bad(path, unknown("player", key, s.players))
        path = f"position.players.{name}"
        setup = s.p[i]
        raw = players.get(name)
        given = raw is not None
        raw = _obj(raw if given else {}, path)
        _keys(raw, PLAYER_KEYS, path)
        c = Community()
        c.buildings = self._buildings(raw, path) if "buildings" in raw else [
            b.copy() for b in setup.buildings]
        c.embassies = self._embassies(raw, path, c.buildings)
        c.stored = self._goods(raw.get("goods", {} if given else setup.stored), f"{path}.goods")
        c.buffered = self._goods(raw.get("buffers", {}), f"{path}.buffers")
        if "improvement_buffers" in raw:
            c.effect_room = self._goods(raw["improvement_buffers"], f"{path}.improvement_buffers")
            self.effect_rooms.add(i)
        c.tools = _int(raw.get("tools", 0 if given else setup.tools), f"{path}.tools")
        c.dollars = _int(raw.get("dollars", 0 if given else setup.dollars), f"{path}.dollars")
        c.filled = _bool(raw.get("filled", not self.pre_play_stage() or s.first_era > 1),
                         f"{path}.filled")
        c.hand = self._card_list(raw.get("hand", []), f"{path}.hand", cards, name,
                                 data.hand_limit)
        c.played = self._card_list(raw.get("improvements", []), f"{path}.improvements", cards,
                                   name, MAX_ITEMS, "permanent")
        c.limited = self._limited(raw.get("limited", {}), f"{path}.limited", cards, name)
        c.stewards = self._stewards(raw.get("stewards", [None] * data.setup.stewards),
                                    f"{path}.stewards", None)
        c.block_start = (self._stewards(raw["started"], f"{path}.started", len(c.stewards))
                         if "started" in raw else list(c.stewards))
        c.moved = self._moved(raw.get("moved", []), f"{path}.moved", len(c.stewards))
        c.used = self._uses(raw.get("uses", {}), f"{path}.uses")
        c.converted = self._converted(raw.get("converted", {}), f"{path}.converted", c)
        return c

    def _buildings(self, raw: Mapping[Any, Any], path: str) -> list[Built]:
        data = self.data
        items = _list(raw["buildings"], f"{path}.buildings")
        embassy_slugs = [co.embassy_slug(c) for c in sorted(data.colonies)]
        known = sorted(data.buildings) + embassy_slugs
        out: list[Built] = []
        for k, item in enumerate(items):
            where = f"{path}.buildings[{k}]"
            proven: tuple[tuple[str, int], ...] | None = None  # default: set by the checks
            given = False
            if isinstance(item, str):
                slug, workers = item, []
            elif isinstance(item, Mapping):
                _keys(item, ("building", "workers", "produced"), where)
                if "building" not in item:
                    _bad(where, "a building with Workers is {\"building\": SLUG, \"workers\": "
                         "[WORKER, ...]}")
                slug = item["building"]
                workers = _list(item.get("workers", []), f"{where}.workers", 4)
                if "produced" in item:
                    given = True
                    proven = self._produced(item["produced"], f"{where}.produced")
            else:
                _bad(where, f"a building is its slug or an object, found {show(item)}")
            slug = _name(slug, where, known, "building")
            b = data.buildings.get(slug)
            seats = b.workers if b is not None else 0
            kinds = [_name(w, f"{where}.workers[{n}]", WORKER_TYPES, "worker")
                     for n, w in enumerate(workers)]
            factory = b is not None and isinstance(b.effect, d.FactoryEffect)
            if len(kinds) > seats and not factory:  # a Factory's, with a Steam Engine: below
                what = b.name if b is not None else "an Embassy"
                _bad(where, f"{what} takes {seats} Worker(s), found {len(kinds)}")
            if b is not None and b.era > (0 if self.setup else self.era):
                _bad(where, f"the {b.name} is a building of era {b.era}, not available in "
                     f"era {self.era}")
            if given and not (b is not None and b.buffer):
                _bad(f"{where}.produced", "only a production or sustenance building has a "
                     "Buffer to fill")
            out.append(Built(slug, kinds, proven))
        return out

    def _produced(self, raw: Any, path: str) -> tuple[tuple[str, int], ...] | None:
        """A building's ``produced``: false (nothing since it came into play), true (its
        batch now: the default) or the goods it generated at the last production."""
        if isinstance(raw, bool):
            return None if raw else ()
        return co.room_of(self._goods(raw, path))

    def _embassies(self, raw: Mapping[Any, Any], path: str, buildings: list[Built]) -> dict[
            str, int]:
        data = self.data
        known = sorted(data.colonies)
        top = max(data.embassy_levels)
        levels: dict[str, int] = {}
        given = _obj(raw.get("embassies", {}), f"{path}.embassies")
        for colony, level in given.items():
            where = f"{path}.embassies.{colony}"
            _name(colony, f"{path}.embassies", known, "colony")
            levels[colony] = _int(level, where, 1, top)
        tiles = Counter(co.colony_of(b.slug) for b in buildings if co.colony_of(b.slug))
        for colony, n in sorted((k, v) for k, v in tiles.items() if k is not None):
            if n > 1:
                _bad(f"{path}.buildings", f"a community has one Embassy of each colony; found "
                     f"{n} of the {colony} colony")
            levels.setdefault(colony, 1)
        for colony in given:
            if colony not in tiles:
                buildings.append(Built(co.embassy_slug(colony)))
        return levels

    def _goods(self, raw: Any, path: str) -> dict[str, int]:
        goods = _obj(raw, path)
        out: dict[str, int] = {}
        for good, n in goods.items():
            if good in TOOLBOX:
                _bad(path, f"{good} lie in the Toolbox: give them as the player's {good!r}")
            _name(good, path, STORABLE, "good")
            count = _int(n, f"{path}.{good}")
            if count:
                out[good] = count
        return out

    def _card_list(self, raw: Any, path: str, cards: dict[int, str], owner: str, most: int,
                   kind: str | None = None) -> list[int]:
        items = _list(raw, path, max(most, 0))
        out = []
        for k, item in enumerate(items):
            out.append(self._card(item, f"{path}[{k}]", cards, f"{owner}'s {path.rsplit('.')[-1]}",
                                  kind))
        return out

    def _card(self, value: Any, path: str, cards: dict[int, str], where: str,
              kind: str | None = None) -> int:
        data = self.data
        card = _card_id(value, path)
        found = data.improvements.get(card)
        if found is None:
            _bad(path, unknown_card(card, data.improvements))
        if kind is not None and found.kind != kind:
            _bad(path, f"card {card} ({found.name}) is {found.kind}, not {kind}")
        if self.setup:
            _bad(path, "no improvement is in play during the setup: the cards are shuffled at "
                 "the start of Era I")
        if found.era > self.era:
            _bad(path, f"card {card} ({found.name}) is an improvement of era {found.era}; it is "
                 f"not in play in era {self.era}")
        if card in cards:
            _bad(path, f"card {card} ({found.name}) is also in {cards[card]}; each card is in "
                 "one place")
        cards[card] = where
        return card

    def _limited(self, raw: Any, path: str, cards: dict[int, str], owner: str) -> dict[int, int]:
        given = _obj(raw, path)
        if len(given) > MAX_ITEMS:
            _bad(path, f"lists {len(given)} cards")
        out: dict[int, int] = {}
        for key, uses in given.items():
            card = self._card(key, _at(path, key), cards,
                              f"{owner}'s limited cards", "limited")
            out[card] = _int(uses, f"{path}.{card}", 1, self.data.improvements[card].uses)
        return out

    def _stewards(self, raw: Any, path: str, size: int | None) -> list[int | None]:
        data = self.data
        most = data.movement.max_stewards
        items = _list(raw, path, most)
        if size is not None and len(items) != size:
            _bad(path, f"gives a place (or null) for each of the {size} Steward(s) of "
                 f"'stewards', found {len(items)}")
        if len(items) < data.setup.stewards:
            _bad(path, f"lists every Steward the player has had ({data.setup.stewards} at "
                 "least), null for one not on the board")
        return [None if item is None else self._tile(item, f"{path}[{k}]")
                for k, item in enumerate(items)]

    def _moved(self, raw: Any, path: str, count: int) -> list[int]:
        items = _list(raw, path, count)
        out: list[int] = []
        for k, item in enumerate(items):
            n = _int(item, f"{path}[{k}]", 1, count)
            if n - 1 in out:
                _bad(path, f"Steward {n} is listed twice")
            out.append(n - 1)
        return out

    def _uses(self, raw: Any, path: str) -> dict[str, int]:
        given = _obj(raw, path)
        if len(given) > MAX_ITEMS:
            _bad(path, f"lists {len(given)} uses")
        out: dict[str, int] = {}
        for key, n in given.items():
            if not isinstance(key, str) or len(key) > 64 or not _USE_KEY.match(key):
                _bad(path, f"a use is named like \"apprentice_turns\" or \"turn:KEY\", found "
                     f"{show(key)}")
            problem = self._use_problem(key)
            if problem:
                _bad(path, problem)
            out[key] = _int(n, f"{path}.{key}")
        return out

    def _use_problem(self, key: str) -> str | None:
        """Why ``key`` is no use the model counts (FORMAT-colonists.md, the player table's
        ``uses``), or None."""
        if key in USES:
            return None
        family, _, rest = key.rpartition(":")
        data = self.data
        if family == "amb":
            return None if rest in data.movement.ambassadors else (
                f"use {show(key)}: " + unknown("Special Ambassador", rest,
                                                data.movement.ambassadors))
        if family == "replace":
            sources = sorted({x.source for c in data.colonies.values() for level in c.levels
                              for x in data.abilities(c.slug, level)
                              if isinstance(x, d.ReplaceBuilding)})
            return None if rest in sources else (
                f"use {show(key)}: no colony's ability replaces a {show(rest)} (known: "
                f"{', '.join(sources)})")
        if family == "year:choice" and decimal(rest, 2) is not None:
            return None
        return unknown("use", key, [*USES, "amb:NAME", "replace:SLUG", "year:choice:K"])

    def _converted(self, raw: Any, path: str, c: Community) -> dict[int, int]:
        """The year's production conversions of the player's cards and Embassies, each within
        the conversion's limit."""
        data = self.data
        given = _obj(raw, path)
        if len(given) > MAX_ITEMS:
            _bad(path, f"lists {len(given)} cards")
        out: dict[int, int] = {}
        colonies = sorted(data.colonies)
        for key, n in given.items():
            where = _at(path, key)
            if isinstance(key, str) and ":" in key:  # a colony's conversion, COLONY:K
                colony, _, k = key.partition(":")
                _name(colony, where, colonies, "colony")
                number = decimal(k, 2)
                if number is None:
                    _bad(where, "a colony's conversion is COLONY:K, K its number from 0")
                card = converted_key(data, colony, number)
                level = c.embassies.get(colony, 0)
                found = [x for x in data.abilities(colony, level)
                         if isinstance(x, d.ProductionConvert)] if level else []
                if number >= len(found):
                    _bad(where, f"the player's relation with the {colony} colony (level "
                         f"{level}) has {len(found)} production conversion(s), no number "
                         f"{number}")
                effect = found[number]
            else:
                card = _card_id(key, where)
                if card not in data.improvements:
                    _bad(path, unknown_card(card, data.improvements))
                converts = next((x for x in data.improvements[card].effects
                                 if isinstance(x, d.ProductionConvert)), None)
                if converts is None or card not in c.played:
                    _bad(where, f"card {card} is no production conversion in front of the "
                         "player")
                effect = converts
            out[card] = _int(n, where, 0, MAX_COUNT if effect.limit is None else effect.limit)
        return out

    # ------------------------------------------------------------------ community checks

    def _community_checks(self, i: int) -> None:
        s, data = self.s, self.data
        c = s.p[i]
        name = s.players[i]
        path = f"position.players.{name}"
        top = data.eras[self.era].max_colony_level
        for colony, level in sorted(c.embassies.items()):
            if colony not in s.colonies:
                _bad(f"{path}.embassies.{colony}", f"the {colony} colony is not in play (in "
                     f"play: {', '.join(s.colonies) or 'none'})")
            if level > top:
                _bad(f"{path}.embassies.{colony}", f"relations reach at most level {top} in "
                     f"era {self.era}, found {level}")
        slugs = [b.slug for b in c.buildings]
        for slug, n in sorted(Counter(slugs).items()):
            b = data.buildings.get(slug)
            if b is not None and b.limit is not None and n > b.limit:
                _bad(f"{path}.buildings", f"a community holds at most {b.limit} {b.name}, "
                     f"found {n}")
        problem = co.spot_problem(s, i, slugs)
        if problem:
            _bad(f"{path}.buildings", problem)
        if s.box_limits:
            self._box(i, path)
        for k, built in enumerate(c.buildings):
            b = data.buildings.get(built.slug)
            if b is not None and len(built.workers) > co.seats(s, i, k):
                _bad(f"{path}.buildings[{k}]", f"{b.name} takes {b.workers} Worker(s) (a "
                     "Steam Engine's Factory a Farmer and a Citizen), found "
                     f"{len(built.workers)}")
            for worker in built.workers:
                if b is not None and not co.may_work(s, i, b, worker):
                    _bad(f"{path}.buildings[{k}]", f"a {worker} may not work in the {b.name} "
                         f"(it takes a {b.worker})")
        have, busy = co.colonists(s, i), co.employed(c)
        for kind in WORKER_TYPES:
            if busy[kind] > have[kind]:
                _bad(f"{path}.buildings", f"{busy[kind]} {kind}(s) at work, but the "
                     f"community houses {have[kind]} {kind} Colonist(s)")
        room = co.room(s, i)
        reserved = 0 if c.filled else data.setup.start_storage_count
        over = room.overflow(c.stored, reserved)
        if over:
            typed = "".join(f", {n} lot(s) for {g} only" for g, n in sorted(room.typed.items()))
            _bad(f"{path}.goods", f"{sum(c.stored.values())} goods outside Buffers, {over} more "
                 f"than {room.storage} Storage space(s) and {room.general} Warehouse lot(s)"
                 f"{typed} hold" + ("" if c.filled else f" with the Basic Storage's "
                                    f"{reserved} spaces kept for filling it"))
        if i not in self.effect_rooms:  # every improvement in force has produced
            c.effect_room = co.effect_room_now(s, i)
        defaults = co.default_proven(s, i)
        c.buildings = [built if built.proven is not None or proven is None else
                       Built(built.slug, built.workers, proven)
                       for built, proven in zip(c.buildings, defaults, strict=True)]
        c.changed()
        cap = co.buffer_room(s, i)
        for good, n in sorted(c.buffered.items()):
            if n > cap.get(good, 0):
                _bad(f"{path}.buffers.{good}", f"the Buffers hold one batch of each producer "
                     f"that has produced since it came into play: {cap.get(good, 0)} {good}, "
                     f"found {n}")
        self._steward_checks(i, path)

    def _box(self, i: int, path: str) -> None:
        data, s = self.data, self.s
        mine = Counter(b.slug for b in s.p[i].buildings)
        for slug in sorted(mine):
            b = data.buildings.get(slug)
            if b is None:
                continue
            sides = {slug} | ({b.other_side} if b.other_side else set())
            used = sum(1 for c in s.p[: i + 1] for x in c.buildings if x.slug in sides)
            if used > b.box_count:
                _bad(f"{path}.buildings", f"the box holds {b.box_count} {b.name} tiles "
                     f"(option box_limits); the communities hold {used}")

    def _steward_checks(self, i: int, path: str) -> None:
        s, board = self.s, self.board
        c = s.p[i]
        name = s.players[i]
        seen: dict[int, int] = {}
        for k, tile in enumerate(c.stewards):
            if tile is None:
                continue
            t = board.tiles[tile]
            if self.setup:
                _bad(f"{path}.stewards[{k}]", "Stewards enter the board on a player's first "
                     "turn, after the setup")
            if tile in seen and not t.market:
                _bad(f"{path}.stewards[{k}]", f"Stewards {seen[tile] + 1} and {k + 1} both "
                     f"stand on the {t.slug}: no place but a Market holds two Stewards of one "
                     "player")
            seen[tile] = k
            if not c.filled and not t.market:
                _bad(f"{path}.stewards[{k}]", "a player moves only after filling the Basic "
                     "Storage ('filled'); until then the Stewards stand on Markets")
        allowed = co.stewards_allowed(s, i)
        lent = c.used.get("apprentice_stewards", 0)
        if lent and "apprentice_turns" in c.used:
            # the Apprentice's Stewards: the highest numbers unless the position says
            first = c.used.setdefault("apprentice_first", allowed - lent + 1)
            if not 1 < first <= allowed - lent + 1:
                _bad(f"{path}.uses.apprentice_first", f"the Apprentice's first Steward is 2 to "
                     f"{allowed - lent + 1} (of the {allowed} the player controls), found "
                     f"{first}")
        on_board = sum(1 for t in c.stewards if t is not None)
        if on_board > allowed:
            _bad(f"{path}.stewards", f"{on_board} Stewards on the board; the player controls "
                 f"{allowed}")
        for k, start in enumerate(c.block_start):
            if k not in c.moved and start != c.stewards[k]:
                _bad(f"{path}.started[{k}]", f"Steward {k + 1} has not moved in these three "
                     "turns ('moved'), so he stands where he started them")
            if start is not None and self.setup:
                _bad(f"{path}.started[{k}]", "no Steward is on the board during the setup")
        if not c.filled and c.moved:
            _bad(f"{path}.moved", "a player moves only after filling the Basic Storage")
        for k in c.moved:
            if c.stewards[k] is None:
                _bad(f"{path}.moved", f"Steward {k + 1} moved but is not on the board")
        turns = self.data.calendar.turns_per_half_year
        raw = self.pos.get("action")
        # draws in production come after the half-years: no turn is under way
        production = isinstance(raw, Mapping) and raw.get("then") == "production"
        if i == self.seat and self.stage in TURN_STAGES and not production:
            # a Special Ambassador's action before the seat's turn: that turn has not begun
            before = isinstance(raw, Mapping) and raw.get("resume") == "turn" and bool(
                raw.get("figure"))
            moving = self.stage != "turn" and not before
            taken = self.turns_done + moving
            if len(c.moved) > taken:
                _bad(f"{path}.moved", f"{len(c.moved)} Stewards moved in {taken} turn(s); a "
                     "turn moves one Steward")
            if taken and not c.filled:
                _bad(f"{path}.filled", f"{name} has taken {taken} turn(s), so the Basic "
                     "Storage is filled")
            if moving and not c.moved:
                _bad(f"{path}.moved", f"at stage {self.stage} the Steward who moved this turn "
                     "is listed")
        elif len(c.moved) > turns:
            _bad(f"{path}.moved", f"{len(c.moved)} Stewards moved in {turns} turns")

    # ------------------------------------------------------------------ piles

    def _piles(self, cards: dict[int, str]) -> None:
        data, s, pos = self.data, self.s, self.pos
        raw = _obj(pos.get("piles", {}), "position.piles")
        _keys(raw, PILE_KEYS, "position.piles")
        board_count = Counter(t.slug for t in self.board.tiles.values() if not t.market)
        # the face-up Places
        revealed = self._revealed(board_count)
        s.revealed = revealed
        shown = Counter(revealed)
        # the starting Places
        starting: Counter[str] = Counter()
        for p in data.places_of_era(0):
            if p.drawn:
                starting[p.slug] += p.copies
        if self.setup:
            self._face_up(revealed, starting - board_count, "of the setup")
        free = starting - board_count - shown if self.setup else Counter()
        left = {"start": free.total()}  # what the board and the era leave for each pile
        s.start_pile = self._place_pile(raw, "start", free, "starting Places not yet drawn")
        # the era's Places
        era_places: Counter[str] = Counter()
        earlier: Counter[str] = Counter()
        for p in data.places:
            if p.drawn and p.era == self.era:
                era_places[p.slug] += p.copies
            elif p.drawn and p.era < self.era:
                earlier[p.slug] += p.copies
        if self.setup:
            free = Counter()
        else:
            placed = Counter({k: max(0, board_count[k] - earlier[k]) for k in era_places})
            self._face_up(revealed, era_places - placed, f"of era {self.era}")
            free = era_places - placed - shown
        left["places"] = free.total()
        s.place_pile = self._place_pile(raw, "places", free, f"era {self.era}'s Places still "
                                        "face down")
        # the Market cards
        era_cards = [c.slug for c in data.market_cards_of_era(self.era)]
        s.market_card = self._market_card(era_cards)
        if self.setup:
            rest: list[str] = []
        else:
            rest = [c for c in era_cards if c != s.market_card]
        left["market_cards"] = len(rest)
        if "market_cards" in raw:
            items = _list(raw["market_cards"], "position.piles.market_cards", len(era_cards))
            pile = [_name(c, f"position.piles.market_cards[{k}]", era_cards,
                          f"market card of era {self.era}") for k, c in enumerate(items)]
            for k, slug in enumerate(pile):
                if slug == s.market_card:
                    _bad(f"position.piles.market_cards[{k}]", f"{slug} is the year's Market "
                         "card, face up")
                if slug not in rest:
                    _bad(f"position.piles.market_cards[{k}]", "the Market cards are shuffled "
                         "at the start of Era I, after the setup")
            if len(set(pile)) != len(pile):
                _bad("position.piles.market_cards", "a Market card is listed twice")
            s.card_pile = pile
        else:
            s.card_pile = rest
        # the improvements
        for key, target in (("discard", "discard"), ("improvements", "draw_pile")):
            if key in raw:
                items = _list(raw[key], f"position.piles.{key}", len(data.improvements))
                where = "the discard pile" if key == "discard" else "the draw pile"
                if self.setup and items:
                    _bad(f"position.piles.{key}", "the improvements are shuffled at the start "
                         "of Era I, after the setup")
                setattr(s, target, [self._card(c, f"position.piles.{key}[{k}]", cards, where)
                                    for k, c in enumerate(items)])
            else:
                setattr(s, target, [])
        drawn = self._drawn(cards)
        if "improvements" not in raw and not self.setup:
            s.draw_pile = [c.id for c in data.improvements_of_era(self.era)
                           if c.id not in cards]
        self._stuck(drawn)
        self._enough({key: len(pile) for key, pile in (
            ("start", s.start_pile), ("market_cards", s.card_pile), ("places", s.place_pile))
            if key in raw}, left)

    def _revealed(self, board_count: Counter[str]) -> list[str]:
        data, stage = self.data, self.stage
        raw = self.pos.get("revealed", [])
        items = _list(raw, "position.revealed", data.calendar.places_per_year)
        slugs = sorted({p.slug for p in data.places})
        out = [_name(p, f"position.revealed[{k}]", slugs, "place") for k, p in enumerate(items)]
        era = 0 if self.setup else self.era
        for k, slug in enumerate(out):
            if not any(p.slug == slug and p.era == era and p.drawn for p in data.places):
                _bad(f"position.revealed[{k}]", f"{slug} is not a Place of "
                     + ("the setup" if self.setup else f"era {self.era}") + " (face-up Places "
                     "are the era's)")
        if stage == "lay_place" and len(out) != 1:
            _bad("position.revealed", "at stage lay_place the starting Place drawn is face up "
                 f"(one), found {len(out)}")
        face_up = ("lay_place", "reveal_place", *TURN_STAGES, "end_year")
        if out and stage not in face_up:
            _bad("position.revealed", f"no Place is face up at stage {stage}")
        if out and self.year > data.calendar.place_years and stage != "lay_place":
            _bad("position.revealed", f"no Places are turned face up in year {self.year}")
        if stage == "reveal_place" and len(out) >= data.calendar.places_per_year:
            _bad("position.revealed", f"at stage reveal_place fewer than "
                 f"{data.calendar.places_per_year} Places are face up")
        return out

    @staticmethod
    def _face_up(revealed: list[str], left: Counter[str], what: str) -> None:
        """A face-up Place is one of the copies the board leaves (the others lie there)."""
        seen: Counter[str] = Counter()
        for k, slug in enumerate(revealed):
            seen[slug] += 1
            if seen[slug] > left[slug]:
                _bad(f"position.revealed[{k}]", f"{slug} is face up, but every {slug} tile "
                     f"{what} is on the board" if not left[slug] else f"{slug} is face up "
                     f"{seen[slug]} times, but {left[slug]} {slug} tile(s) {what} are off the "
                     "board")

    def _place_pile(self, raw: Mapping[Any, Any], key: str, free: Counter[str],
                    what: str) -> list[str]:
        if key not in raw:
            return sorted(free.elements())
        path = f"position.piles.{key}"
        items = _list(raw[key], path)
        slugs = sorted({p.slug for p in self.data.places})
        pile = [_name(p, f"{path}[{k}]", slugs, "place") for k, p in enumerate(items)]
        count = Counter(pile)
        for slug in sorted(count):
            if count[slug] > free[slug]:
                _bad(path, f"lists {count[slug]} {slug}, but {free[slug]} of the {what} can "
                     "be (the others are on the board or face up)" if free[slug] else
                     f"{slug} is not among the {what}")
        return pile

    def _market_card(self, era_cards: list[str]) -> str | None:
        stage, pos = self.stage, self.pos
        raw = pos.get("market_card")
        needed = stage in ("reveal_place", *TURN_STAGES, "end_year")
        stale = stage == "over" or (stage == "market_card" and self.year > 1)
        if raw is None:
            if not needed:
                return None
            used = pos.get("piles", {}).get("market_cards") if isinstance(
                pos.get("piles"), Mapping) else None
            left = [c for c in era_cards if not isinstance(used, list | tuple) or c not in used]
            if not left:
                _bad("position.market_card", "name the year's Market card")
            return left[0]
        if not needed and not stale:
            _bad("position.market_card", f"no Market card is face up at stage {stage}")
        return _name(raw, "position.market_card", era_cards, f"market card of era {self.era}")

    def _drawn(self, cards: dict[int, str]) -> list[int]:
        pos = self.pos
        if self.stage not in ("draw", "keep"):
            return []
        return [self._card(c, f"position.drawn[{k}]", cards, "the cards drawn now")
                for k, c in enumerate(_list(pos.get("drawn", []), "position.drawn",
                                            len(self.data.improvements)))]

    def _stuck(self, drawn: list[int]) -> None:
        s, stage = self.s, self.stage
        self.drawn = drawn
        if stage == "draw_place" and not s.start_pile:
            _bad("position.piles.start", "no starting Place is left to draw")
        if stage == "market_card" and not s.card_pile:
            _bad("position.piles.market_cards", "no Market card is left to turn face up")
        if stage == "reveal_place" and not s.place_pile:
            _bad("position.piles.places", "no Place is left to turn face up")

    def _enough(self, stated: dict[str, int], left: dict[str, int]) -> None:
        """The piles stated hold what the rest of the setup or of the era still turns face up
        (a Market card a year, the Places of the era's years), as far as the board and the era
        leave them (``left``: how many each pile holds by default)."""
        data, stage = self.data, self.stage
        calendar = data.calendar
        due: dict[str, int] = {}
        if self.setup:
            if stage in ("colonies", "start_player", "draw_place", "lay_place"):
                laid = sum(1 for t in self.board.tiles.values() if not t.market)
                due["start"] = data.setup.starting_places - laid - len(self.s.revealed)
        elif stage != "over":
            # the year's Market card and Places are still to come before its first turn
            ahead = stage in ("market_card", *ERA_START_STAGES)
            due["market_cards"] = calendar.years_per_era - self.year + ahead
            due["places"] = calendar.places_per_year * max(
                0, calendar.place_years - self.year + ahead)
            if stage == "reveal_place":
                due["places"] += calendar.places_per_year - len(self.s.revealed)
        what = {"start": "starting Place(s) are drawn",
                "market_cards": f"Market card(s) are turned face up in era {self.era} (one a "
                                "year)",
                "places": f"Place(s) of era {self.era} are turned face up in its years"}
        for key, count in stated.items():
            need = min(due.get(key, 0), left.get(key, 0))
            if count < need:
                _bad(f"position.piles.{key}", f"{need} more {what[key]}, but the pile holds "
                     f"{count}")

    # ------------------------------------------------------------------ the turn

    def _turn_state(self) -> None:
        s, data, stage, pos = self.s, self.data, self.stage, self.pos
        calendar = data.calendar
        s.stage = stage
        s.year = self.year + (1 if stage == "over" else 0)
        s.laid = (sum(1 for t in self.board.tiles.values() if not t.market) if self.setup
                  else data.setup.starting_places)
        s.seat = self.seat
        s.limits = {}
        s.pending = None
        production = isinstance(pos.get("action"), Mapping) and \
            pos["action"].get("then") == "production"
        if stage in TURN_STAGES and not production:
            assert self.start is not None
            s.half, s.turns = self.half, self.turns_done
            s.done = (self.seat - self.start) % self.n
        elif self.pre_play_stage():
            s.half, s.turns, s.done = 0, 0, 0
        else:
            s.half, s.turns, s.done = len(calendar.half_years), calendar.turns_per_half_year, 0
        if stage in PENDING_STAGES:
            self._pending()
        elif "limits" in pos:
            _bad("position.limits", f"only stated at stages act, draw and keep, not {stage}")
        if "action" in pos and stage not in PENDING_STAGES:
            _bad("position.action", "only stated while an action is pending (stages "
                 f"{', '.join(PENDING_STAGES)}), not at stage {stage}")

    def _action(self) -> dict[str, Any]:
        """The pending action's extras (whose it is, what is still open): ``action``."""
        pos, s = self.pos, self.s
        players = list(s.players)
        raw = _obj(pos.get("action", {}), "position.action")
        _keys(raw, ACTION_KEYS, "position.action")
        out: dict[str, Any] = {
            "player": players.index(_name(raw.get("player", players[self.seat]),
                                          "position.action.player", players, "player")),
            "main": _bool(raw.get("main", self.stage != "optional"), "position.action.main"),
            "market": _bool(raw.get("market", False), "position.action.market"),
            "plays": _int(raw.get("plays", 0), "position.action.plays", 0, 4),
            "figure": raw.get("figure", ""), "resume": raw.get("resume", ""),
            "then": raw.get("then", ""), "doing": raw.get("doing", "")}
        if out["figure"] != "":
            _name(out["figure"], "position.action.figure", self.data.movement.ambassadors,
                  "Special Ambassador")
        if out["resume"] != "":
            _name(out["resume"], "position.action.resume", RESUME_STAGES, "stage")
        if out["then"] not in ("", "production"):
            _bad("position.action.then", f"is \"production\" or left out, found "
                 f"{show(out['then'])}")
        if out["doing"] not in ("", "market"):
            _bad("position.action.doing", f"is \"market\" or left out, found "
                 f"{show(out['doing'])}")
        if out["then"] and self.stage not in ("draw", "keep"):
            _bad("position.action.then", "production draws are at stages draw and keep")
        if out["player"] != self.seat and not out["figure"] and not out["then"]:
            _bad("position.action.player", "another player's action is a Special "
                 "Ambassador's (figure) or a draw in production (then)")
        if out["figure"] and not out["resume"]:
            _bad("position.action.resume", "a Special Ambassador's action interrupts a stage: "
                 "name it (turn, end_year)")
        return out

    def _pending(self) -> None:
        from referee.model.colonists.moves.cards import draws

        s, pos, stage = self.s, self.pos, self.stage
        extra = self._action()
        if "action" in pos and stage == "act" and extra["figure"]:
            _bad("position.stage", "a Special Ambassador's action is optional: stage optional")
        i = extra["player"]
        c = s.p[i]
        name = s.players[i]
        if not c.filled:
            _bad(f"position.players.{name}.filled", f"{name} has moved this turn, so the Basic "
                 "Storage is filled")
        moved_at = [c.stewards[k] for k in c.moved if c.stewards[k] is not None]
        raw = pos.get("at")
        tile: int | None
        if extra["then"]:
            if raw is not None:
                _bad("position.at", "draws in production are at no place")
            tile = None
        elif extra["figure"]:
            if raw is None:
                _bad("position.at", "name the place of the Special Ambassador's action")
            tile = self._tile(raw, "position.at")
        elif raw is None and stage in ("act", "optional"):
            if len(set(moved_at)) != 1:
                _bad("position.at", "name the place where the Steward who moved this turn "
                     "stands")
            tile = moved_at[0]
        elif raw is None:
            tile = None
        else:
            tile = self._tile(raw, "position.at")
            if tile not in moved_at:
                t = self.board.tiles[tile]
                _bad("position.at", f"none of {name}'s Stewards who moved ('moved') stands on "
                     f"the {t.slug} at {list(t.cells[0])}")
        kept = {k: extra[k] for k in ("main", "market", "plays", "figure", "resume", "then",
                                      "doing")}
        if kept["market"]:
            from referee.model.colonists.moves.turn import market_extra

            if tile is None or not market_extra(s, i, tile):
                where = "no place" if tile is None else f"the {self.board.tiles[tile].slug}"
                _bad("position.action.market", f"a Market action at {where} is allowed only "
                     "where an ability says so (the Envoy at level IV, at the Diplomat)")
        limits = _obj(pos.get("limits", {}), "position.limits")
        for key, n in limits.items():
            match = _LIMIT_KEY.match(key) if isinstance(key, str) else None
            if match is None or int(match.group(2)) not in self.data.improvements:
                _bad("position.limits", f"a limit is named \"KIND:CARD\" (e.g. \"horse:334\"), "
                     f"found {show(key)}")
            s.limits[key] = _int(n, f"position.limits.{key}", 1)
        if stage == "act":
            if "draw" in pos or "keep" in pos or "drawn" in pos:
                _bad("position", "draw, keep and drawn are stated at stages draw and keep")
            s.pending = Pending("act", i, tile, **kept)
            self.acting = name  # checked once the Special Ambassadors stand (the Altruist)
            return
        if stage == "optional":
            if "draw" in pos or "keep" in pos or "drawn" in pos:
                _bad("position", "draw, keep and drawn are stated at stages draw and keep")
            s.pending = Pending("optional", i, tile, **kept)
            return
        drawn = self.drawn
        base = self._base_draw(tile)
        at_market = (tile is not None and self.board.tiles[tile].market) or \
            kept.get("doing") == "market"
        total, keep = draws(s, i, base, place=not at_market)
        if extra["then"]:
            found = co.effects_of(s, i, d.ProductionDraw)
            total, keep = sum(x.draw for x in found), sum(x.keep for x in found)
            if not found:
                _bad("position.action.then", f"{name} draws nothing in production")
        available = len(s.draw_pile) + len(s.discard)
        if stage == "draw":
            count = _int(pos.get("draw", max(1, min(total - len(drawn), available))),
                         "position.draw", 1, len(self.data.improvements))
            if count > available:
                _bad("position.draw", f"{count} more card(s) to draw, but the draw and discard "
                     f"piles hold {available}")
            keep = _int(pos.get("keep", min(keep, len(drawn) + count)), "position.keep", 0,
                        len(drawn) + count)
        else:
            if "draw" in pos:
                _bad("position.draw", "at stage keep every card is drawn")
            count = 0
            keep = _int(pos.get("keep", min(keep, max(len(drawn) - 1, 0))), "position.keep", 0,
                        max(len(drawn) - 1, 0))
            if not drawn:
                _bad("position.drawn", "at stage keep the cards drawn are listed")
        s.pending = Pending(stage, i, tile, count, keep, list(drawn), **kept)

    def _base_draw(self, tile: int | None) -> int:
        data, s = self.data, self.s
        if tile is None:  # as the Librarian draws
            return next((p.draw for p in data.places if p.kind == "librarian"), 0)
        t = self.board.tiles[tile]
        if t.market:
            card = data.market_cards.get(f"era_{self.era}.{s.market_card}")
            return card.action.draw if card is not None else 0
        return data.place(t.slug).draw


# --------------------------------------------------------------------------- exporting


def position_of(state: ColonistsState) -> dict[str, Any]:
    """The position header of ``state``: a new game started from it has the same
    fingerprint."""
    s, data = state, state.data
    board = s.board
    ids = sorted(board.tiles)

    def place(tile: int | None) -> Any:
        if tile is None:
            return None
        t = board.tiles[tile]
        if len(board.tiles_named(t.slug)) == 1:
            return t.slug
        return list(t.cells[0])

    stage = s.stage
    years = data.calendar.years_per_era
    out: dict[str, Any] = {"era": s.era, "year": min(s.year, years), "stage": stage}
    setup = stage in SETUP_STAGES
    early = ("market_card", "reveal_place") + (ERA_START_STAGES if s.first_era > 1 else ())
    pre_play = setup or (s.era == s.first_era and s.year == 1 and stage in early)
    if stage in TURN_STAGES and s.pending is not None and s.pending.then:
        out["turn"] = s.players[s.seat]  # a draw of the year's end: no half-year to name
    elif stage in TURN_STAGES:
        if s.half >= len(data.calendar.half_years):
            # past the winter's last turn (an Ambassador's action there): no half-year to name
            raise ValueError("the year's last turn is over and its end has not begun; write the "
                             "position from the line of the end of the year")
        out["half"] = data.calendar.half_years[s.half]
        out["turn"] = s.players[s.seat]
        out["turns_done"] = s.turns
    elif not pre_play:
        out["turn"] = s.players[s.seat]
    if s.pending is not None:
        p = s.pending
        if p.tile is not None or p.then:
            out["at"] = place(p.tile)
        if p.then:
            out.pop("at")
            out.pop("half", None)
            out.pop("turns_done", None)
        action = {k: v for k, v in (("main", p.main), ("market", p.market), ("plays", p.plays),
                                    ("figure", p.figure), ("resume", p.resume),
                                    ("then", p.then), ("doing", p.doing))
                  if v != Pending("x", 0, main=stage != "optional").__dict__[k]}
        if p.player != s.seat:
            action["player"] = s.players[p.player]
        if action:
            out["action"] = action
        if stage in ("draw", "keep"):
            if stage == "draw":
                out["draw"] = p.count
            out["keep"] = p.keep
            out["drawn"] = list(p.drawn)
    if s.start is not None:
        out["start_player"] = s.players[s.start]
    if s.marker is not None:
        out["marker"] = s.players[s.marker]
    if s.order:
        out["order"] = [s.players[k] for k in s.order]
    out["colonies"] = list(s.colonies)
    if s.market_card is not None:
        out["market_card"] = s.market_card
    out["revealed"] = list(s.revealed)
    # sets, listed in the table's order (which only orders the chance outcomes)
    out["piles"] = {"start": list(s.start_pile), "places": list(s.place_pile),
                    "market_cards": list(s.card_pile), "improvements": list(s.draw_pile),
                    "discard": list(s.discard)}
    tiles = []
    for tile_id in ids:
        t = board.tiles[tile_id]
        at: Any = [list(c) for c in t.cells] if len(t.cells) > 1 else list(t.cells[0])
        tiles.append({"place": t.slug, "at": at})
    out["board"] = tiles
    if s.limits:
        out["limits"] = dict(sorted(s.limits.items()))
    if s.ambassadors:
        out["ambassadors"] = {n: place(t) for n, t in sorted(s.ambassadors.items())}
    if s.ended is not None:
        out["window"] = {"player": s.players[s.ended], "turn": s.ended_turn,
                         "half": s.ended_half}
    if s.clock:
        out["clock"] = s.clock
    if s.drawing:
        out["drawing"] = [s.players[k] for k in s.drawing]
    out["players"] = {name: _player_of(s, i, place) for i, name in enumerate(s.players)}
    return out


def write_position(game: Any, state: ColonistsState) -> dict[str, Any]:
    """The ``position`` header of ``state`` for ``referee state --as-position``: the export of
    :func:`position_of`, for every state but the setup of a game starting in a later era (which
    the header's options rebuild, so no position holds it: the ``ValueError`` says so)."""
    if state.stage in LATER_SETUP_STAGES or state.era < state.first_era or (
            state.first_era > 1 and state.stage in SETUP_STAGES):
        raise ValueError(f"a game starting in era {state.first_era} is set up from the header's "
                         f"options; this state is at the {state.stage} step of that setup")
    return position_of(state)


def _built_of(b: Built, default: tuple[tuple[str, int], ...] | None) -> str | dict[str, Any]:
    """A building as a position writes it: ``produced`` where its Buffer's room is not its
    batch now (see :func:`community.default_proven`)."""
    proven = default if b.proven is None else b.proven
    produced: bool | dict[str, int] | None = None
    if proven != default:
        produced = dict(proven) if proven else False
    if not b.workers and produced is None:
        return b.slug
    out: dict[str, Any] = {"building": b.slug}
    if b.workers:
        out["workers"] = list(b.workers)
    if produced is not None:
        out["produced"] = produced
    return out


def _player_of(s: ColonistsState, i: int, place: Any) -> dict[str, Any]:
    c = s.p[i]
    out: dict[str, Any] = {
        "buildings": [_built_of(b, proven) for b, proven in
                      zip(c.buildings, co.default_proven(s, i), strict=True)],
        "goods": {g: n for g, n in sorted(c.stored.items()) if n},
        "buffers": {g: n for g, n in sorted(c.buffered.items()) if n},
        "tools": c.tools, "dollars": c.dollars, "filled": c.filled,
        "hand": list(c.hand), "improvements": list(c.played),
        "limited": {str(k): v for k, v in sorted(c.limited.items())},
        "embassies": dict(sorted(c.embassies.items())),
        "stewards": [place(t) for t in c.stewards],
    }
    proven = {g: n for g, n in sorted(c.effect_room.items()) if n}
    if proven != {g: n for g, n in sorted(co.effect_room_now(s, i).items()) if n}:
        out["improvement_buffers"] = proven
    if c.block_start != c.stewards:
        out["started"] = [place(t) for t in c.block_start]
    if c.moved:
        out["moved"] = [k + 1 for k in c.moved]
    if any(c.used.values()):
        out["uses"] = {k: v for k, v in sorted(c.used.items()) if v}
    if any(c.converted.values()):
        out["converted"] = {_converted_name(s.data, k): v
                            for k, v in sorted(c.converted.items()) if v}
    return out


def converted_key(data: Any, colony: str, k: int) -> int:
    """The engine's key of a colony's k-th production conversion (cards use their ids)."""
    return -(100 * (sorted(data.colonies).index(colony) + 1) + k)


def _converted_name(data: Any, key: int) -> str:
    if key >= 0:
        return str(key)
    colony = sorted(data.colonies)[-key // 100 - 1]
    return f"{colony}:{-key % 100}"
