"""Writes The Colonists' golden corpus (``tests/golden/colonists/``) and the Colonists examples
(``replays/examples/colonists-*.jsonl``).

Golden logs are short scripted games: a setup on a small board (the 12 starting Places laid
around the first Market, the second Market beyond them) and the turns a case needs; or, for what
takes many turns to reach (a Citizen at work, an Institute, full building spots, Era II, the end
of the game), a header ``position`` on that board. For every CO rule id there is one log that
breaks it (``<RULE>-break-*.jsonl``) and one that uses it legally (``<RULE>-legal-*.jsonl``).
Rules that describe an automatic effect (production, the Buffers, the Factory, the start player
changing hands...) are broken by a ``check`` line claiming the state without the effect; the
validator reports a ``checkpoint`` error of the quantity's rule (LOG-CHECK-VALUE for goods;
CO-CHECK keeps unknown names and wrong types). Where the rulebook's rule is enforced under another
rule id (a Market sale short of goods is a CO-SPEND refusal, a Developer visit without a card to
play a CO-MOVE-ACTION one), the break log is named after the rule it breaks and its ``expect``
names the rule the validator reports. CO-SETUP-PLAYERS
cannot be broken from a log: the header check (LOG-PLAYERS) refuses 0 or 5 players first.

The examples are a one-era game for 2 players of a plain scripted player (``Steady``: each turn
the move whose action it likes best) and copies of it with one realistic mistake each.

Every written log carries the ``expect`` header of its intended verdict; the script validates each
log and stops with an error when the outcome differs from what the case intends. The machinery
shared with the other games' generators is in ``casework.py``. Run from the repository root:

    python tests/golden/make_colonists.py            # both
    python tests/golden/make_colonists.py golden     # or examples
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from casework import (
    EXAMPLES,
    Case,
    Casework,
    Claim,
    FinalLine,
    Intended,
    Obj,
    confirm,
    event,
    write_log,
)

from referee.model.colonists import GAME
from referee.model.colonists.data import load_data
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action
from referee.replays.writer import dumps, header

GAME_DATA = load_data()
P1 = ("Ann",)
P2 = ("Ann", "Bo")
COLONIES = ["envoy", "laborer", "lord", "trader"]

# The 12 starting Places in the order drawn, each laid where it keeps the board compact: eight
# around the first Market ([0, 0]-[1, 0]), the rest one ring further out.
LAYOUT: tuple[tuple[str, tuple[int, int]], ...] = (
    ("riverbank_grove", (0, 1)), ("developer", (1, -1)), ("librarian", (1, 1)),
    ("builder_storage_shed", (2, -1)), ("head_official", (2, 0)), ("diplomat", (-1, 1)),
    ("builder_farm", (0, -1)), ("builder_forester_house", (-1, 0)), ("joiner", (0, 2)),
    ("builder_library", (2, 1)), ("builder_hunting_lodge", (3, -1)),
    ("riverbank_grove", (-1, 2)))
SECOND_MARKET = [[-1, 3], [0, 3]]
MARKET = [0, 0]    # the first Market
MARKET2 = [-1, 3]  # the second, beyond the Joiner and the second Riverbank Grove
GROVE = [0, 1]     # the Riverbank Grove next to the first Market
GROVE2 = [-1, 2]   # the other one


# --------------------------------------------------------------------------- event helpers


def a(player: str, action: str, **params: Any) -> Obj:
    return {"player": player, "action": action, **params}


def ch(name: str, **params: Any) -> Obj:
    return {"chance": name, **params}


SUSTENANCE: Obj = {"phase": "sustenance"}


def chk(player: str | None, quantity: str, delta: int = 0, value: Any = None) -> Claim:
    return Claim(player, quantity, delta, value)


class Refusal(Exception):
    pass


class Table:
    """A scripted game: the log lines written so far and the state they reach. Every event is
    checked as it is added, so a script that goes wrong stops at once."""

    def __init__(self, players: Sequence[str] = P2, options: Obj | None = None,
                 position: Obj | None = None) -> None:
        self.players = tuple(players)
        self.options = options
        self.position = position
        self.state: ColonistsState = GAME.new_state(list(players), options, position)
        self.events: list[Any] = []

    def copy(self) -> Table:
        out = Table.__new__(Table)
        out.players, out.options, out.position = self.players, self.options, self.position
        out.state = self.state.copy()
        out.events = list(self.events)
        return out

    # ----------------------------------------------------------------- writing events

    def add(self, *objs: Any) -> Table:
        for obj in objs:
            if isinstance(obj, Claim | FinalLine) or "check" in obj:
                self.events.append(obj)
                continue
            parsed = event(obj)
            refusal = GAME.check(self.state, parsed)
            if refusal is not None:
                raise Refusal(f"{obj}: {refusal.kind} {refusal.rule}: {refusal.message}")
            GAME.apply(self.state, parsed)
            self.events.append(obj)
        return self

    def case(self, name: str, *last: Any, want: tuple[str, str] | None = None,
             line: int | None = None, note: str | None = None) -> Case:
        """A golden case: the lines so far, then ``last`` (unchecked: the breaking event)."""
        return Case(name, [*self.events, *last], want, players=self.players,
                    options=self.options, position=self.position, line=line, note=note)

    def player(self, name: str) -> Any:
        return self.state.p[self.state.players.index(name)]

    # ----------------------------------------------------------------- the setup

    def setup(self, colonies: Sequence[str] = COLONIES, start: str | None = None) -> Table:
        start = start or self.players[0]
        self.add(ch("colonies", colonies=list(colonies)), ch("start_player", player=start))
        n = len(self.players)
        first = self.players.index(start)
        for k, (slug, cell) in enumerate(LAYOUT):
            self.add(ch("draw_place", place=slug),
                     a(self.players[(first + k) % n], "place_tile", at=list(cell)))
        self.add(a(start, "place_market", at=SECOND_MARKET))
        return self

    def year(self, card: str, places: Sequence[str] = ()) -> Table:
        self.add(ch("market_card", card=card), *(ch("reveal_place", place=p) for p in places))
        return self

    def fill(self, player: str, wood: int = 2, clay: int = 1) -> Table:
        return self.add(a(player, "fill_storage", wood=wood, clay=clay))

    # ----------------------------------------------------------------- turns

    def turn(self, player: str, to: Any, act: str | None, steward: int = 1,
             fee: Obj | None = None, enter: Any = MARKET, **params: Any) -> Table:
        """A turn: the Steward enters on ``enter`` if he is off the board, moves to ``to`` (a
        slug, a cell), then the place's action ``act`` with ``params`` (None: not yet)."""
        c = self.player(player)
        if steward > len(c.stewards) or c.stewards[steward - 1] is None:
            entry: Obj = {"at": enter} if steward == 1 else {"steward": steward, "at": enter}
            self.add(a(player, "place_steward", **entry))
        move: Obj = {"to": to}
        if steward != 1:
            move["steward"] = steward
        if fee:
            move["fee"] = fee
        self.add(a(player, "move", **move))
        if act is not None:
            self.add(a(player, act, **params))
        return self

    def move(self, player: str, to: Any, steward: int = 1, fee: Obj | None = None,
             enter: Any = MARKET) -> Table:
        return self.turn(player, to, None, steward, fee, enter)


# --------------------------------------------------------------------------- playing on


# how much a steady player likes each action at the place reached (before a little chance)
LIKING = {"build": 10, "diplomacy": 9, "develop": 8, "market_action": 6, "refine": 5,
          "draw_cards": 4, "gather": 4, "subsidy": 3, "sell": 2, "claim_marker": 2,
          "market_trade": 1}


def _liked(action: Action) -> float:
    base = float(LIKING.get(action.name, 0))
    if action.has("decline"):
        base -= 2
    if action.name == "build":
        base += len(action.get("buildings"))
    return base


# moves the scripted player never takes (listed for the explorer since the games were written)
UNTAKEN = frozenset({"use_card", "convert", "market_action", "replace", "discard"})


def _offered(state: ColonistsState) -> list[Any]:
    return [e for e in GAME.legal_actions(state) if e.name not in UNTAKEN]


class Steady:
    """A plain player for the long scripted games (until the simulator's policy takes over):
    Workers employed whenever possible, and each turn the move whose action it likes best,
    chance outcomes drawn from a seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chance(self, state: ColonistsState) -> Obj:
        outcomes = GAME.chance_outcomes(state)
        events = [e for e, _ in outcomes]
        weights = [float(p) for _, p in outcomes]
        return self.rng.choices(events, weights)[0].to_json()

    def choose(self, state: ColonistsState) -> Obj:
        legal = _offered(state)
        by_name: dict[str, list[Any]] = {}
        for e in legal:
            by_name.setdefault(e.name, []).append(e)
        for name in ("place_tile", "fill_storage", "keep", "place_steward", "employ"):
            if name in by_name:
                return self.rng.choice(by_name[name]).to_json()
        if "sustenance" in by_name:
            return by_name["sustenance"][0].to_json()
        if "dismiss" in by_name:
            return by_name["dismiss"][0].to_json()
        if "move" in by_name:
            return max(by_name["move"], key=lambda m: self._after(state, m)).to_json()
        acts = [e for e in legal if isinstance(e, Action) and e.name in LIKING]
        if acts:
            return max(acts, key=lambda e: _liked(e) + self.rng.random()).to_json()
        return legal[0].to_json()

    def _after(self, state: ColonistsState, move: Action) -> float:
        trial = state.copy()
        GAME.apply(trial, move)
        acts = [e for e in _offered(trial) if isinstance(e, Action) and e.name in LIKING]
        return max((_liked(e) for e in acts), default=0.0) + self.rng.random()


def play_on(t: Table, player: Steady, until: Callable[[ColonistsState], bool] | None = None,
            chance: Callable[[ColonistsState], Obj | None] | None = None) -> Table:
    """Play ``t`` on with ``player`` for every decision until ``until`` holds (or the game ends);
    ``chance`` may fix a chance outcome (None: the player draws one)."""
    state = t.state
    while not GAME.is_over(state) and not (until is not None and until(state)):
        if GAME.flow.chance(state) is not None:
            fixed = chance(state) if chance is not None else None
            t.add(fixed if fixed is not None else player.chance(state))
        else:
            t.add(player.choose(state))
    return t


# --------------------------------------------------------------------------- cases


def _actual(state: ColonistsState, claim: Claim) -> Any:
    table = GAME.observables
    if claim.player is None:
        return table.globals[claim.quantity].get(state, None)
    return table.player[claim.quantity].get(state, claim.player)


def _shift(quantity: str, actual: Any, delta: int) -> Any:
    return actual + delta


CASEWORK = Casework(GAME, "colonists", _actual, _shift)


YEAR_ONE = ("clay_delve", "baker", "clayburner")
# where the start player lays them at the end of the first year
YEAR_ONE_CELLS = {"clay_delve": [-2, 3], "baker": [1, 2], "clayburner": [-2, 2]}


def opening(players: Sequence[str] = P2, card: str = "storage_shed",
            places: Sequence[str] = YEAR_ONE, options: Obj | None = None,
            fills: Sequence[tuple[int, int]] = ((2, 1), (3, 0), (1, 2), (0, 3))) -> Table:
    """The setup, the first year's Market card and Places, and every Basic Storage filled."""
    t = Table(players, options).setup().year(card, places)
    for name, (wood, clay) in zip(players, fills, strict=False):
        t.fill(name, wood, clay)
    return t


def ann_summer(t: Table) -> Table:
    """Ann's first three turns: a Storage Shed (and its Farmer), the Head Official's Clay, the
    Librarian's two cards (Guestroom and Pass)."""
    t.turn("Ann", "builder_storage_shed", "build", buildings=["storage_shed"])
    t.add(a("Ann", "employ", building="storage_shed"))
    t.turn("Ann", "head_official", "claim_marker")
    t.turn("Ann", "librarian", "draw_cards")
    return t.add(ch("draw_improvement", card=110), ch("draw_improvement", card=122))


def bo_summer(t: Table) -> Table:
    """Bo's: a Storage Shed, the start player marker, the second Market's subsidy."""
    t.turn("Bo", "builder_storage_shed", "build", buildings=["storage_shed"])
    t.add(a("Bo", "employ", building="storage_shed"))
    t.turn("Bo", "head_official", "claim_marker")
    return t.turn("Bo", MARKET2, "subsidy")


def ann_winter(t: Table) -> Table:
    """Ann's winter: Wood from the Riverbank Grove, Planks at the Joiner, her Food sold."""
    t.turn("Ann", GROVE, "gather")
    t.turn("Ann", "joiner", "refine", times=1)
    return t.turn("Ann", MARKET2, "sell", times=[1, 0])


def bo_winter(t: Table) -> Table:
    """Bo's winter: Wood from the second Riverbank Grove, Planks at the Joiner, his Food sold."""
    t.turn("Bo", GROVE2, "gather", decline={"wood": 1})
    t.turn("Bo", "joiner", "refine", times=1)
    return t.turn("Bo", MARKET2, "sell", times=[1, 0])


def lay_year_one(t: Table, by: str = "Bo") -> Table:
    for slug in YEAR_ONE:
        t.add(a(by, "place_tile", place=slug, at=YEAR_ONE_CELLS[slug]))
    return t


def year_one() -> Table:
    """Both players' first year, to the end of the year (the Places not laid yet)."""
    return bo_winter(ann_winter(bo_summer(ann_summer(opening())))).copy()


def refused_header(name: str, want: tuple[str, str], players: Sequence[str] = P2,
                   **kw: Any) -> Case:
    """A log whose header the game refuses (line 1)."""
    return Case(name, [], want, players=players, line=1, **kw)


def golden_cases() -> list[Case]:
    c: list[Case] = []
    for group in (log_cases, setup_cases, year_cases, move_cases, fee_cases, storage_cases,
                  place_cases, market_cases, build_cases, worker_cases, card_cases,
                  library_cases, diplomacy_cases, position_cases):
        c.extend(group())
    c.extend(colony_cases())
    return c


def log_cases() -> Iterable[Case]:
    t = opening()
    yield t.case("CO-VOCAB-break-unknown-action", a("Ann", "place_steward", at=MARKET),
                 a("Ann", "move", to=MARKET2), a("Ann", "buy", goods={"wood": 1}),
                 want=("schema", "CO-VOCAB"), note="a Market sells and gives its subsidy; "
                 "buying is no action of The Colonists")
    yield t.case("CO-VOCAB-break-place-not-on-the-board", a("Ann", "place_steward", at=MARKET),
                 a("Ann", "move", to="grove"), want=("schema", "CO-VOCAB"),
                 note="no Grove is on the board, only the two Riverbank Groves")
    legal = ann_winter(bo_summer(ann_summer(opening())))
    yield legal.case("CO-VOCAB-legal-places-by-slug-and-by-cell", chk("Ann", "planks"),
                     note="a place is its slug when one tile of it is on the board, else a "
                     "cell it covers (the Riverbank Grove is on the board twice, and so is "
                     "the Market)")
    yield refused_header("CO-OPTIONS-break-last-era-five", ("schema", "CO-OPTIONS"),
                         options={"last_era": 5})
    yield refused_header("CO-OPTIONS-break-game-started-in-era-five", ("schema", "CO-OPTIONS"),
                         options={"first_era": 5}, note="the eras are I to IV")
    t = opening(options={"last_era": 1, "small_market": True, "box_limits": True})
    yield t.case("CO-OPTIONS-legal-one-era-small-market-box-limits", chk(None, "era"),
                 chk("Ann", "tools"))
    yield refused_header("CO-DATA-break-unknown-data-set", ("schema", "CO-DATA"),
                         options={"data": "no-such-set"},
                         note="option data names neither a bundled set nor a folder allowed "
                         "with --data")
    t = opening(options={"data": "default"})
    yield t.case("CO-DATA-legal-bundled-default-set", chk("Ann", "tools"), chk("Ann", "food"))
    t = ann_summer(opening())
    yield t.case("CO-CHECK-legal-numbers-names-and-texts", chk("Ann", "wood"),
                 chk("Ann", "buildings"), chk(None, "turn"), chk(None, "colonies"),
                 chk("Ann", "storage"))
    yield t.case("LOG-CHECK-VALUE-break-clay-miscounted", chk("Ann", "clay", 1),
                 chk("Ann", "tools"), want=("checkpoint", "LOG-CHECK-VALUE"),
                 line=len(t.events) + 2)
    yield t.case("CO-CHECK-break-unknown-quantity", {"check": {"Ann": {"timber": 2}}},
                 want=("schema", "CO-CHECK"))


