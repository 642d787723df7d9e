"""Parallel and distributed validation give the report of a single process, byte for byte."""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.replays import distributed, parallel
from referee.replays.validator import validate_file
from referee.replays.writer import header, write_log
from tests.logs import TAKE_ANN, TAKE_ANN_LAST, TAKE_BO, nim_game, write

runner = CliRunner()
FINAL = {"final": {"scores": {"Ann": 1, "Bo": 0}, "winners": ["Ann"]}}
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _homesteaders(folder: Path, games: int) -> None:
    """Simulated games, and copies spoiled in the ways a log goes wrong."""
    from referee.games import registration
    from referee.replays.simulate import simulate_game

    rng = random.Random(7)
    for i in range(games):
        players = PLAYERS[:2 + i % 3]
        events = simulate_game(registration("homesteaders"), players, rng)
        write_log(folder / f"hs_{i:02d}.jsonl", header("homesteaders", players), events)
    good = (folder / "hs_00.jsonl").read_text(encoding="utf-8").splitlines()
    # an action replaced by another player's, a wrong final score, a cut-off log
    illegal = [*good[:6], json.dumps({"player": "Nobody", "action": "pass", "reward": "vp"}),
               *good[6:]]
    (folder / "hs_bad_player.jsonl").write_text("\n".join(illegal) + "\n", encoding="utf-8")
    final = json.loads(good[-1])
    final["final"]["scores"] = {p: 999 for p in final["final"]["scores"]}
    (folder / "hs_bad_score.jsonl").write_text("\n".join([*good[:-1], json.dumps(final)])
                                               + "\n", encoding="utf-8")
    (folder / "hs_partial.jsonl").write_text("\n".join(good[:40]) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    _homesteaders(root / "homesteaders", 6)
    bad = root / "headers"
    bad.mkdir()
    head = {"format": "referee-replay", "version": 1, "game": "homesteaders",
            "players": ["Ann", "Bo"]}
    write(bad / "a_empty.jsonl")
    write(bad / "b_not_json.jsonl", "{not json")
    write(bad / "c_array.jsonl", "[1, 2]")
    write(bad / "d_no_format.jsonl", {"game": "homesteaders"})
    write(bad / "e_version.jsonl", {**head, "version": 2})
    write(bad / "f_unknown_game.jsonl", {**head, "game": "chess"})
    write(bad / "g_colonists.jsonl", {**head, "game": "colonists"})
    write(bad / "h_one_player.jsonl", {**head, "players": ["Ann"]})
    write(bad / "i_twice.jsonl", {**head, "players": ["Ann", "Ann"]})
    write(bad / "j_unknown_field.jsonl", {**head, "colour": "red"})
    write(bad / "k_bad_options.jsonl", {**head, "options": [1]})
    write(bad / "l_utf8.jsonl", b"\xff\xfe{}")
    write(bad / "m_long_line.jsonl", '{"note": "' + "x" * 200 + '"}')
    # Nim is registered by the test session only: the workers must learn it from the parent.
    nim = root / "nim"
    nim.mkdir()
    write(nim / "a_valid.jsonl", *nim_game(TAKE_ANN, TAKE_BO, TAKE_ANN_LAST, FINAL))
    write(nim / "b_illegal.jsonl", *nim_game(TAKE_ANN, TAKE_ANN))
    write(nim / "c_checkpoint.jsonl", *nim_game({"check": {"piles": [9]}}, TAKE_ANN))
    write(nim / "d_undo.jsonl", *nim_game(TAKE_ANN, {"undo": 1}, TAKE_ANN, TAKE_BO,
                                          TAKE_ANN_LAST, FINAL))
    return root


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["validate", *args])
    return result.exit_code, result.output


def _paths(corpus: Path) -> list[str]:
    return [str(corpus), "--max-line-bytes", "128"]


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_workers_two_same_report_as_one(corpus: Path, fmt: str) -> None:
    status1, single = _run(*_paths(corpus), "-f", fmt, "--workers", "1")
    status2, pooled = _run(*_paths(corpus), "-f", fmt, "--workers", "2", "--chunk-size", "3")
    assert status1 == status2 == 1
    if fmt == "junit":  # the times differ from run to run
        single, pooled = (re.sub(r' (time|timestamp)="[^"]+"', "", r) for r in (single, pooled))
    assert pooled == single
    if fmt == "json":
        data = json.loads(single)
        assert data["summary"]["files"] == len(list(corpus.rglob("*.jsonl")))
        assert data["summary"]["valid"] >= 2


