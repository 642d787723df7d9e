"""One or more tests per Pionjär rule id: what the rule allows, and what it refuses."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.model.core import Phase, RuleViolation, ignore
from referee.model.pionjar import GAME
from tests.pionjar_helpers import (
    act,
    die,
    draw,
    place,
    play,
    position,
    refused,
    squatter,
    start_before,
    steps,
)

# ------------------------------------------------------------------ setup


def test_setup_players_PJ_SETUP_PLAYERS():
    s = GAME.new_state(["Ann", "Bo"])
    assert [s.p[n].cash for n in s.players] == [5000, 5000]
    assert s.saloon == 10000
    for bad in (["Ann"], [f"P{i}" for i in range(7)], ["Ann", "Ann"]):
        with pytest.raises(RuleViolation) as err:
            GAME.new_state(bad)
        assert err.value.violation.rule == "PJ-SETUP-PLAYERS"


def test_draws_are_uniform_over_the_stack_PJ_SETUP_STACKS():
    s = position()
    place(s, "Ann", start_before(s, "Ann", "post"))
    play(s, act("Ann", "advance"))
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == 12 and all(p == Fraction(1, 12) for _, p in outcomes)
    refused(s, draw("post", "gold-01"), "chance", "PJ-SETUP-STACKS")
    refused(s, draw("proclamation", "proclamation-01"), "chance", "PJ-SETUP-STACKS")
    refused(s, draw("post", "post-99"), "schema", "PJ-SETUP-STACKS")
    play(s, draw("post", "post-01"))
    assert s.p["Ann"].cash == 7000


def test_banker_option_PJ_SETUP_BANKER():
    s = GAME.new_state(["Ann", "Bo", "Cy"], {"banker": "Bo"})
    assert s.banker == "Bo"
    with pytest.raises(RuleViolation) as err:
        GAME.new_state(["Ann", "Bo"], {"banker": "Zed"})
    assert err.value.violation.rule == "PJ-SETUP-BANKER"


def test_start_player_by_chance_PJ_SETUP_START():
    s = GAME.new_state(["Ann", "Bo", "Cy"])
    outcomes = GAME.chance_outcomes(s)
    assert [c.get("player") for c, _ in outcomes] == ["Ann", "Bo", "Cy"]
    assert GAME.legal_actions(s) == []
    refused(s, act("Ann", "choose_property", property="green_valley"), "order",
            "PJ-SETUP-START")
    play(s, outcomes[1][0])
    assert s.current == "Bo" and s.stage == "road_roll"


def test_only_the_current_player_decides_PJ_TURN_ORDER():
    s = position()
    refused(s, act("Bo", "advance"), "order", "PJ-TURN-ORDER")
    bad = refused(s, act("Zed", "advance"), "schema", "PJ-TURN-ORDER")
    assert "Zed" in bad.message


def test_turn_ends_by_itself_or_with_end_turn_PJ_TURN_END():
    s = GAME.new_state(["Ann", "Bo"])
    play(s, GAME.chance_outcomes(s)[0][0], act("Ann", "choose_property", property="high_falls"),
         die("Ann", 2))
    assert s.current == "Bo" and s.stage == "road_roll"   # the road turn ended by itself
    s = position()
    place(s, "Ann", start_before(s, "Ann", "plain"))
    play(s, act("Ann", "advance"))
    assert s.stage == "after"
    refused(s, act("Ann", "advance"), "order", "PJ-TURN-END")
    play(s, act("Ann", "end_turn"))
    assert s.current == "Bo"


def test_die_values_PJ_CHANCE_DIE():
    s = GAME.new_state(["Ann", "Bo"])
    play(s, GAME.chance_outcomes(s)[0][0], act("Ann", "choose_property", property="high_falls"))
    bad = refused(s, die("Ann", 7), "chance", "PJ-CHANCE-DIE")
    assert "1 to 6" in bad.message and "7" in bad.message
    refused(s, die("Bo", 3), "order", "PJ-ROAD-DIE")
    assert sorted(c.get("value") for c, _ in GAME.chance_outcomes(s)) == [1, 2, 3, 4, 5, 6]


# ------------------------------------------------------------------ the road


def road_position(month=None, first=None, **players):
    base = {"Ann": {"road": 0}, "Bo": {"road": 0}, "Cy": {"road": 0}}
    base.update(players)
    return position(base, month=month, first=first)


def test_choose_a_free_property_PJ_ROAD_CHOOSE():
    s = road_position(month="1858-01", first="Bo", Ann={"road": 24},
                      Bo=squatter("green_valley", space=3, land="squatter"))
    assert s.stage == "choose"                    # at Missouri: the choice comes first
    refused(s, die("Ann", 3), "order", "PJ-TURN-ORDER")
    refused(s, act("Ann", "choose_property", property="green_valley"), "illegal",
            "PJ-ROAD-CHOOSE")
    refused(s, act("Ann", "choose_property", property="atlantis"), "schema", "PJ-ROAD-CHOOSE")
    assert all(a.get("property") != "green_valley" for a in GAME.legal_actions(s))
    play(s, act("Ann", "choose_property", property="high_falls"))
    assert s.p["Ann"].dest == "high_falls" and s.stage == "road_roll"


def test_the_property_is_named_where_the_road_divides_PJ_ROAD_CHOOSE():
    """Rulebook: "In Missouri the players divide up into the various properties." A roll
    before the choice is accepted; a roll reaching Missouri stops there for the choice, and
    the rest of the roll follows on the chosen branch."""
    s = road_position(Ann={"road": 20})
    assert s.stage == "road_roll" and GAME.legal_actions(s) == []
    assert GAME.check(s, act("Ann", "choose_property", property="high_falls")) is None
    play(s, die("Ann", 6))                        # 20 + 6: two dots past Missouri
    ann = s.p["Ann"]
    assert ann.road == 24 and s.stage == "choose" and s.current == "Ann"
    refused(s, act("Bo", "choose_property", property="green_valley"), "order",
            "PJ-TURN-ORDER")
    refused(s, die("Ann", 3), "order", "PJ-TURN-ORDER")
    assert {e.name for e in GAME.legal_actions(s)} == {"choose_property"}
    noted: list[str] = []
    GAME.apply(s, act("Ann", "choose_property", property="high_falls"), noted.append)
    assert ann.dest == "high_falls" and ann.road == 26 and s.current == "Bo"
    assert "PJ-ROAD-CHOOSE" in noted
    # earlier, before a roll, as well; once named it stands
    s = road_position(Ann={"road": 3})
    play(s, act("Ann", "choose_property", property="high_falls"))
    assert s.stage == "road_roll" and s.p["Ann"].dest == "high_falls"
    refused(s, act("Ann", "choose_property", property="green_valley"), "order", "PJ-ROAD-DIE")
    play(s, die("Ann", 2))
    assert s.p["Ann"].road == 5


def test_a_roll_landing_on_missouri_leaves_the_choice_to_the_next_turn_PJ_ROAD_CHOOSE():
    s = road_position(Ann={"road": 21})
    play(s, die("Ann", 3))
    assert s.p["Ann"].road == 24 and s.current == "Bo"
    while s.current != "Ann":
        bo_or_cy = s.current
        assert bo_or_cy is not None
        play(s, act(bo_or_cy, "choose_property",
                    property={"Bo": "green_valley", "Cy": "great_lakes"}[bo_or_cy]),
             die(bo_or_cy, 1))
    assert s.stage == "choose"


def test_road_moves_by_die_PJ_ROAD_DIE():
    s = road_position(Ann={"road": 0, "destination": "high_falls"})
    play(s, die("Ann", 3))
    assert s.p["Ann"].road == 3


def test_black_dot_skips_a_turn_PJ_ROAD_BLACK():
    s = road_position(Ann={"road": 2, "destination": "high_falls"},
                      Bo={"road": 0, "destination": "great_lakes"},
                      Cy={"road": 0, "destination": "silent_forest"})
    play(s, die("Ann", 3))                                  # dot 5 is black
    assert s.p["Ann"].skip
    play(s, die("Bo", 1), die("Cy", 1))
    assert s.current == "Bo" and not s.p["Ann"].skip        # Ann's turn was skipped


def test_red_dot_gives_five_steps_PJ_ROAD_RED():
    s = road_position(Ann={"road": 4, "destination": "high_falls"})
    play(s, die("Ann", 4))                                  # dot 8 is red: on to 13 (black)
    assert s.p["Ann"].road == 13 and not s.p["Ann"].skip


def test_first_to_arrive_takes_the_property_PJ_ROAD_ARRIVE():
    s = road_position(Ann={"road": 34, "destination": "high_falls"})
    play(s, die("Ann", 6))
    ann = s.p["Ann"]
    assert ann.prop == "high_falls" and ann.where == "loop" and ann.space == 0
    assert ann.land == "squatter" and s.city is not None and s.stage == "after"


def test_others_go_back_to_missouri_PJ_ROAD_BACK():
    s = road_position(Ann={"road": 34, "destination": "high_falls"},
                      Bo={"road": 30, "destination": "high_falls"},
                      Cy={"road": 10, "destination": "high_falls"})
    play(s, die("Ann", 5), act("Ann", "end_turn"))
    assert s.p["Bo"].road == 24 and s.p["Bo"].dest is None
    assert s.p["Cy"].road == 10 and s.p["Cy"].dest is None
    assert s.current == "Bo" and s.stage == "choose"
    refused(s, act("Bo", "choose_property", property="high_falls"), "illegal", "PJ-ROAD-CHOOSE")


# ------------------------------------------------------------------ Pioneer City and the almanac


def test_city_purchases_need_a_visit_PJ_CITY_VISIT():
    s = position({"Ann": squatter("green_valley", space=39), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")})
    place(s, "Ann", start_before(s, "Ann", "plain"))
    play(s, act("Ann", "advance"))
    refused(s, act("Ann", "buy_equipment", kind="harvest"), "illegal", "PJ-CITY-VISIT")
    s = position({"Ann": squatter("green_valley", space=36), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")})
    play(s, act("Ann", "advance"))                          # 4 steps: past the city
    assert s.city is not None
    play(s, act("Ann", "buy_equipment", kind="harvest", count=2))
    assert s.p["Ann"].harvest == 2 and s.p["Ann"].cash == 4000


def _past_the_city_onto(s, player: str, kind: str) -> None:
    """Place ``player`` so that this month's almanac move passes Pioneer City and ends on the
    first ``kind`` square after it."""
    n = steps(s, player)
    size = len(s.data.loop)
    target = next(i for i, k in enumerate(s.data.loop) if k == kind and 0 < i < n)
    place(s, player, (target - n) % size)


def test_harvest_sold_after_the_city_is_not_bought_back_PJ_CITY_VISIT():
    """Rulebook: "New cards may be bought the next time you visit Pioneer City." Cards sold on
    a square after the city, and the money they fetch, count at the next visit."""
    s = position({"Ann": squatter("green_valley", cash=0, harvest=3),
                  "Bo": squatter("buffalo_head"), "Cy": squatter("high_falls")},
                 month="1858-02")
    _past_the_city_onto(s, "Ann", "sell_crops")
    play(s, act("Ann", "advance"))
    ann = s.p["Ann"]
    assert ann.harvest == 0 and ann.cash > 0 and s.city is not None
    bad = refused(s, act("Ann", "buy_equipment", kind="harvest", count=1), "illegal",
                  "PJ-CITY-VISIT")
    assert "held 3 harvest" in bad.message
    assert not [e for e in GAME.legal_actions(s) if e.name == "buy_equipment"]


def test_money_that_came_after_the_city_pays_at_the_next_visit_PJ_CITY_VISIT():
    """The trading post "purchase can only be made when visiting Pioneer City": a post card
    paid on the square after the city does not pay for it in that move."""
    s = position({"Ann": squatter("green_valley", cash=6000), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")}, stacks={"post": ["post-01"]})
    _past_the_city_onto(s, "Ann", "post")
    play(s, act("Ann", "advance"), draw("post", "post-01"))   # the bank pays 2,000
    ann = s.p["Ann"]
    assert ann.cash == 8000 and s.city is not None and s.city.cash == 6000
    bad = refused(s, act("Ann", "buy_trading_post"), "illegal", "PJ-CITY-VISIT")
    assert "6000" in bad.message and "next visit" in bad.message
    assert "buy_trading_post" not in [e.name for e in GAME.legal_actions(s)]
    play(s, act("Ann", "buy_equipment", kind="axe", count=1))
    assert s.city.cash == 5500
    play(s, act("Ann", "buy_equipment", kind="harvest", count=2))  # paid from the 6,000
    assert ann.cash == 8000 - 1500 and s.city.cash == 4500


def test_equipment_one_per_field_PJ_EQUIP_BUY():
    s = position({"Ann": squatter("green_valley", space=36, cash=1200),
                  "Bo": squatter("buffalo_head"), "Cy": squatter("high_falls")})
    play(s, act("Ann", "advance"))
    refused(s, act("Ann", "buy_equipment", kind="axe", count=2), "illegal", "PJ-EQUIP-BUY")
    refused(s, act("Ann", "buy_equipment", kind="harvest", count=3), "illegal", "PJ-EQUIP-BUY")
    refused(s, act("Ann", "buy_equipment", kind="saw"), "schema", "PJ-EQUIP-BUY")
    legal = [(a.get("kind"), a.get("count")) for a in GAME.legal_actions(s)
             if a.name == "buy_equipment"]
    assert legal == [("harvest", 1), ("harvest", 2), ("axe", 1)]
    play(s, act("Ann", "buy_equipment", kind="axe"))
    assert s.p["Ann"].axe == 1 and s.p["Ann"].cash == 700


def test_time_starts_with_the_first_squatter_PJ_ALMANAC_START():
    s = road_position(Ann={"road": 34, "destination": "high_falls"},
                      Bo={"road": 34, "destination": "great_lakes"})
    play(s, die("Ann", 6))
    assert s.month == 0 and s.first == "Ann"
    play(s, act("Ann", "end_turn"), die("Bo", 6))
    assert s.month == 0 and s.first == "Ann"


def test_month_moves_on_first_squatters_turns_PJ_ALMANAC_ADVANCE():
    s = road_position(Ann={"road": 34, "destination": "high_falls"},
                      Bo={"road": 0, "destination": "great_lakes"},
                      Cy={"road": 0, "destination": "silent_forest"})
    play(s, die("Ann", 6), act("Ann", "end_turn"), die("Bo", 1), die("Cy", 1))
    assert s.month == 0                                     # the first almanac move uses January
    s.p["Ann"].skip = True
    play(s, act("Ann", "advance"), act("Ann", "end_turn"), die("Bo", 1), die("Cy", 1))
    assert s.month == 1 and s.current == "Bo"               # skipped, yet February came


def test_squatters_move_by_their_card_PJ_ALMANAC_MOVE():
    s = position()
    n = steps(s, "Ann")
    play(s, act("Ann", "advance"))
    assert s.p["Ann"].space == 1 + n
    assert s.data.properties["green_valley"].steps[s.month] == n


def test_advance_or_trail_PJ_ALMANAC_CHOICE():
    s = position()
    names = [a.name for a in GAME.legal_actions(s)]
    assert names == ["advance", "enter_trail", "enter_trail"]
    refused(s, act("Ann", "leave_trail"), "order", "PJ-ALMANAC-CHOICE")


def test_squares_act_only_when_landed_on_PJ_SPACE_LAND():
    s = position({"Ann": squatter("green_valley", harvest=3), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")})
    place(s, "Ann", start_before(s, "Ann", "plain"))       # passes no city, lands on plain
    start = s.p["Ann"].space
    crossed = s.data.loop[start + 1:start + steps(s, "Ann")]
    play(s, act("Ann", "advance"))
    assert s.p["Ann"].harvest == 3 or "sell_crops" not in crossed


def test_harvest_sale_PJ_SELL_CROPS():
    s = position({"Ann": squatter("green_valley", harvest=3), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")}, modifiers={"harvest": 300})
    place(s, "Ann", start_before(s, "Ann", "sell_crops"))
    play(s, act("Ann", "advance"))
    assert s.p["Ann"].harvest == 0
    assert s.p["Ann"].cash == 5000 + 3 * (s.data.harvest_prices[s.month] + 300)
    assert s.equipment_left("harvest") == 12 - 0


def test_timber_sale_PJ_SELL_TIMBER():
    s = position({"Ann": squatter("green_valley", axe=1), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")}, modifiers={"timber": -5000})
    place(s, "Ann", start_before(s, "Ann", "sell_timber"))
    play(s, act("Ann", "advance"))
    assert s.p["Ann"].axe == 0 and s.p["Ann"].cash == 5000   # the price never drops below 0


def test_redemption_after_the_first_lap_PJ_REDEEM():
    s = position({"Ann": squatter("green_valley", space=36, land="squatter"),
                  "Bo": squatter("buffalo_head", space=39, land="squatter", cash=100),
                  "Cy": squatter("high_falls")})
    play(s, act("Ann", "advance"))
    assert s.p["Ann"].land == "owner" and s.p["Ann"].cash == 1000
    play(s, act("Ann", "end_turn"), act("Bo", "advance"))
    assert s.p["Bo"].land == "defaulted" and s.p["Bo"].cash == 100


def test_full_value_later_PJ_REDEEM_FULL():
    s = position({"Ann": squatter("green_valley", space=36, land="defaulted", cash=13000),
                  "Bo": squatter("buffalo_head", space=38, cash=20000),
                  "Cy": squatter("high_falls")})
    play(s, act("Ann", "advance"), act("Ann", "buy_land"))
    assert s.p["Ann"].land == "owner" and s.p["Ann"].cash == 1000
    play(s, act("Ann", "end_turn"))
    place(s, "Bo", 39)
    play(s, act("Bo", "advance"))
    refused(s, act("Bo", "buy_land"), "illegal", "PJ-REDEEM-FULL")


# ------------------------------------------------------------------ cards


def at_post(cash=5000, **extra):
    s = position({"Ann": squatter("green_valley", cash=cash), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")}, **extra)
    place(s, "Ann", start_before(s, "Ann", "post"))
    play(s, act("Ann", "advance"))
    assert s.stage == "draw" and s.draw_stack == "post"
    return s


def test_landing_on_post_draws_PJ_CARD_DRAW():
    s = at_post()
    refused(s, act("Ann", "end_turn"), "order", "PJ-SETUP-STACKS")
    play(s, draw("post", "post-02"))
    assert s.p["Ann"].cash == 4000 and s.discards["post"] == ["post-02"]


def test_reshuffle_when_empty_PJ_CARD_RESHUFFLE():
    s = position(stacks={"post": []})
    assert len(s.discards["post"]) == 12
    place(s, "Ann", start_before(s, "Ann", "post"))
    play(s, act("Ann", "advance"))
    assert s.stage == "draw" and len(s.stacks["post"]) == 12 and not s.discards["post"]
    play(s, draw("post", "post-03"))
    assert "post-03" in s.discards["post"] and len(s.stacks["post"]) == 11


def test_short_payment_PJ_PAY_SHORT():
    s = at_post(cash=300)
    play(s, draw("post", "post-02"))                        # pay the doctor 1,000
    assert s.p["Ann"].cash == 0


def test_post_payments_PJ_POST_MONEY():
    s = at_post()
    play(s, draw("post", "post-04"))                        # collect 300 from each
    assert (s.p["Ann"].cash, s.p["Bo"].cash, s.p["Cy"].cash) == (5600, 4700, 4700)
    s = at_post()
    play(s, draw("post", "post-11"))                        # 1,000 into the Saloon
    assert s.p["Ann"].cash == 4000 and s.saloon == 11000


def test_post_skip_PJ_POST_SKIP():
    s = at_post()
    play(s, draw("post", "post-07"))
    assert s.p["Ann"].skip


def test_sheriff_card_is_kept_PJ_POST_SHERIFF():
    s = at_post()
    play(s, draw("post", "post-08"))
    assert s.p["Ann"].sheriff and s.p["Ann"].kept == ["post-08"]
    assert "post-08" not in s.discards["post"]


def at_proclamation(**extra):
    s = position(**extra)
    place(s, "Ann", start_before(s, "Ann", "proclamation"))
    play(s, act("Ann", "advance"))
    assert s.stage == "draw" and s.draw_stack == "proclamation"
    return s


def test_price_proclamation_PJ_PROC_PRICE():
    s = at_proclamation()
    play(s, draw("proclamation", "proclamation-01"))
    assert s.modifiers == {"harvest": 300}
    s.p["Ann"].harvest = 1
    price = s.data.harvest_prices[s.month] + 300
    from referee.model.pionjar.bank import sell_equipment
    assert sell_equipment(s, "Ann", "harvest", ignore) == price


def test_price_changes_last_the_year_PJ_PROC_DURATION():
    s = position(month="1859-12", modifiers={"harvest": 300, "fish": -100}, turn="Bo")
    step(s)
    assert s.modifiers
    play_until(s, 24)
    assert s.month == 24 and s.modifiers == {}


def test_tax_proclamation_PJ_PROC_TAX():
    s = at_proclamation()
    play(s, draw("proclamation", "proclamation-12"))
    assert [s.p[n].cash for n in s.players] == [4500, 4500, 4500]
    assert s.bank_received == 1500


def test_indians_come_and_go_PJ_PROC_INDIAN():
    s = at_proclamation(indians=[["hunting", 5], ["hunting", 14]])
    play(s, draw("proclamation", "proclamation-10"))
    assert s.indians == [("hunting", 14), ("fishing", 12)]
    s = at_proclamation(indians=[["hunting", 5]])
    play(s, draw("proclamation", "proclamation-11"))
    assert s.indians == []


# ------------------------------------------------------------------ trails


def test_enter_a_trail_PJ_TRAIL_ENTER():
    s = position()
    play(s, act("Ann", "enter_trail", trail="hunting"))
    assert s.p["Ann"].where == "trail" and s.stage == "trail_roll"
    refused(s, act("Ann", "enter_trail", trail="fishing"), "order", "PJ-TRAIL-DIE")
    refused(position(), act("Ann", "enter_trail", trail="river"), "schema", "PJ-TRAIL-ENTER")


def on_trail(circle, spoils=(), **extra):
    players = {"Ann": squatter("green_valley", where="trail", trail="hunting", circle=circle,
                               spoils=list(spoils)),
               "Bo": squatter("buffalo_head"), "Cy": squatter("high_falls")}
    players["Ann"]["where"] = "trail"
    return position(players, **extra)


def test_trail_moves_by_die_and_stops_at_the_end_PJ_TRAIL_DIE():
    s = on_trail(18, month="1859-03")
    s.stage = "trail_roll"
    play(s, die("Ann", 6))
    assert s.p["Ann"].circle == 20


def test_buffalo_circle_gives_a_card_PJ_TRAIL_CARD():
    s = position()
    play(s, act("Ann", "enter_trail", trail="hunting"), die("Ann", 2))
    assert s.stage == "draw" and s.draw_stack == "buffalo"
    refused(s, draw("fish", "fish-01"), "chance", "PJ-SETUP-STACKS")
    play(s, draw("buffalo", "buffalo-24"))
    assert s.p["Ann"].spoils == ["buffalo-24"]


def test_leaving_a_trail_PJ_TRAIL_LEAVE():
    s = on_trail(10)
    assert [a.name for a in GAME.legal_actions(s)] == ["leave_trail", "roll"]
    n = steps(s, "Ann")
    play(s, act("Ann", "leave_trail"))
    assert s.p["Ann"].where == "loop" and s.p["Ann"].space == 11 + n
    s = on_trail(20)
    refused(s, act("Ann", "roll"), "illegal", "PJ-TRAIL-LEAVE")
    refused(s, act("Ann", "advance"), "order", "PJ-TRAIL-LEAVE")


def test_landing_on_an_indian_PJ_INDIAN_LAND():
    s = on_trail(10, spoils=["buffalo-01", "gold-06"], indians=[["hunting", 14]])
    play(s, act("Ann", "roll"), die("Ann", 4))
    assert s.p["Ann"].spoils == [] and s.p["Ann"].cash == 5000


def test_passing_an_indian_PJ_INDIAN_PASS():
    s = on_trail(10, spoils=["buffalo-01", "gold-06"], indians=[["hunting", 14]])
    play(s, act("Ann", "roll"), die("Ann", 5))               # past 14, onto 15 (buffalo)
    assert s.p["Ann"].cash == 5000 + (1000 + 10000) // 2
    assert s.stage == "draw" and s.draw_stack == "buffalo"


def test_lost_cards_leave_the_game_PJ_INDIAN_CARDS():
    s = on_trail(10, spoils=["buffalo-01"], indians=[["hunting", 14]])
    play(s, act("Ann", "roll"), die("Ann", 5))
    assert "buffalo-01" in s.removed
    bad = refused(s, draw("buffalo", "buffalo-01"), "chance", "PJ-SETUP-STACKS")
    assert "left the game" in bad.message


def test_spoils_sale_PJ_SELL_SPOILS():
    s = position({"Ann": squatter("green_valley", spoils=["buffalo-01", "fish-01", "gold-01"]),
                  "Bo": squatter("buffalo_head"), "Cy": squatter("high_falls")},
                 modifiers={"buffalo": 500})
    place(s, "Ann", start_before(s, "Ann", "sell_spoils"))
    play(s, act("Ann", "advance"))
    assert s.p["Ann"].spoils == [] and s.p["Ann"].cash == 5000 + 1500 + 300 + 2000
    assert set(s.removed) == {"buffalo-01", "fish-01", "gold-01"}


def test_fur_trappers_pay_half_PJ_FUR_TRAPPER():
    for sheriff, paid in ((False, 1000), (True, 2000)):
        s = position({"Ann": squatter("green_valley", sheriff=sheriff,
                                      spoils=["buffalo-13", "fish-01"]),
                      "Bo": squatter("buffalo_head"), "Cy": squatter("high_falls")},
                     modifiers={"buffalo": 500})
        place(s, "Ann", start_before(s, "Ann", "fur_trapper"))
        play(s, act("Ann", "advance"))
        assert s.p["Ann"].spoils == ["fish-01"] and s.p["Ann"].cash == 5000 + paid


# ------------------------------------------------------------------ the Saloon


def after_move(**extra):
    s = position(**extra)
    place(s, "Ann", start_before(s, "Ann", "plain"))
    play(s, act("Ann", "advance"))
    assert s.stage == "after"
    return s


def test_saloon_once_per_turn_PJ_SALOON_WHEN():
    s = position({"Ann": squatter("green_valley", space=36), "Bo": squatter("buffalo_head"),
                  "Cy": squatter("high_falls")})
    play(s, act("Ann", "advance"), act("Ann", "gamble", stake=100), die("Ann", 1))
    assert s.stage == "after"
    refused(s, act("Ann", "gamble", stake=100), "illegal", "PJ-SALOON-WHEN")
    s = road_position(Ann={"road": 0, "destination": "high_falls"})
    refused(s, act("Ann", "gamble", stake=100), "order", "PJ-ROAD-DIE")


def test_stake_within_cash_PJ_SALOON_STAKE():
    s = after_move()
    refused(s, act("Ann", "gamble", stake=5001), "illegal", "PJ-SALOON-STAKE")
    refused(s, act("Ann", "gamble", stake=0), "illegal", "PJ-SALOON-STAKE")
    refused(s, act("Ann", "gamble", stake="all"), "schema", "PJ-SALOON-STAKE")
    play(s, act("Ann", "gamble", stake=4321))
    assert s.p["Ann"].cash == 679


@pytest.mark.parametrize(("value", "cash", "saloon"), [
    (1, 5000, 10000), (2, 7000, 8000), (3, 4000, 11000), (6, 11000, 4000)])
def test_saloon_outcomes_PJ_SALOON_ROLL(value, cash, saloon):
    s = after_move()
    play(s, act("Ann", "gamble", stake=1000), die("Ann", value))
    assert (s.p["Ann"].cash, s.saloon) == (cash, saloon)


def test_saloon_payout_cap_and_claim_PJ_SALOON_ROLL():
    s = after_move(saloon=20000)
    play(s, act("Ann", "gamble", stake=5000))
    bad = refused(s, die("Ann", 6, payout=35000), "chance", "PJ-SALOON-ROLL")
    assert "25000" in bad.message
    play(s, die("Ann", 6, payout=25000))
    assert s.saloon == 0 and s.p["Ann"].cash == 25000


def test_january_top_up_PJ_SALOON_JANUARY():
    s = position(month="1858-12", turn="Bo")
    play_until(s, 12)
    assert s.month == 12 and s.saloon == 20000


def test_january_1858_is_paid_when_time_starts_PJ_SALOON_JANUARY():
    """Rulebook: the Saloon starts with 10,000, "in addition, the bank pays 10,000 into the
    saloon every January", and time starts in January 1858: the Saloon holds 20,000 then."""
    s = GAME.new_state(["Ann", "Bo"])
    play(s, GAME.chance_outcomes(s)[0][0], act("Ann", "choose_property", property="high_falls"))
    s.p["Ann"].road = s.data.road_length - 1
    paid = s.bank_paid
    noted: list[str] = []
    GAME.apply(s, die("Ann", 1), noted.append)
    assert s.month == 0 and s.first == "Ann"
    assert s.saloon == 20000 and s.bank_paid == paid + 10000
    assert "PJ-SALOON-JANUARY" in noted and "PJ-ALMANAC-START" in noted
    play(s, act("Ann", "end_turn"), act("Bo", "choose_property", property="green_valley"))
    s.p["Bo"].road = s.data.road_length - 1
    play(s, die("Bo", 1))
    assert s.p["Bo"].prop == "green_valley" and s.saloon == 20000  # paid once


