"""Verdicts on rule clarifications (``when W then T``) against a topic's rules R.

- ``vacuous``: R ∧ W is unsatisfiable.
- ``redundant``: R ∧ W ∧ ¬T is unsatisfiable.
- ``contradiction``: some situation s lets R ∧ W hold, yet R ∧ W ∧ T has no choice at s (an
  exists-forall query); reported with s and a minimal unsat core of rule ids at s.
- ``consistent``: none of these.
- ``unknown``: the time limit ran out first.

For a file, every minimal set of (consistent) clarifications that together leave some situation
with no legal choice is enumerated MARCO-style over selector literals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from referee.checker.expr import Expr, symbols_of, to_text, to_z3
from referee.checker.solving import (
    Budget,
    ExistsForall,
    apply,
    check,
    definitions,
    eliminate,
    minimal_core_assuming,
    tracker,
)
from referee.checker.topics import Instance, Topic, model_values

VERDICTS = ("vacuous", "redundant", "contradiction", "consistent", "unknown")
DEFAULT_TIMEOUT_MS = 5000
_CACHE_LIMIT = 4096  # terms kept per checker before its caches start again


@dataclass(frozen=True)
class Clarification:
    id: str
    text: str
    when: Expr
    then: Expr
    when_text: str = ""
    then_text: str = ""


@dataclass
class Verdict:
    id: str
    verdict: str
    rules: list[str]
    witness: dict[str, int | bool] | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "verdict": self.verdict, "rules": self.rules,
                "witness": self.witness, "message": self.message}


@dataclass
class Conflict:
    clarifications: list[str]
    rules: list[str]
    witness: dict[str, int | bool]

    def to_json(self) -> dict[str, Any]:
        return {"clarifications": self.clarifications, "rules": self.rules,
                "witness": self.witness}


@dataclass
class ConflictSearch:
    conflicts: list[Conflict] = field(default_factory=list)
    complete: bool = True


def describe_situation(witness: Mapping[str, int | bool], mention: set[str] | None = None
                       ) -> str:
    """'silver 0, gold 0 and cost 3' — the mentioned symbols and every non-zero one."""
    mention = mention or set()
    parts = []
    for name, value in witness.items():
        if name in mention or value not in (0, False):
            parts.append(_describe_value(name, value))
    if not parts:
        return "everything at 0" if witness else "any situation"
    rest = len(parts) < len(witness)
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text + (" (everything else 0)" if rest and len(parts) > 0 else "")


def _describe_value(name: str, value: int | bool) -> str:
    if isinstance(value, bool):
        return name if value else f"not {name}"
    return f"{name} {value}"


class TopicChecker:
    """Reusable solvers for one topic; checks clarifications one by one and as a file."""

    def __init__(self, topic: Topic, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> None:
        self.topic = topic
        self.timeout_ms = timeout_ms
        self.a = topic.instantiate("")
        self.sit = self.a.situation_terms()
        self.b = topic.instantiate("'", shared=self.sit)
        self.bound = [self.b.terms[s.name] for s in topic.choices] + [
            self.b.terms[n] for n in topic.internal]
        # R over (s, c): rules added inside push/pop by the callers (tracked when a core is
        # wanted); the domain stays.
        self.plain = z3.Solver()
        self.plain.add(*self.a.domain)
        # R(s, c) asserted once, for the checks that only ask sat or unsat at a fixed situation
        self.ruled = z3.Solver()
        self.ruled.add(*self.a.domain, *self.a.rules.values())
        # each rule behind its tracker, for minimal cores switched by assumptions
        self.tracked = z3.Solver()
        self.tracked.add(*self.a.domain, *[z3.Implies(tracker(rid), f)
                                           for rid, f in self.a.rules.items()])
        # the exists part of exists-forall queries: R(s, c) holds
        self.exists = [*self.a.domain, *self.a.rules.values()]
        self.rule_order = list(self.a.rules)
        # R on the second copy of the choices (with the topic's idle choices held at 0 first),
        # its definitions solved once: (substitution, R without them, choices left)
        inner = [*self.b.domain, *self.b.rules.values()]
        idle = [self.b.terms[n] == 0 for n in topic.idle]
        self.inner = [definitions(inner + extra, self.bound)
                      for extra in ([idle] if idle else []) + [[]]]
        # and R's part of each inner body, substituted once for every query
        self.inner_rules = [apply(subst, rest) for subst, rest, _ in self.inner]
        # Z3 terms already built: clarifications' conditions, situation values
        self._terms: dict[tuple[Expr, int], z3.BoolRef] = {}
        self._equalities: dict[tuple[str, type, int | bool], z3.BoolRef] = {}

    # ------------------------------------------------------------------ helpers

    def _w(self, c: Clarification, inst: Instance | None = None) -> z3.BoolRef:
        return self._term(c.when, inst or self.a)

    def _t(self, c: Clarification, inst: Instance | None = None) -> z3.BoolRef:
        return self._term(c.then, inst or self.a)

    def _term(self, expr: Expr, inst: Instance) -> z3.BoolRef:
        """``expr`` over ``inst``'s terms, translated once (building Z3 terms is slow)."""
        key = (expr, id(inst))
        found = self._terms.get(key)
        if found is None:
            if len(self._terms) > _CACHE_LIMIT:
                self._terms.clear()
            found = self._terms[key] = to_z3(expr, inst.terms)
        return found

    def _fix(self, witness: Mapping[str, int | bool]) -> list[z3.BoolRef]:
        out = []
        for name, v in witness.items():
            key = (name, type(v), v)
            eq = self._equalities.get(key)
            if eq is None:
                if len(self._equalities) > _CACHE_LIMIT:
                    self._equalities.clear()
                eq = self._equalities[key] = self.sit[name] == (
                    z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v))
            out.append(eq)
        return out

    def _ordered(self, ids: Sequence[str]) -> list[str]:
        return [r for r in self.rule_order if r in ids]

    def _situation_of(self, model: z3.ModelRef) -> dict[str, int | bool]:
        return model_values(model, self.sit, [s.name for s in self.topic.situation])

    def _forall_none(self, body: Sequence[z3.BoolRef]) -> z3.BoolRef:
        """∀ choices: ¬(R ∧ body) on the second copy of the choices."""
        formulas, bound = eliminate([*self.b.domain, *self.b.rules.values(), *body],
                                    self.bound)
        conj = z3.And(*formulas) if formulas else z3.BoolVal(True)
        if not bound:
            return z3.Not(conj)
        return z3.ForAll(bound, z3.Not(conj))

    def _exists_forall(self, outer: Sequence[z3.BoolRef], body: Sequence[z3.BoolRef],
                       free: Sequence[z3.ExprRef] = ()) -> ExistsForall:
        """``∃ s, c: outer ∧ ∀ c': ¬(R(s, c') ∧ body)``, solved by refinement; the free symbols
        are the situation and ``free``. With idle choices, the inner search first tries them at
        0 (a stronger body, so its lemmas are still implied by the universal)."""
        bodies = [(z3.And(*rules, *apply(subst, body)), bound)
                  for (subst, _, bound), rules in zip(self.inner, self.inner_rules, strict=True)]
        return ExistsForall(outer, [*self.sit.values(), *free], bodies,
                            lambda: [*outer, self._forall_none(body)])

    def _unknown(self, c: Clarification, budget: Budget, what: str) -> Verdict:
        return Verdict(c.id, "unknown", [], None,
                       f"unknown: the solver reached the time limit of {budget.timeout_ms} ms "
                       f"while {what}")

    # ------------------------------------------------------------------ one clarification

    def verdict(self, c: Clarification) -> Verdict:
        budget = Budget(self.timeout_ms)
        w, t = self._w(c), self._t(c)
        rules = self.a.rules
        when_text = c.when_text or to_text(c.when)
        then_text = c.then_text or to_text(c.then)

        self.tracked.push()
        try:
            self.tracked.add(w)
            result, core = minimal_core_assuming(self.tracked, list(rules), budget)
        finally:
            self.tracked.pop()
        if result == z3.unknown:
            return self._unknown(c, budget, "testing whether it can apply")
        if result == z3.unsat:
            cited = self._ordered(core)
            by = f" under {', '.join(cited)}" if cited else ""
            return Verdict(c.id, "vacuous", cited, None,
                           f"never applies: no situation and choice{by} satisfy "
                           f"'{when_text}'")

        self.tracked.push()
        try:
            self.tracked.add(w, z3.Not(t))
            result, core = minimal_core_assuming(self.tracked, list(rules), budget)
            example: dict[str, int | bool] | None = None
            if result == z3.sat:
                # the model of that check, every rule on: a choice the rules allow and T
                # forbids
                example = self._example(self.tracked.model(), c)
        finally:
            self.tracked.pop()
        if result == z3.unknown:
            return self._unknown(c, budget, "testing whether the rules imply it")
        if result == z3.unsat:
            cited = self._ordered(core)
            by = ", ".join(cited) if cited else "the topic's definitions"
            return Verdict(c.id, "redundant", cited, None,
                           f"already implied by {by}: whenever '{when_text}', the rules give "
                           f"'{then_text}'")

        witness, status = self._contradiction_witness(c, budget)
        if status == z3.unknown:
            return self._unknown(c, budget, "searching for a situation it leaves without a "
                                 "legal choice")
        if witness is not None:
            return self._contradiction(c, witness, budget)
        message = "consistent: narrows what the rules allow"
        situation = None
        if example is not None:
            situation = {k: v for k, v in example.items() if k in self.sit}
            allowed = {k: v for k, v in example.items() if k not in self.sit}
            mention = symbols_of(c.when) | symbols_of(c.then)
            choice = ", ".join(_describe_value(k, v) for k, v in allowed.items())
            message += (f"; for example with {describe_situation(situation, mention)} the rules "
                        f"allow {choice or 'a choice'}, which it rules out")
        return Verdict(c.id, "consistent", [], situation, message)

    def _example(self, model: z3.ModelRef, c: Clarification) -> dict[str, int | bool]:
        situation = self._situation_of(model)
        choices = [n for n in symbols_of(c.when) | symbols_of(c.then) if n not in self.sit]
        values = model_values(model, self.a.terms, sorted(choices))
        return {**situation, **values}

    def _contradiction_witness(self, c: Clarification, budget: Budget
                               ) -> tuple[dict[str, int | bool] | None, z3.CheckSatResult]:
        query = self._exists_forall([*self.exists, self._w(c)],
                                    [self._w(c, self.b), self._t(c, self.b)])
        result, model = query.check(budget)
        if result != z3.sat or model is None:
            return None, result
        witness = self._situation_of(model)
        return self._simplify_witness(witness, lambda s: self._is_contradiction_at(c, s, budget),
                                      symbols_of(c.when) | symbols_of(c.then)), z3.sat

    def _is_contradiction_at(self, c: Clarification, s: Mapping[str, int | bool],
                             budget: Budget) -> bool:
        self.ruled.push()
        try:
            self.ruled.add(*self._fix(s), self._w(c))
            if check(self.ruled, budget) != z3.sat:
                return False
            self.ruled.add(self._t(c))
            return check(self.ruled, budget) == z3.unsat
        finally:
            self.ruled.pop()

    def _simplify_witness(self, witness: dict[str, int | bool], valid: Any,
                          mentioned: set[str] | frozenset[str] = frozenset()
                          ) -> dict[str, int | bool]:
        """Lower each value of a witness (to False, 0, or as low as it stays a witness). The
        symbols the clarifications do not mention are first tried at 0 all at once: usually
        none of them matters, and one check then spares one for each."""
        current = dict(witness)
        floor = {name: (False if isinstance(value, bool) else 0)
                 if name not in mentioned else value for name, value in witness.items()}
        if floor != current and valid(floor):
            current = floor
        for name in witness:
            value = current[name]
            if value in (0, False):
                continue
            trial = {**current, name: False if isinstance(value, bool) else 0}
            if valid(trial):
                current = trial
                continue
            if isinstance(value, bool):
                continue
            small = next((v for v in range(1, min(int(value), 10))
                          if valid({**current, name: v})), None)
            if small is not None:
                current = {**current, name: small}
                continue
            low, high = 0, int(value)  # invariant: low fails, high works
            steps = 0
            while high - low > 1 and steps < 12:
                mid = (low + high) // 2
                if valid({**current, name: mid}):
                    high = mid
                else:
                    low = mid
                steps += 1
            current = {**current, name: high}
        return current

    def _contradiction(self, c: Clarification, witness: dict[str, int | bool],
                       budget: Budget) -> Verdict:
        self.tracked.push()
        try:
            self.tracked.add(*self._fix(witness), self._w(c), self._t(c))
            result, core = minimal_core_assuming(self.tracked, list(self.a.rules), budget)
        finally:
            self.tracked.pop()
        cited = self._ordered(core) if result == z3.unsat else []
        mention = symbols_of(c.when) | symbols_of(c.then)
        requirement = self._requirement(c, witness, budget)
        head = f"contradicts {', '.join(cited)}" if cited else "contradicts the rules"
        return Verdict(c.id, "contradiction", cited, witness,
                       f"{head}: with {describe_situation(witness, mention)} {requirement}")

    def _requirement(self, c: Clarification, witness: Mapping[str, int | bool],
                     budget: Budget) -> str:
        """What the rules force on the choices that T mentions, in that situation."""
        names = sorted(n for n in symbols_of(c.then) if n not in self.sit)
        parts: list[str] = []
        for name in names:
            term = self.a.terms[name]
            bounds: list[int | bool | None] = []
            for goal in ("min", "max"):
                opt = z3.Optimize()
                left = budget.left_ms()
                if left <= 0:
                    return f"no choice the rules allow makes '{to_text(c.then)}' true"
                opt.set("timeout", left)
                opt.add(*self.a.domain, *self.a.rules.values(), *self._fix(witness),
                        self._w(c))
                if z3.is_bool(term):
                    if opt.check(term == (goal == "max")) == z3.sat:
                        bounds.append(goal == "max")
                    else:
                        bounds.append(None)
                    continue
                handle = opt.minimize(term) if goal == "min" else opt.maximize(term)
                if opt.check() != z3.sat:
                    bounds.append(None)
                    continue
                value = opt.lower(handle) if goal == "min" else opt.upper(handle)
                bounds.append(value.as_long() if z3.is_int_value(value) else None)
            parts.append(_range_text(name, bounds, z3.is_bool(term)))
        parts = [p for p in parts if p]
        if not parts:
            return f"no choice the rules allow makes '{to_text(c.then)}' true"
        return "the rules require " + " and ".join(parts)

    # ------------------------------------------------------------------ a whole file

    def conflicts(self, clarifications: Sequence[Clarification]) -> ConflictSearch:
        """Every minimal set of the given clarifications that together leave some situation
        with no legal choice (MARCO: a map solver over selector literals proposes maximal
        unexplored seeds; conflicting seeds are shrunk to minimal ones and blocked upwards,
        the others are grown and blocked downwards)."""
        search = ConflictSearch()
        n = len(clarifications)
        if n == 0:
            return search
        budget = Budget(self.timeout_ms * max(1, n))
        selectors = [z3.Bool(f"clarification {i}") for i in range(n)]
        # one refinement loop for every subset: its lemmas keep the selectors free
        query = self._exists_forall(self.exists, [
            z3.Implies(selectors[i], z3.Implies(self._w(c, self.b), self._t(c, self.b)))
            for i, c in enumerate(clarifications)], selectors)
        if True:
            mapping = z3.Solver()

            def assumptions(subset: set[int]) -> list[z3.BoolRef]:
                return [selectors[i] if i in subset else z3.Not(selectors[i])
                        for i in range(n)]

            def conflicting(subset: set[int]) -> tuple[z3.CheckSatResult, dict | None]:
                if len(subset) <= 1:
                    # one consistent clarification never leaves a situation without a choice
                    return z3.unsat, None
                result, model = query.check(budget, *assumptions(subset))
                if result == z3.sat and model is not None:
                    return result, self._situation_of(model)
                return result, None

            while True:
                if check(mapping, budget) != z3.sat:
                    break
                model = mapping.model()
                seed = {i for i in range(n)
                        if not z3.is_false(model.eval(selectors[i], model_completion=False))}
                result, witness = conflicting(seed)
                if result == z3.unknown:
                    search.complete = False
                    break
                if result == z3.unsat:
                    grown = set(seed)
                    for i in range(n):
                        if i in grown:
                            continue
                        r, _ = conflicting(grown | {i})
                        if r == z3.unsat:
                            grown.add(i)
                        elif r == z3.unknown:
                            search.complete = False
                    mapping.add(z3.Or(*[selectors[i] for i in range(n) if i not in grown]))
                    continue
                assert witness is not None
                mus, witness = self._shrink(clarifications, seed, witness, conflicting,
                                            budget)
                if mus is None:
                    search.complete = False
                    break
                mapping.add(z3.Or(*[z3.Not(selectors[i]) for i in mus]))
                search.conflicts.append(self._conflict(clarifications, mus, witness, budget))
        return search

    def _shrink(self, clarifications: Sequence[Clarification], seed: set[int],
                witness: dict[str, int | bool], conflicting: Any, budget: Budget
                ) -> tuple[set[int] | None, dict[str, int | bool]]:
        # first the clarifications of an unsat core at the witness, then deletion
        current = self._core_at(clarifications, seed, witness, budget) or set(seed)
        for i in sorted(current):
            trial = current - {i}
            if not trial:
                continue
            result, w = conflicting(trial)
            if result == z3.sat:
                current, witness = trial, w
            elif result == z3.unknown:
                return None, witness
        return current, witness

    def _core_at(self, clarifications: Sequence[Clarification], subset: set[int],
                 witness: Mapping[str, int | bool], budget: Budget) -> set[int] | None:
        s = z3.Solver()
        s.add(*self.a.domain, *self.a.rules.values(), *self._fix(witness))
        trackers = {}
        for i in subset:
            c = clarifications[i]
            p = z3.Bool(f"clarification {i}")
            trackers[str(p)] = i
            s.assert_and_track(z3.Implies(self._w(c), self._t(c)), p)
        if check(s, budget) != z3.unsat:
            return None
        return {trackers[str(p)] for p in s.unsat_core()}

    def _conflict(self, clarifications: Sequence[Clarification], mus: set[int],
                  witness: dict[str, int | bool], budget: Budget) -> Conflict:
        members = [clarifications[i] for i in sorted(mus)]

        def valid(s: Mapping[str, int | bool]) -> bool:
            self.ruled.push()
            try:
                self.ruled.add(*self._fix(s))
                if check(self.ruled, budget) != z3.sat:
                    return False
                self.ruled.add(*[z3.Implies(self._w(c), self._t(c)) for c in members])
                return check(self.ruled, budget) == z3.unsat
            finally:
                self.ruled.pop()

        witness = self._simplify_witness(witness, valid, set().union(
            *[symbols_of(c.when) | symbols_of(c.then) for c in members]))
        self.tracked.push()
        try:
            self.tracked.add(*self._fix(witness),
                             *[z3.Implies(self._w(c), self._t(c)) for c in members])
            result, core = minimal_core_assuming(self.tracked, list(self.a.rules), budget)
        finally:
            self.tracked.pop()
        rules = self._ordered(core) if result == z3.unsat else []
        return Conflict([c.id for c in members], rules, witness)


def _range_text(name: str, bounds: Sequence[int | bool | None], is_bool: bool) -> str:
    low, high = bounds
    if is_bool:
        if low is not None and high is None:
            return f"{name} to be False"
        if high is not None and low is None:
            return f"{name} to be True"
        return ""
    if low is None and high is None:
        return ""
    if low is not None and high is not None and low == high:
        return f"{name} = {low}"
    if high is None:
        return f"{name} >= {low}"
    if low is None:
        return f"{name} <= {high}"
    return f"{low} <= {name} <= {high}"


def check_clarifications(topic: Topic, clarifications: Sequence[Clarification],
                         timeout_ms: int = DEFAULT_TIMEOUT_MS
                         ) -> tuple[list[Verdict], ConflictSearch]:
    """Verdicts for each clarification, then the minimal conflicting sets among those found
    consistent (a contradicting, vacuous or redundant one cannot be part of a new conflict)."""
    checker = TopicChecker(topic, timeout_ms)
    verdicts = [checker.verdict(c) for c in clarifications]
    candidates = [c for c, v in zip(clarifications, verdicts, strict=True)
                  if v.verdict == "consistent"]
    search = checker.conflicts(candidates) if len(candidates) > 1 else ConflictSearch()
    return verdicts, search
