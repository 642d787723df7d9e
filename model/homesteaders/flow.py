"""The flow of Homesteaders: the stage a state is in, whose decision is awaited, which chance
event is due.

Stages follow the phase markers: ``draw`` (the start player is not drawn yet), ``start`` (before
round 1's setup marker), ``setup``, ``income``, ``bidding``, ``building`` (rounds 1-9),
``last_building`` (round 10's building phase, which also takes the allocations for the final
income), ``final_income`` and ``scoring``.

Who acts: in ``setup`` every player (allocations are simultaneous); in ``income`` and
``final_income`` whoever has not paid workers; in ``bidding`` the player whose turn it is (the
start player first places the neutral bid with 2 players; nobody once every player has passed or
holds a high bid); in the building stages the winner of the auction being resolved or next to
pay; in ``scoring`` every player. Only bids and passes are taken in turn: every other decision
checks its own conditions, so the actors of the other stages say whose decision is awaited in
messages.

Chance: ``start_player`` until the start player is drawn; ``reveal`` in ``setup`` while Auction 2
(or 3) shows no tile. Players may allocate and use the market before the reveals; the model's
own order (``chance_outcomes``) reveals first, Auction 2 before 3.

The market stays open in ``scoring`` (debt payoff and last trades), so no event is ever refused
because the game is over: :meth:`Homesteaders.is_over` (a ``final`` line may come) is the
scoring phase, while this flow's ``is_over`` stays false.
"""

from __future__ import annotations

from referee.model.core import Chance, Flow, Violation
from referee.model.homesteaders.data import HomesteadersData
from referee.model.homesteaders.state import BONUS, UNPAID, HomesteadersState


class HomesteadersFlow(Flow[HomesteadersState]):
    turn_rule = "HS-BID-TURN"
    end_rule = "HS-ROUND-ORDER"

    def __init__(self, data: HomesteadersData) -> None:
        self.data = data
        self.rounds = data.rounds

    def stage(self, state: HomesteadersState) -> str:
        if state.start is None:
            return "draw"
        phase = state.phase
        if phase == "building" and state.round == self.rounds:
            return "last_building"
        return phase

    def actors(self, state: HomesteadersState) -> tuple[str, ...]:
        if state.start is None:
            return ()
        phase = state.phase
        players = state.players
        if phase == "bidding":
            if len(players) == 2 and state.neutral_auction is None:
                return (players[state.start],)
            return () if state.turn is None else (players[state.turn],)
        if phase in ("setup", "scoring"):
            return players
        if phase in ("income", "final_income"):
            return tuple(p for i, p in enumerate(players) if not state.paid[i])
        if phase == "building":
            return self.builders(state)
        return ()

    def builders(self, state: HomesteadersState) -> tuple[str, ...]:
        """The winner of the auction being resolved (while it may still build or take its
        bonus) and the winner who pays next."""
        out: list[str] = []
        current = state.current_auction()
        if current is not None and state.step[current] < BONUS:
            out.append(state.players[state.won[current][0]])
        for a in sorted(state.won):
            if state.step[a] == UNPAID:
                name = state.players[state.won[a][0]]
                if name not in out:
                    out.append(name)
                break
        return tuple(out)

    def chance(self, state: HomesteadersState) -> str | None:
        if state.start is None:
            return "start_player"
        if state.phase == "setup" and any(a not in state.tiles
                                          for a in range(2, state.auctions + 1)):
            return "reveal"
        return None

    def is_over(self, state: HomesteadersState) -> bool:
        return False

    def stage_rule(self, stage: str) -> str:
        # reached for events the moves' own stage rules do not cover: anything before the start
        # player is drawn, and a bid or pass once bidding is over
        if stage == "draw":
            return "HS-START-PLAYER"
        if stage == "bidding":
            return "HS-BID-END"
        return "HS-ROUND-ORDER"

    def stray_chance(self, state: HomesteadersState, event: Chance,
                     expected: str) -> Violation:
        if event.name == "start_player":
            assert state.start is not None
            return Violation("chance", "HS-START-PLAYER", "the start player is already chosen "
                             f"({state.players[state.start]})")
        from referee.model.homesteaders.moves.rounds import reveal_problem

        found = reveal_problem(self.data, state, event)
        if found is not None:
            return found
        return Violation("order", "HS-REVEAL", f"no tile is revealed now; expected {expected}")

