"""A community's derived values (``Community.cache``) kept across changes are those worked out
afresh: after every event of simulated games and of the golden logs, each value a community
holds equals the value computed on a copy with no derived values (copies and trials start
from the derived values of the community they copy: nothing they keep may be stale)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from referee.games import registration
from referee.model.colonists import GAME
from referee.model.colonists import community as co
from referee.model.colonists.colonies import exchange_pairs
from referee.model.colonists.state import ColonistsState
from referee.model.core import Action, Chance, Phase, seat_names
from referee.replays.envelope import parse_event, parse_header
from referee.replays.reader import iter_lines
from referee.replays.simulate import simulate_game

GOLDEN = Path(__file__).parent / "golden" / "colonists"


def _values(s: ColonistsState, i: int) -> dict[str, Any]:
    """Every derived value the moves read, as plain data."""
    return {
        "effects": co.effects(s, i),
        "room": co.room(s, i),
        "colonists": co.colonists(s, i),
        "employed": co.employed(s.p[i]),
        "at_home": co.at_home(s, i),
        "buffers": dict(co.buffer_room(s, i)),
        "yields": co.building_yields(s, i, ("production", "sustenance", "money")),
        "range": co.steward_range(s, i),
        "stewards": co.stewards_allowed(s, i),
        "exchange": exchange_pairs(s, i),
    }


def _fresh(s: ColonistsState, i: int) -> dict[str, Any]:
    view = s.view()
    view.p = list(s.p)
    c = view.p[i] = s.p[i].view()
    c.cache = {}
    return _values(view, i)


def _cached(s: ColonistsState, i: int) -> dict[str, Any]:
    """The values as the community holds them: those it keeps, then the rest worked out."""
    kept = dict(s.p[i].cache)
    out = _values(s, i)
    s.p[i].cache.clear()
    s.p[i].cache.update(kept)  # as it was: the test reads without filling
    return out


def _compare(s: ColonistsState, where: str) -> int:
    for i in range(len(s.players)):
        assert _cached(s, i) == _fresh(s, i), (where, s.players[i])
    return len(s.players)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_values_are_fresh_in_simulated_games(seed: int) -> None:
    rng = random.Random(seed)
    players = seat_names(2 + seed % 3)
    log = simulate_game(registration("colonists"), players, rng, {})
    state = GAME.new_state(players)
    compared = 0
    for n, event in enumerate(log):
        if not isinstance(event, Action | Chance | Phase):
            continue
        assert GAME.play(state, event) is None, (n, event)
        compared += _compare(state, f"event {n}: {event}")
    assert compared > 500


def test_kept_values_are_fresh_in_golden_logs() -> None:
    compared = 0
    for path in sorted(GOLDEN.glob("*.jsonl")):
        with path.open("rb") as stream:
            lines = list(iter_lines(stream, 1 << 20))
        header = parse_header(lines[0].obj)
        if not hasattr(header, "players"):
            continue
        try:
            state = GAME.new_state(header.players, header.options, header.position)
        except Exception:  # a log whose header is refused has no state
            continue
        for raw in lines[1:]:
            parsed = parse_event(raw.obj, header.players, raw.plain_numbers) \
                if raw.obj is not None else None
            if parsed is None or not hasattr(parsed, "event"):
                break
            event = parsed.event
            if not isinstance(event, Action | Chance | Phase):
                continue
            try:
                if GAME.play(state, event) is not None:
                    break
            except Exception:  # an application that refuses ends the log
                break
            compared += _compare(state, f"{path.name} line {raw.number}")
    assert compared > 1000
