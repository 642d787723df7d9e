"""The Colonists' topics of ``referee clarify``: their symbols and rule ids, their constants read
from the data set, their agreement with the engine on random positions (feasibility and the
minimum), the verdicts of the shipped examples and the minimality of their cores."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import z3
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.checker.clarify import Clarification, TopicChecker, check_clarifications
from referee.checker.clarify_file import load_file
from referee.checker.expr import parse_expression
from referee.checker.topics import get_topic, known_games
from referee.checker.topics.colonists import topics
from referee.checker.topics.colonists.audit import (
    build_situation,
    embassy_situation,
    fee_situation,
    storage_situation,
    sustenance_situation,
)
from referee.checker.topics.colonists.build import buildings, remodel_home
from referee.checker.topics.colonists.common import RULE
from referee.model.colonists import GAME
from referee.model.colonists.catalogue import RULES
from referee.model.colonists.data import BUILDING_RESOURCES, load_data
from referee.model.colonists.economy import exchange_problem, spend_problem
from referee.model.colonists.moves.turn import fee_due, fee_parts, fee_payment_problem
from referee.model.colonists.moves.year import sustenance_problem
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, RuleViolation
from tests.colonists_position_helpers import BOARD

EXAMPLES = Path(__file__).resolve().parents[1] / "checker" / "examples"
FOUR = ("Ann", "Bo", "Cy", "Di")
COLONIES = ["altruist", "industrialist", "lord", "trader"]
PROPERTY = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
GROVE = [1, 1]        # a Riverbank Grove of BOARD
MARKET = [0, 0]       # the first Market
DIPLOMAT = [-1, 3]


# --------------------------------------------------------------------------- helpers


def board(era: int) -> list[dict[str, Any]]:
    """BOARD, with the Chief Officer in the Head Official's place from Era IV."""
    out = copy.deepcopy(BOARD)
    if era >= 4:
        for tile in out:
            if tile["place"] == "head_official":
                tile["place"] = "chief_officer"
    return out


def colonies(era: int) -> list[str]:
    return COLONIES + (["envoy"] if era >= 3 else [])


def state_at(era: int, players: Mapping[str, Mapping[str, Any]], count: int = 2,
             **top: Any) -> ColonistsState:
    """A position of ``count`` players in year 1 of ``era``; a position the game refuses is
    not a situation (hypothesis looks for another)."""
    pos = {"era": era, "year": 1, "board": board(era), "colonies": colonies(era),
           "players": {name: {"filled": True, **dict(players.get(name, {}))}
                       for name in FOUR[:count]}, **top}
    try:
        return GAME.new_state(list(FOUR[:count]), {"last_era": 4}, pos)
    except RuleViolation:
        assume(False)
        raise AssertionError("unreachable") from None


def holds(topic: str, situation: Mapping[str, int | bool], *extra: Any) -> z3.Solver:
    inst = get_topic("colonists", topic).instantiate()
    s = z3.Solver()
    s.set("timeout", 20_000)
    s.add(*inst.domain, *inst.rules.values())
    s.add(*[inst.terms[k] == v for k, v in situation.items()])
    s.add(*[f(inst.terms) for f in extra])
    return s


def possible(topic: str, situation: Mapping[str, int | bool], *extra: Any) -> bool:
    result = holds(topic, situation, *extra).check()
    assert result != z3.unknown
    return result == z3.sat


def least(topic: str, situation: Mapping[str, int | bool], term: Any, *extra: Any
          ) -> int | None:
    inst = get_topic("colonists", topic).instantiate()
    opt = z3.Optimize()
    opt.set("timeout", 20_000)
    opt.add(*inst.domain, *inst.rules.values())
    opt.add(*[inst.terms[k] == v for k, v in situation.items()])
    opt.add(*[f(inst.terms) for f in extra])
    handle = opt.minimize(term(inst.terms))
    result = opt.check()
    assert result != z3.unknown
    if result != z3.sat:
        return None
    return int(opt.lower(handle).as_long())