def test_renting_the_saloon_PJ_SALOON_RENT():
    s = at_post(month="1859-12")
    play(s, draw("post", "post-09"))
    assert s.stage == "lease"
    assert [a.name for a in GAME.legal_actions(s)] == ["rent_saloon", "decline_saloon"]
    refused(s, act("Bo", "rent_saloon"), "order", "PJ-TURN-ORDER")
    play(s, act("Ann", "rent_saloon"), act("Ann", "end_turn"))
    assert s.renter == "Ann" and s.p["Ann"].cash == 3000
    pot = s.saloon
    play_until(s, 24)
    assert s.renter is None and s.p["Ann"].cash >= 3000 + pot
    assert s.saloon >= 10000 and "post-09" in s.discards["post"]


PREFERRED = ("advance", "end_turn", "leave_trail", "decline_saloon", "pass")


def step(s):
    """One event by a plain policy: first chance outcome, else a preferred decision."""
    outcomes = GAME.chance_outcomes(s)
    if outcomes:
        play(s, outcomes[0][0])
        return
    legal = GAME.legal_actions(s)
    play(s, next((a for a in legal if a.name in PREFERRED), legal[0]))


def play_until(s, month):
    """Play until the almanac reaches ``month`` (an index) or the game ends."""
    while not GAME.is_over(s) and s.month < month and s.stage != "rolloff":
        step(s)