def test_pool_keeps_order_and_window(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = sorted(corpus.rglob("*.jsonl"))
    pulled: list[int] = []

    def lazily() -> Iterator[Path]:
        for i, path in enumerate(files):
            pulled.append(i)
            yield path

    items = parallel.as_items(lazily())
    reports = parallel.iter_reports_pool(items, workers=2, max_line_bytes=128, chunk_size=2,
                                         window=3)
    first = next(reports)
    assert len(pulled) <= 3 * 2 + 2  # the window, plus the chunk read after the first result
    rest = list(reports)
    assert [r.path for r in [first, *rest]] == [str(f) for f in files]
    assert [r.to_json() for r in [first, *rest]] == [
        validate_file(f, 128).to_json() for f in files]


def test_no_pool_for_one_worker_or_one_file(corpus: Path, monkeypatch: pytest.MonkeyPatch,
                                            ) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", refuse)
    one = next(corpus.rglob("hs_00.jsonl"))
    assert _run(str(one), "--workers", "4")[0] == 0
    assert _run(str(corpus), "--workers", "1")[0] == 1


def test_folder_without_logs_fails_before_any_report(corpus: Path, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    args = [str(corpus / "nim"), str(tmp_path / "empty"), "-f", "json"]
    single = runner.invoke(app, ["validate", *args, "--workers", "1"])
    pooled = runner.invoke(app, ["validate", *args, "--workers", "2", "--chunk-size", "1"])
    assert single.exit_code == pooled.exit_code == 2
    assert pooled.stdout == single.stdout == ""
    assert pooled.stderr == single.stderr
    assert "no *.jsonl logs" in single.stderr


def test_reports_pickle(corpus: Path) -> None:
    for path in sorted(corpus.rglob("*.jsonl")):
        report = validate_file(path, 128)
        assert pickle.loads(pickle.dumps(report)) == report


def test_bad_options_exit_two(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["--workers", "0"], ["--chunk-size", "0"], ["--engine", "spark"],
                 ["--scheduler", "tcp://127.0.0.1:8786"]):
        result = runner.invoke(app, ["validate", str(corpus), *args])
        assert result.exit_code == 2, args
    monkeypatch.setattr(distributed, "available", lambda: False)
    result = runner.invoke(app, ["validate", str(corpus), "--engine", "dask"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "referee: error: --engine dask needs dask and distributed: "
        "pip install 'referee[distributed]'"]


def test_progress_counts_without_a_terminal(corpus: Path) -> None:
    import io

    assert not parallel.Progress.wanted(io.StringIO())
    stream = io.StringIO()
    progress = parallel.Progress(True, delay=0.0, stream=stream)
    seen: list[str] = []
    reports = parallel.iter_reports(sorted(corpus.rglob("*.jsonl")), workers=1,
                                    max_line_bytes=128)
    parallel.run(reports, lambda r: seen.append(r.path), progress)
    assert progress.files == len(seen) > 0
    assert progress.invalid > 0 and progress.events > 0


def test_dask_local_cluster_same_report(corpus: Path) -> None:
    if not distributed.available():
        pytest.skip("dask and distributed are not installed: pip install 'referee[distributed]'")
    status1, single = _run(*_paths(corpus), "-f", "json", "--workers", "1")
    status2, dask_out = _run(*_paths(corpus), "-f", "json", "--engine", "dask",
                             "--workers", "2", "--chunk-size", "4")
    assert status1 == status2 == 1
    assert dask_out == single


ENVELOPE_CASES = [
    {"player": "Ann", "action": "bid", "auction": 1, "amount": 5, "seq": 3, "note": "x"},
    {"player": "Ann", "action": "allocate", "slots": ["homestead:0", "farm:1"]},
    {"player": "Ann", "action": "build", "auction": 2, "building": "farm", "worker": True,
     "gold_for": [], "extra": None, "nested": {"a": [1, {"b": 2}]}},
    {"player": "Ann", "action": "bid", "amount": 10 ** 12},
    {"player": "Ann", "action": "bid", "amount": [1, [2, -10 ** 10]]},
    {"player": "Ann", "action": "bid", "amount": 2.5},
    {"player": "Ann", "action": "bid", "seq": 10 ** 10},
    {"chance": "reveal", "auction": 2, "tile": 13},
    {"chance": "reveal", "tile": {"deep": 1.5}},
    {"phase": "setup", "round": 3},
    {"phase": "setup", "player": "Bo", "round": -10 ** 11},
    {"check": {"Ann": {"silver": 7, "buildings": ["farm"]}, "round": 3}},
    {"action": "bid", "chance": "reveal"},
    {"format": "referee-replay"},
    {"nothing": 1},
]


@pytest.mark.parametrize("obj", ENVELOPE_CASES)
def test_envelope_matches_the_event_types(obj: dict) -> None:
    """parse_event builds events in one pass; they equal the protocol's own constructors."""
    from referee.model.core import Action, Chance, Phase, Violation, freeze
    from referee.replays.envelope import SHAPE_KEYS, _numbers_ok, parse_event
    from referee.replays.records import Check

    parsed = parse_event(obj, ("Ann", "Bo"))
    shapes = [k for k in SHAPE_KEYS if k in obj]
    if len(shapes) != 1:
        assert isinstance(parsed, Violation) and parsed.kind == "schema"
        return
    if shapes[0] == "check":
        assert parsed.event == Check(freeze(obj["check"]))
        return
    problem = _numbers_ok(obj)
    if problem:
        assert isinstance(parsed, Violation)
        assert (parsed.rule, parsed.message) == ("LOG-NUMBER", problem)
        return
    cls = {"action": Action, "chance": Chance, "phase": Phase}[shapes[0]]
    assert parsed.event == cls.from_json(obj)
    assert parsed.seq == obj.get("seq")
