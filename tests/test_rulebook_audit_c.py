"""Homesteaders and Pionjär statement by statement against their rulebooks
(shared/rulebooks/homesteaders.txt, shared/rulebooks/pionjar.txt): statements no earlier test
pins, each played as a small log both ways where the rulebook allows both (the legal form valid,
the illegal one refused at its line with its kind and rule id). Each test cites the rulebook
lines it reads."""

from __future__ import annotations

from typing import Any

from referee.model.pionjar import GAME as PIONJAR
from referee.replays.validator import FileReport
from tests.logs import check, refused, valid, verdict
from tests.pionjar_helpers import squatter

P2 = ["Ann", "Bo"]
P3 = ["Ann", "Bo", "Cy"]
P4 = ["Ann", "Bo", "Cy", "Di"]
SHOWN = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19, 10: 20}


def act(p: str, action: str, **params: Any) -> dict[str, Any]:
    return {"player": p, "action": action, **params}


def bid(p: str, auction: int, amount: int) -> dict[str, Any]:
    return act(p, "bid", auction=auction, amount=amount)


def pass_(p: str, reward: str = "trade") -> dict[str, Any]:
    return act(p, "pass", reward=reward)


def log(game: str, players: list[str], *events: dict[str, Any],
        pos: dict[str, Any] | None = None) -> FileReport:
    return verdict(game, players, *events, position=pos)


# =========================================================================== Homesteaders


def hs(players: list[str], *events: dict[str, Any], pos: dict[str, Any]) -> FileReport:
    return log("homesteaders", players, *events, pos=pos)


