"""Auctions of buffalo and gold cards by proclamation (PJ-AUCTION-*)."""

from __future__ import annotations

from referee.model.pionjar import bank
from referee.model.pionjar.cards import start_draw
from referee.model.pionjar.ruleids import note
from referee.model.pionjar.state import AuctionState, PionjarState


def start_auction(s: PionjarState, goods: str, count: int) -> bool:
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
    return _offer(s)


def _offer(s: PionjarState) -> bool:
    a = s.auction
    assert a is not None
    while a.left > 0:
        a.active = list(a.order)
        a.high = 0
        a.high_bidder = None
        a.winner = None
        a.to_act = None
        if _next_bidder(s, None):
            return True
        if a.winner is not None:
            return True
        note("PJ-AUCTION-ORDER")
        a.left -= 1                                 # nobody could bid: the card stays
    s.auction = None
    return False


def _next_bidder(s: PionjarState, after: str | None) -> bool:
    """Find who bids next after ``after``; settle the card when nobody is left. True when a
    bidder must act; otherwise the card is sold (a reveal is pending) or unsold."""
    a = s.auction
    assert a is not None
    a.active = [n for n in a.active if n == a.high_bidder or s.p[n].cash > a.high]
    others = [n for n in a.active if n != a.high_bidder]
    if not others:
        if a.high_bidder is not None:
            _sell(s)
        return False
    if after is None or after not in a.order:
        a.to_act = others[0]
    else:
        start = a.order.index(after)
        ring = [a.order[(start + k) % len(a.order)] for k in range(1, len(a.order) + 1)]
        a.to_act = next(n for n in ring if n in others)
    s.stage = "bid"
    return True


def _sell(s: PionjarState) -> None:
    a = s.auction
    assert a is not None and a.high_bidder is not None
    winner = a.high_bidder
    note("PJ-AUCTION-PAY")
    if s.trading_post is not None:
        bank.pay_player(s, winner, s.trading_post, a.high)
    else:
        bank.pay_bank(s, winner, a.high)
    a.winner = winner
    a.to_act = None
    start_draw(s, a.goods, "auction")


def bid(s: PionjarState, name: str, amount: int) -> bool:
    a = s.auction
    assert a is not None
    a.high = amount
    a.high_bidder = name
    return _continue(s, name)


def pass_(s: PionjarState, name: str) -> bool:
    a = s.auction
    assert a is not None
    a.active.remove(name)
    return _continue(s, name)


def _continue(s: PionjarState, name: str) -> bool:
    a = s.auction
    assert a is not None
    if _next_bidder(s, name):
        return True
    if a.winner is not None:
        return True
    note("PJ-AUCTION-ORDER")                       # an unsold card stays in the stack
    a.left -= 1
    return _offer(s)


def revealed(s: PionjarState, card: str) -> bool:
    """The sold card goes to its buyer; True while more cards are offered."""
    a = s.auction
    assert a is not None and a.winner is not None
    s.p[a.winner].spoils.append(card)
    a.left -= 1
    return _offer(s)
