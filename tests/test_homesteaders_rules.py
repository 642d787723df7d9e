"""One or more tests per rule id of the Homesteaders catalogue (legal and refused cases)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.model.core import Action, Phase, RuleViolation
from referee.model.homesteaders import GAME
from referee.model.homesteaders.state import HOLDINGS
from referee.replays.claims import compare_claims
from tests.homesteaders_helpers import P3, act, at, chance, noted, phase, play, refused, won


def fresh(players: list[str] | None = None) -> object:
    state = GAME.new_state(players or P3)
    return play(state, chance("start_player", player=(players or P3)[0]))


def test_every_rule_is_pinned_by_a_test() -> None:
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_homesteaders_*.py"))
    named = set(re.findall(r"HS-[A-Z0-9-]+[A-Z0-9]", text))
    missing = [r for r in GAME.rules.ids() if r not in named]
    assert not missing


# --------------------------------------------------------------------------- setup


def test_vocab_unknown_action_phase_chance_player() -> None:  # HS-VOCAB
    s = fresh()
    refused(s, act("Ann", "steal"), "schema", "HS-VOCAB")
    refused(s, act("Zed", "take_debt", count=1), "schema", "HS-VOCAB")
    refused(s, phase("lunch"), "schema", "HS-VOCAB")
    refused(s, chance("dice", value=3), "schema", "HS-VOCAB")
    play(s, act("Ann", "take_debt", count=1))


def test_setup_players() -> None:  # HS-SETUP-PLAYERS
    s = GAME.new_state(P3)
    assert [h["silver"] for h in s.hold] == [6, 6, 6]
    assert [h["workers"] for h in s.hold] == [1, 1, 1]
    assert s.buildings == [["homestead"]] * 3
    for bad in (["Ann"], ["A", "B", "C", "D", "E"], ["Ann", "Ann"], ["Ann", ""]):
        with pytest.raises(RuleViolation) as info:
            GAME.new_state(bad)
        assert info.value.violation.rule == "HS-SETUP-PLAYERS"


def test_setup_options() -> None:  # HS-SETUP-OPTIONS
    GAME.new_state(P3, {})
    with pytest.raises(RuleViolation) as info:
        GAME.new_state(P3, {"variant": "x"})
    assert (info.value.violation.kind, info.value.violation.rule) == ("schema",
                                                                      "HS-SETUP-OPTIONS")


def test_setup_copies() -> None:  # HS-SETUP-COPIES
    assert GAME.new_state(P3).supply["farm"] == 3
    assert GAME.new_state(["A", "B"]).supply["farm"] == 2
    assert GAME.new_state(["A", "B"]).supply["ranch"] == 1
    assert "homestead" not in GAME.new_state(P3).supply


def test_setup_auctions() -> None:  # HS-SETUP-AUCTIONS
    assert GAME.new_state(P3).auctions == 2
    assert GAME.new_state(["A", "B", "C", "D"]).auctions == 3
    s = play(fresh(), phase("setup", round=1))
    refused(s, chance("reveal", auction=3, tile=21), "chance", "HS-SETUP-AUCTIONS")


def test_start_player() -> None:  # HS-START-PLAYER
    s = GAME.new_state(P3)
    outcomes = GAME.chance_outcomes(s)
    assert sum(p for _, p in outcomes) == 1 and len(outcomes) == 3
    refused(s, phase("setup", round=1), "order", "HS-START-PLAYER")
    refused(s, chance("start_player", player="Zed"), "schema", "HS-START-PLAYER")
    play(s, chance("start_player", player="Bo"))
    refused(s, chance("start_player", player="Ann"), "chance", "HS-START-PLAYER")


def test_anytime_needs_started_game() -> None:  # HS-ANYTIME
    s = GAME.new_state(P3)
    refused(s, act("Ann", "take_debt", count=1), "order", "HS-ANYTIME")
    s = fresh()
    play(s, act("Bo", "take_debt", count=1), phase("setup", round=1),
         act("Cy", "take_debt", count=2))
    assert s.hold[2]["debt"] == 2


def test_round_order() -> None:  # HS-ROUND-ORDER
    s = fresh()
    refused(s, phase("income"), "order", "HS-ROUND-ORDER")
    refused(s, phase("setup", round=2), "order", "HS-ROUND-ORDER")
    refused(s, phase("setup"), "schema", "HS-ROUND-ORDER")
    play(s, phase("setup", round=1))
    refused(s, phase("bidding"), "order", "HS-ROUND-ORDER")
    refused(s, phase("scoring"), "order", "HS-ROUND-ORDER")


def test_stage_changes_at_rounds_5_and_9() -> None:  # HS-STAGE
    s = won(round_=4, tiles={"2": 14}, Ann={"buildings": ["homestead", "farm"]})
    play(s, phase("setup", round=5))
    assert "town_hall" not in s.supply and "church" in s.supply
    assert "farm" not in s.supply and "ranch" in s.supply
    s = won(round_=8, tiles={"2": 18})
    play(s, phase("setup", round=9))
    assert "church" not in s.supply and "ranch" not in s.supply and s.supply["terminal"] == 2


def test_reveal() -> None:  # HS-REVEAL
    s = play(fresh(), phase("setup", round=1))
    outcomes = GAME.chance_outcomes(s)
    assert {c.get("tile") for c, _ in outcomes} == {11, 12, 13, 14}
    assert GAME.legal_actions(s) == []
    refused(s, phase("income"), "order", "HS-REVEAL")
    refused(s, chance("reveal", auction=2, tile=15), "chance", "HS-REVEAL")
    refused(s, chance("reveal", auction=2, tile=99), "schema", "HS-REVEAL")
    play(s, chance("reveal", auction=2, tile=13))
    refused(s, chance("reveal", auction=2, tile=12), "order", "HS-REVEAL")
    s = won(round_=2, tiles={"2": 13})
    play(s, phase("setup", round=3))
    refused(s, chance("reveal", auction=2, tile=13), "chance", "HS-REVEAL")


def test_allocate_timing() -> None:  # HS-ALLOCATE
    s = play(fresh(), phase("setup", round=1))
    play(s, act("Ann", "allocate", slots=["homestead:0"]))
    s = at(P3, 1, "income")
    refused(s, act("Ann", "allocate", slots=[]), "order", "HS-ALLOCATE")


def test_alloc_slots() -> None:  # HS-ALLOC-SLOTS
    s = at(P3, 1, "setup", tiles={"2": 11}, Ann={"workers": 2,
                                                "buildings": ["homestead", "river_port"]})
    play(s, act("Ann", "allocate", slots=["river_port:0", "river_port:0"]))
    refused(s, act("Ann", "allocate", slots=["farm:0"]), "illegal", "HS-ALLOC-SLOTS")
    refused(s, act("Ann", "allocate", slots=["homestead:0", "homestead:0"]), "illegal",
            "HS-ALLOC-SLOTS")
    refused(s, act("Bo", "allocate", slots=["homestead:0", "homestead:1"]), "illegal",
            "HS-ALLOC-SLOTS")
    refused(s, act("Ann", "allocate", slots=["homestead:7"]), "schema", "HS-ALLOC-SLOTS")
    refused(s, act("Ann", "allocate", slots=["castle:0"]), "schema", "HS-ALLOC-SLOTS")


def test_alloc_stands_and_idle() -> None:  # HS-ALLOC-STANDS
    s = at(P3, 1, "setup", tiles={"2": 11}, Ann={"slots": ["homestead:0"]})
    play(s, phase("income"))
    assert s.hold[0]["wood"] == 1 and s.hold[1]["wood"] == 0
    assert s.slots[0] == ("homestead:0",)


def test_income() -> None:  # HS-INCOME
    s = at(P3, 5, "setup", tiles={"2": 15}, Ann={
        "workers": 3, "rail": 2, "buildings": ["homestead", "farm", "river_port", "stables"],
        "slots": ["farm:0", "river_port:0", "homestead:1"]})
    play(s, phase("income"))
    h = s.hold[0]
    # homestead 2 + farm 2 + rail 2; double slot with one worker gives nothing
    assert (h["silver"], h["trade"], h["vp"], h["gold"]) == (6 + 6, 2, 2, 0)


def test_pay_workers() -> None:  # HS-PAY-WORKERS
    s = at(P3, 1, "income", Ann={"silver": 1, "gold": 1, "workers": 3}, Bo={"silver": 0})
    play(s, act("Ann", "pay_workers", gold=1))
    assert (s.hold[0]["silver"], s.hold[0]["gold"]) == (1, 0)
    refused(s, act("Ann", "pay_workers", gold=0), "illegal", "HS-PAY-WORKERS")
    refused(s, act("Bo", "pay_workers"), "illegal", "HS-PAY-WORKERS")
    s2 = at(P3, 1, "bidding")
    refused(s2, act("Ann", "pay_workers"), "order", "HS-PAY-WORKERS")


def test_pay_auto_at_bidding() -> None:  # HS-PAY-AUTO
    s = at(P3, 1, "income", Bo={"silver": 0, "gold": 1})
    msg = refused(s, phase("bidding"), "illegal", "HS-PAY-AUTO")
    assert "Bo" in msg
    play(s, act("Bo", "take_debt", count=1), phase("bidding"))
    assert [h["silver"] for h in s.hold] == [5, 1, 5]


def test_gold_pay() -> None:  # HS-GOLD-PAY
    s = at(P3, 1, "income", Ann={"silver": 0, "gold": 3, "workers": 6})
    refused(s, act("Ann", "pay_workers", gold=3), "illegal", "HS-GOLD-PAY")
    refused(s, act("Bo", "pay_workers", gold=1), "illegal", "HS-GOLD-PAY")
    play(s, act("Ann", "pay_workers", gold=2))
    assert (s.hold[0]["silver"], s.hold[0]["gold"]) == (0, 1)


# --------------------------------------------------------------------------- bidding


def test_bid_turn() -> None:  # HS-BID-TURN
    s = at()
    refused(s, act("Bo", "bid", auction=1, amount=3), "order", "HS-BID-TURN")
    play(s, act("Ann", "bid", auction=1, amount=3), act("Bo", "bid", auction=1, amount=4))
    assert s.players[s.turn] == "Cy"
    play(s, act("Cy", "bid", auction=2, amount=3))
    assert s.players[s.turn] == "Ann"  # outbid: acts again
    play(s, act("Ann", "bid", auction=2, amount=4))
    assert s.players[s.turn] == "Cy"  # Bo's bid stands: skipped
    refused(at(P3, 1, "income"), act("Ann", "bid", auction=1, amount=3), "order", "HS-BID-TURN")


def test_bid_auction() -> None:  # HS-BID-AUCTION
    s = at()
    refused(s, act("Ann", "bid", auction=3, amount=3), "illegal", "HS-BID-AUCTION")
    refused(s, act("Ann", "bid", auction=4, amount=3), "schema", "HS-BID-AUCTION")
    play(at(["A", "B", "C", "D"]), act("A", "bid", auction=3, amount=3))


def test_bid_ladder() -> None:  # HS-BID-LADDER
    s = at()
    refused(s, act("Ann", "bid", auction=1, amount=8), "illegal", "HS-BID-LADDER")
    refused(s, act("Ann", "bid", auction=1, amount=2), "illegal", "HS-BID-LADDER")
    play(s, act("Ann", "bid", auction=1, amount=21))


def test_bid_raise() -> None:  # HS-BID-RAISE
    s = play(at(), act("Ann", "bid", auction=1, amount=5))
    msg = refused(s, act("Bo", "bid", auction=1, amount=4), "illegal", "HS-BID-RAISE")
    assert msg == "bid 4 on auction 1 does not exceed the high bid 5"
    refused(s, act("Bo", "bid", auction=1, amount=5), "illegal", "HS-BID-RAISE")
    play(s, act("Bo", "bid", auction=1, amount=6))


def test_lawyer_equal_bid() -> None:  # HS-LAWYER
    s = play(at(P3, 5, Bo={"buildings": ["homestead", "lawyer"]}),
             act("Ann", "bid", auction=1, amount=5))
    refused(s, act("Bo", "bid", auction=1, amount=4), "illegal", "HS-LAWYER")
    play(s, act("Bo", "bid", auction=1, amount=5))
    assert s.high[1] == (5, 1)


def test_bid_regardless_of_cash() -> None:  # HS-BID-CASH
    s = at(P3, 5, Ann={"silver": 0, "gold": 0})
    play(s, act("Ann", "bid", auction=1, amount=21))
    assert s.high[1] == (21, 0)
    assert "HS-BID-CASH" in noted(s, act("Bo", "bid", auction=2, amount=21))
    assert "HS-BID-CASH" not in noted(s, act("Bo", "bid", auction=2, amount=3))


def test_pass() -> None:  # HS-PASS
    s = at()
    play(s, act("Ann", "pass", reward="trade"))
    assert s.passed[0] and s.hold[0]["track"] == 1 and s.hold[0]["trade"] == 1
    refused(s, act("Bo", "pass"), "schema", "HS-PASS")
    play(s, act("Bo", "bid", auction=1, amount=3), act("Cy", "bid", auction=1, amount=4))
    assert s.players[s.turn] == "Bo"  # Ann, having passed, is skipped


def test_track_reward() -> None:  # HS-TRACK-REWARD
    s = at(P3, 1, "bidding", Ann={"track": 2}, Bo={"track": 5})
    refused(s, act("Ann", "pass", reward="wood"), "illegal", "HS-TRACK-REWARD")
    refused(s, act("Ann", "pass", reward="castle"), "schema", "HS-TRACK-REWARD")
    play(s, act("Ann", "pass", reward="worker"))
    assert (s.hold[0]["track"], s.hold[0]["workers"]) == (3, 2)
    play(s, act("Bo", "pass", reward="vp"))
    assert (s.hold[1]["track"], s.hold[1]["vp"]) == (5, 3)


def test_bid_end() -> None:  # HS-BID-END
    s = play(at(), act("Ann", "bid", auction=1, amount=3))
    refused(s, phase("building"), "order", "HS-BID-END")
    play(s, act("Bo", "bid", auction=2, amount=3), act("Cy", "pass", reward="trade"))
    refused(s, act("Cy", "bid", auction=1, amount=4), "order", "HS-BID-END")
    play(s, phase("building"))


def test_neutral_bid() -> None:  # HS-NEUTRAL-BID
    s = at(["Ann", "Bo"])
    refused(s, act("Ann", "bid", auction=1, amount=3), "order", "HS-NEUTRAL-BID")
    refused(s, act("Bo", "neutral_bid", auction=1), "order", "HS-NEUTRAL-BID")
    refused(at(), act("Ann", "neutral_bid", auction=1), "illegal", "HS-NEUTRAL-BID")
    play(s, act("Ann", "neutral_bid", auction=1))
    assert s.high[1] == (5, -1)
    refused(s, act("Ann", "bid", auction=1, amount=5), "illegal", "HS-BID-RAISE")
    play(s, act("Ann", "bid", auction=1, amount=6))


def test_neutral_level() -> None:  # HS-NEUTRAL-LEVEL
    s = at(["Ann", "Bo"])
    play(s, act("Ann", "neutral_bid", auction=1), act("Ann", "pass", reward="trade"))
    assert s.neutral_level == 4
    s = won(["Ann", "Bo"], [("Ann", 1, 3), ("Bo", 2, 6)])
    assert s.neutral_level == 6
    s = at(["Ann", "Bo"])
    s.neutral_level = 3
    play(s, act("Ann", "neutral_bid", auction=1), act("Ann", "pass", reward="trade"))
    assert s.neutral_level == 3


def test_no_bids_discarded() -> None:  # HS-NO-BIDS
    s = won(P3, [("Ann", 1, 3)])
    assert list(s.won) == [1]
    refused(s, act("Bo", "pay_bid", auction=2), "illegal", "HS-NO-BIDS")


# --------------------------------------------------------------------------- building


def test_build_order() -> None:  # HS-BUILD-ORDER
    s = won(P3, [("Ann", 1, 3), ("Bo", 2, 3)], Ann={"wood": 2})
    refused(s, act("Bo", "pay_bid", auction=2), "order", "HS-BUILD-ORDER")
    refused(s, act("Bo", "pay_bid", auction=1), "order", "HS-BUILD-ORDER")
    refused(s, act("Ann", "build", auction=1, building="farm"), "order", "HS-BUILD-ORDER")
    refused(s, phase("setup", round=2), "order", "HS-PAY-BID")
    play(s, act("Ann", "pay_bid", auction=1), act("Ann", "build", auction=1, building="farm"))
    refused(s, act("Ann", "build", auction=1, building="market"), "illegal", "HS-BUILD-ORDER")
    play(s, act("Bo", "pay_bid", auction=2))
    refused(s, act("Ann", "bonus", auction=1), "order", "HS-BUILD-ORDER")
    play(s, phase("setup", round=2))


def test_pay_bid() -> None:  # HS-PAY-BID
    s = won(P3, [("Ann", 1, 9)], Ann={"silver": 4, "gold": 1})
    refused(s, act("Ann", "pay_bid", auction=1), "illegal", "HS-PAY-BID")
    play(s, act("Ann", "pay_bid", auction=1, gold=1))
    assert (s.hold[0]["silver"], s.hold[0]["gold"]) == (0, 0)
    refused(s, act("Ann", "pay_bid", auction=1), "illegal", "HS-PAY-BID")


def test_build_type() -> None:  # HS-BUILD-TYPE
    s = play(won(P3, [("Ann", 1, 3), ("Bo", 2, 3)], tiles={"2": 14}, Ann={"wood": 1}),
             act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="foundry"), "illegal", "HS-BUILD-TYPE")
    play(s, act("Ann", "build", auction=1, building="market"), act("Bo", "pay_bid", auction=2))
    refused(s, act("Bo", "build", auction=2, building="foundry"), "illegal", "HS-BUILD-TYPE")


def test_build_supply() -> None:  # HS-BUILD-SUPPLY
    s = play(won(P3, [("Ann", 1, 3)]), act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="church"), "illegal", "HS-BUILD-SUPPLY")
    refused(s, act("Ann", "build", auction=1, building="castle"), "schema", "HS-BUILD-SUPPLY")


def test_build_unique() -> None:  # HS-BUILD-UNIQUE
    s = play(won(P3, [("Ann", 1, 3)], Ann={"wood": 1, "buildings": ["homestead", "farm"]}),
             act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="farm"), "illegal", "HS-BUILD-UNIQUE")


def test_build_cost() -> None:  # HS-BUILD-COST
    s = play(won(P3, [("Ann", 1, 3)], Ann={"wood": 1}), act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="boarding_house"), "illegal",
            "HS-BUILD-COST")
    play(s, act("Ann", "build", auction=1, building="farm"))
    assert s.hold[0]["wood"] == 0 and s.supply["farm"] == 2


def test_bonus() -> None:  # HS-BONUS
    s = play(won(P3, [("Ann", 1, 3), ("Bo", 2, 3)], tiles={"2": 14}),
             act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "bonus", auction=1), "illegal", "HS-BONUS")
    play(s, act("Bo", "pay_bid", auction=2))
    refused(s, act("Bo", "bonus", auction=2), "illegal", "HS-BONUS")  # reward missing
    play(s, act("Bo", "bonus", auction=2, worker=True, reward="trade"))
    assert (s.hold[1]["workers"], s.hold[1]["track"]) == (2, 1)
    refused(s, act("Bo", "bonus", auction=2, reward="trade"), "illegal", "HS-BONUS")
    s = play(won(P3, [("Ann", 1, 3)], round_=9, Ann={"copper": 0}),
             act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "bonus", auction=1), "illegal", "HS-BONUS")
    s.hold[0]["copper"] = 1
    play(s, act("Ann", "bonus", auction=1))
    assert s.hold[0]["vp"] == 4


def test_hs_bonus_items_of_a_tile_without_building_are_taken_before_the_game_moves_on() -> None:
    """Rulebook, Building: a tile that allows no building awards workers and railroad advances
    and "the player immediately receives these items"; neither the next pay_bid nor the next
    round may come first (HS-BONUS)."""
    s = play(won(P3, [("Ann", 1, 3), ("Bo", 2, 3)], tiles={"2": 14}),
             act("Ann", "pay_bid", auction=1), act("Bo", "pay_bid", auction=2))
    msg = refused(s, phase("setup", round=2), "order", "HS-BONUS")
    assert "Bo has not taken the items of auction 2" in msg and "tile 14" in msg
    legal = GAME.legal_actions(s)
    assert not any(isinstance(e, Phase) for e in legal)
    assert {e.name for e in legal if e.player == "Bo"} >= {"bonus"}
    play(s, act("Bo", "bonus", auction=2, reward="trade"), phase("setup", round=2))
    assert (s.hold[1]["workers"], s.hold[1]["track"]) == (2, 1)
    # 4 players: tile 14's items come before Auction 3 (tile 24) is paid, and before the end
    s4 = play(won(["A", "B", "C", "D"], [("A", 2, 3), ("B", 3, 3)], tiles={"2": 14, "3": 24}),
              act("A", "pay_bid", auction=2))
    refused(s4, act("B", "pay_bid", auction=3), "order", "HS-BONUS")
    play(s4, act("A", "bonus", auction=2, reward="trade"), act("B", "pay_bid", auction=3))
    refused(s4, phase("setup", round=2), "order", "HS-BONUS")
    s10 = play(won(P3, [("Ann", 2, 3)], round_=10, tiles={"2": 20}), act("Ann", "pay_bid",
                                                                       auction=2))
    play(s10, phase("final_income"))  # tile 20 allows a building: its bonus stays optional


def test_hs_bonus_the_worker_of_a_tile_without_building_cannot_be_declined() -> None:
    """Rulebook, Building: such a tile awards its items and "the player immediately receives
    these items"; a worker bonus beside a building (Auction 1, rounds 5-7) stays optional."""
    s = play(won(P3, [("Ann", 1, 3), ("Bo", 2, 3)], tiles={"2": 14}),
             act("Ann", "pay_bid", auction=1), act("Bo", "pay_bid", auction=2))
    msg = refused(s, act("Bo", "bonus", auction=2, worker=False, reward="trade"), "illegal",
                  "HS-BONUS")
    assert "cannot be declined" in msg
    assert not any(e.get("worker") is False for e in GAME.legal_actions(s)
                   if isinstance(e, Action) and e.name == "bonus")
    s5 = play(won(P3, [("Ann", 1, 3)], round_=5), act("Ann", "pay_bid", auction=1))
    play(s5, act("Ann", "bonus", auction=1, worker=False))
    assert s5.hold[0]["workers"] == 1