def setup_cases() -> Iterable[Case]:
    t = Table(P1)
    yield t.copy().setup().case("CO-SETUP-PLAYERS-legal-solo-community",
                                chk("Ann", "buildings"), chk("Ann", "farmers"),
                                chk("Ann", "food"), chk("Ann", "tools"), chk("Ann", "storage"),
                                note="CO-SETUP-PLAYERS cannot be broken from a log: the header "
                                "check (LOG-PLAYERS) refuses 0 or 5 players before the game "
                                "sees them")
    t = Table(P2)
    yield t.case("CO-SETUP-COLONIES-break-three-colonies",
                 ch("colonies", colonies=["envoy", "lord", "trader"]),
                 want=("chance", "CO-SETUP-COLONIES"))
    yield t.case("CO-SETUP-COLONIES-break-colony-twice",
                 ch("colonies", colonies=["envoy", "lord", "trader", "lord"]),
                 want=("chance", "CO-SETUP-COLONIES"))
    t.add(ch("colonies", colonies=COLONIES))
    yield t.case("CO-SETUP-COLONIES-legal-four-colonies", chk(None, "colonies"))
    yield t.case("CO-SETUP-START-break-place-drawn-before-the-start-player",
                 ch("draw_place", place="joiner"), want=("chance", "CO-SETUP-START"))
    bo = Table(P2).setup(start="Bo")
    yield bo.case("CO-SETUP-START-legal-bo-lays-first", chk(None, "start_player"),
                  chk(None, "marker"))
    t.add(ch("start_player", player="Ann"))
    yield t.case("CO-SETUP-PLACES-break-day-laborer-drawn", ch("draw_place", place="day_laborer"),
                 want=("chance", "CO-SETUP-PLACES"),
                 note="the Day Laborer is only used in the introductory game")
    yield t.case("CO-BOARD-PLACE-break-first-place-off-the-indentations",
                 ch("draw_place", place="riverbank_grove"), a("Ann", "place_tile", at=[-1, 0]),
                 want=("illegal", "CO-BOARD-PLACE"))
    three = Table(P2).setup()
    three.events = three.events[:2 + 2 * 11]
    three.state = CASEWORK.play(P2, three.events)
    yield three.case("CO-SETUP-PLACES-break-joiner-drawn-twice",
                     ch("draw_place", place="joiner"), want=("chance", "CO-SETUP-PLACES"),
                     note="the Joiner is on the board; the last starting Place still to draw "
                     "is the second Riverbank Grove")
    part = Table(P2)
    part.add(ch("colonies", colonies=COLONIES), ch("start_player", player="Ann"))
    for k, (slug, cell) in enumerate(LAYOUT[:3]):
        part.add(ch("draw_place", place=slug), a(P2[k % 2], "place_tile", at=list(cell)))
    yield part.case("CO-BOARD-PLACE-break-one-shared-edge", ch("draw_place", place=LAYOUT[3][0]),
                    a("Bo", "place_tile", at=[3, -1]), want=("illegal", "CO-BOARD-PLACE"),
                    note="[3, -1] touches only the Developer")
    board = Table(P2).setup()
    yield board.case("CO-BOARD-PLACE-legal-twelve-places-around-the-first-market",
                     chk("Ann", "buildings"))
    before = Table(P2)
    before.add(ch("colonies", colonies=COLONIES), ch("start_player", player="Ann"))
    for k, (slug, cell) in enumerate(LAYOUT):
        before.add(ch("draw_place", place=slug), a(P2[k % 2], "place_tile", at=list(cell)))
    yield before.case("CO-BOARD-MARKET-break-one-cell-from-the-first-market",
                      a("Ann", "place_market", at=[[-2, 1], [-2, 2]]),
                      want=("illegal", "CO-BOARD-MARKET"),
                      note="only the Diplomat lies between the two Markets")
    yield before.case("CO-BOARD-MARKET-break-touches-no-place",
                      a("Ann", "place_market", at=[[5, 5], [6, 5]]),
                      want=("illegal", "CO-BOARD-MARKET"))
    yield board.case("CO-BOARD-MARKET-legal-beyond-the-joiner",
                     a("Ann", "fill_storage", wood=3, clay=0), chk("Ann", "wood"))
    yield board.case("CO-SETUP-PLACES-legal-twelve-places-and-the-second-market",
                     chk(None, "era"), chk(None, "year"))
    o = opening()
    yield o.case("CO-SETUP-STORAGE-break-four-goods",
                 a("Ann", "fill_storage", wood=2, clay=2), want=("schema", "CO-SETUP-STORAGE"))
    unfilled = Table(P2).setup().year("storage_shed", YEAR_ONE)
    yield unfilled.case("CO-SETUP-STORAGE-break-moves-before-filling",
                        a("Ann", "place_steward", at=MARKET), a("Ann", "move", to=GROVE),
                        want=("order", "CO-SETUP-STORAGE"))
    yield o.case("CO-SETUP-STORAGE-break-fills-twice", a("Ann", "fill_storage", wood=3, clay=0),
                 want=("illegal", "CO-SETUP-STORAGE"))
    yield unfilled.case("CO-SETUP-STORAGE-legal-all-clay",
                        a("Ann", "fill_storage", wood=0, clay=3),
                        a("Bo", "fill_storage", wood=3, clay=0), chk("Ann", "clay"),
                        chk("Bo", "wood"))


def year_cases() -> Iterable[Case]:
    t = Table(P2).setup()
    yield t.case("CO-YEAR-START-break-era-two-market-card", ch("market_card", card="hollow"),
                 want=("chance", "CO-YEAR-START"))
    yield t.case("CO-YEAR-START-break-era-two-place", ch("market_card", card="farm"),
                 ch("reveal_place", place="ore_pit"), want=("chance", "CO-YEAR-START"))
    yield t.copy().year("farm", YEAR_ONE).case("CO-YEAR-START-legal-card-and-three-places",
                                               chk(None, "market_card"), chk(None, "turn"))
    yield t.case("CO-ERA-START-break-claims-era-two", chk(None, "era", 1),
                 want=("checkpoint", "CO-ERA-START"))
    yield t.case("CO-ERA-START-legal-era-one-begins-with-the-second-market",
                 chk(None, "era"), chk(None, "year"))
    o = opening()
    yield o.case("CO-TURN-ORDER-break-bo-moves-on-anns-turn", a("Bo", "place_steward", at=MARKET),
                 want=("order", "CO-TURN-ORDER"))
    s = ann_summer(opening())
    yield s.case("CO-TURN-ORDER-legal-bo-after-anns-three-turns", chk(None, "turn"),
                 chk(None, "half"))
    y = year_one()
    yield y.case("CO-END-YEAR-break-next-card-before-the-end-of-the-year",
                 ch("market_card", card="farm"), want=("chance", "CO-END-YEAR"))
    yield y.case("CO-END-PLACES-break-sustenance-before-the-places", SUSTENANCE,
                 want=("order", "CO-END-PLACES"))
    yield y.case("CO-END-PLACES-break-lays-a-place-not-face-up",
                 a("Bo", "place_tile", place="grove", at=[1, 2]),
                 want=("illegal", "CO-END-PLACES"))
    yield y.case("CO-END-PLACES-break-ann-lays-for-the-start-player",
                 a("Ann", "place_tile", place="baker", at=[-2, 1]),
                 want=("order", "CO-END-PLACES"),
                 note="Bo took the marker after Ann: he is start player and lays the Places")
    y2 = lay_year_one(y.copy())
    yield y2.case("CO-END-PLACES-legal-bo-lays-the-three-places", SUSTENANCE,
                  chk(None, "year"), chk(None, "start_player"))
    yield y2.case("CO-START-MARKER-break-claims-ann-still-starts", SUSTENANCE,
                  chk(None, "start_player", value="Ann"), want=("checkpoint", "CO-START-MARKER"))
    yield y2.case("CO-START-MARKER-legal-bo-took-it-last", SUSTENANCE,
                  chk(None, "start_player"), chk(None, "marker"))
    yield y2.case("CO-END-YEAR-legal-places-sustenance-production", SUSTENANCE,
                  chk("Ann", "tools"), chk("Bo", "tools"), chk(None, "year"),
                  ch("market_card", card="farm"))


def entered(players: Sequence[str] = P2, **kw: Any) -> Table:
    """The opening with Ann's Steward on the first Market."""
    return opening(players, **kw).add(a("Ann", "place_steward", at=MARKET))


def move_cases() -> Iterable[Case]:
    o = opening()
    yield o.case("CO-STEWARD-ENTER-break-enters-on-a-place", a("Ann", "place_steward", at=GROVE),
                 want=("illegal", "CO-STEWARD-ENTER"))
    yield o.case("CO-STEWARD-ENTER-break-moves-before-entering", a("Ann", "move", to=GROVE),
                 want=("order", "CO-STEWARD-ENTER"))
    second = o.copy().turn("Ann", "joiner", "refine", enter=MARKET2, times=1)
    yield second.case("CO-STEWARD-ENTER-legal-enters-on-the-second-market",
                      chk("Ann", "planks"), chk(None, "turn"))
    yield o.case("CO-STEWARDS-break-a-second-steward-without-the-envoy",
                 a("Ann", "place_steward", steward=2, at=MARKET),
                 want=("illegal", "CO-STEWARDS"))
    e = entered()
    yield e.case("CO-MOVE-RANGE-break-two-places-away", a("Ann", "move", to="joiner"),
                 want=("illegal", "CO-MOVE-RANGE"),
                 note="the Joiner is two steps from the first Market; Range is 1")
    yield e.case("CO-MOVE-RANGE-break-stays-put", a("Ann", "move", to=MARKET),
                 want=("illegal", "CO-MOVE-RANGE"))
    jump = e.copy().add(a("Ann", "move", to=MARKET2), a("Ann", "sell", times=[0, 1]))
    yield jump.case("CO-MOVE-RANGE-legal-jump-to-the-second-market", chk("Ann", "dollars"),
                    chk("Ann", "range"))
    yield e.case("CO-MOVE-ACTION-break-builder-without-the-goods",
                 a("Ann", "move", to="builder_forester_house"),
                 want=("illegal", "CO-MOVE-ACTION"),
                 note="a Forester's House costs 2 Tools and 3 Wood; Ann holds 2 Wood")
    yield e.case("CO-MOVE-ACTION-break-gathers-at-a-builder", a("Ann", "move", to="builder_farm"),
                 a("Ann", "gather"), want=("order", "CO-MOVE-ACTION"))
    yield e.case("CO-MOVE-ACTION-break-discard-leaves-no-action",
                 a("Ann", "move", to="builder_storage_shed"),
                 a("Ann", "discard", goods={"wood": 1}), want=("illegal", "CO-MOVE-ACTION"),
                 note="with one Wood left the Storage Shed can no longer be built")
    built = e.copy().add(a("Ann", "move", to="builder_farm"),
                         a("Ann", "build", buildings=["farm", "farm"]))
    yield built.case("CO-MOVE-ACTION-legal-moves-and-builds", chk("Ann", "buildings"),
                     chk("Ann", "farmers"))
    winter = bo_summer(ann_summer(opening()))
    winter.turn("Ann", GROVE, "gather").turn("Ann", "joiner", "refine", times=1)
    yield winter.case("CO-MOVE-LEAVE-break-back-on-the-third-turn",
                      a("Ann", "move", to="librarian"), want=("illegal", "CO-MOVE-LEAVE"),
                      note="Ann's winter turns started on the Librarian, where her summer ended")
    yield winter.copy().turn("Ann", GROVE, "gather").case(
        "CO-MOVE-LEAVE-legal-back-on-a-place-passed-on-the-way", chk("Ann", "wood"),
        chk(None, "turn"))
    # Ann's Storage Sheds: Steward 2 of the Envoy's Embassy (solo)
    envoy = envoy_year()
    yield envoy.case("CO-STEWARDS-legal-the-envoy-gives-a-second-steward",
                     chk("Ann", "stewards"), a("Ann", "place_steward", steward=2, at=MARKET),
                     a("Ann", "move", steward=2, to=GROVE), a("Ann", "gather"),
                     chk("Ann", "wood"))
    two = envoy.copy().add(a("Ann", "place_steward", steward=2, at=MARKET))
    yield two.case("CO-MOVE-OWN-break-second-steward-onto-the-first",
                   a("Ann", "move", steward=2, to="diplomat"), want=("illegal", "CO-MOVE-OWN"),
                   note="Steward 1 stands on the Diplomat since the last winter")
    yield two.case("CO-MOVE-OWN-legal-both-stewards-on-a-market",
                   a("Ann", "move", to=MARKET), a("Ann", "subsidy"), chk("Ann", "wood"))


def envoy_winter() -> Table:
    """Ann alone: a Storage Shed, Clay, two cards; in the winter Wood from both Riverbank Groves,
    and her Steward on the Diplomat."""
    t = opening(P1)
    t.turn("Ann", "builder_storage_shed", "build", buildings=["storage_shed"])
    t.add(a("Ann", "employ", building="storage_shed"))
    t.turn("Ann", "head_official", "claim_marker")
    t.turn("Ann", "librarian", "draw_cards")
    t.add(ch("draw_improvement", card=110), ch("draw_improvement", card=122))
    t.turn("Ann", GROVE, "gather")
    t.turn("Ann", GROVE2, "gather", decline={"wood": 1})
    return t.move("Ann", "diplomat")


def envoy_year() -> Table:
    """The Envoy's Embassy, the first year's end, the second year's card and Places."""
    t = envoy_winter().add(a("Ann", "diplomacy", embassies={"envoy": 1}))
    lay_year_one(t, "Ann").add(SUSTENANCE)
    return t.year("forester_house", ("grove", "builder_flat", "builder_factory"))


