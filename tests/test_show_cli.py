"""``referee show GAME [TOPIC] [NAME]``: a game's data as users read it, from the data files."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.games import BUILTIN, registration
from referee.model.colonists.data import load_data as load_colonists
from referee.model.homesteaders import GAME as HS
from referee.model.pionjar.data import load_data

runner = CliRunner()
ROMAN = ["I", "II", "III", "IV"]


def show(*args: str):
    return runner.invoke(app, ["show", *args])


@pytest.mark.parametrize("game", sorted(BUILTIN))
def test_every_game_lists_its_topics(game):
    topics = registration(game).show_topics()
    assert topics
    result = show(game)
    assert result.exit_code == 0
    for topic in topics:
        assert topic in result.output
        listed = json.loads(show(game, topic, "-f", "json").output)["entries"]
        assert listed and all(isinstance(v, list) and v for v in listed.values())


def test_homesteaders_building_with_slots_in_order():
    farm = HS.data.buildings["farm"]
    result = show("homesteaders", "buildings", "farm")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    slots = [ln.strip() for ln in lines if ln.strip().startswith("slot farm:")]
    assert [s.split(":")[1] for s in slots] == [str(i) for i in range(len(farm.slots))]
    assert "cost: 1 wood" in result.output  # the cost from buildings.toml


def test_homesteaders_abilities_as_the_validator_applies_them():
    # reference: the Bank converts 1 trade to 1 silver; a sale costs a trade chit; the Boarding
    # House gives 2 silver when there is no debt to pay off
    assert "convert 1 trade -> 1 silver" in show("homesteaders", "buildings", "bank").output
    assert "sell 1 and 1 trade for" in show("homesteaders", "market").output
    assert "with none: +2 silver" in show("homesteaders", "buildings", "boarding_house").output


def test_homesteaders_every_building_and_tile_is_shown():
    buildings = json.loads(show("homesteaders", "buildings", "-f", "json").output)["entries"]
    assert set(buildings) == set(HS.data.buildings)
    tiles = json.loads(show("homesteaders", "tiles", "-f", "json").output)["entries"]
    assert set(tiles) == {str(t) for t in HS.data.tiles}


def test_pionjar_places_and_cards_from_the_data_set():
    d = load_data(None)
    places = json.loads(show("pionjar", "places", "-f", "json").output)["entries"]
    assert set(d.properties) <= set(places) and set(d.trails) <= set(places)
    cards = json.loads(show("pionjar", "cards", "-f", "json").output)["entries"]
    assert set(cards) == set(d.cards) | set(d.spoils)
    some = next(iter(d.cards))
    assert d.cards[some].text in show("pionjar", "cards", some).output


def test_colonists_every_card_building_and_colony_from_the_data_set():
    d = load_colonists(None)
    cards = json.loads(show("colonists", "improvements", "-f", "json").output)["entries"]
    assert set(cards) == {str(c) for c in d.improvements} and len(cards) == 140
    assert f"effect: {d.improvements[101].text}" in show("colonists", "improvements", "101").output
    built = json.loads(show("colonists", "buildings", "-f", "json").output)["entries"]
    assert set(built) == set(d.buildings)
    estate = show("colonists", "buildings", "estate").output
    assert "cost: 1 tools, 3 wood, 1 bricks" in estate and "remodelled from the Farm" in estate
    levels = json.loads(show("colonists", "colonies", "-f", "json").output)["entries"]
    assert set(levels) == set(d.colonies)
    for slug, colony in d.colonies.items():
        assert levels[slug][1:] == [f"level {ROMAN[k - 1]}: {colony.levels[k].text}"
                                    for k in sorted(colony.levels)]
    places = json.loads(show("colonists", "places", "-f", "json").output)["entries"]
    # a Sustainer gains its goods or sells (rulebook "The Various Place Types")
    assert "gain 2 food or sell" in show("colonists", "places", "baker").output
    assert {p.slug for p in d.places} | set(d.markets) == set(places)
    market = json.loads(show("colonists", "market_cards", "-f", "json").output)["entries"]
    assert set(market) == set(d.market_cards)
    eras = json.loads(show("colonists", "eras", "-f", "json").output)["entries"]
    assert set(eras) == {"1", "2", "3", "4"}


@pytest.mark.parametrize(("args", "message"), [
    (("homesteaders", "buildngs"), "unknown topic 'buildngs' (did you mean 'buildings'?)"),
    (("homesteaders", "buildings", "frm"), "unknown name 'frm' (did you mean 'farm'?)"),
    (("pionjr",), "unknown game 'pionjr' (did you mean 'pionjar'?)"),
    (("colonists", "buildings", "frm"), "unknown name 'frm' (did you mean 'farm'?)"),
    (("pionjar", "zzz"), "(known: places, cards, economy)"),
])
def test_unknown_names_suggest(args, message):
    result = show(*args)
    assert result.exit_code == 2 and message in result.output
