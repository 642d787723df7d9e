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
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import z3

from referee.checker.expr import Expr, symbols_of, to_text, to_z3
from referee.checker.solving import (
    Budget,
    Ordered,
    Query,
    Refinement,
    apply,
    assert_all,
    at_most,
    check,
    definitions,
    eliminate,
    equal_to,
    fixing,
    least_model,
    minimal_core,
    next_probe,
    order_key,
    order_of,
    own_context,
    pinned,
    reusable_solver,
    tracked,
    value_of,
)
from referee.checker.topics import Instance, Topic, model_values

LIMITED_NOTE = "the time limit cut the search for the least witness short"
DEFAULT_TIMEOUT_MS = 5000
ARITH_SOLVER = 2  # of the solvers of the quantifier-free checks (see TopicChecker)


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
    """``witness`` is a situation that shows the verdict; ``choices`` (consistent and redundant
    verdicts) the choices there that the rules allow and that satisfy ``when`` and ``then``:
    the lexicographically least such situation and choice, so the same file always gives the
    same witness. In JSON the choices are part of the witness object (their names tell them
    from the situation's)."""

    id: str
    verdict: str
    rules: list[str]
    witness: dict[str, int | bool] | None
    message: str
    choices: dict[str, int | bool] | None = None

    def to_json(self) -> dict[str, Any]:
        witness = self.witness
        if witness is not None and self.choices:
            witness = {**witness, **self.choices}
        return {"id": self.id, "verdict": self.verdict, "rules": self.rules,
                "witness": witness, "message": self.message}


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
    limited: bool = False
    """The time limit cut the search for some conflict's least witness short."""


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
        # the checker's terms and solvers live in a Z3 context of their own, so that its
        # verdicts and their time do not depend on what the process solved before
        self.ctx = z3.Context()
        with own_context(self.ctx):
            self._build(topic, timeout_ms)

    def _build(self, topic: Topic, timeout_ms: int) -> None:
        self.topic = topic
        self.timeout_ms = timeout_ms
        self.limited = False  # the time limit cut a witness search short (per verdict)
        self.answered = 0  # verdicts given by these solvers
        self._terms: dict[tuple[int, int], z3.BoolRef] = {}
        self._literals: dict[tuple[int, int | bool], z3.BoolRef] = {}  # see fixing()
        self.a = topic.instantiate("")
        self.sit = self.a.situation_terms()
        self.b = topic.instantiate("'", shared=self.sit)
        self.bound = [self.b.terms[s.name] for s in topic.choices] + [
            self.b.terms[n] for n in topic.internal]
        # R over (s, c), each rule under its tracker literal (for minimal cores); the callers
        # add their formulas inside push/pop.
        self.plain = reusable_solver()
        self.plain.add(*self.a.domain)
        self.trackers = tracked(self.plain, self.a.rules)
        # R itself, for the least models (their assertions inside push/pop)
        self.ruled = reusable_solver()
        self.ruled.add(*self.a.domain, *self.a.rules.values())
        for solver in (self.plain, self.ruled):
            # many short checks without quantifiers: the older arithmetic solver is faster at
            # those (it is not used for the exists-forall queries, some of which it makes slow)
            solver.set("smt.arith.solver", ARITH_SOLVER)
        # R for the bounds of the choices at a witness (objectives inside push/pop; each
        # objective on its own, "box"): optima do not depend on what was solved before
        self.optimize = z3.Optimize()
        self.optimize.set(priority="box")
        self.optimize.add(*self.a.domain, *self.a.rules.values())
        # the order of least witnesses: the situation's symbols, then the choices
        self.order = [Ordered.of(self.a.terms[s.name], s.nonneg)
                      for s in (*topic.situation, *topic.choices)]
        self._order_names = [s.name for s in (*topic.situation, *topic.choices)]
        self._nonneg = {s.name: s.nonneg for s in topic.symbols}
        # the exists part of exists-forall queries: R(s, c) holds
        self.exists = [*self.a.domain, *self.a.rules.values()]
        self.rule_order = list(self.a.rules)
        # R on the second copy of the choices (with the topic's idle choices held at 0 first),
        # its definitions solved once: (substitution, R without them, choices left)
        inner = [*self.b.domain, *self.b.rules.values()]
        idle = [self.b.terms[n] == 0 for n in topic.idle]
        self.inner = [definitions(inner + extra, self.bound)
                      for extra in ([idle] if idle else []) + [[]]]
        # the outer formula of exists-forall queries has the choices defined by equations
        # substituted away too (they are existential there, and only the situation is read)
        self.defined, undefined, _ = definitions(self.exists, [
            self.a.terms[s.name] for s in topic.choices] + [
            self.a.terms[n] for n in topic.internal])
        # what each defined choice is in the outer formula's terms (to read it from a model)
        self._definition = {v.get_id(): e for v, e in self.defined}
        self._at_witness: z3.ModelRef | None = None  # see _least_witness
        # the solvers of exists-forall queries, R and its substituted copies asserted once
        self.refinement = Refinement(apply(self.defined, undefined),
                                     [(apply(subst, rest), bound)
                                      for subst, rest, bound in self.inner])

    # ------------------------------------------------------------------ helpers

    def _w(self, c: Clarification, inst: Instance | None = None) -> z3.BoolRef:
        return self._translated(c.when, inst or self.a)

    def _t(self, c: Clarification, inst: Instance | None = None) -> z3.BoolRef:
        return self._translated(c.then, inst or self.a)

    def _translated(self, expr: Expr, inst: Instance) -> z3.BoolRef:
        # translated once per verdict (or conflict search): the cache is emptied before each
        key = (id(expr), id(inst))
        found = self._terms.get(key)
        if found is None:
            found = self._terms[key] = to_z3(expr, inst.terms)
        return found

    def _fix(self, witness: Mapping[str, int | bool]) -> list[z3.BoolRef]:
        return [fixing(self.sit[name], v, self._literals) for name, v in witness.items()]

    def _ordered(self, ids: Sequence[str]) -> list[str]:
        return [r for r in self.rule_order if r in ids]

    def _situation_of(self, model: z3.ModelRef, query: Query | None = None
                      ) -> dict[str, int | bool]:
        if query is not None and query.last_model is model:
            # the query read the situation's values (its first free symbols) already
            return dict(zip(self.sit, query.last_values, strict=False))
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
                       free: Sequence[z3.ExprRef] = ()) -> AbstractContextManager[Query]:
        """``∃ s, c: R(s, c) ∧ outer ∧ ∀ c': ¬(R(s, c') ∧ body)``, solved by refinement; the
        free symbols are the situation and ``free``. With idle choices, the inner search first
        tries them at 0 (a stronger body, so its lemmas are still implied by the universal).
        The query lives inside the ``with`` block."""
        return self.refinement.query(
            apply(self.defined, outer), [*self.sit.values(), *free],
            [apply(subst, body) for subst, _, _ in self.inner],
            lambda: [*self.exists, *outer, self._forall_none(body)])

    def _unknown(self, c: Clarification, budget: Budget, what: str) -> Verdict:
        return Verdict(c.id, "unknown", [], None,
                       f"unknown: the solver reached the time limit of {budget.timeout_ms} ms "
                       f"while {what}")

    # ------------------------------------------------------------------ one clarification

    def verdict(self, c: Clarification) -> Verdict:
        """The verdict on ``c``; if the time limit cut a witness's search short (the witness
        is then not the least, and may differ from run to run), the message says so."""
        self.limited = False
        self._terms.clear()
        with own_context(self.ctx):
            verdict = self._verdict(c)
        if (self.limited or verdict.verdict == "unknown") and self.answered:
            # the solvers' history (what they learnt from earlier queries) changes how long a
            # search takes: a verdict the time limit touched is taken again on fresh solvers,
            # so that it never depends on what this checker was asked before
            return TopicChecker(self.topic, self.timeout_ms).verdict(c)
        self.answered += 1
        if self.limited and verdict.verdict != "unknown":
            verdict.message += f" ({LIMITED_NOTE})"
        return verdict

    def _verdict(self, c: Clarification) -> Verdict:
        budget = Budget(self.timeout_ms)
        w, t = self._w(c), self._t(c)
        when_text = c.when_text or to_text(c.when)
        then_text = c.then_text or to_text(c.then)

        self.plain.push()
        try:
            assert_all(self.plain, [w])
            result, core, applies, minimal = minimal_core(self.plain, self.trackers, budget)
            # applies: a model of R and W, where the least witnesses may start
        finally:
            self.plain.pop()
        self.limited |= not minimal
        if result == z3.unknown:
            return self._unknown(c, budget, "testing whether it can apply")
        if result == z3.unsat:
            cited = self._ordered(core)
            by = f" under {', '.join(cited)}" if cited else ""
            return Verdict(c.id, "vacuous", cited, None,
                           f"never applies: no situation and choice{by} satisfy "
                           f"'{when_text}'")

        # forbidden: a model of R, W and not T, a choice the rules allow and T forbids; the
        # model of R and W is one if it does not satisfy T
        truth = applies.eval(t, model_completion=True) if applies is not None else None
        holds = truth is not None and z3.is_true(truth)
        if truth is not None and z3.is_false(truth):
            result, core, forbidden, minimal = z3.sat, [], applies, True
        else:
            self.plain.push()
            try:
                assert_all(self.plain, [w, z3.Not(t)])
                result, core, forbidden, minimal = minimal_core(self.plain, self.trackers,
                                                                budget)
            finally:
                self.plain.pop()
        self.limited |= not minimal
        if result == z3.unknown:
            return self._unknown(c, budget, "testing whether the rules imply it")
        if result == z3.unsat:
            cited = self._ordered(core)
            by = ", ".join(cited) if cited else "the topic's definitions"
            message = (f"already implied by {by}: whenever '{when_text}', the rules give "
                       f"'{then_text}'")
            found = self._least(c, self._w(c), budget=budget, start=applies)
            if found is None:
                return Verdict(c.id, "redundant", cited, None, message)
            situation, choices = found
            mention = symbols_of(c.when) | symbols_of(c.then)
            forced = self._requirement(c, situation, budget, names=self._mentioned_choices(c),
                                       known=choices)
            shown = ""
            if forced.startswith("the rules require "):
                shown = " the rules force " + forced[len("the rules require "):]
            elif choices:
                shown = " the rules allow " + ", ".join(_describe_value(k, v)
                                                        for k, v in choices.items())
            message += f"; for example with {describe_situation(situation, mention)}{shown}"
            return Verdict(c.id, "redundant", cited, situation, message, choices)

        witness, status = self._contradiction_witness(c, budget)
        if status == z3.unknown:
            return self._unknown(c, budget, "searching for a situation it leaves without a "
                                 "legal choice")
        if witness is not None:
            return self._contradiction(c, witness, budget)
        message = "consistent: narrows what the rules allow"
        mention = symbols_of(c.when) | symbols_of(c.then)
        held = self._least(c, self._w(c), self._t(c), budget=budget,
                           start=applies if holds else None)
        if held is not None:
            allowed = ", ".join(_describe_value(k, v) for k, v in held[1].items())
            message += (f"; it holds for example with {describe_situation(held[0], mention)}"
                        f" where the rules allow {allowed or 'the choice'}")
        # its situation is often the one of the example that holds
        ruled_out = self._least(c, self._w(c), z3.Not(self._t(c)), budget=budget,
                                start=forbidden, guess=held[0] if held else None)
        if ruled_out is not None:
            where, allowed_out = ruled_out
            choice = ", ".join(_describe_value(k, v) for k, v in allowed_out.items())
            message += (f"; with {describe_situation(where, mention)} the rules also allow "
                        f"{choice or 'a choice'}, which it rules out")
        elif forbidden is not None:
            message += "; it rules out some choices the rules allow"
        return Verdict(c.id, "consistent", [], held and held[0], message, held and held[1])

    # ------------------------------------------------------------------ witnesses

    def _mentioned_choices(self, c: Clarification) -> list[str]:
        names = symbols_of(c.when) | symbols_of(c.then)
        return [s.name for s in self.topic.choices if s.name in names]

    def _least(self, c: Clarification, *formulas: z3.BoolRef, budget: Budget,
               start: z3.ModelRef | None = None,
               guess: Mapping[str, int | bool] | None = None
               ) -> tuple[dict[str, int | bool], dict[str, int | bool]] | None:
        """The lexicographically least model of the rules and ``formulas``: the situation's
        symbols, then the choices, each in the topic's order, made as small as they can be
        (the least absolute value, a non-negative one before its negative, False before
        True). Being the least, it does not depend on the solver's history, so a report is the
        same run alone or after other files. Returns (situation, choices), the choices being
        those the clarification mentions and those not at 0 or False; None if out of time.
        ``start`` is a model of the rules and ``formulas`` to start from, if one is known;
        ``guess`` a situation likely to be the least (see ``least_model``)."""
        self.ruled.push()
        found: list[int | bool] = []
        try:
            result, model = least_model(
                self.ruled, formulas, self.order, budget, settle=len(self.topic.situation),
                start=start, values=found,
                guess=None if guess is None else [guess[s.name] for s in self.topic.situation])
        finally:
            self.ruled.pop()
        if model is None:
            self.limited |= result == z3.unknown
            return None
        read = dict(zip(self._order_names, found, strict=True))
        situation = {s.name: read[s.name] for s in self.topic.situation}
        values = {s.name: read[s.name] for s in self.topic.choices}
        mentioned = set(self._mentioned_choices(c))
        choices = {k: v for k, v in values.items() if k in mentioned or v not in (0, False)}
        return situation, choices

    def _contradiction_witness(self, c: Clarification, budget: Budget
                               ) -> tuple[dict[str, int | bool] | None, z3.CheckSatResult]:
        w = self._w(c)
        with self._exists_forall([w], [self._w(c, self.b), self._t(c, self.b)]) as query:
            result, model = query.check(budget)
            if result != z3.sat or model is None:
                return None, result
            return (self._least_witness(query, [], self._situation_of(model, query), budget,
                                        model, pinned([w])), z3.sat)

    def _least_witness(self, query: Query, assumptions: Sequence[z3.BoolRef],
                       witness: dict[str, int | bool], budget: Budget,
                       model: z3.ModelRef | None = None, pinned: set[int] | None = None
                       ) -> dict[str, int | bool]:
        """The lexicographically least solution of ``query`` (situation symbols in the topic's
        order; the least absolute value, non-negative first; False before True), found symbol
        by symbol by bisection from ``witness``, a solution. Each step's minimum is a property
        of the query alone, so the witness does not depend on the solver's history (run alone
        or after other files). If time runs out, the solution reached so far is returned.
        ``model``, if given, is the model of the query that ``witness`` was read from; the one
        of the solution returned is left in ``_at_witness`` (or None). The terms whose ids are
        in ``pinned`` have one value in every solution (the query's formulas fix them,
        :func:`~referee.checker.solving.pinned`): they keep it without a check."""
        self._at_witness = model
        current = dict(witness)
        fixed: list[z3.BoolRef] = []
        situation = self.topic.situation
        for symbol, entry in zip(situation, self.order[:len(situation)], strict=True):
            name, term = symbol.name, entry.term
            if pinned and term.get_id() in pinned:
                continue
            value = current[name]
            if isinstance(value, bool):
                if value:
                    result, model = query.check(budget, *assumptions, *fixed, entry.least,
                                                hopeful=True)
                    if result == z3.unknown:
                        self.limited = True
                        return current
                    if result == z3.sat and model is not None:
                        current = self._situation_of(model, query)
                        self._at_witness = model
                fixed.append(term if current[name] else entry.least)
                continue
            # bisection on the order key (on the value when it cannot be negative)
            order = (lambda n: n) if entry.nonneg else order_of
            key = term if entry.nonneg else order_key(term)
            low, high = -1, order(int(value))  # low fails, high works
            first = True
            while high - low > 1:
                mid = next_probe(low, high, first)
                first = False
                result, model = query.check(budget, *assumptions, *fixed,
                                            entry.least if mid == 0 else at_most(key, mid),
                                            hopeful=True)
                if result == z3.unknown or (result == z3.sat and model is None):
                    self.limited = True
                    return current
                if result == z3.sat:
                    current = self._situation_of(model, query)
                    self._at_witness = model
                    high = order(int(current[name]))
                else:
                    low = mid
            number = int(current[name])
            fixed.append(entry.least if number == 0 else equal_to(term, number))
        return current

    def _contradiction(self, c: Clarification, witness: dict[str, int | bool],
                       budget: Budget) -> Verdict:
        self.plain.push()
        try:
            assert_all(self.plain, [*self._fix(witness), self._w(c), self._t(c)])
            found = minimal_core(self.plain, self.trackers, budget)
        finally:
            self.plain.pop()
        if found.result != z3.unsat:
            # a contradiction is never reported without the rules it contradicts
            return self._unknown(c, budget, "finding the rules it contradicts")
        self.limited |= not found.minimal
        cited = self._ordered(found.rules)
        mention = symbols_of(c.when) | symbols_of(c.then)
        # the model the witness was read from has a choice the rules allow there with W
        requirement = self._requirement(c, witness, budget, model=self._at_witness)
        # no rule at all: the domain of the topic's symbols alone excludes ``then`` there
        head = (f"contradicts {', '.join(cited)}" if cited
                else "contradicts the topic's definitions")
        return Verdict(c.id, "contradiction", cited, witness,
                       f"{head}: with {describe_situation(witness, mention)} {requirement}")

    def _requirement(self, c: Clarification, witness: Mapping[str, int | bool],
                     budget: Budget, names: Sequence[str] | None = None,
                     known: Mapping[str, int | bool] | None = None,
                     model: z3.ModelRef | None = None) -> str:
        """What the rules force on the choices that T mentions (or ``names``), in that
        situation; ``known``, if given, holds values of those choices that the rules allow
        there with W, else ``model``, if given, is a model of the outer formula of the
        exists-forall queries (R and W with the defined choices substituted away) in that
        situation."""
        if names is None:
            names = sorted(n for n in symbols_of(c.then) if n not in self.sit)
        if known is None and model is not None:
            known = {name: value_of(model, self._definition.get(
                self.a.terms[name].get_id(), self.a.terms[name])) for name in names}
        nothing = f"no choice the rules allow makes '{to_text(c.then)}' true"
        left = budget.left_ms()
        if names and left <= 0:
            self.limited = True
            return nothing
        given = [*self._fix(witness), self._w(c)]
        flags = {name for name in names if z3.is_bool(self.a.terms[name])}
        seen: dict[str, list[int | bool]] = {}
        bounds = self._determined(given, names, known, budget, seen) if names else None
        if bounds is None:
            bounds = self._bounds(given, names, flags, budget, seen)
        parts = [_range_text(name, bounds[name], name in flags) for name in names]
        parts = [p for p in parts if p]
        if not parts:
            return nothing
        return "the rules require " + " and ".join(parts)

    def _determined(self, given: Sequence[z3.BoolRef], names: Sequence[str],
                    known: Mapping[str, int | bool] | None, budget: Budget,
                    seen: dict[str, list[int | bool]] | None = None
                    ) -> dict[str, list[int | bool | None]] | None:
        """The bounds of the named choices when the rules and ``given`` leave each of them
        one value (as they usually do): a model's values, and one check that no model differs
        from them; None otherwise (or if out of time), and then ``seen``, if given, receives
        the values of each choice in the two models."""
        self.ruled.push()
        try:
            assert_all(self.ruled, given)
            if known is None or any(name not in known for name in names):
                if check(self.ruled, budget) != z3.sat:
                    return None
                model = self.ruled.model()
                known = {name: value_of(model, self.a.terms[name]) for name in names}
            differs = z3.Or(*[z3.Not(fixing(self.a.terms[name], known[name], self._literals))
                              for name in names])
            result = check(self.ruled, budget, differs)
            if result != z3.unsat:
                if result == z3.sat and seen is not None:
                    other = self.ruled.model()
                    for name in names:
                        seen[name] = [known[name], value_of(other, self.a.terms[name])]
                return None
        finally:
            self.ruled.pop()
        # a Boolean's bounds say whether False and whether True are possible
        return {name: ([known[name], known[name]] if not isinstance(known[name], bool)
                       else [False, None] if not known[name] else [None, True])
                for name in names}

    def _bounds(self, given: Sequence[z3.BoolRef], names: Sequence[str], flags: set[str],
                budget: Budget, seen: Mapping[str, Sequence[int | bool]] | None = None
                ) -> dict[str, list[int | bool | None]]:
        """Each named choice's least and greatest values under the rules and ``given`` (a
        Boolean's: whether False and whether True are possible). ``seen`` holds values of the
        integer choices that models have: if no model lies below the least of them (none can
        below 0 where the domain says so) nor above the greatest, those are the bounds, and
        the ``Optimize`` is not needed."""
        bounds: dict[str, list[int | bool | None]] = {name: [None, None] for name in names}
        numbers = [name for name in names if name not in flags]
        if numbers and seen and all(name in seen for name in numbers):
            found = self._seen_bounds(given, numbers, seen, budget)
            if found is not None:
                bounds.update(found)
                names = [name for name in names if name in flags]
        if flags:
            self.ruled.push()
            try:
                assert_all(self.ruled, given)
                for name in names:
                    if name not in flags:
                        continue
                    term = self.a.terms[name]
                    for at, value in enumerate((False, True)):
                        result = check(self.ruled, budget, term == value)
                        self.limited |= result == z3.unknown
                        bounds[name][at] = value if result == z3.sat else None
            finally:
                self.ruled.pop()
        # an integer's least and greatest values, each objective on its own ("box")
        numbers = [name for name in names if name not in flags]
        if not numbers:
            return bounds
        left = budget.left_ms()
        if numbers and left <= 0:
            self.limited = True
        elif numbers:
            opt = self.optimize
            opt.set("timeout", left)
            opt.push()
            try:
                opt.add(*given)
                handles = {name: (opt.minimize(self.a.terms[name]),
                                  opt.maximize(self.a.terms[name])) for name in numbers}
                result = opt.check()
                self.limited |= result == z3.unknown
                if result == z3.sat:
                    for name, (low, high) in handles.items():
                        values = (opt.lower(low), opt.upper(high))
                        bounds[name] = [v.as_long() if z3.is_int_value(v) else None
                                        for v in values]
            finally:
                opt.pop()
        return bounds

    def _seen_bounds(self, given: Sequence[z3.BoolRef], numbers: Sequence[str],
                     seen: Mapping[str, Sequence[int | bool]], budget: Budget
                     ) -> dict[str, list[int | bool | None]] | None:
        """The bounds of the integer choices ``numbers`` if they are the least and greatest of
        the values ``seen`` (a check for each end that no model lies beyond it); None when one
        does (or out of time)."""
        out: dict[str, list[int | bool | None]] = {}
        self.ruled.push()
        try:
            assert_all(self.ruled, given)
            for name in numbers:
                term = self.a.terms[name]
                low, high = min(int(v) for v in seen[name]), max(int(v) for v in seen[name])
                if not (low == 0 and self._nonneg[name]) and check(
                        self.ruled, budget, at_most(term, low - 1)) != z3.unsat:
                    return None
                if check(self.ruled, budget, z3.Not(at_most(term, high))) != z3.unsat:
                    return None
                out[name] = [low, high]
        finally:
            self.ruled.pop()
        return out

    # ------------------------------------------------------------------ a whole file

    def conflicts(self, clarifications: Sequence[Clarification]) -> ConflictSearch:
        """Every minimal set of the given clarifications that together leave some situation
        with no legal choice (MARCO: a map solver over selector literals proposes maximal
        unexplored seeds; conflicting seeds are shrunk to minimal ones and blocked upwards,
        the others are grown and blocked downwards)."""
        with own_context(self.ctx):
            return self._conflicts(clarifications)

    def _conflicts(self, clarifications: Sequence[Clarification]) -> ConflictSearch:
        search = ConflictSearch()
        self.limited = False
        self._terms.clear()
        n = len(clarifications)
        if n == 0:
            return search
        budget = Budget(self.timeout_ms * max(1, n))
        selectors = [z3.Bool(f"clarification {i}") for i in range(n)]
        # one refinement loop for every subset: its lemmas keep the selectors free
        with self._exists_forall([], [
                z3.Implies(selectors[i], z3.Implies(self._w(c, self.b), self._t(c, self.b)))
                for i, c in enumerate(clarifications)], selectors) as query:
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
                    return result, self._situation_of(model, query)
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
                witness = self._least_witness(query, assumptions(mus), witness, budget)
                search.conflicts.append(self._conflict(clarifications, mus, witness, budget))
        # in the order of the file, whatever order the search found them in
        order = {c.id: i for i, c in enumerate(clarifications)}
        search.conflicts.sort(key=lambda k: [order[i] for i in k.clarifications])
        search.limited = self.limited
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
        self.plain.push()
        try:
            self.plain.add(*self._fix(witness),
                           *[z3.Implies(self._w(c), self._t(c)) for c in members])
            found = minimal_core(self.plain, self.trackers, budget)
        finally:
            self.plain.pop()
        self.limited |= found.result != z3.unsat or not found.minimal
        rules = self._ordered(found.rules)
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
