"""Benchmark of ``referee clarify`` on The Colonists' topics: the median milliseconds per verdict
of each topic after a warm-up, over the clarifications of its example files.

    python tests/bench/bench_clarify_colonists.py [--repeat N] [--json PATH] [--quick]

Every clarification of ``checker/examples/colonists-*.toml`` is checked once (the warm-up, and
the verdict that is reported), then ``--repeat`` times on the same checker; the median of those
runs (CPU time, as in ``bench_clarify.py``: z3 runs in this process) is its time. A topic's
figure is the median over its clarifications. Target: every verdict, and so every topic's
median, at most 20 ms; a verdict over it is named, and the script exits 1. The machine's load
average is printed with the figures, since they depend on it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee.checker.clarify import TopicChecker  # noqa: E402
from referee.checker.clarify_file import load_file  # noqa: E402

TARGET_MS = 20.0
EXAMPLES = ROOT / "checker" / "examples"


def bench(repeat: int, timeout_ms: int) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(EXAMPLES.glob("colonists-*.toml")):
        loaded = load_file(path)
        checker = TopicChecker(loaded.topic, timeout_ms)
        for c in loaded.clarifications:
            verdict = checker.verdict(c).verdict  # warm-up
            times = []
            for _ in range(repeat):
                start = time.process_time()
                checker.verdict(c)
                times.append((time.process_time() - start) * 1000)
            rows.append({"file": path.name, "topic": loaded.topic.name, "id": c.id,
                         "verdict": verdict, "median_ms": round(statistics.median(times), 2)})
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    topics: dict[str, dict[str, Any]] = {}
    for name in sorted({r["topic"] for r in rows}):
        mine = [r for r in rows if r["topic"] == name]
        by_verdict: dict[str, float] = {}
        for verdict in sorted({r["verdict"] for r in mine}):
            by_verdict[verdict] = round(statistics.median(
                r["median_ms"] for r in mine if r["verdict"] == verdict), 2)
        topics[name] = {"verdicts": len(mine),
                        "median_ms": round(statistics.median(r["median_ms"] for r in mine), 2),
                        "median_ms_by_verdict": by_verdict}
    worst = max(t["median_ms"] for t in topics.values())
    over = sorted((r for r in rows if r["median_ms"] > TARGET_MS),
                  key=lambda r: r["median_ms"], reverse=True)
    return {"topics": topics, "target_ms": TARGET_MS, "worst_topic_median_ms": worst,
            "worst_verdict_ms": max(r["median_ms"] for r in rows),
            "over_target": [f"{r['file']}:{r['id']}" for r in over],
            "pass": worst <= TARGET_MS and not over, "load_average": list(os.getloadavg()),
            "cpus": os.cpu_count(), "clarifications": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per clarification")
    parser.add_argument("--timeout-ms", type=int, default=5000, help="time limit per verdict")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--quick", action="store_true", help="3 timed runs per clarification")
    args = parser.parse_args(argv)
    load = os.getloadavg()
    rows = bench(3 if args.quick else args.repeat, args.timeout_ms)
    report = summary(rows)
    print(f"{'topic':<12} {'verdicts':>8} {'median ms':>10}   by verdict")
    for name, t in report["topics"].items():
        parts = ", ".join(f"{v} {ms:.1f}" for v, ms in t["median_ms_by_verdict"].items())
        print(f"{name:<12} {t['verdicts']:>8} {t['median_ms']:>10.2f}   {parts}")
    after = os.getloadavg()
    over = report["over_target"]
    print(f"worst topic median {report['worst_topic_median_ms']:.2f} ms, worst verdict "
          f"{report['worst_verdict_ms']:.2f} ms (target <= {TARGET_MS:.0f} each): "
          + ("pass" if report["pass"] else "FAIL")
          + (f", {len(over)} verdict(s) over it: {', '.join(over[:5])}" if over else ""))
    print(f"load average before {load[0]:.2f} / after {after[0]:.2f} on {os.cpu_count()} CPUs")
    report["load_average_before"] = list(load)
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0 if report["pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
