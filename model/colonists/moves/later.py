"""Phase 3 of a later-era setup and of continuing a saved game (rulebook "Starting in a Later
Era", "Saving the Game"): the improvements dealt, then each player's Buildings and Embassies and
goods bought with the display budget. Phases 4 and 5 are the ``sustenance`` phase marker."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

from referee.model.colonists import data as d
from referee.model.colonists.colonies import level_rule
from referee.model.colonists.community import (
    buffer_room,
    embassy_slug,
    room,
    settle_buffers,
    spot_counts_for,
    spot_problem,
)
from referee.model.colonists.goods import STORABLE, Bundle, add, bundle_text
from referee.model.colonists.later import budget, deal_pool, deal_schedule, last_skipped
from referee.model.colonists.moves.base import Action, Chance, player_index
from referee.model.colonists.moves.diplomacy import ambassador_places, unlocked
from referee.model.colonists.moves.setup import _chance_refused, _chance_schema, _uniform
from referee.model.colonists.refs import Refused, goods_param, illegal, schema, unknown_card
from referee.model.colonists.state import Built, ColonistsState
from referee.model.core import Action as ActionEvent
from referee.model.core import Chance as ChanceEvent
from referee.model.core import Note, Violation, fields, unknown

DISPLAY = frozenset({"setup_display"})
STEP = "setup:step"      # used: 1 once the Buildings are placed, 2 once the goods are
LEFT = "setup:left"      # used: the Building Dollars left for goods, plus one


def begin_display(s: ColonistsState, note: Note) -> None:
    """Phase 3 begins: the improvements are dealt (if any), then the players' displays."""
    s.deal = 0
    s.stage = "setup_card" if deal_schedule(s) else "setup_display"
    if s.stage == "setup_display":
        _piles(s)


def _piles(s: ColonistsState) -> None:
    """The draw pile the setup's production phase draws from: what is left of the cards dealt
    from."""
    s.draw_pile = deal_pool(s, 0)
    s.discard = []


class DealCard(Chance):
    """An improvement dealt in phase 3: a permanent card of a skipped era (played at once, no
    cost) or a card to the hand."""

    name = "setup_card"
    rules = ("CO-LATER-CARDS",)
    required = fields(player=str, card=int)

    def schema_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        if e.get("player") not in s.players:
            raise _chance_schema(e, unknown("player", e.get("player"), s.players))
        if e.get("card") not in s.data.improvements:
            raise _chance_schema(e, unknown_card(e.get("card"), s.data.improvements))

    def _due(self, s: ColonistsState) -> tuple[int, int]:
        return deal_schedule(s)[s.deal]

    def rules_check(self, s: ColonistsState, e: ChanceEvent) -> None:
        seat, era = self._due(s)
        if e.get("player") != s.players[seat]:
            raise _chance_refused(e, "CO-LATER-CARDS", f"the next card is dealt to "
                                  f"{s.players[seat]}, not {e.get('player')}")
        if e.get("card") not in deal_pool(s, era):
            what = (f"a permanent improvement of era {era}" if era else
                    "an improvement of the eras before the next" if s.saved is not None else
                    f"an improvement of era {last_skipped(s)} for the hand")
            raise _chance_refused(e, "CO-LATER-CARDS", f"card {e.get('card')} is not "
                                  f"{what} still undealt")

    def outcomes(self, s: ColonistsState) -> list[tuple[ChanceEvent, Fraction]]:
        seat, era = self._due(s)
        return _uniform([ChanceEvent.make("setup_card", player=s.players[seat], card=c)
                         for c in deal_pool(s, era)])

    def apply(self, s: ColonistsState, e: ChanceEvent, note: Note) -> None:
        seat, era = self._due(s)
        c = s.p[seat]
        if era:
            c.played.append(e.get("card"))
            c.changed()
        else:
            c.hand.append(e.get("card"))
        s.deal += 1
        if s.deal >= len(deal_schedule(s)):
            s.stage = "setup_display"
            _piles(s)


def _money(s: ColonistsState, slugs: list[str]) -> int:
    return sum(1 for slug in slugs if s.data.buildings[slug].kind == "money")