def fee_cases() -> Iterable[Case]:
    t = ann_summer(opening())
    t.turn("Bo", "builder_storage_shed", "build", buildings=["storage_shed"])
    t.add(a("Bo", "employ", building="storage_shed"))
    t.turn("Bo", "head_official", "claim_marker")
    yield t.case("CO-FEE-break-no-fee-named", a("Bo", "move", to="librarian"),
                 want=("illegal", "CO-FEE"), note="Ann's Steward stands on the Librarian")
    yield t.case("CO-FEE-break-two-building-resources",
                 a("Bo", "move", to="librarian", fee={"Ann": {"tools": 1, "wood": 1, "clay": 1}}),
                 want=("illegal", "CO-FEE"), note="the Fee in Era I is 1 Tool or Food and 1 "
                 "building resource")
    yield t.case("CO-FEE-break-fee-paid-on-a-market",
                 a("Bo", "move", to=MARKET2, fee={"Ann": {"tools": 1, "wood": 1}}),
                 want=("illegal", "CO-FEE"), note="no Fee is paid on a Market, and Ann's "
                 "Steward is not on the second Market anyway")
    paid = t.copy().turn("Bo", "librarian", "draw_cards", fee={"Ann": {"tools": 1, "wood": 1}})
    paid.add(ch("draw_improvement", card=101), ch("draw_improvement", card=103))
    yield paid.case("CO-FEE-legal-a-tool-and-a-wood-to-ann", chk("Ann", "tools"),
                    chk("Ann", "wood"), chk("Bo", "tools"), chk("Bo", "wood"))
    yield t.case("CO-FEE-PAY-break-planks-bo-does-not-hold",
                 a("Bo", "move", to="librarian", fee={"Ann": {"food": 1, "planks": 1}}),
                 want=("illegal", "CO-FEE-PAY"))
    food = t.copy().turn("Bo", "librarian", "draw_cards", fee={"Ann": {"food": 1, "clay": 1}})
    food.add(ch("draw_improvement", card=101), ch("draw_improvement", card=103))
    yield food.case("CO-FEE-PAY-legal-food-and-clay-from-storage", chk("Ann", "food"),
                    chk("Ann", "clay"), chk("Bo", "food"), chk("Bo", "clay"))
    # the Pass: Ann plays it in the winter and pays Bo only the Tool in the second year
    p = bo_summer(ann_summer(opening()))
    p.turn("Ann", GROVE, "gather")
    p.turn("Ann", MARKET, "sell", times=[1, 0])
    p.turn("Ann", "developer", "develop", card=122)
    bo_winter(p)
    lay_year_one(p).add(SUSTENANCE).year("farm", ("grove", "builder_flat", "builder_factory"))
    p.turn("Bo", GROVE2, "gather")
    p.turn("Bo", MARKET2, "sell", times=[3, 1])
    p.turn("Bo", GROVE2, "gather")
    p.turn("Ann", MARKET2, "subsidy")
    yield p.case("CO-FEE-WAIVE-break-pays-a-wood-despite-the-pass",
                 a("Ann", "move", to=GROVE2, fee={"Bo": {"tools": 1, "wood": 1}}),
                 want=("illegal", "CO-FEE"), note="with the Pass the Fee is the Tool or Food "
                 "alone")
    waived = p.copy().turn("Ann", GROVE2, "gather", fee={"Bo": {"tools": 1}})
    yield waived.case("CO-FEE-WAIVE-legal-the-pass-drops-the-building-resource",
                      chk("Ann", "tools"), chk("Bo", "tools"), chk("Ann", "improvements"))


def storage_cases() -> Iterable[Case]:
    e = entered()
    yield e.case("CO-STORE-break-gathers-into-full-storage", a("Ann", "move", to=GROVE),
                 a("Ann", "gather"), want=("illegal", "CO-STORE"),
                 note="the Basic Storage holds 2 Wood and 1 Clay, the Warehouse lot the Food")
    s = ann_summer(opening())
    bo_summer(s).turn("Ann", GROVE, "gather")
    yield s.copy().turn("Ann", GROVE2, "gather", decline={"wood": 1}).case(
        "CO-STORE-legal-declines-what-does-not-fit", chk("Ann", "wood"), chk("Ann", "storage"),
        chk("Ann", "warehouse"))
    yield s.case("CO-RESOURCE-break-declines-more-than-the-grove-gives",
                 a("Ann", "move", to=GROVE2), a("Ann", "gather", decline={"wood": 3}),
                 want=("illegal", "CO-STORE"))
    yield s.case("CO-RESOURCE-legal-two-wood-from-the-riverbank-grove", chk("Ann", "wood"))
    full = entered(fills=((3, 0), (3, 0)))
    full.add(a("Ann", "move", to=MARKET2))
    yield full.case("CO-SPEND-break-four-goods-sold-from-three-storage-spaces",
                    a("Ann", "sell", times=[1, 3]), want=("illegal", "CO-SPEND"),
                    note="goods an action spends must all be in Storage at its start: the "
                    "Food in the Warehouse lot cannot join three Wood in the Basic Storage")
    yield full.copy().add(a("Ann", "sell", times=[1, 2])).case(
        "CO-SPEND-legal-the-food-moves-into-storage-first", chk("Ann", "dollars"),
        chk("Ann", "food"))
    d = entered(fills=((1, 2), (3, 0))).add(a("Ann", "move", to=GROVE))
    yield d.case("CO-DISCARD-break-tools-are-not-discarded", a("Ann", "discard",
                                                              goods={"tools": 1}),
                 want=("schema", "CO-DISCARD"))
    yield d.case("CO-DISCARD-break-wood-ann-does-not-hold", a("Ann", "discard",
                                                             goods={"wood": 2}),
                 want=("illegal", "CO-DISCARD"))
    yield d.copy().add(a("Ann", "discard", goods={"clay": 2}), a("Ann", "gather")).case(
        "CO-DISCARD-legal-clay-out-wood-in", chk("Ann", "wood"), chk("Ann", "clay"))
    # the Forester's House: its Wood goes to its Buffer
    f = opening(P1, fills=((3, 0),))
    f.turn("Ann", "builder_forester_house", "build", buildings=["forester_house"])
    f.add(a("Ann", "employ", building="forester_house"))
    f.turn("Ann", MARKET, "subsidy")
    f.turn("Ann", "librarian", "draw_cards")
    f.add(ch("draw_improvement", card=101), ch("draw_improvement", card=114))
    f.turn("Ann", "head_official", "claim_marker", decline={"clay": 1})
    f.turn("Ann", MARKET, "sell", times=[1, 0])
    f.turn("Ann", "developer", "develop", card=101, decline={"wood": 2})
    lay_year_one(f, "Ann")
    yield f.case("CO-BUFFER-break-claims-the-wood-in-storage", SUSTENANCE,
                 chk("Ann", "buffered_wood", value=0), want=("checkpoint", "LOG-CHECK-VALUE"))
    yield f.case("CO-BUFFER-legal-the-forester-fills-its-buffer", SUSTENANCE,
                 chk("Ann", "buffered_wood"), chk("Ann", "wood"))
    yield f.case("CO-PRODUCE-break-claims-no-smithy-tool", SUSTENANCE,
                 chk("Ann", "tools", -1), want=("checkpoint", "LOG-CHECK-VALUE"))
    yield f.case("CO-PRODUCE-legal-the-smithy-and-the-forester", SUSTENANCE,
                 chk("Ann", "tools"), chk("Ann", "buffered_wood"))
    # the Factory: a Farmer there adds a Wood to the Farmer-run Forester's House
    fa = factory_years()
    yield fa.case("CO-FACTORY-legal-a-farmer-there-adds-a-wood", SUSTENANCE,
                  chk("Ann", "buffered_wood"), chk("Ann", "employed_farmers"))
    yield fa.case("CO-FACTORY-break-claims-the-forester-without-the-bonus", SUSTENANCE,
                  chk("Ann", "buffered_wood", -1), want=("checkpoint", "LOG-CHECK-VALUE"),
                  note="the Forester's House yields 2 Wood, 3 with a Farmer in the Factory")
    yield fa.case("CO-REDISTRIBUTE-legal-both-farmers-change-jobs", SUSTENANCE,
                  chk("Ann", "storage"), chk("Ann", "wood"))


def lay_face_up(t: Table) -> Table:
    """The start player lays each face-up Place on the first cell the rules allow."""
    for slug in list(t.state.revealed):
        e = next(x for x in GAME.legal_actions(t.state)
                 if x.name == "place_tile" and x.get("place") == slug)
        t.add(e.to_json())
    return t


def factory_years() -> Table:
    """Ann alone: two Storage Sheds from a Building Contract hold the goods for a Factory, the
    Forester's House comes from the Market; at the end of the second year both Farmers leave the
    Storage Sheds for the Factory and the Forester's House."""
    cells = {"clay_delve": [-2, 3], "baker": [1, 2], "builder_factory": [-2, 2]}
    t = opening(P1, places=tuple(cells))
    t.turn("Ann", "librarian", "draw_cards")
    t.add(ch("draw_improvement", card=120), ch("draw_improvement", card=101))
    t.turn("Ann", MARKET, "sell", times=[1, 0])
    t.turn("Ann", "developer", "develop", card=120, buildings=["storage_shed", "storage_shed"])
    t.add(a("Ann", "employ", building="storage_shed"),
          a("Ann", "employ", building="storage_shed#2"))
    t.turn("Ann", MARKET, "subsidy")
    t.turn("Ann", GROVE, "gather")
    t.turn("Ann", GROVE2, "gather")
    for slug, cell in cells.items():
        t.add(a("Ann", "place_tile", place=slug, at=cell))
    t.add(SUSTENANCE).year("forester_house", ("grove", "builder_flat", "builder_pub"))
    t.turn("Ann", "builder_factory", "build", buildings=["factory"])
    t.turn("Ann", GROVE2, "gather")
    t.turn("Ann", MARKET2, "market_action", buildings=["forester_house"])
    t.turn("Ann", "baker", "gather")
    t.turn("Ann", MARKET2, "sell", times=[0, 1])
    t.turn("Ann", GROVE2, "gather")
    lay_face_up(t)
    t.add(a("Ann", "dismiss", building="storage_shed"),
          a("Ann", "dismiss", building="storage_shed#2"),
          a("Ann", "employ", building="factory", worker="farmer"),
          a("Ann", "employ", building="forester_house"))
    return t


def place_cases() -> Iterable[Case]:
    y = year_one()
    lay_year_one(y).add(SUSTENANCE).year("farm", ("grove", "builder_flat", "builder_factory"))
    # Bo starts the second year at the Baker
    food = y.copy().turn("Bo", "baker", "gather")
    yield food.case("CO-SUSTAINER-legal-two-food-from-the-baker", chk("Bo", "food"))
    food.turn("Bo", MARKET2, "sell", times=[0, 1]).add(a("Bo", "move", to="baker"))
    yield food.case("CO-SUSTAINER-break-sells-more-food-than-bo-holds",
                    a("Bo", "sell", times=2), want=("illegal", "CO-SPEND"),
                    note="the Baker buys 2 Food for 1 Dollar, as often as the player likes")
    yield food.case("CO-SUSTAINER-legal-food-sold-at-the-baker", a("Bo", "sell", times=1),
                    chk("Bo", "dollars"), chk("Bo", "food"))
    j = ann_summer(opening())
    bo_summer(j).turn("Ann", GROVE, "gather").add(a("Ann", "move", to="joiner"))
    yield j.case("CO-REFINE-break-twice-with-wood-for-once", a("Ann", "refine", times=2),
                 want=("illegal", "CO-REFINE"))
    yield j.case("CO-REFINE-legal-two-wood-into-a-plank", a("Ann", "refine", times=1),
                 chk("Ann", "planks"), chk("Ann", "wood"))
    h = entered()
    h.add(a("Ann", "move", to="head_official"))
    yield h.case("CO-HEAD-OFFICIAL-break-swaps-two-places",
                 a("Ann", "claim_marker", decline={"clay": 1}, swap=["joiner", "librarian"]),
                 want=("illegal", "CO-HEAD-OFFICIAL"),
                 note="only the Chief Officer of Era IV swaps Places")
    yield h.case("CO-HEAD-OFFICIAL-legal-the-marker-and-a-clay-declined",
                 a("Ann", "claim_marker", decline={"clay": 1}), chk(None, "marker"),
                 chk("Ann", "clay"))


def market_cases() -> Iterable[Case]:
    e = entered().add(a("Ann", "move", to=MARKET2))
    yield e.case("CO-MARKET-SALE-break-sells-more-wood-than-ann-holds",
                 a("Ann", "sell", times=[0, 3]), want=("illegal", "CO-SPEND"))
    yield e.case("CO-MARKET-SALE-break-one-count-for-two-offers", a("Ann", "sell", times=2),
                 want=("schema", "CO-VOCAB"),
                 note="the card has two offers: times is a list of two counts")
    yield e.case("CO-MARKET-SALE-legal-food-and-wood", a("Ann", "sell", times=[1, 2]),
                 chk("Ann", "dollars"))
    yield e.case("CO-MARKET-SUBSIDY-break-option-the-card-lacks",
                 a("Ann", "subsidy", option=1, decline={"clay": 2}),
                 want=("schema", "CO-VOCAB"),
                 note="the Storage Shed card's subsidy has one option (2 Clay)")
    p = opening(card="planks")
    p.turn("Ann", "builder_storage_shed", "build", buildings=["storage_shed"])
    p.add(a("Ann", "employ", building="storage_shed"))
    yield p.copy().turn("Ann", MARKET, "subsidy", option=1).case(
        "CO-MARKET-SUBSIDY-legal-clay-the-second-option", chk("Ann", "clay"))
    yield p.case("CO-MARKET-ACTION-break-refines-twice", a("Ann", "move", to=MARKET),
                 a("Ann", "market_action", times=2), want=("illegal", "CO-MARKET-ACTION"),
                 note="the Planks card refines once")
    f = entered(card="farm").add(a("Ann", "move", to=MARKET2))
    yield f.case("CO-MARKET-ACTION-break-two-farms", a("Ann", "market_action",
                                                        buildings=["farm", "farm"]),
                 want=("illegal", "CO-MARKET-ACTION"), note="the Farm card builds one Farm")
    yield f.case("CO-MARKET-ACTION-legal-the-farm-card-builds-a-farm",
                 a("Ann", "market_action", buildings=["farm"]), chk("Ann", "buildings"),
                 chk("Ann", "tools"))


def build_cases() -> Iterable[Case]:
    e = entered().add(a("Ann", "move", to="builder_farm"))
    yield e.case("CO-BUILD-legal-two-farms-in-one-action", a("Ann", "build",
                                                              buildings=["farm", "farm"]),
                 chk("Ann", "buildings"), chk("Ann", "tools"), chk("Ann", "wood"))
    yield e.case("CO-BUILD-break-a-library-at-the-farm-builder",
                 a("Ann", "build", buildings=["library"]), want=("illegal", "CO-BUILD"))
    yield e.case("CO-BUILD-break-three-farms-with-two-wood",
                 a("Ann", "build", buildings=["farm", "farm", "farm"]),
                 want=("illegal", "CO-BUILD"))
    one = entered(options={"last_era": 1}).add(a("Ann", "move", to="builder_farm"))
    yield one.case("CO-BUILD-SPOTS-legal-two-farms-on-the-twelve-spot-side",
                   a("Ann", "build", buildings=["farm", "farm"]), chk("Ann", "buildings"))
    # razing: a Farm for a Forester's House; the 2 Tools forgotten
    r = opening(P1, fills=((3, 0),)).add(a("Ann", "place_steward", at=MARKET))
    r.add(a("Ann", "move", to="builder_forester_house"))
    raze = {"building": "forester_house", "raze": "farm"}
    yield r.case("CO-RAZE-legal-a-farm-makes-way-for-a-forester", a("Ann", "build",
                                                                     buildings=[raze]),
                 chk("Ann", "buildings"), chk("Ann", "farmers"), chk("Ann", "tools"),
                 note="razing costs 2 Tools on top of the Forester's House; the Farm's "
                 "Farmer leaves with it")
    # both Farmers at work: a Farm can be neither razed nor remodelled
    w = both_at_work()
    yield w.case("CO-RAZE-break-the-farm-of-a-working-farmer",
                 a("Ann", "move", to="builder_storage_shed"),
                 a("Ann", "build", buildings=[{"building": "storage_shed", "raze": "farm"}]),
                 want=("illegal", "CO-RAZE"),
                 note="both Farmers work (Storage Shed, Forester's House): a Farm is razed only "
                 "with its Farmer at home")
    yield w.case("CO-REMODEL-break-a-flat-without-a-farmer-at-home",
                 a("Ann", "move", to="developer"),
                 a("Ann", "develop", card=116, buildings=["flat"]),
                 want=("illegal", "CO-REMODEL"),
                 note="a Farm becomes a Flat only with a Farmer at home to leave it")
    fl = flat_contract()
    yield fl.case("CO-REMODEL-legal-a-flat-from-a-farm",
                  a("Ann", "develop", card=116, buildings=["flat"]), chk("Ann", "buildings"),
                  chk("Ann", "farmers"), chk("Ann", "citizens"))
    yield fl.case("CO-REMODEL-break-a-flat-from-the-storage-shed",
                  a("Ann", "develop", card=116, buildings=[{"building": "flat",
                                                            "from": "storage_shed"}]),
                  want=("illegal", "CO-REMODEL"))