def test_tile_30() -> None:  # HS-TILE-30
    s = won(["A", "B", "C", "D"], [("C", 3, 3)], tiles={"2": 19, "3": 30}, round_=9)
    play(s, act("C", "pay_bid", auction=3))
    assert s.hold[2]["vp"] == 6
    refused(s, act("C", "build", auction=3, building="terminal"), "illegal", "HS-BUILD-TYPE")


def test_start_marker() -> None:  # HS-START-MARKER
    assert won(P3, [("Cy", 1, 3)]).start == 2
    assert won(P3, [("Cy", 2, 3)]).start == 0
    assert won(["Ann", "Bo"], [("Bo", 1, 6)]).start == 1
    assert won(["Ann", "Bo"], [("Bo", 2, 6)]).start == 1  # nobody won Auction 1
    assert won(["Ann", "Bo"], [("Ann", 2, 6)]).start == 1


# --------------------------------------------------------------------------- market and debt


def test_market_buy() -> None:  # HS-MARKET-BUY
    s = fresh()
    refused(s, act("Ann", "buy", resource="wood"), "illegal", "HS-MARKET-BUY")
    refused(s, act("Ann", "buy", resource="iron"), "schema", "HS-MARKET-BUY")
    refused(s, act("Ann", "buy", resource="wood", count=0), "schema", "HS-MARKET-BUY")
    s.hold[0].update(trade=3, gold=1)
    play(s, act("Ann", "buy", resource="steel"), act("Ann", "buy", resource="copper"))
    h = s.hold[0]
    assert (h["silver"], h["gold"], h["trade"], h["steel"], h["copper"]) == (3, 0, 1, 1, 1)


