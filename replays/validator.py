"""The game-agnostic validator: drives a game model through a log and reports every error.

Validation of a file stops at its first ``syntax``, ``schema``, ``order``, ``illegal`` or
``chance`` error; ``checkpoint`` errors are reported and the computed state goes on; ``final``
claims are compared with the computed scores and winners. With ``keep_going`` (an extension of
the format) a refused event is skipped instead and validation goes on; the errors that follow are
marked ``after_error``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from referee.errors import RefereeError
from referee.files import open_regular
from referee.games import Registration
from referee.model.core import (
    GAME_EVENTS,
    Game,
    GameEvent,
    Note,
    Phase,
    RuleViolation,
    TableGame,
    Violation,
    ignore,
)
from referee.replays.claims import compare_claims
from referee.replays.envelope import (
    Header,
    parse_event,
    parse_header,
    plain_check,
    plain_event,
)
from referee.replays.known import LINE_BYTES, PER_LOG, Known, KnownLines
from referee.replays.reader import (
    DEFAULT_MAX_LINE_BYTES,
    RawLine,
    decode_line,
    iter_lines,
    limit,
    plain_object,
    read_line,
)
from referee.replays.records import STOPPING_KINDS, Check, Event, Final, Undo

if TYPE_CHECKING:
    from referee.replays.graph import ReplayGraph

SNAPSHOT_EVERY = 8
"""After a log's first undo, the state is kept every this many events of the branch, so an undo
replays at most that many events from the nearest copy instead of the whole branch."""
MAX_SNAPSHOTS = 64
"""Past this many kept states, every other one is dropped and the spacing doubles."""


@dataclass(slots=True)
class ErrorRecord:
    line: int
    seq: int | None
    kind: str
    rule: str | None
    player: str | None
    message: str
    text: str = ""
    after_error: bool = False

    def to_json(self) -> dict[str, Any]:
        out = {"line": self.line, "seq": self.seq, "kind": self.kind, "rule": self.rule,
               "player": self.player, "message": self.message}
        if self.after_error:  # only with keep_going: the format's report is unchanged otherwise
            out["after_error"] = True
        return out


@dataclass(slots=True)
class Step:
    line: int
    event: str


@dataclass
class FileReport:
    path: str
    game: str | None = None
    valid: bool = True
    complete: bool = False
    events: int = 0
    errors: list[ErrorRecord] = field(default_factory=list)
    scores: dict[str, int] | None = None
    winners: list[str] | None = None
    trail: list[Step] = field(default_factory=list)
    undos: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "game": self.game, "valid": self.valid,
                "complete": self.complete, "events": self.events,
                "errors": [e.to_json() for e in self.errors],
                "scores": self.scores, "winners": self.winners}


@dataclass
class ReplayPosition:
    """The state a log reaches (after a given line, or at its end)."""

    game: Game[Any]
    header: Header
    state: Any
    events: list[GameEvent]
    line: int


def _label(event: Event) -> str:
    if isinstance(event, GAME_EVENTS):
        return str(event)
    if isinstance(event, Check):
        return "check"
    if isinstance(event, Undo):
        return f"undo {event.count}"
    return "final"


def _text(number: int, raw: RawLine | bytes) -> str:
    """The text of a line for its error record."""
    return raw.text if isinstance(raw, RawLine) else decode_line(number, raw).text


def _no_game(state: Any, event: GameEvent, note: Note) -> Violation | None:
    raise AssertionError("no event is played before the header")


def _explained(record: Registration, game: Game[Any], state: Any, event: GameEvent,
               violation: Violation) -> Violation:
    """Add the game's explanation (the cheapest legal way) to a refusal, where it has one."""
    hooks = record.validator_hooks()
    extra = hooks.explain(game, state, event, violation) if hooks is not None else None
    if not extra:
        return violation
    return Violation(violation.kind, violation.rule, f"{violation.message}; {extra}",
                     violation.player)


