"""The Colonists' component data: a folder of TOML files, validated once and cached.

Code holds the rules and the data holds the numbers, so that a user who owns the game can check
the default data set (a fan transcription plus the rulebook's own values) against the printed
components and point :func:`load_data` at a corrected copy. Because the data set is meant to be
replaced, every file is checked strictly when loading: unknown keys, unknown goods, broken
cross-references and wrong counts raise :class:`DataError`, whose message names the file and the
dotted key (``buildings.toml: [forester_house].output: unknown good 'wod'``), so that a typo
cannot silently become a rule.

The files (schema in ``docs/colonists-data.md``):

``game.toml``
    setup, building spots, sustenance and worker values, movement, calendar, Smithy, later-era
    setup, embassy levels, component counts.
``eras.toml``
    the four Era cards: Fee, colony level cap, first step, card and Place counts.
``places.toml``
    the Market pieces and every Place tile, with a structured action per Place type.
``buildings.toml``
    every Building: cost, value, Worker, colonists housed, output and Buffer, storage, limits,
    box counts, special effect.
``market_cards.toml``
    the 28 Market cards: two sales, a subsidy, an action.
``improvements.toml``
    the 140 Improvement cards, each with structured effects.
``colonies.toml``
    the nine Colonies, each level's text and the complete list of abilities in force.

Effects (Improvements, special Buildings, Colony abilities) come from one closed vocabulary: one
frozen dataclass per kind below, each naming its ``kind`` and parameters, so an engine can match
on the class and never has to read prose. Values without a printed source carry an
``assumption`` string, choices between disagreeing sources a ``decision`` string, on the table
concerned or in a file's ``[assumptions]`` table keyed by dotted path; they are collected in
:attr:`ColonistsData.notes` and listed in ``docs/colonists-data.md``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, TypeAlias

from referee.model.core.names import decimal, unknown
from referee.model.core.tomlfile import outside

DATA_DIR = Path(__file__).with_name("data")
FILES = ("game.toml", "eras.toml", "places.toml", "buildings.toml", "market_cards.toml",
         "improvements.toml", "colonies.toml")
MAX_FILE_BYTES = 1 << 20        # a data file is a few dozen KiB; anything near a MiB is a mistake
MAX_NESTING = 32                # the schema nests about six levels deep

BUILDING_RESOURCES: tuple[str, ...] = ("wood", "clay", "ore", "planks", "bricks", "iron", "coal")
SUSTENANCE: tuple[str, ...] = ("food", "robes")
STORABLE: tuple[str, ...] = BUILDING_RESOURCES + SUSTENANCE   # kept in Storage/Warehouse/Buffers
TOOLBOX: tuple[str, ...] = ("tools", "dollars")                 # kept in the Toolbox
GOODS: tuple[str, ...] = STORABLE + TOOLBOX
WORKER_TYPES: tuple[str, ...] = ("farmer", "citizen", "merchant")
BUILDING_KINDS: tuple[str, ...] = ("residence", "storage", "production", "sustenance", "money",
                                   "special")
BUILDING_WORKERS: tuple[str, ...] = (*WORKER_TYPES, "any", "none")
PLACE_TYPES: tuple[str, ...] = ("market", "resource", "sustainer", "builder", "refiner", "other")
OTHER_KINDS: tuple[str, ...] = ("developer", "librarian", "diplomat", "head_official",
                                "chief_officer")
MARKET_ACTIONS: tuple[str, ...] = ("build", "remodel", "refine", "librarian", "head_official",
                                   "chief_officer")
IMPROVEMENT_KINDS: tuple[str, ...] = ("immediate", "permanent", "limited")
FIRST_STEPS: tuple[str, ...] = ("add_market", "add_colony", "replace_place")
FEE_PARTS: tuple[str, ...] = ("sustenance_or_tool", "building_resources")
PERIODS: tuple[str, ...] = ("turn", "half_year", "year")
NOTE_KINDS: tuple[str, ...] = ("assumption", "decision")
META_KEYS: frozenset[str] = frozenset({"title", "status", "note"})

Goods: TypeAlias = Mapping[str, int]

_SLUG = re.compile(r"[a-z][a-z0-9_]*\Z")


def _empty() -> Goods:
    return MappingProxyType({})


class DataError(ValueError):
    """A data file breaks the schema; the message names the file and the dotted key."""


# --------------------------------------------------------------------------- small value types


@dataclass(frozen=True)
class Recipe:
    """An exchange: pay ``give`` (from Storage), receive ``get``."""

    give: Goods
    get: Goods


@dataclass(frozen=True)
class Trade:
    """A trade rate: ``give_count`` goods, any mix of ``give``, for ``get_count`` of ``get``."""

    give: tuple[str, ...]
    give_count: int
    get: tuple[str, ...]
    get_count: int


@dataclass(frozen=True)
class Note:
    """An assumption (no printed source) or a decision (sources disagree), where it lives."""

    file: str
    path: str
    kind: str
    text: str


# --------------------------------------------------------------------------- effects
#
# One class per effect kind. The same vocabulary serves Improvements, special Buildings and Colony
# abilities; which kinds each may use is in IMPROVEMENT_EFFECTS, BUILDING_EFFECTS and
# COLONY_EFFECTS. "Storage" below means Storage spaces (Basic Storage and Storage Facilities).


@dataclass(frozen=True)
class Effect:
    """Base class; ``kind`` is the TOML name of the effect."""

    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class Gain(Effect):
    """Receive ``goods`` at once (Improvements: when played; limited cards too)."""

    kind: ClassVar[str] = "gain"
    goods: Goods


@dataclass(frozen=True)
class Convert(Effect):
    """Exchange by any of ``recipes`` from Storage, ``limit`` times in all (None: any number)."""

    kind: ClassVar[str] = "convert"
    recipes: tuple[Recipe, ...]
    limit: int | None = None


@dataclass(frozen=True)
class Contract(Effect):
    """Build ``building`` for ``price`` each, up to ``limit``; a remodel if it has upgrade_of."""

    kind: ClassVar[str] = "contract"
    building: str
    price: Goods
    limit: int


@dataclass(frozen=True)
class FeeWaive(Effect):
    """Never pay this ``part`` of the Fee (also where a colony ability asks for the Fee)."""

    kind: ClassVar[str] = "fee_waive"
    part: str


@dataclass(frozen=True)
class NoFee(Effect):
    """Never pay the Fee at all (Customs Office, Lord II)."""

    kind: ClassVar[str] = "no_fee"


@dataclass(frozen=True)
class PlaceBonus(Effect):
    """+``amount`` ``good`` whenever a Place's action gives you that good (Markets if
    ``markets``)."""

    kind: ClassVar[str] = "place_bonus"
    good: str
    amount: int
    markets: bool


@dataclass(frozen=True)
class Production(Effect):
    """``goods`` every Year, without a Worker: Food and Robes as sustenance capacity in the
    Sustenance phase, the rest in the Production phase (building resources into a Buffer of one
    batch, Tools and Dollars into the Toolbox); Factories do not raise it."""

    kind: ClassVar[str] = "production"
    goods: Goods


@dataclass(frozen=True)
class ProductionChoice(Effect):
    """Like :class:`Production`, but one of ``options`` chosen each Year."""

    kind: ClassVar[str] = "production_choice"
    options: tuple[Goods, ...]


@dataclass(frozen=True)
class ProductionConvert(Effect):
    """In the Production phase, exchange by any of ``recipes``, ``limit`` times in all."""

    kind: ClassVar[str] = "production_convert"
    recipes: tuple[Recipe, ...]
    limit: int | None = None


@dataclass(frozen=True)
class BuildingBonus(Effect):
    """Each active ``building`` (at most ``max_buildings`` of them) yields ``goods`` more; its
    Buffer grows to match."""

    kind: ClassVar[str] = "building_bonus"
    building: str
    goods: Goods
    max_buildings: int | None = None


@dataclass(frozen=True)
class BuildingStorage(Effect):
    """Each active ``building`` (a Storage Facility) gives ``spaces`` more Storage spaces."""

    kind: ClassVar[str] = "building_storage"
    building: str
    spaces: int


@dataclass(frozen=True)
class Colonists(Effect):
    """``count`` more Colonists of ``worker`` type, housed off the board (cannot be remodelled)."""

    kind: ClassVar[str] = "colonists"
    worker: str
    count: int


@dataclass(frozen=True)
class StorageSpaces(Effect):
    """``spaces`` more Storage spaces, needing no Worker."""

    kind: ClassVar[str] = "storage"
    spaces: int


@dataclass(frozen=True)
class Warehouse(Effect):
    """``lots`` more Warehouse lots, for ``good`` only if given."""

    kind: ClassVar[str] = "warehouse"
    lots: int
    good: str | None = None


@dataclass(frozen=True)
class WarehouseIsStorage(Effect):
    """The Warehouse counts as Storage (goods there may be spent during actions)."""

    kind: ClassVar[str] = "warehouse_is_storage"


@dataclass(frozen=True)
class LibrarianExtra(Effect):
    """At the Librarian Place, draw and keep ``cards`` more (hand limit still applies)."""

    kind: ClassVar[str] = "librarian_extra"
    cards: int


@dataclass(frozen=True)
class ExtraBuilds(Effect):
    """Whenever you build at least one ``trigger_worker`` Building (the Factory counts) at a
    Builder, you may also build any number of ``building`` for ``price`` each, on empty spots."""

    kind: ClassVar[str] = "extra_builds"
    building: str
    price: Goods
    trigger_worker: str


@dataclass(frozen=True)
class Ticket(Effect):
    """When moving a Steward or Special Ambassador, pay 1 good from the card plus ``price`` from
    Storage to move it to any Place."""

    kind: ClassVar[str] = "ticket"
    price: Goods


@dataclass(frozen=True)
class Horse(Effect):
    """Once per turn, spend a use for +``range`` Range this turn."""

    kind: ClassVar[str] = "horse"
    range: int


@dataclass(frozen=True)
class Apprentice(Effect):
    """Spend a use for ``stewards`` extra Stewards during your next ``turns`` turns."""

    kind: ClassVar[str] = "apprentice"
    stewards: int
    turns: int


@dataclass(frozen=True)
class MarketAlternative(Effect):
    """Another Market action instead of the card's three: ``mode`` "trade" (``trades``, any number
    of times unless ``limit``) or "swap_places" (swap two unoccupied Places, ``adjacent`` ones)."""

    kind: ClassVar[str] = "market_alternative"
    mode: str
    trades: tuple[Trade, ...] = ()
    limit: int | None = None
    adjacent: bool = False


@dataclass(frozen=True)
class PayFromBuffers(Effect):
    """Pay ``good`` (any good if None) from Buffers as if from Storage: once per turn, one
    payment of at most ``goods_per_turn`` goods (None: every payment, no limit)."""

    kind: ClassVar[str] = "pay_from_buffers"
    good: str | None = None
    goods_per_turn: int | None = None


@dataclass(frozen=True)
class EndBonus(Effect):
    """At game end, ``dollars_each`` per unemployed ``worker``, at most ``max_dollars``."""

    kind: ClassVar[str] = "end_bonus"
    worker: str
    dollars_each: int
    max_dollars: int | None = None


@dataclass(frozen=True)
class BuildingSpot(Effect):
    """``spots`` more Building spots, not for Storage Facilities."""

    kind: ClassVar[str] = "building_spot"
    spots: int


@dataclass(frozen=True)
class Borderland(Effect):
    """You may build on ``spots`` Borderland spots without the Community Hall."""

    kind: ClassVar[str] = "borderland"
    spots: int


@dataclass(frozen=True)
class FactoryDual(Effect):
    """``factories`` Factories may be run by all of ``workers`` together, counting for each."""

    kind: ClassVar[str] = "factory_dual"
    factories: int
    workers: Mapping[str, int]

    def pair(self) -> list[str]:
        """The Workers that run such a Factory together, one entry each, sorted."""
        return sorted(w for w, n in self.workers.items() for _ in range(n))


@dataclass(frozen=True)
class LibraryEffect(Effect):
    """At a Librarian action draw ``extra_draw`` more than it says and keep its number; you may
    exceed the hand limit until you discard back to it."""

    kind: ClassVar[str] = "library"
    extra_draw: int


@dataclass(frozen=True)
class FactoryEffect(Effect):
    """Each Production and Sustenance Building run by the Factory's Worker type yields ``bonus``
    more (not Money Buildings, not worker-less Improvements)."""

    kind: ClassVar[str] = "factory"
    bonus: int


@dataclass(frozen=True)
class InstituteEffect(Effect):
    """Whenever you play an Improvement you may play ``extra_plays`` more, each its own action;
    each costs ``tool_discount`` Tools less."""

    kind: ClassVar[str] = "institute"
    extra_plays: int
    tool_discount: int = 0


@dataclass(frozen=True)
class ExtraSteward(Effect):
    """``stewards`` more Stewards (entering via a Market), within movement.max_stewards."""

    kind: ClassVar[str] = "extra_steward"
    stewards: int


@dataclass(frozen=True)
class ExtraRange(Effect):
    """+``range`` Range for your Stewards and the Special Ambassadors you move (max_range)."""

    kind: ClassVar[str] = "extra_range"
    range: int


@dataclass(frozen=True)
class CommunityHallEffect(Effect):
    """Opens the Borderland: all spots up to spots.with_community_hall may be built on."""

    kind: ClassVar[str] = "community_hall"


@dataclass(frozen=True)
class ExchangeOnReceive(Effect):
    """Whenever you receive goods (not produced ones), exchange them 1:1 along ``pairs``."""

    kind: ClassVar[str] = "exchange_on_receive"
    pairs: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Ambassador(Effect):
    """You may move the Special ``ambassador`` once per Half-Year."""

    kind: ClassVar[str] = "ambassador"
    ambassador: str


@dataclass(frozen=True)
class Charity(Effect):
    """At the start of your first turn of each Year take one of ``options``."""

    kind: ClassVar[str] = "charity"
    options: tuple[Goods, ...]


@dataclass(frozen=True)
class JumpTo(Effect):
    """Your Stewards may jump to ``place`` as they jump to Markets."""

    kind: ClassVar[str] = "jump_to"
    place: str


@dataclass(frozen=True)
class RangeBoost(Effect):
    """Once per ``per``, pay the Fee to give one Steward +``range`` Range for a move."""

    kind: ClassVar[str] = "range_boost"
    range: int
    per: str


@dataclass(frozen=True)
class PlaceExtra(Effect):
    """At ``place`` also receive ``gain`` and, if ``market_action``, take a Market action."""

    kind: ClassVar[str] = "place_extra"
    place: str
    gain: Goods
    market_action: bool


@dataclass(frozen=True)
class CountsAs(Effect):
    """The Embassy counts as one ``building`` (its special effect, not its value)."""

    kind: ClassVar[str] = "counts_as"
    building: str


@dataclass(frozen=True)
class SubstituteWorker(Effect):
    """``worker`` Colonists may work in ``works_as`` Buildings (at most ``max`` of them; only
    while no ``works_as`` Colonist is free if ``only_if_none_free``)."""

    kind: ClassVar[str] = "substitute_worker"
    worker: str
    works_as: str
    only_if_none_free: bool
    max: int | None = None


@dataclass(frozen=True)
class ExtraRemodel(Effect):
    """You may also remodel ``source`` into ``target``."""

    kind: ClassVar[str] = "extra_remodel"
    source: str
    target: str


@dataclass(frozen=True)
class IgnoreAction(Effect):
    """Instead of a Place's action take one of ``options``, plus ``bonus``; on Markets only if
    ``markets``."""

    kind: ClassVar[str] = "ignore_action"
    options: tuple[Goods, ...]
    bonus: Goods
    markets: bool


@dataclass(frozen=True)
class SwapPlaces(Effect):
    """Once per ``per``, swap two unoccupied Places."""

    kind: ClassVar[str] = "swap_places"
    per: str


@dataclass(frozen=True)
class ProductionDraw(Effect):
    """In the Production phase draw ``draw`` Improvements and keep ``keep``."""

    kind: ClassVar[str] = "production_draw"
    draw: int
    keep: int


@dataclass(frozen=True)
class PlayOnDraw(Effect):
    """Whenever you draw Improvements at a Place, you may play ``plays`` of your hand."""

    kind: ClassVar[str] = "play_on_draw"
    plays: int


@dataclass(frozen=True)
class ImprovementToolWaive(Effect):
    """Improvements cost you no Tools."""

    kind: ClassVar[str] = "improvement_tool_waive"


@dataclass(frozen=True)
class ReplaceBuilding(Effect):
    """Once per ``per``, pay the Fee to replace a ``source`` with any Building for ``worker``."""

    kind: ClassVar[str] = "replace_building"
    source: str
    worker: str
    per: str


@dataclass(frozen=True)
class _Param:
    key: str            # the TOML key
    tag: str            # how to read it (see _Reader.value)
    required: bool = True
    attr: str = ""      # the dataclass field, when it differs from the key


def _p(key: str, tag: str, required: bool = True, attr: str = "") -> _Param:
    return _Param(key, tag, required, attr or key)


_EFFECTS: dict[str, tuple[type[Effect], tuple[_Param, ...]]] = {
    "gain": (Gain, (_p("goods", "goods"),)),
    "convert": (Convert, (_p("recipes", "recipes"), _p("limit", "count", False))),
    "contract": (Contract, (_p("building", "building"), _p("price", "goods"),
                            _p("limit", "count"))),
    "fee_waive": (FeeWaive, (_p("part", "fee_part"),)),
    "no_fee": (NoFee, ()),
    "place_bonus": (PlaceBonus, (_p("good", "storable"), _p("amount", "count"),
                                 _p("markets", "bool"))),
    "production": (Production, (_p("goods", "goods"),)),
    "production_choice": (ProductionChoice, (_p("options", "options"),)),
    "production_convert": (ProductionConvert, (_p("recipes", "recipes"),
                                               _p("limit", "count", False))),
    "building_bonus": (BuildingBonus, (_p("building", "building"), _p("goods", "goods"),
                                       _p("max_buildings", "count", False))),
    "building_storage": (BuildingStorage, (_p("building", "building"), _p("spaces", "count"))),
    "colonists": (Colonists, (_p("worker", "worker"), _p("count", "count"))),
    "storage": (StorageSpaces, (_p("spaces", "count"),)),
    "warehouse": (Warehouse, (_p("lots", "count"), _p("good", "storable", False))),
    "warehouse_is_storage": (WarehouseIsStorage, ()),
    "librarian_extra": (LibrarianExtra, (_p("cards", "count"),)),
    "extra_builds": (ExtraBuilds, (_p("building", "building"), _p("price", "goods"),
                                   _p("trigger_worker", "worker"))),
    "ticket": (Ticket, (_p("price", "goods"),)),
    "horse": (Horse, (_p("range", "count"),)),
    "apprentice": (Apprentice, (_p("stewards", "count"), _p("turns", "count"))),
    "market_alternative": (MarketAlternative, (_p("mode", "mode"), _p("trades", "trades", False),
                                               _p("limit", "count", False),
                                               _p("adjacent", "bool", False))),
    "pay_from_buffers": (PayFromBuffers, (_p("good", "storable", False),
                                          _p("goods_per_turn", "count", False))),
    "end_bonus": (EndBonus, (_p("worker", "worker"), _p("dollars_each", "count"),
                             _p("max_dollars", "count", False))),
    "building_spot": (BuildingSpot, (_p("spots", "count"),)),
    "borderland": (Borderland, (_p("spots", "count"),)),
    "factory_dual": (FactoryDual, (_p("factories", "count"), _p("workers", "workers"))),
    "library": (LibraryEffect, (_p("extra_draw", "count"),)),
    "factory": (FactoryEffect, (_p("bonus", "count"),)),
    "institute": (InstituteEffect, (_p("extra_plays", "count"),
                                    _p("tool_discount", "natural", False))),
    "extra_steward": (ExtraSteward, (_p("stewards", "count"),)),
    "extra_range": (ExtraRange, (_p("range", "count"),)),
    "community_hall": (CommunityHallEffect, ()),
    "exchange_on_receive": (ExchangeOnReceive, (_p("pairs", "pairs"),)),
    "ambassador": (Ambassador, (_p("ambassador", "ambassador"),)),
    "charity": (Charity, (_p("options", "options"),)),
    "jump_to": (JumpTo, (_p("place", "place"),)),
    "range_boost": (RangeBoost, (_p("range", "count"), _p("per", "period"))),
    "place_extra": (PlaceExtra, (_p("place", "place"), _p("gain", "goods0"),
                                 _p("market_action", "bool"))),
    "counts_as": (CountsAs, (_p("building", "building"),)),
    "substitute_worker": (SubstituteWorker, (_p("worker", "worker"), _p("works_as", "worker"),
                                             _p("only_if_none_free", "bool"),
                                             _p("max", "count", False))),
    "extra_remodel": (ExtraRemodel, (_p("from", "building", attr="source"),
                                     _p("to", "building", attr="target"))),
    "ignore_action": (IgnoreAction, (_p("options", "options"), _p("bonus", "goods0"),
                                     _p("markets", "bool"))),
    "swap_places": (SwapPlaces, (_p("per", "period"),)),
    "production_draw": (ProductionDraw, (_p("draw", "count"), _p("keep", "count"))),
    "play_on_draw": (PlayOnDraw, (_p("plays", "count"),)),
    "improvement_tool_waive": (ImprovementToolWaive, ()),
    "replace_building": (ReplaceBuilding, (_p("from", "building", attr="source"),
                                           _p("worker", "worker"), _p("per", "period"))),
}

EFFECT_KINDS: tuple[str, ...] = tuple(_EFFECTS)
EFFECT_CLASSES: Mapping[str, type[Effect]] = MappingProxyType(
    {kind: cls for kind, (cls, _) in _EFFECTS.items()})
# which effects each kind of thing may carry
IMMEDIATE_EFFECTS = frozenset({"gain", "convert", "contract"})
LIMITED_EFFECTS = frozenset({"ticket", "horse", "apprentice"})
IMPROVEMENT_EFFECTS = frozenset({
    *IMMEDIATE_EFFECTS, *LIMITED_EFFECTS, "fee_waive", "place_bonus", "production",
    "production_convert", "building_bonus", "colonists", "storage", "warehouse",
    "librarian_extra", "extra_builds", "market_alternative", "pay_from_buffers", "end_bonus",
    "building_spot", "borderland", "factory_dual"})
BUILDING_EFFECTS = frozenset({"library", "factory", "institute", "extra_steward", "extra_range",
                              "no_fee", "community_hall"})
COLONY_EFFECTS = frozenset({
    "exchange_on_receive", "ambassador", "market_alternative", "charity", "warehouse",
    "production", "production_choice", "production_convert", "extra_steward", "jump_to",
    "range_boost", "extra_range", "place_extra", "counts_as", "substitute_worker",
    "extra_remodel", "ignore_action", "no_fee", "swap_places", "production_draw", "play_on_draw",
    "improvement_tool_waive", "storage", "building_storage", "replace_building",
    "warehouse_is_storage"})


# --------------------------------------------------------------------------- entities


@dataclass(frozen=True)
class Setup:
    """The start of a game in Era I (R "Setup")."""

    colonies: int
    starting_tiles: int
    starting_places: int
    basic_storage: int
    warehouse_lots: int
    start_buildings: Mapping[str, int]
    start_storage_choice: tuple[str, ...]
    start_storage_count: int
    start_warehouse: Goods
    start_toolbox: Goods
    stewards: int
    range: int
    max_warehouse_lots: int | None = None   # with every Warehouse extension (R: 7)


@dataclass(frozen=True)
class Spots:
    """Building spots on the Community board; ``borderland`` is (first, last) spot number."""

    era_one_only: int
    standard: int
    with_community_hall: int
    storage_facility: int
    borderland: tuple[int, int]


@dataclass(frozen=True)
class Movement:
    max_stewards: int
    max_range: int
    ambassador_range: int
    ambassadors: tuple[str, ...]


@dataclass(frozen=True)
class Calendar:
    eras: int
    years_per_era: int
    half_years: tuple[str, ...]
    turns_per_half_year: int
    places_per_year: int
    place_years: int


@dataclass(frozen=True)
class Budget:
    """Dollars to spend when starting in a later Era, by category; ``tools`` are given."""

    embassies: int
    buildings: int
    goods: int
    tools: int


@dataclass(frozen=True)
class SetupGood:
    """A good's dollar value at a later-era setup, and the first skipped Era that sells it."""

    value: int
    from_era: int


