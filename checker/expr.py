"""The expression language of clarification files and ``--invariant``.

A small, safe subset of Python expression syntax. The text is parsed with :mod:`ast` and every
node is checked against a whitelist, then turned into a small typed tree of our own; nothing is
ever evaluated as Python. The tree can be translated to Z3 (:func:`to_z3`) or evaluated on
concrete values (:func:`evaluate`).

Accepted: integer literals (``|n| <= MAX_LITERAL``), ``True``/``False``, the given symbols,
``+``, ``-`` (binary and unary), ``*`` with at least one constant side, ``//`` and ``%`` by a
non-zero constant, comparisons (chained), ``and``, ``or``, ``not``, ``implies(a, b)``,
``min(a, b, ...)``, ``max(a, b, ...)``, ``abs(a)``, ``x in (3, 4, 5)`` and ``x not in (...)``.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias

from referee.display import visible
from referee.errors import UsageError
from referee.model.core.deep import collector_paused
from referee.model.core.names import suggestion

if TYPE_CHECKING:
    import z3

Sort: TypeAlias = Literal["int", "bool"]

MAX_LITERAL = 10**12
MAX_TEXT = 4000
MAX_NODES = 600
MAX_DEPTH = 100
_QUOTE_LIMIT = 60


class ExpressionError(UsageError, ValueError):
    """An expression outside the language. ``text`` is the offending part of the input."""

    def __init__(self, reason: str, text: str, hint: str = "") -> None:
        self.reason = reason
        self.text = text
        super().__init__(f"{reason}: {_quote(text)}" + (f" {hint}" if hint else ""))


def _quote(text: str) -> str:
    text = visible(" ".join(text.split()))
    if len(text) > _QUOTE_LIMIT:
        text = text[: _QUOTE_LIMIT - 3] + "..."
    return f"'{text}'"


# --------------------------------------------------------------------------- the typed tree


@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    sort: Sort = "int"


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    sort: Sort = "bool"


@dataclass(frozen=True, slots=True)
class Var:
    name: str
    sort: Sort


@dataclass(frozen=True, slots=True)
class Neg:
    arg: Expr
    sort: Sort = "int"


@dataclass(frozen=True, slots=True)
class Arith:
    """``op`` is one of ``+ - * // %``; for ``*`` one side and for ``//``/``%`` the right side is
    constant (see :attr:`divisor`)."""

    op: str
    left: Expr
    right: Expr
    sort: Sort = "int"


@dataclass(frozen=True, slots=True)
class Abs:
    arg: Expr
    sort: Sort = "int"


@dataclass(frozen=True, slots=True)
class MinMax:
    op: str  # "min" or "max"
    args: tuple[Expr, ...]
    sort: Sort = "int"


@dataclass(frozen=True, slots=True)
class Compare:
    """One comparison ``left op right`` (chains are split into a conjunction)."""

    op: str  # == != < <= > >=
    left: Expr
    right: Expr
    sort: Sort = "bool"


@dataclass(frozen=True, slots=True)
class Member:
    arg: Expr
    values: tuple[int, ...]
    negated: bool = False
    sort: Sort = "bool"


@dataclass(frozen=True, slots=True)
class Not:
    arg: Expr
    sort: Sort = "bool"


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: str  # "and" or "or"
    args: tuple[Expr, ...]
    sort: Sort = "bool"


@dataclass(frozen=True, slots=True)
class Implies:
    left: Expr
    right: Expr
    sort: Sort = "bool"


Expr: TypeAlias = (IntLit | BoolLit | Var | Neg | Arith | Abs | MinMax | Compare | Member | Not
                   | BoolOp | Implies)


# --------------------------------------------------------------------------- parsing

_ARITH = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%"}
_COMPARE = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
            ast.GtE: ">="}
_FUNCTIONS = ("implies", "min", "max", "abs")

_REFUSED: dict[type, str] = {
    ast.Attribute: "attribute access is not allowed",
    ast.Subscript: "subscripts are not allowed",
    ast.Lambda: "lambdas are not allowed",
    ast.ListComp: "comprehensions are not allowed",
    ast.SetComp: "comprehensions are not allowed",
    ast.DictComp: "comprehensions are not allowed",
    ast.GeneratorExp: "comprehensions are not allowed",
    ast.Dict: "dictionaries are not allowed",
    ast.Set: "sets are not allowed",
    ast.List: "lists are not allowed (use a tuple after 'in')",
    ast.Tuple: "tuples are only allowed after 'in'",
    ast.IfExp: "conditional expressions are not allowed",
    ast.NamedExpr: "assignment expressions are not allowed",
    ast.Starred: "starred expressions are not allowed",
    ast.JoinedStr: "strings are not allowed",
    ast.Await: "await is not allowed",
    ast.Yield: "yield is not allowed",
    ast.YieldFrom: "yield is not allowed",
    ast.Slice: "slices are not allowed",
}


def parse_expression(text: str, symbols: Mapping[str, str]) -> Expr:
    """Parse ``text`` into a typed tree, the symbols being ``name -> "int" | "bool"``.

    Raises :class:`ExpressionError` naming the offending part of ``text``.
    """
    if not isinstance(text, str):
        raise ExpressionError("an expression must be a string", repr(text))
    if len(text) > MAX_TEXT:
        raise ExpressionError(f"expression longer than {MAX_TEXT} characters", text)
    if "\x00" in text:
        raise ExpressionError("expression contains a NUL character", text.replace("\x00", "\\0"))
    stripped = text.strip()
    if not stripped:
        raise ExpressionError("empty expression", text)
    if "#" in stripped:
        # Python would read the rest of the text as a comment and silently drop it.
        column = stripped.index("#") + 1
        raise ExpressionError(f"'#' is not allowed (at column {column}: it would hide the "
                              "rest of the expression as a comment)", stripped)
    if not stripped.isascii():
        # Python reads names in their NFKC form: a full-width 'ｔｏｏｌｓ' would be 'tools'
        column, char = next((k, ch) for k, ch in enumerate(stripped, start=1) if ord(ch) > 127)
        raise ExpressionError(f"only ASCII characters are allowed (found {char!r}, "
                              f"U+{ord(char):04X}, at column {column})", stripped)
    if "\n" in stripped or "\r" in stripped:
        # A newline would let a second statement or a comment hide after the first line.
        stripped = " ".join(stripped.split())
    try:
        with warnings.catch_warnings():
            # "is with a literal", invalid escapes...: refused below or not, never printed
            warnings.simplefilter("ignore")
            with collector_paused():
                tree = ast.parse(stripped, mode="eval")
    except SyntaxError as exc:
        where = f" at column {exc.offset}" if exc.offset else ""
        raise ExpressionError(f"syntax error ({exc.msg}{where})", text) from None
    except (RecursionError, MemoryError):
        raise ExpressionError("expression too deeply nested", text) from None
    except ValueError as exc:
        raise ExpressionError(f"not a valid expression ({' '.join(str(exc).split())})",
                              text) from None
    for count, _ in enumerate(ast.walk(tree), start=1):
        if count > MAX_NODES:
            raise ExpressionError(f"expression has more than {MAX_NODES} parts", text)
    for name, sort in symbols.items():
        if sort not in ("int", "bool"):
            raise ValueError(f"symbol {name!r} has unknown sort {sort!r}")
    expr = _Parser(stripped, symbols).convert(tree.body, 0)
    return expr


class _Parser:
    def __init__(self, source: str, symbols: Mapping[str, str]) -> None:
        self.source = source
        self.symbols = symbols

    def segment(self, node: ast.AST) -> str:
        seg = ast.get_source_segment(self.source, node)
        return seg if seg is not None else ast.unparse(node)

    def fail(self, reason: str, node: ast.AST) -> ExpressionError:
        return ExpressionError(reason, self.segment(node))

    def expect(self, expr: Expr, sort: Sort, node: ast.AST, what: str) -> Expr:
        if expr.sort != sort:
            kind = "an integer" if sort == "int" else "a boolean"
            raise self.fail(f"{what} must be {kind}", node)
        return expr

    def convert(self, node: ast.AST, depth: int) -> Expr:
        if depth > MAX_DEPTH:
            raise self.fail(f"expression nested more than {MAX_DEPTH} levels deep", node)
        d = depth + 1
        if isinstance(node, ast.Constant):
            return self.constant(node)
        if isinstance(node, ast.Name):
            if node.id in _FUNCTIONS:
                raise self.fail(f"{node.id} must be called", node)
            sort = self.symbols.get(node.id)
            if sort is None:
                raise ExpressionError("unknown name", self.segment(node),
                                      suggestion(node.id, sorted(self.symbols)))
            return Var(node.id, "int" if sort == "int" else "bool")
        if isinstance(node, ast.UnaryOp):
            return self.unary(node, d)
        if isinstance(node, ast.BinOp):
            return self.binop(node, d)
        if isinstance(node, ast.BoolOp):
            op = "and" if isinstance(node.op, ast.And) else "or"
            args = tuple(self.expect(self.convert(v, d), "bool", v, f"an operand of '{op}'")
                         for v in node.values)
            return BoolOp(op, args)
        if isinstance(node, ast.Compare):
            return self.compare(node, d)
        if isinstance(node, ast.Call):
            return self.call(node, d)
        for kind, reason in _REFUSED.items():
            if isinstance(node, kind):
                raise self.fail(reason, node)
        raise self.fail("not allowed in an expression", node)

    def constant(self, node: ast.Constant) -> Expr:
        value = node.value
        if isinstance(value, bool):
            return BoolLit(value)
        if isinstance(value, int):
            if abs(value) > MAX_LITERAL:
                raise self.fail(f"integer literal larger than {MAX_LITERAL}", node)
            return IntLit(value)
        if isinstance(value, str | bytes):
            raise self.fail("strings are not allowed", node)
        if isinstance(value, float | complex):
            raise self.fail("only integer numbers are allowed", node)
        raise self.fail("not allowed in an expression", node)

    def unary(self, node: ast.UnaryOp, d: int) -> Expr:
        if isinstance(node.op, ast.Not):
            return Not(self.expect(self.convert(node.operand, d), "bool", node.operand,
                                   "the operand of 'not'"))
        if isinstance(node.op, ast.USub | ast.UAdd):
            arg = self.expect(self.convert(node.operand, d), "int", node.operand,
                              "the operand of a sign")
            if isinstance(node.op, ast.UAdd):
                return arg
            if isinstance(arg, IntLit):
                return IntLit(-arg.value)
            return Neg(arg)
        raise self.fail("bitwise operators are not allowed", node)

    def binop(self, node: ast.BinOp, d: int) -> Expr:
        op = _ARITH.get(type(node.op))
        if op is None:
            raise self.fail("operator not allowed (use + - * // %)", node)
        left = self.expect(self.convert(node.left, d), "int", node.left,
                           f"the left operand of '{op}'")
        right = self.expect(self.convert(node.right, d), "int", node.right,
                            f"the right operand of '{op}'")
        if op == "*" and not (_is_constant(left) or _is_constant(right)):
            raise self.fail("'*' needs a literal on one side", node)
        if op in ("//", "%"):
            if not _is_constant(right):
                raise self.fail(f"'{op}' needs a literal on the right", node)
            if _constant_value(right) == 0:
                raise self.fail("division by zero", node)
        result = Arith(op, left, right)
        if _is_constant(result):
            value = _constant_value(result)
            if abs(value) > MAX_LITERAL:
                raise self.fail(f"constant larger than {MAX_LITERAL}", node)
        return result

    def compare(self, node: ast.Compare, d: int) -> Expr:
        operands = [node.left, *node.comparators]
        parts: list[Expr] = []
        left_node = operands[0]
        left = self.convert(left_node, d)
        for op_node, right_node in zip(node.ops, operands[1:], strict=True):
            if isinstance(op_node, ast.In | ast.NotIn):
                if len(node.ops) > 1:
                    raise self.fail("'in' cannot be part of a chained comparison", node)
                self.expect(left, "int", left_node, "the left side of 'in'")
                return Member(left, self.members(right_node, d),
                              negated=isinstance(op_node, ast.NotIn))
            op = _COMPARE.get(type(op_node))
            if op is None:
                raise self.fail("comparison not allowed ('is' is not supported)", node)
            right = self.convert(right_node, d)
            if op in ("==", "!="):
                if left.sort != right.sort:
                    raise self.fail("cannot compare an integer with a boolean", node)
            else:
                self.expect(left, "int", left_node, f"the left side of '{op}'")
                self.expect(right, "int", right_node, f"the right side of '{op}'")
            parts.append(Compare(op, left, right))
            left_node, left = right_node, right
        return parts[0] if len(parts) == 1 else BoolOp("and", tuple(parts))

    def members(self, node: ast.AST, d: int) -> tuple[int, ...]:
        if not isinstance(node, ast.Tuple):
            raise self.fail("'in' needs a parenthesised tuple of integer literals", node)
        if not node.elts:
            raise self.fail("'in' needs at least one value", node)
        values: list[int] = []
        for elt in node.elts:
            expr = self.convert(elt, d)
            if not (expr.sort == "int" and _is_constant(expr)):
                raise self.fail("'in' values must be integer literals", elt)
            values.append(_constant_value(expr))
        return tuple(values)

    def call(self, node: ast.Call, d: int) -> Expr:
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            raise self.fail("call not allowed (only implies, min, max, abs)", node)
        name = node.func.id
        if node.keywords:
            raise self.fail(f"{name}() takes no keyword arguments", node)
        if any(isinstance(a, ast.Starred) for a in node.args):
            raise self.fail("starred expressions are not allowed", node)
        args = node.args
        if name == "implies":
            if len(args) != 2:
                raise self.fail("implies() takes exactly two arguments", node)
            return Implies(
                self.expect(self.convert(args[0], d), "bool", args[0], "implies' argument"),
                self.expect(self.convert(args[1], d), "bool", args[1], "implies' argument"))
        if name == "abs":
            if len(args) != 1:
                raise self.fail("abs() takes exactly one argument", node)
            return Abs(self.expect(self.convert(args[0], d), "int", args[0],
                                   "abs' argument"))
        if len(args) < 2:
            raise self.fail(f"{name}() takes at least two arguments", node)
        return MinMax(name, tuple(self.expect(self.convert(a, d), "int", a,
                                              f"an argument of {name}()") for a in args))


def _is_constant(expr: Expr) -> bool:
    return not symbols_of(expr)


def _constant_value(expr: Expr) -> int:
    value = evaluate(expr, {})
    assert isinstance(value, int) and not isinstance(value, bool)
    return value


# --------------------------------------------------------------------------- queries


def symbols_of(expr: Expr) -> set[str]:
    """The symbol names the expression mentions."""
    found: set[str] = set()
    stack: list[Expr] = [expr]
    while stack:
        e = stack.pop()
        if isinstance(e, Var):
            found.add(e.name)
        elif isinstance(e, Neg | Abs | Not | Member):
            stack.append(e.arg)
        elif isinstance(e, Arith | Compare | Implies):
            stack.extend((e.left, e.right))
        elif isinstance(e, MinMax | BoolOp):
            stack.extend(e.args)
    return found


def to_text(expr: Expr) -> str:
    """A readable rendering (fully parenthesised where precedence could be unclear)."""
    if isinstance(expr, IntLit):
        return str(expr.value)
    if isinstance(expr, BoolLit):
        return str(expr.value)
    if isinstance(expr, Var):
        return expr.name
    if isinstance(expr, Neg):
        return f"-{_wrap(expr.arg)}"
    if isinstance(expr, Arith):
        return f"{_wrap(expr.left)} {expr.op} {_wrap(expr.right)}"
    if isinstance(expr, Abs):
        return f"abs({to_text(expr.arg)})"
    if isinstance(expr, MinMax):
        return f"{expr.op}({', '.join(to_text(a) for a in expr.args)})"
    if isinstance(expr, Compare):
        return f"{_wrap(expr.left)} {expr.op} {_wrap(expr.right)}"
    if isinstance(expr, Member):
        values = ", ".join(str(v) for v in expr.values)
        if len(expr.values) == 1:
            values += ","
        return f"{_wrap(expr.arg)} {'not in' if expr.negated else 'in'} ({values})"
    if isinstance(expr, Not):
        return f"not {_wrap(expr.arg)}"
    if isinstance(expr, BoolOp):
        return f" {expr.op} ".join(_wrap(a) for a in expr.args)
    return f"implies({to_text(expr.left)}, {to_text(expr.right)})"


def _wrap(expr: Expr) -> str:
    if isinstance(expr, IntLit | BoolLit | Var | Abs | MinMax | Implies):
        return to_text(expr)
    return f"({to_text(expr)})"


# --------------------------------------------------------------------------- evaluation


def evaluate(expr: Expr, env: Mapping[str, int | bool]) -> int | bool:
    """The value of ``expr`` with Python's semantics (floor division, ``%`` of the divisor's sign).

    Raises ``KeyError`` naming a symbol missing from ``env``.
    """
    if isinstance(expr, IntLit | BoolLit):
        return expr.value
    if isinstance(expr, Var):
        if expr.name not in env:
            raise KeyError(expr.name)
        value = env[expr.name]
        return bool(value) if expr.sort == "bool" else int(value)
    if isinstance(expr, Neg):
        return -_int(evaluate(expr.arg, env))
    if isinstance(expr, Arith):
        a = _int(evaluate(expr.left, env))
        b = _int(evaluate(expr.right, env))
        if expr.op == "+":
            return a + b
        if expr.op == "-":
            return a - b
        if expr.op == "*":
            return a * b
        if expr.op == "//":
            return a // b
        return a % b
    if isinstance(expr, Abs):
        return abs(_int(evaluate(expr.arg, env)))
    if isinstance(expr, MinMax):
        values = [_int(evaluate(a, env)) for a in expr.args]
        return min(values) if expr.op == "min" else max(values)
    if isinstance(expr, Compare):
        left = evaluate(expr.left, env)
        right = evaluate(expr.right, env)
        return _COMPARE_FN[expr.op](left, right)
    if isinstance(expr, Member):
        inside = _int(evaluate(expr.arg, env)) in expr.values
        return not inside if expr.negated else inside
    if isinstance(expr, Not):
        return not evaluate(expr.arg, env)
    if isinstance(expr, BoolOp):
        if expr.op == "and":
            return all(evaluate(a, env) for a in expr.args)
        return any(evaluate(a, env) for a in expr.args)
    return (not evaluate(expr.left, env)) or bool(evaluate(expr.right, env))


def _int(value: int | bool) -> int:
    return int(value)


_COMPARE_FN = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


# --------------------------------------------------------------------------- Z3


def to_z3(expr: Expr, env: Mapping[str, z3.ExprRef]) -> z3.ExprRef:
    """The Z3 term of ``expr``, symbols taken from ``env`` (Int or Bool terms).

    Raises ``KeyError`` naming a symbol missing from ``env``.
    """
    import z3

    def conv(e: Expr) -> z3.ExprRef:
        if isinstance(e, IntLit):
            return z3.IntVal(e.value)
        if isinstance(e, BoolLit):
            return z3.BoolVal(e.value)
        if isinstance(e, Var):
            if e.name not in env:
                raise KeyError(e.name)
            return env[e.name]
        if isinstance(e, Neg):
            return -conv(e.arg)
        if isinstance(e, Arith):
            if e.op in ("//", "%"):
                return _z3_division(e.op, conv(e.left), _constant_value(e.right))
            left, right = conv(e.left), conv(e.right)
            if e.op == "+":
                return left + right
            if e.op == "-":
                return left - right
            return left * right
        if isinstance(e, Abs):
            a = conv(e.arg)
            return z3.If(a >= 0, a, -a)
        if isinstance(e, MinMax):
            result = conv(e.args[0])
            for arg in e.args[1:]:
                b = conv(arg)
                result = (z3.If(result <= b, result, b) if e.op == "min"
                          else z3.If(result >= b, result, b))
            return result
        if isinstance(e, Compare):
            left, right = conv(e.left), conv(e.right)
            if e.op == "==":
                return left == right
            if e.op == "!=":
                return left != right
            if e.op == "<":
                return left < right
            if e.op == "<=":
                return left <= right
            if e.op == ">":
                return left > right
            return left >= right
        if isinstance(e, Member):
            a = conv(e.arg)
            inside = z3.Or(*[a == v for v in e.values])
            return z3.Not(inside) if e.negated else inside
        if isinstance(e, Not):
            return z3.Not(conv(e.arg))
        if isinstance(e, BoolOp):
            args = [conv(a) for a in e.args]
            return z3.And(*args) if e.op == "and" else z3.Or(*args)
        return z3.Implies(conv(e.left), conv(e.right))

    return conv(expr)


def _z3_division(op: str, a: z3.ArithRef, d: int) -> z3.ArithRef:
    # Z3's div/mod are Euclidean; for a positive divisor that is Python's floor semantics.
    # A negative divisor is reduced to a positive one: a // d == (-a) // (-d) and
    # a % d == -((-a) % (-d)).
    if d > 0:
        return a / d if op == "//" else a % d
    return (-a) / (-d) if op == "//" else -((-a) % (-d))