def verdict(topic: str, when: str, then: str) -> tuple[str, list[str]]:
    t = get_topic("colonists", topic)
    c = Clarification("c", "", parse_expression(when, t.sorts()), parse_expression(then, t.sorts()))
    v = TopicChecker(t, 20_000).verdict(c)
    return v.verdict, v.rules


def names(symbols: tuple) -> list[str]:
    return [s.name for s in symbols]


# --------------------------------------------------------------------------- the registry


def test_registered_for_the_game() -> None:
    assert "colonists" in known_games()
    assert sorted(topics()) == ["build", "embassy", "fee", "storage", "sustenance"]
    for name, topic in topics().items():
        assert get_topic("colonists", name) is topic
        assert topic.game == "colonists"


def test_every_rule_id_is_in_the_catalogue() -> None:
    for rule_id in RULE.values():
        assert rule_id in RULES, rule_id
    for topic in topics().values():
        for rule_id in topic.instantiate().rules:
            assert rule_id in RULES, rule_id
            assert topic.rule_text[rule_id] == RULES[rule_id].text


def test_fee_symbols() -> None:
    t = get_topic("colonists", "fee")
    assert names(t.situation) == ["era", "payees", "market", "automobile", "pass_card",
                                  "customs_office", "lord_level", "tools", "food", "robes",
                                  "resources", "storage", "warehouse"]
    assert names(t.choices)[:5] == ["can_move", "paid_tools", "paid_food", "paid_robes",
                                    "paid_resources"]
    assert {f"pay{k}_{g}" for k in (1, 2, 3) for g in ("tools", "food", "robes", "resources")
            } == set(names(t.choices)[5:])


def test_other_topics_declare_their_symbols() -> None:
    assert {"can_pay", "declined", "storage"} <= set(names(get_topic("colonists", "storage")
                                                           .choices))
    assert {"sustained", "sent_home"} <= set(names(get_topic("colonists", "sustenance")
                                                   .choices))
    assert {"built", "razed", "pay_tools"} <= set(names(get_topic("colonists", "build")
                                                        .choices))
    assert {"target_a", "target_b", "value_a"} <= set(names(get_topic("colonists", "embassy")
                                                            .choices))


# --------------------------------------------------------------------------- the data set


def test_the_fee_per_era_comes_from_the_era_cards() -> None:
    data = load_data()
    for era, card in data.eras.items():
        base = {"era": era, "payees": 1, "market": False, "automobile": False,
                "pass_card": False, "customs_office": False, "lord_level": 0, "tools": 1,
                "food": 0, "robes": 1, "resources": 9, "storage": 12, "warehouse": 0}
        s = holds("fee", base, lambda v: v["can_move"])
        assert s.check() == z3.sat
        inst_count = card.fee.building_resources
        assert least("fee", base, lambda v: v["paid_resources"],
                     lambda v: v["can_move"]) == inst_count
        robes_ok = "robes" in card.fee.sustenance_or_tool
        assert possible("fee", {**base, "tools": 0}, lambda v: v["can_move"]) == robes_ok


def test_building_costs_limits_and_remodels_come_from_the_data() -> None:
    data = load_data()
    for k, slug in enumerate(buildings(), start=1):
        b = data.buildings[slug]
        inst = get_topic("colonists", "build").instantiate()
        s = z3.Solver()
        s.add(*inst.domain, *inst.rules.values(), inst.terms["building"] == k)
        assert s.check() == z3.sat
        m = s.model()
        for g in ("tools", "wood", "clay", "planks", "bricks", "iron", "ore"):
            assert m.eval(inst.terms[f"cost_{g}"]).as_long() == b.cost.get(g, 0), (slug, g)
        assert m.eval(inst.terms["limit"]).as_long() == (b.limit or 0)
        assert z3.is_true(m.eval(inst.terms["upgrade"])) == (b.upgrade_of is not None)
    assert remodel_home("flat") == 1 and remodel_home("estate") == 0
    assert remodel_home("apartment") == 0 and remodel_home("house") == 1