def test_market_sell() -> None:  # HS-MARKET-SELL
    s = fresh()
    s.hold[0].update(trade=2, food=1, livestock=1)
    play(s, act("Ann", "sell", resource="food", count=1),
         act("Ann", "sell", resource="livestock", count=1))
    h = s.hold[0]
    assert (h["silver"], h["gold"], h["vp"], h["trade"]) == (8, 1, 2, 0)
    refused(s, act("Ann", "sell", resource="food", count=1), "illegal", "HS-MARKET-SELL")


def test_hire() -> None:  # HS-HIRE
    s = fresh()
    refused(s, act("Ann", "hire", count=1), "illegal", "HS-HIRE")
    s.hold[0].update(trade=1, food=1)
    play(s, act("Ann", "hire", count=1))
    assert s.hold[0]["workers"] == 2


def test_debt_take() -> None:  # HS-DEBT-TAKE
    s = fresh()
    play(s, act("Ann", "take_debt", count=3))
    assert (s.hold[0]["silver"], s.hold[0]["debt"]) == (12, 3)
    refused(s, act("Ann", "take_debt", count=-1), "schema", "HS-DEBT-TAKE")


def test_debt_pay_only_in_scoring() -> None:  # HS-DEBT-PAY
    s = fresh()
    play(s, act("Ann", "take_debt", count=1))
    refused(s, act("Ann", "pay_debt", count=1), "order", "HS-DEBT-PAY")
    s = at(P3, 10, "scoring", Ann={"debt": 2, "silver": 5, "gold": 1})
    refused(s, act("Ann", "pay_debt", count=2), "illegal", "HS-DEBT-PAY")
    play(s, act("Ann", "pay_debt", count=2, gold=1))
    assert (s.hold[0]["debt"], s.hold[0]["silver"], s.hold[0]["gold"]) == (0, 0, 0)


