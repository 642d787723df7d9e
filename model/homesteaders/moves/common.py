"""What several areas of the rules share: the base classes of the Homesteaders moves, the schema
checks of counts, auctions and resources, railroad rewards, gains, wages and silver payments.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.model.core import (
    Action,
    ActionMove,
    ChanceMove,
    PhaseMove,
    Violation,
    is_int,
    unknown,
)
from referee.model.homesteaders import market
from referee.model.homesteaders.data import RESOURCES, HomesteadersData, Tile
from referee.model.homesteaders.state import BONUS, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.game import Homesteaders

State = HomesteadersState


class _Bound:
    """A move that knows its game (the data, the buildings-by-ability tables). Every move with
    ``stages`` names its ``order_rule`` (Homesteaders cites the move's own rule for a move out of
    its place) and says ``when`` it belongs, for the message."""

    when: ClassVar[str] = ""

    def __init__(self, game: Homesteaders) -> None:
        self.game = game
        self.data: HomesteadersData = game.data


class Act(_Bound, ActionMove[State]):
    pass


class Marker(_Bound, PhaseMove[State]):
    order_rule: ClassVar[str | None] = "HS-ROUND-ORDER"


class Draw(_Bound, ChanceMove[State]):
    pass


# --------------------------------------------------------------------------- schema checks


def count_problem(event: Action, key: str, rule: str, default: int | None = None,
                  ) -> Violation | None:
    value = event.get(key, default)
    if value is None or value < 1:
        return Violation("schema", rule, f"action {event.name!r}: field {key!r} must be a "
                         f"positive integer, found {value}", event.player)
    return None


def auction_problem(state: State, event: Action, rule: str) -> Violation | None:
    """An auction that is not 1, 2 or 3 (``schema`` under ``rule``), or one not in play with
    this many players (``illegal`` HS-BID-AUCTION): wrong in any state of the game."""
    auction = event.get("auction")
    if auction not in (1, 2, 3):
        return Violation("schema", rule, unknown("auction", auction, ["1", "2", "3"]),
                         event.player)
    if auction > state.auctions:
        return Violation("illegal", "HS-BID-AUCTION", f"auction {auction} is not used with "
                         f"{len(state.players)} players", event.player)
    return None


def resource_problem(event: Action, key: str, rule: str) -> Violation | None:
    if event.get(key) not in RESOURCES:
        return Violation("schema", rule, unknown("resource", event.get(key), RESOURCES),
                         event.player)
    return None


# --------------------------------------------------------------------------- railroad rewards

# reward/gain name -> the holding it adds to
_GAIN_KEY = {"worker": "workers"}


def holding(gain_name: str) -> str:
    """The holding a gain or reward adds to (a ``worker`` adds to ``workers``)."""
    return _GAIN_KEY.get(gain_name, gain_name)


def gain(hold: MutableMapping[str, int], gains: Mapping[str, int]) -> None:
    for name, amount in gains.items():
        hold[_GAIN_KEY.get(name, name)] += amount


def reward_names(data: HomesteadersData) -> tuple[str, ...]:
    return tuple(data.track_rewards(data.track_max))


def reward_schema_problem(data: HomesteadersData, event: Action) -> Violation | None:
    reward = event.get("reward")
    if reward is not None and reward not in reward_names(data):
        return Violation("schema", "HS-TRACK-REWARD",
                         unknown("railroad reward", reward, reward_names(data)), event.player)
    return None


def reward_problem(data: HomesteadersData, state: State, i: int, reward: Any,
                   ) -> Violation | None:
    """Whether player ``i`` may take ``reward`` (a known reward name) on an advance."""
    reached = min(state.hold[i]["track"] + 1, data.track_max)
    if reward not in data.track_rewards(reached):
        space = next(s.space for s in data.track if reward in s.rewards)
        return Violation("illegal", "HS-TRACK-REWARD", f"reward {reward!r} is on railroad space "
                         f"{space}, but the marker reaches space {reached}", state.players[i])
    return None


def rewards(data: HomesteadersData, track: int) -> list[str]:
    """The rewards an advance from ``track`` may take, in the track's order."""
    return list(data.track_rewards(min(track + 1, data.track_max)))


def advance(data: HomesteadersData, hold: MutableMapping[str, int], reward: str) -> None:
    hold["track"] = min(hold["track"] + 1, data.track_max)
    gain(hold, {reward: data.track_rewards(hold["track"])[reward]})


def ladder_step(data: HomesteadersData, level: int, step: int) -> int:
    """The neutral level ``step`` rungs up (or down) the part of the ladder it may stand on."""
    ladder = [v for v in data.ladder if data.neutral_min <= v <= data.neutral_max]
    i = ladder.index(level) if level in ladder else 0
    return ladder[min(max(i + step, 0), len(ladder) - 1)]


# --------------------------------------------------------------------------- paying silver


def wages(data: HomesteadersData, hold: Mapping[str, int]) -> int:
    return data.worker_wage * hold["workers"]


def gold_param_problem(event: Action) -> Violation | None:
    gold = event.get("gold", 0)
    if is_int(gold) and gold < 0:
        return Violation("schema", "HS-GOLD-PAY", f"action {event.name!r}: gold handed over "
                         f"must be 0 or more, found {gold}", event.player)
    return None


def payment_problem(state: State, i: int, cost: int, gold: int, rule: str,
                    what: str) -> Violation | None:
    """Why player ``i`` cannot pay ``cost`` silver handing over ``gold`` gold, or None."""
    hold = state.hold[i]
    player = state.players[i]
    if gold > hold["gold"] or gold > market.useful_gold(cost):
        problem = market.gold_problem(cost, gold, hold["gold"], hold["silver"])
        return Violation("illegal", "HS-GOLD-PAY", f"paying {cost} silver for {what}: {problem}",
                         player)
    due = market.silver_due(cost, gold)
    if due > hold["silver"]:
        return Violation("illegal", rule, f"paying {cost} silver for {what}: needs {due} silver "
                         f"after {gold} gold, holds {hold['silver']}", player)
    return None


def payable_gold(hold: Mapping[str, int], cost: int) -> list[int]:
    """Every gold count that pays ``cost`` from ``hold`` (the rest in silver)."""
    return [g for g in range(0, min(hold["gold"], market.useful_gold(cost)) + 1)
            if market.silver_due(cost, g) <= hold["silver"]]


def port_resources(game: Homesteaders, state: State, i: int) -> set[str]:
    """The resources gold may stand in for, by the River Ports player ``i`` owns."""
    owned = state.buildings[i]
    return {r for n, rs in game.gold_for_buildings.items() if n in owned for r in rs}


def tile(data: HomesteadersData, state: State, auction: int) -> Tile:
    return data.tiles[state.tiles[auction]]


def owed_items_problem(data: HomesteadersData, state: State,
                       before: int | None = None) -> Violation | None:
    """A won auction (before auction ``before``, or any) whose tile awards items the winner has
    not taken yet (HS-BONUS): the game may not move past it."""
    for a in sorted(state.won):
        if before is not None and a >= before:
            break
        t = tile(data, state, a)
        if t.awards_items and state.step[a] != BONUS:
            assert t.bonus is not None
            winner = state.players[state.won[a][0]]
            items = " and ".join(x for x, on in (("a worker", t.bonus.worker),
                                                  ("a railroad advance", t.bonus.advance)) if on)
            return Violation("order", "HS-BONUS", f"{winner} has not taken the items of auction "
                             f"{a}: tile {t.id} gives {items} instead of a building, at once; "
                             f"expected {winner}'s bonus on auction {a} before the game moves "
                             "on", winner)
    return None
