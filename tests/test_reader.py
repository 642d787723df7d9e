"""Bad input: every problem a located error of the right kind, never a traceback."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.model.core import ERROR_KINDS
from referee.replays.envelope import _numbers_ok
from referee.replays.reader import careful_line, decode_line, plain_object
from referee.replays.validator import validate_file, validate_lines
from tests.logs import NIM_HEADER, nim_game, write


def first(report):
    e = report.errors[0]
    return e.line, e.kind, e.rule


def header(**changes):
    head = dict(NIM_HEADER)
    head.update(changes)
    return {k: v for k, v in head.items() if v is not None}


@pytest.mark.parametrize("content, expected", [
    (b"", (1, "syntax", "LOG-HEADER")),
    (b"\n\n", (1, "syntax", "LOG-HEADER")),
    (b"\x00\x01\x02\xff\xfe binary", (1, "syntax", "LOG-READ")),
    (b'{"format": "referee-replay", "version": 1, "game": "nim\xc3\x28"}', (1, "syntax",
                                                                            "LOG-READ")),
    (b"[" * 10000 + b"]" * 10000, (1, "syntax", "LOG-JSON")),
    (b'{"a": NaN}', (1, "syntax", "LOG-JSON")),
    (b'{"a": Infinity}', (1, "syntax", "LOG-JSON")),
    (b'{"a": ' + b"9" * 5000 + b"}", (1, "syntax", "LOG-JSON")),
    (b'{"a": 1, "a": 2}', (1, "syntax", "LOG-JSON")),
    (b'"just a string"', (1, "syntax", "LOG-JSON")),
    (b'{"truncated": ', (1, "syntax", "LOG-JSON")),
])
def test_unreadable_content(tmp_path, nim, content, expected):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    report = validate_file(path)
    assert not report.valid
    assert first(report) == expected


def test_line_length_limit(tmp_path, nim):
    path = tmp_path / "long.jsonl"
    with path.open("wb") as out:
        out.write(json.dumps(NIM_HEADER).encode() + b"\n")
        out.write(b'{"note": "' + b"x" * (10 * 1024 * 1024) + b'", "phase": "play"}\n')
    report = validate_file(path)
    assert first(report) == (2, "syntax", "LOG-READ")
    assert "--max-line-bytes" in report.errors[0].message
    raised = validate_file(path, max_line_bytes=11 * 1024 * 1024)
    assert first(raised) == (2, "order", "NIM-START")


@pytest.mark.parametrize("head, expected", [
    (header(format=None), (1, "syntax", "LOG-HEADER")),
    (header(version=2), (1, "syntax", "LOG-HEADER")),
    (header(version=True), (1, "syntax", "LOG-HEADER")),
    (header(game="chess"), (1, "schema", "LOG-HEADER")),
    (header(game="colonists"), (1, "schema", "CO-OPTIONS")),  # the Nim header's options
    (header(players=["Ann"]), (1, "schema", "LOG-PLAYERS")),
    (header(players=["Ann", "Ann"]), (1, "schema", "LOG-PLAYERS")),
    (header(players=["Ann", ""]), (1, "schema", "LOG-PLAYERS")),
    (header(players="Ann,Bo"), (1, "schema", "LOG-PLAYERS")),
    (header(extra=1), (1, "schema", "LOG-HEADER")),
    (header(options={"piles": "x"}), (1, "schema", "LOG-HEADER")),
    (header(options={"colour": 1}), (1, "schema", "LOG-HEADER")),
    (header(meta=[]), (1, "schema", "LOG-HEADER")),
])
def test_bad_headers(tmp_path, nim, head, expected):
    report = validate_file(write(tmp_path / "h.jsonl", head))
    assert first(report) == expected


def test_missing_header_and_late_header(tmp_path, nim):
    report = validate_file(write(tmp_path / "a.jsonl", {"chance": "start_player",
                                                        "player": "Ann"}))
    assert first(report) == (1, "syntax", "LOG-HEADER")
    report = validate_file(write(tmp_path / "b.jsonl", *nim_game(NIM_HEADER)))
    assert first(report) == (4, "schema", "LOG-HEADER")


@pytest.mark.parametrize("event, expected", [
    ({"player": "Ann", "action": "take", "pile": 1, "count": True}, (4, "schema", "NIM-TAKE")),
    ({"player": "Ann", "action": "take", "pile": 1, "count": 10**12}, (4, "schema",
                                                                        "LOG-NUMBER")),
    ({"player": "Ann", "action": "take", "pile": 1, "count": 1.5}, (4, "schema", "LOG-NUMBER")),
    ({"player": "Zed", "action": "take", "pile": 1, "count": 1}, (4, "schema", "LOG-PLAYERS")),
    ({"player": "Ann", "action": "take", "pile": 1}, (4, "schema", "NIM-TAKE")),
    ({"player": "Ann", "action": "take", "pile": 1, "count": 1, "x": 1}, (4, "schema",
                                                                           "NIM-TAKE")),
    ({"player": "Ann", "action": "dance"}, (4, "schema", "NIM-TAKE")),
    ({"action": "take"}, (4, "schema", "LOG-EVENT")),
    ({"phase": "play", "chance": "x"}, (4, "schema", "LOG-EVENT")),
    ({"hello": 1}, (4, "schema", "LOG-EVENT")),
    ({"undo": 0}, (4, "schema", "LOG-UNDO")),
    ({"undo": True}, (4, "schema", "LOG-UNDO")),
    ({"check": [1]}, (4, "schema", "LOG-CHECK")),
    ({"check": {}, "extra": 1}, (4, "schema", "LOG-EVENT")),
    ({"final": {"score": {}}}, (4, "schema", "LOG-FINAL")),
    ({"final": {"scores": {"Zed": 1}}}, (4, "schema", "LOG-PLAYERS")),
    ({"final": {"winners": "Ann"}}, (4, "schema", "LOG-FINAL")),
    ({"phase": "play", "seq": 0}, (4, "schema", "LOG-SEQ")),
    ({"phase": "play", "note": 3}, (4, "schema", "LOG-EVENT")),
])
def test_bad_events(tmp_path, nim, event, expected):
    report = validate_file(write(tmp_path / "e.jsonl", *nim_game(event)))
    assert first(report) == expected


def test_unreadable_path_is_reported(tmp_path, nim):
    report = validate_file(tmp_path)  # a folder, not a file
    assert first(report) == (1, "syntax", "LOG-READ")


def test_decode_line_never_raises_on_deep_objects():
    raw = decode_line(1, b'{"a": ' + b'{"a": ' * 5000 + b"1" + b"}" * 5001)
    assert raw.error is not None and raw.error.kind == "syntax"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.binary(max_size=200), max_size=6))
def test_arbitrary_bytes_always_give_a_report(nim, lines):
    raws = [decode_line(i + 1, b) for i, b in enumerate(lines) if b.strip()]
    report = validate_lines(raws, "fuzz")
    assert report.valid == (not report.errors)
    assert all(e.kind in ERROR_KINDS and e.rule for e in report.errors)
    if not raws or raws[0].obj is None:
        assert not report.valid


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(["player", "action", "pile", "count", "chance", "phase",
                                       "check", "undo", "final", "seq", "note", "scores",
                                       "winners", "x"]), children, max_size=4),
    max_leaves=10)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.dictionaries(st.sampled_from(["player", "action", "pile", "count", "chance",
                                                 "phase", "check", "undo", "final", "seq",
                                                 "note"]), json_values, max_size=5),
                max_size=8))
def test_arbitrary_json_events_always_give_a_report(nim, events):
    lines = [json.dumps(NIM_HEADER).encode()] + [json.dumps(e).encode() for e in events]
    raws = [decode_line(i + 1, b) for i, b in enumerate(lines)]
    report = validate_lines(raws, "fuzz")
    assert report.events <= len(events)
    assert report.valid == (not report.errors)
    for error in report.errors:
        assert 1 <= error.line <= len(lines)
        assert error.kind in ERROR_KINDS


_RISKY_LINES = [
    '{"a": 1, "a": 2}', '{"a" : 1, "a": 2}', '{"a" :1, "a" :"\\":"}', '{"a":":", "a":1}',
    '{"a": {"b": 1, "b": 2}}', '{"a": [{"b": 1}, {"b": 1, "b": 2}]}', '{"a":\t1, "a"\t:2}',
    '{"x": 1e400}', '{"x": 1.5, "y": [2.5]}', '{"x": [' + "9" * 101 + "]}",
    '{"x": ' + "9" * 100 + ', "pad": "' + "p" * 50 + '"}', '{"x": -' + "9" * 101 + "}",
    '{"x": NaN}', '{"x": [-Infinity]}', '{"name": "NaN"}', '{"n": "a\\u00e9"}', '{"s": " :"}',
    '{"check": {"Ann": {"cash": 1000000001}}}', '{"undo": 1000000000}', '[{"a": 1}]', '{}',
    '{"a": 1} x', '{"a": 1,}', '{"a": {"b": ' * 40 + "1" + "}" * 80,
]


def _agrees_with_plain_object(text, careful):
    """What the validator reads off a line after the first without building its RawLine."""
    for ending in ("\n", "\r\n", ""):
        plain = plain_object((text + ending).encode())
        if plain is not None:
            assert careful.error is None and plain[:2] == (careful.text, careful.obj)
            if plain[2]:
                assert _numbers_ok(plain[1]) is None


@pytest.mark.parametrize("text", _RISKY_LINES)
def test_fast_decoding_agrees_with_the_careful_decoder(text):
    fast = decode_line(3, text.encode())
    careful = careful_line(3, text)
    assert (fast.obj, fast.error) == (careful.obj, careful.error)
    if fast.plain_numbers:
        assert _numbers_ok(fast.obj) is None
    _agrees_with_plain_object(text, careful)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4)
                    | st.floats(allow_nan=False),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(["a", "b", ":", "a "]), inner, max_size=3),
                    max_leaves=12),
       st.sampled_from([", ", ",", " , "]), st.sampled_from([": ", ":", " : "]),
       st.booleans())
def test_fast_decoding_agrees_on_any_line(value, comma, colon, duplicate):
    text = json.dumps({"v": value}, separators=(comma, colon))
    if duplicate:
        text = text[:-1] + comma + text[1:]
    fast = decode_line(2, text.encode())
    careful = careful_line(2, text)
    assert (fast.obj, fast.error) == (careful.obj, careful.error)
    if fast.plain_numbers:
        assert _numbers_ok(fast.obj) is None
    _agrees_with_plain_object(text, careful)


# Lines whose numbers the marks of their bytes judge (nested objects, or longer than an integer
# the careful decoder refuses), and lines whose objects the brace count does not all reach.
_MARKED_LINES = [
    '{"check": {"Ann": {"cash": 5, "axe": -3}, "round": 2}}',
    '{"check": {"Ann": {"cash": 5, "cash": 6}}}', '{"check": {"Ann": {"x": 1}, "Ann": {}}}',
    '{"a": {"b": 1e5}}', '{"a": {"b": 1E-5}}', '{"a": {"b": 2.50}}', '{"a": {"b": -0.0}}',
    '{"a": {"b": 1000000000}}', '{"a": {"b": -1000000001}}', '{"a": {"b": 999999999}}',
    '{"a": {"b": "v1.2", "c": 7}}', '{"a": {"b": "1234567890"}}',
    '{"a": {"b": "{", "c": 1}}', '{"a": {"b": "{"}, "a": 1}', '{"a": {"b": "}{", "b": 1}}',
    '{"a": {"b": {"c": {"d": 1, "d": 2}}}}', '{"a": {"b": {"c": {"d": 1, "e": 2}}}}',
    '{"a": {"b": [{"c": 1, "c": 2}]}}', '{"a": {"b": [{"c": 1.5}]}}',
    '{"a": {"b": [' + ", ".join(["7"] * 40) + "]}}",
    '{"pad": "' + "x" * 120 + '", "n": 12}', '{"pad": "' + "x" * 120 + '", "n": 12.5}',
    '{"pad": "' + "x" * 120 + '", "n": 12, "n": 13}',
    '{"a": {"b": ' + "9" * 101 + "}}", '{"a": {"b": true, "c": null, "d": false}}',
]


@pytest.mark.parametrize("text", _MARKED_LINES)
def test_numbers_judged_by_their_marks_agree_with_the_careful_decoder(text):
    fast = decode_line(3, text.encode())
    careful = careful_line(3, text)
    assert (fast.obj, fast.error) == (careful.obj, careful.error)
    if fast.plain_numbers:
        assert _numbers_ok(fast.obj) is None
    _agrees_with_plain_object(text, careful)


def test_a_nested_line_of_plain_integers_is_plain_without_a_walk():
    plain = plain_object(b'{"check": {"Ann": {"cash": 5, "axe": -3}, "round": 2}}\n')
    assert plain is not None and plain[2] is True
    assert plain_object(b'{"check": {"Ann": {"cash": 5, "cash": 6}}}\n') is None
    floated = plain_object(b'{"check": {"Ann": {"cash": 5.5}}}\n')
    assert floated is not None and floated[2] is False
