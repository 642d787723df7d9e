"""The Colonists: what the logs of ``tests/regressions/colonists`` pin beyond their verdicts
(each log's ``expect`` header pins its verdict, line, kind and rule): the messages."""

from __future__ import annotations

import json
import re
from pathlib import Path

from referee.replays.regression import run_expectation
from referee.replays.validator import validate_file

FOLDER = Path(__file__).parent / "regressions" / "colonists"


def _errors(name: str) -> list[str]:
    return [e.message for e in validate_file(FOLDER / f"{name}.jsonl").errors]


def test_every_log_meets_the_verdict_its_header_expects() -> None:
    paths = sorted(FOLDER.glob("*.jsonl"))
    assert paths
    for path in paths:
        outcome = run_expectation(path)
        assert outcome.passed, f"{path.name}: {outcome.explain()}"


def test_the_fee_hint_names_a_fee_with_which_the_move_is_legal(tmp_path: Path) -> None:
    # CO-FEE, CO-MOVE-ACTION: the cheapest Fee (Food and Wood) leaves no Wood for the Farm
    log = FOLDER / "CO-FEE-break-no-fee-named-the-hint-keeps-the-action-possible.jsonl"
    (message,) = _errors(log.stem)
    found = re.search(r'"fee": (\{.*\})\)', message)
    assert found is not None and "the cheapest legal Fee" in message
    fee = json.loads(found.group(1))
    assert fee != {"Ann": {"food": 1, "wood": 1}}
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    del head["expect"]
    move = json.loads(lines[1])
    move["fee"] = fee
    fixed = tmp_path / "fixed.jsonl"
    fixed.write_text("\n".join([json.dumps(head), json.dumps(move), *lines[2:]]) + "\n",
                     encoding="utf-8")
    report = validate_file(fixed)
    assert report.valid, [e.message for e in report.errors]


def test_no_fee_hint_where_every_fee_leaves_the_action_impossible() -> None:  # CO-FEE
    (message,) = _errors("CO-FEE-break-no-fee-leaves-the-action-possible")
    assert "the cheapest legal Fee" not in message
    assert "no Fee makes this move legal" in message


def test_a_swap_refusal_names_the_ambassador() -> None:  # CO-HEAD-OFFICIAL, CO-LORD-3
    for name in ("CO-HEAD-OFFICIAL-break-the-chief-officer-swaps-an-ambassadors-place",
                 "CO-LORD-3-break-swaps-an-ambassadors-place"):
        (message,) = _errors(name)
        assert "occupied by the Alchemist Ambassador" in message


def test_a_replacing_place_on_a_free_cell_names_what_it_replaces() -> None:  # CO-BOARD-REPLACE
    (message,) = _errors("CO-BOARD-REPLACE-break-the-forest-on-a-free-cell")
    assert "riverbank_grove at [0, 1]" in message and "free cell [-1, 0]" in message


def test_a_long_copy_number_is_shortened_in_the_message() -> None:  # CO-VOCAB
    (message,) = _errors("CO-EMPLOY-break-a-copy-numbered-with-five-thousand-digits")
    assert len(message) < 300 and "farm#1 to farm#" in message


def test_card_ids_are_quoted_as_the_log_wrote_them() -> None:  # CO-VOCAB
    (message,) = _errors("CO-LIBRARIAN-break-a-card-id-written-as-text")
    assert 'found "110"' in message


def test_the_fee_search_is_bounded() -> None:  # CO-FEE: three occupants in Era IV, every good
    from referee.checker.topics.colonists import audit
    from referee.model.colonists import data as d
    from referee.model.core import Action
    from tests.colonists_helpers import first_turn

    state = first_turn(["Ann", "Bo", "Cy", "Di"])
    state.era = 4
    state.p[0].stored = {g: 4 for g in d.BUILDING_RESOURCES} | {"food": 4}
    state.p[0].tools = 4
    options = audit._payments(state, 0, audit._holdings(state, 0))
    assert options is not None and len(options) > 100

    class Refusing:
        calls = 0

        def check(self, s: object, e: object) -> str:
            self.calls += 1
            return "refused"

    game = Refusing()
    move = Action.make("Ann", "move", to=[0, 1])
    found, exhausted = audit._possible_fee(game, state, 0, move, ["Bo", "Cy", "Di"])
    assert found is None and not exhausted and game.calls <= audit.MAX_FEE_TRIALS