def test_embassy_costs_are_cumulative_and_values_the_highest() -> None:
    data = load_data()
    for target in data.embassy_levels:
        era = max(target, 1)
        situation = {"level_a": 0, "level_b": 0, "era": era, "others": 2, "facilities": 0,
                     "spots": 20, "tools": 99, "wood": 99, "clay": 99, "ore": 99,
                     "planks": 99, "bricks": 99, "iron": 99, "storage": 999, "warehouse": 0}
        want = {}
        for level in range(1, target + 1):
            for g, n in data.embassy_levels[level].cost.items():
                want[g] = want.get(g, 0) + n
        for g in ("tools", "wood", "clay", "ore", "planks", "bricks", "iron"):
            assert least("embassy", situation, lambda v, g=g: v[f"pay_{g}"],
                         lambda v, t=target: v["target_a"] == t,
                         lambda v: v["target_b"] == 0) == want.get(g, 0)
        assert least("embassy", situation, lambda v: v["value_a"],
                     lambda v, t=target: v["target_a"] == t) == \
            data.embassy_levels[target].value
    for era, card in data.eras.items():
        situation = {"level_a": 0, "level_b": 0, "era": era}
        top = card.max_colony_level
        assert possible("embassy", situation, lambda v, t=top: v["target_a"] == t)
        assert not possible("embassy", situation, lambda v, t=top: v["target_a"] == t + 1)


RICH = ("tools >= 20 and wood >= 20 and clay >= 20 and ore >= 20 and planks >= 20 and "
        "bricks >= 20 and iron >= 20 and storage >= 200")


def test_a_building_owned_stands_among_its_kind() -> None:
    # rulebook, Razing: "you may raze a Building only to replace it with the exact same
    # Building": a community whose spots are all taken may raze its Library to build one again.
    # The Library is no Residence, so 12 Residences on 12 spots leave no room for it: the
    # situation the verdict used to stand on could not arise.
    library = buildings().index("library") + 1
    full = f"building == {library} and owned == 1 and others == spots and facilities == 3"
    assert verdict("build", f"{full} and {RICH}", "built == 1")[0] == "consistent"
    assert verdict("build", f"building == {library} and owned == 1",
                   "residences < others")[0] == "redundant"
    # a Flat owned and the Farms it is remodelled from are distinct Residences
    flat = buildings().index("flat") + 1
    assert verdict("build", f"building == {flat}", "owned + sources <= residences")[0] == \
        "redundant"


FULL = ("era == 1 and level_a == 0 and level_b == 0 and facilities == 3 and others == spots "
        "and wood >= 3 and clay >= 2 and storage >= 5 and target_b == 0")


def test_a_full_community_razes_to_make_room_for_an_embassy() -> None:
    # rulebook, Razing: "When you run out of Building spots, you may raze Buildings when
    # building new ones ... Razing a Building costs an additional 2 Tools"; Establishing a
    # Diplomatic Relation: "Embassies are subject to the same rules as Buildings"
    assert verdict("embassy", f"{FULL} and razable >= 1 and tools >= 3", "target_a == 1")[0] \
        == "consistent"
    assert verdict("embassy", f"{FULL} and razable >= 1 and tools >= 3 and target_a == 1",
                   "razed == 1 and pay_tools == 1")[0] == "redundant"
    assert verdict("embassy", f"{FULL} and razable >= 1 and tools == 2", "target_a == 1") == \
        ("contradiction", ["CO-BUILD-SPOTS", "CO-DIPLOMAT"])
    assert verdict("embassy", f"{FULL} and razable == 0 and tools >= 3", "target_a == 1") == \
        ("contradiction", ["CO-BUILD-SPOTS", "CO-RAZE"])
    assert verdict("embassy", "level_a >= 1 and level_b >= 1", "razed == 0") == \
        ("redundant", ["CO-RAZE"])