def test_final_roll_for_the_saloon_PJ_SALOON_FINAL():
    s = position(month="1862-12", turn="Bo", start_player="Ann")
    play_until(s, 60)
    assert s.stage == "rolloff" and GAME.chance_outcomes(s)[0][0].get("player") == "Ann"
    pot = s.saloon
    play(s, die("Ann", 3))
    refused(s, die("Cy", 3), "order", "PJ-SALOON-FINAL")
    play(s, die("Bo", 5), die("Cy", 2))
    assert GAME.is_over(s) and s.final_saloon == "Bo" and s.saloon == 0
    assert s.p["Bo"].cash >= pot
    s = position(month="1862-12", turn="Bo", saloon_renter="Cy")
    pot = s.saloon
    cash = s.p["Cy"].cash
    play_until(s, 60)
    assert GAME.is_over(s) and s.final_saloon == "Cy" and s.p["Cy"].cash >= cash + pot


def test_tied_final_rolls_roll_again_PJ_SALOON_FINAL_TIE():
    s = position(month="1862-12", turn="Bo", start_player="Ann")
    play_until(s, 60)
    play(s, die("Ann", 6), die("Bo", 2), die("Cy", 6))
    assert s.stage == "rolloff" and s.rolloff == ["Ann", "Cy"]
    play(s, die("Ann", 1), die("Cy", 4))
    assert s.final_saloon == "Cy"


