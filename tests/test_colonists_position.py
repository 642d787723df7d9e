"""The Colonists' starting positions: reading, defaults, refusals, the export and its round trip,
and the rulebook's scoring example as a position."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.model.colonists import GAME
from referee.model.colonists.position import position_of
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, Chance, Phase, RuleViolation
from referee.replays.validator import validate_file
from tests.colonists_position_helpers import BOARD, POSITION, player, position, random_states
from tests.fuzz.generators import near_colonists_position

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "replays" / "examples" / "colonists-scoring-example.jsonl"
TWO = ("Ann", "Bo")


def build(pos: Any, players: tuple[str, ...] = TWO, **options: Any) -> ColonistsState:
    return GAME.new_state(players, options or None, pos)


def refused(pos: Any, players: tuple[str, ...] = TWO, **options: Any) -> str:
    with pytest.raises(RuleViolation) as info:
        build(pos, players, **options)
    v = info.value.violation
    assert (v.kind, v.rule) == ("schema", "CO-POSITION"), v
    return v.message


def round_trip(state: ColonistsState, options: dict[str, Any] | None = None) -> None:
    pos = json.loads(json.dumps(position_of(state)))  # what a log would carry
    again = GAME.new_state(state.players, options, pos)
    assert again.fingerprint() == state.fingerprint(), (state.stage, pos)
    assert position_of(again) == pos
    assert GAME.legal_actions(again) == GAME.legal_actions(state)
    assert GAME.chance_outcomes(again) == GAME.chance_outcomes(state)


# --------------------------------------------------------------------------- reading


def test_the_hand_written_position_is_read_as_written():
    s = build(POSITION)
    assert (s.era, s.year, s.half, s.stage, s.current, s.turns) == (1, 3, 1, "act", "Bo", 1)
    assert s.players[s.start] == "Bo" and s.players[s.marker] == "Ann"
    assert s.board.tiles[s.pending.tile].slug == "riverbank_grove"
    ann = s.p[0]
    assert [b.slug for b in ann.buildings][-1] == "embassy_trader"
    assert ann.embassies == {"trader": 1} and ann.limited == {135: 2}
    assert ann.stored == {"wood": 3, "clay": 2, "food": 1}
    assert ann.buffered == {"wood": 2, "food": 1}
    assert s.board.tiles[ann.stewards[0]].cells == ((-2, -1), (-1, -2))
    assert s.board.tiles[ann.block_start[0]].cells == ((0, 0), (1, 0))
    # the draw pile defaults to the era's cards accounted for nowhere else
    used = {132, 112, 126, 135, 111, 120, 128, 102, 101}
    assert sorted(s.draw_pile) == sorted(c for c in range(101, 136) if c not in used)
    assert GAME.observe(s).players["Ann"]  # every observable can be computed
    # the action, and a discard of each good Bo holds (Bo's only good is a Food)
    assert [str(e) for e in GAME.legal_actions(s)] == ["Bo: gather",
                                                      'Bo: discard goods={"food": 1}']


def test_play_goes_on_from_a_position():
    s = build(POSITION)
    for _ in range(40):
        outcomes = GAME.chance_outcomes(s)
        event = outcomes[0][0] if outcomes else GAME.legal_actions(s)[0]
        GAME.step(s, event)
    assert s.year == 4 or s.stage in ("end_year", "market_card", "reveal_place", "turn", "act")


def test_an_empty_position_is_the_first_turn_after_the_setup():
    s = build({})
    assert (s.era, s.year, s.stage, s.current, s.half) == (1, 1, "turn", "Ann", 0)
    assert [t.slug for t in s.board.tiles.values()] == ["market"]
    for c in s.p:
        assert [b.slug for b in c.buildings] == ["farm", "farm"]
        assert (c.stored, c.tools, c.filled, c.stewards) == ({"food": 1}, 6, True, [None])
    assert len(s.card_pile) == 6 and s.market_card not in s.card_pile
    assert len(s.draw_pile) == 35 and len(s.place_pile) == 12
    assert s.order == (0, 1) and s.colonies == ["alchemist", "altruist", "envoy",
                                                "industrialist"]
    round_trip(s)


def test_a_player_given_has_goods_zero_a_player_left_out_the_setup_display():
    s = build({"players": {"Ann": {"dollars": 3}}})
    assert (s.p[0].stored, s.p[0].tools, s.p[0].dollars) == ({}, 0, 3)
    assert (s.p[1].stored, s.p[1].tools) == ({"food": 1}, 6)


def test_defaults_follow_the_stage():
    s = build({"stage": "colonies"})
    assert (s.colonies, s.start, s.order, s.place_pile, s.draw_pile) == ([], None, (), [], [])
    assert len(s.start_pile) == 12 and not any(c.filled for c in s.p)
    s = build({"stage": "lay_place", "revealed": ["developer"],
               "board": [BOARD[0], {"place": "joiner", "at": [0, 1]}]})
    assert s.laid == 1 and sorted(s.start_pile).count("riverbank_grove") == 2
    assert "developer" not in s.start_pile and "joiner" not in s.start_pile
    s = build({"stage": "end_year", "year": 2, "start_player": "Bo"})
    assert (s.half, s.turns, s.done, s.current) == (2, 3, 0, "Ann")
    s = build({"stage": "over"})
    assert (s.era, s.year) == (4, 6) and GAME.is_over(s)
    s = build({"stage": "fifth_colony", "era": 3})
    assert len(s.colonies) == 4 and GAME.chance_outcomes(s)
    s = build({"stage": "market_card", "era": 3})
    assert len(s.colonies) == 5


def test_embassies_in_the_buildings_list_keep_their_place():
    s = build(player("Ann", buildings=["farm", "embassy_trader", "farm"], embassies=None,
                     goods=None, buffers=None))
    assert [b.slug for b in s.p[0].buildings] == ["farm", "embassy_trader", "farm"]
    assert s.p[0].embassies == {"trader": 1}


def test_stage_draw_and_keep():
    s = build(position(stage="draw", at="librarian", drawn=[103],
                       players={"Bo": {"stewards": ["librarian"], "moved": [1]}}))
    assert (s.pending.what, s.pending.count, s.pending.keep, s.pending.drawn) == (
        "draw", 1, 2, [103])
    assert GAME.chance_outcomes(s)
    round_trip(s)
    s = build(position(stage="keep", at="librarian", drawn=[103, 104, 105], keep=2,
                       players={"Bo": {"stewards": ["librarian"], "moved": [1],
                                       "buildings": ["farm", "farm", "library"]}}))
    assert [str(e) for e in GAME.legal_actions(s)][:1] == ["Bo: keep cards=[103, 104]"]
    round_trip(s)


def test_hand_written_positions_round_trip():
    for pos in (POSITION, {}, {"stage": "over"}, {"stage": "colonies"},
                position(stage="turn", at=None), position(stage="end_year", half=None,
                                                          turns_done=None, at=None,
                                                          marker=None, turn="Ann")):
        round_trip(build(pos))


# --------------------------------------------------------------------------- the export


@pytest.mark.parametrize(("players", "seed", "last_era"),
                         [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4), (2, 5, 4), (1, 6, 2)])
def test_round_trip_along_random_games(players, seed, last_era):
    stages = set()
    for k, state in enumerate(random_states(players, seed, last_era)):
        if k % 7 == 0 or state.stage not in stages or state.stage in ("draw", "keep"):
            stages.add(state.stage)
            round_trip(state, {"last_era": last_era})
    assert "over" in stages and {"turn", "act", "end_year", "market_card"} <= stages


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 10 ** 6), last_era=st.integers(1, 4),
       stop=st.integers(0, 1500))
def test_round_trip_property(players, seed, last_era, stop):
    for k, state in enumerate(random_states(players, seed, last_era)):
        if k >= stop:
            round_trip(state, {"last_era": last_era})
            if k >= stop + 30:
                break


def test_a_draw_in_the_production_of_the_years_end_round_trips():
    """(A Library's draw in production, after the winter's last turn, has no half-year.)"""
    state = next(s for s in random_states(3, 307, 3) if s.stage == "draw" and
                 s.pending is not None and s.pending.then == "production")
    pos = position_of(state)
    assert "half" not in pos and "turns_done" not in pos
    round_trip(state, {"last_era": 3})


def test_the_export_is_json_and_names_places_readably():
    pos = position_of(build(POSITION))
    assert json.loads(json.dumps(pos)) == pos
    assert pos["players"]["Bo"]["started"] == ["head_official"]
    assert pos["players"]["Ann"]["limited"] == {"135": 2}


# --------------------------------------------------------------------------- the scoring example


def test_the_rulebooks_scoring_example_is_worth_61():
    report = validate_file(EXAMPLE)
    assert report.valid and report.complete and report.errors == []
    assert report.scores == {"Ann": 61}
    header = json.loads(EXAMPLE.read_text().splitlines()[0])
    s = build(header["position"], ("Ann",), **header["options"])
    assert dict(GAME.score(s)["Ann"].parts) == {"buildings": 30, "embassies": 0,
                                                "improvements": 3, "dollars": 6,
                                                "workers": 22, "bonuses": 0}


def test_a_claim_of_62_for_the_scoring_example_is_a_score_error(tmp_path):
    lines = EXAMPLE.read_text().splitlines()
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text(lines[0] + "\n" + json.dumps({"final": {"scores": {"Ann": 62}}}) + "\n")
    report = validate_file(wrong)
    assert not report.valid
    assert [(e.line, e.kind, e.player) for e in report.errors] == [(2, "score", "Ann")]
    assert "61" in report.errors[0].message


def test_the_examples_of_format_section_9_are_read():
    text = (ROOT / "replays" / "FORMAT-colonists.md").read_text()
    section = text[text.index("## 9. Positions"):text.index("## 10.")]
    blocks = [json.loads("{" + b.split("```")[0] + "}") for b in section.split("```json")[1:]]
    short, full, scoring = blocks
    assert build(short["position"], ("Ann",)).stage == "over"
    assert full["position"] == POSITION
    s = build(scoring["position"], ("Ann",), **scoring["options"])
    assert GAME.score(s)["Ann"].total == 61


# --------------------------------------------------------------------------- refusals


def _with(path: list[Any], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(POSITION)
    here: Any = out
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return out


REFUSALS: list[tuple[str, Any, str]] = [
    ("not an object", [1], "position: must be an object"),
    ("unknown field", position(yaer=3), "unknown field 'yaer' (did you mean 'year'"),
    ("unknown stage", position(stage="acts"), "did you mean 'act'"),
    ("era above last_era", position(era=5), "position.era: must be an integer from 1 to 4"),
    ("year 6", position(year=6), "position.year"),
    ("negative count", player("Ann", tools=-1), "position.players.Ann.tools: must be an "
     "integer from 0"),
    ("negative good", player("Ann", goods={"wood": -2}), "position.players.Ann.goods.wood"),
    ("huge number", player("Ann", dollars=10 ** 40), "an integer of 41 digits"),
    ("a boolean for a count", player("Ann", tools=True), "found true"),
    ("unknown good", player("Ann", goods={"wod": 1}), "unknown good 'wod' (did you mean "
     "'wood'?)"),
    ("tools among goods", player("Ann", goods={"tools": 1}), "lie in the Toolbox"),
    ("unknown building", player("Ann", buildings=["frm"]), "position.players.Ann.buildings[0]: "
     "unknown building 'frm' (did you mean 'farm'?)"),
    ("unknown player", position(players={"Anne": {}}), "unknown player 'Anne' (did you mean "
     "'Ann'?)"),
    ("unknown worker", player("Ann", buildings=[{"building": "storage_shed",
                                                 "workers": ["farmr"]}]), "did you mean "
     "'farmer'"),
    ("Workers beyond Colonists", player("Ann", buildings=[
        "farm", *[{"building": "forester_house", "workers": ["farmer"]}] * 2]),
     "2 farmer(s) at work, but the community houses 1 farmer Colonist(s)"),
    ("Workers beyond a building's seats", player("Ann", buildings=[
        "farm", "farm", {"building": "storage_shed", "workers": ["farmer", "farmer"]}]),
     "takes 1 Worker(s), found 2"),
    ("a Worker in a Residence", player("Ann", buildings=[{"building": "farm",
                                                         "workers": ["farmer"]}]),
     "takes 0 Worker(s)"),
    ("the wrong Worker type", player("Ann", buildings=[
        "flat", {"building": "forester_house", "workers": ["citizen"]}]),
     "a citizen may not work in the Forester's House"),
    ("goods beyond Storage and Warehouse", player("Ann", goods={"wood": 7}),
     "7 goods outside Buffers, 1 more than 5 Storage space(s) and 1 Warehouse lot(s)"),
    ("goods of an unfilled Basic Storage", player("Ann", filled=False, goods={"wood": 4},
                                                  moved=None, started=None,
                                                  stewards=[[0, 0]]),
     "kept for filling it"),
    ("Buffers beyond their batches", player("Ann", buffers={"wood": 4}),
     "position.players.Ann.buffers.wood: the Buffers hold one batch of each producer that has "
     "produced since it came into play: 3 wood, found 4"),
    ("Buffers without a producer", player("Bo", buffers={"ore": 1}), "0 ore, found 1"),
    ("buildings beyond spots", player("Ann", buildings=["farm"] * 24),
     "buildings do not fit on the 20 building spots"),
    ("a building beyond its limit", player("Ann", buildings=["library", "library"]),
     "at most 1 Library"),
    ("box limits", {"players": {"Ann": {"buildings": ["library"]},
                                "Bo": {"buildings": ["library"]}}},
     None),  # allowed without the option
    ("a building of a later era", player("Ann", buildings=["storage_house"]),
     "the Storage House is a building of era 2"),
    ("two Stewards on one place", player("Ann", stewards=["developer", "developer"],
                                         started=None, moved=None),
     "Stewards 1 and 2 both stand on the developer"),
    ("more Stewards than controlled", player("Ann", stewards=["developer", "librarian"],
                                             started=None, moved=None, embassies=None),
     "2 Stewards on the board; the player controls 1"),
    ("a Steward on no tile", player("Ann", stewards=[[9, 9]], started=None),
     "position.players.Ann.stewards[0]: no tile covers cell [9, 9]"),
    ("an ambiguous place", player("Ann", stewards=["riverbank_grove"], started=None),
     "riverbank_grove is on the board 2 times"),
    ("embassy level above the era", player("Ann", embassies={"trader": 2}),
     "relations reach at most level 1 in era 1, found 2"),
    ("a colony not in play", player("Ann", embassies={"envoy": 1}),
     "the envoy colony is not in play"),
    ("an unknown colony", player("Ann", embassies={"envoi": 1}), "did you mean 'envoy'"),
    ("two Embassies of a colony", player("Ann", buildings=["embassy_trader", "embassy_trader"]),
     "one Embassy of each colony"),
    ("hand over 6", player("Ann", hand=[103, 104, 105, 106, 107, 108, 109]),
     "position.players.Ann.hand: lists 7 items; at most 6"),
    ("a card in two places", player("Bo", hand=[132]), "card 132 (Storehouse) is also in "
     "Ann's hand"),
    ("an unknown card", player("Ann", hand=[999]), "unknown improvement '999' (known: 101, "),
    ("a card of a later era", player("Ann", hand=[201]), "an improvement of era 2"),
    ("a limited card as permanent", player("Ann", improvements=[135], limited=None),
     "card 135 (Ticket) is limited, not permanent"),
    ("uses beyond the card", player("Ann", limited={"135": 4}),
     "position.players.Ann.limited.135: must be an integer from 1 to 3"),
    ("a tile on a taken cell", position(board=[*BOARD, {"place": "grove", "at": [0, 1]}]),
     "position.board[20].at: cell [0, 1] is taken by the builder_forester_house "
     "(position.board[1])"),
    ("an unknown place", position(board=[*BOARD, {"place": "grov", "at": [5, 5]}]),
     "did you mean 'grove'"),
    ("a tile apart from the board", position(board=[*BOARD, {"place": "grove",
                                                              "at": [9, 9]}]),
     "does not touch the rest of the board"),
    ("a Market on far cells", position(board=[{"place": "market", "at": [[0, 0], [2, 0]]}]),
     "two neighbouring cells"),
    ("no first Market", position(board=BOARD[1:]), "the first Market lies on"),
    ("a Place of a later era", position(board=[*BOARD, {"place": "ore_pit", "at": [3, 0]}]),
     "a Place of era 2"),
    ("more tiles than the box", position(board=[
        *BOARD, {"place": "developer", "at": [3, 0]}]), "the box holds 1 developer tile"),
    ("a Place's copy of a later era", position(board=[
        *BOARD, {"place": "joiner", "at": [3, 0]}]),
     "position.board[20].place: 2 joiner tile(s) come into play by era 1 (the box's others in "
     "later eras); the board lists 3"),
    ("a third Market in Era I", position(board=[
        *BOARD, {"place": "market", "at": [[3, 0], [4, 0]]}]),
     "position.board: 3 market tiles on the board, but 2 are laid by era 1 at stage act"),
    ("the third Market before Era II lays it", {"era": 2, "stage": "third_market", "board": [
        *BOARD, {"place": "market", "at": [[3, 0], [4, 0]]}]},
     "position.board: 3 market tiles on the board, but 2 are laid by era 2 at stage "
     "third_market"),
    ("the Day Laborer", position(board=[*BOARD, {"place": "day_laborer", "at": [3, 0]}]),
     "only used in the introductory game"),
    ("the small Market without the option", position(board=[
        *BOARD, {"place": "small_market", "at": [3, 0]}]), "set the option small_market"),
    ("the Head Official in Era IV", {"era": 4, "board": [
        BOARD[0], {"place": "head_official", "at": [0, 1]}]}, "replaced by the chief_officer"),
    ("a place pile beyond the era", position(piles={"places": ["grove"] * 3}),
     "lists 3 grove"),
    ("a starting Place in the era's pile", position(piles={"places": ["developer"]}),
     "developer is not among the era 1's Places"),
    ("the year's card face down", position(piles={"market_cards": ["forester_house"]}),
     "the year's Market card"),
    ("a Market card of another era", position(market_card="brickyard"),
     "unknown market card of era 1 'brickyard'"),
    ("revealed Places of another era", position(revealed=["ore_pit"]),
     "ore_pit is not a Place of era 1"),
    ("revealed Places in year 5", position(year=5), "no Places are turned face up in year 5"),
    ("a face-up Place whose tiles all lie on the board", position(
        revealed=["baker", "grove", "builder_flat"]),
     "position.revealed[2]: builder_flat is face up, but every builder_flat tile of era 1 is on "
     "the board"),
    ("a face-up Place twice of one tile", position(revealed=["baker", "baker"]),
     "position.revealed[1]: baker is face up 2 times, but 1 baker tile(s) of era 1 are off the "
     "board"),
    ("a starting Place face up and on the board", {
        "stage": "lay_place", "board": [BOARD[0], {"place": "developer", "at": [0, 1]}],
        "revealed": ["developer"]},
     "position.revealed[0]: developer is face up, but every developer tile of the setup is on "
     "the board"),
    ("Places to turn face up in year 5", {"stage": "reveal_place", "year": 5},
     "position.stage: Places are turned face up in years 1 to 4; at stage reveal_place, found "
     "year 5"),
    ("five colonies in Era I", position(colonies=["altruist", "industrialist", "scholar",
                                                  "trader", "lord"]),
     "4 colonies are in play in era 1"),
    ("a colony twice", position(colonies=["trader"] * 4), "a colony is in play once"),
    ("turn order not clockwise", {"order": ["Ann", "Cy", "Bo"]}, "turns go clockwise"),
    ("marker apart from the start player outside the turns",
     position(stage="end_year", half=None, turns_done=None, at=None),
     "became start player at the end of the year"),
    ("half outside the turns", position(stage="end_year", turns_done=None, at=None,
                                        marker=None), "position.half: only stated during"),
    ("three turns done", position(turns_done=3), "position.turns_done"),
    ("the action at a place nobody moved to", position(at="developer"),
     "none of Bo's Stewards who moved"),
    ("an action that cannot be carried out", position(
        at="developer", players={"Bo": {"stewards": ["developer"], "moved": [1]}}),
     "can carry out no action of the developer"),
    ("more Stewards moved than turns", position(stage="turn", at=None, turns_done=0),
     "1 Stewards moved in 0 turn(s)"),
    ("a Steward who did not move elsewhere than he started",
     player("Bo", moved=None), "Steward 1 has not moved in these three turns"),
    ("Stewards during the setup", {"stage": "second_market", "players": {
        "Ann": {"stewards": ["market"]}}}, None),
    ("a setup stage in Era II", {"stage": "draw_place", "era": 2}, "comes before Era I"),
    ("the third Market in Era III", {"stage": "third_market", "era": 3},
     "era 3 adds no Market"),
    ("the end of a game before the last era", {"stage": "over", "era": 2},
     "the game ends after era 4"),
    ("no Market card left", {"stage": "market_card", "year": 2, "piles": {
        "market_cards": []}}, "no Market card is left"),
    ("too few Market cards for the era's years", position(piles={
        "market_cards": ["farm"], "discard": [101]}),
     "position.piles.market_cards: 2 more Market card(s) are turned face up in era 1 (one a "
     "year), but the pile holds 1"),
    ("too few Places for the era's years", position(piles={
        "places": ["builder_estate", "clay_delve"], "discard": [101]}),
     "position.piles.places: 3 more Place(s) of era 1 are turned face up in its years, but the "
     "pile holds 2"),
    ("too few Places for the year's reveal", {"stage": "reveal_place", "year": 4,
                                              "piles": {"places": ["grove"]}},
     "position.piles.places: 3 more Place(s) of era 1"),
    ("too few starting Places", {"stage": "draw_place", "piles": {"start": ["developer"]}},
     "position.piles.start: 12 more starting Place(s) are drawn, but the pile holds 1"),
    ("cards to draw from empty piles", position(
        stage="draw", at="librarian", draw=2, piles={"improvements": [], "discard": []},
        players={"Bo": {"stewards": ["librarian"], "moved": [1]}}),
     "2 more card(s) to draw, but the draw and discard piles hold 0"),
    ("an action outside a pending one", position(stage="turn", at=None, action={
        "figure": "alchemist", "resume": "turn"}),
     "position.action: only stated while an action is pending (stages act, draw, keep, "
     "optional), not at stage turn"),
    ("limits outside a turn", position(stage="turn", at=None, turns_done=1,
                                       limits={"horse:334": 1}), "position.limits"),
    ("deep nesting", position(players={"Ann": {"goods": {"wood": [[[[[[[[1]]]]]]]]}}}),
     "position.players.Ann.goods.wood: must be an integer"),
]


@pytest.mark.parametrize(("what", "pos", "expected"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_position_that_breaks_the_game_is_refused(what, pos, expected):
    players = ("Ann", "Bo", "Cy") if what == "turn order not clockwise" else TWO
    if what == "Stewards during the setup":
        assert "after the setup" in refused(
            {"stage": "second_market", "board": _setup_board(),
             "players": {"Ann": {"stewards": ["market"]}}}, players)
        return
    if expected is None:
        build(pos, players)
        return
    message = refused(pos, players)
    assert expected in message, message
    assert message.startswith("position")


def _setup_board() -> list[dict[str, Any]]:
    """The first Market and the twelve starting Places, as laid in BOARD."""
    return [t for t in BOARD if t["place"] not in ("joiner", "builder_pub", "clayburner",
                                                   "builder_flat", "builder_hollow",
                                                   "clay_delve")
            and t["at"] != [[-2, -1], [-1, -2]]] + [{"place": "joiner", "at": [0, 2]}]


def test_box_limits_count_every_community():
    farms = {"players": {"Ann": {"buildings": ["farm"] * 17},
                         "Bo": {"buildings": ["farm"] * 16}}}
    build(farms)
    message = refused(farms, box_limits=True)
    assert "the box holds 32 Farm tiles (option box_limits); the communities hold 33" in message


def test_a_bad_position_is_a_schema_error_on_line_one(tmp_path):
    log = tmp_path / "bad.jsonl"
    header = {"format": "referee-replay", "version": 1, "game": "colonists",
              "players": ["Ann"], "position": {"players": {"Ann": {"hand": [101] * 7}}}}
    log.write_text(json.dumps(header) + "\n")
    report = validate_file(log)
    assert [(e.line, e.kind, e.rule) for e in report.errors] == [(1, "schema", "CO-POSITION")]
    assert "position.players.Ann.hand" in report.errors[0].message


# --------------------------------------------------------------------------- hostile input

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 12, 10 ** 12) | st.text(max_size=8)
    | st.sampled_from(["farm", "market", "wood", "Ann", "developer", "turn", "act", 135, -1,
                       [0, 1], [[0, 0], [1, 0]], "embassy_trader", "summer", 0, 7]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["stage", "era", "year", "players", "Ann", "Bo", "goods", "board",
                         "buildings", "wood", "place", "at", "hand", "stewards", "piles",
                         "places", "workers", "building", "135", "x"]), inner, max_size=4),
    max_leaves=12)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for k, v in enumerate(value):
            out += _paths(v, (*prefix, k))
    return out


PATHS = _paths(POSITION)[1:]


def _never_a_traceback(pos: Any, players: tuple[str, ...] = TWO) -> None:
    try:
        state = build(pos, players)
    except RuleViolation as exc:
        assert (exc.violation.kind, exc.violation.rule) == ("schema", "CO-POSITION")
        assert exc.violation.message.startswith("position")
        return
    GAME.legal_actions(state)
    GAME.chance_outcomes(state)
    assert GAME.observe(state).globals is not None
    round_trip(state)


@settings(max_examples=300, deadline=None)
@given(value=JSON)
def test_any_value_as_a_position_is_read_or_refused(value):
    _never_a_traceback(value)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JSON)
def test_any_value_anywhere_in_a_position_is_read_or_refused(path, value):
    pos = copy.deepcopy(POSITION)
    here: Any = pos
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    _never_a_traceback(pos)


@settings(max_examples=150, deadline=None)
@given(path=st.sampled_from(PATHS))
def test_a_field_left_out_is_read_or_refused(path):
    pos = copy.deepcopy(POSITION)
    here: Any = pos
    for key in path[:-1]:
        here = here[key]
    del here[path[-1]]
    _never_a_traceback(pos)


SLUGS = ["farm", "flat", "house", "factory", "storage_shed", "storage_house", "forester_house",
         "hunting_lodge", "library", "boardinghouse", "embassy_trader", "embassy_envoy", "pub"]
PLACES = ["developer", "librarian", "builder_farm", "head_official", [0, 0], [-2, -1], [1, 1],
          None]
BUILDING = st.sampled_from(SLUGS) | st.fixed_dictionaries(
    {"building": st.sampled_from(SLUGS),
     "workers": st.lists(st.sampled_from(["farmer", "citizen", "merchant"]), max_size=2)})
PLAYER = st.fixed_dictionaries({}, optional={
    "buildings": st.lists(BUILDING, max_size=8),
    "goods": st.dictionaries(st.sampled_from(["wood", "clay", "food", "robes", "planks"]),
                             st.integers(0, 4), max_size=3),
    "buffers": st.dictionaries(st.sampled_from(["wood", "food", "clay"]), st.integers(0, 3),
                               max_size=2),
    "tools": st.integers(0, 9), "filled": st.booleans(),
    "hand": st.lists(st.sampled_from([102, 103, 111, 132, 201, 301]), max_size=3),
    "improvements": st.lists(st.sampled_from([126, 127, 131, 226]), max_size=2),
    "limited": st.dictionaries(st.sampled_from(["135", "234", "334"]), st.integers(1, 3),
                               max_size=1),
    "embassies": st.dictionaries(st.sampled_from(["trader", "envoy", "scholar"]),
                                 st.integers(1, 4), max_size=2),
    "stewards": st.lists(st.sampled_from(PLACES), min_size=1, max_size=3),
    "moved": st.lists(st.integers(1, 3), max_size=2),
    "uses": st.dictionaries(st.sampled_from(["apprentice_turns", "apprentice_stewards"]),
                            st.integers(0, 2), max_size=2)})
TABLE = st.fixed_dictionaries({"board": st.just(BOARD)}, optional={
    "stage": st.sampled_from(["turn", "act", "end_year", "market_card", "over", "draw", "keep",
                              "reveal_place", "third_market", "fifth_colony"]),
    "era": st.integers(1, 4), "year": st.integers(1, 5),
    "turn": st.sampled_from(["Ann", "Bo"]), "turns_done": st.integers(0, 2),
    "marker": st.sampled_from(["Ann", "Bo"]),
    "colonies": st.just(["envoy", "lord", "scholar", "trader"]),
    "revealed": st.lists(st.sampled_from(["baker", "grove", "ore_pit", "clay_pit"]),
                         max_size=3),
    "drawn": st.lists(st.sampled_from([104, 105, 204]), max_size=2),
    "at": st.sampled_from(PLACES)})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=TABLE, ann=PLAYER, bo=PLAYER)
def test_plausible_positions_are_read_or_refused_and_round_trip(table, ann, bo):
    _never_a_traceback({**table, "players": {"Ann": ann, "Bo": bo}})


def test_deep_nesting_and_huge_input():
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]
    _never_a_traceback({"board": deep})
    _never_a_traceback(_with(["players", "Ann", "goods"], {"wood": deep}))
    _never_a_traceback({"players": {"Ann": {"hand": list(range(10 ** 5))}}})
    _never_a_traceback({"board": [BOARD[0]] * 10 ** 5})
    _never_a_traceback({"players": {f"P{k}": {} for k in range(10 ** 4)}})
    _never_a_traceback(player("Ann", limited={str(10 ** 90): 1}))
    _never_a_traceback(player("Ann", goods={"wood": 10 ** 9}))


def test_a_colonist_put_to_work_during_the_setup_has_an_empty_buffer_and_round_trips():
    s = build({"stage": "draw_place", "players": {"Ann": {"buildings": ["forester_house",
                                                                         "farm"]}}})
    GAME.apply(s, Action.make("Ann", "employ", building="forester_house"))
    assert s.p[0].buildings[0].proven == ()  # it has not produced yet
    round_trip(s)


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_near_valid_positions_are_refused_or_played_on_and_written_back(seed):
    # the fault campaign's generator of near-valid positions (tests/fuzz/generators.py)
    rng = random.Random(seed)
    players, options, pos = near_colonists_position(rng)
    try:
        state = GAME.new_state(players, options, pos)
    except RuleViolation as exc:
        assert exc.violation.kind == "schema", exc.violation
        return
    for _ in range(8):
        try:
            written = json.loads(json.dumps(position_of(state)))
        except ValueError:  # a stage no position holds (a later era's setup)
            written = None
        if written is not None:
            again = GAME.new_state(players, options, written)
            assert again.fingerprint() == state.fingerprint(), (seed, state.stage)
        if GAME.is_over(state):
            return
        outcomes = GAME.chance_outcomes(state)
        events = [e for e, _ in outcomes] if outcomes else GAME.legal_actions(state)
        assert events, (seed, state.stage)
        GAME.apply(state, rng.choice(events))


def test_the_scholars_play_after_the_library_draws_is_written_back_as_the_same_state():
    # CO-SCHOLAR-1, -2: 4 drawn and 2 kept, then a play is open (stage optional)
    s = build({"era": 2, "stage": "act", "at": "librarian", "board": BOARD,
               "colonies": ["alchemist", "altruist", "envoy", "scholar"],
               "market_card": "planks", "piles": {"improvements": [201, 202, 203, 204, 205]},
               "players": {"Ann": {"embassies": {"scholar": 2}, "tools": 2,
                                   "stewards": ["librarian"], "started": [[0, 0]],
                                   "moved": [1]}}})
    events = [Action.make("Ann", "draw_cards"),
              *(Chance.make("draw_improvement", card=c) for c in (205, 202, 201, 204)),
              Action.make("Ann", "keep", cards=[204, 205])]
    for event in events:
        GAME.apply(s, event)
    assert s.stage == "optional" and s.pending is not None and s.pending.plays == 1
    assert (s.pending.count, s.pending.keep, s.pending.drawn) == (0, 0, [])
    round_trip(s)


def test_the_scholars_draws_in_production_are_written_back_as_the_same_state():
    # CO-SCHOLAR-1: Bo draws after the sustenance marker; Bo took the year's last turns, but
    # no turn is under way, so no Steward of his has to be listed as moved
    s = build({"year": 2, "stage": "end_year", "market_card": "farm",
               "colonies": ["alchemist", "altruist", "envoy", "scholar"],
               "piles": {"improvements": [110, 111, 112]},
               "players": {"Bo": {"embassies": {"scholar": 1}, "tools": 2,
                                  "stewards": [[0, 0]]}}})
    GAME.apply(s, Phase.make("sustenance"))
    assert s.stage == "draw" and s.pending is not None and s.pending.then == "production"
    assert s.players[s.pending.player] == s.players[s.seat] == "Bo"
    round_trip(s)


def test_a_use_the_model_does_not_count_is_refused_by_name():  # CO-POSITION
    def with_uses(uses: dict[str, int]) -> dict[str, Any]:
        return {"era": 2, "stage": "turn", "board": BOARD, "players": {"Ann": {"uses": uses}}}

    assert refused(with_uses({"foo": 1})).startswith(
        "position.players.Ann.uses: unknown use 'foo' (known: apprentice_turns, ")
    assert refused(with_uses({"amb:bob": 1})) == (
        "position.players.Ann.uses: use 'amb:bob': unknown Special Ambassador 'bob' (known: "
        "alchemist, altruist, laborer)")
    assert refused(with_uses({"replace:farm": 1})) == (
        "position.players.Ann.uses: use 'replace:farm': no colony's ability replaces a 'farm' "
        "(known: storage_house, storage_shed)")
    assert "unknown use 'year:choice:x'" in refused(with_uses({"year:choice:x": 1}))
    for key in ("boost", "swap", "amb:alchemist", "replace:storage_house", "year:choice:1",
                "year:charity", "year:factory", "turn:buffer_payments"):
        assert build(with_uses({key: 1})).p[0].used == {key: 1}, key


def test_the_years_conversions_are_those_of_the_players_cards_and_embassies():  # CO-POSITION
    def with_converted(converted: dict[str, int], **ann: Any) -> dict[str, Any]:
        return {"era": 2, "stage": "turn", "board": BOARD,
                "colonies": ["industrialist", "lord", "scholar", "trader"],
                "players": {"Ann": {"converted": converted, **ann}}}

    # the Panel Saw (214): "Convert 2 Wood to 1 Plank during Production. (Limit 1)"
    assert build(with_converted({"214": 1}, improvements=[214])).p[0].converted == {214: 1}
    assert refused(with_converted({"214": 1})) == (
        "position.players.Ann.converted.214: card 214 is no production conversion in front of "
        "the player")
    assert refused(with_converted({"214": 2}, improvements=[214])) == (
        "position.players.Ann.converted.214: must be an integer from 0 to 1, found 2")
    ann: dict[str, Any] = {"embassies": {"industrialist": 1},
                           "buildings": ["farm", "farm", "embassy_industrialist"]}
    assert build(with_converted({"industrialist:0": 1}, **ann)).p[0].converted
    assert refused(with_converted({"industrialist:1": 1}, **ann)) == (
        "position.players.Ann.converted.industrialist:1: the player's relation with the "
        "industrialist colony (level 1) has 1 production conversion(s), no number 1")
    assert "has 0 production conversion(s)" in refused(with_converted({"industrialist:0": 1}))


def test_a_position_in_a_later_starts_setup_era_is_not_read():  # CO-POSITION
    # a later start's setup (its draws included) runs in the era before the first
    message = refused({"era": 3, "stage": "draw", "board": BOARD}, first_era=4)
    assert message == ("position.era: a position during a later-era setup (era 3 of a game "
                       "started in era 4) is not read: start the game from the header's "
                       "options (first_era, saved)")


def test_a_later_starts_states_are_written_back_as_the_same_states():
    # the setup's counters (Places laid, the era set up, the cards dealt) no longer matter
    # once the first era begins: a position of any later moment reads back as the same state
    import random as _random

    from referee.games import registration
    from referee.replays.simulate import simulate_game

    options = {"first_era": 3}
    log = simulate_game(registration("colonists"), list(TWO), _random.Random(1), options)
    state = GAME.new_state(TWO, options)
    checked = 0
    for k, event in enumerate(e for e in log if isinstance(e, Action | Chance | Phase)):
        GAME.apply(state, event)
        if state.era >= 3 and state.stage in ("turn", "market_card") and k % 5 == 0:
            round_trip(state, options)
            checked += 1
    assert checked >= 20