def test_embassy_razing_agrees_with_the_engine() -> None:
    sheds = [{"building": "storage_shed", "workers": ["farmer"]}] * 3
    ann = {"buildings": ["farm"] * 20 + sheds, "goods": {"wood": 3, "clay": 2},
           "tools": 3, "stewards": [DIPLOMAT], "started": [[0, 0]], "moved": [1]}
    state = state_at(1, {"Ann": ann}, stage="act", at=DIPLOMAT)
    situation = embassy_situation(state, 0, "trader", None)
    plain = Action.make("Ann", "diplomacy", embassies={"trader": 1})
    razing = Action.make("Ann", "diplomacy", embassies={"trader": 1}, raze="storage_shed")
    assert GAME.check(state, plain) is not None
    assert GAME.check(state, razing) is None
    assert not possible("embassy", situation, lambda v: v["target_a"] == 1,
                        lambda v: v["razed"] == 0)
    assert possible("embassy", situation, lambda v: v["target_a"] == 1,
                    lambda v: v["razed"] == 1)


# --------------------------------------------------------------------------- the Fee


def engine_fee(state: ColonistsState, tile: int) -> int | None:
    """The fewest goods from Storage of any Fee the engine accepts (None: no legal Fee), by
    brute force over the payments, paid in the order the goods are listed."""
    due = fee_due(state, 0, tile)
    if not due:
        return 0
    first, count = fee_parts(state, 0)
    c = state.p[0]
    held = {**c.stored, "tools": c.tools}
    n = len(due)
    firsts: list[tuple[str, ...]] = [()] if not first else [
        combo for combo in itertools.combinations_with_replacement(first, n)]
    kinds = [g for g in BUILDING_RESOURCES if held.get(g, 0)]
    best: int | None = None
    for combo in firsts:
        for res in itertools.combinations_with_replacement(kinds, n * count):
            fee: dict[str, dict[str, int]] = {}
            goods = list(res)
            for k, payee in enumerate(due):
                bundle: dict[str, int] = {}
                if combo:
                    bundle[combo[k]] = 1
                for g in goods[k * count:(k + 1) * count]:
                    bundle[g] = bundle.get(g, 0) + 1
                fee[payee] = bundle
            total: dict[str, int] = {}
            for bundle in fee.values():
                for g, m in bundle.items():
                    total[g] = total.get(g, 0) + m
            if any(fee_payment_problem(state, 0, p, b) for p, b in fee.items()):
                continue
            if spend_problem(state, 0, total) is not None:
                continue
            stored = sum(m for g, m in total.items() if g != "tools")
            best = stored if best is None else min(best, stored)
    return best


@st.composite
def fee_states(draw: Any) -> tuple[ColonistsState, int]:
    era = draw(st.integers(1, 4))
    payees = draw(st.integers(0, 3))
    market = draw(st.booleans())
    cards = [c for c, on in ((121, draw(st.booleans())), (122, draw(st.booleans()))) if on]
    lord = draw(st.integers(0, min(era, 2)))
    sheds = draw(st.integers(0, 3))
    goods = {g: draw(st.integers(0, 2)) for g in ("food", "robes", "wood", "clay", "planks")}
    at = MARKET if market else GROVE
    ann: dict[str, Any] = {
        "buildings": ["farm", "farm", "farm",
                      *[{"building": "storage_shed", "workers": ["farmer"]}] * sheds],
        "goods": {g: n for g, n in goods.items() if n}, "tools": draw(st.integers(0, 3)),
        "improvements": cards, "stewards": [[-1, 1]]}
    if lord:
        ann["embassies"] = {"lord": lord}
    players = {"Ann": ann}
    for name in FOUR[1:1 + payees]:
        players[name] = {"stewards": [at]}
    state = state_at(era, players, count=4)
    return state, state.board.tile_at(tuple(at))


@PROPERTY
@given(fee_states())
def test_fee_agrees_with_the_engine(case: tuple[ColonistsState, int]) -> None:
    """Whether the Fee can be paid, and the fewest goods it takes from Storage."""
    state, tile = case
    situation = fee_situation(state, 0, tile)
    engine = engine_fee(state, tile)
    assert possible("fee", situation, lambda v: v["can_move"]) == (engine is not None)
    if engine is not None:
        assert least("fee", situation,
                     lambda v: v["paid_food"] + v["paid_robes"] + v["paid_resources"],
                     lambda v: v["can_move"]) == engine