class SetupBuildings(Action):
    """A player's Buildings and Embassies, bought at their Dollar values with the Embassy and
    Building Dollars (Embassy Dollars may buy Buildings)."""

    name = "setup_buildings"
    order_rule = "CO-LATER-DISPLAY"
    rules = ("CO-LATER-DISPLAY", "CO-LATER-BUDGET")
    required = fields(buildings=list)
    optional = fields(embassies=dict, ambassadors=dict)
    who = "anyone"
    stages = DISPLAY

    def _slugs(self, s: ColonistsState, e: ActionEvent) -> list[str]:
        raw = e.get("buildings")
        out = []
        for slug in raw:
            if not isinstance(slug, str) or slug not in s.data.buildings:
                raise schema(e, unknown("building", slug, sorted(s.data.buildings)),
                             "CO-LATER-DISPLAY")
            out.append(slug)
        return out

    def _embassies(self, s: ColonistsState, e: ActionEvent) -> dict[str, int]:
        out: dict[str, int] = {}
        if not e.has("embassies"):
            return out
        for colony, level in e.get("embassies").items:
            if colony not in s.data.colonies:
                raise schema(e, unknown("colony", colony, sorted(s.data.colonies)),
                             "CO-LATER-DISPLAY")
            if type(level) is not int or level not in s.data.embassy_levels:
                raise schema(e, f"{colony}: a level is 1 to {max(s.data.embassy_levels)}, "
                             f"found {level!r}", "CO-LATER-DISPLAY")
            out[colony] = level
        return out

    def schema_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self._slugs(s, e)
        self._embassies(s, e)

    def _cost(self, s: ColonistsState, e: ActionEvent) -> tuple[int, int, int]:
        """(Embassy Dollars spent, Building Dollars spent, Dollars left for goods)."""
        i = player_index(s, e)
        c = s.p[i]
        if c.used.get(STEP):
            raise Refused(Violation("order", "CO-LATER-DISPLAY", f"{e.player} has placed their "
                                    "Buildings and Embassies already", e.player))
        data = s.data
        slugs = self._slugs(s, e)
        targets = self._embassies(s, e)
        era = last_skipped(s)
        for slug in slugs:
            b = data.buildings[slug]
            if b.era > era:
                raise illegal(e, "CO-LATER-DISPLAY", f"the {b.name} is a building of era "
                              f"{b.era}: the display takes buildings up to era {era}")
        for slug, n in Counter(slugs).items():
            b = data.buildings[slug]
            if b.limit is not None and n > b.limit:
                raise illegal(e, "CO-BUILD-LIMIT", f"a community holds at most {b.limit} "
                              f"{b.name}; {e.player} places {n}")
            if s.box_limits:
                others = sum(1 for j, o in enumerate(s.p) if j != i for x in o.buildings
                             if x.slug in ({slug} | ({b.other_side} if b.other_side else set())))
                if n + others > b.box_count:
                    raise illegal(e, "CO-BUILD-LIMIT", f"the box holds {b.box_count} {b.name} "
                                  f"tiles; {others} are in other communities")
        top = data.eras[era].max_colony_level
        for colony, level in targets.items():
            if colony not in s.colonies:
                raise illegal(e, "CO-EMBASSY", f"the {colony} colony is not in play (in play: "
                              f"{', '.join(s.colonies)})")
            if level > top:
                raise illegal(e, "CO-EMBASSY", f"relations reach at most level {top} before "
                              f"era {s.first_era}, not {level}")
        if s.money_limit and _money(s, slugs) > data.later_era.max_money_buildings:
            raise illegal(e, "CO-LATER-BUDGET", f"at most {data.later_era.max_money_buildings} "
                          f"Money Buildings at the setup (the option); {e.player} places "
                          f"{_money(s, slugs)}")
        money = budget(s, i)
        on_embassies = sum(data.embassy_levels[level].value for level in targets.values())
        on_buildings = sum(data.buildings[slug].value for slug in slugs)
        if on_embassies > money.embassies:
            raise illegal(e, "CO-LATER-BUDGET", f"the Embassies cost {on_embassies} Dollars; "
                          f"{e.player} has {money.embassies} Embassy Dollars")
        spare = money.embassies - on_embassies + money.buildings
        if on_buildings > spare:
            raise illegal(e, "CO-LATER-BUDGET", f"the Buildings cost {on_buildings} Dollars; "
                          f"{e.player} has {money.buildings} Building Dollars and "
                          f"{money.embassies - on_embassies} Embassy Dollars left")
        held = slugs + [embassy_slug(x) for x in targets]
        # a Community Hall placed here opens the Borderland for the rest of the display
        problem = spot_problem(s, i, held, spot_counts_for(s, i, held))
        if problem:
            raise illegal(e, "CO-BUILD-SPOTS", problem)
        ambassador_places(s, e, unlocked(s, i, targets))
        return on_embassies, on_buildings, spare - on_buildings

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self._cost(s, e)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        if s.p[i].used.get(STEP):
            return
        event = ActionEvent.make(player, "setup_buildings", buildings=["farm", "farm"])
        if self.check(s, event) is None:
            yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        c = s.p[i]
        _, _, left = self._cost(s, e)
        targets = self._embassies(s, e)
        places = ambassador_places(s, e, unlocked(s, i, targets))
        c.buildings.extend(Built(slug) for slug in self._slugs(s, e))
        for colony, level in targets.items():
            c.buildings.append(Built(embassy_slug(colony)))
            c.embassies[colony] = level
            for step in range(1, level + 1):
                note(level_rule(colony, step))
        for name, tile in places.items():
            s.ambassadors[name] = tile
            note("CO-AMBASSADOR")
        c.used[STEP] = 1
        c.used[LEFT] = left + 1
        c.changed()
        settle_buffers(s, i)  # a later era's display may place goods in its Buffers directly
        note("CO-BUILD-SPOTS")
        note("CO-BUILD-LIMIT")
        if targets:
            note("CO-EMBASSY")


