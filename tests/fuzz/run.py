"""The fault campaign as a script: hostile inputs through the public entry points.

    python tests/fuzz/run.py --inputs 100000 --workers 2 [--seed S] [--time-limit SECONDS]

Input ``i`` of seed ``S`` is made from ``random.Random(f"{S}:{i}")`` alone, so ``--only i``
reproduces it. Of every 100 inputs, 88 are mutated logs (``validate_file``, then the text, JSON
and JUnit reports), 6 are clarification files (loading, checking, the text and JSON reports) and
6 are CLI invocations (in process, under ``typer.testing.CliRunner``'s isolation around
``referee.cli.main``; one in ten of them by subprocess). Each input runs in a worker process with
a time limit; a worker over it is killed and the input counted as a hang. One input in 50 is run
twice in the same process and its outputs compared byte for byte (measured times left out; a verdict
that reached a solver time limit is not compared, its outcome depending on the machine's speed).

Classification:
- traceback: an exception escaped a public entry point (a usage error, RefereeError with its
  documented one-line message, is not one);
- hang: the input took longer than the time limit;
- wrong exit status: a CLI status outside those the README documents for it (0/1/2; 2 for a
  usage error);
- malformed output: a JSON report that does not parse, JUnit XML that is not well-formed, a raw
  control character (an escape sequence) in text meant for a terminal, or a usage error that is
  not exactly one line ``referee: error: ...``;
- nondeterministic: two runs of the same input gave different outputs;
- fast paths: a log's report differs from the one its lines give fed one by one through the
  general path (no line read quickly, none known): read alone, or after another log of the same
  header (its own lines shuffled) in one run, whose lines it shares (``referee.replays.known``).

Prints the figures and exits 1 if any of them is not zero.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from multiprocessing.connection import wait
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.replays.validator import FileReport

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.generators import (
    CliCase,
    clarification_input,
    cli_input,
    log_input,
)

CATEGORIES = ("traceback", "hang", "wrong exit status", "malformed output", "nondeterministic",
              "fast paths")
LABELS = {"traceback": "tracebacks", "hang": "hangs", "wrong exit status": "wrong exit statuses",
          "malformed output": "malformed outputs", "nondeterministic": "nondeterministic",
          "fast paths": "reports changed by the fast paths"}
DEFAULT_TIME_LIMIT = 60.0
RECYCLE_AFTER = 2000
"""Inputs a worker runs before it is replaced (keeps memory and Z3's context bounded)."""
CLARIFY_TIMEOUT_MS = 1000
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\ud800-\udfff]")
JUNIT_TIME = re.compile(r' time="[0-9.]+"| timestamp="[^"]*"')
# what is measured, not computed: JUnit times and timestamps, explore's seconds and states per
# second
TIMINGS = re.compile(r' time="[0-9.]+"| timestamp="[^"]*"'
                     r'|[0-9.]+ s \([0-9,]+ distinct states/s\)'
                     r'|"(?:seconds|states_per_second)": [0-9.e+-]+')
TIME_LIMITED = ("unknown: the solver reached the time limit", "more conflicts may exist",
                "the time limit cut the search for the least witness short")


def kind_of(index: int) -> str:
    r = index % 100
    return "clarify" if r < 6 else "cli" if r < 12 else "log"


