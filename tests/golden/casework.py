"""What the golden-corpus generators (``make_homesteaders.py``, ``make_pionjar.py``) share: cases
whose ``check`` and ``final`` lines are filled in from the computed state, writing each case with
the ``expect`` header of its intended verdict and confirming that verdict, and the helpers that
write and stamp the bundled examples.

Game-agnostic: a :class:`Casework` takes the game model, the game's name in the log header and
how to read a claimed quantity from a state of that game. Not a script; the generators import it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import Any

from referee.model.core import Action, Chance, Game, GameEvent, Phase
from referee.replays.records import Event
from referee.replays.validator import validate_file
from referee.replays.writer import dumps, header

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "replays" / "examples"

Obj = dict[str, Any]
Intended = Sequence[tuple[int, str, str]]  # (line, kind, rule) of each error


@dataclass(frozen=True)
class Claim:
    """A ``check`` line filled in from the computed state: ``player``'s ``quantity`` plus
    ``delta`` (a global quantity when ``player`` is None); ``value`` replaces it outright."""

    player: str | None
    quantity: str
    delta: int = 0
    value: Any = None


@dataclass(frozen=True)
class FinalLine:
    """The ``final`` line from the computed result, with ``deltas`` added to the scores and
    ``winners`` replacing the computed winners when given."""

    deltas: Mapping[str, int] = field(default_factory=dict)
    winners: Sequence[str] | None = None


@dataclass
class Case:
    name: str
    events: list[Any]  # log lines, Claim and FinalLine entries
    want: tuple[str, str] | None = None  # (kind, rule) of the one error, on the last line
    _: KW_ONLY
    players: Sequence[str]
    position: Obj | None = None
    options: Obj | None = None
    line: int | None = None  # the error's line when it is not the last one
    note: str | None = None


def event(obj: Obj) -> GameEvent:
    if "action" in obj:
        return Action.from_json(obj)
    return Chance.from_json(obj) if "chance" in obj else Phase.from_json(obj)


def add_delta(quantity: str, actual: Any, delta: int) -> Any:
    return actual + delta


@dataclass(frozen=True)
class Casework:
    """Writes the golden cases of one game. ``actual(state, claim)`` is the computed value of the
    quantity ``claim`` names; ``shift(quantity, actual, delta)`` is the value a nonzero
    ``Claim.delta`` makes of it (for quantities that are not plain numbers)."""

    game: Game
    name: str
    actual: Callable[[Any, Claim], Any]
    shift: Callable[[str, Any, int], Any] = add_delta

    @property
    def golden(self) -> Path:
        return ROOT / "tests" / "golden" / self.name

    def claimed(self, state: Any, claim: Claim) -> Any:
        if claim.value is not None:
            return claim.value
        actual = self.actual(state, claim)
        return self.shift(claim.quantity, actual, claim.delta) if claim.delta else actual

    def final(self, state: Any, deltas: Mapping[str, int] | None = None,
              winners: Sequence[str] | None = None) -> Obj:
        """The ``final`` line of ``state``, changed by ``deltas`` and ``winners`` when given."""
        deltas = deltas or {}
        scores = {p: s.total + deltas.get(p, 0) for p, s in self.game.score(state).items()}
        if winners is None:
            winners = self.game.winners(state)
        return {"final": {"scores": scores, "winners": list(winners)}}

    def play(self, players: Sequence[str], events: Iterable[Obj],
             position: Obj | None = None) -> Any:
        """The state after ``events`` (check and final lines leave it unchanged)."""
        state = self.game.new_state(list(players), None, position)
        for ev in events:
            if "check" not in ev and "final" not in ev:
                self.game.apply(state, event(ev))
        return state

    def resolve(self, case: Case) -> list[Obj]:
        """Fill in Claim and FinalLine entries from the state the events before them reach."""
        state = self.game.new_state(list(case.players), case.options, case.position)
        out: list[Obj] = []
        for ev in case.events:
            if isinstance(ev, Claim):
                value = self.claimed(state, ev)
                out.append({"check": {ev.quantity: value} if ev.player is None
                            else {ev.player: {ev.quantity: value}}})
                continue
            if isinstance(ev, FinalLine):
                out.append(self.final(state, ev.deltas, ev.winners))
                continue
            out.append(ev)
            if "check" in ev or "final" in ev:
                continue
            parsed = event(ev)
            if self.game.check(state, parsed) is None:
                self.game.apply(state, parsed)
            else:
                break
        return out

    def write_case(self, folder: Path, case: Case) -> Path:
        header_error = case.want is not None and case.line == 1
        events = list(case.events) if header_error else self.resolve(case)
        head = header(self.name, case.players, case.options, case.position)
        if case.want is None:
            expect: Obj = {"valid": True}
        else:
            line = case.line if case.line is not None else len(events) + 1
            expect = {"valid": False,
                      "errors": [{"line": line, "kind": case.want[0], "rule": case.want[1]}]}
        head["expect"] = expect
        if case.note:
            head["meta"] = {"note": case.note}
        path = folder / f"{case.name}.jsonl"
        write_log(path, head, events)
        report = validate_file(path)
        got = [(e.line, e.kind, e.rule) for e in report.errors]
        wanted = [] if case.want is None else [(expect["errors"][0]["line"], *case.want)]
        if got != wanted:
            detail = "; ".join(f"line {e.line} {e.kind} {e.rule}: {e.message}"
                               for e in report.errors)
            raise SystemExit(f"{path.name}: intended {wanted}, found {got} ({detail})")
        return path

    def write_golden(self, cases: Iterable[Case]) -> list[Path]:
        """Replace the game's golden corpus by ``cases``."""
        folder = self.golden
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.jsonl"):
            old.unlink()
        return [self.write_case(folder, case) for case in cases]

    def simulated(self, players: Sequence[str], seed: int,
                  simulate: Callable[[Sequence[str], random.Random], Sequence[Event]],
                  ) -> tuple[Obj, list[Obj]]:
        """The header and lines of the game ``simulate`` plays from ``seed``."""
        events = log_lines(simulate(players, random.Random(seed)))
        head = header(self.name, players, meta={"event": "simulated game", "seed": seed})
        return head, events

    def main(self, argv: Sequence[str], cases: Callable[[], list[Case]],
             write_examples: Callable[[], Mapping[str, Obj]]) -> None:
        what = argv[0] if argv else "all"
        if what in ("all", "golden"):
            print(f"{len(self.write_golden(cases()))} golden logs in {self.golden}")
        if what in ("all", "examples"):
            for name, found in write_examples().items():
                print(name, json.dumps(found))