class SetupGoods(Action):
    """A player's goods, bought at the setup values with the Goods Dollars and the Building
    Dollars left (goods of the eras played so far), into Storage and Warehouse and, during the
    setup only, Buffers; then the free goods, the Tools (and a saved game's Dollars)."""

    name = "setup_goods"
    order_rule = "CO-LATER-DISPLAY"
    rules = ("CO-LATER-DISPLAY", "CO-LATER-BUDGET")
    optional = fields(goods=dict, buffers=dict)
    who = "anyone"
    stages = DISPLAY

    def _plan(self, s: ColonistsState, e: ActionEvent) -> tuple[Bundle, Bundle]:
        i = player_index(s, e)
        c = s.p[i]
        if c.used.get(STEP) != 1:
            raise Refused(Violation("order", "CO-LATER-DISPLAY", f"{e.player} places the "
                                    "Buildings and Embassies (setup_buildings) before the goods"
                                    if not c.used.get(STEP) else
                                    f"{e.player} has taken their goods already", e.player))
        goods = goods_param(e, "goods", "CO-LATER-DISPLAY")
        buffers = goods_param(e, "buffers", "CO-LATER-DISPLAY")
        values = s.data.later_era.goods
        era = last_skipped(s)
        bought: Bundle = dict(goods)
        add(bought, buffers)
        for good in bought:
            if good not in STORABLE:
                raise illegal(e, "CO-LATER-BUDGET", f"Goods Dollars buy building resources and "
                              f"sustenance goods, not {good}")
            if values[good].from_era > era:
                raise illegal(e, "CO-LATER-BUDGET", f"{good} is bought from era "
                              f"{values[good].from_era} on; the display has the goods up to "
                              f"era {era}")
        cost = sum(values[g].value * n for g, n in bought.items())
        money = budget(s, i)
        left = c.used.get(LEFT, 1) - 1
        if cost > money.goods + left:
            raise illegal(e, "CO-LATER-BUDGET", f"the goods cost {cost} Dollars; {e.player} has "
                          f"{money.goods} Goods Dollars and {left} Building Dollars left")
        room_left = buffer_room(s, i)
        for good, n in buffers.items():
            if n > room_left.get(good, 0):
                raise illegal(e, "CO-BUFFER", f"the Buffers hold {room_left.get(good, 0)} "
                              f"{good}, not {n}")
        stored = dict(goods)
        add(stored, money.free)
        over = room(s, i).overflow(stored)
        if over:
            raise illegal(e, "CO-STORE", f"{bundle_text(stored)} leave {over} good(s) without a "
                          "place in Storage or the Warehouse")
        return stored, buffers

    def rules_check(self, s: ColonistsState, e: ActionEvent) -> None:
        self._plan(s, e)

    def legal(self, s: ColonistsState, player: str | None) -> Iterator[ActionEvent]:
        assert player is not None
        i = s.players.index(player)
        if s.p[i].used.get(STEP) != 1:
            return
        event = ActionEvent.make(player, "setup_goods")
        if self.check(s, event) is None:
            yield event

    def apply(self, s: ColonistsState, e: ActionEvent, note: Note) -> None:
        i = player_index(s, e)
        c = s.p[i]
        stored, buffers = self._plan(s, e)
        money = budget(s, i)
        add(c.stored, stored)
        add(c.buffered, buffers)
        c.tools += money.tools
        c.dollars += money.dollars
        c.used[STEP] = 2
        note("CO-STORE")
        if buffers:
            note("CO-BUFFER")
        if s.saved is not None:
            note("CO-SAVED")


MOVES = (DealCard(), SetupBuildings(), SetupGoods())
__all__ = ["MOVES", "begin_display", "d"]
