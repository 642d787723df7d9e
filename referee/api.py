"""The library API (docs/api.md): validate logs, replay them to a line, play checked events.

Everything here returns the objects the command line uses (:class:`FileReport`,
:class:`ErrorRecord`, the games' events and states); ``referee/__init__.py`` re-exports the public
names lazily, so that ``import referee`` imports none of this.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, BinaryIO, cast

from referee.games import get_game
from referee.model.core import GAME_EVENTS, Game, GameEvent, Observation, Score, Violation
from referee.replays.envelope import Header, parse_event
from referee.replays.reader import DEFAULT_MAX_LINE_BYTES, decode_line, iter_lines
from referee.replays.validator import FileReport, replay_to, validate_file, validate_lines

__all__ = ["EventError", "IllegalEventError", "InvalidEventError", "Match", "OutOfOrderError",
           "new_match", "replay", "validate", "validate_text"]

Source = str | os.PathLike[str]


class EventError(ValueError):
    """An event the game refuses; ``violation`` says why (kind, rule id, player, message)."""

    def __init__(self, violation: Violation) -> None:
        rule = f" {violation.rule}" if violation.rule else ""
        super().__init__(f"[{violation.kind}{rule}] {violation.message}")
        self.violation = violation

    @property
    def rule(self) -> str | None:
        return self.violation.rule

    @property
    def kind(self) -> str:
        return self.violation.kind

    @staticmethod
    def of(violation: Violation) -> EventError:
        """The error class of the violation's kind."""
        if violation.kind in ("illegal", "chance"):
            return IllegalEventError(violation)
        if violation.kind == "order":
            return OutOfOrderError(violation)
        return InvalidEventError(violation)


class IllegalEventError(EventError):
    """Against the rules in this state (kinds ``illegal`` and ``chance``)."""


class OutOfOrderError(EventError):
    """Not this player's turn, or not this stage of the game (kind ``order``)."""


class InvalidEventError(EventError):
    """Malformed whatever the state: an unknown name, a wrong type (``syntax``, ``schema``)."""