# --------------------------------------------------------------------------- examples


def log_lines(events: Iterable[Any]) -> list[Obj]:
    return [ev if isinstance(ev, dict) else ev.to_json() for ev in events]


def write_log(path: Path, head: Obj, events: Sequence[Obj], raw: Mapping[int, str] | None = None,
          ) -> None:
    """Write a log; ``raw`` replaces event lines (1-based file line numbers) by literal text."""
    text = [dumps(head), *(dumps(ev) for ev in events)]
    for number, literal in (raw or {}).items():
        text[number - 1] = literal
    path.write_text("".join(line + "\n" for line in text), encoding="utf-8")


def verdict(path: Path) -> Obj:
    report = validate_file(path)
    if report.valid:
        out: Obj = {"valid": True, "complete": report.complete}
        if report.scores is not None:
            out["scores"] = report.scores
            out["winners"] = sorted(report.winners or [])
        return out
    return {"valid": False, "errors": [{"line": e.line, "kind": e.kind, "rule": e.rule}
                                       for e in report.errors]}


def stamp(path: Path, expect: Obj) -> None:
    """Put ``expect`` into the header (line 1) of a written log."""
    text = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(text[0])
    head["expect"] = expect
    text[0] = dumps(head)
    path.write_text("".join(line + "\n" for line in text), encoding="utf-8")


def confirm(path: Path, intended: Intended, complete: bool = False) -> Obj:
    """Validate a written example, stop unless it has exactly the ``intended`` errors (and, with
    ``complete``, is a finished game), and stamp the verdict into its header."""
    found = verdict(path)
    got = [(e["line"], e["kind"], e["rule"]) for e in found.get("errors", [])]
    if got != list(intended):
        raise SystemExit(f"{path.name}: intended {list(intended)}, found {got}")
    if complete and not found.get("complete", True):
        raise SystemExit(f"{path.name}: the game is not complete")
    stamp(path, found)
    return found
