"""Which rule ids ``check`` verified for an event it accepted (the ``rules_for`` hook).

``referee coverage`` and the explorer call :func:`rules_for` for every accepted event, on the
state before the event is applied, so it only reads the state and the event: no copying, no
scoring. The ids named are those whose conditions ``check`` tested for this event, plus the
automatic effects the event triggers (income, stage changes, forced pay, scoring) and the
building abilities it brings into play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.model.core import Action, Chance, GameEvent, Phase
from referee.model.homesteaders.state import NEUTRAL, HomesteadersState

if TYPE_CHECKING:
    from referee.model.homesteaders.rules import Homesteaders

_ANYTIME_RULE = {"buy": "HS-MARKET-BUY", "sell": "HS-MARKET-SELL", "take_debt": "HS-DEBT-TAKE",
                 "hire": "HS-HIRE", "convert": "HS-CONVERT"}


def rules_for(game: Homesteaders, state: HomesteadersState,
              event: GameEvent) -> Sequence[str]:
    if isinstance(event, Chance):
        if event.name == "start_player":
            if state.round == 0:  # a game from the rulebook's setup, not from a position
                return ("HS-VOCAB", "HS-START-PLAYER", "HS-SETUP-PLAYERS", "HS-SETUP-COPIES",
                        "HS-SETUP-AUCTIONS")
            return ("HS-VOCAB", "HS-START-PLAYER")
        return ("HS-VOCAB", "HS-REVEAL", "HS-SETUP-AUCTIONS")
    if isinstance(event, Phase):
        return _phase_rules(game, state, event.name)
    return _action_rules(game, state, event)


def _owns(state: HomesteadersState, names: Sequence[str]) -> bool:
    return any(name in owned for owned in state.buildings for name in names)


def _income_rules(game: Homesteaders, state: HomesteadersState, out: list[str]) -> None:
    out += ["HS-INCOME", "HS-ALLOC-STANDS"]
    if _owns(state, game.rodeo_buildings):
        out.append("HS-RODEO")
    if _owns(state, game.bank_income_buildings):
        out.append("HS-BANK-INCOME")


def _phase_rules(game: Homesteaders, state: HomesteadersState, name: str) -> list[str]:
    out = ["HS-VOCAB", "HS-ROUND-ORDER"]
    d = game.data
    if name == "setup":
        r = state.round + 1
        if r > 1 and d.supply_stages(r) != d.supply_stages(r - 1):
            out.append("HS-STAGE")
        if state.won:
            out.append("HS-PAY-BID")
    elif name == "income":
        out.append("HS-REVEAL")
        _income_rules(game, state, out)
    elif name in ("bidding", "scoring"):
        if not all(state.paid):
            out.append("HS-PAY-AUTO")
        if name == "scoring":
            out += ["HS-SCORE", "HS-TIE"]
            if any(_counts_homestead(game, owned) for owned in state.buildings):
                out.append("HS-HOMESTEAD-RESIDENTIAL")
    elif name == "building":
        out += ["HS-BID-END", "HS-START-MARKER"]
        two = len(state.players) == 2
        if two:
            out += ["HS-NEUTRAL-BID", "HS-NEUTRAL-LEVEL"]
        if any(a not in state.high or state.high[a][1] == NEUTRAL
               for a in range(1, state.auctions + 1)):
            out.append("HS-NO-BIDS")
    elif name == "final_income":
        out.append("HS-FINAL-INCOME")
        if state.won:
            out.append("HS-PAY-BID")
        _income_rules(game, state, out)
    return out


def _action_rules(game: Homesteaders, state: HomesteadersState, event: Action) -> list[str]:
    name = event.name
    out = ["HS-VOCAB"]
    rule = _ANYTIME_RULE.get(name)
    if rule is not None:
        out += ["HS-ANYTIME", rule]
        if name == "sell" and _owns_one(state, event.player, game.sale_bonus_buildings):
            out.append("HS-GENERAL-STORE")
        return out
    if name == "allocate":
        out += ["HS-ALLOCATE", "HS-ALLOC-SLOTS"]
        if state.phase == "building":
            out.append("HS-FINAL-INCOME")
        return out
    if name in ("pay_workers", "pay_debt"):
        out.append("HS-PAY-WORKERS" if name == "pay_workers" else "HS-DEBT-PAY")
        if event.get("gold", 0):
            out.append("HS-GOLD-PAY")
        return out
    if name == "neutral_bid":
        out += ["HS-NEUTRAL-BID", "HS-BID-AUCTION", "HS-NEUTRAL-LEVEL"]
        return out
    if name == "bid":
        out += ["HS-BID-TURN", "HS-BID-AUCTION", "HS-BID-LADDER", "HS-BID-RAISE"]
        high = state.high.get(event.get("auction"))
        if high is not None and high[0] == event.get("amount"):
            out.append("HS-LAWYER")
        hold = state.hold[state.index(event.player)]
        if event.get("amount") > hold["silver"] + game.data.gold_as_silver * hold["gold"]:
            out.append("HS-BID-CASH")
        return out
    if name == "pass":
        out += ["HS-BID-TURN", "HS-PASS", "HS-TRACK-REWARD"]
        if len(state.players) == 2:
            out.append("HS-NEUTRAL-LEVEL")
        return out
    out.append("HS-BUILD-ORDER")
    auction = event.get("auction")
    tile = game.data.tiles[state.tiles[auction]]
    if name == "pay_bid":
        out.append("HS-PAY-BID")
        if event.get("gold", 0):
            out.append("HS-GOLD-PAY")
        if tile.on_pay_bid_vp:
            out.append("HS-TILE-30")
        return out
    if name == "build":
        return _build_rules(game, state, event, out)
    # bonus
    out.append("HS-BONUS")
    bonus = tile.bonus
    if bonus is not None and bonus.advance:
        out.append("HS-TRACK-REWARD")
    if event.get("pay") == "gold":
        out.append("HS-RIVER-PORT")
    return out


def _owns_one(state: HomesteadersState, player: str, names: Sequence[str] | dict[str, int],
              ) -> bool:
    owned = state.buildings[state.players.index(player)]
    return any(name in owned for name in names)


def _build_rules(game: Homesteaders, state: HomesteadersState, event: Action,
                 out: list[str]) -> list[str]:
    b = game.data.buildings[event.get("building")]
    extra = event.get("extra", False)
    out += ["HS-BUILD-SUPPLY", "HS-BUILD-UNIQUE", "HS-BUILD-COST"]
    out.append("HS-TRAIN-STATION" if extra else "HS-BUILD-TYPE")
    if b.extra_build and not extra:
        out.append("HS-TRAIN-STATION")
    if event.get("gold_for"):
        out.append("HS-RIVER-PORT")
    if b.on_build_advance:
        out += ["HS-TRACK-BUILD", "HS-TRACK-REWARD"]
    if b.on_build_worker:
        out.append("HS-WORKSHOP")
    if b.on_build_discard_debt:
        out.append("HS-BOARDING-HOUSE")
    if b.on_build and not b.extra_build:
        out.append("HS-RANCH")
    if _owns_one(state, event.player, game.forge_buildings):
        out.append("HS-FORGE")
    return out


__all__ = ["rules_for"]


def _counts_homestead(game: Homesteaders, owned: Sequence[str]) -> bool:
    """Whether a player's end bonuses count the Homestead (per Residential or per building)."""
    return "homestead" in owned and any(
        kind in ("residential", "building")
        for name in owned for kind in game.data.buildings[name].end_bonus)
