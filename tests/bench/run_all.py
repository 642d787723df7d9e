"""Run every benchmark of this folder, print their tables and a summary, write one JSON file.

    python tests/bench/run_all.py [--json PATH] [--quick]

Each ``bench_*.py`` script here (validation, exploration, clarification... whichever are present)
runs in its own process with ``--json`` pointing at a temporary file, and ``--quick`` passed on to
the scripts that accept it. The exit status is 0 when every script met its targets.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ORDER = ["bench_validate.py", "bench_explore.py", "bench_clarify.py"]


def scripts() -> list[Path]:
    """The known benchmarks first, in their order, then any other bench_*.py of the folder."""
    found = {p.name: p for p in HERE.glob("bench_*.py")}
    ordered = [found.pop(name) for name in ORDER if name in found]
    return ordered + [found[name] for name in sorted(found)]


def accepts(script: Path, option: str) -> bool:
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True,
                          text=True, check=False)
    return option in done.stdout


def run(script: Path, quick: bool, folder: Path) -> dict[str, Any]:
    out = folder / f"{script.stem}.json"
    command = [sys.executable, str(script), "--json", str(out)]
    if quick and accepts(script, "--quick"):
        command.append("--quick")
    print(f"== {script.name}", flush=True)
    start = time.perf_counter()
    status = subprocess.run(command, check=False).returncode
    seconds = time.perf_counter() - start
    figures = json.loads(out.read_text(encoding="utf-8")) if out.exists() else None
    return {"script": script.name, "status": status, "seconds": round(seconds, 1),
            "figures": figures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write every script's figures to this file")
    parser.add_argument("--quick", action="store_true",
                        help="pass --quick to the scripts that accept it")
    args = parser.parse_args(argv)
    found = scripts()
    if not found:
        print("run_all: no bench_*.py script in " + str(HERE), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="referee-bench-all-") as tmp:
        results = [run(script, args.quick, Path(tmp)) for script in found]
    print("\n== summary")
    width = max(len(r["script"]) for r in results)
    for r in results:
        verdict = {0: "pass", 1: "targets missed"}.get(r["status"], f"error ({r['status']})")
        print(f"{r['script']:<{width}}  {r['seconds']:>7.1f}s  {verdict}")
    if args.json is not None:
        args.json.write_text(json.dumps({r["script"]: r for r in results}, indent=2) + "\n",
                             encoding="utf-8")
    return 0 if all(r["status"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
