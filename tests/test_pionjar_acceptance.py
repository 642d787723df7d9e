"""Pionjär against its rulebook alone: small logs in the public log format, each pinned to the
rule a statement of the rulebook concerns, played both ways where the rulebook allows both (the
legal form valid, the illegal form refused at its line with its kind and rule id). Each test
quotes the rulebook lines it reads. The bundled numbers are a reconstruction (PJ-DATA): the tests
read the board, the almanac and the prices from the data set and test the rules, not the
numbers; where the rulebook is silent, the test names the project's decision it tests."""

from __future__ import annotations

import json
from typing import Any

from referee.api import validate_text
from referee.model.pionjar import GAME
from referee.replays.validator import FileReport
from tests.logs import check, refused, valid, verdict
from tests.pionjar_helpers import squatter

P3 = ["Ann", "Bo", "Cy"]
DATA = GAME.new_state(P3).data
MARCH_1859 = 14  # the month index of "1859-03", the positions' month


def act(p: str, action: str, **params: Any) -> dict[str, Any]:
    return {"player": p, "action": action, **params}


def die(p: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"chance": "die", "player": p, "value": value, **extra}


def draw(stack: str, card: str) -> dict[str, Any]:
    return {"chance": "draw", "stack": stack, "card": card}


def owners(**players: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every player an owner on square 1 of the loop (Ann Green Valley, Bo Buffalo Head, Cy High
    Falls), with the changes given."""
    props = {"Ann": "green_valley", "Bo": "buffalo_head", "Cy": "high_falls"}
    return {p: {**squatter(props[p]), **players.get(p, {})} for p in P3}


def pos(players: dict[str, dict[str, Any]] | None = None, turn: str = "Ann",
        month: str | None = "1859-03", first: str | None = "Ann",
        **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"turn": turn, "players": players or owners(), **extra}
    if month is not None:
        out["month"], out["first_squatter"] = month, first
    return out


def road(**players: dict[str, Any]) -> dict[str, Any]:
    """Before time starts: everybody on the road at dot 0, with the changes given."""
    return pos({p: {"road": 0, **players.get(p, {})} for p in P3}, month=None)


def log(*events: dict[str, Any], position: dict[str, Any] | None = None,
        players: list[str] | None = None, options: dict[str, Any] | None = None) -> FileReport:
    return verdict("pionjar", players or P3, *events, position=position, options=options)


def steps(prop: str = "green_valley", month: int = MARCH_1859) -> int:
    return DATA.properties[prop].steps[month]


def square_before(kind: str, prop: str = "green_valley", month: int = MARCH_1859) -> int:
    """A square from which the month's almanac move ends on a ``kind`` square without reaching
    Pioneer City (square 0)."""
    n = steps(prop, month)
    return next(t - n for t, k in enumerate(DATA.loop) if k == kind and t - n >= 1)


def square_past_city(kind: str, prop: str = "green_valley", month: int = MARCH_1859) -> int:
    """A square from which the month's almanac move passes Pioneer City and ends on the first
    ``kind`` square after it."""
    n = steps(prop, month)
    target = next(i for i, k in enumerate(DATA.loop) if k == kind and 0 < i < n)
    return (target - n) % len(DATA.loop)


# --------------------------------------------------------------------------- preparation


# "2 to 6 persons can take part in the game."
def test_two_to_six_players() -> None:  # PJ-SETUP-PLAYERS
    valid(log({"chance": "start_player", "player": "Ann"}, players=["Ann", "Bo"]))
    six = ["A", "B", "C", "D", "E", "F"]
    valid(log({"chance": "start_player", "player": "F"}, players=six))
    assert "2 to 6" in refused(log(players=[*six, "G"]), 1, "schema", "LOG-PLAYERS")
    refused(log(players=["Ann"]), 1, "schema", "LOG-PLAYERS")


# "Place 10,000 at the Saloon on the game board. Give each player 5,000 as starting capital ...
# The prairie schooners are set up on the starting space."
def test_five_thousand_each_and_ten_thousand_in_the_saloon() -> None:  # PJ-SETUP-PLAYERS
    start = {"chance": "start_player", "player": "Bo"}
    valid(log(start, check(saloon=10000, month=-1, turn="Bo",
                           Ann={"cash": 5000, "road": 0, "where": "road"})))
    refused(log(start, check(Cy={"cash": 5500})), 3, "checkpoint", "LOG-CHECK-VALUE")


# The rulebook names no start player: the project's decision is a chance event, then clockwise.
def test_the_start_player_is_drawn_then_turns_go_clockwise() -> None:  # PJ-SETUP-START
    events = [{"chance": "start_player", "player": "Bo"},
              act("Bo", "choose_property", property="high_falls"), die("Bo", 2)]
    valid(log(*events, check(turn="Cy")))
    refused(log(*events, act("Ann", "choose_property", property="green_valley")),
            5, "order", "PJ-TURN-ORDER")
    refused(log(act("Ann", "choose_property", property="green_valley")), 2, "order",
            "PJ-SETUP-START")


# --------------------------------------------------------------------------- the road


# "Movement takes place with the help of the die, and you always move the number of steps the
# die shows."
def test_on_the_road_a_player_moves_exactly_the_die() -> None:  # PJ-ROAD-DIE, PJ-CHANCE-DIE
    start = road(Ann={"destination": "high_falls"})
    valid(log(die("Ann", 3), check(Ann={"road": 3}, turn="Bo"), position=start))
    refused(log(die("Ann", 7), position=start), 2, "chance", "PJ-CHANCE-DIE")
    refused(log(die("Ann", 0), position=start), 2, "chance", "PJ-CHANCE-DIE")
    refused(log(die("Bo", 3), position=start), 2, "order", "PJ-ROAD-DIE")


# "Black dot: If you land on a black dot ... you are forced to skip a turn to repair it."
def test_a_black_dot_skips_the_next_turn() -> None:  # PJ-ROAD-BLACK
    black = min(DATA.road_black)
    start = road(Ann={"road": black - 2, "destination": "high_falls"},
                 Bo={"destination": "great_lakes"}, Cy={"destination": "silent_forest"})
    events = [die("Ann", 2), die("Bo", 1), die("Cy", 1)]
    valid(log(*events, check(turn="Bo", Ann={"road": black}), die("Bo", 1), position=start))
    refused(log(*events, die("Ann", 1), position=start), 5, "order", "PJ-ROAD-DIE")
    # passing a black dot costs nothing
    valid(log(die("Ann", 3), die("Bo", 1), die("Cy", 1), die("Ann", 1), position=start))


# "Red dot: If you land on a red dot, you have been lucky and found a good road, and you may
# move five extra steps." (Decision: the dot the extra steps reach has no further effect.)
def test_a_red_dot_gives_five_extra_steps() -> None:  # PJ-ROAD-RED
    red = min(DATA.road_red)
    start = road(Ann={"road": red - 1, "destination": "high_falls"})
    valid(log(die("Ann", 1), check(Ann={"road": red + DATA.red_dot_steps, "skip": 0}),
              position=start))
    refused(log(die("Ann", 1), check(Ann={"road": red}), position=start),
            3, "checkpoint", "LOG-CHECK-VALUE")


# "In Missouri the players divide up into the various properties ... If several players head for
# the same property, the one who arrives first naturally gets it, while the others must go back
# and look for other properties." (Decision: back to Missouri, nothing else lost.)
def test_the_first_to_arrive_takes_the_property_the_others_look_again() -> None:
    # PJ-ROAD-ARRIVE, PJ-ROAD-BACK, PJ-ROAD-CHOOSE
    end = DATA.road_common + DATA.road_branch
    start = road(Ann={"road": end - 2, "destination": "high_falls"},
                 Bo={"road": end - 6, "destination": "high_falls"})
    arrive = [die("Ann", 2), act("Ann", "end_turn")]
    valid(log(*arrive, check(Ann={"property": "high_falls", "registered": 1, "where": "loop",
                                  "land": "squatter"},
                             Bo={"road": DATA.road_common, "destination": None}, turn="Bo"),
              act("Bo", "choose_property", property="great_lakes"), position=start))
    refused(log(*arrive, act("Bo", "choose_property", property="high_falls"), position=start),
            4, "illegal", "PJ-ROAD-CHOOSE")
    refused(log(act("Ann", "choose_property", property="high_falls"), position=start),
            2, "order", "PJ-ROAD-DIE")  # a destination named stands


# "Time counting begins as soon as the first person reaches a property and claims it ... A marker
# peg ... in the hole ... that marks January 1858"; "the bank pays 10,000 into the saloon every
# January" (decision: January 1858 included, paid when time starts).
def test_time_starts_in_january_1858_with_the_first_squatter() -> None:
    # PJ-ALMANAC-START, PJ-SALOON-JANUARY
    end = DATA.road_common + DATA.road_branch
    start = road(Ann={"road": end - 1, "destination": "high_falls"},
                 Bo={"road": end - 1, "destination": "great_lakes"})
    valid(log(check(month=-1, saloon=10000), die("Ann", 1),
              check(month="1858-01", first_squatter="Ann", saloon=20000),
              act("Ann", "end_turn"), die("Bo", 1),
              check(month="1858-01", first_squatter="Ann", saloon=20000), position=start))
    refused(log(die("Ann", 1), check(month="1858-02"), position=start),
            3, "checkpoint", "PJ-ALMANAC-ADVANCE")


# --------------------------------------------------------------------------- Pioneer City


# "At the Land Office you 'register' your claim ... buy equipment and tools ... three cards with
# a harvest scythe and one with an axe, at 500 for each card."
def test_equipment_is_bought_at_registration_500_a_card_one_per_field() -> None:
    # PJ-EQUIP-BUY, PJ-CITY-VISIT
    prop = DATA.properties["green_valley"]
    end = DATA.road_common + DATA.road_branch
    start = road(Ann={"road": end - 1, "destination": "green_valley"})
    arrive = die("Ann", 1)
    price = DATA.equipment_price
    valid(log(arrive, act("Ann", "buy_equipment", kind="harvest", count=prop.fields),
              act("Ann", "buy_equipment", kind="axe", count=prop.stands),
              check(Ann={"harvest": prop.fields, "axe": prop.stands,
                         "cash": 5000 - price * (prop.fields + prop.stands)}), position=start))
    assert price == 500
    refused(log(arrive, act("Ann", "buy_equipment", kind="harvest", count=prop.fields + 1),
                position=start), 3, "illegal", "PJ-EQUIP-BUY")
    refused(log(arrive, act("Ann", "buy_equipment", kind="axe", count=prop.stands + 1),
                position=start), 3, "illegal", "PJ-EQUIP-BUY")


# "New cards may be bought the next time you visit Pioneer City."
def test_equipment_only_while_visiting_pioneer_city() -> None:  # PJ-CITY-VISIT, PJ-EQUIP-BUY
    away = pos(owners(Ann={"space": square_before("plain")}))
    refused(log(act("Ann", "advance"), act("Ann", "buy_equipment", kind="harvest"),
                position=away), 3, "illegal", "PJ-CITY-VISIT")
    through = pos(owners(Ann={"space": square_past_city("plain")}))
    valid(log(act("Ann", "advance"), act("Ann", "buy_equipment", kind="harvest"),
              check(Ann={"harvest": 1, "cash": 4500}), position=through))


# "The price is 7,000, and a purchase can only be made when visiting Pioneer City. Whoever buys it
# keeps it for the rest of the game".
def test_the_trading_post_costs_7000_in_pioneer_city_only() -> None:  # PJ-TRADING-POST
    rich = {"cash": 8000}
    through = pos(owners(Ann={"space": square_past_city("plain"), **rich}))
    valid(log(act("Ann", "advance"), act("Ann", "buy_trading_post"),
              check(trading_post="Ann", Ann={"cash": 1000, "owns_trading_post": 1}),
              position=through))
    away = pos(owners(Ann={"space": square_before("plain"), **rich}))
    refused(log(act("Ann", "advance"), act("Ann", "buy_trading_post"), position=away),
            3, "illegal", "PJ-CITY-VISIT")
    owned = pos(owners(Ann={"space": square_past_city("plain"), **rich}), trading_post="Bo")
    refused(log(act("Ann", "advance"), act("Ann", "buy_trading_post"), position=owned),
            3, "illegal", "PJ-TRADING-POST")
    poor = pos(owners(Ann={"space": square_past_city("plain"), "cash": 6999}))
    refused(log(act("Ann", "advance"), act("Ann", "buy_trading_post"), position=poor),
            3, "illegal", "PJ-TRADING-POST")


# --------------------------------------------------------------------------- the almanac


# "he moves clockwise around the board on the square spaces, as many steps as the number given
# for January 1858 on his property card. When it is his turn again, the marker peg is moved to
# February 1858 ... Players who are still on their way ... start in the month that is currently
# marked".
def test_squatters_move_by_the_months_number_on_their_own_card() -> None:
    # PJ-ALMANAC-MOVE, PJ-ALMANAC-ADVANCE
    # Each starts where the month's move ends on a plain square.
    at = {p: square_before("plain", prop) for p, prop in
          (("Ann", "green_valley"), ("Bo", "buffalo_head"), ("Cy", "high_falls"))}
    start = pos(owners(**{p: {"space": s} for p, s in at.items()}))
    n_ann, n_bo = steps("green_valley"), steps("buffalo_head")
    turns = [act("Ann", "advance"), act("Ann", "end_turn"), act("Bo", "advance"),
             act("Bo", "end_turn"), act("Cy", "advance"), act("Cy", "end_turn")]
    valid(log(*turns, check(month="1859-04", turn="Ann",
                            Ann={"space": at["Ann"] + n_ann}, Bo={"space": at["Bo"] + n_bo}),
              position=start))
    refused(log(*turns, check(month="1859-03"), position=start),
            8, "checkpoint", "PJ-ALMANAC-ADVANCE")


# "Time never stands still. If the first squatter should ever have to skip a move, the marker is
# nevertheless moved forward one month at the point when he would have moved".
def test_the_month_moves_on_even_when_the_first_squatter_skips() -> None:  # PJ-ALMANAC-ADVANCE
    cy = square_before("plain", "high_falls")
    start = pos(owners(Ann={"skip": True}, Cy={"space": cy}), turn="Cy")
    events = [act("Cy", "advance"), act("Cy", "end_turn")]
    valid(log(*events, check(month="1859-04", turn="Bo", Ann={"skip": 0}), position=start))
    refused(log(*events, act("Ann", "advance"), position=start), 4, "order", "PJ-TURN-ORDER")


# --------------------------------------------------------------------------- selling


# "whenever you come to a space with the order 'sell' and ... a harvest scythe ... You must then
# sell, and you receive the prices stated ... check the month and year on the almanac ... Prices
# may further be raised or lowered by proclamations. When selling, you return the cards to the
# bank."
def test_harvest_is_sold_compulsorily_at_the_months_price() -> None:  # PJ-SELL-CROPS
    start = pos(owners(Ann={"space": square_before("sell_crops"), "harvest": 3}))
    price = DATA.harvest_prices[MARCH_1859]
    valid(log(act("Ann", "advance"), check(Ann={"harvest": 0, "cash": 5000 + 3 * price}),
              position=start))
    raised = pos(owners(Ann={"space": square_before("sell_crops"), "harvest": 3}),
                 modifiers={"harvest": 300})
    valid(log(act("Ann", "advance"), check(Ann={"cash": 5000 + 3 * (price + 300)}),
              position=raised))


def test_timber_is_sold_compulsorily_at_the_months_price() -> None:  # PJ-SELL-TIMBER
    start = pos(owners(Ann={"space": square_before("sell_timber"), "axe": 1}))
    price = DATA.timber_prices[MARCH_1859]
    valid(log(act("Ann", "advance"), check(Ann={"axe": 0, "cash": 5000 + price}),
              position=start))


# "As soon as you have completed this lap, you must redeem the property ... If you do not have
# enough money ... you may nevertheless continue to farm the land, and you may later become its
# owner. You are, however, then forced to pay the property's full value".
def test_the_property_is_redeemed_after_the_first_lap_or_bought_later_in_full() -> None:
    # PJ-REDEEM, PJ-REDEEM-FULL
    prop = DATA.properties["green_valley"]
    where = square_past_city("plain")
    lap = pos(owners(Ann={"space": where, "land": "squatter"}))
    valid(log(act("Ann", "advance"), check(Ann={"land": "owner",
                                                "cash": 5000 - prop.redemption}),
              position=lap))
    short = pos(owners(Ann={"space": where, "land": "squatter",
                            "cash": prop.redemption - 1}))
    valid(log(act("Ann", "advance"), check(Ann={"land": "defaulted",
                                                "cash": prop.redemption - 1}),
              position=short))
    refused(log(act("Ann", "advance"), act("Ann", "buy_land"), position=short),
            3, "illegal", "PJ-REDEEM-FULL")
    later = pos(owners(Ann={"space": where, "land": "defaulted", "cash": prop.full_value}))
    valid(log(act("Ann", "advance"), act("Ann", "buy_land"),
              check(Ann={"land": "owner", "cash": 0}), position=later))
    assert prop.full_value > prop.redemption


# --------------------------------------------------------------------------- post and trails


# "When you come to a space with one of these markings, take the top card of the corresponding
# stack and follow its instructions."
def test_a_post_square_draws_a_post_card() -> None:  # PJ-CARD-DRAW, PJ-SETUP-STACKS
    start = pos(owners(Ann={"space": square_before("post")}))
    refused(log(act("Ann", "advance"), draw("proclamation", "proclamation-01"),
                position=start), 3, "chance", "PJ-SETUP-STACKS")
    valid(log(act("Ann", "advance"), draw("post", "post-01"), position=start))
    # Decision: every draw, and a draw that is due, falls under the stacks' rule.
    refused(log(act("Ann", "advance"), act("Ann", "end_turn"), position=start),
            3, "order", "PJ-SETUP-STACKS")


# "you may enter them at any time during the game, once you have passed the road. Once on the
# hunting trail you ... roll the die and move the number of steps it shows. If you thereby reach
# a circle with a buffalo, a fish or gold, you receive the corresponding card".
def test_on_a_trail_the_die_moves_and_a_buffalo_circle_gives_a_card() -> None:
    # PJ-TRAIL-ENTER, PJ-TRAIL-DIE, PJ-TRAIL-CARD
    circles = DATA.trails["hunting"].circles
    first_buffalo = circles.index("buffalo") + 1
    assert first_buffalo <= 6
    valid(log(act("Ann", "enter_trail", trail="hunting"), die("Ann", first_buffalo),
              draw("buffalo", "buffalo-01"),
              check(Ann={"where": "trail", "circle": first_buffalo, "buffalo": 1}),
              position=pos()))
    refused(log(act("Ann", "enter_trail", trail="hunting"), die("Ann", first_buffalo),
                draw("fish", "fish-01"), position=pos()), 4, "chance", "PJ-SETUP-STACKS")
    on_road = road(Ann={"destination": "high_falls"})
    refused(log(act("Ann", "enter_trail", trail="hunting"), position=on_road),
            2, "order", "PJ-ROAD-DIE")


# "If you happen to land exactly on an Indian circle, where an Indian stands, you lose your
# entire haul ... If you instead pass a placed Indian ... you still receive money equal to half
# the value stated on the back of the cards."
def test_an_indian_landed_on_takes_the_haul_one_passed_pays_half() -> None:
    # PJ-INDIAN-LAND, PJ-INDIAN-PASS
    circles = DATA.trails["hunting"].circles
    camp = circles.index("camp") + 1
    card = "gold-01"
    value = DATA.spoils[card].value
    hunter = {"where": "trail", "trail": "hunting", "circle": camp - 2, "spoils": [card]}
    start = pos(owners(Ann=hunter), indians=[["hunting", camp]])
    valid(log(die("Ann", 2), check(Ann={"gold": 0, "cash": 5000, "circle": camp}),
              position=start))
    past = camp + 1
    events = [die("Ann", 3)]
    found = circles[past - 1]
    if found in ("buffalo", "fish", "gold"):  # the circle beyond gives a new card
        events.append(draw(found, f"{found}-02"))
    valid(log(*events, check(Ann={"gold": int(found == "gold"), "cash": 5000 + value // 2}),
              position=start))
    no_indian = pos(owners(Ann=hunter))
    valid(log(die("Ann", 2), check(Ann={"gold": 1}), position=no_indian))


# --------------------------------------------------------------------------- the Saloon


def _after_move(**extra: Any) -> dict[str, Any]:
    return pos(owners(Ann={"space": square_before("plain")}), **extra)


# "Stake the amount you can afford and roll the die. If it shows: 1: you get your stake back; 2:
# ... your stake plus 2 times the stake; 3, 4 or 5: you have unfortunately lost; 6: ... your stake
# plus 6 times the stake".
def test_the_saloon_pays_by_the_die() -> None:  # PJ-SALOON-ROLL, PJ-SALOON-STAKE
    start = _after_move(saloon=50000)
    gamble = [act("Ann", "advance"), act("Ann", "gamble", stake=1000)]
    for value, payout in ((1, 1000), (2, 3000), (3, 0), (4, 0), (5, 0), (6, 7000)):
        valid(log(*gamble, die("Ann", value, payout=payout),
                  check(Ann={"cash": 4000 + payout}), position=start))
    refused(log(*gamble, die("Ann", 6, payout=6000), position=start),
            4, "chance", "PJ-SALOON-ROLL")
    refused(log(act("Ann", "advance"), act("Ann", "gamble", stake=5001), position=start),
            3, "illegal", "PJ-SALOON-STAKE")


# "You can of course not win more than is in the saloon ... he must be content with what is in
# the saloon." (Decision: the stake is in the Saloon before the roll.)
def test_the_saloon_never_pays_more_than_it_holds() -> None:  # PJ-SALOON-ROLL
    start = _after_move(saloon=20000)
    gamble = [act("Ann", "advance"), act("Ann", "gamble", stake=5000)]
    valid(log(*gamble, die("Ann", 6, payout=25000), check(saloon=0, Ann={"cash": 25000}),
              position=start))
    refused(log(*gamble, die("Ann", 6, payout=35000), position=start),
            4, "chance", "PJ-SALOON-ROLL")


# Decision: once per own turn, after moving, past the road.
def test_the_saloon_once_a_turn_and_not_on_the_road() -> None:  # PJ-SALOON-WHEN
    start = pos(owners(Ann={"space": square_past_city("plain")}))  # purchases still open
    refused(log(act("Ann", "advance"), act("Ann", "gamble", stake=100), die("Ann", 3),
                act("Ann", "gamble", stake=100), position=start),
            5, "illegal", "PJ-SALOON-WHEN")
    refused(log(act("Ann", "gamble", stake=100), position=road(Ann={"destination": "high_falls"})),
            2, "order", "PJ-ROAD-DIE")


# "At the end of the game, in December 1862, all the players gather in the saloon ... Each one
# rolls the die once, and the one who rolls highest gets the whole amount."
def test_the_game_ends_in_december_1862_with_the_final_roll() -> None:
    # PJ-END-MONTH, PJ-SALOON-FINAL, PJ-SCORE-CAPITAL
    plain = square_before("plain", "high_falls", 59)
    last = pos(owners(Cy={"space": plain}), turn="Cy", month="1862-12", saloon=12000,
               start_player="Ann")
    end = [act("Cy", "advance"), act("Cy", "end_turn")]
    valid(log(*end, die("Ann", 3), die("Bo", 5), die("Cy", 2), check(Bo={"cash": 17000}),
              position=last))
    refused(log(*end, act("Ann", "advance"), position=last), 4, "order", "PJ-SALOON-FINAL")
    refused(log(*end, die("Bo", 3), position=last), 4, "order", "PJ-SALOON-FINAL")


# "Sales take place when you come to one of the spaces with the instruction 'sell' above the
# pictures of buffalo, fish and gold ... You must sell when you reach a 'selling space'. When
# selling, the cards are handed to the bank and removed from the game."
def test_spoils_are_sold_compulsorily_at_their_printed_values() -> None:  # PJ-SELL-SPOILS
    cards = ["buffalo-01", "fish-01", "gold-01"]
    worth = sum(DATA.spoils[c].value for c in cards)
    start = pos(owners(Ann={"space": square_before("sell_spoils"), "spoils": cards}))
    valid(log(act("Ann", "advance"),
              check(Ann={"buffalo": 0, "fish": 0, "gold": 0, "cash": 5000 + worth}),
              position=start))


# "If you come to one of these spaces and have buffalo cards ... you must sell them all at half
# their value. If you are sheriff ... you receive the values stated on the cards. Any
# proclamations about price changes on buffalo do not apply to sales at the fur trapper spaces."
def test_fur_trappers_buy_buffalo_at_half_value_but_pay_the_sheriff_in_full() -> None:
    # PJ-FUR-TRAPPER
    cards = ["buffalo-01", "buffalo-02"]
    values = [DATA.spoils[c].value for c in cards]
    where = square_before("fur_trapper")
    half = 5000 + sum(values) // 2
    for extra, cash in (({}, half), ({"sheriff": True}, 5000 + sum(values))):
        start = pos(owners(Ann={"space": where, "spoils": [*cards, "gold-01"], **extra}),
                    modifiers={"buffalo": 500})
        valid(log(act("Ann", "advance"), check(Ann={"buffalo": 0, "gold": 1, "cash": cash}),
                  position=start))
    refused(log(act("Ann", "advance"), check(Ann={"cash": 5000 + sum(values)}),
                position=pos(owners(Ann={"space": where, "spoils": cards}))),
            3, "checkpoint", "LOG-CHECK-VALUE")


# "For example, if you go to prison in March of a year, you must sit inside April and May, and so
# you come out in June."
def test_locked_up_in_march_out_in_june() -> None:  # PJ-PRISON
    start = pos(owners(Ann={"space": square_before("jail")}))
    valid(log(act("Ann", "advance"),
              check(turn="Bo", Ann={"where": "prison", "in_prison": 1, "prison_months": 2}),
              position=start))
    refused(log(act("Ann", "advance"), act("Ann", "advance"), position=start),
            3, "order", "PJ-TURN-ORDER")
    # In May, Ann's turn passes without an event; in June she is out and moves again.
    bo, cy = square_before("plain", "buffalo_head", 16), square_before("plain", "high_falls", 16)
    may = pos(owners(Ann={"where": "prison", "prison_until": "1859-06"},
                     Bo={"space": bo}, Cy={"space": cy}), turn="Bo", month="1859-05")
    may["players"]["Ann"].pop("space")
    events = [act("Bo", "advance"), act("Bo", "end_turn"), act("Cy", "advance"),
              act("Cy", "end_turn")]
    valid(log(*events, check(month="1859-06", turn="Ann",
                             Ann={"where": "loop", "space": DATA.prison_exit}), position=may))


def test_months_to_sit_out_whatever_the_seat() -> None:  # PJ-PRISON
    # Two players; Bo, seated after the first squatter, is locked up in March: on Ann's April
    # turn, before his own, April and May are both still to be sat out.
    position = {"month": "1859-03", "first_squatter": "Ann", "turn": "Bo", "players": {
        "Ann": {**squatter("green_valley"), "space": 1, "cash": 0},
        "Bo": {**squatter("buffalo_head"), "space": square_before("jail", "buffalo_head"),
               "cash": 0}}}
    head = {"format": "referee-replay", "version": 1, "game": "pionjar",
            "players": ["Ann", "Bo"], "position": position}
    lines = [head, act("Bo", "advance"),
             check(turn="Ann", month="1859-04", Bo={"in_prison": 1, "prison_months": 2})]
    valid(validate_text([json.dumps(x) for x in lines]))


def test_months_are_written_yyyy_mm() -> None:  # PJ-ALMANAC-START, PJ-END-EARLY
    assert DATA.parse_month("1858-01") == 0 and DATA.parse_month("1859-03") == 14
    for text in ("1858-1", "١٨٥٨-01", " 1858-01", "1_858-01", "1858-0_1", "1858-13", "18580-1"):
        assert DATA.parse_month(text) is None, text


# "The winner is the one with the largest capital in land, gold, hunting and fishing spoils, and
# cash." (Decisions: land not yet owned counts nothing; harvest and axe cards nothing; tied
# players share the win.)
def test_the_winner_has_the_largest_capital() -> None:  # PJ-SCORE-CAPITAL, PJ-SCORE-LAND
    last = pos(owners(Ann={"spoils": ["gold-01"], "harvest": 3},
                      Bo={"land": "squatter", "cash": 5000 + DATA.spoils["gold-01"].value},
                      Cy={"space": square_before("plain", "high_falls", 59)}),
               turn="Cy", month="1862-12", saloon=0)
    land = {p: DATA.properties[prop].full_value for p, prop in
            (("Ann", "green_valley"), ("Cy", "high_falls"))}
    scores = {"Ann": 5000 + DATA.spoils["gold-01"].value + land["Ann"],
              "Bo": 5000 + DATA.spoils["gold-01"].value, "Cy": 5000 + land["Cy"]}
    end = [act("Cy", "advance"), act("Cy", "end_turn")]
    winners = [p for p in scores if scores[p] == max(scores.values())]
    valid(log(*end, {"final": {"scores": scores, "winners": winners}}, position=last))
    refused(log(*end, {"final": {"scores": {**scores, "Bo": scores["Bo"] + land["Ann"]}}},
                position=last), 4, "score", "PJ-SCORE-CAPITAL")
    refused(log(*end, {"final": {"winners": ["Bo"]}}, position=last),
            4, "score", "PJ-SCORE-CAPITAL")


# "The game ends in December 1862, unless the players have agreed before the start to end it at
# an earlier time."
def test_an_earlier_end_agreed_before_the_start() -> None:  # PJ-END-EARLY, PJ-END-MONTH
    cy = square_before("plain", "high_falls", 29)
    early = pos(owners(Cy={"space": cy}), turn="Cy", month="1860-06", saloon=0)
    end = [act("Cy", "advance"), act("Cy", "end_turn")]
    valid(log(*end, {"final": {}}, position=early, options={"end": "1860-06"}))
    refused(log(*end, {"final": {}}, position=early), 4, "order", "LOG-FINAL")
    refused(log(options={"end": "1863-01"}), 1, "schema", "PJ-END-EARLY")


# "When a proclamation of an auction is made ... the owner of the trading post conducts the
# auction. If there is no owner of the trading post, the person who runs the bank acts as
# auctioneer. ... The cards are auctioned off one at a time. They go to the highest bidder, and
# only against cash payment. The payment is made to the owner of the trading post or, if the
# trading post is unowned, to the bank." (Decision: bids go round from the auctioneer's left.)
def test_auctioned_cards_go_to_the_highest_cash_bid() -> None:
    # PJ-AUCTION-START, PJ-AUCTION-ORDER, PJ-AUCTION-BID, PJ-AUCTION-PAY
    gold_auction = next(c.id for c in DATA.cards.values()
                        if c.effect == "auction" and c.goods == "gold")
    where = square_before("proclamation")
    opened = [act("Ann", "advance"), draw("proclamation", gold_auction)]
    bank = pos(owners(Ann={"space": where}))  # the banker, Ann, bids; Bo is on her left
    valid(log(*opened, act("Bo", "bid", amount=1000), act("Cy", "pass"), act("Ann", "pass"),
              draw("gold", "gold-01"), check(Bo={"cash": 4000, "gold": 1}), position=bank))
    refused(log(*opened, act("Cy", "bid", amount=1000), position=bank),
            4, "order", "PJ-TURN-ORDER")
    refused(log(*opened, act("Bo", "bid", amount=1000), act("Cy", "bid", amount=1000),
                position=bank), 5, "illegal", "PJ-AUCTION-BID")
    refused(log(*opened, act("Bo", "bid", amount=5001), position=bank),
            4, "illegal", "PJ-AUCTION-BID")
    # Cy owns the trading post: Cy runs the auction, does not bid, and is paid.
    post = pos(owners(Ann={"space": where}), trading_post="Cy")
    valid(log(*opened, act("Ann", "bid", amount=3000), act("Bo", "pass"),
              draw("gold", "gold-01"), check(Ann={"cash": 2000, "gold": 1}, Cy={"cash": 8000}),
              position=post))
    refused(log(*opened, act("Cy", "bid", amount=3000), position=post),
            4, "order", "PJ-TURN-ORDER")


# "When you leave the trail, which can be done to the right on the game board or at the bottom
# edge, you move again on the square spaces according to the almanac." (Decision: leaving
# happens at the start of a turn on an exit circle, then the almanac move of that turn.)
def test_leaving_a_trail_returns_to_the_almanac() -> None:  # PJ-TRAIL-LEAVE, PJ-TRAIL-DIE
    trail = DATA.trails["hunting"]
    exit_circle, square = min(trail.exits.items())
    hunter = {"where": "trail", "trail": "hunting", "circle": exit_circle}
    start = pos(owners(Ann=hunter))
    n = steps()
    valid(log(act("Ann", "leave_trail"), check(Ann={"where": "loop", "on_trail": 0}),
              position=start))
    refused(log(act("Ann", "leave_trail"), check(Ann={"space": square}), position=start),
            3, "checkpoint", "LOG-CHECK-VALUE")
    valid(log(act("Ann", "leave_trail"), check(Ann={"space": square + n}), position=start))
    mid = pos(owners(Ann={**hunter, "circle": exit_circle - 1}))
    refused(log(act("Ann", "leave_trail"), position=mid), 2, "order", "PJ-TRAIL-DIE")


# "If the player who first became a squatter is on the trails, the time marker on the almanac
# is nevertheless advanced in the normal way, each time that player is due to roll."
def test_the_month_moves_while_the_first_squatter_is_on_a_trail() -> None:  # PJ-ALMANAC-ADVANCE
    circles = DATA.trails["hunting"].circles
    plain = circles.index("plain", 1) + 1  # a plain circle after the first
    cy = square_before("plain", "high_falls")
    start = pos(owners(Ann={"where": "trail", "trail": "hunting", "circle": plain - 1},
                       Cy={"space": cy}), turn="Cy")
    valid(log(act("Cy", "advance"), act("Cy", "end_turn"), check(month="1859-04", turn="Ann"),
              die("Ann", 1), check(Ann={"circle": plain}), position=start))


# "If you have rented the saloon ... everything left in the saloon in December of that year
# falls to you"; at the end, "If the saloon has been rented out, this naturally does not apply,
# and the balance instead falls ... to whoever rents the saloon."
def test_a_renter_takes_the_saloon_at_the_end_without_rolls() -> None:  # PJ-SALOON-FINAL
    last = pos(owners(Cy={"space": square_before("plain", "high_falls", 59)}), turn="Cy",
               month="1862-12", saloon=12000, saloon_renter="Bo")
    end = [act("Cy", "advance"), act("Cy", "end_turn")]
    valid(log(*end, check(Bo={"cash": 17000}, saloon=0), position=last))
    refused(log(*end, die("Ann", 3), position=last), 4, "order", "PJ-END-MONTH")


# "Players who are still on their way to their properties, after the time count has begun,
# continue to move by the die until they have claimed their respective properties. When they
# then begin their trip around the board, they start in the month that is currently marked".
def test_a_late_squatter_starts_in_the_current_month() -> None:  # PJ-ALMANAC-MOVE
    end = DATA.road_common + DATA.road_branch
    april = MARCH_1859 + 1
    players = owners(Ann={"space": square_before("plain", "green_valley", april)},
                     Cy={"space": square_before("plain", "high_falls", MARCH_1859)})
    players["Bo"] = {"road": end - 1, "destination": "buffalo_head"}
    start = pos(players, turn="Bo")
    valid(log(die("Bo", 1), check(Bo={"property": "buffalo_head", "space": 0}),
              act("Bo", "end_turn"), act("Cy", "advance"), act("Cy", "end_turn"),
              act("Ann", "advance"), act("Ann", "end_turn"), check(month="1859-04"),
              act("Bo", "advance"), check(Bo={"space": steps("buffalo_head", april)}),
              position=start))


# "the bank pays 10,000 into the saloon every January"; a renter takes "everything left in the
# saloon in December of that year" (decision: when December ends, before the January payment).
def test_january_pays_the_saloon_after_the_renter_takes_decembers_content() -> None:
    # PJ-SALOON-JANUARY, PJ-SALOON-RENT
    december = 23  # 1859-12
    players = owners(Bo={"space": square_before("plain", "buffalo_head", december)},
                     Cy={"space": square_before("plain", "high_falls", december)})
    turns = [act("Bo", "advance"), act("Bo", "end_turn"), act("Cy", "advance"),
             act("Cy", "end_turn")]
    free = pos(players, turn="Bo", month="1859-12", saloon=14500)
    valid(log(*turns, check(month="1860-01", saloon=14500 + DATA.saloon_january),
              position=free))
    rented = pos(players, turn="Bo", month="1859-12", saloon=14500, saloon_renter="Bo")
    valid(log(*turns, check(month="1860-01", saloon=DATA.saloon_january, saloon_renter=None,
                            Bo={"cash": 5000 + 14500}), position=rented))
