"""The distribution: every package folder is listed, data files ship, nothing installs a bare
top-level package."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_package_folder_is_listed():
    config = _config()
    mapping = config["package-dir"]
    listed = set(config["packages"])
    found = set()
    for name, folder in mapping.items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base)
            parts = [] if str(rel) == "." else list(rel.parts)
            found.add(".".join([name, *parts]))
    assert found == listed


def test_only_the_referee_namespace_is_installed():
    config = _config()
    assert all(name == "referee" or name.startswith("referee.") for name in config["packages"])
    assert all(key.startswith("referee") for key in config["package-dir"])


def test_package_data_covers_the_data_files():
    data = _config()["package-data"]
    assert "data/*.toml" in data["referee.model.homesteaders"]
    assert any(p.endswith("*.toml") for p in data["referee.model.pionjar"])
    assert "examples/*.jsonl" in data["referee.replays"]
    assert "examples/*.toml" in data["referee.checker"]
    for toml in (ROOT / "model").rglob("*.toml"):
        depth = len(toml.relative_to(ROOT / "model").parts)
        assert depth in (3, 4), toml  # model/<game>/data/x.toml or data/<set>/x.toml


def test_built_wheel_holds_code_and_data(tmp_path):
    import subprocess
    import sys
    import zipfile

    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True, timeout=300,
                   capture_output=True)
    wheel = next(tmp_path.glob("referee-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"referee", f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info"}
    for needed in ("referee/commands/validate.py", "referee/replays/FORMAT.md",
                   "referee/replays/examples/homesteaders-2p.jsonl",
                   "referee/model/homesteaders/data/buildings.toml",
                   "referee/checker/examples/bids.toml", "referee/checker/topics/pionjar.py",
                   "referee/invariants/homesteaders.py", "referee/pytest_plugin.py"):
        assert needed in names, needed
    assert any(n.startswith("referee/model/pionjar/data/") and n.endswith(".toml")
               for n in names)
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "referee = referee.cli:main" in text and "pytest11" in text


def test_readme_commands_match_the_cli_and_ci():
    import re

    from referee.cli import COMMANDS

    readme = (ROOT / "README.md").read_text()
    assert "make run" in readme and "make test" in readme
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)
    documented = set(re.findall(r"^\| `referee (\w+)", readme, re.M))
    assert documented == set(COMMANDS)