@dataclass(frozen=True)
class LaterEra:
    permanent_improvements_per_skipped_era: int
    hand_improvements_from_last_skipped_era: int
    free_goods: Goods
    max_money_buildings: int
    budget: Mapping[int, Budget]        # by the Era you start in
    goods: Mapping[str, SetupGood]


@dataclass(frozen=True)
class EmbassyLevel:
    """The price of reaching ``level`` (paid on top of the lower levels) and its score."""

    level: int
    cost: Goods
    value: int


@dataclass(frozen=True)
class WarehouseExtension:
    lots: tuple[int, ...]               # the lots shown on each side
    count: int


@dataclass(frozen=True)
class Components:
    """Counts from R's component list. Box counts limit the supply only if
    ``enforce_box_counts`` (an option); per-community limits are in :class:`Building`."""

    enforce_box_counts: bool
    min_players: int
    max_players: int
    stewards_per_player: int
    embassy_tiles_per_colony_and_player: int
    warehouse_extensions: tuple[WarehouseExtension, ...]
    basic_storage_upgrades: int
    storage_facilities_per_set: int
    colonists: Mapping[str, int]
    goods: Goods
    tool_tokens: int
    dollar_tokens: Mapping[int, int]    # denomination -> tokens
    improvements: int
    market_cards: int
    balance_cards: int
    era_cards: int
    colony_overviews: int


