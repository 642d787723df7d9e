"""Simulated games: a game's policy plays every decision, chance events are drawn by their
probabilities, and the result is a log that ``referee validate`` accepts.

Every event the policy proposes is checked before it is applied, so a faulty policy is a
clear error naming the event and the rule, never an invalid log written silently.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from referee.errors import RefereeError
from referee.games import Registration
from referee.model.core import GameEvent
from referee.replays.records import Check, Event, Final

MAX_EVENTS = 500_000  # a guard against a policy that never finishes a game


def simulate_game(record: Registration, players: list[str], rng: random.Random,
                  options: Mapping[str, Any] | None = None,
                  max_events: int = MAX_EVENTS) -> list[Event]:
    """One full game as log events: decisions, chance outcomes, check lines, the final line."""
    game = record.game()
    make_player = record.player()
    if make_player is None:
        raise RefereeError(f"{game.title} has no simulator policy")
    player = make_player(game, rng)
    state = game.new_state(players, dict(options) if options else None)
    events: list[Event] = []
    played = 0
    while not game.is_over(state):
        if played >= max_events:
            raise RefereeError(f"a simulated {game.title} game did not end within "
                               f"{max_events:,} events")
        event: GameEvent | None = player.choose(state)
        if event is None:
            outcomes = game.chance_outcomes(state)
            if not outcomes:
                raise RefereeError(f"the policy of {game.title} chose nothing and no chance "
                                   "event is due")
            event = rng.choices([c for c, _ in outcomes], [float(p) for _, p in outcomes])[0]
        refusal = game.check(state, event)
        if refusal is not None:
            raise RefereeError(f"the policy of {game.title} proposed {event}, which is refused: "
                               f"[{refusal.kind} {refusal.rule}] {refusal.message}")
        game.apply(state, event)
        events.append(event)
        played += 1
        claims = player.claims(state, event)
        if claims:
            events.append(Check.make(claims))
    final_claims = player.claims(state, None)
    if final_claims:
        events.append(Check.make(final_claims))
    scores = game.score(state)
    events.append(Final.make({p: s.total for p, s in scores.items()}, game.winners(state)))
    return events
