"""A turn's move: a Steward entering the board, and moving (range, jumps, the Fee)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import product
from typing import Any

from referee.model.colonists import colonies, turns
from referee.model.colonists import data as d
from referee.model.colonists.colonies import player_level_rule
from referee.model.colonists.community import effects_of, steward_range, stewards_allowed, works
from referee.model.colonists.economy import receive_what_fits, spend, spend_problem
from referee.model.colonists.goods import BUILDING_RESOURCES, Bundle, add, bundle_text, read_bundle
from referee.model.colonists.moves.base import Action, player_index
from referee.model.colonists.moves.memo import MEMO
from referee.model.colonists.refs import Refused, has_param, illegal, place_ref, schema
from referee.model.colonists.state import ColonistsState, Pending
from referee.model.core import Action as ActionEvent
from referee.model.core import Note, Violation, fields, ignore


def _named(e: ActionEvent) -> tuple[Any, bool, bool, bool, bool]:
    """A move's parameters read in one pass: the Steward's number (1 when absent) and whether
    it names a boost, a fee, a ticket and a horse."""
    n: Any = 1
    boost = fee = ticket = horse = False
    for key, value in e.params:
        if key == "steward":
            n = value
        elif key == "boost":
            boost = True
        elif key == "fee":
            fee = True
        elif key == "ticket":
            ticket = True
        elif key == "horse":
            horse = True
    return n, boost, fee, ticket, horse


def _steward(s: ColonistsState, e: ActionEvent) -> int:
    n = e.get("steward", 1)
    if type(n) is not int or not 1 <= n <= s.data.movement.max_stewards:
        raise schema(e, f"field 'steward' must be 1 to {s.data.movement.max_stewards}, found "
                     f"{n!r}")
    return n


def _ensure_stewards(s: ColonistsState, i: int) -> None:
    c = s.p[i]
    while len(c.stewards) < stewards_allowed(s, i):
        c.stewards.append(None)
        c.block_start.append(None)


class PlaceSteward(Action):
    name = "place_steward"
    rules = ("CO-STEWARD-ENTER",)
    optional = fields(steward=int, at=(str, list))
    stages = frozenset({"turn"})

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        _steward(s, e)

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        i = player_index(s, e)
        n = _steward(s, e)
        if n > stewards_allowed(s, i):
            raise illegal(e, "CO-STEWARDS", f"{e.player} controls {stewards_allowed(s, i)} "
                          f"Steward(s), not a Steward {n}")
        c = s.p[i]
        if n <= len(c.stewards) and c.stewards[n - 1] is not None:
            raise illegal(e, "CO-STEWARD-ENTER", f"Steward {n} is on the board already")
        tile = self._market(s, e)
        if not s.board.tiles[tile].market:
            raise illegal(e, "CO-STEWARD-ENTER", "a Steward enters the board on a Market, not "
                          f"on the {s.board.tiles[tile].slug}")

    def _market(self, s: ColonistsState, e: ActionEvent) -> int:
        if has_param(e, "at"):
            return place_ref(s, e, "at")
        markets = [t for t, tile in s.board.tiles.items() if tile.market]
        if len(markets) == 1:
            return markets[0]
        raise schema(e, "name the Market (field 'at': one of its cells)")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        c = s.p[i]
        markets = sorted(t for t, tile in s.board.tiles.items() if tile.market)
        for n in range(1, stewards_allowed(s, i) + 1):
            if n > len(c.stewards) or c.stewards[n - 1] is None:
                for t in markets:
                    yield ActionEvent.make(player, "place_steward", steward=n,
                                           at=list(s.board.tiles[t].cells[0]))
                return

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        turns.turn_begins(s, i)
        _ensure_stewards(s, i)
        c = s.p[i]
        n = e.get("steward", 1)
        tile = self._market(s, e)
        c.stewards[n - 1] = tile
        c.block_start[n - 1] = tile
        if n > s.data.setup.stewards:
            rule = player_level_rule(s, i, d.ExtraSteward)
            if rule is not None and n - s.data.setup.stewards <= _colony_stewards(s, i):
                note(rule)


# --------------------------------------------------------------------------- the Fee


def fee_due(s: ColonistsState, i: int, tile: int) -> list[str]:
    """The players to be paid for moving onto ``tile`` (none on Markets or with no Fee)."""
    if s.board.tiles[tile].market:
        return []
    due = [s.players[j] for j, c in enumerate(s.p) if j != i and tile in c.stewards]
    if due and effects_of(s, i, d.NoFee):
        return []
    return due


def fee_parts(s: ColonistsState, i: int) -> tuple[tuple[str, ...], int]:
    """(the goods of which one is paid, or () when that part is waived; the number of building
    resources)."""
    fee = s.data.eras[s.era].fee
    if effects_of(s, i, d.NoFee):  # the Customs Office, the Lord: also where an ability asks
        return (), 0
    waived = {e.part for e in effects_of(s, i, d.FeeWaive)}
    first = () if "sustenance_or_tool" in waived else fee.sustenance_or_tool
    count = 0 if "building_resources" in waived else fee.building_resources
    return first, count


def fee_payment_problem(s: ColonistsState, i: int, payee: str,
                        paid: Mapping[str, int]) -> str | None:
    first, count = fee_parts(s, i)
    firsts = sum(paid.get(g, 0) for g in first)
    resources = sum(paid.get(g, 0) for g in BUILDING_RESOURCES)
    others = {g: n for g, n in paid.items() if g not in first and g not in BUILDING_RESOURCES}
    expected = (f"1 of {' or '.join(first)} and " if first else "") + f"{count} building " \
        f"resource(s)"
    if others or firsts != (1 if first else 0) or resources != count:
        if not first and not count:
            return (f"the Fee to {payee} is waived for {s.players[i]} (pay nothing: "
                    f"{{}}); found {bundle_text(paid)}")
        return f"the Fee to {payee} is {expected}; found {bundle_text(paid)}"
    return None


# --------------------------------------------------------------------------- moving


BOOST = "boost"  # used: the half-year (turns.half_index) of the Envoy's Range boost


class Move(Action):
    name = "move"
    rules = ("CO-MOVE-RANGE", "CO-MOVE-OWN", "CO-MOVE-LEAVE", "CO-STEWARDS")
    required = fields(to=(str, list))
    optional = fields(steward=int, fee=dict, ticket=int, horse=int, boost=dict)
    stages = frozenset({"turn"})

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        _steward(s, e)
        place_ref(s, e, "to")
        self._fees(e)
        if has_param(e, "boost"):
            found = read_bundle(e.get("boost")) if e.get("boost").items else {}
            if isinstance(found, str):
                raise schema(e, f"boost: {found}", "CO-ENVOY-2")

    def _boost(self, s: ColonistsState, i: int, e: ActionEvent) -> int:
        """The Envoy's boost (level II): the Fee paid to the supply for +Range on this move,
        once per half-year; the Range it adds (0 without one)."""
        if not has_param(e, "boost"):
            return 0
        found = effects_of(s, i, d.RangeBoost)
        rule = colonies.rule_for(s, lambda x: isinstance(x, d.RangeBoost), "CO-ENVOY-2")
        if not found:
            raise illegal(e, rule, f"{e.player} cannot pay the Fee for more Range (the Envoy "
                          "colony's ability)")
        if s.p[i].used.get(BOOST) == turns.half_index(s):
            raise illegal(e, rule, f"{e.player} has paid the Fee for more Range this half-year "
                          "already")
        paid = _boost_goods(e)
        problem = fee_payment_problem(s, i, "the supply", paid)
        if problem:
            raise illegal(e, rule, problem)
        problem = spend_problem(s, i, paid)
        if problem:
            raise illegal(e, rule, f"{e.player} cannot pay the Fee for more Range "
                          f"({bundle_text(paid)}): {problem}")
        return max(x.range for x in found)

    def _fees(self, e: ActionEvent) -> dict[str, Bundle]:
        raw = e.get("fee")
        if raw is None:
            return {}
        out: dict[str, Bundle] = {}
        for payee, goods in raw.items:
            found = read_bundle(goods)
            if isinstance(found, str):
                raise schema(e, f"fee to {payee}: {found}", "CO-FEE")
            out[payee] = found
        return out

    # whether the last move checked is legal only by an anytime event before the place's action
    # (:func:`possible_after_anytime`); :meth:`legal` leaves those out
    relaxed = False

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self.relaxed = False
        state = s
        i = s.players.index(e.player)
        c = s.p[i]
        if not c.filled:
            raise Refused(Violation("order", "CO-SETUP-STORAGE", f"{e.player} fills the Basic "
                                    "Storage (fill_storage) before the first move", e.player))
        n = _steward(s, e)
        allowed = stewards_allowed(s, i)
        if n > allowed:
            raise illegal(e, "CO-STEWARDS", f"{e.player} controls {allowed} Steward(s), not a "
                          f"Steward {n}")
        here = c.stewards[n - 1] if n <= len(c.stewards) else None
        if here is None:
            raise Refused(Violation("order", "CO-STEWARD-ENTER", f"Steward {n} is not on the "
                                    "board: place_steward on a Market first", e.player))
        to = place_ref(s, e, "to")
        target = s.board.tiles[to]
        if to == here:
            raise illegal(e, "CO-MOVE-RANGE", f"Steward {n} must move; he is on the "
                          f"{target.slug} already")
        _, boosted, fee, ticket, horse = _named(e)
        boost = self._boost(s, i, e) if boosted else 0
        self._reach(s, i, e, here, to, boost, ticket, horse)
        if not target.market and to in c.stewards and any(
                t == to for k, t in enumerate(c.stewards) if k != n - 1):
            raise illegal(e, "CO-MOVE-OWN", f"another of {e.player}'s Stewards is on the "
                          f"{target.slug}")
        if s.turns + 1 >= s.data.calendar.turns_per_half_year:
            self._leave(s, i, e, n, to)
        if boosted:  # the boost's Fee is paid first, an action of its own
            s = _after_paying(s, i, _boost_goods(e))
        if fee or ticket or not target.market:
            self._fee(s, i, e, to, fee, ticket)
        self._action_possible(s, i, e, to, fee, ticket)
        MEMO.keep(state, e, to)

    def _action_possible(self, s: ColonistsState, i: int, e: ActionEvent, to: int, fee: bool,
                         ticket: bool) -> None:
        """CO-MOVE-ACTION: nobody moves to a place without carrying out its action (``fee``,
        ``ticket``: whether the move names them)."""
        if always_possible(s, i, to):
            return
        total: Bundle = {}
        if fee:
            for goods in self._fees(e).values():
                add(total, goods)
        if ticket:
            add(total, next(x.price for x in s.data.improvements[e.get("ticket")].effects
                            if isinstance(x, d.Ticket)))
        # the state after the move, as far as the place's action sees it
        view = s.trial(i) if total else s.view()
        view.pending = Pending("act", i, to, market=market_extra(s, i, to))
        view.stage = "act"
        if total:
            spend(view, i, total)
        if _place_action_possible(view, e.player):
            return
        self.relaxed = True
        if not possible_after_anytime(view, i):
            tile = s.board.tiles[to]
            raise illegal(e, "CO-MOVE-ACTION", f"{e.player} could not carry out the action of "
                          f"the {tile.slug} at {list(tile.cells[0])} after moving there (not "
                          "even after discarding goods or employing a Colonist first), so may "
                          "not move there")

    def _reach(self, s: ColonistsState, i: int, e: ActionEvent, here: int, to: int,
               boost: int, ticket: bool, horse: bool) -> None:
        target = s.board.tiles[to]
        if ticket:  # a card named is checked wherever the Steward goes
            self._ticket(s, i, e)
        card = self._limited(s, i, e, "horse", d.Horse) if horse else None
        if target.market:
            return
        jumps = effects_of(s, i, d.JumpTo)
        if jumps and any(j.place == target.slug for j in jumps):
            return
        if ticket:
            return
        reach = min(s.data.movement.max_range, steward_range(s, i) + boost)
        if card is not None:
            reach = min(s.data.movement.max_range,
                        reach + sum(h.range for h in s.data.improvements[card].effects
                                    if isinstance(h, d.Horse)))
        steps = s.board.within(here, reach)
        if to not in steps:
            raise illegal(e, "CO-MOVE-RANGE", f"the {target.slug} at {list(target.cells[0])} is "
                          f"beyond Range {reach} of Steward {e.get('steward', 1)} (only "
                          "Markets are reached by a jump)")

    def _limited(self, s: ColonistsState, i: int, e: ActionEvent, key: str,
                 kind: type[d.Effect]) -> int:
        card = e.get(key)
        if card not in s.p[i].limited or not any(isinstance(x, kind) for x in
                                                 s.data.improvements[card].effects):
            raise illegal(e, "CO-CARD-EFFECT", f"{e.player} has no {key} card {card} in front "
                          "of them with uses left")
        if s.limits.get(f"{key}:{card}"):
            raise illegal(e, "CO-CARD-EFFECT", f"card {card} is used once per turn")
        return int(card)

    def _ticket(self, s: ColonistsState, i: int, e: ActionEvent) -> None:
        card = self._limited(s, i, e, "ticket", d.Ticket)
        price = next(x.price for x in s.data.improvements[card].effects
                     if isinstance(x, d.Ticket))
        problem = spend_problem(s, i, price)
        if problem:
            raise illegal(e, "CO-CARD-EFFECT", f"the ticket's price ({bundle_text(price)}): "
                          f"{problem}")

    def _leave(self, s: ColonistsState, i: int, e: ActionEvent, n: int, to: int) -> None:
        """CO-MOVE-LEAVE: on the last of the three turns, every Steward moved in them must end
        off the place he started on (Markets excepted). Asked on the last turn only."""
        c = s.p[i]
        where = list(c.stewards)
        where[n - 1] = to
        for k in {*c.moved, n - 1}:
            start = c.block_start[k] if k < len(c.block_start) else None
            if start is None or where[k] != start or s.board.tiles[start].market:
                continue
            raise illegal(e, "CO-MOVE-LEAVE", f"Steward {k + 1} would end {e.player}'s three "
                          f"turns on the {s.board.tiles[start].slug} he started them on")

    def _fee(self, s: ColonistsState, i: int, e: ActionEvent, to: int, fee: bool,
             ticket: bool) -> None:
        """CO-FEE (``fee``, ``ticket``: whether the move names them; no Fee is due on a
        Market)."""
        due = fee_due(s, i, to)
        if not due and not fee and not ticket:
            return
        paid = self._fees(e)
        extra = sorted(set(paid) - set(due))
        if extra:
            j = s.players.index(extra[0]) if extra[0] in s.players else None
            if j is not None and j != i and to in s.p[j].stewards:  # waived
                if s.board.tiles[to].market:
                    raise illegal(e, "CO-FEE", f"{e.player} owes no Fee to {extra[0]} on the "
                                  f"{s.board.tiles[to].slug}: on Markets the Fee is never paid")
                colony = None if _building_no_fee(s, i) else player_level_rule(s, i, d.NoFee)
                source = "a colony's ability" if colony else "the Customs Office"
                raise illegal(e, colony or "CO-FEE-WAIVE", f"{e.player} owes no Fee to "
                              f"{extra[0]} on the {s.board.tiles[to].slug}: {source} waives "
                              f"it for {e.player}")
            raise illegal(e, "CO-FEE", f"{extra[0]} has no Steward on the "
                          f"{s.board.tiles[to].slug}: no Fee is due to them")
        missing = [p for p in due if p not in paid]
        first, count = fee_parts(s, i)
        if missing and (first or count):
            raise illegal(e, "CO-FEE", f"the Fee is due to {', '.join(missing)} (each "
                          + (f"1 of {' or '.join(first)} and " if first else "")
                          + f"{count} building resource(s)); the move names no payment to "
                          f"{missing[0]}")
        total: Bundle = {}
        for payee, goods in paid.items():
            problem = fee_payment_problem(s, i, payee, goods)
            if problem:
                raise illegal(e, "CO-FEE", problem)
            add(total, goods)
        if ticket:
            card = e.get("ticket")
            add(total, next(x.price for x in s.data.improvements[card].effects
                            if isinstance(x, d.Ticket)))
        if total:
            problem = spend_problem(s, i, total)
            if problem:
                raise illegal(e, "CO-FEE-PAY", f"{e.player} cannot pay the Fee "
                              f"({bundle_text(total)}): {problem}")

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        """Each Steward's moves within the Range and jumps, then (after those of every Steward)
        the moves only a limited card or the Envoy's boost makes possible: a Horse or the boost
        to the Places their extra Range adds (both at once to those only the two reach), a
        Ticket to every other Place. A target reached without spending a card or the boost is
        not listed with one (the same move, a card's use or the boost spent for nothing)."""
        assert player is not None
        i = s.players.index(player)
        c = s.p[i]
        if not c.filled:
            return
        # the places jumped to as to a Market (the Diplomat with the Envoy II, the Developer
        # with the Scholar III)
        jumps = {j.place for j in effects_of(s, i, d.JumpTo)}
        plain: dict[int, set[int]] = {}
        for n, here in enumerate(c.stewards, start=1):
            if here is None:
                continue
            reach = s.board.within(here, steward_range(s, i))
            targets = {t for t in reach if t != here}
            targets |= {t for t, tile in s.board.tiles.items()
                        if (tile.market or tile.slug in jumps) and t != here}
            plain[n] = targets
            yield from self._listed(s, player, i, n, targets, {})
        horses = _usable(s, i, "horse", d.Horse)
        tickets = [card for card, _ in _usable(s, i, "ticket", d.Ticket)]
        boost = _boost_range(s, i)
        boosts = fee_bundles(s, i) if boost else []  # ways to pay its Fee to the supply
        if not (horses or tickets or boosts):
            return
        top = s.data.movement.max_range
        for n, here in enumerate(c.stewards, start=1):
            if here is None:
                continue
            reached = {here} | plain[n]

            def ring(more: int, here: int = here, reached: set[int] = reached) -> set[int]:
                """The places a Range raised by ``more`` adds."""
                return set(s.board.within(here, min(top, steward_range(s, i) + more))) - \
                    reached

            for card, more in horses:
                yield from self._listed(s, player, i, n, ring(more), {"horse": card})
            for paid in boosts:
                yield from self._listed(s, player, i, n, ring(boost), {"boost": paid})
            for card, more in horses if boosts else ():
                both = ring(more + boost) - ring(more) - ring(boost)
                for paid in boosts:
                    yield from self._listed(s, player, i, n, both, {"horse": card,
                                                                     "boost": paid})
            for card in tickets:  # any Place (the Markets are reached already)
                yield from self._listed(s, player, i, n, set(s.board.tiles) - reached,
                                        {"ticket": card})

    def _listed(self, s: ColonistsState, player: str, i: int, n: int, targets: set[int],
                extra: dict[str, Any]) -> Iterator[ActionEvent]:
        """The moves of Steward ``n`` to ``targets`` with the parameters ``extra`` (a card, the
        boost), each with a few ways to pay the Fee; those refused are left out."""
        for to in sorted(targets):
            tile = s.board.tiles[to]
            at: Any = list(tile.cells[0])
            for fee in _fee_options(s, i, to):
                params: dict[str, Any] = {"to": at}
                if n != 1:
                    params["steward"] = n
                params.update(extra)
                if fee:
                    params["fee"] = fee
                event = ActionEvent.make(player, "move", **params)
                # a move legal only by a discard or an employ after it is left out: that
                # event before the move, listed too, leads to the same state
                if self.check(s, event) is None and not self.relaxed:
                    yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = s.players.index(e.player)
        turns.turn_begins(s, i, moving=True)
        c = s.p[i]
        n, boosted, fee, ticket, horse = _named(e)
        limited = ticket or horse
        to = MEMO.take(s, e)
        if to is None:
            to = place_ref(s, e, "to")
        fees = self._fees(e) if fee else {}
        here = c.stewards[n - 1]
        assert here is not None
        noting = note is not ignore  # what only notes rules is skipped where none are collected
        if noting:
            _note_colony_moves(s, i, e, here, to, note)
        if boosted:
            c.used[BOOST] = turns.half_index(s)
            spend(s, i, _boost_goods(e))
            note("CO-ENVOY-2")
        occupied = noting and [j for j, o in enumerate(s.p) if j != i and to in o.stewards]
        if occupied and not s.board.tiles[to].market:
            note("CO-FEE")
            if fee_parts(s, i) != fee_parts_full(s) or not fee_due(s, i, to):
                note("CO-FEE-WAIVE")
                rule = player_level_rule(s, i, d.NoFee)
                if rule is not None and not _building_no_fee(s, i):
                    note(rule)
        total: Bundle = {}
        for goods in fees.values():
            add(total, goods)
        if total:
            note("CO-FEE-PAY")
        if limited:
            keys = {k for k, _ in e.params}
            for key in ("ticket", "horse"):
                if key in keys:
                    card = e.get(key)
                    if key == "ticket":
                        add(total, next(x.price for x in s.data.improvements[card].effects
                                        if isinstance(x, d.Ticket)))
                    _use_limited(s, i, card)
                    s.limits[f"{key}:{card}"] = 1
                    note("CO-CARD-EFFECT")
        if total:
            spend(s, i, total)
        for payee, goods in fees.items():
            receive_what_fits(s, s.players.index(payee), goods)
        if noting and (n > s.data.setup.stewards or steward_range(s, i) > s.data.setup.range or (
                occupied and effects_of(s, i, d.NoFee))):
            note("CO-SPECIAL")  # a Boardinghouse's Steward, the Stables' Range, no Fee
        c.stewards[n - 1] = to
        if n - 1 not in c.moved:
            c.moved.append(n - 1)
        s.pending = Pending("act", i, to, market=market_extra(s, i, to))
        s.stage = "act"


def market_extra(s: ColonistsState, i: int, tile: int) -> bool:
    """Whether a Market action may also be taken at ``tile`` (the Envoy at the Diplomat,
    level IV)."""
    board_tile = s.board.tiles[tile]
    if board_tile.market:
        return False
    extras = effects_of(s, i, d.PlaceExtra)
    return bool(extras) and any(x.market_action and x.place == board_tile.slug for x in extras)


def _boost_goods(e: ActionEvent) -> Bundle:
    raw = e.get("boost")
    if not raw.items:
        return {}
    found = read_bundle(raw)
    assert not isinstance(found, str)
    return found


def _usable(s: ColonistsState, i: int, key: str, kind: type[d.Effect]) -> list[tuple[int, int]]:
    """The limited cards of ``kind`` in front of player ``i`` with uses left and not used this
    turn (``key``: "ticket", "horse"), each with the Range it adds (0 for a Ticket)."""
    out = []
    for card in sorted(s.p[i].limited):
        effects = [x for x in s.data.improvements[card].effects if isinstance(x, kind)]
        if effects and not s.limits.get(f"{key}:{card}"):
            out.append((card, sum(x.range for x in effects if isinstance(x, d.Horse))))
    return out


def _boost_range(s: ColonistsState, i: int) -> int:
    """The Range the Envoy's boost adds if player ``i`` may use it now (0 otherwise)."""
    found = effects_of(s, i, d.RangeBoost)
    if not found or s.p[i].used.get(BOOST) == turns.half_index(s):
        return 0
    return max(x.range for x in found)


def _after_paying(s: ColonistsState, i: int, goods: Bundle) -> ColonistsState:
    """A view of ``s`` in which player ``i`` has paid ``goods`` (for checking what follows)."""
    view = s.trial(i)
    spend(view, i, goods)
    return view


def _colony_stewards(s: ColonistsState, i: int) -> int:
    """Extra Stewards that come from Embassies (the Envoy)."""
    return sum(x.stewards for colony, level in s.p[i].embassies.items()
               for x in s.data.abilities(colony, level) if isinstance(x, d.ExtraSteward))


def _building_no_fee(s: ColonistsState, i: int) -> bool:
    """Whether a working building (the Customs Office) removes the Fee."""
    data = s.data
    return any(isinstance(b.effect, d.NoFee) and works(data, built)
               for built in s.p[i].buildings
               if (b := data.buildings.get(built.slug)) is not None)


def _note_colony_moves(s: ColonistsState, i: int, e: ActionEvent, here: int, to: int,
                       note: Note) -> None:
    """Credit the colony levels a move uses: an Envoy's Steward, a jump to the Diplomat or the
    Developer, the Envoy's Range."""
    if not s.p[i].embassies:
        return
    n = e.get("steward", 1)
    if n > s.data.setup.stewards and n - s.data.setup.stewards <= _colony_stewards(s, i):
        rule = player_level_rule(s, i, d.ExtraSteward)
        if rule is not None:
            note(rule)
    target = s.board.tiles[to]
    if target.market:
        return
    jumps = [x for x in effects_of(s, i, d.JumpTo) if x.place == target.slug]
    plain = s.board.within(here, s.data.setup.range + sum(
        x.range for x in effects_of(s, i, d.ExtraRange)))
    if jumps and to not in plain:
        found = colonies.granting(s, lambda x: isinstance(x, d.JumpTo) and x.place ==
                                  target.slug, s.p[i].embassies)
        if found is not None:
            note(colonies.level_rule(*found))
        return
    colony_range = sum(x.range for colony, level in s.p[i].embassies.items()
                       for x in s.data.abilities(colony, level) if isinstance(x, d.ExtraRange))
    if colony_range and to not in s.board.within(here, steward_range(s, i) - colony_range):
        rule = player_level_rule(s, i, d.ExtraRange)
        if rule is not None:
            note(rule)


ALWAYS_POSSIBLE = frozenset({"resource", "sustainer", "head_official", "chief_officer"})


def action_possible(s: ColonistsState, player: str) -> bool:
    """Whether some action of the place the player's Steward has reached can be carried out.
    A Market's subsidy, a Resource Place's or Sustainer's goods and the start player marker
    can always be taken (declining what does not fit); the other places are asked."""
    assert s.pending is not None and s.pending.tile is not None
    if always_possible(s, s.pending.player, s.pending.tile):
        return True
    return _place_action_possible(s, player)


def _place_action_possible(s: ColonistsState, player: str) -> bool:
    """:func:`action_possible` at a place whose action is not always possible."""
    assert s.pending is not None and s.pending.tile is not None
    place = s.data.place(s.board.tiles[s.pending.tile].slug)
    kind = place.kind or place.type
    i = s.pending.player
    if not _TESTS:  # the places' moves import this module: looked up on first use
        from referee.model.colonists.moves import cards, community

        _TESTS.update({
            "librarian": lambda s, i, place: cards.librarian_possible(s, i),  # its Dollar
            "developer": cards.developer_possible,  # needs no room; goods may be declined
            "builder": community.build_possible,
            "diplomat": _diplomat_possible})
    test = _TESTS.get(kind)
    if test is not None:
        return bool(test(s, i, place))
    moves = _BY_KIND.get(kind)
    if moves is None:
        from referee.model.colonists.moves import ACT_MOVES

        moves = _BY_KIND[kind] = tuple(m for m in ACT_MOVES if m.name in _ACTION_OF.get(
            kind, ()) or kind not in _ACTION_OF)
    for move in moves:
        for _ in move.legal(s, player):
            return True
    return False


def _diplomat_possible(s: ColonistsState, i: int, place: Any) -> bool:
    """The Diplomat's action as things stand, or, where a Market action may be taken there too
    (the Envoy at level IV), after one of the Market actions listed: the player decides the
    order of the actions (rulebook "What Is Considered an Action?")."""
    from referee.model.colonists.moves import ACT_MOVES, diplomacy
    from referee.model.colonists.moves.cards import trade_events
    from referee.model.colonists.moves.colonies import MARKET_MOVES

    if diplomacy.diplomacy_possible(s, i):
        return True
    pending = s.pending
    if pending is None or not pending.market:
        return False
    player = s.players[i]
    market: tuple[Any, ...] = tuple(m for m in ACT_MOVES if m.name in MARKET_MOVES)
    for move in market:
        events = trade_events(s, i, every=True) if move.name == "market_trade" else \
            move.legal(s, player)
        for event in events:
            if move.check(s, event) is not None:
                continue
            trial = s.copy()
            move.apply(trial, event, ignore)
            if trial.pending is not None and trial.pending.tile == pending.tile and \
                    diplomacy.diplomacy_possible(trial, i):
                return True
    return False


def always_possible(s: ColonistsState, i: int, tile: int) -> bool:
    """Places whose action can always be carried out: a Market (its subsidy, declined if need
    be), Resource Places, Sustainers, the start player marker; any place but a Market for a
    player with the Lord's alternative action."""
    board_tile = s.board.tiles[tile]
    if board_tile.market:
        return True
    place = s.data.place(board_tile.slug)
    if place.type in ALWAYS_POSSIBLE or place.kind in ALWAYS_POSSIBLE:
        return True
    return bool(effects_of(s, i, d.IgnoreAction))


# the moves that carry out each kind of place's action (the others cannot be possible there)
_ACTION_OF = {"builder": ("build",), "refiner": ("refine",), "developer": ("develop",),
              "librarian": ("draw_cards",), "diplomat": ("diplomacy",)}
_BY_KIND: dict[str, tuple[Any, ...]] = {}
# place kind -> whether its action is possible (s, i, place), where the moves have a test
_TESTS: dict[str, Callable[[ColonistsState, int, d.Place], bool]] = {}


def possible_after_anytime(s: ColonistsState, i: int) -> bool:
    """Whether the due action of player ``i`` becomes possible by what the player may do at
    any time before it: all of one good in Storage and Warehouse discarded (rulebook "Storage":
    "You may discard goods at any time for no reason (e.g. to make room)") or one Colonist
    employed ("Activating a Building": "At any time, you may activate a Building"). Asked only
    once the action is impossible as the state stands."""
    return anytime_enabler(s, i) is not None


def anytime_enabler(s: ColonistsState, i: int) -> ActionEvent | None:
    """The first event of :func:`possible_after_anytime` that makes the due action possible
    (a discard of all of one good, or an employ), or None."""
    from referee.model.colonists.moves.community import EMPLOY

    player = s.players[i]
    stored = s.p[i].stored
    for good in sorted(g for g, n in stored.items() if n):
        trial = s.trial(i)
        trial.p[i].stored = {g: n for g, n in stored.items() if g != good}
        if _place_action_possible(trial, player):
            return ActionEvent.make(player, "discard", goods={good: stored[good]})
    for event in EMPLOY.listed(s, player):
        trial = s.trial(i)
        EMPLOY.apply(trial, event, lambda rule: None)
        if _place_action_possible(trial, player):
            return event
    return None


def keeps_action_possible(s: ColonistsState, e: ActionEvent, move: Action) -> None:
    """An anytime event between a move and the place's action (by the player acting) must not
    make that action impossible (CO-MOVE-ACTION)."""
    if s.stage != "act" or s.pending is None or s.players[s.pending.player] != e.player:
        return
    i = s.pending.player
    assert s.pending.tile is not None
    if always_possible(s, i, s.pending.tile):
        return
    trial = s.trial(i)  # employ and discard change the player's community only
    move.apply(trial, e, lambda rule: None)
    if not action_possible(trial, e.player) and not possible_after_anytime(trial, i):
        tile = s.board.tiles[s.pending.tile] if s.pending.tile is not None else None
        where = f"the {tile.slug}" if tile is not None else "the place"
        raise illegal(e, "CO-MOVE-ACTION", f"{e.name} would leave {e.player} no action to "
                      f"carry out at {where}")


def fee_parts_full(s: ColonistsState) -> tuple[tuple[str, ...], int]:
    fee = s.data.eras[s.era].fee
    return fee.sustenance_or_tool, fee.building_resources


def _use_limited(s: ColonistsState, i: int, card: int) -> None:
    c = s.p[i]
    c.limited[card] -= 1
    if c.limited[card] <= 0:
        del c.limited[card]
        c.changed()
        s.discard.append(card)


def _fee_options(s: ColonistsState, i: int, to: int) -> Iterator[dict[str, dict[str, int]]]:
    """A few ways to pay the Fee (for the explorer): each payee paid the same, from what the
    player holds most of."""
    due = fee_due(s, i, to)
    first, count = fee_parts(s, i)
    if not due or not (first or count):
        yield {}
        return
    c = s.p[i]
    options: list[dict[str, int]] = []
    firsts: list[str | None] = [g for g in first if (
        c.tools if g == "tools" else c.stored.get(g, 0)) >= len(due)]
    resources: list[str | None] = [*sorted((g for g in BUILDING_RESOURCES if c.stored.get(g, 0)),
                                           key=lambda g: -c.stored.get(g, 0))]
    for head, res in product(firsts or [None], resources[:2] or [None]):
        pay: dict[str, int] = {}
        if head is not None:
            pay[head] = 1
        if count and res is not None:
            pay[res] = pay.get(res, 0) + count
        options.append(pay)
    for pay in options:
        yield {payee: pay for payee in due}


def fee_bundles(s: ColonistsState, i: int) -> list[Bundle]:
    """A few ways to pay one Fee (for the explorer): a sustenance good or tool the player holds,
    with the building resources of one kind they hold most of, or mixed from the most held
    when no one kind suffices."""
    first, count = fee_parts(s, i)
    c = s.p[i]
    heads: list[str | None] = [g for g in first if (
        c.tools if g == "tools" else c.stored.get(g, 0)) >= 1] if first else [None]
    held = sorted((g for g in BUILDING_RESOURCES if c.stored.get(g, 0)),
                  key=lambda g: (-c.stored.get(g, 0), g))
    parts: list[Bundle] = [{g: count} for g in held[:2] if c.stored[g] >= count]
    if not parts and count:
        mixed: Bundle = {}
        left = count
        for g in held:
            mixed[g] = min(c.stored[g], left)
            left -= mixed[g]
            if not left:
                parts.append(mixed)
                break
    elif not count:
        parts = [{}]
    out: list[Bundle] = []
    for head, part in product(heads, parts):
        pay = dict(part)
        if head is not None:
            pay[head] = pay.get(head, 0) + 1
        out.append(pay)
    return out


MOVES = (PlaceSteward(), Move())
