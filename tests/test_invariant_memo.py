"""An invariant suite checked once per distinct value of what its invariants read."""

from __future__ import annotations

from typing import Any

import pytest

from referee.checker.explorer import ExploreConfig, Explorer, player_names, start_from_setup
from referee.invariants import Invariant
from referee.invariants.memo import MemoSuite
from tests.nim_game import GAME as NIM


def piles_of(state: Any) -> tuple[int, ...]:
    return tuple(state.piles)


class Recorder:
    def __init__(self, name: str, fails_on: set[tuple[int, ...]] | None = None) -> None:
        self.name, self.fails_on, self.calls = name, fails_on or set(), 0

    def __call__(self, state: Any) -> str | None:
        self.calls += 1
        return f"{self.name} fails" if tuple(state.piles) in self.fails_on else None


class Piles:
    def __init__(self, *piles: int) -> None:
        self.piles = list(piles)


def test_an_invariant_with_reads_is_checked_once_per_distinct_value() -> None:
    memo, plain = Recorder("memo"), Recorder("plain")
    suite = MemoSuite([Invariant("memo", "", memo, reads=piles_of), Invariant("plain", "", plain)])
    for piles in [(1, 2), (1, 2), (2, 1), (1, 2)]:
        assert suite.first_failure(Piles(*piles)) is None
    assert (memo.calls, plain.calls) == (2, 4)


def test_the_first_failure_in_the_suite_order_is_reported_each_check_run_once() -> None:
    """The groups of a shared ``reads`` are checked together, yet the invariant reported is the
    suite's first that fails, as a plain pass in order would report."""
    x, y, z = Recorder("x"), Recorder("y", {(3,)}), Recorder("z", {(3,)})
    suite = MemoSuite([Invariant("x", "", x, reads=piles_of), Invariant("y", "", y),
                       Invariant("z", "", z, reads=piles_of)])
    assert suite.first_failure(Piles(3)) == ("y", "y fails")  # z fails first, y comes before
    assert (x.calls, y.calls, z.calls) == (1, 1, 1)
    z_only = MemoSuite([Invariant("x", "", Recorder("x"), reads=piles_of),
                        Invariant("y", "", Recorder("y")),
                        Invariant("z", "", Recorder("z", {(3,)}), reads=piles_of)])
    assert z_only.first_failure(Piles(3)) == ("z", "z fails")


def test_a_value_that_failed_is_not_taken_for_one_that_passed() -> None:
    check = Recorder("memo", {(5,)})
    suite = MemoSuite([Invariant("memo", "", check, reads=piles_of)])
    assert suite.first_failure(Piles(5)) == ("memo", "memo fails")
    assert suite.first_failure(Piles(5)) == ("memo", "memo fails")
    assert check.calls == 2


@pytest.mark.parametrize("strategy", ["bfs", "dfs", "random"])
def test_the_search_is_the_same_with_reads_as_without(strategy: str) -> None:
    def plenty(state: Any) -> str | None:
        left = sum(state.piles)
        return None if left >= 10 else f"only {left} objects left"

    def left_of(state: Any) -> int:
        return sum(state.piles)

    results = []
    for reads in (None, left_of):
        start = start_from_setup(NIM, player_names(NIM, 2), {"piles": [4, 5, 6]})
        suite = [Invariant("plenty", "at least 10 objects left", plenty, reads=reads)]
        results.append(Explorer(start, ExploreConfig(strategy=strategy, depth=5,
                                                     max_states=300, suite=suite)).run())
    plain, memo = results
    assert plain.counterexample is not None and memo.counterexample is not None
    assert memo.counterexample.events == plain.counterexample.events
    assert memo.counterexample.message == plain.counterexample.message
    assert (memo.stats.distinct, memo.stats.generated, memo.stopped) == (
        plain.stats.distinct, plain.stats.generated, plain.stopped)