def test_convert() -> None:  # HS-CONVERT
    s = fresh()
    s.hold[0].update(trade=3, wood=1)
    refused(s, act("Ann", "convert", building="market", count=1, **{"from": "wood"}),
            "illegal", "HS-CONVERT")
    s.buildings[0].extend(["market", "bank"])
    play(s, act("Ann", "convert", building="market", count=1, **{"from": "wood"}),
         act("Ann", "convert", building="market", count=1, **{"from": "food"}),
         act("Ann", "convert", building="bank", count=1))
    h = s.hold[0]
    assert (h["wood"], h["food"], h["steel"], h["silver"], h["trade"]) == (0, 0, 1, 7, 0)
    refused(s, act("Ann", "convert", building="farm", count=1), "illegal", "HS-CONVERT")


# --------------------------------------------------------------------------- abilities


def test_general_store() -> None:  # HS-GENERAL-STORE
    s = fresh()
    s.buildings[0].append("general_store")
    s.hold[0].update(trade=1, wood=1)
    play(s, act("Ann", "sell", resource="wood", count=1))
    assert s.hold[0]["silver"] == 8


def test_river_port() -> None:  # HS-RIVER-PORT
    s = won(P3, [("Ann", 1, 3)], round_=10, tiles={"2": 20},
            Ann={"gold": 2, "wood": 1, "silver": 3, "buildings": ["homestead", "river_port"]})
    play(s, act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="restaurant", gold_for=["wood"]),
            "illegal", "HS-RIVER-PORT")
    play(s, act("Ann", "build", auction=1, building="restaurant", gold_for=["livestock"]),
         act("Ann", "bonus", auction=1, pay="gold"))
    assert (s.hold[0]["gold"], s.hold[0]["vp"]) == (0, 4)
    s = won(P3, [("Ann", 1, 3)], round_=10, tiles={"2": 20}, Ann={"gold": 1})
    play(s, act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "bonus", auction=1, pay="gold"), "illegal", "HS-RIVER-PORT")