def hs_pos(players: list[str], round_: int = 1, phase: str = "bidding",
           tiles: dict[str, int] | None = None, **holdings: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {"round": round_, "phase": phase, "start_player": players[0],
                           "players": {p: {"silver": 6, **holdings.get(p, {})} for p in players}}
    if tiles is None and phase in ("income", "bidding"):
        tiles = {"2": SHOWN[round_]}
        if len(players) == 4:
            tiles["3"] = SHOWN[round_] + 10
    if tiles:
        pos["tiles"] = tiles
    return pos


# homesteaders.txt 93: "Players may reallocate all of their Workers every turn"; a worker hired
# during the setup (market actions at any time, reference) may be placed in the same round, but
# no more workers can be placed than the player has.
def test_hs_a_worker_hired_in_the_setup_works_that_round() -> None:  # HS-HIRE, HS-ALLOC-SLOTS
    pos = hs_pos(P3, round_=2, phase="setup", tiles={}, Ann={"trade": 1, "food": 1})
    both = act("Ann", "allocate", slots=["homestead:0", "homestead:1"])
    valid(hs(P3, act("Ann", "hire", count=1), both,
             {"chance": "reveal", "auction": 2, "tile": 12}, {"phase": "income"},
             check(Ann={"workers": 2, "wood": 1, "vp": 1, "silver": 8}), pos=pos))
    refused(hs(P3, both, pos=pos), 2, "illegal", "HS-ALLOC-SLOTS")


# homesteaders.txt 125: "Once a player passes their turn is skipped for the rest of the
# auction." After Ann passes and Cy outbids Bo, the turn goes past Ann to Bo.
def test_hs_a_passed_player_is_skipped_for_the_rest_of_the_bidding() -> None:  # HS-BID-TURN
    start = [pass_("Ann"), bid("Bo", 1, 3), bid("Cy", 1, 4)]
    valid(hs(P3, *start, bid("Bo", 2, 3), {"phase": "building"}, pos=hs_pos(P3)))
    refused(hs(P3, *start, bid("Ann", 2, 3), pos=hs_pos(P3)), 5, "order", "HS-BID-TURN")


# homesteaders.txt 115 and 153: bidding begins with the start player, and "The winner of Auction
# 1 also receives the Start Player marker": the next round's bidding begins with that winner.
def test_hs_the_next_rounds_bidding_begins_with_the_auction_one_winner() -> None:
    # HS-START-MARKER, HS-BID-TURN
    round_1 = [pass_("Ann"), bid("Bo", 1, 3), pass_("Cy"), {"phase": "building"},
               act("Bo", "pay_bid", auction=1), {"phase": "setup", "round": 2},
               {"chance": "reveal", "auction": 2, "tile": 12}, {"phase": "income"},
               {"phase": "bidding"}]
    valid(hs(P3, *round_1, check(start_player="Bo"), bid("Bo", 1, 3), pos=hs_pos(P3)))
    refused(hs(P3, *round_1, bid("Ann", 1, 3), pos=hs_pos(P3)), 11, "order", "HS-BID-TURN")


# homesteaders.txt 125: "a player advancing to the third space ... may take a Trade chit, a Rail
# Line, or a Worker": the item of the space reached or of any earlier one, not of a later one.
def test_hs_a_pass_takes_the_item_of_the_space_reached_or_an_earlier_one() -> None:
    # HS-PASS, HS-TRACK-REWARD
    at_2 = hs_pos(P3, Ann={"track": 2})
    for reward, got in (("trade", "trade"), ("rail", "rail"), ("worker", "workers")):
        valid(hs(P3, pass_("Ann", reward), check(Ann={"track": 3, got: 1 + (got == "workers")}),
                 pos=at_2))
    refused(hs(P3, pass_("Ann", "steel"), pos=at_2), 2, "illegal", "HS-TRACK-REWARD")
    refused(hs(P3, pass_("Ann", "vp"), pos=at_2), 2, "illegal", "HS-TRACK-REWARD")


# homesteaders.txt 129: "Auction tiles which received no bids are discarded and are not awarded
# to anyone" (4 players: Auction 3 unbid).
def test_hs_an_unbid_auction_three_is_discarded_with_four_players() -> None:  # HS-NO-BIDS
    pos = hs_pos(P4)
    bids = [bid("Ann", 1, 3), bid("Bo", 2, 3), pass_("Cy"), pass_("Di"), {"phase": "building"},
            act("Ann", "pay_bid", auction=1), act("Bo", "pay_bid", auction=2)]
    valid(hs(P4, *bids, {"phase": "setup", "round": 2}, pos=pos))
    refused(hs(P4, *bids, act("Cy", "pay_bid", auction=3), pos=pos), 9, "illegal", "HS-NO-BIDS")


# homesteaders.txt 143 and 145: "Whenever a player passes decrease the neutral bid token by one
# level"; "If neither player wins auction space #1, then the start player token passes to the
# other player" (both players pass: the neutral token holds Auction 1).
def test_hs_two_passes_lower_the_neutral_level_twice_and_the_marker_passes() -> None:
    # HS-NEUTRAL-LEVEL, HS-START-MARKER
    events = [act("Ann", "neutral_bid", auction=1), pass_("Ann"), pass_("Bo"),
              {"phase": "building"}]
    valid(hs(P2, *events, check(neutral_level=3, start_player="Bo"), pos=hs_pos(P2)))
    refused(hs(P2, *events, check(neutral_level=4), pos=hs_pos(P2)),
            6, "checkpoint", "LOG-CHECK-VALUE")


# homesteaders.txt 157: "These additional items may be taken/paid for AFTER building, and only
# ONCE" (the round 10 Auction 1 tile: 1 livestock for 4 VP, reference section 4).
def test_hs_the_round_ten_livestock_bonus_once() -> None:  # HS-BONUS
    pos = hs_pos(P3, round_=10, Ann={"livestock": 2, "wood": 1, "steel": 2})
    won = [bid("Ann", 1, 3), pass_("Bo"), pass_("Cy"), {"phase": "building"},
           act("Ann", "pay_bid", auction=1), act("Ann", "build", auction=1, building="terminal")]
    valid(hs(P3, *won, act("Ann", "bonus", auction=1), check(Ann={"vp": 4, "livestock": 1}),
             pos=pos))
    refused(hs(P3, *won, act("Ann", "bonus", auction=1), act("Ann", "bonus", auction=1),
               pos=pos), 9, "illegal", "HS-BONUS")


# homesteaders.txt 163: in the Final Income and Scoring round players "use the Marketplace as
# much as they like in order to ... convert their Trade chits, Silver, and resources into Victory
# Points": a buy and a sale there turn silver into a point; each still needs a trade chit.
def test_hs_the_marketplace_converts_silver_into_points_in_the_scoring() -> None:
    # HS-MARKET-BUY, HS-MARKET-SELL, HS-ANYTIME
    scoring = hs_pos(P3, round_=10, phase="scoring", tiles={}, Ann={"trade": 2})
    buy = act("Ann", "buy", resource="wood")
    valid(hs(P3, buy, act("Ann", "sell", resource="wood", count=1),
             check(Ann={"silver": 6, "vp": 1, "trade": 0, "score": 1}), pos=scoring))
    one_chit = hs_pos(P3, round_=10, phase="scoring", tiles={}, Ann={"trade": 1})
    refused(hs(P3, buy, act("Ann", "sell", resource="wood", count=1), pos=one_chit),
            3, "illegal", "HS-MARKET-SELL")


# homesteaders.txt 170: "Wood, Food, and Steel are worth nothing"; silver and trade chits score
# nothing either (line 167-170 list what counts), but silver breaks a tie (line 180).
def test_hs_silver_and_trade_score_nothing_but_silver_breaks_the_tie() -> None:  # HS-SCORE, HS-TIE
    scoring = hs_pos(P3, round_=10, phase="scoring", tiles={},
                     Ann={"silver": 9, "trade": 4, "vp": 3}, Bo={"silver": 2, "vp": 3},
                     Cy={"silver": 30, "vp": 2})
    valid(hs(P3, check(Ann={"score": 3}, Bo={"score": 3}, Cy={"score": 2}),
             {"final": {"scores": {"Ann": 3, "Bo": 3, "Cy": 2}, "winners": ["Ann"]}},
             pos=scoring))
    refused(hs(P3, {"final": {"winners": ["Ann", "Bo"]}}, pos=scoring), 2, "score", "HS-TIE")


# =========================================================================== Pionjär


def pj(*events: dict[str, Any], pos: dict[str, Any]) -> FileReport:
    return log("pionjar", P3, *events, pos=pos)


def pj_pos(players: dict[str, dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    props = {"Ann": "green_valley", "Bo": "buffalo_head", "Cy": "high_falls"}
    people = {p: {**squatter(props[p]), **(players or {}).get(p, {})} for p in P3}
    return {"turn": "Ann", "month": "1859-03", "first_squatter": "Ann", "players": people,
            **extra}


PJ_DATA = PIONJAR.new_state(P3).data


def before_plain() -> int:
    n = PJ_DATA.properties["green_valley"].steps[14]  # 1859-03
    return next(t - n for t, k in enumerate(PJ_DATA.loop) if k == "plain" and t - n >= 1)


# pionjar.txt 71: "The next time the squatter who first became a squatter is due to move, he
# moves ... as many steps as the number given for January 1858 on his property card. When it is
# his turn again, the marker peg is moved to February 1858": the first almanac move is January's.
def test_pj_the_first_almanac_move_is_januarys() -> None:  # PJ-ALMANAC-START, PJ-ALMANAC-MOVE
    end = PJ_DATA.road_common + PJ_DATA.road_branch
    start = {"turn": "Ann", "players": {"Ann": {"road": end - 1, "destination": "high_falls"},
                                        "Bo": {"road": 0}, "Cy": {"road": 0}}}
    january = PJ_DATA.properties["high_falls"].steps[0] % len(PJ_DATA.loop)
    round_ = [{"chance": "die", "player": "Ann", "value": 1}, act("Ann", "end_turn"),
              {"chance": "die", "player": "Bo", "value": 1},
              {"chance": "die", "player": "Cy", "value": 1}]
    valid(pj(*round_, check(month="1858-01", turn="Ann"), act("Ann", "advance"),
             check(month="1858-01", Ann={"space": january}), pos=start))
    refused(pj(*round_, check(month="1858-02"), pos=start), 6, "checkpoint", "PJ-ALMANAC-ADVANCE")


# pionjar.txt 103: passing an Indian, "you still receive money equal to half the value stated
# on the back of the cards": the printed values, even while a proclamation changes the prices.
def test_pj_an_indian_passed_pays_half_the_printed_values_whatever_the_proclamations() -> None:
    # PJ-INDIAN-PASS, PJ-INDIAN-CARDS
    circles = PJ_DATA.trails["hunting"].circles
    camp = circles.index("camp") + 1
    cards = ["buffalo-01", "gold-06"]
    printed = sum(PJ_DATA.spoils[c].value for c in cards)
    hunter = {"where": "trail", "trail": "hunting", "circle": camp - 1, "spoils": cards}
    start = pj_pos({"Ann": hunter}, indians=[["hunting", camp]],
                   modifiers={"buffalo": 500, "gold": 1000})
    events: list[dict[str, Any]] = [act("Ann", "roll")] if camp - 1 in \
        PJ_DATA.trails["hunting"].exits else []
    events.append({"chance": "die", "player": "Ann", "value": 2})
    found = circles[camp]
    if found in ("buffalo", "fish", "gold"):
        events.append({"chance": "draw", "stack": found, "card": f"{found}-02"})
    valid(pj(*events, check(Ann={"buffalo": int(found == "buffalo"), "cash": 5000 + printed // 2}),
             pos=start))
    refused(pj(*events, check(Ann={"cash": 5000 + (printed + 1500) // 2}), pos=start),
            len(events) + 2, "checkpoint", "LOG-CHECK-VALUE")


# pionjar.txt 124: with the Saloon rented, "it may also happen that a bold player with luck
# 'plays your shirt off' you ... he must be content with what is in the saloon": a six empties
# the Saloon, the renter keeps the lease.
def test_pj_a_gambler_may_empty_a_rented_saloon() -> None:  # PJ-SALOON-ROLL, PJ-SALOON-RENT
    start = pj_pos({"Ann": {"space": before_plain()}}, saloon=3000, saloon_renter="Bo")
    gamble = [act("Ann", "advance"), act("Ann", "gamble", stake=1000)]
    valid(pj(*gamble, {"chance": "die", "player": "Ann", "value": 6, "payout": 4000},
             check(saloon=0, saloon_renter="Bo", Ann={"cash": 8000}, Bo={"cash": 5000}),
             pos=start))
    refused(pj(*gamble, {"chance": "die", "player": "Ann", "value": 6, "payout": 7000},
               pos=start), 4, "chance", "PJ-SALOON-ROLL")