@dataclass(frozen=True)
class Fee:
    """Paid to each player whose Steward is on the target Place: one of ``sustenance_or_tool``
    plus ``building_resources`` building resources in any mix."""

    sustenance_or_tool: tuple[str, ...]
    building_resources: int


@dataclass(frozen=True)
class FirstStep:
    """What an Era card introduces first (see eras.toml for the kinds)."""

    kind: str
    market: str | None = None
    at_setup: bool = False
    colonies: int = 0
    optional_market: str | None = None
    remove: str | None = None
    place: str | None = None


@dataclass(frozen=True)
class Era:
    number: int
    name: str
    fee: Fee
    max_colony_level: int
    market_cards: int
    market_cards_used: int
    improvements: int
    places: int
    first_step: FirstStep


@dataclass(frozen=True)
class MarketPiece:
    slug: str
    name: str
    copies: int
    cells: int
    variant: bool


@dataclass(frozen=True)
class Place:
    """One Place tile entry of places.toml: ``copies`` tiles of Era ``era`` (0 = starting).

    Only the fields of its ``type`` are set: resource ``gain``; sustainer ``gain`` or ``sell``
    (repeatable); builder ``builds`` (and ``limit`` per action); refiner ``recipes`` (and
    ``limit``); other ``kind`` with ``gain``, ``draw`` (librarian), ``play`` (developer),
    ``swap_places`` (chief officer)."""

    slug: str
    era: int
    name: str
    type: str
    copies: int
    replaces: tuple[str, ...] = ()
    intro_only: bool = False
    by_era_card: bool = False
    gain: Goods = field(default_factory=_empty)
    sell: Recipe | None = None
    builds: tuple[str, ...] = ()
    recipes: tuple[Recipe, ...] = ()
    limit: int | None = None
    kind: str | None = None
    draw: int = 0
    play: int = 0
    swap_places: int = 0

    @property
    def key(self) -> str:
        return f"era_{self.era}.{self.slug}"

    @property
    def drawn(self) -> bool:
        """Shuffled into its Era's pile (not the intro-only tile, not put out by an Era card)."""
        return not self.intro_only and not self.by_era_card

    def action(self) -> tuple[Any, ...]:
        """What a visit does, as a hashable value; the same slug in two Eras must do the same."""
        def frozen(recipe: Recipe) -> tuple[Any, ...]:
            return (tuple(sorted(recipe.give.items())), tuple(sorted(recipe.get.items())))

        return (self.name, self.type, tuple(sorted(self.gain.items())),
                frozen(self.sell) if self.sell else None, self.builds,
                tuple(frozen(r) for r in self.recipes), self.limit, self.kind, self.draw,
                self.play, self.swap_places)


@dataclass(frozen=True)
class Building:
    """A Building tile side. ``workers`` Workers of type ``worker`` make it work (0 for "none");
    ``houses`` maps the Colonist type of a Residence to how many it houses; ``output`` is per
    Year and ``buffer`` holds one batch; ``limit`` is the most per community (None: no limit);
    ``box_count`` tiles exist, shared with ``other_side`` of a double-sided tile."""

    slug: str
    name: str
    era: int
    kind: str
    upgrade_of: str | None
    cost: Goods
    value: int
    worker: str
    workers: int
    houses: Mapping[str, int]
    output: Goods
    buffer: int
    storage: int
    limit: int | None
    box_count: int
    other_side: str | None
    effect: Effect | None

    @property
    def colonists(self) -> int:
        return sum(self.houses.values())


@dataclass(frozen=True)
class MarketAction:
    """The bottom part of a Market card (see market_cards.toml for the kinds)."""

    kind: str
    building: str | None = None
    cost: Goods = field(default_factory=_empty)
    recipes: tuple[Recipe, ...] = ()
    limit: int | None = None
    draw: int = 0
    swap_places: int = 0


@dataclass(frozen=True)
class MarketCard:
    key: str                             # "era_1.farm"
    slug: str
    era: int
    name: str
    sales: tuple[Recipe, ...]            # each any number of times, from Storage
    subsidy: tuple[Goods, ...]           # alternatives, one taken once per turn
    action: MarketAction


@dataclass(frozen=True)
class Improvement:
    id: int
    era: int
    name: str
    kind: str
    cost: Goods
    value: int                           # 0 unless permanent
    text: str
    effects: tuple[Effect, ...]

    @property
    def on_card(self) -> Goods:
        """A limited card's uses: the Storage goods of its cost go on the card, one per use."""
        if self.kind != "limited":
            return _empty()
        return MappingProxyType({g: n for g, n in self.cost.items() if g in STORABLE})

    @property
    def uses(self) -> int:
        return sum(self.on_card.values())


@dataclass(frozen=True)
class ColonyLevel:
    level: int
    text: str
    abilities: tuple[Effect, ...]        # everything in force at this level


@dataclass(frozen=True)
class Colony:
    slug: str
    name: str
    levels: Mapping[int, ColonyLevel]

    @property
    def ambassador(self) -> str | None:
        """The Special Ambassador this Colony unlocks, if any."""
        for level in sorted(self.levels):
            for ability in self.levels[level].abilities:
                if isinstance(ability, Ambassador):
                    return ability.ambassador
        return None


@dataclass(frozen=True)
class BuildingRoles:
    """Slugs of the buildings by what they can do (see :attr:`ColonistsData.building_roles`)."""

    housing: frozenset[str]
    storing: frozenset[str]
    producing: frozenset[str]
    effective: frozenset[str]
    factories: frozenset[str]


@dataclass(frozen=True)
class ColonistsData:
    """The whole validated data set."""

    folder: Path
    title: str
    status: str
    setup: Setup
    spots: Spots
    sustenance: Mapping[str, Goods]      # per Worker type, per Year
    worker_value: Mapping[str, int]      # dollars per employed Worker
    hand_limit: int
    movement: Movement
    raze_tools: int
    calendar: Calendar
    smithy: Goods
    later_era: LaterEra
    embassy_per_colony: int
    embassy_levels: Mapping[int, EmbassyLevel]
    components: Components
    eras: Mapping[int, Era]
    markets: Mapping[str, MarketPiece]
    places: tuple[Place, ...]            # every tile entry, Era by Era, in file order
    buildings: Mapping[str, Building]
    market_cards: Mapping[str, MarketCard]
    improvements: Mapping[int, Improvement]
    colonies: Mapping[str, Colony]
    notes: tuple[Note, ...]

    def place(self, slug: str) -> Place:
        """The first (earliest) entry of the Place ``slug``; KeyError if there is none."""
        return self._first_places[slug]

    def place_of_era(self, slug: str, era: int) -> Place:
        """The entry of the Place ``slug`` in the pile of ``era`` (a Place of two eras, such as
        the Clay Pit, added in Era III and replacing a Clay Delve in Era IV, has one entry for
        each), else the latest one before it, else the first; KeyError if there is none."""
        found = [p for p in self.places if p.slug == slug]
        if not found:
            raise KeyError(slug)
        before = [p for p in found if p.era <= era]
        return max(before, key=lambda p: p.era) if before else found[0]

    @cached_property
    def building_roles(self) -> BuildingRoles:
        """The buildings that house Colonists, give Storage, produce, have an effect, run as a
        Factory (the derived values of a community pass over its buildings for each)."""
        b = self.buildings
        return BuildingRoles(
            housing=frozenset(k for k, x in b.items() if x.houses),
            storing=frozenset(k for k, x in b.items() if x.storage),
            producing=frozenset(k for k, x in b.items() if x.output),
            effective=frozenset(k for k, x in b.items() if x.effect is not None),
            factories=frozenset(k for k, x in b.items() if isinstance(x.effect, FactoryEffect)))

    @cached_property
    def goods_by_value(self) -> tuple[str, ...]:
        """Stored goods by increasing setup value (ties in the order of STORABLE)."""
        values = self.later_era.goods
        return tuple(sorted(STORABLE, key=lambda g: (values[g].value if g in values else 0,
                                                     STORABLE.index(g))))

    @cached_property
    def _first_places(self) -> dict[str, Place]:
        out: dict[str, Place] = {}
        for place in self.places:
            out.setdefault(place.slug, place)
        return out

    def places_of_era(self, era: int) -> tuple[Place, ...]:
        return tuple(p for p in self.places if p.era == era)

    def market_cards_of_era(self, era: int) -> tuple[MarketCard, ...]:
        return tuple(c for c in self.market_cards.values() if c.era == era)

    def improvements_of_era(self, era: int) -> tuple[Improvement, ...]:
        return tuple(c for c in self.improvements.values() if c.era == era)

    def abilities(self, colony: str, level: int) -> tuple[Effect, ...]:
        """What a relation at ``level`` gives (level 0: nothing)."""
        return self.colonies[colony].levels[level].abilities if level else ()

    @property
    def assumptions(self) -> tuple[Note, ...]:
        return tuple(n for n in self.notes if n.kind == "assumption")

    @property
    def decisions(self) -> tuple[Note, ...]:
        return tuple(n for n in self.notes if n.kind == "decision")