# ------------------------------------------------------------------ trading post and auctions


def test_trading_post_PJ_TRADING_POST():
    s = position({"Ann": squatter("green_valley", space=36, cash=9000),
                  "Bo": squatter("buffalo_head", space=38, cash=9000),
                  "Cy": squatter("high_falls")})
    play(s, act("Ann", "advance"), act("Ann", "buy_trading_post"), act("Ann", "end_turn"))
    assert s.trading_post == "Ann" and s.p["Ann"].cash == 2000
    place(s, "Bo", 39)
    play(s, act("Bo", "advance"))
    refused(s, act("Bo", "buy_trading_post"), "illegal", "PJ-TRADING-POST")


def auction(**extra):
    s = at_proclamation(**extra)
    play(s, draw("proclamation", "proclamation-08"))        # two gold cards
    return s


def test_auction_starts_PJ_AUCTION_START():
    s = auction()
    assert s.stage == "bid" and s.auction.goods == "gold" and s.auction.left == 2
    assert s.auction.auctioneer == "Ann"                    # the banker (first seat)
    s = auction(stacks={"gold": ["gold-03"]})
    assert s.auction.left == 1


def test_bidding_order_PJ_AUCTION_ORDER():
    s = auction(options={"banker": "Bo"})
    assert s.auction.order == ("Cy", "Ann", "Bo") and s.actor() == "Cy"
    refused(s, act("Ann", "bid", amount=100), "order", "PJ-TURN-ORDER")
    play(s, act("Cy", "pass"), act("Ann", "bid", amount=100), act("Bo", "pass"))
    assert s.stage == "draw" and s.auction.winner == "Ann"
    s = auction(trading_post="Bo")
    assert s.auction.auctioneer == "Bo" and s.auction.order == ("Cy", "Ann")
    play(s, act("Cy", "pass"), act("Ann", "pass"))          # unsold: the next card
    assert s.auction.left == 1 and len(s.stacks["gold"]) == 6


