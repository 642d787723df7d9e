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
    data = set(config["package-data"]) - found
    assert found == listed - data
    for package in data:  # a data package: a folder of shipped files, without code
        folder = next(ROOT / mapping[k] / Path(*package[len(k) + 1:].split("."))
                      for k in sorted(mapping, key=len, reverse=True)
                      if package.startswith(k + "."))
        assert folder.is_dir() and not (folder / "__init__.py").exists(), package
        assert any(folder.glob(pattern) for pattern in config["package-data"][package]), package


def test_only_the_referee_namespace_is_installed():
    config = _config()
    assert all(name == "referee" or name.startswith("referee.") for name in config["packages"])
    assert all(key.startswith("referee") for key in config["package-dir"])


def test_package_data_covers_the_data_files():
    data = _config()["package-data"]
    assert "*.toml" in data["referee.model.homesteaders.data"]
    assert "*.toml" in data["referee.model.pionjar.data.reconstruction"]
    assert "*.jsonl" in data["referee.replays.examples"]
    assert "*.toml" in data["referee.checker.examples"]
    assert "FORMAT*.md" in data["referee.replays"]
    for toml in (ROOT / "model").rglob("*.toml"):
        depth = len(toml.relative_to(ROOT / "model").parts)
        assert depth in (3, 4), toml  # model/<game>/data/x.toml or data/<set>/x.toml


def test_built_wheel_holds_code_and_data(tmp_path):
    import subprocess
    import sys
    import zipfile

    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v",
                            "-w", str(tmp_path), str(ROOT)], check=True, timeout=300,
                           capture_output=True, text=True)
    # every folder shipped is listed: setuptools warns of none it would ignore
    assert "would be ignored" not in built.stdout + built.stderr
    assert "absent from the `packages` configuration" not in built.stdout + built.stderr
    wheel = next(tmp_path.glob("referee-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"referee", f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info"}
    docs = [f"referee/replays/{p.name}" for p in (ROOT / "replays").glob("FORMAT*.md")]
    assert len(docs) >= 2
    for needed in (*docs, "referee/commands/validate.py", "referee/replays/examples/README.md",
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
