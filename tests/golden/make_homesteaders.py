"""Writes the Homesteaders golden corpus (``tests/golden/homesteaders/``) and the bundled examples
(``replays/examples/``).

Golden logs are short games from a header ``position``: for every HS rule id one log that breaks
it (``<RULE>-break-*.jsonl``) and, where the rule permits something, one that uses it legally
(``<RULE>-legal-*.jsonl``). Rules that describe an automatic effect (income, stage change, the
Rodeo, ...) are broken by a ``check`` line that claims the state without the effect, which the
validator reports as a ``checkpoint`` error of the quantity's rule (HS-SCORE, HS-START-MARKER,
or LOG-CHECK-VALUE for the rest).

Every written log carries the ``expect`` header of its intended verdict; the script validates each
log and stops with an error when the outcome differs from what the case intends, so the corpus is
regenerated only in a form that passes. The machinery shared with ``make_pionjar.py`` (cases,
filling in ``check`` and ``final`` lines, writing and confirming logs) is in ``casework.py``. Run
from the repository root:

    python tests/golden/make_homesteaders.py            # both
    python tests/golden/make_homesteaders.py golden     # or examples
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from casework import EXAMPLES, Case, Casework, Claim, FinalLine, Intended, Obj, confirm, write_log

from referee.games import registration
from referee.model.homesteaders import GAME
from referee.model.homesteaders.state import HomesteadersState
from referee.replays.records import Event
from referee.replays.simulate import simulate_game
from referee.replays.writer import dumps, header

P2 = ("Ann", "Bo")
P3 = ("Ann", "Bo", "Cy")
P4 = ("Ann", "Bo", "Cy", "Di")
GROUP_TILE = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19, 10: 20}


# --------------------------------------------------------------------------- event helpers


def a(player: str, action: str, **params: Any) -> Obj:
    return {"player": player, "action": action, **params}


def ph(name: str, **params: Any) -> Obj:
    return {"phase": name, **params}


def ch(name: str, **params: Any) -> Obj:
    return {"chance": name, **params}


def check(claims: Obj) -> Obj:
    return {"check": claims}


def pos(round_: int, phase: str, players: Mapping[str, Obj] | None = None,
        names: Sequence[str] = P3, start: str = "Ann", tiles: Mapping[str, int] | None = None,
        used: Sequence[int] = (), **extra: Any) -> Obj:
    """A header position; every player holds 6 silver unless ``players`` says otherwise, and
    auctions 2 (and 3) show the round's first tile of the group unless ``tiles`` does."""
    if tiles is None and phase in ("income", "bidding"):
        tiles = {"2": GROUP_TILE[round_]}
        if len(names) == 4:
            tiles["3"] = GROUP_TILE[round_] + 10
    out: Obj = {"round": round_, "phase": phase, "start_player": start}
    if tiles:
        out["tiles"] = dict(tiles)
    if used:
        out["used_tiles"] = list(used)
    out.update(extra)
    out["players"] = {p: {"silver": 6, **(players or {}).get(p, {})} for p in names}
    return out


# --------------------------------------------------------------------------- cases


def _actual(state: HomesteadersState, claim: Claim) -> Any:
    return GAME.observables.values(state, claim.player, [claim.quantity])[claim.quantity]


def _simulate(players: Sequence[str], rng: random.Random) -> list[Event]:
    return simulate_game(registration("homesteaders"), list(players), rng)


CASEWORK = Casework(GAME, "homesteaders", _actual)


# the common openings ------------------------------------------------------------


def bidding(r: int = 1, players: Mapping[str, Obj] | None = None, names: Sequence[str] = P3,
            **kw: Any) -> Obj:
    return pos(r, "bidding", players, names, **kw)


def win1(amount: int = 3, winner: str = "Ann", names: Sequence[str] = P3,
         auction: int = 1) -> list[Obj]:
    """``winner`` (the start player) bids on ``auction``; everyone else passes for trade."""
    out = [a(winner, "bid", auction=auction, amount=amount)]
    out += [a(p, "pass", reward="trade") for p in names if p != winner]
    return [*out, ph("building")]