def _checked_apply(game: Game[Any]) -> Callable[[Any, GameEvent, Note], Violation | None]:
    """A game's ``check``, then its ``apply`` when the event passes: what a table game's
    ``play`` does, for any other game."""

    def step(state: Any, event: GameEvent, note: Note) -> Violation | None:
        violation = game.check(state, event)
        if violation is None:
            game.apply(state, event, note)
        return violation

    return step


class Replay:
    """Feeds one log's lines to its game; keeps the current branch for undo and the report."""

    def __init__(self, path: str, graph: ReplayGraph | None = None,
                 coverage: RuleTally | None = None, keep_going: bool = False) -> None:
        self.report = FileReport(path)
        self.keep_going = keep_going
        self.refused = False  # a stopping error was met (and, with keep_going, skipped)
        self.graph = graph
        self.coverage = coverage
        self.header: Header | None = None
        self.game: Any = None
        self.record: Registration | None = None
        self.state: Any = None
        self._note: Note = ignore
        self._step: Callable[[Any, GameEvent, Note], Violation | None] = _no_game
        # for an event about to be met again, how to play it again (a table game's
        # ``play_again``, bound to its move)
        self._again: Callable[[GameEvent], Callable[[Any, GameEvent, Note], Violation | None]] = (
            lambda event: _no_game)
        self._initial: Any = None
        self.branch: list[tuple[int, GameEvent]] = []
        self._undoable: list[int] = []  # the positions in branch of its actions and chances
        self._snapshots: list[tuple[int, Any]] = []  # (branch length, state), by length
        self._every = SNAPSHOT_EVERY
        self._fingerprints: list[int] = []
        self.last_seq = 0
        self.finished = False
        self.stopped = False
        self.last_line = 0

    # ----------------------------------------------------------------- errors

    def _error(self, line: int, violation: Violation, seq: int | None = None, text: str = "",
               event: Event | None = None) -> None:
        record = ErrorRecord(line, seq, violation.kind, violation.rule, violation.player,
                             violation.message, text, self.refused)
        if self.coverage is not None and violation.rule:
            owner = "format" if violation.rule.startswith("LOG-") else self.report.game
            self.coverage.violated(owner, violation.rule)
        self.report.errors.append(record)
        self.report.valid = False
        if self.graph is not None and event is not None:
            self.graph.error(line, violation.player, _label(event), violation.kind,
                             violation.rule, violation.message)
        if violation.kind in STOPPING_KINDS:
            if not self.refused:
                self.report.trail = [Step(ln, str(ev)) for ln, ev in self.branch]
            self.refused = True
            # without a game there is nothing to go on with
            self.stopped = not self.keep_going or self.header is None

    # ----------------------------------------------------------------- lines

    def feed(self, raw: RawLine) -> None:
        """Process one non-blank line. After a stopping error, further lines are ignored."""
        if self.stopped:
            return
        self.last_line = raw.number
        if raw.error is not None:
            self._error(raw.number, raw.error, text=raw.text)
            return
        obj = raw.obj
        assert obj is not None
        header = self.header
        if header is None:
            self._start(raw)
            return
        self.report.events += 1
        event: Event | None = plain_event(obj, header.players, raw.plain_numbers)
        seq = None
        if event is None:
            parsed = parse_event(obj, header.players, raw.plain_numbers)
            if isinstance(parsed, Violation):
                self._error(raw.number, parsed, obj.get("seq") if isinstance(
                    obj.get("seq"), int) else None, raw.text)
                return
            event, seq = parsed.event, parsed.seq
        if self.coverage is not None:
            self.coverage.passed("format", ("LOG-EVENT", "LOG-NUMBER",
                                            *(("LOG-SEQ",) if seq is not None else ())))
        if self.finished:
            self._error(raw.number, Violation("order", "LOG-FINAL",
                                              "the final line must be the last event"),
                        seq, raw.text, event)
            return
        if seq is not None:
            if seq <= self.last_seq:
                self._error(raw.number, Violation(
                    "order", "LOG-SEQ", f"seq {seq} does not increase (previous seq "
                    f"{self.last_seq})"), seq, raw.text, event)
                return
            self.last_seq = seq
        if isinstance(event, GAME_EVENTS):
            self._play(raw.number, raw, event, seq)
        elif isinstance(event, Check):
            self._check(raw.number, raw.text, event, seq)
        elif isinstance(event, Undo):
            self._undo(raw, event, seq)
        else:
            self._final(raw, event, seq)

    def feed_all(self, lines: Iterable[RawLine]) -> None:
        """:meth:`feed` every line, until a stopping error. The most common line, an event
        without ``seq`` or ``note`` (:func:`plain_event`) while nobody collects coverage and
        before any ``final`` line, goes straight to the game: what :meth:`feed` would do."""
        feed, play = self.feed, self._play
        players: tuple[str, ...] = ()
        direct = False
        for raw in lines:
            obj = raw.obj
            if direct and obj is not None and raw.error is None:
                event = plain_event(obj, players, raw.plain_numbers)
                if event is not None:
                    self.last_line = raw.number
                    self.report.events += 1
                    play(raw.number, raw, event, None)
                    if self.stopped:
                        return
                    continue
            feed(raw)
            if self.stopped:
                return
            header = self.header
            direct = header is not None and self.coverage is None and not self.finished
            players = header.players if header is not None else ()

    def feed_stream(self, stream: BinaryIO, max_line_bytes: int,
                    known_lines: KnownLines | None = None) -> None:
        """:meth:`feed_all` of the lines of a stream (read as :func:`numbered_lines` reads
        them). A log repeats many of its lines (a die showing 4 to the same player, a pass),
        and an event is the same whatever line it is read from, so the event of a plain line
        that was played is kept by its bytes (up to ``PER_LOG`` lines of at most
        ``LINE_BYTES`` bytes): a line met again is neither decoded nor parsed again, and the
        game plays it again without checking its parameters a second time (``play_again``,
        bound to its move when it is kept). With
        ``known_lines``, the lines are kept in the store of the log's header, shared by the
        logs of a run that have the same header (:mod:`referee.replays.known`)."""
        max_line_bytes = limit(max_line_bytes)
        feed, report = self.feed, self.report
        branch, undoable, snapshots = self.branch, self._undoable, self._snapshots
        known: Known = {}
        capacity = PER_LOG  # the most lines ``known`` may hold
        keyed = False  # the store of the header swapped in
        players: tuple[str, ...] = ()
        step, again, note = self._step, self._again, self._note
        drawn = self.graph is not None
        direct = False
        readline, size = stream.readline, max_line_bytes + 1
        number = 0
        event: GameEvent | None
        while True:  # numbered_lines inline, blank lines tested only when not known
            raw = readline(size)
            if not raw:
                return
            number += 1
            entry = known.get(raw) if direct else None
            if entry is not None:
                event, play = entry
            else:
                event = None
                cut = len(raw) > max_line_bytes and not raw.endswith(b"\n")
                if cut:
                    line = read_line(number, raw, max_line_bytes)
                elif raw.isspace():
                    continue
                elif direct and (plain := plain_object(raw)) is not None:
                    # read as decode_line reads it; its RawLine is built only for a line that
                    # is neither a plain event nor a plain check
                    text, decoded, numbers = plain
                    event = plain_event(decoded, players, numbers)
                    if event is None:
                        check = plain_check(decoded, numbers)
                        if check is not None:
                            self.last_line = number
                            report.events += 1
                            self._check(number, text, check, None)
                            if self.stopped:
                                return
                            continue
                        line = RawLine(number, text, decoded, None, numbers)
                else:
                    line = decode_line(number, raw)
                    if direct and line.obj is not None:
                        event = plain_event(line.obj, players, line.plain_numbers)
                if event is None:
                    obj = line.obj
                    if direct and obj is not None and (
                            check := plain_check(obj, line.plain_numbers)) is not None:
                        self.last_line = number
                        report.events += 1
                        self._check(number, line.text, check, None)
                    else:
                        feed(line)
                    if self.stopped or cut:
                        return
                    header = self.header
                    direct = header is not None and self.coverage is None and not self.finished
                    if header is not None:
                        players, step, again = header.players, self._step, self._again
                        note = self._note
                        if not keyed:
                            keyed = True
                            if known_lines is not None:
                                known, room = known_lines.lines_for(header)
                                capacity = len(known) + room
                    continue
                play = step  # read for the first time: its parameters are checked
            # a plain event: what _play does, inline; kept by its bytes once played
            self.last_line = number
            report.events += 1
            try:
                violation = play(self.state, event, note)
            except RuleViolation as exc:
                self._refused(number, raw, event, None, exc.violation, False)
                if self.stopped:
                    return
                continue
            if violation is not None:
                self._refused(number, raw, event, None, violation, True)
                if self.stopped:
                    return
                continue
            if snapshots or drawn:
                self._played(number, event)
            else:
                if type(event) is not Phase:  # plain_event builds the class itself
                    undoable.append(len(branch))
                branch.append((number, event))
            if entry is None and len(known) < capacity and len(raw) <= LINE_BYTES:
                known[raw] = (event, again(event))

    def _start(self, raw: RawLine) -> None:
        assert raw.obj is not None
        header = parse_header(raw.obj)
        if isinstance(header, Violation):
            self._error(raw.number, header, text=raw.text)
            return
        self.report.game = header.game_name
        assert header.game is not None
        try:
            state = header.game.new_state(header.players, header.options, header.position)
        except RuleViolation as exc:
            v = exc.violation
            self._error(raw.number, Violation("schema" if v.kind not in ("syntax", "schema")
                                              else v.kind, v.rule, v.message, v.player),
                        text=raw.text)
            return
        self.header, self.game, self.record, self.state = header, header.game, header.record, state
        game = header.game
        if isinstance(game, TableGame):
            self._step, self._again = game.steps()
        else:
            step = self._step = _checked_apply(game)
            self._again = lambda event: step
        if self.coverage is not None:
            self._note = self.coverage.noter(header.game_name)
            self.coverage.passed("format", ("LOG-READ", "LOG-JSON", "LOG-HEADER", "LOG-PLAYERS",
                                            *(("LOG-EXPECT",) if header.expect else ())))
            record = header.record
            if record is not None:
                self.coverage.passed(header.game_name, (
                    *record.setup_rules,
                    *(record.position_rules if header.position is not None else ())))
        self._initial = state.copy()
        if self.graph is not None:
            fp = state.fingerprint()
            self.graph.start(fp)
            self._fingerprints.append(fp)

    def _play(self, number: int, raw: RawLine | bytes, event: GameEvent, seq: int | None,
              ) -> bool:
        """Play a game event of line ``number`` (read as ``raw``: decoded, or as read); True
        when it is played, False when refused."""
        try:
            violation = self._step(self.state, event, self._note)
        except RuleViolation as exc:
            self._refused(number, raw, event, seq, exc.violation, False)
            return False
        if violation is not None:
            self._refused(number, raw, event, seq, violation, True)
            return False
        self._played(number, event)
        return True

    def _refused(self, number: int, raw: RawLine | bytes, event: GameEvent, seq: int | None,
                 violation: Violation, returned: bool) -> None:
        """The error of a refused event: returned by the game (an ``illegal`` one explained
        where the game can), or raised by its ``apply``."""
        if returned and violation.kind == "illegal":
            assert self.record is not None
            violation = _explained(self.record, self.game, self.state, event, violation)
        self._error(number, violation, seq, _text(number, raw), event)

    def _played(self, number: int, event: GameEvent) -> None:
        """An event played: on the branch, kept for undo and drawn on the graph."""
        branch = self.branch
        if not isinstance(event, Phase):
            self._undoable.append(len(branch))
        branch.append((number, event))
        if self._snapshots and not len(branch) % self._every:
            self._keep(len(branch), self.state)
        if self.graph is not None:
            fp = self.state.fingerprint()
            self.graph.move(fp, number, event.player, str(event))
            self._fingerprints.append(fp)

    def _check(self, number: int, text: str, event: Check, seq: int | None) -> None:
        """Compare the check of line ``number`` (``text``) with the state."""
        if self.coverage is not None:
            self.coverage.passed("format", ("LOG-CHECK", "LOG-CHECK-VALUE"))
            if not self.game.observables.check_rule.startswith("LOG-"):
                self.coverage.passed(self.report.game, (self.game.observables.check_rule,))
        for violation in compare_claims(self.game, self.state, event.body()):
            self._error(number, violation, seq, text, event)
            if self.stopped:
                return

    def _undo(self, raw: RawLine, event: Undo, seq: int | None) -> None:
        undoable = self._undoable
        if event.count > len(undoable):
            self._error(raw.number, Violation(
                "order", "LOG-UNDO", f"undo {event.count} but only {len(undoable)} actions and "
                "chance events stand on this branch"), seq, raw.text, event)
            return
        cut = undoable[-event.count]
        del undoable[-event.count:]
        del self.branch[cut:]
        self.state = self._restore(cut)
        self.report.undos += 1
        if self.coverage is not None:
            self.coverage.passed("format", ("LOG-UNDO",))
        if self.graph is not None:
            del self._fingerprints[cut + 1:]
            self.graph.jump(self._fingerprints[-1])

    def _restore(self, length: int) -> Any:
        """The state after the first ``length`` events of the branch: the nearest kept state at
        or before it, copied, and the events after it played again."""
        snapshots = self._snapshots
        if not snapshots:
            snapshots.append((0, self._initial))
        while snapshots[-1][0] > length:
            snapshots.pop()
        start, kept = snapshots[-1]
        state = kept.copy()
        branch, apply = self.branch, self.game.apply
        for done in range(start + 1, length + 1):
            apply(state, branch[done - 1][1])
            if not done % self._every:
                self._keep(done, state)
        return state

    def _keep(self, length: int, state: Any) -> None:
        snapshots = self._snapshots
        snapshots.append((length, state.copy()))
        if len(snapshots) > MAX_SNAPSHOTS:
            self._every *= 2
            snapshots[:] = [(n, s) for n, s in snapshots if not n % self._every]

    def _final(self, raw: RawLine, event: Final, seq: int | None) -> None:
        if not self.game.is_over(self.state):
            self._error(raw.number, Violation("order", "LOG-FINAL",
                                              "final before the game has ended"),
                        seq, raw.text, event)
            return
        self.finished = True
        catalogue = self.game.rules
        score_rule = catalogue.score_rule or "LOG-SCORE"
        winner_rule = catalogue.winner_rule or "LOG-SCORE"
        if self.coverage is not None:
            self.coverage.passed("format", ("LOG-FINAL", "LOG-SCORE"))
            if self.record is not None:
                self.coverage.passed(self.report.game, self.record.score_rules)
        scores = self.game.score(self.state)
        if event.scores is not None:
            for player, claimed in event.scores.as_dict().items():
                computed = scores[player]
                if claimed != computed.total:
                    parts = ", ".join(f"{k} {v}" for k, v in computed.parts.items())
                    message = (f"{player} claims {claimed} but scores {computed.total} "
                               f"({parts})")
                    extra = self._score_audit(player, claimed)
                    if extra:
                        message += f"; {extra}"
                    self._error(raw.number, Violation("score", score_rule, message, player),
                                seq, raw.text)
                elif self.coverage is not None and catalogue.score_rule:
                    self.coverage.passed(self.report.game, (score_rule,))
        if event.winners is not None:
            computed_winners = self.game.winners(self.state)
            if set(event.winners) != set(computed_winners):
                self._error(raw.number, Violation(
                    "score", winner_rule, f"winners claimed {', '.join(event.winners) or 'none'}"
                    f" but computed {', '.join(computed_winners) or 'none'}"), seq, raw.text)
            elif self.coverage is not None and catalogue.winner_rule:
                self.coverage.passed(self.report.game, (winner_rule,))

    def _score_audit(self, player: str, claimed: int) -> str | None:
        assert self.record is not None
        hooks = self.record.validator_hooks()
        if hooks is None or claimed <= self.game.score(self.state)[player].total:
            return None
        return hooks.audit_score(self.game, self.state, player, claimed)

    # ----------------------------------------------------------------- end

    def close(self) -> FileReport:
        report = self.report
        if self.header is None and not report.errors:
            self._error(max(self.last_line, 1), Violation(
                "syntax", "LOG-HEADER", "empty file: expected a header on line 1"))
        if self.game is not None and not self.refused:
            report.complete = self.finished
            if self.game.is_over(self.state):
                scores = self.game.score(self.state)
                report.scores = {p: s.total for p, s in scores.items()}
                report.winners = list(self.game.winners(self.state))
        if self.graph is not None:
            self.graph.mark_current(self._fingerprints)
        return report


