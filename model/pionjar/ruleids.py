"""Which rule ids ``check`` verified for an event it accepted (the ``rules_for`` hook).

``referee coverage`` and the explorer call :func:`rules_for` for every accepted event, on the
state before the event is applied. The answer has two parts:

* the rules ``check`` tested for this event, read from the state and the event alone;
* the automatic effects the event sets off (a road roll that arrives, the almanac move with its
  compulsory sale or redemption, a card followed, the end of the turn with the next month, the
  Saloon's January top-up, the renter's take, prison, the final roll). In Pionjär one event can
  set off a long chain of them, so the model itself names each effect where it happens through
  :func:`note`; :func:`rules_for` replays the event on a copy of the state with a recorder on.
  Events that cannot set off anything (naming a destination, entering a trail, rolling on, a
  stake) skip the replay. Without a recorder :func:`note` costs one list test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.model.core import Action, Chance, GameEvent
from referee.model.pionjar.state import PionjarState

if TYPE_CHECKING:
    from referee.model.pionjar.rules import Pionjar

# Recorders of the replays in progress; the innermost one receives the notes.
_RECORDERS: list[list[str]] = []


def note(*rules: str) -> None:
    """Record that an automatic effect governed by ``rules`` happened (no-op unless traced)."""
    if _RECORDERS:
        _RECORDERS[-1].extend(rules)


# Rules ``check`` tests for each action past the turn order (PJ-TURN-ORDER).
_ACTION_RULES: dict[str, tuple[str, ...]] = {
    "choose_property": ("PJ-ROAD-CHOOSE",),
    "advance": ("PJ-ALMANAC-CHOICE",),
    "enter_trail": ("PJ-ALMANAC-CHOICE", "PJ-TRAIL-ENTER"),
    "leave_trail": ("PJ-ALMANAC-CHOICE", "PJ-TRAIL-LEAVE"),
    "roll": ("PJ-ALMANAC-CHOICE", "PJ-TRAIL-LEAVE"),
    "rent_saloon": ("PJ-SALOON-RENT",),
    "decline_saloon": ("PJ-SALOON-RENT",),
    "bid": ("PJ-AUCTION-ORDER", "PJ-AUCTION-BID"),
    "pass": ("PJ-AUCTION-ORDER",),
    "buy_equipment": ("PJ-CITY-VISIT", "PJ-EQUIP-BUY"),
    "buy_trading_post": ("PJ-CITY-VISIT", "PJ-TRADING-POST"),
    "buy_land": ("PJ-CITY-VISIT", "PJ-REDEEM-FULL"),
    "gamble": ("PJ-SALOON-WHEN", "PJ-SALOON-STAKE"),
    "end_turn": ("PJ-TURN-END",),
}

# Actions whose effect is only the next step of the same turn: nothing automatic can follow.
_QUIET = frozenset({"choose_property", "enter_trail", "roll", "gamble"})

_DIE_RULE = {"road_roll": "PJ-ROAD-DIE", "trail_roll": "PJ-TRAIL-DIE",
             "saloon_roll": "PJ-SALOON-ROLL", "rolloff": "PJ-SALOON-FINAL"}

_DRAW_RULE = {"post": "PJ-CARD-DRAW", "proclamation": "PJ-CARD-DRAW", "trail": "PJ-TRAIL-CARD",
              "auction": "PJ-AUCTION-PAY"}


def checked(state: PionjarState, event: GameEvent) -> list[str]:
    """The rules ``check`` tested for ``event`` in ``state`` (no effects)."""
    if isinstance(event, Chance):
        if event.name == "start_player":
            return ["PJ-DATA", "PJ-SETUP-PLAYERS", "PJ-SETUP-STACKS", "PJ-SETUP-BANKER",
                    "PJ-SETUP-START"]
        if event.name == "die":
            out = ["PJ-CHANCE-DIE", _DIE_RULE[state.stage]]
            if state.stage == "rolloff" and len(state.rolloff_pool) < len(state.players):
                out.append("PJ-SALOON-FINAL-TIE")
            return out
        out = ["PJ-SETUP-STACKS"]
        if state.draw_for is not None:
            out.append(_DRAW_RULE[state.draw_for])
        return out
    if isinstance(event, Action):
        return ["PJ-TURN-ORDER", *_ACTION_RULES.get(event.name, ())]
    return []


def effects(game: Pionjar, state: PionjarState, event: GameEvent) -> list[str]:
    """The rules of the automatic effects ``event`` sets off, from a replay on a copy."""
    recorder: list[str] = []
    _RECORDERS.append(recorder)
    try:
        game.apply(state.copy(), event)
    finally:
        _RECORDERS.pop()
    return recorder


def rules_for(game: Pionjar, state: PionjarState, event: GameEvent) -> Sequence[str]:
    out = checked(state, event)
    if not out:
        return ()
    if not (isinstance(event, Action) and event.name in _QUIET):
        out += effects(game, state, event)
    return tuple(dict.fromkeys(out))


__all__ = ["checked", "effects", "note", "rules_for"]
