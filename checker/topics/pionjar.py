"""Pionjär topics: saloon, auction, redemption.

The constants (the Saloon's payout per unit of stake for each face of the die, the properties'
redemption sums and full values) come from the model's data (``referee.model.pionjar.data.
load_data``), so the encodings follow the data set the model plays with; the rule identifiers are
those of the model's catalogue (``referee.model.pionjar.catalogue``). Each topic encodes what the
model does (the moves and effects of ``moves/saloon.py``, ``moves/auctions.py`` and
``moves/city.py``), the assumptions included (see ``replays/FORMAT-pionjar.md``, section 8).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

import z3

from referee.checker.topics.base import RuleFormulas, Topic, rule_texts
from referee.checker.topics.base import bool_symbol as _bool
from referee.checker.topics.base import int_symbol as _int

if TYPE_CHECKING:
    from referee.model.pionjar.data import GameData

GAME = "pionjar"
DIE_FACES = 6

# Rule identifiers of the model's catalogue used by the encodings.
RULE = {
    "data": "PJ-DATA",
    "die": "PJ-CHANCE-DIE",
    "saloon_when": "PJ-SALOON-WHEN",
    "saloon_stake": "PJ-SALOON-STAKE",
    "saloon_roll": "PJ-SALOON-ROLL",
    "auction_order": "PJ-AUCTION-ORDER",
    "auction_bid": "PJ-AUCTION-BID",
    "auction_pay": "PJ-AUCTION-PAY",
    "redeem": "PJ-REDEEM",
    "redeem_full": "PJ-REDEEM-FULL",
}


def _data() -> GameData:
    from referee.model.pionjar.data import load_data

    return load_data()


@cache
def _rule_texts() -> dict[str, str]:
    from referee.model.pionjar.catalogue import RULES

    return rule_texts(RULES)


def _none(*flags: z3.ExprRef) -> z3.BoolRef:
    return z3.And(*[z3.Not(f) for f in flags])


# --------------------------------------------------------------------------- saloon


def _saloon() -> Topic:
    multipliers = _data().saloon_multipliers
    if len(multipliers) != DIE_FACES:
        raise ValueError(f"the data set gives {len(multipliers)} Saloon multipliers, not "
                         f"{DIE_FACES}")
    symbols = (
        _int("cash", "situation", "the player's cash before the stake"),
        _int("saloon", "situation", "what the Saloon holds before the stake"),
        _int("stake", "situation", "the amount the player would stake"),
        _int("roll", "situation", "the die rolled after the stake (1 to 6)"),
        _bool("on_road", "situation", "the player is still on the road"),
        _bool("on_trail", "situation", "the player is on a hunting or fishing trail"),
        _bool("in_prison", "situation", "the player is in prison"),
        _bool("played", "situation", "the player has already played in the Saloon this turn"),
        _bool("legal", "choice", "the rules allow this stake now"),
        _bool("plays", "choice", "the player plays with this stake (optional)"),
        _int("payout", "choice", "what the Saloon pays after the roll (0 if not playing)"),
        _int("cash_after", "choice", "the player's cash after the roll", nonneg=False),
        _int("saloon_after", "choice", "what the Saloon holds after the roll", nonneg=False),
        _int("net_gain", "choice", "cash_after - cash", nonneg=False),
    )

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        cash, saloon, stake, roll = v["cash"], v["saloon"], v["stake"], v["roll"]
        legal, plays = v["legal"], v["plays"]
        # definitions: where the player is; playing means making a legal stake; the money flows
        # (the stake goes into the Saloon, the payout comes out of it); nothing moves otherwise
        yield None, z3.AtMost(v["on_road"], v["on_trail"], v["in_prison"], 1)
        yield None, z3.Implies(plays, legal)
        yield None, v["cash_after"] == cash + z3.If(plays, v["payout"] - stake, 0)
        yield None, v["saloon_after"] == saloon + z3.If(plays, stake - v["payout"], 0)
        yield None, v["net_gain"] == v["cash_after"] - cash
        yield None, z3.Implies(z3.Not(plays), v["payout"] == 0)
        # rules
        yield RULE["die"], z3.And(roll >= 1, roll <= DIE_FACES)
        allowed_now = _none(v["on_road"], v["in_prison"], v["played"])
        in_range = z3.And(stake >= 1, stake <= cash)
        yield RULE["saloon_when"], z3.Implies(legal, allowed_now)
        yield RULE["saloon_stake"], z3.Implies(legal, in_range)
        # the converse: past the road, out of prison, once a turn, any stake up to the cash
        yield RULE["saloon_when"], z3.Implies(z3.And(allowed_now, in_range), legal)
        due: z3.ArithRef = z3.IntVal(0)
        for face in range(DIE_FACES, 0, -1):
            due = z3.If(roll == face, multipliers[face - 1] * stake, due)
        # the stake is already in the Saloon when the payout is capped by its content
        capped = z3.If(due <= saloon + stake, due, saloon + stake)
        yield RULE["saloon_roll"], z3.Implies(plays, v["payout"] == capped)

    return Topic(GAME, "saloon", "a stake in the Saloon, the roll and the payout, capped by "
                 "what the Saloon holds", symbols, build, rule_text=_rule_texts())


# --------------------------------------------------------------------------- auction


def _auction() -> Topic:
    symbols = (
        _int("cash", "situation", "the bidder's cash"),
        _int("high_bid", "situation", "the card's current high bid (0 if none)"),
        _int("bid", "situation", "the amount bid"),
        _bool("has_trading_post_owner", "situation", "somebody owns the trading post"),
        _bool("owner_is_bidder", "situation", "the bidder owns the trading post"),
        _bool("bidder_is_banker", "situation", "the bidder is the banker"),
        _bool("passed", "situation", "the bidder has passed on this card"),
        _bool("holds_high_bid", "situation", "the bidder holds the high bid now"),
        _bool("wins", "situation", "nobody tops the bid: the card is sold at it"),
        _bool("legal", "choice", "the rules allow this bid when the bidding comes round"),
        _bool("bids", "choice", "the bidder makes this bid (optional)"),
        _int("paid_to_owner", "choice", "paid to the trading post's owner for the card"),
        _int("paid_to_bank", "choice", "paid to the bank for the card"),
        _int("cash_after", "choice", "the bidder's cash after paying for the card",
             nonneg=False),
    )

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        cash, high, bid = v["cash"], v["high_bid"], v["bid"]
        legal, bids = v["legal"], v["bids"]
        owned = v["has_trading_post_owner"]
        bought = z3.And(bids, v["wins"])
        # definitions: the owner exists if the bidder is the owner; a held high bid is a bid;
        # bidding means making a legal bid; nothing is paid unless the bid buys the card
        yield None, z3.Implies(v["owner_is_bidder"], owned)
        yield None, z3.Implies(v["holds_high_bid"], high >= 1)
        yield None, z3.Implies(bids, legal)
        yield None, z3.Implies(z3.Not(bought),
                               z3.And(v["paid_to_owner"] == 0, v["paid_to_bank"] == 0))
        yield None, v["cash_after"] == cash - v["paid_to_owner"] - v["paid_to_bank"]
        # rules
        in_turn = _none(v["owner_is_bidder"], v["passed"], v["holds_high_bid"])
        amount = z3.And(bid > high, bid <= cash)
        # the owner runs the auction and never bids, so never holds a high bid; a pass drops
        # out of the card, so the high bidder has not passed
        yield RULE["auction_order"], z3.Implies(v["owner_is_bidder"],
                                                z3.Not(v["holds_high_bid"]))
        yield RULE["auction_order"], z3.Implies(v["passed"], z3.Not(v["holds_high_bid"]))
        yield RULE["auction_order"], z3.Implies(legal, in_turn)
        yield RULE["auction_bid"], z3.Implies(legal, amount)
        # the high bid held was itself a cash bid, and cash does not change while bidding
        yield RULE["auction_bid"], z3.Implies(v["holds_high_bid"], high <= cash)
        # the converse: any whole amount above the high bid within the cash, in turn
        yield RULE["auction_bid"], z3.Implies(z3.And(in_turn, amount), legal)
        yield RULE["auction_pay"], z3.Implies(
            bought, z3.If(owned,
                          z3.And(v["paid_to_owner"] == bid, v["paid_to_bank"] == 0),
                          z3.And(v["paid_to_bank"] == bid, v["paid_to_owner"] == 0)))

    return Topic(GAME, "auction", "one bid in an auction of a buffalo or gold card, cash only, "
                 "and who is paid for the card", symbols, build, rule_text=_rule_texts())


# --------------------------------------------------------------------------- redemption


def _redemption() -> Topic:
    properties = tuple(_data().properties.values())
    symbols = (
        _int("cash", "situation", "the player's cash at this visit to Pioneer City"),
        _int("redemption", "situation", "the property's redemption sum"),
        _int("full_value", "situation", "the property's full value"),
        _bool("completes_lap", "situation",
              "this visit completes the first lap (reaching or passing Pioneer City)"),
        _bool("first_lap_done", "situation", "the first lap was completed at an earlier visit"),
        _bool("defaulted", "situation",
              "the land was not redeemed after the first lap and not bought since"),
        _bool("redeems_now", "choice", "the redemption sum is paid at this visit"),
        _bool("buys_land", "choice", "the land is bought at its full value at this visit "
              "(optional)"),
        _int("pays", "choice", "what the player pays the bank for the land at this visit"),
        _int("cash_after", "choice", "the player's cash after the visit", nonneg=False),
        _bool("owner_after", "choice", "the player owns the land after the visit"),
    )

    def build(v: Mapping[str, z3.ExprRef]) -> RuleFormulas:
        cash = v["cash"]
        lap_now, done, defaulted = v["completes_lap"], v["first_lap_done"], v["defaulted"]
        redeems, buys = v["redeems_now"], v["buys_land"]
        # definitions: only a player past the first lap can be in default; the payments add
        # up; the land is owned once paid for
        yield None, z3.Implies(defaulted, done)
        yield None, v["pays"] == v["redeem_paid"] + v["full_paid"]
        yield None, v["cash_after"] == cash - v["pays"]
        owner_before = z3.And(done, z3.Not(defaulted))
        yield None, v["owner_after"] == z3.Or(owner_before, redeems, buys)
        # rules
        yield RULE["data"], z3.Or(*[z3.And(v["redemption"] == p.redemption,
                                           v["full_value"] == p.full_value)
                                    for p in properties])
        # the first lap is completed once; completing it, the redemption sum is paid whenever
        # the cash covers it
        yield RULE["redeem"], z3.Not(z3.And(lap_now, done))
        can_redeem = z3.And(lap_now, cash >= v["redemption"])
        yield RULE["redeem"], redeems == can_redeem
        yield RULE["redeem"], v["redeem_paid"] == z3.If(redeems, v["redemption"], 0)
        # a player who could not redeem (now or before) may buy at the full value, cash in hand
        in_default = z3.Or(defaulted, z3.And(lap_now, z3.Not(redeems)))
        yield RULE["redeem_full"], z3.Implies(buys, z3.And(in_default,
                                                           cash >= v["full_value"]))
        yield RULE["redeem_full"], v["full_paid"] == z3.If(buys, v["full_value"], 0)

    return Topic(GAME, "redemption", "paying for the land at Pioneer City: the redemption sum "
                 "after the first lap, or the full value later", symbols, build,
                 internal=("redeem_paid", "full_paid"), rule_text=_rule_texts())


@cache
def topics() -> dict[str, Topic]:
    return {t.name: t for t in (_saloon(), _auction(), _redemption())}
