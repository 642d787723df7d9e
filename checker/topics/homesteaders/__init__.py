"""Homesteaders topics: payment, bid, scoring, start_player, neutral_level, end_bonus.

The constants (prices, the bid ladder, debt silver, gold value, sale VP, end VP per resource)
come from the model's data (``referee.model.homesteaders.data.load_data``), so the encodings
follow the data files; the rule identifiers are those of the model's catalogue.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

import z3

from referee.checker.topics.base import RuleFormulas, Symbol, Topic, rule_texts
from referee.checker.topics.base import bool_symbol as _bool
from referee.checker.topics.base import int_symbol as _int
from referee.model.homesteaders.data import RESOURCES
from referee.model.homesteaders.market import convert_need

if TYPE_CHECKING:
    from referee.model.homesteaders.data import HomesteadersData

GAME = "homesteaders"

# Rule identifiers of the model's catalogue (referee.model.homesteaders.catalogue) used by the
# encodings.
RULE = {
    "market_buy": "HS-MARKET-BUY",
    "market_sell": "HS-MARKET-SELL",
    "convert": "HS-CONVERT",
    "general_store": "HS-GENERAL-STORE",
    "debt_take": "HS-DEBT-TAKE",
    "gold_pay": "HS-GOLD-PAY",
    "pay_in_full": "HS-PAY-BID",
    "bid_ladder": "HS-BID-LADDER",
    "bid_raise": "HS-BID-RAISE",
    "lawyer": "HS-LAWYER",
    "bid_turn": "HS-BID-TURN",
    "bid_cash": "HS-BID-CASH",
    "score": "HS-SCORE",
    "start_marker": "HS-START-MARKER",
    "bid_end": "HS-BID-END",
    "neutral_level": "HS-NEUTRAL-LEVEL",
    "homestead_residential": "HS-HOMESTEAD-RESIDENTIAL",
    "setup_players": "HS-SETUP-PLAYERS",
    "setup_auctions": "HS-SETUP-AUCTIONS",
    "start_player": "HS-START-PLAYER",
}


def _data() -> HomesteadersData:
    from referee.model.homesteaders.data import load_data

    return load_data()


@cache
def _rule_texts() -> dict[str, str]:
    from referee.model.homesteaders.catalogue import RULES

    return rule_texts(RULES)


# --------------------------------------------------------------------------- payment


def building_title(building: str) -> str:
    """A building's name as printed ("general_store": "General Store")."""
    return building.replace("_", " ").title()


def conversions_of(data: HomesteadersData) -> tuple[tuple[str, str, str], ...]:
    """(building, from, to) of every conversion a building allows its owner (the data's)."""
    return tuple((name, src, dst) for name, b in sorted(data.buildings.items())
                 for src, dst in b.converts)


def _sale_bonuses(data: HomesteadersData) -> tuple[tuple[str, int], ...]:
    """(building, extra silver per sale) of every building that pays its owner on sales."""
    return tuple((name, b.sale_bonus_silver) for name, b in sorted(data.buildings.items())
                 if b.sale_bonus_silver)


def conversion_flow(data: HomesteadersData, counts: Mapping[tuple[str, str], z3.ArithRef],
                    good: str) -> z3.ArithRef:
    """What the conversions ``counts`` (``(from, to)`` -> how many) add to ``good`` less what
    they take of it, each costing what the model's ``convert_need`` says."""
    terms: list[z3.ArithRef] = [z3.IntVal(0)]
    for (src, dst), count in counts.items():
        for name, amount in convert_need(data, src, 1).items():
            if name == good:
                terms.append(-amount * count)
        if dst == good:
            terms.append(count)
    return z3.Sum(*terms)


