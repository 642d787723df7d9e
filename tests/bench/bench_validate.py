"""Benchmark of replay validation: against json.loads, python-chess, undo, start-up, workers.

    python tests/bench/bench_validate.py [--json PATH] [--quick] [--no-profile]

Every figure is a ratio measured in this run against a baseline run in the same process (or the
same script), on CPU time (``time.process_time``, or the children's rusage for subprocesses),
best of N with the two sides taking turns, so that other work on the machine distorts neither:

* decode: validating simulated Homesteaders and Pionjär corpora in one process as ``referee
  validate`` does (the logs of one header share the lines they have in common), against
  ``json.loads`` of every line of the same files; target at most 3x. Each log validated alone
  is printed too, for reference; The Colonists' simulated corpus (1 to 4 players, Era I to
  IV) against ``json.loads`` of its lines, the same target;
* chess: referee's events per second on that corpus, against python-chess judging a JSON Lines
  move log of random legal games (``json.loads`` + ``Move.from_uci`` + ``is_legal`` + ``push``);
  target at least 1.5x. The old reference (``chess.pgn.read_game``, every move checked and
  pushed, which checks legality twice) is printed too;
* undo: cost per event of the Homesteaders corpus with an ``undo 1`` and the action again after
  every fifth action, against the same games without; target at most 1.5x;
* start-up: ``referee --version`` and ``referee validate`` of a three-line file, against
  ``python -c pass``; target at most 5x;
* workers: wall time of ``--workers 2`` against ``--workers 1`` on 1,000 distinct simulated
  games (the load average is printed beside it; on a shared machine two free cores may not
  exist); target at least 1.8x;
* memory: the parent's peak (its own high-water mark, VmHWM) of ``referee validate -f json -o
  FILE`` on 10,000 games against 1,000; target at most 1.15;
* a cProfile of the validator over the corpus, by area.

A benchmark that misses its target says so, and the script exits 1.
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

DECODE_TARGET = 3.0  # referee / json.loads, CPU time, at most
CHESS_TARGET = 1.5  # referee events/s / python-chess moves/s, at least
UNDO_TARGET = 1.5  # cost per event with undos / without, at most
STARTUP_TARGET = 5.0  # referee start-up / python -c pass, at most
SPEEDUP_TARGET = 1.8
MEMORY_RATIO_TARGET = 1.15
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
GAMES = {"homesteaders": (2, 4), "pionjar": (2, 6), "colonists": (1, 4)}


# --------------------------------------------------------------------------- corpora


def simulator() -> Callable[..., Any] | None:
    try:
        from referee.replays.simulate import simulate_game
    except ImportError:
        return None
    return simulate_game


def simulated(game: str, games: int, seed: int = 1) -> list[tuple[list[str], list[Any]]]:
    """``games`` simulated games of ``game`` for its player counts in turn: (players, events)."""
    from referee.games import registration

    simulate_game = simulator()
    assert simulate_game is not None
    record = registration(game)
    low, high = GAMES[game]
    rng = random.Random(seed)
    return [(PLAYERS[:low + i % (high - low + 1)], simulate_game(
        record, PLAYERS[:low + i % (high - low + 1)], rng)) for i in range(games)]


def write_corpus(folder: Path, game: str, played: list[tuple[list[str], list[Any]]],
                 ) -> tuple[list[Path], int]:
    """The games written as logs; the files and their number of events."""
    folder.mkdir(parents=True, exist_ok=True)
    files, events = [], 0
    for i, (players, log) in enumerate(played):
        events += len(log)
        files.append(write_log(folder / f"{game}-{i:05d}.jsonl", header(game, players), log))
    return files, events


def with_undos(log: list[Any], every: int = 5) -> list[Any]:
    """The log with, after every ``every``-th action, ``undo 1`` and the same action again."""
    from referee.model.core import Action
    from referee.replays.records import Undo

    out: list[Any] = []
    actions = 0
    for event in log:
        out.append(event)
        if isinstance(event, Action):
            actions += 1
            if actions % every == 0:
                out.extend((Undo(1), event))
    return out


def distinct_corpus(folder: Path, count: int) -> Path:
    """``count`` games simulated anew (two thirds Homesteaders, a third Pionjär, another seed
    than the main corpus), as a real corpus holds distinct games: a run's known lines are
    shared only as far as distinct games share lines."""
    pionjar = count // 3
    write_corpus(folder, "homesteaders", simulated("homesteaders", count - pionjar, seed=2))
    write_corpus(folder, "pionjar", simulated("pionjar", pionjar, seed=2))
    return folder


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


def chess_jsonl(path: Path, games: int, seed: int = 1, max_plies: int = 300) -> int:
    """Random legal chess games as a JSON Lines move log (``{"game": n}`` opens a game, then
    ``{"move": UCI}`` per ply); returns the number of moves."""
    import chess

    rng = random.Random(seed)
    moves = 0
    with path.open("w", encoding="utf-8") as out:
        for i in range(games):
            board = chess.Board()
            out.write(json.dumps({"game": i + 1}) + "\n")
            while not board.is_game_over() and board.ply() < max_plies:
                move = rng.choice(list(board.legal_moves))
                out.write(json.dumps({"move": move.uci()}) + "\n")
                board.push(move)
                moves += 1
    return moves


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
    """What ``referee validate`` runs in one process: the files in turn, sharing the lines
    that logs of one header have in common."""
    return sum(report.events for report in parallel.iter_reports(files))


def alone_run(files: list[Path]) -> int:
    """For reference: each file validated alone (``validate_file``, no lines shared)."""
    return sum(validate_file(path).events for path in files)


def json_run(files: list[Path]) -> int:
    """The baseline of decoding: json.loads of every line of the same files."""
    lines = 0
    loads = json.loads
    for path in files:
        with open(path, "rb") as stream:
            for line in stream:
                loads(line)
                lines += 1
    return lines


def chess_jsonl_run(path: Path) -> int:
    """python-chess judging the move log: decode, parse the move, check it, play it."""
    import chess

    moves = 0
    board = chess.Board()
    loads, from_uci = json.loads, chess.Move.from_uci
    with open(path, "rb") as stream:
        for line in stream:
            obj = loads(line)
            if "game" in obj:
                board = chess.Board()
                continue
            move = from_uci(obj["move"])
            if not board.is_legal(move):
                raise AssertionError(f"illegal move {move} in the move log")
            board.push(move)
            moves += 1
    return moves


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


def child_cpu(command: list[str], env: dict[str, str] | None = None) -> float:
    """CPU time (user + system) of one run of ``command`` as a subprocess."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True, check=False, cwd=ROOT, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startup(work: Path, repeat: int) -> dict[str, Any]:
    """Best CPU time of start-up commands, taking turns with ``python -c pass``."""
    three = work / "three.jsonl"
    write_log(three, header("homesteaders", ["Ann", "Bo"]), [])
    with three.open("a", encoding="utf-8") as out:
        out.write('{"chance": "start_player", "player": "Ann"}\n{"phase": "setup", "round": 1}\n')
    python = [sys.executable]
    commands = {"python -c pass": [*python, "-c", "pass"],
                "referee --version": [*python, "-m", "referee", "--version"],
                "referee validate (3 lines)": [*python, "-m", "referee", "validate", str(three)]}
    # Every command runs with its bytecode cached, as after an install (pip compiles it; the
    # standard library of the baseline ships compiled): the cache goes to a folder of this run,
    # written by a first untimed run, whatever PYTHONDONTWRITEBYTECODE says.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    for command in commands.values():
        child_cpu(command, env)
    best = dict.fromkeys(commands, float("inf"))
    for _ in range(repeat):
        for name, command in commands.items():
            best[name] = min(best[name], child_cpu(command, env))
    base = best["python -c pass"]
    return {"cpu_seconds": {k: round(v, 4) for k, v in best.items()},
            "ratios": {k: round(v / base, 2) for k, v in best.items() if k != "python -c pass"}}


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
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:  # this process's own high-water mark: ru_maxrss keeps the benchmark's (the process before
    # exec, a fork of it) when that was larger
    with open("/proc/self/status", encoding="ascii") as status:
        own = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration, ValueError):
    pass
