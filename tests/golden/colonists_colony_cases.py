"""The golden cases of The Colonists' colonies, Special Ambassadors, later-era starts and saved
games (a part of ``make_colonists.py``, which imports it): for every colony level a log that
uses it and one that breaks it, most of them started from a position (FORMAT-colonists.md
section 9) in the era the level belongs to."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from casework import Case, Obj
from make_colonists import (
    BOARD,
    BOARD_II,
    GROVE,
    GROVE2,
    MARKET,
    MARKET2,
    P2,
    SUSTENANCE,
    Table,
    a,
    ch,
    chk,
    refused_header,
    tile,
    worker,
)

# the Market card of each era the positions show, and the board of Era IV (the Chief Officer
# in the Head Official's place)
CARD = {1: "farm", 2: "planks", 3: "coal", 4: "planks"}
BOARD_IV = [t if t["place"] != "head_official" else tile("chief_officer", t["at"])
            for t in BOARD_II]
THIRD = [4, -1]   # the third Market
FIVE = ["alchemist", "altruist", "envoy", "industrialist", "laborer", "lord", "scholar",
        "storekeeper", "trader"]


def colonies_for(era: int, wanted: Sequence[str]) -> list[str]:
    count = 5 if era >= 3 else 4
    out = list(dict.fromkeys(wanted))
    out += [c for c in FIVE if c not in out]
    return sorted(out[:count])


def at_era(era: int, players: dict[str, Obj], colonies: Sequence[str] = (), **table: Any) -> Obj:
    """A position in ``era``: the board of the scripted games (Era IV with its Chief Officer),
    the era's Market card, the colonies of the players' Embassies in play."""
    wanted = list(colonies) + [c for p in players.values() for c in p.get("embassies", {})]
    board = BOARD if era == 1 else BOARD_IV if era == 4 else BOARD_II
    out: Obj = {"era": era, "board": board, "market_card": CARD[era],
                "colonies": colonies_for(era, wanted), "players": players}
    out.update(table)
    return out


def acting(place: Any, start: Any = MARKET) -> Obj:
    """A player's Steward at ``place`` after this turn's move (stage act)."""
    return {"stewards": [place], "started": [start], "moved": [1]}


def colony_cases() -> list[Case]:
    c: list[Case] = []
    for group in (alchemist_cases, altruist_cases, envoy_cases, industrialist_cases,
                  laborer_cases, lord_cases, scholar_cases, storekeeper_cases, trader_cases,
                  embassy_cases, ambassador_cases, later_cases, saved_cases):
        c.extend(group())
    return c


# --------------------------------------------------------------------------- the Alchemist


def alchemist_cases() -> Iterable[Case]:
    grove = Table(P2, position=at_era(1, {"Ann": {"embassies": {"alchemist": 1}, "tools": 2,
                                                  **acting(GROVE)}}, stage="act"))
    yield grove.case("CO-ALCHEMIST-1-legal-wood-taken-as-clay",
                     a("Ann", "gather", exchange=[["wood", "clay", 1]]), chk("Ann", "wood"),
                     chk("Ann", "clay"))
    yield grove.case("CO-ALCHEMIST-1-break-more-exchanged-than-received",
                     a("Ann", "gather", exchange=[["wood", "clay", 3]]),
                     want=("illegal", "CO-ALCHEMIST-1"),
                     note="the Riverbank Grove gives 2 Wood: at most 2 are exchanged")
    joiner = at_era(2, {"Ann": {"embassies": {"alchemist": 2}, "goods": {"wood": 2},
                                "tools": 2, **acting("joiner")}}, stage="act",
                    ambassadors={"alchemist": MARKET})
    yield Table(P2, position=joiner).case(
        "CO-ALCHEMIST-2-legal-planks-taken-as-bricks",
        a("Ann", "refine", times=1, exchange=[["planks", "bricks", 1]]), chk("Ann", "bricks"),
        note="refined goods are received like any others")
    level1 = at_era(2, {"Ann": {"embassies": {"alchemist": 1}, "goods": {"wood": 2},
                                "tools": 2, **acting("joiner")}}, stage="act")
    yield Table(P2, position=level1).case(
        "CO-ALCHEMIST-2-break-bricks-at-level-one",
        a("Ann", "refine", times=1, exchange=[["planks", "bricks", 1]]),
        want=("illegal", "CO-ALCHEMIST-2"), note="Planks and Bricks come with level II")
    baker = at_era(3, {"Ann": {"embassies": {"alchemist": 3}, "tools": 2, **acting("baker")}},
                   stage="act", ambassadors={"alchemist": MARKET})
    yield Table(P2, position=baker).case(
        "CO-ALCHEMIST-3-legal-food-taken-as-ore", a("Ann", "gather", exchange=[["food", "ore",
                                                                               1]]),
        chk("Ann", "ore"), chk("Ann", "food"))
    low = at_era(3, {"Ann": {"embassies": {"alchemist": 2}, "tools": 2, **acting("baker")}},
                 stage="act", ambassadors={"alchemist": MARKET})
    yield Table(P2, position=low).case(
        "CO-ALCHEMIST-3-break-ore-at-level-two",
        a("Ann", "gather", exchange=[["food", "ore", 1]]), want=("illegal", "CO-ALCHEMIST-3"))
    market = at_era(4, {"Ann": {"embassies": {"alchemist": 4}, "goods": {"wood": 2, "clay": 1},
                                "tools": 2, **acting(MARKET2)}}, stage="act",
                    ambassadors={"alchemist": MARKET})
    m = Table(P2, position=market)
    yield m.case("CO-ALCHEMIST-4-legal-three-goods-for-a-tool",
                 a("Ann", "market_trade", colony="alchemist", give={"wood": 2, "clay": 1},
                   get={"tools": 1}), chk("Ann", "tools"), chk("Ann", "wood"))
    yield m.case("CO-ALCHEMIST-4-break-two-goods-for-a-tool",
                 a("Ann", "market_trade", colony="alchemist", give={"wood": 2},
                   get={"tools": 1}), want=("illegal", "CO-ALCHEMIST-4"))


# --------------------------------------------------------------------------- the Altruist


def altruist_cases() -> Iterable[Case]:
    first = Table(P2, position=at_era(1, {"Ann": {"embassies": {"altruist": 1}, "tools": 2,
                                                  "stewards": [MARKET]}}))
    yield first.case("CO-ALTRUIST-1-legal-charity-at-the-first-turn",
                     a("Ann", "charity", goods={"wood": 2}), a("Ann", "move", to=GROVE),
                     a("Ann", "gather", decline={"wood": 1}), chk("Ann", "wood"),
                     chk("Ann", "warehouse"))
    yield first.case("CO-ALTRUIST-1-break-charity-twice",
                     a("Ann", "charity", goods={"wood": 2}),
                     a("Ann", "charity", goods={"clay": 1}), want=("order", "CO-ALTRUIST-1"))
    second = Table(P2, position=at_era(2, {"Ann": {"embassies": {"altruist": 2}, "tools": 2,
                                                   "stewards": [MARKET]}},
                                       ambassadors={"altruist": MARKET}))
    yield second.case("CO-ALTRUIST-2-legal-a-plank-as-charity",
                      a("Ann", "charity", goods={"planks": 1}), chk("Ann", "planks"))
    yield first.case("CO-ALTRUIST-2-break-a-plank-at-level-one",
                     a("Ann", "charity", goods={"planks": 1}), want=("illegal", "CO-ALTRUIST-2"))
    year = at_era(3, {"Ann": {"embassies": {"altruist": 3}, "tools": 2,
                              "buildings": ["farm", "flat",
                                            worker("storage_house", "citizen")],
                              "stewards": [MARKET]}}, stage="end_year", year=2,
                  ambassadors={"altruist": MARKET2})
    end = Table(P2, position=year)
    yield end.case("CO-ALTRUIST-3-legal-a-robe-this-year",
                   a("Ann", "choose", goods={"robes": 1}), SUSTENANCE, chk("Ann", "robes"),
                   chk("Ann", "food"),
                   note="the Altruist's Food (level II) feeds the Citizen; the choice gives a "
                   "Robe")
    low = dict(year, players={"Ann": dict(year["players"]["Ann"], embassies={"altruist": 2})})
    yield Table(P2, position=low).case("CO-ALTRUIST-3-break-a-choice-at-level-two",
                                       a("Ann", "choose", goods={"robes": 1}),
                                       want=("illegal", "CO-ALTRUIST-3"))
    fourth = Table(P2, position=at_era(4, {"Ann": {"embassies": {"altruist": 4}, "tools": 2,
                                                   "stewards": [MARKET]}},
                                       ambassadors={"altruist": MARKET}))
    yield fourth.case("CO-ALTRUIST-4-legal-iron-as-charity",
                      a("Ann", "charity", goods={"iron": 1}), chk("Ann", "iron"))
    three = Table(P2, position=at_era(4, {"Ann": {"embassies": {"altruist": 3}, "tools": 2,
                                                  "stewards": [MARKET]}},
                                      ambassadors={"altruist": MARKET}))
    yield three.case("CO-ALTRUIST-4-break-iron-at-level-three",
                     a("Ann", "charity", goods={"iron": 1}), want=("illegal", "CO-ALTRUIST-4"))
    tool = at_era(4, {"Ann": {"embassies": {"altruist": 4}, "tools": 2,
                              "stewards": [MARKET]}}, stage="end_year", year=2,
                  ambassadors={"altruist": MARKET2})
    yield Table(P2, position=tool).case("CO-ALTRUIST-4-legal-a-tool-in-production",
                                        SUSTENANCE, chk("Ann", "tools"),
                                        note="the Smithy's Tool and the Altruist's")


# --------------------------------------------------------------------------- the Envoy


def envoy_cases() -> Iterable[Case]:
    two = Table(P2, position=at_era(1, {"Ann": {"embassies": {"envoy": 1}, "tools": 2,
                                                "stewards": [MARKET, None]}}))
    yield two.case("CO-ENVOY-1-legal-a-second-steward",
                   a("Ann", "place_steward", steward=2, at=MARKET2),
                   a("Ann", "move", steward=2, to=GROVE2), a("Ann", "gather"),
                   chk("Ann", "stewards"))
    one = Table(P2, position=at_era(1, {"Ann": {"tools": 2, "stewards": [MARKET]}}))
    yield one.case("CO-ENVOY-1-break-a-second-steward-without-the-envoy",
                   a("Ann", "place_steward", steward=2, at=MARKET2),
                   want=("illegal", "CO-STEWARDS"))
    far = {"goods": {"wood": 2, "food": 1}, "tools": 2, "stewards": [GROVE2]}
    jump = Table(P2, position=at_era(2, {"Ann": dict(far, embassies={"envoy": 2},
                                                     goods={"wood": 3, "clay": 2},
                                                     buildings=["farm", "farm", worker(
                                                         "storage_shed", "farmer")])}))
    yield jump.case("CO-ENVOY-2-legal-a-jump-to-the-diplomat",
                    a("Ann", "move", to="diplomat"),
                    a("Ann", "diplomacy", embassies={"alchemist": 1}),
                    chk("Ann", "embassy_alchemist"),
                    note="the Diplomat is beyond Range 1 of the second Riverbank Grove")
    boost = Table(P2, position=at_era(2, {"Ann": dict(far, embassies={"envoy": 2},
                                                      stewards=["builder_library"])}))
    yield boost.case("CO-ENVOY-2-legal-the-fee-paid-for-range",
                     a("Ann", "move", to=GROVE, boost={"food": 1, "wood": 2}),
                     a("Ann", "gather"), chk("Ann", "wood"), chk("Ann", "food"))
    used = at_era(2, {"Ann": dict(far, embassies={"envoy": 2},
                                  stewards=["builder_library"], uses={"boost": 11})})
    yield Table(P2, position=used).case(
        "CO-ENVOY-2-break-a-second-boost-in-the-half-year",
        a("Ann", "move", to=GROVE, boost={"food": 1, "wood": 2}),
        want=("illegal", "CO-ENVOY-2"), note="the uses count the half-year (11: era II, year 1, "
        "summer)")
    ranged = Table(P2, position=at_era(3, {"Ann": dict(far, embassies={"envoy": 3},
                                                       stewards=["builder_library"])}))
    yield ranged.case("CO-ENVOY-3-legal-range-two", a("Ann", "move", to=GROVE),
                      a("Ann", "gather", decline={"wood": 1}), chk("Ann", "range"))
    yield ranged.case("CO-ENVOY-3-break-range-three", a("Ann", "move", to=GROVE2),
                      want=("illegal", "CO-MOVE-RANGE"),
                      note="Range 2: the second Riverbank Grove lies three steps away")
    dip = at_era(4, {"Ann": {"embassies": {"envoy": 4, "alchemist": 1},
                             "goods": {"planks": 1, "bricks": 1}, "tools": 2,
                             **acting("diplomat")}}, stage="act", action={"market": True})
    d4 = Table(P2, position=dip)
    yield d4.case("CO-ENVOY-4-legal-a-market-action-and-a-tool-at-the-diplomat",
                  a("Ann", "diplomacy", embassies={"alchemist": 2},
                    ambassadors={"alchemist": THIRD}),
                  a("Ann", "subsidy"), chk("Ann", "tools"), chk(None, "turn"),
                  note="the relation's Tool paid, the Envoy's Tool received, then the Market's "
                  "subsidy at the Diplomat")
    yield d4.case("CO-ENVOY-4-break-two-market-actions", a("Ann", "subsidy"),
                  a("Ann", "subsidy"), want=("order", "CO-MOVE-ACTION"))


# --------------------------------------------------------------------------- the Industrialist


def industrialist_cases() -> Iterable[Case]:
    after = {"stage": "market_card", "year": 2}
    one = at_era(1, {"Ann": {"embassies": {"industrialist": 1}, "goods": {"wood": 2},
                             "tools": 2}}, **after)
    t1 = Table(P2, position=one)
    yield t1.case("CO-INDUSTRIALIST-1-legal-planks-in-production",
                  a("Ann", "convert", colony="industrialist", times=1), chk("Ann", "planks"))
    none = at_era(1, {"Ann": {"goods": {"wood": 2}, "tools": 2}}, colonies=["industrialist"],
                  **after)
    yield Table(P2, position=none).case(
        "CO-INDUSTRIALIST-1-break-refining-without-the-relation",
        a("Ann", "convert", colony="industrialist", times=1),
        want=("illegal", "CO-INDUSTRIALIST-1"))
    factory = at_era(1, {"Ann": {"embassies": {"industrialist": 1}, "tools": 2,
                                 "buildings": ["farm", "farm",
                                               worker("forester_house", "farmer")]}},
                     stage="end_year", year=2)
    yield Table(P2, position=factory).case(
        "CO-INDUSTRIALIST-1-legal-the-embassy-works-as-a-factory",
        a("Ann", "choose", worker="farmer"), SUSTENANCE, chk("Ann", "buffered_wood"),
        note="the Forester's House yields 3 Wood, its Buffer holds them")
    yield t1.case("CO-INDUSTRIALIST-2-break-twice-at-level-one",
                  a("Ann", "convert", colony="industrialist", give={"wood": 4},
                    get={"planks": 2}), want=("illegal", "CO-INDUSTRIALIST-2"))
    two = at_era(2, {"Ann": {"embassies": {"industrialist": 2}, "goods": {"wood": 3, "clay": 1},
                             "tools": 2}}, **after)
    t2 = Table(P2, position=two)
    yield t2.case("CO-INDUSTRIALIST-2-legal-a-brick-in-production",
                  a("Ann", "convert", colony="industrialist", give={"wood": 1, "clay": 1},
                    get={"bricks": 1}), chk("Ann", "bricks"))
    two_b = dict(two, players={"Ann": dict(two["players"]["Ann"],
                                           goods={"wood": 2, "clay": 2})})
    yield Table(P2, position=two_b).case(
        "CO-INDUSTRIALIST-3-break-two-bricks-at-level-two",
        a("Ann", "convert", colony="industrialist", give={"wood": 2, "clay": 2},
          get={"bricks": 2}), want=("illegal", "CO-INDUSTRIALIST-3"))
    three = at_era(3, {"Ann": {"embassies": {"industrialist": 3}, "goods": {"wood": 3},
                               "tools": 2}}, **after)
    yield Table(P2, position=three).case(
        "CO-INDUSTRIALIST-3-legal-coal-in-production",
        a("Ann", "convert", colony="industrialist", give={"wood": 3}, get={"coal": 1}),
        chk("Ann", "coal"), chk("Ann", "warehouse"))
    four = at_era(4, {"Ann": {"embassies": {"industrialist": 4}, "goods": {"wood": 3},
                              "tools": 2}}, **after)
    yield Table(P2, position=four).case(
        "CO-INDUSTRIALIST-4-legal-wood-to-planks-one-for-one",
        a("Ann", "convert", colony="industrialist", give={"wood": 3}, get={"planks": 3}),
        chk("Ann", "planks"))
    three_p = at_era(4, {"Ann": {"embassies": {"industrialist": 3}, "goods": {"wood": 3},
                                 "tools": 2}}, **after)
    yield Table(P2, position=three_p).case(
        "CO-INDUSTRIALIST-4-break-one-for-one-at-level-three",
        a("Ann", "convert", colony="industrialist", give={"wood": 1}, get={"planks": 1}),
        want=("illegal", "CO-INDUSTRIALIST-4"))


# --------------------------------------------------------------------------- the Laborer


def laborer_cases() -> Iterable[Case]:
    busy = ["farm", worker("storage_shed", "farmer"), "flat", "forester_house"]
    one = at_era(1, {"Ann": {"embassies": {"laborer": 1}, "buildings": busy,
                             "goods": {"food": 1}, "tools": 2, "stewards": [MARKET]}})
    yield Table(P2, position=one).case(
        "CO-LABORER-1-legal-a-citizen-in-the-foresters-house",
        a("Ann", "employ", building="forester_house", worker="citizen"),
        chk("Ann", "employed_citizens"))
    free = dict(one, players={"Ann": dict(one["players"]["Ann"], buildings=[
        "farm", "farm", "flat", "forester_house"])})
    yield Table(P2, position=free).case(
        "CO-LABORER-1-break-while-a-farmer-is-free",
        a("Ann", "employ", building="forester_house", worker="citizen"),
        want=("illegal", "CO-LABORER-1"))
    two = at_era(2, {"Ann": {"embassies": {"laborer": 2}, "tools": 2, "stewards": [MARKET],
                             "buildings": ["farm", "farm", "storage_house", "storage_house"]}},
                 ambassadors={"laborer": MARKET})
    t2 = Table(P2, position=two)
    yield t2.case("CO-LABORER-2-legal-a-farmer-in-the-storage-house",
                  a("Ann", "employ", building="storage_house#1", worker="farmer"),
                  chk("Ann", "storage"))
    t2.add(a("Ann", "employ", building="storage_house#1", worker="farmer"))
    yield t2.case("CO-LABORER-2-break-a-second-farmer",
                  a("Ann", "employ", building="storage_house#2", worker="farmer"),
                  want=("illegal", "CO-LABORER-2"))
    three = at_era(3, {"Ann": {"embassies": {"laborer": 3}, "tools": 2, "stewards": [MARKET],
                               "goods": {"food": 2, "robes": 1},
                               "buildings": ["farm", worker("storage_shed", "farmer"), "house",
                                             "storage_house"]}},
                   ambassadors={"laborer": MARKET})
    yield Table(P2, position=three).case(
        "CO-LABORER-3-legal-a-merchant-in-the-storage-house",
        a("Ann", "employ", building="storage_house", worker="merchant"),
        chk("Ann", "employed_merchants"))
    cit = dict(three, players={"Ann": dict(three["players"]["Ann"], buildings=[
        "farm", worker("storage_shed", "farmer"), "house", "flat", "storage_house"])})
    yield Table(P2, position=cit).case(
        "CO-LABORER-3-break-while-a-citizen-is-free",
        a("Ann", "employ", building="storage_house", worker="merchant"),
        want=("illegal", "CO-LABORER-3"))
    four = at_era(4, {"Ann": {"embassies": {"laborer": 4}, "tools": 2, "stewards": [MARKET],
                              "goods": {"food": 3},
                              "buildings": ["farm", "flat", "flat", "flat", "stables",
                                            "boardinghouse", "customs_office"]}},
                  ambassadors={"laborer": MARKET})
    t4 = Table(P2, position=four)
    t4.add(a("Ann", "employ", building="stables", worker="citizen"))
    yield t4.case("CO-LABORER-4-legal-two-citizens-in-merchant-buildings",
                  a("Ann", "employ", building="boardinghouse", worker="citizen"),
                  chk("Ann", "stewards"), chk("Ann", "range"))
    t4.add(a("Ann", "employ", building="boardinghouse", worker="citizen"))
    yield t4.case("CO-LABORER-4-break-a-third-citizen",
                  a("Ann", "employ", building="customs_office", worker="citizen"),
                  want=("illegal", "CO-LABORER-4"))


# --------------------------------------------------------------------------- the Lord


def lord_cases() -> Iterable[Case]:
    one = Table(P2, position=at_era(1, {"Ann": {"embassies": {"lord": 1}, "tools": 2,
                                                **acting("builder_farm")}}, stage="act"))
    yield one.case("CO-LORD-1-legal-clay-instead-of-building",
                   a("Ann", "ignore", goods={"clay": 1}), chk("Ann", "clay"))
    mk = Table(P2, position=at_era(1, {"Ann": {"embassies": {"lord": 1}, "tools": 2,
                                               **acting(MARKET2)}}, stage="act"))
    yield mk.case("CO-LORD-1-break-ignoring-a-market", a("Ann", "ignore", goods={"clay": 1}),
                  want=("illegal", "CO-LORD-1"))
    yield one.case("CO-LORD-2-break-food-at-level-one", a("Ann", "ignore", goods={"food": 1}),
                   want=("illegal", "CO-LORD-2"))
    fee = Table(P2, position=at_era(2, {"Ann": {"embassies": {"lord": 2}, "tools": 2,
                                                "stewards": [MARKET]},
                                        "Bo": {"tools": 2, "stewards": [GROVE]}}))
    yield fee.case("CO-LORD-2-legal-no-fee-for-the-lord", a("Ann", "move", to=GROVE),
                   a("Ann", "ignore", goods={"food": 1}), chk("Ann", "food"), chk("Bo", "tools"),
                   note="Bo's Steward stands on the Riverbank Grove; the Lord pays no Fee")
    swap = Table(P2, position=at_era(3, {"Ann": {"embassies": {"lord": 3}, "tools": 2,
                                                 "stewards": [MARKET]}}))
    yield swap.case("CO-LORD-3-legal-two-places-swapped",
                    a("Ann", "swap_places", swap=["joiner", "developer"]),
                    a("Ann", "move", to=[1, -1]), a("Ann", "ignore", goods={"ore": 1}),
                    chk("Ann", "ore"),
                    note="the Joiner now lies next to the first Market, where the Developer was")
    yield swap.case("CO-LORD-3-break-a-second-swap-in-the-half-year",
                    a("Ann", "swap_places", swap=["joiner", "developer"]),
                    a("Ann", "swap_places", swap=["librarian", "diplomat"]),
                    want=("illegal", "CO-LORD-3"))
    four = Table(P2, position=at_era(4, {"Ann": {"embassies": {"lord": 4}, "tools": 2,
                                                 **acting("librarian")}}, stage="act"))
    yield four.case("CO-LORD-4-legal-iron-and-a-tool", a("Ann", "ignore", goods={"iron": 1}),
                    chk("Ann", "iron"), chk("Ann", "tools"))
    three = Table(P2, position=at_era(4, {"Ann": {"embassies": {"lord": 3}, "tools": 2,
                                                  **acting("librarian")}}, stage="act"))
    yield three.case("CO-LORD-4-break-iron-at-level-three",
                     a("Ann", "ignore", goods={"iron": 1}), want=("illegal", "CO-LORD-4"))


# --------------------------------------------------------------------------- the Scholar


def scholar_cases() -> Iterable[Case]:
    lib = Table(P2, position=at_era(1, {"Ann": {"embassies": {"scholar": 1}, "tools": 2,
                                                **acting("librarian")}}, stage="act",
                                    piles={"improvements": [101, 102, 103, 104, 105]}))
    lib.add(a("Ann", "draw_cards"), *(ch("draw_improvement", card=n) for n in (101, 102, 103,
                                                                                104)))
    yield lib.case("CO-SCHOLAR-1-legal-four-drawn-two-kept",
                   a("Ann", "keep", cards=[101, 103]), chk("Ann", "hand"))
    yield lib.case("CO-SCHOLAR-1-break-three-kept", a("Ann", "keep", cards=[101, 102, 103]),
                   want=("illegal", "CO-LIBRARIAN"))
    prod = Table(P2, position=at_era(1, {"Bo": {"embassies": {"scholar": 1}, "tools": 2,
                                                "stewards": [MARKET]}}, stage="end_year",
                                     year=2, piles={"improvements": [110, 111, 112]}))
    yield prod.case("CO-SCHOLAR-1-legal-draws-in-production", SUSTENANCE,
                    ch("draw_improvement", card=110), ch("draw_improvement", card=111),
                    a("Bo", "keep", cards=[111]), chk("Bo", "hand"))
    two = Table(P2, position=at_era(2, {"Ann": {"embassies": {"scholar": 2}, "tools": 2,
                                                **acting("librarian")}}, stage="act",
                                    piles={"improvements": [201, 202, 203, 204, 205]}))
    two.add(a("Ann", "draw_cards"), *(ch("draw_improvement", card=n) for n in (201, 203,
                                                                                205, 204)),
            a("Ann", "keep", cards=[201, 205]))
    yield two.case("CO-SCHOLAR-2-legal-a-card-played-after-drawing",
                   a("Ann", "play", card=201), chk("Ann", "hand"), chk("Ann", "planks"))
    yield two.case("CO-SCHOLAR-2-break-two-cards-played",
                   a("Ann", "play", card=201), a("Ann", "play", card=205),
                   want=("order", "CO-SCHOLAR-2"))
    jump = Table(P2, position=at_era(3, {"Ann": {"embassies": {"scholar": 3}, "tools": 2,
                                                 "hand": [301], "stewards": [GROVE2]}}))
    yield jump.case("CO-SCHOLAR-3-legal-a-jump-to-the-developer",
                    a("Ann", "move", to="developer"), a("Ann", "develop", card=301),
                    chk("Ann", "tools"))
    low = Table(P2, position=at_era(3, {"Ann": {"embassies": {"scholar": 2}, "tools": 2,
                                                "hand": [301], "stewards": [GROVE2]}}))
    yield low.case("CO-SCHOLAR-3-break-a-jump-at-level-two", a("Ann", "move", to="developer"),
                   want=("illegal", "CO-MOVE-RANGE"))
    dev = at_era(4, {"Ann": {"embassies": {"scholar": 4}, "tools": 0, "goods": {"wood": 2},
                             "hand": [126], **acting("developer")}}, stage="act")
    yield Table(P2, position=dev).case(
        "CO-SCHOLAR-4-legal-an-improvement-without-tools", a("Ann", "develop", card=126),
        chk("Ann", "tools"), chk("Ann", "improvements"),
        note="the Beaver's Lodge costs 1 Tool and 2 Wood; the Scholar pays the Wood only")
    dev3 = at_era(4, {"Ann": {"embassies": {"scholar": 3}, "tools": 0, "goods": {"wood": 2},
                              "hand": [126], **acting("developer")}}, stage="act")
    yield Table(P2, position=dev3).case(
        "CO-SCHOLAR-4-break-tools-at-level-three", a("Ann", "develop", card=126),
        chk("Ann", "tools", 1), want=("checkpoint", "CO-CHECK"),
        note="at level III the Tool is paid: the claim of 3 Tools is one too many")


# --------------------------------------------------------------------------- the Storekeeper


def storekeeper_cases() -> Iterable[Case]:
    one = Table(P2, position=at_era(1, {"Ann": {"embassies": {"storekeeper": 1}, "tools": 2,
                                                "goods": {"wood": 3, "food": 1},
                                                "buildings": ["farm", "farm"],
                                                **acting(GROVE)}}, stage="act"))
    yield one.case("CO-STOREKEEPER-1-legal-three-more-warehouse-lots", a("Ann", "gather"),
                   chk("Ann", "wood"), chk("Ann", "warehouse"))
    yield one.case("CO-STOREKEEPER-1-break-warehouse-lots-claimed", chk("Ann", "warehouse", -3),
                   want=("checkpoint", "CO-WAREHOUSE"))
    shed = at_era(2, {"Ann": {"embassies": {"storekeeper": 2}, "tools": 2,
                              "goods": {"food": 1, "wood": 2},
                              "buildings": ["farm", "farm", worker("storage_shed", "farmer")],
                              "stewards": [MARKET]}})
    s2 = Table(P2, position=shed)
    yield s2.case("CO-STOREKEEPER-2-legal-a-shed-replaced-by-a-foresters-house",
                  a("Ann", "replace", building="storage_shed", **{"with": "forester_house"},
                    fee={"food": 1, "wood": 2}), chk("Ann", "buildings"), chk("Ann", "storage"))
    low = dict(shed, players={"Ann": dict(shed["players"]["Ann"],
                                          embassies={"storekeeper": 1})})
    yield Table(P2, position=low).case(
        "CO-STOREKEEPER-2-break-a-replacement-at-level-one",
        a("Ann", "replace", building="storage_shed", **{"with": "forester_house"},
          fee={"food": 1, "wood": 1}), want=("illegal", "CO-STOREKEEPER-2"))
    house = at_era(3, {"Ann": {"embassies": {"storekeeper": 3}, "tools": 2,
                               "goods": {"food": 1, "wood": 3},
                               "buildings": ["farm", "flat", worker("storage_house", "citizen")],
                               "stewards": [MARKET]}})
    yield Table(P2, position=house).case(
        "CO-STOREKEEPER-3-legal-a-storage-house-replaced-by-a-theater",
        a("Ann", "replace", building="storage_house", **{"with": "theater"},
          fee={"food": 1, "wood": 3}), chk("Ann", "buildings"))
    two = dict(house, players={"Ann": dict(house["players"]["Ann"],
                                           embassies={"storekeeper": 2})})
    yield Table(P2, position=two).case(
        "CO-STOREKEEPER-3-break-a-storage-house-at-level-two",
        a("Ann", "replace", building="storage_house", **{"with": "theater"},
          fee={"food": 1, "wood": 3}), want=("illegal", "CO-STOREKEEPER-3"))
    four = Table(P2, position=at_era(4, {"Ann": {"embassies": {"storekeeper": 4}, "tools": 6,
                                                 "goods": {"wood": 9, "clay": 1},
                                                 **acting("builder_forester_house")}},
                                     stage="act"))
    yield four.case("CO-STOREKEEPER-4-legal-the-warehouse-is-storage",
                    a("Ann", "build", buildings=["forester_house"] * 3),
                    chk("Ann", "storage"), chk("Ann", "warehouse"),
                    note="9 Wood cannot lie in 6 Storage spaces beside a 4-lot Warehouse; with "
                    "the Warehouse part of the Storage (10 spaces) they can")
    three = Table(P2, position=at_era(4, {"Ann": {"embassies": {"storekeeper": 3}, "tools": 6,
                                                  "goods": {"wood": 9, "clay": 1},
                                                  **acting("builder_forester_house")}},
                                      stage="act"))
    yield three.case("CO-STOREKEEPER-4-break-the-warehouse-at-level-three",
                     a("Ann", "build", buildings=["forester_house"] * 3),
                     want=("illegal", "CO-BUILD"),
                     note="at level III the 9 Wood cannot all be in the 6 Storage spaces")


# --------------------------------------------------------------------------- the Trader


def trader_cases() -> Iterable[Case]:
    def at_market(era: int, level: int, goods: Obj) -> Table:
        return Table(P2, position=at_era(era, {"Ann": {"embassies": {"trader": level},
                                                       "tools": 2, "goods": goods,
                                                       **acting(MARKET2)}}, stage="act"))

    t1 = at_market(1, 1, {"wood": 2, "food": 1})
    yield t1.case("CO-TRADER-1-legal-wood-and-food-for-clay",
                  a("Ann", "market_trade", colony="trader", give={"wood": 2, "food": 1},
                    get={"clay": 3}), chk("Ann", "clay"))
    yield t1.case("CO-TRADER-1-break-wood-for-planks",
                  a("Ann", "market_trade", colony="trader", give={"wood": 1},
                    get={"planks": 1}), want=("illegal", "CO-TRADER-1"))
    t2 = at_market(2, 2, {"planks": 1, "wood": 1})
    yield t2.case("CO-TRADER-2-legal-a-plank-for-two-food-and-wood-for-clay",
                  a("Ann", "market_trade", colony="trader", give={"planks": 1, "wood": 1},
                    get={"food": 2, "clay": 1}), chk("Ann", "food"), chk("Ann", "clay"))
    yield at_market(2, 1, {"planks": 1}).case(
        "CO-TRADER-2-break-planks-at-level-one",
        a("Ann", "market_trade", colony="trader", give={"planks": 1}, get={"bricks": 1}),
        want=("illegal", "CO-TRADER-2"))
    t3 = at_market(3, 3, {"wood": 3})
    yield t3.case("CO-TRADER-3-legal-three-wood-for-an-ore",
                  a("Ann", "market_trade", colony="trader", give={"wood": 3}, get={"ore": 1}),
                  chk("Ann", "ore"))
    yield at_market(3, 2, {"wood": 3}).case(
        "CO-TRADER-3-break-ore-at-level-two",
        a("Ann", "market_trade", colony="trader", give={"wood": 3}, get={"ore": 1}),
        want=("illegal", "CO-TRADER-3"))
    t4 = at_market(4, 4, {})
    yield t4.case("CO-TRADER-4-legal-a-tool-for-iron",
                  a("Ann", "market_trade", colony="trader", give={"tools": 1}, get={"iron": 1}),
                  chk("Ann", "iron"), chk("Ann", "tools"))
    yield at_market(4, 3, {}).case(
        "CO-TRADER-4-break-iron-at-level-three",
        a("Ann", "market_trade", colony="trader", give={"tools": 1}, get={"iron": 1}),
        want=("illegal", "CO-TRADER-4"))


# --------------------------------------------------------------------------- Embassies


def embassy_cases() -> Iterable[Case]:
    full = {"altruist": 3, "industrialist": 3, "storekeeper": 3}
    seven = Table(P2, position=at_era(3, {"Ann": {"embassies": full, "tools": 2,
                                                  "stewards": [MARKET]}},
                                      colonies=["altruist", "industrialist", "storekeeper"],
                                      ambassadors={"altruist": MARKET}))
    yield seven.case("CO-WAREHOUSE-legal-seven-lots", chk("Ann", "warehouse"),
                     note="1 lot of the board, 1 of the Altruist, 2 of the Industrialist, 3 of "
                     "the Storekeeper")
    yield seven.case("CO-WAREHOUSE-break-eight-lots-claimed", chk("Ann", "warehouse", 1),
                     want=("checkpoint", "CO-WAREHOUSE"))
    raze = at_era(2, {"Ann": {"embassies": {"storekeeper": 1, "envoy": 1}, "tools": 3,
                              "goods": {"wood": 1, "clay": 3, "food": 1},
                              "stewards": ["builder_farm", GROVE2], "started": [MARKET, GROVE2],
                              "moved": [1]}}, stage="act", at="builder_farm")
    r = Table(P2, position=raze)
    yield r.case("CO-EMBASSY-RAZE-legal-the-storekeepers-lots-are-lost",
                 a("Ann", "build", buildings=[{"building": "farm",
                                               "raze": "embassy_storekeeper"}]),
                 chk("Ann", "warehouse"), chk("Ann", "clay"), chk("Ann", "embassy_storekeeper"))
    yield r.case("CO-EMBASSY-RAZE-break-the-lots-claimed-after-razing",
                 a("Ann", "build", buildings=[{"building": "farm",
                                               "raze": "embassy_storekeeper"}]),
                 chk("Ann", "warehouse", 3), want=("checkpoint", "CO-WAREHOUSE"))


# --------------------------------------------------------------------------- the Ambassadors


def ambassador_cases() -> Iterable[Case]:
    unlock = at_era(2, {"Ann": {"embassies": {"alchemist": 1}, "tools": 2,
                                "goods": {"planks": 1, "bricks": 1}, **acting("diplomat")}},
                    stage="act")
    u = Table(P2, position=unlock)
    yield u.case("CO-AMBASSADOR-legal-the-first-to-unlock-places-him",
                 a("Ann", "diplomacy", embassies={"alchemist": 2},
                   ambassadors={"alchemist": THIRD}), chk(None, "ambassador_alchemist"))
    yield u.case("CO-AMBASSADOR-break-not-placed",
                 a("Ann", "diplomacy", embassies={"alchemist": 2}),
                 want=("illegal", "CO-AMBASSADOR"),
                 note="three Markets: the log names where the Alchemist enters")
    moves = at_era(2, {"Ann": {"embassies": {"alchemist": 2}, "tools": 2,
                               "stewards": [MARKET]}}, ambassadors={"alchemist": MARKET2})
    m = Table(P2, position=moves)
    yield m.case("CO-AMBASSADOR-break-moved-twice-in-a-half-year",
                 a("Ann", "ambassador", ambassador="alchemist", to=GROVE2),
                 a("Ann", "ambassador", ambassador="alchemist", to="joiner"),
                 want=("illegal", "CO-AMBASSADOR"))
    occupied = at_era(2, {"Ann": {"embassies": {"alchemist": 2}, "tools": 2,
                                  "stewards": [MARKET]},
                          "Bo": {"tools": 2, "stewards": [GROVE2]}},
                      ambassadors={"alchemist": MARKET2})
    o = Table(P2, position=occupied)
    yield o.case("CO-AMBASSADOR-ALCHEMIST-legal-the-action-of-bos-place",
                 a("Ann", "ambassador", ambassador="alchemist", to=GROVE2), a("Ann", "gather"),
                 a("Ann", "move", to=GROVE), a("Ann", "gather", decline={"wood": 2}),
                 chk("Ann", "wood"), chk(None, "ambassador_alchemist"),
                 note="at the start of her turn Ann moves the Alchemist to the Riverbank Grove "
                 "where Bo's Steward stands, and takes its Wood; then she moves her Steward")
    yield Table(P2, position=dict(occupied, turn="Bo")).case(
        "CO-AMBASSADOR-ALCHEMIST-break-on-bos-turn",
        a("Ann", "ambassador", ambassador="alchemist", to=GROVE),
        want=("order", "CO-AMBASSADOR-ALCHEMIST"),
        note="Bo's turn begins; Ann is neither at the start nor at the end of one of hers")
    alt = at_era(2, {"Ann": {"embassies": {"altruist": 2}, "tools": 2,
                             "goods": {"wood": 3}, "stewards": [MARKET]}},
                 ambassadors={"altruist": MARKET2})
    t = Table(P2, position=alt)
    yield t.case("CO-AMBASSADOR-ALTRUIST-legal-a-discount-at-the-builder",
                 a("Ann", "ambassador", ambassador="altruist", to=GROVE2),
                 a("Ann", "move", to="builder_forester_house"),
                 a("Ann", "build", buildings=["forester_house"]), chk("Ann", "wood"),
                 chk("Ann", "tools"),
                 note="the Altruist at a Riverbank Grove (2 Wood): the Forester's House costs 1 "
                 "Wood instead of 3")
    yield t.case("CO-AMBASSADOR-ALTRUIST-break-at-the-end-of-a-turn",
                 a("Ann", "move", to=GROVE), a("Ann", "gather", decline={"wood": 2}),
                 a("Ann", "move", to=MARKET), a("Ann", "subsidy"),
                 a("Ann", "move", to=GROVE), a("Ann", "gather", decline={"wood": 2}),
                 a("Ann", "ambassador", ambassador="altruist", to=GROVE2),
                 want=("order", "CO-AMBASSADOR-ALTRUIST"),
                 note="the Altruist moves at the start of a turn only")
    lab = at_era(2, {"Ann": {"embassies": {"laborer": 2}, "tools": 2, "stewards": [MARKET]},
                     "Bo": {"tools": 2, "goods": {"wood": 2}, "stewards": [GROVE2]}},
                 ambassadors={"laborer": "joiner"}, turn="Bo")
    lt = Table(P2, position=lab)
    yield lt.case("CO-AMBASSADOR-LABORER-legal-wood-when-bo-refines-at-his-place",
                  a("Bo", "move", to="joiner"), a("Bo", "refine", times=1),
                  chk("Ann", "wood"), chk("Bo", "planks"))
    yield Table(P2, position=dict(lab, turn="Ann")).case(
        "CO-AMBASSADOR-LABORER-break-at-the-start-of-a-turn",
        a("Ann", "ambassador", ambassador="laborer", to=GROVE),
        want=("order", "CO-AMBASSADOR-LABORER"))


# --------------------------------------------------------------------------- later starts


def later_start(first: int, players: Sequence[str] = P2) -> Table:
    """A start in era ``first``: the five setup phases up to the display, the chance events
    drawn from a seeded generator, each Place laid on the first cell found legal."""
    import random

    from referee.model.colonists import GAME

    rng = random.Random(first)
    t = Table(players, {"first_era": first})
    state = t.state
    while state.stage != "setup_display":
        outcomes = GAME.chance_outcomes(state)
        if outcomes:
            events = sorted((e for e, _ in outcomes), key=str)
            t.add(rng.choice(events).to_json())
        else:
            t.add(GAME.legal_actions(state)[0].to_json())
    return t


def later_cases() -> Iterable[Case]:
    t = later_start(2)
    display = [a("Ann", "setup_buildings", buildings=["farm", "farm", "flat",
                                                       "forester_house", "storage_shed"],
                 embassies={t.state.colonies[0]: 1}),
               a("Ann", "employ", building="forester_house"),
               a("Ann", "employ", building="storage_shed"),
               a("Ann", "setup_goods", goods={"wood": 3, "clay": 2},
                 buffers={"wood": 2}),
               a("Bo", "setup_buildings", buildings=["farm", "farm", "farm", "library",
                                                      "hunting_lodge"]),
               a("Bo", "employ", building="hunting_lodge"),
               a("Bo", "setup_goods", goods={"wood": 3})]
    done = t.copy().add(*display, SUSTENANCE)
    yield done.case("CO-LATER-START-legal-a-game-from-era-two", chk(None, "era"),
                    chk("Ann", "wood"), chk("Ann", "buffered_wood"), chk("Bo", "food"),
                    chk("Ann", "tools"))
    yield refused_header("CO-LATER-START-break-a-first-era-after-the-last",
                         ("schema", "CO-OPTIONS"), options={"first_era": 3, "last_era": 2})
    yield done.case("CO-LATER-BOARD-legal-era-one-laid-before-era-two",
                    chk("Ann", "buildings"), chk(None, "colonies"))
    board = Table(P2, {"first_era": 2})
    board.add(ch("colonies", colonies=["alchemist", "envoy", "lord", "trader"]),
              ch("start_player", player="Ann"))
    from make_colonists import LAYOUT, SECOND_MARKET
    for k, (slug, cell) in enumerate(LAYOUT):
        board.add(ch("draw_place", place=slug), a(P2[k % 2], "place_tile", at=list(cell)))
    board.add(a("Ann", "place_market", at=SECOND_MARKET))
    yield board.case("CO-LATER-BOARD-break-a-place-of-era-two-in-era-one",
                     ch("draw_place", place="ore_pit"), want=("chance", "CO-LATER-BOARD"))
    yield done.case("CO-LATER-CARDS-legal-a-permanent-card-and-two-to-the-hand",
                    chk("Ann", "improvements"), chk("Ann", "hand"))
    # the first card dealt replaced by an immediate one
    first_deal = next(k for k, ev in enumerate(t.events) if isinstance(ev, dict) and
                      ev.get("chance") == "setup_card")
    head = Table(P2, {"first_era": 2})
    for ev in t.events[:first_deal]:
        head.add(ev)
    yield head.case("CO-LATER-CARDS-break-an-immediate-card-as-the-permanent-one",
                    ch("setup_card", player=t.events[first_deal]["player"], card=101),
                    want=("chance", "CO-LATER-CARDS"))
    yield t.case("CO-LATER-DISPLAY-break-goods-before-buildings",
                 a("Ann", "setup_goods", goods={"wood": 2}), want=("order", "CO-LATER-DISPLAY"))
    yield done.case("CO-LATER-DISPLAY-legal-buildings-workers-goods",
                    chk("Ann", "employed_farmers"), chk("Ann", "embassy_" + t.state.colonies[0]))
    yield t.case("CO-LATER-BUDGET-break-buildings-over-budget",
                 a("Ann", "setup_buildings", buildings=["estate"] * 8),
                 want=("illegal", "CO-LATER-BUDGET"),
                 note="8 Estates at 4 Dollars: 32, over the 29 Building and 2 Embassy Dollars")
    yield done.case("CO-LATER-BUDGET-legal-within-budget", chk("Ann", "clay"),
                    chk("Bo", "buildings"))


def saved_cases() -> Iterable[Case]:
    saved = {"next_era": 3, "colonies": ["alchemist", "envoy", "lord", "trader"],
             "start_player": "Bo",
             "players": {"Ann": {"buildings": 20, "embassies": 4, "dollars": 12, "goods": 5,
                                 "tools": 4, "improvements": [126], "hand": 2},
                         "Bo": {"buildings": 12, "embassies": 0, "dollars": 3, "goods": 2,
                                "tools": 7, "improvements": [], "hand": 0}}}
    import random

    from referee.model.colonists import GAME

    rng = random.Random(3)
    t = Table(P2, {"saved": saved})
    while t.state.stage != "setup_display":
        outcomes = GAME.chance_outcomes(t.state)
        if outcomes:
            t.add(rng.choice(sorted((e for e, _ in outcomes), key=str)).to_json())
        else:
            t.add(GAME.legal_actions(t.state)[0].to_json())
    t.add(a("Ann", "setup_buildings", buildings=["farm", "farm", "forester_house", "flat"],
            embassies={"envoy": 2}),
          a("Ann", "setup_goods", goods={"wood": 3, "clay": 1}),
          a("Bo", "setup_buildings", buildings=["farm", "farm", "farm", "library"]),
          a("Bo", "setup_goods", goods={"wood": 2}), SUSTENANCE)
    yield t.case("CO-SAVED-legal-a-saved-game-continued", chk("Ann", "dollars"),
                 chk("Ann", "improvements"), chk("Ann", "hand"), chk("Bo", "tools"),
                 chk(None, "era"), note="the rulebook's record of a game saved before Era III")
    bad = dict(saved, players={**saved["players"],
                               "Bo": dict(saved["players"]["Bo"], improvements=[101])})
    yield refused_header("CO-SAVED-break-an-immediate-card-among-the-improvements",
                         ("schema", "CO-SAVED"), options={"saved": bad})