def test_customs_office_waives_the_fee() -> None:
    state = state_at(3, {"Ann": {"buildings": ["farm", "farm", "flat", "house", {
        "building": "customs_office", "workers": ["merchant"]}], "stewards": [[-1, 1]]},
        "Bo": {"stewards": [GROVE]}})
    tile = state.board.tile_at(tuple(GROVE))
    situation = fee_situation(state, 0, tile)
    assert situation["customs_office"] and engine_fee(state, tile) == 0
    assert least("fee", situation, lambda v: v["paid_tools"] + v["paid_resources"]) == 0


# --------------------------------------------------------------------------- storage


SMALL = st.integers(0, 2)


@st.composite
def storage_cases(draw: Any) -> tuple[ColonistsState, dict[str, int], dict[str, int]]:
    sheds = draw(st.integers(0, 2))
    staffed = draw(st.integers(0, sheds))
    foresters = draw(st.integers(0, 1))
    cards = [c for c in (132, 227, 228, 230, 328) if draw(st.booleans())]
    goods = {g: draw(SMALL) for g in ("wood", "clay", "food", "planks")}
    buffers = {"wood": draw(st.integers(0, 2 * foresters))}
    buildings = ["farm", "farm", "farm", "farm",
                 *[{"building": "storage_shed", "workers": ["farmer"]}] * staffed,
                 *["storage_shed"] * (sheds - staffed),
                 *[{"building": "forester_house", "workers": ["farmer"]}] * foresters]
    state = state_at(3, {"Ann": {"buildings": buildings, "goods": goods, "buffers": buffers,
                                 "tools": draw(SMALL), "improvements": cards}})
    cost = {g: draw(SMALL) for g in ("wood", "clay", "tools")}
    gain = {g: draw(st.integers(0, 3)) for g in ("wood", "planks", "food")}
    return state, {g: n for g, n in cost.items() if n}, {g: n for g, n in gain.items() if n}


def engine_declines(state: ColonistsState, cost: dict[str, int], gain: dict[str, int]
                    ) -> int | None:
    """The fewest goods to decline for the engine to accept the exchange (None: none)."""
    goods = sorted(gain)
    best = None
    for counts in itertools.product(*[range(gain[g] + 1) for g in goods]):
        decline = {g: n for g, n in zip(goods, counts, strict=True) if n}
        if exchange_problem(state, 0, cost, gain, decline) is None:
            n = sum(counts)
            best = n if best is None else min(best, n)
    return best


@PROPERTY
@given(storage_cases())
def test_storage_agrees_with_the_engine(case: Any) -> None:
    """Whether the cost can be paid, and the fewest goods to decline of what is received."""
    state, cost, gain = case
    situation = storage_situation(state, 0, cost, gain)
    pays = spend_problem(state, 0, cost) is None
    assert possible("storage", situation, lambda v: v["can_pay"]) == pays
    assert not possible("storage", situation, lambda v: v["can_pay"] != pays)
    if pays:
        assert least("storage", situation, lambda v: v["declined"]) == \
            engine_declines(state, cost, gain)


# --------------------------------------------------------------------------- sustenance


@st.composite
def sustenance_states(draw: Any) -> ColonistsState:
    jobs: list[Any] = []
    residences = ["farm"] * 4 + ["flat"] * 4 + ["house"] * 2
    for slug, worker, top in (("theater", "citizen", 2), ("casino", "merchant", 1),
                              ("hunting_lodge", "farmer", 1), ("hunting_grounds", "citizen", 1),
                              ("tailor_shop", "citizen", 1), ("textile_mill", "merchant", 1)):
        jobs += [{"building": slug, "workers": [worker]}] * draw(st.integers(0, top))
    for worker in ("farmer", "citizen"):
        jobs += [{"building": "factory", "workers": [worker]}] * draw(st.integers(0, 1))
    cards = [c for c in (125, 321) if draw(st.booleans())]
    goods = {"food": draw(st.integers(0, 3)), "robes": draw(st.integers(0, 2))}
    return state_at(4, {"Ann": {"buildings": residences + jobs, "goods": goods,
                                "improvements": cards, "buffers": {
                                    "food": draw(st.integers(0, 1))}}},
                    stage="end_year", year=5, piles={"places": []}, revealed=[])


