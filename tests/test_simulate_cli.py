"""`referee simulate`: deterministic, valid logs."""

from __future__ import annotations

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def test_simulate_is_deterministic_and_valid(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        result = runner.invoke(app, ["simulate", "homesteaders", "--players", "3", "--games", "3",
                                     "--seed", "11", "--out", str(out)])
        assert result.exit_code == 0, result.output
    files = sorted(p.name for p in a.iterdir())
    assert len(files) == 3
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes()
    result = runner.invoke(app, ["validate", str(a)])
    assert result.exit_code == 0, result.output
    assert "3 valid, 0 invalid" in result.output
    lines = (a / files[0]).read_text().splitlines()
    assert sum('"check"' in line for line in lines) >= 10
    assert lines[-1].startswith('{"final"')


def test_simulate_other_seed_differs(tmp_path):
    for seed in ("1", "2"):
        runner.invoke(app, ["simulate", "homesteaders", "-p", "2", "-s", seed, "-o",
                            str(tmp_path / seed)])
    a = next((tmp_path / "1").iterdir()).read_text()
    b = next((tmp_path / "2").iterdir()).read_text()
    assert a.splitlines()[1:] != b.splitlines()[1:]


def test_simulate_usage_errors(tmp_path):
    assert runner.invoke(app, ["simulate", "homesteaders", "-p", "5"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "chess"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "homesteaders", "--data", str(tmp_path)]).exit_code == 2


def test_simulate_game_options_go_into_the_headers(tmp_path):
    import json

    out = tmp_path / "one-era"
    result = runner.invoke(app, ["simulate", "colonists", "-p", "2", "-n", "2", "-O", "last_era=1",
                                 "--option", "small_market=false", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"wrote 2 The Colonists games for 2 players to {out}"
    for path in sorted(out.iterdir()):
        head = json.loads(path.read_text().splitlines()[0])
        assert head["options"] == {"last_era": 1, "small_market": False}
    result = runner.invoke(app, ["validate", str(out)])
    assert result.exit_code == 0 and "2 valid, 0 invalid" in result.output, result.output


def test_simulate_bad_game_options_are_one_line_usage_errors(tmp_path):
    cases = {
        "last_era": "expected KEY=VALUE",
        "=1": "expected KEY=VALUE",
        "first_era=9": "option 'first_era' must be 1 to the last era (4), found 9",
        "last_era=" + "9" * 5000: "option 'last_era'",
        "colour=1": "unknown option 'colour'",
        'saved={"next_era": 2': "--option saved: not JSON: Expecting ',' delimiter at column 16",
        "saved=" + "[" * 200 + "]" * 200: "nested more than",
        "data=/etc": "name the data folder with --data",
        "x" * 5000 + "=1": "unknown option 'xxx",
        "small_market=" + "y" * 5000: "option 'small_market' must be true or false",
    }
    for given, expected in cases.items():
        result = runner.invoke(app, ["simulate", "colonists", "-O", given, "-o",
                                     str(tmp_path / "x")])
        assert result.exit_code == 2, (given, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("referee: error: "), (given, lines)
        assert expected in lines[0], (given, lines[0])
        assert len(lines[0]) < 400, (given[:20], lines[0])  # a hostile value is not echoed whole
    result = runner.invoke(app, ["simulate", "colonists", "-O", "last_era=1", "-O", "last_era=2",
                                 "-o", str(tmp_path / "x")])
    assert result.exit_code == 2 and "given twice" in result.output
    assert not (tmp_path / "x").exists()
