"""Rule coverage of a corpus: which rule ids its logs exercise (checked and passed, or broken)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from referee.games import get_game
from referee.replays.format_rules import FORMAT_RULES
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES
from referee.replays.validator import RuleTally, validate_file


@dataclass
class GameCoverage:
    game: str
    rules: list[str]
    passed: dict[str, int]
    broken: dict[str, int]

    @property
    def exercised(self) -> list[str]:
        return [r for r in self.rules if r in self.passed or r in self.broken]

    @property
    def untouched(self) -> list[str]:
        return [r for r in self.rules if r not in self.passed and r not in self.broken]

    @property
    def percent(self) -> float:
        return 100.0 * len(self.exercised) / len(self.rules) if self.rules else 100.0

    def to_json(self) -> dict[str, object]:
        return {"game": self.game, "rules": len(self.rules), "exercised": len(self.exercised),
                "percent": round(self.percent, 2), "untouched": self.untouched,
                "passed": {r: self.passed[r] for r in self.rules if r in self.passed},
                "broken": {r: self.broken[r] for r in self.rules if r in self.broken}}


def measure(logs: Iterable[Path], max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
            required: Iterable[str] = ()) -> tuple[list[GameCoverage], int]:
    """Coverage per game met in the corpus (a log naming it is enough: a game whose every log
    is refused has its row, at 0%) and per ``required`` game, plus the log format's own rules;
    and the file count."""
    tally = RuleTally()
    files = 0
    seen = set(required)
    for path in logs:
        report = validate_file(path, max_line_bytes, coverage=tally)
        if report.game:
            seen.add(report.game)
        files += 1
    games = sorted(seen | {g for g in (*tally.passes, *tally.breaks) if g and g != "format"})
    result = []
    for name in games:
        rules = get_game(name).rules.ids()
        result.append(GameCoverage(name, rules, tally.passes.get(name, {}),
                                   tally.breaks.get(name, {})))
    result.append(GameCoverage("format", FORMAT_RULES.ids(), tally.passes.get("format", {}),
                               tally.breaks.get("format", {})))
    return result, files
