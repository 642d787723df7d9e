"""The phase markers, in their order, and the automatic effects each one brings: a new round's
tiles and stage, income, wages paid for players who did not pay them, the bidding's outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model.core import Phase, Violation, check_params
from referee.model.homesteaders.bidding import ladder_step
from referee.model.homesteaders.chance import pending_reveals
from referee.model.homesteaders.effects import change_stage, collect_income, wages
from referee.model.homesteaders.state import NEUTRAL, PHASES, UNPAID, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders


def check_phase(game: Homesteaders, state: HomesteadersState, event: Phase) -> Violation | None:
    name = event.name
    if name not in PHASES or name == "start":
        return Violation("schema", "HS-VOCAB", f"unknown phase {name!r} (expected one of "
                         f"{', '.join(PHASES[1:])})")
    bad = check_params(event, {"round": int} if name == "setup" else {}, rule="HS-ROUND-ORDER")
    if bad:
        return bad
    if state.start is None:
        return Violation("order", "HS-START-PLAYER",
                         "expected the start_player chance event first")
    last = game.data.rounds
    if name == "setup":
        r = event.get("round")
        if state.phase == "start":
            expected = 1
        elif state.phase == "building" and state.round < last:
            expected = state.round + 1
        else:
            return Violation("order", "HS-ROUND-ORDER", f"setup of round {r} comes after a "
                             f"round's building phase, not after the {state.phase} phase"
                             + (f" of round {state.round}" if state.round else ""))
        if r != expected:
            return Violation("order", "HS-ROUND-ORDER", f"expected setup of round {expected}, "
                             f"found round {r}")
        return _building_done(state)
    if name == "income":
        if state.phase != "setup":
            return Violation("order", "HS-ROUND-ORDER", "the income marker follows the setup "
                             f"marker, found it in the {state.phase} phase")
        pending = pending_reveals(state)
        if pending:
            return Violation("order", "HS-REVEAL", f"auction {pending[0]}'s tile must be "
                             "revealed before the income marker")
        return None
    if name == "bidding":
        if state.phase != "income":
            return Violation("order", "HS-ROUND-ORDER", "the bidding marker follows the income "
                             f"marker, found it in the {state.phase} phase")
        return _auto_pay_problem(game, state)
    if name == "building":
        if state.phase != "bidding":
            return Violation("order", "HS-ROUND-ORDER", "the building marker follows bidding, "
                             f"found it in the {state.phase} phase")
        if len(state.players) == 2 and state.neutral_auction is None:
            return Violation("order", "HS-NEUTRAL-BID", "bidding has not begun: the start "
                             "player places the neutral bid first")
        if not state.bidding_over():
            turn = state.players[state.turn] if state.turn is not None else "?"
            return Violation("order", "HS-BID-END", f"bidding is not over: it is {turn}'s turn "
                             "to bid or pass")
        return None
    if name == "final_income":
        if state.phase != "building" or state.round != last:
            return Violation("order", "HS-FINAL-INCOME", f"final income follows round {last}'s "
                             f"building phase, found it in round {state.round}'s "
                             f"{state.phase} phase")
        return _building_done(state)
    # scoring
    if state.phase != "final_income":
        return Violation("order", "HS-ROUND-ORDER", "the scoring marker follows final income, "
                         f"found it in the {state.phase} phase")
    return _auto_pay_problem(game, state)


def _building_done(state: HomesteadersState) -> Violation | None:
    for a in sorted(state.won):
        if state.step[a] == UNPAID:
            winner = state.players[state.won[a][0]]
            return Violation("order", "HS-PAY-BID", f"{winner} has not paid the bid on auction "
                             f"{a}", winner)
    return None


def _auto_pay_problem(game: Homesteaders, state: HomesteadersState) -> Violation | None:
    for i, p in enumerate(state.players):
        if state.paid[i]:
            continue
        due = wages(game.data, state.hold[i])
        if state.hold[i]["silver"] < due:
            return Violation("illegal", "HS-PAY-AUTO", f"{p} must pay {due} silver for "
                             f"{state.hold[i]['workers']} workers but holds "
                             f"{state.hold[i]['silver']}", p)
    return None


def apply_phase(game: Homesteaders, state: HomesteadersState, event: Phase) -> None:
    name = event.name
    n = len(state.players)
    if name == "setup":
        r = event.get("round")
        state.round = r
        change_stage(game.data, state, r)
        state.tiles = {}
        for t in game.data.tiles.values():
            if t.auction == 1 and t.round == r:
                state.tiles[1] = t.id
                state.used.add(t.id)
        state.high, state.passed, state.turn = {}, [False] * n, None
        state.neutral_auction = None
        state.won, state.step, state.extra_open = {}, {}, False
        state.paid = [False] * n
    elif name in ("income", "final_income"):
        if name == "final_income":
            state.paid = [False] * n
            state.tiles = {}
        for i in range(n):
            collect_income(game.data, state, i)
    elif name in ("bidding", "scoring"):
        for i in range(n):
            if not state.paid[i]:
                state.hold[i]["silver"] -= wages(game.data, state.hold[i])
                state.paid[i] = True
        if name == "bidding":
            state.turn = state.start
    elif name == "building":
        _resolve_bidding(game, state)
    state.phase = name


def _resolve_bidding(game: Homesteaders, state: HomesteadersState) -> None:
    d = game.data
    state.won = {a: (bidder, amount) for a, (amount, bidder) in state.high.items()
                 if bidder != NEUTRAL}
    state.step = dict.fromkeys(state.won, UNPAID)
    state.turn = None
    n = len(state.players)
    if 1 in state.won:
        state.start = state.won[1][0]
    elif n == 2 and state.start is not None:
        state.start = 1 - state.start
    if n == 2 and len({w for w, _ in state.won.values()}) == 2:
        state.neutral_level = ladder_step(d, state.neutral_level, +1)
    state.neutral_level = min(max(state.neutral_level, d.neutral_min), d.neutral_max)
