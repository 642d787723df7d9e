"""Simulated Pionjär corpora through the validator: valid complete games for 2 to 6 players,
one-mutation invalid copies with the right kind and line, and the Pionjär examples against the
verdicts their headers state."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee.model.core import Action, Chance
from referee.model.pionjar import GAME
from referee.model.pionjar.moves.saloon import payout
from referee.replays.regression import run_expectation
from referee.replays.validator import validate_file
from referee.replays.writer import dumps, header
from tests.pionjar_helpers import simulate as simulate_game

GAMES_PER_COUNT = 200
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
EXAMPLES = Path(__file__).resolve().parents[1] / "replays" / "examples"

Obj = dict[str, Any]


@dataclass
class Game:
    path: Path
    head: Obj
    events: list[Obj]
    dice: list[int]             # indexes of die rolls
    gamble: tuple[int, int, int] | None   # (index of the first gamble, cash then, Saloon after)


def _write(path: Path, head: Obj, events: list[Obj]) -> Path:
    path.write_text("".join(dumps(obj) + "\n" for obj in [head, *events]), encoding="utf-8")
    return path


def _facts(players: list[str], events: list[Obj]) -> tuple[list[int], tuple[int, int, int] | None]:
    """Replay once: where the dice are, and the first gamble with the cash before it and the
    Saloon's content once the stake is in."""
    state = GAME.new_state(players)
    dice: list[int] = []
    gamble = None
    for k, ev in enumerate(events):
        if "action" in ev:
            if ev["action"] == "gamble" and gamble is None:
                cash = state.p[ev["player"]].cash
                GAME.apply(state, Action.from_json(ev))
                gamble = (k, cash, state.saloon)
                continue
            GAME.apply(state, Action.from_json(ev))
        elif "chance" in ev:
            if ev["chance"] == "die":
                dice.append(k)
            GAME.apply(state, Chance.from_json(ev))
    return dice, gamble


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Game]:
    """1,000 simulated games (200 each for 2 to 6 players), written as logs."""
    folder = tmp_path_factory.mktemp("pionjar-corpus")
    out = []
    for n in range(2, 7):
        players = NAMES[:n]
        for seed in range(GAMES_PER_COUNT):
            events = [e.to_json() for e in simulate_game(players, random.Random(seed * 10 + n))]
            head = header("pionjar", players, meta={"seed": seed * 10 + n})
            dice, gamble = _facts(players, events)
            path = _write(folder / f"{n}p-{seed:03}.jsonl", head, events)
            out.append(Game(path, head, events, dice, gamble))
    return out


def _errors(path: Path) -> list[tuple[int, str, str | None]]:
    return [(e.line, e.kind, e.rule) for e in validate_file(path).errors]


def _mutated(folder: Path, game: Game, index: int, replacement: Obj, keep: int = 2) -> Path:
    """A copy with event ``index`` replaced; a stopping error ignores what follows, so only
    ``keep`` further events are kept (``keep`` < 0: all)."""
    tail = game.events[index + 1:] if keep < 0 else game.events[index + 1:index + 1 + keep]
    return _write(folder / game.path.name, game.head,
                  [*game.events[:index], replacement, *tail])


def test_simulated_games_are_valid_and_complete(corpus: list[Game]) -> None:
    assert len(corpus) == 5 * GAMES_PER_COUNT
    for game in corpus:
        report = validate_file(game.path)
        assert report.valid, (game.path.name, [e.to_json() for e in report.errors])
        assert report.complete
        final = game.events[-1]["final"]
        assert report.scores == final["scores"]
        assert sorted(report.winners or []) == sorted(final["winners"])


def test_simulated_games_look_like_play(corpus: list[Game]) -> None:
    actions: dict[str, int] = {}
    stacks: dict[str, int] = {}
    for game in corpus:
        for ev in game.events:
            if "action" in ev:
                actions[ev["action"]] = actions.get(ev["action"], 0) + 1
            elif ev.get("chance") == "draw":
                stacks[ev["stack"]] = stacks.get(ev["stack"], 0) + 1
    for name in ("choose_property", "advance", "enter_trail", "leave_trail", "roll", "bid",
                 "pass", "buy_equipment", "buy_land", "buy_trading_post", "gamble",
                 "rent_saloon", "decline_saloon", "end_turn"):
        assert actions.get(name, 0) > 0, name
    assert set(stacks) == {"post", "proclamation", "buffalo", "fish", "gold"}
    scores = [s for g in corpus for s in g.events[-1]["final"]["scores"].values()]
    assert sum(s > 0 for s in scores) / len(scores) > 0.9