def golden_cases() -> list[Case]:
    c: list[Case] = []

    def add(name: str, events: list[Any], want: tuple[str, str] | None = None,
            players: Sequence[str] = P3, **kw: Any) -> None:
        c.append(Case(name, events, want, players=players, **kw))

    # --- vocabulary, setup, start
    add("HS-VOCAB-break-unknown-action", [a("Ann", "steal", resource="gold")],
        ("schema", "HS-VOCAB"), position=bidding())
    add("HS-SETUP-legal-from-the-rulebook-setup",
        [ch("start_player", player="Bo"), ph("setup", round=1), ch("reveal", auction=2, tile=13),
         a("Ann", "allocate", slots=["homestead:0"]), ph("income"), ph("bidding")])
    add("HS-SETUP-AUCTIONS-legal-4p-reveals-auction-3",
        [ch("start_player", player="Di"), ph("setup", round=1), ch("reveal", auction=2, tile=11),
         ch("reveal", auction=3, tile=24), ph("income")], players=P4)
    add("HS-SETUP-OPTIONS-break-unknown-option", [ch("start_player", player="Ann")],
        ("schema", "HS-SETUP-OPTIONS"), options={"variant": "long"}, line=1)
    add("HS-SETUP-AUCTIONS-break-auction-3-with-3-players",
        [ch("reveal", auction=2, tile=12), ch("reveal", auction=3, tile=22)],
        ("chance", "HS-SETUP-AUCTIONS"), position=pos(2, "setup", used=[11]))
    add("HS-START-PLAYER-break-setup-before-start-player", [ph("setup", round=1)],
        ("order", "HS-START-PLAYER"))
    add("HS-START-PLAYER-break-chosen-twice",
        [ch("start_player", player="Ann"), ch("start_player", player="Bo")],
        ("chance", "HS-START-PLAYER"))
    add("HS-ANYTIME-break-before-the-game-starts", [a("Bo", "take_debt", count=1)],
        ("order", "HS-ANYTIME"))
    add("HS-ANYTIME-legal-market-during-bidding",
        [a("Ann", "bid", auction=1, amount=3), a("Cy", "buy", resource="wood"),
         a("Bo", "sell", resource="food", count=1), a("Bo", "pass", reward="trade")],
        position=bidding(players={"Bo": {"food": 1, "trade": 1}, "Cy": {"trade": 1}}))
    add("HS-ROUND-ORDER-break-bidding-before-income",
        [ch("reveal", auction=2, tile=13), ph("bidding")], ("order", "HS-ROUND-ORDER"),
        position=pos(3, "setup", used=[11, 12]))
    add("HS-ROUND-ORDER-legal-a-round",
        [ch("reveal", auction=2, tile=13), ph("income"), ph("bidding"),
         *win1(3), a("Ann", "pay_bid", auction=1), ph("setup", round=4)],
        position=pos(3, "setup", used=[11, 12]))

    # --- stage, reveal
    stage_open = [a(p, "pass", reward="trade") for p in P3] + [ph("building"),
                                                                ph("setup", round=5)]
    add("HS-STAGE-legal-round-5-brings-the-town",
        [*stage_open, ch("reveal", auction=2, tile=15), ph("income"), ph("bidding"),
         *win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="bank")],
        position=bidding(4, {"Ann": {"steel": 1, "copper": 1}}, used=[11, 12, 13]))
    add("HS-STAGE-break-settlement-building-gone",
        [*stage_open, ch("reveal", auction=2, tile=15), ph("income"), ph("bidding"),
         *win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="market")],
        ("illegal", "HS-BUILD-SUPPLY"),
        position=bidding(4, {"Ann": {"wood": 1}}, used=[11, 12, 13]))
    add("HS-REVEAL-break-tile-revealed-before", [ch("reveal", auction=2, tile=11)],
        ("chance", "HS-REVEAL"), position=pos(2, "setup", used=[11]))
    add("HS-REVEAL-break-wrong-group", [ch("reveal", auction=2, tile=15)],
        ("chance", "HS-REVEAL"), position=pos(2, "setup", used=[11]))
    add("HS-REVEAL-break-income-before-reveal", [ph("income")], ("order", "HS-REVEAL"),
        position=pos(2, "setup", used=[11]))

    # --- allocation and income
    add("HS-ALLOCATE-break-in-the-bidding-phase", [a("Ann", "allocate", slots=["homestead:1"])],
        ("order", "HS-ALLOCATE"), position=bidding())
    add("HS-ALLOC-SLOTS-break-building-not-owned",
        [ch("reveal", auction=2, tile=12), a("Bo", "allocate", slots=["farm:0"])],
        ("illegal", "HS-ALLOC-SLOTS"), position=pos(2, "setup", used=[11]))
    add("HS-ALLOC-SLOTS-break-more-workers-than-owned",
        [ch("reveal", auction=2, tile=12),
         a("Bo", "allocate", slots=["homestead:0", "homestead:1"])],
        ("illegal", "HS-ALLOC-SLOTS"), position=pos(2, "setup", used=[11]))
    port = {"Ann": {"workers": 2, "buildings": ["homestead", "river_port"]}}
    add("HS-ALLOC-SLOTS-legal-double-slot",
        [ch("reveal", auction=2, tile=12),
         a("Ann", "allocate", slots=["river_port:0", "river_port:0"]), ph("income"),
         Claim("Ann", "gold")], position=pos(2, "setup", port, used=[11]))
    stands = {"Ann": {"slots": ["homestead:0"]}}
    add("HS-ALLOC-STANDS-legal-placement-stands",
        [ch("reveal", auction=2, tile=12), ph("income"), Claim("Ann", "wood")],
        position=pos(2, "setup", stands, used=[11]))
    add("HS-ALLOC-STANDS-break-claims-idle-worker",
        [ch("reveal", auction=2, tile=12), ph("income"), Claim("Ann", "wood", -1)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=pos(2, "setup", stands, used=[11]))
    add("HS-INCOME-legal-collect",
        [ch("reveal", auction=2, tile=12), ph("income"), Claim("Bo", "silver")],
        position=pos(2, "setup", {"Bo": {"rail": 2}}, used=[11]))
    add("HS-INCOME-break-claims-no-rail-income",
        [ch("reveal", auction=2, tile=12), ph("income"), Claim("Bo", "silver", -2)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=pos(2, "setup", {"Bo": {"rail": 2}}, used=[11]))
    add("HS-PAY-WORKERS-legal-pay-then-bid", [a("Cy", "pay_workers"), ph("bidding")],
        position=pos(2, "income"))
    add("HS-PAY-WORKERS-break-paid-twice", [a("Cy", "pay_workers"), a("Cy", "pay_workers")],
        ("illegal", "HS-PAY-WORKERS"), position=pos(2, "income"))
    add("HS-PAY-WORKERS-break-after-bidding-marker", [ph("bidding"), a("Cy", "pay_workers")],
        ("order", "HS-PAY-WORKERS"), position=pos(2, "income"))
    add("HS-PAY-AUTO-legal-paid-at-the-marker", [ph("bidding"), Claim("Ann", "silver")],
        position=pos(2, "income", {"Ann": {"silver": 3, "workers": 3}}))
    add("HS-PAY-AUTO-break-not-enough-silver", [ph("bidding")], ("illegal", "HS-PAY-AUTO"),
        position=pos(2, "income", {"Ann": {"silver": 2, "workers": 3}}))
    add("HS-GOLD-PAY-legal-gold-for-workers", [a("Ann", "pay_workers", gold=1), ph("bidding")],
        position=pos(2, "income", {"Ann": {"silver": 0, "gold": 1, "workers": 3}}))
    add("HS-GOLD-PAY-break-gold-not-needed", [a("Ann", "pay_workers", gold=2)],
        ("illegal", "HS-GOLD-PAY"), position=pos(2, "income", {"Ann": {"gold": 2,
                                                                         "workers": 3}}))

    # --- bidding
    add("HS-BID-TURN-break-out-of-turn", [a("Bo", "bid", auction=1, amount=3)],
        ("order", "HS-BID-TURN"), position=bidding())
    add("HS-BID-TURN-legal-outbid-player-bids-again",
        [a("Ann", "bid", auction=1, amount=3), a("Bo", "bid", auction=1, amount=4),
         a("Cy", "pass", reward="trade"), a("Ann", "bid", auction=2, amount=3),
         ph("building")], position=bidding())
    add("HS-BID-AUCTION-break-auction-3-with-3-players", [a("Ann", "bid", auction=3, amount=3)],
        ("illegal", "HS-BID-AUCTION"), position=bidding())
    add("HS-BID-AUCTION-legal-auction-3-with-4-players", [a("Ann", "bid", auction=3, amount=3)],
        players=P4, position=bidding(names=P4))
    add("HS-BID-LADDER-break-bid-8", [a("Ann", "bid", auction=1, amount=8)],
        ("illegal", "HS-BID-LADDER"), position=bidding())
    add("HS-BID-LADDER-legal-bid-21", [a("Ann", "bid", auction=1, amount=21)],
        position=bidding())
    add("HS-BID-RAISE-break-equal-bid",
        [a("Ann", "bid", auction=1, amount=5), a("Bo", "bid", auction=1, amount=5)],
        ("illegal", "HS-BID-RAISE"), position=bidding())
    lawyer = {"Bo": {"buildings": ["homestead", "lawyer"]}}
    add("HS-LAWYER-legal-equal-bid",
        [a("Ann", "bid", auction=1, amount=5), a("Bo", "bid", auction=1, amount=5)],
        position=bidding(6, lawyer))
    add("HS-LAWYER-break-below-the-high-bid",
        [a("Ann", "bid", auction=1, amount=5), a("Bo", "bid", auction=1, amount=4)],
        ("illegal", "HS-LAWYER"), position=bidding(6, lawyer))
    add("HS-BID-CASH-legal-bid-above-cash-on-hand",
        [a("Ann", "bid", auction=1, amount=21), Claim(None, "round")],
        position=bidding(players={"Ann": {"silver": 0}}))
    add("HS-PASS-legal-pass", [a("Ann", "pass", reward="trade"), Claim("Ann", "track")],
        position=bidding())
    add("HS-PASS-break-no-reward", [a("Ann", "pass")], ("schema", "HS-PASS"),
        position=bidding())
    add("HS-TRACK-REWARD-legal-vp-at-the-end-of-the-track",
        [a("Ann", "pass", reward="vp"), Claim("Ann", "vp")],
        position=bidding(players={"Ann": {"track": 5}}))
    add("HS-TRACK-REWARD-break-space-not-reached", [a("Ann", "pass", reward="worker")],
        ("illegal", "HS-TRACK-REWARD"), position=bidding(players={"Ann": {"track": 1}}))
    add("HS-BID-END-break-building-while-bidding", [a("Ann", "bid", auction=1, amount=3),
                                                     ph("building")],
        ("order", "HS-BID-END"), position=bidding())
    add("HS-BID-END-legal-everyone-passed-or-high",
        [a("Ann", "bid", auction=1, amount=3), a("Bo", "bid", auction=2, amount=3),
         a("Cy", "pass", reward="trade"), ph("building")], position=bidding())
    add("HS-NEUTRAL-BID-legal-2p-opening",
        [a("Ann", "neutral_bid", auction=2), a("Ann", "bid", auction=1, amount=3),
         a("Bo", "bid", auction=2, amount=6), ph("building")],
        players=P2, position=bidding(names=P2))
    add("HS-NEUTRAL-BID-break-bid-before-neutral", [a("Ann", "bid", auction=1, amount=3)],
        ("order", "HS-NEUTRAL-BID"), players=P2, position=bidding(names=P2))
    add("HS-NEUTRAL-BID-break-not-the-start-player", [a("Bo", "neutral_bid", auction=1)],
        ("order", "HS-NEUTRAL-BID"), players=P2, position=bidding(names=P2))
    add("HS-NEUTRAL-LEVEL-legal-pass-lowers",
        [a("Ann", "neutral_bid", auction=2), a("Ann", "pass", reward="trade"),
         Claim(None, "neutral_level")], players=P2, position=bidding(names=P2))
    add("HS-NEUTRAL-LEVEL-legal-both-win-raises",
        [a("Ann", "neutral_bid", auction=1), a("Ann", "bid", auction=1, amount=6),
         a("Bo", "bid", auction=2, amount=3), ph("building"), Claim(None, "neutral_level")],
        players=P2, position=bidding(names=P2))
    add("HS-NEUTRAL-LEVEL-break-claims-unchanged-level",
        [a("Ann", "neutral_bid", auction=2), a("Ann", "pass", reward="trade"),
         Claim(None, "neutral_level", value=5)], ("checkpoint", "LOG-CHECK-VALUE"),
        players=P2, position=bidding(names=P2))
    add("HS-NO-BIDS-legal-auction-discarded",
        [*[a(p, "pass", reward="trade") for p in P3], ph("building"), ph("setup", round=2)],
        position=bidding())
    add("HS-NO-BIDS-break-paying-a-discarded-auction",
        [*[a(p, "pass", reward="trade") for p in P3], ph("building"),
         a("Ann", "pay_bid", auction=1)], ("illegal", "HS-NO-BIDS"), position=bidding())

    # --- building
    add("HS-BUILD-ORDER-break-build-before-paying",
        [*win1(3), a("Ann", "build", auction=1, building="farm")], ("order", "HS-BUILD-ORDER"),
        position=bidding(players={"Ann": {"wood": 1}}))
    add("HS-BUILD-ORDER-break-build-after-bonus",
        [*win1(3, auction=2), a("Ann", "pay_bid", auction=2),
         a("Ann", "bonus", auction=2, reward="trade"),
         a("Ann", "build", auction=2, building="farm")], ("order", "HS-BUILD-ORDER"),
        position=bidding(4, {"Ann": {"wood": 1}}, used=[11, 12, 13]))
    add("HS-BUILD-ORDER-legal-pay-build-bonus",
        [a("Ann", "bid", auction=2, amount=3), a("Bo", "bid", auction=1, amount=3),
         a("Cy", "pass", reward="trade"), ph("building"), a("Bo", "pay_bid", auction=1),
         a("Ann", "pay_bid", auction=2), a("Ann", "build", auction=2, building="market")],
        position=bidding(1, {"Ann": {"wood": 1}}, tiles={"2": 13}))
    add("HS-PAY-BID-break-not-enough-silver", [*win1(7), a("Ann", "pay_bid", auction=1)],
        ("illegal", "HS-PAY-BID"), position=bidding())
    add("HS-PAY-BID-break-next-round-before-paying", [*win1(3), ph("setup", round=2)],
        ("order", "HS-PAY-BID"), position=bidding())
    add("HS-PAY-BID-legal-with-gold", [*win1(7), a("Ann", "pay_bid", auction=1, gold=1),
                                        Claim("Ann", "silver")],
        position=bidding(players={"Ann": {"silver": 4, "gold": 1}}))
    add("HS-BUILD-TYPE-break-industrial-on-tile-1",
        [*win1(3), a("Ann", "pay_bid", auction=1), a("Ann", "build", auction=1,
                                                     building="foundry")],
        ("illegal", "HS-BUILD-TYPE"), position=bidding())
    add("HS-BUILD-TYPE-legal-residential-on-tile-1",
        [*win1(3), a("Ann", "pay_bid", auction=1), a("Ann", "build", auction=1,
                                                     building="farm")],
        position=bidding(players={"Ann": {"wood": 1}}))
    add("HS-BUILD-SUPPLY-break-last-copy-owned",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="steel_mill")], ("illegal", "HS-BUILD-SUPPLY"),
        position=bidding(2, {"Ann": {"wood": 2, "gold": 1},
                             "Bo": {"buildings": ["homestead", "steel_mill"]}}, used=[11]))
    add("HS-BUILD-UNIQUE-break-second-farm",
        [*win1(3), a("Ann", "pay_bid", auction=1), a("Ann", "build", auction=1,
                                                     building="farm")],
        ("illegal", "HS-BUILD-UNIQUE"),
        position=bidding(players={"Ann": {"wood": 1, "buildings": ["homestead", "farm"]}}))
    add("HS-BUILD-COST-break-no-wood",
        [*win1(3), a("Ann", "pay_bid", auction=1), a("Ann", "build", auction=1,
                                                     building="market")],
        ("illegal", "HS-BUILD-COST"), position=bidding())
    add("HS-BONUS-legal-worker-and-advance",
        [*win1(3, auction=2), a("Ann", "pay_bid", auction=2),
         a("Ann", "bonus", auction=2, reward="trade"), Claim("Ann", "workers")],
        position=bidding(4, used=[11, 12, 13]))
    add("HS-BONUS-break-taken-twice",
        [*win1(3, auction=2), a("Ann", "pay_bid", auction=2),
         a("Ann", "bonus", auction=2, reward="trade"),
         a("Ann", "bonus", auction=2, reward="trade")], ("illegal", "HS-BONUS"),
        position=bidding(4, used=[11, 12, 13]))
    add("HS-BONUS-break-tile-14-items-left-for-the-next-round",
        [*win1(3, auction=2), a("Ann", "pay_bid", auction=2), ph("setup", round=5)],
        ("order", "HS-BONUS"), position=bidding(4, used=[11, 12, 13]))
    add("HS-BONUS-break-tile-14-items-left-for-auction-3",
        [a("Ann", "bid", auction=2, amount=3), a("Bo", "bid", auction=3, amount=3),
         a("Cy", "pass", reward="trade"), a("Di", "pass", reward="trade"), ph("building"),
         a("Ann", "pay_bid", auction=2), a("Bo", "pay_bid", auction=3)],
        ("order", "HS-BONUS"), players=P4,
        position=bidding(4, names=P4, tiles={"2": 14, "3": 24}, used=[11, 12, 13, 21, 22, 23]))
    city4 = {"Ann": {"silver": 9, "food": 1}}
    tile30 = [a("Ann", "bid", auction=3, amount=4),
              *[a(p, "pass", reward="trade") for p in P4[1:]], ph("building"),
              a("Ann", "pay_bid", auction=3)]
    add("HS-TILE-30-legal-six-vp-on-paying",
        [*tile30, a("Ann", "bonus", auction=3), Claim("Ann", "vp")],
        players=P4, position=bidding(9, city4, names=P4, tiles={"2": 19, "3": 30}))
    add("HS-TILE-30-break-claims-no-vp", [*tile30, Claim("Ann", "vp", -6)],
        ("checkpoint", "LOG-CHECK-VALUE"), players=P4,
        position=bidding(9, city4, names=P4, tiles={"2": 19, "3": 30}))
    add("HS-START-MARKER-legal-auction-1-winner",
        [a("Ann", "pass", reward="trade"), a("Bo", "pass", reward="trade"),
         a("Cy", "bid", auction=1, amount=3), ph("building"), Claim(None, "start_player")],
        position=bidding())
    add("HS-START-MARKER-break-claims-old-start-player",
        [a("Ann", "pass", reward="trade"), a("Bo", "pass", reward="trade"),
         a("Cy", "bid", auction=1, amount=3), ph("building"),
         Claim(None, "start_player", value="Ann")], ("checkpoint", "HS-START-MARKER"),
        position=bidding())

    # --- market and debt
    add("HS-MARKET-BUY-legal-two-steel", [a("Ann", "buy", resource="steel", count=2),
                                Claim("Ann", "silver")],
        position=bidding(players={"Ann": {"trade": 2}}))
    add("HS-MARKET-BUY-break-no-trade", [a("Ann", "buy", resource="wood")],
        ("illegal", "HS-MARKET-BUY"), position=bidding())
    add("HS-MARKET-BUY-legal-copper-for-gold", [a("Bo", "buy", resource="copper")],
        position=bidding(players={"Bo": {"trade": 1, "gold": 1}}))
    add("HS-MARKET-SELL-legal-gold", [a("Ann", "sell", resource="gold", count=1),
                                 Claim("Ann", "silver")],
        position=bidding(players={"Ann": {"trade": 1, "gold": 1}}))
    add("HS-MARKET-SELL-break-nothing-to-sell", [a("Ann", "sell", resource="steel", count=1)],
        ("illegal", "HS-MARKET-SELL"), position=bidding(players={"Ann": {"trade": 1}}))
    add("HS-HIRE-legal-a-worker", [a("Cy", "hire", count=1), Claim("Cy", "workers")],
        position=bidding(players={"Cy": {"trade": 1, "food": 1}}))
    add("HS-HIRE-break-no-food", [a("Cy", "hire", count=1)], ("illegal", "HS-HIRE"),
        position=bidding(players={"Cy": {"trade": 1}}))
    add("HS-DEBT-TAKE-legal-two-loans", [a("Bo", "take_debt", count=2), Claim("Bo", "silver")],
        position=bidding())
    add("HS-DEBT-TAKE-break-zero-count", [a("Bo", "take_debt", count=0)],
        ("schema", "HS-DEBT-TAKE"), position=bidding())
    debt = {"Ann": {"debt": 3, "silver": 5, "gold": 1}}
    add("HS-DEBT-PAY-legal-silver-and-gold",
        [a("Ann", "pay_debt", count=2, gold=1), Claim("Ann", "score"), FinalLine()],
        position=pos(10, "scoring", debt))
    add("HS-DEBT-PAY-break-before-scoring", [a("Ann", "pay_debt", count=1)],
        ("order", "HS-DEBT-PAY"), position=pos(10, "final_income", debt))
    add("HS-DEBT-PAY-break-not-enough-silver", [a("Ann", "pay_debt", count=2)],
        ("illegal", "HS-DEBT-PAY"), position=pos(10, "scoring", debt))
    mk = {"Cy": {"trade": 2, "wood": 1, "buildings": ["homestead", "market"]}}
    add("HS-CONVERT-legal-market-wood-to-food-to-steel",
        [a("Cy", "convert", building="market", **{"from": "wood"}, count=1),
         a("Cy", "convert", building="market", **{"from": "food"}, count=1),
         Claim("Cy", "steel")], position=bidding(players=mk))
    add("HS-CONVERT-legal-bank-trade-to-silver",
        [a("Cy", "convert", building="bank", count=2), Claim("Cy", "silver")],
        position=bidding(6, {"Cy": {"trade": 2, "buildings": ["homestead", "bank"]}}))
    add("HS-CONVERT-break-market-not-owned",
        [a("Bo", "convert", building="market", **{"from": "wood"}, count=1)],
        ("illegal", "HS-CONVERT"), position=bidding(players={"Bo": {"trade": 1, "wood": 1}}))

    # --- building abilities
    store = {"Bo": {"trade": 1, "steel": 1, "buildings": ["homestead", "general_store"]}}
    add("HS-GENERAL-STORE-legal-extra-silver",
        [a("Bo", "sell", resource="steel", count=1), Claim("Bo", "silver")],
        position=bidding(players=store))
    add("HS-GENERAL-STORE-break-claims-plain-price",
        [a("Bo", "sell", resource="steel", count=1), Claim("Bo", "silver", -1)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=bidding(players=store))
    port_rich = {"Ann": {"silver": 8, "wood": 2, "gold": 2,
                         "buildings": ["homestead", "river_port"]}}
    add("HS-RIVER-PORT-legal-gold-for-copper",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="town_hall", gold_for=["copper"]),
         a("Ann", "bonus", auction=1, pay="gold")],
        position=bidding(9, port_rich, tiles={"2": 19}, used=[11, 12, 13, 14, 15, 16, 17, 18]))
    add("HS-RIVER-PORT-break-without-a-port",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="town_hall", gold_for=["copper"])],
        ("illegal", "HS-RIVER-PORT"),
        position=bidding(9, {"Ann": {"wood": 2, "gold": 1}}, tiles={"2": 19}))
    rodeo = {"Cy": {"workers": 4, "buildings": ["homestead", "rodeo"]}}
    add("HS-RODEO-legal-income-per-worker",
        [ch("reveal", auction=2, tile=16), ph("income"), Claim("Cy", "silver")],
        position=pos(6, "setup", rodeo, used=[15]))
    add("HS-RODEO-break-claims-no-rodeo-income",
        [ch("reveal", auction=2, tile=16), ph("income"), Claim("Cy", "silver", -4)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=pos(6, "setup", rodeo, used=[15]))
    bank = {"Bo": {"debt": 2, "buildings": ["homestead", "bank"]}}
    add("HS-BANK-INCOME-legal-discard-debt",
        [ch("reveal", auction=2, tile=16), ph("income"), Claim("Bo", "debt")],
        position=pos(6, "setup", bank, used=[15]))
    add("HS-BANK-INCOME-legal-silver-without-debt",
        [ch("reveal", auction=2, tile=16), ph("income"), Claim("Cy", "silver")],
        position=pos(6, "setup", {"Cy": {"buildings": ["homestead", "bank"]}}, used=[15]))
    add("HS-BANK-INCOME-break-claims-debt-kept",
        [ch("reveal", auction=2, tile=16), ph("income"), Claim("Bo", "debt", +1)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=pos(6, "setup", bank, used=[15]))
    board = {"Ann": {"wood": 2, "debt": 1}}
    add("HS-BOARDING-HOUSE-legal-discards-debt",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="boarding_house"), Claim("Ann", "debt")],
        position=bidding(players=board))
    add("HS-BOARDING-HOUSE-break-claims-debt-kept",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="boarding_house"), Claim("Ann", "debt", +1)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=bidding(players=board))
    ranch = {"Ann": {"wood": 1, "food": 1, "steel": 1}}
    add("HS-RANCH-legal-gives-trade",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="ranch"), Claim("Ann", "trade")],
        position=bidding(4, ranch, used=[11, 12, 13]))
    add("HS-RANCH-break-claims-no-trade",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="ranch"), Claim("Ann", "trade", -1)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=bidding(4, ranch, used=[11, 12, 13]))
    add("HS-WORKSHOP-legal-free-worker",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="workshop", worker=True),
         Claim("Ann", "workers")], position=bidding(6, {"Ann": {"steel": 1}}))
    add("HS-WORKSHOP-break-worker-from-a-farm",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="farm", worker=True)],
        ("illegal", "HS-WORKSHOP"), position=bidding(players={"Ann": {"wood": 1}}))
    add("HS-TRACK-BUILD-legal-depot-advances",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="depot", reward="trade"),
         Claim("Ann", "track")], position=bidding(5, {"Ann": {"wood": 1, "steel": 1}}))
    add("HS-TRACK-BUILD-break-depot-without-reward",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="depot")], ("illegal", "HS-TRACK-BUILD"),
        position=bidding(5, {"Ann": {"wood": 1, "steel": 1}}))
    forge = {"Ann": {"wood": 1, "buildings": ["homestead", "forge"]}}
    add("HS-FORGE-legal-vp-for-later-building",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="dude_ranch"), Claim("Ann", "vp")],
        position=bidding(9, {"Ann": {"wood": 1, "food": 1, "buildings": ["homestead",
                                                                         "forge"]}},
                         tiles={"2": 19}))
    add("HS-FORGE-break-claims-no-forge-vp",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="stables"), Claim("Ann", "vp", -1)],
        ("checkpoint", "LOG-CHECK-VALUE"),
        position=bidding(5, {**forge, "Ann": {**forge["Ann"], "livestock": 1}}))
    ts = {"Ann": {"wood": 2, "copper": 1, "steel": 2}}
    add("HS-TRAIN-STATION-legal-extra-building",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="train_station"),
         a("Ann", "build", auction=1, building="terminal", extra=True),
         Claim("Ann", "rail")], position=bidding(9, ts, tiles={"2": 19}))
    add("HS-TRAIN-STATION-break-extra-without-station",
        [*win1(3), a("Ann", "pay_bid", auction=1),
         a("Ann", "build", auction=1, building="terminal"),
         a("Ann", "build", auction=1, building="dude_ranch", extra=True)],
        ("illegal", "HS-TRAIN-STATION"),
        position=bidding(9, {"Ann": {"wood": 1, "food": 1, "steel": 2}}, tiles={"2": 19}))

    # --- the end
    end = {"Ann": {"silver": 3, "workers": 2, "buildings": ["homestead", "farm"],
                   "slots": ["farm:0", "homestead:1"]}}
    add("HS-FINAL-INCOME-legal-after-round-10",
        [*win1(3), a("Ann", "pay_bid", auction=1), a("Bo", "allocate", slots=["homestead:1"]),
         ph("final_income"), a("Ann", "pay_workers"), ph("scoring"), FinalLine()],
        position=bidding(10, end, tiles={"2": 20}))
    add("HS-FINAL-INCOME-break-after-round-9",
        [*win1(3), a("Ann", "pay_bid", auction=1), ph("final_income")],
        ("order", "HS-FINAL-INCOME"), position=bidding(9, end, tiles={"2": 19}))
    scoring = {"Ann": {"vp": 10, "gold": 1, "debt": 2, "buildings": ["homestead", "church"]},
               "Bo": {"vp": 20, "copper": 2, "silver": 9},
               "Cy": {"vp": 24, "silver": 2}}
    add("HS-SCORE-legal-final", [FinalLine()], position=pos(10, "scoring", scoring))
    add("HS-SCORE-break-check-claims-wrong-score", [Claim("Ann", "score", +3)],
        ("checkpoint", "HS-SCORE"), position=pos(10, "scoring", scoring))
    homestead = {"Ann": {"vp": 4, "buildings": ["homestead", "stables", "rail_yard"]}}
    add("HS-HOMESTEAD-RESIDENTIAL-legal-counts-for-bonuses",
        [ph("scoring"), Claim("Ann", "score"), FinalLine()],
        position=pos(10, "final_income", homestead))
    add("HS-HOMESTEAD-RESIDENTIAL-break-claims-homestead-not-counted",
        [ph("scoring"), Claim("Ann", "score", -2)], ("checkpoint", "HS-SCORE"),
        position=pos(10, "final_income", homestead))
    add("HS-TIE-legal-most-silver-wins", [FinalLine()],
        position=pos(10, "scoring", scoring))
    add("HS-TIE-break-claims-shared-win", [FinalLine(winners=["Bo", "Cy"])],
        ("score", "HS-TIE"), position=pos(10, "scoring", scoring))
    add("HS-CHECK-break-unknown-quantity", [check({"Ann": {"coal": 1}})],
        ("schema", "HS-CHECK"), position=bidding())
    add("HS-POSITION-break-track-beyond-5", [a("Ann", "pass", reward="trade")],
        ("schema", "HS-POSITION"), line=1, position=bidding(players={"Ann": {"track": 6}}))
    add("HS-POSITION-legal-mid-game", [Claim("Ann", "silver")],
        position=bidding(7, {"Ann": {"silver": 11, "workers": 3,
                                     "buildings": ["homestead", "farm", "workshop"],
                                     "slots": ["farm:0", "farm:1", "homestead:1"]}},
                         used=[11, 12, 15, 16]))
    return c