def validate(path: Source, *, keep_going: bool = False,
             max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> FileReport:
    """Validate one log file: the report ``referee validate`` prints (never raises for bad
    content; a file that cannot be read is a ``LOG-READ`` error in the report)."""
    return validate_file(os.fspath(path), max_line_bytes, keep_going=keep_going)


def validate_text(log: str | bytes | Iterable[str | bytes], *, name: str = "<text>",
                  keep_going: bool = False,
                  max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> FileReport:
    """Validate a log given as one string (or bytes), or as an iterable of lines (a line may
    hold its newline or not). ``name`` is the report's ``path``."""
    if isinstance(log, str | bytes):
        stream = io.BytesIO(log.encode("utf-8", "surrogatepass") if isinstance(log, str) else log)
        return validate_lines(iter_lines(stream, max_line_bytes), name, keep_going=keep_going)
    return validate_lines(iter_lines(cast(BinaryIO, _LineStream(log)), max_line_bytes), name,
                          keep_going=keep_going)


class _LineStream(io.RawIOBase):
    """An iterable of lines read as a binary stream, one line per ``readline``."""

    def __init__(self, lines: Iterable[str | bytes]) -> None:
        self._lines: Iterator[str | bytes] = iter(lines)

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:
        try:
            line = next(self._lines)
        except StopIteration:
            return b""
        raw = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
        if not raw.endswith(b"\n"):
            raw += b"\n"
        return raw


class Match:
    """One game in progress: the game, its players and the current state, played with checked
    steps (after python-chess's ``Board.push_san``). ``events`` lists the events played."""

    def __init__(self, game: Game[Any], header: Header, state: Any,
                 events: Sequence[GameEvent] = (), line: int = 0) -> None:
        self.game = game
        self.header = header
        self.state = state
        self.events = list(events)
        self.line = line

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players

    def __repr__(self) -> str:
        return (f"<Match {self.game.name} {', '.join(self.players)}: {len(self.events)} "
                f"events{', over' if self.is_over() else ''}>")

    def legal_events(self) -> list[GameEvent]:
        """Every decision possible now, in the game's fixed order; where a chance event is due
        instead, its outcomes."""
        found = self.game.legal_actions(self.state)
        return found or [event for event, _ in self.game.chance_outcomes(self.state)]

    def check(self, event: GameEvent | Mapping[str, Any] | str) -> Violation | None:
        """Why ``event`` would be refused now, or None; the state is left as it is."""
        parsed = self._event(event)
        if isinstance(parsed, Violation):
            return parsed
        return self.game.check(self.state, parsed)

    def step(self, event: GameEvent | Mapping[str, Any] | str) -> GameEvent:
        """Play ``event`` (an event, its JSON object or its JSON line) if the rules allow it and
        return it; else raise the :class:`EventError` of its kind, the state unchanged."""
        parsed = self._event(event)
        if isinstance(parsed, Violation):
            raise EventError.of(parsed)
        violation = self.game.check(self.state, parsed)
        if violation is not None:
            raise EventError.of(violation)
        self.game.apply(self.state, parsed)
        self.events.append(parsed)
        return parsed

    def is_over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def observe(self) -> Observation:
        """The named values of the state (what a ``check`` line may claim)."""
        return self.game.observe(self.state)

    def score(self) -> dict[str, Score]:
        """Each player's score and its parts (final once the game is over)."""
        return self.game.score(self.state)

    def winners(self) -> list[str]:
        return list(self.game.winners(self.state))

    def copy(self) -> Match:
        return Match(self.game, self.header, self.state.copy(), self.events, self.line)

    def _event(self, event: GameEvent | Mapping[str, Any] | str) -> GameEvent | Violation:
        if isinstance(event, GAME_EVENTS):
            return event
        if isinstance(event, Mapping):
            try:
                event = json.dumps(dict(event), ensure_ascii=False)
            except (TypeError, ValueError) as exc:
                return Violation("schema", "LOG-EVENT", f"not a JSON object: {exc}")
        if not isinstance(event, str):
            return Violation("schema", "LOG-EVENT", f"not an event: {event!r}")
        # through the log reader, so that an event here meets the checks of a log line
        raw = decode_line(1, event.encode("utf-8", "surrogatepass"))
        if raw.error is not None:
            return raw.error
        assert raw.obj is not None
        envelope = parse_event(raw.obj, self.players)
        if isinstance(envelope, Violation):
            return envelope
        if not isinstance(envelope.event, GAME_EVENTS):
            return Violation("schema", "LOG-EVENT", "a match plays actions, chance and phase "
                             "events; check, undo and final lines belong to a log")
        return envelope.event


def new_match(game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
              position: Mapping[str, Any] | None = None) -> Match:
    """A match at the setup of ``game`` (or at ``position``, the header's starting position).

    Raises :class:`referee.errors.RefereeError` for an unknown game and
    :class:`InvalidEventError` for players, options or a position the game refuses.
    """
    from referee.model.core import RuleViolation

    model = get_game(game)
    try:
        state = model.new_state(list(players), dict(options or {}), position)
    except RuleViolation as exc:
        raise InvalidEventError(exc.violation) from None
    header = Header(game, tuple(players), dict(options or {}),
                    dict(position) if position is not None else None, game=model)
    return Match(model, header, state)


def replay(path: Source, line: int | None = None,
           max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> Match:
    """The match after ``line`` of a log (after its last line when None).

    Raises :class:`referee.errors.RefereeError` (with the file, the line and the message) when
    the log fails before that line or the line is past its end.
    """
    reached = replay_to(os.fspath(path), line, max_line_bytes)
    return Match(reached.game, reached.header, reached.state, reached.events, reached.line)