def _payment(buildings: bool = False) -> Topic:
    """``payment`` as the clarification format defines it (the market, gold and debt), or, with
    ``buildings``, ``payment_buildings``: the same with the conversions and sale bonuses of the
    buildings the payer owns, each owner a situation symbol of its own."""
    data = _data()
    conversions = conversions_of(data) if buildings else ()
    bonuses = _sale_bonuses(data) if buildings else ()
    owners = sorted({b for b, _, _ in conversions} | {b for b, _ in bonuses})
    symbols: list[Symbol] = [
        _int("silver", "situation", "silver on hand"),
        _int("gold", "situation", "gold on hand"),
        _int("trade", "situation", "trade chits on hand"),
        *[_int(r, "situation", f"{r} on hand") for r in RESOURCES if r != "gold"],
        _int("debt", "situation", "debt chits held"),
        _int("cost", "situation", "the amount to pay, in silver"),
        *[_bool(f"owns_{b}", "situation", f"the payer owns the {building_title(b)}")
          for b in owners],
        *[_int(f"buy_{r}", "choice", f"{r} bought at the market") for r in RESOURCES],
        *[_int(f"sell_{r}", "choice", f"{r} sold at the market") for r in RESOURCES],
        *[_int(f"convert_{src}_{dst}", "choice",
               f"{src} converted to {dst} at the {building_title(b)}")
          for b, src, dst in conversions],
        _int("debt_taken", "choice", "debt chits taken"),
        _int("gold_paid", "choice", "gold handed over"),
        _int("silver_paid", "choice", "silver handed over"),
        _int("silver_after", "choice", "silver left"),
        _int("gold_after", "choice", "gold left"),
        _int("trade_after", "choice", "trade chits left"),
        _int("debt_after", "choice", "debt chits held after paying"),
        _int("vp_gained", "choice", "VP chits gained from sales"),
        *[_int(f"{r}_after", "choice", f"{r} left")
          for r in RESOURCES if r != "gold"],
    ]
    gold_value = data.gold_as_silver

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        def flow(prices: Mapping[str, tuple[str, int]], prefix: str, currency: str
                 ) -> z3.ArithRef:
            return z3.Sum(z3.IntVal(0), *[amount * v[f"{prefix}_{r}"]
                                          for r, (cur, amount) in prices.items()
                                          if cur == currency])

        buys = [v[f"buy_{r}"] for r in RESOURCES]
        sells = [v[f"sell_{r}"] for r in RESOURCES]

        made = {(src, dst): v[f"convert_{src}_{dst}"] for _, src, dst in conversions}

        def converted(good: str) -> z3.ArithRef:
            return conversion_flow(data, made, good)

        # definitions: the results follow from the flows of the market, debt and payment
        yield None, v["trade_after"] == (v["trade"] - v["buy_trade"] - v["sell_trade"]
                                         + converted("trade"))
        yield None, v["silver_after"] == (v["silver"] + v["debt_silver"] + v["sell_silver"]
                                          + v["sale_bonus"] + converted("silver")
                                          - v["buy_silver"] - v["silver_paid"])
        yield None, v["gold_after"] == (v["gold"] + v["buy_gold"] - v["sell_gold"]
                                        + v["sell_gold_income"] - v["buy_gold_cost"]
                                        - v["gold_paid"])
        for r in RESOURCES:
            if r != "gold":
                yield None, v[f"{r}_after"] == (v[r] + v[f"buy_{r}"] - v[f"sell_{r}"]
                                                + converted(r))
        yield None, v["debt_after"] == v["debt"] + v["debt_taken"]
        # rules
        yield RULE["market_buy"], v["buy_trade"] == data.market_trade_cost * z3.Sum(*buys)
        yield RULE["market_buy"], v["buy_silver"] == flow(data.buy_price, "buy", "silver")
        yield RULE["market_buy"], v["buy_gold_cost"] == flow(data.buy_price, "buy", "gold")
        yield RULE["market_sell"], v["sell_trade"] == data.market_trade_cost * z3.Sum(*sells)
        yield RULE["market_sell"], v["sell_silver"] == flow(data.sell_price, "sell", "silver")
        yield RULE["market_sell"], v["sell_gold_income"] == flow(data.sell_price, "sell",
                                                                 "gold")
        yield RULE["market_sell"], v["vp_gained"] == data.sale_vp * z3.Sum(*sells)
        # the buildings' abilities: only their owners convert or earn more on sales
        for b, src, dst in conversions:
            yield RULE["convert"], z3.Implies(z3.Not(v[f"owns_{b}"]),
                                              v[f"convert_{src}_{dst}"] == 0)
        # a sale bonus is at most what the owned buildings pay (a definition: without the rule
        # it still gives no silver from nothing), and the rule pays it in full
        most = z3.Sum(z3.IntVal(0), *[z3.If(v[f"owns_{b}"], bonus * z3.Sum(*sells), 0)
                                      for b, bonus in bonuses])
        yield None, z3.And(v["sale_bonus"] >= 0, v["sale_bonus"] <= most)
        yield RULE["general_store"], v["sale_bonus"] == most
        yield RULE["debt_take"], v["debt_silver"] == data.debt_silver * v["debt_taken"]
        yield RULE["pay_in_full"], v["silver_paid"] + gold_value * v["gold_paid"] >= v["cost"]
        # No change: no silver beyond what the gold leaves owing, and every gold is needed.
        owing = v["cost"] - gold_value * v["gold_paid"]
        yield RULE["gold_pay"], v["silver_paid"] <= z3.If(owing > 0, owing, 0)
        yield RULE["gold_pay"], z3.Or(v["gold_paid"] == 0,
                                      gold_value * (v["gold_paid"] - 1) < v["cost"])

    return Topic(
        GAME, "payment_buildings" if buildings else "payment",
        "paying a cost in silver (workers' pay or a won bid), with the market, "
        + ("the conversions and sale bonuses of the buildings the payer owns, " if buildings
           else "") + "gold and debt",
        tuple(symbols), build,
        internal=("buy_trade", "sell_trade", "buy_silver", "sell_silver", "buy_gold_cost",
                  "sell_gold_income", "debt_silver", "sale_bonus"),
        rule_text=_rule_texts(),
        # most payments need no market action; trying those first gives general lemmas
        idle=(*(f"{verb}_{r}" for verb in ("buy", "sell") for r in RESOURCES),
              *(f"convert_{src}_{dst}" for _, src, dst in conversions)))


