"""A bounded run of the fault campaign's generators (``tests/fuzz``) in the test suite: hostile
logs, clarification files and CLI invocations, each judged as ``tests/fuzz/run.py`` judges it
(no traceback, the documented exit status, well-formed output, the same output twice). The full
campaign is ``make fuzz``; this keeps its checks in every test run, well under a minute."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz import run

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
BOUNDED = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                   suppress_health_check=[HealthCheck.too_slow])


def _judge(kind: str, seed: int) -> None:
    # the index picks the kind (and whether it runs twice); the seed makes the input
    index = {"log": 20, "clarify": 0, "cli": 8}[kind] + (700 if seed % 2 else 0)
    assert run.twice(index) == bool(seed % 2)
    outcome = run.run_input(seed, index)
    assert outcome.kind == kind
    assert outcome.problems == [], (f"--seed {seed} --only {index}", outcome.problems)


@BOUNDED
@given(SEEDS)
def test_mutated_logs_validate_and_report_cleanly(seed):
    _judge("log", seed)


@settings(BOUNDED, max_examples=12)
@given(SEEDS)
def test_hostile_clarification_files_are_refused_or_checked_cleanly(seed):
    _judge("clarify", seed)


@settings(BOUNDED, max_examples=15)
@given(SEEDS)
def test_hostile_cli_invocations_exit_as_documented(seed):
    _judge("cli", seed)


def test_generators_are_deterministic_by_seed():
    from tests.fuzz.generators import clarification_input, cli_input, log_input

    for make in (log_input, clarification_input, cli_input):
        first, second = make(random.Random("7:1")), make(random.Random("7:1"))
        assert first == second


def test_the_runner_kills_an_input_over_its_time_limit_and_counts_a_hang(capsys):
    # a limit of 0: every input is over it, however quickly it is refused (a clarification
    # file refused on loading can take less than a millisecond)
    status = run.main(["--inputs", "3", "--workers", "1", "--time-limit", "0"])
    out = capsys.readouterr().out
    assert status == 1
    assert "hangs: 3" in out and "tracebacks: 0" in out


def test_an_exception_a_finalizer_ignored_counts_as_a_traceback(monkeypatch):
    class Failing:
        def __del__(self):
            raise RuntimeError("released with no stack left")

    def leaves_a_failing_finalizer(rng, folder):
        Failing()  # released at once: its __del__ raises where nothing can catch it
        return "report", False

    monkeypatch.setitem(run.RUNNERS, "log", leaves_a_failing_finalizer)
    outcome = run.run_input(0, 20)
    assert [category for category, _ in outcome.problems] == ["traceback"]
    assert "RuntimeError" in outcome.problems[0][1]
