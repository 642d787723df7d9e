"""The Saloon: stakes and payouts, the January top-up, the lease and the final roll."""

from __future__ import annotations

from referee.model.pionjar.bank import bank_to_saloon, pay_saloon, saloon_pays
from referee.model.pionjar.ruleids import note
from referee.model.pionjar.state import PionjarState


def can_gamble(s: PionjarState, name: str) -> bool:
    """PJ-SALOON-WHEN: past the road, not in prison, once per own turn, with cash to stake."""
    ps = s.p[name]
    return ps.where in ("loop", "trail") and not s.gambled and ps.cash >= 1


def payout(s: PionjarState, stake: int, value: int) -> int:
    """What a roll pays, the stake being already in the Saloon (PJ-SALOON-ROLL)."""
    return min(s.saloon, s.data.saloon_multipliers[value - 1] * stake)


def gamble(s: PionjarState, name: str, stake: int) -> None:
    pay_saloon(s, name, stake)
    s.stake = stake
    s.gambled = True
    s.stage = "saloon_roll"


def roll(s: PionjarState, name: str, value: int) -> int:
    won = saloon_pays(s, name, payout(s, s.stake, value))
    s.stake = 0
    return won


def rent(s: PionjarState, name: str, card: str) -> None:
    s.renter = name
    s.p[name].kept.append(card)


def year_end(s: PionjarState) -> None:
    """December is over: the renter takes the Saloon and the lease ends (PJ-SALOON-RENT);
    the year's price proclamations lapse (PJ-PROC-DURATION)."""
    if s.renter is not None:
        note("PJ-SALOON-RENT")
        _lease_ends(s)
    if s.modifiers:
        note("PJ-PROC-DURATION")
    s.modifiers.clear()


def _lease_ends(s: PionjarState) -> None:
    renter = s.renter
    assert renter is not None
    saloon_pays(s, renter, s.saloon)
    ps = s.p[renter]
    for cid in list(ps.kept):
        if s.data.cards[cid].effect == "saloon_lease":
            ps.kept.remove(cid)
            s.discards["post"].append(cid)
    s.renter = None


def january(s: PionjarState) -> None:
    note("PJ-SALOON-JANUARY")
    bank_to_saloon(s, s.data.saloon_january)


def finish(s: PionjarState) -> None:
    """The end (PJ-SALOON-FINAL): the renter takes the Saloon, else everyone rolls for it."""
    s.visited_city = s.gambled = False
    note("PJ-SALOON-FINAL")
    if s.renter is not None:
        note("PJ-SALOON-RENT")
        s.final_saloon = s.renter
        _lease_ends(s)
        _over(s)
    elif s.saloon > 0:
        first = s.players.index(s.start) if s.start in s.players else 0
        order = [s.players[(first + i) % len(s.players)] for i in range(len(s.players))]
        s.rolloff = list(order)
        s.rolloff_pool = list(order)
        s.rolls = {}
        s.stage = "rolloff"
    else:
        _over(s)


def _over(s: PionjarState) -> None:
    """The game has ended: the capital is final (PJ-SCORE-CAPITAL, PJ-SCORE-LAND)."""
    note("PJ-SCORE-CAPITAL", "PJ-SCORE-LAND")
    s.stage = "over"


def rolloff_roll(s: PionjarState, name: str, value: int) -> None:
    s.rolls[name] = value
    s.rolloff.pop(0)
    if s.rolloff:
        return
    best = max(s.rolls.values())
    tied = [n for n in s.rolloff_pool if s.rolls[n] == best]
    if len(tied) == 1:
        s.final_saloon = tied[0]
        saloon_pays(s, tied[0], s.saloon)
        _over(s)
        return
    note("PJ-SALOON-FINAL-TIE")
    s.rolloff = list(tied)      # PJ-SALOON-FINAL-TIE
    s.rolloff_pool = list(tied)
    s.rolls = {}
