"""Writes the Pionjär golden corpus (``tests/golden/pionjar/``) and the Pionjär examples
(``replays/examples/pionjar-*.jsonl``).

Golden logs are short games from a header ``position``: for every PJ rule id one log that breaks
it (``<RULE>-break-*.jsonl``) and, where the rule permits something, one that uses it legally
(``<RULE>-legal-*.jsonl``). Rules that describe an automatic effect (a compulsory sale, the
almanac, redemption, Indians, the January top-up, ...) are broken by a ``check`` line claiming the
state without the effect; the validator reports a ``checkpoint`` error of the quantity's rule
(LOG-CHECK-VALUE, or PJ-ALMANAC-ADVANCE for the month and PJ-SCORE-CAPITAL for the capital).
PJ-SETUP-PLAYERS cannot be broken from a log: the header check refuses a player count outside
2..6 first (LOG-PLAYERS), before the game sees it; it is covered legally.

Every written log carries the ``expect`` header of its intended verdict; the script validates each
log and stops with an error when the outcome differs from what the case intends. The machinery
shared with ``make_homesteaders.py`` is in ``casework.py``. Run from the repository root:

    python tests/golden/make_pionjar.py            # both
    python tests/golden/make_pionjar.py golden     # or examples
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from casework import (
    EXAMPLES,
    Case,
    Casework,
    Claim,
    FinalLine,
    Intended,
    Obj,
    confirm,
    event,
    write_log,
)

from referee.games import registration
from referee.model.pionjar import GAME, load_data
from referee.model.pionjar.state import PionjarState
from referee.replays.records import Event
from referee.replays.simulate import simulate_game
from referee.replays.writer import header

P2 = ("Ann", "Bo")
P3 = ("Ann", "Bo", "Cy")
P6 = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
PROPS = {"Ann": "green_valley", "Bo": "buffalo_head", "Cy": "high_falls", "Di": "great_lakes",
         "Ed": "golden_mountains", "Flo": "silent_forest"}
DATA = load_data(None)


# --------------------------------------------------------------------------- event helpers


def a(player: str, action: str, **params: Any) -> Obj:
    return {"player": player, "action": action, **params}


def die(player: str, value: int, **extra: Any) -> Obj:
    return {"chance": "die", "player": player, "value": value, **extra}


def draw(stack: str, card: str) -> Obj:
    return {"chance": "draw", "stack": stack, "card": card}


def end(player: str) -> Obj:
    return a(player, "end_turn")


# --------------------------------------------------------------------------- the board


def month(text: str) -> int:
    index = DATA.parse_month(text)
    assert index is not None, text
    return index


def steps(player: str, when: str) -> int:
    return DATA.properties[PROPS[player]].steps[month(when)]


def square(player: str, when: str, kind: str, passing: bool = False) -> int:
    """A square from which ``player``'s almanac move in ``when`` ends on a ``kind`` square;
    ``passing``: the move passes Pioneer City on the way (else it does not)."""
    n = steps(player, when)
    size = len(DATA.loop)
    for start in range(1, size):
        target = start + n
        if (target >= size) == passing and DATA.loop[target % size] == kind:
            return start
    raise AssertionError(f"no {kind} square for {player} in {when}")


def owner(player: str, space: int = 1, **extra: Any) -> Obj:
    return {"where": "loop", "property": PROPS[player], "land": "owner", "space": space,
            **extra}


def pos(players: Mapping[str, Obj], turn: str = "Ann", when: str | None = "1859-03",
        first: str = "Ann", **extra: Any) -> Obj:
    """A position at the start of ``turn``'s turn in month ``when`` (time not started: None)."""
    out: Obj = {}
    if when is not None:
        out["month"] = when
        out["first_squatter"] = first
    out["turn"] = turn
    out.update(extra)
    out["players"] = {n: dict(p) for n, p in players.items()}
    return out


def plain(player: str, when: str = "1859-03", **extra: Any) -> Obj:
    """An owner whose almanac move this month ends on a plain square before the city."""
    return owner(player, square(player, when, "plain"), **extra)


# --------------------------------------------------------------------------- cases


def _actual(state: PionjarState, claim: Claim) -> Any:
    if claim.player is None and claim.quantity == "month":
        return DATA.month_name(state.month) if state.month >= 0 else -1
    return GAME.observables.values(state, claim.player, [claim.quantity])[claim.quantity]


def _shift(quantity: str, actual: Any, delta: int) -> Any:
    if quantity == "month":
        return DATA.month_name(month(actual) + delta)
    return actual + delta


CASEWORK = Casework(GAME, "pionjar", _actual, _shift)


# --------------------------------------------------------------------------- golden cases