def engine_fewest_home(state: ColonistsState) -> int:
    """The fewest Workers the engine needs sent home, by brute force over dismissals."""
    c = state.p[0]
    workers = [(k, w) for k, b in enumerate(c.buildings) for w in b.workers]
    for n in range(len(workers) + 1):
        for chosen in itertools.combinations(workers, n):
            trial = state.copy()
            for k, w in chosen:
                trial.p[0].buildings[k].workers.remove(w)
            trial.p[0].changed()
            from referee.model.colonists.economy import trim

            trim(trial, 0)
            if sustenance_problem(trial, 0) is None:
                return n
    raise AssertionError("sending everyone home always sustains")


@PROPERTY
@given(sustenance_states())
def test_sustenance_agrees_with_the_engine(state: ColonistsState) -> None:
    """Whether everyone can be sustained, and the fewest Workers to send home."""
    situation = sustenance_situation(state, 0)
    assert situation is not None
    ok = sustenance_problem(state, 0) is None
    assert possible("sustenance", situation, lambda v: v["sustained"] == ok)
    assert not possible("sustenance", situation, lambda v: v["sustained"] != ok)
    assert least("sustenance", situation, lambda v: v["sent_home"]) == \
        engine_fewest_home(state)


# --------------------------------------------------------------------------- building


@st.composite
def build_cases(draw: Any) -> tuple[ColonistsState, str]:
    slug = draw(st.sampled_from(["farm", "flat", "storage_shed", "library", "pub",
                                 "forester_house", "factory"]))
    filler = draw(st.integers(0, 20))
    busy = draw(st.booleans())
    community: list[Any] = ["farm", "farm"]
    community += [{"building": "pub", "workers": ["farmer"]} if busy and k == 0 else "pub"
                  for k in range(filler)]
    community += ["storage_shed"] * draw(st.integers(0, 3))
    community += ["forester_house"] * draw(st.integers(0, 2))
    goods = {g: draw(st.integers(0, 3)) for g in ("wood", "clay", "planks", "bricks")}
    state = state_at(1, {"Ann": {"buildings": community, "goods": goods,
                                 "tools": draw(st.integers(0, 8)),
                                 "stewards": [[-2, 3]], "started": [[0, 0]], "moved": [1]}},
                     stage="act", at=[-2, 3])
    return state, slug


def engine_can_build(state: ColonistsState, slug: str, n: int, razes: list[str]) -> bool:
    from referee.model.colonists.moves.community import plan_build
    from referee.model.colonists.refs import Refused

    items = [{"building": slug, "raze": r} for r in razes] + [slug] * (n - len(razes))
    event = Action.make("Ann", "build", buildings=items)
    try:
        plan_build(state, 0, event, None, None)
    except Refused:
        return False
    return True


@PROPERTY
@given(build_cases())
def test_build_agrees_with_the_engine(case: tuple[ColonistsState, str]) -> None:
    """How many copies can be built without razing, and whether razing one building makes one
    copy possible."""
    from referee.checker.topics.colonists.audit import _raze_candidates

    state, slug = case
    situation = build_situation(state, 0, slug)
    for n in (1, 2, 3):
        assert possible("build", situation, lambda v, n=n: v["built"] == n,
                        lambda v: v["razed"] == 0) == engine_can_build(state, slug, n, [])
    candidates = _raze_candidates(state, 0, "farmer")
    for group in ("residences", "facilities", "others"):
        if candidates[group]:
            ref = candidates[group][0]
            assert possible("build", situation, lambda v: v["built"] == 1,
                            lambda v, g=group: v[f"raze_{g}"] == 1,
                            lambda v: v["razed"] == 1) == \
                engine_can_build(state, slug, 1, [ref]), group


# --------------------------------------------------------------------------- diplomacy


