"""The library API: docs/api.md run as doctests, the lazy re-exports, the typed step errors."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

import referee
from referee.api import EventError, IllegalEventError, InvalidEventError, OutOfOrderError
from referee.errors import RefereeError
from tests.logs import NIM_HEADER, TAKE_ANN, TAKE_BO, nim_game, write

ROOT = Path(__file__).resolve().parent.parent


def test_docs_api_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 20 and result.failed == 0


def test_import_is_lazy():
    code = ("import sys, referee; heavy = [m for m in ('networkx', 'z3', 'rich', 'typer', "
            "'referee.api', 'referee.replays.validator') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.strip() == "[]"


def test_every_public_name_resolves():
    for name in referee.__all__:
        assert getattr(referee, name) is not None
    assert set(referee.__all__) - {"__version__"} == set(referee._EXPORTS)
    assert referee.FileReport is referee.replays.validator.FileReport
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = referee.nothing  # type: ignore[attr-defined]


def test_step_errors_carry_the_violation(tmp_path):
    match = referee.replay(write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN)))
    with pytest.raises(OutOfOrderError) as err:
        match.step(TAKE_ANN)
    assert err.value.rule == "NIM-TURN" and err.value.violation.player == "Ann"
    assert isinstance(err.value, EventError) and len(match.events) == 3
    with pytest.raises(InvalidEventError, match="LOG-PLAYERS"):
        match.step({"player": "Zed", "action": "take", "pile": 1, "count": 1})
    with pytest.raises(InvalidEventError, match="LOG-JSON"):
        match.step("{not json")
    with pytest.raises(InvalidEventError, match="check, undo and final"):
        match.step({"check": {"piles": [1, 1]}})
    with pytest.raises(InvalidEventError, match="not a JSON object"):
        match.step({"player": "Bo", "action": "take", "pile": object()})
    assert match.step(json.dumps(TAKE_BO)).player == "Bo"
    with pytest.raises(IllegalEventError):
        match.step({"player": "Ann", "action": "take", "pile": 1, "count": 5})


def test_check_leaves_the_state_alone(tmp_path):
    match = referee.replay(write(tmp_path / "g.jsonl", *nim_game()))
    before = match.state.fingerprint()
    assert match.check(TAKE_ANN) is None and match.check(TAKE_BO).rule == "NIM-TURN"
    assert match.state.fingerprint() == before
    copy = match.copy()
    copy.step(TAKE_ANN)
    assert match.state.fingerprint() == before and len(copy.events) == len(match.events) + 1


def test_new_match_refusals():
    with pytest.raises(InvalidEventError, match="HS-SETUP-PLAYERS"):
        referee.new_match("homesteaders", ["Ann"])
    with pytest.raises(RefereeError, match="did you mean 'pionjar'"):
        referee.new_match("pionjr", ["Ann", "Bo"])


def test_replay_past_the_end_or_through_an_error(tmp_path):
    path = write(tmp_path / "g.jsonl", *nim_game(TAKE_ANN, TAKE_ANN))
    with pytest.raises(RefereeError, match=r"g.jsonl:5: order error"):
        referee.replay(path)
    assert len(referee.replay(path, 4).events) == 3
    with pytest.raises(RefereeError, match="past the end"):
        referee.replay(write(tmp_path / "h.jsonl", *nim_game(TAKE_ANN)), 99)


def test_validate_text_forms_agree(tmp_path):
    lines = [json.dumps(x) for x in nim_game(TAKE_ANN, TAKE_ANN)]
    path = write(tmp_path / "g.jsonl", *lines)
    from_file = referee.validate(path).to_json()
    for form in ("\n".join(lines), "\n".join(lines).encode(), lines, iter(lines),
                 [line + "\n" for line in lines]):
        got = referee.validate_text(form, name=str(path)).to_json()
        assert got == from_file
    assert referee.validate_text("").errors[0].rule == "LOG-HEADER"
    header_only = referee.validate_text([json.dumps(NIM_HEADER)])
    assert header_only.valid and not header_only.complete
