"""Auctions of buffalo and gold cards by proclamation (PJ-AUCTION-*): bids, passes, the sale and
the reveal of the card sold."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.core import Action, Note, Violation, fields
from referee.model.pionjar import bank
from referee.model.pionjar.moves import cards, turns
from referee.model.pionjar.moves.common import PionjarAction
from referee.model.pionjar.state import AuctionState, PionjarState

BID = frozenset({"bid"})


class Bid(PionjarAction):
    name = "bid"
    rules = ("PJ-AUCTION-BID", "PJ-AUCTION-ORDER", "PJ-TURN-ORDER")
    required = fields(amount=int)
    stages = BID

    def check(self, state: PionjarState, event: Action) -> Violation | None:
        assert state.auction is not None
        name, amount = event.player, event.get("amount")
        high = state.auction.high
        if amount <= high:
            return Violation("illegal", "PJ-AUCTION-BID", f"bid {amount} does not exceed the "
                             f"high bid {high}", name)
        cash = state.p[name].cash
        if amount > cash:
            return Violation("illegal", "PJ-AUCTION-BID", f"bid {amount} exceeds {name}'s "
                             f"cash {cash} (cash only)", name)
        return None

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None and state.auction is not None
        high, cash = state.auction.high, state.p[player].cash
        for amount in sorted({high + step for step in state.data.bid_steps
                              if high + step <= cash}):
            yield Action.make(player, "bid", amount=amount)

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        a = state.auction
        assert a is not None
        a.high = event.get("amount")
        a.high_bidder = event.player
        if not _continue(state, event.player, note):
            turns.to_after(state, note)


class Pass(PionjarAction):
    name = "pass"
    rules = ("PJ-AUCTION-ORDER", "PJ-TURN-ORDER")
    stages = BID

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        yield Action.make(player, "pass")

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        a = state.auction
        assert a is not None
        a.active.remove(event.player)
        if not _continue(state, event.player, note):
            turns.to_after(state, note)


# --------------------------------------------------------------------------- effects


def start_auction(s: PionjarState, goods: str, count: int, note: Note) -> bool:
    """True while the auction runs (a bid or a reveal is the next event)."""
    left = min(count, len(s.stacks[goods]))
    if left == 0:
        return False
    note("PJ-AUCTION-ORDER")
    auctioneer = s.trading_post or s.banker
    i = s.players.index(auctioneer)
    n = len(s.players)
    order = tuple(s.players[(i + k) % n] for k in range(1, n + 1)
                  if s.players[(i + k) % n] != s.trading_post)
    s.auction = AuctionState(goods, left, auctioneer, order, [])
    return _offer(s, note)


def _offer(s: PionjarState, note: Note) -> bool:
    a = s.auction
    assert a is not None
    while a.left > 0:
        a.active = list(a.order)
        a.high = 0
        a.high_bidder = None
        a.winner = None
        a.to_act = None
        if _next_bidder(s, None, note):
            return True
        if a.winner is not None:
            return True
        note("PJ-AUCTION-ORDER")
        a.left -= 1                                 # nobody could bid: the card stays
    s.auction = None
    return False


def _next_bidder(s: PionjarState, after: str | None, note: Note) -> bool:
    """Find who bids next after ``after``; settle the card when nobody is left. True when a
    bidder must act; otherwise the card is sold (a reveal is pending) or unsold."""
    a = s.auction
    assert a is not None
    a.active = [n for n in a.active if n == a.high_bidder or s.p[n].cash > a.high]
    others = [n for n in a.active if n != a.high_bidder]
    if not others:
        if a.high_bidder is not None:
            _sell(s, note)
        return False
    if after is None or after not in a.order:
        a.to_act = others[0]
    else:
        start = a.order.index(after)
        ring = [a.order[(start + k) % len(a.order)] for k in range(1, len(a.order) + 1)]
        a.to_act = next(n for n in ring if n in others)
    s.stage = "bid"
    return True


def _sell(s: PionjarState, note: Note) -> None:
    a = s.auction
    assert a is not None and a.high_bidder is not None
    winner = a.high_bidder
    note("PJ-AUCTION-PAY")
    if s.trading_post is not None:
        bank.pay_player(s, winner, s.trading_post, a.high, note)
    else:
        bank.pay_bank(s, winner, a.high, note)
    a.winner = winner
    a.to_act = None
    cards.start_draw(s, a.goods, "auction", note)


def _continue(s: PionjarState, name: str, note: Note) -> bool:
    a = s.auction
    assert a is not None
    if _next_bidder(s, name, note):
        return True
    if a.winner is not None:
        return True
    note("PJ-AUCTION-ORDER")                       # an unsold card stays in the stack
    a.left -= 1
    return _offer(s, note)


def revealed(s: PionjarState, card: str, note: Note) -> bool:
    """The sold card goes to its buyer; True while more cards are offered."""
    a = s.auction
    assert a is not None and a.winner is not None
    s.p[a.winner].spoils.append(card)
    a.left -= 1
    return _offer(s, note)
