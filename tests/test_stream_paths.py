"""The validator's quick paths against its general ones: a file validated from its bytes (each
plain line's event kept by its bytes, plain lines and check lines sent straight on) against the
same lines fed one by one; ``plain_event`` against ``parse_event``; a table game's ``play``
against ``check`` then ``apply``; the event builders against the constructors."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from referee.games import registration
from referee.model.core import (
    Action,
    Chance,
    Phase,
    RuleViolation,
    Violation,
    new_action,
    new_chance,
    new_phase,
)
from referee.replays.envelope import (
    Envelope,
    parse_event,
    parse_header,
    plain_check,
    plain_event,
)
from referee.replays.reader import iter_lines
from referee.replays.records import Check
from referee.replays.validator import validate_file, validate_lines

ROOT = Path(__file__).resolve().parents[1]
LOGS = sorted([*ROOT.glob("replays/examples/*.jsonl"), *ROOT.glob("tests/golden/**/*.jsonl")])
PLAYERS = ("Ann", "Bo")


def _summary(report):
    return (report.to_json(), [(e.text, e.after_error) for e in report.errors],
            [(s.line, s.event) for s in report.trail], report.undos)


def test_there_are_logs_to_compare():
    assert len(LOGS) > 100


@pytest.mark.parametrize("keep_going", [False, True])
def test_a_file_reads_as_its_lines_fed_one_by_one(keep_going):
    for path in LOGS:
        with path.open("rb") as stream:
            by_lines = validate_lines(iter_lines(stream), str(path), keep_going=keep_going)
        by_file = validate_file(path, keep_going=keep_going)
        assert _summary(by_file) == _summary(by_lines), path


def test_a_repeated_line_refused_keeps_its_text_and_number(tmp_path):
    pay = '{"player": "Bo", "action": "pay_workers"}'
    lines = ['{"format": "referee-replay", "version": 1, "game": "homesteaders", '
             '"players": ["Ann", "Bo"]}', '{"chance": "start_player", "player": "Ann"}',
             '{"phase": "setup", "round": 1}', '{"chance": "reveal", "auction": 2, "tile": 11}',
             '{"player": "Ann", "action": "allocate", "slots": ["homestead:1"]}',
             '{"player": "Bo", "action": "allocate", "slots": ["homestead:1"]}',
             '{"phase": "income"}', pay, pay]
    path = tmp_path / "twice.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for keep_going in (False, True):
        report = validate_file(path, keep_going=keep_going)
        assert [(e.line, e.kind, e.text) for e in report.errors] == [(9, "illegal", pay)]
        with path.open("rb") as stream:
            assert _summary(report) == _summary(
                validate_lines(iter_lines(stream), str(path), keep_going=keep_going))


def test_a_line_over_the_limit_is_refused_by_the_quick_path_too(tmp_path):
    path = tmp_path / "long.jsonl"
    head = ('{"format": "referee-replay", "version": 1, "game": "homesteaders", '
            '"players": ["Ann", "Bo"]}')
    setup = '{"phase": "setup", "round": 1}'
    path.write_text("\n".join([head, '{"chance": "start_player", "player": "Ann"}', setup,
                               setup[:-1] + " " * 200 + "}"]) + "\n", encoding="utf-8")
    report = validate_file(path, max_line_bytes=150)
    assert [(e.line, e.rule) for e in report.errors] == [(4, "LOG-READ")]
    with path.open("rb") as stream:
        assert _summary(report) == _summary(validate_lines(iter_lines(stream, 150), str(path)))


def _event_lines():
    for path in LOGS:
        with path.open("rb") as stream:
            lines = list(iter_lines(stream))
        if not lines or lines[0].obj is None:
            continue
        header = parse_header(lines[0].obj)
        if isinstance(header, Violation):
            continue
        for line in lines[1:]:
            if line.obj is not None:
                yield line.obj, header.players, line.plain_numbers


HOSTILE = [
    {"player": "Cy", "action": "pass"},
    {"player": 1, "action": "pass"},
    {"player": "Ann", "action": 3},
    {"player": "Ann", "action": "bid", "amount": 10**12},
    {"player": "Ann", "action": "bid", "amount": 1.5},
    {"player": "Ann", "action": "pick", "cards": [1, 10**12]},
    {"player": "Ann", "action": "pick", "what": {"a": 2.5}},
    {"player": "Ann", "action": "pass", "seq": 3},
    {"player": "Ann", "action": "pass", "note": "n"},
    {"player": "Ann", "action": "pass", "phase": "x"},
    {"action": "pass"},
    {"chance": "die", "player": "Cy", "value": 3},
    {"chance": "die", "player": None, "value": 3},
    {"chance": 4},
    {"phase": "income", "player": "Cy"},
    {"phase": "income", "round": -10**10},
    {"phase": "income", "check": {}},
    {"check": {"Ann": {"silver": 10**10}}},
    {"check": {"Ann": {"silver": 1.0}}},
    {"check": []},
    {"check": {}, "seq": 2},
    {"undo": 1},
    {"final": {}},
]


def test_plain_event_reads_as_parse_event():
    """Where the quick readers give an event, it is the general one (and no seq); hostile lines
    they leave to the general path."""
    seen = 0
    for obj, players, plain_numbers in _event_lines():
        general = parse_event(obj, players, plain_numbers)
        quick = plain_event(obj, players, plain_numbers)
        check = plain_check(obj, plain_numbers)
        if quick is not None:
            seen += 1
            assert isinstance(general, Envelope) and general.seq is None, obj
            assert type(general.event) is type(quick) and general.event == quick, obj
        if check is not None:
            assert isinstance(general, Envelope) and general.seq is None, obj
            assert isinstance(general.event, Check) and general.event.body() == check.body()
    assert seen > 1000
    for obj in HOSTILE:
        assert plain_event(obj, PLAYERS) is None, obj
        assert plain_check(obj) is None, obj


@pytest.mark.parametrize("name", ["homesteaders", "pionjar", "colonists"])
def test_play_is_check_then_apply(name):
    """On every event of the game's example and golden logs, refused or not, from the state the
    log reached: the same refusal, and the same state after; ``play_again`` too, for an event
    the log has played before."""
    game = registration(name).game()
    compared = replayed = 0
    for path in LOGS:
        with path.open("rb") as stream:
            lines = list(iter_lines(stream))
        if not lines or lines[0].obj is None or lines[0].obj.get("game") != name:
            continue
        header = parse_header(lines[0].obj)
        if isinstance(header, Violation):
            continue
        try:
            state = game.new_state(header.players, header.options, header.position)
        except RuleViolation:  # a refused setup: no events to compare
            continue
        accepted: set[Action | Chance | Phase] = set()  # play_again: played before in this log
        for line in lines[1:]:
            if line.obj is None:
                break
            parsed = parse_event(line.obj, header.players, line.plain_numbers)
            if not isinstance(parsed, Envelope):
                break
            event = parsed.event
            if not isinstance(event, Action | Chance | Phase):
                continue
            played, checked = state.copy(), state.copy()
            refusal = game.play(played, event)
            expected = game.check(checked, event)
            assert refusal == expected, (path, line.number)
            if event in accepted:
                again = state.copy()
                assert game.play_again(again, event) == expected, (path, line.number)
                if expected is None:
                    assert again.fingerprint() == played.fingerprint(), (path, line.number)
                replayed += 1
            if expected is None:
                game.apply(checked, event)
                assert played.fingerprint() == checked.fingerprint(), (path, line.number)
                state = played
                accepted.add(event)
                compared += 1
    assert compared > 50 and replayed > 20


def test_builders_make_the_constructors_events():
    params = (("auction", 2), ("slots", ("a", "b")))
    built = [new_action("Ann", "bid", params), new_chance("die", params), new_phase("income", ())]
    made = [Action("Ann", "bid", params), Chance("die", params), Phase("income", ())]
    for one, other in zip(built, made, strict=True):
        assert one == other and hash(one) == hash(other) and repr(one) == repr(other)
        assert type(one) is type(other) and str(one) == str(other)
        assert json.dumps(one.to_json()) == json.dumps(other.to_json())
        with pytest.raises(dataclasses.FrozenInstanceError):
            one.name = "other"  # type: ignore[misc]