def test_rodeo_income() -> None:  # HS-RODEO
    s = at(P3, 5, "setup", tiles={"2": 15}, Ann={"workers": 7, "buildings": ["homestead",
                                                                            "rodeo"]})
    play(s, phase("income"))
    assert s.hold[0]["silver"] == 6 + 2 + 5


def test_bank_income() -> None:  # HS-BANK-INCOME
    s = at(P3, 5, "setup", tiles={"2": 15}, Ann={"debt": 2, "buildings": ["homestead", "bank"]})
    play(s, phase("income"))
    assert (s.hold[0]["debt"], s.hold[0]["silver"]) == (1, 6 + 2)
    s = at(P3, 5, "setup", tiles={"2": 15}, Ann={"buildings": ["homestead", "bank"]})
    play(s, phase("income"))
    assert (s.hold[0]["debt"], s.hold[0]["silver"]) == (0, 6 + 2 + 2)


def test_boarding_house() -> None:  # HS-BOARDING-HOUSE
    for debt, after in ((1, (0, 0)), (0, (0, 2))):
        s = play(won(P3, [("Ann", 1, 3)], Ann={"wood": 2, "debt": debt, "silver": 3}),
                 act("Ann", "pay_bid", auction=1),
                 act("Ann", "build", auction=1, building="boarding_house"))
        assert (s.hold[0]["debt"], s.hold[0]["silver"]) == after


