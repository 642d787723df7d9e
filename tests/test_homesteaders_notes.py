"""Rule coverage from what ``apply`` notes: each move's rules plus the rules of the conditional
checks and automatic effects an event sets off, and the coverage of the golden corpus."""

from __future__ import annotations

import json
import random
from pathlib import Path

from referee.model.core import Action, Chance, Phase, seat_names
from referee.model.homesteaders import GAME
from referee.replays.coverage import measure
from referee.replays.discover import find_logs
from referee.replays.regression import run_expectation
from tests.homesteaders_helpers import P3, act, at, chance, noted, phase, play, simulate, won

GOLDEN = Path(__file__).parent / "golden" / "homesteaders"
ids = noted


def test_bid_names_turn_auction_ladder_raise() -> None:  # HS-BID-TURN, HS-BID-RAISE
    s = at()
    assert ids(s, act("Ann", "bid", auction=1, amount=3)) == {
        "HS-VOCAB", "HS-BID-TURN", "HS-BID-AUCTION", "HS-BID-LADDER", "HS-BID-RAISE"}


def test_lawyer_only_when_the_equal_bid_is_used() -> None:  # HS-LAWYER
    s = at(round_=6, Bo={"buildings": ["homestead", "lawyer"]})
    play(s, act("Ann", "bid", auction=1, amount=5))
    assert "HS-LAWYER" in ids(s, act("Bo", "bid", auction=1, amount=5))
    assert "HS-LAWYER" not in ids(s, act("Bo", "bid", auction=1, amount=6))


def test_market_actions_name_anytime() -> None:  # HS-ANYTIME
    s = at(Ann={"trade": 2, "food": 1, "steel": 1,
                "buildings": ["homestead", "general_store"]})
    assert ids(s, act("Ann", "buy", resource="wood")) == {"HS-VOCAB", "HS-ANYTIME",
                                                          "HS-MARKET-BUY"}
    assert ids(s, act("Ann", "sell", resource="steel", count=1)) == {
        "HS-VOCAB", "HS-ANYTIME", "HS-MARKET-SELL", "HS-GENERAL-STORE"}
    assert ids(s, act("Bo", "take_debt", count=1)) == {"HS-VOCAB", "HS-ANYTIME",
                                                       "HS-DEBT-TAKE"}
    assert "HS-HIRE" in ids(s, act("Ann", "hire", count=1))


def test_pass_and_two_player_neutral_level() -> None:  # HS-PASS, HS-NEUTRAL-LEVEL
    s = at()
    assert ids(s, act("Ann", "pass", reward="trade")) == {"HS-VOCAB", "HS-BID-TURN", "HS-PASS",
                                                          "HS-TRACK-REWARD"}
    two = at(["Ann", "Bo"])
    assert "HS-NEUTRAL-LEVEL" in ids(two, act("Ann", "neutral_bid", auction=1))
    play(two, act("Ann", "neutral_bid", auction=1))
    assert "HS-NEUTRAL-LEVEL" in ids(two, act("Ann", "pass", reward="trade"))


def test_phase_markers_name_their_automatic_effects() -> None:  # HS-INCOME, HS-STAGE
    s = at(round_=2, phase_="setup", tiles={"2": 12}, Cy={"workers": 3,
                                                          "buildings": ["homestead", "farm"]})
    income = ids(s, phase("income"))
    assert {"HS-INCOME", "HS-ALLOC-STANDS", "HS-REVEAL", "HS-ROUND-ORDER"} <= income
    assert "HS-RODEO" not in income and "HS-BANK-INCOME" not in income
    play(s, phase("income"))
    bidding = ids(s, phase("bidding"))
    assert "HS-PAY-AUTO" in bidding
    play(s, act("Ann", "pay_workers"), act("Bo", "pay_workers"), act("Cy", "pay_workers"))
    assert "HS-PAY-AUTO" not in ids(s, phase("bidding"))
    s4 = won(round_=4, bids=[("Ann", 1, 3)], tiles={"2": 14})
    play(s4, act("Ann", "pay_bid", auction=1))
    assert "HS-STAGE" in ids(s4, phase("setup", round=5))
    s3 = won(round_=3, bids=[("Ann", 1, 3)], tiles={"2": 13})
    play(s3, act("Ann", "pay_bid", auction=1))
    assert "HS-STAGE" not in ids(s3, phase("setup", round=4))
    town = at(round_=6, phase_="setup", tiles={"2": 16},
              Ann={"buildings": ["homestead", "rodeo", "bank"]})
    assert {"HS-RODEO", "HS-BANK-INCOME"} <= ids(town, phase("income"))


