"""Homesteaders game data: the TOML files under ``data/``, validated once and cached.

The Z3 encodings in ``referee.checker`` read their constants through :func:`load_data`, so the
field names of :class:`HomesteadersData` are part of the package's interface.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from referee.model.core.names import unknown

DATA_DIR = Path(__file__).with_name("data")

RESOURCES: tuple[str, ...] = ("wood", "food", "steel", "gold", "copper", "livestock")
BUILDING_TYPES: tuple[str, ...] = ("residential", "commercial", "industrial", "special")
STAGES: tuple[str, ...] = ("home", "settlement", "settlement_town", "town", "city")
GROUPS: tuple[str, ...] = ("settlement", "town", "city")
# what income, on-build gains and rewards may give
GAINS: tuple[str, ...] = ("silver", *RESOURCES, "trade", "vp", "rail", "worker")
END_BONUS_KINDS: tuple[str, ...] = (*BUILDING_TYPES, "building", "worker", "rail")
CURRENCIES: tuple[str, ...] = ("silver", "gold")


class DataError(ValueError):
    """A data file breaks its schema; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Slot:
    workers: int
    income: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Building:
    name: str
    type: str
    stage: str
    cost: Mapping[str, int]
    vp: int
    income: Mapping[str, int]
    slots: tuple[Slot, ...]
    end_bonus: Mapping[str, int]
    copies: int
    copies_2p: int
    converts: tuple[tuple[str, str], ...] = ()
    on_build: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    on_build_discard_debt: int = 0
    on_build_worker: bool = False
    on_build_advance: bool = False
    later_build_vp: int = 0
    extra_build: bool = False
    sale_bonus_silver: int = 0
    gold_for: tuple[str, ...] = ()
    equal_bids: bool = False
    income_discard_debt: int = 0
    income_no_debt_silver: int = 0
    income_per_worker: int = 0
    income_per_worker_max: int = 0

    def copies_for(self, players: int) -> int:
        return self.copies_2p if players == 2 else self.copies

    def slot_workers(self) -> int:
        return sum(s.workers for s in self.slots)


@dataclass(frozen=True, slots=True)
class TileBonus:
    worker: bool = False
    advance: bool = False
    pay: str | None = None
    gain: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    auction: int
    round: int | None
    group: str | None
    build: tuple[str, ...]
    bonus: TileBonus | None
    on_pay_bid_vp: int = 0

    @property
    def awards_items(self) -> bool:
        """A tile that allows no building and awards its bonus without a payment (workers, a
        railroad advance): the rulebook gives the winner these items at once."""
        return not self.build and self.bonus is not None and self.bonus.pay is None


@dataclass(frozen=True, slots=True)
class TrackSpace:
    space: int
    rewards: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class HomesteadersData:
    min_players: int
    max_players: int
    start_silver: int
    start_workers: int
    start_building: str
    auctions: Mapping[int, int]
    rounds: int
    stages: Mapping[str, tuple[int, int]]
    groups: Mapping[str, tuple[int, int]]
    rail_income: int
    worker_wage: int
    market_trade_cost: int
    sale_vp: int
    gold_as_silver: int
    buy_price: Mapping[str, tuple[str, int]]
    sell_price: Mapping[str, tuple[str, int]]
    hire_cost: Mapping[str, int]
    debt_silver: int
    debt_payoff_silver: int
    debt_payoff_gold: int
    ladder: tuple[int, ...]
    neutral_start: int
    neutral_min: int
    neutral_max: int
    track: tuple[TrackSpace, ...]
    # per space 0..5: every reward offered there or at an earlier space (from ``track``)
    track_offers: tuple[Mapping[str, int], ...]
    end_vp_per_resource: Mapping[str, int]
    debt_step: int
    buildings: Mapping[str, Building]
    tiles: Mapping[int, Tile]

    @property
    def track_max(self) -> int:
        return len(self.track)

    def stage_of_round(self, round_: int) -> str:
        for group, (first, last) in self.groups.items():
            if first <= round_ <= last:
                return group
        raise KeyError(round_)

    def supply_stages(self, round_: int) -> tuple[str, ...]:
        return tuple(s for s, (first, last) in self.stages.items() if first <= round_ <= last)

    def track_rewards(self, space: int) -> Mapping[str, int]:
        """Every reward offered at ``space`` or an earlier space: reward name -> amount."""
        return self.track_offers[space]


