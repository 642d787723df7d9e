"""Comparing a ``check`` line's claims with the computed state (replay format section 2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.model.core import FrozenObject, Violation
from referee.model.homesteaders.scoring import player_score
from referee.model.homesteaders.state import HOLDINGS, PHASES, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _schema(message: str, player: str | None = None) -> list[Violation]:
    return [Violation("schema", "HS-CHECK", f"check: {message}", player)]


def check_claims(game: Homesteaders, state: HomesteadersState,
                 claims: Mapping[str, Any]) -> list[Violation]:
    if isinstance(claims, FrozenObject):
        claims = claims.as_dict()
    out: list[Violation] = []
    for key, value in claims.items():
        if key in state.players:
            if isinstance(value, FrozenObject):
                value = value.as_dict()
            if not isinstance(value, Mapping):
                return _schema(f"{key!r} must be an object of quantities, found {value!r}", key)
            i = state.index(key)
            for q, claimed in value.items():
                if q == "buildings":
                    if not isinstance(claimed, list | tuple) or not all(
                            isinstance(b, str) for b in claimed):
                        return _schema(f"{key} buildings must be a list of names, found "
                                       f"{claimed!r}", key)
                    unknown = [b for b in claimed if b not in game.data.buildings]
                    if unknown:
                        return _schema(f"{key} buildings: unknown building {unknown[0]!r}", key)
                    computed = sorted(state.buildings[i])
                    if set(claimed) != set(computed):
                        out.append(Violation("checkpoint", "HS-CHECK", f"{key} buildings: claimed "
                                             f"{sorted(set(claimed))}, computed {computed}", key))
                    continue
                if q not in HOLDINGS and q != "score":
                    return _schema(f"unknown quantity {q!r} for {key} (expected one of "
                                   f"{', '.join((*HOLDINGS, 'buildings', 'score'))})", key)
                if not _is_int(claimed):
                    return _schema(f"{key} {q} must be an integer, found {claimed!r}", key)
                actual = (player_score(game.data, state.hold[i], state.buildings[i]).total
                          if q == "score" else state.hold[i][q])
                if claimed != actual:
                    out.append(Violation("checkpoint", "HS-SCORE" if q == "score" else "HS-CHECK",
                                         f"{key} {q}: claimed {claimed}, computed {actual}", key))
        elif key in ("round", "neutral_level"):
            if not _is_int(value):
                return _schema(f"{key} must be an integer, found {value!r}")
            actual = state.round if key == "round" else state.neutral_level
            if value != actual:
                out.append(Violation("checkpoint", "HS-CHECK",
                                     f"{key}: claimed {value}, computed {actual}"))
        elif key == "phase":
            if value not in PHASES:
                return _schema(f"phase must be one of {', '.join(PHASES)}, found {value!r}")
            if value != state.phase:
                out.append(Violation("checkpoint", "HS-CHECK",
                                     f"phase: claimed {value}, computed {state.phase}"))
        elif key == "start_player":
            if value is not None and value not in state.players:
                return _schema(f"start_player names unknown player {value!r}")
            actual = state.players[state.start] if state.start is not None else None
            if value != actual:
                out.append(Violation("checkpoint", "HS-START-MARKER",
                                     f"start_player: claimed {value}, computed {actual}"))
        else:
            return _schema(f"unknown player or quantity {key!r} (players: "
                           f"{', '.join(state.players)}; globals: round, phase, start_player, "
                           "neutral_level)")
    return out