@st.composite
def diplomat_cases(draw: Any) -> tuple[ColonistsState, dict[str, int]]:
    era = draw(st.integers(1, 4))
    a, b = "trader", "industrialist"
    levels = {a: draw(st.integers(0, era)), b: draw(st.integers(0, era))}
    goods = {g: draw(st.integers(0, 4)) for g in ("wood", "clay", "ore", "planks", "bricks")}
    sheds = draw(st.integers(0, 3))
    ann = {"buildings": ["farm", "farm", "farm",
                         *[{"building": "storage_shed", "workers": ["farmer"]}] * sheds],
           "goods": goods, "tools": draw(st.integers(0, 4)),
           "embassies": {c: n for c, n in levels.items() if n},
           "stewards": [DIPLOMAT], "started": [[0, 0]], "moved": [1]}
    state = state_at(era, {"Ann": ann}, stage="act", at=DIPLOMAT)
    targets = {a: draw(st.integers(levels[a], 4)), b: draw(st.integers(levels[b], 4))}
    return state, targets


@PROPERTY
@given(diplomat_cases())
def test_embassy_agrees_with_the_engine(case: tuple[ColonistsState, dict[str, int]]) -> None:
    state, targets = case
    a, b = "trader", "industrialist"
    situation = embassy_situation(state, 0, a, b)
    asked = {c: n for c, n in targets.items() if n > state.p[0].embassies.get(c, 0)}
    assume(asked)
    event = Action.make("Ann", "diplomacy", embassies=asked)
    engine = GAME.check(state, event) is None
    assert possible("embassy", situation, lambda v: v["target_a"] == targets[a],
                    lambda v: v["target_b"] == targets[b]) == engine


# --------------------------------------------------------------------------- the examples


# verdict and cited rules; None where the cited rules depend on the witness the search finds
# (their minimality is checked all the same)
VERDICTS: dict[str, dict[str, tuple[str, list[str] | None]]] = {
    "colonists-fee.toml": {
        "fee-from-the-warehouse": ("redundant", ["CO-FEE", "CO-FEE-WAIVE", "CO-FEE-PAY"]),
        "warehouse-goods-cannot-pay": ("contradiction",
                                       ["CO-FEE", "CO-FEE-WAIVE", "CO-FEE-PAY"]),
        "pay-only-one-occupant": ("contradiction", ["CO-FEE", "CO-FEE-WAIVE", "CO-FEE-PAY"]),
        "every-occupant-is-paid": ("redundant", ["CO-FEE", "CO-FEE-WAIVE"]),
        "no-fee-on-markets": ("redundant", ["CO-FEE", "CO-FEE-PAY"]),
        "robes-from-era-three": ("redundant", ["CO-FEE"]),
        "enough-goods-always-pay": ("contradiction", None),
        "automobile-and-pass": ("redundant", ["CO-FEE", "CO-FEE-WAIVE", "CO-FEE-PAY"]),
        "lord-level-one": ("contradiction", ["CO-FEE", "CO-FEE-WAIVE", "CO-FEE-PAY"]),
        "fee-in-era-five": ("vacuous", ["CO-OPTIONS"]),
    },
    "colonists-fee-house-rules.toml": {
        "tools-first": ("consistent", []),
        "food-first": ("consistent", []),
        "keep-the-last-tool": ("contradiction", None),
        "robes-last": ("consistent", []),
    },
    "colonists-storage.toml": {
        "refined-goods-refined-again": ("contradiction", ["CO-BUFFER"]),
        "shed-without-its-farmer": ("redundant", ["CO-EMPLOY", "CO-STORE"]),
        "warehouse-goods-pay": ("redundant", ["CO-SPEND"]),
        "a-wood-lot-takes-anything": ("contradiction", ["CO-STORE"]),
        "typed-lot-only-its-good": ("redundant", ["CO-STORE"]),
        "buffers-pay-with-room": ("redundant", ["CO-SPEND"]),
        "buffers-pay-without-room": ("contradiction", ["CO-SPEND"]),
        "a-full-storage-refines": ("consistent", []),
    },
    "colonists-sustenance.toml": {
        "merchant-fed-by-his-own-output": ("redundant", ["CO-SUSTAIN"]),
        "output-comes-after-sustenance": ("contradiction", ["CO-SUSTAIN"]),
        "farmers-sustain-themselves": ("redundant", ["CO-SUSTAIN"]),
        "buffers-feed": ("redundant", ["CO-SUSTAIN"]),
        "factory-feeds-hunting-grounds": ("redundant", ["CO-SUSTAIN", "CO-FACTORY",
                                                        "CO-REDISTRIBUTE"]),
        "one-goes-home": ("contradiction", None),
        "altruist-at-level-one": ("vacuous", ["CO-SUSTAIN"]),
    },
    "colonists-build.toml": {
        "raze-a-residence-whose-colonist-works": ("contradiction", None),
        "residence-razed-only-with-its-colonists-home": ("redundant", ["CO-RAZE"]),
        "razing-costs-two-tools": ("redundant", ["CO-DATA", "CO-BUILD"]),
        "remodel-takes-its-spot": ("consistent", []),
        "two-libraries-at-once": ("contradiction", None),
        "three-farms-at-once": ("consistent", []),
        "fourth-shed-on-a-building-spot": ("contradiction", None),
    },
    "colonists-embassy.toml": {
        "levels-cost-cumulatively": ("redundant", ["CO-DIPLOMAT"]),
        "only-the-top-level-costs": ("contradiction", ["CO-DIPLOMAT"]),
        "level-two-in-era-one": ("contradiction", ["CO-EMBASSY"]),
        "two-relations-in-one-action": ("consistent", []),
        "levels-add-up": ("contradiction", ["CO-EMBASSY"]),
        "storage-limits-the-action": ("contradiction", ["CO-DIPLOMAT", "CO-SPEND"]),
    },
}
CONFLICTS = {"colonists-fee-house-rules.toml": [["tools-first", "food-first"]]}