class RuleTally:
    """Per game, how often each rule id was checked and passed, and how often it was broken."""

    def __init__(self) -> None:
        self.passes: dict[str, dict[str, int]] = {}
        self.breaks: dict[str, dict[str, int]] = {}

    def passed(self, game: str | None, rules: Iterable[str]) -> None:
        counts = self.passes.setdefault(game or "", {})
        for rule in rules:
            counts[rule] = counts.get(rule, 0) + 1

    def violated(self, game: str | None, rule: str) -> None:
        counts = self.breaks.setdefault(game or "", {})
        counts[rule] = counts.get(rule, 0) + 1

    def noter(self, game: str) -> Note:
        """The ``note`` to hand a game's ``apply``: credits each rule it applies."""
        counts = self.passes.setdefault(game, {})

        def note(rule: str) -> None:
            counts[rule] = counts.get(rule, 0) + 1

        return note


def validate_lines(lines: Iterable[RawLine], path: str, graph: ReplayGraph | None = None,
                   coverage: RuleTally | None = None, keep_going: bool = False) -> FileReport:
    replay = Replay(path, graph, coverage, keep_going)
    replay.feed_all(lines)
    return replay.close()


def validate_file(path: str | Path, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                  graph: ReplayGraph | None = None, label: str | None = None,
                  coverage: RuleTally | None = None, keep_going: bool = False,
                  known_lines: KnownLines | None = None) -> FileReport:
    """Validate one log file. Never raises for bad content: every problem is in the report.
    ``known_lines``: the lines already met in the other logs of the run (alone, a log keeps
    its own)."""
    label = label if label is not None else str(path)
    try:
        with open_regular(path) as stream:
            replay = Replay(label, graph, coverage, keep_going)
            replay.feed_stream(stream, max_line_bytes, known_lines)
            return replay.close()
    except OSError as exc:
        report = FileReport(label, valid=False)
        report.errors.append(ErrorRecord(1, None, "syntax", "LOG-READ", None,
                                         f"cannot read the file: {exc.strerror or exc}"))
        return report


def replay_to(path: str | Path, line: int | None = None,
              max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> ReplayPosition:
    """The state after ``line`` (or the whole log); RefereeError if the log fails before it."""
    replay = Replay(str(path))
    try:
        with open_regular(path) as stream:
            for raw in iter_lines(stream, max_line_bytes):
                if line is not None and raw.number > line:
                    break
                replay.feed(raw)
                if replay.stopped:
                    break
    except OSError as exc:
        raise RefereeError(f"cannot read {path}: {exc.strerror or exc}") from None
    if replay.stopped or replay.header is None:
        replay.close()
        first = replay.report.errors[0] if replay.report.errors else None
        where = f"{path}:{first.line}" if first else str(path)
        message = first.message if first else "no header"
        raise RefereeError(f"{where}: {first.kind if first else 'syntax'} error: {message}")
    if line is not None and line > replay.last_line and replay.last_line:
        raise RefereeError(f"{path}: line {line} is past the end of the log "
                           f"(last event on line {replay.last_line})")
    return ReplayPosition(replay.game, replay.header, replay.state,
                          [ev for _, ev in replay.branch], replay.last_line)
