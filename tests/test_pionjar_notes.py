"""Rule coverage of Pionjär: what ``apply`` notes for an accepted event, the rules its move's
check verified and those of the automatic effects the event sets off, in one pass."""

from __future__ import annotations

import random

from referee.model.core import Action, Chance
from referee.model.pionjar import GAME
from referee.model.pionjar.state import PionjarState
from tests.pionjar_helpers import act, die, draw, play, position, squatter, start_before
from tests.pionjar_helpers import simulate as simulate_game


def ids(state: PionjarState, event: Action | Chance) -> set[str]:
    """The rules noted while ``event`` is applied to a copy of ``state``."""
    assert GAME.check(state, event) is None
    named: list[str] = []
    GAME.apply(state.copy(), event, named.append)
    return set(named)


def test_quiet_actions_name_only_what_check_tested() -> None:
    s = position()
    assert ids(s, act("Ann", "enter_trail", trail="hunting")) == {
        "PJ-TURN-ORDER", "PJ-ALMANAC-CHOICE", "PJ-TRAIL-ENTER"}
    road = position({"Ann": {"where": "road"}, "Bo": {"where": "road"}, "Cy": {"where": "road"}},
                    month=None)
    assert ids(road, act("Ann", "choose_property", property="high_falls")) == {
        "PJ-TURN-ORDER", "PJ-ROAD-CHOOSE"}


def test_start_player_names_the_setup() -> None:
    s = GAME.new_state(["Ann", "Bo"])
    assert ids(s, Chance.make("start_player", player="Bo")) == {
        "PJ-DATA", "PJ-SETUP-PLAYERS", "PJ-SETUP-STACKS", "PJ-SETUP-BANKER", "PJ-SETUP-START"}


def test_advance_onto_a_harvest_sale() -> None:  # PJ-SELL-CROPS
    s = position()
    s.p["Ann"].space = start_before(s, "Ann", "sell_crops")
    s.p["Ann"].harvest = 2
    named = ids(s, act("Ann", "advance"))
    assert {"PJ-ALMANAC-CHOICE", "PJ-ALMANAC-MOVE", "PJ-SPACE-LAND", "PJ-SELL-CROPS"} <= named
    assert "PJ-SELL-TIMBER" not in named and "PJ-REDEEM" not in named
    assert "PJ-PROC-PRICE" not in named
    s.modifiers["harvest"] = 300
    assert "PJ-PROC-PRICE" in ids(s, act("Ann", "advance"))


def test_redemption_only_at_the_end_of_the_first_lap() -> None:  # PJ-REDEEM
    s = position({"Ann": squatter("green_valley", space=39, land="squatter"),
                  "Bo": squatter("buffalo_head"), "Cy": squatter("high_falls")})
    named = ids(s, act("Ann", "advance"))
    assert {"PJ-REDEEM", "PJ-CITY-VISIT"} <= named
    owner = position({"Ann": squatter("green_valley", space=39), "Bo": squatter("buffalo_head"),
                      "Cy": squatter("high_falls")})
    named = ids(owner, act("Ann", "advance"))
    assert "PJ-CITY-VISIT" in named and "PJ-REDEEM" not in named


def test_end_turn_names_the_month_and_january() -> None:  # PJ-ALMANAC-ADVANCE
    s = position(turn="Cy", month="1859-12")
    play(s, act("Cy", "advance"))
    while s.stage == "draw":
        assert s.draw_stack is not None
        play(s, draw(s.draw_stack, s.stacks[s.draw_stack][0]))
    if s.stage != "after" or s.players[s.turn] != "Cy":
        return
    named = ids(s, act("Cy", "end_turn"))
    assert {"PJ-TURN-END", "PJ-ALMANAC-ADVANCE", "PJ-SALOON-JANUARY"} <= named
    assert "PJ-END-MONTH" not in named


def test_prison_and_the_end() -> None:  # PJ-PRISON, PJ-END-MONTH
    s = position()
    s.p["Ann"].space = start_before(s, "Ann", "jail")
    named = ids(s, act("Ann", "advance"))
    assert {"PJ-PRISON", "PJ-TURN-END"} <= named       # no optional step from prison
    last = position(turn="Cy", month="1862-12")
    play(last, act("Cy", "advance"))
    if last.stage == "after":
        named = ids(last, act("Cy", "end_turn"))
        assert {"PJ-END-MONTH", "PJ-SALOON-FINAL"} <= named
        assert "PJ-ALMANAC-ADVANCE" not in named


