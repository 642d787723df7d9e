"""The Homesteaders game object: setup (or a starting position), the move table and the flow it
derives ``check``, ``apply`` and ``legal_actions`` from, the score and the winners.

Decisions where the rulebook, the reference and the replay format are silent (docs/homesteaders.md
lists them too):

- Reveals: a log may record allocations and anytime actions before the round's reveals, but the
  model's own order (``legal_actions``/``chance_outcomes``) reveals first, Auction 2 before 3.
- Handing over more gold than a cost needs (a gold that covers nothing) is refused.
- ``pay_workers`` may be used once per income; paying again is ``illegal``.
- The start player marker and the neutral level's rise take effect at the ``building`` marker
  (once the winners are known); a pass lowers the neutral level at once (this round's neutral bid
  has already been placed).
- ``build`` after the auction's ``bonus`` is an ``order`` error; the bonus may be taken without
  building. ``worker`` (Workshop, worker bonuses) defaults to true; ``pay`` defaults to the
  resource the tile asks for.
- A tile without a building that awards items (14, 24) gives them at once: its ``bonus`` comes
  before the next ``pay_bid`` or marker (HS-BONUS); neither its worker nor its advance can be
  declined.
- Counts must be positive integers; 0 or less is a ``schema`` error.
- Allocations for the final income are made during round 10's building phase.
- Components (workers, chits, resources) are unlimited.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.model.core import (
    Action,
    Chance,
    ChanceMove,
    GameEvent,
    Move,
    Score,
    TableGame,
    Violation,
    describe,
    players_problem,
    refuse,
    unknown,
)
from referee.model.homesteaders.catalogue import RULES
from referee.model.homesteaders.data import HomesteadersData, load_data
from referee.model.homesteaders.flow import HomesteadersFlow
from referee.model.homesteaders.moves import move_table
from referee.model.homesteaders.moves.bidding import bid_problem
from referee.model.homesteaders.moves.rounds import IncomeTable, stage_supply
from referee.model.homesteaders.observe import observables
from referee.model.homesteaders.scoring import player_score, winners
from referee.model.homesteaders.state import HOLDINGS, HomesteadersState


def _some(events: Iterable[GameEvent]) -> bool:
    return next(iter(events), None) is not None


class Homesteaders(TableGame[HomesteadersState]):
    name = "homesteaders"
    title = "Homesteaders"
    rules = RULES
    vocab_rule = "HS-VOCAB"

    def __init__(self) -> None:
        self.data: HomesteadersData = load_data()
        self.min_players = self.data.min_players
        self.max_players = self.data.max_players
        # buildings by ability (from the data), read by the moves, the policy and the checker
        buildings = self.data.buildings.items()
        self.equal_bid_buildings = tuple(n for n, b in buildings if b.equal_bids)
        self.sale_bonus_buildings = {n: b.sale_bonus_silver for n, b in buildings
                                     if b.sale_bonus_silver}
        self.gold_for_buildings = {n: b.gold_for for n, b in buildings if b.gold_for}
        self.converter_buildings = {n: b.converts for n, b in buildings if b.converts}
        self.income = IncomeTable(self.data)
        self.flow = HomesteadersFlow(self.data)
        self.moves = move_table(self)
        self.observables = observables(self)

    # ------------------------------------------------------------------ setup

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> HomesteadersState:
        d = self.data
        problem = players_problem(players, d.min_players, d.max_players, self.title)
        if problem is not None:
            raise refuse("schema", "HS-SETUP-PLAYERS", problem)
        if options:
            if not isinstance(options, Mapping):
                raise refuse("schema", "HS-SETUP-OPTIONS", "options must be an object")
            raise refuse("schema", "HS-SETUP-OPTIONS",
                         f"{unknown('option', sorted(options)[0], ())} (Homesteaders has no "
                         "options)")
        n = len(players)
        state = HomesteadersState(
            players=tuple(players), auctions=d.auctions[n], neutral_level=d.neutral_start,
            hold=[self.start_holdings() for _ in players],
            buildings=[[d.start_building] for _ in players], slots=[() for _ in players],
            paid=[False] * n, supply=stage_supply(d, n, 1), passed=[False] * n,
            seat={p: i for i, p in enumerate(players)})
        if position is not None:
            from referee.model.homesteaders.position import apply_position

            apply_position(self, state, position)
        return state

    def start_holdings(self) -> dict[str, int]:
        hold = dict.fromkeys(HOLDINGS, 0)
        hold["silver"] = self.data.start_silver
        hold["workers"] = self.data.start_workers
        return hold

    # ------------------------------------------------------------------ the table's protocol

    def order(self, state: HomesteadersState, event: GameEvent,
              move: Move[HomesteadersState]) -> Violation | None:
        """The flow's order, checked stage first: a move outside its stages breaks the move's
        own ``order_rule`` (a ``pay_workers`` in the bidding phase breaks HS-PAY-WORKERS, even
        when the player is not the one whose turn it is), or HS-START-PLAYER while the start
        player is still to be drawn; the message says where the move belongs and what the game
        expects. A chance event that is not due breaks its own rule (the flow's
        ``stray_chance``); bids and passes out of turn get the flow's generic turn order. An
        action by a player who is not seated (the envelope refuses it in a log) breaks
        HS-VOCAB."""
        flow = self.flow
        shape = move.shape
        if shape == "action" and event.player not in state.players:
            return Violation("schema", "HS-VOCAB",
                             unknown("player", event.player, state.players))
        if shape == "chance":
            due = flow.chance(state)
            if due == move.name:
                return None
            if due == "start_player":
                return super().order(state, event, move)
            assert isinstance(event, Chance)
            return flow.stray_chance(state, event, self.expected(state))
        stages = move.stages
        if stages is not None:
            # the flow's stage, written out
            phase = state.phase
            stage = ("draw" if state.start is None else "last_building" if (
                phase == "building" and state.round == self.data.rounds) else phase)
            if stage not in stages:
                rule = (flow.stage_rule(stage) if flow.chance(state) == "start_player"
                        else move.order_rule or flow.stage_rule(stage))
                player = event.player if isinstance(event, Action) else None
                return Violation("order", rule, f"{describe(event)} {getattr(move, 'when', '')}"
                                 f"; found it {self.where(state)}, where the game expects "
                                 f"{self.expected(state)}", player)
        if shape == "action" and move.who == "actor" and event.player not in flow.actors(state):
            return super().order(state, event, move)
        return None

    def where(self, state: HomesteadersState) -> str:
        """Where the game is, in words: ``in round 3's bidding phase``."""
        phase = state.phase.replace("_", " ")
        if state.start is None:
            return "before the start player is drawn"
        if state.phase == "start":
            return "before round 1"
        if state.phase in ("final_income", "scoring"):
            return f"in the {phase} phase"
        return f"in round {state.round}'s {phase} phase"

    def expected(self, state: HomesteadersState) -> str:
        """What the flow awaits, in words: the chance event due, whose decision it is and which
        of the stage's own decisions are open to them (the market is always open), and the
        phase marker that may come next."""
        flow = self.flow
        parts = []
        due = flow.chance(state)
        if due is not None:
            move = self.moves.by_shape["chance"][due]
            assert isinstance(move, ChanceMove)
            parts.append(move.describe(state))
        stage = flow.stage(state)
        actors = flow.actors(state)
        if actors:
            names = [m.name for m in self.moves.decisions
                     if m.shape == "action" and m.stages is not None and stage in m.stages
                     and any(_some(m.legal(state, a)) for a in actors)]
            who = " or ".join(actors)
            parts.append(f"a decision by {who} ({', '.join(names)})" if names
                         else f"a decision by {who}")
        if due is None:
            parts += [f"phase {m.name!r}" for m in self.moves.decisions
                      if m.shape == "phase" and m.stages is not None and stage in m.stages
                      and _some(m.legal(state, None))]
        return " or ".join(parts) or "a market action"

    def is_over(self, state: HomesteadersState) -> bool:
        """The result stands once the scoring marker is passed (a ``final`` line may come); the
        market stays open for debt payoff and last trades, so the flow refuses nothing for
        being late."""
        return state.phase == "scoring"

    # ------------------------------------------------------------------ results

    def score(self, state: HomesteadersState) -> dict[str, Score]:
        return {p: player_score(self.data, state.hold[i], state.buildings[i])
                for i, p in enumerate(state.players)}

    def winners(self, state: HomesteadersState) -> list[str]:
        return winners(self.score(state),
                       {p: state.hold[i]["silver"] for i, p in enumerate(state.players)})

    # ------------------------------------------------------------------ queries

    def bid_problem(self, state: HomesteadersState, i: int, auction: int,
                    amount: int) -> Violation | None:
        """Whether player ``i`` may bid ``amount`` on ``auction`` (turn order aside)."""
        return bid_problem(self, state, i, auction, amount)

