"""The colonies' own actions (rulebook "Diplomacy", "Special Ambassadors"; the abilities of
``data/colonies.toml``): the Altruist's charity, the Lord's alternative action and swaps, the
Storekeeper's replacements, the yearly choices (the Altruist's yield, the Industrialist's
Factory), the Special Ambassadors' moves, the Scholar's plays when drawing, and ending the
optional follow-ups of an action."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.model.colonists import colonies as co
from referee.model.colonists import data as d
from referee.model.colonists import turns
from referee.model.colonists.community import (
    FACTORY_CHOICE,
    ambassador_range,
    ambassadors_of,
    effects_of,
    embassy_factories,
    empty_room,
    release_unallowed,
    spot_problem,
)
from referee.model.colonists.economy import spend, spend_problem, trim
from referee.model.colonists.goods import Bundle, add, bundle_text
from referee.model.colonists.moves.base import Action, player_index
from referee.model.colonists.moves.cards import card_problem, play
from referee.model.colonists.moves.common import check_receive, close, done, here, settle, take
from referee.model.colonists.moves.community import raze_refs
from referee.model.colonists.moves.places import swap, swap_problem, with_declines
from referee.model.colonists.moves.turn import Move, fee_bundles, fee_payment_problem
from referee.model.colonists.refs import Refused, building_ref, goods_param, illegal, place_ref
from referee.model.colonists.refs import schema as schema_error
from referee.model.colonists.state import Built, ColonistsState, Pending
from referee.model.core import Action as ActionEvent
from referee.model.core import Note, Violation, fields, unknown

ACT = frozenset({"act", "optional"})
# where the start or the end of a turn can be: the next player's turn (or one's own), the end of
# the year after the last turn
MOMENT_STAGES = frozenset({"turn", "end_year"})
CHARITY = "year:charity"


def _order(e: ActionEvent, rule: str, message: str) -> Refused:
    return Refused(Violation("order", rule, message, e.player))


def _bundle(e: ActionEvent, key: str, rule: str) -> Bundle:
    found = goods_param(e, key, rule)
    if not found:
        raise schema_error(e, f"field {key!r}: name the goods, e.g. {{\"wood\": 1}}", rule)
    return found


def _at_start(s: ColonistsState, i: int) -> bool:
    return s.stage == "turn" and s.seat == i


def _at_end(s: ColonistsState, i: int, third: bool = False) -> bool:
    if s.ended != i:
        return False
    return not third or s.ended_turn >= s.data.calendar.turns_per_half_year


def _free_period(used: int | None, periods: list[int]) -> int | None:
    """The period (a turn, a half-year) a once-per-period use made now counts for: the first of
    ``periods`` (the end of the turn just taken, then the start of the next: between two of
    one's own turns the moment is both) not used yet; a period is gone once it or a later one
    of them is used (``used``: the last period used). None if none is left."""
    periods = list(dict.fromkeys(periods))
    for k, period in enumerate(periods):
        if used not in periods[k:]:
            return period
    return None


# --------------------------------------------------------------------------- the Altruist


class Charity(Action):
    """The Altruist's charity at the start of the player's first turn of the year."""

    name = "charity"
    order_rule = "CO-ALTRUIST-1"
    rules = ()
    required = fields(goods=dict)
    optional = fields(decline=dict, exchange=list)
    stages = frozenset({"turn"})

    def _options(self, s: ColonistsState, i: int) -> list[d.Goods]:
        return [o for x in effects_of(s, i, d.Charity) for o in x.options]

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        i = player_index(s, e)
        goods = _bundle(e, "goods", "CO-ALTRUIST-1")
        options = self._options(s, i)
        if not options:
            raise illegal(e, "CO-ALTRUIST-1", f"{e.player} receives no charity (the Altruist "
                          "colony's ability)")
        if s.half != 0 or s.turns != 0:
            raise _order(e, "CO-ALTRUIST-1", "charity is taken at the start of the player's "
                         "first turn of the year")
        if s.p[i].used.get(CHARITY):
            raise _order(e, "CO-ALTRUIST-1", f"{e.player} has taken this year's charity")
        if not any(dict(o) == goods for o in options):
            rule = co.rule_for(s, lambda x: isinstance(x, d.Charity) and any(
                dict(o) == goods for o in x.options), "CO-ALTRUIST-1")
            raise illegal(e, rule, f"{e.player}'s charity is one of "
                          f"{'; '.join(bundle_text(o) for o in options)}, not "
                          f"{bundle_text(goods)}")
        check_receive(s, i, e, goods)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        for option in self._options(s, i):
            event = ActionEvent.make(player, "charity", goods=dict(option))
            if self.check(s, event) is None:
                yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        turns.turn_begins(s, i)
        goods = goods_param(e, "goods")
        take(s, i, e, goods, note)
        s.p[i].used[CHARITY] = 1
        note(co.rule_for(s, lambda x: isinstance(x, d.Charity) and any(
            dict(o) == goods for o in x.options), "CO-ALTRUIST-1"))


class Choose(Action):
    """A yearly choice before the sustenance phase: the option of a production choice (the
    Altruist's Food or Robe, level III), the Worker type an Embassy's Factory runs for (the
    Industrialist)."""

    name = "choose"
    order_rule = "CO-ALTRUIST-3"
    rules = ()
    optional = fields(goods=dict, worker=str)
    who = "anyone"
    stages = frozenset({"end_year", "setup_display"})

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        i = player_index(s, e)
        c = s.p[i]
        if e.has("goods") == e.has("worker"):
            raise schema_error(e, "name either 'goods' (a production choice) or 'worker' (the "
                               "Worker type of an Embassy's Factory)", "CO-ALTRUIST-3")
        if e.has("worker"):
            worker = e.get("worker")
            if worker not in d.WORKER_TYPES:
                raise schema_error(e, unknown("worker", worker, d.WORKER_TYPES),
                                   "CO-INDUSTRIALIST-1")
            if not embassy_factories(s, i):
                raise illegal(e, "CO-INDUSTRIALIST-1", f"{e.player} has no Embassy that counts "
                              "as a Factory")
            if c.used.get(FACTORY_CHOICE):
                raise _order(e, "CO-INDUSTRIALIST-1", f"{e.player} has named the Factory's "
                             "Worker type this year")
            return
        goods = _bundle(e, "goods", "CO-ALTRUIST-3")
        self._slot(s, i, e, goods)

    def _slot(self, s: ColonistsState, i: int, e: ActionEvent, goods: Bundle) -> tuple[int, int]:
        """(the production choice, the option) this event makes."""
        found = effects_of(s, i, d.ProductionChoice)
        rule = co.rule_for(s, lambda x: isinstance(x, d.ProductionChoice), "CO-ALTRUIST-3")
        if not found:
            raise illegal(e, rule, f"{e.player} has no production choice to make")
        for k, x in enumerate(found):
            if s.p[i].used.get(f"year:choice:{k}"):
                continue
            for n, option in enumerate(x.options):
                if dict(option) == goods:
                    return k, n
        raise illegal(e, rule, f"{e.player}'s production choices left this year do not offer "
                      f"{bundle_text(goods)}")

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        c = s.p[i]
        if e.has("worker"):
            c.used[FACTORY_CHOICE] = d.WORKER_TYPES.index(e.get("worker")) + 1
            note("CO-INDUSTRIALIST-1")
        else:
            k, n = self._slot(s, i, e, goods_param(e, "goods"))
            c.used[f"year:choice:{k}"] = n + 1
            note(co.rule_for(s, lambda x: isinstance(x, d.ProductionChoice), "CO-ALTRUIST-3"))
        c.changed()  # the yields depend on the choices


# --------------------------------------------------------------------------- the Lord


class Ignore(Action):
    """The Lord's alternative: instead of the place's action take one of the level's goods
    (and, at level IV, a Tool); never on Markets."""

    name = "ignore"
    order_rule = "CO-LORD-1"
    rules = ("CO-MOVE-ACTION",)
    required = fields(goods=dict)
    optional = fields(decline=dict, exchange=list)
    stages = ACT

    def _effects(self, s: ColonistsState, i: int, e: ActionEvent) -> list[d.IgnoreAction]:
        found = effects_of(s, i, d.IgnoreAction)
        if not found:
            raise illegal(e, "CO-LORD-1", f"{e.player} may not ignore a place's action (the "
                          "Lord colony's ability)")
        return found

    def _gains(self, s: ColonistsState, e: ActionEvent) -> tuple[Bundle, list[str]]:
        i = player_index(s, e)
        found = self._effects(s, i, e)
        market = here(s, e, ("market", "resource", "sustainer", "builder", "refiner", "other"),
                      "CO-LORD-1") is None
        usable = [x for x in found if x.markets or not market]
        if not usable:
            raise illegal(e, "CO-LORD-1", "the Lord's alternative action is not taken on "
                          "Markets")
        goods = _bundle(e, "goods", "CO-LORD-1")
        for x in usable:
            if any(dict(o) == goods for o in x.options):
                out = dict(goods)
                add(out, x.bonus)
                rules = [co.rule_for(s, lambda y: isinstance(y, d.IgnoreAction) and any(
                    dict(o) == goods for o in y.options), "CO-LORD-1")]
                if x.bonus:
                    rules.append(co.rule_for(s, lambda y: isinstance(y, d.IgnoreAction) and
                                             bool(y.bonus), "CO-LORD-1"))
                return out, rules
        rule = co.rule_for(s, lambda y: isinstance(y, d.IgnoreAction) and any(
            dict(o) == goods for o in y.options), "CO-LORD-1")
        options = [o for x in usable for o in x.options]
        raise illegal(e, rule, f"{e.player}'s alternative action takes one of "
                      f"{'; '.join(bundle_text(o) for o in options)}, not {bundle_text(goods)}")

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        gains, _ = self._gains(s, e)
        check_receive(s, player_index(s, e), e, gains)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        seen = []
        for x in effects_of(s, i, d.IgnoreAction):
            for option in x.options:
                if dict(option) in seen:
                    continue
                seen.append(dict(option))
                gains = dict(option)
                add(gains, x.bonus)
                for event in with_declines(s, i, player, "ignore", gains,
                                            {"goods": dict(option)}):
                    if self.check(s, event) is None:
                        yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        gains, rules = self._gains(s, e)
        take(s, player_index(s, e), e, gains, note)
        for rule in rules:
            note(rule)
        done(s, note)


class SwapPlaces(Action):
    """The Lord's swap of two unoccupied Places, once per half-year (level III), at the start or
    the end of one of the player's turns."""

    name = "swap_places"
    order_rule = "CO-LORD-3"
    rules = ()
    required = fields(swap=list)
    who = "anyone"
    stages = MOMENT_STAGES
    enumerated = False  # any two Places at the start or end of any turn: left to the log

    def _half(self, s: ColonistsState, i: int, e: ActionEvent) -> int:
        rule = co.rule_for(s, lambda x: isinstance(x, d.SwapPlaces), "CO-LORD-3")
        if not effects_of(s, i, d.SwapPlaces):
            raise illegal(e, rule, f"{e.player} may not swap Places (the Lord colony's "
                          "ability)")
        halves = ([s.ended_half] if _at_end(s, i) else []) + \
            ([turns.half_index(s)] if _at_start(s, i) else [])
        if not halves:
            raise _order(e, rule, f"{e.player} swaps Places at the start or the end of one of "
                         "their turns")
        half = _free_period(s.p[i].used.get("swap"), halves)
        if half is None:
            raise illegal(e, rule, f"{e.player} has swapped Places this half-year already")
        return half

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        i = player_index(s, e)
        self._half(s, i, e)
        swap_problem(s, e, rule=co.rule_for(s, lambda x: isinstance(x, d.SwapPlaces),
                                            "CO-LORD-3"))

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        half = self._half(s, i, e)
        if not _at_end(s, i):
            turns.turn_begins(s, i)
        s.p[i].used["swap"] = half
        swap(s, e)
        note(co.rule_for(s, lambda x: isinstance(x, d.SwapPlaces), "CO-LORD-3"))


# --------------------------------------------------------------------------- the Storekeeper


class Replace(Action):
    """The Storekeeper's replacement: pay the Fee to replace a Storage Shed (level II) or a
    Storage House (level III) by a Building for a Farmer (a Citizen), from the supply, once per
    turn, at the start or the end of the turn. Listed: every facility the player may replace by
    every building allowed, each with a few ways to pay the Fee (``fee_bundles``)."""

    name = "replace"
    order_rule = "CO-STOREKEEPER-2"
    rules = ()
    required = fields(building=str, **{"with": str})
    optional = fields(fee=dict)
    who = "anyone"
    stages = MOMENT_STAGES

    def _plan(self, s: ColonistsState, e: ActionEvent) -> tuple[int, d.ReplaceBuilding, str, int,
                                                                 Bundle]:
        i = player_index(s, e)
        c = s.p[i]
        data = s.data
        k = building_ref(s, i, e, e.get("building"))
        old = c.buildings[k]
        found = [x for x in effects_of(s, i, d.ReplaceBuilding) if x.source == old.slug]
        rule = co.rule_for(s, lambda x: isinstance(x, d.ReplaceBuilding) and
                           x.source == old.slug, "CO-STOREKEEPER-2")
        if not found:
            raise illegal(e, rule, f"{e.player} may not replace a {old.slug} (the Storekeeper "
                          "colony's ability)")
        effect = found[0]
        moments = ([s.clock] if _at_end(s, i) else []) + \
            ([s.clock + 1] if _at_start(s, i) else [])
        if not moments:
            raise _order(e, rule, f"{e.player} replaces a building at the start or the end of "
                         "one of their turns")
        turn = _free_period(c.used.get(f"replace:{effect.source}"), moments)
        if turn is None:
            raise illegal(e, rule, f"{e.player} has replaced a {effect.source} this turn "
                          "already")
        slug = e.get("with")
        b = data.buildings.get(slug)
        if b is None:
            raise schema_error(e, unknown("building", slug, sorted(data.buildings)), rule)
        if b.worker != effect.worker or b.upgrade_of is not None or b.era > s.era or \
                b.era > s.last_era:
            raise illegal(e, rule, f"a {old.slug} is replaced by a building of era {s.era} or "
                          f"earlier for a {effect.worker} that is built directly, not a {b.name}")
        after = [x.slug for n, x in enumerate(c.buildings) if n != k] + [slug]
        have = after.count(slug)
        if b.limit is not None and have > b.limit:
            raise illegal(e, "CO-BUILD-LIMIT", f"a community holds at most {b.limit} {b.name}")
        problem = spot_problem(s, i, after)
        if problem:
            raise illegal(e, "CO-BUILD-SPOTS", problem)
        paid = goods_param(e, "fee", rule)
        problem = fee_payment_problem(s, i, "the supply", paid)
        if problem:
            raise illegal(e, rule, problem)
        problem = spend_problem(s, i, paid)
        if problem:
            raise illegal(e, rule, f"{e.player} cannot pay the Fee ({bundle_text(paid)}): "
                          f"{problem}")
        return k, effect, slug, turn, paid

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self._plan(s, e)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        if not (_at_end(s, i) or _at_start(s, i)):
            return
        found = effects_of(s, i, d.ReplaceBuilding)
        if not found:
            return
        fees = fee_bundles(s, i)
        for ref in raze_refs(s, i):
            slug = ref.partition("#")[0]
            for effect in found:
                if effect.source != slug:
                    continue
                for b in sorted(s.data.buildings.values(), key=lambda b: b.slug):
                    if b.worker != effect.worker or b.upgrade_of is not None:
                        continue
                    for fee in fees:
                        params: dict[str, Any] = {"building": ref, "with": b.slug}
                        if fee:
                            params["fee"] = fee
                        event = ActionEvent.make(player, "replace", **params)
                        if self.check(s, event) is None:
                            yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        c = s.p[i]
        k, effect, slug, turn, paid = self._plan(s, e)
        if not _at_end(s, i):
            turns.turn_begins(s, i)
        if paid:
            spend(s, i, paid)
            note("CO-SPEND")
        c.used[f"replace:{effect.source}"] = turn
        c.buildings[k] = Built(slug, proven=empty_room(s.data.buildings[slug]))
        c.changed()
        trim(s, i)
        note(co.rule_for(s, lambda x: isinstance(x, d.ReplaceBuilding) and
                         x.source == effect.source, "CO-STOREKEEPER-2"))


# --------------------------------------------------------------------------- the Ambassadors


class MoveAmbassador(Action):
    """A Special Ambassador moved by a player with the relation at level II or higher, once per
    half-year, at the moment the rulebook gives; no Fee ever. The Alchemist's mover may then
    carry out the action of a place with another player's Steward."""

    name = "ambassador"
    order_rule = "CO-AMBASSADOR"
    rules = ("CO-AMBASSADOR",)
    required = fields(ambassador=str, to=(str, list))
    optional = fields(ticket=int)
    who = "anyone"
    stages = MOMENT_STAGES
    enumerated = "partly"  # the first three Places in Range, without a ticket

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        name = e.get("ambassador")
        if name not in s.data.movement.ambassadors:
            raise schema_error(e, unknown("Special Ambassador", name, s.data.movement.ambassadors),
                               "CO-AMBASSADOR")
        place_ref(s, e, "to")

    def _when(self, s: ColonistsState, i: int, e: ActionEvent) -> int:
        """The half-year the move counts for (refused outside its moments)."""
        name = e.get("ambassador")
        rule = co.ambassador_rule(name)
        moments = co.AMBASSADOR_MOMENTS.get(name, ())
        halves = []
        if ("end" in moments and _at_end(s, i)) or \
                ("end3" in moments and _at_end(s, i, third=True)):
            halves.append(s.ended_half)
        if "start" in moments and _at_start(s, i):
            halves.append(turns.half_index(s))
        if not halves:
            when = {"start": "at the start of one of the player's turns",
                    "end": "at the end of one of the player's turns",
                    "end3": "at the end of the player's third turn"}
            raise _order(e, rule, f"the {name} Special Ambassador moves "
                         + " or ".join(when[m] for m in moments))
        half = _free_period(s.p[i].used.get(f"amb:{name}"), halves)
        if half is None:
            raise illegal(e, "CO-AMBASSADOR", f"{e.player} has moved the {name} Special "
                          "Ambassador this half-year already")
        return half

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        i = player_index(s, e)
        name = e.get("ambassador")
        found = co.granting(s, lambda x: isinstance(x, d.Ambassador) and x.ambassador == name)
        rule = co.level_rule(*found) if found else "CO-AMBASSADOR"
        if name not in ambassadors_of(s, i):
            raise illegal(e, rule, f"{e.player} may not move the {name} Special Ambassador "
                          "(a relation at level II with its colony)")
        here_tile = s.ambassadors.get(name)
        if here_tile is None:
            raise illegal(e, "CO-AMBASSADOR", f"the {name} Special Ambassador is not on the "
                          "board")
        self._when(s, i, e)
        to = place_ref(s, e, "to")
        if to == here_tile:
            raise illegal(e, "CO-AMBASSADOR", f"the {name} Special Ambassador must move")
        target = s.board.tiles[to]
        if e.has("ticket"):  # checked wherever the Ambassador goes
            Move()._ticket(s, i, e)
        if target.market or e.has("ticket"):
            return
        reach = ambassador_range(s, i)
        if to not in s.board.within(here_tile, reach):
            raise illegal(e, "CO-AMBASSADOR", f"the {target.slug} at {list(target.cells[0])} "
                          f"is beyond the {name} Special Ambassador's Range {reach} (only "
                          "Markets are reached by a jump)")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        for name in ambassadors_of(s, i):
            here_tile = s.ambassadors.get(name)
            if here_tile is None:
                continue
            targets = sorted(t for t in s.board.within(here_tile, ambassador_range(s, i))
                             if t != here_tile)[:3]
            for to in targets:
                event = ActionEvent.make(player, "ambassador", ambassador=name,
                                         to=list(s.board.tiles[to].cells[0]))
                if self.check(s, event) is None:
                    yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        name = e.get("ambassador")
        half = self._when(s, i, e)
        moments = co.AMBASSADOR_MOMENTS.get(name, ())
        if not (("end" in moments and _at_end(s, i)) or
                 ("end3" in moments and _at_end(s, i, third=True))):
            turns.turn_begins(s, i)  # at the start of the player's turn
        to = place_ref(s, e, "to")
        if e.has("ticket"):
            from referee.model.colonists.moves.turn import _use_limited

            card = e.get("ticket")
            price = next(x.price for x in s.data.improvements[card].effects
                         if isinstance(x, d.Ticket))
            _use_limited(s, i, card)
            spend(s, i, price)
            note("CO-CARD-EFFECT")
        s.ambassadors[name] = to
        s.p[i].used[f"amb:{name}"] = half
        note(co.ambassador_rule(name))
        if name == "alchemist" and any(j != i and to in c.stewards for j, c in enumerate(s.p)):
            from referee.model.colonists.moves.turn import market_extra

            s.pending = Pending("optional", i, to, main=True, market=market_extra(s, i, to),
                                figure=name, resume=s.stage)
            s.stage = "optional"


# --------------------------------------------------------------------------- follow-ups


class PlayOnDraw(Action):
    """The Scholar's play after drawing at a place (level II; two with a working Institute)."""

    name = "play"
    order_rule = "CO-SCHOLAR-2"
    rules = ("CO-SCHOLAR-2",)
    required = fields(card=int)
    optional = fields(decline=dict, times=(int, list), buildings=list, exchange=list)
    stages = frozenset({"optional"})

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        p = s.pending
        assert p is not None
        if p.plays <= 0:
            raise _order(e, "CO-SCHOLAR-2", "improvements are played here only after drawing "
                         "with the Scholar colony's ability (level II)")
        card_problem(s, player_index(s, e), e)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None and s.pending is not None
        if s.pending.plays <= 0:
            return
        i = s.players.index(player)
        for number in sorted(set(s.p[i].hand)):
            event = ActionEvent.make(player, "play", card=number)
            if self.check(s, event) is None:
                yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        p = s.pending
        assert p is not None
        play(s, i, e, note)
        p.plays -= 1
        settle(s, note)


class Pass(Action):
    """Ends the optional follow-ups of an action (any other event ends them as well)."""

    name = "pass"
    order_rule = "CO-MOVE-ACTION"
    rules = ("CO-MOVE-ACTION",)
    stages = frozenset({"optional"})

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        yield ActionEvent.make(player, "pass")

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        close(s, note)


def continues(s: ColonistsState, event: Any) -> bool:
    """Whether ``event`` belongs to the optional follow-ups now open (else they end first)."""
    from referee.model.colonists.moves import ACT_MOVES

    p = s.pending
    if p is None or not isinstance(event, ActionEvent):
        return False
    name = event.name
    if name in ANYTIME:
        return True
    if event.player != s.players[p.player]:
        return False
    if name == "pass":
        return True
    if name == "play":
        return p.plays > 0
    tile = s.board.tiles[p.tile] if p.tile is not None else None
    if name in MARKET_MOVES and tile is not None and not tile.market:
        return p.market or (p.main and name == "sell")
    return p.main and (name == "ignore" or any(m.name == name for m in ACT_MOVES))


ANYTIME = frozenset({"employ", "discard"})
MARKET_MOVES = frozenset({"sell", "subsidy", "market_action", "market_trade"})

MOVES = (Charity(), Ignore(), SwapPlaces(), Replace(), Choose(), MoveAmbassador(), PlayOnDraw(),
         Pass())
__all__ = ["MOVES", "continues", "release_unallowed"]