def test_ranch() -> None:  # HS-RANCH
    s = play(won(P3, [("Ann", 1, 3)], Ann={"wood": 1, "food": 1, "steel": 1}),
             act("Ann", "pay_bid", auction=1), act("Ann", "build", auction=1, building="ranch"))
    assert s.hold[0]["trade"] == 1


def test_workshop() -> None:  # HS-WORKSHOP
    s = play(won(P3, [("Ann", 1, 3)], round_=6, tiles={"2": 16}, Ann={"steel": 1}),
             act("Ann", "pay_bid", auction=1))
    play(s.copy(), act("Ann", "build", auction=1, building="workshop", worker=False))
    play(s, act("Ann", "build", auction=1, building="workshop"))
    assert s.hold[0]["workers"] == 2
    s = play(won(P3, [("Ann", 1, 3)], round_=6, tiles={"2": 16}, Ann={"wood": 2}),
             act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="boarding_house", worker=True),
            "illegal", "HS-WORKSHOP")


def test_track_build() -> None:  # HS-TRACK-BUILD
    s = play(won(P3, [("Ann", 1, 3)], round_=5, tiles={"2": 15}, Ann={"wood": 1, "steel": 1}),
             act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="depot"), "illegal", "HS-TRACK-BUILD")
    play(s, act("Ann", "build", auction=1, building="depot", reward="trade"))
    assert (s.hold[0]["track"], s.hold[0]["trade"]) == (1, 1)