# --------------------------------------------------------------------------- validation helpers


def _fail(file: str, where: str, message: str) -> DataError:
    return DataError(f"{file}: {where}: {message}")


def _int(file: str, where: str, value: Any, minimum: int = 0) -> int:
    if type(value) is not int or value < minimum:
        raise _fail(file, where, f"expected an integer >= {minimum}, found {value!r}")
    return value


def _counts(file: str, where: str, value: Any, allowed: tuple[str, ...]) -> Mapping[str, int]:
    if not isinstance(value, dict):
        raise _fail(file, where, f"expected a table, found {value!r}")
    for key, count in value.items():
        if key not in allowed:
            raise _fail(file, where, unknown("name", key, allowed))
        _int(file, f"{where}.{key}", count, 1)
    return MappingProxyType(dict(value))


def _known_keys(file: str, where: str, table: Mapping[str, Any], required: set[str],
                optional: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    missing = required - set(table)
    if missing:
        raise _fail(file, where, f"missing key {sorted(missing)[0]!r}")
    strange = set(table) - required - set(optional)
    if strange:
        raise _fail(file, where, unknown("key", sorted(strange)[0],
                                         sorted({*required, *optional})))


def _range(file: str, where: str, value: Any) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(type(v) is int for v in value) or not 1 <= value[0] <= value[1]):
        raise _fail(file, where, f"expected [first, last] rounds, found {value!r}")
    return (value[0], value[1])


# --------------------------------------------------------------------------- loading

_BUILDING_REQUIRED = {"type", "stage", "cost", "vp", "income", "slots", "end_bonus", "copies",
                      "copies_2p"}
_BUILDING_OPTIONAL = {"converts", "on_build", "on_build_discard_debt", "on_build_worker",
                      "on_build_advance", "later_build_vp", "extra_build", "sale_bonus_silver",
                      "gold_for", "equal_bids", "income_discard_debt", "income_no_debt_silver",
                      "income_per_worker", "income_per_worker_max"}


def _building(name: str, t: Mapping[str, Any]) -> Building:
    f = "buildings.toml"
    _known_keys(f, name, t, _BUILDING_REQUIRED, _BUILDING_OPTIONAL)
    if t["type"] not in BUILDING_TYPES:
        raise _fail(f, name, unknown("type", t["type"], BUILDING_TYPES))
    if t["stage"] not in STAGES:
        raise _fail(f, name, unknown("stage", t["stage"], STAGES))
    slots = []
    for i, slot in enumerate(t["slots"]):
        _known_keys(f, f"{name}.slots[{i}]", slot, {"workers", "income"})
        workers = _int(f, f"{name}.slots[{i}].workers", slot["workers"], 1)
        slots.append(Slot(workers, _counts(f, f"{name}.slots[{i}].income", slot["income"],
                                           GAINS)))
    converts = []
    for i, conv in enumerate(t.get("converts", [])):
        _known_keys(f, f"{name}.converts[{i}]", conv, {"from", "to"})
        for key in ("from", "to"):
            if conv[key] not in ("silver", "trade", *RESOURCES):
                raise _fail(f, f"{name}.converts[{i}].{key}",
                            unknown("name", conv[key], ("silver", "trade", *RESOURCES)))
        converts.append((conv["from"], conv["to"]))
    gold_for = tuple(t.get("gold_for", ()))
    for res in gold_for:
        if res not in RESOURCES:
            raise _fail(f, f"{name}.gold_for", unknown("resource", res, RESOURCES))
    flags: dict[str, Any] = {}
    for key in ("on_build_worker", "on_build_advance", "extra_build", "equal_bids"):
        value = t.get(key, False)
        if type(value) is not bool:
            raise _fail(f, f"{name}.{key}", f"expected a boolean, found {value!r}")
        flags[key] = value
    ints: dict[str, Any] = {key: _int(f, f"{name}.{key}", t.get(key, 0))
            for key in ("on_build_discard_debt", "later_build_vp", "sale_bonus_silver",
                        "income_discard_debt", "income_no_debt_silver", "income_per_worker",
                        "income_per_worker_max")}
    return Building(
        name=name, type=t["type"], stage=t["stage"],
        cost=_counts(f, f"{name}.cost", t["cost"], RESOURCES),
        vp=_int(f, f"{name}.vp", t["vp"]),
        income=_counts(f, f"{name}.income", t["income"], GAINS),
        slots=tuple(slots),
        end_bonus=_counts(f, f"{name}.end_bonus", t["end_bonus"], END_BONUS_KINDS),
        copies=_int(f, f"{name}.copies", t["copies"]),
        copies_2p=_int(f, f"{name}.copies_2p", t["copies_2p"]),
        converts=tuple(converts),
        on_build=_counts(f, f"{name}.on_build", t.get("on_build", {}), GAINS),
        gold_for=gold_for, **flags, **ints)


