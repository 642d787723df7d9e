"""The Saloon: the stake and the roll's payout, the January payment, the lease and its end in
December, and the final roll at the end of the game."""

from __future__ import annotations

from collections.abc import Iterator

from referee.model.core import Action, Note, Violation, fields
from referee.model.pionjar.bank import bank_to_saloon, pay_saloon, saloon_pays
from referee.model.pionjar.moves.common import PionjarAction, where_words
from referee.model.pionjar.state import PionjarState


class Gamble(PionjarAction):
    name = "gamble"
    rules = ("PJ-SALOON-STAKE", "PJ-SALOON-WHEN", "PJ-TURN-ORDER")
    required = fields(stake=int)
    stages = frozenset({"after"})

    def check(self, state: PionjarState, event: Action) -> Violation | None:
        name = event.player
        ps = state.p[name]
        if ps.where not in ("loop", "trail"):
            return Violation("illegal", "PJ-SALOON-WHEN", f"{name} cannot play in the Saloon "
                             f"while {where_words(ps.where)}", name)
        if state.gambled:
            return Violation("illegal", "PJ-SALOON-WHEN", f"{name} has already played in the "
                             "Saloon this turn", name)
        stake = event.get("stake")
        if stake < 1:
            return Violation("illegal", "PJ-SALOON-STAKE", f"a stake must be at least 1, "
                             f"found {stake}", name)
        if stake > ps.cash:
            return Violation("illegal", "PJ-SALOON-STAKE", f"stake {stake} exceeds {name}'s "
                             f"cash {ps.cash}", name)
        return None

    def legal(self, state: PionjarState, player: str | None) -> Iterator[Action]:
        assert player is not None
        if can_gamble(state, player):
            cash = state.p[player].cash
            for stake in sorted({x for x in state.data.stake_steps if x <= cash} | {cash}):
                yield Action.make(player, "gamble", stake=stake)

    def apply(self, state: PionjarState, event: Action, note: Note) -> None:
        stake = event.get("stake")
        pay_saloon(state, event.player, stake, note)
        state.stake = stake
        state.gambled = True
        state.stage = "saloon_roll"


# --------------------------------------------------------------------------- effects


def can_gamble(s: PionjarState, name: str) -> bool:
    """PJ-SALOON-WHEN: past the road, not in prison, once per own turn, with cash to stake."""
    ps = s.p[name]
    return ps.where in ("loop", "trail") and not s.gambled and ps.cash >= 1


def payout(s: PionjarState, stake: int, value: int) -> int:
    """What a roll pays, the stake being already in the Saloon (PJ-SALOON-ROLL)."""
    return min(s.saloon, s.data.saloon_multipliers[value - 1] * stake)


def roll(s: PionjarState, name: str, value: int) -> int:
    won = saloon_pays(s, name, payout(s, s.stake, value))
    s.stake = 0
    return won


def rent(s: PionjarState, name: str, card: str) -> None:
    s.renter = name
    s.p[name].kept.append(card)


def year_end(s: PionjarState, note: Note) -> None:
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


def january(s: PionjarState, note: Note) -> None:
    note("PJ-SALOON-JANUARY")
    bank_to_saloon(s, s.data.saloon_january)


def finish(s: PionjarState, note: Note) -> None:
    """The end (PJ-SALOON-FINAL): the renter takes the Saloon, else everyone rolls for it."""
    s.city = None
    s.gambled = False
    note("PJ-SALOON-FINAL")
    if s.renter is not None:
        note("PJ-SALOON-RENT")
        s.final_saloon = s.renter
        _lease_ends(s)
        _over(s, note)
    elif s.saloon > 0:
        first = s.players.index(s.start) if s.start in s.players else 0
        order = [s.players[(first + i) % len(s.players)] for i in range(len(s.players))]
        s.rolloff = list(order)
        s.rolloff_pool = list(order)
        s.rolls = {}
        s.stage = "rolloff"
    else:
        _over(s, note)


def _over(s: PionjarState, note: Note) -> None:
    """The game has ended: the capital is final (PJ-SCORE-CAPITAL, PJ-SCORE-LAND)."""
    note("PJ-SCORE-CAPITAL")
    note("PJ-SCORE-LAND")
    s.stage = "over"


def rolloff_roll(s: PionjarState, name: str, value: int, note: Note) -> None:
    s.rolls[name] = value
    s.rolloff.pop(0)
    if s.rolloff:
        return
    best = max(s.rolls.values())
    tied = [n for n in s.rolloff_pool if s.rolls[n] == best]
    if len(tied) == 1:
        s.final_saloon = tied[0]
        saloon_pays(s, tied[0], s.saloon)
        _over(s, note)
        return
    note("PJ-SALOON-FINAL-TIE")
    s.rolloff = list(tied)
    s.rolloff_pool = list(tied)
    s.rolls = {}
