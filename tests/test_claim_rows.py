"""A player's claims read off the game's row of counts give exactly what claim-by-claim
comparison gives: the same errors in the same order, for claims as written and for claims
made wrong (another count, a boolean or a float for a count, a count left out, an unknown
name), on every check line of the example logs of the games that have a row."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from referee.replays.claims import compare_claims
from referee.replays.validator import replay_to

EXAMPLES = Path(__file__).resolve().parents[1] / "replays" / "examples"
LOGS = ["homesteaders-2p.jsonl", "homesteaders-4p.jsonl", "pionjar-4p.jsonl",
        "pionjar-6p.jsonl"]


def _variants(claims: dict[str, Any], players: tuple[str, ...]) -> list[dict[str, Any]]:
    """The claims as written, and each player's claims changed in one way at a time."""
    out = [claims]
    for player in players:
        own = claims.get(player)
        if not isinstance(own, dict):
            continue
        counts = [n for n, v in own.items() if type(v) is int]
        for name in counts[:3] + counts[-1:]:
            value = own[name]
            for changed in (value + 1, value == 1, bool(value), float(value)):
                out.append({**claims, player: {**own, name: changed}})
            out.append({**claims, player: {n: v for n, v in own.items() if n != name}})
        out.append({**claims, player: {**own, "nonsense": 1}})
        out.append({**claims, player: {"nonsense": 1, **own}})
    return out


def _without_row(game: Any) -> Any:
    table = copy.copy(game.observables)
    table.player_row = None
    return SimpleNamespace(observables=table)


@pytest.mark.parametrize("log", LOGS)
def test_claims_read_off_the_row_agree_with_claim_by_claim(log):
    path = EXAMPLES / log
    lines = path.read_text(encoding="utf-8").splitlines()
    checked = 0
    for number, text in enumerate(lines, start=1):
        obj = json.loads(text)
        if "check" not in obj:
            continue
        position = replay_to(path, number - 1)
        game, state = position.game, position.state
        assert game.observables.player_row is not None
        plain = _without_row(game)
        for claims in _variants(obj["check"], state.players):
            assert compare_claims(game, state, claims) == compare_claims(plain, state, claims)
            checked += 1
    assert checked > 20