def test_forge() -> None:  # HS-FORGE
    s = play(won(P3, [("Ann", 1, 3)], round_=7, tiles={"2": 17},
                 Ann={"steel": 4, "buildings": ["homestead"]}),
             act("Ann", "pay_bid", auction=1),
             act("Ann", "build", auction=1, building="forge", reward="trade"))
    assert s.hold[0]["vp"] == 0
    s = play(won(P3, [("Ann", 1, 3)], round_=7, tiles={"2": 17},
                 Ann={"wood": 1, "steel": 1, "buildings": ["homestead", "forge"]}),
             act("Ann", "pay_bid", auction=1),
             act("Ann", "build", auction=1, building="gold_mine"),
             act("Ann", "bonus", auction=1, worker=True))
    assert (s.hold[0]["vp"], s.hold[0]["workers"]) == (1, 2)


def test_train_station() -> None:  # HS-TRAIN-STATION
    s = play(won(P3, [("Ann", 1, 3)], round_=9, tiles={"2": 19},
                 Ann={"wood": 2, "copper": 1, "food": 1, "buildings": ["homestead", "forge"]}),
             act("Ann", "pay_bid", auction=1))
    refused(s, act("Ann", "build", auction=1, building="dude_ranch", extra=True), "illegal",
            "HS-TRAIN-STATION")
    play(s, act("Ann", "build", auction=1, building="train_station"),
         act("Ann", "build", auction=1, building="dude_ranch", extra=True))
    assert s.hold[0]["rail"] == 1 and s.hold[0]["vp"] == 2  # Forge: 1 VP per later building
    refused(s, act("Ann", "build", auction=1, building="terminal", extra=True), "illegal",
            "HS-TRAIN-STATION")


# --------------------------------------------------------------------------- the end


def test_final_income() -> None:  # HS-FINAL-INCOME
    s = won(P3, [("Ann", 1, 3)], round_=10, tiles={"2": 20})
    refused(s, phase("final_income"), "order", "HS-PAY-BID")
    play(s, act("Ann", "pay_bid", auction=1), act("Bo", "allocate", slots=["homestead:1"]),
         phase("final_income"))
    assert s.hold[1]["vp"] == 1 and s.hold[1]["silver"] == 8
    refused(s, phase("setup", round=11), "order", "HS-ROUND-ORDER")
    play(s, act("Bo", "pay_workers"), phase("scoring"))
    assert GAME.is_over(s)
    refused(won(P3, [("Ann", 1, 3)], round_=9, tiles={"2": 19}), phase("final_income"),
            "order", "HS-FINAL-INCOME")


def test_homestead_counts_as_residential() -> None:  # HS-HOMESTEAD-RESIDENTIAL
    with_homestead = at(P3, 10, "scoring", Ann={"buildings": ["homestead", "stables",
                                                              "rail_yard"]})
    bonuses = GAME.score(with_homestead)["Ann"].parts["bonuses"]
    # stables: +1 per Residential (the Homestead); rail yard: +1 per building (3)
    assert bonuses == 1 + 3
    before = at(P3, 10, "final_income", Ann={"buildings": ["homestead", "stables"]})
    assert "HS-HOMESTEAD-RESIDENTIAL" in noted(before, phase("scoring"))
    plain = at(P3, 10, "final_income")
    assert "HS-HOMESTEAD-RESIDENTIAL" not in noted(plain, phase("scoring"))


