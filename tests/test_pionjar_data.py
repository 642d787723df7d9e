"""Data sets: the bundled reconstruction, another folder by option, and clear schema errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.model.core import RuleViolation
from referee.model.pionjar import GAME, DataError, load_data
from referee.model.pionjar.data import DATA_DIR


def copy_set(tmp_path: Path) -> Path:
    target = tmp_path / "mine"
    shutil.copytree(DATA_DIR / "reconstruction", target)
    return target


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_bundled_set_is_a_marked_reconstruction_PJ_DATA():
    d = load_data()
    assert d.status == "reconstruction"
    for name in ("board.toml", "properties.toml", "economy.toml", "cards.toml"):
        text = (DATA_DIR / "reconstruction" / name).read_text()
        assert "RECONSTRUCTION FOR TESTING, NOT THE PRINTED GAME" in text
    assert len(d.properties) == 6 and d.equipment_supply == {"harvest": 12, "axe": 12}
    assert [len(d.spoils_ids[k]) for k in ("buffalo", "fish", "gold")] == [24, 12, 6]
    assert all(1000 <= d.spoils[c].value <= 3000 for c in d.spoils_ids["buffalo"])
    assert all(2000 <= d.spoils[c].value <= 10000 for c in d.spoils_ids["gold"])
    assert d.loop.count("fur_trapper") == 4


def test_option_data_selects_a_folder(tmp_path):
    folder = copy_set(tmp_path)
    edit(folder, "economy.toml", "start_cash = 5000", "start_cash = 6000")
    s = GAME.new_state(["Ann", "Bo"], {"data": str(folder)})
    assert s.p["Ann"].cash == 6000 and s.data.source == str(folder.resolve())
    assert GAME.new_state(["Ann", "Bo"], {"data": "reconstruction"}).p["Ann"].cash == 5000


@pytest.mark.parametrize(("name", "old", "new", "expected"), [
    ("board.toml", '"jail", "sell_crops"', '"casino", "sell_crops"',
     "board.toml: key 'loop.spaces[20]': unknown space kind 'casino'"),
    ("economy.toml", "start_cash = 5000", "start_cash = \"lots\"",
     "economy.toml: key 'money.start_cash': must be an integer"),
    ("economy.toml", "red_dot_steps = 5", "red_dot_steps = 5\nblue_dot_steps = 2",
     "economy.toml: key 'movement.blue_dot_steps': unknown key"),
    ("properties.toml", "fields = 3", "acres = 3",
     "properties.toml: key 'properties.green_valley.acres': unknown key"),
    ("cards.toml", 'effect = "skip"', 'effect = "dance"',
     "cards.toml: key 'post[6].effect': must be one of"),
    ("cards.toml", "circle = 5", "circle = 6",
     "cards.toml: key 'proclamation[8].circle': circle 6 of trail 'hunting' is 'gold'"),
    ("board.toml", "exits = [{ circle = 10, space = 11 }, { circle = 20, space = 27 }]",
     "exits = [{ circle = 10, space = 11 }]",
     "board.toml: key 'trails.hunting.exits': the last circle (20) must be an exit"),
])
def test_bad_data_names_file_and_key(tmp_path, name, old, new, expected):
    folder = copy_set(tmp_path)
    edit(folder, name, old, new)
    with pytest.raises(DataError) as err:
        load_data(str(folder))
    assert expected in str(err.value)
    with pytest.raises(RuleViolation) as err2:
        GAME.new_state(["Ann", "Bo"], {"data": str(folder)})
    assert err2.value.violation.kind == "schema" and expected in err2.value.violation.message


def test_missing_file_and_bad_toml(tmp_path):
    folder = copy_set(tmp_path)
    (folder / "cards.toml").unlink()
    with pytest.raises(DataError, match=r"cards\.toml: missing file"):
        load_data(str(folder))
    folder2 = tmp_path / "broken"
    shutil.copytree(DATA_DIR / "reconstruction", folder2)
    (folder2 / "board.toml").write_text("[loop\n")
    with pytest.raises(DataError, match=r"board\.toml: not valid TOML"):
        load_data(str(folder2))


def test_unknown_options_and_bad_positions():  # PJ-OPTIONS, PJ-POSITION
    with pytest.raises(RuleViolation, match="unknown option 'speed'") as err:
        GAME.new_state(["Ann", "Bo"], {"speed": 2})
    assert err.value.violation.rule == "PJ-OPTIONS"
    assert GAME.new_state(["Ann", "Bo"], {"end": "1860-06", "banker": "Bo"}).banker == "Bo"
    bad_positions = [
        {"turn": "Zed"},
        {"turn": "Ann", "month": "1859-01", "first_squatter": "Ann",
         "players": {"Ann": {"where": "loop", "property": "green_valley"},
                     "Bo": {"where": "loop", "property": "green_valley"}}},
        {"turn": "Ann", "players": {"Ann": {"where": "trail"}}},
        {"turn": "Ann", "month": "1859-01", "first_squatter": "Ann",
         "players": {"Ann": {"where": "loop", "property": "green_valley", "harvest": 4}}},
        {"turn": "Ann", "colour": "red"},
    ]
    for pos in bad_positions:
        with pytest.raises(RuleViolation) as err:
            GAME.new_state(["Ann", "Bo"], None, pos)
        assert err.value.violation.kind == "schema"
        assert err.value.violation.rule == "PJ-POSITION", pos
