"""A topic: one decision of a game encoded in Z3.

A topic declares its symbols, split into the *situation* (the state when the rule applies) and the
*choices* (what the players do and the values that follow), and its rules. Each rule is a Z3
formula over the symbols under a rule identifier of the game's catalogue; several formulas may
share one identifier. Formulas filed under ``None`` are definitions (bookkeeping of internal
symbols) rather than rules: they are always asserted and never appear in an explanation.

Integer symbols are non-negative unless declared with ``nonneg=False``; that bound is part of the
domain, not a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import z3

from referee.checker.expr import Sort
from referee.checker.solving import value_of

Role = Literal["situation", "choice"]
RuleFormulas = Iterable[tuple[str | None, z3.BoolRef]]


@dataclass(frozen=True, slots=True)
class Symbol:
    name: str
    sort: Sort
    role: Role
    doc: str
    nonneg: bool = True


def int_symbol(name: str, role: Role, doc: str, nonneg: bool = True) -> Symbol:
    return Symbol(name, "int", role, doc, nonneg)


def bool_symbol(name: str, role: Role, doc: str) -> Symbol:
    return Symbol(name, "bool", role, doc)


def rule_texts(rules: Iterable[Any]) -> dict[str, str]:
    """Rule id -> text, from a game's catalogue (the texts reports quote)."""
    return {rule.id: rule.text for rule in rules}


@dataclass(frozen=True)
class Topic:
    """``build`` receives every symbol (and each name of ``internal``, an integer helper that
    expressions cannot mention) as Z3 terms and yields ``(rule_id, formula)`` pairs.

    ``idle`` names integer choices that a legal choice can usually leave at 0 (the market
    actions of a payment, say). It is a search hint, never a rule: when the checker looks for
    a legal choice in a situation it tries those at 0 first, which gives it far more general
    lemmas, and falls back to the unrestricted choices."""

    game: str
    name: str
    summary: str
    symbols: tuple[Symbol, ...]
    build: Callable[[Mapping[str, z3.ExprRef]], RuleFormulas]
    internal: tuple[str, ...] = ()
    rule_text: Mapping[str, str] = field(default_factory=dict)
    idle: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names = [s.name for s in self.symbols] + list(self.internal)
        if len(set(names)) != len(names):
            raise ValueError(f"topic {self.game}/{self.name} declares a symbol twice")
        choices = {s.name for s in self.symbols if s.role == "choice" and s.sort == "int"}
        for name in self.idle:
            if name not in choices:
                raise ValueError(f"topic {self.game}/{self.name}: idle {name!r} is not an "
                                 "integer choice")

    @property
    def situation(self) -> tuple[Symbol, ...]:
        return tuple(s for s in self.symbols if s.role == "situation")

    @property
    def choices(self) -> tuple[Symbol, ...]:
        return tuple(s for s in self.symbols if s.role == "choice")

    def sorts(self) -> dict[str, str]:
        """``name -> "int" | "bool"`` for :func:`referee.checker.expr.parse_expression`."""
        return {s.name: s.sort for s in self.symbols}

    def symbol(self, name: str) -> Symbol:
        for s in self.symbols:
            if s.name == name:
                return s
        raise KeyError(name)

    def instantiate(self, suffix: str = "", shared: Mapping[str, z3.ExprRef] | None = None
                    ) -> Instance:
        """Fresh Z3 constants for every symbol (named ``name + suffix``); names in ``shared``
        reuse the given terms instead, which is how several copies of the choices are made over
        one situation."""
        shared = shared or {}
        terms: dict[str, z3.ExprRef] = {}
        domain: list[z3.BoolRef] = []
        for s in self.symbols:
            if s.name in shared:
                terms[s.name] = shared[s.name]
                continue
            if s.sort == "bool":
                terms[s.name] = z3.Bool(s.name + suffix)
            else:
                term = z3.Int(s.name + suffix)
                terms[s.name] = term
                if s.nonneg:
                    domain.append(term >= 0)
        for name in self.internal:
            terms[name] = shared[name] if name in shared else z3.Int(f"{name}{suffix}")
        rules: list[tuple[str, z3.BoolRef]] = []
        for rule_id, formula in self.build(terms):
            if rule_id is None:
                domain.append(formula)
            else:
                rules.append((rule_id, formula))
        return Instance(self, terms, domain, _group(rules))


def _group(rules: Sequence[tuple[str, z3.BoolRef]]) -> dict[str, z3.BoolRef]:
    grouped: dict[str, list[z3.BoolRef]] = {}
    for rule_id, formula in rules:
        grouped.setdefault(rule_id, []).append(formula)
    return {rid: (fs[0] if len(fs) == 1 else z3.And(*fs)) for rid, fs in grouped.items()}


@dataclass(frozen=True)
class Instance:
    """One copy of a topic's symbols with its domain constraints and rules (by rule id, in the
    order the topic gives them)."""

    topic: Topic
    terms: Mapping[str, z3.ExprRef]
    domain: Sequence[z3.BoolRef]
    rules: Mapping[str, z3.BoolRef]

    def situation_terms(self) -> dict[str, z3.ExprRef]:
        return {s.name: self.terms[s.name] for s in self.topic.situation}


def model_values(model: z3.ModelRef, terms: Mapping[str, z3.ExprRef],
                 names: Iterable[str]) -> dict[str, int | bool]:
    """Concrete values of the named terms in ``model`` (unconstrained ones as 0 / False)."""
    return {name: value_of(model, terms[name]) for name in names}
