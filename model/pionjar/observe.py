"""Every value a ``check`` line or an expression may read off a Pionjär state (FORMAT-pionjar.md,
section 5). Values are computed only when a claim or an expression asks for them."""

from __future__ import annotations

from typing import Any

from referee.model.core import Observables, Quantity, Unparsable, global_value, player_value
from referee.model.pionjar.scoring import capital
from referee.model.pionjar.state import PionjarState, PlayerState

WHERE = ("road", "loop", "trail", "prison")
LAND = ("none", "squatter", "owner", "defaulted")
STAGES = ("start_player", "choose", "road_roll", "turn", "trail_roll", "draw", "lease", "bid",
          "after", "saloon_roll", "rolloff", "over")


def _kinds(s: PionjarState, name: str, kind: str) -> int:
    held = s.p[name].spoils
    if not held:
        return 0
    spoils = s.data.spoils
    return [spoils[c].kind for c in held].count(kind)


def _row(s: PionjarState, name: str) -> dict[str, int]:
    """The counts a check line claims most of a player, read at once (each as its getter
    computes it)."""
    ps = s.p[name]
    cash = ps.cash
    row = {"cash": cash, "harvest": ps.harvest, "axe": ps.axe, "buffalo": 0, "fish": 0,
           "gold": 0, "in_prison": int(ps.where == "prison")}
    held = ps.spoils
    if not held:
        row["score"] = cash + _land(s, ps)
        return row
    cards = s.data.spoils
    worth = 0
    for c in held:
        card = cards[c]
        row[card.kind] += 1
        worth += card.value
    row["score"] = cash + _land(s, ps) + worth
    return row


def _land(s: PionjarState, ps: PlayerState) -> int:
    return s.data.properties[ps.prop].full_value if ps.land == "owner" and ps.prop else 0


def _prison_left(s: PionjarState, name: str) -> int:
    """The prisoner's turns still to be sat out: one a month from the month of his next turn
    (the month moves on at the first squatter's turn, so a player seated before the one whose
    turn it is has had his turn of this month)."""
    ps = s.p[name]
    if ps.where != "prison":
        return 0
    nxt = s.month + 1
    if s.first is not None and 0 <= s.turn < len(s.players):
        n = len(s.players)
        first = s.players.index(s.first)
        if (s.players.index(name) - first) % n > (s.turn - first) % n:
            nxt = s.month  # his turn of this month is still to come
    return max(0, ps.prison_until - nxt)


def _parse_month(s: PionjarState, claimed: Any) -> Any:
    """A month claim may be written ``"YYYY-MM"`` as well as an index."""
    if not isinstance(claimed, str):
        return claimed
    index = s.data.parse_month(claimed)
    if index is None:
        d = s.data
        raise Unparsable(f"must be \"YYYY-MM\" within the almanac ({d.month_name(0)} to "
                         f"{d.month_name(d.months - 1)}) or an index, found {claimed[:40]!r}")
    return index


def _show_month(s: PionjarState, value: Any) -> str:
    if type(value) is int and 0 <= value < s.data.months:
        return s.data.month_name(value)
    return "not started" if value == -1 else str(value)


def _players(s: PionjarState) -> tuple[str, ...]:
    return s.players


def _int(name: str, doc: str, get: Any, **extra: Any) -> Quantity[PionjarState]:
    return player_value(name, "int", doc, get, **extra)


def _flag(name: str, doc: str, get: Any) -> Quantity[PionjarState]:
    """A yes/no value written 0 or 1 (the log format's integers)."""
    return player_value(name, "int", f"{doc} (0 or 1)", lambda s, p: int(get(s, p)))


def _text(name: str, doc: str, get: Any, domain: Any) -> Quantity[PionjarState]:
    return player_value(name, "text", doc, get, domain=domain)


def _count(name: str, stack: str) -> Quantity[PionjarState]:
    return global_value(name, "int", f"{stack} cards left to draw",
                        lambda s: len(s.stacks[stack]))