# --------------------------------------------------------------------------- bid


def _bid() -> Topic:
    data = _data()
    symbols = (
        _int("high", "situation", "the auction's current high bid (0 if none)"),
        _int("bid", "situation", "the amount bid"),
        _int("silver", "situation", "the bidder's silver"),
        _bool("lawyer", "situation", "the bidder owns the Lawyer"),
        _bool("passed", "situation", "the bidder has passed this round"),
        _bool("winning", "situation", "the bidder holds a high bid now"),
        _bool("legal", "choice", "the bid is legal"),
    )

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        on_ladder = z3.Or(*[v["bid"] == amount for amount in data.ladder])
        higher = z3.Or(v["bid"] > v["high"], z3.And(v["lawyer"], v["bid"] == v["high"]))
        turn = z3.And(z3.Not(v["passed"]), z3.Not(v["winning"]))
        legal = v["legal"]
        # a standing high bid is a bid the ladder allowed (the neutral level is a ladder step)
        yield RULE["bid_ladder"], z3.Or(v["high"] == 0,
                                        z3.Or(*[v["high"] == a for a in data.ladder]))
        yield RULE["bid_ladder"], z3.Implies(legal, on_ladder)
        yield RULE["bid_raise"], z3.Implies(z3.And(legal, z3.Not(v["lawyer"])),
                                             v["bid"] > v["high"])
        yield RULE["lawyer"], z3.Implies(legal, higher)
        yield RULE["bid_turn"], z3.Implies(legal, turn)
        # the converse: any bid meeting the rules is legal whatever the silver on hand
        yield RULE["bid_cash"], z3.Implies(z3.And(on_ladder, higher, turn), legal)

    return Topic(GAME, "bid", "whether one bid is legal", symbols, build, rule_text=_rule_texts())