def both_at_work() -> Table:
    """Ann alone: a Storage Shed and a Forester's House, each with a Farmer, and two Building
    Contracts in hand; the second year starts with 2 Wood from the Market's subsidy."""
    t = opening(P1, fills=((3, 0),))
    t.turn("Ann", "builder_storage_shed", "build", buildings=["storage_shed"])
    t.add(a("Ann", "employ", building="storage_shed"))
    t.turn("Ann", "head_official", "claim_marker")
    t.turn("Ann", "librarian", "draw_cards")
    t.add(ch("draw_improvement", card=116), ch("draw_improvement", card=120))
    t.turn("Ann", GROVE, "gather")
    t.turn("Ann", MARKET, "sell", times=[1, 0])
    t.turn("Ann", "builder_forester_house", "build", buildings=["forester_house"])
    t.add(a("Ann", "employ", building="forester_house"))
    lay_year_one(t, "Ann").add(SUSTENANCE)
    t.year("forester_house", ("grove", "builder_flat", "builder_factory"))
    return t.turn("Ann", MARKET, "subsidy")


def flat_contract() -> Table:
    """Ann alone draws the Building Contract - Flat and goes to the Developer with 2 Wood."""
    t = opening(P1)
    t.turn("Ann", "builder_storage_shed", "build", buildings=["storage_shed"])
    t.add(a("Ann", "employ", building="storage_shed"))
    t.turn("Ann", "head_official", "claim_marker")
    t.turn("Ann", "librarian", "draw_cards")
    t.add(ch("draw_improvement", card=116), ch("draw_improvement", card=120))
    t.turn("Ann", GROVE, "gather")
    t.turn("Ann", MARKET, "sell", times=[1, 0])
    return t.move("Ann", "developer")


def worker_cases() -> Iterable[Case]:
    s = opening().turn("Ann", "builder_storage_shed", "build", buildings=["storage_shed"])
    yield s.case("CO-EMPLOY-legal-a-farmer-in-the-storage-shed",
                 a("Ann", "employ", building="storage_shed"), chk("Ann", "employed_farmers"),
                 chk("Ann", "storage"))
    s.add(a("Ann", "employ", building="storage_shed"))
    yield s.case("CO-EMPLOY-break-a-second-farmer-in-one-storage-shed",
                 a("Ann", "employ", building="storage_shed"), want=("illegal", "CO-EMPLOY"))
    yield s.case("CO-REDISTRIBUTE-break-dismissed-in-the-summer",
                 a("Ann", "dismiss", building="storage_shed"), want=("order", "CO-REDISTRIBUTE"))
    y = year_one()
    lay_year_one(y)
    yield y.case("CO-REDISTRIBUTE-legal-the-farmer-goes-home-at-the-end-of-the-year",
                 a("Ann", "dismiss", building="storage_shed"), chk("Ann", "employed_farmers"),
                 chk("Ann", "storage"), SUSTENANCE, chk("Ann", "planks"))


def card_cases() -> Iterable[Case]:
    yield entered().case("CO-DEVELOP-break-nothing-to-play", a("Ann", "move", to="developer"),
                         want=("illegal", "CO-MOVE-ACTION"),
                         note="the Developer's action is playing an improvement; Ann's hand "
                         "is empty, so she may not move there")
    d = opening(P1)
    d.turn("Ann", "librarian", "draw_cards")
    d.add(ch("draw_improvement", card=109), ch("draw_improvement", card=110))
    d.turn("Ann", MARKET, "sell", times=[1, 1])
    d.move("Ann", "developer")
    yield d.case("CO-DEVELOP-legal-two-tools-and-the-guestroom",
                 a("Ann", "develop", card=110, decline={"clay": 2}), chk("Ann", "tools"),
                 chk("Ann", "wood"), chk("Ann", "clay"), chk("Ann", "hand"))
    yield d.case("CO-DEVELOP-break-no-card-named", a("Ann", "develop"),
                 want=("schema", "CO-VOCAB"))
    yield d.case("CO-CARD-PLAY-break-card-not-in-hand", a("Ann", "develop", card=122),
                 want=("illegal", "CO-CARD-PLAY"))
    yield d.case("CO-CARD-EFFECT-legal-the-anvil-converts-once",
                 a("Ann", "develop", card=109, times=1), chk("Ann", "tools"),
                 chk("Ann", "wood"), chk("Ann", "clay"))
    yield d.case("CO-CARD-EFFECT-break-the-anvil-twice", a("Ann", "develop", card=109, times=2),
                 want=("illegal", "CO-CARD-EFFECT"), note="the Anvil converts once")
    yield d.case("CO-INSTITUTE-break-two-cards-without-an-institute",
                 a("Ann", "develop", cards=[109, {"card": 110, "decline": {"clay": 2}}]),
                 want=("illegal", "CO-INSTITUTE"))
    p = bo_summer(ann_summer(opening()))
    p.turn("Ann", GROVE, "gather")
    p.turn("Ann", MARKET, "sell", times=[1, 0])
    p.move("Ann", "developer")
    yield p.case("CO-CARD-PLAY-legal-the-pass-stays-in-front-of-ann",
                 a("Ann", "develop", card=122), chk("Ann", "improvements"), chk("Ann", "hand"),
                 chk("Ann", "tools"), chk("Ann", "clay"))


def library_cases() -> Iterable[Case]:
    t = opening(P1, fills=((3, 0),))
    t.turn("Ann", "builder_storage_shed", "build", buildings=["storage_shed"])
    t.add(a("Ann", "employ", building="storage_shed"))
    t.turn("Ann", "head_official", "claim_marker")
    t.add(a("Ann", "move", to="librarian"), a("Ann", "draw_cards"),
          ch("draw_improvement", card=109))
    yield t.case("CO-LIBRARIAN-break-the-card-drawn-twice", ch("draw_improvement", card=109),
                 want=("chance", "CO-LIBRARIAN"))
    yield t.case("CO-LIBRARIAN-break-an-era-two-card", ch("draw_improvement", card=201),
                 want=("chance", "CO-LIBRARIAN"))
    t.add(ch("draw_improvement", card=113))
    yield t.case("CO-LIBRARIAN-legal-two-cards-and-a-dollar", chk("Ann", "hand"),
                 chk("Ann", "dollars"))
    t.turn("Ann", GROVE, "gather")
    t.turn("Ann", "joiner", "refine", times=1)
    t.turn("Ann", MARKET2, "subsidy")
    lay_year_one(t, "Ann").add(SUSTENANCE)
    t.year("librarian", ("grove", "builder_flat", "builder_factory"))
    t.turn("Ann", MARKET, "sell", times=[0, 3])
    t.turn("Ann", "librarian", "draw_cards")
    t.add(ch("draw_improvement", card=116), ch("draw_improvement", card=121))
    t.add(a("Ann", "move", to="builder_library"))
    yield t.case("CO-BUILD-LIMIT-break-two-libraries",
                 a("Ann", "build", buildings=["library", "library"]),
                 want=("illegal", "CO-BUILD-LIMIT"), note="a community has one Library")
    yield t.copy().add(a("Ann", "build", buildings=["library"])).case(
        "CO-BUILD-LIMIT-legal-the-one-library", chk("Ann", "buildings"))
    t.add(a("Ann", "build", buildings=["library"]))
    yield t.case("CO-SPECIAL-break-a-farmer-for-the-library",
                 a("Ann", "employ", building="library"), want=("illegal", "CO-EMPLOY"),
                 note="the Library works without a Worker")
    t.add(a("Ann", "move", to="librarian"), a("Ann", "draw_cards"),
          *(ch("draw_improvement", card=n) for n in (101, 103, 105, 128)))
    yield t.case("CO-LIBRARIAN-break-keeps-one-of-four", a("Ann", "keep", cards=[105]),
                 want=("illegal", "CO-LIBRARIAN"),
                 note="with the Library 4 are drawn and 2 kept")
    yield t.case("CO-HAND-break-keeps-a-seventh-card", a("Ann", "keep", cards=[101, 105, 128]),
                 want=("illegal", "CO-HAND"))
    kept = t.copy().add(a("Ann", "keep", cards=[105, 128]))
    yield kept.case("CO-SPECIAL-legal-the-library-draws-four-without-a-worker",
                    chk("Ann", "hand"), chk("Ann", "employed_farmers"))
    yield kept.case("CO-HAND-legal-two-kept-up-to-six", chk("Ann", "hand"))
    yield kept.case("CO-HAND-legal-the-market-librarian-with-six-cards-and-a-library",
                    a("Ann", "move", to=MARKET), a("Ann", "market_action"),
                    note="the Library lets a hand of 6 draw, keep, and discard back to 6")


def diplomacy_cases() -> Iterable[Case]:
    w = envoy_winter()
    yield w.case("CO-EMBASSY-break-level-two-in-era-one",
                 a("Ann", "diplomacy", embassies={"envoy": 2}), want=("illegal", "CO-EMBASSY"),
                 note="relations reach level 1 in Era I")
    yield w.case("CO-EMBASSY-break-a-colony-not-in-play",
                 a("Ann", "diplomacy", embassies={"scholar": 1}), want=("illegal", "CO-EMBASSY"))
    yield w.case("CO-DIPLOMAT-break-two-relations-at-once",
                 a("Ann", "diplomacy", embassies={"envoy": 1, "lord": 1}),
                 want=("illegal", "CO-DIPLOMAT"), note="two Embassies cost 2 Tools, 6 Wood and 4 "
                 "Clay at once")
    done = w.copy().add(a("Ann", "diplomacy", embassies={"envoy": 1}))
    yield done.case("CO-DIPLOMAT-legal-a-relation-with-the-envoy", chk("Ann", "embassy_envoy"),
                    chk("Ann", "wood"), chk("Ann", "clay"))
    yield done.case("CO-EMBASSY-legal-on-a-building-spot", chk("Ann", "buildings"),
                    chk("Ann", "stewards"))
    yield done.case("CO-SCORE-legal-the-community-so-far", chk("Ann", "score"))
    yield done.case("CO-SCORE-break-claims-the-embassy-worth-nothing", chk("Ann", "score", -2),
                    want=("checkpoint", "CO-SCORE"))


# --------------------------------------------------------------------------- positions


def tile(slug: str, at: Any) -> Obj:
    return {"place": slug, "at": list(at)}


# the board of the scripted games once the first year's Places are laid
BOARD = [tile("market", [[0, 0], [1, 0]]), *(tile(slug, cell) for slug, cell in LAYOUT),
         tile("market", SECOND_MARKET),
         *(tile(slug, YEAR_ONE_CELLS[slug]) for slug in YEAR_ONE)]
# Era II: the third Market beyond the Head Official
BOARD_II = [*BOARD, tile("market", [[4, -1], [4, 0]])]


def worker(building: str, *workers: str) -> Obj:
    return {"building": building, "workers": list(workers)}