def test_score() -> None:  # HS-SCORE
    s = at(P3, 10, "scoring", Ann={
        "vp": 5, "gold": 1, "copper": 2, "livestock": 1, "debt": 3, "workers": 2, "rail": 1,
        "buildings": ["homestead", "railworkers_house", "stables", "church"]})
    score = GAME.score(s)["Ann"]
    # printed 10; bonuses: railworkers 2 workers + 1 rail, stables 2 residential... homestead,
    # railworkers house, church are residential (3)
    assert score.parts == {"chits": 5, "buildings": 10, "bonuses": 6, "resources": 8,
                           "debt": -6}
    assert score.total == 23


def test_tie_break() -> None:  # HS-TIE
    s = at(P3, 10, "scoring", Ann={"vp": 5, "silver": 3}, Bo={"vp": 5, "silver": 4},
           Cy={"vp": 5, "silver": 4})
    assert GAME.winners(s) == ["Bo", "Cy"]
    s.hold[2]["silver"] = 2
    assert GAME.winners(s) == ["Bo"]


def test_check_claims() -> None:  # HS-CHECK
    s = at(P3, 10, "scoring", Ann={"vp": 5, "buildings": ["homestead", "farm"]})
    assert compare_claims(GAME, s, {"Ann": {"vp": 5, "buildings": ["farm", "homestead"],
                                            "score": 5}, "round": 10, "phase": "scoring",
                                    "start_player": "Ann", "neutral_level": 5}) == []
    bad = compare_claims(GAME, s, {"Ann": {"vp": 4, "buildings": ["farm"]}, "round": 9})
    assert [v.kind for v in bad] == ["checkpoint"] * 3
    for claims in ({"Zed": {}}, {"Ann": {"fame": 1}}, {"Ann": {"vp": True}},
                   {"Ann": {"buildings": ["castle"]}}, {"round": "x"}, {"phase": "lunch"},
                   {"start_player": "Zed"}):
        (v,) = compare_claims(GAME, s, claims)
        assert (v.kind, v.rule) == ("schema", "HS-CHECK")
    (score,) = compare_claims(GAME, s, {"Ann": {"score": 4}})
    (marker,) = compare_claims(GAME, s, {"start_player": "Bo"})
    assert (score.rule, marker.rule) == ("HS-SCORE", "HS-START-MARKER")


def test_position() -> None:  # HS-POSITION
    s = at(P3, 3, "bidding", tiles={"2": 12}, Ann={"silver": 1})
    assert s.round == 3 and s.hold[0]["silver"] == 1 and s.supply["farm"] == 3
    bad_positions = [
        {"round": 3, "phase": "bidding", "tiles": {"2": 15}},
        {"round": 3, "phase": "bidding"},
        {"round": 11, "phase": "setup"},
        {"round": 3, "phase": "dancing"},
        {"round": 3, "phase": "setup", "colour": "red"},
        {"round": 3, "phase": "setup", "players": {"Zed": {}}},
        {"round": 3, "phase": "setup", "players": {"Ann": {"silver": -1}}},
        {"round": 3, "phase": "setup", "players": {"Ann": {"track": 6}}},
        {"round": 3, "phase": "setup", "players": {"Ann": {"buildings": ["homestead", "farm",
                                                                         "farm"]}}},
        {"round": 3, "phase": "setup", "players": {"Ann": {"buildings": ["homestead", "keep"]}}},
        {"round": 3, "phase": "setup", "players": {"Ann": {"buildings": ["homestead",
                                                                         "church"]}}},
        {"round": 3, "phase": "setup", "used_tiles": [11, 12, 13]},
        {"round": 3, "phase": "setup", "players": {"Ann": {"slots": ["farm:0"]}}},
        {"round": 9, "phase": "scoring"},
    ]
    for position in bad_positions:
        with pytest.raises(RuleViolation) as info:
            GAME.new_state(P3, position=position)
        assert (info.value.violation.kind, info.value.violation.rule) == ("schema",
                                                                          "HS-POSITION")
    two = GAME.new_state(["A", "B"], position={"round": 1, "phase": "setup", "players": {
        "A": {"buildings": ["homestead", "farm"]}, "B": {"buildings": ["homestead", "farm"]}}})
    assert "farm" not in two.supply
    with pytest.raises(RuleViolation):
        GAME.new_state(["A", "B"], position={"round": 1, "phase": "setup", "players": {
            "A": {"buildings": ["homestead", "ranch"]}, "B": {"buildings": ["homestead",
                                                                            "ranch"]}}})
    assert set(GAME.observables.player) == {*HOLDINGS, "score", "buildings"}
    assert set(GAME.observables.globals) == {"round", "phase", "start_player", "neutral_level"}

