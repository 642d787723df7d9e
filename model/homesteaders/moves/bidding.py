"""Bidding: the neutral bid (2 players), bids up the ladder, passes, and the turn order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.model.core import Action, Note, Violation, fields
from referee.model.homesteaders.moves.common import (
    Act,
    State,
    advance,
    auction_problem,
    ladder_step,
    reward_problem,
    reward_schema_problem,
    rewards,
)
from referee.model.homesteaders.state import NEUTRAL

if TYPE_CHECKING:
    from referee.model.homesteaders.game import Homesteaders


def _next_turn(state: State, after: int) -> None:
    n = len(state.players)
    passed, winners = state.passed, state.winners()
    for k in range(1, n + 1):
        j = (after + k) % n
        if not passed[j] and j not in winners:
            state.turn = j
            return
    state.turn = None


def _neutral_first(state: State, event: Action) -> Violation | None:
    if len(state.players) == 2 and state.neutral_auction is None:
        starter = state.players[state.start]  # type: ignore[index]
        return Violation("order", "HS-NEUTRAL-BID", f"{starter} must first place the neutral "
                         "bid", event.player)
    return None


def bid_problem(game: Homesteaders, state: State, i: int, auction: int,
                amount: int) -> Violation | None:
    """Whether player ``i`` may bid ``amount`` on ``auction`` now (turn order aside)."""
    player = state.players[i]
    ladder = game.data.ladder
    if amount not in ladder:
        return Violation("illegal", "HS-BID-LADDER", f"bid {amount} on auction {auction} is not "
                         f"on the ladder {', '.join(map(str, ladder))}", player)
    high = state.high.get(auction, (0, None))[0]
    if any(n in state.buildings[i] for n in game.equal_bid_buildings):
        if amount < high:
            return Violation("illegal", "HS-LAWYER", f"bid {amount} on auction {auction} is "
                             f"below the high bid {high} (the Lawyer may equal it)", player)
    elif amount <= high:
        return Violation("illegal", "HS-BID-RAISE", f"bid {amount} on auction {auction} does "
                         f"not exceed the high bid {high}", player)
    return None


class NeutralBid(Act):
    name = "neutral_bid"
    rules = ("HS-NEUTRAL-BID", "HS-BID-AUCTION", "HS-NEUTRAL-LEVEL", "HS-VOCAB")
    required = fields(auction=int)
    stages = frozenset({"bidding"})
    who = "anyone"
    order_rule = "HS-NEUTRAL-BID"
    when = "opens the bidding phase"

    def validate(self, state: State, event: Action) -> Violation | None:
        bad = auction_problem(state, event, "HS-NEUTRAL-BID")
        if bad is None and len(state.players) != 2:
            return Violation("illegal", "HS-NEUTRAL-BID", "the neutral bid is used only with 2 "
                             f"players, found {len(state.players)}", event.player)
        return bad

    def check(self, state: State, event: Action) -> Violation | None:
        if state.neutral_auction is not None:
            return Violation("order", "HS-NEUTRAL-BID", "the neutral bid is already on auction "
                             f"{state.neutral_auction}", event.player)
        starter = state.players[state.start]  # type: ignore[index]
        if event.player != starter:
            return Violation("order", "HS-NEUTRAL-BID", f"the start player {starter} places the "
                             f"neutral bid, not {event.player}", event.player)
        return None

    def apply(self, state: State, event: Action, note: Note) -> None:
        state.neutral_auction = event.get("auction")
        state.high[state.neutral_auction] = (state.neutral_level, NEUTRAL)

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        if (len(state.players) == 2 and state.neutral_auction is None
                and player == state.players[state.start]):  # type: ignore[index]
            for a in range(1, state.auctions + 1):
                yield Action.make(player, "neutral_bid", auction=a)


class Bid(Act):
    name = "bid"
    rules = ("HS-BID-TURN", "HS-BID-AUCTION", "HS-BID-LADDER", "HS-BID-RAISE", "HS-VOCAB")
    required = fields(auction=int, amount=int)
    schema_rule = "HS-BID-RAISE"
    stages = frozenset({"bidding"})
    order_rule = "HS-BID-TURN"
    when = "comes in the bidding phase, in turn"

    def validate(self, state: State, event: Action) -> Violation | None:
        return auction_problem(state, event, "HS-BID-AUCTION")

    def check(self, state: State, event: Action) -> Violation | None:
        return (_neutral_first(state, event)
                or bid_problem(self.game, state, state.seat[event.player],
                               event.get("auction"), event.get("amount")))

    def apply(self, state: State, event: Action, note: Note) -> None:
        i = state.seat[event.player]
        auction, amount = event.get("auction"), event.get("amount")
        high = state.high.get(auction)
        if high is not None and high[0] == amount:
            note("HS-LAWYER")
        hold = state.hold[i]
        if amount > hold["silver"] + self.data.gold_as_silver * hold["gold"]:
            note("HS-BID-CASH")
        state.high[auction] = (amount, i)
        _next_turn(state, i)

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        if len(state.players) == 2 and state.neutral_auction is None:
            return
        i = state.seat[player]
        for a in range(1, state.auctions + 1):
            for amount in self.data.ladder:
                if bid_problem(self.game, state, i, a, amount) is None:
                    yield Action.make(player, "bid", auction=a, amount=amount)


class Pass(Act):
    name = "pass"
    rules = ("HS-PASS", "HS-BID-TURN", "HS-TRACK-REWARD", "HS-VOCAB")
    required = fields(reward=str)
    stages = frozenset({"bidding"})
    order_rule = "HS-BID-TURN"
    when = "comes in the bidding phase, in turn"

    def validate(self, state: State, event: Action) -> Violation | None:
        return reward_schema_problem(self.data, event)

    def check(self, state: State, event: Action) -> Violation | None:
        return (_neutral_first(state, event)
                or reward_problem(self.data, state, state.seat[event.player],
                                  event.get("reward")))

    def apply(self, state: State, event: Action, note: Note) -> None:
        i = state.seat[event.player]
        state.passed[i] = True
        advance(self.data, state.hold[i], event.get("reward"))
        if len(state.players) == 2:
            note("HS-NEUTRAL-LEVEL")
            state.neutral_level = ladder_step(self.data, state.neutral_level, -1)
        _next_turn(state, i)

    def legal(self, state: State, player: str | None) -> Iterator[Action]:
        assert player is not None
        if len(state.players) == 2 and state.neutral_auction is None:
            return
        for r in rewards(self.data, state.hold[state.seat[player]]["track"]):
            yield Action.make(player, "pass", reward=r)