# --------------------------------------------------------------------------- scoring


def _scoring() -> Topic:
    data = _data()
    scored = tuple(r for r in RESOURCES if data.end_vp_per_resource.get(r, 0))
    unscored = tuple(r for r in RESOURCES if r not in scored)
    symbols = (
        _int("vp", "situation", "VP chits"),
        _int("building_vp", "situation", "printed points of the buildings"),
        _int("bonus_vp", "situation", "building bonuses"),
        *[_int(r, "situation", f"{r} held") for r in (*scored, *unscored)],
        _int("silver", "situation", "silver held"),
        _int("trade", "situation", "trade chits held"),
        _int("debt", "situation", "unpaid debt chits"),
        _int("score", "choice", "the final score", nonneg=False),
    )

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        # the closed form of step * (1 + 2 + ... + debt), for any debt: the model does not
        # limit the debt chits (components are unlimited), so neither does the topic
        debt = v["debt"]
        yield RULE["score"], 2 * v["penalty"] == data.debt_step * debt * (debt + 1)
        yield RULE["score"], v["resource_vp"] == z3.Sum(
            *[data.end_vp_per_resource[r] * v[r] for r in scored])
        yield RULE["score"], v["score"] == (v["vp"] + v["building_vp"] + v["bonus_vp"]
                                                + v["resource_vp"] - v["penalty"])

    return Topic(GAME, "scoring", "one player's final score", symbols, build,
                 internal=("penalty", "resource_vp"), rule_text=_rule_texts())


# --------------------------------------------------------------------------- start player


def _start_player() -> Topic:
    data = _data()
    symbols = (
        _int("players", "situation", "number of players (2 to 4)"),
        _int("start_player", "situation", "the start player this round (1 to players)"),
        _int("auction1_winner", "situation", "who won Auction 1 (0: nobody)"),
        _int("auction2_winner", "situation", "who won Auction 2 (0: nobody)"),
        _int("auction3_winner", "situation", "who won Auction 3 (0: nobody; 4 players only)"),
        _int("next_start_player", "choice", "the start player of the next round"),
    )

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        players = v["players"]
        winners = [v["auction1_winner"], v["auction2_winner"], v["auction3_winner"]]
        yield RULE["setup_players"], z3.And(players >= data.min_players,
                                            players <= data.max_players)
        yield RULE["start_player"], z3.And(v["start_player"] >= 1, v["start_player"] <= players)
        for w in winners:
            yield None, w <= players
        yield RULE["setup_auctions"], z3.Implies(
            players < min(n for n, a in data.auctions.items() if a >= 3),
            v["auction3_winner"] == 0)
        # a player holding a high bid does not bid again, so nobody wins two auctions
        for i, a in enumerate(winners):
            for b in winners[i + 1:]:
                yield RULE["bid_turn"], z3.Or(a == 0, a != b)
        nxt = v["next_start_player"]
        a1 = v["auction1_winner"]
        yield RULE["start_marker"], z3.Implies(a1 > 0, nxt == a1)
        yield RULE["start_marker"], z3.Implies(z3.And(a1 == 0, players >= 3),
                                               nxt == v["start_player"])
        yield RULE["start_marker"], z3.Implies(z3.And(a1 == 0, players == 2),
                                                  nxt == 3 - v["start_player"])

    return Topic(GAME, "start_player", "who holds the Start Player marker next round", symbols,
                 build, rule_text=_rule_texts())


# --------------------------------------------------------------------------- neutral level


