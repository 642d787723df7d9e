"""A state written as a log's starting position: the ``position`` header that starts a log where
another one stands (``referee state LOG:LINE --as-position``).

Each game writes its own form (the registration's ``position`` hook, in the game's
``position.py``); the header is then checked here, generically, by reading it back: the state it
gives must show the same observables and allow the same next events, else the state is one the
form cannot hold (the middle of a turn, an auction being resolved) and the error says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.errors import UsageError
from referee.files import path_kind
from referee.games import registration
from referee.model.core import RuleViolation
from referee.model.core.names import decimal, shown
from referee.replays.validator import ReplayPosition


class PositionError(UsageError):
    """The state cannot be written as a starting position."""


def parse_log_line(spec: str) -> tuple[Path, int | None]:
    """``LOG`` or ``LOG:LINE`` (a path that exists as given wins over the split)."""
    if path_kind(spec) != "missing" or ":" not in spec:
        return Path(spec), None
    name, _, line = spec.rpartition(":")
    number = decimal(line)
    if number is None or number < 1 or not name:
        raise UsageError(f"{shown(spec)}: expected LOG or LOG:LINE with a line number from 1")
    return Path(name), number


def _next_events(game: Any, state: Any) -> tuple[list[str], list[str]]:
    return ([str(e) for e in game.legal_actions(state)],
            [f"{e} {p}" for e, p in game.chance_outcomes(state)])


def position_header(reached: ReplayPosition) -> dict[str, Any]:
    """The header of a log that starts at ``reached``: the log's own header (players, options,
    meta) with ``position`` set and no ``expect``."""
    game, header, state = reached.game, reached.header, reached.state
    writer = registration(header.game_name).position_writer()
    where = f"the state after line {reached.line}"
    if writer is None:
        raise PositionError(f"{game.title} has no starting positions")
    try:
        position = writer(game, state)
    except ValueError as exc:
        raise PositionError(f"{where} cannot be written as a position: {exc}") from None
    try:
        rebuilt = game.new_state(header.players, header.options, position)
    except RuleViolation as exc:
        raise PositionError(f"{where} gives a position its own game refuses: "
                            f"{exc.violation.message}") from None
    if (game.observe(rebuilt) != game.observe(state)
            or _next_events(game, rebuilt) != _next_events(game, state)):
        raise PositionError(f"{where} cannot be written as a position: the form does not hold "
                            "everything this state holds (a turn or a phase under way); try "
                            "the line of a phase marker or of the end of a turn")
    out = header.to_json()
    out.pop("expect", None)
    out["position"] = position
    return out