def test_a_steam_engines_factory_keeps_the_invariants() -> None:  # CO-CARD-EFFECT
    from referee.invariants import violated
    from referee.invariants.colonists import SUITE
    from referee.model.colonists import GAME

    log = FOLDER / "CO-CARD-EFFECT-legal-a-position-with-a-steam-engines-factory.jsonl"
    head = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    state = GAME.new_state(head["players"], head.get("options"), head["position"])
    assert any(len(b.workers) == 2 for b in state.p[0].buildings)
    assert violated(SUITE, state) == []
    # without the Steam Engine in front of the player, the same Factory is refused
    position = json.loads(json.dumps(head["position"]))
    for line in position["players"].values():
        line.pop("improvements", None)
    from referee.model.core import RuleViolation

    try:
        GAME.new_state(head["players"], head.get("options"), position)
    except RuleViolation as exc:
        assert "Steam Engine" in exc.violation.message
    else:
        raise AssertionError("a Factory with two Workers and no Steam Engine was accepted")


def test_a_waived_fee_says_so() -> None:  # CO-ENVOY-2, CO-LORD-2
    (message,) = _errors("CO-ENVOY-2-break-a-boost-paid-when-the-lord-waives-the-fee")
    assert "is waived for Ann" in message and "0 building resource" not in message


def test_a_develop_lines_cards_are_named_by_its_action() -> None:  # CO-VOCAB
    from referee.model.colonists import GAME
    from referee.model.core import Action
    from tests.colonists_helpers import first_turn

    state = first_turn(["Ann", "Bo"])
    bad = GAME.check(state, Action.make("Ann", "develop", cards=[{"card": 101, "colour": 1}]))
    assert bad is not None and bad.message.startswith("action 'develop'")


def test_a_worker_in_an_embassy_is_refused_by_name() -> None:  # CO-EMPLOY
    (message,) = _errors("CO-EMPLOY-break-a-worker-in-an-embassy")
    assert message.endswith("the embassy_trader needs no Worker")
    (message,) = _errors("CO-EMPLOY-break-a-worker-in-a-factory-not-owned")
    assert message.endswith("Ann has no factory (owns: farm)")


def test_extra_buildings_name_their_own_cards_worker_type() -> None:  # CO-CARD-EFFECT
    (message,) = _errors("CO-CARD-EFFECT-break-realtors-flats-with-a-farmer-building")
    assert message.endswith("extra Flats come with at least one citizen building (or the "
                            "Factory) built here")
    (message,) = _errors("CO-CARD-EFFECT-break-deeds-farms-with-a-citizen-building")
    assert message.endswith("extra Farms come with at least one farmer building (or the "
                            "Factory) built here")


def test_a_move_counts_the_discards_and_employs_before_the_action(tmp_path: Path) -> None:
    # CO-MOVE-ACTION: the Joiner's action needs the Clay discarded first; Storage full of
    # Clay and Food everywhere else, no discard frees room: the move is refused, and says so
    log = FOLDER / "CO-MOVE-ACTION-legal-a-discard-after-the-move-makes-room-to-refine.jsonl"
    report = validate_file(log)
    assert report.valid, [e.message for e in report.errors]
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    del head["expect"]
    ann = head["position"]["players"]["Ann"]
    ann["buffers"] = {}  # no Wood to refine, whatever is discarded
    bad = tmp_path / "no-wood.jsonl"
    bad.write_text("\n".join([json.dumps(head), lines[1]]) + "\n", encoding="utf-8")
    (error,) = validate_file(bad).errors
    assert error.rule == "CO-MOVE-ACTION" and error.line == 2
    assert "not even after discarding goods or employing a Colonist first" in error.message


def test_a_market_action_names_only_what_the_card_does() -> None:  # CO-MARKET-ACTION, CO-FEE
    (message,) = _errors("CO-MARKET-ACTION-break-a-build-named-on-a-refining-card")
    assert message.endswith("Market action (refine) takes no 'buildings'")
    (message,) = _errors("CO-MARKET-ACTION-break-a-decline-on-the-head-officials-card")
    assert message.endswith("the Head Official card's Market action (head_official) takes no "
                            "'decline'")
    (message,) = _errors("CO-FEE-break-a-fee-paid-on-a-market")
    assert message.endswith("on Markets the Fee is never paid")