# --------------------------------------------------------------------------- examples

EXAMPLE_SEEDS = {2: 7, 3: 11, 4: 5}


def _game(n: int) -> tuple[Obj, list[Obj]]:
    return CASEWORK.simulated(P4[:n], EXAMPLE_SEEDS[n], _simulate)


def _index(events: Sequence[Obj], test: Callable[[int, Obj], bool], after: int = 0) -> int:
    return next(k for k, ev in enumerate(events) if k >= after and test(k, ev))


def write_examples() -> dict[str, Obj]:
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    verdicts: dict[str, Obj] = {}

    def finish(name: str, intended: Intended) -> None:
        verdicts[name] = confirm(EXAMPLES / name, intended)

    for n in (2, 3, 4):
        head, events = _game(n)
        write_log(EXAMPLES / f"homesteaders-{n}p.jsonl", head, events)
        finish(f"homesteaders-{n}p.jsonl", [])

    head, events = _game(3)
    cut = _index(events, lambda k, ev: ev.get("phase") == "setup" and ev.get("round") == 4)
    short = events[:cut]
    round2 = _index(events, lambda k, ev: ev.get("phase") == "setup" and ev.get("round") == 2)

    # syntax: a line cut off in the middle of the object (a truncated upload)
    k = _index(short, lambda k, ev: ev.get("action") == "bid", round2)
    text = dumps(short[k])
    write_log(EXAMPLES / "homesteaders-invalid-syntax.jsonl", head, short[:k + 3],
              raw={k + 2: text[: len(text) // 2]})
    finish("homesteaders-invalid-syntax.jsonl", [(k + 2, "syntax", "LOG-JSON")])

    # schema: a building name misspelt
    k = _index(short, lambda k, ev: ev.get("action") == "build")
    bad = [*short[:k + 1]]
    bad[k] = {**bad[k], "building": bad[k]["building"].replace("_", " ").title()}
    write_log(EXAMPLES / "homesteaders-invalid-schema.jsonl", head, [*bad, *short[k + 1:k + 3]])
    finish("homesteaders-invalid-schema.jsonl", [(k + 2, "schema", "HS-BUILD-SUPPLY")])

    # order: a player bids out of turn (the one after the player whose turn it is)
    k = _index(short, lambda k, ev: ev.get("action") in ("bid", "pass"))
    state = CASEWORK.play(P3, short[:k])
    assert state.turn is not None
    wrong = state.players[(state.turn + 1) % 3]
    bad = [*short[:k], {**short[k], "player": wrong}, *short[k + 1:k + 3]]
    write_log(EXAMPLES / "homesteaders-invalid-order.jsonl", head, bad)
    finish("homesteaders-invalid-order.jsonl", [(k + 2, "order", "HS-BID-TURN")])

    # illegal: a bid equal to the high bid without a Lawyer
    k = _index(short, lambda k, ev: ev.get("action") == "bid" and any(
        e.get("action") == "bid" and e.get("auction") == ev["auction"]
        for e in short[max(0, k - 3):k]))
    prior = next(e for e in reversed(short[:k]) if e.get("action") == "bid"
                 and e.get("auction") == short[k]["auction"])
    bad = [*short[:k], {**short[k], "amount": prior["amount"]}, *short[k + 1:k + 3]]
    write_log(EXAMPLES / "homesteaders-invalid-illegal.jsonl", head, bad)
    finish("homesteaders-invalid-illegal.jsonl", [(k + 2, "illegal", "HS-BID-RAISE")])

    # chance: round 2 reveals the tile round 1 showed
    k = _index(short, lambda k, ev: ev.get("chance") == "reveal", 5)
    first = next(e for e in short if e.get("chance") == "reveal")
    bad = [*short[:k], {**short[k], "tile": first["tile"]}, *short[k + 1:k + 3]]
    write_log(EXAMPLES / "homesteaders-invalid-chance.jsonl", head, bad)
    finish("homesteaders-invalid-chance.jsonl", [(k + 2, "chance", "HS-REVEAL")])

    # checkpoint: a round-5 check that forgets 2 silver of one player (validation goes on)
    full = events
    checks = [k for k, ev in enumerate(full) if "check" in ev]
    k = checks[4]
    claims = json.loads(json.dumps(full[k]["check"]))
    claims["Bo"]["silver"] -= 2
    bad = [*full[:k], {"check": claims}, *full[k + 1:]]
    write_log(EXAMPLES / "homesteaders-invalid-checkpoint.jsonl", head, bad)
    finish("homesteaders-invalid-checkpoint.jsonl", [(k + 2, "checkpoint", "LOG-CHECK-VALUE")])

    # score: the winner's final score raised by 1
    fin = full[-1]["final"]
    scores = dict(fin["scores"])
    top = fin["winners"][0]
    scores[top] += 1
    bad = [*full[:-1], {"final": {"scores": scores, "winners": fin["winners"]}}]
    write_log(EXAMPLES / "homesteaders-invalid-score.jsonl", head, bad)
    finish("homesteaders-invalid-score.jsonl", [(len(full) + 1, "score", "HS-SCORE")])

    _annotated()
    finish("homesteaders-annotated.jsonl", [])
    return verdicts


def _annotated() -> None:
    """A hand-written round 10 and scoring for three players, with notes."""
    position = {
        "round": 10, "phase": "setup", "start_player": "Bo", "neutral_level": 5,
        "used_tiles": [11, 12, 13, 15, 16, 17, 18, 19],
        "players": {
            "Ann": {"silver": 7, "gold": 1, "wood": 1, "steel": 2, "trade": 2, "vp": 14,
                    "workers": 3, "rail": 2, "track": 2,
                    "buildings": ["homestead", "farm", "foundry", "forge", "depot"],
                    "slots": ["farm:0", "foundry:0", "forge:0"]},
            "Bo": {"silver": 9, "food": 1, "wood": 2, "copper": 1, "livestock": 1, "trade": 1,
                   "vp": 16, "debt": 1, "workers": 3, "rail": 1, "track": 4,
                   "buildings": ["homestead", "market", "river_port", "general_store", "lawyer"],
                   "slots": ["market:0", "river_port:0", "river_port:0"]},
            "Cy": {"silver": 5, "gold": 2, "food": 2, "steel": 1, "trade": 1, "vp": 19,
                   "workers": 2, "track": 1,
                   "buildings": ["homestead", "grain_mill", "workshop", "church"],
                   "slots": ["homestead:0", "homestead:1"]},
        },
    }
    events: list[tuple[Any, str]] = [
        (ch("reveal", auction=2, tile=20),
         "Round 10, the last. Auction 1 shows tile 10 (any building; a livestock buys 4 VP); "
         "Auction 2 reveals tile 20 (residential or special; a food buys 2 VP)."),
        (a("Bo", "hire", count=1), "Bo hires a fourth worker for 1 trade and 1 food."),
        (a("Bo", "allocate", slots=["market:0", "river_port:0", "river_port:0",
                                    "homestead:0"]),
         "Two workers on the River Port's double slot, one on the Market, the new one on the "
         "Homestead's wood. Ann and Cy keep last round's placement: no allocate needed."),
        (ph("income"), "Income for everyone: buildings, 1 silver per rail line, occupied slots."),
        (Claim("Ann", "silver"),
         "A checkpoint: Ann had 7 silver; Homestead 2 + Depot 2 + 2 rail lines + Farm slot 2."),
        (a("Ann", "pay_workers"), "Ann pays her 3 workers now; the others pay at the marker."),
        (ph("bidding"), "Bo (4 workers) and Cy (2) pay their wages in silver here."),
        (a("Bo", "bid", auction=2, amount=5), "Bo, the start player, opens on Auction 2."),
        (a("Cy", "bid", auction=1, amount=3), "Cy takes Auction 1 at the lowest bid."),
        (a("Ann", "bid", auction=2, amount=6), "Ann outbids Bo on Auction 2."),
        (a("Bo", "bid", auction=2, amount=6),
         "Bo owns the Lawyer, so an equal bid of 6 outbids Ann (without it: HS-BID-RAISE)."),
        (a("Ann", "pass", reward="worker"),
         "Ann passes: her railroad marker reaches space 3 and she takes its worker."),
        (ph("building"), "Everyone has passed or holds a high bid. Cy won Auction 1, so Cy "
                         "takes the start player marker."),
        (a("Cy", "pay_bid", auction=1), "Cy pays 3 silver."),
        (a("Cy", "buy", resource="livestock"),
         "Cy buys the livestock she lacks: 1 trade + 1 gold."),
        (a("Cy", "build", auction=1, building="circus"),
         "Circus (2 food + livestock): 8 VP, and 1 VP per worker at the end."),
        (a("Bo", "pay_bid", auction=2), "Bo pays his 6 silver."),
        (a("Bo", "build", auction=2, building="town_hall"),
         "Town Hall (2 wood + copper): 10 VP, and 1 VP per commercial building at the end. Bo "
         "has no food left for tile 20's bonus."),
        (a("Ann", "allocate", slots=["farm:0", "foundry:0", "forge:0", "homestead:1"]),
         "After round 10's building phase come the allocations for the final income; Ann uses "
         "her new worker."),
        (ph("final_income"), "The final income: no auction follows it."),
        (ph("scoring"), "Unpaid wages are paid now. Then debt payoff and last trades."),
        (a("Ann", "sell", resource="steel", count=4),
         "Steel scores nothing: Ann sells her 4 for 3 silver and 1 VP each."),
        (a("Bo", "pay_debt", count=1), "Bo pays off his debt chit with 5 silver (1 point saved)."),
        (a("Bo", "sell", resource="wood", count=2),
         "Bo sells his 2 wood: 1 silver + 1 VP each, and 1 more silver each for the General "
         "Store."),
    ]
    head = header("homesteaders", P3, position=position,
                  meta={"event": "annotated example", "recorder": "hand-written"})
    case = Case("homesteaders-annotated", [ev for ev, _ in events], players=P3,
                position=position)
    resolved = CASEWORK.resolve(case)
    lines = [{**ev, "note": note} for ev, (_, note) in zip(resolved, events, strict=True)]
    state = CASEWORK.play(P3, resolved, position)
    scores = GAME.score(state)
    lines.append({"check": {p: {"score": scores[p].total, "silver": state.hold[i]["silver"]}
                            for i, p in enumerate(P3)},
                  "note": "Each player's score if the game ended now, and the silver that "
                          "breaks a tie."})
    lines.append({**CASEWORK.final(state),
                  "note": "The recorded result, which the referee confirms."})
    write_log(EXAMPLES / "homesteaders-annotated.jsonl", head, lines)


def main(argv: Sequence[str]) -> None:
    CASEWORK.main(argv, golden_cases, write_examples)


if __name__ == "__main__":
    main(sys.argv[1:])