def test_bids_cash_only_PJ_AUCTION_BID():
    s = auction()
    play(s, act("Bo", "bid", amount=1000))
    refused(s, act("Cy", "bid", amount=1000), "illegal", "PJ-AUCTION-BID")
    refused(s, act("Cy", "bid", amount=5001), "illegal", "PJ-AUCTION-BID")


def test_winner_pays_and_receives_PJ_AUCTION_PAY():
    s = auction(trading_post="Cy")
    play(s, act("Ann", "bid", amount=3000), act("Bo", "pass"))
    assert s.p["Ann"].cash == 2000 and s.p["Cy"].cash == 8000
    play(s, draw("gold", "gold-06"))
    assert s.p["Ann"].spoils == ["gold-06"] and s.stage == "bid"
    play(s, act("Ann", "pass"), act("Bo", "bid", amount=100), draw("gold", "gold-01"))
    assert s.auction is None and s.stage == "after" and s.p["Cy"].cash == 8100
    s = auction()
    play(s, act("Bo", "bid", amount=500), act("Cy", "pass"), act("Ann", "pass"))
    assert s.bank_received == 500


# ------------------------------------------------------------------ prison and the end


def test_two_months_in_prison_PJ_PRISON():
    s = position()
    place(s, "Ann", start_before(s, "Ann", "jail"))
    play(s, act("Ann", "advance"))
    ann = s.p["Ann"]
    assert ann.where == "prison" and ann.prison_until == 17 and s.current == "Bo"
    refused(s, act("Ann", "advance"), "order", "PJ-TURN-ORDER")
    play_until(s, 16)
    assert ann.where == "prison" and ann.prison_served == 2 and s.current == "Bo"
    play_until(s, 17)
    assert s.month == 17 and s.current == "Ann" and s.stage == "turn"
    assert ann.where == "loop" and ann.space == s.data.prison_exit and ann.prison_served == 2


