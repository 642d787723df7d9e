"""Exists-forall queries whose universal is written out over the box the rules confine the
choices to (``box_points``, ``Expanded``) answer as the refinement loop does: the same
satisfiability and, through the clarification checker, the same verdicts and witnesses."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checker.clarify import TopicChecker
from referee.checker.clarify_file import load_file
from referee.checker.solving import Budget, Refinement, box_points

EXAMPLES = Path(__file__).resolve().parents[1] / "checker" / "examples"


def _values(points: list[list[tuple[z3.ExprRef, z3.ExprRef]]]) -> set[tuple[object, ...]]:
    out = set()
    for point in points:
        out.add(tuple(z3.is_true(v) if z3.is_bool(v) else v.as_long() for _, v in point))
    return out


def test_the_box_of_bounded_choices() -> None:
    c, d = z3.Ints("c d")
    b = z3.Bool("b")
    s = z3.Int("s")
    points = box_points([c >= 0, c <= 2, d >= -1, d <= s, s <= 0], [c, b, d])
    assert points is not None
    assert _values(points) == set(itertools.product(range(3), (False, True), range(-1, 1)))


def test_no_box_when_a_choice_is_unbounded_or_the_box_too_large() -> None:
    c, d = z3.Ints("c d")
    assert box_points([c >= 0], [c]) is None
    assert box_points([c <= 0], [c]) is None
    assert box_points([c >= 0, c <= 20, d >= 0, d <= 20], [c, d]) is None  # 441 points
    assert box_points([c >= 0, c <= 20, d >= 0, d <= 20], [c, d], limit=500) is not None
    assert box_points([c >= 1, c <= 0], [c]) is None  # no model at all


bodies = st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2), st.integers(-3, 3)),
                  min_size=1, max_size=3)


@settings(max_examples=40, deadline=None)
@given(bodies, st.integers(0, 3))
def test_expanded_and_refined_queries_agree(rows, low) -> None:
    """∃ s ∈ [low, 6]: ∀ c ∈ [0, 3]: ¬body(s, c), for bodies of linear rows, by both ways."""
    s, c = z3.Int("s"), z3.Int("c")
    rules = [c >= 0, c <= 3]
    body = [a * s + k * c <= m for a, k, m in rows]
    outer = [s >= low, s <= 6]
    answers = []
    for expand in (True, False):
        refinement = Refinement(outer, [(rules, [c])])
        if not expand:
            refinement.points = None
        else:
            assert refinement.points is not None
        with refinement.query([], [s], [body], lambda: [
                *outer, z3.ForAll([c], z3.Not(z3.And(*rules, *body)))]) as query:
            result, model = query.check(Budget(5000))
            answers.append((result, None if model is None else query.last_values))
    (expanded, refined) = answers
    assert expanded[0] == refined[0]
    brute = any(all(not all(a * sv + k * cv <= m for a, k, m in rows) for cv in range(4))
                for sv in range(low, 7))
    assert (expanded[0] == z3.sat) == brute
    if expanded[1] is not None:
        (sv,) = expanded[1]
        assert all(not all(a * sv + k * cv <= m for a, k, m in rows) for cv in range(4))


@pytest.mark.parametrize("name", ["colonists-fee.toml", "colonists-fee-house-rules.toml",
                                  "colonists-embassy.toml", "pionjar-redemption.toml",
                                  "bids.toml"])
def test_verdicts_are_those_of_the_refinement_loop(name: str) -> None:
    """The topics whose choices lie in a small box: every verdict of the example file, and
    its conflict search, as the refinement loop gives them (verdict, rules, witness, message)."""
    loaded = load_file(EXAMPLES / name)
    expanded = TopicChecker(loaded.topic)
    assert expanded.refinement.points is not None
    refined = TopicChecker(loaded.topic)
    refined.refinement.points = None
    consistent = []
    for c in loaded.clarifications:
        one, other = expanded.verdict(c), refined.verdict(c)
        assert one.to_json() == other.to_json(), c.id
        if one.verdict == "consistent":
            consistent.append(c)
    # the search among the consistent ones, as check_clarifications runs it
    ours, theirs = (checker.conflicts(consistent) for checker in (expanded, refined))
    assert [c.to_json() for c in ours.conflicts] == [c.to_json() for c in theirs.conflicts]
    assert (ours.complete, ours.limited) == (theirs.complete, theirs.limited)
