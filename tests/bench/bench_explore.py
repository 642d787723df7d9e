"""Benchmark of the explorer: its rate against a plain breadth-first search, and its memory.

    python tests/bench/bench_explore.py [--json PATH] [--repeat N] [--quick]

For each workload the same game is searched to the same depth twice in this process: once by the
explorer (seen-set with parent pointers, invariant suite, rule probe, statistics), once by the
baseline below: a deque of plain ``(state, depth)`` tuples and a set of fingerprints, nothing else.
Targets: the explorer keeps at least half the baseline's rate of distinct states per second, and
stores at most 200 bytes per distinct state (tracemalloc, measured on a separate run, after the
frontier has drained: what remains is the seen-set).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee.checker.explorer import (  # noqa: E402
    ExploreConfig,
    Explorer,
    Start,
    start_from_setup,
)

RATE_TARGET = 0.5
BYTES_TARGET = 200


@dataclass
class Workload:
    name: str
    start: Callable[[], Start]
    depth: int | None


def baseline_bfs(game: Any, root: Any, depth: int | None) -> int:
    """Distinct states reachable within ``depth`` events: the plainest breadth-first search."""
    seen = {root.fingerprint()}
    frontier: deque[tuple[Any, int]] = deque([(root.copy(), 0)])
    while frontier:
        state, d = frontier.popleft()
        if depth is not None and d >= depth:
            continue
        outcomes = game.chance_outcomes(state)
        events = [c for c, _ in outcomes] if outcomes else game.legal_actions(state)
        for event in events:
            child = state.copy()
            game.apply(child, event)
            fp = child.fingerprint()
            if fp not in seen:
                seen.add(fp)
                frontier.append((child, d + 1))
    return len(seen)


def workloads(quick: bool = False) -> list[Workload]:
    """Nim searched to exhaustion; the real games to a depth (one step less with ``quick``)."""
    from tests.nim_game import GAME as NIM

    found = [
        Workload("nim 2p piles 4,5,6,7", lambda: start_from_setup(
            NIM, ["Ann", "Bo"], {"piles": [4, 5, 6, 7]}), None),
    ]
    if not quick:
        found.append(Workload("nim 3p piles 3,4,5,6", lambda: start_from_setup(
            NIM, ["Ann", "Bo", "Cy"], {"piles": [3, 4, 5, 6]}), None))
    less = 1 if quick else 0
    games = {name: _game(name) for name in ("homesteaders", "pionjar")}
    if games["homesteaders"] is not None:
        found.append(Workload(f"homesteaders 2p depth {8 - less}", lambda: start_from_setup(
            games["homesteaders"], ["Ann", "Bo"]), 8 - less))
    if games["pionjar"] is not None:
        found.append(Workload(f"pionjar 3p depth {5 - less}", lambda: start_from_setup(
            games["pionjar"], ["Ann", "Bo", "Cy"]), 5 - less))
    return found


def _game(name: str) -> Any:
    from referee.errors import UnknownGameError
    from referee.games import get_game

    try:
        return get_game(name)
    except UnknownGameError:
        return None


def measure(work: Workload, repeat: int) -> dict[str, Any]:
    best_explorer = best_baseline = float("inf")
    distinct = base_distinct = 0
    for _ in range(repeat):
        start = work.start()
        gc.collect()
        t0 = time.perf_counter()
        result = Explorer(start, ExploreConfig(depth=work.depth, max_states=None)).run()
        best_explorer = min(best_explorer, time.perf_counter() - t0)
        distinct = result.stats.distinct
        start = work.start()
        gc.collect()
        t0 = time.perf_counter()
        base_distinct = baseline_bfs(start.game, start.state, work.depth)
        best_baseline = min(best_baseline, time.perf_counter() - t0)
    if distinct != base_distinct:
        raise SystemExit(f"{work.name}: explorer found {distinct} states, baseline "
                         f"{base_distinct}")
    explorer_rate = distinct / best_explorer
    baseline_rate = distinct / best_baseline
    return {
        "workload": work.name,
        "distinct": distinct,
        "explorer_seconds": round(best_explorer, 3),
        "baseline_seconds": round(best_baseline, 3),
        "explorer_states_per_second": round(explorer_rate),
        "baseline_states_per_second": round(baseline_rate),
        "rate_ratio": round(explorer_rate / baseline_rate, 3),
        "bytes_per_state": round(bytes_per_state(work), 1),
    }


def bytes_per_state(work: Workload) -> float:
    """Memory the finished explorer still holds (its seen-set), per distinct state."""
    start = work.start()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    explorer = Explorer(start, ExploreConfig(depth=work.depth, max_states=None))
    result = explorer.run()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del explorer
    return (after - before) / result.stats.distinct


def summary(rows: list[Mapping[str, Any]]) -> dict[str, Any]:
    ratio = min(r["rate_ratio"] for r in rows)
    per_state = max(r["bytes_per_state"] for r in rows)
    return {"workloads": list(rows),
            "targets": {"rate_ratio_at_least": RATE_TARGET, "bytes_per_state_at_most":
                        BYTES_TARGET},
            "worst_rate_ratio": ratio, "worst_bytes_per_state": per_state,
            "pass": ratio >= RATE_TARGET and per_state <= BYTES_TARGET}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--repeat", type=int, default=3, help="runs per workload (best kept)")
    parser.add_argument("--quick", action="store_true",
                        help="smaller workloads, one run each (a smoke test of the targets)")
    args = parser.parse_args(argv)
    repeat = 1 if args.quick else args.repeat
    rows = [measure(work, repeat) for work in workloads(args.quick)]
    report = summary(rows)
    for row in rows:
        print(f"{row['workload']:<28} {row['distinct']:>8,} states  explorer "
              f"{row['explorer_states_per_second']:>8,}/s  baseline "
              f"{row['baseline_states_per_second']:>8,}/s  ratio {row['rate_ratio']:.2f}  "
              f"{row['bytes_per_state']:.0f} B/state")
    print(f"worst ratio {report['worst_rate_ratio']:.2f} (target >= {RATE_TARGET}); worst "
          f"{report['worst_bytes_per_state']:.0f} B/state (target <= {BYTES_TARGET}): "
          + ("pass" if report["pass"] else "FAIL"))
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if report["pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
