"""The Colonists' data set: its counts and values against the rulebook and the reference notes,
the documentation of every assumption, and the loader's refusal of broken data sets."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from referee.model.colonists.data import (
    DATA_DIR,
    EFFECT_KINDS,
    GOODS,
    MAX_FILE_BYTES,
    Ambassador,
    Apprentice,
    ColonistsData,
    Contract,
    DataError,
    ExtraRange,
    ExtraSteward,
    Horse,
    RangeBoost,
    Ticket,
    Warehouse,
    load_data,
)

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "colonists-data.md"


@pytest.fixture(scope="module")
def data() -> ColonistsData:
    return load_data()


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must occur once in {name}"
    path.write_text(text.replace(old, new))


def _refused(folder: Path) -> str:
    with pytest.raises(DataError) as info:
        load_data(folder)
    return str(info.value)


# --------------------------------------------------------------------------- counts


def test_62_place_tiles_as_in_the_component_list(data):
    assert sum(p.copies for p in data.places) == 62
    per_era = {era: sum(p.copies for p in data.places_of_era(era)) for era in range(5)}
    assert per_era == {0: 13, 1: 12, 2: 12, 3: 12, 4: 13}


def test_starting_places_without_the_day_laborer(data):
    starting = data.places_of_era(0)
    assert [p.slug for p in starting if p.intro_only] == ["day_laborer"]
    assert sum(p.copies for p in starting if not p.intro_only) == 12
    assert data.setup.starting_tiles == 13 and data.setup.starting_places == 12


def test_twelve_drawn_places_per_era_and_the_chief_officer_from_the_era_card(data):
    for era in range(1, 5):
        assert sum(p.copies for p in data.places_of_era(era) if p.drawn) == 12
    extra = [p for p in data.places if p.by_era_card]
    assert [(p.slug, p.era, p.replaces) for p in extra] == [("chief_officer", 4,
                                                              ("head_official",))]
    step = data.eras[4].first_step
    assert (step.kind, step.remove, step.place) == ("replace_place", "head_official",
                                                    "chief_officer")
    assert data.calendar.places_per_year * data.calendar.place_years == 12


def test_140_improvements_35_per_era_with_their_card_ids(data):
    assert len(data.improvements) == 140
    for era in range(1, 5):
        ids = sorted(c.id for c in data.improvements_of_era(era))
        assert ids == list(range(era * 100 + 1, era * 100 + 36))
        assert data.eras[era].improvements == 35


def test_28_market_cards_7_per_era_5_used(data):
    assert len(data.market_cards) == 28
    for era in range(1, 5):
        assert len(data.market_cards_of_era(era)) == 7
        assert data.eras[era].market_cards_used == 5
    assert all(len(card.sales) == 2 for card in data.market_cards.values())


def test_nine_colonies_with_four_levels_each(data):
    assert sorted(data.colonies) == ["alchemist", "altruist", "envoy", "industrialist",
                                     "laborer", "lord", "scholar", "storekeeper", "trader"]
    for colony in data.colonies.values():
        assert sorted(colony.levels) == [1, 2, 3, 4]
        assert all(level.text and level.abilities for level in colony.levels.values())


def test_building_tiles_match_the_component_list(data):
    """R: 202 Buildings (double-sided tiles count once) and 36 Storage Facilities."""
    tiles: dict[frozenset[str], int] = {}
    for b in data.buildings.values():
        tiles[frozenset({b.slug, b.other_side or b.slug})] = b.box_count
    storage = sum(n for sides, n in tiles.items()
                  if all(data.buildings[s].kind == "storage" for s in sides))
    assert sum(tiles.values()) - storage == 202
    assert storage == 36
    assert tiles[frozenset({"farm", "estate"})] == 32
    assert tiles[frozenset({"factory", "casino"})] == 20
    assert tiles[frozenset({"house", "community_hall"})] == 16


def test_every_building_of_the_brief_is_there(data):
    assert sorted(data.buildings) == sorted([
        "farm", "estate", "flat", "apartment", "house", "community_hall", "storage_shed",
        "storage_house", "storage_hall", "hunting_lodge", "hunting_grounds", "forester_house",
        "hollow", "iron_mine", "tailor_shop", "textile_mill", "pub", "theater", "casino",
        "library", "factory", "institute", "boardinghouse", "stables", "customs_office"])


# --------------------------------------------------------------------------- values


def test_storage_shed_and_foresters_house_use_the_cost_fields(data):
    shed = data.buildings["storage_shed"]
    assert dict(shed.cost) == {"tools": 1, "wood": 2}
    assert (shed.value, shed.storage, shed.worker, shed.limit) == (2, 2, "farmer", 3)
    forester = data.buildings["forester_house"]
    assert dict(forester.cost) == {"tools": 2, "wood": 3}
    assert dict(forester.output) == {"wood": 2} and forester.buffer == 2   # R's example
    # the Era I market cards confirm the builder costs (REF)
    assert dict(data.market_cards["era_1.storage_shed"].action.cost) == dict(shed.cost)
    assert dict(data.market_cards["era_1.forester_house"].action.cost) == dict(forester.cost)


def test_market_build_actions_charge_the_builder_cost(data):
    for card in data.market_cards.values():
        if card.action.kind in ("build", "remodel"):
            assert card.action.building is not None
            assert dict(card.action.cost) == dict(data.buildings[card.action.building].cost), \
                card.key


def test_embassy_levels(data):
    levels = {n: (dict(lv.cost), lv.value) for n, lv in data.embassy_levels.items()}
    assert levels == {
        1: ({"tools": 1, "wood": 3, "clay": 2}, 2),
        2: ({"tools": 1, "planks": 1, "bricks": 1}, 4),
        3: ({"tools": 2, "wood": 3, "clay": 3, "ore": 3}, 8),
        4: ({"tools": 2, "planks": 2, "bricks": 2, "iron": 1}, 14)}
    assert [data.eras[n].max_colony_level for n in range(1, 5)] == [1, 2, 3, 4]


def test_the_61_dollar_scoring_example_of_the_rulebook(data):
    """R: 6 Farms, 2 Flats, 2 Factories, 2 Forester's Houses and 3 Storage Sheds are worth 30
    Dollars; Beaver's Lodge and Loam Hollow 3 more; 6 hard Dollars; 5 Farmers and 2 Citizens
    at work; 61 in all. This holds with the data."""
    b = data.buildings
    buildings = (6 * b["farm"].value + 2 * b["flat"].value + 2 * b["factory"].value
                 + 2 * b["forester_house"].value + 3 * b["storage_shed"].value)
    assert buildings == 30
    cards = {c.name: c for c in data.improvements.values()}
    improvements = cards["Beaver's Lodge"].value + cards["Loam Hollow"].value
    assert improvements == 3
    workers = 5 * data.worker_value["farmer"] + 2 * data.worker_value["citizen"]
    assert buildings + improvements + 6 + workers == 61
    # the example's Farmers and Citizens have the jobs and homes the data gives them
    assert b["forester_house"].worker == b["storage_shed"].worker == "farmer"
    assert b["factory"].worker == "any" and dict(b["flat"].houses) == {"citizen": 1}


def test_only_permanent_improvements_score(data):
    for card in data.improvements.values():
        if card.kind != "permanent":
            assert card.value == 0, card.id


def test_rulebook_values(data):
    assert dict(data.worker_value) == {"farmer": 2, "citizen": 6, "merchant": 16}
    assert {k: dict(v) for k, v in data.sustenance.items()} == {
        "farmer": {}, "citizen": {"food": 1}, "merchant": {"food": 2, "robes": 1}}
    assert data.hand_limit == 6 and data.raze_tools == 2
    assert (data.setup.basic_storage, data.setup.warehouse_lots) == (3, 1)
    assert dict(data.setup.start_buildings) == {"farm": 2}
    assert dict(data.setup.start_warehouse) == {"food": 1}
    assert dict(data.setup.start_toolbox) == {"tools": 6}
    assert (data.spots.era_one_only, data.spots.standard, data.spots.with_community_hall,
            data.spots.storage_facility, data.spots.borderland) == (12, 20, 30, 3, (21, 30))
    assert (data.calendar.years_per_era, data.calendar.turns_per_half_year) == (5, 3)
    assert data.movement.ambassador_range == 2


def test_residences_follow_the_rulebooks_additional_colonists(data):
    """R: Estates and Apartments provide two additional Colonists, the Community Hall one."""
    b = data.buildings
    assert b["estate"].colonists == b["farm"].colonists + 2
    assert b["apartment"].colonists == b["flat"].colonists + 2
    assert b["community_hall"].colonists == b["house"].colonists + 1 == 2
    assert [b[s].upgrade_of for s in ("estate", "flat", "apartment", "house",
                                      "community_hall")] == ["farm", "farm", "flat", "flat",
                                                             "house"]


def test_institute_needs_two_farmers_and_library_none(data):
    assert (data.buildings["institute"].worker, data.buildings["institute"].workers) == (
        "farmer", 2)
    assert data.buildings["library"].workers == 0


def test_hunting_and_tailoring_are_sustenance_buildings(data):
    """REF §11 (from R) overrides the fan data: these generate in the Sustenance phase."""
    for slug in ("hunting_lodge", "hunting_grounds", "tailor_shop", "textile_mill"):
        assert data.buildings[slug].kind == "sustenance", slug


def test_fee_by_era(data):
    for n, era in data.eras.items():
        assert era.fee.building_resources == n
        assert ("robes" in era.fee.sustenance_or_tool) == (n >= 3)
        assert {"tools", "food"} <= set(era.fee.sustenance_or_tool)


def test_market_action_limits_from_the_reference(data):
    """REF §11: 1 everywhere except II-Planks 2, IV-Coal 2, IV-Planks 3, IV-Bricks 2; the Head
    Official and Chief cards have no number."""
    special = {"era_2.planks": 2, "era_4.coal": 2, "era_4.planks": 3, "era_4.bricks": 2}
    for key, card in data.market_cards.items():
        if card.action.kind in ("head_official", "chief_officer"):
            assert card.action.limit is None, key
        else:
            assert card.action.limit == special.get(key, 1), key


def test_stewards_range_and_warehouse_reach_the_rulebooks_maximum(data):
    """R: up to 4 Stewards (Envoy, Boardinghouses), Range up to 4, Warehouse up to 7 lots with
    the Altruist, Industrialist and Storekeeper."""
    boarding = data.buildings["boardinghouse"]
    assert isinstance(boarding.effect, ExtraSteward) and boarding.limit == 2
    envoy = data.abilities("envoy", 4)
    stewards = (data.setup.stewards + boarding.limit * boarding.effect.stewards
                + sum(a.stewards for a in envoy if isinstance(a, ExtraSteward)))
    assert stewards == data.movement.max_stewards == 4
    stables = data.buildings["stables"].effect
    assert isinstance(stables, ExtraRange)
    reach = (data.setup.range + stables.range
             + sum(a.range for a in envoy if isinstance(a, ExtraRange | RangeBoost)))
    assert reach == data.movement.max_range == 4
    lots = data.setup.warehouse_lots + sum(
        a.lots for c in ("altruist", "industrialist", "storekeeper")
        for a in data.abilities(c, 4) if isinstance(a, Warehouse))
    assert lots == 7


def test_special_ambassadors_from_level_two(data):
    for slug in data.movement.ambassadors:
        colony = data.colonies[slug]
        assert colony.ambassador == slug
        with_it = [n for n, lv in colony.levels.items()
                   if any(isinstance(a, Ambassador) for a in lv.abilities)]
        assert with_it == [2, 3, 4], slug
    others = [c for c in data.colonies.values() if c.slug not in data.movement.ambassadors]
    assert all(c.ambassador is None for c in others)


def test_limited_cards_uses(data):
    """R: the Ticket takes 3 Wood, each use 1 from the card plus 2 from Storage."""
    ticket = data.improvements[135]
    assert ticket.uses == 3 and isinstance(ticket.effects[0], Ticket)
    assert dict(ticket.effects[0].price) == {"wood": 2}
    horse = data.improvements[334]
    assert horse.uses == 2 and any(isinstance(e, Horse) for e in horse.effects)
    apprentice = data.improvements[234]
    assert apprentice.uses == 2 and any(isinstance(e, Apprentice) for e in apprentice.effects)
    assert dict(data.improvements[435].cost) == {"bricks": 3}


def test_building_contracts_name_a_building_and_a_price(data):
    contracts = [(c.id, e) for c in data.improvements.values() for e in c.effects
                 if isinstance(e, Contract)]
    assert len(contracts) == 18      # 7 + 3 + 6 + 2 Building Contracts
    for cid, effect in contracts:
        assert effect.building in data.buildings and effect.price, cid
        assert not data.improvements[cid].cost, cid   # the price is the effect's, not the play's


def test_later_era_budget_and_setup_goods(data):
    budget = {n: dataclasses.astuple(b) for n, b in data.later_era.budget.items()}
    assert budget == {2: (2, 29, 5, 0), 3: (8, 59, 8, 1), 4: (16, 92, 12, 2)}
    values = {g: v.value for g, v in data.later_era.goods.items()}
    assert values == {"wood": 1, "clay": 1, "food": 1, "planks": 2, "bricks": 2, "ore": 2,
                      "coal": 3, "robes": 3, "iron": 6}
    assert dict(data.later_era.free_goods) == {"food": 1}


def test_setup_goods_are_bought_from_the_era_a_place_first_provides_them(data):
    first: dict[str, int] = {}
    for place in data.places:
        provided = set(place.gain)
        provided.update(g for r in place.recipes for g in r.get)
        for good in provided:
            first.setdefault(good, max(place.era, 1))
    for good, setup in data.later_era.goods.items():
        assert setup.from_era == first[good], good


def test_places_printed_again_keep_their_action(data):
    joiners = [p for p in data.places if p.slug == "joiner"]
    assert [p.era for p in joiners] == [0, 1, 2]
    assert len({p.action() for p in joiners}) == 1
    assert data.place("riverbank_forest").replaces == ("riverbank_grove",)
    assert data.place("librarian").draw == 2


def test_data_is_read_only(data):
    with pytest.raises(dataclasses.FrozenInstanceError):
        data.buildings["farm"].value = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        data.buildings["farm"].cost["wood"] = 9  # type: ignore[index]


def test_load_data_is_cached_per_folder(tmp_path):
    assert load_data() is load_data(DATA_DIR)
    copy = _copy(tmp_path)
    assert load_data(copy) is not load_data()
    assert load_data(copy) is load_data(copy)


# --------------------------------------------------------------------------- documentation


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("`", "")).strip()


def test_every_assumption_and_decision_is_in_the_docs(data):
    doc = _normal(DOC.read_text())
    assert data.assumptions and data.decisions
    for note in data.notes:
        assert _normal(note.text) in doc, f"{note.file} {note.path}: {note.text}"
        assert f"{note.file} {note.path}" in doc, f"{note.file} {note.path} not located in docs"


def test_the_required_assumptions_are_marked(data):
    marked = {(n.file, n.path) for n in data.assumptions}
    for where in [("game.toml", "smithy"), ("game.toml", "later_era.goods"),
                  ("buildings.toml", "forester_house"),
                  ("buildings.toml", "customs_office.effect"),
                  ("places.toml", "era_0.day_laborer")]:
        assert where in marked, where


def test_every_effect_kind_is_documented():
    doc = DOC.read_text()
    for kind in EFFECT_KINDS:
        assert f"`{kind}`" in doc, kind


def test_every_effect_kind_is_used(data):
    used = {type(e).kind for c in data.improvements.values() for e in c.effects}
    used |= {type(b.effect).kind for b in data.buildings.values() if b.effect is not None}
    used |= {type(a).kind for c in data.colonies.values() for lv in c.levels.values()
             for a in lv.abilities}
    assert used == set(EFFECT_KINDS)


# --------------------------------------------------------------------------- refusals


def test_unknown_key_names_file_and_key(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "buildings.toml", 'name = "Hollow"\n', 'name = "Hollow"\ncolour = "brown"\n')
    assert _refused(folder).startswith("buildings.toml: [hollow].colour: unknown key")


def test_unknown_good_names_file_and_key(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "buildings.toml", "output = { wood = 2 }", "output = { wod = 2 }")
    assert _refused(folder) == ("buildings.toml: [forester_house].output: unknown good 'wod' "
                                "(did you mean 'wood'?)")


def test_unknown_good_inside_an_effect(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "improvements.toml", 'text = "Gain 2 Food."\neffects = [{ kind = "gain", '
          'goods = { food = 2 } }]', 'text = "Gain 2 Food."\neffects = [{ kind = "gain", '
          'goods = { fod = 2 } }]')
    assert _refused(folder).startswith("improvements.toml: [205].effects[0].goods: unknown "
                                       "good 'fod' (did you mean 'food'")


def test_negative_count_is_refused(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "buildings.toml", "value = 22", "value = -22")
    assert _refused(folder).startswith("buildings.toml: [community_hall].value: must be at "
                                       "least 0")


def test_a_place_building_an_unknown_building(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "places.toml", 'builds = ["pub"]', 'builds = ["pubb"]')
    assert _refused(folder).startswith("places.toml: [era_1.builder_pub].builds[0]: unknown "
                                       "building 'pubb' (did you mean 'pub'")


def test_a_remodelling_loop(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "buildings.toml", 'name = "Farm"\nera = 0\nkind = "residence"\n',
          'name = "Farm"\nera = 0\nkind = "residence"\nupgrade_of = "estate"\n')
    message = _refused(folder)
    assert message.startswith("buildings.toml: [farm].upgrade_of:")
    assert "loops" in message or "later Era" in message


def test_a_remodelling_loop_within_one_era(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "buildings.toml", 'name = "House"\nera = 3\nkind = "residence"\n'
          'upgrade_of = "flat"', 'name = "House"\nera = 3\nkind = "residence"\n'
          'upgrade_of = "community_hall"')
    assert "remodelling chain loops" in _refused(folder)


def test_a_colony_jumping_to_an_unknown_place(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "colonies.toml").read_text().replace('place = "developer"',
                                                          'place = "develloper"')
    (folder / "colonies.toml").write_text(text)
    assert _refused(folder) == ("colonies.toml: [scholar.level.3].abilities[3].place: unknown "
                                "place 'develloper' (did you mean 'developer'?)")


def test_a_missing_improvement_breaks_the_era_count(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "improvements.toml").read_text()
    start = text.index("[205]\n")
    (folder / "improvements.toml").write_text(text[:start] + text[text.index("[206]\n"):])
    assert _refused(folder) == ("eras.toml: [era.2].improvements: says 35, improvements.toml "
                                "has 34 cards of Era 2")


def test_an_effect_not_allowed_on_its_card_kind(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "improvements.toml", '[128]\nera = 1\nname = "Holiday Cabin"\n'
          'kind = "permanent"\ncost = { tools = 1, wood = 1 }\nvalue = 1\n',
          '[128]\nera = 1\nname = "Holiday Cabin"\nkind = "immediate"\n'
          'cost = { tools = 1, wood = 1 }\n')
    assert _refused(folder).startswith("improvements.toml: [128].effects[0].kind: unknown "
                                       "effect kind 'colonists'")


def test_an_assumptions_table_must_name_existing_keys(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "game.toml", '"components.players" =', '"components.player" =')
    assert _refused(folder).startswith('game.toml: [assumptions]."components.player": names '
                                       "no key")


def test_an_oversized_file(tmp_path):
    folder = _copy(tmp_path)
    with (folder / "places.toml").open("a") as handle:
        handle.write("# padding\n" * (MAX_FILE_BYTES // 10 + 1))
    message = _refused(folder)
    assert message.startswith("places.toml: (file):") and "1 MiB" in message


def test_deeply_nested_toml(tmp_path):
    folder = _copy(tmp_path)
    depth = 5000     # far beyond what tomllib's recursion survives
    _edit(folder, "game.toml", "hand_limit = 6\n",
          f"hand_limit = 6\ndeep = {'[' * depth}{']' * depth}\n")
    assert _refused(folder) == "game.toml: [cards].deep: nested deeper than 32 levels"


def test_deeply_nested_inline_tables(tmp_path):
    folder = _copy(tmp_path)
    depth = 100
    _edit(folder, "eras.toml", "[era.4]\n", "[era.4]\nx = " + "{a = " * depth + "1"
          + "}" * depth + "\n")
    assert _refused(folder) == "eras.toml: [era.4].x: nested deeper than 32 levels"


def test_malformed_toml(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "eras.toml", 'name = "Era II"', 'name = "Era II')
    assert _refused(folder).startswith("eras.toml: (file): not valid TOML:")


def test_a_missing_file(tmp_path):
    folder = _copy(tmp_path)
    (folder / "colonies.toml").unlink()
    assert _refused(folder).startswith("colonies.toml: (file): missing")


def test_goods_slugs_are_the_eleven_of_the_game():
    assert GOODS == ("wood", "clay", "ore", "planks", "bricks", "iron", "coal", "food",
                     "robes", "tools", "dollars")
