"""The least models of ``referee.checker.solving`` against brute force, on a solver that has
answered other queries before (inside push/pop)."""

from __future__ import annotations

import itertools

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checker.solving import Budget, Ordered, least_model, order_of, pinned

RANGE = range(-3, 4)
coefficient = st.integers(-2, 2)
constraint = st.tuples(coefficient, coefficient, coefficient, st.integers(-4, 4),
                       st.booleans())


def _holds(row: tuple[int, int, int, int, bool], x: int, y: int, z: int, b: bool) -> bool:
    a1, a2, a3, bound, guarded = row
    value = a1 * x + a2 * y + a3 * z <= bound
    return (not b or value) if guarded else value


def _formula(row: tuple[int, int, int, int, bool], terms: list[z3.ArithRef], b: z3.BoolRef
             ) -> z3.BoolRef:
    a1, a2, a3, bound, guarded = row
    value = a1 * terms[0] + a2 * terms[1] + a3 * terms[2] <= bound
    return z3.Implies(b, value) if guarded else value


@settings(max_examples=60, deadline=None)
@given(st.lists(constraint, min_size=1, max_size=4), st.lists(constraint, max_size=3),
       st.booleans())
def test_the_least_model_is_the_brute_force_least_whatever_ran_before(rows, before, y_first):
    x, y, z = z3.Ints("x y z")
    b = z3.Bool("b")
    solver = z3.Solver()
    # the search box, and z cannot be negative
    solver.add(*[z3.And(t >= RANGE[0], t <= RANGE[-1]) for t in (x, y, z)], z >= 0)
    order = [Ordered.of(y), Ordered.of(x)] if y_first else [Ordered.of(x), Ordered.of(y)]
    order += [Ordered.of(b), Ordered.of(z, nonneg=True)]
    for row in before:  # other queries first, each inside push/pop
        solver.push()
        solver.add(_formula(row, [x, y, z], b))
        solver.check()
        solver.pop()
    solver.push()
    try:
        result, model = least_model(solver, [_formula(r, [x, y, z], b) for r in rows], order,
                                    Budget(20000), settle=2)
        found = None if model is None else tuple(
            model.eval(t, model_completion=True) for t in (x, y, b, z))
    finally:
        solver.pop()

    def key(point: tuple[int, int, bool, int]) -> tuple[int, ...]:
        px, py, pb, pz = point
        first, second = (py, px) if y_first else (px, py)
        return (order_of(first), order_of(second), int(pb), pz)

    points = [(px, py, pb, pz) for px, py, pz in itertools.product(RANGE, RANGE, range(4))
              for pb in (False, True) if all(_holds(r, px, py, pz, pb) for r in rows)]
    if not points:
        assert result == z3.unsat and found is None
        return
    assert result == z3.sat and found is not None
    px, py, pb, pz = min(points, key=key)
    assert [found[0].as_long(), found[1].as_long(), z3.is_true(found[2]),
            found[3].as_long()] == [px, py, pb, pz]


@settings(max_examples=60, deadline=None)
@given(st.lists(constraint, min_size=1, max_size=3), st.integers(-3, 3), st.booleans(),
       st.booleans())
def test_a_term_the_formulas_fix_keeps_its_value(rows, pin, flag, mirrored):
    """``x == k`` (or ``k == x``) and ``b`` / ``Not(b)`` among the formulas: the least model
    keeps those values without lowering them, and is still the brute-force least."""
    x, y, z = z3.Ints("x y z")
    b = z3.Bool("b")
    solver = z3.Solver()
    solver.add(*[z3.And(t >= RANGE[0], t <= RANGE[-1]) for t in (x, y, z)], z >= 0)
    order = [Ordered.of(x), Ordered.of(y), Ordered.of(b), Ordered.of(z, nonneg=True)]
    fixes = [z3.IntVal(pin) == x if mirrored else x == pin, b if flag else z3.Not(b)]
    assert pinned(fixes) == {x.get_id(), b.get_id()}
    solver.push()
    try:
        result, model = least_model(solver, [*fixes, *[_formula(r, [x, y, z], b)
                                                       for r in rows]], order, Budget(20000))
        found = None if model is None else [model.eval(t, model_completion=True)
                                            for t in (y, z)]
    finally:
        solver.pop()
    points = [(py, pz) for py, pz in itertools.product(RANGE, range(4))
              if all(_holds(r, pin, py, pz, flag) for r in rows)]
    if not points:
        assert result == z3.unsat
        return
    assert result == z3.sat and found is not None
    assert model.eval(x).as_long() == pin and z3.is_true(model.eval(b)) == flag
    assert [found[0].as_long(), found[1].as_long()] == list(min(
        points, key=lambda p: (order_of(p[0]), p[1])))


def test_pinned_reads_only_the_top_level() -> None:
    x, y = z3.Ints("x y")
    b = z3.Bool("b")
    assert pinned([z3.And(x == 2, z3.Not(b))]) == {x.get_id(), b.get_id()}
    assert pinned([z3.Or(x == 2, y == 3), x == y, x + 1 == 3, z3.Implies(b, x == 1)]) == set()


@settings(max_examples=60, deadline=None)
@given(st.lists(constraint, min_size=1, max_size=4), st.integers(-3, 3), st.integers(-3, 3),
       st.booleans())
def test_a_guess_of_the_first_terms_never_changes_the_least_model(rows, gx, gy, gb):
    """A guess of the terms before ``settle`` (right, wrong, or no model there) leaves the
    least model the brute-force least, and the values handed back are the model's."""
    x, y, z = z3.Ints("x y z")
    b = z3.Bool("b")
    solver = z3.Solver()
    solver.add(*[z3.And(t >= RANGE[0], t <= RANGE[-1]) for t in (x, y, z)], z >= 0)
    order = [Ordered.of(x), Ordered.of(y), Ordered.of(b), Ordered.of(z, nonneg=True)]
    values: list[int | bool] = []
    solver.push()
    try:
        result, model = least_model(solver, [_formula(r, [x, y, z], b) for r in rows], order,
                                    Budget(20000), settle=3, values=values,
                                    guess=[gx, gy, gb])
        found = None if model is None else [model.eval(t, model_completion=True)
                                            for t in (x, y, b, z)]
    finally:
        solver.pop()
    points = [(px, py, pb, pz) for px, py, pz in itertools.product(RANGE, RANGE, range(4))
              for pb in (False, True) if all(_holds(r, px, py, pz, pb) for r in rows)]
    if not points:
        assert result == z3.unsat and found is None
        return
    assert result == z3.sat and found is not None
    least = min(points, key=lambda p: (order_of(p[0]), order_of(p[1]), int(p[2]), p[3]))
    assert [found[0].as_long(), found[1].as_long(), z3.is_true(found[2]),
            found[3].as_long()] == list(least)
    assert values == list(least)
