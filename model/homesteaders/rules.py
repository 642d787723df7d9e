"""Homesteaders as an explicit-state machine: the game object, whose ``check`` and ``apply``
hand every event to the module of its area (``chance``, ``phases``, ``allocation``, ``payments``,
``bidding``, ``building``, ``anytime``).

Decisions where the rulebook, the reference and the replay format are silent (also listed in the
package docstring):

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
- Counts must be positive integers; 0 or less is a ``schema`` error.
- Allocations for the final income are made during round 10's building phase.
- Components (workers, chits, resources) are unlimited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from referee.model.core import Action, Chance, GameEvent, Phase, Score, Violation, refuse
from referee.model.homesteaders import allocation, anytime, bidding, chance, payments
from referee.model.homesteaders import building as building_phase
from referee.model.homesteaders.catalogue import RULES
from referee.model.homesteaders.data import HomesteadersData, Tile, load_data
from referee.model.homesteaders.effects import stage_supply, track_reward_names
from referee.model.homesteaders.phases import apply_phase, check_phase
from referee.model.homesteaders.ruleids import rules_for
from referee.model.homesteaders.scoring import player_score
from referee.model.homesteaders.scoring import winners as score_winners
from referee.model.homesteaders.state import HOLDINGS, HomesteadersState

# action name -> (check, apply), each called as f(game, state, event)
_ACTIONS = {
    "allocate": (allocation.check_allocate, allocation.apply_allocate),
    "buy": (anytime.check_buy, anytime.apply_buy),
    "sell": (anytime.check_sell, anytime.apply_sell),
    "take_debt": (anytime.check_take_debt, anytime.apply_take_debt),
    "hire": (anytime.check_hire, anytime.apply_hire),
    "convert": (anytime.check_convert, anytime.apply_convert),
    "pay_workers": (payments.check_pay_workers, payments.apply_pay_workers),
    "neutral_bid": (bidding.check_neutral_bid, bidding.apply_neutral_bid),
    "bid": (bidding.check_bid, bidding.apply_bid),
    "pass": (bidding.check_pass, bidding.apply_pass),
    "pay_bid": (building_phase.check_pay_bid, building_phase.apply_pay_bid),
    "build": (building_phase.check_build, building_phase.apply_build),
    "bonus": (building_phase.check_bonus, building_phase.apply_bonus),
    "pay_debt": (payments.check_pay_debt, payments.apply_pay_debt),
}


class Homesteaders:
    """The game object: setup, dispatch of every event to its area's check and apply, and the
    queries the explorer, the validator and the simulator ask of a state."""

    name = "homesteaders"
    title = "Homesteaders"
    rules = RULES

    def __init__(self) -> None:
        self.data: HomesteadersData = load_data()
        self.min_players = self.data.min_players
        self.max_players = self.data.max_players
        # buildings by ability (from the data), used by the rule modules, moves and simulate
        buildings = self.data.buildings.items()
        self.equal_bid_buildings = tuple(n for n, b in buildings if b.equal_bids)
        self.sale_bonus_buildings = {n: b.sale_bonus_silver for n, b in buildings
                                     if b.sale_bonus_silver}
        self.gold_for_buildings = {n: b.gold_for for n, b in buildings if b.gold_for}
        self.converter_buildings = {n: b.converts for n, b in buildings if b.converts}
        self.rodeo_buildings = tuple(n for n, b in buildings if b.income_per_worker)
        self.bank_income_buildings = tuple(n for n, b in buildings
                                           if b.income_discard_debt or b.income_no_debt_silver)
        self.forge_buildings = tuple(n for n, b in buildings if b.later_build_vp)

    # ------------------------------------------------------------------ setup

    def new_state(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                  position: Mapping[str, Any] | None = None) -> HomesteadersState:
        d = self.data
        if (not isinstance(players, list | tuple)
                or not all(isinstance(p, str) and p for p in players)
                or len(set(players)) != len(players)):
            raise refuse("schema", "HS-SETUP-PLAYERS",
                         f"players must be distinct non-empty names, found {players!r}")
        if not d.min_players <= len(players) <= d.max_players:
            raise refuse("schema", "HS-SETUP-PLAYERS", f"Homesteaders takes {d.min_players} to "
                         f"{d.max_players} players, found {len(players)}")
        if options:
            if not isinstance(options, Mapping):
                raise refuse("schema", "HS-SETUP-OPTIONS", "options must be an object")
            raise refuse("schema", "HS-SETUP-OPTIONS",
                         f"unknown option {sorted(options)[0]!r} (Homesteaders has no options)")
        n = len(players)
        state = HomesteadersState(
            players=tuple(players), auctions=d.auctions[n], neutral_level=d.neutral_start,
            hold=[self.start_holdings() for _ in players],
            buildings=[[d.start_building] for _ in players], slots=[() for _ in players],
            paid=[False] * n, supply=stage_supply(d, n, 1), passed=[False] * n)
        if position is not None:
            from referee.model.homesteaders.position import apply_position

            apply_position(self, state, position)
        return state

    def start_holdings(self) -> dict[str, int]:
        hold = dict.fromkeys(HOLDINGS, 0)
        hold["silver"] = self.data.start_silver
        hold["workers"] = self.data.start_workers
        return hold

    # ------------------------------------------------------------------ chance

    def pending_reveals(self, state: HomesteadersState) -> list[int]:
        return chance.pending_reveals(state)

    def reveal_pool(self, state: HomesteadersState, auction: int) -> list[int]:
        return chance.reveal_pool(self, state, auction)

    def chance_outcomes(self, state: HomesteadersState) -> list[tuple[Chance, Fraction]]:
        return chance.chance_outcomes(self, state)

    # ------------------------------------------------------------------ protocol

    def check(self, state: HomesteadersState, event: GameEvent) -> Violation | None:
        if isinstance(event, Chance):
            return chance.check_chance(self, state, event)
        if isinstance(event, Phase):
            return check_phase(self, state, event)
        if not isinstance(event, Action):
            return Violation("schema", "HS-VOCAB", f"not a game event: {event!r}")
        if event.player not in state.players:
            return Violation("schema", "HS-VOCAB", f"unknown player {event.player!r} (players: "
                             f"{', '.join(state.players)})")
        handlers = _ACTIONS.get(event.name)
        if handlers is None:
            return Violation("schema", "HS-VOCAB", f"unknown action {event.name!r}",
                             event.player)
        return handlers[0](self, state, event)

    def rules_for(self, state: HomesteadersState, event: GameEvent) -> Sequence[str]:
        """The rule ids ``check`` verified for ``event``, which it accepted in ``state``."""
        return rules_for(self, state, event)

    def apply(self, state: HomesteadersState, event: GameEvent) -> None:
        if isinstance(event, Chance):
            chance.apply_chance(state, event)
        elif isinstance(event, Phase):
            apply_phase(self, state, event)
        else:
            _ACTIONS[event.name][1](self, state, event)

    def is_over(self, state: HomesteadersState) -> bool:
        return state.phase == "scoring"

    def score(self, state: HomesteadersState) -> dict[str, Score]:
        return {p: player_score(self.data, state.hold[i], state.buildings[i])
                for i, p in enumerate(state.players)}

    def winners(self, state: HomesteadersState) -> list[str]:
        return score_winners(self.score(state),
                             {p: state.hold[i]["silver"] for i, p in enumerate(state.players)})

    def quantities(self, state: HomesteadersState, player: str) -> dict[str, int]:
        i = state.index(player)
        out = dict(state.hold[i])
        out["score"] = player_score(self.data, state.hold[i], state.buildings[i]).total
        return out

    def global_quantities(self, state: HomesteadersState) -> dict[str, int]:
        return {"round": state.round, "neutral_level": state.neutral_level}

    def check_claims(self, state: HomesteadersState, claims: Mapping[str, Any]) -> list[Violation]:
        from referee.model.homesteaders.claims import check_claims

        return check_claims(self, state, claims)

    def legal_actions(self, state: HomesteadersState) -> list[GameEvent]:
        from referee.model.homesteaders.moves import legal_actions

        return legal_actions(self, state)

    # ------------------------------------------------------------------ queries

    def allocation_problem(self, state: HomesteadersState, i: int,
                           counts: Mapping[str, int]) -> Violation | None:
        return allocation.allocation_problem(self, state, i, counts)

    def owns_any(self, state: HomesteadersState, i: int, names: Sequence[str]) -> bool:
        return any(n in state.buildings[i] for n in names)

    def bid_problem(self, state: HomesteadersState, i: int, auction: int,
                    amount: int) -> Violation | None:
        return bidding.bid_problem(self, state, i, auction, amount)

    def current_auction(self, state: HomesteadersState) -> int | None:
        return building_phase.current_auction(state)

    def tile(self, state: HomesteadersState, auction: int) -> Tile:
        return building_phase.tile(self, state, auction)

    def build_cost(self, state: HomesteadersState, i: int, building: str,
                   gold_for: Sequence[str]) -> dict[str, int]:
        return building_phase.build_cost(self, building, gold_for)

    def reward_names(self) -> tuple[str, ...]:
        return track_reward_names(self.data)
