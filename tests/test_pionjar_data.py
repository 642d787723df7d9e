"""Data sets: the bundled reconstruction, a folder allowed on the command line and named by the
option, and clear schema errors."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.model.core import RuleViolation, datasets
from referee.model.pionjar import GAME, DataError, load_data
from referee.model.pionjar.data import DATA_DIR
from referee.replays.validator import validate_file


@pytest.fixture(autouse=True)
def _forget_allowed_folders() -> Iterator[None]:
    yield
    datasets.forget()


def copy_set(tmp_path: Path, name: str = "mine") -> Path:
    """A copy of the bundled set, allowed as if named with --data on the command line."""
    target = tmp_path / name
    shutil.copytree(DATA_DIR / "reconstruction", target)
    datasets.allow(target)
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
    s = GAME.new_state(["Ann", "Bo"], {"data": "mine"})
    assert s.p["Ann"].cash == 6000 and s.data.source == "mine"
    assert GAME.new_state(["Ann", "Bo"], {"data": str(folder)}).p["Ann"].cash == 6000
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
        load_data("mine")
    assert expected in str(err.value)
    with pytest.raises(RuleViolation) as err2:
        GAME.new_state(["Ann", "Bo"], {"data": "mine"})
    assert err2.value.violation.kind == "schema" and expected in err2.value.violation.message


def test_missing_file_and_bad_toml(tmp_path):
    folder = copy_set(tmp_path)
    (folder / "cards.toml").unlink()
    with pytest.raises(DataError, match=r"cards\.toml: missing file"):
        load_data("mine")
    folder2 = copy_set(tmp_path, "broken")
    (folder2 / "board.toml").write_text("[loop\n")
    with pytest.raises(DataError, match=r"board\.toml: not valid TOML"):
        load_data("broken")


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


# --------------------------------------------------------------------------- hostile headers


def _log(tmp_path: Path, data: object) -> Path:
    """A one-line log whose header names ``data``."""
    log = tmp_path / "hostile.jsonl"
    head = {"format": "referee-replay", "version": 1, "game": "pionjar",
            "players": ["Ann", "Bo"], "options": {"data": data}}
    log.write_text(json.dumps(head) + "\n")
    return log


def _errors(log: Path) -> list[tuple[int, str, str | None, str]]:
    return [(e.line, e.kind, e.rule, e.message) for e in validate_file(log).errors]


def _validate(tmp_path: Path, data: object) -> list[tuple[int, str, str | None, str]]:
    return _errors(_log(tmp_path, data))


@pytest.mark.parametrize("name", [
    "/etc", "/proc/self/cwd", "~", "~root", "~nosuchuser", "../../..", ".", "..",
    "reconstruction/../reconstruction", str(DATA_DIR / "reconstruction"), "x" * 5000,
    "/" + "a" * 300, "\x00", 7, None, ["reconstruction"], {"path": "/etc"},
])
def test_a_log_names_only_bundled_or_allowed_sets_PJ_DATA(tmp_path, name):
    errors = _validate(tmp_path, name)
    if name is None:  # JSON null: the default set
        assert errors == []
        return
    assert len(errors) == 1
    line, kind, rule, message = errors[0]
    assert (line, kind, rule) == (1, "schema", "PJ-DATA")
    assert "reconstruction" in message and "--data" in message  # says what is accepted
    rest = message.replace(str(name)[:57], "")  # the name as the log wrote it, and no more
    assert str(Path.cwd()) not in rest and str(Path.home()) not in rest
    assert len(message) < 400


def test_a_folder_outside_the_allowed_ones_is_never_read_PJ_DATA(tmp_path):
    folder = tmp_path / "secret"
    shutil.copytree(DATA_DIR / "reconstruction", folder)
    edit(folder, "economy.toml", "start_cash = 5000", 'start_cash = "TOP-SECRET-VALUE"')
    for name in (str(folder), "secret", str(folder / "economy.toml")):
        (line, kind, rule, message), = _validate(tmp_path, name)
        assert (line, kind, rule) == (1, "schema", "PJ-DATA")
        assert "TOP-SECRET-VALUE" not in message and "5000" not in message
    datasets.allow(folder)  # once allowed by the user, the folder is read and checked
    (line, kind, rule, message), = _validate(tmp_path, "secret")
    assert (kind, rule) == ("schema", "PJ-DATA") and "money.start_cash" in message


def test_the_command_line_allows_a_folder_PJ_DATA(tmp_path):
    from typer.testing import CliRunner

    from referee.cli import app

    folder = copy_set(tmp_path, "transcription")
    datasets.forget()
    log = tmp_path / "game.jsonl"
    head = {"format": "referee-replay", "version": 1, "game": "pionjar",
            "players": ["Ann", "Bo"], "options": {"data": "transcription"}}
    log.write_text(json.dumps(head) + "\n" + json.dumps({"chance": "start_player",
                                                         "player": "Ann"}) + "\n")
    refused = CliRunner().invoke(app, ["validate", str(log)])
    assert refused.exit_code == 1 and "PJ-DATA" in refused.output
    accepted = CliRunner().invoke(app, ["validate", "--data", str(folder), str(log)])
    assert accepted.exit_code == 0, accepted.output


def test_data_files_over_the_size_limit_are_refused_unread_PJ_DATA(tmp_path, monkeypatch):
    folder = copy_set(tmp_path)
    with (folder / "cards.toml").open("r+b") as handle:
        handle.truncate(1 << 30)  # 1 GiB, sparse: nothing is written
    opened: list[str] = []
    real_open = Path.open

    def watch(self: Path, *args: object, **kwargs: object) -> object:
        opened.append(self.name)
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", watch)
    with pytest.raises(DataError, match=r"cards\.toml: 1,073,741,824 bytes, more than the "
                                        r"1,048,576 a data file may hold"):
        load_data("mine")
    assert opened == []
    (line, kind, rule, _message), = _validate(tmp_path, "mine")
    assert (line, kind, rule) == (1, "schema", "PJ-DATA")


def test_unreadable_and_special_files_are_schema_errors_PJ_DATA(tmp_path, monkeypatch):
    folder = copy_set(tmp_path)
    (folder / "board.toml").unlink()
    (folder / "board.toml").mkdir()
    with pytest.raises(DataError, match=r"board\.toml: not a regular file"):
        load_data("mine")
    (folder / "board.toml").rmdir()
    os.mkfifo(folder / "board.toml")  # reading it would wait for a writer forever
    with pytest.raises(DataError, match=r"board\.toml: not a regular file"):
        load_data("mine")
    (folder / "board.toml").unlink()
    shutil.copy(DATA_DIR / "reconstruction" / "board.toml", folder / "board.toml")
    log = _log(tmp_path, "mine")

    def denied(self: Path, *args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", denied)
    with pytest.raises(DataError, match=r"\.toml: cannot be read \(Permission denied\)"):
        load_data("mine")
    (line, kind, rule, message), = _errors(log)
    assert (line, kind, rule) == (1, "schema", "PJ-DATA") and str(tmp_path) not in message


@pytest.mark.parametrize(("text", "expected"), [
    ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "not valid TOML"),
    ("x = [" + "[1, " * 50 + "1" + "]" * 50 + "]\n", "unknown key"),
    ("[calendar\n", "not valid TOML"),
    ("\xff\xfe = 1\n", "not valid"),
])
def test_malformed_and_deeply_nested_toml_PJ_DATA(tmp_path, text, expected):
    folder = copy_set(tmp_path)
    (folder / "economy.toml").write_bytes(text.encode("utf-8", "surrogateescape")
                                          if text.isascii() else b"\xff\xfe = 1\n")
    with pytest.raises(DataError) as err:
        load_data("mine")
    assert str(err.value).startswith("economy.toml: ") and expected in str(err.value)
    (line, kind, rule, _message), = _validate(tmp_path, "mine")
    assert (line, kind, rule) == (1, "schema", "PJ-DATA")


def test_nested_values_are_named_by_type_not_printed_PJ_DATA(tmp_path):
    folder = copy_set(tmp_path)
    nested = "[" * 60 + "]" * 60
    edit(folder, "economy.toml", "start_cash = 5000", f"start_cash = {nested}")
    with pytest.raises(DataError) as err:
        load_data("mine")
    assert "money.start_cash" in str(err.value) and "found a list" in str(err.value)
    assert len(str(err.value)) < 200


def test_a_set_with_fewer_properties_than_players_is_refused_PJ_DATA(tmp_path):
    # each player heads for a property of their own (the rulebook: 6 properties, 2-6 players)
    folder = copy_set(tmp_path)
    text = (folder / "properties.toml").read_text()
    (folder / "properties.toml").write_text(text[:text.index("[properties.high_falls]")])
    board = (folder / "board.toml").read_text().split("\n\n")
    (folder / "board.toml").write_text("\n\n".join(
        part for part in board if not any(f"[road.branches.{p}]" in part for p in (
            "high_falls", "great_lakes", "golden_mountains", "silent_forest"))))
    assert len(GAME.new_state(["Ann", "Bo"], {"data": "mine"}).data.properties) == 2
    with pytest.raises(RuleViolation) as err:
        GAME.new_state(["Ann", "Bo", "Cy"], {"data": "mine"})
    assert err.value.violation.rule == "PJ-DATA" and "2 properties" in err.value.violation.message


def test_a_data_file_linked_outside_its_folder_is_not_read_PJ_DATA(tmp_path):
    folder = copy_set(tmp_path)
    secret = tmp_path / "secret.toml"
    secret.write_text((folder / "cards.toml").read_text())
    (folder / "cards.toml").unlink()
    (folder / "cards.toml").symlink_to(secret)
    with pytest.raises(DataError, match=r"cards\.toml: a link to a file outside the data folder"):
        load_data(str(folder))
    # a link that stays inside the folder is an ordinary file of the set
    (folder / "cards.toml").unlink()
    (folder / "cards-copy.toml").write_text(secret.read_text())
    (folder / "cards.toml").symlink_to(folder / "cards-copy.toml")
    assert load_data(str(folder)).status == "reconstruction"


def test_a_prisoner_past_the_almanacs_end_is_written_as_a_position(tmp_path) -> None:
    # PJ-PRISON: jailed in November 1862, out in February 1863, after the almanac
    from typer.testing import CliRunner

    from referee.cli import app

    log = (Path(__file__).parent / "regressions" / "pionjar" /
           "PJ-PRISON-legal-jailed-in-november-1862.jsonl")
    done = CliRunner().invoke(app, ["state", f"{log}:3", "--as-position"])
    assert done.exit_code == 0, done.output
    position = json.loads(done.output)["position"]
    assert position["players"]["Ann"]["prison_until"] == "1863-02"