def test_building_marker_names_no_bids_only_when_an_auction_is_discarded() -> None:
    s = at()  # HS-NO-BIDS, HS-START-MARKER
    play(s, act("Ann", "bid", auction=1, amount=3), act("Bo", "bid", auction=2, amount=3),
         act("Cy", "pass", reward="trade"))
    assert ids(s, phase("building")) == {"HS-VOCAB", "HS-ROUND-ORDER", "HS-BID-END",
                                         "HS-START-MARKER"}
    t = at()
    play(t, act("Ann", "bid", auction=1, amount=3), act("Bo", "pass", reward="trade"),
         act("Cy", "pass", reward="trade"))
    assert "HS-NO-BIDS" in ids(t, phase("building"))


def test_build_names_its_abilities() -> None:  # HS-TRAIN-STATION, HS-RIVER-PORT, HS-FORGE
    s = won(round_=9, bids=[("Ann", 1, 3)], tiles={"2": 19},
            Ann={"wood": 3, "steel": 2, "gold": 1,
                 "buildings": ["homestead", "river_port", "forge"]})
    play(s, act("Ann", "pay_bid", auction=1))
    station = act("Ann", "build", auction=1, building="train_station", gold_for=["copper"])
    got = ids(s, station)
    assert {"HS-BUILD-ORDER", "HS-BUILD-TYPE", "HS-BUILD-SUPPLY", "HS-BUILD-UNIQUE",
            "HS-BUILD-COST", "HS-TRAIN-STATION", "HS-RIVER-PORT", "HS-FORGE"} <= got
    assert "HS-WORKSHOP" not in got and "HS-RANCH" not in got
    play(s, station)
    extra = ids(s, act("Ann", "build", auction=1, building="terminal", extra=True))
    assert "HS-TRAIN-STATION" in extra and "HS-BUILD-TYPE" not in extra


def test_pay_bid_on_tile_30_and_scoring() -> None:  # HS-TILE-30, HS-SCORE, HS-TIE
    players = seat_names(4)
    s = won(players, round_=9, bids=[("Ann", 3, 4)], tiles={"2": 19, "3": 30})
    assert {"HS-PAY-BID", "HS-TILE-30"} <= ids(s, act("Ann", "pay_bid", auction=3))
    end = at(round_=10, phase_="final_income", tiles={})
    assert {"HS-SCORE", "HS-TIE", "HS-PAY-AUTO"} <= ids(end, phase("scoring"))


def test_start_player_from_the_setup_names_the_setup_rules() -> None:  # HS-SETUP-COPIES
    s = GAME.new_state(P3)
    assert {"HS-START-PLAYER", "HS-SETUP-PLAYERS", "HS-SETUP-COPIES",
            "HS-SETUP-AUCTIONS"} <= ids(s, chance("start_player", player="Bo"))


def test_every_simulated_event_notes_known_rules() -> None:
    known = set(GAME.rules.ids())
    seen: set[str] = set()
    for n in (2, 3, 4):
        players = seat_names(4)[:n]
        state = GAME.new_state(players)
        for event in simulate(players, random.Random(n)):
            if isinstance(event, Action | Chance | Phase):
                named = ids(state, event)
                assert named <= known, event
                assert named, event
                seen |= named
                GAME.apply(state, event)
    for rule in ("HS-INCOME", "HS-STAGE", "HS-SCORE", "HS-TIE", "HS-PAY-AUTO", "HS-BID-RAISE"):
        assert rule in seen


def test_golden_corpus_covers_every_rule() -> None:
    games, files = measure(find_logs([GOLDEN]))
    hs = next(g for g in games if g.game == "homesteaders")
    assert files > len(GAME.rules)
    assert hs.untouched == []


def test_golden_corpus_breaks_every_rule_or_its_effect() -> None:
    """Each rule id has a ``<RULE>-break-*`` log whose expectation is invalid, and every log
    meets its expectation."""
    rules = GAME.rules.ids()
    names = [p.name for p in GOLDEN.glob("*.jsonl")]
    for rule in rules:
        broken = [n for n in names if n.startswith(f"{rule}-break-")]
        if rule in ("HS-SETUP-PLAYERS", "HS-SETUP-COPIES"):
            continue  # the envelope refuses a bad player list first; copies come from data
        if rule == "HS-BID-CASH":
            # a pure permission: no log can break it, so it has a legal log instead
            assert any(n.startswith(f"{rule}-legal-") for n in names)
            continue
        assert broken, rule
    for path in sorted(GOLDEN.glob("*.jsonl")):
        outcome = run_expectation(path)
        assert outcome.passed, f"{path.name}: {outcome.explain()}"
        head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        assert head["expect"]["valid"] == ("-legal-" in path.name), path.name
