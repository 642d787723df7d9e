"""An invariant suite checked once per distinct value of what its invariants read."""

from __future__ import annotations

from typing import Any

import pytest

from referee.checker.explorer import ExploreConfig, Explorer, player_names, start_from_setup
from referee.invariants import Invariant
from referee.invariants.memo import CUTOFF, MemoSuite, SuiteError
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


# --------------------------------------------------------------------------- reads_key

NIM_FIELDS = ("players", "piles", "turn", "phase", "taken", "last_taker")


class Keyed(Piles):
    """A state with a key and the names of its parts."""

    KEY_FIELDS = ("piles", "other")

    def __init__(self, *piles: int, other: int = 0) -> None:
        super().__init__(*piles)
        self.other = other

    def key(self) -> tuple[Any, ...]:
        return (tuple(self.piles), self.other)


def test_an_invariant_with_reads_key_is_checked_once_per_distinct_part() -> None:
    check = Recorder("piles", {(5,)})
    suite = MemoSuite([Invariant("piles", "", check, reads_key=("piles",))], Keyed.KEY_FIELDS)
    found = [suite.first_failure(s, s.key()) for s in
             [Keyed(1, 2), Keyed(1, 2, other=7), Keyed(5), Keyed(2, 1), Keyed(5, other=1),
              Keyed(1, 2, other=3)]]
    assert found == [None, None, ("piles", "piles fails"), None, ("piles", "piles fails"), None]
    assert check.calls == 4  # (1, 2) once, (2, 1) once, (5,) each time: failures are not kept
    # without the key handed over, the suite asks the state for it
    assert suite.first_failure(Keyed(2, 1)) is None and check.calls == 4


def test_derive_reduces_the_parts_to_what_the_check_needs() -> None:
    check = Recorder("total")
    suite = MemoSuite([Invariant("total", "", check, reads_key=("piles", "other"),
                                 derive=lambda parts: sum(parts[0]) + parts[1])],
                      Keyed.KEY_FIELDS)
    for state in [Keyed(1, 2), Keyed(2, 1), Keyed(3), Keyed(2, other=1), Keyed(4)]:
        assert suite.first_failure(state, state.key()) is None
    assert check.calls == 2  # a total of 3 (four states), then 4


