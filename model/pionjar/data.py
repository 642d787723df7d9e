"""Loading and validating a Pionjär data set: a folder of TOML files (board, properties, economy,
cards). The bundled ``reconstruction`` set is invented for testing (rule PJ-DATA); a user who owns
the game transcribes the real board and cards into a folder, allows it on the command line
(``referee validate --data FOLDER``) and names it in the header option ``data``.

A log can only name a bundled set or an allowed folder (:mod:`referee.model.core.datasets`), never
a path of its own choosing. Files are refused before they are read when they are not regular files
or larger than :data:`MAX_FILE_BYTES`; every problem is a :class:`DataError` naming the file and the
key, and quoting at most short scalar values of files the user allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from referee.model.core import datasets, json_type, suggestion
from referee.model.core.names import decimal
from referee.model.core.tomlfile import (
    MAX_BYTES,
    TomlFileError,
    outside,
    read_toml,
    stat_toml,
)

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_SET = "reconstruction"
FILES = ("board.toml", "properties.toml", "economy.toml", "cards.toml")
MAX_FILE_BYTES = MAX_BYTES  # a transcription of the printed game takes a few KiB per file

SPACE_KINDS = ("city", "plain", "post", "proclamation", "sell_crops", "sell_timber",
               "sell_spoils", "fur_trapper", "jail")
CIRCLE_KINDS = ("plain", "buffalo", "fish", "gold", "camp")
SPOILS = ("buffalo", "fish", "gold")
GOODS = ("harvest", "timber", "buffalo", "fish", "gold")
POST_EFFECTS = ("money", "collect_from_each", "pay_each", "to_saloon", "prison", "skip", "sheriff",
                "saloon_lease")
PROCLAMATION_EFFECTS = ("price", "auction", "indian", "indians_leave", "tax")


class DataError(ValueError):
    """A data set that does not match the schema; the message names the file and the key."""


@dataclass(frozen=True)
class Property:
    slug: str
    name: str
    fields: int
    stands: int
    redemption: int
    full_value: int
    steps: tuple[int, ...]          # one per month, month 0 = January of the first year


@dataclass(frozen=True)
class Trail:
    name: str
    circles: tuple[str, ...]        # circle i (1-based) is circles[i - 1]; 0 is the trailhead
    exits: dict[int, int] = field(hash=False)   # exit circle -> square space

    @property
    def length(self) -> int:
        return len(self.circles)

    def kind(self, circle: int) -> str:
        return self.circles[circle - 1] if 1 <= circle <= len(self.circles) else "plain"


@dataclass(frozen=True)
class SpoilsCard:
    id: str
    kind: str
    value: int


@dataclass(frozen=True)
class EventCard:
    id: str
    stack: str                      # "post" or "proclamation"
    text: str
    effect: str
    amount: int = 0
    goods: str = ""
    count: int = 0
    trail: str = ""
    circle: int = 0


@dataclass(frozen=True, eq=False)
class GameData:
    source: str
    status: str
    properties: dict[str, Property]
    loop: tuple[str, ...]
    prison_exit: int
    road_common: int
    road_branch: int
    road_black: frozenset[int]
    road_red: frozenset[int]
    branch_black: dict[str, frozenset[int]]
    branch_red: dict[str, frozenset[int]]
    trails: dict[str, Trail]
    spoils: dict[str, SpoilsCard]           # every buffalo, fish and gold card by id
    spoils_ids: dict[str, tuple[str, ...]]  # kind -> ids in data order
    cards: dict[str, EventCard]             # every post and proclamation card by id
    card_ids: dict[str, tuple[str, ...]]    # "post"/"proclamation" -> ids
    first_year: int
    months: int
    start_cash: int
    saloon_start: int
    saloon_january: int
    equipment_price: int
    trading_post_price: int
    saloon_multipliers: tuple[int, ...]
    red_dot_steps: int
    prison_months: int
    indians: int
    stake_steps: tuple[int, ...]
    bid_steps: tuple[int, ...]
    harvest_prices: tuple[int, ...]
    timber_prices: tuple[int, ...]

    @property
    def road_length(self) -> int:
        return self.road_common + self.road_branch

    @property
    def equipment_supply(self) -> dict[str, int]:
        """Harvest and axe cards in the box: one per field and stand of all properties."""
        return {"harvest": sum(p.fields for p in self.properties.values()),
                "axe": sum(p.stands for p in self.properties.values())}

    def month_name(self, month: int) -> str:
        return f"{self.first_year + month // 12}-{month % 12 + 1:02d}"

    def parse_month(self, text: str, beyond: int = 0) -> int | None:
        """``"YYYY-MM"`` → month index, None if malformed or outside the almanac (or more than
        ``beyond`` months after its end)."""
        year, _, mon = text.partition("-")
        y, m = decimal(year, 4), decimal(mon, 2)
        if y is None or m is None or len(year) != 4 or len(mon) != 2 or not 1 <= m <= 12:
            return None
        index = (y - self.first_year) * 12 + m - 1
        return index if 0 <= index < self.months + beyond else None


# --------------------------------------------------------------------------- schema helpers


class _File:
    def __init__(self, name: str, doc: dict[str, Any]) -> None:
        self.name = name
        self.doc = doc

    def fail(self, key: str, message: str) -> DataError:
        shown = key if len(key) <= 80 else key[:77] + "..."
        return DataError(f"{self.name}: key {shown!r}: {message}")

    def table(self, obj: Any, key: str, required: set[str],
              optional: frozenset[str] | set[str] = frozenset()) -> dict[str, Any]:
        if not isinstance(obj, dict):
            raise self.fail(key, f"must be a table, found {_found(obj)}")
        for name in obj:
            if name not in required and name not in optional:
                raise self.fail(_join(key, name), "unknown key " + suggestion(
                    name, sorted(required | optional)))
        for name in sorted(required):
            if name not in obj:
                raise self.fail(_join(key, name), "missing")
        return obj

    def int_(self, obj: dict[str, Any], key: str, name: str, low: int | None = None,
             high: int | None = None) -> int:
        value = obj[name]
        where = _join(key, name)
        if type(value) is not int:
            raise self.fail(where, f"must be an integer, found {_found(value)}")
        if low is not None and value < low:
            raise self.fail(where, f"must be at least {low}, found {value}")
        if high is not None and value > high:
            raise self.fail(where, f"must be at most {high}, found {value}")
        return value

    def str_(self, obj: dict[str, Any], key: str, name: str,
             choices: tuple[str, ...] | None = None) -> str:
        value = obj[name]
        where = _join(key, name)
        if not isinstance(value, str):
            raise self.fail(where, f"must be a string, found {_found(value)}")
        if choices is not None and value not in choices:
            raise self.fail(where, f"must be one of {', '.join(choices)}, found {_found(value)}")
        return value

    def ints(self, obj: dict[str, Any], key: str, name: str, low: int | None = None,
             high: int | None = None, length: int | None = None) -> tuple[int, ...]:
        value = obj[name]
        where = _join(key, name)
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list of integers, found {_found(value)}")
        if length is not None and len(value) != length:
            raise self.fail(where, f"must have {length} entries, found {len(value)}")
        for i, item in enumerate(value):
            if type(item) is not int:
                raise self.fail(f"{where}[{i}]", f"must be an integer, found {_found(item)}")
            if (low is not None and item < low) or (high is not None and item > high):
                raise self.fail(f"{where}[{i}]", f"must be in {low}..{high}, found {item}")
        return tuple(value)

    def rows(self, obj: dict[str, Any], key: str, name: str, years: int, low: int,
             high: int | None = None) -> tuple[int, ...]:
        """A table by year: ``years`` rows of twelve integers, flattened to one per month."""
        value = obj[name]
        where = _join(key, name)
        if not isinstance(value, list) or len(value) != years:
            raise self.fail(where, f"must be a list of {years} rows (one per year) of 12 "
                            f"integers, found {_found(value)}")
        out: list[int] = []
        for y, row in enumerate(value):
            out.extend(self.ints({"r": row}, f"{where}[{y}]", "r", low, high, 12))
        return tuple(out)


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _found(value: Any) -> str:
    """A value found in a data file, for a message: short scalars as written, anything else by
    its type (a nested value is never printed whole)."""
    if isinstance(value, bool | int | float | str):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return json_type(value)


# --------------------------------------------------------------------------- loading


@cache
def bundled_sets() -> tuple[str, ...]:
    """The data sets shipped with the package (folders of :data:`DATA_DIR`)."""
    return tuple(sorted(p.name for p in DATA_DIR.iterdir()
                        if p.is_dir() and not p.name.startswith(("_", "."))))


def load_data(name: object = None) -> GameData:
    """The validated data set ``name``: a bundled set (default: the reconstruction) or a folder
    allowed on the command line. DataError for anything else, or for a set that breaks the
    schema."""
    if name is None:
        name = DEFAULT_SET
    if not isinstance(name, str):
        raise DataError(f"must be the name of a data set, found {json_type(name)} (a bundled "
                        f"set: {', '.join(bundled_sets())}; or a folder given on the command "
                        "line with --data)")
    try:
        folder = datasets.resolve(name, DATA_DIR, bundled_sets())
    except datasets.DataSetError as exc:
        raise DataError(str(exc)) from None
    stamps = tuple(_stamp(folder, file) for file in FILES)
    return _load(folder, name, stamps)


def _stamp(folder: Path, name: str) -> tuple[int, int]:
    """Size and modification time of a data file, refused unless it is a regular file within
    the size limit (checked before anything is read)."""
    try:
        info = stat_toml(folder / name, MAX_FILE_BYTES, "data file")
    except TomlFileError as exc:
        needs = f" (a data set needs {', '.join(FILES)})" if exc.missing else ""
        raise DataError(f"{name}: {exc}{needs}") from None
    return info.st_size, info.st_mtime_ns


def _read(folder: Path, name: str) -> _File:
    if outside(folder, folder / name):
        raise DataError(f"{name}: a link to a file outside the data folder {folder}: not read")
    try:
        return _File(name, read_toml(folder / name, MAX_FILE_BYTES, "data file"))
    except TomlFileError as exc:
        raise DataError(f"{name}: {exc}") from None


@lru_cache(maxsize=16)
def _load(folder: Path, label: str, stamps: tuple[tuple[int, int], ...]) -> GameData:
    """A data set, read once per folder and file versions (``stamps``)."""
    files = {name: _read(folder, name) for name in FILES}
    try:
        return _build(label, files)
    except RecursionError:
        raise DataError("a data file nests values too deeply") from None


def _meta(f: _File) -> str:
    meta = f.table(f.doc.get("meta", {}), "meta", set(), {"status", "note"})
    for key in meta:
        f.str_(meta, "meta", key)
    return str(meta.get("status", "transcription"))


def _build(label: str, files: dict[str, _File]) -> GameData:
    eco = files["economy.toml"]
    eco.table(eco.doc, "", {"calendar", "money", "movement", "exploration", "prices"}, {"meta"})
    status = _meta(eco)
    cal = eco.table(eco.doc["calendar"], "calendar", {"first_year", "years"})
    first_year = eco.int_(cal, "calendar", "first_year", 1)
    years = eco.int_(cal, "calendar", "years", 1, 100)
    money = eco.table(eco.doc["money"], "money", {
        "start_cash", "saloon_start", "saloon_january", "equipment_price", "trading_post_price",
        "saloon_multipliers"})
    mov = eco.table(eco.doc["movement"], "movement", {"red_dot_steps", "prison_months", "indians"})
    exp = eco.table(eco.doc["exploration"], "exploration", {"stake_steps", "bid_steps"})
    prices = eco.table(eco.doc["prices"], "prices", {"harvest", "timber"})

    board = files["board.toml"]
    board.table(board.doc, "", {"loop", "road", "trails"}, {"meta"})
    _meta(board)
    loop_t = board.table(board.doc["loop"], "loop", {"spaces", "prison_exit"})
    spaces = loop_t["spaces"]
    if not isinstance(spaces, list) or len(spaces) < 2:
        raise board.fail("loop.spaces", "must be a list of at least two space kinds")
    for i, kind in enumerate(spaces):
        if kind not in SPACE_KINDS:
            raise board.fail(f"loop.spaces[{i}]", f"unknown space kind {_found(kind)} (expected "
                             f"one of {', '.join(SPACE_KINDS)})")
    if spaces[0] != "city":
        raise board.fail("loop.spaces[0]", f"must be \"city\" (Pioneer City), found "
                         f"{_found(spaces[0])}")
    if spaces.count("city") != 1:
        raise board.fail("loop.spaces", "Pioneer City (\"city\") must appear exactly once")
    prison_exit = board.int_(loop_t, "loop", "prison_exit", 0, len(spaces) - 1)

    props_f = files["properties.toml"]
    props_f.table(props_f.doc, "", {"properties"}, {"meta"})
    _meta(props_f)
    ptable = props_f.doc["properties"]
    if not isinstance(ptable, dict) or not ptable:
        raise props_f.fail("properties", "at least one property is needed")
    properties: dict[str, Property] = {}
    for slug, raw in ptable.items():
        key = f"properties.{slug}"
        p = props_f.table(raw, key, {"name", "fields", "stands", "redemption", "full_value",
                                     "steps"})
        properties[slug] = Property(
            slug, props_f.str_(p, key, "name"), props_f.int_(p, key, "fields", 0, 20),
            props_f.int_(p, key, "stands", 0, 20), props_f.int_(p, key, "redemption", 0),
            props_f.int_(p, key, "full_value", 0),
            props_f.rows(p, key, "steps", years, 1, len(spaces) - 1))
        if properties[slug].full_value < properties[slug].redemption:
            raise props_f.fail(f"{key}.full_value", "the full value must be at least the "
                               f"redemption sum {properties[slug].redemption}")

    road = board.table(board.doc["road"], "road", {"common", "branch", "black", "red",
                                                   "branches"})
    common = board.int_(road, "road", "common", 1)
    branch = board.int_(road, "road", "branch", 1)
    black = board.ints(road, "road", "black", 1, common)
    red = board.ints(road, "road", "red", 1, common)
    if set(black) & set(red):
        raise board.fail("road.red", f"dot {sorted(set(black) & set(red))[0]} is also black")
    branches = board.table(road["branches"], "road.branches", set(properties))
    branch_black: dict[str, frozenset[int]] = {}
    branch_red: dict[str, frozenset[int]] = {}
    for slug in properties:
        key = f"road.branches.{slug}"
        b = board.table(branches[slug], key, {"black", "red"})
        bb, br = board.ints(b, key, "black", 1, branch - 1), board.ints(b, key, "red", 1,
                                                                           branch - 1)
        if set(bb) & set(br):
            raise board.fail(f"{key}.red", f"dot {sorted(set(bb) & set(br))[0]} is also black")
        branch_black[slug], branch_red[slug] = frozenset(bb), frozenset(br)

    trails_t = board.doc["trails"]
    if not isinstance(trails_t, dict) or not trails_t:
        raise board.fail("trails", "at least one trail is needed")
    trails: dict[str, Trail] = {}
    for name, raw in trails_t.items():
        key = f"trails.{name}"
        t = board.table(raw, key, {"circles", "exits"})
        circles = t["circles"]
        if not isinstance(circles, list) or not circles:
            raise board.fail(f"{key}.circles", "must be a non-empty list of circle kinds")
        for i, kind in enumerate(circles):
            if kind not in CIRCLE_KINDS:
                raise board.fail(f"{key}.circles[{i}]", f"unknown circle kind {_found(kind)} "
                                 f"(expected one of {', '.join(CIRCLE_KINDS)})")
        exits_raw = t["exits"]
        if not isinstance(exits_raw, list) or not exits_raw:
            raise board.fail(f"{key}.exits", "must be a non-empty list of {circle, space}")
        exits: dict[int, int] = {}
        for i, ex in enumerate(exits_raw):
            ek = f"{key}.exits[{i}]"
            e = board.table(ex, ek, {"circle", "space"})
            exits[board.int_(e, ek, "circle", 1, len(circles))] = board.int_(
                e, ek, "space", 0, len(spaces) - 1)
        if len(circles) not in exits:
            raise board.fail(f"{key}.exits", f"the last circle ({len(circles)}) must be an exit")
        trails[name] = Trail(name, tuple(circles), exits)

    cards_f = files["cards.toml"]
    cards_f.table(cards_f.doc, "", {"buffalo", "fish", "gold", "post", "proclamation"}, {"meta"})
    _meta(cards_f)
    spoils: dict[str, SpoilsCard] = {}
    spoils_ids: dict[str, tuple[str, ...]] = {}
    for kind in SPOILS:
        ids = []
        items = cards_f.doc[kind]
        if not isinstance(items, list) or not items:
            raise cards_f.fail(kind, "must be a non-empty array of tables [[" + kind + "]]")
        for i, raw in enumerate(items):
            key = f"{kind}[{i}]"
            c = cards_f.table(raw, key, {"id", "value"})
            cid = cards_f.str_(c, key, "id")
            if cid in spoils:
                raise cards_f.fail(f"{key}.id", f"card id {_found(cid)} used twice")
            spoils[cid] = SpoilsCard(cid, kind, cards_f.int_(c, key, "value", 0))
            ids.append(cid)
        spoils_ids[kind] = tuple(ids)
    cards: dict[str, EventCard] = {}
    card_ids: dict[str, tuple[str, ...]] = {}
    for stack, effects in (("post", POST_EFFECTS), ("proclamation", PROCLAMATION_EFFECTS)):
        ids = []
        items = cards_f.doc[stack]
        if not isinstance(items, list) or not items:
            raise cards_f.fail(stack, f"must be a non-empty array of tables [[{stack}]]")
        for i, raw in enumerate(items):
            key = f"{stack}[{i}]"
            c = cards_f.table(raw, key, {"id", "text", "effect"},
                              {"amount", "goods", "count", "trail", "circle"})
            cid = cards_f.str_(c, key, "id")
            if cid in cards or cid in spoils:
                raise cards_f.fail(f"{key}.id", f"card id {_found(cid)} used twice")
            card = _event_card(cards_f, c, key, stack, effects, trails)
            cards[cid] = card
            ids.append(cid)
        card_ids[stack] = tuple(ids)

    months = years * 12
    multipliers = eco.ints(money, "money", "saloon_multipliers", 0, None, 6)
    return GameData(
        source=label, status=status, properties=properties, loop=tuple(spaces),
        prison_exit=prison_exit, road_common=common, road_branch=branch,
        road_black=frozenset(black), road_red=frozenset(red), branch_black=branch_black,
        branch_red=branch_red, trails=trails, spoils=spoils, spoils_ids=spoils_ids, cards=cards,
        card_ids=card_ids, first_year=first_year, months=months,
        start_cash=eco.int_(money, "money", "start_cash", 0),
        saloon_start=eco.int_(money, "money", "saloon_start", 0),
        saloon_january=eco.int_(money, "money", "saloon_january", 0),
        equipment_price=eco.int_(money, "money", "equipment_price", 0),
        trading_post_price=eco.int_(money, "money", "trading_post_price", 0),
        saloon_multipliers=multipliers,
        red_dot_steps=eco.int_(mov, "movement", "red_dot_steps", 0),
        prison_months=eco.int_(mov, "movement", "prison_months", 0, 24),
        indians=eco.int_(mov, "movement", "indians", 0, 10),
        stake_steps=eco.ints(exp, "exploration", "stake_steps", 1),
        bid_steps=eco.ints(exp, "exploration", "bid_steps", 1),
        harvest_prices=eco.rows(prices, "prices", "harvest", years, 0),
        timber_prices=eco.rows(prices, "prices", "timber", years, 0),
    )


def _event_card(f: _File, c: dict[str, Any], key: str, stack: str, effects: tuple[str, ...],
                trails: dict[str, Trail]) -> EventCard:
    cid, text = f.str_(c, key, "id"), f.str_(c, key, "text")
    effect = f.str_(c, key, "effect", effects)
    needs: dict[str, set[str]] = {
        "money": {"amount"}, "collect_from_each": {"amount"}, "pay_each": {"amount"},
        "to_saloon": {"amount"}, "saloon_lease": {"amount"}, "tax": {"amount"},
        "price": {"goods", "amount"}, "auction": {"goods", "count"},
        "indian": {"trail", "circle"}}
    wanted = needs.get(effect, set())
    for name in ("amount", "goods", "count", "trail", "circle"):
        if name in c and name not in wanted:
            raise f.fail(f"{key}.{name}", f"not used by effect {effect!r}")
        if name in wanted and name not in c:
            raise f.fail(f"{key}.{name}", f"missing (effect {effect!r} needs it)")
    amount = c.get("amount", 0)
    if "amount" in c:
        low = None if effect in ("money", "price") else 0
        amount = f.int_(c, key, "amount", low)
    goods, count, trail, circle = "", 0, "", 0
    if effect == "price":
        goods = f.str_(c, key, "goods", GOODS)
    if effect == "auction":
        goods = f.str_(c, key, "goods", ("buffalo", "gold"))
        count = f.int_(c, key, "count", 1)
    if effect == "indian":
        trail = f.str_(c, key, "trail", tuple(trails))
        circle = f.int_(c, key, "circle", 1, trails[trail].length)
        if trails[trail].kind(circle) != "camp":
            raise f.fail(f"{key}.circle", f"circle {circle} of trail {trail!r} is "
                         f"{trails[trail].kind(circle)!r}, not a camp circle")
    return EventCard(cid, stack, text, effect, amount, goods, count, trail, circle)
