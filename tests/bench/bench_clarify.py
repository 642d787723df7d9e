"""Benchmark of ``referee clarify``: median milliseconds per verdict (after a warm-up) and per
file of 100 clarifications.

    python tests/bench/bench_clarify.py [--repeat N] [--json PATH] [--quick]

Target: every verdict of every example file (``checker/examples/*.toml``) at most 20 ms, the
median of its timed runs after a warm-up, on CPU time (z3 runs in this process). The file's
conflict search is timed too (it is bounded by the time limit, ``unknown`` when it runs out).
A verdict over the target is named, and the script exits 1.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee.checker.clarify import (  # noqa: E402
    Clarification,
    TopicChecker,
    check_clarifications,
)
from referee.checker.clarify_file import load_file  # noqa: E402
from referee.checker.expr import parse_expression  # noqa: E402
from referee.checker.topics import get_topic  # noqa: E402

VERDICT_TARGET_MS = 20.0
EXAMPLES = ROOT / "checker" / "examples"

CASES = [
    ("vacuous", "payment", "buy_wood > 0 and silver == 0 and debt_taken == 0 and trade == 1",
     "gold_after == 0"),
    ("redundant", "payment", "True", "silver_paid + 5 * gold_paid >= cost"),
    ("contradiction", "payment", "silver == 0 and gold == 0 and trade == 0 and cost == 3",
     "debt_taken == 0"),
    ("consistent", "payment", "True", "debt_taken <= cost"),
    ("contradiction", "bid", "bid > silver", "not legal"),
    ("redundant", "bid", "bid < 3", "not legal"),
    ("contradiction", "scoring", "silver == 5 and debt == 0",
     "score == vp + building_vp + bonus_vp + 2 * gold + 2 * copper + 2 * livestock + 1"),
    ("contradiction", "start_player", "auction1_winner == 0 and auction2_winner > 0",
     "next_start_player == auction2_winner"),
]


def clarification(topic: str, when: str, then: str, cid: str = "c") -> Clarification:
    t = get_topic("homesteaders", topic)
    return Clarification(cid, "", parse_expression(when, t.sorts()),
                         parse_expression(then, t.sorts()))


def bench_verdicts(repeat: int, timeout_ms: int) -> list[dict]:
    rows = []
    for expected, topic, when, then in CASES:
        checker = TopicChecker(get_topic("homesteaders", topic), timeout_ms)
        c = clarification(topic, when, then)
        verdict = checker.verdict(c).verdict  # warm-up
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            checker.verdict(c)
            times.append((time.perf_counter() - start) * 1000)
        rows.append({"topic": topic, "expected": expected, "verdict": verdict,
                     "median_ms": round(statistics.median(times), 2)})
    return rows


def bench_examples(repeat: int, timeout_ms: int) -> list[dict[str, Any]]:
    """Every verdict of every example file: median CPU milliseconds after a warm-up; and each
    file's conflict search, timed once after its verdicts."""
    rows = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        loaded = load_file(path)
        checker = TopicChecker(loaded.topic, timeout_ms)
        verdicts = []
        for c in loaded.clarifications:
            verdict = checker.verdict(c).verdict  # warm-up
            times = []
            for _ in range(repeat):
                start = time.process_time()
                checker.verdict(c)
                times.append((time.process_time() - start) * 1000)
            verdicts.append({"id": c.id, "verdict": verdict,
                             "median_ms": round(statistics.median(times), 2)})
        start = time.process_time()
        _, search = check_clarifications(loaded.topic, loaded.clarifications, timeout_ms)
        rows.append({"file": path.name, "topic": loaded.topic.name, "verdicts": verdicts,
                     "file_ms": round((time.process_time() - start) * 1000, 1),
                     "conflicts": len(search.conflicts),
                     "limited": search.limited or not search.complete})
    return rows


def bench_file(timeout_ms: int) -> dict:
    """100 clarifications of the bid topic (redundant, contradicting and consistent ones)."""
    topic = get_topic("homesteaders", "bid")
    clars = []
    for i in range(100):
        amount = (3, 4, 5, 6, 7, 9, 12, 16, 21)[i % 9]
        kind = i % 3
        if kind == 0:
            clars.append(clarification("bid", f"bid == {amount} and high >= {amount} and "
                                       "not lawyer", "not legal", f"r{i}"))
        elif kind == 1:
            clars.append(clarification("bid", f"bid == {amount} and silver < {amount}",
                                       "not legal", f"x{i}"))
        else:
            clars.append(clarification("bid", f"high == {amount}", "implies(legal, bid > high)",
                                       f"k{i}"))
    check_clarifications(topic, clars[:5], timeout_ms)  # warm-up
    start = time.perf_counter()
    verdicts, search = check_clarifications(topic, clars, timeout_ms)
    elapsed = (time.perf_counter() - start) * 1000
    counts: dict[str, int] = {}
    for v in verdicts:
        counts[v.verdict] = counts.get(v.verdict, 0) + 1
    return {"clarifications": len(clars), "ms": round(elapsed, 1), "verdicts": counts,
            "conflicts": len(search.conflicts)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per verdict")
    parser.add_argument("--timeout-ms", type=int, default=5000, help="time limit per verdict")
    parser.add_argument("--json", help="write the results as JSON to this path")
    parser.add_argument("--quick", action="store_true", help="three timed runs per verdict")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else args.repeat
    rows = bench_verdicts(repeat, args.timeout_ms)
    examples = bench_examples(repeat, args.timeout_ms)
    file_row = bench_file(args.timeout_ms)
    print(f"{'topic':<14} {'verdict':<14} {'median ms':>10}")
    for row in rows:
        flag = "" if row["verdict"] == row["expected"] else f"  (expected {row['expected']})"
        print(f"{row['topic']:<14} {row['verdict']:<14} {row['median_ms']:>10.2f}{flag}")
    overall = statistics.median(r["median_ms"] for r in rows)
    print(f"{'median of all':<29} {overall:>10.2f}")
    print(f"file of {file_row['clarifications']} clarifications: {file_row['ms']:.1f} ms "
          f"{file_row['verdicts']}, {file_row['conflicts']} conflicts")
    print(f"example files (CPU ms, median per verdict; target <= {VERDICT_TARGET_MS:g}):")
    over = []
    for ex in examples:
        worst = max((v["median_ms"] for v in ex["verdicts"]), default=0.0)
        print(f"  {ex['file']:<38} {len(ex['verdicts']):>2} verdicts, worst {worst:7.2f} ms; "
              f"whole file {ex['file_ms']:8.1f} ms, {ex['conflicts']} conflict(s)"
              f"{' (time limit reached)' if ex['limited'] else ''}")
        over += [(v["median_ms"], f"{ex['file']}:{v['id']}") for v in ex["verdicts"]
                 if v["median_ms"] > VERDICT_TARGET_MS]
    passed = not over
    worst = "; ".join(f"{name} {ms:.1f} ms" for ms, name in sorted(over, reverse=True)[:5])
    print("target: " + ("pass" if passed else f"MISSED by {len(over)} verdict(s), the worst: "
                        + worst))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"verdicts": rows, "median_ms": overall, "file": file_row,
                       "examples": examples, "target_ms": VERDICT_TARGET_MS,
                       "pass": passed}, out, indent=1)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