def position_cases() -> Iterable[Case]:
    yield refused_header("CO-POSITION-break-unknown-building", ("schema", "CO-POSITION"),
                         position={"board": BOARD, "year": 2, "players": {
                             "Ann": {"buildings": ["farm", "frm"]}}},
                         note="a position is refused on line 1, naming the field")
    yield refused_header("CO-POSITION-break-goods-beyond-storage", ("schema", "CO-POSITION"),
                         position={"board": BOARD, "year": 2, "players": {
                             "Ann": {"goods": {"wood": 5}, "tools": 6}}},
                         note="the Basic Storage has 3 spaces and the Warehouse 1 lot")
    winter = {"year": 3, "half": "winter", "turn": "Bo", "board": BOARD,
              "market_card": "planks", "start_player": "Ann", "players": {
                  "Ann": {"buildings": ["farm", "farm", worker("storage_shed", "farmer")],
                          "goods": {"wood": 2, "clay": 2, "food": 1}, "tools": 5,
                          "dollars": 2, "hand": [110], "stewards": [GROVE]},
                  "Bo": {"buildings": ["farm", "farm", worker("storage_shed", "farmer"),
                                       worker("forester_house", "farmer")],
                         "goods": {"wood": 3, "planks": 1}, "buffers": {"wood": 2},
                         "tools": 3, "dollars": 4, "stewards": ["joiner"]}}}
    t = Table(P2, position=winter)
    yield t.case("CO-POSITION-legal-bos-winter-from-a-position", a("Bo", "move", to=GROVE2),
                 a("Bo", "gather"), chk("Bo", "wood"), chk(None, "turn"))
    # sustenance: a Citizen in the Factory eats a Food at the end of the year
    citizen = {"stage": "end_year", "year": 2, "board": BOARD, "market_card": "farm",
               "players": {"Ann": {"buildings": ["farm", "flat", worker("storage_shed", "farmer"),
                                                 worker("factory", "citizen")],
                                   "goods": {"wood": 2, "clay": 1}, "tools": 2, "dollars": 3,
                                   "stewards": [MARKET2]}}}
    hungry = Table(P1, position=citizen)
    yield hungry.case("CO-SUSTAIN-break-a-citizen-without-food", SUSTENANCE,
                      want=("illegal", "CO-SUSTAIN"),
                      note="without Food Ann must send the Citizen home before the sustenance "
                      "phase")
    yield hungry.case("CO-SUSTAIN-legal-the-citizen-sent-home",
                      a("Ann", "dismiss", building="factory"), SUSTENANCE,
                      chk("Ann", "employed_citizens"), chk("Ann", "citizens"))
    fed = dict(citizen, players={"Ann": dict(citizen["players"]["Ann"],
                                             goods={"wood": 2, "food": 1})})
    yield Table(P1, position=fed).case("CO-SUSTAIN-legal-a-food-for-the-citizen", SUSTENANCE,
                                       chk("Ann", "food"), chk("Ann", "employed_citizens"))
    lodge = dict(citizen, players={"Ann": dict(citizen["players"]["Ann"], buildings=[
        "farm", "flat", worker("hunting_lodge", "farmer"), worker("factory", "citizen")])})
    yield Table(P1, position=lodge).case(
        "CO-SUSTAIN-legal-the-hunting-lodge-feeds-the-citizen", SUSTENANCE, chk("Ann", "food"),
        chk("Ann", "buffered_food"),
        note="the Hunting Lodge's Food is netted against the Citizen's demand")
    # the Institute: two improvements at the Developer
    institute = {"era": 2, "stage": "act", "board": BOARD_II, "market_card": "planks",
                 "players": {"Ann": {"buildings": ["farm", "farm", "flat",
                                                   worker("institute", "farmer", "farmer")],
                                     "tools": 1, "dollars": 4,
                                     "hand": [201, 205, 203], "stewards": ["developer"],
                                     "started": [MARKET], "moved": [1]}}}
    i = Table(P1, position=institute)
    yield i.case("CO-INSTITUTE-legal-two-cards-at-the-developer",
                 a("Ann", "develop", cards=[201, 205]), chk("Ann", "planks"),
                 chk("Ann", "food"), chk("Ann", "hand"), chk("Ann", "tools"))
    yield i.case("CO-INSTITUTE-break-three-cards", a("Ann", "develop", cards=[201, 205, 203]),
                 want=("illegal", "CO-INSTITUTE"))
    # Era IV: the Chief Officer in the Head Official's place; Era III: the Customs Office
    board_iv = [t if t["place"] != "head_official" else tile("chief_officer", t["at"])
                for t in BOARD_II]
    chief = {"era": 4, "stage": "act", "board": board_iv, "market_card": "planks",
             "players": {"Ann": {"buildings": ["farm", "farm", worker("storage_shed", "farmer")],
                                 "goods": {"wood": 2}, "tools": 3, "dollars": 4,
                                 "stewards": ["chief_officer"], "started": [MARKET],
                                 "moved": [1]},
                         "Bo": {"tools": 5, "stewards": ["joiner"]}}}
    co = Table(P2, position=chief)
    yield co.case("CO-HEAD-OFFICIAL-legal-the-chief-officer-swaps-two-places",
                  a("Ann", "claim_marker", swap=["librarian", "diplomat"]), chk(None, "marker"),
                  chk("Ann", "tools"), chk("Ann", "dollars"))
    yield co.case("CO-HEAD-OFFICIAL-break-the-chief-officer-swaps-an-occupied-place",
                  a("Ann", "claim_marker", swap=["joiner", "diplomat"]),
                  want=("illegal", "CO-HEAD-OFFICIAL"),
                  note="Bo's Steward stands on the Joiner; only unoccupied Places are swapped")
    customs = {"era": 3, "half": "winter", "turn": "Ann", "board": BOARD_II,
               "market_card": "coal", "players": {
                   "Ann": {"buildings": ["farm", "farm", "flat", "house",
                                         worker("customs_office", "merchant")],
                           "goods": {"food": 2}, "tools": 2, "stewards": [MARKET]},
                   "Bo": {"tools": 4, "stewards": [GROVE]}}}
    cu = Table(P2, position=customs)
    yield cu.case("CO-FEE-WAIVE-legal-the-customs-office-removes-the-fee",
                  a("Ann", "move", to=GROVE), a("Ann", "gather"), chk("Ann", "tools"),
                  chk("Bo", "tools"), chk("Ann", "wood"))
    yield cu.case("CO-FEE-WAIVE-break-a-fee-paid-with-the-customs-office",
                  a("Ann", "move", to=GROVE, fee={"Bo": {"food": 1, "wood": 1, "clay": 1,
                                                        "planks": 1}}),
                  want=("illegal", "CO-FEE-WAIVE"),
                  note="with a working Customs Office no Fee is due")
    # the end of the game
    late = {"year": 5, "stage": "end_year", "board": BOARD, "market_card": "head_official",
            "players": {
                "Ann": {"buildings": ["farm", "farm", "farm", "flat",
                                      worker("storage_shed", "farmer"),
                                      worker("forester_house", "farmer"),
                                      worker("factory", "citizen")],
                        "goods": {"wood": 2, "food": 2}, "tools": 2, "dollars": 7,
                        "improvements": [126], "stewards": [MARKET2]},
                "Bo": {"buildings": ["farm", "farm", worker("storage_shed", "farmer"),
                                     worker("hunting_lodge", "farmer"), "library"],
                       "goods": {"clay": 3}, "tools": 4, "dollars": 9, "embassies": {"lord": 1},
                       "stewards": ["joiner"]}}}
    end = Table(P2, {"last_era": 1}, late)
    yield end.case("CO-ERA-END-legal-the-game-ends-after-the-agreed-era", SUSTENANCE,
                   chk(None, "era"), FinalLine(), note="a game of Era I only")
    yield end.case("CO-ERA-END-break-a-move-after-the-end", SUSTENANCE,
                   a("Ann", "move", to=GROVE), want=("order", "CO-ERA-END"))
    yield end.case("CO-SCORE-break-final-score-one-too-high", SUSTENANCE,
                   FinalLine({"Bo": 1}), want=("score", "CO-SCORE"))
    example = {"era": 1, "year": 5, "stage": "over", "players": {"Ann": {
        "buildings": ["farm", "farm", "farm", "farm", "farm", "farm", "flat", "flat",
                      worker("factory", "citizen"), worker("factory", "citizen"),
                      worker("forester_house", "farmer"), worker("forester_house", "farmer"),
                      worker("storage_shed", "farmer"), worker("storage_shed", "farmer"),
                      worker("storage_shed", "farmer")],
        "improvements": [126, 127], "dollars": 6}}}
    yield Table(P1, {"last_era": 1}, example).case(
        "CO-SCORE-legal-the-rulebooks-scoring-example", chk("Ann", "score"), FinalLine(),
        note="the rulebook's example of scoring at the end of a game of Era I only")
    tied = {"year": 5, "stage": "over", "order": ["Ann", "Bo"],
            "players": {"Ann": {"buildings": ["farm", "farm", "farm",
                                              worker("storage_shed", "farmer"),
                                              worker("forester_house", "farmer")],
                                "dollars": 8},
                        "Bo": {"buildings": ["farm", "farm", worker("hunting_lodge", "farmer"),
                                             worker("storage_shed", "farmer")],
                               "dollars": 6, "embassies": {"lord": 1}}}}
    tie = Table(P2, {"last_era": 1}, tied)
    assert len({sc.total for sc in GAME.score(tie.state).values()}) == 1
    yield tie.case("CO-TIE-legal-the-later-player-wins-the-tie", chk("Ann", "score"),
                   chk("Bo", "score"), FinalLine(), note="both are worth the same; Ann took "
                   "the first three turns of the first year, so Bo wins")
    yield tie.case("CO-TIE-break-the-start-player-claims-the-win",
                   FinalLine(winners=["Ann"]), want=("score", "CO-TIE"))
    full = {"stage": "act", "year": 4, "board": BOARD, "market_card": "hunting_lodge",
            "players": {"Ann": {"buildings": [
                "farm", "farm", "farm", "farm", "farm", "farm", "farm",
                worker("storage_shed", "farmer"), worker("storage_shed", "farmer"),
                worker("storage_shed", "farmer"), worker("forester_house", "farmer"),
                worker("forester_house", "farmer"), worker("hunting_lodge", "farmer"),
                "library", "embassy_lord"],
                "embassies": {"lord": 1}, "goods": {"wood": 3, "clay": 2, "food": 1},
                "tools": 4, "dollars": 5, "stewards": ["builder_farm"], "started": [MARKET],
                "moved": [1]}}}
    spots = Table(P1, {"last_era": 1}, full)
    yield spots.case("CO-BUILD-SPOTS-break-a-building-with-no-spot-left",
                     a("Ann", "build", buildings=["farm"]), want=("illegal", "CO-BUILD-SPOTS"),
                     note="a game of Era I only: 12 building spots and the 3 Storage Facility "
                     "spots, all taken")
    yield spots.case("CO-BUILD-SPOTS-legal-a-farm-where-the-library-stood",
                     a("Ann", "build", buildings=[{"building": "farm", "raze": "library"}]),
                     chk("Ann", "buildings"), chk("Ann", "tools"))
    # Era II: the third Market, a Riverbank Forest
    era_two = {"era": 2, "stage": "third_market", "board": BOARD, "start_player": "Bo",
               "players": {"Ann": {"goods": {"wood": 2}, "tools": 3},
                           "Bo": {"goods": {"clay": 2}, "tools": 4}}}
    two = Table(P2, position=era_two)
    yield two.case("CO-ERA-START-break-a-card-before-the-third-market",
                   ch("market_card", card="hollow"), want=("chance", "CO-ERA-START"),
                   note="Era II begins with the start player adding the third Market")
    yield two.case("CO-ERA-START-legal-the-third-market",
                   a("Bo", "place_market", at=[[4, -1], [4, 0]]), ch("market_card", card="hollow"),
                   chk(None, "era"), chk(None, "market_card"))
    forest = {"era": 2, "stage": "end_year", "board": BOARD_II, "start_player": "Bo",
              "market_card": "hollow", "revealed": ["riverbank_forest", "ore_pit", "joiner"],
              "players": {"Ann": {"goods": {"wood": 2}, "tools": 3, "stewards": [GROVE]},
                          "Bo": {"goods": {"clay": 2}, "tools": 4, "stewards": ["diplomat"]}}}
    f = Table(P2, position=forest)
    yield f.case("CO-BOARD-REPLACE-break-the-forest-on-the-joiner",
                 a("Bo", "place_tile", place="riverbank_forest", at=[0, 2]),
                 want=("illegal", "CO-BOARD-REPLACE"),
                 note="the Riverbank Forest takes the spot of a Riverbank Grove")
    yield f.case("CO-BOARD-REPLACE-legal-the-forest-on-a-grove",
                 a("Bo", "place_tile", place="riverbank_forest", at=GROVE2),
                 a("Bo", "place_tile", place="ore_pit", at=[1, 3]),
                 a("Bo", "place_tile", place="joiner", at=[2, 2]), SUSTENANCE,
                 ch("market_card", card="bricks"))


# --------------------------------------------------------------------------- colonies

# Cases of the colonies, level by level, the Special Ambassadors, later starts and saved games:
# most start from a position in the era the level belongs to.

# the Market card of each era the positions show, and the board of Era IV (the Chief Officer
# in the Head Official's place)
CARD = {1: "farm", 2: "planks", 3: "coal", 4: "planks"}
BOARD_IV = [t if t["place"] != "head_official" else tile("chief_officer", t["at"])
            for t in BOARD_II]
THIRD = [4, -1]   # the third Market
FIVE = ["alchemist", "altruist", "envoy", "industrialist", "laborer", "lord", "scholar",
        "storekeeper", "trader"]


def colonies_for(era: int, wanted: Sequence[str]) -> list[str]:
    count = 5 if era >= 3 else 4
    out = list(dict.fromkeys(wanted))
    out += [c for c in FIVE if c not in out]
    return sorted(out[:count])


def at_era(era: int, players: dict[str, Obj], colonies: Sequence[str] = (), **table: Any) -> Obj:
    """A position in ``era``: the board of the scripted games (Era IV with its Chief Officer),
    the era's Market card, the colonies of the players' Embassies in play."""
    wanted = list(colonies) + [c for p in players.values() for c in p.get("embassies", {})]
    board = BOARD if era == 1 else BOARD_IV if era == 4 else BOARD_II
    out: Obj = {"era": era, "board": board, "market_card": CARD[era],
                "colonies": colonies_for(era, wanted), "players": players}
    out.update(table)
    return out


def acting(place: Any, start: Any = MARKET) -> Obj:
    """A player's Steward at ``place`` after this turn's move (stage act)."""
    return {"stewards": [place], "started": [start], "moved": [1]}


def colony_cases() -> list[Case]:
    c: list[Case] = []
    for group in (alchemist_cases, altruist_cases, envoy_cases, industrialist_cases,
                  laborer_cases, lord_cases, scholar_cases, storekeeper_cases, trader_cases,
                  embassy_cases, ambassador_cases, later_cases, saved_cases):
        c.extend(group())
    return c


# --------------------------------------------------------------------------- the Alchemist


def alchemist_cases() -> Iterable[Case]:
    grove = Table(P2, position=at_era(1, {"Ann": {"embassies": {"alchemist": 1}, "tools": 2,
                                                  **acting(GROVE)}}, stage="act"))
    yield grove.case("CO-ALCHEMIST-1-legal-wood-taken-as-clay",
                     a("Ann", "gather", exchange=[["wood", "clay", 1]]), chk("Ann", "wood"),
                     chk("Ann", "clay"))
    yield grove.case("CO-ALCHEMIST-1-break-more-exchanged-than-received",
                     a("Ann", "gather", exchange=[["wood", "clay", 3]]),
                     want=("illegal", "CO-ALCHEMIST-1"),
                     note="the Riverbank Grove gives 2 Wood: at most 2 are exchanged")
    joiner = at_era(2, {"Ann": {"embassies": {"alchemist": 2}, "goods": {"wood": 2},
                                "tools": 2, **acting("joiner")}}, stage="act",
                    ambassadors={"alchemist": MARKET})
    yield Table(P2, position=joiner).case(
        "CO-ALCHEMIST-2-legal-planks-taken-as-bricks",
        a("Ann", "refine", times=1, exchange=[["planks", "bricks", 1]]), chk("Ann", "bricks"),
        note="refined goods are received like any others")
    level1 = at_era(2, {"Ann": {"embassies": {"alchemist": 1}, "goods": {"wood": 2},
                                "tools": 2, **acting("joiner")}}, stage="act")
    yield Table(P2, position=level1).case(
        "CO-ALCHEMIST-2-break-bricks-at-level-one",
        a("Ann", "refine", times=1, exchange=[["planks", "bricks", 1]]),
        want=("illegal", "CO-ALCHEMIST-2"), note="Planks and Bricks come with level II")
    baker = at_era(3, {"Ann": {"embassies": {"alchemist": 3}, "tools": 2, **acting("baker")}},
                   stage="act", ambassadors={"alchemist": MARKET})
    yield Table(P2, position=baker).case(
        "CO-ALCHEMIST-3-legal-food-taken-as-ore", a("Ann", "gather", exchange=[["food", "ore",
                                                                               1]]),
        chk("Ann", "ore"), chk("Ann", "food"))
    low = at_era(3, {"Ann": {"embassies": {"alchemist": 2}, "tools": 2, **acting("baker")}},
                 stage="act", ambassadors={"alchemist": MARKET})
    yield Table(P2, position=low).case(
        "CO-ALCHEMIST-3-break-ore-at-level-two",
        a("Ann", "gather", exchange=[["food", "ore", 1]]), want=("illegal", "CO-ALCHEMIST-3"))
    market = at_era(4, {"Ann": {"embassies": {"alchemist": 4}, "goods": {"wood": 2, "clay": 1},
                                "tools": 2, **acting(MARKET2)}}, stage="act",
                    ambassadors={"alchemist": MARKET})
    m = Table(P2, position=market)
    yield m.case("CO-ALCHEMIST-4-legal-three-goods-for-a-tool",
                 a("Ann", "market_trade", colony="alchemist", give={"wood": 2, "clay": 1},
                   get={"tools": 1}), chk("Ann", "tools"), chk("Ann", "wood"))
    yield m.case("CO-ALCHEMIST-4-break-two-goods-for-a-tool",
                 a("Ann", "market_trade", colony="alchemist", give={"wood": 2},
                   get={"tools": 1}), want=("illegal", "CO-ALCHEMIST-4"))


# --------------------------------------------------------------------------- the Altruist


