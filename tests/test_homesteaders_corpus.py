"""Simulated Homesteaders corpora through the validator: valid games, one-mutation invalid games,
and the bundled examples against the verdicts their headers state."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from referee.model.core import seat_names
from referee.replays.regression import run_expectation
from referee.replays.validator import validate_file
from referee.replays.writer import dumps, header
from tests.homesteaders_helpers import simulate

GAMES_PER_COUNT = 200
NAMES = seat_names(4)
EXAMPLES = Path(__file__).resolve().parents[1] / "replays" / "examples"

Log = tuple[dict[str, Any], list[dict[str, Any]]]


def _write(path: Path, head: dict[str, Any], events: list[dict[str, Any]]) -> Path:
    path.write_text("".join(dumps(obj) + "\n" for obj in [head, *events]), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, Log]]:
    """600 simulated games (200 each for 2, 3 and 4 players), written as logs."""
    folder = tmp_path_factory.mktemp("homesteaders-corpus")
    out = []
    for n in (2, 3, 4):
        players = NAMES[:n]
        for seed in range(GAMES_PER_COUNT):
            events = [e.to_json() for e in simulate(players, random.Random(seed * 10 + n))]
            head = header("homesteaders", players, meta={"seed": seed * 10 + n})
            out.append((_write(folder / f"{n}p-{seed:03}.jsonl", head, events), (head, events)))
    return out


def _errors(path: Path) -> list[tuple[int, str, str | None]]:
    return [(e.line, e.kind, e.rule) for e in validate_file(path).errors]


def test_simulated_games_are_valid_and_complete(corpus: list[tuple[Path, Log]]) -> None:
    assert len(corpus) == 3 * GAMES_PER_COUNT
    for path, (_, events) in corpus:
        report = validate_file(path)
        assert report.valid, (path.name, [e.to_json() for e in report.errors])
        assert report.complete
        final = events[-1]["final"]
        assert report.scores == final["scores"]
        assert sorted(report.winners or []) == sorted(final["winners"])


def test_simulated_games_look_like_play(corpus: list[tuple[Path, Log]]) -> None:
    scores = [s for _, (_, ev) in corpus for s in ev[-1]["final"]["scores"].values()]
    assert sum(s > 0 for s in scores) / len(scores) > 0.95
    assert 15 <= sorted(scores)[len(scores) // 2] <= 80
    actions: dict[str, int] = {}
    for _, (_, events) in corpus:
        for ev in events:
            if "action" in ev:
                actions[ev["action"]] = actions.get(ev["action"], 0) + 1
                if ev["action"] == "build" and ev.get("extra"):
                    actions["extra build"] = actions.get("extra build", 0) + 1
                if ev["action"] == "build" and ev.get("gold_for"):
                    actions["gold_for"] = actions.get("gold_for", 0) + 1
    for name in ("bid", "pass", "build", "bonus", "convert", "hire", "buy", "sell", "take_debt",
                 "extra build", "gold_for"):
        assert actions.get(name, 0) > 0, name
    # debt only when needed: far fewer loans than games
    assert actions["take_debt"] < len(corpus)


def _mutated(folder: Path, name: str, head: dict[str, Any], events: list[dict[str, Any]],
             index: int, replacement: list[dict[str, Any]]) -> Path:
    return _write(folder / name, head, [*events[:index], *replacement, *events[index + 1:]])


def test_bid_of_8_is_off_the_ladder(corpus: list[tuple[Path, Log]], tmp_path: Path) -> None:
    for path, (head, events) in corpus:
        bids = [k for k, ev in enumerate(events) if ev.get("action") == "bid"]
        k = bids[len(bids) // 2]
        bad = _mutated(tmp_path, path.name, head, events, k, [{**events[k], "amount": 8}])
        # the ladder is checked before the raise: 8 is refused whatever the high bid
        assert _errors(bad) == [(k + 2, "illegal", "HS-BID-LADDER")], path.name


def test_final_score_plus_one(corpus: list[tuple[Path, Log]], tmp_path: Path) -> None:
    for path, (head, events) in corpus:
        final = events[-1]["final"]
        player = head["players"][-1]
        scores = {**final["scores"], player: final["scores"][player] + 1}
        bad = _mutated(tmp_path, path.name, head, events, len(events) - 1,
                       [{"final": {**final, "scores": scores}}])
        assert _errors(bad) == [(len(events) + 1, "score", "HS-SCORE")], path.name


def test_duplicated_pass_is_out_of_order(corpus: list[tuple[Path, Log]],
                                         tmp_path: Path) -> None:
    for path, (head, events) in corpus:
        k = next(k for k, ev in enumerate(events) if ev.get("action") == "pass")
        bad = _mutated(tmp_path, path.name, head, events, k, [events[k], events[k]])
        # the passed player is never next; when the pass ended the bidding, it is over
        last = events[k + 1].get("phase") == "building"
        rule = "HS-BID-END" if last else "HS-BID-TURN"
        assert _errors(bad) == [(k + 3, "order", rule)], path.name


def test_simulation_is_deterministic_per_seed() -> None:
    a = [e.to_json() for e in simulate(NAMES[:3], random.Random(42))]
    b = [e.to_json() for e in simulate(NAMES[:3], random.Random(42))]
    assert json.dumps(a) == json.dumps(b)


def test_examples_give_the_verdicts_their_headers_state() -> None:
    logs = sorted(EXAMPLES.glob("homesteaders-*.jsonl"))
    names = {p.name for p in logs}
    for kind in ("syntax", "schema", "order", "illegal", "chance", "checkpoint", "score"):
        assert f"homesteaders-invalid-{kind}.jsonl" in names
    for n in (2, 3, 4):
        assert f"homesteaders-{n}p.jsonl" in names
    assert "homesteaders-annotated.jsonl" in names
    for path in logs:
        outcome = run_expectation(path)
        assert outcome.passed, f"{path.name}: {outcome.explain()}"
        assert outcome.report is not None
        if path.name.startswith("homesteaders-invalid-"):
            kind = path.name.removeprefix("homesteaders-invalid-").removesuffix(".jsonl")
            assert [e.kind for e in outcome.report.errors] == [kind]
        else:
            assert outcome.report.valid and outcome.report.complete


def test_examples_readme_lists_every_example() -> None:
    text = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in EXAMPLES.glob("*.jsonl"):
        assert f"`{path.name}`" in text