def _neutral_level() -> Topic:
    data = _data()
    steps = tuple(a for a in data.ladder if data.neutral_min <= a <= data.neutral_max)
    symbols = (
        _int("level", "situation", "the neutral bid level this round"),
        _int("players_won", "situation", "how many of the two players won an auction"),
        _int("passes", "situation", "how many passes were made this round"),
        _bool("neutral_won", "situation", "the neutral bid token won its auction"),
        _int("next_level", "choice", "the neutral bid level next round"),
    )

    def up(level: z3.ArithRef) -> z3.ArithRef:
        result: z3.ArithRef = level
        for lower, higher in itertools.pairwise(steps):
            result = z3.If(level == lower, higher, result)
        return result

    def down(level: z3.ArithRef) -> z3.ArithRef:
        result: z3.ArithRef = level
        for lower, higher in itertools.pairwise(steps):
            result = z3.If(level == higher, lower, result)
        return result

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        yield RULE["neutral_level"], z3.Or(*[v["level"] == s for s in steps])
        yield None, v["players_won"] <= 2
        # two auctions: if the neutral token wins one, at most one player wins the other
        yield None, z3.Implies(v["neutral_won"], v["players_won"] <= 1)
        # every player ends the bidding either holding a high bid or having passed, once
        yield RULE["bid_end"], v["passes"] + v["players_won"] == 2
        # the neutral token bids first: unless a player outbid it (and so won, or was outbid
        # by the other, who won), it is the high bid on its auction when the bidding ends
        yield RULE["bid_end"], z3.Implies(v["players_won"] == 0, v["neutral_won"])
        after_up = z3.If(v["players_won"] == 2, up(v["level"]), v["level"])
        yield RULE["neutral_level"], v["raised"] == after_up
        lowered = z3.If(v["passes"] >= 2, down(down(v["raised"])),
                        z3.If(v["passes"] == 1, down(v["raised"]), v["raised"]))
        yield RULE["neutral_level"], v["next_level"] == lowered

    return Topic(GAME, "neutral_level", "two players: the neutral bid level of the next round",
                 symbols, build, internal=("raised",), rule_text=_rule_texts())


# --------------------------------------------------------------------------- end bonus


def _end_bonus() -> Topic:
    symbols = (
        _int("residential", "situation", "Residential buildings built (the Homestead aside)"),
        _int("buildings", "situation", "buildings built (the Homestead aside)"),
        _bool("stables", "situation", "owns the Stables (+1 per Residential)"),
        _bool("fairgrounds", "situation", "owns the Fairgrounds (+1 per Residential)"),
        _bool("rail_yard", "situation", "owns the Rail Yard (+1 per building)"),
        _int("residential_bonus", "choice", "points from the +1 per Residential bonuses"),
        _int("building_bonus", "choice", "points from the +1 per building bonus"),
    )

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        def flag(b: z3.ExprRef) -> z3.ArithRef:
            return z3.If(b, 1, 0)

        # Stables is Commercial, Fairgrounds and Rail Yard Special: none is Residential
        yield None, v["buildings"] >= (v["residential"] + flag(v["stables"])
                                       + flag(v["fairgrounds"]) + flag(v["rail_yard"]))
        yield RULE["homestead_residential"], v["counted_residential"] == v["residential"] + 1
        yield RULE["homestead_residential"], v["counted_buildings"] == v["buildings"] + 1
        counted = v["counted_residential"]
        yield RULE["score"], v["residential_bonus"] == (
            z3.If(v["stables"], counted, 0) + z3.If(v["fairgrounds"], counted, 0))
        yield RULE["score"], v["building_bonus"] == z3.If(v["rail_yard"],
                                                              v["counted_buildings"], 0)

    return Topic(GAME, "end_bonus", "end-game building bonuses that count Residential "
                 "buildings or all buildings", symbols, build,
                 internal=("counted_residential", "counted_buildings"), rule_text=_rule_texts())


@cache
def topics() -> dict[str, Topic]:
    return {t.name: t for t in (_payment(), _payment(buildings=True), _bid(), _scoring(),
                                _start_player(), _neutral_level(), _end_bonus())}
