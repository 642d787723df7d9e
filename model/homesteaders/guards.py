"""Checks shared by several actions: positive counts, auction numbers, railroad rewards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.model.core import Action, Violation
from referee.model.homesteaders.effects import reward_problem
from referee.model.homesteaders.state import HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def count_problem(event: Action, key: str, rule: str,
                  default: int | None = None) -> Violation | None:
    value = event.get(key, default)
    if value is None or value < 1:
        return Violation("schema", rule, f"action {event.name!r}: field {key!r} must be a "
                         f"positive integer, found {value}", event.player)
    return None


def auction_problem(state: HomesteadersState, event: Action, rule: str) -> Violation | None:
    auction = event.get("auction")
    if auction not in (1, 2, 3):
        return Violation("schema", rule, f"unknown auction {auction} (auctions are 1, 2, 3)",
                         event.player)
    if auction > state.auctions:
        return Violation("illegal", "HS-BID-AUCTION", f"auction {auction} is not used with "
                         f"{len(state.players)} players", event.player)
    return None


def reward_violation(game: Homesteaders, state: HomesteadersState, i: int, reward: Any,
                     player: str) -> Violation | None:
    problem = reward_problem(game.data, state.hold[i]["track"], reward)
    if problem:
        return Violation(problem[0], "HS-TRACK-REWARD", problem[1], player)
    return None