def test_game_ends_after_the_last_month_PJ_END_MONTH():
    s = position(month="1862-12", turn="Bo", saloon=0)
    refused(s, Phase.make("end"), "schema", "PJ-VOCAB")
    play_until(s, 60)
    assert GAME.is_over(s) and s.month == 59
    assert GAME.legal_actions(s) == [] and GAME.chance_outcomes(s) == []
    refused(s, act("Ann", "advance"), "order", "PJ-END-MONTH")


def test_agreed_earlier_end_PJ_END_EARLY():
    s = position(month="1860-06", turn="Bo", options={"end": "1860-06"})
    assert s.end_month == 29
    play_until(s, 60)
    assert s.stage == "rolloff"
    with pytest.raises(RuleViolation) as err:
        GAME.new_state(["Ann", "Bo"], {"end": "1863-01"})
    assert err.value.violation.rule == "PJ-END-EARLY"


def test_capital_and_winners_PJ_SCORE_CAPITAL():
    s = position({"Ann": squatter("green_valley", cash=1000, spoils=["gold-06", "fish-12"]),
                  "Bo": squatter("golden_mountains", cash=16200),
                  "Cy": squatter("high_falls", cash=0, land="defaulted")})
    sc = GAME.score(s)
    assert dict(sc["Ann"].parts) == {"land": 12000, "gold": 10000, "spoils": 1200, "cash": 1000}
    assert sc["Ann"].total == 24200 == sc["Bo"].total
    assert GAME.winners(s) == ["Ann", "Bo"]


def test_land_counts_only_when_owned_PJ_SCORE_LAND():
    s = position({"Ann": squatter("green_valley", land="squatter", harvest=3),
                  "Bo": squatter("buffalo_head", land="defaulted"),
                  "Cy": squatter("high_falls")}, trading_post="Ann")
    sc = GAME.score(s)
    assert sc["Ann"].parts["land"] == 0 and sc["Ann"].total == 5000
    assert sc["Bo"].parts["land"] == 0 and sc["Cy"].parts["land"] == 10000


def test_bundled_data_is_marked_as_reconstruction_PJ_DATA():
    s = GAME.new_state(["Ann", "Bo"])
    assert s.data.status == "reconstruction" and s.data.source == "reconstruction"
    with pytest.raises(RuleViolation) as err:
        GAME.new_state(["Ann", "Bo"], {"data": "no-such-set"})
    assert err.value.violation.rule == "PJ-DATA" and "no-such-set" in str(err.value)