def test_a_later_starts_community_hall_opens_the_borderland() -> None:  # CO-BUILD-SPOTS
    log = FOLDER / "CO-BUILD-SPOTS-legal-a-later-starts-community-hall-opens-the-borderland.jsonl"
    report = validate_file(log)
    assert report.valid, [e.message for e in report.errors]
    (message,) = _errors("CO-BUILD-SPOTS-break-a-later-starts-community-hall-and-33-more-buildings")
    assert message == ("34 buildings do not fit on the 30 building spots and the 3 free Storage "
                       "Facility spots")


def test_a_place_turned_up_in_the_fifth_year_cites_the_years_start() -> None:  # CO-YEAR-START
    (message,) = _errors("CO-YEAR-START-break-a-place-turned-up-in-the-fifth-year")
    assert message.startswith("in year 5 of an era no Places are turned face up (the era's "
                              "Places come up in years 1 to 4); expected a decision by Bo")


def test_a_later_start_fills_no_basic_storage() -> None:  # CO-LATER-DISPLAY
    (message,) = _errors("CO-LATER-DISPLAY-break-the-basic-storage-filled-in-a-later-start")
    assert message == ("a game started in era 2 does not fill the Basic Storage with Wood and "
                       "Clay: the goods are bought in the personal display (setup_goods)")


def test_the_end_of_the_last_turn_is_over_once_the_new_places_are_added() -> None:
    # CO-STOREKEEPER-2: the end-of-turn moment of the winter's last turn ends with phase 2
    log = ("CO-STOREKEEPER-2-legal-a-replacement-at-the-end-of-the-last-turn-before-the-new-"
           "places")
    report = validate_file(FOLDER / f"{log}.jsonl")
    assert report.valid, [e.message for e in report.errors]
    (message,) = _errors("CO-STOREKEEPER-2-break-a-replacement-at-the-end-of-the-last-turn-"
                         "after-the-new-places")
    assert message == "Ann replaces a building at the start or the end of one of their turns"


def test_a_building_contract_refuses_the_fields_of_goods_received() -> None:  # CO-VOCAB
    (message,) = _errors("CO-CARD-EFFECT-break-a-building-contract-names-an-exchange")
    assert "Building Contract - Farm builds and gives no goods: no 'exchange'" in message


def test_a_trade_names_one_source() -> None:  # CO-VOCAB
    (message,) = _errors("CO-CARD-EFFECT-break-a-market-stand-trade-also-names-a-colony")
    assert "name either the 'card' or the 'colony' that trades, not both" in message


def test_a_market_beyond_the_eras_so_far_is_refused_by_name() -> None:  # CO-POSITION
    (message,) = _errors("CO-POSITION-break-three-markets-before-era-twos-third")
    assert message == ("position.board: 3 market tiles on the board, but 2 are laid by era 2 at "
                       "stage third_market")


def test_a_use_between_two_turns_counts_for_the_ended_turn_then_the_next() -> None:
    # CO-STOREKEEPER-2, CO-AMBASSADOR, CO-LORD-3: the moment is the end of one and the start of
    # the next; once both have had their use, the next one is refused
    for log in ("CO-STOREKEEPER-2-legal-a-replacement-between-two-turns-after-one-at-the-start-"
                "of-the-first",
                "CO-AMBASSADOR-legal-a-solo-players-alchemist-moved-for-the-summer-and-for-the-"
                "winter",
                "CO-LORD-3-legal-a-solo-players-swap-for-the-summer-and-for-the-winter"):
        report = validate_file(FOLDER / f"{log}.jsonl")
        assert report.valid, [e.message for e in report.errors]
    (message,) = _errors("CO-STOREKEEPER-2-break-a-third-replacement-between-two-turns")
    assert message == "Ann has replaced a storage_shed this turn already"
    (message,) = _errors("CO-AMBASSADOR-break-a-solo-players-alchemist-moved-at-the-start-and-"
                         "the-end-of-the-third-turn")
    assert message == "Ann has moved the alchemist Special Ambassador this half-year already"


def test_a_special_ambassador_stands_on_the_board_once_unlocked() -> None:  # CO-POSITION
    (message,) = _errors("CO-POSITION-break-a-relation-at-level-two-without-its-ambassador-on-"
                         "the-board")
    assert message == ("position.ambassadors: Ann's relation with the alchemist colony is at "
                       "level 2; level 2 unlocked the alchemist Special Ambassador, who was "
                       "placed on a Market then and is on the board (name his place)")
    (message,) = _errors("CO-POSITION-break-a-special-ambassador-on-the-board-in-era-one")
    assert message == ("position.ambassadors.alchemist: the Special Ambassadors come in Era II; "
                       "found the alchemist on the board in era 1")
