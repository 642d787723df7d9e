"""Claims of names and of text (``buildings``, ``phase``, ``start_player``): a claim equal to the
computed value holds at once; any other is read in full, so a name outside the quantity's
domain is still a schema error (HS-CHECK) and a wrong one a checkpoint error under its rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.replays.claims import compare_claims
from referee.replays.validator import replay_to

LOG = Path(__file__).resolve().parents[1] / "replays" / "examples" / "homesteaders-4p.jsonl"


@pytest.fixture(scope="module")
def position() -> Any:
    return replay_to(LOG)


def _owner(position: Any) -> tuple[str, list[str]]:
    game, state = position.game, position.state
    owned = game.observables.player["buildings"].get
    return max(((p, owned(state, p)) for p in state.players), key=lambda pair: len(pair[1]))


def test_claims_equal_to_the_state_hold(position: Any) -> None:
    game, state = position.game, position.state
    player, owned = _owner(position)
    assert len(owned) >= 2
    marker = game.observables.globals["start_player"].get(state, None)
    claims = {player: {"buildings": list(owned)}, "phase": state.phase, "start_player": marker}
    assert compare_claims(game, state, claims) == []
    # a set: another order holds too
    assert compare_claims(game, state, {player: {"buildings": owned[::-1]}}) == []


def test_a_name_outside_the_domain_is_a_schema_error(position: Any) -> None:
    game, state = position.game, position.state
    player, owned = _owner(position)
    [bad] = compare_claims(game, state, {player: {"buildings": [*owned, "castle"]}})
    assert (bad.kind, bad.rule) == ("schema", "HS-CHECK")
    assert "castle" in bad.message


def test_a_wrong_text_claim_is_a_checkpoint_error_under_its_rule(position: Any) -> None:
    game, state = position.game, position.state
    marker = game.observables.globals["start_player"].get(state, None)
    other = next(p for p in state.players if p != marker)
    [bad] = compare_claims(game, state, {"start_player": other})
    assert (bad.kind, bad.rule) == ("checkpoint", "HS-START-MARKER")
    [unknown] = compare_claims(game, state, {"start_player": "Zed"})
    assert (unknown.kind, unknown.rule) == ("schema", "HS-CHECK")


def test_a_text_claim_of_the_wrong_type_is_a_schema_error(position: Any) -> None:
    game, state = position.game, position.state
    [bad] = compare_claims(game, state, {"phase": ["income"]})
    assert (bad.kind, bad.rule) == ("schema", "HS-CHECK")
    player, owned = _owner(position)
    [names] = compare_claims(game, state, {player: {"buildings": owned[0]}})
    assert (names.kind, names.rule) == ("schema", "HS-CHECK")