def test_saloon_roll_and_final_tie() -> None:  # PJ-SALOON-ROLL, PJ-SALOON-FINAL-TIE
    s = position()
    play(s, act("Ann", "enter_trail", trail="fishing"), die("Ann", 2),
         act("Ann", "gamble", stake=100))
    assert {"PJ-CHANCE-DIE", "PJ-SALOON-ROLL"} <= ids(s, die("Ann", 6))
    two = position({"Ann": squatter("green_valley"), "Bo": squatter("buffalo_head")},
                   turn="Bo", month="1862-12", names=("Ann", "Bo"), start_player="Ann")
    two.p["Bo"].space = start_before(two, "Bo", "plain")
    play(two, act("Bo", "advance"), act("Bo", "end_turn"), die("Ann", 4))
    assert "PJ-SALOON-FINAL-TIE" in ids(two, die("Bo", 4))
    assert "PJ-SALOON-FINAL-TIE" not in ids(two, die("Bo", 3))
    three = position(turn="Cy", month="1862-12", start_player="Ann")
    three.p["Cy"].space = start_before(three, "Cy", "plain")
    play(three, act("Cy", "advance"), act("Cy", "end_turn"), die("Ann", 5), die("Bo", 5),
         die("Cy", 2))
    assert three.rolloff == ["Ann", "Bo"]
    assert "PJ-SALOON-FINAL-TIE" in ids(three, die("Ann", 1))  # a roll of the tie-break


def test_indians_on_the_trail() -> None:  # PJ-INDIAN-PASS, PJ-INDIAN-CARDS
    s = position({"Ann": {"where": "trail", "trail": "hunting", "circle": 3,
                          "property": "green_valley", "land": "owner",
                          "spoils": ["buffalo-01"]},
                  "Bo": squatter("buffalo_head"), "Cy": squatter("high_falls")},
                 indians=[["hunting", 5]])
    assert {"PJ-INDIAN-PASS", "PJ-INDIAN-CARDS", "PJ-TRAIL-CARD"} <= ids(s, die("Ann", 3))
    assert {"PJ-INDIAN-LAND", "PJ-INDIAN-CARDS"} <= ids(s, die("Ann", 2))
    assert not {"PJ-INDIAN-LAND", "PJ-INDIAN-PASS"} & ids(s, die("Ann", 1))


def test_apply_notes_known_rules_for_every_simulated_event() -> None:
    known = set(GAME.rules.ids())
    seen: set[str] = set()
    for n in (2, 4, 6):
        players = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:n]
        state = GAME.new_state(players)
        for event in simulate_game(players, random.Random(n)):
            if isinstance(event, Action | Chance):
                noted: list[str] = []
                GAME.apply(state, event, noted.append)
                assert set(noted) <= known, event
                assert noted, event
                seen |= set(noted)
    for rule in ("PJ-ALMANAC-START", "PJ-ALMANAC-ADVANCE", "PJ-SALOON-JANUARY", "PJ-REDEEM",
                 "PJ-SELL-CROPS", "PJ-SELL-TIMBER", "PJ-CARD-DRAW", "PJ-AUCTION-PAY",
                 "PJ-PRISON", "PJ-END-MONTH", "PJ-SALOON-FINAL", "PJ-SCORE-CAPITAL",
                 "PJ-TURN-END", "PJ-ROAD-BLACK", "PJ-ROAD-RED"):
        assert rule in seen, rule


def test_noting_rules_does_not_change_what_apply_does() -> None:
    players = ["Ann", "Bo", "Cy"]
    quiet, noted = GAME.new_state(players), GAME.new_state(players)
    names: list[str] = []
    for event in simulate_game(players, random.Random(11)):
        if isinstance(event, Action | Chance):
            GAME.apply(quiet, event)
            GAME.apply(noted, event, names.append)
            assert quiet.fingerprint() == noted.fingerprint(), event
    assert names and GAME.is_over(quiet)
