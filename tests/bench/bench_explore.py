"""Benchmark of the explorer: its rate against a plain breadth-first search, and its memory.

    python tests/bench/bench_explore.py [--json PATH] [--repeat N] [--quick]

For each workload the same game is searched to the same depth twice in this process, taking
turns, on CPU time, after one untimed run of each: once by the explorer (seen-set with parent
pointers, the game's invariant suite on every state, rule probe, statistics), once by the plain
level-by-level search of
``tests/plain_search.py`` over the same game API at its fastest (a set of the states' ``key()``
tuples and a list of states per level, no fingerprint, no invariants). Targets: the explorer at
least as fast as the plain search (ratio of distinct states per CPU second >= 1.0), and a peak
of at most 300 bytes per distinct state (tracemalloc's peak during a separate run, frontier
included, not the memory left once it has drained), measured at a million states in the full
run. ``--quick`` searches a few thousand states, too few for the memory target: it prints their
bytes per state and judges the rate alone.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
import tracemalloc
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
from tests.plain_search import distinct_keys  # noqa: E402

RATE_TARGET = 1.0
BYTES_TARGET = 300


@dataclass
class Workload:
    name: str
    start: Callable[[], Start]
    depth: int | None


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
        found.append(Workload("nim 2p piles 7,8,9,9,5 (1.2 million states)",
                              lambda: start_from_setup(NIM, ["Ann", "Bo"],
                                                       {"piles": [7, 8, 9, 9, 5]}), None))
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
    depth = work.depth if work.depth is not None else max_depth(work.start())
    # one untimed run of each first: what a process does once (data loaded, caches of the
    # game's tables filled) is not the rate of either search
    Explorer(work.start(), ExploreConfig(depth=work.depth, max_states=None)).run()
    start = work.start()
    distinct_keys(start.game, start.state, depth)
    for _ in range(repeat):
        start = work.start()
        gc.collect()
        t0 = time.process_time()
        result = Explorer(start, ExploreConfig(depth=work.depth, max_states=None)).run()
        best_explorer = min(best_explorer, time.process_time() - t0)
        distinct = result.stats.distinct
        start = work.start()
        gc.collect()
        t0 = time.process_time()
        base_distinct = distinct_keys(start.game, start.state, depth)
        best_baseline = min(best_baseline, time.process_time() - t0)
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


def max_depth(start: Start) -> int:
    """A depth no exhaustive workload reaches (Nim: every object taken, one event each)."""
    piles = start.state.piles if hasattr(start.state, "piles") else ()
    return sum(piles) + 3 if piles else 10_000


def bytes_per_state(work: Workload) -> float:
    """The explorer's peak memory during the run (frontier and seen-set), per distinct state."""
    start = work.start()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    explorer = Explorer(start, ExploreConfig(depth=work.depth, max_states=None))
    result = explorer.run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del explorer
    return (peak - before) / result.stats.distinct


def summary(rows: list[Mapping[str, Any]], quick: bool = False) -> dict[str, Any]:
    """The worst figures and the verdict. The memory target is stated for large searches (a
    million states): a ``quick`` run's searches of a few thousand states, where the
    interpreter's fixed memory is spread over few states, report their bytes per state without
    judging them."""
    ratio = min(r["rate_ratio"] for r in rows)
    per_state = max(r["bytes_per_state"] for r in rows)
    memory_ok = quick or per_state <= BYTES_TARGET
    return {"workloads": list(rows),
            "targets": {"rate_ratio_at_least": RATE_TARGET, "bytes_per_state_at_most":
                        BYTES_TARGET, "memory_judged": not quick},
            "worst_rate_ratio": ratio, "worst_bytes_per_state": per_state,
            "pass": ratio >= RATE_TARGET and memory_ok}


def verdict_line(report: Mapping[str, Any]) -> str:
    memory = (f"worst {report['worst_bytes_per_state']:.0f} B/state (target <= {BYTES_TARGET}"
              + ("; not judged by a quick run: the target is stated for large searches)"
                 if not report["targets"]["memory_judged"] else ")"))
    return (f"worst ratio {report['worst_rate_ratio']:.2f} (target >= {RATE_TARGET}); {memory}: "
            + ("pass" if report["pass"] else "FAIL"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--repeat", type=int, default=3, help="runs per workload (best kept)")
    parser.add_argument("--quick", action="store_true",
                        help="smaller workloads, one run each (a smoke test of the targets)")
    args = parser.parse_args(argv)
    repeat = 1 if args.quick else args.repeat
    load = os.getloadavg()
    rows = [measure(work, repeat) for work in workloads(args.quick)]
    report = summary(rows, args.quick)
    for row in rows:
        print(f"{row['workload']:<28} {row['distinct']:>9,} states  explorer "
              f"{row['explorer_states_per_second']:>8,}/s  baseline "
              f"{row['baseline_states_per_second']:>8,}/s  ratio {row['rate_ratio']:.2f}  "
              f"{row['bytes_per_state']:.0f} B/state")
    print(verdict_line(report))
    after = os.getloadavg()
    print(f"load average before {load[0]:.2f} / after {after[0]:.2f} on {os.cpu_count()} CPUs")
    report["load_average"] = {"before": list(load), "after": list(after),
                              "cpus": os.cpu_count()}
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if report["pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