def checked(name: str) -> Iterator[tuple[Any, Any]]:
    loaded = load_file(EXAMPLES / name)
    verdicts, search = check_clarifications(loaded.topic, loaded.clarifications, 30_000)
    assert search.complete
    yield loaded, (verdicts, search)


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_example_verdicts(name: str) -> None:
    for loaded, (verdicts, search) in checked(name):
        assert loaded.game == "colonists"
        found = {v.id: v for v in verdicts}
        assert set(found) == set(VERDICTS[name])
        for cid, (verdict, rules) in VERDICTS[name].items():
            assert found[cid].verdict == verdict, (cid, found[cid].message)
            if rules is not None:
                assert found[cid].rules == rules, (cid, found[cid].message)
            if verdict == "contradiction":
                assert found[cid].rules, cid
                assert_minimal_core(loaded, cid, found[cid])
        assert [c.clarifications for c in search.conflicts] == CONFLICTS.get(name, [])


def assert_minimal_core(loaded: Any, cid: str, verdict: Any) -> None:
    """At the witness, the cited rules with W and T are unsatisfiable, and dropping any one of
    them makes them satisfiable."""
    from referee.checker.expr import to_z3

    clar = next(c for c in loaded.clarifications if c.id == cid)
    inst = loaded.topic.instantiate()
    base = [*inst.domain, *[inst.terms[k] == v for k, v in verdict.witness.items()],
            to_z3(clar.when, inst.terms), to_z3(clar.then, inst.terms)]

    def sat(ids: list[str]) -> bool:
        s = z3.Solver()
        s.set("timeout", 20_000)
        s.add(*base, *[inst.rules[r] for r in ids])
        result = s.check()
        assert result != z3.unknown
        return result == z3.sat

    assert not sat(verdict.rules), cid
    for rule in verdict.rules:
        assert sat([r for r in verdict.rules if r != rule]), (cid, rule)


def test_every_topic_has_an_example_file() -> None:
    seen = {load_file(EXAMPLES / name).topic.name for name in VERDICTS}
    assert seen == set(topics())
