"""``legal_actions`` of The Colonists on simulated games: every listed decision passes ``check``,
and the decisions the simulated logs take with the moves listed in a reduced form (a card's use,
the Storekeeper's replacements, the Market card's actions, conversions, discards) are listed, or
reached by listed ones of the same move in a row (a discard of two goods as two of one)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from referee.games import registration
from referee.model.colonists import GAME
from referee.model.core import Action, seat_names
from referee.replays.records import Check, Final
from referee.replays.simulate import simulate_game

RECORD = registration("colonists")
GAMES = [(players, seed, last) for players in (2, 3, 4) for seed in (1, 2, 3) for last in (1, 4)]
KINDS = ("use_card", "replace", "market_action", "convert", "discard")
STEPS = 6  # listed events of the same move in a row that may reach a logged one
SAMPLE = 6  # other listed events checked at each state


def _listed(s: Any, event: Action) -> list[Action]:
    """The listed events of ``event``'s move and player: the table's list where a player
    decides; at a chance stage (conversions before the next Market card) the move's own."""
    legal = GAME.legal_actions(s)
    if not legal and GAME.chance_outcomes(s):
        legal = list(GAME.moves.find(event).legal(s, event.player))
    return [e for e in legal if isinstance(e, Action) and e.name == event.name
            and e.player == event.player]


def _reached(s: Any, event: Action) -> bool:
    """``event`` is listed, or listed events of its move in a row reach its state."""
    target = s.copy()
    GAME.apply(target, event)
    goal = target.fingerprint()
    frontier, seen = [s], {s.fingerprint()}
    for _ in range(STEPS):
        nxt = []
        for state in frontier:
            for listed in _listed(state, event):
                after = state.copy()
                GAME.apply(after, listed)
                found = after.fingerprint()
                if found == goal:
                    return True
                if found not in seen:
                    seen.add(found)
                    nxt.append(after)
        frontier = nxt
    return False


@pytest.mark.parametrize(("players", "seed", "last"), GAMES)
def test_listed_decisions_pass_check_and_cover_the_logs(players: int, seed: int, last: int,
                                                        ) -> None:
    options = {"last_era": last}
    events = simulate_game(RECORD, seat_names(players), random.Random(seed), options)
    s = GAME.new_state(seat_names(players), options)
    rng = random.Random(seed)
    for event in events:
        if isinstance(event, Check | Final):
            continue
        legal = GAME.legal_actions(s)
        new = [e for e in legal if e.name in KINDS]
        rest = [e for e in legal if e.name not in KINDS]
        for listed in new + rng.sample(rest, min(SAMPLE, len(rest))):
            assert GAME.check(s, listed) is None, f"listed {listed} is refused"
        if isinstance(event, Action) and event.name in KINDS:
            assert _reached(s, event), f"{event} is neither listed nor reached by listed ones"
        GAME.apply(s, event)


def test_the_simulated_corpus_takes_every_kind() -> None:
    """The games above take each move listed in a reduced form (so the test above sees it)."""
    seen: Counter[str] = Counter()
    for players, seed, last in GAMES:
        for event in simulate_game(RECORD, seat_names(players), random.Random(seed),
                                   {"last_era": last}):
            if isinstance(event, Action) and event.name in KINDS:
                seen[event.name] += 1
    assert set(seen) == set(KINDS), seen


@pytest.mark.parametrize(("seed", "last"), [(1, 1), (2, 1), (3, 4), (4, 4)])
def test_random_walks_over_every_listed_decision(seed: int, last: int) -> None:
    """Games of random listed decisions (the new moves among them): each listed decision passes
    ``check`` and ``apply`` takes it."""
    rng = random.Random(seed)
    s = GAME.new_state(seat_names(2), {"last_era": last})
    taken: Counter[str] = Counter()
    for _ in range(5000):
        if GAME.is_over(s):
            break
        outcomes = GAME.chance_outcomes(s)
        if outcomes:
            GAME.apply(s, rng.choice([e for e, _ in outcomes]))
            continue
        legal = GAME.legal_actions(s)
        assert legal, f"nothing is listed at stage {s.stage}"
        for listed in legal:
            assert GAME.check(s, listed) is None, f"listed {listed} is refused"
        event = rng.choice(legal)
        taken[event.name] += 1
        GAME.apply(s, event)
    assert taken["discard"], taken