def altruist_cases() -> Iterable[Case]:
    first = Table(P2, position=at_era(1, {"Ann": {"embassies": {"altruist": 1}, "tools": 2,
                                                  "stewards": [MARKET]}}))
    yield first.case("CO-ALTRUIST-1-legal-charity-at-the-first-turn",
                     a("Ann", "charity", goods={"wood": 2}), a("Ann", "move", to=GROVE),
                     a("Ann", "gather", decline={"wood": 1}), chk("Ann", "wood"),
                     chk("Ann", "warehouse"))
    yield first.case("CO-ALTRUIST-1-break-charity-twice",
                     a("Ann", "charity", goods={"wood": 2}),
                     a("Ann", "charity", goods={"clay": 1}), want=("order", "CO-ALTRUIST-1"))
    second = Table(P2, position=at_era(2, {"Ann": {"embassies": {"altruist": 2}, "tools": 2,
                                                   "stewards": [MARKET]}},
                                       ambassadors={"altruist": MARKET}))
    yield second.case("CO-ALTRUIST-2-legal-a-plank-as-charity",
                      a("Ann", "charity", goods={"planks": 1}), chk("Ann", "planks"))
    yield first.case("CO-ALTRUIST-2-break-a-plank-at-level-one",
                     a("Ann", "charity", goods={"planks": 1}), want=("illegal", "CO-ALTRUIST-2"))
    year = at_era(3, {"Ann": {"embassies": {"altruist": 3}, "tools": 2,
                              "buildings": ["farm", "flat",
                                            worker("storage_house", "citizen")],
                              "stewards": [MARKET]}}, stage="end_year", year=2,
                  ambassadors={"altruist": MARKET2})
    end = Table(P2, position=year)
    yield end.case("CO-ALTRUIST-3-legal-a-robe-this-year",
                   a("Ann", "choose", goods={"robes": 1}), SUSTENANCE, chk("Ann", "robes"),
                   chk("Ann", "food"),
                   note="the Altruist's Food (level II) feeds the Citizen; the choice gives a "
                   "Robe")
    low = dict(year, players={"Ann": dict(year["players"]["Ann"], embassies={"altruist": 2})})
    yield Table(P2, position=low).case("CO-ALTRUIST-3-break-a-choice-at-level-two",
                                       a("Ann", "choose", goods={"robes": 1}),
                                       want=("illegal", "CO-ALTRUIST-3"))
    fourth = Table(P2, position=at_era(4, {"Ann": {"embassies": {"altruist": 4}, "tools": 2,
                                                   "stewards": [MARKET]}},
                                       ambassadors={"altruist": MARKET}))
    yield fourth.case("CO-ALTRUIST-4-legal-iron-as-charity",
                      a("Ann", "charity", goods={"iron": 1}), chk("Ann", "iron"))
    three = Table(P2, position=at_era(4, {"Ann": {"embassies": {"altruist": 3}, "tools": 2,
                                                  "stewards": [MARKET]}},
                                      ambassadors={"altruist": MARKET}))
    yield three.case("CO-ALTRUIST-4-break-iron-at-level-three",
                     a("Ann", "charity", goods={"iron": 1}), want=("illegal", "CO-ALTRUIST-4"))
    tool = at_era(4, {"Ann": {"embassies": {"altruist": 4}, "tools": 2,
                              "stewards": [MARKET]}}, stage="end_year", year=2,
                  ambassadors={"altruist": MARKET2})
    yield Table(P2, position=tool).case("CO-ALTRUIST-4-legal-a-tool-in-production",
                                        SUSTENANCE, chk("Ann", "tools"),
                                        note="the Smithy's Tool and the Altruist's")


# --------------------------------------------------------------------------- the Envoy


def envoy_cases() -> Iterable[Case]:
    two = Table(P2, position=at_era(1, {"Ann": {"embassies": {"envoy": 1}, "tools": 2,
                                                "stewards": [MARKET, None]}}))
    yield two.case("CO-ENVOY-1-legal-a-second-steward",
                   a("Ann", "place_steward", steward=2, at=MARKET2),
                   a("Ann", "move", steward=2, to=GROVE2), a("Ann", "gather"),
                   chk("Ann", "stewards"))
    one = Table(P2, position=at_era(1, {"Ann": {"tools": 2, "stewards": [MARKET]}}))
    yield one.case("CO-ENVOY-1-break-a-second-steward-without-the-envoy",
                   a("Ann", "place_steward", steward=2, at=MARKET2),
                   want=("illegal", "CO-STEWARDS"))
    far = {"goods": {"wood": 2, "food": 1}, "tools": 2, "stewards": [GROVE2]}
    jump = Table(P2, position=at_era(2, {"Ann": dict(far, embassies={"envoy": 2},
                                                     goods={"wood": 3, "clay": 2},
                                                     buildings=["farm", "farm", worker(
                                                         "storage_shed", "farmer")])}))
    yield jump.case("CO-ENVOY-2-legal-a-jump-to-the-diplomat",
                    a("Ann", "move", to="diplomat"),
                    a("Ann", "diplomacy", embassies={"alchemist": 1}),
                    chk("Ann", "embassy_alchemist"),
                    note="the Diplomat is beyond Range 1 of the second Riverbank Grove")
    boost = Table(P2, position=at_era(2, {"Ann": dict(far, embassies={"envoy": 2},
                                                      stewards=["builder_library"])}))
    yield boost.case("CO-ENVOY-2-legal-the-fee-paid-for-range",
                     a("Ann", "move", to=GROVE, boost={"food": 1, "wood": 2}),
                     a("Ann", "gather"), chk("Ann", "wood"), chk("Ann", "food"))
    used = at_era(2, {"Ann": dict(far, embassies={"envoy": 2},
                                  stewards=["builder_library"], uses={"boost": 11})})
    yield Table(P2, position=used).case(
        "CO-ENVOY-2-break-a-second-boost-in-the-half-year",
        a("Ann", "move", to=GROVE, boost={"food": 1, "wood": 2}),
        want=("illegal", "CO-ENVOY-2"), note="the uses count the half-year (11: era II, year 1, "
        "summer)")
    ranged = Table(P2, position=at_era(3, {"Ann": dict(far, embassies={"envoy": 3},
                                                       stewards=["builder_library"])}))
    yield ranged.case("CO-ENVOY-3-legal-range-two", a("Ann", "move", to=GROVE),
                      a("Ann", "gather", decline={"wood": 1}), chk("Ann", "range"))
    yield ranged.case("CO-ENVOY-3-break-range-three", a("Ann", "move", to=GROVE2),
                      want=("illegal", "CO-MOVE-RANGE"),
                      note="Range 2: the second Riverbank Grove lies three steps away")
    dip = at_era(4, {"Ann": {"embassies": {"envoy": 4, "alchemist": 1},
                             "goods": {"planks": 1, "bricks": 1}, "tools": 2,
                             **acting("diplomat")}}, stage="act", action={"market": True})
    d4 = Table(P2, position=dip)
    yield d4.case("CO-ENVOY-4-legal-a-market-action-and-a-tool-at-the-diplomat",
                  a("Ann", "diplomacy", embassies={"alchemist": 2},
                    ambassadors={"alchemist": THIRD}),
                  a("Ann", "subsidy"), chk("Ann", "tools"), chk(None, "turn"),
                  note="the relation's Tool paid, the Envoy's Tool received, then the Market's "
                  "subsidy at the Diplomat")
    yield d4.case("CO-ENVOY-4-break-two-market-actions", a("Ann", "subsidy"),
                  a("Ann", "subsidy"), want=("order", "CO-MOVE-ACTION"))


# --------------------------------------------------------------------------- the Industrialist


def industrialist_cases() -> Iterable[Case]:
    after = {"stage": "market_card", "year": 2}
    one = at_era(1, {"Ann": {"embassies": {"industrialist": 1}, "goods": {"wood": 2},
                             "tools": 2}}, **after)
    t1 = Table(P2, position=one)
    yield t1.case("CO-INDUSTRIALIST-1-legal-planks-in-production",
                  a("Ann", "convert", colony="industrialist", times=1), chk("Ann", "planks"))
    none = at_era(1, {"Ann": {"goods": {"wood": 2}, "tools": 2}}, colonies=["industrialist"],
                  **after)
    yield Table(P2, position=none).case(
        "CO-INDUSTRIALIST-1-break-refining-without-the-relation",
        a("Ann", "convert", colony="industrialist", times=1),
        want=("illegal", "CO-INDUSTRIALIST-1"))
    factory = at_era(1, {"Ann": {"embassies": {"industrialist": 1}, "tools": 2,
                                 "buildings": ["farm", "farm",
                                               worker("forester_house", "farmer")]}},
                     stage="end_year", year=2)
    yield Table(P2, position=factory).case(
        "CO-INDUSTRIALIST-1-legal-the-embassy-works-as-a-factory",
        a("Ann", "choose", worker="farmer"), SUSTENANCE, chk("Ann", "buffered_wood"),
        note="the Forester's House yields 3 Wood, its Buffer holds them")
    yield t1.case("CO-INDUSTRIALIST-2-break-twice-at-level-one",
                  a("Ann", "convert", colony="industrialist", give={"wood": 4},
                    get={"planks": 2}), want=("illegal", "CO-INDUSTRIALIST-2"))
    two = at_era(2, {"Ann": {"embassies": {"industrialist": 2}, "goods": {"wood": 3, "clay": 1},
                             "tools": 2}}, **after)
    t2 = Table(P2, position=two)
    yield t2.case("CO-INDUSTRIALIST-2-legal-a-brick-in-production",
                  a("Ann", "convert", colony="industrialist", give={"wood": 1, "clay": 1},
                    get={"bricks": 1}), chk("Ann", "bricks"))
    two_b = dict(two, players={"Ann": dict(two["players"]["Ann"],
                                           goods={"wood": 2, "clay": 2})})
    yield Table(P2, position=two_b).case(
        "CO-INDUSTRIALIST-3-break-two-bricks-at-level-two",
        a("Ann", "convert", colony="industrialist", give={"wood": 2, "clay": 2},
          get={"bricks": 2}), want=("illegal", "CO-INDUSTRIALIST-3"))
    three = at_era(3, {"Ann": {"embassies": {"industrialist": 3}, "goods": {"wood": 3},
                               "tools": 2}}, **after)
    yield Table(P2, position=three).case(
        "CO-INDUSTRIALIST-3-legal-coal-in-production",
        a("Ann", "convert", colony="industrialist", give={"wood": 3}, get={"coal": 1}),
        chk("Ann", "coal"), chk("Ann", "warehouse"))
    four = at_era(4, {"Ann": {"embassies": {"industrialist": 4}, "goods": {"wood": 3},
                              "tools": 2}}, **after)
    yield Table(P2, position=four).case(
        "CO-INDUSTRIALIST-4-legal-wood-to-planks-one-for-one",
        a("Ann", "convert", colony="industrialist", give={"wood": 3}, get={"planks": 3}),
        chk("Ann", "planks"))
    three_p = at_era(4, {"Ann": {"embassies": {"industrialist": 3}, "goods": {"wood": 3},
                                 "tools": 2}}, **after)
    yield Table(P2, position=three_p).case(
        "CO-INDUSTRIALIST-4-break-one-for-one-at-level-three",
        a("Ann", "convert", colony="industrialist", give={"wood": 1}, get={"planks": 1}),
        want=("illegal", "CO-INDUSTRIALIST-4"))


# --------------------------------------------------------------------------- the Laborer


def laborer_cases() -> Iterable[Case]:
    busy = ["farm", worker("storage_shed", "farmer"), "flat", "forester_house"]
    one = at_era(1, {"Ann": {"embassies": {"laborer": 1}, "buildings": busy,
                             "goods": {"food": 1}, "tools": 2, "stewards": [MARKET]}})
    yield Table(P2, position=one).case(
        "CO-LABORER-1-legal-a-citizen-in-the-foresters-house",
        a("Ann", "employ", building="forester_house", worker="citizen"),
        chk("Ann", "employed_citizens"))
    free = dict(one, players={"Ann": dict(one["players"]["Ann"], buildings=[
        "farm", "farm", "flat", "forester_house"])})
    yield Table(P2, position=free).case(
        "CO-LABORER-1-break-while-a-farmer-is-free",
        a("Ann", "employ", building="forester_house", worker="citizen"),
        want=("illegal", "CO-LABORER-1"))
    two = at_era(2, {"Ann": {"embassies": {"laborer": 2}, "tools": 2, "stewards": [MARKET],
                             "buildings": ["farm", "farm", "storage_house", "storage_house"]}},
                 ambassadors={"laborer": MARKET})
    t2 = Table(P2, position=two)
    yield t2.case("CO-LABORER-2-legal-a-farmer-in-the-storage-house",
                  a("Ann", "employ", building="storage_house#1", worker="farmer"),
                  chk("Ann", "storage"))
    t2.add(a("Ann", "employ", building="storage_house#1", worker="farmer"))
    yield t2.case("CO-LABORER-2-break-a-second-farmer",
                  a("Ann", "employ", building="storage_house#2", worker="farmer"),
                  want=("illegal", "CO-LABORER-2"))
    three = at_era(3, {"Ann": {"embassies": {"laborer": 3}, "tools": 2, "stewards": [MARKET],
                               "goods": {"food": 2, "robes": 1},
                               "buildings": ["farm", worker("storage_shed", "farmer"), "house",
                                             "storage_house"]}},
                   ambassadors={"laborer": MARKET})
    yield Table(P2, position=three).case(
        "CO-LABORER-3-legal-a-merchant-in-the-storage-house",
        a("Ann", "employ", building="storage_house", worker="merchant"),
        chk("Ann", "employed_merchants"))
    cit = dict(three, players={"Ann": dict(three["players"]["Ann"], buildings=[
        "farm", worker("storage_shed", "farmer"), "house", "flat", "storage_house"])})
    yield Table(P2, position=cit).case(
        "CO-LABORER-3-break-while-a-citizen-is-free",
        a("Ann", "employ", building="storage_house", worker="merchant"),
        want=("illegal", "CO-LABORER-3"))
    four = at_era(4, {"Ann": {"embassies": {"laborer": 4}, "tools": 2, "stewards": [MARKET],
                              "goods": {"food": 3},
                              "buildings": ["farm", "flat", "flat", "flat", "stables",
                                            "boardinghouse", "customs_office"]}},
                  ambassadors={"laborer": MARKET})
    t4 = Table(P2, position=four)
    t4.add(a("Ann", "employ", building="stables", worker="citizen"))
    yield t4.case("CO-LABORER-4-legal-two-citizens-in-merchant-buildings",
                  a("Ann", "employ", building="boardinghouse", worker="citizen"),
                  chk("Ann", "stewards"), chk("Ann", "range"))
    t4.add(a("Ann", "employ", building="boardinghouse", worker="citizen"))
    yield t4.case("CO-LABORER-4-break-a-third-citizen",
                  a("Ann", "employ", building="customs_office", worker="citizen"),
                  want=("illegal", "CO-LABORER-4"))


# --------------------------------------------------------------------------- the Lord


