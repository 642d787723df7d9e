"""Z3 plumbing shared by the clarification verdicts: time-limited checks, restarts for
quantified queries, elimination of defined variables, and minimal unsat cores over rule ids."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence

import z3

# A restart schedule for quantified queries: model-based quantifier instantiation is very
# sensitive to the random seed, so several short runs with different seeds beat one long run.
_FIRST_SLICE_MS = 120
_GROWTH = 1.6


class Budget:
    """A time budget in milliseconds shared by the calls of one verdict."""

    def __init__(self, timeout_ms: int) -> None:
        self.timeout_ms = max(1, int(timeout_ms))
        self._end = time.monotonic() + self.timeout_ms / 1000

    def left_ms(self) -> int:
        return max(0, int((self._end - time.monotonic()) * 1000))

    def expired(self) -> bool:
        return self.left_ms() <= 0


def check(solver: z3.Solver, budget: Budget, *assumptions: z3.BoolRef) -> z3.CheckSatResult:
    """``solver.check`` limited to what is left of ``budget`` (unknown once it is spent)."""
    left = budget.left_ms()
    if left <= 0:
        return z3.unknown
    solver.set("timeout", left)
    return solver.check(*assumptions)


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


def flatten(formulas: Iterable[z3.BoolRef]) -> list[z3.BoolRef]:
    out: list[z3.BoolRef] = []
    for f in formulas:
        if z3.is_and(f):
            out.extend(flatten(f.children()))
        elif not z3.is_true(f):
            out.append(f)
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


def eliminate(formulas: Iterable[z3.BoolRef], bound: Sequence[z3.ExprRef]
              ) -> tuple[list[z3.BoolRef], list[z3.ExprRef]]:
    """Substitute away every bound variable defined by a top-level equation ``v == e``.

    Fewer bound variables make universally quantified queries much easier for Z3.
    """
    remaining = list(bound)
    fs = flatten(formulas)
    i = 0
    while i < len(fs):
        f = fs[i]
        replaced = False
        if z3.is_eq(f) and not z3.is_bool(f.arg(0)):
            for var, expr in ((f.arg(0), f.arg(1)), (f.arg(1), f.arg(0))):
                if (any(var.eq(b) for b in remaining)
                        and not any(var.eq(c) for c in _constants(expr))):
                    fs = flatten(z3.substitute(g, (var, expr)) for j, g in enumerate(fs)
                                 if j != i)
                    remaining = [b for b in remaining if not b.eq(var)]
                    replaced = True
                    break
        i = 0 if replaced else i + 1
    return [z3.simplify(f) for f in fs], remaining


def tracker(rule_id: str) -> z3.BoolRef:
    return z3.Bool(f"rule {rule_id}")


def minimal_core(solver: z3.Solver, rules: Mapping[str, z3.BoolRef], budget: Budget
                 ) -> tuple[z3.CheckSatResult, list[str]]:
    """With the solver's own assertions fixed, a minimal set of rule ids whose formulas make it
    unsatisfiable: ``(unsat, ids)``; or ``(sat|unknown, [])``.

    Each rule is added with ``assert_and_track`` under its id inside push/pop; Z3's core
    (with ``smt.core.minimize``) is then shrunk by deletion until no rule can be dropped.
    """
    solver.set("smt.core.minimize", True)

    def attempt(ids: Sequence[str]) -> tuple[z3.CheckSatResult, list[str]]:
        solver.push()
        try:
            for rid in ids:
                solver.assert_and_track(rules[rid], tracker(rid))
            result = check(solver, budget)
            core: list[str] = []
            if result == z3.unsat:
                names = {str(t) for t in solver.unsat_core()}
                core = [rid for rid in ids if str(tracker(rid)) in names]
            return result, core
        finally:
            solver.pop()

    result, core = attempt(list(rules))
    if result != z3.unsat:
        return result, []
    for rid in list(core):
        if rid not in core:
            continue
        trial = [r for r in core if r != rid]
        result, smaller = attempt(trial)
        if result == z3.unsat:
            core = smaller
        elif result == z3.unknown:
            break
    return z3.unsat, core
