"""Benchmark of the explorer on The Colonists: its rate against the plain breadth-first search
of ``bench_explore.py``, and its memory per state.

    python tests/bench/bench_explore_colonists.py [--json PATH] [--repeat N] [--quick]

Two workloads: two players from the setup (colonies, start player and the first starting
Places: chance events) and from the first turn of a game on a board of twenty tiles (moves, the
Fee, every place's action: decisions). Same peer and targets as ``bench_explore.py``: at least
the rate of the plain search keeping ``key()`` tuples, at most 300 bytes per distinct state at
the peak. The load average is printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (ROOT, HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bench_explore import Workload, measure, summary, verdict_line  # noqa: E402

from referee.checker.explorer import start_from_setup  # noqa: E402


def workloads(quick: bool = False) -> list[Workload]:
    from referee.model.colonists import GAME
    from tests.test_colonists_explore import FIRST_TURN

    less = 1 if quick else 0
    return [
        Workload(f"colonists 2p setup depth {3 - less}",
                 lambda: start_from_setup(GAME, ["Ann", "Bo"]), 3 - less),
        Workload(f"colonists 2p first turn depth {5 - less}",
                 lambda: start_from_setup(GAME, ["Ann", "Bo"], {"last_era": 1}, FIRST_TURN),
                 5 - less),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--repeat", type=int, default=2, help="runs per workload (best kept)")
    parser.add_argument("--quick", action="store_true", help="smaller workloads, one run each")
    args = parser.parse_args(argv)
    load = os.getloadavg()
    rows = [measure(work, 1 if args.quick else args.repeat) for work in workloads(args.quick)]
    report = summary(rows, args.quick)
    for row in rows:
        print(f"{row['workload']:<34} {row['distinct']:>7,} states  explorer "
              f"{row['explorer_states_per_second']:>6,}/s  baseline "
              f"{row['baseline_states_per_second']:>6,}/s  ratio {row['rate_ratio']:.2f}  "
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
