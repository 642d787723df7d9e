"""Rules and refusals: the rule catalogue of a game and the Violation every refusal carries."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

ERROR_KINDS = ("syntax", "schema", "order", "illegal", "chance", "checkpoint", "score")


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its id, a short text, and where it comes from (a rulebook section, or the
    project's decision with its reason)."""

    id: str
    text: str
    section: str


class RuleCatalogue:
    """The rules of one game, by id, in the order the rulebook gives them.

    ``score_rule`` and ``winner_rule`` name the rules a wrong ``final`` claim breaks (a claimed
    score, the claimed winners); the validator cites them instead of a rule of the log format.
    """

    def __init__(self, game: str, rules: Iterable[Rule], *, score_rule: str | None = None,
                 winner_rule: str | None = None) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"rule id {rule.id} defined twice in the {game} catalogue")
            self._rules[rule.id] = rule
        for role, rule_id in (("score_rule", score_rule), ("winner_rule", winner_rule)):
            if rule_id is not None and rule_id not in self._rules:
                raise ValueError(f"{role} {rule_id} is not a rule of the {game} catalogue")
        self.score_rule = score_rule
        self.winner_rule = winner_rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)


@dataclass(frozen=True, slots=True)
class Violation:
    """One refusal: its error kind (see ERROR_KINDS), the rule broken, who broke it, and why."""

    kind: str
    rule: str | None
    message: str
    player: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ERROR_KINDS:
            raise ValueError(f"unknown violation kind {self.kind!r}")


class RuleViolation(Exception):
    """Raised where returning a Violation is awkward (constructors, data loading, ``step``)."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation


def refuse(kind: str, rule: str | None, message: str, player: str | None = None) -> RuleViolation:
    return RuleViolation(Violation(kind, rule, message, player))