def test_die_roll_of_7_is_a_chance_error(corpus: list[Game], tmp_path: Path) -> None:
    for game in corpus:
        k = game.dice[len(game.dice) // 10]   # an early roll keeps the copy short
        bad = _mutated(tmp_path, game, k, {**game.events[k], "value": 7})
        assert _errors(bad) == [(k + 2, "chance", "PJ-CHANCE-DIE")], game.path.name


def test_saloon_stake_above_cash_is_illegal(corpus: list[Game], tmp_path: Path) -> None:
    played = 0
    for game in corpus:
        if game.gamble is None:
            continue
        played += 1
        k, cash, _ = game.gamble
        bad = _mutated(tmp_path, game, k, {**game.events[k], "stake": cash + 1})
        assert _errors(bad) == [(k + 2, "illegal", "PJ-SALOON-STAKE")], game.path.name
    assert played > 0.9 * len(corpus)


def test_saloon_payout_above_its_content_is_a_chance_error(corpus: list[Game],
                                                           tmp_path: Path) -> None:
    for game in corpus:
        if game.gamble is None:
            continue
        k, _, saloon = game.gamble
        roll = game.events[k + 1]
        assert roll["chance"] == "die"
        # what the Saloon holds (stake included) caps every payout: one more cannot occur
        bad = _mutated(tmp_path, game, k + 1, {**roll, "payout": saloon + 1})
        assert _errors(bad) == [(k + 3, "chance", "PJ-SALOON-ROLL")], game.path.name


def test_the_true_payout_is_accepted() -> None:
    game = [e.to_json() for e in simulate_game(NAMES[:3], random.Random(3))]
    state = GAME.new_state(NAMES[:3])
    for k, ev in enumerate(game):
        if "check" in ev or "final" in ev:
            continue
        event = Action.from_json(ev) if "action" in ev else Chance.from_json(ev)
        if state.stage == "saloon_roll":
            due = payout(state, state.stake, ev["value"])
            with_payout = Chance.from_json({**ev, "payout": due})
            assert GAME.check(state, with_payout) is None, k
            wrong = Chance.from_json({**ev, "payout": due + 1})
            bad = GAME.check(state, wrong)
            assert bad is not None and (bad.kind, bad.rule) == ("chance", "PJ-SALOON-ROLL")
        GAME.apply(state, event)


def test_wrong_final_capital_is_a_score_error(corpus: list[Game], tmp_path: Path) -> None:
    for game in corpus:
        final = game.events[-1]["final"]
        player = game.head["players"][-1]
        scores = {**final["scores"], player: final["scores"][player] + 1000}
        k = len(game.events) - 1
        bad = _mutated(tmp_path, game, k, {"final": {**final, "scores": scores}})
        assert _errors(bad) == [(k + 2, "score", "PJ-SCORE-CAPITAL")], game.path.name


def test_simulation_is_deterministic_per_seed() -> None:
    a = [e.to_json() for e in simulate_game(NAMES[:4], random.Random(42))]
    b = [e.to_json() for e in simulate_game(NAMES[:4], random.Random(42))]
    assert json.dumps(a) == json.dumps(b)


def test_pionjar_examples_give_the_verdicts_their_headers_state() -> None:
    logs = sorted(EXAMPLES.glob("pionjar-*.jsonl"))
    names = {p.name for p in logs}
    for n in (2, 4, 6):
        assert f"pionjar-{n}p.jsonl" in names
    assert "pionjar-annotated.jsonl" in names
    for kind in ("schema", "order", "illegal", "chance", "checkpoint", "score"):
        assert f"pionjar-invalid-{kind}.jsonl" in names
    for path in logs:
        outcome = run_expectation(path)
        assert outcome.passed, f"{path.name}: {outcome.explain()}"
        assert outcome.report is not None
        if path.name.startswith("pionjar-invalid-"):
            kind = path.name.removeprefix("pionjar-invalid-").removesuffix(".jsonl")
            assert [e.kind for e in outcome.report.errors] == [kind]
            assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])[
                "expect"]["errors"]
        else:
            assert outcome.report.valid and outcome.report.complete
            assert outcome.report.scores is not None


def test_annotated_example_has_a_note_on_most_lines() -> None:
    lines = (EXAMPLES / "pionjar-annotated.jsonl").read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines[1:]]
    assert "position" in json.loads(lines[0])
    assert sum("note" in ev for ev in events) >= 0.8 * len(events)