OBSERVABLES: Observables[PionjarState] = Observables([
    # ------------------------------------------------------------------ per player
    _int("cash", "the player's cash", lambda s, p: s.p[p].cash),
    _int("road", "dot on the road, -1 off it",
         lambda s, p: s.p[p].road if s.p[p].where == "road" else -1),
    _int("space", "square space, -1 off the squares",
         lambda s, p: s.p[p].space if s.p[p].where == "loop" else -1),
    _int("circle", "trail circle, -1 off the trails",
         lambda s, p: s.p[p].circle if s.p[p].where == "trail" else -1),
    _flag("on_trail", "on a trail", lambda s, p: s.p[p].where == "trail"),
    _flag("in_prison", "in prison", lambda s, p: s.p[p].where == "prison"),
    _int("prison_months", "months still to sit out in prison",
         lambda s, p: _prison_left(s, p)),
    _int("harvest", "harvest cards held", lambda s, p: s.p[p].harvest),
    _int("axe", "axe cards held", lambda s, p: s.p[p].axe),
    _int("buffalo", "buffalo cards held", lambda s, p: _kinds(s, p, "buffalo")),
    _int("fish", "fish cards held", lambda s, p: _kinds(s, p, "fish")),
    _int("gold", "gold cards held", lambda s, p: _kinds(s, p, "gold")),
    _flag("registered", "holds a property", lambda s, p: s.p[p].prop is not None),
    _flag("owner", "owns the land", lambda s, p: s.p[p].land == "owner"),
    _flag("lap_done", "the first lap is complete", lambda s, p: s.p[p].lap_done),
    _flag("sheriff", "is sheriff", lambda s, p: s.p[p].sheriff),
    _flag("skip", "skips the next turn", lambda s, p: s.p[p].skip),
    _flag("renter", "rents the Saloon", lambda s, p: s.renter == p),
    _flag("owns_trading_post", "owns the trading post", lambda s, p: s.trading_post == p),
    _int("score", "the capital if the game ended now",
         capital, rule="PJ-SCORE-CAPITAL"),
    _text("where", "road, loop, trail or prison", lambda s, p: s.p[p].where,
          lambda s: WHERE),
    _text("property", "the registered property", lambda s, p: s.p[p].prop,
          lambda s: s.data.properties),
    _text("land", "none, squatter, owner or defaulted", lambda s, p: s.p[p].land,
          lambda s: LAND),
    _text("destination", "the property headed for on the road", lambda s, p: s.p[p].dest,
          lambda s: s.data.properties),
    _text("trail", "the trail the player is on", lambda s, p: s.p[p].trail,
          lambda s: s.data.trails),
    # ------------------------------------------------------------------ the table
    global_value("month", "int", "almanac month: index from 0 (January of the first year), -1 "
                 "before time starts; a claim may also be written \"YYYY-MM\"",
                 lambda s: s.month, rule="PJ-ALMANAC-ADVANCE", parse=_parse_month,
                 show=_show_month),
    global_value("saloon", "int", "what the Saloon holds", lambda s: s.saloon),
    global_value("bank_paid", "int", "every amount the bank has paid out",
                 lambda s: s.bank_paid),
    global_value("bank_received", "int", "every amount paid to the bank",
                 lambda s: s.bank_received),
    _count("post_stack", "post"),
    _count("proclamation_stack", "proclamation"),
    _count("buffalo_stack", "buffalo"),
    _count("fish_stack", "fish"),
    _count("gold_stack", "gold"),
    global_value("indians", "int", "Indians placed on the trails", lambda s: len(s.indians)),
    global_value("harvest_supply", "int", "harvest cards the bank still has",
                 lambda s: s.equipment_left("harvest")),
    global_value("axe_supply", "int", "axe cards the bank still has",
                 lambda s: s.equipment_left("axe")),
    global_value("turn", "text", "whose turn it is", lambda s: s.current, domain=_players),
    global_value("stage", "text", "the step of the turn", lambda s: s.stage,
                 domain=lambda s: STAGES),
    global_value("first_squatter", "text", "the first to register", lambda s: s.first,
                 domain=_players),
    global_value("saloon_renter", "text", "who rents the Saloon", lambda s: s.renter,
                 domain=_players),
    global_value("trading_post", "text", "who owns the trading post",
                 lambda s: s.trading_post, domain=_players),
    global_value("start_player", "text", "who started", lambda s: s.start, domain=_players),
], check_rule="LOG-CHECK", player_row=_row)
