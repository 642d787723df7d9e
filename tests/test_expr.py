"""The expression language: accepted forms, Python semantics, Z3 agreement, refusals."""

from __future__ import annotations

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checker.expr import (
    MAX_LITERAL,
    ExpressionError,
    evaluate,
    parse_expression,
    symbols_of,
    to_z3,
)

SYMBOLS = {"a": "int", "b": "int", "p": "bool", "q": "bool"}

ACCEPTED = [
    ("a + b * 2 <= 3 < b", False),
    ("implies(p, a in (3, 4, 5))", False),
    ("min(a, b) + abs(a - b) == max(a, b)", True),
    ("a // -2 == -4", True),
    ("a % -3 == -2", True),
    ("a % 3 == 1 and a // 3 == 2", True),
    ("not p or a != 2", True),
    ("-(a) == -7", True),
    ("a not in (1,)", True),
    ("p == q", False),
    ("(a - 10) * -2 == 6", True),
    ("True and not False", True),
    ("max(a, b, 3) == 7", True),
]


@pytest.mark.parametrize(("text", "expected"), ACCEPTED)
def test_evaluate_and_z3_agree(text: str, expected: bool) -> None:
    env = {"a": 7, "b": 1, "p": True, "q": False}
    expr = parse_expression(text, SYMBOLS)
    assert evaluate(expr, env) is expected
    terms = {"a": z3.Int("a"), "b": z3.Int("b"), "p": z3.Bool("p"), "q": z3.Bool("q")}
    s = z3.Solver()
    s.add(terms["a"] == 7, terms["b"] == 1, terms["p"], z3.Not(terms["q"]))
    assert s.check() == z3.sat
    assert z3.is_true(s.model().eval(to_z3(expr, terms), model_completion=True)) is expected


def test_symbols_of() -> None:
    assert symbols_of(parse_expression("implies(p, a + 1 > 2)", SYMBOLS)) == {"p", "a"}
    assert symbols_of(parse_expression("1 < 2", SYMBOLS)) == set()


REFUSED = [
    ("a.b", "attribute access"),
    ("f(a)", "call not allowed"),
    ("__import__('os')", "call not allowed"),
    ("c", "unknown name"),
    ("'x'", "strings"),
    ("lambda: 1", "lambdas"),
    ("[x for x in a]", "comprehensions"),
    ("a[1]", "subscripts"),
    (str(MAX_LITERAL + 1), "larger than"),
    ("a * b", "literal on one side"),
    ("a // b", "literal on the right"),
    ("a % 0", "division by zero"),
    ("a in [1]", "tuple"),
    ("a in (b,)", "integer literals"),
    ("a < b in (1, 2)", "chained"),
    ("a == p", "integer with a boolean"),
    ("a + p", "must be an integer"),
    ("a and p", "must be a boolean"),
    ("1 if p else 2", "conditional"),
    ("a is b", "'is'"),
    ("a ** 2", "operator not allowed"),
    ("2.5", "integer numbers"),
    ("min(a)", "at least two"),
    ("abs(a, b)", "exactly one"),
    ("implies(p)", "exactly two"),
    ("min(a, b=1)", "keyword"),
    ("import os", "syntax error"),
    ("a; b", "syntax error"),
    ("~a", "bitwise"),
    ("{1: 2}", "dictionaries"),
    ("(a := 1)", "assignment"),
    ("not " * 150 + "p", "nested"),
    ("+".join(["1"] * 700), "more than"),
    ("a" * 5000, "longer than"),
    ("", "empty"),
    ("implies", "must be called"),
]


@pytest.mark.parametrize(("text", "reason"), REFUSED)
def test_refused(text: str, reason: str) -> None:
    with pytest.raises(ExpressionError) as info:
        parse_expression(text, SYMBOLS)
    assert reason in str(info.value)
    assert "'" in str(info.value)


def test_error_quotes_offending_part() -> None:
    with pytest.raises(ExpressionError) as info:
        parse_expression("a + 1 > 0 and os.system", SYMBOLS)
    assert "'os.system'" in str(info.value)


@settings(max_examples=60, deadline=None)
@given(a=st.integers(-50, 50), b=st.integers(-50, 50), d=st.sampled_from([-7, -3, -1, 2, 5]))
def test_division_semantics(a: int, b: int, d: int) -> None:
    expr = parse_expression(f"a // {d} * 3 + a % {d} - max(a, b) + abs(b)", SYMBOLS)
    expected = a // d * 3 + a % d - max(a, b) + abs(b)
    assert evaluate(expr, {"a": a, "b": b}) == expected
    s = z3.Solver()
    x, y = z3.Ints("a b")
    s.add(x == a, y == b)
    assert s.check() == z3.sat
    assert s.model().eval(to_z3(expr, {"a": x, "b": y})).as_long() == expected
