"""A solver that gives up (``unknown``) while the rules of a contradiction are sought: the
check is taken again with Z3's default arithmetic, and a contradiction is never reported
without the rules it contradicts (the verdict is ``unknown`` if they cannot be found)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import z3

from referee.checker import clarify, solving
from referee.checker.clarify import Clarification, TopicChecker
from referee.checker.clarify_file import load_file
from referee.checker.expr import parse_expression
from referee.checker.topics import get_topic

EXAMPLES = Path(__file__).resolve().parents[1] / "checker" / "examples"


def _debt_cap() -> tuple[Any, Clarification]:
    loaded = load_file(EXAMPLES / "payment-house-rules.toml")
    (found,) = [c for c in loaded.clarifications if c.id == "debt-cap"]
    return loaded.topic, found


class GivingUp:
    """While the rules of a contradiction are sought, the checks of the solvers ``chosen``
    picks answer ``unknown`` (as the older arithmetic solver can)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.chosen: Callable[[TopicChecker, z3.Solver], bool] = lambda checker, s: False
        self.given_up = 0
        self.checker: TopicChecker | None = None
        self.active = False
        real_check = solving.check
        real_core = clarify.minimal_core
        real_contradiction = TopicChecker._contradiction

        def check(solver: z3.Solver, budget: solving.Budget, *assumed: z3.BoolRef
                  ) -> z3.CheckSatResult:
            if self.active and self.checker is not None and self.chosen(self.checker, solver):
                self.given_up += 1
                return z3.unknown
            return real_check(solver, budget, *assumed)

        def core(*args: Any) -> solving.Core:
            self.active = self.checker is not None
            try:
                return real_core(*args)
            finally:
                self.active = False

        def contradiction(checker: TopicChecker, *args: Any) -> clarify.Verdict:
            self.checker = checker
            try:
                return real_contradiction(checker, *args)
            finally:
                self.checker = None

        monkeypatch.setattr(solving, "check", check)
        monkeypatch.setattr(clarify, "minimal_core", core)
        monkeypatch.setattr(TopicChecker, "_contradiction", contradiction)


@pytest.fixture
def giving_up(monkeypatch: pytest.MonkeyPatch) -> GivingUp:
    return GivingUp(monkeypatch)


def test_a_core_check_the_solver_gives_up_on_is_taken_again(giving_up: GivingUp) -> None:
    topic, debt_cap = _debt_cap()
    expected = TopicChecker(topic).verdict(debt_cap)
    assert expected.verdict == "contradiction" and expected.rules, expected.message
    # the checker's own solver of the cores gives up on every check; the retry does not
    giving_up.chosen = lambda checker, solver: solver is checker.plain
    verdict = TopicChecker(topic).verdict(debt_cap)
    assert giving_up.given_up > 0
    assert verdict == expected


def test_a_contradiction_whose_rules_cannot_be_found_is_unknown(giving_up: GivingUp) -> None:
    topic, debt_cap = _debt_cap()
    giving_up.chosen = lambda checker, solver: True  # the retry gives up too
    for checker in (TopicChecker(topic), TopicChecker(topic)):
        verdict = checker.verdict(debt_cap)
        assert verdict.verdict == "unknown", verdict
        assert verdict.rules == [] and verdict.witness is None
        assert verdict.message.startswith("unknown: the solver reached the time limit of ")
        assert verdict.message.endswith("while finding the rules it contradicts")
    # and on a checker that answered before (whose verdict is taken again on a fresh one)
    used = TopicChecker(topic)
    giving_up.chosen = lambda checker, solver: False
    assert used.verdict(debt_cap).rules
    giving_up.chosen = lambda checker, solver: True
    assert used.verdict(debt_cap).verdict == "unknown"


def test_a_contradiction_of_the_definitions_alone_says_so() -> None:
    topic = get_topic("homesteaders", "payment")
    clar = Clarification("c", "", parse_expression("cost == 3", topic.sorts()),
                         parse_expression("debt_taken + silver_paid < 0", topic.sorts()))
    verdict = TopicChecker(topic).verdict(clar)
    assert verdict.verdict == "contradiction" and verdict.rules == []
    assert verdict.message.startswith("contradicts the topic's definitions: with cost 3 ")


def test_the_retry_solver_has_the_assertions_and_the_default_arithmetic() -> None:
    solver = z3.Solver()
    solver.set("smt.arith.solver", 2)
    x = z3.Int("x")
    solver.add(x >= 2)
    solver.push()
    solver.add(x <= 1)
    fresh = solving.default_arithmetic(solver)
    assert fresh.check() == z3.unsat
    assert sorted(map(str, fresh.assertions())) == ["x <= 1", "x >= 2"]
