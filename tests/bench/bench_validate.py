"""Benchmark of replay validation: throughput against python-chess, parallel speedup, memory.

    python tests/bench/bench_validate.py [--json PATH] [--quick] [--no-profile]

One run measures, on a corpus of random Homesteaders games written by the model's simulator:

* throughput: events per second of ``referee validate`` in one process (reading, decoding and
  judging every line), against python-chess reading a PGN corpus of random legal games
  (``chess.pgn.read_game``, then every move replayed on a board with a legality check), in plies
  per second; the two take turns, and the ratio is taken on CPU time, which other work on the
  machine does not distort (the wall-time ratio is printed too); target ratio >= 1.0;
* speedup of ``--workers 2`` over ``--workers 1`` (the same code path as the command, JSON report
  to /dev/null); target >= 1.6 on a machine with 2 free cores;
* peak memory (ru_maxrss) of ``referee validate -f json -o FILE`` in a fresh process on 10,000
  games and on 1,000: the parent's peak must not grow with the number of files (ratio <= 1.15);
* a cProfile of the validator over the throughput corpus, by area (JSON decoding, the envelope,
  the game model...).

The larger corpora repeat the simulated games under new names (hard links): the cost of a file
does not depend on whether another file has the same content.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee.replays import parallel  # noqa: E402
from referee.replays.report import JsonReporter  # noqa: E402
from referee.replays.validator import validate_file  # noqa: E402
from referee.replays.writer import header, write_log  # noqa: E402

RATIO_TARGET = 1.0
SPEEDUP_TARGET = 1.6
MEMORY_RATIO_TARGET = 1.15
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


# --------------------------------------------------------------------------- corpora


def simulator() -> Callable[..., Any] | None:
    """The registered Homesteaders simulator: ``simulate(players, rng)`` -> its events."""
    from referee.errors import UnknownGameError
    from referee.games import registration
    from referee.replays.simulate import simulate_game

    try:
        record = registration("homesteaders")
    except UnknownGameError:
        return None
    if record.policy is None:
        return None
    return lambda players, rng: simulate_game(record, list(players), rng)


def homesteaders_corpus(folder: Path, games: int, seed: int = 1) -> tuple[list[Path], int]:
    """``games`` simulated games of 2 to 4 players; the files and their number of events."""
    simulate_game = simulator()
    assert simulate_game is not None
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    files, events = [], 0
    for i in range(games):
        players = PLAYERS[:2 + i % 3]
        log = simulate_game(players, rng)
        events += len(log)
        files.append(write_log(folder / f"g{i:05d}.jsonl", header("homesteaders", players),
                               log))
    return files, events


def repeated_corpus(folder: Path, sources: list[Path], count: int) -> Path:
    """``count`` files named anew, linking (or copying) the given games in turn."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        target = folder / f"r{i:05d}.jsonl"
        source = sources[i % len(sources)]
        try:
            os.link(source, target)
        except OSError:
            target.write_bytes(source.read_bytes())
    return folder


def pgn_corpus(path: Path, games: int, seed: int = 1, max_plies: int = 300) -> int:
    """Random legal chess games written as one PGN file; returns the number of plies."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as out:
        for i in range(games):
            board = chess.Board()
            while not board.is_game_over() and board.ply() < max_plies:
                board.push(rng.choice(list(board.legal_moves)))
            plies += board.ply()
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = "random"
            game.headers["Round"] = str(i + 1)
            print(game, file=out, end="\n\n")
    return plies


# --------------------------------------------------------------------------- measurements


def best_of(repeat: int, run: Callable[[], int]) -> tuple[float, int]:
    """The shortest wall time of ``repeat`` runs, and what a run counted."""
    best, counted = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        counted = run()
        best = min(best, time.perf_counter() - start)
    return best, counted


def referee_run(files: list[Path]) -> int:
    return sum(validate_file(path).events for path in files)


def chess_run(pgn: Path) -> int:
    import chess.pgn

    plies = 0
    with pgn.open(encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                if not board.is_legal(move):
                    raise AssertionError(f"illegal move {move} in the PGN corpus")
                board.push(move)
                plies += 1
    return plies


def throughput(runs: dict[str, Callable[[], int]], repeat: int) -> dict[str, dict[str, Any]]:
    """Each run ``repeat`` times, taking turns so that both meet the same machine load; the
    best wall time and the best CPU time (this process) of each."""
    best = {name: {"wall": float("inf"), "cpu": float("inf"), "count": 0} for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            wall, cpu = time.perf_counter(), time.process_time()
            count = run()
            figures = best[name]
            figures["wall"] = min(figures["wall"], time.perf_counter() - wall)
            figures["cpu"] = min(figures["cpu"], time.process_time() - cpu)
            figures["count"] = count
    return {name: {"count": f["count"], "wall_seconds": round(f["wall"], 3),
                   "cpu_seconds": round(f["cpu"], 3),
                   "per_wall_second": round(f["count"] / f["wall"]),
                   "per_cpu_second": round(f["count"] / f["cpu"])} for name, f in best.items()}


def pooled_run(folder: Path, workers: int) -> int:
    """What ``referee validate FOLDER -f json --workers N`` does, the report to /dev/null."""
    from referee.replays.discover import find_logs

    with open(os.devnull, "w", encoding="utf-8") as out:
        reporter = JsonReporter(out)
        reporter.begin()
        for report in parallel.iter_reports(find_logs([folder]), workers):
            reporter.file(report)
        reporter.end()
    return reporter.events


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def speedup(folder: Path, repeat: int) -> dict[str, Any]:
    """Wall time of 1 and 2 workers, and the CPU time each spent: on a machine whose cores are
    busy with other work the wall-time speedup falls, the CPU time shows the pool's overhead."""
    figures: dict[str, Any] = {"files": sum(1 for _ in folder.glob("*.jsonl"))}
    for workers in (1, 2):
        before = cpu_seconds()
        seconds, events = best_of(repeat, lambda w=workers: pooled_run(folder, w))
        figures["events"] = events
        figures[f"workers_{workers}_seconds"] = round(seconds, 3)
        figures[f"workers_{workers}_cpu_seconds"] = round((cpu_seconds() - before) / repeat, 3)
    figures["speedup"] = round(figures["workers_1_seconds"] / figures["workers_2_seconds"], 2)
    return figures


