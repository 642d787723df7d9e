"""Simulated games with random colonies (and later starts): valid, every colony in play in
some, the colonies' actions played; single mutations of a colony action are refused at the right
line with the right kind and rule.

The default run plays a small sweep (``REFEREE_COLONY_GAMES`` games, default 8); the acceptance
sweep of 100 games for each player count (each colony in play in at least 30, its level IV
reached in some) runs with ``REFEREE_SLOW=1`` or ``-m slow`` and prints its timings.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from referee.games import registration
from referee.model.colonists import GAME
from referee.model.core import Action, seat_names
from referee.replays.records import Check, Final
from referee.replays.simulate import simulate_game
from referee.replays.validator import RuleTally, replay_to, validate_file
from referee.replays.writer import dumps, header, write_log
from tests.test_colonists_simulated import SWEEP_MOVES, SWEEP_RULES

RECORD = registration("colonists")
SMALL = int(os.environ.get("REFEREE_COLONY_GAMES", "8"))
FULL = 100
COLONIES = sorted(GAME.new_state(["Ann"]).data.colonies)


def game_options(seed: int) -> dict[str, Any]:
    """A quarter of the games start in a later era."""
    first = random.Random(seed).choice([1, 1, 1, 2, 3, 4])
    return {"first_era": first} if first > 1 else {}


def play(job: tuple[int, int, str]) -> dict[str, Any]:
    """One simulated game written to ``folder``: its file, facts and timings."""
    players, seed, folder = job
    options = game_options(seed)
    start = time.process_time()
    events = simulate_game(RECORD, seat_names(players), random.Random(seed), options)
    simulated = time.process_time() - start
    path = write_log(Path(folder) / f"c-{players}p-s{seed}.jsonl",
                     header("colonists", seat_names(players), options or None), events)
    tally = RuleTally()
    start = time.process_time()
    report = validate_file(path, coverage=tally)
    validated = time.process_time() - start
    state = replay_to(path).state
    names = Counter(e.name for e in events if not isinstance(e, Check | Final))
    return {"path": str(path), "players": players, "seed": seed, "options": options,
            "valid": report.valid and report.complete, "errors": [str(x) for x in
                                                                   report.errors[:2]],
            "colonies": list(state.colonies), "events": len(events), "names": dict(names),
            "levels": sorted({(col, lv) for c in state.p for col, lv in c.embassies.items()}),
            "simulated": simulated, "validated": validated,
            "credited": sorted(tally.passes.get("colonists", {}))}


def sweep(folder: Path, per_count: int, base: int) -> list[dict[str, Any]]:
    jobs = [(players, base + 10 * k + players, str(folder)) for k in range(per_count)
            for players in (1, 2, 3, 4)]
    workers = os.cpu_count() or 1
    if workers <= 1 or len(jobs) < 8:
        return [play(job) for job in jobs]
    import multiprocessing

    with ProcessPoolExecutor(max_workers=workers,
                             mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(play, jobs, chunksize=2))


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return sweep(tmp_path_factory.mktemp("colony-games"), max(1, SMALL // 4), 500)


def test_simulated_games_with_random_colonies_are_valid(games):
    bad = [(g["path"], g["errors"]) for g in games if not g["valid"]]
    assert not bad, bad


def test_the_colonies_are_played(games):
    """Embassies, Special Ambassadors and later starts appear in the sweep."""
    names: Counter[str] = Counter()
    for g in games:
        names.update(g["names"])
    assert names["diplomacy"] and names["ambassador"], names
    assert any(g["options"] for g in games) and names["setup_buildings"], names
    assert len({c for g in games for c in g["colonies"]}) >= 7


def _slow(request: pytest.FixtureRequest) -> bool:
    return bool(os.environ.get("REFEREE_SLOW")) or "slow" in (request.config.option.markexpr
                                                              or "")


@pytest.mark.slow
def test_a_hundred_games_for_each_player_count(request, tmp_path):
    """100 games for each player count: all valid; each colony in play in at least 30 and its
    level IV reached in some."""
    if not _slow(request):
        pytest.skip("400 games: set REFEREE_SLOW=1 or run -m slow")
    start = time.time()
    played = sweep(tmp_path, FULL, 10_000)
    wall = time.time() - start
    bad = [(g["path"], g["errors"]) for g in played if not g["valid"]]
    assert not bad, bad[:3]
    for players in (1, 2, 3, 4):
        mine = [g for g in played if g["players"] == players]
        count = Counter(c for g in mine for c in g["colonies"])
        assert all(count[c] >= 30 for c in COLONIES), (players, count)
    top = {col for g in played for col, lv in g["levels"] if lv == 4}
    assert top == set(COLONIES), sorted(set(COLONIES) - top)
    # what the plain simulated corpus leaves to this sweep (a saved game is not simulated: the
    # golden corpus continues saved games under CO-SAVED)
    names = {n for g in played for n in g["names"]}
    moves = {m.split()[1] for m in SWEEP_MOVES}
    assert moves <= names, sorted(moves - names)
    credited = {r for g in played for r in g["credited"]}
    assert SWEEP_RULES - {"CO-SAVED"} <= credited, sorted(SWEEP_RULES - {"CO-SAVED"} - credited)
    events = sum(g["events"] for g in played)
    sim = sum(g["simulated"] for g in played)
    val = sum(g["validated"] for g in played)
    print(f"\n{len(played)} games, {events} events in {wall:.0f} s wall on "
          f"{os.cpu_count()} core(s); simulated {events / sim:.0f} events/s, validated "
          f"{events / val:.0f} events/s (CPU)")


# --------------------------------------------------------------------------- mutations


def _lines(path: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def _refused(tmp_path: Path, lines: list[dict[str, Any]]) -> tuple[int, str, str | None]:
    target = tmp_path / "mutated.jsonl"
    target.write_text("".join(dumps(obj) + "\n" for obj in lines), encoding="utf-8")
    report = validate_file(target)
    assert not report.valid, "the mutated log is valid"
    e = report.errors[0]
    return e.line, e.kind, e.rule


def _states(lines: list[dict[str, Any]]) -> list[Any]:
    """The state before each line (None for the header and non-game lines)."""
    head = lines[0]
    state = GAME.new_state(head["players"], head.get("options"))
    out: list[Any] = [None]
    from tests.colonists_helpers import event

    for obj in lines[1:]:
        if "check" in obj or "final" in obj:
            out.append(None)
            continue
        out.append(state.copy())
        GAME.apply(state, event(obj))
    return out


EXTRA = 16  # further games played when the sweep lacks the situation


def _find(games: list[dict[str, Any]], test: Any) -> tuple[list[dict[str, Any]], int, Any]:
    folder = Path(games[0]["path"]).parent

    def candidates() -> Any:
        yield from games
        for k in range(EXTRA):
            yield play((2 + k % 3, 900 + k, str(folder)))

    for g in candidates():
        lines = _lines(g["path"])
        states = _states(lines)
        for k, obj in enumerate(lines):
            if states[k] is not None and test(obj, states[k]):
                return lines, k, states[k]
    raise AssertionError(f"no such event in {len(games) + EXTRA} simulated games")


def test_an_exchange_the_level_does_not_allow(games, tmp_path):  # CO-ALCHEMIST-2
    def receiving(obj: dict[str, Any], s: Any) -> bool:
        if obj.get("action") != "gather" or "exchange" in obj:
            return False
        return s.p[s.players.index(obj["player"])].embassies.get("alchemist", 0) < 2

    lines, k, _ = _find(games, receiving)
    lines[k] = {**lines[k], "exchange": [["planks", "bricks", 1]]}
    assert _refused(tmp_path, lines) == (k + 1, "illegal", "CO-ALCHEMIST-2")


def test_an_ambassador_moved_twice_in_a_half_year(games, tmp_path):  # CO-AMBASSADOR
    lines, k, s = _find(games, lambda obj, s: obj.get("action") == "ambassador" and
                        obj["ambassador"] != "alchemist")
    markets = [t for t, tile in s.board.tiles.items() if tile.market]
    again = {**lines[k], "to": list(s.board.tiles[markets[-1]].cells[0])}
    if again["to"] == lines[k]["to"]:
        again["to"] = list(s.board.tiles[markets[0]].cells[0])
    lines.insert(k + 1, again)
    assert _refused(tmp_path, lines) == (k + 2, "illegal", "CO-AMBASSADOR")


def test_an_embassy_above_the_eras_level(games, tmp_path):  # CO-EMBASSY
    lines, k, s = _find(games, lambda obj, s: obj.get("action") == "diplomacy" and s.era < 4)
    targets = dict(lines[k]["embassies"])
    colony = sorted(targets)[0]
    targets[colony] = s.era + 1
    lines[k] = {**lines[k], "embassies": targets}
    assert _refused(tmp_path, lines) == (k + 1, "illegal", "CO-EMBASSY")


def test_a_later_start_over_budget(games, tmp_path):  # CO-LATER-BUDGET
    from referee.model.colonists.later import budget, last_skipped

    lines, k, s = _find(games, lambda obj, s: obj.get("action") == "setup_buildings")
    i = s.players.index(lines[k]["player"])
    money = budget(s, i)
    data = s.data
    spent = sum(data.buildings[b].value for b in lines[k]["buildings"]) + sum(
        data.embassy_levels[lv].value for lv in lines[k].get("embassies", {}).values())
    left = money.buildings + money.embassies - spent
    costly = max((b for b in data.buildings.values() if b.era <= last_skipped(s) and
                  b.limit is None), key=lambda b: b.value)
    extra = [costly.slug] * math.ceil((left + 1) / costly.value)
    lines[k] = {**lines[k], "buildings": [*lines[k]["buildings"], *extra]}
    assert _refused(tmp_path, lines) == (k + 1, "illegal", "CO-LATER-BUDGET")


def test_a_charity_twice_in_a_year(games, tmp_path):  # CO-ALTRUIST-1
    lines, k, _ = _find(games, lambda obj, s: obj.get("action") == "charity")
    lines.insert(k + 1, dict(lines[k]))
    assert _refused(tmp_path, lines) == (k + 2, "order", "CO-ALTRUIST-1")


def test_the_lords_alternative_on_a_market(games, tmp_path):  # CO-LORD-1
    def at_market(obj: dict[str, Any], s: Any) -> bool:
        if obj.get("action") not in ("subsidy", "sell", "market_action") or s.stage != "act":
            return False
        i = s.players.index(obj["player"])
        from referee.model.colonists import data as d
        from referee.model.colonists.community import effects_of

        return bool(effects_of(s, i, d.IgnoreAction)) and s.board.tiles[s.pending.tile].market

    lines, k, _s = _find(games, at_market)
    lines[k] = Action.make(lines[k]["player"], "ignore", goods={"wood": 1}).to_json()
    assert _refused(tmp_path, lines) == (k + 1, "illegal", "CO-LORD-1")