def golden_cases() -> list[Case]:
    c: list[Case] = []

    def add(name: str, events: list[Any], want: tuple[str, str] | None = None,
            players: Sequence[str] = P2, **kw: Any) -> None:
        c.append(Case(name, events, want, players=players, **kw))

    def chk(player: str | None, quantity: str, delta: int = 0, value: Any = None) -> Claim:
        return Claim(player, quantity, delta, value)

    two = pos({"Ann": plain("Ann"), "Bo": plain("Bo")})
    road = {"where": "road", "road": 0}

    # --- data set, setup, start player
    add("PJ-DATA-break-unknown-data-set", [], ("schema", "PJ-DATA"),
        options={"data": "no-such-set"}, line=1,
        note="option data names neither a bundled set nor a folder")
    add("PJ-DATA-legal-bundled-reconstruction",
        [{"chance": "start_player", "player": "Ann"}, a("Ann", "choose_property",
                                                        property="high_falls"),
         die("Ann", 3), chk("Ann", "road")], options={"data": "reconstruction"})
    add("PJ-VOCAB-break-phase-marker", [{"phase": "income"}], ("schema", "PJ-VOCAB"),
        position=two, note="Pionjär logs have no phase markers")
    add("PJ-VOCAB-break-unknown-action", [a("Ann", "build", building="farm")],
        ("schema", "PJ-VOCAB"), position=two)
    add("PJ-OPTIONS-break-unknown-option", [], ("schema", "PJ-OPTIONS"),
        options={"speed": 2}, line=1)
    add("PJ-OPTIONS-legal-earlier-end-and-banker",
        [{"chance": "start_player", "player": "Bo"}, chk(None, "saloon")],
        options={"end": "1860-06", "banker": "Bo"})
    add("PJ-POSITION-break-property-held-twice", [], ("schema", "PJ-POSITION"), line=1,
        position=pos({"Ann": owner("Ann"), "Bo": {**owner("Ann"), "cash": 5000}}))
    add("PJ-POSITION-legal-mid-game", [a("Ann", "advance"), chk("Ann", "space")],
        position=two)
    add("PJ-SETUP-PLAYERS-legal-six-players-from-the-setup",
        [{"chance": "start_player", "player": "Di"}, chk("Di", "cash"), chk(None, "saloon"),
         a("Di", "choose_property", property="silent_forest"), die("Di", 2)], players=P6,
        note="PJ-SETUP-PLAYERS cannot be broken from a log: the header check (LOG-PLAYERS) "
             "refuses 1 or 7 players before the game sees them")
    add("PJ-SETUP-STACKS-break-card-on-the-discard-pile",
        [a("Ann", "advance"), draw("post", "post-02")], ("chance", "PJ-SETUP-STACKS"),
        position=pos({"Ann": owner("Ann", square("Ann", "1859-03", "post")),
                      "Bo": plain("Bo")},
                     stacks={"post": ["post-01", "post-03", "post-05"]}))
    add("PJ-SETUP-STACKS-legal-draw-from-the-stack",
        [a("Ann", "advance"), draw("post", "post-03"), chk("Ann", "cash")],
        position=pos({"Ann": owner("Ann", square("Ann", "1859-03", "post")),
                      "Bo": plain("Bo")},
                     stacks={"post": ["post-01", "post-03", "post-05"]}))
    add("PJ-SETUP-BANKER-break-banker-not-a-player", [], ("schema", "PJ-SETUP-BANKER"),
        options={"banker": "Zed"}, line=1)
    procl = square("Ann", "1859-03", "proclamation")
    add("PJ-SETUP-BANKER-legal-cy-runs-the-auction",
        [a("Ann", "advance"), draw("proclamation", "proclamation-08"),
         a("Ann", "bid", amount=1000), a("Bo", "pass"), a("Cy", "bid", amount=1500),
         a("Ann", "pass"), draw("gold", "gold-02"), chk("Cy", "gold")],
        players=P3, options={"banker": "Cy"},
        position=pos({"Ann": owner("Ann", procl), "Bo": plain("Bo"), "Cy": plain("Cy")}))
    add("PJ-SETUP-START-break-die-before-the-start-player", [die("Ann", 4)],
        ("chance", "PJ-SETUP-START"))
    add("PJ-SETUP-START-legal-chance-picks-bo",
        [{"chance": "start_player", "player": "Bo"},
         a("Bo", "choose_property", property="great_lakes"), die("Bo", 1),
         a("Ann", "choose_property", property="high_falls"), die("Ann", 2),
         chk(None, "start_player")])

    # --- turns and dice
    add("PJ-TURN-ORDER-break-bo-moves-on-anns-turn", [a("Bo", "advance")],
        ("order", "PJ-TURN-ORDER"), position=two)
    add("PJ-TURN-ORDER-legal-ann-then-bo",
        [a("Ann", "advance"), end("Ann"), a("Bo", "advance"), end("Bo"), chk(None, "turn")],
        position=two)
    add("PJ-TURN-END-break-second-move-in-one-turn", [a("Ann", "advance"), a("Ann", "advance")],
        ("order", "PJ-TURN-END"), position=two)
    add("PJ-TURN-END-legal-turn-ends-by-itself-without-cash",
        [a("Ann", "advance"), a("Bo", "advance"), chk(None, "turn")],
        position=pos({"Ann": plain("Ann", cash=0), "Bo": plain("Bo")}))
    road2 = pos({"Ann": {**road, "destination": "green_valley"},
                 "Bo": {**road, "destination": "buffalo_head"}}, when=None)
    add("PJ-CHANCE-DIE-break-die-shows-7", [die("Ann", 7)], ("chance", "PJ-CHANCE-DIE"),
        position=road2)
    add("PJ-CHANCE-DIE-legal-die-shows-6", [die("Ann", 6), chk("Ann", "road")],
        position=road2)
    cy_free = pos({"Ann": plain("Ann"), "Bo": plain("Bo"), "Cy": {**road}}, turn="Cy",
                  when="1859-03")
    add("PJ-ROAD-CHOOSE-break-property-taken",
        [a("Cy", "choose_property", property="green_valley")], ("illegal", "PJ-ROAD-CHOOSE"),
        players=P3, position=cy_free)
    add("PJ-ROAD-CHOOSE-legal-free-property",
        [a("Cy", "choose_property", property="high_falls"), die("Cy", 2),
         chk("Cy", "destination")], players=P3, position=cy_free)
    add("PJ-ROAD-DIE-break-bo-rolls-for-ann", [die("Bo", 3)], ("order", "PJ-ROAD-DIE"),
        position=road2)
    add("PJ-ROAD-DIE-legal-moves-the-dots-shown", [die("Ann", 3), chk("Ann", "road")],
        position=road2)
    add("PJ-ROAD-BLACK-break-claims-no-skip", [die("Ann", 5), chk("Ann", "skip", value=0)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=road2)
    add("PJ-ROAD-BLACK-legal-next-turn-skipped",
        [die("Ann", 5), die("Bo", 1), die("Bo", 2), chk("Ann", "skip"), chk("Bo", "road")],
        position=road2)
    red = pos({"Ann": {**road, "road": 2, "destination": "green_valley"},
               "Bo": {**road, "destination": "buffalo_head"}}, when=None)
    add("PJ-ROAD-RED-break-claims-no-extra-steps", [die("Ann", 6), chk("Ann", "road", -5)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=red)
    add("PJ-ROAD-RED-legal-five-extra-steps", [die("Ann", 6), chk("Ann", "road")],
        position=red)
    near = pos({"Ann": {**road, "road": 33, "destination": "high_falls"},
                "Bo": {**road, "road": 30, "destination": "high_falls"},
                "Cy": {**road, "road": 10, "destination": "high_falls"}}, when=None)
    add("PJ-ROAD-ARRIVE-break-claims-still-on-the-road",
        [die("Ann", 5), chk("Ann", "where", value="road")], ("checkpoint", "LOG-CHECK-VALUE"),
        players=P3, position=near)
    add("PJ-ROAD-ARRIVE-legal-passing-the-end-dot",
        [die("Ann", 5), chk("Ann", "property"), chk("Ann", "land")], players=P3, position=near)
    add("PJ-ALMANAC-START-break-claims-time-not-started",
        [die("Ann", 5), chk(None, "month", value=-1)], ("checkpoint", "PJ-ALMANAC-ADVANCE"),
        players=P3, position=near)
    add("PJ-ALMANAC-START-legal-january-1858-at-the-first-registration",
        [die("Ann", 5), chk(None, "month"), chk(None, "first_squatter")], players=P3,
        position=near)
    add("PJ-SALOON-JANUARY-legal-january-1858-when-time-starts",
        [chk(None, "saloon"), die("Ann", 5), chk(None, "month"), chk(None, "saloon")],
        players=P3, position=near,
        note="the Saloon's 10,000 and the bank's payment for January 1858, made when the "
             "first squatter registers")
    add("PJ-ROAD-BACK-break-rolls-without-choosing-again",
        [die("Ann", 5), end("Ann"), die("Bo", 2)], ("order", "PJ-TURN-ORDER"), players=P3,
        position=near)
    add("PJ-ROAD-BACK-legal-back-to-missouri-and-choose-again",
        [die("Ann", 5), chk("Bo", "road"), chk("Cy", "road"), end("Ann"),
         a("Bo", "choose_property", property="great_lakes"), die("Bo", 2), chk("Bo", "road")],
        players=P3, position=near)

    # --- Pioneer City
    city_ann = square("Ann", "1859-03", "plain", passing=True)
    add("PJ-CITY-VISIT-break-buy-away-from-the-city",
        [a("Ann", "advance"), a("Ann", "buy_equipment", kind="harvest")],
        ("illegal", "PJ-CITY-VISIT"), position=two)
    add("PJ-CITY-VISIT-legal-passing-the-city",
        [a("Ann", "advance"), a("Ann", "buy_equipment", kind="harvest", count=2),
         chk("Ann", "harvest")], position=pos({"Ann": owner("Ann", city_ann),
                                               "Bo": plain("Bo")}))
    add("PJ-EQUIP-BUY-break-more-harvest-than-fields",
        [a("Ann", "advance"), a("Ann", "buy_equipment", kind="harvest", count=2)],
        ("illegal", "PJ-EQUIP-BUY"),
        position=pos({"Ann": owner("Ann", city_ann, harvest=2), "Bo": plain("Bo")}))
    add("PJ-EQUIP-BUY-legal-harvest-and-axe",
        [a("Ann", "advance"), a("Ann", "buy_equipment", kind="harvest"),
         a("Ann", "buy_equipment", kind="axe"), chk("Ann", "cash"), chk(None, "axe_supply")],
        position=pos({"Ann": owner("Ann", city_ann, harvest=2), "Bo": plain("Bo")}))
    add("PJ-TRADING-POST-break-already-owned",
        [a("Ann", "advance"), a("Ann", "buy_trading_post")], ("illegal", "PJ-TRADING-POST"),
        position=pos({"Ann": owner("Ann", city_ann, cash=9000), "Bo": plain("Bo")},
                     trading_post="Bo"))
    add("PJ-TRADING-POST-legal-buy-for-7000",
        [a("Ann", "advance"), a("Ann", "buy_trading_post"), chk("Ann", "cash"),
         chk(None, "trading_post")],
        position=pos({"Ann": owner("Ann", city_ann, cash=9000), "Bo": plain("Bo")}))
    squat = {"land": "squatter"}
    add("PJ-REDEEM-break-claims-land-not-owned",
        [a("Ann", "advance"), chk("Ann", "owner", value=0)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": owner("Ann", city_ann, **squat), "Bo": plain("Bo")}))
    add("PJ-REDEEM-legal-paid-at-the-end-of-the-first-lap",
        [a("Ann", "advance"), chk("Ann", "owner"), chk("Ann", "cash")],
        position=pos({"Ann": owner("Ann", city_ann, **squat), "Bo": plain("Bo")}))
    add("PJ-REDEEM-legal-too-poor-keeps-farming",
        [a("Ann", "advance"), chk("Ann", "land"), chk("Ann", "cash")],
        position=pos({"Ann": owner("Ann", city_ann, cash=1500, **squat), "Bo": plain("Bo")}))
    add("PJ-REDEEM-FULL-break-owner-buys-again",
        [a("Ann", "advance"), a("Ann", "buy_land")], ("illegal", "PJ-REDEEM-FULL"),
        position=pos({"Ann": owner("Ann", city_ann, cash=15000), "Bo": plain("Bo")}))
    add("PJ-REDEEM-FULL-legal-defaulted-land-bought",
        [a("Ann", "advance"), a("Ann", "buy_land"), chk("Ann", "owner"), chk("Ann", "cash")],
        position=pos({"Ann": owner("Ann", city_ann, cash=15000, land="defaulted"),
                      "Bo": plain("Bo")}))

    # --- the almanac
    add("PJ-ALMANAC-ADVANCE-break-claims-month-unchanged",
        [a("Bo", "advance"), end("Bo"), chk(None, "month", -1)],
        ("checkpoint", "PJ-ALMANAC-ADVANCE"),
        position=pos({"Ann": plain("Ann", "1859-04"), "Bo": plain("Bo")}, turn="Bo"))
    add("PJ-ALMANAC-ADVANCE-legal-first-squatters-turn-moves-it",
        [a("Bo", "advance"), end("Bo"), chk(None, "month"), a("Ann", "advance")],
        position=pos({"Ann": plain("Ann", "1859-04"), "Bo": plain("Bo")}, turn="Bo"))
    add("PJ-ALMANAC-ADVANCE-legal-while-the-first-squatter-sits-in-prison",
        [a("Bo", "advance"), end("Bo"), chk(None, "month"), chk("Ann", "in_prison")],
        position=pos({"Ann": {"where": "prison", "property": "green_valley", "land": "owner",
                              "prison_until": "1859-06"}, "Bo": plain("Bo")}, turn="Bo"))
    add("PJ-ALMANAC-MOVE-break-claims-one-square-short",
        [a("Ann", "advance"), chk("Ann", "space", -1)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=two)
    add("PJ-ALMANAC-MOVE-legal-steps-of-the-month",
        [a("Ann", "advance"), chk("Ann", "space")], position=two)
    add("PJ-ALMANAC-CHOICE-break-leave-trail-on-the-squares", [a("Ann", "leave_trail")],
        ("order", "PJ-ALMANAC-CHOICE"), position=two)
    add("PJ-ALMANAC-CHOICE-legal-trail-instead-of-the-move",
        [a("Ann", "enter_trail", trail="fishing"), die("Ann", 2), chk("Ann", "circle"),
         chk("Ann", "space", value=-1)], position=two)

    # --- squares and sales
    crops_past = None
    n = steps("Ann", "1859-03")
    for start in range(1, 40 - n):
        kinds = DATA.loop[start + 1:start + n]
        if "sell_crops" in kinds and DATA.loop[start + n] == "plain":
            crops_past = start
            break
    assert crops_past is not None
    add("PJ-SPACE-LAND-break-claims-sale-on-passing",
        [a("Ann", "advance"), chk("Ann", "harvest", value=0)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": owner("Ann", crops_past, harvest=2), "Bo": plain("Bo")}))
    add("PJ-SPACE-LAND-legal-passing-a-sale-square-sells-nothing",
        [a("Ann", "advance"), chk("Ann", "harvest"), chk("Ann", "cash")],
        position=pos({"Ann": owner("Ann", crops_past, harvest=2), "Bo": plain("Bo")}))
    crops = owner("Ann", square("Ann", "1859-03", "sell_crops"), harvest=3)
    add("PJ-SELL-CROPS-break-claims-harvest-kept",
        [a("Ann", "advance"), chk("Ann", "harvest", value=3)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": crops, "Bo": plain("Bo")}))
    add("PJ-SELL-CROPS-legal-all-sold-at-the-month-price",
        [a("Ann", "advance"), chk("Ann", "harvest"), chk("Ann", "cash")],
        position=pos({"Ann": crops, "Bo": plain("Bo")}))
    timber = owner("Ann", square("Ann", "1859-03", "sell_timber"), axe=1)
    add("PJ-SELL-TIMBER-break-claims-axe-kept",
        [a("Ann", "advance"), chk("Ann", "axe", value=1)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": timber, "Bo": plain("Bo")}))
    add("PJ-SELL-TIMBER-legal-all-sold-at-the-month-price",
        [a("Ann", "advance"), chk("Ann", "axe"), chk("Ann", "cash")],
        position=pos({"Ann": timber, "Bo": plain("Bo")}))
    add("PJ-PROC-PRICE-break-claims-the-printed-price",
        [a("Ann", "advance"), chk("Ann", "cash", -900)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": crops, "Bo": plain("Bo")}, modifiers={"harvest": 300}))
    add("PJ-PROC-PRICE-legal-harvest-plus-300",
        [a("Ann", "advance"), chk("Ann", "cash")],
        position=pos({"Ann": crops, "Bo": plain("Bo")}, modifiers={"harvest": 300}))
    jan_crops = owner("Ann", square("Ann", "1860-01", "sell_crops"), harvest=3)
    dec = pos({"Ann": jan_crops, "Bo": plain("Bo", "1859-12")}, turn="Bo", when="1859-12",
              modifiers={"harvest": 300})
    add("PJ-PROC-DURATION-break-claims-the-raise-in-january",
        [a("Bo", "advance"), end("Bo"), a("Ann", "advance"), chk("Ann", "cash", 900)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=dec)
    add("PJ-PROC-DURATION-legal-lapses-when-december-ends",
        [a("Bo", "advance"), end("Bo"), a("Ann", "advance"), chk("Ann", "cash")],
        position=dec)
    spoils_sq = square("Ann", "1859-03", "sell_spoils")
    haul = ["buffalo-01", "fish-01", "gold-01"]
    add("PJ-SELL-SPOILS-break-claims-cards-kept",
        [a("Ann", "advance"), chk("Ann", "buffalo", value=1)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": owner("Ann", spoils_sq, spoils=haul), "Bo": plain("Bo")}))
    add("PJ-SELL-SPOILS-legal-printed-values",
        [a("Ann", "advance"), chk("Ann", "cash"), chk("Ann", "gold")],
        position=pos({"Ann": owner("Ann", spoils_sq, spoils=haul), "Bo": plain("Bo")}))
    fur_sq = square("Ann", "1859-03", "fur_trapper")
    add("PJ-FUR-TRAPPER-break-claims-full-value",
        [a("Ann", "advance"), chk("Ann", "cash", 500)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": owner("Ann", fur_sq, spoils=["buffalo-01", "fish-01"]),
                      "Bo": plain("Bo")}))
    add("PJ-FUR-TRAPPER-legal-half-value-fish-kept",
        [a("Ann", "advance"), chk("Ann", "cash"), chk("Ann", "fish")],
        position=pos({"Ann": owner("Ann", fur_sq, spoils=["buffalo-01", "fish-01"]),
                      "Bo": plain("Bo")}))

    # --- post and proclamation cards
    post_sq = square("Ann", "1859-03", "post")

    def at_post(cash: int = 5000, **extra: Any) -> Obj:
        return pos({"Ann": owner("Ann", post_sq, cash=cash), "Bo": plain("Bo")}, **extra)

    add("PJ-CARD-DRAW-break-end-turn-before-the-draw", [a("Ann", "advance"), end("Ann")],
        ("order", "PJ-SETUP-STACKS"), position=at_post())
    add("PJ-CARD-DRAW-legal-card-followed-at-once",
        [a("Ann", "advance"), draw("post", "post-01"), chk("Ann", "cash"),
         chk(None, "post_stack")], position=at_post())
    sheriff_bo = plain("Bo", sheriff=True)
    empty = pos({"Ann": owner("Ann", post_sq), "Bo": sheriff_bo}, stacks={"post": []})
    add("PJ-CARD-RESHUFFLE-break-draws-the-kept-sheriff-card",
        [a("Ann", "advance"), draw("post", "post-08")], ("chance", "PJ-SETUP-STACKS"),
        position=empty)
    add("PJ-CARD-RESHUFFLE-legal-discards-become-the-stack",
        [a("Ann", "advance"), draw("post", "post-12"), chk(None, "post_stack")],
        position=empty)
    add("PJ-PAY-SHORT-break-claims-debt",
        [a("Ann", "advance"), draw("post", "post-02"), chk("Ann", "cash", value=-700)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=at_post(cash=300))
    add("PJ-PAY-SHORT-legal-pays-all-the-cash",
        [a("Ann", "advance"), draw("post", "post-02"), chk("Ann", "cash"),
         chk(None, "bank_received")], position=at_post(cash=300))
    add("PJ-POST-MONEY-break-claims-nothing-collected",
        [a("Ann", "advance"), draw("post", "post-04"), chk("Ann", "cash", -300)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=at_post())
    add("PJ-POST-MONEY-legal-collect-and-pay-into-the-saloon",
        [a("Ann", "advance"), draw("post", "post-04"), chk("Bo", "cash"), end("Ann"),
         a("Bo", "advance"), end("Bo"), chk(None, "saloon")], position=at_post())
    add("PJ-POST-SKIP-break-acts-in-the-skipped-turn",
        [a("Ann", "advance"), draw("post", "post-07"), end("Ann"), a("Bo", "advance"),
         end("Bo"), a("Ann", "advance")], ("order", "PJ-TURN-ORDER"),
        position=pos({"Ann": owner("Ann", post_sq),
                      "Bo": owner("Bo", square("Bo", "1859-03", "plain"))}))
    bo_apr = square("Bo", "1859-04", "plain")
    add("PJ-POST-SKIP-legal-bo-plays-twice",
        [a("Ann", "advance"), draw("post", "post-07"), end("Ann"), a("Bo", "advance"),
         end("Bo"), chk(None, "turn"), chk(None, "month")],
        position=pos({"Ann": owner("Ann", post_sq),
                      "Bo": owner("Bo", bo_apr - steps("Bo", "1859-03"))}))
    add("PJ-POST-SHERIFF-break-claims-no-sheriff",
        [a("Ann", "advance"), draw("post", "post-08"), chk("Ann", "sheriff", value=0)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=at_post())
    add("PJ-POST-SHERIFF-legal-full-value-at-the-fur-trapper",
        [a("Ann", "advance"), chk("Ann", "cash")],
        position=pos({"Ann": owner("Ann", fur_sq, spoils=["buffalo-01"], sheriff=True),
                      "Bo": plain("Bo")}))
    procl_pos = pos({"Ann": owner("Ann", procl), "Bo": plain("Bo")})
    add("PJ-PROC-TAX-break-claims-no-tax",
        [a("Ann", "advance"), draw("proclamation", "proclamation-12"), chk("Bo", "cash", 500)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=procl_pos)
    add("PJ-PROC-TAX-legal-every-squatter-pays",
        [a("Ann", "advance"), draw("proclamation", "proclamation-12"), chk("Ann", "cash"),
         chk("Bo", "cash")], position=procl_pos)
    add("PJ-PROC-INDIAN-break-claims-no-indian",
        [a("Ann", "advance"), draw("proclamation", "proclamation-09"),
         chk(None, "indians", value=0)], ("checkpoint", "LOG-CHECK-VALUE"), position=procl_pos)
    add("PJ-PROC-INDIAN-legal-camp-placed",
        [a("Ann", "advance"), draw("proclamation", "proclamation-09"), chk(None, "indians")],
        position=procl_pos)
    add("PJ-PROC-INDIAN-legal-peace-treaty-sends-them-away",
        [a("Ann", "advance"), draw("proclamation", "proclamation-11"), chk(None, "indians")],
        position=pos({"Ann": owner("Ann", procl), "Bo": plain("Bo")},
                     indians=[["hunting", 5], ["fishing", 12]]))

    # --- trails and Indians
    add("PJ-TRAIL-ENTER-break-unknown-trail", [a("Ann", "enter_trail", trail="mining")],
        ("schema", "PJ-TRAIL-ENTER"), position=two)
    add("PJ-TRAIL-ENTER-legal-from-any-square",
        [a("Ann", "enter_trail", trail="hunting"), die("Ann", 2), draw("buffalo", "buffalo-04"),
         chk("Ann", "buffalo")], position=two)
    add("PJ-TRAIL-DIE-break-bo-rolls-on-anns-trail",
        [a("Ann", "enter_trail", trail="hunting"), die("Bo", 2)], ("order", "PJ-TRAIL-DIE"),
        position=two)

    def on_trail(circle: int, trail: str = "hunting", **extra: Any) -> Obj:
        return {"where": "trail", "trail": trail, "circle": circle, "property": "green_valley",
                "land": "owner", **extra}

    add("PJ-TRAIL-DIE-legal-last-circle-stops-the-move",
        [die("Ann", 6), chk("Ann", "circle")],
        position=pos({"Ann": on_trail(17), "Bo": plain("Bo")}))
    add("PJ-TRAIL-CARD-break-fish-on-a-buffalo-circle",
        [a("Ann", "enter_trail", trail="hunting"), die("Ann", 2), draw("fish", "fish-01")],
        ("chance", "PJ-SETUP-STACKS"), position=two)
    add("PJ-TRAIL-CARD-legal-gold-circle",
        [die("Ann", 1), draw("gold", "gold-03"), chk("Ann", "gold")],
        position=pos({"Ann": on_trail(5), "Bo": plain("Bo")}))
    add("PJ-TRAIL-LEAVE-break-roll-at-the-last-circle", [a("Ann", "roll")],
        ("illegal", "PJ-TRAIL-LEAVE"), position=pos({"Ann": on_trail(20), "Bo": plain("Bo")}))
    add("PJ-TRAIL-LEAVE-legal-exit-then-the-almanac-move",
        [a("Ann", "leave_trail"), chk("Ann", "space"), chk("Ann", "on_trail")],
        position=pos({"Ann": on_trail(10), "Bo": plain("Bo")}))
    add("PJ-TRAIL-LEAVE-legal-roll-on-from-an-exit",
        [a("Ann", "roll"), die("Ann", 1), chk("Ann", "circle")],
        position=pos({"Ann": on_trail(8, "fishing"), "Bo": plain("Bo")}))
    camp = {"indians": [["hunting", 5]]}
    add("PJ-INDIAN-LAND-break-claims-haul-kept",
        [die("Ann", 2), chk("Ann", "buffalo", value=1)], ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": on_trail(3, spoils=["buffalo-01"]), "Bo": plain("Bo")}, **camp))
    add("PJ-INDIAN-LAND-legal-haul-lost-without-pay",
        [die("Ann", 2), chk("Ann", "buffalo"), chk("Ann", "cash")],
        position=pos({"Ann": on_trail(3, spoils=["buffalo-01"]), "Bo": plain("Bo")}, **camp))
    add("PJ-INDIAN-PASS-break-claims-no-half-value",
        [die("Ann", 3), draw("gold", "gold-01"), chk("Ann", "cash", -1000)],
        ("checkpoint", "LOG-CHECK-VALUE"),
        position=pos({"Ann": on_trail(3, spoils=["buffalo-01", "fish-01"]), "Bo": plain("Bo")},
                     **camp))
    add("PJ-INDIAN-PASS-legal-half-value-in-cash",
        [die("Ann", 3), draw("gold", "gold-01"), chk("Ann", "cash"), chk("Ann", "gold")],
        position=pos({"Ann": on_trail(3, spoils=["buffalo-01", "fish-01"]), "Bo": plain("Bo")},
                     **camp))
    add("PJ-INDIAN-CARDS-break-draws-a-card-lost-to-indians",
        [die("Ann", 4), draw("buffalo", "buffalo-01")], ("chance", "PJ-SETUP-STACKS"),
        position=pos({"Ann": on_trail(3, spoils=["buffalo-01"]), "Bo": plain("Bo")}, **camp))
    add("PJ-INDIAN-CARDS-legal-lost-cards-leave-the-game",
        [die("Ann", 4), draw("buffalo", "buffalo-02"), chk(None, "buffalo_stack")],
        position=pos({"Ann": on_trail(3, spoils=["buffalo-01"]), "Bo": plain("Bo")}, **camp))

    # --- the Saloon
    add("PJ-SALOON-WHEN-break-second-game-in-one-turn",
        [a("Ann", "advance"), a("Ann", "gamble", stake=100), die("Ann", 4),
         a("Ann", "gamble", stake=100)], ("illegal", "PJ-SALOON-WHEN"),
        position=pos({"Ann": owner("Ann", city_ann), "Bo": plain("Bo")}))
    add("PJ-SALOON-WHEN-legal-on-a-trail",
        [die("Ann", 1), a("Ann", "gamble", stake=500), die("Ann", 2, payout=1500),
         chk("Ann", "cash")], position=pos({"Ann": on_trail(2), "Bo": plain("Bo")}))
    add("PJ-SALOON-STAKE-break-stake-above-cash",
        [a("Ann", "advance"), a("Ann", "gamble", stake=1000)], ("illegal", "PJ-SALOON-STAKE"),
        position=pos({"Ann": plain("Ann", cash=800), "Bo": plain("Bo")}))
    add("PJ-SALOON-STAKE-legal-all-the-cash",
        [a("Ann", "advance"), a("Ann", "gamble", stake=800), die("Ann", 1),
         chk("Ann", "cash")], position=pos({"Ann": plain("Ann", cash=800), "Bo": plain("Bo")}))
    poor_saloon = pos({"Ann": plain("Ann"), "Bo": plain("Bo")}, saloon=500)
    add("PJ-SALOON-ROLL-break-payout-above-the-saloon",
        [a("Ann", "advance"), a("Ann", "gamble", stake=1000), die("Ann", 6, payout=7000)],
        ("chance", "PJ-SALOON-ROLL"), position=poor_saloon)
    add("PJ-SALOON-ROLL-legal-payout-capped-by-the-saloon",
        [a("Ann", "advance"), a("Ann", "gamble", stake=1000), die("Ann", 6, payout=1500),
         chk(None, "saloon"), chk("Ann", "cash")], position=poor_saloon)
    december = pos({"Ann": plain("Ann", "1860-01"), "Bo": plain("Bo", "1859-12")}, turn="Bo",
                   when="1859-12", saloon=4000)
    add("PJ-SALOON-JANUARY-break-claims-no-top-up",
        [a("Bo", "advance"), end("Bo"), chk(None, "saloon", -10000)],
        ("checkpoint", "LOG-CHECK-VALUE"), position=december)
    add("PJ-SALOON-JANUARY-legal-bank-pays-10000",
        [a("Bo", "advance"), end("Bo"), chk(None, "saloon"), chk(None, "bank_paid")],
        position=december)
    add("PJ-SALOON-RENT-break-end-turn-before-deciding",
        [a("Ann", "advance"), draw("post", "post-09"), end("Ann")],
        ("order", "PJ-SALOON-RENT"), position=at_post())
    add("PJ-SALOON-RENT-legal-rent-paid-to-the-bank",
        [a("Ann", "advance"), draw("post", "post-09"), a("Ann", "rent_saloon"),
         chk("Ann", "cash"), chk(None, "saloon_renter")], position=at_post())
    add("PJ-SALOON-RENT-legal-renter-takes-the-saloon-when-december-ends",
        [a("Bo", "advance"), end("Bo"), chk("Bo", "cash"), chk(None, "saloon"),
         chk(None, "saloon_renter")],
        position=pos({"Ann": plain("Ann", "1860-01"), "Bo": plain("Bo", "1859-12")},
                     turn="Bo", when="1859-12", saloon=4000, saloon_renter="Bo"))
    last = pos({"Ann": plain("Ann", "1862-12"), "Bo": plain("Bo", "1862-12")}, turn="Bo",
               when="1862-12", start_player="Ann")
    add("PJ-SALOON-FINAL-break-bo-rolls-first",
        [a("Bo", "advance"), end("Bo"), die("Bo", 5)], ("order", "PJ-SALOON-FINAL"),
        position=last)
    add("PJ-SALOON-FINAL-legal-highest-roll-takes-it",
        [a("Bo", "advance"), end("Bo"), die("Ann", 2), die("Bo", 5), chk("Bo", "cash"),
         FinalLine()], position=last)
    add("PJ-SALOON-FINAL-legal-renter-takes-it-without-rolls",
        [a("Bo", "advance"), end("Bo"), chk("Ann", "cash"), FinalLine()],
        position={**last, "saloon_renter": "Ann"})
    add("PJ-SALOON-FINAL-TIE-break-final-before-the-tie-is-settled",
        [a("Bo", "advance"), end("Bo"), die("Ann", 4), die("Bo", 4), {"final": {}}],
        ("order", "LOG-FINAL"), position=last)
    add("PJ-SALOON-FINAL-TIE-legal-tied-players-roll-again",
        [a("Bo", "advance"), end("Bo"), die("Ann", 4), die("Bo", 4), die("Ann", 2),
         die("Bo", 3), chk("Bo", "cash"), FinalLine()], position=last)

    # --- auctions
    tp_cy = pos({"Ann": owner("Ann", procl), "Bo": plain("Bo"), "Cy": plain("Cy")},
                trading_post="Cy")
    add("PJ-AUCTION-START-break-the-owner-bids",
        [a("Ann", "advance"), draw("proclamation", "proclamation-08"),
         a("Cy", "bid", amount=500)], ("order", "PJ-TURN-ORDER"), players=P3, position=tp_cy)
    add("PJ-AUCTION-START-legal-two-gold-cards-offered",
        [a("Ann", "advance"), draw("proclamation", "proclamation-08"),
         a("Ann", "bid", amount=2000), a("Bo", "pass"), draw("gold", "gold-04"),
         a("Ann", "pass"), a("Bo", "pass"), chk(None, "gold_stack"), chk(None, "stage")],
        players=P3, position=tp_cy)
    add("PJ-AUCTION-ORDER-break-end-turn-during-the-bidding",
        [a("Ann", "advance"), draw("proclamation", "proclamation-07"), end("Bo")],
        ("order", "PJ-AUCTION-ORDER"), position=procl_pos)
    add("PJ-AUCTION-ORDER-legal-unsold-cards-stay",
        [a("Ann", "advance"), draw("proclamation", "proclamation-07"), a("Bo", "pass"),
         a("Ann", "pass"), a("Bo", "pass"), a("Ann", "pass"), a("Bo", "pass"),
         a("Ann", "pass"), chk(None, "buffalo_stack")], position=procl_pos)
    add("PJ-AUCTION-BID-break-bid-not-above-the-high-bid",
        [a("Ann", "advance"), draw("proclamation", "proclamation-08"),
         a("Bo", "bid", amount=1000), a("Ann", "bid", amount=1000)],
        ("illegal", "PJ-AUCTION-BID"), position=procl_pos)
    add("PJ-AUCTION-BID-legal-all-the-cash",
        [a("Ann", "advance"), draw("proclamation", "proclamation-08"),
         a("Bo", "bid", amount=1000), a("Ann", "bid", amount=5000), draw("gold", "gold-05"),
         chk("Ann", "cash"), chk("Ann", "gold")], position=procl_pos)
    add("PJ-AUCTION-PAY-break-claims-the-card-was-free",
        [a("Ann", "advance"), draw("proclamation", "proclamation-08"),
         a("Ann", "bid", amount=2500), a("Bo", "pass"), draw("gold", "gold-01"),
         chk("Ann", "cash", 2500)], ("checkpoint", "LOG-CHECK-VALUE"), players=P3, position=tp_cy)
    add("PJ-AUCTION-PAY-legal-the-trading-post-owner-is-paid",
        [a("Ann", "advance"), draw("proclamation", "proclamation-08"),
         a("Ann", "bid", amount=2500), a("Bo", "pass"), draw("gold", "gold-01"),
         chk("Ann", "cash"), chk("Cy", "cash")], players=P3, position=tp_cy)

    # --- prison
    jail = owner("Ann", square("Ann", "1859-03", "jail"))
    add("PJ-PRISON-break-prisoner-takes-a-turn",
        [a("Ann", "advance"), a("Bo", "advance"), end("Bo"), a("Ann", "advance")],
        ("order", "PJ-TURN-ORDER"), position=pos({"Ann": jail, "Bo": plain("Bo")}))
    add("PJ-PRISON-legal-locked-up-on-the-jail-square",
        [a("Ann", "advance"), chk("Ann", "in_prison"), chk("Ann", "prison_months"),
         a("Bo", "advance"), end("Bo"), chk(None, "turn")],
        position=pos({"Ann": jail, "Bo": plain("Bo")}))
    add("PJ-PRISON-legal-released-next-to-the-prison",
        [a("Bo", "advance"), end("Bo"), chk("Ann", "space"), a("Ann", "advance")],
        position=pos({"Ann": {"where": "prison", "property": "green_valley", "land": "owner",
                              "prison_until": "1859-06"},
                      "Bo": plain("Bo", "1859-05")}, turn="Bo", when="1859-05"))

    # --- the end
    add("PJ-END-MONTH-break-move-after-the-end",
        [a("Bo", "advance"), end("Bo"), die("Ann", 2), die("Bo", 5), a("Ann", "advance")],
        ("order", "PJ-END-MONTH"), position=last)
    add("PJ-END-MONTH-legal-last-month-played-in-full",
        [a("Ann", "advance"), end("Ann"), a("Bo", "advance"), end("Bo"), die("Ann", 6),
         die("Bo", 1), FinalLine()],
        position={**last, "turn": "Ann",
                  "players": {"Ann": plain("Ann", "1862-12"), "Bo": plain("Bo", "1862-12")}})
    add("PJ-END-EARLY-break-end-after-the-almanac", [], ("schema", "PJ-END-EARLY"),
        options={"end": "1870-01"}, line=1)
    add("PJ-END-EARLY-legal-agreed-end-june-1859",
        [a("Bo", "advance"), end("Bo"), die("Ann", 3), die("Bo", 4), FinalLine()],
        options={"end": "1859-06"},
        position=pos({"Ann": plain("Ann", "1859-06"), "Bo": plain("Bo", "1859-06")},
                     turn="Bo", when="1859-06", start_player="Ann"))
    add("PJ-SCORE-CAPITAL-break-claims-a-wrong-capital",
        [a("Ann", "advance"), chk("Ann", "score", 1000)], ("checkpoint", "PJ-SCORE-CAPITAL"),
        position=pos({"Ann": plain("Ann", spoils=["gold-01", "buffalo-02"]),
                      "Bo": plain("Bo")}))
    rich = pos({"Ann": plain("Ann", "1862-12", spoils=["gold-01", "fish-02"]),
                "Bo": plain("Bo", "1862-12", land="squatter")}, turn="Bo", when="1862-12",
               saloon_renter="Ann")
    add("PJ-SCORE-CAPITAL-legal-land-gold-spoils-and-cash",
        [a("Bo", "advance"), end("Bo"), chk("Ann", "score"), FinalLine()], position=rich)
    add("PJ-SCORE-LAND-break-squatters-land-counted",
        [a("Bo", "advance"), end("Bo"), FinalLine({"Bo": 12000})], ("score", "PJ-SCORE-CAPITAL"),
        position=rich)
    add("PJ-SCORE-LAND-legal-only-owned-land-counts",
        [a("Bo", "advance"), end("Bo"), chk("Bo", "score"), chk("Ann", "score"), FinalLine()],
        position=rich)
    return c


# --------------------------------------------------------------------------- examples


EXAMPLE_SEEDS = {2: 7, 3: 3, 4: 5, 6: 11}


def _simulate(players: Sequence[str], rng: random.Random) -> list[Event]:
    return simulate_game(registration("pionjar"), list(players), rng)


def _game(n: int) -> tuple[Obj, list[Obj]]:
    return CASEWORK.simulated(P6[:n], EXAMPLE_SEEDS[n], _simulate)


def _replay(players: Sequence[str], events: Sequence[Obj]) -> list[PionjarState]:
    """The state before each event (check and final lines leave it unchanged)."""
    state = GAME.new_state(list(players))
    out = []
    for ev in events:
        out.append(state.copy())
        if "check" not in ev and "final" not in ev:
            GAME.apply(state, event(ev))
    return out


def write_examples() -> dict[str, Obj]:
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    verdicts: dict[str, Obj] = {}

    def finish(name: str, intended: Intended | None) -> None:
        """``intended`` None: a valid, complete game."""
        verdicts[name] = confirm(EXAMPLES / name, intended or [], complete=intended is None)

    for n in (2, 4, 6):
        head, events = _game(n)
        write_log(EXAMPLES / f"pionjar-{n}p.jsonl", head, events)
        finish(f"pionjar-{n}p.jsonl", None)
    _annotated()
    finish("pionjar-annotated.jsonl", None)

    head, events = _game(3)
    states = _replay(P3, events)

    def line(k: int) -> int:
        return k + 2  # event k (0-based) stands on this file line

    def cut(k: int, events_: list[Obj], after: int = 3) -> list[Obj]:
        return events_[:k + 1 + after]

    # schema: a property written as printed on the card
    k = next(i for i, ev in enumerate(events) if ev.get("action") == "choose_property")
    bad = [dict(ev) for ev in events]
    bad[k]["property"] = DATA.properties[bad[k]["property"]].name
    write_log(EXAMPLES / "pionjar-invalid-schema.jsonl", head, cut(k, bad))
    finish("pionjar-invalid-schema.jsonl", [(line(k), "schema", "PJ-ROAD-CHOOSE")])

    # order: the next player rolls before the player whose road roll is due
    k = next(i for i, ev in enumerate(events)
             if ev.get("chance") == "die" and states[i].stage == "road_roll" and i > 6)
    bad = [dict(ev) for ev in events]
    roller = bad[k]["player"]
    bad[k]["player"] = P3[(P3.index(roller) + 1) % 3]
    write_log(EXAMPLES / "pionjar-invalid-order.jsonl", head, cut(k, bad))
    finish("pionjar-invalid-order.jsonl", [(line(k), "order", "PJ-ROAD-DIE")])

    # illegal: a Saloon stake larger than the player's cash
    k = next(i for i, ev in enumerate(events) if ev.get("action") == "gamble")
    bad = [dict(ev) for ev in events]
    bad[k]["stake"] = states[k].p[bad[k]["player"]].cash + 500
    write_log(EXAMPLES / "pionjar-invalid-illegal.jsonl", head, cut(k, bad))
    finish("pionjar-invalid-illegal.jsonl", [(line(k), "illegal", "PJ-SALOON-STAKE")])

    # chance: a die roll of 7 on a trail
    k = next(i for i, ev in enumerate(events)
             if ev.get("chance") == "die" and states[i].stage == "trail_roll")
    bad = [dict(ev) for ev in events]
    bad[k]["value"] = 7
    write_log(EXAMPLES / "pionjar-invalid-chance.jsonl", head, cut(k, bad))
    finish("pionjar-invalid-chance.jsonl", [(line(k), "chance", "PJ-CHANCE-DIE")])

    # checkpoint: a monthly check that forgets the January payment into the Saloon
    k = next(i for i, ev in enumerate(events)
             if "check" in ev and ev["check"].get("month") == "1860-01")
    bad = [json.loads(json.dumps(ev)) for ev in events]
    bad[k]["check"]["saloon"] -= DATA.saloon_january
    write_log(EXAMPLES / "pionjar-invalid-checkpoint.jsonl", head, bad)
    finish("pionjar-invalid-checkpoint.jsonl", [(line(k), "checkpoint", "LOG-CHECK-VALUE")])

    # score: the winner's final capital raised by 1,000
    bad = [json.loads(json.dumps(ev)) for ev in events]
    final = bad[-1]["final"]
    final["scores"][final["winners"][0]] += 1000
    write_log(EXAMPLES / "pionjar-invalid-score.jsonl", head, bad)
    finish("pionjar-invalid-score.jsonl", [(line(len(bad) - 1), "score", "PJ-SCORE-CAPITAL")])
    return verdicts


def _annotated() -> None:
    nov = "1862-11"
    position = pos({"Ann": owner("Ann", square("Ann", nov, "sell_crops"), harvest=3, axe=1,
                                 cash=3000),
                    "Bo": owner("Bo", square("Bo", nov, "plain", passing=True),
                                land="squatter", cash=6000),
                    "Cy": {"where": "trail", "trail": "hunting", "circle": 8,
                           "property": "high_falls", "land": "owner", "spoils": ["buffalo-01"],
                           "cash": 2500}},
                   when=nov, start_player="Ann", saloon=12000)
    steps_bo = steps("Bo", nov)
    lines: list[tuple[Obj, str]] = [
        (a("Ann", "advance"), f"November 1862: Ann's almanac number is {steps('Ann', nov)}; "
         "she ends on a harvest sell square and must sell all 3 harvest cards at November's "
         "price, 1,200 each (PJ-SELL-CROPS)"),
        (end("Ann"), "Ann could still play in the Saloon, so her turn ends by an explicit "
         "end_turn (PJ-TURN-END)"),
        (a("Bo", "advance"), f"Bo moves {steps_bo} squares and passes Pioneer City: his first "
         "lap is complete and the redemption sum of 4,000 is paid, Buffalo Head is his "
         "(PJ-REDEEM); passing the city is a visit (PJ-CITY-VISIT)"),
        (a("Bo", "buy_equipment", kind="axe"), "visiting the city, Bo buys the one axe card "
         "his single stand allows, 500 to the bank (PJ-EQUIP-BUY)"),
        (a("Bo", "gamble", stake=500), "Bo plays in the Saloon: the 500 stake goes in first "
         "(PJ-SALOON-STAKE)"),
        (die("Bo", 2, payout=1500), "a 2 pays three times the stake; the optional payout "
         "field states it and is checked (PJ-SALOON-ROLL)"),
        (end("Bo"), "Cy's turn starts on circle 8 of the hunting trail, not an exit circle, "
         "so the die is rolled at once"),
        (die("Cy", 3), "circle 11 is a buffalo circle: Cy takes the top buffalo card "
         "(PJ-TRAIL-CARD)"),
        (draw("buffalo", "buffalo-05"), "the card drawn is named; it must still be in the "
         "stack (PJ-SETUP-STACKS)"),
        (end("Cy"), "Ann is the first squatter: her turn moves the almanac to December 1862, "
         "the last month (PJ-ALMANAC-ADVANCE)"),
        ({"check": {"month": "1862-12", "saloon": 11000, "Ann": {"cash": 6600, "axe": 1},
                    "Bo": {"cash": 2500, "owner": 1}, "Cy": {"buffalo": 2}}},
         "a checkpoint: the state the referee computed so far"),
        (a("Ann", "advance"), "Ann lands on a timber sell square and sells her axe card at "
         "December's price, 1,200 (PJ-SELL-TIMBER)"),
        (end("Ann"), "Ann ends her turn"),
        (a("Bo", "advance"), "Bo lands on a fur trapper square, but he holds no buffalo card "
         "to sell (PJ-FUR-TRAPPER)"),
        (end("Bo"), "Cy rolls on the trail again"),
        (die("Cy", 4), "circle 15: another buffalo circle"),
        (draw("buffalo", "buffalo-09"), "Cy now holds three buffalo cards"),
        (end("Cy"), "December 1862 is over: the game ends (PJ-END-MONTH). The Saloon is not "
         "rented and holds 11,000, so everyone rolls for it, from the start player "
         "(PJ-SALOON-FINAL)"),
        (die("Ann", 3), "Ann rolls 3"),
        (die("Bo", 6), "Bo rolls 6"),
        (die("Cy", 2), "Cy rolls 2: Bo's 6 is highest and he takes the 11,000"),
    ]
    events = [{**ev, "note": note} for ev, note in lines]
    state = CASEWORK.play(P3, [ev for ev, _ in lines], position)
    parts = "; ".join(f"{n} {sc.total:,} ({', '.join(f'{k} {v:,}' for k, v in sc.parts.items())})"
                      for n, sc in GAME.score(state).items())
    events.append({**CASEWORK.final(state),
                   "note": f"capital: land + gold + spoils + cash (PJ-SCORE-CAPITAL): {parts}"})
    head = header("pionjar", P3, position=position,
                  meta={"note": "the last two months of a 3-player game, explained line by "
                                "line"})
    write_log(EXAMPLES / "pionjar-annotated.jsonl", head, events)


def main(argv: Sequence[str]) -> None:
    CASEWORK.main(argv, golden_cases, write_examples)


if __name__ == "__main__":
    main(sys.argv[1:])