_MEASURE = """
import json, resource, sys
from referee.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps({"self_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "children_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}),
      file=sys.stderr)
"""


def peak_memory(folder: Path, out: Path, workers: int) -> dict[str, Any]:
    """ru_maxrss of a fresh ``referee validate FOLDER -f json -o OUT`` process (and of its
    largest worker)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE, "validate", str(folder), "-f", "json",
                           "-o", str(out), "--workers", str(workers)],
                          capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    figures = json.loads(done.stderr.strip().splitlines()[-1])
    summary = json.loads(out.read_text(encoding="utf-8"))["summary"]
    return {"files": summary["files"], "events": summary["events"],
            "seconds": round(seconds, 2), "parent_peak_mib": round(figures["self_kib"] / 1024, 1),
            "worker_peak_mib": round(figures["children_kib"] / 1024, 1)}


def memory(sources: list[Path], work: Path, small: int, large: int,
           workers: int) -> dict[str, Any]:
    rows = {}
    for count in (small, large):
        folder = repeated_corpus(work / f"memory_{count}", sources, count)
        rows[str(count)] = peak_memory(folder, work / f"memory_{count}.json", workers)
    ratio = rows[str(large)]["parent_peak_mib"] / rows[str(small)]["parent_peak_mib"]
    return {"workers": workers, "runs": rows, "parent_peak_ratio": round(ratio, 3)}


AREAS = [
    ("model/homesteaders/", "Homesteaders model (model/homesteaders/)"),
    ("model/core.py", "game protocol helpers (model/core.py)"),
    ("replays/reader.py", "line reader and JSON limits (replays/reader.py)"),
    ("replays/envelope.py", "event envelope (replays/envelope.py)"),
    ("replays/validator.py", "validator driver (replays/validator.py)"),
    ("json/", "JSON decoding (stdlib json)"),
]


def profile(files: list[Path], top: int = 12) -> dict[str, Any]:
    """cProfile of the validator over ``files``: own time by area, and the top functions."""
    profiler = cProfile.Profile()
    profiler.enable()
    for path in files:
        validate_file(path)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    by_area: Counter[str] = Counter()
    functions = []
    for (filename, line, name), (_, calls, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = filename.replace("\\", "/")
        area = next((label for key, label in AREAS if key in where), "other (builtins, I/O)")
        by_area[area] += own
        short = where.split("/referee/")[-1] if "/referee/" in where else where
        for marker in ("/model/", "/replays/", "/json/"):
            if marker in where:
                short = marker[1:] + where.split(marker, 1)[1]
        functions.append({"function": f"{short}:{line}({name})", "calls": calls,
                          "own_seconds": round(own, 4), "cumulative_seconds": round(cumulative, 4)})
    total = sum(by_area.values()) or 1.0
    functions.sort(key=lambda f: -f["own_seconds"])
    return {"share_by_area": {area: round(own / total, 3) for area, own in by_area.most_common()},
            "top_functions": functions[:top]}


# --------------------------------------------------------------------------- the run


def machine() -> dict[str, Any]:
    model = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {"cpus": os.cpu_count(), "cpu": model, "python": platform.python_version(),
            "platform": platform.platform(), "load_average": load}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--quick", action="store_true",
                        help="smaller corpora (a minute or so instead of a few)")
    parser.add_argument("--no-profile", action="store_true", help="skip the cProfile run")
    args = parser.parse_args(argv)

    if simulator() is None:
        print("bench_validate: no registered Homesteaders simulator in this version; there is "
              "no corpus to measure.",
              file=sys.stderr)
        return 2
    try:
        import chess  # noqa: F401
    except ImportError:
        chess_missing = True
        print("bench_validate: python-chess is not installed (pip install chess); the "
              "comparison with it is skipped.", file=sys.stderr)
    else:
        chess_missing = False

    quick = args.quick
    unique, pgn_games, repeat = (100, 100, 2) if quick else (400, 300, 3)
    speedup_files = 400 if quick else 1000
    small, large = (200, 2000) if quick else (1000, 10000)
    report: dict[str, Any] = {"machine": machine(), "quick": quick}

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        files, events = homesteaders_corpus(work / "homesteaders", unique)
        report["corpus"] = {"games": unique, "events": events,
                            "simulated_in_seconds": round(time.perf_counter() - start, 1)}

        runs: dict[str, Callable[[], int]] = {"referee": lambda: referee_run(files)}
        if not chess_missing:
            pgn = work / "random.pgn"
            plies = pgn_corpus(pgn, pgn_games)
            runs["chess"] = lambda: chess_run(pgn)
        rates = throughput(runs, repeat)
        report["referee"] = {"files": len(files), "events": rates["referee"]["count"],
                             **rates["referee"]}
        if not chess_missing:
            report["chess"] = {"games": pgn_games, "plies": plies, **rates["chess"]}
            assert rates["chess"]["count"] == plies
            report["throughput_ratio"] = round(rates["referee"]["per_cpu_second"]
                                               / rates["chess"]["per_cpu_second"], 2)
            report["throughput_ratio_wall"] = round(rates["referee"]["per_wall_second"]
                                                    / rates["chess"]["per_wall_second"], 2)

        report["speedup"] = speedup(repeated_corpus(work / "speedup", files, speedup_files),
                                    1 if quick else 2)
        report["memory"] = memory(files, work, small, large, workers=2)
        if not args.no_profile:
            report["profile"] = profile(files)

    ratio = report.get("throughput_ratio")
    report["targets"] = {"throughput_ratio_at_least": RATIO_TARGET,
                         "speedup_at_least": SPEEDUP_TARGET,
                         "memory_ratio_at_most": MEMORY_RATIO_TARGET}
    checks = {"throughput": ratio is None or ratio >= RATIO_TARGET,
              "speedup": report["speedup"]["speedup"] >= SPEEDUP_TARGET,
              "memory": report["memory"]["parent_peak_ratio"] <= MEMORY_RATIO_TARGET}
    report["pass"] = checks
    print_table(report)
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if all(checks.values()) else 1


def print_table(report: dict[str, Any]) -> None:
    m = report["machine"]
    print(f"machine: {m['cpus']} cpu(s), {m['cpu']}, Python {m['python']}, "
          f"load average {m['load_average']}")
    ref = report["referee"]
    rows = [("referee validate, 1 process", f"{ref['per_cpu_second']:,} events/s",
             f"{ref['events']:,} events in {ref['files']} games; "
             f"{ref['per_wall_second']:,}/s wall")]
    if "chess" in report:
        ch = report["chess"]
        rows.append(("python-chess read_game + replay", f"{ch['per_cpu_second']:,} plies/s",
                     f"{ch['plies']:,} plies in {ch['games']} games; "
                     f"{ch['per_wall_second']:,}/s wall"))
        rows.append(("throughput ratio (CPU time)", f"{report['throughput_ratio']:.2f}",
                     f"wall time {report['throughput_ratio_wall']:.2f}; "
                     f"target >= {RATIO_TARGET}"))
    sp = report["speedup"]
    rows.append(("--workers 2 over --workers 1", f"{sp['speedup']:.2f}x",
                 f"{sp['workers_1_seconds']}s -> {sp['workers_2_seconds']}s on {sp['files']:,} "
                 f"files (CPU {sp['workers_1_cpu_seconds']}s -> {sp['workers_2_cpu_seconds']}s)"
                 f"; target >= {SPEEDUP_TARGET}"))
    for count, run in report["memory"]["runs"].items():
        rows.append((f"peak memory, {int(count):,} games, -f json -o",
                     f"{run['parent_peak_mib']} MiB",
                     f"worker {run['worker_peak_mib']} MiB; {run['seconds']}s"))
    rows.append(("memory ratio (large / small)", f"{report['memory']['parent_peak_ratio']:.3f}",
                 f"target <= {MEMORY_RATIO_TARGET}"))
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>18}  {note}")
    if "profile" in report:
        print("profile, own time by area:")
        for area, share in report["profile"]["share_by_area"].items():
            print(f"  {share:6.1%}  {area}")
    verdict = ", ".join(f"{k} {'pass' if v else 'FAIL'}" for k, v in report["pass"].items())
    print(f"targets: {verdict}")


if __name__ == "__main__":
    sys.exit(main())