def _tile(i: int, t: Mapping[str, Any], rounds: int) -> Tile:
    f = "tiles.toml"
    where = f"tile[{i}]"
    _known_keys(f, where, t, {"id", "auction", "build"}, {"round", "group", "bonus",
                                                          "on_pay_bid_vp"})
    tile_id = _int(f, f"{where}.id", t["id"], 1)
    auction = _int(f, f"{where}.auction", t["auction"], 1)
    if auction == 1:
        round_ = _int(f, f"{where}.round", t.get("round"), 1)
        if round_ > rounds or "group" in t:
            raise _fail(f, where, "an Auction 1 tile has a round (1..rounds) and no group")
        group = None
    else:
        if t.get("group") not in GROUPS or "round" in t:
            raise _fail(f, where, f"an Auction {auction} tile has a group in {GROUPS}")
        round_, group = None, t["group"]
    build = list(t["build"])
    if build == ["any"]:
        build = list(BUILDING_TYPES)
    for kind in build:
        if kind not in BUILDING_TYPES:
            raise _fail(f, f"{where}.build", unknown("building type", kind,
                                                              BUILDING_TYPES))
    bonus = None
    if "bonus" in t:
        b = t["bonus"]
        _known_keys(f, f"{where}.bonus", b, set(), {"worker", "advance", "pay", "gain"})
        if b.get("pay") is not None and b["pay"] not in RESOURCES:
            raise _fail(f, f"{where}.bonus.pay", unknown("resource", b["pay"], RESOURCES))
        if ("pay" in b) != ("gain" in b):
            raise _fail(f, f"{where}.bonus", "pay and gain go together")
        bonus = TileBonus(worker=bool(b.get("worker", False)),
                          advance=bool(b.get("advance", False)), pay=b.get("pay"),
                          gain=_counts(f, f"{where}.bonus.gain", b.get("gain", {}), GAINS))
    return Tile(tile_id, auction, round_, group, tuple(build), bonus,
                _int(f, f"{where}.on_pay_bid_vp", t.get("on_pay_bid_vp", 0)))


def _read(name: str) -> dict[str, Any]:
    path = DATA_DIR / name
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{name}: {exc}") from exc


def _price(f: str, where: str, value: Any) -> tuple[str, int]:
    if (not isinstance(value, list) or len(value) != 2 or value[0] not in CURRENCIES
            or type(value[1]) is not int or value[1] < 1):
        raise _fail(f, where, f"expected [currency, amount], found {value!r}")
    return (value[0], value[1])


def _offers(track: list[TrackSpace]) -> tuple[Mapping[str, int], ...]:
    out: list[Mapping[str, int]] = []
    offered: dict[str, int] = {}
    for space in range(len(track) + 1):
        out.append(MappingProxyType(dict(offered)))
        if space < len(track):
            offered.update(track[space].rewards)
    return tuple(out)