print(json.dumps({"self_kib": own,
                  "children_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}),
      file=sys.stderr)
"""


def peak_memory(folder: Path, out: Path, workers: int) -> dict[str, Any]:
    """The peak resident memory of a fresh ``referee validate FOLDER -f json -o OUT`` process
    (its own high-water mark, ``VmHWM``, where Linux gives it: ``ru_maxrss`` of a process
    started from this one holds this one's size until it grows past it) and ru_maxrss of its
    largest worker."""
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
    ("model/pionjar/", "Pionjär model (model/pionjar/)"),
    ("model/core/", "game protocol helpers (model/core/)"),
    ("replays/claims.py", "check lines (replays/claims.py)"),
    ("replays/reader.py", "line reader and JSON limits (replays/reader.py)"),
    ("replays/envelope.py", "event envelope (replays/envelope.py)"),
    ("replays/validator.py", "validator driver (replays/validator.py)"),
    ("json/", "JSON decoding (stdlib json)"),
]


def profile(files: list[Path], top: int = 12) -> dict[str, Any]:
    """cProfile of the validator over ``files`` (as ``referee validate`` runs them): own time by
    area, and the top functions."""
    profiler = cProfile.Profile()
    profiler.enable()
    referee_run(files)
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
        print("bench_validate: the Homesteaders simulator (referee.model.homesteaders.simulate)"
              " is not available in this version; there is no corpus to measure.",
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
    hs_games, pj_games, chess_games, repeat = (60, 30, 100, 3) if quick else (300, 100, 300, 5)
    co_games = 8 if quick else 24
    speedup_files = 1000  # the target is stated on 1,000 files
    small, large = (200, 2000) if quick else (1000, 10000)
    report: dict[str, Any] = {"machine": machine(), "quick": quick}

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        hs_played = simulated("homesteaders", hs_games)
        pj_played = simulated("pionjar", pj_games)
        hs_files, hs_events = write_corpus(work / "corpus", "homesteaders", hs_played)
        pj_files, pj_events = write_corpus(work / "corpus", "pionjar", pj_played)
        files = hs_files + pj_files
        co_files, co_events = write_corpus(work / "colonists", "colonists",
                                           simulated("colonists", co_games))
        undo_files, undo_events = write_corpus(
            work / "undo", "homesteaders", [(p, with_undos(log)) for p, log in hs_played])
        report["corpus"] = {"homesteaders_games": hs_games, "pionjar_games": pj_games,
                            "events": hs_events + pj_events, "colonists_games": co_games,
                            "colonists_events": co_events,
                            "simulated_in_seconds": round(time.perf_counter() - start, 1)}

        runs: dict[str, Callable[[], int]] = {
            "referee": lambda: referee_run(files), "json.loads": lambda: json_run(files),
            "referee, each log alone": lambda: alone_run(files),
            "referee homesteaders": lambda: referee_run(hs_files),
            "referee homesteaders with undos": lambda: referee_run(undo_files),
            "referee colonists": lambda: referee_run(co_files),
            "json.loads colonists": lambda: json_run(co_files)}
        if not chess_missing:
            moves_log = work / "moves.jsonl"
            moves = chess_jsonl(moves_log, chess_games)
            pgn = work / "random.pgn"
            plies = pgn_corpus(pgn, chess_games)
            runs["chess"] = lambda: chess_jsonl_run(moves_log)
            runs["chess pgn"] = lambda: chess_run(pgn)
        rates = throughput(runs, repeat)
        report["rates"] = rates
        ref, plain = rates["referee"], rates["json.loads"]
        report["decode_ratio"] = round(ref["cpu_seconds"] / plain["cpu_seconds"], 2)
        report["decode_ratio_alone"] = round(rates["referee, each log alone"]["cpu_seconds"]
                                             / plain["cpu_seconds"], 2)
        report["decode_ratio_colonists"] = round(rates["referee colonists"]["cpu_seconds"]
                                                 / rates["json.loads colonists"]["cpu_seconds"],
                                                 2)
        hs, heavy = rates["referee homesteaders"], rates["referee homesteaders with undos"]
        report["undo"] = {"events": heavy["count"], "plain_events": hs["count"],
                          "ratio": round(hs["per_cpu_second"] / heavy["per_cpu_second"], 2)}
        assert heavy["count"] == undo_events
        if not chess_missing:
            assert rates["chess"]["count"] == moves and rates["chess pgn"]["count"] == plies
            report["chess_ratio"] = round(ref["per_cpu_second"]
                                          / rates["chess"]["per_cpu_second"], 2)
            report["chess_pgn_ratio"] = round(ref["per_cpu_second"]
                                              / rates["chess pgn"]["per_cpu_second"], 2)
        report["startup"] = startup(work, repeat)
        report["speedup"] = speedup(distinct_corpus(work / "speedup", speedup_files), 3)
        report["speedup"]["load_average"] = machine()["load_average"]
        report["memory"] = memory(files, work, small, large, workers=2)
        if not args.no_profile:
            report["profile"] = profile(files)

    report["targets"] = {"decode_ratio_at_most": DECODE_TARGET,
                         "chess_ratio_at_least": CHESS_TARGET,
                         "undo_ratio_at_most": UNDO_TARGET,
                         "startup_ratio_at_most": STARTUP_TARGET,
                         "speedup_at_least": SPEEDUP_TARGET,
                         "memory_ratio_at_most": MEMORY_RATIO_TARGET}
    checks = {"decode": report["decode_ratio"] <= DECODE_TARGET,
              "decode colonists": report["decode_ratio_colonists"] <= DECODE_TARGET,
              "chess": report.get("chess_ratio", CHESS_TARGET) >= CHESS_TARGET,
              "undo": report["undo"]["ratio"] <= UNDO_TARGET,
              "startup": max(report["startup"]["ratios"].values()) <= STARTUP_TARGET,
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
    rates = report["rates"]
    ref, plain = rates["referee"], rates["json.loads"]
    rows = [("referee validate, 1 process", f"{ref['per_cpu_second']:,} events/s",
             f"{ref['count']:,} events, {ref['cpu_seconds']}s CPU"),
            ("json.loads of the same lines", f"{plain['per_cpu_second']:,} lines/s",
             f"{plain['cpu_seconds']}s CPU"),
            ("decode ratio, referee / json.loads", f"{report['decode_ratio']:.2f}x",
             f"target <= {DECODE_TARGET}"),
            ("(reference) each log alone / json.loads", f"{report['decode_ratio_alone']:.2f}x",
             "validate_file per file, no lines shared"),
            ("The Colonists: referee / json.loads", f"{report['decode_ratio_colonists']:.2f}x",
             f"{rates['referee colonists']['per_cpu_second']:,} events/s, "
             f"{rates['referee colonists']['count']:,} events; target <= {DECODE_TARGET}")]
    if "chess" in rates:
        ch, pgn = rates["chess"], rates["chess pgn"]
        rows += [("python-chess, JSON Lines move log", f"{ch['per_cpu_second']:,} moves/s",
                  "json.loads + Move.from_uci + is_legal + push"),
                 ("chess ratio, referee / python-chess", f"{report['chess_ratio']:.2f}",
                  f"target >= {CHESS_TARGET}"),
                 ("(old reference) PGN read_game + replay", f"{pgn['per_cpu_second']:,} plies/s",
                  f"ratio {report['chess_pgn_ratio']:.2f}")]
    undo = report["undo"]
    rows.append(("undo-heavy / plain, cost per event", f"{undo['ratio']:.2f}x",
                 f"{undo['events']:,} events against {undo['plain_events']:,}; "
                 f"target <= {UNDO_TARGET}"))
    st = report["startup"]
    for name, ratio in st["ratios"].items():
        rows.append((f"start-up, {name}", f"{ratio:.2f}x",
                     f"{st['cpu_seconds'][name]}s against python -c pass "
                     f"{st['cpu_seconds']['python -c pass']}s; target <= {STARTUP_TARGET}"))
    sp = report["speedup"]
    rows.append(("--workers 2 over --workers 1", f"{sp['speedup']:.2f}x",
                 f"{sp['workers_1_seconds']}s -> {sp['workers_2_seconds']}s on {sp['files']:,} "
                 f"files (CPU {sp['workers_1_cpu_seconds']}s -> {sp['workers_2_cpu_seconds']}s)"
                 f", load average {sp['load_average']}; target >= {SPEEDUP_TARGET}"))
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
    missed = [k for k, v in report["pass"].items() if not v]
    verdict = ", ".join(f"{k} {'pass' if v else 'MISSED'}" for k, v in report["pass"].items())
    print(f"targets: {verdict}")
    if missed:
        print(f"bench_validate: target missed: {', '.join(missed)}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
