"""Homesteaders against its rulebook alone: small logs in the public log format, each pinned to
the rule a statement of the rulebook concerns, played both ways where the rulebook allows both
(the legal form valid, the illegal form refused at its line with its kind and rule id). Each
test quotes the rulebook lines it reads; where the rulebook is silent and the project decided,
the test says so and tests the decision."""

from __future__ import annotations

from typing import Any

from referee.replays.validator import FileReport
from tests.logs import check, refused, valid, verdict

P2 = ["Ann", "Bo"]
P3 = ["Ann", "Bo", "Cy"]

# The Auction 2 tile shown in each round's position: the round's first Settlement, Town or
# City tile (Auction 1 always shows the round's own tile, 1-10).
SHOWN = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19, 10: 20}


def bid(p: str, auction: int, amount: int) -> dict[str, Any]:
    return {"player": p, "action": "bid", "auction": auction, "amount": amount}


def pass_(p: str, reward: str = "trade") -> dict[str, Any]:
    return {"player": p, "action": "pass", "reward": reward}


def act(p: str, action: str, **params: Any) -> dict[str, Any]:
    return {"player": p, "action": action, **params}


def position(players: list[str], round_: int = 1, phase: str = "bidding",
             start: str | None = None, tiles: dict[str, int] | None = None,
             **holdings: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {"round": round_, "phase": phase, "start_player": start or players[0],
                           "players": {p: {"silver": 6, **holdings.get(p, {})} for p in players}}
    if tiles is None and phase in ("income", "bidding"):
        tiles = {"2": SHOWN[round_]}
    if tiles:
        pos["tiles"] = tiles
    return pos


def log(players: list[str], *events: dict[str, Any],
        pos: dict[str, Any] | None = None) -> FileReport:
    return verdict("homesteaders", players, *events, position=pos)


# --------------------------------------------------------------------------- setup


# "Give each player ... 1 Worker, and 6 Silver. Each player places 1 player marker at the start
# of the Railroad Development Track"; "Randomly choose a player to be the starting player".
def test_each_player_starts_with_a_homestead_a_worker_and_six_silver() -> None:  # HS-SETUP-PLAYERS
    valid(log(P3, {"chance": "start_player", "player": "Bo"},
              check(start_player="Bo", phase="start",
                    Ann={"silver": 6, "workers": 1, "track": 0, "buildings": ["homestead"]})))
    refused(log(P3, {"chance": "start_player", "player": "Bo"}, check(Cy={"silver": 7})),
            3, "checkpoint", "LOG-CHECK-VALUE")


def test_nothing_but_the_draw_of_the_start_player_comes_first() -> None:  # HS-START-PLAYER
    refused(log(P3, {"phase": "setup", "round": 1}), 2, "order", "HS-START-PLAYER")
    refused(log(P3, {"chance": "start_player", "player": "Zed"}), 2, "schema", "LOG-PLAYERS")


# "For a 4 player game, create a third auction tile pile ... For a 2 or 3 player game, remove
# these tiles from the game."
def test_auction_three_only_with_four_players() -> None:  # HS-SETUP-AUCTIONS, HS-BID-AUCTION
    refused(log(P3, bid("Ann", 3, 3), pos=position(P3)), 2, "illegal", "HS-BID-AUCTION")
    four = [*P3, "Di"]
    valid(log(four, bid("Ann", 3, 3), pos=position(four, tiles={"2": 11, "3": 21})))


# "For a 2 player game, include only one of each building in the game, except include two of
# Farm, Market, and Foundry." (Ranch: two copies with 3-4 players.)
def test_two_players_have_one_ranch_but_two_farms() -> None:  # HS-SETUP-COPIES, HS-BUILD-SUPPLY
    holdings: dict[str, Any] = {"Ann": {"buildings": ["homestead", "ranch"]},
                "Bo": {"wood": 1, "food": 1, "steel": 1}}
    build = [{"phase": "building"}, act("Bo", "pay_bid", auction=1),
             act("Bo", "build", auction=1, building="ranch")]
    refused(log(P2, act("Ann", "neutral_bid", auction=2), pass_("Ann"), bid("Bo", 1, 3),
                *build, pos=position(P2, **holdings)), 7, "illegal", "HS-BUILD-SUPPLY")
    valid(log(P3, pass_("Ann"), bid("Bo", 1, 3), pass_("Cy"), *build,
              pos=position(P3, **holdings)))
    farms: dict[str, Any] = {"Ann": {"buildings": ["homestead", "farm"]}, "Bo": {"wood": 1}}
    valid(log(P2, act("Ann", "neutral_bid", auction=2), pass_("Ann"), bid("Bo", 1, 3),
              {"phase": "building"}, act("Bo", "pay_bid", auction=1),
              act("Bo", "build", auction=1, building="farm"),
              check(Bo={"buildings": ["homestead", "farm"]}), pos=position(P2, **farms)))


# --------------------------------------------------------------------------- round setup


# "If it is Round 5 ... Remove all unbuilt Settlement buildings from the game and add all of the
# Town buildings ... Settlement/Town buildings are available in both the Settlement and Town
# stages. Note that player owned buildings are not removed".
def _build_round(round_: int, building: str, owned: list[str] | None = None,
                 **params: Any) -> FileReport:
    holdings: dict[str, Any] = {"Ann": {"wood": 2, "food": 2, "steel": 2, "gold": 1, "copper": 1,
                        "livestock": 1,
                        "buildings": ["homestead", *(owned or [])]}}
    return log(P3, bid("Ann", 1, 3), pass_("Bo"), pass_("Cy"), {"phase": "building"},
               act("Ann", "pay_bid", auction=1),
               act("Ann", "build", auction=1, building=building, **params),
               pos=position(P3, round_=round_, **holdings))


def test_round_five_removes_settlement_buildings_and_adds_town_ones() -> None:  # HS-STAGE
    # Auction 1 of round 5 builds Commercial; of round 6 Residential.
    valid(_build_round(1, "market"))
    refused(_build_round(5, "market"), 7, "illegal", "HS-BUILD-SUPPLY")
    valid(_build_round(5, "general_store"))  # Settlement/Town: still there
    valid(_build_round(5, "depot", reward="trade"))  # Town: added
    refused(_build_round(4, "church"), 7, "illegal", "HS-BUILD-SUPPLY")
    valid(_build_round(6, "church"))


def test_buildings_owned_are_kept_across_the_stage_change() -> None:  # HS-STAGE
    report = log(P3, check(Ann={"buildings": ["homestead", "grain_mill", "farm"]}),
                 pos=position(P3, round_=9, Ann={"buildings": ["homestead", "grain_mill",
                                                               "farm"]}))
    valid(report)


# "If it is Round 9 ... Remove remaining unbuilt buildings from the game and add all of the City
# buildings".
def test_round_nine_removes_every_unbuilt_building_and_adds_city_ones() -> None:  # HS-STAGE
    valid(_build_round(8, "general_store"))
    refused(_build_round(9, "general_store"), 7, "illegal", "HS-BUILD-SUPPLY")
    refused(_build_round(9, "church"), 7, "illegal", "HS-BUILD-SUPPLY")
    valid(_build_round(9, "terminal"))


def test_the_stage_changes_at_the_round_five_setup_marker() -> None:  # HS-STAGE, HS-ROUND-ORDER
    pos = position(P3, round_=4, phase="setup", tiles={"2": 14})
    events = [{"phase": "income"}, {"phase": "bidding"},
              pass_("Ann"), pass_("Bo"), pass_("Cy"), {"phase": "building"},
              {"phase": "setup", "round": 5}, {"chance": "reveal", "auction": 2, "tile": 15},
              {"phase": "income"}, {"phase": "bidding"}, bid("Ann", 1, 3), pass_("Bo"),
              pass_("Cy"), {"phase": "building"}, act("Ann", "pay_bid", auction=1)]
    for store, steel in (("general_store", 1), ("market", 0)):
        pos["players"]["Ann"].update(silver=20, wood=1, steel=steel)
        report = log(P3, *events, act("Ann", "build", auction=1, building=store), pos=pos)
        if store == "market":
            refused(report, 17, "illegal", "HS-BUILD-SUPPLY")
        else:
            valid(report)
    refused(log(P3, *events[:6], {"chance": "reveal", "auction": 2, "tile": 15}, pos=pos),
            8, "order", "HS-REVEAL")


# "the top tile of each of the face down auction piles is revealed for this round"
def test_each_round_reveals_a_tile_of_its_stage_never_one_seen_before() -> None:  # HS-REVEAL
    pos = position(P3, round_=1, phase="setup", tiles={})
    valid(log(P3, {"chance": "reveal", "auction": 2, "tile": 13}, pos=pos))
    refused(log(P3, {"chance": "reveal", "auction": 2, "tile": 15}, pos=pos),
            2, "chance", "HS-REVEAL")
    pos = position(P3, round_=2, phase="setup", tiles={})
    pos["used_tiles"] = [11]
    refused(log(P3, {"chance": "reveal", "auction": 2, "tile": 11}, pos=pos),
            2, "chance", "HS-REVEAL")


# --------------------------------------------------------------------------- income


# "Some buildings have double worker slots. These require 2 Workers in order to produce the
# listed resources. For example, two Workers on a river port produce one gold, but one Worker
# alone produces nothing."
def test_a_double_slot_produces_only_with_two_workers() -> None:  # HS-ALLOC-SLOTS, HS-INCOME
    holdings: dict[str, Any] = {"Ann": {"workers": 2, "buildings": ["homestead", "river_port"]}}
    pos = position(P3, phase="setup", tiles={"2": 11}, **holdings)
    valid(log(P3, act("Ann", "allocate", slots=["river_port:0", "river_port:0"]),
              {"phase": "income"}, check(Ann={"gold": 1, "silver": 8}), pos=pos))
    valid(log(P3, act("Ann", "allocate", slots=["river_port:0", "homestead:1"]),
              {"phase": "income"}, check(Ann={"gold": 0, "vp": 1}), pos=pos))
    refused(log(P3, act("Ann", "allocate", slots=["river_port:0", "river_port:0",
                                                  "river_port:0"]), pos=pos),
            2, "illegal", "HS-ALLOC-SLOTS")


# "If a player does not have enough spaces for all of their Workers, then the extras are left
# idle"; "Rail Lines produce an Automatic income of 1 Silver"; Homestead: 2 silver automatic.
def test_income_is_automatic_plus_rail_lines_plus_occupied_slots() -> None:  # HS-INCOME
    pos = position(P3, phase="setup", tiles={"2": 11}, Ann={"workers": 3, "rail": 2})
    valid(log(P3, act("Ann", "allocate", slots=["homestead:0"]), {"phase": "income"},
              check(Ann={"silver": 10, "wood": 1}), pos=pos))
    refused(log(P3, act("Ann", "allocate", slots=["farm:0"]), pos=pos),
            2, "illegal", "HS-ALLOC-SLOTS")
    refused(log(P3, act("Ann", "allocate", slots=["homestead:0", "homestead:0"]), pos=pos),
            2, "illegal", "HS-ALLOC-SLOTS")


# "Each player must pay 1 Silver to the bank for each Worker on their tiles. A player must pay
# for all of their Workers, even if some of them are idle."
def test_idle_workers_are_paid_too() -> None:  # HS-PAY-WORKERS, HS-PAY-AUTO
    pos = position(P3, phase="income", Ann={"workers": 3, "silver": 4})
    valid(log(P3, act("Ann", "pay_workers"), check(Ann={"silver": 1}), pos=pos))
    valid(log(P3, {"phase": "bidding"}, check(Ann={"silver": 1}), pos=pos))
    refused(log(P3, act("Ann", "pay_workers"), act("Ann", "pay_workers"), pos=pos),
            3, "illegal", "HS-PAY-WORKERS")


# "Players may use the Marketplace, spend Gold, or take Debt if they wish in order to pay their
# workers."
def test_workers_are_paid_with_debt_gold_or_market_sales() -> None:  # HS-PAY-WORKERS, HS-GOLD-PAY
    short: dict[str, Any] = {"Ann": {"workers": 3, "silver": 1}}
    refused(log(P3, act("Ann", "pay_workers"), pos=position(P3, phase="income", **short)),
            2, "illegal", "HS-PAY-WORKERS")
    refused(log(P3, {"phase": "bidding"}, pos=position(P3, phase="income", **short)),
            2, "illegal", "HS-PAY-AUTO")
    valid(log(P3, act("Ann", "take_debt", count=1), act("Ann", "pay_workers"),
              check(Ann={"silver": 0, "debt": 1}), pos=position(P3, phase="income", **short)))
    gold: dict[str, Any] = {"Ann": {"workers": 3, "silver": 0, "gold": 2}}
    valid(log(P3, act("Ann", "pay_workers", gold=1), check(Ann={"silver": 0, "gold": 1}),
              pos=position(P3, phase="income", **gold)))
    refused(log(P3, act("Ann", "pay_workers", gold=2),
                pos=position(P3, phase="income", **gold)), 2, "illegal", "HS-GOLD-PAY")
    market: dict[str, Any] = {"Ann": {"workers": 3, "silver": 0, "trade": 1, "steel": 1}}
    valid(log(P3, act("Ann", "sell", resource="steel", count=1), act("Ann", "pay_workers"),
              check(Ann={"silver": 0, "vp": 1, "trade": 0}),
              pos=position(P3, phase="income", **market)))


# --------------------------------------------------------------------------- bidding


# "Beginning with the Start Player and continuing clockwise around the table, players take
# turns making bids on the available auctions or passing."
def test_bidding_begins_with_the_start_player_and_goes_clockwise() -> None:  # HS-BID-TURN
    refused(log(P3, bid("Bo", 1, 3), pos=position(P3)), 2, "order", "HS-BID-TURN")
    valid(log(P3, bid("Bo", 1, 3), bid("Cy", 2, 3), pos=position(P3, start="Bo")))
    refused(log(P3, bid("Bo", 1, 3), bid("Ann", 2, 3), pos=position(P3, start="Bo")),
            3, "order", "HS-BID-TURN")


# "The minimum bid is 3 ... the available bid values are: 3, 4, 5, 6, 7, 9, 12, 16, and 21. A
# player may make any bid regardless of cash on hand."
def test_bids_are_on_the_ladder_whatever_the_cash() -> None:  # HS-BID-LADDER, HS-BID-CASH
    for amount in (2, 8, 10, 22):
        refused(log(P3, bid("Ann", 1, amount), pos=position(P3)), 2, "illegal",
                "HS-BID-LADDER")
    valid(log(P3, bid("Ann", 1, 21), pos=position(P3, Ann={"silver": 0})))


# "all bids must be higher than any opponent's previous bid on that auction"
def test_a_bid_must_be_higher_than_the_previous_one() -> None:  # HS-BID-RAISE
    refused(log(P3, bid("Ann", 1, 5), bid("Bo", 1, 5), pos=position(P3)),
            3, "illegal", "HS-BID-RAISE")
    refused(log(P3, bid("Ann", 1, 5), bid("Bo", 1, 4), pos=position(P3)),
            3, "illegal", "HS-BID-RAISE")
    valid(log(P3, bid("Ann", 1, 5), bid("Bo", 1, 6), pos=position(P3)))


# "If a player is outbid then on their next turn they will either make a new valid bid or pass.
# If on a player's turn they are currently winning an auction, then they do nothing. ... If a
# player has been overbid, then they may rebid in the same auction or on another one, or pass.
# When each player has either passed, or has the high bid on an auction, the Bidding phase
# ends."
def test_the_outbid_rebid_anywhere_and_the_high_bidders_are_skipped() -> None:  # HS-BID-TURN
    events = [bid("Ann", 1, 3), bid("Bo", 1, 4), bid("Cy", 2, 3), bid("Ann", 2, 4),
              bid("Cy", 1, 5), bid("Bo", 2, 5)]
    valid(log(P3, *events, pos=position(P3)))
    # Cy's 5 outbid Bo on Auction 1, Bo's 5 outbid Ann on Auction 2: Cy, high on Auction 1,
    # is skipped and the turn is Ann's.
    refused(log(P3, *events, bid("Cy", 2, 6), pos=position(P3)), 8, "order", "HS-BID-TURN")
    done = [bid("Ann", 1, 3), bid("Bo", 2, 3), pass_("Cy")]
    valid(log(P3, *done, {"phase": "building"}, pos=position(P3)))
    refused(log(P3, *done, bid("Ann", 2, 4), pos=position(P3)), 5, "order", "HS-BID-END")
    refused(log(P3, bid("Ann", 1, 3), {"phase": "building"}, pos=position(P3)),
            3, "order", "HS-BID-END")


# "When a player passes in the auction, they advance their marker on the Railroad Development
# Track and immediately take the item corresponding to that space or any previous space on the
# track. For example, a player advancing to the third space ... may take a Trade chit, a Rail
# Line, or a Worker. Once a player passes their turn is skipped for the rest of the auction."
def test_a_pass_advances_the_marker_and_takes_a_reward_up_to_that_space() -> None:
    # HS-PASS, HS-TRACK-REWARD
    refused(log(P3, pass_("Ann", "rail"), pos=position(P3)), 2, "illegal", "HS-TRACK-REWARD")
    valid(log(P3, pass_("Ann", "trade"), check(Ann={"track": 1, "trade": 1}),
              pos=position(P3)))
    for reward, claim in (("trade", {"trade": 1}), ("rail", {"rail": 1}),
                          ("worker", {"workers": 2})):
        valid(log(P3, pass_("Ann", reward), check(Ann={"track": 3, **claim}),
                  pos=position(P3, Ann={"track": 2})))
    refused(log(P3, pass_("Ann", "wood"), pos=position(P3, Ann={"track": 2})),
            2, "illegal", "HS-TRACK-REWARD")
    valid(log(P3, pass_("Ann", "vp"), check(Ann={"track": 5, "vp": 3}),
              pos=position(P3, Ann={"track": 5})))
    refused(log(P3, pass_("Ann"), bid("Bo", 1, 3), bid("Cy", 1, 4), bid("Ann", 2, 3),
                pos=position(P3)), 5, "order", "HS-BID-TURN")


# "It is possible for more than one player to pass during a round if 2 players pass before
# making any bids. ... Auction tiles which received no bids are discarded and are not awarded to
# anyone."
def test_an_auction_without_bids_is_awarded_to_nobody() -> None:  # HS-NO-BIDS, HS-PASS
    events = [pass_("Ann"), pass_("Bo"), bid("Cy", 2, 3), {"phase": "building"}]
    valid(log(P3, *events, act("Cy", "pay_bid", auction=2),
              check(Ann={"track": 1}, Bo={"track": 1}, Cy={"silver": 3}), pos=position(P3)))
    refused(log(P3, *events, act("Ann", "pay_bid", auction=1), pos=position(P3)),
            6, "illegal", "HS-NO-BIDS")


# "The winner of Auction 1 also receives the Start Player marker." The rulebook is silent on 3-4
# players with no Auction 1 winner: the project's decision is that the marker stays.
def test_the_auction_one_winner_takes_the_start_player_marker() -> None:  # HS-START-MARKER
    valid(log(P3, bid("Ann", 2, 3), bid("Bo", 1, 3), pass_("Cy"), {"phase": "building"},
              check(start_player="Bo"), pos=position(P3)))
    valid(log(P3, bid("Ann", 2, 3), pass_("Bo"), pass_("Cy"), {"phase": "building"},
              check(start_player="Ann"), pos=position(P3)))
    valid(log(P3, pass_("Bo"), pass_("Cy"), bid("Ann", 2, 3), {"phase": "building"},
              check(start_player="Bo"), pos=position(P3, start="Bo")))
    refused(log(P3, pass_("Bo"), pass_("Cy"), bid("Ann", 2, 3), {"phase": "building"},
                check(start_player="Ann"), pos=position(P3, start="Bo")),
            6, "checkpoint", "HS-START-MARKER")


# --------------------------------------------------------------------------- two players


# "Before the start player places their bid token for the round, they also place the neutral bid
# token on any auction item. ... The neutral bid token level begins the game at '5'."
def test_the_start_player_places_the_neutral_bid_first_at_five() -> None:  # HS-NEUTRAL-BID
    refused(log(P2, bid("Ann", 1, 3), pos=position(P2)), 2, "order", "HS-NEUTRAL-BID")
    refused(log(P2, act("Bo", "neutral_bid", auction=1), pos=position(P2)),
            2, "order", "HS-NEUTRAL-BID")
    valid(log(P2, {"chance": "start_player", "player": "Ann"}, check(neutral_level=5)))
    neutral = [act("Ann", "neutral_bid", auction=1), bid("Ann", 2, 3)]
    refused(log(P2, *neutral, bid("Bo", 1, 5), pos=position(P2)), 4, "illegal", "HS-BID-RAISE")
    valid(log(P2, *neutral, bid("Bo", 1, 6), pos=position(P2)))
    refused(log(P2, *neutral, act("Ann", "neutral_bid", auction=2), pos=position(P2)),
            4, "order", "HS-NEUTRAL-BID")


# "Note: The start player is allowed to place the neutral bid token on an item and then overbid
# it, if desired."
def test_the_start_player_may_overbid_the_neutral_token() -> None:  # HS-NEUTRAL-BID, HS-BID-RAISE
    valid(log(P2, act("Ann", "neutral_bid", auction=1), bid("Ann", 1, 6), pos=position(P2)))
    refused(log(P2, act("Ann", "neutral_bid", auction=1), bid("Ann", 1, 5), pos=position(P2)),
            3, "illegal", "HS-BID-RAISE")


# "If the start player begins the round by passing instead of bidding, they still place the
# neutral bid token ... at a bid of 6, and then reduce the bid level for the future".
def test_a_passing_start_player_still_places_the_neutral_bid() -> None:
    # HS-NEUTRAL-BID, HS-NEUTRAL-LEVEL
    six = position(P2)
    six["neutral_level"] = 6
    refused(log(P2, pass_("Ann"), pos=six), 2, "order", "HS-NEUTRAL-BID")
    valid(log(P2, act("Ann", "neutral_bid", auction=2), pass_("Ann"), check(neutral_level=5),
              pos=six))
    refused(log(P2, act("Ann", "neutral_bid", auction=2), pass_("Ann"), bid("Bo", 2, 6),
                pos=six), 4, "illegal", "HS-BID-RAISE")


# "Whenever a player passes decrease the neutral bid token by one level. The minimum the neutral
# bid level can reach is 3."
def test_every_pass_lowers_the_neutral_level_to_three_at_least() -> None:  # HS-NEUTRAL-LEVEL
    both = [act("Ann", "neutral_bid", auction=1), pass_("Ann"), pass_("Bo")]
    valid(log(P2, *both, check(neutral_level=3), pos=position(P2)))
    low = position(P2)
    low["neutral_level"] = 3
    valid(log(P2, *both, check(neutral_level=3), pos=low))
    refused(log(P2, *both, check(neutral_level=4), pos=position(P2)),
            5, "checkpoint", "LOG-CHECK-VALUE")


# "If both players win an auction item in a round, then the neutral bid level increases by 1 for
# the next round. ... Exception: If the neutral bid token is at '9', it cannot be further
# increased." The level moves along the ladder: 7 -> 9.
def test_the_level_rises_when_both_players_win_up_to_nine() -> None:  # HS-NEUTRAL-LEVEL
    both_win = [act("Ann", "neutral_bid", auction=2), bid("Ann", 1, 3), bid("Bo", 2, 12),
                {"phase": "building"}]
    for level, after in ((5, 6), (7, 9), (9, 9)):
        pos = position(P2)
        pos["neutral_level"] = level
        valid(log(P2, *both_win, check(neutral_level=after), pos=pos))
    # The neutral token winning Auction 2: only Ann wins, the level stays.
    valid(log(P2, act("Ann", "neutral_bid", auction=2), bid("Ann", 1, 3), bid("Bo", 1, 4),
              bid("Ann", 1, 5), pass_("Bo"), {"phase": "building"}, check(neutral_level=4),
              pos=position(P2)))


# "If neither player wins auction space #1, then the start player token passes to the other
# player. If one of the players wins auction space #1, they receive the start player marker as
# normal."
def test_two_players_the_marker_passes_when_nobody_wins_auction_one() -> None:  # HS-START-MARKER
    neutral_wins = [act("Ann", "neutral_bid", auction=1), bid("Ann", 2, 3), pass_("Bo"),
                    {"phase": "building"}]
    valid(log(P2, *neutral_wins, check(start_player="Bo"), pos=position(P2)))
    refused(log(P2, *neutral_wins, check(start_player="Ann"), pos=position(P2)),
            6, "checkpoint", "HS-START-MARKER")
    ann_wins = [act("Ann", "neutral_bid", auction=2), bid("Ann", 1, 3), pass_("Bo"),
                {"phase": "building"}]
    valid(log(P2, *ann_wins, check(start_player="Ann"), pos=position(P2)))
    no_bid = [act("Ann", "neutral_bid", auction=2), bid("Ann", 2, 6), pass_("Bo"),
              {"phase": "building"}]
    valid(log(P2, *no_bid, check(start_player="Bo"), pos=position(P2)))


# --------------------------------------------------------------------------- building


# "Beginning with the player who won Auction 1, and then followed by the winners of Auction 2
# and Auction 3, players must pay for the Auction, and then they may build a building of the
# type listed on the auction tile."
WON = [bid("Ann", 1, 3), bid("Bo", 2, 4), pass_("Cy"), {"phase": "building"}]


def test_won_auctions_resolve_in_order_pay_then_build() -> None:  # HS-BUILD-ORDER, HS-PAY-BID
    pos = position(P3, Ann={"wood": 1}, Bo={"wood": 1})
    valid(log(P3, *WON, act("Ann", "pay_bid", auction=1),
              act("Ann", "build", auction=1, building="market"),
              act("Bo", "pay_bid", auction=2), act("Bo", "build", auction=2, building="farm"),
              check(Ann={"silver": 3}, Bo={"silver": 2}), pos=pos))
    refused(log(P3, *WON, act("Bo", "pay_bid", auction=2), pos=pos),
            6, "order", "HS-BUILD-ORDER")
    refused(log(P3, *WON, act("Ann", "build", auction=1, building="market"), pos=pos),
            6, "order", "HS-BUILD-ORDER")
    refused(log(P3, *WON, act("Bo", "pay_bid", auction=1), pos=pos), 6, "order",
            "HS-BUILD-ORDER")


def test_with_four_players_auction_three_resolves_last() -> None:  # HS-BUILD-ORDER
    four = [*P3, "Di"]
    won = [bid("Ann", 3, 3), bid("Bo", 2, 3), bid("Cy", 1, 3), pass_("Di"),
           {"phase": "building"}]
    pos = position(four, tiles={"2": 11, "3": 21})
    valid(log(four, *won, act("Cy", "pay_bid", auction=1), act("Bo", "pay_bid", auction=2),
              act("Ann", "pay_bid", auction=3), pos=pos))
    refused(log(four, *won, act("Cy", "pay_bid", auction=1), act("Ann", "pay_bid", auction=3),
                pos=pos), 8, "order", "HS-BUILD-ORDER")


# "they may build": building is optional; "The auction tile is then discarded. Players MAY NOT
# hold the auction tile for future use."
def test_building_is_optional_and_the_tile_is_not_kept() -> None:  # HS-BUILD-ORDER
    pos = position(P3, Ann={"wood": 1}, Bo={"wood": 1})
    valid(log(P3, *WON, act("Ann", "pay_bid", auction=1), act("Bo", "pay_bid", auction=2),
              act("Bo", "build", auction=2, building="farm"), pos=pos))
    refused(log(P3, *WON, act("Ann", "pay_bid", auction=1), act("Bo", "pay_bid", auction=2),
                act("Ann", "build", auction=1, building="market"), pos=pos),
            8, "order", "HS-BUILD-ORDER")


# "the player chooses a building from the Building Supply whose type matches their auction tile
# and pays the cost of that building in resources. The player may buy the necessary resources at
# the Marketplace."
def test_the_building_matches_the_tile_and_is_paid_in_resources() -> None:
    # HS-BUILD-TYPE, HS-BUILD-COST, HS-MARKET-BUY
    pos = position(P3, Ann={"wood": 1, "steel": 1}, Bo={"trade": 1})
    paid = [*WON, act("Ann", "pay_bid", auction=1)]
    refused(log(P3, *paid, act("Ann", "build", auction=1, building="foundry"), pos=pos),
            7, "illegal", "HS-BUILD-TYPE")  # tile 1: Residential or Commercial
    valid(log(P3, *paid, act("Ann", "build", auction=1, building="grain_mill"),
              check(Ann={"wood": 0, "steel": 0}), pos=pos))
    refused(log(P3, *paid, act("Ann", "pay_bid", auction=1), pos=pos), 7, "illegal",
            "HS-PAY-BID")
    # Bo has no wood for the Farm: refused, unless bought at the Marketplace first.
    bo = [*paid, act("Ann", "build", auction=1, building="market"),
          act("Bo", "pay_bid", auction=2)]
    refused(log(P3, *bo, act("Bo", "build", auction=2, building="farm"), pos=pos),
            9, "illegal", "HS-BUILD-COST")
    valid(log(P3, *bo, act("Bo", "buy", resource="wood"),
              act("Bo", "build", auction=2, building="farm"), pos=pos))


# "When paying for an auction bid, just as with paying Workers, a player may use the
# Marketplace, spend Gold or take Debt."
def test_a_won_bid_is_paid_with_debt_gold_or_the_market() -> None:  # HS-PAY-BID, HS-BID-CASH
    events = [bid("Ann", 1, 12), pass_("Bo"), pass_("Cy"), {"phase": "building"}]
    broke = position(P3, Ann={"silver": 2, "gold": 2})
    refused(log(P3, *events, act("Ann", "pay_bid", auction=1), pos=broke),
            6, "illegal", "HS-PAY-BID")
    valid(log(P3, *events, act("Ann", "pay_bid", auction=1, gold=2),
              check(Ann={"silver": 0, "gold": 0}), pos=broke))
    valid(log(P3, *events, act("Ann", "take_debt", count=5), act("Ann", "pay_bid", auction=1),
              check(Ann={"silver": 0, "debt": 5}), pos=broke))
    # Decision: a gold counts as 5 silver without change; a gold that covers nothing is refused.
    valid(log(P3, *events, act("Ann", "pay_bid", auction=1, gold=3),
              check(Ann={"silver": 2, "gold": 0}), pos=position(P3, Ann={"silver": 2, "gold": 3})))
    refused(log(P3, *events, act("Ann", "pay_bid", auction=1, gold=4),
                pos=position(P3, Ann={"silver": 2, "gold": 4})), 6, "illegal", "HS-GOLD-PAY")


# "Some auction tiles do not allow building, and instead award Workers and/or advancements on the
# Railroad Development Track. In this case the player immediately receives these items".
def test_a_tile_without_a_building_awards_its_items_at_once() -> None:  # HS-BONUS, HS-BUILD-TYPE
    pos = position(P3, round_=4, Ann={"wood": 1})  # Auction 2 shows tile 14
    won = [bid("Ann", 2, 3), pass_("Bo"), pass_("Cy"), {"phase": "building"},
           act("Ann", "pay_bid", auction=2)]
    refused(log(P3, *won, act("Ann", "build", auction=2, building="farm"), pos=pos),
            7, "illegal", "HS-BUILD-TYPE")
    valid(log(P3, *won, act("Ann", "bonus", auction=2, reward="trade"),
              check(Ann={"workers": 2, "track": 1}), pos=pos))
    refused(log(P3, *won, act("Ann", "bonus", auction=2, reward="trade", worker=False),
                pos=pos), 7, "illegal", "HS-BONUS")
    refused(log(P3, *won, {"phase": "setup", "round": 5}, pos=pos), 7, "order", "HS-BONUS")


# "These additional items may be taken/paid for AFTER building, and only ONCE. Bonuses acquired
# for building a building (such as a Trade chit from a Ranch) may be used in paying for the
# additional items on the auction tile."
def test_a_bonus_comes_after_building_and_only_once() -> None:  # HS-BONUS, HS-RANCH
    # Round 8: Auction 2 shows tile 18 (Residential or Special; 1 wood for 1 rail line).
    pos = position(P3, round_=8, Ann={"wood": 1, "food": 1, "steel": 1, "silver": 9})
    won = [bid("Ann", 2, 3), pass_("Bo"), pass_("Cy"), {"phase": "building"},
           act("Ann", "pay_bid", auction=2)]
    ranch = act("Ann", "build", auction=2, building="ranch")
    # The Ranch takes the only wood; its Trade chit buys the wood the bonus asks for.
    valid(log(P3, *won, ranch, act("Ann", "buy", resource="wood"),
              act("Ann", "bonus", auction=2), check(Ann={"rail": 1, "wood": 0, "trade": 0}),
              pos=pos))
    refused(log(P3, *won, ranch, act("Ann", "buy", resource="wood"),
                act("Ann", "bonus", auction=2), act("Ann", "bonus", auction=2), pos=pos),
            10, "illegal", "HS-BONUS")
    refused(log(P3, *won, act("Ann", "bonus", auction=2), ranch, pos=pos),
            8, "order", "HS-BUILD-ORDER")
    refused(log(P3, *won, ranch, act("Ann", "bonus", auction=2), pos=pos),
            8, "illegal", "HS-BONUS")


# Round 9's Auction 1 tile: "may pay 1 copper for 4 VP (once)" (reference data §4).
def test_the_round_nine_copper_bonus_once() -> None:  # HS-BONUS
    pos = position(P3, round_=9, Ann={"copper": 2, "wood": 1, "steel": 2})
    won = [bid("Ann", 1, 3), pass_("Bo"), pass_("Cy"), {"phase": "building"},
           act("Ann", "pay_bid", auction=1), act("Ann", "build", auction=1, building="terminal")]
    valid(log(P3, *won, act("Ann", "bonus", auction=1), check(Ann={"vp": 4, "copper": 1}),
              pos=pos))
    refused(log(P3, *won, act("Ann", "bonus", auction=1), act("Ann", "bonus", auction=1),
                pos=pos), 9, "illegal", "HS-BONUS")


# A player who already holds a high bid "do[es] nothing", so cannot win two auctions; a player
# who wins the auction they hold pays only that bid.
def test_a_high_bidder_wins_the_auction_held_at_the_end() -> None:  # HS-BID-TURN, HS-PAY-BID
    valid(log(P3, bid("Ann", 1, 3), bid("Bo", 2, 3), bid("Cy", 1, 4), bid("Ann", 2, 4),
              bid("Bo", 1, 5), bid("Cy", 2, 5), pass_("Ann"), {"phase": "building"},
              act("Bo", "pay_bid", auction=1), act("Cy", "pay_bid", auction=2),
              check(Ann={"silver": 6}, Bo={"silver": 1}, Cy={"silver": 1}), pos=position(P3)))


# --------------------------------------------------------------------------- the end


def _scoring(**holdings: Any) -> dict[str, Any]:
    return position(P3, round_=10, phase="scoring", tiles={}, **holdings)


# "Debt chits can be paid off for 5 Silver. Players lose points as a penalty for unpaid debt ...
# -1 point for the first Debt chit, -2 ... for the second, -3 ... for the third, etc... Five
# unpaid Debt chits would be worth a total of -15 Victory Points."
def test_the_debt_penalty_grows_with_each_chit() -> None:  # HS-SCORE
    for debt, score in ((1, -1), (2, -3), (3, -6), (5, -15)):
        valid(log(P3, check(Ann={"score": score}),
                  pos=_scoring(Ann={"debt": debt, "silver": 0})))
    refused(log(P3, check(Ann={"score": -5}), pos=_scoring(Ann={"debt": 5, "silver": 0})),
            2, "checkpoint", "HS-SCORE")


def test_debt_is_paid_off_for_five_silver_in_the_scoring() -> None:  # HS-DEBT-PAY
    pos = _scoring(Ann={"debt": 2, "silver": 5})
    valid(log(P3, act("Ann", "pay_debt", count=1), check(Ann={"debt": 1, "score": -1,
                                                              "silver": 0}), pos=pos))
    refused(log(P3, act("Ann", "pay_debt", count=2), pos=pos), 2, "illegal", "HS-DEBT-PAY")
    # Decision (reference data): debt is paid off only in the scoring phase.
    refused(log(P3, act("Ann", "pay_debt", count=1),
                pos=position(P3, Ann={"debt": 1, "silver": 5})), 2, "order", "HS-DEBT-PAY")


# "2 Victory Points for each Gold, Livestock, and Copper resource. Wood, Food, and Steel are
# worth nothing."
def test_gold_livestock_and_copper_score_two_the_rest_nothing() -> None:  # HS-SCORE
    pos = _scoring(Ann={"gold": 1, "livestock": 1, "copper": 1, "wood": 3, "food": 3,
                        "steel": 3, "silver": 20, "vp": 4})
    valid(log(P3, check(Ann={"score": 10}), pos=pos))


# "The player with the most Victory Points ... In case of a tie, the winner is the tied player
# with the most Silver. If this is also tied, then all tied players win!"
def test_a_tie_goes_to_the_most_silver_then_is_shared() -> None:  # HS-TIE
    by_silver = _scoring(Ann={"vp": 5, "silver": 3}, Bo={"vp": 5, "silver": 4},
                         Cy={"vp": 1, "silver": 9})
    scores = {"Ann": 5, "Bo": 5, "Cy": 1}
    valid(log(P3, {"final": {"scores": scores, "winners": ["Bo"]}}, pos=by_silver))
    refused(log(P3, {"final": {"scores": scores, "winners": ["Ann", "Bo"]}}, pos=by_silver),
            2, "score", "HS-TIE")
    shared = _scoring(Ann={"vp": 5, "silver": 4}, Bo={"vp": 5, "silver": 4},
                      Cy={"vp": 1, "silver": 9})
    valid(log(P3, {"final": {"scores": scores, "winners": ["Ann", "Bo"]}}, pos=shared))
    refused(log(P3, {"final": {"scores": scores, "winners": ["Ann"]}}, pos=shared),
            2, "score", "HS-TIE")
    refused(log(P3, {"final": {"scores": {**scores, "Cy": 2}}}, pos=shared),
            2, "score", "HS-SCORE")


# "After the 10th round there is a Final Income and Scoring round in which players repeat the
# Income phase one final time".
def test_the_final_income_after_round_ten_has_no_auction() -> None:  # HS-FINAL-INCOME
    pos = position(P3, round_=10, phase="bidding", tiles={"2": 20})
    end = [pass_("Ann"), pass_("Bo"), pass_("Cy"), {"phase": "building"},
           act("Ann", "allocate", slots=["homestead:1"]), {"phase": "final_income"}]
    valid(log(P3, *end, check(Ann={"silver": 8, "vp": 1}), {"phase": "scoring"},
              check(Ann={"silver": 7}), pos=pos))
    refused(log(P3, *end, {"phase": "bidding"}, pos=pos), 8, "order", "HS-ROUND-ORDER")
    refused(log(P3, pass_("Ann"), pass_("Bo"), pass_("Cy"), {"phase": "building"},
                {"phase": "setup", "round": 11}, pos=pos), 6, "order", "HS-ROUND-ORDER")
