"""Invariants of every reachable Pionjär state.

The checks of cash, property and equipment read the players' purses and the bank's totals
(``reads=_purses``), the card check reads where the cards are (``reads=_cards``): few of a
search's states differ there, so a search checks them once per distinct value of those.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from itertools import chain

from referee.invariants import Invariant
from referee.model.pionjar.data import GameData
from referee.model.pionjar.state import PionjarState


def _purses(s: PionjarState) -> Hashable:
    """What the cash, property and equipment checks read: each player's cash, property and
    equipment, the Saloon and the bank's totals (the data set is fixed for a game)."""
    return (s.saloon, s.bank_paid, s.bank_received,
            tuple([(n, ps.cash, ps.prop, ps.harvest, ps.axe) for n, ps in s.p.items()]))


def _cards(s: PionjarState) -> Hashable:
    """What the card check reads: the stacks, the set-aside and removed cards, each player's
    spoils and kept cards, and the leased card."""
    return (tuple(s.stacks), (*map(tuple, s.stacks.values()),), tuple(s.discards),
            (*map(tuple, s.discards.values()),), tuple(s.removed),
            tuple([(tuple(ps.spoils), tuple(ps.kept)) for ps in s.p.values()]), s.lease_card)


def cash_conserved(s: PionjarState) -> str | None:
    table = s.total_money()
    issued = s.bank_paid - s.bank_received
    if table != issued:
        return (f"players' cash and the Saloon hold {table}, but the bank issued {s.bank_paid} "
                f"and received {s.bank_received} (net {issued})")
    negative = [n for n, ps in s.p.items() if ps.cash < 0]
    if negative:
        return f"{negative[0]} has negative cash {s.p[negative[0]].cash}"
    return None


def saloon_non_negative(s: PionjarState) -> str | None:
    return None if s.saloon >= 0 else f"the Saloon holds {s.saloon}"


def month_forward(s: PionjarState) -> str | None:
    if s.month < 0:
        return None if s.advances == 0 else f"time has not started but moved {s.advances} times"
    if s.month != s.advances:
        return f"month {s.month} after {s.advances} forward moves from January of year one"
    if s.month > s.end_month:
        return f"month {s.month} is past the last month {s.end_month}"
    return None


def one_owner_per_property(s: PionjarState) -> str | None:
    props = [ps.prop for ps in s.p.values() if ps.prop is not None]
    if len(set(props)) == len(props):
        return None
    held = Counter(props)
    twice = [p for p, n in held.items() if n > 1]
    return f"property {twice[0]} is held by {held[twice[0]]} players" if twice else None


def prison_two_months(s: PionjarState) -> str | None:
    months = s.data.prison_months
    for name, ps in s.p.items():
        if ps.prison_since < 0:
            continue
        if ps.prison_until != ps.prison_since + months + 1:
            return (f"{name} was locked up in month {ps.prison_since} and comes out in "
                    f"{ps.prison_until}, not {ps.prison_since + months + 1}")
        if ps.where == "prison":
            if not ps.prison_since <= s.month <= ps.prison_until:
                return f"{name} is in prison in month {s.month}, outside the stay"
            if ps.prison_served > months:
                return f"{name} has sat out {ps.prison_served} turns in prison"
        elif ps.prison_served != months and s.month >= ps.prison_until:
            return f"{name} left prison after {ps.prison_served} months, not {months}"
    return None


def equipment_within_land(s: PionjarState) -> str | None:
    harvest = axe = 0  # held in all (a holder without a property holds none, or fails first)
    properties = s.data.properties
    for name, ps in s.p.items():
        if ps.prop is None:
            if ps.harvest or ps.axe:
                return f"{name} holds equipment without a property"
            continue
        prop = properties[ps.prop]
        if ps.harvest > prop.fields or ps.axe > prop.stands:
            return (f"{name} holds {ps.harvest} harvest and {ps.axe} axe cards for "
                    f"{prop.fields} fields and {prop.stands} stands")
        harvest += ps.harvest
        axe += ps.axe
    supply = _supply(s.data)
    for kind, held in (("harvest", harvest), ("axe", axe)):
        if held > supply[kind]:
            return f"more {kind} cards are held than the game has"
    return None


_SUPPLY: dict[int, tuple[object, dict[str, int]]] = {}


def _supply(data: GameData) -> dict[str, int]:
    """The data set's harvest and axe cards (``equipment_supply``), cached by identity."""
    known = _SUPPLY.get(id(data))
    if known is None or known[0] is not data:
        known = (data, data.equipment_supply)
        _SUPPLY[id(data)] = known
    return known[1]


def _card_places(s: PionjarState) -> list[str]:
    found = [*chain.from_iterable(s.stacks.values()), *chain.from_iterable(s.discards.values()),
             *s.removed]
    for ps in s.p.values():
        found += ps.spoils
        found += ps.kept
    if s.lease_card is not None:
        found.append(s.lease_card)
    return found


def cards_accounted(s: PionjarState) -> str | None:
    """Every card is in exactly one place; a sold or lost spoils card never comes back."""
    every = _every_card(s.data)
    found = _card_places(s)
    # as many places as cards and the same set of names: each card stands exactly once
    if len(found) == len(every) and every == set(found):
        return None
    places: Counter[str] = Counter()
    for _stack, cards in s.stacks.items():
        places.update(cards)
    for cards in s.discards.values():
        places.update(cards)
    for ps in s.p.values():
        places.update(ps.spoils)
        places.update(ps.kept)
    places.update(s.removed)
    if s.lease_card is not None:
        places[s.lease_card] += 1
    for cid in [*s.data.spoils, *s.data.cards]:
        if places[cid] != 1:
            return f"card {cid} is in {places[cid]} places"
    extra = set(places) - every
    if extra:
        return f"unknown card {sorted(extra)[0]} in play"
    return None


_EVERY: dict[int, tuple[object, frozenset[str]]] = {}


def _every_card(data: GameData) -> frozenset[str]:
    """The card names of a data set, cached by identity (data sets are loaded once)."""
    known = _EVERY.get(id(data))
    if known is None or known[0] is not data:
        known = (data, frozenset([*data.spoils, *data.cards]))
        _EVERY[id(data)] = known
    return known[1]


SUITE: list[Invariant] = [
    Invariant("cash-conserved", "players' cash plus the Saloon equals what the bank issued less "
              "what it received; no cash is negative", cash_conserved, reads=_purses),
    Invariant("saloon-non-negative", "the Saloon never holds less than 0", saloon_non_negative),
    Invariant("month-forward", "the almanac only moves forward, one month at a time, never past "
              "the last month", month_forward),
    Invariant("one-owner", "each property has at most one holder", one_owner_per_property,
              reads=_purses),
    Invariant("prison-two-months", "a prisoner stays exactly two full months",
              prison_two_months),
    Invariant("equipment-within-land", "harvest and axe cards never exceed the holder's fields "
              "and stands, nor the game's supply", equipment_within_land, reads=_purses),
    Invariant("cards-accounted", "every card is in exactly one place; sold cards have left",
              cards_accounted, reads=_cards),
]
