"""Bidding: the neutral bid (2 players), bids up the ladder, passes, and the turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model.core import Action, Violation, check_params
from referee.model.homesteaders.data import HomesteadersData
from referee.model.homesteaders.effects import advance
from referee.model.homesteaders.guards import auction_problem, reward_violation
from referee.model.homesteaders.state import NEUTRAL, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def ladder_step(data: HomesteadersData, level: int, step: int) -> int:
    """The neutral level ``step`` rungs up (or down) the part of the ladder it may stand on."""
    ladder = [v for v in data.ladder if data.neutral_min <= v <= data.neutral_max]
    i = ladder.index(level) if level in ladder else 0
    return ladder[min(max(i + step, 0), len(ladder) - 1)]


def _bidding_turn(state: HomesteadersState, event: Action) -> Violation | None:
    if state.phase != "bidding":
        return Violation("order", "HS-BID-TURN", f"{event.name} is for the bidding phase, found "
                         f"it in the {state.phase} phase", event.player)
    if len(state.players) == 2 and state.neutral_auction is None:
        starter = state.players[state.start]  # type: ignore[index]
        return Violation("order", "HS-NEUTRAL-BID", f"{starter} must first place the neutral "
                         "bid", event.player)
    if state.turn is None:
        return Violation("order", "HS-BID-END", "bidding is over: every player has passed or "
                         "holds a high bid", event.player)
    expected = state.players[state.turn]
    if event.player != expected:
        return Violation("order", "HS-BID-TURN", f"it is {expected}'s turn to bid or pass, not "
                         f"{event.player}'s", event.player)
    return None


def _next_turn(state: HomesteadersState, after: int) -> None:
    n = len(state.players)
    for k in range(1, n + 1):
        j = (after + k) % n
        if not state.passed[j] and not state.winning(j):
            state.turn = j
            return
    state.turn = None


def check_neutral_bid(game: Homesteaders, state: HomesteadersState,
                      event: Action) -> Violation | None:
    bad = (check_params(event, {"auction": int}, rule="HS-NEUTRAL-BID")
           or auction_problem(state, event, "HS-NEUTRAL-BID"))
    if bad:
        return bad
    if len(state.players) != 2:
        return Violation("illegal", "HS-NEUTRAL-BID", "the neutral bid is used only with 2 "
                         f"players, found {len(state.players)}", event.player)
    if state.phase != "bidding":
        return Violation("order", "HS-NEUTRAL-BID", "the neutral bid opens the bidding phase, "
                         f"found it in the {state.phase} phase", event.player)
    if state.neutral_auction is not None:
        return Violation("order", "HS-NEUTRAL-BID", "the neutral bid is already on auction "
                         f"{state.neutral_auction}", event.player)
    starter = state.players[state.start]  # type: ignore[index]
    if event.player != starter:
        return Violation("order", "HS-NEUTRAL-BID", f"the start player {starter} places the "
                         f"neutral bid, not {event.player}", event.player)
    return None


def apply_neutral_bid(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    state.neutral_auction = event.get("auction")
    state.high[state.neutral_auction] = (state.neutral_level, NEUTRAL)


def bid_problem(game: Homesteaders, state: HomesteadersState, i: int, auction: int,
                amount: int) -> Violation | None:
    player = state.players[i]
    ladder = game.data.ladder
    if amount not in ladder:
        return Violation("illegal", "HS-BID-LADDER", f"bid {amount} on auction {auction} is not "
                         f"on the ladder {', '.join(map(str, ladder))}", player)
    high = state.high.get(auction, (0, None))[0]
    if game.owns_any(state, i, game.equal_bid_buildings):
        if amount < high:
            return Violation("illegal", "HS-LAWYER", f"bid {amount} on auction {auction} is "
                             f"below the high bid {high} (the Lawyer may equal it)", player)
    elif amount <= high:
        return Violation("illegal", "HS-BID-RAISE", f"bid {amount} on auction {auction} does "
                         f"not exceed the high bid {high}", player)
    return None


def check_bid(game: Homesteaders, state: HomesteadersState, event: Action) -> Violation | None:
    bad = (check_params(event, {"auction": int, "amount": int}, rule="HS-BID-RAISE")
           or auction_problem(state, event, "HS-BID-AUCTION")
           or _bidding_turn(state, event))
    if bad:
        return bad
    return bid_problem(game, state, state.index(event.player), event.get("auction"),
                       event.get("amount"))


def apply_bid(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    i = state.index(event.player)
    state.high[event.get("auction")] = (event.get("amount"), i)
    _next_turn(state, i)


def check_pass(game: Homesteaders, state: HomesteadersState, event: Action) -> Violation | None:
    bad = (check_params(event, {"reward": str}, rule="HS-PASS")
           or _bidding_turn(state, event))
    if bad:
        return bad
    return reward_violation(game, state, state.index(event.player), event.get("reward"),
                            event.player)


def apply_pass(game: Homesteaders, state: HomesteadersState, event: Action) -> None:
    i = state.index(event.player)
    state.passed[i] = True
    advance(game.data, state.hold[i], event.get("reward"))
    if len(state.players) == 2:
        state.neutral_level = ladder_step(game.data, state.neutral_level, -1)
    _next_turn(state, i)