def test_the_memo_on_the_key_gives_the_verdicts_of_the_checks_on_the_states() -> None:
    """The Colonists' suite with its reads_key, over the states of a random game and corrupted
    copies of a position (each breaking one invariant), reports what checking each state in
    the suite's order reports."""
    from referee.invariants import suite as suite_of
    from referee.model.colonists.state import ColonistsState
    from tests.colonists_position_helpers import random_states
    from tests.test_colonists_invariants import CORRUPTIONS, base

    invariants = suite_of("colonists")
    assert any(inv.reads_key for inv in invariants)
    states = [s.copy() for s in random_states(2, 12, 1)]
    for _, corrupt in sorted(CORRUPTIONS.items()):
        for times in range(2):  # each corruption twice: a failure is never remembered
            state = base()
            corrupt(state)
            for c in state.p:
                c.changed()
            states.insert(len(states) // (2 + times), state)
    memo = MemoSuite(invariants, ColonistsState.KEY_FIELDS)
    failures = 0
    for state in states:
        plain = next(((inv.name, m) for inv in invariants
                      if (m := inv.check(state.copy())) is not None), None)
        assert memo.first_failure(state, state.key()) == plain
        failures += plain is not None
    assert failures == 2 * len(CORRUPTIONS)


def test_a_group_whose_values_rarely_repeat_stops_remembering() -> None:
    every, same = Recorder("every"), Recorder("same")
    suite = MemoSuite([Invariant("every", "", every, reads_key=("other",)),
                       Invariant("same", "", same, reads_key=("piles",))], Keyed.KEY_FIELDS)
    for n in range(CUTOFF - 1):
        state = Keyed(1, other=n)
        assert suite.first_failure(state, state.key()) is None
    assert suite.remembering() == [True, True]
    for n in range(CUTOFF - 1, 3 * CUTOFF):
        state = Keyed(1, other=n)
        assert suite.first_failure(state, state.key()) is None
    # every value of `other` was new: from the CUTOFF-th on it is checked without the memo;
    # `piles` never changed, checked once
    assert suite.remembering() == [False, True]
    assert (every.calls, same.calls) == (3 * CUTOFF, 1)
    failing = Keyed(1, other=-1)
    every.fails_on = {(1,)}
    assert suite.first_failure(failing, failing.key()) == ("every", "every fails")


def test_a_group_whose_values_repeat_keeps_remembering_past_the_cutoff() -> None:
    check = Recorder("check")
    suite = MemoSuite([Invariant("check", "", check, reads_key=("other",))], Keyed.KEY_FIELDS)
    for n in range(3 * (CUTOFF + 10)):
        state = Keyed(1, other=n // 3)  # each value three times in a row
        suite.first_failure(state, state.key())
    assert suite.remembering() == [True]
    assert check.calls == CUTOFF + 10


@pytest.mark.parametrize(("inv", "fields", "says"), [
    (Invariant("x", "", Recorder("x"), reads_key=("pile",)), Keyed.KEY_FIELDS,
     "invariant 'x' reads the key's field 'pile', which KEY_FIELDS does not name (its fields: "
     "piles, other)"),
    (Invariant("x", "", Recorder("x"), reads_key=("piles",)), None,
     "invariant 'x' reads the key's fields piles, but the state names no KEY_FIELDS"),
    (Invariant("x", "", Recorder("x"), reads_key="piles"), Keyed.KEY_FIELDS,  # type: ignore[arg-type]
     "reads_key is a tuple of field names, not the string 'piles'"),
    (Invariant("x", "", Recorder("x"), reads=piles_of, reads_key=("piles",)), Keyed.KEY_FIELDS,
     "invariant 'x' declares both reads and reads_key"),
    (Invariant("x", "", Recorder("x"), derive=len), Keyed.KEY_FIELDS,
     "invariant 'x' has a derive but no reads_key"),
])
def test_what_an_invariant_cannot_read_is_refused_clearly(inv: Invariant, fields: Any,
                                                          says: str) -> None:
    with pytest.raises(SuiteError) as refused:
        MemoSuite([inv], fields)
    assert says in str(refused.value)


def test_the_explorer_refuses_a_suite_reading_a_field_the_key_does_not_have(monkeypatch) -> None:
    from tests.nim_game import NimState

    suite = [Invariant("x", "", Recorder("x"), reads_key=("piles", "heaps"))]
    start = start_from_setup(NIM, player_names(NIM, 2), {"piles": [1, 2]})
    with pytest.raises(SuiteError, match="but the state names no KEY_FIELDS"):
        Explorer(start, ExploreConfig(suite=suite))
    monkeypatch.setattr(NimState, "KEY_FIELDS", NIM_FIELDS, raising=False)
    with pytest.raises(SuiteError, match="'heaps', which KEY_FIELDS does not name"):
        Explorer(start, ExploreConfig(suite=suite))
    monkeypatch.setattr(NimState, "KEY_FIELDS", NIM_FIELDS[:-1])
    with pytest.raises(SuiteError, match="NimState.KEY_FIELDS names 5 fields, but its key"
                                         r"\(\) has 6"):
        Explorer(start, ExploreConfig())


@pytest.mark.parametrize("strategy", ["bfs", "dfs", "random"])
def test_the_search_is_the_same_with_reads_key_as_without(strategy: str, monkeypatch) -> None:
    from tests.nim_game import NimState

    monkeypatch.setattr(NimState, "KEY_FIELDS", NIM_FIELDS, raising=False)

    def plenty(state: Any) -> str | None:
        left = sum(state.piles)
        return None if left >= 10 else f"only {left} objects left"

    calls = []
    results = []
    for reads in [{}, {"reads_key": ("piles",)}, {"reads_key": ("piles",), "derive": sum}]:
        check = Recorder("plenty")

        def counted(state: Any, check: Recorder = check) -> str | None:
            check(state)
            return plenty(state)

        start = start_from_setup(NIM, player_names(NIM, 2), {"piles": [4, 5, 6]})
        suite = [Invariant("plenty", "at least 10 objects left", counted, **reads)]
        results.append(Explorer(start, ExploreConfig(strategy=strategy, depth=5,
                                                     max_states=300, suite=suite)).run())
        calls.append(check.calls)
    plain = results[0]
    assert plain.counterexample is not None
    for memo in results[1:]:
        assert memo.counterexample is not None
        assert memo.counterexample.events == plain.counterexample.events
        assert memo.counterexample.message == plain.counterexample.message
        assert (memo.stats.distinct, memo.stats.generated, memo.stopped) == (
            plain.stats.distinct, plain.stats.generated, plain.stopped)
    if strategy != "random":
        # the same piles reached with another player to move or other counts taken: fewer checks
        assert calls[0] > calls[1] > calls[2]


def test_a_random_walk_fingerprinting_by_the_state_reads_the_parts_from_its_key(
        monkeypatch) -> None:
    """Where the search fingerprints by the state's own ``fingerprint()`` (a key it cannot
    hash), the parts a ``reads_key`` invariant reads still come from the state's key, not from
    what else the walk holds: the same counterexample as without the memo."""
    from referee.checker import explorer
    from tests.nim_game import NimState

    monkeypatch.setattr(NimState, "KEY_FIELDS", NIM_FIELDS, raising=False)
    monkeypatch.setattr(explorer, "fingerprinter", lambda state: explorer._own_fingerprint)

    def plenty(state: Any) -> str | None:
        left = sum(state.piles)
        return None if left >= 10 else f"only {left} objects left"

    results = []
    for reads in [{}, {"reads_key": ("piles",)}]:
        start = start_from_setup(NIM, player_names(NIM, 2), {"piles": [4, 5, 6]})
        suite = [Invariant("plenty", "at least 10 objects left", plenty, **reads)]
        results.append(Explorer(start, ExploreConfig(strategy="random", depth=5,
                                                     max_states=300, suite=suite)).run())
    plain, memo = results
    assert plain.counterexample is not None and memo.counterexample is not None
    assert memo.counterexample.kind == plain.counterexample.kind == "invariant"
    assert memo.counterexample.events == plain.counterexample.events


def test_a_state_to_expand_derives_only_what_the_memo_does_not_answer() -> None:
    """The ``derives`` checks run on a state about to be expanded, so that its successors
    inherit what they derive, except those of a group answering mostly from memory."""
    remembered, plain, other = Recorder("remembered"), Recorder("plain"), Recorder("other")
    suite = MemoSuite([Invariant("remembered", "", remembered, derives=True,
                                 reads_key=("piles",)),
                       Invariant("plain", "", plain, derives=True),
                       Invariant("other", "", other)], Keyed.KEY_FIELDS)
    prepare = suite.preparer()
    assert prepare is not None
    state = Keyed(1, 2)
    suite.first_failure(state, state.key())
    prepare(state)  # one value met, none passed from memory yet
    assert (remembered.calls, plain.calls, other.calls) == (2, 2, 1)
    for _ in range(2):
        suite.first_failure(state, state.key())
    prepare(state)  # two states passed from memory for one value met
    assert (remembered.calls, plain.calls, other.calls) == (2, 5, 3)
    assert MemoSuite([Invariant("other", "", other)]).preparer() is None
