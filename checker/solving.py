"""Z3 plumbing shared by the clarification verdicts: time-limited checks, restarts for
quantified queries, elimination of defined variables, and minimal unsat cores over rule ids."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

import z3

# A restart schedule for quantified queries: model-based quantifier instantiation is very
# sensitive to the random seed, so several short runs with different seeds beat one long run.
_FIRST_SLICE_MS = 120
_GROWTH = 1.6
# On a large encoding (a body of more than CHEAP_SIZE distinct terms) the first CHEAP_LEMMAS
# lemmas of a refinement loop generalise a choice by substituting it into the body (cheap, but a
# smaller region) rather than by model-based projection, which can take far longer there than
# the rest of the query; loops that need more lemmas get projections from then on. On small
# encodings projection is cheap and its larger regions save iterations.
CHEAP_LEMMAS = 8
CHEAP_SIZE = 150
# A universal over choices that the rules confine to a box of at most EXPAND_POINTS values is
# written out as one conjunct per point of the box (no refinement loop); the box is found once
# per topic, each solver call within EXPAND_BOUND_MS.
EXPAND_POINTS = 256
EXPAND_BOUND_MS = 500


class Budget:
    """A time budget in milliseconds shared by the calls of one verdict."""

    def __init__(self, timeout_ms: int) -> None:
        self.timeout_ms = max(1, int(timeout_ms))
        self._end = time.monotonic() + self.timeout_ms / 1000

    def left_ms(self) -> int:
        return max(0, int((self._end - time.monotonic()) * 1000))

    def expired(self) -> bool:
        return self.left_ms() <= 0


@contextmanager
def own_context(ctx: z3.Context) -> Iterator[None]:
    """Z3's default context replaced by ``ctx`` while the block runs: every term and solver
    made without a context of its own is made in ``ctx``. Z3's search depends on the order in
    which the terms of its context were made, so solvers that share the process's context
    answer a query faster or slower (a verdict within its time limit or not) depending on what
    the process solved before; in a context of their own they answer as in a fresh process.
    Not for threads that solve at the same time."""
    saved = z3.z3._main_ctx
    z3.z3._main_ctx = ctx
    try:
        yield
    finally:
        z3.z3._main_ctx = saved


def reusable_solver() -> z3.Solver:
    """A solver for many short checks inside push/pop: its models are not compacted (which
    costs more than reading the few values asked of them; the values are the same)."""
    solver = z3.Solver()
    solver.set("model.compact", False)
    return solver


def set_timeout(solver: z3.Solver, timeout_ms: int) -> None:
    """``solver.set("timeout", timeout_ms)`` through the C API (the wrapper's parameter
    object and checks cost more than a short check's other calls)."""
    ctx = solver.ctx.ref()
    params = z3.Z3_mk_params(ctx)
    z3.Z3_params_inc_ref(ctx, params)
    try:
        z3.Z3_params_set_uint(ctx, params, z3.Z3_mk_string_symbol(ctx, "timeout"),
                              timeout_ms)
        z3.Z3_solver_set_params(ctx, solver.solver, params)
    finally:
        z3.Z3_params_dec_ref(ctx, params)


def assert_all(solver: z3.Solver, formulas: Iterable[z3.BoolRef]) -> None:
    """``solver.add(*formulas)`` for Bool terms, without casting each of them again."""
    ctx, ref = solver.ctx.ref(), solver.solver
    for f in formulas:
        z3.Z3_solver_assert(ctx, ref, f.as_ast())


def check(solver: z3.Solver, budget: Budget, *assumptions: z3.BoolRef) -> z3.CheckSatResult:
    """``solver.check`` limited to what is left of ``budget`` (unknown once it is spent)."""
    left = budget.left_ms()
    if left <= 0:
        return z3.unknown
    set_timeout(solver, left)
    # as Solver.check does, without casting each assumption to Bool again (they are Bool
    # terms), which on many short checks costs as much as the checks themselves
    literals = (z3.Ast * len(assumptions))(*[a.as_ast() for a in assumptions])
    return z3.CheckSatResult(z3.Z3_solver_check_assumptions(
        solver.ctx.ref(), solver.solver, len(assumptions), literals))


def check_restarts(assertions: Sequence[z3.BoolRef], budget: Budget,
                   *assumptions: z3.BoolRef) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    """Check a quantified query by restarts with growing time slices and fresh seeds,
    alternating model-based quantifier instantiation and the ``qsat`` tactic (each solves
    instances the other gives up on).

    Each attempt uses a new (non-incremental) solver: Z3 preprocesses quantified formulas far
    better outside push/pop scopes.
    """
    slice_ms = float(_FIRST_SLICE_MS)
    seed = 0
    while True:
        left = budget.left_ms()
        if left <= 0:
            return z3.unknown, None
        solver = z3.Solver() if seed % 2 == 0 else z3.Tactic("qsat").solver()
        solver.set("timeout", max(1, min(left, int(slice_ms))))
        solver.set("random_seed", seed)
        solver.set("smt.random_seed", seed)
        solver.add(*assertions)
        result = solver.check(*assumptions)
        if result == z3.sat:
            return result, solver.model()
        if result == z3.unsat:
            return result, None
        reason = solver.reason_unknown()
        if "timeout" not in reason and "canceled" not in reason:
            return result, None
        seed += 1
        if seed % 2 == 0:
            slice_ms *= _GROWTH


def order_key(term: z3.ArithRef) -> z3.ArithRef:
    """0, 1, -1, 2, -2... as 0, 2, 3, 4, 5...: the order of the least witnesses."""
    return 2 * z3.If(term >= 0, term, -term) + z3.If(term < 0, 1, 0)


def order_of(value: int) -> int:
    return 2 * abs(value) + (value < 0)


@dataclass(frozen=True)
class Ordered:
    """A term of a lexicographic order, with the literal of its least value (``t == 0`` or
    ``Not(t)``) made once; ``nonneg`` when the domain keeps it at 0 or more."""

    term: z3.ExprRef
    least: z3.BoolRef
    nonneg: bool = False
    flag: bool = False  # a Boolean

    @staticmethod
    def of(term: z3.ExprRef, nonneg: bool = False) -> Ordered:
        if z3.is_bool(term):
            return Ordered(term, z3.Not(term), flag=True)
        return Ordered(term, term == 0, nonneg)


def value_of(model: z3.ModelRef, term: z3.ExprRef) -> int | bool:
    """The value of an Int or Bool term in ``model`` (0 or False if unconstrained); the
    low-level calls save most of the cost of ``as_long`` and ``is_true``."""
    # as ModelRef.eval does, reading the result before any other call can release it
    ctx = model.ctx.ref()
    found = (z3.Ast * 1)()
    if z3.Z3_model_eval(ctx, model.model, term.as_ast(), True, found):
        value = _value(ctx, found[0])
        if value is not None:
            return value
    raise ValueError(f"no value for {term} in the model")


def _value(ctx: Any, ast: Any) -> int | bool | None:
    """The integer or truth value of a numeral or Boolean constant (None for anything else)."""
    if z3.Z3_get_ast_kind(ctx, ast) == z3.Z3_NUMERAL_AST:
        return int(z3.Z3_get_numeral_string(ctx, ast))
    truth = z3.Z3_get_bool_value(ctx, ast)
    if truth != z3.Z3_L_UNDEF:
        return truth == z3.Z3_L_TRUE
    return None


_CACHED_LITERALS = 10_000


def fixing(term: z3.ExprRef, value: int | bool,
           cache: dict[tuple[int, int | bool], z3.BoolRef],
           term_id: int | None = None) -> z3.BoolRef:
    """``term == value``, made once per term and value (``cache``, by the term's id, emptied
    when it grows past a bound); ``term_id`` saves asking Z3 for the id again."""
    key = (term.get_id() if term_id is None else term_id, value)
    found = cache.get(key)
    if found is None:
        if len(cache) >= _CACHED_LITERALS:
            cache.clear()
        found = cache[key] = term == (z3.BoolVal(value) if isinstance(value, bool)
                                      else z3.IntVal(value))
    return found


_SMALL = 2 ** 62


def at_most(term: z3.ArithRef, value: int) -> z3.BoolRef:
    """``term <= value`` through the C API (the same term as the operator's, made without
    its casts and coercions)."""
    if abs(value) >= _SMALL:
        return term <= value
    ctx = term.ctx
    ref, ast = ctx.ref(), term.as_ast()
    number = z3.Z3_mk_int64(ref, value, z3.Z3_get_sort(ref, ast))
    return z3.BoolRef(z3.Z3_mk_le(ref, ast, number), ctx)


def equal_to(term: z3.ArithRef, value: int) -> z3.BoolRef:
    """``term == value`` through the C API (as :func:`at_most`)."""
    if abs(value) >= _SMALL:
        return term == value
    ctx = term.ctx
    ref, ast = ctx.ref(), term.as_ast()
    number = z3.Z3_mk_int64(ref, value, z3.Z3_get_sort(ref, ast))
    return z3.BoolRef(z3.Z3_mk_eq(ref, ast, number), ctx)


def differs_from(model: z3.ModelRef, terms: Sequence[z3.ExprRef],
                 values: list[int | bool] | None = None) -> z3.BoolRef:
    """``Or(t != model's value of t for each term)`` (as the operators make it), through the
    C API: each term's value is read from the model and compared at once (and appended to
    ``values``, if given)."""
    ctx = terms[0].ctx
    ref, found = ctx.ref(), (z3.Ast * 1)()
    pair = (z3.Ast * 2)()
    parts = []
    for t in terms:
        if not z3.Z3_model_eval(ref, model.model, t.as_ast(), True, found):
            raise ValueError(f"no value for {t} in the model")
        if values is not None:
            value = _value(ref, found[0])
            if value is None:
                raise ValueError(f"no value for {t} in the model")
            values.append(value)
        pair[0], pair[1] = t.as_ast(), found[0]
        parts.append(z3.BoolRef(z3.Z3_mk_distinct(ref, 2, pair), ctx))
    if len(parts) == 1:
        return parts[0]
    args = (z3.Ast * len(parts))(*[p.as_ast() for p in parts])
    return z3.BoolRef(z3.Z3_mk_or(ref, len(parts), args), ctx)


def next_probe(low: int, high: int, first: bool) -> int:
    """The next bound to try when bisecting for the least order reachable, ``low`` out of
    reach and ``high`` reached: first just below ``high`` (the value a model gives is often the
    least, a bound of the clarification), then 0, then halves."""
    if first:
        return high - 1
    return low + 1 if low == -1 else (low + high) // 2


def pinned(formulas: Iterable[z3.BoolRef]) -> set[int]:
    """The ids of the constants that ``formulas`` fix at their top level (``x == 3``,
    ``3 == x``, ``b``, ``Not(b)``): every model gives them that value, so a search for the
    least model need not lower them. (Read through Z3's C API: the Python wrappers of
    ``children`` and ``is_eq`` cost more than the checks they save.)"""
    out: set[int] = set()
    kept = list(formulas)  # holds the formulas, and so their arguments, alive
    if not kept:
        return out
    ctx = kept[0].ctx.ref()
    asts = [f.as_ast() for f in kept]
    app = z3.Z3_APP_AST

    def kind_of(a: Any) -> int:
        if z3.Z3_get_ast_kind(ctx, a) != app:
            return -1
        return int(z3.Z3_get_decl_kind(ctx, z3.Z3_get_app_decl(ctx, a)))

    def constant(a: Any) -> bool:
        return kind_of(a) == z3.Z3_OP_UNINTERPRETED and z3.Z3_get_app_num_args(ctx, a) == 0

    while asts:
        a = asts.pop()
        kind = kind_of(a)
        if kind == z3.Z3_OP_AND:
            asts.extend(z3.Z3_get_app_arg(ctx, a, k)
                        for k in range(z3.Z3_get_app_num_args(ctx, a)))
        elif kind == z3.Z3_OP_EQ:
            left, right = z3.Z3_get_app_arg(ctx, a, 0), z3.Z3_get_app_arg(ctx, a, 1)
            if constant(left) and z3.Z3_is_numeral_ast(ctx, right):
                out.add(z3.Z3_get_ast_id(ctx, left))
            elif constant(right) and z3.Z3_is_numeral_ast(ctx, left):
                out.add(z3.Z3_get_ast_id(ctx, right))
        elif kind == z3.Z3_OP_NOT:
            inner = z3.Z3_get_app_arg(ctx, a, 0)
            if constant(inner):
                out.add(z3.Z3_get_ast_id(ctx, inner))
        elif constant(a):
            out.add(z3.Z3_get_ast_id(ctx, a))
    return out


def unsat_core_ids(solver: z3.Solver) -> set[int]:
    """The ids of the assumptions in the unsat core of the solver's last check."""
    ctx = solver.ctx.ref()
    found = z3.Z3_solver_get_unsat_core(ctx, solver.solver)
    z3.Z3_ast_vector_inc_ref(ctx, found)
    try:
        return {z3.Z3_get_ast_id(ctx, z3.Z3_ast_vector_get(ctx, found, i))
                for i in range(z3.Z3_ast_vector_size(ctx, found))}
    finally:
        z3.Z3_ast_vector_dec_ref(ctx, found)


def _at(entry: Ordered, value: int | bool) -> z3.BoolRef:
    """The literal of ``entry``'s term at ``value``."""
    if entry.flag:
        return entry.term if value else entry.least
    return entry.least if value == 0 else equal_to(entry.term, int(value))


def lex_smaller(terms: Sequence[Ordered], values: Sequence[int | bool]) -> z3.BoolRef | None:
    """Values of ``terms`` lexicographically smaller than ``values`` (in the order of the least
    models: :func:`order_key`, False before True), as ``below_1 or (at_1 and (below_2 or
    ...))``; None when ``values`` are all least, with nothing below them."""
    out: z3.BoolRef | None = None
    pair = (z3.Ast * 2)()

    def both(make: Any, a: z3.BoolRef, b: z3.BoolRef) -> z3.BoolRef:
        # And(a, b) or Or(a, b) through the C API (the wrappers cast both again)
        pair[0], pair[1] = a.as_ast(), b.as_ast()
        return z3.BoolRef(make(a.ctx.ref(), 2, pair), a.ctx)

    for entry, value in zip(reversed(terms), reversed(values), strict=True):
        rest = both(z3.Z3_mk_and, _at(entry, value), out) if out is not None else None
        if value is False or value == 0:
            out = rest
            continue
        if entry.flag:
            below = entry.least
        else:
            key = entry.term if entry.nonneg else order_key(entry.term)
            below = at_most(key, (int(value) if entry.nonneg else order_of(int(value))) - 1)
        out = below if rest is None else both(z3.Z3_mk_or, below, rest)
    return out


def least_model(solver: z3.Solver, formulas: Sequence[z3.BoolRef], terms: Sequence[Ordered],
                budget: Budget, settle: int | None = None, start: z3.ModelRef | None = None,
                values: list[int | bool] | None = None,
                guess: Sequence[int | bool] | None = None
                ) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    """The model of the solver's assertions and ``formulas`` that is lexicographically least
    over ``terms`` (each at its least :func:`order_key`, False before True): ``(sat, model)``,
    else ``(unsat|unknown, None)``. ``formulas`` and each term's value are added to
    ``solver``, so the caller wraps the call in push/pop.

    The least model is unique, so it does not depend on the models the solver happens to find
    on the way: a term whose value in the current model is already the least possible (0 or
    False) is fixed without a check, any other one is bisected on its order key (on its value
    when it cannot be negative; :func:`next_probe`), each model found giving a new upper
    bound. From term ``settle`` on (the choices, say), before lowering a term, one check asks
    whether the terms left can differ from the model at all; if not, the model is the least.
    ``start``, if given, is a model of the solver's assertions and ``formulas`` to begin with
    (which saves the first check). A term that ``formulas`` fix (:func:`pinned`) keeps the
    model's value without a check. ``values``, if given, receives the least model's value of
    each term (so that the caller need not read them again). ``guess``, if given, are values
    of the terms before ``settle`` that are likely the least model's (those of a similar
    query): two checks, one that a model has them and one that no model is lexicographically
    smaller there (:func:`lex_smaller`), settle them at once.
    """
    assert_all(solver, formulas)
    fixed_terms = pinned(formulas)
    if start is None:
        result = check(solver, budget)
        if result != z3.sat:
            return result, None
        start = solver.model()
    model = start
    fixed: list[z3.BoolRef] = []  # added before the next check

    def probe(*assumption: z3.BoolRef) -> z3.CheckSatResult:
        if fixed:
            assert_all(solver, fixed)
            fixed.clear()
        return check(solver, budget, *assumption)

    found: list[int | bool] = []  # the least values of the terms so far

    def done() -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        if values is not None:
            values.extend(found)
        return z3.sat, model

    begin = 0
    if guess is not None and settle:
        there = [_at(entry, value) for entry, value in zip(terms[:settle], guess, strict=True)]
        result = check(solver, budget, *there)
        if result == z3.sat:
            at_guess = solver.model()
            smaller = lex_smaller(terms[:settle], guess)
            result = z3.unsat if smaller is None else check(solver, budget, smaller)
            if result == z3.unsat:
                model, begin = at_guess, settle
                fixed.extend(there)
                found.extend(guess)
        if result == z3.unknown:
            return result, None

    for at, entry in enumerate(terms):
        if at < begin:
            continue
        term = entry.term
        value = value_of(model, term)
        if term.get_id() in fixed_terms:
            found.append(value)
            continue
        if settle is not None and at >= settle and value is not False and value != 0:
            # the terms from here on are often all determined by those before them
            rest: list[int | bool] = []
            result = probe(differs_from(model, [e.term for e in terms[at:]], rest))
            if result == z3.unsat:
                found.extend(rest)
                return done()
        if entry.flag:
            if value:
                result = probe(entry.least)
                if result == z3.unknown:
                    return result, None
                if result == z3.sat:
                    model = solver.model()
                    value = False
            fixed.append(term if value else entry.least)
            found.append(bool(value))
            continue
        number = int(value)
        if number == 0:
            fixed.append(entry.least)
            found.append(0)
            continue
        # low is out of reach, high reached (as order keys, or as values when non-negative)
        order = (lambda n: n) if entry.nonneg else order_of
        key = term if entry.nonneg else order_key(term)
        low, high = -1, order(number)
        first = True
        while high - low > 1:
            mid = next_probe(low, high, first)
            first = False
            result = probe(entry.least if mid == 0 else at_most(key, mid))
            if result == z3.unknown:
                return result, None
            if result == z3.sat:
                model = solver.model()
                number = int(value_of(model, term))
                high = order(number)
            else:
                low = mid
        fixed.append(entry.least if number == 0 else equal_to(term, number))
        found.append(number)
    return done()


def flatten(formulas: Iterable[z3.BoolRef]) -> list[z3.BoolRef]:
    """The conjuncts of ``formulas`` (nested conjunctions opened, True left out), read through
    the C API (the wrappers of ``is_and`` and ``children`` cost more than the rest of a
    query's set-up)."""
    out: list[z3.BoolRef] = []
    app = z3.Z3_APP_AST

    def kind_of(ref: Any, a: Any) -> int:
        if z3.Z3_get_ast_kind(ref, a) != app:
            return -1
        return int(z3.Z3_get_decl_kind(ref, z3.Z3_get_app_decl(ref, a)))

    def visit(f: z3.BoolRef) -> None:
        ctx = f.ctx
        ref, a = ctx.ref(), f.as_ast()
        kind = kind_of(ref, a)
        if kind == z3.Z3_OP_AND:
            for k in range(z3.Z3_get_app_num_args(ref, a)):
                # the argument is held by ``f`` while it is wrapped
                visit(z3.BoolRef(z3.Z3_get_app_arg(ref, a, k), ctx))
        elif kind != z3.Z3_OP_TRUE:
            out.append(f)

    for f in formulas:
        visit(f)
    return out


def _constants(expr: z3.ExprRef) -> list[z3.ExprRef]:
    found: list[z3.ExprRef] = []
    stack = [expr]
    seen: set[int] = set()
    while stack:
        e = stack.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            found.append(e)
        stack.extend(e.children())
    return found


Substitution = list[tuple[z3.ExprRef, z3.ExprRef]]


def definitions(formulas: Iterable[z3.BoolRef], bound: Sequence[z3.ExprRef]
                ) -> tuple[Substitution, list[z3.BoolRef], list[z3.ExprRef]]:
    """The bound variables defined by top-level equations ``v == e``: ``(substitution, the
    other formulas (not yet substituted), the bound variables left)``. The definitions are
    collected in one pass, each kept free of the variables defined before it."""
    bound_ids = {b.get_id() for b in bound}
    defined: set[int] = set()
    subst: Substitution = []
    rest: list[z3.BoolRef] = []
    for f in flatten(formulas):
        if z3.is_eq(f) and not z3.is_bool(f.arg(0)):
            found = False
            for var, expr in ((f.arg(0), f.arg(1)), (f.arg(1), f.arg(0))):
                if var.get_id() not in bound_ids or var.get_id() in defined:
                    continue
                value = z3.substitute(expr, *subst) if subst else expr
                if any(var.eq(c) for c in _constants(value)):
                    continue
                subst = [(v, z3.substitute(d, (var, value))) for v, d in subst]
                subst.append((var, value))
                defined.add(var.get_id())
                found = True
                break
            if found:
                continue
        rest.append(f)
    return subst, rest, [b for b in bound if b.get_id() not in defined]


def apply(subst: Substitution, formulas: Iterable[z3.BoolRef]) -> list[z3.BoolRef]:
    """``formulas`` with ``subst`` applied, simplified and flattened."""
    return flatten(z3.simplify(f) for f in substitute_all(subst, formulas))


def substitute_all(subst: Substitution, formulas: Iterable[z3.ExprRef]) -> list[z3.ExprRef]:
    """``z3.substitute(f, *subst)`` for each formula, the pairs' arrays made once (and
    without ``z3.substitute``'s checks of each pair, which cost more than the substitution)."""
    formulas = list(formulas)
    if not subst or not formulas:
        return formulas
    ctx = formulas[0].ctx
    count = len(subst)
    sources = (z3.Ast * count)(*[v.as_ast() for v, _ in subst])
    targets = (z3.Ast * count)(*[e.as_ast() for _, e in subst])
    return [z3.z3._to_expr_ref(
        z3.Z3_substitute(ctx.ref(), f.as_ast(), count, sources, targets), ctx)
        for f in formulas]


def eliminate(formulas: Iterable[z3.BoolRef], bound: Sequence[z3.ExprRef]
              ) -> tuple[list[z3.BoolRef], list[z3.ExprRef]]:
    """Substitute away every bound variable defined by a top-level equation ``v == e``.

    Fewer bound variables make universally quantified queries much easier for Z3.
    """
    subst, rest, remaining = definitions(formulas, bound)
    return apply(subst, rest), remaining


def conjunction(formulas: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """``z3.And(*formulas)`` (two or more Bool terms) through the C API, without the wrapper's
    casts of each of them."""
    ctx = formulas[0].ctx
    args = (z3.Ast * len(formulas))(*[f.as_ast() for f in formulas])
    return z3.BoolRef(z3.Z3_mk_and(ctx.ref(), len(formulas), args), ctx)


def project(model: z3.ModelRef, bound: Sequence[z3.ExprRef], body: z3.BoolRef) -> z3.BoolRef:
    """Model-based projection: a formula φ over the free symbols of ``body`` that ``model``
    satisfies and that implies ``∃ bound: body`` (``body`` must hold in ``model``)."""
    ctx = body.ctx
    apps = (z3.Ast * len(bound))()
    for i, v in enumerate(bound):
        apps[i] = v.as_ast()
    cell = z3.BoolRef(z3.Z3_qe_model_project(ctx.ref(), model.model, len(bound), apps,
                                             body.as_ast()), ctx)
    # a variable the projection could not eliminate keeps its value in the model, which still
    # gives an under-approximation of the projection
    if bound:
        cell = z3.substitute(cell, *[(v, model.eval(v, model_completion=True)) for v in bound])
    return cell


class ExistsForall:
    """``∃ free, c: outer(free, c) ∧ ∀ c': ¬body(free, c')`` by counterexample-guided
    refinement (a 2QBF loop over integers).

    The outer solver proposes values of the free symbols; an inner solver looks for a choice
    ``c'`` satisfying ``body`` at those values. If there is none, the proposal is a solution.
    Otherwise the choice is generalised into a region of free values that all have a choice
    (where that choice itself works, for the first ``cheap`` lemmas; then by model-based
    projection), and the outer solver is told to avoid that region (a lemma that
    follows from the universal, so no solution is lost). ``bodies`` lists equivalent or stronger
    forms of ``body`` to try in turn, the complete one last: a stronger one (e.g. with most
    choices left at 0) projects to larger, simpler regions. Lemmas depend only on ``bodies``,
    so one instance serves many checks under different assumptions (on free Boolean
    selectors, say).
    """

    def __init__(self, outer: z3.Solver, free: Sequence[z3.ExprRef],
                 bodies: Sequence[tuple[z3.BoolRef, Sequence[z3.ExprRef], z3.Solver]],
                 fallback: Callable[[], Sequence[z3.BoolRef]], cheap: int = 0,
                 literals: dict[tuple[int, int | bool], z3.BoolRef] | None = None) -> None:
        """``outer`` asserts ``outer``, and each body's solver its body; lemmas are added to
        ``outer``. ``literals`` caches the ``free == value`` literals (see :func:`fixing`)."""
        self.outer = outer
        self.free = list(free)
        self._free_ids = [v.get_id() for v in self.free]
        self.bodies = [(body, list(bound), inner) for body, bound, inner in bodies]
        self.fallback = fallback
        self.cheap = cheap
        self.lemmas = 0
        self.literals = {} if literals is None else literals
        # the free symbols' values in the last solution returned (and its model), so that a
        # caller need not read them from the model again
        self.last_model: z3.ModelRef | None = None
        self.last_values: tuple[int | bool, ...] = ()

    def _region(self, model: z3.ModelRef, bound: Sequence[z3.ExprRef], body: z3.BoolRef
                ) -> z3.BoolRef:
        """Free values that all have a choice satisfying ``body``, ``model`` among them: those
        where the model's choice does, or (after the first lemmas) a projection."""
        self.lemmas += 1
        if self.lemmas <= self.cheap:
            return z3.substitute(body, *[(v, model.eval(v, model_completion=True))
                                         for v in bound])
        return project(model, bound, body)

    def check(self, budget: Budget, *assumptions: z3.BoolRef, share: float = 0.6,
              hopeful: bool = False) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        """``(sat, model of outer)``, ``(unsat, None)`` or ``(unknown, None)``. The loop gets
        ``share`` of the time left; if it has not settled by then, restarts of the quantified
        query (``fallback`` with the universal) use the rest. ``hopeful`` when the proposals
        are likely solutions (near a known one): the complete body is then tried first, which
        settles a solution in one check, and the stronger ones only for a lemma."""
        loop = Budget(max(1, int(budget.left_ms() * share)))
        seen: set[tuple[int | bool, ...]] = set()
        while not loop.expired():
            result = check(self.outer, loop, *assumptions)
            if result == z3.unsat:
                return z3.unsat, None
            if result != z3.sat:
                break
            model = self.outer.model()
            key = tuple(value_of(model, v) for v in self.free)
            if key in seen:  # no progress (should not happen: each lemma excludes its point)
                break
            seen.add(key)
            fix = [fixing(v, x, self.literals, i)
                   for v, x, i in zip(self.free, key, self._free_ids, strict=True)]
            found = self._lemma(loop, fix, hopeful)
            if found is True:
                self.last_model, self.last_values = model, key
                return z3.sat, model
            if found is None:
                break
            assert_all(self.outer, [found])
        if budget.expired():
            return z3.unknown, None
        return check_restarts(list(self.fallback()), budget, *assumptions)

    def _lemma(self, budget: Budget, fix: Sequence[z3.BoolRef], hopeful: bool
               ) -> z3.BoolRef | bool | None:
        """A lemma that excludes the proposal ``fix`` and its region, True if the proposal has
        no choice (a solution), None if out of time."""
        bodies = self.bodies
        if hopeful and len(bodies) > 1:
            body, bound, inner = bodies[-1]
            found = check(inner, budget, *fix)
            if found != z3.sat:
                return True if found == z3.unsat else None
            complete = inner.model()
            for body_, bound_, inner_ in bodies[:-1]:
                if check(inner_, budget, *fix) == z3.sat:
                    return z3.Not(self._region(inner_.model(), bound_, body_))
            return z3.Not(self._region(complete, bound, body))
        for body, bound, inner in bodies:
            found = check(inner, budget, *fix)
            if found == z3.sat:
                return z3.Not(self._region(inner.model(), bound, body))
            if found != z3.unsat:
                return None
        return True


def box_points(parts: Sequence[z3.BoolRef], bound: Sequence[z3.ExprRef],
               limit: int = EXPAND_POINTS, timeout_ms: int = EXPAND_BOUND_MS,
               ) -> list[list[tuple[z3.ExprRef, z3.ExprRef]]] | None:
    """Every point of the box that ``parts`` confine ``bound`` to, whatever their free symbols
    (a Boolean is its two values, an integer its least to its greatest value), as
    substitutions; None when an integer is unbounded, a bound is not found in time, or the box
    holds more than ``limit`` points. Outside the box ``parts`` never hold, so a universal
    over ``bound`` of a formula that implies them is the conjunction over the box."""
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*parts)
    if solver.check() != z3.sat:
        return None

    def holds_with(*extra: z3.BoolRef) -> bool | None:
        found = solver.check(*extra)
        return None if found == z3.unknown else found == z3.sat

    ranges: list[list[z3.ExprRef]] = []
    size = 1
    for v in bound:
        if z3.is_bool(v):
            values: list[z3.ExprRef] = [z3.BoolVal(False), z3.BoolVal(True)]
        else:
            # within ±limit, or more points than the limit; then each end by bisection
            if holds_with(v > limit) is not False or holds_with(v < -limit) is not False:
                return None
            ends = []
            for lowest in (True, False):
                low, high = -limit - 1, limit  # the end lies in (low, high]
                while high - low > 1:
                    mid = (low + high) // 2
                    found = holds_with(v <= mid) if lowest else holds_with(v > mid)
                    if found is None:
                        return None
                    if found == lowest:
                        high = mid
                    else:
                        low = mid
                ends.append(high)
            values = [z3.IntVal(n) for n in range(ends[0], ends[1] + 1)]
        size *= len(values)
        if size > limit:
            return None
        ranges.append(values)
    points: list[list[tuple[z3.ExprRef, z3.ExprRef]]] = [[]]
    for v, values in zip(bound, ranges, strict=True):
        points = [[*point, (v, x)] for point in points for x in values]
    return points


class Expanded:
    """``∃ free, c: outer(free, c) ∧ ∀ c': ¬body(free, c')`` with the universal written out
    over the box of ``c'`` (:func:`box_points`): one quantifier-free check a call, with the
    interface of :class:`ExistsForall`."""

    def __init__(self, outer: z3.Solver, free: Sequence[z3.ExprRef]) -> None:
        self.outer = outer
        self.free = list(free)
        self.last_model: z3.ModelRef | None = None
        self.last_values: tuple[int | bool, ...] = ()

    def check(self, budget: Budget, *assumptions: z3.BoolRef, share: float = 0.6,
              hopeful: bool = False) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
        result = check(self.outer, budget, *assumptions)
        if result != z3.sat:
            return result, None
        model = self.outer.model()
        self.last_model = model
        self.last_values = tuple(value_of(model, v) for v in self.free)
        return z3.sat, model


Query = ExistsForall | Expanded
"""An exists-forall query, by refinement or written out."""


class Refinement:
    """The solvers of :class:`ExistsForall` queries that share a part of their outer formula
    and of each body (the rules, say): each query adds its own parts inside push/pop, so
    nothing of one query, its lemmas included, is left for the next. Where the rules confine
    the complete body's choices to a small box, a query writes the universal out instead
    (:class:`Expanded`)."""

    def __init__(self, outer: Sequence[z3.BoolRef],
                 bodies: Sequence[tuple[Sequence[z3.BoolRef], Sequence[z3.ExprRef]]]) -> None:
        self.outer = reusable_solver()
        self.outer.add(*outer)
        # (the conjunction of the parts, the choices bound, the solver holding the parts)
        self.bodies: list[tuple[z3.BoolRef, list[z3.ExprRef], z3.Solver]] = []
        large = False
        for parts, bound in bodies:
            inner = reusable_solver()
            inner.add(*parts)
            self.bodies.append((z3.And(*parts), list(bound), inner))
            large |= encoding_size(parts, CHEAP_SIZE) > CHEAP_SIZE
        self.cheap = CHEAP_LEMMAS if large else 0
        self.literals: dict[tuple[int, int | bool], z3.BoolRef] = {}  # shared by the queries
        self._kept: list[z3.ExprRef] = []
        # the complete body's shared part at each point of its box, when it has a small one
        self.points: list[tuple[tuple[Any, Any, int], z3.BoolRef]] | None = None
        if bodies:
            parts, bound = bodies[-1]
            points = box_points(parts, bound) if bound else None
            if points is not None:
                shared = self.bodies[-1][0]
                self.points = []
                for point in points:
                    at = z3.simplify(z3.substitute(shared, *point))
                    if not z3.is_false(at):
                        keys = (z3.Ast * len(point))(*[k.as_ast() for k, _ in point])
                        values = (z3.Ast * len(point))(*[v.as_ast() for _, v in point])
                        # the arrays hold the terms' ASTs: the terms are kept with them
                        self._kept.extend(term for pair in point for term in pair)
                        self.points.append(((keys, values, len(point)), at))

    @contextmanager
    def query(self, outer: Sequence[z3.BoolRef], free: Sequence[z3.ExprRef],
              bodies: Sequence[Sequence[z3.BoolRef]],
              fallback: Callable[[], Sequence[z3.BoolRef]]) -> Iterator[Query]:
        """The query with ``outer`` and each of ``bodies`` added to the shared parts (the
        bodies in the order given at construction)."""
        if self.points is not None:
            self.outer.push()
            try:
                assert_all(self.outer, outer)
                extra = z3.And(*bodies[-1])
                ref, solver, body = extra.ctx.ref(), self.outer.solver, extra.as_ast()
                pair = (z3.Ast * 2)()
                for (keys, values, size), at in self.points:
                    # Not(And(at, extra at the point)), through the C API: z3.substitute
                    # checks every pair of every call (the pairs are checked once), and the
                    # wrappers of And, Not and add cast and count references of every term.
                    # Each result is held by the one made from it (Z3 keeps the last result
                    # of a call alive until the next), the last by the solver.
                    pair[0] = at.as_ast()
                    pair[1] = z3.Z3_substitute(ref, body, size, keys, values)
                    z3.Z3_solver_assert(ref, solver, z3.Z3_mk_not(ref, z3.Z3_mk_and(ref, 2,
                                                                                  pair)))
                yield Expanded(self.outer, free)
            finally:
                self.outer.pop()
            return
        solvers = [self.outer, *(inner for _, _, inner in self.bodies)]
        for solver in solvers:
            solver.push()
        try:
            assert_all(self.outer, outer)
            full = []
            for (shared, bound, inner), extra in zip(self.bodies, bodies, strict=True):
                assert_all(inner, extra)
                full.append((conjunction([shared, *extra]), bound, inner))
            yield ExistsForall(self.outer, free, full, fallback, self.cheap, self.literals)
        finally:
            for solver in solvers:
                solver.pop()


def tracker(rule_id: str) -> z3.BoolRef:
    return z3.Bool(f"rule {rule_id}")


def tracked(solver: z3.Solver, rules: Mapping[str, z3.BoolRef]) -> dict[str, z3.BoolRef]:
    """Adds each rule to ``solver`` guarded by its tracker literal: the trackers, by rule id,
    to pass to :func:`minimal_core` (the rules hold only when their trackers are assumed)."""
    trackers = {rid: tracker(rid) for rid in rules}
    solver.add(*[z3.Implies(trackers[rid], formula) for rid, formula in rules.items()])
    solver.set("smt.core.minimize", True)
    return trackers


class Core(NamedTuple):
    """The answer of :func:`minimal_core`."""

    result: z3.CheckSatResult
    rules: list[str]
    """A minimal unsatisfiable set of rule ids (empty unless ``result`` is unsat)."""
    model: z3.ModelRef | None = None
    """After a satisfiable check, a model of all the rules."""
    minimal: bool = True
    """False when the time limit cut the minimisation short (``rules`` still unsatisfiable)."""


def minimal_core(solver: z3.Solver, trackers: Mapping[str, z3.BoolRef], budget: Budget
                 ) -> Core:
    """With the solver's own assertions fixed, a minimal set of rule ids whose formulas make it
    unsatisfiable: ``Core(unsat, ids)``; else ``Core(sat, [], model)`` or ``Core(unknown, [])``.

    The rules are those of :func:`tracked`, enabled by assuming their trackers. A query can have
    several minimal cores, and which one Z3's core lands on depends on the solver's history,
    so the one given is a property of the query alone: the first rule (in the rules' order)
    that is unsatisfiable on its own, else what is left after deletion from the last rule to
    the first (each rule dropped if the rules left without it are still unsatisfiable), which
    keeps the earlier rules. Z3's cores only save checks: in the deletion a rule outside the
    latest core is dropped without one, since the rules left still hold that core; a rule
    unsatisfiable alone is looked for only in the cores found while taking cores out until the
    rest is satisfiable, and not among the rules of a satisfiable deletion trial (a core of one
    rule needs no check); a set of rules within one found satisfiable is not checked (after a
    core of one rule and a satisfiable rest, the deletion needs no check at all).

    A check the solver gives up on (``unknown`` before the time limit: the older arithmetic
    solver of :class:`~referee.checker.clarify.TopicChecker` can) is taken again on a solver
    with Z3's default arithmetic and the same assertions.
    """

    # a core holds the very tracker terms assumed: they are recognised by their ids
    tracker_ids = {rid: t.get_id() for rid, t in trackers.items()}
    retry: list[z3.Solver] = []
    # sets of rules found satisfiable: fewer rules than one of them are satisfiable too, so
    # such a set is not checked again
    satisfiable: list[set[str]] = []

    def attempt(ids: Sequence[str]) -> tuple[z3.CheckSatResult, list[str]]:
        if satisfiable and any(s.issuperset(ids) for s in satisfiable):
            return z3.sat, []
        assumed = [trackers[rid] for rid in ids]
        used = solver
        result = check(used, budget, *assumed)
        if result == z3.unknown and not budget.expired():
            if not retry:
                retry.append(default_arithmetic(solver))
            used = retry[0]
            result = check(used, budget, *assumed)
        core: list[str] = []
        if result == z3.unsat:
            in_core = unsat_core_ids(used)
            core = [rid for rid in ids if tracker_ids[rid] in in_core]
        elif result == z3.sat:
            satisfiable.append(set(ids))
            if used is not solver:
                model.append(used.model())
        return result, core

    model: list[z3.ModelRef] = []
    kept = list(trackers)
    result, core = attempt(kept)
    if result == z3.sat:
        return Core(result, [], model[0] if model else solver.model())
    if result != z3.unsat:
        return Core(result, [])
    if not core:
        return Core(z3.unsat, [])  # the topic's definitions alone
    # a rule unsatisfiable alone lies in a core of the rules left once the cores found so far
    # are taken out: the candidates are those cores' rules, until the rest is satisfiable
    candidates: set[str] = set()
    alone: set[str] = set()  # those of cores of one rule
    found = core
    while found:
        candidates.update(found)
        alone.update(found if len(found) == 1 else ())
        result, found = attempt([r for r in kept if r not in candidates])
        if result == z3.unknown:
            return Core(z3.unsat, core, minimal=False)
    # deletion from the last rule to the first; a satisfiable trial shows none of its rules is
    # unsatisfiable alone
    cleared: set[str] = set()
    latest = set(core)  # an unsatisfiable core within kept
    for rid in reversed(list(trackers)):
        if rid not in latest:
            kept.remove(rid)
            continue
        trial = [r for r in kept if r != rid]
        result, smaller = attempt(trial)
        if result == z3.unsat:
            kept, latest = trial, set(smaller)
        elif result == z3.sat:
            cleared.update(trial)
        else:
            return Core(z3.unsat, [r for r in kept if r in latest], minimal=False)
    for rid in trackers:
        if rid not in candidates or rid in cleared:
            continue
        if rid in alone:
            return Core(z3.unsat, [rid])
        result, _ = attempt([rid])
        if result == z3.unsat:
            return Core(z3.unsat, [rid])
        if result == z3.unknown:
            return Core(z3.unsat, kept, minimal=False)
    return Core(z3.unsat, kept)


def default_arithmetic(solver: z3.Solver) -> z3.Solver:
    """A new solver with ``solver``'s assertions (of every open scope) and Z3's default
    arithmetic solver."""
    fresh = reusable_solver()
    fresh.set("smt.core.minimize", True)
    fresh.add(*solver.assertions())
    return fresh


def encoding_size(formulas: Iterable[z3.ExprRef], limit: int) -> int:
    """The number of distinct terms in ``formulas``, counted no further than just past
    ``limit``: a guard to refuse an encoding too large to solve in its time limit."""
    seen: set[int] = set()
    stack = list(formulas)
    while stack and len(seen) <= limit:
        expr = stack.pop()
        key = expr.get_id()
        if key in seen:
            continue
        seen.add(key)
        stack.extend(expr.children())
    return len(seen)