# --------------------------------------------------------------------------- reading


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _plain(where: str) -> str:
    """``[era_0.joiner].gain`` -> ``era_0.joiner.gain`` (how notes name their place)."""
    if where.startswith("["):
        end = where.find("]")
        return where[1:end] + where[end + 1:]
    return where


class _Reader:
    """Typed access to one parsed file; every failure names the file and the dotted key."""

    def __init__(self, name: str, doc: dict[str, Any], notes: list[Note]) -> None:
        self.name = name
        self.doc = doc
        self.notes = notes

    def fail(self, where: str, message: str) -> DataError:
        return DataError(f"{self.name}: {where or '(top level)'}: {message}")

    def table(self, value: Any, where: str, required: Iterable[str] = (),
              optional: Iterable[str] = ()) -> dict[str, Any]:
        """A table with exactly these keys (plus assumption/decision notes, recorded here)."""
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a table, found {_short(value)}")
        need, may = set(required), set(optional) | set(NOTE_KINDS)
        for key in value:
            if key not in need and key not in may:
                raise self.fail(_at(where, key), unknown("key", key, sorted(need | may)))
        for key in sorted(need):
            if key not in value:
                raise self.fail(_at(where, key), "missing")
        for kind in NOTE_KINDS:
            if kind in value:
                text = value[kind]
                if not isinstance(text, str) or not text.strip():
                    raise self.fail(_at(where, kind), "must be a non-empty string")
                self.notes.append(Note(self.name, _plain(where), kind, text))
        return value

    def int_(self, value: Any, where: str, low: int = 0, high: int | None = None) -> int:
        if type(value) is not int:
            raise self.fail(where, f"must be an integer, found {_short(value)}")
        if value < low:
            raise self.fail(where, f"must be at least {low}, found {value}")
        if high is not None and value > high:
            raise self.fail(where, f"must be at most {high}, found {value}")
        return value

    def opt_int(self, t: dict[str, Any], where: str, key: str, low: int = 0) -> int | None:
        return self.int_(t[key], _at(where, key), low) if key in t else None

    def bool_(self, value: Any, where: str) -> bool:
        if type(value) is not bool:
            raise self.fail(where, f"must be true or false, found {_short(value)}")
        return value

    def str_(self, value: Any, where: str, choices: Iterable[str] | None = None,
             what: str = "value") -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"must be a non-empty string, found {_short(value)}")
        if choices is not None:
            options = tuple(choices)
            if value not in options:
                raise self.fail(where, unknown(what, value, options))
        return value

    def slug(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not _SLUG.match(value):
            raise self.fail(where, f"must be a snake_case slug, found {_short(value)}")
        return value

    def list_(self, value: Any, where: str, low: int = 0, high: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list, found {_short(value)}")
        if len(value) < low or (high is not None and len(value) > high):
            size = f"{low}" if high == low else f"{low} to {high if high is not None else 'any'}"
            raise self.fail(where, f"must have {size} entries, found {len(value)}")
        return value

    def strs(self, value: Any, where: str, choices: Iterable[str], what: str,
             low: int = 1) -> tuple[str, ...]:
        options = tuple(choices)
        items = self.list_(value, where, low)
        out = tuple(self.str_(v, f"{where}[{i}]", options, what) for i, v in enumerate(items))
        if len(set(out)) != len(out):
            raise self.fail(where, f"lists a {what} twice")
        return out

    def goods(self, value: Any, where: str, allowed: Iterable[str] = GOODS,
              nonempty: bool = False) -> Goods:
        """``{good = count}`` with known goods and counts of at least 1."""
        options = tuple(allowed)
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a table of goods, found {_short(value)}")
        for name, count in value.items():
            if name not in GOODS:
                raise self.fail(where, unknown("good", name, GOODS))
            if name not in options:
                raise self.fail(where, f"good {name!r} not allowed here (allowed: "
                                f"{', '.join(options)})")
            self.int_(count, _at(where, name), 1)
        if nonempty and not value:
            raise self.fail(where, "must name at least one good")
        return MappingProxyType(dict(value))

    def counts(self, value: Any, where: str, allowed: Iterable[str], what: str,
               low: int = 1) -> Mapping[str, int]:
        """``{name = count}`` over a fixed set of names (worker types, buildings)."""
        options = tuple(allowed)
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a table, found {_short(value)}")
        for name, count in value.items():
            if name not in options:
                raise self.fail(where, unknown(what, name, options))
            self.int_(count, _at(where, name), low)
        return MappingProxyType(dict(value))

    def recipe(self, value: Any, where: str) -> Recipe:
        t = self.table(value, where, {"give", "get"})
        give = self.goods(t["give"], _at(where, "give"), nonempty=True)
        get = self.goods(t["get"], _at(where, "get"), nonempty=True)
        return Recipe(give, get)

    def recipes(self, value: Any, where: str) -> tuple[Recipe, ...]:
        items = self.list_(value, where, 1)
        return tuple(self.recipe(v, f"{where}[{i}]") for i, v in enumerate(items))

    def options(self, value: Any, where: str) -> tuple[Goods, ...]:
        items = self.list_(value, where, 1)
        return tuple(self.goods(v, f"{where}[{i}]", nonempty=True) for i, v in enumerate(items))

    def trades(self, value: Any, where: str) -> tuple[Trade, ...]:
        out = []
        for i, item in enumerate(self.list_(value, where, 1)):
            w = f"{where}[{i}]"
            t = self.table(item, w, {"give", "give_count", "get", "get_count"})
            out.append(Trade(self.strs(t["give"], _at(w, "give"), GOODS, "good"),
                             self.int_(t["give_count"], _at(w, "give_count"), 1),
                             self.strs(t["get"], _at(w, "get"), GOODS, "good"),
                             self.int_(t["get_count"], _at(w, "get_count"), 1)))
        return tuple(out)

    def pairs(self, value: Any, where: str) -> tuple[tuple[str, str], ...]:
        out = []
        for i, item in enumerate(self.list_(value, where, 1)):
            a, b = self.strs(item, f"{where}[{i}]", STORABLE, "good", 2)[:2]
            if len(item) != 2:
                raise self.fail(f"{where}[{i}]", "a pair has exactly two goods")
            out.append((a, b))
        return tuple(out)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_SIGNIFICANT = re.compile(r"[\"'#\n\[\]{}=]")


def _check_nesting(name: str, text: str) -> None:
    """Refuse values nested deeper than MAX_NESTING, naming the key, before tomllib recurses.

    tomllib parses nested arrays and inline tables recursively, so a hostile file can exhaust
    the interpreter's stack; this scan only tracks strings, comments, table headers and bracket
    depth, enough to find the offending key."""
    depth, pos, line_begin, in_value = 0, 0, 0, False
    table, key = "", ""
    while True:
        match = _SIGNIFICANT.search(text, pos)
        if match is None:
            return
        pos, ch = match.start(), match.group()
        if ch in "\"'":
            if text.startswith(ch * 3, pos):
                end = text.find(ch * 3, pos + 3)
                pos = len(text) if end < 0 else end + 3
            else:
                pos += 1
                while pos < len(text) and text[pos] not in (ch, "\n"):
                    pos += 2 if ch == '"' and text[pos] == "\\" else 1
                pos += 1
            continue
        if ch == "#":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
            continue
        if ch == "\n":
            if depth == 0:
                line_begin, in_value = pos + 1, False
        elif depth == 0 and not in_value:
            if ch == "[":           # a table header: remember it for the message
                end = text.find("\n", pos)
                header = text[pos:len(text) if end < 0 else end].split("#")[0]
                table = header.strip().strip("[]").strip()
                pos = len(text) if end < 0 else end
                continue
            if ch == "=":
                key, in_value = text[line_begin:pos].strip(), True
        elif ch in "[{":
            depth += 1
            if depth > MAX_NESTING:
                where = f"[{table}].{key}" if table else key
                raise DataError(f"{name}: {where}: nested deeper than {MAX_NESTING} levels")
        elif ch in "]}":
            depth = max(0, depth - 1)
        pos += 1


def _read(folder: Path, name: str, notes: list[Note]) -> _Reader:
    """Parse one file, refusing oversized, undecodable, malformed or too deeply nested ones."""
    path = folder / name
    if outside(folder, path):
        raise DataError(f"{name}: (file): a link to a file outside the data folder {folder}: "
                        "not read")
    if not path.is_file():
        raise DataError(f"{name}: (file): missing from {folder} (a data set needs "
                        f"{', '.join(FILES)})")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise DataError(f"{name}: (file): {size} bytes, over the {MAX_FILE_BYTES}-byte "
                            "(1 MiB) limit for a data file")
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError(f"{name}: (file): cannot be read: {exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataError(f"{name}: (file): over the {MAX_FILE_BYTES}-byte (1 MiB) limit for a "
                        "data file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{name}: (file): not UTF-8: {exc}") from None
    _check_nesting(name, text)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: (file): not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(f"{name}: (file): nested too deeply to read") from None
    reader = _Reader(name, doc, notes)
    _read_assumptions(reader)
    return reader


def _read_assumptions(r: _Reader) -> None:
    """A file's ``[assumptions]`` table: dotted path -> text; every path must exist."""
    table = r.doc.pop("assumptions", None)
    if table is None:
        return
    if not isinstance(table, dict):
        raise r.fail("[assumptions]", "must be a table of dotted path = text")
    for path, text in table.items():
        where = f'[assumptions]."{path}"'
        node: Any = r.doc
        for part in path.split("."):
            if not isinstance(node, dict) or part not in node:
                raise r.fail(where, f"names no key of this file ({path!r})")
            node = node[part]
        if not isinstance(text, str) or not text.strip():
            raise r.fail(where, "must be a non-empty string")
        r.notes.append(Note(r.name, path, "assumption", text))


def _meta(r: _Reader) -> dict[str, str]:
    meta = r.table(r.doc.pop("meta", {}), "[meta]", (), META_KEYS)
    return {k: r.str_(v, f"[meta].{k}") for k, v in meta.items() if k in META_KEYS}


# --------------------------------------------------------------------------- effects parsing


@dataclass
class _Refs:
    """What effects may refer to; filled in as the files are read."""

    buildings: Mapping[str, Building] = field(default_factory=dict)
    places: frozenset[str] = frozenset()
    ambassadors: tuple[str, ...] = ()


def _param(r: _Reader, tag: str, value: Any, where: str, refs: _Refs) -> Any:
    if tag == "goods":
        return r.goods(value, where, nonempty=True)
    if tag == "goods0":
        return r.goods(value, where)
    if tag == "count":
        return r.int_(value, where, 1)
    if tag == "natural":
        return r.int_(value, where, 0)
    if tag == "bool":
        return r.bool_(value, where)
    if tag == "storable":
        return r.str_(value, where, STORABLE, "good")
    if tag == "worker":
        return r.str_(value, where, WORKER_TYPES, "worker type")
    if tag == "building":
        return r.str_(value, where, refs.buildings, "building")
    if tag == "place":
        return r.str_(value, where, sorted(refs.places), "place")
    if tag == "ambassador":
        return r.str_(value, where, refs.ambassadors, "special ambassador")
    if tag == "fee_part":
        return r.str_(value, where, FEE_PARTS, "fee part")
    if tag == "period":
        return r.str_(value, where, PERIODS, "period")
    if tag == "mode":
        return r.str_(value, where, ("trade", "swap_places"), "mode")
    if tag == "recipes":
        return r.recipes(value, where)
    if tag == "options":
        return r.options(value, where)
    if tag == "trades":
        return r.trades(value, where)
    if tag == "pairs":
        return r.pairs(value, where)
    if tag == "workers":
        return r.counts(value, where, WORKER_TYPES, "worker type")
    raise AssertionError(tag)   # pragma: no cover - a typo in _EFFECTS


def _effect(r: _Reader, value: Any, where: str, allowed: frozenset[str], refs: _Refs) -> Effect:
    """One effect table ``{kind = ..., params}``, checked against the kind's parameters."""
    if not isinstance(value, dict):
        raise r.fail(where, f"an effect must be a table with a kind, found {_short(value)}")
    kind = r.str_(value.get("kind"), _at(where, "kind"), sorted(allowed), "effect kind")
    cls, params = _EFFECTS[kind]
    t = r.table(value, where, {"kind"} | {p.key for p in params if p.required},
                {p.key for p in params if not p.required})
    kwargs = {p.attr: _param(r, p.tag, t[p.key], _at(where, p.key), refs)
              for p in params if p.key in t}
    effect = cls(**kwargs)
    _check_effect(r, effect, where, refs)
    return effect


def _check_effect(r: _Reader, e: Effect, where: str, refs: _Refs) -> None:
    """Checks one parameter cannot make alone: modes, pairs, buildings of the right kind."""
    if isinstance(e, MarketAlternative):
        if e.mode == "trade" and (not e.trades or e.adjacent):
            raise r.fail(where, "mode \"trade\" needs trades and no adjacent")
        if e.mode == "swap_places" and (e.trades or e.limit is not None):
            raise r.fail(where, "mode \"swap_places\" takes no trades or limit")
    elif isinstance(e, ExchangeOnReceive):
        for i, (a, b) in enumerate(e.pairs):
            if a == b:
                raise r.fail(f"{where}.pairs[{i}]", "a pair needs two different goods")
    elif isinstance(e, BuildingBonus):
        producer = refs.buildings[e.building]
        if producer.kind not in ("production", "sustenance", "money"):
            raise r.fail(_at(where, "building"), f"{e.building!r} produces nothing")
        for good in e.goods:
            if good not in producer.output:
                raise r.fail(_at(where, "goods"), f"{e.building!r} does not produce {good!r}")
    elif isinstance(e, BuildingStorage | ReplaceBuilding):
        name = e.building if isinstance(e, BuildingStorage) else e.source
        if refs.buildings[name].kind != "storage":
            raise r.fail(where, f"{name!r} is not a Storage Facility")
    elif isinstance(e, ExtraRemodel) and refs.buildings[e.target].upgrade_of is None:
        raise r.fail(_at(where, "to"), f"{e.target!r} is built, not remodelled")
    elif isinstance(e, CountsAs) and refs.buildings[e.building].effect is None:
        raise r.fail(_at(where, "building"), f"{e.building!r} has no effect to count as")


def _effects(r: _Reader, value: Any, where: str, allowed: frozenset[str],
             refs: _Refs) -> tuple[Effect, ...]:
    items = r.list_(value, where, 1)
    return tuple(_effect(r, v, f"{where}[{i}]", allowed, refs) for i, v in enumerate(items))


# --------------------------------------------------------------------------- buildings.toml

_BUILDING_REQUIRED = {"name", "era", "kind", "cost", "value", "worker", "box_count"}
_BUILDING_OPTIONAL = {"upgrade_of", "workers", "houses", "output", "buffer", "storage", "limit",
                      "other_side", "effect"}
# the optional keys each kind needs (required) and forbids (all others)
_BUILDING_KIND_KEYS: dict[str, set[str]] = {
    "residence": {"houses"}, "storage": {"storage"}, "production": {"output", "buffer"},
    "sustenance": {"output", "buffer"}, "money": {"output", "buffer"}, "special": {"effect"}}


def _buildings(r: _Reader, eras: int, refs: _Refs) -> dict[str, Building]:
    _meta(r)
    out: dict[str, Building] = {}
    for slug, raw in r.doc.items():
        w = f"[{slug}]"
        r.slug(slug, w)
        t = r.table(raw, w, _BUILDING_REQUIRED, _BUILDING_OPTIONAL)
        kind = r.str_(t["kind"], f"{w}.kind", BUILDING_KINDS, "building kind")
        needs = _BUILDING_KIND_KEYS[kind]
        for key in sorted(needs - set(t)):
            raise r.fail(f"{w}.{key}", f"missing (a {kind} building needs it)")
        for key in ("houses", "output", "buffer", "storage"):
            if key in t and key not in needs:
                raise r.fail(f"{w}.{key}", f"not used by a {kind} building")
        worker = r.str_(t["worker"], f"{w}.worker", BUILDING_WORKERS, "worker")
        if kind == "residence" and worker != "none":
            raise r.fail(f"{w}.worker", "a Residence needs no Worker (\"none\")")
        workers = 0 if worker == "none" else 1
        if "workers" in t:
            workers = r.int_(t["workers"], f"{w}.workers", 0 if worker == "none" else 1,
                             0 if worker == "none" else None)
        houses: Mapping[str, int] = _empty()
        if "houses" in t:
            houses = r.counts(t["houses"], f"{w}.houses", WORKER_TYPES, "worker type")
            if len(houses) != 1:
                raise r.fail(f"{w}.houses", "a Residence houses one Colonist type")
        output: Goods = _empty()
        buffer = 0
        if "output" in t:
            allowed = {"production": BUILDING_RESOURCES, "sustenance": SUSTENANCE,
                       "money": ("dollars",)}[kind]
            output = r.goods(t["output"], f"{w}.output", allowed, nonempty=True)
            buffer = r.int_(t["buffer"], f"{w}.buffer")
            batch = 0 if kind == "money" else sum(output.values())
            if buffer != batch:
                raise r.fail(f"{w}.buffer", f"must be {batch}: a Buffer holds one batch of "
                             "stored goods (Dollars go to the Toolbox)")
        effect = None
        if "effect" in t:
            effect = _effect(r, t["effect"], f"{w}.effect", BUILDING_EFFECTS, refs)
        out[slug] = Building(
            slug=slug, name=r.str_(t["name"], f"{w}.name"),
            era=r.int_(t["era"], f"{w}.era", 0, eras), kind=kind,
            upgrade_of=r.slug(t["upgrade_of"], f"{w}.upgrade_of") if "upgrade_of" in t else None,
            cost=r.goods(t["cost"], f"{w}.cost", nonempty=True),
            value=r.int_(t["value"], f"{w}.value"), worker=worker, workers=workers,
            houses=houses, output=output, buffer=buffer,
            storage=r.int_(t["storage"], f"{w}.storage", 1) if "storage" in t else 0,
            limit=r.opt_int(t, w, "limit", 1), box_count=r.int_(t["box_count"], f"{w}.box_count"),
            other_side=r.slug(t["other_side"], f"{w}.other_side") if "other_side" in t else None,
            effect=effect)
    if not out:
        raise r.fail("", "no buildings")
    for slug, b in out.items():
        w = f"[{slug}]"
        if b.upgrade_of is not None:
            source = out.get(b.upgrade_of)
            if source is None:
                raise r.fail(f"{w}.upgrade_of", unknown("building", b.upgrade_of, out))
            if source.kind != b.kind:
                raise r.fail(f"{w}.upgrade_of", f"a {b.kind} building cannot be remodelled "
                             f"from the {source.kind} building {source.slug!r}")
            if source.era > b.era:
                raise r.fail(f"{w}.upgrade_of", f"{source.slug!r} comes in a later Era")
            seen = [slug]
            step: Building | None = b
            while step is not None and step.upgrade_of is not None:
                if step.upgrade_of in seen:
                    raise r.fail(f"{w}.upgrade_of", "remodelling chain loops: "
                                 + " <- ".join([*seen, step.upgrade_of]))
                seen.append(step.upgrade_of)
                step = out.get(step.upgrade_of)
        if b.other_side is not None:
            other = out.get(b.other_side)
            if other is None:
                raise r.fail(f"{w}.other_side", unknown("building", b.other_side, out))
            if other.other_side != slug or other.slug == slug:
                raise r.fail(f"{w}.other_side", f"{other.slug!r} must name {slug!r} back")
            if other.box_count != b.box_count:
                raise r.fail(f"{w}.box_count", f"differs from the other side {other.slug!r} "
                             "(one count per double-sided tile)")
    return out


# --------------------------------------------------------------------------- game.toml


def _game(r: _Reader) -> dict[str, Any]:
    """game.toml, as keyword arguments for ColonistsData (cross-references checked later)."""
    meta = _meta(r)
    r.table(r.doc, "", {"setup", "spots", "sustenance", "scoring", "cards", "movement",
                        "building", "calendar", "smithy", "later_era", "embassy",
                        "components"})
    s = r.table(r.doc["setup"], "[setup]", {
        "colonies", "starting_tiles", "starting_places", "basic_storage", "warehouse_lots",
        "start_buildings", "start_storage", "start_warehouse", "start_toolbox", "stewards",
        "range"}, {"max_warehouse_lots"})
    w = "[setup]"
    store = r.table(s["start_storage"], f"{w}.start_storage", {"choose", "count"})
    setup = Setup(
        colonies=r.int_(s["colonies"], f"{w}.colonies", 1),
        starting_tiles=r.int_(s["starting_tiles"], f"{w}.starting_tiles", 1),
        starting_places=r.int_(s["starting_places"], f"{w}.starting_places", 1),
        basic_storage=r.int_(s["basic_storage"], f"{w}.basic_storage"),
        warehouse_lots=r.int_(s["warehouse_lots"], f"{w}.warehouse_lots"),
        start_buildings=_slug_counts(r, s["start_buildings"], f"{w}.start_buildings"),
        start_storage_choice=r.strs(store["choose"], f"{w}.start_storage.choose", STORABLE,
                                    "good"),
        start_storage_count=r.int_(store["count"], f"{w}.start_storage.count"),
        start_warehouse=r.goods(s["start_warehouse"], f"{w}.start_warehouse", STORABLE),
        start_toolbox=r.goods(s["start_toolbox"], f"{w}.start_toolbox", TOOLBOX),
        stewards=r.int_(s["stewards"], f"{w}.stewards", 1),
        range=r.int_(s["range"], f"{w}.range", 1),
        max_warehouse_lots=r.opt_int(s, w, "max_warehouse_lots", 1))
    if setup.max_warehouse_lots is not None and setup.max_warehouse_lots < setup.warehouse_lots:
        raise r.fail(f"{w}.max_warehouse_lots", "fewer than warehouse_lots")
    if setup.starting_places > setup.starting_tiles:
        raise r.fail(f"{w}.starting_places", "more than starting_tiles")
    if setup.start_storage_count > setup.basic_storage:
        raise r.fail(f"{w}.start_storage.count", "more than the Basic Storage holds")
    if sum(setup.start_warehouse.values()) > setup.warehouse_lots:
        raise r.fail(f"{w}.start_warehouse", "more than the Warehouse lots hold")

    sp = r.table(r.doc["spots"], "[spots]", {"era_one_only", "standard", "with_community_hall",
                                             "storage_facility", "borderland"})
    border = r.list_(sp["borderland"], "[spots].borderland", 2, 2)
    spots = Spots(r.int_(sp["era_one_only"], "[spots].era_one_only", 1),
                  r.int_(sp["standard"], "[spots].standard", 1),
                  r.int_(sp["with_community_hall"], "[spots].with_community_hall", 1),
                  r.int_(sp["storage_facility"], "[spots].storage_facility"),
                  (r.int_(border[0], "[spots].borderland[0]", 1),
                   r.int_(border[1], "[spots].borderland[1]", 1)))
    if spots.borderland != (spots.standard + 1, spots.with_community_hall):
        raise r.fail("[spots].borderland", f"must be [{spots.standard + 1}, "
                     f"{spots.with_community_hall}]: the spots beyond the standard ones")
    if spots.era_one_only > spots.standard:
        raise r.fail("[spots].era_one_only", "more than the standard side")

    sus = r.table(r.doc["sustenance"], "[sustenance]", WORKER_TYPES)
    sustenance = MappingProxyType({k: r.goods(sus[k], f"[sustenance].{k}", SUSTENANCE)
                                   for k in WORKER_TYPES})
    sc = r.table(r.doc["scoring"], "[scoring]", {"worker"})
    worker_value = r.counts(sc["worker"], "[scoring].worker", WORKER_TYPES, "worker type", 0)
    if set(worker_value) != set(WORKER_TYPES):
        raise r.fail("[scoring].worker", f"needs a value for each of {', '.join(WORKER_TYPES)}")
    cards = r.table(r.doc["cards"], "[cards]", {"hand_limit"})
    mv = r.table(r.doc["movement"], "[movement]", {"max_stewards", "max_range",
                                                    "ambassador_range", "ambassadors"})
    ambassadors = mv["ambassadors"]
    if not isinstance(ambassadors, list):
        raise r.fail("[movement].ambassadors", "must be a list of slugs")
    movement = Movement(
        r.int_(mv["max_stewards"], "[movement].max_stewards", setup.stewards),
        r.int_(mv["max_range"], "[movement].max_range", setup.range),
        r.int_(mv["ambassador_range"], "[movement].ambassador_range", 1),
        tuple(r.slug(a, f"[movement].ambassadors[{i}]") for i, a in enumerate(ambassadors)))
    bt = r.table(r.doc["building"], "[building]", {"raze_tools"})

    cal = r.table(r.doc["calendar"], "[calendar]", {
        "eras", "years_per_era", "half_years", "turns_per_half_year", "places_per_year",
        "place_years"})
    w = "[calendar]"
    halves = r.list_(cal["half_years"], f"{w}.half_years", 1)
    calendar = Calendar(
        r.int_(cal["eras"], f"{w}.eras", 1), r.int_(cal["years_per_era"], f"{w}.years_per_era", 1),
        tuple(r.slug(h, f"{w}.half_years[{i}]") for i, h in enumerate(halves)),
        r.int_(cal["turns_per_half_year"], f"{w}.turns_per_half_year", 1),
        r.int_(cal["places_per_year"], f"{w}.places_per_year"),
        r.int_(cal["place_years"], f"{w}.place_years"))
    if calendar.place_years > calendar.years_per_era:
        raise r.fail(f"{w}.place_years", "more than years_per_era")

    sm = r.table(r.doc["smithy"], "[smithy]", {"output"})
    smithy = r.goods(sm["output"], "[smithy].output", ("tools",))

    le = r.table(r.doc["later_era"], "[later_era]", {
        "permanent_improvements_per_skipped_era", "hand_improvements_from_last_skipped_era",
        "free_goods", "max_money_buildings", "budget", "goods"})
    w = "[later_era]"
    budget: dict[int, Budget] = {}
    raw_budget = r.table(le["budget"], f"{w}.budget", (),
                         [str(e) for e in range(2, calendar.eras + 1)])
    for key in raw_budget:
        if key in NOTE_KINDS:
            continue
        bw = f"{w}.budget.{key}"
        b = r.table(raw_budget[key], bw, {"embassies", "buildings", "goods", "tools"})
        budget[int(key)] = Budget(*(r.int_(b[k], f"{bw}.{k}") for k in
                                    ("embassies", "buildings", "goods", "tools")))
    raw_goods = r.table(le["goods"], f"{w}.goods", STORABLE)
    setup_goods = {}
    for good in STORABLE:
        gw = f"{w}.goods.{good}"
        g = r.table(raw_goods[good], gw, {"value", "from_era"})
        setup_goods[good] = SetupGood(r.int_(g["value"], f"{gw}.value", 1),
                                      r.int_(g["from_era"], f"{gw}.from_era", 1, calendar.eras))
    later_era = LaterEra(
        r.int_(le["permanent_improvements_per_skipped_era"],
               f"{w}.permanent_improvements_per_skipped_era"),
        r.int_(le["hand_improvements_from_last_skipped_era"],
               f"{w}.hand_improvements_from_last_skipped_era"),
        r.goods(le["free_goods"], f"{w}.free_goods", STORABLE),
        r.int_(le["max_money_buildings"], f"{w}.max_money_buildings"),
        MappingProxyType(budget), MappingProxyType(setup_goods))

    em = r.table(r.doc["embassy"], "[embassy]", {"per_colony", "level"})
    levels_raw = r.table(em["level"], "[embassy].level", (), [str(n) for n in range(1, 10)])
    numbers = sorted(int(k) for k in levels_raw if k not in NOTE_KINDS)
    if numbers != list(range(1, len(numbers) + 1)) or not numbers:
        raise r.fail("[embassy].level", "levels must be 1, 2, ... without gaps")
    embassy_levels = {}
    for n in numbers:
        lw = f"[embassy.level.{n}]"
        lt = r.table(levels_raw[str(n)], lw, {"cost", "value"})
        embassy_levels[n] = EmbassyLevel(n, r.goods(lt["cost"], f"{lw}.cost", nonempty=True),
                                         r.int_(lt["value"], f"{lw}.value"))

    return dict(
        title=meta.get("title", ""), status=meta.get("status", ""), setup=setup, spots=spots,
        sustenance=sustenance, worker_value=worker_value,
        hand_limit=r.int_(cards["hand_limit"], "[cards].hand_limit", 1), movement=movement,
        raze_tools=r.int_(bt["raze_tools"], "[building].raze_tools"), calendar=calendar,
        smithy=smithy, later_era=later_era,
        embassy_per_colony=r.int_(em["per_colony"], "[embassy].per_colony", 1),
        embassy_levels=MappingProxyType(embassy_levels),
        components=_components(r, movement))


def _slug_counts(r: _Reader, value: Any, where: str) -> Mapping[str, int]:
    """``{slug = count}`` whose slugs are checked against another file later."""
    if not isinstance(value, dict):
        raise r.fail(where, f"must be a table of slug = count, found {_short(value)}")
    for key, count in value.items():
        r.slug(key, _at(where, key))
        r.int_(count, _at(where, key), 1)
    return MappingProxyType(dict(value))


def _components(r: _Reader, movement: Movement) -> Components:
    w = "[components]"
    c = r.table(r.doc["components"], w, {
        "enforce_box_counts", "players", "stewards_per_player",
        "embassy_tiles_per_colony_and_player", "warehouse_extensions", "basic_storage_upgrades",
        "storage_facilities_per_set", "colonists", "goods", "tool_tokens", "dollar_tokens",
        "improvements", "market_cards", "balance_cards", "era_cards", "colony_overviews"})
    players = r.list_(c["players"], f"{w}.players", 2, 2)
    low = r.int_(players[0], f"{w}.players[0]", 1)
    high = r.int_(players[1], f"{w}.players[1]", low)
    extensions = []
    for i, raw in enumerate(r.list_(c["warehouse_extensions"], f"{w}.warehouse_extensions")):
        ew = f"{w}.warehouse_extensions[{i}]"
        e = r.table(raw, ew, {"lots", "count"})
        lots = r.list_(e["lots"], f"{ew}.lots", 1)
        extensions.append(WarehouseExtension(
            tuple(r.int_(n, f"{ew}.lots[{j}]", 1) for j, n in enumerate(lots)),
            r.int_(e["count"], f"{ew}.count", 1)))
    tokens_raw = c["dollar_tokens"]
    if not isinstance(tokens_raw, dict):
        raise r.fail(f"{w}.dollar_tokens", "must be a table of denomination = tokens")
    tokens = {}
    for key, count in tokens_raw.items():
        value = decimal(key)
        if value is None or value < 1:
            raise r.fail(f"{w}.dollar_tokens.{key}", "a denomination is a positive integer")
        tokens[value] = r.int_(count, f"{w}.dollar_tokens.{key}", 1)
    per_player = r.int_(c["stewards_per_player"], f"{w}.stewards_per_player", 1)
    if per_player < movement.max_stewards:
        raise r.fail(f"{w}.stewards_per_player", f"fewer than [movement].max_stewards "
                     f"({movement.max_stewards})")
    return Components(
        enforce_box_counts=r.bool_(c["enforce_box_counts"], f"{w}.enforce_box_counts"),
        min_players=low, max_players=high, stewards_per_player=per_player,
        embassy_tiles_per_colony_and_player=r.int_(
            c["embassy_tiles_per_colony_and_player"], f"{w}.embassy_tiles_per_colony_and_player"),
        warehouse_extensions=tuple(extensions),
        basic_storage_upgrades=r.int_(c["basic_storage_upgrades"],
                                      f"{w}.basic_storage_upgrades"),
        storage_facilities_per_set=r.int_(c["storage_facilities_per_set"],
                                          f"{w}.storage_facilities_per_set"),
        colonists=r.counts(c["colonists"], f"{w}.colonists", WORKER_TYPES, "worker type"),
        goods=r.goods(c["goods"], f"{w}.goods", STORABLE),
        tool_tokens=r.int_(c["tool_tokens"], f"{w}.tool_tokens"),
        dollar_tokens=MappingProxyType(tokens),
        improvements=r.int_(c["improvements"], f"{w}.improvements"),
        market_cards=r.int_(c["market_cards"], f"{w}.market_cards"),
        balance_cards=r.int_(c["balance_cards"], f"{w}.balance_cards"),
        era_cards=r.int_(c["era_cards"], f"{w}.era_cards"),
        colony_overviews=r.int_(c["colony_overviews"], f"{w}.colony_overviews"))


# --------------------------------------------------------------------------- places.toml

_PLACE_KEYS: dict[str, tuple[set[str], set[str]]] = {      # type -> (required, optional)
    "resource": ({"gain"}, set()),
    "sustainer": ({"gain", "sell"}, set()),
    "builder": ({"builds"}, {"limit"}),
    "refiner": ({"recipes"}, {"limit"}),
    "other": ({"kind"}, {"gain", "draw", "play", "swap_places"}),
}
_OTHER_KEYS: dict[str, set[str]] = {     # other kind -> its number keys (required)
    "developer": {"play"}, "librarian": {"draw"}, "diplomat": set(), "head_official": set(),
    "chief_officer": {"swap_places"}}


def _places(r: _Reader, eras: int, buildings: Mapping[str, Building]
            ) -> tuple[dict[str, MarketPiece], tuple[Place, ...]]:
    _meta(r)
    era_keys = [f"era_{n}" for n in range(eras + 1)]
    r.table(r.doc, "", ["markets", *era_keys])
    markets: dict[str, MarketPiece] = {}
    raw_markets = r.doc["markets"]
    if not isinstance(raw_markets, dict) or not raw_markets:
        raise r.fail("[markets]", "needs at least one Market piece")
    for slug, raw in raw_markets.items():
        w = f"[markets.{slug}]"
        r.slug(slug, w)
        t = r.table(raw, w, {"name", "copies", "cells", "variant"})
        markets[slug] = MarketPiece(slug, r.str_(t["name"], f"{w}.name"),
                                    r.int_(t["copies"], f"{w}.copies", 1),
                                    r.int_(t["cells"], f"{w}.cells", 1, 2),
                                    r.bool_(t["variant"], f"{w}.variant"))
    places: list[Place] = []
    first: dict[str, Place] = {}
    for era in range(eras + 1):
        tiles = r.doc[f"era_{era}"]
        if not isinstance(tiles, dict):
            raise r.fail(f"[era_{era}]", "must be a table of Places")
        for slug, raw in tiles.items():
            w = f"[era_{era}.{slug}]"
            r.slug(slug, w)
            place = _place(r, w, slug, era, raw, buildings)
            earlier = first.get(slug)
            if earlier is not None and earlier.action() != place.action():
                raise r.fail(w, f"differs from the earlier {earlier.key!r} (a Place printed "
                             "again must have the same name, type and action)")
            first.setdefault(slug, place)
            places.append(place)
    # a replacing tile needs a tile of an earlier Era still on the board to take the spot of
    on_board: dict[str, int] = {}
    for era in range(eras + 1):
        for place in (p for p in places if p.era == era):
            for i, target in enumerate(place.replaces):
                if target not in on_board:
                    raise r.fail(f"[{place.key}].replaces[{i}]",
                                 f"no Place {target!r} of an earlier Era to replace")
            missing = place.copies
            for target in place.replaces:
                taken = min(missing, on_board[target])
                on_board[target] -= taken
                missing -= taken
            if place.replaces and missing:
                raise r.fail(f"[{place.key}].replaces", "every copy of "
                             f"{' / '.join(place.replaces)} is replaced already")
        for place in (p for p in places if p.era == era and not p.intro_only):
            on_board[place.slug] = on_board.get(place.slug, 0) + place.copies
    return markets, tuple(places)


def _place(r: _Reader, w: str, slug: str, era: int, raw: Any,
           buildings: Mapping[str, Building]) -> Place:
    if not isinstance(raw, dict):
        raise r.fail(w, f"must be a table, found {_short(raw)}")
    ptype = r.str_(raw.get("type"), f"{w}.type", PLACE_TYPES, "place type")
    if ptype == "market":
        raise r.fail(f"{w}.type", "Markets are pieces: list them under [markets]")
    required, optional = _PLACE_KEYS[ptype]
    t = r.table(raw, w, {"name", "type", "copies"} | required,
                {"replaces", "intro_only", "by_era_card"} | optional)
    kw: dict[str, Any] = {}
    if "replaces" in t:
        items = r.list_(t["replaces"], f"{w}.replaces", 1)
        kw["replaces"] = tuple(r.slug(v, f"{w}.replaces[{i}]") for i, v in enumerate(items))
    for flag in ("intro_only", "by_era_card"):
        if flag in t:
            kw[flag] = r.bool_(t[flag], f"{w}.{flag}")
    if kw.get("intro_only") and era != 0:
        raise r.fail(f"{w}.intro_only", "only a starting Place (Era 0) is intro-only")
    if kw.get("by_era_card") and era == 0:
        raise r.fail(f"{w}.by_era_card", "starting Places are not put out by an Era card")
    if "gain" in t:
        kw["gain"] = r.goods(t["gain"], f"{w}.gain", nonempty=True)
    if "sell" in t:
        kw["sell"] = r.recipe(t["sell"], f"{w}.sell")
    if "builds" in t:
        items = r.list_(t["builds"], f"{w}.builds", 1)
        kw["builds"] = tuple(r.str_(v, f"{w}.builds[{i}]", buildings, "building")
                             for i, v in enumerate(items))
    if "recipes" in t:
        kw["recipes"] = r.recipes(t["recipes"], f"{w}.recipes")
    if "limit" in t:
        kw["limit"] = r.int_(t["limit"], f"{w}.limit", 1)
    if ptype == "other":
        kind = r.str_(t["kind"], f"{w}.kind", OTHER_KINDS, "kind")
        kw["kind"] = kind
        numbers = _OTHER_KEYS[kind]
        for key in ("draw", "play", "swap_places"):
            if key in t and key not in numbers:
                raise r.fail(f"{w}.{key}", f"not used by a {kind}")
            if key in numbers:
                if key not in t:
                    raise r.fail(f"{w}.{key}", f"missing (a {kind} needs it)")
                kw[key] = r.int_(t[key], f"{w}.{key}", 1)
    return Place(slug=slug, era=era, name=r.str_(t["name"], f"{w}.name"), type=ptype,
                 copies=r.int_(t["copies"], f"{w}.copies", 1), **kw)


# --------------------------------------------------------------------------- eras.toml


def _eras(r: _Reader, calendar: Calendar, markets: Mapping[str, MarketPiece],
          places: tuple[Place, ...], colony_levels: int) -> dict[int, Era]:
    _meta(r)
    r.table(r.doc, "", {"era"})
    numbers = [str(n) for n in range(1, calendar.eras + 1)]
    table = r.table(r.doc["era"], "[era]", numbers)
    out: dict[int, Era] = {}
    for n in range(1, calendar.eras + 1):
        w = f"[era.{n}]"
        t = r.table(table[str(n)], w, {
            "name", "fee", "max_colony_level", "market_cards", "market_cards_used",
            "improvements", "places", "first_step"})
        fw = f"{w}.fee"
        f = r.table(t["fee"], fw, {"sustenance_or_tool", "building_resources"})
        fee = Fee(r.strs(f["sustenance_or_tool"], f"{fw}.sustenance_or_tool",
                         ("tools", *SUSTENANCE), "good"),
                  r.int_(f["building_resources"], f"{fw}.building_resources"))
        cards = r.int_(t["market_cards"], f"{w}.market_cards", 1)
        out[n] = Era(
            number=n, name=r.str_(t["name"], f"{w}.name"), fee=fee,
            max_colony_level=r.int_(t["max_colony_level"], f"{w}.max_colony_level", 1,
                                    colony_levels),
            market_cards=cards,
            market_cards_used=r.int_(t["market_cards_used"], f"{w}.market_cards_used", 1, cards),
            improvements=r.int_(t["improvements"], f"{w}.improvements", 1),
            places=r.int_(t["places"], f"{w}.places"),
            first_step=_first_step(r, t["first_step"], f"{w}.first_step", n, markets, places))
        if out[n].places != calendar.places_per_year * calendar.place_years:
            raise r.fail(f"{w}.places", f"{calendar.places_per_year} Places in each of "
                         f"{calendar.place_years} Years make "
                         f"{calendar.places_per_year * calendar.place_years}")
    return out


def _first_step(r: _Reader, value: Any, w: str, era: int, markets: Mapping[str, MarketPiece],
                places: tuple[Place, ...]) -> FirstStep:
    if not isinstance(value, dict):
        raise r.fail(w, f"must be a table with a kind, found {_short(value)}")
    kind = r.str_(value.get("kind"), f"{w}.kind", FIRST_STEPS, "first step")
    if kind == "add_market":
        t = r.table(value, w, {"kind", "market", "at_setup"})
        return FirstStep(kind, market=r.str_(t["market"], f"{w}.market", markets, "market"),
                         at_setup=r.bool_(t["at_setup"], f"{w}.at_setup"))
    if kind == "add_colony":
        t = r.table(value, w, {"kind", "colonies"}, {"optional_market"})
        extra = None
        if "optional_market" in t:
            extra = r.str_(t["optional_market"], f"{w}.optional_market", markets, "market")
        return FirstStep(kind, colonies=r.int_(t["colonies"], f"{w}.colonies", 1),
                         optional_market=extra)
    t = r.table(value, w, {"kind", "remove", "place"})
    mine = [p for p in places if p.era == era and p.by_era_card]
    place = r.str_(t["place"], f"{w}.place", [p.slug for p in mine],
                   f"Place of Era {era} with by_era_card")
    remove = r.str_(t["remove"], f"{w}.remove", [p.slug for p in places if p.era < era],
                    "earlier Place")
    if remove not in next(p for p in mine if p.slug == place).replaces:
        raise r.fail(f"{w}.remove", f"{place!r} does not list {remove!r} in its replaces")
    return FirstStep(kind, remove=remove, place=place)


# --------------------------------------------------------------------------- market_cards.toml


def _market_cards(r: _Reader, eras: int, refs: _Refs) -> dict[str, MarketCard]:
    _meta(r)
    r.table(r.doc, "", [f"era_{n}" for n in range(1, eras + 1)])
    out: dict[str, MarketCard] = {}
    for era in range(1, eras + 1):
        cards = r.doc[f"era_{era}"]
        if not isinstance(cards, dict):
            raise r.fail(f"[era_{era}]", "must be a table of Market cards")
        for slug, raw in cards.items():
            w = f"[era_{era}.{slug}]"
            r.slug(slug, w)
            t = r.table(raw, w, {"name", "sales", "subsidy", "action"})
            sales = r.list_(t["sales"], f"{w}.sales", 2, 2)
            sale = tuple(r.recipe(v, f"{w}.sales[{i}]") for i, v in enumerate(sales))
            for i, offer in enumerate(sale):
                for part, goods, allowed in (("give", offer.give, STORABLE),
                                             ("get", offer.get, ("dollars",))):
                    for good in goods:
                        if good not in allowed:
                            raise r.fail(f"{w}.sales[{i}].{part}", f"good {good!r} not "
                                         f"allowed here (allowed: {', '.join(allowed)})")
            subsidy = r.list_(t["subsidy"], f"{w}.subsidy", 1, 2)
            out[f"era_{era}.{slug}"] = MarketCard(
                key=f"era_{era}.{slug}", slug=slug, era=era, name=r.str_(t["name"], f"{w}.name"),
                sales=sale,
                subsidy=tuple(r.goods(v, f"{w}.subsidy[{i}]", nonempty=True)
                              for i, v in enumerate(subsidy)),
                action=_market_action(r, t["action"], f"{w}.action", refs))
    return out


def _market_action(r: _Reader, value: Any, w: str, refs: _Refs) -> MarketAction:
    if not isinstance(value, dict):
        raise r.fail(w, f"must be a table with a kind, found {_short(value)}")
    kind = r.str_(value.get("kind"), f"{w}.kind", MARKET_ACTIONS, "market action")
    if kind in ("build", "remodel"):
        t = r.table(value, w, {"kind", "building", "cost", "limit"})
        building = r.str_(t["building"], f"{w}.building", refs.buildings, "building")
        if (refs.buildings[building].upgrade_of is not None) != (kind == "remodel"):
            raise r.fail(f"{w}.kind", f"{building!r} is "
                         + ("remodelled: use kind \"remodel\"" if kind == "build"
                            else "built on a spot: use kind \"build\""))
        return MarketAction(kind, building=building,
                            cost=r.goods(t["cost"], f"{w}.cost", nonempty=True),
                            limit=r.int_(t["limit"], f"{w}.limit", 1))
    if kind == "refine":
        t = r.table(value, w, {"kind", "recipes", "limit"})
        return MarketAction(kind, recipes=r.recipes(t["recipes"], f"{w}.recipes"),
                            limit=r.int_(t["limit"], f"{w}.limit", 1))
    if kind == "librarian":
        t = r.table(value, w, {"kind", "draw", "limit"})
        return MarketAction(kind, draw=r.int_(t["draw"], f"{w}.draw", 1),
                            limit=r.int_(t["limit"], f"{w}.limit", 1))
    if kind == "head_official":
        r.table(value, w, {"kind"})
        return MarketAction(kind)
    t = r.table(value, w, {"kind", "swap_places"})
    return MarketAction(kind, swap_places=r.int_(t["swap_places"], f"{w}.swap_places", 1))


# --------------------------------------------------------------------------- improvements.toml


def _improvements(r: _Reader, eras: int, refs: _Refs) -> dict[int, Improvement]:
    _meta(r)
    out: dict[int, Improvement] = {}
    for key, raw in r.doc.items():
        w = f"[{key}]"
        number = decimal(key, 6)
        if number is None or key.startswith("0"):
            raise r.fail(w, "an Improvement is keyed by its card id (e.g. [101])")
        t = r.table(raw, w, {"era", "name", "kind", "cost", "text", "effects"}, {"value"})
        cid, era = number, r.int_(t["era"], f"{w}.era", 1, eras)
        if cid // 100 != era:
            raise r.fail(f"{w}.era", f"card {cid} belongs to Era {cid // 100} by its id")
        kind = r.str_(t["kind"], f"{w}.kind", IMPROVEMENT_KINDS, "improvement kind")
        if (kind == "permanent") != ("value" in t):
            raise r.fail(f"{w}.value", "permanent cards have a value, others none"
                         if kind == "permanent" else "only permanent cards score")
        allowed = (IMMEDIATE_EFFECTS if kind == "immediate"
                   else LIMITED_EFFECTS | {"gain"} if kind == "limited"
                   else IMPROVEMENT_EFFECTS - IMMEDIATE_EFFECTS - LIMITED_EFFECTS)
        effects = _effects(r, t["effects"], f"{w}.effects", allowed, refs)
        card = Improvement(
            id=cid, era=era, name=r.str_(t["name"], f"{w}.name"), kind=kind,
            cost=r.goods(t["cost"], f"{w}.cost"),
            value=r.int_(t["value"], f"{w}.value") if "value" in t else 0,
            text=r.str_(t["text"], f"{w}.text"), effects=effects)
        if kind == "limited":
            if sum(isinstance(e, Ticket | Horse | Apprentice) for e in effects) != 1:
                raise r.fail(f"{w}.effects", "a limited card has one use effect (ticket, "
                             "horse or apprentice)")
            if not card.uses:
                raise r.fail(f"{w}.cost", "a limited card needs Storage goods to put on it")
        out[cid] = card
    return out


# --------------------------------------------------------------------------- colonies.toml


def _colonies(r: _Reader, levels: int, refs: _Refs) -> dict[str, Colony]:
    _meta(r)
    out: dict[str, Colony] = {}
    numbers = [str(n) for n in range(1, levels + 1)]
    for slug, raw in r.doc.items():
        w = f"[{slug}]"
        r.slug(slug, w)
        t = r.table(raw, w, {"name", "level"})
        table = r.table(t["level"], f"{w}.level", numbers)
        colony_levels: dict[int, ColonyLevel] = {}
        ambassador: str | None = None
        for n in range(1, levels + 1):
            lw = f"[{slug}.level.{n}]"
            lt = r.table(table[str(n)], lw, {"text", "abilities"})
            abilities = _effects(r, lt["abilities"], f"{lw}.abilities", COLONY_EFFECTS, refs)
            mine = [a.ambassador for a in abilities if isinstance(a, Ambassador)]
            if ambassador is not None and mine != [ambassador]:
                raise r.fail(f"{lw}.abilities", f"must keep the {ambassador!r} ambassador of "
                             "the level below (each level lists everything in force)")
            ambassador = mine[0] if mine else ambassador
            colony_levels[n] = ColonyLevel(n, r.str_(lt["text"], f"{lw}.text"), abilities)
        out[slug] = Colony(slug, r.str_(t["name"], f"{w}.name"), MappingProxyType(colony_levels))
    unlocked = [c.ambassador for c in out.values() if c.ambassador is not None]
    for name in refs.ambassadors:
        if unlocked.count(name) != 1:
            raise r.fail("", f"the Special Ambassador {name!r} must be unlocked by exactly one "
                         f"Colony, found {unlocked.count(name)}")
    return out


# --------------------------------------------------------------------------- assembly


def _check_counts(files: dict[str, _Reader], data: dict[str, Any]) -> None:
    """The counts the Era cards and the component list promise, against the files."""
    eras_r, game_r = files["eras.toml"], files["game.toml"]
    eras: Mapping[int, Era] = data["eras"]
    places: tuple[Place, ...] = data["places"]
    setup: Setup = data["setup"]
    starting = [p for p in places if p.era == 0]
    if sum(p.copies for p in starting) != setup.starting_tiles:
        raise game_r.fail("[setup].starting_tiles", f"says {setup.starting_tiles}, places.toml "
                          f"has {sum(p.copies for p in starting)} starting tiles")
    usable = sum(p.copies for p in starting if not p.intro_only)
    if usable != setup.starting_places:
        raise game_r.fail("[setup].starting_places", f"says {setup.starting_places}, places.toml "
                          f"has {usable} starting Places that are not intro-only")
    for n, era in eras.items():
        drawn = sum(p.copies for p in places if p.era == n and p.drawn)
        if drawn != era.places:
            raise eras_r.fail(f"[era.{n}].places", f"says {era.places}, places.toml has {drawn} "
                              f"drawn Places of Era {n}")
        cards = len([c for c in data["market_cards"].values() if c.era == n])
        if cards != era.market_cards:
            raise eras_r.fail(f"[era.{n}].market_cards", f"says {era.market_cards}, "
                              f"market_cards.toml has {cards} cards of Era {n}")
        improvements = len([c for c in data["improvements"].values() if c.era == n])
        if improvements != era.improvements:
            raise eras_r.fail(f"[era.{n}].improvements", f"says {era.improvements}, "
                              f"improvements.toml has {improvements} cards of Era {n}")
    comp: Components = data["components"]
    for key, found in (("improvements", len(data["improvements"])),
                       ("market_cards", len(data["market_cards"])),
                       ("colony_overviews", len(data["colonies"]))):
        if getattr(comp, key) != found:
            raise game_r.fail(f"[components].{key}", f"says {getattr(comp, key)}, the data "
                              f"has {found}")
    wanted = setup.colonies + sum(e.first_step.colonies for e in eras.values())
    if wanted > len(data["colonies"]):
        raise game_r.fail("[setup].colonies", f"{wanted} Colonies come into play, colonies.toml "
                          f"has {len(data['colonies'])}")
    for slug in setup.start_buildings:
        if slug not in data["buildings"]:
            raise game_r.fail("[setup].start_buildings",
                              unknown("building", slug, data["buildings"]))


def load_data(folder: Path | str | None = None) -> ColonistsData:
    """The validated data set in ``folder`` (default: the bundled one), read once per folder."""
    path = DATA_DIR if folder is None else Path(folder)
    if not path.is_dir():
        raise DataError(f"{path}: (folder): not a folder of The Colonists data files")
    return _load(path.resolve())


@lru_cache(maxsize=16)
def _load(folder: Path) -> ColonistsData:
    notes: list[Note] = []
    files = {name: _read(folder, name, notes) for name in FILES}
    data = _game(files["game.toml"])
    calendar: Calendar = data["calendar"]
    refs = _Refs(ambassadors=data["movement"].ambassadors)
    buildings = _buildings(files["buildings.toml"], calendar.eras, refs)
    refs.buildings = MappingProxyType(buildings)
    markets, places = _places(files["places.toml"], calendar.eras, buildings)
    refs.places = frozenset(p.slug for p in places)
    data.update(
        buildings=refs.buildings, markets=MappingProxyType(markets), places=places,
        eras=MappingProxyType(_eras(files["eras.toml"], calendar, markets, places,
                                    len(data["embassy_levels"]))),
        market_cards=MappingProxyType(_market_cards(files["market_cards.toml"], calendar.eras,
                                                    refs)),
        improvements=MappingProxyType(_improvements(files["improvements.toml"], calendar.eras,
                                                    refs)),
        colonies=MappingProxyType(_colonies(files["colonies.toml"],
                                            len(data["embassy_levels"]), refs)))
    _check_counts(files, data)
    return ColonistsData(folder=folder, notes=tuple(notes), **data)


# --------------------------------------------------------------------------- immutability

def _same(self: Any, memo: dict[int, Any] | None = None) -> Any:
    return self


# The data set and everything in it are immutable (frozen dataclasses over read-only
# mappings) and shared by every state: copying one, even deeply, gives the same object.
for _cls in [v for v in list(globals().values())
             if isinstance(v, type) and v.__module__ == __name__ and
             getattr(getattr(v, "__dataclass_params__", None), "frozen", False)]:
    _cls.__deepcopy__ = _same  # type: ignore[attr-defined]
    _cls.__copy__ = _same  # type: ignore[attr-defined]
del _cls