def twice(index: int) -> bool:
    return (index // 100) % 50 == 7  # one block of 100 inputs in 50, every kind


def by_subprocess(index: int) -> bool:
    return kind_of(index) == "cli" and (index // 100) % 10 == 3


@dataclass
class Outcome:
    index: int
    kind: str
    problems: list[tuple[str, str]]  # (category, detail)
    digest: str = ""
    time_limited: bool = False


class Problem(Exception):
    def __init__(self, category: str, detail: str) -> None:
        super().__init__(detail)
        self.category = category


def _strict_stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="")


def _raw_controls(text: str, where: str) -> None:
    found = RAW_CONTROL.search(text)
    if found:
        raise Problem("malformed output", f"{where}: raw {found.group()!r} in the output")


def _check_json(text: str, where: str) -> None:
    try:
        json.loads(text)
    except ValueError as exc:
        raise Problem("malformed output", f"{where}: invalid JSON: {exc}") from None


def _check_xml(data: bytes, where: str) -> None:
    try:
        ET.fromstring(data)
    except ET.ParseError as exc:
        raise Problem("malformed output", f"{where}: ill-formed XML: {exc}") from None


# --------------------------------------------------------------------------- the three kinds


def run_log(rng: random.Random, folder: Path) -> tuple[str, bool]:
    from referee.replays.report import make_reporter
    from referee.replays.validator import validate_file

    name, data = log_input(rng)
    path = folder / "log.jsonl"
    path.write_bytes(data)
    report = validate_file(path, label=name)
    _same_as_the_general_path(rng, folder, name, data, report)
    parts = []
    for fmt in ("text", "json", "junit"):
        stream = _strict_stream()
        reporter = make_reporter(fmt, stream, color=False)
        reporter.begin()
        reporter.file(report)
        reporter.end()
        stream.flush()
        raw = stream.buffer.getvalue()  # type: ignore[attr-defined]
        text = raw.decode("utf-8")
        if fmt == "json":
            _check_json(text, "JSON report")
        elif fmt == "junit":
            _check_xml(raw, "JUnit report")
            text = JUNIT_TIME.sub("", text)
        _raw_controls(text.replace("\n", "").replace("\t", ""), f"{fmt} report")
        parts.append(text)
    return "\x00".join(parts), False


def _same_as_the_general_path(rng: random.Random, folder: Path, name: str, data: bytes,
                              alone: FileReport) -> None:
    """The log's report, read alone and read after another log of the same header (its own
    lines in another order, so that each line is first met in other states) with the lines of
    one run shared, must be the one its lines give through the general path."""
    from referee.replays.known import KnownLines
    from referee.replays.reader import iter_lines
    from referee.replays.validator import validate_file, validate_lines

    path = folder / "log.jsonl"
    with path.open("rb") as stream:
        general = validate_lines(iter_lines(stream), name).to_json()
    if alone.to_json() != general:
        raise Problem("fast paths", f"{name}: general path {json.dumps(general)[:600]}; "
                      f"read alone {json.dumps(alone.to_json())[:600]}")
    head, *rest = data.split(b"\n")
    if len(rest) < 2:
        return
    rng.shuffle(rest)
    other = folder / "other.jsonl"
    other.write_bytes(b"\n".join([head, *rest]))
    known = KnownLines()
    validate_file(other, label=name, known_lines=known)
    shared = validate_file(path, label=name, known_lines=known).to_json()
    if shared != general:
        raise Problem("fast paths", f"{name}: general path {json.dumps(general)[:600]}; "
                      f"after a log of the same header {json.dumps(shared)[:600]}")


def run_clarify(rng: random.Random, folder: Path) -> tuple[str, bool]:
    from referee.checker.clarify_file import ClarificationFileError, load_file
    from referee.checker.clarify_report import check_file, to_json, to_text
    from referee.display import json_text

    _, data = clarification_input(rng)
    path = folder / "c.toml"
    path.write_bytes(data)
    try:
        loaded = load_file(path)
    except ClarificationFileError as exc:
        message = str(exc)
        if "\n" in message or RAW_CONTROL.search(message.replace(str(folder), "")):
            raise Problem("malformed output", f"usage error not one clean line: {message!r}"
                          ) from None
        return "usage error: " + message, False
    report = check_file(loaded, CLARIFY_TIMEOUT_MS)
    text = to_text([report])
    _raw_controls(text.replace("\n", ""), "clarify text report")
    js = json_text(to_json([report]), _strict_stream(), indent=1)
    _check_json(js, "clarify JSON report")
    _strict_stream().write(js)
    limited = any(marker in text for marker in TIME_LIMITED)
    return text + "\x00" + js, limited


def _lay_out(case: CliCase, folder: Path) -> list[str]:
    base = os.fsencode(folder)
    for name, content in case.files.items():
        target = os.path.join(base, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as out:
            out.write(content)
    for name, target in case.links.items():
        link = os.path.join(base, name)
        os.makedirs(os.path.dirname(link), exist_ok=True)
        with contextlib.suppress(OSError):
            os.symlink(target, link)
    return [a.replace("{dir}", str(folder)) for a in case.args]


def _judge_cli(case: CliCase, status: int, out: str, err: str) -> None:
    if status not in case.statuses:
        raise Problem("wrong exit status", f"exit {status}, expected one of {case.statuses}: "
                      f"{err.strip()[:300]!r}")
    if status == 2:
        lines = err.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("referee: error: "):
            raise Problem("malformed output", f"usage error not one line: {err[:300]!r}")
    where = " ".join(case.args[:1])
    _raw_controls(err.replace("\n", ""), f"{where} stderr")
    if "-f" in case.args and case.args[case.args.index("-f") + 1] == "json" and status != 2 \
            and "-o" not in case.args:
        _check_json(out, f"{where} JSON output")
    if "junit" in case.args and status != 2 and "-o" not in case.args:
        _check_xml(out.encode("utf-8", "surrogateescape"), f"{where} JUnit output")
    if "junit" not in case.args:
        _raw_controls(out.replace("\n", "").replace("\t", ""), f"{where} stdout")


def run_cli(rng: random.Random, folder: Path, subprocess_run: bool = False
            ) -> tuple[str, bool]:
    case = cli_input(rng)
    args = _lay_out(case, folder)
    if subprocess_run:
        result = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                                timeout=DEFAULT_TIME_LIMIT - 5, cwd=folder,
                                env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1"})
        out = result.stdout.decode("utf-8", "surrogateescape")
        err = result.stderr.decode("utf-8", "surrogateescape")
        if "Traceback (most recent call last)" in err:
            raise Problem("traceback", f"referee {' '.join(case.args)}: {err[-1500:]}")
        _judge_cli(case, result.returncode, out, err)
        return TIMINGS.sub("", out + "\x00" + err), False
    from typer.testing import CliRunner

    from referee.cli import main

    runner = CliRunner()
    status = 0
    with runner.isolation() as (stdout, stderr, _):
        try:
            main(args)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except Exception:
            raise Problem("traceback", f"referee {' '.join(case.args)}: "
                          f"{traceback.format_exc()[-1500:]}") from None
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        out = stdout.getvalue().decode("utf-8", "surrogateescape")
        err = stderr.getvalue().decode("utf-8", "surrogateescape")
    _judge_cli(case, status, out, err)
    limited = any(marker in out for marker in TIME_LIMITED)
    return TIMINGS.sub("", f"{status}\x00{out}\x00{err}"), limited


RUNNERS = {"log": run_log, "clarify": run_clarify, "cli": run_cli}


def run_input(seed: int, index: int) -> Outcome:
    """Run input ``index`` of ``seed`` (twice when it is in the sample) and classify it."""
    kind = kind_of(index)
    outcome = Outcome(index, kind, [])
    runs = 2 if twice(index) else 1
    digests = []
    ignored: list[str] = []  # exceptions raised where none can propagate (finalizers)
    previous_hook = sys.unraisablehook
    sys.unraisablehook = lambda raised: ignored.append(
        f"exception ignored in {raised.object!r}: {raised.exc_type.__name__}")
    try:
        _run_each(seed, index, kind, runs, outcome, digests)
    finally:
        sys.unraisablehook = previous_hook
    if ignored:
        outcome.problems.append(("traceback", "; ".join(ignored)[:1500]))
    if outcome.problems:
        return outcome
    if len(set(digests)) > 1 and not outcome.time_limited:
        outcome.problems.append(("nondeterministic", "two runs gave different outputs"))
    outcome.digest = digests[0]
    return outcome


def _run_each(seed: int, index: int, kind: str, runs: int, outcome: Outcome,
              digests: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="referee-fuzz-") as tmp:
        folder = Path(tmp)
        for _ in range(runs):
            rng = random.Random(f"{seed}:{index}")
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    if kind == "cli":
                        text, limited = run_cli(rng, folder, by_subprocess(index))
                    else:
                        text, limited = RUNNERS[kind](rng, folder)
            except Problem as exc:
                outcome.problems.append((exc.category, str(exc)))
                return
            except Exception:
                outcome.problems.append(("traceback", traceback.format_exc()[-1500:]))
                return
            outcome.time_limited |= limited
            digests.append(hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())


# --------------------------------------------------------------------------- the workers


def _worker(conn: multiprocessing.connection.Connection, seed: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        index = conn.recv()
        if index is None:
            return
        conn.send(run_input(seed, index))


class Pool:
    """Worker processes fed one input at a time; a worker over the time limit is killed."""

    def __init__(self, workers: int, seed: int, time_limit: float) -> None:
        self.seed = seed
        self.time_limit = time_limit
        self.context = multiprocessing.get_context("fork" if sys.platform.startswith("linux")
                                                   else "spawn")
        self.slots: list[dict] = [self._start() for _ in range(workers)]

    def _start(self) -> dict:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_worker, args=(child, self.seed), daemon=True)
        process.start()
        child.close()
        return {"process": process, "conn": parent, "index": None, "since": 0.0, "done": 0}

    def _stop(self, slot: dict, kill: bool = False) -> None:
        if kill:
            slot["process"].kill()
        else:
            with contextlib.suppress(OSError, BrokenPipeError):
                slot["conn"].send(None)
        slot["process"].join(5)
        if slot["process"].is_alive():
            slot["process"].kill()
            slot["process"].join(5)
        slot["conn"].close()

    def run(self, indices: list[int], sink) -> None:
        pending = iter(indices)
        active = 0
        for slot in self.slots:
            active += self._feed(slot, pending)
        while active:
            ready = wait([s["conn"] for s in self.slots if s["index"] is not None], timeout=0.5)
            now = time.monotonic()
            for i, slot in enumerate(self.slots):
                if slot["index"] is None:
                    continue
                if slot["conn"] in ready:
                    try:
                        outcome = slot["conn"].recv()
                    except (EOFError, OSError):
                        outcome = Outcome(slot["index"], kind_of(slot["index"]), [
                            ("traceback", "the worker died (exit code "
                             f"{slot['process'].exitcode})")])
                        self._stop(slot, kill=True)
                        slot = self.slots[i] = self._start()
                    if now - slot["since"] > self.time_limit and slot["index"] is not None:
                        outcome.problems.append(
                            ("hang", f"over the time limit of {self.time_limit:g} s"))
                    sink(outcome)
                    active -= 1
                    slot["index"] = None
                    slot["done"] += 1
                    if slot["done"] >= RECYCLE_AFTER:
                        self._stop(slot)
                        slot = self.slots[i] = self._start()
                    active += self._feed(slot, pending)
                elif now - slot["since"] > self.time_limit:
                    index = slot["index"]
                    self._stop(slot, kill=True)
                    sink(Outcome(index, kind_of(index), [
                        ("hang", f"over the time limit of {self.time_limit:g} s")]))
                    active -= 1
                    slot = self.slots[i] = self._start()
                    active += self._feed(slot, pending)

    def _feed(self, slot: dict, pending) -> int:
        index = next(pending, None)
        if index is None:
            return 0
        slot["index"] = index
        slot["since"] = time.monotonic()
        slot["conn"].send(index)
        return 1

    def close(self) -> None:
        for slot in self.slots:
            self._stop(slot)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=1000, help="number of inputs")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole campaign")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                        help="seconds per input before it counts as a hang")
    parser.add_argument("--only", type=int, action="append", default=[],
                        help="run only this input (repeatable), to reproduce a failure")
    parser.add_argument("--show", type=int, default=10, help="failures shown in detail")
    args = parser.parse_args(argv)
    indices = args.only or list(range(args.inputs))
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    failures: list[Outcome] = []
    sampled = 0
    start = time.monotonic()
    last = [start]

    def sink(outcome: Outcome) -> None:
        nonlocal sampled
        kinds[outcome.kind] += 1
        sampled += twice(outcome.index)
        for category in {c for c, _ in outcome.problems}:
            counts[category] += 1
        if outcome.problems:
            failures.append(outcome)
            first = outcome.problems[0]
            print(f"  [{first[0]}] input {outcome.index} ({outcome.kind}): "
                  f"{first[1].strip().splitlines()[-1][:200]}", file=sys.stderr, flush=True)
        done = sum(kinds.values())
        if time.monotonic() - last[0] > 30:
            last[0] = time.monotonic()
            print(f"  {done:,}/{len(indices):,} inputs, {sum(counts.values())} problems, "
                  f"{last[0] - start:.0f} s", file=sys.stderr, flush=True)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    interrupted = False
    pool = Pool(max(1, args.workers), args.seed, args.time_limit)
    try:
        pool.run(indices, sink)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        pool.close()
    seconds = time.monotonic() - start
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    done = sum(kinds.values())
    subprocesses = sum(1 for i in indices[:done] if by_subprocess(i))
    if interrupted:
        print(f"interrupted after {done} of {len(indices)} inputs; the figures so far:")
    print(f"inputs: {done} (logs {kinds['log']}, clarification files "
          f"{kinds['clarify']}, CLI invocations {kinds['cli']}, of which {subprocesses} by "
          f"subprocess); seed {args.seed}, {args.workers} worker"
          f"{'s' if args.workers != 1 else ''}")
    for category in CATEGORIES:
        extra = f" (of {sampled} run twice)" if category == "nondeterministic" else ""
        print(f"{LABELS[category]}: {counts[category]}{extra}")
    print(f"time: {seconds:.0f} s; load average at the end: {load}")
    for outcome in sorted(failures, key=lambda o: o.index)[:args.show]:
        for category, detail in outcome.problems:
            print(f"\n[{category}] input {outcome.index} ({outcome.kind}); reproduce with "
                  f"--seed {args.seed} --only {outcome.index}\n{detail}")
    if interrupted:
        return 130
    return 1 if any(counts[c] for c in CATEGORIES) else 0


if __name__ == "__main__":
    sys.exit(main())
