"""Benchmark of The Colonists' validation against Homesteaders': events per CPU second of
``referee validate`` (one process) on simulated games of each (target: The Colonists at least
as fast).

    python tests/bench/bench_colonists.py [--games N] [--repeat R] [--json PATH]
                                          [--profile [--sort KEY]]

Both corpora are written by the games' own simulators, 2 to 4 players; The Colonists' games
draw random colonies and start in a random era (a quarter of them in Era II to IV). The two
runs take turns so that both meet the same machine load; the ratio is taken on CPU time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee.games import registration  # noqa: E402
from referee.model.core import seat_names  # noqa: E402
from referee.replays import parallel  # noqa: E402
from referee.replays.simulate import simulate_game  # noqa: E402
from referee.replays.writer import header, write_log  # noqa: E402

RATIO_TARGET = 1.0


def colonists_options(rng: random.Random) -> dict[str, Any]:
    first = rng.choice([1, 1, 1, 2, 3, 4])
    return {"first_era": first} if first > 1 else {}


def corpus(game: str, folder: Path, games: int, seed: int) -> tuple[list[Path], int, float]:
    """Simulated games written as logs: the files, their events, the seconds it took."""
    record = registration(game)
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    files, events = [], 0
    start = time.perf_counter()
    for k in range(games):
        players = seat_names(2 + k % 3)
        options = colonists_options(rng) if game == "colonists" else {}
        log = simulate_game(record, players, random.Random(rng.random()), options)
        events += len(log)
        files.append(write_log(folder / f"g{k:04d}.jsonl", header(game, players, options or None),
                               log))
    return files, events, time.perf_counter() - start


def run(files: list[Path]) -> int:
    """What ``referee validate`` runs in one process (the logs of one header share the lines
    they have in common)."""
    total = 0
    for report in parallel.iter_reports(files):
        assert report.valid, (report.path, report.errors[:2])
        total += report.events
    return total


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sort", default="cumulative", help="the profile's order (pstats)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        made = {g: corpus(g, Path(tmp) / g, args.games, 1) for g in ("homesteaders",
                                                                      "colonists")}
        best = {g: float("inf") for g in made}
        counted = dict.fromkeys(made, 0)
        for _ in range(args.repeat):
            for g, (files, _, _) in made.items():
                cpu = time.process_time()
                counted[g] = run(files)
                best[g] = min(best[g], time.process_time() - cpu)
        figures: dict[str, Any] = {g: {"games": args.games, "events": counted[g],
                                       "cpu_seconds": round(best[g], 3),
                                       "events_per_cpu_second": round(counted[g] / best[g]),
                                       "simulation_seconds": round(made[g][2], 2)}
                                   for g in made}
        ratio = figures["colonists"]["events_per_cpu_second"] / \
            figures["homesteaders"]["events_per_cpu_second"]
        figures["ratio"] = round(ratio, 2)
        figures["target"] = RATIO_TARGET
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            run(made["colonists"][0])
            profile.disable()
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out)
            stats.sort_stats(args.sort).print_stats(30)
            print(out.getvalue())
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if ratio >= RATIO_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
