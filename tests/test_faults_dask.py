"""Regressions from the fault campaign in ``--engine dask --scheduler``: every failure to reach a
scheduler is one line and exit status 2, found before any report is written, in bounded time."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.replays import distributed
from tests.logs import TAKE_ANN, nim_game, write

runner = CliRunner()

pytestmark = pytest.mark.skipif(not distributed.available(),
                                reason="dask and distributed are not installed")


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A TCP server on loopback that accepts connections and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.2)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            accepted.append(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join(2)
    for conn in accepted:
        conn.close()
    server.close()


@pytest.fixture
def log(tmp_path: Path) -> Path:
    return write(tmp_path / "a.jsonl", *nim_game(TAKE_ANN))


def _validate(log: Path, scheduler: str, *extra: str):
    return runner.invoke(app, ["validate", str(log), "--engine", "dask", "--scheduler",
                               scheduler, *extra])


def _one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert '{"files"' not in result.stdout and "<testsuite" not in result.stdout
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("referee: error: cannot connect to the Dask scheduler at ")
    return lines[0]


def test_a_scheduler_that_accepts_and_never_answers_times_out(silent_server, log,
                                                              monkeypatch):
    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT_S", 1.0)
    start = time.perf_counter()
    result = _validate(log, silent_server, "-f", "json")
    assert time.perf_counter() - start < 10
    assert "no answer within 1 s" in _one_error_line(result)


@pytest.mark.parametrize(("scheduler", "fragment"), [
    ("tls://127.0.0.1:9", "needs client certificates"),
    ("ucx://127.0.0.1:9", "ucx protocol is not available"),
    ("inproc://x", "inproc://"),
    ("foo://x", "unknown address scheme"),
    ("tcp://", "missing port"),
    ("tcp://[::1", ""),
])
def test_unsupported_or_malformed_scheduler_addresses_are_one_line(scheduler, fragment, log):
    line = _one_error_line(_validate(log, scheduler, "-f", "json"))
    assert fragment in line


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_no_report_is_started_before_the_scheduler_answers(silent_server, log, tmp_path,
                                                           monkeypatch, fmt):
    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT_S", 0.5)
    out = tmp_path / "report.out"
    result = _validate(log, silent_server, "-f", fmt, "-o", str(out))
    _one_error_line(result)
    assert not out.exists()


def test_a_refused_port_is_one_line(log, monkeypatch):
    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT_S", 0.5)
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    _one_error_line(_validate(log, f"tcp://127.0.0.1:{port}"))


def test_check_scheduler_refuses_a_server_that_is_not_a_scheduler(silent_server):
    with pytest.raises(distributed.UsageError, match="no answer within"):
        distributed.check_scheduler(silent_server, timeout=0.3)


# --------------------------------------------------------------------------- a scheduler lost


def _free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


@pytest.fixture
def cluster() -> Iterator[tuple[str, subprocess.Popen]]:
    """A scheduler and one worker in processes of their own; the test may kill the scheduler."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler",
                                  "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                                  "--no-dashboard"], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                               "--nworkers", "1", "--nthreads", "1", "--no-dashboard"], **quiet)
    try:
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=30)
        yield address, scheduler
    finally:
        for proc in (worker, scheduler):
            proc.kill()
            proc.wait(10)


def test_a_scheduler_lost_mid_run_still_gives_the_complete_report(cluster, tmp_path,
                                                                  monkeypatch):
    address, scheduler = cluster
    logs = tmp_path / "logs"
    logs.mkdir()
    for i in range(12):
        write(logs / f"g{i:02}.jsonl", *nim_game(TAKE_ANN))
    write(logs / "g99.jsonl", "not json")
    real_submit = distributed._submit
    calls = []

    def submit_then_lose_the_scheduler(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:  # two batches ran; at least one file is reported by now
            scheduler.kill()
            scheduler.wait(10)
        return real_submit(*args, **kwargs)

    monkeypatch.setattr(distributed, "_submit", submit_then_lose_the_scheduler)
    out = tmp_path / "dask.json"
    result = runner.invoke(app, ["validate", str(logs), "--engine", "dask", "--scheduler",
                                 address, "--workers", "1", "--chunk-size", "1", "-f", "json",
                                 "-o", str(out)])
    assert len(calls) >= 3
    assert result.exit_code == 1, result.output
    assert "referee: note: lost the Dask cluster" in result.stderr
    expected = tmp_path / "local.json"
    local = runner.invoke(app, ["validate", str(logs), "--workers", "1", "-f", "json",
                                "-o", str(expected)])
    assert local.exit_code == 1
    assert json.loads(out.read_text()) == json.loads(expected.read_text())
