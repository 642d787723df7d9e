"""Validation throughput and explorer rate of one tree, for comparing two versions of the code.

    python tests/bench/bench_throughput.py [--root TREE] [--corpus DIR] [--repeat N] [--json PATH]

``--root`` names the tree whose ``referee`` is imported (default: this one), so that the same
script measures an older checkout: run it from the older tree's root with ``--root .``. The
corpora are simulated Homesteaders and Pionjär games written by that tree's ``referee simulate``
(the same seeds and player counts; the rules changed between versions, so a log of one tree
need not be valid in the other) into a temporary folder, or ``--corpus``. Figures are
CPU time of this process, best of ``--repeat``: events validated per CPU second, and distinct
states (and generated states) per CPU second of the explorer (its invariant suite included) to
a fixed depth.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CORPORA = {  # game: (players, games per player count)
    "homesteaders": ((2, 3, 4), 40),
    "pionjar": ((2, 4, 6), 40),
}
SEARCHES = {  # game: (players, depth)
    "homesteaders": (("Ann", "Bo"), 8),
    "pionjar": (("Ann", "Bo", "Cy"), 5),
}


def make_corpus(root: Path, folder: Path) -> None:
    for game, (counts, games) in CORPORA.items():
        for players in counts:
            out = folder / game / f"{players}p"
            if out.is_dir() and any(out.glob("*.jsonl")):
                continue
            subprocess.run([sys.executable, "-m", "referee", "simulate", game, "--players",
                            str(players), "--games", str(games), "--seed", "1", "--out",
                            str(out)], cwd=root, check=True, stdout=subprocess.DEVNULL)


def best_cpu(repeat: int, run: Callable[[], int]) -> tuple[float, int]:
    best, counted = float("inf"), 0
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        counted = run()
        best = min(best, time.process_time() - start)
    return best, counted


def validation(folder: Path, repeat: int) -> dict[str, Any]:
    from referee.replays.validator import validate_file

    files = sorted(folder.rglob("*.jsonl"))

    def run() -> int:
        events = 0
        for path in files:
            report = validate_file(path)
            if not report.valid:
                raise SystemExit(f"{path} is invalid: {report.errors[:1]}")
            events += report.events
        return events

    seconds, events = best_cpu(repeat, run)
    return {"files": len(files), "events": events, "cpu_seconds": round(seconds, 3),
            "events_per_cpu_second": round(events / seconds)}


def exploration(game_name: str, repeat: int) -> dict[str, Any]:
    from referee.checker.explorer import ExploreConfig, Explorer, start_from_setup
    from referee.games import get_game

    players, depth = SEARCHES[game_name]
    game = get_game(game_name)
    generated = 0

    def run() -> int:
        nonlocal generated
        start = start_from_setup(game, list(players))
        stats = Explorer(start, ExploreConfig(depth=depth, max_states=None)).run().stats
        generated = stats.generated
        return int(stats.distinct)

    seconds, distinct = best_cpu(repeat, run)
    # two versions may tell apart different numbers of the same generated states (what the
    # fingerprint sees changed), so the rate per generated state is given too
    return {"players": len(players), "depth": depth, "distinct": distinct,
            "generated": generated, "cpu_seconds": round(seconds, 3),
            "states_per_cpu_second": round(distinct / seconds),
            "generated_per_cpu_second": round(generated / seconds)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    parser.add_argument("--corpus", type=Path, help="folder for the corpora (default: temporary)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    os.chdir(root)
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as scratch:
        corpus = args.corpus or Path(scratch)
        make_corpus(root, corpus)
        figures = measure(root, corpus, args.repeat)
    for name, row in figures.items():
        print(f"{name}: {row}")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


def measure(root: Path, corpus: Path, repeat: int) -> dict[str, Any]:
    import referee

    figures: dict[str, Any] = {"root": str(root), "referee": referee.__file__,
                               "python": platform.python_version(), "repeat": repeat}
    for game in CORPORA:
        figures[f"validate {game}"] = validation(corpus / game, repeat)
    for game in SEARCHES:
        figures[f"explore {game}"] = exploration(game, repeat)
    figures["load average"] = os.getloadavg()
    return figures


if __name__ == "__main__":
    sys.exit(main())