def lord_cases() -> Iterable[Case]:
    one = Table(P2, position=at_era(1, {"Ann": {"embassies": {"lord": 1}, "tools": 2,
                                                **acting("builder_farm")}}, stage="act"))
    yield one.case("CO-LORD-1-legal-clay-instead-of-building",
                   a("Ann", "ignore", goods={"clay": 1}), chk("Ann", "clay"))
    mk = Table(P2, position=at_era(1, {"Ann": {"embassies": {"lord": 1}, "tools": 2,
                                               **acting(MARKET2)}}, stage="act"))
    yield mk.case("CO-LORD-1-break-ignoring-a-market", a("Ann", "ignore", goods={"clay": 1}),
                  want=("illegal", "CO-LORD-1"))
    yield one.case("CO-LORD-2-break-food-at-level-one", a("Ann", "ignore", goods={"food": 1}),
                   want=("illegal", "CO-LORD-2"))
    fee = Table(P2, position=at_era(2, {"Ann": {"embassies": {"lord": 2}, "tools": 2,
                                                "stewards": [MARKET]},
                                        "Bo": {"tools": 2, "stewards": [GROVE]}}))
    yield fee.case("CO-LORD-2-legal-no-fee-for-the-lord", a("Ann", "move", to=GROVE),
                   a("Ann", "ignore", goods={"food": 1}), chk("Ann", "food"), chk("Bo", "tools"),
                   note="Bo's Steward stands on the Riverbank Grove; the Lord pays no Fee")
    swap = Table(P2, position=at_era(3, {"Ann": {"embassies": {"lord": 3}, "tools": 2,
                                                 "stewards": [MARKET]}}))
    yield swap.case("CO-LORD-3-legal-two-places-swapped",
                    a("Ann", "swap_places", swap=["joiner", "developer"]),
                    a("Ann", "move", to=[1, -1]), a("Ann", "ignore", goods={"ore": 1}),
                    chk("Ann", "ore"),
                    note="the Joiner now lies next to the first Market, where the Developer was")
    yield swap.case("CO-LORD-3-break-a-second-swap-in-the-half-year",
                    a("Ann", "swap_places", swap=["joiner", "developer"]),
                    a("Ann", "swap_places", swap=["librarian", "diplomat"]),
                    want=("illegal", "CO-LORD-3"))
    four = Table(P2, position=at_era(4, {"Ann": {"embassies": {"lord": 4}, "tools": 2,
                                                 **acting("librarian")}}, stage="act"))
    yield four.case("CO-LORD-4-legal-iron-and-a-tool", a("Ann", "ignore", goods={"iron": 1}),
                    chk("Ann", "iron"), chk("Ann", "tools"))
    three = Table(P2, position=at_era(4, {"Ann": {"embassies": {"lord": 3}, "tools": 2,
                                                  **acting("librarian")}}, stage="act"))
    yield three.case("CO-LORD-4-break-iron-at-level-three",
                     a("Ann", "ignore", goods={"iron": 1}), want=("illegal", "CO-LORD-4"))


# --------------------------------------------------------------------------- the Scholar


def scholar_cases() -> Iterable[Case]:
    lib = Table(P2, position=at_era(1, {"Ann": {"embassies": {"scholar": 1}, "tools": 2,
                                                **acting("librarian")}}, stage="act",
                                    piles={"improvements": [101, 102, 103, 104, 105]}))
    lib.add(a("Ann", "draw_cards"), *(ch("draw_improvement", card=n) for n in (101, 102, 103,
                                                                                104)))
    yield lib.case("CO-SCHOLAR-1-legal-four-drawn-two-kept",
                   a("Ann", "keep", cards=[101, 103]), chk("Ann", "hand"))
    yield lib.case("CO-SCHOLAR-1-break-three-kept", a("Ann", "keep", cards=[101, 102, 103]),
                   want=("illegal", "CO-LIBRARIAN"))
    prod = Table(P2, position=at_era(1, {"Bo": {"embassies": {"scholar": 1}, "tools": 2,
                                                "stewards": [MARKET]}}, stage="end_year",
                                     year=2, piles={"improvements": [110, 111, 112]}))
    yield prod.case("CO-SCHOLAR-1-legal-draws-in-production", SUSTENANCE,
                    ch("draw_improvement", card=110), ch("draw_improvement", card=111),
                    a("Bo", "keep", cards=[111]), chk("Bo", "hand"))
    two = Table(P2, position=at_era(2, {"Ann": {"embassies": {"scholar": 2}, "tools": 2,
                                                **acting("librarian")}}, stage="act",
                                    piles={"improvements": [201, 202, 203, 204, 205]}))
    two.add(a("Ann", "draw_cards"), *(ch("draw_improvement", card=n) for n in (201, 203,
                                                                                205, 204)),
            a("Ann", "keep", cards=[201, 205]))
    yield two.case("CO-SCHOLAR-2-legal-a-card-played-after-drawing",
                   a("Ann", "play", card=201), chk("Ann", "hand"), chk("Ann", "planks"))
    yield two.case("CO-SCHOLAR-2-break-two-cards-played",
                   a("Ann", "play", card=201), a("Ann", "play", card=205),
                   want=("order", "CO-SCHOLAR-2"))
    jump = Table(P2, position=at_era(3, {"Ann": {"embassies": {"scholar": 3}, "tools": 2,
                                                 "hand": [301], "stewards": [GROVE2]}}))
    yield jump.case("CO-SCHOLAR-3-legal-a-jump-to-the-developer",
                    a("Ann", "move", to="developer"), a("Ann", "develop", card=301),
                    chk("Ann", "tools"))
    low = Table(P2, position=at_era(3, {"Ann": {"embassies": {"scholar": 2}, "tools": 2,
                                                "hand": [301], "stewards": [GROVE2]}}))
    yield low.case("CO-SCHOLAR-3-break-a-jump-at-level-two", a("Ann", "move", to="developer"),
                   want=("illegal", "CO-MOVE-RANGE"))
    dev = at_era(4, {"Ann": {"embassies": {"scholar": 4}, "tools": 0, "goods": {"wood": 2},
                             "hand": [126], **acting("developer")}}, stage="act")
    yield Table(P2, position=dev).case(
        "CO-SCHOLAR-4-legal-an-improvement-without-tools", a("Ann", "develop", card=126),
        chk("Ann", "tools"), chk("Ann", "improvements"),
        note="the Beaver's Lodge costs 1 Tool and 2 Wood; the Scholar pays the Wood only")
    dev3 = at_era(4, {"Ann": {"embassies": {"scholar": 3}, "tools": 0, "goods": {"wood": 2},
                              "hand": [126], **acting("developer")}}, stage="act")
    yield Table(P2, position=dev3).case(
        "CO-SCHOLAR-4-break-tools-at-level-three", a("Ann", "develop", card=126),
        chk("Ann", "tools", 1), want=("checkpoint", "LOG-CHECK-VALUE"),
        note="at level III the Tool is paid: the claim of 3 Tools is one too many")


# --------------------------------------------------------------------------- the Storekeeper


def storekeeper_cases() -> Iterable[Case]:
    one = Table(P2, position=at_era(1, {"Ann": {"embassies": {"storekeeper": 1}, "tools": 2,
                                                "goods": {"wood": 3, "food": 1},
                                                "buildings": ["farm", "farm"],
                                                **acting(GROVE)}}, stage="act"))
    yield one.case("CO-STOREKEEPER-1-legal-three-more-warehouse-lots", a("Ann", "gather"),
                   chk("Ann", "wood"), chk("Ann", "warehouse"))
    yield one.case("CO-STOREKEEPER-1-break-warehouse-lots-claimed", chk("Ann", "warehouse", -3),
                   want=("checkpoint", "CO-WAREHOUSE"))
    shed = at_era(2, {"Ann": {"embassies": {"storekeeper": 2}, "tools": 2,
                              "goods": {"food": 1, "wood": 2},
                              "buildings": ["farm", "farm", worker("storage_shed", "farmer")],
                              "stewards": [MARKET]}})
    s2 = Table(P2, position=shed)
    yield s2.case("CO-STOREKEEPER-2-legal-a-shed-replaced-by-a-foresters-house",
                  a("Ann", "replace", building="storage_shed", **{"with": "forester_house"},
                    fee={"food": 1, "wood": 2}), chk("Ann", "buildings"), chk("Ann", "storage"))
    low = dict(shed, players={"Ann": dict(shed["players"]["Ann"],
                                          embassies={"storekeeper": 1})})
    yield Table(P2, position=low).case(
        "CO-STOREKEEPER-2-break-a-replacement-at-level-one",
        a("Ann", "replace", building="storage_shed", **{"with": "forester_house"},
          fee={"food": 1, "wood": 1}), want=("illegal", "CO-STOREKEEPER-2"))
    house = at_era(3, {"Ann": {"embassies": {"storekeeper": 3}, "tools": 2,
                               "goods": {"food": 1, "wood": 3},
                               "buildings": ["farm", "flat", worker("storage_house", "citizen")],
                               "stewards": [MARKET]}})
    yield Table(P2, position=house).case(
        "CO-STOREKEEPER-3-legal-a-storage-house-replaced-by-a-theater",
        a("Ann", "replace", building="storage_house", **{"with": "theater"},
          fee={"food": 1, "wood": 3}), chk("Ann", "buildings"))
    two = dict(house, players={"Ann": dict(house["players"]["Ann"],
                                           embassies={"storekeeper": 2})})
    yield Table(P2, position=two).case(
        "CO-STOREKEEPER-3-break-a-storage-house-at-level-two",
        a("Ann", "replace", building="storage_house", **{"with": "theater"},
          fee={"food": 1, "wood": 3}), want=("illegal", "CO-STOREKEEPER-3"))
    four = Table(P2, position=at_era(4, {"Ann": {"embassies": {"storekeeper": 4}, "tools": 6,
                                                 "goods": {"wood": 9, "clay": 1},
                                                 **acting("builder_forester_house")}},
                                     stage="act"))
    yield four.case("CO-STOREKEEPER-4-legal-the-warehouse-is-storage",
                    a("Ann", "build", buildings=["forester_house"] * 3),
                    chk("Ann", "storage"), chk("Ann", "warehouse"),
                    note="9 Wood cannot lie in 6 Storage spaces beside a 4-lot Warehouse; with "
                    "the Warehouse part of the Storage (10 spaces) they can")
    three = Table(P2, position=at_era(4, {"Ann": {"embassies": {"storekeeper": 3}, "tools": 6,
                                                  "goods": {"wood": 9, "clay": 1},
                                                  **acting("builder_forester_house")}},
                                      stage="act"))
    yield three.case("CO-STOREKEEPER-4-break-the-warehouse-at-level-three",
                     a("Ann", "build", buildings=["forester_house"] * 3),
                     want=("illegal", "CO-SPEND"),
                     note="at level III the 9 Wood cannot all be in the 6 Storage spaces")


# --------------------------------------------------------------------------- the Trader


def trader_cases() -> Iterable[Case]:
    def at_market(era: int, level: int, goods: Obj) -> Table:
        return Table(P2, position=at_era(era, {"Ann": {"embassies": {"trader": level},
                                                       "tools": 2, "goods": goods,
                                                       **acting(MARKET2)}}, stage="act"))

    t1 = at_market(1, 1, {"wood": 2, "food": 1})
    yield t1.case("CO-TRADER-1-legal-wood-and-food-for-clay",
                  a("Ann", "market_trade", colony="trader", give={"wood": 2, "food": 1},
                    get={"clay": 3}), chk("Ann", "clay"))
    yield t1.case("CO-TRADER-1-break-wood-for-planks",
                  a("Ann", "market_trade", colony="trader", give={"wood": 1},
                    get={"planks": 1}), want=("illegal", "CO-TRADER-1"))
    t2 = at_market(2, 2, {"planks": 1, "wood": 1})
    yield t2.case("CO-TRADER-2-legal-a-plank-for-two-food-and-wood-for-clay",
                  a("Ann", "market_trade", colony="trader", give={"planks": 1, "wood": 1},
                    get={"food": 2, "clay": 1}), chk("Ann", "food"), chk("Ann", "clay"))
    yield at_market(2, 1, {"planks": 1}).case(
        "CO-TRADER-2-break-planks-at-level-one",
        a("Ann", "market_trade", colony="trader", give={"planks": 1}, get={"bricks": 1}),
        want=("illegal", "CO-TRADER-2"))
    t3 = at_market(3, 3, {"wood": 3})
    yield t3.case("CO-TRADER-3-legal-three-wood-for-an-ore",
                  a("Ann", "market_trade", colony="trader", give={"wood": 3}, get={"ore": 1}),
                  chk("Ann", "ore"))
    yield at_market(3, 2, {"wood": 3}).case(
        "CO-TRADER-3-break-ore-at-level-two",
        a("Ann", "market_trade", colony="trader", give={"wood": 3}, get={"ore": 1}),
        want=("illegal", "CO-TRADER-3"))
    t4 = at_market(4, 4, {})
    yield t4.case("CO-TRADER-4-legal-a-tool-for-iron",
                  a("Ann", "market_trade", colony="trader", give={"tools": 1}, get={"iron": 1}),
                  chk("Ann", "iron"), chk("Ann", "tools"))
    yield at_market(4, 3, {}).case(
        "CO-TRADER-4-break-iron-at-level-three",
        a("Ann", "market_trade", colony="trader", give={"tools": 1}, get={"iron": 1}),
        want=("illegal", "CO-TRADER-4"))


# --------------------------------------------------------------------------- Embassies


def embassy_cases() -> Iterable[Case]:
    full = {"altruist": 3, "industrialist": 3, "storekeeper": 3}
    seven = Table(P2, position=at_era(3, {"Ann": {"embassies": full, "tools": 2,
                                                  "stewards": [MARKET]}},
                                      colonies=["altruist", "industrialist", "storekeeper"],
                                      ambassadors={"altruist": MARKET}))
    yield seven.case("CO-WAREHOUSE-legal-seven-lots", chk("Ann", "warehouse"),
                     note="1 lot of the board, 1 of the Altruist, 2 of the Industrialist, 3 of "
                     "the Storekeeper")
    yield seven.case("CO-WAREHOUSE-break-eight-lots-claimed", chk("Ann", "warehouse", 1),
                     want=("checkpoint", "CO-WAREHOUSE"))
    raze = at_era(2, {"Ann": {"embassies": {"storekeeper": 1, "envoy": 1}, "tools": 3,
                              "goods": {"wood": 1, "clay": 3, "food": 1},
                              "stewards": ["builder_farm", GROVE2], "started": [MARKET, GROVE2],
                              "moved": [1]}}, stage="act", at="builder_farm")
    r = Table(P2, position=raze)
    yield r.case("CO-EMBASSY-RAZE-legal-the-storekeepers-lots-are-lost",
                 a("Ann", "build", buildings=[{"building": "farm",
                                               "raze": "embassy_storekeeper"}]),
                 chk("Ann", "warehouse"), chk("Ann", "clay"), chk("Ann", "embassy_storekeeper"))
    yield r.case("CO-EMBASSY-RAZE-break-the-lots-claimed-after-razing",
                 a("Ann", "build", buildings=[{"building": "farm",
                                               "raze": "embassy_storekeeper"}]),
                 chk("Ann", "warehouse", 3), want=("checkpoint", "CO-WAREHOUSE"))


# --------------------------------------------------------------------------- the Ambassadors