@cache
def load_data() -> HomesteadersData:
    """Read and validate the data files (once per process)."""
    g = _read("game.toml")
    f = "game.toml"
    _known_keys(f, "top level", g, {"setup", "stages", "groups", "income", "market", "debt",
                                    "bidding", "neutral", "track", "scoring"})
    setup = g["setup"]
    _known_keys(f, "setup", setup, {"min_players", "max_players", "start_silver",
                                    "start_workers", "start_building", "auctions", "rounds"})
    rounds = _int(f, "setup.rounds", setup["rounds"], 1)
    auctions = {int(k): _int(f, f"setup.auctions.{k}", v, 1) for k, v in setup["auctions"].items()}
    stages = {k: _range(f, f"stages.{k}", v) for k, v in g["stages"].items()}
    for k in stages:
        if k not in STAGES:
            raise _fail(f, "stages", f"unknown stage {k!r}")
    groups = {k: _range(f, f"groups.{k}", v) for k, v in g["groups"].items()}
    if tuple(groups) != GROUPS:
        raise _fail(f, "groups", f"expected the groups {GROUPS}")
    market = g["market"]
    _known_keys(f, "market", market, {"trade_cost", "sale_vp", "gold_as_silver", "price", "hire"})
    price = {k: _price(f, f"market.price.{k}", v) for k, v in market["price"].items()}
    if set(price) != set(RESOURCES):
        raise _fail(f, "market.price", f"expected a price for each of {RESOURCES}")
    debt = g["debt"]
    _known_keys(f, "debt", debt, {"silver", "payoff_silver", "payoff_gold"})
    ladder = tuple(_int(f, "bidding.ladder", v, 1) for v in g["bidding"]["ladder"])
    if list(ladder) != sorted(set(ladder)):
        raise _fail(f, "bidding.ladder", "expected strictly increasing amounts")
    neutral = g["neutral"]
    _known_keys(f, "neutral", neutral, {"start", "min", "max"})
    for key in ("start", "min", "max"):
        if neutral[key] not in ladder:
            raise _fail(f, f"neutral.{key}", f"{neutral[key]!r} is not on the bid ladder")
    if not neutral["min"] <= neutral["start"] <= neutral["max"]:
        raise _fail(f, "neutral", "expected min <= start <= max")
    track = []
    for i, space in enumerate(g["track"]):
        _known_keys(f, f"track[{i}]", space, {"space", "rewards"})
        if space["space"] != i + 1:
            raise _fail(f, f"track[{i}]", "spaces are numbered 1, 2, ... in order")
        track.append(TrackSpace(i + 1, _counts(f, f"track[{i}].rewards", space["rewards"],
                                                GAINS)))
    scoring = g["scoring"]
    _known_keys(f, "scoring", scoring, {"end_vp_per_resource", "debt_step"})

    b = _read("buildings.toml")
    buildings = {name: _building(name, table) for name, table in b.items()}
    if setup["start_building"] not in buildings:
        raise _fail(f, "setup.start_building", f"unknown building {setup['start_building']!r}")
    t = _read("tiles.toml")
    _known_keys("tiles.toml", "top level", t, {"tile"})
    tiles = {}
    for i, table in enumerate(t["tile"]):
        tile = _tile(i, table, rounds)
        if tile.id in tiles:
            raise _fail("tiles.toml", f"tile[{i}]", f"tile {tile.id} defined twice")
        tiles[tile.id] = tile
    return HomesteadersData(
        min_players=_int(f, "setup.min_players", setup["min_players"], 1),
        max_players=_int(f, "setup.max_players", setup["max_players"], 1),
        start_silver=_int(f, "setup.start_silver", setup["start_silver"]),
        start_workers=_int(f, "setup.start_workers", setup["start_workers"], 1),
        start_building=setup["start_building"],
        auctions=MappingProxyType(auctions), rounds=rounds,
        stages=MappingProxyType(stages), groups=MappingProxyType(groups),
        rail_income=_int(f, "income.rail_silver", g["income"]["rail_silver"]),
        worker_wage=_int(f, "income.worker_wage", g["income"]["worker_wage"]),
        market_trade_cost=_int(f, "market.trade_cost", market["trade_cost"]),
        sale_vp=_int(f, "market.sale_vp", market["sale_vp"]),
        gold_as_silver=_int(f, "market.gold_as_silver", market["gold_as_silver"], 1),
        buy_price=MappingProxyType(price), sell_price=MappingProxyType(dict(price)),
        hire_cost=_counts(f, "market.hire", market["hire"], ("trade", *RESOURCES)),
        debt_silver=_int(f, "debt.silver", debt["silver"], 1),
        debt_payoff_silver=_int(f, "debt.payoff_silver", debt["payoff_silver"], 1),
        debt_payoff_gold=_int(f, "debt.payoff_gold", debt["payoff_gold"], 1),
        ladder=ladder, neutral_start=neutral["start"], neutral_min=neutral["min"],
        neutral_max=neutral["max"], track=tuple(track), track_offers=_offers(track),
        end_vp_per_resource=_counts(f, "scoring.end_vp_per_resource",
                                    scoring["end_vp_per_resource"], RESOURCES),
        debt_step=_int(f, "scoring.debt_step", scoring["debt_step"], 1),
        buildings=MappingProxyType(buildings), tiles=MappingProxyType(tiles))