def ambassador_cases() -> Iterable[Case]:
    unlock = at_era(2, {"Ann": {"embassies": {"alchemist": 1}, "tools": 2,
                                "goods": {"planks": 1, "bricks": 1}, **acting("diplomat")}},
                    stage="act")
    u = Table(P2, position=unlock)
    yield u.case("CO-AMBASSADOR-legal-the-first-to-unlock-places-him",
                 a("Ann", "diplomacy", embassies={"alchemist": 2},
                   ambassadors={"alchemist": THIRD}), chk(None, "ambassador_alchemist"))
    yield u.case("CO-AMBASSADOR-break-not-placed",
                 a("Ann", "diplomacy", embassies={"alchemist": 2}),
                 want=("illegal", "CO-AMBASSADOR"),
                 note="three Markets: the log names where the Alchemist enters")
    moves = at_era(2, {"Ann": {"embassies": {"alchemist": 2}, "tools": 2,
                               "stewards": [MARKET]}}, ambassadors={"alchemist": MARKET2})
    m = Table(P2, position=moves)
    yield m.case("CO-AMBASSADOR-break-moved-twice-in-a-half-year",
                 a("Ann", "ambassador", ambassador="alchemist", to=GROVE2),
                 a("Ann", "ambassador", ambassador="alchemist", to="joiner"),
                 want=("illegal", "CO-AMBASSADOR"))
    occupied = at_era(2, {"Ann": {"embassies": {"alchemist": 2}, "tools": 2,
                                  "stewards": [MARKET]},
                          "Bo": {"tools": 2, "stewards": [GROVE2]}},
                      ambassadors={"alchemist": MARKET2})
    o = Table(P2, position=occupied)
    yield o.case("CO-AMBASSADOR-ALCHEMIST-legal-the-action-of-bos-place",
                 a("Ann", "ambassador", ambassador="alchemist", to=GROVE2), a("Ann", "gather"),
                 a("Ann", "move", to=GROVE), a("Ann", "gather", decline={"wood": 2}),
                 chk("Ann", "wood"), chk(None, "ambassador_alchemist"),
                 note="at the start of her turn Ann moves the Alchemist to the Riverbank Grove "
                 "where Bo's Steward stands, and takes its Wood; then she moves her Steward")
    yield Table(P2, position=dict(occupied, turn="Bo")).case(
        "CO-AMBASSADOR-ALCHEMIST-break-on-bos-turn",
        a("Ann", "ambassador", ambassador="alchemist", to=GROVE),
        want=("order", "CO-AMBASSADOR-ALCHEMIST"),
        note="Bo's turn begins; Ann is neither at the start nor at the end of one of hers")
    alt = at_era(2, {"Ann": {"embassies": {"altruist": 2}, "tools": 2,
                             "goods": {"wood": 3}, "stewards": [MARKET]}},
                 ambassadors={"altruist": MARKET2})
    t = Table(P2, position=alt)
    yield t.case("CO-AMBASSADOR-ALTRUIST-legal-a-discount-at-the-builder",
                 a("Ann", "ambassador", ambassador="altruist", to=GROVE2),
                 a("Ann", "move", to="builder_forester_house"),
                 a("Ann", "build", buildings=["forester_house"]), chk("Ann", "wood"),
                 chk("Ann", "tools"),
                 note="the Altruist at a Riverbank Grove (2 Wood): the Forester's House costs 1 "
                 "Wood instead of 3")
    yield t.case("CO-AMBASSADOR-ALTRUIST-break-at-the-end-of-a-turn",
                 a("Ann", "move", to=GROVE), a("Ann", "gather", decline={"wood": 2}),
                 a("Ann", "move", to=MARKET), a("Ann", "subsidy"),
                 a("Ann", "move", to=GROVE), a("Ann", "gather", decline={"wood": 2}),
                 a("Ann", "ambassador", ambassador="altruist", to=GROVE2),
                 want=("order", "CO-AMBASSADOR-ALTRUIST"),
                 note="the Altruist moves at the start of a turn only")
    lab = at_era(2, {"Ann": {"embassies": {"laborer": 2}, "tools": 2, "stewards": [MARKET]},
                     "Bo": {"tools": 2, "goods": {"wood": 2}, "stewards": [GROVE2]}},
                 ambassadors={"laborer": "joiner"}, turn="Bo")
    lt = Table(P2, position=lab)
    yield lt.case("CO-AMBASSADOR-LABORER-legal-wood-when-bo-refines-at-his-place",
                  a("Bo", "move", to="joiner"), a("Bo", "refine", times=1),
                  chk("Ann", "wood"), chk("Bo", "planks"))
    yield Table(P2, position=dict(lab, turn="Ann")).case(
        "CO-AMBASSADOR-LABORER-break-at-the-start-of-a-turn",
        a("Ann", "ambassador", ambassador="laborer", to=GROVE),
        want=("order", "CO-AMBASSADOR-LABORER"))


# --------------------------------------------------------------------------- later starts


def later_start(first: int, players: Sequence[str] = P2) -> Table:
    """A start in era ``first``: the five setup phases up to the display, the chance events
    drawn from a seeded generator, each Place laid on the first cell found legal."""
    rng = random.Random(first)
    t = Table(players, {"first_era": first})
    state = t.state
    while state.stage != "setup_display":
        outcomes = GAME.chance_outcomes(state)
        if outcomes:
            events = sorted((e for e, _ in outcomes), key=str)
            t.add(rng.choice(events).to_json())
        else:
            t.add(_offered(state)[0].to_json())
    return t


def later_cases() -> Iterable[Case]:
    t = later_start(2)
    display = [a("Ann", "setup_buildings", buildings=["farm", "farm", "flat",
                                                       "forester_house", "storage_shed"],
                 embassies={t.state.colonies[0]: 1}),
               a("Ann", "employ", building="forester_house"),
               a("Ann", "employ", building="storage_shed"),
               a("Ann", "setup_goods", goods={"wood": 3, "clay": 2},
                 buffers={"wood": 2}),
               a("Bo", "setup_buildings", buildings=["farm", "farm", "farm", "library",
                                                      "hunting_lodge"]),
               a("Bo", "employ", building="hunting_lodge"),
               a("Bo", "setup_goods", goods={"wood": 3})]
    done = t.copy().add(*display, SUSTENANCE)
    yield done.case("CO-LATER-START-legal-a-game-from-era-two", chk(None, "era"),
                    chk("Ann", "wood"), chk("Ann", "buffered_wood"), chk("Bo", "food"),
                    chk("Ann", "tools"))
    yield refused_header("CO-LATER-START-break-a-first-era-after-the-last",
                         ("schema", "CO-OPTIONS"), options={"first_era": 3, "last_era": 2})
    yield done.case("CO-LATER-BOARD-legal-era-one-laid-before-era-two",
                    chk("Ann", "buildings"), chk(None, "colonies"))
    board = Table(P2, {"first_era": 2})
    board.add(ch("colonies", colonies=["alchemist", "envoy", "lord", "trader"]),
              ch("start_player", player="Ann"))
    for k, (slug, cell) in enumerate(LAYOUT):
        board.add(ch("draw_place", place=slug), a(P2[k % 2], "place_tile", at=list(cell)))
    board.add(a("Ann", "place_market", at=SECOND_MARKET))
    yield board.case("CO-LATER-BOARD-break-a-place-of-era-two-in-era-one",
                     ch("draw_place", place="ore_pit"), want=("chance", "CO-LATER-BOARD"))
    yield done.case("CO-LATER-CARDS-legal-a-permanent-card-and-two-to-the-hand",
                    chk("Ann", "improvements"), chk("Ann", "hand"))
    # the first card dealt replaced by an immediate one
    first_deal = next(k for k, ev in enumerate(t.events) if isinstance(ev, dict) and
                      ev.get("chance") == "setup_card")
    head = Table(P2, {"first_era": 2})
    for ev in t.events[:first_deal]:
        head.add(ev)
    yield head.case("CO-LATER-CARDS-break-an-immediate-card-as-the-permanent-one",
                    ch("setup_card", player=t.events[first_deal]["player"], card=101),
                    want=("chance", "CO-LATER-CARDS"))
    yield t.case("CO-LATER-DISPLAY-break-goods-before-buildings",
                 a("Ann", "setup_goods", goods={"wood": 2}), want=("order", "CO-LATER-DISPLAY"))
    yield done.case("CO-LATER-DISPLAY-legal-buildings-workers-goods",
                    chk("Ann", "employed_farmers"), chk("Ann", "embassy_" + t.state.colonies[0]))
    yield t.case("CO-LATER-BUDGET-break-buildings-over-budget",
                 a("Ann", "setup_buildings", buildings=["estate"] * 8),
                 want=("illegal", "CO-LATER-BUDGET"),
                 note="8 Estates at 4 Dollars: 32, over the 29 Building and 2 Embassy Dollars")
    yield done.case("CO-LATER-BUDGET-legal-within-budget", chk("Ann", "clay"),
                    chk("Bo", "buildings"))


def saved_cases() -> Iterable[Case]:
    saved = {"next_era": 3, "colonies": ["alchemist", "envoy", "lord", "trader"],
             "start_player": "Bo",
             "players": {"Ann": {"buildings": 20, "embassies": 4, "dollars": 12, "goods": 5,
                                 "tools": 4, "improvements": [126], "hand": 2},
                         "Bo": {"buildings": 12, "embassies": 0, "dollars": 3, "goods": 2,
                                "tools": 7, "improvements": [], "hand": 0}}}
    rng = random.Random(3)
    t = Table(P2, {"saved": saved})
    while t.state.stage != "setup_display":
        outcomes = GAME.chance_outcomes(t.state)
        if outcomes:
            t.add(rng.choice(sorted((e for e, _ in outcomes), key=str)).to_json())
        else:
            t.add(_offered(t.state)[0].to_json())
    t.add(a("Ann", "setup_buildings", buildings=["farm", "farm", "forester_house", "flat"],
            embassies={"envoy": 2}),
          a("Ann", "setup_goods", goods={"wood": 3, "clay": 1}),
          a("Bo", "setup_buildings", buildings=["farm", "farm", "farm", "library"]),
          a("Bo", "setup_goods", goods={"wood": 2}), SUSTENANCE)
    yield t.case("CO-SAVED-legal-a-saved-game-continued", chk("Ann", "dollars"),
                 chk("Ann", "improvements"), chk("Ann", "hand"), chk("Bo", "tools"),
                 chk(None, "era"), note="the rulebook's record of a game saved before Era III")
    bad = dict(saved, players={**saved["players"],
                               "Bo": dict(saved["players"]["Bo"], improvements=[101])})
    yield refused_header("CO-SAVED-break-an-immediate-card-among-the-improvements",
                         ("schema", "CO-SAVED"), options={"saved": bad})


# --------------------------------------------------------------------------- examples


EXAMPLE_SEED = 4  # the steady player's 2-player one-era game the examples show


def yearly_check(state: ColonistsState) -> Obj:
    """The ``check`` line written after each sustenance phase: the calendar and every
    community's Toolbox and worth."""
    claims: Obj = {"era": state.era, "year": min(state.year, state.data.calendar.years_per_era)}
    for name in state.players:
        c = state.p[state.players.index(name)]
        claims[name] = {"tools": c.tools, "dollars": c.dollars,
                        "score": GAME.score(state)[name].total}
    return {"check": claims}


def example_game(players: Sequence[str] = P2, seed: int = EXAMPLE_SEED) -> tuple[Obj, list[Obj]]:
    """The header and lines of a complete one-era game, a ``check`` after every year."""
    t = Table(players, {"last_era": 1})
    player = Steady(seed)
    while not GAME.is_over(t.state):
        play_on(t, player, until=lambda s: GAME.is_over(s) or (
            bool(t.events) and t.events[-1] == SUSTENANCE))
        if t.events[-1] == SUSTENANCE and not GAME.is_over(t.state):
            t.events.append(yearly_check(t.state))
    t.events.append(yearly_check(t.state))
    t.events.append(CASEWORK.final(t.state))
    head = header("colonists", players, {"last_era": 1},
                  meta={"event": "scripted game", "seed": seed})
    return head, t.events


def write_examples(folder: Path = EXAMPLES) -> dict[str, Obj]:
    folder.mkdir(parents=True, exist_ok=True)
    verdicts: dict[str, Obj] = {}

    def finish(name: str, intended: Intended | None) -> None:
        """``intended`` None: a valid, complete game."""
        verdicts[name] = confirm(folder / name, intended or [], complete=intended is None)

    head, events = example_game()
    write_log(folder / "colonists-2p.jsonl", head, events)
    finish("colonists-2p.jsonl", None)

    def line(k: int) -> int:
        return k + 2  # event k (0-based) stands on this file line

    def first(test: Callable[[int, Obj], bool], start: int = 0) -> int:
        return next(k for k, ev in enumerate(events) if k >= start and test(k, ev))

    def copy(evs: Sequence[Obj]) -> list[Obj]:
        return [json.loads(json.dumps(ev)) for ev in evs]

    states = replay_states(P2, {"last_era": 1}, events)
    turns = first(lambda k, ev: ev.get("action") == "move")

    # syntax: a line cut off in the middle (a truncated upload)
    k = first(lambda k, ev: ev.get("action") == "build")
    text = dumps(events[k])
    write_log(folder / "colonists-invalid-syntax.jsonl", head, events[:k + 3],
              raw={line(k): text[: len(text) // 2]})
    finish("colonists-invalid-syntax.jsonl", [(line(k), "syntax", "LOG-JSON")])

    # schema: a building written as printed on its tile
    bad = copy(events[:k + 4])
    built = bad[k]["buildings"][0]
    bad[k]["buildings"][0] = GAME_DATA.buildings[built].name
    write_log(folder / "colonists-invalid-schema.jsonl", head, bad)
    finish("colonists-invalid-schema.jsonl", [(line(k), "schema", "CO-VOCAB")])

    # order: the second player moves during the first player's turns
    k = first(lambda k, ev: ev.get("action") == "move", turns)
    bad = copy(events[:k + 4])
    mover = bad[k]["player"]
    bad[k]["player"] = next(p for p in P2 if p != mover)
    if "fee" in bad[k]:
        del bad[k]["fee"]
    write_log(folder / "colonists-invalid-order.jsonl", head, bad)
    finish("colonists-invalid-order.jsonl", [(line(k), "order", "CO-TURN-ORDER")])

    # illegal: a Fee short by one good (the building resource left out)
    k = first(lambda k, ev: bool(ev.get("fee")))
    bad = copy(events[:k + 4])
    for goods in bad[k]["fee"].values():
        for good in [g for g in goods if g not in ("tools", "food")]:
            del goods[good]
    write_log(folder / "colonists-invalid-illegal.jsonl", head, bad)
    finish("colonists-invalid-illegal.jsonl", [(line(k), "illegal", "CO-FEE")])

    # chance: the second year turns up the first year's Market card again
    k = first(lambda k, ev: ev.get("chance") == "market_card",
              first(lambda k, ev: ev.get("chance") == "market_card") + 1)
    bad = copy(events[:k + 4])
    bad[k]["card"] = next(ev["card"] for ev in events if ev.get("chance") == "market_card")
    write_log(folder / "colonists-invalid-chance.jsonl", head, bad)
    finish("colonists-invalid-chance.jsonl", [(line(k), "chance", "CO-YEAR-START")])

    # checkpoint: a yearly check that forgets the Smithy's Tool of one player
    k = first(lambda k, ev: "check" in ev and ev["check"].get("year") == 3)
    bad = copy(events)
    bad[k]["check"][P2[1]]["tools"] -= 1
    write_log(folder / "colonists-invalid-checkpoint.jsonl", head, bad)
    finish("colonists-invalid-checkpoint.jsonl", [(line(k), "checkpoint", "LOG-CHECK-VALUE")])

    # score: the winner's final score raised by 1
    bad = copy(events)
    final = bad[-1]["final"]
    final["scores"][final["winners"][0]] += 1
    write_log(folder / "colonists-invalid-score.jsonl", head, bad)
    finish("colonists-invalid-score.jsonl", [(line(len(bad) - 1), "score", "CO-SCORE")])
    del states
    return verdicts


def replay_states(players: Sequence[str], options: Obj | None,
                  events: Sequence[Obj]) -> list[ColonistsState]:
    """The state before each event (check and final lines leave it unchanged)."""
    state = GAME.new_state(list(players), options)
    out = []
    for ev in events:
        out.append(state.copy())
        if "check" not in ev and "final" not in ev:
            GAME.apply(state, event(ev))
    return out


def main(argv: Sequence[str]) -> None:
    CASEWORK.main(argv, golden_cases, write_examples)


if __name__ == "__main__":
    main(sys.argv[1:])
